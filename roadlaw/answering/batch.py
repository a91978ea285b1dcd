"""Measuring through Anthropic's Message Batches: the very requests a learner's question sends.

`batch_of` sends any requests as one batch, waits for it and joins each result
to its request by id; `batch_requests` does so for `request_for`'s requests.
`shown_for_questions` is the whole ask path for an eval file in batches: every
question's rewrite first, then every question's answer, each put through the
same check as a question asked alone.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from roadlaw.answering.base import Failed, Reply
from roadlaw.answering.calls import AnthropicCalls, anthropic_client
from roadlaw.answering.request import answer_model, reply_from, request_for, with_choices
from roadlaw.errors import BatchError, ProviderUnreachable
from roadlaw.measure import choices_of
from roadlaw.pipeline import Pipeline, Retrieved, Shown, StateLaws, validate_choices, validate_question
from roadlaw.retrieval.rewrite import AnthropicRewriter, rewrite_request_for, searches_in
from roadlaw.settings import Settings

if TYPE_CHECKING:
    import anthropic
    from anthropic.types import Message
    from anthropic.types.message_create_params import MessageCreateParamsNonStreaming
    from anthropic.types.messages import MessageBatch
    from anthropic.types.messages.batch_create_params import Request as BatchRequest

log = logging.getLogger(__name__)

T = TypeVar("T")
R = TypeVar("R")

# A batch takes minutes to hours; asking more often than this only spends requests.
BATCH_POLL_EVERY = 30.0
# Seconds between looks at a batch when batch_requests is given none; unset, BATCH_POLL_EVERY.
BATCH_POLL_SETTING = "ROADLAW_BATCH_POLL"
# The Message Batches API takes only these ids, and rejects the whole batch otherwise.
_CUSTOM_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
# Each batch endpoint call may take its time, and a passing outage should not end a
# measurement that has run for an hour.
BATCH_CALL_TIMEOUT = 60.0
BATCH_CALL_DEADLINE = 300.0
BATCH_CALL_ATTEMPTS = 6


def batch_requests(
    items: list[tuple[str, MessageCreateParamsNonStreaming]],
    *,
    client: anthropic.Anthropic | None = None,
    poll_every: float | None = None,
    sleep: Callable[[float], None] = time.sleep,
    clock: Callable[[], float] = time.monotonic,
    progress: Callable[[MessageBatch], None] | None = None,
) -> dict[str, Reply | Failed]:
    """Send `request_for` requests as one batch, wait for it, and read each result by its id.

    A result that errored, expired or was canceled is `unreachable`, with that word
    as its detail; the dict is in the order of `items`. The batch is looked at every
    `poll_every` seconds: ROADLAW_BATCH_POLL when not given, else BATCH_POLL_EVERY.
    """
    return batch_of(
        items,
        reply_from,
        lambda detail: Failed("unreachable", detail=detail),
        client=client,
        poll_every=poll_every,
        sleep=sleep,
        clock=clock,
        progress=progress,
    )


def batch_of(
    items: list[tuple[str, MessageCreateParamsNonStreaming]],
    read: Callable[[Message], R],
    failed: Callable[[str], R],
    *,
    client: anthropic.Anthropic | None = None,
    poll_every: float | None = None,
    sleep: Callable[[float], None] = time.sleep,
    clock: Callable[[], float] = time.monotonic,
    progress: Callable[[MessageBatch], None] | None = None,
) -> dict[str, R]:
    """Any requests as one batch: each succeeded result through `read`, the rest `failed(why)`."""
    if poll_every is None:
        poll_every = BATCH_POLL_EVERY
    ids = [custom_id for custom_id, _ in items]
    bad = [custom_id for custom_id in ids if not _CUSTOM_ID.fullmatch(custom_id)]
    if bad:
        raise ValueError(f"batch ids must be 1-64 letters, digits, _ or -: {bad[:3]}")
    if len(set(ids)) != len(ids):
        raise ValueError("batch ids must be unique: each result is joined to its request by id")
    if not items:
        return {}
    calls = AnthropicCalls(
        client,
        timeout=BATCH_CALL_TIMEOUT,
        deadline=BATCH_CALL_DEADLINE,
        attempts=BATCH_CALL_ATTEMPTS,
        sleep=sleep,
        clock=clock,
    )
    batches = calls.client.messages.batches
    requests: list[BatchRequest] = [{"custom_id": custom_id, "params": params} for custom_id, params in items]

    def send(what: str, call: Callable[[float], T]) -> T:
        try:
            return calls.call(call)
        except ProviderUnreachable as error:
            raise BatchError(f"could not {what}: {error.detail}") from None

    def follow(batch_id: str) -> MessageBatch:
        return send("follow the batch", lambda timeout: batches.retrieve(batch_id, timeout=timeout))

    batch = send("create the batch", lambda timeout: batches.create(requests=requests, timeout=timeout))
    log.info("batch %s sent with %d requests", batch.id, len(items))
    while batch.processing_status != "ended":
        if progress is not None:
            progress(batch)
        sleep(poll_every)
        batch = follow(batch.id)
    if progress is not None:
        progress(batch)
    lines = send("read the results", lambda timeout: batches.results(batch.id, timeout=timeout))
    found: dict[str, R] = {}
    for line in lines:
        result = line.result
        if result.type == "succeeded":
            found[line.custom_id] = read(result.message)
        elif result.type == "errored":
            log.warning("batch %s: %s errored: %s", batch.id, line.custom_id, result.error.error.type)
            found[line.custom_id] = failed("errored")
        else:
            found[line.custom_id] = failed(result.type)
    return {custom_id: found[custom_id] if custom_id in found else failed("missing") for custom_id in ids}


def shown_for_questions(
    settings: Settings,
    pipeline: Pipeline,
    questions: list[dict[str, Any]],
    mode: str,
    *,
    question_only: bool = False,
    progress: Callable[[int, int], None] | None = None,
    say: Callable[[str], None] | None = None,
) -> dict[str, Shown]:
    """Every eval question's shown answer, by its id, through Message Batches.

    With an Anthropic rewriter, every question's searches in the law's words go
    first, in a batch of their own. Each question is then retrieved as the app
    would, sent in one batch under its own custom id, and its result joined back
    by that id and put through the same check. `progress(done, total)` hears how
    far the answers' batch is at each look; `say` hears what is being done.
    """
    if not settings.anthropic_api_key:
        raise BatchError("the questions go through Anthropic's Message Batches: set ANTHROPIC_API_KEY")
    client = anthropic_client(settings)
    model = answer_model(settings)
    asked: list[tuple[str, tuple[str, ...], StateLaws]] = [
        (
            validate_question(question["question"]),
            () if question_only else validate_choices(choices_of(question)),
            pipeline.laws_of(question["state"]),
        )
        for question in questions
    ]
    # First the searches in the law's words, one batch for all; a failed one is no searches.
    searches: dict[str, list[str]] = {}
    if mode == "fused" and isinstance(pipeline.rewriter, AnthropicRewriter):
        rewrites = [
            (f"r{number:06d}", rewrite_request_for(with_choices(text, choices), [], state=held.state, model=model))
            for number, (text, choices, held) in enumerate(asked)
        ]
        if say is not None:
            say(f"rewriting {len(rewrites)} questions in one batch")
        searches = batch_of(rewrites, searches_in, lambda _: [], client=client, poll_every=settings.batch_poll)
    found: dict[str, tuple[StateLaws, str, Retrieved]] = {}
    items = []
    for number, (text, choices, held) in enumerate(asked):
        made = searches.get(f"r{number:06d}")
        retrieved = pipeline.retrieve(held.state, text, mode=mode, rewrites=made, choices=choices)
        # Eval ids may hold characters a batch's custom_id may not: number them instead.
        custom = f"q{number:06d}"
        found[custom] = (held, text, retrieved)
        items.append(
            (custom, request_for(with_choices(text, choices), retrieved.laws, [], state=held.state, model=model))
        )

    def looked(batch: MessageBatch) -> None:
        if progress is not None:
            counts = batch.request_counts
            progress(counts.succeeded + counts.errored + counts.canceled + counts.expired, len(items))

    replies = batch_requests(items, client=client, progress=looked, poll_every=settings.batch_poll)
    shown: dict[str, Shown] = {}
    for number, question in enumerate(questions):
        custom = f"q{number:06d}"
        held, text, retrieved = found[custom]
        shown[question["id"]] = pipeline.shown_for(held, text, retrieved, replies[custom])
    return shown


__all__ = ["BatchError", "batch_of", "batch_requests", "shown_for_questions"]
