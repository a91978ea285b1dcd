from roadlaw.retrieval.fuse import RRF_K, Search, fuse, retrieve


def test_fuse_adds_reciprocal_ranks() -> None:
    assert fuse([["a", "b", "c"], ["b"]]) == ["b", "a", "c"]
    # 1/63 + 1/61 is more than 2/62: a law first on one list and third on another leads one second on both.
    assert fuse([["a", "b", "c"], ["c", "b"]]) == ["c", "b", "a"]
    assert RRF_K == 60


def test_fuse_breaks_ties_by_id() -> None:
    assert fuse([["b", "a"], ["a", "b"]]) == ["a", "b"]
    assert fuse([["z"], ["y"]]) == ["y", "z"]


RANKED = {"hydrant": ["L3", "L1", "L2"], "plug": ["L2"]}


def words(text: str, limit: int) -> list[str]:
    calls.append((text, limit))
    return RANKED.get(text, [])[:limit]


calls: list[tuple[str, int]] = []


def test_with_nothing_to_fuse_it_is_bm25_alone_exactly() -> None:
    calls.clear()
    assert retrieve(words, {"L1", "L2", "L3"}, "hydrant", 2) == ["L3", "L1"]
    assert calls == [("hydrant", 2)]
    # Nearest ids the table no longer holds count as no nearest ids at all.
    assert retrieve(words, {"L1", "L2", "L3"}, "hydrant", 2, near=["GONE"]) == ["L3", "L1"]


def test_fused_asks_bm25_for_twice_the_count_and_drops_unknown_ids() -> None:
    calls.clear()
    fused = retrieve(words, {"L1", "L2", "L3"}, "hydrant", 2, near=["GONE", "L2"])
    assert calls == [("hydrant", 4)]
    assert fused == ["L2", "L3"]
    assert "GONE" not in retrieve(words, {"L1", "L2", "L3"}, "hydrant", 8, near=["GONE", "L2"])


def test_each_search_adds_its_own_two_rankings() -> None:
    fused = retrieve(words, {"L1", "L2", "L3"}, "hydrant", 3, searches=[Search("plug", ["L2", "GONE"])])
    assert fused[0] == "L2"
    assert set(fused) == {"L1", "L2", "L3"}
