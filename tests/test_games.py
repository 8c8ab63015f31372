"""The games registry holds what differs between presets (their record shape, their words), and
the rules their bounds (one per-preset table): no module outside them tests ``preset == ...``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pontoon_cli.core.errors import RulesError
from pontoon_cli.core.rules import (
    PRESET_BOUNDS,
    PRESETS,
    PRESETS_KNOWN,
    Table,
    balance_bound,
    seating_problem,
)
from pontoon_cli.games import PLAYED, all_games, game_of
from pontoon_cli.views.shape import SHAPES

PACKAGE = Path(__file__).resolve().parent.parent / "pontoon_cli"


def test_every_preset_has_a_game_a_record_shape_and_bounds() -> None:
    games = all_games()
    assert set(games) == set(PLAYED) == set(PRESET_BOUNDS) == set(PRESETS_KNOWN) == set(SHAPES)
    assert all(SHAPES[p] is games[p].shape and games[p].shape.preset == p for p in games)
    assert all(game_of(p) is games[p] for p in PLAYED)  # each definition made once


def test_a_preset_without_a_game_is_refused_naming_the_nearest() -> None:
    with pytest.raises(RulesError) as refused:
        game_of("shot")
    assert str(refused.value) == "no game for preset 'shot'; did you mean 'shoot'?"


def test_no_module_tests_a_preset_by_name() -> None:
    """Outside a game's own package (traditional, shoot, casino), no module asks which game it
    is by name: comparing two presets (stats: one preset a run) is fine; naming one is not."""
    named = re.compile(r"preset\s*[!=]=\s*[\"']")
    games = ("traditional", "shoot", "casino")
    found = [
        f"{path.relative_to(PACKAGE)}:{n}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.relative_to(PACKAGE).parts[0] not in games
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if named.search(line)
    ]
    assert found == []


@pytest.mark.parametrize(
    ("preset", "seat", "sit_out", "stakes", "edge_of", "house"),
    [
        ("traditional", "punter", "T8.6", "T3.3", "banker", "banker"),
        ("shoot", "punter", "T8.6", "T3.3", "banker", "banker"),
        ("casino", "seat", "C3", "C3", "house", "dealer"),
    ],
)
def test_each_game_has_its_words(
    preset: str, seat: str, sit_out: str, stakes: str, edge_of: str, house: str
) -> None:
    game = game_of(preset)
    assert (game.seat, game.sit_out_rule, game.stake_rule, game.edge_of, game.shape.house) == (
        seat,
        sit_out,
        stakes,
        edge_of,
        house,
    )


def test_C1_a_casino_table_deals_from_its_shoe_and_T1_1_the_others_from_packs() -> None:
    casino = PRESETS["casino"]
    assert casino.pack_count(7) == casino.decks == casino.shoe_decks() == 8
    assert casino.with_overrides({"decks": 0}).shoe_decks() == 0  # an infinite shoe
    assert (PRESETS["traditional"].pack_count(7), PRESETS["traditional"].pack_count(8)) == (1, 2)
    assert PRESETS["shoot"].shoe_decks() is None
    assert seating_problem(casino.with_overrides({"decks": 1}), 7, str) == (
        "7 seats can take 110 cards in one round (5 to each of 3 hands a seat and to the dealer, "
        "C6, C8, C9), and 1 deck holds 52: set decks to 3 or more (C1)"
    )


def test_each_preset_bounds_the_money_of_a_deal_by_its_own_rules() -> None:
    table = Table.build(("a", "b", "c"), bankroll=100, max_stake=10)
    traditional = balance_bound(PRESETS["traditional"], table, 1)
    # T5.2, T5.3, T7: two punters, four hands each, 7 x max_stake on a hand, paid 2:1 at most
    assert traditional == 300 + 2 * 4 * 7 * 10 * 2
    assert balance_bound(PRESETS["shoot"], table, 1) == traditional + 20 + 100  # S1, S8-S10
    assert balance_bound(PRESETS["casino"], table, 1) == 300 + 3 * 3 * 2 * 10 * 2  # C3-C10
