"""Replay reads a deal's decisions from the writer's bytes in place: it finds each decision where
``bytes.split`` on ``},{"player":`` would, eight bytes at a time, and looks its text up by a
hash of its words in a table it compares word by word. Whatever the bytes (a ``}`` at any offset
inside a name, the separator's text escaped in a name, texts that collide in a small table, bytes
that are not JSON), what it reads is what the split and a decode of each piece read."""

from __future__ import annotations

from typing import Any

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pontoon_cli.logformat import moves
from pontoon_cli.logformat.moves import FIRST_MOVE, NEXT_MOVE, MoveReader, read_move


def split_read(body: bytes) -> list[Any] | None:
    """The decisions as a split of the body and a decode of each piece read them."""
    if not body:
        return []
    if not body.startswith(FIRST_MOVE) or not body.endswith(b"}"):
        return None
    found = []
    for text in body[len(FIRST_MOVE) : -1].split(NEXT_MOVE):
        move = read_move(text)
        if move is None:
            return None
        found.append(move)
    return found


def body_of(decisions: list[dict[str, Any]]) -> bytes:
    return b",".join(orjson.dumps(d) for d in decisions)


NAMES = st.text(alphabet='}{,":\\plyer aé1', min_size=1, max_size=20)
DECISIONS = st.lists(
    st.fixed_dictionaries(
        {"player": NAMES, "hand": st.integers(1, 4), "action": st.sampled_from(["hit", "stick"])},
        optional={"amount": st.integers(-(2**53) + 1, 2**53 - 1)},
    ).map(lambda d: {k: d[k] for k in ("player", "hand", "action", "amount") if k in d}),
    max_size=12,
)


def test_the_separators_words_are_its_bytes() -> None:
    assert int.from_bytes(NEXT_MOVE[1:5], "little") == moves._SEPARATOR_4
    assert int.from_bytes(NEXT_MOVE[5:9], "little") == moves._SEPARATOR_8
    assert int.from_bytes(NEXT_MOVE[9:11], "little") == moves._SEPARATOR_10
    assert bytes([moves._COLON, moves._BRACE]) == NEXT_MOVE[11:] + NEXT_MOVE[:1]
    assert int.from_bytes(b"}" * 4, "little") == moves._BRACES


@settings(max_examples=300, deadline=None)
@given(DECISIONS)
def test_the_writers_decisions_are_read_as_a_split_reads_them(decisions: list[Any]) -> None:
    """Names holding braces, commas, quotes and the separator's own text, escaped or not."""
    body = body_of(decisions)
    want = [(d["player"], d["hand"], d["action"], d.get("amount")) for d in decisions]
    reader = MoveReader()
    assert split_read(body) == want
    assert reader.read(body) == want
    assert reader.read(body) == want  # the second time from the texts kept


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=80), DECISIONS)
def test_any_bytes_are_read_as_a_split_reads_them(noise: bytes, decisions: list[Any]) -> None:
    """Bytes that are not the writer's are refused (None) or read alike, kept or not."""
    body = body_of(decisions)
    for tampered in (FIRST_MOVE + noise + b"}", body + noise, noise + body):
        reader = MoveReader()
        assert reader.read(tampered) == split_read(tampered)
        assert reader.read(tampered) == split_read(tampered)


def test_a_brace_at_every_offset_of_a_word_is_not_taken_for_a_separator() -> None:
    decisions = [
        {"player": "x" * k + "}" + "y" * (15 - k), "hand": 1, "action": "hit"} for k in range(16)
    ]
    decisions += [{"player": "}" * 9, "hand": 2, "action": "stick", "amount": 3}]
    body = body_of(decisions)
    assert MoveReader().read(body) == split_read(body)
    assert len(MoveReader().read(body) or []) == 17


def test_texts_that_collide_in_a_full_table_are_each_read_right() -> None:
    """A table of 8 places: past 8 texts nothing more is kept, and each text is still read
    (compared word by word, never taken for another by its hash)."""
    decisions = [
        {"player": f"p{n % 7}", "hand": 1 + n % 3, "action": "stake", "amount": n}
        for n in range(1, 60)
    ]
    body = body_of(decisions)
    reader = MoveReader(slots=8)
    want = split_read(body)
    assert reader.read(body) == want
    assert reader.read(body) == want
    kept = reader.kept()
    assert 0 < len(kept) <= 8
    assert set(kept) <= set(want or [])


def test_a_decision_read_three_times_is_kept_once() -> None:
    body = body_of([{"player": "p1", "hand": 1, "action": "hit"}] * 3)
    reader = MoveReader()
    assert reader.read(body) == [("p1", 1, "hit", None)] * 3
    assert reader.kept() == [("p1", 1, "hit", None)]


def test_a_text_one_byte_from_a_kept_one_is_not_taken_for_it() -> None:
    """Every byte of a decision's text is compared: a text kept, then the same text with any
    one byte changed, is read as the split reads it (refused, or another decision). A table of
    one place: every text is compared with the one kept, whatever its hash."""
    body = body_of([{"player": "p1", "hand": 1, "action": "stake", "amount": 5}])
    assert len(body) - len(FIRST_MOVE) - 1 == 8 * 5 + 1  # a last word that ends past a whole one
    reader = MoveReader(slots=1)
    assert reader.read(body) == [("p1", 1, "stake", 5)]
    for at in range(len(FIRST_MOVE), len(body) - 1):
        for byte in {body[at] ^ 1, ord(" ")} - {body[at]}:
            changed = body[:at] + bytes([byte]) + body[at + 1 :]
            assert reader.read(changed) == split_read(changed), changed


@pytest.mark.parametrize("action", ["hit", "x=yz", "a}=}", "\u00e9=}"])
def test_separators_at_every_offset_of_a_word_are_found(action: str) -> None:
    """Whatever the bytes before a separator (an action word is any text to the reader)."""
    for length in range(1, 17):
        decisions = [
            {"player": chr(97 + n) * length, "hand": 1 + n, "action": action} for n in range(3)
        ]
        body = body_of(decisions)
        assert MoveReader().read(body) == [
            (chr(97 + n) * length, 1 + n, action, None) for n in range(3)
        ]


def test_a_body_that_does_not_open_as_a_decision_is_refused() -> None:
    body = body_of([{"player": "p1", "hand": 1, "action": "hit"}])
    for changed in (b"[" + body[1:], body[:-1] + b"]", body[:-1]):
        assert MoveReader().read(changed) is None


def test_braces_just_before_the_last_are_read_as_the_split_reads_them() -> None:
    for k in range(1, 14):
        for tail in (b"}" * k, b"x" * k + b"}", b"},{" * k):
            body = FIRST_MOVE + b'"p1","hand":1,"action":"hit' + tail + b"}"
            assert MoveReader().read(body) == split_read(body)
