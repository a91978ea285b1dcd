"""A card is shown with the manual passage behind it as its second source (retrieval.backing)."""

from __future__ import annotations

from pathlib import Path

import pytest

from roadlaw.corpus import Law, load_cards
from roadlaw.pipeline import Pipeline
from roadlaw.retrieval.backing import also_stating, passages_behind, sources_first, with_passages_behind
from roadlaw.retrieval.embedders import USEEmbedder
from roadlaw.retrieval.index import MeaningStage, index_state
from roadlaw.sources.build import MirrorSources, build
from roadlaw.store import Store


def passage(ident: str, text: str) -> Law:
    return Law(ident, "OH", "manual", text, "Parking", f'Ohio Driver Manual, p. 26 — "{text}"', "u", 26, "manual")


def card(ident: str, rule: str, quote: str, kind: str = "manual") -> Law:
    return Law(
        ident, "OH", kind, rule, "How close to a fire hydrant can I park?", f'Source — "{quote}"', "u", 26, "card"
    )


HYDRANT = passage(
    "OH-M026-01",
    "Never park: • In a crosswalk; • Within 10 feet of a fire hydrant; • Within 20 feet of a crosswalk;",
)
CURB = passage("OH-M026-02", "Park parallel to and not more than 12 inches from the right curb.")


def test_a_manual_card_is_backed_by_the_passage_that_holds_its_quote() -> None:
    hydrant = card("OH-M01", "Do not park within 10 feet of a fire hydrant.", "Within 10 feet of a fire hydrant;")
    assert passages_behind([CURB, HYDRANT, hydrant]) == {"OH-M01": "OH-M026-01"}


def test_a_statute_card_is_backed_only_by_a_passage_stating_its_figures() -> None:
    statute = card(
        "OH-S01", "Do not park within 10 feet of a fire hydrant.", "within ten feet of a fire hydrant", "statute"
    )
    assert passages_behind([CURB, HYDRANT, statute]) == {"OH-S01": "OH-M026-01"}
    other = card("OH-S02", "Do not park within 15 feet of a fire hydrant.", "fifteen feet of a fire hydrant", "statute")
    assert passages_behind([CURB, HYDRANT, other]) == {}


def test_a_card_whose_quote_no_passage_holds_has_nothing_behind_it() -> None:
    lonely = card("OH-M09", "Turn on your headlights 30 minutes after sunset.", "from sunset to sunrise and in rain")
    assert passages_behind([CURB, HYDRANT, lonely]) == {}


def test_the_first_cards_passage_comes_right_after_it_and_the_list_keeps_its_length() -> None:
    behind = {"C1": "P9", "C2": "P8"}
    assert with_passages_behind(["P1", "C1", "P2", "C2"], behind, 4) == ["P1", "C1", "P9", "P2"]
    # Already retrieved: left where it is.
    assert with_passages_behind(["C1", "P1", "P9"], behind, 3) == ["C1", "P1", "P9"]
    assert with_passages_behind(["P1", "P2"], behind, 2) == ["P1", "P2"]


def test_the_passage_holding_a_cards_quote_is_listed_before_the_card() -> None:
    hydrant = card("OH-M01", "Do not park within 10 feet of a fire hydrant.", "Within 10 feet of a fire hydrant;")
    curb = card("OH-M02", "Park within 12 inches of the curb.", "not more than 12 inches from the right curb.")
    by_id = {law.id: law for law in (hydrant, curb, HYDRANT, CURB)}
    behind = {"OH-M01": "OH-M026-01", "OH-M02": "OH-M026-02"}
    # Moved before its card; brought in before a later card, the last law giving way. The answer
    # weighs the same laws as found, a passage brought in right after its card.
    listed, weighed = sources_first(["OH-M01", "P1", "OH-M026-01", "OH-M02", "P2"], behind, by_id, 5)
    assert listed == ["OH-M026-01", "OH-M01", "P1", "OH-M026-02", "OH-M02"]
    assert weighed == ["OH-M01", "P1", "OH-M026-01", "OH-M02", "OH-M026-02"]
    # Already before it: as it was. A card in the last place keeps it: its passage would push it out.
    assert sources_first(["OH-M026-01", "OH-M01"], behind, by_id, 2) == (["OH-M026-01", "OH-M01"],) * 2
    assert sources_first(["P1", "OH-M01"], behind, by_id, 2) == (["P1", "OH-M01"],) * 2
    # A statute card's passage states its rule in other words: the statute stays first.
    statute = card("OH-S01", "Do not park within 10 feet of a fire hydrant.", "within ten feet of a hydrant", "statute")
    by_id[statute.id] = statute
    ids = ["OH-S01", "OH-M026-01"]
    assert sources_first(ids, {"OH-S01": "OH-M026-01"}, by_id, 2) == (ids, ids)


@pytest.mark.shared
def test_a_card_answer_cites_its_card_and_the_manual_passage_behind_it(
    sources: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    home = tmp_path_factory.mktemp("backed")
    cards = load_cards()
    store = Store(home)
    [result] = build(store, ["OH"], MirrorSources(sources).read, cards)
    assert type(result).__name__ == "Built", result
    embedder = USEEmbedder()
    index_state(home, "OH", store.laws_of("OH"), embedder)
    store.close()
    pipeline = Pipeline(home, cards=cards, meaning=MeaningStage(home, embedder))

    shown = pipeline.ask("OH", "how close can i park to a fire hydrant in ohio", log=False)

    assert shown.came_from == "card"
    assert "10 feet" in shown.answer
    first, second = shown.sources
    assert first.origin == "card" and second.origin == "manual"
    assert first.quote.rstrip(";") in second.text
    assert second in shown.retrieved
    # Listed with the passage it quotes first; weighed by the answer with the card first.
    found = pipeline.retrieve("OH", "how close can i park to a fire hydrant in ohio")
    listed = [law.id for law in found.laws]
    assert listed.index(second.id) < listed.index(first.id)
    weighed = [law.id for law in found.weighed or found.laws]
    assert weighed.index(first.id) < weighed.index(second.id) and set(weighed) == set(listed)


def test_a_card_is_also_shown_where_else_the_retrieved_manual_states_its_rule() -> None:
    hydrant = card("OH-M01", "Do not park within 10 feet of a fire hydrant.", "Within 10 feet of a fire hydrant;")
    again = passage("OH-M090-01", "Review: do not park within 10 feet of a fire hydrant or on a crosswalk.")
    elsewhere = passage("OH-M091-01", "Do not park within 15 feet of a fire hydrant on a state route.")
    laws = [hydrant, HYDRANT, CURB, elsewhere, again]
    assert also_stating(hydrant, laws, besides=["OH-M01", "OH-M026-01"]) == "OH-M090-01"
    # A passage with the same words and another figure states another rule.
    assert also_stating(hydrant, [hydrant, elsewhere, CURB]) is None
