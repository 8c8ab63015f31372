"""Scenario and rules files: checking every problem, and loading them into a Scenario.

A scenario (SPEC.md, "Scenario files") is TOML, or the same structure as JSON. Reading never
stops at the first problem: :func:`load` returns every problem it finds, each with file:line and
the key, so ``pontoon check`` can list them all; ``pontoon play`` refuses a file with any.

The parts, low to high: :mod:`pontoon_cli.document` reads a TOML or JSON file with the line of
every key; :mod:`pontoon_cli.scenario_play` holds the checked model and plays it;
:mod:`pontoon_cli.scenario_deals` checks the ``[[deal]]`` blocks; this module checks the rest and
loads. What the command line needs is re-exported here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pontoon_cli.document import (
    Checker,
    Locator,
    Path_,
    Problem,
    kind_of,
    not_seated,
    read_document,
)
from pontoon_cli.errors import RulesError, ScenarioError
from pontoon_cli.rules import PRESETS, Rules, Table, setting_names, suggest
from pontoon_cli.scenario_deals import DEAL_KEYS, parse_action, read_deal
from pontoon_cli.scenario_play import (
    STRICT,
    DealScript,
    Mismatch,
    Scenario,
    Step,
    describe_failures,
    play,
)
from pontoon_cli.strategies import STRATEGIES

__all__ = [
    "STRICT",
    "DealScript",
    "Locator",
    "Mismatch",
    "Problem",
    "Scenario",
    "Step",
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
TABLE_KEYS = ("players", "banker", "bankroll", "min_stake", "max_stake")


def load_rules_spec(spec: Any, base: Path | None) -> Rules:
    """Rules from a preset name, a rules file path, or a table ``{preset = ..., setting = ...}``.

    A name that is a preset is the preset; otherwise a name ending in ``.toml``/``.json``, holding
    a ``/``, or naming an existing file (relative to ``base``) is a rules file.
    """
    if isinstance(spec, dict):
        return Rules.from_dict(spec)
    if not isinstance(spec, str):
        raise RulesError(f"expected a preset name, a rules file or a table, got {spec!r}")
    if spec in PRESETS:
        return Rules.preset_named(spec)
    path = Path(spec)
    if base is not None and not path.is_absolute():
        path = base / path
    if not (spec.endswith((".toml", ".json")) or "/" in spec or path.is_file()):
        known = ", ".join(PRESETS)
        raise RulesError(
            f"unknown preset {spec!r}{suggest(spec, PRESETS)} (presets: {known}), "
            f"and no rules file {str(path)!r}"
        )
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
    try:
        Rules.from_dict(known)
    except RulesError as err:
        key = next((k for k in known if repr(k) in str(err)), "")
        check.add((key,) if key else (), str(err))
    return check.problems


def is_rules_document(data: dict[str, Any]) -> bool:
    """A rules file holds settings at the top level; a scenario holds a table or deals."""
    return not any(key in data for key in ("table", "deal", "name", "deals", "seed", "strategy"))


def load(
    path: Path,
    *,
    options: dict[str, Any] | None = None,
    rule_settings: dict[str, Any] | None = None,
) -> tuple[Scenario | None, list[Problem]]:
    """Read and check a scenario file: the scenario (None if unusable) and every problem found.

    ``options`` are command-line options in the file's own keys (``seed``, ``strategy``,
    ``rules``, ``deals``, and ``table`` keys); they win over the file (SPEC.md).
    ``rule_settings`` (``--set``) change the resolved rules last.
    """
    data, locator = read_document(path)
    data = _merge_options(data, options or {})
    file = str(path)
    check = Checker(file, locator)
    check.unknown_keys(data, TOP_KEYS, (), "key")

    name = check.typed(data, "name", str, (), "a string")
    seed = check.typed(data, "seed", int, (), "a whole number")
    rules = Rules()
    if "rules" in data:
        try:
            rules = load_rules_spec(data["rules"], path.parent)
        except (RulesError, ScenarioError) as err:
            check.add(("rules",), str(err))
    if rule_settings:
        try:
            rules = rules.with_overrides(rule_settings)
        except RulesError as err:
            check.add(("rules",), f"--set: {err}")

    strategy = _strategy(check, data, "strategy", allow_strict=True)
    banker_strategy = _strategy(check, data, "banker_strategy", allow_strict=True)
    deals_total = check.typed(data, "deals", int, (), "a whole number")

    table = _read_table(check, data)
    players = list(table.seats) if table is not None else []
    deals: list[DealScript] = []
    raw_deals = data.get("deal", [])
    if not isinstance(raw_deals, list) or not all(isinstance(d, dict) for d in raw_deals):
        check.add(("deal",), "expected [[deal]] tables (an array of tables)")
        raw_deals = []
    for i, raw in enumerate(raw_deals):
        deals.append(read_deal(check, raw, i, players, table, rules))

    strategy = strategy or STRICT
    banker_strategy = banker_strategy or strategy
    total = deals_total or len(deals)
    if total < len(deals):
        check.add(("deals",), f"deals = {total} is fewer than the {len(deals)} [[deal]] blocks")
    if total == 0:
        check.add(("deal",), "no deals: add [[deal]] blocks or set deals = N")
    if check.problems or table is None:
        if table is None and not any(p.key.startswith("table") for p in check.problems):
            check.add(("table",), "missing [table] with players = [...]")
        return None, sorted(check.problems, key=lambda p: p.line)
    scenario = Scenario(
        file=file,
        name=name,
        rules=rules,
        table=table,
        seed=seed if seed is not None else 0,
        strategy=strategy,
        banker_strategy=banker_strategy,
        deals=deals,
        total_deals=total,
        locator=locator,
    )
    return scenario, []


def _merge_options(data: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    merged = dict(data)
    for key, value in options.items():
        if key == "table":
            table = merged.get("table")
            merged["table"] = {**(table if isinstance(table, dict) else {}), **value}
        else:
            merged[key] = value
    return merged


def _strategy(check: Checker, data: dict[str, Any], key: str, *, allow_strict: bool) -> str | None:
    value = check.typed(data, key, str, (), "a strategy name")
    if value is None:
        return None
    known = [STRICT, *STRATEGIES] if allow_strict else list(STRATEGIES)
    if value not in known:
        check.add(
            (key,), f"unknown strategy {value!r}{suggest(value, known)} (one of {', '.join(known)})"
        )
        return None
    return str(value)


def _read_table(check: Checker, data: dict[str, Any]) -> Table | None:
    raw = data.get("table")
    if raw is None:
        return None
    if not isinstance(raw, dict):
        check.add(("table",), f"expected a table, got {kind_of(raw)}")
        return None
    path: Path_ = ("table",)
    check.unknown_keys(raw, TABLE_KEYS, path, "table key")
    players = raw.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        check.add((*path, "players"), 'expected a list of player names, e.g. ["ann", "bob"]')
        return None
    reserved = [p for p in players if p in DEAL_KEYS]
    for p in reserved:
        check.add((*path, "players"), f"{p!r} cannot be a player's name: it is a deal key")
    bankroll: Any = raw.get("bankroll", 1000)
    if isinstance(bankroll, dict):
        check.unknown_keys(bankroll, players, (*path, "bankroll"), "player")
        for who, amount in bankroll.items():
            if type(amount) is not int:
                check.add((*path, "bankroll", who), f"expected a whole number, got {amount!r}")
        missing = [p for p in players if p not in bankroll]
        if missing:
            check.add((*path, "bankroll"), f"no bankroll for {', '.join(missing)}")
            return None
    elif type(bankroll) is not int:
        check.add(
            (*path, "bankroll"), f"expected a whole number or a table per player, got {bankroll!r}"
        )
        return None
    banker = check.typed(raw, "banker", str, path, "a player's name")
    if banker is not None and banker not in players:
        check.add((*path, "banker"), not_seated(banker, players))
        banker = None
    limits = {}
    for key, default in (("min_stake", 1), ("max_stake", 10)):
        value = check.typed(raw, key, int, path, "a whole number")
        limits[key] = default if value is None else value
    if reserved:
        return None
    try:
        return Table.build(
            players,
            banker=banker,
            bankroll={p: v for p, v in bankroll.items() if p in players}
            if isinstance(bankroll, dict)
            else bankroll,
            min_stake=limits["min_stake"],
            max_stake=limits["max_stake"],
        )
    except RulesError as err:
        check.add(path, str(err))
        return None
