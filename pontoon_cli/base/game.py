"""What every game across deals shares: the rules, the table, the balances, the pack or shoe,
and the seeded generator that shuffles it.

:class:`~pontoon_cli.traditional.game.Game` (the traditional game and its bank) and
:class:`~pontoon_cli.casino.deal.CasinoGame` (a casino table's rounds) extend it; the registry
(:mod:`pontoon_cli.games`) hands out either, and whoever plays one calls :meth:`can_deal`,
:meth:`start_deal` and :meth:`finish_deal` without knowing which.
"""

from __future__ import annotations

from pontoon_cli.base.deal import DealBase, Phase
from pontoon_cli.base.start import DealSetup, PackState
from pontoon_cli.core.cards import Card
from pontoon_cli.core.errors import PontoonError
from pontoon_cli.core.events import CardDealt
from pontoon_cli.core.rng import Rng
from pontoon_cli.core.rules import Rules, Table


class GameBase:
    """A sequence of deals at one table: the balances and the pack carried between them.

    ``rng`` is the caller's seeded generator; a subclass shuffles with it.
    """

    def __init__(self, rules: Rules, table: Table, rng: Rng) -> None:
        self.rules = rules
        self.table = table
        self.rng = rng
        self.balances: dict[str, int] = dict(table.bankrolls)
        self.pack: list[Card] = []
        self.pack_state = PackState.SHUFFLED
        self.deals_played = 0
        self.logged = True  # a log of the game is written (unlogged(): simulate)
        self.kitty = 0

    def _shuffle(self) -> None:
        self.rng.shuffle(self.pack)
        self.rng.cut(self.pack)

    def pack_now(self) -> list[Card]:
        """The pack as the next deal would take it (a copy)."""
        return list(self.pack)

    def shuffle_again(self, before: list[Card]) -> list[Card]:
        """Take back ``before`` (the pack a deal left) and shuffle and cut it as live play does
        after a pontoon (T8.2), drawing from this game's generator; the pack it makes. Replay's
        ``--seeded`` check follows a log's shuffles with it."""
        self.pack = list(before)
        self._shuffle()
        return self.pack_now()

    def unlogged(self) -> None:
        """Say that no log of this game is written (simulate): a game may then skip what only
        a log needs (each card dealt as an event: the hands hold the cards; a casino round's
        whole shoe). The deals are the same either way: the same cards, decisions and nets."""
        self.logged = False

    def without_log(self, deal: DealBase) -> None:
        """A new deal of an unlogged game records no card as an event: those it dealt as it
        began are dropped, and it records no more. (A game's own deals are made so: each
        passes ``card_events``.)"""
        if not self.logged and deal.card_events:
            deal.card_events = False
            deal.events = [e for e in deal.events if not isinstance(e, CardDealt)]

    def stack_refusal(self, position: int, card: Card) -> str:
        """Why ``card``, stacked at ``position``, is more than the pack holds."""
        return f"stacked card {position} {card.text!r} is stacked more often than the pack holds"

    def stack(self, cards: list[Card]) -> None:
        """Put ``cards`` on top of the pack, in order; the rest keeps its order."""
        rest = list(self.pack)
        for position, card in enumerate(cards, 1):
            try:
                rest.remove(card)
            except ValueError:
                raise PontoonError(self.stack_refusal(position, card)) from None
        self.pack = list(cards) + rest
        self.pack_state = PackState.STACKED

    def can_deal(self) -> bool:
        """True while some seat can cover the minimum stake (T8.6, C3)."""
        raise NotImplementedError

    def start_deal(self) -> DealBase:
        """Begin the next deal from the top of the pack."""
        raise NotImplementedError

    def finish_deal(self, deal: DealBase) -> None:
        """Pay the nets and carry the pack to the next deal."""
        raise NotImplementedError

    def setup(self, cards: list[Card]) -> DealSetup:
        """What the next deal starts from: these rules and table, ``cards`` (top first), the
        balances as they stand, its number and the pack's state; cards dealt are events only
        while a log is written (:meth:`unlogged`)."""
        return DealSetup(
            self.rules,
            self.table,
            cards,
            dict(self.balances),
            self.deals_played,
            self.pack_state,
            self.logged,
        )

    def pay_nets(self, deal: DealBase) -> None:
        """The seats' nets of a finished deal into the balances (T7; C2, C10, C11); a deal not
        yet over is refused."""
        if deal.phase is not Phase.END:
            raise PontoonError(
                f"{deal.DEAL_WORD} {deal.number} is not over: it is at the {deal.phase.value}"
            )
        balances = self.balances
        net_at = deal.net_at
        for at, p in enumerate(deal.punters):
            balances[p] = balances[p] + net_at[at]
