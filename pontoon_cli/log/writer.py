"""The JSON-lines log: records built from the engine's events, written with orjson.

Format ``pontoon-log/1`` (docs/log-format.md; JSON Schema in ``logformat/schema.json``): a header
record, then one record per deal. Keys always come in the order written here; the same game always
gives the same bytes.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Final

import orjson
from librt.strings import BytesWriter

from pontoon_cli._version import __version__
from pontoon_cli.base.game import GameBase
from pontoon_cli.core.errors import StrategyError
from pontoon_cli.core.events import BankSold
from pontoon_cli.core.limits import MAX_SAFE_INT
from pontoon_cli.core.rules import Rules, Table
from pontoon_cli.core.stop import Interrupted
from pontoon_cli.log.output import OutStream, held, open_sink, stdout_stream
from pontoon_cli.logformat.deal_record import RecordWriter
from pontoon_cli.logformat.format import FORMAT
from pontoon_cli.logformat.record import DealLine, LineWriter, line_bytes
from pontoon_cli.traditional.engine import DealBase, Game
from pontoon_cli.traditional.record import traditional_line, traditional_record

_MAX_INT: Final = MAX_SAFE_INT


def header_record(
    rules: Rules,
    table: Table,
    game: GameBase,
    seed: int | None,
    *,
    scenario: str | None = None,
    strategies: dict[str, str] | None = None,
) -> dict[str, Any]:
    """The first record: format, tool, the full resolved rules, the table, the cut, the seed.

    A casino table (C3) has no banker (``"banker": null``) and cuts for nothing: its header has
    no ``cut``.
    """
    record: dict[str, Any] = {
        "type": "header",
        "format": FORMAT,
        "tool": f"pontoon-cli {__version__}",
        "rules": rules.to_dict(),
        "table": {
            "seats": list(table.seats),
            "banker": None,
            "bankrolls": {p: table.bankrolls[p] for p in table.seats},
            "min_stake": table.min_stake,
            "max_stake": table.max_stake,
        },
    }
    if isinstance(game, Game):  # a banker's table: who banks, and the cut that chose him (T3.2)
        record["table"]["banker"] = game.banker
        record["cut"] = [{p: card.text for p, card in rnd.items()} for rnd in game.cut_rounds]
    record["seed"] = seed
    record["scenario"] = scenario
    record["strategies"] = strategies
    return record


def encode(record: dict[str, Any]) -> bytes:
    """One record as one compact JSON line, newline included."""
    return orjson.dumps(record, option=orjson.OPT_APPEND_NEWLINE)


def schema() -> dict[str, Any]:
    """The JSON Schema of the log, shipped in the package."""
    from importlib import resources  # only `pontoon schema` and replay's checks read it

    text = resources.files("pontoon_cli.logformat").joinpath("schema.json").read_bytes()
    result: dict[str, Any] = orjson.loads(text)
    return result


#: About how many bytes of records a file's log writer holds before it writes them
#: (a 6-seat deal's line is about 2.5 kB, a casino round's with its shoe up to 4 kB).
BATCH_BYTES: Final = 1 << 17


class LogWriter:
    """Writes records, one JSON line each, to stdout or to ``--out`` (see :func:`open_sink`).

    Leaving the ``with`` block normally keeps the log (a file is renamed into place). Leaving it
    by :class:`Interrupted` keeps the records written so far, which are whole (each write is a
    :func:`held` step): a valid log that replays; so does leaving it by a
    :class:`~pontoon_cli.core.errors.StrategyError` (a strategy of the user's failed). Any other
    error, or a second signal that cut a record, discards a temporary file and leaves an
    existing file untouched. On stdout a closed
    pipe turns later writes into no-ops and sets ``broken``.
    """

    def __init__(self, out: str | Path | None, stream: OutStream | None = None) -> None:
        target = None if out is None else os.fspath(out)
        self._sink = open_sink(target, stdout_stream() if stream is None else stream)
        self.where = self._sink.where  # the file as named by ``--out``, or ``stdout``
        self.is_file = self._sink.is_file  # False for stdout
        self.records = 0
        self.headers = 0  # one a game: simulate --log writes one a shard
        self._cut = False
        # A file's records are written together, a batch of about BATCH_BYTES at a time (each
        # write is a held step and a few calls of Python: a tenth of play with a log, one by
        # one); they are all written before the log is kept, whatever ends the game. A deal's
        # line is written straight into the bytes that wait (the game's LineWriter): no text
        # or bytes made per line, and nothing to encode.
        self._batched = self._sink.batched
        self._pending = BytesWriter()

    @property
    def to_terminal(self) -> bool:
        """True when the log itself goes to a terminal (no progress bar then)."""
        return self._sink.to_terminal

    @property
    def broken(self) -> bool:
        """True once stdout's reader has gone (``| head``): nothing written since arrived."""
        return self._sink.broken

    @property
    def deals(self) -> int:
        """Deal records written (a header is not a deal)."""
        return self.records - self.headers

    def write(self, record: dict[str, Any]) -> None:
        """A record other than a deal's: a game's header."""
        self._put(encode(record))
        if record.get("type") == "header":
            self.headers += 1

    def write_deal(
        self,
        game: GameBase,
        deal: DealBase,
        sale: BankSold | None = None,
        *,
        line: LineWriter | None = None,
        record: RecordWriter | None = None,
    ) -> None:
        """One deal's record (the game's ``line`` and ``record``: games.GameDefinition; the
        traditional game's by default): the line's bytes, the same as the record encoded without
        building it (a dictionary per card, decision and hand was most of play with a log); the
        record itself only where the line has none (a number beyond ±(2**53 − 1))."""
        write = line or traditional_line
        if self._batched:
            pending = self._pending
            whole = len(pending)  # the bytes of whole records
            try:
                done = write(pending, DealLine(game, deal, sale))
            except BaseException:
                self._cut_pending(whole)  # only whole records are ever written
                raise
            if done:
                self.records += 1
                if len(pending) >= BATCH_BYTES:
                    self._write_pending()
                return
            self._cut_pending(whole)
            data = None
        else:
            data = line_bytes(write, DealLine(game, deal, sale))
        if data is None:
            data = encode((record or traditional_record)(game, deal, sale))
        self._put(data)

    def _put(self, data: bytes) -> None:
        if self._batched:
            self._pending.write(data)
            self.records += 1
            if len(self._pending) >= BATCH_BYTES:
                self._write_pending()
            return
        with held():
            self._cut = True  # until the record is whole: a second signal may stop us here
            self._sink.write(data)
            self._cut = False
            self.records += 1

    def _cut_pending(self, whole: int) -> None:
        """Drop what a line that was not finished left after the first ``whole`` bytes of the
        records that wait."""
        self._pending.truncate(whole)

    def _write_pending(self) -> None:
        """Write the records that wait, whole (one held step)."""
        if not len(self._pending):
            return
        data = self._pending.getvalue()
        with held():
            self._cut = True  # until the records are whole: a second signal may stop us here
            self._pending = BytesWriter()
            self._sink.write(data)
            self._cut = False

    def commit(self) -> None:
        with held():
            self._write_pending()
            self._sink.keep()

    def abort(self) -> None:
        self._sink.discard()

    def __enter__(self) -> LogWriter:
        return self

    def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
        if exc is None:
            try:
                self._write_pending()  # the records that wait: a signal may come meanwhile
            except BaseException as err:
                self._end(err)
                raise
            self.commit()
        else:
            self._end(exc)

    def _end(self, exc: object) -> None:
        """Keep or discard the log that ``exc`` ended."""
        if isinstance(exc, (Interrupted, StrategyError)) and self.records and not self._cut:
            # the header and every whole deal: a log that replays (a signal; a strategy of the
            # user's that failed in the deal after them)
            self.commit()
            deals = f"{self.deals} deal" + ("" if self.deals == 1 else "s")
            exc.kept = f"kept {deals} in {self.where}" if self.is_file else f"{deals} written"
        else:
            self.abort()
