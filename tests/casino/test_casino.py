"""Casino Pontoon (C1-C11) end to end: seeded play through the CLI, the same bytes for the same
seed, money conserved between the seats and the house, every card of a shoe dealt once, the
dealer's rule (C9) and the settlement table (C2, C5, C6, C10, C11)."""

from __future__ import annotations

from collections import Counter

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pontoon_cli.base.deal import Phase
from pontoon_cli.base.start import DealSetup, PackState
from pontoon_cli.casino.deal import CasinoDeal, CasinoGame, dealer_draws
from pontoon_cli.casino.players import CasinoPlayers
from pontoon_cli.cli.main import app
from pontoon_cli.core.cards import Card, new_pack
from pontoon_cli.core.errors import IllegalAction, RulesError
from pontoon_cli.core.events import CardDealt
from pontoon_cli.core.hands import Hand, HandClass
from pontoon_cli.core.rules import PRESETS, Table
from pontoon_cli.core.settle import settle_casino
from pontoon_cli.games import seeded_game

runner = CliRunner()
CASINO = PRESETS["casino"]


def play(*args: str) -> tuple[int, list[dict[str, object]], str]:
    result = runner.invoke(app, ["play", "--rules", "casino", *args])
    return result.exit_code, [orjson.loads(x) for x in result.stdout.splitlines()], result.stderr


def stacked(pack: str, seats: tuple[str, ...] = ("ann",), bankroll: int = 100) -> CasinoDeal:
    """A round at a casino table whose shoe starts with ``pack`` (one deck follows it)."""
    table = Table.build(list(seats), bankroll=bankroll, house=True)
    cards = [Card.parse(t) for t in pack.split()] + new_pack(1)
    return CasinoDeal(DealSetup(CASINO, table, cards, dict(table.bankrolls)))


# seeded play ------------------------------------------------------------------------------------


@pytest.mark.parametrize("strategy", ["random", "dealer-mimic"])
def test_C1_C3_seeded_play_writes_a_log_and_the_same_seed_the_same_bytes(strategy: str) -> None:
    args = ["--seed", "1", "--deals", "200", "--players", "5", "--strategy", strategy]
    first = runner.invoke(app, ["play", "--rules", "casino", *args])
    again = runner.invoke(app, ["play", "--rules", "casino", *args])
    assert first.exit_code == 0, first.stderr
    assert first.stdout_bytes == again.stdout_bytes
    lines = [orjson.loads(x) for x in first.stdout.splitlines()]
    header, deals = lines[0], lines[1:]
    assert header["rules"] == {
        "preset": "casino",
        "decks": 8,
        "shuffle_every": 1,
        "split_hands": 3,
        "dealer_hits_soft_17": True,
    }
    assert header["table"]["banker"] is None and "cut" not in header
    assert header["strategies"] == {"punter": strategy}
    assert len(deals) == 200
    for d in deals:  # C1: a whole shoe of 8 decks, shuffled before every round
        assert d["pack_state"] == "shuffled"
        assert Counter(d["pack"].split()) == Counter(c.text for c in new_pack(8))


def test_C3_default_strategy_is_basic_and_stakes_the_minimum() -> None:
    code, lines, _ = play("--seed", "3", "--deals", "50", "--players", "2")
    assert code == 0
    assert lines[0]["strategies"] == {"punter": "basic"}
    for d in lines[1:]:
        stakes = [x for x in d["decisions"] if x["action"] == "stake"]  # type: ignore[union-attr]
        assert {x["amount"] for x in stakes} == {1}


def test_C6_C7_C8_basic_takes_the_tables_decisions() -> None:
    # hard 11 doubles, aces split, hard 16 in two cards stands, hard 12 hits (casino/basic.json)
    code, lines, _ = play("--seed", "3", "--deals", "400", "--players", "3", "--strategy", "basic")
    assert code == 0
    seen = Counter[str]()
    for d in lines[1:]:
        firsts = {}  # each hand's first decision after the stakes
        for x in d["decisions"]:  # type: ignore[union-attr]
            key = (x["player"], x["hand"])
            if x["action"] != "stake" and key not in firsts:
                firsts[key] = x["action"]
        dealt: dict[str, list[str]] = {}  # each seat's first two cards, as the deal gave them (C4)
        for c in d["cards"]:  # type: ignore[union-attr]
            if c["player"] != "dealer" and len(dealt.setdefault(c["player"], [])) < 2:
                dealt[c["player"]].append(c["card"])
        for player, first in dealt.items():
            action = firsts.get((player, 1))
            if action is None:  # a pontoon or a hard 21 is never asked (C6)
                continue
            values = [min(10, "A23456789TJQK".index(c[0]) + 1) for c in first]
            if values == [1, 1]:
                assert action == "split"
                seen["split"] += 1
            elif sum(values) == 11 and 1 not in values:
                assert action == "double"
                seen["double"] += 1
            elif sum(values) == 16 and 1 not in values and values[0] != 8:
                assert action == "stand"
                seen["stand"] += 1
            elif sum(values) == 12 and 1 not in values and values[0] != 6:
                assert action == "hit"
                seen["hit"] += 1
    assert min(seen[a] for a in ("split", "double", "stand", "hit")) > 0


def test_C3_one_seat_plays_and_the_deal_record_keys() -> None:
    code, lines, _ = play("--seed", "2", "--deals", "3", "--players", "1")
    assert code == 0
    deal = lines[1]
    assert list(deal) == [
        "type",
        "deal",
        "pack_state",
        "pack",
        "sat_out",
        "decisions",
        "cards",
        "hands",
        "dealer_hand",
        "net",
        "balance",
    ]
    assert list(deal["hands"][0]) == [  # type: ignore[index]
        "player",
        "hand",
        "cards",
        "stake",
        "class",
        "total",
        "split",
        "doubled",
        "net",
        "rule",
    ]
    assert list(deal["dealer_hand"]) == ["cards", "class", "total"]  # type: ignore[arg-type]
    dealer = [c for c in deal["cards"] if c["player"] == "dealer"]  # type: ignore[union-attr,index]
    assert [c["up"] for c in dealer[:2]] == [False, False]  # C4: both face down


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--banker", "p1"], "pontoon: --banker: a casino table has no banker"),
        (["--banker-strategy", "random"], "pontoon: --banker-strategy: a casino table has no"),
        (["--set", "stick_minimum=16"], "pontoon: rule setting 'stick_minimum' belongs to the"),
        (["--players", "8"], "pontoon: a casino table seats 1 to 7 players (C3), got 8"),
        (["--player", "dealer"], "pontoon: 'dealer' is the dealer's name at a casino table (C3)"),
        (["--strategy", "default-ish"], "pontoon: unknown strategy 'default-ish'"),
        (["--set", "decks=1", "--players", "4"], "pontoon: 4 seats can take 65 cards"),
    ],
)
def test_C3_C1_what_a_casino_table_refuses(args: list[str], message: str) -> None:
    code, lines, err = play("--seed", "1", "--deals", "1", *args)
    assert (code, lines) == (2, [])
    assert err.startswith(message), err


def test_C3_casino_settings_are_refused_under_the_traditional_rules() -> None:
    with pytest.raises(RulesError, match="belongs to the casino preset"):
        PRESETS["traditional"].with_overrides({"decks": 6})
    with pytest.raises(RulesError, match=r"shuffle_every.*\(C1\)"):
        CASINO.with_overrides({"shuffle_every": 0})


# properties -------------------------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**31),
    seats=st.integers(1, 7),
    every=st.integers(1, 4),
    decks=st.integers(3, 8),
    strategy=st.sampled_from(["random", "dealer-mimic"]),
    bankroll=st.sampled_from([5, 40, 1000]),
)
def test_C1_C3_money_is_conserved_and_every_card_of_a_shoe_is_dealt_once(
    seed: int, seats: int, every: int, decks: int, strategy: str, bankroll: int
) -> None:
    rules = CASINO.with_overrides({"shuffle_every": every, "decks": decks})
    table = Table.build([f"s{i}" for i in range(seats)], bankroll=bankroll, house=True)
    game, auto = seeded_game(rules, table, seed, strategy)
    assert isinstance(game, CasinoGame)
    whole = Counter(new_pack(decks))
    shoe_dealt: Counter[Card] = Counter()
    before = dict(game.balances)
    last_pack: list[Card] | None = None
    for deal in auto.play(game, 12):
        assert isinstance(deal, CasinoDeal)
        # money: what the seats won the house paid, and the balances moved by the nets
        assert sum(deal.nets.values()) + deal.house == 0
        for p, row in deal.hands.items():
            assert sum(h.net for h in row) == deal.nets[p]
        assert game.balances == {p: before[p] + deal.nets.get(p, 0) for p in before}
        before = dict(game.balances)
        # cards: dealt from the top of the shoe, in order, each once; the shoe carries over
        dealt = [e.card for e in deal.events if isinstance(e, CardDealt)]
        assert dealt == list(deal.pack_before[: len(dealt)])
        assert list(deal.pack) == list(deal.pack_before[len(dealt) :])
        if deal.pack_state is PackState.SHUFFLED:
            assert Counter(deal.pack_before) == whole
            shoe_dealt = Counter()
        else:
            assert deal.pack_state is PackState.CONTINUED
            assert list(deal.pack_before) == last_pack
        shoe_dealt += Counter(dealt)
        assert shoe_dealt + Counter(deal.pack) == whole  # every card of the shoe once
        last_pack = list(deal.pack)


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**31),
    seats=st.integers(1, 7),
    split_hands=st.integers(1, 3),
    strategy=st.sampled_from(["random", "dealer-mimic", "basic"]),
    bankroll=st.sampled_from([5, 40, 1000]),
)
def test_C3_C6_C7_C8_the_money_on_the_table_is_the_open_stakes_and_none_after_settlement(
    seed: int, seats: int, split_hands: int, strategy: str, bankroll: int
) -> None:
    rules = CASINO.with_overrides({"split_hands": split_hands})
    table = Table.build([f"s{i}" for i in range(seats)], bankroll=bankroll, house=True)
    game, auto = seeded_game(rules, table, seed, strategy)
    assert isinstance(game, CasinoGame) and isinstance(auto, CasinoPlayers)
    for _ in range(8):
        if not game.can_deal():
            break
        deal = game.start_deal()
        assert isinstance(deal, CasinoDeal)
        while True:
            for p in deal.punters:  # a bust's stake leaves at once (C6), a double adds (C7)
                open_stakes = sum(h.stake for h in deal.hands[p] if not h.settled)
                assert deal.on_table[p] == open_stakes
                assert deal.available(p) >= 0 or deal.phase is Phase.END
            if deal.phase is Phase.END:
                break
            auto.decide(deal)
        assert all(h.settled for row in deal.hands.values() for h in row)
        assert deal.on_table == dict.fromkeys(deal.punters, 0)
        game.finish_deal(deal)


# the dealer and the settlement ------------------------------------------------------------------


def hand(text: str) -> Hand:
    h = Hand()
    for t in text.split():
        h.add(Card.parse(t), True)
    return h


@pytest.mark.parametrize(
    ("cards", "soft17", "draws"),
    [
        ("TH 6C", True, True),  # C9: 16 or less
        ("TH 7C", True, False),  # hard 17
        ("AH 6C", True, True),  # soft 17, hit
        ("AH 6C", False, False),  # soft 17, stood on when the setting is off
        ("AH 7C", True, False),  # soft 18
        ("2H 2C 3D 2S 4H", True, False),  # five cards: he stops (C9)
        ("TH 6C 8D", True, False),  # bust
    ],
)
def test_C9_the_dealers_rule(cards: str, soft17: bool, draws: bool) -> None:
    assert dealer_draws(hand(cards), soft17) is draws


P, T, F, B, X = (
    HandClass.PONTOON,
    HandClass.TOTAL,
    HandClass.FIVE_CARD_TRICK,
    HandClass.BUST,
    HandClass.TWENTY_ONE,
)


@pytest.mark.parametrize(
    ("dealer", "dealer_total", "player", "player_total", "stake", "want"),
    [
        (P, 21, P, 21, 3, (-3, "C5")),  # C2, C5: the dealer's pontoon beats a player's
        (T, 18, B, 25, 3, (-3, "C6")),
        (X, 21, P, 21, 3, (6, "C10")),
        (F, 19, P, 21, 3, (6, "C10")),  # C11: but a pontoon
        (F, 19, F, 20, 3, (-3, "C11")),  # C2, C11: ties go to the dealer
        (F, 19, X, 21, 3, (-3, "C11")),
        (X, 21, F, 20, 3, (6, "C10")),  # C10: a trick beats a dealer's 21 in three cards
        (B, 24, T, 15, 3, (3, "C10")),
        (B, 24, F, 20, 4, (8, "C10")),  # a doubled trick: 2 x the doubled stake
        (T, 19, T, 20, 3, (3, "C2")),
        (T, 20, T, 20, 3, (-3, "C2")),  # C2: ties go to the dealer
        (X, 21, X, 21, 3, (-3, "C2")),
        (T, 20, T, 19, 3, (-3, "C2")),
        (T, 17, P, 21, 7, (14, "C10")),  # an odd stake's 2:1 is whole
    ],
)
def test_C2_C5_C10_C11_settle_casino(
    dealer: HandClass,
    dealer_total: int,
    player: HandClass,
    player_total: int,
    stake: int,
    want: tuple[int, str],
) -> None:
    assert (
        settle_casino(
            dealer=dealer,
            dealer_total=dealer_total,
            player=player,
            player_total=player_total,
            stake=stake,
        )
        == want
    )


def test_C5_dealer_pontoon_takes_every_stake_and_asks_nothing() -> None:
    # ann: 9 7; bob: T T; the dealer: A K, face down
    deal = stacked("9H TC AS 7D TD KS", seats=("ann", "bob"))
    deal.stake("ann", 2)
    deal.stake("bob", 5)
    assert deal.phase is Phase.END and deal.dealer_pontoon
    assert deal.nets == {"ann": -2, "bob": -5} and deal.house == 7
    assert [h.rule for row in deal.hands.values() for h in row] == ["C5", "C5"]


def test_C7_a_double_deals_one_card_and_play_goes_on() -> None:
    deal = stacked("5H 9C 6D 8S 3C 4D")  # ann 5 6, the dealer 9 8; the double deals 3, she hits 4
    deal.stake("ann", 3)
    deal.double("ann", 1)
    assert [c.text for c in deal.current_hand().cards] == ["5H", "6D", "3C"]
    assert deal.actor == ("ann", 1) and deal.current_hand().stake == 6
    with pytest.raises(IllegalAction, match=r"has doubled once \(C7\)"):
        deal.double("ann", 1)
    deal.hit("ann", 1)
    deal.stand("ann", 1)
    (h,) = deal.hands["ann"]
    assert (h.stake, h.total, h.net, h.rule) == (6, 18, 6, "C2")  # the dealer's 17 stands


def test_C7_a_double_on_four_cards_gives_the_fifth_which_ends_the_hand() -> None:
    deal = stacked("2H TD 3S 8D 2C 2S 4C")  # ann 2 3 2 2 after two hits; the double deals 4
    deal.stake("ann", 1)
    deal.hit("ann", 1)
    deal.hit("ann", 1)
    deal.double("ann", 1)
    (h,) = deal.hands["ann"]
    assert deal.phase is Phase.END and len(h.cards) == 5
    assert (h.stake, h.cls.label, h.net, h.rule) == (2, "five-card-trick", 4, "C10")


def test_C7_a_double_that_busts_loses_the_doubled_stake_at_once() -> None:
    deal = stacked("TH 9D 5S 8D KC")  # ann T 5 doubles and is dealt K: 25
    deal.stake("ann", 2)
    deal.double("ann", 1)
    (h,) = deal.hands["ann"]
    assert (h.stake, h.cls.label, h.net, h.rule) == (4, "bust", -4, "C6")


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**31), seats=st.integers(1, 4), bankroll=st.sampled_from([3, 1000]))
def test_C6_C7_C8_legal_actions_are_exactly_the_decisions_the_engine_takes(
    seed: int, seats: int, bankroll: int
) -> None:
    """At every decision of random play, each word is legal exactly when its ``can_*`` says so
    and its action is then taken; every other word is refused with a casino rule ID."""
    table = Table.build([f"s{i}" for i in range(seats)], bankroll=bankroll, house=True)
    game, auto = seeded_game(CASINO.with_overrides({"split_hands": 2}), table, seed, "random")
    assert isinstance(game, CasinoGame)
    for _ in range(6):
        if not game.can_deal():
            break
        deal = game.start_deal()
        assert isinstance(deal, CasinoDeal)
        while deal.phase is not Phase.END:
            player, hand = deal.actor or ("", 0)
            if deal.phase is Phase.PLAYERS:
                legal = {a.action for a in deal.legal_actions()}
                assert legal and legal <= {"hit", "stand", "double", "split"}
                for word in ("hit", "stand", "double", "split"):
                    can = deal.can(word, player, hand)
                    assert can is (word in legal), (word, legal)
                    if not can:
                        with pytest.raises(IllegalAction) as refused:
                            deal.act(player, hand, word)
                        assert refused.value.rule in ("C6", "C7", "C8"), refused.value
            auto.decide(deal)  # type: ignore[attr-defined]
        game.finish_deal(deal)
