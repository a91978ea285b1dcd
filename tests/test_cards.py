"""Every card names a topic of the typology, states no figure its quote does not, and no state
says one rule twice; a topic marked absent was searched, and has no card."""

from __future__ import annotations

import tomllib
from collections import defaultdict

import pytest

from roadlaw.cardcheck import figures_not_quoted
from roadlaw.corpus import cards_dir, load_cards
from roadlaw.topics import load_topics

CARDS = load_cards()
ALL = [law for laws in CARDS.by_state.values() for law in laws]
TOPICS = load_topics()


def test_the_typology_has_the_topics_learners_ask_about() -> None:
    assert 40 <= len(TOPICS) <= 60
    for topic in TOPICS.values():
        assert topic.question.endswith("?") and topic.question_es.endswith("?"), topic.id
        assert topic.states != "figure" or topic.unit, f"{topic.id} states a figure without a unit"


@pytest.mark.parametrize("law", ALL, ids=[law.id for law in ALL])
def test_a_card_names_a_topic_and_states_only_figures_its_quote_holds(law) -> None:
    assert law.topic in TOPICS, f"{law.id}: topic {law.topic!r} is not in topics.toml"
    missing = figures_not_quoted(law.law, law.quote)
    assert not missing, f"{law.id}: the rule states {missing}, which its quote does not"


def test_no_state_says_one_rule_twice() -> None:
    for state, laws in CARDS.by_state.items():
        said: dict[tuple[str, str], str] = {}
        for law in laws:
            rule = " ".join(law.law.lower().split())
            assert (law.topic, rule) not in said, f"{state}: {law.id} repeats {said[(law.topic, rule)]}"
            said[(law.topic, rule)] = law.id


def test_a_topic_marked_absent_was_searched_and_has_no_card() -> None:
    covered: dict[str, set[str]] = defaultdict(set)
    for law in ALL:
        covered[law.state].add(law.topic)
    for path in sorted(cards_dir().glob("*.toml")):
        state = path.stem.upper()
        for entry in tomllib.loads(path.read_text(encoding="utf-8")).get("absent", []):
            topic = entry.get("topic")
            assert topic in TOPICS, f"{path.name}: absent topic {topic!r} is not in topics.toml"
            assert str(entry.get("searched", "")).strip(), (
                f"{path.name}: absent {topic} does not say how it was searched"
            )
            assert topic not in covered[state], f"{path.name}: {topic} is marked absent but has a card"


def test_colorados_refusal_card_says_for_how_long_the_licence_is_revoked() -> None:
    # The handbook says for how long (p. 8); a card that said only "may be revoked" (p. 6) answered
    # "what happens if i say no to a breathalyzer" with less than the manual does.
    refusal = next(law for law in CARDS.by_state["CO"] if law.topic == "implied-consent")
    assert "revoked for one year" in refusal.law and "two years" in refusal.law
    assert refusal.page == 8 and "revoked for one year" in refusal.quote


def test_colorados_emergency_vehicle_card_gives_both_speeds_of_page_14() -> None:
    # Slowing past an emergency vehicle one cannot move over for is 25 mph where the limit is 45 or
    # less (p. 14); the card for any vehicle with its hazards on (p. 30, 20 mph under) answered
    # "how slow if the limit is 40" with a speed the handbook does not give for it.
    cards = [law for law in CARDS.by_state["CO"] if law.topic == "move-over"]
    tiers = [law for law in cards if "25 mph" in law.law and "45 mph" in law.law]
    assert len(tiers) == 1 and tiers[0].page == 14
    assert "25 MPH if the posted speed limit is 45 MPH or less" in tiers[0].quote
    assert "20 MPH under the posted speed limit" in tiers[0].quote


def test_colorados_school_bus_card_says_a_median_of_any_road_lets_the_other_side_go_on() -> None:
    # p. 14: no stop where a median or other physical barrier separates the bus (p. 23's card speaks only of a
    # divided highway of four or more lanes), asked "if there's a median between us".
    cards = [law for law in CARDS.by_state["CO"] if law.topic == "school-bus-divided"]
    barrier = [law for law in cards if "physical barrier" in law.law]
    assert len(barrier) == 1 and barrier[0].page == 14
    assert "You are not required to stop if there is a median or other physical barrier" in barrier[0].quote


def test_wisconsins_crash_report_card_names_the_government_property_a_sign_is() -> None:
    # p. 51 lists $200 of damage to government property ("signs, guard rails") beside $1,000 of any other; a card
    # that said only "$1,000 ..., among other cases" answered "i backed into a stop sign and bent it" with $1,000.
    report = next(law for law in CARDS.by_state["WI"] if law.topic == "crash-report")
    assert "$200" in report.law and "$1,000" in report.law
    assert "Government property damage of $200 or more (ex: signs, guard rails)" in report.quote
