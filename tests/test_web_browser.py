"""The page in Debian's chromium, driven by Playwright: asking, follow-ups, the cards, scripts off, 375 px.

The app is served by uvicorn in a thread on a free loopback port; every request
the browser makes is recorded, and none may leave the server. A screenshot of
each page at 375 px wide (and of a folded manual passage at 390 px) goes to
ROADLAW_CI_OUTPUT (default: ci-output/).
Without /usr/bin/chromium these tests fail: install it with
`apt-get install chromium` (the CI script does), never `playwright install`.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from roadlaw.pipeline import Pipeline, silent_line
from roadlaw.store import Store
from roadlaw.web import create_app
from tests.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: F401 (others import them from here)
from tests.helpers import HYDRANT, SPANISH_HYDRANT, NearHydrant
from tests.served import served as serving

pytestmark = [pytest.mark.browser, pytest.mark.shared]

PHONE = {"width": 375, "height": 812}
# A common phone today (iPhone 12 to 15): one quote must not fill it.
WIDER_PHONE = {"width": 390, "height": 844}
MD_HYDRANT_URL = "https://mgaleg.maryland.gov/mgawebsite/Laws/StatuteText?article=gtr&section=21-1003&enactments=false"
# Iowa answers this from a long manual passage (no card speaks to it); one sentence is its answer.
IOWA_BRAKES = "what should i do if my brakes fail"
IOWA_ITEM = "Pump the brake pedal several times."
CHOOSE = "Choose your state"


def screenshots() -> Path:
    folder = Path(os.environ.get("ROADLAW_CI_OUTPUT") or Path(__file__).resolve().parents[1] / "ci-output")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


class Served:
    def __init__(self, base: str, home: Path) -> None:
        self.base = base
        self.home = home


@pytest.fixture(scope="module")
def served(built_home: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """The app over a private copy of the built data folder, on 127.0.0.1 and a free port."""
    home = tmp_path_factory.mktemp("web") / "data"
    shutil.copytree(built_home, home)
    app = create_app(Pipeline(home, meaning=NearHydrant()))
    with serving(app) as port:
        yield Served(f"http://127.0.0.1:{port}", home)


class Visit:
    """A browser context on the server, recording every request it makes."""

    def __init__(self, context: BrowserContext, served: Served) -> None:
        self.context = context
        self.served = served
        self.requests: list[str] = []
        context.on("request", lambda request: self.requests.append(request.url))
        self.page = context.new_page()
        self.page.set_default_timeout(10_000)

    def open(self, path: str = "/") -> Page:
        self.page.goto(self.served.base + path)
        return self.page

    def outside(self) -> list[str]:
        return [url for url in self.requests if not url.startswith(self.served.base + "/")]


def make_visit(
    browser: Browser, served: Served, *, scripts: bool = True, viewport: dict[str, int] = PHONE
) -> Iterator[Visit]:
    context = browser.new_context(viewport=viewport, java_script_enabled=scripts)  # type: ignore[arg-type]
    visit = Visit(context, served)
    yield visit
    context.close()
    assert visit.outside() == [], f"requests left the server: {visit.outside()}"


@pytest.fixture
def visit(browser: Browser, served: Served) -> Iterator[Visit]:
    yield from make_visit(browser, served)


@pytest.fixture
def scriptless(browser: Browser, served: Served) -> Iterator[Visit]:
    yield from make_visit(browser, served, scripts=False)


def fits(page: Page, name: str, viewport: dict[str, int] = PHONE) -> None:
    """No sideways scrolling at the phone's width, and a full-page screenshot for the CI output."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= viewport["width"], f"{name}: the page is {width} px wide at {viewport['width']}"
    page.screenshot(path=str(screenshots() / f"web-{name}.png"), full_page=True)


# A node as nested [tag, class, attributes that matter, children...], text kept and
# whitespace between tags dropped: the server's markup and app.js's compare equal.
SHAPE = """node => {
  const walk = n => {
    if (n.nodeType === Node.TEXT_NODE) return n.textContent.trim() ? n.textContent : null;
    const kept = ["href", "rel", "open", "lang"].map(name => n.getAttribute(name));
    const children = Array.from(n.childNodes).map(walk).filter(child => child !== null);
    return [n.tagName.toLowerCase(), n.getAttribute("class") || "", kept, ...children];
  };
  return walk(node);
}"""


def font_px(element: Locator) -> float:
    return float(element.evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))


def answer_leads(turn: Locator) -> None:
    """The answer stands above its sources and is the largest text in the turn."""
    answer = turn.locator(".answer")
    # Both measured at once: the page may still be scrolling to the turn.
    answer_bottom, source_top = turn.evaluate(
        """(turn) => [turn.querySelector(".answer").getBoundingClientRect().bottom,
                      turn.querySelector("li.source").getBoundingClientRect().top]"""
    )
    assert answer_bottom <= source_top
    others = turn.evaluate(
        """(turn) => Array.from(turn.querySelectorAll("*"))
            .filter(e => !e.closest(".answer") && e.offsetParent !== null && e.textContent.trim())
            .map(e => parseFloat(getComputedStyle(e).fontSize))"""
    )
    assert font_px(answer) > max(others), (font_px(answer), max(others))


def folded_to_its_sentence(page: Page, viewport: dict[str, int], name: str) -> None:
    """Iowa's long passage shows only the answer's sentence, marked; the whole is one tap (or key) away."""
    turn = page.locator("article.turn").last
    expect(turn.locator(".answer")).to_contain_text("Pump the brake pedal")
    answer_leads(turn)
    source = turn.locator("li.source").first
    expect(source.locator(".source-label")).to_contain_text("Driver's manual, page ")
    excerpt = source.locator(".source-excerpt")
    expect(excerpt.locator("mark")).to_have_text(IOWA_ITEM)
    whole = source.locator(".source-whole")
    expect(whole.locator(".source-quote")).to_be_hidden()
    expect(whole.locator("summary")).to_have_text("Show the whole passage", use_inner_text=True)
    box = excerpt.bounding_box()
    assert box is not None and box["height"] < viewport["height"] / 4, box
    source.scroll_into_view_if_needed()
    fits(page, name, viewport)
    page.screenshot(path=str(screenshots() / f"web-{name}-screen.png"))
    # Opened from the keyboard: the whole passage, the sentence still marked, in place of the excerpt.
    whole.locator("summary").focus()
    page.keyboard.press("Enter")
    expect(whole.locator(".source-quote")).to_be_visible()
    expect(whole.locator(".source-quote")).to_contain_text("Do not drive without brakes")
    expect(whole.locator("mark")).to_have_text(IOWA_ITEM)
    expect(excerpt).to_be_hidden()
    expect(whole.locator("summary")).to_have_text("Show less", use_inner_text=True)
    fits(page, f"{name}-opened", viewport)


def ask(page: Page, question: str, *, state: str | None = None) -> None:
    turns = page.locator("article.turn").count()
    if state:
        page.get_by_label("Your state").select_option(state)
    page.locator("#question").fill(question)
    page.get_by_role("button", name="Ask").click()
    page.locator("article.turn").nth(turns).wait_for()


# --- asking ------------------------------------------------------------------------------------


def test_maryland_hydrant_shows_15_feet_with_its_source_and_link(visit: Visit) -> None:
    page = visit.open()
    ask(page, HYDRANT, state="MD")
    turn = page.locator("article.turn").last
    expect(turn.locator(".answer")).to_contain_text("15 feet")
    source = turn.locator("li.source")
    expect(source).to_have_count(1)
    expect(source.locator(".source-label")).to_have_text("State law")
    expect(source.locator(".source-ref")).to_contain_text("21-1003")
    expect(source.locator(".source-quote")).to_contain_text("within 15 feet of a fire hydrant")
    link = source.get_by_role("link")
    expect(link).to_have_attribute("href", MD_HYDRANT_URL)
    expect(link).to_contain_text("mgaleg.maryland.gov")
    # The answer is announced, and the thread kept for a follow-up.
    expect(page.locator("[aria-live=polite]")).to_contain_text("15 feet")
    assert page.locator("#thread").input_value()
    expect(page.get_by_label("Ask a follow-up")).to_be_visible()
    fits(page, "answer")


def test_a_long_manual_passage_is_folded_to_the_answers_marked_sentence(browser: Browser, served: Served) -> None:
    for visit in make_visit(browser, served, viewport=WIDER_PHONE):
        page = visit.open()
        ask(page, IOWA_BRAKES, state="IA")
        folded_to_its_sentence(page, WIDER_PHONE, "folded-390")


def test_the_script_builds_the_same_source_markup_as_the_server(visit: Visit) -> None:
    # A long manual passage, folded; a short statute, shown whole; each marked.
    for state, question, marked in (("IA", IOWA_BRAKES, "Pump the brake pedal"), ("MD", HYDRANT, "fire hydrant")):
        page = visit.open()
        ask(page, question, state=state)
        built = [source.evaluate(SHAPE) for source in page.locator("li.source").all()]
        expect(page.locator("li.source mark").first).to_contain_text(marked)
        page.reload()  # the thread's address: the server draws the turn
        expect(page.locator("li.source").first).to_be_visible()
        drawn = [source.evaluate(SHAPE) for source in page.locator("li.source").all()]
        assert built and built == drawn, state


def test_off_topic_says_the_sources_do_not_say(visit: Visit) -> None:
    page = visit.open()
    ask(page, "What is the capital of France?", state="MD")
    turn = page.locator("article.turn").last
    expect(turn.locator(".answer.silent")).to_have_text(silent_line("MD"))
    expect(turn.locator("li.source")).to_have_count(0)
    fits(page, "off-topic")


def test_a_follow_up_continues_the_thread(visit: Visit, served: Served) -> None:
    page = visit.open()
    ask(page, HYDRANT, state="MD")
    thread = page.locator("#thread").input_value()
    ask(page, "do I have to wear a seat belt")
    expect(page.locator("article.turn")).to_have_count(2)
    expect(page.locator("article.turn").last.locator(".answer")).not_to_be_empty()
    assert page.locator("#thread").input_value() == thread
    assert [turn["question"] for turn in Store(served.home).turns(thread=thread)] == [
        HYDRANT,
        "do I have to wear a seat belt",
    ]
    fits(page, "follow-up")


def test_a_reload_keeps_the_thread(visit: Visit, served: Served) -> None:
    page = visit.open()
    ask(page, HYDRANT, state="MD")
    thread = page.locator("#thread").input_value()
    assert thread and page.url.endswith(f"/?thread={thread}")
    page.reload()
    expect(page.locator("article.turn")).to_have_count(1)
    expect(page.locator("article.turn .answer")).to_contain_text("15 feet")
    assert page.locator("#thread").input_value() == thread
    ask(page, "do I have to wear a seat belt")
    expect(page.locator("article.turn")).to_have_count(2)
    assert len(Store(served.home).turns(thread=thread)) == 2
    # Start over: a new address, no thread.
    page.locator("#start-over").click()
    expect(page.locator("article.turn")).to_have_count(0)
    assert page.locator("#thread").input_value() == ""


def test_a_practice_question_with_its_choices(visit: Visit, served: Served) -> None:
    page = visit.open()
    page.get_by_label("Your state").select_option("MD")
    expect(page.get_by_label("Answer choices, one on each line")).to_be_hidden()
    page.get_by_text("A practice test question? Add its answer choices").click()
    page.get_by_label("Answer choices, one on each line").fill(
        "Within 5 feet of a driveway\nNot within 15 feet of a fire hydrant\nAnywhere at night"
    )
    ask(page, "Which of these is the rule for parking in Maryland?")
    turn = page.locator("article.turn").last
    expect(turn.locator(".asked-choices li")).to_have_count(3)
    expect(turn.locator(".answer")).to_contain_text("15 feet")
    expect(page.get_by_label("Answer choices, one on each line")).to_have_value("")
    [logged] = Store(served.home).turns(thread=page.locator("#thread").input_value())
    assert logged["shown"]["choices"][1] == "Not within 15 feet of a fire hydrant"  # type: ignore[index]
    fits(page, "choices")


def test_a_spanish_question_gets_spanish_labels(visit: Visit) -> None:
    page = visit.open()
    ask(page, SPANISH_HYDRANT, state="MD")
    turn = page.locator("article.turn").last
    expect(turn).to_have_attribute("lang", "es")
    expect(turn.locator(".answer")).to_contain_text("15")
    expect(turn.locator(".sources-heading")).to_have_text("Fuentes")
    expect(turn.locator(".source-label")).to_have_text("Ley estatal")
    expect(turn.locator(".source-link")).to_contain_text("Léelo en")
    fits(page, "spanish")


def test_a_fresh_browser_is_asked_for_its_state_never_given_one(visit: Visit) -> None:
    page = visit.open()
    select = page.get_by_label("Your state")
    expect(select).to_have_value("")
    expect(select.locator("option:checked")).to_have_text(CHOOSE)
    expect(select.locator("option:checked")).to_be_disabled()
    page.locator("#question").fill(HYDRANT)
    page.get_by_role("button", name="Ask").click()
    # The browser holds the form back: nothing asked, nothing remembered.
    assert select.evaluate("e => e.matches(':invalid')")
    expect(page.locator("article.turn")).to_have_count(0)
    assert not [url for url in visit.requests if "/api/ask" in url]
    assert page.evaluate("localStorage.getItem('roadlaw.state')") is None
    assert "roadlaw_state" not in [cookie["name"] for cookie in visit.context.cookies()]
    # Chosen, then reloaded: that state, and no more asking.
    select.select_option("TX")
    page.reload()
    expect(page.get_by_label("Your state")).to_have_value("TX")
    expect(page.get_by_label("Your state").locator("option", has_text=CHOOSE)).to_have_count(0)
    expect(page.locator("#cards-link")).to_have_attribute("href", "/states/TX/cards")


def test_the_cards_ask_for_a_state_too(visit: Visit) -> None:
    page = visit.open("/cards")
    expect(page.get_by_role("heading", level=1)).to_have_text("Study cards")
    expect(page.get_by_label("State")).to_have_value("")
    page.get_by_label("State").select_option("IA")
    page.get_by_role("button", name="Show cards").click()
    page.wait_for_url("**/states/IA/cards")
    expect(page.get_by_role("heading", level=1)).to_have_text("Iowa study cards")
    assert visit.open("/cards").url.endswith("/states/IA/cards")


def test_the_state_is_remembered_between_visits(visit: Visit) -> None:
    page = visit.open()
    page.get_by_label("Your state").select_option("TX")
    assert page.evaluate("localStorage.getItem('roadlaw.state')") == "TX"
    page = visit.open()
    expect(page.get_by_label("Your state")).to_have_value("TX")
    # The cookie gone, localStorage still remembers.
    visit.context.clear_cookies()
    page = visit.open()
    expect(page.get_by_label("Your state")).to_have_value("TX")
    expect(page.locator("#cards-link")).to_have_attribute("href", "/states/TX/cards")


# --- the cards ----------------------------------------------------------------------------------


def test_the_cards_show_the_question_and_reveal_the_rule(visit: Visit) -> None:
    page = visit.open("/cards?state=MD")
    assert page.url.endswith("/states/MD/cards")
    expect(page.get_by_role("heading", level=1)).to_have_text("Maryland study cards")
    card = page.locator("details.card").filter(has_text="How close to a fire hydrant can I park?")
    expect(card.locator(".card-rule")).to_be_hidden()
    card.locator("summary").focus()
    page.keyboard.press("Enter")
    expect(card.locator(".card-rule")).to_be_visible()
    expect(card.locator(".card-rule")).to_contain_text("15 feet")
    expect(card.locator(".source-label")).to_have_text("State law")
    expect(card.get_by_role("link")).to_have_attribute("href", MD_HYDRANT_URL)
    card.scroll_into_view_if_needed()
    fits(page, "cards")


# --- scripts off ----------------------------------------------------------------------------------


def test_with_scripts_off_a_long_passage_folds_and_the_state_is_asked_for(browser: Browser, served: Served) -> None:
    for visit in make_visit(browser, served, scripts=False, viewport=WIDER_PHONE):
        page = visit.open()
        expect(page.get_by_label("Your state")).to_have_value("")
        page.locator("#question").fill(IOWA_BRAKES)
        page.get_by_role("button", name="Ask").click()
        expect(page.locator("article.turn")).to_have_count(0)  # held back: no state
        page.get_by_label("Your state").select_option("IA")
        page.get_by_role("button", name="Ask").click()
        page.wait_for_url("**/ask#latest")
        folded_to_its_sentence(page, WIDER_PHONE, "no-script-folded-390")
        expect(visit.open().get_by_label("Your state")).to_have_value("IA")  # the cookie remembers


def test_with_scripts_off_the_form_answers_and_follows_up(scriptless: Visit) -> None:
    page = scriptless.open()
    page.get_by_label("Your state").select_option("MD")
    page.locator("#question").fill(HYDRANT)
    page.get_by_role("button", name="Ask").click()
    page.wait_for_url("**/ask#latest")
    turn = page.locator("article.turn").last
    expect(turn.locator(".answer")).to_contain_text("15 feet")
    expect(turn.locator(".source-label")).to_have_text("State law")
    thread = page.locator("#thread").input_value()
    assert thread
    fits(page, "no-script-answer")
    page.get_by_label("Ask a follow-up").fill("What is the capital of France?")
    page.get_by_role("button", name="Ask").click()
    expect(page.locator("article.turn")).to_have_count(2)
    expect(page.locator("article.turn").last.locator(".answer.silent")).to_have_text(silent_line("MD"))
    assert page.locator("#thread").input_value() == thread
    fits(page, "no-script-follow-up")


# --- keyboard and screen reader ----------------------------------------------------------------------


def test_keyboard_order_and_visible_focus(visit: Visit) -> None:
    page = visit.open()
    fits(page, "home")
    page.keyboard.press("Tab")
    expect(page.locator(":focus")).to_have_text("Skip to main content")
    order = []
    for _ in range(7):  # the brand, three links in the bar, then the form
        page.keyboard.press("Tab")
        order.append(page.evaluate("document.activeElement.id || document.activeElement.textContent.trim()"))
        outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
        assert outline not in ("none", ""), f"{order[-1]} has no visible focus"
    assert order[order.index("state") :][:3] == ["state", "question", "ask-button"], order
    # Ask from the keyboard alone: the state first (the page asks for it), then the question.
    page.locator("#state").focus()
    page.keyboard.type("Maryland")
    expect(page.locator("#state")).to_have_value("MD")
    page.keyboard.press("Tab")
    page.keyboard.type(HYDRANT)
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page.locator("article.turn .answer")).to_contain_text("15 feet")
    expect(page.locator("[role=status]")).to_contain_text("15 feet")
