"""roadlaw: a learner driver's questions about their own state's road law, answered from its own sources.

    from roadlaw import Settings, open_pipeline

    pipeline, _ = open_pipeline(Settings.from_env())
    shown = pipeline.ask("MD", "how far from a fire hydrant can I park")
    print(shown.answer, [law.reference for law in shown.sources])

Names are imported on first use, so `import roadlaw` stays cheap for the CLI.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from roadlaw.answering.base import Answerer, Asked, Failed, FailureName, Reply, Turn
    from roadlaw.assemble import open_pipeline
    from roadlaw.corpus import Law
    from roadlaw.doctor import Checkup, doctor
    from roadlaw.errors import (
        BadQuestion,
        BadSetting,
        NoLaws,
        RoadlawError,
        Stale,
        StoreError,
        UnknownLaw,
        UnknownState,
        UnknownThread,
    )
    from roadlaw.pipeline import Pipeline, Retrieved, Shown
    from roadlaw.settings import Settings

# Each public name and the module it lives in.
_WHERE = {
    "Answerer": "roadlaw.answering.base",
    "Asked": "roadlaw.answering.base",
    "Failed": "roadlaw.answering.base",
    "FailureName": "roadlaw.answering.base",
    "Reply": "roadlaw.answering.base",
    "Turn": "roadlaw.answering.base",
    "open_pipeline": "roadlaw.assemble",
    "Law": "roadlaw.corpus",
    "Checkup": "roadlaw.doctor",
    "doctor": "roadlaw.doctor",
    "BadQuestion": "roadlaw.errors",
    "BadSetting": "roadlaw.errors",
    "NoLaws": "roadlaw.errors",
    "RoadlawError": "roadlaw.errors",
    "Stale": "roadlaw.errors",
    "StoreError": "roadlaw.errors",
    "UnknownLaw": "roadlaw.errors",
    "UnknownState": "roadlaw.errors",
    "UnknownThread": "roadlaw.errors",
    "Pipeline": "roadlaw.pipeline",
    "Retrieved": "roadlaw.pipeline",
    "Shown": "roadlaw.pipeline",
    "Settings": "roadlaw.settings",
}

__all__ = [
    "Answerer",
    "Asked",
    "BadQuestion",
    "BadSetting",
    "Checkup",
    "Failed",
    "FailureName",
    "Law",
    "NoLaws",
    "Pipeline",
    "Reply",
    "Retrieved",
    "RoadlawError",
    "Settings",
    "Shown",
    "Stale",
    "StoreError",
    "Turn",
    "UnknownLaw",
    "UnknownState",
    "UnknownThread",
    "ask",
    "doctor",
    "open_pipeline",
    "retrieve",
]


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(importlib.import_module(_WHERE[name]), name)
    raise AttributeError(f"module 'roadlaw' has no attribute {name!r}")


def ask(
    state: str,
    question: str,
    *,
    settings: Settings | None = None,
    thread: str | None = None,
    choices: list[str] | None = None,
) -> Shown:
    """One question answered, checked and logged, on a pipeline opened from `settings` (the environment's if None).

    Opens a pipeline each call: for many questions, open one with `open_pipeline` and call its `ask`.
    """
    from roadlaw.assemble import open_pipeline

    pipeline, _ = open_pipeline(settings)
    return pipeline.ask(state, question, thread=thread, choices=choices)


def retrieve(state: str, question: str, *, settings: Settings | None = None) -> Retrieved:
    """The laws most likely to answer, best first (see `Pipeline.retrieve`)."""
    from roadlaw.assemble import open_pipeline

    pipeline, _ = open_pipeline(settings)
    return pipeline.retrieve(state, question)
