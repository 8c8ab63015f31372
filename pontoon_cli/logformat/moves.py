"""A deal's decisions read from the log writer's bytes, for replay's line reader.

The writer gives each decision the same text: ``{"player":…,"hand":…,"action":…}``, with
``,"amount":…`` before its end where it has one, the objects joined by ``},{"player":``. A
decision in that shape is read from its bytes as a :data:`Move` tuple, each text decoded once and
kept (a bounded cache); anything else is left to the JSON decode of the head
(:class:`~pontoon_cli.logformat.lines.LineReader`).

The decisions are found and looked up in place, without a ``bytes`` object made for each: the
separators where ``bytes.split`` would find them, eight bytes at a time, and each decision's text
by a hash of its 8-byte words in a table of machine integers (librt's ``vec[i64]``), compared
word by word with the text kept. The hash is not the lookup's guarantee (the compare is), and a
text looks at most :data:`_PROBES` places, so a log made to collide costs at most that many
compares a decision before it is decoded as any decision not kept.
"""

from __future__ import annotations

import sys
from typing import Final, cast

import orjson
from librt.strings import read_i16_le, read_i32_le, read_i64_le
from librt.vecs import vec
from mypy_extensions import i64

from pontoon_cli.core.limits import KEPT
from pontoon_cli.logformat.check import DECISION_KEYS

#: A recorded decision read from the writer's bytes: (player, hand, action, amount or None).
Move = tuple[str, int, str, int | None]

FIRST_MOVE: Final = b'{"player":'
NEXT_MOVE: Final = b'},{"player":'

# The longest decision text replay keeps once read: a seat's name is at most 64 characters of
# at most four bytes each (UTF-8), the rest under 100 bytes. A longer one, which only a log that
# is not the writer's holds, is decoded each time it is read, so the cache holds at most KEPT
# times this many bytes (2 MiB).
_KEPT_MOVE_BYTES: Final = 512


def read_move(text: bytes) -> Move | None:
    """One decision of a head from its writer's text after ``{"player":`` and before its
    ``}``: its fields when the object is exactly what orjson writes for a decision (a player's
    name, a hand number, an action word and an amount or none, in that order); else None."""
    whole = FIRST_MOVE + text + b"}"
    try:
        fields = orjson.loads(whole)
    except orjson.JSONDecodeError:
        return None
    if type(fields) is not dict or orjson.dumps(fields) != whole:
        return None
    keys = tuple(fields)
    if keys != DECISION_KEYS and keys != DECISION_KEYS[:3]:
        return None
    player = fields["player"]
    hand = fields["hand"]
    action = fields["action"]
    amount = fields.get("amount")
    if type(player) is not str or type(hand) is not int or type(action) is not str:
        return None
    if amount is not None and type(amount) is not int:
        return None
    # interned, as the header's seats are (read_header): the engine's look-ups by name and the
    # writer's compare the same objects
    return (sys.intern(player), hand, sys.intern(action), amount)


# The separator after a decision's "}" (``,{"player":``), as the little-endian numbers the
# reader compares: its first four bytes, the next four, the next two, then ":"
# (tests/replay/test_moves.py). Each is below 2**62, as mypyc keeps a constant unboxed.
_SEPARATOR_4: Final = 0x70227B2C  # ,{"p
_SEPARATOR_8: Final = 0x6579616C  # laye
_SEPARATOR_10: Final = 0x2272  # r"
_COLON: Final = 58
_BRACE: Final = 125  # "}"
_BRACES: Final = 0x7D7D7D7D  # "}" in each byte of a 32-bit half of a word
_LOW7: Final = 0x7F7F7F7F  # each byte of a half but its high bit
_HIGH: Final = 0x80808080  # each byte's high bit

#: The places a decision's text may be kept at, from the slot its hash gives on.
_PROBES: Final = 8


class MoveReader:
    """Reads a deal's decisions from the writer's bytes (:meth:`read`), keeping each decision's
    text once read (a bounded cache: a decision is decoded once, however many deals hold it).

    ``slots`` (a power of two, more than :data:`~pontoon_cli.core.limits.KEPT`) is the size
    of the table the texts are looked up in; a test makes it small to make them collide."""

    def __init__(self, slots: int = 2 * KEPT) -> None:
        self._mask: i64 = slots - 1
        self._slots: vec[i64] = vec[i64]([0] * slots)  # a kept text's index + 1, or 0
        self._texts: list[bytes] = []  # the texts kept
        # the Move tuples read from them, held as objects: compiled, a typed tuple taken from a
        # list is unpacked to a struct and packed again into a new tuple when appended to one
        self._moves: list[object] = []

    def kept(self) -> list[Move]:
        """The decisions kept, in the order they were first read."""
        return cast("list[Move]", list(self._moves))

    def read(self, body: bytes) -> list[Move] | None:
        """The decisions between a head's ``[`` and ``]``, when each is the text the writer
        gives it: ``{"player":…,"hand":…,"action":…}`` with ``,"amount":…`` before its end where
        it has one, and nothing else. A decision's text is decoded once and kept (a bounded
        cache of short texts); None when one is not the writer's (the head is then decoded
        with orjson). The decisions are the pieces ``body[10:-1].split(b'},{"player":')``
        gives (:func:`decision_end`)."""
        if not body:
            return []
        if not body.startswith(FIRST_MOVE) or body[-1] != _BRACE:
            return None
        last: i64 = len(body) - 1  # the last decision's "}"
        moves: list[object] = []
        start: i64 = len(FIRST_MOVE)
        while True:
            end = decision_end(body, start, last)
            move = self._move(body, start, end)
            if move is None:
                return None
            moves.append(move)
            if end == last:
                return cast("list[Move]", moves)
            start = end + len(NEXT_MOVE)

    def _move(self, body: bytes, start: i64, end: i64) -> object | None:
        """The decision whose text is ``body[start:end]``: kept, or read (:func:`read_move`)
        and kept while the table has room for it."""
        n = end - start
        if n < 8 or n > _KEPT_MOVE_BYTES:  # a writer's decision is longer; a long one not kept
            return read_move(body[start:end])
        # its 8-byte words, the last one ending at its end, each with its bits shifted onto
        # its lower ones, folded onto the slot's bits
        h: i64 = n
        k = start
        while k + 8 < end:
            word = read_i64_le(body, k)
            h = h ^ word ^ (word >> 29)
            k += 8
        word = read_i64_le(body, end - 8)
        h = h ^ word ^ (word >> 29)
        mask = self._mask
        slot = (h ^ (h >> 13) ^ (h >> 26) ^ (h >> 39) ^ (h >> 52)) & mask
        slots = self._slots
        texts = self._texts
        free: i64 = -1
        probe: i64 = 0
        while probe < _PROBES:
            at = slots[slot]
            if at == 0:
                free = slot
                break
            if same_text(body, start, texts[at - 1], n):
                return self._moves[at - 1]
            slot = (slot + 1) & mask
            probe += 1
        text = body[start:end]
        move = read_move(text)
        if move is not None and free >= 0 and len(texts) < KEPT:
            texts.append(text)
            self._moves.append(move)
            slots[free] = len(texts)
        return move


def decision_end(body: bytes, i: i64, last: i64) -> i64:
    """Where the decision that starts at ``body[i]`` ends: the first ``"}"`` from ``i`` on that
    opens a separator ``},{"player":`` wholly before ``last`` (the body's last ``"}"``), where
    ``bytes.split`` finds it; else ``last``. Eight bytes are looked at a time while none is a
    ``"}"`` (a byte of each 32-bit half ``^ _BRACES`` is zero where one is)."""
    while i < last:
        if i + 8 <= last:
            word = read_i64_le(body, i)
            low = (word & 0xFFFFFFFF) ^ _BRACES
            high = ((word >> 32) & 0xFFFFFFFF) ^ _BRACES
            # a byte's high bit is set in (b & 0x7F) + 0x7F | b unless b is 0
            if ((low & _LOW7) + _LOW7 | low) & _HIGH == _HIGH and (
                (high & _LOW7) + _LOW7 | high
            ) & _HIGH == _HIGH:
                i += 8
                continue
        if (
            body[i] == _BRACE
            and i + len(NEXT_MOVE) <= last
            and read_i32_le(body, i + 1) == _SEPARATOR_4
            and read_i32_le(body, i + 5) == _SEPARATOR_8
            and read_i16_le(body, i + 9) == _SEPARATOR_10
            and body[i + 11] == _COLON
        ):
            return i
        i += 1
    return last


def same_text(body: bytes, start: i64, text: bytes, n: i64) -> bool:
    """Whether ``body[start:start + n]`` is ``text`` (``n`` bytes, 8 or more), compared as
    8-byte words, the last one ending at the end."""
    if len(text) != n:
        return False
    k: i64 = 0
    while k + 8 < n:
        if read_i64_le(body, start + k) != read_i64_le(text, k):
            return False
        k += 8
    return read_i64_le(body, start + n - 8) == read_i64_le(text, n - 8)
