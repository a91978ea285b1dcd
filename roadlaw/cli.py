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
from roadlaw.settings import Settings
from roadlaw.states import NO_SOURCES_YET, STATES, state_code

# The highest TCP port there is.
MAX_PORT = 65535
# What --older-than's units are, in seconds.
SPAN_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 7 * 86400}
# `ask`'s exit status when the configured model could not be reached (the offline answer, if any, is printed).
UNREACHABLE = 3


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
    codes = list(dict.fromkeys(state_code(value) for value in values))
    for code in codes:
        if code in NO_SOURCES_YET:
            raise RoadlawError(f"no sources yet for {STATES[code]} ({code}): there is nothing to build it from")
    return codes


def cmd_ask(args: argparse.Namespace) -> int:
    from roadlaw.assemble import open_pipeline
    from roadlaw.pipeline import silent_line
    from roadlaw.sources.agencies import official_link

    # One question a process: the state's other laws are not read ahead for questions that never come.
    pipeline, _ = open_pipeline(args.settings, read_ahead=False)
    shown = pipeline.ask(args.state, args.question, thread=args.thread, mode=args.mode, choices=args.choice)
    # A model that could not be reached is the operator's to fix: a script sees it, whatever was shown.
    code = UNREACHABLE if shown.failed == "unreachable" else 0
    if args.json:
        _json(shown.as_json())
        return code
    note = shown.note
    if note is not None:
        _out(note)
    if shown.answer or note is None:
        _out(shown.answer or silent_line(shown.state, shown.language))
    for law in shown.sources:
        _out()
        _out(f"  {law.reference}")
        _out(f'  "{law.text}"')
        link = official_link(law.state, law.url)
        if link.goes_to == "agency":
            _out(f"  {link.url} ({link.site}: the manual has no official address of its own)")
        elif link.url:
            _out(f"  {link.url}")
    if shown.may_help:
        _out()
        _out(
            "These may help, though none says it:"
            if shown.language != "spanish"
            else "Esto puede ayudar, aunque no lo dice:"
        )
        for law in shown.may_help:
            _out(f"  {law.reference}  {law.url}")
    return code


def cmd_retrieve(args: argparse.Namespace) -> int:
    """The laws retrieved, best first, each with what each half said of it: its BM25 rank and score, its cosine."""
    from roadlaw.assemble import open_pipeline
    from roadlaw.pipeline import validate_choices, validate_question

    pipeline, _ = open_pipeline(args.settings, read_ahead=False)
    question = validate_question(args.question)
    choices = validate_choices(args.choice)
    found = pipeline.retrieve(args.state, question, mode=args.mode, choices=choices)
    held = pipeline.laws_of(args.state)
    by_words = held.words.search(question, 1000, choices=choices)
    words = {hit.id: (rank, hit.score) for rank, hit in enumerate(by_words, start=1)}
    meaning = {ident: (rank, cosine) for rank, (ident, cosine) in enumerate(found.near, start=1)}
    rows: list[dict[str, Any]] = []
    for law in found.laws:
        row: dict[str, Any] = {"id": law.id, "kind": law.kind, "citation": law.citation, "url": law.url}
        row["words"] = {"rank": words[law.id][0], "bm25": round(words[law.id][1], 3)} if law.id in words else None
        row["meaning"] = (
            {"rank": meaning[law.id][0], "cosine": round(meaning[law.id][1], 4)} if law.id in meaning else None
        )
        # A card's rule is its own plain words; a passage's rule is its text, given once.
        if law.law != law.text:
            row["rule"] = law.law
        row["text"] = law.text
        rows.append(row)
    if args.json:
        _json(rows)
        return 0
    _out(
        f"{len(rows)} laws, best first, a card right after the manual passage it quotes"
        " (words: BM25 rank and score; meaning: rank and cosine)"
    )
    for number, row in enumerate(rows, start=1):
        said_words = f"words #{row['words']['rank']} ({row['words']['bm25']:.2f})" if row["words"] else "words -"
        said_meaning = (
            f"meaning #{row['meaning']['rank']} ({row['meaning']['cosine']:.3f})" if row["meaning"] else "meaning -"
        )
        _out(f"{number:2d}. {row['id']:16} {row['kind']:8} {said_words:22} {said_meaning}")
        text = " ".join(str(row.get("rule") or row["text"]).split())
        _out(f"    {text[:160]}{'…' if len(text) > 160 else ''}")
    for note in found.notes:
        print(note, file=sys.stderr)
    return 0


def cmd_states(args: argparse.Namespace) -> int:
    from roadlaw.store import open_store

    store = open_store(args.settings)
    counts = {row.state: row.laws for row in store.manifests()}
    rows = [{"code": code, "name": name, "laws": counts.get(code, 0), "sources": code not in NO_SOURCES_YET}
            for code, name in STATES.items()]  # fmt: skip
    if args.json:
        _json(rows)
    else:
        for row in rows:
            # A place with nothing to build from says so, not 0 laws that a build would never change.
            laws = f"{row['laws']:6d}" if row["sources"] else "no sources yet"
            _out(f"{row['code']}  {row['name']:22} {laws}")
    return 0


def seconds_in(span: str) -> float:
    """The seconds in a span written like 30d, 12h, 90m, 2w or 45s; RoadlawError for anything else."""
    import re

    found = re.fullmatch(r"\s*(\d+)\s*([smhdw])\s*", span.lower())
    if found is None:
        raise RoadlawError(f"--older-than {span}: give a whole number and a unit, like 30d, 12h or 2w (s, m, h, d, w)")
    return int(found.group(1)) * SPAN_UNITS[found.group(2)]


def cmd_log(args: argparse.Namespace) -> int:
    from roadlaw.errors import StoreError
    from roadlaw.store import open_store

    if args.older_than is not None and not args.prune:
        raise RoadlawError("--older-than goes with --prune: roadlaw log --prune --older-than 30d")
    if args.prune:
        if args.older_than is None:
            raise RoadlawError("--prune needs --older-than, e.g. roadlaw log --prune --older-than 30d")
        older_than = seconds_in(args.older_than)
        turns_gone, threads_gone = open_store(args.settings).prune(older_than)
        _out(f"pruned {turns_gone} turns and {threads_gone} threads logged more than {args.older_than.strip()} ago")
        return 0
    if args.limit < 1:
        raise RoadlawError(f"--limit {args.limit}: give how many recent turns to show, 1 or more")
    store = open_store(args.settings)
    try:
        # Thread turns past their time (ROADLAW_LOG=redacted or off) are not shown with their words.
        store.forget_due()
    except StoreError as error:
        print(f"roadlaw: {error}", file=sys.stderr)
    turns = store.turns(thread=args.thread, limit=args.limit)
    if args.json:
        _json(turns)
        return 0
    for turn in turns:
        shown: dict[str, Any] = turn["shown"]  # type: ignore[assignment]
        verdict = turn["failed"] or turn["verdict"]
        _out(f"{turn['at']}  {turn['state']}  [{verdict}]  {turn['question'] or '(redacted)'}")
        _out(f"    → {shown.get('answer') or '(nothing shown)'}  {' '.join(shown.get('sources', []))}")
    return 0


def cmd_build(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    from roadlaw.corpus import load_cards
    from roadlaw.sources.build import Built, MirrorSources, WebSources, build
    from roadlaw.sources.mirror import Mirror
    from roadlaw.store import open_store

    states = _states(args.state, args.all)
    cards = load_cards(args.settings.cards)
    store = open_store(args.settings)
    if args.sources:
        if not (Path(args.sources) / "manuals").is_dir():
            raise RoadlawError(
                f"{args.sources} is not a sources mirror (no manuals/ folder in it); "
                "give --sources, or set ROADLAW_SOURCES to, the folder that holds manuals/ (shared/sources)"
            )
        reader = MirrorSources(args.sources).read
    else:
        reader = WebSources(store.home / "cache", Mirror(args.settings.sources_mirror)).read
    started = time.perf_counter()
    bar = tqdm(total=len(states), unit="state", file=sys.stderr, disable=not sys.stderr.isatty() and len(states) < 2)
    begun = [0]

    def step(state: str) -> None:
        # Called as each state begins: the ones before it are done.
        bar.n = begun[0]
        begun[0] += 1
        bar.set_postfix_str(state)

    results = build(store, states, reader, cards, progress=step)
    bar.n = len(states)
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

    from roadlaw.errors import EmbeddingError
    from roadlaw.retrieval.embedders import embedder_choice
    from roadlaw.retrieval.index import index_states, jobs_for
    from roadlaw.store import open_store

    states = _states(args.state, args.all)
    if args.jobs is not None and args.jobs < 1:
        raise RoadlawError(f"--jobs {args.jobs}: give a number of processes, 1 or more")
    embedder, why = embedder_choice(args.settings)
    if embedder is None:
        raise RoadlawError(f"no embedder: {why}")
    store = open_store(args.settings)
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
            index_states(store, work, embedder, jobs, step, done)
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

    from roadlaw.answering.base import Turn
    from roadlaw.assemble import open_pipeline
    from roadlaw.measure import (
        FIRST,
        choices_of,
        evaluate,
        evaluate_threads,
        holds_threads,
        read_questions,
        read_threads,
        table,
    )

    path = Path(args.questions)
    threaded = holds_threads(path)
    if threaded and args.batch:
        raise RoadlawError("--batch asks questions one by one, not threads: leave out --batch for a file of threads")
    rows = list(read_threads(path) if threaded else read_questions(path))
    pipeline, said = open_pipeline(args.settings, with_meaning=args.mode != "words")
    # Eval scores the answerer configured, its failures counted as they come: the offline
    # answer that stands in for a learner has its own figures, from an offline run.
    pipeline.fallback = None
    for line in said:
        print(line, file=sys.stderr)
    batched: dict[str, Any] = {}
    if args.batch:
        from roadlaw.answering.batch import shown_for_questions
        from roadlaw.errors import BatchError

        with tqdm(total=len(rows), unit="q", desc="batch", file=sys.stderr, leave=False) as bar:

            def progress(done: int, total: int) -> None:
                bar.total, bar.n = total, done
                bar.refresh()

            try:
                batched = shown_for_questions(
                    args.settings,
                    pipeline,
                    rows,
                    args.mode,
                    question_only=args.question_only,
                    progress=progress,
                    say=lambda line: bar.write(line, file=sys.stderr),
                )
            except BatchError as error:
                raise RoadlawError(f"--batch: {error}") from error

    def result_of(question: dict[str, Any], shown: Any) -> dict[str, Any]:
        return {
            "id": question["id"],
            "retrieved": [{"id": law.id, "kind": law.kind, "text": law.text} for law in shown.retrieved],
            "scope": shown.scope,
            "answer": shown.answer,
            "sources": [law.id for law in shown.sources],
            "failed": shown.failed,
        }

    def answer(
        question: dict[str, Any], earlier: list[tuple[dict[str, Any], dict[str, Any]]] | None = None
    ) -> dict[str, Any]:
        if args.batch:
            return result_of(question, batched[question["id"]])
        choices = None if args.question_only else choices_of(question)
        # A thread's earlier turns as the learner saw them, held here rather than logged.
        history = [Turn(row["question"], result["answer"], list(result["sources"])) for row, result in earlier or []]
        shown = pipeline.ask(
            question["state"], question["question"], mode=args.mode, log=False, choices=choices, history=history
        )
        return result_of(question, shown)

    out = Path(args.out) if args.out else None
    with tqdm(total=len(rows), unit="thread" if threaded else "q", file=sys.stderr, leave=False) as bar:
        if threaded:
            parts = evaluate_threads(rows, answer, out, progress=lambda: bar.update(1))
        else:
            scores = evaluate(rows, answer, out, progress=lambda: bar.update(1))
    if args.json:
        _json(parts if threaded else scores)
        return 0
    _out(f"mode: {args.mode}")
    if threaded:
        for name, part in parts.items():
            _out(f"{name}:" if name == FIRST else f"\n{name}:")
            _out(table(part))
    else:
        _out(table(scores))
    return 0


def cmd_topics(args: argparse.Namespace) -> int:
    """The typology of learner topics; with --coverage, how far each state's cards cover it."""
    from roadlaw.corpus import load_cards
    from roadlaw.topics import coverage, load_absent, load_topics

    topics = load_topics()
    if not args.coverage:
        rows = [{"id": t.id, "title": t.title, "question": t.question, "states": t.states, "unit": t.unit}
                for t in topics.values()]  # fmt: skip
        if args.json:
            _json(rows)
        else:
            for row in rows:
                _out(f"{row['id']:24} {row['states']:7} {row['title']}")
        return 0
    report = coverage(load_cards(args.settings.cards), load_absent(args.settings.cards))
    if args.json:
        _json([
            {"state": each.state, "cards": each.cards, "covered": list(each.covered),
             "absent": [{"topic": a.topic, "searched": a.searched} for a in each.absent], "not_yet": list(each.not_yet)}
            for each in report
        ])  # fmt: skip
        return 0
    _out(f"{len(topics)} topics; per state: cards, topics covered, searched and absent, not yet written")
    for each in report:
        _out(f"{each.state}  {each.cards:3d} cards  {len(each.covered):2d} covered  {len(each.absent):2d} absent  "
             f"{len(each.not_yet):2d} not yet")  # fmt: skip
    return 0


def cmd_compare(args: argparse.Namespace) -> int:
    """Every state's rule on one topic: the figure first, then the rule, its citation and page."""
    from roadlaw.corpus import load_cards
    from roadlaw.topics import compared, load_absent, topic_named

    topic = topic_named(args.topic)
    cells = compared(topic.id, load_cards(args.settings.cards), load_absent(args.settings.cards))
    if args.json:
        _json([
            {"state": cell.state, "said": cell.said, "figure": cell.figure or None,
             "cards": [{"id": law.id, "rule": law.law, "citation": law.citation, "page": law.page, "url": law.url}
                       for law in cell.cards],
             "searched": cell.absent.searched if cell.absent else None}
            for cell in cells
        ])  # fmt: skip
        return 0
    _out(f"{topic.title} ({topic.question})")
    for cell in cells:
        if not cell.cards:
            _out(f"{cell.state}  {'':10} {cell.said}")
            continue
        for law in cell.cards:
            _out(f"{cell.state}  {cell.figure:10} {law.law}")
            _out(f"    {law.reference}  {law.url}")
    return 0


def cmd_cards_draft(args: argparse.Namespace) -> int:
    """Draft cards with the configured model (roadlaw.drafting): kept only where their quotes stand on the page."""
    from roadlaw.corpus import cards_dir, load_card_file
    from roadlaw.draftfile import draft_path, draft_toml, dropped_line, outcome_line
    from roadlaw.drafting import Manual, TopicDraft, draft_state, drafter_from, topics_to_draft
    from roadlaw.sources.mirror import Mirror

    [state] = _states([args.state], False)
    topics = topics_to_draft(args.topic)
    path = draft_path(args.settings, state, args.out, replace=args.replace)
    drafter = drafter_from(args.settings)
    manual = Manual.of(Mirror(args.settings.sources_mirror), state)
    committed_file = cards_dir(args.settings.cards) / f"{state}.toml"
    committed = load_card_file(committed_file) if committed_file.exists() else []
    # The report goes beside the draft: to stderr when the draft itself is printed.
    report = sys.stderr if path is None else sys.stdout

    def say(line: str) -> None:
        print(line, file=report, flush=True)

    def done(draft: TopicDraft) -> None:
        say(f"{draft.topic.id}: {outcome_line(draft)}")
        for dropped in draft.dropped:
            say(f"  {dropped_line(dropped)}")
        if draft.failed:
            print(f"roadlaw: {draft.topic.id}: {draft.failed}; going on with the next topic", file=sys.stderr)

    say(f"drafting {len(topics)} topic(s) of {STATES[state]}'s manual with {drafter.provider} {drafter.model}")
    drafts = draft_state(drafter, manual, topics, done)
    text = draft_toml(manual, drafts, committed, f"{drafter.provider} {drafter.model}")
    if path is None:
        sys.stdout.write(text)
    else:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        except OSError as error:
            raise RoadlawError(f"cannot write the draft to {path}: {error.strerror or error}") from None
    asked = [draft for draft in drafts if draft.pages]
    failed = [draft for draft in asked if draft.failed]
    kept = sum(len(draft.kept) for draft in drafts)
    say(
        f"{state}: {len(topics)} topic(s), {len(asked)} asked, {len(failed)} failed;"
        f" {sum(draft.proposed for draft in drafts)} proposed, {kept} kept,"
        f" {sum(len(draft.dropped) for draft in drafts)} dropped"
    )
    where = "printed above" if path is None else f"written to {path}"
    say(f"the draft, {kept} card(s), is {where}: review each before moving it into roadlaw/corpus/{state}.toml")
    return UNREACHABLE if failed else 0


def cmd_copy_store(args: argparse.Namespace) -> int:
    """Copy built states, their index (and with --log, the log) from one store to another."""
    from roadlaw.copying import Copied, copy_store
    from roadlaw.store import store_at

    states = _states(args.state, False) if args.state else None
    source = store_at(args.source, args.settings)
    try:
        target = store_at(args.target, args.settings)
    except RoadlawError:
        source.close()
        raise
    if (source.kind, source.where) == (target.kind, target.where):
        raise RoadlawError(f"--from and --to are the same store ({source.where}); name another")
    started = time.perf_counter()

    def said(copied: Copied) -> None:
        index = f"index: {copied.index}" if copied.indexed else copied.index
        _out(f"{copied.state}  {copied.laws:5d} laws  {index}")

    try:
        copied, turns = copy_store(source, target, states, log=args.log, done=said)
    finally:
        source.close()
        target.close()
    missing = sorted(set(states or []) - {each.state for each in copied})
    for state in missing:
        _out(f"{state}  SKIPPED: not built in {source.where}")
    log = f", {turns} turns of the log" if args.log else ""
    _out(
        f"copied {len(copied)} states ({sum(each.indexed for each in copied)} with their index){log}"
        f" from {source.kind} {source.where} to {target.kind} {target.where} in {time.perf_counter() - started:.1f} s"
    )
    return 1 if missing else 0


def cmd_doctor(args: argparse.Namespace) -> int:
    """Print the checkup (roadlaw.doctor); exit 1 when the configured model cannot be reached or a state is not fresh."""
    from roadlaw.doctor import doctor

    checkup = doctor(args.settings)
    for line in checkup.lines():
        _out(line)
    return 1 if checkup.problems else 0


def cmd_serve(args: argparse.Namespace) -> int:
    import importlib.util

    if any(importlib.util.find_spec(name) is None for name in ("fastapi", "uvicorn", "jinja2", "multipart")):
        raise RoadlawError("the web app needs its extra: pip install 'roadlaw[web]'")
    if args.workers < 1:
        raise RoadlawError("--workers must be 1 or more")
    if not 1 <= args.port <= MAX_PORT:
        raise RoadlawError(f"--port {args.port}: give a port from 1 to {MAX_PORT}")
    from roadlaw.assemble import open_pipeline
    from roadlaw.web.server import serve

    # Fail here, in one line, if the data folder or a setting cannot be used; each worker then builds its own pipeline.
    per_minute = args.settings.rate_limit
    pipeline, said = open_pipeline(args.settings)
    built = pipeline.store.manifests()
    pipeline.store.close()
    limit = f"{per_minute} questions a minute per address" if per_minute else "no rate limit"
    proxies = args.settings.trusted_proxies
    limit += (
        f", the address read from X-Forwarded-For behind {', '.join(str(net) for net in proxies)}"
        if proxies
        else ", the peer's address (no trusted proxies)"
    )
    at_once = f"at most {args.settings.max_concurrent} questions at once per worker"
    database = f"database: {pipeline.store.kind} {pipeline.store.where}"
    for line in [*said, f"data folder: {pipeline.store.home}", database, f"table: {len(built)} states built", limit,
                 at_once]:  # fmt: skip
        print(line, file=sys.stderr)
    print(f"serving http://{args.host}:{args.port}/ with {args.workers} worker(s)", file=sys.stderr)
    serve(args.host, args.port, args.workers, args.log_level)
    return 0


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="roadlaw", description="Your state's road law, from its own sources.")
    sub = top.add_subparsers(dest="command", required=True)

    ask = sub.add_parser(
        "ask",
        help="answer a question from the state's sources",
        description="Answer a question from the state's sources. Exit status: 0 answered (or the sources"
        " don't say), 2 bad input, 3 the configured model could not be reached (what happened is said,"
        " and the offline answer from the same laws printed in its place).",
    )
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

    log = sub.add_parser(
        "log",
        help="recent turns, or --prune old ones",
        description="Recent turns: question, retrieved, reply, the check's verdict, what was shown."
        " With --prune --older-than 30d, delete the turns logged longer ago than that, and threads left empty."
        " What is kept at all is ROADLAW_LOG's: full, redacted or off.",
    )
    log.add_argument("--json", action="store_true")
    log.add_argument("--limit", type=int, default=20)
    log.add_argument("--thread")
    log.add_argument("--prune", action="store_true", help="delete old turns instead of listing (with --older-than)")
    log.add_argument("--older-than", help="with --prune: a span like 30d, 12h, 2w (units s, m, h, d, w)")
    log.set_defaults(run=cmd_log)

    build = sub.add_parser(
        "build",
        help="build states' laws into the table",
        description="Build each named state's laws (its manual's passages, statute and agency quotes, and cards)"
        " into the table, replacing what it held for that state.",
    )
    build.add_argument("--state", action="append", help="two-letter state code, e.g. MD (repeat for more)")
    build.add_argument("--all", action="store_true", help="every state (the 50; DC has no sources yet)")
    build.add_argument(
        "--sources",
        help="a local mirror laid out like shared/sources (manuals/, excerpts.jsonl, manual-urls.tsv);"
        " without it, each manual PDF is fetched from its official address (listed in ROADLAW_SOURCES's"
        " manual-urls.tsv) and cached in the data folder",
    )
    build.set_defaults(run=cmd_build)

    index = sub.add_parser("index", help="embed states' laws for finding them by meaning")
    index.add_argument("--state", action="append", help="two-letter state code, e.g. MD (repeat for more)")
    index.add_argument("--all", action="store_true", help="every state (those not built yet are skipped)")
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

    topics = sub.add_parser("topics", help="the typology of learner topics, and each state's coverage")
    topics.add_argument("--coverage", action="store_true", help="per state: cards, topics covered, absent, not yet")
    topics.add_argument("--json", action="store_true")
    topics.set_defaults(run=cmd_topics)

    compare = sub.add_parser("compare", help="one topic's rule in every state, each with its citation")
    compare.add_argument(
        "topic", help="a topic id from `roadlaw topics` (park-hydrant), or a word naming one topic (hydrant)"
    )
    compare.add_argument("--json", action="store_true")
    compare.set_defaults(run=cmd_compare)

    cards = sub.add_parser(
        "cards",
        help="study cards: draft new ones with a model, for a person to review",
        description="Study cards. `roadlaw cards draft` drafts cards with the configured model.",
    )
    cards_sub = cards.add_subparsers(dest="cards_command", required=True)
    draft = cards_sub.add_parser(
        "draft",
        help="draft a state's cards with the configured model, each quote verified on its page",
        description="For each topic (or the one given), find the pages of the state's manual that speak of it,"
        " ask the configured model (Anthropic or OpenAI-compatible) for at most 5 verbatim passages with a plain"
        " rule each, keep only passages found word for word on their page and rules whose figures their"
        " passage holds, and write the kept ones as a draft card file, each card `draft = true`, for a person"
        " to review. Every dropped passage is printed with its reason. Never writes into roadlaw/corpus/."
        " Exit status: 0 drafted, 2 bad input or no model configured, 3 the model failed on some topic"
        " (said on stderr, one line each; the other topics are still drafted and written).",
    )
    draft.add_argument("--state", required=True, help="two-letter state code, e.g. KS")
    draft.add_argument("--topic", help="one topic id from `roadlaw topics` (default: every topic)")
    draft.add_argument(
        "--out",
        help="the draft file (default: drafts/XX.toml in the data folder, ROADLAW_HOME);"
        " - prints it to stdout, with the report on stderr",
    )
    draft.add_argument("--replace", action="store_true", help="write over a draft file that exists")
    draft.set_defaults(run=cmd_cards_draft)

    copy = sub.add_parser(
        "copy-store",
        help="copy built states and their index between stores (SQLite, PostgreSQL)",
        description="Copy each built state's laws and manifest (one transaction a state) and its index from one"
        " store to another: build and index once, serve from many replicas. Stores: postgresql://USER@HOST/DB,"
        " sqlite:///PATH (a data folder or its roadlaw.db), or a data folder's path.",
    )
    copy.add_argument("--from", dest="source", required=True, help="the store to copy from")
    copy.add_argument("--to", dest="target", required=True, help="the store to copy to")
    copy.add_argument("--state", action="append", help="only this state (repeatable); default: every built state")
    copy.add_argument("--log", action="store_true", help="copy the log's threads and turns too (not by default)")
    copy.set_defaults(run=cmd_copy_store)

    doctor = sub.add_parser("doctor", help="which answerer, embedder and table are in use, and their health")
    doctor.set_defaults(run=cmd_doctor)

    serve = sub.add_parser("serve", help="the web app and its JSON API, under uvicorn")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--workers", type=int, default=1, help="worker processes, each with its own pipeline")
    serve.add_argument("--log-level", default="info", choices=("critical", "error", "warning", "info", "debug"))
    serve.set_defaults(run=cmd_serve)
    return top


def _readable_arguments(args: argparse.Namespace) -> None:
    """RoadlawError for an argument that is not UTF-8 (Python keeps its bytes as lone surrogates),
    before any work: it could be neither searched, shown nor logged."""
    from roadlaw.errors import UnreadableText
    from roadlaw.pipeline import readable

    for name, value in vars(args).items():
        for each in value if isinstance(value, list) else [value]:
            if isinstance(each, str):
                try:
                    readable(each, name.replace("_", "-"))
                except UnreadableText as error:
                    raise RoadlawError(f"{error} (the terminal sent bytes that are not UTF-8)") from None


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        _readable_arguments(args)
        # The environment is read here, once; everything below is handed these settings.
        args.settings = Settings.from_env()
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
