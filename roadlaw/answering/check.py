"""What may be shown: the check that stands between any asker and the screen.

A reply is shown only if it is grounded: every source one of the laws given,
a non-empty answer with at least one source, every figure in the answer
standing in a cited law's rule or quoted words, and an off-topic reply with
nothing in it. Anything else is shown as nothing, and the reason is logged.
"""

from __future__ import annotations

from dataclasses import dataclass

from roadlaw.answering.figures import figures_in
from roadlaw.answering.request import Reply
from roadlaw.corpus import Law


@dataclass(frozen=True)
class Verdict:
    """Whether a reply may be shown, and if not, why."""

    shown: bool
    reason: str = ""


def check(reply: Reply, laws: list[Law]) -> Verdict:
    """The verdict on `reply`, given the laws it was answered from."""
    given = {law.id: law for law in laws}
    answer = reply.answer.strip()
    if reply.scope == "other":
        if answer or reply.sources:
            return Verdict(False, "scope other with an answer or sources")
        return Verdict(True)
    unknown = [source for source in reply.sources if source not in given]
    if unknown:
        return Verdict(False, f"sources not given: {', '.join(unknown)}")
    if not answer:
        return Verdict(True)
    if not reply.sources:
        return Verdict(False, "an answer without a source")
    stated: set[str] = set()
    for source in reply.sources:
        law = given[source]
        stated |= figures_in(law.law) | figures_in(law.quote)
        if law.origin == "manual":
            # A passage's heading is the page's own words too: a list item is shown with it as its lead-in.
            stated |= figures_in(law.question)
    unstated = sorted(figures_in(answer) - stated)
    if unstated:
        return Verdict(False, f"figures no cited law states: {', '.join(unstated)}")
    return Verdict(True)
