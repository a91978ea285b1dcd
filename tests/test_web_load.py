"""Questions side by side: a slow model holds neither the pages nor another question, up to a bound.

The answerer here is a fake one that takes its time (or waits to be let go), put in
the real pipeline and served by the real app.
"""

from __future__ import annotations

import statistics
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from roadlaw.answering.base import Asked, Failed, Reply
from roadlaw.errors import BadSetting
from roadlaw.pipeline import Pipeline
from roadlaw.settings import DEFAULT_MAX_CONCURRENT, Settings
from roadlaw.store import Store
from roadlaw.web.app import create_app
from tests.helpers import HYDRANT

pytestmark = pytest.mark.shared

# The fake model's time for one answer.
LATENCY = 1.0


class SlowAnswerer:
    """A model that answers with the first law's own rule after `latency` s, or once let go when `gate` is given."""

    name = "slow-fake"

    def __init__(self, latency: float = LATENCY, gate: threading.Event | None = None) -> None:
        self.latency = latency
        self.gate = gate
        self.started = 0
        self._lock = threading.Lock()

    def answer(self, asked: Asked) -> Reply | Failed:
        with self._lock:
            self.started += 1
        if self.gate is not None:
            assert self.gate.wait(30), "never let go"
        else:
            time.sleep(self.latency)
        if not asked.laws:
            return Reply("other", "", [])
        return Reply("road-law", asked.laws[0].law, [asked.laws[0].id])

    def within_deadline(self) -> AbstractContextManager[None]:
        return nullcontext()

    def wait_for(self, count: int) -> None:
        """Until `count` questions have reached the model."""
        waited = time.monotonic() + 20
        while self.started < count:
            assert time.monotonic() < waited, f"{self.started} of {count} questions reached the model"
            time.sleep(0.005)


def served_with(home: Path, answerer: SlowAnswerer) -> TestClient:
    return TestClient(create_app(Pipeline(home, answerer=answerer), rate_limit=0))


def ask(client: TestClient, question: str = HYDRANT) -> Any:
    return client.post("/api/ask", json={"state": "MD", "question": question})


def test_four_questions_to_a_one_second_model_take_about_a_second_not_four(home: Path) -> None:
    answerer = SlowAnswerer()
    with served_with(home, answerer) as client, ThreadPoolExecutor(4) as pool:
        # The state read, its words indexed and each page's template compiled, before the clock starts.
        assert ask(client).status_code == 200
        pages = ("/", "/api/states", "/states/MD/cards")
        assert all(client.get(path).status_code == 200 for path in pages)
        started = time.perf_counter()
        asked = [pool.submit(ask, client) for _ in range(4)]
        answerer.wait_for(5)
        # Meanwhile the pages answer at once, each while all four wait on the model: typically
        # within 100 ms, and none waits anything like a model's answer (a busy machine may pause one).
        took_pages = []
        for path in pages * 2:
            began = time.perf_counter()
            assert client.get(path).status_code == 200
            took_pages.append(time.perf_counter() - began)
        assert statistics.median(took_pages) < 0.1 and max(took_pages) < LATENCY / 2, took_pages
        assert not any(question.done() for question in asked), "the model answered before the pages were timed"
        statuses = [question.result().status_code for question in asked]
        took = time.perf_counter() - started
    assert statuses == [200] * 4
    assert LATENCY <= took < 2 * LATENCY, f"4 questions took {took:.2f} s"
    # Each was answered and logged in full, under a thread of its own.
    turns = Store(home).turns(limit=10)
    assert len(turns) == 5 and len({turn["thread"] for turn in turns}) == 5
    assert all(turn["verdict"] == "shown" and turn["shown"]["answer"] for turn in turns)  # type: ignore[index]


@pytest.fixture
def gated(home: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[TestClient, SlowAnswerer, threading.Event]]:
    """An app allowed two questions at once, over a model that answers only when let go."""
    monkeypatch.setenv("ROADLAW_MAX_CONCURRENT", "2")
    gate = threading.Event()
    answerer = SlowAnswerer(gate=gate)
    with served_with(home, answerer) as client:
        yield client, answerer, gate
        gate.set()


def test_past_the_bound_a_question_is_told_busy_with_retry_after(
    gated: tuple[TestClient, SlowAnswerer, threading.Event],
) -> None:
    client, answerer, gate = gated
    with ThreadPoolExecutor(2) as pool:
        held = [pool.submit(ask, client) for _ in range(2)]
        answerer.wait_for(2)
        refused = ask(client)
        assert refused.status_code == 503
        assert set(refused.json()) == {"error"}
        assert refused.json()["error"]["code"] == "busy"
        assert "2 at once" in refused.json()["error"]["message"]
        assert 1 <= int(refused.headers["retry-after"]) <= 30
        # A question that cannot be asked at all is told why, busy or not.
        assert ask(client, "").status_code == 422
        # The form keeps the learner's question on the page.
        form = client.post("/ask", data={"state": "MD", "question": "can I park by a hydrant"})
        assert form.status_code == 503 and "retry-after" in form.headers
        assert "can I park by a hydrant" in form.text
        # Reading is never turned away.
        assert client.get("/api/states").status_code == 200 and client.get("/").status_code == 200
        gate.set()
        assert [question.result().status_code for question in held] == [200, 200]
    # The slots are given back: the next question is answered.
    assert ask(client).status_code == 200
    assert answerer.started == 3


def test_the_bound_is_a_whole_number_of_one_or_more() -> None:
    assert Settings.from_env({}).max_concurrent == DEFAULT_MAX_CONCURRENT
    assert Settings.from_env({"ROADLAW_MAX_CONCURRENT": " 3 "}).max_concurrent == 3
    for bad in ("0", "-2", "many", "1.5"):
        with pytest.raises(BadSetting, match="ROADLAW_MAX_CONCURRENT") as raised:
            Settings.from_env({"ROADLAW_MAX_CONCURRENT": bad})
        assert "\n" not in str(raised.value)


def test_a_state_is_read_once_however_many_ask_for_it_at_once(home: Path) -> None:
    pipeline = Pipeline(home)
    reads: list[str] = []
    read = pipeline.store.laws_of

    def slow_read(state: str) -> Any:
        reads.append(state)
        time.sleep(0.05)  # room for every thread to arrive while the first reads
        return read(state)

    pipeline.store.laws_of = slow_read  # type: ignore[method-assign]
    with ThreadPoolExecutor(8) as pool:
        held = list(pool.map(lambda _: pipeline.laws_of("MD"), range(8)))
    assert reads == ["MD"]
    assert all(each is held[0] for each in held)


def test_the_table_takes_turns_from_many_threads_at_once(home: Path) -> None:
    store = Store(home)
    before = len(store.turns(limit=10_000))

    def log(number: int) -> int:
        thread = f"t{number % 4}"
        for _ in range(25):
            store.log_turn({"state": "MD", "thread": thread, "question": "q", "verdict": "shown", "shown": {}})
            assert store.thread_state(thread) == "MD"
            store.turns(thread=thread)
        return number

    with ThreadPoolExecutor(8) as pool:
        assert sorted(pool.map(log, range(8))) == list(range(8))
    assert len(store.turns(limit=10_000)) == before + 200
