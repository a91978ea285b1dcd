from roadlaw.corpus import Law
from roadlaw.words import WordIndex, language_of, tokens


def law(ident: str, text: str, question: str = "") -> Law:
    return Law(ident, "MD", "manual", text, question, "p. 1", "u", page=1, origin="manual")


def test_ties_are_broken_by_id_whatever_the_order_given() -> None:
    laws = [
        law("MD-M003-01", "Do not park near a fire hydrant."),
        law("MD-M001-01", "Do not park near a fire hydrant."),
    ]
    for order in (laws, laws[::-1]):
        hits = WordIndex(order).search("park near a hydrant")
        assert [hit.id for hit in hits] == ["MD-M001-01", "MD-M003-01"]


def test_the_question_field_is_searched_too() -> None:
    laws = [law("MD-M001-01", "Stay 15 feet away.", "How close to a hydrant can I park?"), law("MD-M002-01", "Signal.")]
    assert WordIndex(laws).search("hydrant")[0].id == "MD-M001-01"


def test_no_shared_word_finds_nothing() -> None:
    assert WordIndex([law("MD-M001-01", "Signal before turning.")]).search("capital of France") == []


def test_language() -> None:
    assert language_of("¿Qué tan cerca de un hidrante puedo estacionar?") == "spanish"
    assert language_of("How close can I park to a hydrant?") == "english"
    assert tokens("parking parked", "english") == ["park", "park"]
    assert tokens("estacionar estacionamiento", "spanish")[0].startswith("estacion")
    assert language_of("Как близко можно парковаться?") == "none"
