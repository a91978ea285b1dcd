"""False withholds of the check on the dev set: a fake model that answers with the law's own rule.

    ROADLAW_HOME=/work/data python benchmarks/bench_check.py [--questions FILE] [--show N]

Each dev question is asked through the real pipeline (fused retrieval with the
configured embedder, the check, nothing logged) with an answerer in place of the
model that answers with the first retrieved law's own rule, citing it. Every such
answer is grounded by construction, so each one the check withholds is a false
withhold. Printed per way of answering, with the verdicts that withheld:

    sentences       the rule's first two sentences (a law's rule as a model would give it)
    in digits       the same with number words in digits, as the rules ask a model to write figures
    two cited       the same, citing the first and the second retrieved law
    whole rule      the rule whole, however long (a manual passage runs to 2,077 characters)
    offline         the offline answer (no model), under its own bound

Each question is asked alone, as a learner types it, and with its answer choices.

Then a paraphrase, which the dev set cannot give: each committed card's plain rule
(written by hand from its source) checked as a model's answer against the card's
quoted source words alone, as if the model had paraphrased the quote. A quote is
often one item of a list, so a rule that names what the list is about ("park")
is unsupported by the item alone: this line is an upper bound on paraphrase
withholds, not a false-withhold rate.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from collections import Counter
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path

from roadlaw.answering.base import Answerer, Asked, Failed, Reply
from roadlaw.answering.check import check
from roadlaw.answering.claims import sentences_of
from roadlaw.answering.figures import in_digits
from roadlaw.assemble import open_pipeline
from roadlaw.corpus import Law, load_cards
from roadlaw.measure import choices_of, read_questions
from roadlaw.settings import Settings

Answering = Callable[[list[Law]], tuple[str, list[str]]]


def first_sentences(law: Law) -> str:
    return " ".join(sentences_of(law.law)[:2])


WAYS: dict[str, Answering] = {
    "sentences": lambda laws: (first_sentences(laws[0]), [laws[0].id]),
    "in digits": lambda laws: (in_digits(first_sentences(laws[0])), [laws[0].id]),
    "two cited": lambda laws: (in_digits(first_sentences(laws[0])), [law.id for law in laws[:2]]),
    "whole rule": lambda laws: (laws[0].law, [laws[0].id]),
}


class OwnRule:
    """A fake model: answers with the first retrieved law's rule, as `way` puts it."""

    name = "own-rule"

    def __init__(self, way: Answering) -> None:
        self.way = way

    def answer(self, asked: Asked) -> Reply | Failed:
        if not asked.laws:
            return Reply("other", "", [])
        answer, sources = self.way(asked.laws)
        return Reply("road-law", answer, sources)

    def within_deadline(self) -> AbstractContextManager[None]:
        return nullcontext()


def main() -> int:
    settings = Settings.from_env()
    parser = argparse.ArgumentParser()
    parser.add_argument("--questions", default=str(settings.sources_mirror.parent / "eval" / "dev.jsonl"))
    parser.add_argument("--show", type=int, default=0, help="print this many withheld answers per way")
    args = parser.parse_args()
    questions = list(read_questions(Path(args.questions)))
    pipeline, said = open_pipeline(settings)
    print("; ".join(said))
    print(f"{len(questions)} questions from {args.questions}")
    print(f"{'asked':<14} {'answered':<11} {'n':>5} {'withheld':>9} {'share':>7}  verdicts")
    # The offline answer too: the laws' own words, checked as any answer is.
    answerers: dict[str, Answerer] = {label: OwnRule(way) for label, way in WAYS.items()}
    answerers["offline"] = pipeline.answerer
    for asked in ("alone", "with choices"):
        for label, answerer in answerers.items():
            pipeline.answerer = answerer
            verdicts: Counter[str] = Counter()
            shown = 0
            examples: list[str] = []
            started = time.perf_counter()
            for question in questions:
                choices = choices_of(question) if asked == "with choices" else None
                result = pipeline.ask(question["state"], question["question"], log=False, choices=choices)
                if result.answer:
                    shown += 1
                elif result.failed == "checked":
                    name = result.reason.partition(":")[0]
                    verdicts[name] += 1
                    if len(examples) < args.show:
                        examples.append(f"    {question['id']}: {result.reason[:300]}")
            withheld = sum(verdicts.values())
            answered = shown + withheld
            named = ", ".join(f"{name} {count}" for name, count in sorted(verdicts.items())) or "-"
            seconds = time.perf_counter() - started
            print(
                f"{asked:<14} {label:<11} {answered:>5} {withheld:>9} {withheld / max(answered, 1):>7.1%}  {named}"
                f"  ({seconds:.0f} s)"
            )
            for line in examples:
                print(line)
            sys.stdout.flush()
    paraphrases(settings, args.show)
    return 0


def paraphrases(settings: Settings, show: int) -> None:
    """Each card's plain rule, checked against its quoted words alone."""
    cards = load_cards(settings.cards)
    verdicts: Counter[str] = Counter()
    examples: list[str] = []
    total = 0
    for state in sorted(cards.by_state):
        for card in cards.of(state):
            total += 1
            quoted = dataclasses.replace(card, law=card.quote)
            verdict = check(Reply("road-law", card.law, [card.id]), [quoted])
            if not verdict.shown:
                verdicts[verdict.name] += 1
                if len(examples) < show:
                    examples.append(f"    {card.id}: {verdict.reason[:300]}")
    withheld = sum(verdicts.values())
    named = ", ".join(f"{name} {count}" for name, count in sorted(verdicts.items())) or "-"
    print(f"{'cards':<14} {'paraphrase':<11} {total:>5} {withheld:>9} {withheld / max(total, 1):>7.1%}  {named}")
    for line in examples:
        print(line)


if __name__ == "__main__":
    raise SystemExit(main())
