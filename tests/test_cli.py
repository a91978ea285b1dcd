"""The command line: what a learner types and reads, and one line for each bad input."""

from __future__ import annotations

import json
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import run

pytestmark = pytest.mark.shared


def test_ask_json_answers_15_feet_with_the_statute(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "ask", "--state", "MD", "--json", "how far from a fire hydrant can I park")
    assert code == 0
    reply = json.loads(out)
    assert set(reply) == {
        "scope", "answer", "came_from", "sources", "laws", "failed", "reason", "fallback", "note", "may_help",
    }  # fmt: skip
    assert reply["fallback"] is False and reply["note"] is None and reply["may_help"] == []
    assert "15 feet" in reply["answer"] and reply["failed"] is None
    assert reply["laws"][0]["kind"] == "statute" and "21-1003" in reply["laws"][0]["citation"]
    assert reply["sources"] == [law["id"] for law in reply["laws"]]


def test_ask_prints_the_answer_then_each_source(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "ask", "--state", "TX", "how far from a fire hydrant can I park")
    lines = out.splitlines()
    assert code == 0 and "15 feet" in lines[0]
    assert any(line.strip().startswith('"') for line in lines) and any("https://" in line for line in lines)


def test_off_topic_prints_the_apps_own_line(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "ask", "--state", "MD", "What is the capital of France?")
    assert code == 0 and out.strip().startswith("Maryland's sources don't say")


def test_retrieve_json(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "retrieve", "--state", "MD", "--json", "how far from a fire hydrant can I park")
    rows = json.loads(out)
    assert code == 0 and len(rows) == 8
    assert {"id", "kind", "text", "citation", "url", "words", "meaning"} <= set(rows[0]) <= {
        "id", "kind", "text", "citation", "url", "words", "meaning", "rule",
    }  # fmt: skip
    assert "hydrant" in rows[0]["text"] and rows[0]["words"]["rank"] >= 1
    # The law's words are given once: a rule only where it is not the text itself.
    assert all(row.get("rule") != row["text"] for row in rows)
    code, out, _ = run(capsys, "retrieve", "--state", "MD", "how far from a fire hydrant can I park")
    assert code == 0 and out.splitlines()[0].startswith("8 laws, best first") and " 1. " in out


def test_states_and_log(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "states", "--json")
    counts = {row["code"]: row["laws"] for row in json.loads(out)}
    assert code == 0 and len(counts) == 51 and counts["MD"] > 300 and counts["OH"] == 0
    run(capsys, "ask", "--state", "MD", "--thread", "mine", "how far from a fire hydrant can I park")
    code, out, _ = run(capsys, "log", "--json")
    [turn] = json.loads(out)
    assert turn["state"] == "MD" and turn["thread"] == "mine" and turn["retrieved"]
    assert turn["verdict"] == "shown" and "15 feet" in turn["shown"]["answer"] and "total_ms" in turn["timings"]
    code, out, _ = run(capsys, "log")
    assert "how far from a fire hydrant" in out


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


def test_bad_input_is_one_line_and_exit_2_and_the_log_survives(
    data: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run(capsys, "ask", "--state", "MD", "how far from a fire hydrant can I park")
    code, _, err = run(capsys, "ask", "--state", "ZZ", "hydrant?")
    assert code == 2 and "ZZ" in one_line(err) and "MD" in err and "TX" in err
    code, _, err = run(capsys, "ask", "--state", "MD", "  ")
    assert code == 2 and "empty" in one_line(err)
    code, _, err = run(capsys, "ask", "--state", "MD", "x" * 2001)
    assert code == 2 and "2000" in one_line(err)
    code, _, err = run(capsys, "ask", "--state", "OH", "hydrant?")
    assert code == 2 and "roadlaw build --state OH" in one_line(err)

    broken = tmp_path / "cards"
    broken.mkdir()
    (broken / "MD.toml").write_text('[[law]]\nid = "MD-S01"\nkind = "rumour"\n', encoding="utf-8")
    monkeypatch.setenv("ROADLAW_CARDS", str(broken))
    code, _, err = run(capsys, "ask", "--state", "MD", "hydrant?")
    assert code == 2 and "MD.toml" in one_line(err)
    monkeypatch.delenv("ROADLAW_CARDS")

    # Everything asked before is still in the log, whole.
    db = sqlite3.connect(data / "roadlaw.db")
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert db.execute("SELECT count(*) FROM turns").fetchone()[0] == 1


def test_ask_with_choices_answers_the_practice_question(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    question = "Which of these is the rule for parking in Maryland?"
    choices = ["Within 5 feet of a driveway", "Not within 15 feet of a fire hydrant", "Anywhere at night"]
    args = [arg for choice in choices for arg in ("--choice", choice)]
    code, out, _ = run(capsys, "ask", "--state", "MD", "--json", *args, question)
    assert code == 0 and "15 feet" in json.loads(out)["answer"]
    code, out, _ = run(capsys, "retrieve", "--state", "MD", "--json", *args, question)
    assert code == 0 and "hydrant" in json.loads(out)[0]["text"]
    code, _, err = run(capsys, "ask", "--state", "MD", "--choice", "15 feet", "--choice", " ", question)
    assert code == 2 and "choice 2 is empty" in one_line(err)
    code, _, err = run(capsys, "retrieve", "--state", "MD", *["--choice", "x"] * 9, question)
    assert code == 2 and "at most 8" in one_line(err)
    code, out, _ = run(capsys, "log", "--json")
    [turn] = json.loads(out)
    assert turn["shown"]["choices"] == choices


def test_an_unwritable_data_folder_is_named(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("ROADLAW_HOME", str(blocker / "home"))
    code, _, err = run(capsys, "ask", "--state", "MD", "hydrant?")
    assert code == 2 and str(blocker / "home") in one_line(err)


def test_the_console_command_runs(data: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "roadlaw", "ask", "--state", "ZZ", "hydrant?"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and done.stderr.startswith("roadlaw: unknown state")


def test_index_with_no_processes_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "index", "--state", "MD", "--jobs", "0")
    assert code == 2 and out == ""
    assert err.strip().count("\n") == 0 and "--jobs 0" in err and "1 or more" in err


def test_indexing_with_a_model_not_on_this_machine_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ROADLAW_EMBEDDER", "sentence-transformers:BAAI/bge-m3-not-on-this-machine")
    code, out, err = run(capsys, "index", "--state", "MD")
    assert code == 2 and out == "" and err.strip().count("\n") == 0
    assert "not found locally: BAAI/bge-m3-not-on-this-machine" in err and "nothing is downloaded" in err


def test_an_embedding_server_that_fails_stops_indexing_in_one_line(
    data: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import socket

    # A port nothing listens on: refused at once.
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    monkeypatch.setenv("ROADLAW_EMBEDDER", "openai")
    monkeypatch.setenv("ROADLAW_EMBED_BASE_URL", f"http://127.0.0.1:{port}/v1")
    monkeypatch.setenv("ROADLAW_EMBED_MODEL", "bge-m3")
    code, out, err = run(capsys, "index", "--state", "MD")
    assert code == 2 and "indexed with" not in out
    # The progress bar clears itself with carriage returns; what stays is one line.
    said = err.split("\r")[-1]
    assert said.startswith("roadlaw: indexing stopped:") and said.strip().count("\n") == 0
    assert "unreachable" in said


def test_ask_json_says_where_the_answer_came_from_and_why_nothing_was_shown(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "ask", "--state", "MD", "--json", "how far from a fire hydrant can I park")
    shown = json.loads(out)
    assert code == 0 and shown["came_from"] == "card" and shown["reason"] is None
    assert shown["laws"][0]["quote"] in shown["laws"][0]["citation"]
    code, out, _ = run(capsys, "ask", "--state", "MD", "--json", "how do I bake sourdough bread")
    shown = json.loads(out)
    assert shown["answer"] == "" and shown["came_from"] is None and shown["reason"] == "the sources don't say"


def test_topics_and_compare_list_every_state(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "topics", "--json")
    topics = json.loads(out)
    assert code == 0 and {"park-hydrant", "right-on-red", "supervised-hours"} <= {row["id"] for row in topics}
    code, out, _ = run(capsys, "compare", "park-hydrant", "--json")
    cells = json.loads(out)
    assert code == 0 and len(cells) == 50
    maryland = next(cell for cell in cells if cell["state"] == "MD")
    assert maryland["said"] == "card" and maryland["figure"] == "15" and "21-1003" in maryland["cards"][0]["citation"]
    code, out, _ = run(capsys, "topics", "--coverage", "--json")
    texas = next(row for row in json.loads(out) if row["state"] == "TX")
    assert "park-hydrant" in texas["covered"] and "park-hydrant" not in texas["not_yet"]
    code, _, err = run(capsys, "compare", "no-such-topic")
    assert code == 2 and "roadlaw topics" in err


def test_compare_takes_a_word_that_names_one_topic(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "compare", "hydrant")
    rows = [line for line in out.splitlines() if re.match(r"[A-Z]{2}  ", line)]
    assert code == 0 and out.startswith("Parking near a fire hydrant") and len({row[:2] for row in rows}) == 50
    iowa = next(row for row in rows if row.startswith("IA"))
    connecticut = next(row for row in rows if row.startswith("CT"))
    assert iowa.split()[1] == "5" and connecticut.split()[1] == "10"
    code, _, err = run(capsys, "compare", "park")
    assert code == 2 and "park-hydrant" in err and "park-curb" in err and "\n" not in err.strip()


def test_dc_says_no_sources_yet_never_a_build_command_that_fails(
    data: Path, capsys: pytest.CaptureFixture[str], sources: Path
) -> None:
    code, out, _ = run(capsys, "states")
    lines = {line[:2]: line for line in out.splitlines()}
    assert code == 0 and len(lines) == 51
    assert lines["DC"].split() == ["DC", "District", "of", "Columbia", "no", "sources", "yet"]
    assert lines["OH"].split()[-1] == "0" and int(lines["MD"].split()[-1]) > 300
    code, out, _ = run(capsys, "states", "--json")
    rows = {row["code"]: row for row in json.loads(out)}
    assert rows["DC"]["sources"] is False and all(row["sources"] for code, row in rows.items() if code != "DC")
    # Asked, built or indexed, DC is said to have no sources, in one line; nothing is attempted.
    for args in (
        ("ask", "--state", "DC", "hydrant?"),
        ("build", "--state", "DC", "--sources", str(sources)),
        ("index", "--state", "DC"),
    ):
        code, out, err = run(capsys, *args)
        assert code == 2 and one_line(err).startswith("roadlaw: no sources yet for District of Columbia (DC)"), args
        assert "roadlaw build" not in err and out == "", args
