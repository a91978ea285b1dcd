"""Shared fixtures: a data folder per test, the sources mirror, and a built table."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Playwright, sync_playwright

from roadlaw.corpus import load_cards
from roadlaw.settings import Settings
from roadlaw.sources.build import MirrorSources, build
from roadlaw.store import Database, Store
from tests.postgres import Server, running

# The mirror the settings name (ROADLAW_SOURCES), else the one beside the checkout.
SHARED_SOURCES = Settings.from_env().sources_mirror


@pytest.fixture(autouse=True)
def _quiet_settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No test sees a key or a model from the machine it runs on, nor the user's data folder."""
    for name in list(os.environ):
        if name.startswith(("ANTHROPIC_", "OPENAI_", "CLOUDFLARE_", "ROADLAW_")) and name != "ROADLAW_SOURCES":
            monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("ROADLAW_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("ROADLAW_EMBEDDER", "none")


@pytest.fixture(scope="session")
def sources() -> Path:
    """The sources mirror; a test that needs it fails (never skips) when it is not there."""
    assert (SHARED_SOURCES / "manuals").is_dir(), f"no sources at {SHARED_SOURCES}: set ROADLAW_SOURCES"
    return SHARED_SOURCES


@pytest.fixture(scope="session")
def built_home(tmp_path_factory: pytest.TempPathFactory, sources: Path) -> Path:
    """A data folder with MD, TX, IA and CT built from the mirror, once per session."""
    home = tmp_path_factory.mktemp("built")
    store = Store(home)
    results = build(store, ["MD", "TX", "IA", "CT"], MirrorSources(sources).read, load_cards())
    store.close()
    assert all(type(result).__name__ == "Built" for result in results), results
    return home


@pytest.fixture
def home(built_home: Path, tmp_path: Path) -> Iterator[Path]:
    """A private copy of the built data folder, so a test may write to it."""
    import shutil

    copy = tmp_path / "data"
    shutil.copytree(built_home, copy)
    yield copy


@pytest.fixture
def data(home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """`home`, made the data folder the settings point at (ROADLAW_HOME)."""
    monkeypatch.setenv("ROADLAW_HOME", str(home))
    return home


@pytest.fixture(scope="session")
def postgres() -> Iterator[Server]:
    """A real PostgreSQL server for the session (tests/postgres.py); the test fails, never skips, without one."""
    try:
        with running() as server:
            yield server
    except RuntimeError as error:
        pytest.fail(str(error))


@pytest.fixture
def pg_url(postgres: Server) -> str:
    """A new, empty PostgreSQL database of this test's own."""
    return postgres.new_database()


@pytest.fixture(params=["sqlite", "postgresql"])
def any_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Database]:
    """Each store in turn, empty: SQLite in a data folder, then PostgreSQL."""
    if request.param == "sqlite":
        store: Database = Store(tmp_path / "store")
    else:
        from roadlaw.postgres import PostgresStore

        store = PostgresStore(request.getfixturevalue("pg_url"), home=tmp_path / "store")
    yield store
    store.close()


# The browser tests drive Debian's chromium, never a browser playwright downloads.
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="module")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="module")
def browser(playwright: Playwright) -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"no {CHROMIUM}: install Debian's chromium (apt-get install -y chromium), not playwright install")
    launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield launched
    launched.close()
