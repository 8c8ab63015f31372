"""The shapes of what the API returns, for a type checker: the log's records, the ``simulate``
report and the ``stats`` figures, as :class:`typing.TypedDict` classes.

At run time every one of them is a plain ``dict`` (JSON's, as the log holds it): the types only
tell ``mypy --strict`` (or pyright) what each key holds, so ``deal["net"]`` is
``dict[str, int]`` and ``deal["hands"][0]["stake"]`` an ``int``. The keys and their meaning are
docs/log-format.md's; what differs between the presets is marked ``NotRequired``:

- every deal record has ``type``, ``deal``, ``pack`` and ``decisions``, and as ``pontoon play``
  writes it ``pack_state``, ``sat_out``, ``cards``, ``hands``, ``net`` and ``balance``;
- the traditional and Shoot games' deals add ``sale``, ``banker``, ``banker_hand``, ``void`` and
  ``next_banker``; Shoot's adds ``kitty`` (S1-S10); a casino round adds ``dealer_hand`` (C3);
- a third party's minimal log (read by :func:`~pontoon_cli.read_log`) may leave out every key
  its schema does not require, so code that reads other engines' logs tests ``"hands" in deal``.

``hands`` entries and the banker's or dealer's hand have a key ``class``, a Python keyword:
``hand["class"]``.
"""

from typing import Literal, NotRequired, TypedDict

__all__ = [
    "CardRecord",
    "DealRecord",
    "DecisionRecord",
    "EdgeFigures",
    "HandRecord",
    "HeaderRecord",
    "HouseHandRecord",
    "KittyMoveRecord",
    "KittyRecord",
    "LogRecord",
    "PlayerFigures",
    "RulesRecord",
    "SaleRecord",
    "SimulateReport",
    "StatsFigures",
    "StrategiesRecord",
    "TableFigures",
    "TableRecord",
]


# the header --------------------------------------------------------------------------------------


class RulesRecord(TypedDict, total=False):
    """The header's ``rules``: ``preset`` and its settings (``pontoon rules PRESET`` lists them),
    all of them in what ``pontoon play`` writes; a setting of another preset is absent. A third
    party's header may give only the settings that differ from the preset (``{}``: the
    traditional game's defaults)."""

    preset: str
    # the traditional game's and Shoot's (T1-T8, V1-V9)
    packs: int | None
    stick_minimum: int
    max_hands: int
    split_aces_only: bool
    no_bought_sure_thing: bool
    pontoon_pays: int
    banker_pontoon_collects: int
    royal_pontoon: bool
    pontoon_grades: str
    settlement: str
    banker_doubles: bool
    burn_on: int | None
    # Shoot's kitty (S1, S8-S10)
    kitty: int
    kitty_min: int
    kitty_max: int
    # the casino table's (C1, C8, C9)
    decks: int
    shuffle_every: int
    split_hands: int
    dealer_hits_soft_17: bool


class TableRecord(TypedDict):
    """The header's ``table``: who sits where and on what terms (T3); ``banker`` is None at a
    casino table (C3), where a third party may leave it out."""

    seats: list[str]
    banker: NotRequired[str | None]
    bankrolls: dict[str, int]
    min_stake: int
    max_stake: int


class StrategiesRecord(TypedDict):
    """The automatic players' strategies as the header names them; no ``banker`` at a casino
    table (C3)."""

    punter: str
    banker: NotRequired[str]


class HeaderRecord(TypedDict):
    """The first record of a log (docs/log-format.md, "The header record"). ``cut`` is absent at
    a casino table (C3) and in a third party's log that names the banker."""

    type: Literal["header"]
    format: str
    tool: NotRequired[str]
    rules: RulesRecord
    table: TableRecord
    cut: NotRequired[list[dict[str, str]]]
    seed: NotRequired[int | None]
    scenario: NotRequired[str | None]
    strategies: NotRequired[StrategiesRecord | None]


# a deal ------------------------------------------------------------------------------------------


class DecisionRecord(TypedDict):
    """One of a deal's ``decisions``: ``amount`` for a stake, a buy, a split, a double, a shoot
    bet."""

    player: str
    hand: int
    action: str
    amount: NotRequired[int]


class CardRecord(TypedDict):
    """One of a deal's ``cards``: the card (``"TH"``), to whom, face up or down."""

    player: str
    hand: int
    card: str
    up: bool


HandRecord = TypedDict(
    "HandRecord",
    {
        "player": str,
        "hand": int,
        "cards": str,
        "stake": int,
        "class": str,
        "total": int,
        "split": bool,
        "doubled": NotRequired[bool],
        "net": int,
        "rule": str,
    },
)
HandRecord.__doc__ = """One of a deal's ``hands``: a punter's hand at the end of the deal and its
settlement (``doubled`` in a casino round only, C7). Its key ``class`` is a keyword: read it as
``hand["class"]``."""

HouseHandRecord = TypedDict("HouseHandRecord", {"cards": str, "class": str, "total": int})
HouseHandRecord.__doc__ = """The banker's (``banker_hand``) or the dealer's (``dealer_hand``) hand:
its cards, class and total."""


class SaleRecord(TypedDict):
    """A sale of the bank before the deal (T8.4)."""

    seller: str
    buyer: str
    price: int


class KittyMoveRecord(TypedDict):
    """A move of money into (``amount`` > 0) or out of the kitty, by its rule (S1-S10);
    ``hand`` is None for the banker's moves before the deal."""

    rule: str
    player: str
    hand: int | None
    amount: int


class KittyRecord(TypedDict):
    """A Shoot deal's ``kitty``: what it held before, every move, what it holds after."""

    before: int
    moves: list[KittyMoveRecord]
    after: int


class DealRecord(TypedDict):
    """A deal's record (docs/log-format.md, "The deal record"): what every preset writes, and
    ``NotRequired`` what one preset writes and another not (see the module's docstring)."""

    type: Literal["deal"]
    deal: int
    sale: NotRequired[SaleRecord | None]
    banker: NotRequired[str]
    pack_state: NotRequired[Literal["shuffled", "continued", "stacked"]]
    pack: str
    sat_out: NotRequired[list[str]]
    decisions: list[DecisionRecord]
    cards: NotRequired[list[CardRecord]]
    hands: NotRequired[list[HandRecord]]
    banker_hand: NotRequired[HouseHandRecord]
    dealer_hand: NotRequired[HouseHandRecord]
    void: NotRequired[bool]
    net: dict[str, int]
    balance: NotRequired[dict[str, int]]
    next_banker: NotRequired[str]
    kitty: NotRequired[KittyRecord]


#: A record of a log: its header or one of its deals (tell them apart by ``record["type"]``).
LogRecord = HeaderRecord | DealRecord


# simulate's report ---------------------------------------------------------------------------


class EdgeFigure(TypedDict):
    """An edge: its estimate, standard error and 95% interval."""

    edge: float | None
    se: float | None
    ci95: list[float] | None


class EdgeFigures(TypedDict):
    """The bank's (the house's) edge: whose (``of``), per initial stake and per unit staked."""

    of: str
    per_initial_stake: EdgeFigure
    per_unit_staked: EdgeFigure


class SimulateTotals(TypedDict):
    gain: int
    initial_stakes: int
    staked: int
    hands: int


class HandClasses(TypedDict):
    """How often each hand class came, the punters' (``hands``) and the house's."""

    hands: dict[str, int]
    house: dict[str, int]


class SimulateReport(TypedDict):
    """What :func:`~pontoon_cli.simulate` returns, as ``pontoon simulate --json`` writes it
    (``pontoon_cli/simulate_schema.json``)."""

    tool: str
    rules: RulesRecord
    settings: dict[str, object]
    seats: list[str]
    strategies: StrategiesRecord
    min_stake: int
    max_stake: int
    bankroll: int
    seed: int
    rounds: int
    shard_rounds: int
    shards: int
    shard_seed: str
    house: str
    rounds_played: int
    edge: EdgeFigures
    totals: SimulateTotals
    mean_net_per_round: dict[str, float]
    hand_classes: HandClasses
    decisions: dict[str, int]


# stats' figures ------------------------------------------------------------------------------


class MeanFigure(TypedDict):
    """A mean and its standard error (None with too few to tell)."""

    mean: float | None
    se: float | None


class BalanceFigures(TypedDict):
    first: int
    last: int
    low: int
    high: int


class PlayerFigures(TypedDict):
    """One player's figures in :func:`~pontoon_cli.stats` (``players[name]``)."""

    deals: int
    hands: int
    banks: int
    net: int
    net_per_deal: MeanFigure
    hands_won: int
    hands_lost: int
    hands_tied: int
    win_rate: float | None
    lose_rate: float | None
    tie_rate: float | None
    classes: dict[str, int]
    busts: int
    splits: int
    doubles: int
    buys: int
    burns: int
    shoot_bets: int
    shoot_money: int
    balance: BalanceFigures


class BankFigures(TypedDict):
    """How long each bank lasted, in deals (None when no bank ended)."""

    count: int
    shortest: int | None
    longest: int | None
    mean: float | None


class TableFigures(TypedDict):
    """The table's figures in :func:`~pontoon_cli.stats`: against whom the punters play
    (``house``: ``"banker"`` or ``"dealer"``) names the keys of his gain, edge and classes."""

    house: str
    punter_hands: int
    deals_without_hands: int
    banker_gain_per_hand: NotRequired[MeanFigure]
    banker_edge_per_unit_staked: NotRequired[MeanFigure]
    banker_classes: NotRequired[dict[str, int]]
    dealer_gain_per_hand: NotRequired[MeanFigure]
    dealer_edge_per_unit_staked: NotRequired[MeanFigure]
    dealer_classes: NotRequired[dict[str, int]]
    banks: BankFigures
    pontoons_per_100_deals: float | None


class BankrollSeries(TypedDict):
    """A player's bankroll over time: from which deal, how many deals a point, and each point's
    ``[low, high, last]`` balance."""

    from_deal: int
    deals_per_point: int
    points: list[list[int]]


class StatsFigures(TypedDict):
    """What :func:`~pontoon_cli.stats` returns, as ``pontoon stats --json`` writes it."""

    preset: str | None
    logs: int
    games: int
    deals: int
    players: dict[str, PlayerFigures]
    table: TableFigures
    bankroll: dict[str, BankrollSeries]
