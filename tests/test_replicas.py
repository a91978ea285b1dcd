"""End to end: two `roadlaw serve` replicas, each a process of its own on its own port, on one real PostgreSQL.

A thread started on one is continued on the other; the rate limit counts the questions
asked of both; and a `roadlaw build --state MD` run beside them is read by both on
their next question.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import httpx
import pytest

from roadlaw.copying import copy_store
from roadlaw.postgres import PostgresStore
from roadlaw.store import Store, rows_digest
from tests.fake_provider import closed_port
from tests.helpers import HYDRANT

pytestmark = pytest.mark.shared

# Questions a minute per address for the two replicas together.
PER_MINUTE = 4


def environment(url: str, home: Path, sources: Path) -> dict[str, str]:
    kept = {name: value for name, value in os.environ.items() if not name.startswith(("ROADLAW_", "ANTHROPIC_"))}
    return {
        **kept,
        "ROADLAW_DATABASE_URL": url,
        "ROADLAW_HOME": str(home),
        "ROADLAW_SOURCES": str(sources),
        "ROADLAW_EMBEDDER": "none",
        "ROADLAW_RATE_LIMIT": str(PER_MINUTE),
        # The test is the proxy: it names each request's client, so each part of the test is its own learner.
        "ROADLAW_TRUSTED_PROXIES": "127.0.0.1",
    }


@contextmanager
def replica(env: dict[str, str], log: Path) -> Iterator[httpx.Client]:
    """`roadlaw serve` on a free port, until the block ends; a client for it."""
    port = closed_port()
    with log.open("w") as output:
        server = subprocess.Popen(
            [sys.executable, "-m", "roadlaw", "serve", "--port", str(port), "--log-level", "warning"],
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    client = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30)
    try:
        ends = time.monotonic() + 60
        while True:
            assert server.poll() is None, log.read_text()
            try:
                if client.get("/healthz").json() == {"status": "ok"}:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < ends, log.read_text()
            time.sleep(0.1)
        yield client
    finally:
        client.close()
        server.terminate()
        server.wait(30)


def ask(client: httpx.Client, learner: str, question: str, thread: str | None = None) -> httpx.Response:
    body = {"state": "MD", "question": question, **({"thread": thread} if thread else {})}
    return client.post("/api/ask", json=body, headers={"x-forwarded-for": learner})


def test_two_replicas_share_threads_the_rate_limit_and_a_rebuild(
    pg_url: str, built_home: Path, sources: Path, tmp_path: Path
) -> None:
    # Maryland as a build that left out its manual: its cards and quotes only.
    built = Store(built_home)
    store = PostgresStore(pg_url)
    copy_store(built, store, ["MD"])
    without_manual = [law for law in built.laws_of("MD") if law.origin != "manual"]
    manual = {law.id for law in built.laws_of("MD") if law.origin == "manual"}
    full = built.manifest("MD")
    assert full is not None and len(without_manual) < full.laws
    store.replace_state(
        "MD", without_manual, source=full.sources, cards_sha256=full.cards_sha256, sources_sha256=full.sources_sha256
    )
    env = environment(pg_url, tmp_path / "home", sources)
    with ExitStack() as replicas:
        one = replicas.enter_context(replica(env, tmp_path / "one.log"))
        two = replicas.enter_context(replica(env, tmp_path / "two.log"))

        # A thread started on one replica is continued on the other, which reads its first turn.
        first = ask(one, "198.51.100.1", HYDRANT)
        assert first.status_code == 200, first.text
        thread = first.json()["thread"]
        follow = ask(two, "198.51.100.1", "do I have to wear a seat belt", thread)
        assert follow.status_code == 200 and follow.json()["thread"] == thread and follow.json()["logged"]
        page = two.get("/", params={"thread": thread})
        assert HYDRANT in page.text and "do I have to wear a seat belt" in page.text

        # The rate limit counts both: PER_MINUTE questions from one learner, across the two, then 429 on either.
        asked = [ask(server, "203.0.113.7", HYDRANT).status_code for server in (one, two) * (PER_MINUTE // 2)]
        assert asked == [200] * PER_MINUTE
        refused = [ask(server, "203.0.113.7", HYDRANT) for server in (one, two)]
        assert [each.status_code for each in refused] == [429, 429]
        assert all(int(each.headers["retry-after"]) >= 1 for each in refused)
        assert ask(two, "203.0.113.8", HYDRANT).status_code == 200  # another learner is not held back

        # A build beside them: each reads the rebuilt laws on its next question.
        before = store.turns(limit=100)
        assert not manual & {law for turn in before for law in turn["retrieved"]}  # type: ignore[attr-defined]
        done = subprocess.run(
            [sys.executable, "-m", "roadlaw", "build", "--state", "MD", "--sources", str(sources)],
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        assert done.returncode == 0 and "built 1 of 1" in done.stdout, done.stderr
        rebuilt = store.manifest("MD")
        assert rebuilt is not None and rebuilt.sha256 == rows_digest(built.laws_of("MD"))
        for number, server in enumerate((one, two)):
            answered = ask(server, f"192.0.2.{number + 1}", HYDRANT)
            assert answered.status_code == 200 and answered.json()["logged"]
            [turn] = store.turns(limit=1)
            assert manual & set(turn["retrieved"]), turn["retrieved"]  # type: ignore[call-overload]
    # Every question answered was logged in the one database: 2 in the thread, 5 from the others, 2 after the build.
    assert len(store.turns(limit=100)) == 2 + PER_MINUTE + 1 + 2
    assert [turn["question"] for turn in store.turns(thread=thread)] == [HYDRANT, "do I have to wear a seat belt"]
    store.close()
