"""What happens in a deal, as small immutable records. The log is written from these, and replay
compares against them.

:class:`CardDealt` and :class:`Decision` are plain classes with typed, fixed fields: the compiled
build (mypyc) makes them native classes, built and read without a dictionary or a tuple's
``__new__`` (a deal makes about 30; as named tuples their making was a tenth of a compiled deal).
They compare by value and their ``repr`` reads back, as a named tuple's did. Nothing changes them
after they are made.

Hand numbers are 1-based positions in the player's row of hands at the moment of the event: a split
inserts the new hand directly after the hand it came from (T5.2). The banker's hand is hand 1.
"""

from __future__ import annotations

from typing import NamedTuple

from pontoon_cli.core.cards import Card


class CardDealt:
    """A card went from the top of the pack to a hand, face up or face down."""

    __slots__ = ("card", "face_up", "hand", "player")

    def __init__(self, player: str, hand: int, card: Card, face_up: bool) -> None:
        self.player = player
        self.hand = hand
        self.card = card
        self.face_up = face_up

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CardDealt):
            return NotImplemented
        return (self.player, self.hand, self.card, self.face_up) == (
            other.player,
            other.hand,
            other.card,
            other.face_up,
        )

    def __repr__(self) -> str:
        return (
            f"CardDealt(player={self.player!r}, hand={self.hand!r}, card={self.card!r}, "
            f"face_up={self.face_up!r})"
        )


class Decision:
    """A player's choice: ``stake``, ``buy``, ``twist``, ``stick``, ``split``, ``burn`` (V8),
    ``draw``, ``stay``, ``double``, ``no_double`` (V3) (the words and who takes each:
    :data:`pontoon_cli.core.actions.TRADITIONAL_ACTIONS`).

    ``amount`` is the money it put on the table (stake, buy, split), else None.
    """

    __slots__ = ("action", "amount", "hand", "player")

    def __init__(self, player: str, hand: int, action: str, amount: int | None = None) -> None:
        self.player = player
        self.hand = hand
        self.action = action
        self.amount = amount

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Decision):
            return NotImplemented
        return (self.player, self.hand, self.action, self.amount) == (
            other.player,
            other.hand,
            other.action,
            other.amount,
        )

    def __repr__(self) -> str:
        return (
            f"Decision(player={self.player!r}, hand={self.hand!r}, action={self.action!r}, "
            f"amount={self.amount!r})"
        )


class BankSold(NamedTuple):
    """Between deals the banker sold the bank (T8.4)."""

    seller: str
    buyer: str
    price: int


Event = CardDealt | Decision
