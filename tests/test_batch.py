"""Message Batches through the real SDK, against scripted HTTP: no network.

A batch is sent, followed and read, each result joined to its request by id;
then a whole eval file asked through batches (`shown_for_questions`) against
the fake provider on 127.0.0.1.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anthropic
import httpx2
import pytest

from roadlaw.answering.base import Failed, Reply
from roadlaw.answering.batch import batch_requests, shown_for_questions
from roadlaw.answering.calls import anthropic_client
from roadlaw.answering.request import DEFAULT_MODEL, learner_block, request_for, with_choices
from roadlaw.errors import BatchError
from roadlaw.pipeline import Pipeline
from roadlaw.retrieval.rewrite import AnthropicRewriter
from roadlaw.settings import Settings
from tests.fake_provider import FakeProvider
from tests.helpers import LAWS, message_json
from tests.scripted import GOOD, QUESTION, Clock, Script, anthropic_for, error

# -- the batch measurement ----------------------------------------------------------------

BATCH_ID = "msgbatch_01"


def batch_json(status: str) -> dict[str, Any]:
    ended = status == "ended"
    return {
        "id": BATCH_ID,
        "type": "message_batch",
        "processing_status": status,
        "created_at": "2026-01-01T00:00:00Z",
        "expires_at": "2026-01-02T00:00:00Z",
        "ended_at": "2026-01-01T00:10:00Z" if ended else None,
        "request_counts": {
            "processing": 0 if ended else 3,
            "succeeded": 1 if ended else 0,
            "errored": 1 if ended else 0,
            "expired": 1 if ended else 0,
            "canceled": 0,
        },
        "results_url": f"https://api.anthropic.com/v1/messages/batches/{BATCH_ID}/results" if ended else None,
    }


class BatchService:
    """The batch endpoints: in progress when made, ended at the first look; three kinds of result."""

    def __init__(self) -> None:
        self.looks = 0
        self.created: Any = None
        self.requests: list[httpx2.Request] = []

    def __call__(self, request: httpx2.Request) -> httpx2.Response:
        self.requests.append(request)
        path = request.url.path
        if request.method == "POST" and path == "/v1/messages/batches":
            self.created = json.loads(request.content)
            return httpx2.Response(200, json=batch_json("in_progress"))
        if path == f"/v1/messages/batches/{BATCH_ID}":
            self.looks += 1
            return httpx2.Response(200, json=batch_json("ended"))
        if path == f"/v1/messages/batches/{BATCH_ID}/results":
            lines = [
                {"custom_id": "q1", "result": {"type": "succeeded", "message": message_json(json.dumps(GOOD))}},
                {
                    "custom_id": "q2",
                    "result": {
                        "type": "errored",
                        "error": {"type": "error", "error": {"type": "api_error", "message": "Internal server error"}},
                    },
                },
                {"custom_id": "q3", "result": {"type": "expired"}},
            ]
            return httpx2.Response(200, content="\n".join(json.dumps(line) for line in lines).encode())
        return httpx2.Response(404, json={"type": "error", "error": {"type": "not_found_error", "message": path}})


def test_a_batch_round_trip_joins_each_result_to_its_request() -> None:
    service = BatchService()
    client = anthropic.Anthropic(api_key="test-key", http_client=httpx2.Client(transport=httpx2.MockTransport(service)))
    items = [
        (custom_id, request_for(question, LAWS, [], state="MD", model=DEFAULT_MODEL))
        for custom_id, question in (("q1", QUESTION), ("q2", "Can I park on a sidewalk?"), ("q3", "How do I pay?"))
    ]
    clock = Clock()
    seen: list[str] = []
    results = batch_requests(
        items,
        client=client,
        poll_every=30.0,
        sleep=clock.sleep,
        clock=clock,
        progress=lambda b: seen.append(b.processing_status),
    )
    assert list(results) == ["q1", "q2", "q3"]
    assert results["q1"] == Reply(**GOOD)  # type: ignore[arg-type]
    errored, expired = results["q2"], results["q3"]
    assert isinstance(errored, Failed) and (errored.why, errored.detail) == ("unreachable", "errored")
    assert isinstance(expired, Failed) and (expired.why, expired.detail) == ("unreachable", "expired")
    # The very request a learner's question sends, by id.
    assert service.created["requests"] == [
        {"custom_id": custom_id, "params": json.loads(json.dumps(params))} for custom_id, params in items
    ]
    assert clock.sleeps == [30.0]
    assert seen == ["in_progress", "ended"]


def test_a_batch_refuses_ids_the_api_would_reject() -> None:
    request = request_for("q", LAWS, [], model="m")
    with pytest.raises(ValueError, match="letters"):
        batch_requests([("has space", request)], client=anthropic_for(Script()))
    with pytest.raises(ValueError, match="unique"):
        batch_requests([("a", request), ("a", request)], client=anthropic_for(Script()))
    assert batch_requests([], client=anthropic_for(Script())) == {}


def test_a_batch_that_cannot_be_sent_says_why() -> None:
    script = Script(error(401, "authentication_error", "invalid x-api-key"))
    with pytest.raises(BatchError, match="ANTHROPIC_API_KEY"):
        batch_requests(
            [("a", request_for("q", LAWS, [], model="m"))], client=anthropic_for(script), sleep=Clock().sleep
        )


# -- an eval file through batches -----------------------------------------------------------

QUESTIONS = [
    {
        "id": "md/hydrant 1",
        "state": "MD",
        "question": "how far from a fire hydrant can I park",
        "choices": ["10 feet", "15 feet"],
    },
    {"id": "tx:crosswalk", "state": "tx", "question": "how close to a crosswalk can I park"},
]


@pytest.fixture
def fake() -> Iterator[FakeProvider]:
    with FakeProvider() as server:
        yield server


def batch_settings(fake: FakeProvider) -> Settings:
    return Settings(anthropic_api_key="test-key", anthropic_base_url=fake.anthropic_url, batch_poll=0.01)


def test_an_eval_file_needs_an_anthropic_key_for_batches(tmp_path: Path) -> None:
    with pytest.raises(BatchError, match="ANTHROPIC_API_KEY"):
        shown_for_questions(Settings(), Pipeline(tmp_path / "data"), QUESTIONS, "fused")


@pytest.mark.shared
def test_an_eval_file_is_answered_in_one_batch_and_joined_to_its_ids(home: Path, fake: FakeProvider) -> None:
    heard: list[tuple[int, int]] = []
    said: list[str] = []
    shown = shown_for_questions(
        batch_settings(fake),
        Pipeline(home),
        QUESTIONS,
        "fused",
        question_only=True,
        progress=lambda done, total: heard.append((done, total)),
        say=said.append,
    )
    assert list(shown) == ["md/hydrant 1", "tx:crosswalk"]
    assert [each.state for each in shown.values()] == ["MD", "TX"]
    assert all(each.retrieved for each in shown.values())
    # No rewriter: one batch, the answers, under numbered ids; asked without the choices.
    [created] = fake.batches.values()
    assert [request["custom_id"] for request in created["requests"]] == ["q000000", "q000001"]
    first = created["requests"][0]["params"]["messages"][-1]["content"]
    assert first.split("\n\n")[0] == learner_block(QUESTIONS[0]["question"])
    assert fake.anthropic_answers == [] and said == []
    # Heard at each look: in progress with none done, then ended with both.
    assert heard[0] == (0, 2) and heard[-1] == (2, 2)


@pytest.mark.shared
def test_with_a_rewriter_every_rewrite_goes_first_in_a_batch_of_its_own(home: Path, fake: FakeProvider) -> None:
    settings = batch_settings(fake)
    pipeline = Pipeline(home, rewriter=AnthropicRewriter(anthropic_client(settings), model=DEFAULT_MODEL))
    said: list[str] = []
    shown = shown_for_questions(settings, pipeline, QUESTIONS, "fused", say=said.append)
    assert list(shown) == ["md/hydrant 1", "tx:crosswalk"]
    rewrites, answers = fake.batches.values()
    assert [request["custom_id"] for request in rewrites["requests"]] == ["r000000", "r000001"]
    assert [request["custom_id"] for request in answers["requests"]] == ["q000000", "q000001"]
    # With the choices, lettered under the question, as a model reads a practice question.
    first = answers["requests"][0]["params"]["messages"][-1]["content"]
    assert first.startswith(learner_block(with_choices(QUESTIONS[0]["question"], ["10 feet", "15 feet"])) + "\n\n")
    assert said == ["rewriting 2 questions in one batch"]
    assert fake.anthropic_rewrites == [] and fake.anthropic_answers == []
