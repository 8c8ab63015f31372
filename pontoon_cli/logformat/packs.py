"""A pack's cards counted, as replay checks what a recorded pack holds (T1.1, C1).

Replay checks every deal's pack: a traditional pack holds each card once per pack (T1.1), a new
casino shoe each card ``decks`` times (C1). The counts are an array of machine integers when
compiled (librt's ``vec[i64]``, from mypyc's runtime library; plain Python uses the same type),
and a casino shoe's 416 cards are counted from the text of its ``pack`` without any card being
made (:func:`count_log_pack`). :func:`read_log_pack` reads a pack's cards from the same text.
"""

from __future__ import annotations

from typing import Final

from librt.strings import read_i16_le, read_i64_le
from librt.vecs import vec
from mypy_extensions import i64

from pontoon_cli.core.cards import FULL_PACK, Card
from pontoon_cli.logformat.divergence import Divergence, Place, count


def _index_table() -> bytes:
    """Each card's ``index`` + 1 at its rank's and suit's character codes read as one
    little-endian 16-bit number (``rank + 256 * suit``); 0 at every other pair."""
    table = bytearray(256 * 256)
    for card in FULL_PACK:
        table[ord(card.text[0]) + 256 * ord(card.text[1])] = card.index + 1
    return bytes(table)


#: A log's card by the two bytes of its text (:func:`_index_table`): compiled, a byte read
#: without a box.
_INDEX_AT_PAIR: Final[bytes] = _index_table()


def count_cards(cards: list[Card], counts: vec[i64]) -> None:
    """Add how often each card is in ``cards`` to ``counts`` (by ``Card.index``)."""
    for card in cards:
        k: i64 = card.index
        counts[k] = counts[k] + 1


def card_counts() -> vec[i64]:
    """52 zeros: how often each card (by ``Card.index``) is in no cards, for
    :func:`count_log_pack` to add to."""
    return vec[i64]([0] * 52)


def count_log_pack(text: str, counts: vec[i64]) -> i64:
    """Add how often each card is in a log's ``pack`` to ``counts`` (by ``Card.index``; see
    :func:`card_counts`) and give the number of cards; -1 when ``text`` is not exactly the form
    :func:`read_log_pack` reads (``counts`` is then partly added to).

    It makes no card: a casino round takes at most a few dozen cards of its 416-card shoe, and
    replay checks the rest by their counts (C1). See :func:`scan_cards`."""
    return -1 if _pack_bytes(text, counts) is None else pack_size(text)


def _pack_bytes(text: str, counts: vec[i64]) -> bytes | None:
    """``text`` as bytes when the whole of it is a log's pack (its cards added to ``counts``);
    else None."""
    data = text.encode()  # a character beyond ASCII is bytes no card or space is made of
    return data if scan_cards(data, 0, counts) == len(data) else None


def scan_cards(data: bytes, start: i64, counts: vec[i64]) -> i64:
    """Read cards in a log's ``pack`` form from ``data[start]`` on: a card's two bytes, then,
    while a space and another card follow, those. Add how often each card is read to
    ``counts`` (by ``Card.index``) and give the offset just past the last card read; -1 when
    no card is at ``start``.

    The whole of ``data`` is a pack's text when that offset is its length (:func:`count_log_pack`);
    a pack's text inside a line, when a quote is there (replay's reader cuts a casino shoe
    out of its line so, :class:`~pontoon_cli.logformat.lines.LineReader`). Compiled,
    ``counts`` is an array of machine integers (librt's ``vec``) and two cards and the spaces
    after them are one 8-byte read, so a shoe is read and counted in under a microsecond."""
    n: i64 = len(data)
    at = _INDEX_AT_PAIR
    i: i64 = start
    while i + 8 <= n:  # two cards and the space after each in one 8-byte read
        eight = read_i64_le(data, i)
        k: i64 = at[eight & 0xFFFF]  # the card's index + 1, or 0 (a byte read as i64 at once)
        second: i64 = at[(eight >> 24) & 0xFFFF]
        if k == 0 or second == 0 or (eight >> 16) & 0xFF != 32 or (eight >> 40) & 0xFF != 32:
            break  # 32: a space; the last cards are read one at a time
        counts[k - 1] = counts[k - 1] + 1
        counts[second - 1] = counts[second - 1] + 1
        i += 6
    while i + 2 <= n:  # a card at i: after its space, the one before it is not the last
        k = at[i64(read_i16_le(data, i))]
        if k == 0:
            break
        counts[k - 1] = counts[k - 1] + 1
        if i + 2 == n or data[i + 2] != 32:
            return i + 2
        i += 3
    return i - 1 if i > start else -1  # past the last card: the space after it


def pack_size(text: str) -> int:
    """How many cards a log's ``pack`` text holds (two characters each, a space between)."""
    return (len(text) + 1) // 3


def read_log_pack(text: str) -> list[Card] | None:
    """The cards of a log's ``pack``: upper-case card texts joined by single spaces (``"AS 2H"``),
    each read by its two bytes in one table rather than by a dictionary look-up of its text;
    None when ``text`` is not exactly that form (the caller says what is wrong)."""
    data = _pack_bytes(text, card_counts())
    return None if data is None else counted_cards(data, pack_size(text))


def counted_cards(data: bytes, count: i64) -> list[Card]:
    """The first ``count`` cards of a pack's text that :func:`scan_cards` has read (read once
    more would be checked once more: a casino round is dealt from the top of a shoe counted
    whole). The list is made at its length and filled in place."""
    at = _INDEX_AT_PAIR
    full = FULL_PACK
    cards: list[Card] = [full[0]] * count
    i: i64 = 0
    while i < count:
        k: i64 = at[i64(read_i16_le(data, 3 * i))]  # the card's index + 1 (read above: not 0)
        cards[i] = full[k - 1]
        i += 1
    return cards


def holds_counts(
    at: Place, got: vec[i64], size: int, want: vec[i64], want_size: int, rule: str
) -> Divergence | None:
    """A recorded pack of ``size`` cards, counted as ``got``, holds ``want_size`` cards, each as
    often as ``want`` says (by ``Card.index``); else the first difference, citing ``rule``
    (T1.1 a traditional pack, C1 a casino shoe): its size, or the first card in new-pack order
    held another number of times."""
    if size != want_size:
        return at.div(
            field="pack", recorded=f"{size} cards", expected=f"{want_size} cards", rule=rule
        )
    if got == want:
        return None
    for card in FULL_PACK:
        i = card.index
        if got[i] != want[i]:
            return at.div(
                field="pack",
                recorded=f"{card.text} {count(got[i], 'time')}",
                expected=f"{card.text} {count(want[i], 'time')}",
                rule=rule,
            )
    return None  # pragma: no cover - some card's count differs
