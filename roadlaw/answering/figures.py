"""Figures in text: digits, and number words read as digits.

The check compares an answer's figures with its sources' figures, so "fifteen
feet" in a manual and "15 feet" in an answer are the same figure, and "20
feet" against a law that says 15 is caught whichever way either is written.
"""

from __future__ import annotations

import re
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


def figures_in(text: str) -> set[str]:
    """Every figure in `text`, in a canonical form: "15", "0.08", "1000"."""
    found: set[str] = set()
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


def in_digits(text: str) -> str:
    """`text` with number words written as digits: "five feet" becomes "5 feet"."""

    def replace(match: re.Match[str]) -> str:
        if match.group(1) or match.group(2).lower() == "one":
            return match.group(0)
        return str(_words_value(match.group(2)))

    return _FIGURE.sub(replace, text)
