"""What can go wrong, drawn once. Every exception the project raises is here.

    RoadlawError            bad input or a missing piece: one line for the user, exit 2
    ├── UnknownState        a state code that is not one of the 50 states or DC
    ├── BadQuestion         an empty question, or one over MAX_QUESTION characters
    │   └── UnreadableText  a question, choice or thread that is not text (a lone surrogate, bytes not UTF-8)
    ├── BadQuestionFile     a malformed line in a question file for `eval`
    ├── BadSetting          an environment setting that cannot be used as written
    │   └── BadRateLimit    ROADLAW_RATE_LIMIT that is not a whole number of questions
    ├── BadCards            a card file that cannot be loaded (file, id, what, fix)
    ├── StoreError          the data folder or the database cannot be used (or reached)
    ├── NoLaws              the table holds nothing for the state yet
    ├── Stale               the state's rows were built from cards or sources since changed
    ├── UnknownThread       a thread id nobody opened, or one of another state
    ├── UnknownLaw          a law id that is not in the table
    ├── Busy                every question a web worker may answer at once is being answered (503)
    ├── NoSources           the sources mirror, or a state's file in it, is not there
    ├── SourceError         a state's sources could not be read (its line in the build report)
    ├── GarbledManual       a manual whose extracted text is junk: reported, never indexed
    ├── EmbeddingError      an embedder failed (its one line goes to the log or the user)
    ├── BadIndex            an index file that cannot be used (file and what; the caller adds the command)
    ├── BatchError          a Message Batch could not be sent, followed or read
    └── ProviderUnreachable a model call that gave up (caught inside the answerers, never shown)

A failure of an answer is not an exception: `unreachable`, `unparsed`,
`refused` (from an answerer) and `checked` (from the check) are data, logged
with the turn, and the learner is shown the app's own line instead.

Several also derive from the built-in they were first written as (ValueError,
RuntimeError, LookupError), so code that catches those still does.
"""

from __future__ import annotations


class RoadlawError(Exception):
    """Bad input or a missing piece; the message is the one line a user reads."""


class UnknownState(RoadlawError):
    """A state code that is not one of the 50 states or DC."""


class BadQuestion(RoadlawError):
    pass


class UnreadableText(BadQuestion):
    """Input that is not Unicode text: a lone surrogate, or command-line bytes that are not UTF-8."""


class BadQuestionFile(RoadlawError):
    pass


class BadSetting(RoadlawError):
    """An environment setting that cannot be used as written; the message names it and what to give."""


class BadRateLimit(BadSetting):
    """ROADLAW_RATE_LIMIT is not a number of questions."""


class BadCards(RoadlawError):
    """A card file that cannot be loaded; the message is the one line a user sees."""


class StoreError(RoadlawError):
    """The data folder or its database cannot be used; the message says which and why."""


class NoLaws(RoadlawError):
    pass


class Stale(RoadlawError):
    pass


class UnknownThread(RoadlawError):
    pass


class UnknownLaw(RoadlawError):
    pass


class Busy(RoadlawError):
    """A web worker is answering as many questions as it may at once; `retry_after` is the seconds to wait."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class NoSources(RoadlawError, LookupError):
    """The mirror, or a state's file in it, is not there."""


class SourceError(RoadlawError, RuntimeError):
    """A state's sources could not be read; the message is its one line in the build report."""


class GarbledManual(RoadlawError, ValueError):
    """A manual whose text came out of extraction as junk: reported, never indexed."""

    def __init__(self, state: str, share: float, bar: float) -> None:
        super().__init__(
            f"{state}'s manual is garbled: {share:.0%} of its tokens are not words"
            f" (the bar is {bar:.0%}); extract its text again"
        )
        self.state = state
        self.share = share


class EmbeddingError(RoadlawError, RuntimeError):
    """An embedder failed; the message is one line a log or a user can read."""


class BadIndex(RoadlawError, ValueError):
    """An index that cannot be used; the message names the file and what is wrong, the caller adds the command."""


class BatchError(RoadlawError, RuntimeError):
    """The batch could not be sent, followed or read; the message says which and why."""


class ProviderUnreachable(RoadlawError):
    """A call that gave up; `detail` is the one line that says why."""

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail
