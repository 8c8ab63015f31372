"""``pontoon play``: its options, which of them go together, and seeded or scripted play."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from pontoon_cli.api.arguments import check_seats, fresh_seed, rules_named
from pontoon_cli.api.playing import check_table, chosen_strategies
from pontoon_cli.cli.app import (
    EXIT_INPUT,
    EXIT_RULES,
    MOST_DIGITS,
    WHOLE_NUMBER,
    command,
    counted,
    fail,
    keep_inputs,
    raw_stdout,
    rules_file,
    say,
    strategy_file,
    stream_guard,
)
from pontoon_cli.cli.options import (
    BankerStrategy,
    RulesOption,
    out_option,
    players_option,
    seed_option,
    set_option,
    strategy_option,
)
from pontoon_cli.core.errors import ExpectationError, IllegalAction, PontoonError, ScenarioError
from pontoon_cli.core.limits import MAX_SAFE_INT, int_problem, name_problem
from pontoon_cli.core.rules import (
    CARDS_PER_SEAT,
    MOST_PACKS,
    MOST_SEATS,
    Rules,
    Table,
    setting_info,
)
from pontoon_cli.games import find_game
from pontoon_cli.log.writer import LogWriter

if TYPE_CHECKING:
    from pontoon_cli.render.console import PlayProgress

# play ------------------------------------------------------------------------------------------


def parse_settings(items: list[str]) -> dict[str, Any]:
    settings: dict[str, Any] = {}
    # a setting whose values are words takes the word as written (pontoon_grades=none, V7)
    words = {name for name, default, _, _ in setting_info() if isinstance(default, str)}
    for item in items:
        key, eq, raw = item.partition("=")
        if not eq or not key.strip():
            fail(f"--set {item!r}: expected OPTION=VALUE, e.g. --set stick_minimum=16")
        key = key.strip()
        settings[key] = raw if key in words else _parse_value(raw)
    return settings


def _parse_value(raw: str) -> Any:
    """``true``/``false``, ``null``/``none``, a whole number as every option reads one (ASCII
    digits, a minus sign at most: ``+16``, ``1_6``, `` 16`` and ``１６`` stay text, which the
    setting then refuses), or the text itself."""
    lowered = raw.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if lowered in ("null", "none"):
        return None
    whole = WHOLE_NUMBER.fullmatch(raw) and len(raw.lstrip("-")) <= MOST_DIGITS
    return int(raw) if whole else raw


def _money(help_: str) -> Any:
    """An ``AMOUNT`` of money: ``--bankroll``, ``--min-stake``, ``--max-stake``."""
    return typer.Option(metavar="AMOUNT", help=help_)


@command(short_help="Play deals; write the JSON-lines log.")
def play(
    scenario: Annotated[
        Path | None,
        typer.Argument(
            metavar="[SCENARIO]", help="A scenario file (TOML or JSON); without it, seeded play."
        ),
    ] = None,
    seed: Annotated[int | None, seed_option("Seed for the shuffle and the players.")] = None,
    deals: Annotated[
        int | None,
        typer.Option("--deals", "--hands", metavar="N", help="How many deals.  [default: 10]"),
    ] = None,
    players: Annotated[int | None, players_option("Seats p1...pN, banker included.")] = None,
    player: Annotated[
        list[str] | None,
        typer.Option(
            "--player",
            metavar="NAME",
            help="A player's name; repeat, clockwise.  [default: from --players]",
        ),
    ] = None,
    banker: Annotated[
        str | None,
        typer.Option(metavar="NAME", help="The first banker.  [default: cut for the bank, T3.2]"),
    ] = None,
    rules: RulesOption = None,
    set_: Annotated[list[str] | None, set_option("stick_minimum=16")] = None,
    bankroll: Annotated[int | None, _money("Everyone's starting balance.  [default: 1000]")] = None,
    min_stake: Annotated[int | None, _money("Least initial stake (T3.3).  [default: 1]")] = None,
    max_stake: Annotated[int | None, _money("Most initial stake (T3.3).  [default: 10]")] = None,
    strategy: Annotated[
        str | None,
        strategy_option(
            "The punters' strategy: default, random or equilibrium (heads-up traditional's "
            "solved equilibrium); under --rules casino, basic (its "
            "default), dealer-mimic or random (scenarios: strict too); or your own, "
            "MODULE:NAME or FILE.py:NAME (docs/how-to/own-strategy.md).  [default: default]"
        ),
    ] = None,
    banker_strategy: BankerStrategy = None,
    out: Annotated[Path | None, out_option("Write the log to FILE")] = None,
) -> None:
    """Play deals and write the JSON-lines log: one header line, then one line per deal.

    Without a scenario, automatic players play seeded deals; the defaults shown are for that.
    With a scenario file, its stacked cards and scripted decisions are played and its expectations
    checked; an option given here wins over the file.

    \b
    Examples:
      pontoon play --seed 7 --deals 3 --players 4
      pontoon play scenarios/t7-banker-bust.toml
      pontoon play --seed 1 --deals 1000 --out game.jsonl
      pontoon play --rules shoot --seed 7 --deals 5
      pontoon play --seed 7 --deals 5 --set banker_doubles=true --set burn_on=13
    """
    table = TableOptions.given(
        scenario=scenario,
        seed=seed,
        deals=deals,
        players=players,
        player=player,
        banker=banker,
        bankroll=bankroll,
        min_stake=min_stake,
        max_stake=max_stake,
    )
    game = GameOptions.given(rules, set_, strategy, banker_strategy)
    with stream_guard():
        _play(
            scenario=scenario,
            seed=seed,
            deals=deals,
            game_options=game,
            table_options=table,
            out=out,
        )


@dataclass(frozen=True, kw_only=True)
class TableOptions:
    """The table the command line gives (``play``, ``simulate``); None: not given, so the
    scenario's or the default."""

    players: tuple[str, ...] | None = None  # the seats, clockwise
    players_option: int | None = None  # --players N as given: seeded play wants 2 or more
    banker: str | None = None
    bankroll: int | None = None
    min_stake: int | None = None
    max_stake: int | None = None

    @staticmethod
    def given(
        *,
        scenario: Path | None = None,
        seed: int | None = None,
        deals: int | None = None,
        players: int | None = None,
        player: list[str] | None = None,
        banker: str | None = None,
        bankroll: int | None = None,
        min_stake: int | None = None,
        max_stake: int | None = None,
    ) -> TableOptions:
        """The options as typed, checked (:func:`_check_play_options`; ``scenario``, ``seed``
        and ``deals`` are checked with them): ``--player`` names the seats, else ``--players N``
        p1..pN."""
        _check_play_options(
            scenario, seed, deals, players, player, banker, (bankroll, min_stake, max_stake)
        )
        seats = None
        if player:
            seats = tuple(player)
        elif players is not None:
            seats = tuple(f"p{i}" for i in range(1, players + 1))
        return TableOptions(
            players=seats,
            players_option=None if player else players,
            banker=banker,
            bankroll=bankroll,
            min_stake=min_stake,
            max_stake=max_stake,
        )

    def scenario_table(self) -> dict[str, Any]:
        """The keys given, as a scenario's ``[table]`` they override."""
        keys: dict[str, Any] = {}
        if self.players is not None:
            keys["players"] = list(self.players)
        for key, value in (
            ("banker", self.banker),
            ("bankroll", self.bankroll),
            ("min_stake", self.min_stake),
            ("max_stake", self.max_stake),
        ):
            if value is not None:
                keys[key] = value
        return keys


@dataclass(frozen=True, kw_only=True)
class GameOptions:
    """The game the command line names: ``--rules``, ``--set``, the strategies."""

    rules: str | None = None
    settings: dict[str, Any]
    strategy: str | None = None
    banker_strategy: str | None = None

    @staticmethod
    def given(
        rules: str | None,
        set_: list[str] | None,
        strategy: str | None,
        banker_strategy: str | None,
    ) -> GameOptions:
        """The options as typed, ``--set`` read (:func:`parse_settings`, exit 2 on a bad one)."""
        return GameOptions(
            rules=rules,
            settings=parse_settings(set_ or []),
            strategy=strategy,
            banker_strategy=banker_strategy,
        )


def game_files(
    rules: str | None, strategy: str | None, banker_strategy: str | None
) -> tuple[tuple[str, str | None], ...]:
    """The files ``--rules``, ``--strategy`` and ``--banker-strategy`` name, as
    :func:`~pontoon_cli.cli.app.keep_inputs` takes them: no output may replace one."""
    return (
        ("the rules file", rules_file(rules)),
        ("the strategy file", strategy_file(strategy)),
        ("the banker's strategy file", strategy_file(banker_strategy)),
    )


def say_seed(seed: int) -> None:
    """Tell the fresh seed seeded play drew, and how to play the same again."""
    say(f"pontoon: seed {seed} (repeat this run with --seed {seed})")


def _play(
    *,
    scenario: Path | None,
    seed: int | None,
    deals: int | None,
    game_options: GameOptions,
    table_options: TableOptions,
    out: Path | None,
) -> None:
    """One call of :func:`~pontoon_cli.api.playing.write_game`, and what the command says."""
    from pontoon_cli.api.playing import write_game

    files = game_files(game_options.rules, game_options.strategy, game_options.banker_strategy)
    keep_inputs("--out", out, ("the scenario file", scenario), *files)
    try:
        if scenario is not None:
            written = write_game(
                out,
                raw_stdout(),
                scenario=scenario,
                scenario_options=_scenario_options(seed, deals, game_options, table_options),
                settings=game_options.settings,
                progress=_progress,
            )
        else:
            rules, table = seeded_table(game_options, table_options)
            check_table(rules, table, deals or 10)  # before a seed is drawn and told
            if seed is None:
                seed = fresh_seed()
                say_seed(seed)
            written = write_game(
                out,
                raw_stdout(),
                rules,
                table,
                seed=seed,
                deals=deals or 10,
                strategy=game_options.strategy,
                banker_strategy=game_options.banker_strategy,
                progress=_progress,
            )
    except ExpectationError as err:
        _written(out, err.deals)
        say(str(err))
        raise typer.Exit(EXIT_RULES) from None
    except IllegalAction as err:
        fail(str(err), EXIT_RULES)
    except ScenarioError as err:
        if not err.problems:
            fail(str(err))
        for problem in err.problems:  # each problem of the scenario file, as check gives it
            say(problem)
        raise typer.Exit(EXIT_INPUT) from None
    except PontoonError as err:
        fail(str(err))
    _written(out, written.deals, written.where)
    if written.ended is not None:
        say(f"pontoon: {written.ended}")
    if scenario is not None:
        played = f"{scenario}: {counted(written.deals, 'deal')} played"
        held = "every expectation held" if written.expectations else "no expectations to check"
        say(f"{played}, {held}")


def _scenario_options(
    seed: int | None, deals: int | None, game: GameOptions, table: TableOptions
) -> dict[str, Any]:
    """The command line's options in a scenario file's own keys: they win over the file's."""
    options: dict[str, Any] = {
        k: v
        for k, v in (
            ("seed", seed),
            ("deals", deals),
            ("rules", game.rules),
            ("strategy", game.strategy),
            ("banker_strategy", game.banker_strategy),
        )
        if v is not None
    }
    table_keys = table.scenario_table()
    if table_keys:
        options["table"] = table_keys
    return options


def _progress(writer: LogWriter, total: int) -> PlayProgress:
    """A bar on a terminal's stderr while ``--out`` is written (not when the log is on stdout)."""
    from pontoon_cli.render.console import PlayProgress  # rich's progress: only when playing

    show = None if writer.is_file and not writer.to_terminal else False
    return PlayProgress(sys.stderr, total, writer.where, show=show)


def _written(out: Path | None, deals: int, where: str | None = None) -> None:
    """The one-line summary of ``--out``: how many deals, and where."""
    if out is not None and str(out) != "-":
        say(f"pontoon: {deals} deal{'' if deals == 1 else 's'} written to {where or out}")


def seeded_table(game: GameOptions, table: TableOptions) -> tuple[Rules, Table]:
    """The rules (``--rules``, ``--set``) and the table seeded play (``play``, ``simulate``)
    plays, or exit 2 naming the option: a casino table has no banker (C3) and seats one player
    or more, a table with a banker two or more."""
    rules = rules_named(game.rules)
    if game.settings:
        rules = rules.with_overrides(game.settings)
    house = find_game(rules).house
    if house:  # C3: the dealer is the house; nobody banks, nobody plays him
        for option, value in (
            ("--banker", table.banker),
            ("--banker-strategy", game.banker_strategy),
        ):
            if value is not None:
                fail(
                    f"{option}: a casino table has no banker: the dealer is the house and "
                    "plays by his rule (C3, C9); leave it out"
                )
    seats = list(table.players) if table.players is not None else ["p1", "p2", "p3", "p4"]
    if table.players_option is not None:
        check_seats(rules, len(seats))
    chosen_strategies(rules, game.strategy, game.banker_strategy)  # a name before the table
    given = table
    return rules, Table.seated(
        rules,
        seats,
        banker=given.banker,
        bankroll=1000 if given.bankroll is None else given.bankroll,
        min_stake=1 if given.min_stake is None else given.min_stake,
        max_stake=10 if given.max_stake is None else given.max_stake,
    )


# play: which options go together, and their ranges ----------------------------------------------


def _check_play_options(
    scenario: Path | None,
    seed: int | None,
    deals: int | None,
    players: int | None,
    player: list[str] | None,
    banker: str | None,
    money: tuple[int | None, int | None, int | None],
) -> None:
    """Refuse (exit 2, before anything is written) options that conflict or leave the limits.

    Integers stay within ±(2**53 - 1) and names are printable without whitespace
    (docs/reference/output.md, "Limits"); ``--players`` and ``--player`` are alternatives; a
    scenario names its own seats.
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
    bankroll, min_stake, max_stake = money
    for value, option, least in (
        (seed, "--seed", -MAX_SAFE_INT),
        (deals, "--deals", 1),
        (players, "--players", 1),  # 2 or more but at a casino table (C3): _play_seeded
        (bankroll, "--bankroll", 0),  # T8.6: 0 sits a player out, as in a scenario
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
