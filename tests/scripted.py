"""A provider scripted for the model tests, through the real SDKs: no network.

`Script` answers each request with the next scripted step (httpx2.MockTransport);
`FakeServer` is an OpenAI-compatible server on 127.0.0.1, as Ollama would be;
`Clock` is time that passes only when slept. What a test asserts is in the
test modules: test_calls (the call policy), test_answerers, test_batch.
"""

from __future__ import annotations

import contextlib
import json
import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import anthropic
import httpx2
import openai

from roadlaw.answering.answerers import AnthropicAnswerer, OpenAIAnswerer
from roadlaw.answering.calls import DEFAULT_OPENAI_MODEL
from roadlaw.answering.request import DEFAULT_MODEL
from tests.helpers import message_json

QUESTION = "Where can I park near a crosswalk?"
GOOD = {"scope": "road-law", "answer": "Park at least 20 feet from a crosswalk.", "sources": ["MD-M03"]}


class Clock:
    """Time that passes only when slept, so a deadline test takes none."""

    def __init__(self) -> None:
        self.now = 0.0
        self.sleeps: list[float] = []

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds


Step = httpx2.Response | Exception | Callable[[httpx2.Request], httpx2.Response]


class Script:
    """A provider that answers each request with the next step; the last step repeats."""

    def __init__(self, *steps: Step) -> None:
        self.steps = list(steps)
        self.requests: list[httpx2.Request] = []

    def __call__(self, request: httpx2.Request) -> httpx2.Response:
        self.requests.append(request)
        step = self.steps[min(len(self.requests), len(self.steps)) - 1]
        if isinstance(step, Exception):
            raise step
        if isinstance(step, httpx2.Response):
            return step
        return step(request)

    def bodies(self) -> list[Any]:
        return [json.loads(request.content) for request in self.requests]


def anthropic_for(script: Script) -> anthropic.Anthropic:
    # The client's own retries are left at the SDK default on purpose: the answerer must turn them off.
    return anthropic.Anthropic(api_key="test-key", http_client=httpx2.Client(transport=httpx2.MockTransport(script)))


def openai_for(script: Script) -> openai.OpenAI:
    return openai.OpenAI(
        api_key="test-key",
        base_url="http://127.0.0.1:11434/v1",
        http_client=httpx2.Client(transport=httpx2.MockTransport(script)),
    )


def answered(text: str, stop_reason: str = "end_turn") -> httpx2.Response:
    return httpx2.Response(200, json=message_json(text, stop_reason))


def error(
    status: int, kind: str, message: str, headers: dict[str, str] | None = None, **details: str
) -> httpx2.Response:
    body: dict[str, Any] = {"type": "error", "error": {"type": kind, "message": message}}
    if details:
        body["error"]["details"] = details
    return httpx2.Response(status, json=body, headers=headers)


def completion(content: str | None, finish_reason: str = "stop", refusal: str | None = None) -> httpx2.Response:
    return httpx2.Response(
        200,
        json={
            "id": "chatcmpl-1",
            "object": "chat.completion",
            "created": 0,
            "model": DEFAULT_OPENAI_MODEL,
            "choices": [
                {
                    "index": 0,
                    "finish_reason": finish_reason,
                    "message": {"role": "assistant", "content": content, "refusal": refusal},
                }
            ],
        },
    )


def anthropic_answerer(script: Script, clock: Clock | None = None, **options: Any) -> AnthropicAnswerer:
    clock = clock or Clock()
    return AnthropicAnswerer(anthropic_for(script), model=DEFAULT_MODEL, sleep=clock.sleep, clock=clock, **options)


def openai_answerer(script: Script, clock: Clock | None = None, **options: Any) -> OpenAIAnswerer:
    clock = clock or Clock()
    return OpenAIAnswerer(openai_for(script), model=DEFAULT_OPENAI_MODEL, sleep=clock.sleep, clock=clock, **options)


class FakeServer:
    """An OpenAI-compatible server on 127.0.0.1, as Ollama would be, recording what it was sent."""

    def __init__(self, answer: dict[str, Any], models: list[str], delay: float = 0.0) -> None:
        self.received: list[tuple[str, str, dict[str, str], bytes]] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def _reply(self, body: Any) -> None:
                data = json.dumps(body).encode()
                self.send_response(200)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def _record(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                body = self.rfile.read(length) if length else b""
                server.received.append((self.command, self.path, {k.lower(): v for k, v in self.headers.items()}, body))

            def do_GET(self) -> None:
                self._record()
                self._reply(
                    {
                        "object": "list",
                        "data": [
                            {"id": name, "object": "model", "created": 0, "owned_by": "library"} for name in models
                        ],
                    }
                )

            def do_POST(self) -> None:
                self._record()
                if delay:
                    threading.Event().wait(delay)
                # The client may have given up waiting, as a timeout test means it to.
                with contextlib.suppress(OSError):
                    self._reply(answer)

            def log_message(self, *_: Any) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.httpd.block_on_close = False
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def __enter__(self) -> FakeServer:
        self.thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def completion_json(text: str) -> dict[str, Any]:
    return {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "created": 0,
        "model": "llama3.1",
        "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": text}}],
    }
