"""The issue's examples, in states outside the dev set: each gets a right answer or an honest refusal.

Built here from the sources mirror with no cards, so that it is the offline answer's own
reading of the manual that is held (cards would answer some of these by hand), and
searched with the bundled meaning stage as a learner's question is.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from roadlaw.pipeline import Pipeline
from tests.helpers import manuals_pipeline

pytestmark = pytest.mark.shared

STATES = ["AK", "RI", "MN"]


@pytest.fixture(scope="module")
def pipeline(sources: Path, tmp_path_factory: pytest.TempPathFactory) -> Pipeline:
    return manuals_pipeline(sources, tmp_path_factory.mktemp("examples"), STATES)


def test_right_on_red_in_alaska_is_the_rule_not_a_signs_caption(pipeline: Pipeline) -> None:
    shown = pipeline.ask("AK", "can you turn right on red in alaska", log=False)
    assert "Do not turn right on red" not in shown.answer
    assert "full stop" in shown.answer and "No turn on red" in shown.answer


def test_how_close_to_railroad_tracks_one_may_park_in_alaska(pipeline: Pipeline) -> None:
    shown = pipeline.ask("AK", "how close to railroad tracks can you park?", log=False)
    # The manual's parking list says 50 feet; no sentence cut short, no other distance.
    assert shown.answer.startswith("50 feet — ") and "railroad crossing" in shown.answer
    assert "make certain all tracks" not in shown.answer


def test_the_space_behind_the_car_in_front_is_a_following_distance_or_nothing(pipeline: Pipeline) -> None:
    shown = pipeline.ask("AK", "how much space should I leave behind the car in front", log=False)
    if shown.answer:
        assert re.search(r"\b(?:2|4)[- ]second", shown.answer, re.I), shown.answer
        assert "parallel" not in shown.answer.lower()
    else:
        assert shown.may_help, "a refusal names the laws that may help"


def test_rhode_islands_hydrant_distance_has_its_lead_in_and_no_stray_number(pipeline: Pipeline) -> None:
    shown = pipeline.ask("RI", "how close to a fire hydrant can I park", log=False)
    assert shown.answer == "8 feet — Where you may not park or stop: Within 8 feet of a fire hydrant."


def test_supervised_hours_are_said_once(pipeline: Pipeline) -> None:
    shown = pipeline.ask("RI", "supervised hours", log=False)
    assert shown.answer.startswith("50 hours — ") and "(50)" not in shown.answer


def test_minnesotas_hydrant_law_that_words_alone_rank_first_answers(pipeline: Pipeline) -> None:
    words = pipeline.retrieve("MN", "how close to a fire hydrant can I park", mode="words")
    fused = pipeline.retrieve("MN", "how close to a fire hydrant can I park")
    assert words.laws[0].id in [law.id for law in fused.laws]
    shown = pipeline.ask("MN", "how close to a fire hydrant can I park", log=False)
    assert shown.answer.startswith("10 feet — ") and "fire hydrant" in shown.answer


def test_brakes_that_went_out_in_a_learners_words_are_answered_by_the_manuals_rule_for_them(pipeline: Pipeline) -> None:
    # Searched with the manuals' name for the mishap ("brake failure") and answered by a step under its heading.
    shown = pipeline.ask("AK", "my brakes just went out what do i do", log=False)
    assert shown.answer.startswith("BRAKES FAIL: ") and shown.sources[0].state == "AK"
