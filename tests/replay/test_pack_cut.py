"""A casino shoe's 416 cards are cut out of a round's line before its head is decoded: the
head is decoded without them, the shoe is read from the line's bytes, and the line is compared
with the writer's without the shoe written again. What is cut must be exactly the record's
``pack`` as JSON reads it, or the line is read whole: a shoe written with an escape, with a
character beyond ASCII or with a control character, a ``"pack"`` key inside another field before
the pack, and a pack written twice are each read, verified or refused as the whole line says."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest
from support.replay import replay
from typer.testing import CliRunner

from pontoon_cli.cli.main import app
from pontoon_cli.core.cards import Card
from pontoon_cli.core.errors import LogFormatError
from pontoon_cli.logformat.check import DEAL_HEADS, brief
from pontoon_cli.logformat.lines import LineReader, decode
from pontoon_cli.logformat.packs import card_counts, count_cards

runner = CliRunner()

CASINO = runner.invoke(
    app, ["play", "--rules", "casino", "--seed", "4", "--deals", "4", "--players", "2"]
).stdout_bytes.splitlines(keepends=True)


def with_round(line: bytes) -> bytes:
    """The casino log with its second round's line replaced by ``line``."""
    return b"".join([*CASINO[:2], line, *CASINO[3:]])


def shoe_of(line: bytes) -> tuple[int, int]:
    """Where the round's shoe text starts and ends in ``line``."""
    start = line.index(b'"pack":"') + len(b'"pack":"')
    return start, line.index(b'"', start)


def casino_reader(cut: bool = True) -> LineReader:
    reader = LineReader("log", look=False)
    reader.heads = DEAL_HEADS[1]
    reader.cut_pack = cut
    return reader


def test_C1_a_shoe_is_cut_out_of_its_line_and_is_the_records_pack() -> None:
    """The head holds the recorded shoe; the line without it and the shoe are the line."""
    line = CASINO[2]
    start, end = shoe_of(line)
    assert end - start == 416 * 3 - 1
    reader = casino_reader()
    head = reader._head(line)
    assert head is not None
    assert head["pack"] == orjson.loads(line)["pack"]
    cut = reader.cut_line(head)
    assert cut == line[:start] + line[end:]
    assert reader.cut_line(orjson.loads(line)) is None  # the same round, decoded whole
    later = reader._head(CASINO[3])
    assert later is not None and reader.cut_line(head) is None  # no longer the last head
    uncut = casino_reader(cut=False)
    head = uncut._head(line)
    assert head is not None and head["pack"] == orjson.loads(line)["pack"]
    assert uncut.cut_line(head) is None


def test_C1_a_shoe_written_with_escapes_is_read_as_json_reads_it(tmp_path: Path) -> None:
    """``\\u0034C`` is JSON for ``4C``: the same record, not the writer's bytes, verified."""
    line = CASINO[2]
    start, _ = shoe_of(line)
    card = line[start : start + 2]
    escaped = line[:start] + b"\\u%04x" % card[0] + card[1:2] + line[start + 2 :]
    assert orjson.loads(escaped) == orjson.loads(line)
    assert replay(tmp_path, with_round(escaped))[:2] == (0, [])


@pytest.mark.parametrize(
    ("card", "got"),
    [("\u00c7S", "ÇS"), ('\\"S', '"S')],
    ids=["beyond-ascii", "escaped-quote"],
)
def test_C1_a_card_that_is_not_a_cards_text_is_named_as_json_reads_it(
    tmp_path: Path, card: str, got: str
) -> None:
    """The message names the card as the record holds it, not as the line's bytes run."""
    line = CASINO[2]
    start, _ = shoe_of(line)
    tampered = line[:start] + card.encode() + line[start + 2 :]
    assert orjson.loads(tampered)["pack"].split(" ")[0] == got
    code, found, err = replay(tmp_path, with_round(tampered))
    assert (code, found) == (2, [])
    assert err.splitlines()[0] == (
        f"pontoon: {tmp_path / 'game.jsonl'}:3: pack: card 1: expected a card like 'TH' (rank A "
        f"2-9 T J Q K, suit C D H S, upper case, single spaces between), got {brief(got)}"
    )


def test_C1_a_control_character_in_a_shoe_is_not_json(tmp_path: Path) -> None:
    line = CASINO[2]
    start, _ = shoe_of(line)
    tampered = line[:start] + b"4\tC" + line[start + 2 :]
    with pytest.raises(LogFormatError) as refused:
        decode(str(tmp_path / "game.jsonl"), 3, tampered)
    code, found, err = replay(tmp_path, with_round(tampered))
    assert (code, found) == (2, [])
    assert err.splitlines()[0] == f"pontoon: {refused.value}"


def test_C1_a_pack_key_inside_a_field_before_the_pack_is_not_taken_for_it(
    tmp_path: Path,
) -> None:
    """The text cut is the first ``"pack":"``'s; where that is inside ``pack_state``, the record's
    own pack (a number here) is what the message names."""
    line = CASINO[2]
    _, end = shoe_of(line)
    state = line.index(b'"pack_state":')
    tampered = line[:state] + b'"pack_state":{"pack":"4C"},"pack":5' + line[end + 1 :]
    assert orjson.loads(tampered)["pack"] == 5
    code, found, err = replay(tmp_path, with_round(tampered))
    assert (code, found) == (2, [])
    assert err.splitlines()[0] == (
        f"pontoon: {tmp_path / 'game.jsonl'}:3: pack: expected the pack as a string of cards, "
        'e.g. "9H 2H 7D ...", got 5'
    )


def test_C1_a_shoe_written_twice_is_unreadable(tmp_path: Path) -> None:
    """The first is cut out and the head holds the second: the whole line holds the key twice."""
    line = CASINO[2]
    start, end = shoe_of(line)
    tampered = line[: end + 1] + b',"pack":' + line[start - 1 : end + 1] + line[end + 1 :]
    code, found, err = replay(tmp_path, with_round(tampered))
    assert (code, found) == (2, [])
    assert err.splitlines()[0] == (
        f'pontoon: {tmp_path / "game.jsonl"}:3: pack: the key "pack" appears twice in one '
        "object: a log record has each key once (JSON readers disagree on which wins)"
    )


def test_C10_a_change_beside_the_cut_shoe_is_caught(tmp_path: Path) -> None:
    """The line is compared around the shoe: a byte changed just before or after it is seen."""
    line = CASINO[2]
    _, end = shoe_of(line)
    state = orjson.loads(line)["pack_state"].encode()
    other = b"continued" if state == b"shuffled" else b"shuffled"
    before = line.replace(b'"pack_state":"' + state, b'"pack_state":"' + other, 1)
    code, found, _ = replay(tmp_path, with_round(before))
    assert code == 1 and [(d["line"], d["field"], d["rule"]) for d in found] == [
        (3, "pack_state", "C1")
    ]
    after = line[: end + 1] + line[end + 1 :].replace(b'"sat_out":[]', b'"sat_out":["p1"]', 1)
    assert after != line
    code, found, _ = replay(tmp_path, with_round(after))
    assert code == 1 and [(d["line"], d["field"], d["rule"]) for d in found] == [
        (3, "sat_out", "C3")
    ]


@pytest.mark.parametrize(
    "shoe",
    [b"4C QD", b"4C", b"4C QD ", b"4c QD", b"4C  QD", b"4C QD\\u0020", b"", b"4C QD\\\\", b"4C Q"],
    ids=["two", "one", "space-after", "lower-case", "two-spaces", "escape", "empty", "bs", "half"],
)
def test_C1_a_shoe_is_cut_out_and_counted_only_where_it_is_a_packs_text(shoe: bytes) -> None:
    """The reader counts the shoe as it finds its end; any other text stays in the line."""
    line = CASINO[2]
    start, end = shoe_of(line)
    tampered = line[:start] + shoe + line[end:]
    reader = casino_reader()
    head = reader._head(tampered)
    assert head is not None
    assert head["pack"] == orjson.loads(tampered)["pack"]
    counts = reader.pack_counts(head)
    if shoe in (b"4C QD", b"4C"):
        assert reader.cut_line(head) == line[:start] + line[end:]
        want = card_counts()
        count_cards([Card.parse(text) for text in shoe.decode().split()], want)
        assert counts == want
    else:
        assert reader.cut_line(head) is None and counts is None


def test_C1_a_log_cut_off_inside_a_shoe_is_a_line_that_is_not_json(tmp_path: Path) -> None:
    """A log whose writer stopped mid-shoe ends in cards, at a card's end: no quote to cut at."""
    line = CASINO[2]
    start, _ = shoe_of(line)
    cut = line[: start + 3 * 10 - 1]  # ten whole cards, and nothing after them
    with pytest.raises(LogFormatError) as refused:
        decode(str(tmp_path / "game.jsonl"), 3, cut)
    code, found, err = replay(tmp_path, b"".join(CASINO[:2]) + cut)
    assert (code, found) == (2, [])
    assert err.splitlines()[0] == f"pontoon: {refused.value}"
