"""The kitty of Shoot Pontoon (S1-S10): an amount on the table, and every unit that moves.

:class:`Kitty` is the money itself: it only changes through :meth:`Kitty.move`, which records a
:class:`KittyMove` naming the rule, the player and the hand. A move's ``amount`` is positive
into the kitty (a banker putting it up, S1, S8-S10; a lost shoot bet, S3, S6, S7) and negative
out of it (a won shoot bet, S7; the old banker taking it, S10); the player's balance changes by
the opposite. So balances plus the kitty stay the same through every move.
"""

from __future__ import annotations

from pontoon_cli.core.errors import PontoonError


class KittyMove:
    """Units into (``amount`` > 0) or out of (< 0) the kitty, under ``rule``.

    ``hand`` is the punter's hand number for a shoot bet (S3, S6, S7), None for the banker's
    moves (S1, S8-S10).
    """

    __slots__ = ("amount", "hand", "player", "rule")

    def __init__(self, rule: str, player: str, hand: int | None, amount: int) -> None:
        self.rule = rule
        self.player = player
        self.hand = hand
        self.amount = amount

    def __repr__(self) -> str:
        return (
            f"KittyMove(rule={self.rule!r}, player={self.player!r}, hand={self.hand!r}, "
            f"amount={self.amount!r})"
        )


class Kitty:
    """The kitty during one deal: what it held before, what it holds now, and every move."""

    __slots__ = ("amount", "before", "moves")

    def __init__(self, amount: int = 0) -> None:
        self.before = amount  # what the last deal left (the log's kitty.before)
        self.amount = amount
        self.moves: list[KittyMove] = []

    def move(self, rule: str, player: str, hand: int | None, amount: int) -> KittyMove:
        """Move ``amount`` units into the kitty (out of it when negative) under ``rule``.

        Raises PontoonError if the kitty would hold less than nothing: a shoot bet is paid only
        from what the kitty holds (S2, S7), and the engine never lets open bets exceed it.
        """
        if self.amount + amount < 0:  # pragma: no cover - the engine's limits exclude it (S2)
            raise PontoonError(f"the kitty holds {self.amount}: it cannot pay {-amount} ({rule})")
        self.amount += amount
        made = KittyMove(rule, player, hand, amount)
        self.moves.append(made)
        return made
