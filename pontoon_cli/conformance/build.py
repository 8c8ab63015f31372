"""The case set of ``pontoon cases``: seeded games per header, each deal's rules, the cover.

1. **Games.** For each *setup* of the preset (its defaults, and each house option's setting: V1
   ``split_aces_only``, V7's three grades...) short seeded games are played at a few tables
   (:data:`SEATS`, :data:`STRATEGIES`, :data:`SEEDS`), and each scenario of :data:`SCENARIOS`
   (the rules seeded play does not reach: a sale of the bank, T8.4; a void deal, T8.5; the
   banker's top-up of the kitty, S8) is played from its file.
2. **Rules per deal.** Every game's log is replayed with the probe of ``pontoon replay
   --coverage`` (:class:`~pontoon_cli.replay.coverage.RuleCoverage`), which records the rules
   each deal exercised.
3. **The cover.** A case is a game's first ``k`` deals: a prefix of a log replays clean on its
   own (its pack, balances, bank and kitty go on from the deals before it, which it holds),
   where a deal taken out of its game would not. Greedy set cover takes, again and again, the
   prefix that exercises the most rules not yet exercised (the shortest of equals, the first of
   those in play order); then every case no longer needed is dropped, last chosen first, and
   every case is cut to its shortest prefix the set still needs. Dropping any one case then
   leaves a rule unexercised. A scenario's log is taken whole, with its file.

Everything is seeded and played in a fixed order: the same command gives the same bytes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, cast

from pontoon_cli.api.playing import play
from pontoon_cli.core.errors import PontoonError
from pontoon_cli.core.rules import Rules, Table
from pontoon_cli.log.writer import encode
from pontoon_cli.replay.coverage import RuleCoverage, rule_order
from pontoon_cli.replay.replayer import LogReplayer

#: The presets a case set is made for.
PRESETS: Final = ("traditional", "shoot", "casino")


@dataclass(frozen=True)
class Setup:
    """A header's rules: ``label`` names it in file names and the index (``defaults``,
    ``V7-ten-is-21``); ``settings`` are the ones it changes from the preset."""

    label: str
    settings: tuple[tuple[str, Any], ...] = ()


_DEFAULTS: Final = Setup("defaults")

#: Each preset's setups: its defaults and each house option's settings, one header each.
SETUPS: Final[dict[str, tuple[Setup, ...]]] = {
    "traditional": (
        _DEFAULTS,
        Setup("split-aces-only", (("split_aces_only", True),)),  # V1
        Setup("stick-on-16", (("stick_minimum", 16),)),  # V2
        Setup("banker-doubles", (("banker_doubles", True),)),  # V3
        Setup("pontoon-pays-3", (("pontoon_pays", 3), ("banker_pontoon_collects", 1))),  # V4
        Setup("no-bought-sure-thing", (("no_bought_sure_thing", True),)),  # V5
        # V6 (a 7-7-7) and V7 (a pontoon against a pontoon) are too rare for short seeded
        # games: their scenarios are cases instead (SCENARIOS)
        Setup("burn-13", (("burn_on", 13),)),  # V8
        Setup("burn-14", (("burn_on", 14),)),
        Setup("two-packs", (("packs", 2),)),  # V9
    ),
    # V9's one pack: the void deal's scenario seats 25 at one pack, which makes V9 apply
    "shoot": (_DEFAULTS, Setup("one-pack", (("packs", 1),))),
    "casino": (
        _DEFAULTS,
        Setup("stands-on-soft-17", (("dealer_hits_soft_17", False),)),
        Setup("infinite-shoe", (("decks", 0),)),
    ),
}

#: The scenario files (beside this module) of the rules seeded play does not reach.
SCENARIOS: Final[dict[str, tuple[str, ...]]] = {
    "traditional": (
        "v6-royal-pontoon.toml",
        "v7a-picture-beats-ten.toml",
        "v7c-royal-beats-jack.toml",
        "t8-sell-the-bank.toml",
        "t8-empty-pack-void.toml",
    ),
    "shoot": (
        "shoot-t8-sell-the-bank.toml",
        "shoot-t8-empty-pack-void.toml",
        "s8-s9-s10-the-kitty-between-deals.toml",
    ),
    "casino": (),
}

SEATS: Final = (2, 3, 5)  # players at the table (a casino table: the seats against the dealer)
STRATEGIES: Final = ("random", "default")
SEEDS: Final = (1, 2, 3)
DEALS: Final = 12  # the most deals a game is played for: a case is at most this long
BANKROLL: Final = 40  # small enough that a seat runs short within a game (T8.6)

SCENARIO_DIR: Final = Path(__file__).parent / "scenarios"


@dataclass
class Game:
    """One log played for the set: where it came from, its records, the rules each deal
    exercised and the rules its header makes apply."""

    setup: Setup
    records: list[dict[str, Any]]
    each: list[frozenset[str]] = field(default_factory=list)
    applies: frozenset[str] = frozenset()
    players: int = 0
    strategy: str = ""
    seed: int = 0
    scenario: str | None = None  # the scenario file's name

    def rules(self, deals: int) -> set[str]:
        """The rules the first ``deals`` deals exercised."""
        out: set[str] = set()
        for rules in self.each[:deals]:
            out |= rules
        return out


@dataclass
class Case:
    """A chosen case: the first ``deals`` deals of ``game``; ``rules`` what they exercised,
    ``only`` the rules no other case of the set exercises (both among the rules that apply)."""

    game: Game
    deals: int
    rules: set[str] = field(default_factory=set)
    only: list[str] = field(default_factory=list)
    name: str = ""

    def lines(self) -> list[bytes]:
        """The case's log: the header and its deals, as ``pontoon play`` writes them."""
        return [encode(r) for r in self.game.records[: self.deals + 1]]


@dataclass
class CaseSet:
    """The cases chosen for a preset, the rules they are to exercise, and any rule none
    reached."""

    preset: str
    cases: list[Case]
    target: list[str]
    unreached: list[str]


def rules_per_deal(records: list[dict[str, Any]]) -> tuple[list[frozenset[str]], set[str]]:
    """Each deal's rules as ``pontoon replay --coverage`` counts them, and the rules the header
    makes apply. Raises PontoonError if the log does not replay clean (a bug, not the input)."""
    probe = RuleCoverage(per_deal=True)
    found = list(LogReplayer("case", coverage=probe).replay(encode(r) for r in records))
    if found:
        raise PontoonError(f"a case's log does not replay clean: {found[0]}")
    assert probe.each is not None
    return probe.each, probe.rules


def play_games(preset: str) -> list[Game]:
    """Every game the cover chooses from, in a fixed order: each setup's seeded games, then
    each scenario."""
    games: list[Game] = []
    base = Rules.preset_named(preset)
    for setup in SETUPS[preset]:
        rules = base.with_overrides(dict(setup.settings))
        for players in SEATS:
            table = Table.seated(rules, players, bankroll=BANKROLL)
            for strategy in STRATEGIES:
                for seed in SEEDS:
                    played = play(rules, table, seed=seed, deals=DEALS, strategy=strategy)
                    records = cast("list[dict[str, Any]]", list(played))
                    game = Game(setup, records, players=players, strategy=strategy, seed=seed)
                    games.append(game)
    for name in SCENARIOS[preset]:
        records = cast("list[dict[str, Any]]", list(play(scenario=SCENARIO_DIR / name)))
        players = len(records[0]["table"]["seats"])
        games.append(Game(_DEFAULTS, records, players=players, strategy="strict", scenario=name))
    for game in games:
        each, applies = rules_per_deal(game.records)
        game.each, game.applies = each, frozenset(applies)
        game.seed = int(game.records[0].get("seed") or 0)
    return games


def cover(preset: str, games: list[Game]) -> CaseSet:
    """The fewest cases that exercise every rule the games can reach (the module's docstring)."""
    target: set[str] = set()
    reachable: set[str] = set()
    for game in games:
        target |= game.applies
        reachable |= game.rules(len(game.each))
    goal = target & reachable
    chosen: list[Case] = []
    covered: set[str] = set()
    while not goal <= covered:
        best: tuple[int, int] | None = None
        pick: Case | None = None
        for game in games:
            for deals in _lengths(game):
                gain = len((game.rules(deals) & goal) - covered)
                if gain and (best is None or (gain, -deals) > best):
                    best, pick = (gain, -deals), Case(game, deals)
        assert pick is not None  # the goal is reachable: some prefix gains
        chosen.append(pick)
        covered |= pick.game.rules(pick.deals)
    for case in reversed(list(chosen)):  # drop what the others cover, last chosen first
        rest = [c for c in chosen if c is not case]
        if goal <= _union(rest):
            chosen = rest
    for case in chosen:  # each as short as the others let it be
        others = _union(c for c in chosen if c is not case)
        for deals in _lengths(case.game):
            if goal <= others | case.game.rules(deals):
                case.deals = deals
                break
    for case in chosen:
        case.rules = case.game.rules(case.deals) & target  # as the coverage table lists them
        others = _union(c for c in chosen if c is not case)
        case.only = sorted((case.rules & goal) - others, key=rule_order)
    chosen.sort(key=lambda c: (c.game.scenario is not None, [rule_order(r) for r in c.only]))
    for number, case in enumerate(chosen, 1):
        case.name = case_name(number, case)
    ordered = sorted(target, key=rule_order)
    return CaseSet(preset, chosen, ordered, sorted(target - reachable, key=rule_order))


def _lengths(game: Game) -> Iterable[int]:
    """The prefixes a game offers: every length, or a scenario's whole log only."""
    whole = len(game.each)
    return (whole,) if game.scenario is not None else range(1, whole + 1)


def _union(cases: Iterable[Case]) -> set[str]:
    out: set[str] = set()
    for case in cases:
        out |= case.game.rules(case.deals)
    return out


#: The most rules a file name shows (the index lists them all).
NAMED_RULES: Final = 4


def case_name(number: int, case: Case) -> str:
    """``03-T5.2-T7.2-V1-split-aces-only``: the case's number, the rules only it exercises (the
    first few), and its setup or scenario."""
    shown = case.only[:NAMED_RULES]
    if len(case.only) > NAMED_RULES:
        shown.append("etc")
    game = case.game
    where = game.scenario.removesuffix(".toml") if game.scenario else game.setup.label
    if where == _DEFAULTS.label:
        where = ""
    return "-".join(part for part in (f"{number:02d}", *shown, where) if part)


def build(preset: str) -> CaseSet:
    """The case set of ``preset``. Raises PontoonError for a preset with none."""
    if preset not in PRESETS:
        raise PontoonError(f"--rules: no case set for {preset!r}; one of {', '.join(PRESETS)}")
    return cover(preset, play_games(preset))


def index(cases: CaseSet) -> dict[str, Any]:
    """The set's index (``cases.json``): per case its files, header, deals and rules; the rules
    the set is to exercise, and any none reached."""
    listed = []
    for case in cases.cases:
        game = case.game
        listed.append(
            {
                "log": f"{case.name}.jsonl",
                "scenario": f"{case.name}.toml" if game.scenario else None,
                "setup": game.setup.label if game.scenario is None else "scenario",
                "settings": dict(game.setup.settings),
                "players": game.players,
                "strategy": game.strategy,
                "seed": game.seed,
                "deals": case.deals,
                "only": case.only,
                "rules": sorted(case.rules, key=rule_order),
            }
        )
    reached = len(cases.target) - len(cases.unreached)
    return {
        "type": "cases",
        "preset": cases.preset,
        "command": f"pontoon cases --rules {cases.preset}",
        "cases": listed,
        "rules": cases.target,
        "covered": reached,
        "total": len(cases.target),
        "unreached": cases.unreached,
    }


def files(cases: CaseSet) -> dict[str, bytes]:
    """Every file of the set by name: each case's log (and scenario file), then the index."""
    import orjson

    out: dict[str, bytes] = {}
    for case in cases.cases:
        out[f"{case.name}.jsonl"] = b"".join(case.lines())
        if case.game.scenario is not None:
            out[f"{case.name}.toml"] = (SCENARIO_DIR / case.game.scenario).read_bytes()
    out["cases.json"] = orjson.dumps(index(cases), option=orjson.OPT_INDENT_2) + b"\n"
    return out
