"""``pontoon simulate``: seeded rounds in shards, on local processes or a Dask cluster, and the
report of the bank's (the house's) edge (pontoon_cli.simulate)."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from pontoon_cli import __version__
from pontoon_cli.cli.app import (
    banker_strategy_option,
    command,
    counted,
    data_out,
    fail,
    raw_stdout,
    rules_option,
    say,
    set_option,
    stream_guard,
    write_json,
)
from pontoon_cli.cli.dask import (
    CONNECT_TIMEOUT,
    WORKER_WAIT,
    DaskError,
    dask_client,
    dask_results,
    need_dask,
    parse_address,
)
from pontoon_cli.cli.play import (
    GameOptions,
    TableOptions,
    check_play_options,
    parse_settings,
    resolve_seeded,
)
from pontoon_cli.cli.workers import WorkerError, local_results
from pontoon_cli.core.errors import PontoonError, StrategyError
from pontoon_cli.core.limits import MAX_SAFE_INT, MAX_WORKERS, int_problem
from pontoon_cli.core.rules import PRESETS, Rules, Table, money_problem, seating_problem
from pontoon_cli.log.output import Interrupted
from pontoon_cli.simulate import (
    SHARD_ROUNDS,
    merge,
    ratio,
    report,
    shard_layout,
    shard_seed,
    sim_bankroll,
)

MIN_STAKE = 1
MAX_STAKE = 10  # play's table: stakes from 1 to 10


@command(short_help="Simulate rounds; report the bank's (house's) edge.")
def simulate(
    rules: Annotated[str | None, rules_option()] = None,
    set_: Annotated[list[str] | None, set_option("decks=0 (casino: an infinite shoe)")] = None,
    rounds: Annotated[
        int,
        typer.Option(
            metavar="N", show_default=False, help="How many rounds (deals).  [default: 100000]"
        ),
    ] = 100_000,
    players: Annotated[
        int | None,
        typer.Option(metavar="N", help="Seats p1...pN (banker included).  [default: 4]"),
    ] = None,
    strategy: Annotated[
        str | None,
        typer.Option(
            metavar="NAME",
            help="The punters' strategy (as play's; casino: basic, dealer-mimic or random; or "
            "your own, MODULE:NAME or FILE.py:NAME).  [default: the game's]",
        ),
    ] = None,
    banker_strategy: Annotated[str | None, banker_strategy_option()] = None,
    seed: Annotated[
        int | None,
        typer.Option(metavar="INT", help="The seed.  [default: a fresh seed, shown on stderr]"),
    ] = None,
    workers: Annotated[
        int,
        typer.Option(
            metavar="W",
            show_default=False,
            help=f"Local worker processes, at most {MAX_WORKERS}.  [default: 1]",
        ),
    ] = 1,
    shard: Annotated[
        int,
        typer.Option(
            metavar="N", show_default=False, help=f"Rounds per shard.  [default: {SHARD_ROUNDS}]"
        ),
    ] = SHARD_ROUNDS,
    json_: Annotated[
        bool,
        typer.Option(
            "--json", show_default=False, help="The report as one JSON object.  [default: text]"
        ),
    ] = False,
    log: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help="Also write the log of every round: each shard a game with its own header, in "
            "shard order (replay verifies it).  [default: none]",
        ),
    ] = None,
    dask: Annotated[
        str | None,
        typer.Option(
            metavar="ADDRESS",
            help="Run the shards on a Dask scheduler, e.g. tcp://host:8786.  [default: local]",
        ),
    ] = None,
    dask_timeout: Annotated[
        int | None,
        typer.Option(
            metavar="SECONDS",
            show_default=False,
            help=f"How long the Dask scheduler has to answer.  [default: {CONNECT_TIMEOUT}]",
        ),
    ] = None,
    dask_wait: Annotated[
        int | None,
        typer.Option(
            metavar="SECONDS",
            show_default=False,
            help=f"How long to wait for a first Dask worker.  [default: {WORKER_WAIT}]",
        ),
    ] = None,
) -> None:
    """Play seeded rounds without writing a log and report the edge of the bank (traditional,
    shoot: the banker's seat, whoever holds it) or of the house (casino), per initial stake and
    per unit staked, with its standard error and 95% interval; each seat's mean net per round;
    hand classes; decisions.

    The rounds are cut into shards of --shard rounds; shard i is a fresh game seeded from
    (seed, i), so the report is the same for any --workers and on a Dask cluster. Ctrl-C ends
    the workers at once and exits 130, saying how many shards were played (no report).

    \b
    Examples:
      pontoon simulate --rules casino --players 5 --rounds 4000 --seed 1
      pontoon simulate --rounds 4000 --seed 1 --set banker_doubles=true --json
      pontoon simulate --rules casino --set decks=0 --rounds 4000 --shard 1000 --workers 2 --seed 1
    """
    check_play_options(seed=seed, players=players)
    for value, option in ((rounds, "--rounds"), (workers, "--workers"), (shard, "--shard")):
        problem = int_problem(value, option, least=1)
        if problem is not None:
            fail(problem)
    if workers > MAX_WORKERS:
        fail(f"--workers must be at most {MAX_WORKERS}, got {workers} (for more, use --dask)")
    if log is not None and str(log) == "-":
        fail("--log -: stdout is the report's; write the log to a file (--log FILE)")
    if log is not None and dask is not None:
        fail("--log and --dask: the log is written by a local run; leave --dask out")
    for seconds, option in ((dask_timeout, "--dask-timeout"), (dask_wait, "--dask-wait")):
        if seconds is not None and dask is None:
            fail(f"{option} goes with --dask ADDRESS (a local run waits for no scheduler)")
        problem = None if seconds is None else int_problem(seconds, option, least=1)
        if problem is not None:
            fail(problem)
    if dask is not None:
        try:
            parse_address(dask)
            need_dask(dask)
        except DaskError as err:
            fail(str(err))
    game = GameOptions(
        rules=rules,
        settings=parse_settings(set_ or []),
        strategy=strategy,
        banker_strategy=banker_strategy,
    )
    with stream_guard(), contextlib.ExitStack() as cleanup:
        try:
            the_rules, definition, seats, punter, bank = resolve_seeded(
                game_options=game, table_options=TableOptions.given(players=players)
            )
            problem = seating_problem(the_rules, len(seats), lambda n: f"use --set packs={n}")
            if problem is not None:
                fail(problem)
            bankroll = sim_bankroll(the_rules, tuple(seats), MIN_STAKE, MAX_STAKE, shard)
            problem = None
            if bankroll > MAX_SAFE_INT:
                problem = f"a seat's starting balance would be {bankroll}, beyond 2**53 - 1"
            else:
                table = Table.build(seats, bankroll=bankroll, house=definition.house)
                problem = money_problem(the_rules, table, shard)
            if problem is not None:  # the balances stay within what a log holds exactly
                fail(f"--shard {shard}: {problem}; lower --shard")
        except PontoonError as err:
            fail(str(err))
        client = None
        if dask is not None:  # before anything is said or done: a scheduler with a worker
            try:
                client = cleanup.enter_context(
                    dask_client(
                        dask,
                        CONNECT_TIMEOUT if dask_timeout is None else dask_timeout,
                        WORKER_WAIT if dask_wait is None else dask_wait,
                        say,
                    )
                )
            except DaskError as err:
                fail(str(err))
        if seed is None:
            import secrets

            seed = secrets.randbits(53)
            say(f"pontoon: seed {seed} (repeat this run with --seed {seed})")
        strategies = {"punter": punter} if definition.house else {"punter": punter, "banker": bank}
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
            "shards": len(shard_layout(rounds, shard)),
            "shard_seed": "top 53 bits of output i+1 of SplitMix64 seeded with seed",
            "house": definition.edge_of,
        }
        specs = [
            {
                "rules": setup["rules"],
                "seats": seats,
                "bankroll": bankroll,
                "min_stake": MIN_STAKE,
                "max_stake": MAX_STAKE,
                "punter": punter,
                "banker": bank,
                "seed": seed,
                "index": i,
                "rounds": n,
            }
            for i, n in enumerate(shard_layout(rounds, shard))
        ]
        if log is not None:
            _write_log(log, the_rules, seats, bankroll, punter, bank, strategies, specs)
        from pontoon_cli.render.simulate import SimulateProgress

        results: list[dict[str, Any]] = []
        try:
            with (
                SimulateProgress(sys.stderr, rounds) as progress,
                contextlib.closing(
                    dask_results(client, dask, specs)
                    if client is not None and dask is not None
                    else local_results(workers, specs)
                ) as runner,
            ):
                for result in runner:
                    results.append(result)
                    if progress.shown:  # the interval so far: only for the bar
                        so_far = ratio(
                            merge(results), "gain", "initial", "gain_initial", "initial_sq"
                        )
                        progress.advance(result["rounds"], so_far)
        except Interrupted as stop:
            played = sum(r["rounds"] for r in results)
            stop.kept = (
                f"{len(results)} of {counted(len(specs), 'shard')} played "
                f"({played} of {rounds} rounds); no report"
            )
            raise
        except (WorkerError, DaskError) as err:
            fail(str(err))
        the_report = report(merge(results), setup)
        if json_:
            write_json(the_report)
        else:
            from pontoon_cli.render.simulate import report_text

            out = data_out()
            out.write(report_text(the_report).encode())
            out.flush()


def _changed(rules: Rules) -> dict[str, Any]:
    """The settings that differ from the preset's."""
    base = PRESETS[rules.preset].to_dict()
    return {k: v for k, v in rules.to_dict().items() if base.get(k) != v}


def _write_log(
    path: Path,
    rules: Rules,
    seats: list[str],
    bankroll: int,
    punter: str,
    bank: str,
    strategies: dict[str, str],
    specs: list[dict[str, Any]],
) -> None:
    """The log of every shard in shard order, each a game of its own (its header, then its
    rounds), written as ``pontoon play --seed <shard i's seed> --deals <its rounds> --bankroll
    <bankroll>`` writes it: the same writer, the same bytes, one after the other (replay starts
    a new game at each header). Played here, in this process: a shard's log is its rounds as the
    workers play them (an unlogged game deals the same cards, tests/test_simulate.py)."""
    from pontoon_cli.games import find_game, seeded_game
    from pontoon_cli.log.writer import LogWriter, header_record

    definition = find_game(rules)
    table = Table.build(
        seats,
        bankroll=bankroll,
        min_stake=MIN_STAKE,
        max_stake=MAX_STAKE,
        house=definition.house,
    )
    rounds = 0
    with LogWriter(path, raw_stdout()) as writer:
        for spec in specs:
            seed = shard_seed(spec["seed"], spec["index"])
            game, auto = seeded_game(rules, table, seed, punter, bank)
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
    say(f"pontoon: the log of {rounds} rounds ({games}) written to {writer.where}")
