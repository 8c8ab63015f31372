"""Hand values (T1.2–T1.3) and hand classes with their ranking (T2), and the live hand of a deal.

The functions are pure functions of a sequence of cards, shared by the engine, the settlement
function, the strategies and replay. :func:`rate` gives a hand's class and grade under the house
options V6 (royal pontoon) and V7 (pontoon grades). :class:`Hand` is one hand in play: its cards
and its money, with the totals kept as cards arrive, for speed; its class is the same as
``classify(cards)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from typing import Final

from pontoon_cli.core.cards import Card


class HandClass(IntEnum):
    """Hand classes, best first (T2). The integer is the strength: higher beats lower."""

    BUST = 0  # T2.5
    TOTAL = 1  # T2.4
    TWENTY_ONE = 2  # T2.3
    FIVE_CARD_TRICK = 3  # T2.2
    PONTOON = 4  # T2.1
    ROYAL_PONTOON = 5  # V6: a punter's 7-7-7, only with royal_pontoon

    @property
    def label(self) -> str:
        """The name used in logs and scenario files: ``five-card-trick``."""
        return _LABELS[self]

    @classmethod
    def from_label(cls, label: str) -> HandClass:
        """Read a class name as written in logs (``"five-card-trick"``). Raises KeyError."""
        return _BY_LABEL[label]


_LABELS = {
    HandClass.BUST: "bust",
    HandClass.TOTAL: "total",
    HandClass.TWENTY_ONE: "twenty-one",
    HandClass.FIVE_CARD_TRICK: "five-card-trick",
    HandClass.PONTOON: "pontoon",
    HandClass.ROYAL_PONTOON: "royal-pontoon",
}
_BY_LABEL = {label: cls for cls, label in _LABELS.items()}
CLASS_LABELS = tuple(_LABELS[c] for c in sorted(HandClass, reverse=True))


def low_total(cards: Sequence[Card]) -> int:
    """The hand's lowest total: every ace counted as 1 (T1.3)."""
    return sum([card.value for card in cards])


def best_total(low: int, has_ace: bool) -> int:
    """The best total not over 21 from a lowest total (T1.2: one ace may count 11)."""
    return low + 10 if has_ace and low <= 11 else low


def hand_value(cards: Sequence[Card]) -> int:
    """The hand's value: the best total not over 21, or the lowest total when bust (T1.3)."""
    return best_total(low_total(cards), any(card.is_ace for card in cards))


def is_soft(cards: Sequence[Card]) -> bool:
    """True when an ace counts 11 in the hand's value (docs/rules.md, "Words used throughout")."""
    low = low_total(cards)
    return low <= 11 and any(card.is_ace for card in cards)


def is_pontoon(cards: Sequence[Card]) -> bool:
    """Exactly two cards, an ace and a ten-card (T2.1)."""
    return len(cards) == 2 and (
        (cards[0].is_ace and cards[1].is_ten) or (cards[1].is_ace and cards[0].is_ten)
    )


def class_of(low: int, has_ace: bool, n: int) -> HandClass:
    """The class (T2) of ``n`` cards with the lowest total ``low``, holding an ace or not.

    The one classifier: :func:`classify` and :attr:`Hand.hand_class` both answer with it. Two cards
    with an ace and a lowest total of 11 are an ace and a ten-card: a pontoon (T2.1), a split
    hand's too (T7.2).
    """
    if low > 21:
        return HandClass.BUST  # T2.5
    if n == 2 and low == 11 and has_ace:
        return HandClass.PONTOON  # T2.1
    if n >= 5:
        return HandClass.FIVE_CARD_TRICK  # T2.2
    if best_total(low, has_ace) == 21:
        return HandClass.TWENTY_ONE  # T2.3
    return HandClass.TOTAL  # T2.4


def classify(cards: Sequence[Card]) -> HandClass:
    """The hand's class (T2). A split hand's ace and ten-card is a pontoon too (T7.2)."""
    return class_of(low_total(cards), any(card.is_ace for card in cards), len(cards))


def strength(cards: Sequence[Card]) -> tuple[int, int]:
    """A key that orders hands by T2: class first, then the total for T2.4 totals.

    Pontoons, five card tricks and 21s compare equal within their class (T2.2: "whatever the
    total"); bust hands are all worthless (T2.5). Equal keys go to the banker (T2.6).
    """
    hand_class = classify(cards)
    if hand_class is HandClass.TOTAL:
        return (int(hand_class), hand_value(cards))
    return (int(hand_class), 0)


# the house options V6 and V7 -------------------------------------------------------------------

#: The values of the ``pontoon_grades`` setting (V7): none, or exactly one of (a), (b), (c).
NO_GRADES: Final = "none"
PICTURE_BEATS_TEN: Final = "picture-beats-ten"  # V7 (a): A + J, Q or K beats A + 10
TEN_IS_21: Final = "ten-is-21"  # V7 (b): A + 10 is a two-card 21, not a pontoon
ROYAL_BEATS_JACK: Final = "royal-beats-jack"  # V7 (c): A-K and A-Q beat A-J and A-10
PONTOON_GRADES: Final = (NO_GRADES, PICTURE_BEATS_TEN, TEN_IS_21, ROYAL_BEATS_JACK)


def ten_card_rank(cards: Sequence[Card]) -> int:
    """The rank of a pontoon's ten-card: 10 to 13 (K). Only for an ace and a ten-card (T2.1)."""
    return cards[1].rank if cards[0].is_ace else cards[0].rank


def rate(
    cls: HandClass, cards: Sequence[Card], royal_pontoon: bool, grades: str, punter: bool
) -> tuple[HandClass, int]:
    """A hand's class and grade under the house options, from its T2 class ``cls``.

    V6: a punter's 7-7-7 (three cards, split hands too) is a royal pontoon; the banker's is a
    21. V7 (b): an ace and a 10 is a two-card 21 (its class is twenty-one), not a pontoon.
    The grade orders pontoons only (V7 (a), (c)): 2 for the higher grade, 1 for the lower; it is
    0 for every other hand and for every pontoon when no grades are in force (none, or (b), where
    every pontoon holds a picture card). Settlement, the end of the deal (T8.2, T8.3) and replay
    all read a hand's class and grade here.
    """
    if grades == NO_GRADES and not royal_pontoon:
        return cls, 0  # the traditional game: T2 as it stands
    if cls is HandClass.PONTOON:
        if grades == TEN_IS_21:
            if ten_card_rank(cards) == 10:
                return HandClass.TWENTY_ONE, 0  # V7 (b): A + 10 is only a two-card 21
            return cls, 0
        if grades == PICTURE_BEATS_TEN:
            return cls, 2 if ten_card_rank(cards) > 10 else 1  # V7 (a)
        if grades == ROYAL_BEATS_JACK:
            return cls, 2 if ten_card_rank(cards) > 11 else 1  # V7 (c): K, Q over J, 10
        return cls, 0
    if (
        royal_pontoon
        and punter
        and cls is HandClass.TWENTY_ONE
        and len(cards) == 3
        and cards[0].rank == cards[1].rank == cards[2].rank == 7
    ):
        return HandClass.ROYAL_PONTOON, 0  # V6: a punter's 7-7-7
    return cls, 0


# the live hand -------------------------------------------------------------------------------


class Hand:
    """One hand's cards and money. Totals are kept as cards arrive, for speed."""

    __slots__ = (
        "cards",
        "cls",
        "done",
        "from_split",
        "has_ace",
        "initial",
        "last_price",
        "low",
        "net",
        "rule",
        "settled",
        "stake",
        "twisted",
        "up_cards",
        "up_low",
    )

    def __init__(self, initial: int = 0, from_split: bool = False) -> None:
        self.cards: list[Card] = []
        self.low = 0  # lowest total, every ace as 1 (T1.3)
        self.has_ace = False
        self.up_low = 0  # lowest total of the face-up cards: what the table can see
        self.up_cards = 0  # how many cards lie face up
        self.initial = initial  # s, the initial stake (T5.2: a split hand has the same s)
        self.stake = initial  # everything staked on the hand so far
        self.last_price = 0  # what the last bought card cost (T5.3); 0 before any is bought
        self.twisted = False  # T5.4: no buy after a twist
        self.from_split = from_split  # T8.3, T7.2
        self.done = False
        self.settled = False
        self.net = 0
        self.rule = ""  # the rule that settled it
        self.cls = HandClass.TOTAL  # the class it was settled as (T2), set at settlement

    def add(self, card: Card, face_up: bool) -> None:
        self.cards.append(card)
        self.low += card.value
        if card.is_ace:
            self.has_ace = True
        if face_up:
            self.up_low += card.value
            self.up_cards += 1

    @property
    def total(self) -> int:
        """The hand's value: best total not over 21 (T1.3), the lowest total when bust."""
        return best_total(self.low, self.has_ace)

    @property
    def is_bust(self) -> bool:
        return self.low > 21

    @property
    def is_pontoon(self) -> bool:
        """An ace and a ten-card (T2.1): the only two cards whose lowest total is 11 with an ace."""
        return self.low == 11 and self.has_ace and len(self.cards) == 2

    @property
    def hand_class(self) -> HandClass:
        """The hand's class (T2), from the running totals: :func:`class_of`, as ``classify``."""
        return class_of(self.low, self.has_ace, len(self.cards))

    def __repr__(self) -> str:
        cards = " ".join(c.text for c in self.cards)
        return f"<Hand {cards!r} stake={self.stake} net={self.net}>"


def described(h: Hand) -> str:
    """A hand as a message names it, its cards and value: ``8D 2D AD is a soft 21`` (an ace
    counting 11), ``9S 7C is 16``."""
    cards = " ".join([c.text for c in h.cards])
    soft = h.has_ace and h.low <= 11
    return f"{cards} is a soft {h.total}" if soft else f"{cards} is {h.total}"
