"""The JSON of a log record itself: a duplicate key, or an integer beyond I-JSON's range.

orjson, which reads each line first, keeps the last of two equal keys (another reader may keep
the first) and reads integers up to 64 bits; a log holds neither (docs/reference/output.md,
"Limits"). :func:`strict_problem` finds the first of either, at any depth, in time linear in the
record; replay and the views ask it only of a record whose bytes are not exactly what the log
writer gives.
"""

from __future__ import annotations

import json
from typing import Any

import orjson

from pontoon_cli.core.limits import MAX_SAFE_INT, int_problem
from pontoon_cli.logformat.check import key_text


class _Object:
    """A JSON object as the list of its (key, value) pairs, duplicates kept.

    It holds the list rather than subclassing it: mypyc compiles no subclass of a builtin.
    """

    __slots__ = ("pairs",)

    def __init__(self, pairs: list[tuple[str, Any]]) -> None:
        self.pairs = pairs


class _BigInt:
    """An integer literal beyond ±(2**53 − 1), kept as its text."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


def _parse_int(text: str) -> int | _BigInt:
    if len(text) > 17:  # past 2**53's 16 digits and a sign: never converted (4300-digit limit)
        return _BigInt(text)
    value = int(text)
    return value if -MAX_SAFE_INT <= value <= MAX_SAFE_INT else _BigInt(text)


def strict_problem(raw: bytes) -> tuple[str, str] | None:
    """The first duplicate key or out-of-range integer of a JSON record, at any depth, as
    (field, message); None when there is neither. Linear in the record's length."""
    try:
        tree = json.loads(raw, object_pairs_hook=_Object, parse_int=_parse_int)
    except RecursionError:
        return "", "nested too deeply to be a log record"
    except ValueError:  # orjson read it; what json refuses (a lone surrogate) is left to it
        return None
    stack: list[tuple[str, Any]] = [("", tree)]
    while stack:
        path, node = stack.pop()
        kind = type(node)
        if kind is _Object:
            seen: set[str] = set()
            children = []
            for key, value in node.pairs:
                where = f"{path}.{key_text(key)}" if path else key_text(key)
                if key in seen:
                    return where, (
                        f"the key {orjson.dumps(key).decode()} appears twice in one object: "
                        "a log record has each key once (JSON readers disagree on which wins)"
                    )
                seen.add(key)
                children.append((where, value))
            stack.extend(reversed(children))
        elif kind is list:
            stack.extend(reversed([(f"{path}[{i}]", v) for i, v in enumerate(node)]))
        elif kind is _BigInt:
            text = node.text
            digits = len(text.lstrip("-"))
            if digits <= 40:
                problem = int_problem(int(text), "an integer in a log", least=-MAX_SAFE_INT)
            else:
                problem = f"an integer in a log must be within ±(2**53 - 1), got {digits} digits"
            return path, f"{problem}: the range every JSON reader keeps exactly (I-JSON)"
    return None
