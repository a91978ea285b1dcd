"""Passages: a state's manual cut into the pieces a learner's answer may quote.

A passage never crosses a page and is the page's own words: its `law` is a run
of the page's lines joined by spaces, kept only if `pages.on_the_page` finds it
in `page_text` of that page. Line breaks are folded to spaces; a word
hyphenated across a line stays split ("con- tinue"), because rejoining it would
put words in the passage that the page does not hold.

Cuts follow the page's own structure. Each line is read as furniture (running
headers and footers, page numbers, lone numbers), garbled debris, a heading, a
bullet item or running text. The kept lines between two dropped ones form a
block; a block is divided into atoms (a heading, a sentence, a bullet item),
each with a price for cutting before it, and `_best_cuts` picks the cheapest
division into passages of a size a reader can take in: free at a heading, dear
inside a paragraph, never between a heading or a list's lead-in and what
follows. A heading opens the passage it heads and is also the `question` of
every passage under it, so retrieval sees the topic a bullet belongs to.

Left out as well: review questions (a quiz repeats a learner's question without
answering it, and would come first for it) and tables of contents and indexes.

Garble. `garbled_share` is the share of a text's tokens that are not word-like
(not Latin-letter words, numbers or layout marks). Measured on the 50 manuals
of shared/sources, whole manuals score 0.002 to 0.077. The worst: AL 0.077 (a
letter-spaced running footer on every page), IA 0.034 and NM 0.032
(letter-spaced headings and captions), VA 0.031, UT 0.024 (178 headings in a
broken font encoding that comes out as Sinhala letters), NE 0.023, GA 0.018
(OCR, with U+FFFD runs and misread words such as "tum" that no share can
see); FL's rows of U+FFFD are few tokens (0.005); the other 40 are under
0.018. No manual comes near MANUAL_GARBLE_BAR (0.25), so none is refused: the
partly garbled ones (UT, AL, FL, GA, MI's running header) lose their garbled
lines as debris (LINE_GARBLE_BAR), and the few passages still past
PASSAGE_GARBLE_BAR (about 30 in all, mostly contents pages) are dropped.

Measured on shared/eval/dev.jsonl (1,810 questions with a quote, 19 states),
BM25 over a state's passages and quotes finds the gold quote at 1/3/8 in
0.58/0.77/0.87 of questions (bm25s, English stemmer, law + question indexed),
0.60/0.80/0.89 with roadlaw.retrieval.words' index; fixed 120-word windows get
0.50/0.72/0.84. Cutting all 50 manuals takes about 8 s of one core.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

from roadlaw.corpus import QUOTE_SEPARATOR, Law
from roadlaw.errors import GarbledManual
from roadlaw.sources.agencies import manual_page_link
from roadlaw.sources.mirror import Excerpt
from roadlaw.sources.pages import on_the_page, page_text
from roadlaw.states import STATES

# A passage of fewer words is merged with a neighbour on its page where it can be.
MIN_WORDS = 40
# A passage of more words is split, at the weakest structure inside it.
MAX_WORDS = 150
# Between the two, passages are drawn gently towards this size: a rule and its context.
TARGET_WORDS = 120
# A fragment this short with no neighbour to join (a caption, a sign's label) is not kept.
FRAGMENT_WORDS = 8

# Whole manuals measure at most 0.08 (see above): past this one is junk, not a manual.
MANUAL_GARBLE_BAR = 0.25
# A passage past this is mostly debris that no reader could quote.
PASSAGE_GARBLE_BAR = 0.35
# A line past this is debris (a broken font, a letter-spaced title) and is dropped.
LINE_GARBLE_BAR = 0.5


# ---------------------------------------------------------------- garble

_STRIP = "\"'“”‘’()[]{},.;:!?*…"
_WORD = re.compile(r"[A-Za-zÀ-ÖØ-öø-ÿ]+(?:['’‘./][A-Za-zÀ-ÖØ-öø-ÿ]+)*-?")
_NUMBER = re.compile(r"[$#(]?\d[\d,.:/\-–%+]*[a-zA-Z]{0,3}")
# Dashes join words inside a token ("Signs—These", "U-turn"): each part is judged.
_JOINER = re.compile(r"[-–—/]")
_MARKS = re.compile(r"[\W_]+")
# Bullets, dashes and signs a manual lays out with: neither a word nor junk. Among them
# U+0017 and private-use glyphs that some manuals' fonts use as bullets (VA, KY, UT).
_LAYOUT = frozenset("\x17\uf020\uf0b7\uf0a7\uf09f\uf0a8\uf0fc•◆▪●■♦►▶○❏✓☐|&@%§°½¼¾©®™+=<>#$*~^`-–—./")


@lru_cache(maxsize=1 << 18)
def _is_word(token: str) -> bool | None:
    """True for a word or number, False for junk, None for a layout mark that counts for neither."""
    bare = token.strip(_STRIP)
    if not bare:
        return None
    if _NUMBER.fullmatch(bare):
        return True
    parts = [part for part in _JOINER.split(bare) if part]
    if parts and all(_WORD.fullmatch(part) or _NUMBER.fullmatch(part) for part in parts):
        # A lone letter other than a or I is a piece of a letter-spaced word ("P A G E").
        return len(bare) > 1 or bare in "aAI"
    if _MARKS.fullmatch(bare) and all(char in _LAYOUT for char in bare):
        return None
    return False


def _word_counts(text: str) -> tuple[int, int]:
    """How many of the text's tokens are word-like, and how many are not."""
    good = bad = 0
    for token in text.split():
        kind = _is_word(token)
        if kind is True:
            good += 1
        elif kind is False:
            bad += 1
    return good, bad


def garbled_share(text: str) -> float:
    """The share of the text's tokens that are not word-like (0.0 when it has none).

    Word-like: Latin-letter words (with apostrophes, hyphens, abbreviations),
    numbers, times and prices. Not: broken encodings (U+FFFD, control or
    private-use characters, letters of another script), letter-spaced words.
    """
    good, bad = _word_counts(text)
    return bad / (good + bad) if good + bad else 0.0


# ---------------------------------------------------------------- lines

_BULLET = re.compile(
    r"(?:[•◆▪●■♦►▶○❏✓☐\x17\uf0b7\uf0a7\uf09f\uf0a8\uf0fc➢➤–*-]"
    r"|\(?\d{1,2}[.)]\s|\(?[a-hA-H][.)]\s)"
)
# "12", "- 12 -", "4-3", "Page 12", "xiv": a page's number, and nothing else on the line.
_PAGE_NUMBER = re.compile(
    r"(?i)(?:page\s*)?[-–—|\s]*(?:\d+(?:\s*[-–.]\s*\d+)?|x{0,3}(?:ix|iv|v?i{0,3}))[-–—|\s]*(?:page)?"
)
_LETTER_SPACED = re.compile(r"(?:\b\w\b\s+){3,}\w\b")
_NO_LETTERS = re.compile(r"[^A-Za-z]*")
_ENDS_SENTENCE = re.compile(r"[.!?:;][\"')\]’”]*$")
_NUMBERED_HEADING = re.compile(r"(?:\d+(?:\.\d+)*\.?|[A-Z]\.|Chapter \d+:?|Section \d+:?)\s+[A-Z]")
# Words a title leaves in lower case ("Rules of the Road").
_SMALL_WORDS = frozenset(
    {"a", "an", "and", "as", "at", "by", "for", "from", "in", "into", "of", "on", "or", "the", "to", "with"}
    | {"vs", "your", "you", "when", "what", "how", "if"}
)
_DIGITS = re.compile(r"\d+")
# As `page_text` joins a mark to the word before it.
_SPACE_BEFORE_MARK = re.compile(r" ([.,;:!?)])")


# Stands for a line break while the page is folded; a private-use character no manual holds.
_BREAK = "\ue000"


def _lines(raw_page: str) -> list[str]:
    """The page's non-empty lines, folded by `page_text` in one pass over the whole page.

    Folding the page whole keeps each line exactly as it stands in `page_text(page)`.
    """
    marked = raw_page.replace(_BREAK, " ").replace("\n", f" {_BREAK} ")
    return [line for line in (each.strip() for each in page_text(marked).split(_BREAK)) if line]


def _furniture_key(line: str) -> str:
    return _DIGITS.sub("#", line).lower()


def _furniture(pages: Iterable[list[str]]) -> set[str]:
    """Lines that recur at the top or foot of several pages: running headers and footers."""
    counts: Counter[str] = Counter()
    total = 0
    for lines in pages:
        total += 1
        counts.update({_furniture_key(line) for line in lines[:4] + lines[-4:]})
    # A numbered or longer line (a chapter's running title) is furniture on three pages; a
    # word or two may be a heading that happens to open a few pages, so it needs more.
    common = max(3, total // 12)
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
    words: list[str] = re.findall(r"[A-Za-z][A-Za-z'’]*", line)
    if not words:
        return False
    if line.upper() == line:
        return True
    significant = [each for each in words if each.lower() not in _SMALL_WORDS]
    if not significant:
        return False
    return sum(each[0].isupper() for each in significant) >= 0.6 * len(significant)


def _is_heading(line: str, before: str | None, after: str | None) -> bool:
    """A short line that stands alone: not the tail of a sentence, and followed by a new one.

    `before` and `after` are the kept lines around it in its block (None at an edge).
    """
    words = line.split()
    if not 1 <= len(words) <= 12 or len(line) > 90 or _BULLET.match(line):
        return False
    if not (line[0].isupper() or _NUMBERED_HEADING.match(line)):
        return False
    if line[-1] in ".,;:" or not re.search(r"[A-Za-z]{3}", line):
        return False
    if before is not None and not (_ENDS_SENTENCE.search(before) or _title_like(before)):
        return False
    if after is not None and not (after[0].isupper() or after[0].isdigit() or _BULLET.match(after)):
        return False
    # Sentence-case headings are short; a longer line must look like a title or ask a question.
    return line.endswith("?") or _title_like(line) or len(words) <= 6


# ---------------------------------------------------------------- atoms

# The price of cutting before an atom, by what begins there.
GLUE = 1000.0  # the atom after a heading, or a list's first item after its lead-in
SENTENCE = 6.0  # a sentence inside a paragraph or an item
ITEM = 3.0  # the next item of a list
PARAGRAPH = 1.0
HEADING = 0.0
# The price of a passage running on over a heading: tiny sections still merge.
ACROSS_HEADING = 8.0
# The price of each word a passage falls short of MIN_WORDS or runs past MAX_WORDS.
SHORT_PRICE = 0.5
LONG_PRICE = 0.5
TARGET_PRICE = 0.02


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
    """Where sentences after the first begin; "U.S." and "Dr." end none."""
    return [
        match.end()
        for match in _SENTENCE_END.finditer(text)
        if not _ABBREVIATION.search(text[: match.start() + 1].rstrip("\"')]’”"))
    ]


def _blocks(lines: list[str], furniture: set[str]) -> list[_Block]:
    """The page's kept lines as blocks of atoms; a dropped line ends a block, as the
    text across it is not the page's."""
    runs: list[list[str]] = [[]]
    for line in lines:
        if _furniture_key(line) in furniture or _is_debris(line):
            if runs[-1]:
                runs.append([])
        else:
            runs[-1].append(line)
    return [_block_of(run) for run in runs if run]


def _ends_paragraph(line: str, width: int) -> bool:
    """Whether a line ends its paragraph: it ends a sentence and stops short of the margin."""
    return bool(_ENDS_SENTENCE.search(line)) and (len(line) < 0.85 * width or line.endswith(":"))


def _block_of(lines: list[str]) -> _Block:
    # The margin: most lines of running text reach it, the last of a paragraph does not.
    width = sorted(map(len, lines))[int(len(lines) * 0.8)]
    items: list[_Atom] = []
    text = ""
    open_item = ""  # what the line above belongs to: "", "heading", "text" or "bullet"
    for index, line in enumerate(lines):
        before = lines[index - 1] if index else None
        after = lines[index + 1] if index + 1 < len(lines) else None
        start = len(text) + 1 if text else 0
        text = f"{text} {line}" if text else line
        if _is_heading(line, before, after):
            items.append(_Atom(start, len(text), len(line.split()), HEADING, heading=line))
            open_item = "heading"
        elif _BULLET.match(line):
            items.append(_Atom(start, len(text), 0, GLUE if open_item == "heading" else ITEM))
            open_item = "bullet"
        elif open_item in ("text", "bullet") and (not _ends_paragraph(before or "", width) or line[0].islower()):
            items[-1].end = len(text)
        else:
            items.append(_Atom(start, len(text), 0, GLUE if open_item == "heading" else PARAGRAPH))
            open_item = "text"
    # Paragraphs and items are cut into sentences, at a price to keep them whole.
    atoms: list[_Atom] = []
    for item in items:
        if item.heading is not None:
            atoms.append(item)
            continue
        piece = text[item.start : item.end]
        bounds = [0, *_sentence_starts(piece), len(piece)]
        for number, (left, right) in enumerate(pairwise(bounds)):
            price = item.cut_price if number == 0 else SENTENCE
            atoms.append(_Atom(item.start + left, item.start + right, len(piece[left:right].split()), price))
    # A lead-in ("Use your headlights:") stays with the first item it introduces.
    for previous, atom in pairwise(atoms):
        if previous.heading is None and text[previous.start : previous.end].rstrip().endswith(":"):
            atom.cut_price = GLUE
    return _Block(text, atoms)


# ---------------------------------------------------------------- cutting


def _best_cuts(atoms: Sequence[_Atom]) -> list[tuple[int, int]]:
    """The cheapest division of a block's atoms into passages, as (first, past-last) pairs."""
    count = len(atoms)
    best = [0.0] + [float("inf")] * count
    back = [0] * (count + 1)
    for end in range(1, count + 1):
        words = 0
        across = 0.0
        for begin in range(end - 1, -1, -1):
            words += atoms[begin].words
            if words > 3 * MAX_WORDS and begin < end - 1:
                break
            if words < MIN_WORDS:
                size = SHORT_PRICE * (MIN_WORDS - words)
            elif words > MAX_WORDS:
                size = LONG_PRICE * (words - MAX_WORDS)
            else:
                size = TARGET_PRICE * abs(words - TARGET_WORDS)
            price = best[begin] + atoms[begin].cut_price + size + across
            if price < best[end]:
                best[end], back[end] = price, begin
            if atoms[begin].heading is not None:
                across += ACROSS_HEADING
    spans = []
    end = count
    while end > 0:
        spans.append((back[end], end))
        end = back[end]
    return spans[::-1]


_LIST_MARK = re.compile(r"\(?(?:\d{1,3}|[a-dA-D])[.)]")
_LIST_MARK_BEFORE_WORDS = re.compile(r"(?<!\S)(\(?(?:\d{1,3}|[a-dA-D])[.)])\s+(?=[\"“A-Za-z])")
_TRUE_FALSE = re.compile(r"\bTrue\s+False\b")


def _is_quiz(text: str) -> bool:
    """Review questions: they ask what a learner must know and answer none of it.

    Their words are a learner's question's words: left in, they would come first
    for the very questions whose answers stand elsewhere.
    """
    if len(_TRUE_FALSE.findall(text)) >= 2:
        return True
    tokens = text.split()
    asked = sum(token.endswith("?") for token in tokens)
    if asked < 2:
        return False
    # "17." and "b." number a question or a choice; they end no sentence.
    told = sum(token.endswith((".", "!")) and not _LIST_MARK.fullmatch(token) for token in tokens)
    marks = _LIST_MARK_BEFORE_WORDS.findall(text)
    choices = sum(not mark.strip("(").isdigit() and mark[-2].isalpha() for mark in marks)
    numbered = len(marks) - choices
    quiz_like = asked >= 0.4 * (asked + told) or choices >= 3 or (numbered >= 3 and 2 * asked >= numbered)
    return quiz_like and not _answers_its_questions(text, choices, numbered)


# A sentence as a quiz or its answers end one; a blank to fill in.
_A_SENTENCE = re.compile(r"[^.?!]+[.?!]+")
_TOLD_SENTENCE = re.compile(r"[^.!]+[.!]")
_BLANK = re.compile(r"_{4,}")
# Where its questions take this share of a passage's words or more, it asks more than it tells.
ASKED_SHARE = 0.4
# A numbered list of questions answers them where this share of them or more is followed by an answer.
ANSWERED_SHARE = 0.6
# The fewest words of a sentence that answers a question ("A title is a legal document ...").
ANSWER_WORDS = 5


def _answers_its_questions(text: str, choices: int, numbered: int) -> bool:
    """Questions a manual asks and answers ("Which lane should I drive in? If you drive on a street ... drive in
    the extreme RIGHT lane", "1. What is a title? A title is a legal document ..."): a learner's own questions
    with the rule after each, which a review's are not. Not where it offers choices or blanks, where its questions
    are much of its words, or where a numbered list of questions goes on from one to the next unanswered."""
    if choices >= 3 or _BLANK.search(text):
        return False
    asked_words = sum(len(part.split()) for part in _A_SENTENCE.findall(text) if part.rstrip().endswith("?"))
    if asked_words >= ASKED_SHARE * len(text.split()):
        return False
    if numbered < 3:
        return True
    after = text.split("?")[1:]
    answered = sum(
        any(len(sentence.split()) >= ANSWER_WORDS for sentence in _TOLD_SENTENCE.findall(part)) for part in after
    )
    return answered >= ANSWERED_SHARE * len(after)


# Dots leading a row's title to its number.
_DOTS = r"(?:\.\s?){4,}\s*"
# (Not one led to a figure with its unit: "Residential Areas ........ 30 mph" is a speed, no page.)
_TO_PAGE_NUMBER = re.compile(
    rf"{_DOTS}\d{{1,3}}(?:\s*[-–,]\s*\d{{1,3}})*(?![\d.,]*\d)(?!\s*(?:mph|miles?|feet|ft\b|%|percent))"
    r"|…{2,}\s*\d{1,3}\b"
)
_CITED_PAGE = re.compile(r"(?<=[A-Za-z\d]),\s*\d{1,3}(?:\s*[-–]\s*\d{1,3})?(?=,|\s|$)")


# A table of points led by dots ("Reckless driving ........ 4", "Speeding ....... 3 points"): its figures are a
# violation's points, not pages: no more than a licence is suspended at, and named as points where they rise
# as page numbers do.
# (The word in lower case: "12 points", not the next row's title, "3 Point System".)
_LED_TO = re.compile(rf"{_DOTS}(\d{{1,3}})\b(\s*(?:points?|pts)\b)?")
_POINTS_NAMED = re.compile(r"\bpoints?\b|\bdemerits?\b", re.I)
MOST_POINTS = 15


def _is_points_table(text: str) -> bool:
    led = _LED_TO.findall(text)
    figures = [int(figure) for figure, _ in led]
    if not figures or max(figures) > MOST_POINTS or not _POINTS_NAMED.search(text):
        return False
    as_pages = all(later >= earlier for earlier, later in pairwise(figures))
    return not as_pages or any(named for _, named in led)


def _is_index(text: str) -> bool:
    """A table of contents or an index: titles and the pages they are on, no rule in them.

    A fee table is led by dots too, but to prices, and stays; so does a table of points.
    """
    if len(_TO_PAGE_NUMBER.findall(text)) >= 3:
        return not _is_points_table(text)
    cited = len(_CITED_PAGE.findall(text))  # "Crosswalk, 25-27, 29, 35-36"
    return cited >= 4 and cited * 6 >= len(text.split())


def _worth_keeping(text: str, page: str) -> bool:
    return (
        len(text.split()) >= FRAGMENT_WORDS
        and on_the_page(text, page)
        and garbled_share(text) <= PASSAGE_GARBLE_BAR
        and not _is_quiz(text)
        and not _is_index(text)
    )


@dataclass(frozen=True)
class _Cut:
    text: str
    heading: str


def _page_cuts(lines: list[str], page: str, furniture: set[str], heading: str) -> tuple[list[_Cut], str]:
    """The passages of one page, and the heading in force at its foot (carried to the next).

    `page` is the page as `page_text` folds it: what every passage must be found in.
    """
    cuts: list[_Cut] = []
    for block in _blocks(lines, furniture):
        for first, last in _best_cuts(block.atoms):
            atoms = block.atoms[first:last]
            # The lines are folded already; only a mark that opened a line (" ,") is left to join.
            text = _SPACE_BEFORE_MARK.sub(r"\1", block.text[atoms[0].start : atoms[-1].end].strip())
            if _worth_keeping(text, page):
                cuts.append(_Cut(text, atoms[0].heading or heading))
            heading = next((atom.heading for atom in reversed(atoms) if atom.heading is not None), heading)
    return cuts, heading


# ---------------------------------------------------------------- the manual

_CURLY = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})
_MONTH = r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
# A form number, with the date printed beside it: "PUB 95 (4-21)", "DL 600 ENGLISH (REV. 6/2025)".
_FORM = re.compile(
    r"\b((?:DL|DMV|PUB|MV|DR|VN)[- ]?\d{1,4})\b(?:\s*ENGLISH)?"
    r"(?:\s*\(\s*(?:REV\.?\s*)?(\d{1,2}[/-]\d{2,4})\))?"
)
# Ways a manual dates itself, most telling first.
_DATES = (
    re.compile(rf"\b({_MONTH} \d{{4}}) Edition\b"),
    re.compile(rf"(?i:\brevised|\brev\.?)\s*:?\s*((?-i:{_MONTH}) \d{{4}}|\d{{1,2}}/\d{{2,4}})"),
    re.compile(rf"\b({_MONTH} \d{{4}})\b"),
    re.compile(r"(?<![\d-])((?:19|20)\d\d ?[-–] ?(?:19|20)\d\d)(?![\d-])"),
    re.compile(r"^\s*((?:19|20)\d\d)\s*$", re.M),
)
# The first two are trusted on any page searched; the rest, a bare month or year, only on
# the cover, as inside they date a law or a deadline rather than the manual.
_ANYWHERE = 2


def _edition_pages(pages: dict[int, str]) -> list[tuple[int, str]]:
    """Where a manual names its edition: the cover and the pages after it, then the back cover."""
    numbers = sorted(pages)
    order = dict.fromkeys([*numbers[:3], *numbers[-2:][::-1]])
    return [(number, pages[number].translate(_CURLY)) for number in order]


def edition_of(pages: dict[int, str]) -> str | None:
    """The edition a manual gives itself ("DL-002, December 2025"), or None if it names none."""
    if not pages:
        return None
    cover = min(pages)
    searched = _edition_pages(pages)
    form = form_date = None
    for _, raw in searched:
        match = _FORM.search(raw)
        if match:
            form, form_date = match.group(1), match.group(2)
            break
    date = None
    for rank, pattern in enumerate(_DATES):
        for number, raw in searched:
            found = pattern.search(raw) if rank < _ANYWHERE or number == cover else None
            if found:
                date = re.sub(r"\s+", " ", found.group(1))
                break
        if date:
            break
    parts = [each for each in (form, date or form_date) if each]
    return ", ".join(parts) if parts else None


_TITLE = re.compile(
    r"(?i)(driver(?:'s|s'|s)?(?: license)?|driving|motorists'?)\s+(manual|handbook|guide|study guide)\b"
)


def manual_title(state: str, pages: dict[int, str]) -> str:
    """The manual's name as its cover gives it ("Texas Driver Handbook"), else "<State> Driver's Manual"."""
    name = STATES.get(state, state)
    for number in sorted(pages)[:2]:
        found = _TITLE.search(page_text(pages[number]))
        if found:
            words = " ".join(found.group(1, 2)).split()
            return " ".join([name, *(each[:1].upper() + each[1:].lower() for each in words)])
    return f"{name} Driver's Manual"


def passages_from_manual(state: str, pages: dict[int, str], url: str) -> list[Law]:
    """A manual cut into passages, each its page's own words; GarbledManual if it is junk.

    `pages` maps page number to the page's raw text (`Mirror.manual`), `url` is the
    manual's address: a passage links to its page with `#page=N` (without one, to the
    agency's site its manual names, roadlaw.sources.agencies, else nowhere).
    """
    lines = {number: _lines(pages[number]) for number in sorted(pages)}
    share = garbled_share(" ".join(" ".join(each) for each in lines.values()))
    if share > MANUAL_GARBLE_BAR:
        raise GarbledManual(state, share, MANUAL_GARBLE_BAR)
    edition = edition_of(pages)
    title = manual_title(state, pages)
    reference = f"{title} ({edition})" if edition else title
    furniture = _furniture(lines.values())
    laws: list[Law] = []
    heading = ""
    for number, page_lines in lines.items():
        cuts, heading = _page_cuts(page_lines, page_text(pages[number]), furniture, heading)
        for index, cut in enumerate(cuts, start=1):
            laws.append(
                Law(
                    id=f"{state}-M{number:03d}-{index:02d}",
                    state=state,
                    kind="manual",
                    law=cut.text,
                    question=cut.heading,
                    citation=f"{reference}, p. {number}",
                    url=manual_page_link(state, url, number),
                    page=number,
                    origin="manual",
                )
            )
    return laws


# ---------------------------------------------------------------- excerpts

# A publisher named after the source ("(Maryland General Assembly)", "(in.gov/bmv)") adds
# nothing to where the words stand; a parenthesis with a number ("(Act 300 of 1949)") does.
_PUBLISHER = re.compile(r"\s*\((?:[^()\d]*|[\w.]+\.(?:gov|org)(?:/\w+)?)\)\s*$")


def excerpt_reference(excerpt: Excerpt) -> str:
    """Where an excerpt's words stand, e.g. "Maryland Transportation Article Section 21-1003, ..."."""
    source = _PUBLISHER.sub("", excerpt.source).strip()
    section = excerpt.section.strip()
    if section and section.lower() not in source.lower():
        source = f"{source}, {section}"
    # The separator marks where the quote begins, so the reference must not hold it.
    return source.replace(QUOTE_SEPARATOR, " - ")


def laws_from_excerpts(state: str, excerpts: Iterable[Excerpt]) -> list[Law]:
    """The state's statute and agency-page quotes as laws, numbered by kind in file order."""
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
