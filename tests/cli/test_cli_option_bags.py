"""The command line's option bags (play, simulate): small frozen records, and checks called by
keyword, so a call reads as what it passes."""

from __future__ import annotations

import dataclasses
import inspect

import pytest
from typer.testing import CliRunner

from pontoon_cli.cli.main import app
from pontoon_cli.cli.play import GameOptions, TableOptions

runner = CliRunner()


def test_the_table_options_are_checked_and_given_by_keyword_only() -> None:
    kinds = {p.kind for p in inspect.signature(TableOptions.given).parameters.values()}
    assert kinds == {inspect.Parameter.KEYWORD_ONLY}
    with pytest.raises(TypeError):
        TableOptions.given(None, 7)  # type: ignore[misc]


def test_the_table_options_as_given() -> None:
    table = TableOptions.given(players=3, bankroll=50)
    assert (table.players, table.players_option, table.bankroll, table.banker) == (
        ("p1", "p2", "p3"),
        3,
        50,
        None,
    )
    assert table.scenario_table() == {"players": ["p1", "p2", "p3"], "bankroll": 50}
    named = TableOptions.given(player=["ann", "bob"], banker="bob")
    assert (named.players, named.players_option) == (("ann", "bob"), None)
    assert named.scenario_table() == {"players": ["ann", "bob"], "banker": "bob"}
    assert TableOptions.given().scenario_table() == {}
    with pytest.raises(dataclasses.FrozenInstanceError):
        table.bankroll = 1  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        GameOptions(settings={}).rules = "casino"  # type: ignore[misc]


def test_seeded_play_wants_two_players_at_least() -> None:
    result = runner.invoke(app, ["play", "--seed", "1", "--deals", "1", "--players", "1"])
    assert (result.exit_code, result.stderr) == (2, "pontoon: --players must be 2 or more, got 1\n")


def test_C3_a_casino_table_refuses_any_banker_strategy() -> None:
    args = ["play", "--rules", "casino", "--seed", "1", "--banker-strategy", "banker"]
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.stderr == (
        "pontoon: --banker-strategy: a casino table has no banker: the dealer is the house and "
        "plays by his rule (C3, C9); leave it out\n"
    )
