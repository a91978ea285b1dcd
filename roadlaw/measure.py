"""Measuring: a question file through the app's own path, scored as shared/eval/README.md defines.

words      lower-cased runs of [a-z0-9], accents folded, curly quotes straightened
found@k    a law in the first k whose verbatim text holds at least half the gold
           quote's word trigrams (a quote under three words: all its words)
figures    over questions whose correct choice has figures the question lacks and
           no other choice has as the same set: the shown answer holds every figure
           of the correct choice and none that only wrong choices hold
refusals   the share answered with nothing
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


def read_questions(path: Path) -> Iterator[dict[str, Any]]:
    """Each question of a JSONL file, or BadQuestionFile naming the line and what is wrong."""
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
        for key in ("id", "state", "question"):
            if not isinstance(item.get(key), str) or not item[key].strip():
                raise BadQuestionFile(f"{path}:{number}: {key!r} is missing or not a string")
        if item["state"].upper() not in STATES:
            raise BadQuestionFile(f"{path}:{number}: unknown state {item['state']!r}")
        quote = item.get("quote")
        if quote is not None and not isinstance(quote, str):
            raise BadQuestionFile(f"{path}:{number}: 'quote' is not a string or null")
        if "choices" in item and not isinstance(item["choices"], list):
            raise BadQuestionFile(f"{path}:{number}: 'choices' is not a list")
        try:
            # Asked with the question unless --question-only: checked as a learner's would be.
            validate_choices(choices_of(item))
        except BadQuestion as error:
            raise BadQuestionFile(f"{path}:{number}: {error}") from None
        yield item


@dataclass
class Tally:
    gold: int = 0
    found: dict[int, int] = field(default_factory=lambda: {k: 0 for k in KS})
    figure_questions: int = 0
    figure_right: int = 0
    questions: int = 0
    refused: int = 0

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

    def summary(self) -> dict[str, Any]:
        return {
            **{f"recall@{k}": (self.found[k] / self.gold if self.gold else None) for k in KS},
            "figure_accuracy": self.figure_right / self.figure_questions if self.figure_questions else None,
            "refusals": self.refused / self.questions if self.questions else None,
            "questions": self.questions,
            "with_gold": self.gold,
            "figure_questions": self.figure_questions,
        }


Answer = Callable[[dict[str, Any]], dict[str, Any]]


def evaluate(
    questions: list[dict[str, Any]],
    answer: Answer,
    out: Path | None = None,
    progress: Callable[[], None] | None = None,
) -> dict[str, dict[str, Any]]:
    """Run each question through `answer`, write the results file, and score overall and per state."""
    overall = Tally()
    per_state: dict[str, Tally] = defaultdict(Tally)
    handle = out.open("w", encoding="utf-8") if out else None
    try:
        for question in questions:
            try:
                result = answer(question)
            except RoadlawError as error:
                result = {"id": question["id"], "retrieved": [], "scope": None, "answer": "", "sources": [],
                          "failed": None, "error": str(error)}  # fmt: skip
            overall.add(result, question)
            per_state[question["state"].upper()].add(result, question)
            if handle:
                handle.write(json.dumps(result, ensure_ascii=False) + "\n")
            if progress:
                progress()
    finally:
        if handle:
            handle.close()
    scores = {"overall": overall.summary()}
    scores.update({state: tally.summary() for state, tally in sorted(per_state.items())})
    return scores


def table(scores: dict[str, dict[str, Any]]) -> str:
    """The scores as a plain table."""

    def cell(value: Any) -> str:
        return "   -  " if value is None else f"{value:6.3f}"

    lines = [f"{'':8} {'n':>5} {'r@1':>6} {'r@3':>6} {'r@8':>6} {'figs':>6} {'refuse':>6}"]
    for name, row in scores.items():
        lines.append(
            f"{name:8} {row['questions']:5d} {cell(row['recall@1'])} {cell(row['recall@3'])} "
            f"{cell(row['recall@8'])} {cell(row['figure_accuracy'])} {cell(row['refusals'])}"
        )
    return "\n".join(lines)
