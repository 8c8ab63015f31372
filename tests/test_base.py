"""What every game takes from the base layer rather than writing it again: a game's deal made
through one hook (Shoot's kitty, S1), the stakes (T4.2, C3) and one strategy protocol."""

from __future__ import annotations

from conftest import SEATS, table

from pontoon_cli.game import Game
from pontoon_cli.rng import Rng
from pontoon_cli.rules import PRESETS
from pontoon_cli.shoot import ShootDeal, ShootGame


def test_shoot_game_begins_a_deal_as_the_traditional_game_does_with_its_kitty_s1() -> None:
    """S1: a Shoot game's deal comes from Game.start_deal; only the deal it makes is its own,
    with the kitty the first banker put up."""
    assert "start_deal" not in ShootGame.__dict__
    rules = PRESETS["shoot"]
    game = ShootGame(rules, table(SEATS, bankroll=100), Rng(7))
    banker = game.banker
    deal = game.start_deal()
    assert isinstance(deal, ShootDeal)
    assert game.open_deal is deal and deal.number == game.deals_played == 1
    assert deal.kitty.amount == game.kitty == rules.kitty
    assert game.balances[banker] == 100 - rules.kitty  # S1: put up from his balance
    assert ShootGame.start_deal is Game.start_deal
