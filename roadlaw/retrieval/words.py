"""The words half of retrieval: BM25 over a state's laws.

Each law is indexed on its rule, the learner's question and its quoted words,
so a card is found by how a learner asks as well as by how the law says it.
Scores are computed for every law and ordered by score, then by id, so the
same question always ranks the same.
"""

from __future__ import annotations

import math
import re
import threading
import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import bm25s
import numpy as np
import Stemmer

from roadlaw.corpus import Law

# How many laws a question retrieves (the seed's RETRIEVED_LAWS): enough for
# the measure at 8, few enough that a model reads them all.
RETRIEVED_LAWS = 8

_WORD = re.compile(r"[a-z0-9]+(?:\.[0-9]+)?")

# Short and common: removed so that "can I" and "de la" do not decide a ranking.
STOPWORDS = {
    "english": frozenset(
        [
            "a",
            "an",
            "and",
            "are",
            "as",
            "at",
            "be",
            "but",
            "by",
            "for",
            "from",
            "has",
            "have",
            "how",
            "i",
            "if",
            "in",
            "is",
            "it",
            "its",
            "me",
            "my",
            "of",
            "on",
            "or",
            "so",
            "than",
            "that",
            "the",
            "their",
            "then",
            "there",
            "these",
            "this",
            "to",
            "was",
            "what",
            "when",
            "where",
            "which",
            "who",
            "will",
            "with",
            "you",
            "your",
            "do",
            "does",
            "can",
            "am",
            "we",
            "our",
            "they",
            "them",
            "he",
            "she",
            "his",
            "her",
            # A learner's "u" and "ur" are "you" and "your" (a manual's U-turn is read as one word).
            "u",
            "ur",
        ]
    ),
    "spanish": frozenset(
        [
            "a",
            "al",
            "como",
            "con",
            "de",
            "del",
            "el",
            "ella",
            "ellos",
            "en",
            "entre",
            "era",
            "es",
            "esta",
            "este",
            "esto",
            "la",
            "las",
            "le",
            "les",
            "lo",
            "los",
            "me",
            "mi",
            "mis",
            "muy",
            "no",
            "o",
            "os",
            "para",
            "pero",
            "por",
            "que",
            "qué",
            "se",
            "si",
            "sin",
            "sobre",
            "su",
            "sus",
            "te",
            "tu",
            "tus",
            "un",
            "una",
            "uno",
            "unos",
            "y",
            "ya",
            "yo",
            "cuál",
            "cual",
            "cuando",
            "cuándo",
            "donde",
            "dónde",
            "puedo",
            "debo",
            "hay",
        ]
    ),
    "none": frozenset(),
}

_SPANISH_HINTS = frozenset(
    [
        "el",
        "la",
        "los",
        "las",
        "que",
        "qué",
        "de",
        "del",
        "por",
        "para",
        "puedo",
        "debo",
        "cuánto",
        "cuántos",
        "cuántas",
        "cuál",
        "dónde",
        "cuando",
        "cuándo",
        "está",
        "estacionar",
        "conducir",
        "licencia",
        "manejar",
        "hay",
        "una",
        "un",
        "es",
        "si",
        "con",
        "sin",
        "velocidad",
        "permiso",
    ]
)
_ENGLISH_HINTS = frozenset(
    [
        "the",
        "a",
        "an",
        "is",
        "are",
        "can",
        "i",
        "my",
        "what",
        "how",
        "when",
        "where",
        "do",
        "does",
        "of",
        "to",
        "in",
        "on",
        "for",
        "you",
        "your",
        "if",
        "must",
        "may",
        "should",
    ]
)


def fold(text: str) -> str:
    """Lower case with accents folded and curly quotes straightened."""
    text = text.replace("\u2019", "'").replace("\u2018", "'")
    if text.isascii():
        # Nothing to fold: most laws and questions, and the usual case is worth the shortcut.
        return text.lower()
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def language_of(question: str) -> str:
    """ "english", "spanish", or "none" when neither stemmer should be trusted with it.

    A few common words decide it: questions are short, and a learner asks in one language.
    """
    if "¿" in question or "ñ" in question.lower():
        return "spanish"
    raw = re.findall(r"[^\W\d_]+", question.lower())
    if not raw:
        return "english"
    spanish = sum(word in _SPANISH_HINTS for word in raw)
    english = sum(word in _ENGLISH_HINTS for word in raw)
    if spanish > english:
        return "spanish"
    if english > 0 or all(word.isascii() for word in raw):
        return "english"
    return "none"


@lru_cache(maxsize=4)
def _stemmer(language: str) -> Stemmer.Stemmer | None:
    return None if language == "none" else Stemmer.Stemmer(language)


# A U-turn is one word ("U-turn", "a u turn", "u turns"), so that the "u" of "can u turn right"
# is read as the "you" it is.
_U_TURN = re.compile(r"\bu-turn|\b((?:a|an|make|making|made|do|doing|bust|no|legal|illegal|any) )u turn|\bu turns\b")


# The weather said of the road or the air ("foggy", "icy", "snowy"), stemmed as the weather itself:
# Snowball keeps "foggi" apart from "fog", so "its super foggy out" read none of the manual's fog.
_WEATHER_SAID = {
    "foggi": "fog",
    "ici": "ice",
    "snowi": "snow",
    "raini": "rain",
    "windi": "wind",
    "slushi": "slush",
    "smoki": "smoke",
    "dusti": "dust",
    "muddi": "mud",
    "stormi": "storm",
    "frosti": "frost",
    "misti": "mist",
    "hazi": "haze",
}


# Stems the stemmer leaves apart for one word's forms, as one: the weather above, and "register" ("regist") and
# "registration" ("registr"), which a learner's "how much does it cost to register my car" asks of "The registration fee
# ... is $35.00".
_ONE_STEM = {**_WEATHER_SAID, "registr": "regist"}


# An hour glued to its "am" or "pm" ("at like 1am"), said as the manuals say it ("1 a.m."). Only glued:
# "im 17 am i allowed" is no hour.
_GLUED_HOUR = re.compile(r"\b(\d{1,2})([ap])m\b")
# A road "non-divided" (or "not divided") is an undivided one, not one divided: "On a non-divided state highway".
_NOT_DIVIDED = re.compile(r"\b(?:non|not)[\s-]?divided\b")


def tokens(text: str, language: str = "english") -> list[str]:
    """The stemmed content words of `text`."""
    stopwords = STOPWORDS[language]
    folded = _NOT_DIVIDED.sub("undivided", _GLUED_HOUR.sub(r"\1 \2.m.", _U_TURN.sub(r"\1uturn", fold(text))))
    words = [word for word in _WORD.findall(folded) if word not in stopwords]
    stemmer = _stemmer(language)
    if stemmer is None:
        return words
    stems = stemmer.stemWords(words)
    return [_ONE_STEM.get(stem, stem) for stem in stems] if language == "english" else stems


def indexed_text(law: Law) -> str:
    """What the words half reads of a law: its rule, how a learner asks it, its quoted words."""
    quote = law.quote
    return " ".join(part for part in (law.law, law.question, quote if quote != law.law else "") if part)


@dataclass
class Scored:
    id: str
    score: float


class WordIndex:
    """BM25 over one state's laws, one index per language, built when first asked."""

    def __init__(self, laws: list[Law]) -> None:
        self.laws = sorted(laws, key=lambda law: law.id)
        self._ids = np.array([law.id for law in self.laws])
        self._models: dict[str, bm25s.BM25] = {}
        self._document_frequency: Counter[str] | None = None
        # Questions about one state arrive together on a web worker: one builds an index, the others wait for it.
        self._building = threading.Lock()

    def _model(self, language: str) -> bm25s.BM25:
        if language not in self._models:
            with self._building:
                if language not in self._models:
                    corpus = [tokens(indexed_text(law), language) or ["∅"] for law in self.laws]
                    model = bm25s.BM25()
                    model.index(corpus, show_progress=False)
                    self._models[language] = model
        return self._models[language]

    def weights(self, words: list[str]) -> list[float]:
        """How telling each (stemmed, English) word is here: rare words weigh most, unseen ones most of all."""
        if self._document_frequency is None:
            self._document_frequency = Counter(word for law in self.laws for word in set(tokens(indexed_text(law))))
        count = len(self.laws)
        return [math.log(1 + (count + 1) / (self._document_frequency.get(word, 0) + 0.5)) for word in words]

    def search(
        self, question: str, limit: int = RETRIEVED_LAWS, language: str | None = None, choices: Sequence[str] = ()
    ) -> list[Scored]:
        """The best `limit` laws with a score above nothing, by score then id.

        `choices`: a practice question's answer choices. Each law then scores its best
        of the question joined to each choice: the law that answers holds the right
        choice's words, and a wrong choice's words do not count against it. Measured
        on dev (words alone, recall@1/3/8): all the choices in one query 0.714 / 0.899 /
        0.971, the best of each 0.774 / 0.919 / 0.973.
        """
        if not self.laws:
            return []
        language = language or language_of(question)
        model = self._model(language)
        readings = [f"{question} {choice}" for choice in choices] or [question]
        queries = [[token for token in tokens(reading, language) if token in model.vocab_dict] for reading in readings]
        queries = [query for query in queries if query]
        if not queries:
            return []
        scores = np.max(np.stack([model.get_scores(query) for query in queries]), axis=0)
        # Laws are held sorted by id, so a stable sort on the score alone breaks ties by id.
        order = np.argsort(-scores, kind="stable")[:limit]
        return [Scored(str(self._ids[at]), float(scores[at])) for at in order if scores[at] > 0]
