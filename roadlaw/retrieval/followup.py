"""A follow-up read with the thread: "and a stop sign?" after "how close to a crosswalk can I park".

A follow-up that leans on the thread says only what changed (a new place, a new
age, "at night", "those hours") and leaves the rest to the question before it.
Read alone it asks nothing the laws can answer, so it is read once more with
the earlier question (`thread_reading`). Two more searches are fused with the
follow-up's own (Pipeline.retrieve): the earlier question with the follow-up's
words added (`added`), and the earlier question itself. The offline answer is
asked the earlier question with the follow-up's part put in place of the part it
changes (`combined`: "how close to a stop sign can i park"). A follow-up that
has a subject of its own ("how far from a hydrant can I park" after a speed
question) stands alone and is read as typed.

Whether a question leans is read from its form, not its topic: how it opens
("and", "what about", "what if"), whether it points back ("those", "it",
"that") without naming a road thing of its own, and how little it says.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from roadlaw.answering.reading import mishaps_in
from roadlaw.retrieval.words import fold, language_of, tokens
from roadlaw.states import STATES

# How a follow-up opens when it goes on from the question before: "and at night?",
# "what about a stop sign", "what if I'm 17", "even if it's on the other side", "or on a highway", "¿y de noche?".
# Openers may come in a run ("and what about", "ok so what if").
_OPENER = re.compile(
    r"^\W*(?:(?:and|or|but|so|also|plus|then|ok|okay|k|kk|what\s+about|how\s+about|what\s+if|even\s+(?:if|when)|same\s+(?:for|with|if|thing|deal|when|goes)|"
    r"y|o|pero|entonces|y\s+si|que\s+tal)\b\W*)+",
    re.I,
)

# How a follow-up ends that asks the thread's question of one more case: "can my friends ride in the back
# too", "as well?", "también".
_TOO = re.compile(r"\b(?:too|as well|also|tambien)(?:\s+or\s+(?:no|not))?\W*$")

# An opener that puts a condition: "what if", "and if", "y si".
_IF = re.compile(r"\b(?:if|si)\b", re.I)

# Words that point back to something the thread named: "how many of those", "does that go up".
_POINTS_BACK = frozenset(
    ["those", "these", "them", "it", "that", "this", "same", "then", "there", "ones", "eso", "esos", "esa", "esas"]
)

# A follow-up that asks whether the earlier rule changes ("does that change if ...", "is it
# different for ...", "is that the same at night", "is it lower if im under 21"): it leans, whatever road
# thing it names. (Not "is it more dangerous to ...", a question of its own.)
_CHANGES = re.compile(
    r"^\W*(?:(?:and|but|so|ok|okay)\W+)?(?:does|do|would|will|is|could)\s+(?:that|it|this|the rule|the limit)\s+"
    r"(?:change|changes|still apply|apply|differ|be different|different|the same|go up|go down|stay the same"
    r"|(?:any\s+)?(?:lower|higher|stricter|tougher|harsher|shorter|longer|less))\b",
    re.I,
)

# A follow-up that ends by leaving out what it does, or does not do: "whats the fine if i dont",
# "and if not?". What it leaves out is the question before it.
_LEFT_OUT = re.compile(
    r"\bif\s+(?:not|(?:i|u|you|we|they|he|she)\s+(?:dont|do not|didnt|did not|cant|cannot|can not|wont|will not|do|did))\W*$"
)

# Words a learner adds that say nothing of the subject ("tho", "im", "still"), as stems; driving too,
# which every question is about.
_FILLER = frozenset(
    tokens(
        "about tho though im ok okay still also just too else thing things like really even u ur now "
        "one ones same those why would should could need get got go goes say mean case drive driving "
        # and the words any question is put with, that name nothing: "is there any way to get some of
        # those taken off", "how long until that rule doesnt apply to me anymore".
        "any some ever until anymore while does doesnt dont what whats hes shes theyre myself along "
        "suppose supposed try "
        # and the asker and whoever is with them, or that a thing is there: "and theres a median between us".
        "us we me theres "
        # and the words an age is told with, which says who, not what of ("my 20 yr old cousin").
        "yr yrs year years old"
    )
)

# Road things a question can be about: a follow-up that names one has a subject of its
# own even when it says "that" ("do I stop for a bus that has its lights on").
# Written from road vocabulary in general, as stems (words.tokens).
ROAD_THINGS = frozenset(
    tokens(
        "sign signal light crosswalk intersection hydrant bus train track railroad crossing highway "
        "freeway interstate expressway road street lane shoulder median pedestrian bicycle bike "
        "motorcycle truck trailer school zone driveway sidewalk curb bridge tunnel ramp roundabout "
        "parking license permit seatbelt belt helmet phone alcohol ticket insurance registration plate "
        "headlight beam wiper tire brake horn mirror emergency ambulance police officer crash accident"
    )
)

# At most this many words of its own, past the opener, for a follow-up that opens
# like one to lean on the thread: "and how many friends can ride with me then" has
# three; "what if I get pulled over and refuse the breath test" has six, a question
# of its own.
OPENER_WORDS = 5
# At most this many for one that points back ("does that go up after six months?").
POINTING_WORDS = 4
# At most this many for one that asks of someone the question before named, as "she" or "he", whether they do a thing
# again ("does she have to take the written and road tests all over again", after how long a mother has to switch her
# licence).
PERSON_WORDS = 7
# At most this many, with no opener and nothing pointing back, is elliptical: "at night?".
ELLIPTICAL_WORDS = 2


def own_words(question: str) -> list[str]:
    """The follow-up's words that carry a subject: its stems past the opener, less the filler, each once (a word said
    twice, "a turn lane ... lane", says no more)."""
    language = language_of(question)
    rest = _STRAIGHT_UP.sub(" ", _OPENER.sub(" ", fold(question)))
    return list(dict.fromkeys(word for word in tokens(rest, language) if word not in _FILLER))


# "Straight up" said for "really" ("and what if its straight up ice") names nothing: not the "up" of "steamed-up".
_STRAIGHT_UP = re.compile(r"\bstraight up\b(?=\s+[a-z])", re.I)


def leans_on_thread(question: str, earlier: Sequence[str]) -> bool:
    """Whether `question` leans on the thread before it, rather than standing alone.

    It leans when it opens like a follow-up ("and", "what about", "what if") and says
    little of its own; when it points back ("those", "that", "it") and names no road
    thing of its own; or when it says almost nothing ("at night?"). With no earlier
    question there is nothing to lean on.
    """
    if not earlier:
        return False
    words = own_words(question)
    folded = fold(question)
    # "does that change if it's a motorcycle": it asks of the earlier rule, whatever it names. So does one
    # that asks of doing what the question before it asked of ("can i cross the center line to do that").
    # So does one caught, or a count that names nothing counted ("how many do u need before they send a warning
    # letter": the thread's points), where it names no road thing of its own.
    if (
        asks_if_it_changes(question)
        or leaves_out(question)
        or _DOES_THAT.search(folded.replace("'", ""))
        or ((_CAUGHT.search(folded) or _COUNTS_NOTHING.search(folded)) and not ROAD_THINGS.intersection(words))
        # So does one that asks only the penalty, naming nothing done ("how much is the ticket", "whats the fine if
        # we get caught without one"): of breaking the thread's rule. ("whats the fine for texting" names its own.)
        or (bool(_PENALTY_NAMED.search(folded)) and not set(words) - _PENALTY_ONLY)
        # So does a penalty asked "for that" ("would a ticket for that put points on my record", after whether
        # texting is illegal): the thread's offence, whatever else it names.
        or bool(_PENALTY_FOR_THAT.search(folded))
        # So does one that asks whether someone or something counts ("do my brothers and sisters count tho", after
        # how many friends may ride along): counts under the thread's rule.
        or bool(ASKS_IF_IT_COUNTS.search(folded))
        # So does one that measures against the figure the thread told ("and if someone under 21 gets caught over
        # that how long do they lose their license", after the BAC that counts as drunk driving).
        or bool(_AGAINST_THAT.search(folded))
        # So does one that asks how long before or after, and says before what no more ("do they send u a reminder?
        # how long before", after how early a licence may be renewed): the thread's date.
        or bool(_BEFORE_WHAT.search(folded))
        # So does one that opens on what it asks and a "tho" ("for how long tho, if it was his first time"): of the
        # thread's case. And one that asks of doing the thread's thing again ("can i just take it again next year").
        or bool(_ASKED_THO.match(folded))
        or bool(_AGAIN.search(folded.replace("'", "")))
        # So does one that asks what next ("i tried flicking the switch and theyre still out, now what").
        or bool(_NOW_WHAT.search(folded))
    ):
        return True
    if (_OPENER.match(folded) or _TOO.search(folded)) and len(words) <= OPENER_WORDS:
        # (Or ends on "too", which says it asks of the thread's case once more: "can my friends ride in
        # the back too or no".)
        return True
    if (
        # (Or as "they", the things the thread named: "what time of day are they out the most", after deer at night.
        # Only here: "they" names no thing the follow-up's case is without, as "it" or "those" do.)
        (points_back(folded) or bool(_THEY.search(folded.replace("'", ""))))
        and len(words) <= (OPENER_WORDS if _points_at_many(folded) else POINTING_WORDS)
        and not ROAD_THINGS.intersection(words)
    ):
        return True
    if (
        (len(words) <= OPENER_WORDS or (len(words) <= PERSON_WORDS and "again" in words))
        and _ANOTHER_PERSON.search(folded.replace("'", ""))
        and _PERSON_NAMED.search(fold(earlier[-1]).replace("'", ""))
    ):
        # "can she drive her friends around", after what times a parent's 16-year-old may drive on her licence: a
        # short one that asks of someone the question before it named, as "she" or "he", asks of that one's case.
        return True
    # "can you leave it parked on the sidewalk", after how old one must be to ride an electric scooter: a short one
    # whose act is done to "it", the thing the question before it named, asks of that thing, whatever road it names.
    if len(words) <= OPENER_WORDS and _DONE_TO_IT.search(folded.replace("'", "")):
        return True
    # "should i slam on the brakes right away", after a tire that just blew out: a short one that asks whether to do
    # something, naming no mishap of its own after a question that named one, asks what to do in that one.
    if (
        len(words) <= OPENER_WORDS
        and _WHETHER_TO_DO.match(folded.replace("'", ""))
        and mishaps_in(fold(earlier[-1]))
        and not mishaps_in(folded)
    ):
        return True
    # "how big does the flag gotta be", after when a load needs a flag: a short one that names again, as
    # "the" one, a thing the question before it named asks more of that question's case.
    if len(words) <= OPENER_WORDS and names_again(folded, earlier[-1]):
        return True
    # Short and with no asking word of its own ("at night?", "speed limit?"); "when do I
    # have to have my headlights on" says little too, but asks it whole.
    first = re.findall(r"[a-z]+", folded)[:1]
    return len(words) <= ELLIPTICAL_WORDS and not (first and first[0] in _ASKS)


# What is asked, then "tho": "for how long tho", "ok how much tho".
_ASKED_THO = re.compile(
    r"^\W*(?:(?:ok|okay|so|and|but)\W+)*(?:for\s+)?how\s+(?:long|much|many|far|often|soon|old|fast|close)\s+(?:tho|though)\b"
)
# The things the thread named, as "they": "are they out the most".
_THEY = re.compile(r"\b(?:they|theyre)\b")
# What next, asked at the end: "now what", "what now", "then what".
_NOW_WHAT = re.compile(r"\b(?:now|then)\s+what\W*$|\bwhat\s+now\W*$")
# The thing pointed back at, done again: "take it again", "can i do that again".
_AGAIN = re.compile(r"\b(?:take|do|use|get|renew|retake|try|redo)\s+(?:it|that|this|them)\s+again\b")
# An act done to a thing pointed back at: "leave it parked", "ride it on the sidewalk", "park them there".
_DONE_TO_IT = re.compile(
    r"\b(?:leave|leaving|park|parking|ride|riding|drive|driving|take|taking|put|keep|store|tow|towing|carry|bring|lock|"
    r"move)\s+(?:it|them)\b(?!\s+(?:is|was|to be)\b)"
)
# Whether to do something, asked of oneself: "should i slam on the brakes", "will i still be able to steer", "do i pull
# over".
_WHETHER_TO_DO = re.compile(
    r"\W*(?:(?:ok|okay|so|and|then|but)\W+)*(?:should|can|could|will|would|do|must)\s+(?:i|we|u|you)\b"
    r"|\W*(?:is\s+it\s+(?:ok|okay|safe|better)|am\s+i\s+(?:supposed|allowed))\b"
)
# How long before or after, and before what left unsaid: "how long before", "how many days after?".
_BEFORE_WHAT = re.compile(r"\bhow (?:long|much|many|far|soon|early)\s+(?:[a-z]+\s+)?(?:before|after|ahead)\W*$")
# A figure compared with the one the thread told: "over that", "more than that", "below it".
_AGAINST_THAT = re.compile(
    r"\b(?:over|under|above|below|past|(?:more|less|higher|lower|faster|slower) than)\s+(?:that|this|it|those)\b"
    r"(?!\s+(?:is|are|was|were|has|had|says?)\b)"
)
# A penalty named ("the ticket", "the fine"), and the words a question that asks only that may say besides.
_PENALTY_NAMED = re.compile(r"\b(?:ticket|tickets|fine|fines|penalty|penalties|punishment)\b")
_PENALTY_ONLY = frozenset(
    tokens("much ticket tickets fine fines penalty penalties punishment caught catch without one cost costs get got")
)
# A penalty asked of what the thread told, as "that": "a ticket for that", "get points for doing it".
_PENALTY_FOR_THAT = re.compile(
    r"\b(?:ticket|tickets|ticketed|fine|fines|fined|points?|penalty|penalties|caught|arrested|suspended)\b[^.?!]{0,20}?"
    r"\bfor\s+(?:doing\s+)?(?:that|it|this|those)\b"
)
# Whether a thing counts, asked at the end: "do my brothers and sisters count tho", "does a bike count?".
ASKS_IF_IT_COUNTS = re.compile(
    r"\b(?:do|does|would|will|is|are)\b[^.?!]{1,40}?\bcount\b(?:\s+(?:tho|though|too|also|as well|or not))?\W*$"
)
# A count asked with nothing counted: "how many do u need", "how many till they suspend it".
_COUNTS_NOTHING = re.compile(
    r"\bhow many\s+(?:do|does|did|would|will|can|could|should|is|are|before|till|until|til|to|i|u|you|we)\b"
)
# A thing named as one already told of: "the flag", "that chain".
_NAMED_BEFORE = re.compile(r"\b(?:the|that|this|those|these)\s+([a-z]{3,})\b")


def names_again(folded: str, earlier: str) -> bool:
    """Whether a question names as "the" one a thing (not a filler word) that the earlier question named."""
    before = set(tokens(fold(earlier))) - _FILLER
    return any(before.intersection(tokens(match.group(1))) for match in _NAMED_BEFORE.finditer(folded.replace("'", "")))


def asks_if_it_changes(question: str) -> bool:
    """Whether a follow-up asks whether the earlier rule changes for a case it names ("does that change
    when im driving at night"): it points back, and names a case of its own all the same."""
    return bool(_CHANGES.match(fold(question)))


def leaves_out(question: str) -> bool:
    """Whether `question` ends by leaving out what it does, or does not do ("whats the fine if i dont")."""
    return bool(_LEFT_OUT.search(fold(question).replace("'", "")))


def points_back(folded: str) -> bool:
    """Whether a question points back to something named before it ("does that go up", "those hours").

    "it" in "is it legal to ..." points at nothing: it stands in for what follows.
    """
    said = re.findall(r"[a-z]+", folded.replace("'", ""))
    for at, word in enumerate(said):
        if word == "some" and _MANY_BACK.match(" ".join(said[at : at + 2])):
            # "can a driving class take some off": some of those named before.
            return True
        if word not in _POINTS_BACK:
            continue
        if word == "it" and (
            (at > 0 and said[at - 1] in {"is", "was", "isnt", "make", "makes"})
            or (at + 1 < len(said) and said[at + 1] in {"is", "s", "was"})
        ):
            continue
        if word == "its":
            continue
        return True
    return False


# Someone pointed back at ("can she", "what if hes"), and someone a question names ("my 16 yr old", "my daughter",
# "her license").
_ANOTHER_PERSON = re.compile(r"\b(?:she|he|shes|hes|her|him)\b")
_PERSON_NAMED = re.compile(
    r"\b(?:she|he|her|his|him|daughter|son|kid|kids|child|teen|teenager|brother|sister|cousin|friend|\d+\s*(?:yr|year)s?\s*old"
    r"|mom|mum|mother|dad|father|parent|parents|uncle|aunt|grandma|grandpa|grandmother|grandfather|wife|husband"
    r"|boyfriend|girlfriend|neighbor|neighbour|coworker|boss|roommate|grandparent|stepdad|stepmom)\b"
)
# Caught, and no word of doing what: "what happens the first time you get caught".
_CAUGHT = re.compile(r"\b(?:get|gets|got|getting|am|are|is|was|be)\s+caught(?:\s+again)?\W*$")
# Doing what the question before named: "to do that", "while doing it", "can i do so".
_DOES_THAT = re.compile(r"\b(?:do|doing|does|did)\s+(?:that|this|so)\b|\b(?:to do|doing) it\b")
# Words that point back at several things named before ("some of them", "take some off"): "it" and "that"
# so often stand for what follows ("is it legal to ...") that a question must say less to lean on them.
_MANY_BACK = re.compile(r"\b(?:them|those|these)\b|\bsome\s+(?:of|off|taken|removed|back)\b")


def _points_at_many(folded: str) -> bool:
    """Whether a question points back at several things named before it ("get some of them taken off")."""
    return bool(_MANY_BACK.search(folded.replace("'", "")))


def followed(question: str) -> str:
    """A follow-up without its opener, as the words it adds to the earlier question."""
    rest = _OPENER.sub(" ", question)
    return re.sub(r"\s+", " ", rest).strip(" ?!.,")


# Words that start a part of a question the follow-up may put otherwise: a condition
# ("if a car is coming toward me"), a time ("after 6 months"), a place ("to a crosswalk").
_CLAUSES = frozenset(["if", "when", "while", "unless", "once", "since"])
_PLACES = frozenset(["to", "from", "near", "by", "behind", "beside", "at", "in", "on", "around", "out", "into"])
_SLOTS = _CLAUSES | _PLACES | {"after", "before", "during", "until", "for", "with", "without", "under", "over"}
# Words that start the asking part of a question ("how close", "can i", "whats").
_ASKS = frozenset(
    ["how", "what", "whats", "when", "who", "which", "where", "why", "can", "could", "do", "does", "did", "is", "are",
     "should", "must", "may", "will", "would", "am", "have", "has", "cant", "dont", "shall", "need"]
)  # fmt: skip
# Who a question is about: after an asking word, they show the question goes on ("... can i park").
_PEOPLE = frozenset(["i", "im", "we", "he", "she", "they", "you", "hes", "shes", "theyre", "youre", "my", "our"])
# Words that end a place or a time: the asking part resumes ("... crosswalk can i park").
_ENDS_PART = _SLOTS | _ASKS | _PEOPLE | {"and", "or", "but"}
# "to" leads a place only before one of these ("close to a crosswalk") or a road thing, not before a verb ("have to stop").
_DETERMINERS = frozenset(["a", "an", "the", "any", "another", "my", "your", "their", "our", "this", "that", "some"])


# Road things that are verbs as well: "to park", "to signal" and "to cross" are what one does.
_VERBS_TOO = frozenset(tokens("park signal brake cross light"))


# A state by its name or its two letters, as _words reads them ("ny", "new york", "the state of ohio").
_STATE_NAMES = frozenset(
    [code.lower() for code in STATES]
    + [fold(name).lower() for name in STATES.values()]
    + [f"the state of {fold(name).lower()}" for name in STATES.values()]
)


def _leads_place(word: str) -> bool:
    """Whether "to" before `word` leads a place: a determiner or a road thing ("close to railroad tracks"), not a verb."""
    return word in _DETERMINERS or bool(ROAD_THINGS.intersection(tokens(word)) - _VERBS_TOO)


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+|,", fold(text).replace("'", ""))


def _parts(words: list[str]) -> list[tuple[int, int]]:
    """Where each part led by a slot word starts and ends in `words`.

    A condition runs to a comma, the end, or an asking word followed by who asks
    ("if im 17 can i ..."); a place or a time runs to the next slot, asking word or comma.
    A first word followed by an asking word is the question's own ("when do i ...").
    """
    spans = []
    for at, word in enumerate(words):
        if word not in _SLOTS or (at == 0 and len(words) > 1 and words[1] in _ASKS):
            continue
        if word == "to" and (at + 1 >= len(words) or not _leads_place(words[at + 1])):
            continue
        end = at + 1
        while end < len(words) and words[end] != ",":
            if word in _CLAUSES:
                if words[end] in _ASKS and end + 1 < len(words) and words[end + 1] in _PEOPLE:
                    break
            elif words[end] in _ENDS_PART:
                break
            end += 1
        if end > at + 1:
            spans.append((at, end))
    return spans


# A time after the first ("what if it's a second one", "my third time", "if i get caught again"):
# the earlier question's "first" is not asked of any more.
_LATER_TIMES = frozenset(["second", "third", "fourth", "fifth", "2nd", "3rd", "4th", "5th", "again", "subsequent"])


# The least and the most of a thing: a follow-up that asks one of them, after a question that asked the other ("is
# there a minimum speed on the interstate", then "ok and whats the max out in the country"), asks it in its place.
# (Not "fastest" or "slowest", which say a speed as well: "whats the fastest u can go on the interstate", then "is
# there a minimum too", read as "whats the minimum u can go", asks no speed.)
_LEAST = frozenset(["minimum", "min", "least", "lowest"])
_MOST = frozenset(["maximum", "max", "most", "highest", "top"])


def _earlier_as_followed(before: list[str], said: list[str]) -> list[str]:
    """The earlier question's words, less its "first" where the follow-up asks of a later time, and with
    the follow-up's most (or least) in place of its least (or most)."""
    if _LATER_TIMES.intersection(said):
        before = [word for word in before if word not in ("first", "1st")]
    for one, other in ((_LEAST, _MOST), (_MOST, _LEAST)):
        instead = next((word for word in said if word in other), None)
        if instead is not None and not one.intersection(said):
            before = [instead if word in one else word for word in before]
    return before


def combined(earlier: str, question: str) -> str:
    """The earlier question read with the follow-up: the part the follow-up puts otherwise
    is put its way, or where nothing matches, the follow-up's words come after the earlier's.

    A follow-up led by a slot word ("if I'm behind someone", "after a year") replaces the
    earlier question's part led by the same word (a place, its last place: "near a stop sign"
    after "to railroad tracks"); one that names only a thing ("a stop sign") replaces the
    earlier question's last place ("to a crosswalk"). One that asks
    something new of the same subject, or points back ("those", "that"), or says who
    ("I'm 17"), is added to the whole earlier question; an age it gives takes the place
    of the earlier question's own ("im 16, ..." then "what if im over 21").
    """
    said = [word for word in _words(followed(question)) if word != ","]
    # One that opens "what if" or "and if" adds a condition ("what if the roads are slippery"): not a
    # place in place of the earlier one, nor in place of its own condition ("if I refuse the test",
    # then "what if it's the second time"); one that says who ("what if I'm 17") is added as before.
    opener = _OPENER.match(fold(question))
    before = _earlier_as_followed(_words(earlier), said)
    # Another colour of the same thing ("what does it mean if the curb is painted yellow", then "and if its blue?";
    # "what does a flashing yellow light mean", then "what about red"): the earlier question with that colour.
    recoloured = _recoloured(before, said)
    if recoloured:
        return _joined(recoloured)
    # An age in place of the earlier one ("im 16, how long ...", then "what if im over 21").
    theirs, mine = _age_part(before), _age_part(said)
    if theirs is not None and mine is not None:
        rest = [word for word in said[: mine[0]] + said[mine[1] :] if word not in _FILLER_WORDS]
        return _joined([*before[: theirs[0]], *said[mine[0] : mine[1]], *before[theirs[1] :], *rest])
    if said and before and opener and _IF.search(opener.group(0)) and not _says_who(said) and said[0] not in _SLOTS:
        return _joined([*before, "if", *said])
    # A later time is one more condition, not another in place of the earlier one ("what happens if I
    # refuse the test", then "and if it's the second time").
    if before and _LATER_TIMES.intersection(said):
        return _joined([*before, *said])
    if not said or not before:
        return _joined([*before, *said])
    # One that asks only the other extreme ("and the lowest?") is the earlier question with it in place.
    if set(said) <= _LEAST | _MOST | _DETERMINERS and (_LEAST | _MOST).intersection(said):
        return _joined(before)
    pointing = points_back(" ".join(said))
    spans = _parts(before)
    lead = said[0]
    if not pointing and lead in _SLOTS:
        same = [(start, end) for start, end in spans if before[start] == lead]
        # A place led otherwise ("near a stop sign" after "to railroad tracks") is still the place,
        # where the earlier one names a road thing ("on red" is no place).
        if not same and lead in _PLACES:
            same = [
                (start, end)
                for start, end in spans
                if before[start] in _PLACES and ROAD_THINGS.intersection(tokens(" ".join(before[start + 1 : end])))
            ]
        if same:
            start, end = same[-1]
            return _joined([*before[:start], *said, *before[end:]])
    elif not pointing and lead not in _ASKS and lead not in _PEOPLE:
        # (Not the state it is asked in: "how close to a hydrant can I park in ny", then "how about a stop sign".)
        places = [
            (start, end)
            for start, end in spans
            if before[start] in _PLACES and " ".join(before[start + 1 : end]) not in _STATE_NAMES
        ]
        if places:
            start, end = places[-1]
            return _joined([*before[: start + 1], *said, *before[end:]])
    return _joined([*before, *said])


# The colours a sign, a light, a line or a curb is told by, and the words a follow-up that asks only of another
# colour may say besides the colour and what the earlier question named ("and if its blue?", "and a green one").
_COLOURS = frozenset(["red", "yellow", "amber", "green", "white", "blue", "orange", "brown", "black", "purple"])
_BESIDE_A_COLOUR = frozenset(
    ["if", "its", "it", "is", "s", "a", "an", "the", "one", "ones", "when", "there", "theres", "what", "about",
     "and", "painted", "instead", "tho", "though", "then", "ok", "okay"]
)  # fmt: skip


def _recoloured(before: list[str], said: list[str]) -> list[str]:
    """The earlier question with the follow-up's colour in place of its own, where the follow-up asks only of
    another colour of what that one named; [] otherwise (no colour, two of them, or something new named)."""
    theirs = set(before) & _COLOURS
    mine = set(said) & _COLOURS
    if len(theirs) != 1 or len(mine) != 1 or theirs == mine:
        return []
    if any(word not in _BESIDE_A_COLOUR and word not in before for word in said if word not in mine):
        return []
    (old,), (new,) = theirs, mine
    return [new if word == old else word for word in before]


# Who says their age: "im 16", "i am 17", "im over 21", "a 16 year old" (as _words reads them).
_AGE = re.compile(
    r"\b(?:(?:im|i am|if im|if i am|when im)\s+(?:(?:over|under|only|almost|about)\s+)?\d{1,2}\b(?:\s+years?\s+old)?"
    r"|\b\d{1,2}\s+(?:years?\s+old|yr\s+old|yo)\b"
    # Or whose age a rule is asked for: "drivers under 21", "anyone over 18".
    r"|\b(?:(?:drivers?|people|persons?|teens?|minors?|kids?|anyone|someone|those)\s+)?(?:under|over|below|above)"
    r"\s+(?:the\s+age\s+of\s+|age\s+)?\d{1,2}\b)"
)
_FILLER_WORDS = frozenset(
    ["tho", "though", "then", "now", "instead", "ok", "okay", "like", "just", "once", "when", "if"]
)


def _age_part(words: list[str]) -> tuple[int, int] | None:
    """Where a question says its asker's age, in `words` (start, end), or None."""
    text = " ".join(words)
    match = _AGE.search(text)
    if match is None:
        return None
    start = len(text[: match.start()].split())
    return start, start + len(match.group(0).split())


def _says_who(said: list[str]) -> bool:
    """Whether a follow-up after "what if" says who asks ("im 17", "im under 18"), rather than a
    condition that opens on a person ("my dad is in the car")."""
    if not said or said[0] not in _PEOPLE:
        return False
    return said[0] == "im" or _age_part(said) is not None


def _joined(words: list[str]) -> str:
    return " ".join(words).replace(" ,", ",")


def added(earlier: str, question: str) -> str:
    """The earlier question with the follow-up's words after it, all of both kept.

    Searched rather than `combined`: the law that answers a follow-up is most often the
    one that answered the question before it, or beside it, so the earlier question's
    own words ("crosswalk" for "and a stop sign?") help find the list that holds both.
    """
    said = [word for word in _words(followed(question)) if word != ","]
    return _joined([*_earlier_as_followed(_words(earlier), said), *said])


@dataclass(frozen=True)
class ThreadReading:
    """A follow-up read with its thread: what it asks (`reading`), and what to search for it."""

    earlier: str
    reading: str
    searched: str


def thread_reading(question: str, earlier: Sequence[str]) -> ThreadReading | None:
    """How `question` reads after the thread's earlier questions, or None when it stands alone.

    The thread is read from its first question: each that leans reads with the
    reading before it, so "and after a year?" after "and at night?" still carries
    the first question's subject.
    """
    reading = ""
    before = ""
    for asked in [*earlier, question]:
        if reading and leans_on_thread(asked, [reading]):
            before, reading = reading, combined(reading, asked)
        else:
            before, reading = "", asked
    if not before:
        return None
    return ThreadReading(before, reading, added(before, question))
