"""The per-address question limit: a token bucket, its setting, and the 429 the API and the form give."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from roadlaw.errors import BadRateLimit
from roadlaw.pipeline import Pipeline
from roadlaw.settings import DEFAULT_RATE_LIMIT, Settings
from roadlaw.web.app import create_app
from roadlaw.web.limits import RateLimit, retry_after


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_bucket_lets_a_minutes_worth_through_then_says_how_long_to_wait() -> None:
    clock = Clock()
    limit = RateLimit(3, clock)
    assert [limit.wait("a") for _ in range(3)] == [0.0, 0.0, 0.0]
    assert limit.wait("a") == pytest.approx(20.0)  # one question comes back every 20 s
    assert limit.wait("b") == 0.0  # another address has its own
    clock.now += 20.0
    assert limit.wait("a") == 0.0
    assert limit.wait("a") > 0.0
    assert RateLimit(0, clock).wait("a") == 0.0  # 0: no limit


def test_the_setting_is_a_whole_number_or_one_line_saying_what_to_give() -> None:
    assert Settings.from_env({}).rate_limit == DEFAULT_RATE_LIMIT
    assert Settings.from_env({"ROADLAW_RATE_LIMIT": "0"}).rate_limit == 0
    assert Settings.from_env({"ROADLAW_RATE_LIMIT": " 5 "}).rate_limit == 5
    for bad in ("many", "-1", "2.5"):
        with pytest.raises(BadRateLimit, match="ROADLAW_RATE_LIMIT") as raised:
            Settings.from_env({"ROADLAW_RATE_LIMIT": bad})
        assert "\n" not in str(raised.value)
    assert retry_after(0.2) == "1" and retry_after(19.1) == "20"


pytestmark = pytest.mark.shared


@pytest.fixture
def client(home: Path) -> Iterator[TestClient]:
    with TestClient(create_app(Pipeline(home), rate_limit=2)) as test_client:
        yield test_client


def test_the_api_says_429_with_retry_after_past_the_limit(client: TestClient) -> None:
    body = {"state": "MD", "question": "how close to a hydrant can I park"}
    assert [client.post("/api/ask", json=body).status_code for _ in range(2)] == [200, 200]
    refused = client.post("/api/ask", json=body)
    assert refused.status_code == 429
    assert refused.json()["error"]["code"] == "rate_limited"
    assert "2 a minute" in refused.json()["error"]["message"]
    assert 1 <= int(refused.headers["retry-after"]) <= 30
    # Reading the laws is not counted.
    assert client.get("/api/states").status_code == 200


def test_the_form_says_so_on_the_page_and_keeps_the_question(client: TestClient) -> None:
    form = {"state": "MD", "question": "how close to a hydrant can I park"}
    for _ in range(2):
        assert client.post("/ask", data=form).status_code == 200
    refused = client.post("/ask", data=form)
    assert refused.status_code == 429 and "retry-after" in refused.headers
    assert "Too many questions from this address" in refused.text
    assert "how close to a hydrant can I park" in refused.text


def test_serve_with_a_bad_setting_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from roadlaw.cli import main

    monkeypatch.setenv("ROADLAW_RATE_LIMIT", "lots")
    assert main(["serve"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("roadlaw: ROADLAW_RATE_LIMIT='lots'") and err.count("\n") == 1
