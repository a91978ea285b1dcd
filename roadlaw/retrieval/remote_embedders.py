"""The embedders that run on someone else's server, over HTTP.

Failures of a remote embedder, as the caller sees them:

    EmbeddingError
      ├─ the server could not be reached, or timed out (after one retry)
      ├─ it answered 4xx/5xx, or success false (5xx after one retry)
      ├─ its answer was not the JSON expected
      └─ it gave a different number of vectors than texts, or odd ones
"""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
import numpy as np

from roadlaw.errors import EmbeddingError
from roadlaw.retrieval.embedders import UNMEASURED_NEAR_ENOUGH, Embedder, Kind, Vectors, one_line

# The seed's cutoff, measured there for bge-m3. Each embedder carries its own
# (`Embedder.near_enough`): cosines are not comparable across models.
BGE_M3_NEAR_ENOUGH = 0.5

# Spelled out per phase: connecting to a service that is down should fail fast,
# while reading 100 embeddings from a busy one can take a while.
TIMEOUT = httpx.Timeout(connect=5.0, read=60.0, write=10.0, pool=5.0)

# One retry after a 5xx or a dropped connection, after this pause: a blip is
# common, a second failure in a row is an outage and waiting longer won't help.
RETRY_PAUSE = 1.0

WORKERS_AI_MODEL = "@cf/baai/bge-m3"


class _Remote(Embedder):
    """What the HTTP embedders share: a client that can be swapped, and one retry."""

    def __init__(self, client: httpx.Client | None, retry_pause: float) -> None:
        # A test passes httpx.Client(transport=httpx.MockTransport(...)) so no
        # request leaves the process.
        self._client = client if client is not None else httpx.Client(timeout=TIMEOUT)
        self._retry_pause = retry_pause

    def _post(self, url: str, headers: dict[str, str], body: dict[str, Any]) -> httpx.Response:
        try:
            response = self._client.post(url, headers=headers, json=body, timeout=TIMEOUT)
            if response.status_code < 500:
                return response
        except httpx.TransportError:
            pass
        time.sleep(self._retry_pause)
        try:
            return self._client.post(url, headers=headers, json=body, timeout=TIMEOUT)
        except httpx.TimeoutException as error:
            raise EmbeddingError(f"{self.name}: timed out twice ({type(error).__name__})") from error
        except httpx.TransportError as error:
            raise EmbeddingError(
                f"{self.name}: unreachable twice ({one_line(f'{type(error).__name__}: {error}')})"
            ) from error

    def _json(self, response: httpx.Response) -> Any:
        try:
            return response.json()
        except ValueError:
            raise EmbeddingError(
                f"{self.name}: HTTP {response.status_code}, answer is not JSON: {one_line(response.text, 120)}"
            ) from None

    def close(self) -> None:
        self._client.close()


class WorkersAIEmbedder(_Remote):
    """Cloudflare Workers AI's bge-m3 (1024 dims) over its REST API."""

    dimensions = 1024
    # The seed's, for bge-m3.
    near_enough = BGE_M3_NEAR_ENOUGH

    def __init__(
        self,
        account: str,
        token: str,
        *,
        model: str = WORKERS_AI_MODEL,
        client: httpx.Client | None = None,
        retry_pause: float = RETRY_PAUSE,
    ) -> None:
        super().__init__(client, retry_pause)
        self.name = f"workers-ai:{model}"
        self._url = f"https://api.cloudflare.com/client/v4/accounts/{account}/ai/run/{model}"
        self._token = token

    def embed_batch(self, texts: list[str], kind: Kind = "passage") -> Vectors:
        response = self._post(self._url, {"Authorization": f"Bearer {self._token}"}, {"text": texts})
        parsed = self._json(response)
        if not isinstance(parsed, dict) or not parsed.get("success") or not isinstance(parsed.get("result"), dict):
            errors = parsed.get("errors") if isinstance(parsed, dict) else parsed
            raise EmbeddingError(
                f"{self.name}: failed, HTTP {response.status_code}: {one_line(json.dumps(errors), 200)}"
            )
        data = parsed["result"].get("data")
        if not isinstance(data, list):
            raise EmbeddingError(f"{self.name}: HTTP {response.status_code}, answer has no result.data")
        return np.asarray(data, dtype=np.float32)


class OpenAIEmbedder(_Remote):
    """Any server that speaks OpenAI's /v1/embeddings: a base URL, a model, perhaps a key."""

    def __init__(
        self,
        base_url: str,
        model: str,
        api_key: str | None = None,
        *,
        near_enough: float = UNMEASURED_NEAR_ENOUGH,
        dimensions: int = 0,
        client: httpx.Client | None = None,
        retry_pause: float = RETRY_PAUSE,
    ) -> None:
        super().__init__(client, retry_pause)
        self._base = base_url.rstrip("/")
        self._model = model
        self._key = api_key
        self.name = f"openai:{model}@{self._base}"
        # Zero until the first answer says, unless the caller knows.
        self.dimensions = dimensions
        # An unmeasured model's cosines could sit anywhere; a cutoff too high
        # silently loses the law that answers, one too low costs only tokens.
        self.near_enough = near_enough

    def embed_batch(self, texts: list[str], kind: Kind = "passage") -> Vectors:
        headers = {"Authorization": f"Bearer {self._key}"} if self._key else {}
        response = self._post(f"{self._base}/embeddings", headers, {"model": self._model, "input": texts})
        parsed = self._json(response)
        if response.status_code >= 400 or not isinstance(parsed, dict) or not isinstance(parsed.get("data"), list):
            error = parsed.get("error", parsed) if isinstance(parsed, dict) else parsed
            raise EmbeddingError(
                f"{self.name}: failed, HTTP {response.status_code}: {one_line(json.dumps(error), 200)}"
            )
        # The spec does not promise the order of `data`; `index` is what ties a
        # vector to its text.
        items = sorted(parsed["data"], key=lambda item: int(item["index"]))
        return np.asarray([item["embedding"] for item in items], dtype=np.float32)
