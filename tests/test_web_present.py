"""Where an answer's sentence stands in its source's quote, and how much of a long quote is shown folded."""

from __future__ import annotations

from roadlaw.corpus import Law
from roadlaw.web.present import (
    FOLD_OVER,
    UNMARKED_EXCERPT,
    WORDS,
    Span,
    excerpt_span,
    marked_span,
    quote_pieces,
    sentence_spans,
    source_dict,
    sources_of,
)

PASSAGE = (
    "PARKING NOT ALLOWED There are many areas where you can't park. Check for signs that prohibit or limit "
    "parking. Do not park: • On a crosswalk. • In front of a public or private driveway. • Within fifteen (15) "
    "feet of a fire hydrant; or in a designated hydrant red zone. • Closer than 20 feet from a fire station "
    "entrance. • Closer than 50 feet from a railroad crossing. • In an intersection."
)
HYDRANT_ITEM = "Within fifteen (15) feet of a fire hydrant; or in a designated hydrant red zone."
# The offline answer: the item with its list's lead-in, its figure in digits.
OFFLINE = "Do not park: Within 15 (15) feet of a fire hydrant; or in a designated hydrant red zone."


def marked(answer: str, quote: str = PASSAGE) -> str | None:
    span = marked_span(answer, quote)
    return None if span is None else quote[span.start : span.end]


def test_sentences_are_cut_at_their_ends_and_at_bullets() -> None:
    text = "Lights. Use them from sunset to sunrise (fog, rain, etc.). Do this: • One thing. • Another."
    assert [text[span.start : span.end] for span in sentence_spans(text)] == [
        "Lights.",
        "Use them from sunset to sunrise (fog, rain, etc.).",
        "Do this:",
        "One thing.",
        "Another.",
    ]


def test_the_offline_answer_marks_its_list_item_not_the_lead_in() -> None:
    assert marked(OFFLINE) == HYDRANT_ITEM
    assert marked("Do not park: Within 15 feet of a fire hydrant; or in a designated hydrant red zone.") == HYDRANT_ITEM


def test_words_before_the_laws_own_change_nothing() -> None:
    assert marked("15 feet. " + OFFLINE) == HYDRANT_ITEM
    assert marked("La ley lo dice así (en inglés): " + OFFLINE) == HYDRANT_ITEM


def test_a_close_paraphrase_is_marked_and_a_mere_topic_is_not() -> None:
    assert marked("You may not park within 15 feet of a fire hydrant or in a hydrant red zone.") == HYDRANT_ITEM
    # Shares "park" and "fire" with several sentences, most of none.
    assert marked("Park well away from a fire truck that is working.") is None
    assert marked("") is None and marked_span(OFFLINE, "") is None


def test_a_short_lead_in_alone_is_never_marked() -> None:
    assert marked("Do not park.") is None


def test_an_answer_of_two_sentences_marks_both_but_not_a_neighbour_it_only_echoes() -> None:
    quote = "Children are hard to see. Stop for a school bus. Wait until its red lights stop flashing. Then go."
    assert marked("Stop for a school bus. Wait until its red lights stop flashing.", quote) == (
        "Stop for a school bus. Wait until its red lights stop flashing."
    )
    listed = (
        "You should signal: • At least 100 feet before you turn. • Before every lane change."
        " • At least five seconds before you change lanes on a freeway."
    )
    assert marked("You should signal: At least 5 seconds before you change lanes on a freeway.", listed) == (
        "At least five seconds before you change lanes on a freeway."
    )


def test_a_short_quote_is_shown_whole() -> None:
    quote = "A person may not park a vehicle within 15 feet of a fire hydrant."
    assert excerpt_span(quote, marked_span("You may not park within 15 feet of a fire hydrant.", quote)) is None
    assert excerpt_span("x " * (FOLD_OVER // 2), None) is None


def test_a_long_quote_is_folded_to_its_mark_or_else_its_start() -> None:
    assert len(PASSAGE) > FOLD_OVER
    mark = marked_span(OFFLINE, PASSAGE)
    assert mark is not None and excerpt_span(PASSAGE, mark) == mark
    unmarked = excerpt_span(PASSAGE, None)
    assert unmarked is not None and unmarked.start == 0 and unmarked.end <= UNMARKED_EXCERPT
    # Cut between words, not inside one.
    assert PASSAGE[unmarked.end] == " " and PASSAGE[unmarked.end - 1] not in " ,;:"
    # A mark that is nearly all of the quote: folding would hide a line, so it is shown whole.
    assert excerpt_span(PASSAGE, Span(10, len(PASSAGE))) is None


def test_the_pieces_rebuild_the_quote_with_the_mark_in_place() -> None:
    law = Law(id="IA-M1", state="IA", kind="manual", law=PASSAGE, question="", citation="IA manual, p. 21",
              url="https://example.org/ia.pdf", page=21, origin="manual")  # fmt: skip
    source = source_dict(law, answer=OFFLINE)
    assert source["mark"] == source["excerpt"] and source["quote"] == PASSAGE
    whole = quote_pieces(source, "whole")
    assert "".join(text for text, _ in whole) == PASSAGE
    assert [text for text, mark in whole if mark] == [HYDRANT_ITEM]
    assert quote_pieces(source, "excerpt") == [(HYDRANT_ITEM, True)]
    # Without an answer nothing is marked and the excerpt is the passage's start.
    plain = source_dict(law)
    assert plain["mark"] is None and plain["excerpt"]["start"] == 0
    assert quote_pieces(plain, "excerpt") == [(PASSAGE[: plain["excerpt"]["end"]], False)]


def test_only_the_first_source_is_marked() -> None:
    words = '"A person may not park within 15 feet of a fire hydrant."'
    first, second = (
        Law(
            id=ident,
            state="MD",
            kind="statute",
            law="x",
            question="",
            citation=f"§ 21-1003 — {words}",
            url="https://e.org",
        )
        for ident in ("MD-S01", "MD-S02")
    )
    answer = "You may not park within 15 feet of a fire hydrant."
    assert [source["mark"] for source in sources_of(answer, [first, second])] == [
        {"start": 0, "end": len(first.text)},
        None,
    ]


def test_every_word_around_an_answer_is_said_in_each_language() -> None:
    assert set(WORDS["spanish"]) == set(WORDS["english"])
