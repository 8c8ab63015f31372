"""The games registry: each preset's game definition (python-chess's ``find_variant``).

Everything that plays, writes or replays a game asks the registry for the preset's game class,
its automatic players and its log record, rather than testing ``preset == ...``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from pontoon_cli.actions import CASINO_ACTIONS, SHOOT_ACTIONS, TRADITIONAL_ACTIONS, ActionTable
from pontoon_cli.casino import CasinoGame
from pontoon_cli.casino_log import casino_deal_line, casino_deal_record
from pontoon_cli.casino_players import CASINO_STRATEGIES, DEFAULT_CASINO_STRATEGY, CasinoPlayers
from pontoon_cli.errors import RulesError
from pontoon_cli.game import Game
from pontoon_cli.game_base import GameBase
from pontoon_cli.log import LineWriter, RecordWriter, traditional_line, traditional_record
from pontoon_cli.players_base import AutoPlayers
from pontoon_cli.rng import Rng, session_rngs
from pontoon_cli.rules import Rules, Table, suggest
from pontoon_cli.shoot import ShootGame
from pontoon_cli.shoot_log import shoot_deal_line, shoot_deal_record
from pontoon_cli.shoot_players import ShootPlayers
from pontoon_cli.strategies import STRATEGIES, Players


@dataclass(frozen=True, kw_only=True)
class GameDefinition:
    """What a preset plays: the game class (its deal comes from ``Game.start_deal``), the
    automatic players and their strategies, the log record of a deal, its decision words, and
    the scenario keys it adds to or takes from the traditional game's."""

    preset: str
    game: Callable[[Rules, Table, Rng], GameBase]
    players: Callable[[tuple[str, ...], Rng, str | dict[str, str], str], AutoPlayers]
    record: RecordWriter
    line: LineWriter  # the record as the writer's bytes, without building it (log.deal_line)
    actions: ActionTable  # the decision words (pontoon_cli.actions)
    strategies: tuple[str, ...]  # the automatic players' strategy names
    default_strategy: str = "default"  # the strategy when none is named
    house: bool = False  # a casino table: seats against the dealer, no banker (C3)
    table_keys: tuple[str, ...] = ()  # scenario [table] keys beyond the traditional ones
    deal_keys: tuple[str, ...] = ()  # scenario [[deal]] keys beyond the traditional ones
    expect_keys: tuple[str, ...] = ()  # scenario expect keys beyond the traditional ones
    #: scenario keys of the traditional game this one has not: key -> the reason, with its rule
    refused_keys: dict[str, str] = field(default_factory=dict)


_NO_BANKER = "a casino table has no banker: the dealer is the house (C3)"

GAMES: dict[str, GameDefinition] = {
    "traditional": GameDefinition(
        preset="traditional",
        game=Game,
        players=Players,
        record=traditional_record,
        line=traditional_line,
        actions=TRADITIONAL_ACTIONS,
        strategies=tuple(STRATEGIES),
    ),
    "shoot": GameDefinition(
        preset="shoot",
        game=ShootGame,
        players=ShootPlayers,
        record=shoot_deal_record,
        line=shoot_deal_line,
        actions=SHOOT_ACTIONS,
        strategies=tuple(STRATEGIES),
        table_keys=("kitty",),
        deal_keys=("kitty_add",),
        expect_keys=("kitty",),
    ),
    "casino": GameDefinition(
        preset="casino",
        game=CasinoGame,
        players=CasinoPlayers,
        record=casino_deal_record,
        line=casino_deal_line,
        actions=CASINO_ACTIONS,
        strategies=tuple(CASINO_STRATEGIES),
        default_strategy=DEFAULT_CASINO_STRATEGY,
        house=True,
        expect_keys=("dealer_class",),
        refused_keys={
            "banker": _NO_BANKER,
            "banker_strategy": _NO_BANKER,
            "sell_bank": _NO_BANKER,
            "banker_class": _NO_BANKER + "; expect dealer_class",
            "next_banker": _NO_BANKER,
            "dealer": "the dealer has no choices: he plays by his rule, so no script (C9)",
        },
    ),
}


def find_game(rules: Rules) -> GameDefinition:
    """The game definition of ``rules``' preset."""
    try:
        return GAMES[rules.preset]
    except KeyError:  # pragma: no cover - Rules refuses an unknown preset
        raise RulesError(
            f"no game for preset {rules.preset!r}{suggest(rules.preset, GAMES)}"
        ) from None


def new_game(rules: Rules, table: Table, rng: Rng) -> GameBase:
    """A game of ``rules``' preset at ``table``."""
    return find_game(rules).game(rules, table, rng)


def seeded_game(
    rules: Rules, table: Table, seed: int, punter: str = "default", banker: str = "default"
) -> tuple[GameBase, AutoPlayers]:
    """A game of ``rules``' preset and its automatic players, both from ``seed`` (README,
    "Determinism"); for the traditional preset the same as ``strategies.seeded_game``."""
    game_rng, players_rng = session_rngs(seed)
    definition = find_game(rules)
    return definition.game(rules, table, game_rng), definition.players(
        table.seats, players_rng, punter, banker
    )
