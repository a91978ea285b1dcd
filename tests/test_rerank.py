"""The reranker: evidence read from each law, BM25's first kept, ties by id."""

from __future__ import annotations

from roadlaw.corpus import Law
from roadlaw.retrieval.rerank import Evidence, Lists, Reranker

TEXTS = {
    "OH-M01-01": (
        "Parking",
        "Parking is not allowed: • Within 10 feet of a fire hydrant. • Within 20 feet of a crosswalk.",
    ),
    "OH-M02-01": ("Fire Safety", "If your car is on fire, pull over and call the fire department from a safe place."),
    "OH-M03-01": ("Hydrants", "Fire hydrants are painted red and are checked by the city every year."),
    "OH-M04-01": ("Turns", "Signal at least 100 feet before you turn."),
}
LAWS = [
    Law(ident, "OH", "manual", text, heading, "Ohio Driver Manual, p. 1", "https://x.example", 1, "manual")
    for ident, (heading, text) in TEXTS.items()
]
BY_ID = {law.id: law for law in LAWS}


def even(words: list[str]) -> list[float]:
    return [1.0] * len(words)


def lists(fused: list[str]) -> Lists:
    return Lists(
        fused=[(ident, 1 / (61 + rank)) for rank, ident in enumerate(fused)],
        words={"OH-M03-01": 4.0, "OH-M02-01": 3.0, "OH-M01-01": 2.5},
        reading_words={},
        cosines={"OH-M03-01": 0.5, "OH-M01-01": 0.45},
        reading_cosines={},
    )


def test_the_law_whose_span_states_the_figure_asked_for_comes_first() -> None:
    question = "how close to a fire hydrant can I park"
    found = dict(Reranker().evidence(question, lists(["OH-M03-01", "OH-M02-01", "OH-M01-01"]), BY_ID, LAWS, even, None))
    assert found["OH-M01-01"].states == 1.0 and found["OH-M03-01"].states == 0.0
    assert found["OH-M03-01"].words == 1.0 and 0 < found["OH-M01-01"].words < 1
    ranked = Reranker().rank(
        question, lists(["OH-M03-01", "OH-M02-01", "OH-M01-01"]), BY_ID, LAWS, even, 3, "OH-M03-01"
    )
    assert ranked[0] == "OH-M01-01"


def test_bm25s_first_law_is_never_left_out() -> None:
    # Weights that bury it: BM25's first law still takes the last place.
    buried = Reranker(Evidence(words=-100.0))
    ranked = buried.rank(
        "fire hydrant", lists(["OH-M03-01", "OH-M02-01", "OH-M01-01"]), BY_ID, LAWS, even, 2, "OH-M03-01"
    )
    assert len(ranked) == 2 and ranked[-1] == "OH-M03-01"


def test_equal_evidence_is_ordered_by_id() -> None:
    flat = Reranker(Evidence())
    ranked = flat.rank("fire hydrant", lists(["OH-M03-01", "OH-M02-01", "OH-M01-01"]), BY_ID, LAWS, even, 4, None)
    assert ranked == sorted(ranked)


def test_the_manuals_words_searchs_first_law_is_never_left_out() -> None:
    # "a truck on a downward slope" read as "steep hill": the law the reading's words rank
    # first holds the manual's own name for what was asked, and is kept in sight beside
    # BM25's first law even when weights bury both.
    buried = Reranker(Evidence(words=-100.0, reading_words=-100.0))
    read = Lists(
        fused=[(ident, 1 / (61 + rank)) for rank, ident in enumerate(["OH-M03-01", "OH-M02-01", "OH-M01-01"])],
        words={"OH-M03-01": 4.0, "OH-M02-01": 3.0},
        reading_words={"OH-M04-01": 5.0, "OH-M03-01": 1.0},
        cosines={"OH-M01-01": 0.45},
        reading_cosines={},
    )
    ranked = buried.rank("fire hydrant", read, BY_ID, LAWS, even, 3, "OH-M03-01")
    assert len(ranked) == 3 and set(ranked[1:]) == {"OH-M03-01", "OH-M04-01"}
    # With no reading, only BM25's first is kept.
    plain = buried.rank("fire hydrant", lists(["OH-M03-01", "OH-M02-01", "OH-M01-01"]), BY_ID, LAWS, even, 3, None)
    assert "OH-M04-01" not in plain


def test_a_laws_window_score_is_its_best_windows_wherever_that_window_is() -> None:
    from roadlaw.retrieval.rerank import Windows

    texts = {
        "OH-M10-01": "Check your mirrors often. Keep both hands on the wheel. Never park within 10 feet of a hydrant.",
        "OH-M11-01": "Signal before you turn. Look over your shoulder before you change lanes.",
        "OH-M12-01": "A hydrant is for the fire department. Keep clear of every hydrant.",
    }
    laws = [
        Law(ident, "OH", "manual", text, "Rules", "Ohio Driver Manual, p. 1", "https://x.example", 1, "manual")
        for ident, text in texts.items()
    ]
    windows = Windows(laws)
    best = windows.best("hydrant")
    # The first law's only window with the word is its last one; the second law has none.
    assert set(best) == {"OH-M10-01", "OH-M12-01"}
    assert max(best.values()) == 1.0 and 0 < min(best.values()) < 1.0
    # Each law is scored by its own windows: asked of the second law's words, only it is found.
    assert set(windows.best("shoulder lanes")) == {"OH-M11-01"}
    assert windows.best("zebra") == {}


def _unread_laws(tag: str) -> list[Law]:
    # Words no other test reads, so that nothing of them is in reading's caches yet.
    return [
        Law(
            f"OH-M9{at}-01",
            "OH",
            "manual",
            f"{text} ({tag})",
            heading,
            "Ohio Driver Manual, p. 9",
            "https://x.example",
            9,
            "manual",
        )
        for at, (heading, text) in enumerate(TEXTS.values())
    ]


def test_a_states_first_question_reads_all_its_laws_for_the_questions_after_it() -> None:
    from roadlaw.answering.reading import Question, _facts, asked_for, readings

    def misses_reading(laws: list[Law]) -> int:
        before = _facts.cache_info().misses
        readings(asked_for("when must I signal"), Question.of("when must I signal"), laws)
        return _facts.cache_info().misses - before

    question = "how close to a fire hydrant can I park"
    for ahead, tag in ((True, "read ahead"), (False, "read as met")):
        laws = _unread_laws(tag)
        by_id = {law.id: law for law in laws}
        asked = Lists(
            fused=[(laws[0].id, 1 / 61)], words={laws[0].id: 1.0}, reading_words={}, cosines={}, reading_cosines={}
        )
        ranked = Reranker(ahead=ahead).rank(question, asked, by_id, laws, even, 3, laws[0].id)
        assert ranked[0] == laws[0].id
        # A law the first question never met: read already, or read only now.
        missed = misses_reading([laws[3]])
        assert (missed == 0) if ahead else (missed > 0)
