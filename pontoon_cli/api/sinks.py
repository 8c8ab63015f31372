"""Where played records go: a list (:func:`~pontoon_cli.api.playing.play`) or a log's writer
(:func:`~pontoon_cli.api.playing.write_log`, ``pontoon play``), with its progress bar."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any, Protocol

from pontoon_cli.base.deal import DealBase
from pontoon_cli.base.game import GameBase
from pontoon_cli.core.events import BankSold
from pontoon_cli.games import GameDefinition
from pontoon_cli.log.writer import LogWriter


class Progress(Protocol):
    """Told how many deals are written so far (``pontoon play``'s bar)."""

    def advance(self, deals: int) -> None: ...


class Sink:
    total = 0

    def header(self, record: dict[str, Any]) -> None:
        raise NotImplementedError

    def deal(
        self, definition: GameDefinition, game: GameBase, deal: DealBase, sale: BankSold | None
    ) -> bool:
        """Take a deal; False when nobody reads on (``| head``)."""
        raise NotImplementedError

    def start(self, total: int) -> None:
        self.total = total


class Records(Sink):
    def __init__(self) -> None:
        self.records: list[dict[str, Any]] = []

    def header(self, record: dict[str, Any]) -> None:
        self.records.append(record)

    def deal(
        self, definition: GameDefinition, game: GameBase, deal: DealBase, sale: BankSold | None
    ) -> bool:
        self.records.append(definition.record(game, deal, sale))
        return True


class LogSink(Sink):
    def __init__(
        self,
        writer: LogWriter,
        progress: Callable[[LogWriter, int], AbstractContextManager[Progress]] | None,
    ) -> None:
        self.writer = writer
        self.progress = progress
        self._bar: AbstractContextManager[Progress] | None = None
        self._advance: Callable[[int], None] | None = None

    def start(self, total: int) -> None:
        if self.progress is not None:
            self._bar = self.progress(self.writer, total)
            self._advance = self._bar.__enter__().advance

    def __enter__(self) -> LogSink:
        return self

    def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
        """The bar closes, whatever ended the writing."""
        if self._bar is not None:
            self._bar.__exit__(None, None, None)
            self._bar = None

    def header(self, record: dict[str, Any]) -> None:
        self.writer.write(record)

    def deal(
        self, definition: GameDefinition, game: GameBase, deal: DealBase, sale: BankSold | None
    ) -> bool:
        writer = self.writer
        writer.write_deal(game, deal, sale, line=definition.line, record=definition.record)
        if self._advance is not None:
            self._advance(writer.deals)
        return not writer.broken
