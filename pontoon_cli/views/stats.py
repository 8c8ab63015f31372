"""``pontoon stats``: a log's figures, aggregated as it streams by.

Nothing grows with the log's length: every figure is a running count or sum (standard errors
from running sums of squares, all integers, so exact until the last division), and each player's
bankroll over time is kept as at most :data:`BUCKETS` buckets of (low, high, last) that merge in
pairs, doubling the deals a bucket covers, when they run out (:class:`Series`).

The figures (docs/how-to/read-logs.md, and ``--json`` as :meth:`Stats.to_dict`):

- per player: deals played (staked or banked), punter hands, banks held, the total net and the
  mean net per deal with its standard error, hands won/lost/tied (a hand's ``net`` above, below
  or at 0), hand classes, busts, splits, buys, burns, shoot bets (count and money);
- for the table: the banker's gain per punter hand (−``net`` of each hand) with its standard
  error, the same per unit staked (a ratio estimate, its standard error by the delta method), the
  banker's hand classes, how long each bank lasted (in deals), and pontoons per 100 deals (every
  pontoon: punters' and the banker's, royal pontoons among them).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Final, TypeVar

from pontoon_cli.core.errors import PontoonError
from pontoon_cli.core.rules import Rules
from pontoon_cli.games import RecordShape
from pontoon_cli.log.reader import At, LogVisitor
from pontoon_cli.views.shape import GameTrack, shape_of

BUCKETS: Final = 64  # points kept per player's bankroll series, whatever the log's length
PONTOONS: Final = ("pontoon", "royal-pontoon")


def mean_and_se(n: int, total: int, squares: int) -> tuple[float | None, float | None]:
    """The mean of ``n`` integers from their sum and sum of squares, and its standard error
    (the sample standard deviation over √n); None where ``n`` is too small."""
    if n == 0:
        return None, None
    mean = total / n
    if n < 2:
        return mean, None
    spread = squares * n - total * total  # n² × the population variance: an exact integer
    return mean, math.sqrt(max(spread, 0) / (n * n * (n - 1)))


def ratio_and_se(
    n: int, xs: int, ys: int, xx: int, yy: int, xy: int
) -> tuple[float | None, float | None]:
    """Σx / Σy over ``n`` pairs and its standard error by the delta method:
    √(Σ(x − R·y)² / (n(n − 1))) / ȳ, where Σ(x − R·y)² = Σx² − 2RΣxy + R²Σy²."""
    if n == 0 or ys == 0:
        return None, None
    r = xs / ys
    if n < 2:
        return r, None
    residual = xx - 2 * r * xy + r * r * yy
    return r, math.sqrt(max(residual, 0.0) / (n * (n - 1))) / (ys / n)


class Series:
    """A bankroll over time in bounded memory: up to :data:`BUCKETS` buckets, each the lowest,
    highest and last balance of ``width`` consecutive deals; when full, neighbours merge and the
    width doubles."""

    def __init__(self, start: int, first: int) -> None:
        self.start = start  # the number (across the logs read) of the deal the series starts at
        self.width = 1
        self.buckets: list[list[int]] = [[first, first, first]]
        self.filled = 1  # points in the last bucket

    def add(self, value: int) -> None:
        last = self.buckets[-1]
        if self.filled < self.width:
            self.filled += 1
            last[0] = min(last[0], value)
            last[1] = max(last[1], value)
            last[2] = value
            return
        if len(self.buckets) == BUCKETS:
            merged = []
            for i in range(0, BUCKETS, 2):
                a, b = self.buckets[i], self.buckets[i + 1]
                merged.append([min(a[0], b[0]), max(a[1], b[1]), b[2]])
            self.buckets = merged  # every bucket now full at the doubled width
            self.width *= 2
        self.buckets.append([value, value, value])
        self.filled = 1


@dataclass
class PlayerStats:
    deals: int = 0
    hands: int = 0
    banks: int = 0
    net: int = 0
    net_squares: int = 0
    won: int = 0
    lost: int = 0
    tied: int = 0
    busts: int = 0
    splits: int = 0
    doubles: int = 0
    buys: int = 0
    burns: int = 0
    shoots: int = 0
    shot: int = 0
    classes: dict[str, int] = field(default_factory=dict)
    series: Series | None = None
    low: int | None = None
    high: int | None = None
    first: int | None = None
    last: int | None = None

    def balance(self, value: int, deal: int) -> None:
        if self.series is None:
            self.series = Series(deal, value)
            self.first = self.low = self.high = value
        else:
            self.series.add(value)
        self.last = value
        self.low = value if self.low is None else min(self.low, value)
        self.high = value if self.high is None else max(self.high, value)

    def to_dict(self) -> dict[str, Any]:
        mean, se = mean_and_se(self.deals, self.net, self.net_squares)
        rated = self.won + self.lost + self.tied
        return {
            "deals": self.deals,
            "hands": self.hands,
            "banks": self.banks,
            "net": self.net,
            "net_per_deal": {"mean": _round(mean), "se": _round(se)},
            "hands_won": self.won,
            "hands_lost": self.lost,
            "hands_tied": self.tied,
            "win_rate": _rate(self.won, rated),
            "lose_rate": _rate(self.lost, rated),
            "tie_rate": _rate(self.tied, rated),
            "classes": dict(sorted(self.classes.items())),
            "busts": self.busts,
            "splits": self.splits,
            "doubles": self.doubles,
            "buys": self.buys,
            "burns": self.burns,
            "shoot_bets": self.shoots,
            "shoot_money": self.shot,
            "balance": {"first": self.first, "last": self.last, "low": self.low, "high": self.high},
        }


class StatsError(PontoonError):
    """Logs whose figures cannot be added up (exit 2)."""


class Stats(LogVisitor["Stats"]):
    """The visitor: one per run, fed every log named in turn (:func:`read_log` per log).

    Every game read must be of one preset: a Shoot banker's deals and a casino dealer's rounds
    make no one edge, and a player's bankrolls at two games no one series (a StatsError names
    both headers)."""

    def __init__(self) -> None:
        self.preset: str | None = None
        self._first: At | None = None  # the first header read: the preset's
        self.logs = 0
        self.games = 0
        self.deals = 0
        self.players: dict[str, PlayerStats] = {}
        self.punter_hands = 0
        self.hands_unrecorded = 0  # deals whose record holds no "hands": no per-hand figures
        self.gain = self.gain_squares = self.staked = self.staked_squares = self.cross = 0
        self.house_classes: dict[str, int] = {}
        self.pontoons = 0
        self.banks = 0
        self.bank_shortest: int | None = None
        self.bank_longest = 0
        self.bank_deals = 0  # deals in finished banks
        self.house = "banker"
        self._shape: RecordShape | None = None
        self._track: GameTrack | None = None
        self._bank: tuple[str | None, int] | None = None  # the current bank: who, deals so far

    # the visit ---------------------------------------------------------------------------------

    def start_log(self) -> None:
        self.logs += 1
        self._end_bank()

    def visit_header(self, at: At, record: dict[str, Any], rules: Rules) -> None:
        if self.preset is None:
            self.preset, self._first = rules.preset, at
        elif rules.preset != self.preset:
            raise StatsError(
                f"{at}: a {rules.preset} game, and {self._first} a {self.preset} game: stats adds "
                "up the games of one preset (one edge, one bankroll per player); run stats on "
                "each preset's logs apart"
            )
        self._end_bank()
        self._shape = shape_of(rules, at.file, at.line)
        self.house = self._shape.house
        self._track = GameTrack(record, self._shape)
        self.games += 1
        for p in self._track.seats:  # the bankroll before the first deal starts the series
            self.players.setdefault(p, PlayerStats()).balance(self._track.balances[p], self.deals)

    def visit_deal(self, at: At, record: dict[str, Any]) -> None:
        track, shape = self._track, self._shape
        assert track is not None and shape is not None
        facts = track.deal(record)
        self.deals += 1
        banker = facts.banker
        played = {d["player"] for d in record["decisions"] if d["action"] == "stake"}
        if banker is not None:
            played.add(banker)
            self._bank_deal(banker)
        for p in track.seats:
            stats = self.players[p]
            if p in played:
                stats.deals += 1
                stats.net += facts.net[p]
                stats.net_squares += facts.net[p] * facts.net[p]
            stats.balance(facts.after[p], self.deals)
        if banker in self.players:  # a recorded banker who is no seat counts for nobody
            self.players[banker].banks += 1
        for d in record["decisions"]:
            decider = self.players.get(d["player"])
            if decider is None:
                continue
            match d["action"]:
                case "split":
                    decider.splits += 1
                case "double" if d["player"] != banker:  # a casino player's double (C7)
                    decider.doubles += 1
                case "buy":
                    decider.buys += 1
                case "burn":
                    decider.burns += 1
                case "shoot":
                    decider.shoots += 1
                    decider.shot += d.get("amount", 0)
        self._hands(record, shape)

    def _hands(self, record: dict[str, Any], shape: RecordShape) -> None:
        hands = record.get("hands")
        if hands is None:
            self.hands_unrecorded += 1
            return
        for h in hands:
            stats = self.players.get(h["player"])
            if stats is None:
                continue
            stats.hands += 1
            self.punter_hands += 1
            label = h.get("class")
            if label is not None:
                stats.classes[label] = stats.classes.get(label, 0) + 1
                stats.busts += label == "bust"
                self.pontoons += label in PONTOONS
            net = h.get("net")
            if net is not None:
                stats.won += net > 0
                stats.lost += net < 0
                stats.tied += net == 0
                stake = h.get("stake", 0)
                self.gain += -net
                self.gain_squares += net * net
                self.staked += stake
                self.staked_squares += stake * stake
                self.cross += -net * stake
        house = record.get(shape.house_hand)
        if house is not None and "class" in house:
            label = house["class"]
            self.house_classes[label] = self.house_classes.get(label, 0) + 1
            self.pontoons += label in PONTOONS

    def _bank_deal(self, banker: str) -> None:
        if self._bank is not None and self._bank[0] == banker:
            self._bank = (banker, self._bank[1] + 1)
            return
        self._end_bank()
        self._bank = (banker, 1)

    def _end_bank(self) -> None:
        if self._bank is None:
            return
        length = self._bank[1]
        self.banks += 1
        self.bank_deals += length
        self.bank_longest = max(self.bank_longest, length)
        shortest = self.bank_shortest
        self.bank_shortest = length if shortest is None else min(shortest, length)
        self._bank = None

    def result(self) -> Stats:
        return self

    # the figures -------------------------------------------------------------------------------

    def finish(self) -> None:
        """The last bank ends with the last log."""
        self._end_bank()

    def to_dict(self) -> dict[str, Any]:
        """The figures as ``--json`` writes them (docs/how-to/read-logs.md)."""
        n = self.punter_hands
        gain, gain_se = mean_and_se(n, self.gain, self.gain_squares)
        edge, edge_se = ratio_and_se(
            n, self.gain, self.staked, self.gain_squares, self.staked_squares, self.cross
        )
        house = self.house
        return {
            "preset": self.preset,
            "logs": self.logs,
            "games": self.games,
            "deals": self.deals,
            "players": {p: s.to_dict() for p, s in self.players.items()},
            "table": {
                "house": house,  # who the punters play against: "banker" (view_shape)
                "punter_hands": n,
                "deals_without_hands": self.hands_unrecorded,
                f"{house}_gain_per_hand": {"mean": _round(gain), "se": _round(gain_se)},
                f"{house}_edge_per_unit_staked": {"mean": _round(edge), "se": _round(edge_se)},
                f"{house}_classes": dict(sorted(self.house_classes.items())),
                "banks": {
                    "count": self.banks,
                    "shortest": self.bank_shortest,
                    "longest": self.bank_longest if self.banks else None,
                    "mean": _round(self.bank_deals / self.banks) if self.banks else None,
                },
                "pontoons_per_100_deals": _round(100 * self.pontoons / self.deals)
                if self.deals
                else None,
            },
            "bankroll": {
                p: {
                    "from_deal": s.series.start,
                    "deals_per_point": s.series.width,
                    "points": [list(b) for b in s.series.buckets],
                }
                for p, s in self.players.items()
                if s.series is not None
            },
        }


S = TypeVar("S")


def figures(logs: Iterable[S], read: Callable[[S, Stats], object]) -> dict[str, Any]:
    """The figures of ``logs``, each given to ``read`` with the one visitor (which reads it
    through), as ``pontoon stats --json`` writes them."""
    visitor = Stats()
    for log in logs:
        visitor.start_log()
        read(log, visitor)
    visitor.finish()
    return visitor.to_dict()


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 6)


def _rate(part: int, whole: int) -> float | None:
    return round(part / whole, 6) if whole else None
