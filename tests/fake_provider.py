"""A fake model provider on 127.0.0.1 that the real SDKs talk to over real HTTP.

It speaks enough of two APIs for roadlaw's askers, rewriters, pings and batches:

    Anthropic                                    OpenAI-compatible
    POST /v1/messages                            POST /v1/chat/completions
    GET  /v1/models/{model}                      GET  /v1/models
    POST /v1/messages/batches
    GET  /v1/messages/batches/{id}               (in progress at the first look, then ended)
    GET  /v1/messages/batches/{id}/results       (JSONL, one line per custom_id)

An answer request (one whose schema is the answer schema) is answered by
`behaviour`:

    grounded   {"scope": "road-law", "answer": <answer_text>, "sources": [<first law id listed>]}
               (or <answer_scope> and <answer_sources> when they are set)
    twenty     the same, saying 20 feet
    500        a 500 with the provider's error body, every time
    refusal    a refusal (Anthropic: stop_reason "refusal"; OpenAI: message.refusal)
    html       a 200 whose body is an HTML page (a proxy's or a captive portal's), to every request
    list       a 200 whose body is a JSON list, not a message, to every request

A rewrite request (the rewriter's "searches" schema) is answered with
`searches` (none by default, so retrieval is the words alone), or a 500 under
"500". A draft request (`roadlaw cards draft`'s "proposals" schema) is answered
from `drafts`, by the topic id the request names: its list of proposals, or
"500" (a 500 for that topic alone), or "prose" (a reply that is not JSON); a
topic not in `drafts` gets no proposals. Every request is recorded, and the answer and rewrite bodies are kept
apart so that a test can count each. `latency`: seconds each answer request
waits before it is answered (a slow model; a rewrite is answered at once);
`keep_alive`: connections kept for the next request (a benchmark's many calls),
not closed after each.
"""

from __future__ import annotations

import contextlib
import json
import re
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from roadlaw.answering.calls import DEFAULT_OPENAI_MODEL
from roadlaw.answering.request import DEFAULT_MODEL
from roadlaw.drafting import TOPIC_LINE

GROUNDED_TEXT = "You can't park within 15 feet of a fire hydrant."
TWENTY_TEXT = "You can't park within 20 feet of a fire hydrant."
BEHAVIOURS = ("grounded", "twenty", "500", "refusal", "html", "list")
# What a proxy or a captive portal answers in place of the API.
HTML_PAGE = b"<!doctype html><html><body><h1>Sign in to the network</h1></body></html>"

# A law in the learner's turn: "[MD-S01] (state statute) ..." at the start of a line.
_LAW_LINE = re.compile(r"^\[([^\]\s]+)\] \(", re.M)
# The topic a draft request names.
_TOPIC = re.compile(rf"^{re.escape(TOPIC_LINE)}(\S+)$", re.M)
# What a model that ignores the schema writes.
PROSE = "Here are the passages I found on the pages you gave me."


@dataclass(frozen=True)
class Received:
    """One request as the server read it."""

    method: str
    path: str
    headers: dict[str, str]
    body: Any


def first_law_id(content: str) -> str | None:
    """The id of the first law listed in a learner's turn, or None when none is listed."""
    found = _LAW_LINE.search(content)
    return found.group(1) if found else None


def _plain(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(str(block.get("text", "")) for block in content if isinstance(block, dict))
    return ""


def last_user_text(messages: Iterable[Any]) -> str:
    """The text of the last user message: where the question and its laws are."""
    texts = [_plain(message.get("content")) for message in messages if message.get("role") == "user"]
    return texts[-1] if texts else ""


def _asks_for(body: Any, name: str) -> bool:
    """Whether a request's schema (either provider's) has the property `name`."""
    if not isinstance(body, dict):
        return False
    anthropic_schema = ((body.get("output_config") or {}).get("format") or {}).get("schema") or {}
    openai_schema = ((body.get("response_format") or {}).get("json_schema") or {}).get("schema") or {}
    return name in (anthropic_schema.get("properties") or {}) or name in (openai_schema.get("properties") or {})


def is_rewrite(body: Any) -> bool:
    """Whether a request is the rewriter's (its schema asks for searches), not an answer."""
    return _asks_for(body, "searches")


def is_draft(body: Any) -> bool:
    """Whether a request is `roadlaw cards draft`'s (its schema asks for proposals)."""
    return _asks_for(body, "proposals")


def draft_topic(body: Any) -> str:
    """The topic id a draft request names, or "" when it names none."""
    found = _TOPIC.search(last_user_text(body.get("messages") or [])) if isinstance(body, dict) else None
    return found.group(1) if found else ""


class _Server(ThreadingHTTPServer):
    # Room for every connection a benchmark's workers open at once: the default
    # backlog of 5 makes the rest retry their connection a second later.
    request_queue_size = 128


class FakeProvider:
    """The server; use as a context manager. Settings may be changed between requests."""

    def __init__(
        self,
        behaviour: str = "grounded",
        *,
        answer_text: str = GROUNDED_TEXT,
        answer_sources: list[str] | None = None,
        answer_scope: str = "road-law",
        searches: list[str] | None = None,
        drafts: dict[str, list[dict[str, Any]] | str] | None = None,
        models: Iterable[str] = (DEFAULT_MODEL, f"{DEFAULT_OPENAI_MODEL}:latest"),
        batch_errored: Iterable[str] = (),
        batch_expired: Iterable[str] = (),
        latency: float = 0.0,
        keep_alive: bool = False,
    ) -> None:
        self.behaviour = behaviour
        self.latency = latency
        self.keep_alive = keep_alive
        self.answer_text = answer_text
        # The ids a grounded answer cites, and its scope: None cites the first law listed.
        self.answer_sources = answer_sources
        self.answer_scope = answer_scope
        self.searches = list(searches or [])
        # By topic id: a draft request's proposals, or "500" or "prose".
        self.drafts = dict(drafts or {})
        self.models = list(models)
        self.batch_errored = set(batch_errored)
        self.batch_expired = set(batch_expired)
        self.received: list[Received] = []
        # The body of each batch created, by batch id.
        self.batches: dict[str, Any] = {}
        self._looks: dict[str, int] = {}
        self._lock = threading.Lock()
        self.httpd = _Server(("127.0.0.1", 0), self._handler())
        self.httpd.daemon_threads = True
        self.httpd.block_on_close = False
        # A short poll, so that leaving the context does not wait half a second.
        self.thread = threading.Thread(
            target=self.httpd.serve_forever, kwargs={"poll_interval": 0.02}, name="fake-provider", daemon=True
        )

    # -- where it is, and what it was sent ----------------------------------------------

    @property
    def port(self) -> int:
        return int(self.httpd.server_address[1])

    @property
    def anthropic_url(self) -> str:
        """For ANTHROPIC_BASE_URL: the SDK adds /v1/... itself."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def openai_url(self) -> str:
        """For ROADLAW_OPENAI_BASE_URL: the SDK adds /chat/completions and /models."""
        return f"http://127.0.0.1:{self.port}/v1"

    def __enter__(self) -> FakeProvider:
        self.thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    def bodies(self, path: str, method: str = "POST") -> list[Any]:
        with self._lock:
            return [each.body for each in self.received if each.path == path and each.method == method]

    def answer_bodies(self, path: str) -> list[Any]:
        """The bodies of the answer requests sent to `path`, rewrites left out."""
        return [body for body in self.bodies(path) if not is_rewrite(body)]

    def rewrite_bodies(self, path: str) -> list[Any]:
        return [body for body in self.bodies(path) if is_rewrite(body)]

    def draft_bodies(self, path: str) -> list[Any]:
        return [body for body in self.bodies(path) if is_draft(body)]

    @property
    def anthropic_answers(self) -> list[Any]:
        return self.answer_bodies("/v1/messages")

    @property
    def anthropic_rewrites(self) -> list[Any]:
        return self.rewrite_bodies("/v1/messages")

    @property
    def openai_answers(self) -> list[Any]:
        return self.answer_bodies("/v1/chat/completions")

    @property
    def openai_rewrites(self) -> list[Any]:
        return self.rewrite_bodies("/v1/chat/completions")

    # -- what is answered -------------------------------------------------------------------

    def draft_text(self, body: Any) -> str:
        """What a draft request is answered with: the topic's proposals as JSON, or prose."""
        drafted = self.drafts.get(draft_topic(body), [])
        if drafted == "prose":
            return PROSE
        return json.dumps({"proposals": drafted if isinstance(drafted, list) else []})

    def draft_fails(self, body: Any) -> bool:
        """Whether a draft request is answered with a 500: its topic's drafts say "500"."""
        return is_draft(body) and self.drafts.get(draft_topic(body)) == "500"

    def reply_json(self, messages: Iterable[Any]) -> dict[str, Any]:
        """The answer schema's object for a grounded or twenty answer to these messages."""
        law = first_law_id(last_user_text(messages))
        text = TWENTY_TEXT if self.behaviour == "twenty" else self.answer_text
        if self.answer_sources is not None:
            return {"scope": self.answer_scope, "answer": text, "sources": list(self.answer_sources)}
        if law is None:
            return {"scope": "road-law", "answer": "", "sources": []}
        return {"scope": self.answer_scope, "answer": text, "sources": [law]}

    def message(self, body: dict[str, Any], number: int = 1) -> dict[str, Any]:
        """An Anthropic message answering `body` under the behaviour (not 500)."""
        refused = self.behaviour == "refusal"
        if refused:
            text = ""
        elif is_draft(body):
            text = self.draft_text(body)
        elif is_rewrite(body):
            text = json.dumps({"searches": self.searches})
        else:
            text = json.dumps(self.reply_json(body.get("messages") or []))
        return {
            "id": f"msg_fake_{number:04d}",
            "type": "message",
            "role": "assistant",
            "model": body.get("model") or DEFAULT_MODEL,
            "content": [{"type": "text", "text": text}] if text else [],
            "stop_reason": "refusal" if refused else "end_turn",
            "stop_sequence": None,
            "usage": {"input_tokens": 100, "output_tokens": 20},
        }

    def completion(self, body: dict[str, Any], number: int = 1) -> dict[str, Any]:
        """An OpenAI chat completion answering `body` under the behaviour (not 500)."""
        refused = self.behaviour == "refusal"
        if refused:
            content: str | None = None
        elif is_draft(body):
            content = self.draft_text(body)
        elif is_rewrite(body):
            content = json.dumps({"searches": self.searches})
        else:
            content = json.dumps(self.reply_json(body.get("messages") or []))
        return {
            "id": f"chatcmpl-fake-{number:04d}",
            "object": "chat.completion",
            "created": 0,
            "model": body.get("model") or DEFAULT_OPENAI_MODEL,
            "choices": [
                {
                    "index": 0,
                    "finish_reason": "stop",
                    "message": {
                        "role": "assistant",
                        "content": content,
                        "refusal": "I can't help with that." if refused else None,
                    },
                }
            ],
            "usage": {"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120},
        }

    def model_json(self, name: str) -> dict[str, Any]:
        # Both SDKs' model shapes in one: each reads its own fields.
        return {
            "id": name,
            "type": "model",
            "object": "model",
            "display_name": name,
            "created_at": "2026-01-01T00:00:00Z",
            "created": 0,
            "owned_by": "fake",
            "lifecycle": "active",
        }

    def batch_json(self, batch_id: str, ended: bool) -> dict[str, Any]:
        ids = [request["custom_id"] for request in self.batches[batch_id]["requests"]]
        errored = sum(1 for each in ids if each in self.batch_errored)
        expired = sum(1 for each in ids if each in self.batch_expired and each not in self.batch_errored)
        return {
            "id": batch_id,
            "type": "message_batch",
            "processing_status": "ended" if ended else "in_progress",
            "created_at": "2026-01-01T00:00:00Z",
            "expires_at": "2026-01-02T00:00:00Z",
            "ended_at": "2026-01-01T00:10:00Z" if ended else None,
            "archived_at": None,
            "cancel_initiated_at": None,
            "request_counts": {
                "processing": 0 if ended else len(ids),
                "succeeded": len(ids) - errored - expired if ended else 0,
                "errored": errored if ended else 0,
                "expired": expired if ended else 0,
                "canceled": 0,
            },
            "results_url": f"{self.anthropic_url}/v1/messages/batches/{batch_id}/results" if ended else None,
        }

    def batch_results(self, batch_id: str) -> list[dict[str, Any]]:
        """One result per request; in reverse order, since the API promises no order."""
        lines: list[dict[str, Any]] = []
        for number, request in enumerate(self.batches[batch_id]["requests"], start=1):
            custom_id = request["custom_id"]
            result: dict[str, Any]
            if custom_id in self.batch_errored:
                result = {
                    "type": "errored",
                    "error": {"type": "error", "error": {"type": "api_error", "message": "Internal server error"}},
                }
            elif custom_id in self.batch_expired:
                result = {"type": "expired"}
            else:
                result = {"type": "succeeded", "message": self.message(request["params"], number)}
            lines.append({"custom_id": custom_id, "result": result})
        return lines[::-1]

    # -- the HTTP side ------------------------------------------------------------------------

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            # HTTP/1.1 keeps each connection for the next request, as a real provider does.
            protocol_version = "HTTP/1.1" if fake.keep_alive else "HTTP/1.0"

            def log_message(self, *_: Any) -> None:
                pass

            def _send(self, status: int, data: bytes, content_type: str) -> None:
                # The client may have given up waiting.
                with contextlib.suppress(OSError):
                    self.send_response(status)
                    self.send_header("content-type", content_type)
                    self.send_header("content-length", str(len(data)))
                    self.send_header("request-id", "req_fake")
                    self.end_headers()
                    self.wfile.write(data)

            def _json(self, status: int, body: Any) -> None:
                self._send(status, json.dumps(body).encode(), "application/json")

            def _anthropic_error(self, status: int, kind: str, message: str) -> None:
                self._json(status, {"type": "error", "error": {"type": kind, "message": message}})

            def _openai_error(self, status: int, kind: str, message: str) -> None:
                self._json(status, {"error": {"message": message, "type": kind, "code": None, "param": None}})

            def _record(self) -> tuple[int, Any]:
                length = int(self.headers.get("content-length") or 0)
                raw = self.rfile.read(length) if length else b""
                try:
                    body: Any = json.loads(raw) if raw else None
                except json.JSONDecodeError:
                    body = raw.decode("utf-8", "replace")
                path = self.path.split("?", 1)[0]
                with fake._lock:
                    fake.received.append(
                        Received(self.command, path, {k.lower(): v for k, v in self.headers.items()}, body)
                    )
                    return len(fake.received), body

            def _not_the_api(self) -> bool:
                """Answered as a proxy would, under "html" or "list"; False when the API answers."""
                if fake.behaviour == "html":
                    self._send(200, HTML_PAGE, "text/html; charset=utf-8")
                elif fake.behaviour == "list":
                    self._json(200, [{"type": "text", "text": "not a message"}])
                return fake.behaviour in ("html", "list")

            def do_POST(self) -> None:
                number, body = self._record()
                path = self.path.split("?", 1)[0]
                if fake.latency > 0 and path in ("/v1/messages", "/v1/chat/completions") and not is_rewrite(body):
                    time.sleep(fake.latency)
                if self._not_the_api():
                    pass
                elif path == "/v1/messages":
                    if fake.behaviour == "500" or fake.draft_fails(body):
                        self._anthropic_error(500, "api_error", "Internal server error")
                    else:
                        self._json(200, fake.message(body, number))
                elif path == "/v1/chat/completions":
                    if fake.behaviour == "500" or fake.draft_fails(body):
                        self._openai_error(500, "server_error", "The server had an error")
                    else:
                        self._json(200, fake.completion(body, number))
                elif path == "/v1/messages/batches":
                    with fake._lock:
                        batch_id = f"msgbatch_fake_{len(fake.batches) + 1:04d}"
                        fake.batches[batch_id] = body
                        fake._looks[batch_id] = 0
                    self._json(200, fake.batch_json(batch_id, ended=False))
                else:
                    self._anthropic_error(404, "not_found_error", f"no such endpoint: POST {path}")

            def do_GET(self) -> None:
                self._record()
                path = self.path.split("?", 1)[0]
                parts = path.strip("/").split("/")
                if self._not_the_api():
                    pass
                elif path == "/v1/models":
                    data = [fake.model_json(name) for name in fake.models]
                    self._json(
                        200,
                        {
                            "object": "list",
                            "data": data,
                            "has_more": False,
                            "first_id": data[0]["id"] if data else None,
                            "last_id": data[-1]["id"] if data else None,
                        },
                    )
                elif len(parts) == 3 and parts[:2] == ["v1", "models"]:
                    if parts[2] in fake.models:
                        self._json(200, fake.model_json(parts[2]))
                    else:
                        self._anthropic_error(404, "not_found_error", f"model: {parts[2]}")
                elif len(parts) in (4, 5) and parts[:3] == ["v1", "messages", "batches"] and parts[3] in fake.batches:
                    batch_id = parts[3]
                    if len(parts) == 4:
                        with fake._lock:
                            fake._looks[batch_id] += 1
                            ended = fake._looks[batch_id] > 1
                        self._json(200, fake.batch_json(batch_id, ended=ended))
                    elif parts[4] == "results":
                        lines = "".join(json.dumps(line) + "\n" for line in fake.batch_results(batch_id))
                        self._send(200, lines.encode(), "application/binary")
                    else:
                        self._anthropic_error(404, "not_found_error", path)
                else:
                    self._anthropic_error(404, "not_found_error", f"no such endpoint: GET {path}")

        return Handler


def closed_port() -> int:
    """A port on 127.0.0.1 that nothing listens on (it was free a moment ago)."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])
