"""Simulating from Python: many seeded rounds in shards, on local processes or a Dask cluster,
and the report of the bank's (the house's) edge, as ``pontoon simulate --json`` gives it.

:func:`simulate` is the whole run; ``pontoon simulate`` is option parsing, one call of
:func:`run_simulation` (which adds the command's progress bar, Dask's messages and ``--log``)
and the rendering of the report.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, cast

from pontoon_cli._version import __version__
from pontoon_cli.api.arguments import (
    CLI_WORDS,
    PYTHON_WORDS,
    RULES_TAKES,
    Words,
    check_seats,
    fresh_seed,
    rules_named,
)
from pontoon_cli.api.playing import chosen_strategies
from pontoon_cli.api.types import SimulateReport
from pontoon_cli.base.plugin import Given, recorded, strategy_given
from pontoon_cli.core.arguments import takes, whole, whole_or_none
from pontoon_cli.core.errors import PontoonError, StrategyError
from pontoon_cli.core.limits import MAX_SAFE_INT, MAX_WORKERS, int_problem
from pontoon_cli.core.rules import (
    HOUSE_PRESETS,
    MOST_SEATS,
    PRESETS,
    Rules,
    Table,
    money_problem,
    seating_problem,
)
from pontoon_cli.core.stop import Interrupted
from pontoon_cli.games import find_game, seeded_game
from pontoon_cli.log.output import Writable
from pontoon_cli.log.writer import LogWriter, header_record
from pontoon_cli.simulation import (
    SHARD_ROUNDS,
    add,
    empty_total,
    ratio,
    report,
    shard_count,
    shard_rounds,
    shard_seed,
    sim_bankroll,
)

if TYPE_CHECKING:
    from pontoon_cli.base.seat import SeatStrategy

__all__ = ["MAX_STAKE", "MIN_STAKE", "Progress", "Setup", "run_simulation", "simulate"]

MIN_STAKE = 1
MAX_STAKE = 10  # play's table: stakes from 1 to 10


class Progress(Protocol):
    """Told after each shard: the rounds it played and the interval so far (``simulate``'s
    bar); ``shown`` False spares the interval's computation."""

    shown: bool

    def advance(self, rounds: int, so_far: dict[str, Any]) -> None: ...


class ShardSpecs:
    """Each shard's spec, made when it is asked for: ``len()`` says how many, iterating gives
    them in shard order. Nothing is held per shard, so ``--rounds 9007199254740991`` plans in
    no time and no memory; the workers (local or Dask) pull the specs one at a time."""

    def __init__(self, common: dict[str, Any], rounds: int, size: int) -> None:
        self._common = common  # what every shard shares: rules, seats, strategies, the seed
        self._rounds = rounds
        self._size = size

    def __len__(self) -> int:
        return shard_count(self._rounds, self._size)

    def __getitem__(self, index: int) -> dict[str, Any]:
        if not 0 <= index < len(self):
            raise IndexError(index)
        rounds = shard_rounds(self._rounds, self._size, index)
        return {**self._common, "index": index, "rounds": rounds}

    def __iter__(self) -> Iterator[dict[str, Any]]:
        for index in range(len(self)):
            yield self[index]


@dataclass(frozen=True, slots=True)
class Setup:
    """What a simulation plays: the report's ``setup`` and each shard's spec."""

    setup: dict[str, Any]
    specs: ShardSpecs
    rules: Rules
    table: Table


def plan(
    rules: Rules | str | os.PathLike[str] | None = None,
    *,
    players: int = 4,
    rounds: int = 100_000,
    seed: int,
    strategy: str | None = None,
    banker_strategy: str | None = None,
    shard: int = SHARD_ROUNDS,
    words: Words = CLI_WORDS,
) -> Setup:
    """Check a simulation's options and cut it into shards (shard i: a fresh game seeded from
    (seed, i)); PontoonError names what cannot be played."""
    for value, option, least in (
        (rounds, "--rounds", 1),
        (shard, "--shard", 1),
        (players, "--players", 1),
        (seed, "--seed", -MAX_SAFE_INT),
    ):
        problem = int_problem(value, option, least=least)
        if problem is not None:
            raise PontoonError(problem)
    the_rules = rules_named(rules)
    house = the_rules.preset in HOUSE_PRESETS
    check_seats(the_rules, players, words)
    seats = [f"p{i}" for i in range(1, players + 1)]
    punter, bank = chosen_strategies(the_rules, strategy, banker_strategy, words)
    problem = seating_problem(the_rules, len(seats), words.packs.format)
    if problem is not None:
        raise PontoonError(problem)
    bankroll = sim_bankroll(the_rules, tuple(seats), MIN_STAKE, MAX_STAKE, shard)
    if bankroll > MAX_SAFE_INT:
        problem = f"a seat's starting balance would be {bankroll}, beyond 2**53 - 1"
        table = None
    else:
        table = Table.build(
            seats, bankroll=bankroll, min_stake=MIN_STAKE, max_stake=MAX_STAKE, house=house
        )
        problem = money_problem(the_rules, table, shard)
    if problem is not None or table is None:  # the balances stay within what a log holds
        raise PontoonError(f"--shard {shard}: {problem}; lower --shard")
    definition = find_game(the_rules)
    strategies = {"punter": recorded(punter)}
    if not house:  # C3: no banker at a casino table
        strategies["banker"] = recorded(bank)
    setup = {
        "tool": f"pontoon-cli {__version__}",
        "rules": the_rules.to_dict(),
        "settings": _changed(the_rules),
        "seats": seats,
        "strategies": strategies,
        "min_stake": MIN_STAKE,
        "max_stake": MAX_STAKE,
        "bankroll": bankroll,
        "seed": seed,
        "rounds": rounds,
        "shard_rounds": shard,
        "shards": shard_count(rounds, shard),
        "shard_seed": "top 53 bits of output i+1 of SplitMix64 seeded with seed",
        "house": definition.edge_of,
    }
    common = {
        "rules": setup["rules"],
        "seats": seats,
        "bankroll": bankroll,
        "min_stake": MIN_STAKE,
        "max_stake": MAX_STAKE,
        "punter": punter,
        "banker": bank,
        "seed": seed,
    }
    return Setup(setup, ShardSpecs(common, rounds, shard), the_rules, table)


def simulate(
    rules: Rules | str | os.PathLike[str] | None = None,
    *,
    players: int = 4,
    rounds: int = 100_000,
    seed: int | None = None,
    strategy: str | type | SeatStrategy | None = None,
    banker_strategy: str | type | SeatStrategy | None = None,
    workers: int = 1,
    shard: int = SHARD_ROUNDS,
    dask: str | None = None,
) -> SimulateReport:
    """Play ``rounds`` seeded rounds and return the report ``pontoon simulate --json`` prints:
    the bank's (the house's) edge per initial stake and per unit staked with its standard error
    and 95% interval, each seat's mean net, hand classes and decisions. The report is the same
    for any ``workers`` (local processes) and on a Dask scheduler (``dask``: its address).

    ``strategy`` and ``banker_strategy`` are as :func:`play` takes them: a name, a spec, or your
    own strategy object. With ``workers`` above 1 an object is sent to the worker processes by
    pickle (a class by its module and name, an instance with its state, each shard a copy of
    it): one pickle cannot send, a class defined in a function say, is refused before anything
    is played (:class:`StrategyError`).

    >>> from pontoon_cli import simulate
    >>> report = simulate("casino", players=1, rounds=2000, seed=3)
    >>> report["rounds_played"], report["edge"]["of"], report["strategies"]
    (2000, 'house', {'punter': 'basic'})
    >>> report == simulate("casino", players=1, rounds=2000, seed=3, workers=2)
    True
    """
    call = "simulate()"
    takes(call, "rules", rules, (Rules, str, os.PathLike, type(None)), RULES_TAKES)
    whole(call, "players", players, 1, MOST_SEATS)
    whole(call, "rounds", rounds, 1)
    whole_or_none(call, "seed", seed)
    whole(call, "workers", workers, 1, MAX_WORKERS)
    whole(call, "shard", shard, 1)
    takes(call, "dask", dask, (str, type(None)), "a scheduler's address (a str) or None")
    punter = strategy_given(call, "strategy", strategy)
    bank = strategy_given(call, "banker_strategy", banker_strategy)
    plan_ = plan(
        rules,
        players=players,
        rounds=rounds,
        seed=fresh_seed() if seed is None else seed,
        strategy=punter,
        banker_strategy=bank,
        shard=shard,
        words=PYTHON_WORDS,
    )
    if dask is None and isinstance(workers, int) and workers > 1 and len(plan_.specs) > 1:
        for parameter, given in (("strategy", punter), ("banker_strategy", bank)):
            if isinstance(given, Given):
                _sendable(parameter, given, workers)
    return cast(SimulateReport, run_simulation(plan_, workers=workers, dask=dask))


def _sendable(parameter: str, given: Given, workers: int) -> None:
    """StrategyError, naming ``parameter=``, unless pickle can send ``given`` to a worker."""
    import pickle

    from pontoon_cli.base.seat import one_line

    try:
        pickle.dumps(given)
    except Exception as err:  # PicklingError, AttributeError, TypeError: pickle's own words
        raise StrategyError(
            f"simulate(): {parameter}= {given} cannot be sent to the worker processes "
            f"(workers={workers}) by pickle: {one_line(err)}; define the class at the top level "
            "of a module, give an instance whose state pickle can copy, or use workers=1"
        ) from None


def run_simulation(
    what: Setup,
    *,
    workers: int = 1,
    dask: str | None = None,
    dask_timeout: int | None = None,
    dask_wait: int | None = None,
    say: Callable[[str], None] | None = None,
    ready: Callable[[], None] | None = None,
    progress: Progress | None = None,
    log: str | os.PathLike[str] | None = None,
    log_stream: Writable | None = None,
) -> dict[str, Any]:
    """Run a :func:`plan`: ``log`` first (every shard's rounds, as ``play`` writes them), then
    the shards on ``workers`` local processes or on the Dask scheduler at ``dask``, telling
    ``progress`` after each; the report. ``say`` hears Dask's progress messages and the log's
    summary; ``ready`` is called once the scheduler (if any) has a worker, before any shard.
    Raises PontoonError (a worker's failure, Dask's) and Interrupted (a stop signal, with how
    many shards were played)."""
    from pontoon_cli.api.dask import (
        CONNECT_TIMEOUT,
        WORKER_WAIT,
        dask_client,
        dask_results,
        need_dask,
        parse_address,
    )
    from pontoon_cli.api.workers import local_results

    problem = int_problem(workers, "--workers", least=1)
    if problem is not None:
        raise PontoonError(problem)
    if workers > MAX_WORKERS:
        raise PontoonError(
            f"--workers must be at most {MAX_WORKERS}, got {workers} (for more, use --dask)"
        )
    tell = say or (lambda message: None)
    specs = what.specs
    rounds = what.setup["rounds"]
    with contextlib.ExitStack() as cleanup:
        client = None
        if dask is not None:  # before anything is done: a scheduler with a worker
            parse_address(dask)
            need_dask(dask)
            client = cleanup.enter_context(
                dask_client(
                    dask,
                    CONNECT_TIMEOUT if dask_timeout is None else dask_timeout,
                    WORKER_WAIT if dask_wait is None else dask_wait,
                    tell,
                )
            )
        if ready is not None:
            ready()
        if log is not None:
            tell(write_shards_log(Path(log), what, log_stream))
        total = empty_total()  # each shard added as it finishes: memory stays flat
        try:
            with contextlib.closing(
                dask_results(client, dask, specs)
                if client is not None and dask is not None
                else local_results(workers, specs)
            ) as runner:
                for result in runner:
                    add(total, result)
                    if progress is not None and progress.shown:  # the interval: for the bar
                        so_far = ratio(total, "gain", "initial", "gain_initial", "initial_sq")
                        progress.advance(result["rounds"], so_far)
        except Interrupted as stop:
            shards = len(specs)
            stop.kept = (
                f"{total['shards']} of {shards} shard{'' if shards == 1 else 's'} played "
                f"({total['rounds']} of {rounds} rounds); no report"
            )
            raise
    return report(total, what.setup)


def _changed(rules: Rules) -> dict[str, Any]:
    """The settings that differ from the preset's."""
    base = PRESETS[rules.preset].to_dict()
    return {k: v for k, v in rules.to_dict().items() if base.get(k) != v}


def write_shards_log(path: Path, what: Setup, stream: Writable | None = None) -> str:
    """The log of every shard in shard order, each a game of its own (its header, then its
    rounds), written as ``pontoon play --seed <shard i's seed> --deals <its rounds> --bankroll
    <bankroll>`` writes it: the same writer, the same bytes, one after the other (replay starts
    a new game at each header). Played here, in this process: a shard's log is its rounds as the
    workers play them (an unlogged game deals the same cards). Returns the summary line."""
    rules, table, specs = what.rules, what.table, what.specs
    definition = find_game(rules)
    strategies = what.setup["strategies"]
    rounds = 0
    with LogWriter(path, stream) as writer:
        for spec in specs:
            seed = shard_seed(spec["seed"], spec["index"])
            game, auto = seeded_game(rules, table, seed, spec["punter"], spec["banker"])
            writer.write(header_record(rules, table, game, seed, strategies=strategies))
            try:
                for deal in auto.play(game, spec["rounds"]):
                    writer.write_deal(
                        game, deal, None, line=definition.line, record=definition.record
                    )
                    rounds += 1
            except StrategyError as err:  # as run_shard says it
                err.shard = f"shard {spec['index']} (seed {seed})"
                raise
    given = specs[0]["seed"]
    games = (
        f"{len(specs)} games, one a shard, each seeded from --seed {given}"
        if len(specs) > 1
        else f"1 game: shard 0's seed {shard_seed(given, 0)}, derived from --seed {given}"
    )
    return f"pontoon: the log of {rounds} rounds ({games}) written to {writer.where}"
