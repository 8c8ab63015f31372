"""The ``pontoon`` command. Thin: parse options, call one library function, render.

``cli_app`` holds the command group and how every command ends (exit codes, closed pipes, stop
signals, write errors); ``cli_play`` the ``play`` command; ``cli_tools`` ``check``, ``rules``,
``schema`` and ``replay``; ``cli_views`` ``show``, ``stats`` and ``diff``; ``cli_simulate``
``simulate``; ``cli_strategy`` ``strategy``. Importing them registers their commands on the one
``app``.
"""

from __future__ import annotations

import sys

import typer

from pontoon_cli import cli_play, cli_simulate, cli_strategy, cli_tools, cli_views
from pontoon_cli.cli_app import COMMAND_ORDER, app, stream_guard

__all__ = [
    "COMMAND_ORDER",
    "app",
    "cli_play",
    "cli_simulate",
    "cli_strategy",
    "cli_tools",
    "cli_views",
    "main",
]


def main() -> None:
    """The ``pontoon`` console script."""
    try:
        with stream_guard():
            app()
    except typer.Exit as done:  # raised by the guard itself, outside typer's own handling
        raise SystemExit(done.exit_code) from None
    except SystemExit as done:
        # typer's own answer to a closed pipe under text it prints itself (--help, --version)
        # is exit 1 and a quiet stdout; that text would have ended with 0.
        if done.code == 1 and type(sys.stdout).__name__ == "PacifyFlushWrapper":
            raise SystemExit(0) from None
        raise
