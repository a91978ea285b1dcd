"""The canary suite (tests/canaries): ungrounded answers withheld, grounded ones shown.

Every case is asked through the real pipeline, answered over real HTTP by the fake
OpenAI-compatible model (tests/fake_provider.py), checked, and logged; the verdict the
log keeps must name the way the answer fails.
"""

from __future__ import annotations

import json
import shutil
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from roadlaw.answering.answerers import answerer_from
from roadlaw.pipeline import Pipeline
from roadlaw.settings import Settings
from tests.fake_provider import FakeProvider

pytestmark = pytest.mark.shared

HERE = Path(__file__).parent / "canaries"


def cases(name: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (HERE / name).read_text(encoding="utf-8").splitlines() if line.strip()]


CANARIES = cases("canaries.jsonl")
GAPS = cases("gaps.jsonl")


@pytest.fixture(scope="module")
def fake() -> Iterator[FakeProvider]:
    with FakeProvider() as server:
        yield server


@pytest.fixture(scope="module")
def pipeline(built_home: Path, tmp_path_factory: pytest.TempPathFactory, fake: FakeProvider) -> Iterator[Pipeline]:
    home = tmp_path_factory.mktemp("canaries") / "data"
    shutil.copytree(built_home, home)
    settings = Settings(openai_base_url=fake.openai_url, openai_api_key="sk-test-canary")
    answerer = answerer_from(settings)
    assert answerer is not None and answerer.name.startswith("openai")
    pipeline = Pipeline(home, answerer=answerer)
    yield pipeline
    pipeline.store.close()


def asked(case: dict[str, Any], fake: FakeProvider, pipeline: Pipeline) -> tuple[Any, dict[str, Any]]:
    """The case asked through the pipeline, the fake answering as the case says; what was shown and logged."""
    fake.answer_text = case["answer"] * case.get("repeat", 1)
    fake.answer_sources = case["sources"]
    fake.answer_scope = case.get("scope", "road-law")
    shown = pipeline.ask(case["state"], case["question"])
    [turn] = pipeline.store.turns(limit=1)
    return shown, turn


def test_the_suite_holds_every_kind_the_issue_names() -> None:
    kinds = Counter(case["kind"] for case in CANARIES)
    assert sum(count for kind, count in kinds.items() if kind != "grounded") >= 40
    assert kinds["grounded"] >= 15
    for kind in ("wrong figure", "other unit", "borrowed", "fabricated quote", "no-figure contradiction",
                 "overlong", "injected instruction"):  # fmt: skip
        assert kinds[kind] >= 3, kind
    written = " ".join(case["answer"] for case in CANARIES if case["kind"] in ("wrong figure", "other unit"))
    for form in ("25ft", "25feet", "75mph", "14th", "XXV feet", "15 metres", "twenty-five"):
        assert form in written, form
    assert max(len(case["answer"]) * case.get("repeat", 1) for case in CANARIES) > 2_000_000


@pytest.mark.parametrize("case", CANARIES, ids=[case["id"] for case in CANARIES])
def test_canary(case: dict[str, Any], fake: FakeProvider, pipeline: Pipeline) -> None:
    shown, turn = asked(case, fake, pipeline)
    if case["expect"] == "shown":
        assert shown.failed is None and shown.reason == "", shown.reason
        assert shown.answer == case["answer"].strip()
        assert [law.id for law in shown.sources] == list(dict.fromkeys(case["sources"]))
        assert turn["verdict"] == "shown"
    else:
        assert shown.answer == "" and shown.sources == []
        assert shown.failed == "checked" and turn["failed"] == "checked"
        assert str(turn["verdict"]).split(":")[0] == case["expect"], turn["verdict"]
        assert shown.as_json()["reason"] == turn["verdict"]


@pytest.mark.parametrize(
    "case", [pytest.param(case, marks=pytest.mark.xfail(strict=True, reason=case["why"])) for case in GAPS],
    ids=[case["id"] for case in GAPS],
)  # fmt: skip
def test_known_gap(case: dict[str, Any], fake: FakeProvider, pipeline: Pipeline) -> None:
    shown, _ = asked(case, fake, pipeline)
    assert shown.failed == "checked"
