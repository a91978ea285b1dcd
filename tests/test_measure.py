"""The scoring rules of shared/eval/README.md, on hand-made examples, and the eval command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from roadlaw.cli import main
from roadlaw.errors import BadQuestionFile
from roadlaw.measure import (
    FIRST,
    FOLLOW_UPS,
    eval_words,
    evaluate,
    evaluate_threads,
    figure_question,
    figures_right,
    holds_quote,
    holds_threads,
    judge,
    read_questions,
    read_threads,
    states_figure,
    table,
)


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


def test_a_figure_is_stated_whole_and_by_its_value() -> None:
    assert states_figure("Do not park within 15 feet of a hydrant.", "15")
    assert not states_figure("Do not park within 150 feet.", "15")
    assert not states_figure("At 1.5 or 2015 feet.", "15")
    assert states_figure("A BAC of .08 or more.", "0.08")
    assert states_figure("0.080 percent", "0.08")
    assert not states_figure("0.8 percent", "0.08")
    assert states_figure("Ten hours must be at night.", "10")
    assert states_figure("only one passenger under 21", "1")
    assert states_figure("1,000 feet", "1000")
    assert states_figure("they expire on the holder's 21st birthday", "21")
    assert states_figure("before your 16th birthday", "16") and not states_figure("your 16th birthday", "1")
    assert not states_figure("", "15")


def law(ident: str, text: str) -> dict[str, str]:
    return {"id": ident, "kind": "manual", "text": text}


HYDRANT_QUOTE = "Do not park within 15 feet of a fire hydrant."


def test_judge_right_wrong_refused_by_figure_then_quote() -> None:
    retrieved = [law("a", "Parking. Do not park within 15 feet of a fire hydrant. Signs."), law("b", "Stop at signs.")]
    figure_row = {"question": "q", "quote": HYDRANT_QUOTE, "figure": "15"}
    assert judge(figure_row, {"answer": "15 feet", "sources": [], "retrieved": []}) == "right"
    # With a figure, citing the right law is not enough: the answer must state it.
    assert judge(figure_row, {"answer": "Park far away.", "sources": ["a"], "retrieved": retrieved}) == "wrong"
    assert judge(figure_row, {"answer": "", "sources": [], "retrieved": retrieved}) == "refused"
    quote_row = {"question": "q", "quote": HYDRANT_QUOTE}
    assert (
        judge(quote_row, {"answer": "do not park within 15 feet of a fire hydrant", "sources": [], "retrieved": []})
        == "right"
    )
    assert judge(quote_row, {"answer": "Signs.", "sources": ["a"], "retrieved": retrieved}) == "right"
    assert judge(quote_row, {"answer": "Stop at signs.", "sources": ["b"], "retrieved": retrieved}) == "wrong"
    # A source that was not retrieved cannot be read, so it does not count as citing.
    assert judge(quote_row, {"answer": "Signs.", "sources": ["z"], "retrieved": retrieved}) == "wrong"
    assert judge({"question": "q", "quote": None}, {"answer": "x", "sources": [], "retrieved": []}) is None
    assert judge({"question": "q", "expect": "other", "quote": None}, {"answer": "x"}) is None


def test_evaluate_counts_right_wrong_refused_and_off_source() -> None:
    questions = [
        {"id": "a", "state": "CA", "question": "q", "quote": HYDRANT_QUOTE, "figure": "15"},
        {"id": "b", "state": "CA", "question": "q", "quote": HYDRANT_QUOTE, "figure": "15"},
        {"id": "c", "state": "NY", "question": "q", "quote": HYDRANT_QUOTE},
        {"id": "d", "state": "NY", "question": "q", "quote": None, "expect": "other"},
        {"id": "e", "state": "NY", "question": "q", "quote": None, "expect": "other"},
    ]
    answers = {"a": "15 feet", "b": "150 feet", "c": "", "d": "Something.", "e": ""}

    def answer(question: dict[str, object]) -> dict[str, object]:
        ident = str(question["id"])
        return {"id": ident, "retrieved": [law("x", HYDRANT_QUOTE)], "scope": None, "answer": answers[ident],
                "sources": [], "failed": None}  # fmt: skip

    scores = evaluate(questions, answer)
    overall = scores["overall"]
    assert overall["judged"] == 3 and overall["right"] == pytest.approx(1 / 3)
    assert overall["wrong"] == pytest.approx(1 / 3) and overall["refused"] == pytest.approx(1 / 3)
    assert overall["off_source"] == 2 and overall["answered_off_source"] == 0.5
    assert (
        scores["CA"]["right"] == 0.5 and scores["CA"]["off_source"] == 0 and scores["CA"]["answered_off_source"] is None
    )
    assert scores["NY"]["refused"] == 1.0 and scores["NY"]["answered_off_source"] == 0.5
    lines = table(scores).splitlines()
    assert lines[0].split()[-5:] == ["right", "wrong", "refusd", "offsrc", "answd"]
    assert lines[1].split()[-5:] == ["0.333", "0.333", "0.333", "2", "0.500"]


def test_threads_are_asked_in_order_and_scored_first_and_follow_up_apart(tmp_path: Path) -> None:
    threads = [
        {"id": "t1", "state": "CA", "turns": [
            {"question": "how close to a crosswalk", "quote": "within 20 feet of a crosswalk", "figure": "20"},
            {"question": "and a stop sign?", "quote": "within 30 feet of a stop sign", "figure": "30"}]},
        {"id": "t2", "state": "NY", "turns": [
            {"question": "right on red?", "quote": "you may turn right on red after a full stop"},
            {"question": "what about in the city", "quote": "not allowed to turn on red in the city"}]},
    ]  # fmt: skip
    seen: list[list[str]] = []

    def answer(row: dict[str, object], earlier: list[tuple[dict[str, object], dict[str, object]]]) -> dict[str, object]:
        seen.append([str(before["question"]) for before, _ in earlier])
        said = {"how close to a crosswalk": "20 feet", "and a stop sign?": "20 feet", "right on red?": ""}
        text = str(row["quote"]) if row["question"] == "what about in the city" else "nothing"
        return {"id": row["id"], "retrieved": [law("x", text)], "scope": None,
                "answer": said.get(str(row["question"]), "Not allowed to turn on red in the city."),
                "sources": [], "failed": None}  # fmt: skip

    out = tmp_path / "r.jsonl"
    scores = evaluate_threads(threads, answer, out)
    assert seen == [[], ["how close to a crosswalk"], [], ["right on red?"]]
    first, follow = scores[FIRST]["overall"], scores[FOLLOW_UPS]["overall"]
    assert (first["right"], first["refused"], first["recall@1"]) == (0.5, 0.5, 0.0)
    assert (follow["right"], follow["wrong"], follow["recall@1"]) == (0.5, 0.5, 0.5)
    assert scores[FOLLOW_UPS]["NY"]["right"] == 1.0 and scores[FOLLOW_UPS]["CA"]["wrong"] == 1.0
    assert [json.loads(line)["id"] for line in out.read_text().splitlines()] == ["t1/1", "t1/2", "t2/1", "t2/2"]


def test_a_file_is_read_as_threads_by_its_rows_and_bad_rows_name_their_line(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    turn = {"question": "how close to a hydrant", "quote": "15 feet", "figure": "15"}
    good = json.dumps({"id": "t", "state": "CA", "turns": [turn, {"question": "and a stop sign?"}]})
    path.write_text(good + "\n")
    assert holds_threads(path) and [len(each["turns"]) for each in read_threads(path)] == [2]
    with pytest.raises(BadQuestionFile, match=r"t.jsonl:1: a thread"):
        list(read_questions(path))
    path.write_text(good + "\n" + json.dumps({"id": "q", "state": "CA", "question": "hydrant?"}) + "\n")
    with pytest.raises(BadQuestionFile, match=r"t.jsonl:2: 'turns' is missing"):
        list(read_threads(path))
    path.write_text(json.dumps({"id": "t", "state": "CA", "turns": [turn, "and a stop sign?"]}) + "\n")
    with pytest.raises(BadQuestionFile, match=r"t.jsonl:1: turn 2 is not a JSON object"):
        list(read_threads(path))
    path.write_text(json.dumps({"id": "t", "state": "CA", "turns": [{**turn, "figure": "fifteen-ish"}]}) + "\n")
    with pytest.raises(BadQuestionFile, match=r"t.jsonl:1: turn 1: 'figure' 'fifteen-ish' is not a number"):
        list(read_threads(path))
    path.write_text(json.dumps({"id": "q", "state": "CA", "question": "hydrant?", "expect": "others"}) + "\n")
    assert not holds_threads(path)
    with pytest.raises(BadQuestionFile, match=r"t.jsonl:1: 'expect' is 'others'"):
        list(read_questions(path))


@pytest.mark.shared
def test_eval_takes_a_file_of_threads(data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    threads = tmp_path / "t.jsonl"
    threads.write_text(
        json.dumps({"id": "md", "state": "MD", "turns": [
            {"question": "How close to a fire hydrant may I park?", "figure": "15",
             "quote": "A person may not stand or park a vehicle within 15 feet of a fire hydrant."},
            {"question": "What is the capital of France?", "quote": None, "expect": "other"}]}) + "\n"
    )  # fmt: skip
    out = tmp_path / "r.jsonl"
    assert main(["eval", str(threads), "--out", str(out), "--mode", "words", "--json"]) == 0
    scores = json.loads(capsys.readouterr().out)
    assert scores[FIRST]["overall"]["right"] == 1.0 and scores[FIRST]["overall"]["questions"] == 1
    assert scores[FOLLOW_UPS]["overall"]["off_source"] == 1 and scores[FOLLOW_UPS]["overall"]["judged"] == 0
    assert [json.loads(line)["id"] for line in out.read_text().splitlines()] == ["md/1", "md/2"]
    assert main(["eval", str(threads), "--mode", "words"]) == 0
    printed = capsys.readouterr().out
    assert "first turns:" in printed and "follow-ups:" in printed
    assert main(["eval", str(threads), "--batch"]) == 2
    assert "--batch asks questions one by one" in capsys.readouterr().err
