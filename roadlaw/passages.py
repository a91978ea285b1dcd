"""Passages: a state's manual cut into the pieces a learner's answer may quote.

A passage never crosses a page and is the page's own words: its `law` is a run
of the page's lines joined by spaces, checked with `pages.on_the_page` against
`page_text` of that page, and dropped when it is not there. Line breaks are
folded to spaces; a word hyphenated across a line stays split ("con- tinue"),
because rejoining it would put words on the page that the page does not hold.

Cuts follow the page's own structure. Each line is read as furniture (running
headers and footers, page numbers, lone numbers), garbled debris, a heading,
a bullet item or running text. The kept lines of a page are then divided into
atoms (a heading, a sentence, a bullet item) with a price on cutting between
each pair; `_best_cuts` chooses the cheapest division into passages of a size
a reader can take in: cheap at a heading, dear inside a paragraph, never
between a heading or a list's lead-in sentence and what follows it.

Garble. `garbled_share` is the share of a text's tokens that are not
word-like. Measured over the 50 manuals in shared/sources (2026 mirror), whole
manuals score 0.000 to 0.028: worst are UT 0.028 (headings in a broken font
encoding that comes out as Sinhala letters), AL 0.027 (a letter-spaced running
footer), FL 0.022 (lines of U+FFFD), IA and NM 0.02 (letter-spaced headings);
the rest are under 0.02. No manual comes near MANUAL_GARBLE_BAR, so none is
refused; the garbled lines of the partly garbled ones are dropped as debris.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from roadlaw.corpus import QUOTE_SEPARATOR, Law
from roadlaw.pages import on_the_page, page_text
from roadlaw.sources import Excerpt
from roadlaw.states import STATES

# A passage of fewer words is merged with a neighbour on its page where it can be.
MIN_WORDS = 40
# A passage of more words is split, at the weakest structure inside it.
MAX_WORDS = 150
# The size a passage is drawn towards: a quoted rule and its context, not a page.
TARGET_WORDS = 90
TARGET_PRICE = 0.002

# Whole manuals measure at most 0.03 (see above); a manual past this is junk, not a manual.
MANUAL_GARBLE_BAR = 0.25
# A passage or line past this is mostly debris: a reader could not quote it.
PASSAGE_GARBLE_BAR = 0.35
LINE_GARBLE_BAR = 0.5


class GarbledManual(ValueError):
    """A manual whose text came out of extraction as junk: report it, do not index it."""

    def __init__(self, state: str, share: float) -> None:
        super().__init__(
            f"{state}'s manual is garbled: {share:.0%} of its tokens are not words"
            f" (bar {MANUAL_GARBLE_BAR:.0%}); fetch or extract it again"
        )
        self.state = state
        self.share = share


# ---------------------------------------------------------------- garble

_STRIP = "\"'“”‘’()[]{},.;:!?*…"
_WORD = re.compile(r"[A-Za-z]+(?:['’‘./][A-Za-z]+)*-?")
_NUMBER = re.compile(r"[$#(]?\d[\d,.:/\-–%+]*[a-zA-Z]{0,3}")
# Dashes join words inside a token ("Signs—These", "U-turn"): each part is judged.
_JOINER = re.compile(r"[-–—/]")
# Bullets, dashes and other marks a manual lays out with: neither word nor junk.
_LAYOUT = re.compile(r"[\W_]+")
_LAYOUT_OK = set("•◆▪●■♦►▶○❏✓☐|&@%§°½¼¾©®™+=<>#$*~^`")


def _token_kind(token: str) -> bool | None:
    """True for a word or number, False for junk, None for a layout mark to ignore."""
    bare = token.strip(_STRIP)
    if not bare:
        return None
    if _NUMBER.fullmatch(bare):
        return True
    parts = [part for part in _JOINER.split(bare) if part]
    if parts and all(_WORD.fullmatch(part) or _NUMBER.fullmatch(part) for part in parts):
        # A lone letter other than a, I or an initial is a letter-spaced word ("P A G E").
        return not (len(parts) == 1 and len(bare) == 1 and bare not in "aAI")
    if _LAYOUT.fullmatch(bare) and all(char in _LAYOUT_OK or char in "-–—./" for char in bare):
        return None
    return False


def garbled_share(text: str) -> float:
    """The share of the text's tokens that are not word-like (0.0 when it has none).

    Word-like: Latin-letter words (with apostrophes, hyphens, abbreviations),
    numbers, times and prices. Not: broken encodings (U+FFFD, control or
    private-use characters, letters of another script), letter-spaced words.
    """
    good = bad = 0
    for token in text.split():
        kind = _token_kind(token)
        if kind is None:
            continue
        if kind:
            good += 1
        else:
            bad += 1
    return bad / (good + bad) if good + bad else 0.0


# ---------------------------------------------------------------- lines

_BULLET = re.compile(
    r"^(?:[•◆▪●■♦►▶○❏✓☐\x17\uf0b7\uf0a7\uf09f\uf0a8\uf0fc➢➤–\-*]\s*"
    r"|\(?\d{1,2}[.)]\s+|\(?[a-hA-H][.)]\s+)"
)
_PAGE_NUMBER = re.compile(
    r"(?i)(?:page\s*)?[-–—|\s]*(?:\d+(?:\s*[-–.]\s*\d+)?|[ivxlc]{1,6})[-–—|\s]*(?:page)?"
)
_LETTER_SPACED = re.compile(r"(?:\b\w\b\s+){3,}\w\b")
_NO_LETTERS = re.compile(r"[^A-Za-z]*")
_ENDS_SENTENCE = re.compile(r"[.!?:;][\"')\]’”]*$")
_NUMBERED_HEADING = re.compile(r"(?:\d+(?:\.\d+)*\.?|[A-Z]\.|Chapter \d+:?|Section \d+:?)\s+[A-Z]")
_SMALL_WORDS = frozenset(
    "a an and as at by for from in into of on or the to with vs your you when what how if".split()
)


def _furniture_key(line: str) -> str:
    return re.sub(r"\d+", "#", line).lower()


def _edge_keys(pages: dict[int, str]) -> set[str]:
    """Lines that recur at the top or bottom of several pages: running headers and footers."""
    counts: Counter[str] = Counter()
    for raw in pages.values():
        lines = [page_text(each) for each in raw.splitlines()]
        lines = [each for each in lines if each]
        edges = {_furniture_key(each) for each in lines[:4] + lines[-4:]}
        counts.update(edges)
    # A numbered or longer line (a chapter's running title) is furniture on three pages; a
    # word or two may be a heading that happens to open a few pages, so it needs more.
    common = max(3, len(pages) // 12)
    return {
        key
        for key, count in counts.items()
        if len(key.split()) <= 20 and count >= (3 if "#" in key or len(key.split()) >= 3 else common)
    }


def _is_debris(line: str) -> bool:
    if _PAGE_NUMBER.fullmatch(line) or _NO_LETTERS.fullmatch(line):
        return True
    if _LETTER_SPACED.fullmatch(line.replace("’", "").replace("'", "")):
        return True
    return garbled_share(line) > LINE_GARBLE_BAR


def _title_like(line: str) -> bool:
    words = re.findall(r"[A-Za-z][A-Za-z'’]*", line)
    if not words:
        return False
    if line.upper() == line:
        return True
    significant = [each for each in words if each.lower() not in _SMALL_WORDS]
    if not significant:
        return False
    capitalised = sum(each[0].isupper() for each in significant)
    return capitalised / len(significant) >= 0.6


def _is_heading(line: str, before: str | None, after: str | None) -> bool:
    """A short line that stands alone: not the tail of a sentence and followed by a new one.

    `before` is the kept line above on the page (None at the top or after debris),
    `after` the one below.
    """
    words = line.split()
    if not 1 <= len(words) <= 12 or len(line) > 90 or _BULLET.match(line):
        return False
    if not (line[0].isupper() or _NUMBERED_HEADING.match(line)):
        return False
    if re.search(r"[.,;:]$", line) or not re.search(r"[A-Za-z]{3}", line):
        return False
    if before is not None and not (_ENDS_SENTENCE.search(before) or _title_like(before)):
        return False
    if after is not None and not (after[0].isupper() or after[0].isdigit() or _BULLET.match(after)):
        return False
    return line.endswith("?") or _title_like(line) or len(words) <= 6


# ---------------------------------------------------------------- atoms

# The price of cutting before an atom, by what begins there.
GLUE = 1000.0  # after a heading, or a list's first item after its lead-in
SENTENCE = 6.0  # a sentence inside a paragraph
ITEM = 3.0  # the next item of a list
PARAGRAPH = 1.0
HEADING = 0.0
# The price of not cutting before a heading: tiny sections still merge.
ACROSS_HEADING = 8.0
SMALL_PRICE = 0.5
# A fragment this short that has no neighbour to join (a caption, a lone label) is not kept.
FRAGMENT_WORDS = 8


@dataclass
class _Atom:
    """A heading, sentence or bullet item: a span of its block's joined text."""

    start: int
    end: int
    words: int
    cut_price: float
    heading: str | None = None


@dataclass
class _Block:
    """A run of kept lines with nothing dropped between them, joined by spaces."""

    text: str
    atoms: list[_Atom]


_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]’”]*\s+(?=[\"“(]?[A-Z0-9])")
_ABBREVIATION = re.compile(r"(?:\b[A-Za-z]|Mr|Mrs|Ms|Dr|St|No|Nos|vs|etc|approx|Ave|Blvd|Rd)\.$")


def _sentence_starts(text: str) -> list[int]:
    starts = []
    for match in _SENTENCE_END.finditer(text):
        if not _ABBREVIATION.search(text[: match.start() + 1].rstrip("\"')]’”")):
            starts.append(match.end())
    return starts


def _blocks(raw_page: str, furniture: set[str]) -> list[_Block]:
    """The page's kept lines, as blocks of atoms; a dropped line closes a block."""
    runs: list[list[str]] = [[]]
    for each in raw_page.splitlines():
        line = page_text(each)
        if not line:
            continue
        if _furniture_key(line) in furniture or _is_debris(line):
            if runs[-1]:
                runs.append([])
            continue
        runs[-1].append(line)
    return [_block_of(lines) for lines in runs if lines]


def _block_of(lines: list[str]) -> _Block:
    width = sorted(len(each) for each in lines)[int(len(lines) * 0.8)] if lines else 0
    atoms: list[_Atom] = []
    text = ""
    # What the line before left open: "" at a fresh start, else the kind of item it is in.
    in_item = ""
    lead_in = False
    for index, line in enumerate(lines):
        before = lines[index - 1] if index else None
        after = lines[index + 1] if index + 1 < len(lines) else None
        start = len(text) + (1 if text else 0)
        text = f"{text} {line}" if text else line
        if _is_heading(line, before, after):
            atoms.append(_Atom(start, len(text), len(line.split()), HEADING, heading=line))
            in_item, lead_in = "heading", False
            continue
        # A line goes on with the item above unless that one ended a sentence short of
        # the margin; a line in lower case always goes on (a wrapped sentence).
        ended = bool(before and _ENDS_SENTENCE.search(before) and _ends_item(before, width))
        continues = in_item in ("text", "bullet") and (not ended or line[0].islower())
        if _BULLET.match(line):
            price = GLUE if in_item == "heading" or lead_in else ITEM
            atoms.append(_Atom(start, len(text), 0, price))
            in_item, lead_in = "bullet", False
        elif continues:
            atoms[-1].end = len(text)
        else:
            price = GLUE if in_item == "heading" else PARAGRAPH
            atoms.append(_Atom(start, len(text), 0, price))
            in_item = "text"
            lead_in = False
        if in_item == "text":
            lead_in = bool(re.search(r":\s*$", line))
    # Sentences inside paragraphs and items become atoms of their own, cut at a price.
    split: list[_Atom] = []
    for atom in atoms:
        if atom.heading is not None:
            split.append(atom)
            continue
        piece = text[atom.start : atom.end]
        bounds = [0, *_sentence_starts(piece), len(piece)]
        for number, (left, right) in enumerate(zip(bounds, bounds[1:], strict=False)):
            words = len(piece[left:right].split())
            price = atom.cut_price if number == 0 else SENTENCE
            split.append(_Atom(atom.start + left, atom.start + right, words, price))
    # A list's lead-in sentence stays with its first item.
    for previous, atom in zip(split, split[1:], strict=False):
        if previous.heading is None and text[previous.start : previous.end].rstrip().endswith(":"):
            atom.cut_price = max(atom.cut_price, GLUE)
    return _Block(text, split)


def _ends_item(line: str, width: int) -> bool:
    """Whether a line that ends a sentence also ends its paragraph: it stops short of the margin."""
    return len(line) < 0.85 * width or bool(re.search(r":\s*$", line))


# ---------------------------------------------------------------- cutting


def _size_cost(words: int) -> float:
    if words < MIN_WORDS:
        return SMALL_PRICE * (MIN_WORDS - words)
    if words > MAX_WORDS:
        return 0.5 * (words - MAX_WORDS)
    return TARGET_PRICE * abs(words - TARGET_WORDS)


def _best_cuts(atoms: Sequence[_Atom]) -> list[tuple[int, int]]:
    """The cheapest division of a block's atoms into passages, as (first, past-last) pairs."""
    count = len(atoms)
    best = [0.0] + [float("inf")] * count
    back = [0] * (count + 1)
    for end in range(1, count + 1):
        words = 0
        inside = 0.0
        for begin in range(end - 1, -1, -1):
            words += atoms[begin].words
            if words > 3 * MAX_WORDS and begin < end - 1:
                break
            cost = best[begin] + atoms[begin].cut_price + _size_cost(words) + inside
            if cost < best[end]:
                best[end], back[end] = cost, begin
            if atoms[begin].heading is not None:
                inside += ACROSS_HEADING
    spans = []
    end = count
    while end > 0:
        spans.append((back[end], end))
        end = back[end]
    return spans[::-1]


DROP_QUIZ = 1


def _is_quiz(text: str) -> bool:
    """Review questions: they ask what a learner must know and answer none of it.

    They are kept out because their words are a question's words: left in, they
    come first for the very questions whose answers stand elsewhere.
    """
    tokens = text.split()
    asked = sum(token.endswith("?") for token in tokens)
    # "17." and "b." number a list or a choice; they end no sentence.
    told = sum(token.endswith((".", "!")) and not _LIST_MARK.fullmatch(token) for token in tokens)
    marks = _LIST_MARK_BEFORE_WORDS.findall(text)
    choices = sum(not mark.strip("(").isdigit() and mark[-2].isalpha() for mark in marks)
    numbered = len(marks) - choices
    return asked >= 2 and (
        asked >= 0.4 * (asked + told) or choices >= 3 or (numbered >= 3 and 2 * asked >= numbered)
    )


_LIST_MARK = re.compile(r"\(?(?:\d{1,3}|[a-dA-D])[.)]")
_LIST_MARK_BEFORE_WORDS = re.compile(r"(?<!\S)(\(?(?:\d{1,3}|[a-dA-D])[.)])\s+(?=[\"“A-Za-z])")


@dataclass(frozen=True)
class _Cut:
    text: str
    heading: str


def _page_passages(raw_page: str, furniture: set[str], heading: str) -> tuple[list[_Cut], str]:
    """The page's passages, and the heading in force at its foot (carried to the next page)."""
    page = page_text(raw_page)
    cuts: list[_Cut] = []
    for block in _blocks(raw_page, furniture):
        for first, last in _best_cuts(block.atoms):
            atoms = block.atoms[first:last]
            above = atoms[0].heading or heading
            text = page_text(block.text[atoms[0].start : atoms[-1].end])
            if (
                len(text.split()) >= FRAGMENT_WORDS
                and on_the_page(text, page)
                and garbled_share(text) <= PASSAGE_GARBLE_BAR
                and not (DROP_QUIZ and _is_quiz(text))
            ):
                cuts.append(_Cut(text, above))
            headings = [atom.heading for atom in atoms if atom.heading is not None]
            heading = headings[-1] if headings else heading
    return cuts, heading


# ---------------------------------------------------------------- the manual

_MONTH = (
    r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
)
_FORM = re.compile(r"\b((?:DL|DMV|PUB|MV|DR|VN)[- ]?\d{1,4})\b(?:\s*ENGLISH)?(?:\s*\(\s*(?:REV\.?\s*)?(\d{1,2}[/-]\d{2,4})\))?")
# Ways a manual dates itself, most telling first; the last three only on its cover.
_DATES = (
    re.compile(rf"\b({_MONTH} \d{{4}}) Edition\b"),
    re.compile(rf"(?i:\brevised|\brev\.?)\s*:?\s*((?-i:{_MONTH}) \d{{4}}|\d{{1,2}}/\d{{2,4}})"),
    re.compile(rf"\b({_MONTH} \d{{4}})\b"),
    re.compile(r"(?<![\d-])((?:19|20)\d\d ?[-–] ?(?:19|20)\d\d)(?![\d-])"),
    re.compile(r"^\s*((?:19|20)\d\d)\s*$", re.M),
)
# The first two patterns are trusted on any page searched; the rest only on the cover.
_ANYWHERE = 2


def _edition_pages(pages: dict[int, str]) -> list[tuple[int, str]]:
    """Where a manual names its edition: the cover and the pages after it, then the back cover."""
    numbers = sorted(pages)
    order = [*numbers[:3], *numbers[-2:][::-1]]
    seen: list[int] = []
    for number in order:
        if number not in seen:
            seen.append(number)
    return [(number, pages[number]) for number in seen]


def edition_of(pages: dict[int, str]) -> str | None:
    """The edition a manual gives itself ("DL-002, December 2025"), or None if it names none."""
    if not pages:
        return None
    cover = min(pages)
    form = None
    form_date = None
    for _, raw in _edition_pages(pages):
        match = _FORM.search(raw)
        if match:
            form, form_date = match.group(1), match.group(2)
            break
    date = None
    for rank, pattern in enumerate(_DATES):
        for number, raw in _edition_pages(pages):
            if rank >= _ANYWHERE and number != cover:
                continue
            found = pattern.search(raw.translate(_CURLY))
            if found:
                date = re.sub(r"\s+", " ", found.group(1))
                break
        if date:
            break
    date = date or form_date
    parts = [each for each in (form, date) if each]
    return ", ".join(parts) if parts else None


_CURLY = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})
_TITLE = re.compile(
    r"(?i)(driver(?:'s|s'|s)?(?: license)?|driving|motorists'?)\s+(manual|handbook|guide|study guide)\b"
)


def manual_title(state: str, pages: dict[int, str]) -> str:
    """What the manual calls itself on its cover ("Texas Driver Handbook"), else "<State> Driver's Manual"."""
    name = STATES.get(state, state)
    for number in sorted(pages)[:2]:
        found = _TITLE.search(page_text(pages[number]))
        if found:
            words = " ".join(found.group(1, 2)).split()
            return " ".join([name, *(each[:1].upper() + each[1:].lower() for each in words)])
    return f"{name} Driver's Manual"


def passages_from_manual(state: str, pages: dict[int, str], url: str) -> list[Law]:
    """A manual cut into passages, each its page's own words; GarbledManual if it is junk."""
    share = garbled_share(" ".join(pages.values()))
    if share > MANUAL_GARBLE_BAR:
        raise GarbledManual(state, share)
    title = manual_title(state, pages)
    edition = edition_of(pages)
    source = f"{title} ({edition})" if edition else title
    furniture = _edge_keys(pages)
    laws: list[Law] = []
    heading = ""
    for number in sorted(pages):
        cuts, heading = _page_passages(pages[number], furniture, heading)
        for index, cut in enumerate(cuts, start=1):
            laws.append(
                Law(
                    id=f"{state}-M{number:03d}-{index:02d}",
                    state=state,
                    kind="manual",
                    law=cut.text,
                    question=cut.heading,
                    citation=f"{source}, p. {number}",
                    url=f"{url}#page={number}" if url else "",
                    page=number,
                    origin="manual",
                )
            )
    return laws


# ---------------------------------------------------------------- excerpts

# A publisher named after the source adds nothing to where the words stand.
_PUBLISHER = re.compile(r"\s*\((?:[^()\d]*|[\w.]+\.(?:gov|org)(?:/\w+)?)\)\s*$")


def excerpt_reference(excerpt: Excerpt) -> str:
    """Where an excerpt stands: "Maryland Transportation Article Section 21-1003, ..." ."""
    source = _PUBLISHER.sub("", excerpt.source).strip()
    section = excerpt.section.strip()
    reference = source if not section or section.lower() in source.lower() else f"{source}, {section}"
    # The separator marks where the quote begins; the reference must not hold it.
    return reference.replace(QUOTE_SEPARATOR, " - ")


def laws_from_excerpts(state: str, excerpts: Iterable[Excerpt]) -> list[Law]:
    """Each statute or agency-page quote of the state as a law, numbered in file order."""
    laws: list[Law] = []
    numbers: Counter[str] = Counter()
    for excerpt in excerpts:
        if excerpt.state != state:
            continue
        letter = "S" if excerpt.kind == "statute" else "A"
        numbers[letter] += 1
        laws.append(
            Law(
                id=f"{state}-{letter}X{numbers[letter]:02d}",
                state=state,
                kind=excerpt.kind,
                law=excerpt.quote,
                question=excerpt.section,
                citation=f'{excerpt_reference(excerpt)}{QUOTE_SEPARATOR}"{excerpt.quote}"',
                url=excerpt.url,
                origin="excerpt",
            )
        )
    return laws
