"""The ``pontoon`` command. Thin: parse options, call one library function, render.

Errors are converted only here, and only our own exception types (errors.py): bad input exits 2,
a rule broken (an illegal action, a failed expectation) exits 1, a write error exits 2, Ctrl-C
exits 130 (another stop signal 128 + its number), and a closed pipe ends output quietly with the
code the run would have had (output.py). Data goes to stdout as bytes; messages for people go to
stderr.
"""

from __future__ import annotations

import contextlib
import functools
import os
import secrets
import signal
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, ParamSpec, TypeVar

import orjson
import typer
from rich.console import Console
from rich.table import Table as RichTable

from pontoon_cli import __version__
from pontoon_cli.engine import Deal, Game
from pontoon_cli.errors import IllegalAction, PontoonError
from pontoon_cli.events import BankSold
from pontoon_cli.limits import MAX_SAFE_INT, int_problem, name_problem
from pontoon_cli.log import LogWriter, deal_record, header_record, schema
from pontoon_cli.output import (
    STDOUT_NAME,
    Guarded,
    Interrupted,
    OutputError,
    silence,
    stop_signals,
)
from pontoon_cli.rules import (
    CARDS_PER_SEAT,
    MOST_PACKS,
    MOST_SEATS,
    PRESETS,
    Rules,
    Table,
    money_problem,
    seating_problem,
    setting_info,
    suggest,
)
from pontoon_cli.scenario import (
    STRICT,
    Problem,
    Scenario,
    check_file,
    describe_failures,
    load,
    load_rules_spec,
)
from pontoon_cli.scenario import (
    play as play_scenario,
)
from pontoon_cli.strategies import STRATEGIES, seeded_game

if TYPE_CHECKING:
    from pontoon_cli.render import PlayProgress

app = typer.Typer(
    name="pontoon",
    help=(
        "The reference tool for the card game Pontoon: play, log, replay.\n\n"
        "\b\nExample: pontoon play --seed 7 --deals 3 | jq -c .net"
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)

EXIT_RULES = 1  # the rules say otherwise
EXIT_INPUT = 2  # bad usage or unreadable input


def _stderr() -> Console:
    return Console(stderr=True, highlight=False, no_color="NO_COLOR" in os.environ)


def say(message: str) -> None:
    """A message for people, on stderr, never wrapped or marked up."""
    _stderr().print(message, markup=False, soft_wrap=True, highlight=False)


def fail(message: str, code: int = EXIT_INPUT) -> NoReturn:
    """Print ``pontoon: message`` to stderr and exit with ``code``."""
    say(f"pontoon: {message}")
    raise typer.Exit(code)


def _version(value: bool) -> None:
    if value:
        from pontoon_cli._build import running_build

        print(f"pontoon-cli {__version__} ({running_build()})")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version.")
    ] = False,
) -> None:
    """The reference tool for the card game Pontoon (RULES.md IDs in every message).

    \b
    Example: pontoon play --seed 7 --deals 3 | jq -c .net
    """


# play ------------------------------------------------------------------------------------------


def _parse_settings(items: list[str]) -> dict[str, Any]:
    settings: dict[str, Any] = {}
    for item in items:
        key, eq, raw = item.partition("=")
        if not eq or not key.strip():
            fail(f"--set {item!r}: expected OPTION=VALUE, e.g. --set stick_minimum=16")
        settings[key.strip()] = _parse_value(raw.strip())
    return settings


def _parse_value(raw: str) -> Any:
    lowered = raw.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if lowered in ("null", "none"):
        return None
    try:
        return int(raw)
    except ValueError:
        return raw


@app.command()
def play(
    scenario: Annotated[
        Path | None, typer.Argument(help="A scenario file (TOML or JSON); without it, seeded play.")
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help="Seed for the shuffle and the players (default: fresh).")
    ] = None,
    deals: Annotated[
        int | None, typer.Option("--deals", "--hands", min=1, help="How many deals (default 10).")
    ] = None,
    players: Annotated[
        int | None, typer.Option(min=2, help="Seats at the table, banker included (default 4).")
    ] = None,
    player: Annotated[
        list[str] | None, typer.Option("--player", help="A player's name (repeat, clockwise).")
    ] = None,
    banker: Annotated[
        str | None, typer.Option(help="The first banker (default: cut, T3.2).")
    ] = None,
    rules: Annotated[
        str | None, typer.Option(help="A preset name or a rules file (default traditional).")
    ] = None,
    set_: Annotated[
        list[str] | None, typer.Option("--set", help="Override a rule: OPTION=VALUE (repeat).")
    ] = None,
    bankroll: Annotated[int | None, typer.Option(help="Everyone's starting balance.")] = None,
    min_stake: Annotated[int | None, typer.Option(min=1, help="Least initial stake.")] = None,
    max_stake: Annotated[int | None, typer.Option(min=1, help="Most initial stake.")] = None,
    strategy: Annotated[
        str | None, typer.Option(help="Punters' strategy: default, random (scenarios: strict).")
    ] = None,
    banker_strategy: Annotated[
        str | None, typer.Option(help="The banker's strategy (default: as --strategy).")
    ] = None,
    out: Annotated[
        Path | None, typer.Option(help="Write the log here (whole or not at all), not stdout.")
    ] = None,
) -> None:
    """Play deals and write the JSON-lines log (one header, then one line per deal).

    \b
    Examples:
      pontoon play --seed 7 --deals 3 --players 4
      pontoon play scenarios/t7-banker-bust.toml
      pontoon play --seed 1 --deals 1000 --out game.jsonl
    """
    _check_play_options(
        scenario, seed, deals, players, player, banker, bankroll, min_stake, max_stake
    )
    settings = _parse_settings(set_ or [])
    table_options: dict[str, Any] = {}
    if player:
        table_options["players"] = list(player)
    elif players is not None:
        table_options["players"] = [f"p{i}" for i in range(1, players + 1)]
    for key, value in (
        ("banker", banker),
        ("bankroll", bankroll),
        ("min_stake", min_stake),
        ("max_stake", max_stake),
    ):
        if value is not None:
            table_options[key] = value
    with _stream_guard():
        _play(scenario, seed, deals, rules, settings, table_options, strategy, banker_strategy, out)


def _play(
    scenario: Path | None,
    seed: int | None,
    deals: int | None,
    rules: str | None,
    settings: dict[str, Any],
    table_options: dict[str, Any],
    strategy: str | None,
    banker_strategy: str | None,
    out: Path | None,
) -> None:
    if out is not None and scenario is not None and _same_file(out, scenario):
        fail(f"--out {out} is the scenario file itself: the log would overwrite it")
    try:
        if scenario is not None:
            options: dict[str, Any] = {
                k: v
                for k, v in (
                    ("seed", seed),
                    ("deals", deals),
                    ("rules", rules),
                    ("strategy", strategy),
                    ("banker_strategy", banker_strategy),
                )
                if v is not None
            }
            if table_options:
                options["table"] = table_options
            _play_scenario(scenario, options, settings, out)
        else:
            _play_seeded(
                seed, deals or 10, rules, settings, table_options, strategy, banker_strategy, out
            )
    except IllegalAction as err:
        fail(str(err), EXIT_RULES)
    except PontoonError as err:
        fail(str(err))


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.exists() and b.exists() and os.path.samefile(a, b)
    except OSError:
        return False


def _report_problems(problems: list[Problem]) -> NoReturn:
    for problem in problems:
        say(str(problem))
    raise typer.Exit(EXIT_INPUT)


def _stdout() -> Any:
    return sys.stdout.buffer


def _out() -> Guarded:
    """stdout for data, as bytes: a closed pipe ends it quietly, a write error exits 2."""
    return Guarded(sys.stdout.buffer, STDOUT_NAME)


def _progress(writer: LogWriter, total: int) -> PlayProgress:
    """A bar on a terminal's stderr while ``--out`` is written (not when the log is on stdout)."""
    from pontoon_cli.render import PlayProgress  # rich's progress: only when playing

    show = None if writer.is_file and not writer.to_terminal else False
    return PlayProgress(sys.stderr, total, writer.where, show=show)


def _written(writer: LogWriter) -> None:
    """The one-line summary of ``--out``: how many deals, and where."""
    if writer.is_file:
        deals = writer.deals
        say(f"pontoon: {deals} deal{'' if deals == 1 else 's'} written to {writer.where}")


def _play_scenario(
    path: Path, options: dict[str, Any], settings: dict[str, Any], out: Path | None
) -> None:
    scenario, problems = load(path, options=options, rule_settings=settings)
    if scenario is None:
        _report_problems(problems)
    strategies = {"punter": scenario.strategy, "banker": scenario.banker_strategy}
    with (
        LogWriter(out, _stdout()) as writer,
        _progress(writer, scenario.total_deals) as progress,
    ):

        def on_start(game: Game) -> None:
            writer.write(
                header_record(
                    scenario.rules,
                    scenario.table,
                    game,
                    scenario.seed,
                    scenario=scenario.name or path.stem,
                    strategies=strategies,
                )
            )

        def on_deal(game: Game, deal: Deal, sale: BankSold | None) -> None:
            writer.write(deal_record(game, deal, sale))
            progress.advance(writer.deals)

        # On a closed pipe, play on: the expectations decide the exit code.
        failures = play_scenario(scenario, on_start, on_deal)
    _written(writer)
    if failures:
        say(
            f"{path}: {_counted(len(failures), 'expectation')} failed\n"
            + describe_failures(str(path), failures)
        )
        raise typer.Exit(EXIT_RULES)
    say(_scenario_summary(path, scenario))


def _play_seeded(
    seed: int | None,
    deals: int,
    rules_spec: str | None,
    settings: dict[str, Any],
    table_options: dict[str, Any],
    strategy: str | None,
    banker_strategy: str | None,
    out: Path | None,
) -> None:
    rules = load_rules_spec(rules_spec, Path.cwd()) if rules_spec else Rules()
    if settings:
        rules = rules.with_overrides(settings)
    punter = strategy or "default"
    bank = banker_strategy or punter
    for name in (punter, bank):
        if name not in STRATEGIES:
            hint = " (strict is for scenario files)" if name == STRICT else ""
            fail(
                f"unknown strategy {name!r}{suggest(name, STRATEGIES)}{hint}; one of "
                f"{', '.join(STRATEGIES)}"
            )
    table = Table.build(
        table_options.get("players", ["p1", "p2", "p3", "p4"]),
        banker=table_options.get("banker"),
        bankroll=table_options.get("bankroll", 1000),
        min_stake=table_options.get("min_stake", 1),
        max_stake=table_options.get("max_stake", 10),
    )
    _check_table(rules, table, deals)
    if seed is None:
        seed = secrets.randbits(53)  # below 2**53: every JSON reader keeps it exactly
        say(f"pontoon: seed {seed} (repeat this run with --seed {seed})")
    game, auto = seeded_game(rules, table, seed, punter, bank)
    with LogWriter(out, _stdout()) as writer, _progress(writer, deals) as progress:
        writer.write(
            header_record(rules, table, game, seed, strategies={"punter": punter, "banker": bank})
        )
        for deal in auto.play(game, deals):
            writer.write(deal_record(game, deal))
            if writer.broken:
                return  # `| head`: nobody reads on, and nothing can change the exit code 0
            progress.advance(writer.deals)
    _written(writer)
    if game.deals_played < deals:
        say(
            f"pontoon: the game ends after deal {game.deals_played}: no punter can cover "
            f"the minimum stake of {table.min_stake} (T8.6)"
        )


# play: which options go together, and their ranges ----------------------------------------------


def _check_play_options(
    scenario: Path | None,
    seed: int | None,
    deals: int | None,
    players: int | None,
    player: list[str] | None,
    banker: str | None,
    bankroll: int | None,
    min_stake: int | None,
    max_stake: int | None,
) -> None:
    """Refuse (exit 2, before anything is written) options that conflict or leave the limits.

    Integers stay within ±(2**53 - 1) and names are printable without whitespace (SPEC.md
    "Limits"); ``--players`` and ``--player`` are alternatives; a scenario names its own seats.
    """
    if players is not None and player:
        fail(
            f"--players {players} and --player both give the seats: "
            "use --players N or --player NAME (repeated), not both"
        )
    if scenario is not None and (players is not None or player):
        option = "--players" if players is not None else "--player"
        fail(
            f"{option}: the scenario {scenario} names its own seats ([table] players); "
            f"leave {option} out"
        )
    for value, option, least in (
        (seed, "--seed", -MAX_SAFE_INT),
        (deals, "--deals", 1),
        (players, "--players", 2),
        (bankroll, "--bankroll", 1),
        (min_stake, "--min-stake", 1),
        (max_stake, "--max-stake", 1),
    ):
        problem = None if value is None else int_problem(value, option, least=least)
        if problem is not None:
            fail(problem)
    if players is not None and players > MOST_SEATS:
        fail(
            f"--players {players}: at most {MOST_SEATS} seats can be dealt to "
            f"({CARDS_PER_SEAT} cards a seat, T4.1, T4.3, with --set packs={MOST_PACKS})"
        )
    for option, name in [*(("--player", p) for p in player or []), ("--banker", banker)]:
        problem = None if name is None else name_problem(name)
        if problem is not None:
            fail(f"{option}: {problem}")


def _check_table(rules: Rules, table: Table, deals: int) -> None:
    """Refuse a seeded table its packs cannot deal to, or whose balances could pass 2**53 - 1."""
    problem = seating_problem(rules, len(table.seats), lambda n: f"use --set packs={n}")
    if problem is not None:
        fail(problem)
    problem = money_problem(rules, table, deals)
    if problem is not None:
        fail(f"{problem}: lower --bankroll, --max-stake or --deals")


def _counted(n: int, noun: str) -> str:
    """``1 deal``, ``2 deals``."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _scenario_summary(path: Path, scenario: Scenario) -> str:
    """The line a scenario played to its end gets: its deals, and what its expectations did."""
    played = f"{path}: {_counted(scenario.total_deals, 'deal')} played"
    if any(script.expect for script in scenario.deals):
        return f"{played}, every expectation held"
    return f"{played}, no expectations to check"


# check, rules, schema ----------------------------------------------------------------------------


P = ParamSpec("P")
R = TypeVar("R")


def _guarded(command: Callable[P, R]) -> Callable[P, R]:
    """Run ``command`` inside :func:`_stream_guard` (signals, write errors, closed pipes)."""

    @functools.wraps(command)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        with _stream_guard():
            return command(*args, **kwargs)

    return run


@app.command()
@_guarded
def check(
    files: Annotated[list[Path], typer.Argument(help="Scenario or rules files (TOML or JSON).")],
) -> None:
    """Validate scenario and rules files without playing; list every problem with file:line.

    Exit 0 when every file is good, 2 when any has a problem.

    \b
    Example: pontoon check scenarios/*.toml
    """
    out = _out()
    count = 0
    for path in files:
        try:
            problems = check_file(path)  # the same reading and verdict as play
        except PontoonError as err:
            problems = [Problem(str(path), 0, "", str(err))]
        for problem in problems:
            text = str(problem) if problem.line else problem.message
            out.write(f"{text}\n".encode())
        count += len(problems)
    bad = "no problems" if count == 0 else _counted(count, "problem")
    say(f"pontoon check: {_counted(len(files), 'file')}, {bad}")
    if count:
        raise typer.Exit(EXIT_INPUT)


@app.command("rules")
@_guarded
def rules_command(
    preset: Annotated[str | None, typer.Argument(help="A preset to show (default: list).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable JSON.")] = False,
) -> None:
    """List the presets, or show a preset's settings with the rule IDs they implement.

    \b
    Examples:
      pontoon rules
      pontoon rules traditional --json
    """
    if preset is None:
        if as_json:
            _write_json({"presets": list(PRESETS)})
            return
        out = _out()
        for name in PRESETS:
            out.write(f"{name}\n".encode())
        return
    try:
        rules = Rules.preset_named(preset)
    except PontoonError as err:
        fail(str(err))
    values = rules.to_dict()
    rows = [(name, values[name], ids, help_) for name, _, ids, help_ in setting_info()]
    if as_json:
        _write_json(
            {
                "preset": preset,
                "settings": [
                    {"name": n, "value": v, "rules": [r.strip() for r in ids.split(",")], "help": h}
                    for n, v, ids, h in rows
                ],
            }
        )
        return
    shown = [(n, _show_value(v), ids, h) for n, v, ids, h in rows]
    if not sys.stdout.isatty():  # plain columns for pipes and scripts
        head = ("setting", "value", "rules", "meaning")
        widths = [max(len(r[k]) for r in [head, *shown]) for k in range(3)]
        out = _out()
        for r in [head, *shown]:
            cells = [r[k].ljust(widths[k]) for k in range(3)]
            out.write(("  ".join([*cells, r[3]]) + "\n").encode())
        return
    table = RichTable(title=f"preset {preset}")
    for column in ("setting", "value", "rules", "meaning"):
        table.add_column(column, no_wrap=column != "meaning")
    for row in shown:
        table.add_row(*row)
    Console(no_color="NO_COLOR" in os.environ, highlight=False).print(table)


def _show_value(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


@app.command("schema")
@_guarded
def schema_command() -> None:
    """Print the JSON Schema of the log (format pontoon-log/1).

    \b
    Example: pontoon schema > pontoon-log.schema.json
    """
    _write_json(schema(), indent=True)


def _write_json(data: Any, indent: bool = False) -> None:
    option = orjson.OPT_APPEND_NEWLINE | (orjson.OPT_INDENT_2 if indent else 0)
    out = _out()
    out.write(orjson.dumps(data, option=option))
    out.flush()


# replay ----------------------------------------------------------------------------------------


@app.command()
def replay(
    logs: Annotated[
        list[str], typer.Argument(metavar="LOG", help="Log files (.gz too); - reads stdin.")
    ],
    fail_fast: Annotated[
        bool, typer.Option("--fail-fast", help="Stop at the first divergence.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Divergences as JSON lines.")] = False,
) -> None:
    """Re-deal every deal of each log and verify it; report the first divergence of each deal.

    One line per divergence on stdout, FILE:LINE: deal N: PLAYER hand K: FIELD recorded X, rules
    give Y (RULE-ID); a summary on stderr. Exit 0 when every deal verified, 1 on a divergence,
    2 on unreadable input (missing file, not JSON, truncated, a record the schema refuses).

    \b
    Examples:
      pontoon replay game.jsonl
      pontoon play --seed 7 --deals 100 | pontoon replay -
      pontoon replay --json --fail-fast day1.jsonl.gz day2.jsonl.gz
    """
    from pontoon_cli.render import ReplayView
    from pontoon_cli.replay import replay_logs

    view = ReplayView(_out(), sys.stderr)  # on a closed pipe, reads on to the exit code
    with _stream_guard():
        code = replay_logs(logs, view, fail_fast=fail_fast, as_json=as_json)
    raise typer.Exit(code)


# entry point -----------------------------------------------------------------------------------


@contextlib.contextmanager
def _stream_guard() -> Iterator[None]:
    """How every command ends when its output cannot go on (output.py).

    A stop signal (Ctrl-C, SIGTERM, SIGHUP...) exits 128 + its number, saying what was kept
    (whole lines only; a --out file keeps its whole deals); a write error is one line and exit 2;
    a closed pipe is quiet and does not change the exit code.
    """
    with stop_signals():
        try:
            yield
        except Interrupted as stop:
            _stopped(stop)
        except KeyboardInterrupt:  # SIGINT before the handler was in place
            _stopped(Interrupted(signal.SIGINT))
        except OutputError as err:
            fail(str(err))
        except BrokenPipeError:  # a stream not written through Guarded: the code is lost
            silence(sys.stdout)  # what Python flushes at exit goes nowhere, quietly
            raise typer.Exit(0) from None


def _stopped(stop: Interrupted) -> NoReturn:
    newline = "\n" if sys.stderr.isatty() else ""  # past the ^C the terminal echoed
    say(f"{newline}pontoon: {stop}")
    raise typer.Exit(stop.exit_code) from None


def main() -> None:
    """The ``pontoon`` console script."""
    try:
        with _stream_guard():
            app()
    except typer.Exit as done:  # raised by the guard itself, outside typer's own handling
        raise SystemExit(done.exit_code) from None
    except SystemExit as done:
        # typer's own answer to a closed pipe under text it prints itself (--help, --version)
        # is exit 1 and a quiet stdout; that text would have ended with 0.
        if done.code == 1 and type(sys.stdout).__name__ == "PacifyFlushWrapper":
            raise SystemExit(0) from None
        raise
