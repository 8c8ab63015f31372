"""Where ``pontoon replay`` reads a log from: a file, stdin (``-``) or gzip, as bounded raw lines.

- gzip is recognised by its magic bytes (``1f 8b``), on stdin and in a file of any name; a file
  named ``.gz`` that is not gzip is refused, since its name promises what it does not hold.
- A UTF-8 byte-order mark at the start of a log (or of its gzip contents) is skipped; lines may
  end in ``\\n`` or ``\\r\\n``.
- Limits (pontoon_cli/core/limits.py): a line holds at most ``MAX_LOG_LINE_BYTES`` bytes, newline
  included, and a log at most ``MAX_LOG_BYTES`` (after decompression). Lines are read with a
  bounded ``readline``, so memory stays within one line whatever the input (``/dev/zero``, a
  small ``.gz`` that expands to one giant line).

A read error (a bad gzip stream, a failing disk) or a limit passed is a :class:`LogFormatError`
naming the source, the line and the limit.
"""

from __future__ import annotations

import gzip
import os
import stat
import sys
import zlib
from collections.abc import Iterator
from typing import IO, Final, Protocol

from pontoon_cli.core import limits
from pontoon_cli.core.errors import LogFormatError

STDIN: Final = "-"
GZIP_MAGIC: Final = b"\x1f\x8b"
BOM: Final = b"\xef\xbb\xbf"


def display(path: str) -> str:
    """The name a message gives a source: the path (escaped if not printable), or ``<stdin>``."""
    if path == STDIN:
        return "<stdin>"
    return path if path.isprintable() else repr(path)


def open_error(path: str, err: OSError) -> str:
    """Why ``path`` cannot be opened, in the operating system's words."""
    if isinstance(err, FileNotFoundError):
        return f"{display(path)}: no such file"
    return f"{display(path)}: cannot read: {err.strerror or err}"


class _Readable(Protocol):
    def readline(self, size: int = -1, /) -> bytes: ...


def line_too_long(name: str, number: int) -> LogFormatError:
    """The error for a line past MAX_LOG_LINE_BYTES, from a file or from lines given in Python."""
    return LogFormatError(
        f"{name}:{number}: line longer than {limits.MAX_LOG_LINE_BYTES} bytes "
        "(MAX_LOG_LINE_BYTES): not a log line",
        name,
        number,
    )


class Source:
    """A log opened for reading as bytes, with its size and a way to say how far we are.

    Raises OSError when the file cannot be opened, LogFormatError when it is refused whole (a
    ``.gz`` name without gzip inside, a file over the size limit). ``name`` is what messages call
    a stream read in place of stdin (a handle's name); a path is called by itself.
    """

    def __init__(self, path: str, stdin: IO[bytes] | None, name: str | None = None) -> None:
        self.name = display(path) if name is None else name
        self._raw: IO[bytes] | None = None
        self._gzip: gzip.GzipFile | None = None
        self.total: int | None = None
        if path == STDIN:
            stream: IO[bytes] = stdin if stdin is not None else sys.stdin.buffer
        else:
            self._raw = stream = open(path, "rb", buffering=1 << 20)  # noqa: SIM115 - __exit__
            info = os.fstat(stream.fileno())
            if stat.S_ISREG(info.st_mode):
                self.total = info.st_size or None
                if info.st_size > limits.MAX_LOG_BYTES:
                    self.close()
                    raise LogFormatError(
                        f"{self.name}: {info.st_size} bytes: a log is at most "
                        f"{limits.MAX_LOG_BYTES} bytes (MAX_LOG_BYTES)",
                        self.name,
                    )
        # Sniff the format from the first two bytes, then give them back in front of the rest.
        self._stream: _Readable = stream
        self._head = self._read_exactly(stream, 2)
        is_gzip = self._head == GZIP_MAGIC
        if path != STDIN and path.endswith(".gz") and not is_gzip:
            self.close()
            raise LogFormatError(
                f"{self.name}: cannot read: not a gzip file (it does not start with the gzip "
                "magic bytes 1f 8b); rename it without .gz if it is plain text",
                self.name,
            )
        if is_gzip:
            self._gzip = gzip.GzipFile(fileobj=_Prefixed(self._head, stream), mode="rb")
            self._stream = self._gzip
            self._head = b""
        self.consumed = 0  # bytes of log text read so far (after decompression)

    def _read_exactly(self, stream: IO[bytes], n: int) -> bytes:
        try:
            data = stream.read(n)
            while data and len(data) < n:
                more = stream.read(n - len(data))
                if not more:
                    break
                data += more
        except OSError as err:  # a directory opened on some systems, a failing device
            self.close()
            message = f"{self.name}: cannot read: {err.strerror or err}"
            raise LogFormatError(message, self.name) from None
        return data or b""

    def read(self) -> Iterator[bytes]:
        """The lines, each at most MAX_LOG_LINE_BYTES; a read error is a LogFormatError."""
        limit = limits.MAX_LOG_LINE_BYTES
        most = limits.MAX_LOG_BYTES
        readline = self._stream.readline
        pending = self._head  # bytes read ahead to tell gzip from text
        number = 0
        bom = True
        while True:
            number += 1
            try:
                if pending:
                    end = pending.find(b"\n") + 1
                    if end:
                        raw, pending = pending[:end], pending[end:]
                    else:
                        raw, pending = pending + readline(limit + 1 - len(pending)), b""
                else:
                    raw = readline(limit + 1)
            except (OSError, EOFError, zlib.error) as err:
                message = f"{self.name}:{number}: cannot read: {err}"
                raise LogFormatError(message, self.name, number) from None
            if bom:
                bom = False
                if raw[:3] == BOM:  # a Windows editor's byte-order mark: not part of the log
                    raw = raw[3:]
            if not raw:
                return
            self.consumed += len(raw)
            if len(raw) > limit:
                raise line_too_long(self.name, number)
            if self.consumed > most:
                raise LogFormatError(
                    f"{self.name}:{number}: the log passes {most} bytes (MAX_LOG_BYTES)",
                    self.name,
                    number,
                )
            yield raw

    def position(self) -> int:
        """How far into the file we are, in the file's own bytes."""
        if self._gzip is not None and self._raw is not None:
            return self._raw.tell()  # compressed bytes read so far
        return self.consumed

    def close(self) -> None:
        if self._gzip is not None:
            self._gzip.close()
        if self._raw is not None:
            self._raw.close()

    def __enter__(self) -> Source:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class _Prefixed:
    """A readable stream with some bytes already read from it put back in front (for gzip)."""

    def __init__(self, head: bytes, stream: IO[bytes]) -> None:
        self._head = head
        self._stream = stream

    def read(self, size: int = -1, /) -> bytes:
        head = self._head
        if not head:
            return self._stream.read(size)
        if size < 0:
            self._head = b""
            return head + self._stream.read()
        self._head = head[size:]
        return head[:size]

    def seek(self, offset: int, /) -> int:
        raise OSError("cannot seek in a log being streamed")
