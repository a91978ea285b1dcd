"""Loading rejects bad cards with one line: the file, the id, what is wrong and the fix."""

from pathlib import Path

import pytest

from roadlaw.corpus import load_card_file, load_cards, quote_of, reference_of
from roadlaw.errors import BadCards

GOOD = """
[[law]]
id = "MD-S01"
kind = "statute"
law = "You may not park within 15 feet of a fire hydrant."
question = "How close to a hydrant can I park?"
citation = "Maryland Transportation Article §21-1003 — \\"A person may not stand or park a vehicle within 15 feet of a fire hydrant.\\""
url = "https://example.org"
"""


def write(tmp_path: Path, text: str, name: str = "MD.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_good_card_loads(tmp_path: Path) -> None:
    [law] = load_card_file(write(tmp_path, GOOD))
    assert law.id == "MD-S01" and law.state == "MD" and law.kind == "statute"
    assert law.reference == "Maryland Transportation Article §21-1003"
    assert law.quote.startswith("A person may not") and law.text == law.quote


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda text: text + text, "MD-S01 is used twice"),
        (lambda text: text.replace('kind = "statute"', 'kind = "rumour"'), "unknown kind 'rumour'"),
        (lambda text: text.replace('id = "MD-S01"', 'id = "TX-S01"'), "TX-S01 is not an id of this file's state"),
        (
            lambda text: text.replace('law = "You may not park within 15 feet of a fire hydrant."', 'law = "  "'),
            "empty law",
        ),
        (
            lambda text: text.replace('question = "How close to a hydrant can I park?"', 'question = ""'),
            "empty question",
        ),
        (lambda text: text.replace(' — \\"A person', " A person"), "citation without quoted words"),
        (lambda text: text.replace("[[law]]", "[[law]\n"), "is not valid TOML"),
    ],
)
def test_a_bad_card_is_one_line_naming_file_id_and_fix(tmp_path: Path, change, said: str) -> None:  # type: ignore[no-untyped-def]
    path = write(tmp_path, change(GOOD))
    with pytest.raises(BadCards) as raised:
        load_card_file(path)
    message = str(raised.value)
    assert "\n" not in message
    assert str(path) in message and said in message


def test_the_committed_cards_load() -> None:
    cards = load_cards()
    assert len(cards.of("MD")) >= 30 and len(cards.of("TX")) >= 30
    for laws in cards.by_state.values():
        for law in laws:
            assert law.quote and law.reference and law.url.startswith("https://")


def test_reference_and_quote() -> None:
    citation = 'Manual, p. 3 — "Stop."'
    assert reference_of(citation) == "Manual, p. 3"
    assert quote_of(citation) == "Stop."
    assert quote_of("Manual, p. 3") == ""
