"""The web app through FastAPI's TestClient: every route, every error, the page with scripts off."""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from roadlaw.pipeline import MAX_QUESTION, Pipeline, silent_line
from roadlaw.states import STATES
from roadlaw.store import Store
from roadlaw.web import create_app
from tests.helpers import HYDRANT, SPANISH_HYDRANT, NearHydrant

pytestmark = pytest.mark.shared

ERROR_KEYS = {"code", "message"}


@pytest.fixture
def client(home: Path) -> Iterator[TestClient]:
    with TestClient(create_app(Pipeline(home, meaning=NearHydrant()))) as test_client:
        yield test_client


def ask(client: TestClient, **body: Any) -> Any:
    return client.post("/api/ask", json=body)


def error_of(response: Any, status: int, code: str) -> str:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error"} and set(body["error"]) == ERROR_KEYS, body
    assert body["error"]["code"] == code, body
    message: str = body["error"]["message"]
    assert message
    return message


# --- asking ---------------------------------------------------------------------------------


def test_maryland_hydrant_is_15_feet_from_its_statute(client: TestClient, home: Path) -> None:
    response = ask(client, state="MD", question=HYDRANT)
    assert response.status_code == 200
    body = response.json()
    assert {"scope", "answer", "sources", "thread", "failed"} <= set(body)
    assert body["scope"] == "road-law" and body["failed"] is None and body["silent_line"] is None
    assert "15 feet" in body["answer"]
    [source] = body["sources"]
    assert {"id", "kind", "reference", "quote", "url"} <= set(source)
    assert source["id"].startswith("MD-") and source["kind"] == "statute" and source["label"] == "State law"
    assert "21-1003" in source["reference"] and "15 feet" in source["quote"]
    assert source["url"].startswith("https://mgaleg.maryland.gov/")
    # The statute's one sentence is the answer's: marked, and short enough to show whole.
    mark = source["mark"]
    assert "within 15 feet of a fire hydrant" in source["quote"][mark["start"] : mark["end"]]
    assert source["excerpt"] is None
    # A new thread: a random id, and the turn logged under it.
    thread = body["thread"]
    assert len(thread) >= 20 and re.fullmatch(r"[A-Za-z0-9_-]+", thread)
    store = Store(home)
    assert store.thread_state(thread) == "MD"
    [turn] = store.turns(thread=thread)
    assert turn["question"] == HYDRANT and turn["shown"]["answer"] == body["answer"]  # type: ignore[index]


def test_each_new_question_gets_its_own_thread(client: TestClient) -> None:
    first = ask(client, state="MD", question=HYDRANT).json()["thread"]
    second = ask(client, state="md", question=HYDRANT).json()["thread"]
    assert first != second


def test_off_topic_gets_an_empty_answer_and_the_silent_line(client: TestClient) -> None:
    body = ask(client, state="MD", question="What is the capital of France?").json()
    assert body["answer"] == "" and body["sources"] == [] and body["scope"] == "other"
    assert body["silent_line"] == silent_line("MD")


def test_a_follow_up_continues_the_thread(client: TestClient, home: Path) -> None:
    first = ask(client, state="MD", question=HYDRANT).json()
    second = ask(client, state="MD", question="do I have to wear a seat belt", thread=first["thread"])
    assert second.status_code == 200
    assert second.json()["thread"] == first["thread"]
    turns = Store(home).turns(thread=first["thread"])
    assert [turn["question"] for turn in turns] == [HYDRANT, "do I have to wear a seat belt"]


def test_a_thread_the_server_never_issued_is_404(client: TestClient, home: Path) -> None:
    message = error_of(ask(client, state="MD", question=HYDRANT, thread="made-up-by-the-client"), 404, "unknown_thread")
    assert "thread" in message
    assert Store(home).thread_state("made-up-by-the-client") is None
    assert Store(home).turns() == []


def test_a_thread_of_another_state_is_404(client: TestClient) -> None:
    thread = ask(client, state="MD", question=HYDRANT).json()["thread"]
    message = error_of(ask(client, state="TX", question=HYDRANT, thread=thread), 404, "unknown_thread")
    assert "Maryland" in message and "Texas" in message


def test_an_unknown_state_is_400_naming_the_codes(client: TestClient) -> None:
    message = error_of(ask(client, state="ZZ", question=HYDRANT), 400, "unknown_state")
    assert "ZZ" in message and "MD" in message


@pytest.mark.parametrize("state", ["", "  "])
def test_no_state_is_400_asking_for_one_never_a_default(client: TestClient, home: Path, state: str) -> None:
    assert error_of(ask(client, state=state, question=HYDRANT), 400, "unknown_state") == "choose your state first"
    assert Store(home).turns() == []


def test_a_long_manual_passage_marks_the_answers_sentence_and_folds_to_it(client: TestClient) -> None:
    # Iowa's manual answers this in one sentence of a long passage; no card speaks to it.
    body = ask(client, state="IA", question="what should i do if my brakes fail").json()
    source = body["sources"][0]
    assert source["kind"] == "manual" and len(source["quote"]) > 300
    marked = source["quote"][source["mark"]["start"] : source["mark"]["end"]]
    assert marked == "Pump the brake pedal several times."
    assert marked in body["answer"]
    assert source["excerpt"] == source["mark"]
    # The law by id has no answer to mark; its long passage folds to its start.
    law = client.get(f"/api/laws/{source['id']}").json()
    assert law["mark"] is None and law["excerpt"]["start"] == 0 and law["excerpt"]["end"] <= 200


@pytest.mark.parametrize("question", ["", "   \n "])
def test_an_empty_question_is_422(client: TestClient, question: str) -> None:
    assert "empty" in error_of(ask(client, state="MD", question=question), 422, "bad_question")


def test_an_over_long_question_is_422_naming_the_limit(client: TestClient, home: Path) -> None:
    message = error_of(ask(client, state="MD", question="x" * (MAX_QUESTION + 1)), 422, "bad_question")
    assert str(MAX_QUESTION) in message
    assert Store(home).turns() == []


def test_a_question_of_exactly_the_limit_is_asked(client: TestClient) -> None:
    assert ask(client, state="MD", question="hydrant " + "x" * (MAX_QUESTION - 8)).status_code == 200


@pytest.mark.parametrize(
    ("content", "headers"),
    [
        (b'{"state": "MD", "question": ', {"content-type": "application/json"}),
        (b"not json at all", {"content-type": "application/json"}),
        (b'{"state": "MD", "question": "hydrant"}', {}),
    ],
)
def test_malformed_json_is_400(client: TestClient, content: bytes, headers: dict[str, str]) -> None:
    error_of(client.post("/api/ask", content=content, headers=headers), 400, "malformed_json")


@pytest.mark.parametrize(
    "body",
    [{"state": "MD"}, {"question": HYDRANT}, {"state": "MD", "question": 12}, ["MD", HYDRANT], {"state": None}],
)
def test_a_body_of_the_wrong_shape_is_422_in_the_one_error_shape(client: TestClient, body: Any) -> None:
    error_of(client.post("/api/ask", json=body), 422, "invalid_request")


def test_a_practice_question_with_its_choices(client: TestClient, home: Path) -> None:
    question = "Which of these is the rule for parking in Maryland?"
    choices = ["Within 5 feet of a driveway", "Not within 15 feet of a fire hydrant", "Anywhere at night"]
    answered = ask(client, state="MD", question=question, choices=choices)
    assert answered.status_code == 200 and "15 feet" in answered.json()["answer"]
    assert "choice 2 is empty" in error_of(ask(client, state="MD", question=question, choices=["a", ""]), 422,
                                           "bad_question")  # fmt: skip
    assert "at most 8" in error_of(ask(client, state="MD", question=question, choices=["a"] * 9), 422, "bad_question")
    error_of(ask(client, state="MD", question=question, choices="15 feet"), 422, "invalid_request")
    assert len(Store(home).turns()) == 1


def test_a_state_with_no_laws_built_is_409_saying_how_to_build(client: TestClient) -> None:
    message = error_of(ask(client, state="OH", question=HYDRANT), 409, "no_laws")
    assert "roadlaw build --state OH" in message


def test_a_spanish_question_gets_spanish_labels_and_line(client: TestClient) -> None:
    body = ask(client, state="MD", question=SPANISH_HYDRANT).json()
    assert body["language"] == "spanish" and "15" in body["answer"]
    assert [source["label"] for source in body["sources"]] == ["Ley estatal"]
    off_topic = ask(client, state="MD", question="¿Cuál es la capital de Francia?").json()
    assert off_topic["answer"] == "" and off_topic["silent_line"] == silent_line("MD", "spanish")


def test_a_state_rebuilt_while_serving_is_read_again(client: TestClient, home: Path) -> None:
    assert [source["id"] for source in ask(client, state="MD", question=HYDRANT).json()["sources"]] == ["MD-S01"]
    store = Store(home)
    manifest = store.manifest("MD")
    assert manifest is not None
    store.replace_state(
        "MD", [law for law in store.laws_of("MD") if law.id != "MD-S01"], source=manifest.sources,
        cards_sha256=manifest.cards_sha256, sources_sha256=manifest.sources_sha256,
    )  # fmt: skip
    after = ask(client, state="MD", question=HYDRANT).json()
    assert "MD-S01" not in [source["id"] for source in after["sources"]]


# --- the laws -----------------------------------------------------------------------------


def test_states_lists_every_state_with_its_laws(client: TestClient) -> None:
    response = client.get("/api/states")
    assert response.status_code == 200
    rows = {row["code"]: row for row in response.json()}
    assert set(rows) == set(STATES)
    assert rows["MD"]["name"] == "Maryland" and rows["MD"]["laws"] > 50
    assert rows["TX"]["laws"] > 50 and rows["OH"]["laws"] == 0


def test_cards_are_the_states_own_cards(client: TestClient, home: Path) -> None:
    response = client.get("/api/states/MD/cards")
    assert response.status_code == 200
    cards = response.json()
    expected = [law.id for law in Store(home).laws_of("MD") if law.origin == "card"]
    assert [card["id"] for card in cards] == expected and len(cards) > 10
    hydrant = next(card for card in cards if card["id"] == "MD-S01")
    assert "hydrant" in hydrant["question"].lower() and "15 feet" in hydrant["law"]
    assert hydrant["quote"] and hydrant["url"].startswith("https://") and hydrant["label"] == "State law"
    assert client.get("/api/states/tx/cards").status_code == 200


def test_cards_of_an_unknown_or_unbuilt_state(client: TestClient) -> None:
    error_of(client.get("/api/states/ZZ/cards"), 404, "unknown_state")
    assert "roadlaw build --state OH" in error_of(client.get("/api/states/OH/cards"), 409, "no_laws")


def test_a_law_by_id(client: TestClient) -> None:
    response = client.get("/api/laws/MD-S01")
    assert response.status_code == 200
    law = response.json()
    assert law["id"] == "MD-S01" and law["state"] == "MD" and law["kind"] == "statute" and law["origin"] == "card"
    assert "21-1003" in law["reference"] and "15 feet" in law["quote"] and law["url"].startswith("https://")
    manual = client.get("/api/laws/MD-M01").json()
    assert manual["label"] == f"Driver's manual, page {manual['page']}"


def test_an_unknown_law_is_404(client: TestClient) -> None:
    assert "NOPE-1" in error_of(client.get("/api/laws/NOPE-1"), 404, "unknown_law")


# --- health, schema, the one error shape -------------------------------------------------------


def test_healthz(client: TestClient) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200 and response.json() == {"status": "ok"}


def test_openapi_names_every_route_and_the_error_shape(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    assert {"/api/ask", "/api/states", "/api/states/{code}/cards", "/api/laws/{ident}", "/healthz"} <= set(
        schema["paths"]
    )
    ask_responses = schema["paths"]["/api/ask"]["post"]["responses"]
    for status in ("400", "404", "409", "422"):
        assert ask_responses[status]["content"]["application/json"]["schema"]["$ref"].endswith("/ErrorOut")
    assert "HTTPValidationError" not in schema["components"]["schemas"]
    assert set(schema["components"]["schemas"]["AskIn"]["required"]) == {"state", "question"}


def test_unknown_routes_and_methods_use_the_error_shape(client: TestClient) -> None:
    error_of(client.get("/api/nothing"), 404, "not_found")
    error_of(client.get("/api/ask"), 405, "method_not_allowed")
    error_of(client.delete("/healthz"), 405, "method_not_allowed")


def test_a_browser_off_the_api_gets_a_page_for_an_error(client: TestClient) -> None:
    response = client.get("/states/ZZ/cards", headers={"accept": "text/html"})
    assert response.status_code == 404 and response.headers["content-type"].startswith("text/html")
    assert "Unknown state" in response.text
    api = client.get("/api/laws/NOPE", headers={"accept": "text/html"})
    assert api.status_code == 404 and api.json()["error"]["code"] == "unknown_law"


# --- the page, with scripts off ---------------------------------------------------------------


def test_the_page_has_a_labelled_form_that_posts_and_nothing_from_outside(client: TestClient) -> None:
    response = client.get("/")
    assert response.status_code == 200
    html = response.text
    assert re.search(r'<form[^>]+method="post"[^>]+action="/ask', html)
    assert '<label for="state">' in html and '<label for="question"' in html
    assert 'aria-live="polite"' in html and 'name="viewport"' in html
    for asset in re.findall(r'<(?:script|link|img)\b[^>]*(?:src|href)="([^"]+)"', html):
        assert asset.startswith("/static/"), asset
    csp = response.headers["content-security-policy"]
    assert "default-src 'self'" in csp and "script-src 'self'" in csp
    for name in ("style.css", "app.js", "icon.svg"):
        assert client.get(f"/static/{name}").status_code == 200


def test_the_form_answers_server_side_and_keeps_the_thread(client: TestClient, home: Path) -> None:
    response = client.post("/ask", data={"state": "MD", "question": HYDRANT})
    assert response.status_code == 200
    html = response.text
    assert "15 feet" in html and "State law" in html and "21-1003" in html
    assert 'href="https://mgaleg.maryland.gov/' in html
    assert response.cookies.get("roadlaw_state") == "MD"
    [thread] = re.findall(r'name="thread" value="([^"]+)"', html)
    assert Store(home).thread_state(thread) == "MD"
    again = client.post("/ask", data={"state": "MD", "question": "do I have to wear a seat belt", "thread": thread})
    assert re.findall(r'name="thread" value="([^"]+)"', again.text) == [thread]
    assert again.text.count('<article class="turn"') == 2 and "15 feet" in again.text
    assert len(Store(home).turns(thread=thread)) == 2


def test_the_form_takes_a_practice_questions_choices_one_a_line(client: TestClient, home: Path) -> None:
    question = "Which of these is the rule for parking in Maryland?"
    choices = "Within 5 feet of a driveway\n\nNot within 15 feet of a fire hydrant\r\nAnywhere at night\n"
    html = client.post("/ask", data={"state": "MD", "question": question, "choices": choices}).text
    assert "15 feet" in html
    assert re.search(r'<ol class="asked-choices" type="A"><li>Within 5 feet of a driveway</li><li>Not within 15', html)
    [thread] = re.findall(r'name="thread" value="([^"]+)"', html)
    [turn] = Store(home).turns(thread=thread)
    assert turn["shown"]["choices"] == [  # type: ignore[index]
        "Within 5 feet of a driveway",
        "Not within 15 feet of a fire hydrant",
        "Anywhere at night",
    ]
    # The thread's page shows them again; nine choices are refused with the box kept.
    assert 'class="asked-choices"' in client.get(f"/?thread={thread}").text
    refused = client.post("/ask", data={"state": "MD", "question": question, "choices": "x\n" * 9})
    assert refused.status_code == 422 and "at most 8" in refused.text
    assert '<details class="field choices-field" id="choices-box" open>' in refused.text


def test_the_form_says_so_when_the_sources_do_not(client: TestClient) -> None:
    html = client.post("/ask", data={"state": "TX", "question": "What is the capital of France?"}).text
    assert "Texas&#39;s sources don&#39;t say" in html


def test_the_form_with_an_empty_question_says_what_to_fix(client: TestClient) -> None:
    response = client.post("/ask", data={"state": "MD", "question": "  "})
    assert response.status_code == 422
    assert 'aria-invalid="true"' in response.text and "The question is empty" in response.text


def test_the_form_with_another_states_thread_starts_a_new_one(client: TestClient, home: Path) -> None:
    thread = ask(client, state="MD", question=HYDRANT).json()["thread"]
    html = client.post("/ask", data={"state": "TX", "question": HYDRANT, "thread": thread}).text
    [new] = re.findall(r'name="thread" value="([^"]+)"', html)
    assert new != thread and Store(home).thread_state(new) == "TX"


def test_the_chosen_state_is_remembered_by_cookie(client: TestClient) -> None:
    client.cookies.set("roadlaw_state", "TX")
    assert re.search(r'<option value="TX" selected>', client.get("/").text)
    client.cookies.set("roadlaw_state", "MD")
    html = client.get("/").text
    assert re.search(r'<option value="MD" selected>', html) and "Choose your state" not in html


CHOOSE = '<option value="" disabled selected>Choose your state</option>'


def test_with_nothing_remembered_the_page_asks_for_the_state(client: TestClient) -> None:
    html = client.get("/").text
    assert CHOOSE in html and " selected>" not in html.replace(CHOOSE, "")
    assert re.search(r'<select id="state" name="state"[^>]* required', html)
    # A cookie naming a state not built, or none, is no choice either.
    client.cookies.set("roadlaw_state", "OH")
    assert CHOOSE in client.get("/").text
    client.cookies.clear()
    assert (
        CHOOSE not in client.get("/?state=tx").text and '<option value="TX" selected>' in client.get("/?state=tx").text
    )


def test_the_form_without_a_state_asks_for_one_and_keeps_the_question(client: TestClient, home: Path) -> None:
    response = client.post("/ask", data={"question": HYDRANT})
    assert response.status_code == 400
    html = response.text
    assert '<p class="error" id="state-error" role="alert">Choose your state first.</p>' in html
    assert re.search(r'<select id="state"[^>]* aria-invalid="true"', html) and CHOOSE in html
    assert f">{HYDRANT}</textarea>" in html and '<article class="turn"' not in html
    assert Store(home).turns() == [] and "roadlaw_state" not in response.cookies


def test_the_cards_page_is_a_deck_to_reveal(client: TestClient) -> None:
    redirect = client.get("/cards?state=tx", follow_redirects=False)
    assert redirect.status_code == 303 and redirect.headers["location"] == "/states/TX/cards"
    # With no state asked for or remembered, the page asks which.
    for asking in (client.get("/cards"), client.get("/cards?state=")):
        assert asking.status_code == 200 and CHOOSE in asking.text and "<details" not in asking.text
        assert re.search(r'<select id="cards-state" name="state"[^>]* required', asking.text)
    client.cookies.set("roadlaw_state", "IA")
    assert client.get("/cards", follow_redirects=False).headers["location"] == "/states/IA/cards"
    html = client.get("/states/MD/cards").text
    assert html.count("<details") > 10 and "<summary>" in html
    assert "How close to a fire hydrant can I park?" in html


def test_the_spanish_page_labels_its_sources_in_spanish(client: TestClient) -> None:
    html = client.post("/ask", data={"state": "MD", "question": SPANISH_HYDRANT}).text
    assert 'lang="es"' in html and "Ley estatal" in html and "Fuentes" in html and "Léelo en" in html


def test_a_threads_page_labels_each_turn_in_the_language_it_was_logged_in(client: TestClient, home: Path) -> None:
    thread = ask(client, state="MD", question=SPANISH_HYDRANT).json()["thread"]
    [turn] = Store(home).turns(thread=thread)
    assert turn["shown"]["language"] == "spanish"  # type: ignore[index]

    def relog(shown: dict[str, Any]) -> str:
        with closing(sqlite3.connect(home / "roadlaw.db")) as db, db:
            db.execute("UPDATE turns SET shown = ? WHERE thread = ?", (json.dumps(shown), thread))
        return client.get(f"/?thread={thread}").text

    def lang_and_labels(html: str) -> tuple[str, list[str]]:
        [found] = re.findall(r'<article class="turn"[^>]* lang="(\w+)"', html)
        return found, re.findall(r'<p class="source-label">([^<]+)</p>', html)

    assert lang_and_labels(client.get(f"/?thread={thread}").text) == ("es", ["Ley estatal"])
    # The language logged is the one used, not the question's detected again ...
    logged = dict(turn["shown"])  # type: ignore[call-overload]
    assert lang_and_labels(relog({**logged, "language": "english"})) == ("en", ["State law"])
    # ... and a turn logged before the language was is still read in its question's.
    assert lang_and_labels(relog({key: value for key, value in logged.items() if key != "language"})) == (
        "es",
        ["Ley estatal"],
    )


# --- from the settings, as `roadlaw serve` makes it ---------------------------------------------


def test_the_app_from_the_settings_answers_from_roadlaw_home(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ROADLAW_HOME", str(home))
    with TestClient(create_app()) as from_env:
        assert "15 feet" in from_env.post("/api/ask", json={"state": "MD", "question": HYDRANT}).json()["answer"]


def test_serve_runs_the_factory_in_each_worker(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from roadlaw.cli import main
    from roadlaw.web import server

    monkeypatch.setenv("ROADLAW_HOME", str(home))
    ran: list[tuple[object, ...]] = []
    monkeypatch.setattr(server, "serve", lambda *args: ran.append(args))
    assert main(["serve", "--port", "8123", "--workers", "2"]) == 0
    assert ran == [("127.0.0.1", 8123, 2, "info")]
    assert main(["serve", "--workers", "0"]) == 2
    config = server.config_for("127.0.0.1", 0, 2)
    assert config.app == "roadlaw.web.app:create_app" and config.factory and config.workers == 2


def test_the_shared_socket_of_several_workers_sends_without_delay() -> None:
    """Without TCP_NODELAY each keep-alive response waits out a delayed ACK (about 40 ms)."""
    import socket

    from roadlaw.web import server

    sock = server.config_for("127.0.0.1", 0, 2).bind_socket()
    try:
        assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) == 1
    finally:
        sock.close()


def test_the_page_at_a_threads_address_shows_that_thread(client: TestClient) -> None:
    first = client.post("/api/ask", json={"state": "MD", "question": HYDRANT}).json()
    thread = first["thread"]
    client.post("/api/ask", json={"state": "MD", "question": "do I have to wear a seat belt", "thread": thread})
    html = client.get(f"/?thread={thread}").text
    assert html.count('<article class="turn"') == 2 and "15 feet" in html and "seat belt" in html
    assert f'value="{thread}"' in html  # the next question follows up
    assert '<option value="MD" selected' in html
    # A thread this server never issued: the plain page, nothing borrowed.
    fresh = client.get("/?thread=never-issued").text
    assert '<article class="turn"' not in fresh and 'value="never-issued"' not in fresh
