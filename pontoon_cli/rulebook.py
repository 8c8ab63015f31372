"""The rules text shipped in the package (``rulebook.md``, a copy of docs/rules.md), by rule ID.

``pontoon rules T5.4`` prints one rule, ``pontoon rules T5`` a whole section, ``pontoon rules V7``
an option: the ID in any message can be looked up from the shell. docs/rules.md is the one text
people edit; ``make rulebook`` copies it into the package, and a test fails when the two differ.

Rule IDs are a letter (T traditional, V option, S Shoot Pontoon, C casino) and a number, with a
second number for a rule inside a T section. No preset name may look like one (``is_rule_id``), so
``pontoon rules NAME`` is never ambiguous.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from importlib import resources
from typing import Final

from pontoon_cli.core.errors import RulesError

#: A rule ID anywhere in a text: T5.4, T5, V7, S2, C10.
RULE_ID: Final = re.compile(r"\b[TVSC]\d+(?:\.\d+)?\b")
_WHOLE_ID: Final = re.compile(r"([TVSC])(\d+)(?:\.(\d+))?", re.IGNORECASE)
_SECTION: Final = re.compile(r"^### ([TVSC]\d+) (.+)$")
_PART: Final = re.compile(r"^## (?:[TVSC] — )?(.+)$")
_ITEM: Final = re.compile(r"^- \*\*([TVSC]\d+(?:\.\d+)?)\*\* ?(.*)$")
RESOURCE: Final = "rulebook.md"


@dataclass(frozen=True, slots=True)
class Rule:
    """One entry of the rules text: a rule, an option, or a whole section (``T5``)."""

    id: str
    title: str  # the section's title; for a rule, its section's; for an option, its part's
    text: str  # plain text as printed by ``pontoon rules ID``

    def to_dict(self) -> dict[str, str]:
        return {"id": self.id, "title": self.title, "text": self.text}


def is_rule_id(word: str) -> bool:
    """True when ``word`` has the shape of a rule ID (any case): T5.4, t5, V7, S10."""
    return _WHOLE_ID.fullmatch(word) is not None


def document() -> str:
    """The rules text shipped in the package."""
    return resources.files("pontoon_cli").joinpath(RESOURCE).read_text(encoding="utf-8")


def parse(text: str) -> dict[str, Rule]:
    """Every rule, option and section of a rules text, by ID, in the order of the text."""
    rules: dict[str, Rule] = {}
    section: tuple[str, str, list[str]] | None = None  # (ID, title, its lines)
    item: tuple[str, list[str]] | None = None
    part = ""  # the title of the part (## heading) an option stands in

    def close_item() -> None:
        nonlocal item
        if item is not None:
            title = section[1] if section is not None else part
            rules[item[0]] = Rule(item[0], title, _plain(item[1]))
            item = None

    def close_section() -> None:
        nonlocal section
        close_item()
        if section is not None:
            ident, title, lines = section
            while lines and not lines[0].strip():
                del lines[0]
            rules[ident] = Rule(ident, title, _plain([f"{ident} {title}", "", *lines]))
            section = None

    for line in text.splitlines():
        heading = _PART.match(line)
        if heading:
            close_section()
            part = heading[1]
            continue
        heading = _SECTION.match(line)
        if heading:
            close_section()
            section = (heading[1], heading[2], [])
            continue
        if section is not None:
            section[2].append(line)
        found = _ITEM.match(line)
        if found:
            close_item()
            item = (found[1], [f"{found[1]} {found[2]}"])
        elif item is not None:
            if line and not line.startswith(" "):
                close_item()
            else:
                item[1].append(line)
    close_section()
    close_item()
    return rules


def _plain(lines: list[str]) -> str:
    """Markdown as a terminal shows it: no bold markers, list items kept, no trailing blanks."""
    text = "\n".join(line.rstrip() for line in lines).rstrip()
    # Bold is **words**, never the power in 2**53: its markers stand outside a word.
    return re.sub(r"(?<![\w*])\*\*(?=\S)(.+?)(?<=\S)\*\*(?![\w*])", r"\1", text, flags=re.DOTALL)


@functools.cache
def rules() -> dict[str, Rule]:
    """The shipped rules text, parsed once."""
    return parse(document())


def lookup(word: str) -> Rule:
    """The rule, option or section called ``word`` (any case). Raises RulesError naming the
    nearest ID when there is no such rule."""
    known = rules()
    ident = word.upper()
    if ident in known:
        return known[ident]
    raise RulesError(f"unknown rule ID {word!r}{_nearest(ident, known)} ({_ranges(known)})")


def _key(ident: str) -> tuple[str, int, int]:
    found = _WHOLE_ID.fullmatch(ident)
    if found is None:
        return ("", 0, 0)
    return (found[1].upper(), int(found[2]), int(found[3]) if found[3] else 0)


def _nearest(ident: str, known: dict[str, Rule]) -> str:
    """``"; did you mean 'T5.8'?"``: the ID of the same letter nearest by its numbers."""
    letter, major, minor = _key(ident)
    same = [k for k in known if _key(k)[0] == letter]
    if not same:
        return ""

    def distance(candidate: str) -> tuple[int, int, int]:
        _, c_major, c_minor = _key(candidate)
        # a rule for a rule, a section for a section, before the other kind
        depth = ("." in candidate) != ("." in ident)
        return (abs(c_major - major), int(depth), abs(c_minor - minor))

    return f"; did you mean {min(same, key=distance)!r}?"


def _ranges(known: dict[str, Rule]) -> str:
    """``"rule IDs: T1-T8 the game, V1-V9 its options, ..."`` for an error message."""
    parts = []
    for letter, what in _PARTS:
        top = sorted((k for k in known if k[0] == letter and "." not in k), key=_key)
        if top:
            parts.append(f"{top[0]}-{top[-1]} {what}")
    return "rule IDs: " + ", ".join(parts)


_PARTS: Final = (
    ("T", "the game"),
    ("V", "its options"),
    ("S", "Shoot Pontoon"),
    ("C", "casino Pontoon"),
)
