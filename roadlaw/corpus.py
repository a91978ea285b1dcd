"""Laws: what a learner's answer may be built from, and the committed cards.

A law is one rule with its source. Cards are written by hand, one TOML file a
state in `roadlaw/corpus/`; passages are cut from the sources by `build`. Both
are `Law`s and travel the same path.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from roadlaw.errors import BadCards
from roadlaw.states import STATES

KINDS = ("manual", "statute", "penalty", "process")

# The letter a card's id carries for its kind: MD-S01 is Maryland's first statute card.
KIND_LETTER = {"manual": "M", "statute": "S", "penalty": "F", "process": "A"}

CARDS_DIR = Path(__file__).parent / "corpus"


def cards_dir(explicit: Path | None = None) -> Path:
    """The committed cards, or the folder given (ROADLAW_CARDS: a working copy being edited)."""
    return explicit or CARDS_DIR


# Between a citation's reference and its quoted words.
QUOTE_SEPARATOR = " — "


@dataclass(frozen=True)
class Law:
    """One rule a learner may be told, with the words of the source it stands on."""

    id: str
    state: str
    kind: str
    law: str
    question: str
    citation: str
    url: str
    page: int | None = None
    # Where it came from: "card", "manual", "excerpt".
    origin: str = "card"
    # A card's topic in the typology (roadlaw/topics.toml); "" for a passage. Not kept in the table.
    topic: str = ""

    @property
    def reference(self) -> str:
        """The page or section, without the quoted words."""
        return reference_of(self.citation)

    @property
    def quote(self) -> str:
        """The verbatim words of the source this law stands on."""
        return quote_of(self.citation)

    @property
    def text(self) -> str:
        """The law's verbatim source words: a passage's own text, or a card's quoted words."""
        return self.law if self.origin == "manual" else self.quote


def reference_of(citation: str) -> str:
    """The reference alone: the page or section, without the quoted words after it."""
    at = citation.find(QUOTE_SEPARATOR)
    return citation if at < 0 else citation[:at]


_QUOTED = re.compile(r'"(.+)"\s*$', re.S)


def quote_of(citation: str) -> str:
    """The words in quotes after the reference, or empty when there are none."""
    at = citation.find(QUOTE_SEPARATOR)
    if at < 0:
        return ""
    match = _QUOTED.search(citation[at + len(QUOTE_SEPARATOR) :])
    return match.group(1).strip() if match else ""


def embedding_text(law: Law) -> str:
    """What is embedded for a law: its rule and how a learner would ask it."""
    return f"{law.law} {law.question}".strip()


_REQUIRED = ("id", "kind", "law", "question", "citation", "url")


def _card_from(entry: dict[str, object], state: str, where: str) -> Law:
    ident = str(entry.get("id", "")).strip()
    if not ident:
        raise BadCards(f"{where}: a card has no id; give each [[law]] an id like {state}-S01")
    missing = [key for key in _REQUIRED if key not in entry]
    if missing:
        raise BadCards(f"{where}: {ident} has no {', '.join(missing)}; add it to the card")
    kind = str(entry["kind"])
    if kind not in KINDS:
        raise BadCards(f"{where}: {ident} has unknown kind {kind!r}; use one of {', '.join(KINDS)}")
    if not re.fullmatch(rf"{state}-{KIND_LETTER[kind]}\d+", ident):
        raise BadCards(
            f"{where}: {ident} is not an id of this file's state and kind;"
            f" a {kind} card in {state}.toml is named {state}-{KIND_LETTER[kind]}NN"
        )
    for key in ("law", "question"):
        if not str(entry[key]).strip():
            raise BadCards(f"{where}: {ident} has an empty {key}; write it in plain words")
    citation = str(entry["citation"])
    if not quote_of(citation):
        raise BadCards(
            f"{where}: {ident} has a citation without quoted words;"
            f' write it as reference{QUOTE_SEPARATOR}"the verbatim words"'
        )
    page = entry.get("page")
    if page is not None and not isinstance(page, int):
        raise BadCards(f"{where}: {ident} has a page that is not a number; write page = 12")
    return Law(
        id=ident,
        state=state,
        kind=kind,
        law=str(entry["law"]).strip(),
        question=str(entry["question"]).strip(),
        citation=citation.strip(),
        url=str(entry["url"]).strip(),
        page=page,
        origin="card",
        topic=str(entry.get("topic", "")).strip(),
    )


def load_card_file(path: Path) -> list[Law]:
    """The cards in one state's file, or BadCards naming the file, the card and the fix."""
    state = path.stem.upper()
    where = str(path)
    if state not in STATES:
        raise BadCards(f"{where}: the file name is not a state code; name it like MD.toml")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise BadCards(f"{where}: cannot be read ({error}); check the file") from None
    except tomllib.TOMLDecodeError as error:
        raise BadCards(f"{where}: is not valid TOML ({error}); fix the syntax") from None
    entries = data.get("law", [])
    if not isinstance(entries, list):
        raise BadCards(f"{where}: cards must be [[law]] tables")
    laws: list[Law] = []
    seen: set[str] = set()
    for entry in entries:
        if not isinstance(entry, dict):
            raise BadCards(f"{where}: cards must be [[law]] tables")
        law = _card_from(entry, state, where)
        if law.id in seen:
            raise BadCards(f"{where}: {law.id} is used twice; give the second card a new number")
        seen.add(law.id)
        laws.append(law)
    return laws


@dataclass
class Cards:
    """Every committed card, by state."""

    by_state: dict[str, list[Law]] = field(default_factory=dict)

    def of(self, state: str) -> list[Law]:
        return self.by_state.get(state, [])


def load_cards(directory: Path | None = None) -> Cards:
    """Every state's card file in `directory`; the first broken file raises BadCards."""
    cards = Cards()
    for path in sorted(cards_dir(directory).glob("*.toml")):
        cards.by_state[path.stem.upper()] = load_card_file(path)
    return cards
