"""Playing from Python: a steppable game, seeded or scripted play, and writing the log.

:func:`new_game` gives a game a program drives decision by decision (PokerKit's ``State``:
``actor``, ``legal_actions()``, ``act()``); :func:`play` yields the records ``pontoon play``
writes; :func:`write_log` writes them as ``pontoon play`` does (a file whole, or a valid prefix
that the error reports).
The command ``pontoon play`` is option parsing, one call of :func:`write_game`, and its messages.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from pontoon_cli.api.arguments import (
    CLI_WORDS,
    PYTHON_WORDS,
    Words,
    check_play,
    check_rules_table,
    fresh_seed,
    rules_named,
)
from pontoon_cli.api.sinks import LogSink, Progress, Records, Sink
from pontoon_cli.base.deal import DealBase, LegalAction, Phase
from pontoon_cli.base.game import GameBase
from pontoon_cli.base.plugin import build, is_spec, recorded, strategy_given
from pontoon_cli.core.arguments import takes, whole
from pontoon_cli.core.errors import ExpectationError, IllegalAction, PontoonError, StrategyError
from pontoon_cli.core.events import BankSold
from pontoon_cli.core.rng import session_rngs
from pontoon_cli.core.rules import Rules, Table, money_problem, seating_problem
from pontoon_cli.games import GameDefinition, find_game, seeded_game
from pontoon_cli.log.output import OutStream
from pontoon_cli.log.writer import LogWriter, header_record

if TYPE_CHECKING:
    from pontoon_cli.api.types import DealRecord, HeaderRecord, LogRecord
    from pontoon_cli.base.seat import SeatStrategy

__all__ = [
    "ExpectationError",
    "Game",
    "Written",
    "new_game",
    "play",
    "write_log",
]


# a steppable game ---------------------------------------------------------------------------------


class Game:
    """A game a program drives one decision at a time, by the engine's own rules.

    ``actor`` is who decides now (``(player, hand)``), :meth:`legal_actions` what he may do,
    :meth:`act` does it (``"stake"`` with an amount at the stakes, then the game's words:
    ``twist``, ``buy``, ``stick``, ``split``…; ``hit``, ``stand``, ``double`` at a casino
    table). A deal starts by itself; when it ends its record is in :attr:`records` and the next
    one starts, until no seat can cover the minimum stake (``over``).

    >>> from pontoon_cli import new_game
    >>> game = new_game("traditional", seed=7)
    >>> game.actor
    ('p1', 1)
    >>> game.legal_actions()
    [LegalAction(action='stake', low=1, high=10)]
    >>> game.act("stake", 5)
    >>> game.actor
    ('p2', 1)
    """

    def __init__(self, rules: Rules, table: Table, seed: int) -> None:
        takes("Game()", "rules", rules, (Rules,), "a Rules")
        takes("Game()", "table", table, (Table,), "a Table")
        whole("Game()", "seed", seed)
        self.rules = rules
        self.table = table
        self.seed = seed
        self._definition = find_game(rules)
        self._game = self._definition.game(rules, table, session_rngs(seed)[0])
        self.records: list[DealRecord] = []  # each finished deal's record, in order
        self._deal: DealBase | None = None
        self._acted: list[tuple[str, int | None]] = []  # every decision taken: copy() retakes them
        record = header_record(rules, table, self._game, seed, strategies=None)
        self._header = cast("HeaderRecord", record)  # as the game starts: its first banker (T3.2)
        self._next()

    def __repr__(self) -> str:
        preset = self.rules.preset
        deal = self._deal
        if deal is None or deal.actor is None:
            return f"<Game {preset}: over after deal {self._game.deals_played}>"
        player, hand = deal.actor
        return (
            f"<Game {preset} deal {deal.number}, {deal.phase.value}: {player} hand {hand} to act>"
        )

    @property
    def header(self) -> HeaderRecord:
        """The log's header record for this game."""
        return self._header

    @property
    def over(self) -> bool:
        """True once no seat can cover the minimum stake (T8.6; C3): no deal starts."""
        return self._deal is None

    @property
    def deal_number(self) -> int:
        """The number of the deal in play (the last one once the game is over)."""
        return self._game.deals_played

    @property
    def balances(self) -> dict[str, int]:
        """Each seat's balance before the deal in play."""
        return dict(self._game.balances)

    @property
    def actor(self) -> tuple[str, int] | None:
        """Who decides now: (player, hand number); None once the game is over."""
        return None if self._deal is None else self._deal.actor

    def legal_actions(self) -> list[LegalAction]:
        """What the actor may do now: each action with its amount's range where it has one."""
        return [] if self._deal is None else self._deal.legal_actions()

    def is_legal(self, action: str, amount: int | None = None) -> bool:
        """Whether :meth:`act` takes ``action`` (with ``amount``) now: one of
        :meth:`legal_actions`, with an amount within its range exactly when it has one."""
        for legal in self.legal_actions():
            if legal.action == action:
                if legal.low is None or legal.high is None:
                    return amount is None
                return type(amount) is int and legal.low <= amount <= legal.high
        return False

    def copy(self) -> Game:
        """An independent game in this one's state (the packs' order and the generator's
        included): acting on either leaves the other as it was. It is dealt again from the
        seed with the same decisions, which give the same game (README, "Determinism"): its
        time grows with the decisions taken (some 60 ms after 200 deals, pure Python)."""
        twin = Game(self.rules, self.table, self.seed)
        for action, amount in self._acted:
            twin.act(action, amount)
        return twin

    def act(self, action: str, amount: int | None = None) -> None:
        """The actor takes ``action`` (with ``amount`` for a stake or a buy); raises
        :class:`~pontoon_cli.IllegalAction` naming the rule, the deal, the player and the hand
        when the rules forbid it."""
        takes("Game.act()", "action", action, (str,), "an action's name (a str)")
        takes("Game.act()", "amount", amount, (int, type(None)), "a whole number or None")
        deal = self._deal
        if deal is None or deal.actor is None:
            raise PontoonError("the game is over: no seat can cover the minimum stake")
        player, hand = deal.actor
        try:
            if deal.phase is Phase.STAKES and action == "stake":
                if amount is None:
                    raise PontoonError("Game.act(): a stake needs an amount (amount=)")
                deal.stake(player, amount)
            else:
                deal.act(player, hand, action, amount)
        except IllegalAction as err:
            if err.deal is not None:
                raise
            raise err.placed(self.deal_number) from None
        self._acted.append((action, amount))
        if deal.phase is Phase.END:
            self._game.finish_deal(deal)
            self.records.append(cast("DealRecord", self._definition.record(self._game, deal, None)))
            self._next()

    def _next(self) -> None:
        self._deal = self._game.start_deal() if self._game.can_deal() else None


def new_game(
    rules: Rules | str | os.PathLike[str] | None = None, table: Table | None = None, *, seed: int
) -> Game:
    """A :class:`Game` of ``rules`` (a Rules, a preset name or a rules file) at ``table`` (the
    default: :meth:`Table.seated`), its packs shuffled from ``seed``."""
    check_rules_table("new_game()", rules, table)
    whole("new_game()", "seed", seed)
    the_rules = rules_named(rules)
    return Game(the_rules, table if table is not None else Table.seated(the_rules), seed)


# seeded and scripted play -------------------------------------------------------------------------


class Written(NamedTuple):
    """What :func:`write_log` wrote: the deals, where (``stdout`` or the file as named), the seed
    played, why the game ended before the deals asked for (None when it did not), and for a
    scenario whether it held expectations (every one held, or ExpectationError was raised)."""

    deals: int
    where: str
    seed: int | None
    ended: str | None = None
    expectations: bool = False


class Seeded(NamedTuple):
    """What seeded play plays: the game's definition, the rules, the table, the seed and the
    punters' and banker's strategies as the header names them."""

    definition: GameDefinition
    rules: Rules
    table: Table
    seed: int
    punter: str
    banker: str

    @property
    def strategies(self) -> dict[str, str]:
        punter = recorded(self.punter)  # a strategy object: its name, or why it has none
        if self.definition.house:  # C3: no banker at a casino table
            return {"punter": punter}
        return {"punter": punter, "banker": recorded(self.banker)}

    def header(self, game: GameBase) -> dict[str, Any]:
        """The log's header record of ``game``, as it starts."""
        return header_record(self.rules, self.table, game, self.seed, strategies=self.strategies)


def chosen_strategies(
    rules: Rules,
    strategy: str | None = None,
    banker_strategy: str | None = None,
    words: Words = CLI_WORDS,
) -> tuple[str, str]:
    """The punters' and the banker's strategies as the header names them: ``default`` is the
    game's own (casino: basic), the banker plays the punters' unless told; a name the game does
    not know, or a banker's strategy at a casino table (C3), is refused in ``words``."""
    from pontoon_cli.core.rules import suggest

    definition = find_game(rules)
    if definition.house and banker_strategy is not None:
        raise PontoonError(
            f"{words.banker_strategy}: a casino table has no banker: the dealer is the house "
            "and plays by his rule (C3, C9); leave it out"
        )
    punter = strategy or definition.default_strategy
    if punter == "default":  # the game's own default: the header names it (casino: basic)
        punter = definition.default_strategy
    bank = banker_strategy or punter
    known = definition.strategies
    for name, option, as_banker in (
        (punter, words.strategy, False),
        (bank, words.banker_strategy if banker_strategy else words.strategy, True),
    ):
        if is_spec(name):
            if not (as_banker and definition.house):  # C3: nobody banks at a casino table
                _check_spec(name, option, as_banker, banker_strategy is None, words)
        elif name not in known and name != "default":
            hint = " (strict is for scenario files)" if name == "strict" else ""
            raise PontoonError(
                f"unknown strategy {name!r}{suggest(name, known)}{hint}; one of "
                f"{', '.join(known)}, or your own as MODULE:NAME or FILE.py:NAME"
            )
        else:
            problem = definition.strategy_problem(name, rules)
            if problem is not None:
                raise PontoonError(f"{option} {name}: {problem}")
    return punter, bank


def _check_spec(spec: str, option: str, as_banker: bool, same: bool, words: Words) -> None:
    """Load the user's strategy ``spec`` once, as the players will (refused before anything is
    written when it cannot be found, made, or lacks a method its role calls)."""
    from pontoon_cli.core.rng import Rng

    try:
        build(spec, Rng(0), as_banker)
    except StrategyError as err:
        hint = (
            f" (it banks too unless {words.banker_strategy} names another)"
            if as_banker and same
            else ""
        )
        raise PontoonError(f"{words.given(option, spec)}: {err}{hint}") from None


def seeded(
    rules: Rules | str | os.PathLike[str] | None,
    table: Table | None,
    seed: int | None,
    deals: int,
    strategy: str | None,
    banker_strategy: str | None,
    settings: dict[str, Any] | None = None,
    words: Words = CLI_WORDS,
) -> Seeded:
    """What seeded play plays: ``rules`` named (``settings``, ``--set``, applied last) at
    ``table`` (the default: :meth:`Table.seated`) from ``seed`` (a fresh one when None), once
    the strategies, the packs for the seats and the money within 2**53 - 1 are checked."""
    the_rules = rules_named(rules)
    if settings:
        the_rules = the_rules.with_overrides(settings)
    the_table = table if table is not None else Table.seated(the_rules)
    the_seed = fresh_seed() if seed is None else seed
    punter, bank = chosen_strategies(the_rules, strategy, banker_strategy, words)
    check_table(the_rules, the_table, deals, words)
    return Seeded(find_game(the_rules), the_rules, the_table, the_seed, punter, bank)


def check_table(rules: Rules, table: Table, deals: int, words: Words = CLI_WORDS) -> None:
    """Refuse a table its packs cannot deal to (T4.1, T4.3; C1), or whose balances could pass
    2**53 - 1 in ``deals`` deals."""
    problem = seating_problem(rules, len(table.seats), words.packs.format)
    if problem is not None:
        raise PontoonError(problem)
    problem = money_problem(rules, table, deals)
    if problem is not None:
        raise PontoonError(f"{problem}: {words.money}")


def play(
    rules: Rules | str | os.PathLike[str] | None = None,
    table: Table | None = None,
    *,
    seed: int | None = None,
    deals: int = 10,
    strategy: str | type | SeatStrategy | None = None,
    banker_strategy: str | type | SeatStrategy | None = None,
    scenario: str | os.PathLike[str] | None = None,
) -> Iterator[LogRecord]:
    """The records ``pontoon play`` writes, one at a time: the header, then each deal's.

    Seeded play (``seed``; a fresh one when None, named in the header) plays ``deals`` deals by
    the automatic players at ``table`` (the default: :meth:`Table.seated`): ``strategy`` and
    ``banker_strategy`` are a name or spec as ``--strategy`` takes it, or your own
    :class:`SeatStrategy` itself, a class (made once per seat and role) or an instance (shared
    by every seat). With ``scenario`` (a scenario file) the file's stacked cards and scripted
    decisions play instead; after its last deal, :class:`ExpectationError` is raised if an
    expectation failed.

    >>> from pontoon_cli import play
    >>> header, *deals = play("casino", seed=7, deals=3)
    >>> header["rules"]["preset"], len(deals), sorted(deals[0]["net"])
    ('casino', 3, ['p1', 'p2', 'p3', 'p4'])
    """
    check_play("play()", rules, table, seed, deals, scenario)
    if scenario is not None:  # a scenario is played whole, then its records are given
        sink = Records()
        try:
            _write_scenario(Path(scenario), {}, {}, sink)
        except ExpectationError as failed:
            return _given(cast("list[LogRecord]", sink.records), failed)
        return iter(cast("list[LogRecord]", sink.records))
    # checked now, at the call; played as the records are read
    punter = strategy_given("play()", "strategy", strategy)
    bank = strategy_given("play()", "banker_strategy", banker_strategy)
    what = seeded(rules, table, seed, deals, punter, bank, words=PYTHON_WORDS)
    return _played(what, deals)


def _played(what: Seeded, deals: int) -> Iterator[LogRecord]:
    record = what.definition.record
    for game, deal in _seeded_deals(what, deals):  # one deal at a time: memory stays flat
        yield cast("LogRecord", what.header(game) if deal is None else record(game, deal, None))


def _given(records: list[LogRecord], failed: ExpectationError) -> Iterator[LogRecord]:
    """A scenario's records, then its failed expectations raised."""
    yield from records
    raise failed


def write_log(
    out: str | os.PathLike[str] | OutStream,
    rules: Rules | str | os.PathLike[str] | None = None,
    table: Table | None = None,
    *,
    seed: int | None = None,
    deals: int = 10,
    strategy: str | type | SeatStrategy | None = None,
    banker_strategy: str | type | SeatStrategy | None = None,
    scenario: str | os.PathLike[str] | None = None,
) -> Written:
    """Write what :func:`play` yields to ``out`` (a path, ``.gz`` compressed by its name; or a
    stream, binary or text), as ``pontoon play --out`` does.

    A path is written whole; after a strategy's :class:`StrategyError`, the header and every
    whole deal before it (a log that replays: ``...; kept 6 deals in game.jsonl``); after any
    other error, ``KeyboardInterrupt`` too, nothing (an earlier file as it was). A stream gets
    each record whole, as it is played.

    >>> import io
    >>> from pontoon_cli import write_log
    >>> out = io.BytesIO()
    >>> write_log(out, seed=7, deals=2).deals
    2
    >>> out.getvalue().count(b"\\n")
    3
    """
    check_play("write_log()", rules, table, seed, deals, scenario)
    punter = strategy_given("write_log()", "strategy", strategy)
    bank = strategy_given("write_log()", "banker_strategy", banker_strategy)
    path, stream = (Path(out), None) if isinstance(out, (str, os.PathLike)) else (None, out)
    return write_game(
        path,
        stream,
        rules,
        table,
        seed=seed,
        deals=deals,
        strategy=punter,
        banker_strategy=bank,
        scenario=scenario,
        words=PYTHON_WORDS,
    )


def write_game(
    path: Path | None,
    stream: OutStream | None,
    rules: Rules | str | os.PathLike[str] | None = None,
    table: Table | None = None,
    *,
    seed: int | None = None,
    deals: int = 10,
    strategy: str | None = None,
    banker_strategy: str | None = None,
    scenario: str | os.PathLike[str] | None = None,
    scenario_options: dict[str, Any] | None = None,
    settings: dict[str, Any] | None = None,
    progress: Callable[[LogWriter, int], AbstractContextManager[Progress]] | None = None,
    words: Words = CLI_WORDS,
) -> Written:
    """:func:`write_log` with what the command adds: ``scenario_options`` (the command line's
    keys that win over the file's), ``settings`` (``--set``, applied last) and a ``progress``
    made for the writer and the deals asked for."""
    if scenario is not None:
        with LogWriter(path, stream) as writer, LogSink(writer, progress) as sink:
            played, expected = _write_scenario(
                Path(scenario), scenario_options or {}, settings or {}, sink
            )
        return Written(writer.deals, writer.where, played, expectations=expected)
    what = seeded(rules, table, seed, deals, strategy, banker_strategy, settings, words)
    with LogWriter(path, stream) as writer, LogSink(writer, progress) as sink:
        ended = _write_seeded(what, deals, sink)
    return Written(writer.deals, writer.where, what.seed, ended)


def _seeded_deals(what: Seeded, deals: int) -> Iterator[tuple[GameBase, DealBase | None]]:
    """Seeded play: the game before its first deal (None: its header's turn), then each deal
    as it ends."""
    game, auto = seeded_game(what.rules, what.table, what.seed, what.punter, what.banker)
    yield game, None
    for deal in auto.play(game, deals):
        yield game, deal


def _write_seeded(what: Seeded, deals: int, sink: Sink) -> str | None:
    """Seeded play into ``sink``; why the game ended early, or None."""
    sink.start(deals)
    definition = what.definition
    played = 0
    for game, deal in _seeded_deals(what, deals):
        if deal is None:
            sink.header(what.header(game))
        elif not sink.deal(definition, game, deal, None):
            return None  # `| head`: nobody reads on, and nothing can change the exit code 0
        played = game.deals_played
    if played < deals:
        return (
            f"the game ends after deal {played}: no {definition.seat} can cover the "
            f"minimum stake of {what.table.min_stake} ({definition.sit_out_rule})"
        )
    return None


def _write_scenario(
    path: Path, options: dict[str, Any], settings: dict[str, Any], sink: Sink
) -> tuple[int | None, bool]:
    """A scenario's play into ``sink`` (every deal, however its expectations go); the seed it
    played and whether it holds expectations. Raises ScenarioError listing the file's problems,
    IllegalAction placed at its line, and, after the last deal, ExpectationError."""
    from pontoon_cli.core.errors import ScenarioError
    from pontoon_cli.scenario.reader import describe_failures, load
    from pontoon_cli.scenario.reader import play as play_scenario

    scenario, problems = load(path, options=options, rule_settings=settings)
    if scenario is None:
        lines = tuple(str(p) for p in problems)
        raise ScenarioError("\n".join(lines), lines)
    definition = find_game(scenario.rules)
    strategies = {"punter": scenario.strategy}
    if not definition.house:  # C3: a casino table has no banker
        strategies["banker"] = scenario.banker_strategy
    sink.start(scenario.total_deals)
    played = 0

    def on_start(game: GameBase) -> None:
        sink.header(
            header_record(
                scenario.rules,
                scenario.table,
                game,
                scenario.seed,
                scenario=scenario.name or path.stem,
                strategies=strategies,
            )
        )

    def on_deal(game: GameBase, deal: DealBase, sale: BankSold | None) -> None:
        nonlocal played
        sink.deal(definition, game, deal, sale)  # on a closed pipe, play on: the expectations
        played += 1  # decide the exit code

    failures = play_scenario(scenario, on_start, on_deal)
    if failures:
        count = len(failures)
        raise ExpectationError(
            f"{path}: {count} expectation{'' if count == 1 else 's'} failed\n"
            + describe_failures(str(path), failures),
            played,
        )
    return scenario.seed, any(script.expect for script in scenario.deals)
