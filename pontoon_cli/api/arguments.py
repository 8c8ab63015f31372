"""A call's arguments: what ``rules=`` and ``seed=`` name, the checks the API's calls share,
made at the call, and how a message names what its caller gave.

A command's message names its options (``--strategy``), a Python call's its parameters
(``strategy=``): :class:`Words` holds each. The checks shared by :func:`~pontoon_cli.play`,
:func:`~pontoon_cli.write_log` and :func:`~pontoon_cli.new_game` raise
:class:`~pontoon_cli.core.arguments.ArgumentError` naming the call and the parameter.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import NamedTuple

from pontoon_cli.core.arguments import takes, whole, whole_or_none
from pontoon_cli.core.errors import PontoonError
from pontoon_cli.core.rules import HOUSE_PRESETS, Rules, Table

__all__ = [
    "CLI_WORDS",
    "PYTHON_WORDS",
    "RULES_TAKES",
    "Words",
    "check_play",
    "check_rules_table",
    "check_seats",
    "fresh_seed",
    "rules_named",
]


def fresh_seed() -> int:
    """A new seed below 2**53 (every JSON reader keeps it exactly), for a run given none."""
    import secrets  # only when a seed is drawn: it costs start-up a module tree

    return secrets.randbits(53)


def rules_named(rules: Rules | str | os.PathLike[str] | None) -> Rules:
    """``rules`` as :class:`Rules`: a Rules as it is, a preset name (``"casino"``) or a rules
    file (TOML or JSON, as ``--rules``), None for the traditional game's defaults."""
    if rules is None:
        return Rules()
    if isinstance(rules, Rules):
        return rules
    from pontoon_cli.scenario.reader import load_rules_spec

    return load_rules_spec(os.fspath(rules), Path.cwd())


def check_seats(rules: Rules, count: int, words: Words | None = None) -> None:
    """A table with a banker seats two or more (T3.2); a casino table one or more (C3)."""
    if rules.preset not in HOUSE_PRESETS and count < 2:
        players = (words or CLI_WORDS).players
        raise PontoonError(f"{players} must be 2 or more, got {count}")


class Words(NamedTuple):
    """What a message calls what its caller gave: the command's options (:data:`CLI_WORDS`) or
    a Python call's parameters (:data:`PYTHON_WORDS`)."""

    strategy: str
    banker_strategy: str
    players: str
    packs: str  # how to ask for n packs, "{}" for n
    money: str  # what to lower when the balances could leave what a log holds

    def given(self, option: str, value: str) -> str:
        """``--strategy mod:X`` on the command line, ``strategy='mod:X'`` in Python."""
        return f"{option} {value}" if option.startswith("--") else f"{option}{value!r}"


CLI_WORDS = Words(
    "--strategy",
    "--banker-strategy",
    "--players",
    "use --set packs={}",
    "lower --bankroll, --max-stake or --deals",
)
PYTHON_WORDS = Words(
    "strategy=",
    "banker_strategy=",
    "players=",
    "use rules.with_overrides(packs={})",
    "lower the table's bankrolls or max_stake, or deals=",
)


#: What ``rules=`` takes, in a message.
RULES_TAKES = "a Rules, a preset name, a rules file's path or None"


def check_rules_table(call: str, rules: object, table: object) -> None:
    """A public call's ``rules=`` and ``table=``, checked at the call (ArgumentError)."""
    takes(call, "rules", rules, (Rules, str, os.PathLike, type(None)), RULES_TAKES)
    takes(call, "table", table, (Table, type(None)), "a Table or None")


def check_play(
    call: str, rules: object, table: object, seed: object, deals: object, scenario: object
) -> None:
    """:func:`play`'s and :func:`write_log`'s arguments, as ``pontoon play`` bounds its options
    (``--seed`` within ±(2**53 - 1), ``--deals`` 1 or more); a strategy is checked when the
    players are chosen."""
    check_rules_table(call, rules, table)
    whole_or_none(call, "seed", seed)
    whole(call, "deals", deals, 1)
    takes(call, "scenario", scenario, (str, os.PathLike, type(None)), "a path or None")
