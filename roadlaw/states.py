"""The 50 states and DC: the two-letter code a learner types, and the name shown."""

from __future__ import annotations

from roadlaw.errors import UnknownState

STATES: dict[str, str] = {
    "AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California",
    "CO": "Colorado", "CT": "Connecticut", "DE": "Delaware", "DC": "District of Columbia",
    "FL": "Florida", "GA": "Georgia", "HI": "Hawaii", "ID": "Idaho", "IL": "Illinois",
    "IN": "Indiana", "IA": "Iowa", "KS": "Kansas", "KY": "Kentucky", "LA": "Louisiana",
    "ME": "Maine", "MD": "Maryland", "MA": "Massachusetts", "MI": "Michigan", "MN": "Minnesota",
    "MS": "Mississippi", "MO": "Missouri", "MT": "Montana", "NE": "Nebraska", "NV": "Nevada",
    "NH": "New Hampshire", "NJ": "New Jersey", "NM": "New Mexico", "NY": "New York",
    "NC": "North Carolina", "ND": "North Dakota", "OH": "Ohio", "OK": "Oklahoma", "OR": "Oregon",
    "PA": "Pennsylvania", "RI": "Rhode Island", "SC": "South Carolina", "SD": "South Dakota",
    "TN": "Tennessee", "TX": "Texas", "UT": "Utah", "VT": "Vermont", "VA": "Virginia",
    "WA": "Washington", "WV": "West Virginia", "WI": "Wisconsin", "WY": "Wyoming",
}  # fmt: skip

# Places with no source in the mirror yet (no manual, no statute or agency quote): nothing to build them from.
NO_SOURCES_YET = frozenset({"DC"})

# The states that can be built: every one with sources.
WITH_SOURCES = [code for code in STATES if code not in NO_SOURCES_YET]


def state_code(text: str) -> str:
    """The canonical code for what a learner typed ("md", "MD", "Maryland"), or UnknownState."""
    cleaned = text.strip()
    if cleaned.upper() in STATES:
        return cleaned.upper()
    for code, name in STATES.items():
        if name.lower() == cleaned.lower():
            return code
    raise UnknownState(f"unknown state {text!r}: use a two-letter code, one of {', '.join(sorted(STATES))}")
