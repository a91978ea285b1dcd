"""Measuring: a question file through the app's own path, scored as shared/eval/README.md defines.

words      lower-cased runs of [a-z0-9], accents folded, curly quotes straightened
found@k    a law in the first k whose verbatim text holds at least half the gold
           quote's word trigrams (a quote under three words: all its words)
figures    over questions whose correct choice has figures the question lacks and
           no other choice has as the same set: the shown answer holds every figure
           of the correct choice and none that only wrong choices hold
refusals   the share answered with nothing
right      over rows with a gold `figure` or `quote`: the shown answer states the figure
           (or, with no figure, holds or cites the quote); wrong when it says something
           else; refused when it is empty (judge)
off-source rows marked `expect: "other"`: nothing is right, any answer is wrong
threads    a file of `turns` rows: each thread asked in order, its first turns and its
           follow-ups scored apart (evaluate_threads)
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from roadlaw.answering.figures import figures_in
from roadlaw.errors import BadQuestion, BadQuestionFile, RoadlawError
from roadlaw.pipeline import validate_choices
from roadlaw.states import STATES

KS = (1, 3, 8)


def eval_words(text: str) -> list[str]:
    text = text.replace("\u2018", "'").replace("\u2019", "'").replace("\u201c", '"').replace("\u201d", '"')
    folded = "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(c))
    return re.findall(r"[a-z0-9]+", folded)


def trigrams(words: list[str]) -> set[tuple[str, ...]]:
    return {tuple(words[at : at + 3]) for at in range(len(words) - 2)}


def holds_quote(text: str, quote: str) -> bool:
    """Whether a law's verbatim text holds the gold quote, as the scoring rules define it."""
    gold = eval_words(quote)
    own = eval_words(text)
    if len(gold) < 3:
        return bool(gold) and set(gold) <= set(own)
    wanted = trigrams(gold)
    return len(wanted & trigrams(own)) * 2 >= len(wanted)


_FIGURE = re.compile(r"\d+(?:\.\d+)?")


def figures(text: str) -> set[str]:
    return set(_FIGURE.findall(text))


def figure_question(question: dict[str, Any]) -> bool:
    """Whether the figure accuracy counts this question."""
    choices = question.get("choices")
    answer = question.get("answer")
    if not isinstance(choices, list) or not isinstance(answer, int) or not 0 <= answer < len(choices):
        return False
    correct = figures(str(choices[answer]))
    if not correct - figures(str(question.get("question", ""))):
        return False
    return not any(figures(str(choice)) == correct for at, choice in enumerate(choices) if at != answer)


def figures_right(question: dict[str, Any], shown: str) -> bool:
    choices = [str(choice) for choice in question["choices"]]
    correct = figures(choices[question["answer"]])
    wrong = set().union(*(figures(choice) for at, choice in enumerate(choices) if at != question["answer"]))
    said = figures(shown)
    return correct <= said and not (said & (wrong - correct))


def choices_of(question: dict[str, Any]) -> list[str]:
    """A question file's answer choices, as the texts a learner would see ([] for none)."""
    return [str(choice) for choice in question.get("choices") or []]


_ORDINAL = re.compile(r"(?<![\w.,])(\d+)(?:st|nd|rd|th)\b", re.I)


def states_figure(answer: str, figure: str) -> bool:
    """Whether `answer` states the gold `figure`, as a whole figure and by its value.

    Figures are read as roadlaw.answering.figures reads them: whole runs of digits
    (with thousands commas and a decimal part), so "15" is not found inside "150",
    "1.5" or "2015", and compared by value, so "0.08" matches ".08" and "10" matches
    "10.0". Number words count ("ten hours" states 10), and so does a lone "one":
    a shown answer that says "one passenger" states the figure 1, and so do ordinals ("your 21st
    birthday" states 21).
    """
    wanted = figures_in(figure)
    said = figures_in(answer)
    if re.search(r"\bone\b", answer, re.I):
        said.add("1")
    said.update(_ORDINAL.findall(answer))
    return bool(wanted) and wanted <= said


def judge(question: dict[str, Any], result: dict[str, Any]) -> str | None:
    """ "right", "wrong" or "refused" for a row with a gold figure or quote; None for other rows.

    Right when the shown answer states the `figure`; for a row without one, when the
    answer holds the gold quote or cites it (one of its `sources` is a retrieved law
    whose text holds it). A row marked `expect: "other"` is judged apart (off_source).
    """
    if question.get("expect") == "other":
        return None
    figure = question.get("figure")
    quote = question.get("quote")
    if figure is None and not quote:
        return None
    answer = str(result.get("answer") or "")
    if not answer.strip():
        return "refused"
    if figure is not None:
        return "right" if states_figure(answer, str(figure)) else "wrong"
    cited = set(result.get("sources") or [])
    texts = [law["text"] for law in result.get("retrieved") or [] if law.get("id") in cited]
    if holds_quote(answer, str(quote)) or any(holds_quote(text, str(quote)) for text in texts):
        return "right"
    return "wrong"


def _rows(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """Each JSON object of a JSONL file with its line number; BadQuestionFile names a bad line."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise BadQuestionFile(f"{path}: cannot be read ({error})") from None
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
        except json.JSONDecodeError as error:
            raise BadQuestionFile(f"{path}:{number}: not JSON ({error.msg})") from None
        if not isinstance(item, dict):
            raise BadQuestionFile(f"{path}:{number}: not a JSON object")
        yield number, item


# A gold figure is written in digits, as the README's "15", "0.02", "50".
_GOLD_FIGURE = re.compile(r"\d[\d,]*(?:\.\d+)?|\.\d+")


def _checked_gold(item: dict[str, Any], where: str) -> None:
    """The question, quote, figure, expect and choices of one question or turn, or BadQuestionFile."""
    if not isinstance(item.get("question"), str) or not item["question"].strip():
        raise BadQuestionFile(f"{where}: 'question' is missing or not a string")
    quote = item.get("quote")
    if quote is not None and not isinstance(quote, str):
        raise BadQuestionFile(f"{where}: 'quote' is not a string or null")
    figure = item.get("figure")
    if figure is not None and (isinstance(figure, bool) or not _GOLD_FIGURE.fullmatch(str(figure).strip())):
        raise BadQuestionFile(f"{where}: 'figure' {figure!r} is not a number")
    expect = item.get("expect")
    if expect is not None and expect != "other":
        raise BadQuestionFile(f"{where}: 'expect' is {expect!r}; the only expectation is \"other\"")
    if "choices" in item and not isinstance(item["choices"], list):
        raise BadQuestionFile(f"{where}: 'choices' is not a list")
    try:
        # Asked with the question unless --question-only: checked as a learner's would be.
        validate_choices(choices_of(item))
    except BadQuestion as error:
        raise BadQuestionFile(f"{where}: {error}") from None


def _checked_row(path: Path, number: int, item: dict[str, Any]) -> None:
    where = f"{path}:{number}"
    for key in ("id", "state"):
        if not isinstance(item.get(key), str) or not item[key].strip():
            raise BadQuestionFile(f"{where}: {key!r} is missing or not a string")
    if item["state"].upper() not in STATES:
        raise BadQuestionFile(f"{where}: unknown state {item['state']!r}")


def read_questions(path: Path) -> Iterator[dict[str, Any]]:
    """Each question of a JSONL file, or BadQuestionFile naming the line and what is wrong."""
    for number, item in _rows(path):
        if "turns" in item:
            raise BadQuestionFile(f"{path}:{number}: a thread (it has 'turns') in a file of questions")
        _checked_row(path, number, item)
        _checked_gold(item, f"{path}:{number}")
        yield item


def read_threads(path: Path) -> Iterator[dict[str, Any]]:
    """Each thread of a JSONL file: an id, a state and its `turns`, each turn a question with its gold."""
    for number, item in _rows(path):
        _checked_row(path, number, item)
        turns = item.get("turns")
        if not isinstance(turns, list) or not turns:
            raise BadQuestionFile(f"{path}:{number}: 'turns' is missing or not a list of turns (in a file of threads)")
        for at, turn in enumerate(turns, start=1):
            if not isinstance(turn, dict):
                raise BadQuestionFile(f"{path}:{number}: turn {at} is not a JSON object")
            _checked_gold(turn, f"{path}:{number}: turn {at}")
        yield item


def holds_threads(path: Path) -> bool:
    """Whether a question file is a file of threads: its first row has `turns`."""
    for _, item in _rows(path):
        return "turns" in item
    return False


@dataclass
class Tally:
    gold: int = 0
    found: dict[int, int] = field(default_factory=lambda: {k: 0 for k in KS})
    figure_questions: int = 0
    figure_right: int = 0
    questions: int = 0
    refused: int = 0
    judged: dict[str, int] = field(default_factory=lambda: {"right": 0, "wrong": 0, "refused": 0})
    off_source: int = 0
    answered_off_source: int = 0

    def add(self, result: dict[str, Any], question: dict[str, Any]) -> None:
        self.questions += 1
        if not result["answer"]:
            self.refused += 1
        quote = question.get("quote")
        if quote:
            self.gold += 1
            texts = [law["text"] for law in result["retrieved"]]
            for k in KS:
                if any(holds_quote(text, quote) for text in texts[:k]):
                    self.found[k] += 1
        if figure_question(question):
            self.figure_questions += 1
            if figures_right(question, result["answer"]):
                self.figure_right += 1
        verdict = judge(question, result)
        if verdict is not None:
            self.judged[verdict] += 1
        if question.get("expect") == "other":
            self.off_source += 1
            if str(result["answer"]).strip():
                self.answered_off_source += 1

    def summary(self) -> dict[str, Any]:
        judged = sum(self.judged.values())
        return {
            **{f"recall@{k}": (self.found[k] / self.gold if self.gold else None) for k in KS},
            "figure_accuracy": self.figure_right / self.figure_questions if self.figure_questions else None,
            "refusals": self.refused / self.questions if self.questions else None,
            "questions": self.questions,
            "with_gold": self.gold,
            "figure_questions": self.figure_questions,
            **{name: (count / judged if judged else None) for name, count in self.judged.items()},
            "judged": judged,
            "off_source": self.off_source,
            "answered_off_source": self.answered_off_source / self.off_source if self.off_source else None,
        }


Answer = Callable[[dict[str, Any]], dict[str, Any]]
# One turn of a thread answered after the earlier ones: the turn's question row (with the
# thread's state), and each earlier turn's row with what was shown for it.
ThreadAnswer = Callable[[dict[str, Any], list[tuple[dict[str, Any], dict[str, Any]]]], dict[str, Any]]


def _answered(ident: str, answer: Callable[..., dict[str, Any]], *asked: Any) -> dict[str, Any]:
    """`answer(*asked)`, or an empty result holding the error when the question cannot be asked."""
    try:
        return answer(*asked)
    except RoadlawError as error:
        return {"id": ident, "retrieved": [], "scope": None, "answer": "", "sources": [],
                "failed": None, "error": str(error)}  # fmt: skip


class _Scores:
    """Tallies overall and per state."""

    def __init__(self) -> None:
        self.overall = Tally()
        self.per_state: dict[str, Tally] = defaultdict(Tally)

    def add(self, result: dict[str, Any], question: dict[str, Any]) -> None:
        self.overall.add(result, question)
        self.per_state[question["state"].upper()].add(result, question)

    def summary(self) -> dict[str, dict[str, Any]]:
        scores = {"overall": self.overall.summary()}
        scores.update({state: tally.summary() for state, tally in sorted(self.per_state.items())})
        return scores


def evaluate(
    questions: list[dict[str, Any]],
    answer: Answer,
    out: Path | None = None,
    progress: Callable[[], None] | None = None,
) -> dict[str, dict[str, Any]]:
    """Run each question through `answer`, write the results file, and score overall and per state."""
    scores = _Scores()
    handle = out.open("w", encoding="utf-8") if out else None
    try:
        for question in questions:
            result = _answered(question["id"], answer, question)
            scores.add(result, question)
            if handle:
                handle.write(json.dumps(result, ensure_ascii=False) + "\n")
            if progress:
                progress()
    finally:
        if handle:
            handle.close()
    return scores.summary()


FIRST, FOLLOW_UPS = "first turns", "follow-ups"


def evaluate_threads(
    threads: list[dict[str, Any]],
    answer: ThreadAnswer,
    out: Path | None = None,
    progress: Callable[[], None] | None = None,
) -> dict[str, dict[str, dict[str, Any]]]:
    """Ask each thread's turns in order, each after the ones before it, and score first
    turns and follow-ups apart (a follow-up is any turn after the first).

    Each turn's result is written as its own line, its id the thread's with "/N" for turn N.
    """
    scores = {FIRST: _Scores(), FOLLOW_UPS: _Scores()}
    handle = out.open("w", encoding="utf-8") if out else None
    try:
        for thread in threads:
            earlier: list[tuple[dict[str, Any], dict[str, Any]]] = []
            for number, turn in enumerate(thread["turns"], start=1):
                row = {**turn, "id": f"{thread['id']}/{number}", "state": thread["state"]}
                result = _answered(row["id"], answer, row, list(earlier))
                scores[FIRST if number == 1 else FOLLOW_UPS].add(result, row)
                earlier.append((row, result))
                if handle:
                    handle.write(json.dumps(result, ensure_ascii=False) + "\n")
            if progress:
                progress()
    finally:
        if handle:
            handle.close()
    return {name: each.summary() for name, each in scores.items()}


def table(scores: dict[str, dict[str, Any]]) -> str:
    """The scores as a plain table: retrieval, figures and refusals, then right / wrong /
    refused over the judged rows and how many off-source rows were answered."""

    def cell(value: Any) -> str:
        return "   -  " if value is None else f"{value:6.3f}"

    lines = [
        f"{'':8} {'n':>5} {'r@1':>6} {'r@3':>6} {'r@8':>6} {'figs':>6} {'refuse':>6}"
        f" {'right':>6} {'wrong':>6} {'refusd':>6} {'offsrc':>6} {'answd':>6}"
    ]
    for name, row in scores.items():
        lines.append(
            f"{name:8} {row['questions']:5d} {cell(row['recall@1'])} {cell(row['recall@3'])} "
            f"{cell(row['recall@8'])} {cell(row['figure_accuracy'])} {cell(row['refusals'])} "
            f"{cell(row['right'])} {cell(row['wrong'])} {cell(row['refused'])} "
            f"{row['off_source']:6d} {cell(row['answered_off_source'])}"
        )
    return "\n".join(lines)
