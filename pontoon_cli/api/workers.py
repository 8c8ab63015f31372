"""``simulate --workers W``: the shards played by W local processes, stopped at once by a signal.

Each worker is a process of its own with its own pipe, given one shard at a time: the next one as
it sends back a result, so a worker on a core the machine's other load slows plays fewer shards
and neither waits for the other at the end (by at most one shard); nothing is shared between
workers, so no lock can be left held. A stop signal reaches this process (Ctrl-C reaches the
workers too, which ignore it): every worker is killed at once and waited for, and the signal goes
on as :class:`~pontoon_cli.log.output.Interrupted`. A worker that ends without its shards (killed
from outside) ends the run the same way, or with :class:`WorkerError` when no signal ended it.
"""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Generator, Iterator
from typing import Any, Protocol

from pontoon_cli.core.errors import PontoonError
from pontoon_cli.core.stop import Interrupted
from pontoon_cli.log.output import STOP_SIGNALS
from pontoon_cli.simulation import run_shard

_SHARD, _DONE, _FAULT, _ERROR = "shard", "done", "fault", "error"
#: The shards' results, as they finish.
Shards = Generator[dict[str, Any], None, None]


class Specs(Protocol):
    """The shards to play, in order (``simulating.ShardSpecs``: made one at a time)."""

    def __len__(self) -> int: ...

    def __iter__(self) -> Iterator[dict[str, Any]]: ...


class WorkerError(PontoonError):
    """A worker process ended before its shards were played, not by a signal, or a shard failed
    with one of this package's errors (a strategy of the user's), said as one process says it
    (exit 2)."""


def _mask(how: int) -> set[int] | None:
    """Block or unblock the stop signals (POSIX); the mask as it was, or None where there is
    no signal mask."""
    if not hasattr(signal, "pthread_sigmask"):
        return None
    return set(signal.pthread_sigmask(how, STOP_SIGNALS))


def _restore(mask: set[int] | None) -> None:
    if mask is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)


def _work(pipe: Any) -> None:
    """A worker: play each shard the parent sends, sending its result back, until it sends
    None; then ``done``.

    It starts with the stop signals blocked (the parent blocked them around the fork): they get
    their default action (an ignored one stays ignored), Ctrl-C is ignored (it reaches the whole
    process group; the parent ends the workers), and only then are they unblocked."""
    for signum in STOP_SIGNALS:
        if signal.getsignal(signum) is not signal.SIG_IGN:
            signal.signal(signum, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)
    try:
        try:
            spec = pipe.recv()
            while spec is not None:
                pipe.send((_SHARD, run_shard(spec)))
                spec = pipe.recv()
            pipe.send((_DONE, None))
        except PontoonError as err:  # the message a run in one process says (a strategy's)
            pipe.send((_FAULT, str(err)))
        except Exception as err:  # said by the parent, once, as a message
            pipe.send((_ERROR, f"{type(err).__name__}: {err}"))
    except (OSError, EOFError):
        pass  # the parent has gone: nobody is left to tell
    finally:
        pipe.close()


@contextlib.contextmanager
def _held_off() -> Iterator[None]:
    """The stop signals held off while a message crosses a pipe; one that came meanwhile is
    raised as soon as it is through. Raised in the middle of pickling, it would leave the
    message's buffer exported while Python 3.13 frees it ("Exception ignored ... BufferError"
    on stderr). A message is small and its pipe ready: nothing waits long here."""
    mask = _mask(signal.SIG_BLOCK) if hasattr(signal, "SIG_BLOCK") else None
    try:
        yield
    finally:
        _restore(mask)


def _give(pipe: Any, shards: Iterator[dict[str, Any]]) -> None:
    """The next shard to the worker at ``pipe``, or None when every shard is given. A worker
    that has gone is not told: its pipe reads as closed, and the loop says why."""
    with contextlib.suppress(OSError), _held_off():
        pipe.send(next(shards, None))


def local_results(workers: int, specs: Specs) -> Shards:
    """Each shard's result as it finishes: in this process, or in ``workers`` processes.

    Close the iterator (``contextlib.closing``) when leaving early: the workers are killed and
    waited for then (and by a signal or an error in between, at once)."""
    if workers == 1 or len(specs) == 1:
        for spec in specs:
            yield run_shard(spec)
        return
    import multiprocessing
    from multiprocessing.connection import wait

    context = multiprocessing.get_context()
    count = min(workers, len(specs))
    processes: list[Any] = []
    pipes: dict[Any, Any] = {}  # each worker's reading end: its process
    try:
        mask = _mask(signal.SIG_BLOCK) if hasattr(signal, "SIG_BLOCK") else None
        try:
            for _ in range(count):
                pipe, theirs = context.Pipe()
                process = context.Process(target=_work, args=(theirs,), daemon=True)
                process.start()
                theirs.close()
                processes.append(process)
                pipes[pipe] = process
        finally:
            _restore(mask)  # a signal that came meanwhile is raised here
        shards = iter(specs)  # in order: the first shards are given first
        for pipe in pipes:
            _give(pipe, shards)
        while pipes:
            ready: list[Any] = wait(list(pipes))
            for pipe in ready:
                try:
                    with _held_off():
                        kind, value = pipe.recv()
                except EOFError:
                    _ended(pipes.pop(pipe))
                    continue
                if kind == _SHARD:
                    _give(pipe, shards)  # before the result is taken in: the worker goes on
                    yield value
                elif kind == _DONE:
                    del pipes[pipe]
                elif kind == _FAULT:
                    raise WorkerError(value)
                else:
                    raise WorkerError(f"a worker process failed: {value}")
    finally:
        _stop(processes, list(pipes))


def _ended(process: Any) -> None:
    """A worker's pipe closed before it said it was done: why, as an error."""
    process.join()
    code = process.exitcode
    if code is not None and code < 0:
        raise Interrupted(-code)  # a signal ended it: as if it had ended this process
    raise WorkerError(f"a worker process ended (exit {code}) before its shards were played")


def _stop(processes: list[Any], pipes: list[Any]) -> None:
    """Kill every worker still running and wait for each (a killed process cannot refuse), with
    the stop signals held off meanwhile, so a second Ctrl-C leaves none behind."""
    mask = _mask(signal.SIG_BLOCK) if hasattr(signal, "SIG_BLOCK") else None
    try:
        for process in processes:
            if process.is_alive():
                process.kill()
        for process in processes:
            process.join()
        for pipe in pipes:
            pipe.close()
    finally:
        _restore(mask)
