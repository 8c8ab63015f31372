"""Replay's schema checks (logcheck): for each, a log tampered so that exactly that check
refuses it, as unreadable input (exit 2) naming the line and the field, with the value shown.
Then unreadable input of every kind (a truncated line, a line that is not JSON, a deal before the
header, odd lines, a missing file) exits 2 after reporting what was verified."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from support.logs import play_log, records
from support.replay import BASE, BASE_LOG, Record, base, dump, replay

from pontoon_cli.logformat.check import brief
from pontoon_cli.replay.run import StreamOutput, replay_logs

LOG = "game.jsonl"


# every schema check: a wrong value is unreadable input (exit 2), named by its field --------------

SCHEMA_CASES: list[tuple[int, tuple[Any, ...], Any, str]] = [
    # (record, path to the value, the wrong value, the field the message names)
    (0, ("kitty",), 1, "kitty"),
    (0, ("format",), "pontoon-log/0", "format"),
    (0, ("tool",), 7, "tool"),
    (0, ("rules",), [], "rules"),
    (0, ("rules", "preset"), 1, "rules.preset"),
    (0, ("table",), "p1", "table"),
    (0, ("table", "chairs"), 4, "table.chairs"),
    (0, ("table", "seats"), "p1 p2", "table.seats"),
    (0, ("table", "seats", 1), "", "table.seats[1]"),
    (0, ("table", "banker"), 4, "table.banker"),
    (0, ("table", "bankrolls"), [1000], "table.bankrolls"),
    (0, ("table", "bankrolls", "p2"), "1000", "table.bankrolls.p2"),
    (0, ("table", "min_stake"), 0, "table.min_stake"),
    (0, ("table", "max_stake"), 1.5, "table.max_stake"),
    (0, ("cut",), {"p1": "AS"}, "cut"),
    (0, ("cut", 0), ["AS"], "cut[0]"),
    (0, ("cut", 0, "p1"), "1S", "cut[0].p1"),
    (0, ("seed",), "4", "seed"),
    (0, ("scenario",), 1, "scenario"),
    (0, ("strategies",), "default", "strategies"),
    (0, ("strategies", "dealer"), "default", "strategies.dealer"),
    (0, ("strategies", "punter"), 1, "strategies.punter"),
    (2, ("deal",), 0, "deal"),
    (2, ("pack",), ["AS"], "pack"),
    (2, ("sale",), "p1", "sale"),
    (2, ("sale",), {"seller": "p2", "buyer": "p1", "price": 1, "when": 0}, "sale.when"),
    (2, ("sale",), {"seller": "", "buyer": "p1", "price": 1}, "sale.seller"),
    (2, ("sale",), {"seller": "p2", "buyer": "p1", "price": "1"}, "sale.price"),
    (2, ("banker",), 2, "banker"),
    (2, ("pack_state",), "cut", "pack_state"),
    (2, ("sat_out",), ["p1", 3], "sat_out[1]"),
    (2, ("decisions",), {}, "decisions"),
    (2, ("net",), [], "net"),
    (2, ("net", "p1"), "4", "net.p1"),
    (2, ("balance", "p1"), None, "balance.p1"),
    (2, ("next_banker",), "", "next_banker"),
    (2, ("decisions", 3), "twist", "decisions[3]"),
    (2, ("decisions", 3, "why"), "luck", "decisions[3].why"),
    (2, ("decisions", 3, "player"), 3, "decisions[3].player"),
    (2, ("decisions", 3, "hand"), 0, "decisions[3].hand"),
    (2, ("decisions", 3, "action"), "hit", "decisions[3].action"),
    (2, ("decisions", 0, "amount"), "1", "decisions[0].amount"),
    (2, ("cards",), "AS", "cards"),
    (2, ("cards", 1), "AS", "cards[1]"),
    (2, ("cards", 1, "suit"), "S", "cards[1].suit"),
    (2, ("cards", 1, "player"), None, "cards[1].player"),
    (2, ("cards", 1, "hand"), "1", "cards[1].hand"),
    (2, ("cards", 1, "card"), "1S", "cards[1].card"),
    (2, ("cards", 1, "up"), 0, "cards[1].up"),
    (2, ("hands",), {}, "hands"),
    (2, ("hands", 0), [], "hands[0]"),
    (2, ("hands", 0, "bet"), 1, "hands[0].bet"),
    (2, ("hands", 0, "player"), "", "hands[0].player"),
    (2, ("hands", 0, "hand"), 0, "hands[0].hand"),
    (2, ("hands", 0, "stake"), "1", "hands[0].stake"),
    (2, ("hands", 0, "net"), 1.0, "hands[0].net"),
    (2, ("hands", 0, "split"), "no", "hands[0].split"),
    (2, ("hands", 0, "rule"), "7.1", "hands[0].rule"),
    (2, ("hands", 0, "cards"), "AS  KS", "hands[0].cards"),
    (2, ("hands", 0, "class"), "blackjack", "hands[0].class"),
    (2, ("hands", 0, "total"), "21", "hands[0].total"),
    (2, ("banker_hand",), "AS KS", "banker_hand"),
    (2, ("banker_hand", "soft"), True, "banker_hand.soft"),
    (2, ("banker_hand", "total"), None, "banker_hand.total"),
    (2, ("void",), 0, "void"),
    (2, ("kitty",), 0, "kitty"),
]


#: Where the wrong value is inside the object set, the value the message shows.
SHOWN: dict[str, Any] = {"sale.when": 0, "sale.seller": "", "sale.price": "1", "sat_out[1]": 3}


@pytest.mark.parametrize(("at", "path", "value", "field"), SCHEMA_CASES, ids=lambda v: str(v))
def test_a_value_the_schema_refuses_is_unreadable(
    tmp_path: Path, at: int, path: tuple[Any, ...], value: Any, field: str
) -> None:
    recs = base()
    target: Any = recs[at]
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    code, found, err = replay(tmp_path, dump(recs))
    assert (code, found) == (2, [])
    message = err.splitlines()[0]
    assert message.startswith(f"pontoon: {tmp_path / LOG}:{at + 1}: {field}: expected "), message
    assert message.endswith(f", got {brief(SHOWN.get(field, value))}"), message


# unreadable input exits 2, after reporting what was verified -------------------------------------


def unreadable(tmp_path: Path, log: bytes) -> str:
    code, _, err = replay(tmp_path, log)
    assert code == 2, err
    assert "Traceback" not in err
    return err


def test_a_truncated_last_line(tmp_path: Path) -> None:
    err = unreadable(tmp_path, BASE_LOG[:-40])
    assert "game.jsonl:13: the last line is truncated" in err
    assert "11 deals verified, 0 with divergences; 13 lines read" in err


def test_a_last_line_without_newline_but_complete_is_fine(tmp_path: Path) -> None:
    code, found, _ = replay(tmp_path, BASE_LOG.rstrip(b"\n"))
    assert (code, found) == (0, [])


def test_a_line_that_is_not_json(tmp_path: Path) -> None:
    lines = BASE_LOG.splitlines(keepends=True)
    lines[4] = b'{"type": "deal", oops\n'
    err = unreadable(tmp_path, b"".join(lines))
    assert "game.jsonl:5: not JSON: " in err
    assert "3 deals verified, 0 with divergences; 5 lines read" in err


@pytest.mark.parametrize(
    ("change", "line", "message"),
    [
        (
            lambda r: r[3].update({"type": "kitty"}),
            4,
            'type: expected "header" or "deal", got "kitty"',
        ),
        (lambda r: r[3].pop("type"), 4, 'type: expected "header" or "deal", got nothing'),
        (lambda r: r[0].update({"format": "pontoon-log/2"}), 1, 'format: expected "pontoon-log/1"'),
        (
            lambda r: r[3]["decisions"][0].update({"hand": "1"}),
            4,
            "decisions[0].hand: expected a hand",
        ),
        (
            lambda r: r[3].pop("net"),
            4,
            "net: expected an object of player: whole number, got nothing",
        ),
        (
            lambda r: r[3]["balance"].update({"p1": 1.5}),
            4,
            "balance.p1: expected a whole number, got 1.5",
        ),
        (lambda r: r[3].update({"pack": r[3]["pack"].lower()}), 4, "pack: card 1: expected a card"),
        (
            lambda r: r[3]["hands"][0].update({"class": "blackjack"}),
            4,
            "hands[0].class: expected one of",
        ),
        (
            lambda r: r[3].update({"kitty": 5}),
            4,
            "kitty: expected an object {before, moves, after}",
        ),
        (
            lambda r: r[0]["table"].update({"banker": "zed"}),
            1,
            "table: banker 'zed' is not at the table",
        ),
        (
            lambda r: r[0]["rules"].update({"stick_minimum": 99}),
            1,
            "rules: rule setting 'stick_minimum'",
        ),
    ],
)
def test_a_record_that_breaks_the_schema(
    tmp_path: Path, change: Callable[[list[Record]], Any], line: int, message: str
) -> None:
    recs = base()
    change(recs)
    err = unreadable(tmp_path, dump(recs))
    assert f"game.jsonl:{line}: {message}" in err


def test_a_deal_before_the_header(tmp_path: Path) -> None:
    err = unreadable(tmp_path, dump(BASE[1:]))
    assert 'game.jsonl:1: type: expected the header record ("type": "header") first' in err


def test_odd_lines(tmp_path: Path) -> None:
    header = BASE_LOG.splitlines(keepends=True)[0]
    assert "game.jsonl:2: expected a JSON object" in unreadable(tmp_path, header + b"[1]\n")
    assert "game.jsonl:1: type: expected" in unreadable(tmp_path, b"{}\n")
    assert "game.jsonl:1: empty line" in unreadable(tmp_path, b"\n")
    assert "empty log" in unreadable(tmp_path, b"")


def test_a_second_header_starts_a_new_game(tmp_path: Path) -> None:
    other = play_log(9, deals=3, players=3)
    code, found, err = replay(tmp_path, BASE_LOG + other)
    assert (code, found) == (0, []), err
    assert "15 deals verified" in err


def test_a_missing_file(tmp_path: Path) -> None:
    out, err = io.BytesIO(), io.StringIO()
    code = replay_logs([str(tmp_path / "nope.jsonl")], StreamOutput(out, err))
    assert code == 2
    assert out.getvalue() == b""
    assert err.getvalue() == (
        f"pontoon: {tmp_path / 'nope.jsonl'}: no such file\n"
        "pontoon replay: 0 deals verified, 0 with divergences; 0 lines read from 0 files; "
        "1 file could not be read\n"
    )


@pytest.mark.parametrize("card", [["AS"], {"card": "AS"}, 7, None])
def test_a_cut_card_that_is_not_a_string_is_unreadable_not_a_crash(
    tmp_path: Path, card: object
) -> None:
    recs = records(play_log(1, deals=1))
    first_cutter = next(iter(recs[0]["cut"][0]))
    recs[0]["cut"][0][first_cutter] = card
    code, found, err = replay(tmp_path, dump(recs))
    assert code == 2
    assert found == []
    assert f"game.jsonl:1: cut[0].{first_cutter}: expected a card like 'TH'" in err


def test_a_hand_number_written_as_true_is_unreadable_not_hand_1(tmp_path: Path) -> None:
    """JSON true equals 1 in Python; the engine records its own hand number, so it shows."""
    recs = records(play_log(1, deals=1, players=4))
    i = next(k for k, d in enumerate(recs[1]["decisions"]) if d["action"] != "stake")
    recs[1]["decisions"][i]["hand"] = True
    code, _, err = replay(tmp_path, dump(recs))
    assert code == 2
    assert (
        f"game.jsonl:2: decisions[{i}].hand: expected a hand number of 1 or more, got true" in err
    )
