"""A stop signal, as the engine and the user's code meet it: :class:`Interrupted` and its state.

:func:`pontoon_cli.log.output.stop_signals` turns Ctrl-C, SIGTERM, SIGHUP and the other stop
signals into :class:`Interrupted` while a command runs, and records here what arrived; the seat
that plays a strategy of the user's (:mod:`pontoon_cli.base.seat`) asks :func:`pending_stop`
after each call into user code, so a strategy that swallowed the exception is stopped all the
same. Not compiled (``_build.NOT_COMPILED``): a few calls a run.
"""

from __future__ import annotations

import contextlib
import signal
import sys
from collections.abc import Iterator
from typing import Final


class Interrupted(BaseException):
    """A stop signal arrived: exit 128 + its number, after keeping what is whole.

    A :class:`BaseException`, as Python's own ``KeyboardInterrupt`` is: a strategy of the
    user's that guards its code with ``except Exception`` cannot swallow it.
    """

    def __init__(self, signum: int) -> None:
        self.signum = signum
        self.kept: str | None = None  # "kept 12 deals in game.jsonl", said by whoever kept them
        super().__init__(signum)

    @property
    def exit_code(self) -> int:
        return 128 + self.signum

    def __str__(self) -> str:
        text = signal_text(self.signum)
        return f"{text}; {self.kept}" if self.kept else text


def signal_text(signum: int) -> str:
    """``interrupted`` (SIGINT, Ctrl-C) or ``stopped by SIGTERM``."""
    if signum == signal.SIGINT:
        return "interrupted"
    return f"stopped by {signal.Signals(signum).name}"


class StopState:
    """The stop signals received while :func:`~pontoon_cli.log.output.stop_signals` is active."""

    def __init__(self) -> None:
        self.active = False
        self.signum: int | None = None
        self.count = 0


state: Final = StopState()


def signals_active() -> bool:
    """Whether stop signals become :class:`Interrupted` now (a command is running); a library
    caller's own Ctrl-C is then Python's ``KeyboardInterrupt``, never a strategy's error."""
    return state.active


def pending_stop() -> int | None:
    """The stop signal received, if any, while signals are active."""
    return state.signum if state.active else None


@contextlib.contextmanager
def user_code() -> Iterator[None]:
    """Around a call into the user's code (a strategy's module, its class, its answers): its
    ``print`` goes to stderr, never into the log or the report on stdout, and a stop signal it
    swallowed (a bare ``except:``) stops the run when it returns."""
    saved = sys.stdout
    sys.stdout = sys.stderr
    try:
        yield
    finally:
        sys.stdout = saved
        signum = pending_stop()
        if signum is not None:
            raise Interrupted(signum)
