"""One topic across the states: /api/topics, /api/topics/{id} and the pages /topics, /topics/{id}.

The cards are a folder of this test's own (ROADLAW_CARDS): the committed MD and TX, and
Iowa and Connecticut hydrant cards on their manuals' words, so a learner moving from
Iowa to Connecticut sees 5 feet become 10, each with its page; Alaska's file says its
manual was searched for the hydrant and does not say.
"""

from __future__ import annotations

import re
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from roadlaw.corpus import CARDS_DIR, load_cards
from roadlaw.pipeline import Pipeline
from roadlaw.sources.mirror import Mirror
from roadlaw.sources.pages import on_the_page, page_text
from roadlaw.topics import load_topics
from roadlaw.web import create_app
from tests.test_web_api import error_of

pytestmark = pytest.mark.shared

IOWA_URL = "https://iowadot.gov/media/7308/download?inline"
CONNECTICUT_URL = "https://portal.ct.gov/dmv/-/media/dmv/dmv-pdfs/drivers-manual-english.pdf"

# Cards as a helper writes them: each rule on its manual page's own words.
IOWA = f'''
[[law]]
id = "IA-M01"
kind = "manual"
topic = "park-hydrant"
law = "You may not park closer than 5 feet to a fire hydrant."
question = "How close to a fire hydrant can I park?"
citation = "Iowa Driver's Manual, p. 21 — \\"Closer than five feet from a fire hydrant\\""
url = "{IOWA_URL}"
page = 21
'''
CONNECTICUT = f'''
[[law]]
id = "CT-M01"
kind = "manual"
topic = "park-hydrant"
law = "You may not park within 10 feet of a fire hydrant."
question = "How close to a fire hydrant can I park?"
citation = "Connecticut Driver's Manual, p. 39 — \\"Within 10 feet of a fire hydrant.\\""
url = "{CONNECTICUT_URL}#page=39"
page = 39
'''
ALASKA = """
[[absent]]
topic = "park-hydrant"
searched = "the manual's parking pages for hydrant, fire plug and no-parking lists"
"""


def card_folder(folder: Path) -> Path:
    """The committed MD and TX cards, with Iowa's, Connecticut's and Alaska's absent record beside them."""
    folder.mkdir(parents=True, exist_ok=True)
    for state in ("MD", "TX"):
        shutil.copy(CARDS_DIR / f"{state}.toml", folder / f"{state}.toml")
    (folder / "IA.toml").write_text(IOWA, encoding="utf-8")
    (folder / "CT.toml").write_text(CONNECTICUT, encoding="utf-8")
    (folder / "AK.toml").write_text(ALASKA, encoding="utf-8")
    return folder


@pytest.fixture
def cards(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = card_folder(tmp_path / "cards")
    monkeypatch.setenv("ROADLAW_CARDS", str(folder))
    return folder


@pytest.fixture
def client(home: Path, cards: Path) -> Iterator[TestClient]:
    with TestClient(create_app(Pipeline(home))) as test_client:
        yield test_client


def test_the_test_cards_quote_their_manual_pages(cards: Path, sources: Path) -> None:
    mirror = Mirror(sources)
    for state in ("IA", "CT"):
        [law] = load_cards(cards).of(state)
        assert law.page is not None and on_the_page(law.quote, page_text(mirror.manual(state)[law.page])), law.id


# --- the API ------------------------------------------------------------------------------------


def test_every_topic_is_listed_with_how_many_states_have_a_card(client: TestClient) -> None:
    response = client.get("/api/topics")
    assert response.status_code == 200
    listed = response.json()
    assert [topic["id"] for topic in listed] == list(load_topics())
    hydrant = next(topic for topic in listed if topic["id"] == "park-hydrant")
    assert hydrant == {
        "id": "park-hydrant",
        "title": "Parking near a fire hydrant",
        "question": "How close to a fire hydrant can I park?",
        "question_es": "¿Qué tan cerca de un hidrante puedo estacionarme?",
        "states": "figure",
        "unit": "feet",
        "states_with_cards": 4,
    }
    # A topic only Maryland's cards speak to counts one state.
    committed = load_cards(CARDS_DIR)
    only_md = next(
        topic["id"]
        for topic in listed
        if any(law.topic == topic["id"] for law in committed.of("MD"))
        and not any(law.topic == topic["id"] for law in committed.of("TX"))
    )
    assert next(topic for topic in listed if topic["id"] == only_md)["states_with_cards"] == 1


def test_a_topic_has_one_cell_per_state_each_honest_about_what_it_has(client: TestClient) -> None:
    response = client.get("/api/topics/park-hydrant")
    assert response.status_code == 200
    body = response.json()
    assert body["id"] == "park-hydrant" and body["unit"] == "feet" and body["states_with_cards"] == 4
    cells = {cell["state"]: cell for cell in body["cells"]}
    assert len(body["cells"]) == 50 and "DC" not in cells
    assert [cell["name"] for cell in body["cells"]] == sorted(cell["name"] for cell in body["cells"])
    iowa, connecticut = cells["IA"], cells["CT"]
    assert iowa["said"] == "card" and iowa["figure"] == "5" and connecticut["figure"] == "10"
    [card] = iowa["cards"]
    assert card["id"] == "IA-M01" and card["quote"] == "Closer than five feet from a fire hydrant"
    assert card["page"] == 21 and card["url"] == f"{IOWA_URL}#page=21" and card["link"] == "Read it at iowadot.gov"
    assert card["rule"].startswith("You may not park closer than 5 feet") and card["reference"] == (
        "Iowa Driver's Manual, p. 21"
    )
    # A card whose address already names its page keeps it as it is.
    assert connecticut["cards"][0]["url"] == f"{CONNECTICUT_URL}#page=39"
    assert cells["MD"]["figure"] == "15" and cells["MD"]["cards"][0]["url"].startswith("https://mgaleg.maryland.gov/")
    alaska = cells["AK"]
    assert alaska["said"] == "sources do not say" and alaska["cards"] == [] and alaska["figure"] is None
    assert "hydrant" in alaska["searched"]
    ohio = cells["OH"]
    assert ohio == {"state": "OH", "name": "Ohio", "said": "no card yet", "figure": None, "searched": None, "cards": []}


def test_a_topic_id_is_read_in_any_case(client: TestClient) -> None:
    assert client.get("/api/topics/Park-Hydrant").json()["id"] == "park-hydrant"


def test_an_unknown_topic_is_404_in_the_one_error_shape(client: TestClient) -> None:
    message = error_of(client.get("/api/topics/park-unicorn"), 404, "unknown_topic")
    assert "park-unicorn" in message and "/api/topics" in message
    page = client.get("/topics/park-unicorn", headers={"accept": "text/html"})
    assert page.status_code == 404 and "text/html" in page.headers["content-type"] and "park-unicorn" in page.text


def test_the_openapi_schema_documents_the_topic_routes(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    listed = schema["paths"]["/api/topics"]["get"]["responses"]["200"]["content"]["application/json"]["schema"]
    assert listed["items"]["$ref"].endswith("/TopicOut")
    one = schema["paths"]["/api/topics/{ident}"]["get"]["responses"]
    assert one["200"]["content"]["application/json"]["schema"]["$ref"].endswith("/TopicComparedOut")
    assert one["404"]["content"]["application/json"]["schema"]["$ref"].endswith("/ErrorOut")
    said = schema["components"]["schemas"]["TopicCellOut"]["properties"]["said"]
    assert set(said["enum"]) == {"card", "sources do not say", "no card yet"}
    assert "HTTPValidationError" not in schema["components"]["schemas"]
    # The pages are not API routes.
    assert "/topics" not in schema["paths"] and "/topics/{ident}" not in schema["paths"]


def test_a_card_written_while_the_server_runs_shows_on_the_next_request(client: TestClient, cards: Path) -> None:
    assert client.get("/api/topics/park-hydrant").json()["states_with_cards"] == 4
    time.sleep(0.01)  # a new modification time, even on a coarse clock
    (cards / "OH.toml").write_text(IOWA.replace("IA-M01", "OH-M01"), encoding="utf-8")
    ohio = next(cell for cell in client.get("/api/topics/park-hydrant").json()["cells"] if cell["state"] == "OH")
    assert ohio["said"] == "card" and ohio["figure"] == "5"


# --- the pages ----------------------------------------------------------------------------------


def rows(html: str) -> list[str]:
    return re.findall(r'<tr id="state-(\w\w)"', html)


def test_the_topics_page_lists_every_topic_with_its_link(client: TestClient) -> None:
    html = client.get("/topics").text
    for topic in load_topics().values():
        assert f'href="/topics/{topic.id}"' in html
    assert "Cards for 4 of 50 states" in html and "No state's card yet" in html
    assert 'href="/topics" aria-current="page"' in html


def test_a_topic_page_is_a_table_of_every_state_by_name(client: TestClient) -> None:
    response = client.get("/topics/park-hydrant")
    assert response.status_code == 200
    html = response.text
    order = rows(html)
    assert len(order) == 50 and order[:3] == ["AL", "AK", "AZ"]
    assert re.search(r'<th scope="col" data-column="state" aria-sort="ascending">', html)
    iowa = html[html.index('<tr id="state-IA"') :]
    iowa = iowa[: iowa.index("</tr>")]
    assert '<td class="cell-figure">5 feet</td>' in iowa
    assert "Closer than five feet from a fire hydrant" in iowa
    assert f'href="{IOWA_URL}#page=21"' in iowa and "Read it at iowadot.gov" in iowa
    alaska = html[html.index('<tr id="state-AK"') :]
    assert "The sources don't say" in alaska[: alaska.index("</tr>")]
    ohio = html[html.index('<tr id="state-OH"') :]
    ohio = ohio[: ohio.index("</tr>")]
    assert "No card yet" in ohio and "<a " not in ohio and 'href=""' not in html
    assert "4 of 50 states have a card. In 1, the sources don't say. 45 have no card yet." in html


def test_without_scripts_the_sort_links_draw_the_table_sorted_by_figure(client: TestClient) -> None:
    by_state = client.get("/topics/park-hydrant").text
    assert 'href="?sort=figure#compare"' in by_state and 'href="?sort=state#compare"' in by_state
    html = client.get("/topics/park-hydrant?sort=figure").text
    order = rows(html)
    # Smallest first, ties by name; then the state whose sources do not say; then the rest by name.
    assert order[:5] == ["IA", "CT", "MD", "TX", "AK"] and order[5:8] == ["AL", "AZ", "AR"]
    assert re.search(r'<th scope="col" data-column="figure" aria-sort="ascending">', html)
    assert re.search(r'<a href="\?sort=figure#compare" data-sort-by="figure" aria-current="true">', html)
    # Each row carries its place in both orders, so the script sorts as the server does.
    places = dict(re.findall(r'<tr id="state-(\w\w)"[^>]* data-by-state="\d+" data-by-figure="(\d+)"', html))
    assert [state for state, _ in sorted(places.items(), key=lambda pair: int(pair[1]))] == order
    # An order the page does not know is read by name.
    assert rows(client.get("/topics/park-hydrant?sort=nonsense").text) == rows(by_state)


def test_a_topic_without_a_figure_has_no_figure_column(client: TestClient) -> None:
    steps = next(topic.id for topic in load_topics().values() if topic.states == "steps")
    html = client.get(f"/topics/{steps}").text
    assert "cell-figure" not in html and "data-sort-by" not in html and len(rows(html)) == 50
