"""Follow-ups read with their thread (retrieval.followup): which lean on it, how they read, and the ask path."""

from __future__ import annotations

from pathlib import Path

import pytest

from roadlaw.answering.request import Turn
from roadlaw.corpus import Law, load_cards
from roadlaw.pipeline import Pipeline
from roadlaw.retrieval.followup import added, combined, followed, leans_on_thread, thread_reading
from roadlaw.store import Store, rows_digest
from tests.helpers import LAWS

EARLIER = ["how fast can I drive on the interstate"]


@pytest.mark.parametrize(
    "question",
    [
        "and a stop sign?",
        "what about train tracks?",
        "how about on a highway",
        "and how many of those at night?",
        "what if I'm under 18",
        "and when I'm behind someone?",
        "or in a school zone?",
        "does that go up after six months?",
        "at night?",
        "and how many friends can ride with me then",
        "same deal for a tractor on a farm road?",
        "even if its on the other side of the road?",
        # "k" is a learner's "ok".
        "k and how many have to be done after dark",
        # Driving is what every follow-up is about: it says nothing of its own.
        "and can i drive over the hose if its lying across the street",
        # Nor do the words any question is put with ("any", "some", "until", "anymore").
        "is there any way to get some of those taken off",
        # Several things pointed back at ("some of them", "some off") may take a word more.
        "can i take a class to get some of them taken off? how many",
        "can a driving class take some off",
        # Doing what the question before named leans on it, whatever else it names.
        "can i cross the center line to do that even if its a no passing zone",
        "how long until that rule doesnt apply to me anymore",
        "what if hes coming home from his shift at work late",
        # Or it asks the thread's question of one more case, "too".
        "can my friends ride in the back too or no",
        # Who is with the asker, that a thing is there, and an age told name no subject of their own.
        "what if im on the other side and theres a median between us",
        "does my 20 yr old cousin count as the person supervising those",
        # A count with nothing counted counts the thread's thing.
        "how many do u need before they send you a warning letter",
        # A word said twice says no more: five words of its own, "lane" once.
        "what if its a 5 lane road with a turn lane in the middle",
    ],
)
def test_a_follow_up_that_says_only_what_changed_leans_on_the_thread(question: str) -> None:
    assert leans_on_thread(question, EARLIER)


@pytest.mark.parametrize(
    "question",
    [
        "how far from a hydrant can I park",
        "when do I have to have my headlights on",
        "is it legal to drive barefoot",
        "what if I get pulled over and refuse to take the breath test",
        "do I have to stop for a school bus that has its red lights flashing",
        "can a 16 year old drive after midnight with friends in the car",
        "can some people drive without a license",
        "what should i do if a deer jumps out",
        "how many points do i need before they send you a warning letter",
    ],
)
def test_a_question_with_its_own_subject_stands_alone(question: str) -> None:
    assert not leans_on_thread(question, EARLIER)


def test_with_nothing_before_it_nothing_leans() -> None:
    assert not leans_on_thread("and a stop sign?", [])
    assert thread_reading("and a stop sign?", []) is None


def test_the_follow_up_takes_the_place_of_the_part_it_puts_otherwise() -> None:
    # A thing in place of the earlier question's last place.
    assert combined("how close to a crosswalk can I park", "and a stop sign?") == "how close to a stop sign can i park"
    assert combined("how close can I park to a fireplug", "what about train tracks?") == (
        "how close can i park to train tracks"
    )
    # A condition in place of the condition, a time in place of the time.
    assert combined("when do I dim my brights if a car is coming toward me", "what about if I'm behind someone") == (
        "when do i dim my brights if im behind someone"
    )
    assert combined("after 6 months with my license how many friends can ride with me", "and after a year?") == (
        "after a year with my license how many friends can ride with me"
    )
    # "to" before a verb is not a place: the road the bus stops on is what changes.
    assert combined("on a two lane road do cars have to stop for a school bus", "what about a divided highway") == (
        "on a divided highway do cars have to stop for a school bus"
    )


def test_a_follow_up_that_points_back_or_asks_anew_is_added_whole() -> None:
    assert combined("how many hours of practice do I need", "and how many of those at night?") == (
        "how many hours of practice do i need how many of those at night"
    )
    assert combined("can I use my phone while driving", "what if I'm 17") == "can i use my phone while driving im 17"
    # No part of the same kind to put it in: added after.
    assert combined("can I turn right on red", "what about in the city") == "can i turn right on red in the city"
    assert followed("And what about a stop sign?") == "a stop sign"


def test_the_search_keeps_the_earlier_question_whole() -> None:
    assert added("how close to a crosswalk can I park", "and a stop sign?") == (
        "how close to a crosswalk can i park a stop sign"
    )


def test_a_thread_is_read_from_its_first_question() -> None:
    history = [Turn("how close to a crosswalk can I park", ""), Turn("and a stop sign?", "")]
    reading = thread_reading("what about a fire hydrant", [turn.question for turn in history])
    assert reading is not None
    assert reading.earlier == "how close to a stop sign can i park"
    assert reading.reading == "how close to a fire hydrant can i park"
    assert reading.searched == "how close to a stop sign can i park a fire hydrant"
    # A question of its own after a thread starts over.
    assert thread_reading("how far from a hydrant can I park", [turn.question for turn in history]) is None


PARKING = Law(
    id="MD-M10",
    state="MD",
    kind="manual",
    law="You may not park within 20 feet of a crosswalk. You may not park within 30 feet of a stop sign.",
    question="",
    citation='Maryland Driver\'s Manual, p. 40 — "You may not park"',
    url="https://example.org/md/manual.pdf",
    page=40,
    origin="manual",
)
STOP_SIGNS = Law(
    id="MD-M11",
    state="MD",
    kind="manual",
    law="Stop signs. At a stop sign, come to a complete stop at the stop line and yield to traffic.",
    question="",
    citation='Maryland Driver\'s Manual, p. 22 — "At a stop sign"',
    url="https://example.org/md/manual.pdf",
    page=22,
    origin="manual",
)
BEAMS = Law(
    id="MD-M12",
    state="MD",
    kind="manual",
    law="Headlights. Use low beams within 500 feet of an oncoming vehicle.",
    question="",
    citation='Maryland Driver\'s Manual, p. 30 — "Use low beams"',
    url="https://example.org/md/manual.pdf",
    page=30,
    origin="manual",
)


@pytest.fixture
def sample(tmp_path: Path) -> Pipeline:
    """A pipeline over the sample laws, words alone (no meaning stage)."""
    cards = load_cards()
    store = Store(tmp_path / "sample")
    store.replace_state(
        "MD", [*LAWS, PARKING, STOP_SIGNS, BEAMS], source="test",
        cards_sha256=rows_digest(cards.of("MD")), sources_sha256="x",
    )  # fmt: skip
    store.close()
    return Pipeline(tmp_path / "sample", cards=cards)


def test_a_follow_up_retrieves_and_answers_from_the_law_its_reading_finds(sample: Pipeline) -> None:
    alone = sample.retrieve("MD", "and a stop sign?")
    assert alone.laws[0].id == "MD-M11" and alone.reading == ""
    first = sample.ask("MD", "how close to a crosswalk can I park", log=False)
    history = [Turn(first.question, first.answer, [law.id for law in first.sources])]
    found = sample.retrieve("MD", "and a stop sign?", history)
    assert found.reading == "how close to a stop sign can i park"
    assert found.laws[0].id == "MD-M10"
    shown = sample.ask("MD", "and a stop sign?", log=False, history=history)
    assert "30 feet of a stop sign" in shown.answer and [law.id for law in shown.sources] == ["MD-M10"]


def test_the_thread_is_read_from_the_log_as_the_app_asks(sample: Pipeline) -> None:
    sample.ask("MD", "how close to a crosswalk can I park", thread="t1")
    shown = sample.ask("MD", "and a stop sign?", thread="t1")
    assert "30 feet" in shown.answer
    # A question with a subject of its own is asked as typed, thread or not.
    own = sample.ask("MD", "when must I use low beams", thread="t1")
    assert "500 feet" in own.answer
    assert sample.retrieve("MD", "when must I use low beams", sample.history("t1", "MD")).reading == ""


def test_a_place_led_otherwise_takes_the_place_of_the_earlier_place() -> None:
    # "near a stop sign" after "to railroad tracks": the place changes, whatever leads it.
    assert combined("how close can i park to railroad tracks", "what about near a stop sign") == (
        "how close can i park near a stop sign"
    )
    assert combined("how close can i park to railroad tracks", "what about a stop sign") == (
        "how close can i park to a stop sign"
    )
    # "to" before a road thing that is also a verb is what one does, not a place.
    assert combined("when is it safe to cross the street", "what about at night") == (
        "when is it safe to cross the street at night"
    )


def test_what_if_puts_a_condition_not_a_place() -> None:
    assert combined(
        "how much space should i leave behind the car in front of me", "what if the roads are slippery"
    ) == ("how much space should i leave behind the car in front of me if the roads are slippery")


def test_what_if_does_not_take_the_place_of_the_earlier_condition() -> None:
    assert combined("what happens if i refuse the breathalyzer", "what if its the second time") == (
        "what happens if i refuse the breathalyzer if its the second time"
    )


def test_an_age_of_its_own_takes_the_place_of_the_earlier_age() -> None:
    assert combined("im 16, how long do i have to hold my permit before the road test", "what if im over 21 tho?") == (
        "im over 21, how long do i have to hold my permit before the road test"
    )
    # With no age before it, who asks is added as before.
    assert combined("can I use my phone while driving", "what if I'm 17") == "can i use my phone while driving im 17"


def test_what_if_someone_else_is_in_the_car_is_a_condition() -> None:
    assert combined("what hours am i allowed to drive with my license", "what if my dad is in the car with me") == (
        "what hours am i allowed to drive with my license if my dad is in the car with me"
    )


def test_asking_whether_the_rule_changes_leans_whatever_it_names() -> None:
    assert leans_on_thread("does that change if its a motorcycle in front of me", ["whats the following distance"])
    assert leans_on_thread("is it different on the highway", ["whats the following distance"])
    assert not leans_on_thread("does a motorcycle have to stop for a school bus", ["whats the following distance"])
    # Or asks whether it is lower or stricter for someone: "is it lower if im under 21", after the BAC limit.
    limit = ["what BAC counts as drunk driving in ri"]
    assert leans_on_thread("is it lower if im under 21", limit)
    assert leans_on_thread("is the limit stricter for teens", limit)
    # (Not a question of its own that only compares: "is it more dangerous to drive at night".)
    assert not leans_on_thread("is it more dangerous to drive at night", limit)


def test_a_follow_up_that_leaves_out_what_it_does_leans_on_the_thread() -> None:
    earlier = ["do i really have to clean the snow off my roof before i drive"]
    assert leans_on_thread("whats the fine if i dont", earlier)
    assert leans_on_thread("how much is the fine if you don't?", earlier)
    assert leans_on_thread("and if not?", earlier)
    # One that says what it does stands alone.
    assert not leans_on_thread("whats the fine if i dont stop for a school bus", earlier)
    assert combined(earlier[0], "whats the fine if i dont") == (
        "do i really have to clean the snow off my roof before i drive whats the fine if i dont"
    )


def test_a_figure_compared_with_the_one_told_leans_on_the_thread() -> None:
    # Iowa's "whats the bac where it counts as drunk driving" then "and if someone under 21 gets caught over that how
    # long do they lose their license": too many words of its own to lean, it was read alone, and answered with a
    # suspension for speeding.
    earlier = ["whats the bac where it counts as drunk driving in iowa"]
    follow_up = "and if someone under 21 gets caught over that how long do they lose their license"
    assert leans_on_thread(follow_up, earlier)
    assert leans_on_thread("what happens if im going faster than that", ["whats the speed limit on the interstate"])
    # A question that stands alone still does not.
    assert not leans_on_thread("how long do you lose your license for a dui in iowa", earlier)


def test_the_most_asked_after_the_least_is_asked_in_its_place() -> None:
    # Iowa's "is there a minimum speed you have to go on the interstate" then "ok and whats the max out in the
    # country" was read as asking the minimum still, and refused (the rural limit is no minimum).
    earlier = "is there a minimum speed you have to go on the interstate in iowa"
    reading = thread_reading("ok and whats the max out in the country", [earlier])
    assert reading is not None
    assert (
        reading.reading
        == "is there a max speed you have to go on the interstate in iowa whats the max out in the country"
    )
    assert "minimum" not in reading.searched
    # And the least after the most.
    assert (
        combined("whats the maximum speed on the highway", "and the lowest?") == "whats the lowest speed on the highway"
    )
    # A follow-up that names neither keeps the earlier's.
    assert "minimum" in combined(earlier, "and at night?")


def test_a_later_time_is_asked_in_place_of_the_first() -> None:
    assert combined("how long do you lose your license for a first dui", "and if its a second one?") == (
        "how long do you lose your license for a dui if its a second one"
    )
    assert combined("whats the fine for texting the first time", "what about my third time") == (
        "whats the fine for texting the time my third time"
    )
    # Added to the earlier condition, not in place of it.
    assert combined("what happens if i refuse the breathalyzer", "and if its the second time?") == (
        "what happens if i refuse the breathalyzer if its the second time"
    )
    assert added("how long do you lose your license for a first dui", "and if its a second one?") == (
        "how long do you lose your license for a dui if its a second one"
    )
    # Without a later time, the first stays.
    assert combined("how long do you lose your license for a first dui", "what if im under 21") == (
        "how long do you lose your license for a first dui im under 21"
    )


def test_an_age_a_rule_is_asked_for_gives_way_to_the_follow_ups() -> None:
    assert combined("whats the alcohol limit for drivers under 21 in hawaii", "and once im over 21?") == (
        "whats the alcohol limit for im over 21 in hawaii"
    )
    # "what if i take the class" supposes a case; it does not say who asks.
    assert combined("how many hours does my teen need", "what if i take the parent class") == (
        "how many hours does my teen need if i take the parent class"
    )


def test_the_state_asked_in_is_no_place_a_follow_up_replaces() -> None:
    assert combined("how close to a fire hydrant am i allowed to park in ny", "how about a stop sign") == (
        "how close to a stop sign am i allowed to park in ny"
    )
    assert combined("how close to a fire hydrant can i park in new york", "what about a crosswalk") == (
        "how close to a crosswalk can i park in new york"
    )


def test_a_short_question_that_names_the_earlier_ones_thing_again_leans_on_it() -> None:
    earlier = ["my dad wants to tow my broken down car home with a chain, is there a max length for the chain"]
    assert leans_on_thread("do we need to put anything on the chain", earlier)
    kayak = ["hauling a kayak that sticks out of my truck, how far can it hang off before i need a flag"]
    assert leans_on_thread("how big does the flag gotta be", kayak)
    # A thing the earlier question did not name, or a question that says much of its own, stands alone.
    assert not leans_on_thread("how close can i park to the hydrant", kayak)
    assert not leans_on_thread(
        "how long does the flag have to stay on the load when i drive at night on a highway", kayak
    )


def test_a_follow_up_that_asks_what_happens_when_caught_at_nothing_named_leans_on_the_thread() -> None:
    earlier = ["whats the bac limit if ur under 21 in south dakota"]
    assert leans_on_thread("what happens the first time you get caught", earlier)
    assert leans_on_thread("what if i get caught again", earlier)
    # Caught at something named is a question of its own.
    assert not leans_on_thread("what happens if you get caught texting and driving in south dakota", earlier)


def test_a_penalty_asked_for_that_leans_on_the_thread() -> None:
    # Idaho's "would a ticket for that put points on my record", after whether texting is illegal, named a ticket
    # and points of its own and stood alone: the law on texting was not searched for it.
    earlier = ["is texting while driving actually illegal in idaho"]
    assert leans_on_thread("would a ticket for that put points on my record", earlier)
    assert leans_on_thread("can u get points for doing it", earlier)
    # A penalty for a thing of its own is its own question.
    assert not leans_on_thread("would a ticket for speeding in a school zone put points on my record", earlier)


def test_asking_whether_someone_counts_leans_on_the_thread() -> None:
    # Arizona's "do my brothers and sisters count tho", after how many friends may ride along, was read alone.
    earlier = ["how many friends can i drive around with once i get my license"]
    assert leans_on_thread("do my brothers and sisters count tho", earlier)
    assert leans_on_thread("does my cousin count?", earlier)
    assert not leans_on_thread("how do they count points on my license", earlier)


def _manual_law(ident: str, text: str, page: int) -> Law:
    return Law(
        id=ident, state="MD", kind="manual", law=text, question="", citation=f"Maryland Driver's Manual, p. {page}",
        url="https://example.org/md/manual.pdf", page=page, origin="manual",
    )  # fmt: skip


def test_a_follow_up_asking_only_the_penalty_leans_on_the_thread_and_reads_the_law_just_quoted(tmp_path: Path) -> None:
    earlier = ["is texting and driving illegal"]
    assert leans_on_thread("how much is the ticket", earlier)
    assert leans_on_thread("whats the fine if we get caught without one", earlier)
    # One that names what is done asks of that.
    assert not leans_on_thread("whats the fine for speeding", earlier)
    texting = _manual_law(
        "MD-M40",
        "Distracted driving. Drivers must give the road their full attention at all times. It is not legal for anyone "
        "to text (composing, reading, or sending an electronic message) while driving. The penalty is a $100 fine.",
        40,
    )
    tickets = [
        _manual_law(
            "MD-M41", "Tickets. A speeding ticket adds points to your record and costs more in a work zone.", 41
        ),
        _manual_law("MD-M42", "Tickets. You may pay a ticket online, or ask for a hearing to contest the ticket.", 42),
        _manual_law("MD-M43", "Tickets. How much a ticket costs is set by the court for each violation.", 43),
        _manual_law("MD-M44", "Tickets. A parking ticket must be paid within 30 days of the date on the ticket.", 44),
    ]
    cards = load_cards()
    store = Store(tmp_path / "penalty")
    store.replace_state(
        "MD", [*LAWS, texting, *tickets], source="test", cards_sha256=rows_digest(cards.of("MD")), sources_sha256="x"
    )
    store.close()
    pipeline = Pipeline(tmp_path / "penalty", cards=cards)
    first = pipeline.ask("MD", "is texting while driving illegal", log=False)
    assert "MD-M40" in [law.id for law in first.sources]
    history = [Turn(first.question, first.answer, [law.id for law in first.sources])]
    assert "MD-M40" in [law.id for law in pipeline.retrieve("MD", "how much is the ticket", history).laws]
    shown = pipeline.ask("MD", "how much is the ticket", log=False, history=history)
    assert shown.answer.startswith("$100 — ")


def test_a_short_follow_up_about_someone_the_question_before_named_leans_on_it() -> None:
    earlier = ["my 16 yr old just got her restricted license, what times can she drive"]
    assert leans_on_thread("can she drive her friends around", earlier)
    # (Not when the question before named no one it could be, nor one that asks its own question at length.)
    assert not leans_on_thread("can she drive her friends around", ["what times can you drive on a restricted license"])
    assert not leans_on_thread(
        "can she ride in the front seat of a school bus with a booster seat on it if she is eight", earlier
    )


def test_how_long_before_with_nothing_after_it_leans_on_the_thread() -> None:
    # Wisconsin's "do they send u a reminder? how long before", after how early a licence may be renewed, was read
    # alone and answered with a probationary licence's renewal time.
    earlier = ["how early can i renew my wisconsin license before it expires"]
    assert leans_on_thread("do they send u a reminder? how long before", earlier)
    assert leans_on_thread("how many days after?", earlier)
    # (Before something said is a question of its own.)
    assert not leans_on_thread("how long before a road test do i have to book it", earlier)


def test_a_follow_up_asking_only_of_another_colour_reads_the_earlier_question_with_it() -> None:
    # New Mexico's "and if its blue?", after what a yellow curb means, was read "what does it mean if its blue" and
    # answered with the blue service signs.
    assert combined("what does it mean if the curb is painted yellow", "and if its blue?") == (
        "what does it mean if the curb is painted blue"
    )
    assert combined("what does a flashing yellow light mean", "what about red") == "what does a flashing red light mean"
    assert combined("can i park next to a red curb", "and a blue one?") == "can i park next to a blue curb"
    # (Not one that names something new besides its colour, nor after a question of two colours.)
    assert "red curb" not in combined("can i park next to a red curb", "what about a blue sign")
    assert combined("what does a red and white sign mean", "and a blue one") != "what does a blue and white sign mean"


def test_whether_to_do_something_after_a_mishap_leans_on_the_thread() -> None:
    # Washington's "should i slam on the brakes right away", after a tire that just blew out, was read alone and
    # answered with the brake lights' rule.
    assert leans_on_thread(
        "should i slam on the brakes right away", ["my tire just blew out on the freeway what do i do"]
    )
    assert leans_on_thread(
        "will i still be able to steer tho", ["my engine just died while i was driving what do i do"]
    )
    # (Not after a question that told of no mishap, nor one that names a mishap of its own.)
    assert not leans_on_thread("should i slam on the brakes right away", ["how far behind a truck should i stay"])
    assert not leans_on_thread("should i pump the brakes if they fail", ["my tire just blew out what do i do"])
    assert combined("my tire just blew out on the freeway what do i do", "should i slam on the brakes right away") == (
        "my tire just blew out on the freeway what do i do should i slam on the brakes right away"
    )


def test_a_short_follow_up_whose_act_is_done_to_it_leans_on_the_thread() -> None:
    # Kentucky's "can you leave it parked on the sidewalk", after how old one must be to ride an electric scooter, was
    # read alone (it names the sidewalk) and answered with turning off the engine of a parked car.
    earlier = ["how old do u have to be to ride one of those electric scooters on the street in ky"]
    assert leans_on_thread("can you leave it parked on the sidewalk", earlier)
    assert leans_on_thread("can i ride it on the sidewalk", earlier)
    # (Not "it" that stands for what follows, nor a long question of its own.)
    assert not leans_on_thread("is it legal to park on the sidewalk", earlier)
    assert not leans_on_thread(
        "can you leave it parked on the sidewalk overnight in front of a fire hydrant on a hill", earlier
    )


def test_a_follow_up_that_asks_tho_or_again_or_of_a_parent_as_she_leans() -> None:
    # Read alone, these were answered as questions of their own: "for how long tho, if it was his first time failing
    # the test" (after whether a brother needs an interlock) by a knowledge test's 3 days' wait; "can i just take it
    # again next year to knock more off" (after a defensive driving course) refused; "does she have to take the
    # written and road tests all over again" (after how long a mom has to switch her licence) refused.
    assert leans_on_thread("for how long tho, if it was his first time failing the test", ["does he need an interlock"])
    assert leans_on_thread("can i just take it again next year to knock more off", ["does the course take points off"])
    mom = "we just moved to nh from maine, how long does my mom have to switch to an nh license"
    assert leans_on_thread("does she have to take the written and road tests all over again", [mom])
    # (Asked whole, with no "tho", nothing done again and no one named before, they stand alone.)
    assert not leans_on_thread("how long does the interlock stay on after a first dui", ["does he need an interlock"])
    assert not leans_on_thread(
        "does she have to take the written and road tests all over again", ["how fast on a highway"]
    )


def test_a_follow_up_that_points_back_as_they_or_asks_now_what_leans() -> None:
    # "what time of day are they out the most" (after spotting deer at night) and "i tried flicking the switch and
    # theyre still out, now what" (after headlights that went out) were read alone and refused or answered astray
    # (a submerged car's escape).
    assert leans_on_thread("what time of day are they out the most", ["how do i spot deer at night"])
    assert leans_on_thread("i tried flicking the switch and theyre still out, now what", ["my headlights went out"])
    # ("does she need anything from my parents first", after a neighbor of 22 who would supervise.)
    assert leans_on_thread(
        "does she need anything from my parents first", ["can my neighbor whos 22 take me out driving"]
    )
    assert not leans_on_thread("what time of day do the most crashes happen on rural roads", ["how do i spot deer"])
