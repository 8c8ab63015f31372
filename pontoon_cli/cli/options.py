"""The options and arguments more than one command takes, each declared once.

An option worded alike in every command that takes it is a typer ``Annotated`` alias
(``banker_strategy: BankerStrategy = None``). One whose help differs between commands is a
factory given the words that differ, used as ``seed: Annotated[int | None, seed_option("The
seed.")] = None``: its names, metavar and the rest of its help are still written here once.
Defaults stay in the commands' signatures, where typer takes them. The help every command prints
is pinned by tests/project/test_help.py and docs/reference/commands.md (tools/command_reference.py
--check).

Every command loads this module, so it imports typer alone (start-up: cli/main.py).
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

# the game: play, simulate, strategy ------------------------------------------------------------


def rules_option(games: str = "A preset") -> Any:
    """``--rules PRESET|FILE``; ``games``: the presets the command takes."""
    return typer.Option(
        "--rules",
        metavar="PRESET|FILE",
        help=f"{games}, or a rules file (TOML or JSON).  [default: traditional]",
    )


#: ``--rules``, any preset (play, simulate).
RulesOption = Annotated[str | None, rules_option()]


def set_option(example: str) -> Any:
    """``--set OPTION=VALUE``, repeatable, with an example setting."""
    return typer.Option(
        "--set",
        metavar="OPTION=VALUE",
        help=f"Change one rule setting, e.g. {example}; repeat.  [default: none]",
    )


def strategy_option(help_: str) -> Any:
    """``--strategy NAME``, the punters'; ``help_`` names the strategies the command offers."""
    return typer.Option("--strategy", metavar="NAME", help=help_)


#: ``--banker-strategy NAME`` (play, simulate).
BankerStrategy = Annotated[
    str | None,
    typer.Option(
        "--banker-strategy",
        metavar="NAME",
        help="The banker's strategy, a name or MODULE:NAME or FILE.py:NAME.  "
        "[default: as --strategy]",
    ),
]

# seeded play: play, simulate -------------------------------------------------------------------


def seed_option(what: str) -> Any:
    """``--seed INT``; ``what``: what the seed is for, in the command's words."""
    return typer.Option(
        "--seed", metavar="INT", help=f"{what}  [default: a fresh seed, shown on stderr]"
    )


def players_option(seats: str) -> Any:
    """``--players N``, the seats seeded play deals to (p1...p4 unless given)."""
    return typer.Option("--players", metavar="N", help=f"{seats}  [default: 4]")


# output --------------------------------------------------------------------------------------


def out_option(write: str) -> Any:
    """``--out FILE``, written whole or not at all; ``write``: what goes to FILE."""
    return typer.Option(
        "--out", metavar="FILE", help=f"{write}, whole or not at all.  [default: stdout]"
    )


def json_option(help_: str) -> Any:
    """``--json``, a flag; ``help_`` says what the command writes as JSON."""
    return typer.Option("--json", help=help_)


# logs read: replay, show, stats, diff ----------------------------------------------------------


def log_argument(metavar: str) -> Any:
    """One log to read, named by ``metavar`` (show's ``LOG``, diff's ``A``)."""
    return typer.Argument(metavar=metavar, help="A log file (.gz too); - reads stdin.")


#: ``LOG...``: one log or more (replay, stats).
Logs = Annotated[
    list[str], typer.Argument(metavar="LOG...", help="Log files (.gz too); - reads stdin.")
]
