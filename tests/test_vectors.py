"""The meaning stage in the ask path: fresh indexes only, named when stale, and what it finds."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from roadlaw.answering.extractive import ANSWER_BARS, ExtractiveAsker
from roadlaw.corpus import Law
from roadlaw.pipeline import Pipeline
from roadlaw.retrieval.embedders import FakeEmbedder, USEEmbedder
from roadlaw.retrieval.index import MeaningStage, index_state
from roadlaw.store import Store

pytestmark = pytest.mark.shared


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


def test_a_fireplug_finds_the_hydrant_law(pipeline: Pipeline) -> None:
    found = pipeline.retrieve("MD", "can I leave my car right by a fireplug")
    assert "MD-S01" in [law.id for law in found.laws]
    assert "MD-S01" in dict(found.near)


def test_a_spanish_question_finds_and_answers_from_the_english_law(pipeline: Pipeline) -> None:
    shown = pipeline.ask("MD", "¿Qué tan cerca de un hidrante puedo estacionar?")
    assert shown.language == "spanish"
    assert "15 feet" in shown.answer and "inglés" in shown.answer
    assert shown.sources and "hydrant" in shown.sources[0].text


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


def test_off_topic_is_still_nothing_with_meaning(pipeline: Pipeline) -> None:
    assert isinstance(pipeline.answerer, ExtractiveAsker) and pipeline.answerer.bars == ANSWER_BARS["usem3"]
    for question in (
        "What is the capital of France?",
        "How do I bake sourdough bread?",
        "¿Cuál es la capital de Francia?",
    ):
        assert pipeline.ask("MD", question).answer == "", question


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


def test_an_index_by_another_embedder_is_named_never_mixed(indexed: Path) -> None:
    other = MeaningStage(indexed, FakeEmbedder())
    laws = Store(indexed).laws_of("MD")
    found, note = other.near("MD", laws, "hydrant")
    assert found is None and "usem3" in note and "fake" in note and "roadlaw index --state MD" in note


def test_the_note_reaches_the_log(indexed: Path) -> None:
    pipeline = Pipeline(indexed, meaning=MeaningStage(indexed, FakeEmbedder()))
    shown = pipeline.ask("MD", "how far from a fire hydrant can I park")
    assert "15 feet" in shown.answer
    [turn] = pipeline.store.turns(limit=1)
    assert any("words alone" in note for note in turn["notes"])  # type: ignore[union-attr]


def test_a_state_without_an_index_goes_by_words_alone(pipeline: Pipeline) -> None:
    found = pipeline.retrieve("TX", "how far from a fire hydrant can I park")
    assert found.laws and any("roadlaw index --state TX" in note for note in found.notes)


def test_a_failing_embedding_server_leaves_the_question_to_words_and_is_logged(indexed: Path, tmp_path: Path) -> None:
    import hashlib
    import json as jsonlib

    import httpx

    from roadlaw.retrieval.embedders import OpenAIEmbedder

    failing = {"now": False}

    def serve(request: httpx.Request) -> httpx.Response:
        if failing["now"]:
            return httpx.Response(500, json={"error": "down"})
        texts = jsonlib.loads(request.content)["input"]
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


def test_a_language_neither_stemmer_knows_goes_by_meaning_and_unstemmed_words(pipeline: Pipeline) -> None:
    found = pipeline.retrieve("MD", "Как близко к пожарному гидранту можно парковаться?")
    assert found.language == "none" and found.meant
    assert "MD-S01" in [law.id for law in found.laws]


def test_indexing_in_two_processes_writes_what_one_process_writes(indexed: Path, tmp_path: Path) -> None:
    from roadlaw.retrieval.embedders import load_index
    from roadlaw.retrieval.index import index_prefix, index_states

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


def test_jobs_for_spreads_only_a_local_model_over_enough_laws() -> None:
    from roadlaw.retrieval.embedders import WorkersAIEmbedder
    from roadlaw.retrieval.index import PARALLEL_FROM, jobs_for

    assert jobs_for(USEEmbedder(), 10) == 1
    assert jobs_for(USEEmbedder(), PARALLEL_FROM) >= 1
    assert jobs_for(USEEmbedder(), 10, asked=1) == 1
    assert jobs_for(USEEmbedder(), 10, asked=1000) == (os.cpu_count() or 1)
    assert jobs_for(WorkersAIEmbedder("account", "token"), 100_000, asked=4) == 1


def test_a_spanish_question_is_also_searched_in_the_manuals_english(pipeline: Pipeline) -> None:
    found = pipeline.retrieve("MD", "¿Puedo dejar mi carro junto a un hidrante?")
    [english] = found.searches
    assert "fire hydrant" in english and "car" in english
    assert "MD-S01" in [law.id for law in found.laws][:3]
    # The glossary reading found it too: the answer may lean on that agreement.
    assert "MD-S01" in found.agreed
    assert pipeline.retrieve("MD", "can I leave my car by a hydrant").agreed == set()
    # Words alone and meaning alone stay what they are: no glossary search.
    assert pipeline.retrieve("MD", "¿Puedo dejar mi carro junto a un hidrante?", mode="words").searches == []
    assert pipeline.retrieve("MD", "can I leave my car by a hydrant", mode="fused").searches == []


def test_a_learners_word_is_also_searched_in_the_manuals_words(pipeline: Pipeline) -> None:
    found = pipeline.retrieve("MD", "can I leave my car right by a fireplug")
    assert found.searches == ["can i leave my car right by a fire hydrant"]
    assert "MD-S01" in [law.id for law in found.laws][:3]
    shown = pipeline.ask("MD", "can I leave my car right by a fireplug")
    assert "15 feet" in shown.answer and [law.id for law in shown.sources] == ["MD-S01"]


def test_a_reindex_while_running_is_read_without_a_restart(indexed: Path, tmp_path: Path) -> None:
    from roadlaw.retrieval.embedders import load_index, save_index
    from roadlaw.retrieval.index import index_prefix

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
