"""`pontoon replay` of casino logs (C1-C11): played logs verify, whatever the settings; a third
party's minimal log verifies; a record not byte for byte the writer's is checked field by field;
the JSON Schema covers casino headers and rounds, and replay refuses exactly what it refuses."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import jsonschema
import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.casino_logs import (
    BASE,
    BASE_LOG,
    Record,
    arranged,
    base,
    dealt,
    divergence,
    play,
    records,
)
from support.logs import delete_path, paths, set_path
from support.replay import dump, replay
from typer.testing import CliRunner

from pontoon_cli.cli.main import app
from pontoon_cli.core.errors import LogFormatError
from pontoon_cli.core.rules import setting_info
from pontoon_cli.log.writer import schema
from pontoon_cli.replay.run import replay_lines

HERE = Path(__file__).resolve().parent
MINIMAL = HERE / "minimal-casino.jsonl"
SCHEMA = schema()
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
runner = CliRunner()


# played logs verify ------------------------------------------------------------------------------


def test_C1_C11_2000_rounds_of_five_random_seats_verify() -> None:
    """play --rules casino --seed 1 --deals 2000 --players 5 --strategy
    random | replay - (every round the seats could stake: they may go broke before 2000)."""
    args = ["--seed", "1", "--deals", "2000", "--players", "5", "--strategy", "random"]
    log = runner.invoke(app, ["play", "--rules", "casino", *args])
    assert log.exit_code == 0
    n = len(log.stdout_bytes.splitlines()) - 1
    assert n > 100
    result = runner.invoke(app, ["replay", "-"], input=log.stdout_bytes)
    assert result.exit_code == 0, result.stdout
    assert result.stdout == ""
    assert result.stderr == (
        f"pontoon replay: {n} deals verified, 0 with divergences; {n + 1} lines read from 1 file\n"
    )
    recs = records(log.stdout_bytes)
    decisions = [d["action"] for r in recs[1:] for d in r["decisions"]]
    assert {"stake", "hit", "stand", "double", "split"} <= set(decisions)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**53 - 1),
    strategy=st.sampled_from(["random", "dealer-mimic"]),
    players=st.integers(1, 7),
    decks=st.integers(1, 8),
    shuffle_every=st.integers(1, 6),
    split_hands=st.integers(1, 3),
    soft_17=st.booleans(),
    bankroll=st.sampled_from([5, 30, 1000]),
)
def test_C1_C11_replay_of_any_casino_play_verifies(
    seed: int,
    strategy: str,
    players: int,
    decks: int,
    shuffle_every: int,
    split_hands: int,
    soft_17: bool,
    bankroll: int,
) -> None:
    need = players * split_hands * 5 + 5  # the shoe holds a whole round (C1)
    decks = max(decks, -(-need // 52))
    sets = {
        "decks": decks,
        "shuffle_every": shuffle_every,
        "split_hands": split_hands,
        "dealer_hits_soft_17": soft_17,
    }
    args = ["--seed", str(seed), "--deals", "12", "--players", str(players)]
    args += ["--strategy", strategy, "--bankroll", str(bankroll)]
    for name, value in sets.items():
        args += ["--set", f"{name}={value}"]
    result = runner.invoke(app, ["play", "--rules", "casino", *args])
    assert result.exit_code == 0, result.stderr
    lines = result.stdout_bytes.splitlines(keepends=True)
    assert replay_lines("t.jsonl", lines) == []
    for line in lines:
        assert VALIDATOR.is_valid(orjson.loads(line))


def test_a_record_in_another_key_order_is_checked_field_by_field(tmp_path: Path) -> None:
    """Not the writer's bytes: the slow path, which verifies the same log."""
    recs = [dict(reversed(list(r.items()))) for r in base()]
    code, found, err = replay(tmp_path, dump(recs))
    assert (code, found) == (0, []), err


def minimal(recs: list[Record]) -> list[Record]:
    """A third party's form of a casino log: the header's rules and table (no banker), each
    round's number, shoe, decisions (no double or split amounts) and nets."""
    table = {k: v for k, v in recs[0]["table"].items() if k != "banker"}
    header = {"type": "header", "format": recs[0]["format"], "rules": recs[0]["rules"]}
    out: list[Record] = [{**header, "table": table}]
    for rec in recs[1:]:
        deal = {k: rec[k] for k in ("type", "deal", "pack", "decisions", "net")}
        deal["decisions"] = [
            {
                k: v
                for k, v in d.items()
                if not (d["action"] in ("double", "split") and k == "amount")
            }
            for d in deal["decisions"]
        ]
        out.append(deal)
    return out


def test_a_minimal_form_of_a_played_log_verifies(tmp_path: Path) -> None:
    code, found, err = replay(tmp_path, dump(minimal(base())))
    assert (code, found) == (0, []), err


def test_a_minimal_logs_changed_net_is_caught_with_the_rule_that_settled_it(
    tmp_path: Path,
) -> None:
    recs = minimal(base())[:8]  # no balances: the change carries into the next rounds'
    assert BASE[6]["dealer_hand"]["class"] == "pontoon" and BASE[6]["net"]["p1"] == -6
    recs[6]["net"]["p1"] = 0  # the dealer's pontoon took p1's stake of 6 (C5)
    code, found, _ = replay(tmp_path, dump(recs))
    assert code == 1
    assert found == [
        {
            **divergence(tmp_path, 7, 6, "p1", 1, "net", 0, -6, "C5"),
            "detail": "KD 3S: total 13 against the dealer's AC JH: pontoon 21, paid -1 × stake 6",
        }
    ]


def test_the_third_party_minimal_casino_log_verifies(tmp_path: Path) -> None:
    """tests/casino/minimal-casino.jsonl, written by hand: one deck, a shuffle every second
    round; a double, a pontoon 2:1, a split, a five card trick 2:1, the dealer's pontoon."""
    code, found, err = replay(tmp_path, MINIMAL.read_bytes())
    assert (code, found) == (0, []), err
    assert "3 deals verified, 0 with divergences" in err
    for rec in records(MINIMAL.read_bytes()):
        VALIDATOR.validate(rec)


def test_the_minimal_casino_logs_payout_changed_is_caught(tmp_path: Path) -> None:
    recs = records(MINIMAL.read_bytes())
    recs[2]["net"]["bob"] = 2  # bob's five card trick on a stake of 2 pays 4 (C10)
    recs[3]["balance"]["bob"] -= 2
    code, found, _ = replay(tmp_path, dump(recs))
    assert code == 1
    assert found == [
        {
            **divergence(tmp_path, 3, 2, "bob", 1, "net", 2, 4, "C10"),
            "detail": "4D 7C 2C 3D 2H: five-card-trick 18 against the dealer's 6H QS 5D: "
            "twenty-one 21, paid +2 × stake 2",
        }
    ]


def test_docs_log_format_shows_a_real_casino_round_and_the_minimal_fixture() -> None:
    text = (HERE.parents[1] / "docs" / "log-format.md").read_text(encoding="utf-8")
    section = text.split("## Casino Pontoon: the dealer and the shoe (C1–C11)", 1)[1]
    section = section.split("\n## ", 1)[0]
    blocks = [b.split("\n```", 1)[0].strip() for b in section.split("```json\n")[1:]]
    log = play("--seed", "296", "--deals", "2", "--players", "2", "--strategy", "dealer-mimic",
               "--set", "decks=1", "--set", "shuffle_every=2")  # fmt: skip
    assert blocks == [*log.decode().splitlines(), MINIMAL.read_text(encoding="utf-8").strip()]


# a stacked shoe: only a scenario's (C1) --------------------------------------------------------


def test_C1_a_scenarios_stacked_rounds_are_counted_and_the_shoe_goes_on(tmp_path: Path) -> None:
    recs = arranged("8C 2D 8D 3D", [("ann", 1, "stake", 2), ("ann", 1, "stand", None)])
    recs[0]["scenario"] = "stacked"
    recs[1]["pack_state"] = "stacked"
    code, found, err = replay(tmp_path, dump(recs))
    assert (code, found) == (0, []), err
    assert "1 deal stacked by a scenario, not dealt" in err


# the JSON Schema covers casino logs ---------------------------------------------------------------


def test_schema_lists_every_field_the_casino_writer_writes() -> None:
    defs = SCHEMA["$defs"]
    header, *deals = BASE
    assert list(defs["casino_rules"]["properties"]) == [n for n, *_ in setting_info("casino")]
    assert list(defs["casino_table"]["properties"]) == list(header["table"])
    for deal in deals:
        assert list(defs["casino_deal"]["properties"]) == list(deal)
        for h in deal["hands"]:
            assert list(defs["casino_hand"]["properties"]) == list(h)
        for c in deal["cards"]:
            assert list(defs["card_dealt"]["properties"]) == list(c)
        assert list(defs["casino_deal"]["properties"]["dealer_hand"]["properties"]) == list(
            deal["dealer_hand"]
        )
    words = defs["casino_decision"]["properties"]["action"]["enum"]
    assert words == ["stake", "hit", "stand", "double", "split"]
    for rec in BASE:
        VALIDATOR.validate(rec)


def traditional_deal() -> Record:
    from support.logs import DEALS

    return copy.deepcopy(DEALS[0])


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"banker": "p1"}, "banker"),
        ({"sale": None}, "sale"),
        ({"banker_hand": {"cards": "9H", "class": "total", "total": 9}}, "banker_hand"),
        ({"void": False}, "void"),
        ({"next_banker": "p1"}, "next_banker"),
        ({"kitty": {"before": 0, "moves": [], "after": 0}}, "kitty"),
    ],
)
def test_C3_a_casino_record_with_a_banks_field_fails_the_schema_and_replay(
    tmp_path: Path, change: Record, field: str
) -> None:
    recs = base()[:3]
    recs[2].update(change)
    assert not VALIDATOR.is_valid(recs[2])
    code, found, err = replay(tmp_path, dump(recs))
    assert (code, found) == (2, [])
    assert err.startswith(f"pontoon: {tmp_path / 'game.jsonl'}:3: {field}: expected "), err


def test_a_traditional_record_with_a_dealers_hand_fails_the_schema_and_replay() -> None:
    from support.logs import HEADER

    deal = traditional_deal()
    deal["dealer_hand"] = {"cards": "9H 8H", "class": "total", "total": 17}
    assert not VALIDATOR.is_valid(deal)
    with pytest.raises(LogFormatError, match=r"^t\.jsonl:2: dealer_hand: expected no such field"):
        replay_lines("t.jsonl", [orjson.dumps(HEADER) + b"\n", orjson.dumps(deal) + b"\n"])
    doubled = traditional_deal()
    doubled["hands"][0]["doubled"] = False
    assert not VALIDATOR.is_valid(doubled)


def test_a_casino_word_in_a_traditional_log_and_the_reverse_fail_both() -> None:
    recs = base()
    recs[1]["decisions"][4]["action"] = "stick"  # a script's synonym, never a log's word
    assert not VALIDATOR.is_valid(recs[1])
    with pytest.raises(LogFormatError, match=r"decisions\[4\]\.action: expected one of stake, hit"):
        replay_lines("t.jsonl", [orjson.dumps(r) + b"\n" for r in recs[:2]])


CASINO_DEALS = BASE[1:]


def casino_rejected(record: Record) -> bool:
    try:
        replay_lines("t.jsonl", [orjson.dumps(BASE[0]) + b"\n", orjson.dumps(record) + b"\n"])
    except LogFormatError:
        return True
    return False


ODD_VALUES = [None, "x", "", 0, -1, 7, 2.5, True, [], {}, ["x"], {"x": 1}, "9H", "AS KD", "dealer"]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_replay_refuses_exactly_what_the_schema_refuses_in_a_casino_round(
    data: st.DataObject,
) -> None:
    """Change one value of a casino round's record (or drop it, or add a field): replay exits 2
    exactly when the JSON Schema says the record is invalid."""
    record = copy.deepcopy(data.draw(st.sampled_from(CASINO_DEALS[:3])))
    path = data.draw(st.sampled_from(list(paths(record))))
    how = data.draw(st.sampled_from(["set", "set", "set", "delete", "add"]))
    if how == "set":
        set_path(record, path, data.draw(st.sampled_from(ODD_VALUES)))
    elif how == "delete":
        delete_path(record, path)
    else:
        record[data.draw(st.sampled_from(["remark", "banker", "void", "kitty"]))] = None
    valid = VALIDATOR.is_valid(record)
    assert casino_rejected(record) == (not valid), (path, how, record)


@pytest.mark.parametrize(
    ("change", "valid"),
    [
        ({}, True),
        ({"cut": []}, False),  # no bank to cut for (C3)
        ({"table": {"banker": "p1"}}, False),
        ({"table": {"banker": None}}, True),
        ({"table": {"seats": [f"p{i}" for i in range(8)]}}, False),  # 1 to 7 seats (C3)
        ({"table": {"seats": ["p1", "dealer"]}}, False),  # the dealer's name (C3)
        ({"table": {"seats": []}}, False),
        ({"rules": {"preset": "casino"}}, True),
        ({"rules": {"preset": "casino", "decks": 9}}, False),
        ({"rules": {"preset": "casino", "shuffle_every": 0}}, False),
        ({"rules": {"preset": "casino", "split_hands": 4}}, False),
        ({"rules": {"preset": "casino", "stick_minimum": 15}}, False),  # traditional only
        ({"rules": {"preset": "casino", "kitty": 20}}, False),  # shoot only
        ({"rules": {"preset": "traditional", "decks": 8}}, False),  # casino only
    ],
)
def test_casino_header_checks_agree_with_the_schema(change: dict[str, Any], valid: bool) -> None:
    header = copy.deepcopy(BASE[0])
    for key, value in change.items():
        if key == "table":
            header["table"].update(value)
            seats = header["table"]["seats"]
            header["table"]["bankrolls"] = dict.fromkeys(seats, 60)
        else:
            header[key] = value
    if change == {"table": {"banker": None}}:
        del header["table"]["banker"]  # absent is null too
    assert VALIDATOR.is_valid(header) == valid
    if valid:
        assert replay_lines("t.jsonl", [orjson.dumps(header) + b"\n"]) == []
    else:
        with pytest.raises(LogFormatError, match=r"^t\.jsonl:1: "):
            replay_lines("t.jsonl", [orjson.dumps(header) + b"\n"])


def test_the_schema_command_prints_the_casino_definitions() -> None:
    result = runner.invoke(app, ["schema"])
    assert result.exit_code == 0
    printed = json.loads(result.stdout)
    assert {"casino_rules", "casino_table", "casino_deal", "casino_hand"} <= set(printed["$defs"])
    assert printed["$defs"]["header"]["then"]["properties"]["cut"] is False


def test_the_base_log_is_the_writers_bytes() -> None:
    assert dump(BASE) == BASE_LOG


def test_the_tests_random_player_s_games_today_verify(tmp_path: Path) -> None:
    # The base log keeps an earlier shuffle; the same player over today's shoe (shuffled from the
    # top and carried over between shuffles, C1) must verify too, doubles and splits included.
    log = dealt(5, 60, 3, 200, decks=2, shuffle_every=3)
    code, found, err = replay(tmp_path, log)
    assert (code, found) == (0, []), err
    decisions = [d["action"] for r in records(log)[1:] for d in r["decisions"]]
    assert {"double", "split"} <= set(decisions)
    assert log != BASE_LOG[: len(log)]


def test_casino_and_traditional_logs_joined_with_cat_verify(tmp_path: Path) -> None:
    """A second header starts a new game of its own preset, whichever came before."""
    from support.logs import play_log

    joined = BASE_LOG + play_log(7, deals=3) + MINIMAL.read_bytes() + BASE_LOG
    code, found, err = replay(tmp_path, joined)
    assert (code, found) == (0, []), err
    assert "66 deals verified, 0 with divergences" in err


def test_C1_an_infinite_shoe_replays_and_a_round_of_the_wrong_size_is_caught(
    tmp_path: Path,
) -> None:
    # decks = 0: each round's shoe is the cards one round can take (3 seats x 3 hands x 5 + 5),
    # drawn on their own, so a card may come twice; the log holds them as drawn
    log = play("--set", "decks=0", "--seed", "2", "--deals", "20", "--players", "3")
    rounds = records(log)
    assert {len(r["pack"].split()) for r in rounds[1:]} == {50}
    assert {r["pack_state"] for r in rounds[1:]} == {"shuffled"}
    assert replay(tmp_path, log)[:2] == (0, [])
    short = copy.deepcopy(rounds)
    short[3]["pack"] = " ".join(short[3]["pack"].split()[:-1])  # a card the round never took
    code, found, _ = replay(tmp_path, dump(short))
    assert (code, found) == (
        1,
        [divergence(tmp_path, 4, 3, None, None, "pack", "49 cards", "50 cards", "C1")],
    )
    continued = copy.deepcopy(rounds)
    continued[3]["pack_state"] = "continued"  # an infinite shoe is new before every round
    code, found, _ = replay(tmp_path, dump(continued))
    assert (code, found) == (
        1,
        [divergence(tmp_path, 4, 3, None, None, "pack_state", "continued", "shuffled", "C1")],
    )
