"""The draft card file: what `roadlaw cards draft` keeps, in the committed cards' shape, for a person to review.

Each kept passage becomes a `[[law]]` card like those of `roadlaw/corpus/XX.toml`,
marked `draft = true`, under a header saying it awaits review; what was dropped is
listed in comments with its reason, so a reviewer sees what the model tried. The file
goes to the data folder's `drafts/` (or where `--out` says), never into the committed
cards: a path inside them is refused.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from roadlaw.corpus import CARDS_DIR, KIND_LETTER, Law
from roadlaw.drafting import Dropped, Manual, TopicDraft
from roadlaw.errors import RoadlawError
from roadlaw.settings import Settings
from roadlaw.states import STATES

DRAFTS_FOLDER = "drafts"
# What `--out` says for the draft to be printed instead of written.
STDOUT = "-"

_MANUAL_NUMBER = re.compile(rf"-{KIND_LETTER['manual']}(\d+)$")


def toml_string(text: str) -> str:
    """`text` as a TOML basic string: JSON's escapes are TOML's, but for DEL, which TOML wants escaped."""
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007F")


def _comment(text: str) -> str:
    """`text` on one comment line, whatever breaks it held."""
    return " ".join(text.split())


def draft_path(settings: Settings, state: str, out: str | None, *, replace: bool = False) -> Path | None:
    """Where the draft goes: `out`, else the data folder's drafts/XX.toml; None for stdout.

    A path inside the committed cards (or the ROADLAW_CARDS folder in use) is refused:
    a draft is never a card until a person has read it. So is an existing file unless
    `replace`: it may be a draft someone is part way through reviewing.
    """
    if out == STDOUT:
        return None
    path = Path(out) if out else settings.data_home / DRAFTS_FOLDER / f"{state}.toml"
    where = path.resolve()
    for cards in {CARDS_DIR, *([settings.cards] if settings.cards else [])}:
        if where.is_relative_to(cards.resolve()):
            raise RoadlawError(
                f"--out {path}: that is inside the cards in use ({cards}); a draft goes elsewhere"
                f" (the default is {settings.data_home / DRAFTS_FOLDER})"
            )
    if path.is_dir():
        raise RoadlawError(f"--out {path}: is a folder; name the draft file, e.g. {path / f'{state}.toml'}")
    if path.exists() and not replace:
        raise RoadlawError(
            f"{path} exists (a draft under review?): give --out elsewhere, or --replace to write over it"
        )
    return path


def next_number(committed: list[Law]) -> int:
    """The first manual card number after the state's committed ones, so a draft's ids can be moved in as they are."""
    numbers = [int(found.group(1)) for law in committed if (found := _MANUAL_NUMBER.search(law.id))]
    return max(numbers, default=0) + 1


def draft_toml(manual: Manual, drafts: list[TopicDraft], committed: list[Law], model: str) -> str:
    """The draft card file's text: a header, then per topic its cards and, in comments, what was dropped."""
    state = manual.state
    kept = sum(len(draft.kept) for draft in drafts)
    lines = [
        f"# DRAFT cards for {STATES.get(state, state)}: AWAITING REVIEW. These are not committed cards.",
        "#",
        f"# Proposed by {_comment(model)} through `roadlaw cards draft`, from {_comment(manual.reference)}.",
        "# Each quote was found word for word on its page (roadlaw.sources.pages.verified_passages), and",
        "# each rule states no figure its quote does not; the rules are still a model's words.",
        "# Read every card against its page, correct it, then move it by hand into",
        f"# roadlaw/corpus/{state}.toml without its `draft = true`. Nothing here is used until then.",
        f"# Topics: {len(drafts)}; cards kept: {kept}.",
    ]
    number = next_number(committed)
    for draft in drafts:
        topic = draft.topic
        lines += ["", f"# ---------------------------------------------------------------- {topic.id}: {topic.title}"]
        lines.append(f"# {outcome_line(draft)}")
        already = [law.id for law in committed if law.topic == topic.id]
        if already:
            lines.append(f"# committed already: {', '.join(already)}")
        lines += [f"# {_comment(dropped_line(dropped))}" for dropped in draft.dropped]
        for card in draft.kept:
            lines += [
                "",
                "[[law]]",
                f'id = "{state}-{KIND_LETTER["manual"]}{number:02d}"',
                'kind = "manual"',
                f"topic = {toml_string(topic.id)}",
                f"law = {toml_string(card.rule)}",
                f"question = {toml_string(topic.question)}",
                f"citation = {toml_string(manual.citation(card.page, card.quote))}",
                f"url = {toml_string(manual.link(card.page))}",
                f"page = {card.page}",
                "draft = true",
            ]
            number += 1
    return "\n".join(lines) + "\n"


def outcome_line(draft: TopicDraft) -> str:
    """One topic's outcome in a line: the pages sent and the counts, or why nothing was proposed."""
    if not draft.pages:
        return "no page of the manual speaks of it; the model was not asked"
    pages = ", ".join(str(page) for page in draft.pages)
    if draft.failed:
        return f"pages {pages}; no proposals: {draft.failed}"
    return f"pages {pages}; {draft.proposed} proposed, {len(draft.kept)} kept, {len(draft.dropped)} dropped"


def dropped_line(dropped: Dropped) -> str:
    """A dropped proposal in a line: the page it named, why, and its words."""
    page = f"p. {dropped.page}" if dropped.page else "no page"
    return f'dropped, {page}, {dropped.reason}: "{dropped.passage}"'
