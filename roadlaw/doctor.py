"""What is in use and whether it works: the answerer, the embedder, the store, the table, each state's freshness.

The store is named (SQLite's file, or PostgreSQL's address without its password) with its
migration level and whether it can be reached; the table is also tried for writing: a
read-only one still answers, but logs nothing.

`doctor(settings)` returns a `Checkup`, plain data; `roadlaw doctor` prints its lines.
One small call reaches a configured model (no tokens spent); keys are never shown,
only which setting holds one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from roadlaw.errors import RoadlawError, StoreError
from roadlaw.settings import Settings


@dataclass(frozen=True)
class StateHealth:
    state: str
    laws: int
    # "fresh", or the one line that says what is stale and the command that fixes it.
    table: str
    # "index fresh", the index's problem, or "" with no meaning stage.
    index: str


@dataclass
class Checkup:
    answerer: dict[str, str | None]
    # None when there is nothing to reach (the offline answer).
    reachable: bool | None
    reach_detail: str
    embedder: str
    data_folder: Path
    states: list[StateHealth] = field(default_factory=list)
    # What the offline answer says of itself (an embedder whose answer bars were never measured).
    answer_notes: list[str] = field(default_factory=list)
    # Why the table cannot be written (read-only, say), or "" when it can.
    unwritable: str = ""
    # Which store, its migration level, and whether it was reached: "sqlite /path/roadlaw.db, migration 4 of 4, reachable".
    database: str = ""
    # Why the store could not be reached at all, or "" when it was.
    unreachable_store: str = ""
    # Values never to print (keys and tokens), masked in `lines`.
    secrets: tuple[str, ...] = ()

    @property
    def problems(self) -> int:
        """How many things need fixing: an unreachable model, each state not fresh."""
        stale = sum(1 for each in self.states if each.table != "fresh")
        broken = [self.reachable is False, bool(self.unwritable), bool(self.unreachable_store)]
        return stale + sum(broken)

    def lines(self) -> list[str]:
        said = [f"answerer: {self.answerer['answerer']} ({self.answerer['chosen_by']})"]
        if self.reachable is None:
            said.append(f"reachable: {self.reach_detail}")
        else:
            said.append(f"model: {self.answerer['model']} (set with {self.answerer['model_setting']})")
            said.append(f"base URL: {_bare(str(self.answerer['base_url']))}")
            said.append(f"key: {self.answerer['key']}")
            said.append(f"reachable: {'ok' if self.reachable else 'no'}: {self.reach_detail}")
        said.append(f"embedder: {self.embedder}")
        said.extend(f"offline answer: {note}" for note in self.answer_notes)
        said.append(f"data folder: {self.data_folder}")
        said.append(f"database: {self.database}")
        if self.unreachable_store:
            return [self._masked(line) for line in said]
        said.append(
            f"store: read-only ({self.unwritable}): questions are answered but not logged, and threads forget"
            if self.unwritable
            else "store: writable"
        )
        said.append(f"table: {len(self.states)} states built, {sum(each.laws for each in self.states)} laws")
        said.extend(f"  {each.state} {each.laws:5d} laws  {each.table}  {each.index}".rstrip() for each in self.states)
        return [self._masked(line) for line in said]

    def _masked(self, text: str) -> str:
        for secret in self.secrets:
            text = text.replace(secret, "***")
        return " ".join(text.split()) if "\n" in text else text


def _bare(url: str) -> str:
    """The address without any user, password or query it might carry."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    netloc = f"{host}:{parts.port}" if parts.port else host
    return urlunsplit((parts.scheme, netloc, parts.path, "", "")) if parts.scheme else url


def doctor(settings: Settings) -> Checkup:
    """Which answerer, model, base URL and embedder the settings choose, whether each works, each state's freshness."""
    from roadlaw.answering.answerers import describe_provider
    from roadlaw.answering.calls import log as calls_log
    from roadlaw.assemble import open_pipeline
    from roadlaw.retrieval.embedders import embedder_choice
    from roadlaw.retrieval.index import MeaningStage
    from roadlaw.store import bare_url

    secrets = tuple(
        value
        for value in (
            settings.anthropic_api_key,
            settings.openai_api_key,
            settings.embed_api_key,
            settings.cloudflare_api_token,
            urlsplit(settings.database_url).password if settings.database_url else None,
        )
        if value and len(value) >= 4
    )
    described = describe_provider(settings)
    try:
        pipeline, _ = open_pipeline(settings)
    except StoreError as error:
        _, embedder_why = embedder_choice(settings)
        kind, where = (
            ("postgresql", bare_url(settings.database_url).split("://", 1)[-1])
            if settings.database_url
            else ("sqlite", str(settings.data_home / "roadlaw.db"))
        )
        checkup = Checkup(
            described, None, "not checked: the store cannot be used", embedder_why, settings.data_home, secrets=secrets
        )
        checkup.database = f"{kind} {where}, unreachable: {error}"
        checkup.unreachable_store = str(error)
        return checkup
    reachable: bool | None = None
    detail = "nothing to reach: answers from the laws' own words, offline"
    if described["answerer"] != "extractive":
        ping = getattr(pipeline.answerer, "ping", None)
        if ping is None:
            reachable, detail = False, "the model answerer could not be made (is its SDK installed?)"
        else:
            # The reason is said in the checkup; the calls' own error line would only repeat it.
            was, calls_log.disabled = calls_log.disabled, True
            try:
                reachable, detail = ping()
            finally:
                calls_log.disabled = was
    _, embedder_why = embedder_choice(settings)
    checkup = Checkup(
        described, reachable, detail, embedder_why, pipeline.store.home, secrets=secrets,
        answer_notes=list(pipeline.answer_notes),
    )  # fmt: skip
    store = pipeline.store
    level = store.level()
    checkup.database = f"{store.kind} {store.where}, migration {level} of {store.latest}, reachable"
    checkup.unwritable = store.unwritable() or ""
    for manifest in pipeline.store.manifests():
        try:
            pipeline.laws_of(manifest.state)
            fresh = "fresh"
        except RoadlawError as error:
            fresh = str(error)
        index = ""
        if isinstance(pipeline.meaning, MeaningStage):
            status = pipeline.meaning.status(manifest.state, pipeline.store.laws_of(manifest.state))
            index = "index fresh" if status.index is not None else status.problem
        checkup.states.append(StateHealth(manifest.state, manifest.laws, fresh, index))
    return checkup
