"""Automatic players of casino Pontoon (C3, C6-C8). The dealer is no player: his play is the
round's own automatic phase (C9).

- ``dealer-mimic``: stakes the minimum; hits below 17, soft or hard, and stands otherwise; never
  doubles or splits. A simple public policy (the dealer's own rule with soft 17 stood on), so its
  house edge is easy to compare with other simulators; C6 makes a total under 15 a hit anyway.
- ``basic`` (the default): stakes the minimum, then takes the decision of the shipped table
  (:mod:`pontoon_cli.casino.basic`, computed exactly by ``pontoon strategy``) for the hand's
  hard or soft total, its number of cards, a pair, whether it has doubled, and what the rules and
  the balance allow now (C6-C8).
- ``random``: stakes the minimum, then picks uniformly among the legal actions: every game's
  :class:`~pontoon_cli.base.players.RandomStrategy` with ``least_stake`` (a stake drawn from the
  whole range would only make its seats broke sooner: at 5 seats, seed 1, they all were by round
  510 of 2,000).

Strategies are chosen by name (:data:`CASINO_STRATEGIES`); ``default`` means
:data:`DEFAULT_CASINO_STRATEGY`. A new strategy is one more entry. ``MODULE:NAME`` and
``FILE.py:NAME`` name the user's own (:mod:`pontoon_cli.base.seat`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from pontoon_cli.base.deal import DealBase, Phase
from pontoon_cli.base.game import GameBase
from pontoon_cli.base.players import AutoPlayers, RandomStrategy, Strategy
from pontoon_cli.base.plugin import build, is_spec
from pontoon_cli.casino.basic import decide as basic_decision
from pontoon_cli.casino.deal import CasinoDeal
from pontoon_cli.core.errors import PontoonError
from pontoon_cli.core.rng import Rng


class _LeastStake(Strategy[CasinoDeal]):
    """A deterministic casino strategy that stakes the table's minimum (C3)."""

    def __init__(self, rng: Rng | None = None) -> None:
        self.rng = rng  # unused: the policy is deterministic

    def stake(self, deal: CasinoDeal, player: str) -> int:
        return deal.table.min_stake


class DealerMimic(_LeastStake):
    """Hit below 17 (soft or hard), stand otherwise; never double or split; stake the minimum."""

    name = "dealer-mimic"

    def play(self, deal: CasinoDeal, player: str, hand: int) -> tuple[str, int | None]:
        return ("hit" if deal.current_hand().total < 17 else "stand"), None


class Basic(_LeastStake):
    """The shipped basic strategy table, asked with the hand as the player sees it (C4: no
    dealer card) and what is legal now; stake the minimum."""

    name = "basic"

    def play(self, deal: CasinoDeal, player: str, hand: int) -> tuple[str, int | None]:
        h = deal.current_hand()
        cards = h.cards
        n = len(cards)
        total = h.total
        soft = total != h.low  # an ace counts 11 (T1.3)
        doubled = h.stake != h.initial  # C7
        pair = cards[0].value if n == 2 and cards[0].value == cards[1].value else 0
        # Only a pair of the same value splits (C8): no other hand asks the split's check.
        may_split = pair != 0 and deal.can("split", player, hand)
        may_double = deal.can("double", player, hand)
        # What is asked, as one number (soft, total under 32, up to 7 cards, the pair's value
        # under 16, doubled, may split, may double): a dictionary keyed by it finds the answer
        # without making and hashing a tuple.
        key = (
            ((((total << 3 | n) << 4 | pair) << 1 | doubled) << 1 | may_split) << 1 | may_double
        ) << 1 | soft
        decision = _ANSWERS.get(key) if total < 32 and n < 8 else None
        if decision is None:
            decision = basic_decision(soft, total, n, pair or None, doubled, may_split, may_double)
            if total < 32 and n < 8:
                _ANSWERS[key] = decision
        return decision, None


#: The shipped table's answer to each hand ``basic`` has asked about, by what it asks (soft,
#: total, cards, pair, doubled, may split, may double): the answer never changes, and asking
#: the table (its dictionaries, in Python) was a fifth of a casino simulation. A few thousand
#: hands at most can be asked about; a hand that cannot exist is refused each time it is asked.
_ANSWERS: Final[dict[int, str]] = {}


def casino_random(rng: Rng | None = None) -> Strategy[CasinoDeal]:
    """``random`` at a casino table: the minimum stake, as every automatic casino player (C3),
    then uniform among the legal actions."""
    return RandomStrategy(rng, least_stake=True)


#: The casino strategies by name; ``--strategy`` omitted plays the default.
CASINO_STRATEGIES: Final[dict[str, Callable[[Rng | None], Strategy[CasinoDeal]]]] = {
    "basic": Basic,
    "dealer-mimic": DealerMimic,
    "random": casino_random,
}
#: The strategy a seat plays when none is named (``--strategy`` omitted, or ``default``).
DEFAULT_CASINO_STRATEGY: Final = "basic"


def casino_strategy_name(name: str) -> str:
    """``default`` is the default casino strategy; every other name stands for itself."""
    return DEFAULT_CASINO_STRATEGY if name == "default" else name


class CasinoPlayers(AutoPlayers):
    """Each seat's automatic player, with its own generator spawned from ``rng`` in seat order.

    ``punter`` is one strategy name for every seat, or a name per seat; ``banker`` is accepted
    for the registry's sake and not used: a casino table has no banker (C3).
    """

    def _build(self, seats: tuple[str, ...], rng: Rng, names: dict[str, str], banker: str) -> None:
        self.player: dict[str, Strategy[CasinoDeal]] = {}
        for p in seats:
            name = casino_strategy_name(names[p])
            if is_spec(name):  # the user's own (pontoon_cli.base.seat)
                self.player[p] = build(name, rng.spawn(), False)
                continue
            if name not in CASINO_STRATEGIES:
                raise PontoonError(
                    f"unknown casino strategy {name!r}; one of {', '.join(CASINO_STRATEGIES)}"
                )
            self.player[p] = CASINO_STRATEGIES[name](rng.spawn())

    def decide(self, deal: CasinoDeal) -> None:
        """Take the actor's next decision in ``deal`` through the engine's methods."""
        player, hand = deal.actor_name, deal.actor_hand
        assert hand != 0  # someone decides
        strategy = self.player[player]
        if deal.phase is Phase.STAKES:
            deal.stake(player, strategy.stake(deal, player))
            return
        action, amount = strategy.play(deal, player, hand)
        # Each word by its own method (each checks its decision as act() would); any other
        # answer, or an amount given with a word that takes none, through act()'s word check.
        if action == "hit":
            deal.hit(player, hand)
        elif action == "stand":
            deal.stand(player, hand)
        elif action == "double" and amount is None:
            deal.double(player, hand)
        elif action == "split" and amount is None:
            deal.split(player, hand)
        else:
            deal.act(player, hand, action, amount)

    def play_deal(self, game: GameBase) -> DealBase:
        """Play one whole round of ``game`` automatically and finish it."""
        deal = game.start_deal()
        if not isinstance(deal, CasinoDeal):  # pragma: no cover - the registry pairs them
            raise PontoonError("the casino players play casino rounds")
        while deal.phase is not Phase.END:
            self.decide(deal)
        game.finish_deal(deal)
        return deal
