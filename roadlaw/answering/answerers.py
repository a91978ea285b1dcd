"""The answerers that use a language model, and the choice of which one the settings make.

Each is its provider's calls (`calls.py`) with the seam's two methods
(`base.Answerer`): `answer(asked)` sends `request_for`'s request, or the same
request for chat completions, and reads the reply; `within_deadline()` is the
question's deadline, which the rewrite and the answer share.

The provider comes from the settings (`answerer_from`): ANTHROPIC_API_KEY selects
Anthropic, ROADLAW_OPENAI_BASE_URL an OpenAI-compatible server (Ollama, vLLM),
and neither means no model at all: the caller uses the extractive answer.
"""

from __future__ import annotations

import logging
from contextlib import AbstractContextManager

from roadlaw.answering.base import MODEL_BOUND, Asked, Failed, Reply, Turn
from roadlaw.answering.calls import (
    ANTHROPIC_DEFAULT_BASE_URL,
    ANTHROPIC_KEY_SETTING,
    DEFAULT_DEADLINE,
    DEFAULT_TIMEOUT,
    MIN_CALL,
    OPENAI_MODEL_SETTING,
    AnthropicCalls,
    CallPolicy,
    OpenAICalls,
    anthropic_client,
    chosen_provider,
    openai_client,
    openai_model,
    question_deadline,
)
from roadlaw.answering.request import (
    MODEL_SETTING,
    answer_model,
    chat_request_from,
    reply_from,
    reply_from_chat,
    request_for,
    with_choices,
)
from roadlaw.corpus import Law
from roadlaw.errors import ProviderUnreachable
from roadlaw.settings import Settings

log = logging.getLogger(__name__)

# Seconds, read by answerer_from: one try's timeout and one question's deadline.
TIMEOUT_SETTING = "ROADLAW_MODEL_TIMEOUT"
DEADLINE_SETTING = "ROADLAW_MODEL_DEADLINE"


def _logged(outcome: Reply | Failed, name: str) -> Reply | Failed:
    if isinstance(outcome, Failed):
        log.warning("%s asker: %s (%s)", name, outcome.why, outcome.detail or "no detail")
    return outcome


class ModelAnswerer:
    """The seam's two methods for a model answerer, over its own `__call__`."""

    policy: CallPolicy
    # A model's answer is held to the register rule's length, with room: check.MODEL_BOUND.
    bound = MODEL_BOUND

    def __call__(self, question: str, laws: list[Law], history: list[Turn], *, state: str = "") -> Reply | Failed:
        raise NotImplementedError

    def answer(self, asked: Asked) -> Reply | Failed:
        # A model reads a practice question's choices lettered under it.
        return self(with_choices(asked.question, asked.choices), asked.laws, asked.history, state=asked.state)

    def within_deadline(self) -> AbstractContextManager[None]:
        # The question's deadline: the rewrite and the answer share it.
        return question_deadline(self.policy.deadline)


class AnthropicAnswerer(AnthropicCalls, ModelAnswerer):
    """Answers through the Messages API, with the rules, the schema and the thread."""

    name = "anthropic"

    def __call__(self, question: str, laws: list[Law], history: list[Turn], *, state: str = "") -> Reply | Failed:
        request = request_for(question, laws, history, state=state, model=self.model)
        try:
            message = self.create(request)
        except ProviderUnreachable as error:
            return Failed("unreachable", detail=error.detail)
        return _logged(reply_from(message), self.name)


class OpenAIAnswerer(OpenAICalls, ModelAnswerer):
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
) -> AnthropicAnswerer | OpenAIAnswerer | None:
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
        return AnthropicAnswerer(
            anthropic_client(settings), model=answer_model(settings), timeout=timeout, deadline=deadline
        )
    if provider == "openai":
        return OpenAIAnswerer(openai_client(settings), model=openai_model(settings), timeout=timeout, deadline=deadline)
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


__all__ = [
    "AnthropicAnswerer",
    "ModelAnswerer",
    "OpenAIAnswerer",
    "answerer_from",
    "describe_provider",
]
