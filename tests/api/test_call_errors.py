"""Each natural mistake of a Python caller, and the error it gets at the call: its class and its
message, word for word. The suite runs twice (compiled, then ``PONTOON_PURE=1``): the table holds
for both builds, so neither says it in mypyc's words nor in the other build's."""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from pathlib import Path

import orjson
import pytest

from pontoon_cli import (
    IllegalAction,
    LogFormatError,
    PontoonError,
    Rules,
    RulesError,
    Table,
    new_game,
    play,
    read_log,
    simulate,
    write_log,
)
from pontoon_cli.api.playing import Game
from pontoon_cli.core.arguments import ArgumentError

LIMITS = "from -(2**53 - 1) to 2**53 - 1"


def _stake_4_as_text() -> object:
    return new_game(seed=7).act("stake", "4")  # type: ignore[arg-type]


def _twist_at_the_stakes() -> object:
    return new_game(seed=7).act("twist")


MISTAKES: list[tuple[str, Callable[[], object], type[Exception], str]] = [
    # play: at the call, not when its records are read
    (
        "seed as text",
        lambda: play(seed="42"),  # type: ignore[arg-type]
        ArgumentError,
        "play(): seed= takes a whole number or None; got str '42'",
    ),
    (
        "seed past what the CLI takes",
        lambda: play(seed=2**60),
        PontoonError,
        f"play(): seed= takes a whole number {LIMITS}; got {2**60}",
    ),
    (
        "no deals",
        lambda: play(deals=-1),
        PontoonError,
        "play(): deals= takes a whole number from 1 to 2**53 - 1; got -1",
    ),
    (
        "deals as a bool",
        lambda: play(deals=True),
        ArgumentError,
        "play(): deals= takes a whole number; got bool True",
    ),
    (
        "rules of another kind",
        lambda: play(5),  # type: ignore[arg-type]
        ArgumentError,
        "play(): rules= takes a Rules, a preset name, a rules file's path or None; got int 5",
    ),
    (
        "a table as a tuple of names",
        lambda: play(table=("a", "b")),  # type: ignore[arg-type]
        ArgumentError,
        "play(): table= takes a Table or None; got tuple ('a', 'b')",
    ),
    (
        "a misspelt preset",
        lambda: play("tradtional"),
        RulesError,
        "unknown preset 'tradtional'; did you mean 'traditional'? (presets: traditional, "
        "shoot, casino), and no rules file '{cwd}/tradtional' (tradtional.toml or .json)",
    ),
    (
        "a banker's strategy at a casino table",
        lambda: play("casino", banker_strategy="basic"),
        PontoonError,
        "banker_strategy=: a casino table has no banker: the dealer is the house and plays by "
        "his rule (C3, C9); leave it out",
    ),
    (
        "a strategy's module that is not there",
        lambda: play(strategy="nomodule:Mine"),
        PontoonError,
        "strategy='nomodule:Mine': no module named 'nomodule'",
    ),
    (
        "more seats than the packs deal to",
        lambda: play(seed=1, table=Table.seated(Rules(), 100)),
        PontoonError,
        "100 seats need at least 200 cards per deal (2 a seat, T4.1, T4.3), and 2 packs hold "
        "104: use rules.with_overrides(packs=4)",
    ),
    (
        "a scenario as a number",
        lambda: play(scenario=3),  # type: ignore[arg-type]
        ArgumentError,
        "play(): scenario= takes a path or None; got int 3",
    ),
    # write_log and new_game: the same words, their own name
    (
        "write_log's seed as text",
        lambda: write_log(io.BytesIO(), seed="42"),  # type: ignore[arg-type]
        ArgumentError,
        "write_log(): seed= takes a whole number or None; got str '42'",
    ),
    (
        "write_log's deals of 0",
        lambda: write_log(io.BytesIO(), deals=0),
        PontoonError,
        "write_log(): deals= takes a whole number from 1 to 2**53 - 1; got 0",
    ),
    (
        "new_game's seed as text",
        lambda: new_game(seed="7"),  # type: ignore[arg-type]
        ArgumentError,
        "new_game(): seed= takes a whole number; got str '7'",
    ),
    (
        "new_game without a seed",
        lambda: new_game(),  # type: ignore[call-arg]
        TypeError,
        "new_game() missing 1 required keyword-only argument: 'seed'",
    ),
    (
        "a Game made with a preset's name",
        lambda: Game("casino", Table.seated(Rules()), 7),  # type: ignore[arg-type]
        ArgumentError,
        "Game(): rules= takes a Rules; got str 'casino'",
    ),
    # the steppable game
    (
        "a stake as text",
        _stake_4_as_text,
        ArgumentError,
        "Game.act(): amount= takes a whole number or None; got str '4'",
    ),
    (
        "an action that is not a name",
        lambda: new_game(seed=7).act(4),  # type: ignore[arg-type]
        ArgumentError,
        "Game.act(): action= takes an action's name (a str); got int 4",
    ),
    (
        "a twist at the stakes",
        _twist_at_the_stakes,
        IllegalAction,
        "deal 1, p1, hand 1: cannot twist now: the deal is at the stakes (T5)",
    ),
    # rules and tables
    (
        "a misspelt setting",
        lambda: Rules(stick_minumum=16),
        RulesError,
        "unknown rule setting 'stick_minumum'; did you mean 'stick_minimum'?",
    ),
    (
        "a setting as text",
        lambda: Rules(stick_minimum="16"),
        RulesError,
        "rule setting 'stick_minimum': '16' is not a whole number (T5.5, V2, V9)",
    ),
    (
        "a setting out of its choices",
        lambda: Rules("traditional", stick_minimum=11),
        RulesError,
        "rule setting 'stick_minimum': 11 is not one of 12, 13, 14, 15, 16, 17 (T5.5, V2, V9)",
    ),
    (
        "another preset's setting",
        lambda: Rules(decks=6),
        RulesError,
        "rule setting 'decks' belongs to the casino preset (C1); these rules are "
        "'traditional': use Rules('casino', decks=...)",
    ),
    (
        "a misspelt setting changed",
        lambda: Rules().with_overrides(stick_minumum=16),
        RulesError,
        "unknown rule setting 'stick_minumum'; did you mean 'stick_minimum'?",
    ),
    (
        "overrides that are no dict",
        lambda: Rules().with_overrides([("stick_minimum", 16)]),  # type: ignore[arg-type]
        ArgumentError,
        "Rules.with_overrides(): overrides= takes a dict or None; got list [('stick_minimum', 16)]",
    ),
    (
        "seats as one string",
        lambda: Table(seats="ann"),
        ArgumentError,
        "Table(): seats= takes a list or tuple of the players' names; got str 'ann'",
    ),
    (
        "a stake limit as text",
        lambda: Table(seats=["ann", "bob"], max_stake="10"),
        RulesError,
        "max_stake: '10' is not a whole number of 1 or more (T3.3)",
    ),
    (
        "a bankroll missing",
        lambda: Table(seats=["ann", "bob"], bankrolls={"ann": 100}),
        RulesError,
        "no bankroll for ['bob'] (T8.6)",
    ),
    # simulate
    (
        "no rounds",
        lambda: simulate(rounds=0, seed=1),
        PontoonError,
        "simulate(): rounds= takes a whole number from 1 to 2**53 - 1; got 0",
    ),
    (
        "one seat at a banker's table",
        lambda: simulate(players=1, seed=1, rounds=10),
        PontoonError,
        "players= must be 2 or more, got 1",
    ),
    (
        "workers as text",
        lambda: simulate(seed=1, rounds=10, workers="2"),  # type: ignore[arg-type]
        ArgumentError,
        "simulate(): workers= takes a whole number; got str '2'",
    ),
]


@pytest.mark.parametrize(
    ("call", "kind", "message"),
    [pytest.param(call, kind, message, id=name) for name, call, kind, message in MISTAKES],
)
def test_a_natural_mistake_gets_its_error_at_the_call(
    call: Callable[[], object], kind: type[Exception], message: str
) -> None:
    with pytest.raises(kind) as caught:
        call()  # no list(): a generator's mistakes are refused before it is read
    assert type(caught.value) is kind
    assert str(caught.value) == message.format(cwd=os.getcwd())


def test_an_argument_error_is_a_type_error_and_a_pontoon_error() -> None:
    assert issubclass(ArgumentError, TypeError)
    assert issubclass(ArgumentError, PontoonError)


def test_a_game_places_an_illegal_action_at_its_deal() -> None:
    game = new_game(seed=7)
    with pytest.raises(IllegalAction) as caught:
        game.act("twist")
    assert (caught.value.deal, caught.value.player, caught.value.hand) == (1, "p1", 1)
    assert caught.value.rule == "T5"


def test_a_log_format_error_carries_its_path_and_line(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    header = next(iter(play(seed=7, deals=1)))
    log.write_bytes(orjson.dumps(header) + b"\n" + b"not json\n")
    with pytest.raises(LogFormatError) as caught:
        read_log(log)
    assert (caught.value.path, caught.value.line) == (str(log), 2)
    assert str(caught.value).startswith(f"{log}:2: ")
    with pytest.raises(LogFormatError) as missing:
        read_log(tmp_path / "none.jsonl")
    assert (missing.value.path, missing.value.line) == (str(tmp_path / "none.jsonl"), None)
