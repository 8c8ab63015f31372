"""Shoot Pontoon's log (S1-S10): the kitty in every deal record, and replay verifying it.

Seeded Shoot games replay clean; a kitty amount, a shoot bet or a kitty move changed in the log is
caught with the S rule that gives the true value; a third party's minimal Shoot log replays; the
JSON Schema describes what the writer writes.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import jsonschema
import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.replay import Record, dump, first, replay
from typer.testing import CliRunner

from pontoon_cli.cli.main import app
from pontoon_cli.log.writer import schema

runner = CliRunner()
HERE = Path(__file__).resolve().parent
MINIMAL = HERE / "minimal-shoot.jsonl"


def play(*args: str) -> bytes:
    result = runner.invoke(app, ["play", "--rules", "shoot", *args])
    assert result.exit_code == 0, result.stderr
    return result.stdout_bytes


def records(log: bytes) -> list[Record]:
    return [orjson.loads(line) for line in log.splitlines()]


SEVEN = records(play("--seed", "7", "--deals", "30"))


def seven() -> list[Record]:
    return copy.deepcopy(SEVEN)


def shoot_decision(rec: Record) -> int:
    return next(i for i, d in enumerate(rec["decisions"]) if d["action"] == "shoot")


# seeded games replay ------------------------------------------------------------------------------


def test_S1_to_S10_play_rules_shoot_seed_7_500_deals_random_replays(tmp_path: Path) -> None:
    log = play("--seed", "7", "--deals", "500", "--strategy", "random")
    recs = records(log)
    moved = {m["rule"] for r in recs[1:] for m in r["kitty"]["moves"]}
    assert {"S1", "S3", "S6", "S7", "S9", "S10"} <= moved  # the game exercises the kitty
    assert any(d["action"] == "shoot" for r in recs[1:] for d in r["decisions"])
    code, found, err = replay(tmp_path, log)
    assert (code, found) == (0, []), err
    assert f"{len(recs) - 1} deals verified, 0 with divergences" in err


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("strategy", ["default", "random"])
def test_S1_to_S10_seeded_shoot_games_replay_and_conserve_money(
    tmp_path: Path, seed: int, strategy: str
) -> None:
    log = play("--seed", str(seed), "--deals", "60", "--players", "5", "--strategy", strategy)
    recs = records(log)
    total = sum(recs[0]["table"]["bankrolls"].values())
    before = 0
    for r in recs[1:]:
        kitty = r["kitty"]
        assert kitty["before"] == before  # continuity, as balances
        assert kitty["after"] == kitty["before"] + sum(m["amount"] for m in kitty["moves"])
        assert sum(r["balance"].values()) + kitty["after"] == total  # money is conserved
        before = kitty["after"]
    assert replay(tmp_path, log)[:2] == (0, [])


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    seed=st.integers(0, 2**53 - 1),
    players=st.integers(2, 9),
    strategy=st.sampled_from(["default", "random"]),
    bankroll=st.sampled_from(["8", "60", "1000"]),
    kitty=st.sampled_from(["10", "20", "100"]),
)
def test_S1_to_S10_replay_of_any_seeded_shoot_game_verifies(
    tmp_path: Path, seed: int, players: int, strategy: str, bankroll: str, kitty: str
) -> None:
    log = play(
        *("--seed", str(seed), "--deals", "25", "--players", str(players)),
        *("--strategy", strategy, "--bankroll", bankroll, "--set", f"kitty={kitty}"),
    )
    assert replay(tmp_path, log)[:2] == (0, [])


# tampering is caught with the rule ---------------------------------------------------------------


def test_S7_a_changed_kitty_after_is_caught(tmp_path: Path) -> None:
    recs = seven()
    recs[2]["kitty"]["after"] += 1
    d = first(tmp_path, recs)
    assert (d["deal"], d["field"], d["rule"]) == (2, "kitty.after", "S7")
    assert d["expected"] == d["recorded"] - 1


def test_S8_a_kitty_that_does_not_continue_from_the_last_deal_is_caught(tmp_path: Path) -> None:
    recs = seven()
    recs[3]["kitty"]["before"] -= 1
    d = first(tmp_path, recs)
    assert (d["deal"], d["field"], d["recorded"], d["expected"], d["rule"]) == (
        3,
        "kitty.before",
        29,
        30,
        "S8",
    )


def test_S1_a_changed_first_kitty_is_caught(tmp_path: Path) -> None:
    recs = seven()
    recs[1]["kitty"]["moves"][0]["amount"] = 25
    d = first(tmp_path, recs)
    assert (d["field"], d["recorded"], d["expected"], d["rule"]) == (
        "kitty.moves[0].amount",
        25,
        20,
        "S1",
    )


def test_S7_a_changed_shoot_bet_is_caught(tmp_path: Path) -> None:
    recs = seven()
    i = shoot_decision(recs[2])
    recs[2]["decisions"][i]["amount"] += 1
    d = first(tmp_path, recs)
    assert (d["deal"], d["player"], d["field"], d["rule"]) == (
        2,
        "p1",
        "kitty.moves[0].amount",
        "S7",
    )


def test_S2_a_shoot_bet_beyond_the_kitty_is_caught(tmp_path: Path) -> None:
    recs = seven()
    i = shoot_decision(recs[2])
    recs[2]["decisions"][i]["amount"] = 21
    d = first(tmp_path, recs)
    assert (d["field"], d["recorded"], d["rule"]) == (f"decisions[{i}]", "shoot 21", "S2")
    assert (
        d["expected"]
        == "cannot shoot 21: the kitty holds 20 and the open shoot bets 0, so at most 20"
    )


def test_S4_a_shoot_bet_on_the_third_card_is_caught(tmp_path: Path) -> None:
    recs = seven()
    rec = recs[1]
    # p2 buys his third card in deal 1 (2H 5C): a shoot bet before it is refused
    at = next(
        i for i, d in enumerate(rec["decisions"]) if d["player"] == "p2" and d["action"] == "buy"
    )
    rec["decisions"].insert(at, {"player": "p2", "hand": 1, "action": "shoot", "amount": 1})
    d = first(tmp_path, recs)
    assert (d["field"], d["rule"]) == (f"decisions[{at}]", "S4")
    assert (
        d["expected"]
        == "cannot shoot: no shoot bet on the third card: the next comes before the fourth"
    )


def test_S2_a_removed_shoot_bet_is_caught(tmp_path: Path) -> None:
    recs = seven()
    del recs[2]["decisions"][shoot_decision(recs[2])]
    d = first(tmp_path, recs)
    assert d["deal"] == 2 and d["field"].startswith("kitty.moves") and d["rule"] == "S7"


def test_S1_a_kitty_in_a_traditional_log_is_caught(tmp_path: Path) -> None:
    result = runner.invoke(app, ["play", "--seed", "7", "--deals", "3"])
    recs = records(result.stdout_bytes)
    recs[1]["kitty"] = {"before": 0, "moves": [], "after": 0}
    d = first(tmp_path, recs)
    assert (d["field"], d["rule"]) == ("kitty", "S1")


@pytest.mark.parametrize(
    ("kitty", "field"),
    [
        ([], "kitty"),
        ({"before": 0, "moves": [], "after": 20, "extra": 1}, "kitty.extra"),
        ({"before": "0"}, "kitty.before"),
        ({"moves": {}}, "kitty.moves"),
        (
            {"moves": [{"rule": "X1", "player": "p4", "hand": None, "amount": 1}]},
            "kitty.moves[0].rule",
        ),
        (
            {"moves": [{"rule": "S1", "player": "p4", "hand": 0, "amount": 1}]},
            "kitty.moves[0].hand",
        ),
        (
            {"moves": [{"rule": "S1", "player": "p4", "hand": None, "amount": "1"}]},
            "kitty.moves[0].amount",
        ),
    ],
)
def test_a_kitty_the_schema_refuses_is_unreadable(tmp_path: Path, kitty: Any, field: str) -> None:
    recs = seven()
    recs[1]["kitty"] = kitty
    code, _, err = replay(tmp_path, dump(recs))
    assert code == 2
    assert f"game.jsonl:2: {field}: expected" in err


# the minimal form and the schema ----------------------------------------------------------------


def test_a_third_partys_minimal_shoot_log_replays(tmp_path: Path) -> None:
    code, found, err = replay(tmp_path, MINIMAL.read_bytes())
    assert (code, found) == (0, []), err
    assert "2 deals verified, 0 with divergences" in err


def test_S6_a_third_partys_minimal_shoot_log_with_a_wrong_kitty_is_caught(tmp_path: Path) -> None:
    recs = records(MINIMAL.read_bytes())
    recs[1]["kitty"]["moves"][1]["amount"] = 9  # bob's bust sent 10 into the kitty
    d = first(tmp_path, recs)
    assert (d["player"], d["field"], d["expected"], d["rule"]) == (
        "bob",
        "kitty.moves[1].amount",
        10,
        "S6",
    )


def test_S6_a_bust_that_ends_the_deal_T6_3_is_logged_S6_and_replays(tmp_path: Path) -> None:
    log = play("--seed", "9", "--deals", "1", "--players", "4", "--strategy", "random")
    deal = records(log)[1]
    assert deal["kitty"]["moves"][2] == {"rule": "S6", "player": "p3", "hand": 1, "amount": 11}
    assert [h["rule"] for h in deal["hands"]] == ["T5.6"] * 3  # every punter hand bust (T6.3)
    code, found, err = replay(tmp_path, log)
    assert (code, found) == (0, []), err
    recs = records(log)
    recs[1]["kitty"]["moves"][2]["rule"] = "S7"
    d = first(tmp_path, recs)
    assert (d["field"], d["recorded"], d["expected"], d["rule"]) == (
        "kitty.moves[2].rule",
        "S7",
        "S6",
        "S6",
    )


def test_every_shoot_record_validates_and_the_schema_lists_its_fields() -> None:
    validator = jsonschema.Draft202012Validator(schema())
    defs = schema()["$defs"]
    recs = records(play("--seed", "3", "--deals", "40", "--strategy", "random"))
    assert list(defs["rules"]["properties"]) == list(recs[0]["rules"])
    for rec in recs:
        validator.validate(rec)
    for rec in recs[1:]:
        assert list(defs["deal"]["properties"]) == list(rec)
        assert list(defs["kitty"]["properties"]) == list(rec["kitty"])
        for m in rec["kitty"]["moves"]:
            assert list(defs["kitty_move"]["properties"]) == list(m)
    for rec in records(MINIMAL.read_bytes()):
        validator.validate(rec)


def test_docs_log_format_shows_a_real_shoot_deal_and_the_minimal_fixture() -> None:
    text = (HERE.parents[1] / "docs" / "log-format.md").read_text(encoding="utf-8")
    section = text.split("## Shoot Pontoon: the kitty (S1–S10)", 1)[1].split("\n## ", 1)[0]
    blocks = [b.split("\n```", 1)[0].strip() for b in section.split("```json\n")[1:]]
    real = play("--seed", "7", "--deals", "2", "--players", "4").splitlines()[2].decode()
    assert blocks == [real, MINIMAL.read_text(encoding="utf-8").strip()]


def test_S10_a_sale_of_the_bank_hands_the_kitty_over_and_replays(tmp_path: Path) -> None:
    path = tmp_path / "sale.toml"
    path.write_text(
        'rules = "shoot"\nseed = 3\nstrategy = "default"\ndeals = 3\n'
        '[table]\nplayers = ["ann", "bob", "cal"]\nbanker = "cal"\nbankroll = 100\n'
        '[[deal]]\n[[deal]]\nsell_bank = { to = "bob", price = 7 }\nkitty_add = 5\n'
    )
    result = runner.invoke(app, ["play", str(path)])
    assert result.exit_code == 0, result.stderr
    recs = records(result.stdout_bytes)
    kitty = recs[2]["kitty"]
    left = recs[1]["kitty"]["after"]
    assert recs[2]["sale"] == {"seller": "cal", "buyer": "bob", "price": 7}
    assert kitty["moves"][:3] == [
        {"rule": "S10", "player": "cal", "hand": None, "amount": -left},  # the old banker's
        {"rule": "S10", "player": "bob", "hand": None, "amount": 20},  # the buyer's new kitty
        {"rule": "S8", "player": "bob", "hand": None, "amount": 5},
    ]
    assert replay(tmp_path, result.stdout_bytes)[:2] == (0, [])
    recs[2]["kitty"]["moves"][0]["amount"] = -left + 1  # the old banker keeps a unit back
    d = first(tmp_path, recs)
    assert (d["player"], d["field"], d["rule"]) == ("cal", "kitty.moves[0].amount", "S10")
