"""What every game takes from the base layer rather than writing it again: a game's deal made
through one hook (Shoot's kitty, S1), the stakes (T4.2, C3) and one strategy protocol."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.engine import SEATS, make_deal, run, table

import pontoon_cli
from pontoon_cli import games
from pontoon_cli._build import COMPILED
from pontoon_cli.base.deal import DealBase, LegalAction, Phase
from pontoon_cli.base.game import GameBase
from pontoon_cli.base.players import AutoPlayers, RandomStrategy, Strategy
from pontoon_cli.base.start import DealSetup
from pontoon_cli.casino.deal import CasinoDeal, CasinoGame
from pontoon_cli.casino.players import CASINO_STRATEGIES, Basic, CasinoPlayers
from pontoon_cli.core.cards import new_pack, parse_cards
from pontoon_cli.core.errors import IllegalAction
from pontoon_cli.core.events import Decision
from pontoon_cli.core.rng import Rng
from pontoon_cli.core.rules import PRESETS, Table
from pontoon_cli.scenario.play import BANKER_DOUBLE, SCRIPTED_GAMES, SHOOT_BET, ScriptedGame
from pontoon_cli.shoot.deal import ShootDeal, ShootGame
from pontoon_cli.shoot.kitty import Kitty
from pontoon_cli.traditional.deal import Deal
from pontoon_cli.traditional.game import Game
from pontoon_cli.traditional.players import STRATEGIES, seeded_game


def test_shoot_game_begins_a_deal_as_the_traditional_game_does_with_its_kitty_s1() -> None:
    """S1: a Shoot game's deal comes from Game.start_deal; only the deal it makes is its own,
    with the kitty the first banker put up."""
    assert "start_deal" not in ShootGame.__dict__
    rules = PRESETS["shoot"]
    game = ShootGame(rules, table(SEATS, bankroll=100), Rng(7))
    banker = game.banker
    deal = game.start_deal()
    assert isinstance(deal, ShootDeal)
    assert game.open_deal is deal and deal.number == game.deals_played == 1
    assert deal.kitty.amount == game.kitty == rules.kitty
    assert game.balances[banker] == 100 - rules.kitty  # S1: put up from his balance
    assert ShootGame.start_deal is Game.start_deal


# the stakes: written once in the base deal, each game's rule IDs and words its own -------------


def traditional_deal() -> DealBase:
    """ann, bob, carl with carl banking, balances of 15: ann and bob stake (T4.2)."""
    return make_deal(bankroll=15)


def casino_deal() -> DealBase:
    """ann and bob at a casino table, balances of 15: each seat stakes (C3)."""
    t = Table.build(["ann", "bob"], bankroll=15, house=True)
    return CasinoDeal(DealSetup(PRESETS["casino"], t, new_pack(1), dict(t.bankrolls)))


GAMES = {"traditional": traditional_deal, "casino": casino_deal}
# What each game refuses a stake under: not a whole number, past the limits, past the balance.
REFUSALS = {
    "traditional": ("T7.3", "T3.3", "T8.6", "the deal"),
    "casino": ("C3", "C3", "C3", "the round"),
}
# The rule a stake out of turn breaks, and the rule the deal waits under at the stakes.
OUT_OF_TURN = {"traditional": ("T3.1", "T4.2"), "casino": ("C3", "C3")}


@pytest.mark.parametrize("game", GAMES)
def test_T4_2_C3_the_stake_and_its_check_are_the_base_deals(game: str) -> None:
    deal = GAMES[game]()
    cls = type(deal)
    for name in ("stake", "stake_problem", "_find_actor", "legal_actions", "_turn_problem"):
        assert getattr(cls, name) is getattr(DealBase, name), name
    assert deal.actor == ("ann", 1)
    assert deal.expected_decision() == "ann to stake"
    assert deal.legal_actions() == [LegalAction("stake", 1, 10)]


@pytest.mark.parametrize("game", GAMES)
def test_T4_2_C3_a_stake_is_refused_under_the_games_own_rule(game: str) -> None:
    deal = GAMES[game]()
    whole, limits, balance, _ = REFUSALS[game]
    for amount, rule, message in [
        (0, whole, "cannot stake 0: amounts are whole units of 1 or more"),
        (11, limits, "cannot stake 11: the stake must be from 1 to 10"),
    ]:
        problem = deal.stake_problem("ann", amount)
        assert problem is not None and (problem.rule, problem.reason) == (rule, message)
        assert not deal.can("stake", "ann", 1, amount)
    deal.stake("ann", 10)
    assert deal.actor == ("bob", 1) and deal.current_hand() is deal.hands["bob"][0]
    deal.staked_at[deal.seat_at("bob")] = 10  # what bob has on the table elsewhere leaves him 5
    problem = deal.stake_problem("bob", 6)
    assert problem is not None
    assert (problem.rule, problem.reason) == (balance, "cannot stake 6 with a balance of 5")


@pytest.mark.parametrize("game", GAMES)
def test_T4_2_C3_after_the_last_stake_the_deal_goes_on_by_itself(game: str) -> None:
    deal = GAMES[game]()
    deal.stake("ann", 2)
    event = deal.stake("bob", 3)
    assert (event.player, event.hand, event.action, event.amount) == ("bob", 1, "stake", 3)
    assert deal.on_table["ann"] == 2 and deal.on_table["bob"] == 3
    assert deal.phase is not Phase.STAKES
    problem = deal.stake_problem("ann", 1)
    assert problem is not None
    assert problem.reason == f"cannot stake now: {REFUSALS[game][3]} is at the {deal.phase.value}"


def test_T8_5_the_stakes_void_a_deal_whose_pack_runs_out() -> None:
    """T8.5: the traditional deal's hook voids the deal when the second card finds no pack."""
    t = table()
    deal = Deal(
        DealSetup(PRESETS["traditional"], t, parse_cards("2C 3C 4C"), dict(t.bankrolls)), "carl"
    )
    deal.stake("ann", 1)
    deal.stake("bob", 1)
    assert deal.void and deal.phase is Phase.END and deal.actor is None
    assert deal.end_rule() == "T8.5" and deal.expected_decision() == "the deal is over"


# one strategy protocol, one random strategy -----------------------------------------------------


def test_every_games_strategies_answer_a_word_and_an_amount() -> None:
    """T5, C6: every game's strategies are players_base.Strategy; play answers (word, amount)."""
    for factory in [*STRATEGIES.values(), *CASINO_STRATEGIES.values()]:
        assert isinstance(factory(Rng(1)), Strategy)
    deal = casino_deal()
    deal.stake("ann", 1)
    deal.stake("bob", 1)
    assert Basic().play(deal, "ann", 1) in {("hit", None), ("stand", None), ("double", None)}


def test_one_random_strategy_serves_every_game_t4_2_c3() -> None:
    """The traditional and the casino ``random`` are one class; at a casino table it stakes the
    minimum (C3), in the traditional game a uniform stake from the legal range (T4.2)."""
    traditional, casino = STRATEGIES["random"](Rng(5)), CASINO_STRATEGIES["random"](Rng(5))
    assert type(traditional) is type(casino) is RandomStrategy
    assert {casino.stake(casino_deal(), "ann") for _ in range(20)} == {1}
    assert {traditional.stake(traditional_deal(), "ann") for _ in range(200)} == set(range(1, 11))
    source = Path(__file__).resolve().parents[2] / "pontoon_cli" / "casino" / "players.py"
    imports = [line for line in source.read_text().splitlines() if "import" in line]
    assert not [line for line in imports if "strategies" in line]


# one scripted-deal driver: each game's optional decisions as a list -----------------------------


def test_every_game_has_its_scripted_play_and_its_optional_decisions_v3_s2() -> None:
    """V3 (the banker's double) and S2 (the round of shoot bets) are the optional decisions a
    script may take or leave; a casino table has none; a left-over action breaks T5 or C6."""
    assert set(SCRIPTED_GAMES) == set(games.PLAYED)
    assert SCRIPTED_GAMES["traditional"] == ScriptedGame((BANKER_DOUBLE,), "T5")
    assert SCRIPTED_GAMES["shoot"] == ScriptedGame((BANKER_DOUBLE, SHOOT_BET), "T5")
    assert SCRIPTED_GAMES["casino"] == ScriptedGame((), "C6")
    assert (BANKER_DOUBLE.phase, BANKER_DOUBLE.words) == (
        Phase.BANKER_DOUBLE,
        ("double", "no_double"),
    )
    assert (SHOOT_BET.phase, SHOOT_BET.words) == (Phase.SHOOT, ("shoot",))


def test_v3_declining_the_banker_double_is_a_logged_no_double() -> None:
    """V3: a script whose next word is no double leaves the stakes as they are: no_double."""
    doubles = PRESETS["traditional"].with_overrides({"banker_doubles": True})
    deal = make_deal("AH 9C KD  KS 8C 6D", rules=doubles)
    deal.stake("ann", 2)
    deal.stake("bob", 3)
    assert deal.phase is Phase.BANKER_DOUBLE
    BANKER_DOUBLE.decline(deal, "carl")
    assert Decision("carl", 1, "no_double") in deal.events and not deal.doubled
    assert deal.phase is Phase.PUNTERS


def test_s2_passing_a_shoot_bet_is_no_decision() -> None:
    """S2: a punter who passes in the round of shoot bets makes no logged decision."""
    t = table(SEATS, bankroll=100)
    deal = ShootDeal(
        DealSetup(PRESETS["shoot"], t, new_pack(1), dict(t.bankrolls)), "carl", Kitty(30)
    )
    deal.stake("ann", 2)
    deal.stake("bob", 3)
    assert deal.phase is Phase.SHOOT and deal.actor == ("ann", 1)
    before = len(deal.events)
    SHOOT_BET.decline(deal, "ann")
    assert len(deal.events) == before and deal.actor == ("bob", 1)


@pytest.mark.parametrize("game", GAMES)
def test_T3_1_C3_a_stake_out_of_turn_names_whose_turn_it_is(game: str) -> None:
    deal = GAMES[game]()
    out_of_turn, waits = OUT_OF_TURN[game]
    assert deal.turn_rule() == waits
    problem = deal.stake_problem("bob", 1)
    assert problem is not None
    assert (problem.rule, problem.reason) == (out_of_turn, "cannot stake: it is ann's turn")


class _Answers(Strategy[DealBase]):
    """Stakes 2, then answers ``word`` with ``amount`` on every hand."""

    def __init__(self, word: str, amount: int | None) -> None:
        self.word = word
        self.amount = amount

    def stake(self, deal: DealBase, player: str) -> int:
        return 2

    def play(self, deal: DealBase, player: str, hand: int) -> tuple[str, int | None]:
        return self.word, self.amount


@pytest.mark.skipif(
    pontoon_cli.BUILD == COMPILED, reason="a Python class cannot extend the compiled Strategy"
)
@pytest.mark.parametrize(
    ("preset", "word", "amount", "rule", "message"),
    [
        ("traditional", "buy", None, "T5.3", "buy needs an amount"),
        ("traditional", "split", 2, "T5.2", "split takes no amount"),
        ("traditional", "burn", 1, "V8", "burn takes no amount"),
        ("traditional", "hop", None, "T5", "unknown action 'hop'"),
        ("casino", "double", 2, "C7", "double takes no amount"),
        ("casino", "split", 2, "C8", "split takes no amount"),
        ("casino", "buy", 3, "T5.3", "unknown action 'buy'"),
    ],
)
def test_T5_C6_the_automatic_players_answer_is_checked_as_act_checks_a_word(
    preset: str, word: str, amount: int | None, rule: str, message: str
) -> None:
    """The automatic players take a built-in answer by its own method; an answer with an amount
    where its word takes none (or none where it needs one), or a word of no game's, is refused
    by act()'s word check, citing the word's own rule."""
    rules = PRESETS[preset]
    t = Table.build(["ann", "bob"], bankroll=50, house=preset == "casino")
    game: GameBase
    auto: AutoPlayers
    if preset == "casino":
        game, auto = CasinoGame(rules, t, Rng(3)), CasinoPlayers(t.seats, Rng(4))
        auto.player = {p: _Answers(word, amount) for p in t.seats}
    else:
        game, players = seeded_game(rules, t, 3)
        players.punter = {p: _Answers(word, amount) for p in t.seats}
        auto = players
    with pytest.raises(IllegalAction) as caught:
        for _ in range(20):  # until a punter decides (a banker's pontoon ends a deal first)
            auto.play_deal(game)
    assert (caught.value.rule, caught.value.reason[: len(message)]) == (rule, message)


def test_T7_T8_6_a_deal_gives_each_seats_hands_net_and_open_stakes_by_name() -> None:
    """Inside the deal a seat is its place in turn; by name, ``hands``, ``nets`` and ``on_table``
    give the punters in turn from the banker's left (T3.1), the banker's net last (T7), and
    nothing for a seat sitting the deal out (T8.6)."""
    bankroll = {"ann": 10, "bob": 0, "carl": 10, "dan": 10}
    deal = make_deal(
        "TH TD 9C 9H 8D 7S", seats=("ann", "bob", "carl", "dan"), banker="carl", bankroll=bankroll
    )
    assert (deal.punters, deal.sitting_out) == (["dan", "ann"], ["bob"])
    assert list(deal.hands) == ["dan", "ann"] and deal.hands["ann"] is deal.rows[1]
    run(deal, "dan stake 2; ann stake 3")
    assert deal.on_table == {"dan": 2, "ann": 3} and deal.available("ann") == 7
    with pytest.raises(KeyError):
        deal.available("bob")  # T8.6: he plays no hand this deal
    run(deal, "dan stick; ann stick; carl stay")  # 19 and 18 against the banker's 16
    assert list(deal.nets.items()) == [("dan", 2), ("ann", 3), ("carl", -5)]
    assert deal.on_table == {"dan": 0, "ann": 0}
