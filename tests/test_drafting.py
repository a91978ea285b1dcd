"""`roadlaw cards draft` against a fake model over real HTTP, through both real SDKs.

The fake paraphrases one passage ("wait 10 days" where the page says 15), proposes
six passages on the page and repeats one: the paraphrase is dropped as not in the
fetched page, the sixth as past the first 5, the repeat is kept once. The draft
parses as cards whose quotes stand on their pages, and the committed cards are
never touched.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from roadlaw.cli import main, parser
from roadlaw.corpus import CARDS_DIR, load_card_file
from roadlaw.drafting import (
    DRAFT_RULES,
    EMPTY,
    FIGURE_NOT_QUOTED,
    NO_RULE,
    NOT_GIVEN,
    NOT_ON_PAGE,
    PAST_THE_FIRST,
    REPEATED,
    Manual,
    Proposal,
    proposals_from_text,
    verify,
)
from roadlaw.sources.pages import MAX_PASSAGES, manual_pages, on_the_page, page_text
from tests.fake_provider import FakeProvider

STATE = "KS"
URL = f"https://manuals.example/{STATE}.pdf"

PAGES = [
    [
        "The Knowledge Test",
        "Before you may drive with a permit you must pass the knowledge test at a driver license office.",
        "The knowledge test has 25 questions about road signs and the rules of the road.",
        "You must answer at least 20 of the 25 questions correctly to pass.",
        "If you fail the knowledge test, you must wait 15 days before you may take it again.",
        "The test is given in English and in Spanish at every driver license office.",
        "The fee for each try at the knowledge test is $10, paid at the counter.",
        "You may not use a phone, notes or any other help while you take the test.",
    ],
    [
        "Parking",
        "There are many places where you may not park. Read the signs that limit parking,",
        "and look at the colour of the curb before you leave your car. Do not park:",
        "• Within fifteen feet of a fire hydrant.",
        "• Within 20 feet of a crosswalk at an intersection.",
        "• Within 30 feet of a stop sign or a traffic signal on the side of the road.",
        "• On a bridge, in a tunnel, or on railroad tracks, where other drivers cannot get by.",
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

ON_PAGE = {
    "questions": "The knowledge test has 25 questions about road signs and the rules of the road.",
    "score": "You must answer at least 20 of the 25 questions correctly to pass.",
    "wait": "If you fail the knowledge test, you must wait 15 days before you may take it again.",
    "languages": "The test is given in English and in Spanish at every driver license office.",
    "fee": "The fee for each try at the knowledge test is $10, paid at the counter.",
    "help": "You may not use a phone, notes or any other help while you take the test.",
}
PARAPHRASED = "If you fail the knowledge test, you must wait 10 days before you may take it again."

# In the order proposed: the paraphrase second, the first passage repeated fourth, six
# passages on the page in all (the fifth's rule says $12 where its passage says $10).
KNOWLEDGE_TEST: list[dict[str, Any]] = [
    {"page": 1, "passage": ON_PAGE["questions"], "rule": "The knowledge test has 25 questions."},
    {"page": 1, "passage": PARAPHRASED, "rule": "If you fail, you must wait 10 days to take it again."},
    {"page": 1, "passage": ON_PAGE["score"], "rule": "You pass by answering at least 20 of the 25 questions."},
    {"page": 1, "passage": ON_PAGE["questions"], "rule": "The test has 25 questions."},
    {"page": 1, "passage": ON_PAGE["wait"], "rule": "If you fail, you must wait 15 days to take it again."},
    {"page": 1, "passage": ON_PAGE["languages"], "rule": "You can take the test in English or Spanish."},
    {"page": 1, "passage": ON_PAGE["fee"], "rule": "Each try at the test costs $12."},
    {"page": 1, "passage": ON_PAGE["help"], "rule": "You may not use a phone or notes during the test."},
]
KEPT_RULES = [
    "The knowledge test has 25 questions.",
    "You pass by answering at least 20 of the 25 questions.",
    "If you fail, you must wait 15 days to take it again.",
    "You can take the test in English or Spanish.",
]

HYDRANT = "Within fifteen feet of a fire hydrant."
PARK_HYDRANT: list[dict[str, Any]] = [
    {"page": 2, "passage": HYDRANT, "rule": "You may not park within 15 feet of a fire hydrant."},
]


def manual_text(pages: list[list[str]]) -> str:
    total = len(pages)
    return "".join("\n".join(lines) + f"\n\n-- {n} of {total} --\n\n" for n, lines in enumerate(pages, start=1))


@pytest.fixture
def mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A sources folder with a three-page Kansas manual, made the one the settings name."""
    root = tmp_path / "sources"
    (root / "manuals").mkdir(parents=True)
    (root / "manuals" / f"{STATE}.txt").write_text(manual_text(PAGES), encoding="utf-8")
    (root / "manual-urls.tsv").write_text(f"state\tkind\tlang\turl\n{STATE}\tcar\ten\t{URL}\n", encoding="utf-8")
    monkeypatch.setenv("ROADLAW_SOURCES", str(root))
    return root


@pytest.fixture
def fake() -> Iterator[FakeProvider]:
    with FakeProvider(drafts={"knowledge-test": KNOWLEDGE_TEST, "park-hydrant": PARK_HYDRANT}) as server:
        yield server


@pytest.fixture(params=["anthropic", "openai"])
def provider(request: pytest.FixtureRequest, fake: FakeProvider, monkeypatch: pytest.MonkeyPatch) -> str:
    """Each provider in turn, its real SDK pointed at the fake."""
    if request.param == "anthropic":
        monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-fake")
        monkeypatch.setenv("ANTHROPIC_BASE_URL", fake.anthropic_url)
    else:
        monkeypatch.setenv("ROADLAW_OPENAI_BASE_URL", fake.openai_url)
    return str(request.param)


def sent(fake: FakeProvider, provider: str) -> list[Any]:
    return fake.draft_bodies("/v1/messages" if provider == "anthropic" else "/v1/chat/completions")


def user_text(body: Any) -> str:
    return str([message for message in body["messages"] if message["role"] == "user"][-1]["content"])


def committed_bytes() -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(CARDS_DIR.iterdir())}


def mirror_pages() -> dict[int, str]:
    return manual_pages(manual_text(PAGES))


def test_a_draft_keeps_only_passages_on_their_page_and_says_why_each_other_was_dropped(
    mirror: Path, provider: str, fake: FakeProvider, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = committed_bytes()
    out = tmp_path / "review" / f"{STATE}.toml"
    code = main(["cards", "draft", "--state", STATE, "--topic", "knowledge-test", "--out", str(out)])
    printed = capsys.readouterr()
    assert code == 0, printed.err
    # One request, with the topic's rule family and its pages, each under its number; not the speed page.
    [body] = sent(fake, provider)
    asked = user_text(body)
    assert "Rule family: after a crash and other duties" in asked and "A card on it must state: a figure" in asked
    assert f"[page 1]\n{page_text(mirror_pages()[1])}" in asked
    assert "[page 3]" not in asked
    # The dropped, each printed with its reason; the repeat kept once.
    lines = printed.out.splitlines()
    assert f'  dropped, p. 1, {NOT_ON_PAGE}: "{PARAPHRASED}"' in lines
    assert f'  dropped, p. 1, {REPEATED}: "{ON_PAGE["questions"]}"' in lines
    assert f'  dropped, p. 1, {FIGURE_NOT_QUOTED} (12): "{ON_PAGE["fee"]}"' in lines
    assert f'  dropped, p. 1, {PAST_THE_FIRST}: "{ON_PAGE["help"]}"' in lines
    assert PAST_THE_FIRST == f"past the first {MAX_PASSAGES}" == "past the first 5"
    assert "knowledge-test: pages 1, 2; 8 proposed, 4 kept, 4 dropped" in lines
    assert printed.err == ""
    # The draft parses as cards, in the committed cards' shape, each marked a draft.
    cards = load_card_file(out)
    assert [card.law for card in cards] == KEPT_RULES
    assert [card.quote for card in cards] == [ON_PAGE[key] for key in ("questions", "score", "wait", "languages")]
    raw = tomllib.loads(out.read_text(encoding="utf-8"))
    assert all(entry["draft"] is True for entry in raw["law"])
    assert "AWAITING REVIEW" in out.read_text(encoding="utf-8").splitlines()[0]
    for card in cards:
        assert card.topic == "knowledge-test" and card.kind == "manual" and card.page == 1
        assert card.question == "How many questions are on the permit test, and what score passes?"
        assert card.url == f"{URL}#page=1" and f"p. {card.page}" in card.reference
        assert on_the_page(page_text(card.quote), page_text(mirror_pages()[card.page])), card.id
    # Numbered after the state's committed cards, so they can be moved in as they are.
    committed = load_card_file(CARDS_DIR / f"{STATE}.toml")
    last = max(int(law.id.split("-M")[1]) for law in committed if "-M" in law.id)
    assert [card.id for card in cards] == [f"{STATE}-M{number:02d}" for number in range(last + 1, last + 5)]
    assert committed_bytes() == before


def test_a_passage_named_on_the_wrong_page_is_dropped_saying_where_it_stands() -> None:
    manual = Manual(STATE, mirror_pages(), URL)
    kept, dropped = verify(
        [
            Proposal(3, HYDRANT, "You may not park within 15 feet of a fire hydrant."),
            Proposal(1, HYDRANT, "You may not park within 15 feet of a fire hydrant."),
            Proposal(2, HYDRANT, "You may not park within 15 feet of a fire hydrant."),
            Proposal(2, "Within 20 feet of a crosswalk at an intersection.", ""),
        ],
        manual,
        given=[2, 3],
    )
    # "fifteen" on the page is the rule's 15.
    assert [(each.page, each.quote) for each in kept] == [(2, HYDRANT)]
    assert [each.reason for each in dropped] == [
        f"{NOT_ON_PAGE} (it stands on p. 2)",
        NOT_GIVEN,
        NO_RULE,
    ]


def test_the_first_five_found_stand_over_the_topic_pages_together() -> None:
    pages = {
        1: " ".join(f"Rule number {n} is on this page." for n in range(1, 5)),
        2: " ".join(f"Rule number {n} is on this page." for n in range(5, 8)),
    }
    manual = Manual(STATE, pages, URL)
    proposals = [Proposal(1 if n < 5 else 2, f"Rule number {n} is on this page.", f"Rule {n}.") for n in range(1, 8)]
    kept, dropped = verify(proposals, manual, given=[1, 2])
    assert [each.rule for each in kept] == [f"Rule {n}." for n in range(1, 6)]
    assert [(each.passage, each.reason) for each in dropped] == [
        (f"Rule number {n} is on this page.", PAST_THE_FIRST) for n in (6, 7)
    ]


def test_a_model_failure_on_one_topic_is_one_line_and_the_other_topics_are_drafted(
    mirror: Path, provider: str, fake: FakeProvider, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    # A deadline too short for a retry: the 500 ends its topic at once.
    monkeypatch.setenv("ROADLAW_MODEL_DEADLINE", "1.4")
    fake.drafts = {"knowledge-test": "500", "address-change": "prose", "park-hydrant": PARK_HYDRANT}
    out = tmp_path / f"{STATE}.toml"
    code = main(["cards", "draft", "--state", STATE, "--out", str(out)])
    printed = capsys.readouterr()
    assert code == 3
    errors = printed.err.splitlines()
    assert len(errors) == 2, errors
    assert errors[0].startswith("roadlaw: address-change: its reply was not the proposals' JSON;")
    assert errors[1].startswith("roadlaw: knowledge-test: ") and "500" in errors[1]
    assert all(line.endswith("; going on with the next topic") for line in errors)
    # Every topic whose pages were found was asked, the failed ones included, and the rest drafted.
    asked = {user_text(body).splitlines()[0].removeprefix("Topic id: ") for body in sent(fake, provider)}
    assert {"knowledge-test", "address-change", "park-hydrant", "speed-highway"} <= asked
    cards = load_card_file(out)
    assert [(card.topic, card.quote) for card in cards] == [("park-hydrant", HYDRANT)]
    assert "right-on-red: no page of the manual speaks of it; the model was not asked" in printed.out
    assert f"{STATE}: 58 topic(s), {len(asked)} asked, 2 failed; 1 proposed, 1 kept, 0 dropped" in printed.out


def test_the_draft_printed_to_stdout_parses_and_the_report_goes_to_stderr(
    mirror: Path, provider: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["cards", "draft", "--state", STATE, "--topic", "park-hydrant", "--out", "-"]) == 0
    printed = capsys.readouterr()
    [card] = tomllib.loads(printed.out)["law"]
    assert card["law"] == "You may not park within 15 feet of a fire hydrant." and card["draft"] is True
    assert card["citation"].endswith(f'p. 2 — "{HYDRANT}"')
    assert "park-hydrant: pages 2, 3; 1 proposed, 1 kept, 0 dropped" in printed.err


def test_the_default_draft_goes_to_the_data_folder_and_is_not_written_over(
    mirror: Path, provider: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = committed_bytes()
    args = ["cards", "draft", "--state", STATE, "--topic", "park-hydrant"]
    assert main(args) == 0
    written = tmp_path / "home" / "drafts" / f"{STATE}.toml"
    assert [card.quote for card in load_card_file(written)] == [HYDRANT]
    capsys.readouterr()
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "exists" in err and "--replace" in err
    assert main([*args, "--replace"]) == 0
    assert committed_bytes() == before


def test_a_draft_is_never_written_into_the_cards(
    mirror: Path, provider: str, fake: FakeProvider, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    before = committed_bytes()
    for out in (CARDS_DIR / f"{STATE}.toml", CARDS_DIR / "sub" / "x.toml"):
        assert main(["cards", "draft", "--state", STATE, "--topic", "park-hydrant", "--out", str(out)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "inside the cards in use" in err
    working = tmp_path / "cards"
    working.mkdir()
    monkeypatch.setenv("ROADLAW_CARDS", str(working))
    assert main(["cards", "draft", "--state", STATE, "--out", str(working / f"{STATE}.toml")]) == 2
    assert "inside the cards in use" in capsys.readouterr().err
    assert list(working.iterdir()) == []
    # Refused before the model was asked.
    assert sent(fake, provider) == []
    assert committed_bytes() == before


def test_without_a_model_it_names_the_settings_to_set(mirror: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "draft", "--state", STATE, "--out", "-"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "ANTHROPIC_API_KEY" in err and "ROADLAW_OPENAI_BASE_URL" in err


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--state", "XX"], "unknown state 'XX'"),
        (["--state", "DC"], "no sources yet"),
        (["--state", STATE, "--topic", "hydrant"], "no topic 'hydrant'"),
    ],
)
def test_an_unknown_state_or_topic_is_one_line(
    mirror: Path, provider: str, args: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["cards", "draft", *args, "--out", "-"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and said in err


def test_the_rules_ask_for_verbatim_passages_and_the_help_lists_the_command() -> None:
    assert "character for character" in DRAFT_RULES["verbatim"]
    assert f"at most {MAX_PASSAGES}" in DRAFT_RULES["at_most"]
    assert "cards" in parser().format_help()


def test_a_reply_not_in_the_schema_is_unreadable_and_a_malformed_entry_is_kept_to_be_dropped() -> None:
    assert proposals_from_text("Here are the passages.") is None
    assert proposals_from_text(json.dumps({"searches": []})) is None
    assert proposals_from_text(json.dumps({"proposals": []})) == []
    read = proposals_from_text(json.dumps({"proposals": [{"page": True, "passage": 7}, "x"]}))
    assert read == [Proposal(0, "", ""), Proposal(0, "", "")]
    manual = Manual(STATE, mirror_pages(), URL)
    kept, dropped = verify(read or [], manual, given=[1])
    assert kept == [] and [each.reason for each in dropped] == [EMPTY, EMPTY]
