"""Every setting the code reads and every command it has is in the README."""

from __future__ import annotations

import re
from pathlib import Path

from roadlaw.cli import parser
from roadlaw.settings import SETTINGS

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_every_setting_read_is_listed_and_documented() -> None:
    read = set()
    for path in (ROOT / "roadlaw").rglob("*.py"):
        read |= set(
            re.findall(r"\"((?:ROADLAW|ANTHROPIC|OPENAI|CLOUDFLARE)_[A-Z_]+)\"", path.read_text(encoding="utf-8"))
        )
    assert read <= set(SETTINGS), sorted(read - set(SETTINGS))
    undocumented = [name for name in SETTINGS if f"`{name}`" not in README]
    assert not undocumented


def test_every_command_is_documented() -> None:
    commands = parser()._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    assert {"ask", "retrieve", "states", "log", "build", "index", "eval", "doctor", "serve"} <= set(commands)
    assert [name for name in commands if f"roadlaw {name}" not in README] == []


def test_the_readme_opens_with_the_two_commands() -> None:
    block = README.split("```sh", 1)[1].split("```", 1)[0].strip().splitlines()
    assert [line.split("#")[0].strip() for line in block] == [
        'bash scripts/ask.sh "how far from a fire hydrant can I park"',
        "bash scripts/test.sh",
    ]
    assert "bash scripts/test.sh" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_nothing_below_the_edges_reads_the_environment() -> None:
    # The settings read it once; the CLI and the web app build them. Everything else is handed them.
    edges = {"settings.py", "cli.py", "app.py"}
    readers = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "roadlaw").rglob("*.py")
        if path.name not in edges and re.search(r"os\.environ|getenv\(", path.read_text(encoding="utf-8"))
    ]
    assert readers == []
