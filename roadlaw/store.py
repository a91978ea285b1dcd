"""The table: every state's laws, their manifest, the log of turns and threads.

One SQLite database in the data folder. A state's rows are replaced in one
transaction, so a build that fails half-way leaves the rows it would have
replaced. The schema grows by numbered migrations, each applied once.

A web worker asks from many threads at once through one Store: each call holds
the connection under a short lock of its own, so two threads' statements never
interleave in one transaction, and nothing else (a model call) is ever held under it.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from roadlaw.corpus import Law
from roadlaw.errors import StoreError
from roadlaw.settings import default_home


def data_home(explicit: str | Path | None = None) -> Path:
    """The data folder: the one given (Settings.data_home at the edges), else the user's data directory."""
    return Path(explicit) if explicit else default_home()


def _m1_laws(db: sqlite3.Connection) -> None:
    db.executescript(
        """
        CREATE TABLE laws (
            id TEXT PRIMARY KEY,
            state TEXT NOT NULL,
            kind TEXT NOT NULL,
            law TEXT NOT NULL,
            question TEXT NOT NULL,
            citation TEXT NOT NULL,
            url TEXT NOT NULL,
            page INTEGER,
            origin TEXT NOT NULL,
            source TEXT NOT NULL,
            read_at TEXT NOT NULL
        );
        CREATE INDEX laws_by_state ON laws (state, id);
        CREATE TABLE manifest (
            state TEXT PRIMARY KEY,
            laws INTEGER NOT NULL,
            sha256 TEXT NOT NULL,
            cards_sha256 TEXT NOT NULL,
            sources_sha256 TEXT NOT NULL,
            sources TEXT NOT NULL,
            built_at TEXT NOT NULL
        );
        """
    )


def _m2_log(db: sqlite3.Connection) -> None:
    db.executescript(
        """
        CREATE TABLE threads (
            id TEXT PRIMARY KEY,
            state TEXT NOT NULL,
            created_at TEXT NOT NULL
        );
        CREATE TABLE turns (
            n INTEGER PRIMARY KEY AUTOINCREMENT,
            at TEXT NOT NULL,
            state TEXT NOT NULL,
            thread TEXT,
            question TEXT NOT NULL,
            retrieved TEXT NOT NULL,
            reply TEXT,
            failed TEXT,
            verdict TEXT NOT NULL,
            shown TEXT NOT NULL,
            timings TEXT NOT NULL,
            notes TEXT NOT NULL
        );
        CREATE INDEX turns_by_thread ON turns (thread, n);
        """
    )


MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_m1_laws, _m2_log]


def now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def rows_digest(laws: Iterable[Law]) -> str:
    """One hash over every law's id and text, in id order: what the table holds for a state."""
    digest = hashlib.sha256()
    for law in sorted(laws, key=lambda each: each.id):
        digest.update(f"{law.id}\x00{law.law}\x00{law.question}\x00{law.citation}\x01".encode())
    return digest.hexdigest()


@dataclass(frozen=True)
class StateManifest:
    """What a state's rows were built from, recorded when they were built."""

    state: str
    laws: int
    sha256: str
    cards_sha256: str
    sources_sha256: str
    sources: str
    built_at: str


def _law_from(row: sqlite3.Row) -> Law:
    return Law(
        id=row["id"],
        state=row["state"],
        kind=row["kind"],
        law=row["law"],
        question=row["question"],
        citation=row["citation"],
        url=row["url"],
        page=row["page"],
        origin=row["origin"],
    )


class Store:
    """The database in the data folder."""

    def __init__(self, home: str | Path | None = None) -> None:
        self.home = data_home(home)
        self.path = self.home / "roadlaw.db"
        self._lock = threading.RLock()
        try:
            self.home.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(self.path, timeout=30, check_same_thread=False)
            self.db.row_factory = sqlite3.Row
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA busy_timeout=30000")
            # With WAL, NORMAL never corrupts the file; a power cut may lose the last turns logged,
            # and each turn no longer waits for a sync to disk (measured: 3-4 ms a commit).
            self.db.execute("PRAGMA synchronous=NORMAL")
            self._migrate()
        except (OSError, sqlite3.Error) as error:
            raise StoreError(
                f"cannot use the data folder {self.home} ({error}); make it writable or set ROADLAW_HOME"
            ) from None

    def _migrate(self) -> None:
        version = self.db.execute("PRAGMA user_version").fetchone()[0]
        for number, migration in enumerate(MIGRATIONS, start=1):
            if number > version:
                with self.db:
                    migration(self.db)
                    self.db.execute(f"PRAGMA user_version = {number}")

    def close(self) -> None:
        with self._lock:
            self.db.close()

    def _rows(self, sql: str, params: tuple[object, ...] = ()) -> list[sqlite3.Row]:
        """Every row of one query, read whole under the connection's lock."""
        with self._lock:
            return self.db.execute(sql, params).fetchall()

    # The laws and their manifest.

    def replace_state(
        self, state: str, laws: list[Law], *, source: str, cards_sha256: str, sources_sha256: str
    ) -> StateManifest:
        """Put `laws` in place of the state's rows, and record what they were built from, atomically."""
        read_at = now()
        manifest = StateManifest(
            state=state,
            laws=len(laws),
            sha256=rows_digest(laws),
            cards_sha256=cards_sha256,
            sources_sha256=sources_sha256,
            sources=source,
            built_at=read_at,
        )
        with self._lock, self.db:
            self.db.execute("DELETE FROM laws WHERE state = ?", (state,))
            self.db.executemany(
                "INSERT INTO laws VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                [
                    (law.id, state, law.kind, law.law, law.question, law.citation, law.url,
                     law.page, law.origin, source if law.origin != "card" else "cards", read_at)
                    for law in laws
                ],
            )  # fmt: skip
            self.db.execute(
                "INSERT OR REPLACE INTO manifest VALUES (?,?,?,?,?,?,?)",
                (state, manifest.laws, manifest.sha256, cards_sha256, sources_sha256, source, read_at),
            )
        return manifest

    def laws_of(self, state: str) -> list[Law]:
        return [_law_from(row) for row in self._rows("SELECT * FROM laws WHERE state = ? ORDER BY id", (state,))]

    def law(self, ident: str) -> Law | None:
        rows = self._rows("SELECT * FROM laws WHERE id = ?", (ident,))
        return _law_from(rows[0]) if rows else None

    def manifest(self, state: str) -> StateManifest | None:
        rows = self._rows("SELECT * FROM manifest WHERE state = ?", (state,))
        return StateManifest(**dict(rows[0])) if rows else None

    def manifests(self) -> list[StateManifest]:
        return [StateManifest(**dict(row)) for row in self._rows("SELECT * FROM manifest ORDER BY state")]

    # Threads and the log.

    def open_thread(self, thread: str, state: str) -> None:
        """Make `thread` if new; a thread belongs to the state it was opened for."""
        with self._lock, self.db:
            self.db.execute("INSERT OR IGNORE INTO threads VALUES (?,?,?)", (thread, state, now()))

    def thread_state(self, thread: str) -> str | None:
        rows = self._rows("SELECT state FROM threads WHERE id = ?", (thread,))
        return str(rows[0]["state"]) if rows else None

    def log_turn(self, record: dict[str, object]) -> int:
        """Append one turn; returns its number."""
        values = (
            record.get("at") or now(),
            record["state"],
            record.get("thread"),
            record["question"],
            json.dumps(record.get("retrieved", [])),
            json.dumps(record.get("reply")) if record.get("reply") is not None else None,
            record.get("failed"),
            record["verdict"],
            json.dumps(record["shown"]),
            json.dumps(record.get("timings", {})),
            json.dumps(record.get("notes", [])),
        )
        with self._lock, self.db:
            if record.get("thread") is not None:
                # The thread and its turn in one transaction: one commit a question.
                self.db.execute(
                    "INSERT OR IGNORE INTO threads VALUES (?,?,?)", (record["thread"], record["state"], now())
                )
            cursor = self.db.execute(
                "INSERT INTO turns (at, state, thread, question, retrieved, reply, failed, verdict,"
                " shown, timings, notes) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                values,
            )
        return int(cursor.lastrowid or 0)

    def turns(self, *, thread: str | None = None, limit: int = 20) -> list[dict[str, object]]:
        """Recent turns, oldest first; a thread's turns are all of them, in order."""
        if thread is not None:
            rows = self._rows("SELECT * FROM turns WHERE thread = ? ORDER BY n", (thread,))
        else:
            rows = self._rows("SELECT * FROM turns ORDER BY n DESC LIMIT ?", (limit,))[::-1]
        decoded: list[dict[str, object]] = []
        for row in rows:
            item = dict(row)
            for key in ("retrieved", "reply", "shown", "timings", "notes"):
                if item[key] is not None:
                    item[key] = json.loads(item[key])
            decoded.append(item)
        return decoded
