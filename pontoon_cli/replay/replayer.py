"""The per-deal checker of ``pontoon replay``: one log, record by record.

For each deal record the deal is built again from the header's rules and table, the recorded pack
and the recorded decisions, through the same :class:`~pontoon_cli.traditional.engine.Deal` methods
live play uses. Every derived field the record holds is compared with what the rules give: the cards
dealt and to whom, the legality and turn of every decision, hand classes, totals and settlements,
each player's net and balance, the next banker, who sat out, and the pack's continuity from the deal
before (T8.1–T8.2). Fields a record leaves out are derived, not demanded, so a third party's minimal
log (header; per deal the pack, the decisions and the nets) verifies too.

A deal whose record is byte for byte what the log writer would write is verified in one
comparison; any other record is checked field by field, which names the first divergence.

The lines are read by the loop the views read them by
(:class:`~pontoon_cli.logformat.lines.LineReader`: JSON, the record's type, the header); this module
reads each deal's head and pack and hands the record to the replay of the game its header started
(:data:`REPLAYS`): one
pipeline, :class:`~pontoon_cli.logformat.replay.GameReplay`, whose hooks each game fills in
(:mod:`~pontoon_cli.traditional.replay`, :mod:`~pontoon_cli.shoot.replay`,
:mod:`~pontoon_cli.casino.replay`: casino Pontoon, C1-C11).

Only the state that carries from deal to deal is kept (balances, the bank, the pack left by the
last deal), so memory stays flat however long the log. Once a deal diverges the rest of it is not
checked; the next deal goes on from the recorded state where the record gives it (balances, next
banker) and from the rules' own re-deal for the pack.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, Final

import orjson

from pontoon_cli.base.deal import Phase
from pontoon_cli.casino.replay import CasinoReplay
from pontoon_cli.core.errors import LogFormatError
from pontoon_cli.core.rules import Rules, Table
from pontoon_cli.logformat.check import CARD_BY_TEXT, brief, deal_head_problem
from pontoon_cli.logformat.deal_record import dealt_so_far
from pontoon_cli.logformat.divergence import Divergence, Place
from pontoon_cli.logformat.lines import (
    LineReader,
    LogRecord,
    Look,
    Progress,
    problem_error,
    unreadable,
)
from pontoon_cli.logformat.replay import GameReplay, SeedCheck
from pontoon_cli.replay.coverage import RuleCoverage
from pontoon_cli.replay.seeded import SeededPacks
from pontoon_cli.shoot.replay import ShootReplay
from pontoon_cli.traditional.replay import TraditionalReplay

#: A game's replay, made from the log's header: (file, header record, rules, table, look, seed).
NewReplay = Callable[[str, dict[str, Any], Rules, Table, Look, SeedCheck | None], GameReplay]

#: Each preset's replay (the games registry's presets): a fourth game adds its subclass here.
REPLAYS: Final[dict[str, NewReplay]] = {
    "traditional": TraditionalReplay,
    "shoot": ShootReplay,
    "casino": CasinoReplay,
}


class LogReplayer:
    """Verifies one log record by record, keeping only what carries from one deal to the next.

    :meth:`replay` reads the lines and yields each record's first divergence; :meth:`check`
    takes one record read elsewhere (``pontoon diff`` reads through the views' reader). Both
    raise LogFormatError for a line that cannot be read. A second header starts a new game, so
    logs joined with ``cat`` replay too.
    """

    def __init__(
        self, file: str, *, seeded: bool = False, coverage: RuleCoverage | None = None
    ) -> None:
        self.file = file
        self.coverage = coverage  # --coverage: what the rules decided, rule by rule
        self.seeded = seeded  # --seeded: every shuffle is also the header's seed's
        self.reader = LineReader(file, look=False)  # deals are looked at only when not exact
        self.deals_verified = 0
        self.deals_diverged = 0
        self.headers_diverged = 0
        self.deals_stacked = 0
        self.game: GameReplay | None = None  # the checks of the game the last header started

    @property
    def lines(self) -> int:
        """The lines read so far, the one that was refused included."""
        return self.reader.lines

    def replay(
        self,
        lines: Iterable[bytes],
        progress: Progress | None = None,
        position: Callable[[], int] | None = None,
    ) -> Iterator[Divergence]:
        """Each divergence of the log given as ``lines``, in order: a deal's notes (where replay
        took the log's word for what it had to guess, :attr:`GameReplay.notes`) before its own."""
        check = self.check
        coverage = self.coverage
        for item in self.reader.records(lines, progress, position):
            found = check(item)
            game = self.game
            if game is not None and game.notes:
                if coverage is not None:
                    for note in game.notes:
                        coverage.diverged(note)
                yield from game.notes
                game.notes.clear()
            if found is not None:
                if coverage is not None:
                    coverage.diverged(found)
                yield found

    def check(self, item: LogRecord) -> Divergence | None:
        """One record's first divergence, or None."""
        if item.kind == "header":
            found = self._header(item)
            if found is not None:
                self.headers_diverged += 1
            return found
        game = self.game
        assert game is not None  # the reader gives a deal only after a header
        line = item.at.line
        raw = item.raw
        record = item.record
        game.notes.clear()
        try:
            found = self._deal(game, line, raw, record, item.head)
        except (LogFormatError, TypeError):
            # A duplicate key, a huge number or a value of the wrong type explains it first;
            # the compiled build (mypyc) refuses a wrong type where it is passed, before the
            # divergence that leads the pure build to the same look.
            self.reader.look(line, raw, record)
            raise
        if found is None and not game.notes:
            self.deals_verified += 1
        else:
            self.deals_diverged += 1
        return found

    def completed(self, item: LogRecord) -> tuple[dict[str, Any], Divergence | None]:
        """``item``'s record with what it leaves out filled in from the rules' re-deal (the
        cards, the hands, the banker's or dealer's hand, who banks; a minimal log's deal holds
        only its pack, decisions and nets), and its first divergence. What the record holds is
        kept as recorded; a deal that cannot be re-dealt to its end is given as recorded.
        ``show`` and ``diff`` read a minimal log so."""
        found = self.check(item)
        record = item.record
        if item.kind != "deal" or ("hands" in record and "cards" in record):
            return record, found  # a full record: nothing to fill in
        game = self.game
        derived = game.redealt() if game is not None else None
        if derived is None:
            return record, found
        # as JSON reads it (the writer's record holds enum members and tuples); the pack's state
        # is the record's to say (left out, replay reads it as shuffled), not the re-deal's
        filled = orjson.loads(orjson.dumps(derived))
        if "pack_state" not in record:
            del filled["pack_state"]
        return {**filled, **record}, found

    def redealt(self) -> dict[str, Any] | None:
        """The record the log writer would write for the last deal as the rules re-dealt it
        (:meth:`GameReplay.redealt`), as JSON reads it; None when it did not reach its end."""
        game = self.game
        derived = game.redealt() if game is not None else None
        return None if derived is None else orjson.loads(orjson.dumps(derived))

    def dealt_so_far(self) -> dict[str, Any] | None:
        """The last deal as far as the rules dealt it, where its record parted from them before
        the deal was checked to its end (:func:`~pontoon_cli.logformat.deal_record.dealt_so_far`:
        the decisions, cards and hands up to there; with ``net`` and ``side``, what side bets did
        to the balances, S7, when the rules' deal had ended and the record went on), as JSON
        reads it; None when it was checked to its end (:meth:`completed` fills its record in) or
        nothing was dealt. What ``show`` draws of a minimal log's deal that diverged."""
        game = self.game
        last = game.last if game is not None else None
        if game is None or last is None or game.dealt is not None:
            return None
        record = dealt_so_far(last)
        if last.phase is Phase.END:  # a decision after the end: the rules paid their nets
            record["net"] = last.nets
            record["side"] = game.side_bets(last) or {}
        read: dict[str, Any] = orjson.loads(orjson.dumps(record))
        return read

    # the header ----------------------------------------------------------------------------------

    def _header(self, item: LogRecord) -> Divergence | None:
        rules, table, record = item.rules, item.table, item.record
        assert rules is not None and table is not None  # the reader read the header
        file, line = self.file, item.at.line
        self.reader.house = table.house  # a record read elsewhere (diff) is looked at by its game
        seed = SeededPacks(file, line, record, rules, table) if self.seeded else None
        game = REPLAYS[rules.preset](file, record, rules, table, self.reader, seed)
        self.game = game
        coverage = self.coverage
        if coverage is not None:
            game.probe = coverage
            coverage.header(rules, record, game.actions)
        self.reader.heads = game.heads
        self.reader.tail = None if game.tail is None else f',"{game.tail}":'.encode()
        self.reader.cut_pack = game.cut_pack
        return game.check_header(Place(file, line, None), record)

    # a deal --------------------------------------------------------------------------------------

    def _deal(
        self, game: GameReplay, line: int, raw: bytes, record: dict[str, Any], head: bool
    ) -> Divergence | None:
        problem = deal_head_problem(record, carried=not head)
        if problem is not None:
            raise problem_error(self.file, line, problem)
        text: str = record["pack"]
        pack = game.read_pack(text, self.reader.pack_counts(record))
        if pack is None:
            raise self._unreadable_pack(line, text)
        found = game.deal(line, raw, record, pack)
        self.deals_stacked += game.stacked
        game.stacked = 0
        return found

    def _unreadable_pack(self, line: int, text: str) -> LogFormatError:
        """What is wrong with a ``pack`` the game could not read: its first card that is not
        a card's text."""
        for position, token in enumerate(text.split(" "), 1):  # say which card is wrong
            if token not in CARD_BY_TEXT:
                return unreadable(
                    self.file,
                    line,
                    "pack",
                    f"card {position}: expected a card like 'TH' (rank A 2-9 T J Q K, suit "
                    f"C D H S, upper case, single spaces between), got {brief(token)}",
                )
        raise AssertionError(f"read_log_pack refused {text!r}")  # pragma: no cover
