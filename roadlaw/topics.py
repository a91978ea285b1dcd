"""The typology of learner topics (topics.toml), and which topics each state's cards cover.

Every card names one topic; a state with no card on a topic either has an
`[[absent]]` record in its card file (its manual was searched and does not say,
with how it was searched) or has simply not been written yet.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

from roadlaw.errors import BadCards

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
