"""Cards and packs (docs/rules.md T1).

A card is a small immutable value; the 52 of them are made once and shared, so two packs mixed
together (T1.1) hold the same 52 objects twice. Text is rank then suit: ``AS``, ``TH``; input also
takes ``10H`` and any case.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from pontoon_cli.core.errors import CardError

RANKS: Final = "A23456789TJQK"
SUITS: Final = "CDHS"


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Card:
    """One playing card. ``Card.parse("TH")``; ``str`` gives ``"TH"``, ``repr`` a parseable call.

    Attributes: ``rank`` 1 (ace) to 13 (king), ``suit`` one of ``CDHS``, ``value`` the pip value
    with an ace as 1 (T1.2), ``is_ace``, ``is_ten`` (a ten-card: 10, J, Q, K), ``cut_rank`` for the
    cut for the bank (T3.2: ace high, 14), ``index`` 0–51 in new-pack order, ``text``.

    The 52 are made once, in :data:`FULL_PACK`; :meth:`of` and :meth:`parse` hand out those
    shared objects, and cards compare by identity. A frozen dataclass with fixed fields: compiled
    (mypyc), a native class whose fields compiled code reads directly; in both builds an
    assignment raises.
    """

    rank: int
    suit: str
    value: int
    is_ace: bool
    is_ten: bool
    cut_rank: int
    index: int
    text: str

    @staticmethod
    def of(rank: int, suit: str) -> Card:
        """The shared card of ``rank`` (1-13) and ``suit`` (``CDHS``). Raises CardError."""
        card = (
            _BY_TEXT.get(RANKS[rank - 1] + suit) if type(rank) is int and 1 <= rank <= 13 else None
        )
        if card is None:
            raise CardError(f"no card has rank {rank!r} and suit {suit!r}")
        return card

    @staticmethod
    def parse(text: str) -> Card:
        """Read one card: ``"TH"``, ``"10h"``, ``"as"``. Raises CardError naming the text."""
        key = text.strip().upper()
        if key.startswith("10"):
            key = "T" + key[2:]
        card = _BY_TEXT.get(key)
        if card is None:
            raise CardError(
                f"{text!r} is not a card: expected a rank of A 2-9 T (or 10) J Q K "
                f"then a suit of C D H S, e.g. 'TH'"
            )
        return card

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Card.parse, (self.text,))

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card.parse({self.text!r})"


def _make(rank: int, suit: str) -> Card:
    text = RANKS[rank - 1] + suit
    index = SUITS.index(suit) * 13 + rank - 1
    return Card(
        rank, suit, min(rank, 10), rank == 1, rank >= 10, 14 if rank == 1 else rank, index, text
    )


_BY_TEXT: Final[dict[str, Card]] = {}
for _suit in SUITS:
    for _rank in range(1, 14):
        _card = _make(_rank, _suit)
        _BY_TEXT[_card.text] = _card

#: The 52 cards in new-pack order: clubs, diamonds, hearts, spades; ace to king in each.
FULL_PACK: Final[tuple[Card, ...]] = tuple(_BY_TEXT.values())


def pack_text(cards: tuple[Card, ...]) -> str:
    """A log's ``pack`` for ``cards``: their texts joined by single spaces (``"AS 2H"``), the
    text :func:`~pontoon_cli.logformat.packs.read_log_pack` reads. Every game's writer writes
    one per deal."""
    return " ".join([c.text for c in cards])


def new_pack(packs: int = 1) -> list[Card]:
    """``packs`` 52-card packs, one after another, each in new-pack order (T1.1)."""
    return list(FULL_PACK) * packs


def parse_cards(text: str | list[str]) -> list[Card]:
    """Read cards separated by spaces or commas (or a list of card strings).

    Raises CardError naming the first bad card and its position (1-based).
    """
    # Items typed as objects: a list from a document may hold anything (compiled code checks
    # types at run time, so a non-string must reach the check below, not a typed loop).
    tokens: list[object] = []
    tokens.extend(text.replace(",", " ").split() if isinstance(text, str) else text)
    cards = []
    for position, token in enumerate(tokens, 1):
        if not isinstance(token, str):
            raise CardError(f"card {position}: {token!r} is not a card string")
        try:
            cards.append(Card.parse(token))
        except CardError as err:
            raise CardError(f"card {position}: {err}") from None
    return cards


def format_cards(cards: list[Card] | tuple[Card, ...]) -> str:
    """Cards as text separated by single spaces, the log's form: ``"2H TH 7D"``."""
    return " ".join([card.text for card in cards])
