"""Scenario and rules files: checking every problem, and loading them into a Scenario.

A scenario (docs/reference/scenarios.md) is TOML, or the same structure as JSON. Reading never
stops at the first problem: :func:`load` returns every problem it finds, each with file:line and
the key, so ``pontoon check`` can list them all; ``pontoon play`` refuses a file with any.

The parts, low to high: :mod:`pontoon_cli.scenario.document` reads a TOML or JSON file with the line
of every key; :mod:`pontoon_cli.scenario.play` holds the checked model and plays it;
:mod:`pontoon_cli.scenario.deals` checks the ``[[deal]]`` blocks; this module checks the rest and
loads. What the command line needs is re-exported here.
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pontoon_cli.core.errors import RulesError, ScenarioError
from pontoon_cli.core.limits import shown
from pontoon_cli.core.rules import (
    DEALER,
    MOST_CASINO_SEATS,
    PRESETS,
    Rules,
    Table,
    money_problem,
    seating_problem,
    setting_names,
    setting_value_problem,
    suggest,
)
from pontoon_cli.games import GameDefinition, find_game
from pontoon_cli.scenario.deals import DEAL_KEYS, parse_action, read_deal
from pontoon_cli.scenario.document import (
    Checker,
    Locator,
    Path_,
    Problem,
    kind_of,
    not_seated,
    read_document,
)
from pontoon_cli.scenario.play import (
    STRICT,
    DealScript,
    Mismatch,
    Scenario,
    Step,
    describe_failures,
    play,
)

__all__ = [
    "STRICT",
    "DealScript",
    "Locator",
    "Mismatch",
    "Problem",
    "Scenario",
    "Step",
    "check_file",
    "check_rules_document",
    "describe_failures",
    "is_rules_document",
    "load",
    "load_rules_spec",
    "parse_action",
    "play",
    "read_document",
]

TOP_KEYS = ("name", "rules", "seed", "strategy", "banker_strategy", "deals", "table", "deal")
TABLE_KEYS = ("players", "banker", "bankroll", "min_stake", "max_stake", "kitty")


def load_rules_spec(spec: Any, base: Path | None) -> Rules:
    """Rules from a preset name, a rules file path, or a table ``{preset = ..., setting = ...}``.

    A name that is a preset is the preset. Otherwise it names a rules file (relative to ``base``):
    the file itself when it exists or the name has an extension or a ``/``; else ``NAME.toml`` or
    ``NAME.json``, whichever exists (both is an error naming both).
    """
    if isinstance(spec, dict):
        return Rules.from_dict(spec)
    if not isinstance(spec, str):
        raise RulesError(f"expected a preset name, a rules file or a table, got {shown(spec)}")
    if spec in PRESETS:
        return Rules.preset_named(spec)
    path = Path(spec)
    if base is not None and not path.is_absolute():
        path = base / path
    if not (spec.endswith((".toml", ".json")) or "/" in spec or os.path.lexists(path)):
        found = [p for p in (Path(f"{path}.toml"), Path(f"{path}.json")) if os.path.lexists(p)]
        if len(found) > 1:
            raise RulesError(
                f"--rules {spec!r} could be {str(found[0])!r} or {str(found[1])!r}: "
                "name the file with its extension"
            )
        if not found:
            known = ", ".join(PRESETS)
            raise RulesError(
                f"unknown preset {spec!r}{suggest(spec, PRESETS)} (presets: {known}), "
                f"and no rules file {str(path)!r} ({path.name}.toml or .json)"
            )
        path = found[0]
    data, locator = read_document(path)
    problems = check_rules_document(str(path), data, locator)
    if problems:
        raise ScenarioError("\n".join(str(p) for p in problems))
    return Rules.from_dict(data)


def check_rules_document(file: str, data: dict[str, Any], locator: Locator) -> list[Problem]:
    """Every problem in a rules file: unknown settings (with the nearest), wrong values."""
    check = Checker(file, locator)
    names = setting_names()
    check.unknown_keys(data, names, (), "rule setting")
    known = {k: v for k, v in data.items() if k in names}
    wrong = False
    for key, value in known.items():  # each wrong value, not only the first
        problem = setting_value_problem(key, value) if key != "preset" else None
        if problem is not None:
            check.add((key,), problem)
            wrong = True
    if wrong:
        return check.problems
    try:  # then the preset, and what the settings say of each other (S1's kitty limits)
        Rules.from_dict(known)
    except RulesError as err:
        key = next((k for k in known if repr(k) in str(err)), "")
        check.add((key,) if key else (), str(err))
    return check.problems


def is_rules_document(data: dict[str, Any]) -> bool:
    """A rules file holds settings at the top level; a scenario holds a table or deals.

    An empty document is an (empty) scenario, so ``check`` and ``play`` judge it alike.
    """
    if not data:
        return False
    return not any(key in data for key in ("table", "deal", "name", "deals", "seed", "strategy"))


def check_file(path: Path) -> list[Problem]:
    """Every problem in a scenario or rules file, read once (``pontoon check``).

    A scenario gets exactly the problems ``pontoon play`` would refuse it for.
    Raises ScenarioError when the file cannot be read or parsed at all.
    """
    data, locator = read_document(path)
    if is_rules_document(data):
        return check_rules_document(str(path), data, locator)
    return _check(path, data, locator, None)[1]


def load(
    path: Path,
    *,
    options: dict[str, Any] | None = None,
    rule_settings: dict[str, Any] | None = None,
) -> tuple[Scenario | None, list[Problem]]:
    """Read and check a scenario file: the scenario (None if unusable) and every problem found.

    ``options`` are command-line options in the file's own keys (``seed``, ``strategy``,
    ``rules``, ``deals``, and ``table`` keys); they win over the file.
    ``rule_settings`` (``--set``) change the resolved rules last.
    """
    data, locator = read_document(path)
    if is_rules_document(data):  # check_file's verdict too: a rules file is not a scenario
        message = f"a rules file, not a scenario: play it with --rules {path}"
        return None, [Problem(str(path), 1, "", message)]
    return _check(path, _merge_options(data, options or {}), locator, rule_settings)


def _check(
    path: Path, data: dict[str, Any], locator: Locator, rule_settings: dict[str, Any] | None
) -> tuple[Scenario | None, list[Problem]]:
    file = str(path)
    check = Checker(file, locator)
    check.unknown_keys(data, TOP_KEYS, (), "key")

    name = check.typed(data, "name", str, (), "a string")
    seed = check.whole(data["seed"], ("seed",)) if "seed" in data else 0
    rules = Rules()
    if "rules" in data:
        try:
            rules = load_rules_spec(data["rules"], path.parent)
        except (RulesError, ScenarioError) as err:
            check.add(("rules",), str(err))
    raw_table = data.get("table")
    if isinstance(raw_table, dict) and "kitty" in raw_table:
        rules = _table_kitty(check, rules, raw_table["kitty"])
    if rule_settings:
        try:
            rules = rules.with_overrides(rule_settings)
        except RulesError as err:
            check.add(("rules",), f"--set: {err}")

    definition = find_game(rules)
    refused = definition.refused_keys
    if "banker_strategy" in data and "banker_strategy" in refused:  # C3
        check.add(("banker_strategy",), refused["banker_strategy"])
        data = {k: v for k, v in data.items() if k != "banker_strategy"}
    strategy = _strategy(check, data, "strategy", definition, rules)
    banker_strategy = _strategy(check, data, "banker_strategy", definition, rules)
    deals_total = check.whole(data["deals"], ("deals",), least=1) if "deals" in data else None

    seats = _read_table(check, data, rules)
    deals: list[DealScript] = []
    raw_deals = data.get("deal", [])
    if not isinstance(raw_deals, list) or not all(isinstance(d, dict) for d in raw_deals):
        check.add(("deal",), "expected [[deal]] tables (an array of tables)")
        raw_deals = []
    players = frozenset(seats.players)
    for i, raw in enumerate(raw_deals):
        deals.append(read_deal(check, raw, i, players, seats.stake_limits, rules))

    strategy = strategy or STRICT
    banker_strategy = banker_strategy or strategy
    total = deals_total or len(deals)
    if total < len(deals):
        check.add(("deals",), f"deals = {total} is fewer than the {len(deals)} [[deal]] blocks")
    if total == 0 and "deals" not in data:
        check.add(("deal",), "no deals: add [[deal]] blocks or set deals = N")
    table = seats.table
    if table is not None and not check.problems:
        problem = money_problem(rules, table, total)
        if problem is not None:
            check.add(("table",), f"{problem}: lower the bankroll, max_stake or deals")
    if check.problems or table is None or seed is None:
        return None, sorted(check.problems, key=lambda p: p.line)
    scenario = Scenario(
        file=file,
        name=name,
        rules=rules,
        table=table,
        seed=seed,
        strategy=strategy,
        banker_strategy=banker_strategy,
        deals=deals,
        total_deals=total,
        locator=locator,
    )
    return scenario, []


def _table_kitty(check: Checker, rules: Rules, value: Any) -> Rules:
    """``[table] kitty``: the kitty a banker puts up (S1, S9, S10), the ``kitty`` setting."""
    where: Path_ = ("table", "kitty")
    if "kitty" not in find_game(rules).table_keys:
        check.add(where, f"the kitty belongs to Shoot Pontoon (S1); preset is {rules.preset!r}")
        return rules
    amount = check.whole(value, where, least=1)
    if amount is None:
        return rules
    try:
        return rules.with_overrides({"kitty": amount})
    except RulesError as err:
        check.add(where, str(err))
        return rules


def _merge_options(data: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    merged = dict(data)
    for key, value in options.items():
        if key == "table":
            table = merged.get("table")
            merged["table"] = {**(table if isinstance(table, dict) else {}), **value}
        else:
            merged[key] = value
    return merged


def _strategy(
    check: Checker, data: dict[str, Any], key: str, definition: GameDefinition, rules: Rules
) -> str | None:
    """A strategy of the game that plays ``rules`` (``default`` names the game's default one),
    or ``strict``."""
    value = check.typed(data, key, str, (), "a strategy name")
    if value is None:
        return None
    known = [STRICT, *dict.fromkeys(["default", *definition.strategies])]
    if value not in known:
        own = "; a strategy of your own plays seeded deals only" if ":" in value else ""
        check.add(
            (key,),
            f"unknown strategy {value!r}{suggest(value, known)} (one of {', '.join(known)}){own}",
        )
        return None
    problem = definition.strategy_problem(value, rules)
    if problem is not None:
        check.add((key,), problem)
        return None
    return str(value)


@dataclass(slots=True)
class _Seats:
    """What ``[table]`` says, part by part: the players are known even when a bankroll is bad,
    so the deals are still checked against them (one bad value is one problem)."""

    players: list[str] = field(default_factory=list)
    stake_limits: tuple[int, int] | None = None  # (min_stake, max_stake), when both are good
    table: Table | None = None  # only when every part is good


def _read_table(check: Checker, data: dict[str, Any], rules: Rules) -> _Seats:
    path: Path_ = ("table",)
    raw = data.get("table")
    if raw is None:
        check.add(path, "missing [table] with players = [...]")
        return _Seats()
    if not isinstance(raw, dict):
        check.add(path, f"expected a table, got {kind_of(raw)}")
        return _Seats()
    check.unknown_keys(raw, TABLE_KEYS, path, "table key")
    before = len(check.problems)
    seats = _Seats(players=_read_players(check, raw.get("players"), (*path, "players"), rules))
    players = seats.players
    seated = frozenset(players)
    bankroll: Any = raw.get("bankroll", 1000)
    bankrolls: dict[str, int] = {}
    if isinstance(bankroll, dict):
        for who, amount in bankroll.items():
            where = (*path, "bankroll", who)
            if check.name(who, where) and who not in seated:
                check.add(where, f"unknown player {who!r}{suggest(who, players)}")
            amount = check.whole(amount, where, least=0)  # T8.6
            if amount is not None:
                bankrolls[who] = amount
        missing = [p for p in players if p not in bankroll]
        if missing:
            names = ", ".join(map(shown, missing[:8])) + (", …" if len(missing) > 8 else "")
            check.add((*path, "bankroll"), f"no bankroll for {names} (T8.6)")
    elif type(bankroll) is int:
        amount = check.whole(bankroll, (*path, "bankroll"), least=0)  # T8.6
        bankrolls = dict.fromkeys(players, amount) if amount is not None else {}
    else:
        check.add(
            (*path, "bankroll"),
            f"expected a whole number or a table per player, got {kind_of(bankroll)} "
            f"{shown(bankroll)}",
        )
    definition = find_game(rules)
    banker = raw.get("banker")
    if banker is not None and "banker" in definition.refused_keys:  # C3
        check.add((*path, "banker"), definition.refused_keys["banker"])
        banker = None
    if banker is not None and check.name(banker, (*path, "banker")) and banker not in seated:
        check.add((*path, "banker"), not_seated(banker, players))
    limits = [
        check.whole(raw.get(key, default), (*path, key), least=1)  # T3.3
        for key, default in (("min_stake", 1), ("max_stake", 10))
    ]
    if limits[0] is not None and limits[1] is not None:
        if limits[0] > limits[1]:
            check.add(
                (*path, "min_stake"),
                f"min_stake {limits[0]} is above max_stake {limits[1]} ({definition.stake_rule})",
            )
        else:
            seats.stake_limits = (limits[0], limits[1])
    if len(check.problems) > before or seats.stake_limits is None:
        return seats
    try:
        seats.table = Table.build(
            players,
            banker=banker,
            bankroll=bankrolls,
            min_stake=seats.stake_limits[0],
            max_stake=seats.stake_limits[1],
            house=definition.house,
        )
    except RulesError as err:
        check.add(path, str(err))
    return seats


def _read_players(check: Checker, raw: Any, path: Path_, rules: Rules) -> list[str]:
    """The players' names as written (good or not, so deals can still be checked)."""
    if not isinstance(raw, list) or not raw or not all(isinstance(p, str) for p in raw):
        check.add(path, 'expected a list of player names, e.g. ["ann", "bob"]')
        return [p for p in raw if isinstance(p, str)] if isinstance(raw, list) else []
    for who in raw:
        if check.name(who, path) and who in DEAL_KEYS:
            check.add(path, f"{who!r} cannot be a player's name: it is a deal key")
    dupes = sorted(who for who, n in Counter(raw).items() if n > 1)
    if dupes:
        check.add(path, f"each player sits once (T3.1): {dupes!r} sit twice")
    if find_game(rules).house:  # C3: 1 to 7 seats, and the dealer's name is his
        if DEALER in raw:
            check.add(path, f"{DEALER!r} is the dealer's name at a casino table (C3)")
        if len(raw) > MOST_CASINO_SEATS:
            check.add(
                path, f"a casino table seats 1 to {MOST_CASINO_SEATS} players (C3), got {len(raw)}"
            )
    elif len(raw) < 2:
        check.add(path, f"a table needs two or more players (T3.1), got {shown(raw)}")
    problem = seating_problem(
        rules, len(raw), lambda n: f"add packs = {n} to the rules (rules = {{ packs = {n} }})"
    )
    if problem is not None:
        check.add(path, problem)
    return list(raw)
