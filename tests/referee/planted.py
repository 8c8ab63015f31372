"""The planted bugs the scorecard runs: which engine, on what table, for how many deals (enough
that each bug fires a few dozen times), and the clean games that must replay without a line."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from referee.casino import Casino
from referee.common import Run
from referee.shoot import Shoot
from referee.traditional import Traditional

SEATS = ["p1", "p2", "p3", "p4", "p5"]
CASINO_SEATS = ["p1", "p2", "p3"]


@dataclass(frozen=True)
class Planted:
    bug: str
    game: str
    rule: str
    deals: int
    what: str


PLANTED = (
    Planted("split-tie-to-punter", "traditional", "T2.6", 1500, "a split hand's tie paid to him"),
    Planted("stick-on-14", "traditional", "T5.5", 200, "a stick allowed on 14"),
    Planted("soft-21-stops", "traditional", "T5.8", 1200, "a soft 21 stopped like a hard 21"),
    Planted("banker-pontoon-single", "traditional", "T4.4", 1200, "the banker's pontoon: 1 x"),
    Planted("pack-seat-order", "traditional", "T8.1", 200, "cards under the pack in seat order"),
    Planted("shoot-on-4th-card", "shoot", "S4", 1000, "a shoot bet on the fourth card"),
    Planted("shoot-over-kitty", "shoot", "S2", 600, "a shoot bet beyond the kitty's limit"),
    Planted("dealer-hits-soft-17", "casino", "C9", 3000, "the dealer hits soft 17 (rules: stand)"),
    Planted("double-on-5-cards", "casino", "C7", 1200, "a double allowed on five cards"),
)
BY_NAME = {p.bug: p for p in PLANTED}


@cache
def run(bug: str) -> Run:
    """The game the bug's engine plays, with the bug switched on (one per process)."""
    planted = BY_NAME[bug]
    return play(planted.game, planted.deals, (bug,))


@cache
def clean(game: str, deals: int, seed: int = 3) -> Run:
    return play(game, deals, (), seed)


def play(game: str, deals: int, bugs: tuple[str, ...], seed: int = 3) -> Run:
    if game == "casino":
        stands = "dealer-hits-soft-17" in bugs  # the header says he stands on a soft 17
        return Casino(CASINO_SEATS, bugs=bugs, seed=seed, hits_soft_17=not stands).play(deals)
    engine = Shoot if game == "shoot" else Traditional
    return engine(SEATS, bugs=bugs, seed=seed).play(deals)
