"""A deal's line as bytes: what every game's line writer writes alike, written once.

Each game writes its record straight into the log writer's bytes, piece by piece, without
building it (replay compares every record with them): what a line is written from
(:class:`DealLine`), the fields every game holds alike (:func:`write_deal_body`), the decisions
and cards
(:func:`write_events`) and the pieces every line is made of (:func:`head_text`,
:func:`hand_head`, :func:`money_key`, :func:`write_number`, :func:`quoted`) are written here once
for every game, each piece as the bytes it is in the line.
"""

from __future__ import annotations

from typing import Any, Final, Protocol, TypeVar

import orjson
from librt.strings import BytesWriter

from pontoon_cli.base.deal import DealBase
from pontoon_cli.base.game import GameBase
from pontoon_cli.core.cards import FULL_PACK, Card
from pontoon_cli.core.events import BankSold, CardDealt, Event
from pontoon_cli.core.hands import Hand, HandClass
from pontoon_cli.core.limits import KEPT, MAX_SAFE_INT


class DealLine:
    """What a deal's line is written from: the game (its seats and balances) and the deal, the
    sale of the bank before it (T8.4), and what the caller already holds of the line.

    ``pack`` is the bytes of the deal's pack where the caller holds them, and ``decisions`` the
    bytes of its decisions (between the brackets) where the caller holds them, exactly as the
    writer would write the deal's decisions: replay passes what it read from the record, so a
    line is not written again where the record already holds it. ``nets`` is ``deal.nets``
    where the caller has it already (replay), so the deal does not make it again. A plain
    class with typed fields (native when compiled; a NamedTuple's constructor is a Python
    function): one is made a deal.
    """

    __slots__ = ("deal", "decisions", "game", "nets", "pack", "sale")

    def __init__(
        self,
        game: GameBase,
        deal: DealBase,
        sale: BankSold | None = None,
        pack: bytes | None = None,
        decisions: bytes | None = None,
        nets: dict[str, int] | None = None,
    ) -> None:
        self.game = game
        self.deal = deal
        self.sale = sale
        self.pack = pack
        self.decisions = decisions
        self.nets = nets


class LineWriter(Protocol):
    """A game's deal record as the writer's text: writes the line into ``out`` (ending with its
    newline) and gives True; False where the record holds a number beyond ±(2**53 − 1) (``out``
    then holds part of the line, and is dropped). ``out`` is a native bytes buffer
    (``librt.strings.BytesWriter``): each piece is copied into it as it is written, with no
    list of pieces to join, and the line is its bytes with nothing to encode.

    ``line`` is what the line is written from (:class:`DealLine`)."""

    def __call__(self, out: BytesWriter, line: DealLine) -> bool: ...


def line_bytes(write: LineWriter, line: DealLine) -> bytes | None:
    """The deal's line as bytes (what replay compares a record with), or None (``write``)."""
    out = BytesWriter()
    return out.getvalue() if write(out, line) else None


# a record written as bytes: the pieces every game's line writer writes -----------------------

_MAX_INT: Final = MAX_SAFE_INT


def write_events(out: BytesWriter, events: list[Event], decisions: bytes | None = None) -> bool:
    """Write a record's decisions, ``],"cards":[`` and its cards into ``out`` as the log
    writer's JSON gives them (``out`` ends with ``"decisions":[``); False where an amount is
    beyond ±(2**53 − 1) (the caller's line is then None). ``decisions``: the decisions' bytes
    as this function would write them, held by the caller (:class:`LineWriter`)."""
    up = _CARD_UP
    down = _CARD_DOWN
    if decisions is not None:
        out.write(decisions)
        out.write(b'],"cards":[')
        heads = _Heads()
        for e in events:
            if isinstance(e, CardDealt):
                out.write(heads.head(e.player, e.hand))
                out.write(up[e.card.index] if e.face_up else down[e.card.index])
        return True
    big = _MAX_INT
    cards = BytesWriter()  # the cards come after the decisions
    card_heads = _Heads()
    decision_heads = _Heads()
    for e in events:
        if isinstance(e, CardDealt):  # compiled: the fields read natively once narrowed
            cards.write(card_heads.head(e.player, e.hand))
            cards.write(up[e.card.index] if e.face_up else down[e.card.index])
        else:
            out.write(decision_heads.head(e.player, e.hand))
            amount = e.amount
            if amount is None:
                out.write(_action(e.action, False))
            else:
                if not -big <= amount <= big:
                    return False
                out.write(_action(e.action, True))
                if 0 <= amount < 128:
                    out.write(_AMOUNT_ENDS[amount])
                else:
                    write_number(out, amount)
                    out.write(b"}")
    out.write(b'],"cards":[')
    out.write(cards.getvalue())
    return True


class _Heads:
    """How each card (or each decision) of a record opens, one after another: the first
    without a comma; the last one's player kept with his heads, since the next card or decision
    is often his too (:func:`hand_head` without its look-up by name)."""

    __slots__ = ("first", "heads", "player")

    def __init__(self) -> None:
        self.first = True
        self.player = ""
        self.heads: tuple[bytes, ...] = ()

    def head(self, player: str, n: int) -> bytes:
        if self.first or not 0 <= n < 8:
            first = self.first
            self.first = False
            return hand_head(player, n, first)
        if player is not self.player:
            self.heads = _numbered_heads(_LATER_HAND_HEADS, player, False, b"")
            self.player = player
        return self.heads[n]


#: The bytes of the small numbers a record holds most (hand numbers, totals, small stakes).
_SMALL: Final[tuple[bytes, ...]] = tuple(str(n).encode() for n in range(128))


#: A small amount and the brace that closes its decision.
_AMOUNT_ENDS: Final[tuple[bytes, ...]] = tuple(f"{n}}}".encode() for n in range(128))


#: The bytes of the numbers from -_NEAR + 1 to _NEAR - 1 (balances, nets, the kitty), each made
#: the first time it is written and kept at ``n + _NEAR``: at most 8,191 short pieces.
_NEAR: Final = 4096
_NEAR_NUMBERS: Final[list[bytes | None]] = [None] * (2 * _NEAR)


def write_number(out: BytesWriter, n: int) -> None:
    """``n`` as JSON writes it (a small one from :data:`_SMALL`, a near one as kept)."""
    if 0 <= n < 128:
        out.write(_SMALL[n])
    elif -_NEAR < n < _NEAR:
        at = n + _NEAR
        piece = _NEAR_NUMBERS[at]
        if piece is None:
            piece = str(n).encode()
            _NEAR_NUMBERS[at] = piece
        out.write(piece)
    else:
        out.write(str(n).encode())


def _pieces(texts: list[str]) -> tuple[bytes, ...]:
    return tuple([t.encode() for t in texts])


#: A card's own piece of a record's card: its text and whether it lies face up (T4, T5).
_CARD_UP: Final = _pieces([f',"card":"{c.text}","up":true}}' for c in FULL_PACK])
_CARD_DOWN: Final = _pieces([f',"card":"{c.text}","up":false}}' for c in FULL_PACK])
_HEADS: Final[dict[str, bytes]] = {}
_LATER_HEADS: Final[dict[str, bytes]] = {}
_ACTIONS: Final[dict[str, bytes]] = {}
_AMOUNT_ACTIONS: Final[dict[str, bytes]] = {}


V = TypeVar("V")
K = TypeVar("K")


def kept(cache: dict[K, V], key: K, value: V) -> V:
    """``value``, kept in ``cache`` under ``key`` while the cache holds fewer than :data:`KEPT`
    pieces (every piece cache of the writer: a name's, a word's or a rule's text)."""
    if len(cache) < KEPT:
        cache[key] = value
    return value


def head_text(player: str, first: bool) -> bytes:
    """How a card, decision or hand of ``player`` opens, up to its hand number."""
    heads = _HEADS if first else _LATER_HEADS
    found = heads.get(player)
    if found is None:
        opening = b'{"player":' if first else b',{"player":'
        found = kept(heads, player, opening + quoted(player) + b',"hand":')
    return found


#: :func:`head_text` with each hand number from 0 to 7 after it, by player (a bounded cache).
_HAND_HEADS: Final[dict[str, tuple[bytes, ...]]] = {}
_LATER_HAND_HEADS: Final[dict[str, tuple[bytes, ...]]] = {}
_ROW_HEADS: Final[dict[str, tuple[bytes, ...]]] = {}
_LATER_ROW_HEADS: Final[dict[str, tuple[bytes, ...]]] = {}
_CARDS_KEY: Final = b',"cards":"'


def hand_head(player: str, hand: int, first: bool) -> bytes:
    """How a card, decision or hand of ``player``'s hand ``hand`` opens, its number included:
    one piece of the line rather than two (each piece is a share of joining it)."""
    return _numbered(_HAND_HEADS if first else _LATER_HAND_HEADS, player, hand, first, b"")


def row_head(player: str, hand: int, first: bool) -> bytes:
    """:func:`hand_head` of a hand row, up to its cards: ``…,"hand":2,"cards":"``."""
    return _numbered(_ROW_HEADS if first else _LATER_ROW_HEADS, player, hand, first, _CARDS_KEY)


def _numbered(
    heads: dict[str, tuple[bytes, ...]], player: str, n: int, first: bool, tail: bytes
) -> bytes:
    """:func:`head_text`, the number ``n`` and ``tail``, kept by player for ``n`` below 8."""
    if 0 <= n < 8:
        return _numbered_heads(heads, player, first, tail)[n]
    return head_text(player, first) + str(n).encode() + tail


def _numbered_heads(
    heads: dict[str, tuple[bytes, ...]], player: str, first: bool, tail: bytes
) -> tuple[bytes, ...]:
    """:func:`_numbered` of ``player`` for each number from 0 to 7 (a bounded cache)."""
    found = heads.get(player)
    if found is None:
        head = head_text(player, first)
        found = kept(heads, player, tuple([head + _SMALL[i] + tail for i in range(8)]))
    return found


def written_decisions(events: list[Event], moves: list[Any]) -> bool:
    """Whether the deal's decisions (its events but the cards) are ``moves`` one for one: each
    a :data:`~pontoon_cli.logformat.moves.Move` of the same player, hand, action and amount,
    the amount within ±(2**53 − 1). Then the text :func:`write_events` writes for them is the
    text the moves were read from (each was read only when it is exactly the writer's)."""
    big = _MAX_INT
    n = len(moves)
    i = 0
    for e in events:
        if isinstance(e, CardDealt):
            continue
        if i == n:
            return False
        read = moves[i]
        if type(read) is not tuple:  # a JSON object: not read from the writer's bytes
            return False
        move: tuple[str, int, str, int | None] = read  # compiled: its fields read natively
        player, hand, action, amount = move
        if e.hand != hand or e.player != player or e.action != action:
            return False
        mine = e.amount
        if mine is None:
            if amount is not None:
                return False
        elif amount is None or mine != amount or not -big <= mine <= big:
            return False
        i += 1
    return i == n


def _action(action: str, amount: bool) -> bytes:
    """A decision's piece after its hand number: the action, then ``"amount":`` or its end."""
    pieces = _AMOUNT_ACTIONS if amount else _ACTIONS
    found = pieces.get(action)
    if found is None:
        found = kept(
            pieces, action, b',"action":' + quoted(action) + (b',"amount":' if amount else b"}")
        )
    return found


_QUOTED: Final[dict[str, bytes]] = {}


def quoted(value: str) -> bytes:
    """``value`` as a JSON string, as orjson writes it (names, words: kept once made)."""
    found = _QUOTED.get(value)
    if found is None:
        found = kept(_QUOTED, value, orjson.dumps(value))
    return found


_STATE_PACKS: Final[dict[str, bytes]] = {}


def write_pack(
    out: BytesWriter,
    state: str,
    pack: bytes | None,
    cards: tuple[Card, ...],
    sitting_out: list[str],
) -> None:
    """A deal line's pack and who sat out, after its bank (``,"pack_state":…,"pack":…,
    "sat_out":[…],"decisions":[``), every game's writer alike: ``pack``, the bytes of the pack
    where the caller holds them (replay), else its ``cards`` one piece a card."""
    head = _STATE_PACKS.get(state)
    if head is None:
        head = kept(_STATE_PACKS, state, b',"pack_state":' + quoted(state) + b',"pack":"')
    out.write(head)
    if pack is None:
        write_cards(out, list(cards))
    else:
        out.write(pack)
    if not sitting_out:
        out.write(b'","sat_out":[],"decisions":[')
        return
    out.write(b'","sat_out":[')
    out.write(b",".join([quoted(p) for p in sitting_out]))
    out.write(b'],"decisions":[')


def write_money(
    out: BytesWriter, seats: tuple[str, ...], nets: dict[str, int], balances: dict[str, int]
) -> bool:
    """A deal line's money, after its ``"net":{``: each seat's net (a seat that sat out has
    none), then ``},"balance":{`` and each seat's balance, in seat order (the caller closes the
    brace); every game's writer alike. False when a number passes ±(2**53 − 1): the record is
    then written from its dictionary, and refused there."""
    if not _write_amounts(out, seats, nets, False):
        return False
    out.write(b'},"balance":{')
    return _write_amounts(out, seats, balances, True)


def _write_amounts(
    out: BytesWriter, seats: tuple[str, ...], amounts: dict[str, int], every: bool
) -> bool:
    """Each seat's amount as ``"p1":5``, in seat order, every seat's (``every``) or only those
    ``amounts`` holds; False when one passes ±(2**53 − 1)."""
    big = _MAX_INT
    keys = _SEAT_KEYS.of(seats)
    first_keys = keys.first
    later_keys = keys.later
    first = True
    for i in range(len(seats)):
        p = seats[i]
        if every:
            amount = amounts[p]
        else:
            found = amounts.get(p)
            if found is None:  # a seat that sat out has no net
                continue
            amount = found
        if not -big <= amount <= big:
            return False
        out.write(first_keys[i] if first else later_keys[i])
        write_number(out, amount)
        first = False
    return True


class _SeatKeys:
    """Each seat's key in a record's ``net`` and ``balance`` (:func:`money_key`), first of the
    object's and later, in seat order, for the seats last written: a table's seats are the same
    tuple deal after deal, so a line looks up no key by name."""

    __slots__ = ("first", "later", "seats")

    def __init__(self) -> None:
        self.seats: tuple[str, ...] = ()
        self.first: tuple[bytes, ...] = ()
        self.later: tuple[bytes, ...] = ()

    def of(self, seats: tuple[str, ...]) -> _SeatKeys:
        if seats is not self.seats:
            self.first = tuple([money_key(p, True) for p in seats])
            self.later = tuple([money_key(p, False) for p in seats])
            self.seats = seats
        return self


_SEAT_KEYS: Final = _SeatKeys()


_KEYS: Final[dict[str, bytes]] = {}
_LATER_KEYS: Final[dict[str, bytes]] = {}


def money_key(player: str, first: bool) -> bytes:
    """A seat's key in a record's ``net`` or ``balance``: ``"p1":``, after a comma but first."""
    keys = _KEYS if first else _LATER_KEYS
    found = keys.get(player)
    if found is None:
        found = kept(keys, player, (b"" if first else b",") + quoted(player) + b":")
    return found


#: Each hand class's log label, by the class's number (HandClass).
HAND_LABELS: Final[tuple[str, ...]] = tuple(c.label for c in sorted(HandClass))


#: A hand row's text between its total and its net: by split (0, 1) × 3 + the casino's doubled
#: (0 none: the traditional game's hands have no such key; 1 false; 2 true, C7).
_SPLIT_DOUBLED: Final = _pieces(
    [
        f',"split":{split}{doubled},"net":'
        for split in ("false", "true")
        for doubled in ("", ',"doubled":false', ',"doubled":true')
    ]
)
#: A total below 64 and the text after it, by split and doubled × 64 + total.
_TOTAL_SPLIT_DOUBLED: Final = tuple(
    [_SMALL[total] + text for text in _SPLIT_DOUBLED for total in range(64)]
)


def write_hand(
    out: BytesWriter, player: str, number: int, h: Hand, first: bool, doubled: int
) -> bool:
    """A deal line's row of one punter hand (``{"player":…,"hand":…,"cards":…,"stake":…,
    "class":…,"total":…,"split":…``, the casino's ``"doubled":…`` (``doubled`` 1 false, 2
    true, C7; 0: no such key), then ``"net":…,"rule":…}``), every game's writer alike; False
    when its stake or net passes ±(2**53 − 1)."""
    big = _MAX_INT
    stake = h.stake
    net = h.net
    if not (-big <= stake <= big and -big <= net <= big):
        return False
    out.write(row_head(player, number, first))
    write_cards(out, h.cards)
    if 0 <= stake < 128:
        out.write(_STAKES[stake])
    else:
        out.write(b'","stake":')
        write_number(out, stake)
    out.write(_CLASS_TOTAL[h.cls])
    split_doubled = 3 + doubled if h.from_split else doubled
    total = h.total
    if 0 <= total < 64:
        out.write(_TOTAL_SPLIT_DOUBLED[split_doubled * 64 + total])
    else:
        write_number(out, total)
        out.write(_SPLIT_DOUBLED[split_doubled])
    write_number(out, net)
    out.write(rule_end(h.rule))
    return True


#: Each card's text, and after the space that parts it from the card before, by ``Card.index``.
_CARD_TEXT: Final = _pieces([c.text for c in FULL_PACK])
_SPACED: Final = _pieces([f" {c.text}" for c in FULL_PACK])


def write_cards(out: BytesWriter, cards: list[Card]) -> None:
    """A hand's cards as a record's ``cards`` holds them (``"KS 7H"``), one piece a card: no
    list of their texts made and joined."""
    spaced = _SPACED
    first = True
    for c in cards:
        if first:
            out.write(_CARD_TEXT[c.index])
            first = False
        else:
            out.write(spaced[c.index])


#: A hand row's cards' end and a small stake.
_STAKES: Final = _pieces([f'","stake":{n}' for n in range(128)])
#: A hand row's class, between its stake and its total: ``,"class":"…","total":``, by class.
_CLASS_TOTAL: Final = _pieces([f',"class":"{label}","total":' for label in HAND_LABELS])
_RULE_ENDS: Final[dict[str, bytes]] = {}


def rule_end(rule: str) -> bytes:
    """A hand row's end: ``,"rule":"T7"}`` (kept once made: rule IDs are few)."""
    found = _RULE_ENDS.get(rule)
    if found is None:
        found = kept(_RULE_ENDS, rule, b',"rule":' + quoted(rule) + b"}")
    return found


#: The text before a deal line's banker's (T3.2) or dealer's (C4) cards.
BANKER_HAND_HEAD: Final = b'],"banker_hand":{"cards":"'
DEALER_HAND_HEAD: Final = b'],"dealer_hand":{"cards":"'

#: The banker's or dealer's class, between its cards and its total, by class.
_HOUSE_CLASS_TOTAL: Final = _pieces([f'","class":"{label}","total":' for label in HAND_LABELS])


def write_deal_body(
    out: BytesWriter, deal: DealBase, line: DealLine, doubles: bool, house_head: bytes, house: Hand
) -> bool:
    """The fields every game's deal line holds alike, in this order: ``pack_state``, ``pack``,
    ``sat_out``, ``decisions``, ``cards``, ``hands`` (each hand in turn; with ``doubles``, each
    its ``doubled``, C7: doubling is the only way a casino stake grows) and the house's hand
    after ``house_head`` (:data:`BANKER_HAND_HEAD`, :data:`DEALER_HAND_HEAD`) as far as its
    total (the caller closes its brace). False where a number passes ±(2**53 − 1)."""
    write_pack(out, deal.pack_state, line.pack, deal.pack_before, deal.sitting_out)
    if not write_events(out, deal.events, line.decisions):
        return False
    out.write(b'],"hands":[')
    rows = deal.rows  # each punter's hands, in turn: no dictionary by name made for them
    first = True
    for i, p in enumerate(deal.punters):
        for j, h in enumerate(rows[i]):  # compiled: enumerate with a start is generic
            doubled = (2 if h.stake != h.initial else 1) if doubles else 0
            if not write_hand(out, p, j + 1, h, first, doubled):
                return False
            first = False
    out.write(house_head)
    write_cards(out, house.cards)
    out.write(_HOUSE_CLASS_TOTAL[house.cls])
    write_number(out, house.total)
    return True
