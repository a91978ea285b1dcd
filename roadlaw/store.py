"""The table: every state's laws, their manifest, the log of turns and threads.

One SQLite database in the data folder. A state's rows are replaced in one
transaction, so a build that fails half-way leaves the rows it would have
replaced. The schema grows by numbered migrations, each applied once.

What the log keeps is ROADLAW_LOG's (`log_turn`'s `mode`):

    full       every turn, words and all, until `roadlaw log --prune`
    redacted   ids, verdicts and timings; no question's or answer's words
    off        nothing

A thread's follow-ups read its earlier turns, so under redacted and off a turn in a
thread keeps its words for THREAD_MEMORY after it is asked, and no longer: then
they are blanked (redacted) or the turn is deleted (off), on the next turn logged
or the next `roadlaw log`. Deleted and blanked words are overwritten in the file
(secure_delete). Threads have an origin: "cli" for a name given on the command
line, "web" for an id the web app minted; neither face can read the other's.

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


def _m3_privacy(db: sqlite3.Connection) -> None:
    db.executescript(
        """
        ALTER TABLE threads ADD COLUMN origin TEXT NOT NULL DEFAULT 'cli';
        -- The web app's ids were 22 url-safe characters it minted; any other name came from the command line.
        UPDATE threads SET origin = 'web' WHERE length(id) = 22 AND id NOT GLOB '*[^A-Za-z0-9_-]*';
        ALTER TABLE turns ADD COLUMN redacted INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE turns ADD COLUMN forget TEXT;
        ALTER TABLE turns ADD COLUMN forget_at TEXT;
        CREATE INDEX turns_to_forget ON turns (forget_at) WHERE forget_at IS NOT NULL;
        CREATE INDEX turns_by_time ON turns (at);
        """
    )


MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_m1_laws, _m2_log, _m3_privacy]

# Where a thread's name came from: given on the command line, or minted by the web app.
ORIGINS = ("cli", "web")

# How long a thread's turns keep their words under ROADLAW_LOG=redacted or off: a
# learner's follow-ups come within a study session, and an hour covers one.
THREAD_MEMORY = 3600.0

# A logged turn's parts that hold the learner's or an answer's words.
_WORDS_SHOWN = ("answer", "choices")


def now() -> str:
    return stamp(time.time())


def stamp(seconds: float) -> str:
    """A time as the log writes it: UTC to the second, so that stamps sort as text."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(seconds))


def without_words(record: dict[str, object]) -> dict[str, object]:
    """A turn as ROADLAW_LOG=redacted keeps it: its ids, verdict and timings, and no words.

    The verdict keeps its name ("figures no cited law states", "unreachable") and
    not what follows it, which may quote the answer.
    """
    reply = record.get("reply")
    shown = record.get("shown")
    return {
        **record,
        "question": "",
        "reply": {"scope": reply.get("scope"), "sources": reply.get("sources", [])}
        if isinstance(reply, dict)
        else None,
        "verdict": str(record.get("verdict", "")).split(":", 1)[0],
        "shown": {key: value for key, value in shown.items() if key not in _WORDS_SHOWN}
        if isinstance(shown, dict)
        else {},
    }


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


def _decoded(row: sqlite3.Row) -> dict[str, object]:
    """A turn's row with its JSON columns read."""
    item = dict(row)
    for key in ("retrieved", "reply", "shown", "timings", "notes"):
        if item[key] is not None:
            item[key] = json.loads(item[key])
    return item


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
        # The log's clock, in seconds since the epoch: a test's may run ahead.
        self.clock: Callable[[], float] = time.time
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
            # What is deleted or blanked (a pruned turn, a redacted question) is overwritten, not left in free pages.
            self.db.execute("PRAGMA secure_delete=ON")
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

    def open_thread(self, thread: str, state: str, origin: str = "cli") -> None:
        """Make `thread` if new; a thread belongs to the state it was opened for, and to its origin."""
        with self._lock, self.db:
            self.db.execute(
                "INSERT OR IGNORE INTO threads (id, state, created_at, origin) VALUES (?,?,?,?)",
                (thread, state, now(), origin),
            )

    def thread_of(self, thread: str) -> tuple[str, str] | None:
        """The state and origin of `thread`, or None when nobody opened it."""
        rows = self._rows("SELECT state, origin FROM threads WHERE id = ?", (thread,))
        row = rows[0] if rows else None
        return (row["state"], row["origin"]) if row else None

    def thread_state(self, thread: str, origin: str | None = None) -> str | None:
        """The state `thread` belongs to; with `origin`, only a thread of that origin has one."""
        found = self.thread_of(thread)
        if found is None or (origin is not None and found[1] != origin):
            return None
        return found[0]

    def log_turn(self, record: dict[str, object], *, mode: str = "full", memory: float = THREAD_MEMORY) -> int | None:
        """Append one turn as `mode` keeps it (see the module's note); its number, or None when nothing was kept.

        `record["origin"]` is its thread's origin ("cli" unless said).
        """
        forget: str | None = None
        forget_at: str | None = None
        redacted = False
        if mode != "full" and record.get("thread") is None:
            if mode == "off":
                self.forget_due()
                return None
            record, redacted = without_words(record), True
        elif mode != "full":
            # A thread's turn keeps its words while its follow-ups may come, then loses them.
            forget, forget_at = ("words" if mode == "redacted" else "turn"), stamp(self.clock() + memory)
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
            int(redacted),
            forget,
            forget_at,
        )
        try:
            with self._lock, self.db:
                if record.get("thread") is not None:
                    # The thread and its turn in one transaction: one commit a question.
                    self.db.execute(
                        "INSERT OR IGNORE INTO threads (id, state, created_at, origin) VALUES (?,?,?,?)",
                        (record["thread"], record["state"], now(), record.get("origin") or "cli"),
                    )
                cursor = self.db.execute(
                    "INSERT INTO turns (at, state, thread, question, retrieved, reply, failed, verdict,"
                    " shown, timings, notes, redacted, forget, forget_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    values,
                )
        except sqlite3.Error as error:
            raise StoreError(f"the log in {self.path} cannot be written ({error})") from None
        if mode != "full":
            self.forget_due()
        return int(cursor.lastrowid or 0)

    def forget_due(self) -> int:
        """Blank or delete the thread turns whose time is up (ROADLAW_LOG=redacted or off); how many."""
        try:
            with self._lock:
                return self._forget_due()
        except sqlite3.Error as error:
            raise StoreError(f"the log in {self.path} cannot be written ({error})") from None

    def _forget_due(self) -> int:
        at = stamp(self.clock())
        due = self.db.execute(
            "SELECT * FROM turns WHERE forget_at IS NOT NULL AND forget_at <= ? ORDER BY n", (at,)
        ).fetchall()
        if not due:
            return 0
        with self.db:
            for row in due:
                if row["forget"] == "turn":
                    self.db.execute("DELETE FROM turns WHERE n = ?", (row["n"],))
                    continue
                kept = without_words(_decoded(row))
                self.db.execute(
                    "UPDATE turns SET question = ?, reply = ?, verdict = ?, shown = ?, redacted = 1,"
                    " forget = NULL, forget_at = NULL WHERE n = ?",
                    (
                        kept["question"],
                        json.dumps(kept["reply"]) if kept["reply"] is not None else None,
                        kept["verdict"],
                        json.dumps(kept["shown"]),
                        row["n"],
                    ),
                )
            self._forget_empty_threads()
        return len(due)

    def prune(self, older_than: float) -> tuple[int, int]:
        """Delete the turns logged more than `older_than` seconds ago, and the threads left with none."""
        cutoff = stamp(self.clock() - older_than)
        try:
            with self._lock, self.db:
                turns = self.db.execute("DELETE FROM turns WHERE at < ?", (cutoff,)).rowcount
                threads = self._forget_empty_threads()
            # The write-ahead log still holds the deleted pages as they were: fold it in and empty it.
            self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except sqlite3.Error as error:
            raise StoreError(f"the log in {self.path} cannot be written ({error})") from None
        return turns, threads

    def _forget_empty_threads(self) -> int:
        """Delete the threads that have no turn left: each was opened with its first."""
        return int(
            self.db.execute(
                "DELETE FROM threads WHERE NOT EXISTS (SELECT 1 FROM turns WHERE turns.thread = threads.id)"
            ).rowcount
        )

    def unwritable(self) -> str | None:
        """Why the database cannot be written (read-only, say), or None when it can.

        A write begun and rolled back: the header's version set to itself is a
        write SQLite refuses on a read-only file, and changes nothing when allowed.
        """
        version = int(self.db.execute("PRAGMA user_version").fetchone()[0])
        try:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                self.db.execute(f"PRAGMA user_version = {version}")
            finally:
                self.db.rollback()
        except sqlite3.Error as error:
            return str(error)
        return None

    def turns(self, *, thread: str | None = None, limit: int = 20) -> list[dict[str, object]]:
        """Recent turns, oldest first; a thread's turns are the ones it remembers, in order.

        A thread remembers the turns that still have their words: not a redacted one,
        nor one whose time to be forgotten has come, blanked yet or not.
        """
        if thread is not None:
            rows = self._rows(
                "SELECT * FROM turns WHERE thread = ? AND redacted = 0 AND (forget_at IS NULL OR forget_at > ?)"
                " ORDER BY n",
                (thread, stamp(self.clock())),
            )
        else:
            rows = self._rows("SELECT * FROM turns ORDER BY n DESC LIMIT ?", (limit,))[::-1]
        return [_decoded(row) for row in rows]
