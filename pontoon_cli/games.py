"""The games registry: each preset's game definition (python-chess's ``find_variant``).

Everything that plays, writes, replays or shows a game asks the registry for the preset's game
class, its automatic players, its log record and the shape the views read of it, and the words
its messages use (who sits out, by which rule; who the punters play against), rather than
testing ``preset == ...``. The bounds the rules check before a game starts (the packs or the
shoe, the seats, the money) are the rules' own per-preset table (``rules.PRESET_BOUNDS``).

A preset's definition is made the first time it is asked for (:func:`game_of`), which imports its
game's modules then: ``pontoon play`` of the traditional game loads neither Shoot Pontoon's nor
casino Pontoon's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from pontoon_cli.base.game import GameBase
from pontoon_cli.base.players import AutoPlayers
from pontoon_cli.core.actions import CASINO_ACTIONS, SHOOT_ACTIONS, TRADITIONAL_ACTIONS, ActionTable
from pontoon_cli.core.errors import RulesError
from pontoon_cli.core.rng import Rng, session_rngs
from pontoon_cli.core.rules import HOUSE_PRESETS, Rules, Table, suggest
from pontoon_cli.logformat.deal_record import RecordWriter
from pontoon_cli.logformat.record import LineWriter


@dataclass(frozen=True, kw_only=True, slots=True)
class RecordShape:
    """What a preset's deal record holds, for ``show``, ``stats`` and ``diff`` (view_shape)."""

    preset: str
    house: str  # what the one the punters play against is called: "banker", "dealer"
    house_key: str | None  # the deal's field naming him; None: the house, not a seat (C3)
    house_hand: str  # the deal's field holding his hand
    bank_moves: bool  # the bank changes hands: "sale" (T8.4) and "next_banker" (T8.3)
    kitty: bool  # Shoot Pontoon's kitty (S1-S10)


#: A game of the rules at the table, its packs shuffled by the generator.
GameMaker = Callable[[Rules, Table, Rng], GameBase]
#: The automatic players of the seats, from the generator, with the punters' and banker's strategy.
PlayersMaker = Callable[[tuple[str, ...], Rng, str | dict[str, str], str], AutoPlayers]


@dataclass(frozen=True, kw_only=True)
class GameDefinition:
    """What a preset plays: the game class (its deal comes from ``Game.start_deal``), the
    automatic players and their strategies, the log record of a deal, its decision words, and
    the scenario keys it adds to or takes from the traditional game's."""

    preset: str
    game: GameMaker
    players: PlayersMaker
    record: RecordWriter
    line: LineWriter  # the record as the writer's text, piece by piece, without building it
    actions: ActionTable  # the decision words (pontoon_cli.core.actions)
    strategies: tuple[str, ...]  # the automatic players' strategy names
    #: why a strategy of theirs cannot play under the rules (None: it can)
    strategy_problem: Callable[[str, Rules], str | None] = lambda name, rules: None
    default_strategy: str = "default"  # the strategy when none is named
    table_keys: tuple[str, ...] = ()  # scenario [table] keys beyond the traditional ones
    deal_keys: tuple[str, ...] = ()  # scenario [[deal]] keys beyond the traditional ones
    expect_keys: tuple[str, ...] = ()  # scenario expect keys beyond the traditional ones
    #: scenario keys of the traditional game this one has not: key -> the reason, with its rule
    refused_keys: dict[str, str] = field(default_factory=dict)
    shape: RecordShape  # what its deal record holds, for the views
    seat: str = "punter"  # what a player who stakes is called in messages
    sit_out_rule: str = "T8.6"  # the rule that sits out a player who cannot cover the minimum
    stake_rule: str = "T3.3"  # the rule of the table's stake limits
    edge_of: str = "banker"  # whose edge simulate reports: the bank's, or the house's

    @property
    def house(self) -> bool:
        """A casino table: seats against the dealer, no banker (C3; rules.HOUSE_PRESETS)."""
        return self.preset in HOUSE_PRESETS


_NO_BANKER = "a casino table has no banker: the dealer is the house (C3)"


def _banker_game(
    preset: str,
    game: GameMaker,
    players: PlayersMaker,
    record: RecordWriter,
    line: LineWriter,
    actions: ActionTable,
    kitty: bool = False,
) -> GameDefinition:
    """A game with a banker at the table (T3.2), whose bank changes hands, played by the
    traditional game's strategies; with ``kitty``, Shoot Pontoon's kitty (S1-S10) and its
    scenario keys."""
    from pontoon_cli.traditional.players import STRATEGIES, strategy_problem

    return GameDefinition(
        preset=preset,
        game=game,
        players=players,
        record=record,
        line=line,
        actions=actions,
        strategies=tuple(STRATEGIES),
        strategy_problem=strategy_problem,
        table_keys=("kitty",) if kitty else (),
        deal_keys=("kitty_add",) if kitty else (),
        expect_keys=("kitty",) if kitty else (),
        shape=RecordShape(
            preset=preset,
            house="banker",
            house_key="banker",
            house_hand="banker_hand",
            bank_moves=True,
            kitty=kitty,
        ),
    )


def _traditional() -> GameDefinition:
    from pontoon_cli.traditional.game import Game
    from pontoon_cli.traditional.players import Players
    from pontoon_cli.traditional.record import traditional_line, traditional_record

    return _banker_game(
        "traditional", Game, Players, traditional_record, traditional_line, TRADITIONAL_ACTIONS
    )


def _shoot() -> GameDefinition:
    from pontoon_cli.shoot.deal import ShootGame
    from pontoon_cli.shoot.players import ShootPlayers
    from pontoon_cli.shoot.record import shoot_deal_line, shoot_deal_record

    return _banker_game(
        "shoot",
        ShootGame,
        ShootPlayers,
        shoot_deal_record,
        shoot_deal_line,
        SHOOT_ACTIONS,
        kitty=True,
    )


def _casino() -> GameDefinition:
    from pontoon_cli.casino.deal import CasinoGame
    from pontoon_cli.casino.players import (
        CASINO_STRATEGIES,
        DEFAULT_CASINO_STRATEGY,
        CasinoPlayers,
    )
    from pontoon_cli.casino.record import casino_deal_line, casino_deal_record

    return GameDefinition(
        preset="casino",
        game=CasinoGame,
        players=CasinoPlayers,
        record=casino_deal_record,
        line=casino_deal_line,
        actions=CASINO_ACTIONS,
        strategies=tuple(CASINO_STRATEGIES),
        default_strategy=DEFAULT_CASINO_STRATEGY,
        expect_keys=("dealer_class",),
        refused_keys={
            "banker": _NO_BANKER,
            "banker_strategy": _NO_BANKER,
            "sell_bank": _NO_BANKER,
            "banker_class": _NO_BANKER + "; expect dealer_class",
            "next_banker": _NO_BANKER,
            "dealer": "the dealer has no choices: he plays by his rule, so no script (C9)",
        },
        shape=RecordShape(
            preset="casino",
            house="dealer",
            house_key=None,
            house_hand="dealer_hand",
            bank_moves=False,
            kitty=False,
        ),
        seat="seat",
        sit_out_rule="C3",
        stake_rule="C3",
        edge_of="house",
    )


#: How each preset's game definition is made: the first time it is asked for, which imports that
#: game's modules only (``pontoon play`` of one game loads no other).
_DEFINE: Final[dict[str, Callable[[], GameDefinition]]] = {
    "traditional": _traditional,
    "shoot": _shoot,
    "casino": _casino,
}
#: The presets with a game, in the registry's order.
PLAYED: Final[tuple[str, ...]] = tuple(_DEFINE)
_defined: dict[str, GameDefinition] = {}  # each preset's definition, once made


def game_of(preset: str) -> GameDefinition:
    """The game definition of ``preset`` (made, and its game's modules imported, once);
    RulesError for a preset without a game."""
    found = _defined.get(preset)
    if found is None:
        define = _DEFINE.get(preset)
        if define is None:
            raise RulesError(f"no game for preset {preset!r}{suggest(preset, _DEFINE)}")
        found = define()
        _defined[preset] = found
    return found


def all_games() -> dict[str, GameDefinition]:
    """Every preset's game definition, in the registry's order (the views read every shape)."""
    return {preset: game_of(preset) for preset in PLAYED}


def find_game(rules: Rules) -> GameDefinition:
    """The game definition of ``rules``' preset (Rules refuses a preset without a game)."""
    return game_of(rules.preset)


def new_game(rules: Rules, table: Table, rng: Rng) -> GameBase:
    """A game of ``rules``' preset at ``table``."""
    return find_game(rules).game(rules, table, rng)


def seeded_game(
    rules: Rules, table: Table, seed: int, punter: str = "default", banker: str = "default"
) -> tuple[GameBase, AutoPlayers]:
    """A game of ``rules``' preset and its automatic players, both from ``seed``
    (docs/explanation/determinism.md); for the traditional preset the same as
    ``strategies.seeded_game``."""
    game_rng, players_rng = session_rngs(seed)
    definition = find_game(rules)
    return definition.game(rules, table, game_rng), definition.players(
        table.seats, players_rng, punter, banker
    )
