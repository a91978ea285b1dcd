"""One topic's rule across the states: the API (/api/topics, /api/topics/{id}) and the pages (/topics, /topics/{id}).

The cells come from the card files (ROADLAW_CARDS, else the committed ones), which the table
does not keep topics for; they are read again when a file changes, so a card written while
the server runs shows on the next request. A state's cell is its cards, or "the sources do
not say" (its manual was searched; the card file says how), or "no card yet".

    install(app, settings)   the routes, and the cards they read (create_app calls it)
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Depends, FastAPI, Request
from fastapi.responses import HTMLResponse, Response

from roadlaw.corpus import Cards, Law, cards_dir, load_cards
from roadlaw.settings import Settings
from roadlaw.states import STATES
from roadlaw.topics import ALL_STATES, Absent, Cell, Topic, compared, load_absent, load_topics
from roadlaw.web.errors import ApiError, documented
from roadlaw.web.frame import FrameDep
from roadlaw.web.present import link_words
from roadlaw.web.schemas import TopicCellOut, TopicComparedOut, TopicOut

router = APIRouter()

# The orders a topic's table may be read in: by the state's name, or by the figure, smallest first.
SORTS = ("state", "figure")

# A cell's place after the figures when it has none: cards without a figure, then searched gaps, then unwritten.
_SAID_ORDER = {"card": 0, "sources do not say": 1, "no card yet": 2}


class TopicCards:
    """The card folder's cards and absent records, read again when a file in it changes."""

    def __init__(self, directory: Path | None) -> None:
        self.directory = directory
        self._lock = threading.Lock()
        self._seen: tuple[tuple[str, int, int], ...] | None = None
        self._read: tuple[Cards, dict[str, dict[str, Absent]]] = (Cards(), {})

    def _files(self) -> tuple[tuple[str, int, int], ...]:
        found = []
        for path in sorted(cards_dir(self.directory).glob("*.toml")):
            stat = path.stat()
            found.append((path.name, stat.st_mtime_ns, stat.st_size))
        return tuple(found)

    def read(self) -> tuple[Cards, dict[str, dict[str, Absent]]]:
        """Every state's cards and absent records; BadCards (one line) when a file is broken."""
        with self._lock:
            files = self._files()
            if files != self._seen:
                self._read = (load_cards(self.directory), load_absent(self.directory))
                self._seen = files
            return self._read


async def _topic_cards(request: Request) -> TopicCards:
    cards: TopicCards = request.app.state.topic_cards
    return cards


TopicCardsDep = Annotated[TopicCards, Depends(_topic_cards)]


def install(app: FastAPI, settings: Settings) -> None:
    """The topic routes on `app`, over the cards in the settings' folder."""
    app.state.topic_cards = TopicCards(settings.cards)
    app.include_router(router)


def topic_of(ident: str) -> Topic:
    """The topic with id `ident`; a 404 in the one error shape when there is none."""
    topic = load_topics().get(ident.strip().lower())
    if topic is None:
        raise ApiError(404, "unknown_topic", f"no topic {ident!r}; GET /api/topics lists them (ids like park-hydrant)")
    return topic


def states_with_cards(topic: str, cards: Cards) -> int:
    return sum(1 for state in ALL_STATES if any(law.topic == topic for law in cards.of(state)))


def topic_dict(topic: Topic, cards: Cards) -> dict[str, Any]:
    return {
        "id": topic.id,
        "title": topic.title,
        "question": topic.question,
        "question_es": topic.question_es,
        "states": topic.states,
        "unit": topic.unit,
        "states_with_cards": states_with_cards(topic.id, cards),
    }


def card_view(law: Law) -> dict[str, Any]:
    """A card as a topic's cell shows it: the rule, its citation's words, and the official page."""
    url, link = link_words(law.state, law.url, page=law.page)
    return {
        "id": law.id,
        "rule": law.law,
        "question": law.question,
        "citation": law.citation,
        "reference": law.reference,
        "quote": law.quote,
        "page": law.page,
        "url": url,
        "link": link,
    }


def cell_view(cell: Cell) -> dict[str, Any]:
    return {
        "state": cell.state,
        "name": STATES[cell.state],
        "said": cell.said,
        "figure": cell.figure or None,
        "searched": cell.absent.searched if cell.absent and not cell.cards else None,
        "cards": [card_view(law) for law in cell.cards],
    }


def figure_value(figure: str) -> float:
    """The first figure as a number, for sorting ("1,000" → 1000, ".08" → 0.08); infinity for none."""
    first = figure.split()[0].replace(",", "") if figure.strip() else ""
    try:
        return float(first)
    except ValueError:
        return math.inf


def by_figure(cells: list[Cell]) -> list[Cell]:
    """Smallest figure first; cells without one after, as _SAID_ORDER; ties by the state's name."""
    return sorted(cells, key=lambda cell: (figure_value(cell.figure), _SAID_ORDER[cell.said], STATES[cell.state]))


@dataclass(frozen=True)
class Row:
    """One state's row of a topic's table, with its place in each order."""

    cell: dict[str, Any]
    by_state: int
    by_figure: int


def rows_for(cells: list[Cell], sort: str) -> list[Row]:
    """The table's rows in the order asked for, each knowing its place in both (the script sorts by them)."""
    by_name = sorted(cells, key=lambda cell: STATES[cell.state])
    name_place = {cell.state: at for at, cell in enumerate(by_name)}
    figure_place = {cell.state: at for at, cell in enumerate(by_figure(cells))}
    ordered = by_figure(cells) if sort == "figure" else by_name
    return [Row(cell_view(cell), name_place[cell.state], figure_place[cell.state]) for cell in ordered]


def figure_shown(figure: str | None, unit: str) -> str:
    """A cell's figure as the table shows it: "15 feet", "15, 30 feet"."""
    if not figure:
        return ""
    return f"{', '.join(figure.split())} {unit}".strip()


# --- the API ------------------------------------------------------------------------------------


@router.get("/api/topics", response_model=list[TopicOut], tags=["topics"])
def api_topics(topic_cards: TopicCardsDep) -> list[TopicOut]:
    """Every topic of the typology, in its order, with how many states have a card on it."""
    cards, _ = topic_cards.read()
    return [TopicOut(**topic_dict(topic, cards)) for topic in load_topics().values()]


@router.get("/api/topics/{ident}", response_model=TopicComparedOut, responses=documented(404, 422), tags=["topics"])
def api_topic(ident: str, topic_cards: TopicCardsDep) -> TopicComparedOut:
    """One topic in every state: each state's cards with their citations, or why there are none."""
    topic = topic_of(ident)
    cards, absent = topic_cards.read()
    cells = [TopicCellOut(**cell_view(cell)) for cell in compared(topic.id, cards, absent)]
    return TopicComparedOut(**topic_dict(topic, cards), cells=cells)


# --- the pages ----------------------------------------------------------------------------------


@router.get("/topics", response_class=HTMLResponse, include_in_schema=False)
def topics_page(frame: FrameDep, topic_cards: TopicCardsDep) -> Response:
    """Every topic, each with how many states have a card on it."""
    cards, _ = topic_cards.read()
    topics = [topic_dict(topic, cards) for topic in load_topics().values()]
    return frame.render("topics.html", {**frame.chrome(), "topics": topics, "of_states": len(ALL_STATES)})


@router.get("/topics/{ident}", response_class=HTMLResponse, include_in_schema=False)
def topic_page(frame: FrameDep, topic_cards: TopicCardsDep, ident: str, sort: str = "state") -> Response:
    """One topic's table of every state; `sort=figure` puts the smallest figure first (the script sorts in place)."""
    topic = topic_of(ident)
    cards, absent = topic_cards.read()
    cells = compared(topic.id, cards, absent)
    sort = sort if sort in SORTS else "state"
    said = {name: sum(1 for cell in cells if cell.said == name) for name in _SAID_ORDER}
    context = {
        **frame.chrome(),
        "topic": topic,
        "rows": rows_for(cells, sort),
        "sort": sort,
        "said": said,
        "of_states": len(cells),
        "has_figure": topic.states == "figure",
        "figure_shown": figure_shown,
    }
    return frame.render("topic.html", context)
