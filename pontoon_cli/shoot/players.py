"""Automatic players of Shoot Pontoon: the traditional strategies, plus their shoot bets.

- ``default`` shoots a quarter of the kitty (at least 1, within what the kitty and his balance
  allow) in the round after the stakes when his first card is an ace or a ten-card, the cards
  on which it also doubles its stake; it never shoots later in the hand (S4, S5).
- ``random`` shoots or passes with even chances in that round, any legal amount, uniformly; in
  its hands a shoot bet is one of the legal actions it picks among (S4, S5).
- a strategy of the user's (:mod:`pontoon_cli.base.seat`) is asked ``play`` in that round, with
  ``shoot`` (an amount) and ``pass`` as its legal words; in its hands as in any game.
"""

from __future__ import annotations

from pontoon_cli.base.deal import Phase
from pontoon_cli.base.players import RandomStrategy
from pontoon_cli.shoot.deal import ShootDeal
from pontoon_cli.traditional.deal import Deal
from pontoon_cli.traditional.players import Players

#: The default player's shoot bet: this fraction of the kitty (S2), on a strong first card.
SHOOT_FRACTION_DENOMINATOR = 4


class ShootPlayers(Players):
    """Each seat's automatic player, deciding shoot bets too."""

    def decide(self, deal: Deal) -> None:
        if deal.phase is Phase.SHOOT and isinstance(deal, ShootDeal):
            actor = deal.actor
            assert actor is not None
            player = actor[0]
            amount = self.shoot_amount(deal, player)
            if amount:
                deal.shoot(player, 1, amount)
            else:
                deal.decline(player)
            return
        super().decide(deal)

    def shoot_amount(self, deal: ShootDeal, player: str) -> int:
        """What ``player`` shoots in the round after the stakes (S2); 0 to pass."""
        limit = deal.shoot_limit(player)
        strategy = self.punter[player]
        if strategy.own:  # the user's: asked with shoot and pass (S2)
            return strategy.shoot(deal, player, limit)
        if isinstance(strategy, RandomStrategy):
            if strategy.rng.below(2):
                return 0
            return 1 + strategy.rng.below(limit)
        first = deal.current_hand().cards[0]  # the actor's one hand in the round of bets (S2)
        if not (first.is_ace or first.is_ten):
            return 0
        return min(limit, max(1, deal.kitty.amount // SHOOT_FRACTION_DENOMINATOR))
