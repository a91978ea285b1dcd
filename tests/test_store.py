from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from roadlaw.corpus import Law
from roadlaw.store import MIGRATIONS, Store, rows_digest


def law(ident: str, text: str = "Stop.") -> Law:
    return Law(ident, "MD", "statute", text, "Stop?", f'Code — "{text}"', "https://x.example")


def test_replacing_a_state_is_all_or_nothing(tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.replace_state("MD", [law("MD-S01"), law("MD-S02")], source="cards", cards_sha256="c", sources_sha256="s")
    before = store.laws_of("MD")
    with pytest.raises(sqlite3.IntegrityError):
        store.replace_state("MD", [law("MD-S03"), law("MD-S03")], source="cards", cards_sha256="c", sources_sha256="s")
    assert store.laws_of("MD") == before
    assert store.manifest("MD").sha256 == rows_digest(before)  # type: ignore[union-attr]


def test_the_rows_digest_sees_every_change() -> None:
    assert rows_digest([law("MD-S01")]) != rows_digest([law("MD-S01", "Go.")])
    assert rows_digest([law("MD-S01"), law("MD-S02")]) == rows_digest([law("MD-S02"), law("MD-S01")])


def test_migrations_run_once_and_the_log_reads_back(tmp_path: Path) -> None:
    Store(tmp_path).log_turn({"state": "MD", "question": "q", "verdict": "shown", "shown": {"answer": "a"}})
    store = Store(tmp_path)
    assert store.db.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS) == 3
    [turn] = store.turns()
    assert turn["shown"] == {"answer": "a"} and turn["retrieved"] == []
