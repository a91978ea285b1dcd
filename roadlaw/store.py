"""The table: every state's laws, their manifest, the log of turns and threads, the rate limit's counts.

Two stores behind one seam (`Database`), chosen by ROADLAW_DATABASE_URL (`open_store`):

    Store           one SQLite file in the data folder, the index beside it in files (the default)
    PostgresStore   a PostgreSQL database shared by every replica, the index in it too (roadlaw.postgres)

Both hold the same tables, grown by the same numbered migrations, each applied once;
everything below that is written once here, in SQL both read alike. A state's rows are
replaced in one transaction, so a build that fails half-way leaves the rows it would have
replaced. This module is one piece over 400 lines because the log's rules (below) are
the seam's, and each store only says how it runs a statement.

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

A web worker asks from many threads at once through one store: SQLite's one connection
is held under a short lock per call, so two threads' statements never interleave in
one transaction; PostgreSQL's calls each take a connection from a pool. Nothing else
(a model call) is ever held under either.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import urlsplit, urlunsplit

from roadlaw.corpus import Law
from roadlaw.errors import StoreError
from roadlaw.settings import Settings, default_home


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


def _m4_shared(db: sqlite3.Connection) -> None:
    # The rate limit's buckets, shared by every worker on the file. (PostgreSQL's fourth
    # migration adds the index's table too; here the index lives in files beside the database.)
    db.executescript(
        """
        CREATE TABLE limits (
            key TEXT PRIMARY KEY,
            tokens REAL NOT NULL,
            at REAL NOT NULL,
            granted INTEGER NOT NULL
        );
        """
    )


MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_m1_laws, _m2_log, _m3_privacy, _m4_shared]

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


Row = Mapping[str, Any]


class Cursor(Protocol):
    """What a statement run in a transaction gives back: sqlite3's cursor and psycopg's alike."""

    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...


class Writer(Protocol):
    """A transaction's statements, their parameters written `?` whatever the store."""

    def execute(self, sql: str, params: Sequence[object] = ()) -> Cursor: ...

    def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> object: ...


def _decoded(row: Row) -> dict[str, object]:
    """A turn's row with its JSON columns read."""
    item = dict(row)
    for key in ("retrieved", "reply", "shown", "timings", "notes"):
        if item[key] is not None:
            item[key] = json.loads(item[key])
    return item


def _law_from(row: Row) -> Law:
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


def bare_url(url: str) -> str:
    """A database's address without its password (nor any query it carries): safe to print."""
    parts = urlsplit(url)
    user = f"{parts.username}@" if parts.username else ""
    host = parts.hostname or ""
    netloc = f"{user}{host}:{parts.port}" if parts.port else f"{user}{host}"
    return urlunsplit((parts.scheme, netloc, parts.path, "", ""))


# A law's row as the table holds it, every column in order (for copying a table between stores).
LAW_COLUMNS = ("id", "state", "kind", "law", "question", "citation", "url", "page", "origin", "source", "read_at")
# A turn's columns but its number, which the store it is copied to gives it afresh.
TURN_COLUMNS = (
    "at", "state", "thread", "question", "retrieved", "reply", "failed", "verdict", "shown", "timings", "notes",
    "redacted", "forget", "forget_at",
)  # fmt: skip


class Database(ABC):
    """The tables behind the app, whichever engine holds them; each store says how it runs a statement."""

    # "sqlite" or "postgresql", as `roadlaw doctor` says it.
    kind: str
    home: Path
    # Where the tables are, safe to print: the file, or the address without its password.
    where: str
    # Whether the index's vectors are kept here (PostgreSQL) rather than in files in the data folder.
    holds_vectors = False
    # The SQL of the smaller and the larger of two numbers, as the engine spells it.
    _least = "min"
    _greatest = "max"
    # A statement that makes the transaction it opens durable on commit, when the engine's default is not.
    _durably = ""

    def __init__(self) -> None:
        # The log's clock, in seconds since the epoch: a test's may run ahead.
        self.clock: Callable[[], float] = time.time

    # What each store says: how it reads, writes, and what its errors are.

    @abstractmethod
    def _read(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        """Every row of one query, or StoreError."""

    @abstractmethod
    def _writing(self) -> Any:
        """A context manager: one transaction (a Writer), committed as it ends, or StoreError and nothing written."""

    @abstractmethod
    def level(self) -> int:
        """How many of the numbered migrations the tables have."""

    @property
    @abstractmethod
    def latest(self) -> int:
        """How many numbered migrations there are."""

    @abstractmethod
    def close(self) -> None: ...

    @abstractmethod
    def unwritable(self) -> str | None:
        """Why the tables cannot be written (read-only, say), or None when they can."""

    @abstractmethod
    def ping(self) -> str | None:
        """Why the tables cannot be reached right now, or None when they can (one cheap query)."""

    @abstractmethod
    def _pruned(self) -> None:
        """After old turns are deleted: whatever the engine needs to let go of their words."""

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
        rows = [
            (law.id, state, law.kind, law.law, law.question, law.citation, law.url,
             law.page, law.origin, source if law.origin != "card" else "cards", read_at)
            for law in laws
        ]  # fmt: skip
        self.put_state(manifest, rows)
        return manifest

    def put_state(self, manifest: StateManifest, rows: Sequence[Sequence[object]]) -> None:
        """The state's rows (LAW_COLUMNS each) and manifest as given, in place of what it held, in one transaction."""
        with self._writing() as db:
            if self._durably:
                db.execute(self._durably)
            db.execute("DELETE FROM laws WHERE state = ?", (manifest.state,))
            db.executemany("INSERT INTO laws VALUES (?,?,?,?,?,?,?,?,?,?,?)", rows)
            db.execute(
                "INSERT INTO manifest VALUES (?,?,?,?,?,?,?) ON CONFLICT (state) DO UPDATE SET laws = excluded.laws,"
                " sha256 = excluded.sha256, cards_sha256 = excluded.cards_sha256,"
                " sources_sha256 = excluded.sources_sha256, sources = excluded.sources, built_at = excluded.built_at",
                (manifest.state, manifest.laws, manifest.sha256, manifest.cards_sha256, manifest.sources_sha256,
                 manifest.sources, manifest.built_at),
            )  # fmt: skip

    def law_rows(self, state: str) -> list[tuple[object, ...]]:
        """The state's rows as the table holds them (LAW_COLUMNS each), by id."""
        rows = self._read(f"SELECT {', '.join(LAW_COLUMNS)} FROM laws WHERE state = ? ORDER BY id", (state,))
        return [tuple(row[column] for column in LAW_COLUMNS) for row in rows]

    def laws_of(self, state: str) -> list[Law]:
        return [_law_from(row) for row in self._read("SELECT * FROM laws WHERE state = ? ORDER BY id", (state,))]

    def law(self, ident: str) -> Law | None:
        rows = self._read("SELECT * FROM laws WHERE id = ?", (ident,))
        return _law_from(rows[0]) if rows else None

    def manifest(self, state: str) -> StateManifest | None:
        rows = self._read("SELECT * FROM manifest WHERE state = ?", (state,))
        return StateManifest(**dict(rows[0])) if rows else None

    def manifests(self) -> list[StateManifest]:
        return [StateManifest(**dict(row)) for row in self._read("SELECT * FROM manifest ORDER BY state")]

    # Threads and the log.

    def open_thread(self, thread: str, state: str, origin: str = "cli") -> None:
        """Make `thread` if new; a thread belongs to the state it was opened for, and to its origin."""
        with self._writing() as db:
            db.execute(
                "INSERT INTO threads (id, state, created_at, origin) VALUES (?,?,?,?) ON CONFLICT DO NOTHING",
                (thread, state, now(), origin),
            )

    def thread_of(self, thread: str) -> tuple[str, str] | None:
        """The state and origin of `thread`, or None when nobody opened it."""
        rows = self._read("SELECT state, origin FROM threads WHERE id = ?", (thread,))
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
        thread = (
            (record["thread"], record["state"], now(), record.get("origin") or "cli")
            if record.get("thread") is not None
            else None
        )
        number = self._append_turn(thread, values)
        if mode != "full":
            self.forget_due()
        return number

    def _append_turn(self, thread: Sequence[object] | None, values: Sequence[object]) -> int:
        """The turn (TURN_COLUMNS) appended, and its thread (id, state, created_at, origin) opened if new; its number."""
        with self._writing() as db:
            if thread is not None:
                # The thread and its turn in one transaction: one commit a question.
                db.execute(
                    "INSERT INTO threads (id, state, created_at, origin) VALUES (?,?,?,?) ON CONFLICT DO NOTHING",
                    thread,
                )
            number = db.execute(
                f"INSERT INTO turns ({', '.join(TURN_COLUMNS)}) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?) RETURNING n",
                values,
            ).fetchall()[0]["n"]
        return int(number or 0)

    def forget_due(self) -> int:
        """Blank or delete the thread turns whose time is up (ROADLAW_LOG=redacted or off); how many."""
        at = stamp(self.clock())
        with self._writing() as db:
            due = db.execute(
                "SELECT * FROM turns WHERE forget_at IS NOT NULL AND forget_at <= ? ORDER BY n", (at,)
            ).fetchall()
            if not due:
                return 0
            for row in due:
                if row["forget"] == "turn":
                    db.execute("DELETE FROM turns WHERE n = ?", (row["n"],))
                    continue
                kept = without_words(_decoded(row))
                db.execute(
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
            _forget_empty_threads(db)
        return len(due)

    def prune(self, older_than: float) -> tuple[int, int]:
        """Delete the turns logged more than `older_than` seconds ago, and the threads left with none."""
        cutoff = stamp(self.clock() - older_than)
        with self._writing() as db:
            turns = db.execute("DELETE FROM turns WHERE at < ?", (cutoff,)).rowcount
            threads = _forget_empty_threads(db)
        self._pruned()
        return turns, threads

    def turns(self, *, thread: str | None = None, limit: int = 20) -> list[dict[str, object]]:
        """Recent turns, oldest first; a thread's turns are the ones it remembers, in order.

        A thread remembers the turns that still have their words: not a redacted one,
        nor one whose time to be forgotten has come, blanked yet or not.
        """
        if thread is not None:
            rows = self._read(
                "SELECT * FROM turns WHERE thread = ? AND redacted = 0 AND (forget_at IS NULL OR forget_at > ?)"
                " ORDER BY n",
                (thread, stamp(self.clock())),
            )
        else:
            rows = self._read("SELECT * FROM turns ORDER BY n DESC LIMIT ?", (limit,))[::-1]
        return [_decoded(row) for row in rows]

    def log_rows(self) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
        """Every thread (id, state, created_at, origin) and every turn (TURN_COLUMNS), in order: for copying."""
        threads = self._read("SELECT id, state, created_at, origin FROM threads ORDER BY id")
        turns = self._read(f"SELECT {', '.join(TURN_COLUMNS)} FROM turns ORDER BY n")
        return (
            [tuple(row[column] for column in ("id", "state", "created_at", "origin")) for row in threads],
            [tuple(row[column] for column in TURN_COLUMNS) for row in turns],
        )

    def add_log(self, threads: Sequence[Sequence[object]], turns: Sequence[Sequence[object]]) -> None:
        """Append threads and turns as `log_rows` gives them (a thread already here is kept), in one transaction."""
        with self._writing() as db:
            db.executemany(
                "INSERT INTO threads (id, state, created_at, origin) VALUES (?,?,?,?) ON CONFLICT DO NOTHING", threads
            )
            db.executemany(f"INSERT INTO turns ({', '.join(TURN_COLUMNS)}) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)", turns)

    # The rate limit's buckets, shared by every worker and replica on these tables.

    def spend_token(self, key: str, per_minute: int, at: float) -> float:
        """0 when `key` may ask at `at` (seconds since the epoch), and its question is counted; else the seconds to wait.

        A token bucket of `per_minute` tokens refilled evenly over the minute, read and
        spent in one statement, so two workers (or replicas) asking at once both count.
        """
        rate = per_minute / 60.0
        # The bucket refilled since it was last touched; a clock behind another replica's refills nothing.
        refilled = f"{self._least}(?, limits.tokens + {self._greatest}(0, excluded.at - limits.at) * ?)"
        row = self._spend(
            "INSERT INTO limits (key, tokens, at, granted) VALUES (?,?,?,1) ON CONFLICT (key) DO UPDATE SET"
            f" tokens = CASE WHEN {refilled} >= 1 THEN {refilled} - 1 ELSE {refilled} END,"
            f" granted = CASE WHEN {refilled} >= 1 THEN 1 ELSE 0 END, at = excluded.at"
            " RETURNING tokens, granted",
            (key, per_minute - 1.0, at, *(float(per_minute), rate) * 4),
        )
        if row["granted"]:
            return 0.0
        return (1.0 - float(row["tokens"])) / rate

    def _spend(self, sql: str, params: Sequence[object]) -> Row:
        with self._writing() as db:
            # Read whole before the commit: SQLite will not commit under a statement still stepping.
            row: Row = db.execute(sql, params).fetchall()[0]
        return row

    def forget_full_buckets(self, before: float) -> int:
        """Forget the buckets untouched since `before` (a minute ago: full again, as if never used); how many."""
        with self._writing() as db:
            return int(db.execute("DELETE FROM limits WHERE at < ?", (before,)).rowcount)

    # The index's vectors, where this store holds them (PostgreSQL; SQLite's are files in the data folder).

    def vectors_stamp(self, state: str) -> str | None:
        """What changes whenever the state's vectors do (a hash of them); None when there are none."""
        raise StoreError(f"{self.where} keeps no index: it lives in files in the data folder")

    def vectors_of(self, state: str) -> tuple[str, bytes] | None:
        """The state's index record (JSON) and its vectors' bytes, or None when it has none."""
        raise StoreError(f"{self.where} keeps no index: it lives in files in the data folder")

    def put_vectors(self, state: str, record: str, vectors: bytes, vectors_sha256: str) -> None:
        """The state's index record and vectors in place of its old ones, in one statement."""
        raise StoreError(f"{self.where} keeps no index: it lives in files in the data folder")


def _forget_empty_threads(db: Writer) -> int:
    """Delete the threads that have no turn left: each was opened with its first."""
    return int(
        db.execute(
            "DELETE FROM threads WHERE NOT EXISTS (SELECT 1 FROM turns WHERE turns.thread = threads.id)"
        ).rowcount
    )


class Store(Database):
    """The SQLite database in the data folder: the default."""

    kind = "sqlite"

    def __init__(self, home: str | Path | None = None) -> None:
        super().__init__()
        self.home = data_home(home)
        self.path = self.home / "roadlaw.db"
        self.where = str(self.path)
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
        version = self.level()
        for number, migration in enumerate(MIGRATIONS, start=1):
            if number > version:
                with self.db:
                    migration(self.db)
                    self.db.execute(f"PRAGMA user_version = {number}")

    def level(self) -> int:
        with self._lock:
            return int(self.db.execute("PRAGMA user_version").fetchone()[0])

    @property
    def latest(self) -> int:
        return len(MIGRATIONS)

    def close(self) -> None:
        with self._lock:
            self.db.close()

    def _read(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        """Every row of one query, read whole under the connection's lock."""
        try:
            with self._lock:
                return self.db.execute(sql, params).fetchall()
        except sqlite3.Error as error:
            raise StoreError(f"the database {self.path} cannot be read ({error})") from None

    @contextmanager
    def _writing(self) -> Iterator[Writer]:
        try:
            with self._lock, self.db:
                yield self.db
        except sqlite3.Error as error:
            raise StoreError(f"the database {self.path} cannot be written ({error})") from None

    def _pruned(self) -> None:
        # The write-ahead log still holds the deleted pages as they were: fold it in and empty it.
        try:
            with self._lock:
                self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except sqlite3.Error as error:
            raise StoreError(f"the database {self.path} cannot be written ({error})") from None

    def ping(self) -> str | None:
        try:
            self._read("SELECT 1")
        except StoreError as error:
            return str(error)
        return None

    def unwritable(self) -> str | None:
        """Why the database cannot be written (read-only, say), or None when it can.

        A write begun and rolled back: the header's version set to itself is a
        write SQLite refuses on a read-only file, and changes nothing when allowed.
        """
        with self._lock:
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


# What ROADLAW_DATABASE_URL (or copy-store's --from and --to) may begin with.
POSTGRES_SCHEMES = ("postgresql://", "postgres://")
SQLITE_SCHEME = "sqlite:///"


def open_store(settings: Settings) -> Database:
    """The store the settings choose: PostgreSQL at ROADLAW_DATABASE_URL, else SQLite in the data folder."""
    if settings.database_url:
        return store_at(settings.database_url, settings)
    return Store(settings.data_home)


def store_at(where: str, settings: Settings) -> Database:
    """The store at `where`: a postgresql:// URL, sqlite:///PATH (the data folder, or its roadlaw.db), or a folder."""
    if where.startswith(POSTGRES_SCHEMES):
        try:
            from roadlaw.postgres import PostgresStore
        except ImportError:
            raise StoreError("PostgreSQL needs its extra: pip install 'roadlaw[postgres]'") from None
        return PostgresStore(where, home=settings.data_home, pool_size=settings.database_pool)
    path = Path(where[len(SQLITE_SCHEME) - 1 :] if where.startswith(SQLITE_SCHEME) else where)
    if "://" in where and not where.startswith(SQLITE_SCHEME):
        raise StoreError(f"{bare_url(where)}: give postgresql://…, sqlite:///PATH, or a data folder")
    # Resolved, so one folder named two ways is seen to be one store (copy-store refuses to copy onto itself).
    return Store((path.parent if path.name == "roadlaw.db" else path).resolve())
