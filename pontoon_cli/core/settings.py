"""A rule setting: how it is declared, checked and written; and the "did you mean" of a name.

Each setting of :class:`~pontoon_cli.core.ruleset.Rules` is a field made by :func:`setting`: its
default, the rule IDs it implements, its help, its choices and the presets it belongs to. Its value
is checked by :func:`setting_problem` and written as a user writes it by :func:`setting_text`.
"""

from __future__ import annotations

import difflib
from collections.abc import Sized
from dataclasses import Field, field
from typing import Any, Final

from pontoon_cli.core.limits import shown


def setting(
    default: Any,
    rules: str,
    help: str,
    choices: tuple[Any, ...] = (),
    presets: tuple[str, ...] = (),
) -> Any:
    """A rule setting; ``presets`` names the only presets it belongs to (empty: every preset)."""
    return field(
        default=default,
        metadata={"rules": rules, "help": help, "choices": choices, "presets": presets},
    )


def setting_text(value: object) -> str:
    """A setting's value as a user writes it in ``--set`` or a rules file: ``true``, ``null``,
    ``16``, ``ten-is-21``."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


#: A setting's type in a message's words.
_KINDS: Final[dict[type, str]] = {
    int: "a whole number",
    bool: "true or false",
    str: "a word",
}


def setting_problem(f: Field[Any], value: object) -> str | None:
    """Why ``value`` cannot be the setting ``f`` (its type, then its choices), or None."""
    expected = type(f.default) if f.default is not None else int
    if f.default is None and value is None:  # packs, burn_on: null is a choice of their own
        return None
    if type(value) is not expected:
        return (
            f"rule setting {f.name!r}: {shown(value)} is not {_KINDS[expected]} "
            f"({f.metadata['rules']})"
        )
    choices = f.metadata["choices"]
    if choices and value not in choices:
        allowed = ", ".join("null" if c is None else str(c) for c in choices)
        return (
            f"rule setting {f.name!r}: {shown(value)} is not one of {allowed} "
            f"({f.metadata['rules']})"
        )
    return None


def in_preset(f: Field[Any], preset: str) -> bool:
    """True when the setting ``f`` belongs to ``preset`` (it names no presets, or that one)."""
    presets = f.metadata["presets"]
    return not presets or preset in presets


#: The most candidates a "did you mean" hint searches.
_SUGGEST_AMONG: Final = 1000


def suggest(word: str, candidates: Any) -> str:
    """``"; did you mean 'x'?"`` for the nearest candidate when it is close (most letters in
    common, in order: ``casnio``, ``bbo``; or a part of it: ``trad``, ``mimic``), else an empty
    string (``foo`` is not ``shoot``)."""
    if isinstance(candidates, Sized) and len(candidates) > _SUGGEST_AMONG:
        return ""  # each look-up is linear: a huge table gets no hints
    known = [str(c) for c in candidates]
    text = str(word)
    close = difflib.get_close_matches(text, known, n=1, cutoff=0.6)
    if not close and len(text) >= 3:
        close = [k for k in known if text.lower() in k.lower()][:1]
    return f"; did you mean {close[0]!r}?" if close else ""
