"""Honest gaps: a place with no sources says so, a manual with no official address never gets an
empty link, and a link on a storage host names the agency.

DC has no source in the mirror; South Carolina and Rhode Island have no manual address in
manual-urls.tsv (their passages link the agency site the manual itself names); Minnesota's
manual is kept on s3.us-east-2.amazonaws.com.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from roadlaw.corpus import Cards, Law, load_cards
from roadlaw.pipeline import Pipeline
from roadlaw.sources.agencies import AGENCIES, host_of, manual_page_link, official_link
from roadlaw.sources.build import MirrorSources, build
from roadlaw.sources.mirror import Mirror
from roadlaw.sources.pages import page_text
from roadlaw.sources.passages import passages_from_manual
from roadlaw.store import Store
from roadlaw.web import create_app
from roadlaw.web.frame import make_templates
from roadlaw.web.present import WORDS, source_dict
from tests.test_web_api import error_of

pytestmark = pytest.mark.shared

HIGH_BEAMS = "when must I dim my high beams"
MN_FILES = "https://s3.us-east-2.amazonaws.com/assets.dps.mn.gov/s3fs-public/dvs-class-d-drivers-manual-english.pdf"


# --- the agencies, in their manuals' words --------------------------------------------------------


@pytest.mark.parametrize("state", sorted(AGENCIES))
def test_each_agency_and_its_site_are_named_on_its_manuals_page(state: str, sources: Path) -> None:
    agency = AGENCIES[state]
    page = page_text(Mirror(sources).manual(state)[agency.page])
    assert page_text(agency.said) in page, f"{state}: {agency.said!r} is not on page {agency.page}"
    # The address linked is the one the manual gives.
    assert host_of(agency.site) in agency.said.lower()


def test_the_states_without_a_manual_address_are_the_ones_whose_agency_site_is_linked(sources: Path) -> None:
    unlisted = {state for state in ("SC", "RI") if state not in Mirror(sources).manual_urls}
    assert unlisted == {"SC", "RI"}
    assert all(state in AGENCIES for state in unlisted)


def test_a_manual_passage_links_its_page_else_its_agencys_site_else_nowhere() -> None:
    assert manual_page_link("MD", "https://example.gov/m.pdf", 7) == "https://example.gov/m.pdf#page=7"
    assert manual_page_link("SC", "", 7) == "https://www.scdmvonline.com"
    assert manual_page_link("RI", "", 3) == "https://www.dmv.ri.gov"
    assert manual_page_link("DE", "", 3) == ""


@pytest.mark.parametrize("state", ["SC", "RI"])
def test_sc_and_ri_passages_link_the_agency_site_never_an_empty_address(state: str, sources: Path) -> None:
    passages = passages_from_manual(state, Mirror(sources).manual(state), Mirror(sources).manual_urls.get(state, ""))
    assert passages and {law.url for law in passages} == {AGENCIES[state].site}


def test_official_links_name_what_the_address_does_not() -> None:
    sc = official_link("SC", "")
    assert (sc.url, sc.goes_to, sc.site) == ("https://www.scdmvonline.com", "agency", AGENCIES["SC"].name)
    assert official_link("SC", "https://www.scdmvonline.com").goes_to == "agency"
    mn = official_link("MN", MN_FILES + "#page=38")
    assert (mn.goes_to, mn.site) == ("page", "Minnesota Driver and Vehicle Services")
    # Minnesota's statutes, on the revisor's own site, say their host as every other link does.
    assert official_link("MN", "https://www.revisor.mn.gov/statutes/cite/169.34").site == "revisor.mn.gov"
    nowhere = official_link("DE", "")
    assert (nowhere.url, nowhere.site) == ("", "")


def law(state: str, url: str, page: int | None = None) -> Law:
    return Law(
        id=f"{state}-M001-01",
        state=state,
        kind="manual",
        law="Dim your high beams within 500 feet of an oncoming vehicle.",
        question="Headlights",
        citation="Driver's Manual, p. 12",
        url=url,
        page=page,
        origin="manual",
    )


def test_a_source_says_its_link_in_words_and_no_link_when_there_is_none() -> None:
    sc = source_dict(law("SC", ""), "english")
    assert sc["url"] == "https://www.scdmvonline.com"
    assert sc["link"] == "Find the manual at South Carolina Department of Motor Vehicles (SCDMV)"
    assert source_dict(law("SC", ""), "spanish")["link"].startswith("Busca el manual en South Carolina")
    mn = source_dict(law("MN", MN_FILES + "#page=38", 38))
    assert mn["url"] == MN_FILES + "#page=38" and mn["link"] == "Read it at Minnesota Driver and Vehicle Services"
    # A manual page without #page on its address gets it; one with it keeps it once.
    assert source_dict(law("MD", "https://example.gov/m.pdf", 12))["url"] == "https://example.gov/m.pdf#page=12"
    assert source_dict(law("MD", "https://example.gov/m.pdf#page=12", 12))["url"].count("#page=") == 1
    nowhere = source_dict(law("DE", ""))
    assert nowhere["url"] == "" and nowhere["link"] == ""
    item = make_templates().get_template("_turn.html").module.source_item  # type: ignore[attr-defined]
    assert "<a " not in str(item(nowhere, WORDS["english"])) and "Read it at" not in str(
        item(nowhere, WORDS["english"])
    )
    assert 'href="https://www.scdmvonline.com"' in str(item(sc, WORDS["english"]))


# --- the app over SC, RI and MN built from the mirror -----------------------------------------------

# Built without their cards, so their answers come from the manual passages whose links are in question
# (a card carries an address of its own: Rhode Island's card writers found the manual's).
PASSAGES_ONLY = ("SC", "RI", "MN")


def cards_without(*states: str) -> Cards:
    """The committed cards but those of `states`."""
    cards = load_cards()
    return Cards({state: laws for state, laws in cards.by_state.items() if state not in states})


@pytest.fixture(scope="module")
def gaps_home(built_home: Path, tmp_path_factory: pytest.TempPathFactory, sources: Path) -> Path:
    home = tmp_path_factory.mktemp("gaps") / "data"
    shutil.copytree(built_home, home)
    store = Store(home)
    results = build(store, list(PASSAGES_ONLY), MirrorSources(sources).read, cards_without(*PASSAGES_ONLY))
    store.close()
    assert all(type(result).__name__ == "Built" for result in results), results
    return home


@pytest.fixture
def client(gaps_home: Path) -> Iterator[TestClient]:
    with TestClient(create_app(Pipeline(gaps_home, cards=cards_without(*PASSAGES_ONLY)))) as test_client:
        yield test_client


def test_sc_and_ri_answers_link_the_agency_site_the_manual_names(client: TestClient, gaps_home: Path) -> None:
    for state, question in (("SC", HIGH_BEAMS), ("RI", "how close to a fire hydrant can I park")):
        passages = [law for law in Store(gaps_home).laws_of(state) if law.origin == "manual"]
        assert passages and {law.url for law in passages} == {AGENCIES[state].site}
        body = client.post("/api/ask", json={"state": state, "question": question}).json()
        assert body["answer"] and body["sources"], body
        manual = [source for source in body["sources"] if source["kind"] == "manual"]
        assert manual and all(source["url"] == AGENCIES[state].site for source in manual)
        assert all(source["link"] == f"Find the manual at {AGENCIES[state].name}" for source in manual)
        one = client.get(f"/api/laws/{passages[0].id}").json()
        assert one["url"] == AGENCIES[state].site and one["link"] == f"Find the manual at {AGENCIES[state].name}"
        html = client.post("/ask", data={"state": state, "question": question}).text
        assert 'href=""' not in html and f'href="{AGENCIES[state].site}"' in html
        assert not re.search(r"Read it at\s*<", html)


def test_minnesotas_manual_link_names_the_agency_not_the_storage_host(client: TestClient) -> None:
    body = client.post("/api/ask", json={"state": "MN", "question": "how close to a fire hydrant can I park"}).json()
    manual = [source for source in body["sources"] if source["kind"] == "manual"]
    assert manual and all(source["url"].startswith(MN_FILES + "#page=") for source in manual)
    assert {source["link"] for source in manual} == {"Read it at Minnesota Driver and Vehicle Services"}
    html = client.post("/ask", data={"state": "MN", "question": "how close to a fire hydrant can I park"}).text
    assert "Read it at Minnesota Driver and Vehicle Services" in html and "Read it at s3." not in html


# --- DC: no sources yet ----------------------------------------------------------------------------


def test_dc_says_no_sources_yet_never_a_build_command(client: TestClient) -> None:
    states = {row["code"]: row for row in client.get("/api/states").json()}
    assert states["DC"]["sources"] is False and states["DC"]["laws"] == 0
    assert all(row["sources"] for code, row in states.items() if code != "DC")
    for message in (
        error_of(client.post("/api/ask", json={"state": "DC", "question": HIGH_BEAMS}), 409, "no_laws"),
        error_of(client.get("/api/states/DC/cards"), 409, "no_laws"),
    ):
        assert message.startswith("no sources yet for District of Columbia (DC)") and "roadlaw build" not in message
    page = client.get("/states/DC/cards", headers={"accept": "text/html"})
    assert page.status_code == 409 and "No sources yet for District of Columbia" in page.text
    assert "roadlaw build" not in page.text
    # A state that has sources but is not built still says how to build it.
    assert "roadlaw build --state OH" in error_of(client.get("/api/states/OH/cards"), 409, "no_laws")


def test_the_state_pickers_show_dc_as_having_no_sources_yet(client: TestClient) -> None:
    for path, select in (("/", "state"), ("/cards", "cards-state")):
        html = client.get(path).text
        picker = html[html.index(f'<select id="{select}"') :]
        picker = picker[: picker.index("</select>")]
        assert '<option value="DC" disabled>District of Columbia (no sources yet)</option>' in picker
        names = re.findall(r"<option value=\"\w\w\"[^>]*>([^<]+)</option>", picker)
        assert names == sorted(names) and "Maryland" in names


def test_with_nothing_built_the_picker_offers_every_state_with_sources_and_dc_said_so(tmp_path: Path) -> None:
    with TestClient(create_app(Pipeline(tmp_path / "empty"))) as client:
        html = client.get("/").text
    offered = re.findall(r'<option value="(\w\w)">', html)
    assert len(offered) == 50 and "DC" not in offered
    assert '<option value="DC" disabled>District of Columbia (no sources yet)</option>' in html
