"""The command line: a thin layer that parses, calls the library, and prints."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from roadlaw.errors import RoadlawError
from roadlaw.states import STATES, state_code


def _out(text: str = "") -> None:
    print(text)


def _json(value: Any) -> None:
    print(json.dumps(value, indent=2, ensure_ascii=False))


def _states(values: list[str] | None, every: bool) -> list[str]:
    from roadlaw.sources.build import ALL_STATES

    if every:
        return list(ALL_STATES)
    if not values:
        raise RoadlawError("name the states to work on: --state XX (repeatable) or --all")
    return list(dict.fromkeys(state_code(value) for value in values))


def cmd_ask(args: argparse.Namespace) -> int:
    from roadlaw.pipeline import silent_line
    from roadlaw.settings import pipeline_from_env

    pipeline, _ = pipeline_from_env()
    shown = pipeline.ask(args.state, args.question, thread=args.thread, mode=args.mode, choices=args.choice)
    if args.json:
        _json(shown.as_json())
        return 0
    _out(shown.answer or silent_line(shown.state, shown.language))
    for law in shown.sources:
        _out()
        _out(f"  {law.reference}")
        _out(f'  "{law.text}"')
        _out(f"  {law.url}")
    if shown.may_help:
        _out()
        _out(
            "These may help, though none says it:"
            if shown.language != "spanish"
            else "Esto puede ayudar, aunque no lo dice:"
        )
        for law in shown.may_help:
            _out(f"  {law.reference}  {law.url}")
    return 0


def cmd_retrieve(args: argparse.Namespace) -> int:
    from roadlaw.settings import pipeline_from_env

    pipeline, _ = pipeline_from_env()
    from roadlaw.pipeline import validate_choices, validate_question

    question = validate_question(args.question)
    choices = validate_choices(args.choice)
    found = pipeline.retrieve(args.state, question, mode=args.mode, choices=choices)
    held = pipeline.laws_of(args.state)
    scores = {hit.id: hit.score for hit in held.words.search(question, 1000, choices=choices)}
    near = dict(found.near)
    rows: list[dict[str, Any]] = [
        {"id": law.id, "kind": law.kind, "law": law.law, "text": law.text, "citation": law.citation,
         "url": law.url, "score": round(near.get(law.id, scores.get(law.id, 0.0)), 4)}
        for law in found.laws
    ]  # fmt: skip
    if args.json:
        _json(rows)
    else:
        for row in rows:
            _out(f"{row['score']:8.3f}  {row['id']:14} {row['law'][:100]}")
        for note in found.notes:
            print(note, file=sys.stderr)
    return 0


def cmd_states(args: argparse.Namespace) -> int:
    from roadlaw.store import Store

    store = Store()
    counts = {row.state: row.laws for row in store.manifests()}
    rows = [{"code": code, "name": name, "laws": counts.get(code, 0)} for code, name in STATES.items()]
    if args.json:
        _json(rows)
    else:
        for row in rows:
            _out(f"{row['code']}  {row['name']:22} {row['laws']:6d}")
    return 0


def cmd_log(args: argparse.Namespace) -> int:
    from roadlaw.store import Store

    turns = Store().turns(thread=args.thread, limit=args.limit)
    if args.json:
        _json(turns)
        return 0
    for turn in turns:
        shown: dict[str, Any] = turn["shown"]  # type: ignore[assignment]
        verdict = turn["failed"] or turn["verdict"]
        _out(f"{turn['at']}  {turn['state']}  [{verdict}]  {turn['question']}")
        _out(f"    → {shown.get('answer') or '(nothing shown)'}  {' '.join(shown.get('sources', []))}")
    return 0


def cmd_build(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    from roadlaw.corpus import load_cards
    from roadlaw.sources.build import Built, MirrorSources, WebSources, build
    from roadlaw.sources.mirror import Mirror
    from roadlaw.store import Store

    states = _states(args.state, args.all)
    cards = load_cards()
    store = Store()
    if args.sources:
        if not (Path(args.sources) / "manuals").is_dir():
            raise RoadlawError(
                f"{args.sources} is not a sources mirror (no manuals/ folder in it); "
                "give --sources, or set ROADLAW_SOURCES to, the folder that holds manuals/ (shared/sources)"
            )
        reader = MirrorSources(args.sources).read
    else:
        reader = WebSources(store.home / "cache", Mirror()).read
    started = time.perf_counter()
    bar = tqdm(total=len(states), unit="state", file=sys.stderr, disable=not sys.stderr.isatty() and len(states) < 2)
    results = build(store, states, reader, cards, progress=lambda state: bar.set_postfix_str(state) or bar.update(0))
    bar.update(len(states))
    bar.close()
    failed = 0
    for result in results:
        if isinstance(result, Built):
            _out(f"{result.state}  {result.passages:5d} passages  {result.quotes:3d} quotes  {result.cards:3d} cards")
        else:
            failed += 1
            _out(f"{result.state}  FAILED: {result.why}")
    built = len(results) - failed
    _out(f"built {built} of {len(results)} states in {time.perf_counter() - started:.1f} s")
    return 1 if failed else 0


def cmd_index(args: argparse.Namespace) -> int:
    from concurrent.futures.process import BrokenProcessPool

    from tqdm import tqdm

    from roadlaw.retrieval.embedders import EmbeddingError, embedder_choice
    from roadlaw.retrieval.index import index_states, jobs_for
    from roadlaw.store import Store

    states = _states(args.state, args.all)
    if args.jobs is not None and args.jobs < 1:
        raise RoadlawError(f"--jobs {args.jobs}: give a number of processes, 1 or more")
    embedder, why = embedder_choice()
    if embedder is None:
        raise RoadlawError(f"no embedder: {why}")
    store = Store()
    started = time.perf_counter()
    work = []
    for state in states:
        laws = store.laws_of(state)
        if not laws:
            _out(f"{state}  SKIPPED: no laws yet; run roadlaw build --state {state} first")
            continue
        work.append((state, laws))
    total = sum(len(laws) for _, laws in work)
    jobs = jobs_for(embedder, total, args.jobs)
    with tqdm(total=total, unit="law", file=sys.stderr, leave=False) as bar:
        seen = [0]

        def step(count: int) -> None:
            bar.update(count - seen[0])
            seen[0] = count

        def done(state: str, count: int) -> None:
            bar.write(f"{state}  {count:5d} laws indexed with {embedder.name}", file=sys.stdout)

        try:
            index_states(store.home, work, embedder, jobs, step, done)
        except EmbeddingError as error:
            raise RoadlawError(
                f"indexing stopped: {error}; states listed above are indexed, the rest keep their old index (or none)"
            ) from error
        except BrokenProcessPool as error:
            raise RoadlawError(
                "indexing stopped: an indexing process died (out of memory?); "
                "states listed above are indexed, run again, or with --jobs 1"
            ) from error
    took = time.perf_counter() - started
    process = "process" if jobs == 1 else "processes"
    _out(
        f"indexed {len(work)} states, {total} laws in {took:.1f} s ({total / max(took, 1e-9):.0f} laws/s, {jobs} {process})"
    )
    return 0


def cmd_eval(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    from roadlaw.measure import choices_of, evaluate, read_questions, table
    from roadlaw.settings import pipeline_from_env

    questions = list(read_questions(Path(args.questions)))
    pipeline, said = pipeline_from_env(with_meaning=args.mode != "words")
    for line in said:
        print(line, file=sys.stderr)
    batched: dict[str, Any] = {}
    if args.batch:
        from roadlaw.answering.models import BatchError

        try:
            batched = _batched(pipeline, questions, args.mode, question_only=args.question_only)
        except BatchError as error:
            raise RoadlawError(f"--batch: {error}") from error

    def answer(question: dict[str, Any]) -> dict[str, Any]:
        if args.batch:
            shown = batched[question["id"]]
        else:
            choices = None if args.question_only else choices_of(question)
            shown = pipeline.ask(question["state"], question["question"], mode=args.mode, log=False, choices=choices)
        return {
            "id": question["id"],
            "retrieved": [{"id": law.id, "kind": law.kind, "text": law.text} for law in shown.retrieved],
            "scope": shown.scope,
            "answer": shown.answer,
            "sources": [law.id for law in shown.sources],
            "failed": shown.failed,
        }

    with tqdm(total=len(questions), unit="q", file=sys.stderr, leave=False) as bar:
        scores = evaluate(questions, answer, Path(args.out) if args.out else None, progress=lambda: bar.update(1))
    if args.json:
        _json(scores)
    else:
        _out(f"mode: {args.mode}")
        _out(table(scores))
    return 0


def _batched(pipeline: Any, questions: list[dict[str, Any]], mode: str, *, question_only: bool) -> dict[str, Any]:
    """Every question's reply through Anthropic's Message Batches: the very requests `request_for` builds.

    With a rewriter, every question's searches in the law's words go first, in a
    batch of their own. Each question is then retrieved as the app would, sent in
    one batch under its own custom id, and its result joined back by that id and
    put through the same check.
    """
    from tqdm import tqdm

    from roadlaw.answering.models import anthropic_client, batch_of, batch_requests
    from roadlaw.answering.request import answer_model, request_for
    from roadlaw.measure import choices_of
    from roadlaw.pipeline import validate_choices, validate_question, with_choices
    from roadlaw.retrieval.rewrite import AnthropicRewriter, rewrite_request_for, searches_in

    if not os.environ.get("ANTHROPIC_API_KEY"):
        raise RoadlawError("--batch sends the questions through Anthropic's Message Batches: set ANTHROPIC_API_KEY")
    client = anthropic_client(os.environ)
    model = answer_model(os.environ)
    asked = [
        (
            validate_question(question["question"]),
            () if question_only else validate_choices(choices_of(question)),
            pipeline.laws_of(question["state"]),
        )
        for question in questions
    ]
    # First the searches in the law's words, one batch for all; a failed one is no searches.
    searches: dict[str, list[str]] = {}
    if mode == "fused" and isinstance(pipeline.rewriter, AnthropicRewriter):
        rewrites = [
            (f"r{number:06d}", rewrite_request_for(with_choices(text, choices), [], state=held.state, model=model))
            for number, (text, choices, held) in enumerate(asked)
        ]
        print(f"rewriting {len(rewrites)} questions in one batch", file=sys.stderr)
        searches = batch_of(rewrites, searches_in, lambda _: [], client=client)
    found: dict[str, tuple[Any, str, Any]] = {}
    items = []
    for number, (text, choices, held) in enumerate(asked):
        made = searches.get(f"r{number:06d}")
        retrieved = pipeline.retrieve(held.state, text, mode=mode, rewrites=made, choices=choices)
        # Eval ids may hold characters a batch's custom_id may not: number them instead.
        custom = f"q{number:06d}"
        found[custom] = (held, text, retrieved)
        items.append(
            (custom, request_for(with_choices(text, choices), retrieved.laws, [], state=held.state, model=model))
        )
    with tqdm(total=len(items), unit="q", desc="batch", file=sys.stderr, leave=False) as bar:

        def progress(batch: Any) -> None:
            counts = batch.request_counts
            bar.n = counts.succeeded + counts.errored + counts.canceled + counts.expired
            bar.refresh()

        replies = batch_requests(items, client=client, progress=progress)
    shown: dict[str, Any] = {}
    for number, question in enumerate(questions):
        custom = f"q{number:06d}"
        held, text, retrieved = found[custom]
        shown[question["id"]] = pipeline.shown_for(held, text, retrieved, replies[custom])
    return shown


def cmd_doctor(args: argparse.Namespace) -> int:
    """Which answerer, model, base URL and embedder the settings choose, whether the
    answerer can be reached (one small call, no tokens), and each state's freshness.

    Exit 1 when the configured model cannot be reached or a state's table is not fresh.
    Keys are never printed: only which setting holds one.
    """
    import logging
    from urllib.parse import urlsplit, urlunsplit

    from roadlaw.answering.models import describe_provider
    from roadlaw.retrieval.embedders import embedder_choice
    from roadlaw.settings import pipeline_from_env

    secrets = [
        value
        for name, value in os.environ.items()
        if value and len(value) >= 4 and any(word in name for word in ("KEY", "TOKEN", "SECRET", "PASSWORD"))
    ]

    def say(text: str) -> None:
        for secret in secrets:
            text = text.replace(secret, "***")
        _out(" ".join(text.split()) if "\n" in text else text)

    def bare(url: str) -> str:
        """The address without any user, password or query it might carry."""
        parts = urlsplit(url)
        host = parts.hostname or ""
        netloc = f"{host}:{parts.port}" if parts.port else host
        return urlunsplit((parts.scheme, netloc, parts.path, "", "")) if parts.scheme else url

    problems = 0
    described = describe_provider()
    pipeline, _ = pipeline_from_env()
    say(f"answerer: {described['answerer']} ({described['chosen_by']})")
    if described["answerer"] == "extractive":
        say("reachable: nothing to reach: answers from the laws' own words, offline")
    else:
        say(f"model: {described['model']} (set with {described['model_setting']})")
        say(f"base URL: {bare(str(described['base_url']))}")
        say(f"key: {described['key']}")
        ping = getattr(pipeline.asker, "ping", None)
        if ping is None:
            problems += 1
            say("reachable: no: the model asker could not be made (is its SDK installed?)")
        else:
            # The reason is printed below; the models' own error line would only repeat it.
            models_log = logging.getLogger("roadlaw.answering.models")
            was, models_log.disabled = models_log.disabled, True
            try:
                reached, detail = ping()
            finally:
                models_log.disabled = was
            problems += 0 if reached else 1
            say(f"reachable: {'ok' if reached else 'no'}: {detail}")
    _, embedder_why = embedder_choice()
    say(f"embedder: {embedder_why}")
    say(f"data folder: {pipeline.store.home}")
    manifests = pipeline.store.manifests()
    say(f"table: {len(manifests)} states built, {sum(m.laws for m in manifests)} laws")
    for manifest in manifests:
        try:
            pipeline.laws_of(manifest.state)
            fresh = "fresh"
        except RoadlawError as error:
            problems += 1
            fresh = str(error)
        index = ""
        if pipeline.meaning is not None:
            from roadlaw.retrieval.index import MeaningStage

            if isinstance(pipeline.meaning, MeaningStage):
                status = pipeline.meaning.status(manifest.state, pipeline.store.laws_of(manifest.state))
                index = "index fresh" if status.index is not None else status.problem
        say(f"  {manifest.state} {manifest.laws:5d} laws  {fresh}  {index}".rstrip())
    return 1 if problems else 0


def cmd_serve(args: argparse.Namespace) -> int:
    import importlib.util

    if any(importlib.util.find_spec(name) is None for name in ("fastapi", "uvicorn", "jinja2", "multipart")):
        raise RoadlawError("the web app needs its extra: pip install 'roadlaw[web]'")
    if args.workers < 1:
        raise RoadlawError("--workers must be 1 or more")
    from roadlaw.settings import pipeline_from_env
    from roadlaw.web.limits import per_minute_from_env
    from roadlaw.web.server import serve

    # Fail here, in one line, if the data folder or a setting cannot be used; each worker then builds its own pipeline.
    per_minute = per_minute_from_env()
    pipeline, said = pipeline_from_env()
    built = pipeline.store.manifests()
    pipeline.store.close()
    limit = f"{per_minute} questions a minute per address" if per_minute else "no rate limit"
    for line in [*said, f"data folder: {pipeline.store.home}", f"table: {len(built)} states built", limit]:
        print(line, file=sys.stderr)
    print(f"serving http://{args.host}:{args.port}/ with {args.workers} worker(s)", file=sys.stderr)
    serve(args.host, args.port, args.workers, args.log_level)
    return 0


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="roadlaw", description="Your state's road law, from its own sources.")
    sub = top.add_subparsers(dest="command", required=True)

    ask = sub.add_parser("ask", help="answer a question from the state's sources")
    ask.add_argument("--state", required=True, help="two-letter state code, e.g. MD")
    ask.add_argument("--json", action="store_true")
    ask.add_argument("--thread", help="continue (or start) a named thread")
    ask.add_argument("--mode", choices=("fused", "words", "meaning"), default="fused")
    ask.add_argument(
        "--choice", action="append", help="a practice question's answer choice (repeat for each, at most 8)"
    )
    ask.add_argument("question")
    ask.set_defaults(run=cmd_ask)

    retrieve = sub.add_parser("retrieve", help="the laws retrieved for a question, ranked")
    retrieve.add_argument("--state", required=True)
    retrieve.add_argument("--json", action="store_true")
    retrieve.add_argument("--mode", choices=("fused", "words", "meaning"), default="fused")
    retrieve.add_argument("--choice", action="append", help="a practice question's answer choice (repeatable)")
    retrieve.add_argument("question")
    retrieve.set_defaults(run=cmd_retrieve)

    states = sub.add_parser("states", help="codes, names and laws per state")
    states.add_argument("--json", action="store_true")
    states.set_defaults(run=cmd_states)

    log = sub.add_parser("log", help="recent turns")
    log.add_argument("--json", action="store_true")
    log.add_argument("--limit", type=int, default=20)
    log.add_argument("--thread")
    log.set_defaults(run=cmd_log)

    build = sub.add_parser("build", help="build states' laws into the table")
    build.add_argument("--state", action="append")
    build.add_argument("--all", action="store_true")
    build.add_argument("--sources", help="a local mirror laid out like shared/sources (default: fetch online)")
    build.set_defaults(run=cmd_build)

    index = sub.add_parser("index", help="embed states' laws for finding them by meaning")
    index.add_argument("--state", action="append")
    index.add_argument("--all", action="store_true")
    index.add_argument(
        "--jobs", type=int, help="processes embedding at once (default: one per core, up to 4, for a local model)"
    )
    index.set_defaults(run=cmd_index)

    evaluate = sub.add_parser("eval", help="measure retrieval and answers on a question file")
    evaluate.add_argument("questions")
    evaluate.add_argument("--out")
    evaluate.add_argument("--mode", choices=("fused", "words", "meaning"), default="fused")
    evaluate.add_argument("--json", action="store_true")
    evaluate.add_argument("--batch", action="store_true", help="answer through Anthropic's Message Batches")
    evaluate.add_argument(
        "--question-only",
        action="store_true",
        help="ask each question without its answer choices, as a learner types it",
    )
    evaluate.set_defaults(run=cmd_eval)

    doctor = sub.add_parser("doctor", help="which answerer, embedder and table are in use, and their health")
    doctor.set_defaults(run=cmd_doctor)

    serve = sub.add_parser("serve", help="the web app and its JSON API, under uvicorn")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--workers", type=int, default=1, help="worker processes, each with its own pipeline")
    serve.add_argument("--log-level", default="info", choices=("critical", "error", "warning", "info", "debug"))
    serve.set_defaults(run=cmd_serve)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        code: int = args.run(args)
        return code
    except RoadlawError as error:
        print(f"roadlaw: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("roadlaw: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        os._exit(0)


if __name__ == "__main__":
    sys.exit(main())
