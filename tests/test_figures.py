from roadlaw.answering.figures import figures_in, figures_said, figures_stated, in_digits


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


def test_a_unit_counted_on_top_of_another_is_still_its_unit() -> None:
    # "one additional second" for night driving states 1 second, as "one second" would.
    assert in_digits("adding at least one additional second at night") == "adding at least 1 additional second at night"
    assert figures_in("at least two additional seconds") == {"2"}
    # "one more" with no unit after it stays a word.
    assert in_digits("try one more time") == "try one more time"


def test_in_digits() -> None:
    assert in_digits("Park no closer than five feet, twenty-five mph.") == "Park no closer than 5 feet, 25 mph."


def test_one_before_a_unit_of_time_or_miles_is_a_figure() -> None:
    assert (
        in_digits("increased by one-second for each adversity factor")
        == "increased by 1-second for each adversity factor"
    )
    assert in_digits("hold it for one year") == "hold it for 1 year"
    # Alone, or before the driver's foot, it stays a word.
    assert in_digits("keep one foot on the brake; the one ahead") == "keep one foot on the brake; the one ahead"


def said(text: str) -> list[str]:
    return [str(figure) for figure in figures_said(text)]


def stated(text: str) -> list[str]:
    return [str(figure) for figure in figures_stated(text)]


def test_figures_are_read_with_their_units_however_written() -> None:
    assert said("25ft, 25feet, 25 ft., 25-foot, twenty-five feet, XXV feet") == ["25 feet"] * 6
    assert said("55mph, 55 miles per hour, 55 m.p.h.") == ["55 mph"] * 3
    assert said("$50, 50 dollars, 0.08%, 0.08 percent") == ["50 dollars", "50 dollars", "0.08 percent", "0.08 percent"]
    assert said("15 metres, 15 m, 15 yards, 70 km/h, 10 a.m., 5 pies") == [
        "15 metres", "15 metres", "15 yards", "70 km/h", "10 a.m.", "5 feet",
    ]  # fmt: skip
    assert said("your 25th birthday, the twenty-fifth, the fourteenth") == ["25", "25", "14"]


def test_a_ranges_first_end_takes_the_unit_of_its_second() -> None:
    assert said("between 15 and 50 feet") == ["15 feet", "50 feet"]
    assert said("15-20 mph") == ["15 mph", "20 mph"]


def test_words_that_are_only_sometimes_figures_ground_but_are_not_claimed() -> None:
    # "one", "first", "second", "third" said alone are words; a law that says them states the figure.
    assert said("the one ahead, first check your mirrors") == []
    assert stated("the one ahead, first check your mirrors") == ["1", "1"]
    assert said("one year") == ["1 years"]
    # A capital I or V is a word, not a numeral, unless a unit follows.
    assert said("Can I park? Vitamin V") == []


def test_a_run_of_number_words_that_is_several_numbers_stays_several() -> None:
    assert said("three eight-hour shifts") == ["3", "8 hours"]
    assert in_digits("litter pick-up for three eight-hour shifts") == "litter pick-up for 3 8-hour shifts"
    assert said("one hundred and five feet, twenty five") == ["105 feet", "25"]


def test_a_or_an_before_a_unit_of_time_counts_one_where_a_word_counts_it() -> None:
    assert in_digits("It takes at least an hour per drink.") == "It takes at least 1 hour per drink."
    assert in_digits("Report it within a year.") == "Report it within 1 year."
    # A rate, a date, half of one and an ordinal stay as written.
    for kept in ("55 miles an hour", "once in a day", "12 months a year", "on a day school is in session",
                 "half an hour", "a second offense"):  # fmt: skip
        assert in_digits(kept) == kept
