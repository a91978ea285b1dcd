"""What may be shown: the check that stands between any answerer and the screen.

A reply is shown only if it is grounded. Each way it can fail has a name, logged
as the turn's verdict ("borrowed: 30 feet ..."):

    overlong        longer than the answer may be (Bound)
    off-scope       scope "other" with an answer or sources
    foreign-source  a source that is not one of the laws given
    unsourced       an answer without a source
    misquoted       words in quotation marks that stand on no cited law's text
    unstated        a figure no cited law states, or states only in another unit
    borrowed        a figure stated by one cited law, used for a claim another cited law makes
    unsupported     a claim whose content words are mostly absent from every cited law

The checks are textual: a claim made of a cited law's own words with its own
figures passes, whatever it means. A claim that turns a law's "may not" into
"may" keeps every word and figure, and passes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from roadlaw.answering.base import MODEL_BOUND, Bound, Reply
from roadlaw.answering.claims import LawWords, as_read, claim_words, clauses_of, quotes_in, sentences_of, words_of
from roadlaw.answering.extractive import IN_ENGLISH
from roadlaw.answering.figures import Figure, figures_said, grounds, in_digits
from roadlaw.answering.reading import LEAD_UNITS
from roadlaw.corpus import Law
from roadlaw.sources.pages import on_the_page, page_text


@dataclass(frozen=True)
class Verdict:
    """Whether a reply may be shown, and if not, why: `reason` opens with the verdict's name."""

    shown: bool
    reason: str = ""

    @property
    def name(self) -> str:
        """The verdict's name: "shown", or why not ("unstated", "borrowed", ...)."""
        return "shown" if self.shown else self.reason.partition(":")[0]


def _withheld(name: str, detail: str) -> Verdict:
    return Verdict(False, f"{name}: {detail}")


# A claim is unsupported when fewer than this share of its content words stand in some cited law.
SUPPORTED_SHARE = 0.5
# A clause is judged on its own only with at least this many content words: one unusual
# word in a two-word clause would otherwise withhold a fair paraphrase. A shorter clause
# is judged within its sentence.
CLAUSE_WORDS = 3
# A figure is borrowed when the laws stating it share at most this share of the words its
# claim shares with the cited law nearest to it ("30 feet of a fire hydrant": the stop-sign
# law that says 30 feet shares "park"; the hydrant law shares "park", "fire", "hydrant").
BORROWED_SHARE = 0.5


def check(reply: Reply, laws: list[Law], bound: Bound = MODEL_BOUND) -> Verdict:
    """The verdict on `reply`, given the laws it was answered from."""
    answer = reply.answer.strip()
    # Measured first, and before anything reads the answer's words: a 2 MB answer costs nothing more.
    if len(answer) > bound.characters:
        return _withheld("overlong", f"{len(answer)} characters; an answer is at most {bound.characters}")
    answer = as_read(answer)
    sentences = sentences_of(_without_preface(answer))
    if len(sentences) > bound.sentences:
        return _withheld("overlong", f"{len(sentences)} sentences; an answer is at most {bound.sentences}")
    given = {law.id: law for law in laws}
    if reply.scope == "other":
        if answer or reply.sources:
            return _withheld("off-scope", "scope other with an answer or sources")
        return Verdict(True)
    unknown = [source for source in reply.sources if source not in given]
    if unknown:
        return _withheld("foreign-source", f"sources not given: {', '.join(unknown)}")
    if not answer:
        return Verdict(True)
    if not reply.sources:
        return _withheld("unsourced", "an answer without a source")
    cited = [words_of(given[source]) for source in dict.fromkeys(reply.sources)]
    for verdict in (_quotes(answer, cited), _figures(sentences, cited), _support(sentences, cited)):
        if verdict is not None:
            return verdict
    return Verdict(True)


def _without_preface(answer: str) -> str:
    """The answer without the app's own words before a law quoted in English to a Spanish question."""
    for preface in IN_ENGLISH.values():
        if answer.startswith(preface):
            return answer[len(preface) :]
    return answer


def _comparable(text: str) -> str:
    """Text as quoted words are compared: as on a page, lower case, dashes as spaces, figures in digits."""
    text = page_text(in_digits(as_read(text))).lower()
    # (A word the page broke at its line's end, "aver- age", is the one word the answer shows: "average".)
    text = _BROKEN_WORD.sub("", text)
    return re.sub(r"\s+", " ", re.sub(r"[-‐‑–—]", " ", text)).strip()


# A line-end hyphen left inside a word: "aver- age".
_BROKEN_WORD = re.compile(r"(?<=[a-z])[-‐‑]\s+(?=[a-z])")


def _quotes(answer: str, cited: list[LawWords]) -> Verdict | None:
    pages = [_comparable(text) for each in cited for text in (each.law.law, each.law.quote) if text]
    for quoted in quotes_in(answer):
        # Punctuation a sentence puts inside the closing quote ("no parking,") is the answer's, not the law's.
        words = _comparable(quoted).strip(" .,;:!?")
        if words and not any(on_the_page(words, page) for page in pages):
            return _withheld("misquoted", f"“{quoted.strip()}” stands on no cited law's text")
    return None


def _figures(sentences: list[str], cited: list[LawWords]) -> Verdict | None:
    unstated: list[str] = []
    for sentence in sentences:
        for figure in figures_said(sentence):
            stating = [each for each in cited if any(grounds(own, figure) for own in each.figures)]
            if not stating:
                unstated.append(_unstated(figure, cited))
                continue
            borrowed = _borrowed(sentence, figure, stating, cited)
            if borrowed:
                return _withheld("borrowed", borrowed)
    if unstated:
        return _withheld("unstated", f"figures no cited law states: {', '.join(dict.fromkeys(unstated))}")
    return None


def _unstated(figure: Figure, cited: list[LawWords]) -> str:
    """How an ungrounded figure is named in the verdict: with the unit a cited law gives its value, if any."""
    others = sorted({str(own) for each in cited for own in each.figures if own.value == figure.value})
    return f"{figure} (the cited law says {' or '.join(others)})" if others else str(figure)


def _shared(readings: list[set[str]], words: frozenset[str]) -> int:
    return max((len(reading & words) for reading in readings), default=0)


def _borrowed(sentence: str, figure: Figure, stating: list[LawWords], cited: list[LawWords]) -> str:
    """Why `figure` is taken from where another claim is made, or "" when it is not.

    The claim is read where the figure stands: its clause ("within 30 feet of a hydrant"),
    or its whole sentence when the clause shares no word with any cited law. It is
    borrowed from another law when the laws stating the figure share at most
    BORROWED_SHARE of the words the nearest cited law shares with it; and from
    another place in the laws when the sentences or list items nearest to it all
    state another figure of its kind, and none states it ("closer than five feet
    from a fire hydrant" beside "closer than 10 feet from a stop sign").
    """
    clause = next(
        (sentence[start:end] for start, end in clauses_of(sentence) if start <= figure.start < max(end, start + 1)),
        sentence,
    )
    readings = claim_words(clause)
    # Which sentence or item of a law a figure belongs to is read from its own clause only:
    # a whole sentence of a list ("Area: 30 MPH, Highways: 55 MPH") is nearest to its first item.
    placed = any(_shared(readings, each.words) for each in cited)
    if not placed:
        readings = claim_words(sentence)
    shares = {each.law.id: _shared(readings, each.words) for each in cited}
    nearest = max(shares.values())
    if nearest == 0:
        return ""
    if max(shares[each.law.id] for each in stating) <= BORROWED_SHARE * nearest:
        about = sorted(ident for ident, share in shares.items() if share == nearest)
        return f"{figure} stands in {', '.join(each.law.id for each in stating)}, but the claim is {', '.join(about)}'s"
    if not placed:
        return ""
    places = [place for each in cited for place in each.places]
    closest = max((_shared(readings, place.words) for place in places), default=0)
    if closest == 0:
        return ""
    near = [place for place in places if _shared(readings, place.words) == closest]
    if all(
        not any(grounds(own, figure) for own in place.figures)
        and any(own.value != figure.value and _same_kind(own, figure) for own in place.figures)
        for place in near
    ):
        theirs = sorted({str(own) for place in near for own in place.figures if _same_kind(own, figure)})
        return f"{figure} stands in the cited law beside another claim; where this claim stands, it says {', '.join(theirs)}"
    return ""


def _same_kind(stated: Figure, said: Figure) -> bool:
    """Whether two figures plainly measure the same thing: both written in one unit.

    A bare figure beside the claim ("when: 1. Within 500 feet") may number a list, so it
    does not count against a figure with a unit.
    """
    return bool(said.unit) and stated.unit == said.unit


def _spans(sentence: str) -> Iterator[str]:
    """What is judged of a sentence: the whole of it, then each of its clauses."""
    yield sentence
    for start, end in clauses_of(sentence):
        yield sentence[start:end]


# The offline answer's first words name the figure it found and that figure's unit ("0.08 BAC — ",
# "0.08 de alcohol en la sangre (BAC) — "): the figure is checked as any other, but the unit's
# words are the app's, not a claim a law must make. Only a figure with one of these units before
# a dash is such a lead.
_LEAD = re.compile(
    r"^\s*(?:\d[\d,]*(?:\.\d+)?|\.\d+)\s+(?:"
    + "|".join(re.escape(unit) for unit in sorted(LEAD_UNITS, key=len, reverse=True))
    + r")\s+[—–-]\s+"
)


def _support(sentences: list[str], cited: list[LawWords]) -> Verdict | None:
    known = frozenset().union(*(each.words for each in cited))
    judged = False
    for number, sentence in enumerate(sentences):
        if number == 0:
            sentence = _LEAD.sub("", sentence)
        for at, span in enumerate(_spans(sentence)):
            said = claim_words(span)
            readings = [reading for reading in said if reading]
            # Whether a clause is long enough to be a claim of its own goes by its own words: the manuals'
            # words a glossary adds for a learner's ("curfew") make no short lead-in a claim.
            if not readings or (at > 0 and len(said[0]) < CLAUSE_WORDS):
                continue
            judged = True
            # The reading that finds most in the cited laws speaks for the claim.
            best = max(readings, key=lambda reading: (len(reading & known) / len(reading), -len(reading)))
            if len(best & known) < SUPPORTED_SHARE * len(best):
                missing = ", ".join(sorted(best - known))
                return _withheld("unsupported", f"“{span.strip()}”: no cited law says {missing}")
    # An answer that is only a figure ("Stay 15 feet away.") is judged by its figure, already grounded.
    if not judged and not any(figures_said(sentence) for sentence in sentences):
        return _withheld("unsupported", "nothing in it that a cited law's words say")
    return None
