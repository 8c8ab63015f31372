"""What a deal starts from: its set-up, the pack it takes from, and how that pack came to be.

:class:`DealSetup` is everything a deal of any game is given (the rules, the table, the pack, the
balances, its number, the pack's state); a game builds it between deals
(:meth:`~pontoon_cli.base.game.GameBase.setup`) and replay from a log's line. :class:`DealPack` is
the deal's pack (the top card at an index, the cards put under it at the end, T5.6, T8.1);
:class:`EmptyPack` is raised inside a deal when a card is needed and none is left (T8.5);
:class:`PackState` is the log's ``pack_state`` (T8.1-T8.2).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import StrEnum

from pontoon_cli.core.cards import Card
from pontoon_cli.core.rules import Rules, Table


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


class DealSetup:
    """What a deal of any game starts from: the ``rules`` and the ``table``; the ``pack``, top
    card first (the deal takes it over); each seat's ``balances`` before the deal (T8.6; C3);
    the deal's ``number`` (from 1) and how its pack came to be (``pack_state``, T8.1-T8.2); and
    ``card_events``: False records no card dealt as an event (a game without a log, simulate:
    the hands hold the cards). Each game's deal takes it with its own seats (a banker, a kitty).

    A plain class rather than a NamedTuple: compiled, it is made and read natively (one a deal;
    a NamedTuple's constructor is a Python function, and made play with a log 7% slower)."""

    __slots__ = ("balances", "card_events", "number", "pack", "pack_state", "rules", "table")

    def __init__(
        self,
        rules: Rules,
        table: Table,
        pack: Iterable[Card],
        balances: dict[str, int],
        number: int = 1,
        pack_state: PackState = PackState.SHUFFLED,
        card_events: bool = True,
    ) -> None:
        self.rules = rules
        self.table = table
        self.pack = pack
        self.balances = balances
        self.number = number
        self.pack_state = pack_state
        self.card_events = card_events
