"""The call policy through the real SDKs, against scripted HTTP: no network.

Each test scripts what the provider answers and holds how the call ended: how
many tries, which waits, within which deadline, and the one line that says why.
A call is made through an answerer, as a learner's question makes it, so each
end is seen as the `Failed` the pipeline gets.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import httpx2
import pytest

from roadlaw.answering.answerers import AnthropicAnswerer, OpenAIAnswerer
from roadlaw.answering.base import Failed, Reply
from roadlaw.answering.calls import openai_client, question_deadline, retry_after
from roadlaw.answering.request import DEFAULT_MODEL
from roadlaw.settings import Settings
from tests.helpers import LAWS
from tests.scripted import (
    GOOD,
    Clock,
    FakeServer,
    Script,
    answered,
    anthropic_answerer,
    completion_json,
    error,
    openai_answerer,
)


@pytest.fixture
def ollama() -> Iterator[FakeServer]:
    with FakeServer(completion_json(json.dumps(GOOD)), ["llama3.1:latest", "qwen2.5:7b"]) as server:
        yield server


# -- Anthropic: each way a call ends -----------------------------------------------------


def test_500_every_time_is_unreachable_after_every_try_with_growing_waits() -> None:
    script = Script(error(500, "api_error", "Internal server error"))
    clock = Clock()
    reply = anthropic_answerer(script, clock, attempts=4, deadline=60.0)("q", LAWS, [])
    assert reply == Failed("unreachable")
    assert isinstance(reply, Failed) and "4 tries" in reply.detail
    assert len(script.requests) == 4
    assert clock.sleeps == [0.5, 1.0, 2.0]


def test_the_deadline_holds_over_the_retries() -> None:
    script = Script(error(503, "api_error", "unavailable"))
    clock = Clock()
    reply = anthropic_answerer(script, clock, attempts=10, deadline=3.0)("q", LAWS, [])
    assert isinstance(reply, Failed) and reply.why == "unreachable"
    assert "deadline" in reply.detail
    assert len(script.requests) == 3
    assert clock.sleeps == [0.5, 1.0]
    assert clock.now < 3.0


def test_each_try_gets_the_timeout_or_what_is_left_of_the_deadline() -> None:
    script = Script(error(500, "api_error", "x"), error(500, "api_error", "x"), answered(json.dumps(GOOD)))
    reply = anthropic_answerer(script, timeout=5.0, deadline=6.0)("q", LAWS, [])
    assert isinstance(reply, Reply)
    assert [request.headers["x-stainless-timeout"] for request in script.requests] == ["5.0", "5.0", "4.5"]


def test_a_call_inside_a_question_gets_no_more_than_the_question_has_left() -> None:
    # Half a second left of the question: not enough for a try, whatever the answerer's own 60 s.
    script = Script(answered(json.dumps(GOOD)))
    with question_deadline(0.5):
        reply = anthropic_answerer(script, deadline=60.0)("q", LAWS, [])
    assert isinstance(reply, Failed) and reply.why == "unreachable"
    assert "the question's deadline ran out" in reply.detail
    assert script.requests == []
    # With 6 s left, the try's timeout is what is left, not the answerer's 30.
    script = Script(answered(json.dumps(GOOD)))
    with question_deadline(6.0):
        assert isinstance(anthropic_answerer(script, timeout=30.0, deadline=60.0)("q", LAWS, []), Reply)
    [request] = script.requests
    assert 5.0 < float(request.headers["x-stainless-timeout"]) <= 6.0
    # Outside a question, the answerer's own deadline again.
    script = Script(answered(json.dumps(GOOD)))
    assert isinstance(anthropic_answerer(script, deadline=60.0)("q", LAWS, []), Reply)


def test_retry_after_is_honoured_on_429() -> None:
    script = Script(error(429, "rate_limit_error", "slow down", {"retry-after": "2"}), answered(json.dumps(GOOD)))
    clock = Clock()
    assert anthropic_answerer(script, clock)("q", LAWS, []) == Reply(**GOOD)  # type: ignore[arg-type]
    assert clock.sleeps == [2.0]


def test_retry_after_ms_is_honoured_on_529() -> None:
    script = Script(
        error(529, "overloaded_error", "Overloaded", {"retry-after-ms": "1500"}), answered(json.dumps(GOOD))
    )
    clock = Clock()
    assert isinstance(anthropic_answerer(script, clock)("q", LAWS, []), Reply)
    assert clock.sleeps == [1.5]


def test_a_retry_after_past_the_deadline_ends_the_question_without_waiting() -> None:
    script = Script(error(429, "rate_limit_error", "slow down", {"retry-after": "120"}))
    clock = Clock()
    reply = anthropic_answerer(script, clock, deadline=60.0)("q", LAWS, [])
    assert isinstance(reply, Failed) and reply.why == "unreachable" and "120" in reply.detail
    assert len(script.requests) == 1
    assert clock.sleeps == []


def test_a_connection_error_is_unreachable() -> None:
    script = Script(httpx2.ConnectError("connection refused"))
    clock = Clock()
    reply = anthropic_answerer(script, clock, attempts=3)("q", LAWS, [])
    assert isinstance(reply, Failed) and reply.why == "unreachable"
    assert "could not be reached" in reply.detail
    assert len(script.requests) == 3
    assert clock.sleeps == [0.5, 1.0]


def test_a_timeout_is_unreachable() -> None:
    script = Script(httpx2.ReadTimeout("timed out"))
    reply = anthropic_answerer(script, attempts=2)("q", LAWS, [])
    assert isinstance(reply, Failed) and reply.why == "unreachable"
    assert "APITimeoutError" in reply.detail


def test_a_refused_key_is_one_line_and_no_retry(caplog: pytest.LogCaptureFixture) -> None:
    script = Script(error(401, "authentication_error", "invalid x-api-key"))
    clock = Clock()
    with caplog.at_level(logging.WARNING, logger="roadlaw"):
        reply = anthropic_answerer(script, clock)("q", LAWS, [])
    assert isinstance(reply, Failed) and reply.why == "unreachable"
    assert "ANTHROPIC_API_KEY" in reply.detail and "401" in reply.detail
    assert len(script.requests) == 1 and clock.sleeps == []
    errors = [record for record in caplog.records if record.levelno == logging.ERROR]
    assert len(errors) == 1 and "ANTHROPIC_API_KEY" in errors[0].getMessage()


def test_a_forbidden_key_is_not_retried() -> None:
    script = Script(error(403, "permission_error", "not allowed"))
    assert anthropic_answerer(script)("q", LAWS, []) == Failed("unreachable")
    assert len(script.requests) == 1


def test_a_spent_credit_balance_is_one_line_and_no_retry() -> None:
    script = Script(error(400, "invalid_request_error", "Your credit balance is too low to access the Anthropic API."))
    clock = Clock()
    reply = anthropic_answerer(script, clock)("q", LAWS, [])
    assert isinstance(reply, Failed) and reply.why == "unreachable" and "no credit" in reply.detail
    assert len(script.requests) == 1 and clock.sleeps == []


def test_a_spend_limit_sent_as_429_is_not_retried() -> None:
    script = Script(
        error(429, "rate_limit_error", "limit reached", {"retry-after": "1"}, error_code="enforced_spend_limit_reached")
    )
    clock = Clock()
    reply = anthropic_answerer(script, clock)("q", LAWS, [])
    assert isinstance(reply, Failed) and "no credit" in reply.detail
    assert len(script.requests) == 1 and clock.sleeps == []


def test_another_4xx_is_not_retried_and_keeps_the_providers_words() -> None:
    script = Script(error(404, "not_found_error", "model: claude-nonesuch"))
    reply = anthropic_answerer(script)("q", LAWS, [])
    assert isinstance(reply, Failed) and "claude-nonesuch" in reply.detail
    assert len(script.requests) == 1


def test_anything_else_thrown_is_unreachable_not_an_exception() -> None:
    def explode(**_: Any) -> None:
        raise RuntimeError("a bug in a client")

    client = SimpleNamespace(messages=SimpleNamespace(create=explode), base_url="x")
    client.with_options = lambda **_: client
    reply = AnthropicAnswerer(client, model="m", sleep=Clock().sleep)("q", LAWS, [])  # type: ignore[arg-type]
    assert isinstance(reply, Failed) and reply.why == "unreachable" and "RuntimeError" in reply.detail


@pytest.mark.parametrize(
    ("headers", "seconds"),
    [
        ({"retry-after": "3"}, 3.0),
        ({"retry-after": "0.5"}, 0.5),
        ({"retry-after-ms": "250", "retry-after": "9"}, 0.25),
        ({"retry-after": "Wed, 01 Jan 2031 00:00:10 GMT"}, 10.0),
        ({"retry-after": "soon"}, None),
        ({}, None),
    ],
)
def test_retry_after_reads_seconds_milliseconds_and_dates(headers: dict[str, str], seconds: float | None) -> None:
    assert retry_after(headers, now=lambda: 1924992000.0) == seconds


# -- Anthropic: reachability --------------------------------------------------------------


def test_ping_checks_key_and_model_with_one_small_get() -> None:
    model = {
        "id": DEFAULT_MODEL,
        "type": "model",
        "display_name": "Claude",
        "created_at": "2026-01-01T00:00:00Z",
        "lifecycle": "active",
    }
    script = Script(httpx2.Response(200, json=model))
    ok, detail = anthropic_answerer(script).ping()
    assert ok and DEFAULT_MODEL in detail
    [request] = script.requests
    assert request.method == "GET" and request.url.path == f"/v1/models/{DEFAULT_MODEL}"


def test_ping_says_why_not() -> None:
    ok, detail = anthropic_answerer(Script(error(401, "authentication_error", "invalid x-api-key"))).ping()
    assert not ok and "ANTHROPIC_API_KEY" in detail


# -- OpenAI-compatible: each way a call ends ---------------------------------------------


def test_openai_500_every_time_is_unreachable() -> None:
    script = Script(httpx2.Response(500, json={"error": {"message": "boom"}}))
    clock = Clock()
    assert openai_answerer(script, clock, attempts=3)("q", LAWS, []) == Failed("unreachable")
    assert len(script.requests) == 3 and clock.sleeps == [0.5, 1.0]


def test_openai_refused_key_names_the_setting_and_is_not_retried() -> None:
    script = Script(httpx2.Response(401, json={"error": {"message": "Incorrect API key provided"}}))
    reply = openai_answerer(script)("q", LAWS, [])
    assert isinstance(reply, Failed) and "ROADLAW_OPENAI_API_KEY" in reply.detail
    assert len(script.requests) == 1


def test_openai_exhausted_quota_is_not_retried() -> None:
    body = {
        "error": {
            "message": "You exceeded your current quota",
            "type": "insufficient_quota",
            "code": "insufficient_quota",
        }
    }
    script = Script(httpx2.Response(429, json=body))
    reply = openai_answerer(script)("q", LAWS, [])
    assert isinstance(reply, Failed) and "no credit" in reply.detail
    assert len(script.requests) == 1


def test_ping_finds_the_model_on_a_local_server(ollama: FakeServer) -> None:
    answerer = OpenAIAnswerer(
        openai_client(Settings.from_env({"ROADLAW_OPENAI_BASE_URL": ollama.base_url})), model="llama3.1"
    )
    assert answerer.ping() == (True, f"reached {ollama.base_url}/: it serves llama3.1")
    missing = OpenAIAnswerer(
        openai_client(Settings.from_env({"ROADLAW_OPENAI_BASE_URL": ollama.base_url})), model="mistral"
    )
    ok, detail = missing.ping()
    assert not ok and "mistral" in detail and "qwen2.5:7b" in detail


def test_a_server_slower_than_the_timeout_is_unreachable() -> None:
    with FakeServer(completion_json(json.dumps(GOOD)), [], delay=1.0) as server:
        clock = Clock()
        answerer = OpenAIAnswerer(
            openai_client(Settings.from_env({"ROADLAW_OPENAI_BASE_URL": server.base_url})),
            model="llama3.1",
            timeout=0.2,
            attempts=2,
            sleep=clock.sleep,
        )
        reply = answerer("q", LAWS, [])
    assert isinstance(reply, Failed) and reply.why == "unreachable" and "APITimeoutError" in reply.detail
    assert clock.sleeps == [0.5]


def test_a_closed_port_is_unreachable() -> None:
    with FakeServer({}, []) as server:
        base_url = server.base_url
    answerer = OpenAIAnswerer(
        openai_client(Settings.from_env({"ROADLAW_OPENAI_BASE_URL": base_url})), model="m", attempts=1
    )
    reply = answerer("q", LAWS, [])
    assert isinstance(reply, Failed) and reply.why == "unreachable"
