"""The ``pontoon`` command. Thin: parse options, call one library function, render.

``cli_app`` holds the command group and how every command ends (exit codes, closed pipes, stop
signals, write errors); ``cli_play`` the ``play`` command; ``cli_tools`` ``check``, ``rules``,
``schema`` and ``replay``; ``cli_views`` ``show``, ``stats`` and ``diff``; ``cli_simulate``
``simulate`` (its local workers in ``cli_workers``, Dask in ``cli_dask``); ``cli_strategy``
``strategy``; ``cli_cases`` ``cases``. Importing one registers its commands on the one ``app``.

The console script imports only the module of the command it runs (``pontoon play`` never loads the
views, simulate or strategy, and typer builds one command, not ten: start-up is most of a short
run); ``pontoon --help``, an unknown command, and ``from pontoon_cli.cli.main import app`` load them
all.
"""

from __future__ import annotations

import gc
import importlib
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


@contextmanager
def _loading(freeze: bool = False) -> Iterator[None]:
    """Modules loaded with the garbage collector held off, then (``freeze``) frozen.

    Loading the command makes some twenty thousand objects the collector tracks (modules,
    classes, functions), which live as long as the process, and no garbage: the collector would
    walk them again and again as they are made, and once more at exit. It waits until they are
    loaded (the imports below, and the command's own in main()); frozen, they are never walked
    again (as a server freezes what it loaded before it forks: the workers of ``simulate`` share
    those pages too). The collector is left as it was found, however the loading ends."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if freeze:
            gc.freeze()
        if collecting:
            gc.enable()


with _loading():
    import typer

    from pontoon_cli import _build
    from pontoon_cli.cli.app import COMMAND_ORDER, stream_guard
    from pontoon_cli.cli.app import app as _app

__all__ = ["COMMAND_MODULES", "COMMAND_ORDER", "load_commands", "main"]  # and `app`, below

#: Which module registers each command.
COMMAND_MODULES = {
    "play": "cli.play",
    "replay": "cli.tools",
    "cases": "cli.cases",
    "check": "cli.tools",
    "rules": "cli.tools",
    "schema": "cli.tools",
    "show": "cli.views",
    "stats": "cli.views",
    "diff": "cli.views",
    "simulate": "cli.simulate",
    "strategy": "cli.strategy",
}


def load_commands(name: str | None = None) -> typer.Typer:
    """Register ``name``'s command on the app (every command when ``name`` is None or unknown)."""
    module = COMMAND_MODULES.get(name) if name is not None else None
    for each in [module] if module is not None else sorted(set(COMMAND_MODULES.values())):
        importlib.import_module(f"pontoon_cli.{each}")
    return _app


def __getattr__(name: str) -> Any:
    """``from pontoon_cli.cli.main import app``: the app with every command registered."""
    if name == "app":
        return load_commands()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: The group's own flags that show the version and exit: they need no command registered.
_VERSION_FLAGS = frozenset({"-V", "--version"})


def _command_named(args: list[str]) -> str | None:
    """The command a command line runs: its first word that is not an option (the group itself
    takes only flags: ``--version``, ``--help``)."""
    return next((arg for arg in args if not arg.startswith("-")), None)


def main() -> None:
    """The ``pontoon`` console script. A stale compiled build is told here, on stderr, once:
    the command's business, not the package's (``import pontoon_cli`` writes nothing)."""
    warning = _build.stale_warning()
    if warning is not None:
        sys.stderr.write(warning + "\n")
    with _loading(freeze=True):
        args = sys.argv[1:]
        # ``pontoon --version`` (a script's check of what is installed) needs no command at all
        app = _app if args and set(args) <= _VERSION_FLAGS else load_commands(_command_named(args))
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
