"""The scoring rules of shared/eval/README.md, on hand-made examples, and the eval command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from roadlaw.cli import main
from roadlaw.errors import BadQuestionFile
from roadlaw.measure import eval_words, evaluate, figure_question, figures_right, holds_quote, read_questions


def test_words_fold_accents_and_quotes() -> None:
    assert eval_words("Don\u2019t park — Señal 15.5") == ["don", "t", "park", "senal", "15", "5"]


def test_found_needs_half_the_trigrams() -> None:
    quote = "Do not park within 15 feet of a fire hydrant."
    assert holds_quote("Rules: do not park within 15 feet of a hydrant, ever.", quote)
    assert not holds_quote("Park within reason near a hydrant of fire.", quote)
    assert holds_quote("stop here", "Stop")
    assert not holds_quote("go", "Stop")


QUESTION = {"question": "How close to a hydrant?", "choices": ["10 feet", "15 feet", "20 feet"], "answer": 1}


def test_figure_questions_and_rightness() -> None:
    assert figure_question(QUESTION)
    assert not figure_question({**QUESTION, "question": "Is it 15 feet?"})
    assert not figure_question({**QUESTION, "choices": ["15 feet", "15 feet", "no"]})
    assert figures_right(QUESTION, "You can't park within 15 feet.")
    assert not figures_right(QUESTION, "Within 15 or 20 feet.")
    assert not figures_right(QUESTION, "Not close.")


def test_evaluate_scores_overall_and_per_state(tmp_path: Path) -> None:
    questions = [
        {
            "id": "a",
            "state": "MD",
            "question": "q",
            "quote": "park within 15 feet of a hydrant",
            **{k: QUESTION[k] for k in ("choices", "answer")},
        },
        {"id": "b", "state": "TX", "question": "q", "quote": "stop at the red light now"},
        {"id": "c", "state": "TX", "question": "q", "quote": None},
    ]
    texts = {"a": ["nothing", "park within 15 feet of a hydrant"], "b": ["x"], "c": []}

    def answer(question: dict[str, object]) -> dict[str, object]:
        ident = str(question["id"])
        return {"id": ident, "retrieved": [{"id": t, "kind": "manual", "text": t} for t in texts[ident]],
                "scope": "road-law", "answer": "15 feet" if ident == "a" else "", "sources": [], "failed": None}  # fmt: skip

    scores = evaluate(questions, answer, tmp_path / "out.jsonl")
    assert scores["overall"]["recall@1"] == 0 and scores["overall"]["recall@3"] == 0.5
    assert scores["overall"]["figure_accuracy"] == 1.0 and scores["overall"]["refusals"] == pytest.approx(2 / 3)
    assert scores["TX"]["with_gold"] == 1 and scores["MD"]["recall@8"] == 1.0
    assert len((tmp_path / "out.jsonl").read_text().splitlines()) == 3


def test_a_malformed_question_file_names_the_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "q.jsonl"
    path.write_text('{"id": "a", "state": "MD", "question": "hydrant?"}\n\n{"id": "b", "state": "MD"\n')
    with pytest.raises(BadQuestionFile, match=r"q.jsonl:3: not JSON"):
        list(read_questions(path))
    path.write_text('{"id": "a", "state": "ZZ", "question": "hydrant?"}\n')
    assert main(["eval", str(path)]) == 2
    assert "q.jsonl:1: unknown state 'ZZ'" in capsys.readouterr().err
    path.write_text(
        '{"id": "a", "state": "MD", "question": "hydrant?"}\n{"id": "b", "state": "MD", "question": "hydrant?", "choices": ["15 feet", ""]}\n'
    )
    assert main(["eval", str(path)]) == 2
    assert "q.jsonl:2: choice 2 is empty" in capsys.readouterr().err


@pytest.mark.shared
def test_eval_writes_the_results_format(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("ROADLAW_HOME", str(home))
    questions = tmp_path / "q.jsonl"
    questions.write_text(
        json.dumps({"id": "h", "state": "MD", "lang": "en", "question": "How close to a fire hydrant may I park?",
                    "choices": ["10 feet", "15 feet"], "answer": 1,
                    "quote": "A person may not stand or park a vehicle within 15 feet of a fire hydrant."}) + "\n"
        + json.dumps({"id": "o", "state": "TX", "question": "What is the capital of France?"}) + "\n"
    )  # fmt: skip
    out = tmp_path / "r.jsonl"
    assert main(["eval", str(questions), "--out", str(out), "--mode", "words"]) == 0
    printed = capsys.readouterr().out
    assert "r@1" in printed and "MD" in printed
    first, second = (json.loads(line) for line in out.read_text().splitlines())
    assert set(first) == {"id", "retrieved", "scope", "answer", "sources", "failed"}
    assert first["retrieved"][0]["text"] and "15" in first["answer"]
    assert second["answer"] == "" and second["scope"] == "other"


@pytest.mark.shared
def test_eval_asks_with_the_choices_unless_told_the_question_only(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    questions = tmp_path / "q.jsonl"
    questions.write_text(
        json.dumps({"id": "c", "state": "MD", "question": "Which of these is the rule for parking in Maryland?",
                    "choices": ["Within 5 feet of a driveway", "Not within 15 feet of a fire hydrant", 3],
                    "answer": 1, "quote": "within 15 feet of a fire hydrant"}) + "\n"
    )  # fmt: skip
    out = tmp_path / "r.jsonl"
    assert main(["eval", str(questions), "--out", str(out), "--json"]) == 0
    with_choices = json.loads(capsys.readouterr().out)
    [line] = [json.loads(each) for each in out.read_text().splitlines()]
    assert "hydrant" in line["retrieved"][0]["text"] and "15 feet" in line["answer"]
    assert main(["eval", str(questions), "--out", str(out), "--json", "--question-only"]) == 0
    alone = json.loads(capsys.readouterr().out)
    [line] = [json.loads(each) for each in out.read_text().splitlines()]
    assert "hydrant" not in line["retrieved"][0]["text"]
    assert with_choices["overall"]["recall@1"] == 1.0 and alone["overall"]["recall@1"] == 0.0
