"""The pipeline put together from the settings: which embedder, which answerer, which rewriter.

The one place that names the parts; the pipeline itself only calls them.
"""

from __future__ import annotations

from roadlaw.pipeline import Pipeline
from roadlaw.settings import Settings


def open_pipeline(
    settings: Settings | None = None, *, with_meaning: bool = True, read_ahead: bool = True
) -> tuple[Pipeline, list[str]]:
    """The ask path as the settings configure it (the environment's when none are given), and a line on each part.

    `read_ahead`: False for a process that asks one question, which need not read the state's other laws.
    """
    from roadlaw.answering.answerers import answerer_from
    from roadlaw.answering.extractive import ExtractiveAsker
    from roadlaw.corpus import load_cards
    from roadlaw.retrieval.embedders import embedder_choice
    from roadlaw.retrieval.index import MeaningStage
    from roadlaw.retrieval.rewrite import rewriter_from
    from roadlaw.sources.build import sources_digest
    from roadlaw.store import open_store

    settings = Settings.from_env() if settings is None else settings
    where = settings.data_home
    # SQLite in the data folder, or PostgreSQL (ROADLAW_DATABASE_URL) with the index in it too.
    store = open_store(settings)
    said: list[str] = []
    meaning = None
    if with_meaning:
        embedder, why = embedder_choice(settings)
        said.append(f"embedder: {why}")
        if embedder is not None:
            meaning = MeaningStage(store, embedder)
    answerer = answerer_from(settings)
    said.append(f"answerer: {answerer.name if answerer is not None else 'extractive (no model configured)'}")
    pipeline = Pipeline(
        where,
        answerer=answerer,
        meaning=meaning,
        rewriter=rewriter_from(settings) if answerer is not None else None,
        cards=load_cards(settings.cards),
        sources_digest=sources_digest,
        log_mode=settings.log_mode,
        store=store,
        read_ahead=read_ahead,
        # A model that cannot be reached, or whose answer is withheld, leaves the learner the laws' own words.
        fallback=ExtractiveAsker(embedder=meaning.embedder_name if meaning else None) if answerer is not None else None,
    )
    said.extend(pipeline.answer_notes)
    return pipeline, said
