"""The typology of learner topics (topics.toml), and which topics each state's cards cover.

Every card names one topic; a state with no card on a topic either has an
`[[absent]]` record in its card file (its manual was searched and does not say,
with how it was searched) or has simply not been written yet.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

from roadlaw.corpus import Cards, Law, cards_dir
from roadlaw.errors import BadCards
from roadlaw.states import STATES, WITH_SOURCES

# The states with sources: every one but DC.
ALL_STATES = WITH_SOURCES

# What a card on a topic must state.
STATES_WHAT = ("figure", "yes-no", "steps")


@dataclass(frozen=True)
class Topic:
    id: str
    title: str
    question: str
    question_es: str
    # "figure" (with `unit`), "yes-no" (with its condition) or "steps".
    states: str
    unit: str = ""


@cache
def load_topics() -> dict[str, Topic]:
    """Every topic by id, in the file's order; BadCards naming the entry when one is malformed."""
    text = resources.files("roadlaw").joinpath("topics.toml").read_text(encoding="utf-8")
    found: dict[str, Topic] = {}
    for number, entry in enumerate(tomllib.loads(text).get("topic", []), start=1):
        missing = [key for key in ("id", "title", "question", "question_es", "states") if not entry.get(key)]
        if missing:
            raise BadCards(f"topics.toml: topic {number} has no {', '.join(missing)}")
        if entry["states"] not in STATES_WHAT:
            raise BadCards(f"topics.toml: {entry['id']} states {entry['states']!r}; use one of {STATES_WHAT}")
        if entry["id"] in found:
            raise BadCards(f"topics.toml: {entry['id']} is listed twice")
        found[entry["id"]] = Topic(
            entry["id"], entry["title"], entry["question"], entry["question_es"], entry["states"], entry.get("unit", "")
        )
    return found


@dataclass(frozen=True)
class Absent:
    """A topic a state's sources were searched for and do not speak to, and how they were searched."""

    state: str
    topic: str
    searched: str


def load_absent(directory: Path | None = None) -> dict[str, dict[str, Absent]]:
    """Each state's `[[absent]]` records, by state and topic."""
    found: dict[str, dict[str, Absent]] = {}
    for path in sorted(cards_dir(directory).glob("*.toml")):
        state = path.stem.upper()
        for entry in tomllib.loads(path.read_text(encoding="utf-8")).get("absent", []):
            topic = str(entry.get("topic", ""))
            found.setdefault(state, {})[topic] = Absent(state, topic, str(entry.get("searched", "")))
    return found


@dataclass(frozen=True)
class Cell:
    """One state's answer to a topic: its cards, or that its sources do not say, or nothing yet."""

    state: str
    cards: tuple[Law, ...] = ()
    absent: Absent | None = None

    @property
    def said(self) -> str:
        if self.cards:
            return "card"
        return "sources do not say" if self.absent else "no card yet"

    @property
    def figure(self) -> str:
        """The first card's figures, in the order its rule states them ("" when it states none)."""
        if not self.cards:
            return ""
        return " ".join(dict.fromkeys(_digits(self.cards[0].law)))


def _digits(text: str) -> list[str]:
    return [each for each in re.findall(r"(?<![\w.])\.?\d[\d,]*(?:\.\d+)?", text)]


def topic_named(name: str) -> Topic:
    """The topic `name` is the id of, or the one topic whose id or title holds it as a word ("hydrant").

    BadCards naming the topics it could be when it is in more than one, or none.
    """
    topics = load_topics()
    wanted = name.strip().lower()
    if wanted in topics:
        return topics[wanted]
    words = re.compile(rf"(?<![a-z]){re.escape(wanted)}(?![a-z])") if wanted else None
    found = [
        topic
        for topic in topics.values()
        if words is not None and (words.search(topic.id) or words.search(topic.title.lower()))
    ]
    if len(found) == 1:
        return found[0]
    if found:
        raise BadCards(f"{name!r} could be {', '.join(topic.id for topic in found)}; give one of them")
    raise BadCards(f"no topic {name!r}; `roadlaw topics` lists them")


def compared(topic: str, cards: Cards, absent: dict[str, dict[str, Absent]]) -> list[Cell]:
    """Every state's cell for `topic`, in the order of the states' names."""
    if topic not in load_topics():
        raise BadCards(f"no topic {topic!r}; `roadlaw topics` lists them")
    cells = []
    for state in sorted(ALL_STATES, key=lambda code: STATES[code]):
        on_topic = tuple(law for law in cards.of(state) if law.topic == topic)
        cells.append(Cell(state, on_topic, absent.get(state, {}).get(topic)))
    return cells


@dataclass(frozen=True)
class Coverage:
    """How far a state's cards cover the typology."""

    state: str
    cards: int
    covered: tuple[str, ...]
    absent: tuple[Absent, ...]
    not_yet: tuple[str, ...]


def coverage(cards: Cards, absent: dict[str, dict[str, Absent]]) -> list[Coverage]:
    topics = list(load_topics())
    report = []
    for state in ALL_STATES:
        covered = tuple(topic for topic in topics if any(law.topic == topic for law in cards.of(state)))
        missing = tuple(absent.get(state, {}).values())
        said = {*covered, *(each.topic for each in missing)}
        report.append(
            Coverage(state, len(cards.of(state)), covered, missing, tuple(t for t in topics if t not in said))
        )
    return report
