"""What a public server holds clients to: questions a minute per address (whose address: the trusted
proxies), and a body's size and pace."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator, MutableMapping
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from roadlaw.errors import BadRateLimit, BadSetting
from roadlaw.pipeline import Pipeline
from roadlaw.settings import DEFAULT_RATE_LIMIT, Network, Settings
from roadlaw.web.app import create_app
from roadlaw.web.limits import MAX_BODY, BodyLimits, RateLimit, client_address, retry_after
from tests.served import raw_request, read_all, served


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


@pytest.mark.parametrize("name", ["ROADLAW_RATE_LIMIT", "ROADLAW_MAX_CONCURRENT", "ROADLAW_TRUSTED_PROXIES"])
def test_serve_with_a_bad_setting_is_one_line(
    name: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from roadlaw.cli import main

    monkeypatch.setenv(name, "lots")
    assert main(["serve"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"roadlaw: {name}") and "lots" in err and err.count("\n") == 1


# --- whose address a question is counted against -------------------------------------------------


def proxies(raw: str) -> tuple[Network, ...]:
    return Settings.from_env({"ROADLAW_TRUSTED_PROXIES": raw}).trusted_proxies


def test_without_trusted_proxies_the_forwarded_header_is_never_read() -> None:
    assert client_address("127.0.0.1", ["203.0.113.7"], ()) == "127.0.0.1"
    assert client_address("198.51.100.2", ["203.0.113.7"], proxies("10.0.0.0/8")) == "198.51.100.2"
    assert client_address(None, [], ()) == "unknown"


def test_behind_a_trusted_proxy_the_client_is_the_rightmost_hop_no_trusted_proxy_wrote() -> None:
    trusted = proxies("10.0.0.0/8, 192.0.2.1")
    assert client_address("10.1.2.3", ["203.0.113.7"], trusted) == "203.0.113.7"
    # What the client wrote itself, left of the hop the proxy appended, is not believed.
    assert client_address("10.1.2.3", ["1.2.3.4, 203.0.113.7"], trusted) == "203.0.113.7"
    assert client_address("10.1.2.3", ["1.2.3.4", "203.0.113.7"], trusted) == "203.0.113.7"
    # Two trusted proxies in a row: the hop before both.
    assert client_address("10.1.2.3", ["6.6.6.6, 203.0.113.7, 192.0.2.1"], trusted) == "203.0.113.7"
    # Written with a port, or as IPv4 in IPv6.
    assert client_address("10.1.2.3", ["203.0.113.7:5123"], trusted) == "203.0.113.7"
    assert client_address("::ffff:10.1.2.3", ["::ffff:203.0.113.7"], trusted) == "203.0.113.7"
    # A trusted proxy that sent no header, or only trusted hops: where the request began.
    assert client_address("10.1.2.3", [], trusted) == "10.1.2.3"
    assert client_address("10.1.2.3", ["10.9.9.9, 192.0.2.1"], trusted) == "10.9.9.9"


def test_an_ipv6_client_is_counted_by_its_64_so_changing_address_does_not_escape() -> None:
    first = client_address("2001:db8:1:2::1", [], ())
    assert first == client_address("2001:db8:1:2:ffff::9", [], ()) == "2001:db8:1:2::/64"
    assert first != client_address("2001:db8:1:3::1", [], ())
    assert client_address("10.0.0.1", ["[2001:db8:1:2::5]:443"], proxies("10.0.0.1")) == first


def test_the_trusted_proxies_setting_is_addresses_and_networks_or_one_line() -> None:
    assert Settings.from_env({}).trusted_proxies == ()
    assert [str(net) for net in proxies(" 127.0.0.1 , 10.0.0.0/8,::1,")] == ["127.0.0.1/32", "10.0.0.0/8", "::1/128"]
    for bad in ("localhost", "10.0.0.0/33", "127.0.0.1;10.0.0.1"):
        with pytest.raises(BadSetting, match="ROADLAW_TRUSTED_PROXIES") as raised:
            proxies(bad)
        assert "\n" not in str(raised.value)


def statuses(port: int, forwarded: list[str]) -> list[int]:
    body = {"state": "MD", "question": "how close to a hydrant can I park"}
    with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
        return [client.post("/api/ask", json=body, headers={"x-forwarded-for": each}).status_code for each in forwarded]


def test_a_made_up_forwarded_address_from_loopback_does_not_escape_the_limit(home: Path) -> None:
    # uvicorn believes X-Forwarded-For from 127.0.0.1 unless told not to; `roadlaw serve` tells it.
    with served(create_app(Pipeline(home), rate_limit=2)) as port:
        made_up = [f"203.0.113.{number}" for number in range(1, 7)]
        assert statuses(port, made_up) == [200, 200, 429, 429, 429, 429]


def test_behind_a_trusted_proxy_each_client_has_its_own_limit(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ROADLAW_TRUSTED_PROXIES", "127.0.0.1")
    with served(create_app(Pipeline(home), rate_limit=2)) as port:
        assert statuses(port, ["203.0.113.1", "203.0.113.1", "203.0.113.1"]) == [200, 200, 429]
        assert statuses(port, ["203.0.113.2"]) == [200]
        # A client naming someone else to the left of what the proxy saw is still itself.
        assert statuses(port, ["198.51.100.9, 203.0.113.1"]) == [429]


# --- a body's size and pace ------------------------------------------------------------------------


def test_a_body_over_the_limit_is_413_in_the_one_shape(client: TestClient) -> None:
    big = b'{"state": "MD", "question": "' + b"a" * MAX_BODY + b'"}'
    refused = client.post("/api/ask", content=big, headers={"content-type": "application/json"})
    assert refused.status_code == 413
    assert refused.json() == {"error": {"code": "too_large", "message": refused.json()["error"]["message"]}}
    assert "64 KB" in refused.json()["error"]["message"] and refused.headers["connection"] == "close"
    assert "content-security-policy" in refused.headers
    # Sent without a length, in pieces: counted as it comes.
    pieces = (b"x" * 16_384 for _ in range(6))
    assert client.post("/api/ask", content=pieces, headers={"content-type": "application/json"}).status_code == 413
    # A browser's form is told on a page.
    page = client.post("/ask", content=b"question=" + b"a" * MAX_BODY, headers={"accept": "text/html",
                       "content-type": "application/x-www-form-urlencoded"})  # fmt: skip
    assert page.status_code == 413 and page.headers["content-type"].startswith("text/html")
    # The largest question there is, with every choice, escaped as much as JSON allows, is well within.
    # (A question needs a letter or a digit to be one: robust to the bad_question rule.)
    most = {"state": "MD", "question": "hydrant " + "\U0001f697" * 1992, "choices": ["\U0001f697" * 300] * 8}
    encoded = json.dumps(most).encode()
    assert len(encoded) < MAX_BODY
    fits = client.post("/api/ask", content=encoded, headers={"content-type": "application/json"})
    assert fits.status_code == 200


def test_a_large_body_is_refused_before_it_is_read_whole(home: Path) -> None:
    with served(create_app(Pipeline(home), rate_limit=0)) as port:
        # Declared too large: answered at once, without a byte of it sent.
        declared = raw_request(
            port, "POST /api/ask HTTP/1.1\nHost: t\nContent-Type: application/json\nContent-Length: 104857600\n"
        )
        answer = read_all(declared)
        assert answer.startswith(b"HTTP/1.1 413") and b'"too_large"' in answer
        # In chunks with no end in sight: answered once past the limit, and the connection closed.
        chunk = b"4000\r\n" + b"x" * 0x4000 + b"\r\n"
        chunked = raw_request(port, "POST /api/ask HTTP/1.1\nHost: t\nContent-Type: application/json\nTransfer-Encoding: chunked\n",
                              chunk * 5)  # fmt: skip
        started = time.monotonic()
        answer = read_all(chunked)
        assert answer.startswith(b"HTTP/1.1 413") and time.monotonic() - started < 5


def test_a_half_sent_body_is_dropped_with_408(home: Path) -> None:
    with served(create_app(Pipeline(home), rate_limit=0, body_wait=0.5)) as port:
        started = time.monotonic()
        half = raw_request(port, "POST /api/ask HTTP/1.1\nHost: t\nContent-Type: application/json\nContent-Length: 200\n",
                           b'{"state": "MD", "quest')  # fmt: skip
        answer = read_all(half)
        took = time.monotonic() - started
        assert answer.startswith(b"HTTP/1.1 408") and b'"body_timeout"' in answer
        assert 0.4 < took < 5, took
        # A whole body on the same server is answered as ever.
        assert statuses(port, ["-"]) == [200]


def test_a_body_trickled_in_forever_is_dropped_at_the_deadline() -> None:
    sent: list[MutableMapping[str, Any]] = []

    async def trickle() -> MutableMapping[str, Any]:
        await anyio.sleep(0.05)
        return {"type": "http.request", "body": b"x", "more_body": True}

    async def send(message: MutableMapping[str, Any]) -> None:
        sent.append(message)

    async def never(*_: Any) -> None:
        raise AssertionError("the app must not be called")

    async def respond(request: Request, status: int, code: str, message: str) -> Response:
        return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)

    limits = BodyLimits(never, respond, wait=0.5, deadline=0.4)
    scope = {"type": "http", "method": "POST", "path": "/api/ask", "headers": [], "query_string": b""}
    started = time.monotonic()
    anyio.run(limits, scope, trickle, send)
    assert 0.35 < time.monotonic() - started < 2
    assert sent[0]["status"] == 408 and (b"connection", b"close") in sent[0]["headers"]
    assert json.loads(sent[1]["body"])["error"]["code"] == "body_timeout"
