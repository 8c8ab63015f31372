"""Options combined (docs/rules.md, the V3 choice): V3 with Shoot Pontoon, every option at once."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest


def _log(*args: str) -> list[dict[str, Any]]:
    done = subprocess.run(
        [sys.executable, "-m", "pontoon_cli", "play", *args],
        capture_output=True,
        check=True,
    )
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_V3_S2_S7_the_shoot_round_comes_before_the_double_and_shoot_bets_stay_1_to_1() -> None:
    records = _log(
        "--rules", "shoot", "--seed", "3", "--deals", "200", "--set", "banker_doubles=true"
    )
    both = 0
    for deal in records[1:]:
        actions = [d["action"] for d in deal["decisions"]]
        if "double" not in actions or "shoot" not in actions:
            continue
        both += 1
        at = actions.index("double")
        # every shoot bet of the round after the stakes (S2) is before the double (V3)
        first_card_round = [i for i, a in enumerate(actions) if a == "shoot" and i < at]
        assert first_card_round, deal["deal"]
        bets: dict[tuple[str, int], int] = {}
        for d in deal["decisions"]:
            if d["action"] == "shoot":
                key = (d["player"], d["hand"])
                bets[key] = bets.get(key, 0) + d["amount"]
        for move in deal["kitty"]["moves"]:
            if move["rule"] in ("S3", "S6", "S7"):  # settled at even money, never doubled
                assert abs(move["amount"]) == bets[(move["player"], move["hand"])]
    assert both >= 3


@pytest.mark.parametrize("preset", ["traditional", "shoot"])
@pytest.mark.parametrize("strategy", ["default", "random"])
def test_every_option_at_once_plays_and_replays(preset: str, strategy: str) -> None:
    settings = [
        "banker_doubles=true",
        "burn_on=13",
        "royal_pontoon=true",
        "pontoon_grades=ten-is-21",
        "split_aces_only=true",
        "stick_minimum=16",
        "pontoon_pays=3",
        "no_bought_sure_thing=true",
    ]
    args = ["--rules", preset, "--seed", "5", "--deals", "150", "--strategy", strategy]
    for setting in settings:
        args += ["--set", setting]
    play = subprocess.run(
        [sys.executable, "-m", "pontoon_cli", "play", *args], capture_output=True, check=True
    )
    replay = subprocess.run(
        [sys.executable, "-m", "pontoon_cli", "replay", "-"],
        input=play.stdout,
        capture_output=True,
        check=False,
    )
    assert replay.returncode == 0, replay.stdout.decode() + replay.stderr.decode()
    assert b" 0 with divergences" in replay.stderr
