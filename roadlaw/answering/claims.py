"""An answer read as claims: its sentences, their clauses, their content words, its quotes.

The check (check.py) asks of each claim whether a cited law makes it. A claim's
content words are its stemmed words (retrieval.words.tokens) less the words any
friendly answer adds whatever the law says ("you", "can", "car", "stay", "away")
and the figures and units, which the figure check reads. Words a learner would
use are read in the manuals' words too (retrieval.glossary), and a Spanish
answer by its glossary reading, since the laws are English.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from roadlaw.answering.figures import Figure, dotted_rows, figures_stated, number_words, unglued, unit_words
from roadlaw.corpus import Law
from roadlaw.retrieval.glossary import in_english, in_manual_words
from roadlaw.retrieval.words import language_of, tokens
from roadlaw.states import STATES

# Words an answer in the register rule's plain words adds whatever the law says: the
# learner spoken to as "you", what may or must be done, the car and the road, how near
# or far, and the words of a practice question's answer. Without them a law's "a person
# may not stand or park a vehicle" and an answer's "you can't park your car" share
# only "park". Chosen on the canary suite (tests/canaries) and on the cards' plain rules
# checked against their quoted words alone (benchmarks/bench_check.py): none of these
# words tells a claim from a contradiction.
_PLAIN = """
    you your yours yourself youre ve ll re don doesn didn isn aren wasn weren won wouldn shouldn couldn
    can cannot could may might must shall should will would need needs needed have has had having get gets got
    be is are was were been being do does did done let lets make makes made keep keeps stay stays go goes
    not no nor never always only just also too very even still ever really sure yes okay ok
    any all each every some other another more most less least much many few both either neither
    about above after before again against around between into onto out over under within without
    until unless while because since though although whether however here there these those
    someone anyone everyone anything something nothing everything one ones thing things way
    allowed allow allows legal legally illegal required require requires requirement
    car cars vehicle vehicles drive drives driving driven drove driver drivers motorist motorists
    road roads street streets law laws rule rules state states
    close closer closest far farther further away near nearer nearest back distance ahead behind toward towards
    above below next older younger come comes coming say says said otherwise else whenever
    use uses used using see sees take takes part person people
    answer answers choice choices option options correct true false
    manual handbook statute code section list lists listed according among place places
"""
PLAIN_WORDS = frozenset(_PLAIN.split())

# A sentence ends at ., ! or ? before a space and a capital, a digit or a quote: "a.m. on" and "0.08" do not end one.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[\"'“‘(¿¡]?[A-Z0-9ÁÉÍÓÚÑ])")
# Where a sentence's clauses part: its commas and semicolons, and the words that join two claims.
_CLAUSE_BREAK = re.compile(r"[,;:()•◆▪●]|\b(?:and|or|but|unless|except|while|whereas|y|o|pero)\b", re.I)

# Quoted words: straight or curly double quotes, guillemets, curly single quotes, and
# straight single quotes that open after a space and close before one (so "don't"
# and "drivers' licenses" are not quotes).
_QUOTED = (
    re.compile(r'"([^"]+)"'),
    re.compile(r"«([^«»]+)»"),
    re.compile(r"‘((?:[^‘’]|’(?=\w))+)’(?!\w)"),
    re.compile(r"(?<![\w'])'(?=\w)((?:[^']|'(?=\w))+?)(?<=[\w.!?,])'(?![\w'])"),
)
_CURLY_DOUBLE = str.maketrans({"\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"'})
_ELLIPSIS = re.compile(r"\.\.\.|…|\[\.\.\.\]")


def as_read(text: str) -> str:
    """Text as a reader sees it: invisible characters gone and look-alike forms folded.

    A zero-width space inside "twenty" or a full-width "２０" reads on screen as
    twenty and 20; unfolded, the figure would not be read at all. A law is read the same
    way, so its "½" and an answer's stay one figure.
    """
    folded = unicodedata.normalize("NFKC", text)
    return "".join(char for char in folded if unicodedata.category(char) != "Cf")


def sentences_of(answer: str) -> list[str]:
    """The answer's sentences, each a claim to check."""
    return [part.strip() for part in _SENTENCE_END.split(answer) if part.strip()]


def clauses_of(sentence: str) -> list[tuple[int, int]]:
    """The spans of a sentence's clauses, in order."""
    spans: list[tuple[int, int]] = []
    start = 0
    for match in _CLAUSE_BREAK.finditer(sentence):
        spans.append((start, match.start()))
        start = match.end()
    spans.append((start, len(sentence)))
    return spans


def quotes_in(answer: str) -> list[str]:
    """Every run of words the answer puts in quotation marks, each ellipsis parting a run in two."""
    text = answer.translate(_CURLY_DOUBLE)
    found: list[str] = []
    for pattern in _QUOTED:
        for match in pattern.finditer(text):
            found.extend(part for part in _ELLIPSIS.split(match.group(1)) if re.search(r"\w", part))
    return found


@lru_cache(maxsize=1)
def _plain_stems() -> frozenset[str]:
    names = {word for name in STATES.values() for word in name.lower().split()}
    return frozenset(tokens(" ".join(PLAIN_WORDS | names | unit_words() | number_words())))


def content_words(text: str) -> set[str]:
    """The stemmed words of `text` that say what a claim is about: no plain words, figures or units."""
    plain = _plain_stems()
    return {word for word in tokens(text) if len(word) > 1 and not word[0].isdigit() and word not in plain}


def claim_words(claim: str) -> list[set[str]]:
    """The readings of a claim's content words to try: its own words, and in the manuals' words.

    A Spanish claim is read only through its glossary reading (the laws are English),
    which keeps its road words and drops the rest.
    """
    if language_of(claim) == "spanish":
        return [content_words(in_english(claim))]
    readings = [content_words(claim)]
    manual = in_manual_words(claim)
    if manual:
        readings.append(content_words(manual))
    return readings


_ITEM = re.compile(r"\s*[•◆▪●]\s*")


@dataclass(frozen=True)
class Place:
    """One sentence or list item of a law: where a figure stands, and the words around it."""

    words: frozenset[str]
    figures: tuple[Figure, ...]


@dataclass(frozen=True)
class LawWords:
    """A cited law as a claim is compared with it: its content words, and its sentences and items."""

    law: Law
    words: frozenset[str]
    places: tuple[Place, ...]

    @property
    def figures(self) -> list[Figure]:
        return [figure for place in self.places for figure in place.figures]


def _places_of(text: str) -> list[str]:
    """A law text's sentences and list items; a table led by dots, its title and each of its rows ("Careless Driving 4
    points"), not sentences cut at the dots with the next row's label."""
    title, rows = dotted_rows(text)
    if rows:
        return [title, *rows]
    return [item for sentence in sentences_of(text) for item in _ITEM.split(sentence)]


def words_of(law: Law) -> LawWords:
    """A law's content words (its rule and its quoted words), and each of its sentences and list items."""
    # A passage's heading is the page's own words too: the offline answer shows a list item with it as its lead-in.
    texts = (law.law, law.quote, law.question) if law.origin == "manual" else (law.law, law.quote)
    places = [
        Place(frozenset(content_words(item)), tuple(figures_stated(item)))
        for text in (unglued(as_read(text)) for text in texts)
        for item in _places_of(text)
        if item.strip()
    ]
    return LawWords(law, frozenset(content_words(" ".join(texts))), tuple(places))
