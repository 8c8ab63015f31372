"""``pontoon strategy``: the best decision in every situation, by exact expected values."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, Final

import typer

from pontoon_cli.cli.app import (
    command,
    data_out,
    fail,
    guarded,
    keep_inputs,
    rules_file,
    say,
)
from pontoon_cli.cli.options import json_option, rules_option, set_option
from pontoon_cli.core.errors import PontoonError
from pontoon_cli.core.rules import Rules


@command("strategy", short_help="Compute the best play and the edge, exactly.")
@guarded
def strategy_command(
    rules: Annotated[str | None, rules_option("casino or traditional")] = None,
    set_: Annotated[list[str] | None, set_option("dealer_hits_soft_17=false")] = None,
    banker_stays: Annotated[
        int | None,
        typer.Option(
            metavar="N",
            help="Traditional: the banker stays on N or more, soft or hard, and draws below "
            "(4 to 21).  [default: 17]",
        ),
    ] = None,
    decks: Annotated[
        int | None,
        typer.Option(
            metavar="N",
            help="Casino: a finite shoe of N decks (1 to 8), fresh each round, one seat: the "
            "exact edges on it; 0: the infinite deck. The same as --set decks=N.  "
            "[default: the infinite deck]",
        ),
    ] = None,
    equilibrium: Annotated[
        bool,
        typer.Option(
            "--equilibrium",
            help="Traditional: the punter against a banker who sees what he shows and plays his "
            "best too (an equilibrium; no splits); the value of the bank. The preset's solve is "
            "shipped; other settings are solved at run time, about half a minute.",
        ),
    ] = False,
    values: Annotated[
        bool, typer.Option("--values", help="List the value of every choice in every situation.")
    ] = False,
    as_json: Annotated[
        bool, json_option("Write the whole calculation as JSON, for machines.")
    ] = False,
    write: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE", help="Write the JSON to FILE instead of stdout (-: stdout, as --json)."
        ),
    ] = None,
) -> None:
    """Compute the best decision in every situation and the edge it leaves, exactly.

    An expected-value recursion over an infinite deck (every card independent). Casino
    (C1-C11): each hand's hit, stand, double and split values against the dealer, and the house
    edge; the shipped `basic` table is `pontoon strategy --rules casino --json`. With --decks N
    (or --set decks=N), the exact edges of `basic`, dealer-mimic and the best play for the
    player's cards on a finite shoe of N decks, fresh each round, one seat: what `pontoon
    simulate --players 1 --set decks=N` measures (splits approximate). Traditional
    (T1-T8): one punter heads-up against a banker who stays on --banker-stays or more: stick,
    twist, buy (for the stake or the most allowed, T5.3) and split, and the banker's edge. With
    --equilibrium, the banker plays his best too, seeing what the punter shows (T6.1): both
    strategies, the game's value, its exploitability and the value of the bank (T8.3). A rich
    table on a terminal, plain text in a pipe; docs/explanation/strategy.md states every
    assumption.

    \b
    Examples:
      pontoon strategy --rules casino
      pontoon strategy --rules casino --set dealer_hits_soft_17=false --json | jq .edge.basic
      pontoon strategy --rules casino --decks 1
      pontoon strategy --rules traditional --banker-stays 16
      pontoon strategy --rules traditional --equilibrium --json | jq .bank_value
    """
    from pontoon_cli.cli.play import parse_settings

    settings = parse_settings(set_ or [])
    if decks is not None:
        if not 0 <= decks <= 8:
            fail(f"--decks must be 0 (the infinite deck) to 8, got {decks}")
        given = settings.get("decks", decks)
        if given != decks:
            fail(f"--decks {decks} and --set decks={given} disagree: give one of them")
        settings["decks"] = decks  # the same as --set decks=N (C1)
    try:
        if rules:
            from pontoon_cli.scenario.reader import load_rules_spec

            chosen = load_rules_spec(rules, Path.cwd())
        else:
            chosen = Rules()
        if settings:
            chosen = chosen.with_overrides(settings)
    except PontoonError as err:
        fail(str(err))
    if equilibrium:
        data, text = _equilibrium(chosen, banker_stays, values)
    else:
        calculation = _CALCULATIONS.get(chosen.preset)
        if calculation is None:
            fail(
                f"the {chosen.preset} preset is not calculated: use --rules "
                f"{' or '.join(_CALCULATIONS)}"
            )
        data, text = calculation(chosen, banker_stays, values, "decks" in settings)
    if write is not None and str(write) != "-":
        keep_inputs("--write", write, ("the rules file", rules_file(rules)))
        _write(write, data)
        say(f"pontoon strategy: written to {write}")
        return
    if as_json or write is not None:  # --write -: the JSON on stdout
        data_out().write(_dumps(data).encode())
        return
    if sys.stdout.isatty() and not equilibrium:
        from pontoon_cli.render.strategy import print_rich

        print_rich(data, values, _shoe(chosen))
        return
    data_out().write(text.encode())


def _casino_table(
    rules: Rules, banker_stays: int | None, values: bool, decks_given: bool
) -> tuple[dict[str, Any], str]:
    """C1-C11: the infinite-deck table, or the finite shoe's figures when decks were given."""
    if banker_stays is not None:
        fail("--banker-stays: a casino dealer draws by C9, not a chosen rule; leave it out")
    from pontoon_cli.solver import casino as strategy_casino

    problem = strategy_casino.unmodelled(rules)  # C1: the calculation's shoe is fresh each round
    if problem is not None:
        fail(problem)
    if decks_given and rules.decks:
        return _casino_shoe(rules, values)
    return _casino(rules, values)


def _traditional_table(
    rules: Rules, banker_stays: int | None, values: bool, decks_given: bool
) -> tuple[dict[str, Any], str]:
    """T1-T8: the punter's table against a banker who stays on ``banker_stays``."""
    return _traditional(rules, banker_stays, values)


def _casino(rules: Rules, values: bool) -> tuple[dict[str, Any], str]:
    from pontoon_cli.render import strategy as render_strategy
    from pontoon_cli.solver import casino as strategy_casino

    data = strategy_casino.table(strategy_casino.CasinoRules.from_rules(rules))
    if values:
        return data, render_strategy.values_text(data)
    return data, render_strategy.casino_text(data, _shoe(rules))


def _casino_shoe(rules: Rules, values: bool) -> tuple[dict[str, Any], str]:
    """The finite-shoe figures (C1: ``decks`` decks, fresh each round, one seat)."""
    from pontoon_cli.render import strategy as render_strategy
    from pontoon_cli.solver import casino as strategy_casino
    from pontoon_cli.solver import casino_shoe_report

    if values:
        fail(
            f"--values: the finite shoe of {rules.decks} decks gives the edges, not every "
            "situation's values; leave out --decks (and --set decks) for the infinite-deck table"
        )
    casino = strategy_casino.CasinoRules.from_rules(rules)
    data = casino_shoe_report.figures(casino, rules.decks)
    return data, render_strategy.shoe_text(data)


def _shoe(rules: Rules) -> int | None:
    """The rules' shoe the infinite-deck figures leave out (C1), or None (none, or infinite: 0)."""
    return rules.shoe_decks() or None


#: The calculation of each preset that has one (``pontoon strategy --rules PRESET``).
_CALCULATIONS: dict[str, Callable[[Rules, int | None, bool, bool], tuple[dict[str, Any], str]]] = {
    "traditional": _traditional_table,
    "casino": _casino_table,
}


def _banker_stays(banker_stays: int | None) -> int:
    from pontoon_cli.solver import traditional as strategy_traditional

    least = strategy_traditional.LEAST_BANKER_STAYS
    stays = strategy_traditional.BANKER_STAYS if banker_stays is None else banker_stays
    if not least <= stays <= 21:
        fail(f"--banker-stays must be {least} to 21, got {stays}")
    return stays


#: The presets whose heads-up equilibrium is calculated (strategy/equilibrium.py).
EQUILIBRIA: Final = frozenset({"traditional"})


def _equilibrium(
    rules: Rules, banker_stays: int | None, values: bool
) -> tuple[dict[str, Any], str]:
    """The heads-up equilibrium, the fixed banker on ``banker_stays`` beside it."""
    if rules.preset not in EQUILIBRIA:
        fail(
            f"--equilibrium: the traditional game only, not {rules.preset}; use --rules traditional"
        )
    if values:
        fail("--equilibrium: the strategies are probabilities, not values; leave out --values")
    from pontoon_cli.render.strategy_equilibrium import equilibrium_text
    from pontoon_cli.solver import equilibrium_table
    from pontoon_cli.solver import traditional as strategy_traditional

    problem = strategy_traditional.unmodelled(rules)
    if problem is not None:
        fail(problem)
    stays = _banker_stays(banker_stays)
    data = equilibrium_table.report(
        strategy_traditional.TraditionalRules.from_rules(rules, stays), stays
    )
    chances = equilibrium_table.situations(data)
    seen = equilibrium_table.seen_chances(data)
    return data, equilibrium_text(data, chances, seen)


def _traditional(
    rules: Rules, banker_stays: int | None, values: bool
) -> tuple[dict[str, Any], str]:
    from pontoon_cli.render import strategy as render_strategy
    from pontoon_cli.solver import traditional as strategy_traditional

    problem = strategy_traditional.unmodelled(rules)
    if problem is not None:
        fail(problem)
    stays = _banker_stays(banker_stays)
    data = strategy_traditional.table(
        strategy_traditional.TraditionalRules.from_rules(rules, stays)
    )
    if values:
        return data, render_strategy.values_text(data)
    return data, render_strategy.traditional_text(data)


def _dumps(data: dict[str, Any]) -> str:
    """The JSON text: the casino table as its data file (one situation a line), else indented."""
    from pontoon_cli.solver import casino as strategy_casino

    if data["format"] == strategy_casino.FORMAT:
        return strategy_casino.dumps(data)
    import json

    return json.dumps(data, indent=2) + "\n"


def _write(path: Path, data: dict[str, Any]) -> None:
    """The file whole or not at all, as ``play --out`` writes a log (a FIFO or a device as it
    is: only a regular file is ever replaced)."""
    from pontoon_cli.cli.app import raw_stdout
    from pontoon_cli.log.output import write_whole

    try:
        write_whole(str(path), _dumps(data).encode(), raw_stdout())
    except PontoonError as err:
        fail(str(err))
