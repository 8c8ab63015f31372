"""The scenarios of the options V1, V2, V4, V5 and V9, played with the option and without it.

Each ``scenarios/v*.toml`` of these options plays to its expectations
(tests/scenario/test_scenarios.py).
Here each is played once more with its option switched off (``--set``, which wins over the file),
and must then fail: V4's and V9's expectations no longer hold or the scenario is refused. V1, V2
and V5 only refuse an action, so their scenarios play the same without them; for these the refused
action is written into a copy of the scenario, which the option refuses with its rule ID and which
plays on with the option off.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import orjson
from typer.testing import CliRunner, Result

from pontoon_cli.cli.main import app

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"

runner = CliRunner()


def play(path: Path, *args: str) -> Result:
    return runner.invoke(app, ["play", str(path), *args])


def deals(result: Result) -> list[dict[str, Any]]:
    return [orjson.loads(line) for line in result.stdout_bytes.splitlines()][1:]


def edited(tmp_path: Path, name: str, old: str, new: str) -> tuple[Path, int]:
    """A copy of scenario ``name`` with its one line holding ``old`` changed to ``new``, and that
    line's number."""
    lines = (SCENARIOS / name).read_text(encoding="utf-8").splitlines(keepends=True)
    (number,) = [n for n, line in enumerate(lines, 1) if old in line]
    lines[number - 1] = lines[number - 1].replace(old, new)
    path = tmp_path / name
    path.write_text("".join(lines), encoding="utf-8")
    return path, number


def expectations_failed(result: Result, path: Path) -> list[str]:
    """The ``key expected actual`` of each failed expectation of a scenario that played through."""
    assert result.exit_code == 1, result.stderr
    first, heading, *rows = result.stderr.splitlines()
    assert first.startswith(f"{path}: ") and first.endswith("failed")
    assert heading.split() == ["where", "deal", "key", "expected", "actual"]
    return [" ".join(row.split()[3:]) for row in rows]


# V1 aces only -------------------------------------------------------------------------------------


def test_V1_the_scenario_refuses_a_split_of_eights_which_splits_with_V1_off(tmp_path: Path) -> None:
    path, line = edited(
        tmp_path, "v1-aces-only.toml", 'bob = ["twist", "stick"]', 'bob = ["split"]'
    )

    refused = play(path)

    assert refused.exit_code == 1
    assert refused.stderr == (
        f"pontoon: {path}:{line}: deal 1, bob, hand 1: cannot split: only a pair of aces splits "
        "(V1)\n"
    )
    assert refused.stdout_bytes.count(b"\n") == 1  # the header only

    # without V1 the same split is played (the default strategy plays bob's two hands on)
    result = play(path, "--set", "split_aces_only=false", "--strategy", "default")
    (deal,) = deals(result)
    assert [h["hand"] for h in deal["hands"] if h["player"] == "bob"] == [1, 2]
    assert [h["cards"].split()[0] for h in deal["hands"] if h["player"] == "bob"] == ["8S", "8C"]
    assert "(V1)" not in result.stderr


def test_V1_the_scenario_splits_aces_into_two_hands_on_the_same_stake() -> None:
    (deal,) = deals(play(SCENARIOS / "v1-aces-only.toml"))
    ann = [(h["cards"], h["stake"], h["net"]) for h in deal["hands"] if h["player"] == "ann"]
    assert ann == [("AH 7C", 2, 2), ("AS 9H", 2, 2)]


# V2 stick on 16 -----------------------------------------------------------------------------------


def test_V2_the_scenario_refuses_a_stick_on_15_which_loses_with_V2_off(tmp_path: Path) -> None:
    path, line = edited(
        tmp_path, "v2-stick-on-16.toml", 'ann = ["twist", "stick"]', 'ann = ["stick"]'
    )

    refused = play(path)

    assert refused.exit_code == 1
    assert refused.stderr == (
        f"pontoon: {path}:{line}: deal 1, ann, hand 1: cannot stick on 15: the least is 16; buy "
        "or twist (V2)\n"
    )

    # with the stick minimum at 15 (T5.5) ann sticks on 15 and loses to the banker's 17
    result = play(path, "--set", "stick_minimum=15")
    assert expectations_failed(result, path) == [
        "net.ann 2 -2",
        "net.cal 1 5",
        "balance.ann 102 98",
        "balance.cal 101 105",
    ]


# V4 what a pontoon pays ---------------------------------------------------------------------------


def test_V4_the_scenario_fails_with_a_pontoon_paid_double() -> None:
    path = SCENARIOS / "v4-pontoon-pays.toml"
    result = play(path, "--set", "pontoon_pays=2")
    failed = expectations_failed(result, path)
    assert failed[:2] == ["net.ann 6 4", "net.cal -3 -1"]  # deal 1: 2 × 2, not 3 × 2


def test_V4_the_scenario_fails_with_a_bankers_pontoon_collecting_double() -> None:
    path = SCENARIOS / "v4-pontoon-pays.toml"
    result = play(path, "--set", "banker_pontoon_collects=2")
    failed = expectations_failed(result, path)
    assert failed[:3] == ["net.ann 6 12", "net.bob -2 -4", "net.cal -4 -8"]  # deal 2


# V5 no bought sure thing --------------------------------------------------------------------------


def test_V5_the_scenario_refuses_a_bought_fifth_card_on_9_which_is_bought_with_V5_off(
    tmp_path: Path,
) -> None:
    path, line = edited(
        tmp_path,
        "v5-no-bought-sure-thing.toml",
        'ann = ["buy 2", "buy 2", "twist"]',
        'ann = ["buy 2", "buy 2", "buy 2"]',
    )

    refused = play(path)

    assert refused.exit_code == 1
    assert refused.stderr == (
        f"pontoon: {path}:{line}: deal 1, ann, hand 1: cannot buy a fifth card on four cards "
        "totalling 9: twist it (V5)\n"
    )

    # without V5 ann buys her fifth card: her trick is paid 2 × a stake of 8
    result = play(path, "--set", "no_bought_sure_thing=false")
    assert expectations_failed(result, path)[:2] == ["net.ann 12 16", "net.cal -20 -24"]


def test_V5_the_scenario_buys_a_fifth_card_on_12() -> None:
    (deal,) = deals(play(SCENARIOS / "v5-no-bought-sure-thing.toml"))
    bob = [(d["action"], d.get("amount")) for d in deal["decisions"] if d["player"] == "bob"]
    assert bob == [("stake", 1), ("buy", 1), ("buy", 1), ("buy", 1)]


# V9 the number of players -------------------------------------------------------------------------


def test_V9_the_scenario_is_refused_with_one_pack_or_a_stick_minimum_of_15() -> None:
    path = SCENARIOS / "v9-packs-and-players.toml"

    one_pack = play(path, "--set", "packs=null")
    assert one_pack.exit_code == 2
    assert one_pack.stderr.splitlines() == [
        f"{path}:19: deal[1].pack: AS is stacked 2 times, but 1 pack(s) hold it 1 time(s) (T1.1)",
        f"{path}:19: deal[1].pack: KS is stacked 2 times, but 1 pack(s) hold it 1 time(s) (T1.1)",
    ]

    fifteen = play(path, "--set", "stick_minimum=15")
    assert fifteen.exit_code == 1
    assert fifteen.stderr == (
        f"pontoon: {path}:22: deal 1, cal, hand 1: cannot stick on 14: the least is 15; buy or "
        "twist (T5.5)\n"
    )


def test_V9_seven_seats_deal_from_one_pack_eight_from_two_and_packs_sets_it() -> None:
    def pack(*args: str) -> Counter[str]:
        result = runner.invoke(app, ["play", "--seed", "3", "--deals", "1", *args])
        assert result.exit_code == 0, result.stderr
        (deal,) = deals(result)
        assert deal["pack_state"] == "shuffled"
        return Counter(deal["pack"].split())

    seven = pack("--players", "7")
    assert len(seven) == 52 and set(seven.values()) == {1}
    eight = pack("--players", "8")
    assert len(eight) == 52 and set(eight.values()) == {2}  # T1.1: 8 or more seats, two packs
    four = pack("--players", "4", "--set", "packs=2")
    assert len(four) == 52 and set(four.values()) == {2}  # V9: the count is a setting
    three = pack("--players", "8", "--set", "packs=3")
    assert set(three.values()) == {3}
