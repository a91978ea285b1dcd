from roadlaw.sources.pages import MAX_PASSAGES, manual_pages, on_the_page, page_text, verified_passages


def test_page_text_drops_tags_and_hidden_blocks_and_reads_entities() -> None:
    raw = (
        "<html><head><style>p{}</style><script>var x=1;</script></head><body><nav>Menu</nav>"
        "<header>Top</header><p>Do&nbsp;not park &amp; wait \u201cnear\u201d the <b>hydrant</b> .</p>"
        "<footer>Bottom</footer></body></html>"
    )
    assert page_text(raw) == 'Do not park & wait "near" the hydrant.'


def test_page_text_forgives_nothing_else() -> None:
    assert page_text("Within  15\n\tFeet") == "Within 15 Feet"
    assert page_text("it\u2019s") == "it's"


def test_on_the_page_needs_word_boundaries() -> None:
    assert not on_the_page("5 days", "you must wait 15 days")
    assert on_the_page("15 days", "you must wait 15 days")
    assert on_the_page("wait 15 days.", "you must wait 15 days. Then")
    assert not on_the_page("ait 15 days", "you must wait 15 days")
    # A later occurrence on whole words still counts.
    assert on_the_page("5 days", "15 days or 5 days")
    assert not on_the_page("", "anything")


def test_verified_passages_keeps_only_what_is_on_the_page() -> None:
    page = "<p>You must wait 15 days. You must be 16. Bring 2 documents.</p>"
    result = verified_passages(
        ["You must wait 10 days.", "You must wait 15 days.", "You must wait 15 days.", "  ", "You must be 16."],
        page,
    )
    assert result.passages == ["You must wait 15 days.", "You must be 16."]
    assert result.dropped == [("You must wait 10 days.", "not in the fetched page")]


def test_verified_passages_keeps_at_most_max() -> None:
    words = [f"word{n}" for n in range(MAX_PASSAGES + 2)]
    result = verified_passages(words, " ".join(words))
    assert result.passages == words[:MAX_PASSAGES]
    assert [reason for _, reason in result.dropped] == [f"past the first {MAX_PASSAGES}"] * 2


def test_manual_pages_split_at_markers() -> None:
    raw = "Cover\n\n-- 1 of 3 --\n\nRules here\n-- 2 of 3 --\nLast\n-- 3 of 3 --\n"
    pages = manual_pages(raw)
    assert pages[1].strip() == "Cover"
    assert pages[2].strip() == "Rules here"
    assert pages[3].strip() == "Last"
