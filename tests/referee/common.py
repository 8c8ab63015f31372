"""What the referee's engines share: cards and their totals (T1, T2), the trace of a planted bug,
and the two forms of the log (docs/log-format.md: the full record and the minimal form).

Written from docs/rules.md and docs/log-format.md alone: nothing here imports pontoon_cli.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

RANKS = "A23456789TJQK"
SUITS = "CDHS"
TENS = "TJQK"
FORMS = ("minimal", "full")


def new_pack(packs: int = 1) -> list[str]:
    """``packs`` 52-card packs (T1.1), in a fixed order; the engines shuffle it."""
    return [r + s for _ in range(packs) for s in SUITS for r in RANKS]


def value(card: str) -> int:
    """T1.2: 2-9 their number, a ten-card 10, an ace 1 (its 11 is the soft total's)."""
    rank = card[0]
    return 1 if rank == "A" else 10 if rank in TENS else int(rank)


def low(cards: list[str]) -> int:
    """The lowest total, every ace counted 1 (T1.3)."""
    return sum(value(c) for c in cards)


def best(cards: list[str]) -> int:
    """The highest total not over 21 (T1.3); the lowest one when bust."""
    total = low(cards)
    return total + 10 if soft(cards) else total


def soft(cards: list[str]) -> bool:
    """An ace counts 11 without the hand going over 21."""
    return any(c[0] == "A" for c in cards) and low(cards) + 10 <= 21


def is_pontoon(cards: list[str]) -> bool:
    """T2.1: two cards, an ace with a ten-card."""
    if len(cards) != 2:
        return False
    a, b = cards[0][0], cards[1][0]
    return (a == "A" and b in TENS) or (b == "A" and a in TENS)


def hand_class(cards: list[str]) -> str:
    """T2 (and C2): the hand's class as the log writes it."""
    if low(cards) > 21:
        return "bust"
    if is_pontoon(cards):
        return "pontoon"
    if len(cards) >= 5:
        return "five-card-trick"
    return "twenty-one" if best(cards) == 21 else "total"


def show(cards: list[str]) -> str:
    return " ".join(cards)


@dataclass(frozen=True)
class Site:
    """Where a replay line should point at a planted error: the deal, whose (None: anybody's,
    for a pack that is nobody's) and the rule it breaks."""

    deal: int
    player: str | None
    hand: int | None
    rule: str


@dataclass
class Fire:
    """A planted bug firing once: the deal it fired in, and where each form of the log shows it
    (no site for a form: that form's log does not show it)."""

    bug: str
    deal: int
    sites: dict[str, list[Site]] = field(default_factory=dict)

    def at(self, form: str, *sites: Site) -> Fire:
        self.sites.setdefault(form, []).extend(sites)
        return self

    def everywhere(self, *sites: Site) -> Fire:
        for form in FORMS:
            self.at(form, *sites)
        return self


#: The fields of the minimal form (docs/log-format.md, "The minimal form a third party writes").
MINIMAL_HEADER = ("type", "format", "rules", "table")
MINIMAL_DEAL = ("type", "deal", "pack", "decisions", "net")


def minimal_header(header: dict[str, Any], preset: str, settings: dict[str, Any]) -> dict[str, Any]:
    """The header a third party writes: only the preset and the settings that differ from it;
    a casino table without ``banker``."""
    out = {k: header[k] for k in MINIMAL_HEADER}
    out["rules"] = {"preset": preset, **settings}
    if preset == "casino":
        out["table"] = {k: v for k, v in header["table"].items() if k != "banker"}
    return out


def minimal_deal(record: dict[str, Any]) -> dict[str, Any]:
    """A deal's minimal record: the split's and the double's amounts are derived, so left out."""
    out = {k: record[k] for k in MINIMAL_DEAL}
    out["decisions"] = [
        {k: v for k, v in d.items() if k != "amount" or d["action"] not in ("split", "double")}
        for d in record["decisions"]
    ]
    return out


def lines(records: list[dict[str, Any]]) -> list[bytes]:
    return [(json.dumps(r, separators=(",", ":")) + "\n").encode() for r in records]


@dataclass
class Run:
    """A game the engine played: both forms of its log, and where its planted bugs fired."""

    logs: dict[str, list[bytes]]
    fires: list[Fire]
    deals: int
