"""Reciprocal-rank fusion: several rankings of the same laws merged into one.

BM25 scores and cosines are not on one scale, so they are never compared;
what is compared is where each law stands in each list.
"""

from __future__ import annotations

from collections.abc import Callable, Container
from dataclasses import dataclass, field

from roadlaw.retrieval.words import RETRIEVED_LAWS

# The usual constant: it keeps one list's first place from swamping the others.
RRF_K = 60

# How many of the meaning half's nearest laws are fused: the first 8, as measured
# (docs/measurements.md). The meaning stage finds more (NEAR_LAWS) for the reranker's cosines.
FUSED_NEAR = 8


@dataclass(frozen=True)
class Search:
    """The question again in the law's words, and the ids the index found nearest it."""

    search: str
    near: list[str] = field(default_factory=list)
    # The cosines of the nearest laws to this search (the reranker reads them).
    cosines: dict[str, float] = field(default_factory=dict)


def fuse(rankings: list[list[str]], k: int = RRF_K) -> list[str]:
    """One list from several: high on any list makes the shortlist, high on all leads it.

    Ties go to the smaller id, so the same rankings always fuse the same way.
    """
    return [ident for ident, _ in fuse_scored(rankings, k)]


def fuse_scored(rankings: list[list[str]], k: int = RRF_K) -> list[tuple[str, float]]:
    """`fuse`, with each id's reciprocal-rank score."""
    fused: dict[str, float] = {}
    for ids in rankings:
        for rank, ident in enumerate(ids):
            fused[ident] = fused.get(ident, 0.0) + 1.0 / (k + rank + 1)
    return sorted(fused.items(), key=lambda item: (-item[1], item[0]))


# BM25 over one text: the ids it ranks, best first, at most `limit`.
Words = Callable[[str, int], list[str]]


def retrieve(
    words: Words,
    known: Container[str],
    question: str,
    limit: int = RETRIEVED_LAWS,
    near: list[str] | None = None,
    searches: list[Search] | None = None,
) -> list[str]:
    """The ids most likely to answer `question`, best first.

    BM25 over the question, the nearest ids, and each rewritten search's own two
    rankings, fused. With no nearest ids and no searches this is BM25 alone, exactly.
    """
    return [ident for ident, _ in retrieve_scored(words, known, question, limit, near, searches)][:limit]


def retrieve_scored(
    words: Words,
    known: Container[str],
    question: str,
    limit: int = RETRIEVED_LAWS,
    near: list[str] | None = None,
    searches: list[Search] | None = None,
) -> list[tuple[str, float]]:
    """`retrieve`'s whole fused list, with each id's reciprocal-rank score (BM25 alone: 1/(k + rank))."""
    # A vector left behind for a law since removed is dropped here, never shown.
    meant = [ident for ident in (near or []) if ident in known][:FUSED_NEAR]
    searches = searches or []
    if not meant and not searches:
        return [(ident, 1.0 / (RRF_K + rank + 1)) for rank, ident in enumerate(words(question, limit))]
    rankings = [words(question, limit * 2), meant]
    for each in searches:
        rankings.append(words(each.search, limit * 2))
        rankings.append([ident for ident in each.near if ident in known][:FUSED_NEAR])
    return fuse_scored(rankings)
