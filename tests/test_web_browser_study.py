"""A topic's table across the states and practice on the study deck, in Debian's chromium.

The topic page sorts by its figure with scripts (a click on the column header, in place)
and without (links the server answers sorted). Practice marks cards known or missed and
reviews the missed ones, its progress in localStorage only: no request carries it.
Served as tests/test_web_browser.py serves the app, over cards of this test's own
(tests/test_web_topics.py's folder: MD, TX, Iowa, Connecticut, Alaska absent) and with
South Carolina built, whose manual passages link the agency's site.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from roadlaw.pipeline import Pipeline
from roadlaw.sources.build import MirrorSources, build
from roadlaw.store import Store
from roadlaw.web import create_app
from tests.served import served as serving
from tests.test_web_browser import (
    SHAPE,
    WIDER_PHONE,
    Served,
    Visit,
    fits,
    make_visit,
)
from tests.test_web_gaps import cards_without
from tests.test_web_topics import CONNECTICUT_URL, IOWA_URL, card_folder

pytestmark = [pytest.mark.browser, pytest.mark.shared]

DESK = {"width": 1100, "height": 900}
BY_NAME = ["AL", "AK", "AZ", "AR", "CA"]
# Smallest first: Iowa 5, Connecticut 10, Maryland and Texas 15 (by name); then Alaska, whose sources do not say.
BY_FIGURE = ["IA", "CT", "MD", "TX", "AK"]


@pytest.fixture(scope="module")
def served(built_home: Path, tmp_path_factory: pytest.TempPathFactory, sources: Path) -> Iterator[Served]:
    base = tmp_path_factory.mktemp("study")
    home = base / "data"
    shutil.copytree(built_home, home)
    store = Store(home)
    # South Carolina without its cards (if any are written): its answers come from the manual's passages.
    cards = cards_without("SC")
    [built] = build(store, ["SC"], MirrorSources(sources).read, cards)
    store.close()
    assert type(built).__name__ == "Built", built
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("ROADLAW_CARDS", str(card_folder(base / "cards")))
        app = create_app(Pipeline(home, cards=cards))
    with serving(app) as port:
        yield Served(f"http://127.0.0.1:{port}", home)


def order(page: Page) -> list[str]:
    ids: list[str] = page.eval_on_selector_all("#compare tbody tr", "rows => rows.map(row => row.id.slice(6))")
    return ids


def documents(visit: Visit) -> list[str]:
    """The pages the browser loaded (not their scripts, styles or pictures)."""
    return [url for url in visit.requests if "/static/" not in url]


# --- one topic across the states ------------------------------------------------------------------


def test_with_scripts_a_click_on_the_figure_header_sorts_in_place(browser: Browser, served: Served) -> None:
    for visit in make_visit(browser, served, viewport=DESK):
        page = visit.open("/topics/park-hydrant")
        expect(page.get_by_role("heading", level=1)).to_have_text("Parking near a fire hydrant")
        assert order(page)[:5] == BY_NAME and len(order(page)) == 50
        loaded = len(documents(visit))
        figure = page.locator("thead th[data-column=figure]")
        figure.get_by_role("link").click()
        expect(figure).to_have_attribute("aria-sort", "ascending")
        assert order(page)[:5] == BY_FIGURE
        expect(page.locator("thead th[data-column=state]")).to_have_attribute("aria-sort", "none")
        expect(page.locator("#sort-status")).to_have_text("Sorted by figure, smallest first.")
        assert page.url.endswith("/topics/park-hydrant?sort=figure")
        assert len(documents(visit)) == loaded, "the sort asked the server"
        # The address kept, a reload draws the same order server-side.
        page.reload()
        assert order(page)[:5] == BY_FIGURE
        page.locator("thead th[data-column=state]").get_by_role("link").click()
        assert order(page)[:5] == BY_NAME and page.url.endswith("?sort=state")


def test_without_scripts_the_sort_links_load_the_table_sorted(browser: Browser, served: Served) -> None:
    for visit in make_visit(browser, served, scripts=False, viewport=WIDER_PHONE):
        page = visit.open("/topics/park-hydrant")
        assert order(page)[:5] == BY_NAME
        page.get_by_role("link", name="Figure, smallest first").click()
        page.wait_for_url("**/topics/park-hydrant?sort=figure#compare")
        assert order(page)[:5] == BY_FIGURE
        expect(page.get_by_role("link", name="Figure, smallest first")).to_have_attribute("aria-current", "true")
        fits(page, "topic-no-script-390", WIDER_PHONE)


def test_moving_from_iowa_to_connecticut_the_hydrant_distance_doubles_each_with_its_page(
    browser: Browser, served: Served
) -> None:
    for visit in make_visit(browser, served, viewport=WIDER_PHONE):
        page = visit.open("/topics/park-hydrant?sort=figure")
        iowa, connecticut = page.locator("#state-IA"), page.locator("#state-CT")
        expect(iowa.locator(".cell-figure")).to_have_text("5 feet")
        expect(connecticut.locator(".cell-figure")).to_have_text("10 feet")
        expect(iowa.get_by_role("link")).to_have_attribute("href", f"{IOWA_URL}#page=21")
        expect(connecticut.get_by_role("link")).to_have_attribute("href", f"{CONNECTICUT_URL}#page=39")
        expect(page.locator("#state-AK .cell-gap")).to_have_text("The sources don't say")
        expect(page.locator("#state-OH .cell-gap")).to_have_text("No card yet")
        # On a phone the header row is hidden: the sort links above the table sort it.
        page.get_by_role("link", name="State", exact=True).first.click()
        assert order(page)[:5] == BY_NAME
        iowa.locator("summary").click()
        expect(iowa.locator("blockquote")).to_have_text("Closer than five feet from a fire hydrant")
        iowa.scroll_into_view_if_needed()
        fits(page, "topic-390", WIDER_PHONE)


def test_the_script_draws_south_carolinas_agency_link_as_the_server_does(browser: Browser, served: Served) -> None:
    for visit in make_visit(browser, served, viewport=WIDER_PHONE):
        page = visit.open("/?state=SC")
        page.locator("#question").fill("when must I dim my high beams")
        page.get_by_role("button", name="Ask").click()
        link = page.locator("article.turn li.source a.source-link").first
        expect(link).to_have_attribute("href", "https://www.scdmvonline.com")
        expect(link).to_contain_text("Find the manual at South Carolina Department of Motor Vehicles (SCDMV)")
        built = [source.evaluate(SHAPE) for source in page.locator("li.source").all()]
        page.reload()  # the thread's address: the server draws the turn
        expect(page.locator("li.source").first).to_be_visible()
        drawn = [source.evaluate(SHAPE) for source in page.locator("li.source").all()]
        assert built and built == drawn


# --- practice on the deck --------------------------------------------------------------------------


def test_practice_marks_reviews_the_missed_and_keeps_it_in_this_browser(browser: Browser, served: Served) -> None:
    for visit in make_visit(browser, served, viewport=WIDER_PHONE):
        methods: list[tuple[str, str]] = []
        visit.context.on("request", lambda request, seen=methods: seen.append((request.method, request.url)))
        page = visit.open("/states/MD/cards")
        total = page.locator("details.card").count()
        progress = page.locator("#practice-progress")
        expect(progress).to_have_text(f"0 of {total} known, 0 missed.")
        review = page.get_by_role("button", name="Review the ones I missed (0)")
        expect(review).to_be_disabled()

        cards = page.locator("details.card")
        first, second, third = cards.nth(0), cards.nth(1), cards.nth(2)
        expect(first.get_by_role("button", name="I knew it")).to_be_hidden()
        first.locator("summary").click()
        expect(first.locator(".card-rule")).to_be_visible()
        first.get_by_role("button", name="I knew it").click()
        expect(first).not_to_have_attribute("open", "")
        expect(first.locator(".card-mark")).to_have_text("Known")
        # The next card is ready to open from the keyboard.
        expect(second.locator("summary")).to_be_focused()
        page.keyboard.press("Enter")
        second.get_by_role("button", name="I missed it").click()
        third.locator("summary").click()
        third.get_by_role("button", name="I missed it").click()
        expect(progress).to_have_text(f"1 of {total} known, 2 missed.")
        expect(third.locator(".card-mark")).to_have_text("Missed")
        fits(page, "practice-390", WIDER_PHONE)

        page.get_by_role("button", name="Review the ones I missed (2)").click()
        expect(page.locator("details.card:visible")).to_have_count(2)
        expect(progress).to_have_text("Reviewing the 2 you missed: 2 still to get right.")
        missed = [second.get_attribute("data-card"), third.get_attribute("data-card")]
        assert page.eval_on_selector_all("details.card:visible", "cards => cards.map(c => c.dataset.card)") == missed

        # Progress and the round survive a reload: they are in this browser.
        page.reload()
        expect(page.locator("details.card:visible")).to_have_count(2)
        expect(cards.nth(0).locator(".card-mark")).to_have_text("Known")
        second.locator("summary").click()
        second.get_by_role("button", name="I knew it").click()
        expect(progress).to_have_text("Reviewing the 2 you missed: 1 still to get right.")
        page.get_by_role("button", name="Show every card").click()
        expect(page.locator("details.card:visible")).to_have_count(total)
        expect(progress).to_have_text(f"2 of {total} known, 1 missed.")
        expect(page.get_by_role("button", name="Review the ones I missed (1)")).to_be_enabled()

        saved = page.evaluate("JSON.parse(localStorage.getItem('roadlaw.practice.MD'))")
        assert saved["marks"] == {cards.nth(0).get_attribute("data-card"): "known", missed[0]: "known",
                                  missed[1]: "missed"}  # fmt: skip
        # Nothing of it went to the server: only page loads and their files, no call, no cookie.
        assert [method for method, _ in methods] == ["GET"] * len(methods)
        assert all("/api/" not in url for _, url in methods), methods
        assert {url.split("?")[0].removeprefix(served.base) for _, url in methods} <= {
            "/states/MD/cards", "/static/style.css", "/static/app.js", "/static/practice.js", "/static/icon.svg",
        }  # fmt: skip
        assert all("practice" not in cookie["name"] for cookie in visit.context.cookies())
        # Another state's deck has its own progress.
        page.goto(served.base + "/states/TX/cards")
        expect(page.locator("#practice-progress")).to_contain_text(" known, 0 missed.")
        expect(page.locator("#practice-progress")).to_have_text(
            f"0 of {page.locator('details.card').count()} known, 0 missed."
        )


def test_start_over_clears_the_marks(browser: Browser, served: Served) -> None:
    for visit in make_visit(browser, served, viewport=WIDER_PHONE):
        page = visit.open("/states/TX/cards")
        total = page.locator("details.card").count()
        first = page.locator("details.card").first
        first.locator("summary").click()
        first.get_by_role("button", name="I missed it").click()
        progress = page.locator("#practice-progress")
        expect(progress).to_have_text(f"0 of {total} known, 1 missed.")
        page.get_by_role("button", name="Start over").click()
        expect(progress).to_have_text(f"0 of {total} known, 0 missed.")
        expect(first.locator(".card-mark")).to_have_text("")
        page.reload()
        expect(progress).to_have_text(f"0 of {total} known, 0 missed.")


def test_with_scripts_off_the_deck_still_reveals_each_answer(browser: Browser, served: Served) -> None:
    for visit in make_visit(browser, served, scripts=False, viewport=WIDER_PHONE):
        page = visit.open("/states/MD/cards")
        expect(page.locator("#practice")).to_be_hidden()
        hydrant = page.locator("details.card").filter(has_text="How close to a fire hydrant can I park?")
        expect(hydrant.locator(".card-rule")).to_be_hidden()
        hydrant.locator("summary").click()
        expect(hydrant.locator(".card-rule")).to_contain_text("15 feet")
        # Marking needs the script: its buttons are not shown to do nothing.
        expect(hydrant.get_by_role("button", name="I knew it")).to_be_hidden()
        fits(page, "practice-no-script-390", WIDER_PHONE)
