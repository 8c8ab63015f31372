"""Where ``pontoon replay`` reads a log from: a file, stdin (``-``) or a gzip file, as raw lines.

A read error (a bad gzip stream, a failing disk) is a :class:`LogFormatError` naming the source.
"""

from __future__ import annotations

import gzip
import os
import sys
import zlib
from collections.abc import Iterable, Iterator
from typing import IO, Final

from pontoon_cli.errors import LogFormatError

STDIN: Final = "-"


def display(path: str) -> str:
    """The name a message gives a source: the path, or ``<stdin>``."""
    return "<stdin>" if path == STDIN else path


class Source:
    """A log opened for reading as bytes, with its size and a way to say how far we are."""

    def __init__(self, path: str, stdin: IO[bytes] | None) -> None:
        self.name = display(path)
        self._raw: IO[bytes] | None = None
        self._gzip: gzip.GzipFile | None = None
        self.total: int | None = None
        if path == STDIN:
            self.lines: Iterable[bytes] = stdin if stdin is not None else sys.stdin.buffer
            return
        self._raw = raw = open(path, "rb", buffering=1 << 20)  # noqa: SIM115 - see __exit__
        self.total = os.fstat(raw.fileno()).st_size or None
        if path.endswith(".gz"):
            self.lines = self._gzip = gzip.GzipFile(fileobj=raw, mode="rb")
        else:
            self.lines = raw

    def read(self) -> Iterator[bytes]:
        """The lines; a read error (a bad gzip stream, a failing disk) is a LogFormatError."""
        lines = iter(self.lines)
        while True:
            try:
                raw = next(lines)
            except StopIteration:
                return
            except (OSError, EOFError, zlib.error) as err:
                raise LogFormatError(f"{self.name}: cannot read: {err}") from None
            yield raw

    def position(self, consumed: int) -> int:
        """How far into the file we are, in the file's own bytes."""
        if self._gzip is not None and self._raw is not None:
            return self._raw.tell()  # compressed bytes read so far
        return consumed

    def __enter__(self) -> Source:
        return self

    def __exit__(self, *exc: object) -> None:
        if self._gzip is not None:
            self._gzip.close()
        if self._raw is not None:
            self._raw.close()
