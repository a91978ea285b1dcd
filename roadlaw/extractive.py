"""The offline asker: an answer made of the laws' own words, with no model.

With no language model configured, the learner is shown the best law's rule
in its own plain words: a card's rule as written, or the one or two sentences
of a manual passage that answer the question, figures written in digits. When
nothing retrieved is close enough to the question, the reply is `other` and
empty, and the app says the sources do not say.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass

from roadlaw.answer import Failed, Reply, Turn
from roadlaw.corpus import Law
from roadlaw.figures import in_digits
from roadlaw.words import indexed_text, language_of, tokens

# How much of the question's weight the best law must carry to be an answer.
# Measured on the MD and TX dev questions against off-topic questions: see
# docs/measurements.md ("The offline bar").
CLOSE_ENOUGH = 0.5

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[\"'(]?[A-Z0-9•◆-])")
_BULLET = re.compile(r"\s*[•◆▪●]\s*")

# Where the law is English and the learner asked in Spanish, said before the law's words.
IN_ENGLISH = {"spanish": "La ley lo dice así (en inglés): "}


def sentences_of(text: str) -> list[str]:
    """The sentences of a passage; a bullet starts a sentence of its own."""
    pieces: list[str] = []
    for chunk in _BULLET.split(text):
        pieces.extend(part.strip() for part in _SENTENCE_END.split(chunk) if part.strip())
    return pieces


Weights = Callable[[list[str]], list[float]]


def _uniform(words: list[str]) -> list[float]:
    return [1.0] * len(words)


@dataclass
class Closeness:
    """How much of a question a law covers: the share of the question's word weight found in it."""

    weights: Weights = _uniform

    def __call__(self, question: str, text: str) -> float:
        asked = list(dict.fromkeys(tokens(question)))
        if not asked:
            return 0.0
        present = set(tokens(text))
        weight = self.weights(asked)
        total = sum(weight)
        return sum(w for word, w in zip(asked, weight, strict=True) if word in present) / total if total else 0.0


class ExtractiveAsker:
    """Answers from the best retrieved law's own words, or not at all."""

    name = "extractive"

    def __init__(
        self,
        weights_for: Callable[[str], Weights] | None = None,
        close_enough: float = CLOSE_ENOUGH,
    ) -> None:
        # Each state's word weights: a word common in one manual is telling in another.
        self.weights_for = weights_for or (lambda state: _uniform)
        self.close_enough = close_enough

    def best(self, question: str, laws: list[Law], near: frozenset[str] = frozenset()) -> tuple[Law | None, float]:
        """The law to answer from and how close it is: the first of the top 3 that is close enough.

        `near` holds the ids the meaning half found near enough: close by meaning even when
        no word is shared, as a Spanish question is to an English law.
        """
        if not laws:
            return None, 0.0
        closeness = Closeness(self.weights_for(laws[0].state))
        for law in laws[:3]:
            score = closeness(question, indexed_text(law))
            if score >= self.close_enough or law.id in near:
                return law, score
        return None, 0.0

    def __call__(
        self, question: str, laws: list[Law], history: list[Turn], near: frozenset[str] = frozenset()
    ) -> Reply | Failed:
        law, _ = self.best(question, laws, near)
        if law is None:
            return Reply(scope="other", answer="", sources=[])
        answer = self.answer_from(question, law, Closeness(self.weights_for(law.state)))
        language = language_of(question)
        if language in IN_ENGLISH:
            answer = IN_ENGLISH[language] + answer
        return Reply(scope="road-law", answer=answer, sources=[law.id])

    def answer_from(self, question: str, law: Law, closeness: Closeness) -> str:
        """A card's rule as written; from a passage, the one or two sentences that answer."""
        if law.origin == "card":
            return law.law
        sentences = sentences_of(law.law)
        if not sentences:
            return in_digits(law.law)
        scored = [
            (closeness(question, sentence) + 0.01 * math.log1p(len(sentence.split())), at)
            for at, sentence in enumerate(sentences)
        ]
        _, best = max(scored, key=lambda pair: (pair[0], -pair[1]))
        chosen = [sentences[best]]
        # A short sentence, or one ending on a colon, reads better with the one after it.
        if best + 1 < len(sentences) and (len(chosen[0].split()) < 12 or chosen[0].endswith(":")):
            chosen.append(sentences[best + 1])
        return in_digits(" ".join(chosen))
