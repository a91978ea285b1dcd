"""Manual pages cut into passages: on their page, whole, of a readable size, junk reported."""

from __future__ import annotations

import re

import pytest

from roadlaw.corpus import QUOTE_SEPARATOR, Law
from roadlaw.errors import GarbledManual
from roadlaw.settings import Settings
from roadlaw.sources.mirror import Excerpt, Mirror
from roadlaw.sources.pages import manual_pages, on_the_page, page_text
from roadlaw.sources.passages import (
    MAX_WORDS,
    MIN_WORDS,
    edition_of,
    garbled_share,
    laws_from_excerpts,
    passages_from_manual,
)
from roadlaw.states import STATES

URL = "https://example.gov/manual.pdf"

SENTENCES = [
    "Drivers must stop for a school bus with flashing red lights.",
    "Traffic in both directions stops unless a median divides the road.",
    "Wait until the lights stop flashing and the bus moves on.",
    "Children may cross in front of the bus without looking for cars.",
    "Pass a stopped bus only when its driver waves you on with care.",
    "Fines for passing a stopped school bus are doubled in most counties.",
    "Look twice for children near the bus stop before moving again.",
    "Keep a safe distance behind a school bus at all times of day.",
]


def paragraph(count: int, offset: int = 0) -> str:
    """`count` distinct sentences, wrapped at about 60 characters like an extracted PDF."""
    words = " ".join(f"{SENTENCES[(offset + at) % len(SENTENCES)]}" for at in range(count)).split()
    lines, line = [], ""
    for word in words:
        if line and len(line) + len(word) > 60:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    lines.append(line)
    return "\n".join(lines)


def cut(pages: dict[int, str], state: str = "MD") -> list[Law]:
    return passages_from_manual(state, pages, URL)


def on_its_page(law: Law, pages: dict[int, str]) -> bool:
    return law.page is not None and on_the_page(law.law, page_text(pages[law.page]))


def test_bullets_stay_with_their_lead_in() -> None:
    page = (
        "Using Your Headlights\n"
        + paragraph(3)
        + "\nUse your headlights:\n"
        + "• When it is too dark to see from 1,000 feet away.\n"
        + "• Beginning 30 minutes after sunset.\n"
        + "• Until 30 minutes before sunrise.\n"
        + "• In rain, snow or fog.\n"
    )
    laws = cut({1: page})
    holding = [law for law in laws if "Use your headlights:" in law.law]
    assert len(holding) == 1
    assert "• When it is too dark to see from 1,000 feet away." in holding[0].law
    # The short list is one piece with its lead-in, not scattered.
    assert all("Until 30 minutes before sunrise." in law.law for law in holding)


def test_a_passage_never_crosses_a_page() -> None:
    pages = {
        1: "Stopping for Buses\n" + paragraph(4) + "\nThe rule applies on every road in the",
        2: "state, including divided highways.\n" + paragraph(3, offset=4),
    }
    laws = cut(pages)
    assert {law.page for law in laws} == {1, 2}
    for law in laws:
        assert on_its_page(law, pages)
    assert not any("in the state," in law.law for law in laws)


def test_line_breaks_become_spaces_and_hyphens_stay() -> None:
    page = (
        "Passing\n"
        "Never pass on the right unless the road has two or more lanes going\n"
        "in your direction. Passing on the shoulder is against the law and is dan-\n"
        "gerous for everyone near you.\n" + paragraph(3)
    )
    (law, *_) = cut({1: page})
    assert "lanes going in your direction." in law.law
    # Rejoining "dan- gerous" would put a word in the passage that the page does not hold.
    assert "is dan- gerous for everyone" in law.law
    assert "\n" not in law.law


def test_page_furniture_and_lone_numbers_are_left_out() -> None:
    pages = {
        number: f"Sample State Driver Manual | Chapter 2\n{paragraph(4, offset=number)}\n{number + 10}\n"
        for number in range(1, 7)
    }
    pages[3] = pages[3].replace("\n13\n", "\n42\n17\n13\n")
    laws = cut(pages)
    assert laws
    for law in laws:
        assert "Sample State Driver Manual" not in law.law
        assert not re.search(r"\b(1[0-9]|42)\b", law.law), law.law


def test_passages_are_of_a_size_a_reader_takes_in() -> None:
    sections = "\n".join(f"Rule Number {at}\n{paragraph(5 + at % 4, offset=at)}" for at in range(6))
    long_one = "\nOne Long Section\n" + paragraph(30)
    laws = cut({1: sections + long_one})
    sizes = [len(law.law.split()) for law in laws]
    assert all(MIN_WORDS <= size <= MAX_WORDS for size in sizes), sizes
    # The long section is split at sentence ends, never inside a sentence.
    assert all(law.law.endswith(".") for law in laws)


def test_tiny_neighbours_on_a_page_are_merged() -> None:
    page = "Lights\nUse low beams in fog.\nHorns\nUse your horn to warn others.\n" + "Signals\n" + paragraph(3)
    laws = cut({1: page})
    assert len(laws) == 1
    assert laws[0].law.startswith("Lights Use low beams in fog. Horns")


def test_every_passage_is_the_pages_own_words() -> None:
    page = (
        "“Right of Way”\n"
        "At a four-way stop the driver who arrives first goes first; if two arrive\n"
        "together, the driver on the left yields to the driver on the right .\n"
        + paragraph(4)
        + "\n\x00Drivers &amp; riders share the road.\n"
    )
    pages = {1: page}
    laws = cut(pages)
    assert laws
    for law in laws:
        assert on_its_page(law, pages)
    assert any('"Right of Way"' in law.law for law in laws)


def test_a_heading_opens_its_passage_and_names_those_below_it() -> None:
    page = "School Buses\n" + paragraph(14)
    laws = cut({1: page, 2: paragraph(4, offset=2)})
    assert len(laws) >= 3
    assert laws[0].law.startswith("School Buses ")
    # Every passage under it, on its page and the next until another heading, is asked by it.
    assert {law.question for law in laws} == {"School Buses"}


def test_ids_urls_and_citations() -> None:
    pages = {1: "Cover\n", 7: "Speed\n" + paragraph(14)}
    first, second = cut(pages), cut(dict(pages))
    assert [law.id for law in first] == [law.id for law in second]
    assert [law.id for law in first[:2]] == ["MD-M007-01", "MD-M007-02"]
    law = first[0]
    assert (law.kind, law.origin, law.state, law.page) == ("manual", "manual", "MD", 7)
    assert law.url == f"{URL}#page=7"
    assert law.citation == "Maryland Driver's Manual, p. 7"
    assert QUOTE_SEPARATOR not in law.citation
    assert law.text == law.law


def test_edition_and_title_come_from_the_cover() -> None:
    pages = {
        1: "MARYLAND\nDriver’s Manual\n",
        2: "Glen Burnie, MD 21062\nDL-002 (05-23)\nDecember 2025 Edition\nCopyright 2025",
        3: "Speed\n" + paragraph(6),
    }
    assert edition_of(pages) == "DL-002, December 2025"
    laws = cut(pages)
    assert laws[-1].citation == "Maryland Driver's Manual (DL-002, December 2025), p. 3"
    assert edition_of({1: "Texas\nDriver\nHandbook\nRevised January 2026\nDL-7"}) == "DL-7, January 2026"
    assert edition_of({1: "A manual", 2: "Laws changed on May 7, 2025."}) is None


def test_review_questions_and_contents_pages_are_left_out() -> None:
    pages = {
        1: "Contents\n" + "\n".join(f"Chapter Title Number {at}.................... {at * 4}" for at in range(1, 9)),
        2: "Questions\n"
        + "\n".join(f"{at}. What must you do when a school bus stops with red lights flashing?" for at in range(8)),
        3: "Buses\n" + paragraph(5),
    }
    assert {law.page for law in cut(pages)} == {3}


def test_a_table_of_points_led_by_dots_is_kept_though_a_contents_page_is_not() -> None:
    points = (
        "MANDATORY POINT SYSTEM\n"
        "Each time you are convicted of a pointable traffic violation, you are assessed one or more points on your\n"
        "driving record. If you accumulate 10 or more points within 5 years, your license will be suspended.\n"
        "Reckless driving ........................................ 4\n"
        "Careless driving ........................................ 2\n"
        "Speed in excess of 25 mph above posted limit ............ 3\n"
        "Failure to yield right of way ........................... 2\n"
        "Operating a defective vehicle ........................... 1\n"
    )
    named = "Speeding\n" + "\n".join(
        f"{offence} .................... {figure} points"
        for offence, figure in (("Speeding", 3), ("Careless driving", 4), ("Leaving the scene", 12))
    )
    contents = "Contents\n" + "\n".join(
        f"Point System and Title {at} .................... {at + 2}" for at in range(1, 9)
    )
    kept = {law.page for law in cut({1: points, 2: named, 3: contents})}
    assert kept == {1, 2}
    assert any("10 or more points within 5 years" in law.law for law in cut({1: points}))


def test_a_table_of_speeds_led_by_dots_is_kept_though_a_contents_page_is_not() -> None:
    # Wyoming's "Residential Areas ........ 30 mph": a speed with its unit is no page number.
    speeds = (
        "Speed\n"
        "Legal speed limits (All unless otherwise posted)\n"
        "Interstate Highways ............................. 80 mph, 75 mph\n"
        "Secondary Highways ........................................... 70 mph\n"
        "Residential Areas ................................................. 30 mph\n"
        "Business Areas ..................................................... 30 mph\n"
        "School Zones ........................................................ 20 mph\n"
    )
    contents = "Contents\n" + "\n".join(f"Speed and Title {at} .................... {at + 2}" for at in range(1, 9))
    kept = cut({1: speeds, 2: contents})
    assert {law.page for law in kept} == {1}
    assert any("Residential Areas" in law.law and "30 mph" in law.law for law in kept)


def test_questions_the_manual_answers_are_kept_though_a_reviews_are_not() -> None:
    faq = (
        "Which lane should I drive in? If you drive on a street or highway with more than one lane for your "
        "direction, drive in the extreme right lane except to pass or turn left. On a two-way highway, which "
        "pavement markings tell me I may pass? You may pass where a broken yellow line is on your side of the road, "
        "when the way ahead is clear for a safe distance."
    )
    numbered = "Titles\n" + "\n".join(
        f"{at}. What is rule number {at}? Rule number {at} is a legal document which identifies the owner of a car."
        for at in range(1, 5)
    )
    review = "Review\n" + "\n".join(
        f"{at}. What must you do when a school bus stops with its red lights flashing? Explain." for at in range(1, 6)
    )
    kept = {law.page for law in cut({1: faq, 2: numbered, 3: review})}
    assert kept == {1, 2}


def test_garbled_text_is_measured() -> None:
    assert garbled_share(paragraph(3)) == 0.0
    assert garbled_share("Stop at 25 mph, U-turns at 5:30 p.m. cost $50 • always") == 0.0
    assert garbled_share("඘ඍකඛ඗ඖඛ ඊඍඋ඗ඕඍ කඍඛඑඌඍඖගඛ") == 1.0
    assert garbled_share("C H A P T E R") > 0.8  # letter-spaced: "A" alone may be a word
    assert garbled_share("") == 0.0


def test_a_garbled_manual_is_reported_not_cut() -> None:
    junk = "\n".join("\ufffd\ufffd\ufffd ඘ඍකඛ \x01\x02 ඊඍඋ඗ඕඍ කඍ" for _ in range(20))
    pages = {1: junk, 2: junk + "\nSpeed limits are posted."}
    with pytest.raises(GarbledManual) as raised:
        cut(pages, state="UT")
    assert raised.value.state == "UT"
    assert raised.value.share > 0.9
    assert "UT" in str(raised.value)


def test_garbled_lines_of_a_readable_manual_are_dropped() -> None:
    page = "Speed\n" + paragraph(3) + "\n඘ඍකඛ඗ඖඛ ඊඍඋ඗ඕඍ කඍඛඑඌඍඖගඛ\nParking\n" + paragraph(4, offset=3)
    laws = cut({1: page})
    assert laws
    assert all(garbled_share(law.law) == 0.0 for law in laws)


def test_excerpts_become_laws_with_their_quote() -> None:
    excerpts = [
        Excerpt("MD", "statute", "A person may not park within 15 feet of a fire hydrant.",
                "Maryland Transportation Article Section 21-1003 (Maryland General Assembly)",
                "Title 21, Subtitle 10 - Section 21-1003 (Stopping, standing, or parking prohibited)",
                "https://mgaleg.maryland.gov/21-1003"),
        Excerpt("TX", "process", "Other state.", "Texas DPS", "Permits", "https://dps.texas.gov"),
        Excerpt("MD", "process", "You must hold your learner's permit for 9 months.",
                "MDOT MVA - Learner's Permit", "Learner's Permit", "https://mva.maryland.gov/permit"),
        Excerpt("MD", "statute", "Speed limits are 30 miles an hour.",
                "Maryland Transportation Article Section 21-801.1 (Maryland General Assembly)", "",
                "https://mgaleg.maryland.gov/21-801.1"),
    ]  # fmt: skip
    laws = laws_from_excerpts("MD", excerpts)
    assert [law.id for law in laws] == ["MD-SX01", "MD-AX01", "MD-SX02"]
    statute = laws[0]
    assert (statute.kind, statute.origin, statute.page) == ("statute", "excerpt", None)
    assert statute.law == statute.quote == statute.text == excerpts[0].quote
    assert statute.question == excerpts[0].section
    assert statute.url == excerpts[0].url
    assert statute.reference.startswith("Maryland Transportation Article Section 21-1003, Title 21")
    assert "General Assembly" not in statute.reference
    assert laws[1].kind == "process"
    assert laws[1].reference == "MDOT MVA - Learner's Permit"
    assert laws[2].reference == "Maryland Transportation Article Section 21-801.1"


# ---------------------------------------------------------------- the real mirror


@pytest.fixture(scope="module")
def mirror() -> Mirror:
    found = Mirror(Settings.from_env().sources_mirror)
    assert (found.root / "manuals").is_dir(), f"sources not found at {found.root}: set ROADLAW_SOURCES"
    return found


def real(mirror: Mirror, state: str) -> list[Law]:
    return passages_from_manual(state, mirror.manual(state), mirror.manual_urls.get(state, ""))


@pytest.mark.shared
def test_iowa_has_the_five_feet_hydrant_rule(mirror: Mirror) -> None:
    found = [law for law in real(mirror, "IA") if "five feet from a fire hydrant" in law.law]
    assert found, "no Iowa passage holds the fire-hydrant rule"
    assert "Do not park:" in found[0].law


@pytest.mark.shared
def test_connecticut_has_the_ten_feet_hydrant_rule(mirror: Mirror) -> None:
    found = [law for law in real(mirror, "CT") if "Within 10 feet of a fire hydrant" in law.law]
    assert found
    assert found[0].url.endswith(f"#page={found[0].page}")


@pytest.mark.shared
def test_maryland_names_its_edition(mirror: Mirror) -> None:
    laws = real(mirror, "MD")
    assert laws[0].citation.startswith("Maryland Driver's Manual (DL-002, December 2025), p. ")


@pytest.mark.shared
@pytest.mark.parametrize("state", sorted(code for code in STATES if code != "DC"))
def test_every_passage_stands_on_its_page(mirror: Mirror, state: str) -> None:
    pages = manual_pages(mirror.manual_text(state))
    laws = real(mirror, state)
    assert len(laws) >= 100, f"{state}: only {len(laws)} passages"
    assert len({law.id for law in laws}) == len(laws)
    for law in laws:
        assert on_its_page(law, pages), f"{law.id} is not on page {law.page}"
        assert garbled_share(law.law) <= 0.35, law.id
    sizes = sorted(len(law.law.split()) for law in laws)
    # A share of passages stand alone between pictures and are short; almost none run long.
    assert sizes[len(sizes) // 2] >= MIN_WORDS
    assert sum(size > MAX_WORDS for size in sizes) <= 0.1 * len(sizes)
