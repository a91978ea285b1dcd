"""Tables of points led by dots, which a contents page's layout resembles, kept and read from whole manuals
(built with no cards, tests.helpers.manuals_pipeline, so that it is the manuals' own passages that answer)."""

from __future__ import annotations

from pathlib import Path

import pytest

from roadlaw.answering.base import Turn
from roadlaw.pipeline import Pipeline
from tests.helpers import manuals_pipeline

pytestmark = pytest.mark.shared

STATES = ["IN", "MO", "OK"]


@pytest.fixture(scope="module")
def pipeline(sources: Path, tmp_path_factory: pytest.TempPathFactory) -> Pipeline:
    return manuals_pipeline(sources, tmp_path_factory.mktemp("points"), STATES)


def test_oklahomas_points_before_a_suspension_are_read_from_above_its_table_of_points(pipeline: Pipeline) -> None:
    # The sentence stands over a table of offences led by dots to their points: once cut away with it as if
    # a contents page, so that no passage of the manual held it.
    shown = pipeline.ask("OK", "how many points before ur license gets suspended in oklahoma", log=False)
    assert shown.answer.startswith("10 or more points — "), shown.answer


def test_missouris_table_of_points_is_kept_and_its_examples_answer_no_other_question(pipeline: Pipeline) -> None:
    assert any("Careless & Imprudent Driving" in law.law for law in pipeline.store.laws_of("MO"))
    # Beside the table, "For example, ... two or three points ... By contrast, ... 12 points" are examples.
    shown = pipeline.ask("MO", "how many points till the state sends u a warning letter in mo", log=False)
    assert shown.answer.startswith("4 points — "), shown.answer


def test_a_speed_over_the_limit_hedged_with_like_is_read_as_the_figure(pipeline: Pipeline) -> None:
    # "like" was weighed as one of the question's words, and the table's row fell short of the closeness bar.
    shown = pipeline.ask("IN", "how many points do i get for going like 20 over", log=False)
    assert shown.answer.startswith("4 points — "), shown.answer
    assert "16 – 25 miles per hour over the speed limit 4 points" in shown.answer


def test_a_follow_up_naming_another_offence_is_answered_with_its_points(pipeline: Pipeline) -> None:
    # "and what about getting caught driving on a suspended license", after the points for going 30 over, was answered
    # by a rule that suspends a juvenile's licence (which states no points), over "Driving while suspended 8 points".
    first = "how many points do u get in indiana for going like 30 over"
    shown = pipeline.ask("IN", first, log=False)
    assert shown.answer.startswith("6 points — "), shown.answer
    history = [Turn(first, shown.answer, [law.id for law in shown.sources])]
    then = pipeline.ask(
        "IN", "and what about getting caught driving on a suspended license", log=False, history=history
    )
    assert then.answer.startswith("8 points — ") and "Driving while suspended 8 points" in then.answer, then.answer
