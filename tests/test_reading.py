"""Careful reading: what a question asks for, a passage's spans and roles, the figures a span states."""

from __future__ import annotations

from roadlaw.answering.figures import figures_in, figures_stated, in_digits
from roadlaw.answering.reading import (
    _NIGHT,
    FRAGMENT,
    HEADING,
    ITEM,
    NEW_RESIDENT,
    RULE,
    SHOWABLE,
    STATISTIC,
    TABLE,
    Question,
    Reading,
    _an_index,
    _clock_night,
    asked_for,
    asks_age_of,
    best_readings,
    clean,
    last_sentence,
    lead_for,
    names_a_repeat,
    read_as,
    readings,
    roads_named,
    spans_of,
    stated_in,
)
from roadlaw.corpus import Law
from roadlaw.retrieval.words import tokens


def passage(text: str, heading: str = "Parking", ident: str = "OH-M021-01") -> Law:
    return Law(ident, "OH", "manual", text, heading, "Ohio Driver Manual, p. 21", "https://x.example", 21, "manual")


def test_what_a_question_asks_for() -> None:
    assert asked_for("how close can i park to a fireplug").measures[0] == "distance"
    # Seconds asked for by name are seconds; a following distance asked otherwise is told in either.
    assert asked_for("how many seconds behind the car in front am i supposed to stay").measures == ("seconds",)
    assert asked_for("how far behind the car in front am i supposed to stay").measures[:2] == ("seconds", "distance")
    assert asked_for("how much space should i leave behind the car ahead of me").measures[0] == "seconds"
    assert asked_for("whats the speed limit in a neighborhood").measures == ("speed",)
    assert asked_for("what's the legal BAC limit for drivers 21 and over").measures[0] == "bac"
    assert asked_for("how old do u have to be to take the permit test").measures == ("age",)
    assert asked_for("how many supervised hours does my son need").measures[0] == "hours"
    assert asked_for("what time is curfew for a new license").measures == ("time",)
    # How far down the road to look is told in seconds as often as in feet.
    assert asked_for("how far down the road am i supposed to be looking when i drive").measures == (
        "distance",
        "seconds",
    )
    # "hows much" is a typed "how much".
    assert asked_for("i dont have proof of insurance, hows much is the fine").measures == ("money",)
    # What counts as night is told by the clock, from sunset to sunrise.
    assert asked_for("what counts as night driving for that").measures == ("time",)
    assert asked_for("whats the fine for texting and driving").measures == ("money",)
    assert asked_for("¿A cuántos pies de un hidrante puedo estacionarme?").measures[0] == "distance"
    # A word that only looks like a kind: "at what point", an arrow that "points", "some distance".
    assert asked_for("At what point does a sound system become illegal?").measures == ()
    assert asked_for("A green arrow points left. What does it mean?").measures == ()
    assert asked_for("The light turns yellow while you are some distance from it. What do you do?").measures == ()


def test_how_fast_a_thing_is_done_at_the_counter_is_how_soon() -> None:
    # "How fast" of telling the DMV, reporting or renewing is a time in days, not a speed; "by when" too.
    moved = "we moved across town, do i have to tell the dmv about my new address and how fast"
    assert asked_for(moved).measures == ("duration",)
    assert asked_for("how quickly do i have to report a crash").measures == ("duration",)
    assert asked_for("small wreck, cops never came. do i have to report it and by when").measures == ("duration",)
    # Driving fast is still a speed.
    assert asked_for("once i get on the freeway how fast can i go").measures == ("speed",)


def test_yes_no_questions_and_the_learners_age() -> None:
    assert asked_for("can you turn right on red in alaska").yes_no
    assert asked_for("is it illegal to hold your phone while driving").yes_no
    assert not asked_for("how old do i need to be to get my level 1 license").yes_no
    assert asked_for("im 18, whats the bac limit for me").ages == (18, 18)
    assert asked_for("what bac will get a 19 year old's license suspended").ages == (19, 19)
    assert asked_for("bac limit under 21 ohio").ages == (0, 20)
    assert asked_for("what's the BAC for drivers 21 and over").ages == (21, 120)
    # A child's age, where a child is named; a small number of anything else is none.
    assert asked_for("my 5 yr old is small, does she still need a real car seat").ages == (5, 5)
    assert asked_for("im 5 minutes from home, do i need my seatbelt").ages is None
    # Turning an age is that age and on.
    assert asked_for("ok and after i turn 21 when does it run out").ages == (21, 120)
    assert asked_for("ok what about once i turn 16").ages == (16, 120)
    assert asked_for("how close to the tracks can I park").actions == {"park"}


def test_a_span_is_cleaned_for_showing() -> None:
    assert (
        clean("Must complete fifty (50) hours of supervised driving.")
        == "Must complete 50 hours of supervised driving."
    )
    assert clean("one (1) year") == "1 year"
    # A page number left before a sentence goes; a figure that starts one stays.
    assert clean("17 You are encouraged to study this guide.") == "You are encouraged to study this guide."
    assert clean("15 feet from a hydrant is the limit.") == "15 feet from a hydrant is the limit."
    assert clean("has a BAL of.02 or higher") == "has a BAL of .02 or higher"
    assert clean("an unlaw- ful blood level") == "an unlawful blood level"
    assert clean("two- and three-second gaps") == "2- and 3-second gaps"
    assert clean("ZERO TOLERANCE and zero-emission vehicles") == "ZERO TOLERANCE and zero-emission vehicles"
    # A list's next number is dropped; a sentence's own last figure is not.
    assert clean("Be at least 15 years old. 2.") == "Be at least 15 years old."
    assert clean("all drivers under the age of 19.") == "all drivers under the age of 19."


def test_a_passage_is_cut_into_whole_sentences_and_items_with_their_lead_in() -> None:
    law = passage(
        "Parking There are many places where you may not park. Do not park: • Within five feet of a fire hydrant. "
        "• Within 20 feet of a crosswalk. Always set your parking brake when you park on a hill."
    )
    spans = spans_of(law)
    # The heading run into the first sentence is taken off it.
    assert spans[0] == spans[0].__class__(
        "There are many places where you may not park.", RULE, "", 0, spans[0].following
    )
    item = next(span for span in spans if span.text.startswith("Within 5 feet"))
    assert (
        item.role == ITEM
        and item.lead == "Do not park:"
        and item.shown == "Do not park: Within 5 feet of a fire hydrant."
    )
    assert spans[-1].role == RULE and spans[-1].lead == ""


def test_numbered_and_lettered_lists_are_items_of_their_lead_in() -> None:
    numbered = passage(
        "Where you may not park or stop: 1. On a sidewalk. 2. Within an intersection. 3. Within 8 feet of a fire "
        "hydrant. 4. Within 20 feet of a crosswalk at an intersection.",
        heading="Four-Way Stops",
    )
    hydrant = next(span for span in spans_of(numbered) if "hydrant" in span.text)
    assert hydrant.shown == "Where you may not park or stop: Within 8 feet of a fire hydrant."
    assert spans_of(numbered)[0].role == RULE and spans_of(numbered)[0].lead == ""
    lettered = passage(
        "It is illegal to park closer than the indicated distances from the following: a. 15 ft. from fire hydrant "
        "b. 30 ft. from stop sign c. 50 ft. from railroad crossing"
    )
    crossing = next(span for span in spans_of(lettered) if "railroad" in span.text)
    assert crossing.role == ITEM and crossing.text == "50 ft. from railroad crossing"
    assert crossing.lead.startswith("It is illegal to park closer")


def test_a_passage_that_opens_inside_a_list_reads_its_items_with_its_heading() -> None:
    law = passage(
        "In front of a public driveway 2. Within 15 feet of a fire hydrant 3. Within 20 feet of a crosswalk",
        heading="Do Not Park, Stop, or Stand a Vehicle",
    )
    hydrant = next(span for span in spans_of(law) if "hydrant" in span.text)
    assert hydrant.shown == "Do Not Park, Stop, or Stand a Vehicle: Within 15 feet of a fire hydrant"


def test_headings_tables_of_contents_and_diagram_captions_are_never_answers() -> None:
    contents = passage("Pavement Markings Traffic Officers Chapter 5 – Intersections and Turns Right-of-Way U-Turns")
    assert {span.role for span in spans_of(contents)} <= {TABLE, HEADING}
    fees = passage("Fees Instruction Permit......................................$20 Driver's License.............$30")
    assert {span.role for span in spans_of(fees)} <= {TABLE, HEADING}
    pages = passage("Parking........................................21 Turning at intersections.............22")
    assert {span.role for span in spans_of(pages)} <= {TABLE, HEADING}
    captions = passage(
        "Do not exceed posted speed. Do not walk or bike on any part of the right-of-way. Do not turn right on red "
        "signal. Trucks must use right lane. Keep right of this sign. Do not park to right of this sign.",
        heading="SERVICE SIGN",
    )
    red = next(span for span in spans_of(captions) if "red" in span.text)
    assert red.role == TABLE
    # A run of labels with no verb is a fragment or heading, and a lead-in is taken past it.
    table = passage(
        "In cities and towns 35 For school buses 45 Rounding a Curve The best way to handle a curve: 1. Slow down."
    )
    assert spans_of(table)[0].role in (FRAGMENT, HEADING, TABLE)


def test_the_figures_a_span_states() -> None:
    assert [each.figure for each in stated_in("Within 15 feet (5 m) of a fire hydrant.", "distance")] == ["15"]
    assert [each.figure for each in stated_in("A 3- to 4-second following distance is required.", "seconds")] == ["3"]
    assert [each.figure for each in stated_in("if your BAC is .08 percent or higher", "bac")] == ["0.08"]
    # A decimal with nothing about alcohol near it is no BAC.
    assert stated_in("a tread depth of .06 inches", "bac") == []
    assert stated_in("you must be at least 14 years, 9 months old", "age")[0].figure == "14"
    assert stated_in("at least 15 years and 6 months old", "age")[0].figure == "15"
    assert stated_in("provide a notarized 24 Hour Affidavit", "hours") == []
    assert stated_in("complete 50 hours of supervised driving", "hours")[0].figure == "50"
    assert stated_in("between 11 p.m. and 5 a.m.", "time")[0].figure == "11"
    assert stated_in("carrying a $50 fine", "money")[0].figure == "50"


def test_the_answer_leads_with_one_figure_or_none() -> None:
    assert lead_for(stated_in("Within 15 ft. of a fire hydrant", "distance"), "distance") == "15 feet"
    assert lead_for(stated_in("has a BAL of .02 or higher", "bac"), "bac") == "0.02 BAC"
    assert lead_for(stated_in("the speed limit is 25 mph", "speed"), "speed") == "25 mph"
    # Two different figures: which one answers is the rule's to say, not a lead's.
    assert lead_for(stated_in("stop within 50 feet but not less than 15 feet", "distance"), "distance") == ""


def test_the_ages_a_rule_speaks_of() -> None:
    assert asks_age_of("Any driver under 21 years of age who has a BAL of .02") == (0, 20)
    assert asks_age_of("drivers age 21 or older are considered to be driving under the influence") == (21, 120)
    assert asks_age_of("A person 21 or more years of age is considered") == (21, 120)
    assert asks_age_of("From age 16 a permit holder may drive with a licensed driver at least 21 years old") == (
        16,
        120,
    )
    assert asks_age_of("drivers under 21 and over 18") is None
    assert asks_age_of("If you are not yet 21 years old, it is against the law for you to drink") == (0, 20)
    # A BAC is not an age: ".08 or over" is a figure of alcohol, and the rule is for drivers under 21.
    assert asks_age_of("based on a BAC over.08 or over.02 if the driver is under 21, or over.04 for a CDL driver") == (
        0,
        20,
    )
    assert asks_age_of("a BAC of 0.08 or over is a crime") is None
    assert asks_age_of("even if your BAC is less than 0.08 you may be arrested") is None


def test_a_span_for_the_other_age_or_under_an_unasked_condition_reads_worse() -> None:
    law = passage(
        "Alcohol Drivers age 21 or older are driving under the influence if their BAC is .08 percent or higher. "
        "If you are under age 21, you are driving under the influence if your BAC is .02 percent or higher."
    )
    asked = asked_for("im 19, what bac is a dui for me")
    best = readings(asked, Question.of("im 19, what bac is a dui for me"), [law])[0]
    assert "under age 21" in best.span.text and best.measure == "bac"
    signals = passage(
        "Signals Signal at least the last 100 feet before turning. "
        "If the speed limit is 45 mph or more, signal at least the last 200 feet before turning."
    )
    question = "how many feet before turning should my turn signal be on"
    assert "100 feet" in readings(asked_for(question), Question.of(question), [signals])[0].span.text


def test_a_distance_about_something_else_does_not_answer_where_to_park() -> None:
    law = passage(
        "Railroad Crossings Be prepared to stop if a train is within 1500 feet of the crossing.", "Railroad Crossings"
    )
    question = "how close to railroad tracks can you park"
    assert all(not reading.measure for reading in readings(asked_for(question), Question.of(question), [law]))


def test_a_practice_question_is_read_with_its_best_choice() -> None:
    law = passage("Parking Do not park: • Within 10 feet of a fire hydrant. • Within 20 feet of a crosswalk.")
    question = "Which is the parking rule?"
    texts = [f"{question} {choice}" for choice in ("Stay 20 feet from a crosswalk", "Park on the sidewalk")]
    best = best_readings(asked_for(question), [Question.of(text) for text in texts], [law])[0]
    assert "crosswalk" in best.span.text


def read(question: str, *laws: Law) -> list[Reading]:
    return readings(asked_for(question), Question.of(question), list(laws))


def answering(question: str, *laws: Law) -> Reading:
    """The reading the offline answer picks: the best one not astray."""
    return next(each for each in read(question, *laws) if not each.astray)


def kept(question: str, *laws: Law) -> list[str]:
    """The spans the offline answer may pick from: those not astray, best first."""
    return [each.span.text for each in read(question, *laws) if not each.astray]


def test_a_question_that_opens_by_asking_for_a_kind_wants_that_kind_first() -> None:
    assert asked_for("what time in the morning do school zone speed limits start").measures[0] == "time"
    assert asked_for("school zone speed limit, what hours").measures[0] == "speed"
    assert asked_for("how young can i get my permit").measures == ("age",)
    assert asked_for("how much is a seat belt ticket").measures == ("money",)
    # "Whats the ticket for" asks what it costs too, with or without the apostrophe.
    assert asked_for("whats the ticket for not wearing a seatbelt").measures == ("money",)
    assert asked_for("whats the fee for a duplicate license").measures == ("money",)
    # Minutes are a duration: "30 minutes after sunset" answers "how long after sunset".
    assert stated_in("Turn headlights on 30 minutes after sunset.", "duration")[0].figure == "30"


def test_an_age_that_belongs_to_the_supervising_driver_does_not_answer_how_old_the_learner_must_be() -> None:
    law = passage(
        "Learner's Permit A permit lets you drive accompanied by a licensed operator at least 21 years old. "
        "You must be at least 16 years old to apply for a learner's permit.",
        "Learner's Permit",
    )
    best = read("how old do u have to be to get your permit", law)[0]
    assert best.measure == "age" and [each.figure for each in best.stated] == ["16"]
    # Asked of the supervisor, the supervisor's age answers.
    best = read("how old does the adult who rides with me have to be", law)[0]
    assert [each.figure for each in best.stated] == ["21"]


def test_a_least_speed_does_not_answer_how_fast_unless_asked_how_slow() -> None:
    law = passage(
        "Interstates You may not drive slower than 40 mph on interstate highways. "
        "The maximum speed limit on interstate highways is 70 mph.",
        "Interstates",
    )
    assert [each.figure for each in read("how fast is the interstate", law)[0].stated] == ["70"]
    assert [each.figure for each in read("how slow can i go on the interstate", law)[0].stated] == ["40"]


def test_a_span_about_another_thing_than_the_question_names_is_astray() -> None:
    following = passage(
        "Following Distance The 3-second rule is the minimum safe following distance. "
        "Keep more space (at least 4 seconds) behind a motorcycle than you would for another vehicle.",
        "Following Distance",
    )
    best = read("how many seconds should i stay behind a motorcycle", following)[0]
    assert "motorcycle" in best.span.text and not best.astray
    permit = passage("Permits You must hold a learner license for at least 6 months.", "Permits")
    assert not kept("how long after sunset do my headlights have to be on", permit)
    # A question naming two things is answered by a span naming either.
    parking = passage("Parking Do not park: • Within 10 feet of a fire hydrant. • Within 20 feet of a crosswalk.")
    assert not any(each.astray for each in read("how close to a crosswalk or a hydrant can I park", parking))
    # Hours of sleep are not hours of practice.
    practice = passage("Practice You must log 50 practice hours, 10 of them at night.", "Practice")
    assert not kept("how many hours of sleep does a 16-year-old need", practice)
    assert not read("how many practice hours do i need", practice)[0].astray


def test_a_span_on_the_other_side_of_a_condition_the_question_takes_is_astray() -> None:
    law = passage(
        "Chemical Tests If you refuse a chemical test, your license is suspended for 1 year. "
        "A motorist who fails a chemical test will face a suspension of 180 days.",
        "Chemical Tests",
    )
    # What the answerer picks from: the spans not astray.
    best = answering("if i fail the chemical test how long is my license suspended", law)
    assert "180" in best.span.text
    best = answering("what if i refuse the chemical test, how long", law)
    assert "1 year" in best.span.text
    railroad = passage("Railroads You may not park within 50 feet of a railroad crossing.", "Railroads")
    assert not kept("crossing arm is down at the tracks, how far back do i stop", railroad)
    # The span's own words tell which side it takes, not a heading naming both.
    under = passage(
        "Parking, Stopping, or Standing Do not park a vehicle within 50 feet of the nearest rail of a railroad crossing.",
        "Parking, Stopping, or Standing",
    )
    assert not kept("crossing arm is down at the tracks, how far back do i stop", under)


def test_a_birthday_leads_as_an_age() -> None:
    said = stated_in("You cannot apply for a learner's permit before your 16th birthday.", "age")
    assert lead_for(said, "age") == "16 years old"
    assert lead_for(said, "age", spanish=True) == "16 años"


def test_a_span_that_does_not_speak_of_what_the_learner_means_to_do_is_astray() -> None:
    phones = passage(
        "Phones It is against the law to read, write or send a text message while driving. "
        "Drivers are prohibited from physically holding or supporting a cellphone with any part of their body.",
        "Phones",
    )
    assert kept("can i hold my phone in my hand while im driving", phones) == [
        "Drivers are prohibited from physically holding or supporting a cellphone with any part of their body."
    ]
    # Holding a phone, not a permit; in Spanish too.
    assert all(
        "hold" not in one for one in asked_for("You hold a Class D learner's permit. Who may supervise you?").doing
    )
    assert asked_for("¿Puedo manejar con el celular en la mano si solo uso el GPS?").doing != ()
    # A head restraint is no seat belt.
    seats = passage("Seats Head restraints should be higher than the top of your head.", "Seats")
    assert not kept("do people in the back seat have to buckle up", seats)
    # A question naming two things wants a span on both, unless it asks of one or the other.
    bicycles = passage("Lights You must use headlights between sunset and sunrise.", "Lights")
    assert not kept("what lights must a bicycle carry between sunset and sunrise", bicycles)


def test_going_around_a_car_is_passing_it_and_hitting_a_parked_one_wants_the_owners_rule() -> None:
    turning = passage(
        "Turning You must stop and wait for the vehicle to go by before you turn. "
        "You may pass on the right when a vehicle ahead makes a left turn.",
        "Turning",
    )
    assert kept("the car ahead is waiting to turn left, can i go around him on the right", turning) == [
        "You may pass on the right when a vehicle ahead makes a left turn."
    ]
    roadside = passage("Roadside Slow down when approaching an authorized vehicle stopped on the roadside.")
    assert not kept("i backed into a parked car and nobody was in it", roadside)
    unattended = passage("Crashes If you strike an unattended vehicle, leave a note with your name and address.")
    assert not read("i backed into a parked car and nobody was in it", unattended)[0].astray


def test_a_forward_facing_seat_does_not_answer_how_long_a_child_rides_rear_facing() -> None:
    forward = passage("Child Seats A child over 2 may ride in a forward-facing seat with a harness.", "Child Seats")
    assert not kept("until what age does my baby ride rear facing", forward)
    rear = passage("Child Seats Children under 2 must ride in a rear-facing seat.", "Child Seats")
    assert not read("until what age does my baby ride rear facing", rear)[0].astray


def test_someone_elses_age_in_the_question_is_read_and_a_vague_figure_is_none() -> None:
    assert asked_for("my mom is 45, can she use her phone while driving").ages == (45, 45)
    assert asked_for("the speed limit is 45, can i pass").ages is None
    # A practice question tells the learner's age as "you are".
    assert asked_for("You are 19 and have had one drink. What BAC makes driving illegal?").ages == (19, 19)
    assert stated_in("This sign means you are within a few 100 feet of a railroad crossing.", "distance") == []


def test_a_speed_question_that_names_a_road_wants_that_roads_limit() -> None:
    limits = passage(
        "Speed Limits The limit is 55 mph on an urban interstate, unless posted otherwise. "
        "In alleys, vehicles may not exceed 15 miles per hour.",
        "Speed Limits",
    )
    best = answering("unless posted otherwise, how fast may you drive in an alley", limits)
    assert [each.figure for each in best.stated] == ["15"]
    # Not for a rule that names no road though the question does.
    assert asked_for("a cop is pulled over on the interstate, what do i do").things == ()


def test_a_question_about_the_night_wants_a_rule_about_the_night_or_the_clock() -> None:
    permit = passage(
        "Learner's License You must always drive with a licensed driver aged 21 or older. "
        "You may drive only in daylight for the first 3 months; after 3 months, until 10 p.m.",
        "Learner's License",
    )
    assert kept("can u drive at night with a learners permit", permit) == [
        "You may drive only in daylight for the first 3 months; after 3 months, until 10 p.m."
    ]


def test_a_distance_from_a_named_place_and_who_supervises_want_a_rule_about_them() -> None:
    parking = passage(
        "Parking You may not park within 50 feet of a railroad crossing. You may not park within 20 feet of an intersection.",
        "Parking",
    )
    best = answering("how close to an intersection may you park", parking)
    assert [each.figure for each in best.stated] == ["20"]
    permit = passage(
        "Permits You must hold your Level 1 license for at least 6 months. "
        "With a Level 1 license, you may only drive with a licensed parent, guardian or designated adult.",
        "Permits",
    )
    assert kept("who may supervise a level 1 learner", permit) == [
        "With a Level 1 license, you may only drive with a licensed parent, guardian or designated adult."
    ]


def test_a_question_not_answered_yes_or_no_reads_a_span_stating_a_figure_first() -> None:
    bus = passage(
        "School Buses When a school bus stops with its red lights flashing, you must stop. "
        "Stop at least 25 feet from a school bus with lights flashing.",
        "School Buses",
    )
    question = "what does the law require when a school bus stops with its red lights flashing"
    assert "25 feet" in answering(question, bus).span.text
    # A yes/no question is answered by the rule, with a figure or without.
    assert not asked_for("do i have to stop for a school bus with red lights flashing").figure_helps
    # Not read so in Spanish, where a yes/no question is told apart less surely.
    assert not asked_for("¿Qué exige la ley cuando un autobús escolar se detiene?").figure_helps


def test_when_a_child_may_do_something_asks_an_age() -> None:
    assert asked_for("when can my kid stop using a booster seat").measures == ("age",)
    assert asked_for("when can i drive at night with my permit").measures != ("age",)


def test_a_time_of_night_by_the_clock_names_the_night() -> None:
    passengers = passage(
        "Provisional You may not drive with passengers under 18 for the first 151 days.", "Provisional"
    )
    assert all(
        each.astray for each in read("can my daughter drive alone at 1am with her provisional license", passengers)
    )
    curfew = passage("Provisional You may not drive between midnight and 5 a.m. unsupervised.", "Provisional")
    assert not read("can my daughter drive alone at 1am with her provisional license", curfew)[0].astray
    # An afternoon is no night.
    assert asked_for("can i drive alone at 3pm with my provisional license").things == ()


def test_hands_free_is_not_holding_and_driving_away_after_a_crash_wants_the_scene_rule() -> None:
    pledge = passage("Phones I will use a hands-free phone system while driving.", "Phones")
    assert not kept("can i drive holding my cell phone", pledge)
    swerve = passage("Emergencies If it appears your car will hit something, stop quickly.", "Emergencies")
    assert not kept("i just hit someones car, am i allowed to drive away", swerve)
    # Driving off with snow on the roof is no crash.
    assert asked_for("you drive off with six inches of snow on the roof").doing == ()


def test_a_rule_for_these_places_holds_only_where_the_sentence_before_it_says() -> None:
    red = passage(
        "Right on Red Right turns on red are not allowed at these intersections. "
        "Right turns on red are not allowed at marked intersections.",
        "Right on Red",
    )
    pointing, marked = sorted(read("is right on red allowed", red), key=lambda each: each.span.at)
    assert pointing.fit == marked.fit and marked.score - pointing.score > 0.1


def test_calling_the_police_wants_a_rule_that_says_when_they_must_be_told() -> None:
    aid = passage("Crashes After a crash, provide reasonable assistance to anyone injured.", "Crashes")
    assert not kept("when do i have to call police after a wreck", aid)
    told = passage("Crashes After a crash, notify law enforcement immediately if anyone is injured.", "Crashes")
    assert not read("when do i have to call police after a wreck", told)[0].astray


def test_refusing_a_test_wants_a_rule_that_speaks_of_refusing() -> None:
    impaired = passage(
        "Testing If an officer believes you are impaired by drugs, a drug recognition expert may ask for a blood test.",
        "Testing",
    )
    assert not kept("what happens if i refuse the alcohol test", impaired)
    refused = passage("Testing If you refuse a test, the MVA will suspend your license.", "Testing")
    assert not read("what happens if i refuse the alcohol test", refused)[0].astray


def test_a_sentence_whose_subject_stands_for_the_one_before_it_reads_worse() -> None:
    sign = passage(
        "No Turn on Red This sign is used at some intersections. It says that a right turn on red is prohibited. "
        "Signs say a right turn on red is prohibited.",
        "No Turn on Red",
    )
    spans = {each.span.shown: each for each in read("is a right turn on red prohibited", sign)}
    pointing = spans["It says that a right turn on red is prohibited."]
    standing = spans["Signs say a right turn on red is prohibited."]
    assert pointing.fit == standing.fit and standing.score - pointing.score > 0.1
    # A dummy "it" ("it is illegal to ...") stands for nothing before it.
    dummy = passage("Medians It is illegal to cross the median. Crossing it is illegal on the interstate.", "Medians")
    first, second = sorted(read("is it illegal to cross the median", dummy), key=lambda each: each.span.at)
    assert first.score > second.score


def test_a_question_gives_an_age_as_aged_19() -> None:
    assert asked_for("A driver aged 19 is stopped. At what BAC do penalties begin?").ages == (19, 19)


def test_a_rule_for_drivers_of_another_age_is_never_the_answer() -> None:
    law = passage(
        "Alcohol A person 21 or older is considered under the influence at 0.08 or more. "
        "Drivers under 21 may not drive after drinking.",
        "Alcohol",
    )
    # "menor de 21 años" is under 21, not a 21-year-old.
    asked = asked_for("¿Cuál es el límite de alcohol para un conductor menor de 21 años?")
    assert asked.ages == (0, 20)
    found = readings(asked, Question.of("limite de alcohol conductor menor de 21"), [law])
    assert all(each.astray for each in found if "21 or older" in each.span.text)
    # The age of one who rides along is not whom a rule is for.
    assert asks_age_of("At 17 you may drive only from 5 am to 1 am unless with a licensed driver 21 or older.") is None


def test_driving_by_a_police_car_stopped_at_the_roadside_wants_the_move_over_rule() -> None:
    question = "there's a cop pulled over on the shoulder with his lights on, what am i supposed to do"
    own = passage("Breakdowns To signal for assistance on the freeway, turn on your emergency flashers.", "Breakdowns")
    assert not kept(question, own)
    stopped = passage(
        "Move Over Move over to the next lane, away from a stopped police car, if you can do so safely.", "Move Over"
    )
    assert kept(question, stopped)
    # One coming with its siren is another rule, whatever its heading says of moving.
    coming = passage(
        "Moving Emergency Vehicle Always yield the right-of-way to ambulances using a siren and flashing lights.",
        "Moving Emergency Vehicle",
    )
    assert not kept("ambulance pulled over on the side of the highway with lights flashing, what do i do", coming)
    # Pulled over oneself, or parking near one, is another rule: not the move-over one.
    moving_over = asked_for(question).doing
    assert moving_over
    assert not set(asked_for("a cop pulled me over what do i do").doing) & set(moving_over)
    assert asked_for("a cop pulled me over what do i do").pulled_over
    assert asked_for("A police car has stopped on the roadside. How close may you park to it?").doing == ()


def test_a_limit_for_a_place_the_question_does_not_name_reads_worse() -> None:
    limits = passage(
        "Speed Limits On interstates within urbanized areas the limit is 60 mph. "
        "The maximum speed limit on interstate highways is 70 mph.",
        "Speed Limits",
    )
    assert "70 mph" in answering("how fast is the interstate", limits).span.text
    # A learner's "city" names the urban district; a span setting figures for several places answers any.
    city = passage(
        "Speed Limits The speed limit is 30 mph in an urban district. The speed limit is 70 mph on a highway.",
        "Speed Limits",
    )
    assert "30 mph" in answering("whats the speed limit in the city if theres no sign", city).span.text
    alley = passage("Speed Limits The limit is 30 mph in an urban district and 15 mph in an alley.", "Speed Limits")
    assert not read("what is the speed limit in an alley", alley)[0].astray
    assert read("what is the speed limit in an alley", alley)[0].score > 0.5


def test_reporting_a_crash_wants_a_rule_that_says_what_is_reported() -> None:
    aid = passage("Crashes After a crash with property damage, give information and render aid.", "Crashes")
    assert not kept("small accident no cops came, do i still have to report it", aid)
    report = passage("Crashes You must make a written report of the crash within 10 days.", "Crashes")
    assert kept("small accident no cops came, do i still have to report it", report)


def test_a_question_that_says_who_asks_first_is_still_answered_yes_or_no() -> None:
    assert asked_for("im 20, can i have like one beer and drive").yes_no
    assert asked_for("my mom is 45, can she use her phone if its mounted").yes_no
    assert not asked_for("how old do i have to be, in ohio").yes_no


def test_a_rule_for_the_learners_own_age_outweighs_a_place_in_the_list() -> None:
    general = passage("Alcohol It is illegal to drive with a BAC of 0.08% or more.", "Alcohol", "MO-M070-01")
    young = passage(
        "Minors If you are under 21, it is illegal to drive with a BAC of 0.02% or more.", "Minors", "MO-M071-02"
    )
    question = "A 19-year-old driver is stopped after drinking. At what BAC does the law bite?"
    found = readings(asked_for(question), Question.of(question), [general, young])
    assert "under 21" in next(each for each in found if not each.astray).span.text


def test_a_spanish_learner_under_or_over_an_age_is_read_so() -> None:
    assert asked_for("cual es el limite de alcohol en la sangre si tengo menos de 21 años").ages == (0, 20)
    assert asked_for("tengo más de 21 años, cuál es el límite de alcohol").ages == (21, 120)
    assert asked_for("tengo 19 años, puedo manejar de noche").ages == (19, 19)
    # "menos de" a distance is not an age.
    assert asked_for("puedo estacionar a menos de 15 pies de un hidrante").ages is None


def test_staying_behind_the_car_ahead_is_following_it() -> None:
    seconds = passage(
        "Under normal conditions, use the 3-second rule to gauge how far to stay behind the vehicle ahead.",
        "How far behind the car in front should I stay?",
    )
    beams = passage(
        "Within 200 feet of a vehicle ahead, use your low beams with fog lights off.",
        "How close can I follow a car with my high beams on?",
        "OH-M022-01",
    )
    best = answering("how far back should i stay from the car in front of me", beams, seconds)
    assert "3-second" in best.span.text and best.measure == "seconds"


def test_a_skid_or_a_blowout_is_answered_by_a_rule_for_it() -> None:
    parking = passage("Parking downhill, turn your wheel toward the curb so your front tire touches it.")
    skid = passage(
        "Skids If your rear wheels skid to the right, turn your front wheels to the right.", "Skids", "OH-M040-01"
    )
    # A sign's "skid marks" are its picture (slippery when wet), not a skid to come out of.
    assert not asked_for("what does a yellow sign with a car and skid marks mean").doing
    question = "my back tires are sliding to the right on ice, which way do i turn the wheel"
    assert "skid" in answering(question, parking, skid).span.text
    tires = passage("Check tire pressure before driving or at least 3 hours after driving.", "Tires")
    blowout = passage(
        "A blowout is a burst tire. Hold the steering wheel tightly and ease off the gas.", "Blowouts", "OH-M041-01"
    )
    # The blowout's rule, and of it what to do (not "A blowout is a burst tire").
    best = answering("what do i do if my tire blows out while im driving", tires, blowout)
    assert best.law.id == "OH-M041-01" and best.span.text.startswith("Hold the steering wheel")


def test_no_alcohol_at_all_is_the_bac_for_drivers_under_21() -> None:
    assert stated_in("If you are under 21, you fail the test with any amount of alcohol in your blood.", "bac")
    assert stated_in("Texas law does not allow any amount of blood alcohol concentration (BAC) for minors.", "bac")
    assert [
        each.figure for each in stated_in("The legal alcohol concentration for drivers under 21 is 0.00%.", "bac")
    ] == ["0.00"]
    # Said of no one in particular, or of something else than alcohol: no BAC.
    assert not stated_in("This means that you cannot have any alcohol in your system while driving.", "bac")
    assert not stated_in("Any amount of a controlled substance is the same as operating impaired.", "bac")
    # No figure to lead with: the rule says it in its own words.
    assert lead_for(stated_in("Under 21, a BAC of any amount is a crime.", "bac"), "bac") == ""
    adults = passage("If your blood alcohol concentration is 0.08% or more, the law presumes you are impaired.")
    minors = passage(
        "If you are under 21, you will fail the test if you have a blood alcohol concentration of any amount.",
        "Alcohol",
        "OH-M030-01",
    )
    assert "under 21" in answering("whats the bac limit if im under 21", adults, minors).span.text


def test_going_around_a_crossing_gate_is_not_passing_and_flares_need_a_rule_for_them() -> None:
    for question in (
        "can i go around the railroad crossing arm if its taking forever",
        "the railroad gates are down but i dont see any train, can i just go around them",
    ):
        assert not any("pass" in each for each in asked_for(question).doing)
    assert asked_for("the car ahead is turning left, can i go around him on the right").doing
    assert asked_for("can i go around a slow tractor").doing
    firefighters = passage("Stay at least 500 feet back from any firefighting vehicle.", "Emergency vehicles")
    flares = passage(
        "If you have flares or reflectors, place them from 100 to 500 feet behind your vehicle.",
        "Breakdowns",
        "OH-M050-01",
    )
    assert "flares" in answering("my car broke down, where do i put the flares", firefighters, flares).span.text


def test_an_age_said_without_years_is_read_as_one() -> None:
    assert [each.figure for each in stated_in("you must be at least 15 and enrolled in driver education", "age")] == [
        "15"
    ]
    assert lead_for(stated_in("You must be 16 to get a probationary license.", "age"), "age") == "16 years old"
    assert lead_for(stated_in("when you turn 18, the restrictions end", "age"), "age") == "18 years old"
    # A figure of something else is not an age.
    assert not stated_in("the fine is 20 dollars", "age")
    assert not stated_in("you must be at least 15 feet from the tracks", "age")
    permit = passage(
        "To get an instruction permit you must be at least 15 and enrolled in driver education.", "Permits"
    )
    licence = passage(
        "If under 18 years old: you must turn 16 years old to get a probationary license.",
        "Licenses",
        "OH-M011-01",
    )
    best = answering("how old do i have to be to get my permit", permit, licence)
    assert best.measure == "age" and "at least 15" in best.span.text


def test_sitting_in_front_is_answered_by_who_rides_in_front_or_in_the_back() -> None:
    booster = passage(
        "When a child is 9 years old, they must sit without the booster and be secured with a seat belt.", "Child seats"
    )
    back = passage("Children under 13 years old must ride in the back seat if it is available.", "Child seats", "OH-M2")
    best = answering("how old does my little brother have to be to sit up front", booster, back)
    assert "back seat" in best.span.text


def test_driving_friends_around_is_answered_by_a_rule_about_passengers() -> None:
    assert asked_for("can i drive my friends around right after i get my license").doing
    assert asked_for("do backseat passengers have to buckle up").doing
    # A passenger named in passing asks about something else (here, the open bottle).
    assert all(
        "passeng" not in each for each in asked_for("a passenger is holding an open bottle of beer while I drive").doing
    )
    assert all("passeng" not in each for each in asked_for("can a teen drive to a friend's house at 11 pm").doing)
    age = passage("You must be 16 or older, with a valid license, to drive on public roads.", "Licenses")
    passengers = passage(
        "For the first 6 months after your license is issued, you cannot have any passengers under 21.",
        "Restrictions",
        "OH-M3",
    )
    best = answering("can i drive my friends around right after i get my license", age, passengers)
    assert "passengers" in best.span.text


def test_a_thing_the_rule_must_name_to_answer_for_it() -> None:
    signal = passage("A flashing red or dark signal is treated the same as a stop sign.", "Signals")
    four_way = passage(
        "At a 4-way stop, when 2 vehicles arrive at the same time, the driver on the left yields to the one on the right.",
        "Right of way",
        "OH-M4",
    )
    assert all(each.astray for each in read("how dark can i legally tint my car windows", signal))
    assert all(each.astray for each in read("who has to yield when going into a roundabout", four_way))
    roundabout = passage("In a roundabout, yield to traffic already in the circle.", "Roundabouts", "OH-M5")
    assert "roundabout" in answering("who has to yield when going into a roundabout", four_way, roundabout).span.text


def test_a_rule_for_another_kind_of_vehicle_does_not_answer_for_the_learners_car() -> None:
    bicycles = passage(
        "At speeds over 35 mph, you may pass a person on a bicycle in your lane only if you leave enough distance.",
        "Passing",
    )
    limit = passage(
        "Do not exceed the speed limit when passing; it is against the law to exceed speed limits at any time.",
        "Passing",
        "OH-M039-02",
    )
    question = "is it ok to go over the speed limit for a sec to pass someone"
    assert "exceed" in answering(question, bicycles, limit).span.text
    # Asked of the bicycle, its rule answers.
    assert "bicycle" in answering("how fast can i go when i pass a bike", bicycles, limit).span.text
    # A rule naming a thing the question names is kept though it names a truck ("a fire truck or an ambulance").
    ambulance = passage(
        "Do not follow within 500 feet of a fire truck or an ambulance with its lights on.", "Following"
    )
    assert kept("how far behind an ambulance with its lights on do i stay", ambulance)
    # A rule for vehicles in general that names a bicyclist among them is anyone's.
    turning = passage("When turning left, yield to any oncoming vehicle, bicyclist or pedestrian.", "Turning")
    assert kept("do i have to yield when turning left", turning)


def test_a_young_child_is_answered_by_a_rule_for_children_not_the_learners_permit() -> None:
    permit = passage(
        "With a beginner's permit you may drive from 6 a.m. to midnight with a licensed driver in the front seat.",
        "Beginner's Permit",
    )
    seats = passage("Children age 7 and younger must sit in a car seat in the back seat.", "Child Safety", "OH-M051-02")
    assert "Children" in answering("can my 6 yr old sit up front with me", permit, seats).span.text
    # "My kid" and "my son" are often the teen learning to drive: their permit answers.
    assert "permit" in answering("can my kid drive at 6 am with me in the front seat", permit, seats).span.text
    assert not asked_for("can i drive alone after 1 year").things


def test_keeping_to_the_left_lane_and_going_around_a_crossing_gate_need_rules_for_them() -> None:
    turning = passage("At 4-way intersections, some lanes are marked as left turn lanes.", "Lanes")
    keep_right = passage(
        "Stay in the right-hand lane unless overtaking and passing, making an exit to the left.", "Lanes", "OH-M074-03"
    )
    question = "on the interstate with 2 lanes going my way can i just cruise in the left lane"
    assert "overtaking" in answering(question, turning, keep_right).span.text
    crossing = passage("Never pass a car that is going your direction at a railroad crossing.", "Railroad Crossings")
    gates = passage(
        "You may not drive through, around, or under any crossing gate or barrier while it is down.",
        "Railroad Crossings",
        "OH-M097-03",
    )
    assert (
        "gate" in answering("can i go around the railroad crossing arm if it takes forever", crossing, gates).span.text
    )
    # Where to stop while the gate is down is asked of the crossing, not of going around the gate.
    assert not asked_for("crossing arm is down at the tracks, how far back do i stop").doing


def test_drinking_under_21_is_answered_by_the_rule_for_drivers_under_21() -> None:
    container = passage(
        "You may not drive with an open container of alcohol anywhere in the passenger area of the car.", "Alcohol"
    )
    under = passage(
        "If you are under 21, it is against the law for you to drink any alcohol at all.", "Alcohol", "OH-M15"
    )
    assert "under 21" in answering("im 20, can i have like one beer and drive", container, under).span.text
    # Without an age, or over 21, the question is not asked of the rule for those under 21.
    assert not asked_for("can i have one beer and drive").doing
    assert not asked_for("im 25, can i have one beer and drive").doing


def test_a_car_that_dies_on_the_tracks_is_answered_by_the_rule_for_a_stalled_car() -> None:
    stop_line = passage("Stay behind the painted stop line while a train passes.", "Railroad Crossings")
    stalled = passage(
        "If your vehicle stalls on a crossing, get everyone out and move away.", "Railroad Crossings", "OH-M024-04"
    )
    assert "stalls" in answering("what do i do if my car dies on the train tracks", stop_line, stalled).span.text
    # A car that breaks down is not asked so: what to do then is often told without the word.
    assert not asked_for("my car broke down on the highway, what do i do").doing


def test_a_count_of_hours_flashing_against_steady_and_friends_who_ride_along() -> None:
    # "How many hours" is a count of hours: months do not answer it.
    assert "duration" not in asked_for("how many hours do i need to practice before my license").measures
    assert "duration" in asked_for("how long are my supervised hours good for").measures
    steady = passage("A steady yellow light means the light is about to turn red.", "Signals")
    flashing = passage("A flashing yellow light means proceed with caution.", "Signals", "OH-M030-02")
    assert "flashing" in answering("what does a flashing yellow light mean", steady, flashing).span.text
    assert "steady" in answering("what does a steady yellow light mean", flashing, steady).span.text
    assert asked_for("can my friends ride with me when i first get my license").doing
    # Nor is an arrow a light.
    arrow = passage("A steady red arrow means you must stop and may not turn where it points.", "Signals")
    light = passage("At a steady red light, stop before the stop line or crosswalk.", "Signals", "OH-M030-03")
    assert "light" in answering("the light turns steady red, where must i stop", arrow, light).span.text
    assert "arrow" in answering("can i turn at a steady red arrow", light, arrow).span.text


def test_a_rule_under_another_vehicles_heading_does_not_answer_for_the_learners_car() -> None:
    cyclists = passage("Do not wear a headset (headphones, earpiece) when riding.", "Bicycles", "OH-M070-01")
    assert not kept("is it legal to drive with headphones", cyclists)
    assert kept("can i ride my bike with headphones", cyclists)


def test_a_commercial_drivers_rule_does_not_answer_for_the_learner() -> None:
    # Once "one year" reads as a figure, a CDL holder's disqualification would answer how long a
    # learner loses a licence for a second DUI.
    cdl = passage(
        "New federal requirements were implemented as of September 30, 2005, for CDL holders driving under the "
        "influence of alcohol or drugs while driving a non-commercial vehicle. If convicted, the CDL holder will be "
        "disqualified for one year; a lifetime disqualification may be imposed for a second conviction.",
        "Drinking And Driving",
        "DE-M049-04",
    )
    assert not kept("how long do u lose ur license for a first dui if its a second one", cdl)
    # Named in full too.
    renewing = passage(
        "Renewals Commercial driver license (CDL) holders are eligible to renew no earlier than 30 days before the "
        "expiration date on their license. You may renew at any time during the 180-day period prior to the "
        "expiration of your license.",
        "Renewals",
        "DE-M031-01",
    )
    assert answering("how early can i renew my license before it runs out", renewing).span.text.startswith("You may")


def test_a_term_of_jail_is_not_how_long_one_has_to_do_something() -> None:
    penalty = passage(
        "Drivers who fail to report a vehicle crash may be fined up to $2,500 and given a jail sentence of up to "
        "one year.",
        "Crashes",
        "IL-M090-01",
    )
    assert answering("how long do you have to report a crash", penalty).measure == ""
    assert answering("how long can i go to jail for not reporting a crash", penalty).measure == "duration"


def test_a_row_of_a_penalty_list_is_shown_and_speaks_of_the_rule_before_the_list() -> None:
    youth = passage(
        "If you are younger than 21 years of age and are in actual physical control of a vehicle with an alcohol "
        "concentration of two one-hundredths of one percent (0.02 percent) or more, you will be suspended for DWUI. "
        "First offense: Length of suspension: 90 days. Second or subsequent offense: (within two years) Length of "
        "suspension: Six months.",
        "Youthful Driver Suspension",
        "WY-M022-01",
    )
    rows = [span for span in spans_of(youth) if "offense" in span.text]
    assert [span.role for span in rows] == [ITEM, ITEM]
    # Each row goes on from the rule before the list, not from the row before it.
    assert all(span.before.startswith("If you are younger than 21") for span in rows)
    question = "if im under 21 and get caught driving with alcohol in my system how long do they suspend my license"

    def stating(asked: str) -> list[str]:
        return [each.span.text for each in read(asked, youth) if each.measure and not each.astray]

    assert stating(question)[0] == "First offense: Length of suspension: 90 days."
    assert stating(f"{question} if it happens a second time")[0].startswith("Second or subsequent offense")
    # A table's run of several rows stays a table.
    [run] = spans_of(passage("1st Offense $25 - $100 - 30 Days ZERO Tolerance 2nd Offense $100 - $500 - 60 Days"))
    assert run.role != ITEM


def test_the_room_to_pass_another_kind_of_vehicle_is_not_the_room_to_pass_a_car() -> None:
    bike = passage(
        "Pass a bicyclist only when there is a safe amount of room beside them (at least 3 feet) and no danger "
        "from oncoming traffic.",
        "Sharing the Road",
        "IN-M24",
    )
    passing = passage(
        "Make sure the passing lane is clear of traffic, as you must return to the right side of the road no less "
        "than 100 feet before any oncoming vehicle.",
        "Passing",
        "IN-M043-01",
    )
    question = "when im passing someone on a 2 lane road how much room do i need before the oncoming car"
    assert kept(question, bike, passing) == [passing.law]
    assert kept("how much room do i need to pass a bike", bike)


def test_a_rule_for_riding_another_kind_of_vehicle_is_not_the_learners() -> None:
    bike = passage(
        "Traffic light malfunctions When you're riding any kind of bicycle and are not detected by control systems "
        "at traffic lights and a signal change, you can proceed through the intersection after a reasonable amount "
        "of time if: ■ The bicycle has come to a complete stop. ■ The traffic signal shows a red light for an "
        "unreasonable time. ■ The traffic signal appears to be malfunctioning or fails to detect the bicycle.",
        "Traffic light malfunctions",
        "MN-M052-01",
    )
    assert not kept("what if the traffic lights are broken at an intersection", bike)
    assert kept("on my bicycle what if the traffic light never changes at an intersection", bike)


def test_a_rule_for_a_road_of_another_count_of_lanes_is_another_roads() -> None:
    four = passage(
        "When you are traveling the opposite direction of a school bus on a highway containing four or more lanes "
        "of traffic, you do not have to stop.",
        "School Buses",
        "MO-M026-01",
    )
    question = "im on a regular two lane road and a school bus going the opposite way stops, do i stop"
    assert not kept(question, four)
    assert kept("im on a big 4 lane highway and a school bus going the opposite way stops, do i stop", four)
    # Lanes counted one way are not the road's whole count.
    assert kept("there are two lanes going my way and a school bus going the opposite way stops, do i stop", four)


def test_the_rule_named_by_its_seconds_is_a_rule_for_following() -> None:
    # "how many seconds behind ... if its raining": the manual's rule for more seconds in bad weather
    # says neither "follow" nor "behind", only the rule's name.
    more = passage(
        "Note: The three-second rule is a minimum requirement and should be increased by one-second for each "
        "adversity factor encountered (rain, heavy traffic, etc.).",
        "Space Cushion",
        "NE-M074-01",
    )
    best = answering("how many seconds behind the car in front of me should i stay if its raining", more)
    assert best.measure == "seconds"


def test_seconds_added_for_night_are_seconds_asked_at_night() -> None:
    # "how much following distance ... what about at night": the rule that adds "one additional second" at night
    # states seconds, and reads before one that only says to leave more room then.
    more = passage(
        "Increase the following distance by adding at least one additional second for night driving conditions and "
        "at least two additional seconds for driving on unfamiliar roadways at night.",
        "Following Distance",
        "NH-M025-02",
    )
    assert [stated.figure for stated in stated_in(in_digits(more.law), "seconds")] == ["1", "2"]
    vague = passage("Drivers should increase the following distance: At night, in fog, or in bad weather.", "Space")
    best = answering("how many seconds of following distance at night", vague, more)
    assert best.measure == "seconds" and "additional second" in best.span.text


def test_a_retest_told_as_taking_the_exam_again_answers_how_soon_to_retake() -> None:
    # "how long till i can retake the road test": "before taking the exam or exams again" tells the retest's wait,
    # as "retake" would; the same wait told of the exam alone may be the first one's.
    plain = passage("You must wait at least ten days before taking the exam.", "Road Test")
    again = passage("You must wait at least ten days before taking the exam or exams again.", "Road Test", "DE-M042-01")
    assert "again" in answering("how long till i can retake the road test", plain, again).span.text


def test_driving_alone_needs_a_rule_on_who_rides_along() -> None:
    age = passage("The minimum age to drive with a learners permit is 14.", "Permits")
    supervised = passage("A permit holder must be supervised by a licensed adult.", "Permits", "OH-M006-02")
    assert "supervised" in answering("can i drive alone with a learners permit", age, supervised).span.text


def test_an_act_done_to_the_learner_does_not_answer_whether_they_may_do_it() -> None:
    # "can I pass on the right" is not answered by a driver who may try to pass you.
    others = passage(
        "A following driver may think you are turning left and try to pass you on the right.", "Turning", "NV-M071-04"
    )
    rule = passage(
        "You may pass on the right if the street is clearly marked for 2 or more lanes going your way.",
        "Passing",
        "NV-M047-05",
    )
    assert "marked" in answering("can I pass on the right", others, rule).span.text
    assert not kept("can I pass on the right", others)
    # Driving "your vehicle" is the learner's own act, and a question that asks how long is no yes/no.
    lap = passage("Never allow your pet to sit on your lap while you are driving your vehicle.", "Pets")
    assert kept("is it ok to drive with my dog on my lap", lap)
    assert asked_for("how long can i lose my license").my_act == ""
    assert asked_for("can I get a ticket for that").my_act == ""


def test_a_rule_for_drivers_with_a_disability_does_not_answer_for_the_learners_permit() -> None:
    placard = passage(
        "The state issues a parking permit to physically disabled residents who may be the driver or the passenger.",
        "Disability Parking",
        "OK-M010-01",
    )
    assert not kept("can i drive with my friends in the car on my permit", placard)
    # Asked of such a space, it answers; and a disabled (broken-down) car is anyone's.
    assert kept("can i park in a disabled spot", placard)
    assert kept("can i park in a handicap spot", placard)
    broken = passage("If your car breaks down, make sure others can see your disabled vehicle.", "Emergencies")
    assert kept("my car broke down on the highway, what should i do", broken)


def test_a_highways_limit_is_not_a_schools_or_a_county_roads() -> None:
    school = passage(
        "Maximum speeds, unless posted otherwise, are: 15 miles per hour when passing a school during recess.",
        "Speed Limits",
        "ME-M040-01",
    )
    county = passage(
        "If a county judge has not set a limit on a county road, the limit is 40 miles per hour on the county road.",
        "Speed Limits",
        "AR-M030-01",
    )
    assert not kept("whats the speed limit on the highway", school, county)
    highway = passage("The limit on state highways is 65 mph; 70 may be allowed.", "Speed Limits", "ID-M030-01")
    assert "65" in answering("whats the speed limit on the highway", school, county, highway).span.text
    assert "65" in answering("how fast can i go on the interstate", highway).span.text


def test_a_sentence_about_the_manual_itself_is_never_an_answer() -> None:
    law = passage(
        "Roundabouts The next 2 pages give a more in-depth look at roundabouts. "
        "This section explains how to drive through one. "
        "Yield to traffic already in the roundabout.",
        "Roundabouts",
    )
    roles = {span.text: span.role for span in spans_of(law)}
    assert roles["The next 2 pages give a more in-depth look at roundabouts."] == FRAGMENT
    assert roles["This section explains how to drive through one."] == FRAGMENT
    assert roles["Yield to traffic already in the roundabout."] == RULE
    # A rule the page glued to what a section covers is still a rule.
    glued = passage("Do not pass any vehicle in a funeral procession This Section Covers Night Driving", "Processions")
    assert [span.role for span in spans_of(glued)] == [RULE]


def test_a_flashing_signal_is_answered_by_a_rule_that_says_flashing() -> None:
    steady = passage("A yellow light means the light is about to change to red: begin to slow down.", "Signals")
    flashing = passage(
        "Flashing YELLOW Traffic Light – Slow down and proceed with caution.", "Traffic Lights", "ME-M050-03"
    )
    assert not kept("what does a flashing yellow light mean", steady)
    assert "Flashing" in answering("what does a flashing yellow light mean", steady, flashing).span.text
    # A school bus's flashing red lights are not a signal's.
    bus = passage("Stop at least 20 feet away from a school bus that has stopped.", "School Buses")
    assert kept("how far back from a school bus with flashing red lights do i stop", bus)


def test_headphones_are_answered_by_a_rule_that_names_something_worn_in_the_ears() -> None:
    phones = passage("Text messages while driving are not allowed at any age.", "Cell Phones")
    ears = passage("You may not drive with earplugs, headsets, or earphones in both ears.", "Earplugs Prohibited")
    assert not kept("can i drive with headphones in", phones)
    assert "earphones" in answering("can i wear earbuds while driving", phones, ears).span.text


def test_a_kid_riding_up_front_is_a_child_passengers_rule_not_the_learners() -> None:
    teen = passage(
        "The first-year restrictions end on the date on the back of your license or when you turn 18.",
        "Restricted License",
    )
    seat = passage("Children under 13 should ride in the back seat.", "Child Passengers", "MT-M030-01")
    question = "how old does my kid have to be to sit in the front"
    assert not kept(question, teen)
    assert "back seat" in answering(question, teen, seat).span.text
    # "My kid" alone may be the teen learning to drive.
    assert kept("when do my kids license restrictions end", teen)


def test_where_not_to_park_answers_only_a_question_about_parking_or_stopping() -> None:
    parking = passage(
        "You may not park or stop within 30 feet of a flashing red or yellow light, a stop sign, or a traffic light.",
        "Parking",
    )
    meaning = passage("Flashing Yellow Light: Slow down, cover the brake, then proceed with caution.", "Signals")
    assert "Slow down" in answering("what does a flashing yellow light mean", parking, meaning).span.text
    assert not kept("what does a flashing yellow light mean", parking)
    assert kept("how close can i park to a stop sign", parking)


def test_hours_of_practice_are_answered_by_a_rule_on_driving_practice() -> None:
    parked = passage(
        "Do not leave a car parked on a public street for a continuous period of more than 24 hours.", "Parking"
    )
    practice = passage("10 of the 50 supervised hours must be at night.", "Learner License", "MT-M010-01")
    question = "how many hours do i need to practice before my license"
    assert not kept(question, parked)
    assert "50 supervised hours" in answering(question, parked, practice).span.text


def test_a_sentence_after_a_lost_full_stop_is_not_an_act_done_to_the_learner() -> None:
    # "... neither side can pass You may cross ...": "You" opens the next sentence.
    lines = passage(
        "2 solid yellow lines between lanes of traffic means neither side can pass You may cross a solid "
        "yellow line to turn into a driveway, if it is safe to do so.",
        "Yellow Lines",
    )
    assert kept("can i pass on a double yellow line", lines)


def test_a_signals_colour_is_not_anothers_and_a_u_turn_wants_a_rule_on_u_turns() -> None:
    red = passage("At a flashing red light, come to a complete stop; it means the same as a stop sign.", "Signals")
    yellow = passage("Flashing amber light: you must use caution.", "Signals", "WY-M020-02")
    assert not kept("what does a flashing yellow light mean", red)
    assert "amber" in answering("what does a flashing yellow light mean", red, yellow).span.text
    on_red = passage(
        "After stopping and yielding, you may turn left on red from a one-way street onto a one-way street."
    )
    assert not kept("can i make a u turn in the middle of the street", on_red)
    # "Can u turn left on red" is the learner ("you") turning, not a U-turn.
    assert kept("can u turn left on red from a one way onto a one way", on_red)


def test_moving_over_for_a_stopped_emergency_vehicle_answers_only_a_question_about_one() -> None:
    move_over = passage(
        "On a road with more than one lane your way, change lanes away from a stopped emergency vehicle; "
        "if you can't, slow down.",
        "Move Over",
    )
    assert not kept("what should i do if my car breaks down on the highway", move_over)
    assert kept("do i have to move over for a cop on the shoulder", move_over)
    assert kept("what do i do when an ambulance is stopped with its lights on", move_over)


def test_a_sentence_the_page_cut_off_and_a_table_of_car_lengths_are_not_answers() -> None:
    cut = passage("Stalling on railroad tracks: If your car stalls on railroad tracks and it has a", "Railroads")
    assert spans_of(cut)[-1].role == FRAGMENT
    # An item that ends "; or" goes on in the next one: still an item to answer from.
    listed = passage(
        "If a police car is stopped with its lights on, the driver is required: To slow to 20 mph below the limit; or"
    )
    assert spans_of(listed)[-1].role != FRAGMENT
    lengths = passage("MPH leave at least ONE car length @ 20 MPH leave at least 2 car lengths", "Following")
    assert spans_of(lengths)[0].role == TABLE


def test_what_the_rule_must_name_for_a_broken_light_brakes_an_animal_a_new_resident_and_a_permits_life() -> None:
    pedestrian = passage("Never cross a street on a stale green traffic light.", "Pedestrians")
    dark = passage("When traffic lights are not working, treat the intersection as an all-way stop.", "Signals")
    assert not kept("what do i do when the traffic light is out", pedestrian)
    assert "not working" in answering("what do i do when the traffic light is out", pedestrian, dark).span.text
    # Railroad lights "going off" are flashing, not out.
    crossing = passage("Stop no closer than 15 feet from the nearest rail when the crossing lights flash.", "Railroads")
    assert kept("train crossing lights going off, whats the closest i can stop to the tracks", crossing)
    pull = passage("Brakes may pull to one side or may not hold at all.", "Brakes")
    pump = passage("If your brakes fail, pump the brake pedal fast and hard.", "Brake Failure")
    assert not kept("what should i do if my brakes fail", pull)
    assert kept("what should i do if my brakes fail", pump)
    key = passage("Take the key out of your car when you leave it parked.", "Parking")
    assert not kept("what do i do if i hit a deer", key)
    address = passage("If you change your name or address, tell the Division within 30 days.", "Address")
    resident = passage("New residents must get a license here within 60 days of establishing residency.", "Residents")
    assert not kept("how soon after moving here do i need a new license", address)
    assert "60 days" in answering("how soon after moving here do i need a new license", address, resident).span.text
    # Moving up to the next licence is not moving house.
    assert asked_for("what must a permit holder complete before moving up to an intermediate licence").doing == ()
    holding = passage("You must hold your instruction permit for at least 6 months.", "Instruction Permit")
    valid = passage("The learner license is valid for 4 years.", "Learner License", "AL-M010-01")
    assert not kept("how long is my learners permit good for", holding)
    assert "4 years" in answering("how long is my learners permit good for", holding, valid).span.text
    fastest = passage("The maximum speed is 75 mph on rural interstate highways.", "Speed Limits")
    assert not kept("is there a minimum speed on the interstate", fastest)
    # "How slow near a school" asks the school zone's limit.
    school = passage("The speed limit near schools is 20 mph.", "School Zones")
    assert kept("how slow do i need to go near a school", school)


def test_the_least_age_for_a_permit_is_not_an_age_a_rule_sets_as_a_condition() -> None:
    consent = passage(
        "To get an instruction permit you must pass the tests and, if you are under 18 years of age, have parental consent.",
        "Instruction Permit",
    )
    least = passage(
        "You can get an instruction permit at 14 or older; it is valid for 2 years.", "Permit", "AK-M008-02"
    )
    question = "how old do u have to be to get a learners permit"
    assert not read(question, consent)[0].measure
    stating = [each for each in read(question, consent, least) if each.measure and not each.astray]
    assert [each.stated[0].figure for each in stating] == ["14"]
    # Until when a rule holds is an upper bound, and is answered by one.
    booster = passage("Children under 8 must ride in a booster seat.", "Child Seats")
    assert read("until what age does my kid need a booster seat", booster)[0].measure == "age"


def test_who_rides_with_me_asks_anothers_age_and_oncoming_is_not_following() -> None:
    permit = passage("If you are 14 years of age or older, you may obtain the permit.", "Permit")
    adult = passage("The licensed driver riding with you on your permit must be at least 21.", "Permit", "AK-M008-03")
    question = "how old does the person riding with me have to be when im driving on my permit"
    assert answering(question, permit, adult).stated[0].figure == "21"
    following = passage(
        "Switch to low beams when you are at least 300 feet behind a vehicle you are following.", "Lights"
    )
    oncoming = passage(
        "Switch to low beams when you are at least 500 feet from an oncoming vehicle.", "Lights", "NV-M2"
    )
    assert not kept("when do i have to switch off my brights for a car coming towards me", following)
    assert (
        "500"
        in answering(
            "when do i have to switch off my brights for a car coming towards me", following, oncoming
        ).span.text
    )


def test_an_intersection_with_no_signs_is_not_answered_by_the_four_way_stop_rule() -> None:
    four_way = passage("At a 4-way stop, the driver who reaches the intersection first goes first.", "Right of Way")
    right = passage(
        "At an intersection with no signs or signals, yield to the vehicle on your right.", "Right of Way", "NV-2"
    )
    assert not kept("who goes first at an intersection with no stop signs or lights", four_way)
    assert kept("who goes first at a 4 way stop", four_way)
    assert (
        "on your right"
        in answering("who goes first at an intersection with no stop signs or lights", four_way, right).span.text
    )


def test_how_much_time_and_how_much_slower_ask_for_a_figure() -> None:
    assert "seconds" in asked_for("if my car is stuck on the tracks how much time do i have").measures
    assert asked_for("how much slower should i drive when the roads are wet").measures == ("speed",)


def test_car_lengths_a_plate_a_cars_windows_and_an_owners_manual() -> None:
    assert asked_for("on the interstate going 70 how many car lengths should i leave").measures[0] == "lengths"
    lengths = passage("If you are driving at 70 mph, stay at least 7 car lengths from the vehicle ahead.", "Following")
    limit = passage("On interstates the maximum speed for passenger cars is 70 mph.", "Speed Limits", "MS-M070-01")
    best = next(
        each
        for each in read("on the interstate going 70 how many car lengths should i leave", limit, lengths)
        if each.measure
    )
    assert best.measure == "lengths" and best.stated[0].figure == "7"
    following = passage("Keep a following distance of at least 4 seconds behind the vehicle in front.", "Following")
    assert not kept("do i need a front license plate on my car", following)
    lenses = passage("Avoid using dark glasses or tinted contact lenses at night.", "Night Driving")
    assert not kept("how dark can i legally tint my car windows", lenses)
    manual = passage("Check the vehicle owner's manual for how to best start the vehicle.", "Winter Driving")
    assert not kept("i dinged a parked car and the owner isnt around, what do i do", manual)


def test_a_childs_rule_does_not_answer_for_everyone_in_the_car() -> None:
    child = passage("A child must wear a seat belt until 15 years of age.", "Seat Belts")
    everyone = passage("Every occupant of the vehicle, regardless of age, must be restrained.", "Seat Belts", "AL-M40")
    question = "do people in the back seat have to wear a seatbelt"
    assert not kept(question, child)
    assert "Every occupant" in answering(question, child, everyone).span.text
    # Asked of a child, a younger sister or a six-year-old, it is the answer.
    booster = passage(
        "Children 4 through 8 who are under 4 feet 9 inches tall must ride in a booster seat.", "Boosters"
    )
    assert kept("until what age does my little sister need a booster", booster)
    assert kept("a six-year-old passenger is four feet three inches tall, how must they ride", booster)


def test_a_parent_in_the_car_a_fire_truck_and_a_curbs_colour() -> None:
    age = passage("You must be at least 14 to apply for an instruction permit.", "Instruction Permit")
    supervised = passage(
        "A permit allows you to drive when supervised by a licensed driver who is at least 21.", "Permit", "NM-M2"
    )
    question = "do i need a parent in the car when i drive with my learners permit"
    assert not kept(question, age)
    assert kept(question, supervised)
    dim = passage("Dim your headlights within 300 feet when following another vehicle.", "Headlights")
    emergency = passage(
        "Do not follow within 500 feet of an emergency vehicle answering a call.", "Emergency Vehicles", "AL-M2"
    )
    assert not kept("how close can i follow a fire truck", dim)
    assert kept("how close can i follow a fire truck", emergency)
    signal = passage("A flashing red light means the same as a stop sign.", "Signals")
    parked = passage("Park within 18 inches of the curb.", "Parking", "IA-M2")
    colours = passage("Colored curb markings: Red means no stopping, standing or parking.", "Curbs", "NV-M2")
    assert not kept("what does a red curb mean", signal, parked)
    assert kept("what does a red curb mean", colours)
    # A light's colour beside a curb is still a light's.
    lights = passage("When a police car flashes red, white or blue lights, pull over to the curb.", "Emergency")
    assert not kept("what does a red curb mean", lights)


def test_a_statistic_a_pledge_and_a_diagrams_labels_are_not_rules() -> None:
    deaths = passage(
        "An average of 100 people died on the roads each year, and more than 50% of them were not wearing seat belts.",
        "Seat Belts",
    )
    pledge = passage("I will wear my seatbelt at all times and make all passengers wear seatbelts.", "Contract")
    diagram = passage(
        "With a solid yellow line in oncoming lane A With double yellow line separating traffic Car A cannot pass.",
        "Passing",
    )
    # (A statistic is shown only to a question asking for a share: STATISTIC, not SHOWABLE.)
    assert {span.role for span in spans_of(deaths)} == {STATISTIC}
    assert STATISTIC not in SHOWABLE
    for each in (pledge, diagram):
        assert {span.role for span in spans_of(each)} == {FRAGMENT}
    # A rule with a share in it is still a rule; so is a crash report's money figure.
    assert spans_of(passage("You must slow down: 50% of work zone crashes are rear-end crashes."))[0].role == RULE
    report = passage("File a report within 72 hours if damage is over $2,500 or anyone is injured or killed.")
    assert spans_of(report)[0].role == RULE


def test_a_risk_told_as_a_multiple_is_not_a_rule() -> None:
    for text in (
        "Your chances of surviving a collision are 3 to 4 times greater if you are wearing your seat belt.",
        "Drivers who use hand held cell phones are 4 times more likely to get into crashes.",
        "The risk is six times as great when driving with a BAC of 0.10.",
    ):
        assert {span.role for span in spans_of(passage(text, "Seat Belts"))} == {FRAGMENT}
    # A multiple that is no one's chances is still a rule of the road, and so is one a rule states.
    for text in (
        "Stopping distances can be 10 times greater in ice and snow.",
        "You must wear a seat belt: you are 4 times more likely to be killed if you are thrown from the car.",
    ):
        assert spans_of(passage(text))[0].role == RULE
    # And the words that lead into such a list are no rule alone, when nothing they lead is one.
    crash = passage(
        "Speed. A crash on a road with a speed limit of 65 mph or higher is: • More than twice as likely to result "
        "in death than on a road with a limit of 45 mph. • Nearly 5 times as likely to result in death than on a "
        "road with a limit of 40 mph. Keep in mind these reasons: • Safety belts keep you in place.",
        "Speed",
    )
    shown = [span.text for span in spans_of(crash) if span.role in (RULE, ITEM)]
    assert shown == ["Keep in mind these reasons:", "Safety belts keep you in place."]


def test_seat_belts_in_the_back_want_a_rule_on_who_wears_them() -> None:
    extensions = passage("Seatbelt extensions are available from the vehicle manufacturer.", "Seat Belts")
    everyone = passage("All occupants must wear a safety belt.", "Seat Belts", "VT-M2")
    question = "do passengers in the backseat have to wear seatbelts"
    assert not kept(question, extensions)
    assert "All occupants" in answering(question, extensions, everyone).span.text
    # Driving behind someone, after a question on oncoming cars, is following them.
    behind = passage("You must use low beams when following a vehicle within 300 feet.", "Headlights")
    assert kept("when do i dim my brights for a car coming toward me what about when im driving behind someone", behind)


def test_car_a_in_a_diagram_and_a_lines_colour() -> None:
    diagram = passage("A solid white line indicates: With a solid yellow line in your lane Car A cannot pass.", "Lines")
    assert {span.role for span in spans_of(diagram)} <= {FRAGMENT, HEADING}
    # A slow-moving vehicle's caption run into its rule is no diagram.
    emblem = passage(
        "Slow Moving Vehicle A reflective orange triangle on the rear means the vehicle goes 25 mph or less."
    )
    assert spans_of(emblem)[0].role == RULE
    white = passage("You must not cross a double solid white line.", "Lines")
    yellow = passage(
        "Double solid yellow lines mark the center of a road where passing is prohibited.", "Lines", "HI-2"
    )
    assert not kept("when am i allowed to cross a double yellow line", white)
    assert "yellow" in answering("when am i allowed to cross a double yellow line", white, yellow).span.text


def test_a_car_coming_the_other_way_is_oncoming() -> None:
    following = passage("You must use low beams within 300 feet of a vehicle you are following.", "Headlights")
    oncoming = passage("You must use low beams within 500 feet of an oncoming vehicle.", "Headlights", "WY-M2")
    question = "how far away should i switch off my brights when a car is coming the other way"
    # Read as the answer reads it: with the question in the manuals' words ("oncoming").
    found = readings(asked_for(question), Question.of(read_as(question)), [following, oncoming])
    assert [each.span.text for each in found if not each.astray] == [oncoming.law]
    rear = passage("Within 300 feet of the rear of a vehicle you are approaching, dim your lights.", "Headlights")
    assert all(each.astray for each in readings(asked_for(question), Question.of(read_as(question)), [rear]))


def test_a_figure_glued_to_its_unit_is_led_with_the_two_apart() -> None:
    assert lead_for(stated_in("In town or cities: 30mph in any urban district", "speed"), "speed") == "30 mph"
    assert lead_for(stated_in("before your 16th birthday", "age"), "age") == "16 years old"


def test_by_how_much_to_slow_down_is_answered_by_a_speed_told_as_a_change() -> None:
    question = "how much slower should i drive when the roads are wet"
    traction = passage("When the road is wet, modern tires have stable traction up to about 30 mph.", "Wet Roads")
    reduce = passage("On wet roadways reduce speed about 10 mph below recommended speeds.", "Wet Roads", "KS-M2")
    assert not read(question, traction)[0].measure
    assert [each.stated[0].figure for each in read(question, traction, reduce) if each.measure] == ["10"]
    # A scene told first, then what it asks: a figure, not yes or no.
    cop = "theres a cop pulled over on the side of the interstate, how much do i have to slow down"
    assert not asked_for(cop).yes_no and asked_for(cop).measures == ("speed",)
    move_over = passage(
        "Vehicles next to a stationary police vehicle must slow down to a speed of at least 20 miles below the posted "
        "speed limit.",
        "Emergency Vehicles",
    )
    assert answering(cop, move_over).stated[0].figure == "20"
    assert asked_for("im 20, can i have one beer and drive").yes_no


def test_a_two_lane_highway_is_a_two_lane_road_and_headlights_asked_when_want_a_time() -> None:
    question = "can i go over the speed limit to pass someone on a 2 lane highway? by how much"
    exceed = passage(
        "You may exceed the speed limit by 10 mph on a 2-lane road to pass another vehicle.", "Speed", "MT-M20"
    )
    assert answering(question, exceed).stated[0].figure == "10"
    assert asked_for("when do i have to have my headlights on").measures == ("time",)


def test_until_a_drivers_age_is_an_upper_bound_and_a_permit_is_not_an_intermediate_licence() -> None:
    level = passage(
        "You may keep the Level 2 license and follow its restrictions until they are 18 years of age.", "Level 3"
    )
    assert not read("what age can i get the level 3 license with no restrictions", level)[0].measure
    intermediate = passage(
        "With an intermediate license, no non-family passengers under 20 for the first 6 months.", "Passengers"
    )
    permit = passage("With an instruction permit you may carry 2 non-family passengers.", "Passengers", "WV-M2")
    assert kept("how many friends can ride with me when im driving on my permit", intermediate, permit) == [permit.law]
    assert kept("just got my intermediate license, can my friends ride with me", intermediate, permit) == [
        intermediate.law
    ]


def test_whether_to_call_the_police_wants_a_rule_on_calling_them() -> None:
    stay = passage("If you are in a crash, stay until the police have arrived.", "Crashes")
    call = passage("Contact the police if there is an injury or damage of $1,000 or more.", "Crashes", "WY-M2")
    assert kept("got in a small fender bender, do we have to call the police?", stay, call) == [call.law]


def test_an_age_told_as_what_the_least_age_is_answers_how_old() -> None:
    card = passage("The minimum age for an instruction permit is 14.", "Instruction Permit")
    best = read("how old do u have to be to get a learners permit", card)[0]
    assert best.measure == "age" and lead_for(list(best.stated), "age") == "14 years old"


def test_a_manuals_practice_quiz_is_not_read_as_its_rules() -> None:
    quiz = passage(
        "1. The traditional mirror setting: a. May be more appropriate when towing. b. Adds 12 degrees. c. Can be "
        "adjusted. 2. Safety belts: a. Do not need to be worn if your vehicle is equipped with air bags b. Only need "
        "to be worn when driving on long trips c. Must be worn always",
        "Test Your Knowledge",
    )
    assert spans_of(quiz) == ()
    rule = passage(
        "A violation within three years will result in a suspension of at least 30 days. Study Questions 1 Worn "
        "tires can cause a) Difficult turning b) Hydroplaning c) Both",
        "Retraining",
    )
    assert [span.text for span in spans_of(rule)] == [
        "A violation within 3 years will result in a suspension of at least 30 days."
    ]
    # A lettered list in a rule is no quiz.
    steps = passage("To back up: a. Check your mirrors. b. Look over your shoulder. c. Back slowly.", "Backing")
    assert len(spans_of(steps)) > 1
    # Numbered choices ending on "All of the above are correct" are a quiz's, its stem ending on a colon.
    cane = passage(
        "Pedestrians Yield to blind pedestrians. When you see a pedestrian with a white cane or a guide dog on the "
        "roadway as a driver you should know: 1. The use of a white cane identifies the pedestrian as blind. 2. You "
        "must stop for all pedestrians, including those pedestrians 3. All of the above are correct.",
        "Pedestrians",
    )
    assert [span.text for span in spans_of(cane)] == ["Yield to blind pedestrians."]
    # A numbered list in a rule is no quiz.
    numbered = passage("To park: 1. Signal. 2. Stop beside the car ahead. 3. Back slowly.", "Parking")
    assert len(spans_of(numbered)) > 1


def test_lights_on_another_car_are_not_when_to_use_headlights_and_the_first_months_of_a_licence() -> None:
    assert asked_for("when do my headlights legally need to be on").measures == ("time",)
    assert asked_for("what do i do when theres a police car stopped with its lights on").measures == ()
    later = passage("In the second 3 months with a Junior License, you may begin carrying family members.", "Junior")
    first = passage(
        "During the first 3 months under a Junior License, you are restricted to driving alone.", "Junior", "VT-M2"
    )
    assert kept("can i drive my friends around as soon as i get my junior license", later, first) == [first.law]
    assert asked_for("when does the law require your headlights to be on in the rain").measures == ()


def test_a_booster_seats_rule_does_not_answer_for_everyone_in_the_car() -> None:
    booster = passage(
        "For most, look at vehicle seat: If no head rest on vehicle seat, use high back belt positioning booster.",
        "Hints for Booster Seat Use",
    )
    everyone = passage("Everyone in the vehicle, including the driver, must wear a safety belt.", "Belts", "WY-M32")
    question = "do the people in the back seat have to buckle up too or just the driver"
    assert kept(question, booster, everyone) == [everyone.law]
    assert kept("does my little brother need a booster seat", booster)
    lead = passage("A SEAT BELT A CHILD MUST: Keep back and buttocks against vehicle seat back.", "Seat Belts", "WY-M3")
    assert kept(question, lead, everyone) == [everyone.law]


def test_which_way_to_steer_and_what_to_do_once_it_happens() -> None:
    practice = passage("Practice skid recovery in a safe area before driving on ice in traffic.", "Skids")
    steer = passage("Turn the front wheels in the direction of the skid.", "Skids", "AK-M2")
    question = "my car started sliding on ice, which way am i supposed to turn the wheel"
    assert kept(question, practice, steer) == [steer.law]
    avoid = passage("To avoid stalling, a driver should not change gears while crossing the track.", "Railroads")
    out = passage(
        "If your vehicle stalls on a crossing, get everyone out of the vehicle immediately.", "Railroads", "AL-M2"
    )
    assert kept("what do i do if my car stalls on railroad tracks", avoid, out) == [out.law]
    assert kept("how do i avoid stalling on the tracks", avoid)


def test_the_age_of_whoever_rides_along_is_answered_by_an_age_a_rule_gives_them() -> None:
    own = passage("You must be at least 14 to apply for an instruction permit.", "Permits")
    theirs = passage(
        "A learner permit is valid only while a licensed driver aged 21 or older sits beside you.", "Permits", "OK-M2"
    )
    for question in (
        "when im on my permit how old does the person riding with me have to be",
        "how old does the person sitting next to me have to be when im driving on my permit",
    ):
        assert not read(question, own)[0].measure
        assert [each.stated[0].figure for each in read(question, own, theirs) if each.measure] == ["21"]
    # A child's seat is not whoever supervises: "the front seat" does not ask it.
    front = passage("Children under 12 should not ride in the front seat.", "Child Passengers")
    assert read("how old does my little brother have to be before he can sit in the front seat", front)[0].measure


def test_after_my_first_months_and_for_how_long_and_a_true_or_false_quiz() -> None:
    assert asked_for("after my first 6 months on the permit how many friends can ride with me").after_first
    question = "can u lose your license for passing a stopped school bus? for how long"
    assert not asked_for(question).yes_no and asked_for(question).measures == ("duration",)
    quiz = passage("Know the limits. 25. _____ The State has established different limits. 26. _____ Other.", "Review")
    assert [span.text for span in spans_of(quiz)] == ["Know the limits."]
    assert not asked_for("at what age can my kid ride with just a regular seat belt").of_supervisor


def test_a_licence_asked_of_is_not_the_permit_before_it_unless_a_learners() -> None:
    permit = passage(
        "A Driver Training Permit lets you attend driver training from age 14 until you turn 17.", "Permits"
    )
    assert not kept("what age can you get your drivers license", permit)
    learner = passage("Any person 15 years of age may obtain a restricted Learner Permit.", "Permits", "AL-M2")
    assert kept("what age can u get a learners license", learner)


def test_the_back_seat_is_answered_only_by_a_rule_that_speaks_of_it() -> None:
    front = passage("The driver and front-seat passenger must wear a safety belt.", "Safety Belts")
    back = passage("Sit all the way back in the seat so the belt lies across your hips.", "Safety Belts", "KS-2")
    everyone = passage("Kansas law requires that all occupants use safety restraints.", "Safety Belts", "KS-3")
    question = "do ppl in the back seat have to buckle up or just the front"
    assert asked_for(question).back_seat
    assert not asked_for("can my kid ride in the back of a pickup truck").back_seat
    assert asked_for("los pasajeros de atrás tienen que usar el cinturón?").back_seat
    assert not asked_for("La parte de atrás de mi carro empieza a patinar. ¿Qué hago?").back_seat
    assert kept(question, front, back, everyone) == [everyone.law]
    # Asked of the front seat, the front seat's rule answers.
    assert kept("does the front seat passenger have to wear a seatbelt", front)


def test_driver_training_is_not_a_train() -> None:
    assert asked_for("how many hours of driver training do i need").things == ()
    assert asked_for("the train crossing gates are down, how long do i have to wait").things
    home_trained = Law(
        "CT-M36", "CT", "manual", "Other applicants must wait 180 days after the permit is issued.",
        "How long do I have to hold my permit if I'm home-trained?", "CT manual, p. 8", "https://x.example", 8, "card",
    )  # fmt: skip
    assert not kept("the train crossing gates are down, how long do i have to wait", home_trained)


def test_being_pulled_over_is_not_moving_over_nor_yielding_to_an_ambulance() -> None:
    question = "when a cop pulls me over where am i supposed to put my hands"
    assert asked_for(question).pulled_over
    assert not asked_for("theres a cop pulled over on the shoulder what do i do").pulled_over
    move_over = passage(
        "If you see a police car is stopped on the side of the road with their lights on, move over or slow down.",
        "Police",
    )
    yielding = passage(
        "Failure to pull over may result in a ticket. Drive to the right and stop until it passes.",
        "Emergency Vehicles",
        "CA-2",
    )
    steering = passage("Use the area on the wheel between 9 and 3 o'clock with your hands.", "Steering", "KS-4")
    hands = passage("Put your hands on the top of the steering wheel in plain sight.", "One Way", "WI-3")
    right_hand = passage("Pedestrians have the right of way over motorists making a right-hand turn.", "Turns", "NV-5")
    assert kept(question, move_over, steering, right_hand, hands) == [hands.law]
    assert not kept("what should i do if a cop pulls me over", yielding)
    # Nor does a rule that speaks neither of the officer nor of what one does at a stop.
    following = passage("In a car, stay at least 2 seconds back from the vehicle ahead.", "Following", "WY-1")
    stay = passage("Stay in your vehicle unless directed by the officer to exit.", "Traffic Stops", "AZ-1")
    question = "if a cop pulls me over should i get out of the car and walk back to them"
    assert kept(question, following, stay) == [stay.law]
    # The shoulder's police car asked of, the move-over rule answers.
    assert kept("theres a cop pulled over on the shoulder what do i do", move_over)
    # Nor is moving over told by the vehicle's lights ("any stopped vehicle with lights flashing").
    lanes = Law(
        "OR-M17",
        "OR",
        "manual",
        "On a road with two or more lanes in your direction, you must change lanes so you do not drive next to "
        "any stopped vehicle with lights flashing.",
        "Do I have to move over for a police car stopped on the shoulder?",
        "Oregon Driver Manual, p. 65",
        "https://x.example",
        65,
        "card",
    )
    assert not kept("what am i supposed to do when a cop pulls me over", lanes)


def test_an_emergency_vehicles_rule_does_not_answer_a_question_naming_none() -> None:
    emergency = passage(
        "If you are already in the roundabout pull over when you have safely exited it.", "Emergency Vehicles"
    )
    roundabout = passage("Drivers must yield the right of way to traffic in the roundabout.", "Roundabouts", "VT-2")
    question = "who has the right of way at a roundabout, me coming in or the cars already going around"
    assert kept(question, emergency, roundabout) == [roundabout.law]
    assert kept("what do i do at a roundabout when i hear a siren", emergency)


def test_unable_to_move_over_is_answered_by_the_rule_for_that_case() -> None:
    question = "if theres a cop pulled over on the interstate and i cant change lanes what am i supposed to do"
    assert asked_for(question).cannot_move_over
    lane = passage(
        "On a 4-lane highway the law requires you to make a lane change if you can do so safely.", "Move Over"
    )
    slow = passage(
        "If you are unable to change lanes you must slow down to 20 mph below the speed limit.", "Move Over", "VT-9"
    )
    assert kept(question, lane, slow) == [slow.law]
    # Passing a bicyclist where one cannot change lanes is no stopped vehicle's case.
    bike = passage("The minimum legal space to pass a bicyclist is 3 feet.", "Sharing the Road", "GA-3")
    assert kept("im passing a bike but i cant change lanes, how much room do i give", bike)


def test_an_age_a_cards_question_gives_its_rule_counts() -> None:
    adult = Law(
        "IA-M38", "IA", "manual", "A blood alcohol concentration of 0.08 percent is legally drunk.",
        "What's the legal blood alcohol limit for drivers 21 and over?", "IA manual, p. 37", "https://x.example", 37,
        "card",
    )  # fmt: skip
    under = Law(
        "IA-M49", "IA", "manual", "A driver under 21 is considered intoxicated with a BAC of .02 or more.",
        "What's the alcohol limit if I'm under 21?", "IA manual, p. 37", "https://x.example", 37, "card",
    )  # fmt: skip
    # The adult's card names no age in its rule; its question does: not the answer for a 17-year-old.
    assert kept("tengo 17 años, cual es el limite de alcohol en la sangre para mi", adult) == []
    assert answering("tengo 17 años, cual es el limite de alcohol en la sangre para mi", adult, under).law is under
    assert answering("whats the legal alcohol limit", adult, under).law is adult


def test_losing_a_licence_is_answered_by_a_rule_that_takes_it() -> None:
    question = "how many points before they suspend your license"
    deducted = passage("2 points are deducted for each 12-month period with no convictions.", "Points", "OK-1")
    suspended = passage("If you accumulate 10 or more points within 5 years, your license will be suspended.", "Points")
    assert kept(question, deducted, suspended) == [suspended.law]
    renewal = passage("Individuals under 21 may apply for renewal 60 days prior to their 21st birthday.", "Renewal")
    impound = passage("First offense results in court impounding permit or license for 30 days.", "Under 21", "NE-2")
    assert kept("how long do they take your license if ur under 21 and get caught drinking", renewal, impound) == [
        impound.law
    ]


def test_an_age_said_as_at_15_you_may() -> None:
    assert stated_in("At 15 you may get a restricted Learner License.", "age")[0].figure == "15"
    assert stated_in("At 16, you may take the road test.", "age")[0].figure == "16"
    assert stated_in("Drive at 25 a mile slower in the rain.", "age") == []
    assert stated_in("At 20 mph you need more room to stop.", "age") == []


def test_a_limit_for_one_kind_of_road_does_not_answer_where_no_road_is_named() -> None:
    interstate = passage("The maximum speed on an Interstate in Vermont is 65 mph.", "Speed Limits", "VT-1")
    everywhere = passage("The maximum speed on all Vermont roads is 50 mph, unless posted.", "Speed Limits", "VT-2")
    assert answering("whats the speed limit if there's no sign posted", interstate, everywhere).law is everywhere
    assert answering("whats the speed limit on the interstate", interstate, everywhere).law is interstate


def test_a_babys_rule_does_not_answer_of_a_child() -> None:
    infants = passage("Infants, under age 2, should always ride in the back seat facing the rear.", "Children", "ME-1")
    children = passage("All children age 12 and under must be in the back seat.", "Children", "ME-2")
    question = "until what age does my little sister have to ride in the back seat"
    assert answering(question, infants, children).law is children
    assert kept("until what age does my baby have to ride facing the rear", infants)


def test_an_example_reads_after_the_rule_it_shows() -> None:
    both = passage(
        "With a BAC of 0.08 percent or more, you are presumed to be driving under the influence. For example, "
        "at 4 a.m. the BAC of a person who drank until 11:30 p.m. is still above 0.06 percent.",
        "Alcohol",
        "WV-1",
    )
    assert answering("what bac level means ur legally drunk", both).span.text.startswith("With a BAC of 0.08")


def test_being_caught_is_not_holding_a_phone() -> None:
    assert asked_for("que pasa si tengo menos de 21 y me agarran manejando despues de tomar una cerveza").doing == (
        asked_for("que pasa si tengo menos de 21 y me paran manejando despues de tomar una cerveza").doing
    )
    assert asked_for("puedo manejar si agarro el celular").doing


def test_a_biker_is_a_rider_of_either_kind() -> None:
    bicyclist = passage(
        "You are allowed to cross the center of the roadway to pass a bicyclist, even in a no passing zone.",
        "Sharing the Road",
    )
    question = (
        "theres a biker going slow on a road with a double yellow, am i allowed to cross the center line to pass them"
    )
    assert len(asked_for(question).things) == 1
    assert kept(question, bicyclist)
    assert len(asked_for("do i give a motorcycle and a bicycle the same room").things) == 2


def test_a_lead_in_cut_off_before_its_items_is_no_answer() -> None:
    cut = passage("If a traffic signal is dark because of a power outage, you should", "Signals", "OR-1")
    assert kept("the traffic lights are all dark, what am i supposed to do", cut) == []


def test_when_a_little_brother_may_leave_his_booster_is_an_age() -> None:
    question = "when can my little brother stop using a booster and just wear a regular seatbelt"
    assert asked_for(question).measures == ("age",)
    advice = passage("Always fasten your safety belt and make sure all passengers use safety belts.", "Belts", "SC-1")
    rule = passage("A child at least age 8 or 57 inches tall may be restrained by an adult belt.", "Booster Seats")
    assert answering(question, advice, rule).law is rule


def test_how_to_keep_a_skid_from_happening_is_not_what_to_do_in_one() -> None:
    avoid = passage("Make turns at a reduced, steady speed to avoid a skid.", "Ice", "OR-1")
    steer = passage("Stay off the brakes and steer in the direction you want the vehicle to go.", "Skids", "OR-2")
    assert kept("what do i do if my car starts skidding on ice", avoid, steer) == [steer.law]
    assert kept("how do i keep from skidding on ice", avoid)
    # Told as done, whatever it then asks; and a rule under a heading on keeping it from happening.
    ease = passage("If they start to lock up, ease off the brake pedal.", "How to Avoid Skidding", "VT-1")
    recover = passage("Don't hit the brakes, it will just make the skid worse.", "How to Control a Skid", "VT-2")
    question = "my car started skidding on snow, should i slam the brakes or what"
    assert kept(question, ease, recover) == [recover.law]


def test_a_test_at_a_stop_is_asked_of_the_test() -> None:
    refusal = passage("Refusing a chemical test results in a license suspension.", "Implied Consent", "MI-1")
    assert kept("can i say no to a chemical test if im pulled over in michigan", refusal)
    beer = passage("If you are under 21 and drive with any alcohol in your body, you lose your license.", "Under 21")
    assert kept("what happens if im under 21 and get pulled over after like one beer", beer)


def test_whether_to_get_out_at_a_stop_is_answered_by_a_rule_that_says_so() -> None:
    steps = passage(
        "If a law enforcement officer pulls you over, acknowledge the officer by turning on your right turn signal.",
        "Traffic Stops",
        "MT-1",
    )
    stay = passage("Remain inside your vehicle unless otherwise directed by the officer.", "Traffic Stops", "MT-2")
    question = "when a cop pulls me over should i get out of the car?"
    assert kept(question, steps, stay) == [stay.law]
    assert not asked_for("how do i get out of the way of an ambulance").leave_car
    assert not asked_for("how do i get out of a skid").leave_car
    assert asked_for("do i have to get out when i get pulled over").leave_car
    # Others getting out are not the asker.
    assert not asked_for("ok and going past a school when kids are getting out?").leave_car
    # Leaving one's car somewhere is parking it.
    assert not asked_for("can i leave my car right by a fire hydrant").leave_car
    # Nor is driving "bajo la influencia" getting out (the glossary reads "bajo" as "downhill, get out").
    assert not asked_for("¿con qué nivel de alcohol se considera que maneja bajo la influencia?").leave_car
    assert asked_for("¿me tengo que bajar del carro si me para la policía?").leave_car


def test_a_rule_for_when_another_kind_of_vehicle_comes_is_not_asked_of_none() -> None:
    trucks = passage(
        "If 2 large trucks are approaching a roundabout at the same time, the driver in the right lane must yield "
        "to the driver in the left lane.",
        "Roundabouts",
        "IN-1",
    )
    incoming = passage(
        "When approaching a roundabout, incoming traffic always yields to circulating traffic.", "Roundabouts"
    )
    question = "at a roundabout who goes first, me coming in or the cars already going around"
    assert kept(question, trucks, incoming) == [incoming.law]
    assert kept("at a roundabout who goes first when two big trucks come in together", trucks)
    # A trailer one tows is not the condition's subject: the wet road is.
    towing = passage(
        "When towing a trailer or on a wet or slippery road, increase your following distance to 6 seconds."
    )
    assert kept("how many seconds behind the car in front if the road is wet", towing)
    # A streetcar is asked of by a rule for "a bus, streetcar, or trolley".
    streetcar = passage("When a bus, streetcar, or trolley is stopped at a safety zone, pass at no more than 10 mph.")
    assert kept("how fast can i pass a streetcar stopped at a safety zone", streetcar)


def test_a_sentence_that_only_sends_the_reader_elsewhere_is_no_rule() -> None:
    [reference] = spans_of(
        passage('It would also be wise to review "Stalling On Railroad Tracks" under Emergencies in Section 5.')
    )
    assert reference.role == FRAGMENT
    [rule] = spans_of(passage("You must stop for a school bus with flashing red lights (see page 12)."))
    assert rule.role == RULE


def test_a_double_line_asked_of_is_answered_by_a_rule_for_a_double_line() -> None:
    single = passage(
        "Solid white lines between lanes indicate you should stay in your lane unless a special situation requires "
        "you to change lanes.",
        "Pavement Markings",
        "CT-1",
    )
    double = passage("A double solid white line prohibits lane changing.", "Pavement Markings", "CT-2")
    assert kept("am i allowed to change lanes across a double solid white line", single, double) == [double.law]


def test_a_traffic_light_out_at_an_intersection_is_a_dark_signal() -> None:
    yellow = passage(
        "If you are in the intersection when the yellow light comes on, do not stop; continue through the intersection.",
        "Traffic Signals",
        "CT-1",
    )
    dark = passage(
        "A driver at an intersection with an inoperative stop light must stop as though it were a stop sign.",
        "Stop Light Not Working",
        "CT-2",
    )
    assert kept("what do i do if the traffic light is out at an intersection", yellow, dark) == [dark.law]


def test_turning_on_red_is_answered_by_a_rule_on_turning() -> None:
    look = passage("At an intersection, look left and right, even if other traffic has a red light.", "Signals", "DE-1")
    turn = passage("You may turn left on red from a one-way street onto another one-way street.", "Signals", "DE-2")
    assert kept("can u turn left on a red light in delaware", look, turn) == [turn.law]
    assert kept("se puede doblar a la izquierda con la luz roja en delaware?", look, turn) == [turn.law]


def test_driving_at_an_hour_by_the_clock_is_answered_by_a_curfew() -> None:
    log = passage(
        "For an intermediate license, you must complete a practice log of 60 hours, 10 of them at night.",
        "Intermediate License",
        "KY-1",
    )
    curfew = passage(
        "With an intermediate license, you may not drive between 12:00 a.m. and 6:00 a.m. unless you show good cause.",
        "Intermediate License",
        "KY-2",
    )
    assert kept("can i drive at like 1am with my intermediate license", log, curfew) == [curfew.law]
    am = passage("With a provisional license you may not drive between 1:00 am and 5:00 am.", "Provisional", "AK-1")
    assert kept("can i drive home from my job at like 2am if i only have a provisional license", am)


def test_what_happens_if_one_does_not_obey_is_answered_by_the_penalty() -> None:
    rule = passage("You must stop when you approach a bus with flashing red lights.", "School Buses", "OK-1")
    penalty = passage(
        "Failing to stop for a school bus with red lights flashing brings mandatory revocation of your license for "
        "one year.",
        "School Buses",
        "OK-2",
    )
    question = "what happens if u dont stop for a school bus with the red lights flashing"
    # (Shown with its figure in digits, as "five feet" is.)
    assert kept(question, rule, penalty) == [penalty.law.replace("one year", "1 year")]


def test_a_car_that_stalled_asks_what_to_do_now_not_how_to_keep_from_it() -> None:
    avoid = passage(
        "It is wise not to shift gears when crossing railroad tracks, just in case you might stall.",
        "Railroads",
        "DE-1",
    )
    out = passage("If a train is coming, get out and move away from the tracks and your stalled car.", "Railroads")
    question = "my car stalled on the train tracks and a train is coming what do i do"
    assert kept(question, avoid, out) == [out.law]


def test_how_much_open_road_asks_a_distance() -> None:
    assert asked_for("how much open road do i need to pass someone on a 2 lane road").measures[0] == "distance"


def test_a_cop_with_someone_else_pulled_over_is_passed_by_moving_over() -> None:
    stop = passage(
        "Pull over to the right side of the road and turn on your signal so the officer knows you are stopping.",
        "Traffic Stops",
        "AR-1",
    )
    move = passage(
        "When passing a police vehicle stopped on the shoulder, move to the lane farthest from it or slow down.",
        "Move Over",
        "AR-2",
    )
    question = "what am i supposed to do when a cop has someone pulled over on the side of the highway"
    assert kept(question, stop, move) == [move.law]


def test_following_an_ambulance_is_answered_by_how_close_one_may_follow() -> None:
    pull = passage(
        "When an emergency vehicle approaches, pull to the right edge of the road and stop until it passes.",
        "Emergency Vehicles",
        "AK-1",
    )
    follow = passage(
        "A vehicle may not follow an emergency vehicle answering an alarm closer than 500 feet.",
        "Emergency Vehicles",
        "AK-2",
    )
    question = "can i follow right behind an ambulance with its sirens going"
    assert kept(question, pull, follow) == [follow.law]


def test_a_caption_left_above_a_passage_does_not_make_it_another_vehicle_s_rule() -> None:
    cane = passage(
        "A driver must yield to all pedestrians. When a pedestrian is crossing a street with a guide dog or carrying "
        "a white cane, you must come to a complete stop.",
        "TRACTOR-TRAILER, PARTICULARLY ALONGSIDE THE CAB, AND UP TO 200",
        "UT-1",
    )
    assert any("white cane" in each for each in kept("what do i do if someone with a white cane is crossing", cane))
    # Under a heading that is one, a truck's rule is still a truck's.
    blind = passage("Stay out of the blind spots alongside the cab.", "Sharing the Road with Trucks", "UT-2")
    assert not kept("where are my blind spots when i drive", blind)


def test_moving_a_car_after_a_small_crash_is_answered_by_a_rule_on_the_crash() -> None:
    wait = passage(
        "If traffic is stopped and is blocking an intersection, stop before the crosswalk and wait for it to move.",
        "Intersections",
        "OK-1",
    )
    move = passage(
        "If the crash is minor and your vehicle is blocking traffic, you must move it or have it moved.", "Crashes"
    )
    question = "i got in a small wreck and my car is blocking traffic, can i move it or do i have to leave it"
    assert kept(question, wait, move) == [move.law]


def test_backing_up_on_a_road_is_answered_by_a_rule_on_backing() -> None:
    missed = passage("You wish to exit the freeway but have missed your exit ramp.", "Freeways", "HI-1")
    rule = passage("If you pass your exit, do not stop and do not back up; go on to the next exit.", "Freeways")
    assert kept("i missed my exit on the freeway, can i just back up a little", missed, rule) == [rule.law]
    # Backing into a car asks what to do after hitting it.
    assert not any("back" in each for each in asked_for("you reverse into a parked car in a lot, what now").doing)


def test_pumping_the_brakes_and_headlights_in_rain_are_asked_of_by_name() -> None:
    snow = passage("The weight of the plowed snow may cause the snow removal equipment to skid.", "Winter", "NE-1")
    abs_rule = passage("With antilock brakes, press the brake pedal firmly; do not pump the brakes.", "Skids")
    assert kept("if my car has abs and i start sliding on ice should i pump the brakes", snow, abs_rule) == [
        abs_rule.law
    ]
    seen = passage("Make sure you are clearly seen by turning on your headlights.", "Passing", "ME-1")
    wipers = passage("You must turn on your headlights whenever your windshield wipers are in constant use.", "Lights")
    assert kept("do i have to turn my headlights on when its raining", seen, wipers) == [wipers.law]


def test_hitting_a_parked_car_is_answered_by_a_rule_on_the_crash_not_on_theft() -> None:
    theft = passage(
        "To reduce the chance of theft, remove the keys and never leave the vehicle unattended with the engine running.",
        "Parking",
        "IN-1",
    )
    note = passage(
        "If you strike an unattended vehicle, stop and leave a note with your name and address.", "Crashes", "IN-2"
    )
    question = "i backed into a parked car and theres nobody around, can i just leave a note and go?"
    assert kept(question, theft, note) == [note.law]


def test_a_range_of_ages_is_whom_a_rule_is_for() -> None:
    assert asks_age_of("Permit holders ages 16 – 20 must hold the permit for 180 days.") == (16, 20)
    assert asks_age_of("Between the ages of 16 and 18, you may carry one passenger.") == (16, 18)
    # Not a distance or a time that runs from one figure to another.
    assert asks_age_of("Stay 15-20 feet behind.") is None


def test_an_item_that_opens_on_what_to_do_is_a_rule() -> None:
    items = spans_of(
        passage(
            "• Tripling the number of seconds when the roads are covered with snow (cars, six seconds); and "
            "• Quadrupling the number of seconds when ice covers the road (cars, eight seconds).",
            "Following Distance",
        )
    )
    assert [item.role for item in items] == [RULE, RULE]
    # A heading that opens so is still a heading.
    [heading] = spans_of(passage("Driving at Night", "Night"))
    assert heading.role == HEADING


def test_hours_said_with_a_hyphen_are_hours_and_night_hours_are_a_part() -> None:
    assert [each.figure for each in stated_in("turn in a 50-hour certification form", "hours")] == ["50"]
    assert stated_in("bring the 24 Hour Affidavit", "hours") == []
    night = passage("Your form must show at least 10 hours of driving between sunset and sunrise.", "POP", "NE-1")
    whole = passage("Your form must show 50 hours of driving signed by a parent.", "POP", "NE-2")
    question = "how many hours of driving does my mom have to sign off on"
    assert answering(question, night, whole).law is whole
    assert answering("how many hours at night does my mom have to sign off on", night, whole).law is night


def test_a_question_that_asks_how_many_anywhere_is_not_yes_or_no() -> None:
    asked = asked_for("with my intermediate license how many friends am i allowed to drive around")
    assert not asked.yes_no and asked.measures == ("passengers",)
    assert asked_for("am i allowed to drive my friends around").yes_no


def test_a_road_told_by_its_lanes_is_not_a_divided_highway() -> None:
    divided = passage(
        "Traffic approaching a school bus in the opposing roadway of a divided highway does not have to stop.",
        "School Buses",
        "KS-1",
    )
    lanes = passage(
        "You must stop for a school bus on a multi-lane highway, whether it is on your side of the road or the "
        "opposite side.",
        "School Buses",
        "KS-2",
    )
    question = "do i have to stop for a school bus thats on the other side of a 4 lane highway??"
    assert kept(question, divided, lanes) == [lanes.law]
    # Named divided, the divided highway's rule is the answer.
    assert kept("do i stop for a school bus on the other side of a divided 4 lane highway", divided)


def test_slamming_the_brakes_and_a_parked_car_hit_in_spanish_are_asked_of_by_name() -> None:
    skid = passage("A long patch of ice behind his car can easily cause you to skid into him.", "Winter", "TN-1")
    brake = passage("If your vehicle begins to skid, stay off the brake and steer where you want to go.", "Skids")
    question = "my car started sliding on a wet road, should i slam the brakes or what"
    assert kept(question, skid, brake) == [brake.law]
    assert asked_for("choque con un carro estacionado y el dueño no esta, que hago").doing


def test_a_repeat_offences_penalty_answers_only_a_question_about_doing_it_again() -> None:
    fines = passage(
        "PENALTY: • Maximum $60 fine for first offense. Fine shall be waived by the court upon receipt of proof of "
        "purchase of an approved restraint after the offense occurred. • Maximum $110 fine for second and "
        "subsequent offenses.",
        "Child restraints",
        "WY-1",
    )
    again = "Maximum $110 fine for second and subsequent offenses."
    question = "whats the fine in wyoming if my kid isnt in a car seat"
    assert answering(question, fines).span.text == "Maximum $60 fine for first offense."
    assert again not in kept(question, fines)
    assert again in kept("whats the fine if my kid isnt in a car seat a second time", fines)
    assert asked_for("if someone gets a first dui how long do they lose their license what about a second one").repeat
    # A rule giving the first offence's penalty beside the repeat's answers either.
    for both in (
        "A first offense is a $100 fine, and a second offense is a $200 fine.",
        "The fine is $25 for a first-time offense, $50 for a second offense and $75 for a third or subsequent offense.",
        "Anyone under 21 who has alcoholic liquor shall be fined $100 for the 1st offense and not less than $200 for "
        "each subsequent offense.",
    ):
        assert kept("whats the fine for it", passage(both, "Fines", "WY-2")) == [both]


def test_an_aside_cut_before_it_closes_and_a_pictures_labels_are_fragments() -> None:
    aside = passage(
        "(In addition to an Administrative Per Se/Refusal, you may be convicted of DWUI or receive a deferred "
        "prosecution under W.S.",
        "Chemical Testing",
        "WY-3",
    )
    assert spans_of(aside)[0].role == FRAGMENT
    picture = passage(
        "Below is an example of a 2-lane roundabout: Crosswalk: Yield to pedestrians Lane choice is critical at "
        "roundabouts Choose your lane and yield to all traffic in both lanes before entering roundabout!",
        "Roundabouts",
        "WI-1",
    )
    assert spans_of(picture)[0].role == FRAGMENT
    # An aside that closes is read as any sentence.
    whole = passage("(If you refuse the test, your license will be suspended for one year.)", "Tests", "WY-4")
    assert spans_of(whole)[0].role == RULE


def test_a_warrant_is_what_befalls_one_who_refuses_the_test() -> None:
    refusal = passage(
        "If you refuse the required chemical test, police may get a warrant to make you take it.", "Testing", "WY-5"
    )
    assert kept("what happens if i refuse to take the breath test in wyoming", refusal)


def test_a_mailbox_is_a_thing_a_parking_rule_names() -> None:
    parking = passage(
        "Do not stop, stand or park: • Within 50 feet of the nearest rail of a railroad crossing. • Within 20 feet "
        "of any mailbox served by a carrier using a motor vehicle for daily deliveries.",
        "Prohibited Parking",
        "WV-1",
    )
    tracks = passage(
        "Do not stop, stand or park within 50 feet of the nearest rail of a railroad crossing.", "Parking", "WV-2"
    )
    question = "how close to a mailbox can i park"
    assert answering(question, tracks, parking).span.text.startswith("Within 20 feet of any mailbox")
    # The crossing's rule, first by its place in the list, speaks of no mailbox.
    assert not any("railroad" in text for text in kept(question, tracks, parking))


def test_dimming_the_high_beams_speaks_of_the_night_and_behind_a_car_is_following_it() -> None:
    beams = passage(
        "Dim your high beams at least 500 feet before meeting an oncoming vehicle. Within 300 feet of the rear of a "
        "vehicle you are approaching, dim your lights to their lowest beam.",
        "Headlights",
        "WY-6",
    )
    question = "when im coming up behind another car at night how close can i get before i gotta dim my brights"
    assert answering(question, beams).span.text.startswith("Within 300 feet")


def test_an_interstates_limit_does_not_answer_for_a_secondary_highway() -> None:
    limits = passage(
        "Unless posted otherwise, the speed limit on Interstate highways is 80 mph or 75 mph.", "Speed Limits", "WY-7"
    )
    assert kept("whats the speed limit on a secondary highway in wyoming", limits) == []
    assert kept("whats the speed limit on the interstate in wyoming", limits)


def test_a_sign_that_marks_something_is_a_rule() -> None:
    shapes = passage(
        "This shape requires that you yield the right-of-way to cross traffic. Pennant This sign marks the beginning "
        "of a no-passing zone.",
        "Triangle (upside down)",
        "WV-8",
    )
    assert [span.role for span in spans_of(shapes)] == [RULE, RULE]


def test_a_rule_for_one_who_refuses_the_test_answers_only_a_question_about_refusing() -> None:
    refusal = passage(
        "If you are arrested for DUI and refuse a chemical breath test when an officer directs, your license will be "
        "suspended.",
        "DUI",
        "AL-1",
    )
    assert kept("what happens to ur license for a first dui in alabama", refusal) == []
    assert kept("what happens to my license if i refuse the breath test", refusal)
    assert kept("what if i dont take the breathalyzer", refusal)
    # A list of the periods, the first offence's among them, answers of a first DUI.
    periods = (
        "The revocation periods are: 90 days for a first offense; 1 year if you have been previously convicted of "
        "DUI or Refusal."
    )
    assert kept("if u get a dui how long does the dmv take ur license the first time", passage(periods, "DUI"))
    assert asked_for("si un oficial le pide hacer la prueba de aliento y usted se niega, que pasa").refusal
    # A repeat offence in an aside, or after the first's rule, is not what the rule is for.
    texting = passage(
        "A person convicted of a texting violation is guilty of a Class C misdemeanor with a maximum fine of $100 or "
        "a Class B misdemeanor if they inflict bodily injury or have a previous violation for this offense.",
        "Texting",
        "UT-1",
    )
    assert kept("whats the fine for texting while driving in utah", texting)
    # A state that calls a traffic fine a fee.
    fee = (
        "Failure to comply with work zone speed limits carries an $80 minimum fee when work is in progress and "
        "workers are present."
    )
    assert kept("whats the fine for speeding in a construction zone", passage(fee, "Work Zones", "ND-1")) == [fee]
    aside = passage(
        "If you refuse a chemical test, your driving privileges are suspended for 1 year (2 years with a previous "
        "OWI conviction).",
        "Implied Consent",
        "IN-1",
    )
    assert kept("what happens if i say no to the breath test in indiana", aside)


def test_a_drinking_drivers_rule_answers_only_a_question_that_speaks_of_drink() -> None:
    drink = passage(
        "If your chemical test shows a BAC of 0.08 percent or more, your license will be suspended for 90 days.",
        "Suspensions",
        "WY-9",
    )
    assert kept("how long do they suspend ur intermediate license if u get caught driving after curfew", drink) == []
    assert kept("how long do they suspend my license for a dui", drink)
    refuse = passage(
        "If you refuse a chemical test of your BAC when a police officer stops you, your license will be taken away "
        "for 1 year.",
        "Implied Consent",
        "MO-9",
    )
    assert kept("what if i refuse to blow when a cop stops me", refuse)
    # A question asking a BAC speaks of drink, though it says only "the legal limit".
    under = passage("If you are under 21, you violate the law with an alcohol concentration of 0.02 or more.", "BAC")
    assert kept("whats the legal limit if im under 21", under)
    interlock = passage(
        "An ignition interlock device has a built-in breathalyzer and prevents the vehicle from starting if the "
        "motorist's BAC exceeds 0.05%.",
        "Ignition Interlock",
    )
    assert kept("At what reading will an ignition interlock device stop a car from starting?", interlock)
    assert kept("how long is my license suspended if i blow over the limit after a few beers", drink)


def test_how_far_back_from_the_rail_is_no_following_distance() -> None:
    assert asked_for("when im stopped at train tracks how far back from the rail should my car be").actions == set()
    assert asked_for("how far back should i stay from the car in front").actions
    rail = passage(
        "When stopped at a railroad crossing, leave at least 15 feet between your vehicle and the nearest rail.",
        "Railroad Crossings",
        "IA-1",
    )
    reading = answering("when im stopped at train tracks how far back from the rail should my car be", rail)
    assert reading.measure == "distance"


def test_an_age_and_those_younger_is_a_rule_for_them() -> None:
    assert asks_age_of("12-year old and younger should always ride in the rear seat.") == (0, 12)
    assert asks_age_of("All children 12 and under must be in the back seat.") == (0, 12)
    rear = passage("12-year old and younger should always ride in the rear seat.", "Child Safety", "ME-1")
    assert kept("my sister is 11, does she have to ride in the rear seat", rear)
    assert kept("my sister is 14, does she have to ride in the rear seat", rear) == []


def test_finding_the_owner_after_hitting_a_parked_car_answers_what_to_do() -> None:
    crash = passage(
        "If you are in a crash, you must stop; if it involves a parked vehicle, try to find the owner.",
        "Crashes",
        "CT-1",
    )
    assert kept("i bumped a parked car, what am i supposed to do", crash)
    # (Told that nobody is around, trying to find the owner is what was done already: see below.)
    assert kept("i bumped a parked car and nobodys around, what am i supposed to do", crash) == []
    # An owner's manual on parking speaks of no crash.
    manual_ = passage("See your owner's manual on how to set the parking brake when you park.", "Parking", "CT-2")
    assert kept("i bumped a parked car and nobodys around, what am i supposed to do", manual_) == []


def test_a_rule_for_several_cases_with_the_questions_road_among_them_is_not_another_vehicles() -> None:
    gap = passage(
        "Keep a 4-second following distance on slippery roads, behind motorcycles or emergency vehicles, with a heavy "
        "load or trailer.",
        "Following Distance",
        "NM-1",
    )
    assert kept("how many seconds should i follow behind a car on slippery roads", gap)
    assert kept("how many seconds should i follow behind a car", gap) == []
    # "Cut" is what a rule says to do.
    snow = passage("On a wet road, reduce your speed about 10 mph. On packed snow, cut your speed in half.", "Roads")
    assert spans_of(snow)[-1].role == RULE


def test_pulled_over_at_night_or_by_a_cop_behind_you_asks_the_stops_steps() -> None:
    hours = passage("Of the 50 hours of supervised driving, 10 must be at night.", "Practice", "NV-1")
    stop = passage(
        "If you are stopped at night by a police officer, turn on the interior light.", "Traffic Stops", "NV-2"
    )
    assert kept("what should i do if i get pulled over at night", hours, stop) == [
        "If you are stopped at night by a police officer, turn on the interior light."
    ]
    assert asked_for("if a cop gets behind me with lights on whats the first thing i should do").pulled_over
    assert asked_for("what do i do when i see the lights behind me").pulled_over
    lights = passage("Turn on your interior lights if you are pulled over at night to assist with visibility.", "Stops")
    assert kept("what should i do if a cop pulls me over at night", lights)


def test_a_light_totally_out_at_an_intersection_is_a_dark_signal_and_an_ac_is_drink() -> None:
    signals = passage("Traffic signals are lights that regulate the flow of traffic through intersections.", "Signals")
    assert kept("the traffic light at an intersection is totally out, how do i go through it", signals) == []
    fine = passage("First conviction if the AC is .16% or greater: at least a $750 fine.", "DUI Penalties", "ND-1")
    assert kept("whats the fine for speeding in a construction zone when workers are there", fine) == []


def test_how_far_back_is_asked_in_seconds_only_from_another_road_user() -> None:
    assert asked_for("how far back should i sit from the steering wheel because of the airbag").measures == (
        "distance",
    )
    assert asked_for("how far back should i stay behind a truck").measures == ("distance", "seconds", "lengths")
    assert asked_for("and how far back should i stay when following one?").measures == (
        "distance",
        "seconds",
        "lengths",
    )
    assert asked_for("how far ahead should i look").measures == ("distance", "seconds")


def test_how_far_a_blind_spot_reaches_is_a_distance_not_seconds() -> None:
    assert asked_for("how far back behind a semi is their blind spot").measures == ("distance",)
    assert asked_for("how far behind a truck is the no-zone").measures == ("distance",)
    # Of following one, seconds answer as before.
    assert asked_for("how far back should i stay behind a semi").measures == ("distance", "seconds", "lengths")


def test_a_contents_line_or_its_page_number_leads_no_item() -> None:
    for contents in ("How To Make A Left Turn ....................... 19:", "HowToMakeALeftTum................ 19:"):
        law = passage(
            f"{contents} • At intersections with traffic control lights, wait until the intersection is clear of "
            "traffic before you go.",
            "Intersections",
            "GA-M020-01",
        )
        shown = [span.shown for span in spans_of(law) if span.role in (RULE, ITEM)]
        assert shown == [
            "At intersections with traffic control lights, wait until the intersection is clear of traffic before you go."
        ]


def test_a_symbol_fonts_arrow_kept_as_a_letter_is_a_bullet() -> None:
    law = passage(
        "You must take the knowledge exam if you are: • A driver who has 6 or more active points and is renewing "
        "their license • An active-duty service member whose license has been expired more than their old state "
        "allowed The BMV also offers knowledge exams for motorcycles and for-hire drivers. Î You must arrive at the "
        "branch at least 30 minutes before it closes to take the exam that day. Î If you fail the knowledge exam, "
        "you must wait until the next business day to retake it.",
        "Knowledge Exam",
        "IN-M010-02",
    )
    # A span of its own, not the tail of the list's last item.
    said = [span.text for span in spans_of(law) if span.role in (RULE, ITEM)]
    assert "If you fail the knowledge exam, you must wait until the next business day to retake it." in said


def test_failing_a_test_asks_no_penalty_failing_to_stop_does() -> None:
    def asks_penalty(question: str) -> bool:
        return any("suspend" in each for each in asked_for(question).doing)

    assert not asks_penalty("What happens if you fail Indiana's knowledge exam?")
    assert not asks_penalty("what happens if i fail my road test")
    assert asks_penalty("what happens if you fail to stop for a school bus")
    assert asks_penalty("what happens if i dont stop for a school bus")


def test_a_count_of_days_is_not_answered_in_years() -> None:
    assert asked_for("how many days do u have to ask for a hearing").time_unit == "day"
    assert asked_for("how long do i have to ask for a hearing").time_unit == ""
    bond = passage(
        "If you post a bond after being arrested and you do not appear in court, your license shall be revoked "
        "for 5 years.",
        "Revocation",
        "DE-M044-02",
    )
    assert not [each for each in read("how many days do u have to ask for a hearing", bond) if each.measure]
    hearing = passage("The driver will have 15 days to request an administrative hearing.", "Hearings", "DE-M054-02")
    assert answering("how many days do u have to ask for a hearing", hearing).measure == "duration"


def test_a_figure_of_the_kind_asked_says_the_kind_though_the_span_never_names_it() -> None:
    # "an alcohol concentration of 0.15" states a BAC: the question's "bac" is said by it, and
    # the word it names ("extreme", in its heading) decides, not a BAC sentence about another case.
    law = passage(
        "DUI You may be found guilty of DUI even if the BAC was less than 0.08 percent. "
        "Extreme DUI applies to a person with an alcohol concentration of 0.15 or higher.",
        "DUI",
        "AZ-M051-03",
    )
    best = answering("what bac counts as extreme dui", law)
    assert best.span.text.startswith("Extreme DUI") and [each.figure for each in best.stated] == ["0.15"]


def test_the_learners_own_age_does_not_answer_how_old_someone_else_must_be() -> None:
    own = passage("At 15 you may get a restricted Learner License.", "Learner License", "AL-M43")
    others = passage(
        "15 year olds with a valid learner license may drive with a licensed driver who is 21 years of age "
        "or older in the front seat.",
        "Learner License",
        "AL-M086-02",
    )
    best = answering("im 15 with my learners, how old does the person in the passenger seat have to be", own, others)
    assert [each.figure for each in best.stated] == ["21"]


def test_the_birthday_a_licence_expires_on_is_not_the_least_age_for_it() -> None:
    expires = passage("A learner license will expire on the minor's 18th birthday.", "Learner License", "TX-M10")
    least = passage("An applicant for a learner license must be at least 15.", "Applying", "TX-M11")
    best = answering("what is the youngest age to get a learner license", expires, least)
    assert [each.figure for each in best.stated] == ["15"]


def test_a_time_told_by_the_school_day_is_a_time() -> None:
    # "what hours does that apply", of a school zone's limit: a time by the school day answers it.
    said = "These speed limits are in effect on school days from a half hour before school begins."
    assert stated_in(said, "time")


def test_a_pledge_or_a_myth_in_the_learners_own_voice_is_never_the_answer() -> None:
    law = passage(
        'Safety Belts Myths about safety belts: "Safety belts are good on long trips, but I do not need them if I am '
        'driving around town." Over half of all traffic deaths happen within 25 miles of home.',
        "Safety Belts",
    )
    assert all(
        "I do not need" not in each for each in kept("do i really need my seatbelt if im just driving around town", law)
    )
    pledge = passage("Seatbelts: I will wear my seatbelt and I will make sure every passenger wears one.", "Agreement")
    assert kept("do my passengers have to wear a seatbelt", pledge) == []


def test_a_penalty_asked_of_a_second_time_wants_a_rule_that_names_one() -> None:
    first = passage("Texting A driver who texts while driving must pay a fine of at least $100.", "Texting", "VT-M34")
    both = passage(
        "Texting Penalties A person who violates this law shall be fined $100 for a first violation, and $250 for a "
        "second or subsequent violation.",
        "Texting Penalties",
        "VT-M056-05",
    )
    best = answering("whats the fine for texting if i get caught again", first, both)
    assert best.law.id == "VT-M056-05"
    plain = "A driver who texts while driving must pay a fine of at least $100."
    assert plain not in kept("whats the fine for texting if i get caught again", first, both)
    # Asked of the first time, the plain rule may answer.
    assert plain in kept("whats the fine for texting", first, both)


def test_an_ordinal_in_digits_is_the_learners_word_for_it() -> None:
    # "the first time" is the penalty row "1st suspension — 30 days", not the 2nd's.
    law = passage(
        "Points Below are the consequences for accumulating 8 points in 18 months: • 2nd suspension — 60 days "
        "• 1st suspension — 30 days",
        "Points",
    )
    best = answering("how long is the suspension the first time", law)
    assert best.span.text == "1st suspension — 30 days"


def test_a_following_distance_may_be_told_in_car_lengths() -> None:
    assert "lengths" in asked_for("how far back am i supposed to stay behind the car in front of me").measures
    law = passage(
        "Following Distance Use low beams when you follow within 500 feet of another vehicle. "
        "If you are driving at 70 mph, stay at least 7 car lengths from the vehicle ahead.",
        "Following Distance",
    )
    best = answering("how far back should i stay behind the car in front of me going 70", law)
    assert [each.figure for each in best.stated] == ["7"]


def test_asked_what_to_do_once_it_happens_a_sentence_that_tells_nothing_to_do_is_no_answer() -> None:
    # Told as done, with or without "my": the car slid, "car starts skidding", "im sliding".
    for question in (
        "car starts skidding on ice what do i do",
        "hit black ice and the back of my car slid right, which way do i steer",
        "im sliding on the ice help",
    ):
        assert asked_for(question).once_it_happens, question
    # A part that failed: "my gas pedal got stuck ... wat do i do".
    stuck = asked_for("my gas pedal got stuck and the car keeps speeding up wat do i do")
    assert stuck.cue == "action" and stuck.once_it_happens
    assert asked_for("my brakes quit while im driving what now").cue == "action"
    skids = passage(
        "Skidding—Icy roads are dangerous. There is very little you can do once a skid starts. The best skid "
        "control is prevention.",
        "STOPPING IN ICY AND RAINY CONDITIONS",
        "OK-M042-03",
    )
    rule = passage(
        "As a general rule, if the car starts to skid, take your foot off the brake and turn the steering wheel in "
        "the direction of the skid.",
        "Skids",
        "OK-M042-04",
    )
    best = answering("car starts skidding on ice what do i do", skids, rule)
    assert best.span.text.startswith("As a general rule, if the car starts to skid")


def test_brakes_that_stop_working_are_brakes_that_fail() -> None:
    other = passage("Do not drive without brakes. Brakes wear with use: have them checked.", "Brakes", "UT-M075-05")
    failing = passage(
        "If your brakes stop working while driving, use the parking brake. Apply it slowly.", "Brakes", "UT-M076-01"
    )
    best = answering("my brakes quit while im driving what now", other, failing)
    assert best.span.text.startswith("If your brakes stop working")


def test_the_latest_one_may_drive_and_when_headlights_go_on_are_times() -> None:
    assert asked_for("whats the latest i can drive at night with an intermediate license").measures[0] == "time"
    assert asked_for("when r u supposed to have your headlights on at night").measures[0] == "time"
    assert asked_for("whats the latest version of the manual").measures == ()


def test_a_penalty_for_two_or_more_earlier_offences_is_a_repeat_offences() -> None:
    repeat = passage(
        "The license will be suspended as follows: ■ For 2 years if, there were 2 or more DUI or drug-related "
        "revocations within 10 years ■ For 180 days on the first revocation",
        "DUI",
    )
    assert all("2 or more" not in text for text in kept("first dui how long is ur license gone", repeat))
    assert any("2 or more" in text for text in kept("how long is my license gone for a third dui", repeat))


def test_a_rule_for_the_case_that_is_not_so_pays_when_the_question_supposes_it_is() -> None:
    assert asked_for("how many hours if i take the parent class").supposes_so
    assert not asked_for("how many hours if i dont take the parent class").supposes_so
    # One passage (one rank): the case that is not so comes first.
    both = passage(
        "If your parent does not take the parent class, you must log at least 50 hours of supervised driving. "
        "A parent who takes the parent class may submit a log of at least 40 hours of supervised driving.",
        "Hours",
        "MN-M46",
    )
    question = "how many supervised hours does my teen need if i take the parent class"
    assert "40 hours" in answering(question, both).span.text
    assert "50 hours" in answering("how many supervised hours if i dont take the parent class", both).span.text


def test_a_class_told_done_wants_the_rule_for_it_done_not_the_one_for_it_not_taken() -> None:
    # "how many hours ... if my mom did the parent class": the 40 hours told "if a parent takes the approved parent
    # class" answer, not the 50 told "If your parent does not take the parent class".
    assert asked_for("how many hours if my mom did the parent class").done == frozenset(tokens("parent class"))
    assert asked_for("if i take drivers ed how old do i have to be").done
    assert not asked_for("do i have to take drivers ed").done
    assert not asked_for("i never took drivers ed").done and asked_for("i never took drivers ed").not_done
    without = passage(
        "If your parent does not take the parent class, you must submit a log of at least 50 hours of supervised "
        "driving, including 15 at night.",
        "Hours",
        "MN-M45",
    )
    taken = passage(
        "15 of your logged supervised hours must be at night (with 40 hours in all if a parent takes the approved "
        "parent class).",
        "Hours",
        "MN-M46",
    )
    question = "how many hours of practice driving do i need for my license in mn if my mom did the parent class"
    assert "40 hours" in answering(question, without, taken).span.text


def test_restrictions_told_required_for_a_time_say_how_long_they_last() -> None:
    # "how long do the gdl restrictions last": "These restrictions are required for the first nine months" tells it,
    # before a rule on extending them.
    lasting = passage(
        "These restrictions are required for the first nine months, unless you turn 18 years old before then.",
        "GDL",
        "WI-M010-03",
    )
    extended = passage(
        "Your GDL restrictions will be extended 6 months if you are convicted of a moving violation.",
        "GDL",
        "WI-M010-04",
    )
    assert "first 9 months" in answering("how long do the gdl restrictions last", lasting, extended).span.text


def test_who_must_buckle_up_beside_the_front_seat_is_answered_by_a_rule_for_every_seat() -> None:
    # "does everyone in the car have to wear a seat belt ... or just the front seat": a seat belt rule for every seat
    # answers; it need not say who rides in front.
    every = passage(
        "North Dakota's seat belt law requires everyone in every seat to wear a seat belt.", "Seat Belts", "ND-M038-02"
    )
    question = "does everyone in the car have to wear a seat belt in north dakota or just the front seat"
    assert kept(question, every) == [every.law]
    # (Who may ride in front, asked of no belt, still wants a rule that says who rides where.)
    assert not kept("can my little sister sit in the front seat", every)


def test_what_a_first_offense_brings_is_a_penalty() -> None:
    # "what happens if u get caught driving with no insurance the first time": the proof required "for a first
    # offense" is what befalls one, before another offence's suspension.
    insurance = passage(
        "Additionally, if you violate Idaho's no-insurance laws, you will be required to provide proof of financial "
        "responsibility for one year for a first offense.",
        "Insurance",
        "ID-M128-02",
    )
    suspension = passage(
        "You will have absolutely no driving privileges during the first 30 days of that 90 day suspension.",
        "DUI",
        "ID-M090-01",
    )
    question = "what happens if u get caught driving with no insurance in idaho the first time"
    assert "no-insurance" in answering(question, suspension, insurance).span.text


def test_a_police_car_stopped_on_the_shoulder_is_passed_not_a_stop_of_ones_own() -> None:
    question = "theres a cop pulled over on the highway shoulder with lights on, do i have to change lanes"
    assert asked_for(question).passing_stopped and not asked_for(question).pulled_over
    assert not asked_for("what do i do if a cop pulls me over").passing_stopped
    stop = passage(
        "If an officer signals you to stop while you're driving in the left lane, you must still pull over to the right "
        "shoulder, even if that means crossing several lanes of traffic.",
        "Yield",
        "OK-M029-03",
    )
    mirror = passage(
        "Before you pull into the left lane, look quickly over your left shoulder to make sure no vehicle is close behind.",
        "Changing lanes",
        "NY-M039-04",
    )
    move_over = passage(
        "When you encounter an emergency vehicle stopped with its lights flashing, move out of the lane next to it.",
        "Move over",
        "NY-M15",
    )
    assert kept(question, stop, mirror, move_over) == [move_over.law]


def test_a_traffic_control_device_is_no_phone() -> None:
    flag = passage("You must also come to a complete stop when a flag person or traffic device directs you to stop.")
    assert kept("can i text if im just stopped at a red light", flag) == []
    phone = passage("You may not use a wireless communication device to text while driving.", "Phones", "MN-M1")
    assert kept("can i text if im just stopped at a red light", phone)


def test_up_to_what_age_asks_an_age_and_more_expensive_asks_money() -> None:
    assert asked_for("up to what age do kids have to ride in the back seat").measures == ("age",)
    assert not asked_for("up to what age do kids have to ride in the back seat").yes_no
    assert asked_for("are speeding tickets more expensive in construction zones").measures == ("money",)


def test_a_skid_is_not_answered_by_what_to_do_when_the_brakes_fail() -> None:
    failing = passage(
        "Brake Failure If your brakes stop working: Pump the brake pedal several times. Be ready to release the brake "
        "if the vehicle does start to skid.",
        "",
        "AR-M089-03",
    )
    skids = passage(
        "If your vehicle begins to skid, turn the steering wheel in the direction you want the vehicle to go.",
        "Skids",
        "AR-M091-01",
    )
    assert "release the brake" not in answering("what do i do if my car starts skidding", failing, skids).span.text
    # Asked of the brakes, it answers.
    question = "what do i do if my car starts to skid when i pull the parking brake"
    assert "release the brake" in " ".join(kept(question, failing))


def test_which_way_round_a_roundabout_is_answered_by_a_direction() -> None:
    question = "which direction do u go around a roundabout"
    exit_ = passage("Proceed through the roundabout and signal your intention to exit.", "Roundabouts")
    flows = passage("A roundabout is a circular intersection that flows counterclockwise.", "Roundabouts", "UT-1")
    assert kept(question, exit_, flows) == [flows.law]


def test_kids_riding_with_me_are_passengers_not_a_supervisor() -> None:
    assert not asked_for(
        "up to what age do i have to make sure the kids riding with me have a seatbelt on"
    ).of_supervisor
    assert asked_for("who can be riding with me when i drive on my permit").of_supervisor


def test_a_car_stopped_for_someone_crossing_is_no_stopped_emergency_vehicle() -> None:
    question = "the car in the lane next to me stopped for someone crossing, can i just go around it in my lane?"
    assert not asked_for(question).of_supervisor
    move_over = passage(
        "When passing a stopped emergency vehicle, change lanes away from it as soon as it is safe.", "Move over"
    )
    assert kept(question, move_over) == []
    assert kept("theres an ambulance stopped on the side of the road, can i go around it", move_over)


def test_an_intersection_with_no_signs_or_lights_is_not_answered_by_a_red_lights_rule() -> None:
    question = "who has the right of way at an intersection with no stop signs or lights"
    red = passage(
        'You may turn right on a red light only after a full stop, unless a "No turn on red" sign forbids it.'
    )
    uncontrolled = passage(
        "At an intersection not protected with stop signs, yield signs or traffic lights, yield to the vehicle on your "
        "right.",
        "Uncontrolled intersections",
        "AK-M038-02",
    )
    assert kept(question, red, uncontrolled) == [uncontrolled.law]
    # A question that names the red light asks of it, whatever sign it says there is not.
    assert kept("im stopped at a red light and want to turn right, no sign forbids it, may i", red)
    assert not asked_for(
        "stopped at a red light, want to turn right. No sign forbids it. What is allowed?"
    ).uncontrolled


def test_asked_what_to_do_when_pulled_over_a_sentence_that_tells_nothing_to_do_is_no_answer() -> None:
    assert asked_for("if a cop gets behind me with lights on whats the first thing i should do").cue == "action"
    stop = passage(
        "Law enforcement officers conduct traffic stops because they observe a traffic violation. When you see "
        "emergency lights behind you, stay calm, activate your turn signal, and pull off to the side of the road.",
        "What to do when stopped by law enforcement",
        "MO-M062-04",
    )
    best = answering("what am i supposed to do if a cop pulls me over", stop)
    assert best.span.text.startswith("When you see emergency lights behind you")


def test_a_driver_who_fails_to_respond_is_no_brake_that_fails() -> None:
    assist = passage(
        "Automatic emergency braking can sense stopped traffic ahead and applies the brakes if you fail to respond.",
        "Brakes",
        "IA-M1",
    )
    failing = passage("If your brakes stop working: Pump the brake pedal several times.", "Brake failure", "IA-M2")
    assert kept("what do i do if my brakes fail while driving", assist, failing) == [
        "If your brakes stop working: Pump the brake pedal several times."
    ]


def test_a_rule_whose_subject_is_a_refusal_answers_only_a_question_about_refusing() -> None:
    refusing = passage(
        "Refusing the test may get your license revoked for 1, 2 or 4 years, depending on prior contacts.", "Alcohol"
    )
    assert kept("if the cops test me and im at .08 what happens to my license right then", refusing) == []
    assert kept("how long can u lose ur license for refusing the alcohol test", refusing)


def test_whether_someone_of_an_age_may_supervise_asks_the_age_a_supervisor_must_be() -> None:
    question = "can my 19 year old brother be the one supervising me on my permit"
    assert asked_for(question).measures == ("age",)
    assert asked_for(
        "im 16 and have my permit, can my 19 yr old brother be the one in the passenger seat"
    ).measures == ("age",)
    # Riding along is no supervising said: a passenger rides along too.
    assert asked_for("if my friend is 19 can she ride with me").measures == ()
    # Nor is supervised driving, counted in hours.
    assert "age" not in asked_for("im 17, how much supervised driving do i need").measures
    own = passage("You must be at least 15 to take the Learner's Permit test.", "Permits")
    supervisor = passage(
        "With a valid Learner's Permit, you may drive if there is a licensed parent or guardian, or a licensed and "
        "unimpaired individual 25 years of age or older riding in the front seat.",
        "Permits",
        "VT-M014-01",
    )
    assert answering(question, own, supervisor).law is supervisor


def test_how_far_to_stay_behind_the_car_ahead_is_not_answered_by_how_to_park_behind_it() -> None:
    parking = passage(
        "Straighten your wheels again. You should be about a foot away from the curb and at least 2 feet away from "
        "the vehicle in front of you and behind you.",
        "Parallel parking",
    )
    following = passage(
        'Space in front: Use the "4 second following distance rule" when you are driving behind someone.',
        "Space",
        "WI-M016-03",
    )
    assert answering("how far back should i stay behind the car in front of me", parking, following).law is (following)
    assert kept("after i parallel park how far should i be from the car in front", parking)


def test_a_figure_for_bad_weather_does_not_answer_a_question_that_names_none() -> None:
    question = "how many seconds should i leave between me and the car ahead"
    weather = passage("Leave at least 4 seconds when it is dark or raining, and at least 6 seconds on ice or snow.")
    fair = passage("The best way to assure proper following distance is to use the 3-to-4 second rule.", "", "WV-1")
    assert kept(question, weather, fair) == [fair.law]
    assert kept("how many seconds should i leave when its raining", weather)
    # A rule that gives a figure for the fair case beside the weather still answers; so does one whose
    # lights are fog lights.
    lights = passage(
        "You must use your headlights between one-half hour after sunset to one-half hour before sunrise; at any "
        "time when it is raining; or when visibility is limited.",
        "Headlights",
    )
    assert kept("when do i have to have my headlights on", lights)
    dim = passage(
        "You must dim your high beams (or low beams with fog lights) before coming within 500 feet of an oncoming "
        "vehicle.",
        "Headlights",
    )
    assert kept("how far away does an oncoming car have to be before i turn off my brights", dim)


def test_taking_a_test_for_a_permit_is_not_losing_one() -> None:
    assert asked_for("how old do u have to be to take the permit test").doing == ()
    assert asked_for("can they take away my license if i get 12 points").doing


def test_how_much_one_may_be_fined_asks_money_and_the_closest_one_may_stop_a_distance() -> None:
    assert asked_for("how much can u get fined for not wearing a seatbelt").measures == ("money",)
    assert asked_for("when the train lights are flashing whats the closest i can stop to the tracks").measures == (
        "distance",
    )


def test_a_question_after_words_that_set_the_scene_is_not_asked_yes_or_no() -> None:
    assert not asked_for("after a wreck when do i actually have to call the police").yes_no
    assert asked_for("after a wreck do i have to call the police").yes_no


def test_friends_from_school_riding_along_are_passengers() -> None:
    assert asked_for("just got my level 2 license, can my friends from school ride with me").doing


def test_how_to_come_out_of_a_skid_asks_what_to_do_once_it_happens() -> None:
    assert asked_for("how do you get out of a skid in the snow").mishap
    assert not asked_for("how do i avoid a skid").mishap
    aside = passage(
        "Front-wheel drives do handle better in snow, but they do not have flawless traction, and skids can occur "
        "unexpectedly.",
        "Skidding",
    )
    steer = passage(
        "The best approach to recovering from a skid is the same for both front and rear-wheel drive vehicles: "
        "Steer in the direction you want the vehicle to go.",
        "How to Control a Vehicle in a Skid",
        "VT-M049-03",
    )
    assert answering("how do you get out of a skid in the snow", aside, steer).law is steer


def test_an_age_in_years_and_months_is_an_age_and_led_with_its_months() -> None:
    said = stated_in("At 15 years and 6 months you meet the minimum age for the knowledge test.", "age")
    assert said[0].figure == "15"
    assert lead_for(said, "age") == "15 years and 6 months"
    assert lead_for(stated_in("You must be 15 years and 6 months old.", "age"), "age") == "15 years and 6 months old"
    assert lead_for(stated_in("You must be at least 16 years old.", "age"), "age") == "16 years old"


def test_a_sentence_that_opens_on_the_weather_gives_its_figures_for_it() -> None:
    wet = passage("In bad weather or on wet pavement, increase the following-distance rule to 4 seconds.", "Space")
    two = passage('Since most people have trouble judging distances, the "2-second rule" makes it easier.', "", "LA-2")
    assert kept("how far behind the car in front should i be driving", wet, two) == [two.law]


def test_escaping_the_car_is_getting_out_of_it() -> None:
    question = "if ur car is stuck on the tracks and the lights start flashing how much time do u have to get out"
    escape = passage(
        "If your vehicle is stuck on the tracks and the lights begin to flash, you may only have 20 seconds to escape.",
        "Railroad crossings",
    )
    assert answering(question, escape).measure == "seconds"


def test_what_following_distance_asks_for_seconds_and_a_rule_for_poor_conditions_answers_only_them() -> None:
    question = "what following distance does vermont want u to keep"
    assert asked_for(question).measures[:2] == ("seconds", "distance")
    poor = passage(
        "However, if you are driving in poor road conditions, when visibility is poor or driving at higher speeds, "
        "you should allow more than 4 seconds of following distance.",
        "",
    )
    method = passage(
        "Using the 4-second method, you should have enough space between your vehicle and the vehicle in front of "
        "you in case you must stop quickly.",
        "",
        "VT-2",
    )
    assert kept(question, poor, method) == [method.law]


def test_not_being_able_to_drive_any_more_is_losing_ones_licence() -> None:
    question = "how many points can u get before they take ur license away"
    twelve = passage(
        "You will not be able to drive if you get 12 or more demerit points within any 12-month period.", ""
    )
    best = answering(question, twelve)
    assert best.measure == "points" and best.stated[0].figure == "12"


def test_a_snowplow_is_no_snow() -> None:
    plow = passage("Give snowplows at least 200 feet of room when their lights are flashing red, amber or green.", "")
    assert (
        answering("how far should i stay behind a snowplow thats got its lights flashing", plow).measure == "distance"
    )


def test_words_the_pages_font_turned_into_another_script_are_never_shown() -> None:
    garbled = passage(
        "Points are assigned for violations: ඗ඞඍක 21 ඡඍඉකඛ ඗ඎ ඉඏඍ—if you acquire 200 or more points within a 3 year "
        "period, you will be asked to appear for a hearing.",
        "Points",
    )
    assert all(span.role not in (RULE, ITEM) for span in spans_of(garbled) if "ඡඍඉකඛ" in span.shown)


def test_told_the_owner_of_the_car_hit_is_not_there_the_rule_for_then_answers() -> None:
    question = "i backed into a parked car and the owner isnt around, what do i do"
    assert asked_for(question).owner_gone
    assert not asked_for("i hit a parked car, what do i do").owner_gone
    parked = passage(
        "Should the accident involve a parked vehicle, try to find the owner. If you cannot, leave a note in a place "
        "where it can be seen with information on how the owner can reach you.",
        "Crashes",
    )
    assert answering(question, parked).span.text.startswith("If you cannot, leave a note")
    assert answering("i hit a parked car, what do i do", parked).span.text.startswith("Should the accident")


def test_a_distance_from_a_sign_asks_of_a_rule_that_names_one() -> None:
    assert asked_for("and how far away from a stop sign").things
    # A sign asked of otherwise is no place: a school bus's stop arm, a sign's own distance from the tracks.
    assert asked_for("how far back do i have to stop from a school bus thats got its stop sign out").things == (
        asked_for("how far back do i have to stop from a school bus").things
    )
    assert all(
        "sign" not in each for each in asked_for("that round yellow sign, how far before it do i slow down").things
    )
    hydrant = passage("Do not stop, stand or park within 15 feet of a fire hydrant.", "Parking")
    sign = passage("Do not stop, stand or park within 30 feet of any stop sign or traffic control signal.", "", "WV-3")
    assert kept("how far from a stop sign can i park", hydrant, sign) == [sign.law]


def test_short_steps_under_a_heading_in_capitals_are_read_with_it() -> None:
    law = passage(
        "BRAKES FAIL • Use parking brake. • Shift to lower gear. VEHICLE APPROACHING IN YOUR LANE • Sound your horn. "
        "DISABLED VEHICLE • Turn on 4-way flashers at night. • If available, set out flares or warning triangles.",
        "BRAKES FAIL",
        "AK-M078-04",
    )
    items = {span.text: span for span in spans_of(law)}
    assert (
        items["Use parking brake."].role == ITEM
        and items["Use parking brake."].shown == "BRAKES FAIL: Use parking brake."
    )
    # Each step under its own heading, the nearest above it.
    assert items["Sound your horn."].lead == "VEHICLE APPROACHING IN YOUR LANE"
    assert items["If available, set out flares or warning triangles."].lead == "DISABLED VEHICLE"
    # A sentence that opens on its case is one, whatever its verbs.
    sticks = passage("If your accelerator pedal sticks, depress the clutch or shift it into neutral.", "")
    assert [span.role for span in spans_of(sticks)] == [RULE]


def test_asked_what_to_do_once_a_part_fails_a_rule_told_for_that_mishap_answers() -> None:
    assert asked_for("gas pedal stuck!! what do i do").mishaps == {"accelerator"}
    assert asked_for("brake pedal goes to the floor and nothing happens, what do i do").mishaps == {"brakes"}
    assert asked_for("my car stalled on the railroad tracks what do i do").mishaps == {"tracks"}
    # How to keep it from happening is no mishap that happened; nor is a question that asks no action.
    assert not asked_for("how do i avoid skidding on ice").mishaps
    assert not asked_for("how much does a brake job cost").mishaps
    # The manuals' names for it are read beside the learner's words.
    assert "brake failure" in read_as("my brakes just went out what do i do")
    question = "my brakes just went out what do i do"
    steps = passage("BRAKES FAIL • Use parking brake. • Shift to lower gear.", "BRAKES FAIL", "AK-M078-04")
    pump = passage("Never pump the brakes if your vehicle has antilock brakes.", "Be Alert", "AK-M086-02")
    best = readings(asked_for(question), Question.of(read_as(question)), [pump, steps])
    assert next(each for each in best if not each.astray).span.shown.startswith("BRAKES FAIL:")
    # A rule told for another mishap is not the answer.
    wipers = passage(
        "If your windshield wipers fail in rain or snow, slow down and stick your head out your side window.",
        "Equipment Failure",
    )
    gas = "what do i do if my gas pedal gets stuck down"
    assert not kept(gas, wipers)
    sticks = passage("If your accelerator pedal sticks, depress the clutch or shift it into neutral.", "", "ND-2")
    one_foot = passage(
        "Use one foot to operate both the gas pedal and brake pedal to avoid riding the brakes.", "Posture", "ND-3"
    )
    best = readings(asked_for(gas), Question.of(read_as(gas)), [one_foot, sticks])
    assert next(each for each in best if not each.astray).span.text.startswith("If your accelerator pedal sticks")
    # A rule told for no mishap is no answer alone: where none here is told for it, the sources don't say.
    assert not kept(gas, one_foot)
    # A title run into a sentence heads what follows it ("Gas Pedal Sticks If the motor keeps going faster").
    titled = passage(
        "Gas Pedal Sticks If the motor keeps going faster and faster: • Keep your eyes on the road. "
        "• Quickly shift to neutral.",
        "Equipment Failure",
        "CT-M042-02",
    )
    assert [span.under for span in spans_of(titled)][1:] == ["Gas Pedal Sticks", "Gas Pedal Sticks"]
    assert kept(gas, titled)


def test_asked_whether_one_must_take_a_breath_test_what_refusing_costs_answers() -> None:
    question = "if a cop asks me to do a breath test do i actually have to"
    assert asked_for(question).refusal
    assert not asked_for("do i have to take a drivers ed course").refusal
    card = passage(
        "If a police officer asks you to take a test you must, and you can lose your license if you refuse a BAC test."
    )
    assert kept(question, card)


def test_a_learner_shortening_with_is_read_as_with() -> None:
    asked = asked_for("how old does the person riding w me on my learners permit have to be")
    assert asked.of_supervisor and asked.measures == ("age",)
    assert asked_for("can my uncle ride w/ me on my permit").of_supervisor


def test_a_drink_asked_of_is_answered_by_a_rule_on_alcohol() -> None:
    question = "im 19, if i had just one drink am i still legal to drive"
    supervised = Law(
        "OR-M55",
        "OR",
        "manual",
        "Your practice driving counts only if supervised by someone at least 21 who has had valid driving privileges.",
        "Who can supervise my practice driving?",
        "Oregon Driver Manual, p. 98",
        "https://x.example",
        98,
        "card",
    )
    zero = passage(
        "If you are under 21, you fail the test with any amount of alcohol in your blood.", "Alcohol", "OR-2"
    )
    assert kept(question, supervised, zero) == [zero.law]


def test_supposing_a_thing_is_not_there_the_rule_for_when_there_is_none_answers() -> None:
    question = "where do i stop at train tracks if theres no white stop line painted"
    assert asked_for(question).none_there and not asked_for("where do i stop at train tracks").none_there
    behind = passage("When approaching tracks, stay behind any stop line before crossing tracks.", "Tracks", "OR-1")
    none = passage(
        "When required to stop at a railroad crossing, stop at the stop line; if there is none, stop at least 15 feet "
        "from the nearest rail.",
        "Railroad",
        "OR-2",
    )
    assert answering(question, none, behind).span.text.startswith("When required to stop")


def test_how_far_back_from_a_snowplow_is_answered_in_car_lengths_too() -> None:
    question = "how far back should i stay from a snow plow"
    assert asked_for(question).measures == ("distance", "seconds", "lengths")
    assert read_as(question).endswith("snowplow")
    rail = passage(
        "When you must stop at a railroad crossing, stop within 50 feet of the nearest rail.", "Rail", "ID-1"
    )
    plow = passage(
        "Remain 2 car lengths behind snowplow trucks for every 10 miles per hour you drive.", "Winter", "ID-2"
    )
    best = answering(question, rail, plow)
    assert best.span.text.startswith("Remain 2 car lengths") and best.measure == "lengths"
    assert not kept(question, rail)


def test_a_car_stalled_on_the_tracks_is_answered_by_the_rule_for_then_however_it_is_worded() -> None:
    question = "what do i do if my car dies on the train tracks"
    assert asked_for(question).mishaps == {"tracks"}
    stalls = passage(
        "If your vehicle stalls on a crossing, get everyone out and immediately move as far away as possible.",
        "RAILROAD CROSSING",
        "CO-M024-03",
    )
    # Kept from happening, in case it does, is no rule for once it has.
    gears = passage(
        "Do not shift gears when crossing the railroad tracks in case your vehicle stalls.", "Signs", "CO-2"
    )
    assert kept(question, gears, stalls) == [stalls.law]
    assert asked_for("what do i do if i hit the brakes and the pedal just goes to the floor").mishaps == {"brakes"}


def test_a_step_under_a_mishaps_heading_answers_no_question_that_tells_of_none() -> None:
    failure = passage("Headlight Failure • Try the high beam/low beam switch.", "Headlight Failure", "AZ-1")
    [step] = [span for span in spans_of(failure) if span.role == ITEM]
    assert step.shown == "Headlight Failure: Try the high beam/low beam switch."
    assert not kept("when do i have to switch off my brights for a car coming at me", failure)
    assert kept("what do i do if my headlights go out at night", failure)


def test_a_rule_told_for_the_mishap_asked_answers_whatever_else_the_question_names() -> None:
    question = "what do i do if my headlights just go out while im driving at night"
    out = passage(
        "If your headlights suddenly go out: • Put on your hazard warning lights. • Pull off the road as soon as possible.",
        "HEADLIGHT",
        "WA-M174-02",
    )
    assert kept(question, out)
    # Wheels off the pavement, however they went, and a step told "do not suddenly ..." tells what to do.
    wheels = "Your right-hand wheels drop off the pavement onto a soft shoulder. What should you do?"
    assert asked_for(wheels).mishaps == {"off the road"}
    running = passage(
        "RUNNING OFF THE PAVEMENT - If your wheels move off the pavement, do not suddenly steer or swerve back onto "
        "the pavement.",
        "Emergencies",
        "NY-M065-06",
    )
    assert kept(wheels, running)


def test_a_mishap_asked_with_no_cue_is_asked_what_to_do_then() -> None:
    assert asked_for("and what if my car gets stuck on the tracks").mishaps == {"tracks"}
    assert asked_for("what happens if my tire blows out").mishaps == {"blowout"}
    assert "brake failure" in read_as("what if my brakes fail")
    # Or asked what to do in other words; but not what a thing is.
    assert asked_for("Your brakes fail on a downhill stretch. What does the handbook tell you to do?").mishaps == {
        "brakes"
    }
    assert not asked_for("You are on wet pavement and your car starts to hydroplane. What is happening?").mishaps
    # A ditch in a blizzard is being stranded there, not a skid.
    assert asked_for("if i slide into a ditch in a blizzard should i walk to go find help").mishaps == {"stranded"}
    # Asked whether to do a thing, or a figure, it is not.
    assert not asked_for("can i pump the brakes if they fail").mishaps
    assert not asked_for("if my car is stuck on the tracks how much time do i have to get out").mishaps


def test_a_sentence_after_the_case_it_goes_on_with_is_told_for_that_mishap() -> None:
    question = "which way should i walk if my car stalls on the tracks and a train is coming"
    stalled = passage(
        "Stalling on railroad tracks If your vehicle stalls on railroad tracks and a train is approaching, leave the "
        "vehicle immediately. Walk quickly at a 45-degree angle away from the tracks in the direction from which the train "
        "is approaching.",
        "Railroad",
        "MN-M086-05",
    )
    assert any(text.startswith("Walk quickly") for text in kept(question, stalled))
    # A mishap only named in passing ("Practice skid recovery") is no case the next sentence is told for.
    ice = passage(
        "Practice stopping and skid recovery in a safe area. Slow down well in advance of stopping on ice.",
        "Ice",
        "AK-9",
    )
    assert not kept("my car started sliding on ice, which way am i supposed to turn the wheel", ice)


def test_a_mishap_named_in_passing_of_another_vehicle_is_no_rule_for_the_learners_own() -> None:
    question = "what do i do if my car starts skidding on ice"
    plow = passage(
        "When approaching snow removal equipment, be aware of the following: • Occasionally, the weight of the "
        "plowed snow may cause the snow removal equipment to skid.",
        "Winter",
        "NE-M077-01",
    )
    assert not kept(question, plow)


def test_a_label_run_into_a_list_item_names_what_it_and_the_sentences_that_go_on_in_it_speak_of() -> None:
    law = passage(
        "Hazards that limit how well a driver can see: • Darkness- It is harder to see objects at night than during "
        "the day. Your headlights let you see about 400 feet ahead. You should drive at a speed that allows you to "
        "stop within this distance, which is around 50 mph. • Rain, Fog, or Snow- If you cannot see more than 200 "
        "feet ahead because of rain or fog, you should not drive faster than 30 mph. • Keep your windshield clean.",
        heading="Seeing Well",
    )
    labels = {span.text[:24]: span.label for span in spans_of(law)}
    assert labels["Darkness- It is harder t"] == "Darkness"
    assert labels["Your headlights let you "] == "Darkness"
    assert labels["You should drive at a sp"] == "Darkness"
    assert labels["Rain, Fog, or Snow- If y"] == "Rain, Fog, or Snow"
    # An item with no label of its own is not told under the one before it.
    assert labels["Keep your windshield cle"] == ""
    # So the speed it gives is for the dark, asked of the night.
    question = "how fast should i drive at night"
    best = [reading for reading in readings(asked_for(question), Question.of(question), [law]) if not reading.astray]
    assert best[0].span.text.endswith("which is around 50 mph.") and best[0].measure == "speed"


def test_a_rule_for_permits_and_the_licence_asked_of_alike_is_for_both() -> None:
    both = passage("Permit and probationary drivers may not drive between 11:01 p.m. and 5:00 a.m.", "Hours")
    permits = passage("Permit holders may not drive between 11:01 p.m. and 5:00 a.m.", "Hours", "OH-M022-01")
    question = "what time do i have to be off the road with my probationary license"
    found = {
        reading.law.id: reading.astray
        for reading in readings(asked_for(question), Question.of(question), [both, permits])
    }
    assert found == {"OH-M021-01": False, "OH-M022-01": True}


def test_a_yes_no_question_after_a_long_scene_asks_whether_to_do_its_act() -> None:
    question = "the road ahead is flooded but it doesnt look that deep, can i just drive thru it"
    asked = asked_for(question)
    assert asked.yes_no and asked.my_act == "drive"
    # A word that only softens the asking is no act: "can i just u turn" names none this reads.
    assert asked_for("missed my exit on the interstate, can i just u turn thru the median").my_act == ""
    assert asked_for("someone is trying to pass me on a 2 lane road, can i actually speed up").my_act == "speed"
    law = passage(
        "Severe Weather In your vehicle look out for flooding at highway dips, low spots and around bridges. "
        "NEVER drive through floodwaters or on flooded roads.",
        "Severe Weather",
    )
    best = best_readings(asked, [Question.of(question)], [law])[0]
    assert best.span.text == "NEVER drive through floodwaters or on flooded roads."


def test_a_penalty_that_names_no_offence_goes_on_from_the_rule_before_it() -> None:
    law = passage(
        "Driving requires your full attention. It is not legal for anyone to text while driving. The penalty "
        "is a $100 fine. Using a hand-held phone is illegal. Exceptions are in place for emergencies. Drivers "
        "face a fine of $250.",
        heading="Distracted Driving",
    )
    before = {span.text: span.before for span in spans_of(law)}
    # Back to the sentence that says what is forbidden, and no further.
    assert before["The penalty is a $100 fine."] == "It is not legal for anyone to text while driving."
    assert before["Drivers face a fine of $250."] == (
        "Using a hand-held phone is illegal. Exceptions are in place for emergencies."
    )
    # A rule of its own goes on from nothing.
    assert before["Using a hand-held phone is illegal."] == ""


def test_an_age_is_no_length_of_time() -> None:
    from roadlaw.answering.reading import stated_in

    # "18 years or older" says who may take the test, not how long it takes.
    assert stated_in("If you are 18 years or older you can start by passing the knowledge test.", "duration") == []
    assert stated_in("Drivers 16 years and older may ride alone.", "duration") == []
    assert [each.figure for each in stated_in("This test will take about 45 minutes to complete.", "duration")] == [
        "45"
    ]
    assert [each.figure for each in stated_in("Hold the permit for 2 years or more.", "duration")] == ["2"]


def test_how_many_can_ride_asks_for_passengers_and_hrs_for_hours() -> None:
    assert asked_for("what about friends, how many can ride with me").measures == ("passengers",)
    assert asked_for("how many can i take in the car with my provisional").measures == ("passengers",)
    assert "hours" in asked_for("how many hrs of practice driving does my 15 yr old need").measures


def test_how_many_points_for_tailgating_asks_for_points_not_a_following_distance() -> None:
    # "how many" asks the count it names; the tailgating only says of what.
    assert asked_for("how many points do u get for tailgating").measures == ("points",)
    assert asked_for("how much is the fine for tailgating").measures[:1] == ("money",)
    # Asked with no count of its own, it is still the following distance.
    assert asked_for("how far back should i be so im not tailgating").measures[:2] == ("seconds", "distance")


def test_a_sentence_told_with_a_verb_of_its_own_is_a_rule_and_a_heading_of_one_is_not() -> None:
    law = passage(
        "Administrative License Revocation • Drivers receive a temporary license which expires 15 days after it "
        "is issued. • First time offenders who fail an alcohol test serve a 180 day administrative license "
        "revocation (ALR). • You receive points for moving violations. Steering Fails",
        "Administrative License Revocation",
    )
    roles = {span.text: span.role for span in spans_of(law)}
    assert (
        roles["First time offenders who fail an alcohol test serve a 180 day administrative license revocation (ALR)."]
        == RULE
    )
    assert roles["You receive points for moving violations."] == RULE
    # Not the same words as a heading, with no sentence's end.
    assert all(role != RULE for text, role in roles.items() if text.endswith("Steering Fails"))


def test_failing_a_breath_test_is_no_failed_licence_test() -> None:
    breath = asked_for("how long is my license revoked for failing a breath test the first time")
    road = asked_for("if i fail my road test how long till i can take it again")
    failing = frozenset({"fail"})
    assert not any(failing <= {*each} for each in breath.doing)
    assert any("fail" in each for each in road.doing)


def test_moving_into_the_state_is_answered_by_a_rule_for_a_new_resident() -> None:
    law = passage(
        "Licensing You can get your Ohio license after you have held a permit for 6 months. New residents must "
        "obtain an Ohio license within 30 days.",
        "Licensing",
    )
    question = "we just moved to ohio, how long do i have to get an ohio license"
    reading = Question.of(read_as(question), lambda words: [1.0] * len(words))
    best = [each for each in readings(asked_for(question), reading, [law]) if not each.astray]
    assert best and best[0].span.text.startswith("New residents")
    # Moving to a lane is no move into the state.
    assert not any("resident" in each for each in asked_for("i moved to the left lane, do i need a license").doing)


def test_a_thing_the_question_sets_aside_takes_no_side() -> None:
    # "an actual drivers license, not the permit": it asks of the licence, though it names the permit.
    law = passage(
        "Age Requirements You can get an instruction permit at 14 or older. A license may be issued to you at 16 or older.",
        "Age Requirements",
    )
    question = "how old do u have to be to get an actual drivers license in alaska, not the permit"
    assert asked_for(question).set_aside == frozenset(tokens("permit"))
    assert "16" in answering(question, law).span.text
    # Naming both without setting one aside takes neither side; and "not" of a case sets nothing aside.
    assert asked_for("if im not 18 can i get a permit").set_aside == frozenset()
    assert asked_for("can i skip the permit and get my license instead of a learners permit").set_aside == frozenset(
        tokens("learners permit")
    )


def test_a_repeat_offence_told_as_two_or_more_answers_a_question_of_doing_it_again() -> None:
    law = passage(
        "Wireless Communication Devices You may not use a wireless communication device, like a cell phone, to "
        "send electronic messages while driving. If you are convicted of 2 or more violations of using a wireless "
        "communication device to compose, read or send messages while driving, you will be required to pay a $275 fine.",
        "Wireless Communication Devices",
    )
    best = answering("whats the fine if u get caught texting and driving more than once", law)
    assert best.measure == "money" and "$275" in best.span.text


def test_how_heavy_asks_a_weight_in_pounds() -> None:
    assert asked_for("how heavy does my kid have to be before she can ride without a car seat").measures == ("weight",)
    assert asked_for("how much does my son need to weigh to use a booster").measures == ("weight",)
    lights = passage(
        "Headlights Use your low beams within 200 feet when following another vehicle, or in heavy traffic."
    )
    seats = passage(
        "Child Restraints Children under 24 months or under 60 pounds must be in an approved safety device.",
        "Child Restraints",
        "NM-M030-01",
    )
    # Only a span that states the kind of figure asked answers it (the answerer keeps those): the pounds, not
    # the feet of the "heavy traffic" rule.
    stating = [
        each
        for each in read("how heavy does my kid have to be to ride without a car seat", lights, seats)
        if each.measure
    ]
    assert [(each.measure, each.span.text[:35]) for each in stating] == [
        ("weight", "Children under 24 months or under 6")
    ]


def test_how_early_and_how_far_in_advance_ask_a_distance_or_a_time_before() -> None:
    # Before a turn it is a distance ("signal at least 100 feet before"); before a renewal, a time.
    assert asked_for("how early should i signal before a turn").measures == ("distance", "duration")
    # (Ahead of a date, a booking's, only a time: no distance answers "how far in advance can i book my road test".)
    assert asked_for("how far in advance can i book my road test").measures == ("duration",)
    assert asked_for("how far in advance do i signal before a turn").measures == ("distance", "duration")
    assert "duration" not in asked_for("how far ahead should i look").measures
    law = passage(
        "Renewals Exception: legal permanent residents are allowed to renew a license with a valid card. "
        "You can renew it up to 1 year before the expiration date.",
        "Renewals",
    )
    stating = [each for each in read("how early am i allowed to renew my license", law) if each.measure]
    assert [each.span.text for each in stating] == ["You can renew it up to 1 year before the expiration date."]


def test_the_country_is_a_rural_road_and_a_rule_for_outside_town_speaks_of_it() -> None:
    town = passage("Unless posted otherwise, the limit is 30 mph in a residence district.", "Speed Limits", "ME-M80")
    outside = passage(
        "Unless posted otherwise, the maximum speed outside any business, residential or built-up area is 45 mph.",
        "Speed Limits",
        "ME-M81",
    )
    rural = passage("The limit is 65 mph on rural interstates.", "Speed Limits", "CO-M25")
    question = "whats the speed limit on a back road out in the country if theres no sign"
    assert answering(question, town, outside).span.shown.endswith("is 45 mph.")
    assert "rural" in answering(question, town, rural).span.shown


def test_a_warning_device_is_where_a_flare_goes() -> None:
    said = "Day or night put a flare or other warning sign just behind the vehicle. Put another warning device at "
    said += "least 300 feet back (about 120 paces)."
    second = answering("broke down on the highway, how far back do i put the second warning flare", passage(said))
    assert second.span.shown.startswith("Put another warning device at least 300 feet")


def test_a_sentence_is_not_cut_after_an_abbreviation() -> None:
    law = passage(
        "Crashes Mail the report to the Dept. Of Motor Vehicles within 10 days. Keep a copy for yourself.",
        "Crashes",
    )
    shown = [span.shown for span in spans_of(law)]
    assert "Mail the report to the Dept. Of Motor Vehicles within 10 days." in shown
    assert "Keep a copy for yourself." in shown


def test_a_web_address_ends_the_sentence_it_closes() -> None:
    law = passage(
        "Hearings You may use the request form on the website below. https://dmv.example.gov/driver-services- "
        "adjudication/hearing-information/ You must apply within seven (7) days of the date of this notice.",
        "Hearings",
    )
    shown = [span.shown for span in spans_of(law)]
    assert any(each.startswith("You must apply within") for each in shown)
    best = answering("got a revocation notice, how many days do i have to ask for a hearing", law)
    assert best.span.shown.startswith("You must apply within")


def test_a_truck_set_beside_a_car_is_answered_by_the_trucks_figure() -> None:
    trucks = passage(
        "Braking: An average car going 55 mph can stop in about 400 feet. But a large truck could take almost "
        "800 feet to stop.",
        "Sharing the Road with Trucks",
    )
    best = answering("how many feet does a big truck going 55 need to stop compared to a car", trucks)
    assert "800 feet" in best.span.shown
    # Asked of the car alone, the car's figure still answers.
    assert "400 feet" in answering("how many feet does a car going 55 need to stop", trucks).span.shown


def test_how_long_a_vehicle_takes_to_stop_is_told_in_feet_too() -> None:
    assert "distance" in asked_for("how long does it take a loaded semi to stop compared to my car").measures
    assert asked_for("how long do i have to wait to retake the test").measures == ("duration",)
    semi = passage(
        "A fully-loaded tractor-trailer may take more than 400 feet on dry pavement to come to a complete stop.",
        "Trucks",
    )
    assert answering("how long does it take a loaded semi to stop compared to my car", semi).measure == "distance"


def test_how_long_a_thing_may_be_is_a_length() -> None:
    crack = "my windshield has a crack going across it, how long can a crack be before it fails inspection"
    assert asked_for(crack).measures == ("distance",)
    assert asked_for("how long is my permit good for").measures == ("duration",)
    rules = passage(
        "Inspection Cracks over five inches or star chips over one inch are mandatory failure items. "
        "You must have the vehicle inspected within 30 days of its registration.",
        "Inspection",
    )
    assert answering(crack, rules).span.shown.startswith("Cracks over")


def test_how_old_a_thing_may_be_is_how_long_ago() -> None:
    # "can i use a vision test from my eye dr to renew my license? how old can it be": the months since it was
    # done, not the age for a conditional licence.
    vision = "can i use a vision test from my eye dr to renew my license? how old can it be"
    assert asked_for(vision).measures == ("duration",)
    assert asked_for("how old can my proof of insurance be").measures == ("duration",)
    assert asked_for("how old can my kid be to ride up front").measures == ("age",)
    rules = passage(
        "If you are at least 15 years old and have met the requirements listed in this section, you are eligible "
        "for a conditional license. The SCDMV may accept a Certificate of Vision Examination from a licensed eye "
        "care professional if dated within the past 12 months.",
        "Renewal",
    )
    assert "12 months" in answering(vision, rules).span.shown


def test_a_construction_zone_is_a_work_zone_not_any_zone() -> None:
    # "how much lower is the speed limit in a construction zone": the work site's limit, not a school zone's
    # that comes first in the passage.
    school = passage(
        "Urban Speed Limits: In alleys, vehicles may not exceed 15 miles per hour or the posted speed limit. "
        "If you are driving near a school, you must slow down to the lower, posted speed limit for the school zone.",
        "Speed Limits",
        "IN-M046-02",
    )
    work = passage(
        "Work site speed limits are always at least 10 miles per hour below the maximum established speed limit "
        "for the area.",
        "Speed Limits",
        "IN-M046-03",
    )
    assert answering("how much lower is the speed limit in a construction zone", school, work).law.id == "IN-M046-03"


def test_a_thing_told_as_expired_is_answered_by_the_time_after_its_expiry() -> None:
    # "my license expired a few months ago, can i still renew it": the renewal within a year after it expired,
    # not how early one may renew before it does.
    renewal = passage(
        "You may renew your license up to 6 months before the expiration date of your license. If your license "
        "has expired it is not valid for operation of a motor vehicle; however, a renewal may be completed within "
        "1 year after the expiration without retesting.",
        "Renewal",
    )
    shown = answering("my license expired a few months ago, can i still renew it", renewal).span.shown
    assert "after the expiration" in shown
    assert "before the expiration" in answering("how early can i renew my license", renewal).span.shown


def test_a_figure_joined_to_its_unit_states_a_time() -> None:
    # "take a 20-minute nap" answers how long a nap to take, not a trip's "every 100 miles or 2 hours".
    tired = passage(
        "If you're traveling with another driver, take turns driving. If you're traveling alone and start to feel "
        "tired, pull off the road and take a 20-minute nap. It's better to stop and sleep than to risk causing an "
        "accident. Before a trip: • Get adequate sleep — most people need 7 to 9 hours to stay alert. • Plan to stop "
        "about every 100 miles or 2 hours during long trips.",
        "FATIGUE AND DROWSY DRIVING",
    )
    question = "getting sleepy on a road trip by myself, how long of a nap should i take"
    # (Weighed as a state's laws weigh its words: "nap" is rare in them, "trip" and "long" are not.)
    rare = Question.of(question, lambda words: [4.0 if word == "nap" else 1.0 for word in words])
    best = next(each for each in readings(asked_for(question), rare, [tired]) if not each.astray)
    assert best.measure == "duration" and best.stated[0].figure == "20"
    # (An age joined so is no time: "a 2-year-old"; nor a form's hours, nor the window a count is kept over.)
    assert not stated_in("a 2-year-old must ride in a car seat", "duration")
    assert not stated_in("Notarized 50-Hour Affidavit (form BMV 5791)", "duration")
    assert not stated_in("how many demerit points you receive within a 12-month and 24-month period", "duration")
    assert [each.figure for each in stated_in("by the end of a 90-day period after entry", "duration")] == ["90"]


def test_a_learners_tags_are_the_cars_registration() -> None:
    # "is there like a grace period if my tags expire": the registration's rule, though it names no plate.
    registration = passage(
        "There is no grace period for renewing your vehicle registration. Drivers convicted of Driving Under the "
        "Influence will forfeit their license plates to the Courts.",
        "Registration",
    )
    assert answering("is there like a grace period if my tags expire", registration).span.shown.startswith(
        "There is no grace period"
    )


def test_a_nephews_young_age_makes_him_a_child_and_a_motorized_bicycle_a_moped() -> None:
    # "my nephew is 4 but hes like 45 pounds, can he just use a regular seatbelt": a child's rule answers.
    belt = passage(
        "A child under 5 who weighs at least 40 pounds may be secured with a seat belt instead.", "Child Restraints"
    )
    assert kept("my nephew is 4 but hes like 45 pounds, can he just use a regular seatbelt", belt)
    assert asked_for("my cousin is 22, can he be my supervising driver").ages == (22, 22)
    # "im 16, do i legally need a helmet to ride my moped": the rule for a motorized bicycle answers.
    helmet = passage(
        "If under 18, an approved safety helmet is required to operate a motorized bicycle.", "Motorized Bicycles"
    )
    assert kept("im 16, do i legally need a helmet to ride my moped", helmet)


def test_a_child_buckled_up_is_one_in_a_restraint() -> None:
    # "up to what age do kids have to be buckled up or in some kind of restraint": the children's restraints.
    restraints = passage(
        "All children under the age of 15 must wear appropriate safety restraints while the vehicle is in motion.",
        "Child Passenger Safety",
    )
    best = answering("up to what age do kids have to be buckled up or in some kind of restraint", restraints)
    assert best.measure == "age" and best.stated[0].figure == "15"
    # (A seat's head restraint is still no belt to a question that names no child.)
    head = passage("Adjust the head restraint so it is behind your head, not your neck.", "Seat Belts")
    assert not kept("do i have to buckle up in the back seat", head)


def test_a_certain_distance_asks_a_distance() -> None:
    # "does my car horn legally have to be loud enough to hear from a certain distance": the 200 feet, not a
    # sentence on hearing horns with no figure.
    question = "does my car horn legally have to be loud enough to hear from a certain distance"
    assert asked_for(question).measures == ("distance",)
    horns = passage(
        "You must be able to hear emergency sirens, car horns, screeching tires, and other sounds outside your car. "
        "Horns: All motor vehicles must have a horn that can be heard at least 200 feet away.",
        "Equipment",
    )
    assert answering(question, horns).measure == "distance"


def test_parking_lights_are_a_thing_of_their_own() -> None:
    # "is it ok to drive around at dusk with just my parking lights on": not a rule on driving around the gates.
    question = "is it ok to drive around at dusk with just my parking lights on"
    gates = passage("NEVER DRIVE AROUND THE GATES. It is dangerous and against the law.", "Railroad Crossings")
    lights = passage("Driving with parking lights only is unlawful.", "Special Driving Conditions", "NE-M068-01")
    assert not kept(question, gates)
    assert answering(question, gates, lights).law.id == "NE-M068-01"
    # (A rule on when the headlights must be on answers too.)
    headlights = passage("Turn on your headlights a ½ hour (30 minutes) after sunset.", "Lights", "AR-M030-01")
    assert kept(question, headlights)


def test_a_rule_for_a_later_failed_attempt_answers_only_a_repeat() -> None:
    # "if i fail my driving test how long till i can retake it": the wait after a first failure, not the one
    # after a third.
    waits = passage(
        "Upon failure of a third driving skills exam while holding a learner's permit, you must wait for 2 months "
        "from the date of the last failed driving skills exam before taking the exam again. If you fail a driving "
        "skills exam, you must wait 7 days before you can retake the exam.",
        "Skills Exam",
    )
    question = "if i fail my driving skills exam, how long do i wait before taking the exam"
    assert answering(question, waits).stated[0].figure == "7"
    # Asked of failing it again, the later rule answers.
    assert asked_for("what if i end up failing it 3 times").repeat
    assert (
        answering("what if i fail the driving skills exam a third time, how long do i wait", waits).stated[0].figure
        == "2"
    )


def test_an_age_in_years_and_days_and_a_licensed_driver_education_program() -> None:
    # "how old do i have to be to get my license in indiana if i finish drivers ed": 16 years and 90 days, though
    # the rule names a "BMV-licensed driver education program" (a program, not a licensed driver riding along).
    card = passage(
        "With a BMV-licensed driver education program, you can apply for a driver's license at 16 years and 90 days.",
        "Licensing",
        "IN-M30",
    )
    best = answering("how old do i have to be to get my license if i finish drivers ed", card)
    assert best.measure == "age"
    assert lead_for(list(best.stated), "age") == "16 years and 90 days"
    assert [each.figure for each in stated_in("at least 16 years and 270 days of age", "age")] == ["16"]


def test_failing_three_times_names_a_repeat_and_a_refusal_beside_a_first_offence_is_a_refusals_rule() -> None:
    assert names_a_repeat("If you fail a road test 3 times, a minimum waiting period of 1 month is required.")
    assert not names_a_repeat("Alcohol makes you 3 times more likely to crash.")
    # "how long do u lose ur license for a first zero tolerance dui": not the days added for refusing the test.
    refused = passage(
        "For example, if you are convicted of a First Offense DUI (or First Offense Zero Tolerance DUI) AND you "
        "refused the breath or chemical test, a 90-day license suspension will be added.",
        "DUI",
    )
    assert not kept("how long do u lose ur license for a first zero tolerance dui", refused)
    assert kept("what if i refuse the breath test on a first dui, how long do i lose my license", refused)


def test_a_bac_under_the_legal_limit_is_answered_by_a_lower_figure() -> None:
    # "at what bac can they say ur impaired even if ur under .08": the 0.05 that is evidence of impairment, not
    # the 0.08 limit, nor (asked by no one under 21) the limit for drivers under 21.
    limits = passage(
        "If the BAC level is 0.08 or more (or any measurable amount if you are under 21 years old), your driver "
        "license will be revoked—even if you are not convicted in court of driving under the influence (DUI).",
        "Alcohol",
        "OK-M063-03",
    )
    evidence = passage(
        "An alcohol concentration more than 0.05 is relevant evidence that the driver's ability to drive was impaired.",
        "Alcohol",
        "OK-M063-04",
    )
    question = "at what bac can they say ur impaired even if ur under .08"
    best = next(each for each in read(question, limits, evidence) if not each.astray and each.measure)
    assert best.measure == "bac" and best.stated[0].figure == "0.05"
    assert not asked_for("what is the legal limit for adults").under_limit


def test_moving_house_is_an_address_change_not_a_new_residents_move() -> None:
    # "if i move to a new house in wv how long do i have to tell the dmv": the address change's 20 days, not the
    # 30 days a new resident has for a licence.
    residents = passage(
        "After establishing WV residency, new residents who want to drive in WV must apply for a WV driver's license "
        "within 30 days.",
        "New Residents",
        "WV-M016-05",
    )
    address = passage("If you change your address, notify the DMV in writing within 20 days.", "Your License", "WV-M40")
    best = answering("if i move to a new house in wv how long do i have to tell the dmv", residents, address)
    assert best.law.id == "WV-M40"
    assert not asked_for("we just moved to kansas from ohio, how long do i have to get a license").new_address


def test_the_months_after_that_are_after_the_first() -> None:
    assert asked_for("ok and the 6 months after that?").after_first
    assert asked_for("what about the second six months").after_first
    assert not asked_for("first 6 months with my provisional license how many friends can i have").after_first
    first = passage("During the first 6 months, you may have only one passenger under 20.", "Passengers")
    second = passage("During the second 6 months, you may have no more than 3 passengers under 20.", "Passengers")
    assert "second" in answering("ok and how many friends in the 6 months after that?", first, second).span.shown


def test_a_rule_for_one_with_a_prior_offence_is_a_repeats_rule() -> None:
    periods = passage(
        "The license will be revoked as follows: For 1 year, if there was a prior DUI revocation within 10 years. "
        "For a DUI, the license is revoked for 180 days on the first revocation.",
        "Revocation",
    )
    first = answering("first dui how long is ur license gone", periods)
    assert "180 days" in first.span.shown
    prior = passage("You lose your license for 1 year if you have been previously convicted of DUI.", "DUI")
    assert all(each.astray for each in read("first dui how long is ur license gone", prior) if each.measure)


def test_slamming_on_the_brakes_is_answered_by_a_rule_on_stopping() -> None:
    yellow = passage(
        "If you are in the intersection when the yellow light comes on, do not stop. Continue through the "
        "intersection. Your brake lights tell other road users that you are stopping.",
        "Traffic Signals",
    )
    best = answering("light turns yellow when im already in the intersection, do i slam on the brakes", yellow)
    assert best.span.text.startswith("If you are in the intersection")


def test_how_many_questions_may_be_missed_is_a_count_of_questions() -> None:
    question = "how many questions can u get wrong on the nh knowledge test before u fail"
    assert asked_for(question).measures == ("questions",)
    tests = passage(
        "Knowledge Test Testers have 40 minutes to complete the test. If more than 8 questions are answered "
        "incorrectly, the test will automatically end. Fail: If the test is not passed, you may retest after 10 days.",
        "Knowledge Test",
    )
    best = answering(question, tests)
    assert best.measure == "questions" and "8 questions" in best.span.shown


def test_a_rule_told_of_drinking_laws_is_no_answer_for_a_speeding_ticket() -> None:
    oui = passage(
        "NOTE: Regarding Maine's OUI laws, all licenses issued to minors are considered provisional and subject to "
        "immediate suspension until the individual attains the age of 21.",
        "Provisional Licenses",
    )
    question = (
        "my son is 17 and still on his provisional license. if he gets a speeding ticket what happens to his license"
    )
    assert all(each.astray for each in read(question, oui))


def test_the_time_it_takes_to_react_is_told_in_seconds() -> None:
    assert (
        "seconds"
        in asked_for("whats the avg time it takes a driver to notice something in the road and react").measures
    )
    assert "seconds" in asked_for("what is a normal reaction time for drivers").measures
    react = passage(
        "Reaction It takes an average of 1.5 seconds for a person to perceive a threat in the roadway and react to it. "
        "Stopping distances assume a dry road.",
        "Reaction",
    )
    assert answering("whats the avg time it takes a driver to notice something and react", react).measure == "seconds"


def test_a_bottle_in_the_back_seat_asks_of_the_bottle_not_who_sits_there() -> None:
    question = "my friend wants to bring an opened bottle in my backseat, is that legal if im not the one drinking"
    assert not asked_for(question).back_seat
    assert asked_for("do ppl in the back seat have to wear a seatbelt").back_seat
    # (A friend who drinks back there is one who sits there.)
    assert asked_for("can my friend drink a beer in the backseat while i drive if im sober").back_seat
    container = passage(
        "Open Containers It is illegal to have an open bottle or other container of alcohol in a vehicle on any road.",
        "Open Containers",
    )
    assert answering(question, container).span.text.startswith("It is illegal to have an open bottle")


def test_a_penalty_row_told_with_is_reads_under_the_line_before_its_list() -> None:
    penalties = passage(
        "Alcohol and the Law For second and subsequent convictions, the penalties are much worse. PENALTIES: Zero "
        "Tolerance (Under 21, 0.02% or more BAC) • First offense is a Class 2 misdemeanor which is punishable by a "
        "fine and a 30-day loss of driver license. • Second or Subsequent offense is a Class 2 misdemeanor which is "
        "punishable by a fine and a 90-day loss of driver license.",
        "Alcohol and the Law",
    )
    question = "im 19, if i get caught driving after one beer first time what happens to my license"
    row = next(each for each in read(question, penalties) if each.span.text.startswith("First offense"))
    assert "Under 21" in row.span.before and not row.astray


def test_a_kind_of_vehicle_the_question_sets_aside_is_neither_asked_of_nor_answered_for() -> None:
    question = "how long is a normal car learners permit good for in az (not the motorcycle one)"
    assert not asked_for(question).things
    permits = passage(
        "Instruction Permits The motorcycle permit is valid for 7 months and can be renewed only one time. "
        "Graduated permit: you must be accompanied by a licensed driver at least 21 years of age. These permits "
        "are valid for 12 months.",
        "Instruction Permits",
    )
    assert answering(question, permits).span.text == "These permits are valid for 12 months."
    # Asked of the motorcycle, its rule answers.
    assert "motorcycle" in answering("how long is the motorcycle permit good for", permits).span.text


def test_a_rule_for_younger_children_does_not_answer_for_the_child_whose_age_is_given() -> None:
    seats = passage(
        "Child Restraints Children under 4 years old, whatever their weight, must ride in a child safety seat. "
        "Children weighing less than 40 pounds, regardless of age, shall be secured in a child restraint system.",
        "Child Restraints",
    )
    best = answering("my 5 yr old is small, only like 35 lbs, does she still need a real car seat", seats)
    assert best.span.text.startswith("Children weighing less than 40 pounds")


def test_passing_a_test_is_no_overtaking() -> None:
    assert not asked_for("after i pass and get my license how long is the paper temporary one good for").actions
    assert asked_for("can i pass on the right").actions == {"pass"}
    # Passing it may still be passing a vehicle.
    assert asked_for("how much space do i give a motorcycle when i pass it").actions == {"pass"}
    office = passage(
        "Getting Your License Your driver training school has 24 hours to enter your scores once you've passed each "
        "exam. Before leaving the office, you'll receive a temporary license that is good for 45 days.",
        "Getting Your License",
    )
    best = answering("after i pass and get my license at the dol how long is the paper temporary one good for", office)
    assert [each.figure for each in best.stated] == ["45"]


def test_when_in_the_year_is_a_date() -> None:
    assert asked_for("when am i allowed to put studded snow tires on in ct").measures == ("date",)
    assert asked_for("what time of year is it illegal to ride a snowmobile in the ditch").measures == ("date",)
    season = "Studded tires are permitted in Connecticut from November 15th through April 30th."
    assert [each.figure for each in stated_in(season, "date")] == ["15", "30"]
    # A season from one day to another is told whole, not led by its first day.
    assert lead_for(stated_in(season, "date"), "date") == ""
    # A month alone is one too, where the question asks which months.
    deer = "Be especially alert for deer in October and November, the months with the most car/deer crashes."
    assert [each.figure for each in stated_in(deer, "date")] == ["October", "November"]
    assert asked_for("what months are deer the worst for hitting cars").measures == ("date",)
    # A year is no day of it, and "may" is no month.
    assert not stated_in("As of August 31, 2016, backup cameras may be used.", "date")
    assert not stated_in("You may 15 days later apply again.", "date")
    tires = passage(
        "Tires In some areas where there is a lot of icy weather, special studded tires are allowed. Studded tires "
        "are generally allowed only from November 1 through March 31 in Oregon.",
        "Tires",
    )
    best = answering("when do i have to get my studded tires off in the spring", tires)
    assert best.span.text.startswith("Studded tires are generally allowed only from November 1")
    # The snow that studded snow tires are for is no weather case of the dates.
    snow = passage("Winter Driving Studded snow tires may be used from October 15 to April 15.", "Winter Driving")
    assert not answering("when am i allowed to use studded tires in nd", snow).astray


def test_a_case_told_as_not_done_is_answered_by_the_rule_for_it_not_done() -> None:
    hours = passage(
        "Supervised Driving Your teen must log supervised practice hours, 15 of them at night (with 40 hours of "
        "practice in all if a parent takes the approved parent class). If not taking the parent class, your teen "
        "must submit a log showing at least 50 hours of supervised driving.",
        "Supervised Driving",
    )
    best = answering("my parents didnt do the parent class thing, how many practice hours do i need logged", hours)
    assert [each.figure for each in best.stated][:1] == ["50"]


def test_how_often_is_answered_by_a_rule_told_by_its_round() -> None:
    renewals = passage(
        "Renewals You will receive a renewal reminder notice 45 to 60 days before your birthday in the year your "
        "driver license expires. Renewing your drivers license needs to be done every eight years.",
        "Renewals",
    )
    best = answering("how often do u have to renew a regular wisconsin license", renewals)
    assert [each.figure for each in best.stated] == ["8"]


def test_a_bac_told_in_percent_is_no_statistic_and_a_rate_asked_is_answered_by_one() -> None:
    body = passage(
        "Alcohol A standard drink is 12 ounces of beer. You can be convicted of DUI if your BAC is greater than "
        "0.08%. On average, a person's BAC will drop by 0.015% per hour.",
        "Alcohol",
    )
    best = answering("how much does ur bac go down every hour after drinking", body)
    assert [each.figure for each in best.stated] == ["0.015"]
    # A share of people is still a statistic, not a rule.
    assert not kept(
        "how many drivers die speeding", passage("On average, 30% of drivers killed each year were speeding.")
    )


def test_whether_to_honk_is_answered_by_the_rule_on_sounding_the_horn() -> None:
    horses = passage(
        "Horseback Riders When approaching someone riding a horse, take care to avoid frightening the animal and "
        "allow plenty of room. Never sound your horn because you may frighten the horse and cause an accident.",
        "Horseback Riders",
    )
    best = answering("coming up on someone riding a horse on a back road, should i honk so they know im there", horses)
    assert best.span.text.startswith("Never sound your horn")


def test_how_many_tickets_is_a_count_of_violations_not_a_repeats_rule() -> None:
    question = "im 17, how many tickets before ct makes me take that operator retraining program"
    assert asked_for(question).measures == ("violations",)
    retraining = passage(
        "Operator Retraining Anyone age 24 or younger who commits two or more moving violations must complete the "
        "operator retraining program. By law, drivers under 18 cannot use a cell phone while driving.",
        "Operator Retraining",
    )
    best = answering(question, retraining)
    assert [each.figure for each in best.stated] == ["2"] and not best.astray


def test_prior_to_a_thing_is_before_it_not_a_repeat() -> None:
    assert not names_a_repeat("The DMV agent may request a medical prior to issuing you a driver's license.")
    assert names_a_repeat("For 1 year, if there was a prior DUI revocation.")
    assert names_a_repeat("A 30-day suspension for a second conviction for a moving traffic violation.")


def test_how_many_tries_is_a_count_of_attempts() -> None:
    assert asked_for("how many tries do i get at the road test for level 2").measures == ("attempts",)
    assert asked_for("my permit is about to expire, how many times can i renew it").measures == ("attempts",)
    assert [each.figure for each in stated_in("Pass a road skills test (a maximum of 3 attempts)", "attempts")] == ["3"]
    # A multiple is no count of tries.
    assert not stated_in("The braking distance is also 4 times longer.", "attempts")


def test_an_age_no_one_below_may_do_a_thing_is_the_least_age() -> None:
    farm = passage(
        "Farm Safety If under 18 years old, you must be at least 15 years old and enrolled in driver education to get "
        "a permit. No one under 16 years old can operate a farm tractor on highways.",
        "Farm Safety",
    )
    best = answering("how old do u have to be to drive a tractor on the highway", farm)
    assert best.span.text.startswith("No one under 16") and [each.figure for each in best.stated] == ["16"]


def test_what_times_a_school_zone_holds_is_a_time_told_by_school() -> None:
    assert asked_for("and when does that lower limit actually apply, like what times").measures == ("time",)
    zone = "the speed limit is 10 mph below the posted limit, from 45 minutes before school opening until it opens."
    assert [each.figure for each in stated_in(zone, "time")] == ["45"]


def test_the_fastest_one_may_go_asks_a_speed() -> None:
    assert asked_for("whats the fastest im allowed to go past a tow truck").measures[:1] == ("speed",)
    assert asked_for("whats the fastest u can legally go on the interstate in tennessee").measures[:1] == ("speed",)
    # The fastest way to a licence is no speed.
    assert "speed" not in asked_for("whats the fastest way to get my license").measures


def test_a_question_after_a_long_scene_unpunctuated_is_no_yes_or_no() -> None:
    said = "if ur license has been expired for a long time when do u have to redo the written and driving tests?"
    assert not asked_for(said).yes_no
    assert asked_for("if my license has been expired for a long time do i have to redo the tests").yes_no


def test_moving_into_the_state_is_told_apart_from_a_new_address_and_a_lane() -> None:
    assert asked_for("just moved to indy from ohio, how long do i have to get an indiana license").moving_in
    assert asked_for("we just moved here from texas, do i need a new license").moving_in
    assert not asked_for("we moved to a new place, how long do i have to tell the DMV my new address").moving_in
    assert not asked_for("we moved across town, how long do i have to fix the address on my license").moving_in
    assert not asked_for("two cars move into the centre lane at the same instant, who yields").moving_in


def test_active_points_are_points() -> None:
    said = "If you have 6 or more active points on your driving record, you must take the knowledge exam."
    assert [each.figure for each in stated_in(said, "points")] == ["6"]


def test_an_age_told_as_years_or_older_or_at_least_but_less_than_is_an_age() -> None:
    said = "21 years or older may use a cell phone but drivers should be aware it is never safe to talk and drive."
    assert [each.figure for each in stated_in(said, "age")] == ["21"]
    said = "A driver who is at least 18 but less than 21 years of age may use a handsfree device while driving."
    assert [each.figure for each in stated_in(said, "age")] == ["18", "21"]
    # And still no length of time.
    assert stated_in(said, "duration") == []


def test_a_thing_named_for_parking_is_no_act_of_parking() -> None:
    assert "park" not in asked_for("how long can a temporary handicap parking placard last").actions
    assert "park" not in asked_for("do i have to set the parking brake on a hill").actions
    assert "park" in asked_for("whats the fine for parking in a handicap spot").actions


def test_the_second_car_to_arrive_names_no_repeat_offence() -> None:
    assert not names_a_repeat("The second vehicle to arrive is the second to go, etc.")
    assert names_a_repeat("For a second conviction, your license is suspended for 1 year.")


def test_a_rule_for_a_new_resident_is_told_apart_from_moving_into_a_lane() -> None:
    assert NEW_RESIDENT.search("A motorist who moves to New Jersey must apply for a New Jersey license.")
    assert NEW_RESIDENT.search("When you become an Indiana resident, you have 60 days.")
    assert not NEW_RESIDENT.search("Before moving to the right lane, signal and check your mirrors.")


def test_points_taken_off_are_asked_of_however_the_words_fall() -> None:
    # "can a driving class take some off" asks of points removed, as "get some taken off" does.
    removed = asked_for("can i get some points taken off").doing
    assert removed and asked_for("can a driving class take some off").doing == removed
    assert asked_for("can they knock a few off").doing == removed
    # Taking a thing off the car is no point removed.
    assert asked_for("do i have to take the plates off").doing != removed


def test_a_span_the_page_cut_after_its_drinking_condition_is_no_answer_for_snow_on_the_roof() -> None:
    # The page broke "... with an Alcohol Concentration" before its penalty: the span that opens on it is still
    # a drinking driver's penalty, not the fine for driving with snow on the roof.
    cut = passage(
        "Alcohol Concentration shall be guilty of a Class B misdemeanor, fined not less than $500, may face a loss "
        "of driving privileges for a period of 9 months to 2 years.",
        "Penalties",
    )
    assert all(each.astray for each in read("whats the fine if i drive with a bunch of snow on my roof", cut))
    # Asked of drinking, it answers.
    assert not all(each.astray for each in read("whats the fine for driving drunk the first time", cut))


def test_how_late_one_may_be_to_a_thing_is_asked_in_minutes_not_by_the_clock() -> None:
    assert asked_for("how late can i be to my road test appointment before they cancel it").measures == ("duration",)
    assert asked_for("how late can i show up for my test").measures == ("duration",)
    # How late one may drive, or be out, is still a time by the clock.
    assert asked_for("how late can i drive on my permit").measures == ("time",)
    assert asked_for("how late can u be out on a junior license").measures == ("time",)
    late = passage(
        "Road Test: You may not drive between the hours of 10 P.M. and 6 A.M. If you are more than 5 minutes late for "
        "your appointment time, your road skills test will be canceled.",
        "Road Skills Test",
    )
    best = answering("how late can i be to my road test appointment before they cancel it", late)
    assert best.measure == "duration" and "5 minutes" in best.span.shown


def test_a_test_or_a_course_passed_is_no_overtaking() -> None:
    # Passing drivers ed, or the written test, is no car passed; passing a truck on the right is.
    for question in ("what if i pass drivers ed?", "can i pass the written test online", "once i pass the road test"):
        assert asked_for(question).doing == (), question
    assert asked_for("can i pass a truck on the right").doing != ()
    # A test passed still speaks of passing ("from when you passed the road test"); a course passed is completed.
    assert "pass" in asked_for("how long do the rules last after i pass my road test").actions
    assert "pass" not in asked_for("what if i pass drivers ed?").actions


def test_to_train_someone_is_no_train() -> None:
    # "my parents home train me" asks of training at home, not of a railroad crossing; a train still is one.
    assert asked_for("what if my parents home train me instead").things == ()
    assert asked_for("can my mom train me herself").things == ()
    assert asked_for("how long do i wait for a train at the crossing").things != ()


def test_a_figure_told_before_another_vehicle_is_named_is_not_that_vehicles_rule() -> None:
    # The beach's limit, said before the clause that gives bicyclists the right of way, answers how fast on it.
    beach = passage(
        "Beach driving Driving is allowed on ocean beaches only in two counties. The speed limit is 25 mph, and "
        "pedestrians and bicyclists have the right-of-way at all times.",
        "Beach driving",
        "WA-M152-02",
    )
    assert any("25 mph" in text for text in kept("how fast can you drive on the beach", beach))
    # A figure whose own clause is told of a bicycle is still the bicycle's.
    bikes = passage("When riding a bicycle, the speed limit is 15 mph on the path.", "Paths", "WA-M152-03")
    assert not any("15 mph" in text for text in kept("how fast can you drive on the path", bikes))
    # So is one whose figure only sets the case of a rule for a bicycle.
    passing = passage(
        "At speeds over 35 mph, you may pass a person on a bicycle in your lane only with room to spare.",
        "Passing",
        "OR-M041-01",
    )
    assert not any("35 mph" in text for text in kept("how fast can i go when passing", passing))


def test_a_point_total_told_as_reaching_a_figure_states_points() -> None:
    assert [
        each.figure
        for each in stated_in("If your point total reaches 12 or more, your license will be suspended.", "points")
    ] == ["12"]
    suspended = passage(
        "Points If your point total reaches 12 or more, your license will be suspended. Keep a clean record.",
        "Points",
        "SC-M024-01",
    )
    assert answering("how many points before they suspend my license", suspended).measure == "points"


def test_the_age_of_whoever_a_rule_names_is_an_age() -> None:
    # "accompanied by a licensed driver 18 or older" tells how old the one riding along must be.
    ride = "With an instruction permit, you must be accompanied by a licensed driver 18 or older in the front seat."
    assert [each.figure for each in stated_in(ride, "age")] == ["18"]
    assert lead_for(list(stated_in(ride, "age")), "age") == "18 or older"
    # Not a figure that is no one's age.
    assert list(stated_in("Dim your lights for vehicles 18 or more feet away.", "age")) == []


def test_a_rule_that_says_who_rides_along_speaks_of_supervising() -> None:
    # "who can ride with me ... how old do they have to be" asks who supervises: "with a licensed driver at
    # least 21" tells it without the word.
    permit = passage(
        "With a beginner's permit you may drive from 6 a.m. to midnight with a licensed driver at least 21 years "
        "old in the front seat.",
        "Beginner's Permit",
        "SC-M009-03",
    )
    asked = "who can ride with me when im driving on my permit, like how old do they have to be"
    assert answering(asked, permit).measure == "age"
    # A licensed driver education program is no one riding along.
    course = passage("With a licensed driver education program, you can apply at 16 years old.", "Permits", "IN-M1")
    assert not kept(asked, course)


def test_a_car_left_on_the_tracks_is_one_stuck_there() -> None:
    tracks = passage(
        "Railroad Crossings If your vehicle is physically on the train tracks at a grade crossing and the lights "
        "begin to flash, you may only have 20 seconds to escape before the train makes it to your location.",
        "Railroad Crossings",
        "AK-M064-01",
    )
    asked = "if my car gets stuck on the tracks and the lights start flashing how much time do i have"
    assert answering(asked, tracks).measure == "seconds"
    # A car that only crosses them is none.
    crossing = passage(
        "Railroad Crossings When the lights begin to flash, stop; a train may reach the crossing in 20 seconds.",
        "Railroad Crossings",
        "AK-M064-02",
    )
    assert not any("20 seconds" in text for text in kept(asked, crossing))


def test_a_phone_that_takes_a_hand_is_one_held() -> None:
    law = passage(
        "It is unlawful to use a wireless device while driving if it requires either hand.", "Phones", "SC-M19"
    )
    assert kept("is it legal to hold my phone while driving if im just using it for gps", law)
    # Hands-free is the other side of it.
    free = passage("You may use a hands-free device while driving.", "Phones", "SC-M20")
    assert not kept("is it legal to hold my phone while driving if im just using it for gps", free)


def test_how_long_one_may_drive_in_a_lane_is_a_distance_too() -> None:
    assert asked_for("how long can i drive in the middle turn lane before turning").measures == ("duration", "distance")
    assert asked_for("how long can i drive on a suspended license").measures == ("duration",)
    lane = passage(
        "Center Lanes Do not use this lane as a travel lane (a vehicle may not travel in this lane for more than "
        "500 feet).",
        "Center Lanes",
        "MO-M028-02",
    )
    assert answering("how long can i drive in the middle turn lane before turning", lane).measure == "distance"


def test_the_night_set_aside_is_the_case_the_learner_knows() -> None:
    asked = "when do i legally have to have my headlights on besides at night"
    assert asked_for(asked).besides_night and "time" not in asked_for(asked).measures
    # Set aside first, it is still a question of when, not whether.
    assert not asked_for("besides at night when do i legally have to have my headlights on").yes_no
    night = passage("Headlights By law you must have headlights on from sunset to sunrise.", "Headlights", "ME-M27")
    other = passage(
        "Headlights Turn on your headlights whenever you cannot see 1000 feet ahead or your wipers are in use.",
        "Headlights",
        "ME-M26",
    )
    assert answering(asked, night, other).law.id == "ME-M26"
    # A rule for the night that tells another case too still answers.
    both = passage(
        "Headlights Headlights must be on from sunset to sunrise, and whenever you cannot see 1,000 feet ahead.",
        "Headlights",
        "OR-M40",
    )
    assert kept(asked, both)
    # Asked of the night itself, the night's rule answers.
    assert answering("when do i have to have my headlights on at night", night, other).law.id == "ME-M27"


def test_one_of_a_unit_is_led_in_the_singular() -> None:
    sight = "You may go on only if you can see at least 1 mile down the tracks in both directions."
    assert lead_for(list(stated_in(sight, "distance")), "distance") == "1 mile"
    assert (
        lead_for(list(stated_in("Stop at least 15 feet from the nearest rail.", "distance")), "distance") == "15 feet"
    )


def test_how_often_is_answered_by_a_period_that_recurs() -> None:
    renewal = passage(
        "License Renewal Applicants may apply for a license renewal up to 6 months in advance if they plan to be "
        "temporarily out of state at the time of their renewal. Driver's licenses expire on the applicant's "
        "birthday every 5 years.",
        "License Renewal",
        "NH-M012-04",
    )
    assert "every 5 years" in answering("how often do u have to renew ur license", renewal).span.text


def test_how_far_one_must_see_is_not_how_close_to_stop() -> None:
    sight = passage(
        "Railroad Crossings After coming to a complete stop, you may drive through the crossing only if you have a "
        "clear line of sight of at least 1 mile down the tracks in both directions.",
        "Railroad Crossings",
        "UT-M097-03",
    )
    stop = passage(
        "Railroad Crossings When stopping at a railroad crossing, stop more than 15 feet from the nearest rail.",
        "Railroad Crossings",
        "UT-M21",
    )
    found = {
        each.law.id: each.measure for each in read("whats the closest i can stop to the train tracks", sight, stop)
    }
    assert found == {"UT-M097-03": "", "UT-M21": "distance"}
    # Asked how far one must be able to see, it answers.
    assert answering("how far down the tracks do i need to be able to see before i go", sight).measure == "distance"
    # A distance told after seeing, but not of it, is still one: "where other drivers cannot see you, or within 100 feet".
    hill = passage(
        "Passing Never pass near the top of a hill, where other drivers cannot see you, or within 100 feet of a "
        "railroad crossing.",
        "Passing",
        "ND-M30",
    )
    assert answering("how close to a railroad crossing can i pass", hill).measure == "distance"


def test_a_course_skipped_is_answered_by_the_rule_for_those_without_it() -> None:
    without = passage(
        "Licenses Without a BMV-licensed driver education program, you can apply for a driver's license at 16 "
        "years and 270 days.",
        "Licenses",
        "IN-M31",
    )
    with_it = passage(
        "Licenses With a BMV-licensed driver education program, you can apply for a driver's license at 16 years "
        "and 90 days.",
        "Licenses",
        "IN-M30",
    )
    asked = "if i skip drivers ed how old do i have to be to get my license in indiana"
    assert asked_for(asked).not_done >= frozenset(tokens("driver education"))
    assert answering(asked, with_it, without).law.id == "IN-M31"
    # Asked with the course taken, the rule for it answers.
    assert answering("if i take drivers ed how old do i have to be", with_it, without).law.id == "IN-M30"


def test_a_deadline_told_as_the_day_it_ends_on_is_a_length_of_time_led_by_the_rule() -> None:
    told = "File it with TxDOT no later than the 10th day after the date of the crash."
    stated = stated_in(told, "duration")
    assert [each.figure for each in stated] == ["10"]
    # "10th day after — ..." would read badly: the rule says it in its own words.
    assert lead_for(stated, "duration") == ""
    # (A birthday is no such day.)
    assert stated_in("You may apply before your 16th birthday.", "duration") == []


def test_how_much_of_a_penalty_that_lasts_asks_its_length() -> None:
    asked = asked_for("if im under 21 and get an oui with friends under 21 in the car, how much extra suspension")
    assert "duration" in asked.measures
    assert asked_for("how much is the fine for no insurance").measures == ("money",)


def test_the_rule_a_penalty_punishes_is_its_last_sentence_cut_as_passages_are() -> None:
    before = "Drive carefully. You may not drive between 12:30 a.m. and 5:00 a.m. unless a parent is with you."
    assert last_sentence(before) == "You may not drive between 12:30 a.m. and 5:00 a.m. unless a parent is with you."
    assert last_sentence("Under R.S. 14:32.1, vehicular homicide is a felony.") == (
        "Under R.S. 14:32.1, vehicular homicide is a felony."
    )


def test_refusing_the_test_goes_on_from_the_sentence_that_names_it() -> None:
    law = passage(
        "If you are suspected of driving under the influence, officers can require you to take a chemical test "
        "of your blood or breath. If you refuse to take the test or do not comply with being tested, your driver "
        "license will be revoked for 1 year.",
        heading="Express Consent",
        ident="CO-M008-04",
    )
    before = {span.text: span.before for span in spans_of(law)}
    refused = next(text for text in before if text.startswith("If you refuse"))
    assert before[refused].startswith("If you are suspected of driving under the influence")
    # Refusing a test the sentence names itself goes on from nothing.
    own = passage("Drivers were tested. If you refuse a breath test, your license is revoked for 1 year.")
    assert all(not span.before for span in spans_of(own) if span.text.startswith("If you refuse"))


def test_the_learners_own_age_told_as_the_case_of_a_parents_rule_is_no_supervisors_age() -> None:
    law = passage(
        "Supervised Driving The log must be signed by a parent or legal guardian if the applicant is under 18 years "
        "of age. You may also practice driving with a licensed driver who is 25 years of age or older.",
        "Supervised Driving",
        ident="IN-M009-04",
    )
    best = read("can my 22 year old brother be the one supervising me on my permit", law)[0]
    assert best.measure == "age" and [each.figure for each in best.stated] == ["25"]
    # The parent's own rule states no age of the parent's.
    signed = next(
        one for one in read("how old does the person supervising me have to be", law) if "log" in one.span.text
    )
    assert not signed.measure


def test_a_fourth_offences_penalty_is_a_repeats_and_answers_no_first_offence() -> None:
    assert names_a_repeat("A fourth offense may result in a loss of license for 4 years.")
    law = passage(
        "DWI Penalties A fourth offense may result in a loss of license for 4 years. A first offense results in "
        "a loss of license for 90 days.",
        "DWI Penalties",
    )
    best = read("how long do you lose your license for a first dwi", law)[0]
    assert [each.figure for each in best.stated] == ["90"]


def test_the_points_of_proof_an_applicant_brings_are_no_points_on_a_record() -> None:
    assert stated_in("Applicants must provide 6 points of ID Verification by presenting documents.", "points") == []
    assert stated_in("Bring documents worth 6 points of identification.", "points") == []
    assert [each.figure for each in stated_in("You will receive 6 points on your record.", "points")] == ["6"]


def test_a_table_of_points_laid_out_a_row_to_a_bullet_is_read_row_by_row_under_its_heading() -> None:
    law = passage(
        "• Reckless Driving or Reckless Endangerment 6 Points involving operating a motor vehicle • Failure to "
        "Yield Right of Way 5 Points • Passing Stopped School Bus 5 Points • Wrong Side of Road/Illegal Passing "
        "4 Points • Following Too Closely 3 Points",
        "THE ALABAMA POINT SYSTEM",
        "AL-M021-01",
    )
    roles = {span.text: (span.role, span.lead) for span in spans_of(law)}
    assert roles["Following Too Closely 3 Points"] == (ITEM, "THE ALABAMA POINT SYSTEM")
    assert roles["Passing Stopped School Bus 5 Points"][0] == ITEM
    reading = answering("how many points is a ticket for following too closely", law)
    assert reading.span.text == "Following Too Closely 3 Points" and reading.measure == "points"
    # (A bullet that is a sentence, or a row with no heading or lead-in to read it under, is not such a row.)
    bare = passage("• Following Too Closely 3 Points • Passing Stopped School Bus 5 Points", "")
    assert all(span.role != ITEM for span in spans_of(bare))


def test_a_table_led_by_dots_is_read_row_by_row_and_its_figures_are_no_decimals() -> None:
    speeds = passage(
        "rules of the road Speed Legal speed limits (All unless otherwise posted) Interstate Highways"
        "............................. 80 mph, 75 mph Secondary Highways.......................70 mph Residential "
        "Areas.................................................30 mph School Zones...............20 mph",
        "Other drugs",
        "WY-M041-01",
    )
    rows = {span.text: (span.role, span.lead) for span in spans_of(speeds)}
    assert rows["Residential Areas 30 mph"] == (ITEM, "Legal speed limits (All unless otherwise posted)")
    assert rows["Interstate Highways 80 mph, 75 mph"][0] == ITEM
    reading = answering("whats the speed limit in a residential area", speeds)
    assert reading.span.text == "Residential Areas 30 mph" and reading.measure == "speed"
    # A row a bullet to itself, under no lead-in, is an item of its own that states its label's figure.
    points = passage(
        "• Reckless (rash, heedless, dangerous) driving.......................5 points • Careless (inattentive, "
        "forgetful, inconsiderate) driving..................4 points • Leave the scene of a crash.........6 points",
        "Impounded",
        "NE-M026-01",
    )
    assert [span.role for span in spans_of(points)] == [ITEM, ITEM, ITEM]
    reading = answering("how many points do you get for careless driving", points)
    assert reading.span.text == "Careless (inattentive, forgetful, inconsiderate) driving 4 points"
    # The dots before a row's figure are no decimal point: "....30 mph" states 30 mph, not 0.30.
    assert [(each.value, each.unit) for each in figures_stated("Residential Areas..........30 mph")] == [("30", "mph")]
    assert figures_in("Replacement license ..............$25") == {"25"}


def test_following_too_closely_named_as_the_offence_a_count_is_asked_of_asks_no_seconds() -> None:
    assert asked_for("how many points is a ticket for following too closely").measures == ("points",)
    # (A second time is no seconds asked for.)
    assert asked_for("how many points do i get for a second ticket for following too closely").measures == ("points",)
    assert asked_for("how do i know if im following too close").measures == ("seconds",)
    assert asked_for("how many seconds back so im not following too close").measures[0] == "seconds"


def test_hours_asked_of_the_classroom_are_answered_by_the_classroom_hours_not_the_practice_hours() -> None:
    assert asked_for("how many hours of classroom drivers ed do i need in vermont").hours_kind == "classroom"
    assert asked_for("how many behind the wheel hours is parent taught drivers ed").hours_kind == "wheel"
    assert asked_for("how many hours of drivers ed, like classroom and behind the wheel").hours_kind == ""
    assert asked_for("how many hours do i need to practice").hours_kind == ""
    # (A class of licence, or a parent's class, is no classroom.)
    assert asked_for("how many practice hours do i need for a class d license").hours_kind == ""
    assert (
        asked_for("how many supervised driving hours do i need if my parents dont take the parent class").hours_kind
        == ""
    )
    law = passage(
        "Who can get a Junior Driver's License? Before getting a license, all 16- and 17-year old's must have "
        "passed a state approved driver education and training course consisting of 30 hours of classroom study, "
        "6 hours behind the wheel training and 6 hours of observation.",
        "Junior Driver's License",
        "VT-M014-03",
    )
    practice = passage(
        "In addition to driver education hours, you must complete 40 hours of driving practice, with at least 10 "
        "hours at night.",
        "Practice",
        "VT-M41",
    )
    reading = answering("how many hours of classroom drivers ed do i need in vermont", practice, law)
    assert "30 hours of classroom study" in reading.span.text


def test_a_school_buss_yellow_lights_are_answered_by_their_rule_not_the_stop_arms() -> None:
    stop_arm = passage(
        "You must stop when approaching or overtaking a school bus with its stop lights on and stop arm extended.",
        "What must I do for a stopped school bus?",
        "NE-M20",
    )
    amber = passage(
        "6E School Buses Always be alert for students on or near the roadway when a school bus is stopped. 6E-1 "
        "Overhead Amber Warning Lights • When a school bus is about to stop and load or unload children, the bus "
        "driver activates amber warning lights. • When meeting or overtaking a bus, slow to 25 MPH and prepare to "
        "stop.",
        "6E School Buses",
        "NE-M076-03",
    )
    asked = "what am i supposed to do when a school bus has its yellow lights flashing"
    assert "stop arm" not in answering(asked, stop_arm, amber).span.text
    # (Asked of the stop arm, the stop arm's rule answers.)
    assert "stop arm" in answering("what do i do when a school bus has its stop arm out", stop_arm, amber).span.text


def test_how_long_points_stay_is_answered_by_the_points_length_not_by_another_thing_under_their_heading() -> None:
    assert asked_for("how long do points stay on your record").length_of == "points"
    assert asked_for("how long does it take for the body to get rid of a drink").length_of == ""
    law = passage(
        "Points assessed under this system expire 2 years from the date of conviction. However, the conviction "
        "entry remains part of the driver's record for a period of 5 years from the conviction date.",
        "POINT SYSTEM",
        "KY-M023-01",
    )
    assert answering("how long do points stay on your record", law).span.text.startswith("Points assessed")


def test_a_learner_who_asks_who_rides_with_them_is_answered_by_who_sits_in_the_front_passenger_seat() -> None:
    law = passage(
        "Instruction Permits An instruction permit allows limited driving privileges for people learning to drive. "
        "When you are driving with an instruction permit, you must have a person who is 21 years or older who has "
        "a valid Colorado license in the front passenger seat.",
        "Instruction Permits",
        "CO-M004-03",
    )
    reading = answering("who has to be in the car with me when im driving on my permit in colorado", law)
    assert "front passenger seat" in reading.span.text


def test_a_car_coming_is_an_oncoming_one_unless_it_comes_from_behind() -> None:
    law = passage(
        "Headlights Switch to low beams when you are at least 300 feet behind a vehicle you are following. "
        "Switch to low beams when you are at least 500 feet from an oncoming vehicle.",
        "Headlights",
        "NV-M030-01",
    )
    reading = answering("when do i have to switch from brights to regular headlights when a car is coming", law)
    assert "500 feet" in reading.span.text
    reading = answering("when im coming up behind a car how close before i dim my brights", law)
    assert "300 feet" in reading.span.text


def test_where_to_stop_at_a_railroad_crossing_asks_how_far_from_it() -> None:
    assert asked_for("when the train crossing lights are flashing where exactly do i stop").measures[0] == "distance"
    assert asked_for("where do i stop at the tracks if a train is coming").measures[0] == "distance"
    # (Not where to stop at a light or a sign: the stop line is the answer there.)
    assert asked_for("where do i stop at a red light").measures == ()


def test_the_most_one_may_go_passing_a_stopped_tow_truck_is_told_of_the_zone_it_marks_off() -> None:
    law = passage(
        "Emergency Zones As soon as you see a roadside response vehicle with flashing lights, you must either: Move "
        "over into a farther lane. Never drive faster than 50 mph in an emergency zone.",
        "Emergency Zones",
        "WA-M050-01",
    )
    reading = answering("whats the max speed when passing a tow truck or cop pulled over with lights flashing", law)
    assert reading.measure == "speed" and "50 mph" in reading.span.text


def test_a_special_permit_asked_of_is_not_answered_by_the_ordinary_permits_rule() -> None:
    ordinary = passage(
        "Learner's Permit You can get a learner's permit at 15; you may apply 60 days before your 15th birthday.",
        "Learner's Permit",
    )
    farm = passage(
        "Farm Permit You must be at least 13 years old to get a farm permit, if you live on a farm.",
        "Farm Permit",
        "NE-M009-02",
    )
    assert not kept("how old does he have to be to get a farm permit", ordinary)
    best = answering("how old does he have to be to get a farm permit", ordinary, farm)
    assert [each.figure for each in best.stated] == ["13"]
    # An ag permit is a farm's, by either name.
    agricultural = passage("Agricultural permits allow drivers under 18 to drive for farm work.", "Permits")
    assert kept("can my cousin get an ag permit at 13", agricultural)
    # Asked of the ordinary permit, the ordinary rule answers.
    assert kept("how old to get a learners permit", ordinary)


def test_a_statistic_of_licensed_drivers_is_no_rule() -> None:
    facts = passage(
        "Teen Driver Facts Teen drivers, ages 19 & younger represent 5.2% of all licensed drivers; includes all Learner's Permits and School Permits.",
        "Teen Driver Facts",
    )
    assert not any(each.measure for each in read("how old do i have to be to get a school permit", facts))


def test_a_first_offence_named_with_its_kind_is_no_repeat_offences_rule() -> None:
    jol = passage(
        "Junior Operators For a first speeding offense, you will be suspended for 90 days; for a subsequent offense, "
        "you will be suspended for 1 year. If you are found guilty for 3 speeding violations within a 12-month "
        "period, your license will be suspended automatically for 30 days.",
        "Junior Operators",
    )
    best = answering("i have my jol and just got a speeding ticket, how long do they suspend u for the first one", jol)
    assert [each.figure for each in best.stated][:1] == ["90"]


def test_a_myth_in_the_learners_own_voice_is_no_rule() -> None:
    myths = passage(
        "Safety Belt Myths \"I'll be trapped inside the car if I'm wearing a safety belt in a crash.\" "
        "Children under 8 must ride in a child passenger restraint.",
        "Safety Belt Myths",
    )
    assert all("trapped" not in each for each in kept("is my little sister ok with just a seatbelt", myths))


def test_a_kin_under_ten_is_a_child() -> None:
    belts = passage(
        "Air Bags You still need to wear a safety belt when you drive. An air-bag is made to work with safety belts.",
        "Air Bags",
    )
    seats = passage(
        "Child Passenger Restraints Infants and small children must ride in federally approved child passenger "
        "restraints until they are at least 8 years old or at least 57 inches tall.",
        "Child Passenger Restraints",
        "OH-M022-01",
    )
    question = "my little sister is 6, is she ok with just a seatbelt or does she still need a car seat"
    best = answering(question, seats, belts)
    assert "child passenger restraints" in best.span.text
    # A number that is no age names no child.
    assert not asked_for("my brother is 5 minutes late, can he still take the test").things


def test_a_commercial_licence_defined_is_a_commercial_drivers_rule() -> None:
    terms = passage(
        "Terms Commercial Driver License (CDL)—a license that allows the holder to drive a vehicle with a GVWR of "
        "26,001 lbs. or more, or designed to transport 16 or more passengers.",
        "Terms",
    )
    assert not kept("just got my license at 16, when am i allowed to drive my friends around", terms)


def test_a_tables_run_of_rows_with_empty_cells_is_not_shown() -> None:
    table = passage(
        "Youthful Driver Restrictions Age Nighttime restrictions Front seat passenger restrictions Other passenger "
        "restrictions 15 None N/A Front seat passenger must be a parent, guardian or driving instructor None N/A 16 "
        "12 am to 5 am Accompanied by a licensed driver 21 years of age in the front seat If you have a driver license "
        "immediate family members only in vehicle until 6 months from issue date 17 None N/A",
        "Youthful Driver Restrictions",
    )
    assert [span.role for span in spans_of(table) if "N/A" in span.text] == [TABLE]


def test_a_tint_told_as_darkening_the_windows_answers_how_dark() -> None:
    tint = passage("Windows You can darken your side and rear windows up to 35 percent.", "Windows")
    best = answering("how dark am i allowed to tint my back windows", tint)
    assert [each.figure for each in best.stated] == ["35"]


def test_a_crash_no_one_was_hurt_in_is_not_answered_by_the_rule_for_one_with_injuries() -> None:
    crashes = passage(
        "Crashes If someone is injured in a crash you are in, stay at the scene, call 911 right away and do not move "
        "the vehicles. If there are no injuries, but your vehicle cannot move: Call 911 immediately. Move your "
        "vehicle off the road as close as possible to where the crash occurred.",
        "Crashes",
    )
    question = "small fender bender nobody hurt and the cars still drive, do we leave them where they are for the cops"
    shown = kept(question, crashes)
    assert shown and "Move your vehicle off the road" in shown[0]
    assert not any("injured" in each or "cannot move" in each for each in shown)
    # Asked of a crash with injuries, that rule answers.
    assert "injured" in kept("someone got hurt in the crash, can we move the cars", crashes)[0]
    # A report's rule that gives the damage beside injuries answers either crash.
    report = passage("Reports Report a crash to the police if anyone is injured or property damage is $500 or more.")
    assert kept("do i have to call the cops if nobody got hurt", report)


def test_a_share_of_the_time_told_in_words_is_a_statistic() -> None:
    facts = passage(
        "Motorcycles When there is a crash involving a car and a motorcycle, the car driver is at fault more than "
        "half of the time.",
        "Motorcycles",
    )
    assert [span.role for span in spans_of(facts)] == [STATISTIC]


def test_an_age_told_with_both_ends_is_read_as_that_range() -> None:
    from roadlaw.answering.reading import asks_age_of

    assert asks_age_of("You can get a provisional license if you are at least 16 and under 18.") == (16, 17)
    assert asks_age_of("if you are at least 16 and not more than 18 years old") == (16, 18)


def test_points_a_course_takes_off_do_not_answer_how_many_bring_a_hearing() -> None:
    points = passage(
        "Points As a further incentive, 50 points may be removed from your record upon completing a defensive "
        "driving course recommended by the division.",
        "Points",
    )
    assert not kept("im under 21, how many points can i get before they call me in for a hearing", points)
    assert kept("how many points does a defensive driving course take off", points)


def test_a_sentence_that_opens_on_what_to_do_is_a_rule() -> None:
    told = passage(
        "Crashes File and maintain proof of financial responsibility for a period of three (3) years from "
        "conviction date; File evidence of insurance (Form SR-22). Never race a train. Dim your lights for oncoming "
        "traffic. See figure B on page 26.",
        "Crashes",
    )
    roles = {span.text.split()[0]: span.role for span in spans_of(told)}
    assert roles["File"] == RULE and roles["Never"] == RULE and roles["Dim"] == RULE
    # One that sends the reader elsewhere is no rule.
    assert roles["See"] == FRAGMENT
    assert "3 years" in kept("after a traffic conviction how long do u have to keep the sr-22 proof", told)[0]


def test_a_speed_asked_in_town_is_an_urban_districts_not_a_highways() -> None:
    limits = passage(
        "Speed Limits Many limited access highways have speed limits of 75 up to 85 mph; always obey the posted "
        "limit. Unless signs say otherwise, the speed limit is 30 mph in an urban district and 15 mph in an alley.",
        "Speed Limits",
    )
    shown = kept("whats the speed limit in town when there's no sign posted", limits)
    assert shown and "30 mph in an urban district" in shown[0]
    assert not any("85 mph" in each for each in shown)
    # A town named only as where the road is not names none.
    assert roads_named("on a road outside any city with no posted limit, how fast can i go") == ()


def test_a_sentence_in_capitals_keeps_its_opening_words() -> None:
    told = passage(
        "SHOWERING, DRINKING COFFEE OR EXERCISING IN AN EFFORT TO SOBER UP ARE USELESS. Only TIME can do the job.",
        "SHOWERING, DRINKING COFFEE OR EXERCISING",
    )
    assert spans_of(told)[0].text == ("SHOWERING, DRINKING COFFEE OR EXERCISING IN AN EFFORT TO SOBER UP ARE USELESS.")
    # A heading in capitals run into a sentence that is not is still taken off it.
    headed = passage("SAFETY BELTS Georgia law states that you must wear one.", "SAFETY BELTS")
    assert spans_of(headed)[0].text == "Georgia law states that you must wear one."


def test_a_distance_kept_from_an_emergency_vehicle_is_that_vehicles_rule() -> None:
    following = passage(
        "Following Distance Keep at least a 3-second following distance in most driving situations. The driver "
        "shall maintain a distance of at least 500 feet behind a fire department vehicle responding to an emergency "
        "and at least 300 feet behind a police vehicle responding to an emergency.",
        "Following Distance",
    )
    shown = kept("how far back do i have to stay from a cop car thats going to an emergency", following)
    assert shown and "300 feet behind a police vehicle" in shown[0]
    assert not any("3-second" in each for each in shown)
    # Asked of no such vehicle, the following distance answers.
    assert "3-second" in kept("how far back should i stay from the car ahead", following)[0]


def test_an_alcohol_level_of_02_or_less_is_the_under_21s_rule() -> None:
    law = passage(
        "Alcohol and the Law In addition, if you are under 21 years of age, you are subject to zero tolerance. If "
        "you are placed under arrest for DUI, you may be asked to submit to testing. If your test results are .02 "
        "percent or higher, the police will make a report to the Commissioner and your operator's license will be "
        "suspended for at least 45 days.",
        "Alcohol and the Law",
    )
    shown = kept("what happens to my license if im under 21 and they test me after i had a beer", law)
    assert any("45 days" in each for each in shown)


def test_someones_quoted_and_signed_words_are_no_rule() -> None:
    story = passage(
        "Work Zones Your head should be on a swivel, because you have to pay attention to everyone else.\u201d "
        "\u2013Patricia Abernathy, mother of 2 sons. If you get a ticket in a work zone, you pay double the fine.",
        "Work Zones",
    )
    roles = [span.role for span in spans_of(story)]
    assert roles[0] == FRAGMENT and roles[-1] == RULE


def test_friends_the_learner_would_drive_are_passengers_a_rule_must_name() -> None:
    licence = passage(
        "Graduated License A graduated license is issued to applicants who are at least 16 and under 18. For the "
        "first 6 months, a driver with a graduated driver license shall not drive a motor vehicle containing more "
        "than one passenger under the age of 18.",
        "Graduated License",
    )
    shown = kept("can i drive a bunch of my friends to school right after i get my license at 16", licence)
    assert shown and "passenger" in shown[0]
    assert not any("is issued to applicants" in each for each in shown)
    # Friends told as none name no passengers asked of.
    last = passage(
        "New Drivers The new-driver restrictions are in effect for 270 days after you pass the road test.",
        "New Drivers",
    )
    assert kept(
        "how long do all the new driver rules (no friends in the car etc) last after u pass the road test", last
    )


def test_a_phone_used_hands_free_is_answered_by_a_rule_that_speaks_of_hands_free_use() -> None:
    phones = passage(
        "Cell Phones Do not talk on the phone or text while driving, it's against the law. In Indiana, while "
        "driving it is illegal to text, call, or otherwise use telecommunication devices such as cell phones unless "
        "they are hands free.",
        "Cell Phones",
    )
    shown = kept("is it legal to talk on the phone on speaker or bluetooth while driving", phones)
    assert shown and "unless they are hands free" in shown[0]
    assert not any(each.startswith("Do not talk") for each in shown)
    # Asked by a young driver, whose rule bans every phone, the ban answers though it names no hands-free use.
    young = passage(
        "Cell Phones If you are under 18, it is illegal to use a cell phone or other mobile electronic device while "
        "driving.",
        "Cell Phones",
    )
    assert kept("im 16, am i allowed to talk on the phone while driving if its on speaker", young)


def test_what_one_drink_is_does_not_answer_whether_a_thing_may_be_done() -> None:
    drinks = passage(
        "Alcohol One alcoholic drink is: 1-1/2 ounces of 80-proof liquor (one shot glass), 12 ounces of beer. It is "
        "an offense to possess an open alcoholic beverage container within the passenger area of a motor vehicle.",
        "Alcohol",
    )
    shown = kept("can my buddy drink a beer in the passenger seat if im the one driving", drinks)
    assert not any(each.startswith("One alcoholic drink") for each in shown)
    assert kept("what counts as one drink", drinks)[0].startswith("One alcoholic drink")


def test_the_limit_where_none_is_posted_on_a_road_named_twice_over_is_either_roads() -> None:
    limits = passage(
        "Speed Limits Unless another speed is posted, the speed limit is 25 mph in residential districts. Unless "
        "another speed is posted, the speed limit is 55 mph on all roads and highways that meet no other definition.",
        "Speed Limits",
    )
    shown = kept("if theres no speed sign on some random country highway how fast am i allowed to go", limits)
    assert shown and "55 mph" in shown[0]


def test_the_road_a_parked_car_must_leave_others_is_answered_by_the_width_left_not_a_distance_from_a_thing() -> None:
    question = "if im parked on the side of a country road how much room do i have to leave for other cars to get by"
    assert asked_for(question).road_left
    assert not asked_for("how far from a fire hydrant can i park").road_left
    station = passage(
        "It is illegal to park within 20 feet of a fire station driveway on the same side of the street, or within 75 "
        "feet of it on the other side.",
        "Parking",
        "TN-M079-05",
    )
    width = passage(
        "Parking on a highway No matter what, you must ensure that you leave at least 18 feet of road width for other "
        "traffic to pass your parked vehicle.",
        "Parking on a highway",
        "TN-M079-06",
    )
    assert answering(question, station, width).law.id == "TN-M079-06"


def test_asked_how_many_points_cost_a_licence_an_offences_row_that_names_a_suspension_is_no_answer() -> None:
    question = "how many points can i get before missouri suspends my license"
    assert asked_for(question).points_to_lose
    assert not asked_for("how many points do you get for careless driving").points_to_lose
    table = passage(
        "Speeding.................................. 3 points Careless & Imprudent Driving.................. 4 points "
        "Operating a Vehicle with a Suspended or Revoked Driver License.................. 12 points",
        "Speeding",
        "MO-M075-02",
    )
    rule = passage(
        "If you accumulate a total of 8 or more points in 18 months, your driving privilege will be suspended.",
        "Racking Up Points",
        "MO-M075-03",
    )
    assert answering(question, table, rule).law.id == "MO-M075-03"
    assert answering("how many points for careless driving", table, rule).span.text.startswith("Careless")


def test_a_signal_that_is_a_crossings_light_is_no_act_of_signalling() -> None:
    question = "if the train signal is going off how far back from the tracks do i stop"
    assert asked_for(question).actions == frozenset()
    assert asked_for("how far before a turn do i signal").actions == frozenset({"signal"})
    crossing = passage(
        "When you must stop at a railroad crossing, stop at the stop line; if there is none, stop no closer than 15 "
        "feet and no farther than 50 feet from the nearest rail.",
        "Railroad crossings",
        "NE-M041-02",
    )
    assert answering(question, crossing).measure == "distance"


def test_a_parents_question_of_her_friends_driven_is_of_passengers() -> None:
    assert (
        asked_for("can my daughter drive her friends around on her restricted license").things[0]
        == asked_for("can i drive my friends around").things[0]
    )


def test_a_bac_asked_of_no_age_is_the_legal_limit_not_the_limit_for_drivers_under_21() -> None:
    minors = passage(
        "Drivers under 21 may not drive with a blood alcohol content of .02 or more.", "Alcohol", "HI-M030-01"
    )
    adults = passage(
        "Drivers may not drive with a blood alcohol content of .08 percent or more.", "Alcohol", "HI-M030-02"
    )

    def best(question: str) -> Reading:
        return best_readings(asked_for(question), [Question.of(question)], [minors, adults])[0]

    assert best("whats the legal alcohol limit for driving").measure == "bac"
    assert ".08" in best("whats the legal alcohol limit for driving").span.text
    assert ".08" in best("whats the bac limit for adults").span.text
    # Asked by, or of, a driver under 21, the limit for drivers under 21 still answers.
    assert ".02" in best("im 19 whats the alcohol limit for driving").span.text
    assert ".02" in best("whats the alcohol limit for driving for minors").span.text


def test_the_following_distance_asked_what_it_is_asks_a_figure() -> None:
    # With no "how far" or "how much": the following distance named is still a figure to tell, in seconds or feet.
    for question in (
        "whats the minimum following distance i should keep in town",
        "whats the following distance rule they teach",
        "what is a safe following distance on a dry day",
    ):
        assert asked_for(question).measures[:2] == ("seconds", "distance"), question
    # Its penalty is no following distance.
    assert "seconds" not in asked_for("what happens if i get a ticket for following distance").measures


def test_high_beams_asked_of_no_car_followed_are_dimmed_for_the_car_coming() -> None:
    followed = passage("Use low beams when following within 200 feet of another vehicle.", "Headlights", "LA-M050-01")
    coming = passage("Use low beams when you come within 500 feet of an oncoming vehicle.", "Headlights", "LA-M050-02")

    def best(question: str) -> str:
        return best_readings(asked_for(question), [Question.of(question)], [followed, coming])[0].span.text

    assert "500 feet" in best("when do i have to switch from brights to low beams")
    assert "500 feet" in best("when do i need to dim my high beams")
    # Asked of the car ahead, the rule for following answers.
    assert "200 feet" in best("when do i have to use low beams when im behind someone")


def test_earbuds_worn_for_a_phone_call_ask_the_phone_rule() -> None:
    ears = frozenset(tokens("earbuds headphones"))
    # Worn in the ears for music or nothing said: a rule that names them answers.
    assert any(group & ears for group in asked_for("can i wear airpods while driving").doing)
    # Worn to talk on the phone: the phone rule ("even hands-free") answers, which need not name them.
    asked = asked_for("can i talk on the phone with airpods if i only have my intermediate license")
    assert not any(group & ears for group in asked.doing)


def test_an_age_told_of_someone_unnamed_is_the_age_asked_of() -> None:
    assert asked_for("and for someone whos 18?").ages == (18, 18)
    assert asked_for("what about a driver who's 19").ages == (19, 19)
    # One named is left to the rules for who they are: "my cousin whos 19" is often asked of as a supervisor.
    assert asked_for("can my cousin whos 19 supervise me").ages is None
    # A range stays a range, and a distance is no age.
    assert asked_for("for a driver who's 21 or older").ages == (21, 120)
    assert asked_for("whos 18 feet away").ages is None
    # Not of an age yet is under it.
    assert asked_for("what bac gets u in trouble if ur not 21 yet").ages == (0, 20)
    assert asked_for("im not yet 18, can i drive at night").ages == (0, 17)


def test_a_numbered_question_with_capital_lettered_choices_is_a_quiz() -> None:
    quiz = passage(
        "Drive on to the next exit. 15. Emergency crossovers on the interstate are legal for: A. Making a U-Turn "
        "when you missed your exit. B. Turning around when no others are present. C. Emergency vehicles only.",
        "Interstate",
    )
    assert [span.text for span in spans_of(quiz)] == ["Drive on to the next exit."]
    # A passage that opens on the last choice of the question before it is all quiz.
    rest = passage(
        "C. Should always be at a level even with the back of head. 2. The driver should hold the wheel at: "
        "A. 9 and 3 o'clock B. 10 and 2 o'clock C. 12 o'clock",
        "Review",
    )
    assert spans_of(rest) == ()
    # A list of rules lettered in capitals is no quiz.
    seats = passage(
        "A. A child under one year old must be in a car seat facing the rear. B. Children one through three years "
        "old must be in a car seat facing forward. C. Children four through eight years old must be in a booster "
        "seat.",
        "Child Safety Restraint Rules",
    )
    assert len(spans_of(seats)) == 3


def test_a_bicyclists_room_measured_from_your_own_vehicle_is_still_the_bicyclists_rule() -> None:
    ahead = passage("Keep a following distance of at least 3 seconds behind the car ahead.", "Space", "WA-M050-01")
    bicyclist = passage(
        "Leave at least 3 feet between the bicyclist and the widest part of your vehicle.",
        "Sharing the Road with Bicyclists",
        "WA-M050-02",
    )
    question = "how much space should i leave between me and the car in front"
    assert kept(question, bicyclist, ahead) == [ahead.law]
    # Asked of one, its rule is no other vehicle's.
    assert kept("how far do i stay from a bicyclist", bicyclist) == [bicyclist.law]


def test_what_the_punishment_is_does_not_answer_whether_a_rule_holds() -> None:
    punishment = passage(
        "For a child not in a booster seat, the penalty is a $50 fine.", "Child Safety Restraint Rules", "TN-M030-01"
    )
    rule = passage(
        "Children 4 through 8 who are under 4 feet 9 inches tall must ride in a booster seat.",
        "Child Safety Restraint Rules",
        "TN-M030-02",
    )

    def best(question: str) -> Reading:
        return best_readings(asked_for(question), [Question.of(question)], [punishment, rule])[0]

    for question in ("does my 7 yr old cousin still need a booster seat", "does my brother need a booster seat"):
        assert not best(question).astray and "must ride" in best(question).span.text, question
    # Asked the penalty, or what befalls one, the punishment answers.
    for question in ("whats the fine for no booster seat", "what happens if my brother isnt in a booster seat"):
        assert not best(question).astray and "penalty" in best(question).span.text, question


def test_an_alcohol_test_failed_is_no_test_to_retake_and_a_refusal_beside_it_leaves_the_rule_for_both() -> None:
    question = "if i fail a breathalyzer do they take my license right away"
    assert not asked_for(question).retake
    assert asked_for("if i fail the road test when can i take it again").retake
    both = passage(
        "Your license will be taken away and you will be given a 30-day temporary driving permit if a test shows that "
        "you have a blood alcohol content of .08 or more or if you refuse the test.",
        "The Law",
        "HI-M055-04",
    )
    assert not best_readings(asked_for(question), [Question.of(question)], [both])[0].astray
    # A rule for refusing alone is still not the one for a test failed.
    refusal = passage(
        "If you refuse the test, your license will be revoked for 1 year.", "Implied Consent", "HI-M055-05"
    )
    assert best_readings(asked_for(question), [Question.of(question)], [refusal])[0].astray


def test_a_stage_kept_until_a_birthday_or_age_is_a_length_of_time() -> None:
    stage = passage("Must be maintained until attainment of seventeenth (17) birthday.", "STAGE 2", "LA-M012-04")
    question = "how long do i have to keep my intermediate license"
    best = best_readings(asked_for(question), [Question.of(question)], [stage])[0]
    assert best.measure == "duration" and best.stated[0].figure == "17"
    turn = passage("The restrictions apply until you turn 18.", "Provisional License", "LA-M012-05")
    best = best_readings(
        asked_for("how long do the restrictions last"), [Question.of("how long do the restrictions last")], [turn]
    )[0]
    assert best.measure == "duration" and best.stated[0].figure == "18"
    # (A clock time is no age: "until 11 p.m." is no length.)
    late = passage("You may drive until 11 p.m. on school nights.", "Curfew", "LA-M012-06")
    assert (
        best_readings(asked_for("how long can i drive"), [Question.of("how long can i drive")], [late])[0].measure
        != "duration"
    )


def test_a_row_of_a_list_of_amounts_is_read_as_an_item() -> None:
    amounts = passage(
        "The law specifies that you must carry a minimum amount of coverage. Minimum Amounts: $25,000 Bodily injury to "
        "or death of one person in any one accident. $10,000 Injury to or destruction of property of others in any one "
        "accident.",
        "Insurance",
        "NM-M038-01",
    )
    roles = {span.text: span.role for span in spans_of(amounts)}
    assert roles["Minimum Amounts: $25,000 Bodily injury to or death of one person in any one accident."] == "item"
    question = "whats the minimum car insurance i need to have"
    best = best_readings(asked_for(question), [Question.of(question)], [amounts])[0]
    assert best.measure == "money" and best.stated[0].figure == "25,000"
    # A sum told with no words of what it is for is no row.
    assert [span.role for span in spans_of(passage("Fees: $25,000 $50,000", "Fees", "NM-M038-02"))] != ["item"]


def test_a_list_of_examples_is_no_rule() -> None:
    examples = passage(
        "Moving violations are the most common reason a vehicle is stopped by law enforcement. Some examples include "
        "speeding offenses, failure to stop at a light or sign, failure to use a signal, or failure to drive within "
        "the marked lanes.",
        "What to Do if You Are Stopped",
        "NV-M043-02",
    )

    def listed(question: str) -> Reading:
        readings = best_readings(asked_for(question), [Question.of(question)], [examples])
        return next(reading for reading in readings if reading.span.text.startswith("Some examples"))

    assert listed("what do i do if theres a cop pulled over on the side of the freeway w his lights on").astray
    # Asked what counts as one, or for examples, they answer.
    assert not listed("what counts as a moving violation").astray
    assert not listed("what are some examples of moving violations").astray


def test_hours_told_as_a_deadline_are_no_hours_of_practice() -> None:
    deadline = passage(
        "You must report a crash to police if it injures someone; failing to within 72 hours costs your driving "
        "privileges.",
        "Crashes",
        "IA-M040-01",
    )
    practice = passage("You must log 40 hours of supervised driving, 10 of them at night.", "Permit", "IA-M040-02")
    question = "how many hours of supervised driving do i need to log before i can get my intermediate license"
    assert kept(question, deadline, practice) == [practice.law]
    # Asked how soon a crash is reported, the deadline answers.
    assert kept("how many hours do i have to report a crash", deadline) == [deadline.law]


def test_who_may_sit_up_front_to_supervise_asks_of_the_supervisor() -> None:
    # Mississippi's "can my 18 yr old cousin sit up front and supervise me on my permit" was refused: "sit up front"
    # asked where one sits, and the supervisor's rule says "the seat next to you", not "front".
    question = "can my 18 yr old cousin sit up front and supervise me on my permit"
    laws = (
        passage(
            "It entitles you to drive a motor vehicle when accompanied by a licensed driver aged twenty-one years or "
            "older who is physically occupying the seat next to you.",
            "Learner's permit",
            "MS-M013-02",
        ),
        passage(
            "You must be at least fifteen years old to apply for a Regular Learner's Permit.", "Permits", "MS-M013-03"
        ),
    )
    assert "next to you" in answering(question, *laws).span.text
    # Who may ride in front is still asked so: a rule that names no seat does not answer it.
    assert asked_for("can my friend sit up front when im on my permit").doing
    assert not asked_for(question).doing


def test_a_figure_read_short_of_its_thousands_is_no_age() -> None:
    # Massachusetts's "at what age can a kid stop using a car seat" drafted "18" from "small trucks under 18,000 lbs.",
    # and the check refused it: no cited law states an 18.
    belts = (
        "Massachusetts law requires every person in a passenger motor vehicle (including vans and small trucks under "
        "18,000 lbs.) to wear a safety belt or sit in a federally approved child passenger restraint."
    )
    assert stated_in(belts, "age") == []
    assert [each.figure for each in stated_in("Trucks under 18,000 pounds; drivers under 18 must stop.", "age")] == [
        "18"
    ]
    question = "at what age can a kid stop using a car seat and just wear a seatbelt"
    laws = (
        passage(belts, "Safety Belt Law", "MA-M036-04"),
        passage(
            "Infants and small children must ride in federally approved child passenger restraints until they are at "
            "least 8 years old or at least 57 inches tall.",
            "Child Passenger Restraints",
            "MA-M037-04",
        ),
    )
    aged = [each.span.text for each in read(question, *laws) if each.measure == "age" and not each.astray]
    assert aged and all("8 years old" in each for each in aged)


def test_a_count_of_seconds_raised_to_another_is_the_one_raised_to() -> None:
    raised = "When towing a trailer or on a wet or slippery road, increase your following distance from 4 seconds to 6."
    assert [each.figure for each in stated_in(raised, "seconds")] == ["6"]
    assert lead_for(stated_in(raised, "seconds"), "seconds") == "6 seconds"
    told = in_digits("When the road surface is wet or slippery, increase the four seconds to six or more.")
    assert [each.figure for each in stated_in(told, "seconds")] == ["6"]
    # A range is still its near end, as before: "3 to 4 seconds".
    assert [each.figure for each in stated_in("keep 3 to 4 seconds behind", "seconds")] == ["3"]


def test_asked_of_the_weather_a_figure_for_no_weather_is_the_fair_days() -> None:
    # Alaska's "roads r super icy rn, how far back should i stay behind the car in front" was answered with the
    # everyday 2 seconds, ranked above the rule for a slippery road.
    question = "roads r super icy rn, how far back should i stay behind the car in front"
    fair = passage(
        "Stay at least 2 seconds behind the vehicle ahead; 4 seconds is better.", "Following distance", "AK-M27"
    )
    slippery = passage(
        "When towing a trailer or on a wet or slippery road, increase your following distance from 4 seconds to 6.",
        "Following distance",
        "AK-M28",
    )
    best = answering(question, fair, slippery)
    assert best.law.id == "AK-M28" and [each.figure for each in best.stated] == ["6"]
    # Asked with no word of the weather, the everyday rule still answers.
    assert answering("how far back should i stay behind the car in front", fair, slippery).law.id == "AK-M27"
    # Nor does a rule for the weather set the fair one aside where it states no figure of the kind asked.
    lights = passage("In rain or snow, turn on your headlights.", "Lights", "AK-M29")
    assert answering(question, fair, lights).law.id == "AK-M27"
    # Nor is a figure of another kind set aside for naming no weather: hydroplaning is told of the rain unnamed.
    low = passage("You can hydroplane at speeds as low as 35 mph.", "Hydroplaning", "PA-M27")
    storm = passage("In a severe rainstorm, tires can lose all contact with the road at 55 mph.", "Rain", "PA-M28")
    best = answering("at what speed can my car start hydroplaning in the rain", low, storm)
    assert best.law.id == "PA-M27"


def test_a_fine_for_violating_the_law_just_told_is_that_laws() -> None:
    # Montana's "how much is the ticket for not wearing a seatbelt" was refused: "A driver who violates the law will be
    # fined $20" names no belt, and "the law" was not read as the rule told before it, as "this law" is.
    belts = passage(
        "Montana law places responsibility on the driver to ensure each occupant is properly buckled or in a child "
        "safety seat. A driver who violates the law will be fined $20.",
        "Head restraints",
        "MT-M029-03",
    )
    best = answering("how much is the ticket for not wearing a seatbelt", belts)
    assert best.measure == "money" and "$20" in best.span.shown


def test_the_one_sitting_up_front_with_a_learner_is_the_supervisor() -> None:
    # South Carolina's "on my permit how old does the person sitting up front with me have to be" was answered with a
    # child's car seat age: "sitting up front with me" was not read as someone riding along with the learner.
    question = "on my permit how old does the person sitting up front with me have to be"
    assert asked_for(question).of_supervisor
    laws = (
        passage(
            "With a beginner's permit you may drive from 6 a.m. to midnight with a licensed driver at least 21 years "
            "old in the front seat. Children age 7 and younger must sit in a car seat in the back seat.",
            "Beginner's permit",
            "SC-M24",
        ),
    )
    best = answering(question, *laws)
    assert best.measure == "age" and "21 years" in best.span.shown
    # Wyoming's "how old does the person riding shotgun with me on my permit have to be" read no age of anyone.
    question = "how old does the person riding shotgun with me on my permit have to be"
    assert asked_for(question).of_supervisor
    best = answering(question, *laws)
    assert best.measure == "age" and "21 years" in best.span.shown


def test_points_that_go_away_ask_how_they_come_off() -> None:
    # South Carolina's "do points on my license ever go away" was answered with the 6 points that suspend a permit.
    question = "do points on my license ever go away"
    points = passage(
        "If your point total reaches 12 or more, your license will be suspended. Points are reduced by half after "
        "one year from the violation date on the ticket.",
        "Point system",
        "SC-M023-02",
    )
    assert kept(question, points) == ["Points are reduced by half after 1 year from the violation date on the ticket."]


def test_a_fine_if_convicted_after_what_not_doing_so_brings_is_the_rules_fine() -> None:
    # Minnesota's "how much is the fine if u pass a school bus with the stop arm out" was refused: "If convicted, ..."
    # was not read as the fine for the rule before it (to stay stopped for the bus), as one for "this law" is.
    question = "how much is the fine if u pass a school bus with the stop arm out"
    bus = passage(
        "Flashing red lights warn drivers that the school bus is loading or unloading students. When you see a school "
        "bus that is stopped with its red lights flashing and its stop arm extended, you must stop your vehicle at "
        "least 20 feet from the bus. Regardless of whether you are facing the front or back of the bus, you must "
        "remain stopped until the stop arm is retracted, and the red lights stop flashing. If you don't, you can be "
        "charged with a misdemeanor. If convicted, you must pay a fine of at least $500 and lose your driving "
        "privileges.",
        "Flashing red lights",
        "MN-M045-01",
    )
    best = answering(question, bus)
    assert best.measure == "money" and best.span.shown.startswith("If convicted, you must pay a fine of at least $500")
    # A conviction after another sentence is not the rule's: Massachusetts's year for a false license, "If you are
    # convicted, your license will be suspended for one year", is no penalty for refusing a breath test.
    ids = passage(
        "It is illegal to use a false license or ID. You can face penalties even if you do not attempt to purchase "
        "alcohol. The RMV may suspend your license for up to six months. A conviction is not required. If you are "
        "convicted, your license will be suspended for one year.",
        "False or Altered Licenses",
        "MA-M068-02",
    )
    refused = read("how long do i lose my license if i refuse the breathalyzer", ids)
    assert all(each.astray for each in refused if each.span.shown.startswith("If you are convicted")), refused


def test_a_permit_given_at_an_age_states_that_age() -> None:
    # New Jersey's "You can get a special learner permit at 16" and Wyoming's "You may get an instruction permit at 15"
    # stated no age: "how old do u have to be to get a learners permit" was answered without its figure.
    for text, age in (
        ("You can get a special learner permit at 16, with signed parent or guardian consent.", "16"),
        ("An instruction permit may be obtained at 15.", "15"),
        ("Teens with a license at 16 may not drive after 11 p.m.", "16"),
    ):
        assert [each.figure for each in stated_in(text, "age")] == [age], text
    # Not a clock's hour, nor an age with half a year the figure would cut short.
    for text in ("No driving with a permit at 11 p.m. or later.", "You may get a permit at 14 1/2 with drivers ed."):
        assert stated_in(text, "age") == [], text
    best = answering(
        "how old do u have to be to get a learners permit",
        passage("You can get a special learner permit at 16, with signed parent or guardian consent.", "Permits"),
    )
    assert best.measure == "age" and best.stated[0].figure == "16"


def test_the_learners_own_age_is_read_before_the_age_of_another_they_name() -> None:
    # Minnesota's "can my 19 yr old brother be the one supervising me on my permit if im 15" was read for a learner
    # of 19, and answered with the supervisor's age for learners 18 and older.
    question = "can my 19 yr old brother be the one supervising me on my permit if im 15"
    assert asked_for(question).ages == (15, 15)
    assert asked_for("can my 19 yr old brother supervise me").ages == (19, 19)
    permit = passage(
        "If you are under 18 You must be supervised by a driver aged 21 or older. Everyone in the vehicle must wear a "
        "seat belt. If you are 18 and older You must be supervised by a driver aged 18 or older. Everyone in the "
        "vehicle must wear a seat belt.",
        "Instruction permit",
        "MN-M018-02",
    )
    best = answering(question, permit)
    assert best.measure == "age" and "aged 21 or older" in best.span.shown, best.span.shown


def test_a_crash_told_by_its_little_damage_or_as_a_bump_is_a_small_one() -> None:
    # Montana's "if i bump into someone and theres a little damage do i have to call the police" was answered with
    # making sure the police and rescue squad have been called, a rule for a crash with someone hurt.
    question = "if i bump into someone and theres a little damage do i have to call the police"
    assert asked_for(question).small_crash
    assert asked_for("i bumped into a car, do i need to report it").small_crash
    assert not asked_for("do i have to call the police after a crash").small_crash
    crash = passage(
        "At the scene, make sure the police and emergency medical or rescue squad have been called. Report an "
        "accident to law enforcement immediately if anyone is injured or killed, or property damage is $500 or more.",
        "Crashes",
        "MT-M040-01",
    )
    assert answering(question, crash).span.shown.startswith("Report an accident to law enforcement immediately")


def test_the_interstate_set_aside_is_not_the_road_asked_of() -> None:
    # Wyoming's "whats the speed limit on a regular highway out in the country thats not the interstate if theres no
    # sign" was answered with the interstate's 80 mph.
    question = (
        "whats the speed limit on a regular highway out in the country thats not the interstate if theres no sign"
    )
    assert "interstat" in asked_for(question).set_aside
    assert "interstat" not in asked_for("whats the speed limit on the interstate").set_aside
    limits = passage(
        "Unless posted otherwise, the speed limit on Interstate highways is 80 mph or 75 mph. Legal speed limits (All "
        "unless otherwise posted): • Interstate Highways 80 mph, 75 mph • Secondary Highways 70 mph • Residential "
        "Areas 30 mph",
        "Speed limits",
        "WY-M030-01",
    )
    best = answering(question, limits)
    assert best.measure == "speed" and best.span.shown.endswith("Secondary Highways 70 mph"), best.span.shown
    # Asked of the interstate itself, it is its limit.
    best = answering("whats the speed limit on the interstate in wyoming", limits)
    assert "80 mph" in best.span.shown
    # A rule that sets the interstate aside as well is the one asked of: Indiana's "When not driving on an interstate
    # or state highway, the maximum speed limit for a school bus is 40 miles per hour", and Michigan's "not freeways".
    buses = passage(
        "The maximum speed limit for a school bus on an interstate or state highway is 55 mph. When not driving on an "
        "interstate or state highway, the maximum speed limit for a school bus is 40 miles per hour.",
        "School buses",
        "IN-M030-01",
    )
    best = answering("what is the maximum speed for a school bus on a road that is not an interstate", buses)
    assert "40 miles per hour" in best.span.shown, best.span.shown
    assert "interstat" in asked_for("the speed limit on a rural road that is not designated freeways").set_aside


def test_a_childs_weight_is_no_age_and_a_little_one_is_no_grown_up() -> None:
    # Maine's "my little cousin is 45 pounds, does she still need to be in a car seat ..." was read for someone aged
    # 45 once "like" was no longer said before the figure, and answered with the rule for passengers 18 or older.
    question = "my little cousin is 45 pounds, does she still need to be in a car seat or can she just use the belt"
    assert asked_for(question).ages is None and asked_for(question).little_one
    assert asked_for("my son is 40 lbs, what seat does he need").ages is None
    assert asked_for("my brother is 16 can he drive me").ages == (16, 16)
    seats = passage(
        "When a person 18 years of age or older is a passenger in a vehicle that is required to be equipped with seat "
        "belts, that passenger must be properly secured in a seat belt. A child who weighs less than 55 pounds must "
        "be secured in a child safety seat.",
        "Child safety seats",
        "ME-M043-02",
    )
    assert answering(question, seats).span.shown.startswith("A child who weighs less than 55 pounds")


def test_an_age_with_half_a_year_is_stated_and_led_with_its_half() -> None:
    # Montana's "as early as 14 ½ years old" (with drivers ed) stated no age, and "how old ... if im in drivers ed" was
    # answered with 15; "You may apply at 15 1/2 years of age" stated an age of 2.
    for text, lead in (
        ("You can get a learner license as early as 14 ½ years old only if you are in drivers ed.", "14 ½ years old"),
        ("You must be at least 15 1/2 to get a permit.", "15 1/2 years old"),
        ("You may apply at 15 1/2 years of age.", "15 1/2 years old"),
        ("Applicants must be 14 and a half years old.", "14 and a half years old"),
        ("You must be at least 16 years old.", "16 years old"),
    ):
        stated = stated_in(text, "age")
        assert lead_for(stated, "age", shown=text) == lead, text
    assert lead_for(stated_in("At 15 ½ you may apply.", "age"), "age", spanish=True) == "15 años y medio"
    # (Not a half glued to its age, "after you turn 15½": the figures of an answer read it as 151.)
    assert stated_in("You can take the knowledge exam after you turn 15½.", "age") == []
    best = answering(
        "how old do u have to be to get a learners permit if im in drivers ed",
        passage(
            "A teenager may obtain a learner license at 16, or at 15 after completing drivers ed. You can get a "
            "learner license as early as 14 ½ years old only if you are in drivers ed.",
            "Learner license",
            "MT-M010-01",
        ),
    )
    assert best.measure == "age" and "14 ½" in best.span.shown, best.span.shown
    # Asked by one who does not take drivers ed, the rule that holds only for those who do is the other case's.
    best = answering(
        "how old do i have to be to get a learners permit if i dont take drivers ed",
        passage(
            "A teenager may obtain a learner license at 16, or at 15 after completing drivers ed. You can get a "
            "learner license as early as 14 ½ years old only if you are in drivers ed.",
            "Learner license",
            "MT-M010-01",
        ),
    )
    assert "14 ½" not in best.span.shown, best.span.shown


def test_a_count_of_football_fields_is_no_distance_in_feet() -> None:
    # Kansas's train "about 18 football fields" from stopping was led "18 feet": "foot" of "football" read as a unit.
    told = "A freight train will need more than a mile to stop, which is about 18 football fields."
    assert [each.figure for each in stated_in(told, "distance")] == []
    assert [each.figure for each in stated_in("Stay at least 1 foot from the curb.", "distance")] == ["1"]
    assert [each.figure for each in stated_in("Park within 12 feet of the curb.", "distance")] == ["12"]


def test_a_rule_for_following_an_emergency_vehicle_that_names_parking_too_still_answers_how_close_to_follow() -> None:
    # Nebraska's "how close can i follow a fire truck thats going to a fire" was refused: its rule names parking
    # within the block too, and was set aside as a rule for where to park.
    nebraska = passage(
        "No vehicle may follow any fire apparatus traveling in an emergency status closer than 500 feet or drive onto "
        "or park within the block the fire apparatus has stopped to answer an emergency.",
        "Emergency Vehicles",
        "NE-M059-01",
    )
    best = answering("how close can i follow a fire truck thats going to a fire with its sirens on", nebraska)
    assert best.measure == "distance" and "500 feet" in best.span.shown
    # Utah's names a fire vehicle by the alarm it answers ("how far back ... following a fire truck" was refused).
    utah = passage(
        "Unless you are on official business, do not follow within 500 feet of any fire vehicle responding to an alarm.",
        "Emergency Vehicles",
        "UT-M041-02",
    )
    best = answering("how far back do u have to stay when following a fire truck thats going to a fire", utah)
    assert best.measure == "distance" and "500 feet" in best.span.shown
    # (A rule for how far from the car ahead to park is still none for following it.)
    parking = passage("Park at least 3 feet from the vehicle in front of you.", "Parking", "UT-M030-01")
    assert not kept("how far should i stay behind the car in front of me", parking)


def test_a_rule_that_opens_on_one_age_is_that_ages_rule() -> None:
    # Alabama's "does that change once i turn 16?", after who may sit up front with a learner of 15, was answered
    # with "15 year olds with a valid learner license are authorized to drive while accompanied by ...".
    assert asks_age_of("15 year olds with a valid learner license are authorized to drive with a parent.") == (15, 15)
    assert asks_age_of("At 15, with a learner license you may drive only with a parent.") == (15, 15)
    assert asks_age_of("At age 16: you may drive alone.") == (16, 16)
    # (An age later in the sentence is another's, or a range's: read as before.)
    assert asks_age_of("You may drive with a licensed driver 21 or older.") is None
    fifteen = passage(
        "15 year olds with a valid learner license are authorized to drive while accompanied by a parent, legal "
        "guardian or a licensed driver 21 or older who occupies the front seat next to the driver.",
        "Learner License",
        "AL-M012-01",
    )
    assert not kept("im 16 now with my learners, who is allowed to sit up front with me", fifteen)
    assert kept("im 15 with my learners, who is allowed to sit up front with me", fifteen)


def test_a_penalty_upon_conviction_does_not_answer_whether_one_may_drive() -> None:
    # Alaska's "im 19 and had one beer, can i legally drive home" was answered "Upon conviction, the court must order
    # community service and/or a fine up to $1,000": what a conviction costs, not whether one may.
    law = passage(
        "A minor operating a motor vehicle after consuming alcohol is an infraction. Upon conviction, the court must "
        "order community service and/or a fine up to $1,000.",
        "Minors and alcohol",
        "AK-M070-02",
    )
    assert all(
        not text.startswith("Upon conviction") for text in kept("im 19 and had one beer, can i legally drive home", law)
    )
    # Asked the fine, it still answers.
    best = answering("whats the fine if im under 21 and caught driving after drinking", law)
    assert best.span.shown.startswith("Upon conviction")


def test_a_books_index_or_contents_is_never_an_answer() -> None:
    # Delaware's "how long is it good for", after a driving course, was answered with its index: "4 second — Flaggers
    # 78 Financial Responsibility 62-63 Fog, Darkness 124 Following, Sight of Distance (4 second rule) 125 ...".
    index = passage(
        "Flaggers 78 Financial Responsibility 62-63 Fog, Darkness 124 Following, Sight of Distance (4 second rule) 125 "
        "Good Samaritan Law 35 Habitual Offender 44 Hardship License 38 Headlights, use of 61, 116 High Occupancy "
        "Vehicles (HOV) 83",
        "Index",
        "DE-M146-03",
    )
    contents = passage(
        "97 Road Conditions 99 Reduced Visibility 100 Night Driving 101 Driving Situations 104 Reacting to Driving "
        "Problems 107 Vehicle Failure",
        "Contents",
        "NJ-M091-02",
    )
    assert [span.role for span in spans_of(index)] == ["table"]
    assert [span.role for span in spans_of(contents)] == ["table"]
    # (Not a table of points by statute, nor a list of codes numbered from 1: each row still answers.)
    assert not _an_index(
        "N.J.S.A. 39:4-127 Improper backing or turning in street 2 N.J.S.A. 39:4-127.1 Improper crossing of a railroad "
        "grade crossing 2 N.J.S.A. 39:4-128 Improper crossing of a bridge 2 N.J.S.A. 39:4-129 Leaving the scene 8 "
        "N.J.S.A. 39:4-97 Careless driving 2"
    )
    assert not _an_index(
        "Standard Restrictions: 1 Corrective Lenses 2 Outside Mirrors 3 Automatic Transmission 4 Hand "
        "Controls 5 Daylight Driving Only 6 Other"
    )


def test_a_one_word_item_under_a_lead_in_ending_on_its_colon_is_an_item() -> None:
    # South Dakota's exception "You may drive alone after 10 p.m. if ... traveling to or from: • Work" was read as a
    # heading: a follow-up asking of a job was answered with the item for farm work.
    law = passage(
        "You may drive alone after 10 p.m. if you are taking the most direct route and traveling to or from: • School "
        "or school event • Church or church event • Work • Driving ag machinery or doing farm related work",
        "Restricted Minor's Permit",
        "SD-M008-06",
    )
    work = next(span for span in spans_of(law) if span.text == "Work")
    assert work.role == ITEM and work.lead.endswith("traveling to or from:")


def test_twelve_in_the_morning_is_a_time_of_night_and_twelve_in_the_afternoon_is_not() -> None:
    # "between 12:00 a.m. and 6:00 a.m." named the night only through the "m" of "a.m." (which a Class M licence
    # has too); noon ("12 p.m.") was read as night.
    assert _clock_night("you may not drive between 12:00 a.m. and 6:00 a.m.") == _NIGHT
    assert _clock_night("open from 8 a.m. until 12 p.m.") == frozenset()
    assert _clock_night("no driving after 11 p.m.") == _NIGHT


def test_how_much_of_a_load_asks_its_share_not_how_heavy_it_is() -> None:
    # South Carolina's "loading a utility trailer, how much of the weight should go up front" was refused: read as
    # asking a weight, "60 percent of the cargo weight of a trailer should go in the front" stated none.
    assert asked_for("loading a utility trailer, how much of the weight should go up front").measures == ("percent",)
    assert asked_for("how much of the load goes in the back").measures == ("percent",)
    assert asked_for("how much can my trailer weigh").measures == ("weight",)
    assert asked_for("how much does the load weigh").measures == ("weight",)


def test_how_far_over_the_limit_asks_a_speed() -> None:
    # Minnesota's "and how far over it before they hit you with extra fines", after the speed limit on a country road,
    # was read as a distance and answered "100 feet — Activate your signal at least 100 feet before turning".
    assert asked_for("and how far over it before they hit you with extra fines").measures == ("speed",)
    assert asked_for("how far over the limit can i go before i get a ticket").measures == ("speed",)
    assert asked_for("how far over the center line can i go").measures[0] == "distance"


def test_a_capitals_sentence_cut_into_its_heading_or_a_title_run_is_shown_whole() -> None:
    # Idaho's "IF YOU FAIL A KNOWLEDGE TEST, YOU MUST WAIT THREE (3) DAYS TO RETEST." was shown as "3 DAYS TO RETEST."
    # (its heading, the sentence cut short, taken off) and "IF YOU FAIL A SKILLS TEST, ..." as "A SKILLS TEST, ..."
    # (its opening read as a title run into it).
    knowledge = passage(
        "IF YOU FAIL A KNOWLEDGE TEST, YOU MUST WAIT THREE (3) DAYS TO RETEST. YOU WILL ALSO BE REQUIRED TO PAY THE "
        "KNOWLEDGE TEST FEE AGAIN.",
        heading="IF YOU FAIL A KNOWLEDGE TEST, YOU MUST WAIT",
    )
    assert spans_of(knowledge)[0].text == "IF YOU FAIL A KNOWLEDGE TEST, YOU MUST WAIT 3 DAYS TO RETEST."
    skills = passage(
        "SKILLS TEST Twelve or fewer errors is a passing score. IF YOU FAIL A SKILLS TEST, YOU MUST WAIT THREE (3) "
        "DAYS TO RETEST.",
        heading="SKILLS TEST",
    )
    assert any(span.text == "IF YOU FAIL A SKILLS TEST, YOU MUST WAIT 3 DAYS TO RETEST." for span in spans_of(skills))


def test_a_label_and_its_dash_open_a_new_item_after_a_sentence_left_without_its_stop() -> None:
    # Delaware's parking lights rule ran on from the sentence before it, which has no stop ("... hanging from the
    # rearview mirror Parking Lights – When you park ..."), and was read as the handicapped parking rule.
    law = passage(
        "Parking Handicapped Parking – It is illegal to park in any space designated for Handicapped Parking unless a "
        "handicapped parking ID card is displayed hanging from the rearview mirror Parking Lights – When you park a "
        "vehicle on the shoulder of any highway from sunset to sunrise, you must turn on your parking lights."
    )
    shown = [span.shown for span in spans_of(law)]
    assert any(each.startswith("Parking Lights – When you park a vehicle on the shoulder") for each in shown), shown
    assert any(each.endswith("hanging from the rearview mirror") for each in shown), shown
    # (A label after a capitalised word is part of a title: "Handicapped Parking – It is" is not cut.)
    assert not any(each.startswith("Parking – It is illegal") for each in shown), shown


def test_a_share_told_in_words_of_the_collisions_is_a_statistic() -> None:
    # "is driving after pulling an all nighter actually as bad as driving drunk" was answered "Drunk drivers cause more
    # than half of the collisions in which somebody is killed."
    told = passage("Drunk drivers cause more than half of the collisions in which somebody is killed.", "Alcohol")
    assert [span.role for span in spans_of(told)] == [STATISTIC]


def test_how_far_ahead_a_thing_is_booked_asks_a_time() -> None:
    # "my son has epilepsy and wants to get his license, how far ahead should we contact ..." was answered "3-second —
    # Use the 3-second rule": how far ahead was read as a distance on the road.
    for question in (
        "my son has epilepsy and wants to get his license, how far ahead should we contact the dmv",
        "i want to take my road test on my 16th bday, how far ahead should i try to book it",
    ):
        assert asked_for(question).measures == ("duration",), question
    for question in ("how far ahead should i signal before turning", "how far ahead should i look when driving"):
        assert asked_for(question).measures[0] == "distance", question


def test_a_length_in_feet_a_points_count_and_a_fine_how_high_are_asked_so() -> None:
    # "how long is a semi with its trailer, like how many feet" was read as asking a length of time first; "how many
    # active points before he has to retake the written test" and "ik fines double in construction zones but how high
    # can that actually go" as asking no kind of figure: each was refused.
    assert asked_for("how long is a semi with its trailer, like how many feet").measures[0] == "distance"
    assert asked_for("how many active points before he has to retake the written test").measures[0] == "points"
    assert asked_for("ik fines double in construction zones but how high can that actually go").measures[0] == "money"
    # How long a thing takes is still a time.
    assert asked_for("how long does it take to get my license in the mail").measures[0] == "duration"
