"""The Spanish road glossary: a Spanish question's road words in the manuals' English."""

from __future__ import annotations

from roadlaw.answering.extractive import read_as
from roadlaw.retrieval.glossary import _SPANISH, _pairs, in_english, in_manual_words


def test_road_words_come_out_in_english_whatever_the_verb_form() -> None:
    assert "fire hydrant" in in_english("¿Qué tan cerca de un hidrante puedo estacionar?")
    assert "park" in in_english("¿Dónde me estaciono?")
    assert "parking" in in_english("¿Está prohibido el estacionamiento aquí?")


def test_the_longest_phrase_wins() -> None:
    english = in_english("¿Cuándo debo usar el cinturón de seguridad?")
    assert "seat belt" in english
    assert "safety" not in english.replace("safety belt", "")
    assert in_english("¿Qué hago ante una luz roja intermitente?").startswith("red light")


def test_figures_are_kept_and_other_words_dropped() -> None:
    english = in_english("¿Puedo manejar a los 16 años con 0.08 de alcohol?")
    assert english.endswith("drive driving 16 years 0.08 alcohol")
    assert "puedo" not in english and "los" not in english
    assert in_english("¿Cuál es la capital de Francia?") == ""


def test_every_entry_is_reachable() -> None:
    # An entry whose stems another shadows would never be read.
    for spanish, english in _pairs(_SPANISH).items():
        assert english in in_english(spanish), spanish


def test_the_extractive_reader_reads_spanish_through_the_glossary_and_english_as_is() -> None:
    assert read_as("How close to a hydrant can I park?") == "How close to a hydrant can I park?"
    assert "fire hydrant" in read_as("¿Qué tan cerca de un hidrante puedo estacionar?")
    # Nothing in the glossary: the question itself.
    assert read_as("¿Cuál es la capital de Francia?") == "¿Cuál es la capital de Francia?"


def test_a_learners_words_are_put_as_the_manuals_put_them() -> None:
    assert in_manual_words("can I leave my car right by a fireplug") == "can i leave my car right by a fire hydrant"
    assert (
        in_manual_words("Can the cops stop me for my blinkers?")
        == "can the police officers stop me for my turn signals"
    )
    # Words the manuals use themselves are left as they are.
    assert in_manual_words("Do I need a car seat for my 3 year old?") == ""
    # Already in the manuals' words: nothing to add.
    assert in_manual_words("How far from a fire hydrant can I park?") == ""
    assert read_as("can I park by a fireplug") == "can i park by a fire hydrant"
    # Points "taken off" are what the manuals call deducted, removed or reduced.
    assert in_manual_words("how do you get points taken off") == (
        "how do you get points taken off deducted removed reduced"
    )
    # A broken traffic light is one not functioning or malfunctioning; a broken line stays one.
    assert in_manual_words("what if the traffic lights are broken") == (
        "what if the traffic lights are not functioning malfunctioning"
    )
    assert in_manual_words("can i pass on a broken yellow line") == ""
    # Driving home from "my job" is the curfew exceptions' work or employment.
    assert in_manual_words("what if im driving home from my job") == (
        "what if im driving home from my job work employment employer"
    )
    # A driving class a learner takes is the manuals' course; a licence's class stays a class.
    assert in_manual_words("can a driving class take some off") == "can a driving class course take some off"
    assert in_manual_words("can i take a class to get them off") == "can i take a class course to get them off"
    assert in_manual_words("what about taking a class") == "what about taking a class course"
    assert in_manual_words("what is a class d license") == ""
    # "changing the flat" is changing a flat tire.
    assert in_manual_words("should i try changing the flat myself") == "should i try changing the flat tire myself"
    # Downtown, or a business area, is what the manuals give a speed limit as a business district.
    assert in_manual_words("and in like a downtown business area?") == (
        "and in like a downtown business district business area district"
    )
    # Talking over bluetooth is using a hands-free device.
    assert in_manual_words("can i talk on bluetooth") == "can i talk on bluetooth hands-free cell phone device"
    # A weight in "lbs" is one in pounds.
    assert in_manual_words("shes only like 35 lbs") == "shes only like 35 lbs pounds"
    # Driving "by myself" is driving alone.
    assert in_manual_words("can i drive by myself at 1am") == "can i drive by myself alone at 1am"


def test_driving_behind_someone_is_following_another_vehicle() -> None:
    assert in_manual_words("and if im driving behind someone?") == (
        "and if im driving behind someone following another vehicle"
    )


def test_british_words_and_a_sign_told_by_its_shape_are_put_as_the_manuals_put_them() -> None:

    assert in_manual_words("can I park on the kerb in a car park") == "can i park on the curb in a parking lot"
    assert (
        in_manual_words("what does an eight-sided sign mean") == "what does an eight-sided octagon stop sign sign mean"
    )
    assert "yield" in in_manual_words("what does a downward-pointing triangle mean")
    assert "railroad crossing" in in_manual_words("an x-shaped sign at the railway")


def test_a_sign_or_manoeuvre_told_by_what_it_looks_like_is_put_as_the_manuals_put_it() -> None:
    from roadlaw.retrieval.glossary import in_manual_words

    assert "curve" in in_manual_words("a yellow diamond shows a black arrow bending sharply to the right")
    assert "sharp curve" in in_manual_words("the road is bending sharply ahead")
    assert "blowout" in in_manual_words("a front tyre blows out at speed")


def test_a_sign_told_by_its_picture_or_colour_is_named_as_the_manuals_name_it() -> None:
    from roadlaw.retrieval.glossary import in_manual_words

    assert "no passing zone" in in_manual_words("a pennant-shaped sign on the left side of the road")
    assert "do not enter" in in_manual_words("a round red sign with a white horizontal bar")
    assert "railroad crossing" in in_manual_words("a round yellow sign with a black X and two R's")
    assert "guide sign" in in_manual_words("what does a green rectangular sign tell me")
    assert "yield" in in_manual_words("what does a downward-pointing triangular sign mean")
    # A sign already named as the manuals name it is left alone.
    assert in_manual_words("what does a no passing zone sign look like") == ""


def test_a_sign_told_by_its_outline_in_a_learners_words_is_named() -> None:
    from roadlaw.retrieval.glossary import in_manual_words

    assert "railroad crossing advance warning" in in_manual_words("whats the round sign mean")
    assert "pentagon school" in in_manual_words("what does the yellow green sign shaped like a house mean")
    assert "slow-moving vehicle" in in_manual_words("what is the orange triangle on the back of a tractor")


def test_a_signs_symbol_in_a_learners_words_is_named() -> None:
    from roadlaw.retrieval.glossary import in_manual_words

    assert "t intersection" in in_manual_words("a yellow diamond with a stem meeting a crossbar, like the letter T")
    assert "slippery when wet" in in_manual_words("the sign with a car and wavy lines behind it")
    assert "merging" in in_manual_words("two lanes converge into one")
    assert "steep hill" in in_manual_words("a sign with a truck going downhill")
    assert "u-turn" in in_manual_words("a u shaped arrow with a slash through it")
    assert "crossbuck" in in_manual_words("the white x shaped sign by the tracks")
    assert "stop sign" in in_manual_words("what does the red 8-sided sign mean")


def test_being_pulled_over_is_searched_as_the_manuals_traffic_stop() -> None:
    from roadlaw.retrieval.glossary import in_manual_words

    assert "traffic stop" in in_manual_words("what do i do if a cop pulls me over")
    assert "stopped by police" in in_manual_words("what should i do if i get pulled over")


def test_drivers_ed_is_searched_as_the_manuals_driver_education() -> None:
    from roadlaw.retrieval.glossary import in_manual_words

    assert in_manual_words("do i need to take drivers ed") == "do i need to take driver education"
    assert "driver education" in in_manual_words("do i have to do driver's ed to get my license")


def test_a_four_way_stop_in_spanish_is_the_manuals_four_way_stop() -> None:
    assert "4-way stop" in in_english("quien tiene el paso en un alto de 4 vías si llegamos al mismo tiempo?")
    assert "same time" in in_english("quien tiene el paso en un alto de 4 vías si llegamos al mismo tiempo?")


def test_studded_tires_in_spanish() -> None:
    assert "studded tires" in in_english("cuando tengo que quitarle las llantas con clavos a mi carro")


def test_a_learners_shape_word_is_read_with_or_without_its_hyphen() -> None:
    # The table holds "pennant-shaped" and "house shaped"; a learner types either way.
    assert "no passing zone" in in_manual_words("what does the pennant shaped sign mean")
    assert "no passing zone" in in_manual_words("what does the pennant-shaped sign mean")
    assert "pentagon school" in in_manual_words("what does a house-shaped sign mean")


def test_striking_something_as_a_learner_says_it_is_searched_as_a_crash() -> None:
    assert "collision" in in_manual_words("i backed into a parked car and the owner isnt around")
    assert "collision" in in_manual_words("i bumped a parked car, what do i do")
    assert in_manual_words("what info am i supposed to swap with the other driver").endswith(
        "exchange with the other driver"
    )


def test_the_back_and_front_seats_in_spanish() -> None:
    said = in_english("los pasajeros de atras tienen que usar el cinturon o solo los de adelante?")
    assert "back" in said
    assert "back seat" in in_english("el asiento trasero")
    assert "front seat" in in_english("puede ir en el asiento de adelante")
    # "Adelante" alone is as often "ahead" ("más adelante") as the front.
    assert "front" not in in_english("hay una señal mas adelante")


def test_a_fire_hydroplaning_a_blowout_and_four_wheel_drive_are_read_in_the_manuals_words() -> None:
    assert "fire" in in_english("si mi carro se prende fuego a que distancia me alejo")
    assert "hydroplane" in in_english("a que velocidad puede hidroplanear mi carro")
    assert "blowout" in in_english("que hago si se revienta una llanta")
    assert "four-wheel drive" in in_english("debo usar la doble traccion en el hielo")


def test_sliding_is_searched_as_the_skid_the_manuals_say() -> None:
    assert "skid" in in_manual_words("my car started sliding on ice which way do i turn")
    assert "skid" in in_manual_words("the back end is fishtailing")


def test_losing_a_license_is_searched_as_its_suspension_or_revocation() -> None:
    searched = in_manual_words("how long do u lose ur license for a first dui")
    assert {"suspended", "revoked", "loss"} <= set(searched.split())
    assert "suspended" in in_manual_words("if someone gets a first dui how long do they lose their license")
    # Losing control of the car is no licence's loss.
    assert "suspended" not in in_manual_words("what do i do if i lose control on ice")


def test_rain_that_comes_down_hard_is_searched_as_a_heavy_rain() -> None:
    assert "heavy rain" in in_manual_words("at what speed do tires start hydroplaning when its raining really hard")
    assert "heavy rain" in in_manual_words("its raining so hard i cant see, how fast should i go")


def test_a_light_that_is_not_working_is_searched_as_not_functioning_and_never_as_work() -> None:
    searched = in_manual_words("the traffic light at the corner is not working, what do i do")
    assert "malfunctioning" in searched and "non-functioning" in searched
    # "working" shares its stem with a work zone's "work": the manuals' words stand in its place.
    assert "working" not in searched.split()
    assert "working" not in in_manual_words("what if the stoplight is broken").split()


def test_a_curfew_the_lights_inside_glare_and_being_passed_are_searched_in_the_manuals_words() -> None:
    from roadlaw.retrieval.glossary import in_manual_words

    assert "midnight" in in_manual_words("just got my class G license, is there a curfew rn")
    assert "interior lights" in in_manual_words("do i do anything w the lights inside the car when im pulled over")
    assert "glare" in in_manual_words("the headlights from oncoming cars are blinding me")
    assert "being passed" in in_manual_words("someones passing me on a two lane highway, what do i do")


def test_getting_back_in_the_middle_lane_and_a_bumper_rider_are_searched_in_the_manuals_words() -> None:
    from roadlaw.retrieval.glossary import in_manual_words

    assert "return to the lane" in in_manual_words("how do i know its safe to get back in my lane after passing")
    assert "center turn lane" in in_manual_words("can i drive down the middle turn lane")
    assert "tailgating" in in_manual_words("someone is riding my bumper on the highway")
    assert "tailgating" in in_manual_words("can u actually get a ticket for riding someones bumper")
    assert "lowest" in in_manual_words("whats the cheapest a speeding ticket can be")
    assert "unconscious" in in_manual_words("if someone is knocked out after a crash can i leave")
    assert "crash" in in_manual_words("i tapped a parked car in a lot")
    assert "sunset" in in_manual_words("can i drive with my parking lights when its getting dark")
    assert "horn" in in_manual_words("should i honk so the horse knows im there")


def test_a_learners_everyday_words_are_searched_with_the_manuals_own() -> None:
    from roadlaw.retrieval.glossary import in_manual_words

    assert "litter" in in_manual_words("whats the fine for throwing trash out the window")
    assert "tractor-trailer" in in_manual_words("which side do i pass a semi on")
    assert "unconscious" in in_manual_words("the other driver passed out, can i leave")
    assert "until" in in_manual_words("how long til i can get my license")
    assert "headphones" in in_manual_words("can i drive with airpods in")
    # Earbuds by a maker's name, which no law says, are read as the manuals' words alone (kept, the word only weighed
    # against "You may not drive with earplugs, headsets, or earphones in both ears").
    assert "airpods" not in in_manual_words("can i drive with both airpods in")
    assert "headsets" in in_manual_words("can i drive with both airpods in")
    assert "minimum age" in in_manual_words("whats the youngest you can get a permit")


def test_moving_into_a_state_is_searched_as_a_new_resident() -> None:
    from roadlaw.retrieval.glossary import in_manual_words

    assert "new resident" in in_manual_words("we just moved to kansas, how long do i have to get a kansas license")
    # Not a move into another lane.
    assert in_manual_words("can i move to the left lane on my permit") == ""


def test_rolling_through_a_stop_a_crazy_driver_and_a_flat_are_searched_in_the_manuals_words() -> None:
    from roadlaw.retrieval.glossary import in_manual_words

    assert "complete stop" in in_manual_words("can i just roll thru a right on red if nobodys coming")
    assert "aggressive driver" in in_manual_words("how do i report someone driving crazy on the highway")
    assert "flat tire" in in_manual_words("i got a flat on the highway, can i change it in the lane")
    # A flat road is no tire.
    assert "tire" not in in_manual_words("is it ok to park on a flat road")


def test_a_retake_is_searched_as_testing_again() -> None:
    from roadlaw.retrieval.glossary import in_manual_words

    # "You will not be allowed to test again for 90 days" answers how long until one can retake the test.
    assert "test again" in in_manual_words("if they catch u cheating on the permit test, how long til u can retake")
    assert "retesting" in in_manual_words("is there a fee for retaking the road test")


def test_license_misspelt_two_letters_off_is_read_as_license() -> None:
    # "lisence" is two edits from "license": the spelling reader's one edit does not reach it.
    assert "license" in in_manual_words("how often do u have to renew ur lisence in nh").split()


def test_a_ticket_one_got_is_searched_as_a_conviction_for_a_traffic_violation() -> None:
    said = in_manual_words("i got a speeding ticket like a month ago, can i still apply for my provisional")
    assert "traffic violation" in said and "convicted" in said
    # (The learner's own words are kept beside them.)
    assert "speeding ticket" in said
    # And as the manuals count it for a licence of a stage: "If you have a Junior Operator's License, a 1st
    # offense will cause a 90-day license suspension."
    assert "offense" in in_manual_words("what happens if i get a speeding ticket while i have my junior license")


def test_the_highest_speed_is_searched_as_the_manuals_maximum() -> None:
    said = in_manual_words("whats the highest speed limit on kansas highways, like the turnpike")
    assert "maximum" in said and "highest speed" in said
    assert "maximum" in in_manual_words("whats the top speed limit on rural interstates in missouri")


def test_a_learners_words_counted_in_the_plural_are_put_as_the_manuals_put_them() -> None:
    # The table holds "speeding ticket" and "fender bender"; a learner counts them.
    assert "traffic violation" in in_manual_words("what happens if i get 3 speeding tickets in one year")
    assert "collision" in in_manual_words("i have been in two fender benders")
    # Uncounted, a plural names the kind, not tickets one got.
    assert "traffic violation" not in in_manual_words("do speeding tickets cost more in a construction zone")
    # An entry of the table's own in the plural keeps its own reading.
    assert in_manual_words("where are the blinkers") == "where are the turn signals"


def test_hitting_a_parked_car_a_firetruck_and_a_pickups_back_are_searched_in_the_manuals_words() -> None:
    said = in_manual_words("i backed into a parked car and nobody was around, what am i supposed to do")
    # What the manuals call it ("If you strike an unattended vehicle, try to locate the owner"); and not the backing
    # a parked car's words would find on their own.
    assert "unattended vehicle" in said and "owner" in said and "backed" not in said
    assert "unattended vehicle" in in_manual_words("i dinged a parked car and the owner isnt there, what do i do")
    said = in_manual_words("how far back do i have to stay behind a firetruck thats going to a call")
    assert "fire truck" in said and "emergency vehicle" in said and "responding to an emergency" in said
    assert "bed of a pickup truck" in in_manual_words("can my friends ride in the back of my pickup")
    # A parked car that nobody hit is only parked.
    assert "unattended" not in in_manual_words("how far from a parked car should i stop")


def test_the_front_passenger_seat_as_a_learner_names_it_is_searched_as_the_front_seat() -> None:
    assert "front seat" in in_manual_words("how old do kids need to be before they can sit up front")
    assert "front seat passenger" in in_manual_words("can my 10 yr old ride shotgun or does she have to sit in back")


def test_turning_off_the_brights_is_searched_as_dimming_to_low_beams_and_weed_as_marijuana() -> None:
    said = in_manual_words("when do i have to turn off my brights when a car is coming towards me")
    assert "low beam" in said and "dim" in said
    assert "low beam" in in_manual_words("how far away do i turn the brights off")
    # Brights named alone are still the high beams, not their dimming.
    assert "low beam" not in in_manual_words("when can i use my brights")
    assert "marijuana" in in_manual_words("is there a legal limit for weed in ur blood")


def test_moving_to_a_new_apartment_is_searched_as_a_change_of_address_not_a_new_resident() -> None:
    read = in_manual_words("i moved to a new apartment, how long do i have to tell the mvd")
    assert "change of address" in read and "new resident" not in read
    assert "change of address" in in_manual_words("we got a new house do i need to update my license")
    # Moving to the state is still a new resident's move.
    assert "new resident" in in_manual_words("i just moved to texas from ohio")


def test_the_move_over_law_asked_of_by_its_name_is_searched_as_what_it_is_about() -> None:
    said = in_manual_words("whats the move over law in rhode island")
    assert "move over law" in said and "stopped emergency vehicle" in said
    assert "stopped emergency vehicle" in in_manual_words("what does the move-over law mean in az")
    # (Moving over alone, as a learner does it, is read as it is put.)
    assert "emergency" not in in_manual_words("can i move over to the left lane to pass")


def test_a_breath_tester_in_the_car_as_a_learner_tells_it_is_searched_as_an_ignition_interlock() -> None:
    said = in_manual_words("if u get a dui do u have to get one of those blow in the car things, for how long")
    assert "ignition interlock device" in said
    assert "ignition interlock" in in_manual_words("how long do u keep the breathalyzer thing in ur car after a dui")
    # (A breath test asked of alone is still the breath test.)
    assert in_manual_words("can i refuse the breathalyzer") == "can i refuse the breath test"


def test_a_cop_car_is_searched_as_the_manuals_police_car_or_vehicle() -> None:
    said = in_manual_words("theres a cop car with sirens coming up behind me what do i do")
    assert "police car police vehicle" in said
    # (A cop alone is still the police officer.)
    assert in_manual_words("can a cop search my car") == "can a police officer search my car"


def test_grown_ups_are_searched_as_the_manuals_adults() -> None:
    # (New Hampshire's "do grown ups legally have to wear a seatbelt ... or is it only kids" was answered with how
    # to wear the lap belt: "grown" is a word of no law.)
    assert "grown ups adults" in in_manual_words("do grown ups legally have to wear a seatbelt")
    assert "grown-ups adults" in in_manual_words("is it just kids or grown-ups too")


def test_calls_taken_or_made_are_searched_as_phone_calls() -> None:
    # New Jersey's "can i take calls with airpods in if i have my probationary license" was answered with when a
    # probationary licence ends: no word of it named a phone.
    assert "take calls phone" in in_manual_words("can i take calls with airpods in if i have my probationary license")
    assert "make a call phone" in in_manual_words("can i make a call at a red light")


def test_staying_behind_an_ambulance_is_searched_as_following_an_emergency_vehicle() -> None:
    # Alaska's "how far back do i have to stay behind an ambulance with its sirens going" was refused: its rule ("A
    # vehicle may not follow an emergency vehicle ... closer than 500 feet") names no ambulance and no siren.
    said = in_manual_words("how far back do i have to stay behind an ambulance with its sirens going")
    assert "behind an ambulance following an emergency vehicle" in said


def test_headphones_earbuds_and_earphones_are_read_as_one_another() -> None:
    # Colorado's manual says "earphones", Louisiana's "headphones": a learner's "headphones" or "one earbud" is read
    # as the manuals' names for them.
    assert "earphones" in in_manual_words("can i drive with my headphones in")
    assert "headphones" in in_manual_words("is it ok to drive with one earbud in")
    assert "headphones" in in_manual_words("are earphones allowed while driving")


def test_an_intersection_with_no_signs_and_ones_own_dog_are_put_as_the_manuals_put_them() -> None:
    # Alabama's and Rhode Island's questions of an intersection "with no signs" missed the rules for an
    # "uncontrolled intersection"; a learner's own dog is the manuals' pet or animal, a guide dog is not.
    assert in_manual_words("intersection with no stop signs or traffic lights at all, how do i treat it") == (
        "intersection with no stop signs uncontrolled or traffic lights at all how do i treat it"
    )
    assert "uncontrolled" in in_manual_words("if im speeding thru an intersection with no signs do i have right of way")
    assert in_manual_words("my dog always wants to sit on my lap when i drive") == (
        "my dog pet animal always wants to sit on my lap when i drive"
    )
    assert in_manual_words("a blind man with a guide dog is crossing") == ""


def test_learners_words_for_double_lines_people_on_foot_activating_many_people_and_going_around() -> None:
    # Hawaii's "what about when theres two solid white lines" was answered with the single line's rule; Colorado's
    # "do i need to stop for people walking" missed the rule to yield to pedestrians; Hawaii's "how fast ... for the
    # anti lock brakes to actually kick in" missed "over 10 mph for them to activate"; New Mexico's "when a bunch of
    # people get hurt" took the policy's limit for one person; "go around him on the shoulder" is passing on it.
    assert "double solid white lines" in in_manual_words("what about when theres two solid white lines")
    assert "double yellow lines" in in_manual_words("can i cross 2 yellow lines to get into a driveway")
    assert "pedestrians" in in_manual_words("do i need to stop for people walking")
    assert "activate" in in_manual_words("how fast do i have to be going for the anti lock brakes to kick in")
    assert "two or more persons" in in_manual_words("how much coverage do i need when a bunch of people get hurt")
    assert "pass on the shoulder" in in_manual_words("can i just go around on the shoulder")
    assert "pass" in in_manual_words("can i go around him on the left").split()


def test_dark_traffic_lights_who_goes_first_and_a_crash_about_to_happen_are_searched_in_the_manuals_words() -> None:
    # Massachusetts's "power is out and the traffic lights are totally dark, what am i supposed to do" was answered
    # with a rule for the dark of night ("If it is dark, leave your headlights on"); Utah's "going down a narrow
    # mountain road and a car is coming up, who has to let who by" with how gravity speeds a car downhill.
    dark = in_manual_words("power is out and the traffic lights are totally dark, what am i supposed to do")
    assert "not functioning" in dark and "dark" not in dark.split()
    assert "yield" in in_manual_words("a car is coming up, who has to let who by")
    assert "right-of-way" in in_manual_words("at a four way stop who goes first")
    assert "imminent" in in_manual_words("if im about to hit a deer what do i do")
