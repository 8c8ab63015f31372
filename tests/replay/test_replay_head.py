"""Replay decodes a deal line in the log writer's shape only up to its cards first (its head:
every field read before the re-deal), and the whole line only when its bytes are not the writer's.
Shoot Pontoon's head also holds its kitty (read before the deal, S1), which the writer puts
last: it is taken from the line's end. A verifier that reads less must not be fooled: a head
field moved after the cards, a head key written twice, a line whose end is not JSON, and a kitty
that is not the record's last field are each caught as when the line is decoded whole."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson
import pytest
from support.replay import replay
from typer.testing import CliRunner

import pontoon_cli
from pontoon_cli.cli.main import app

runner = CliRunner()


def played(*args: str) -> list[bytes]:
    result = runner.invoke(app, ["play", *args])
    assert result.exit_code == 0, result.stderr
    return result.stdout_bytes.splitlines(keepends=True)


TRADITIONAL = played("--seed", "4", "--deals", "6", "--players", "4")
CASINO = played("--rules", "casino", "--seed", "4", "--deals", "6", "--players", "2")
SHOOT = played("--rules", "shoot", "--seed", "4", "--deals", "6", "--players", "4")


def replaced(lines: list[bytes], index: int, line: bytes) -> bytes:
    return b"".join([*lines[:index], line, *lines[index + 1 :]])


def moved_to_the_end(line: bytes, key: bytes, value: bytes) -> bytes:
    """``line`` with its field ``key`` taken out of the head and written last, as ``value``."""
    start = line.index(b'"' + key + b'":')
    end = line.index(b',"', start)
    assert line.index(b',"cards":') > start  # a head field
    return line[:start] + line[end + 1 : -2] + b',"' + key + b'":' + value + b"}\n"


@pytest.mark.parametrize(
    ("lines", "key", "value", "field", "rule"),
    [
        (TRADITIONAL, b"banker", b'"p1"', "banker", "T8.3"),
        (CASINO, b"sat_out", b'["p1"]', "sat_out", "C3"),
    ],
    ids=["T8.3-traditional-banker", "C3-casino-sat_out"],
)
@pytest.mark.parametrize("decisions", ["writers", "as-json"])
def test_a_head_field_written_after_the_cards_is_still_checked(
    tmp_path: Path,
    lines: list[bytes],
    key: bytes,
    value: bytes,
    field: str,
    rule: str,
    decisions: str,
) -> None:
    """Not the writer's key order: the line is decoded whole before the re-deal, so the field is
    checked where it stands (read only up to the cards, the deal verified); whether the
    decisions are the writer's bytes or, with a space in them, read as JSON."""
    line = moved_to_the_end(lines[2], key, value)
    if decisions == "as-json":
        line = line.replace(b'"hand":', b'"hand": ', 1)
        assert line.index(b'"hand": ') < line.index(b',"cards":')
    code, found, _ = replay(tmp_path, replaced(lines, 2, line))
    assert code == 1
    assert [(d["line"], d["field"], d["recorded"], d["rule"]) for d in found] == [
        (3, field, orjson.loads(value), rule)
    ]


@pytest.mark.parametrize("lines", [TRADITIONAL, CASINO], ids=["traditional", "casino"])
def test_a_pack_written_after_the_cards_is_read_where_it_stands(
    tmp_path: Path, lines: list[bytes]
) -> None:
    """The search for the cards starts past the pack's text; a line whose pack comes after
    its cards is decoded whole, verifies, and its pack is still the one dealt from (T8.1, C1)."""
    start = lines[2].index(b'"pack":"') + len(b'"pack":')
    value = lines[2][start : lines[2].index(b'"', start + 1) + 1]
    line = moved_to_the_end(lines[2], b"pack", value)
    assert line.index(b'"pack":') > line.index(b',"cards":')
    assert replay(tmp_path, replaced(lines, 2, line))[:2] == (0, [])
    first, second = value[1:3], value[4:6]  # the first two cards, which the deal gives out
    assert first != second
    swapped = b'"' + second + b" " + first + value[6:]
    tampered = moved_to_the_end(lines[2], b"pack", swapped)
    code, found, _ = replay(tmp_path, replaced(lines, 2, tampered))
    assert code == 1
    assert found[0]["line"] == 3  # dealt from the swapped cards: the deal goes otherwise


def decisions_before_the_pack(line: bytes) -> bytes:
    """``line`` with its decisions written before its pack (the same record, another order)."""
    start = line.index(b',"decisions":[')
    end = line.index(b',"cards":')
    pack = line.index(b',"pack_state":')
    return line[:pack] + line[start:end] + line[pack:start] + line[end:]


@pytest.mark.parametrize(
    ("lines", "rule"), [(TRADITIONAL, "T7.3"), (CASINO, "C3")], ids=["traditional", "casino"]
)
def test_decisions_written_before_the_pack_are_read_where_they_stand(
    tmp_path: Path, lines: list[bytes], rule: str
) -> None:
    """The decisions are the head's last field before its cards: a line that holds them before
    its pack is decoded whole, verifies, and a stake changed there is still caught."""
    line = decisions_before_the_pack(lines[2])
    assert line.index(b',"decisions":[') < line.index(b'"pack":"')
    assert orjson.loads(line) == orjson.loads(lines[2])
    assert replay(tmp_path, replaced(lines, 2, line))[:2] == (0, [])
    tampered = line.replace(b'"action":"stake","amount":', b'"action":"stake","amount":-', 1)
    code, found, _ = replay(tmp_path, replaced(lines, 2, tampered))
    assert code == 1
    assert [(d["line"], d["field"], d["rule"]) for d in found[:1]] == [(3, "decisions[0]", rule)]


@pytest.mark.parametrize("lines", [TRADITIONAL, CASINO], ids=["traditional", "casino"])
def test_a_head_key_written_again_after_the_cards_is_unreadable(
    tmp_path: Path, lines: list[bytes]
) -> None:
    """The head alone holds the key once; the whole line holds it twice (the last would win)."""
    line = lines[2][:-2] + b',"deal":2}\n'
    code, found, err = replay(tmp_path, replaced(lines, 2, line))
    assert (code, found) == (2, [])
    assert err.splitlines()[0] == (
        f'pontoon: {tmp_path / "game.jsonl"}:3: deal: the key "deal" appears twice in one '
        "object: a log record has each key once (JSON readers disagree on which wins)"
    )


def test_a_line_whose_end_is_not_json_is_unreadable_at_its_line(tmp_path: Path) -> None:
    """Its head decodes; the line does not, and the same message names it."""
    line = TRADITIONAL[2]
    cut = line[: line.index(b',"cards":') + len(b',"cards":')] + b"[{]\n"
    code, found, err = replay(tmp_path, replaced(TRADITIONAL, 2, cut))
    assert (code, found) == (2, [])
    first = err.splitlines()[0]
    assert first.startswith(f"pontoon: {tmp_path / 'game.jsonl'}:3: not JSON: "), first
    assert "1 deal verified" in err


def with_kitty_before(line: bytes, change: int) -> bytes:
    start = line.index(b'"kitty":{"before":') + len(b'"kitty":{"before":')
    end = line.index(b",", start)
    return line[:start] + str(int(line[start:end]) + change).encode() + line[end:]


def kitty_moved(line: bytes, where: bytes) -> bytes:
    """``line`` with its kitty (its last field) written before ``where``."""
    start = line.rindex(b',"kitty":')
    kitty = line[start + 1 : -2]
    body = line[:start] + b"}\n"
    at = body.index(where)
    return body[:at] + kitty + b"," + body[at:]


@pytest.mark.parametrize(
    "moved",
    [
        lambda line: line,
        lambda line: kitty_moved(line, b'"cards":'),
        lambda line: kitty_moved(line, b'"next_banker":'),
    ],
    ids=["last", "before-the-cards", "before-next_banker"],
)
def test_S8_shoot_reads_its_kitty_wherever_the_record_holds_it(tmp_path: Path, moved: Any) -> None:
    """The writer's kitty comes last (taken from the line's end); written elsewhere, the line is
    decoded whole: a wrong ``kitty.before`` is named either way."""
    line = moved(with_kitty_before(SHOOT[2], 5))
    code, found, _ = replay(tmp_path, replaced(SHOOT, 2, line))
    assert code == 1
    assert (found[0]["line"], found[0]["field"], found[0]["rule"]) == (3, "kitty.before", "S8")
    assert replay(tmp_path, replaced(SHOOT, 2, moved(SHOOT[2])))[:2] == (0, [])  # in any order


@pytest.mark.skipif(
    pontoon_cli.BUILD == "compiled",
    reason="patches a module global, which compiled code does not read: runs under PONTOON_PURE=1",
)
@pytest.mark.parametrize(
    "lines", [TRADITIONAL, CASINO, SHOOT], ids=["traditional", "casino", "shoot"]
)
def test_the_writers_deal_lines_are_decoded_only_up_to_their_cards(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lines: list[bytes]
) -> None:
    """What keeps replay at a fraction of a plain decode: a whole decode for the header only."""
    from pontoon_cli.logformat import lines as log_read

    decoded: list[int] = []
    real = log_read.decode

    def spy(file: str, line: int, raw: bytes) -> dict[str, Any]:
        decoded.append(line)
        return real(file, line, raw)

    monkeypatch.setattr(log_read, "decode", spy)
    assert replay(tmp_path, b"".join(lines))[0] == 0
    assert decoded == [1]
    changed = lines[3].replace(b'"type":"deal"', b'"type": "deal"')  # not the writer's bytes
    assert replay(tmp_path, replaced(lines, 3, changed))[0] == 0
    assert decoded == [1, 1, 4]


# the decisions, read from the writer's bytes ------------------------------------------------------

ODD_NAMES = played(
    *("--seed", "4", "--deals", "8"),
    *("--player", 'a"},{"player":"b', "--player", "x\\y", "--player", "c"),
)


def first_decision(line: bytes, action: bytes) -> tuple[int, int]:
    """Where the line's first decision with ``action`` starts and ends (its braces included)."""
    end = line.index(b'"action":"' + action + b'"')
    end = line.index(b"}", end) + 1
    start = line.rindex(b'{"player":', 0, end)
    return start, end


def reordered(d: bytes) -> bytes:
    """``{"player":…,"hand":…}`` as ``{"hand":…,"player":…}``: the same object, not the
    writer's bytes."""
    at = d.index(b',"hand":')
    return b"{" + d[at + 1 : -1] + b"," + d[1:at] + b"}"


@pytest.mark.parametrize(
    "shape",
    [
        lambda d: d,
        lambda d: d.replace(b'"hand":', b'"hand": '),
        reordered,
    ],
    ids=["writers", "a-space", "keys-reordered"],
)
def test_T7_3_a_stake_changed_in_any_shape_of_decision_is_caught(
    tmp_path: Path, shape: Any
) -> None:
    """A decision in the writer's shape is read from its bytes, any other as JSON: the deal is
    verified either way, and a stake made negative is found either way (T7.3)."""
    line = TRADITIONAL[3]
    start, end = first_decision(line, b"stake")
    decision = line[start:end]
    assert decision.startswith(b'{"player":"p2","hand":1,"action":"stake","amount":')

    def log(d: bytes) -> bytes:
        return replaced(TRADITIONAL, 3, line[:start] + shape(d) + line[end:])

    assert replay(tmp_path, log(decision))[:2] == (0, [])
    code, found, _ = replay(tmp_path, log(decision.replace(b'"amount":', b'"amount":-')))
    assert code == 1
    assert [(d["line"], d["field"], d["rule"], d["player"]) for d in found[:1]] == [
        (4, "decisions[0]", "T7.3", "p2")
    ]


def test_a_decision_with_a_key_of_its_own_is_refused_naming_it(tmp_path: Path) -> None:
    """Not the writer's shape, read as JSON: the schema names the unknown key."""
    line = TRADITIONAL[3]
    end = first_decision(line, b"stake")[1]
    changed = line[: end - 1] + b',"note":"x"' + line[end - 1 :]
    code, found, err = replay(tmp_path, replaced(TRADITIONAL, 3, changed))
    assert (code, found) == (2, [])
    assert err.splitlines()[0].endswith(
        "game.jsonl:4: decisions[0].note: expected no such field (one of player, hand, action, "
        'amount), got "x"'
    )


def test_seat_names_that_hold_the_decisions_separator_are_read_exactly(tmp_path: Path) -> None:
    """A name may hold ``},{"player":`` and a backslash: inside a JSON string its quotes are
    escaped, so the decisions are still split where the writer joined them, and every deal is
    verified; a decision of that seat changed is found at its line."""
    code, found, err = replay(tmp_path, b"".join(ODD_NAMES))
    assert (code, found) == (0, []), err
    assert "8 deals verified" in err
    odd = b'"player":"a\\"},{\\"player\\":\\"b","hand":1,"action":"stake","amount":'
    line = ODD_NAMES[3]
    assert odd in line
    code, found, _ = replay(tmp_path, replaced(ODD_NAMES, 3, line.replace(odd, odd + b"-", 1)))
    assert code == 1
    assert [(d["line"], d["player"], d["rule"]) for d in found[:1]] == [
        (4, 'a"},{"player":"b', "T7.3")
    ]


def test_a_decisions_player_is_the_headers_seat_name_itself() -> None:
    """The names a log holds are held once (interned): a decision read from a line names its
    player by the very object the header's seats hold, so the engine's look-ups by name compare
    pointers; the same for names that JSON escapes."""
    from pontoon_cli.logformat.check import DEAL_HEADS, read_header
    from pontoon_cli.logformat.lines import LineReader

    for lines in (TRADITIONAL, ODD_NAMES):
        _, table = read_header(orjson.loads(lines[0]), "log", 1)
        reader = LineReader("log", look=False)
        reader.heads = DEAL_HEADS[0]
        head = reader._head(lines[1])
        assert head is not None
        players = {move[0] for move in head["decisions"]}
        assert players <= set(table.seats)
        seat = {name: name for name in table.seats}
        assert all(seat[p] is p for p in players)
        assert table.banker is not None and seat[table.banker] is table.banker


def test_the_decisions_text_is_given_for_the_head_last_read_only() -> None:
    """Replay puts the decisions' text as read into the line it compares only for the head the
    reader gave last, whose decisions were read from exactly that text."""
    from pontoon_cli.logformat.check import DEAL_HEADS
    from pontoon_cli.logformat.lines import LineReader

    reader = LineReader("log", look=False)
    reader.heads = DEAL_HEADS[0]
    line = TRADITIONAL[2]
    head = reader._head(line)
    assert head is not None
    start = line.index(b',"decisions":[') + len(b',"decisions":[')
    assert reader.moves_read(head) == line[start : line.index(b'],"cards":')]
    assert reader.moves_read(orjson.loads(line)) is None  # the same deal, decoded whole
    later = reader._head(TRADITIONAL[3])
    assert later is not None
    assert reader.moves_read(head) is None  # no longer the last head
    assert reader.moves_read(later) is not None


def test_a_decision_seen_before_is_checked_again_in_a_later_deal(tmp_path: Path) -> None:
    """Replay keeps each decision's text it has read; the same text in a later deal is the same
    decision, and one changed there into a text read before is checked as that deal's."""
    lines = TRADITIONAL
    start, end = first_decision(lines[2], b"stake")
    seen = lines[2][start:end]  # read in deal 2
    later = lines[5]
    at, stop = first_decision(later, b"stake")
    assert later[at:stop] != seen
    code, found, _ = replay(tmp_path, replaced(lines, 5, later[:at] + seen + later[stop:]))
    assert code == 1
    assert found[0]["line"] == 6
    assert found[0]["field"].startswith("decisions[")


def test_a_decisions_key_written_twice_in_the_head_is_unreadable(tmp_path: Path) -> None:
    """The decisions read from the writer's bytes are the head's last field: a head that holds
    the key before them too is not taken as the writer's, and the line is refused whole."""
    line = TRADITIONAL[2].replace(b',"decisions":[', b',"decisions":[],"decisions":[', 1)
    code, found, err = replay(tmp_path, replaced(TRADITIONAL, 2, line))
    assert (code, found) == (2, [])
    assert 'the key "decisions" appears twice in one object' in err.splitlines()[0]


@pytest.mark.parametrize(
    ("text", "move"),
    [
        (b'"p1","hand":1,"action":"stick"', ("p1", 1, "stick", None)),
        (b'"p1","hand":2,"action":"buy","amount":4', ("p1", 2, "buy", 4)),
        (b'"p1","hand":1,"action":"stick","amount":null', ("p1", 1, "stick", None)),
        (b'"p1", "hand":1,"action":"stick"', None),  # a space
        (b'"\\u00701","hand":1,"action":"stick"', None),  # an escape orjson does not write
        (b'"p1","action":"stick","hand":1', None),  # keys out of order
        (b'"p1","hand":true,"action":"stick"', None),
        (b'"p1","hand":1.0,"action":"stick"', None),
        (b'"p1","hand":1,"action":"buy","amount":"4"', None),
        (b'"p1","hand":1,"action":"stick","up":true', None),
        (b'"p1","hand":1', None),
        (b'"p1","hand":1,"action":"stick"},{"player":"p2"', None),
        (b'"p1","hand":1,"action":"stick"} ', None),
    ],
)
def test_a_decision_is_read_from_its_bytes_only_in_the_writers_shape(
    text: bytes, move: Any
) -> None:
    """Anything but the writer's exact text of a decision is left to the JSON decode."""
    from pontoon_cli.logformat.moves import read_move

    assert read_move(text) == move


def test_a_long_decision_text_is_read_each_time_and_not_kept(tmp_path: Path) -> None:
    """The decisions replay keeps once read are short (a seat's name is at most 64 characters):
    one of 100 kB, which only a log that is not the writer's holds, is read as any other, and
    not kept, so a hostile log cannot fill memory through the cache."""
    from pontoon_cli.logformat.lines import LineReader

    reader = LineReader("x", look=False)
    reader.heads = ("type", "deal", "decisions")
    long_name = "n" * 100_000
    line = (
        orjson.dumps(
            {
                "type": "deal",
                "deal": 1,
                "decisions": [{"player": long_name, "hand": 1, "action": "stick"}],
            }
        )[:-1]
        + b',"cards":[]}'
    )
    head = reader._head(line)
    assert head is not None
    assert head["decisions"] == [(long_name, 1, "stick", None)]
    assert reader.moves.kept() == []
    short = line.replace(long_name.encode(), b"p1")
    assert reader._head(short) == {
        "type": "deal",
        "deal": 1,
        "decisions": [("p1", 1, "stick", None)],
    }
    assert reader.moves.kept() == [("p1", 1, "stick", None)]
