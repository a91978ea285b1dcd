"""The policy every model call keeps, and the calls to each provider held to it.

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

`ProviderCalls` is one client held to a `CallPolicy`; `AnthropicCalls` and
`OpenAICalls` say only what differs: the client, the errors worth another try,
the create call and the reachability check. The answerers, the rewriters and
the batch are built on them. Which provider the settings choose is here too
(`chosen_provider`): an answerer and a rewriter always use the same one.
"""

from __future__ import annotations

import email.utils
import logging
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, Protocol, Self, TypeVar

from roadlaw.answering.request import answer_model
from roadlaw.errors import ProviderUnreachable
from roadlaw.settings import OPENAI_KEY_SETTINGS, Settings

if TYPE_CHECKING:
    import anthropic
    import openai
    from anthropic.types import Message
    from anthropic.types.message_create_params import MessageCreateParamsNonStreaming
    from openai.types.chat import ChatCompletion
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

ANTHROPIC_KEY_SETTING = "ANTHROPIC_API_KEY"
ANTHROPIC_BASE_URL_SETTING = "ANTHROPIC_BASE_URL"
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


# -- the clients -------------------------------------------------------------------------


def anthropic_client(settings: Settings) -> anthropic.Anthropic:
    """A client from the settings, retries off: ours keep the deadline."""
    import anthropic

    return anthropic.Anthropic(
        api_key=settings.anthropic_api_key or None,
        base_url=settings.anthropic_base_url or None,
        max_retries=0,
    )


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


# -- the calls ---------------------------------------------------------------------------


class Client(Protocol):
    """What the calls need of either SDK's client."""

    @property
    def base_url(self) -> object: ...

    def with_options(self, *, max_retries: int) -> Self: ...


ClientT = TypeVar("ClientT", bound=Client)
RequestT = TypeVar("RequestT")
ResponseT = TypeVar("ResponseT")


class ProviderCalls(Generic[ClientT, RequestT, ResponseT]):
    """One provider's client held to a CallPolicy; the asker, the rewriter and the batch share it.

    A subclass says what differs between providers: `new_client`, `default_model`,
    `transient` (the errors worth another try), `send` (the create call) and
    `reach` (the reachability check).
    """

    provider: str
    key_setting: str
    # A question's deadline over every try, and how many tries: an asker's unless a subclass says.
    default_deadline = DEFAULT_DEADLINE
    default_attempts = DEFAULT_ATTEMPTS

    def __init__(
        self,
        client: ClientT | None = None,
        *,
        model: str | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        deadline: float | None = None,
        attempts: int | None = None,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        given = client if client is not None else self.new_client()
        self.client: ClientT = given.with_options(max_retries=0)
        self.model = model or self.default_model()
        self.policy = CallPolicy(
            timeout=timeout,
            deadline=self.default_deadline if deadline is None else deadline,
            attempts=self.default_attempts if attempts is None else attempts,
            sleep=sleep,
            clock=clock,
        )
        self._transient = self.transient()

    def new_client(self) -> ClientT:
        """A client of the SDK's own finding, when none is given."""
        raise NotImplementedError

    def default_model(self) -> str:
        raise NotImplementedError

    def transient(self) -> tuple[type[BaseException], ...]:
        """The SDK's errors that another try may get past (no connection, a timeout)."""
        raise NotImplementedError

    def send(self, request: RequestT, timeout: float) -> ResponseT:
        """One try of the create call."""
        raise NotImplementedError

    def reach(self, policy: CallPolicy) -> tuple[bool, str]:
        """The reachability check under `policy`: whether the model is there, and a line on it."""
        raise NotImplementedError

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

    def create(self, request: RequestT) -> ResponseT:
        return self.call(lambda timeout: self.send(request, timeout))

    def ping(self) -> tuple[bool, str]:
        """Whether the key works and the model is there: one quick try that spends no tokens."""
        try:
            return self.reach(CallPolicy(timeout=PING_TIMEOUT, deadline=PING_TIMEOUT, attempts=1))
        except ProviderUnreachable as error:
            return False, error.detail


class AnthropicCalls(ProviderCalls["anthropic.Anthropic", "MessageCreateParamsNonStreaming", "Message"]):
    """Calls to the Messages API."""

    provider = "anthropic"
    key_setting = ANTHROPIC_KEY_SETTING

    def new_client(self) -> anthropic.Anthropic:
        return anthropic_client(Settings())

    def default_model(self) -> str:
        return answer_model()

    def transient(self) -> tuple[type[BaseException], ...]:
        import anthropic

        return (anthropic.APIConnectionError,)

    def send(self, request: MessageCreateParamsNonStreaming, timeout: float) -> Message:
        return self.client.messages.create(**request, timeout=timeout)

    def reach(self, policy: CallPolicy) -> tuple[bool, str]:
        # One small GET of the model: the key works and the model is there.
        found = self.call(lambda timeout: self.client.models.retrieve(self.model, timeout=timeout), policy)
        if not isinstance(getattr(found, "id", None), str):
            # A proxy's or a captive portal's page, which the SDK hands back as it is.
            return False, f"reached {self.base_url}, but what answered is not the Messages API"
        return True, f"reached {self.base_url}: the key works and {self.model} is there"


class OpenAICalls(ProviderCalls["openai.OpenAI", "CompletionCreateParamsNonStreaming", "ChatCompletion"]):
    """Calls to an OpenAI-compatible server's chat completions."""

    provider = "openai-compatible"
    key_setting = OPENAI_KEY_SETTINGS[0]

    def new_client(self) -> openai.OpenAI:
        return openai_client(Settings())

    def default_model(self) -> str:
        return DEFAULT_OPENAI_MODEL

    def transient(self) -> tuple[type[BaseException], ...]:
        import openai

        return (openai.APIConnectionError,)

    def send(self, request: CompletionCreateParamsNonStreaming, timeout: float) -> ChatCompletion:
        return self.client.chat.completions.create(**request, timeout=timeout)

    def reach(self, policy: CallPolicy) -> tuple[bool, str]:
        # One list of the models served: the server answers and serves this one.
        served = self.call(lambda timeout: [each.id for each in self.client.models.list(timeout=timeout)], policy)
        # Ollama lists "llama3.1:latest" for what is asked for as "llama3.1".
        names = {name.removesuffix(":latest") for name in served}
        if self.model.removesuffix(":latest") not in names:
            listed = ", ".join(sorted(served)[:10]) or "none"
            return False, f"reached {self.base_url}, but it does not serve {self.model} (it serves: {listed})"
        return True, f"reached {self.base_url}: it serves {self.model}"


__all__ = [
    "AnthropicCalls",
    "CallPolicy",
    "OpenAICalls",
    "ProviderCalls",
    "ProviderUnreachable",
    "anthropic_client",
    "call_within",
    "chosen_provider",
    "openai_client",
    "question_deadline",
    "retry_after",
]
