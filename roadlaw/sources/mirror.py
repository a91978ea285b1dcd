"""Where the sources are read from: a local mirror laid out like `shared/sources`.

    DIR/manuals/XX.txt       each state's manual as text, pages closed by `-- N of M --`
    DIR/manual-urls.tsv      state, kind, lang, url of each official manual
    DIR/excerpts.jsonl       statute and agency-page quotes, one JSON object a line

The mirror's folder is a setting (`ROADLAW_SOURCES`), never a copy in the repository.
"""

from __future__ import annotations

import csv
import json
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from roadlaw.errors import NoSources
from roadlaw.settings import default_sources
from roadlaw.sources.pages import manual_pages


def sources_dir(explicit: str | Path | None = None) -> Path:
    """The mirror folder: the one given (Settings.sources_mirror at the edges), else ../shared/sources beside the checkout."""
    return Path(explicit) if explicit else default_sources()


@dataclass(frozen=True)
class Excerpt:
    """A verbatim quote of a statute section or an agency page: for these, the quote is the page."""

    state: str
    kind: str
    quote: str
    source: str
    section: str
    url: str


class Mirror:
    """A local copy of the sources, read lazily."""

    def __init__(self, root: str | Path | None = None) -> None:
        self.root = sources_dir(root)

    def manual_text(self, state: str) -> str:
        path = self.root / "manuals" / f"{state}.txt"
        try:
            return path.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            raise NoSources(f"no manual for {state} at {path}") from None

    def manual(self, state: str) -> dict[int, str]:
        """Page number to the page's raw text, as fetched."""
        return manual_pages(self.manual_text(state))

    @cached_property
    def manual_urls(self) -> dict[str, str]:
        """Each state's English car manual address."""
        urls: dict[str, str] = {}
        path = self.root / "manual-urls.tsv"
        if not path.exists():
            return urls
        with path.open(encoding="utf-8") as handle:
            for row in csv.DictReader(handle, delimiter="\t"):
                if row.get("kind") == "car" and row.get("lang") == "en":
                    urls.setdefault(row["state"], row["url"])
        return urls

    @cached_property
    def all_excerpts(self) -> list[Excerpt]:
        path = self.root / "excerpts.jsonl"
        if not path.exists():
            return []
        found: list[Excerpt] = []
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                found.append(
                    Excerpt(
                        state=row["state"],
                        kind=row["kind"],
                        quote=row["quote"],
                        source=row.get("source", ""),
                        section=row.get("section", ""),
                        url=row.get("url", ""),
                    )
                )
        return found

    def excerpts(self, state: str) -> list[Excerpt]:
        return [each for each in self.all_excerpts if each.state == state]
