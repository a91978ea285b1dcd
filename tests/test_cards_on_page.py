"""Every card's quoted words stand on the source page its citation names."""

from __future__ import annotations

import pytest

from roadlaw.corpus import load_cards
from roadlaw.settings import Settings
from roadlaw.sources.mirror import Mirror
from roadlaw.sources.pages import on_the_page, page_text

pytestmark = pytest.mark.shared

CARDS = load_cards()
ALL = [law for laws in CARDS.by_state.values() for law in laws]


@pytest.fixture(scope="module")
def mirror() -> Mirror:
    found = Mirror(Settings.from_env().sources_mirror)
    assert (found.root / "manuals").is_dir(), f"sources not found at {found.root}: set ROADLAW_SOURCES"
    return found


@pytest.mark.parametrize("law", ALL, ids=[law.id for law in ALL])
def test_quoted_words_are_on_the_page(law, mirror: Mirror) -> None:
    quote = page_text(law.quote)
    if law.kind == "manual":
        assert law.page is not None, f"{law.id} is a manual card without a page"
        assert f"p. {law.page}" in law.reference, f"{law.id}: citation does not name page {law.page}"
        page = page_text(mirror.manual(law.state)[law.page])
        assert on_the_page(quote, page), f"{law.id}: quoted words not on manual page {law.page}"
    else:
        pages = [page_text(each.quote) for each in mirror.excerpts(law.state) if each.url == law.url]
        assert pages, f"{law.id}: no excerpt of {law.state} at {law.url}"
        assert any(on_the_page(quote, page) for page in pages), f"{law.id}: quoted words not in its excerpt"


def test_maryland_and_texas_have_thirty_cards_each() -> None:
    assert len(CARDS.of("MD")) >= 30
    assert len(CARDS.of("TX")) >= 30
