"""Build, index and retrieval figures, measured side by side in one run.

    python benchmarks/bench_retrieval.py [--sources DIR] [--states MD,TX] [--skip-index]

Prints: build time for all states and passages per state; indexing time and
laws/s; retrieval latency (median, p95) per question for words alone, meaning
alone and fused, with recall@1/3/8 on the dev set for each; peak memory.
Medians over the dev questions; every mode runs in the same process, one after
another, so the machine's noise falls on all three alike.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

from roadlaw.corpus import load_cards
from roadlaw.measure import KS, choices_of, holds_quote, read_questions
from roadlaw.pipeline import Pipeline
from roadlaw.retrieval.embedders import embedder_choice
from roadlaw.retrieval.index import MeaningStage, index_states, jobs_for
from roadlaw.settings import Settings
from roadlaw.sources.build import ALL_STATES, MirrorSources, build
from roadlaw.store import Store


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def children_peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sources", default=str(Settings.from_env().sources_mirror))
    parser.add_argument("--questions", default=str(Settings.from_env().sources_mirror.parent / "eval" / "dev.jsonl"))
    parser.add_argument("--states", help="comma-separated; default all 50")
    parser.add_argument("--skip-index", action="store_true")
    args = parser.parse_args()
    states = args.states.split(",") if args.states else ALL_STATES
    home = Path(tempfile.mkdtemp(prefix="roadlaw-bench-"))
    store = Store(home)

    started = time.perf_counter()
    results = build(store, states, MirrorSources(args.sources).read, load_cards())
    build_seconds = time.perf_counter() - started
    counts = {result.state: getattr(result, "passages", 0) for result in results}
    print(f"build: {len(states)} states in {build_seconds:.1f} s; peak memory {peak_mb():.0f} MB")
    print("passages per state: " + ", ".join(f"{state} {count}" for state, count in counts.items()))

    questions = list(read_questions(Path(args.questions)))
    questions = [q for q in questions if q["state"] in states]
    asked_states = sorted({q["state"] for q in questions})

    embedder, why = embedder_choice(Settings.from_env())
    print(f"embedder: {why}")
    meaning = None
    if embedder is not None and not args.skip_index:
        started = time.perf_counter()
        work = [(state, store.laws_of(state)) for state in states]
        total = sum(len(laws) for _, laws in work)
        jobs = jobs_for(embedder, total)
        index_states(home, work, embedder, jobs)
        seconds = time.perf_counter() - started
        print(
            f"index: {total} laws in {seconds:.1f} s = {total / seconds:.0f} laws/s with {jobs} processes; "
            f"peak memory {peak_mb():.0f} MB here, {children_peak_mb():.0f} MB in the largest worker"
        )
        meaning = MeaningStage(home, embedder)

    pipeline = Pipeline(home, meaning=meaning)
    for state in asked_states:
        pipeline.laws_of(state)
        if meaning is not None:
            meaning.status(state, pipeline.laws_of(state).laws)
    if meaning is not None:
        embedder.embed(["warm up"], "query")  # type: ignore[union-attr]

    # A practice question is asked twice: as a learner types it, and with its answer
    # choices (as `roadlaw eval` asks it, and `roadlaw ask --choice`).
    print(f"\n{'mode':8} {'asked':15} {'median ms':>10} {'p95 ms':>8} " + " ".join(f"{'r@' + str(k):>6}" for k in KS))
    # The fused questions asked alone are asked a second time too. In the first pass a state's first
    # question makes its word windows and reads all its laws (roadlaw.answering.reading.read_ahead, as
    # `roadlaw serve` and `roadlaw eval` do; `roadlaw ask` reads only the laws its question meets), the
    # other questions find them read; the second pass finds every cache warm.
    runs = [(False, mode) for mode in ("words", "meaning", "fused", "again")]
    runs += [(True, mode) for mode in ("words", "meaning", "fused")]
    for with_choices, mode in runs:
        if mode != "words" and meaning is None:
            continue
        timings: list[float] = []
        found = {k: 0 for k in KS}
        gold = 0
        for question in questions:
            choices = choices_of(question) if with_choices else []
            begin = time.perf_counter()
            laws = pipeline.retrieve(
                question["state"], question["question"], mode="fused" if mode == "again" else mode, choices=choices
            ).laws
            timings.append((time.perf_counter() - begin) * 1000)
            if question.get("quote"):
                gold += 1
                for k in KS:
                    found[k] += any(holds_quote(law.text, question["quote"]) for law in laws[:k])
        asked = "with choices" if with_choices else "question alone"
        print(
            f"{mode:8} {asked:15} {statistics.median(timings):10.2f} {percentile(timings, 0.95):8.2f} "
            + " ".join(f"{found[k] / gold:6.3f}" for k in KS)
        )
    repo = Path(__file__).resolve().parent.parent
    spanish = list(read_questions(repo / "eval" / "dev-es.jsonl"))
    twins = {q["id"]: q for q in questions}
    pairs = [(q, twins[q["twin"]]) for q in spanish if q.get("twin") in twins]
    if pairs:
        held = 0
        for es, en in pairs:
            english = pipeline.retrieve(en["state"], en["question"]).laws
            theirs = {law.id for law in pipeline.retrieve(es["state"], es["question"]).laws}
            held += bool(english) and english[0].id in theirs
        print(
            f"\nSpanish: the English twin's top law is in the Spanish top 8 for {held}/{len(pairs)} = {held / len(pairs):.3f}"
        )
    off = [q for q in read_questions(repo / "eval" / "offtopic.jsonl") if q["state"] in states]
    on_refused = sum(not pipeline.ask(q["state"], q["question"], log=False).answer for q in questions)
    with_choices_refused = sum(
        not pipeline.ask(q["state"], q["question"], log=False, choices=choices_of(q)).answer for q in questions
    )
    off_refused = sum(not pipeline.ask(q["state"], q["question"], log=False).answer for q in off)
    practice = [q for q in read_questions(repo / "eval" / "offtopic-choices.jsonl") if q["state"] in states]
    practice_refused = sum(
        not pipeline.ask(q["state"], q["question"], log=False, choices=q["choices"]).answer for q in practice
    )
    print(
        f"offline answers, question alone: on-topic refused {on_refused}/{len(questions)} = "
        f"{on_refused / len(questions):.3f}; off-topic refused {off_refused}/{len(off)} = "
        f"{off_refused / max(1, len(off)):.3f}"
    )
    print(
        f"offline answers, with choices: on-topic refused {with_choices_refused}/{len(questions)} = "
        f"{with_choices_refused / len(questions):.3f}; off-topic refused {practice_refused}/{len(practice)} = "
        f"{practice_refused / max(1, len(practice)):.3f}"
    )
    print(f"\npeak memory, all of the above: {peak_mb():.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
