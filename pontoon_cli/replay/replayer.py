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

This module reads the lines (JSON, the record's type, the header, the deal's head and pack) and
hands each deal record to the replay of the game its header started (:data:`REPLAYS`): one
pipeline, :class:`~pontoon_cli.logformat.replay.GameReplay`, whose hooks each game fills in
(:mod:`~pontoon_cli.traditional.replay`, :mod:`~pontoon_cli.shoot.replay`,
:mod:`~pontoon_cli.casino.replay`: casino Pontoon, C1-C11).

Only the state that carries from deal to deal is kept (balances, the bank, the pack left by the
last deal), so memory stays flat however long the log. Once a deal diverges the rest of it is not
checked; the next deal goes on from the recorded state where the record gives it (balances, next
banker) and from the rules' own re-deal for the pack.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from pontoon_cli.casino.replay import CasinoReplay
from pontoon_cli.core.cards import Card, read_log_pack
from pontoon_cli.core.errors import LogFormatError
from pontoon_cli.core.rules import Rules, Table
from pontoon_cli.logformat.check import (
    CARD_BY_TEXT,
    MISSING,
    Problem,
    brief,
    deal_head_problem,
    read_header,
)
from pontoon_cli.logformat.divergence import Divergence, Place
from pontoon_cli.logformat.lines import (
    HEADER_FIRST,
    decode,
    problem_error,
    strict_error,
    unknown_type,
    unreadable,
)
from pontoon_cli.logformat.replay import GameReplay, Look, SeedCheck
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
    """Verifies one log line by line, keeping only what carries from one deal to the next.

    :meth:`feed` takes each raw line and returns its first divergence, or None; it raises
    LogFormatError for a line that cannot be read. A second header starts a new game, so logs
    joined with ``cat`` replay too.
    """

    def __init__(self, file: str, *, seeded: bool = False) -> None:
        self.file = file
        self.seeded = seeded  # --seeded: every shuffle is also the header's seed's
        self.deals_verified = 0
        self.deals_diverged = 0
        self.headers_diverged = 0
        self.deals_stacked = 0
        self.game: GameReplay | None = None  # the checks of the game the last header started

    # reading a line ------------------------------------------------------------------------------

    def feed(self, line: int, raw: bytes) -> Divergence | None:
        """Check one line of the log; return its first divergence or None."""
        record = decode(self.file, line, raw)  # the views' reader reads a line so too (log_read)
        kind = record.get("type", MISSING)
        game = self.game
        if kind == "deal" and game is not None:
            try:
                found = self._deal(game, line, raw, record)
            except LogFormatError:
                self._strict(line, raw)  # a duplicate key or a huge number explains it first
                raise
            except TypeError:
                # A value of the wrong type: the compiled build (mypyc) refuses it where it is
                # passed, before the divergence that leads the pure build to the same check.
                self._strict(line, raw)
                self._problem(line, game.body_problem(record))
                raise
            if found is None:
                self.deals_verified += 1
            else:
                self.deals_diverged += 1
            return found
        self._strict(line, raw)
        if kind == "deal":
            raise unreadable(self.file, line, "type", HEADER_FIRST)
        if kind == "header":
            found = self._header(line, record)
            if found is not None:
                self.headers_diverged += 1
            return found
        raise unknown_type(self.file, line, kind)

    def _strict(self, line: int, raw: bytes) -> None:
        """Refuse a record with a duplicate key or an integer beyond ±(2**53 − 1) (README
        "Limits"). Only records that are not exactly the log writer's bytes need the look."""
        error = strict_error(self.file, line, raw)
        if error is not None:
            raise error

    def _problem(self, line: int, problem: Problem | None) -> None:
        if problem is not None:
            raise problem_error(self.file, line, problem)

    def _look(self, line: int, raw: bytes, record: dict[str, Any]) -> None:
        """A record that is not the writer's bytes, looked at whole: LogFormatError if it holds
        a duplicate key, an integer out of range or a value of the wrong type."""
        self._strict(line, raw)
        game = self.game
        assert game is not None  # a deal record is looked at once a header started a game
        self._problem(line, game.body_problem(record))

    # the header ----------------------------------------------------------------------------------

    def _header(self, line: int, record: dict[str, Any]) -> Divergence | None:
        # the checks the views read a header through too (logcheck.read_header)
        rules, table = read_header(record, f"{self.file}:{line}")
        seed = SeededPacks(self.file, line, record, rules, table) if self.seeded else None
        game = REPLAYS[rules.preset](self.file, record, rules, table, self._look, seed)
        self.game = game
        return game.check_header(Place(self.file, line, None), record)

    # a deal --------------------------------------------------------------------------------------

    def _deal(
        self, game: GameReplay, line: int, raw: bytes, record: dict[str, Any]
    ) -> Divergence | None:
        self._problem(line, deal_head_problem(record))
        pack = self._pack(line, record["pack"])
        found = game.deal(line, raw, record, pack)
        self.deals_stacked += game.stacked
        game.stacked = 0
        return found

    def _pack(self, line: int, text: str) -> list[Card]:
        cards = read_log_pack(text)
        if cards is not None:
            return cards
        for position, token in enumerate(text.split(" "), 1):  # say which card is wrong
            if token not in CARD_BY_TEXT:
                raise unreadable(
                    self.file,
                    line,
                    "pack",
                    f"card {position}: expected a card like 'TH' (rank A 2-9 T J Q K, suit "
                    f"C D H S, upper case, single spaces between), got {brief(token)}",
                )
        raise AssertionError(f"read_log_pack refused {text!r}")  # pragma: no cover
