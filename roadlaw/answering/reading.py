"""Careful reading of a law's own words: what a question asks for, and which span of a law states it.

Three steps, each plain text work with no model:

- `asked_for`: what would answer the question. A figure of a kind (a distance,
  an age, hours, a speed, a BAC, a fine, days or months, seconds, a time of
  day, passengers, points), or a rule; whether it is a yes/no question; and the
  age the learner gives, if any ("I'm 19", "under 21").
- `spans_of`: a passage cut into what can be shown whole: sentences and list
  items, each with the lead-in an item needs ("Never park: • Within 15 feet of
  a fire hydrant"), each with its role (a rule, a list item, a heading, a table
  or diagram's text, a fragment), and cleaned for showing: figures in digits,
  a figure written twice ("fifty (50)") once, a heading run into the sentence
  taken off, a word split at a line's end joined.
- `stated_in`: the figures of a kind a span states, with their units, so an
  answer can lead with "15 feet" and a question about a distance is never
  answered by a sentence that holds none.

`readings` weighs each span against the question, and marks `astray` a span that
speaks of another thing than the question names (a motorcycle, headlights, a
train), of another road's speed limit, of not doing what the learner means to do
(holding a phone, passing), or of the other side of a condition it takes
(refusing a test, not failing one): such a span is never the offline answer.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import pairwise

from roadlaw.answering.figures import ON_TOP, dotted_rows, figures_in, in_digits, unglued
from roadlaw.corpus import Law
from roadlaw.retrieval.glossary import in_english, in_manual_words
from roadlaw.retrieval.words import fold, language_of, tokens

# --- what a question asks for -------------------------------------------------------

_NUMBER = r"(?:\d[\d,]*(?:\.\d+)?|\.\d+)"
# Whom an age may be told of, before it: "a licensed driver 18 or older", "a person 18 or older".
_WHOM = r"(?:drivers?|persons?|adults?|individuals?|someone|passengers?|parents?|siblings?)"
# Half a year said after an age: "14 ½", "15 1/2", "14 and a half". (Not glued, "15½": figures read it as 151.)
_HALF = r"(?:\s+½|\s*1/2|\s+and\s+a\s+half)"
# And the years it may go on to: "15 1/2 years old".
_HALF_AGE = rf"(?:{_HALF}(?:\s*(?:years?|yrs?)(?:\s+(?:old|of\s+age))?)?)?"
# A figure written twice, in words then digits, once in_digits has run: "50 (50)", "6 (6)".
_DOUBLED = re.compile(r"\b(\d[\d,.]*)\s*\(\s*\1\s*\)")
# "one (1)" stays "one" through in_digits (it is as often a pronoun): with its digit it is a figure.
_ONE_DOUBLED = re.compile(r"\bone\s*\(\s*1\s*\)", re.I)


@dataclass(frozen=True)
class Measure:
    """A kind of figure: how a sentence states it, and the unit an answer names it by."""

    name: str
    # In a sentence (figures in digits): group "figure" is the number.
    states: re.Pattern[str]
    # How the unit is said after the figure in the answer's first words ("" when the match says it).
    unit: str
    unit_es: str = ""


def _pattern(text: str) -> re.Pattern[str]:
    return re.compile(text, re.I)


# A month's name, written out or cut short ("Oct."); "May" only as a name, not the verb.
_MONTH = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|March|April|(?-i:May)|June|July|Aug(?:ust)?|Sept?(?:ember)?|Oct(?:ober)?|"
    r"Nov(?:ember)?|Dec(?:ember)?)"
)


MEASURES: dict[str, Measure] = {
    "distance": Measure(
        "distance",
        _pattern(
            # (Not a fraction's denominator: "1/4 mile" is no 4 miles.)
            rf"(?<![/\d])(?P<figure>{_NUMBER})(?:\s*\(\s*{_NUMBER}\s*m\s*\))?[\s-]*(?:feet|foot\b|ft\b|yards?|miles?\b|meters?|metres?|inch(?:es)?\b)"
            # (Not a count of football fields: "about 18 football fields".)
            r"(?!\s*per\b)"
            # Inches by their mark: "no more than 18” from the curb", "a red flag at least 16” square".
            r"|(?P<figure2>\d{1,3})\s?[”″\"](?=\s+(?:from|away|square|wide|high|long|tall|or|by|x)\b)"
            # One foot or one inch written out, which stays a word through in_digits ("water over one foot deep").
            r"|\b(?-i:one|One)\s+(?:foot|inch|mile|yard)\b(?!\s+(?:on|off|in|down|up|over)\b)"
            # A share of a mile, in figures or words: "1/4 mile", "one-third of a mile", "half a mile" (_FRACTION_OF).
            r"|(?P<figure_frac>\b(?:[1-3]/[234]|(?:one|a)[\s-]+(?:half|third|quarter|fourth)|half|three[\s-]+quarters?)"
            r"(?:\s+of)?(?:\s+an?)?)\s+mile\b"
        ),
        "",
    ),
    "speed": Measure(
        "speed",
        _pattern(
            # (A unit said twice over, as one manual prints it: "no more than 30 miles mph".)
            rf"(?P<figure>{_NUMBER})\s*(?:(?:miles\s+)?mph\b|m\.p\.h\.|miles per hour|miles an hour)"
            r"|\bspeed limit\s+(?:[a-z]+\s+){0,4}?(?:is|of)\s+(?P<figure2>\d{2})\b(?!\s*(?:feet|%|percent))"
            # "slow down to at least 20 miles below the posted speed limit"
            rf"|(?P<figure3>{_NUMBER})\s*miles?\s+(?:below|under|over|above)\s+(?:the\s+)?(?:posted\s+)?(?:speed\s+)?limit"
        ),
        "mph",
        "mph",
    ),
    "bac": Measure(
        "bac",
        _pattern(r"(?<![\d,])(?P<figure>0?\.\d{1,3})(?!\d)(?:\s*(?:%|percent|g/dl|gm|grams?))?"),
        "BAC",
        "de alcohol en la sangre (BAC)",
    ),
    # A drug's level in the blood, by the nanograms its law sets ("5 nanograms of THC per milliliter").
    "thc": Measure(
        "thc",
        _pattern(rf"(?P<figure>{_NUMBER})\s+nanograms?\b"),
        "",
    ),
    "age": Measure(
        "age",
        _pattern(
            r"(?:\bage[sd]?\s*(?:of\s*)?(?P<figure>\d{1,2})\b(?!\s*(?:feet|mph|hours|days|months|percent|%))"
            rf"|(?P<figure2>\d{{1,2}}){_HALF}?\s*(?:years?|yrs?)"
            r"(?:,?\s*(?:and\s+)?\d{1,3}\s*(?:months?|days?))?\s*(?:of\s*age|old)"
            r"|(?P<figure3>\d{1,2})(?:st|nd|rd|th)\s+birthday"
            r"|(?:under|over|younger than|older than)\s+(?:the\s+)?(?:age\s+(?:of\s+)?)?(?P<figure4>\d{1,2})\b"
            r"(?!\s*(?:feet|mph|miles|hours|days|months|percent|%|pounds|lbs|inches|\d))"
            # "you must be at least 16 to get a license", "when you turn 18": a learner's age, unnamed.
            r"|\b(?:must be|to be|be at least|are at least|turn|turns|turned|reach|reaches|reached)\s+(?:at\s+least\s+)?"
            # (With half a year, said as the age it is: "must be at least 15 1/2 years old".)
            rf"(?P<figure5>1[4-9]|2[0-5]){_HALF_AGE}"
            r"\b(?![.,]?\d|\s*(?:feet|ft|mph|miles|hours|days|weeks|months|minutes|seconds|"
            r"percent|%|pounds|lbs|inches|dollars|points|passengers|years?|yrs?)\b)"
            # "an instruction permit at 14 or older": an age said with neither "years" nor "age".
            r"|\b(?:at|are|is)\s+(?P<figure6>1[4-9]|2[0-5])\s+or\s+(?:older|over)\b"
            # "accompanied by a licensed driver 18 or older": the age of whoever is named.
            rf"|\b{_WHOM}\s+"
            r"(?P<figure12>1[4-9]|2[0-5])\s+or\s+(?:older|over)\b"
            # "supervised by someone at least 21 who has had valid driving privileges": the same, as the least age.
            rf"|\b{_WHOM}\s+(?:who\s+is\s+)?at\s+least\s+"
            r"(?P<figure15>1[4-9]|2[0-5])\b(?![.,]?\d|\s*[½¼¾]|\s*(?:and\s+a\s+half|1/2|feet|ft|mph|miles|hours|days|weeks|"
            r"months|minutes|seconds|percent|%|pounds|lbs|inches|dollars|points|passengers|years?|yrs?)\b)"
            # "21 years or older may use a cell phone", "drivers 18 years and over"; "at least 18 but less than 21".
            r"|\b(?P<figure10>1[4-9]|2[0-5])\s*(?:years?|yrs?)\s+(?:or|and)\s+(?:older|over|above|up)\b"
            # A child's, said so with "and": "6 years and over or weighs more than 60 lbs - seat belts".
            r"|\b(?P<figure14>[1-9]|1[0-3])\s*(?:years?|yrs?)\s+and\s+(?:older|over)\b"
            # Or of the children named before it: "all children 12 and under should be ... placed in the rear seat".
            r"|\b(?:children|child|kids?)\s+(?P<figure20>[1-9]|1[0-7])\s+(?:and|or)\s+(?:under|younger|below)\b"
            r"|\bat\s+least\s+(?P<figure11>1[4-9]|2[0-5])\s+(?=but\s+(?:less|under|younger|not)\b)"
            # "the minimum age for an instruction permit is 14"
            r"|\bage\s+(?:for|to|requirement)\b[^.;:]{0,40}?\bis\s+(?P<figure7>1[4-9]|2[0-5])\b(?![.,]?\d)"
            # "At 15 you may get a restricted Learner License", "At 16, you may take the road test".
            rf"|\bat\s+(?P<figure8>1[4-9]|2[0-5]){_HALF}?\b,?\s+(?=(?:you|teens?|drivers?|applicants?|students?)\b)"
            # "At 15 years and 6 months you meet the minimum age": years and months, said of no age.
            # (Or years and days: "you can apply for a driver's license at 16 years and 90 days".)
            r"|\bat\s+(?P<figure9>1[4-9]|2[0-5])\s*(?:years?|yrs?),?\s*(?:and\s+)?(?:\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven)\s*(?:months?|days?)\b"
            # "you can apply for your permit as early as 15.": the youngest age, unnamed.
            # (With half a year: "as early as 14 ½ years old", led as said.)
            r"|\bas (?:early|young) as\s+(?P<figure13>1[4-9]|2[0-5])"
            rf"{_HALF_AGE}\b(?![.,]?\d|\s*[¼¾]|\s*(?:feet|ft|mph|miles|hours|days|weeks|"
            r"months|minutes|seconds|percent|%|dollars|points)\b)"
            # "You can get an examination permit at 17", "An instruction permit may be obtained at 15": the age one is
            # given it at, told "at 17". (Not a clock's hour, "licensed drivers at 11 p.m.", nor a half year.)
            r"|(?:(?<=\bpermit\s)|(?<=\bpermits\s)|(?<=\blicense\s)|(?<=\blicence\s)|(?<=\blicenses\s)|(?<=\blicences\s)"
            r"|(?<=\bobtained\s)|(?<=\bissued\s))at\s+(?P<figure16>1[4-9]|2[0-5])\b(?![.,:]?\d|\s*[½¼¾]|\s*"
            r"(?:and\s+a\s+half|1/2|a\.?\s?m\b|p\.?\s?m\b|o'clock|noon|midnight|feet|ft|mph|miles|hours|days|weeks|months|"
            r"minutes|seconds|percent|%|dollars|points|years?\s+and|yrs?\s+and)))"
        ),
        "",
    ),
    "hours": Measure(
        "hours",
        # "24 Hour Affidavit" names a form, not hours; "a 50-hour certification form" states 50 hours.
        _pattern(
            rf"(?P<figure>{_NUMBER})(?:\s*|-)(?:\(\s*\d+\s*\)\s*)?(?:[a-z-]+\s+){{0,2}}?(?:hours\b|hour\b(?!\s+(?-i:[A-Z])))"
        ),
        "hours",
        "horas",
    ),
    "duration": Measure(
        "duration",
        _pattern(
            rf"(?P<figure>{_NUMBER})\s*(?:\(\s*\d+\s*\)\s*)?(?:full\s+|calendar\s+|consecutive\s+|business\s+)?"
            # (A thing's age in days is how long since it was made, not a person's: "must not be over 30 days old".)
            r"(?:days?\b|(?:weeks?|months?|years?|hours?|minutes?|seconds?)\b(?![\s-]*(?:of\s*age|old)))"
            # Or joined to its unit as a word's first half ("take a 20-minute nap", "a 90-day suspension"). (Not
            # an hour so joined, most often a form's or a course's name: "50-Hour Affidavit", "an 8-hour course";
            # nor the window a count is kept over: "within a 12-month and 24-month period".)
            rf"|(?P<figure_joined>{_NUMBER})-(?:day|week|month|year|minute)\b(?![\s-]*(?:of\s*age|old))"
            # Or as the day it ends on: "no later than the 10th day after the date of the crash".
            r"|(?P<figure_nth>\d+)(?:st|nd|rd|th)\s+(?:calendar\s+|business\s+)?day\s+(?:after|following)\b"
            # Or as the birthday or age it lasts until: "Must be maintained until attainment of seventeenth (17)
            # birthday", "until you turn 18".
            r"|\buntil\s+(?:the\s+)?(?:attainment\s+of\s+|reaching\s+)?(?:(?:your|their|his|her|his\s+or\s+her)\s+)?"
            r"(?:(?P<figure_until>\d{2})(?:st|nd|rd|th)\s*(?:\(\s*\d+\s*\)\s*)?|[a-z]+th\s*\(\s*(?P<figure_until2>\d{2})\s*\)\s*)"
            r"birthday\b"
            # Or as the birthday it expires on: "they expire on the holder's 21st birthday".
            r"|\bexpires?\s+on\s+(?:(?:the\s+holder|the\s+driver|the\s+licensee)[’']s|your|their|his\s+or\s+her|his|her)\s+"
            r"(?P<figure_bday>\d{2})(?:st|nd|rd|th)\s+birthday\b"
            r"|\buntil\s+(?:(?:you|they|he|she|the\s+driver)\s+(?:reach(?:es)?|turns?|is|are)\s+(?:age\s+)?|age\s+)"
            r"(?P<figure_age>\d{2})\b(?!\s*(?:a\.?m|p\.?m|:|mph|feet|miles|days?|weeks?|months?|hours?))"
        ),
        "",
    ),
    "seconds": Measure(
        "seconds",
        # (Or a list of them, "2, 3, or 4 seconds, depending on speed": no count of seconds has a thousands comma.)
        _pattern(
            # A count raised from one to another is the one it is raised to: "increase your following distance from
            # 4 seconds to 6 or more", "increase the four seconds to six".
            r"\b(?:from|increas\w*\s+(?:the|your))\s+\d+(?:\.\d+)?[\s-]*seconds?\s+to\s+(?P<figure_to>\d+(?:\.\d+)?)\b"
            r"(?:[\s-]*seconds?\b)?|"
            # (Or counted on top of the rest: "adding at least one additional second for night driving".)
            r"(?P<figure>\d+(?:\.\d+)?)(?:\s*,\s*\d+)*,?(?:[\s-]*(?:to|or)[\s-]*\d+)?[\s-]*(?:\(\s*\d+\s*\)\s*)?"
            rf"{ON_TOP}seconds?\b"
        ),
        "",
    ),
    # Following distance told in car lengths ("at 70 mph, stay at least 7 car lengths behind").
    "lengths": Measure(
        "lengths",
        _pattern(rf"(?P<figure>{_NUMBER})[\s-]*(?:car|vehicle)[\s-]lengths?\b"),
        "",
    ),
    "time": Measure(
        "time",
        _pattern(
            r"(?P<figure>\d{1,2}(?::\d\d)?)\s*(?:a\.m\.|p\.m\.|am\b|pm\b)|\bmidnight\b|\bnoon\b|\bsunset\b|\bsunrise\b"
            # A clock time's half-day told by its letter alone: "5:00a to 10:00p".
            r"|(?P<figure2>\d{1,2}:\d\d)[ap]\b"
            # A time told by what it goes by: "from a half hour before school begins", "from 45 minutes before
            # school opening".
            r"|\b(?:a|one)[\s-]half[\s-]hour\s+(?:before|after)\s+(?:school|classes|the\s+school\s+day)\b"
            r"|\b(?P<figure3>\d+)\s+minutes?\s+(?:before|after)\s+(?:the\s+)?(?:school|classes)\b"
        ),
        "",
    ),
    # A day of the year ("from November 1 through March 31"): when a seasonal rule holds.
    # (Or a month alone, "October and November, the months with the most deer crashes"; not one with its year.)
    "date": Measure(
        "date",
        _pattern(
            rf"\b{_MONTH}\.?\s+(?P<figure>[0-3]?\d)(?:st|nd|rd|th)?\b(?!\s*(?:,\s*)?\d{{4}})"
            rf"|\b(?P<figure2>(?-i:January|February|March|April|June|July|August|September|October|November|December))"
            r"\b(?![.,]?\s*\d)"
        ),
        "",
    ),
    # A share of light a window's tint lets through ("at least 35% of visible light").
    "percent": Measure("percent", _pattern(r"(?<![\d.])(?P<figure>\d{1,3})\s*(?:%|percent\b)"), ""),
    # How sharp one's sight must be, as the chart's fraction: "a minimum standard of 20/40 vision in at least one eye".
    "acuity": Measure("acuity", _pattern(r"(?<![\d/])(?P<figure>20\s*/\s*\d{2,3})(?![\d/])"), ""),
    "money": Measure("money", _pattern(rf"\$\s*(?P<figure>{_NUMBER})|(?P<figure2>{_NUMBER})\s*dollars"), ""),
    "points": Measure(
        "points",
        _pattern(
            rf"(?P<figure>{_NUMBER})\s*(?:\(\s*\d+\s*\)\s*)?(?:or more\s+)?(?:demerit\s+|driver\s+|violation\s+|active\s+|penalty\s+|safety\s+)?points?\b"
            # (Not the points of proof a licence applicant brings: "6 points of ID Verification", "6 points of
            # identification".)
            r"(?!\s+(?:of\s+)?(?:ID|identification|identity|proof|documents?)\b)"
            # (A point total told as reaching a figure: "If your point total reaches 12 or more".)
            rf"|\bpoint (?:total|count)\s+(?:reaches|exceeds|hits|is|of)\s+(?:at least\s+)?(?P<figure2>{_NUMBER})\b"
            # (A row under a column of points, as it is shown with its header: "Conviction Points: Reckless Driving 8".)
            r"|\b(?:Convictions?|Violations?|Offen[cs]es?)\s+Points:\s+(?:\S+\s+){1,14}?(?P<figure3>\d{1,2})\*?\s*$"
        ),
        "",
    ),
    # A child's weight for a car seat ("weighing less than 60 pounds").
    "weight": Measure(
        "weight",
        _pattern(rf"(?P<figure>{_NUMBER})[\s-]*(?:\(\s*\d+\s*\)\s*)?(?:pounds?\b|lbs?\b\.?|kilograms?\b|kg\b)"),
        "",
    ),
    # The size of a moped's or scooter's engine ("not exceeding 150cc engine displacement", "not more than 130 cubic
    # centimeters").
    # (Or its power: "a motor attached which has no more than 5 brake horsepower".)
    "engine": Measure(
        "engine",
        _pattern(rf"(?P<figure>{_NUMBER})\s*(?:cc\b|c\.c\.|cubic\s+centimeters?\b|(?:brake\s+)?horsepower\b|hp\b)"),
        "",
    ),
    # An angle, as a parking step or a field of vision gives it: "at a 45-degree angle", "a 140° field". (A manual's typo
    # too: "a 45-degre angle".)
    "degrees": Measure(
        "degrees", _pattern(r"(?<![\d.])(?P<figure>\d{1,3})\s*(?:[°º]|-?\s*degre(?:e|es)?\b|\s+grados\b)"), ""
    ),
    # A drink's measure, as a manual sets the drinks of one strength beside each other: "12 ounces of beer, 5 ounces of
    # wine", "a 6-ounce glass of wine", "1 1/2 oz. of 80-proof liquor".
    "ounces": Measure(
        "ounces",
        _pattern(
            r"(?<![\d.,/])(?P<figure>\d+(?:\.\d+)?)(?:\s*-?\s*(?:½|1/2))?\s*(?:\(\s*\d+(?:\.\d+)?\s*\)\s*)?[\s-]*"
            r"(?:fluid\s+)?(?:ounces?\b|oz\b\.?)"
        ),
        "ounces",
        "onzas",
    ),
    "passengers": Measure(
        "passengers",
        _pattern(
            rf"(?P<figure>{_NUMBER}|one|two|three)\s+(?:\(\s*\d+\s*\)\s*)?(?:[a-z'-]+\s+){{0,3}}?"
            r"(?:passengers?|persons?|people|occupants?|non-family|teens?|minors?)\b"
            r"|no\s+(?:[a-z'-]+\s+){0,2}?passengers?"
        ),
        "",
    ),
    # How many times a test may be taken or a permit renewed ("a maximum of 3 attempts", "renewed 2 times").
    "attempts": Measure(
        "attempts",
        _pattern(
            rf"(?P<figure>{_NUMBER})\s+(?:\(\s*\d+\s*\)\s*)?(?:attempts?|tries|times|chances)\b(?!\s+(?:greater|longer|more|as))"
            # (Once, as a renewal is allowed: "The permit may be renewed one (1) time".)
            rf"|\b(?:renewed|extended|retaken|repeated|taken)\s+(?P<figure2>{_NUMBER})\s+(?:\(\s*\d+\s*\)\s*)?time\b"
        ),
        "",
    ),
    # How many vehicles make a line that must be let by ("When 4 or more vehicles are slowed up"): a count of them.
    "vehicles": Measure(
        "vehicles",
        _pattern(
            rf"(?P<figure>{_NUMBER}|one|two|three)\s+(?:\(\s*\d+\s*\)\s*)?(?:or more\s+)?(?:[a-z'-]+\s+){{0,2}}?"
            # (Or bikes ridden side by side: "No more than two (2) bicycles may be ridden side by side".)
            r"(?:vehicles?|cars?|automobiles?|bicycles?|bikes?|motorcycles?|bicyclists?|cyclists?|motorcyclists?|riders?)\b"
            r"(?!\s+lengths?\b)"
        ),
        "",
    ),
    # How many tickets before a program or a suspension: a count of violations ("2 or more moving violations").
    "violations": Measure(
        "violations",
        _pattern(
            rf"(?P<figure>{_NUMBER})\s+(?:\(\s*\d+\s*\)\s*)?(?:or more\s+)?(?:[a-z'-]+\s+){{0,2}}?"
            r"(?:violations?|tickets?|offen[cs]es?|convictions?|citations?|infractions?)\b"
        ),
        "",
    ),
    # How many questions of a test may be missed or must be right ("If more than 8 questions are answered
    # incorrectly").
    "questions": Measure(
        "questions",
        _pattern(
            rf"(?P<figure>{_NUMBER})\s+(?:\(\s*\d+\s*\)\s*)?(?:[a-z'-]+\s+){{0,2}}?questions?\b"
            rf"|\banswer(?:ed)?\s+(?:at least\s+)?(?P<figure2>{_NUMBER})\s+(?:of them\s+)?(?:correctly|right)\b"
            # (And how many right or missed, told without the word: "you need 40 correct", "miss up to 6".)
            rf"|(?P<figure3>{_NUMBER})\s+correct(?:ly)?\b"
            rf"|\b(?P<figure5>{_NUMBER})\s+of\s+(?:the\s+)?{_NUMBER}\b\)?\s*(?:[a-z'-]+\s+){{0,3}}?(?:questions?\s+)?correct(?:ly)?\b"
            rf"|\bmiss(?:es)?\s+(?:up to\s+|no more than\s+|only\s+)?(?P<figure4>{_NUMBER})\b(?!\s*(?:%|percent))"
            # (Or the errors a road test allows: "12 or fewer errors is a passing score".)
            rf"|(?P<figure6>{_NUMBER})\s+(?:or (?:fewer|less)\s+)?(?:errors?|mistakes?)\b"
        ),
        "",
    ),
}

# Late to a thing, as how late one may be: "how late can i be to my appointment".
_LATE_TO_BE = r"\s+(?:can|could|may|am|is|are|r)\s+(?:i|you|u|we|he|she|they)\s+(?:be|show up|arrive)\s+(?:to|for)\b"
# When a licence's restrictions end ("when do those restrictions go away", "when can i drive without restrictions"):
# after a time held, not at a time of day.
_RESTRICTIONS_END = (
    r"\bwhen (?:do|does|will|would|can|could|should)\b[^.?!]{0,40}?\b(?:restrictions?|rules?|limits?)\s+"
    r"(?:go away|come off|end|stop|lift|get lifted|are lifted|get removed|are removed|drop off|no longer apply|expire)\b"
    r"|\bwhen (?:can|could|will|do|does) (?:i|you|u|we|he|she|they)\b[^.?!]{0,30}?\bwithout (?:any |the |those )?restrictions\b"
)
_ASKS_RESTRICTIONS_END = _pattern(_RESTRICTIONS_END)
# A railroad named, and where to stop asked: together, how far from the tracks (_ASKS' distance).
_RAIL_NAMED = r"\b(?:trains?|tracks|railroads?|railways?|rail crossings?)\b"
_WHERE_I_STOP = (
    r"\bwhere (?:exactly )?(?:do|should|must|am|are|r|have|gotta|would|can)\s+(?:i|you|u|we)\s+(?:\w+\s+){0,3}?stop\b"
)
# Over or under the speed limit, or what stands for it: "how far over it before they hit you with extra fines".
_OVER_THE_LIMIT = r"\s+(?:over|above|under|below)\s+(?:it|that|the (?:posted |speed )?limit|the speed)\b"
# How far ahead a thing is arranged ("how far ahead should i try to book my road test", "how far ahead should we contact
# them"): a time before it, not a distance.
_AHEAD_OF_TIME = (
    r"\s+ahead\s+(?:\w+\s+){0,4}?(?:book|booking|schedule|scheduling|contact|call|apply|applying|register|sign up|"
    r"make (?:an|the|my) appointment|plan|reserve|renew|notify|tell)\b"
)
# A share of a load asked of ("how much of the weight"): told as a percent of it, not as how heavy it is.
_OF_A_LOAD = r"of (?:the|a|my|your|its) (?:\w+ ){0,2}?(?:weight|load|cargo)\b"
# A share of crashes, deaths or drivers asked ("how many of the crashes where someone dies have alcohol involved", "what
# percent of drivers"): a percent, which a statistic tells (STATISTIC).
_SHARE_ASKED = _pattern(
    r"\bhow many of (?:the|all)\s+(?:\w+\s+){0,2}?(?:crashes|accidents|collisions|deaths|fatalities|wrecks)\b"
    r"|\bwhat (?:part|share|fraction|portion|percent|percentage) of (?:the |all )?(?:\w+\s+){0,2}?"
    r"(?:crashes|accidents|collisions|deaths|fatalities|wrecks|drivers|people|teens|americans)\b"
    # Or by how much a thing cuts them ("how much do they cut fatal crashes").
    r"|\bhow much (?:do|does|did|can|will|would|could)\s+(?:\w+\s+){0,3}?(?:cut|reduce|lower|decrease|drop|increase|raise)\b"
    r"[^?.!]{0,30}?\b(?:crashes|accidents|collisions|deaths|fatalities|injuries|risk|chances?)\b"
)
# Where or when most crashes happen, asked ("how close to home do most deadly crashes happen"): a statistic tells it.
_WHERE_MOST_HAPPEN = _pattern(
    r"\b(?:most|half of|majority of)\s+(?:\w+\s+){0,2}?(?:crashes|accidents|collisions|deaths|fatalities|wrecks)\s+"
    r"(?:happen|occur|take place)\b"
)
# A drink by its kind: beer, wine, or a spirit.
_DRINKS = {
    "beer": r"beers?|brews?",
    "wine": r"wines?",
    "liquor": r"liquor|spirits|whiske?y|vodka|rum|gin|tequila|booze|shots?|\d+-proof",
}
_DRINK = "(?:" + "|".join(_DRINKS.values()) + ")"
# A question's words that ask for each kind of figure, English and Spanish. A question
# may ask for more than one kind ("how far back should I stay" is answered in seconds or feet).
_ASKS: dict[str, re.Pattern[str]] = {
    "distance": _pattern(
        rf"\bhow (?:close|far(?!{_OVER_THE_LIMIT}|{_AHEAD_OF_TIME})|near|early)\b|\bhow often\b|\bcada cu[aá]nto\b|\bhow many (?:feet|foot|yards|miles|inches)\b|\bwhat distance\b|\bhow much (?:open |clear )?(?:space|room|road|roadway)\b"
        r"|\b(?:minimum|safe|legal) distance\b|\bwhat (?:following|safe|minimum) distance\b"
        # How short a stop must be ("how short do my foot brakes have to be able to stop the car"): a distance.
        r"|\bhow short\b(?=[^.?!]{0,50}\bstop)"
        # How deep water or snow is ("how deep does water have to be before a car can float"): told in feet or inches.
        r"|\bhow deep\b"
        # How much bigger a space must be than the car ("how much bigger than my car does a spot need to be").
        # (Not how much longer a stop takes: "how much longer does it take to stop on snow".)
        r"|\bhow much (?:bigger|wider|larger)\b|\bhow much longer\b(?!\s+(?:does|do|will|would|did|can) it take|\s+to\b)"
        # How wide or tall a thing is ("how wide does a trailer have to be before it needs turn signals"). (Not one's
        # field of vision, told in degrees: "how wide does my peripheral have to be".)
        r"|^(?!.*\b(?:vision|peripheral|eyesight|sight|degrees?)\b).*?\bhow (?:wide|tall)\b"
        # A distance asked of without naming it ("does my horn have to be heard from a certain distance").
        r"|\b(?:a|some) (?:certain|specific|set|particular) (?:distance|number of feet)\b"
        # "whats the closest i can stop to the tracks", "the farthest back i can stop"
        r"|\b(?:the )?(?:closest|nearest|farthest|furthest)(?: back| away)? (?:i|you|u|we|a car|cars|one) (?:can|could|may|am allowed to|should)\b"
        r"|\bcu[aá]nt[oa]s? (?:pies|metros|millas|yardas)\b|\bqu[eé] tan (?:cerca|lejos)\b|\bdistancia\b"
        # Where to stop at a railroad crossing is how far from its nearest rail ("when the train crossing lights are
        # flashing where exactly do i stop": "Stop between 15 and 50 feet away from the nearest rail").
        # (Not where to wait in traffic backed up near the tracks: at the stop line, "not on the tracks".)
        rf"|^(?![^?!]*\b(?:traffic|backed up)\b)[^?!]*(?:{_RAIL_NAMED}[^?!]*{_WHERE_I_STOP}|{_WHERE_I_STOP}[^?!]*{_RAIL_NAMED})"
    ),
    "speed": _pattern(
        rf"\bhow (?:fast|slow)\b|\bhow (?:far|much){_OVER_THE_LIMIT}"
        # (Not going over it: "can i go a little over the speed limit to pass" asks whether, not how fast; unless asked
        # by how much, "can i go over the speed limit to pass someone? by how much".)
        r"|\b(?:over|above|exceed)\s+the\s+speed\s+limi?t\b.*\bhow (?:much|far|many)\b"
        r"|\bhow much (?:slower|faster)\b|(?<!over the )(?<!above the )(?<!exceed the )(?<!break the )\bspeed limi?t|\bwhat speed\b|\bhow much (?:\w+ ){0,4}?slow(?: down)?\b|\b(?:top|max|maximum|minimum|highest|lowest) (?:legal |posted )?speed\b"
        r"|\bmph\b|\bspeed (?:is|do|does|should|can|must|am|are)\b|\bl[ií]mite de velocidad\b|\bqu[eé] velocidad\b"
        r"|\bqu[eé] tan r[aá]pido\b"
        # "whats the fastest im allowed to go", "the fastest u can legally go on the interstate" (not the fastest
        # way to a licence).
        r"|\b(?:the )?(?:fastest|slowest)\b(?!\s+(?:way|ways|route|routes|lane|lanes|thing|things|method|process))"
    ),
    "bac": _pattern(
        r"\bbac\b|\bbal\b|\bblood alcohol|\balcohol (?:limit|level|content|concentration)|\blegal limit\b|\bhow much can i drink"
        r"|\bl[ií]mite de alcohol|\bnivel de alcohol|\balcohol en la sangre"
    ),
    # The legal limit for weed, or how much of it may be in the blood (not how much one may carry).
    "thc": _pattern(
        r"^(?=.*\b(?:weed|marijuana|marihuana|cannabis|thc|pot)\b)"
        r"(?:.*\b(?:limits?|levels?|concentration)\b|.*\b(?:how much|amount)\b.*\b(?:blood|system|body)\b)"
    ),
    "age": _pattern(
        r"\bhow (?:old|young)\b|\bwhat age\b|\bage (?:limit|requirement)|\bminimum age\b|\byoungest\b|\bold enough\b"
        r"|\b(?:until|up to|till|til) what age\b|\bat what age\b|\ba qu[eé] edad\b|\bedad m[ií]nima\b|\bcu[aá]ntos a[nñ]os\b"
        # An age asked of without naming it ("does the person riding with me have to be a certain age").
        r"|\b(?:a|some|any) (?:certain|specific|set|particular) age\b"
        # When a child may do something is an age ("when can my kid stop using a booster").
        r"|\bwhen (?:can|does|do|should|will|may) (?:my|a|the|your|our) (?:little |younger )?"
        r"(?:kids?|child|children|son|daughter|baby|toddler|brother|sister)\b"
        # Or when a child's seat is done with ("ok and when can they stop using a car seat altogether").
        r"|\bwhen\b[^?.!]{0,30}?\b(?:stop|quit|get out of|be done with|no longer need)\w*\s+(?:\w+\s+){0,2}?"
        r"(?:car|booster|child|safety|baby)\s*seats?\b"
        # Or how long a child's seat faces backwards ("how long does my baby have to ride rear facing").
        r"|\bhow long\b[^?.!]{0,40}?\b(?:rear|backward)[\s-]*facing\b"
    ),
    "hours": _pattern(
        r"\bhow many (?:\w+ )?(?:hours|hrs)\b|\b(?:supervised|practice|driving|behind the wheel|night|log(?:ged)?) (?:hours|hrs)\b"
        r"|\bhours of (?:supervised|practice|driving|behind)|\bcu[aá]ntas horas\b"
    ),
    "duration": _pattern(
        r"\bhow long\b|\bhow often\b|\bcada cu[aá]nto\b|\bhow soon\b|\bhow many (?:days|weeks|months|years)\b|\bwithin how\b|\bhow much time\b"
        r"|\bby when\b"
        rf"|{_RESTRICTIONS_END}"
        # How much of a penalty that lasts ("how much extra suspension"): its length.
        r"|\bhow much (?:\w+ ){0,2}?(?:suspension|revocation|jail|prison)\b"
        # How late one may be to a thing ("how late can i be to my road test appointment"): minutes, not a clock time.
        rf"|\bhow late{_LATE_TO_BE}|\bhow many minutes\b"
        # How early, how far in advance: a distance before a turn ("signal at least 100 feet before"), or a time
        # before something ("renew it up to 1 year before it expires").
        r"|\bhow early\b|\bhow far (?:in advance|ahead of time)\b"
        rf"|\bhow far(?={_AHEAD_OF_TIME})"
        r"|\bcu[aá]nto tiempo\b|\bcu[aá]nt[oa]s (?:d[ií]as|meses|semanas)\b"
    ),
    "lengths": _pattern(r"\b(?:car|vehicle) lengths?\b|\bhow many lengths\b"),
    "seconds": _pattern(
        r"\bseconds\b|\bsecond rule\b|\bsegundos\b|\bhow much time\b"
        # How long one takes to react: "whats the avg time it takes a driver to notice something and react".
        r"|\breaction time\b|\bwhat(?:'s|s| is) the (?:avg|average|typical|usual|normal) time\b"
        # Whether one follows too closely ("how do i know if im following the car in front too close"): the
        # seconds rule tells it.
        r"|\bfollow\w*\b[^.?!]{0,30}?\btoo (?:close|closely|near)\b"
        # How much longer a thing takes ("how much longer does it take to get around one compared to a car"), told in
        # seconds. (Not a stop: "how much longer does it take to stop on snow" is told in feet or times as far.)
        r"|\bhow much longer (?:does|do|will|would|can) it take\b(?![^.?!]*\b(?:stop|stopping|brake|braking)\b)"
    ),
    "time": _pattern(
        rf"\bwhat times?\b(?! of (?:the )?year)|\bcurfew\b|\bhow late\b(?!{_LATE_TO_BE})|\buntil what time\b|\bafter what time\b|\ba qu[eé] hora\b"
        r"|\b(?:which|what) hours\b|\bbetween (?:which|what)\b"
        # What part of the day counts as night or daylight: a time, from sunset to sunrise.
        r"|\bwhat (?:counts|is counted|is considered|(?:'s|s|is) (?:considered|defined)) as (?:the )?"
        r"(?:night|nighttime|night[- ]time|daylight|daytime|dark|after dark|night driving|nighttime driving)\b"
        # "when do I have to have my headlights on": from sunset to sunrise, a time.
        # Not when it names the weather or the day ("in the rain", "during the day"): a condition, no time.
        r"|\bwhen (?:do|does|must|should|am|are|is|have|has|will|r)\b[^.?!]{0,40}\b(?:headlights?|headlamps?|lights? on)\b"
        r"(?![^.?!]*\b(?:rain\w*|day|daytime|fog\w*|snow\w*|weather|wipers?|tunnels?)\b)"
        # The latest one may drive: "whats the latest i can drive at night".
        r"|\b(?:the )?latest (?:i|you|u|we|teens?|a teen) (?:can|could|may|am allowed to)\b"
        # A time to be off the road or home by ("is there a time i have to be off the road by?"), not a time limit.
        r"|\b(?:is there|there is|theres|there's) (?:a|any) (?:certain |specific |set )?time\b(?! limit)"
        r"[^.?!]{0,40}\b(?:off the road|home|stop driving|by)\b"
    ),
    # When in the year: "what months", "what time of year", and when studded tires or a snowmobile's season
    # is (a rule told by its dates).
    "date": _pattern(
        r"\bwhat (?:dates?|months?|time of (?:the )?year|season)\b|\bwhich (?:dates?|months?|season)\b"
        r"|\bwhen\b[^.?!]{0,60}\b(?:studded|studs|snow ?tires|snowmobiles?)\b|\ball year\b"
    ),
    "money": _pattern(
        r"\bhow much (?:is |are |was )?(?:[a-z]+ ){0,4}?(?:fines?|tickets?|fees?)\b|\bwhat(?:'s|s| is| are)? the (?:[a-z-]+ ){0,2}?(?:fines?|fees?|cost|tickets? for)\b"
        r"|\b(?:minimum|maximum|max) fine\b|\bfines? (?:for|amount)\b|\bhow much (?:does|will|would|do)\b.*\b(?:cost|pay|charge)\b"
        r"|\bhow much money\b|\bhow much (?:can|could|will|would|do|does|did) (?:\w+ ){0,3}?fined\b|"
        # (What one pays, asked by what one does with the money: "how much do i send to renew my license by mail".)
        r"\bhow much (?:do|does|did|will|would|should|must|can) (?:i|you|u|we|he|she|they|my \w+) "
        r"(?:have to |need to |gotta |got to )?(?:send|mail|bring|pay|owe|spend|hand over)\b|"
        # ("whats the most they can fine you", "how much can they fine me")
        r"\b(?:most|least|much)\s+(?:(?:can|could|will|would|do|does)\s+)?(?:they|the court|the state|a judge|a cop|cops|"
        r"police)\s+(?:(?:can|could|will|would|might)\s+)?(?:fine|charge)\b"
        # ("whats the most u can get fined for tossing trash")
        r"|\b(?:most|least)\s+(?:i|u|you|we|someone|a person|a driver|they)\s+(?:can|could|will|would|might)\s+"
        r"(?:get\s+|be\s+)?(?:fined|charged|pay)\b|\bhow much (?:property )?damage\b|\b(?:more|how) expensive\b|\bcosts? more\b"
        # (A fine's size asked in other words: "how big is the fine", "how high are the fines".)
        r"|\bhow (?:big|large|high|steep|bad) (?:is|are|would be|will be) (?:the |a |my )?(?:fines?|tickets?|fees?)\b"
        # (Or by its least or most: "whats the cheapest a speeding ticket can be".)
        r"|\b(?:cheapest|priciest|lowest|smallest|biggest|highest|largest)\b[^.?!]{0,30}\b(?:fines?|tickets?|fees?)\b"
        # (Or asked after the ticket it is for: "can u actually get a ticket for riding someones bumper, how much".)
        r"|\b(?:fines?|fined|tickets?|ticketed)\b[^.?!]{0,60}[,;]\s*(?:and\s+)?how much\s*\??\s*$"
        # (Or a fine named, then how high it goes: "ik fines double in construction zones but how high can that go".)
        r"|\bfines?\b[^.?!]{0,60}?\bhow (?:high|much|big)\s+(?:can|could|will|would|do|does|is|are)\s+(?:that|it|they|those)\b"
        # How much insurance: its coverage, in dollars.
        r"|\b(?:minimum|least|how much)\b[^.?!]{0,30}\b(?:insurance|coverage)\b(?![^.?!]*\bcost)|\bcu[aá]nto (?:cuesta|es la multa|pago)|\bde cu[aá]nto es la multa\b"
    ),
    # How dark a window's tint may be is told as the share of light it lets through.
    # (And what share of a load goes where: _OF_A_LOAD.)
    "percent": _pattern(
        r"\bhow dark\b|\bdarkest\b|\bwhat percent|\btint\w*\s+(?:percent|percentage|limit)\b|\bqu[eé] tan oscur"
        rf"|\bhow much {_OF_A_LOAD}"
        rf"|{_SHARE_ASKED.pattern}"
        # How much a light is dimmed ("does that actually make them dimmer? by how much"): a share of it.
        r"|\b(?:dimmer|darker|brighter|weaker)\b\W{0,3}(?:and\s+)?by how much\b|\bhow much (?:dimmer|brighter|weaker)\b"
    ),
    "points": _pattern(
        r"\bhow many (?:active |demerit |driving |violation |penalty )?points\b|\bpoints? (?:on|against|to|added to) (?:my|your|the|a)\b|\bpoint system\b|\bdemerit|\bpuntos\b"
    ),
    "weight": _pattern(
        rf"\bhow heavy\b|\bhow much (?!{_OF_A_LOAD})(?:\w+ ){{0,5}}?weigh|\bwhat weight\b|\bhow many (?:pounds|lbs)\b"
        r"|\bcu[aá]nto (?:\w+ ){0,2}?pes(?:ar|a|e|o)\b|\bcu[aá]ntas libras\b"
    ),
    "attempts": _pattern(
        r"\bhow many (?:tries|attempts|chances)\b|\bhow many times (?:can|could|may|do|does|am|is) (?:i|you|u|we|he|she)\b"
    ),
    # How well one must see to be licensed ("how good does my eyesight have to be", "whats the eyesight requirement",
    # "i only have sight in one eye"): a sharpness of sight. (Not how wide one must see: "side vision", "field of
    # vision", "peripheral" ask degrees.)
    "acuity": _pattern(
        r"^(?!.*\b(?:side|field of|peripheral|wide|degrees?)\b)(?:.*?)"
        r"(?:\b(?:eyesight|eye\s?sight|vision)\b[^.?!]{0,40}\b(?:requirements?|minimum|standard|need|needed|have to be|good)\b"
        r"|\bhow (?:good|well|bad|strong)\b[^.?!]{0,25}\b(?:eyesight|vision|eyes?|see)\b"
        r"|\b(?:minimum|requirements?|what kind of|what)\b[^.?!]{0,25}\b(?:eyesight|vision)\b"
        r"|\b(?:only|just)\s+(?:have\s+)?(?:sight|vision)\s+in\s+one\s+eye\b)"
    ),
    # How big an engine may be ("whats the biggest engine a moped can have", "how many cc can my scooter be").
    "engine": _pattern(
        r"\b(?:biggest|largest|max|maximum|how big(?: of)?(?: an?)?|what size(?: of)?(?: an?)?)\s+(?:[a-z]+\s+)?engines?\b"
        r"|\bengine\s+(?:size|displacement)\b|\bhow many (?:cc|ccs|cubic)\b|\b\d*\s?cc\b"
        r"|\bhorsepower\b|\bhow many hp\b|\b(?:max|maximum) hp\b"
    ),
    # An angle asked ("ok and then what angle do i back in at").
    # Or a field of vision, which is told in degrees ("whats the field of vision i need").
    "degrees": _pattern(
        r"\b(?:what|which)\s+angle\b|\bhow many degrees\b|\bqu[eé] [aá]ngulo\b|\bcu[aá]ntos grados\b"
        r"|\bfield of (?:vision|view)\b|\bperipheral\b|\bside vision\b|\bcampo visual\b"
    ),
    "vehicles": _pattern(
        r"\bhow many (?:other )?(?:cars|vehicles|autos)\b(?! (?:(?:can|could) )?(?:i|you|u) (?:pass|see)\b)"
        # How many may ride side by side ("how many of us can ride next to each other on the road").
        r"|\bhow many\b[^?.!]{0,40}?\b(?:side by side|abreast|next to each other|beside each other)\b"
    ),
    "violations": _pattern(
        r"\bhow many (?:\w+ ){0,2}?(?:tickets|violations|offen[cs]es|convictions|citations|infractions|strikes)\b"
    ),
    "questions": _pattern(
        r"\bhow many (?:\w+ ){0,2}?questions?\b|\bhow many (?:can|could|do|may) (?:i|you|u) (?:miss|get wrong)\b"
        r"|\bcu[aá]ntas preguntas\b"
        r"|\bhow many (?:\w+ ){0,2}?(?:mistakes|errors)\b"
    ),
    # How much of a drink is as strong as another ("how big of a glass of wine counts as one drink", "how much hard
    # liquor has the same alcohol as a can of beer"): its ounces. (Not how much one may drink before driving: a BAC.)
    "ounces": _pattern(
        rf"\bhow many (?:fluid )?(?:ounces|oz)\b|\bhow (?:much|big of an?(?: \w+)? of)\s+(?:hard\s+)?{_DRINK}\b"
        r"(?![^?.!]*\b(?:before|and drive|and still|can i drink|to drive|while driving)\b)"
    ),
    "passengers": _pattern(
        r"\bhow many (?:friends|passengers|people|kids|teens|of my friends)\b|\b\d+ (?:of my )?friends\b"
        # Who is counted told by what they do: "how many can ride with me", "how many can i take".
        r"|\bhow many (?:can|could|may|are allowed to|r allowed to)\s+(?:ride|come|sit|be in|i (?:have|take|bring|carry|drive))\b"
        r"|\bcu[aá]ntos pasajeros\b"
    ),
}

# How fast or how quickly a thing is to be done at the counter, not on the road: "do i have to tell the dmv
# about my new address and how fast" asks how soon, in days.
_AT_THE_COUNTER = r"(?:tell|notify|report|inform|renew|apply|register|file|send|replace|transfer|update)"
_HOW_SOON_SAID = _pattern(
    rf"\b{_AT_THE_COUNTER}\w*\b[^.?!]{{0,60}}\bhow (?:fast|quick(?:ly)?)\b"
    rf"|\bhow (?:fast|quick(?:ly)?) (?:do|does|must|should|have|has|can) (?:\w+ ){{0,3}}?{_AT_THE_COUNTER}\b"
)
# How fast a thing warms, cools or leaves the body ("how fast does it heat up in a parked car", "how fast can the
# liver process alcohol"): no speed on the road. Warming is told in degrees ("can rise almost 20 degrees within the
# first 10 minutes").
_HOW_FAST_NO_SPEED = _pattern(
    r"\bhow (?:fast|quick(?:ly)?|slow(?:ly)?)\b[^.?!]{0,40}?\b(?:heats?|heating|warms?|warming|cools?|cooling|gets? (?:hot|warm|cold)"
    r"|temperatures?|process\w*|metaboli[sz]\w*|burns? (?:off|it off)|wears? off|leaves? (?:the|your|ur|my) (?:body|system|blood))\b"
)
_HEAT_SAID = _pattern(r"\b(?:heats?|heating|warms?|warming|cools?|cooling|hot|warm|cold|temperatures?)\b")
# When a licence or permit runs out ("and when does that license run out", "when does my permit expire"): how long
# it lasts, a time ("expires 30 days after the holder's 16th birthday", "valid for 2 years").
_WHEN_IT_ENDS = _pattern(
    r"\bwhen (?:does|do|will|would|did) (?:it|that|this|they|those|these|(?:the|my|your|ur|his|her|their|a|an) (?:[\w-]+ ){0,2}?"
    r"(?:licen[cs]es?|permits?|cards?|registrations?|plates?|stickers?|tags?|ids?|restrictions?))\s+"
    r"(?:(?:\w+ ){0,2}?)(?:run out|expire|expires|end|ends|stop being valid|go bad|lapse)\b"
)
# Or a paper's age told, asked whether it still counts ("my drivers ed completion card is like 3 years old, can i still
# use it"): how long it is honoured, a time ("The certification card will be honored for no longer than two years").
_OLD_AND_STILL = _pattern(
    r"\b(?:is|was|'s|s)\s+(?:like\s+|about\s+|almost\s+|over\s+|nearly\s+|already\s+)?\d+\s*(?:years?|yrs?|months?|weeks?)"
    r"\s+old\b[^?.!]{0,60}?\bstill\b"
)
# A length asked in feet ("how long is a semi with its trailer, like how many feet"): a length, not a time.
_IN_FEET_ASKED = _pattern(r"\bhow many (?:feet|foot|ft|yards|miles|inches|meters)\b|\bin (?:feet|ft|inches|yards)\b")
# How long a thing may be ("how long can a crack be before it fails inspection"): a length, not a time.
_HOW_LONG_A_THING = _pattern(
    r"\bhow long (?:can|could|may|is|are) (?:a|an|the|my|your|ur|those|these|some) (?:[\w-]+ ){0,4}?be\b"
    # (Not how long it may be used or kept: "how long can my permit be used", a time.)
    r"(?!\s+(?:used|valid|good|kept|renewed|extended|suspended|revoked|held|parked|left|driven|on)\b)"
    # Or how long a vehicle is, ended there: "how long are those double trailer semis, trying to figure out if i can
    # pass one" (not "how long is a car seat required").
    r"|\bhow long (?:is|are) (?:(?:a|an|the|those|these|them|some|most|big|long)\s+)*(?:[\w-]+\s+){0,2}?"
    r"(?:trucks?|semis?|trailers?|tractor-trailers?|rigs?|buses|bus|vehicles?|cars?|limos?|rvs?|motorhomes?)"
    r"(?=\s*(?:$|[,.?!]|(?:usually|normally|typically|actually|really|exactly|like|anyway|in feet|lol)\b))"
)
# How old a thing may be, not a person ("a vision test from my eye dr ... how old can it be", "how old can
# my proof of insurance be"): how long ago it was done, a time ("dated within the past 12 months").
_HOW_OLD_A_THING = _pattern(
    r"\bhow old (?:can|could|may|is|are|should|must) (?:it|that|this"
    r"|(?:a|an|the|my|your|ur) (?:[\w-]+ ){0,2}?(?:tests?|exams?|examinations?|forms?|certificates?|reports?|photos?"
    r"|pictures?|physicals?|documents?|proofs?|letters?|results?|statements?|records?|bills?|tires?|seats?))"
    r" (?:[\w-]+ ){0,3}?be\b"
)
# How long a vehicle takes to stop: told in feet as often as in seconds.
_HOW_LONG_TO_STOP = _pattern(r"\bhow long\b[^.?!]{0,50}\bto (?:come to a (?:complete |full )?)?stop\b")
# A car set beside the vehicle asked of: "compared to my car", "than a regular car".
_BESIDE_A_CAR = _pattern(
    r"\b(?:compared (?:to|with)|vs\.?|versus|than)\s+(?:(?:a|an|the|my|your|ur|regular|normal|passenger)\s+)*"
    r"(?:cars?|autos?|automobiles?)\b"
)
# A count of hours asked for: not a duration, so months or days do not answer it.
_HOW_MANY_HOURS = _pattern(r"\bhow many (?:\w+ )?(?:hours|hrs)\b|\bcu[aá]ntas horas\b")
# "How far ahead", "how much space": a distance a manual may give in seconds of travel.
_AHEAD = _pattern(
    r"\bhow far (?:ahead|in front)\b|\bhow much (?:space|room)\b|\bscan\w*\b|\blook ahead\b"
    # How far down the road to look: a manual gives it in seconds of travel ("look at least 10 seconds ahead").
    r"|\bhow far\b[^.?!]{0,40}\b(?:look|looking|see|seeing)\b"
    # How far back or behind, in seconds, only from another road user or when following one: "how
    # far back should I sit from the steering wheel" asks a distance alone.
    r"|\bhow far (?:back|behind)\b(?=.*\b(?:car|cars|vehicle|vehicles|truck|trucks|semi|semis|bus|buses|"
    r"motorcycle|motorcycles|bike|bikes|bicycle|bicyclist|someone|somebody|them|him|her|traffic|follow\w*|"
    r"plow|plows|snowplow|snowplows)\b)"
)
_BEHIND_ONE = _pattern(r"\bhow far (?:back|behind)\b")
# A blind spot, or a truck's "no-zone": where it reaches is a distance, never seconds.
_BLIND_SPOT = _pattern(r"\bblind[- ]?spots?\b|\bno[- ]?zones?\b")

# Following too close is measured in seconds by most manuals, in feet by some.
_FOLLOWING = _pattern(
    r"\bfollow(?:ing)? (?:distance|too close)|\b(?:behind|from) the (?:car|vehicle) (?:ahead|in front)|\btailgat"
    r"|\bcar (?:ahead|in front) of me\b|\bhow far back\b.*\b(?:from|behind) (?:the|a|an|another|other) (?:car|vehicle)s?\b"
)

# Looking ahead, asked (how far up the road to look), and a following distance told: another rule.
_LOOKING = frozenset(tokens("look looking scan scanning"))
_AHEAD_WORDS = frozenset(tokens("ahead road front far"))
# And what a rule for looking ahead says of it: a figure told with none of these ("Tripling the number of seconds when
# the roads are covered with snow") is of another thing.
_SEEING = _LOOKING | frozenset(tokens("see seeing watch watching view visual eyes eye identify notice spot search"))
_FOLLOWING_WORDS = frozenset(tokens("follow following behind tailgate tailgating"))
_FOLLOWING_TOLD = _pattern(
    r"\bfollowing distance\b|\bfollow(?:ing)?\s+(?:no closer|at least|too clos)|\bbehind the (?:vehicle|car) (?:ahead|in front)"
)
# Parking named: the car in front is then the one parked before the space, not one followed.
_PARKING_SAID = _pattern(r"\bpark(?:s|ed|ing)?\b")

# The following distance itself asked what it is, with no "how far": it is a figure too.
_FOLLOWING_DISTANCE_ASKED = _pattern(r"\bwhat(?:'?s| is| should be)?\b[^?.!]{0,40}\bfollow(?:ing)? distance\b")

_YES_NO = _pattern(
    # At the start, or after a clause that says who asks ("im 20, can i have one beer and drive").
    # (A learner's "lol" or "tho" ends a clause as a comma does: "missed my exit lol can i just back up".)
    r"(?:^|^[^?.!]{1,100}?(?:[,;:]|\s(?:lol|lmao|haha|tho|btw|rn)\b)\s*)(?:so |and |but |like |ok |okay |hey )?"
    r"(?:can|could|may|is|are|am|do|does|did|should|must|will|would|have|has)\b"
    r"|\b(?:allowed|legal|illegal|against the law|ok to|okay to|have to|has to|need to|needs to|required to|gotta)\b"
    # Or after the case it is asked of, unpunctuated: "if i get a texting ticket in idaho does it put points on my
    # license".
    # (Not one that asks which way or how after it, nor what one should do then: "... should i open the door".)
    r"|^(?:if|when|once|after)\b(?![^?.!,]*\b(?:how|what|which|where|who|why)\b)[^?.!,]{1,80}?"
    r"\s(?:does|do|will|would|can|could|must|is|are)\s+(?:it|that|this|i|u|you|they|he|she|we|my|the|a|an)\b"
    r"|^¿?(?:puedo|puede|es|est[aá]|tengo|debo|hay que|se puede|necesito)\b"
)

# Words of a question that wants some figure, though not of a kind told. The sentence
# that answers such a question usually holds one.
_ASKS_A_FIGURE = _pattern(
    r"\b(?:how (?:far|close|near|many|much|long|old|fast|soon|often|high|wide)|what (?:age|speed|distance)|minimum|maximum|"
    r"at least|within|limit|fine|feet|mph|percent|hours|days|months|years|at what|when must|exceed|curfew|"
    r"surcharge|fee|cost|damage|concentration|bac|distance|speed|penalty|points|age|older|younger|cu[aá]nt[oa]s?)\b"
)

# The verbs an instruction opens on ("Slow your speed", "Shift to neutral").
_TO_DO = (
    r"(?:stop|slow|yield|move|pull|"
    r"change|turn|leave|call|report|exchange|signal|wait|look|keep|drive|use|give|remain|stay|notify|steer|release|"
    r"ease|take|get|let|avoid|allow|sound|flash|hold|put|check|apply|brake|pump|honk|tap|try|remove|find|contact|"
    r"dial|activate|proceed|shift|increase|reduce|accelerate|merge|pass|follow|watch|be|go|come|back|count|face|"
    r"abandon|evacuate|run|hit|slam|exit|press|depress|"
    r"stand|walk|lock|park|switch|dim|warn|set|place|clear|open|close|ask|show|tell)"
)

# Kinds of rule a question may ask for, each with the words that ask for it and the words
# of a span that says it: a consequence ("what happens if I refuse"), who goes first, what
# a sign or signal means, what to do, and whether something is allowed.
CUES: dict[str, tuple[re.Pattern[str], re.Pattern[str]]] = {
    "consequence": (
        _pattern(
            r"\bwhat happens\b|\bwhat(?:'s| is| are)? the (?:penalty|penalties|punishment|consequences?)\b"
            r"|\bwhat if (?:i|you|u)\b|\b(?:will|would|could|can) (?:i|you|u) (?:lose|get (?:a ticket|arrested|suspended))"
            r"|\bqu[eé] pasa\b|\bqu[eé] me pasa\b"
        ),
        _pattern(
            r"\bsuspen\w*|\brevo\w*|\bfine[sd]?\b|\bjail\b|\bpenalt\w*|\bpoints\b|\blose\b|\bconvict\w*"
            # (A licence cancelled, not the learner's own act: "Before you cancel your SC insurance, turn in ...".)
            r"|\b(?:be|been|is|are|was|were|get|gets|got)\s+cancel\w*|\bcancellation"
            # (A sum owed: "you could owe up to $400 in fees".)
            r"|\bowe\b"
            r"|\bdisqualif\w*|\bimpound\w*|\bimprison\w*|\bmisdemeanor|\bguilty\b|\boffense\b|\bwarrant\b|\barrest\w*"
        ),
    ),
    "right_of_way": (
        _pattern(
            # (Not who has to be in the car with a learner: "who has to be in the car when i drive on my permit".)
            r"\bwho (?:goes|has(?! to (?:be|ride|sit)\b)|gets|should go|must yield|yields|has to (?:wait|yield|go))\b"
            r"|\bright[ -]of[ -]way\b|\bqui[eé]n pasa\b"
        ),
        _pattern(
            r"\byield\w*|\bright[ -]of[ -]way\b|\bgo(?:es)? first\b|\bproceed\b|\bon (?:the|your) (?:right|left)\b"
        ),
    ),
    "meaning": (
        _pattern(r"\bwhat does\b.*\bmean\b|\bmeans? what\b|\bmeaning\b|\bwhat is a\b|\bqu[eé] significa\b"),
        _pattern(r"\bmeans?\b|\bindicates?\b|\btells? you\b|\bwarns?\b|\bshows?\b|\ballows?\b|\bis used\b"),
    ),
    "action": (
        _pattern(
            r"\b(?:what|wat|wut|wht) (?:do|should|must|am|are) (?:i|you|u|we)\b.*\b(?:do|supposed)\b|\bwhat to do\b|\bhow do (?:i|you|u)\b"
            r"|\bwhat (?:now|then)\W*$"
            r"|\bwhat(?:'s|s| is) the (?:first |best |right )?thing (?:i|you|u|we) (?:should|must|need to|have to|gotta) do\b"
            r"|\bqu[eé] (?:debo|tengo que) hacer\b"
        ),
        _pattern(
            r"^(?:[A-Z][\w ,'-]{0,40}: )?(?:(?:as a (?:general )?rule|in general|generally),\s*)?"
            r"(?:(?:if|when|while|once|as soon as|before|after)\b[^,;:.]{0,80},\s*)?"
            rf"(?:always |never |do not |don't |then |gently |slowly |immediately |carefully )?{_TO_DO}\b|\bmust\b|\bshould\b"
            r"|\brequired\b"
            # Or told after its lead-in: "The best approach to recovering from a skid is the same ...: Steer ...".
            rf"|:\s+(?:always |never |do not |don't |then |gently |slowly |immediately |carefully )?{_TO_DO}\b",
        ),
    ),
    "permission": (
        # Set for any yes/no question that names no other kind (asked_for).
        _pattern(r"(?!)"),
        _pattern(
            r"\bmay\b|\bcan(?:not)?\b|\bmust\b|\ballowed\b|\bpermitted\b|\bprohibit\w*|\billegal\b|\bunlawful\b"
            r"|\blegal\b|\bagainst the law\b|\brequired?\b|\bnot required\b|\bneed not\b"
        ),
    ),
}

# What a learner may mean to do that changes which distance answers: "how close can I park
# to the tracks" is not answered by how close a train may be when you stop. Stems.
ACTIONS = frozenset(["park", "pass", "follow", "signal"])
# A rule may speak of the action in other words: staying "behind the vehicle ahead" is following it.
_ACTION_SAID = {"follow": frozenset(tokens("behind"))}
# The rule for following, named by its seconds: "the 3-second rule", "the two-second rule".
_SECONDS_RULE = re.compile(r"\b\d+[\s-]*seconds?[\s-]+rule\b", re.I)

# A question that asks what to do.
_DO_WHAT = _pattern(r"\bwhat (?:should|do|must|can|would|am) (?:i|you|u|we) (?:supposed to |meant to )?do\b")
# A question that asks what, how, when...: not answered yes or no, whatever else it says.
_WH = _pattern(
    r"^(?:how|what|whats|what's|when|where|who|whom|which|why|until|at what|up to what|till what|til what"
    r"|cu[aá]nt|qu[eé]|c[oó]mo|cu[aá]ndo|d[oó]nde|qui[eé]n)"
)

# A question that asks how many or how much, wherever it says so ("with my license how many friends
# am i allowed to drive around"): not answered yes or no.
_HOW_MANY = _pattern(r"\bhow (?:many|much|long|old|far|close|fast|soon|often)\b|\bcu[aá]nt[oa]s?\b")

# A clause after the scene that asks what, how... ("there's a cop pulled over, how much do I slow down").
_WH_CLAUSE = _pattern(
    r"[,;:.!?]\s*(?:so |and |but |then |for |by )?(?:how|what|whats|what's|when|where|which|who|why)\b"
    # Or after a few words that set the scene, unpunctuated: "after a wreck when do i have to call the police".
    # (Or a longer scene: "if ur license has been expired for a long time when do u have to redo the tests".)
    r"|^(?:after|if|once|in|on|at|during|with|for|before|while|besides|except|apart from|other than)\b[^?.!,]{1,60}?\b"
    r"(?:how|what|when|where|which|who|why) (?:do|does|did|is|are|am|can|should|must|would|will|long|far|close|many|much|old)\b"
)

# A question's own age: "I'm 19", "a 19 year old", "my 16-year-old", "under 21", "21 and over".
_MY_AGE = _pattern(
    r"\b(?:i'?m|i am|im|am|you'?re|you are)\s+(?:only\s+|just\s+)?(\d{1,2})\b(?!\s*(?:feet|mph|hours|miles|pounds|lbs?\b|inches))|\b(\d{1,2})[\s-]*(?:yr|year)s?[\s-]*old\b|\baged\s+(\d{1,2})\b"
    r"|\b(?:mom|dad|mother|father|son|daughter|kid|child|brother|sister|friend|grandma|grandpa|wife|husband"
    r"|nephew|niece|cousin|grandson|granddaughter)"
    # (Not a child's weight or height: "my little cousin is 45 pounds".)
    r"(?:'s|s| is)\s+(\d{1,2})\b(?!\s*(?:feet|mph|hours|miles|minutes|pounds|lbs?\b|inches|kg|kilos))"
    # A driver of an age asked of, no one named ("and for someone whos 18?", "a driver who's 19"): that age. (Not one
    # named, "my cousin whos 19", whose age is often the supervisor's asked of; nor a range, "who's 21 or older".)
    # (Or the driver asked of, told as such: "is it different if the driver is only 19?".)
    r"|\b(?:(?:someone|somebody|anyone|anybody|a person|a driver|people|drivers)\s+(?:who'?s|who is|that'?s|that is)\s+"
    r"|(?:the|a) driver (?:is|was) (?:only\s+|just\s+)?)"
    r"(\d{1,2})\b(?!\s*(?:feet|mph|hours|miles|minutes|percent|%|\+|or\b|and\b))"
)
# "de 21 años" is the learner's own age ("un conductor de 19 años"), but not after "menor",
# "mayor", "menos" or "más": "menor de 21 años", "tengo menos de 21 años" are under 21 (_UNDER, _OVER).
_TENGO = _pattern(
    r"\btengo (\d{1,2}) a[nñ]os\b"
    r"|(?<!menor )(?<!mayor )(?<!menores )(?<!mayores )(?<!menos )(?<!m[aá]s )\bde (\d{1,2}) a[nñ]os\b"
)
_UNDER = _pattern(
    r"\b(?:under|younger than|less than|menor(?:es)? de)\s+(?:age\s+|the age of\s+)?(\d{1,2})\b"
    r"|\bmenos de (\d{1,2}) a[nñ]os\b"
    # "if ur not 21 yet", "im not yet 21".
    r"|\bnot\s+(\d{1,2})\s+yet\b|\bnot\s+yet\s+(\d{1,2})\b"
)
_OVER = _pattern(
    r"\b(?:over|older than|mayor(?:es)? de)\s+(?:age\s+)?(\d{1,2})\b|\b(\d{1,2})\s+(?:and|or)\s+(?:over|older)\b"
    # "once i turn 16", "after he turns 21": that age and on.
    r"|\b(?:once|after|when)\s+(?:i|you|u|he|she|they|we)\s+(?:turn|turns|become|becomes|hit|hits|reach|reaches)\s+"
    r"(?:age\s+)?(\d{1,2})\b(?!\s*(?:feet|mph|miles|hours|days|months|percent|%))"
    r"|\bm[aá]s de (\d{1,2}) a[nñ]os\b"
)


@dataclass(frozen=True)
class Asked:
    """What would answer a question."""

    # Kinds of figure that answer it (MEASURES' names), most telling first; () when it asks for a rule.
    measures: tuple[str, ...] = ()
    yes_no: bool = False
    # The learner's age as the question gives it: (lowest, highest) it may be, or None.
    ages: tuple[int, int] | None = None
    # Whether it seems to want some figure, of a kind not told (a limit, a penalty, "which hours").
    wants_figure: bool = False
    # What kind of rule answers it when it is not a figure (CUES' names), "" when none is told.
    cue: str = ""
    # What the learner means to do, of ACTIONS' stems ("park" in "how close can I park"):
    # a figure only answers when its span speaks of that.
    actions: frozenset[str] = frozenset()
    # Whether it asks of someone beside the learner (who may supervise, a parent): only then is
    # an age a rule gives to such a person ("accompanied by a driver at least 21") its answer.
    of_another: bool = False
    # Whether it asks the age of whoever rides along to supervise ("how old does the person riding
    # with me have to be"): only an age a rule gives to such a person answers it, not the learner's own.
    of_supervisor: bool = False
    # Whether it asks how slow: only then is a minimum speed its answer.
    how_slow: bool = False
    # Whether it asks the least age for a permit or licence ("how old do I have to be to get my
    # permit"): an age a rule sets as an upper bound ("if you are under 18, have parental consent")
    # is a condition on it, not its answer.
    least_age: bool = False
    # Whether it asks what a painted curb means: only a rule that ties a colour to a curb answers it.
    curb_colour: bool = False
    # Whether it asks of an intersection with no signs or signals: a 4-way stop's rule is not its answer.
    uncontrolled: bool = False
    # Whether it asks of those riding in the back seat ("do people in the back have to buckle up"):
    # only a rule that speaks of them answers it, not one for the front seat alone
    # ("the driver and front-seat passengers must wear belts": the manual may say elsewhere that
    # everyone must) nor one with a back of another kind ("not behind your back").
    back_seat: bool = False
    # The kind of hours it asks for, of a course's two kinds (HOURS_KINDS: "how many hours of classroom drivers
    # ed"): "" for none. Hours of the other kind ("40 hours of driving practice") answer another question.
    hours_kind: str = ""
    # Whether it asks of being pulled over ("when a cop pulls me over"): moving over for a police
    # car stopped on the shoulder is another rule, though it names the police too.
    pulled_over: bool = False
    # Whether it asks of passing a police or emergency vehicle that has stopped ("theres a cop
    # pulled over on the shoulder"): a rule for being stopped by the police oneself is not its answer.
    passing_stopped: bool = False
    # Whether it asks of an emergency vehicle on its way ("a fire truck with its lights flashing is
    # coming toward me"): moving over for one stopped on the shoulder is another rule.
    emergency_coming: bool = False
    # Whether it asks of a bus that is no school bus ("a nj transit bus is pulling back out from a bus
    # stop"): a school bus's rule is another vehicle's.
    other_bus: bool = False
    # Whether it asks what to do when one cannot move over ("what if I can't get over"): only a
    # rule for that case (slow down, "if changing lanes is unsafe") answers it, not "move over".
    cannot_move_over: bool = False
    # Whether it asks whether to get out of the car or stay in it ("should I get out and walk back
    # to the officer"): only a rule that says which answers, not the rest of a stop's steps.
    leave_car: bool = False
    # Whether it asks whether one may drive at an hour it gives by the clock ("can I drive at like
    # 1am with my intermediate license"): only a rule that gives hours by the clock (a curfew)
    # answers, not one that counts hours of practice at night.
    by_the_clock: bool = False
    # Whether it names a road by its count of lanes and no divider ("the other side of a 4 lane
    # highway"): a rule for a divided highway, which says nothing of lanes, is another road's.
    lanes_counted: bool = False
    # The road's count of lanes, where the question gives one as the road's whole ("a regular two lane
    # road", "a 4 lane highway"), else 0: a rule for a road of another count is another road's.
    lanes: int = 0
    # Whether it asks where one's hands go ("what do I do with my hands when a cop pulls me over"):
    # only a rule that says where the hands go answers, not a "right-hand turn".
    hands: bool = False
    # Whether it asks by how much to change a speed ("how much slower on wet roads"): a speed the
    # rule states as such a change answers it ("10 mph below"), not any speed it names.
    by_how_much: bool = False
    # Whether it asks of the first days of a permit or licence ("as soon as I get my license"): a
    # rule for a later period of it ("in the second 3 months", "after holding it 6 months") is not its answer.
    at_first: bool = False
    # Whether it asks of doing it again ("what if it happens a second time", "caught twice"): a
    # penalty for a second or later offence alone answers no other question.
    repeat: bool = False
    # Whether it names doing it again in other words than taking a test again ("what if i keep failing it", not
    # "how long do i wait to take it again"): a rule told for a later time answers first.
    repeat_named: bool = False
    # Which time it asks of, where it names one by its ordinal ("my 2nd ticket", "a third offense"): 0 for none.
    ordinal: int = 0
    # Whether it asks of refusing a test: a rule for one who refuses answers no other question.
    refusal: bool = False
    # Whether it asks what to do once something has happened ("what do I do if my car stalls on
    # the tracks"): how to keep it from happening ("To avoid stalling, ...") is not its answer.
    once_it_happens: bool = False
    # Whether it tells of a mishap as it happens ("my car started sliding", "my brakes quit"): a
    # sentence that tells nothing to do then is no answer.
    mishap: bool = False
    # The mishaps it names (_MISHAPS: "brakes" of "my brakes went out"), asked what to do once one
    # happens: a rule told for another mishap ("If your windshield wipers fail ...") is not its answer.
    mishaps: frozenset[str] = frozenset()
    # The mishaps it names at all, whatever it asks of them ("can i pump the brakes if they fail").
    named_mishaps: frozenset[str] = frozenset()
    # Whether it supposes a thing is not there ("if theres no white stop line"): the rule for when there
    # is none ("if there is none, stop at least 15 feet from the nearest rail") answers.
    none_there: bool = False
    # Whether it asks what a thing counts as or is taken to mean ("what counts as night driving"): a
    # sentence that defines it ("Nighttime driving is considered driving during ...") answers.
    defining: bool = False
    # Whether it tells of moving into the state from another ("just moved to indy from ohio").
    moving_in: bool = False
    # Whether it asks how early, how far ahead of a thing ("how early can i renew"): a time before it.
    how_early: bool = False
    # Whether it tells that the thing has already expired ("my license expired a few months ago, can i still
    # renew"): a time after the expiry answers, not how early one may renew before it.
    past_it: bool = False
    # Whether it asks of a BAC under the legal limit ("can u still get a dui if ur blood alcohol is under the legal
    # limit?"): a lower figure answers (0.05 with other evidence), not the limit itself.
    under_limit: bool = False
    # Whether it tells of moving house within the state ("if i move to a new house in wv how long do i have to tell
    # the dmv"): an address change's rule answers, not a new resident's.
    new_address: bool = False
    # The special kind of permit or licence it names, as stems ("farm" of "a farm permit", "school" of "a school
    # permit (SCP)"): a rule whose law never names that kind ("You can get a learner's permit (LPD) at 15") is the
    # ordinary permit's.
    permit_kind: frozenset[str] = frozenset()
    # Whether it tells that no one was hurt in the crash ("small fender bender nobody hurt"): the rule for a crash
    # where someone is injured ("If someone is injured in a crash you are in, stay at the scene ... do not move the
    # vehicles") is the other case's.
    no_one_hurt: bool = False
    # Whether it tells that someone died ("if the crash ends up killing someone", "and if the person dies?"): of a
    # penalty told for an injury and one for a death, the death's answers.
    a_death: bool = False
    # Whether it tells that the car still drives ("the cars still drive"): the rule for one that cannot be moved ("If
    # there are no injuries, but your vehicle cannot move: Call 911") is the other case's.
    car_moves: bool = False
    # How many miles an hour over the limit it tells ("how many points for going like 20 over"), or None.
    over_by: int | None = None
    # The speed it tells it goes at ("how many car lengths should i leave going 70"), or None.
    going_at: int | None = None
    # Whether it tells of a car bought ("my dad just bought me a used car, how long do we have to register it").
    bought: bool = False
    # Whether it tells that the owner of what was hit is not there ("i hit a parked car and cant find the owner").
    owner_gone: bool = False
    # Whether it asks whether a small crash must be reported ("do i have to call the cops after a fender bender"):
    # the rule that says how much damage must be (the line it falls under or over) answers it.
    small_crash: bool = False
    # Whether it asks of telling the police ("do i have to call the cops"): a report owed to the licensing office
    # ("report a crash to the Office of Driver Services if ... $3000") is another rule.
    police_told: bool = False
    # Whether it asks of a test failed or taken again ("if i fail can i retake it"): a rule for retests ("A $10 fee
    # is charged for any retests") answers no other question of the test.
    retake: bool = False
    # And whether it asks how soon it may be taken again ("failed it, when am i allowed to try again").
    retake_wait: bool = False
    # Whether it asks how many hours of practice driving ("how many hours of supervised driving do i need to log"): hours
    # told as a deadline ("within 72 hours") are none (_PRACTICE_HOURS_ASKED, _HOURS_DEADLINE).
    practice_hours: bool = False
    # Whether it asks what share of crashes, deaths or drivers a thing is ("how many of the crashes where someone dies
    # have alcohol involved"): a statistic answers it (STATISTIC).
    share: bool = False
    # Whether it asks how many hours a course or class takes ("how long is the driving dynamics class, like how many
    # hours"): the hours of practice a learner logs ("10 of the 70 practice hours must be night driving") are another
    # count (_PRACTICE_HOURS_SAID).
    course_hours: bool = False
    # Whether it asks what the law requires ("when am i legally required to have my headlights on"): a rule that
    # says what one must do answers before a tip ("In fog, rain, or snow, use your low beams") or a reason.
    by_law: bool = False
    # Whether it asks of the time after a licence's first months ("what about after the first 6
    # months?"): a rule for those first months alone is not its answer.
    after_first: bool = False
    # Whether it supposes a case that is so ("what if i take the parent class"): a rule for the case
    # that it is not ("If your parent does not take the parent class, ...") is the other case's.
    supposes_so: bool = False
    # What it tells was not done ("my parents didnt do the parent class"): a rule for the case that it was
    # ("40 hours in all if a parent takes the approved parent class") is the other case's.
    not_done: frozenset[str] = frozenset()
    # What it tells was done, a course or a class ("my mom did the parent class"): a rule for the case that it was not
    # ("If your parent does not take the parent class, ... 50 hours") is the other case's.
    done: frozenset[str] = frozenset()
    # Whether it asks how often ("how often do u have to renew"): a rule told by its round ("every 8 years")
    # answers before one that states a time for something else.
    how_often: bool = False
    # Whether it asks when a licence's restrictions end ("when do those restrictions go away"): a rule that tells
    # them lifted answers before a time told for something else under them.
    restrictions_end: bool = False
    # Whether it sets another vehicle beside a car ("how far does a semi take to stop compared to my car"):
    # the car's figure is the other side of the comparison, not the answer.
    beside_a_car: bool = False
    # A name with a number in it that it asks the meaning of ("what does hov 3 mean": "hov 3"), "" when none.
    label: str = ""
    # The drink it asks the measure of ("how much wine counts as one drink": "wine"; _DRINKS), "" when none.
    drink: str = ""
    # What a distance is asked from ("how far from the curb can i be": "curb"), "" when none is named.
    far_from: str = ""
    # Whether it asks the room a pass must finish in before the oncoming car ("after passing someone how much room
    # do i need before the oncoming car"): only a distance told from that car answers.
    passing_room: bool = False
    # Whether it asks how much of the road a car stopped at its side must leave for traffic to get by ("parked on
    # the side of a country road how much room do i have to leave for other cars to get by").
    road_left: bool = False
    # Whether it asks how many points cost a licence ("how many points can i get before they suspend my license"): a
    # table's row for an offence that names a suspended licence ("Operating a Vehicle with a Suspended or Revoked
    # Driver License 12 points") is that offence's points, not its answer.
    points_to_lose: bool = False
    # The unit a count of time is asked in ("how many days": "day"), "" when none is.
    time_unit: str = ""
    # The thing whose length of time is asked ("how long is the temporary permit": "permit"), "" when none is.
    length_of: str = ""
    # Whether it asks how long that thing is good for or lasts ("how long is a license good for").
    good_for: bool = False
    # A thing the asker says they do not have ("i actually dont have any insurance": "insurance"), "" for none: a rule
    # told for one who has it ("If you have insurance on your vehicle and ... cannot show the card") is the other case's.
    lacks: str = ""
    # The thing whose price is asked ("how much does it cost to get a learners permit": "learners permit"), "" when none
    # is: a price that names none of its words is another thing's.
    price_of: str = ""
    # The kind of licence test it names, "road" or "knowledge" (_TEST_KINDS), "" for none or both.
    test_kind: str = ""
    # Whether it asks the points an offence puts on a record ("how many points for a speeding ticket"), not how many
    # cost a licence: a rule on the points that bring a suspension ("Upon the accumulation of 12 points ...") is no
    # offence's.
    points_for_an_offence: bool = False
    # What the learner asks whether they may do ("pass" of "can I pass on the right"): a span that
    # speaks of it only as done to them ("a driver may try to pass you") is not the answer.
    my_act: str = ""
    # The words of the things it names (_THINGS), one set a thing, and its own words (stems):
    # read from the question alone, never from a practice question's choices.
    things: tuple[frozenset[str], ...] = ()
    doing: tuple[frozenset[str], ...] = ()
    words: frozenset[str] = frozenset()
    # What it sets aside ("an actual drivers license, not the permit", "instead of a permit"): its words (stems),
    # which do not take a side of _CONTRASTS though the question names them.
    set_aside: frozenset[str] = frozenset()
    # The kind of vehicle it sets aside ("a normal car learners permit (not the motorcycle one)"): not a
    # thing it asks of, and a rule for that kind alone is another vehicle's.
    vehicle_aside: frozenset[str] = frozenset()
    # Whether it sets the night aside ("when do i have to have my headlights on besides at night"): a rule for
    # the night alone is the case it already knows.
    besides_night: bool = False
    # Whether it names a little child who rides along ("my little cousin is 45 pounds"): a rule for passengers 18
    # or older is not the child's.
    little_one: bool = False
    # Whether it asks of one thing or another ("a crosswalk or a hydrant"): then a span need
    # speak of only one of them.
    either: bool = False
    # Whether a span stating some figure reads better for it (FIGURE_HINT): one that wants a
    # figure, or an English question not answered yes or no ("what does the law require when a
    # school bus stops": "stop at least 25 feet away" says more than "stop for a school bus").
    figure_helps: bool = False

    def speaks_of(self, words: frozenset[str]) -> bool:
        """Whether a span with these words speaks of what the question names and means to do."""
        named = [bool(one & words) for one in self.things]
        if named and not (any(named) if self.either else all(named)):
            return False
        return all(one & words for one in self.doing)


# "how" typed with a stray "s" before the word it asks by: "hows much is the fine", "hows long".
_HOWS = re.compile(r"\bhows\s+(?=(?:much|many|long|far|old|fast|close|soon|early|late|often)\b)")
# "with" and "without" as a learner shortens them: "riding w me", "w/ my dad", "w/o a permit".
_WITHOUT_SHORT = re.compile(r"\bw/o\b\s*")
_WITH_SHORT = re.compile(r"\bw/\s*|\bw (?=(?:me|my|a|an|the|him|her|them|us|you|u|no|your|ur|his)\b)")


def _cue_of(text: str) -> str:
    """The first of CUES whose asking words the text holds, "" for none."""
    return next((name for name, (asks, _) in CUES.items() if asks.search(text)), "")


# Seconds asked for by name (not a second time: "points for a second ticket").
_SECONDS_NAMED = _pattern(r"\bseconds\b|\bsecond rule\b|\bsegundos\b")
# Kinds of figure a "how many" or "how much" asks of its own, not of a following distance.
_COUNTED_OTHERWISE = frozenset(
    {
        "points",
        "money",
        "age",
        "hours",
        "passengers",
        "percent",
        "bac",
        "weight",
        "questions",
        "violations",
        "attempts",
        "vehicles",
        "acuity",
        "engine",
        "degrees",
        "ounces",
    }
)


# A name with a number in it, asked what it means: "hov 3", "i-95", "route 66".
_LABEL_ASKED = re.compile(r"\bwhat\s+does\s+(?:an?\s+|the\s+)?[\"'“‘]?([a-z]+[\s-]?\d+\+?)[\"'”’]?\s")


def _label_asked(said: str) -> str:
    found = _LABEL_ASKED.search(said)
    return _as_label(found.group(1)) if found else ""


def _as_label(text: str) -> str:
    """Text with its letters and digits run together, to find a name however it is spaced ("HOV-3", "hov 3")."""
    return re.sub(r"[^a-z0-9+]", "", text.lower())


# What a distance is asked from: "how far from the curb", "how far away from a hydrant".
# (Not of one thing or another: "how close to a crosswalk or a hydrant".)
_FAR_FROM = re.compile(
    r"\bhow (?:far|close|near)\s+(?:away\s+)?(?:from|to)\s+(?:the|a|an|any|my)?\s*([a-z]{3,})\b(?!\s+(?:or|and|n)\b)"
)


# Words that end a thing's name in a question but name no thing: "how long is the paper temporary one good for".
_NOT_A_THING = (
    r"(?!(?:good|valid|last|lasts|stay|remain|gone|suspended|revoked|taken|impounded|before|after|until|when|time|"
    r"first)\b)"
)
# "how long is the temporary permit they give you", "how long does a suspension last": the thing's last word
# before what is said of it.
_LENGTH_OF = re.compile(
    r"\bhow long (?:is|are|does|do|will|would|was)\s+(?:the|a|an|my|your|this|that|those|these)\s+"
    rf"((?:{_NOT_A_THING}[a-z]+\s+){{0,3}}?{_NOT_A_THING}[a-z]{{4,}})\b(?=\s*(?:\?|$|\(|(?:they|that|be|you|i|u|we|good|valid|last|for|in|at|after|if|when|stay|"
    r"remain|gone|suspended|revoked|taken|impounded)\b))"
    # Or things named bare, as how long they stay ("how long do points stay on your record").
    r"|\bhow long (?:do|will|would|can)\s+([a-z]{3,}s)\s+(?:stay|remain|last|count)\b"
    # Or a thing named before, good for how long ("how long is that good for here"): by its word for lasting, which a
    # rule says of it ("A passing score is good for 2 years").
    r"|\bhow long (?:is|are|will|would) (?:that|it|this|those|these|they)\s+(?:be\s+)?(good|valid)\b"
    # Or how many years or months a thing is good for ("how many years is a ct drivers license good for").
    r"|\bhow many (?:years|months|weeks|days)\s+(?:is|are|does|do|will|would)\s+(?:the|a|an|my|your|ur|this|that)\s+"
    rf"(?:{_NOT_A_THING}[a-z']+\s+){{0,4}}?({_NOT_A_THING}[a-z]{{4,}})\b(?=\s*(?:good|valid|last|stay|remain)\b)"
)


# The thing a price is asked of: "cost to get a learners permit", "the fee for a duplicate license", "how much does the
# road test cost" (up to three words, the last its kind: "permit", "license", "test").
_PRICE_OF = re.compile(
    r"\b(?:cost|costs|fee|fees|price|charge)\s+(?:to\s+(?:get|renew|replace|take|apply for)|for|of)\s+"
    r"(?:(?:a|an|the|my|your|ur)\s+)?((?:[a-z']+\s+){0,2}?[a-z]{4,})\b(?=\s*(?:\?|$|in\b|at\b|if\b|when\b|now\b|,))"
    r"|\b(?:a|an|the|my|your|ur)\s+((?:[a-z']+\s+){0,2}?[a-z]{4,})\s+(?:costs?|fee)\b"
)


# The things a learner pays for that a price must name to be theirs. (Not one named in other words than the manuals':
# "a replacement" is what they call a duplicate license.)
_PAID_FOR = frozenset(
    {"permit", "license", "licence", "test", "exam", "card", "plate", "plates", "registration", "title"}
)


# A price asked of doing a thing at the counter that names what is paid for: "how much does it cost to register my car"
# asks the registration's fee (the verb's stem is the noun's: words.tokens).
_PRICE_TO = re.compile(
    r"\b(?:cost|costs|fee|fees|price|charge|pay)\s+(?:to|for)\s+(register|registering|title|titling)\b"
)


def _price_of(said: str) -> str:
    """The name of the thing a price is asked of, when it is one of _PAID_FOR ("learners permit test"), else ""."""
    doing = _PRICE_TO.search(said)
    if doing:
        return doing.group(1)
    found = _PRICE_OF.search(said)
    thing = (found.group(1) or found.group(2)) if found else ""
    words = thing.split()
    return thing if words and words[-1] in _PAID_FOR else ""


# Points asked of an offence: "how many points for a speeding ticket", "points do you get for running a red", "how many
# points is a speeding ticket".
_POINTS_FOR_AN_OFFENCE = re.compile(
    r"\bpoints?\b[^?.!]{0,40}?\bfor\s+(?:a|an|the|my|getting|going|running|passing|speeding|texting|not)\b"
    r"|\bpoints?\s+(?:is|are|does|do)\s+(?:a|an)\s+\w+"
)
# The points that bring a suspension, a hearing or a warning, as a rule tells them: "Upon the accumulation of 12 points
# ... may be suspended", "If you get 12 or more points in 3 years, your license will be suspended".
_POINTS_THAT_COST = re.compile(
    r"\b(?:accumulat\w*|accrue\w*|accru\w*|total of|or more)\b[^.;]{0,40}?\bpoints?\b[^.]{0,120}?"
    r"\b(?:suspend\w*|suspension|revok\w*|revocation|hearing|warning letter)\b",
    re.I,
)


# The two kinds of licence test, by the words that name each before "test" or "exam": driving on the road, or the
# written one. Several may name one test together ("the written and driving tests", "skills and knowledge exams").
_ROAD_TEST_WORDS = frozenset(
    ["road", "driving", "drive", "driver", "drivers", "skill", "skills", "behind-the-wheel", "in-car"]
)
_KNOWLEDGE_TEST_WORDS = frozenset(
    ["knowledge", "written", "permit", "computer", "rule", "rules", "sign", "signs", "theory"]
)
_TEST_WORD = "(?:{})".format(
    "|".join(
        re.escape(word).replace(r"\-", "[- ]")
        for word in sorted(_ROAD_TEST_WORDS | _KNOWLEDGE_TEST_WORDS, key=lambda word: (-len(word), word))
    )
)
_TESTS_NAMED = re.compile(
    rf"\b({_TEST_WORD}(?:\s*(?:,|and|or|&|/)\s*{_TEST_WORD})*)\s+(?:skills?\s+)?(?:tests?|exams?|examinations?)\b", re.I
)


def _test_kind(said: str) -> str:
    """The one kind of licence test `said` names, "road" or "knowledge", "" for none or both."""
    named = frozenset(re.findall(r"[a-z-]+", " ".join(found.group(1) for found in _TESTS_NAMED.finditer(said)).lower()))
    kinds = [
        kind for kind, words in (("road", _ROAD_TEST_WORDS), ("knowledge", _KNOWLEDGE_TEST_WORDS)) if named & words
    ]
    return kinds[0] if len(kinds) == 1 else ""


# What an asker says they do not have ("dont have any insurance", "do not have a license"), and a rule told for one who
# has it ("If you have insurance on your vehicle", "if you have a valid license").
_LACKING = re.compile(
    r"\b(?:dont|don't|don’t|do not|didnt|didn't|did not|doesnt|doesn't|does not)\s+(?:even\s+|actually\s+|really\s+)?"
    r"(?:have|carry|got)\s+(?:any\s+|a\s+|an\s+|my\s+|his\s+|her\s+|their\s+)?([a-z]{4,})\b(?:\s+(cards?)\b)?",
    re.I,
)


def _had_by_the_rule(shown: str, thing: str) -> bool:
    """Whether `shown` is told for one who has `thing` ("If you have insurance on your vehicle and ..."), not for one
    who lacks it."""
    had = re.search(
        rf"\b(?:if|when)\s+(?:you|the driver|a driver)\s+(?:have|has)\s+(?:a\s+|an\s+|your\s+|valid\s+)*{re.escape(thing)}",
        shown,
        re.I,
    )
    return bool(had) and not re.search(rf"\b(?:not|no|without)\s+(?:\w+\s+)?{re.escape(thing)}", shown, re.I)


# A question's words for how long a thing is good for: "good for", "valid", "last", "expire".
_GOOD_FOR_WORDS = r"good for|valid|last|lasts|expire|expires"
_GOOD_FOR = re.compile(rf"\b(?:{_GOOD_FOR_WORDS})\b", re.I)


# A learner's licence, as some states name their permit ("Learner License"): a permit.
_LEARNER_LICENCE = re.compile(r"\blearner(?:'s|’s|s)?\s+licen[cs]e\b", re.I)


def _as_permits(text: str) -> str:
    """`text` with a learner's licence named as the permit it is."""
    return _LEARNER_LICENCE.sub("learner permit", text)


def _length_of(said: str) -> str:
    found = _LENGTH_OF.search(_as_permits(said))
    return next(group for group in found.groups() if group).split()[-1] if found else ""


# How long since a licence expired, told beside how long it is valid: "valid or expired less than 1 year".
_SINCE_EXPIRED = re.compile(
    r"\b(?:or\s+)?(?:has\s+been\s+|been\s+)?expired\s+(?:for\s+)?(?:less|more|no more|not more|fewer)\s+than\b[^.;:]*",
    re.I,
)


@lru_cache(maxsize=1 << 12)
def _lasting_of(shown: str, thing: str) -> bool:
    """Whether `shown` says how long `thing` lasts, as what it does: "Points assessed under this system expire 2
    years from the date of conviction", "Points remain on your driving record for 2 years", "These restrictions are
    required for the first nine months"."""
    # (Or as what one may do with it so long: "a temporary license, which you may use for 45 days".)
    lasting = (
        r"(?:expire|expires|remain|remains|stay|stays|last|lasts|valid|good(?=\s+for)|kept|maintained|required|apply"
        r"|applies|use(?=\s+(?:it\s+)?for\b)|used(?=\s+for\b))"
    )
    # (How long since it expired is not how long it lasts: "an out-of-state license that is valid or expired less than
    # 1 year".)
    shown = _SINCE_EXPIRED.sub(" ", shown)
    # (Its lengths may follow as a list, led in by a colon: "A driver's license is valid for: 6 years if ...".)
    return bool(
        re.search(rf"\b{re.escape(thing)}s?\b[^.;:]{{0,50}}?\b{lasting}\b(?:\s+for)?:?[^.;:\d]{{0,45}}\d", shown, re.I)
    )


# A length of time a licence, permit or card is held for, by its name ("hold a valid Indiana learner's permit for at
# least 180 days"): how long it is held before the next, told of that one alone.
_HELD_FOR = re.compile(
    r"\b(?:hold|holds|held|holding|had|possess|possessed)\s+(?:[\w'’-]+\s+){0,4}?"
    # (Or a stage named by its letters: "after holding a POP for at least 12 months".)
    r"(permit|license|licence|card|endorsement|registration|privileges|(?-i:[A-Z]{2,5}))\b[^.;:]{0,12}?\bfor\s+"
    r"(?:at least\s+|a minimum of\s+|a period of\s+|up to\s+)?\d+[\s-]*(?:day|week|month|year)s?\b",
    re.I,
)


def _held_for_another(shown: str, thing: str) -> bool:
    """Whether `shown` tells a length held of another licence or card than `thing`, and of none named `thing`.

    (Driving privileges held are a licence held: "who has had valid driving privileges for at least 3 years" is how
    long a supervisor has driven, not how long anyone's licence is good for.)"""
    held = [found.group(1).lower() for found in _HELD_FOR.finditer(shown)]
    return bool(held) and thing.lower() not in held


# The licences, permits and cards a learner asks how long are good for.
_HELD_THINGS = frozenset(["permit", "license", "card", "endorsement", "registration"])

# A length of time that is no time to do or wait for anything asked: how long a licence has been expired ("a license
# that has been expired for 3 year or less"), or the size of a course ("the 33 hour driver education course").
_EXPIRED_BEFORE = re.compile(r"\bexpired\s+(?:for\s+)?(?:(?:less|more|no more|not more|fewer)\s+than\s+)?$", re.I)
_A_COURSE_AFTER = re.compile(
    r"^[\s-]*(?:[\w'’-]+\s+){0,3}?(?:course|courses|class|classes|program|programs|classroom)\b", re.I
)
_ASKED_OF_EXPIRY = frozenset(tokens("expire expired expires expiration lapsed"))
_ASKED_OF_A_COURSE = frozenset(tokens("course class classes classroom program drivers ed education school"))


def _length_of_another_kind(shown: str, words: str, asked: frozenset[str]) -> bool:
    """Whether the length `words` in `shown` is how long since something expired, or a course's size, and the question
    (its stemmed words `asked`) asks of neither."""
    at = shown.find(words)
    if at < 0:
        return False
    if _EXPIRED_BEFORE.search(shown[:at]) and not asked & _ASKED_OF_EXPIRY:
        return True
    return bool(_A_COURSE_AFTER.match(shown[at + len(words) :]) and not asked & _ASKED_OF_A_COURSE)


# What a rule says is valid or good for a time, by the licence, permit or card it names before it: "The permit will be
# valid until you obtain a driver's license or 2 years from the date it is issued".
_VALID_OF = re.compile(
    r"\b(permit|license|licence|card|endorsement|registration)s?\b[^.;:]{0,40}?"
    r"\b(?:is|are|will be|remains?|stays?)\s+(?:only\s+)?(?:valid|good)\b",
    re.I,
)


def _held_thing(thing: str) -> str:
    """`thing` as one of _HELD_THINGS ("licence" spelled "license"), or "" for none of them."""
    thing = thing.lower().replace("licence", "license")
    return thing if thing in _HELD_THINGS else ""


def _valid_for_another(shown: str, thing: str) -> bool:
    """Whether `shown` says another licence or card than `thing` is valid, and says so of none named `thing`."""
    held = _held_thing(thing)
    if not held:
        return False
    valid = {_held_thing(found.group(1)) for found in _VALID_OF.finditer(shown)}
    return bool(valid) and held not in valid


@lru_cache(maxsize=1 << 12)
def _figure_of(shown: str, thing: str, *, as_its_kind: bool = False) -> bool:
    """Whether a length of time in `shown` is told of `thing`, joined before it: "a 30-day temporary driving permit".

    `as_its_kind`: only a length written as the thing's kind, hyphenated, across up to three words of any form ("a
    60-day paper temporary driver's license"; not "180 days after the permit is issued").
    """
    if as_its_kind:
        joined = rf"\d+-(?:day|week|month|year)\b(?:\s+[\w'’-]+){{0,3}}?\s+{re.escape(thing)}s?\b"
    else:
        # (The thing itself, not a word it begins: "the first 6 months the newly licensed driver" tells no licence's
        # length.)
        joined = rf"\d+[\s-]*(?:day|week|month|year)s?\b(?:\s+[\w-]+){{0,2}}?\s+{re.escape(thing)}s?\b"
    return bool(re.search(joined, shown, re.I))


# A distance asked from the traffic coming the other way ("how much room do i need before the oncoming car"),
# and how a rule tells one from it ("no less than 200 feet from oncoming vehicles", "at least 200 feet before
# meeting an approaching vehicle").
_FROM_ONCOMING = re.compile(r"\b(?:before|from|of|to)\s+(?:the\s+|an?\s+|any\s+)?(?:oncoming|approaching)\b")
_FIGURE_FROM_ONCOMING = re.compile(
    r"\d[^.;:\d]{0,14}?\b(?:from|of|before)\s+(?:meeting\s+)?(?:the|an?|any)?\s*(?:oncoming|approaching)\b"
    # ("before an oncoming car comes within 200 feet of you")
    r"|\b(?:oncoming|approaching)\s+(?:\w+\s+){0,2}?(?:comes?|gets?|is)\s+within\s+\d",
    re.I,
)
# Passing asked of: only then is the room left before the oncoming car the room to finish a pass in (not how far
# from it to dim the high beams, which rules tell "500 feet before meeting traffic").
_PASSING_ASKED = re.compile(r"\bpass(?:es|ed|ing)?\b|\bovertak", re.I)
# The road a stopped car leaves for others, asked ("how much room do i have to leave for other cars to get by", "how
# much road do i have to leave"), and told ("at least 18 feet of road width for other traffic to pass", "where less
# than 10 feet of the width of the street remains for the free movement of traffic").
_ROAD_LEFT_ASKED = re.compile(
    r"\b(?:room|space|road|roadway|width)\b[^?.!]{0,40}?\b(?:for|so)\s+(?:the\s+)?(?:other\s+)?"
    r"(?:cars|traffic|vehicles|drivers|people)\b[^?.!]{0,30}?\b(?:pass|get by|get around|go by|get past|get through)\b"
    r"|\bhow much (?:of the\s+)?(?:road|roadway|street)\b[^?.!]{0,30}?\b(?:leave|left)\b",
    re.I,
)
_ROAD_LEFT_TOLD = re.compile(
    r"\b(?:road|roadway|street|highway)\s+width\b|\bwidth of the (?:street|road|roadway|highway)\b"
    r"|\bclear (?:road|roadway)\b|\bfor (?:the\s+)?(?:other\s+)?(?:traffic|vehicles|cars) to pass\b"
    r"|\bfree movement of traffic\b",
    re.I,
)
# How many points cost a licence, asked ("how many points can i get before they suspend my license", "ok and how many
# til they actually suspend it"): Asked.points_to_lose.
_POINTS_TO_LOSE = re.compile(
    r"\b(?:points?|how many)\b[^?.!]{0,60}?\b(?:before|until|till|til)\b[^?.!]{0,40}?\b(?:suspend\w*|revok\w*|los[et]|losing|tak(?:e|es|en)|pull\w*)\b"
    r"|\b(?:suspend\w*|revok\w*|los[et]|losing)\b[^?.!]{0,40}?\bhow many points\b",
    re.I,
)


def _far_from(said: str) -> str:
    found = _FAR_FROM.search(said)
    return found.group(1) if found else ""


@lru_cache(maxsize=1 << 12)
def _figure_from(shown: str, thing: str) -> bool:
    """Whether a figure in `shown` is told from `thing`: "18" from the curb", "within 15 feet of a hydrant"."""
    return bool(
        re.search(
            rf"\d[^.;:\d]{{0,14}}?\b(?:from|of|to)\s+(?:the|a|an|any|your)?\s*(?:\w+\s+)?{re.escape(thing)}",
            shown,
            re.I,
        )
    )


@lru_cache(maxsize=1 << 10)
def asked_for(question: str) -> Asked:
    """What the question asks for, read from its own words (Spanish through its glossary reading too).

    (Read once a question: the reranker and the answer both ask.)"""
    said = _WITH_SHORT.sub("with ", _WITHOUT_SHORT.sub("without ", " ".join(question.lower().split())))
    said = _HOWS.sub("how ", said)
    text = f"{said} {in_english(question)}" if language_of(question) == "spanish" else said
    found = [name for name, pattern in _ASKS.items() if pattern.search(text)]
    if _HOW_SOON_SAID.search(text):
        found = ["duration" if name == "speed" else name for name in found] or ["duration"]
    if "speed" in found and _HOW_FAST_NO_SPEED.search(text):
        found = [name for name in found if name != "speed"]
        if _HEAT_SAID.search(text) and "degrees" not in found:
            found.insert(0, "degrees")
    if (_WHEN_IT_ENDS.search(text) or _OLD_AND_STILL.search(text)) and "duration" not in found:
        found.insert(0, "duration")
    ahead_of_a_date = _ahead_of_a_date(text)
    if ahead_of_a_date:
        found = ["duration", *[name for name in found if name not in ("duration", "distance", "seconds", "lengths")]]
    if "duration" in found and "distance" not in found and _HOW_LONG_TO_STOP.search(text):
        found.insert(found.index("duration"), "distance")
    if "age" in found and _HOW_OLD_A_THING.search(text):
        found = ["duration", *[name for name in found if name not in ("age", "duration")]]
    if _HOW_LONG_A_THING.search(text) or (_IN_FEET_ASKED.search(text) and "duration" in found):
        # (Or told in feet at its end: "how long is a semi with its trailer, like how many feet".)
        found = ["distance", *[name for name in found if name not in ("distance", "duration")]]
    # (Not the car in front one parks behind: "parallel parking, how far from the car in front do i line up".)
    following = bool(_FOLLOWING.search(text)) and not _PARKING_SAID.search(text)
    if "seconds" in found and _COUNTED_OTHERWISE.intersection(found) and not _SECONDS_NAMED.search(text):
        # Following too closely named as the offence a count is asked of ("how many points is a ticket for following
        # too closely"): the count asked, not the seconds rule.
        found.remove("seconds")
    if "seconds" in found and "distance" not in found:
        # Seconds asked for by name ("how many seconds behind"): a distance in feet does not answer.
        found = ["seconds", *[name for name in found if name != "seconds"]]
    elif "seconds" in found or (
        following
        and (
            (
                any(cue in text for cue in ("how far", "how much", "how close", "how many"))
                # (Not where the cue asks a count of its own: "how many points ... for tailgating".)
                and not _COUNTED_OTHERWISE.intersection(found)
            )
            or "distance" in found
            # ("whats the minimum following distance in town", "whats the following distance rule they teach")
            or _FOLLOWING_DISTANCE_ASKED.search(text)
        )
    ):
        # Following distance: most manuals give it in seconds, some in feet, a few in car lengths.
        found = [
            "seconds",
            "distance",
            "lengths",
            *[name for name in found if name not in ("seconds", "distance", "lengths")],
        ]
    elif "distance" in found and _AHEAD.search(text) and not _BLIND_SPOT.search(text):
        # "How far ahead should I look": manuals answer in seconds as often as in feet. (Not where
        # a blind spot reaches: "how far back behind a semi is their blind spot" is a distance.)
        found.insert(found.index("distance") + 1, "seconds")
        if _BEHIND_ONE.search(text) and "lengths" not in found:
            # (Behind another road user, in car lengths too: "Remain 2 car lengths behind snowplow trucks".)
            found.insert(found.index("seconds") + 1, "lengths")
    if "duration" in found and "distance" not in found and _HOW_LONG_IN_A_LANE.search(text):
        # How long one may drive in a lane or on a tire is told in feet or miles as often as in time ("a vehicle
        # may not travel in this lane for more than 500 feet").
        found.insert(found.index("duration") + 1, "distance")
    # "how many hours" is a count of hours; "how long" of hours is a duration too.
    # A count of them ("how many hours") is not answered by months or days.
    if "hours" in found and "duration" not in found and not _HOW_MANY_HOURS.search(text):
        found.append("duration")
    # A speed question that also says "school zone ... what hours" still wants the speed first;
    # one that opens by asking for a kind ("what time do school zone limits start") wants that kind.
    found = list(dict.fromkeys(found))
    opening = text.lstrip("¿ ")
    leading = next((name for name in found if _ASKS[name].match(opening)), None)
    if leading is not None and not following:
        found = [leading, *[name for name in found if name != leading]]
    if found and WHAT_HAPPENS_TO_ONE_WHO.search(text) and not _A_DIGIT.search(text):
        # What happens to one who does a thing ("what happens if i get caught out after curfew", "... if i refuse
        # a bac test") asks its penalty: the kind of a time of day, a speed, a BAC or an age it names is the
        # case told, not the figure asked. (One it gives, "going over 100 mph", is the case its rule states.)
        found = [name for name in found if name in _PENALTY_KINDS]
    if "bac" in found and _CANNABIS.search(text) and not _BAC_NAMED.search(text):
        # The legal limit for weed ("is there a legal limit for weed in ur blood like there is for alcohol")
        # is no BAC: the alcohol named is only what it is set beside.
        found.remove("bac")
    if "bac" in found:
        # "legal limit" and "alcohol limit" are a BAC; a speed "limit" is not asked with them.
        found = ["bac", *[name for name in found if name not in ("bac", "speed")]]
    yes_no = (
        bool(_YES_NO.search(opening))
        and not _WH.match(opening)
        and not _WH_CLAUSE.search(opening)
        and not _HOW_MANY.search(opening)
    )
    cue = _cue_of(text)
    if cue == "action" and found and _DO_WHAT.search(text) and not _HOW_MANY.search(text):
        # Asked what to do, with a figure's kind only named ("theres a minimum speed sign and im scared to go
        # that fast, what should i do"): what to do answers, not a speed.
        found = []
    if not cue and yes_no:
        cue = "permission"
    # (A thing named for an act is no act asked of: "a handicap parking placard", "the parking brake".)
    actions = frozenset(tokens(_NAMED_FOR_AN_ACT.sub(" ", text))) & ACTIONS
    # Passing a test is no overtaking ("after i pass and get my license, how long is the paper one good for").
    a_test_passed = bool(_PASS_A_TEST.search(text)) and not _OVERTAKING.search(text)
    a_test_named = bool(_PASSED_NAMED.search(text)) and not _OVERTAKING.search(text)
    # (Nor, asked how well one must see to pass the eye test, is passing it: the standard answers, "you must meet a
    # minimum standard of 20/40 vision", whether or not it says "pass".)
    # Nor, asked how long a test passed stays good ("passed the eye exam ..., how long does the vision test count for"),
    # is passing it: "A vision test ... will be valid for one (1) year".
    if a_test_passed or (
        a_test_named
        and (passes_a_course(text) or "acuity" in found or "degrees" in found or bool(_STAYS_GOOD.search(text)))
    ):
        actions -= {"pass"}
    # Nor is being passed ("after an ambulance passes me how far back do i stay"): the asker does not pass.
    if _PASSED_BY_ANOTHER.search(text) and not _I_PASS.search(text):
        actions -= {"pass"}
    # Nor is a record that "follows me around" following anyone: it stays on the record.
    if _FOLLOWS_ONE_AROUND.search(text):
        actions -= {"follow"}
    if following:
        actions |= {"follow"}
    words = frozenset(tokens(in_digits(read_as(question))))
    if _A_CAR_COMING.search(text):
        # A car coming, with no word of its coming from behind, comes toward the learner: an oncoming one.
        words |= _ONCOMING
    if _DAYTIME_SAID.search(text):
        # Said to be by day ("its foggy but its daytime", "dusty out during the day"): a rule for the night alone is
        # the other case's (readings).
        words |= _DAYTIME
    english = language_of(question) == "english"
    wants_figure = bool(found) or bool(_ASKS_A_FIGURE.search(text))
    ages = _ages_in(text)
    passing_room = "distance" in found and bool(_PASSING_ASKED.search(said) and _FROM_ONCOMING.search(said))
    road_left = "distance" in found and bool(_ROAD_LEFT_ASKED.search(said))
    points_to_lose = "points" in found and bool(_POINTS_TO_LOSE.search(said))
    of_supervisor = bool(
        _OF_SUPERVISOR.search(text) or (_PERSON_BESIDE.search(text) and _ON_PERMIT.search(text))
    ) and not _PASSENGERS_WITH_ME.search(text)
    if of_supervisor and ages is not None and "age" not in found and _SUPERVISING_SAID.search(text):
        # Whether someone of an age told may supervise ("can my 19 year old brother supervise me"):
        # the answer is the age a supervisor must be.
        found.append("age")
        wants_figure = True
    pulled_over = bool(_PULLED_OVER.search(text))
    # A mishap told as done ("my car started sliding"), a part of the car that failed, a case supposed.
    told_as_done = bool(_TOLD_AS_DONE.search(text))
    part_failed = bool(_PART_FAILED.search(text))
    happens = bool(_ONCE_IT_HAPPENS.search(text))
    counted = _TIME_COUNTED.search(text)
    # (A later time named by its ordinal is a repeat: "just got my second speeding ticket".)
    ordinal = _ordinal_asked(text)
    # A mishap named, asked what to do then ("gas pedal stuck!! what do i do"); not how to keep it from happening.
    # (Not one that asks a figure of it with no word of what to do: "if ur car is stuck on the tracks ... how
    # much time do u have to get out" asks the seconds.)
    mishaps = _mishaps_asked(text, cue) if cue == "action" or not found else frozenset()
    vehicle_aside = _vehicle_set_aside(text)
    # (What a question sets in parentheses only gives examples of what it asks of: "how long do the new driver
    # restrictions (passengers, late night etc) last" asks of the restrictions, not of the night.)
    bare = _ASIDE.sub(" ", text)
    named_words = words if bare == text else frozenset(tokens(in_digits(read_as(bare))))
    things = _one_rider(
        tuple(
            accepted
            for named, accepted in _THINGS
            if named & (_without_training(named_words, bare) | _clock_night(bare)) and not accepted & vehicle_aside
        ),
        text,
    )
    left = _LEFT_BEHIND.search(text)
    if left:
        # Asked when one may stop using a thing for another ("at what age can my kid stop using a booster n just wear
        # the regular seatbelt"): the rule for the other answers, which need not name the one left behind.
        behind = frozenset(tokens(read_as(left.group(1))))
        kept = tuple(each for each in things if not each & behind)
        things = kept if kept else things
    if english and yes_no and words & _A_DRINK and _ALCOHOL_THING not in things:
        things += (_ALCOHOL_THING,)
    if _PARKING_LIGHTS.search(text):
        # Parking lights are a thing of their own ("is it ok to drive around at dusk with just my parking lights on":
        # "Driving with parking lights only is unlawful", or when the headlights must be on; not a rule on gates).
        things += (_PARKING_THING,)
    if _BELT_THING in things and words & _CHILDREN_NAMED:
        # A child buckled up is one in a restraint, a belt or a seat ("up to what age do kids have to be buckled
        # up": "All children under the age of 15 must wear appropriate safety restraints").
        things = tuple(_BELT_THING | _RESTRAINTS if each == _BELT_THING else each for each in things)
    if _TAGS_THING in things:
        # (The plates the glossary reads "tags" as are one of the tags' own words, not a thing besides.)
        things = tuple(each for each in things if each != _PLATE_THING)
    besides_night = bool(_BESIDES_NIGHT.search(said))
    if besides_night:
        # (The night it sets aside is no thing it asks of; nor is the hour it begins, which "when" asks otherwise:
        # "whenever you cannot see 1000 feet ahead" answers.)
        things = tuple(each for each in things if each != _NIGHT_THING)
        found = [name for name in found if name != "time"]
        wants_figure = bool(found)
    moving_in = english and bool(_MOVING_IN.search(text))
    how_early = english and (bool(_HOW_EARLY.search(text)) or ahead_of_a_date)
    # (Not an alcohol test failed: "if i fail a breathalyzer do they take my license right away" asks its penalty.)
    retake = bool(_RETAKE_ASKED.search(_FAILED_ALCOHOL_TEST.sub(" ", text)))
    retake_wait = retake and bool(_HOW_SOON_AGAIN.search(text))
    none_there = bool(_NONE_THERE.search(text))
    # The roads a speed question names, as its things (not an emergency vehicle's road: "a cop on the interstate").
    speed_roads = _roads_in(text, words) if found[:1] == ["speed"] and not words & _EMERGENCY else ()
    length_of = _length_of(said) if "duration" in found else ""
    return Asked(
        tuple(found),
        yes_no,
        ages,
        wants_figure,
        cue,
        actions,
        of_another=bool(_OF_ANOTHER.search(text)),
        of_supervisor=of_supervisor,
        how_slow=bool(_HOW_SLOW.search(text)),
        least_age="age" in found and bool(_LEAST_AGE.search(text)) and not _OF_ANOTHER.search(text),
        uncontrolled=bool(_UNCONTROLLED.search(text)),
        # (Not where a drink is kept: "an opened bottle in my backseat" asks of the bottle, not who sits there.)
        back_seat=bool(_BACK_SEAT.search(text)) and not _A_DRINK_KEPT.search(text),
        hours_kind=_hours_kind(text) if "hours" in found else "",
        pulled_over=pulled_over,
        passing_stopped=not pulled_over and bool(_A_STOPPED_ONE.search(text)),
        emergency_coming=bool(_EMERGENCY_COMING.search(text)) and not _STOPPED_SAID.search(text),
        other_bus=bool(_OTHER_BUS.search(text)) and not _SCHOOL_BUS.search(text),
        cannot_move_over=bool(_CANNOT_MOVE_OVER.search(text)),
        hands=bool(_MY_HANDS.search(text)),
        # (From the question's own words: the glossary reads "bajar", "bajo" as "get out" too.)
        leave_car=bool(_LEAVE_CAR_ASKED.search(said)),
        by_the_clock=bool(_BY_THE_CLOCK.search(text)),
        lanes_counted=bool(_LANES_COUNTED.search(text)) and not _DIVIDED.search(text),
        lanes=_lanes_of_the_road(text),
        by_how_much=bool(_BY_HOW_MUCH.search(text)),
        at_first=bool(_AT_FIRST.search(text)),
        repeat=bool(_REPEAT_ASKED.search(text)) or ordinal > 1,
        repeat_named=bool(_REPEAT_ASKED.search(_TAKE_AGAIN.sub(" ", text))) or ordinal > 1,
        ordinal=ordinal,
        refusal=bool(_REFUSAL_ASKED.search(text)) or bool(_MUST_I.search(text) and _TEST_NAMED.search(text)),
        after_first=bool(_AFTER_FIRST.search(text)),
        supposes_so=bool(_SUPPOSES.search(text)) and not _DENIED.search(text),
        not_done=_not_done(said) if english else frozenset(),
        done=_done(said) if english else frozenset(),
        how_often=bool(_HOW_OFTEN.search(text)),
        restrictions_end=bool(_ASKS_RESTRICTIONS_END.search(text)),
        drink=_drink_asked(text) if "ounces" in found else "",
        beside_a_car=bool(_BESIDE_A_CAR.search(text))
        and any(kind & words for kind in _OTHER_VEHICLES if not kind & _A_CAR),
        time_unit=counted.group(1) if counted else "",
        label=_label_asked(said) if cue == "meaning" else "",
        far_from=_far_from(said) if "distance" in found and not passing_room else "",
        passing_room=passing_room,
        road_left=road_left,
        points_to_lose=points_to_lose,
        length_of=length_of,
        good_for=bool(length_of) and bool(_GOOD_FOR.search(said)),
        # (Of a card, the card: "didnt have my insurance card on me" has insurance.)
        lacks=next((found.group(2) or found.group(1) for found in _LACKING.finditer(said)), "").lower(),
        price_of=_price_of(said) if "money" in found else "",
        test_kind=_test_kind(said),
        points_for_an_offence="points" in found and not points_to_lose and bool(_POINTS_FOR_AN_OFFENCE.search(said)),
        once_it_happens=(cue == "action" and (happens or part_failed)) or told_as_done or bool(mishaps),
        # (Being pulled over is one too: "getting pulled over, what do i do when the cop walks up".)
        mishap=told_as_done
        or part_failed
        or bool(mishaps)
        or (cue == "action" and (pulled_over or (happens and bool(_MISHAP.search(text))))),
        mishaps=mishaps,
        named_mishaps=mishaps_in(text),
        curb_colour=bool(_CURB_COLOUR.search(text)),
        owner_gone=bool(_OWNER_GONE.search(text)),
        small_crash=english and bool(_SMALL_CRASH.search(text)) and bool(_REPORT_ASKED.search(text)),
        no_one_hurt=english and bool(_NO_ONE_HURT.search(text)),
        a_death=english and bool(_A_DEATH_ASKED.search(text)),
        car_moves=english and bool(_CAR_MOVES.search(text)),
        police_told=english and bool(_POLICE_TOLD.search(text)),
        retake=retake,
        retake_wait=retake_wait,
        practice_hours="hours" in found and bool(_PRACTICE_HOURS_ASKED.search(text)),
        share=bool(_SHARE_ASKED.search(text) or _WHERE_MOST_HAPPEN.search(text)),
        course_hours="hours" in found
        and bool(_A_COURSE_NAMED.search(text))
        and not _PRACTICE_HOURS_ASKED.search(text)
        and not _COURSE_AT_THE_WHEEL.search(text),
        by_law=english and bool(_BY_LAW_ASKED.search(text)),
        none_there=none_there,
        defining=bool(_DEFINING_ASKED.search(text)),
        moving_in=moving_in,
        how_early=how_early,
        past_it=english and bool(_EXPIRED_TOLD.search(text)) and not how_early,
        under_limit=bool(_UNDER_THE_LIMIT.search(text)),
        new_address=english and bool(_NEW_ADDRESS.search(text)) and not moving_in,
        permit_kind=_permit_kind(text),
        over_by=_over_by(text) if english else None,
        going_at=_going_at(text) if english and found[:1] != ["speed"] else None,
        bought=english and bool(_BOUGHT.search(text)),
        my_act=_my_act(text) if english and yes_no else "",
        things=things
        + ((_CHILDREN,) if english and (_CHILD.search(text) or _A_YOUNG_KIN.search(text)) else ())
        + ((PASSENGERS,) if english and _FRIENDS_CARRIED.search(text) else ())
        + speed_roads
        + (
            tuple(accepted for named, accepted in _PLACES if named & words)
            + ((_A_SIGN,) if _FROM_A_STOP_SIGN.search(text) else ())
            + ((_EMERGENCY,) if _AN_EMERGENCY_VEHICLE.search(text) else ())
            if english and found[:1] == ["distance"]
            else ()
        ),
        # (Nor what it does: "the new driver rules (no friends in the car etc)" asks of no passengers.)
        doing=tuple(
            _SCHOOL_BUS_PASSED if accepted == _OVERTAKEN and _A_SCHOOL_BUS_PASSED.search(bare) else accepted
            for named, accepted, anywhere in _DOING
            if (
                (english or anywhere)
                and named.search(bare)
                and not ((a_test_passed or a_test_named) and accepted == _OVERTAKEN)
                # (Asked what happens and when the test may be taken again, "what happens if you get caught cheating
                # on the permit test, when can you retake it", the wait is what happens: no penalty's words.)
                and not (accepted == PENALTY_DOING and retake_wait)
            )
        )
        + ((_UNDERAGE,) if ages is not None and ages[1] < 21 and _ALCOHOL_NAMED & words else ())
        # What to do at a traffic stop, asked of nothing else (not "pulled over after one beer", nor
        # "a chemical test if I'm pulled over"): a rule that speaks of the officer, or of what one does
        # in the car at one (the hands, the window: a stop's list of steps often goes on without
        # naming the officer).
        # (At night it is still the stop's steps, a light inside the car among them.)
        + (
            (_AT_A_STOP,)
            if pulled_over and all(one is _NIGHT_THING for one in things) and not _TESTED.search(text)
            else ()
        ),
        words=words,
        set_aside=frozenset(tokens(" ".join(_SET_ASIDE.findall(said) + _LIKE_FOR.findall(said))))
        | (_INTERSTATE if _INTERSTATE_ASIDE.search(said) else frozenset())
        | (_GREEN if _NEVER_GREEN.search(said) else frozenset())
        | frozenset(tokens(" ".join(_NOT_THE_COLOUR.findall(said)))),
        besides_night=besides_night,
        little_one=english and bool(_LITTLE_ONE.search(text)),
        vehicle_aside=vehicle_aside,
        # (Or the limit where none is posted on a road named twice over, "some random country highway": a rule for
        # either of them, "55 mph on all roads and highways that meet no other definition", answers.)
        either=bool(re.search(r"\bor\b|\bo\b", text)) or (none_there and len(speed_roads) > 1),
        figure_helps=wants_figure or (english and (not yes_no or bool(_HOW_FAR_GONE.search(text)))),
    )


# A thing the learner sets aside, told after the thing asked of: "a license, not the permit", "but not a
# learners permit", "instead of the permit". (Not "not" of an act or a case: "if im not 18", "do i not stop".)
_SET_ASIDE = re.compile(
    r"(?:(?:,|\bbut|\band)\s+not|\binstead of|\brather than|\bother than)\s+(?:(?:the|a|an|my|ur|your|just)\s+)?"
    r"((?:[a-z]+'?s?\s+)?(?:permit|license|licence|intermediate|provisional|probationary|learners?'?s?)s?)\b"
)


# A case the question sets its own beside, as what it knows: "do i have to stop for a city bus letting people off like
# i do for school buses" asks of the city bus alone.
_LIKE_FOR = re.compile(
    r"\b(?:like|as|the way)\s+(?:i|you|u|we|they)\s+(?:do|would|have to|must|did)\s+(?:for|with|at|behind)\s+"
    r"(?:a\s+|an\s+|the\s+)?((?:[a-z]+\s+){0,1}[a-z]+)"
)


# A light that will not turn green is a red one, whatever colour the question names: "the light wont turn green,
# how long do i wait" asks of the red light that never changes.
_NEVER_GREEN = re.compile(
    r"\b(?:won'?t|will not|doesn'?t|does not|didn'?t|did not|never|isn'?t|is not|not)\s+"
    r"(?:turn(?:ing)?|chang(?:e|es|ing)|go(?:ing)?)\s+(?:to\s+)?green\b"
)
_GREEN = frozenset(tokens("green"))
# A colour the question says is not the one shown: "the school bus has the yellow lights flashing not the red ones yet".
_NOT_THE_COLOUR = re.compile(r"\bnot\s+(?:the\s+|its\s+|a\s+)?(red|yellow|amber|green)\b")


# The night set aside: "besides at night", "other than at night".
_BESIDES_NIGHT = re.compile(
    r"\b(?:besides|other than|apart from|except)\s+(?:at\s+|during\s+the\s+|for\s+|after\s+)?"
    r"(?:night\w*|dark|sunset)\b"
)
# A rule told for the night, and one that tells a case besides it (how far one can see, the weather, "whenever").
_NIGHT_TOLD = re.compile(r"\b(?:night\w*|sunset|sunrise|darkness)\b", re.I)
_NOT_ONLY_AT_NIGHT = re.compile(
    r"\b(?:visib\w*|feet|ft|weather|wipers?|rain\w*|fog\w*|snow\w*|smoke|dust|whenever|any time|at all times"
    r"|cannot see|can't see|unable to see)\b",
    re.I,
)


# Passed by another ("it passes me", "when im being passed"), and passing oneself ("can i pass", "when im passing").
_PASSED_BY_ANOTHER = _pattern(
    r"\b(?:pass(?:es|ed)?|passing|goes by|went by)\s+(?:me|us|my car|our car)\b"
    r"|\b(?:being|been|getting|get|gets|got) passed\b"
    # (Or let by: "pull over and let them pass".)
    r"|\b(?:let|letting|lets|allow|allowing)\s+(?:them|him|her|others|other cars|other drivers|traffic|cars|the cars|"
    r"vehicles|people|everyone)\s+(?:to\s+)?(?:pass|go by|by)\b"
)
_I_PASS = _pattern(r"\b(?:i|im|i'm|i am|we|u|you)\s+(?:\w+\s+){0,2}?(?:pass|passing)\b(?!\s+(?:me|us)\b)")
# A thing said to follow someone around (a ticket, a DUI): how long it stays on their record.
_FOLLOWS_ONE_AROUND = _pattern(r"\bfollows?\s+(?:me|you|u|him|her|them|us)\s+around\b")
# A test passed and done with, not a vehicle: "after i pass and get my license, how long is the paper one good
# for". (Passing the test is still what "how many tries do i get to pass the road test" asks of; "when i pass
# it" may be a motorcycle.)
_PASS_A_TEST = _pattern(
    r"\b(?:after|once|when|if|until|before)\s+(?:i|you|u|he|she|they|we)\s+pass(?:es)?\s+(?:and|then)\b"
)
# A test or a course passed, named: "can i pass the written test online", "what if i pass drivers ed?". No
# overtaking either; a rule on passing the test speaks of what it asks ("from when you passed the road test"), but
# a course passed is one completed, as the manuals say it ("180 days if successful completion of ... driver education").
_PASSING = r"\bpass(?:es|ed|ing)?\s+(?:(?:the|my|a|an|both|his|her|their|your)\s+)?(?:\w+\s+){0,2}?"
_COURSES = r"drivers?\s+ed|driver'?s?\s+(?:ed|education)|education|course|class"
_PASSED_NAMED = _pattern(
    _PASSING + r"(?:" + _COURSES + r"|tests?|exams?|examinations?|knowledge|skills?|checks?|screenings?|inspections?)\b"
)
# A test's result said to stay good (_GOOD_FOR's words, or a learner's: "how long does the vision test count for").
_STAYS_GOOD = _pattern(
    r"\b(?:test|tests|exam|exams|score|scores|results?)\s+(?:\w+\s+)?"
    rf"(?:{_GOOD_FOR_WORDS}|counts? for|count|runs? out|stays? good|(?:is|are) good)\b"
)
_COURSE_PASSED = _pattern(_PASSING + r"(?:" + _COURSES + r")\b")


def passes_a_course(question: str) -> bool:
    """Whether a question tells of passing a course ("what if i pass drivers ed?"): completing it."""
    return bool(_COURSE_PASSED.search(question))


def acts_of(text: str) -> frozenset[str]:
    """The words of a span as the acts it names: passing a course or test ("180 days if you pass an approved driver
    education course") is no overtaking."""
    words = words_of(text)
    if words & _OVERTAKEN and _PASSED_NAMED.search(text) and not _OVERTAKING.search(text):
        return words - _OVERTAKEN
    return words


# Overtaking said outright, whatever else the question passes.
_OVERTAKING = _pattern(
    r"\bovertak\w*|\bpass(?:ing)?\s+(?:on the (?:right|left)|(?:a|the|another)\s+(?:\w+\s+)?(?:car|vehicle|truck|bus))\b"
)
_OVERTAKEN = frozenset(tokens("pass passing overtake overtaking"))
# Passing a school bus is failing to stop for it: the manuals tell its penalty either way ("for failing to stop for a
# school bus with red loading/unloading lights flashing"). (Not "stop" itself: the rule to stop says nothing of
# passing, and asked the fine for passing, it would outweigh the fine told after it.)
_A_SCHOOL_BUS_PASSED = _pattern(r"\bpass\w*\s+(?:\w+\s+){0,3}?(?:school|church)\s+bus")
_SCHOOL_BUS_PASSED = _OVERTAKEN | frozenset(tokens("fail failing failure"))
# A word a question sets aside: "(not the motorcycle one)", "not for a bus".
_NOT_THE = re.compile(r"\bnot\s+(?:the\s+|a\s+|an\s+|for\s+(?:the\s+|a\s+|an\s+)?)?([a-z-]+)", re.I)


def _vehicle_set_aside(text: str) -> frozenset[str]:
    """The words of each kind of vehicle (_OTHER_VEHICLES) a question sets aside ("not the motorcycle one")."""
    aside: frozenset[str] = frozenset()
    for match in _NOT_THE.finditer(text):
        said = frozenset(tokens(match.group(1)))
        aside = aside.union(*(kind for kind in _OTHER_VEHICLES if kind & said))
    return aside


# A "biker" (the glossary reads it as a bicyclist or a motorcyclist) is one rider of either kind.
_BIKER = re.compile(r"\bbikers?\b", re.I)
_RIDERS_NAMED = frozenset(tokens("motorcyclist bicyclist"))


def _one_rider(things: tuple[frozenset[str], ...], text: str) -> tuple[frozenset[str], ...]:
    """The things a question names, a biker's two readings made one thing a rule may name either way."""
    if not _BIKER.search(text):
        return things
    kinds = [accepted for named, accepted in _THINGS if named & _RIDERS_NAMED]
    if not all(kind in things for kind in kinds):
        return things
    return (*(each for each in things if each not in kinds), frozenset().union(*kinds))


# A highway told by its lanes ("a 2 lane highway") is a two-lane road, whatever a rule calls it.
_TWO_LANE = _pattern(r"\b(?:2|two)[\s-]*lanes?\s+(?:highway|highways)\b")
_HIGHWAY = frozenset(tokens("highway highways"))
_UNDIVIDED = frozenset(tokens("undivided"))


# A vehicle one slows down or moves over for: the rule for it holds on whatever road it stands.
_EMERGENCY = frozenset(tokens("emergency police cop cops officer ambulance fire firetruck tow wrecker"))


def _road_words(text: str, words: frozenset[str]) -> frozenset[str]:
    """The words a question names its road by: a two-lane highway is named by its lanes."""
    return (words - _HIGHWAY) | _UNDIVIDED if _TWO_LANE.search(text) else words


# A time of night by the clock ("at 1am", "11:30 pm", "midnight") names the night.
# A time by the clock, as a question or a rule says it ("1am", "11:30 pm", "6:00 a.m.").
_CLOCK_TIME = r"(?:1[0-2]|0?[1-9])(?::[0-5]\d)?\s*(?:am|a\.m\.?|pm|p\.m\.?)(?!\w)"
_CLOCK = _pattern(rf"\b{_CLOCK_TIME}|\bmidnight\b")
_NIGHT = frozenset(tokens("night"))
# What "a.m." and "p.m." leave as words.
_CLOCK_LETTERS = frozenset(["a", "m", "p"])


# Hours a rule counts at night only: "10 hours of driving between sunset and sunrise", "10 hours at night"
# (not "50 hours, 10 of them at night": the whole comes first there).
_NIGHT_HOURS = re.compile(
    r"^(?!.*\b\d+\s+(?:hours|hrs)\b.*\b\d+\s+(?:hours|hrs)?\b).*\b\d+\s+(?:hours|hrs)\b[^.;]{0,30}"
    r"\b(?:at night|night(?:time)?|between sunset and sunrise|after (?:dark|sunset)|in darkness)\b",
    re.I,
)
_NIGHT_NAMED = frozenset(tokens("night nighttime dark darkness sunset sunrise"))


def _clock_night(text: str) -> frozenset[str]:
    """The night's own word, when the question names a time of night by the clock."""
    for match in _CLOCK.finditer(text):
        said = match.group(0).lower()
        told = re.match(r"\d+", said)
        if told is None:
            return _NIGHT
        hour = int(told.group(0))
        # (Twelve in the morning is midnight: "between 12:00 a.m. and 6:00 a.m.")
        if ("p" in said and 9 <= hour < 12) or ("a" in said and (hour <= 5 or hour == 12)):
            return _NIGHT
    return frozenset()


# Who else a question may ask about: the one who supervises a learner.
# The one who rides beside a learner, named so: "be the one in the passenger seat".
_THE_ONE_BESIDE = r"\bthe one (?:in the (?:passenger|front)(?: seat)?|riding (?:with|next to) me)\b"
# Who supervises a learner, asked of: riding with someone, not "ride with just a regular seat belt".
_SUPERVISOR_ASKED = (
    r"\bsupervis\w*|\baccompan\w*|\badults?\b|\bride (?:along )?with (?:me|you|him|her|them)\b|\bride along\b"
    r"|\bteach\w*|\binstructor|\bacompa[nñ]\w*"
    r"|\b(?:riding|rides|sitting|sits|drives?|driving|be|is|are) (?:in the car |up front |shotgun |in (?:the )?front (?:seat )?)?with me\b"
    r"|\bin the car with me\b"
    r"|\b(?:next to|beside) me\b"
    # "who has to be in the car when i drive on my learner permit"
    r"|\bwho (?:has|have|needs?|must|is supposed) to (?:be|ride|sit) (?:in the car|with me|beside|next to|in the front)"
    # "can my 19 yr old brother be the one in the passenger seat" (on a permit)
    rf"|{_THE_ONE_BESIDE}"
)
_OF_SUPERVISOR = _pattern(_SUPERVISOR_ASKED)
# Or whoever rides beside a learner on a permit, told as a person ("the person in the passenger seat when im
# on my permit"): the supervisor. (Not without the permit: "does the person in the front seat need a belt".)
_PERSON_BESIDE = _pattern(
    r"\bthe (?:person|adult|driver|guy|lady) (?:in the (?:passenger|front)(?: seat)?|riding (?:with|next to|beside) me)\b"
)
_ON_PERMIT = _pattern(r"\b(?:permit|learner'?s?|instruction)\b")
# Supervising said in so many words: not riding along, which a passenger does too.
_SUPERVISING_SAID = _pattern(
    r"\bsupervis(?:e|es|ing)\s+(?:me|you|him|her|them|us)\b|\bsupervisors?\b|\b(?:my|the|a|as) supervis\w*"
    r"|\bteach(?:es|ing)?\s+(?:me|you|him|her|them|us)\b|\baccompan\w*\s+(?:me|you|him|her|them|us)\b|\binstructor"
    rf"|{_THE_ONE_BESIDE}"
)
# Passengers who ride with the learner ("the kids riding with me"): no supervisor.
_PASSENGERS_WITH_ME = _pattern(
    r"\b(?:kids?|children|child|passengers?|friends?|bab(?:y|ies)|siblings?|brothers?|sisters?)\s+(?:\w+\s+){0,2}?"
    r"(?:riding|rides|sitting|sits|are|is)\s+(?:in the car\s+)?with me\b"
    # Or another car beside the learner's ("the car in the lane next to me").
    r"|\b(?:cars?|vehicles?|trucks?|lanes?|bikes?|drivers?)\s+(?:\w+\s+){0,4}?(?:next to|beside) me\b"
)
# Whoever else rides along: the supervisor, or a passenger up front (a child in the front seat).
_OF_ANOTHER = _pattern(
    _SUPERVISOR_ASKED + r"|\bride (?:with|along)\b|\bsit (?:with|next)\b|\b(?:front|passenger) seat\b|\bwho can\b"
)
# A question about the least age for a permit or licence, not until when a rule holds.
_LEAST_AGE = _pattern(
    r"^(?!.*\b(?:until|till|stop|anymore|no longer|older than)\b)"
    r"(?=.*\b(?:permit|license|licence|licencia|permiso|drive|driving)\b)"
    r".*\b(?:how old|what age|at what age|minimum age|old enough|youngest|a qu[eé] edad|edad m[ií]nima)\b"
)
# An intersection with no signs or signals ("no stop signs or lights", "uncontrolled").
_UNCONTROLLED = _pattern(
    # (Not a sign that forbids a turn: "no sign forbids it" speaks of a turn on red.)
    r"\bno (?:stop |traffic |yield )?(?:signs?|signals?|lights?)\b(?!\s+(?:forbid\w*|prohibit\w*|says?|saying)\b)"
    r"|\bwithout (?:any )?(?:stop |traffic )?(?:signs?|signals?|lights?)\b"
    r"|\buncontrolled\b|\bnothing (?:telling|controlling)\b"
)
# A course's hours of two kinds, each as a question or a rule names it: in the classroom, or at the wheel.
HOURS_KINDS: dict[str, re.Pattern[str]] = {
    # (Not a class of licence: "a Class D license".)
    "classroom": _pattern(r"\bclassroom\b|\bin class\b|\bclass (?:time|hours?|instruction|sessions?)\b"),
    "wheel": _pattern(r"\bbehind[- ]the[- ]wheel\b"),
}


def _hours_kind(text: str) -> str:
    """The one kind of hours (HOURS_KINDS) `text` names, or "" for none or both."""
    named = [kind for kind, pattern in HOURS_KINDS.items() if pattern.search(text)]
    return named[0] if len(named) == 1 else ""


def _hours_of_kind(shown: str, kind: str) -> int:
    """1 where `shown` joins a count of hours to `kind` ("30 hours of classroom study", "classroom instruction of
    30 hours"), -1 where it counts hours and never names it ("40 hours of driving practice"), 0 otherwise."""
    named = HOURS_KINDS[kind].pattern
    joined = (
        rf"\d+\s*(?:hours?|hrs?)\s+(?:of\s+)?(?:[\w-]+\s+){{0,2}}?(?:{named})"
        rf"|(?:{named})\s+(?:[\w-]+\s+){{0,3}}?\d+\s*(?:hours?|hrs?)\b"
    )
    if re.search(joined, shown, re.I):
        return 1
    return 0 if HOURS_KINDS[kind].search(shown) else -1


# The back seat by name ("back seat", "backseat", "rear seat"), in a question or a rule.
_BACK_SEAT_NAMED = r"\b(?:back|rear)[- ]?seats?\b"
# The back seat, as a learner names it ("ppl in the back", "backseat", "los de atrás").
_BACK_SEAT = _pattern(
    _BACK_SEAT_NAMED + r"|\bin (?:the )?back\b(?! of)|\basientos? (?:de )?atr[aá]s\b"
    r"|\basientos? traseros?\b"
    # Or asked beside the front alone: "does everyone have to wear one or just the front", "is it just the driver
    # who has to or everyone".
    r"|\b(?:or|not) (?:just|only) (?:the )?(?:driver|front)\b|\b(?:just|only) the (?:driver|front)\b[^.?!]{0,40}\bor (?:everyone|everybody|all)\b"
    # Those who ride in the back, not "la parte de atrás" of the car.
    r"|\b(?:pasajeros?|los|las|ni[nñ]os?|personas?|amigos?|van|ir|sentad[oa]s?|viajan?)\s+(?:de |en el )?atr[aá]s\b"
)
# A rule for the front seat alone ("the driver and front-seat passenger must wear a belt") ...
_FRONT_SEAT = re.compile(r"\bfront[- ]seats?\b|\bin the front\b", re.I)
# ... unless it speaks of the back seat too, or of every seat or rider, or of children wherever they
# sit (_CHILDREN_TOO).
_EVERY_SEAT = re.compile(
    _BACK_SEAT_NAMED + r"|\ball (?:(?:available|your|the|other) )?(?:seating|seats|positions|occupants|"
    r"passengers|riders|persons|people)|\bevery(?:one|body| occupant| passenger| person| rider)|\b(?:any|every) seat"
    r"|\bregardless of\b",
    re.I,
)
# Every seat or everyone named as such ("regardless of whether the passenger is in the front seat or
# back seat", "every person"): asked of the back seat, such a rule says so outright, and reads better
# than "make sure all your passengers buckle up".
_SEATS_NAMED = re.compile(
    _BACK_SEAT_NAMED + r"|\ball (?:(?:available|the|other) )?(?:seating|seats)\b|\b(?:any|every) seat"
    r"|\bregardless of\b|\bevery (?:person|occupant)\b|\beveryone\b|\ball occupants\b",
    re.I,
)
# The back seat told of (an age for riding there), and the front seat asked of ("sit up front", "ride shotgun").
_BACK_SEAT_TOLD = re.compile(_BACK_SEAT_NAMED, re.I)
_FRONT_WORDS = frozenset(tokens("front shotgun"))
# Children wherever they sit ("front seat passengers and children under 18").
_CHILDREN_TOO = re.compile(r"\bchild|\bunder (?:the )?(?:age )?(?:of )?\d", re.I)
# Those a rule on belts is for: a rule that names none ("sit all the way back in the seat") is no answer.
_RIDERS = re.compile(
    r"\bpassengers?\b|\boccupants?\b|\beveryone\b|\beverybody\b|\bevery (?:person|rider)\b|\ball (?:persons|people|riders)\b"
    r"|\bchild|" + _BACK_SEAT_NAMED + r"|\briders?\b|\bpersons?\b",
    re.I,
)


# A drink's open container, named as what is kept somewhere in the car (not a friend who drinks a beer back there).
_A_DRINK_KEPT = _pattern(r"\b(?:bottles?|containers?|cans? of|open(?:ed)?)\b")


def _not_for_the_back_seat(text: str) -> bool:
    """Whether a rule does not answer of those in the back seat: it is the front seat's alone, or names no rider."""
    front_only = _FRONT_SEAT.search(text) and not (_EVERY_SEAT.search(text) or _CHILDREN_TOO.search(text))
    return bool(front_only) or not _RIDERS.search(text)


# A curb told by its colour ("a red curb", "the curb is painted yellow").
_CURB_COLOUR = re.compile(
    r"\b(?:red|yellow|white|blue|green|painted)\s+(?:painted\s+)?curbs?\b|\bcurbs?\s+(?:is\s+|are\s+)?(?:painted\s+)?"
    r"(?:red|yellow|white|blue|green)\b",
    re.I,
)
_COLOUR = re.compile(r"\b(?:red|yellow|white|blue|green)\b", re.I)
_OF_A_LIGHT = re.compile(r"^[^.;]{0,25}?\b(?:lights?|signals?|arrows?|beacons?)\b", re.I)


def _tells_curb_colours(text: str) -> bool:
    """Whether a rule names a curb and a colour that is not a light's ("Red means no stopping")."""
    return bool(re.search(r"\bcurbs?\b", text, re.I)) and any(
        not _OF_A_LIGHT.match(text[colour.end() :]) for colour in _COLOUR.finditer(text)
    )


# A rule for a 4-way (all-way) stop.
_ALL_WAY_STOP = re.compile(r"\b(?:4|four|all|multi)[- ]way\b", re.I)
# An upper bound on an age ("under 18", "younger than 21").
# An age no one below may do a thing: "No one under 16 years old can operate a farm tractor".
_NONE_UNDER = re.compile(
    r"\b(?:no one|nobody|no person|no driver|no child|none)\s+(?:(?:\w+\s+)?(?:under|younger than|less than|below)\s*)?$",
    re.I,
)
_UPPER_AGE = re.compile(
    r"^(?:under|younger than|less than|below)\b|\b(?:under|younger than|less than|below|before)\s*$"
    r"|\b(?:until|till)\s+(?:(?:they|you|he|she|the driver)\s+(?:are|is|turns?|reach(?:es)?)\s+)?(?:age\s+)?$"
    # "expire on the minor's 18th birthday": when it ends.
    r"|\b(?:expires?|ends?)\s+(?:on|at)\s+(?:(?:the|your|their|his|her)\s+)?(?:[\w-]+['’]s\s+)?$",
    re.I,
)
# A question asking by how much to change a speed, and the words around a speed that tell such a change.
_BY_HOW_MUCH = _pattern(
    r"\bhow much (?:\w+ ){0,4}?(?:slower|faster|slow|below|under|over|above|lower|higher|less|reduced)\b|\bby how much\b"
    # How far over the limit ("how many mph over the limit ... suspended", "how fast over the limit").
    r"|\bhow (?:many (?:mph|miles per hour|miles an hour)|fast|far|much) (?:\w+ ){0,2}?(?:over|above|under|below) "
    r"(?:the |a )?(?:posted |speed )?(?:limit|speed)\b"
    r"|\bcu[aá]nto (?:baja|bajan|menos|m[aá]s bajo|reduc\w*)\b"
)
# (A range's far end too: "Reduce speed by at least 5-10 mph".)
_CHANGE_BEFORE = re.compile(
    r"\b(?:reduc\w*|by|slow\w*(?: down)?(?: by)?|cut|drop)\s+(?:\w+\s+){0,3}?(?:\d+\s*(?:-|–|to\s)\s*)?$", re.I
)
_CHANGE_AFTER = re.compile(
    r"^\s*(?:or more\s+|or less\s+)?(?:below|under|over|above|slower|faster|less|more|lower|higher)\b", re.I
)
_CHANGE_IN = re.compile(r"\b(?:below|under|over|above)\b", re.I)
# A speed told as a change from the limit ("10 mph below the posted speed limit"), not "55 mph under favorable
# conditions".
_CHANGE_FROM_THE_LIMIT = re.compile(
    r"^\s*(?:or more\s+|or less\s+)?(?:below|under|over|above|slower than|faster than|less than|more than|lower than|"
    r"higher than)\s+(?:the\s+|a\s+|any\s+)?(?:(?:posted|normal|maximum|established|legal|regular|usual)\s+)*"
    r"(?:speed\s+)?(?:limits?|speed)\b",
    re.I,
)
# The first days of a permit or licence, asked of; a later period of it, told by a rule.
_AT_FIRST = _pattern(
    r"\bas soon as\b|\bright away\b|\bjust (?:got|get|gotten)\b|\bat first\b|\bstraight away\b|\bfirst (?:day|week|few)\b"
)
_LATER_PERIOD = re.compile(
    r"\b(?:second|third|fourth|last|remaining|next)\s+(?:\(?\w+\)?\s+){0,2}?(?:months?|weeks?|year|period)\b"
    r"|\bafter (?:holding|having held|you(?:'ve| have) (?:held|had))\b|\bafter the first\b",
    re.I,
)
# How long one may drive in something or on it: "how long can i drive in the middle turn lane".
_HOW_LONG_IN_A_LANE = _pattern(
    r"\bhow long (?:can|may|could|should|am|is) (?:i|you|u|we|one) (?:\w+ ){0,2}?(?:drive|travel|go|ride)\s+"
    r"(?:in|on|along|down) (?:the|a|that|this|my|your) (?:\w+ ){0,3}?(?:lane|spare|donut|shoulder|tire)\b"
)
# Doing it again, asked of; a penalty for a second or later offence alone, told by a rule ("Maximum
# $110 fine for second and subsequent offenses"), not one that gives the first's beside it.
_REPEAT_ASKED = _pattern(
    r"\bagain\b|\btwice\b|\b(?:second|third|2nd|3rd|next|another) (?:one|time|offen[cs]e|ticket|dui|dwi|owi|conviction|violation"
    r"|attempt|try)"
    r"|\b(?:2|3|4|two|three|four) (?:times|attempts|tries)\b"
    r"|\brepeat|\bsubsequent\b|\bprior\b|\bprevious\b|\bmore than once\b|\bsegunda vez\b|\botra vez\b"
    # ("what if i keep failing it?")
    r"|\b(?:keep|kept|keeps)\s+(?:on\s+)?(?:failing|flunking|getting|doing)\b"
    # ("what if its not my first time refusing")
    r"|\b(?:not|isn'?t|wasn'?t|aint)\s+(?:my|the|your|their|his|her|a)\s+first\b"
)
# A time named by its ordinal: "my 2nd ticket", "a third DUI offense", "the FIRST offense".
_ORDINAL_NUMBER = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4}
_ORDINAL_WORD = r"(first|second|third|fourth|1st|2nd|3rd|4th)"
_TIME_NAMED = (
    r"(?:offen[cs]es?|tickets?|times?|violations?|convictions?|citations?|infractions?|dui|dwi|owi|oui|ovi|"
    r"suspensions?|refusals?|arrests?|possession|mip)\b"
)
# (Up to three words between: "his 3rd minor in possession".)
_ORDINAL_TIME = re.compile(rf"\b{_ORDINAL_WORD}\s+(?:[\w-]+\s+){{0,3}}?{_TIME_NAMED}", re.I)
# And every time from one on: "a second or subsequent offense", "A FOURTH or MORE offenses".
_ORDINAL_ON = re.compile(rf"\b{_ORDINAL_WORD}\s+(?:or|and)\s+(?:any\s+)?(?:subsequent|more|later)\b", re.I)


def _ordinal_asked(text: str) -> int:
    """The time a question names by its ordinal (the last it names: a follow-up's comes after the thread's)."""
    found = _ORDINAL_TIME.findall(text)
    return _ORDINAL_NUMBER[found[-1].lower()] if found else 0


@lru_cache(maxsize=1 << 12)
def _ordinals_told(text: str) -> tuple[frozenset[int], int]:
    """The times a rule names by their ordinals, and the first from which it names every one after (0: none)."""
    named = frozenset(_ORDINAL_NUMBER[each.lower()] for each in _ORDINAL_TIME.findall(text))
    onward = [_ORDINAL_NUMBER[each.lower()] for each in _ORDINAL_ON.findall(text)]
    return named, min(onward, default=0)


# A rule that opens on its yes or no ("Yes: ...", "No, ..."): a card's answer to a yes/no question.
_SAYS_YES_OR_NO = re.compile(r"(?:yes|no)\b\s*[:,.;—-]", re.I)
# Taking a test again, which is no repeat of a failure: "how long do i have to wait to take it again".
_TAKE_AGAIN = _pattern(r"\b(?:take|try|retake|redo|do|schedule|go|sit)\b(?:\s+[\w']+){0,3}?\s+again\b")
_REPEAT_RULE = re.compile(
    r"\b(?:second|third|fourth|2nd|3rd|4th|subsequent|repeat)\s+(?:(?:and|or)\s+(?:subsequent|later|third|more)\s+)?"
    r"(?:offen[cs]es?|convictions?|violations?|offenders?|DUIs?|DWIs?|OWIs?)\b"
    # "For 2 years if, there were 2 or more DUI or drug-related revocations".
    r"|\b(?:2|two|3|three) or more\s+(?:[\w-]+\s+){0,3}?"
    r"(?:offen[cs]es?|convictions?|violations?|DUIs?|DWIs?|OWIs?|revocations?|suspensions?)\b"
    # "For 1 year, if there was a prior DUI or drug-related revocation", "if you have been previously convicted".
    r"|\b(?:a|any|one)\s+prior\s+(?:[\w-]+\s+){0,3}?"
    r"(?:offen[cs]es?|convictions?|violations?|DUIs?|DWIs?|OWIs?|revocations?|suspensions?)\b"
    r"|\bpreviously (?:been )?convicted\b",
    re.I,
)
# A test failed a second or later time ("Upon failure of a third driving skills exam", "on your second attempt"):
# a repeat's rule too, where the span tells of failing.
_LATER_ATTEMPT = re.compile(
    # ("If you fail to pass the 4th time, you will be required to wait 6 months")
    r"\b(?:second|third|fourth|2nd|3rd|4th|subsequent)\s+(?:[\w-]+\s+){0,3}?(?:attempts?|tries|exams?|tests?|failures?|time)\b",
    re.I,
)
_FAILING_SAID = re.compile(r"\bfail", re.I)
# An aside in parentheses: "(2 years with a previous OWI conviction)" after the rule for a first refusal.
_ASIDE = re.compile(r"\([^()]*\)")
_FIRST_OFFENCE = re.compile(
    # ("For a first speeding offense, you will be suspended for 90 days; for a subsequent offense, ... 1 year".)
    r"\b(?:first|1st)(?:[\s-]+time)?[\s-]+(?:[a-z]+\s+)?(?:offen[cs]es?|convictions?|violations?|offenders?|citations?)\b"
    r"|\bfirst[\s-]time\b",
    re.I,
)
# Refusing a test, asked of; a rule for one who refuses, told ("If you are arrested for DUI and refuse a
# chemical breath test, your license will be suspended"), which a first DUI's penalty is not.
_REFUSAL_ASKED = _pattern(
    r"\brefus\w*|\bdeclin\w*|\bsay no\b|\b(?:don'?t|do not|won'?t|will not|not) (?:take|blow|do|submit)"
    r"|\bnegar\w*|\bnieg\w*|\brechaz\w*"
)
# Or asked whether one must take it at all ("if a cop asks me to do a breath test do i actually have to",
# "can they make me blow"): what refusing costs is its answer.
_MUST_I = _pattern(
    r"\b(?:do|must|would|will) (?:i|you|u|we) (?:actually |really |legally |even |still )?(?:have to|need to|gotta|hafta)\b"
    r"|\b(?:is it|is that|are they) (?:mandatory|optional|required)\b|\bcan (?:they|he|she|the cops?|police) (?:make|force) me\b"
)
_TEST_NAMED = _pattern(r"\b(?:breath|breathalyzer|blood|chemical|bac|sobriety|alcohol)\b[^.?]{0,20}\btests?\b|\bblow\b")
# A rule whose condition is drinking ("If your chemical test shows a BAC of 0.08 percent or more, your
# license will be suspended for 90 days") answers no question that speaks of neither drink nor drugs
# (how long a licence is suspended for driving after curfew). Nor one told of drinking laws ("Regarding Maine's
# OUI laws, all licenses issued to minors are ... subject to immediate suspension").
_DRINK_CONDITION = re.compile(
    # (Or of the offences it is told for: "Convictions related to DUI ... stay on your record for 7 years".)
    r"(?<!\bno )\b(?:convictions?|arrests?)\s+(?:of|for)\s+(?:a\s+)?(?:dui|dwi|owi|oui|ovi|drunk)\b"
    r"|\b(?:if|when|who|whose|regarding|related to|relating to|involving)\b[^.;:]{0,80}?\b(?:bac|blood alcohol|alcohol|chemical test|breath test|dui|dwi|owi|oui"
    r"|intoxicat\w*|under the influence|impaired|drunk|drink|drinking|drugs?|(?-i:AC))\b"
    # (Or a span the page cut after its condition, that opens on it: "Alcohol Concentration shall be guilty of a
    # Class B misdemeanor, fined not less than $500".)
    r"|^\W*(?:\w+\W+){0,3}?(?:alcohol concentration|blood alcohol|bac)\b",
    re.I,
)
_DRINK_ASKED = frozenset(
    tokens(
        "alcohol alcoholic drink drinks drinking drank drunk beer beers wine liquor shot shots bac dui dwi owi oui "
        "breath breathalyzer chemical intoxicated impaired influence buzzed tipsy drug drugs marijuana weed high "
        "stoned pot cannabis test blow blew interlock sobriety consent"
    )
)
_REFUSAL_RULE = re.compile(
    r"\b(?:if|when|who|that|for|upon)\b[^.;:]{0,60}?\brefus\w*"
    # Or one whose subject is the refusal: "Refusing the test may get your license revoked for 1, 2 or 4 years".
    r"|^(?:[A-Z][\w ,'-]{0,40}:\s*)?(?:a |your |the )?(?:refusing|refusal)\b",
    re.I,
)
# A refusal told as a case beside an offence, first or not ("if you are convicted of a First Offense DUI ... AND you
# refused the breath or chemical test, a 90-day license suspension ..."): a refusal's rule too.
_REFUSED_TOO = re.compile(r"\band\s+(?:you|he|she|they|the driver|the person)\s+(?:also\s+)?refus\w*", re.I)
# A refusal told as the other case beside a test failed ("if a test shows that you have a blood alcohol content of .08
# or more or if you refuse the test"): the rule is for both.
_OR_REFUSED = re.compile(
    r"\bor\s+(?:if\s+|when\s+)?(?:you|he|she|they|the driver|a driver|the person|a person)\s+refus\w*", re.I
)
# After the first months, asked of; the first months alone, told by a rule.
_AFTER_FIRST = _pattern(
    r"\bafter (?:the |my |your )?first\b|\bonce (?:the |my )?first\b"
    # "ok and the 6 months after that?", "what about the second six months"
    r"|\b(?:months?|weeks?|year) after (?:that|those|it)\b"
    r"|\bthe (?:second|next|remaining|last) (?:[\w()]+ ){0,2}?(?:months?|weeks?|year|period)\b"
)
_FIRST_PERIOD = re.compile(r"\b(?:for|during|in|within) (?:the )?first\b", re.I)
# What to do once something happens, asked; how to keep it from happening, told.
_ONCE_IT_HAPPENS = _pattern(
    r"^(?!.*\b(?:avoid|prevent|keep from|stop from)\b).*(?:\b(?:if|when)\b"
    # Or that tells it as done ("my car stalled on the tracks, what do I do").
    r"|\b(?:my|our|the|ur) (?:car|vehicle|truck)\s+(?:just\s+)?(?:stalled|died|got stuck|is stuck|broke down|started)\b"
    # Or that asks how to come out of one ("how do you get out of a skid", "what to do in a skid").
    r"|\b(?:(?:get|getting|come|coming|pull|pulling) out of|recover\w* from|correct\w*|(?:in|during) (?:the middle of )?)"
    r"\s*(?:a|an|the|ur|your|my) (?:skid|slide|spin|hydroplan\w*)\b)"
)
# The owner of what one hit is not there, told: "nobody was there", "the owner isnt around", "cant find the owner".
_OWNER_GONE = _pattern(
    r"\b(?:owner|owners|nobody|no one|noone|nobodys|no body)\s+(?:\w+\s+)?(?:isnt|is not|wasnt|was not|isn't|wasn't|"
    r"not|aint|is|was|'s)?\s*(?:around|there|home|in it|anywhere)\b"
    r"|\b(?:cant|can't|cannot|couldnt|couldn't|could not|can not|unable to)\s+(?:find|locate|see)\s+(?:the|its|their)\s+owner"
)
# A crash told as small ("a small fender bender", "nobody got hurt", "just dented someones car").
_SMALL_CRASH = _pattern(
    r"\b(?:small|minor|little|tiny|slight|lil)\s+(?:\w+\s+)?(?:accident|crash|wreck|collision|fender[- ]?bender|bump)"
    r"|\bfender[- ]?bender|\b(?:nobody|no one|noone|no body)\s+(?:\w+\s+)?(?:hurt|injured)\b|\bno\s+(?:one\s+)?injur"
    r"|\b(?:just|only)\s+(?:a\s+)?(?:dent\w*|scratch\w*)"
    # "theres a little damage", "if i bump into someone": a small crash told by its damage, or as a bump.
    r"|\b(?:small|minor|little|tiny|slight|lil)\s+(?:bit\s+of\s+)?(?:damage|dent|dents|scratch|scratches)\b"
    r"|\bbump(?:ed|s)?\s+(?:into|in to)\b"
)
# A crash told as one no one was hurt in; and a rule told for a crash where someone was (not one that gives the damage
# that needs a report beside: "if anyone is injured or killed, or property damage is $500 or more").
_NO_ONE_HURT = _pattern(
    r"\b(?:nobody|no one|noone|no body|nobodys|nobody's)\s+(?:was\s+|got\s+|is\s+|were\s+|s\s+|gets\s+)?(?:hurt|injured)\b"
    r"|\bno\s+(?:one\s+)?injur(?:ed|ies|y)\b|\b(?:without|with no)\s+injur(?:ies|y)\b"
)
# A death, as a question tells of one and as a rule does.
_A_DEATH_ASKED = _pattern(
    r"\bkill(?:s|ed|ing)?\s+(?:someone|somebody|anyone|anybody|a person|people|him|her|them|a pedestrian|a kid|a child)\b"
    r"|\b(?:someone|somebody|anyone|anybody|a person|the person|he|she|they|pedestrian|kid|child)\s+(?:\w+\s+)?"
    r"(?:dies|died|die|gets killed|got killed|is killed|was killed)\b"
    r"|\b(?:fatal|deadly)\s+(?:crash|accident|wreck|collision)\b|\bsomeone'?s death\b"
)
# Harm named in a question, and a penalty told for harm caused.
_HARM_WORDS = frozenset(
    tokens("injury injuries injured injure hurt hurts harm harmed death dead dies died die kill killed kills fatal")
)
_HARM_CAUSED = re.compile(
    r"\b(?:caus\w*|result\w*\s+in|involv\w*|there\s+is|lead\w*\s+to)\s+(?:an?\s+)?(?:serious\s+)?(?:bodily\s+)?"
    r"(?:injury|injuries|death|deaths)\b",
    re.I,
)
_A_DEATH_TOLD = re.compile(r"\b(?:death|deaths|dies|died|killed|fatal(?:ity|ities)?|homicide|manslaughter)\b", re.I)
_AN_INJURY_TOLD = re.compile(r"\binjur(?:y|ies|ed|ing)\b|\bhurt\b", re.I)
_SOMEONE_HURT_CASE = _pattern(
    r"^(?:if|when)\s+(?:someone|anyone|somebody|anybody|a person|people)\s+(?:is|are|was|were|has been|have been|gets?)\s+"
    r"(?:\w+\s+)?(?:injured|hurt|killed)\b"
    r"|\b(?:crash|accident|collision)\s+(?:where|in which)\s+(?:someone|anyone|a person|somebody)\s+(?:is|was|has been)\s+"
    r"(?:\w+\s+)?(?:injured|hurt|killed)\b"
)
# A car told as one that still drives; and a rule for one that cannot be moved.
_CAR_MOVES = _pattern(
    r"\b(?:car|cars|vehicle|vehicles|it|they|truck)\s+(?:still|can still)\s+(?:drives?|runs?|works?|moves?|be driven|be moved)\b"
    r"|\b(?:car|cars|vehicle|vehicles)\s+(?:are|is)\s+(?:still\s+)?(?:drivable|driveable)\b"
)
_CANNOT_BE_MOVED = _pattern(r"\b(?:cannot|can't|can not|unable to|could not)\s+(?:be\s+)?(?:move|moved|driven|drive)\b")
# Points taken off a record, and a question's words for doing so.
_POINTS_TAKEN_OFF = re.compile(
    r"\bpoints?\s+(?:may|will|can|shall|are|is|to)?\s*(?:be\s+)?(?:removed|deducted|taken off|reduced|credited|subtracted)\b"
    r"|\b(?:remove|removes|removed|reduce|reduces|deduct|deducts|take off|subtract)\s+(?:up to\s+)?(?:\w+\s+){0,2}points?\b"
    r"|\bpoints?\s+(?:credit|reduction|removal)\b",
    re.I,
)
_TAKING_POINTS_OFF = frozenset(
    tokens("remove removed removing reduce reduced reducing off course class school defensive deduct credit lower rid")
)
# Asked of telling the police themselves; and whether or when a crash must be reported at all.
_POLICE_TOLD = _pattern(
    r"\b(?:call|calling|contact|notify|phone|get|tell|report\w*(?:\s+\w+){0,2}?\s+to)\s+(?:the\s+)?"
    r"(?:cops?|police|911|9-1-1|law enforcement|sheriff)\b"
)
_REPORT_ASKED = _pattern(rf"\breport\w*|{_POLICE_TOLD.pattern}")
# A rule that says how much damage a crash must do to be reported ("property damage over $500", "$1,000 or more in
# damage").
_DAMAGE_LINE = re.compile(
    r"\bdamage\b[^.;:]{0,60}?\$\s?\d|\$\s?\d[\d,.]*[^.;:]{0,40}?\bdamage\b"
    # (Or that names property damage beside injury as a case to report, with no sum: "You must report the accident
    # to police if there is an injury, a death or property damage.")
    r"|\b(?:injury|injuries|death)\b[^.;:]{0,40}?\bproperty damage\b",
    re.I,
)
# A rule told for the injured ("call 911 to report injuries"): the other case's, asked of a small crash.
_INJURED = re.compile(r"\binjur\w*|\bhurt\b|\bwounded\b", re.I)
# A report owed to another office than the police ("report the accident to the Office of Driver Services"), in a
# rule that names no police at all.
_REPORTED_ELSEWHERE = re.compile(
    r"\b(?:report|notify|file|submit|send)\w*\b[^.;:]{0,80}?\b(?:to|with)\s+(?:the\s+|your\s+)?"
    r"(?:office of driver services|driver services|dmv|department of (?:motor vehicles|revenue|finance|licensing)|"
    r"secretary of state|bureau of motor vehicles|motor vehicle (?:division|commission|administration)|mvd|bmv|mvc|mva|"
    r"registry|insurance (?:company|agent|carrier)|(?:your|the) insurer)\b",
    re.I,
)
_POLICE_NAMED = re.compile(r"\b(?:police|law enforcement|officers?|sheriff|troopers?|911|9-1-1|highway patrol)\b", re.I)
# What the law requires, asked of; and a rule that says what one must or must not do.
# (Not "what does Georgia require?", a practice question's way to ask for any rule.)
_BY_LAW_ASKED = _pattern(
    r"\blegally\b|\bby law\b|\bthe law (?:says|require|make|state)|\blaw require|\bmandatory\b"
    r"|\b(?:am i|are we|are you|is it|is he|is she|are u|r u|is my \w+)\s+(?:legally\s+)?required\b"
)
_OBLIGES = re.compile(
    r"\b(?:must|shall|required|requires|illegal|unlawful|prohibited|(?:the|by|state|\w+) law)\b", re.I
)
# A tip or a reason, not the law: "Some tips for driving at night are: ...", "This is due to limited visibility".
_A_TIP = re.compile(
    r"\btips?\b|\bhere are some\b|\byou can do some things\b|\b(?:this|that) is (?:due to|because)\b"
    r"|\bit(?:'s| is) a good idea\b|\bthe best (?:practice|advice)\b"
    # (Or what the manual's writers suggest: "we suggest a friendly family meeting at home".)
    r"|\bwe (?:suggest|recommend|encourage|urge)\b",
    re.I,
)
# How far a case must go, asked of, even yes or no ("do i need my headlights on if its foggy, like how bad does
# visibility have to get"): the line a rule draws by its figure says.
_HOW_FAR_GONE = _pattern(
    r"\bat what point\b|\bhow (?:bad|low|poor|thick|dark|heavy)\s+(?:does|do|is|has|must|should)\b"
)
# A test failed or taken again, asked of; and a rule for retests.
_RETAKE_ASKED = _pattern(
    r"\bfail|\bflunk|\bre-?(?:take|taking|test|testing|do)\b|\bagain\b|\b(?:another|second|next|2nd)\s+(?:try|attempt|time)\b"
    r"|\bdidn'?t pass|\bdid not pass|\bdont pass|\bdon't pass|\botra vez\b|\breprob|\bvolver a\b"
)
# What a test of a driver for alcohol or drugs is named by (_AN_ALCOHOL_TEST, _FAILED_ALCOHOL_TEST).
_ALCOHOL_TESTED = r"(?:breath|breathalyzer|blood|urine|chemical|alcohol|sobriety|bac)"
# An alcohol test failed: "fail a breathalyzer", "failed the breath test", "flunked a sobriety test".
_FAILED_ALCOHOL_TEST = _pattern(
    rf"\b(?:fail\w*|flunk\w*)\s+(?:(?:a|an|the|my|your|ur)\s+)?(?:{_ALCOHOL_TESTED}|breath\w*|dui|drug)\b"
)
# How soon, asked of taking a test again: "when can i try again", "how long till i can retake", "right away".
_HOW_SOON_AGAIN = _pattern(
    r"\b(?:when|how soon|how long (?:till|until|til|before|do i (?:have to )?wait))\b[^.?!]{0,40}?"
    r"\b(?:again|retake|retest|re-take|re-test|another (?:try|attempt|shot|go))\b|\b(?:right away|same day|next day)\b"
)
# A test taken again, told without "retest": "you may take again the next working day", "a re-exam fee",
# "before taking the exam or exams again", "30 days before your next appointment".
_TAKEN_AGAIN = re.compile(
    r"\b(?:take|takes|taking|try|trying|test|testing)\s+(?:[\w-]+\s+){0,4}?again\b|\bre-?exam"
    r"|\b(?:next|another)\s+(?:appointment|attempt|try|exam|examination|road test|skills test|driving test)\b",
    re.I,
)
_RETEST_TOLD = re.compile(r"\bre-?tests?\b|\bre-?testing\b|\bre-?tak(?:e|es|en|ing)\b", re.I)


def sentence_holding(text: str, words: str) -> str:
    """The sentence (or list item, joined to the next by a dash) of a text in which `words` stand, cut as a passage's
    sentences are (reading._sentences: never after "a.m."); the text when they are not in it."""
    return next((part for sentence in _sentences(text) for part in sentence.split(" — ") if words in part), text)


# A rule for when the owner cannot be found, and one to try to find them.
_OWNER_NOT_FOUND = _pattern(
    r"\bif you (?:cannot|can't|can not|are unable)\b|\b(?:cannot|can't|can not|unable to|not able to)\s+(?:find|locate)\b"
    r"|\bcannot be (?:found|located)\b|\bunattended\b|\b(?:owner|driver) is (?:not|absent)"
)
_TRY_TO_FIND = _pattern(r"\b(?:try|tries|attempt)\w*\s+(?:to|and)\s+(?:find|locate)\b")
# A sentence that tells what to do in any words, read for a mishap: an instruction after the case it is
# for, however long ("If your vehicle becomes pinned ... or stalls in the path of an oncoming train, get out"),
# after a scene set ("At night, turn on your inside lights"), after a lead-in's colon, or said to do.
_STEP = (
    r"(?:(?:then|also|next|now|first|quickly|slowly|gently|immediately|carefully|suddenly|always|never|do not|don't|"
    rf"try to|be ready to|be sure to)\s+)*(?:{_TO_DO}|continue|correct"
    # (Or begun: "Slowly begin steering in the direction you are hydroplaning", "start to brake gently".)
    r"|(?:begin|start)\s+(?:to\s+[a-z]+|[a-z]+ing))\b"
)
_TELLS_WHAT_TO_DO = _pattern(
    rf"^(?:[^.;:]{{0,150}}[,:]\s*)?{_STEP}|[,:;]\s*(?:and\s+)?{_STEP}"
    r"|\b(?:you|drivers?)\s+(?:should|must|need to|have to|will need to|may need to)\b"
    r"|\b(?:the best thing to do|what you should do|it is best to|try to|be ready to|be prepared to)\b"
    # (Or an instruction run on after its heading: "How to steer out of a skid Stay off the brake.")
    r"|(?-i:\b(?:Stay|Keep|Turn|Steer|Release|Pump|Take|Get|Move|Stop|Continue|Ease|Shift|Hold|Pull|Do not|Don't|Never|"
    r"Always|Try|Let|Leave|Call|Use|Put|Slow)\s+[a-z])"
)
# What makes a thing happen, told as why: "Skids are caused when ...", "Too much power may cause ...".
_CAUSE_TOLD = re.compile(
    r"\b(?:is|are) (?:often |usually |mostly |most often )?caused\b|\b(?:may|can|could|will|might|often|usually) "
    r"(?:also )?cause\b|\bwill (?:likely|probably)\b",
    re.I,
)
_TO_AVOID = re.compile(
    r"^(?:[^:]{0,40}:\s*)?to (?:avoid|prevent)\b"
    # Or one that ends on what it keeps from happening ("Make turns at a steady speed to avoid a skid.").
    r"|\bto (?:avoid|prevent) (?:a |an |the )?(?:skid|skidding|skids|stall|stalling|hydroplaning|crash|collision)s?\W*$"
    # Or one kept from happening "just in case" ("do not shift gears ..., just in case you might stall"), or
    # in case it does ("Do not shift gears when crossing the railroad tracks in case your vehicle stalls.").
    r"|\bjust in case\b|\bin case (?:you|your|the)\b[^.]{0,40}\b(?:stall|skid|slide|slid)\w*",
    re.I,
)
# Told as done already, whatever it asks of it ("my car started skidding on snow, should i slam the brakes").
_TOLD_AS_DONE = _pattern(
    r"^(?!.*\b(?:avoid|prevent|keep from|stop from)\b).*"
    r"(?:\b(?:my|our|the|ur) |^)(?:car|vehicle|truck|back end|rear end|back wheels|rear wheels)\s+(?:just\s+)?"
    r"(?:(?:started|starts|is|began|begins|keeps)\s+(?:to\s+)?)?(?:skid|slid|slide|hydroplan|spin|spun|fishtail)\w*"
    # Or in the learner's own voice: "im sliding on ice", "i started to skid".
    r"|\b(?:i|im|i'm|i am)\s+(?:(?:start|started|starting|begin|began)\s+(?:to\s+)?)?(?:skid|slid|slide|hydroplan|fishtail)\w*"
)
# A thing supposed not there, asked of ("if theres no stop line", "what if there isnt a sign"), and a rule
# told for then ("if there is none", "If there is no stop line", "If none").
_NONE_THERE = _pattern(
    r"\bif there(?:'?s| is| are|'?re)? (?:no|not any)\b|\bif there (?:isn'?t|aren'?t|is not|are not)\b"
    r"|\bthere(?:'?s| is)? no \w+(?: \w+)? (?:there|painted|marked)\b"
    # (Or the question opens on it: "theres no stop line at the train tracks, where do i stop".)
    r"|^(?:\w+\s+){0,2}?there(?:'?s| is| are|'?re)? (?:no|not any)\b|\bthere (?:isn'?t|aren'?t) (?:a|an|any)\b"
)
_NONE_SAID = re.compile(
    r"\bif (?:there (?:is|are) )?(?:none|no)\b|\bwhere (?:there (?:is|are) )?(?:none|no)\b|\bin the absence of\b", re.I
)
# Moving into the state, told ("just moved to indy from ohio", "moving to nj from pa", "we moved here"), and a
# rule for one who does ("When you become an Indiana resident", "who moves to New Jersey", "a new resident").
_MOVING_IN = _pattern(
    r"\b(?:moved|moving|move|relocat\w*)\s+(?:(?:up|down|over|back|out|here)\s+)?(?:to|into|from)\s+"
    # (Not to a new address, nor into a lane: "we moved to a new place", "move into the centre lane".)
    r"(?!(?:a|an|the|my|our|your|this|that|another|other|new)\b)[a-z]"
    r"|\bnew (?:to (?:the )?state|resident)\b"
)
# Moving house, or a new address, within the state; and a rule that names an address.
_NEW_ADDRESS = _pattern(
    r"\b(?:move|moved|moving|relocat\w*)\s+(?:to\s+|into\s+)?(?:a\s+|our\s+|my\s+)?(?:new\s+)?"
    r"(?:house|home|apartment|apt|place|address|town|city)\b|\bnew (?:address|house|apartment)\b|\bchange (?:of |my |our )?address\b"
)
_ADDRESS_SAID = _pattern(r"\baddress(?:es)?\b")
# What a length joined to a thing says of it: how long it is good for.
_LASTING = frozenset(tokens("valid validity good last lasts expire expires"))
# (Moving to a place named with a capital: "moves to New Jersey", not "moving to the right lane".)
NEW_RESIDENT = re.compile(
    r"(?i:\bout[- ]of[- ]state\b|\bnew (?:\w+ )?residents?\b|\bbecom\w* an? (?:\w+ )?resident\b"
    r"|\b(?:another|other) (?:state|jurisdiction)\b|\bnon-?residents?\b|\bestablish\w* (?:\w+ )?residen)"
    r"|\b(?i:moves?|moving|relocat\w*) (?i:to|into) [A-Z]"
)
# A car bought, told ("just bought my first car", "purchased a used truck"), and a rule for one who buys one ("a
# person who purchases a motor vehicle ... within fifteen (15) days", "When you buy a vehicle").
_BOUGHT = _pattern(
    r"\b(?:bought|buy|buying|purchased?|purchasing)\b[^.?!]{0,40}?\b(?:car|truck|vehicle|motorcycle|suv|van)s?\b"
)
_BUYING_SAID = _pattern(r"\b(?:buys?|bought|buying|purchas\w*|acquir\w*|new owner|transfer of ownership)\b")
# How far over the limit a question tells ("going like 20 over", "15 mph over the limit"), and a row of a rule for
# a range of it ("16 – 25 miles per hour over the speed limit 4 points", "26+ miles per hour over").
_OVER_BY = _pattern(
    r"\b(\d{1,2})\s*(?:mph\s+|miles?\s+(?:per|an)\s+hour\s+|miles?\s+)?(?:over|above)\b(?!\s+(?:age|the age))"
)
_RANGE_OVER = _pattern(
    r"\b(\d{1,2})\s*(?:–|—|-|to|through|thru)\s*(\d{1,2})\s*(?:miles per hour|mph|m\.p\.h\.?)\s+(?:over|above|in excess)"
    r"|\b(\d{1,2})\s*(?:\+|or more)\s*(?:miles per hour|mph|m\.p\.h\.?)\s+(?:over|above|in excess)"
)


# A speed the question goes at: "going 70", "if im doing like 40", "at 55 mph" (not an age, "my license at 16",
# nor a speed over the limit, "going 20 over").
_GOING_AT = _pattern(
    r"\b(?:going|doing|driving|traveling|travelling|drive|at)\s+(?:like\s+|about\s+|around\s+)?(\d{2,3})\b"
    r"(?!\s*(?:over|above|under|below|in\b|feet|ft|years?|yrs?|seconds?|hours?|minutes?|days?|points?|%|1/2|and a half))"
)
LEAST_SPEED_GIVEN = 25
# The speeds a rule states as its case ("If you are driving at 70 mph, ..."), and a rate told per speed ("1 car
# length for every 10 mph").
_SPEED_TOLD = re.compile(r"\b(\d{2,3})\s*(?:mph|miles per hour|m\.p\.h\b)", re.I)
_SPEED_CASE = re.compile(r"^(?:if|when|while|at)\b[^,;:]{0,60}", re.I)
_PER_SPEED = re.compile(r"\b(?:for\s+)?(?:every|each)\s+(?:\d{1,2}|ten)\s*(?:mph|miles per hour|m\.p\.h\b)", re.I)


def _going_at(text: str) -> int | None:
    found = _GOING_AT.search(text)
    speed = int(found.group(1)) if found else 0
    return speed if speed >= LEAST_SPEED_GIVEN else None


def _speed_agrees(shown: str, speed: int) -> int:
    """+1 where a rule states the speed asked at as its case, -1 where it states only others, or a rate per speed
    (whose figure is no answer for the speed asked unless worked out), 0 where it states none."""
    if _PER_SPEED.search(shown):
        return -1
    told = {int(each) for each in _SPEED_TOLD.findall(shown)}
    if not told:
        return 0
    if speed not in told:
        return -1
    # (The speed told as the case the rule opens on; not one it goes on at, "An average car going 55 mph can stop in
    # about 400 feet", beside which a truck's figure may be the answer.)
    case = _SPEED_CASE.match(shown)
    return 1 if case and speed in {int(each) for each in _SPEED_TOLD.findall(case.group(0))} else 0


def _over_by(text: str) -> int | None:
    """How many miles an hour over the limit a question tells, or None."""
    match = _OVER_BY.search(text)
    return int(match.group(1)) if match else None


def _in_the_range(shown: str, over_by: int) -> int:
    """+1 where a rule's range of speed over the limit holds the one asked, -1 where it does not, 0 for none."""
    match = _RANGE_OVER.search(shown)
    if match is None:
        return 0
    if match.group(3):
        return 1 if over_by >= int(match.group(3)) else -1
    return 1 if int(match.group(1)) <= over_by <= int(match.group(2)) else -1


# A sum in dollars given for a thing, and what it says was paid. (Not any sum: "$25,000 for injury or death of
# one person" is an amount of cover, not what it costs.)
_DOLLARS = re.compile(r"\b(?:for|costs?)\s+(?:a\s+fee\s+of\s+)?\$\s?\d")
_A_PRICE = frozenset(tokens("cost price"))
# A thing named for an act: "parking placard", "parking brake", "parking lot".
_NAMED_FOR_AN_ACT = _pattern(
    r"\bparking\s+(?:placards?|permits?|brakes?|lights?|lots?|garages?|decals?|stickers?|plates?|tags?|meters?)\b"
    # (Nor a signal that is a light or a bell, "if the train signal is going off how far back from the tracks do i
    # stop": no one asks how far back to signal.)
    r"|\b(?:train|railroad|railway|rail|crossing|traffic|warning|flashing|pedestrian|walk)\s+signals?\b"
)


# How early, asked ("how early can i renew", "how far in advance can i book"), and a figure told as a time before
# a thing ("up to 1 year before the expiration date", "45 days in advance", "prior to").
_HOW_EARLY = _pattern(r"\bhow (?:early|soon before)\b|\bhow (?:far|long|much) (?:in advance|ahead of time|before)\b")
# "How far ahead" of a date, not of the road: "how far ahead should i book my drive test appointment", "how far in advance
# can i renew" ask how early, in days or weeks (not a following distance's seconds).
_HOW_FAR_AHEAD = _pattern(r"\bhow (?:far|long) (?:ahead|in advance)\b")
_A_DATE_KEPT = _pattern(r"\b(?:appointments?|book|booking|schedul\w*|reserv\w*|renew\w*|expir\w*)\b")


def _ahead_of_a_date(text: str) -> bool:
    return bool(_HOW_FAR_AHEAD.search(text) and _A_DATE_KEPT.search(text))


_TIME_BEFORE = _pattern(
    r"\b(?:days?|weeks?|months?|years?|hours?|minutes?)\s+(?:or (?:more|less)\s+)?(?:before|prior|in advance|ahead of)\b"
    r"|\b(?:before|prior to)\s+(?:the|its|your|their)\s+(?:\w+\s+)?(?:expiration|expiry|expires?|date|appointment|test)\b"
)
# And a time after a thing has expired ("a grace period of 60 days after expiration date"), which is not how early.
_TIME_AFTER = _pattern(
    r"\b(?:days?|weeks?|months?|years?)\s+(?:period\s+)?after\s+(?:the\s+|its\s+|your\s+)?(?:expiration|expiry|it expires)\b"
)
# A time before a thing expires ("up to 6 months before the expiration date"): how early, not after.
_BEFORE_EXPIRY = _pattern(
    r"\b(?:before|prior to)\s+(?:the\s+|its\s+|your\s+|their\s+)?(?:\w+\s+)?(?:expiration|expiry|expires?)\b"
)
# A BAC said to be under the legal limit: "under the legal limit", "even if ur under .08", "below 0.08".
_UNDER_THE_LIMIT = _pattern(
    r"\b(?:under|below|less than|lower than|beneath)\s+(?:the\s+)?(?:legal\s+limit|limit|0?\.08\b%?|0?\.08 bac)"
)
_UNDER_21_SAID = _pattern(r"\b(?:under|younger than|less than)\s+(?:the\s+age\s+of\s+)?21\b|\bminors?\b|\bunderage\b")
# The adult drivers' legal limit, as a BAC: 0.08.
LEGAL_LIMIT = 0.08
# A thing told as already expired: "my license expired", "i let my permit lapse", "an expired license".
_EXPIRED_TOLD = _pattern(r"\bexpired\b|\blapsed\b|\blet (?:it|them|my \w+|the \w+) (?:expire|lapse)\b")
# Asked what a thing counts as or is taken to be ("what counts as nighttime", "what hours count as daylight"),
# and a sentence that says so ("Daylight is defined as 5:00a to 10:00p", "is considered driving during").
_DEFINING_ASKED = _pattern(
    r"\bwhat (?:\w+ )?(?:counts?|is counted|are counted) as\b"
    r"|\bwhat(?:'s|s| is| are)? (?:\w+ ){0,2}?(?:considered|defined as)\b|\bdefin(?:e|ition of)\b"
)
# A sentence that tells what a word means, and no more: "The definition of earphones include ...", "Earphones do not
# include hearing aids ...", "A moped is defined as ...".
_A_DEFINITION = _pattern(
    r"^(?:the\s+)?definition of\b|\b(?:is|are) defined as\b|^[\w\s'-]{1,40}\bdo(?:es)? not include\b"
)
# What one drink is, as a rule defines it ("One alcoholic drink is:", "A drink is defined as").
_A_DRINK_DEFINED = _pattern(
    r"^(?:[\w ]{0,40}:\s*)?(?:one|an?|1|each)\s+(?:standard\s+|alcoholic\s+|alcohol\s+)?drink\s+(?:is|equals|means|"
    r"is defined as|is considered)\b"
)
# Words that ask what a thing is, not which thing.
_WHAT_IS = frozenset(
    tokens("what count counts counted consider considered define defined definition is are law laws rule rules legal")
)
_DEFINES = _pattern(
    r"\b(?:is|are) (?:considered|defined as|counted as)\b|\bcounts? as\b|\bis the (?:period|time) (?:from|between)\b"
)
# Asked how to keep a thing from happening, not what to do once it has.
_KEEP_FROM = _pattern(
    r"\b(?:avoid\w*|prevent\w*|keep\w* (?:it |them |my car |the car )?from|so (?:i|it|you) (?:don'?t|doesn'?t))\b"
)
# A case a question supposes ("what if i take the class", "if im with my dad"), and words that deny one.
_SUPPOSES = _pattern(r"\b(?:if|once)\b")
# Restrictions told ended: lifted, removed, no longer applying, or a licence without them.
_RESTRICTIONS_LIFTED = _pattern(
    r"\b(?:removed|lifted|dropped)\b|\bno longer (?:apply|applies)\b|\bunrestricted\b|\bfull (?:driving )?privileges\b"
    r"|\brestrictions? (?:end|ends|expire|expires)\b"
)
# How often, asked and told.
_HOW_OFTEN = _pattern(r"\bhow often\b|\bcada cu[aá]nto\b")
_EVERY = _pattern(
    r"\bevery\s+(?:\d+|other|two|three|four|five|six|eight|ten|twelve)\s+(?:years?|months?|days?|weeks?|hours?|miles?)\b"
    r"|\b(?:once|one time)\s+(?:a|every|per|each)\s+(?:year|month|day|week|\d+)|\bannually\b|\beach year\b"
)
# A thing told as not done, and the words after it: "didnt do the parent class thing".
_NOT_DONE = _pattern(
    r"\b(?:didn'?t|did not|haven'?t|have not|hasn'?t|has not|never|won'?t|will not"
    # (Or skipped, or gone without: "if i skip drivers ed", "without drivers ed".)
    r"|skip|skips|skipped|skipping|without"
    # (Or not done at all, as a course or a test one does: "if i dont take drivers ed".)
    r"|(?:don'?t|do not)(?=\s+(?:take|do|finish|complete|sign up for|enroll in|go to|pass)\b))"
    r"\s+((?:[a-z']+\s+){0,5}[a-z']+)"
)
# Words that name no case of their own.
_NO_CASE = frozenset(
    tokens("do does did doing done take took taking get got have has had go went thing things stuff my the a an any")
)
# A condition anywhere in a rule: "(with 40 hours in all if a parent takes the approved parent class)".
_IF_CLAUSE = _pattern(
    r"\b(?:if|unless)\s+([^,;:.()]{3,80})"
    # (A case told by what one has or goes without: "16 years and 270 days of age without completion of a ... driver
    # education program"; "With a BMV-licensed driver education program, you can apply ...".)
    r"|\b(?:without|with)\s+([^,;:.()]{3,80})"
)


# A course or class told as done, or supposed done: "my mom did the parent class", "if i take drivers ed", "i completed
# the course". (Not one done or not: "do i have to take drivers ed" supposes nothing; not "didnt take", _NOT_DONE's.)
_DONE = _pattern(
    r"\b(?:did|done|took|taken|completed|finished|attended|passed|went to"
    r"|(?<=\bif )(?:i|u|you|we|he|she|they)\s+(?:take|takes|complete|completes|finish|finishes|attend|attends|go to)"
    r"|(?<=\bif )(?:my|our|your|ur)\s+\w+\s+(?:takes|completes|finishes|attends|goes to))"
    r"\s+((?:[a-z']+\s+){0,4}?(?:class|classes|course|courses|ed|education|program|training|school))\b"
)
# A word that denies what follows it, just before it: "never took", "haven't completed".
_DENIED_BEFORE = _pattern(r"(?:\bnot|\bnever|n'?t|\bno)\s+$")


def _done(text: str) -> frozenset[str]:
    """The words of a course or class a question tells was done ("if my mom did the parent class": parent, class),
    less those that name no case."""
    return (
        frozenset(
            word
            for match in _DONE.finditer(text)
            if not _DENIED_BEFORE.search(text[max(0, match.start() - 10) : match.start()])
            for word in tokens(read_as(match.group(1)))
        )
        - _NO_CASE
    )


def _not_done(text: str) -> frozenset[str]:
    """The words of what a question tells was not done ("my parents didnt do the parent class": parent,
    class), less those that name no case."""
    # (In the manuals' words: "drivers ed" is their driver education.)
    return frozenset(word for match in _NOT_DONE.finditer(text) for word in tokens(read_as(match.group(1)))) - _NO_CASE


def _case_taken(shown: str, not_done: frozenset[str]) -> int:
    """+1 where a rule's condition is the case a question tells was not done, told as not done ("If not
    taking the parent class"); -1 where it is that case told as done ("if a parent takes the ... class");
    0 where it names no such case."""
    for match in _IF_CLAUSE.finditer(shown):
        clause = match.group(0)
        if len(frozenset(tokens(clause)) & not_done) >= NOT_DONE_WORDS:
            return 1 if _DENIED.search(clause) or clause.lower().startswith("unless") else -1
    return 0


def _only_if(shown: str) -> frozenset[str]:
    """The words of what a rule holds only if done ("only if you are in or have completed a state-approved traffic
    education program"), which a question that tells it is not done ("if i dont take drivers ed") is not asking of."""
    return frozenset(
        word
        for match in _ONLY_IF.finditer(shown)
        if not _DENIED.search(match.group(1))
        for word in tokens(match.group(1))
    )


_ONLY_IF = re.compile(r"\bonly (?:if|when|after)\s+([^,;:.()]{3,100})", re.I)
_DENIED = _pattern(
    r"\b(?:not|no|never|without|fail\w*|don'?t|doesn'?t|didn'?t|isn'?t|aren'?t|can'?t|cannot|won'?t|haven'?t|hasn'?t)\b"
)
# A part of the car that failed, told as done: "my gas pedal got stuck", "my brakes quit".
_PART_FAILED = _pattern(
    r"\b(?:my|our|the|ur) (?:gas pedal|accelerator|throttle|brakes?|steering|headlights?|lights|engine|tires?|hood)"
    r"\s+(?:just\s+)?(?:got stuck|is stuck|stuck|went out|quit|failed|died|blew)\b"
)
# A mishap on the road, told or supposed: a skid, a stall, a blowout, a part that fails.
_MISHAP = _pattern(
    r"\b(?:skid\w*|slid(?:e|es|ing)?|hydroplan\w*|fishtail\w*|spin(?:s|ning)? out|spun out|stall\w*|blow(?:s|n)? out"
    r"|blew out|blowout|flat tire|(?:brakes?|gas pedal|accelerator|throttle|steering|headlights?|engine|hood)\s+"
    r"(?:\w+\s+)?(?:fail\w*|quit\w*|stuck|went out|go(?:es)? out|died|dies|stop(?:s|ped)? working|fl(?:y|ies|ew) up))\b"
)
# Mishaps by name, each as a learner or a manual tells it: what a question tells has happened ("my gas
# pedal got stuck", "the brake pedal goes to the floor") and what a rule is told for ("Stuck Accelerator",
# "If your brakes fail", "BRAKES FAIL").
_FAILS = (
    r"(?:fail\w*|quit\w*|went out|go(?:es)? out|gave out|give(?:s)? out|died|dies|stop(?:s|ped)? working|"
    r"(?:do not|don't|dont|did not|didn't|didnt) work|(?:are |is )?not working|(?:are |is )?gone|lock(?:s|ed)? up)"
)
_MISHAPS: dict[str, re.Pattern[str]] = {
    "accelerator": _pattern(
        r"\b(?:gas pedal|gas|accelerator(?: pedal)?|throttle)\s+(?:\w+\s+){0,2}?(?:stuck|sticks?|sticking|jam\w*)\b"
        r"|\b(?:stuck|sticking|jammed)\s+(?:gas pedal|gas|accelerator|throttle)\b|\baccelerat\w* out of control\b"
        r"|\b(?:speeding|speeds|speed) up (?:by itself|on (?:its|it's) own)\b"
        r"|\bkeeps? (?:going faster|speeding up|accelerating)\b"
    ),
    "brakes": _pattern(
        rf"\bbrakes?\s+(?:\w+\s+){{0,2}}?{_FAILS}\b|\bbrake failure\b|\bno brakes\b|\blos[et]\w* (?:your |my |the )?brakes\b"
        r"|\bpedal\s+(?:\S+\s+){0,2}?(?:goes|go|went|sinks|sank|drops|dropped)\s+(?:\S+\s+){0,2}?to the floor\b"
    ),
    "blowout": _pattern(
        r"\bblow(?:s|n)?\s?outs?\b|\bblew out\b|\bflat tire\b|\bgoes flat\b|\bwent flat\b"
        r"|\btires?\s+(?:\w+\s+)?(?:blows?|blew|pops?|popped|bursts?)\b"
    ),
    "steering": _pattern(
        rf"\b(?:power )?steering\s+(?:\w+\s+)?{_FAILS}|\bsteering failure\b|\blos[et]\w* (?:your |my |the )?(?:power )?steering\b"
    ),
    "headlights": _pattern(rf"\b(?:head)?lights?\s+(?:\w+\s+)?{_FAILS}|\bheadlight failure\b"),
    "hood": _pattern(
        r"\bhood\s+(?:\w+\s+)?(?:fl(?:y|ies|ew)|pops?|popped|opens?|opened|came|comes|goes|went)\s+(?:up|open)\b"
        r"|\bopening of (?:the |your )?hood\b|\bhood (?:should )?(?:suddenly )?(?:fly|flies|open)\b"
    ),
    "stall": _pattern(
        r"\b(?:car|vehicle|engine|motor)\s+(?:\w+\s+)?(?:stall\w*|dies|died|cuts? out|shut\w* off)\b|\bstall(?:s|ed|ing)?\b"
    ),
    # (Stalled, stuck or trapped on a crossing, however far the words: "If you do stall your vehicle when
    # crossing railroad tracks", "stalls in the path of an oncoming train", "boxed in or stalled on a
    # railroad crossing"; not "Never stop on the tracks".)
    "tracks": _pattern(
        r"\b(?:stuck|stall\w*|trapped|dies|died|pinned|boxed in)\b[^.;]{0,50}?\b(?:tracks?|railroad|rail|train|crossing)\b"
        r"|\b(?:tracks?|railroad|crossing)\b[^.;]{0,30}?\b(?:stall\w*|stuck|dies|died)\b"
    ),
    "off the road": _pattern(
        r"\b(?:wheels?|tires?)\s+(?:\w+\s+){0,2}?(?:drops?|dropped|go(?:es)?|went|run|ran|slip\w*|leaves?|left|move[sd]?|"
        r"roll\w*|drift\w*|veer\w*)\s+off\b|\bstraddle\b|\bwheels? off (?:the )?(?:pavement|road|roadway)\b"
        r"|\b(?:run|runs|running|ran|drift\w*|go(?:es|ing)?|went)\s+off (?:the )?(?:road|pavement|roadway|edge)\b"
        r"|\boff[- ]road recovery\b"
    ),
    "skid": _pattern(
        r"\bskid\w*|\bslid(?:e|es|ing)?\b|\bhydroplan\w*|\bfishtail\w*|\bspin(?:s|ning)? out\b|\bspun out\b"
        r"|\blos(?:e|es|t|ing) traction\b"
    ),
    "wipers": _pattern(rf"\bwipers?\s+(?:\w+\s+)?{_FAILS}"),
    # Stranded: in a ditch, stuck in the snow, caught out in a blizzard.
    "stranded": _pattern(
        r"\bstranded\b|\b(?:in|into) (?:a|the) ditch\b|\bstuck in (?:the |a )?(?:snow|mud|sand|snowstorm|blizzard|snowbank)\b"
        r"|\bsnowbound\b"
    ),
}


# Each mishap as the manuals name it ("Stuck Accelerator", "Brake Failure"), searched beside a learner's
# words for it ("my brakes just went out").
MISHAP_NAMES = {
    "accelerator": "stuck accelerator gas pedal sticks accelerating out of control",
    "brakes": "brake failure brakes fail",
    "blowout": "tire blowout",
    "steering": "steering failure",
    "headlights": "headlight failure headlights fail",
    "hood": "hood flies open",
    "stall": "engine stalls",
    "tracks": "stalled stuck on railroad tracks",
    "off the road": "wheels off the pavement",
    "skid": "skid",
    "wipers": "wipers fail",
    "stranded": "stranded",
}


@lru_cache(maxsize=4096)
def mishap_names(question: str) -> str:
    """The manuals' names of the mishaps an English question asks what to do about, "" for none."""
    if language_of(question) != "english":
        return ""
    said = " ".join(question.lower().split())
    cue = _cue_of(said)
    # (Only a name that adds words: "skid" beside "my car starts skidding" is one more search of the same.)
    own = frozenset(tokens(said))
    return " ".join(
        MISHAP_NAMES[name] for name in sorted(_mishaps_asked(said, cue)) if frozenset(tokens(MISHAP_NAMES[name])) - own
    )


_ONES_OWN = _pattern(r"\b(?:my|our|ur|your|i|im|i'm|we)\b")
# (Or asked what to do in other words: "What does the Guide tell you to do?", "The correct response is to:",
# "Which way do you run?".)
_SUPPOSED = _pattern(
    r"\bif\b|\bwhat happens\b|\bto do\b|\bcorrect response\b|\bwhat should\b|\bwhich way\b|\bbest (?:way|thing)\b"
)


def _mishaps_asked(text: str, cue: str) -> frozenset[str]:
    """The mishaps a question names, asked what to do then (or with no cue, or what happens then: "what if my
    brakes fail", "what happens if my tire blows out"); none where it asks how to keep one from happening."""
    if cue not in ("action", "consequence", "") or _KEEP_FROM.search(text):
        return frozenset()
    if cue != "action" and not (_ONES_OWN.search(text) and _SUPPOSED.search(text)):
        # Asked with no word of what to do, it is the learner's own, supposed ("what if my brakes fail"), not
        # what a thing is ("What is hydroplaning?", "your car starts to hydroplane. What is happening?").
        return frozenset()
    return mishaps_in(text)


# A mishap of another road user's vehicle, named in passing: "cause the snow removal equipment to skid".
_OTHERS_MISHAP = re.compile(
    r"\b(?:equipment|trucks?|plows?|snowplows?|motorcycles?|buses|bus|trains?|others?|other (?:vehicles?|cars?|drivers?)|"
    r"someone|another (?:vehicle|car|driver)|the (?:vehicle|car|driver) (?:ahead|in front)(?: of you)?)\b[^.;:]{0,40}",
    re.I,
)


def _case_of(span: Span) -> frozenset[str]:
    """The mishaps a span opens on as its case, or is told under: its heading, its lead-in, or its own
    condition ("If your vehicle stalls on railroad tracks and a train is approaching, ..."). Not one it
    only names ("Practice skid recovery in a safe area"), which tells nothing of what follows it."""
    case = _CONDITION.match(span.text) or _CASE_AFTER_TITLE.match(span.text)
    return mishaps_in(f"{span.under} {span.lead} {case.group(1) if case else ''}".lower())


# A case opened after a title left on the sentence: "Stalling on railroad tracks If your vehicle stalls ...,".
_CASE_AFTER_TITLE = re.compile(r"^[^.;:]{0,60}?\s(?:If|When|Whenever|While)\s([^,;:]{3,120})[,;:]")


@lru_cache(maxsize=1 << 14)
def mishaps_in(text: str) -> frozenset[str]:
    """The mishaps a text names (_MISHAPS); a car stalled on the tracks is the tracks' mishap alone."""
    named = frozenset(name for name, said in _MISHAPS.items() if said.search(text))
    if "tracks" in named:
        named -= {"stall"}
    # (Slid into a ditch in the snow is being stranded there, not the skid.)
    return named - {"skid"} if "stranded" in named else named


# A heading over how to keep something from happening ("How to Avoid Skidding").
_AVOID_HEADING = re.compile(r"^(?:how )?to (?:avoid|prevent)\b", re.I)
# A question about the least speed allowed.
_HOW_SLOW = _pattern(r"\bslow\w*|\bminimum\b|\blowest\b|\bm[ií]nima\b|\blento\b")
# What a learner asks whether they may do: "can I pass on the right", "is it ok to honk".
_MY_ACT = _pattern(
    r"\b(?:can|may|could|should|must) i\s+(?:(?:legally|ever|still|just|actually|really|even)\s+)*([a-z]{3,})\b"
    r"|\b(?:am i|are we) (?:allowed|permitted|supposed) to\s+([a-z]{3,})\b"
    r"|\b(?:ok|okay|legal|illegal|allowed) (?:for me )?to\s+([a-z]{3,})\b"
)
# Verbs that say nothing of the act itself ("can I get a ticket", "can I have a beer").
_NO_ACT = frozenset(
    ["get", "have", "use", "make", "take", "give", "let", "see", "keep", "still", "also", "ever", "really", "just"]
)


def _my_act(text: str) -> str:
    """The verb of what the learner asks whether they may do, or ""."""
    found = _MY_ACT.search(text)
    verb = next((each for each in found.groups() if each), "") if found else ""
    return "" if verb in _NO_ACT else verb


def _root_of(verb: str) -> str:
    """A verb as its forms begin: "leave" of "leaving", "pump" of "pumped"."""
    return verb[:-1] if verb.endswith("e") else verb


# A learner's verb for an act as the manuals say it: honking is sounding the horn, tailgating following
# too closely.
_ACT_SAID = {
    "honk": r"(?:sound|use|blow|tap|beep)\w*\s+(?:\w+\s+){0,2}?horns?",
    "tailgate": r"follow\w*\s+(?:\w+\s+){0,3}?(?:too\s+)?closely",
}


@lru_cache(maxsize=1 << 12)
def _whether_pattern(verb: str) -> re.Pattern[str]:
    root = _root_of(verb)
    forms = rf"{re.escape(root)}(?:e|es|s|ed|ing|{re.escape(root[-1])}ing)?"
    if verb in _ACT_SAID:
        forms = rf"(?:{forms}|{_ACT_SAID[verb]})"
    return re.compile(
        r"\b(?:never|not|n't|no|may|can|must|should|shall|allowed to|permitted to|legal to|illegal to|unlawful to|"
        r"against the law to|required to|always)\s+(?:\w+\s+){0,2}?"
        rf"{forms}\b",
        re.I,
    )


def _says_whether(verb: str, text: str) -> bool:
    """Whether a span says whether to do `verb`: "Never pump the brake pedal", "you may pass on the right"."""
    return bool(_whether_pattern(verb).search(text))


def done_to_you(verb: str, text: str) -> bool:
    """Whether a span speaks of `verb` only as done to the learner by others ("try to pass you")."""
    if not verb:
        return False
    root = _root_of(verb)
    forms = re.findall(
        rf"\b{re.escape(root)}(?:e|es|s|ed|ing|{re.escape(root[-1])}ing|{re.escape(root[-1])}ed)?\b(\s+\w+)?",
        text,
        re.I,
    )
    # "you", not "You": a capital opens the next sentence on a page that lost its full stop.
    return bool(forms) and all(after.strip() == "you" for after in forms)


def _ages_in(text: str) -> tuple[int, int] | None:
    for pattern in (_MY_AGE, _TENGO):
        found = list(pattern.finditer(text))
        # The learner's own age said outright (each pattern's first way of saying it) comes first: "can my 19 yr old
        # brother supervise me if im 15" is asked for a learner of 15, whatever age the brother is.
        own = next((match for match in found if match.group(1)), None)
        for match in ([own] if own else []) + found[:1]:
            age = int(next(group for group in match.groups() if group))
            # (A child's age, "my 5 yr old", only where a child is named: "im 5 minutes late" is none.)
            if 10 <= age <= 99 or (1 <= age <= 9 and _CHILD.search(text)):
                return (age, age)
    under = _UNDER.search(text)
    if under:
        age = int(next(group for group in under.groups() if group))
        if 14 <= age <= 25:
            return (0, age - 1)
    over = _OVER.search(text)
    if over:
        age = int(next(group for group in over.groups() if group))
        if 14 <= age <= 25:
            return (age, 120)
    if _A_TEEN.search(text) and not _ADULTS_TOO.search(text):
        # A teen, of no age told ("how many points can a teen get before a suspension notice"): a driver
        # under 18, whom an adult's rule ("Adult drivers (18 years of age or older) who accumulate 12 ...") is not for.
        return (TEEN_FROM, ADULT_FROM - 1)
    return None


# A teen named, and an adult named beside (who the question may ask of instead: "illegal for adults too or just
# teens"); the ages a teen driver is taken to be.
_A_TEEN = re.compile(r"\bteen(?:s|ager|agers|aged)?\b", re.I)
_ADULTS_TOO = re.compile(r"\badults?\b|\bgrown[- ]?ups?\b|\bover\s+(?:18|21)\b", re.I)
TEEN_FROM = 13
ADULT_FROM = 18


def read_as(question: str) -> str:
    """What a law's spans are weighed against: a Spanish question's road words in English.

    The laws are English, so a Spanish question's own words share almost none
    of them; its glossary reading (glossary.in_english) does. Used to choose the
    span, not to decide whether to answer: the reading keeps only road words,
    so an off-topic question's few ("manana" in "will it snow tomorrow") would
    look close. Spanish figure accuracy, dev-es: 0.222 choosing by the question's
    own words, 0.352 by this reading.
    """
    language = language_of(question)
    if language == "spanish":
        return in_english(question) or question
    if language == "english":
        names = mishap_names(question)
        return f"{in_manual_words(question) or question} {names}" if names else in_manual_words(question) or question
    return question


# --- a passage's spans ---------------------------------------------------------------

Role = str
RULE: Role = "rule"
ITEM: Role = "item"
HEADING: Role = "heading"
TABLE: Role = "table"
FRAGMENT: Role = "fragment"
# A statistic ("Alcohol is involved in about 40% of the traffic crashes in which someone is killed"): no rule, shown only
# to a question that asks for a share of crashes or drivers (Asked.share).
STATISTIC: Role = "statistic"

# Roles an answer may be made of: a whole sentence, or a list item with its lead-in.
SHOWABLE = frozenset([RULE, ITEM])


@dataclass(frozen=True)
class Span:
    """One sentence or list item of a passage, as it may be shown."""

    text: str
    role: Role
    # The lead-in a list item completes ("Never park or leave your vehicle:"), "" for none.
    lead: str = ""
    # Its place in the passage.
    at: int = 0
    # The sentences around it, for reading a short one with its neighbour.
    following: str = field(default="", compare=False)
    # The sentence before it, where it opens by leaning on that one ("So be sure to leave ...").
    before: str = field(default="", compare=False)
    # The heading nearest above it inside its passage ("BRAKES FAIL"), "" for none: what it is told under.
    under: str = field(default="", compare=False)
    # The label run into the list item it is in or opens ("Darkness" of "• Darkness- It is harder to see ..."),
    # "" for none: what it speaks of though it may not say so again.
    label: str = field(default="", compare=False)

    @property
    def shown(self) -> str:
        """The span as the learner reads it: its lead-in, then its words."""
        if not self.lead:
            return self.text
        return f"{self.lead} {self.text}" if self.lead.endswith((":", "-", "—")) else f"{self.lead}: {self.text}"


# (And "Î" before a space: the arrow of a symbol font one manual's text keeps as that letter.)
_BULLET = re.compile(r"\s*(?:[•◆▪●■♦►▶○❏✓☐·\uf0b7\uf0a7\uf09f\uf0a8\uf0fc\uf020\x17]|Î(?=\s))\s*")
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"'”’)]?\s+(?=[\"'“‘(]?[A-Z0-9$])")
# A web address and the run after it, up to the capital that opens the next sentence. (A line break inside
# an address leaves a space in it: "driver-services- adjudication/hearing-information/".)
# (Or an email address: "Email: mli@revenue.alabama.gov WINDOW TINTING On all vehicles, ...".)
_AFTER_ADDRESS = re.compile(
    r"(?:\b(?:https?://|www\.)\S+|\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+)(?:\s+[a-z][\w-]*[./][\w./-]*)*\s+(?=[\"'“‘(]?[A-Z])"
)
# A label and its dash that open a new item after a sentence left without its stop ("... hanging from the rearview
# mirror Parking Lights – When you park a vehicle on the shoulder ..."): the item starts at the label's first word.
# (Not after a word that joins it to a title: "Specific Restrictions for Youth Operators – In addition ...".)
_LABEL_AFTER = re.compile(
    r"(?<![A-Za-z])(?!(?:for|of|and|or|the|to|in|on|with|by|at|from|an?|as|about)\s)[a-z]+(\s+)"
    r"(?=(?:[A-Z][a-z]+[ /]){0,3}[A-Z][a-z]+ [–—] [A-Z][a-z])"
)
# Abbreviations a sentence does not end at.
_NOT_AN_END = re.compile(
    r"(?:\b(?:[a-z]\.[a-z]|e\.g|i\.e|etc|vs|approx|no|st|dr|mr|mrs|ms|jr|sr|inc|dept|sec|ch|u\.s|s\.c|ft|in|lbs|oz|cc|min)\.?"
    r"|\b[A-Z])\.$",
    re.I,
)
# A number that opens a list item ("2. Within 15 feet"), found only where several follow in order.
_LIST_NUMBER = re.compile(r"(?:(?<=\s)|^)(\d{1,2})[.)]\s+(?=[A-Z\"“(])")
# A letter that opens a list item ("a. 15 ft. from fire hydrant b. 30 ft. from stop sign").
_LIST_LETTER = re.compile(r"(?:(?<=\s)|^)\(?([a-h])[.)]\s+(?=[\dA-Za-z\"“(])")
# The manuals' line breaks inside a word: "unlaw- ful", "pas- senger" (never "two- and three-").
_SPLIT_WORD = re.compile(r"\b([a-z]{2,})- ([a-z]{2,})\b")
_NOT_A_SPLIT = frozenset(["and", "or", "to", "nor", "through"])
# "of.02": a decimal run into the word before it by the text's extraction.
_ZERO = re.compile(r"\bzero\b", re.I)
# A page number the PDF text left before a sentence: "17 You are encouraged to study ...".
_LEADING_PAGE = re.compile(r"^\d{1,3}\s+(?=(?:You|Your|If|When|The|This|It|Do|Always|Never|In|Drivers?)\b)")
_TRAILING_NUMBER = re.compile(r"(?<=[.;:])\s+\(?\d{1,2}[.)]$")
_LEADER_DOTS = re.compile(r"\.{4,}|…{2,}|(?:\. ){4,}")
# A table of contents: "Chapter 5 – Intersections and Turns", "Table of Contents".
_CHAPTER = re.compile(r"\bchapter\s+\d+\s*[–:-]|\btable of contents\b|\bcontents\s+page\b", re.I)
# A sentence about the manual itself, not the road: "The next 2 pages give a more in-depth look at
# roundabouts", "This section explains what you need to get a license".
_ABOUT_THE_BOOK = re.compile(
    r"\b(?:the )?(?:next|following|previous) (?:\d+|two|three|few|several) pages\b"
    r"|\b(?:this|the following) (?:section|chapter|manual|handbook|guide|booklet|part)s? "
    r"(?:will |also )?(?:explains?|covers?|describes?|gives?|provides?|contains?|includes?|discuss\w*|review\w*)\b",
    re.I,
)
# A statistic, not a rule: "An average of 100 people died ... more than 50% were not wearing their
# seat belts", "Data shows that 91% of Americans have a cell phone", "Teen Driver Facts Teen drivers ...
# represent 5.2% of all licensed drivers".
_STATISTIC = re.compile(
    # (A share of a whole, not a BAC told in percent: "BAC will drop by 0.015% per hour" is a rule of the body.)
    r"^(?=.*(?:(?<![.\d])(?!0?\.\d{2,3}\s*%)(?:\d+(?:\.\d+)?|\.\d+)\s*%|\bpercent\b))"
    r"(?=.*\b(?:died|killed|deaths?|fatalit\w*|injur(?:ed|ies)|data|studies|study|surveys?|americans|each year|per year|"
    r"every year|statistics|on average|an average|represents?|facts)\b)"
    r"(?!.*\b(?:must|shall|should|may not|required|prohibited|illegal|unlawful)\b)",
    re.I,
)
# A risk told as a multiple, not a rule: "Your chances of surviving a collision are 3 to 4 times greater
# if you are wearing your seat belt", "texting drivers are 23 times more likely to crash". (A multiple
# that is no one's chances stays: "Stopping distances can be 10 times greater in ice and snow".)
_RISK_TIMES = re.compile(
    r"^(?=.*\b(?:chances?|risk|likely|likelier)\b)"
    r"(?=.*\b(?:\d+|two|three|four|five|six|seven|eight|nine|ten|twice)\b(?:\s+to\s+\w+)?\s+times\b|.*\btwice\s+as\b)"
    r"(?!.*\b(?:must|shall|should|may not|required|prohibited|illegal|unlawful)\b)",
    re.I,
)
# A pledge in a parent and teen contract ("I will wear my seatbelt at all times"): a promise, not the law.
_PLEDGE = re.compile(r"^(?:\W*)I (?:will|agree|promise|understand)\b")
# A diagram's labels run into text: "With a solid yellow line in oncoming lane A ... Car A cannot pass".
_DIAGRAM = re.compile(r"\b(?:[Cc]ar|[Vv]ehicle|[Ll]ane|[Tt]ruck)\s+[A-E]\b(?!\.)")
_CAR_A = re.compile(r"\bCar [A-E]\b")


# Words that bring in a picture: what follows them are its labels.
_A_PICTURE = re.compile(
    r"\b(?:below|above|following|here) (?:is|are) (?:an? |the )?(?:examples?|illustrations?|diagrams?|pictures?|drawings?)\b"
    r"|\b(?:diagram|illustration|picture|drawing|figure|graphic)s? (?:below|above)\b"
    r"|\bas shown (?:below|above|in the (?:diagram|illustration|picture|drawing|figure))\b",
    re.I,
)


def _a_diagrams(text: str) -> bool:
    """Whether a span reads a diagram's labels: "Car A" once, or two labels like "lane A"."""
    return bool(_CAR_A.search(text)) or len(_DIAGRAM.findall(text)) >= 2


# A sentence that only sends the reader elsewhere in the book ("It would also be wise to review
# "Stalling On Railroad Tracks" in Section 5", "Please refer to page 21"): no rule of its own.
_CROSS_REFERENCE = re.compile(
    r"^\W*(?:[\w'’]+\W+){0,6}?(?:see|review|refer to|turn to|read)\b[^.;]{0,80}?"
    r"\b(?:sections?|chapters?|pages?|units?|parts?)\s+(?:\d+|[ivx]+)\b",
    re.I,
)
# Words that make what runs before such a sentence a rule of its own.
_A_RULE_SAYS = re.compile(r"\b(?:must|shall|may|should|do not|don't|never|required)\b", re.I)

# Words that make a run of words a clause rather than a label: a verb of some kind.
_VERB = re.compile(
    r"\b(?:is|are|was|were|be|been|being|isn't|aren't|must|may|might|can|cannot|can't|could|should|shall|will|won't|"
    r"would|has|have|had|do|does|did|don't|doesn't|need|needs|means|mean|require[sd]?|allow(?:s|ed)?|permit(?:s|ted)|"
    r"prohibit(?:s|ed)?|appl(?:y|ies)|keep|stop|yield|turn|drive|park|use|signal|give|make|pass|move|slow|wait|"
    r"look|check|obey|follow|let|try|remember|avoid|leave|get|take|hold|wear|carry|report|call|pull|put|come|go|"
    r"watch|stay|enter|cross|back|change|show|tell|marks?|cut|doubles?|triples?|rains|snows|indicates?|warns?|"
    r"requires?|prohibits?|applies|"
    r"becomes?|results?|includes?|provides?|consider(?:ed|s)?|suspend(?:ed|s)?|revoke[sd]?|face|lose|pay|"
    r"expires?|remains?|helps?|reduces?|increases?|protects?|lets?|gives?|goes|comes|says|states|needs|"
    r"travel(?:s|ing)?|approach(?:es|ing)?|proceed|continue|merge|reach(?:es)?|arrive[sd]?|begin|start|"
    r"allowed|required|prohibited|illegal|unlawful|legal|responsible|necessary)\b",
    re.I,
)
# More verbs a sentence tells its rule with ("First time offenders who fail an alcohol test serve a 180 day
# administrative license revocation", "You receive points for moving violations"): read as a verb only in a
# whole sentence, for a heading may be made of them ("Steering Fails", "If your brakes fail:").
_SENTENCE_VERB = re.compile(
    r"\b(?:serves?|served|fails|failed|authoriz(?:es|ed)|receives?|received|earns?|earned|accumulates?|accumulated|"
    r"assess(?:es|ed)|scan|scans|carries|gets|takes|took|depends|happens|occurs|causes|costs|counts|lasts|affects|impairs|keeps|kept|retains|maintains"
    # (What drinks hold: "12 ounces of beer ... all contain approximately the same amount of alcohol".)
    r"|contains?|contained)\b",
    re.I,
)
# A sentence that tells the learner what to do, opening on the deed itself or on "never"/"always" before it
# ("Never race a train.", "Dim your lights for oncoming traffic.", "File and maintain proof of financial
# responsibility for a period of 3 years"): a rule, though its verb is none of those above. (Not one that sends
# the reader elsewhere: "See figure B", "Visit DMV's website".)
_IMPERATIVE = re.compile(
    r"^(?:(?:never|always)\s+[a-z]|(?:adjust|maintain|place|read|accelerate|steer|choose|learn|ride|bring|expect|"
    r"concentrate|exchange|remove|compare|dim|practice|develop|set|ask|answer|know|walk|exercise|ease|grasp|brake|"
    r"plan|clean|clear|observe|complete|position|beware|select|depress|notify|obtain|anticipate|step|create|"
    r"respect|exit|think|buckle|study|replace|shift|roll|dial|stick|treat|share|listen|save|schedule|renew|"
    r"register|pump|mail|eliminate|press|refrain|align|add|open|release|consult|fasten|focus|request|prepare|"
    r"push|present|finish|fill|inspect|talk|write|grip|notice|glance|straighten|raise|loosen|activate|submit|"
    r"sit|establish|verify|return|seek|comply|sound|file|run|clap|lock|lower|flash|honk|scan|search|identify|predict|"
    r"decide|execute|ensure|secure|protect|steady|test)\b)",
    re.I,
)
# A whole item that opens on what to do, as a list of them does ("Quadrupling the number of seconds
# when ice covers the road (cars, 8 seconds)."): a rule, though its verb is the opening one.
_DOING_ITEM = re.compile(r"^[A-Z][a-z]{2,}ing\s+(?:the|a|an|your|at|to|on|in|with|when|if)\b.*[.;]$")
# Opening words of a sentence (or item) that reads only with its lead-in.
_NEEDS_LEAD = re.compile(
    r"^(?:within|in|on|at|near|upon|between|from|under|over|along|across|beside|inside|alongside|where|when|"
    r"with|for|by|after|before|if|while|unless|during|on|behind|beyond|facing|blocking|opposite|closer)\b",
    re.I,
)


@lru_cache(maxsize=1 << 14)
def clean(text: str) -> str:
    """A span as shown: figures in digits and once, a decimal parted from its word, split words joined."""
    text = unglued(text)
    text = _SPLIT_WORD.sub(
        lambda match: match.group(0) if match.group(2) in _NOT_A_SPLIT else match.group(1) + match.group(2), text
    )
    text = _ONE_DOUBLED.sub("1", text)
    # "zero tolerance" and "zero-emission" are names, not figures to put in digits.
    zeros = _ZERO.findall(text)
    text = in_digits(_ZERO.sub("\x00", text))
    for zero in zeros:
        text = text.replace("\x00", zero, 1)
    text = _DOUBLED.sub(r"\1", text)
    text = _TRAILING_NUMBER.sub("", text.strip())
    text = _LEADING_PAGE.sub("", text)
    return " ".join(text.split())


def _without_heading(text: str, heading: str) -> str:
    """The first sentence without the heading run into it: "Safety Belts Georgia law states" -> "Georgia law states"."""
    # (Not from a sentence in capitals throughout: the capitals that open it are its own words, "SHOWERING, DRINKING
    # COFFEE OR EXERCISING IN AN EFFORT TO SOBER UP ARE USELESS.")
    headed = bool(heading) and text.startswith(heading)
    # (Nor where the heading is that sentence cut short, with a verb of its own: "IF YOU FAIL A KNOWLEDGE TEST, YOU
    # MUST WAIT" over "IF YOU FAIL A KNOWLEDGE TEST, YOU MUST WAIT THREE (3) DAYS TO RETEST.")
    if (
        text.isupper()
        and text.rstrip().endswith((".", "!"))
        and (_VERB.search(text[len(heading) :] if headed else text) or (headed and _VERB.search(heading)))
    ):
        return text
    if headed and len(text) > len(heading) + 1:
        rest = text[len(heading) :].lstrip(" :—–-")
        if rest[:1].isupper() or rest[:1].isdigit() or rest[:1] in '"“(':
            return rest
    return _strip_caps_heading(text)


# A run of capitals at a sentence's start ("IMPORTANT INFO FOR MINOR DRIVERS LEARNER'S LICENSE Always drive ...").
_CAPS_RUN = re.compile(r"^(?:[A-Z0-9][A-Z0-9'’&/,-]*\s+){2,}(?=[A-Z][a-z])")
# A run of title-case words before the words that open a sentence ("Yellow Arrow A yellow arrow means").
_TITLE_RUN = re.compile(
    r"^(?:[A-Z0-9][\w'’/-]*\s+(?:(?:and|or|of|the|for|to|in|on|at|a|an|with|while)\s+)?){1,6}?"
    r"(?=(?:A|An|The|You|Your|If|When|Drivers?|Do|Never|Always|Any|All|It|This|These|Most|Each|Every|Before|After|"
    r"Once|Only|Motorists|Vehicles|Children|Use|Keep|Make|Stop|Slow|Yield|Turn|Move|Pull|Look|Check|Allow|Leave|"
    r"Wait|Stay|Watch|Signal|Under|Unless|In|On|At|Whenever|Be|There|Some|Many|Remember|Never|Where)\b\s+[a-z\w])"
)


def _strip_caps_heading(text: str) -> str:
    match = _CAPS_RUN.match(text)
    if match and not _VERB.search(match.group(0).lower()):
        return text[match.end() :]
    if text.isupper():
        # (A sentence all in capitals has no title run into it: "IF YOU FAIL A SKILLS TEST, YOU MUST WAIT ...".)
        return text
    match = _TITLE_RUN.match(text)
    if match and match.group(0).strip() and not _VERB.search(match.group(0)) and len(match.group(0).split()) >= 2:
        rest = text[match.end() :]
        if len(rest.split()) >= 4:
            return rest
    return text


# Where a run of labels gives way to a clause: "... For interstates 70 Rounding a Curve | The best way to handle a curve:".
_CLAUSE_START = re.compile(
    r"(?<=[a-z0-9)]) (?=(?:The|A|An|You|If|When|Do|Never|Always|Drivers?|Vehicles|It|In|On|At) [a-z])"
)


def _last_clause(text: str) -> str:
    """A lead-in without the labels run into it: from the last place a clause starts."""
    starts = [match.end() for match in _CLAUSE_START.finditer(text)]
    return text[starts[-1] :] if starts else text


# A span that ends on a word no sentence ends with, and with no stop: the page cut it there.
# (Not an item's "; or" / ", and": a list goes on after it.)
_CUT_OFF = re.compile(
    r"(?<![;,:])\s(?:a|an|the|and|or|to|of|if|with|for|by|your|is|are|that|has|have|will|must|may|should|shall|can)$",
    re.I,
)


# Which offence a row of a penalty list is for: "First offense", "2nd conviction", "Second or subsequent offense".
_OFFENCE_LABEL = re.compile(
    r"\b(?:1st|2nd|3rd|4th|first|second|third|fourth|subsequent)\b[^.:—–]{0,50}?\b(?:offen[cs]es?|convictions?|violations?)\b",
    re.I,
)
# Such a row: its label, then after a colon or a dash what it costs, with a figure. (Or after "is": "First
# offense is a Class 2 misdemeanor which is punishable by a fine and a 30-day loss of driver license.")
_PENALTY_ROW = re.compile(_OFFENCE_LABEL.pattern + r"[^.]{0,30}?(?:[:—–-]|\sis\b)[^.]{0,80}?\d", re.I)


# An empty cell of a table, and the fewest words a run of its rows has (a penalty table's lone row is shorter).
_NOT_APPLICABLE = re.compile(r"\bN/A\b")
TABLE_RUN_WORDS = 40
# A share told in words, of the times a thing happens ("the car driver is at fault more than half of the time"): a
# statistic too.
_SHARE_OF_THE_TIME = re.compile(
    r"\b(?:more than|over|nearly|almost|about)\s+(?:half|a third|one third|a quarter|two-thirds|two thirds)\s+of\s+"
    r"(?:the\s+time|(?:all|the)\s+(?:\w+\s+)?(?:crashes|collisions|deaths|fatalities|drivers))\b",
    re.I,
)
# A quotation's close and the name that signs it.
_SIGNED_QUOTE = re.compile(r"[.!?][\"”]\s*[–—-]\s*[A-Z][a-z]+\s+[A-Z][a-z]+")
# A run of letters of another script than the manuals' (Greek to Tibetan, Sinhala among them).
_ANOTHER_SCRIPT = re.compile(r"[\u0370-\u1fff]{2,}")


# A row of a list of amounts: an amount in dollars, then in words what it is for, to its stop; under a short label or not.
_AMOUNT_ROW = re.compile(r"^(?:[A-Z][A-Za-z ]{2,40}:\s*)?\$\s?\d[\d,]*(?:\.\d\d)?\s+[A-Z][a-z][^.;:$]{8,160}\.$")


def _role(text: str, lead: str) -> Role:
    words = text.split()
    if _LEADER_DOTS.search(text) or _CHAPTER.search(text) or "@" in text or _an_index(text):
        return TABLE
    # A sentence the page cut off ("If your car stalls on railroad tracks and it has a"), a
    # statistic, a pledge, or a diagram's labels.
    if _CUT_OFF.search(text) or _RISK_TIMES.search(text) or _PLEDGE.match(text) or _a_diagrams(text):
        return FRAGMENT
    if _STATISTIC.search(text) or _SHARE_OF_THE_TIME.search(text):
        return STATISTIC
    if _CROSS_REFERENCE.match(text):
        return FRAGMENT
    # Someone's own words, quoted and signed ("... pay attention to everyone else." –Patricia Abernathy, mother of
    # ..."): a story told, not a rule.
    if _SIGNED_QUOTE.search(text):
        return FRAGMENT
    # Words the page's font turned into another script ("඗ඞඍක 21 ඡඍඉකඛ"): not words a learner can read.
    if _ANOTHER_SCRIPT.search(text) or _ANOTHER_SCRIPT.search(lead):
        return FRAGMENT
    # An aside the page cut before it closed ("(In addition to ..., you may be convicted ... under W.S.").
    if text.startswith("(") and text.count("(") > text.count(")"):
        return FRAGMENT
    # A picture's labels, under the words that bring it in ("Below is an example of a 2-lane roundabout:").
    if (lead and _A_PICTURE.search(lead)) or (_A_PICTURE.match(text) and ":" in text[:-1]):
        return FRAGMENT
    about = _ABOUT_THE_BOOK.search(text)
    # Unless a rule runs before it on a page that glued the two ("Do not pass ... This Section Covers").
    if about and not _A_RULE_SAYS.search(text[: about.start()]):
        return FRAGMENT
    # A row of a penalty list, labelled by the offence it is for ("Second offense: Length of suspension:
    # 6 months.", "2nd conviction - 2 points and fine not more than $100.00"): the rule in the list's
    # own form, shown alone. (Not a table's run of several rows.)
    if penalty_row(text):
        return ITEM
    # A row of a list of amounts, under its label or not ("Minimum Amounts: $25,000 Bodily injury to or death of one
    # person in any one accident."): what each amount is for, in the list's own form.
    if _AMOUNT_ROW.match(text):
        return ITEM
    # A table's run of rows whose empty cells say so ("15 None N/A Front seat passenger must be ... 16 12 am—5 am
    # ... None N/A"): no one sentence of it to show.
    if len(words) >= TABLE_RUN_WORDS and len(_NOT_APPLICABLE.findall(text)) >= 2:
        return TABLE
    lowered = [word for word in words if word[:1].islower()]
    numbers = sum(bool(re.fullmatch(r"[$\d][\d,.%:$-]*", word)) for word in words)
    verb = bool(_VERB.search(text)) or (
        text.rstrip().endswith((".", ";")) and bool(_SENTENCE_VERB.search(text) or _IMPERATIVE.match(text))
    )
    if len(words) >= 6 and (len(lowered) < len(words) * 0.25 or numbers > len(words) * 0.3) and not verb:
        return TABLE
    # (A one-word item too, under a lead-in that ends on its colon: "traveling to or from: • Work".)
    if lead and (len(words) >= 2 or (lead.rstrip().endswith(":") and text[:1].isupper() and text.isalpha())):
        return ITEM
    capitalized = [word for word in words if word[:1].isupper()]
    if len(words) >= 5 and len(capitalized) > len(words) * 0.6 and not text.endswith((".", ";", ":")):
        return TABLE
    # (A sentence that opens on its case and goes on after a comma is one, whatever its verbs: "If your
    # accelerator pedal sticks, depress the clutch or shift it into neutral.")
    case_told = bool(_OPENS_ON_A_CASE.match(text)) and "," in text and len(words) >= CASE_WORDS
    if not verb and not _DOING_ITEM.match(text) and not case_told:
        return HEADING if len(words) <= 8 and not text.rstrip().endswith((".", ";")) else FRAGMENT
    if len(words) < 4:
        return FRAGMENT
    return RULE


# A book's index or contents run together: topics and the pages they are on ("Flaggers 78 Financial Responsibility 62-63
# Fog, Darkness 124 Following, Sight of Distance (4 second rule) 125"), and each entry as the page gives it.
_INDEX_ENTRY = re.compile(
    r"([A-Z][^\d]{2,60}?)\s+(\d{1,3})(?:\s*[-–]\s*\d{1,3})?(?:,\s*\d{1,3}(?:\s*[-–]\s*\d{1,3})?)*(?=\s+[A-Z]|\s*$)"
)
INDEX_ENTRIES = 5
INDEX_LETTERS = 3


def _an_index(text: str) -> bool:
    """Whether a piece is a book's index (its topics in the alphabet's order, each with its pages) or its contents
    (its pages in order): never a rule, whatever verbs its topics hold ("Headlights, use of 61, 116")."""
    entries = _INDEX_ENTRY.findall(text)
    if len(entries) < INDEX_ENTRIES:
        return False
    topics = [topic.strip() for topic, _ in entries]
    if len(set(topics)) < len(topics) * 0.8:
        # (A table's rows of one label: "Going 20 Going 30 Going 40".)
        return False
    letters = [topic[0].upper() for topic in topics]
    pages = [int(page) for _, page in entries]
    # (The alphabet's order across several letters; not a table of statutes, each "N.J.S.A. ...".)
    alphabetical = (
        len(set(letters)) >= INDEX_LETTERS and sum(a <= b for a, b in pairwise(letters)) >= (len(entries) - 1) * 0.9
    )
    # (Pages in order from a book's page; not a table of codes numbered from 1: "1 Corrective Lenses 2 ...".)
    paged = pages[0] >= 10 and sum(a < b for a, b in pairwise(pages)) >= (len(entries) - 1) * 0.9
    return alphabetical or paged


def _sentences(chunk: str) -> list[str]:
    """A run of text cut at its sentence ends, never after an abbreviation or inside a figure."""
    cuts: dict[int, int] = {}
    for match in _SENTENCE_END.finditer(chunk):
        # (The piece ends in the space after its stop: an abbreviation is read without it.)
        # (An abbreviation is a few letters: the last 30 characters before the stop hold any.)
        if not _NOT_AN_END.search(chunk[max(0, match.start() - 30) : match.start() + 1].rstrip().rstrip("\"'”’)")):
            cuts[match.start() + 1] = match.end()
    for match in _LABEL_AFTER.finditer(chunk):
        cuts.setdefault(match.start(1), match.end(1))
    for match in _AFTER_ADDRESS.finditer(chunk):
        # A web address that ends a sentence with no stop of its own ("... at the website below.
        # https://dmv.example.gov/hearings/ You must apply within seven days").
        cuts.setdefault(match.end(), match.end())
    parts: list[str] = []
    start = 0
    for end in sorted(cuts):
        if end <= start:
            continue
        parts.append(chunk[start:end])
        start = cuts[end]
    parts.append(chunk[start:])
    return [part.strip() for part in parts if part.strip()]


def _in_order(marks: list[re.Match[str]], value: Callable[[str], int]) -> list[re.Match[str]]:
    """The list marks that run in order (1, 2, 3 ... or a, b, c ...) two or more at a time."""
    runs: list[list[re.Match[str]]] = []
    for match in marks:
        if runs and value(match.group(1)) == value(runs[-1][-1].group(1)) + 1:
            runs[-1].append(match)
        else:
            runs.append([match])
    return [match for run in runs if len(run) >= 2 for match in run]


def _numbered_items(text: str) -> list[str]:
    """A run cut before each list number or letter, where two or more follow each other in order."""
    cuts = sorted(
        [*_in_order(list(_LIST_NUMBER.finditer(text)), int), *_in_order(list(_LIST_LETTER.finditer(text)), ord)],
        key=lambda match: match.start(),
    )
    if not cuts:
        return [text]
    pieces = [text[: cuts[0].start()]]
    for this, after in zip(cuts, [*cuts[1:], None], strict=True):
        pieces.append(text[this.end() : after.start() if after is not None else len(text)])
    return [piece for piece in pieces if piece.strip()]


# A practice quiz: a heading that names one, and lettered answer choices ("a. ... b. ... c. ...").
_QUIZ_HEADING = re.compile(
    r"\b(?:test your knowledge|study questions|sample (?:knowledge )?(?:test )?questions|practice (?:test )?questions"
    r"|review questions|select the (?:alternative|choice))\b",
    re.I,
)
_CHOICES = re.compile(r"(?:^|(?<=\s))a[.)]\s+\S.{0,300}?\sb[.)]\s+\S.{0,300}?\sc[.)]\s+\S", re.S)
# A true-or-false quiz's numbered blank ("25. _____ The State has established ...").
_BLANK_ITEM = re.compile(r"(?:^|(?<=\s))\d{1,3}\.\s*_{3,}")
# A quiz question's number before its choices ("3. Where should you place a child ...? a. ...").
_STEM_NUMBER = re.compile(r"(?:^|\s)\d{1,3}[.)]\s")
# Numbered choices that end on "All of the above are correct" are a quiz's, however its stem ends
# ("When you see a pedestrian with a white cane ... you should know: 1. ... 4. All of the above").
_OF_THE_ABOVE = re.compile(r"(?:^|\s)\d[.)]\s+(?:all|none|both) of the above\b", re.I)
_FIRST_CHOICE = re.compile(r"(?:^|\s)1[.)]\s")
# A numbered question whose choices are capital letters ("15. Emergency crossovers on the interstate are legal in
# Tennessee for: A. Making a U-Turn when you missed your exit. B. ..."): a quiz, where a list of rules lettered so
# ("A. A child under one year old ... must be in ...") has no numbered stem that ends on its colon or question mark.
_CAPITAL_CHOICES = re.compile(
    r"(?:^|(?<=\s))\d{1,3}[.)]\s+[^.?!]{5,300}?[?:]\s+A[.)]\s+\S.{0,300}?\sB[.)]\s+\S.{0,300}?\sC[.)]\s+\S", re.S
)
# A passage that opens on the last choices of a quiz question the passage before it asked ("C. Should always be at a
# level even with the back of head. Page 27 2. The driver should ...").
_OPENS_ON_A_CHOICE = re.compile(r"^[B-E][.)]\s")


def _quiz_start(body: str) -> int:
    """Where a practice quiz begins in a passage's text; its length when it holds none.

    A quiz is two or more questions with lettered choices, or one whose choices follow a
    question mark or a heading that names a quiz, or a numbered blank to fill in, or a numbered
    question with capital-lettered choices.
    """
    capital = _CAPITAL_CHOICES.search(body)
    if capital is not None:
        return 0 if _OPENS_ON_A_CHOICE.match(body) else min(capital.start(), _quiz_start_lettered(body))
    return _quiz_start_lettered(body)


def _quiz_start_lettered(body: str) -> int:
    """_quiz_start for a quiz whose choices are lower-case letters or numbers, or a blank to fill in."""
    blank = _BLANK_ITEM.search(body)
    above = _OF_THE_ABOVE.search(body)
    if above is not None:
        firsts = list(_FIRST_CHOICE.finditer(body, 0, above.start()))
        if firsts:
            # From the sentence that asks it: the one the first choice follows.
            stem = max(body.rfind(end, 0, firsts[-1].start()) for end in (". ", "? ", "! "))
            return stem + 2 if stem >= 0 else 0
    choices = list(_CHOICES.finditer(body))
    named = _QUIZ_HEADING.search(body)
    if not choices:
        return blank.start() if blank is not None else len(body)
    first = choices[0].start()
    asked = body[:first].rstrip().endswith("?")
    if len(choices) < 2 and not asked and named is None:
        return len(body)
    stems = [each.start() for each in _STEM_NUMBER.finditer(body, max(0, first - 300), first)]
    start = stems[-1] if stems else first
    if named is not None and named.start() < start:
        start = named.start()
    return min(start, blank.start()) if blank is not None else start


# A list's last item with the paragraph after it run into it, the page's line break lost and the item
# ending on no stop: "• NO wireless communication devices while driving except ... summon emergency help
# After age 16 and Restricted License has been held for 6 months then all age-related driving restrictions are
# removed." The paragraph opens on a word that opens sentences, after a lower-case word, and ends on a stop.
_RUN_ON_OPENING = re.compile(
    r"(?<=\s)(?=(?:After|If|When|Once|Until|Unless|All|You|Your|Drivers?|This|These|In|At|For|Before|During|While"
    r"|It|They|Those|A|An|The)\s+[a-z0-9])"
)
# The fewest words of an item, and of the paragraph run into it, for either to be read as one.
RUN_ON_ITEM_WORDS = 3
RUN_ON_WORDS = 6


def _run_on(item: str) -> tuple[str, str]:
    """A list's last item and the paragraph the page ran into it ("", when it ran none in)."""
    for match in _RUN_ON_OPENING.finditer(item):
        head, rest = item[: match.start()].rstrip(), item[match.start() :].strip()
        before = head.rsplit(None, 1)[-1] if head else ""
        if not before.islower() or re.search(r"[.!?:;]", head):
            # (After a name, "a Class A misdemeanor", the letter is no sentence's first word; and an item
            # that has ended a sentence already is read by its sentences.)
            continue
        if (
            len(head.split()) >= RUN_ON_ITEM_WORDS
            and len(rest.split()) >= RUN_ON_WORDS
            and rest.endswith((".", "!", "?"))
        ):
            return head, rest
        # (Only the first such opening is read: a later one is inside the paragraph, or the item goes on.)
        return item, ""
    return item, ""


# A label run into a list item before its sentence: "Darkness- It is harder ...", "Rain, Fog, or Snow- If you ...".
_RUN_IN_LABEL = re.compile(r"^([A-Z][A-Za-z]*(?:(?:,\s?|\s|/)[A-Za-z]+){0,4})\s?[-–—]\s+(?=[A-Z])")


@lru_cache(maxsize=1 << 15)
def spans_of(law: Law) -> tuple[Span, ...]:
    """A law's spans, in order. A card is one rule; a passage is cut into sentences and list items."""
    if law.origin == "card":
        return (Span(clean(law.law), RULE),)
    heading = law.question.strip()
    # A manual's practice quiz is not its rules: its answer choices ("Safety belts: do not need to
    # be worn if your vehicle has air bags") are wrong as often as right. Only what comes before it is read.
    body = law.law[: _quiz_start(law.law)]
    chunks = [piece for piece in _BULLET.split(body) if piece.strip()]
    # Where the list ends: its last item, when the page ran the paragraph after it into it.
    list_ends = len(chunks)
    if len(chunks) > 1:
        item, after = _run_on(chunks[-1])
        if after:
            chunks[-1:] = [item, after]
            list_ends = len(chunks) - 1
    found: list[Span] = []
    lead = ""
    # The heading nearest above, inside the passage ("ACCELERATOR JAMMED", then "DISABLED VEHICLE").
    under = ""
    # A passage that opens inside a list (its lead-in on an earlier page or passage) reads with its heading.
    opens_in_list = bool(body) and not body.startswith(heading) and bool(_NEEDS_LEAD.match(body))
    for number, chunk in enumerate(chunks):
        bulleted = (0 < number < list_ends) or (number == 0 and body[:1] in "•◆▪●■♦")
        # A list item that opens on a label run into it ("• Darkness- It is harder to see ...") is told under
        # it, and so are the sentences that go on in the item ("Your headlights let you see about 400 feet").
        label = _RUN_IN_LABEL.match(chunk.strip()) if bulleted else None
        title, dotted = dotted_rows(chunk.strip())
        if dotted:
            # A table led by dots: each row is an item of the title above it, or of the list's lead-in; with
            # neither, a row still states its label's figure ("Careless driving 4 points"), alone.
            row_lead = clean(title) or lead
            for row in dotted:
                found.append(Span(clean(row), ITEM, row_lead, len(found), under=under))
            continue
        items = _numbered_items(chunk)
        for part_at, part in enumerate(items):
            in_list = bulleted or part_at > 0 or (len(items) > 1 and part_at == 0 and opens_in_list)
            sentences = _sentences(part)
            for at, sentence in enumerate(sentences):
                whole = sentence
                if not found and at == 0 and part_at == 0:
                    sentence = _without_heading(sentence, heading)
                else:
                    sentence = _strip_caps_heading(sentence)
                title = clean(whole[: len(whole) - len(sentence)].strip(" :—–-"))
                if sentence is not whole and title and len(title.split()) <= CAPS_HEADING_WORDS:
                    # A title run into the sentence ("Tire Blowout If a tire suddenly goes flat:") heads it.
                    under = title
                text = clean(sentence)
                if not text:
                    continue
                rows = _table_rows(text) or _lone_row(text)
                if not rows and bulleted and (lead or heading) and _one_row(text):
                    # A table of points laid out one row to a bullet ("• Following Too Closely 3 Points") under
                    # its lead-in or its heading ("THE ALABAMA POINT SYSTEM"): each row is an item of it.
                    rows = [(lead or heading, text)]
                if rows:
                    # A table of rows the page ran together ("... include: Failure to use headlights 2 points
                    # Following another vehicle too closely 6 points ..."): each row is an item of its lead-in.
                    for row_lead, row in rows:
                        found.append(Span(row, ITEM if row_lead else _role(row, ""), row_lead, len(found), under=under))
                    continue
                its_lead = ""
                # A sentence ending on a colon is a lead-in itself, never an item of the list it opens.
                opens_a_list = text.endswith(":")
                if at == 0 and in_list and not (opens_a_list and not lead):
                    its_lead = lead or ((under or heading) if _NEEDS_LEAD.match(text) and (under or heading) else "")
                    if not its_lead and under and bulleted and _SHORT_STEP.match(text):
                        # A short step in a bulleted list under a heading that names its case ("BRAKES FAIL
                        # • Use parking brake. • Shift to lower gear."): the heading is its lead-in.
                        its_lead = under
                elif (
                    at == 0 and not found and opens_in_list and heading and _NEEDS_LEAD.match(text) and not opens_a_list
                ):
                    its_lead = heading
                if _LEADER_DOTS.search(its_lead) or not re.search(r"[A-Za-z]{2}", its_lead):
                    # A contents line the page left above the list ("How To Make A Left Turn ...... 19:"), or
                    # its page number alone, leads nothing.
                    its_lead = ""
                role = _role(text, its_lead)
                found.append(
                    Span(
                        text,
                        role,
                        clean(its_lead) if its_lead else "",
                        len(found),
                        under=under,
                        label=label.group(1).strip() if label else "",
                    )
                )
                if (role == HEADING and not text.endswith(":")) or (
                    role == TABLE and text.isupper() and len(text.split()) <= CAPS_HEADING_WORDS
                ):
                    # (A line in capitals is a heading too: "VEHICLE APPROACHING IN YOUR LANE".)
                    under = text
            if sentences and sentences[-1].rstrip().endswith(":") and found:
                lead = found[-1].shown if found[-1].role in SHOWABLE else _last_clause(found[-1].text)
            elif not bulleted and len(items) == 1:
                lead = ""
    spans = _lead_ins_of_nothing(_captions_as_diagrams(tuple(found)))
    # A rule's next sentence, for one that reads best with it (a short one, or one that ends on a colon);
    # and the one before a sentence that goes on from it, with what that one goes on from in turn ("If
    # convicted, ..." after "If you don't, ..." after the rule for the school bus).
    befores: list[str] = []
    for at in range(len(spans)):
        before = _goes_on_from(spans, at)
        if before and at and before.endswith(spans[at - 1].text) and befores[at - 1]:
            before = f"{befores[at - 1]} {before}"
        befores.append(before)
    return tuple(
        Span(
            span.text,
            span.role,
            span.lead,
            span.at,
            _next_showable(spans, at),
            befores[at],
            span.under,
            span.label,
        )
        for at, span in enumerate(spans)
    )


# A lead-in that ends on what is to be done, left to its items: "drivers should:", "follow these steps:".
_LEADS_ONLY = re.compile(
    r"\b(?:should|must|shall|can|may|need to|needs to|have to|has to|do|try to|the following|these steps|these rules"
    r"|follows|as follows|include|includes)\s*:$",
    re.I,
)


def _lead_ins_of_nothing(spans: tuple[Span, ...]) -> tuple[Span, ...]:
    """A lead-in whose items are none of them showable, or that ends its passage, leads nothing: "a crash on a road
    with a speed limit of 65 mph or higher is:" before "More than twice as likely to result in death ..." is no rule
    alone."""
    out = list(spans)
    for at, span in enumerate(spans):
        if not span.text.endswith(":") or span.role not in SHOWABLE:
            continue
        leading = clean(span.shown)
        items = []
        for later in spans[at + 1 :]:
            if later.lead != leading:
                break
            items.append(later)
        if items and all(item.role in (FRAGMENT, STATISTIC) for item in items):
            out[at] = replace(span, role=FRAGMENT)
        elif at == len(spans) - 1 and _LEADS_ONLY.search(span.text):
            # (Nor one the passage ends on, its list left on the next page, that says nothing till its items do: "In
            # the event that the brakes stop working ..., drivers should:" alone answers nothing. One that says its
            # rule does: "... shall not drive a motor vehicle containing more than one passenger under the age of 18,
            # unless:".)
            out[at] = replace(span, role=FRAGMENT)
    return tuple(out)


# The fewest words of a sentence read as one for opening on its case.
CASE_WORDS = 6
# The most words of a line in capitals read as a heading.
CAPS_HEADING_WORDS = 8
# A step of a few words, told what to do ("Use parking brake.", "Shift to neutral."): no rule alone.
_SHORT_STEP = re.compile(
    rf"^(?:(?:do not|don't|never)\s+)?(?:{_TO_DO}|rub|slap|concentrate|grip|downshift|swerve|drop|lift)\b(?:\s+\S+){{0,5}}$",
    re.I,
)


# A table's row ends on its figure and unit ("Following another vehicle too closely 6 points"), the next row
# opening at once on a capital or a figure; a lead-in before rows ends on a colon.
# (Points only: a table of days or months runs its columns together as often as its rows, "8 to 11 in any 12
# months Warning letter 12 to 17 in any 12 months 30-day suspension".)
_ROW_END = re.compile(r"\b\d{1,2}\s+points?\b(?=\s+[A-Z0-9]|\s*$)", re.I)
# A row's label is two words or more before its figure.
ROW_LABEL_WORDS = 2
_A_WORD = re.compile(r"\b[A-Za-z]{2,}\b")
_ROW_LEAD = re.compile(r"^(.*:)\s+(?=\S)")
# The fewest rows a run of them must have to be read as a table, and the most words a row may have.
TABLE_ROWS = 3
ROW_WORDS = 14


def _table_rows(text: str) -> list[tuple[str, str]]:
    """The rows of a table the page ran into one line, each with the lead-in above it ("" for none); [] where
    `text` is not such a run (fewer than TABLE_ROWS rows, or a row too long to be one)."""
    ends = list(_ROW_END.finditer(text))
    if len(ends) < TABLE_ROWS:
        return _points_column_rows(text)
    rows: list[tuple[str, str]] = []
    lead = ""
    start = 0
    for end in ends:
        piece = text[start : end.end()].strip()
        start = end.end()
        said = _ROW_LEAD.match(piece)
        if said:
            lead, piece = said.group(1).strip(), piece[said.end() :].strip()
        if not _is_row(piece, end.group(0)):
            return []
        rows.append((lead, piece))
    rest = text[start:].strip()
    if rest:
        # (What follows the last row is a row too, unless it is a sentence of its own: "Points stay active ...".)
        rows.append((lead if len(rest.split()) <= ROW_WORDS and not rest.endswith(".") else "", rest))
    return rows


# A table whose column of figures its header names points ("Points are assessed as follows: Conviction Points Driving
# While Intoxicated (DWI/DUI) 10* Reckless Driving 8 Eluding/Attempting to Elude 6"), each row ending on its figure
# alone (not on a speed or a length in its label: "Unlawful speed 15 MPH or less").
_POINTS_COLUMN = re.compile(r"\b(?:Convictions?|Violations?|Offen[cs]es?)\s+Points\b")
_BARE_ROW_END = re.compile(
    r"(?<![\d.,/-])\b\d{1,2}\*?(?=\s+[A-Z(]|\s*$)(?!\s+(?:MPH|Mph|Miles?|Feet|Days?|Months?|Years?|Hours?|Points?)\b)"
)


def _points_column_rows(text: str) -> list[tuple[str, str]]:
    """The rows of a table of points under a header that names its column (_POINTS_COLUMN), each led by that header
    ("Conviction Points"), with the words before the header as a piece of their own; [] where `text` is none."""
    header = _POINTS_COLUMN.search(text)
    if header is None:
        return []
    rows: list[tuple[str, str]] = []
    start = header.end()
    for end in _BARE_ROW_END.finditer(text, header.end()):
        piece = text[start : end.end()].strip()
        start = end.end()
        if len(piece.split()) > ROW_WORDS or "." in piece or not _A_WORD.search(piece):
            return []
        rows.append((header.group(0), piece))
    if len(rows) < TABLE_ROWS:
        return []
    before = text[: header.start()].strip()
    rest = text[start:].strip()
    return [("", before)] * bool(before) + rows + [("", rest)] * bool(rest)


def _is_row(piece: str, figure: str) -> bool:
    """Whether `piece`, which ends on its `figure` ("3 Points"), is a table's row: ROW_WORDS words at most, no
    sentence's stop, and a label of ROW_LABEL_WORDS words or more before the figure."""
    label = _A_WORD.findall(piece[: len(piece) - len(figure)])
    return len(piece.split()) <= ROW_WORDS and "." not in piece and len(label) >= ROW_LABEL_WORDS


def _one_row(text: str) -> bool:
    """Whether `text` is one row of a table of points and nothing else ("Following Too Closely 3 Points")."""
    piece = text.rstrip()
    end = _ROW_END.search(piece)
    return end is not None and end.end() == len(piece) and _is_row(piece, end.group(0))


# A table's first row the page cut from the rest, left under its lead-in at a passage's end: "Periods of
# Suspension: First Suspension 60 days".
_LONE_ROW = re.compile(
    r"^([A-Z][^:.;]{2,50}:)\s+([A-Z][A-Za-z]+(?:\s+[A-Za-z]+){0,4}\s+\d[\d,]*\s+"
    r"(?:days?|weeks?|months?|years?|hours?|points?))$"
)


def _lone_row(text: str) -> list[tuple[str, str]]:
    """A lone row under its lead-in (_LONE_ROW) as one row of it; [] for any other text."""
    found = _LONE_ROW.match(text)
    return [(found.group(1), found.group(2))] if found else []


def penalty_row(text: str) -> bool:
    """Whether a text is one row of a list of penalties: one offence's label, then what it costs ("First Offense:
    Between 20 to 60 hours of community service.")."""
    return bool(_PENALTY_ROW.match(text)) and len(_OFFENCE_LABEL.findall(text)) == 1


def _goes_on_from(spans: tuple[Span, ...], at: int) -> str:
    """The sentence a span goes on from: the one before it, where it opens so ("So be sure ...") or names
    it as "this law"; for a row of a penalty list, the sentence before the list ("If you are younger than
    21 ... you will be suspended" before "Second or subsequent offense: ... 6 months."). "" for none."""
    text = spans[at].text
    if at and _led_by_this_law(spans[at]):
        # An item of a list of penalties for "this law" ("Violating this law is a misdemeanor with the following
        # penalties: • A $110 fine and one point") goes on from what its lead-in goes on from: the rule.
        led_by = next((back for back in range(at - 1, -1, -1) if spans[back].text == spans[at].lead), None)
        if led_by is not None:
            return _goes_on_from(spans, led_by)
    if at and _THIS_LAW.search(text[:100]) and not _GOES_ON.match(text):
        # A penalty for breaking "this law" ("A first violation of this law can cause a license suspension and a
        # $250 fine.") is for the rule the run of sentences before it states, back to the one that says what
        # must or must not be done ("If a school bus ... has its lights flashing ..., you must stop. It is the
        # law. ... Remain stopped until ..."); where no sentence near before it says so, for the one before it.
        rule = _rule_before(spans, at)
        return " ".join(span.text for span in spans[at - 1 if rule is None else rule : at])
    if at and (
        _GOES_ON.match(text)
        or _ENDS_ON_IT.match(text)
        or _ON_ITS_CASE.match(text)
        or _ends_on_the_one_before(text, spans[at - 1].text)
        # (Or whose subject is "they", those the one before names: "They will activate the lights at least 300 feet
        # before it stops ...", after "Bus drivers will activate flashing yellow lights ...".)
        or (_THEY_DO.match(text) and spans[at - 1].role in SHOWABLE and spans[at - 1].lead == spans[at].lead)
    ):
        return spans[at - 1].text
    if at and (
        (_BARE_PENALTY.match(text) and not _OPENS_ON_A_CASE.match(text) and not _NAMES_ITS_OFFENCE.search(text))
        or _IF_CONVICTED.match(text)
    ):
        # A penalty that names no offence ("Drivers face a fine of $100 for a first offense", "The penalty
        # is a $100 fine.") is the penalty for the rule the run of sentences before it states: those back
        # to the one that names what is forbidden ("Using a hand-held phone while driving is illegal").
        back = at - 1
        while back > 0 and at - back < _STEPS_BACK and spans[back - 1].lead == spans[at].lead:
            if _FORBIDDEN.search(spans[back].text):
                break
            back -= 1
        return " ".join(span.text for span in spans[back:at])
    if at and _THIS_RULE.match(text):
        # "This defense only applies to ..." after a list speaks of what the list's lead-in does.
        return spans[at - 1].lead or spans[at - 1].text
    if at and _THESE_ONES.match(text):
        # Those the sentence before names, told again only as "these": "These vehicles must stop at every railroad
        # crossing", after the sentence naming school buses and trucks with hazardous loads.
        return spans[at - 1].text
    if at and spans[at].lead and _THESE_ONES.match(spans[at].lead):
        # And an item of a list whose lead-in names them so ("These individuals may avoid prolonged waits at red
        # lights under the following condition:", after "Often people who are operating motorcycles ... get stuck
        # at a red light") goes on from what its lead-in goes on from.
        led_by = next((back for back in range(at - 1, -1, -1) if spans[back].shown == spans[at].lead), None)
        if led_by:
            return spans[led_by - 1].text
    if _AN_INSTRUCTION.match(text) and not _CONDITION.match(text) and _A_DIGIT.search(text):
        # An instruction that names no case of its own and gives a figure ("Slow your speed to about 15
        # to 20 mph.") is told for the case the sentence before it opens on ("When entering the roundabout
        # ..."), or that an instruction or two before it goes on from, in the same run of sentences.
        # (Not one without a figure: "Avoid stopping your vehicle on or near freeway ramps", after "If you
        # need assistance, pull over onto the right shoulder", is a rule of its own.)
        back = at - 1
        while back >= 0 and at - back <= _STEPS_BACK and spans[back].lead == spans[at].lead:
            if _OPENS_ON_A_CASE.match(spans[back].text):
                return spans[back].text
            if not _AN_INSTRUCTION.match(spans[back].text):
                break
            back -= 1
    if not penalty_row(text):
        return ""
    back = at - 1
    while back >= 0 and penalty_row(spans[back].text):
        back -= 1
    return spans[back].text if back >= 0 else ""


def _rule_before(spans: tuple[Span, ...], at: int) -> int | None:
    """Where the nearest sentence before `at` that says what must or must not be done stands, in the same run of
    sentences (back to the passage's first, whatever heading leads it in) and no more than _LAW_STEPS_BACK back;
    None for none."""
    for back in range(at - 1, max(at - _LAW_STEPS_BACK, 0) - 1, -1):
        if _FORBIDDEN.search(spans[back].text) or _REQUIRED.search(spans[back].text):
            return back
        if back > 1 and spans[back - 1].lead != spans[at].lead:
            return None
    return None


# Or that opens on a case of the rule before it, naming that rule by no more than "it" or nothing at all.
_ON_ITS_CASE = re.compile(
    # Not doing what it says: "If you don't, you can be charged with a misdemeanor.", after "you must remain stopped
    # until the stop arm is retracted".
    r"^(?:if|when)\s+(?:you|they|he|she|drivers?|the driver)\s+(?:don't|do not|doesn't|does not|fail to do so|"
    r"fails to do so|refuse to do so|refuses to do so)\s*,"
    # A later offence: "If it is a second or subsequent offense, your driving privileges will be suspended for 545
    # days.", after the first refusal's.
    r"|^(?:if|when)\s+(?:it|this|that)\s+is\s+(?:a|your|the)\s+(?:second|third|2nd|3rd|subsequent|repeat|later)\b"
    # Another age, with no one named: "If under 21, the license will be revoked for 2 years for the first offense",
    # after the rule for one who refuses a chemical test.
    r"|^(?:if|when)\s+(?:under|over|younger than|older than|below|above)\s+(?:the\s+)?(?:age\s+(?:of\s+)?)?\d{1,2}\b"
    r"(?:\s*(?:years?(?:\s+(?:of\s+age|old))?))?\s*,"
    # Refusing "the test" the sentence before names: "If you refuse to take the test or do not comply with being
    # tested, your driver license will be revoked for 1 year", after "officers can require you to take a chemical
    # test of your blood, breath, saliva or urine".
    r"|^(?:if|when)\s+(?:you|a driver|the driver|a person|the person)\s+refuses?\s+"
    r"(?:to\s+(?:take|submit\s+to|complete|do)\s+)?(?:the|this|that|such\s+an?)\s+tests?\b",
    re.I,
)


# A short sentence whose thing is only a pronoun for the one before it: "You may not drive with it.", after
# "A Vermont license that has expired for more than 14 days is not a valid license."
_ENDS_ON_IT = re.compile(r"^(?:[\w']+\s+){1,7}(?:it|them)\.$", re.I)


# Or a short one that ends on a thing the sentence before it names, as "the" one: "Do not drive around the
# gate.", after "At some crossings there is also a crossing gate that will lower when a train is coming."
_ENDS_ON_THE = re.compile(r"^(?:[\w']+\s+){1,6}the\s+([a-z]{3,})\.$", re.I)


_A_WORD = re.compile(r"\w+")


def _ends_on_the_one_before(text: str, before: str) -> bool:
    found = _ENDS_ON_THE.match(text)
    return found is not None and found.group(1).lower() in _A_WORD.findall(before.lower())


# Or that names the act the sentence before it tells only as doing so: "The minimum fine for doing so is $250."
_DOING_SO = re.compile(r"\b(?:for|by|of|after|when|while) doing (?:so|this|that)\b", re.I)


def reads_after(span: Span) -> bool:
    """Whether a span is said after the sentence it goes on from: its pronoun (or "this law", or a penalty of
    no offence of its own) stands for it."""
    return bool(span.before) and bool(
        _ENDS_ON_IT.match(span.text)
        or _ends_on_the_one_before(span.text, span.before)
        or _DOING_SO.search(span.text)
        or penalty_after(span)
    )


def penalty_after(span: Span) -> bool:
    """Whether a span is a penalty for the rule just before it, named as "this law" or not at all ("Violation
    carries a $25 fine."): said after that rule's own sentence (the last of what it goes on from)."""
    return bool(span.before) and bool(
        _THIS_LAW.search(span.text) or _BARE_PENALTY.match(span.text) or _led_by_this_law(span)
    )


def _led_by_this_law(span: Span) -> bool:
    """Whether a list item's lead-in names the rule before it as "this law" ("Violating this law is a misdemeanor
    with the following penalties:")."""
    return bool(span.lead) and bool(_THIS_LAW.search(span.lead[:100]))


def last_sentence(text: str) -> str:
    """The last sentence of a text, cut as a passage's sentences are (never after "a.m." or "R.S.")."""
    parts = _sentences(text)
    return parts[-1] if parts else text


# How a sentence opens that goes on from the one before it: "So be sure to leave a safe distance,
# about eight to ten seconds" says so of "when driving on snow or ice", the sentence it follows.
_GOES_ON = re.compile(
    r"(?:So|Therefore|Thus|Because of this|For this reason|That is why|This is why|In these conditions|"
    r"Under these conditions|In such conditions|At such times|At these times)\b,?\s",
)

# An instruction: a sentence that opens on what to do ("Slow your speed", "Quickly shift to neutral").
_AN_INSTRUCTION = re.compile(
    rf"^(?:(?:then|also|next|now|first|quickly|slowly|gently|immediately|carefully|always|never|do not|don't)\s+)*"
    rf"{_TO_DO}\b(?!\s+(?:is|are|was|were|signs?|signals?|lights?|lines?|lanes?|zones?|bars?)\b)",
    re.I,
)
# A sentence that opens on the case it is told for ("When entering the roundabout", "If your brakes fail").
_OPENS_ON_A_CASE = re.compile(r"^(?:if|when|whenever|while|once|as soon as|in case)\b", re.I)
_A_DIGIT = re.compile(r"\d")
# How far back an instruction looks for that case: the sentence before it, or past one or two more instructions.
_STEPS_BACK = 3

# Or that names the rule before it only as "this law": "Any person who violates this law shall be subject
# to a fine not to exceed $25" is the fine for not wearing the seat belt the sentence before requires.
_THIS_LAW = re.compile(
    r"\b(?:violat\w*|break\w*|disobey\w*|(?:fail\w*|refus\w*) to (?:comply with|obey|follow))\s+"
    # ("Violation of any of the above restrictions will result in ...")
    r"(?:(?:of|with)\s+)?(?:any\s+(?:of\s+)?)?(?:this|that|these|those|the above)\s+"
    r"(?:laws?|rules?|requirements?|sections?|statutes?|provisions?|restrictions?)\b"
    # (Or the law just told, as "the law", in a sentence: "A driver who violates the law will be fined $20." Not
    # "breaks the law", which is any law: "A license ... can be suspended ... when the driver breaks the law"; nor a
    # heading in capitals, "PENALTIES FOR VIOLATING THE LAW:", which is read as before.)
    r"|(?-i:\bviolat[a-z]*\s+the\s+law\b)",
    re.I,
)

# A penalty said with no offence of its own: "Drivers face a fine of $100 for a first offense and $250 for
# subsequent violations", "The penalty is a $100 fine", "Fines range from $50 to $200".
_BARE_PENALTY = re.compile(
    r"^(?:(?:the|a|any|drivers?|violators?|offenders?|you)\s+)?(?:(?:can|could|may|will|shall)\s+)?"
    # ("The minimum fine for doing so is $250.")
    r"(?:(?:minimum|maximum|max|usual|standard|base|total|possible)\s+)?"
    r"(?:face|faces|be fined|pay|(?:first\s+)?fines?|penalt(?:y|ies)|punishments?)\b"
    # ("Violations can result in a fine not to exceed Fifty Dollars")
    r"|^(?:a\s+|any\s+)?violations?\s+(?:(?:can|could|may|will|shall)\s+(?:result in|lead to|bring|carry)"
    # ("Violation carries a $25 fine.")
    r"|(?:results in|leads to|brings|carries))\b",
    re.I,
)
# (Not one that names the offence it is told for, under a heading that opens on "Penalties": "Penalties for any
# step 2 first-year restricted license violations If a restricted driver violates any of the license restrictions,
# he/she will be penalized.")
_NAMES_ITS_OFFENCE = re.compile(
    r"\b(?:if|when|whenever)\s+(?:(?:a|an|the|any)\s+)?(?:[\w/-]+\s+){0,3}?(?:violates?|breaks?|disobeys?)\s+"
    r"(?!(?:this|that|these|those|the above)\b)",
    re.I,
)
# Or one told for a conviction of nothing named ("If convicted, you must pay a fine of at least $500"): of the
# rule before it.
_IF_CONVICTED = re.compile(
    r"^(?:(?:if|when|once)\s+(?:you\s+are\s+|you're\s+|a\s+(?:driver|person)\s+is\s+)?convicted|upon\s+(?:a\s+)?conviction)\s*,",
    re.I,
)


def penalty_for_the_rule_before(text: str, before: str) -> bool:
    """Whether a sentence is the penalty for the rule told before it: naming that rule as "this law" ("A first
    violation of this law can cause ... a $250 fine"), or opening on a conviction after a sentence that charges
    whoever does not keep it ("If you don't, you can be charged with a misdemeanor. If convicted, you must pay a fine
    of at least $500", after "you must remain stopped until the stop arm is retracted"). (Not a conviction after
    another sentence: "A conviction is not required. If you are convicted, your license will be suspended for one
    year" is for using a false license, not for what the rule before that forbids.)"""
    return bool(_THIS_LAW.search(text) or (_IF_CONVICTED.match(text) and _CHARGED_IF_NOT.search(before)))


# Whoever does not keep the rule just told, told so with the rule left out: "If you don't, you can be charged".
# (Not "You can face penalties even if you do not attempt to purchase alcohol", a case of its own.)
_CHARGED_IF_NOT = re.compile(
    r"(?:^|[.!?]\s+)(?:if|when)\s+(?:you|they|a driver|the driver|a person)\s+"
    r"(?:don[’']t|do not|doesn[’']t|does not|fail to do so|fails to do so)\s*,",
    re.I,
)


# What a rule requires ("you must stop"), and how far back a penalty for "this law" looks for it.
_REQUIRED = re.compile(r"\b(?:must|shall|required|have to|has to)\b", re.I)
_LAW_STEPS_BACK = 5
# A sentence that says what is forbidden, which such a penalty is for.
_FORBIDDEN = re.compile(
    r"\b(?:illegal|unlawful|not legal|against the law|prohibit\w*|not allowed|must not|may not|shall not|cannot|can't|"
    r"do not|don't|never|banned|forbidden|violation)\b",
    re.I,
)

# Or that opens by naming the rule before it so: "This defense only applies to violations ...", after
# the list of when a bicycle not detected at a light may go on red.
# A sentence whose subject is those the one before it names: "These vehicles", "Those drivers", "Such individuals".
_THESE_ONES = re.compile(
    r"^(?:these|those|such)\s+(?:individuals|people|persons|drivers|operators|riders|motorists|vehicles|trucks|"
    r"buses|cyclists|bicyclists|pedestrians)\b",
    re.I,
)


_THIS_RULE = re.compile(
    r"^(?:this|that|such an?|these|those)\s+(?:defen[cs]es?|exceptions?|exemptions?|rules?|laws?|provisions?)\s+"
    r"(?:only\s+)?(?:appl(?:y|ies)|does not apply|do not apply)\b",
    re.I,
)


# A passage of many short sentences standing alone is the text of a figure or a table of
# signs ("Do not exceed posted speed." "Trucks must use right lane." under their pictures):
# each caption belongs to a picture the learner cannot see, so none is an answer.
CAPTION_WORDS = 7
CAPTIONS_FROM = 5
CAPTION_SHARE = 0.6


def _captions_as_diagrams(spans: tuple[Span, ...]) -> tuple[Span, ...]:
    rules = [span for span in spans if span.role == RULE]
    short = [span for span in rules if len(span.text.split()) <= CAPTION_WORDS]
    if len(rules) < CAPTIONS_FROM or len(short) < CAPTION_SHARE * len(rules):
        return spans
    return tuple(
        Span(span.text, TABLE, span.lead, span.at, under=span.under, label=span.label)
        if span.role == RULE and len(span.text.split()) <= CAPTION_WORDS
        else span
        for span in spans
    )


def _next_showable(spans: tuple[Span, ...], at: int) -> str:
    after = spans[at + 1] if at + 1 < len(spans) else None
    if after is None or after.role not in SHOWABLE:
        return ""
    # An item goes without the lead-in it shares with the span before, or that the span before is.
    return after.text if after.lead and after.lead in (spans[at].lead, spans[at].shown) else after.shown


# --- the figures a span states ----------------------------------------------------


@dataclass(frozen=True)
class Stated:
    """A figure of a kind in a span: its number and its words there ("15 feet")."""

    figure: str
    words: str


_ALCOHOL = _pattern(
    r"\b(?:alcohol|bac|bal|blood|breath|concentration|dui|dwi|owi|ovi|intoxicat\w*|influence|impaired)\b"
)


_VAGUE = re.compile(r"\b(?:a few|several|many)\s*$", re.I)
# A BAC stated as none at all: the limit for drivers under 21 in many states ("fail the test with
# a blood alcohol concentration of any amount", "any detectable amount of alcohol").
_ANY_ALCOHOL = re.compile(
    r"\bany (?:detectable |measurable )?(?:amount|trace|level|concentration) of (?:blood )?alcohol\b"
    r"|\b(?:alcohol|bac)\b[^.;:]{0,40}\bof any (?:amount|level)\b|\bany alcohol in (?:your|their|his|her|the) (?:system|blood)\b"
    r"|\bzero[- ]tolerance\b",
    re.I,
)
_MINORS = re.compile(r"\bminors?\b", re.I)
# A young driver named without an age: "the limit for minors", "underage", "teens", "a kid".
_MINORS_NAMED = frozenset(tokens("minor minors underage teen teens teenager teenagers young youth kid kids child"))
# What stands for such a figure: no number, so no lead is written for it.
NONE_AT_ALL = "any"


_A_WINDOW = re.compile(
    r"\b(?:within|in|during|over)\s+(?:a|an|any|the|each|every)\s+(?:\d+-\w+\s+(?:and|or)\s+)?$", re.I
)
# What follows a penalty's length joined to its unit ("a 30-day suspension"): no window a count is kept over.
_A_PENALTY_AFTER = re.compile(
    r"\s*(?:(?:license|licence|driving|driver's license)\s+)?(?:suspension|revocation|disqualification|restriction|"
    r"jail|sentence|ban|cancell?ation)\b",
    re.I,
)
_AN_AGE = re.compile(r"years?\s*(?:of\s*age|old|(?:or|and)\s+(?:older|over|younger|under|up|above))\b", re.I)
# Or ages named before the figure: "applicants, ages 14-15 years", "aged 16".
_AGES_BEFORE = re.compile(r"\b(?:ages?|aged)\s+(?:\d+\s*(?:-|–|to)\s*)?$", re.I)


# A share of a mile said in words, as its fraction.
_FRACTION_WORDS = {"half": "1/2", "third": "1/3", "quarter": "1/4", "fourth": "1/4"}


def _fraction_of(said: str) -> str:
    """A share of a mile, said in figures or words ("1/4", "one-third of a", "three quarters of a"), as its fraction."""
    digits = re.search(r"[1-3]/[234]", said)
    if digits:
        return digits.group(0)
    word = re.search(r"half|third|quarter|fourth", said, re.I)
    fraction = _FRACTION_WORDS[word.group(0).lower()] if word else ""
    return "3/4" if fraction == "1/4" and said.lower().startswith("three") else fraction


# A question's words for how old a thing is (figures_answering: a paper's age in days).
_OLD = frozenset(tokens("old older"))
_OLD_SAID = re.compile(r"\sold\b", re.I)
# Digits that go on past a match, as a number's thousands do.
_THOUSANDS_ON = re.compile(r",\d{3}\b")


def stated_in(text: str, measure: str) -> list[Stated]:
    """The figures of kind `measure` that `text` states, in order."""
    kind = MEASURES[measure]
    if measure == "bac" and not _ALCOHOL.search(text):
        return []
    found: list[Stated] = []
    for match in kind.states.finditer(text):
        # "within a few hundred feet" states no figure.
        if _VAGUE.search(text[max(0, match.start() - 12) : match.start()]):
            continue
        # Nor does a fraction's denominator: "a 1/2 hour break" is no 2 hours.
        if text[max(0, match.start() - 1) : match.start()] == "/":
            continue
        figure = next((value for name, value in match.groupdict().items() if name.startswith("figure") and value), "")
        if match.groupdict().get("figure_frac"):
            # (A share of a mile as the fraction it is: "one-third of a mile" is 1/3.)
            figure = _fraction_of(match.group("figure_frac"))
        if not figure and match.group(0).lower().startswith("one "):
            # (One written out, which has no digit to read: "water over one foot deep".)
            figure = "1"
        # A figure read short of its thousands is none: "small trucks under 18,000 lbs." states no age of 18.
        if _THOUSANDS_ON.match(text, match.end()):
            continue
        # An age is no length of time: "21 years of age", "16 years old", "18 years or older".
        if measure == "duration" and (
            _AN_AGE.search(text[match.start() : match.end() + 16])
            or _AGES_BEFORE.search(text[max(0, match.start() - 16) : match.start()])
        ):
            continue
        # Nor the window a count is kept over, joined to its unit: "points you receive within a 12-month and
        # 24-month period".
        if (
            measure == "duration"
            and match.group("figure_joined")
            and _A_WINDOW.search(text[max(0, match.start() - 40) : match.start()])
            # (Not a penalty's length: "will result in a 30-day suspension".)
            and not _A_PENALTY_AFTER.match(text[match.end() :])
        ):
            continue
        if measure == "bac":
            figure = figure if figure.startswith("0") else f"0{figure}"
            # "0.00%" is a limit (for drivers under 21); a lone "0.0" is not one.
            if not (0 < float(figure) < 0.3 or figure == "0.00"):
                continue
        found.append(Stated(figure or match.group(0), match.group(0).strip()))
    if measure == "bac" and not found:
        # Only as the rule for drivers under 21 (minors, where alcohol is concerned) that the span
        # names ("This means you cannot have any alcohol in your system" reads alike for anyone).
        zero = _ANY_ALCOHOL.search(text)
        ages = asks_age_of(text)
        if zero and ((ages is not None and ages[1] < 21) or _MINORS.search(text)):
            found.append(Stated(NONE_AT_ALL, zero.group(0)))
    if measure == "money" and not found:
        # A sum told as none: "There is no charge for the driving skills exam", "the test is free".
        # (For everyone: free to those of an age, "to people over 65 at no charge", is their case, not the price.)
        free = _NO_CHARGE.search(text)
        if free and asks_age_of(text) is None:
            found.append(Stated(NONE_AT_ALL, free.group(0)))
    return found


# No sum to pay, said so.
_NO_CHARGE = re.compile(
    r"\b(?:no|without)\s+(?:charge|fee|cost)\b|\bfree of charge\b|\bat no (?:cost|charge)\b"
    r"|\b(?:is|are)\s+(?:also\s+)?free\b(?!\s+(?:to|of|from)\b)",
    re.I,
)


# Who must ride along with a learner, told without "supervise": "with a licensed driver at least 21 years old".
_WHO_RIDES_ALONG = re.compile(
    r"\b(?:with|by|have|has)\s+(?:a|an|one)\s+licensed\s+(?:driver|operator|person|adult|individual)\b"
    r"(?!\s+(?:education|training|ed)\b)",
    re.I,
)
_SUPERVISED = frozenset(tokens("supervise supervisor"))
# A car left on the tracks, told without "stuck" or "stalled".
_LEFT_ON_THE_TRACKS = re.compile(
    r"\b(?:vehicle|car)\s+(?:is|remains|sits)\s+(?:\w+\s+)?on\s+the\s+(?:train\s+|railroad\s+|rail\s+)?tracks\b", re.I
)
_STUCK = frozenset(tokens("stuck stalled"))
# A device that takes a hand to use is one held.
_TAKES_A_HAND = re.compile(
    r"\b(?:requires?|requiring|use of|in|with)\s+(?:either|one|a|your|the|both)\s+hands?\b(?!-)", re.I
)
_HELD = frozenset(tokens("hold held"))


# Words before a figure, in its clause, that make it another's: the age of the driver who must
# ride with a learner ("accompanied by a licensed driver at least 21 years old"), or the least
# speed allowed ("you may not drive slower than 40 mph").
_ANOTHERS_AGE = re.compile(
    # (Not a licensed driver education program: "With a BMV-licensed driver education program, you can apply ...".)
    r"(?:\b(?:accompan\w*|supervis\w*|adults?|licensed (?:driver|operator)s?(?!\s+(?:education|training|ed)\b)"
    r"|instructors?|parents?|guardians?|sponsors?)\b"
    # (Or the one a learner must have with them: "you must have a person who is 21 years or older".)
    r"|\b(?:have|has|with|by)\s+(?:a|an)\s+(?:person|individual|driver)\b)"
    r"[^.;:]{0,70}$",
    re.I,
)
# Unless the age is the learner's own, told as the case of another's rule: "The log must be signed by a parent or
# legal guardian if the applicant is under 18 years of age" sets no parent's age.
_LEARNERS_AGE_TOLD = re.compile(
    r"\b(?:if|when|while|unless|until)\s+(?:the\s+)?(?:applicant|you|student|learner|minor|teen\w*|permit holder)\s+"
    r"(?:is|are)\b[^.;:,]{0,25}$",
    re.I,
)


def _anothers_age_told(before: str) -> bool:
    """Whether the words before an age tell it as another's than the learner's (_ANOTHERS_AGE)."""
    return bool(_ANOTHERS_AGE.search(before)) and not _LEARNERS_AGE_TOLD.search(before)


_LEAST_SPEED = re.compile(r"\b(?:minimum|slower than)\b[^.;:]{0,40}$", re.I)
# An amount of damage ("more than $400 in property damage", "damage of $1,000 or more") is when a
# crash must be reported or insured, not what something costs.
_DAMAGE_BEFORE = re.compile(r"\bdamages?\b[^.;:]{0,40}$", re.I)
_DAMAGE_AFTER = re.compile(r"^[^.;:]{0,20}?\b(?:in|of|worth)\s+(?:\w+\s+){0,2}?damages?\b", re.I)
_DAMAGE = frozenset(tokens("damage damages damaged"))
_INSURANCE_ASKED = frozenset(tokens("insurance insured coverage"))
# A fine asked of, and what else a sum may be asked as (an extra one, a fee, what it all costs).
# (A ticket asked of is its fine: "whats the cheapest a speeding ticket can be".)
_FINE_ASKED = frozenset(tokens("fine fines fined ticket tickets"))
_BESIDES_THE_FINE = frozenset(tokens("additional extra added fee fees cost costs surcharge reinstatement total"))
_ADDED_BEFORE = re.compile(r"\badditional\s+(?:(?:fines?|penalty|surcharge)\s+of\s+)?(?:up\s+to\s+)?$", re.I)
# (A fee of a named kind, "a $30 reinstatement fee"; not a fine a manual calls a fee: "Failure to comply with work
# zone speed limits carries an $80 minimum fee".)
_A_FEE_AFTER = re.compile(
    r"^\s*(?:reinstatement|application|licen[sc]e|licensing|registration|title|processing|administrative|court|filing|"
    r"service|test|testing|permit|renewal|duplicate|replacement|late|restoration)\s+(?:fees?|surcharges?)\b",
    re.I,
)
_LEAST_ASKED = frozenset(tokens("minimum least"))


# The weather a figure is given for, in its own clause: "when it is dark or raining", "on ice or snow".
# (Not fog lights, nor a gravel road, which are no weather.)
_WEATHER_CLAUSE = _pattern(
    r"\b(?:rain\w*|wet|slippery|ic[ey]|snow(?![\s-]*plow)\w*|fog(?!\s*(?:lights?|lamps?))\w*|sleet\w*|storm\w*|bad weather"
    r"|(?:poor|adverse|bad) (?:road |driving |weather )?conditions|(?:poor|low|limited|reduced) visibility"
    r"|visibility is (?:poor|low|limited|reduced))\b"
)


_LEAD_IN_SAID = re.compile(r"^[A-Z][\w ,'-]{0,40}:\s+")
_OPENING_CASE = re.compile(
    r"^(?:(?:however|but|also|and|so),?\s+)?(?:in|on|when|whenever|if|during|while|under)\b"
    r"(?:[^,;:.]{0,80}[,;:]|[^;:.]{0,160}?,\s*(?:you|drivers?|then)\b)",
    re.I,
)


def _all_for_the_weather(text: str, stated: Sequence[Stated]) -> bool:
    """Whether every clause that gives one of `stated` (from the comma, semicolon or stop before it to the next) names the weather."""
    # (A sentence that opens on the weather speaks of it in every clause: "In bad weather or on wet pavement,
    # increase the following-distance rule to 4 seconds.")
    opening = _OPENING_CASE.match(_LEAD_IN_SAID.sub("", text, count=1))
    opens_on_it = bool(opening and _WEATHER_CLAUSE.search(opening.group(0)))

    def for_the_weather(each: Stated) -> bool:
        at = text.find(each.words)
        if at < 0:
            return False
        if opens_on_it:
            return True
        start = max(text.rfind(mark, 0, at) for mark in ",;.:")
        ends = [end for end in (text.find(mark, at + len(each.words)) for mark in ",;.:") if end >= 0]
        return bool(_WEATHER_CLAUSE.search(text[start + 1 : min(ends) if ends else len(text)]))

    return all(for_the_weather(each) for each in stated)


def _up_to_figure(text: str, stated: tuple[Stated, ...]) -> str:
    """A span up to the end of the clause that states its first figure of the kind asked, where a clause of its
    own follows it ("The speed limit is 25 mph, and ..."); all of it otherwise: a clause that only sets the case
    ("At speeds over 35 mph, you may pass a person on a bicycle ...") is no rule without the one after it."""
    at = text.find(stated[0].words)
    if at < 0:
        return text
    after = _CLAUSE_OF_ITS_OWN.search(text, at + len(stated[0].words))
    return text[: after.start()] if after else text


# Where a sentence goes on with a clause of its own: "..., and", "...; ".
_CLAUSE_OF_ITS_OWN = re.compile(r",\s+(?:and|but|while)\s+|;\s+")


def _clause_before(text: str, stated: Stated) -> str:
    at = text.find(stated.words)
    return text[max(0, at - 90) : at] if at >= 0 else ""


def _clause_after(text: str, stated: Stated) -> str:
    at = text.find(stated.words)
    return text[at + len(stated.words) : at + len(stated.words) + 60] if at >= 0 else ""


# A count of time asked in a unit ("how many days do I have to ask for a hearing"), and the units
# a duration may not be given in for it: days or weeks are not counted in years (a licence's 5 years
# is another rule), nor years in days or hours.
_TIME_COUNTED = _pattern(r"\bhow many (day|week|month|year)s\b")
_NOT_COUNTED_IN = {
    "day": re.compile(r"\byears?\b", re.I),
    "week": re.compile(r"\byears?\b", re.I),
    "month": re.compile(r"\b(?:hours?|minutes?|seconds?)\b", re.I),
    "year": re.compile(r"\b(?:days?|weeks?|hours?|minutes?|seconds?)\b", re.I),
}


# A term of jail is a penalty, not how long one has to do something ("how long do you have to
# report a crash": not "a jail sentence of up to 1 year" for failing to).
_SENTENCE_BEFORE = re.compile(r"\b(?:jail|prison|imprisonment|imprisoned|incarcerat\w*)\b[^.;:]{0,40}$", re.I)
_PUNISHED = frozenset(tokens("jail prison imprisonment sentence penalty penalties punishment happens happen"))


# Words before a distance that make it how far one sees, and a question's words for seeing or looking.
_SIGHT_BEFORE = re.compile(
    r"\b(?:sight|see|seen|visib\w*|view)\b"
    r"(?:\s+(?:of|for|from|is|to|ahead|clearly|at\s+least|more\s+than|less\s+than|beyond|up\s+to|about|a\s+distance\s+of))*"
    r"\s*$",
    re.I,
)
_SEEING_ASKED = frozenset(
    tokens(
        "see seeing seen sight visibility visible view look looking ahead read readable legible shine shines shining"
    )
)


# A test's questions asked as missed or as right ("how many can i miss and still pass": missed); neither, how many
# it has. And the words near a count of them that tell which it is.
_MISSED_ASKED = frozenset(tokens("miss missed misses wrong incorrect incorrectly fail failing mistakes errors"))
_RIGHT_ASKED = frozenset(tokens("right correct correctly pass passing"))
_MISSED_TOLD = re.compile(r"\b(?:miss\w*|wrong|incorrect\w*|fail\w*|errors?|mistakes?)\b", re.I)
_RIGHT_TOLD = re.compile(r"\b(?:correct\w*|right)\b", re.I)
# "19 of the 25 questions": the figure after "of" is how many the test has.
_OUT_OF = re.compile(r"\b(?:out\s+)?of\s+(?:the\s+)?$", re.I)
_CLAUSE_END = re.compile(r"[.;:,]")


def _questions_side(words: frozenset[str]) -> str:
    """Which of a test's counts a question's words ask: "missed", "right", or how many it has ("all")."""
    return "missed" if words & _MISSED_ASKED else "right" if words & _RIGHT_ASKED else "all"


def _questions_told(shown: str, stated: Stated) -> str:
    """Whether a count of a test's questions is how many may be missed, must be right, or it has ("all")."""
    # (Of the words either side that _clause_before and _clause_after read, the 40 before and the 25 after it.)
    before = _CLAUSE_END.split(_clause_before(shown, stated)[-40:])[-1]
    after = _CLAUSE_END.split(_clause_after(shown, stated)[:25])[0]
    if _OUT_OF.search(before):
        return "all"
    near = f"{before[-25:]} {stated.words} {after}"
    return "missed" if _MISSED_TOLD.search(near) else "right" if _RIGHT_TOLD.search(near) else "all"


# Power named: asked, and as a span states it.
_POWER_ASKED = frozenset(tokens("horsepower hp powerful power"))
_HORSEPOWER = re.compile(r"horsepower|\bhp\b", re.I)
# What a drink's measure is told of, in the words after it ("12 ounces of beer", "1.5 oz. of 80-proof liquor (one
# shot glass)", "a 6-ounce glass of wine"), up to the next figure.
_DRINK_OF = {name: re.compile(rf"^\W*(?:[\w-]+\W+){{0,4}}?(?:{words})\b", re.I) for name, words in _DRINKS.items()}
# The drink a question asks the measure of: "how much wine", "how big of a glass of wine", "how many ounces of beer".
_DRINK_MEASURE_ASKED = _pattern(
    rf"\bhow (?:much|many (?:fluid )?(?:ounces|oz) of|big of an?(?: \w+)? of)\s+(?:hard\s+)?(?:a\s+)?({_DRINK})\b"
)


def _drink_asked(text: str) -> str:
    """Which of _DRINKS a question asks the measure of, "" for none."""
    found = _DRINK_MEASURE_ASKED.search(text)
    if found is None:
        return ""
    return next(name for name, words in _DRINKS.items() if re.fullmatch(words, found.group(1), re.I))


def _after_figure(shown: str, stated: Stated) -> str:
    """The words after a figure stated, up to the next drink's measure."""
    # (Where it stands by itself: the "5 oz." of "a 5 oz. glass", not of "1.5 oz.".)
    found = re.search(rf"(?<![\d.]){re.escape(stated.words)}", shown)
    after = shown[found.end() :] if found else ""
    following = MEASURES["ounces"].states.search(after)
    return after[: following.start()] if following else after


def figures_answering(stated: tuple[Stated, ...], shown: str, measure: str, asked: Asked) -> tuple[Stated, ...]:
    """Those of a span's figures that answer what was asked: not another's age, the least speed or an amount of damage, unless asked.

    Also tried: leaving out a figure the question gives itself ("clocked 50 mph over the limit:
    what is the fine?"). Dev asked alone, figure accuracy 0.630 to 0.632; but a follow-up's
    condition is often the rule's own figure ("and after 6 months?"), and own threads'
    follow-ups fell from 0.724 to 0.655 right.
    """
    if measure == "duration" and not asked.words & _OLD and _OLD_SAID.search(shown):
        # A paper's age in days ("utility bills not more than 90 days old") answers only a question of how old a thing
        # may be.
        stated = tuple(each for each in stated if not re.search(rf"{re.escape(each.words)}\s+old\b", shown, re.I))
    if measure == "engine":
        # An engine's power asked ("whats the max horsepower"), its horsepower; else its size ("130 cubic centimeters",
        # not the "3.5 brake horsepower" beside it).
        power = [each for each in stated if _HORSEPOWER.search(each.words)]
        if asked.words & _POWER_ASKED:
            return tuple(power)
        return tuple(each for each in stated if each not in power)
    if measure == "ounces" and asked.drink:
        # Asked how much of one drink ("how much wine counts as one drink"), the measure told of that drink: "5 ounces
        # of wine", not the "12 ounces of beer" beside it.
        return tuple(each for each in stated if _DRINK_OF[asked.drink].match(_after_figure(shown, each)))
    if measure == "age" and asked.of_supervisor:
        return tuple(each for each in stated if _anothers_age_told(_clause_before(shown, each)))
    if measure == "age" and asked.of_another and asked.ages is not None:
        # Asked another's age by a learner who gives their own ("im 15, how old does the person
        # beside me have to be"): the learner's own age, said of them, is not the answer.
        return tuple(
            each
            for each in stated
            if _anothers_age_told(_clause_before(shown, each))
            or not (each.figure.isdigit() and asked.ages[0] <= int(each.figure) <= asked.ages[1])
        )
    if measure == "age" and not asked.of_another:
        return tuple(
            each
            for each in stated
            if not _anothers_age_told(_clause_before(shown, each))
            and not (
                asked.least_age
                and (_UPPER_AGE.search(each.words) or _UPPER_AGE.search(_clause_before(shown, each)))
                # ("No one under 16 years old can operate a farm tractor ... on highways" says the least age.)
                and not _NONE_UNDER.search(_clause_before(shown, each))
            )
        )
    if measure == "duration" and asked.time_unit:
        return tuple(each for each in stated if not _NOT_COUNTED_IN[asked.time_unit].search(each.words))
    if measure == "questions":
        # How many a test has, how many must be right and how many may be missed are three figures, often in
        # one sentence ("The knowledge test has 40 questions; you can miss up to 6"): the one asked answers.
        side = _questions_side(asked.words)
        return tuple(each for each in stated if _questions_told(shown, each) == side)
    if measure == "duration" and not asked.words & _PUNISHED:
        return tuple(each for each in stated if not _SENTENCE_BEFORE.search(_clause_before(shown, each)))
    if measure == "bac" and asked.under_limit:
        # Asked of a BAC under the legal limit, the limit itself (0.08) does not answer; nor, asked by no one
        # under 21, the limit for drivers under 21.
        if asked.ages is None and _UNDER_21_SAID.search(shown):
            return ()
        return tuple(each for each in stated if each.figure == NONE_AT_ALL or float(each.figure) < LEGAL_LIMIT)
    if measure == "speed" and asked.by_how_much:
        return tuple(
            each
            for each in stated
            if _CHANGE_IN.search(each.words)
            or _CHANGE_BEFORE.search(_clause_before(shown, each))
            or _CHANGE_AFTER.search(_clause_after(shown, each))
        )
    if measure == "speed" and not asked.how_slow:
        # (Nor, asked no change, a speed told as one: "Slow down to at least 10 mph below the posted speed limit"
        # gives no speed to go at, asked "whats the fastest i can go thru an emergency zone".)
        return tuple(
            each
            for each in stated
            if not _LEAST_SPEED.search(_clause_before(shown, each))
            and not _CHANGE_FROM_THE_LIMIT.search(_clause_after(shown, each))
        )
    if measure == "distance" and asked.passing_room and not _FIGURE_FROM_ONCOMING.search(shown):
        # Asked how much room to leave the traffic coming the other way, a distance from anything else (a
        # bicycle passed, an intersection one may not pass within) is another rule's.
        return ()
    if measure == "distance" and not asked.words & _SEEING_ASKED:
        # How far one must be able to see ("a clear line of sight of at least 1 mile down the tracks") is not how
        # close one may stop or park, asked of neither seeing nor looking.
        return tuple(each for each in stated if not _SIGHT_BEFORE.search(_clause_before(shown, each)))
    if measure == "money" and asked.words & _FINE_ASKED:
        # A sum told as none answers no fine asked ("do speeding tickets cost more in a construction zone" is not
        # answered by "There is no cost to the donor's family").
        stated = tuple(each for each in stated if each.figure != NONE_AT_ALL)
    if measure == "money" and asked.words & _FINE_ASKED and not asked.words & _BESIDES_THE_FINE:
        # Asked what the fine is, a sum added to it ("an additional $60 fine", "an additional fine of $500") or
        # paid as a fee ("a $30 reinstatement fee in addition to any court fines") is not it.
        stated = tuple(
            each
            for each in stated
            if not _ADDED_BEFORE.search(_clause_before(shown, each))
            and not _A_FEE_AFTER.search(_clause_after(shown, each))
        )
    if measure == "money" and not asked.words & _DAMAGE:
        return tuple(
            each
            for each in stated
            if not _DAMAGE_BEFORE.search(_clause_before(shown, each))
            and not _DAMAGE_AFTER.search(_clause_after(shown, each))
        )
    if measure == "money" and asked.words & _INSURANCE_ASKED and asked.words & _LEAST_ASKED:
        # Asked the least insurance for property damage, an amount of damage ("a crash ... with more than $750 in
        # damage") is when a deposit is owed, not the coverage; one told for damage ("property damage: $25,000")
        # may be.
        return tuple(each for each in stated if not _DAMAGE_AFTER.search(_clause_after(shown, each)))
    return stated


# A distance's unit as an answer names it: "15 ft." is "15 feet".
_UNIT_WORDS = {
    "feet": "feet", "foot": "feet", "ft": "feet", "yard": "yards", "yards": "yards", "mile": "miles", "miles": "miles",
    "inch": "inches", "inches": "inches", "meter": "meters", "meters": "meters", "metre": "meters", "metres": "meters",
}  # fmt: skip
# One of a unit: "1 mile", not "1 miles".
_ONE_OF = {"feet": "foot", "yards": "yard", "miles": "mile", "inches": "inch", "meters": "meter"}


# An age told as what the least age is ("the minimum age for a permit is 14"): led as "14 years old".
_AGE_IS = re.compile(r"age\s+(?:for|to|requirement)\b", re.I)
# An age stated by what one must be or turn ("must be at least 15"): led as "15 years old".
_AGE_UNNAMED = re.compile(r"(?:must be|to be|be|are|turn|reach|at |as early as|as young as)", re.I)


# Half a year said with an age, as MEASURES["age"] reads it (_HALF).
_HALF_YEAR = re.compile(rf"\d({_HALF})", re.I)

# A length told as the day it ends on ("the 10th day after"): MEASURES' figure_nth.
_NTH_DAY = re.compile(r"\d+(?:st|nd|rd|th)\b")


def lead_for(stated: list[Stated], measure: str, spanish: bool = False, shown: str = "") -> str:
    """The answer's first words for a span's figures: "15 feet", "0.02 BAC"; "" when they disagree.

    `shown`, the words the answer shows: a figure that ends a range there ("between 15 and 50 feet") is led with
    the whole range ("15 to 50 feet"), not with its far end alone."""
    figures = list(dict.fromkeys(each.figure for each in stated))
    # No figure to lead with ("any amount"): the rule says it in its own words.
    if len(figures) != 1 or figures[0] == NONE_AT_ALL:
        return ""
    lead = _lead_for(stated, figures[0], measure, spanish)
    if shown and lead.startswith(figures[0]):
        ranged = next((each for each in _RANGE_ENDING.finditer(shown) if each.group(2) == figures[0]), None)
        if ranged:
            return f"{ranged.group(1)} {'a' if spanish else 'to'} {lead}"
    return lead


# A range whose far end is a figure stated: "between 15 and 50 feet", "15 to 50 feet", "15-50 feet" (a figure's own
# digits, the near end's and the far end's).
_RANGE_ENDING = re.compile(r"(?<![\d.,])(\d+(?:\.\d+)?)\s*(?:to|-|–|and)\s*(\d+(?:\.\d+)?)\b(?!\s*(?:percent|%))")


def _lead_for(stated: list[Stated], figure: str, measure: str, spanish: bool) -> str:
    """lead_for's words for the one `figure` its span states."""
    kind = MEASURES[measure]
    said = stated[0].words
    if measure == "duration" and said.lower().startswith("expire"):
        # "expire on the holder's 21st birthday": led as the day it ends.
        return said.split(None, 1)[1]
    if measure == "duration" and _NTH_DAY.match(said):
        # "the 10th day after the crash" is no length to lead with: the rule says it in its own words.
        return ""
    if measure == "questions" and said.lower().endswith(("error", "errors", "mistake", "mistakes")):
        # "12 or fewer errors": led as the errors they are.
        return said
    if measure == "questions" and not said.lower().endswith(("question", "questions")):
        # "answer 20 correctly", "miss up to 6": led as the count they are.
        return f"{figure} {'preguntas' if spanish else 'questions'}"
    if measure == "date" and len(stated) > 1:
        # A season told from one day to another ("from November 1 through April 1"): the rule says it whole.
        return ""
    if measure == "distance" and "/" in figure:
        # A share of a mile is led with as the rule says it ("one-third of a mile").
        return said
    if measure == "distance":
        unit = _UNIT_WORDS.get(re.sub(r"[^a-z]", "", said.lower().rsplit(" ", 1)[-1].split("-")[-1]), "")
        if not unit and said.rstrip()[-1:] in '"”″':
            # (Inches by their mark, '18"', led in words: the mark would read as a quotation's end.)
            unit = "inches"
        if figure == "1":
            unit = _ONE_OF.get(unit, unit)
        return f"{figure} {unit}" if unit else said
    if measure == "bac":
        return f"{figure} {kind.unit_es if spanish else kind.unit}"
    if measure == "attempts" and not said[:1].isdigit():
        # "renewed 1 time": led as the count it is.
        if spanish:
            return f"{figure} {'vez' if figure == '1' else 'veces'}"
        return f"{figure} {'time' if figure == '1' else 'times'}"
    if measure == "ounces" and ("/" in said or "½" in said):
        # "1 1/2 oz.": led as said, its half part of the figure.
        return said
    if measure == "seconds" and _RAISED_FROM.match(said):
        # "from 4 seconds to 6": led with the count it is raised to.
        return f"{figure} {'segundos' if spanish else 'seconds'}"
    half = _HALF_YEAR.search(said) if measure == "age" else None
    if half:
        # "as early as 14 ½ years old": the half is part of the answer, said as the rule says it (the check finds
        # each figure the answer states in the rule: "15 1/2" in one that says "15 and a half" would not be).
        return f"{figure} años y medio" if spanish else f"{figure} {half.group(1).strip()} years old"
    if measure == "age" and not spanish and _AGE_IN_MONTHS.search(said):
        # "At 15 years and 6 months": the months (or days) are half the answer, so it is led with as said.
        return _AGE_AT.sub("", said).rstrip(", ")
    if measure == "age" and _AGE_OF_WHOM.match(said):
        # "a licensed driver 18 or older": the age, as said, without whom it is of.
        return _AGE_OF_WHOM.sub("", said)
    if measure == "age" and ("birthday" in said.lower() or _AGE_UNNAMED.match(said) or _AGE_IS.match(said)):
        # "before your 16th birthday", "you must be at least 16" answer "how old" as an age: 16.
        return f"{figure} años" if spanish else f"{figure} years old"
    if measure == "points" and not said.lower().rstrip("* ").endswith(("point", "points")):
        # A row under a column of points ("Conviction Points: Reckless Driving 8"): led as the points it gives.
        return f"{figure} {'puntos' if spanish else 'points'}"
    if kind.unit and not said.lower().endswith(kind.unit.lower()):
        unit = kind.unit_es if spanish and kind.unit_es else kind.unit
        return f"{figure} {unit}"
    # A figure the page glued to its unit ("30mph") is led with the two apart, as it is read.
    return _GLUED_UNIT.sub(" ", said)


# A count told raised from another ("from 4 seconds to 6"), as MEASURES["seconds"] reads it.
_RAISED_FROM = re.compile(r"(?:from|increas\w*)\s", re.I)


# Whom an age is told of, before it: "driver 18 or older".
_AGE_OF_WHOM = re.compile(
    rf"^{_WHOM}\s+(?=\d+\s+or\s+(?:older|over)\b)"
    # ("someone at least 21": the age, led as "at least 21".)
    rf"|^{_WHOM}\s+(?:who\s+is\s+)?(?=at\s+least\s+\d+$)",
    re.I,
)
# An age told in years and months, and the word that may open it ("At 15 years and 6 months").
_AGE_IN_MONTHS = re.compile(r"\byears?\b.*\b(?:months?|days?)\b", re.I)
_AGE_AT = re.compile(r"^(?:at|age)\s+", re.I)


# Where a figure runs into its unit: "30mph", "15ft" (not an ordinal's "16th").
_GLUED_UNIT = re.compile(r"(?<=\d)(?=(?!(?:st|nd|rd|th)\b)[a-zA-Z]{2,}\b)")


# The unit names lead_for writes after a figure ("0.08 BAC", "15 feet", "16 years old"): the
# app's words, which the check does not read as a claim (check._LEAD).
LEAD_UNITS = frozenset(
    {unit for measure in MEASURES.values() for unit in (measure.unit, measure.unit_es) if unit}
    | set(_UNIT_WORDS.values())
    | set(_ONE_OF.values())
    | {"years old", "años"}
)


_RULE_UNDER = re.compile(
    r"\b(?:under|younger than|less than|below|not yet)\s+(?:the\s+)?(?:age\s+(?:of\s+)?)?(\d{1,2})\b(?!\.\d|\s*(?:feet|mph|miles|hours|days|months|percent|%|pounds|lbs|inches))",
    re.I,
)
# "12-year old and younger", "children 12 and under": that age and those below it.
_RULE_AND_UNDER = re.compile(
    r"(?<![\d.])\b(\d{1,2})(?:[\s-]+years?[\s-]+old)?\s+(?:and|or)\s+(?:younger|under)\b", re.I
)
_RULE_OVER = re.compile(
    r"(?<![\d.])\b(\d{1,2})\s+(?:years?\s+(?:of\s+age\s+|old\s+)?)?(?:or|and)\s+(?:older|over|more years|above)\b"
    r"|\b(?:over|older than|at least|age)\s+(?:age\s+)?(\d{1,2})\s*(?:years?\s+(?:of\s+age|old)\s+)?(?:or|and)\s+(?:older|over|above)\b"
    r"|\b(?:over|older than)\s+(?:the\s+)?(?:age\s+(?:of\s+)?)?(\d{1,2})\b(?!\.\d|\s*(?:feet|mph|miles|hours|days|months|percent|%|pounds|lbs|inches))"
    r"|\bage\s+(\d{1,2})\+"
    # "From age 16 a permit holder may drive ...", "beginning at age 18".
    r"|\b(?:from|beginning at|starting at)\s+(?:the\s+)?age\s+(?:of\s+)?(\d{1,2})\b(?!\s*(?:to|through|-|–)\s*\d)",
    re.I,
)


# A range of ages a rule is for: "ages 16-20", "aged 16 to 20", "between the ages of 16 and 18".
_RULE_BETWEEN = re.compile(
    r"\b(?:ages?|aged|between the ages of)\s+(1[4-9]|[2-9]\d)\s*(?:-|–|—|to|through|and)\s*(1[4-9]|[2-9]\d)\b"
    r"(?!\s*(?:feet|mph|miles|hours|days|months|percent|%|pounds|lbs|inches))",
    re.I,
)


# "at least 16 and not more than 18 years old", "at least 15 but under 18": both ends.
_RULE_AT_LEAST_UNDER = re.compile(
    r"\bat least\s+(1[4-9]|[2-9]\d)(?:\s+years?(?:\s+(?:of\s+age|old))?)?,?\s+(?:and|but)\s+"
    r"(?:(under|younger than|less than)|not\s+(?:more|older)\s+than)\s+(?:the\s+age\s+of\s+)?(1[4-9]|[2-9]\d)\b"
    r"(?!\s*(?:feet|mph|miles|hours|days|months|percent|%|pounds|lbs|inches))",
    re.I,
)


def asks_age_of(text: str) -> tuple[int, int] | None:
    """The ages a rule speaks of ("under 21" -> (0, 20); "21 or older" -> (21, 120)); None when it names none or both.

    The age of another who rides along ("with a licensed driver 21 or older") is not whom the rule is for.
    """
    between = _RULE_BETWEEN.search(text)
    if between and not _anothers_age(text[: between.start()]):
        low, high = int(between.group(1)), int(between.group(2))
        if low < high:
            return (low, high)
    bounded = _RULE_AT_LEAST_UNDER.search(text)
    if bounded and not _anothers_age(text[: bounded.start()]):
        low, high = int(bounded.group(1)), int(bounded.group(3)) - (1 if bounded.group(2) else 0)
        if low <= high:
            return (low, high)
    exact = _RULE_OF_ONE_AGE.match(text)
    if exact:
        # A rule that opens on the one age it is for ("At 15, with a learner license you may drive only ...", "15 year
        # olds with a valid learner license are authorized to drive ..."): that age's, not an older learner's.
        age = int(next(group for group in exact.groups() if group))
        return (age, age)
    under = _RULE_UNDER.search(text)
    over = _RULE_OVER.search(text)
    and_under = _RULE_AND_UNDER.search(text)
    if and_under and not under and not over and not _anothers_age(text[: and_under.start()]):
        return (0, int(and_under.group(1)))
    if under and _anothers_age(text[: under.start()]):
        under = None
    if over and _anothers_age(text[: over.start()]):
        over = None
    if under and not over:
        return (0, int(under.group(1)) - 1)
    if over and not under:
        return (int(next(group for group in over.groups() if group)), 120)
    return None


# A rule's subject told by one age, as it opens: "At 15, ...", "At age 16: ...", "15 year olds ...", "15-year-olds ...".
_RULE_OF_ONE_AGE = re.compile(r"\s*(?:at\s+(?:age\s+)?(1[4-9])\s*[,:]|(1[4-9])[\s-]*(?:yr|year)s?[\s-]*olds\b)", re.I)


def _anothers_age(before: str) -> bool:
    """Whether an age told after `before` is another's than the rule's subject (a supervisor's, a parent's).
    (Not the adults a rule opens on as its subject: "Adult drivers (18 years of age or older) who ...".)"""
    return _anothers_age_told(before) and not _ADULTS_AS_SUBJECT.match(before)


_ADULTS_AS_SUBJECT = re.compile(
    r"^\s*(?:adult|adults)\s+(?:drivers?|operators?|licensees?|motorists?)\s*[(,—–-]?\s*$", re.I
)


def fold_words(text: str) -> str:
    """Lower case, accents folded: how two texts' words are compared."""
    return fold(text)


# --- choosing the span that answers -------------------------------------------------

# How a span is weighed against the question. Its fit is the share of the question's
# word weight its own words carry, and a share for the words of the heading it sits
# under (a list item's topic is often only there).
HEADING_SHARE = 0.35
# A span that states a figure of the kind asked for.
FIGURE_FIT = 0.35
# A rule that speaks of the ages the learner gives ("under 21" to "I'm 19"), or of others. A rule
# for the learner's own age is worth about two places in the list (0.15 before: docs/measurements.md).
AGE_AGREES = 0.4
AGE_DISAGREES = 0.6
# A span holding any figure, for a question that seems to want one of a kind not told.
FIGURE_HINT = 0.15
# A span that says the kind of rule the question asks for (CUES), by kind: only what to do (an
# instruction, or a rule that must or should be done, asked what to do) weighs anything; the other
# kinds weighed at all lost as much as they won (docs/measurements.md).
CUE_FIT = {"action": 0.1}
# What each step down the retrieved list costs a span.
RANK_PRICE = 0.2
# A card's rule was written to answer its question, and its words checked on the page: read
# alike, it answers before a manual sentence. Measured with the card's own question read as
# its context (as a passage's heading is), on learner-dev and eval/learner-own (right / wrong):
#   0     0.804 / 0.157   0.740 / 0.202      0.1   0.824 / 0.142   0.752 / 0.190
#   0.05  0.814 / 0.147   0.740 / 0.202      0.2   0.843 / 0.127   0.744 / 0.194
# 0.2 answered more of the questions the manual does not answer (13 of 18 own); 0.1 is the
# middle that gains on both sets.
CARD_FIT = 0.1
# A rule told as the general case ("Generally, ..."): no more than a tie broken.
GENERAL_FIT = 0.02
_GENERALLY = re.compile(r"(?:generally|in general|as a (?:general )?rule|usually|normally),\s", re.I)
# A rule under a condition the question does not speak of ("If the speed limit is 45 mph
# or more, signal ... 200 feet" to "how many feet before turning do I signal").
CONDITION_PRICE = 0.12


# A train, not driver training: "training" and "trained" share the stem "train". Nor one who is
# trained: "my parents home train me", "train your teen".
_A_TRAIN = re.compile(
    r"(?<!\bhome )(?<!\bhome-)\btrains?\b(?!\s+(?:me|him|her|you|us|them|my|your|his|their|our|teens?)\b)", re.I
)
_TRAIN = frozenset(tokens("train"))


def _without_training(words: frozenset[str], text: str) -> frozenset[str]:
    """A text's stems as they name things: "train" only where the text names a train ("home-trained" does not)."""
    return words if _A_TRAIN.search(text) else words - _TRAIN


def _named(*groups: tuple[str, str]) -> list[tuple[frozenset[str], frozenset[str]]]:
    """Each group's words that name it in a question, and those with the words a rule may name it by (stems)."""
    return [(frozenset(tokens(named)), frozenset(tokens(f"{named} {also}"))) for named, also in groups]


# A rule about another thing than the one the question names ("how many seconds behind a
# motorcycle" read against the 3-second rule for any car; "headlights after sunset" against a
# permit's months). Each thing: the words that name it in a question, and the words a rule
# may name it by. A span that names none of the things the question names ("a crosswalk or
# a hydrant": either) pays this, and is not the answer (Reading.astray). Measured on dev asked alone, a thing's wider words ("dark",
# "device", "emergency", "police", "highway", "school") named something else as often as it, and
# so did a truck (a tow truck on the shoulder, a fire truck).
SUBJECT_PRICE = 0.25
# How many of the words of a case a question tells was not done a rule's condition must name to be that case.
NOT_DONE_WORDS = 2
# When to dim high beams, asked with no car ahead named: a rule only for the car one follows ("Use low beams when
# following within 200 feet of another vehicle") is the other case's; one for a car coming (or both) answers.
_DIMMING_ASKED = frozenset(tokens("beam beams brights highbeams dim dimming"))
_A_CAR_AHEAD_NAMED = frozenset(tokens("follow following behind front ahead tailgate"))
_FOR_THE_CAR_FOLLOWED = re.compile(
    r"\b(?:you are following|when following|following (?:within|another|a vehicle|other))", re.I
)
_FOR_A_CAR_COMING = re.compile(r"\boncoming\b|\bapproach|\bcoming toward|\bmeeting\b", re.I)
# A penalty asked of a second time ("and if i get caught again?", not a test taken again): one that
# names no second or later offence is the first one's, or everyone's, and says nothing of it.
_PENALTY_MEASURES = frozenset({"money", "duration", "points"})
_FINE_OR_POINTS = frozenset({"money", "points"})
# Hours of practice driving, asked of ("how many hours of supervised driving", "practice hours", "log"); and hours told as
# a deadline ("within 72 hours", "24 hours after the crash"), which are no hours of practice.
_PRACTICE_HOURS_ASKED = _pattern(
    r"\b(?:supervised|practice|practise|behind the wheel|log|logged)\b[^?.!]{0,20}?\b(?:hours|hrs|driving)\b"
    r"|\bhours of (?:supervised|practice|driving|behind)"
)
# A course or class named in a question, and one at the wheel (whose hours may be driving ones).
_A_COURSE_NAMED = _pattern(r"\b(?:course|courses|class|classes|program|classroom|drivers? ed|driver'?s ed)\b")
_COURSE_AT_THE_WHEEL = _pattern(
    r"\bbehind the wheel\b|\bat the wheel\b|\bbtw\b|\bin the car\b|\bdriving (?:part|portion)\b"
)
# Hours of practice as a rule counts them, with no course or class to them: "70 practice hours", "50 hours of
# supervised driving".
_PRACTICE_HOURS_SAID = re.compile(
    r"\bpractice hours\b|\bhours of (?:supervised |practice |behind[- ]the[- ]wheel )?(?:driving|practice)\b"
    r"|\bsupervised (?:driving )?hours\b",
    re.I,
)
_COURSE_SAID = re.compile(r"\b(?:course|courses|class|classes|program|classroom|education)\b", re.I)
_HOURS_DEADLINE = re.compile(r"\bwithin\s+\d+\s+hours?\b|\b\d+\s+hours?\s+(?:after|of)\s+(?:the|a|an|your)\b", re.I)
# A sentence that tells what the punishment is: "the punishment is greater", "the penalties are".
_PUNISHMENT_TOLD = re.compile(
    r"\b(?:punishment|penalty|penalties)\s+(?:is|are|will be|may be|can be|includes?)\b", re.I
)
# A question's words for what befalls one who breaks a rule: "what happens if my brother isnt in a booster seat".
_WHAT_BEFALLS = frozenset(tokens("happens happen punishment punished trouble"))
# A fine said of one: "can be fined $25", "a $100 fine".
_FINED = re.compile(r"\bfined\b|\$\s?\d[\d,]*(?:\.\d\d)?\s+fine\b|\bfine of\b", re.I)
_PENALTY_ASKED = frozenset(
    tokens(
        "fine fines ticket penalty penalties caught convicted conviction offense offence suspended suspension revoked"
    )
)
# ("prior to" is only "before": "a medical prior to issuing you a driver's license".)
_REPEAT_NAMED = re.compile(
    r"\b(?:(?:second|third|fourth|2nd|3rd|4th)\b(?!\s+(?:vehicles?|cars?|drivers?|persons?|lanes?|lines?|stages?|levels?|rows?|half|"
    r"hand|steps?|signs?|signals?|to go|to arrive)\b)|subsequent|repeat\w*|again|prior(?!\s+to\b)|previous|twice"
    # ("If you fail a road test 3 times, a minimum waiting period of 1 month is required.")
    r"|(?:2|3|4|two|three|four)\s+times(?!\s+(?:the|as|more|higher|greater|faster|longer))"
    r")\b",
    re.I,
)
# A sentence in the learner's own voice ("I will wear my seatbelt", "I'll be trapped inside the car if I'm wearing a
# safety belt", "but I do not need them if I am driving around town", a checklist's "I have held an instruction permit
# for the last six months"): a pledge to sign, a myth to unlearn or a box to tick, never the law.
# So is an official's letter to the reader ("The people I invest in drive on our roads", "I encourage you to show your
# aloha spirit").
_FIRST_PERSON = re.compile(
    r"\bI (?:will|do not|don[’']t|am|can|need|have|must|promise|agree"
    r"|hope|encourage|wish|ask|invite|urge|invest|would|want|welcome|congratulate|believe|thank)\b|\bI[’'](?:ll|m)\b"
)
# The words a question names a kind of figure by, as stems: a span that states one says them.
_MEASURE_NAMED: dict[str, frozenset[str]] = {
    "bac": frozenset({"bac", "blood", "alcohol", "concentr", "percent"}),
    "thc": frozenset({"thc", "marijuana", "blood", "nanogram"}),
    "speed": frozenset({"speed", "mph"}),
    "age": frozenset({"age", "old", "year"}),
}
_THINGS = _named(
    ("motorcycle motorcycles motorcyclist motorbike", ""),
    ("bicycle bicycles bicyclist bike bikes", "cyclist cyclists"),
    ("bus buses", ""),
    ("train trains railroad tracks", "rail railway crossing"),
    ("ambulance ambulances", "emergency"),
    ("hydrant hydrants", ""),
    # A snowplow, one word or two: a rule that names one, or the snow removal equipment it is.
    ("snowplow snowplows plow plows", "removal"),
    ("crosswalk crosswalks", "pedestrian pedestrians"),
    ("headlights headlight headlamps", "lights beams"),
    # (Not "device" alone: a traffic control device, a warning device, are most of the manuals' devices.)
    (
        "phone phones cellphone cell smartphone texting",
        "wireless communication communications handheld electronic mobile text cellular telephone telephones",
    ),
    # Not "restraint": a head restraint is no belt.
    ("seatbelt seatbelts buckle", "belt belts harness"),
    ("booster boosters", "restraint restraints"),
    # (A rule that says what sobers one, or does not, speaks of alcohol: "Black coffee ... will not sober you".)
    (
        "breathalyzer breath beer drunk bac dui dwi owi oui",
        "alcohol drinking drink intoxicated impaired influence chemical blood sober",
    ),
    # Cannabis: a rule that names it or its THC, or drugs at large, not one for alcohol alone.
    ("marijuana cannabis thc weed", "marihuana tetrahydrocannabinol drug drugs drugged"),
    ("sunset sunrise", ""),
    # A curfew said by the clock ("after 11 p.m.", "between 12:00 a.m. and 6:00 a.m.") speaks of the night too.
    # So does one for dimming the high beams, which are for the dark. ("p" and "m" are what "p.m." and "a.m." are read
    # as; a span with no time by the clock does not hold them: _facts.)
    ("night nighttime", "dark darkness daylight sunset sunrise midnight pm p m dim beams"),
    ("median medians divided barrier barriers", "divided separated barrier island"),
    # Sleep: hours of it are not hours of practice, nor is a rest area's rule on alcohol about it.
    ("sleep sleeping asleep sleepy drowsy", "fatigue fatigued tired drowsiness rest"),
    ("plate plates", ""),
    # A learner's tags are the car's registration as much as its plates ("is there a grace period if my tags
    # expire": "There is no grace period for renewing your vehicle registration").
    ("tag tags", "registration registrations plate plates"),
    # A mailbox, one place a car may not be left near (in Spanish too, unlike _PLACES: "buzón").
    ("mailbox mailboxes", ""),
)
# Alcohol, as a thing an English question asked yes or no names by a drink ("if i had just one drink am i
# still legal to drive"). (Not read from a Spanish question's glossary reading: its "tomar" is a drink
# there, and as often taking a turn; nor asked how long a licence is taken for drinking, which a rule
# under its heading answers without the word: "First offense results in court impounding permit".)
_ALCOHOL_THING = next(accepted for named, accepted in _THINGS if "breathalyz" in named)
_A_DRINK = frozenset(tokens("drink drinks drinking"))
# Parking lights (or lamps), named: a rule on them says "parking", or says when the headlights must be on instead.
_PARKING_LIGHTS = _pattern(r"\bparking\s+(?:lights?|lamps?)\b")
_PARKING_THING = frozenset(tokens("parking headlights headlight headlamps"))
# A belt, and what holds a child in besides: a restraint (for a child, not a seat's head restraint).
_BELT_THING = next(accepted for named, accepted in _THINGS if "belt" in accepted and "seatbelt" in named)
_RESTRAINTS = frozenset(tokens("restraint restraints"))
# A plate, and a learner's tags (its registration or its plates), as things a question names.
_PLATE_THING = next(accepted for named, accepted in _THINGS if "plate" in named and "tag" not in named)
_TAGS_THING = next(accepted for named, accepted in _THINGS if "tag" in named)
# A thing one stops using for another: "stop using a booster n just wear the regular seatbelt".
_LEFT_BEHIND = _pattern(
    r"\b(?:stop|quit)\s+(?:using|riding in|sitting in|needing|having)\s+(?:a\s+|an\s+|the\s+|his\s+|her\s+|their\s+|my\s+|"
    r"ur\s+|your\s+)?([\w ]{2,24}?)\s+(?:and|n|&)\s+(?:just\s+|only\s+)?(?:wear|use|ride|sit|go|switch)\w*\b"
)
# The night, as a thing a question names.
_NIGHT_THING = next(accepted for named, accepted in _THINGS if "night" in named)
# The headlights, whose figures are the dark's: "Headlights will let you see clearly only about 250 feet ahead" answers
# "how far ahead do my headlights actually let me see at night", though it names no night. (Not a rule without a
# figure: "If your headlights suddenly fail, try your parking lights" is no rule for a car parked at night.)
_HEADLIGHT_WORDS = next(named for named, _ in _THINGS if "headlight" in named)
# A thing that must be lit, as a rule for the dark says it.
_LIT = re.compile(r"\b(?:must|shall|to)\s+be\s+(?:lit|lighted|illuminated)\b", re.I)
# Cannabis as a learner names it (as the "thc" kind of figure is asked); and a BAC named as such, which is asked with
# it only of alcohol.
_CANNABIS = re.compile(r"\b(?:weed|marijuana|marihuana|cannabis|thc|pot|edibles?|stoned)\b")
_BAC_NAMED = re.compile(r"\bbac\b|\bblood alcohol\b|\balcohol (?:limit|level|content|concentration)\b")
# Drinking when under 21: the rule for drivers under 21 (an age, minors, zero tolerance), not one for an
# open container or for adults.
_ALCOHOL_NAMED = frozenset(tokens("breathalyzer breath beer beers drunk bac dui dwi drink drinking alcohol wine shot"))
_UNDERAGE = frozenset(tokens("21 minor minors underage zero"))
# An alcohol level no adult's limit is set at: .02 or less (".02 percent", "0.02%", ".00").
_UNDERAGE_LEVEL = re.compile(r"(?<![\d.])0?\.0[0-2](?!\d)")
# Friends the learner would drive ("can i drive a bunch of my friends to school", "friends in the car with me"):
# passengers, a thing a rule that answers names (not a friend named otherwise: "my friend said").
_FRIENDS_CARRIED = _pattern(
    r"\b(?:drive|driving|take|taking|carry|carrying|bring|bringing|give|giving|pick up|picking up)\s+"
    r"(?:(?:a bunch of|a few of|some of|all of|two of|2 of|some|all|a few|two|2|three|3)\s+)?"
    # (Another's friends as well as one's own: a parent asks "can she drive her friends around".)
    r"(?:(?:my|her|his|their|our|your|ur)\s+)?(?:friends|buddies|classmates|teammates|passengers)\b"
    # (Not friends told as none: "the new driver rules (no friends in the car etc)".)
    # (Or a few words on: "how many friends am i allowed to have in the car".)
    r"|(?<!\bno )\b(?:friends|buddies|classmates|passengers)(?:\s+(?!no\b|not\b)[\w']+){0,5}?\s+(?:in|with)\s+"
    r"(?:me|the car|my car)\b"
)
# The manuals' words for those riding along (_NAMED_OTHERWISE reads a learner's friends by them too).
_PASSENGER_WORDS = "passenger passengers rider riders occupant occupants"
# (Or says one must drive alone, or whom one may carry: "you are restricted to driving alone", "you may begin carrying
# family members".)
PASSENGERS = frozenset(
    tokens(f"{_PASSENGER_WORDS} person persons people friends alone carry carrying transport transporting family")
)
# A young child the question speaks of ("can my 6 yr old sit up front", "a toddler"): a rule
# that names children, or their seats, not one for the learner's own permit. Not "my kid" or
# "my son": often a teen learning to drive. Read from the English question only.
_CHILD = _pattern(
    r"\b(?:toddler|toddlers|baby|babies|infant|infants|newborn)\b"
    # (Not a thing's age: "my drivers ed completion card is like 3 years old".)
    r"|(?<!\bis )(?<!\bis like )(?<!\bis about )(?<!\bis almost )(?<!\bis over )(?<!\bs )(?<!\bwas )"
    r"\b(?:[1-9]|1[0-2])[\s-]*(?:(?:yr|year)s?[\s-]*old|yo)\b"
    # A child riding up front: a passenger, not the learner ("how old does my kid have to be to sit in the front").
    r"|\b(?:kid|kids|child|children|son|daughter|little (?:brother|sister))\b[^.?!]{0,40}\b(?:sit|ride|riding|sitting)\s+"
    r"(?:in\s+)?(?:the\s+)?(?:up\s+)?front\b"
    # Or a little one in the back seat rather than up front ("till what age should my little brother ride in the back
    # seat instead of up front").
    r"|\blittle (?:brother|sister|bro|sis|cousin|kid|one)s?\b[^.?!]{0,40}\b(?:sit|ride|riding|sitting)\b[^.?!]{0,20}"
    r"\b(?:back|rear|front)\s+seat\b"
)
# A little child named, as a learner names one riding along (not "my kid" or "my son", as above).
_LITTLE_ONE = _pattern(
    r"\blittle (?:brother|sister|cousin|bro|sis|kid|kids|one|ones|niece|nephew)s?\b|\b(?:toddler|baby|infant|newborn)s?\b"
)
# A kin the question gives an age under 10 ("my little sister is 6"): a child, as a thing it names. (Not read as the
# age asked of: a rule for children "4 to 8" beside one for those "under 4" is read as the younger's.)
_A_YOUNG_KIN = _pattern(
    r"\b(?:son|daughter|brother|sister|kid|child|nephew|niece|cousin|grandson|granddaughter)\s+is\s+[1-9]\b"
    r"(?!\s*(?:feet|mph|hours|miles|minutes|points))"
)
# A rule whose subject is a child ("A child must wear a seat belt until 15"): not one for everyone in the car.
_A_CHILDS_RULE = re.compile(
    r"^(?:an?|any|every|each|all)?\s*(?:child|children|kids?|infants?|toddlers?)\b"
    # Or under a lead-in that says so ("A SEAT BELT A CHILD MUST: keep back against the seat").
    r"|\b(?:a|any|every|each|the|all)\s+(?:child|children|kids?)\s+(?:must|should|shall|needs?|has to|have to)\b",
    re.I,
)
# A rule on a child's seat is a child's rule wherever its subject stands ("if no head rest, use a high back booster").
_CHILD_SEATS = frozenset(tokens("booster boosters infant infants toddler toddlers"))
# Whom a learner may ask a child's rule about: a child, a younger brother or sister, a booster
# seat, or someone by their age ("a six-year-old").
_KIN = frozenset(
    tokens(
        "child children kid kids little brother sister son daughter baby toddler infant booster old nephew niece "
        "cousin grandson granddaughter"
    )
)
_CHILDREN = frozenset(
    tokens("child children kid kids infant infants toddler toddlers baby babies booster boosters restraint restraints")
)
# The children themselves, as a question names them (not their seats or restraints).
_CHILDREN_NAMED = _CHILDREN - _RESTRAINTS - frozenset(tokens("booster boosters"))


# A rule for another kind of vehicle than the learner's car: "you may pass a person on a bicycle
# at over 35 mph" does not answer whether a driver may speed to pass. Each kind: the words a
# rule names it by. A span naming one kind, and no vehicle in general, is that kind's rule.
_OTHER_VEHICLES = [
    frozenset(tokens(words))
    for words in (
        "motorcycle motorcycles motorcyclist motorcyclists motorbike motorbikes",
        "bicycle bicycles bicyclist bicyclists cyclist cyclists bike bikes",
        # (A streetcar or trolley goes with a bus: "When a bus, streetcar, or trolley is stopped".)
        "bus buses streetcar streetcars trolley trolleys",
        "truck trucks tractor-trailer tractor-trailers semi semis",
        "moped mopeds scooter scooters",
    )
]
_MOPED = _OTHER_VEHICLES[-1]
# A motorized bicycle is a moped, though it names a bicycle: "an approved safety helmet is required to operate a
# motorized bicycle" answers a moped's rider.
_MOTORIZED_BICYCLE = re.compile(r"\bmotori[sz]ed\s+bicycles?\b|\bmotor[\s-]driven\s+cycles?\b", re.I)
# A commercial driver's rule, by whom it is for ("the CDL holder will be disqualified for 1 year"), not
# one that names a CDL's own limit beside the learner's ("over 0.05 violates Utah law (0.04 for a CDL)").
_CDL_HOLDER = re.compile(
    r"\bCDL (?:holder|driver)s?\b|\bcommercial driver'?s? licen[sc]e (?:\(CDL\) )?(?:holder|driver)s?\b"
    # (Or one who gets one: "You have up to 30 days after becoming a Minnesota resident to get your commercial
    # Minnesota license".)
    # (Not one named in an aside: "(or .04% or more ... if you hold a commercial driver license)".)
    r"|\b(?:get|obtain|apply for)\s+(?:your|a)\s+commercial\s+(?:\w+\s+)?(?:driver'?s?\s+)?licen[sc]e\b"
    # (Or what one is, defined: "Commercial Driver License (CDL)—a license that allows the holder to drive a vehicle
    # ... designed to transport 16 or more passengers".)
    r"|^commercial driver'?s? licen[sc]e\s*(?:\(CDL\))?\s*[—–:-]",
    re.I,
)
_CDL_ASKED = frozenset(tokens("cdl cdls commercial"))
# A rule for those serving in the armed forces, which answers no question that does not name them ("how early
# can i renew": not "Military personnel stationed outside Oklahoma do not have to renew until 60 days after").
_MILITARY_RULE = re.compile(
    r"\b(?:armed forces|military|active duty|service ?members?|servicemembers?|national guard|stationed)\b", re.I
)
_MILITARY_ASKED = frozenset(
    tokens(
        "military army navy marines marine air force armed forces guard deployed deployment stationed soldier veteran"
    )
)
# A road's or the weather's condition a rule is for.
ROAD_CONDITIONS = frozenset(tokens("slippery wet icy ice snow snowy rain rainy raining fog foggy gravel"))
# A question's words for the weather, or for seeing poorly in it (_all_for_the_weather).
_WEATHER_ASKED = ROAD_CONDITIONS | frozenset(tokens("weather visibility conditions condition poor bad storm storms"))
# The figures a following distance is told in.
_FOLLOWING_MEASURES = frozenset({"seconds", "lengths"})
# The weather named as such, not only conditions told bad or poor.
_WEATHER_NAMED = ROAD_CONDITIONS | frozenset(tokens("weather storm storms snowing sleet"))
_A_CAR = frozenset(tokens("car cars auto autos automobile automobiles"))
_ANY_VEHICLE = frozenset(
    tokens("vehicle vehicles car cars traffic driver drivers motorist motorists automobile fire tow emergency")
)


# The most words a heading has (the manuals' own run to 7: "Sharing the Road with Large Trucks and Buses").
HEADING_WORDS = 8


@lru_cache(maxsize=1 << 12)
def _heading_like(heading: str) -> bool:
    """Whether a passage's heading reads as a heading, not a figure's caption or a table's row the
    page's layout left above it ("TRACTOR-TRAILER, PARTICULARLY ALONGSIDE THE CAB, AND UP TO 200",
    "Reckless driving 80"): only such a heading tells whose rule a span is."""
    words = heading.split()
    return len(words) <= HEADING_WORDS and not re.search(r"\d\W*$", heading)


# A vehicle that is no vehicle in general: the learner's own, named as what a rule measures from ("the
# widest part of your vehicle").
_NO_VEHICLE_IN_GENERAL = re.compile(r"\byour\s+(?:own\s+)?(?:vehicle|car)s?\b", re.I)


def _other_vehicle(
    says: frozenset[str], told: frozenset[str], heading: str, asked: frozenset[str], aside: frozenset[str]
) -> bool:
    """Whether a span saying `says` (`told`: its words as far as its figure) under `heading` is a rule for
    one kind of vehicle the question (`asked`, but what it sets `aside`) does not name: "wear no headset
    when riding" under "Bicycles". (The heading counts only where it reads as one.)"""
    if says & _ANY_VEHICLE:
        return False
    under = told | words_of(heading) if _heading_like(heading) else told
    kinds = [kind for kind in _OTHER_VEHICLES if kind & under]
    return len(kinds) == 1 and not kinds[0] & (asked - aside)


# What a rule has one pass or follow: "Pass a bicyclist only when ...", "when following a motorcycle".
_ACTED_ON = re.compile(r"\b(?:pass\w*|overtak\w*|follow\w*)\s+(?:(?:a|an|the|any)\s+)?([a-z]+)", re.I)


def _acted_on(shown: str) -> tuple[frozenset[str], ...]:
    """The kinds of vehicle a span has one pass or follow: the room to leave passing a bicyclist is not
    the room to leave passing a car, however much "oncoming traffic" it speaks of too."""
    found = []
    for match in _ACTED_ON.finditer(shown):
        kinds = [kind for kind in _OTHER_VEHICLES if kind & words_of(match.group(1))]
        if kinds:
            found.append(kinds[0])
    return tuple(found)


# A permit or parking space for drivers with a disability: the rule for someone else's permit,
# unless the question speaks of one ("can I park in a handicap spot"). "Disabled" (whose stem is
# disability's too) is as often a broken-down car, so it counts only of people or their parking.
_DISABLED = frozenset(tokens("handicap handicapped placard placards wheelchair"))
# A question may say "disabled" itself ("a disabled spot").
_DISABLED_ASKED = _DISABLED | frozenset(tokens("disabled"))
_DISABLED_PEOPLE = re.compile(
    r"\bdisabilit(?:y|ies)\b"
    r"|\bdisabled\s+(?:persons?|people|residents?|drivers?|individuals?|veterans?|parking|license plates?)\b",
    re.I,
)


# A rule on where one may not park ("within 30 feet of a flashing red or yellow light") names
# its landmarks only as places: it does not say what they mean.
_WHERE_NOT_TO_PARK = re.compile(r"\b(?:park|parking|parked)\b[^.;]{0,40}?\bwithin\s+\d+\s*(?:feet|ft|foot)\b", re.I)
_PARKING = frozenset(tokens("park parking parked stop stopping stand standing leave"))
# What a rule for parking says of it: not a following distance, though both are kept from the car ahead.
_PARKED_BY = frozenset(tokens("park parking parked curb curbs parallel"))
# A rule's own words for following another vehicle.
_FOLLOWS = frozenset(tokens("follow follows following"))
# A fire station's driveway, a rule of its own: asked of a driveway, it is another's ("Within 75 feet of a fire
# station driveway" is not how close to someone's driveway). A rule that names a driveway of its own beside it
# ("a driveway, alley, or private road") still answers.
_FIRE_STATION_DRIVEWAY = re.compile(r"\bfire[\s-]*(?:station|house|hall)s?(?:'s)?\s+(?:driveways?|entrances?)\b", re.I)
_DRIVEWAY_ON_ITS_OWN = re.compile(r"\b(?:a|any|private|public|someone's|your)\s+driveways?\b", re.I)
_DRIVEWAY = frozenset(tokens("driveway driveways"))
_STATION_ASKED = frozenset(tokens("station stations firehouse firehall"))


def _fire_stations_alone(shown: str) -> bool:
    """Whether the only driveway a span names is a fire station's."""
    return bool(_FIRE_STATION_DRIVEWAY.search(shown)) and not _DRIVEWAY_ON_ITS_OWN.search(
        _FIRE_STATION_DRIVEWAY.sub(" ", shown)
    )


# The move-over rule, for passing a stopped emergency, police, tow or road crew vehicle: the
# answer to a question about such a vehicle (or moving over), not about one's own breakdown or
# the highway's limit.
_MOVE_OVER = re.compile(
    r"\b(?:stopped|stationary|parked)\s+(?:\w+\s+){0,3}?(?:emergency|police|law enforcement|"
    r"tow|utility|maintenance|designated|service)\b",
    re.I,
)
# An emergency vehicle on its way, the question's subject: "a fire truck with its lights flashing is
# coming toward me", "an ambulance coming up behind me with the siren on".
_EMERGENCY_COMING = re.compile(
    r"\b(?:ambulances?|fire ?trucks?|fire engines?|emergency vehicles?|police cars?|cop cars?|squad cars?)\b"
    r"(?:\s+(?:with|using|that has|running|flashing|sounding)\b[^.?!,]{0,40}?)?\s+"
    r"(?:is\s+|are\s+|keeps\s+)?(?:coming|approaching|comes|come|racing|speeding|heading)\b",
    re.I,
)
# A special kind of permit or licence a question may name, for those who live or work on a farm or go to school
# far from home ("how old to get a farm permit", "a school permit (SCP)"). (Not a hardship licence: a manual may
# name it otherwise, "a restricted license ... when an extreme inconvenience exists".)
_SPECIAL_PERMIT = re.compile(
    r"\b(farm|school|agricultural|ag)\s+(?:driving\s+|drivers?'?\s+)?(?:permit|licen[sc]e)s?\b", re.I
)
# Each special kind, by the words a law names it by (a farm permit is an agricultural one).
_SPECIAL_PERMITS = [frozenset(tokens(words)) for words in ("farm ag agricultural agriculture husbandry", "school")]


def _permit_kind(text: str) -> frozenset[str]:
    """Every word a law may name the special kinds of permit `text` names by (Asked.permit_kind)."""
    named = frozenset(tokens(" ".join(_SPECIAL_PERMIT.findall(text))))
    return frozenset().union(*(kind for kind in _SPECIAL_PERMITS if kind & named))


# A bus that is no school bus: a transit, city or public one, or one pulling out from its stop.
_OTHER_BUS = re.compile(
    r"\b(?:transit|city|public|metro|commuter|charter|commercial|greyhound|mta)\s+bus(?:es)?\b"
    r"|\bbus(?:es)?\s+(?:is\s+|are\s+)?(?:pulling|pulls|pull|merging|re-?entering)\s+(?:back\s+)?(?:out|in|into)\b",
    re.I,
)
_SCHOOL_BUS = re.compile(r"\bschool\s*bus(?:es)?\b", re.I)
# Told as stopped: "a cop car stopped on the shoulder", "an ambulance parked with its lights on".
_STOPPED_SAID = re.compile(r"\b(?:stopped|parked|stationary|sitting|pulled over|on the shoulder|on the side)\b", re.I)
# A rule for an emergency vehicle that has stopped, under its heading or in its words ("Encountering
# stationary emergency vehicles", "within 500 feet where fire apparatus has stopped").
_ONE_STOPPED = re.compile(
    r"\bstationary\b|\b(?:apparatus|vehicles?|trucks?|cars?|ambulances?)\s+(?:has|have|is|are)\s+(?:stopped|parked)\b",
    re.I,
)
# Being pulled over oneself ("a cop pulls me over", "if I get pulled over", "a traffic stop")...
_PULLED_OVER = re.compile(
    r"\b(?:pulls?|pulled|pulling)\s+(?:me|you|u|us|him|her|them)\s+over\b"
    r"|\b(?:get|got|gets|getting|been|being|am|was|im|i'm|i’m|are|you're|ur)\s+pulled over\b|\bpulled over by\b"
    r"|\btraffic stops?\b|\bme para (?:la )?polic[ií]a\b|\bme (?:detiene|para) (?:un|la|el)\b"
    # ("a cop gets behind me with lights on", "when I see the lights behind me")
    r"|\b(?:cop|cops|police|officer|trooper)s?\b(?:\s+car)?\s+(?:gets|got|is|comes|pulls up)\s+behind me\b"
    r"|\b(?:the|its|his|her|their)\s+lights\s+(?:on\s+)?behind me\b",
    re.I,
)
# A police or emergency vehicle that has stopped, told by the learner ("a cop pulled over on the shoulder").
_A_STOPPED_ONE = re.compile(
    r"\b(?:cop|cops|police|officer|trooper|ambulance|fire ?truck|fire engine|tow ?truck|emergency vehicle)s?"
    r"(?:\s+cars?)?\s+(?:is\s+|are\s+|thats\s+|that's\s+)?(?:pulled over|stopped|parked|sitting)\b",
    re.I,
)
# A rule for when the brakes are gone: the parking brake, or brakes that fail.
_BRAKES_GONE = re.compile(
    r"\b(?:parking|emergency|hand)[\s-]?brakes?\b|\bbrake failure\b|\bbrakes? (?:fail|fails|stop working|go out|goes out)\b",
    re.I,
)
_BRAKE = frozenset(tokens("brake brakes braking"))
# A signal's colour, which an intersection with no signs or lights has none of ("turn right on a red light").
_A_SIGNALS_COLOUR = re.compile(r"\b(?:red|green|yellow|amber)\s+(?:lights?|signals?|arrows?|balls?)\b|\bon red\b", re.I)
_COLOURS = frozenset(tokens("red green yellow amber arrow"))
# A rule for being stopped by the police oneself: "If an officer signals you to stop ...".
_YOUR_OWN_STOP = re.compile(
    r"\b(?:signals?|signaling|directs?|tells?|wants?|orders?)\s+(?:you|a driver|the driver|drivers)\s+to\s+"
    r"(?:stop|pull over)\b|\bpulls? you over\b|\bif you are (?:stopped|pulled over) by\b",
    re.I,
)
# A stop asked of for a test it brings ("can I say no to a chemical test if I'm pulled over").
_TESTED = re.compile(
    r"\b(?:tests?|chemical|breath|blood|urine|alcohol|drunk|drink\w*|dui|dwi|owi|high|weed|marijuana|drugs?)\b", re.I
)
# What a rule on a traffic stop speaks of.
_AT_A_STOP = frozenset(tokens("police officer officers enforcement trooper patrol cop hands window interior dome"))
# Being pulled over is not moving over for a police car stopped on the shoulder (said either way round).
_MOVING_OVER = re.compile(
    r"\bmove over\b|\b(?:police|emergency|tow|patrol)\s+(?:\w+\s+){0,2}?(?:is\s+|are\s+)?(?:stopped|parked|stationary)\b"
    # ("... do not drive next to any stopped vehicle with lights flashing")
    r"|\b(?:stopped|stationary)\s+(?:\w+\s+){0,2}?with\s+(?:its\s+|their\s+)?(?:\w+\s+)?(?:lights|flashers|hazards)\b",
    re.I,
)
# Not being able to move over ("I can't get over because of traffic") ...
_CANNOT_MOVE_OVER = re.compile(
    r"\b(?:can'?t|can’t|cannot|can not|unable to|not able to|no way to|no room to|dont have room to)\s+"
    r"(?:\w+\s+){0,2}?(?:change lanes?|get over|move over|merge over|switch lanes?|change over)\b",
    re.I,
)
# ... is answered by a rule for that case, or one that says to slow down.
_IF_YOU_CANNOT = re.compile(
    r"\bunable\b|\bnot (?:possible|safe|able|practical)\b|\bunsafe\b|\bcan(?:no|'|’)?t\b|\bimpossible\b"
    r"|\bslow (?:down|to)\b|\breduce (?:your )?speed\b|\bbelow the (?:posted )?(?:speed )?limit\b",
    re.I,
)
# Getting out of the car or staying in it, asked of ("should I get out", "can I step out of my
# car"; not "get out of the way" nor "out of a skid"), and a rule that says which.
_LEAVE_CAR_ASKED = re.compile(
    # (The asker getting out: not "when kids are getting out" of school.)
    r"\b(?:i|u|you|we)\s+(?:(?:have|need|ought|got|am supposed|are supposed)\s+to\s+|gotta\s+|should\s+|can\s+|may\s+)?"
    r"(?:get|step|climb|hop|jump)\s+out\b(?!\s+of\s+(?!(?:the|my|your|ur|our)\s+(?:car|vehicle|truck)\b))"
    r"|\b(?:get|getting|step|stepping)\s+out\s+of\s+(?:the|my|your|ur|our)\s+(?:car|vehicle|truck)\b"
    r"|\b(?:exit|stay in|stay inside|remain in|remain inside)\s+(?:the|my|your|ur)\s+(?:car|vehicle|truck)\b"
    r"|\b(?:salir|salirme|bajar|bajarme)\s+del\s+(?:carro|coche|auto|veh[ií]culo)\b",
    re.I,
)
_LEAVE_CAR = re.compile(
    r"\b(?:exit|exiting|get out|getting out|step out|stepping out|out of (?:the|your) (?:vehicle|car)|escape|evacuate\w*"
    r"|abandon\w*)\b"
    r"|\b(?:remain|stay)\w*\s+(?:\w+\s+){0,2}?(?:in|inside|seated)\b|\bleave (?:the|your) (?:vehicle|car)\b",
    re.I,
)
# Driving at an hour given by the clock, asked of ("can i drive at like 1am"; not "how many hours"),
# and a rule that gives hours so (a curfew: "between 12:00 a.m. and 6:00 a.m.", "after midnight").
_BY_THE_CLOCK = re.compile(
    r"^(?!.*\bhow (?:many|much|long)\b).*\b(?:drive|driving|be out|be on the road)\b[^.?!]{0,30}"
    rf"\b(?:at|after|past|around|by)\s+(?:like\s+|about\s+)?(?:{_CLOCK_TIME}|midnight)",
    re.I,
)
_CLOCK_HOURS = re.compile(rf"\b{_CLOCK_TIME}|\bmidnight\b|\bcurfew\b|\bo'?clock\b", re.I)
# A road told by its count of lanes ("a 4 lane highway", "four-lane road", "multi-lane"), and a
# divided one ("a divided highway", "a median"): another road unless it says lanes too.
_LANES_COUNTED = re.compile(r"\b(?:[2-8]|two|three|four|five|six|multi)[\s-]*lanes?\b", re.I)
_DIVIDED = re.compile(r"\bdivided\b|\bmedians?\b|\bbarriers?\b|\bsafety islands?\b|\bseparated\b", re.I)
_LANES_SAID = re.compile(r"\blanes?\b", re.I)
# A road told by its whole count of lanes: "a 2 lane road", "a four-lane highway" (not "two lanes going
# my way", which counts one direction's).
_ROAD_LANES = re.compile(
    r"\b(\d)[\s-]*lanes?\b(?!\s+(?:going|each|in each|in one|in the same|on each|my way|our way|your way|one way))",
    re.I,
)
# A rule told for a road of a count of lanes: "on a highway with 4 or more lanes", "on any 2-lane highway".
_RULE_LANES = re.compile(r"\b(\d)\s*(or more\s+)?(?:-\s*)?(?:traffic\s+)?lanes?\b", re.I)


def _lanes_of_the_road(text: str) -> int:
    """The count of lanes a question gives its road, or 0 (none, or more than one)."""
    counts = {int(match.group(1)) for match in _ROAD_LANES.finditer(in_digits(text))}
    return counts.pop() if len(counts) == 1 else 0


def _lanes_told(shown: str) -> tuple[tuple[int, bool], ...]:
    """The counts of lanes a span's rule is for, each with whether it says "or more"."""
    return tuple((int(match.group(1)), bool(match.group(2))) for match in _RULE_LANES.finditer(shown))


def _another_roads_lanes(lanes: int, told: tuple[tuple[int, bool], ...]) -> bool:
    """Whether a rule told for those counts of lanes is for roads of another count than the question's road."""
    return bool(told) and not any(lanes == count or (more and lanes > count) for count, more in told)


# One's hands, asked of ("what do I do with my hands"), and a rule that says where they go.
_MY_HANDS = re.compile(r"\b(?:my|your|ur|his|her|their|our) hands\b|\bmis manos\b", re.I)
_HANDS = re.compile(r"\bhands\b", re.I)
# Nor is how to hold the wheel to steer ("hands at 9 and 3 o'clock"), asked where one's hands go.
_STEERING = re.compile(
    r"\bo'?clock\b|\bhand[- ]over[- ]hand\b|\bpush[- ]pull\b|\bsteering (?:methods?|techniques?)\b"
    r"|\b(?:pulling|pushing) hand\b",
    re.I,
)
# Yielding to an emergency vehicle coming through is not being stopped by the police either.
# ("All non-emergency vehicles must yield to buses" names every other vehicle, not an emergency one.)
_EMERGENCY_PASSING = re.compile(
    r"(?<!non-)(?<!non )\bemergency vehicles?\b|\bambulances?\b|\bfire (?:trucks?|engines?)\b", re.I
)
# A question that asks of one names it, or what it shows ("a siren", "flashing lights").
_EMERGENCY_ASKED = frozenset(tokens("siren sirens rescue sheriff trooper firefighter flashers flares"))
_BY_AN_OFFICER = re.compile(
    r"\bofficers?\b|\blaw enforcement\b(?! vehicles?)|\bstopped by\b|\btraffic stops?\b|\bpulled over by\b", re.I
)


# An officer named only beside a sign or signal that may say otherwise ("unless a sign or police
# officer says otherwise", "except when directed by a traffic signal or officer") gives another rule,
# not what to do when pulled over ("unless an officer directs you to" may be that).
_OFFICER_EXCEPTED = re.compile(
    r"\b(?:unless|except)\b[^.;:]{0,40}?(?:\b(?:signs?|signals?)\s+or\s+(?:a\s+|an\s+)?(?:police\s+)?officers?\b"
    r"|\b(?:police\s+)?officers?\s+or\s+(?:a\s+)?(?:traffic\s+)?(?:signs?|signals?)\b)",
    re.I,
)


def _not_a_stop(shown: str, heading: str, emergency: bool) -> bool:
    """Whether a rule (under its heading) that may name the police is not what to do when they pull the learner over.

    `emergency`: whether it or its heading speaks of an emergency vehicle (_Facts.emergency).
    """
    if _MOVE_OVER.search(shown) or _MOVING_OVER.search(shown) or _STEERING.search(shown):
        return True
    if _OFFICER_EXCEPTED.search(shown):
        return True
    return emergency and not _BY_AN_OFFICER.search(f"{heading} {shown}")


_STOPPED_VEHICLE = frozenset(
    tokens(
        "emergency police cop cops officer officers ambulance ambulances fire firetruck tow truck wrecker utility "
        "maintenance crew lights flashing flashers move over shoulder stopped hazard hazards"
    )
)
# What names a stopped police, emergency or work vehicle: a car "stopped" for someone crossing is none.
_STOPPED_ONE_NAMED = _STOPPED_VEHICLE - frozenset(tokens("stopped"))
# What a rule for passing a stopped one names: not a shoulder ("look quickly over your left shoulder"), nor
# "move over" or a hazard ("pull over to avoid a hazard"), which name none.
_STOPPED_ONES = (_STOPPED_VEHICLE - frozenset(tokens("move over shoulder hazard hazards"))) | frozenset(
    tokens("stationary")
)


# A driver who is young or new, by age or licence stage, as a question tells it: "im 17", "on my permit", "gdl".
YOUNG_OR_NEW_DRIVER = (
    r"\b(?:permit|learners?|provisional|intermediate|junior|probationary|gdl|level\s*[123]|restricted|"
    r"teens?|minors?|1[4-7]|under\s*(?:18|21)|jol|sol)\b"
)
# A phone, as a rule names it; and its use without holding it, as a learner names it ("on speaker", "airpods").
PHONE_WORDS = frozenset(tokens("phone phones cellphone cell smartphone wireless mobile electronic"))
# (The words a rule tells hands-free use by, read for a question of it in _DOING below.)
_HANDS_FREE_TOLD = "free handsfree voice bluetooth speaker speakerphone headset earpiece"
HANDS_FREE_WORDS = frozenset(tokens(f"hands hand {_HANDS_FREE_TOLD} airpods earbuds"))


# Things a rule names in its own words, read only so (not as things a question names): a learner's friends
# in the car are a rule's passengers.
_NAMED_OTHERWISE = (
    (
        frozenset(tokens("friend friends buddies classmates")),
        frozenset(tokens(_PASSENGER_WORDS)),
    ),
    # A brother or a sister, as a rule names them.
    (frozenset(tokens("brother brothers sister sisters")), frozenset(tokens("sibling siblings"))),
    # A learner's mom or dad, as a rule names them.
    (frozenset(tokens("mom mum dad mother father parents")), frozenset(tokens("parent guardian"))),
    # A drink, as a rule on alcohol names it.
    (_A_DRINK, _ALCOHOL_THING),
    # The police, and being hurt, as a rule on reporting a crash names them ("Report ... to law enforcement if it
    # involves injury").
    (frozenset(tokens("police cop cops")), frozenset(tokens("enforcement authorities"))),
    (frozenset(tokens("hurt")), frozenset(tokens("injury injuries injured"))),
)


def as_named(words: frozenset[str]) -> frozenset[str]:
    """`words` with the question's words for each thing they name by a rule's words ("device" names a phone)."""
    return words.union(*(named for named, told in (*_THINGS, *_NAMED_OTHERWISE) if told & words))


# Where a speed limit holds: a speed question that names the kind of road wants the limit
# for that road (an alley's 15 mph, not an interstate's 55). Only for speed: a move-over or
# school-bus rule names no road though the question does ("a cop pulled over on the interstate").
_ROADS = _named(
    ("alley alleys", ""),
    ("school", ""),
    (
        "residential neighborhood neighborhoods",
        "business district districts city town village urban street streets",
    ),
    # A town's or a city's streets are an urban district's, a business or a residential one's.
    (
        "town towns city cities urban downtown",
        "business district districts residential village street streets municipal",
    ),
    ("interstate interstates freeway freeways expressway expressways", "highway highways"),
    ("highway highways", "interstate interstates freeway freeways expressway expressways turnpike rural multilane"),
    # The country is a rural road's; so is one "outside any business, residential or built-up area".
    ("rural country countryside", "county unpaved outside"),
    # A secondary highway is not an interstate, though both are highways.
    ("secondary", ""),
    ("construction", "work"),
    ("undivided", "two 2"),
)
# Those roads as a speed question's things.
SPEED_ROADS = frozenset(accepted for _, accepted in _ROADS)


def roads_named(question: str) -> tuple[frozenset[str], ...]:
    """The roads a question names, as a speed question's things: "a 4 lane highway" names a highway."""
    text = " ".join(question.lower().split())
    return _roads_in(text, frozenset(tokens(in_digits(text))))


# The interstate named only as the road asked of is not: "a regular highway out in the country thats not the
# interstate", "other than the freeway".
_INTERSTATE_ASIDE = re.compile(
    r"\b(?:not|isn'?t|isnt|other than|besides|apart from|except|instead of|rather than)\s+(?:driving\s+)?(?:on\s+|in\s+)?"
    r"(?:(?:the|a|an|any)\s+)?(?:designated\s+)?(?:interstates?|freeways?|expressways?)\b|\bnon-?interstate\b",
    re.I,
)
_INTERSTATE = frozenset(tokens("interstate interstates freeway freeways expressway expressways"))
_OTHER_THAN_INTERSTATE = frozenset(
    tokens("secondary rural country county two-lane undivided urban residential business district town city alley")
)
# A town named only as where the road is not ("on a road outside any city", "out of town").
_OUT_OF_TOWN = re.compile(
    r"\b(?:outside|out of|beyond|away from)\s+(?:of\s+)?(?:any\s+|a\s+|the\s+)?(?:towns?|city|cities)\b", re.I
)
_A_TOWN = re.compile(r"\b(?:towns?|city|cities)\b", re.I)
_TOWN = frozenset(tokens("town towns city cities"))


def _roads_in(text: str, words: frozenset[str]) -> tuple[frozenset[str], ...]:
    """The roads (_ROADS) that a question's text and its words (stems) name."""
    if _OUT_OF_TOWN.search(text) and not _A_TOWN.search(_OUT_OF_TOWN.sub(" ", text)):
        words = words - _TOWN
    if _INTERSTATE_ASIDE.search(text):
        words = words - _INTERSTATE
    return tuple(accepted for named, accepted in _ROADS if named & _road_words(text, words))


# Where a distance is kept from: a distance question that names the place wants the rule for
# that place (how close to an intersection one may park, not to a railroad crossing). English
# only: a Spanish question's glossary reading says "intersection" for "cruce", a crosswalk too.
_PLACES = _named(
    ("intersection intersections", "corner"),
    ("driveway driveways", "entrance"),
    ("station", ""),
)
# A stop sign one parks or stops away from ("how far away from a stop sign"): a rule that names one, or the
# signal it stands beside ("within 30 feet of any stop sign or traffic control signal"). Not a sign asked of
# otherwise ("a school bus thats got its stop sign out", "how far before the tracks is that sign").
_FROM_A_STOP_SIGN = _pattern(r"\b(?:from|to|near|of|by)\s+(?:a|the|any|that)\s+stop\s+signs?\b")
_A_SIGN = frozenset(tokens("sign signs signal signals"))
# A police car, an ambulance or a fire truck one keeps a distance from ("how far back from a cop car going to an
# emergency"): a rule that names one (or the emergency), not a following distance for any car.
_AN_EMERGENCY_VEHICLE = _pattern(
    r"\b(?:cops?|police|ambulances?|fire\s*trucks?|fire\s*engines?|emergency\s+vehicles?)\b"
)


# A test or exam, as a question names one it fails.
_A_TEST = r"(?:tests?|exams?|examinations?)\b"
# A test of a driver for alcohol or drugs, not of driving.
_AN_ALCOHOL_TEST = rf"{_ALCOHOL_TESTED}\s+(?:tests?|exams?)\b"
# What a rule that gives a penalty says.
_PENALTY_WORDS = (
    "suspend suspended suspension revoke revoked revocation fine fines fee fees jail penalty penalties point "
    "points misdemeanor guilty convicted conviction lose imprisonment impound impounded warrant arrest arrested "
    "offense offenses offence offences"
)
PENALTY_DOING = frozenset(tokens(_PENALTY_WORDS))
# The kinds of figure a penalty is given in: a fine, how long, points, hours of community service.
_PENALTY_KINDS = frozenset({"money", "duration", "points", "hours"})
# What happens to one who does a thing ("what happens if i just go past it", "what happens the first time you
# get caught"), asked after the rule for it: the penalty. (Not a test failed: "what happens if i fail it" asks
# when to take it again.)
WHAT_HAPPENS_TO_ONE_WHO = _pattern(
    r"\bwhat (?:happens|will happen|would happen|can happen)\b[^.?!]{0,30}?"
    r"\b(?:if|when|the first time|the second time)\s+(?:i|u|you|ur|someone|he|she|they|my|a driver)\b"
    rf"(?![^.?!]*\b(?:fail\w*|flunk\w*)\b(?![^.?!]*{_AN_ALCOHOL_TEST}))"
)

# Where a rule says to turn or go: a direction or a side.
# (On a hill, the side is told by the curb: "turn your wheels so the vehicle will touch the curb".)
_DIRECTIONS = (
    "direction directions toward towards away left right opposite same into counterclockwise clockwise curb curbs"
)
_WHICH_WAY = frozenset(tokens(_DIRECTIONS))

# What a question means to do ("can I hold my phone", "can I pass"): a span that speaks of things
# the question names but not of doing this is not its answer either. Passing is read in English
# only: a Spanish question's glossary reading says "pass" for "pasar", to go, too often to go by.
_DOING = [
    (_pattern(named), frozenset(tokens(accepted)), anywhere)
    for named, accepted, anywhere in (
        # Driving on a licence already suspended ("whats the fine if u get caught driving on a suspended
        # license"): a rule for that offence, which names the suspension, not a penalty that takes a licence away.
        (
            r"\b(?:driv\w*|caught)\s+(?:on|with|while|w)\s+(?:a\s+|an\s+|my\s+|your\s+|ur\s+|the\s+)?"
            r"(?:(?:license|licence)\s+(?:is\s+|being\s+)?)?(?:suspended|revoked)\b",
            "suspended suspension revoked revocation",
            False,
        ),
        # Points taken off a record ("can i get some of them taken off", "do the points ever come off"):
        # a rule that says how they are removed, not how many suspend a licence.
        (
            r"\b(?:points?|them|those|some|any)\b[^.?!]{0,25}?\b(?:taken|take|get|got|come|comes|coming|knock\w*|"
            r"drop\w*|fall\w*|wear\w*)\s+off\b"
            # ("do points on my license ever go away")
            r"|\bpoints?\b[^.?!]{0,25}?\b(?:go|goes|going|went)\s+away\b|\bpoints?\b[^.?!]{0,25}?\bdisappear\w*"
            # ("can a driving class take some off")
            r"|\b(?:take|takes|taken|took|get|got|knock\w*)\s+(?:some|them|those|any|a few|points?)\s+off\b"
            r"|\b(?:remove|removed|removing|reduce|reduced|erase|erased|clear|cleared)\b[^.?!]{0,20}?\bpoints?\b"
            r"|\bpoints?\b[^.?!]{0,20}?\b(?:removed|reduced|erased|cleared|deducted)\b",
            "remove removed removal reduce reduced reduction erase erased deduct deducted credit expire expired",
            False,
        ),
        # Moving into the state, asked of a licence or a car's papers ("we just moved to kansas, how long do i have
        # to get a license"): a rule for a new resident, not how long a learner holds a permit first.
        (
            r"^(?=.*\b(?:licen[cs]es?|register|registration|title|plates?)\b)"
            r".*\b(?:moved|moving|move|relocated|relocating)\s+(?:here|to|into|from)\b(?!\s+(?:the|a|an|another|my|your)\b)",
            "resident residents residency reside resides live lives lived living move moved moving moves relocate "
            "relocating nonresident",
            False,
        ),
        # Holding a phone, not "you hold a permit"; in Spanish too ("el celular en la mano").
        (
            r"\bhold(?:ing)?\s+(?:\w+\s+){0,2}?(?:phone|cell|cellphone|device|mobile)|\b(?:phone|cell) in (?:my|your|her|his|their) hand"
            r"|\ben la mano\b|\bsosten\w*|\bagarr\w*\s+(?:el|mi|tu|su|un)\s+(?:celular|cel|tel[eé]fono|m[oó]vil)\b",
            # Not "hand": a "hands-free" system is the other side of it.
            "hold holding held handheld support supporting",
            True,
        ),
        # A phone used hands-free (on speaker, through the car's bluetooth): a rule that speaks of hands-free use, not
        # one against talking on a phone at all ("Do not talk on the phone or text while driving").
        (
            # (Not asked by a young or new driver, whose rule bans every phone, hands-free or not: "If you are under
            # 18, it is illegal to use a cell phone or other mobile electronic device while driving".)
            rf"^(?!.*{YOUNG_OR_NEW_DRIVER})"
            r".*?(?:\bhands?[\s-]*free\b|\bhandsfree\b|\bbluetooth\b|\bspeaker\s*phone\b|\bon speaker\b"
            r"|\bvoice[\s-]*(?:command|control|activat)\w*)",
            _HANDS_FREE_TOLD,
            False,
        ),
        # Losing one's licence: a rule that takes it away (suspends, revokes, impounds), not one
        # that renews it or takes points off it.
        (
            r"\b(?:suspend\w*|revok\w*|impound\w*)\b|\b(?:take|takes|taking|took|pull|lose|losing|lost)\s+(?:away\s+)?"
            r"(?:your|my|ur|their|his|her|the)\s+(?:drivers?\s+)?(?:license|licence|permit|privileges?)\b"
            # (Not a test one takes for it: "how old to take the permit test"; nor the card itself lost somewhere,
            # "lost my license at the lake, how much does a replacement cost".)
            r"(?!\s+(?:knowledge\s+|written\s+|road\s+|driving\s+)?(?:test|tests|exam|exams|class|course)\b)"
            # ("... how much does a new one cost": a new card, not one given back.)
            r"(?![^.?!]*\b(?:replace\w*|duplicate|new copy|another copy|card|new one)\b)",
            "suspend suspended suspension suspensions revoke revoked revocation impound impounded impounding lose "
            "loss lost cancel cancelled canceled cancellation denied denial withdraw withdrawn disqualified "
            "disqualification",
            False,
        ),
        # Who must ride with a learner: a rule that says who supervises.
        (
            r"\bwho (?:may|can|must|has to|have to|needs to|should|is allowed to) (?:supervise|be in the car|ride|sit|accompany|teach"
            # ("who has to be sitting in the passenger seat", "who needs to be with me")
            r"|be (?:sitting|riding|seated|with (?:me|you|us)|next to|beside))"
            # "who am i allowed to drive with when i have my learners permit"
            r"|\bwho (?:am i|are we|can i|may i|do i|should i|must i|have i got to)\s+(?:\w+\s+){0,3}?"
            r"(?:drive|driving|practice|practicing|practise) with\b"
            # "do I need a parent in the car when I drive on my permit"
            r"|\b(?:need|have to have|must have|gotta have|has to be|have to be|must be)\s+(?:a |an |my |some )?"
            r"(?:parent|adult|guardian|licensed driver|grown ?up|someone|somebody)s?\b[^.?!]{0,30}\b(?:in the car|with me|with you|riding|along)\b",
            # (Or one who sits beside the learner: "valid only while a licensed driver, 21 or older, sits beside".)
            "supervise supervised supervising supervisor supervision accompanied accompany adult parent guardian instructor "
            # (Or one who sits in the seat next to the learner: "a licensed driver 21 or older sits in the seat next to
            # you", "who is physically occupying the seat next to you"; or in the front passenger seat: "a person who is
            # 21 years or older who has a valid Colorado license in the front passenger seat".)
            "beside next occupying occupies front",
            False,
        ),
        # Passing another car, not "passing a school zone" (driving by it).
        (
            r"\b(?:can|may|should|to|i|you|u) pass\b|\bpass(?:ing)? (?:on the (?:right|left)|(?:a|the|another|someone|somebody|him|her|them) "
            r"(?:slow\w* )?(?:car|vehicle|truck|bus|driver|tractor|bicycl\w*|bike|motorcycle)|someone|somebody|him|her|them)\b|\bovertak"
            # Going around a car ahead is passing it.
            # ("around them" may be crossing gates: only a person or a vehicle named.)
            r"|\b(?:go|get|going|getting|drive|driving) around (?:him|her|someone|somebody|"
            r"(?:a|the|another|that) (?:\w+ )?(?:car|vehicle|truck|bus|driver|tractor|bike|bicycl\w*|motorcycle|cyclist)s?)\b",
            "pass passing overtake overtaking",
            False,
        ),
        # Going around a lowered gate ("the railroad gate is down ... can i just go around it"): a rule that
        # names going around it, the road closed or the gate raised, not one that only says to look for a train
        # or that a gate lowers.
        (
            r"\b(?:gates?|crossing arms?|barriers?|barricades?)\b[^.?!]*\b(?:go|get|going|getting|drive|driving)\s+"
            r"(?:\w+\s+)?(?:around|under)\b"
            r"|\b(?:go|get|going|getting|drive|driving)\s+(?:around|under)\s+(?:the\s+|a\s+)?(?:\w+\s+)?"
            r"(?:gates?|arms?|barriers?|barricades?)\b",
            "around closed close raised raise lifted lift",
            False,
        ),
        # A U-turn: a rule that names it, or turning around. ("Can u turn left" is "you" turning.)
        (
            r"\bu-?turns?\b|\b(?:a|make|making|do|doing|pull|pulling|hang|hanging)\s+u\s+turns?\b|\bturn(?:ing)? around\b",
            "uturn turnabout around",
            False,
        ),
        # Hours of practice: a rule on driving practice, not "parked for more than 24 hours".
        (
            r"\bhours?\b[^.?!]{0,40}\bpractic\w*|\bpractic\w*[^.?!]{0,40}\bhours?\b",
            "practice practicing practiced supervised supervision supervising experience wheel log logged driving",
            False,
        ),
        # How long a test takes ("how long does the road test take", "how long is the actual driving test"): a rule
        # on how long it lasts, not how long a permit is held before it.
        (
            r"\bhow long\s+(?:does|is|will)\s+(?:the|my|your|a|an)?\s*(?:\w+\s+){0,3}?(?:tests?|exams?|examinations?)\b"
            # (Not its score's life: "how long does my knowledge test score last".)
            r"(?:\s+(?:(?!scores?\b|results?\b|certificat|pass)\w+\s+){0,3}?(?:take|takes|last|lasts)\b|\s*(?:$|[?.!]))",
            # (Told in minutes, or by how long it lasts: not a wait of days before it.)
            "minute minutes mins last lasts lasting",
            False,
        ),
        # When a card comes in the mail ("how long til my actual license card shows up in the mail"): a rule on its
        # mailing, not how long a permit is held.
        (
            r"^(?=.*\b(?:licen[cs]e|card|id|permit|plates?|title|registration)\b)"
            r".*\b(?:in the mail|mailed|mail|arrive|arrives|show up|shows up|comes? in|get here|gets here|be delivered)\b",
            "mail mailed mailing arrive arrives arrival delivered delivery send sent ship shipped",
            False,
        ),
        # How much insurance one must carry ("whats the least property damage insurance i can have"): a rule on
        # the coverage, not a crash's damage to report.
        (
            r"^(?=.*\b(?:how much|least|minimum|min|lowest|required|requirements?|need|have to have)\b)"
            r".*\b(?:insurance|coverage|insured|liability)\b",
            "insurance insured insure insurer coverage cover covers liability policy financial responsibility",
            False,
        ),
        # Headphones or earbuds: a rule that names something worn in the ears, not any phone rule. (Not when the
        # phone is what they are for: "can i talk on the phone with airpods" is a phone question, and the rule that
        # allows no phone "even hands-free" answers it.)
        (
            r"^(?!.*\b(?:phones?|cell ?phones?|calls?|calling|talk|talking)\b)"
            r".*\b(?:head ?phones?|head ?sets?|ear ?phones?|ear ?buds?|ear ?plugs?|airpods)\b",
            "headphone headphones headset headsets earphone earphones earbud earbuds earplug earplugs ear ears",
            False,
        ),
        # A flashing light or arrow, a signal's and not a school bus's: a rule that says flashing
        # ("A yellow light means it is about to turn red" is the steady one).
        (
            r"^(?!.*\bbus\b).*\b(?:flashing|blinking)\s+(?:red|yellow|amber|green)\s+(?:light|signal|arrow)\b",
            "flashing flashes flash blinking blink blinks",
            False,
        ),
        # Hitting a parked car: the rule for striking an unattended vehicle (find or tell its owner),
        # on a crash, not one that says never to leave one's own car unattended.
        *(
            (
                r"\b(?:hit|hitting|backed into|back into|backing into|bumped|dinged|struck|scratched|scraped|rear[- ]ended"
                # (Or crashed into one: "choqué con un carro estacionado", read as "crash ... parked".)
                r"|crash|crashed|crashing|collided)\b[^.?!]{0,30}\bpark(?:ed)?\b",
                accepted,
                True,
            )
            for accepted in (
                # ("Owner" too: an "owner's manual" is no one to find, but a rule that speaks of one
                # and of no crash is kept out by the second list.)
                "unattended note name address owner owners",
                "collision collide collided crash crashes accident hit struck strike damage damaged damages",
            )
        ),
        # Moving one's car after a small crash ("my car is blocking traffic, can I move it"): a rule
        # on a crash that says to move the car, not "wait for the traffic to move".
        *(
            (
                r"^(?=.*\b(?:crash\w*|accident|collision|wreck\w*|fender[- ]bender|hit)\b)"
                r"(?=.*\b(?:move|moving|leave|pull)\s+(?:it|my car|the car|my vehicle|the vehicle|ur car|them|the cars|over)\b"
                r"|.*\bblocking\b)",
                accepted,
                False,
            )
            for accepted in (
                "move moved moving remove removed removing",
                "crash crashes collision accident minor",
            )
        ),
        # Backing up on a road ("I missed my exit, can I back up"): a rule that speaks of backing.
        (
            # (Not backing into something: that asks what to do after hitting it.)
            r"^(?!.*\b(?:into|hit|hitting|crash\w*|struck)\b).*(?:\bback(?:ing)?\s+up\b|\breverse\b|\bbacking\b)",
            "back backing backed reverse reversing",
            False,
        ),
        # Headlights in the rain: a rule that ties them to rain or wipers, not any rule to use them.
        (
            r"\b(?:head)?lights?\b[^.?!]{0,40}\b(?:rain\w*|wipers?)\b|\b(?:rain\w*|wipers?)\b[^.?!]{0,40}\bheadlights?\b",
            "rain raining rainy wiper wipers weather visibility",
            False,
        ),
        # Slamming on the brakes: a rule that speaks of braking, or of stopping ("If you are in the intersection
        # when the yellow light comes on, do not stop").
        (
            r"\b(?:slam|slams|slamming|stomp|stomping|jam|jamming)\s+(?:on\s+)?(?:the\s+|my\s+)?brakes?\b",
            "brake brakes braking stop stopping",
            False,
        ),
        # Pumping the brakes: a rule that says whether to pump them.
        (
            r"\bpump\w*\b",
            "pump pumping pumped",
            False,
        ),
        # Driving away after a crash: the rule for staying at the scene.
        (
            r"^(?=.*\b(?:hit|hitting|crash\w*|accident|collision|wreck\w*|fender|bump\w*|struck|dinged)\b)"
            r".*\b(?:drive|driving|drove|leave|leaving|left|take off|taking off)\s+(?:away|off)\b"
            r"|\bleav\w* the scene\b|\bhit and run\b",
            "scene remain remains",
            False,
        ),
        # Failing a test ("if i fail my road test how long till i can take it again"): a rule for
        # one who failed or retakes it, not how long to hold a permit before the first try.
        # (Not a breath or blood test for alcohol: failing one is a drinking driver's case, which the
        # rules tell without the word: "Drivers receive a temporary license which expires 15 days after".)
        (
            rf"^(?!.*\b{_AN_ALCOHOL_TEST}).*?"
            rf"(?:\b(?:fail|fails|failed|failing|flunk\w*)\b(?=.*\b{_A_TEST})|\b{_A_TEST}.*\b(?:fail|fails|failed|failing|flunk\w*)\b)",
            # (Or of questions answered wrong: "If more than 8 questions are answered incorrectly, the test ends".)
            "fail fails failed failing failure failures retake retakes retaking retest retesting unsuccessful "
            "wrong incorrect incorrectly",
            False,
        ),
        # Refusing a test: a rule that speaks of refusing it.
        (
            r"\brefus\w*|\bsay no\b|\bsaying no\b|\bdecline\w*",
            "refuse refuses refused refusal refusing decline declines declined",
            False,
        ),
        # Crossing a double line, or what one means: a rule for a double line, not a single one
        # ("Solid white lines ... stay in your lane unless" does not say what a double one allows).
        # (Not one named in passing: "a road with a double yellow, may I pass the biker".)
        (
            r"\b(?:cross\w*|across|over|pass\w* on|on|mean\w*|is|are)\s+(?:a\s+|the\s+|2\s+)?double\b",
            "double doubled 2 two",
            False,
        ),
        # Following an emergency vehicle ("can I follow right behind an ambulance"): a rule on how
        # close one may follow it, not one on yielding to it, nor on parking near where it stopped ("Do not
        # park a vehicle within 500 feet where fire apparatus has stopped").
        (
            r"\b(?:follow\w*|tailgat\w*|stay\w* (?:right )?behind)\s+(?:\w+\s+){0,3}?"
            r"(?:ambulances?|fire ?trucks?|fire engines?|emergency vehicles?|police cars?|cop cars?)\b",
            "follow following closer stay staying maintain",
            False,
        ),
        # Turning on a red light: a rule that speaks of turning, not "look left and right ... a red light".
        (
            r"\bturn(?:ing|s)?\s+(?:left|right)\s+on\s+(?:a\s+|the\s+)?(?:solid\s+|steady\s+)?red\b"
            r"|\b(?:left|right)s?\s+on\s+(?:a\s+)?red\b|\bdoblar\w*\s+a\s+la\s+(?:izquierda|derecha)\s+con\b",
            "turn turns turning",
            True,
        ),
        # What befalls one who does not do as a rule says ("what happens if u dont stop for a school
        # bus", "what's the fine for ..."): a rule that gives the penalty, not the rule itself.
        (
            r"\bwhat (?:happens|will happen|would happen|can happen)\b[^.?!]{0,20}\bif (?:i|u|you|ur|someone|a driver)\s+"
            # (Not failing a test: "what happens if you fail the knowledge exam" asks when to retake it.)
            r"(?:don'?t|dont|do not|didn'?t|did not|fail(?!\s+(?:(?:the|my|a|an|your|their)\s+)?(?:[\w'’-]+\s+){0,2}?"
            rf"{_A_TEST})|refuse|get caught|got caught|am caught|ignore|blow)\b"
            r"|\bwhat(?:'s|s| is| are)? the (?:fine|fines|penalty|penalties|punishment)\b",
            # (Some states call a traffic fine a fee: "carries an $80 minimum fee when workers are present".)
            _PENALTY_WORDS,
            False,
        ),
        # Calling the police: a rule that says when they (or an agency) must be told.
        (
            r"\bcall (?:the )?(?:police|cops?|911)\b",
            "police officer officers law enforcement report reported notify 911 agency department",
            False,
        ),
        # Driving by a police car, ambulance or tow truck stopped at the roadside with its lights on:
        # the rule that says to move over a lane or slow down near it, not one for being pulled over
        # oneself, for one's own breakdown, or for yielding to one coming with its siren.
        (
            # (Where to park near one is a parking rule: "how close may you park to it".)
            r"^(?!.*\b(?:you|i|u|we)\s+(?:\w+\s+){0,2}?park(?:ing)?\b)(?:.*"
            r"\b(?:cop|cops|police|trooper|ambulance|fire ?truck|tow ?truck|emergency vehicles?|wrecker)\b"
            # (Or one that has someone else pulled over: "a cop has someone pulled over on the side".)
            r"(?:\s+(?:car|cars|vehicle|vehicles))?\s+(?:is\s+|was\s+|has\s+(?:(?:someone|somebody|a|another|some)\s+(?:\w+\s+)?)?)?"
            r"(?:stopped|pulled over|parked|sitting)\b"
            r"(?!\s+(?:me|us)\b)"
            r"|.*\b(?:on|by|along) the (?:side|shoulder|sholder)\b[^.?!]{0,40}\b(?:lights?|flashers|flashing)\b"
            r"|.*\b(?:lights?|flashers|flashing)\b[^.?!]{0,40}\b(?:on|by|along) the (?:side|shoulder|sholder)\b)",
            # Not "move": a "Moving Emergency Vehicle" is the one coming with its siren.
            "lane lanes stationary shoulder slow slower speed faster",
            False,
        ),
        # Reporting a crash: a rule that says what is reported, to whom or when.
        (
            r"\breport(?:s|ed|ing)?\b",
            "report reports reported reporting notify notified notification",
            False,
        ),
        # A car that skids or slides: a rule that speaks of skidding, not any rule for turning the wheel.
        (
            # (Not a sign's "skid marks": that is slippery when wet.)
            r"\bskid(?:s|ded|ding)?\b(?!\s+marks)|\bsliding\b|\bslid\b|\bstart(?:s|ed)? to slide\b|\bfishtail\w*"
            r"|\bspin(?:s|ning)? out\b",
            "skid skids skidded skidding slide slides sliding fishtail fishtailing",
            False,
        ),
        # A car that stalls, dies or is stuck (on the tracks, say): a rule for a stalled car, not one for
        # stopping at a crossing. (Not one that breaks down: what to do then is often told without the word.)
        (
            r"\b(?:car|vehicle|engine|truck|it)\s+(?:\w+\s+)?(?:stall(?:s|ed)?|dies|died|gets? stuck|got stuck|is stuck)\b",
            "stall stalls stalled stalling stuck disabled stranded",
            False,
        ),
        # A tyre that blows out: a rule for a blowout, not for keeping tyres inflated.
        (
            r"\bblow(?:s|n)? out\b|\bblew out\b|\bblowout\b|\btire (?:pops|popped|bursts|burst)\b",
            "blowout blowouts blow blows burst bursts",
            False,
        ),
        # Driving friends around, or passengers: a rule that speaks of passengers.
        (
            # (Not a passenger named in passing: "a passenger is holding a beer", "let passengers off".)
            r"\b(?:drive|driving|take|taking|give|giving|carry|carrying|bring|bringing|have)\s+"
            r"(?:my|some|a few|a couple of|\d+|two|three|four)?\s*(?:of my )?friends\b(?!')"
            r"|\bfriends? (?:in|with) (?:the|my) car\b|\bhow many passengers\b|\b(?:carry|have|take) passengers\b"
            r"|\bfriends?\s+(?:(?:from|at|in)\s+(?:school|class|work)\s+)?(?:can\s+|could\s+)?(?:ride|riding|come|coming|be in)\b"
            r"|\bback ?seat passengers?\b",
            # And "restricted to driving alone", "you may begin carrying family members".
            "passenger passengers occupant occupants rider riders alone carry carrying",
            False,
        ),
        # Driving alone: a rule that says who must ride along, or that one may drive unaccompanied.
        (
            r"\b(?:drive|driving|go|ride)\s+(?:\w+\s+)?(?:alone|solo|by (?:myself|yourself|themselves|himself|herself))\b",
            # (Or who sits beside the learner: "unless a licensed driver at least 21 sits in the front seat beside you".)
            "alone accompanied accompany unaccompanied supervised supervision supervisor supervising unsupervised "
            "adult parent guardian instructor beside",
            False,
        ),
        # Keeping to the left lane: a rule for which lane to keep to or pass in, not a left turn's lane.
        (
            r"\b(?:drive|driving|cruise|cruising|stay|staying|ride|riding|sit|sitting|camp\w*|hang\w*|keep)\s+"
            r"(?:\w+\s+){0,2}?in\s+(?:the\s+)?(?:far\s+)?left(?:-hand)?\s+lane\b",
            "pass passing overtake overtaking slower",
            False,
        ),
        # Going around or under a railroad crossing's gate: a rule that names the gate or barrier.
        (
            # (Not where to stop while it is down: "how far back do i stop when the gate is down".)
            r"\b(?:go|going|drive|driving|get|getting|sneak\w*|zip\w*|scoot\w*|squeez\w*|weav\w*)\s+(?:\w+\s+)?"
            r"(?:around|under|through|past)\s+(?:the\s+|a\s+|them\s+)?(?:railroad\s+|crossing\s+|train\s+|rail\s+)*"
            r"(?:gate|gates|arm|arms|barrier|barriers)\b",
            "gate gates arm arms barrier barriers",
            False,
        ),
        # Seat belts in the back seat, or only in front: a rule that says who must wear them (every occupant, those in
        # back, those in front).
        (
            r"\b(?:back ?seat|backseat|rear seat|in (?:the )?back|front seat)\b[^.?!]*\b(?:seat ?belts?|buckle\w*|belted)"
            r"|\b(?:seat ?belts?|buckle\w*)\b[^.?!]*\b(?:back ?seat|backseat|rear seat|in (?:the )?back|front seat)\b",
            "occupant occupants everyone back rear backseat positions passenger passengers front",
            False,
        ),
        # A fire truck: a rule for emergency vehicles, not one that names a fire hydrant or a car ahead. (Or one that
        # names a fire vehicle by what it answers: "any fire vehicle responding to an alarm".)
        (r"\bfire ?(?:trucks?|engines?)\b", "emergency apparatus ambulance ambulances responding alarm", False),
        # Things a rule must name to answer for them: window tint, studded tires, roundabouts.
        (
            r"\btint\w*",
            "tint tinted tinting sunscreen film transmit transmits transmission transmittance darken darkened",
            False,
        ),
        (r"\bstudd?ed\b|\bstuds\b", "stud studs studded", False),
        (
            r"\broundabouts?\b|\btraffic circles?\b|\brotar(?:y|ies)\b",
            "roundabout roundabouts circle circles rotary rotaries circular",
            False,
        ),
        # Sitting in front: a rule that says who rides in front or in the back. (Not asked who must buckle up there,
        # above; nor who may sit in front to supervise: "can my 18 yr old cousin sit up front and supervise me" asks
        # of the supervisor, whose rule says "in the seat next to you".)
        (
            r"^(?!.*\b(?:seat ?belts?|buckle\w*|belted|supervis\w*)\b)"
            r".*?(?:\b(?:sit|sits|sitting|ride|rides|riding)\s+(?:up\s+)?(?:in\s+)?(?:the\s+)?front\b|\bfront seat\b|\bshotgun\b)",
            "front back backseat",
            False,
        ),
        # Flares or warning triangles: a rule that says where they are put (as the manuals' warning devices too).
        (
            r"\bflares?\b|\breflectors?\b|\b(?:warning|reflective) triangles?\b",
            "flare flares reflector reflectors triangle triangles device devices",
            False,
        ),
        # How long a permit or licence lasts: a rule that says how long it is valid, not how long
        # it must be held first ("hold your permit for 6 months") nor how long the test takes.
        (
            r"\bhow long (?:is|are|does|do|will) (?:my |a |the |your |an )?(?:\w+'?s?\s+){0,2}?(?:permit|license|licence)s?"
            r" (?:good|valid|last)|\b(?:permit|license|licence)s? (?:expire|expires|expiring|valid for|good for)\b"
            r"|\bbefore (?:my |a |the |your )?(?:\w+'?s?\s+)?(?:permit|license|licence) expires\b",
            "valid validity expire expires expiration expired good",
            False,
        ),
        # Brakes that fail: a rule for what to do then, not how brakes wear or pull.
        (
            r"\bbrakes? (?:\w+ )?(?:fail|fails|failed|failing|go out|goes out|went out|stop working|stopped working|quit|give out)\b"
            r"|\bbrake failure\b",
            # ("If your brakes stop working, use the parking brake": a brake that works no more. Not "fail":
            # "applies the brakes if you fail to respond" is no brake that fails.)
            "failure pump pumping downshift working",
            False,
        ),
        # A traffic light that is out: the rule for a signal not working (treat it as a stop sign).
        (
            # ("out at an intersection" too, not "out at night".)
            r"\b(?:traffic|stop)\s?(?:lights?|signals?)\s+(?:\w+\s+){0,3}?(?:is |are |was |were )?"
            r"(?:totally |completely |all |just )?(?:out|not working|broken|dark|dead)\b(?!\s+(?:of|on)\b|\s+at\s+night)"
            r"|\bpower (?:outage|is out|goes out|went out)\b",
            "working operating functioning outage power dark inoperative malfunction malfunctioning malfunctions",
            False,
        ),
        # Hitting an animal: a rule that names one.
        (
            r"\b(?:hit|hits|hitting|struck|strike|strikes|run over|ran over)\s+(?:a |an |the )?(?:\w+\s+)?"
            r"(?:deer|moose|elk|animal|animals|dog|cow|horse|caribou)\b",
            "animal animals deer moose elk wildlife livestock",
            False,
        ),
        # A full licence: a rule on a licence without the learner's limits, not the age for any licence. (Not one held
        # as the case of another question: "once i have my full license ... am i allowed to talk on the phone if its
        # hands free" asks of the phone.)
        (
            r"(?<!\bonce i )(?<!\bwhen i )(?<!\bafter i )(?<!\bsince i )(?<!\bnow that i )(?<!\bonce you )"
            r"(?<!\bwhen you )(?<!\bafter you )"
            r"\b(?:get|getting|have|obtain|apply for|qualify for|eligible for)\s+(?:my |a |an |your |the |their )?"
            r"(?:full|regular)\s+(?:driver'?s?\s+)?(?:license|licence)\b|\bunrestricted\b"
            r"|\brestrictions? (?:come off|lifted|removed|end)\b",
            "full unrestricted restrictions restriction restricted regular removed lifted",
            False,
        ),
        # Moving to the state: a rule for new residents, not for a change of address within it.
        (
            r"\b(?:move|moved|moving|relocat\w*)\s+(?:over\s+)?(?:here|to (?:this|the|a new|your|my) state)\b"
            r"|\b(?:move|moved|moving) (?:here )?from (?:another|a different|out of) state\b|\bnew resident"
            r"|\bout[- ]of[- ]state licen[cs]e\b",
            "resident residents residency establish established establishing move moves moving moved",
            False,
        ),
        # A minimum speed: a rule on driving too slowly, not a limit on the fastest.
        (
            r"\bminimum speed|\btoo slow\w*|\bslowest\b",
            "minimum slow slowly slower impede impeding impedes",
            False,
        ),
        # A child's seat facing backwards ("how long does my baby have to stay rear facing"): a rule on such a seat,
        # not the age for a booster, nor for the rear seat ("children age 12 and younger should ride in the rear seat").
        (
            r"\b(?:rear|backwards?)[\s-]*facing\b|\bface (?:the )?(?:rear|backwards?)\b",
            # ("rearfacing": "rear- facing" broken over a line.)
            "facing backward backwards infant infants rearfacing",
            False,
        ),
        # Which way to steer (out of a skid, when parked on a hill): a rule that says which way to turn.
        (
            r"\b(?:which|what) (?:way|direction)\b[^?.!]{0,40}?\b(?:steer\w*|turn\w*)\b"
            # Or which way round a roundabout or traffic circle one drives.
            r"|\b(?:which|what) (?:way|direction)\b[^?.!]{0,40}?\b(?:roundabouts?|traffic circles?|rotary|rotaries)\b"
            # Or which way to go on foot, out of a car stalled on the tracks ("which way do i run").
            r"|\b(?:which|what) (?:way|direction)\b[^?.!]{0,25}?\b(?:go|run|walk|head|move|get away)\b",
            # (A direction or a side, not any word of steering: "Use this method of steering ...".)
            _DIRECTIONS,
            False,
        ),
        # Calling the police after a crash: a rule on when to call or report, not one naming the police else.
        (
            r"\b(?:call|contact|notify|phone|get)\s+(?:the\s+)?(?:police|cops?|911|9-1-1)\b|\breport (?:it |this )?to (?:the )?(?:police|cops?)\b",
            "call calling contact notify notified report reported reporting",
            False,
        ),
        # An open container: a rule that names one, not any rule with "open" in it.
        (
            r"\bopen (?:container|beer|bottle|can|drink|alcohol)s?\b|\bopen[- ]container",
            "container containers bottle bottles",
            False,
        ),
        # What something costs: a rule that says what is paid, not an amount of cover or damage.
        (
            r"\bcosts?\b|\bprice\b",
            "cost costs fee fees price pay paid payment charge charged fine fines penalty surcharge",
            False,
        ),
    )
]
# The stages of licence a learner names, past the permit, each by the names the manuals give it; and a rule that
# opens on one as its case ("For an unrestricted license, ...", "To get your intermediate license, ...").
_STAGE_NAMES = (
    frozenset(tokens("unrestricted full regular")),
    frozenset(tokens("provisional intermediate junior probationary")),
)
_STAGES = frozenset().union(*_STAGE_NAMES)


def _stage_of(name: str) -> frozenset[str]:
    """Every name of the stage of licence one name names ("full" is "unrestricted" too)."""
    named = words_of(name)
    return next((names for names in _STAGE_NAMES if names & named), named)


# (Or held as the case it is told for: "With a probationary license you may not use hand-held or hands-free phones",
# asked of the full licence.)
_STAGE_TOLD = _pattern(
    r"^(?:for|to (?:get|obtain|apply for|qualify for)|with|while (?:holding|driving on)|if you (?:have|hold))\s+"
    r"(?:an?\s+|the\s+|your\s+)?"
    r"(unrestricted|full|regular|provisional|intermediate|junior|probationary)\s+(?:driver'?s?\s+)?(?:licen[cs]e)\b"
)
# Conditions a learner tells apart that a manual states side by side: what a suspension is for
# refusing a test is not what it is for failing one. Each: the side the question takes, and
# the other side, which a span naming only it in its own words speaks of, whatever its heading
# names ("Parking, Stopping, or Standing"). A span on the other side of a pair the question
# takes pays CONDITION_PRICE. A pair marked both ways is told apart from either side.
_CONTRASTS = [
    (frozenset(tokens(one)), frozenset(tokens(two)))
    for asked, other, both_ways in (
        ("refuse refusal refused", "fail failed", True),
        # Where to stop (at a crossing, behind a bus) is not where to park; a car parked on the
        # shoulder is passed by the rule for stopped ones.
        ("stop stopping", "park parking parked", False),
        # A child is not a baby: the rule for infants ("under age 2, ride facing the rear") does not
        # answer of a little sister or a kid.
        ("child children kid kids sister brother son daughter", "infant infants baby babies newborn newborns", False),
        # A rear-facing seat is not a forward-facing one. (The rear seat against the front is
        # read apart, Asked.back_seat: "rear" is a child seat's word as often as a seat's.)
        ("rear", "forward", False),
        # A flashing light is not a steady one.
        ("flashing blinking", "steady", True),
        # A light is not an arrow.
        ("light", "arrow arrows", True),
        # A signal's colour is not another's (a flashing yellow light is no flashing red one; a school bus's yellow
        # lights are not its stop arm).
        ("yellow amber", "red green arm arms", False),
        ("red", "yellow amber green", False),
        ("green", "red yellow amber", False),
        # A line's colour is not another's: a double yellow line is no double white one.
        ("yellow", "white", True),
        # A car coming toward you is not one you follow (when to dim the high beams).
        ("oncoming toward towards", "follow following behind rear", False),
        ("follow following behind", "oncoming", False),
        # Insurance is not the deposit or bond that may stand in for it ("a certificate of deposit or securities
        # valuing $15,000" is no least liability coverage).
        ("insurance insured coverage policy", "deposit deposits securities bond bonds", False),
        # The least a rule allows is not the most: asked the minimum fine, "a fine up to a maximum of $500" is
        # the other end.
        ("minimum", "maximum", True),
        # A car's windows are not the driver's glasses ("tinted contact lenses").
        ("window windows windshield", "glasses lenses sunglasses", False),
        # A learner's permit is not the licence after it: a permit's passengers are not an
        # intermediate licence's.
        (
            "permit permits learner learners instruction instructional",
            "intermediate junior provisional probationary",
            True,
        ),
        # A public transit bus is not a school bus: the rule to stop for one letting children off is not the other's.
        ("transit", "school", False),
        # A change of name is not one of address ("changing my last name, how long do i have to tell the mvc" is not
        # answered by "Report an address change to the MVC within 1 week").
        ("name names surname", "address addresses", True),
        # A licence asked of is not the permit before it ("what age can you get your drivers license"),
        # unless it is a learner's licence; a rule for permits and for the licence asked of alike ("for
        # permit and probationary drivers") is for both.
        (
            "license licence licenses licences learner learners intermediate junior provisional probationary",
            "permit permits",
            False,
        ),
    )
    # A pair told apart both ways is read from either side.
    for one, two in ((asked, other), (other, asked))[: 2 if both_ways else 1]
]


# A permit as the thing a learner holds ("a learner's permit", "permit holders"), not as what a rule allows ("Motorists
# are permitted to use a hands-free cellular telephone"): the words' stem is one.
_A_PERMIT_HELD = re.compile(
    r"\b(?:a|an|the|your|my|his|her|their|this|that|learner'?s?|learners|instruction|instructional|driving|driver'?s?|"
    r"training|temporary|special|restricted|hardship|motorcycle|school|work|valid)\s+permits?\b"
    r"|\bpermits?\s+(?:holders?|drivers?|tests?|stage|phase|period)\b",
    re.I,
)
_PERMIT = frozenset(tokens("permit"))


def _sided_words(words: frozenset[str], shown: str) -> frozenset[str]:
    """A span's words as _CONTRASTS reads them: "permit" only where it names one held."""
    return words - _PERMIT if words & _PERMIT and not _A_PERMIT_HELD.search(shown) else words


# The refusing side of _CONTRASTS' pair of refusing and failing a test.
_REFUSING = _CONTRASTS[0][0]


# A car coming, told with no word of its coming from behind ("when do i have to switch from brights to regular
# headlights when a car is coming"): one coming toward the learner, as the manuals say it, oncoming. (Not one coming up
# behind, nor the learner coming up to a place: "coming up to a train crossing".)
_A_CAR_COMING = re.compile(
    r"\b(?:car|cars|vehicle|vehicles|driver|drivers|truck|trucks|someone|somebody|someones|traffic)\s+(?:is\s+|are\s+)?"
    r"coming\b(?!\s+(?:up\b|from\s+behind|behind|in\b|into\b|out\b|off\b|through\b|onto\b|down\b))(?![^.?!]*\bbehind\b)"
)
_ONCOMING = frozenset(tokens("oncoming"))
# The day said as the time one drives ("during the day", "its daytime", "in broad daylight"); not a count of days.
_DAYTIME_SAID = re.compile(
    r"\b(?:during|in)\s+the\s+day(?:time)?\b|\b(?:its|it\s+is|it'?s)\s+(?:the\s+)?day(?:time|light)?\b"
    r"|\bday\s*time\b|\bdaylight\b"
)
_DAYTIME = frozenset(tokens("daytime"))
# The night named by a rule, and the words of a case by day or of seeing that a rule for it may name as well.
_NIGHT_SIDE = frozenset(tokens("sunset sunrise night nighttime darkness"))
_NOT_NIGHT_ALONE = frozenset(
    tokens("day days daytime daylight visibility visible see seen seeing weather fog foggy rain snow dust smoke wipers")
)
# How a rule tells of passing a vehicle stopped at the roadside, in other words than passing it.
_NEARING_A_STOPPED_ONE = frozenset(tokens("approach approaching zone zones"))


def sides_left(own: frozenset[str], asked: frozenset[str]) -> frozenset[str]:
    """The words of the sides of _CONTRASTS a follow-up leaves: those its own words (`own`) take the other side of,
    named only by the question before it (in `asked`, the two read together). "and once i get my intermediate
    restricted license?", after the hours a learner's permit keeps off the road, asks of that licence, not of the
    permit as well."""
    left: set[str] = set()
    for one, other in _CONTRASTS:
        if one & own and not other & own:
            left |= (other & asked) - own
    return frozenset(left)


# A sentence that gives an example of a rule rather than the rule; or the one set against it ("For example, you may
# receive two or three points ... By contrast, you may receive 12 points ...").
_EXAMPLE = re.compile(r"^(?:for (?:example|instance)|example:|e\.g\.|by contrast\b)", re.I)
# A list of examples of what the sentence before it names ("Some examples include speeding offenses, failure to stop
# at a light or sign, ..."): no rule, unless what counts as one, or examples, are asked.
_EXAMPLES_LISTED = re.compile(r"^(?:some|other|common)\s+examples?\s+(?:include|are)\b", re.I)


# A rule about places or cases a sentence before it names: "not allowed at these intersections".
_POINTS_BACK = re.compile(
    r"\b(?:these|those|such)\s+(?:intersections?|roads?|highways?|streets?|areas?|places?|locations?|situations?|"
    r"cases?|conditions?|zones?|lanes?|crossings?|times?)\b"
    # Or a way of doing it the sentence before tells: "Use this method of steering when ...".
    r"|\b(?:this|that)\s+(?:method|technique|procedure)\b",
    re.I,
)
# A sentence whose subject is "they", for those the sentence before it names, doing what it says: "They will activate the
# lights at least 300 feet before it stops" (the bus drivers). (Not "This section does not apply ...": a heading's.)
_THEY_DO = re.compile(r"^they\s+(?:will|must|should|may|can|cannot|are|have|has|do|does|need|would|shall|also)\b", re.I)
# A sentence whose subject is a pronoun for what the sentence before it names: "It tells you
# that a right turn on red ... is prohibited" (of a sign). Not a dummy "it is illegal to".
_PRONOUN_SUBJECT = re.compile(
    r"^(?:it|they|this|these|those)\s+(?!is\b|was\b|'s\b|’s\b|may be\b|can be\b)[a-z]+s?\b", re.I
)


def said_otherwise(*pairs: tuple[str, str]) -> dict[str, frozenset[str]]:
    """Each stem of a pair's first words, mapped to the stems of its second: words said another way."""
    return {stem: frozenset(tokens(others)) for words, others in pairs for stem in tokens(words)}


# A rule limited to a kind of place a limit is set for ("within urbanized areas the limit is 60
# mph", "if a work zone is not posted"): the answer to a question that names that place only.
_PLACE_KINDS = (
    r"(?:urbanized|urban|residential|business|school|work|construction)\b(?!\s+(?:day|hours?|license|permit))"
)
_PLACE_LIMIT = re.compile(
    r"\b(?:in|within|inside|through|if)\s+(?:an?\s+|the\s+)?(?:\w+\s+){0,2}?" + _PLACE_KINDS, re.I
)
# A speed limit for one kind of road: "on an Interstate", "for divided highways".
_ON_A_ROAD = re.compile(
    r"\b(?:on|for)\s+(?:an?\s+|the\s+|all\s+)?(?:\w+\s+){0,2}?(?:interstates?|freeways?|expressways?|turnpikes?|"
    r"(?:divided|multi-?lane|four-lane|4-lane)\s+highways?)\b",
    re.I,
)
# A question that names a road of any kind.
_ROAD_NAMED = frozenset(
    tokens("interstate interstates freeway freeways expressway expressways highway highways turnpike rural divided")
)
# Every place such a span names ("in school, business and residential areas").
_PLACE_WORD = re.compile(r"\b" + _PLACE_KINDS, re.I)
# A town's places, where a rule told for outside them is the other side's; and a question that asks of outside one.
_TOWN_PLACES = frozenset(tokens("urbanized urban business residential"))
_OUTSIDE_ASKED = frozenset(tokens("outside rural country countryside highway highways interstate freeway"))
_OUTSIDE_A_PLACE = re.compile(
    r"\boutside (?:of )?(?:an?\s+|the\s+|any\s+)?(?:\w+\s+){0,2}?(?:urbanized|urban|business|residential|city|town)\b",
    re.I,
)
# (And one that sets a figure inside one as well: "30 mph in an urban district and 70 mph outside it".)
_IN_A_PLACE = re.compile(
    r"\b(?:in|within|inside)\s+(?:an?\s+|the\s+)?(?:\w+\s+){0,2}?(?:urbanized|urban|business|residential)\b", re.I
)
# A learner's word for such a place.
_PLACE_SAID = said_otherwise(
    ("city", "urbanized urban business residential"),
    ("town", "urbanized urban business residential"),
    ("downtown", "urbanized urban business"),
    ("neighborhood", "residential"),
    ("neighbourhood", "residential"),
    ("subdivision", "residential"),
)


def _places_named(words: frozenset[str]) -> frozenset[str]:
    """The question's words, with the places a learner's word for one names ("city": urban, business)."""
    return words.union(*(_PLACE_SAID[word] for word in words if word in _PLACE_SAID))


# The subject of a condition a rule opens on: "trucks" of "If 2 large trucks are approaching ...".
_CONDITION_SUBJECT = re.compile(
    r"^(?:if|when|whenever|while)\s+(?:(?:\d+|two|a|an|the|any|both|several)\s+)?(?:(?:large|big|heavy|slow)\s+)?([\w-]+)",
    re.I,
)
_RIDING_ONE = re.compile(
    r"^(?:if|when|whenever|while)\s+(?:you(?:'re|’re| are)\s+)?(?:riding|operating|driving)\s+"
    r"(?:(?:any kind of|any type of|a|an|the|your|any)\s+)?([\w-]+)",
    re.I,
)
# The case a sentence ends on: "... and 3 points if the violation causes a crash."
_ENDS_ON_A_CASE = re.compile(r"\b(?:if|when)\s+([^.;:,]{3,80}?)\s*\.?$", re.I)


def _case_it_ends_on(text: str) -> str:
    found = _ENDS_ON_A_CASE.search(text)
    return found.group(1) if found else ""


# A rule that opens on a condition: "If the speed limit is 45 mph or more, ...".
_CONDITION = re.compile(r"^(?:if|when|whenever|unless|while|where)\b([^,;:]{3,120})[,;:]", re.I)


@dataclass(frozen=True)
class Reading:
    """A span of a law read against a question: how well it answers, and the figures it states."""

    law: Law
    span: Span
    rank: int
    fit: float
    score: float
    measure: str = ""
    stated: tuple[Stated, ...] = ()
    # Whether it speaks of another thing than the question names, or of the other side of a
    # condition the question takes (SUBJECT_PRICE, _CONTRASTS): never the answer.
    astray: bool = False


Weights = Callable[[list[str]], list[float]]


def even(words: list[str]) -> list[float]:
    """Every word weighing the same: for reading without a state's word weights."""
    return [1.0] * len(words)


# A rule for fair conditions: "in most driving situations", "under normal conditions", "during
# favorable weather and traffic conditions". Asked of rain, snow, ice or fog, it is not the rule for them.
_FAIR_CONDITIONS = re.compile(
    r"\b(?:in|for|under|during)\s+(?:most|normal|ideal|good|dry|clear|average|favou?rable)\s+(?:[\w-]+\s+){0,3}?"
    r"(?:situations?|conditions?|weather|circumstances)\b",
    re.I,
)


@lru_cache(maxsize=1 << 12)
def _before_words(before: str) -> frozenset[str]:
    """The words, as stems, of the sentence a span goes on from (Span.before), or none."""
    return frozenset(tokens(before)) if before else frozenset()


def _subjects(text: str, shown: str) -> tuple[str, ...]:
    """Who a span's condition is about: its subject, or what it rides (_CONDITION_SUBJECT, _RIDING_ONE)."""
    return tuple(each.group(1) for each in (_CONDITION_SUBJECT.match(text), _RIDING_ONE.match(shown)) if each)


@dataclass(frozen=True)
class _Facts:
    """What a span says, read once: its words, with its heading's, its figures, its condition and ages."""

    words: frozenset[str]
    context: frozenset[str]
    length: int
    has_figure: bool
    condition: frozenset[str] | None
    ages: tuple[int, int] | None
    # The CUES whose answering words the span holds.
    cues: frozenset[str]
    # Whether it is a rule for places or cases a sentence before it names (_POINTS_BACK).
    points_back: bool
    # The places its rule is limited to (_PLACE_LIMIT): "urbanized", "work".
    places: frozenset[str]
    # Its words with its heading's, as the things it names are read (_without_training).
    things: frozenset[str]
    # Whether it (or its heading) speaks of an emergency vehicle coming through (_EMERGENCY_PASSING).
    emergency: bool
    # Whether it gives an example of a rule rather than the rule (_EXAMPLE).
    example: bool
    # Whether it is the rule for a second or later offence alone (_REPEAT_RULE, not in an aside), for one
    # who refuses a test (_REFUSAL_RULE), or for a driver who has been drinking (_DRINK_CONDITION); a
    # rule that gives the first offence's penalty beside either is for the first too.
    repeat: bool
    refusal: bool
    drink: bool
    # Whether it is the rule for fair conditions ("in most driving situations", "under normal
    # conditions"), naming no weather of its own (_FAIR_CONDITIONS).
    fair: bool
    # Who its condition, or that of the sentence it goes on from, is about ("If 2 large trucks ...", "When
    # you're riding any kind of bicycle ...").
    subjects: tuple[str, ...] = ()
    # The kinds of vehicle it has one pass or follow (_acted_on); the counts of lanes it is told for.
    acted_on: tuple[frozenset[str], ...] = ()
    lanes: tuple[tuple[int, bool], ...] = ()
    # Whether it is a CDL holder's rule (_CDL_HOLDER), or the following rule named by its seconds (_SECONDS_RULE).
    cdl: bool = False
    seconds_rule: bool = False
    # What the astray checks read of every span, whatever was asked, read once a span: a rule for
    # drivers with a disability, one for moving over (_MOVE_OVER), one in the learner's own voice
    # (_FIRST_PERSON), a child's rule (_A_CHILDS_RULE).
    disabled_people: bool = False
    move_over: bool = False
    first_person: bool = False
    childs_rule: bool = False
    # What it opens on happening, in its words or its list's lead-in ("If you are stopped: Keep your hands
    # on the wheel"), for a rule told for then; and whether it tells what causes a thing (_CAUSE_TOLD).
    happening: frozenset[str] = frozenset()
    cause_told: bool = False
    # Whether the case it opens on is that a thing is not so ("If your parent does not take ...").
    condition_denied: bool = False
    # Whether it is a rule for those serving in the armed forces (_MILITARY_RULE).
    military: bool = False
    # Whether it gives a thing for a sum in dollars (_DOLLARS): it says what the thing costs.
    priced: bool = False
    # Whether it names an alcohol level of the under-21s' own, .02 or less (_UNDERAGE_LEVEL).
    underage_level: bool = False
    # Whether it lists examples (_EXAMPLES_LISTED), tells what the punishment is (_PUNISHMENT_TOLD), gives hours as a
    # deadline (_HOURS_DEADLINE), or tells a refusal as the other case beside a test failed (_OR_REFUSED).
    examples_listed: bool = False
    punishment_told: bool = False
    hours_deadline: bool = False
    refused_or_failed: bool = False
    # Whether it names the weather (_WEATHER_CLAUSE): "on a wet or slippery road", "in fog".
    weather_told: bool = False
    # Whether it is the penalty for the rule told before it (penalty_for_the_rule_before).
    penalty_for_the_rule: bool = False
    # The words of what it holds only if done ("only if you are in ... a traffic education program"), not denied.
    only_if: frozenset[str] = frozenset()


# An ordinal in digits is the word a learner types: "1st suspension" is the "first" time.
_ORDINALS = {"1st": "first", "2nd": "second", "3rd": "third", "4th": "fourth"}
_ORDINAL = re.compile(r"\b(1st|2nd|3rd|4th)\b", re.I)


def _ordinals_said(text: str) -> str:
    return _ORDINAL.sub(lambda match: _ORDINALS[match.group(1).lower()], text)


# A licence taken away, told as what follows: "You will not be able to drive if you get 12 or more points".
_CANNOT_DRIVE = _pattern(
    r"\b(?:not|no longer)\s+(?:be\s+)?(?:able|allowed|permitted)\s+to\s+drive\b|\b(?:cannot|can't|can not)\s+drive\b"
    r"|\btaken away\b"
)
_LOSING = frozenset(tokens("lose"))
# Or as the licence taken from one: "the officer will demand your license", "a receipt for your license".
_LICENSE_TAKEN = _pattern(
    r"\b(?:demands?|takes?|took|taken|seizes?|seized|confiscates?|confiscated|surrenders?|receipt for)\s+"
    r"(?:your|the|a|his|her|their)\s+(?:driver'?s\s+)?licen[cs]e\b"
)
# A test not passed, told without the word: "If the vehicle does not pass, you will be given 60 days".
# (Not overtaking: "Do not pass on a hill", "you are unable to pass safely".)
_NOT_PASSED = _pattern(
    r"\b(?:(?:does|did)\s+not|(?:doesn|didn)'?t|(?:you|applicants?|who)\s+(?:do\s+not|don'?t))\s+(?:successfully\s+)?pass\b"
    r"|\b(?:fail(?:s|ed)?|unable)\s+to\s+pass\b(?!\s+safely)"
)
_FAILING = frozenset(tokens("fail failure"))


# A phone "hand-held", in two words.
_HAND_HELD = re.compile(r"\bhand[- ]held\b", re.I)
_HANDHELD = frozenset(tokens("handheld"))
# What a span says without its words: each way of telling it, and the words it counts as saying.
_SAID_OTHERWISE: tuple[tuple[re.Pattern[str], frozenset[str]], ...] = (
    # Not being able to drive any more is losing one's licence, though the rule says neither.
    (_CANNOT_DRIVE, _LOSING),
    (_LICENSE_TAKEN, _LOSING),
    (_NOT_PASSED, _FAILING),
    # Who must ride along says "supervise": "with a licensed driver at least 21".
    (_WHO_RIDES_ALONG, _SUPERVISED),
    # A car left on the tracks is stuck: "If your vehicle is physically on the train tracks ... and the lights begin
    # to flash".
    (_LEFT_ON_THE_TRACKS, _STUCK),
    # A phone that takes a hand is held: "if it requires the use of either hand".
    (_TAKES_A_HAND, _HELD),
    # A phone "hand-held", in two words as the rows of a table of points write it, is a handheld one.
    (_HAND_HELD, _HANDHELD),
)


@lru_cache(maxsize=1 << 16)
def _facts(shown: str, text: str, heading: str, before: str = "") -> _Facts:
    own = frozenset(tokens(_ordinals_said(shown)))
    # (A heading is read once for all the spans under it.)
    headings = words_of(heading)
    match = _CONDITION.match(text)
    first = bool(_FIRST_OFFENCE.search(shown))
    refused_or_failed = bool(_OR_REFUSED.search(shown))
    return _Facts(
        own,
        own | headings,
        len(text.split()),
        bool(figures_in(text)),
        frozenset(tokens(match.group(1))) if match else None,
        # An age its heading gives a rule (a card's "for drivers 21 and over") where the span gives none.
        asks_age_of(shown) or _heading_age(heading),
        frozenset(name for name, (_, says) in CUES.items() if says.search(text)),
        bool(_POINTS_BACK.search(shown) or _PRONOUN_SUBJECT.match(shown)),
        frozenset(tokens(" ".join(_PLACE_WORD.findall(shown)))) if _PLACE_LIMIT.search(shown) else frozenset(),
        # (A time of night by the clock, "between 1:00 am and 5:00 am", names the night too.)
        (
            _without_training(own | headings, f"{shown} {heading}")
            # (A lone "m" or "p" is the "a.m." or "p.m." of a time by the clock, not a Class M licence.)
            - (frozenset() if _CLOCK.search(f"{shown} {heading}") else _CLOCK_LETTERS)
        )
        | _clock_night(shown)
        # (And what it says in other words: _SAID_OTHERWISE.)
        | frozenset().union(*(words for told, words in _SAID_OTHERWISE if told.search(shown))),
        bool(_EMERGENCY_PASSING.search(f"{heading} {shown}")),
        bool(_EXAMPLE.match(shown)),
        (
            bool(_REPEAT_RULE.search(_ASIDE.sub("", shown)))
            or bool(_LATER_ATTEMPT.search(shown) and _FAILING_SAID.search(shown))
        )
        and not first,
        (bool(_REFUSAL_RULE.search(shown)) and not first and not refused_or_failed) or bool(_REFUSED_TOO.search(shown)),
        bool(_DRINK_CONDITION.search(shown)),
        bool(_FAIR_CONDITIONS.search(shown)) and not own & ROAD_CONDITIONS,
        # (With the sentence it goes on from: "This defense only applies to ..." after a bicycle's list.)
        subjects=_subjects(text, shown) + (_subjects(before, before) if before else ()),
        acted_on=_acted_on(shown),
        lanes=_lanes_told(shown),
        cdl=bool(_CDL_HOLDER.search(shown)),
        seconds_rule=bool(_SECONDS_RULE.search(shown)),
        weather_told=bool(_WEATHER_CLAUSE.search(shown)),
        penalty_for_the_rule=penalty_for_the_rule_before(shown, before),
        only_if=_only_if(shown),
        disabled_people=bool(_DISABLED_PEOPLE.search(shown)),
        move_over=bool(_MOVE_OVER.search(shown)),
        first_person=bool(_FIRST_PERSON.search(shown)),
        childs_rule=bool(_A_CHILDS_RULE.search(shown)),
        happening=_happening(match, shown),
        cause_told=bool(_CAUSE_TOLD.search(shown)),
        condition_denied=bool(match and _DENIED.search(match.group(1))),
        military=bool(_MILITARY_RULE.search(shown)),
        priced=bool(_DOLLARS.search(shown)),
        underage_level=bool(_UNDERAGE_LEVEL.search(shown)),
        examples_listed=bool(_EXAMPLES_LISTED.match(shown)),
        # (Or the sentence opens on the conviction it follows: "Upon conviction, the court must order community service
        # and/or a fine up to $1,000", no answer to whether one may drive home after a beer.)
        punishment_told=bool(_PUNISHMENT_TOLD.search(shown) or _IF_CONVICTED.match(shown)),
        hours_deadline=bool(_HOURS_DEADLINE.search(shown)),
        refused_or_failed=refused_or_failed,
    )


@lru_cache(maxsize=1 << 16)
def _vehicle_words(told: str) -> frozenset[str]:
    """The words of what a rule tells, without the learner's own vehicle ("your car"), which is no kind of vehicle
    (read once a text: each question that reads the span asks for them)."""
    return words_of(_NO_VEHICLE_IN_GENERAL.sub(" ", told))


@lru_cache(maxsize=1 << 14)
def _heading_age(heading: str) -> tuple[int, int] | None:
    return asks_age_of(heading)


def _happening(match: re.Match[str] | None, shown: str) -> frozenset[str]:
    """The words of what a rule opens on happening: its own condition (`match`), or its lead-in's.

    Not a lead-in itself: "When you see a pedestrian with a white cane, you should know:" tells nothing then.
    """
    if shown.endswith(":"):
        return frozenset()
    opens_on = _CONDITION.match(shown)
    return frozenset(tokens(match.group(1) if match else "")) | frozenset(tokens(opens_on.group(1) if opens_on else ""))


def read_ahead(laws: Sequence[Law]) -> None:
    """Read what every showable span of `laws` says now (_facts), as `readings` reads each, so that no
    question waits on reading a law it meets for the first time: a state's first question pays for
    all of its laws once, the questions after it find them read (benchmarks/bench_retrieval.py)."""
    for law in laws:
        for span in spans_of(law):
            if span.role not in SHOWABLE:
                continue
            _facts(span.shown, span.text, law.question, span.before)
            if law.origin == "card":
                # A practice question reads a card by its rule alone (readings, answering=False).
                _facts(span.shown, span.text, "", span.before)


@lru_cache(maxsize=1 << 16)
def names_a_repeat(text: str) -> bool:
    """Whether a span names a second or later time ("for a second conviction", "2nd offense", "again")."""
    return bool(_REPEAT_NAMED.search(text) or _REPEAT_RULE.search(text))


# A later offence named as such ("each subsequent offense", "2 nd DWI conviction"): narrower than names_a_repeat,
# which a count ("2 or more moving violations") or a prior one meets too.
_LATER_OFFENCE = re.compile(
    r"\b(?:second|2\s?nd|third|3\s?rd|fourth|4\s?th|subsequent|repeat(?:ed)?|each additional|additional)\s+"
    r"(?:or\s+(?:subsequent|more)\s+)?(?:[A-Za-z]+\s+)?(?:offen[cs]es?|violations?|convictions?|times?)\b",
    re.I,
)


def names_a_later_offence(text: str) -> bool:
    """Whether a span names a second or later offence as such, not only a count of them or a prior one."""
    return bool(_LATER_OFFENCE.search(text))


@lru_cache(maxsize=1 << 15)
def words_of(text: str) -> frozenset[str]:
    """A text's stemmed words, as a span is weighed (read once a text: a span's are asked for by each question
    that meets it, and its condition's once for each kind of vehicle)."""
    return frozenset(tokens(text))


@lru_cache(maxsize=1 << 16)
def _stated(shown: str, measure: str) -> tuple[Stated, ...]:
    return tuple(stated_in(shown, measure))


@dataclass(frozen=True)
class Question:
    """A question's words as spans are weighed against them: each stemmed word with its weight."""

    words: tuple[str, ...]
    weights: tuple[float, ...]
    _weight: dict[str, float] = field(default_factory=dict, compare=False, repr=False)
    _keys: frozenset[str] = field(default=frozenset(), compare=False, repr=False)

    @classmethod
    def of(cls, text: str, weights: Weights = even) -> Question:
        # The spans' figures are in digits: so are the question's ("two-lane" is "2-lane").
        words = list(dict.fromkeys(tokens(in_digits(text))))
        given = tuple(weights(words)) if words else ()
        total = sum(given)
        weight = {word: each / total for word, each in zip(words, given, strict=True)} if total else {}
        return cls(tuple(words), given, weight, frozenset(weight))

    def without(self, words: frozenset[str]) -> Question:
        """The question without `words`, its other words weighed as before (their shares summing to 1)."""
        kept = [(word, weight) for word, weight in zip(self.words, self.weights, strict=True) if word not in words]
        total = sum(weight for _, weight in kept)
        weight = {word: each / total for word, each in kept} if total else {}
        return Question(tuple(word for word, _ in kept), tuple(each for _, each in kept), weight, frozenset(weight))

    def share(self, present: frozenset[str]) -> float:
        """The share of the question's word weight that `present` holds."""
        weight = self._weight
        return sum([weight[word] for word in self._keys & present])


@dataclass(frozen=True)
class _QuestionRead:
    """What `readings` reads of the question before any span: the same for every law it is asked to read."""

    asked: Asked
    question: Question
    asked_words: frozenset[str]
    # Every word of the question, as read and as asked: what another vehicle's rule must not name.
    every_word: frozenset[str]
    places_named: frozenset[str]
    # Whether it names an emergency vehicle, or a stopped one, or what either shows.
    emergency_asked: bool
    # Whether it names the weather, or seeing poorly in it.
    weather_asked: bool
    # And whether it names the weather by name ("the roads are icy", "in a storm"), not only "bad conditions".
    weather_named: bool
    # The sides of _CONTRASTS the question takes: a span on the other side pays.
    taken: list[tuple[frozenset[str], frozenset[str]]]
    # The actions the question names, in a rule's words for them too.
    acting: frozenset[str]


# The last question read (the reranker reads each of its candidate laws alone, against one question).
_last_read: list[_QuestionRead] = []


def _read_once(asked: Asked, question: Question) -> _QuestionRead:
    """What `readings` reads of the question alone, read again only for another question."""
    last = _last_read[0] if _last_read else None
    if last is not None and last.asked is asked and last.question is question:
        return last
    asked_words = frozenset(question.words)
    every_word = asked_words | asked.words
    # (What the question sets aside takes no side: "an actual license, not the permit" asks of the license.)
    siding = every_word - asked.set_aside
    acting = asked.actions.union(*(_ACTION_SAID.get(each, frozenset()) for each in asked.actions))
    if asked.passing_stopped:
        # Passing a vehicle stopped at the roadside is approaching it, or driving through the zone it marks off: "Never
        # drive faster than 50 mph in an emergency zone", asked the most one may go passing a tow truck.
        acting |= _NEARING_A_STOPPED_ONE
    read = _QuestionRead(
        asked,
        question,
        asked_words,
        every_word,
        _places_named(asked.words),
        bool(every_word & (_EMERGENCY_ASKED | _STOPPED_VEHICLE)),
        bool(every_word & _WEATHER_ASKED),
        bool(every_word & _WEATHER_NAMED),
        [(one, other) for one, other in _CONTRASTS if one & siding and not other & siding],
        acting,
    )
    _last_read[:] = [read]
    return read


def readings(asked: Asked, question: Question, laws: Sequence[Law], *, answering: bool = True) -> list[Reading]:
    """Every showable span of `laws` read against the question, best first (ties by rank, then place).

    `answering`: read as the answer is picked, where a card's own question is its context and a
    card comes first (CARD_FIT); the reranker reads so too for a question asked alone. False: a
    card read by its rule alone, like any sentence, as the reranker reads a practice question
    (read so, with its choices, the dev set lost 1 point of recall@1; see rerank.Reranker.evidence).
    """
    found: list[Reading] = []
    read = _read_once(asked, question)
    asked_words, every_word, places_named = read.asked_words, read.every_word, read.places_named
    emergency_asked, weather_asked, weather_named = read.emergency_asked, read.weather_asked, read.weather_named
    taken, acting = read.taken, read.acting
    # Asked how far ahead to look, not how far to follow: a following distance is another rule (below).
    looking_ahead = bool(asked.words & _LOOKING and asked.words & _AHEAD_WORDS and not asked.words & _FOLLOWING_WORDS)
    # Which of the readings found are told for the mishap asked (_MISHAPS), by their place in `found`.
    for_the_mishap: set[int] = set()
    # Which of them state a following distance told for the weather, asked of it by name, by their place in `found`.
    for_the_weather: set[int] = set()
    # And which name the weather at all.
    weathered: set[int] = set()
    for rank, law in enumerate(laws):
        # What the law speaks of, read with each span: a passage's heading, a card's own question.
        heading = law.question if answering or law.origin != "card" else ""
        # The mishaps the passage speaks of at each span, carried on from the last span that named one
        # ("If your vehicle stalls on railroad tracks ..., leave the vehicle immediately. Walk quickly at a
        # 45-degree angle ..."), read only for a question that asks of a mishap.
        carried: frozenset[str] = frozenset()
        for span in spans_of(law):
            if asked.mishaps:
                carried = _case_of(span) or carried
            if span.role not in SHOWABLE and not (span.role == STATISTIC and asked.share):
                continue
            shown = span.shown
            facts = _facts(shown, span.text, heading, span.before)
            fit = (1 - HEADING_SHARE) * question.share(facts.words) + HEADING_SHARE * question.share(facts.context)
            score = fit - RANK_PRICE * rank + 0.01 * math.log1p(facts.length)
            measure = ""
            stated: tuple[Stated, ...] = ()
            # A figure of the kind asked answers only a question about what the span speaks of.
            # (Or the sentence it goes on from does: "It is illegal for anyone else to park in spaces marked by this
            # symbol. The minimum fine for doing so is $250.")
            speaks_of = (
                not asked.actions
                or bool(acting & facts.context)
                or ("follow" in asked.actions and facts.seconds_rule)
                or bool(span.before and acting & words_of(span.before))
                # (Or a penalty told for "this law", whose rule before it names what the question does: "A first
                # violation of this law can cause ... a $250 fine", after the rule to stop for a school bus.)
                or bool(
                    span.before
                    and asked.things
                    and facts.penalty_for_the_rule
                    and all(one & (words_of(span.before) | facts.context) for one in asked.things)
                )
            )
            if asked.restrictions_end and not _RESTRICTIONS_LIFTED.search(shown):
                # (When restrictions end is told by the rule that lifts them, "after holding it 6 months all
                # age-related driving restrictions are removed", not by the hours to log before driving under them.)
                speaks_of = False
            # Whether the span tells a figure of a kind asked only of someone or something else: the learner's
            # own age, asked the supervisor's ("A person applying for a learner license must: Be at least 15").
            told_otherwise = False
            for at, name in enumerate(asked.measures if speaks_of else ()):
                given = _stated(shown, name)
                stated = figures_answering(given, shown, name, asked)
                told_otherwise = told_otherwise or bool(given and not stated)
                if stated:
                    measure = name
                    score += FIGURE_FIT * (1.0 if at == 0 else 0.8)
                    if answering:
                        # The question's words that only name the kind of figure ("bac", "how old") are
                        # said by the figure itself: "an alcohol concentration of 0.15" states a BAC
                        # unnamed. (Not as a practice question's choices are ranked: there it lost more
                        # places than it won.)
                        named = _MEASURE_NAMED.get(name, frozenset()) - facts.words
                        score += (1 - HEADING_SHARE) * question.share(named) + HEADING_SHARE * question.share(
                            named - facts.context
                        )
                    break
            if not measure and asked.figure_helps and facts.has_figure and not told_otherwise:
                # (A figure of the kind asked, told of another, hints at nothing.)
                score += FIGURE_HINT
            if answering and law.origin == "card":
                score += CARD_FIT
            if asked.cue in facts.cues:
                score += CUE_FIT.get(asked.cue, 0.0)
            if _GENERALLY.match(span.text):
                # The rule told as the general case ("Generally, the reinstatement fee for suspensions is $50")
                # answers before one for a case beside it that reads as well ("The reinstatement fee for a child
                # support suspension is $5"); a question that names that case reads it better by its words.
                score += GENERAL_FIT
            # Asked what a name with a number means ("what does hov 3 mean"), the span that names it so
            # ('For example, "HOV 3" means there must be at least 3 people') tells that one, not its kind.
            labelled = bool(asked.label) and asked.label in _as_label(shown)
            if labelled:
                score += CONDITION_PRICE
            if asked.repeat_named and facts.repeat:
                # Asked of doing it again ("what if i keep failing it?"), the rule told for a later time ("If you
                # fail to pass the 4th time, ... wait 6 months") answers before the one for any time.
                score += CONDITION_PRICE
            # Asked how far from a thing ("how far from the curb can i be"), the span whose figure is from that
            # thing ('no more than 18" from the curb') states it, not one that measures something else beside it.
            if asked.passing_room and measure == "distance":
                # (Every distance left to such a question is told from the oncoming car: figures_answering.)
                score += CONDITION_PRICE
            if asked.road_left and measure == "distance" and _ROAD_LEFT_TOLD.search(shown):
                # Asked how much road to leave others, the width a rule says must be left them answers, not how far
                # from a thing one may park.
                score += CONDITION_PRICE
            # Told that someone died, a figure told for a death answers before one told for an injury alone.
            if asked.a_death and measure:
                if _A_DEATH_TOLD.search(shown):
                    score += CONDITION_PRICE
                elif _AN_INJURY_TOLD.search(shown):
                    score -= CONDITION_PRICE
            elif measure and not asked.words & _HARM_WORDS and _HARM_CAUSED.search(shown):
                # Told no one was hurt, a penalty for the offence that injures or kills ("Person causes serious bodily
                # injury to another when passing a stopped school bus ... a fine of up to $4,000") is the graver case,
                # not the one asked ("how much is the ticket for passing a school bus").
                score -= CONDITION_PRICE
            if asked.far_from and measure == "distance":
                if _figure_from(shown, asked.far_from):
                    score += CONDITION_PRICE
                elif asked.far_from in shown.lower():
                    # (One that names the thing but measures another: "Park parallel to the curb, in a space 25
                    # feet long".)
                    score -= CONDITION_PRICE
            # Asked how long a thing lasts ("how long is the temporary permit they give you"), a length told of
            # it ("a 30-day temporary driving permit") answers before one told of another thing beside it.
            not_its_length = bool(
                measure == "duration" and stated and _length_of_another_kind(shown, stated[0].words, asked.words)
            )
            if not_its_length:
                score -= CONDITION_PRICE
            if asked.length_of and measure == "duration":
                # (A learner licence is a permit: "The learner license is valid for 4 years", asked of a permit.)
                as_permits = _as_permits(shown)
                if _figure_of(as_permits, asked.length_of) or _lasting_of(as_permits, asked.length_of):
                    score += CONDITION_PRICE
                elif _held_for_another(as_permits, asked.length_of) or _valid_for_another(as_permits, asked.length_of):
                    # (Asked how long a licence is good for, how long the permit must be held before it is another
                    # thing's length, and no answer: "You must hold a valid Indiana learner's permit for at least 180
                    # days". Nor is how long the permit is good for: "The permit will be valid until you obtain a
                    # driver's license or 2 years".)
                    score -= CONDITION_PRICE
                    not_its_length = True
                elif words_of(asked.length_of) and not words_of(asked.length_of) & facts.words:
                    # (One that names it only in its heading tells the length of something else under it: "However,
                    # the conviction entry remains part of the driver's record for a period of 5 years", under the
                    # point system, asked how long points stay. And one that never names it, "your license revoked
                    # for 1, 2 or 4 years", tells another's.)
                    score -= CONDITION_PRICE if not words_of(asked.length_of) & facts.context else CONDITION_PRICE / 2
                # Asked how long it is good for ("how many years is a drivers license good for"), a length not told of
                # it lasting answers nothing asked: "During the first 6 months the newly licensed driver may not have
                # any passengers", "an out-of-state license that is valid or expired less than 1 year".
                not_its_length = not_its_length or (
                    asked.good_for
                    and bool(_held_thing(asked.length_of))
                    and not _figure_of(as_permits, asked.length_of)
                    and not _figure_of(as_permits, asked.length_of, as_its_kind=True)
                    and not _lasting_of(as_permits, asked.length_of)
                )
            # Asked for hours of one kind ("how many hours of classroom drivers ed"), a count joined to it ("30 hours
            # of classroom study") answers; a count of hours that never names it ("40 hours of driving practice") is
            # of another kind.
            if answering and asked.hours_kind and measure == "hours":
                score += CONDITION_PRICE * _hours_of_kind(shown, asked.hours_kind)
            # Asked of the back seat, a rule that names it, or every seat, says so outright.
            if asked.back_seat and _SEATS_NAMED.search(shown):
                score += CONDITION_PRICE
            elif measure == "age" and not asked.words & _FRONT_WORDS and _BACK_SEAT_TOLD.search(shown):
                # Asked of neither seat, an age told for riding in the back ("Children 12 and under should always ride
                # ... in a rear seat") is not when a child may use a seat belt alone.
                score -= CONDITION_PRICE
            # Asked what a thing costs ("how much does it cost to get a learners permit"), a price that names no word
            # of it, nor does its heading, is another thing's ("Acceptable methods of training: The online version
            # costs $11.00"). (Any word: "the learners permit test" costs what "the learner's permit exam fee" is.)
            priced_otherwise = bool(
                answering
                and asked.price_of
                and measure == "money"
                and not words_of(asked.price_of) & (facts.words | facts.context)
            )
            # Asked whether one may do a thing, what a word of the rule means ("The definition of earphones include any
            # device ...") says nothing of whether.
            only_defines = bool(answering and asked.yes_no and not asked.defining and _A_DEFINITION.search(shown))
            if facts.condition is not None and not facts.condition & asked_words:
                score -= CONDITION_PRICE
            # A row of a list of penalties told for a case it ends on ("A $750 fine and 3 points if there is a death
            # or serious injury") is that case's, asked of none of it: the list's plain row ("A $110 fine") answers
            # first. (Not a rule's own case: "an additional $100 fine if convicted of driving between 81 and 85
            # MPH", "if dated within the past 12 months".)
            if measure in _FINE_OR_POINTS and span.role == ITEM:
                case = _case_it_ends_on(span.text)
                if case and not asked.words & words_of(case):
                    score -= CONDITION_PRICE
            # Asked of a case that is so ("what if i take the parent class"), a rule for the case that it
            # is not ("If your parent does not take the parent class, ... 50 hours") is the other case's.
            if answering and asked.supposes_so and facts.condition_denied:
                score -= CONDITION_PRICE
            if answering and asked.over_by is not None:
                # Asked of going 20 over, the row for 16 to 25 over answers, not the one for 1 to 15.
                score += CONDITION_PRICE * _in_the_range(shown, asked.over_by)
            if answering and asked.going_at is not None and measure and measure != "speed":
                # Told the speed it goes at ("going 70"), the rule for that speed ("If you are driving at 70 mph, stay
                # at least 7 car lengths") answers, not one for another speed or a rate per 10 mph.
                score += CONDITION_PRICE * _speed_agrees(shown, asked.going_at)
            if answering and asked.how_early and measure:
                # Asked how early, a figure told as a time before the thing answers, not one after it has expired, nor
                # one told before nothing ("a following distance of 2-4 seconds", asked how far ahead to book a test).
                score += CONDITION_PRICE * (1 if _TIME_BEFORE.search(shown) and not _TIME_AFTER.search(shown) else -1)
            if answering and asked.past_it:
                # Told the thing has expired, a time after the expiry answers, not one before it.
                score += SUBJECT_PRICE * (bool(_TIME_AFTER.search(shown)) - bool(_BEFORE_EXPIRY.search(shown)))
            if answering and asked.bought and _BUYING_SAID.search(shown):
                # Told of a car bought, a rule for one who buys one answers (not a renewal's notice).
                score += SUBJECT_PRICE
            if answering and asked.new_address:
                # Told of moving house, an address change's rule answers, not a new resident's.
                score += SUBJECT_PRICE * (bool(_ADDRESS_SAID.search(shown)) - bool(NEW_RESIDENT.search(shown)))
            if answering and asked.moving_in and NEW_RESIDENT.search(shown):
                # Told of moving into the state, a rule for one who does answers (not an address change's).
                score += SUBJECT_PRICE
            if answering and asked.retake_wait and (_RETEST_TOLD.search(shown) or _TAKEN_AGAIN.search(shown)):
                # Asked how soon a failed test may be taken again, the rule for a retest ("If failed, the test may be
                # retaken the following day") answers before what the test is like.
                score += SUBJECT_PRICE
            if answering and asked.how_often and _EVERY.search(shown):
                # (How often is answered by a period that recurs: "expire on the applicant's birthday every 5
                # years", before how far in advance one may renew.)
                score += SUBJECT_PRICE
            only_if_done = bool(answering and asked.not_done & facts.only_if)
            if answering and asked.not_done:
                score += CONDITION_PRICE * _case_taken(shown, asked.not_done)
            if only_if_done:
                # A rule that holds only if the thing is done ("as early as 14 ½ years old only if you are in ... a
                # traffic education program"), asked by one who does not do it, is the other case's.
                score -= SUBJECT_PRICE
            if answering and asked.done:
                score -= CONDITION_PRICE * _case_taken(shown, asked.done)
            if answering and asked.ordinal:
                # Asked of a time by its ordinal ("just got my 2nd ticket"), the rule for that time answers, not
                # the one for another ("A THIRD offense will result in a 180-day suspension").
                times, onward = _ordinals_told(shown)
                if asked.ordinal in times or 0 < onward <= asked.ordinal:
                    score += CONDITION_PRICE
                elif times or onward:
                    score -= CONDITION_PRICE
            # A rule told as the answer to a yes/no question that names no penalty ("Yes: you can get a ticket
            # for driving too fast ...") answers whether, not what happens ("what happens if i get 3 speeding
            # tickets"): no answer to it (astray, below).
            says_whether = bool(
                answering
                and asked.cue == "consequence"
                and not asked.yes_no
                and "consequence" not in facts.cues
                and _SAYS_YES_OR_NO.match(shown)
            )
            if says_whether:
                score -= SUBJECT_PRICE
            if answering and asked.cue == "consequence" and not asked.yes_no and "consequence" not in facts.cues:
                # Asked what happens if one does a thing ("what if i cancel my car insurance before turning in my
                # plate"), the rule against doing it ("Before you cancel your SC insurance, turn in your SC license
                # plate") tells no consequence; one that does ("you could owe up to $400 in fees") answers first.
                score -= CONDITION_PRICE
            if answering and asked.my_act and _says_whether(asked.my_act, shown):
                # Asked whether to do a thing ("should i pump the brakes"), a rule that says to do it or
                # not in so many words ("Never pump the brake pedal ...") answers before one that only
                # names it ("the ABS system electronically pumping the brakes"), or one that only speaks
                # of the case ("take care to avoid frightening the animal", asked whether to honk at a horse).
                score += SUBJECT_PRICE
            told_nothing = False
            if answering and asked.once_it_happens:
                # Asked what to do once a thing happens ("my car started sliding, what do I do"): a rule
                # that opens on it happening ("If your vehicle begins to skid: steer ...") is told for
                # then; a sentence on what causes it ("Too much power may cause the vehicle to slide")
                # tells no more than why. (Not as a practice question is ranked: read with its choices,
                # "Move forward only if no cross traffic is present" is no thing that happened.)
                if "action" in facts.cues and facts.happening & asked_words:
                    score += CONDITION_PRICE
                # And a sentence that tells nothing to do ("There is very little you can do once a skid
                # starts") is no answer to what to do then.
                if asked.mishap and "action" not in facts.cues:
                    score -= CONDITION_PRICE
                    # And one that tells nothing to do in any words ("Front-wheel drives do handle better in
                    # snow, but ... skids can occur unexpectedly") is no answer at all.
                    told_nothing = not _TELLS_WHAT_TO_DO.search(shown)
                if facts.cause_told:
                    score -= CONDITION_PRICE
            if answering and asked.none_there and _NONE_SAID.search(shown):
                # Supposing a thing is not there ("if theres no white stop line"), the rule for when there is
                # none answers ("... stop at the stop line; if there is none, stop at least 15 feet ...").
                score += CONDITION_PRICE
            defines = _DEFINES.search(shown) if answering and asked.defining else None
            if defines and words_of(shown[: defines.start()]) & asked_words - _WHAT_IS:
                # A sentence that defines the very thing asked of ("Nighttime driving is considered ...", asked
                # what counts as night driving) is its answer; one that defines another thing ("Violations of
                # this law are defined as infractions", asked how the law defines a moped) is not.
                score += CONDITION_PRICE + SUBJECT_PRICE
            # (Read once a span, for a question told that the owner of the car hit is not there.)
            owner_not_found = asked.owner_gone and bool(_OWNER_NOT_FOUND.search(shown))
            if answering and owner_not_found:
                # Told that the owner of the car hit is not there, the rule for when they cannot be found
                # ("If you cannot, leave a note ...") answers (and trying to find them, what was done
                # already, does not: below).
                score += CONDITION_PRICE
            # Asked what the law requires, a tip or a reason is no answer at all ("we suggest a friendly family
            # meeting ... why we all buckle up", asked whether a friend up front must by law).
            tip_not_law = answering and asked.by_law and bool(_A_TIP.search(shown))
            if answering and asked.by_law:
                # Asked what the law requires, a rule that says what one must do answers before a tip or a reason.
                if tip_not_law:
                    score -= CONDITION_PRICE
                elif _OBLIGES.search(shown) or _AN_INSTRUCTION.match(shown):
                    # (An instruction says what to do as well: "Stop at least 25 feet from a school bus".)
                    score += CONDITION_PRICE
            if answering and asked.small_crash and _DAMAGE_LINE.search(shown):
                # Asked whether a small crash must be reported, the rule that says how much damage it must do
                # ("... if the accident involves injury, death, or apparent property damage exceeding $500") says
                # whether, where "Call the nearest police agency" does not.
                score += CONDITION_PRICE + SUBJECT_PRICE
            elif answering and asked.small_crash and _INJURED.search(shown):
                # (And one told for the injured, "call 911 to report injuries if necessary", is the other case's.)
                score -= CONDITION_PRICE
            # Hours at night alone ("at least 10 hours of driving between sunset and sunrise"), asked
            # how many hours of driving with no word of the night: the part, not the whole.
            if measure == "hours" and _NIGHT_HOURS.search(shown) and not _NIGHT_NAMED & every_word:
                score -= CONDITION_PRICE
            # A figure for bad weather ("at least 4 seconds when it is dark or raining, 6 on ice or snow"),
            # asked with no word of the weather: the rule for another case, unless it gives the fair one too
            # (astray, below).
            # (Not a season's dates: "Studded snow tires may be used from October 15 to April 15" names the
            # snow as what the tires are for.)
            weather_case = bool(
                stated
                and measure != "date"
                and not weather_asked
                and facts.weather_told
                and not _FAIR_CONDITIONS.search(shown)
                and _all_for_the_weather(shown, stated)
            )
            # An example ("For example, at 4 a.m. the BAC is still above 0.06") is not the rule it shows (unless
            # it is of the very name asked).
            if facts.example and not labelled:
                score -= CONDITION_PRICE
            # A rule for "these intersections" holds only where the sentence before it says.
            if facts.points_back:
                score -= CONDITION_PRICE
            # A rule for a place the question does not name ("within urbanized areas", "in a work zone").
            # A span that sets figures for several places ("30 mph in an urban district and 15 mph in
            # an alley") answers for any of them.
            if facts.places and not facts.places & places_named and len(stated) < 2:
                score -= SUBJECT_PRICE
            # A limit for one kind of road ("on an Interstate, 65 mph"), asked the limit where no road is named.
            if measure == "speed" and len(stated) < 2 and not every_word & _ROAD_NAMED and _ON_A_ROAD.search(shown):
                score -= SUBJECT_PRICE
            # And the limit for the interstate, asked the limit on a road that is not one ("a regular highway ... thats
            # not the interstate"): the other road's.
            # (Not one that gives another road's limit beside it: "65 mph on interstates and 55 mph on rural roads".)
            # (Nor one that sets it aside as well: "When not driving on an interstate or state highway, the maximum
            # speed limit for a school bus is 40 miles per hour".)
            interstate_aside = bool(
                measure == "speed"
                and asked.set_aside & _INTERSTATE
                and facts.words & _INTERSTATE
                and not facts.words & _OTHER_THAN_INTERSTATE
                and not _INTERSTATE_ASIDE.search(shown)
            )
            if interstate_aside:
                score -= SUBJECT_PRICE
            # The car a question sets beside another vehicle ("a semi ... compared to my car"): a span of the
            # car alone ("An average car going 55 mph can stop in about 400 feet") is the comparison's other side.
            own = words_of(span.text) if asked.beside_a_car else frozenset()
            if own & _A_CAR and not any(kind & own & every_word for kind in _OTHER_VEHICLES):
                score -= SUBJECT_PRICE
            # A limit for outside the place the question is in ("70 mph ... outside an urban district", asked the
            # limit "in town") is the other side's, and no answer to it.
            elsewhere = bool(
                measure == "speed"
                and places_named & _TOWN_PLACES
                and not every_word & _OUTSIDE_ASKED
                and _OUTSIDE_A_PLACE.search(shown)
                and not _IN_A_PLACE.search(shown)
            )
            if elsewhere:
                score -= SUBJECT_PRICE
            astray = (
                told_nothing
                or says_whether
                or elsewhere
                or interstate_aside
                or only_if_done
                or tip_not_law
                or not_its_length
            )
            if facts.examples_listed and not labelled and not asked.defining and "exampl" not in every_word:
                score -= CONDITION_PRICE
                astray = True
            # Whether the span is told for the mishap asked: as its case, under its heading ("BRAKES FAIL") or
            # after a sentence that opens on it, or in its own words; not of another's vehicle, "the plowed
            # snow may cause the snow removal equipment to skid".
            for_it = bool(
                asked.mishaps
                and asked.mishaps
                & (carried | mishaps_in(heading.lower()) | mishaps_in(_OTHERS_MISHAP.sub(" ", shown).lower()))
            )
            if answering and asked.mishaps:
                # Asked what to do once a mishap happens ("my brakes just went out"): a rule told for it
                # ("BRAKES FAIL: Use parking brake.") answers; one told for another mishap ("If your
                # windshield wipers fail ...") does not.
                if for_it:
                    score += CONDITION_PRICE
                    if _WHICH_WAY in asked.doing and not _WHICH_WAY & facts.words:
                        # Asked which way to go then, the rule for it that says no way ("leave the vehicle
                        # immediately") is not the answer the one that says which is ("at a 45-degree angle
                        # away from the tracks").
                        score -= CONDITION_PRICE
                else:
                    # (And one told for none, "Step 1: Depress the clutch with your left foot", is no rule for
                    # then either: where no law here has one, the sources don't say. As the reranker weighs a
                    # law too: letting such a law be, fresh17's recall@1 lost 0.013.)
                    score -= CONDITION_PRICE
                    astray = True
            elif answering and not asked.named_mishaps and span.lead == span.under and mishaps_in(span.lead.lower()):
                # A step read under the heading of a mishap it is told for ("Headlight Failure: Try the high
                # beam/low beam switch.") answers no question that tells of none ("when do i switch off my
                # brights"). (A passage's own heading is not read so: it may be a heading left from before.)
                score -= CONDITION_PRICE
                astray = True
            # Another kind of vehicle's rule, unless it names a thing the question names too.
            # (A rule for several cases, the question's road among them, is not another's: "Keep a
            # 4-second following distance on slippery roads, behind motorcycles or emergency vehicles".)
            # (Read as far as the clause that states the figure asked: "The speed limit is 25 mph, and pedestrians
            # and bicyclists have the right-of-way" sets the beach's limit, not a bicycle's.)
            told = words_of(_up_to_figure(shown, stated)) if stated else facts.words
            if (
                _other_vehicle(
                    # (The learner's own vehicle is no vehicle in general: "Leave at least 3 feet between the
                    # bicyclist and the widest part of your vehicle" is still the bicyclist's rule.)
                    _vehicle_words(_up_to_figure(shown, stated) if stated else shown),
                    told,
                    heading,
                    every_word,
                    asked.vehicle_aside,
                )
                and not any(one & facts.words for one in asked.things)
                and not every_word & facts.words & ROAD_CONDITIONS
                and not (every_word & _MOPED and _MOTORIZED_BICYCLE.search(f"{heading} {shown}"))
            ):
                score -= SUBJECT_PRICE
                astray = True
            # A rule whose condition is about another kind of vehicle ("If 2 large trucks are approaching
            # a roundabout, ..."), asked of none. (Not one where it is only what one does: "When towing
            # a trailer or on a wet road, increase your following distance".)
            # Or whose condition is riding one ("When you're riding any kind of bicycle and are not detected
            # at traffic lights, ..."), asked of none.
            # (Or the sentence it goes on from is: "This defense only applies to ..." after a bicycle's list.)
            if any(
                kind & words_of(subject) and not kind & every_word
                for subject in facts.subjects
                for kind in _OTHER_VEHICLES
            ):
                score -= SUBJECT_PRICE
                astray = True
            # (A sentence that goes on from the one before it, or names it only as "this law", speaks of
            # what that one names.)
            # (One told for the mishap asked speaks of what the question names, whatever else it names: "If
            # your headlights suddenly go out: Pull off the road", asked of them at night; "BRAKES FAIL" of
            # brakes that "just went out".)
            # (And one in a list item that opens on a label speaks of what the label names: "Your headlights
            # let you see about 400 feet ahead" in the item "• Darkness- It is harder to see ...".)
            # (And one that gives a thing for a sum in dollars says what is paid: "You may obtain a duplicate license
            # for $12".)
            # (A penalty told for "this law", whose rule before it speaks of every thing asked, is that rule's penalty,
            # for whatever breaks it: "Failure to comply with this law ... can cost you $1,000", after the rule to stop
            # for a school bus, is the fine for passing one.)
            before_words = _before_words(span.before)
            penalty_of_the_rule = bool(
                before_words
                and asked.things
                and facts.penalty_for_the_rule
                and all(one & before_words for one in asked.things)
            )
            # (A question that names no thing nor act is spoken of by any span: the words are not gathered.)
            if (
                not for_it
                and (asked.things or asked.doing)
                and not asked.speaks_of(
                    facts.things
                    | before_words
                    | (frozenset().union(*asked.doing) if penalty_of_the_rule else frozenset())
                    | _without_training(_before_words(span.label), span.label)
                    | (_A_PRICE if facts.priced else frozenset())
                    # (And one whose alcohol level is the under-21s' own, .02 or less, is their rule: "If your test results
                    # are .02 percent or higher, ... your operator's license will be suspended for at least 45 days".)
                    | (_UNDERAGE if facts.underage_level else frozenset())
                    # (And one that a thing must be lit by speaks of the dark: "The rear license plate ... must be lit so
                    # it can be seen and read at least 60 feet from the back". Not by "light": "lighted" is stemmed so.)
                    | (_NIGHT_THING if _LIT.search(shown) else frozenset())
                    # (And a figure told of the headlights speaks of the dark too: _HEADLIGHT_WORDS.)
                    | (_NIGHT_THING if measure and facts.things & _HEADLIGHT_WORDS else frozenset())
                    # (And one that joins a length to the thing asked how long it lasts says how long it is good for:
                    # "Applicants will be issued a 60-day paper temporary driver's license".)
                    | (
                        _LASTING
                        if asked.length_of
                        and (
                            _figure_of(shown, asked.length_of, as_its_kind=True)
                            # (Or that says how long it lasts in words of its own: "a temporary license, which you may
                            # use for 45 days".)
                            or _lasting_of(shown, asked.length_of)
                        )
                        else frozenset()
                    )
                )
            ):
                score -= SUBJECT_PRICE
                astray = True
            # A rule for someone or somewhere else: where not to park asked what a thing means, a
            # permit for drivers with a disability, an act others do to the learner, moving over
            # for a stopped emergency vehicle asked of none, a 4-way stop asked of an intersection
            # with no signs, a rule with no curb's colour asked what one means, a child's rule
            # asked of everyone in the car, the front seat's rule asked of the back seat, an emergency
            # vehicle's rule asked of none (or of a stop by the police), moving over asked what to do
            # when one cannot, a rule without hands asked where one's hands go, a repeat offence's
            # penalty or a refusal's asked of none, a drinking driver's asked of no drink, one that says nothing
            # of getting out asked whether to get out, one with no hours by the clock asked of an hour
            # so, a divided highway's asked of a road told by its lanes.
            if (
                (asked.cue == "meaning" and _WHERE_NOT_TO_PARK.search(shown) and not every_word & _PARKING)
                # (a rule for drivers with a disability, which the question does not name; not what a curb's colour
                # means, asked of that colour: "blue—indicates handicap parking only")
                or (
                    bool(facts.words & _DISABLED or facts.disabled_people)
                    and not every_word & _DISABLED_ASKED
                    and not (asked.curb_colour and _tells_curb_colours(f"{heading} {shown}"))
                )
                or any(not kind & every_word for kind in facts.acted_on)
                or done_to_you(asked.my_act, shown)
                or (facts.move_over and not every_word & _STOPPED_ONE_NAMED)
                or (asked.emergency_coming and (facts.move_over or bool(_ONE_STOPPED.search(f"{heading} {shown}"))))
                or (asked.pulled_over and _not_a_stop(shown, heading, facts.emergency))
                # (A rule for the parking brake or for brakes that fail, asked of a mishap that is no brake's:
                # "Be ready to release the parking brake if the vehicle does start to skid", when they have.)
                # (A passage's opening words are its heading: "Brake Failure If your brakes stop working: ...".)
                or (
                    asked.mishap
                    and bool(_BRAKES_GONE.search(f"{heading} {law.law[:60]} {shown}"))
                    and not every_word & _BRAKE
                )
                or (
                    asked.passing_stopped
                    and (
                        bool(_YOUR_OWN_STOP.search(shown))
                        # (A penalty for the rule before it speaks of what that rule names: "Failure to comply with
                        # this law ... can cost you $1,000", after the rule to stop for a school bus.)
                        or not (
                            (facts.things | (_before_words(span.before) if penalty_after(span) else frozenset()))
                            & _STOPPED_ONES
                            or _MOVING_OVER.search(heading)
                        )
                    )
                )
                or (asked.other_bus and bool(_SCHOOL_BUS.search(f"{heading} {shown}")))
                or weather_case
                or (asked.owner_gone and not owner_not_found and bool(_TRY_TO_FIND.search(shown)))
                # (a figure for retests, asked of no test failed or taken again: "A $10 fee is charged for any retests")
                or (
                    not asked.retake
                    and bool(stated)
                    and bool(_RETEST_TOLD.search(sentence_holding(shown, stated[0].words)))
                )
                # (a report owed to another office, asked of calling the police)
                or (asked.police_told and bool(_REPORTED_ELSEWHERE.search(shown)) and not _POLICE_NAMED.search(shown))
                # (how far to stay behind the car ahead, asked of driving: not how far from the car ahead to park;
                # though a rule of following that names parking beside it still is one: "No vehicle may follow any
                # fire apparatus ... closer than 500 feet or ... park within the block")
                or (
                    "follow" in asked.actions
                    and bool(words_of(span.text) & _PARKED_BY)
                    and not every_word & _PARKED_BY
                    and not words_of(span.text) & _FOLLOWS
                )
                or (every_word & _DRIVEWAY and _fire_stations_alone(shown) and not every_word & _STATION_ASKED)
                or (facts.emergency and not emergency_asked and not every_word & facts.words & ROAD_CONDITIONS)
                or (
                    asked.uncontrolled
                    and bool(
                        _ALL_WAY_STOP.search(f"{shown} {heading}")
                        # (Nor a signal's colour, unless the question names one: "stopped at a red light ... no sign".)
                        or (_A_SIGNALS_COLOUR.search(shown) and not every_word & _COLOURS)
                    )
                )
                or (asked.back_seat and _not_for_the_back_seat(shown))
                or (asked.cannot_move_over and every_word & _STOPPED_VEHICLE and not _IF_YOU_CANNOT.search(shown))
                or (asked.hands and not _HANDS.search(shown))
                # (what one drink is, asked whether a thing may be done: "can my buddy drink a beer in the passenger
                # seat" is not answered by "One alcoholic drink is: 1-1/2 ounces of 80-proof liquor")
                or (asked.yes_no and not asked.defining and bool(_A_DRINK_DEFINED.search(shown)))
                or (asked.leave_car and not _LEAVE_CAR.search(shown))
                or (asked.by_the_clock and not _CLOCK_HOURS.search(shown))
                # (a fine for the ages a rule is for, asked the age alone: "A driver can also be fined $25 for each
                # passenger age 12, 13, 14, or 15 who is not wearing a safety belt")
                or (
                    measure == "age"
                    and bool(_FINED.search(shown))
                    and not every_word & _PENALTY_ASKED
                    and "money" not in asked.measures
                )
                or (asked.lanes_counted and bool(_DIVIDED.search(shown)) and not _LANES_SAID.search(shown))
                or (asked.lanes > 0 and _another_roads_lanes(asked.lanes, facts.lanes))
                or (asked.at_first and bool(_LATER_PERIOD.search(shown)))
                or (asked.besides_night and bool(_NIGHT_TOLD.search(shown)) and not _NOT_ONLY_AT_NIGHT.search(shown))
                # (Asked how many tickets, "2 or more moving violations" is the count asked, not a repeat's rule.)
                or (facts.repeat and not asked.repeat and "violations" not in asked.measures)
                or (
                    asked.repeat
                    and bool(asked.measures)
                    and asked.measures[0] in _PENALTY_MEASURES
                    # (A later time named by its ordinal is an offence's: "just got his 3rd minor in possession, how
                    # long does the court keep his license".)
                    and (bool(asked.words & _PENALTY_ASKED) or asked.ordinal > 1)
                    and not names_a_repeat(shown)
                )
                or facts.first_person
                # (A deadline told in hours, asked how many hours of practice: "how many hours of supervised driving do
                # i need to log" is not answered by "failing to within 72 hours costs your driving privileges".)
                or (measure == "hours" and asked.practice_hours and facts.hours_deadline)
                or (
                    measure in ("hours", "duration")
                    and asked.course_hours
                    and bool(_PRACTICE_HOURS_SAID.search(shown))
                    and not _COURSE_SAID.search(shown)
                )
                # (What the punishment is, asked no penalty: "does my 7 yr old cousin still need a booster seat" is not
                # answered by "If the violation is one relating to not using a ... booster seat ..., the punishment is
                # greater".)
                or (
                    facts.punishment_told
                    and PENALTY_DOING not in asked.doing
                    and not every_word & (_PENALTY_ASKED | PENALTY_DOING | _WHAT_BEFALLS)
                )
                or (facts.cdl and not every_word & _CDL_ASKED)
                or (asked.no_one_hurt and bool(_SOMEONE_HURT_CASE.search(shown)) and "damage" not in shown.lower())
                or (asked.car_moves and bool(_CANNOT_BE_MOVED.search(shown)))
                or (bool(asked.lacks) and _had_by_the_rule(shown, asked.lacks))
                # (Points a course or a clean year takes off, asked how many bring a suspension or a hearing: "50
                # points may be removed from your record upon completing a defensive driving course".)
                or (
                    measure == "points"
                    and bool(_POINTS_TAKEN_OFF.search(shown))
                    and not every_word & _TAKING_POINTS_OFF
                )
                or bool(asked.permit_kind and not asked.permit_kind & words_of(f"{heading} {law.law} {law.quote}"))
                or (facts.military and not every_word & _MILITARY_ASKED)
                or (facts.refusal and not asked.refusal)
                or (facts.drink and not every_word & _DRINK_ASKED and "bac" not in asked.measures)
                or (asked.after_first and bool(_FIRST_PERIOD.search(shown)) and not _LATER_PERIOD.search(shown))
                or (asked.once_it_happens and bool(_TO_AVOID.search(shown) or _AVOID_HEADING.match(heading)))
                or (asked.curb_colour and not _tells_curb_colours(f"{heading} {shown}"))
                or (asked.points_to_lose and measure == "points" and _one_row(shown))
                or (asked.points_for_an_offence and measure == "points" and bool(_POINTS_THAT_COST.search(shown)))
                or priced_otherwise
                or only_defines
                or (
                    (facts.childs_rule or facts.words & _CHILD_SEATS)
                    and not every_word & _KIN
                    and _CHILDREN not in asked.things
                    and asked.ages is None
                )
            ):
                score -= SUBJECT_PRICE
                astray = True
            # The rule for fair conditions, asked of the weather ("when its pouring rain"), is another case's rule.
            if facts.fair and every_word & ROAD_CONDITIONS:
                score -= SUBJECT_PRICE
                astray = True
            # A rule told for another stage of licence than the one asked of, by its opening ("For an unrestricted
            # license, you must have held a provisional license for the 12 months", asked when one may apply for
            # the provisional), is that stage's rule, whatever else it names.
            stage_told = _STAGE_TOLD.match(shown)
            if stage_told and every_word & _STAGES and not _stage_of(stage_told.group(1)) & every_word:
                score -= CONDITION_PRICE
                astray = True
            if looking_ahead and (_FOLLOWING_TOLD.search(shown) or measure) and not facts.words & _SEEING:
                # Where to look ahead is not how far to follow: "how far up the road should i be looking, like how
                # many seconds" is not answered by "Keep a following distance of at least 4 seconds", nor by any
                # figure told with no word of looking or seeing ("In a car, stay at least 2 seconds back from the
                # vehicle ahead", "Tripling the number of seconds when the roads are covered with snow").
                score -= CONDITION_PRICE
                astray = True
            if asked.test_kind and _test_kind(shown) not in ("", asked.test_kind):
                # The other kind of test's rule: "The knowledge test has 40 questions; you can miss up to 6 and still
                # pass", asked how many mistakes one can make on the road test.
                score -= CONDITION_PRICE
                astray = True
            if asked.words & _DAYTIME and facts.words & _NIGHT_SIDE and not facts.words & _NOT_NIGHT_ALONE:
                # Asked what holds by day ("its foggy but its daytime, at what point do i need my headlights"), the
                # rule for the night alone ("from sunset to sunrise") is the other case's; not one that names a
                # case by day as well ("... or when visibility is less than 1,000 feet", "40 hours of day driving").
                score -= CONDITION_PRICE
                astray = True
            sides = _sided_words(facts.words, shown) if taken else facts.words
            for one, other in taken:
                # (A refusal told as the other case beside a test failed is on both sides: _OR_REFUSED.)
                if other & sides and not one & sides and not (other & _REFUSING and facts.refused_or_failed):
                    score -= CONDITION_PRICE
                    astray = True
            # Asked when to dim one's high beams, with no car ahead named, the rule for the car followed is the other
            # case's (_DIMMING_ASKED).
            if (
                answering
                and asked.words & _DIMMING_ASKED
                and not asked.words & _A_CAR_AHEAD_NAMED
                and _FOR_THE_CAR_FOLLOWED.search(shown)
                and not _FOR_A_CAR_COMING.search(shown)
            ):
                score -= SUBJECT_PRICE
            # A BAC asked of no age and no minor ("whats the legal alcohol limit", "the bac limit for adults") is the
            # legal limit: the limit for drivers under 21 is the rule for other drivers, though it reads alike (every
            # such question in the learner sets had the legal limit for its answer).
            if (
                answering
                and measure == "bac"
                and asked.ages is None
                and not asked.words & _MINORS_NAMED
                and facts.ages is not None
                and facts.ages[1] < 21
            ):
                score -= SUBJECT_PRICE
            if asked.little_one and asked.ages is None and facts.ages is not None and facts.ages[0] >= ADULT_FROM:
                # A rule for those 18 or older ("When a person 18 years of age or older is a passenger ..."), asked of
                # a little child riding along, is the grown-ups'.
                score -= SUBJECT_PRICE
                astray = True
            if asked.ages is not None and facts.ages is not None:
                overlaps = facts.ages[0] <= asked.ages[1] and asked.ages[0] <= facts.ages[1]
                score += AGE_AGREES if overlaps else -AGE_DISAGREES
                # A rule for drivers of another age is not the learner's, however it reads.
                astray = astray or not overlaps
            found.append(Reading(law, span, rank, fit, score, measure, stated, astray))
            if for_it:
                for_the_mishap.add(len(found) - 1)
            if (
                answering
                and weather_named
                and measure in _FOLLOWING_MEASURES
                and stated
                and not astray
                and facts.weather_told
                and _all_for_the_weather(shown, stated)
            ):
                for_the_weather.add(len(found) - 1)
            if facts.weather_told:
                weathered.add(len(found) - 1)
    if answering and for_the_mishap:
        # Where some rule is told for the mishap asked, one told for none ("Take your foot off the gas
        # pedal and use the brakes lightly") answers after it.
        found = [
            each if at in for_the_mishap else replace(each, score=each.score - CONDITION_PRICE)
            for at, each in enumerate(found)
        ]
    if for_the_weather:
        # Asked how far back to follow in the weather by name ("roads r super icy rn, how far back should i stay"),
        # where some rule states the seconds or car lengths for the weather, a count told for no weather at all
        # ("Stay at least 2 seconds behind the vehicle ahead") is the fair day's: the other case's rule. (Not any
        # kind of figure: "you can hydroplane at speeds as low as 35 mph" names no rain and is told of it.)
        kinds = {found[at].measure for at in for_the_weather}
        found = [
            replace(each, score=each.score - SUBJECT_PRICE, astray=True)
            if at not in weathered and each.measure in kinds
            else each
            for at, each in enumerate(found)
        ]
    found.sort(key=lambda reading: (-reading.score, reading.rank, reading.span.at))
    return found


def best_readings(asked: Asked, questions: Sequence[Question], laws: Sequence[Law]) -> list[Reading]:
    """Each span's best reading over several readings of one question, best first.

    A practice question is read once with each answer choice: the span that
    answers it holds the right choice's words, and a wrong choice's do not count
    against it (as retrieval reads it, words.WordIndex.search).
    """
    best: dict[tuple[int, int], Reading] = {}
    for question in questions:
        for reading in readings(asked, question, laws):
            key = (reading.rank, reading.span.at)
            if key not in best or reading.score > best[key].score:
                best[key] = reading
    return sorted(best.values(), key=lambda reading: (-reading.score, reading.rank, reading.span.at))
