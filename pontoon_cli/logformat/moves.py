"""A deal's decisions read from the log writer's bytes, for replay's line reader.

The writer gives each decision the same text: ``{"player":…,"hand":…,"action":…}``, with
``,"amount":…`` before its end where it has one, the objects joined by ``},{"player":``. A
decision in that shape is read from its bytes as a :data:`Move` tuple, each text decoded once and
kept (a bounded cache); anything else is left to the JSON decode of the head
(:class:`~pontoon_cli.logformat.lines.LineReader`).
"""

from __future__ import annotations

import sys
from typing import Final, cast

import orjson

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


class MoveReader:
    """Reads a deal's decisions from the writer's bytes (:meth:`read`), keeping each decision's
    text once read (a bounded cache: a decision is decoded once, however many deals hold it)."""

    def __init__(self) -> None:
        # Move tuples, held as objects: compiled, a typed tuple taken from a dictionary is
        # unpacked to a struct and packed again into a new tuple when appended to a list
        self._known: dict[bytes, object] = {}

    def kept(self) -> list[Move]:
        """The decisions kept, in the order they were first read."""
        return cast("list[Move]", list(self._known.values()))

    def read(self, body: bytes) -> list[Move] | None:
        """The decisions between a head's ``[`` and ``]``, when each is the text the writer
        gives it: ``{"player":…,"hand":…,"action":…}`` with ``,"amount":…`` before its end where
        it has one, and nothing else. A decision's text is decoded once and kept (a bounded
        cache of short texts); None when one is not the writer's (the head is then decoded
        with orjson)."""
        if not body:
            return []
        if not body.startswith(FIRST_MOVE) or body[-1] != 125:  # 125: "}"
            return None
        known = self._known
        moves: list[object] = []
        for text in body[len(FIRST_MOVE) : -1].split(NEXT_MOVE):
            move: object = known.get(text)
            if move is None:
                move = read_move(text)
                if move is None:
                    return None
                if len(known) < KEPT and len(text) <= _KEPT_MOVE_BYTES:
                    known[text] = move
            moves.append(move)
        return cast("list[Move]", moves)
