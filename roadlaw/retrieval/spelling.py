"""A learner's misspelt word put right from the state's own laws: "hydrent" is "hydrant".

A word the state's laws never use and no English dictionary holds, one edit (a
letter dropped, added, changed, or two swapped) from a word they use often, is
read as that word; a British spelling ("tyre", "manoeuvre") as the US manuals
spell it; a unit cut short ("hrs", "ft", "secs") whole. Nothing else is changed:
a word the laws use, a short word, a number, a word of the learner glossary's
phrases, or one with no single near neighbour stays as typed. Searched and
answered with, never shown: the learner sees their own question.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from roadlaw.corpus import Law
from roadlaw.retrieval.glossary import learner_phrase_words, learner_words
from roadlaw.retrieval.words import STOPWORDS, fold, indexed_text, tokens

_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_WORD = re.compile(r"[a-z]+")

# Shorter words have too many neighbours one edit away ("stop", "shop", "step").
SHORTEST = 4
# A correction of a short word must be a word the laws use at least this often: a rare
# word one edit away is as likely another rare word as the one meant.
COMMON_ENOUGH = 2
LONG_WORD = 6
# Words a learner types that no manual needs to hold to be understood.
_CASUAL = frozenset(
    [
        "gotta",
        "wanna",
        "gonna",
        "kinda",
        "dont",
        "cant",
        "wont",
        "isnt",
        "arent",
        "didnt",
        "doesnt",
        "ive",
        "youre",
        "theyre",
        "thats",
        "whats",
        "hows",
        "whos",
        "okay",
        "yeah",
        "hey",
        "like",
        "really",
        "actually",
        "still",
        "just",
        "also",
        "even",
        "anyway",
        # Slang verbs: "bust a u-turn" is no bus.
        "bust",
        "please",
        "thanks",
        # Texting, which some dictionaries lack, is not testing.
        "texting",
    ]
)


# British spellings, put as the US manuals spell them before any edit is tried: one edit
# from "tyre" is "type" as well as "tire", and the manuals say "type" more often.
_BRITISH = dict(
    re.findall(
        r"(\w+) (\w+)",
        "licence license, licences licenses, licenced licensed, licencing licensing, centre center, "
        "centres centers, colour color, colours colors, coloured colored, tyre tire, tyres tires, "
        "offence offense, offences offenses, defence defense, manoeuvre maneuver, manoeuvres maneuvers, "
        "manoeuvring maneuvering, manoeuvred maneuvered, metre meter, metres meters, kilometre kilometer, "
        "kilometres kilometers, practise practice, practising practicing, practised practiced, "
        "programme program, programmes programs, kerb curb, kerbs curbs, grey gray, neighbour neighbor, "
        "neighbours neighbors, neighbourhood neighborhood, behaviour behavior, favour favor, enrol enroll, "
        "enrolment enrollment, judgement judgment, recognise recognize, realise realize, analyse analyze, "
        "travelling traveling, travelled traveled, signalling signaling, signalled signaled, "
        "cancelled canceled, plough plow",
    )
)


# A unit a learner cuts short, put whole as the manuals write it: "how many ft from a hydrant" asks a
# distance, "how many secs behind a car" a count of seconds. No manual uses "hrs" or "secs" as a word;
# one edit from "mins" is "mind". ("min" is left: a minimum as often as a minute. So is "yr": an age told
# "16 yr old" is read as one already, and put as "16 year old" it was searched as every law for 16-year-olds,
# 6 answers worse for 3 better.)
_SHORTENED = dict(re.findall(r"(\w+) (\w+)", "hr hour, hrs hours, mins minutes, sec second, secs seconds, ft feet"))

# "like" said before a figure as "about" ("going like 20 over", "at like 1am"): no manual hedges so, and
# "like" is a word of many laws ("vehicles like trucks"), so weighed as the question's it pulled the
# closeness of the law that states the figure below the bar.
_HEDGE = re.compile(r"\blike\s+(?=\d)", re.I)


@lru_cache(maxsize=1)
def _counts() -> dict[str, int]:
    """How often each word of an English dictionary (pyspellchecker's, inside its package) is used.
    A word in it is a real word, not put right to another one edit away ("beer" is no "been",
    "tell" no "toll", "broke" no "brake")."""
    from spellchecker import SpellChecker

    return dict(SpellChecker(language="en", distance=1).word_frequency.items())


# A word used less often than this in the dictionary's count is not an everyday one ("barefoot"
# 2,227, "radar" 13,062; "somewhere" 176,398, "came" 1,127,056).
EVERYDAY = 50_000


def everyday(word: str) -> bool:
    """Whether an English word is in everyday use, so saying nothing of a law's subject by itself."""
    return _counts().get(word.lower(), 0) >= EVERYDAY


def _edits(word: str) -> set[str]:
    """Every string one edit from `word` past its first letter (Damerau: a swap of two neighbours is one edit).

    A learner's slip is rarely in the first letter, and a word one edit away there is most
    often another word ("president" and "resident", "town" and "down").
    """
    splits = [(word[:at], word[at:]) for at in range(1, len(word) + 1)]
    dropped = {left + right[1:] for left, right in splits if right}
    swapped = {left + right[1] + right[0] + right[2:] for left, right in splits if len(right) > 1}
    changed = {left + letter + right[1:] for left, right in splits if right for letter in _LETTERS}
    added = {left + letter + right for left, right in splits for letter in _LETTERS}
    return (dropped | swapped | changed | added) - {word}


@lru_cache(maxsize=64)
def _vocabulary(laws: tuple[Law, ...]) -> tuple[Counter[str], frozenset[str]]:
    """The laws' words counted, and their stems: "town" is known where the laws say only "towns"."""
    words = Counter(word for law in laws for word in _WORD.findall(fold(indexed_text(law))))
    return words, frozenset(tokens(" ".join(words)))


class Speller:
    """Each state's words, counted when first asked, to put a question's misspellings right."""

    def __init__(self) -> None:
        self._held: dict[str, tuple[Sequence[Law], tuple[Counter[str], frozenset[str]]]] = {}

    def vocabulary(self, state: str, laws: Sequence[Law]) -> tuple[Counter[str], frozenset[str]]:
        held = self._held.get(state)
        # Counted again for other laws: a table rebuilt under a running server arrives as a new list.
        if held is None or held[0] is not laws:
            held = (laws, _vocabulary(tuple(laws)))
            self._held[state] = held
        return held[1]

    def corrected(self, question: str, state: str, laws: Sequence[Law]) -> str:
        """The question with each misspelt word put right; the question itself when it has none."""
        known, stems = self.vocabulary(state, laws)
        fixes: dict[str, str] = {}
        for word in set(_WORD.findall(fold(question))):
            if word in _BRITISH and word not in known:
                fixes[word] = _BRITISH[word]
                continue
            if word in _SHORTENED:
                fixes[word] = _SHORTENED[word]
                continue
            if len(word) < SHORTEST or word in known or word in STOPWORDS["english"] or word in _CASUAL:
                continue
            if set(tokens(word)) <= stems or word in learner_phrase_words() or word in _counts():
                continue
            edits = _edits(word)
            # A long word has few neighbours one edit away, so one law's use of it is enough.
            enough = 1 if len(word) >= LONG_WORD else COMMON_ENOUGH
            near = [each for each in edits if known.get(each, 0) >= enough]
            # A learner's own word misspelt ("breathalizer") is put right to it, and the glossary reads it.
            near += [each for each in edits & learner_words() if each not in near]
            if near:
                fixes[word] = max(near, key=lambda each: (known.get(each, 0), each))
        question = _HEDGE.sub("", question)
        if not fixes:
            return question
        pattern = re.compile(r"\b(" + "|".join(map(re.escape, sorted(fixes))) + r")\b", re.I)
        return pattern.sub(lambda match: fixes[match.group(0).lower()], question)
