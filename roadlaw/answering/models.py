"""Askers that use a language model, the policy every call keeps, and the choice of provider.

How one provider call can end, drawn once:

    a message ................................ read by reply_from / reply_from_chat
    429, 5xx, 529, timeout, no connection .... wait (retry-after, else backoff) and try
                                               again while tries and the question's
                                               deadline last; then `unreachable`
    401, 403: the key is refused ............. `unreachable` at once, one line logged
    400 "credit balance", 402 ................ `unreachable` at once, one line logged
    any other 4xx ............................ `unreachable` at once: resending cannot help
    anything else thrown ..................... `unreachable` at once

`unreachable` keeps its reason in `Failed.detail`; the SDKs' own retries are
switched off so that the deadline covers every try and a test can count them.

The provider comes from the environment (`answerer_from`, given the Settings): ANTHROPIC_API_KEY
selects Anthropic, ROADLAW_OPENAI_BASE_URL an OpenAI-compatible server (Ollama,
vLLM), and neither means no model at all: the caller uses the extractive asker.
"""

from __future__ import annotations

import email.utils
import logging
import re
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from roadlaw.answering.base import Asked, Failed, Reply, Turn
from roadlaw.answering.request import (
    DEFAULT_MODEL,
    MODEL_SETTING,
    answer_model,
    reply_from,
    reply_from_text,
    request_for,
    with_choices,
)
from roadlaw.corpus import Law
from roadlaw.errors import BatchError, ProviderUnreachable
from roadlaw.settings import OPENAI_KEY_SETTINGS, Settings

if TYPE_CHECKING:
    import anthropic
    import openai
    from anthropic.types import Message
    from anthropic.types.message_create_params import MessageCreateParamsNonStreaming
    from anthropic.types.messages import MessageBatch
    from anthropic.types.messages.batch_create_params import Request as BatchRequest
    from openai.types.chat import ChatCompletion, ChatCompletionMessageParam
    from openai.types.chat.completion_create_params import CompletionCreateParamsNonStreaming

log = logging.getLogger(__name__)

T = TypeVar("T")

# One try: two sentences come back in a few seconds, so half a minute is a stuck call.
DEFAULT_TIMEOUT = 30.0
# One question, every try and wait included: a learner kept waiting longer has gone.
DEFAULT_DEADLINE = 60.0
DEFAULT_ATTEMPTS = 4
# Backoff when the server names no wait: 0.5 s, 1 s, 2 s, ... up to LAST_BACKOFF.
FIRST_BACKOFF = 0.5
LAST_BACKOFF = 8.0
# A try begun with less time than this left cannot come back before the deadline.
MIN_CALL = 1.0
# A reachability check is one quick try, not a question's worth of patience.
PING_TIMEOUT = 10.0

# Seconds, read by answerer_from: one try's timeout and one question's deadline.
TIMEOUT_SETTING = "ROADLAW_MODEL_TIMEOUT"
DEADLINE_SETTING = "ROADLAW_MODEL_DEADLINE"

ANTHROPIC_KEY_SETTING = "ANTHROPIC_API_KEY"
ANTHROPIC_DEFAULT_BASE_URL = "https://api.anthropic.com"

OPENAI_BASE_URL_SETTING = "ROADLAW_OPENAI_BASE_URL"
OPENAI_MODEL_SETTING = "ROADLAW_OPENAI_MODEL"
# Ollama's name for a small instruction model that follows a JSON schema; a vLLM
# server serves one model by its own name, so set ROADLAW_OPENAI_MODEL there.
DEFAULT_OPENAI_MODEL = "llama3.1"
# Local servers ignore the key, but the SDK will not start without one.
PLACEHOLDER_KEY = "not-needed"

# Overrides the choice the keys would make: anthropic, openai, or none (no model).
PROVIDER_SETTING = "ROADLAW_PROVIDER"


@dataclass(frozen=True)
class CallPolicy:
    """How long one try may take, how long a question may take, and how waiting is done."""

    timeout: float = DEFAULT_TIMEOUT
    deadline: float = DEFAULT_DEADLINE
    attempts: int = DEFAULT_ATTEMPTS
    # Injectable so a test can see every wait and pass no real time.
    sleep: Callable[[float], None] = time.sleep
    clock: Callable[[], float] = time.monotonic

    def backoff(self, retry: int) -> float:
        """The wait before retry number `retry` (1, 2, ...) when the server names none."""
        return float(min(FIRST_BACKOFF * 2 ** (retry - 1), LAST_BACKOFF))


@dataclass(frozen=True)
class _Verdict:
    retry: bool
    detail: str
    wait: float | None = None


def _error_fields(error: BaseException) -> tuple[str, str]:
    """The provider's own sentence about an error, short enough for one log line, and its
    machine-readable names (error type, code) joined, for telling a spent budget apart."""
    body = getattr(error, "body", None)
    message: object = None
    names: list[str] = []
    if isinstance(body, dict):
        # Anthropic's SDK keeps the whole body; OpenAI's keeps only what was under "error".
        inner = body.get("error")
        if not isinstance(inner, dict):
            inner = body
        message = inner.get("message")
        details = inner.get("details")
        code = details.get("error_code") if isinstance(details, dict) else None
        names = [str(each) for each in (inner.get("type"), inner.get("code"), code) if each]
    text = message if isinstance(message, str) and message else str(error)
    return " ".join(text.split())[:200], " ".join(names)


# What a spent budget is called: Anthropic's billing error and spend limits (which can
# come as a 429), OpenAI's exhausted quota (a 429 too), and Anthropic's 400 wording.
_SPENT = ("billing_error", "spend_limit", "insufficient_quota", "credit balance")


def retry_after(headers: Mapping[str, str] | None, now: Callable[[], float] = time.time) -> float | None:
    """The wait a server asked for, in seconds, from retry-after-ms or retry-after."""
    if headers is None:
        return None
    for name, scale in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
        value = headers.get(name)
        if value is None:
            continue
        try:
            return max(0.0, float(value) * scale)
        except ValueError:
            pass
        if name == "retry-after":
            try:
                when = email.utils.parsedate_to_datetime(value)
            except (TypeError, ValueError):
                continue
            return max(0.0, when.timestamp() - now())
    return None


def _verdict(
    error: BaseException,
    provider: str,
    key_setting: str,
    transient: tuple[type[BaseException], ...],
) -> _Verdict:
    status = getattr(error, "status_code", None)
    if isinstance(status, int):
        message, names = _error_fields(error)
        if status in (401, 403):
            return _Verdict(False, f"{provider} refused the API key ({status}): check {key_setting}")
        said = f"{names} {message}".lower()
        if status == 402 or (400 <= status < 500 and any(word in said for word in _SPENT)):
            return _Verdict(False, f"{provider} account has no credit left ({status}): add credit or use another key")
        if status == 429 or status >= 500:
            response = getattr(error, "response", None)
            return _Verdict(True, f"{provider} answered {status}", retry_after(getattr(response, "headers", None)))
        if status < 400:
            return _Verdict(False, f"{provider} answered {status} with a body the SDK could not read")
        return _Verdict(False, f"{provider} rejected the request ({status}): {message}")
    if isinstance(error, transient):
        return _Verdict(True, f"{provider} could not be reached ({type(error).__name__})")
    return _Verdict(False, f"{provider} call failed: {type(error).__name__}: {error}")


# Seconds left of the question being answered, when one is: the rewrite and the
# answer share the question's deadline instead of each having its own in turn.
_QUESTION_LEFT: ContextVar[Callable[[], float] | None] = ContextVar("question_left", default=None)


@contextmanager
def question_deadline(seconds: float) -> Iterator[None]:
    """Every model call made inside ends within `seconds` of now, whatever its own deadline."""
    ends = time.monotonic() + seconds
    token = _QUESTION_LEFT.set(lambda: ends - time.monotonic())
    try:
        yield
    finally:
        _QUESTION_LEFT.reset(token)


def call_within(
    policy: CallPolicy,
    send: Callable[[float], T],
    *,
    provider: str,
    key_setting: str,
    transient: tuple[type[BaseException], ...],
) -> T:
    """`send(timeout)` under the policy: its result, or ProviderUnreachable with the reason."""
    # Measured as seconds left, so a policy's own clock (a test's) and the question's agree.
    question_left = _QUESTION_LEFT.get()
    shared = question_left is not None and question_left() < policy.deadline
    deadline = max(0.0, question_left()) if shared and question_left is not None else policy.deadline
    said = "the question's deadline" if shared else f"the deadline of {policy.deadline:g}s"
    ends = policy.clock() + deadline
    attempts = max(1, policy.attempts)
    for attempt in range(1, attempts + 1):
        left = ends - policy.clock()
        if left < MIN_CALL:
            detail = f"{provider}: {said} ran out"
            log.error(detail)
            raise ProviderUnreachable(detail)
        try:
            return send(min(policy.timeout, left))
        # Whatever an SDK throws, the asker's caller gets a named failure, not an exception.
        except Exception as error:
            verdict = _verdict(error, provider, key_setting, transient)
        if not verdict.retry:
            log.error(verdict.detail)
            raise ProviderUnreachable(verdict.detail)
        if attempt == attempts:
            detail = f"{verdict.detail}; gave up after {attempts} tries"
            log.error(detail)
            raise ProviderUnreachable(detail)
        wait = verdict.wait if verdict.wait is not None else policy.backoff(attempt)
        # Retrying sooner than the server asked would only be refused again, so a
        # wait that does not fit before the deadline ends the question now.
        if policy.clock() + wait + MIN_CALL > ends:
            detail = f"{verdict.detail}; a wait of {wait:g}s would pass {said}"
            log.error(detail)
            raise ProviderUnreachable(detail)
        log.warning("%s; trying again in %gs (try %d of %d)", verdict.detail, wait, attempt + 1, attempts)
        policy.sleep(wait)
    raise AssertionError("the loop returns or raises")  # pragma: no cover


def _logged(outcome: Reply | Failed, name: str) -> Reply | Failed:
    if isinstance(outcome, Failed):
        log.warning("%s asker: %s (%s)", name, outcome.why, outcome.detail or "no detail")
    return outcome


# -- Anthropic ---------------------------------------------------------------------------


def anthropic_client(settings: Settings) -> anthropic.Anthropic:
    """A client from the settings, retries off: ours keep the deadline."""
    import anthropic

    return anthropic.Anthropic(
        api_key=settings.anthropic_api_key or None,
        base_url=settings.anthropic_base_url or None,
        max_retries=0,
    )


def policy_of(
    calls: AnthropicCalls | OpenAICalls,
    timeout: float,
    deadline: float | None,
    attempts: int | None,
    sleep: Callable[[float], None],
    clock: Callable[[], float],
) -> CallPolicy:
    """The call policy asked for, with the caller's class's own defaults where none was given."""
    return CallPolicy(
        timeout=timeout,
        deadline=calls.default_deadline if deadline is None else deadline,
        attempts=calls.default_attempts if attempts is None else attempts,
        sleep=sleep,
        clock=clock,
    )


class AnthropicCalls:
    """An Anthropic client held to a CallPolicy; the asker, the rewriter and the batch share it."""

    provider = "anthropic"
    key_setting = ANTHROPIC_KEY_SETTING
    # A question's deadline over every try, and how many tries: an asker's unless a subclass says.
    default_deadline = DEFAULT_DEADLINE
    default_attempts = DEFAULT_ATTEMPTS

    def __init__(
        self,
        client: anthropic.Anthropic | None = None,
        *,
        model: str | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        deadline: float | None = None,
        attempts: int | None = None,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        import anthropic

        given = client if client is not None else anthropic_client(Settings())
        self.client = given.with_options(max_retries=0)
        self.model = model or answer_model()
        self.policy = policy_of(self, timeout, deadline, attempts, sleep, clock)
        self._transient: tuple[type[BaseException], ...] = (anthropic.APIConnectionError,)

    @property
    def base_url(self) -> str:
        return str(self.client.base_url)

    def call(self, send: Callable[[float], T], policy: CallPolicy | None = None) -> T:
        """`send(timeout)` under this asker's policy; ProviderUnreachable when it gives up."""
        return call_within(
            policy or self.policy,
            send,
            provider=self.provider,
            key_setting=self.key_setting,
            transient=self._transient,
        )

    def create(self, request: MessageCreateParamsNonStreaming) -> Message:
        return self.call(lambda timeout: self.client.messages.create(**request, timeout=timeout))

    def ping(self) -> tuple[bool, str]:
        """Whether the key works and the model is there: one small GET, no tokens spent."""
        once = CallPolicy(timeout=PING_TIMEOUT, deadline=PING_TIMEOUT, attempts=1)
        try:
            self.call(lambda timeout: self.client.models.retrieve(self.model, timeout=timeout), once)
        except ProviderUnreachable as error:
            return False, error.detail
        return True, f"reached {self.base_url}: the key works and {self.model} is there"


class ModelAnswerer:
    """The seam's two methods for a model answerer, over its own `__call__`."""

    policy: CallPolicy

    def __call__(self, question: str, laws: list[Law], history: list[Turn], *, state: str = "") -> Reply | Failed:
        raise NotImplementedError

    def answer(self, asked: Asked) -> Reply | Failed:
        # A model reads a practice question's choices lettered under it.
        return self(with_choices(asked.question, asked.choices), asked.laws, asked.history, state=asked.state)

    def within_deadline(self) -> AbstractContextManager[None]:
        # The question's deadline: the rewrite and the answer share it.
        return question_deadline(self.policy.deadline)


class AnthropicAsker(AnthropicCalls, ModelAnswerer):
    """Answers through the Messages API, with the rules, the schema and the thread."""

    name = "anthropic"

    def __call__(self, question: str, laws: list[Law], history: list[Turn], *, state: str = "") -> Reply | Failed:
        request = request_for(question, laws, history, state=state, model=self.model)
        try:
            message = self.create(request)
        except ProviderUnreachable as error:
            return Failed("unreachable", detail=error.detail)
        return _logged(reply_from(message), self.name)


# -- OpenAI-compatible -------------------------------------------------------------------


def openai_key(settings: Settings) -> str:
    """The key setting that is set, else a placeholder a local server accepts."""
    return settings.openai_api_key or PLACEHOLDER_KEY


def openai_model(settings: Settings) -> str:
    return settings.openai_model or DEFAULT_OPENAI_MODEL


def openai_client(settings: Settings) -> openai.OpenAI:
    """A client for the configured server, retries off: ours keep the deadline."""
    import openai

    return openai.OpenAI(
        base_url=settings.openai_base_url or None,
        api_key=openai_key(settings),
        max_retries=0,
    )


def _plain(content: object) -> str:
    """A message's content as text: a string as it is, text blocks joined."""
    if isinstance(content, str):
        return content
    if isinstance(content, Iterable):
        return "".join(str(block.get("text", "")) for block in content if isinstance(block, Mapping))
    return ""


def chat_request_from(
    request: MessageCreateParamsNonStreaming, *, model: str, schema_name: str
) -> CompletionCreateParamsNonStreaming:
    """The same request for chat completions: the rules as the system message, the same turns.

    Made from `request_for`'s output rather than built again, so the two providers
    cannot be sent different rules, laws or threads.
    """
    messages: list[ChatCompletionMessageParam] = [{"role": "system", "content": _plain(request.get("system", ""))}]
    for message in request["messages"]:
        text = _plain(message["content"])
        if message["role"] == "assistant":
            messages.append({"role": "assistant", "content": text})
        else:
            messages.append({"role": "user", "content": text})
    shape = (request.get("output_config") or {}).get("format")
    schema = dict(shape["schema"]) if shape else {}
    return {
        "model": model,
        # max_tokens rather than max_completion_tokens: the local servers this is
        # for (Ollama, vLLM) all read it.
        "max_tokens": request["max_tokens"],
        "messages": messages,
        "response_format": {
            "type": "json_schema",
            "json_schema": {"name": schema_name, "schema": schema, "strict": True},
        },
    }


_FENCE = re.compile(r"^\s*```(?:json)?\s*(.*?)\s*```\s*$", re.S)


def chat_text(completion: ChatCompletion) -> str | None:
    """The first choice's text, unwrapped from a code fence some local models add; None if refused."""
    choice = completion.choices[0]
    if choice.finish_reason == "content_filter" or choice.message.refusal:
        return None
    text = choice.message.content or ""
    fenced = _FENCE.match(text)
    return fenced.group(1) if fenced else text


def reply_from_chat(completion: ChatCompletion) -> Reply | Failed:
    """What a chat completion is read as: a reply in the fixed shape, or why not."""
    if not completion.choices:
        return Failed("unparsed", detail="no choices")
    text = chat_text(completion)
    if text is None:
        return Failed("refused", detail="the model or its content filter declined")
    return reply_from_text(text)


class OpenAICalls:
    """An OpenAI-compatible client held to a CallPolicy; shared by the asker and the rewriter."""

    provider = "openai-compatible"
    key_setting = OPENAI_KEY_SETTINGS[0]
    default_deadline = DEFAULT_DEADLINE
    default_attempts = DEFAULT_ATTEMPTS

    def __init__(
        self,
        client: openai.OpenAI | None = None,
        *,
        model: str | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        deadline: float | None = None,
        attempts: int | None = None,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        import openai

        given = client if client is not None else openai_client(Settings())
        self.client = given.with_options(max_retries=0)
        self.model = model or DEFAULT_OPENAI_MODEL
        self.policy = policy_of(self, timeout, deadline, attempts, sleep, clock)
        self._transient: tuple[type[BaseException], ...] = (openai.APIConnectionError,)

    @property
    def base_url(self) -> str:
        return str(self.client.base_url)

    def call(self, send: Callable[[float], T], policy: CallPolicy | None = None) -> T:
        """`send(timeout)` under this asker's policy; ProviderUnreachable when it gives up."""
        return call_within(
            policy or self.policy,
            send,
            provider=self.provider,
            key_setting=self.key_setting,
            transient=self._transient,
        )

    def create(self, request: CompletionCreateParamsNonStreaming) -> ChatCompletion:
        return self.call(lambda timeout: self.client.chat.completions.create(**request, timeout=timeout))

    def ping(self) -> tuple[bool, str]:
        """Whether the server answers and serves the model: one list of models, no tokens spent."""
        once = CallPolicy(timeout=PING_TIMEOUT, deadline=PING_TIMEOUT, attempts=1)
        try:
            served = self.call(lambda timeout: [each.id for each in self.client.models.list(timeout=timeout)], once)
        except ProviderUnreachable as error:
            return False, error.detail
        # Ollama lists "llama3.1:latest" for what is asked for as "llama3.1".
        names = {name.removesuffix(":latest") for name in served}
        if self.model.removesuffix(":latest") not in names:
            listed = ", ".join(sorted(served)[:10]) or "none"
            return False, f"reached {self.base_url}, but it does not serve {self.model} (it serves: {listed})"
        return True, f"reached {self.base_url}: it serves {self.model}"


class OpenAIAsker(OpenAICalls, ModelAnswerer):
    """Answers through chat completions with the same rules, schema and thread."""

    name = "openai"

    def __call__(self, question: str, laws: list[Law], history: list[Turn], *, state: str = "") -> Reply | Failed:
        request = chat_request_from(
            request_for(question, laws, history, state=state, model=self.model),
            model=self.model,
            schema_name="answer",
        )
        try:
            completion = self.create(request)
        except ProviderUnreachable as error:
            return Failed("unreachable", detail=error.detail)
        return _logged(reply_from_chat(completion), self.name)


# -- choosing the provider ---------------------------------------------------------------


def chosen_provider(settings: Settings) -> tuple[str, str]:
    """The provider ("anthropic", "openai" or "none") and the setting that decided it."""
    forced = settings.provider or ""
    if forced in ("anthropic", "openai", "none"):
        return forced, f"{PROVIDER_SETTING}={forced}"
    if forced:
        log.warning("%s=%r is not anthropic, openai or none; ignoring it", PROVIDER_SETTING, forced)
    if settings.anthropic_api_key:
        return "anthropic", f"{ANTHROPIC_KEY_SETTING} is set"
    if settings.openai_base_url:
        return "openai", f"{OPENAI_BASE_URL_SETTING} is set"
    return "none", f"neither {ANTHROPIC_KEY_SETTING} nor {OPENAI_BASE_URL_SETTING} is set"


def at_least(seconds: float | None, default: float, least: float, setting: str) -> float:
    """A setting in seconds, `default` when unset, raised to `least` (said in the log) when under it."""
    if seconds is None:
        return default
    if seconds < least:
        log.warning("%s=%g is under %g seconds; using %g", setting, seconds, least, least)
        return least
    return seconds


def answerer_from(
    settings: Settings,
    *,
    timeout: float | None = None,
    deadline: float | None = None,
) -> AnthropicAsker | OpenAIAsker | None:
    """The model answerer the settings choose, or None: then the caller answers without a model.

    A timeout or deadline given here wins over ROADLAW_MODEL_TIMEOUT and
    ROADLAW_MODEL_DEADLINE, which win over the defaults. A deadline under MIN_CALL
    would leave no time for a single try, so it is raised to MIN_CALL.
    """
    if timeout is None:
        timeout = at_least(settings.model_timeout, DEFAULT_TIMEOUT, 0.001, TIMEOUT_SETTING)
    if deadline is None:
        deadline = at_least(settings.model_deadline, DEFAULT_DEADLINE, MIN_CALL, DEADLINE_SETTING)
    provider, _ = chosen_provider(settings)
    if provider == "anthropic":
        return AnthropicAsker(
            anthropic_client(settings), model=answer_model(settings), timeout=timeout, deadline=deadline
        )
    if provider == "openai":
        return OpenAIAsker(openai_client(settings), model=openai_model(settings), timeout=timeout, deadline=deadline)
    return None


def describe_provider(settings: Settings) -> dict[str, str | None]:
    """What would answer, and with what, for `doctor`: read from the settings, no call made."""
    provider, why = chosen_provider(settings)
    if provider == "anthropic":
        return {
            "answerer": "anthropic",
            "chosen_by": why,
            "model": answer_model(settings),
            "model_setting": MODEL_SETTING,
            "base_url": settings.anthropic_base_url or ANTHROPIC_DEFAULT_BASE_URL,
            "key": f"set ({ANTHROPIC_KEY_SETTING})"
            if settings.anthropic_api_key
            else "not set: the SDK looks for a profile",
        }
    if provider == "openai":
        named = settings.openai_api_key_from if settings.openai_api_key else None
        return {
            "answerer": "openai",
            "chosen_by": why,
            "model": openai_model(settings),
            "model_setting": OPENAI_MODEL_SETTING,
            "base_url": settings.openai_base_url or "the SDK's default",
            "key": f"set ({named})" if named else "placeholder: none set, which a local server accepts",
        }
    return {
        "answerer": "extractive",
        "chosen_by": why,
        "model": None,
        "model_setting": None,
        "base_url": None,
        "key": None,
    }


# -- batch measurement (Chapter 11) ------------------------------------------------------

# A batch takes minutes to hours; asking more often than this only spends requests.
BATCH_POLL_EVERY = 30.0
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
    `poll_every` seconds (the CLI passes ROADLAW_BATCH_POLL), else BATCH_POLL_EVERY.
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


R = TypeVar("R")


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


__all__ = [
    "DEFAULT_MODEL",
    "AnthropicAsker",
    "AnthropicCalls",
    "BatchError",
    "CallPolicy",
    "OpenAIAsker",
    "OpenAICalls",
    "ProviderUnreachable",
    "answerer_from",
    "batch_requests",
    "call_within",
    "chat_request_from",
    "chosen_provider",
    "describe_provider",
    "reply_from_chat",
    "retry_after",
]
