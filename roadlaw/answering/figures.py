"""Figures in text: digits, and number words read as digits; for the check, with their units.

The check compares an answer's figures with its sources' figures, so "fifteen
feet" in a manual and "15 feet" in an answer are the same figure, and "20
feet" against a law that says 15 is caught whichever way either is written:
"25ft", "XXV feet", "twenty-five feet", "25th". A figure's unit is read too, so
"15 metres" is not the "15 feet" a law states (`figures_said`, `figures_stated`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

_UNITS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19,
}  # fmt: skip
_TENS = {
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
    "eighty": 80, "ninety": 90,
}  # fmt: skip
_SCALES = {"hundred": 100, "thousand": 1000}
_NUMBER_WORD = "|".join(sorted([*_UNITS, *_TENS, *_SCALES], key=len, reverse=True))
# A run of number words ("twenty-five", "one hundred and five", but "two- and three-second" is two), or digits with an optional decimal part; a decimal
# run into the word before it by a manual's text extraction ("a BAL of.02") is a figure too.
_FIGURE = re.compile(
    rf"((?<![\w.])(?:\d[\d,]*(?:\.\d+)?|\.\d+)|(?<=[A-Za-z])\.\d+)(?!\w)"
    rf"|\b((?:{_NUMBER_WORD})(?:[\s-]+(?:(?:(?<=hundred[\s-])|(?<=thousand[\s-]))and[\s-]+)?(?:{_NUMBER_WORD}))*)\b",
    re.I,
)


def _words_value(phrase: str) -> int:
    total = 0
    current = 0
    for word in re.split(r"[\s-]+", phrase.lower()):
        if word == "and" or not word:
            continue
        if word in _UNITS:
            current += _UNITS[word]
        elif word in _TENS:
            current += _TENS[word]
        elif word in _SCALES:
            current = max(current, 1) * _SCALES[word]
            if word == "thousand":
                total += current
                current = 0
    return total + current


def _canonical(digits: str) -> str:
    try:
        value = Decimal(digits.replace(",", ""))
    except InvalidOperation:
        return digits
    text = format(value.normalize(), "f")
    return text


# A decimal glued to the word before it where a PDF's text lost the space ("BAC is.08%"),
# read as the page shows it ("is .08%"): the offline answer shows it so, and the check
# reads the law so, or the figure it shows would stand on no cited law.
_GLUED_DECIMAL = re.compile(r"(?<=[a-z])\.(?=\d)")


def unglued(text: str) -> str:
    """`text` with a decimal glued to its word parted from it: "is.08%" becomes "is .08%"."""
    return _GLUED_DECIMAL.sub(" .", text)


# Leader dots before a table row's figure ("Residential Areas.......30 mph"): no decimal point, read as spaces (as
# many, so a figure keeps its place in the text).
_LEADER_DOTS = re.compile(r"(?:\.{3,}|…{2,})(?=\s*\$?\d)")


def _without_leader_dots(text: str) -> str:
    return _LEADER_DOTS.sub(lambda dots: " " * len(dots.group(0)), text)


# A table set out with leader dots from each row's label to its figure ("Residential Areas......30 mph", "Leave
# the scene of a crash......6 points"). A contents page's lines end on a page number alone; a row's figure has its
# unit. (Not a table of fees, "Replacement license......$25": its labels run into the heading above and carry
# figures of their own, "copy of license record for period up to 3 years ......$12.75", read as a duration.)
_DOTTED_ROW = re.compile(
    r"(?P<label>[A-Za-z][^.…:;()]*?(?:\([^()]{1,80}\)[^.…:;()]*?)*)\s*(?:\.{4,}|…{2,}|(?:\. ){4,})\s*"
    r"(?P<value>\d[\d,]*\s*(?:mph|points?|feet|days?|months?|years?)\b"
    r"(?:,\s*\d[\d,]*\s*mph\b)?)"
)
# A table's title and the label of its first row, when the page ran them together: the title ends where the label
# opens on a capital after a closing bracket ("Legal speed limits (All unless otherwise posted) Interstate Highways").
_TITLE_THEN_LABEL = re.compile(r"^(?P<title>.*\))\s+(?P<label>[A-Z][A-Za-z]*(?:\s+[A-Za-z]+){0,5})$")
# A capital that may open a title: the title opens at the last one before its bracket, after the running head and
# heading the page set before it ("rules of the road Speed Legal speed limits (...)").
_CAPITAL = re.compile(r"\b[A-Z]")


def dotted_rows(text: str) -> tuple[str, list[str]]:
    """The rows of a table led by dots (_DOTTED_ROW), each as its label and figure ("Residential Areas 30 mph"), and
    the title the page set above them ("" for none); ("", []) where `text` is not wholly such rows."""
    rows: list[str] = []
    title = ""
    start = 0
    for found in _DOTTED_ROW.finditer(text):
        if text[start : found.start()].strip():
            return "", []
        label = found.group("label").strip()
        if not rows:
            split = _TITLE_THEN_LABEL.match(label)
            if split:
                title, label = split.group("title"), split.group("label")
                capitals = list(_CAPITAL.finditer(title.split("(", 1)[0]))
                title = title[capitals[-1].start() :] if capitals else title
        rows.append(f"{label} {found.group('value')}")
        start = found.end()
    if not rows or text[start:].strip():
        return "", []
    return title, rows


def figures_in(text: str) -> set[str]:
    """Every figure in `text`, in a canonical form: "15", "0.08", "1000"."""
    found: set[str] = set()
    text = _without_leader_dots(text)
    for match in _FIGURE.finditer(text):
        if match.group(1):
            found.add(_canonical(match.group(1)))
        elif match.group(2):
            word = match.group(2).lower()
            # "one" is as often a pronoun as a figure ("the one ahead"): alone, it is not a figure.
            if word == "one":
                continue
            found.add(str(_words_value(word)))
    return found


# A word that counts a unit on top of others, between a number and its unit: "one additional second", "2 more feet".
ON_TOP = r"(?:(?:additional|extra|more)\s+)?"

# A unit after "one" that makes it a figure: "one second", "one-year". Not "foot", which is as
# often the driver's ("keep one foot on the brake").
_ONE_UNIT = re.compile(rf"[\s-]*{ON_TOP}(?:seconds?|miles?|hours?|minutes?|days?|weeks?|months?|years?)\b", re.I)


# One of a unit of time said with "a" or "an" after a word that counts it: "at least an hour per drink",
# "within a year", "for a day". Not a rate or a date ("once in a day", "12 months a year", "on a day
# school is in session"), nor "a second", as often an ordinal ("a second offense").
_A_UNIT = re.compile(
    r"(?:(?<=\bat least )|(?<=\babout )|(?<=\bwithin )|(?<=\bfor )|(?<=\bafter )|(?<=\bup to )|(?<=\bthan )"
    r"|(?<=\bover )|(?<=\bunder )|(?<=\bwait )|(?<=\btakes )|(?<=\bnearly )|(?<=\balmost ))"
    r"(?:a|an) (hour|minute|day|week|month|year)\b(?![-\w])",
    re.I,
)


def in_digits(text: str) -> str:
    """`text` with number words written as digits: "five feet" becomes "5 feet".

    "one" alone stays a word (it is as often a pronoun: "the one ahead"), but not before a unit
    of time or miles: "increased by one-second for each adversity factor" states 1 second. So
    does "a" or "an" before a unit of time, where it counts one (_A_UNIT): "an hour" is 1 hour.
    """

    def replace(match: re.Match[str]) -> str:
        if match.group(1):
            return match.group(0)
        if match.group(2).lower() == "one":
            return "1" if _ONE_UNIT.match(match.string, match.end()) else match.group(0)
        # A run that says several numbers stays several: "three eight-hour shifts" is not 11.
        return " ".join(words if words == "one" else str(value) for words, value in _word_numbers(match.group(2)))

    text = _A_UNIT.sub(lambda match: f"1 {match.group(1)}", _FIGURE.sub(replace, text))
    # An age told by its birthday's ordinal ("who have not reached their ninth birthday"): "9th birthday".
    return _BIRTHDAY.sub(lambda match: _nth(_ORDINALS[match.group(1).lower()]), text)


def _nth(value: int) -> str:
    """A number as its ordinal in digits: 9 as "9th", 21 as "21st"."""
    suffix = "th" if 10 <= value % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(value % 10, "th")
    return f"{value}{suffix}"


# -- figures with their units, for the check ---------------------------------------------
#
# `figures_in` above is the measure's reading (the eval's figure accuracy is defined on it)
# and stays as it is. The check reads more: a figure's unit, the forms glued to a unit
# ("25ft", "55mph", "25th"), roman numerals before a unit ("XXV feet"), and ordinal words,
# so that an answer cannot slip a figure past it by how it is written.

# Each unit's canonical name and the ways it is written, English and Spanish (a model may
# answer in the learner's language). Longest first in the pattern, so "miles per hour" is
# one unit and not "miles".
_UNIT_FORMS: dict[str, tuple[str, ...]] = {
    "mph": ("mph", "m.p.h.", "m.p.h", "mi/h", "miles per hour", "mile per hour", "miles an hour", "mile an hour",
            "millas por hora"),
    "km/h": ("km/h", "kph", "kmh", "kilometers per hour", "kilometres per hour", "kilómetros por hora",
             "kilometros por hora"),
    "feet": ("feet", "foot", "ft.", "ft", "pies", "pie"),
    "inches": ("inches", "inch", "pulgadas", "pulgada"),
    "yards": ("yards", "yard", "yds", "yd"),
    "miles": ("miles", "mile", "mi", "millas", "milla"),
    "metres": ("metres", "metre", "meters", "meter", "metros", "metro", "m"),
    "km": ("kilometres", "kilometre", "kilometers", "kilometer", "kilómetros", "kilometros", "km"),
    "seconds": ("seconds", "second", "secs", "sec", "segundos", "segundo"),
    "minutes": ("minutes", "minute", "mins", "min", "minutos", "minuto"),
    "hours": ("hours", "hour", "hrs", "hr", "horas", "hora"),
    "days": ("days", "day", "días", "dias", "día", "dia"),
    "weeks": ("weeks", "week", "semanas", "semana"),
    "months": ("months", "month", "meses", "mes"),
    "years": ("years-old", "year-olds", "year-old", "years", "year", "yrs", "yr", "años", "año"),
    "percent": ("percent", "per cent", "por ciento", "%"),
    "dollars": ("dollars", "dollar", "usd", "dólares", "dolares"),
    "points": ("points", "point", "puntos", "punto"),
    "pounds": ("pounds", "pound", "lbs", "lb", "libras"),
    "tons": ("tons", "ton", "toneladas"),
    "a.m.": ("a.m.", "a.m", "am"),
    "p.m.": ("p.m.", "p.m", "pm"),
}  # fmt: skip
_UNIT_OF = {form: unit for unit, forms in _UNIT_FORMS.items() for form in forms}
_UNIT = "|".join(re.escape(form) for form in sorted(_UNIT_OF, key=len, reverse=True))
# A unit after a figure: glued ("25ft"), after a space, or after a hyphen ("15-foot"); it
# must end where a word ends, so "15 minor" is not 15 metres.


def _unit_after(name: str) -> str:
    return rf"(?:\s*-\s*|\s*){ON_TOP}(?P<{name}>{_UNIT})(?![a-záéíóúñ])"


_ORDINALS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
    "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14,
    "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19,
    "twentieth": 20, "thirtieth": 30, "fortieth": 40, "fiftieth": 50, "sixtieth": 60, "seventieth": 70,
    "eightieth": 80, "ninetieth": 90, "hundredth": 100,
}  # fmt: skip
# "first", "second" and "third" are as often order or time ("first, check your mirrors", "a second")
# as figures: a law that says them grounds the figure, an answer that says them is not read.
_SAID_ORDINALS = {word: value for word, value in _ORDINALS.items() if value > 3}
_ORDINAL_WORD = "|".join(sorted(_ORDINALS, key=len, reverse=True))
# An ordinal word before "birthday": an age (in_digits writes it in digits).
_BIRTHDAY = re.compile(rf"\b({_ORDINAL_WORD})(?=\s+birthday\b)", re.I)
_TENS_WORD = "|".join(_TENS)
_ROMAN = r"(?=[MDCLXVI])M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})"
_ORDINAL_SUFFIX = ("st", "nd", "rd", "th")

_WITH_UNITS = re.compile(
    # Digits, with a dollar sign before or letters glued after ("$50", "25ft", "25th", "0.08%").
    rf"(?<![\w.])(?P<dollar>\$\s?)?(?P<digits>\d[\d,]*(?:\.\d+)?|\.\d+)(?:{_unit_after('unit')}|(?P<glued>[a-z]+)(?![\w]))?"
    # An ordinal word, "twenty-fifth" whole.
    rf"|\b(?P<ordinal>(?:(?:{_TENS_WORD})[\s-]+)?(?:{_ORDINAL_WORD}))\b"
    # Number words ("twenty-five"), with a unit when one follows.
    rf"|\b(?P<words>(?:{_NUMBER_WORD})(?:[\s-]+(?:and[\s-]+)?(?:{_NUMBER_WORD}))*)\b(?:{_unit_after('words_unit')})?"
    # A roman numeral, capitals only, read only before a unit ("XXV feet"): alone, "I" and "V" are words.
    rf"|\b(?-i:(?P<roman>{_ROMAN}))\b(?=\s*-?\s*(?:{_UNIT})(?![a-záéíóúñ]))(?:{_unit_after('roman_unit')})",
    re.I,
)
_ROMAN_VALUES = {"M": 1000, "D": 500, "C": 100, "L": 50, "X": 10, "V": 5, "I": 1}
# Between the two ends of a range, "15 to 20 feet": the first end takes the second's unit.
_RANGE_JOIN = re.compile(r"\s*(?:-|–|—|to|or|and|through|and/or|a|o|y)\s*", re.I)


@dataclass(frozen=True)
class Figure:
    """A figure as written in a text: its value, its unit ("" when none is written) and where it stands."""

    value: str
    unit: str
    written: str
    start: int
    end: int

    def __str__(self) -> str:
        return f"{self.value} {self.unit}" if self.unit else self.value


def _roman_value(numeral: str) -> int:
    total = 0
    for at, letter in enumerate(numeral):
        value = _ROMAN_VALUES[letter]
        following = _ROMAN_VALUES[numeral[at + 1]] if at + 1 < len(numeral) else 0
        total += -value if value < following else value
    return total


def _ordinal_value(phrase: str) -> int:
    *tens, last = re.split(r"[\s-]+", phrase.lower())
    return (_TENS[tens[0]] if tens else 0) + _ORDINALS[last]


def _joins(last: str, word: str) -> bool:
    """Whether `word` goes on the number that ends in `last`, as English allows: "twenty five", "one hundred five"."""
    if word in _UNITS:
        return last in _SCALES or (last in _TENS and _UNITS[word] < 10)
    if word in _TENS:
        return last in _SCALES
    return last not in _SCALES or (word == "thousand" and last == "hundred")


def _word_numbers(phrase: str) -> list[tuple[str, int]]:
    """A run of number words read as the numbers it says, each with its words: "one one" is two ones."""
    numbers: list[tuple[str, int]] = []
    words: list[str] = []
    last = ""
    for word in re.split(r"[\s-]+", phrase.lower()):
        if not word or word == "and":
            continue
        if words and not _joins(last, word):
            numbers.append((" ".join(words), _words_value(" ".join(words))))
            words = []
        words.append(word)
        last = word
    if words:
        numbers.append((" ".join(words), _words_value(" ".join(words))))
    return numbers


def _read(match: re.Match[str], stated: bool) -> list[tuple[str, str]]:
    """The values and unit a match stands for: none where it is not a figure."""
    written = next((match.group(name) for name in ("unit", "words_unit", "roman_unit") if match.group(name)), "")
    unit = _UNIT_OF.get(written.lower(), "")
    if match.group("digits"):
        glued = (match.group("glued") or "").lower()
        if glued and glued not in _ORDINAL_SUFFIX:
            # Letters glued on that are no unit ("3a", "4x4") leave the figure bare, still a figure.
            unit = _UNIT_OF.get(glued, "")
        if match.group("dollar"):
            unit = "dollars"
        return [(_canonical(match.group("digits")), unit)]
    if match.group("ordinal"):
        last = re.split(r"[\s-]+", match.group("ordinal").lower())[-1]
        if not stated and last not in _SAID_ORDINALS:
            return []
        return [(str(_ordinal_value(match.group("ordinal"))), "")]
    if match.group("words"):
        numbers = _word_numbers(match.group("words"))
        read: list[tuple[str, str]] = []
        for at, (words, value) in enumerate(numbers):
            # The unit after a run belongs to its last number ("one, two or three feet" aside).
            own_unit = unit if at == len(numbers) - 1 else ""
            # "one" alone is as often a pronoun ("the one ahead"): said, it is a figure only before a unit.
            if words == "one" and not own_unit and not stated:
                continue
            read.append((str(value), own_unit))
        return read
    return [(str(_roman_value(match.group("roman"))), unit)]


def _figures(text: str, stated: bool) -> list[Figure]:
    found: list[Figure] = []
    text = _without_leader_dots(text)
    for match in _WITH_UNITS.finditer(text):
        for value, unit in _read(match, stated):
            found.append(Figure(value, unit, match.group(0), match.start(), match.end()))
    # A range's first end is in the unit of its second: "15 to 20 feet" says 15 feet.
    for at in range(len(found) - 2, -1, -1):
        first, second = found[at], found[at + 1]
        if not first.unit and second.unit and _RANGE_JOIN.fullmatch(text[first.end : second.start]):
            found[at] = Figure(first.value, second.unit, first.written, first.start, first.end)
    return found


def figures_said(text: str) -> list[Figure]:
    """The figures an answer says, each with its unit, in order.

    Read strictly as a claim: "one" alone and "first", "second", "third" are not figures
    here, since an answer uses them as words.
    """
    return _figures(text, stated=False)


def figures_stated(text: str) -> list[Figure]:
    """The figures a law states, each with its unit: every reading that could ground an answer's figure.

    One of a unit of time said with "a" ("renew up to a year in advance") states 1 of it, as the answer
    shows it (in_digits); read in place, so each figure keeps where the law says it.
    """
    return _figures(_A_UNIT.sub(_one_in_place, text), stated=True)


def _one_in_place(match: re.Match[str]) -> str:
    """ "a year" as "1 year", "an hour" as " 1 hour": the same length, so places in the text hold."""
    article = match.group(0)[: -len(match.group(1)) - 1]
    return f"{'1'.rjust(len(article))} {match.group(1)}"


def grounds(stated: Figure, said: Figure) -> bool:
    """Whether a law's figure grounds an answer's: the same value, in the same unit or with none written.

    A unit on only one side is forgiven ("under 18" grounds "18 years old"); two units
    that differ are not ("15 feet" does not ground "15 metres").
    """
    return stated.value == said.value and (not stated.unit or not said.unit or stated.unit == said.unit)


def unit_words() -> set[str]:
    """Every word a unit is written with ("feet", "per", "hour"): the figure check reads them, not the claim check."""
    return {word for form in _UNIT_OF for word in re.findall(r"[a-záéíóúñ]+", form)}


def number_words() -> set[str]:
    """Every word a figure is written with in words ("fifteen", "sixteenth"): figures, not what a claim is about."""
    return {*_UNITS, *_TENS, *_SCALES, *_ORDINALS, "and"}
