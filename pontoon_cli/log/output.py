"""Where output goes, and how a run that writes it stops.

Three promises, one place (docs/reference/output.md, "Exit codes"):

- **A closed pipe ends output quietly.** :class:`Guarded` wraps every binary stream the commands
  write to. On ``EPIPE`` it points the stream's descriptor at ``/dev/null`` (so the flush Python
  does at exit cannot complain either), discards every later write, and says so in ``broken``;
  the command goes on to the exit code the run would have had. :class:`QuietText` does the same
  for the text streams (``sys.stdout``, ``sys.stderr``) while a command runs, so a message that
  cannot be shown (``2>&1 | head -1``) never changes the exit code either.
- **A write error is one line and exit 2.** Any other ``OSError`` (``ENOSPC``, ``EIO``, ``EFBIG``)
  becomes :class:`OutputError`: ``cannot write to WHERE: REASON``.
- **A stop signal keeps whole records.** While :func:`stop_signals` is active, SIGINT, SIGTERM,
  SIGHUP and the other catchable signals that would end the process raise :class:`Interrupted`;
  inside :func:`held` (the write of one record, the opening and closing of a ``--out`` file) the
  signal waits until that step is done, so a record is never cut and a temporary file never left.
  A second signal during a held step (a pipe nobody reads) does not wait. :class:`Interrupted`
  is a :class:`BaseException`, so user code's ``except Exception`` cannot swallow it; a third
  signal, when the first two went unanswered, ends the process at once, its temporary files
  removed (:data:`FORCED_AFTER`).

:func:`open_sink` decides what ``--out`` means: ``-`` is stdout; a new path or a regular file is
written to a temporary file beside it and renamed over it at the end; anything else (a character
device such as ``/dev/null``, a FIFO, ``/dev/stdout``, a process substitution ``>(...)``) is
written to directly and never replaced. A name ending ``.gz`` is written as gzip with fixed
header bytes (no time, no file name), so the same game gives the same bytes.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import signal
import stat
import sys
import threading
from collections.abc import Iterable, Iterator
from types import FrameType
from typing import TYPE_CHECKING, Any, Final, Protocol, TextIO, cast

from pontoon_cli.core import stop
from pontoon_cli.core.errors import PontoonError
from pontoon_cli.core.stop import Interrupted

if TYPE_CHECKING:
    import gzip  # imported where a .gz log is written

STDOUT_NAME: Final = "stdout"


class OutputError(PontoonError):
    """Output cannot be written where asked (exit 2); no temporary file is left behind."""


def cannot_write(where: str, err: OSError) -> OutputError:
    """``cannot write to WHERE: REASON``, the reason in the operating system's words."""
    reason = err.strerror or os.strerror(err.errno or errno.EIO)
    return OutputError(f"cannot write to {where}: {reason}")


# streams -----------------------------------------------------------------------------------------


class Writable(Protocol):
    """What :class:`Guarded` needs of a stream: ``sys.stdout.buffer``, a file, a BytesIO."""

    def write(self, data: bytes, /) -> object: ...

    def flush(self) -> object: ...


def silence(stream: object) -> None:
    """Point ``stream``'s descriptor at /dev/null: bytes still buffered then go nowhere."""
    fileno = getattr(stream, "fileno", None)
    if fileno is None:
        return
    try:
        fd = fileno()
        devnull = os.open(os.devnull, os.O_WRONLY)
    except (OSError, ValueError):  # io.UnsupportedOperation is both
        return
    try:
        os.dup2(devnull, fd)
    finally:
        os.close(devnull)


def is_text(stream: object) -> bool:
    """Whether ``stream`` reads or writes ``str`` (``open(path)``, ``io.StringIO``,
    ``sys.stdout``) rather than bytes (``open(path, "rb")``, ``io.BytesIO``)."""
    mode = getattr(stream, "mode", None)
    return isinstance(stream, io.TextIOBase) or (isinstance(mode, str) and "b" not in mode)


#: A stream a log may be written to: binary (:class:`Writable`) or text (:class:`TextOut`).
OutStream = Writable | TextIO


def stdout_stream() -> Writable:
    """Where stdout's log goes: ``sys.stdout``'s bytes (its ``buffer``), or ``sys.stdout``
    itself where it has none (a notebook's, a doctest's), written as text (:class:`TextOut`)."""
    out: Any = sys.stdout
    buffer: Writable | None = getattr(out, "buffer", None)
    return out if buffer is None else buffer


class TextOut:
    """A text stream (``io.StringIO``, ``open(path, "w")``) taking the log's bytes: each write
    is whole lines of UTF-8, written as their text."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, data: bytes, /) -> int:
        self.stream.write(data.decode())
        return len(data)

    def flush(self) -> None:
        self.stream.flush()

    def isatty(self) -> bool:
        return self.stream.isatty()

    def fileno(self) -> int:
        return self.stream.fileno()


class Guarded:
    """A binary output stream: a closed pipe is a quiet end, any other error an OutputError."""

    def __init__(self, stream: Writable, where: str) -> None:
        self.stream = stream
        self.where = where
        self.broken = False  # the reader has gone (EPIPE); everything since was discarded

    def write(self, data: bytes, /) -> int:
        if not self.broken:
            with held():  # a line is written whole, or a second signal cuts it
                try:
                    self.stream.write(data)
                except OSError as err:
                    self._failed(err)
        return len(data)

    def flush(self) -> None:
        if not self.broken:
            with held():
                try:
                    self.stream.flush()
                except OSError as err:
                    self._failed(err)

    def isatty(self) -> bool:
        isatty = getattr(self.stream, "isatty", None)
        return bool(isatty is not None and isatty())

    def _failed(self, err: OSError) -> None:
        silence(self.stream)  # nothing more can reach it, so nothing more may complain
        if err.errno == errno.EPIPE:
            self.broken = True
            return
        raise cannot_write(self.where, err) from None


class QuietText:
    """``sys.stdout`` or ``sys.stderr`` while a command runs: text written to a stream that cannot
    take it any more is discarded, and the run goes on to its own exit code.

    On stdout a closed pipe (``EPIPE``) is quiet and any other error an OutputError, as with
    :class:`Guarded`; on stderr every write error is quiet (there is nowhere left to say it).
    Everything else (``isatty``, ``buffer``, ``encoding``, ``fileno``) is the stream's own.
    """

    def __init__(self, stream: Any, where: str, *, quiet: bool) -> None:
        self.stream = stream
        self.where = where
        self.quiet = quiet  # every error is quiet (stderr), not only EPIPE
        self.broken = False

    def write(self, text: str, /) -> int:
        if not self.broken:
            try:
                self.stream.write(text)
            except OSError as err:
                self._failed(err)
        return len(text)

    def writelines(self, lines: Iterable[str], /) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        if not self.broken:
            try:
                self.stream.flush()
            except OSError as err:
                self._failed(err)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)

    def _failed(self, err: OSError) -> None:
        silence(self.stream)  # Python's own flush at exit goes nowhere too
        if self.quiet or err.errno == errno.EPIPE:
            self.broken = True
            return
        raise cannot_write(self.where, err) from None


@contextlib.contextmanager
def quiet_text_streams() -> Iterator[None]:
    """``sys.stdout`` and ``sys.stderr`` as :class:`QuietText` while the block runs (once: an
    inner block changes nothing), restored after."""
    if isinstance(sys.stderr, QuietText) or sys.stdout is None or sys.stderr is None:
        yield
        return
    stdout, stderr = sys.stdout, sys.stderr
    sys.stdout = cast(TextIO, QuietText(stdout, STDOUT_NAME, quiet=False))
    sys.stderr = cast(TextIO, QuietText(stderr, "stderr", quiet=True))
    try:
        yield
    finally:
        sys.stdout, sys.stderr = stdout, stderr


# --out -------------------------------------------------------------------------------------------


class Sink:
    """Where a log goes: stdout, a file renamed into place at the end, or a path written as is.

    ``write`` takes whole records; ``keep`` finishes the output (the gzip trailer, the rename);
    ``discard`` removes what can be removed (the temporary file) after an error.
    """

    def __init__(self, where: str, guarded: Guarded, *, is_file: bool, flush_each: bool) -> None:
        self.where = where  # as the user named it, for messages
        self.is_file = is_file  # False for stdout (``--out -`` or no --out)
        self._guarded = guarded
        self._flush_each = flush_each
        #: Whether records may wait to be written together: every record is flushed as it
        #: comes on stdout (a reader follows it), never on a file
        self.batched = not flush_each
        self._gzip: gzip.GzipFile | None = None
        self._out: Writable = guarded
        if where.endswith(".gz"):
            import gzip

            # Fixed header bytes: no file name, time 0; one compression level.
            self._out = self._gzip = gzip.GzipFile(
                filename="", mode="wb", fileobj=guarded, compresslevel=6, mtime=0
            )

    @property
    def broken(self) -> bool:
        return self._guarded.broken

    @property
    def to_terminal(self) -> bool:
        return self._guarded.isatty()

    def write(self, data: bytes) -> None:
        self._out.write(data)
        if self._flush_each:
            self._guarded.flush()

    def keep(self) -> None:
        if self._gzip is not None:
            self._gzip.close()
        self._guarded.flush()

    def discard(self) -> None:
        self._drop_gzip()
        with contextlib.suppress(OSError, PontoonError):
            self._guarded.flush()

    def _drop_gzip(self) -> None:
        """End a discarded ``.gz`` stream without writing its rest: its last block and trailer go
        to a throwaway buffer. Left open, the GzipFile would write them when it is finalised, into
        a file closed by then ("Exception ignored in: <gzip ...>" from Python 3.13 on)."""
        gz = self._gzip
        if gz is not None and gz.fileobj is not None:  # open: its close() sets fileobj to None
            gz.fileobj = io.BytesIO()
            gz.close()


class _DirectSink(Sink):
    """A device, FIFO or /proc link: written in place, closed at the end, never replaced."""

    def __init__(self, where: str, fd: int) -> None:
        self._file = os.fdopen(fd, "wb", buffering=1 << 16)
        super().__init__(where, Guarded(self._file, where), is_file=True, flush_each=False)

    def keep(self) -> None:
        super().keep()
        try:
            self._file.close()
        except OSError as err:
            raise cannot_write(self.where, err) from None

    def discard(self) -> None:
        super().discard()
        with contextlib.suppress(OSError):
            self._file.close()


class _AtomicSink(Sink):
    """A regular file or a new path: a temporary file beside it, renamed over it by ``keep``."""

    def __init__(self, where: str, target: str) -> None:
        directory = os.path.dirname(target) or "."
        name = os.path.basename(target)
        import tempfile  # only --out FILE writes through a temporary file

        fd, self._tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=directory)
        _temporary.add(self._tmp)
        self._target = target
        umask = os.umask(0)
        os.umask(umask)
        os.fchmod(fd, 0o666 & ~umask)  # as an ordinary new file would be
        self._file = os.fdopen(fd, "wb", buffering=1 << 16)
        super().__init__(where, Guarded(self._file, where), is_file=True, flush_each=False)

    def keep(self) -> None:
        try:
            super().keep()
            self._file.close()
            os.replace(self._tmp, self._target)
            _temporary.discard(self._tmp)
        except OSError as err:
            self.discard()
            raise cannot_write(self.where, err) from None
        except BaseException:
            self.discard()
            raise

    def discard(self) -> None:
        self._drop_gzip()
        silence(self._file)  # a full disk must not fail the close below
        with contextlib.suppress(OSError):
            self._file.close()
        with contextlib.suppress(OSError):
            os.unlink(self._tmp)
        _temporary.discard(self._tmp)


def open_sink(out: str | None, stdout: OutStream, *, regular_only: bool = False) -> Sink:
    """The sink ``--out OUT`` names (``None`` or ``-``: stdout, flushed record by record; a
    text stream given as stdout is written the log's text, :class:`TextOut`).

    With ``regular_only`` (a report that is nothing but a file: ``replay --junit-xml``) a path
    that would be written in place, a FIFO, a device or a /proc link, is refused (OutputError).
    """
    if out is None or out == "-":
        stream = TextOut(cast(TextIO, stdout)) if is_text(stdout) else cast(Writable, stdout)
        return Sink(STDOUT_NAME, Guarded(stream, STDOUT_NAME), is_file=False, flush_each=True)
    try:
        target = _rename_target(out)
    except OSError as err:
        raise cannot_write(out, err) from None
    if target is None and regular_only:
        raise OutputError(
            f"cannot write to {out}: not a regular file (a FIFO, a device or a stream): "
            "name a new file or a regular one, which is replaced whole"
        )
    if target is None:  # written in place
        flags = os.O_WRONLY | os.O_CLOEXEC
        if _is_regular(out):  # /dev/stdout to a file: append, as `>>` or after `>` truncated
            flags |= os.O_APPEND
        try:
            fd = os.open(out, flags)  # a FIFO waits here for its reader, as `cat > FIFO` does
        except OSError as err:
            raise cannot_write(out, err) from None
        return _DirectSink(out, fd)
    with held():  # a signal now would leave the temporary file behind
        try:
            return _AtomicSink(out, target)
        except OSError as err:
            raise cannot_write(out, err) from None


def write_whole(out: str, data: bytes, stdout: Writable) -> str:
    """Write ``data`` to ``out`` as a log is written (:func:`open_sink`: a regular file or a new
    path whole or not at all, anything else as it is); where it went, as named."""
    return keep_whole(open_sink(out, stdout), data)


def keep_whole(sink: Sink, data: bytes) -> str:
    """Write ``data``, all there is, to ``sink`` and keep it (a file is renamed into place);
    discarded if the write fails. Where it went, as named."""
    try:
        sink.write(data)
    except BaseException:
        sink.discard()
        raise
    with held():
        sink.keep()
    return sink.where


def _rename_target(out: str) -> str | None:
    """The path to rename a finished log onto, or None when ``out`` must be written in place.

    Raises OSError for a path that cannot be a log: a directory, a symbolic link loop, a
    component that is not a directory, no permission to look.
    """
    try:
        mode = os.stat(out).st_mode  # follows symbolic links
    except FileNotFoundError:
        return os.path.realpath(out)  # a new file (or a link's missing target)
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), out)
    if not stat.S_ISREG(mode) or _through_proc(out):
        return None
    return os.path.realpath(out)  # a link to a regular file stays a link; its target is replaced


def _is_regular(path: str) -> bool:
    with contextlib.suppress(OSError):
        return stat.S_ISREG(os.stat(path).st_mode)
    return False


def _through_proc(path: str) -> bool:
    """True when ``path`` reaches its file through /proc: /dev/stdout, /dev/fd/N, ``>(...)``.

    Those name an open descriptor of some process, not a file to replace.
    """
    current = os.path.abspath(path)
    for _ in range(40):  # the kernel's own limit on links followed
        if os.path.realpath(os.path.dirname(current)).startswith("/proc/"):
            return True
        if not os.path.islink(current):
            return False
        current = os.path.join(os.path.dirname(current), os.readlink(current))
    return False


# signals -----------------------------------------------------------------------------------------

# Every catchable signal whose default action ends the process, except the ones a fault raises
# (SIGSEGV, SIGBUS, ...) and SIGPIPE (Python ignores it; EPIPE is handled by Guarded).
STOP_SIGNALS: Final = tuple(
    getattr(signal, name)
    for name in (
        "SIGINT",
        "SIGTERM",
        "SIGHUP",
        "SIGQUIT",
        "SIGALRM",
        "SIGUSR1",
        "SIGUSR2",
        "SIGVTALRM",
        "SIGPROF",
        "SIGXCPU",
    )
    if hasattr(signal, name)
)


class _Held:
    """A step a stop signal must not cut (``with held():``): the signal is raised after it.

    Steps nest; the signal that arrived meanwhile is raised when the outermost one is done,
    unless that step ends by an error of its own.
    """

    def __init__(self) -> None:
        self.depth = 0
        self.pending: int | None = None

    def __call__(self) -> _Held:
        return self

    def __enter__(self) -> None:
        self.depth += 1

    def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
        self.depth -= 1
        if exc_type is None and not self.depth and self.pending is not None:
            signum, self.pending = self.pending, None
            raise Interrupted(signum)


held: Final = _Held()

#: The temporary files of ``--out`` being written: removed if the run is forced to end.
_temporary: Final[set[str]] = set()
#: Signals that force the end when the ones before them went unanswered (user code that
#: catches everything, in a loop): the third ends the process at once, its files removed.
FORCED_AFTER: Final = 3


def _on_signal(signum: int, frame: FrameType | None) -> None:
    stop.state.signum = signum
    stop.state.count += 1
    if stop.state.count >= FORCED_AFTER:
        _forced(signum)
    if held.depth and held.pending is None:
        held.pending = signum  # acted on when the step is done
        return
    held.pending = None  # a second signal does not wait: the first is answered with it
    raise Interrupted(signum)


def _forced(signum: int) -> None:
    """The end, now: the temporary files removed, one line said, exit 128 + ``signum``."""
    for path in list(_temporary):
        with contextlib.suppress(OSError):
            os.unlink(path)
    said = stop.signal_text(signum)
    message = f"\npontoon: {said} {FORCED_AFTER} times: ended at once, nothing kept\n"
    with contextlib.suppress(OSError):
        os.write(2, message.encode())
    os._exit(128 + signum)


@contextlib.contextmanager
def stop_signals() -> Iterator[None]:
    """Turn stop signals into :class:`Interrupted` while the block runs; restore them after.

    A signal that is ignored (``nohup`` ignores SIGHUP) stays ignored. Only the main thread can
    set handlers; elsewhere (a library caller's thread) nothing changes.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous: dict[int, object] = {}
    for signum in STOP_SIGNALS:
        current = signal.getsignal(signum)
        if current is signal.SIG_IGN or current is None:  # ignored, or not Python's to change
            continue
        previous[signum] = current
        signal.signal(signum, _on_signal)
    held.depth, held.pending = 0, None
    stop.state.active, stop.state.signum, stop.state.count = bool(previous), None, 0
    try:
        yield
    finally:
        stop.state.active = False
        for signum, handler in previous.items():
            signal.signal(signum, handler)  # type: ignore[arg-type]
