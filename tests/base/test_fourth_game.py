"""A fourth game is a subclass with hooks: a house's casino variant whose dealer draws to 18.

The round (``DealBase._advance``), the checks (``problem``/``verify``/``can``), the line writer
and replay are the base's; the variant overrides one hook of the deal (``_house_turn``: how the
house plays, C9 as the house rewrites it), one of the game (``new_round``: which deal it deals)
and nothing of replay but the game it starts from. Its log is written and replayed clean by the
shared pipeline, and the stock casino replay catches the house rule at the dealer's card (C9).

The pure pass of ``make suite`` runs it: a compiled class takes no interpreted subclass, so a
fourth game lives in the package's source, compiled with it.
"""

from __future__ import annotations

from typing import Any

import pytest

import pontoon_cli.casino.deal as casino_deal
from pontoon_cli.base.game import GameBase
from pontoon_cli.base.start import DealSetup
from pontoon_cli.casino.deal import CasinoDeal, CasinoGame
from pontoon_cli.casino.players import CasinoPlayers
from pontoon_cli.casino.record import casino_deal_line
from pontoon_cli.casino.replay import CasinoReplay
from pontoon_cli.core.rng import Rng
from pontoon_cli.core.rules import DEALER, PRESETS, Rules, Table
from pontoon_cli.log.writer import encode, header_record
from pontoon_cli.logformat.record import DealLine, line_bytes
from pontoon_cli.replay.replayer import REPLAYS
from pontoon_cli.replay.run import replay_lines

pytestmark = pytest.mark.skipif(
    not casino_deal.__file__.endswith(".py"),
    reason="a compiled class takes no interpreted subclass: the pure pass runs this",
)


class DrawsTo18(CasinoDeal):
    """The house's rule instead of C9: the dealer draws to 18, soft or hard, five cards at most."""

    def _house_turn(self) -> bool:
        dealer = self.dealer_hand
        while dealer.total < 18 and len(dealer.cards) < 5:
            self._give(DEALER, 1, dealer, True)
        return True


class DrawsTo18Game(CasinoGame):
    def new_round(self, setup: DealSetup) -> CasinoDeal:
        return DrawsTo18(setup)


class DrawsTo18Replay(CasinoReplay):
    def begin_game(self, rules: Rules, table: Table) -> Any:
        _, actions, record, line = super().begin_game(rules, table)
        return DrawsTo18Game(rules, table, Rng(0)), actions, record, line


def _log(game: GameBase, rules: Rules, table: Table, rounds: int) -> list[bytes]:
    lines = [encode(header_record(rules, table, game, 5))]
    for deal in CasinoPlayers(table.seats, Rng(6)).play(game, rounds):
        line = line_bytes(casino_deal_line, DealLine(game, deal))
        assert line is not None
        lines.append(line)
    return lines


def test_C9_a_house_variant_plays_writes_and_replays_through_the_base(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rules, table = PRESETS["casino"], Table.build(["ann", "bob"], bankroll=500, house=True)
    game = DrawsTo18Game(rules, table, Rng(5))
    lines = _log(game, rules, table, 300)
    assert len(lines) == 301
    # the house rule played: the dealer drew on a 17, which C9 never lets him do (stock rules)
    stock = replay_lines("variant.jsonl", lines)
    assert stock, "the variant never drew on 17 in 300 rounds"
    # each round's first divergence: the dealer's extra card, cited by his rule (C9)
    first = next(d for d in stock if d.follows is None)
    assert (first.field, first.rule) == ("cards", "C9")
    # the variant's own replay (its game, nothing else) verifies every round
    monkeypatch.setitem(REPLAYS, "casino", DrawsTo18Replay)
    assert replay_lines("variant.jsonl", lines) == []


def test_C9_the_stock_game_is_the_base_round_with_the_casino_hooks() -> None:
    """The same seed without the variant: the stock replay verifies it, the variant's does not
    (the hooks, not a copy of the round, make the difference)."""
    rules, table = PRESETS["casino"], Table.build(["ann", "bob"], bankroll=500, house=True)
    lines = _log(CasinoGame(rules, table, Rng(5)), rules, table, 300)
    assert replay_lines("stock.jsonl", lines) == []
