"""`roadlaw copy-store`: a built table and its index moved from one store to another.

A deployment builds and indexes once (on SQLite, on one machine) and serves from
PostgreSQL on many: each state's rows and manifest are copied as they were built
(the same read times, so every freshness check holds), in one transaction a state,
and its index with them. The log is copied only when asked: it is the learners'.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from roadlaw.errors import BadIndex
from roadlaw.retrieval.index import index_place
from roadlaw.store import Database


@dataclass(frozen=True)
class Copied:
    """What one state's copy moved."""

    state: str
    laws: int
    # The index's embedder, or why there was no index to copy.
    index: str
    indexed: bool


def copy_store(
    source: Database,
    target: Database,
    states: list[str] | None = None,
    *,
    log: bool = False,
    done: Callable[[Copied], None] | None = None,
) -> tuple[list[Copied], int]:
    """Copy every built state (or `states`) and its index from `source` to `target`; with `log`, the log too.

    Returns each state's copy and the number of turns copied. A state the source has
    not built is left as the target has it.
    """
    built = {manifest.state: manifest for manifest in source.manifests()}
    wanted = sorted(built) if states is None else [state for state in states if state in built]
    read_from, write_to = index_place(source), index_place(target)
    copied: list[Copied] = []
    for state in wanted:
        target.put_state(built[state], source.law_rows(state))
        try:
            index = read_from.load(state)
        except BadIndex as error:
            result = Copied(state, built[state].laws, f"no index copied ({error})", False)
        else:
            write_to.save(state, index)
            result = Copied(state, built[state].laws, index.embedder, True)
        copied.append(result)
        if done is not None:
            done(result)
    turns = 0
    if log:
        threads, rows = source.log_rows()
        target.add_log(threads, rows)
        turns = len(rows)
    return copied, turns
