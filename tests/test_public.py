"""The library's public face: what `roadlaw` exports, and README's example run as written."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

import roadlaw
from roadlaw import errors

ROOT = Path(__file__).resolve().parent.parent


def test_every_public_name_resolves() -> None:
    for name in roadlaw.__all__:
        assert getattr(roadlaw, name) is not None, name
    with pytest.raises(AttributeError):
        roadlaw.no_such_thing  # noqa: B018


def test_every_project_exception_is_a_roadlaw_error_and_drawn_in_the_tree() -> None:
    drawn = errors.__doc__ or ""
    classes = [value for value in vars(errors).values() if isinstance(value, type) and issubclass(value, Exception)]
    assert len(classes) > 10
    for each in classes:
        assert issubclass(each, errors.RoadlawError), each
        assert re.search(rf"\b{each.__name__}\b", drawn), f"{each.__name__} is not in errors.py's tree"


def test_nothing_else_defines_an_exception() -> None:
    defined = []
    for path in (ROOT / "roadlaw").rglob("*.py"):
        if path.name == "errors.py":
            continue
        for name in re.findall(r"^class (\w+)\((?:\w+\.)?\w*(?:Error|Exception)\):", path.read_text(), re.M):
            defined.append(f"{path.name}:{name}")
    # The web app's HTTP error is a response shape, not a failure of the library.
    assert [each for each in defined if not each.endswith(":ApiError")] == []


@pytest.mark.shared
def test_the_readmes_python_example_runs(data: Path) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Using it from Python", 1)[1]
    code = section.split("```python", 1)[1].split("```", 1)[0]
    assert len(code.strip().splitlines()) <= 6
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code, "README.md", "exec"), {})
    assert "15 feet" in printed.getvalue() and "21-1003" in printed.getvalue()


@pytest.mark.shared
def test_ask_and_retrieve_from_the_top(data: Path) -> None:
    shown = roadlaw.ask("MD", "how far from a fire hydrant can I park")
    assert isinstance(shown, roadlaw.Shown) and "15 feet" in shown.answer
    found = roadlaw.retrieve("MD", "how far from a fire hydrant can I park")
    assert found.laws and all(isinstance(law, roadlaw.Law) for law in found.laws)
    with pytest.raises(roadlaw.UnknownState):
        roadlaw.ask("ZZ", "anything")
