"""Pages as the text a quoted passage is checked against.

A quote is trusted only where its exact words stand on the page as fetched:
a paraphrase that turns "15 days" into "10 days" would send a learner to the
counter on the wrong day, under the agency's name.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field

# At most this many passages from one page: the model needs the rule, not the page.
MAX_PASSAGES = 5

_HIDDEN_BLOCKS = re.compile(r"<(script|style|nav|header|footer)\b.*?</\1\s*>", re.I | re.S)
_TAG = re.compile(r"<[^>]+>")
_SPACE = re.compile(r"\s+")
_SPACE_BEFORE_MARK = re.compile(r" ([.,;:!?)])")
_CURLY = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})


def page_text(raw: str) -> str:
    """The page with tags gone, entities read, quotes straightened and white space folded.

    Nothing else is forgiven: a digit, a letter or its case must match exactly.
    """
    text = _HIDDEN_BLOCKS.sub(" ", raw)
    text = _TAG.sub(" ", text)
    text = html.unescape(text).translate(_CURLY)
    text = text.replace("\x00", " ")
    text = _SPACE.sub(" ", text)
    return _SPACE_BEFORE_MARK.sub(r"\1", text).strip()


def _is_word_char(char: str) -> bool:
    return char.isalnum()


def on_the_page(passage: str, text: str) -> bool:
    """Whether `passage` stands in `text` starting and ending on word boundaries.

    "5 days" is inside "15 days" as letters but not as words, so it is not on the page.
    """
    if not passage:
        return False
    at = text.find(passage)
    while at >= 0:
        before = text[at - 1] if at > 0 else ""
        end = at + len(passage)
        after = text[end] if end < len(text) else ""
        starts_whole = not (_is_word_char(passage[0]) and before and _is_word_char(before))
        ends_whole = not (_is_word_char(passage[-1]) and after and _is_word_char(after))
        if starts_whole and ends_whole:
            return True
        at = text.find(passage, at + 1)
    return False


@dataclass
class Verified:
    """The passages kept, and each one dropped with the reason."""

    passages: list[str] = field(default_factory=list)
    dropped: list[tuple[str, str]] = field(default_factory=list)


def verified_passages(proposed: list[str], page: str) -> Verified:
    """The proposed passages that may be stored: on the page, once each, at most MAX_PASSAGES."""
    text = page_text(page)
    result = Verified()
    for each in proposed:
        passage = page_text(each)
        if not passage:
            continue
        if not on_the_page(passage, text):
            result.dropped.append((passage, "not in the fetched page"))
        elif passage in result.passages:
            continue
        elif len(result.passages) >= MAX_PASSAGES:
            result.dropped.append((passage, f"past the first {MAX_PASSAGES}"))
        else:
            result.passages.append(passage)
    return result


PAGE_MARKER = re.compile(r"^-- (\d+) of (\d+) --\s*$", re.M)


def manual_pages(raw: str) -> dict[int, str]:
    """A manual's text split at its `-- N of M --` markers: page number to raw text.

    The text before the first marker is page 1; the marker closes its page.
    """
    pages: dict[int, str] = {}
    start = 0
    for match in PAGE_MARKER.finditer(raw):
        pages[int(match.group(1))] = raw[start : match.start()]
        start = match.end()
    tail = raw[start:]
    if tail.strip():
        pages[max(pages, default=0) + 1] = tail
    return pages
