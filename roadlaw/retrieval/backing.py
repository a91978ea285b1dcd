"""The manual passage behind each card: where a learner can read the card's rule in its setting.

A card's quote is a sentence or two; the manual passage that holds it gives the
rule's neighbours (the exception, the condition, the next item of the list). A
card answer is shown with that passage as its second source, and the passage is
kept next to the card among the retrieved laws so it can be shown.

A card on a statute or an agency page is backed by the manual passage that
states the same rule: the one sharing most of the card's words that also states
every figure of its rule. Only the manual's own words back a card, never
another card.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Collection, Mapping, Sequence
from functools import lru_cache

from roadlaw.answering.figures import figures_in
from roadlaw.corpus import Law

# A passage backs a card when it holds at least this share of the card's quote's word
# trigrams: the quote stands in it, give or take a line break or a hyphen the PDF text split.
QUOTE_HELD = 0.6

# A passage backs a statute or agency card when it holds this share of the card's rule's
# content words, and every figure of the rule: it states the same rule in the manual's words.
RULE_HELD = 0.6

_WORD = re.compile(r"[a-z0-9]+(?:\.[0-9]+)?")

# Words too common in rules to say which rule a passage states.
_COMMON = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "by",
        "can",
        "do",
        "for",
        "from",
        "if",
        "in",
        "is",
        "it",
        "its",
        "may",
        "must",
        "no",
        "not",
        "of",
        "on",
        "or",
        "the",
        "to",
        "when",
        "with",
        "you",
        "your",
        "than",
        "that",
        "this",
        "within",
        "before",
        "after",
        "any",
        "all",
    ]
)


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower().replace("’", "'"))


def _trigrams(words: list[str]) -> set[tuple[str, ...]]:
    return {tuple(words[at : at + 3]) for at in range(len(words) - 2)} or ({tuple(words)} if words else set())


def passages_behind(laws: Sequence[Law]) -> dict[str, str]:
    """Each card's id to the id of the manual passage behind it, for the cards that have one."""
    passages = [law for law in laws if law.origin == "manual"]
    if not passages:
        return {}
    by_trigram: dict[tuple[str, ...], list[int]] = defaultdict(list)
    words_of = []
    for at, passage in enumerate(passages):
        words = _words(passage.text)
        words_of.append(set(words))
        for trigram in _trigrams(words):
            by_trigram[trigram].append(at)
    behind: dict[str, str] = {}
    for card in laws:
        if card.origin != "card":
            continue
        found = _holding_quote(card, by_trigram) if card.kind == "manual" else None
        if found is None:
            found = _stating_rule(card, passages, words_of)
        if found is not None:
            behind[card.id] = passages[found].id
    return behind


def _holding_quote(card: Law, by_trigram: dict[tuple[str, ...], list[int]]) -> int | None:
    """The passage holding most of the card's quote, when it holds QUOTE_HELD of it (ties: the first)."""
    wanted = _trigrams(_words(card.quote))
    if not wanted:
        return None
    counts: dict[int, int] = defaultdict(int)
    for trigram in wanted:
        for at in by_trigram.get(trigram, ()):
            counts[at] += 1
    if not counts:
        return None
    best = min(counts, key=lambda at: (-counts[at], at))
    return best if counts[best] / len(wanted) >= QUOTE_HELD else None


def _stating_rule(card: Law, passages: list[Law], words_of: list[set[str]]) -> int | None:
    """The passage sharing most of the card's rule words and stating all its figures (ties: the first)."""
    content = {word for word in _words(f"{card.law} {card.quote}") if word not in _COMMON and not word.isdigit()}
    figures = figures_in(card.law)
    if not content:
        return None
    best: tuple[float, int] | None = None
    for at, present in enumerate(words_of):
        share = len(content & present) / len(content)
        if share < RULE_HELD or (best is not None and share <= best[0]):
            continue
        if figures and not figures <= figures_in(passages[at].text):
            continue
        best = (share, at)
    return best[1] if best is not None else None


def with_passages_behind(ids: list[str], behind: dict[str, str], limit: int) -> list[str]:
    """`ids` with the passage behind the first card placed right after it, when it is not already there.

    Only the first card's: it is the one an answer is most likely made from. The list
    keeps its length; the last law gives way.
    """
    card = next((ident for ident in ids if ident in behind), None)
    if card is None:
        return ids
    passage = behind[card]
    if passage in ids:
        return ids
    at = ids.index(card) + 1
    return [*ids[:at], passage, *ids[at:]][:limit]


def sources_first(
    ids: list[str], behind: dict[str, str], by_id: Mapping[str, Law], limit: int
) -> tuple[list[str], list[str]]:
    """The laws as listed, and as the answer weighs them: the same laws in two orders.

    Listed: each card right after the manual passage holding its quote, that passage moved
    or brought in (the last law giving way). A card's quote is a sentence of that passage and
    its rule the passage's in brief: the passage is its source, whole, and comes first.
    Weighed: as found (`ids`), a passage brought in right after its card, so the answer
    reads a card ahead of its passage as before.
    """
    listed = list(ids)
    quoted: dict[str, str] = {}
    for card in [ident for ident in ids if ident in behind]:
        passage = behind[card]
        if passage not in by_id or card not in by_id or not quotes(by_id[passage], by_id[card]):
            continue
        if passage in listed and listed.index(passage) < listed.index(card):
            continue
        if passage not in listed and listed.index(card) >= limit - 1:
            # The pair would not fit: the card stays as found.
            continue
        quoted[passage] = card
        listed = [ident for ident in listed if ident != passage]
        at = listed.index(card)
        listed = [*listed[:at], passage, *listed[at:]]
    listed = listed[:limit]
    kept = set(listed)
    weighed = [ident for ident in ids if ident in kept]
    for passage in listed:
        if passage not in weighed:
            weighed.insert(weighed.index(quoted[passage]) + 1, passage)
    return listed, weighed


@lru_cache(maxsize=1 << 14)
def quotes(passage: Law, card: Law) -> bool:
    """Whether a manual passage holds a manual card's quote (QUOTE_HELD of its word trigrams)."""
    if passage.origin != "manual" or card.origin != "card" or card.kind != "manual":
        return False
    wanted = _trigrams(_words(card.quote))
    return bool(wanted) and len(wanted & _trigrams(_words(passage.text))) / len(wanted) >= QUOTE_HELD


def also_stating(card: Law, laws: Sequence[Law], besides: Collection[str] = ()) -> str | None:
    """The first of `laws` (a manual passage, not among `besides`) that states the card's rule too.

    A manual often says a rule twice (in its chapter, and again in a summary or a list); the
    learner is shown the other place as well, read by the test a statute card's passage is.
    """
    passages = [law for law in laws if law.origin == "manual" and law.id not in besides]
    found = _stating_rule(card, passages, [set(_words(passage.text)) for passage in passages])
    return passages[found].id if found is not None else None
