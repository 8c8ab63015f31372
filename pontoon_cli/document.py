"""Reading scenario and rules files: TOML or JSON, with the line of every key.

:func:`read_document` parses a file into plain data and a :class:`Locator` that finds the line of
any key path, so every problem can be reported as file:line. A :class:`Problem` is one such report.
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pontoon_cli.errors import ScenarioError
from pontoon_cli.rules import suggest

Path_ = tuple[str | int, ...]


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


# collecting problems -------------------------------------------------------------------------


class Checker:
    """Collects problems while reading one file, each placed at its key's line."""

    def __init__(self, file: str, locator: Locator) -> None:
        self.file = file
        self.locator = locator
        self.problems: list[Problem] = []

    def add(self, path: Path_, message: str) -> None:
        self.problems.append(Problem(self.file, self.locator.line(path), key_text(path), message))

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
            self.add((*path, key), f"expected {what}, got {kind_of(value)} {value!r}")
            return None
        return value


def not_seated(who: object, players: list[str]) -> str:
    """``'zed' is not at the table; did you mean 'zac'?``"""
    return f"{who!r} is not at the table{suggest(str(who), players)}"


def key_text(path: Path_) -> str:
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part + 1}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def kind_of(value: object) -> str:
    return {
        bool: "a boolean",
        int: "a whole number",
        float: "a number",
        str: "a string",
        list: "a list",
        dict: "a table",
    }.get(type(value), type(value).__name__)
