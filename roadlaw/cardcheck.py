"""What a card's rule may state: only figures its quoted words hold.

One check for the committed cards (tests/test_cards.py) and for the cards a model
drafts (roadlaw/drafting.py), so a draft is held to the bar its committed copy will be.
"""

from __future__ import annotations

import re

from roadlaw.answering.figures import figures_in

# A run of digits as the rule or the quote writes it: "15", "0.08", "1,000", ".08".
_DIGIT_RUN = re.compile(r"\.?\d[\d,]*(?:\.\d+)?")
_ONE = re.compile(r"\bone\b", re.I)


def _digit_runs(text: str) -> str:
    return " ".join(_DIGIT_RUN.findall(text))


def figures_not_quoted(rule: str, quote: str) -> list[str]:
    """The figures `rule` states that `quote` does not, sorted; [] when it holds them all."""
    # A rule writes its figures in digits; its quote may spell them out ("one year" is 1 here).
    stated = figures_in(_digit_runs(rule))
    # PDF text glues figures to their neighbours ("35mph", "of.08"): the quote's digit runs are read too.
    quoted = figures_in(quote) | figures_in(_digit_runs(quote)) | ({"1"} if _ONE.search(quote) else set())
    return sorted(stated - quoted)
