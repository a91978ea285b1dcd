"""The note on a failed answer, in chromium: app.js draws it above the offline answer as the server does."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from roadlaw.answering.extractive import ExtractiveAsker
from roadlaw.pipeline import Pipeline
from roadlaw.web import create_app
from tests.helpers import HYDRANT
from tests.served import served as serving
from tests.test_fallback import UNREACHED, Down
from tests.test_web_browser import (
    SHAPE,
    Served,
    ask,
    fits,
    make_visit,
)

pytestmark = [pytest.mark.browser, pytest.mark.shared]


@pytest.fixture(scope="module")
def down(built_home: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """The app with a model that never answers, and the offline answer standing in."""
    home = tmp_path_factory.mktemp("down") / "data"
    shutil.copytree(built_home, home)
    app = create_app(Pipeline(home, answerer=Down(), fallback=ExtractiveAsker()))
    with serving(app) as port:
        yield Served(f"http://127.0.0.1:{port}", home)


def test_the_note_stands_above_the_offline_answer_in_place_and_after_a_reload(browser: Browser, down: Served) -> None:
    for visit in make_visit(browser, down):
        page = visit.open()
        ask(page, HYDRANT, state="MD")
        turn = page.locator("article.turn").last
        expect(turn.locator(".note")).to_have_text(UNREACHED)
        expect(turn.locator(".answer")).to_contain_text("15 feet")
        note_bottom, answer_top = turn.evaluate(
            """(turn) => [turn.querySelector(".note").getBoundingClientRect().bottom,
                          turn.querySelector(".answer").getBoundingClientRect().top]"""
        )
        assert note_bottom <= answer_top
        expect(page.get_by_text("sources don't say")).to_have_count(0)
        built = turn.evaluate(SHAPE)
        fits(page, "fallback")
        page.reload()  # the thread's address: the server draws the turn from the log
        drawn = page.locator("article.turn").last
        expect(drawn.locator(".note")).to_have_text(UNREACHED)
        assert drawn.evaluate(SHAPE) == built
