"""Building the table: a partial mirror, a garbled manual, a failed build, and the online path."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest

from roadlaw.cli import main
from roadlaw.corpus import Cards, Law
from roadlaw.errors import SourceError
from roadlaw.sources.build import Built, Failed, MirrorSources, StateSources, WebSources, build, build_state
from roadlaw.sources.mirror import Mirror
from roadlaw.store import Store
from tests.pdfmaker import make_pdf

PAGES = [
    [
        "Parking",
        "There are many places where you may not park. Read the signs that limit parking,",
        "and look at the colour of the curb before you leave your car. Do not park:",
        "• Within 15 feet of a fire hydrant.",
        "• Within 20 feet of a crosswalk at an intersection.",
        "• Within 30 feet of a stop sign or a traffic signal on the side of the road.",
        "• On a bridge, in a tunnel, or on railroad tracks, where other drivers cannot pass.",
    ],
    [
        "Speed Limits",
        "You must never drive faster than is safe for the road, the weather and the traffic.",
        "Unless a sign says otherwise, the speed limit is 25 mph in a business or residential",
        "district and 55 mph on open highways. Near a school, while children are present, the",
        "limit is 15 mph. Drive slower when the road is wet, icy or crowded, and when you cannot",
        "see far ahead of you, because stopping takes longer than most drivers think it does.",
    ],
]


def write_mirror(root: Path, states: dict[str, str]) -> Path:
    (root / "manuals").mkdir(parents=True)
    urls = ["state\tkind\tlang\turl"]
    for state, text in states.items():
        (root / "manuals" / f"{state}.txt").write_text(text, encoding="utf-8")
        urls.append(f"{state}\tcar\ten\thttps://manuals.example/{state}.pdf")
    (root / "manual-urls.tsv").write_text("\n".join(urls) + "\n", encoding="utf-8")
    excerpt = {
        "state": "OH", "kind": "statute", "quote": "No person shall stand or park within ten feet of a fire hydrant.",
        "source": "Ohio Revised Code 4511.68", "section": "Parking", "url": "https://laws.example/4511.68",
    }  # fmt: skip
    (root / "excerpts.jsonl").write_text(json.dumps(excerpt) + "\n", encoding="utf-8")
    return root


def manual_text(pages: list[list[str]]) -> str:
    total = len(pages)
    return "".join("\n".join(lines) + f"\n\n-- {n} of {total} --\n\n" for n, lines in enumerate(pages, start=1))


GARBLE = "\n".join("ﾃ｣ﾂ ﾃ ｢ﾃ¢Â€Â ﾂﾃ %$#@ ¤¤ ÂÂ ﾃﾂ ±±" for _ in range(40))


@pytest.fixture
def mirror(tmp_path: Path) -> Path:
    return write_mirror(tmp_path / "mirror", {"OH": manual_text(PAGES), "NV": manual_text([[GARBLE], [GARBLE]])})


def test_a_partial_mirror_builds_what_it_has_and_lists_the_rest(mirror: Path, tmp_path: Path) -> None:
    store = Store(tmp_path / "home")
    results = {result.state: result for result in build(store, ["OH", "NV", "UT"], MirrorSources(mirror).read, Cards())}
    assert isinstance(results["OH"], Built) and results["OH"].passages >= 2 and results["OH"].quotes == 1
    assert isinstance(results["NV"], Failed) and "garbled" in results["NV"].why.lower()
    assert isinstance(results["UT"], Failed) and "no manual" in results["UT"].why
    laws = store.laws_of("OH")
    assert {law.kind for law in laws} == {"manual", "statute"}
    hydrant = next(law for law in laws if law.kind == "manual" and "hydrant" in law.law)
    assert hydrant.page == 1 and hydrant.url == "https://manuals.example/OH.pdf#page=1"
    assert store.laws_of("NV") == [] and store.laws_of("UT") == []


def test_the_command_reports_one_line_per_failed_state(
    mirror: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ROADLAW_HOME", str(tmp_path / "home"))
    code = main(["build", "--state", "OH", "--state", "NV", "--state", "UT", "--sources", str(mirror)])
    out = capsys.readouterr().out
    assert code == 1
    assert [line.split()[0] for line in out.splitlines() if "FAILED" in line] == ["NV", "UT"]
    assert "built 1 of 3 states" in out


def test_a_failed_build_leaves_the_previous_rows(mirror: Path, tmp_path: Path) -> None:
    store = Store(tmp_path / "home")
    build_state(store, "OH", MirrorSources(mirror).read, Cards())
    before = store.laws_of("OH")
    manifest = store.manifest("OH")

    def broken(state: str) -> StateSources:
        raise SourceError("the manual's address did not return a PDF")

    assert isinstance(build_state(store, "OH", broken, Cards()), Failed)
    # A card whose id collides with nothing but is stored twice makes the insert itself fail mid-way.
    twice = Law("OH-S01", "OH", "statute", "Stop.", "Stop?", 'Code — "Stop."', "https://laws.example")
    result = build_state(store, "OH", MirrorSources(mirror).read, Cards({"OH": [twice, twice]}))
    assert isinstance(result, Failed) and "previous rows are kept" in result.why
    assert store.laws_of("OH") == before and store.manifest("OH") == manifest


def test_online_the_same_passages_come_from_the_pdf(mirror: Path, tmp_path: Path) -> None:
    pdf = make_pdf(PAGES)
    fetched: list[str] = []

    def serve(request: httpx.Request) -> httpx.Response:
        fetched.append(str(request.url))
        if request.url.path == "/OH.pdf":
            return httpx.Response(200, content=pdf, headers={"content-type": "application/pdf"})
        if request.url.host == "laws.example":
            return httpx.Response(
                200,
                text="<html><nav>x</nav><p>No person shall stand or park within ten feet of a fire hydrant.</p></html>",
            )
        return httpx.Response(200, text="<html>Not a PDF</html>")

    client = httpx.Client(transport=httpx.MockTransport(serve))
    web = WebSources(tmp_path / "cache", Mirror(mirror), client)
    online = web.read("OH")
    offline = MirrorSources(mirror).read("OH")
    from roadlaw.sources.build import laws_for

    assert [law.law for law in laws_for("OH", online, [])] == [law.law for law in laws_for("OH", offline, [])]
    # A second read comes from the cache folder, not the network.
    count = len(fetched)
    web.read("OH")
    assert len(fetched) == count
    # A manual address that does not give a PDF is the state's one failure line.
    with pytest.raises(SourceError, match="did not return a PDF"):
        web.read("NV")


def test_online_a_quote_not_on_its_fetched_page_is_dropped(mirror: Path, tmp_path: Path) -> None:
    def serve(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/OH.pdf":
            return httpx.Response(200, content=make_pdf(PAGES))
        return httpx.Response(200, text="<p>No person shall stand or park within 15 feet of a fire hydrant.</p>")

    web = WebSources(tmp_path / "cache", Mirror(mirror), httpx.Client(transport=httpx.MockTransport(serve)))
    assert web.read("OH").excerpts == []


def test_online_a_server_error_is_retried_then_reported(mirror: Path, tmp_path: Path) -> None:
    calls = []

    def serve(request: httpx.Request) -> httpx.Response:
        calls.append(1)
        return httpx.Response(503)

    web = WebSources(tmp_path / "cache", Mirror(mirror), httpx.Client(transport=httpx.MockTransport(serve)))
    with pytest.raises(SourceError, match="503"):
        web.read("OH")
    assert len(calls) == 2
