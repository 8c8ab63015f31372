"""The pack a deal takes from, and how it came to be.

:class:`DealPack` is the deal's pack (the top card at an index, the cards put under it at the
end, T5.6, T8.1); :class:`EmptyPack` is raised inside a deal when a card is needed and none is
left (T8.5); :class:`PackState` is the log's ``pack_state`` (T8.1-T8.2).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import StrEnum

from pontoon_cli.core.cards import Card


class PackState(StrEnum):
    """How a deal's pack came to be; the values are the log's ``pack_state`` strings."""

    SHUFFLED = "shuffled"  # the first deal, and after a pontoon or a void deal (T8.2, T8.5)
    STACKED = "stacked"  # a scenario stacked it (T8.1)
    CONTINUED = "continued"  # the last deal's cards in the order they went to the bottom (T8.1)


class DealPack:
    """The pack a deal takes from: its cards, the top one at ``top`` (the ones before it are
    dealt; :meth:`DealBase._give` takes it), and the cards put under it at the end (T5.6, T8.1).
    A list and an index rather than a deque: the compiled build then takes a card without a
    generic call (simulate traditional at six seats and casino at one seat 6% faster, play 3%)."""

    def __init__(self, cards: tuple[Card, ...]) -> None:
        self.cards: list[Card] = list(cards)
        self.top = 0

    def extend(self, cards: Iterable[Card]) -> None:
        """Cards to the bottom of the pack, in order."""
        self.cards.extend(cards)

    def __len__(self) -> int:
        return len(self.cards) - self.top

    def __iter__(self) -> Iterator[Card]:
        """The cards left, top first."""
        return iter(self.cards[self.top :])

    def rest(self) -> list[Card]:
        """The cards left, top first, as a new list (the next deal's pack, T8.1)."""
        return self.cards[self.top :]


class EmptyPack(Exception):
    """Internal: a card was needed and the pack was empty (T8.5)."""
