"""Whose threads are whose, what the log keeps (ROADLAW_LOG, log --prune), and what the access log leaves out."""

from __future__ import annotations

import json
import re
import sqlite3
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import AbstractContextManager, closing, nullcontext
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from fastapi.testclient import TestClient

from roadlaw.answering.base import Asked, Failed, Reply, Turn
from roadlaw.pipeline import Pipeline
from roadlaw.store import MIGRATIONS, THREAD_MEMORY, Store
from roadlaw.web import create_app
from roadlaw.web.server import config_for
from tests.fake_provider import closed_port
from tests.helpers import HYDRANT, run

pytestmark = pytest.mark.shared

SEAT_BELT = "do I have to wear a seat belt"


def turns_of(home: Path, thread: str | None = None) -> list[dict[str, Any]]:
    store = Store(home)
    try:
        return store.turns(thread=thread, limit=1000)
    finally:
        store.close()


def every_turn(home: Path) -> list[dict[str, Any]]:
    """Every row of the log, whatever a thread still remembers."""
    with closing(sqlite3.connect(home / "roadlaw.db")) as db:
        db.row_factory = sqlite3.Row
        return [dict(row) for row in db.execute("SELECT * FROM turns ORDER BY n")]


def thread_rows(home: Path) -> dict[str, tuple[str, str]]:
    with closing(sqlite3.connect(home / "roadlaw.db")) as db:
        return {row[0]: (row[1], row[2]) for row in db.execute("SELECT id, state, origin FROM threads")}


@pytest.fixture
def client(home: Path) -> Iterator[TestClient]:
    with TestClient(create_app(Pipeline(home))) as test_client:
        yield test_client


# -- the command line's threads and the web app's ----------------------------------------------


def test_a_command_line_thread_is_neither_shown_nor_continued_on_the_web(
    data: Path, client: TestClient, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, _ = run(capsys, "ask", "--state", "MD", "--thread", "mine", HYDRANT)
    assert code == 0 and thread_rows(data)["mine"] == ("MD", "cli")
    page = client.get("/?thread=mine")
    assert page.status_code == 200 and HYDRANT not in page.text and 'class="turn"' not in page.text
    response = client.post("/api/ask", json={"state": "MD", "question": SEAT_BELT, "thread": "mine"})
    assert response.status_code == 404 and response.json()["error"]["code"] == "unknown_thread"
    form = client.post("/ask", data={"state": "MD", "question": SEAT_BELT, "thread": "mine"})
    assert form.status_code == 200 and 'value="mine"' not in form.text
    assert [turn["question"] for turn in turns_of(data, "mine")] == [HYDRANT]


def test_the_web_mints_unguessable_ids_and_the_command_line_cannot_write_into_them(
    data: Path, client: TestClient, capsys: pytest.CaptureFixture[str]
) -> None:
    thread = client.post("/api/ask", json={"state": "MD", "question": HYDRANT}).json()["thread"]
    assert re.fullmatch(r"[A-Za-z0-9_-]{22,}", thread) and thread_rows(data)[thread] == ("MD", "web")
    code, _, err = run(capsys, "ask", "--state", "MD", "--thread", thread, SEAT_BELT)
    assert code == 2 and "in use elsewhere" in err
    assert [turn["question"] for turn in turns_of(data, thread)] == [HYDRANT]
    # A follow-up on the web reads it as before.
    again = client.post("/api/ask", json={"state": "MD", "question": SEAT_BELT, "thread": thread})
    assert again.status_code == 200 and len(turns_of(data, thread)) == 2


def test_an_id_shaped_like_the_servers_but_never_minted_is_404(client: TestClient, home: Path) -> None:
    made_up = "A" * 22
    response = client.post("/api/ask", json={"state": "MD", "question": HYDRANT, "thread": made_up})
    assert response.status_code == 404 and response.json()["error"]["code"] == "unknown_thread"
    assert every_turn(home) == []


def test_the_migration_gives_old_threads_their_origin(tmp_path: Path) -> None:
    home = tmp_path / "old"
    home.mkdir()
    minted = "abcDEF123_-abcDEF123_-"[:22]
    with closing(sqlite3.connect(home / "roadlaw.db")) as db:
        for migration in MIGRATIONS[:2]:
            migration(db)
        db.execute("PRAGMA user_version = 2")
        db.executemany(
            "INSERT INTO threads VALUES (?,?,?)",
            [("mine", "MD", "2026-01-01T00:00:00Z"), (minted, "MD", "2026-01-01T00:00:00Z")],
        )
        db.commit()
    store = Store(home)
    assert store.thread_of("mine") == ("MD", "cli") and store.thread_of(minted) == ("MD", "web")
    assert store.thread_state("mine", origin="web") is None and store.thread_state(minted, origin="web") == "MD"


# -- ROADLAW_LOG -----------------------------------------------------------------------------------


class Listening:
    """An answer in the laws' own words, keeping the thread each question came with."""

    name = "listening"

    def __init__(self) -> None:
        self.histories: list[list[Turn]] = []

    def answer(self, asked: Asked) -> Reply | Failed:
        self.histories.append(list(asked.history))
        return Reply("road-law", "", [])

    def within_deadline(self) -> AbstractContextManager[None]:
        return nullcontext()


def test_redacted_keeps_ids_verdicts_and_timings_but_no_words(
    data: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("ROADLAW_LOG", "redacted")
    code, out, _ = run(capsys, "ask", "--state", "MD", "--choice", "10 feet", "--choice", "15 feet", HYDRANT)
    assert code == 0 and "15 feet" in out
    [turn] = every_turn(data)
    assert turn["question"] == "" and turn["redacted"] == 1
    shown = json.loads(turn["shown"])
    assert "answer" not in shown and "choices" not in shown and shown["sources"][0].startswith("MD-")
    assert json.loads(turn["retrieved"]) and "total_ms" in json.loads(turn["timings"]) and turn["verdict"] == "shown"
    row_text = json.dumps(turn)
    assert "hydrant" not in row_text and "15 feet" not in row_text
    code, out, _ = run(capsys, "log")
    assert code == 0 and "(redacted)" in out and "hydrant" not in out


def test_a_redacted_verdict_keeps_its_name_only() -> None:
    from roadlaw.store import without_words

    kept = without_words(
        {
            "question": "q",
            "verdict": "figures no cited law states: 20 feet",
            "reply": {"scope": "road-law", "answer": "20 feet", "sources": ["MD-S01"]},
            "shown": {"answer": "a", "sources": ["MD-S01"], "language": "english", "choices": ["x"]},
        }
    )
    assert kept == {
        "question": "",
        "verdict": "figures no cited law states",
        "reply": {"scope": "road-law", "sources": ["MD-S01"]},
        "shown": {"sources": ["MD-S01"], "language": "english"},
    }


@pytest.mark.parametrize("mode", ["redacted", "off"])
def test_a_thread_remembers_its_turns_for_a_while_then_forgets_their_words(home: Path, mode: str) -> None:
    listening = Listening()
    pipeline = Pipeline(home, answerer=listening, log_mode=mode)
    pipeline.ask("MD", HYDRANT, thread="t")
    pipeline.ask("MD", SEAT_BELT, thread="t")
    assert [turn.question for turn in listening.histories[1]] == [HYDRANT]
    # Past the thread's memory: the next question reads nothing of it, and the words are gone.
    pipeline.store.clock = lambda: time.time() + THREAD_MEMORY + 60
    pipeline.ask("MD", "and at night?", thread="t")
    assert listening.histories[2] == []
    rows = every_turn(home)
    if mode == "redacted":
        assert [row["question"] for row in rows] == ["", "", "and at night?"]
        assert all(row["redacted"] == 1 for row in rows[:2]) and rows[2]["forget"] == "words"
    else:
        assert [row["question"] for row in rows] == ["and at night?"] and rows[0]["forget"] == "turn"
    assert HYDRANT not in json.dumps(rows)


def test_off_keeps_nothing_of_a_question_asked_alone(
    data: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("ROADLAW_LOG", "off")
    code, out, _ = run(capsys, "ask", "--state", "MD", HYDRANT)
    assert code == 0 and "15 feet" in out and every_turn(data) == []


def test_off_still_lets_the_web_follow_up_and_then_forgets_the_thread(home: Path) -> None:
    pipeline = Pipeline(home, log_mode="off")
    with TestClient(create_app(pipeline)) as client:
        thread = client.post("/api/ask", json={"state": "MD", "question": HYDRANT}).json()["thread"]
        again = client.post("/api/ask", json={"state": "MD", "question": SEAT_BELT, "thread": thread})
        assert again.status_code == 200 and again.json()["thread"] == thread
        pipeline.store.clock = lambda: time.time() + THREAD_MEMORY + 60
        assert pipeline.store.forget_due() == 2
    assert every_turn(home) == [] and thread not in thread_rows(home)


def test_a_log_setting_that_is_not_one_is_one_line(
    data: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("ROADLAW_LOG", "of")
    code, out, err = run(capsys, "ask", "--state", "MD", HYDRANT)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "ROADLAW_LOG" in err and "full, redacted, off" in err
    assert every_turn(data) == []


# -- roadlaw log --prune -------------------------------------------------------------------------


def test_prune_deletes_old_turns_and_their_words_leave_the_file(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    secret = "zebracrossing-words-nobody-else-uses"
    store = Store(data)
    store.log_turn(
        {
            "at": "2020-01-01T00:00:00Z",
            "state": "MD",
            "thread": "old",
            "question": secret,
            "verdict": "shown",
            "shown": {"answer": secret},
        }
    )
    store.close()
    run(capsys, "ask", "--state", "MD", HYDRANT)
    code, out, _ = run(capsys, "log", "--prune", "--older-than", "30d")
    assert code == 0 and out.strip() == "pruned 1 turns and 1 threads logged more than 30d ago"
    assert [turn["question"] for turn in every_turn(data)] == [HYDRANT] and "old" not in thread_rows(data)
    held = b"".join(path.read_bytes() for path in data.glob("roadlaw.db*"))
    assert secret.encode() not in held


@pytest.mark.parametrize(
    "args",
    [
        ("log", "--prune"),
        ("log", "--older-than", "30d"),
        ("log", "--prune", "--older-than", "30"),
        ("log", "--prune", "--older-than", "thirty days"),
        ("log", "--prune", "--older-than=-3d"),
    ],
)
def test_prune_without_a_span_it_can_read_is_one_line(
    data: Path, capsys: pytest.CaptureFixture[str], args: tuple[str, ...]
) -> None:
    run(capsys, "ask", "--state", "MD", HYDRANT)
    code, out, err = run(capsys, *args)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and "--older-than" in err
    assert len(every_turn(data)) == 1


# -- the access log --------------------------------------------------------------------------------


def test_the_access_log_leaves_out_the_thread_in_the_address(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    port = closed_port()
    server = uvicorn.Server(config_for("127.0.0.1", port, 1, "info"))
    running = threading.Thread(target=server.run, daemon=True)
    running.start()
    try:
        for _ in range(200):
            if server.started:
                break
            time.sleep(0.05)
        assert server.started
        secret = "Zq9secretThreadId_abcde"
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/?thread={secret}&state=MD", timeout=30) as page:
            assert page.status == 200
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=30) as health:
            assert health.status == 200
    finally:
        server.should_exit = True
        running.join(timeout=30)
    out, err = capsys.readouterr()
    assert '"GET / HTTP/1.1" 200' in out and '"GET /healthz HTTP/1.1" 200' in out
    assert secret not in out + err and "thread=" not in out + err


def test_a_minted_thread_id_never_opens_with_a_dash_a_command_line_would_read_as_an_option() -> None:
    from roadlaw.web.service import new_thread

    # One url-safe id in 64 opens with "-": among 2,000, about 31 would.
    minted = {new_thread() for _ in range(2000)}
    assert len(minted) == 2000
    assert not any(thread.startswith("-") for thread in minted)
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{22}", thread) for thread in minted)
