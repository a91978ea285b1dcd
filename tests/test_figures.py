from roadlaw.answering.figures import figures_in, in_digits


def test_digits_and_number_words_are_the_same_figure() -> None:
    assert figures_in("within fifteen feet") == figures_in("within 15 feet") == {"15"}
    assert figures_in("twenty-five mph") == {"25"}
    assert figures_in("one hundred feet") == {"100"}
    assert figures_in("1,000 feet") == {"1000"}
    assert figures_in(".08 or 0.08") == {"0.08"}


def test_one_alone_is_not_a_figure() -> None:
    assert figures_in("the one ahead of you") == set()


def test_and_joins_number_words_only_after_hundred_or_thousand() -> None:
    assert in_digits("one hundred and five feet") == "105 feet"
    assert in_digits("the two- and three-second rules") == "the 2- and 3-second rules"
    assert figures_in("between two and three seconds") == {"2", "3"}


def test_in_digits() -> None:
    assert in_digits("Park no closer than five feet, twenty-five mph.") == "Park no closer than 5 feet, 25 mph."
