from roadlaw.corpus import Law
from roadlaw.retrieval.words import WordIndex, language_of, tokens


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


def test_with_choices_each_law_scores_its_best_reading() -> None:
    laws = [
        law("MD-M001-01", "Do not park within 15 feet of a fire hydrant."),
        law("MD-M002-01", "Do not park within 30 feet of a stop sign or a traffic signal."),
        law("MD-M003-01", "Dim your headlights within 500 feet of an oncoming vehicle."),
        law("MD-M004-01", "Park within 12 inches of the curb."),
    ]
    index = WordIndex(laws)
    question, choices = "How close may I park to it?", ["15 feet from a fire hydrant", "500 feet from a signal"]
    best: dict[str, float] = {}
    for choice in choices:
        for hit in index.search(f"{question} {choice}", 10):
            best[hit.id] = max(best.get(hit.id, 0.0), hit.score)
    hits = index.search(question, 10, choices=choices)
    assert {hit.id: hit.score for hit in hits} == best
    assert hits[0].id == "MD-M001-01"
    # All the choices in one query would let a wrong choice's words add up for one law.
    assert {hit.id: hit.score for hit in index.search(f"{question} {' '.join(choices)}", 10)} != best
    # No choices: the question alone.
    assert index.search(question, 10, choices=[]) == index.search(question, 10)


def test_a_u_turn_is_one_word_and_a_learners_u_is_you() -> None:
    assert tokens("Are U-turns legal? make a u turn, are u turns ok") == [
        "uturn",
        "legal",
        "make",
        "uturn",
        "uturn",
        "ok",
    ]
    # "can u turn right on red": the learner's "u" is "you", and the turn is a right turn.
    assert tokens("can u turn right on red, ur car") == ["turn", "right", "red", "car"]


def test_the_weather_said_of_the_road_is_the_weather() -> None:
    # Snowball stems "foggy" to "foggi", apart from "fog": the manual's fog rule was never found by it.
    assert tokens("foggy icy snowy rainy") == tokens("fog ice snow rain") == ["fog", "ice", "snow", "rain"]
    laws = [
        law("MO-M066-03", "If the fog becomes so thick you cannot see, pull off the road and stop."),
        law("MO-M031-01", "Use your low beams when you come within 500 feet of an oncoming vehicle."),
    ]
    assert [hit.id for hit in WordIndex(laws).search("its super foggy out, what now")] == ["MO-M066-03"]


def test_an_hour_glued_to_am_or_pm_is_the_hour_as_the_manuals_say_it() -> None:
    assert tokens("can i drive at like 1am or 11pm") == ["drive", "like", "1", "m", "11", "p", "m"]
    assert tokens("until 1 a.m., after 11 p.m.") == ["until", "1", "m", "after", "11", "p", "m"]
    # Not a learner's "am" after their age.
    assert tokens("im 17 am i allowed") == ["im", "17", "allow"]
