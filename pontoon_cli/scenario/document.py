"""Reading scenario and rules files: TOML or JSON, with the line of every key.

:func:`read_document` parses a file into plain data and a :class:`Locator` that finds the line of
any key path, so every problem can be reported as file:line. A :class:`Problem` is one such report.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pontoon_cli.core.errors import ScenarioError
from pontoon_cli.core.limits import (
    MAX_DOCUMENT_BYTES,
    MAX_DOCUMENT_DEPTH,
    MAX_SAFE_INT,
    int_problem,
    name_problem,
    shown,
)
from pontoon_cli.core.rules import suggest

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


def _index_json(text: str) -> tuple[dict[Path_, int], tuple[int, str] | None]:
    """Line of every key in a JSON text already known to parse, and the (line, key) of the first
    key that an object holds twice (JSON keeps the last; another reader might keep the first)."""
    index: dict[Path_, int] = {}
    duplicate: tuple[int, str] | None = None
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
                path = tuple(e[1] for e in stack)  # one object, one path from the top
                if path in index and duplicate is None:
                    duplicate = (line, stack[-1][1])
                index.setdefault(path, line)
            i = j
        elif ch in "{[":
            stack.append(["obj", None] if ch == "{" else ["arr", 0])
        elif ch in "}]":
            stack.pop()
        elif ch == "," and stack and stack[-1][0] == "arr":
            stack[-1][1] += 1
        i += 1
    return index, duplicate


# reading: bounded, one pass to index and to measure, then the parser ---------------------------

_BOM = b"\xef\xbb\xbf"
# What a scan stops at outside strings: quotes, comments, brackets, key dots and separators, and
# whole words (a number's length is measured). Each search is linear; nothing backtracks.
_TOKEN = re.compile(r"[\"'#\[\]{}.=,\n]|[A-Za-z0-9_+\-]+")
_BASIC_END = re.compile(r'\\.|"|\n', re.DOTALL)  # in a one-line "string": escape, end, newline
_BASIC_ML_END = re.compile(r'\\.|"""', re.DOTALL)  # in a """multi-line""" one: escape or end
_LITERAL_END = re.compile(r"'|\n")  # in a one-line 'literal': end or newline
_BARE_KEY = re.compile(r"[A-Za-z0-9_\-]+")
_ML_LITERAL = "'" * 3


def read_document(path: Path) -> tuple[dict[str, Any], Locator]:
    """Parse a TOML or JSON file. Raises ScenarioError with file:line for anything unreadable.

    At most ``MAX_DOCUMENT_BYTES`` are read, from a regular file, a FIFO or a device alike; a
    UTF-8 byte-order mark at the start is dropped (line numbers are unchanged; CRLF works).
    Nesting deeper than ``MAX_DOCUMENT_DEPTH`` is refused before the parser sees it, so no input
    makes it recurse without end; finding the line of each key is linear in the text.
    """
    name = str(path)
    text = _read_text(path, name)
    is_json = path.suffix.lower() == ".json" or text.lstrip().startswith("{")
    scan = _Scan(text, json_text=is_json)
    if scan.too_deep is not None:
        raise ScenarioError(f"{name}:{scan.too_deep}: {_TOO_DEEP}")
    try:
        data = json.loads(text) if is_json else tomllib.loads(text)
    except json.JSONDecodeError as err:
        raise ScenarioError(
            f"{name}:{err.lineno}: malformed JSON: {err.msg} (column {err.colno})"
        ) from None
    except tomllib.TOMLDecodeError as err:
        message = str(err)
        found = re.search(r"\(at line (\d+), column (\d+)\)", message)
        line = found.group(1) if found else "1"
        reason = re.sub(r"\s*\(at (line \d+, column \d+|end of document)\)", "", message)
        raise ScenarioError(f"{name}:{line}: malformed TOML: {reason}") from None
    except ValueError as err:  # Python refuses to convert an integer of thousands of digits
        length, line = scan.longest_number
        if length <= len(str(MAX_SAFE_INT)):  # not that: say what the parser said
            raise ScenarioError(f"{name}: cannot read: {shown(str(err))}") from None
        raise ScenarioError(
            f"{name}:{line}: a number of {length} characters, too long to read "
            "(whole numbers stay within ±(2**53 - 1))"
        ) from None
    if not isinstance(data, dict):
        raise ScenarioError(f"{name}:1: expected a JSON object at the top level")
    index = scan.index
    if is_json:
        index, duplicate = _index_json(text)
        if duplicate is not None:
            raise ScenarioError(
                f"{name}:{duplicate[0]}: duplicate key {shown(duplicate[1])}: "
                "an object holds each key once"
            )
    locator = Locator(index)
    deep = _too_deep(data)
    if deep is not None:
        raise ScenarioError(f"{name}:{locator.line(deep)}: {_TOO_DEEP}")
    return data, locator


_TOO_DEEP = (
    f"nested deeper than {MAX_DOCUMENT_DEPTH} levels, the most a scenario or rules file may hold"
)


def _read_text(path: Path, name: str) -> str:
    """The file's text, read with the size bound whatever kind of file it is."""
    try:
        with path.open("rb") as stream:
            raw = stream.read(MAX_DOCUMENT_BYTES + 1)
    except FileNotFoundError:
        raise ScenarioError(f"{name}: no such file") from None
    except IsADirectoryError:
        raise ScenarioError(f"{name}: is a directory, expected a TOML or JSON file") from None
    except OSError as err:  # e.g. a symlink loop: "too many levels of symbolic links"
        reason = err.strerror or str(err)
        raise ScenarioError(f"{name}: cannot read: {reason[:1].lower()}{reason[1:]}") from None
    if len(raw) > MAX_DOCUMENT_BYTES:
        raise ScenarioError(
            f"{name}: larger than {MAX_DOCUMENT_BYTES} bytes, the most a scenario or rules file "
            "may hold"
        )
    raw = raw.removeprefix(_BOM)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        line = raw.count(b"\n", 0, err.start) + 1
        raise ScenarioError(f"{name}:{line}: not UTF-8 text ({err.reason})") from None


def _too_deep(data: dict[str, Any]) -> Path_ | None:
    """The path of a table or list nested deeper than MAX_DOCUMENT_DEPTH (the top is 1), or None.

    Iterative, so it cannot recurse; the scan before parsing has already bounded the depth.
    """
    stack: list[tuple[Any, Path_]] = [(data, ())]
    while stack:
        value, path = stack.pop()
        if len(path) >= MAX_DOCUMENT_DEPTH:
            return path
        items = value.items() if isinstance(value, dict) else enumerate(value)
        stack.extend((v, (*path, k)) for k, v in items if isinstance(v, (dict, list)))
    return None


class _Scan:
    """One linear pass over a document's text, before it is parsed.

    It finds nesting deeper than MAX_DOCUMENT_DEPTH (brackets, or the parts of one dotted TOML
    key), and the longest number, skipping strings and comments. For TOML it also records the
    line of every table header and of every key that starts a line (``index``): a line inside a
    multi-line string or a multi-line array is never taken for a key.
    """

    def __init__(self, text: str, *, json_text: bool) -> None:
        self.text = text
        self.json = json_text
        self.too_deep: int | None = None  # the line where nesting passes the limit
        self.longest_number = (0, -1)  # (characters, line)
        self.index: dict[Path_, int] = {}
        self._arrays: dict[Path_, int] = {}
        self._table: Path_ = ()
        self._run()

    def _run(self) -> None:
        text = self.text
        line, depth, dots, pos = 1, 0, 0, 0
        if not self.json:
            self._statement(0, 1)
        while token := _TOKEN.search(text, pos):
            start, pos = token.span()
            word = token.group()
            if word == "\n":
                line += 1
                dots = 0
                if depth == 0 and not self.json:
                    self._statement(pos, line)
            elif word == '"' or (word == "'" and not self.json):
                pos = self._string_end(start)
                line += text.count("\n", start, pos)
            elif word == "#" and not self.json:
                newline = text.find("\n", pos)
                pos = len(text) if newline < 0 else newline
            elif word in ("[", "{"):
                depth += 1
                dots = 0
            elif word in ("]", "}"):
                depth = max(depth - 1, 0)
                dots = 0
            elif word in ("=", ","):
                dots = 0
            elif word == ".":
                dots += 1  # a dotted key nests one table per dot
            elif word[0].isdigit() or (word[0] in "+-" and word[1:2].isdigit()):
                self.longest_number = max(self.longest_number, (len(word), -line))
            if depth + dots > MAX_DOCUMENT_DEPTH - 1:  # the top level is the first
                self.too_deep = line
                return
        self.longest_number = (self.longest_number[0], -self.longest_number[1])

    def _string_end(self, start: int) -> int:
        """The position after the string that starts at ``start``, or where an unended one stops."""
        text = self.text
        quote = text[start]
        if text.startswith(quote * 3, start):  # multi-line; up to two more quotes belong to it
            if quote == '"':
                pos = start + 3
                while (found := _BASIC_ML_END.search(text, pos)) and found.group() != '"""':
                    pos = found.end()
                end = found.end() if found else len(text)
            else:
                close = text.find(_ML_LITERAL, start + 3)
                end = len(text) if close < 0 else close + 3
            for _ in range(2):
                if text.startswith(quote, end):
                    end += 1
            return end
        pattern = _BASIC_END if quote == '"' else _LITERAL_END
        pos = start + 1
        while found := pattern.search(text, pos):
            if found.group() == quote:
                return found.end()
            if found.group() == "\n":
                return found.start()
            pos = found.end()
        return len(text)

    # the TOML index ----------------------------------------------------------------------------

    def _statement(self, pos: int, line: int) -> None:
        """Index the header or key at the start of a line (outside strings and arrays)."""
        text = self.text
        pos = _skip_blanks(text, pos)
        if text.startswith("[", pos):
            array = text.startswith("[[", pos)
            parts, pos = self._key(pos + (2 if array else 1))
            close = "]]" if array else "]"
            if parts is None or not text.startswith(close, _skip_blanks(text, pos)):
                return
            if array:
                self._arrays[parts] = self._arrays.get(parts, -1) + 1
                self._table = (*parts, self._arrays[parts])
            else:
                # [deal.expect] inside an array of tables belongs to the array's last element
                prefix: Path_ = ()
                for part in parts:
                    prefix = (*prefix, part)
                    if prefix in self._arrays:
                        prefix = (*prefix, self._arrays[prefix])
                self._table = prefix
            self.index.setdefault(self._table, line)
            return
        parts, pos = self._key(pos)
        if parts is not None and text.startswith("=", _skip_blanks(text, pos)):
            self.index.setdefault((*self._table, *parts), line)

    def _key(self, pos: int) -> tuple[Path_ | None, int]:
        """A dotted key's parts (bare, "basic" or 'literal') and the position after it."""
        text = self.text
        parts: list[str] = []
        while len(parts) < MAX_DOCUMENT_DEPTH:
            pos = _skip_blanks(text, pos)
            bare = _BARE_KEY.match(text, pos)
            if bare:
                parts.append(bare.group())
                pos = bare.end()
            elif text.startswith(('"', "'"), pos) and not text.startswith(
                ('"""', _ML_LITERAL), pos
            ):
                end = self._string_end(pos)
                raw = text[pos:end]
                if len(raw) < 2 or raw[-1] != raw[0]:
                    return None, pos
                parts.append(_key_string(raw))
                pos = end
            else:
                return None, pos
            after = _skip_blanks(text, pos)
            if not text.startswith(".", after):
                return tuple(parts), pos
            pos = after + 1
        return None, pos


def _skip_blanks(text: str, pos: int) -> int:
    while text.startswith((" ", "\t"), pos):
        pos += 1
    return pos


def _key_string(raw: str) -> str:
    """The text of a quoted TOML key: a 'literal' as it stands, a "basic" one unescaped."""
    if raw[0] == "'":
        return raw[1:-1]
    try:
        value = json.loads(raw)  # TOML's basic escapes are JSON's (bar \e and \xHH, TOML 1.1)
    except ValueError:
        return raw[1:-1]
    return value if isinstance(value, str) else raw[1:-1]


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
            self.add((*path, key), f"expected {what}, got {kind_of(value)} {shown(value)}")
            return None
        return value

    def whole(self, value: Any, path: Path_, *, least: int = -MAX_SAFE_INT) -> int | None:
        """``value`` when it is a whole number from ``least`` to 2**53 - 1, else a problem."""
        if type(value) is not int:
            self.add(path, f"expected a whole number, got {kind_of(value)} {shown(value)}")
            return None
        problem = int_problem(value, "", least=least)
        if problem is not None:
            self.add(path, problem.strip())
            return None
        return value

    def name(self, value: Any, path: Path_) -> bool:
        """True when ``value`` can be a player's name; else a problem, the name shown escaped."""
        problem = name_problem(value)
        if problem is not None:
            self.add(path, problem)
        return problem is None


def not_seated(who: object, players: Collection[str]) -> str:
    """``'zed' is not at the table; did you mean 'zac'?``"""
    return f"{shown(who)} is not at the table{suggest(str(who), players)}"


def key_text(path: Path_) -> str:
    """``deal[1].stakes.bob``; a key that is not a clean name is shown escaped, e.g. 'a\\nb'."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part + 1}]"
        else:
            text = part if name_problem(part) is None and "." not in part else shown(part)
            out += f".{text}" if out else text
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
