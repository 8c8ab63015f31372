"""Scenario and rules files: reading with line numbers, checking every problem, and playing them.

A scenario (SPEC.md, "Scenario files") is TOML, or the same structure as JSON. Reading never
stops at the first problem: :func:`load` returns every problem it finds, each with file:line and
the key, so ``pontoon check`` can list them all; ``pontoon play`` refuses a file with any.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pontoon_cli.cards import Card
from pontoon_cli.engine import Deal, Game, Phase
from pontoon_cli.errors import (
    CardError,
    IllegalAction,
    RulesError,
    ScenarioError,
)
from pontoon_cli.events import BankSold
from pontoon_cli.hands import CLASS_LABELS
from pontoon_cli.rng import session_rngs
from pontoon_cli.rules import PRESETS, Rules, Table, setting_names, suggest
from pontoon_cli.strategies import STRATEGIES, Players

Path_ = tuple[str | int, ...]

TOP_KEYS = ("name", "rules", "seed", "strategy", "banker_strategy", "deals", "table", "deal")
TABLE_KEYS = ("players", "banker", "bankroll", "min_stake", "max_stake")
DEAL_KEYS = ("pack", "stakes", "banker", "expect", "sell_bank", "kitty_add")
EXPECT_KEYS = ("net", "balance", "class", "banker_class", "next_banker", "kitty")
STRICT = "strict"

#: Action words a script may hold, and the engine word each stands for.
ACTION_WORDS = {
    "stick": "stick",
    "stand": "stick",
    "twist": "twist",
    "hit": "twist",
    "buy": "buy",
    "split": "split",
    "draw": "draw",
    "stay": "stay",
}
#: Words of other rule sets, not playable under the traditional rules.
OTHER_WORDS = {"burn": "V8", "shoot": "S2", "double": "V3"}


# reading files, with line numbers ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a file: where, which key, and what."""

    file: str
    line: int
    key: str
    message: str

    def __str__(self) -> str:
        key = f"{self.key}: " if self.key else ""
        return f"{self.file}:{self.line}: {key}{self.message}"


class Locator:
    """Finds the line of a key path (``("deal", 0, "stakes", "bob")``) in the file's text."""

    def __init__(self, index: dict[Path_, int]) -> None:
        self.index = index

    def line(self, path: Path_) -> int:
        while path:
            found = self.index.get(path)
            if found is not None:
                return found
            path = path[:-1]
        return 1


_TOML_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
_TOML_KEY = re.compile(
    r"^\s*((?:[A-Za-z0-9_\-]+|\"[^\"]*\"|'[^']*')(?:\s*\.\s*(?:[A-Za-z0-9_\-]+|\"[^\"]*\"|'[^']*'))*)\s*="
)


def _toml_parts(dotted: str) -> list[str]:
    return [
        part.strip().strip("\"'")
        for part in re.split(r"\.(?=(?:[^\"']*[\"'][^\"']*[\"'])*[^\"']*$)", dotted)
    ]


def _index_toml(text: str) -> dict[Path_, int]:
    index: dict[Path_, int] = {}
    arrays: dict[Path_, int] = {}
    table: Path_ = ()
    for number, raw in enumerate(text.splitlines(), 1):
        header = _TOML_HEADER.match(raw)
        if header and not raw.lstrip().startswith("#"):
            parts: Path_ = tuple(_toml_parts(header.group(2)))
            if header.group(1) == "[[":
                arrays[parts] = arrays.get(parts, -1) + 1
                table = (*parts, arrays[parts])
            else:
                # [deal.expect] inside an array of tables belongs to the array's last element
                prefix: Path_ = ()
                for part in parts:
                    prefix = (*prefix, part)
                    if prefix in arrays:
                        prefix = (*prefix, arrays[prefix])
                table = prefix
            index.setdefault(table, number)
            continue
        key = _TOML_KEY.match(raw)
        if key:
            index.setdefault((*table, *_toml_parts(key.group(1))), number)
    return index


def _index_json(text: str) -> dict[Path_, int]:
    """Line of every key in a JSON text already known to parse."""
    index: dict[Path_, int] = {}
    stack: list[list[Any]] = []  # ["obj", key] or ["arr", position]
    line, i, n = 1, 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "\n":
            line += 1
        elif ch == '"':
            j = i + 1
            while text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            k = j + 1
            while k < n and text[k] in " \t\r\n":
                k += 1
            if k < n and text[k] == ":" and stack and stack[-1][0] == "obj":
                stack[-1][1] = json.loads(text[i : j + 1])
                index.setdefault(tuple(e[1] for e in stack), line)
            i = j
        elif ch in "{[":
            stack.append(["obj", None] if ch == "{" else ["arr", 0])
        elif ch in "}]":
            stack.pop()
        elif ch == "," and stack and stack[-1][0] == "arr":
            stack[-1][1] += 1
        i += 1
    return index


def read_document(path: Path) -> tuple[dict[str, Any], Locator]:
    """Parse a TOML or JSON file. Raises ScenarioError with file:line for anything unreadable."""
    name = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScenarioError(f"{name}: no such file") from None
    except IsADirectoryError:
        raise ScenarioError(f"{name}: is a directory, expected a TOML or JSON file") from None
    except UnicodeDecodeError as err:
        raise ScenarioError(f"{name}: not UTF-8 text ({err.reason})") from None
    except OSError as err:
        raise ScenarioError(f"{name}: cannot read: {err.strerror}") from None
    if path.suffix.lower() == ".json" or text.lstrip().startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise ScenarioError(
                f"{name}:{err.lineno}: malformed JSON: {err.msg} (column {err.colno})"
            ) from None
        if not isinstance(data, dict):
            raise ScenarioError(f"{name}:1: expected a JSON object at the top level")
        return data, Locator(_index_json(text))
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        message = str(err)
        found = re.search(r"\(at line (\d+), column (\d+)\)", message)
        line = found.group(1) if found else "1"
        reason = re.sub(r"\s*\(at (line \d+, column \d+|end of document)\)", "", message)
        raise ScenarioError(f"{name}:{line}: malformed TOML: {reason}") from None
    return data, Locator(_index_toml(text))


# the scenario model ------------------------------------------------------------------------------


@dataclass(slots=True)
class Step:
    """One scripted action: the engine word, its amount, and the line it came from."""

    action: str
    amount: int | None
    line: int
    text: str


@dataclass(slots=True)
class DealScript:
    """One ``[[deal]]`` block."""

    number: int
    line: int
    pack: list[Card] | None = None
    stakes: dict[str, tuple[int, int]] = field(default_factory=dict)  # player -> (amount, line)
    scripts: dict[str, list[Step]] = field(default_factory=dict)  # player or "banker"
    sell_bank: tuple[str, int, int] | None = None  # (buyer, price, line)
    expect: dict[str, Any] = field(default_factory=dict)
    expect_line: int = 0


@dataclass(slots=True)
class Scenario:
    """A checked scenario file, ready to play."""

    file: str
    name: str | None
    rules: Rules
    table: Table
    seed: int
    strategy: str
    banker_strategy: str
    deals: list[DealScript]
    total_deals: int
    locator: Locator


class _Checker:
    """Collects problems while reading one file."""

    def __init__(self, file: str, locator: Locator) -> None:
        self.file = file
        self.locator = locator
        self.problems: list[Problem] = []

    def add(self, path: Path_, message: str) -> None:
        self.problems.append(Problem(self.file, self.locator.line(path), _key_text(path), message))

    def unknown_keys(
        self, data: dict[str, Any], allowed: tuple[str, ...] | list[str], path: Path_, what: str
    ) -> None:
        for key in data:
            if key not in allowed:
                self.add((*path, key), f"unknown {what} {key!r}{suggest(key, allowed)}")

    def typed(self, data: dict[str, Any], key: str, kind: type, path: Path_, what: str) -> Any:
        value = data.get(key)
        if value is None:
            return None
        ok = type(value) is kind if kind in (int, bool) else isinstance(value, kind)
        if not ok:
            self.add((*path, key), f"expected {what}, got {_kind(value)} {value!r}")
            return None
        return value


def _not_seated(who: object, players: list[str]) -> str:
    """``'zed' is not at the table; did you mean 'zac'?``"""
    return f"{who!r} is not at the table{suggest(str(who), players)}"


def _key_text(path: Path_) -> str:
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part + 1}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def _kind(value: object) -> str:
    return {
        bool: "a boolean",
        int: "a whole number",
        float: "a number",
        str: "a string",
        list: "a list",
        dict: "a table",
    }.get(type(value), type(value).__name__)


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
    check = _Checker(file, locator)
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
    check = _Checker(file, locator)
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
        deals.append(_read_deal(check, raw, i, players, table, rules))

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


def _strategy(check: _Checker, data: dict[str, Any], key: str, *, allow_strict: bool) -> str | None:
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


def _read_table(check: _Checker, data: dict[str, Any]) -> Table | None:
    raw = data.get("table")
    if raw is None:
        return None
    if not isinstance(raw, dict):
        check.add(("table",), f"expected a table, got {_kind(raw)}")
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
        check.add((*path, "banker"), _not_seated(banker, players))
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


def _read_deal(
    check: _Checker,
    raw: dict[str, Any],
    i: int,
    players: list[str],
    table: Table | None,
    rules: Rules,
) -> DealScript:
    path: Path_ = ("deal", i)
    script = DealScript(number=i + 1, line=check.locator.line(path))
    allowed = [*DEAL_KEYS, *players]
    for key in raw:
        if key not in allowed:
            check.add(
                (*path, key),
                f"unknown deal key {key!r}: not a player at the table nor one of "
                f"{', '.join(DEAL_KEYS)}{suggest(key, allowed)}",
            )
    if "pack" in raw:
        script.pack = _read_pack(check, raw["pack"], (*path, "pack"), rules, len(players))
    stakes = raw.get("stakes", {})
    if not isinstance(stakes, dict):
        check.add((*path, "stakes"), f"expected a table of player = stake, got {_kind(stakes)}")
        stakes = {}
    for who, amount in stakes.items():
        where = (*path, "stakes", who)
        if who not in players:
            check.add(where, _not_seated(who, players))
        elif type(amount) is not int:
            check.add(where, f"expected a whole number, got {_kind(amount)} {amount!r}")
        elif table is not None and not table.min_stake <= amount <= table.max_stake:
            check.add(
                where,
                f"stake {amount} is outside the limits "
                f"{table.min_stake} to {table.max_stake} (T3.3)",
            )
        else:
            script.stakes[who] = (amount, check.locator.line(where))
    for who in [*players, "banker"]:
        if who in raw:
            script.scripts[who] = _read_actions(check, raw[who], (*path, who), rules)
    if "sell_bank" in raw:
        sale = raw["sell_bank"]
        where = (*path, "sell_bank")
        if not isinstance(sale, dict) or set(sale) != {"to", "price"}:
            check.add(where, 'expected sell_bank = { to = "name", price = N } (T8.4)')
        elif sale["to"] not in players:
            check.add(
                (*where, "to"),
                _not_seated(sale["to"], players),
            )
        elif type(sale["price"]) is not int or sale["price"] < 0:
            check.add(
                (*where, "price"), f"expected a whole number of 0 or more, got {sale['price']!r}"
            )
        else:
            script.sell_bank = (sale["to"], sale["price"], check.locator.line(where))
    if "kitty_add" in raw:
        check.add(
            (*path, "kitty_add"),
            f"the kitty belongs to Shoot Pontoon (S8); preset is {rules.preset!r}",
        )
    if "expect" in raw:
        script.expect = _read_expect(check, raw["expect"], (*path, "expect"), players)
        script.expect_line = check.locator.line((*path, "expect"))
    return script


def _read_pack(
    check: _Checker, value: Any, path: Path_, rules: Rules, seats: int
) -> list[Card] | None:
    if not isinstance(value, (str, list)):
        check.add(path, f'expected cards as a string, e.g. "2H TH 7D", got {_kind(value)}')
        return None
    tokens = value.replace(",", " ").split() if isinstance(value, str) else value
    cards = []
    for position, token in enumerate(tokens, 1):
        try:
            if not isinstance(token, str):
                raise CardError(f"{token!r} is not a card string")
            cards.append(Card.parse(token))
        except CardError as err:
            check.add(path, f"card {position}: {err}")
    packs = rules.pack_count(seats) if seats else 1
    counts: dict[Card, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    for card, count in counts.items():
        if count > packs:
            check.add(
                path,
                f"{card.text} is stacked {count} times, but {packs} pack(s) hold it "
                f"{packs} time(s) (T1.1)",
            )
    return cards if len(cards) == len(tokens) else None


def _read_actions(check: _Checker, value: Any, path: Path_, rules: Rules) -> list[Step]:
    line = check.locator.line(path)
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list):
        check.add(path, f'expected a list of actions, e.g. ["buy 4", "stick"], got {_kind(value)}')
        return []
    steps = []
    for n, item in enumerate(value):
        where = (*path, n)
        if not isinstance(item, str):
            check.add(where, f"action {n + 1}: expected a string, got {item!r}")
            continue
        step = parse_action(item, line)
        if isinstance(step, str):
            check.add(path, f"action {n + 1}: {step}")
        else:
            steps.append(step)
    return steps


def parse_action(text: str, line: int) -> Step | str:
    """One action word (``"buy 4"``) as a Step, or the reason it is not one."""
    words = text.lower().split()
    match words:
        case ["buy", amount] if amount.isdigit():
            return Step("buy", int(amount), line, text)
        case ["buy", *_]:
            return f"{text!r}: buy needs a whole amount, e.g. 'buy 4' (T5.3)"
        case [word] if word in ACTION_WORDS and word != "buy":
            return Step(ACTION_WORDS[word], None, line, text)
        case [word, *_] if word in OTHER_WORDS:
            return f"{text!r} is not part of the traditional rules ({OTHER_WORDS[word]})"
        case [word, *_] if word in ACTION_WORDS:
            return f"{text!r}: {word} takes no amount"
        case _:
            known = [*ACTION_WORDS, *OTHER_WORDS]
            first = words[0] if words else ""
            return f"unknown action {text!r}{suggest(first, known)}"


def _read_expect(check: _Checker, value: Any, path: Path_, players: list[str]) -> dict[str, Any]:
    if not isinstance(value, dict):
        check.add(path, f"expected a table, got {_kind(value)}")
        return {}
    check.unknown_keys(value, EXPECT_KEYS, path, "expect key")
    out: dict[str, Any] = {}
    for key in ("net", "balance"):
        if key in value:
            table = value[key]
            if not isinstance(table, dict):
                check.add((*path, key), f"expected a table of player = amount, got {_kind(table)}")
                continue
            good = {}
            for who, amount in table.items():
                if who not in players:
                    check.add((*path, key, who), _not_seated(who, players))
                elif type(amount) is not int:
                    check.add((*path, key, who), f"expected a whole number, got {amount!r}")
                else:
                    good[who] = amount
            out[key] = good
    if "class" in value:
        table = value["class"]
        if not isinstance(table, dict):
            check.add((*path, "class"), "expected a table of player = class")
        else:
            good_classes: dict[str, list[str] | str] = {}
            for who, cls in table.items():
                labels = cls if isinstance(cls, list) else [cls]
                bad = [c for c in labels if c not in CLASS_LABELS]
                if who not in players:
                    check.add((*path, "class", who), _not_seated(who, players))
                elif bad:
                    check.add(
                        (*path, "class", who),
                        f"unknown class {bad[0]!r}{suggest(str(bad[0]), CLASS_LABELS)} "
                        f"(one of {', '.join(CLASS_LABELS)})",
                    )
                else:
                    good_classes[who] = cls
            out["class"] = good_classes
    if "banker_class" in value:
        cls = value["banker_class"]
        if cls not in CLASS_LABELS:
            check.add(
                (*path, "banker_class"), f"unknown class {cls!r}{suggest(str(cls), CLASS_LABELS)}"
            )
        else:
            out["banker_class"] = cls
    if "next_banker" in value:
        who = value["next_banker"]
        if who not in players:
            check.add((*path, "next_banker"), _not_seated(who, players))
        else:
            out["next_banker"] = who
    if "kitty" in value:
        check.add((*path, "kitty"), "the kitty belongs to Shoot Pontoon (S1)")
    return out


# playing ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Mismatch:
    """One failed expectation: where, which key, expected and actual."""

    line: int
    deal: int
    key: str
    expected: Any
    actual: Any


def play(
    scenario: Scenario,
    on_start: Callable[[Game], None],
    on_deal: Callable[[Game, Deal, BankSold | None], None],
) -> list[Mismatch]:
    """Play the scenario; report each finished deal; return every failed expectation.

    Raises IllegalAction, placed at file:line, for an illegal action, a script that runs out
    under ``strict``, or an action left over.
    """
    game_rng, players_rng = session_rngs(scenario.seed)
    game = Game(scenario.rules, scenario.table, game_rng)
    auto_punter = scenario.strategy if scenario.strategy != STRICT else None
    auto_banker = scenario.banker_strategy if scenario.banker_strategy != STRICT else None
    players = Players(
        scenario.table.seats, players_rng, auto_punter or "default", auto_banker or "default"
    )
    on_start(game)
    failures: list[Mismatch] = []
    for number in range(1, scenario.total_deals + 1):
        script = scenario.deals[number - 1] if number <= len(scenario.deals) else None
        sale = None
        if script is not None and script.sell_bank is not None:
            buyer, price, line = script.sell_bank
            try:
                sale = game.sell_bank(buyer, price)
            except IllegalAction as err:
                raise _placed(scenario, line, err, number) from None
        if script is not None and script.pack is not None:
            game.stack(script.pack)
        if not game.can_deal():
            least = scenario.table.min_stake
            raise IllegalAction(
                f"no punter can cover the minimum stake of {least}: the game cannot go on",
                "T8.6",
                deal=number,
                where=f"{scenario.file}:"
                f"{script.line if script is not None else scenario.locator.line(('deals',))}",
            )
        deal = game.start_deal()
        _play_deal(scenario, script, deal, players, auto_punter, auto_banker)
        game.finish_deal(deal)
        if script is not None:
            failures.extend(_compare(script, game, deal))
        on_deal(game, deal, sale)
    return failures


def _placed(scenario: Scenario, line: int, err: IllegalAction, deal: int) -> IllegalAction:
    return err.placed(deal, f"{scenario.file}:{line}")


def _play_deal(
    scenario: Scenario,
    script: DealScript | None,
    deal: Deal,
    players: Players,
    auto_punter: str | None,
    auto_banker: str | None,
) -> None:
    queues: dict[str, deque[Step]] = {}
    if script is not None:
        for who, steps in script.scripts.items():
            queues[who] = deque(steps)
        if deal.banker in queues and "banker" in queues:
            raise IllegalAction(
                f"{deal.banker} banks this deal: give his actions under 'banker' or his name, "
                "not both",
                "T6.1",
                deal.banker,
                None,
                deal.number,
                f"{scenario.file}:{script.line}",
            )
        if "banker" in queues:
            queues[deal.banker] = queues.pop("banker")
        if deal.banker in script.stakes:
            _, line = script.stakes[deal.banker]
            raise _placed(
                scenario,
                line,
                IllegalAction("the banker does not stake", "T4.2", deal.banker, 1),
                deal.number,
            )
        for who in deal.sitting_out:  # T8.6: no stake beyond the balance; he sits out
            if who in script.stakes:
                amount, line = script.stakes[who]
                balance = deal.balances_before[who]
                reason = (
                    f"cannot stake {amount} with a balance of {balance}: below the minimum "
                    f"stake of {deal.table.min_stake}, {who} sits this deal out"
                )
                raise _placed(scenario, line, IllegalAction(reason, "T8.6", who, 1), deal.number)
    block_line = script.line if script is not None else 1
    while deal.phase is not Phase.END:
        actor = deal.actor
        assert actor is not None
        player, hand = actor
        is_banker = deal.phase is Phase.BANKER
        auto = auto_banker if is_banker else auto_punter
        if deal.phase is Phase.STAKES:
            stake = script.stakes.get(player) if script is not None else None
            if stake is not None:
                try:
                    deal.stake(player, stake[0])
                except IllegalAction as err:
                    raise _placed(scenario, stake[1], err, deal.number) from None
                continue
        else:
            queue = queues.get(player)
            if queue:
                step = queue.popleft()
                try:
                    deal.act(player, hand, step.action, step.amount)
                except IllegalAction as err:
                    raise _placed(scenario, step.line, err, deal.number) from None
                continue
        if auto is None:
            legal = ", ".join(_legal_text(a) for a in deal.legal_actions())
            what = "stake" if deal.phase is Phase.STAKES else "action"
            raise _placed(
                scenario,
                _script_line(scenario, script, "banker" if is_banker else player, block_line),
                IllegalAction(
                    f'the script has no {what} for this decision (strategy "strict"); '
                    f"legal now: {legal}",
                    "",
                    player,
                    hand,
                ),
                deal.number,
            )
        players.decide(deal)
    for who, queue in queues.items():
        if queue:
            step = queue[0]
            raise _placed(
                scenario,
                step.line,
                IllegalAction(
                    f"action {step.text!r} is left over: {who}'s hands are finished",
                    "T6.2" if who == deal.banker else "T5",
                    who,
                    None,
                ),
                deal.number,
            )


def _script_line(scenario: Scenario, script: DealScript | None, who: str, default: int) -> int:
    if script is None:
        return default
    path: Path_ = ("deal", script.number - 1, who)
    return scenario.locator.index.get(path, default)


def _legal_text(action: Any) -> str:
    if action.low is None:
        return str(action.action)
    if action.low == action.high:
        return f"{action.action} {action.low}"
    return f"{action.action} {action.low}-{action.high}"


def _compare(script: DealScript, game: Game, deal: Deal) -> Iterator[Mismatch]:
    expect = script.expect
    line = script.expect_line or script.line
    n = deal.number
    for who, amount in expect.get("net", {}).items():
        actual = deal.nets.get(who, 0)
        if actual != amount:
            yield Mismatch(line, n, f"net.{who}", amount, actual)
    for who, amount in expect.get("balance", {}).items():
        if game.balances[who] != amount:
            yield Mismatch(line, n, f"balance.{who}", amount, game.balances[who])
    for who, cls in expect.get("class", {}).items():
        actual_classes = [h.hand_class.label for h in deal.hands.get(who, [])]
        if who == deal.banker:
            actual_classes = [deal.banker_hand.hand_class.label]
        wanted = cls if isinstance(cls, list) else [cls]
        if actual_classes != wanted:
            shown: Any = (
                actual_classes
                if isinstance(cls, list) or len(actual_classes) != 1
                else actual_classes[0]
            )
            yield Mismatch(line, n, f"class.{who}", cls, shown if actual_classes else "no hand")
    if "banker_class" in expect:
        label = deal.banker_hand.hand_class.label
        if label != expect["banker_class"]:
            yield Mismatch(line, n, "banker_class", expect["banker_class"], label)
    if "next_banker" in expect and deal.next_banker != expect["next_banker"]:
        yield Mismatch(line, n, "next_banker", expect["next_banker"], deal.next_banker)


def describe_failures(file: str, failures: list[Mismatch]) -> str:
    """Expected and actual side by side, one line per failed key."""
    rows = [
        (f"{file}:{m.line}", f"deal {m.deal}", m.key, _show(m.expected), _show(m.actual))
        for m in failures
    ]
    head = ("where", "deal", "key", "expected", "actual")
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(5)]
    lines = [
        "  ".join(cell.ljust(w) for cell, w in zip(r, widths, strict=True)).rstrip()
        for r in [head, *rows]
    ]
    return "\n".join(lines)


def _show(value: Any) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(str(v) for v in value) + "]"
    return str(value)
