"""``pontoon simulate``: seeded rounds in shards, on local processes or a Dask cluster, and the
report of the bank's (the house's) edge (pontoon_cli.simulation)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from pontoon_cli.api.arguments import fresh_seed
from pontoon_cli.api.dask import (
    CONNECT_TIMEOUT,
    WORKER_WAIT,
    DaskError,
    need_dask,
    parse_address,
)
from pontoon_cli.api.simulating import plan, run_simulation
from pontoon_cli.api.workers import WorkerError
from pontoon_cli.cli.app import (
    command,
    data_out,
    fail,
    keep_inputs,
    raw_stdout,
    say,
    stream_guard,
    write_json,
)
from pontoon_cli.cli.options import (
    BankerStrategy,
    RulesOption,
    json_option,
    players_option,
    seed_option,
    set_option,
    strategy_option,
)
from pontoon_cli.cli.play import (
    GameOptions,
    TableOptions,
    game_files,
    say_seed,
    seeded_table,
)
from pontoon_cli.core.errors import PontoonError
from pontoon_cli.core.limits import MAX_WORKERS, int_problem
from pontoon_cli.simulation import (
    SHARD_ROUNDS,
)

MIN_STAKE = 1
MAX_STAKE = 10  # play's table: stakes from 1 to 10


def _number(metavar: str, help_: str) -> Any:
    """A whole number whose help tells its default (typer's own would tell it again)."""
    return typer.Option(metavar=metavar, show_default=False, help=help_)


def _seconds(what: str, default: int) -> Any:
    """``--dask-timeout``, ``--dask-wait``: how long ``what``, in whole seconds."""
    return _number("SECONDS", f"How long {what}.  [default: {default}]")


@command(short_help="Simulate rounds; report the bank's (house's) edge.")
def simulate(
    rules: RulesOption = None,
    set_: Annotated[list[str] | None, set_option("decks=0 (casino: an infinite shoe)")] = None,
    rounds: Annotated[int, _number("N", "How many rounds (deals).  [default: 100000]")] = 100_000,
    players: Annotated[int | None, players_option("Seats p1...pN (banker included).")] = None,
    strategy: Annotated[
        str | None,
        strategy_option(
            "The punters' strategy (as play's; casino: basic, dealer-mimic or random; or "
            "your own, MODULE:NAME or FILE.py:NAME).  [default: the game's]"
        ),
    ] = None,
    banker_strategy: BankerStrategy = None,
    seed: Annotated[int | None, seed_option("The seed.")] = None,
    workers: Annotated[
        int, _number("W", f"Local worker processes, at most {MAX_WORKERS}.  [default: 1]")
    ] = 1,
    shard: Annotated[
        int, _number("N", f"Rounds per shard.  [default: {SHARD_ROUNDS}]")
    ] = SHARD_ROUNDS,
    json_: Annotated[bool, json_option("The report as one JSON object.  [default: text]")] = False,
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
        int | None, _seconds("the Dask scheduler has to answer", CONNECT_TIMEOUT)
    ] = None,
    dask_wait: Annotated[
        int | None, _seconds("to wait for a first Dask worker", WORKER_WAIT)
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
    seats = TableOptions.given(seed=seed, players=players)  # checked with play's words
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
    keep_inputs("--log", log, *game_files(rules, strategy, banker_strategy))
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
    game = GameOptions.given(rules, set_, strategy, banker_strategy)
    with stream_guard():
        given_seed = seed
        if seed is None:
            seed = fresh_seed()
        try:
            the_rules, table = seeded_table(game, seats)
            what = plan(
                the_rules,
                players=len(table.seats),
                rounds=rounds,
                seed=seed,
                strategy=game.strategy,
                banker_strategy=game.banker_strategy,
                shard=shard,
            )
        except PontoonError as err:
            fail(str(err))

        def ready() -> None:  # the seed is told once a scheduler has answered
            if given_seed is None:
                say_seed(seed)

        from pontoon_cli.render.simulate import SimulateProgress

        try:
            with SimulateProgress(sys.stderr, rounds) as progress:
                the_report = run_simulation(
                    what,
                    workers=workers,
                    dask=dask,
                    dask_timeout=dask_timeout,
                    dask_wait=dask_wait,
                    say=say,
                    ready=ready,
                    progress=progress,
                    log=log,
                    log_stream=raw_stdout(),
                )
        except (WorkerError, DaskError) as err:
            fail(str(err))
        if json_:
            write_json(the_report)
        else:
            from pontoon_cli.render.simulate import report_text

            out = data_out()
            out.write(report_text(the_report).encode())
            out.flush()
