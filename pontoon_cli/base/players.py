"""What every game's automatic players share: the strategy protocol, the one ``random``
strategy, and the players that play whole deals.

A strategy answers how much a seat stakes (T4.2; C3) and what the actor's hand does now (T5;
C6-C8): a decision word and its amount, None for a word that takes none. A game with a banker
also asks its banker (T6.1, V3). It reads only what its seat may see, and every answer must be
one the engine accepts: the engine enforces, strategies decide. Each game names its strategies
in its own registry (:data:`pontoon_cli.traditional.players.STRATEGIES`,
:data:`pontoon_cli.casino.players.CASINO_STRATEGIES`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Generic, TypeVar

from pontoon_cli.base.deal import DealBase
from pontoon_cli.base.game import GameBase
from pontoon_cli.core.rng import Rng

#: The deal a strategy reads: a strategy of any deal (``random``) plays every game's.
D = TypeVar("D", bound=DealBase, contravariant=True)


class Strategy(Generic[D]):
    """What an automatic player decides, in every game.

    A base class rather than a Protocol: the compiled build (mypyc) then calls a strategy's
    methods directly, not through Python's generic call.
    """

    name = "strategy"
    #: A strategy of the user's (:class:`~pontoon_cli.base.seat.SeatAdapter`): it is asked
    #: every choice itself, Shoot Pontoon's shoot bets included (:meth:`shoot`).
    own = False

    def stake(self, deal: D, player: str) -> int:
        """The actor's initial stake (T4.2; C3)."""
        raise NotImplementedError

    def play(self, deal: D, player: str, hand: int) -> tuple[str, int | None]:
        """The actor's decision on his hand (T5; C6-C8) and its amount, or None."""
        raise NotImplementedError

    def bank(self, deal: D) -> str:
        """As banker: ``draw`` or ``stay`` (T6.1). A game without a banker never asks."""
        raise NotImplementedError

    def doubles(self, deal: D) -> bool:
        """As banker, after the stakes: double every stake (V3)?"""
        raise NotImplementedError

    def shoot(self, deal: D, player: str, limit: int) -> int:
        """Shoot Pontoon's round after the stakes (S2): the bet, from 1 to ``limit``, or 0 to
        pass; asked of a strategy that is :attr:`own` (the game's players bet by its rule)."""
        raise NotImplementedError


class RandomStrategy(Strategy[DealBase]):
    """Picks uniformly among the legal actions, then a uniform amount within the legal range.

    ``least_stake``: stake the table's minimum instead of a uniform stake (a casino table's
    ``random``: a stake drawn from the whole range only makes its seats broke sooner).
    """

    name = "random"

    def __init__(self, rng: Rng | None = None, least_stake: bool = False) -> None:
        if rng is None:
            raise ValueError("the random strategy needs a seeded generator")
        self.rng = rng
        self.least_stake = least_stake

    def stake(self, deal: DealBase, player: str) -> int:
        if self.least_stake:
            return deal.table.min_stake
        (legal,) = deal.legal_actions()
        assert legal.low is not None and legal.high is not None
        return legal.low + self.rng.below(legal.high - legal.low + 1)

    def play(self, deal: DealBase, player: str, hand: int) -> tuple[str, int | None]:
        legal = deal.legal_actions()
        choice = legal[self.rng.below(len(legal))]
        if choice.low is None or choice.high is None:
            return choice.action, None
        return choice.action, choice.low + self.rng.below(choice.high - choice.low + 1)

    def bank(self, deal: DealBase) -> str:
        return "draw" if self.rng.below(2) else "stay"

    def doubles(self, deal: DealBase) -> bool:
        return self.rng.below(2) == 1


class AutoPlayers:
    """The automatic players of a game: each plays a whole deal by the engine's methods.

    A game's registry entry (:mod:`pontoon_cli.games`) names its subclass: ``Players`` for
    the traditional game, ``CasinoPlayers`` for a casino table.

    ``punter`` is one strategy name for every seat of ``seats``, or a name per seat; ``banker``
    the banker's strategy, where the game has a banker. Each seat's strategy gets its own
    generator spawned from ``rng`` (:meth:`_build` says in which order).
    """

    def __init__(
        self,
        seats: tuple[str, ...],
        rng: Rng,
        punter: str | dict[str, str] = "default",
        banker: str = "default",
    ) -> None:
        names = punter if isinstance(punter, dict) else dict.fromkeys(seats, punter)
        self._build(seats, rng, names, banker)

    def _build(self, seats: tuple[str, ...], rng: Rng, names: dict[str, str], banker: str) -> None:
        """Make each seat's strategy, ``names[seat]`` (and the banker's, ``banker``)."""
        raise NotImplementedError

    def play_deal(self, game: GameBase) -> DealBase:
        """Play one whole deal of ``game`` automatically and finish it."""
        raise NotImplementedError

    def play(self, game: GameBase, deals: int) -> Iterator[DealBase]:
        """Play up to ``deals`` deals, yielding each when finished; stop early when no seat
        can cover the minimum stake (T8.6, C3)."""
        for _ in range(deals):
            if not game.can_deal():
                return
            yield self.play_deal(game)
