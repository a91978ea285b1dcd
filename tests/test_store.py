"""The store, on SQLite and on a real PostgreSQL alike (`any_store`): the same tables, the same answers."""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
import pytest

from roadlaw.corpus import Law
from roadlaw.errors import BadIndex, StoreError
from roadlaw.postgres import MIGRATIONS as PG_MIGRATIONS
from roadlaw.retrieval.index import Index, IndexTable, index_place
from roadlaw.settings import Settings
from roadlaw.store import MIGRATIONS, THREAD_MEMORY, Database, Store, rows_digest, store_at
from roadlaw.web.limits import RateLimit


def law(ident: str, text: str = "Stop.") -> Law:
    return Law(ident, "MD", "statute", text, "Stop?", f'Code — "{text}"', "https://x.example")


def test_replacing_a_state_is_all_or_nothing(any_store: Database) -> None:
    store = any_store
    store.replace_state("MD", [law("MD-S01"), law("MD-S02")], source="cards", cards_sha256="c", sources_sha256="s")
    before = store.laws_of("MD")
    with pytest.raises(StoreError):
        store.replace_state("MD", [law("MD-S03"), law("MD-S03")], source="cards", cards_sha256="c", sources_sha256="s")
    assert store.laws_of("MD") == before
    assert store.manifest("MD").sha256 == rows_digest(before)  # type: ignore[union-attr]


def test_the_rows_digest_sees_every_change() -> None:
    assert rows_digest([law("MD-S01")]) != rows_digest([law("MD-S01", "Go.")])
    assert rows_digest([law("MD-S01"), law("MD-S02")]) == rows_digest([law("MD-S02"), law("MD-S01")])


def test_migrations_run_once_and_the_log_reads_back(tmp_path: Path) -> None:
    Store(tmp_path).log_turn({"state": "MD", "question": "q", "verdict": "shown", "shown": {"answer": "a"}})
    store = Store(tmp_path)
    assert store.db.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS) == 4
    [turn] = store.turns()
    assert turn["shown"] == {"answer": "a"} and turn["retrieved"] == []


def test_both_stores_reach_the_same_migration_level_once(any_store: Database, tmp_path: Path) -> None:
    assert len(PG_MIGRATIONS) == len(MIGRATIONS)
    assert any_store.level() == any_store.latest == len(MIGRATIONS)
    again = store_at(
        any_store.where if any_store.kind == "sqlite" else any_store.pool.conninfo,  # type: ignore[attr-defined]
        Settings(home=tmp_path / "again"),
    )
    assert again.level() == len(MIGRATIONS) and again.kind == any_store.kind
    again.close()


def test_laws_come_back_in_the_order_python_sorts_their_ids(any_store: Database) -> None:
    # A server whose collation follows a locale would put "MD-a" before "MD-B"; the index's rows follow this order.
    ids = ["MD-a", "MD-B", "MD-_", "MD-Z9", "MD-é"]
    any_store.replace_state("MD", [law(each) for each in ids], source="s", cards_sha256="c", sources_sha256="s")
    assert [each.id for each in any_store.laws_of("MD")] == sorted(ids)
    assert [row[0] for row in any_store.law_rows("MD")] == sorted(ids)


def test_the_log_and_threads_read_back_alike(any_store: Database) -> None:
    store = any_store
    first = store.log_turn(
        {"state": "MD", "thread": "t1", "origin": "web", "question": "q1", "verdict": "shown",
         "shown": {"answer": "a1", "sources": ["MD-S01"]}, "retrieved": ["MD-S01"], "reply": {"scope": "road-law"}}
    )  # fmt: skip
    second = store.log_turn({"state": "MD", "thread": "t1", "question": "q2", "verdict": "shown", "shown": {}})
    assert first is not None and second is not None and second > first
    assert store.thread_of("t1") == ("MD", "web") and store.thread_state("t1", origin="cli") is None
    assert [turn["question"] for turn in store.turns(thread="t1")] == ["q1", "q2"]
    [one, two] = store.turns()
    assert one["reply"] == {"scope": "road-law"} and one["retrieved"] == ["MD-S01"] and two["reply"] is None


def test_redacted_threads_forget_their_words_and_prune_deletes_old_turns(any_store: Database) -> None:
    store = any_store
    store.log_turn({"state": "MD", "thread": "t", "question": "secret", "verdict": "shown",
                    "shown": {"answer": "words"}}, mode="redacted")  # fmt: skip
    assert store.turns(thread="t")[0]["question"] == "secret"
    store.clock = lambda: time.time() + THREAD_MEMORY + 60
    assert store.forget_due() == 1
    [turn] = store.turns()
    assert turn["question"] == "" and turn["redacted"] == 1 and store.turns(thread="t") == []
    assert store.prune(0) == (1, 1)
    assert store.turns() == [] and store.thread_of("t") is None


def test_a_state_is_copied_as_it_was_built(any_store: Database, tmp_path: Path) -> None:
    source = Store(tmp_path / "source")
    built = source.replace_state("MD", [law("MD-S01"), law("MD-M01", "Go.")], source="m", cards_sha256="c",
                                 sources_sha256="s")  # fmt: skip
    any_store.put_state(built, source.law_rows("MD"))
    assert any_store.manifest("MD") == built and any_store.law_rows("MD") == source.law_rows("MD")
    assert any_store.laws_of("MD") == source.laws_of("MD")


def test_the_rate_limits_bucket_is_spent_and_refilled_in_the_store(any_store: Database) -> None:
    at = 1_000_000.0
    assert [any_store.spend_token("203.0.113.9", 3, at) for _ in range(3)] == [0.0, 0.0, 0.0]
    wait = any_store.spend_token("203.0.113.9", 3, at)
    assert wait == pytest.approx(20.0)  # a token every 20 s at 3 a minute
    assert any_store.spend_token("198.51.100.1", 3, at) == 0.0  # another address has its own bucket
    assert any_store.spend_token("203.0.113.9", 3, at + 20.0) == 0.0
    assert any_store.forget_full_buckets(at + 10) == 1  # the other address's, untouched since `at`


def test_two_workers_on_one_store_count_one_limit(any_store: Database, tmp_path: Path) -> None:
    # Each worker process opens the store for itself: two opened here stand for two workers (or two replicas).
    other = store_at(
        any_store.where if any_store.kind == "sqlite" else any_store.pool.conninfo,  # type: ignore[attr-defined]
        Settings(home=tmp_path / "other"),
    )
    one, two = RateLimit(3, shared=any_store), RateLimit(3, shared=other)
    assert [one.wait("203.0.113.9"), two.wait("203.0.113.9"), one.wait("203.0.113.9")] == [0.0, 0.0, 0.0]
    assert two.wait("203.0.113.9") > 0 and one.wait("203.0.113.9") > 0
    other.close()


def test_an_index_saved_in_postgresql_reads_back_and_its_stamp_changes(any_store: Database) -> None:
    place = index_place(any_store)
    assert isinstance(place, IndexTable) == (any_store.kind == "postgresql")
    vectors = np.arange(6, dtype=np.float32).reshape(3, 2) / 10
    assert place.signature("MD") is None
    with pytest.raises(BadIndex):
        place.load("MD")
    place.save("MD", Index(["MD-1", "MD-2", "MD-3"], vectors, "fake", 2, "abc"))
    first = place.signature("MD")
    loaded = place.load("MD")
    assert loaded.ids == ["MD-1", "MD-2", "MD-3"] and loaded.sha256 == "abc" and loaded.embedder == "fake"
    assert np.array_equal(loaded.vectors, vectors) and loaded.vectors.dtype == np.float32
    place.save("MD", Index(["MD-1", "MD-2", "MD-3"], vectors * 2, "fake", 2, "abc"))
    assert place.signature("MD") not in (None, first)


def test_a_store_named_by_a_url_it_cannot_use_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="give postgresql://"):
        store_at("mysql://somewhere/db", Settings())
    # A port nothing listens on: refused at once, said without the password.
    with pytest.raises(StoreError, match="cannot reach the database") as caught:
        store_at("postgresql://me:hunter2@127.0.0.1:1/roadlaw", Settings(home=tmp_path))
    assert "hunter2" not in str(caught.value) and "me@127.0.0.1:1/roadlaw" in str(caught.value)
