"""The fused laws put in order again, by the evidence each holds that it answers the question.

Reciprocal-rank fusion (fuse.py) sees only where each law stands in each list.
A reranker can also see how strongly each list holds it and what the law itself
says: its BM25 score and cosine against the best of each list, how much of the
question one of its spans covers with the kind of figure asked for
(answering.reading), its heading, the question's word pairs found side by side
in it, and the best BM25 score of a window of two of its sentences. The score is
a weighted sum of these (`WEIGHTS`), each a number from 0 to about 1.

The weights were fitted on the dev questions asked alone, as a softmax over each
question's candidates, and checked state by state (four folds of the 19 dev
states, each scored by weights fitted on the other three): docs/measurements.md.

BM25's first law always stays within the list: the meaning half can outvote
it, but not take it out of sight. So does the first law of the question read in
the manuals' words (retrieval.glossary), when it has such a reading: "a truck on
a downward slope" is the manuals' "steep hill", which the question's own words
and vector both miss.
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from functools import lru_cache
from itertools import pairwise

import bm25s
import numpy as np

from roadlaw.answering.reading import (
    Question,
    Weights,
    asked_for,
    read_ahead,
    read_as,
    readings,
    spans_of,
    words_of,
)
from roadlaw.corpus import Law
from roadlaw.retrieval.words import tokens

# The fused list this deep is read again, with BM25's and the meaning half's first laws
# not already in it.
RERANK_DEPTH = 20
OWN_LISTS_DEPTH = 10
# How deep BM25's scores are kept for the reranker to read.
RERANK_WORDS = 30


@dataclass(frozen=True)
class Evidence:
    """What speaks for one law answering a question; each about 0 to 1."""

    # The reciprocal-rank fusion's own score, times its constant (about the number of lists that rank it high).
    fused: float = 0.0
    # BM25 of the question, over the best law's; and of its reading in the manuals' words.
    words: float = 0.0
    reading_words: float = 0.0
    # Cosine to the question (0 below the meaning stage's cutoff); and to its reading.
    cosine: float = 0.0
    reading_cosine: float = 0.0
    # The best span's reading score (answering.reading.readings), and whether a span states the figure asked for.
    answers: float = 0.0
    states: float = 0.0
    # The share of the question's word weight in the law's heading.
    heading: float = 0.0
    # The share of the question's adjacent word pairs found side by side in the law.
    pairs: float = 0.0
    # The best BM25 score of a window of two sentences, over the best law's.
    windows: float = 0.0

    def vector(self) -> list[float]:
        return [float(getattr(self, each.name)) for each in fields(self)]


# Fitted as described above (scratch fit; the figures it gave are in docs/measurements.md).
WEIGHTS = Evidence(
    fused=0.40,
    words=1.01,
    reading_words=0.80,
    cosine=2.07,
    reading_cosine=1.91,
    answers=3.80,
    states=0.81,
    heading=2.20,
    pairs=2.91,
    windows=1.74,
)


@dataclass(frozen=True)
class Lists:
    """What retrieval found for one question, as the reranker reads it."""

    # The fused ids with their reciprocal-rank scores, best first.
    fused: list[tuple[str, float]]
    # BM25 scores of the question (with its choices), and of its reading in the manuals' words.
    words: Mapping[str, float]
    reading_words: Mapping[str, float]
    # Cosines of the question, and of its reading.
    cosines: Mapping[str, float]
    reading_cosines: Mapping[str, float]


@lru_cache(maxsize=1 << 15)
def _pairs_of(law: Law) -> frozenset[tuple[str, str]]:
    words = tokens(f"{law.question} {law.law}")
    return frozenset(pairwise(words))


class Windows:
    """BM25 over windows of two sentences of each law (and its heading), per state."""

    def __init__(self, laws: Sequence[Law]) -> None:
        self.laws = laws
        owners: list[int] = []
        corpus: list[list[str]] = []
        for at, law in enumerate(laws):
            texts = [span.text for span in spans_of(law)] or [law.law]
            for start in range(len(texts)):
                corpus.append(tokens(" ".join([law.question, *texts[start : start + 2]])) or ["∅"])
                owners.append(at)
        self._owners = np.array(owners, dtype=np.int64)
        # Each law's windows are side by side: its best is one reduction over its run of them.
        self._starts = np.flatnonzero(np.r_[True, self._owners[1:] != self._owners[:-1]]) if owners else self._owners
        self._model = bm25s.BM25()
        self._model.index(corpus, show_progress=False)

    def best(self, question: str) -> dict[str, float]:
        """Each law's best window score for the question, over the best law's (0 to 1)."""
        query = [word for word in tokens(question) if word in self._model.vocab_dict]
        if not query:
            return {}
        scores = self._model.get_scores(query)
        best = np.zeros(len(self.laws))
        best[self._owners[self._starts]] = np.maximum.reduceat(scores, self._starts)
        top = float(best.max())
        if top <= 0:
            return {}
        found = np.flatnonzero(best > 0)
        laws = self.laws
        return dict(zip((laws[at].id for at in found.tolist()), (best[found] / top).tolist(), strict=True))


def _over_best(scores: Mapping[str, float]) -> dict[str, float]:
    top = max(scores.values(), default=0.0)
    return {ident: score / top for ident, score in scores.items()} if top > 0 else {}


class Reranker:
    """The fused list in order of evidence; one word-window index per state, made when first asked."""

    def __init__(self, weights: Evidence = WEIGHTS, *, ahead: bool = True) -> None:
        self.weights = np.array(weights.vector())
        self._windows: dict[str, tuple[Sequence[Law], Windows]] = {}
        # Whether a state's first question reads all its laws (reading.read_ahead), for the questions
        # after it; False where one question is all a process asks (`roadlaw ask`).
        self.ahead = ahead

    def windows(self, state: str, laws: Sequence[Law]) -> Windows:
        held = self._windows.get(state)
        # Made again for other laws: a table rebuilt under a running server arrives as a new list.
        if held is None or held[0] is not laws:
            held = (laws, Windows(laws))
            if self.ahead:
                read_ahead(laws)
            self._windows[state] = held
        return held[1]

    def evidence(
        self,
        question: str,
        lists: Lists,
        by_id: Mapping[str, Law],
        state_laws: Sequence[Law],
        weights: Weights,
        first_words: str | None,
        practice: bool = False,
    ) -> list[tuple[str, Evidence]]:
        """The candidates (the fused list's first RERANK_DEPTH, and each own list's first) with their evidence.

        `practice`: the question came with answer choices. A question asked alone reads a card
        by its own question too, and a card ahead of a sentence read alike (reading.CARD_FIT):
        learner-dev right 0.804 to 0.824 and eval/learner-own 0.736 to 0.752 over reading so
        only to pick the answer. With choices, the choices' words already point at the law,
        and reading cards so cost the dev set recall@1 0.776 to 0.766: read as before.
        """
        own = sorted(lists.words, key=lambda ident: (-lists.words[ident], ident))[:OWN_LISTS_DEPTH]
        near = sorted(lists.cosines, key=lambda ident: (-lists.cosines[ident], ident))[:OWN_LISTS_DEPTH]
        fused = dict(lists.fused)
        if not state_laws:
            return []
        windows = self.windows(state_laws[0].state, state_laws).best(question)
        by_window = heapq.nsmallest(OWN_LISTS_DEPTH, windows, key=lambda ident: (-windows[ident], ident))
        candidates = [
            ident
            for ident in dict.fromkeys(
                [
                    *(ident for ident, _ in lists.fused[:RERANK_DEPTH]),
                    *own,
                    *near,
                    *by_window,
                    *([first_words] if first_words else []),
                ]
            )
            if ident in by_id
        ]
        if not candidates:
            return []
        words = _over_best(lists.words)
        reading_words = _over_best(lists.reading_words) if lists.reading_words else words
        asked = asked_for(question)
        reading = Question.of(read_as(question), weights)
        plain = Question.of(question, weights)
        pairs = set(pairwise(plain.words))
        found: list[tuple[str, Evidence]] = []
        for ident in candidates:
            law = by_id[ident]
            best = readings(asked, reading, [law], answering=not practice)
            cosine = lists.cosines.get(ident, 0.0)
            found.append(
                (
                    ident,
                    Evidence(
                        fused=fused.get(ident, 0.0) * 60,
                        words=words.get(ident, 0.0),
                        reading_words=reading_words.get(ident, 0.0),
                        cosine=cosine,
                        reading_cosine=lists.reading_cosines.get(ident, cosine),
                        answers=best[0].score if best else 0.0,
                        states=float(bool(asked.measures) and any(each.measure for each in best)),
                        heading=plain.share(words_of(law.question)) if law.origin != "card" else 0.0,
                        pairs=len(pairs & _pairs_of(law)) / len(pairs) if pairs else 0.0,
                        windows=windows.get(ident, 0.0),
                    ),
                )
            )
        return found

    def rank(
        self,
        question: str,
        lists: Lists,
        by_id: Mapping[str, Law],
        state_laws: Sequence[Law],
        weights: Weights,
        limit: int,
        first_words: str | None,
        practice: bool = False,
    ) -> list[str]:
        """The best `limit` ids by evidence, ties by id; BM25's first law, and its reading's, kept in them.

        `practice`: the question came with answer choices (see `evidence`).
        """
        found = self.evidence(question, lists, by_id, state_laws, weights, first_words, practice)
        scored = sorted(
            ((float(np.dot(self.weights, evidence.vector())), ident) for ident, evidence in found),
            key=lambda pair: (-pair[0], pair[1]),
        )
        ids = [ident for _, ident in scored[:limit]]
        kept = [first_words]
        if lists.reading_words:
            kept.append(min(lists.reading_words, key=lambda ident: (-lists.reading_words[ident], ident)))
        for ident in dict.fromkeys(kept):
            if ident and ident in by_id and ident not in ids:
                tail = [each for each in reversed(ids) if each not in kept]
                if tail:
                    ids.remove(tail[0])
                ids.append(ident)
        return ids
