"""A question in the manuals' own words: a Spanish question's road words, or a learner's slang.

The laws are in English. A Spanish question's own words rarely match them, so
the words half, reading it with a Spanish stemmer, ranks little; the meaning
half carries it alone. `in_english` gives the words half something to read:
each Spanish road word or phrase the question holds, as the manuals would say
it. It is not a translation (word order and everything outside road
vocabulary are dropped), only a search in the law's words. Keys are matched on
Spanish stems (Snowball), so "estacionar", "estaciono" and "estacionamiento"
are one entry; longer phrases are tried first.

`in_manual_words` does the same for an English question in a learner's words
("fireplug", "tailgating", "car seat"), keeping the rest of the question.

Either is fused like any other rewritten search (fuse.Search): its own BM25
and nearest rankings beside the question's.
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources

import Stemmer

from roadlaw.retrieval.words import fold

# One file per table beside this module, each "words<TAB>words" a line; a line
# opening with "#" says where the entries come from or names a section.
_SPANISH = "spanish.tsv"
_LEARNER = "learner.tsv"


@lru_cache(maxsize=2)  # two tables
def _pairs(name: str) -> dict[str, str]:
    """A table's entries in file order (the order two entries on one stem merge in)."""
    pairs: dict[str, str] = {}
    text = resources.files(__name__).joinpath(name).read_text(encoding="utf-8")
    for number, line in enumerate(text.splitlines(), start=1):
        if not line or line.startswith("#"):
            continue
        key, tab, value = line.partition("\t")
        if not tab or not key or not value or "\t" in value or key in pairs:
            raise ValueError(f"{name} line {number}: not one new 'words<TAB>words' entry")
        pairs[key] = value
    return pairs


_STEM = Stemmer.Stemmer("spanish")
_WORD = re.compile(r"[a-z0-9]+(?:\.[0-9]+)?")
_NUMBER = re.compile(r"\d")
LONGEST = 5


def _stems(text: str) -> tuple[str, ...]:
    return tuple(_STEM.stemWords(_WORD.findall(fold(text))))


@lru_cache(maxsize=1)
def _table() -> dict[tuple[str, ...], str]:
    table: dict[tuple[str, ...], str] = {}
    for spanish, english in _pairs(_SPANISH).items():
        key = _stems(spanish)
        # Two entries on one stem ("bebe", "beber"): both senses are kept.
        if key not in table or table[key] in english:
            table[key] = english
        elif english not in table[key]:
            table[key] = f"{table[key]} {english}"
    return table


@lru_cache(maxsize=1024)
def in_english(question: str) -> str:
    """The question's road words in the manuals' English, longest phrase first; "" when none."""
    stems = _stems(question)
    words = _WORD.findall(fold(question))
    table = _table()
    found: list[str] = []
    at = 0
    while at < len(stems):
        for size in range(min(LONGEST, len(stems) - at), 0, -1):
            english = table.get(stems[at : at + size])
            if english is not None:
                found.append(english)
                at += size
                break
        else:
            if _NUMBER.search(words[at]):
                found.append(words[at])  # a figure reads the same in both
            at += 1
    return " ".join(found)


# --- a learner's English in the manuals' words ------------------------------------

_ENGLISH_WORD = re.compile(r"[a-z0-9]+(?:[-'][a-z0-9]+)*")


@lru_cache(maxsize=1)
def _learner_table() -> dict[tuple[str, ...], str]:
    table = {tuple(_ENGLISH_WORD.findall(key)): words for key, words in _pairs(_LEARNER).items() if key != words}
    # A learner writes "pennant shaped" as often as "pennant-shaped": each is read as the other
    # where the table holds only one (and no longer than its longest entry as written).
    longest = max(map(len, table))
    for key, words in list(table.items()):
        split = tuple(part for word in key for part in word.split("-"))
        for other in (split, ("-".join(key),)):
            if len(other) <= longest and other not in table:
                table[other] = words
    return table


@lru_cache(maxsize=1)
def _counted_table() -> dict[tuple[str, ...], str]:
    """The learner table's entries with their last word in the plural, where the table has none of its own.

    Read only after a count ("3 speeding tickets", "two fender benders"): counted, they are the things one had,
    as the entry means them; uncounted, a plural is most often the kind ("do speeding tickets cost more in a
    work zone"), which the entry's reading would turn from what the rule says.
    """
    table = _learner_table()
    counted: dict[tuple[str, ...], str] = {}
    for key, words in table.items():
        plural = (*key[:-1], _plural(key[-1]))
        if plural not in table:
            counted[plural] = words
    return counted


def _plural(word: str) -> str:
    return f"{word}es" if word.endswith(("s", "x", "ch", "sh")) else f"{word}s"


# Words that count what follows: "3", "two", "several".
_COUNT = re.compile(r"\d+|two|three|four|five|six|several|multiple|many|few|couple|some|more|too")


@lru_cache(maxsize=1)
def _learner_longest() -> int:
    """The most words of a learner table entry: the longest run a question is looked up by."""
    return max(map(len, _learner_table()))


@lru_cache(maxsize=1024)
def in_manual_words(question: str) -> str:
    """An English question with a learner's words put as the manuals put them; "" when it has none."""
    words = _ENGLISH_WORD.findall(fold(question))
    table = _learner_table()
    counted = _counted_table()
    longest = _learner_longest()
    out: list[str] = []
    changed = False
    at = 0
    while at < len(words):
        after_a_count = at > 0 and bool(_COUNT.fullmatch(words[at - 1]))
        for size in range(min(longest, len(words) - at), 0, -1):
            key = tuple(words[at : at + size])
            manual = table.get(key)
            if manual is None and after_a_count:
                manual = counted.get(key)
            if manual is not None:
                out.append(manual)
                changed = True
                at += size
                break
        else:
            out.append(words[at])
            at += 1
    return " ".join(out) if changed else ""


@lru_cache(maxsize=1)
def learner_words() -> frozenset[str]:
    """The learner table's one-word entries ("breathalyzer", "fireplug"): a misspelling of one is put right to it."""
    return frozenset(key for key in _pairs(_LEARNER) if _ENGLISH_WORD.fullmatch(key))


@lru_cache(maxsize=1)
def learner_phrase_words() -> frozenset[str]:
    """Every word of the learner table's entries ("dies" of "car dies"): a word the table reads is no misspelling."""
    return frozenset(word for key in _pairs(_LEARNER) for word in _ENGLISH_WORD.findall(key))
