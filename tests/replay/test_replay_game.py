"""Replay's one per-deal pipeline (pontoon_cli/logformat/replay.py): each game a subclass of
GameReplay, the decision loop read from the action table, and the layers it keeps apart."""

from __future__ import annotations

import subprocess
import sys

import orjson
import pytest
from typer.testing import CliRunner

from pontoon_cli.casino.replay import CasinoReplay
from pontoon_cli.cli.main import app
from pontoon_cli.core.actions import CASINO_ACTIONS, SHOOT_ACTIONS, TRADITIONAL_ACTIONS
from pontoon_cli.core.rules import HOUSE_PRESETS
from pontoon_cli.games import PLAYED, game_of
from pontoon_cli.logformat.check import read_header
from pontoon_cli.logformat.divergence import Divergence, Place
from pontoon_cli.logformat.replay import GameReplay
from pontoon_cli.replay.replayer import REPLAYS
from pontoon_cli.shoot.replay import ShootReplay
from pontoon_cli.traditional.replay import TraditionalReplay

#: The traditional game's packages (Shoot Pontoon extends it), the log writer and the registry:
#: casino Pontoon's replay loads no module of them.
TRADITIONAL_MODULES = ("traditional", "shoot", "log", "games")


def test_each_preset_replays_through_its_own_game_replay() -> None:
    assert set(REPLAYS) == set(PLAYED)
    assert REPLAYS["traditional"] is TraditionalReplay
    assert REPLAYS["shoot"] is ShootReplay
    assert issubclass(ShootReplay, TraditionalReplay)  # Shoot Pontoon extends the traditional game
    assert REPLAYS["casino"] is CasinoReplay
    assert all(issubclass(replay, GameReplay) for replay in REPLAYS.values())  # type: ignore[arg-type]


def test_the_words_whose_amount_the_rules_derive_T5_2_C7_C8() -> None:
    """A split's new stake (T5.2, C8) and a casino double's added bet (C7): the decision loop
    takes them without their amount and compares the recorded one."""
    assert TRADITIONAL_ACTIONS.derived == {"split"}
    assert SHOOT_ACTIONS.derived == {"split"}
    assert CASINO_ACTIONS.derived == {"split", "double"}
    assert [a.word for a in CASINO_ACTIONS.rows if a.derived_amount] == ["double", "split"]
    assert not any(a.amount and a.derived_amount for a in SHOOT_ACTIONS.rows)


def test_a_casino_replay_loads_no_module_of_the_traditional_game() -> None:
    """Casino Pontoon's replay stands on the base deal and game: importing it loads neither the
    traditional deal, game and players nor their replay."""
    code = (
        "import sys, pontoon_cli.casino.replay\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith('pontoon_cli.'))))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = {m.removeprefix("pontoon_cli.") for m in done.stdout.split()}
    assert "casino.replay" in loaded and "logformat.replay" in loaded
    assert sorted(m for m in loaded if m.split(".")[0] in TRADITIONAL_MODULES) == []


@pytest.mark.parametrize("preset", ["traditional", "shoot", "casino"])
def test_C3_one_answer_to_whether_a_log_is_a_casino_tables(preset: str) -> None:
    """The header checks, the views, replay and the games registry read the same answer (C3)."""
    result = CliRunner().invoke(app, ["play", "--rules", preset, "--seed", "3", "--deals", "1"])
    header = orjson.loads(result.stdout_bytes.splitlines()[0])
    _, table = read_header(header, "game.jsonl", 1)
    house = preset in HOUSE_PRESETS
    assert table.house is house
    assert game_of(preset).house is house
    assert (preset == "casino") is house


def test_a_divergence_is_made_with_named_fields() -> None:
    at = Place("game.jsonl", 3, 2)
    found = at.div(field="net", recorded=-2, expected=-1, rule="T7.1", player="p4")
    assert found == Divergence(
        file="game.jsonl",
        line=3,
        deal=2,
        player="p4",
        hand=None,
        field="net",
        recorded=-2,
        expected=-1,
        rule="T7.1",
    )
    assert str(found) == "game.jsonl:3: deal 2: p4: net recorded -2, rules give -1 (T7.1)"
    with pytest.raises(TypeError):
        at.div(None, None, "net", -2, -1, "T7.1")  # type: ignore[misc]
