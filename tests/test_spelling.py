"""A learner's misspelt word put right from the state's own laws, and nothing else changed."""

from __future__ import annotations

from roadlaw.corpus import Law
from roadlaw.retrieval.spelling import Speller

LAWS = [
    Law(f"OH-M0{at}-01", "OH", "manual", text, "Rules", "Ohio Driver Manual, p. 1", "https://x.example", 1, "manual")
    for at, text in enumerate(
        [
            "Do not park within 10 feet of a fire hydrant. Pull onto the shoulder and stop.",
            "Who goes first at a four-way stop: the first to arrive. The first driver to stop goes first.",
            "Residents of towns and cities must obey the road signs on every road in town limits.",
        ]
    )
]


def test_a_misspelt_word_is_put_right_from_the_laws() -> None:
    speller = Speller()
    assert speller.corrected("how close to a hydrent can i park", "OH", LAWS) == "how close to a hydrant can i park"
    assert speller.corrected("who goes frist at a 4 way stop", "OH", LAWS) == "who goes first at a 4 way stop"
    assert speller.corrected("stopped on the sholder", "OH", LAWS) == "stopped on the shoulder"
    # A learner's own word misspelt is put right to it, for the glossary to read.
    assert speller.corrected("if i refuse the breathalizer", "OH", LAWS) == "if i refuse the breathalyzer"


def test_words_that_are_not_misspelt_stay_as_typed() -> None:
    speller = Speller()
    for question in (
        "who was the first president",  # one edit from "residents", but in its first letter
        "where can you make a u turn in town",  # "town" is the laws' "towns"
        "can i get pulled over for underglow lights",  # nothing one edit away
        "is it legal to go barefoot",
    ):
        assert speller.corrected(question, "OH", LAWS) == question


def test_a_learners_slang_is_not_put_right() -> None:
    buses = [
        Law(
            "OH-M09-01",
            "OH",
            "manual",
            "Stop for a school bus. A bus with flashing lights.",
            "Buses",
            "p",
            "u",
            1,
            "manual",
        )
    ]
    assert Speller().corrected("can i bust a u turn here", "OH", buses) == "can i bust a u turn here"
    assert Speller().corrected("can i pass a bus with flahsing lights", "OH", buses) == (
        "can i pass a bus with flashing lights"
    )


def test_a_real_word_the_laws_do_not_use_is_not_put_right() -> None:
    laws = [
        Law(
            "OH-M13-01",
            "OH",
            "manual",
            "You have been warned. Pay the toll. Use the brake.",
            "Tolls",
            "p",
            "u",
            1,
            "manual",
        )
    ] * 2
    # Each is one edit from a word these laws use, and a word of its own: left as typed.
    for question in ("im 20 can i have one beer", "my car broke down", "tell the police"):
        assert Speller().corrected(question, "OH", laws) == question


def test_the_words_are_counted_again_for_a_rebuilt_table() -> None:
    speller = Speller()
    assert speller.corrected("a hydrent", "OH", LAWS) == "a hydrant"
    rebuilt = LAWS[1:]
    assert speller.corrected("a hydrent", "OH", rebuilt) == "a hydrent"


def test_a_word_of_a_learners_phrase_the_glossary_reads_is_not_put_right() -> None:
    does = [
        Law("OH-M10-01", "OH", "manual", "Does your car stall? Look both ways.", "Crossings", "p", "u", 1, "manual")
    ]
    # "dies" is one edit from "does", which the laws use; "car dies" is the glossary's, read as "car stalls".
    question = "what do i do if my car dies on the train tracks"
    assert Speller().corrected(question, "OH", does * 2) == question


def test_a_british_spelling_is_put_as_the_manuals_spell_it() -> None:
    types = [
        Law(
            "OH-M11-01",
            "OH",
            "manual",
            "Each type of vehicle has tires. Check the type.",
            "Tires",
            "p",
            "u",
            1,
            "manual",
        )
    ]
    # One edit from "tyre" is "type" too, which these laws say more often than "tire".
    assert Speller().corrected("a tyre blows out", "OH", types) == "a tire blows out"
    assert (
        Speller().corrected("a manoeuvre 10 metres from the kerb", "OH", types) == "a maneuver 10 meters from the curb"
    )


def test_texting_is_not_a_test() -> None:
    tests = [Law("OH-M12-01", "OH", "manual", "Pass the test. The test is written.", "Tests", "p", "u", 1, "manual")]
    assert Speller().corrected("can i text at a red light", "OH", tests) == "can i text at a red light"


def test_an_everyday_word_is_told_from_a_rare_one() -> None:
    from roadlaw.retrieval.spelling import everyday

    assert everyday("somewhere") and everyday("came")
    assert not everyday("barefoot") and not everyday("radar")


def test_a_unit_cut_short_is_put_whole() -> None:
    from roadlaw.answering.reading import asked_for

    laws = [Law("OH-M13-01", "OH", "manual", "Mind the gap. Park 10 feet away.", "Parking", "p", "u", 1, "manual")]
    # "mins" was put right to "mind", one edit away; "ft" and "secs" read as no unit at all.
    assert Speller().corrected("how many mins after sunset", "OH", laws) == "how many minutes after sunset"
    fixed = Speller().corrected("how many ft from a hydrant, and how many secs behind a car", "OH", laws)
    assert fixed == "how many feet from a hydrant, and how many seconds behind a car"
    assert asked_for(fixed).measures[:1] == ("distance",)
    assert Speller().corrected("do i need 50 hrs? im 16 yr old", "OH", laws) == "do i need 50 hours? im 16 yr old"
    # A minimum is as often "min" as a minute: left as typed.
    assert Speller().corrected("whats the min age", "OH", laws) == "whats the min age"


def test_like_said_before_a_figure_is_left_out() -> None:
    speller = Speller()
    assert (
        speller.corrected("how many points for going like 20 over", "OH", LAWS) == "how many points for going 20 over"
    )
    assert speller.corrected("can i drive at like 1am", "OH", LAWS) == "can i drive at 1am"
    # Not before a figure, it stays: "like" may be the question's own word.
    for question in ("is it like illegal to park by a hydrant", "can i drive a car like a truck"):
        assert speller.corrected(question, "OH", LAWS) == question
