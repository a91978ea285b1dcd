"""The remote embedders, each driven through httpx.MockTransport: no test leaves the process."""

from __future__ import annotations

import json
from collections.abc import Callable

import httpx
import numpy as np
import pytest

from roadlaw.errors import EmbeddingError
from roadlaw.retrieval.embedders import PER_REQUEST
from roadlaw.retrieval.remote_embedders import OpenAIEmbedder, WorkersAIEmbedder

Handler = Callable[[httpx.Request], httpx.Response]


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
