"""Sources to the table: every state's manual cut into passages, its statute and
agency quotes, and its cards, stored in place of the state's previous rows.

Sources come from a local mirror (`--sources DIR`, laid out like shared/sources)
or, online, from each manual's official address: the same cutting runs on the
pages either way. A state that fails is reported in one line; the others are
still built, and its previous rows are left as they were.
"""

from __future__ import annotations

import hashlib
import io
import json
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

import httpx

from roadlaw.corpus import Cards, Law
from roadlaw.errors import GarbledManual, NoSources, SourceError, StoreError
from roadlaw.sources.mirror import Excerpt, Mirror
from roadlaw.sources.pages import on_the_page, page_text
from roadlaw.sources.passages import laws_from_excerpts, passages_from_manual
from roadlaw.states import WITH_SOURCES
from roadlaw.store import Database, rows_digest

# Timeouts for fetching a manual, spelled out: a slow agency server is common,
# a silent one should not hold a build of 50 states.
FETCH_TIMEOUT = httpx.Timeout(connect=10.0, read=60.0, write=10.0, pool=10.0)
FETCH_TRIES = 2


@dataclass(frozen=True)
class StateSources:
    """What a state's laws are built from, as read."""

    pages: dict[int, str]
    manual_url: str
    excerpts: list[Excerpt]
    # What the rows will say they were built from, and a hash of it, so the ask
    # path can tell when the sources have changed since.
    label: str
    sha256: str


def _digest(*parts: bytes) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part)
        digest.update(b"\x00")
    return digest.hexdigest()


def _excerpts_bytes(excerpts: Iterable[Excerpt]) -> bytes:
    return json.dumps([each.__dict__ for each in excerpts], sort_keys=True).encode()


class MirrorSources:
    """Sources read from a local mirror."""

    def __init__(self, root: str | Path | None = None) -> None:
        self.mirror = Mirror(root)
        self.root = self.mirror.root.resolve()

    def read(self, state: str) -> StateSources:
        path = self.root / "manuals" / f"{state}.txt"
        if not path.exists():
            raise SourceError(f"no manual in the mirror ({path})")
        raw = path.read_bytes()
        pages = self.mirror.manual(state)
        excerpts = self.mirror.excerpts(state)
        return StateSources(
            pages=pages,
            manual_url=self.mirror.manual_urls.get(state, ""),
            excerpts=excerpts,
            label=f"mirror:{self.root}",
            sha256=_digest(raw, _excerpts_bytes(excerpts)),
        )


def sources_digest(state: str, label: str) -> str | None:
    """The sources' hash now, for rows built from a mirror that is still there; None when it cannot be told."""
    if not label.startswith("mirror:"):
        return None
    root = Path(label.removeprefix("mirror:"))
    path = root / "manuals" / f"{state}.txt"
    if not path.exists():
        return None
    mirror = Mirror(root)
    return _digest(path.read_bytes(), _excerpts_bytes(mirror.excerpts(state)))


def pdf_pages(data: bytes) -> dict[int, str]:
    """A PDF's text, page by page, numbered from 1; SourceError when it is not a readable PDF."""
    if not data.startswith(b"%PDF"):
        raise SourceError("the manual's address did not return a PDF")
    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    try:
        reader = PdfReader(io.BytesIO(data))
        pages = {number: page.extract_text() or "" for number, page in enumerate(reader.pages, start=1)}
    except (PdfReadError, ValueError, KeyError, TypeError) as error:
        raise SourceError(f"the manual PDF cannot be read ({error})") from None
    if not any(text.strip() for text in pages.values()):
        raise SourceError("the manual PDF has no text (a scan?)")
    return pages


class WebSources:
    """Sources fetched from the official addresses, kept in a cache folder.

    The list of addresses (`manual-urls.tsv`) and of statute and agency quotes
    (`excerpts.jsonl`) is read from the sources folder setting; each quote is
    kept only where its words stand on the page fetched from its address.
    """

    def __init__(self, cache: Path, lists: Mirror, client: httpx.Client | None = None) -> None:
        self.cache = cache
        self.lists = lists
        self.client = client or httpx.Client(timeout=FETCH_TIMEOUT, follow_redirects=True)

    def _fetch(self, url: str) -> bytes:
        cached = self.cache / hashlib.sha256(url.encode()).hexdigest()
        if cached.exists():
            return cached.read_bytes()
        last = ""
        for _ in range(FETCH_TRIES):
            try:
                response = self.client.get(url)
            except httpx.HTTPError as error:
                last = f"cannot fetch {url} ({type(error).__name__})"
                continue
            if response.status_code >= 500:
                last = f"{url} answered {response.status_code}"
                continue
            if response.status_code >= 400:
                raise SourceError(f"{url} answered {response.status_code}")
            self.cache.mkdir(parents=True, exist_ok=True)
            partial = cached.with_suffix(".part")
            partial.write_bytes(response.content)
            partial.replace(cached)
            return response.content
        raise SourceError(last)

    def read(self, state: str) -> StateSources:
        url = self.lists.manual_urls.get(state)
        if not url:
            raise SourceError(f"no official manual address for {state} in {self.lists.root / 'manual-urls.tsv'}")
        data = self._fetch(url)
        pages = pdf_pages(data)
        kept: list[Excerpt] = []
        for each in self.lists.excerpts(state):
            try:
                page = page_text(self._fetch(each.url).decode("utf-8", errors="replace"))
            except SourceError:
                continue
            if on_the_page(page_text(each.quote), page):
                kept.append(each)
        return StateSources(pages, url, kept, f"web:{url}", _digest(data, _excerpts_bytes(kept)))


Reader = Callable[[str], StateSources]


@dataclass(frozen=True)
class Built:
    state: str
    passages: int
    quotes: int
    cards: int
    seconds: float


@dataclass(frozen=True)
class Failed:
    state: str
    why: str


def laws_for(state: str, sources: StateSources, cards: list[Law]) -> list[Law]:
    """Every law of a state: its manual's passages, its quotes, and its cards."""
    passages = passages_from_manual(state, sources.pages, sources.manual_url)
    return [*passages, *laws_from_excerpts(state, sources.excerpts), *cards]


def build_state(store: Database, state: str, read: Reader, cards: Cards) -> Built | Failed:
    """Replace one state's rows; on any failure the previous rows stay as they were."""
    started = time.perf_counter()
    try:
        sources = read(state)
        laws = laws_for(state, sources, cards.of(state))
    except (SourceError, NoSources) as error:
        return Failed(state, str(error))
    except GarbledManual as error:
        return Failed(state, str(error))
    if not any(law.origin == "manual" for law in laws):
        return Failed(state, "the manual gave no passages (empty or unreadable text)")
    try:
        store.replace_state(
            state,
            laws,
            source=sources.label,
            cards_sha256=rows_digest(cards.of(state)),
            sources_sha256=sources.sha256,
        )
    except StoreError as error:
        # The transaction rolled back: the state's previous rows are untouched.
        return Failed(state, f"could not store its laws ({error}); the previous rows are kept")
    return Built(
        state,
        passages=sum(law.origin == "manual" for law in laws),
        quotes=sum(law.origin == "excerpt" for law in laws),
        cards=sum(law.origin == "card" for law in laws),
        seconds=time.perf_counter() - started,
    )


def build(
    store: Database,
    states: list[str],
    read: Reader,
    cards: Cards,
    progress: Callable[[str], None] | None = None,
) -> list[Built | Failed]:
    """Build each state in turn; one failing does not stop the rest."""
    results: list[Built | Failed] = []
    for state in states:
        if progress is not None:
            progress(state)
        results.append(build_state(store, state, read, cards))
    return results


ALL_STATES = WITH_SOURCES
