"""How a log's lines are read, once for every reader: replay and the views (show, stats, diff).

:class:`LineReader` is the one loop over a log's lines; the functions below are its words.
Each line is one JSON object (:func:`decode`), a ``header`` record first, then ``deal`` records;
a second header starts a new game. What cannot be read is a :class:`LogFormatError` whose
message names the file, the line and the field (:func:`unreadable`), in the same words whoever
reads: a line that is not JSON or not an object, a deal before the first header
(:data:`HEADER_FIRST`), a record of an unknown type (:func:`unknown_type`), a field the log
schema refuses (:func:`problem_error`), a duplicate key or an integer beyond ±(2**53 − 1)
(:func:`strict_error`), an empty log (:func:`empty_log`). The header itself is read by
:func:`~pontoon_cli.logformat.check.read_header`, which also answers whether the log is a casino
table's (``Table.house``, C3). The place is built only when a line is refused, so a reader pays
nothing for it on the lines it reads.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, Final, Protocol

import orjson
from librt.vecs import vec
from mypy_extensions import i64

from pontoon_cli.core.errors import LogFormatError
from pontoon_cli.core.rules import Rules, Table
from pontoon_cli.logformat.check import (
    MISSING,
    Problem,
    brief,
    casino_body_problem,
    deal_body_problem,
    deal_head_problem,
    json_problem,
    read_header,
)
from pontoon_cli.logformat.moves import MoveReader
from pontoon_cli.logformat.packs import card_counts, scan_cards
from pontoon_cli.logformat.strict import strict_problem

#: A deal record before any header.
HEADER_FIRST: Final = 'expected the header record ("type": "header") first'


def unreadable(file: str, line: int, where: str | None, message: str) -> LogFormatError:
    """``FILE:LINE: WHERE: message`` (``WHERE`` left out when the line is wrong as a whole)."""
    text = f"{file}:{line}: " + (f"{where}: " if where else "") + message
    return LogFormatError(text, file, line)


def decode(file: str, line: int, raw: bytes) -> dict[str, Any]:
    """The line's JSON object; LogFormatError when it is not JSON or not an object."""
    try:
        record = orjson.loads(raw)
    except orjson.JSONDecodeError as err:
        raise unreadable(file, line, None, json_problem(raw, err)) from None
    if type(record) is not dict:
        raise unreadable(
            file,
            line,
            None,
            f"expected a JSON object (a header or deal record), got {brief(record)}",
        )
    return record


def unknown_type(file: str, line: int, kind: Any) -> LogFormatError:
    """A record whose ``type`` is neither a header nor a deal."""
    return unreadable(file, line, "type", f'expected "header" or "deal", got {brief(kind)}')


def problem_error(file: str, line: int, problem: Problem) -> LogFormatError:
    """A field the log schema refuses (:mod:`~pontoon_cli.logformat.check`): expected and got."""
    where, expected, got = problem
    return unreadable(file, line, where, f"expected {expected}, got {brief(got)}")


def strict_error(file: str, line: int, raw: bytes) -> LogFormatError | None:
    """A duplicate key or an integer beyond ±(2**53 − 1) in the line, or None.

    The limits: docs/reference/output.md, "Limits".
    """
    problem = strict_problem(raw)
    if problem is None:
        return None
    return unreadable(file, line, problem[0], problem[1])


def empty_log(name: str) -> LogFormatError:
    """A log without a line."""
    return LogFormatError(f"{name}: empty log: expected a header record on line 1", name)


def _keys_are(record: dict[str, Any], keys: tuple[str, ...]) -> bool:
    """Whether ``record``'s keys are exactly ``keys``, in order (compared without a tuple of
    them made: compiled, a dictionary's keys are walked natively)."""
    if len(record) != len(keys):
        return False
    return all(key == keys[i] for i, key in enumerate(record))


# the one loop ------------------------------------------------------------------------------------

#: Progress is told every 2048 lines.
TICK: Final = 2047

# A run of 16 digits (2**53 has 16) may be a number beyond it: every digit read as "0", every
# other byte as " ", and the run looked for with bytes.find (a regular expression costs 30 times
# as much on a deal's 2.5 kB).
_DIGITS: Final = bytes([0x30 if 0x30 <= b <= 0x39 else 0x20 for b in range(256)])
_SIXTEEN: Final = b"0" * 16

# A deal line as the log writer starts it, and where its cards begin: replay decodes such a line
# up to there first (LineReader.records). A `,"cards":` outside a string is structural (a quote
# inside a string is escaped), and a cut inside a nested value leaves it unclosed, which orjson
# refuses: a head that decodes is the record's top level.
_DEAL_START: Final = b'{"type":"deal",'
_CARDS: Final = b',"cards":'
# A head's decisions, its last field before the cards, in the writer's shape: each decision an
# object that opens with its player, the objects joined by `},{"player":`. A quote inside a
# string is escaped, so that text is structural too. The decisions are looked for from the
# line's start (where a pack's text is cut out, LineReader.cut_pack, from its first `"pack":"`
# on), and the cards from the decisions on (the cards follow the decisions in the writer's
# order): no `,"` is inside any string. A line in another order is decoded whole.
_PACK: Final = b'"pack":"'
_DECISIONS: Final = b',"decisions":['


class Look(Protocol):
    """How replay looks at a deal record it does not take as the writer's bytes
    (:class:`LineReader`): ``whole`` gives the record decoded
    whole (a deal read only up to its cards is decoded now), ``look`` that and its schema
    checked; both raise LogFormatError naming the line and the field. ``moves_read`` gives
    the text a record's decisions were read from, where they were read from the writer's
    bytes; ``cut_line`` the record's line without its pack's text, where the reader cut it
    out (:attr:`~pontoon_cli.logformat.replay.GameReplay.cut_pack`)."""

    def whole(self, number: int, raw: bytes, record: dict[str, Any]) -> dict[str, Any]: ...

    def look(self, number: int, raw: bytes, record: dict[str, Any]) -> dict[str, Any]: ...

    def moves_read(self, record: dict[str, Any]) -> bytes | None: ...

    def cut_line(self, record: dict[str, Any]) -> bytes | None: ...


class At:
    """Where a record is: the log's name as messages give it (escaped if not printable) and
    the line number; ``str(at)`` is ``FILE:LINE``."""

    __slots__ = ("file", "line")

    def __init__(self, file: str, line: int) -> None:
        self.file = file
        self.line = line

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"

    def __repr__(self) -> str:
        return f"At({self.file!r}, {self.line})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, At) and (self.file, self.line) == (other.file, other.line)

    def __hash__(self) -> int:
        return hash((self.file, self.line))


class LogRecord:
    """One record: where it is, ``"header"`` or ``"deal"``, the decoded object and its raw
    bytes; a header also brings its rules (:meth:`Rules.from_dict`, the preset's defaults filled
    in) and table, read by :func:`~pontoon_cli.logformat.check.read_header`."""

    __slots__ = ("at", "head", "kind", "raw", "record", "rules", "table")

    def __init__(
        self,
        at: At,
        kind: str,
        record: dict[str, Any],
        raw: bytes,
        rules: Rules | None = None,
        table: Table | None = None,
        head: bool = False,
    ) -> None:
        self.at = at
        self.kind = kind
        self.record = record
        self.raw = raw
        self.rules = rules
        self.table = table
        #: ``record`` holds only the deal's head, its fields up to its cards (replay's reader,
        #: :meth:`LineReader.records`); :meth:`LineReader.whole` gives the whole record.
        self.head = head


class Progress(Protocol):
    """How far a log has been read (replay's bar): ``start`` when it is open (its size, if
    known), ``advance`` to a byte position every :data:`TICK` + 1 lines, ``finish`` when reading
    ends, however it ends."""

    def start(self, name: str, total: int | None) -> None: ...

    def advance(self, position: int) -> None: ...

    def finish(self) -> None: ...


class LineReader:
    """The one loop that reads a log's lines into records, for replay and the views alike.

    :meth:`records` decodes each line (:func:`decode`), refuses a deal before the first header,
    a record of an unknown type and an empty log, and reads each header once
    (:func:`~pontoon_cli.logformat.check.read_header`: the schema, the seats, the rules, the
    table, and whether it is a casino table's, ``Table.house``). A second header starts a new
    game, as ``cat``-joined logs hold.

    With ``look`` (the views) every deal record is also looked at whole before it is given: the
    strict look (a duplicate key, an integer beyond ±(2**53 − 1)) and the log schema, so a
    visitor may index it without a ``TypeError``. Replay reads with ``look=False``: a deal whose
    bytes are exactly the log writer's is verified in one comparison, and replay looks at the
    others itself (:meth:`look`), in the same words. Given :attr:`heads` (by replay: the keys of
    everything it reads before it re-deals, in the writer's order), replay's reader decodes a deal
    line in the writer's shape only up to its cards, and with :attr:`tail`, the one field the
    writer puts last (Shoot's kitty): its head. The rest is the writer's bytes or not, and the
    record is decoded whole (:meth:`whole`) only when not.

    :attr:`lines` counts the lines read, the one that was refused included.
    """

    def __init__(self, name: str, *, look: bool = True) -> None:
        self.name = name
        self.look_deals = look
        self.lines = 0
        self.house = False  # the last header's table is a casino table's (C3)
        # Replay's reader: the keys of a deal's head in the writer's order, for the game of the
        # last header (set by replay once it has read the header), or None: decode deals whole
        self.heads: tuple[str, ...] | None = None
        self.tail: bytes | None = None  # ``,"KEY":`` of a head's field that comes last
        # Replay's reader: cut a deal's pack text out of its line before the head is decoded
        # (set by replay for a game whose packs are long: a casino shoe's 416 cards)
        self.cut_pack = False
        self.cut: bytes | None = None  # the last head's line without its pack's text, if cut
        self.counts: vec[i64] | None = None  # and how often the cut text holds each card
        self.head: dict[str, Any] | None = None  # the last deal given as its head only
        # and the text its decisions were read from (between the brackets), if they were
        self.moves_text: bytes | None = None
        self._whole: dict[str, Any] | None = None  # and that deal's whole record
        self.moves = MoveReader()  # the decisions in the writer's shape, read from their bytes
        self._heads_of: tuple[str, ...] | None = None  # the heads _rest is made of
        self._rest: tuple[str, ...] = ()

    def records(
        self,
        lines: Iterable[bytes],
        progress: Progress | None = None,
        position: Callable[[], int] | None = None,
    ) -> Iterator[LogRecord]:
        """Each line's record, in order; LogFormatError for a line that cannot be read. With a
        ``progress``, ``position()`` is reported every :data:`TICK` + 1 lines."""
        name = self.name
        look_deals = self.look_deals
        started = False
        number = 0
        for raw in lines:  # compiled, enumerate(lines, 1) is a generic call per line
            number += 1
            self.lines = number
            if progress is not None and position is not None and not number & TICK:
                progress.advance(position())
            if started and self.heads is not None and raw.startswith(_DEAL_START):
                head = self._head(raw)
                if head is not None:
                    yield LogRecord(At(name, number), "deal", head, raw, head=True)
                    continue
            record = decode(name, number, raw)
            kind = record.get("type", MISSING)
            if kind == "deal" and started:
                if look_deals:
                    self.look(number, raw, record)
                yield LogRecord(At(name, number), "deal", record, raw)
                continue
            # a duplicate key or a huge number explains a line first
            self.strict(number, raw, record)
            if kind == "deal":
                raise unreadable(name, number, "type", HEADER_FIRST)
            if kind != "header":
                raise unknown_type(name, number, kind)
            rules, table = read_header(record, name, number)
            self.house = table.house
            self.heads = self.tail = None  # until replay says the new game's
            started = True
            yield LogRecord(At(name, number), "header", record, raw, rules, table)
        if number == 0:
            raise empty_log(name)

    def _head(self, raw: bytes) -> dict[str, Any] | None:
        """The deal line's fields up to its cards, and its :attr:`tail` field, when they are the
        writer's keys in the writer's order (``"type": "deal"`` first); else None, and the line
        is decoded whole. The tail field is taken from its last ``,"KEY":``: one that is not the
        object's last key, or not at its top level, leaves the joined text unclosed or closed
        too far, which orjson refuses, or nested below another key, which :attr:`heads` refuses.

        The decisions, the last field before the cards, are read from the writer's bytes as
        :data:`~pontoon_cli.logformat.moves.Move` tuples when each is the writer's text
        (:class:`~pontoon_cli.logformat.moves.MoveReader`); the rest of the head is decoded
        without them, and must then hold every other key of :attr:`heads` in order (so not a
        second ``decisions``)."""
        past = 0  # where the decisions are looked for from: past the pack, where it is cut
        pack: str | None = None
        counts: vec[i64] | None = None
        line = raw  # the line, or with :attr:`cut_pack` the line without its pack's text
        if self.cut_pack:
            # The text is cut out only where it is a pack's (cards joined by single spaces),
            # counted as its end is found, and closed by a quote: cards and spaces hold no quote
            # or escape, so that quote closes the JSON string. Any other pack (an escape, a
            # character beyond ASCII, a card misspelt) stays in the line, and JSON reads it.
            found = raw.find(_PACK)
            if found >= 0:
                past = found + len(_PACK)
                counts = card_counts()
                close = scan_cards(raw, past, counts)
                if 0 <= close < len(raw) and raw[close] == 34:  # 34: the quote that closes it
                    pack = raw[past:close].decode("latin-1")  # cards and spaces: ASCII
                    line = raw[:past] + raw[close:]
        start = line.find(_DECISIONS, past)
        cut = line.find(_CARDS, past if start < 0 else start)
        if cut < 0:
            return None
        moves = None
        body = b""
        if start >= 0 and line[cut - 1] == 93:  # 93: "]", the decisions' end
            body = line[start + len(_DECISIONS) : cut - 1]
            moves = self.moves.read(body)
        end = cut if moves is None else start
        tail = self.tail
        if tail is None:
            text = line[:end] + b"}"
        else:
            at = line.rfind(tail)
            if at < cut:
                return None
            text = line[:end] + line[at:]
        try:
            head = orjson.loads(text)
        except orjson.JSONDecodeError:
            return None
        if type(head) is not dict:
            return None
        if moves is None:
            heads = self.heads
            if heads is None or not _keys_are(head, heads):
                return None
        else:
            if not _keys_are(head, self._heads_but_decisions()):
                return None
            head["decisions"] = moves
        if pack is not None:
            # The text cut out is the top-level pack's: a first `"pack":"` elsewhere is inside
            # an object or an array before it, which the head's schema refuses before the pack
            # is read (deal_head_problem), and the line read whole then says what is wrong.
            head["pack"] = pack
        self.cut = None if pack is None else line
        self.counts = None if pack is None else counts
        self.head = head
        self.moves_text = None if moves is None else body
        self._whole = None  # decoded when asked for (whole)
        return head

    def _heads_but_decisions(self) -> tuple[str, ...]:
        """:attr:`heads` without ``decisions``, made once for each game's heads."""
        heads = self.heads
        if heads is None:
            return ()
        if heads is not self._heads_of:
            self._heads_of = heads
            self._rest = tuple([key for key in heads if key != "decisions"])
        return self._rest

    def moves_read(self, record: dict[str, Any]) -> bytes | None:
        """The text ``record``'s decisions were read from (between their brackets), where
        ``record`` is the last deal given as its head and its decisions were read from the
        writer's bytes (:class:`~pontoon_cli.logformat.moves.MoveReader`); else None."""
        return self.moves_text if record is self.head else None

    def cut_line(self, record: dict[str, Any]) -> bytes | None:
        """``record``'s line without its pack's text (``"pack":""``), where ``record`` is the
        last deal given as its head and :attr:`cut_pack` cut the text out; else None. That line
        and the record's pack are together the line's bytes."""
        return self.cut if record is self.head else None

    def pack_counts(self, record: dict[str, Any]) -> vec[i64] | None:
        """How often ``record``'s pack holds each card (by ``Card.index``), where its text was
        cut out of the line (:meth:`cut_line`), which counts it as it finds its end
        (:func:`~pontoon_cli.logformat.packs.scan_cards`); else None."""
        return self.counts if record is self.head else None

    def whole(self, number: int, raw: bytes, record: dict[str, Any]) -> dict[str, Any]:
        """The deal's whole record: ``record`` itself, or, for a deal given as its head only,
        the line decoded whole and looked at (:meth:`look`)."""
        return record if record is not self.head else self.look(number, raw, record)

    def look(self, number: int, raw: bytes, record: dict[str, Any]) -> dict[str, Any]:
        """A deal record looked at whole: the strict look, then the log schema (the head, then
        the body of the table's kind). Returns the whole record (a deal given as its head only
        is decoded whole, once); raises LogFormatError naming the line and the field, as
        :meth:`records` would have."""
        if record is self.head:
            whole = self._whole
            if whole is None:
                whole = decode(self.name, number, raw)
                self._whole = whole
            record = whole
        self.strict(number, raw, record)
        problem = deal_head_problem(record)
        if problem is None:
            body = casino_body_problem if self.house else deal_body_problem
            problem = body(record)
        if problem is not None:
            raise problem_error(self.name, number, problem)
        return record

    def strict(self, number: int, raw: bytes, record: dict[str, Any]) -> None:
        """Refuse a duplicate key or an integer beyond ±(2**53 − 1) (docs/log-format.md,
        "Limits"). A record whose bytes are exactly what orjson writes for it holds no duplicate
        key (a duplicate would be dropped), so only such a record with no run of 16 digits skips
        the slower look, as the log writer's records do."""
        text = raw[:-1] if raw.endswith(b"\n") else raw
        if text.endswith(b"\r"):
            text = text[:-1]
        if text == orjson.dumps(record) and text.translate(_DIGITS).find(_SIXTEEN) < 0:
            return
        error = strict_error(self.name, number, raw)
        if error is not None:
            raise error
