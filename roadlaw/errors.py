"""What can go wrong, drawn once.

    RoadlawError            bad input or a missing piece: one line for the user, exit 2
    ├── UnknownState        a state code that is not one of the 50 states or DC
    ├── BadQuestion         an empty question, or one over MAX_QUESTION characters
    ├── BadCards            a card file that cannot be loaded (file, id, what, fix)
    ├── StoreError          the data folder cannot be used
    ├── NoLaws              the table holds nothing for the state yet
    ├── Stale               the state's rows were built from cards or sources since changed
    ├── UnknownThread       a thread id nobody opened, or one of another state
    └── BadQuestionFile     a malformed line in a question file for `eval`

A failure of an answer is not an exception: `unreachable`, `unparsed`,
`refused` (from an asker) and `checked` (from the check) are data, logged
with the turn, and the learner is shown the app's own line instead.
"""

from __future__ import annotations


class RoadlawError(Exception):
    """Bad input or a missing piece; the message is the one line a user reads."""


class BadQuestion(RoadlawError):
    pass


class NoLaws(RoadlawError):
    pass


class Stale(RoadlawError):
    pass


class UnknownThread(RoadlawError):
    pass


class BadQuestionFile(RoadlawError):
    pass
