"""``simulate --workers W``: the shards played by W local processes, stopped at once by a signal.

Each worker is a process of its own with its own one-way pipe back, given every W-th shard (the
shards are the same size, so the work is shared evenly); nothing is shared between workers, so
no lock can be left held. A stop signal reaches this process (Ctrl-C reaches the workers too,
which ignore it): every worker is killed at once and waited for, and the signal goes on as
:class:`~pontoon_cli.log.output.Interrupted`. A worker that ends without its shards (killed from
outside) ends the run the same way, or with :class:`WorkerError` when no signal ended it.
"""

from __future__ import annotations

import signal
from collections.abc import Generator
from typing import Any

from pontoon_cli.core.errors import PontoonError
from pontoon_cli.log.output import STOP_SIGNALS, Interrupted
from pontoon_cli.simulation import run_shard

_SHARD, _DONE, _FAULT, _ERROR = "shard", "done", "fault", "error"
#: The shards' results, as they finish.
Shards = Generator[dict[str, Any], None, None]


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


def _work(send: Any, specs: list[dict[str, Any]]) -> None:
    """A worker: play ``specs`` in order, send each result back, then ``done``.

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
            for spec in specs:
                send.send((_SHARD, run_shard(spec)))
            send.send((_DONE, None))
        except PontoonError as err:  # the message a run in one process says (a strategy's)
            send.send((_FAULT, str(err)))
        except Exception as err:  # said by the parent, once, as a message
            send.send((_ERROR, f"{type(err).__name__}: {err}"))
    except OSError:
        pass  # the parent has gone: nobody is left to tell
    finally:
        send.close()


def local_results(workers: int, specs: list[dict[str, Any]]) -> Shards:
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
            for w in range(count):
                receive, send = context.Pipe(duplex=False)
                process = context.Process(target=_work, args=(send, specs[w::count]), daemon=True)
                process.start()
                send.close()
                processes.append(process)
                pipes[receive] = process
        finally:
            _restore(mask)  # a signal that came meanwhile is raised here
        while pipes:
            ready: list[Any] = wait(list(pipes))
            for receive in ready:
                try:
                    kind, value = receive.recv()
                except EOFError:
                    _ended(pipes.pop(receive))
                    continue
                if kind == _SHARD:
                    yield value
                elif kind == _DONE:
                    del pipes[receive]
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
        for receive in pipes:
            receive.close()
    finally:
        _restore(mask)
