"""Casino Pontoon's rules one by one (C1-C11), each test named with the rule it holds: the engine's
legality checks with their messages, scripted rounds played end to end, and ``check``'s casino
keys."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest
from support.replay import replay
from typer.testing import CliRunner

from pontoon_cli.base.deal import Phase
from pontoon_cli.base.start import DealSetup, PackState
from pontoon_cli.casino.deal import CasinoDeal, CasinoGame
from pontoon_cli.casino.players import DealerMimic
from pontoon_cli.cli.main import app
from pontoon_cli.core.cards import Card, new_pack
from pontoon_cli.core.errors import IllegalAction
from pontoon_cli.core.rng import Rng
from pontoon_cli.core.rules import PRESETS, Table

runner = CliRunner()
CASINO = PRESETS["casino"]


def stacked(
    pack: str, seats: tuple[str, ...] = ("ann",), bankroll: int | dict[str, int] = 100
) -> CasinoDeal:
    """A round whose shoe starts with ``pack`` (a whole deck follows it)."""
    table = Table.build(list(seats), bankroll=bankroll, house=True)
    cards = [Card.parse(t) for t in pack.split()] + new_pack(1)
    return CasinoDeal(DealSetup(CASINO, table, cards, dict(table.bankrolls)))


def refused(match: str) -> pytest.RaisesContext[IllegalAction]:
    return pytest.raises(IllegalAction, match=match)


def scenario(tmp_path: Path, body: str, rules: str = '"casino"') -> tuple[int, list[dict], str]:  # type: ignore[type-arg]
    """Play a strict casino scenario written in TOML; (exit code, records, stderr)."""
    path = tmp_path / "s.toml"
    path.write_text(f'name = "t"\nrules = {rules}\nseed = 1\nstrategy = "strict"\n{body}')
    result = runner.invoke(app, ["play", str(path)])
    return (
        result.exit_code,
        [orjson.loads(x) for x in result.stdout.splitlines()],
        result.stderr.replace(str(path), "s.toml"),
    )


# C1: the shoe ------------------------------------------------------------------------------------


def test_C1_the_shoe_is_shuffled_every_shuffle_every_rounds_and_when_short() -> None:
    table = Table.build(["ann"], bankroll=1000, house=True)
    game = CasinoGame(CASINO.with_overrides({"shuffle_every": 3, "decks": 2}), table, Rng(5))
    states = []
    for _ in range(7):
        deal = game.start_deal()
        states.append(deal.pack_state)
        while deal.phase is not Phase.END:
            player, hand = deal.actor or ("", 0)
            if deal.phase is Phase.STAKES:
                deal.stake(player, 1)
            else:
                deal.act(player, hand, "stand" if deal.can("stand", player, hand) else "hit")
        game.finish_deal(deal)
    S, C = PackState.SHUFFLED, PackState.CONTINUED
    assert states == [S, C, C, S, C, C, S]
    # three seats at one deck can take 50 cards: a shoe left with fewer is shuffled anew (C1)
    small = CasinoGame(
        CASINO.with_overrides({"shuffle_every": 5, "decks": 1}),
        Table.build(["a", "b", "c"], house=True),
        Rng(1),
    )
    small.pack = small.pack[:50]
    small.pack_state = PackState.CONTINUED
    deal = small.start_deal()
    assert len(deal.pack_before) == 50  # this round was dealt from what was left ...
    while deal.phase is not Phase.END:
        player, hand = deal.actor or ("", 0)
        if deal.phase is Phase.STAKES:
            deal.stake(player, 1)
        else:
            deal.act(player, hand, "stand" if deal.can("stand", player, hand) else "hit")
    small.finish_deal(deal)
    assert small.pack_state is S and len(small.pack) == 52  # ... and the next gets a new shoe


INFINITE_SHOE_SCENARIO = """
[table]
players = ["ann", "bob"]
bankroll = 100

[[deal]]
# ten 7S, more than any eight decks hold: 7-7-7 for ann, bob and the dealer (C2: ties to him)
pack = "7S 7S 7S 7S 7S 7S 7S 7S 7S 7S"
stakes = { ann = 2, bob = 3 }
ann = ["hit"]
bob = ["hit"]

[deal.expect]
class = { ann = "twenty-one", bob = "twenty-one" }
dealer_class = "twenty-one"
net = { ann = -2, bob = -3 }

[[deal]]
pack = "AS AH TD KS KH 7C"
stakes = { ann = 2, bob = 1 }

[deal.expect]
class = { ann = "pontoon", bob = "pontoon" }
net = { ann = 4, bob = 2 }
"""


def test_C1_a_scenario_stacks_cards_on_an_infinite_shoe_and_its_log_replays(
    tmp_path: Path,
) -> None:
    rules = '{ preset = "casino", decks = 0 }'
    code, records, err = scenario(tmp_path, INFINITE_SHOE_SCENARIO, rules)
    assert (code, err) == (0, "s.toml: 2 deals played, every expectation held\n")
    assert records[0]["rules"]["decks"] == 0
    assert [r["pack_state"] for r in records[1:]] == ["stacked", "stacked"]
    assert records[1]["pack"].startswith("7S 7S 7S 7S 7S 7S 7S 7S 7S 7S ")
    log = b"".join(orjson.dumps(r) + b"\n" for r in records)
    code, found, err = replay(tmp_path, log)
    assert (code, found) == (0, []), err
    assert "2 deals verified, 0 with divergences; 2 deals stacked by a scenario" in err


# C2, C3, C4 --------------------------------------------------------------------------------------


def test_C3_stake_within_the_limits_and_the_balance() -> None:
    deal = stacked("9H 8D 7H 9S", bankroll=4)
    with refused(r"cannot stake 11: the stake must be from 1 to 10 \(C3\)"):
        deal.stake("ann", 11)
    with refused(r"cannot stake 5 with a balance of 4 \(C3\)"):
        deal.stake("ann", 5)
    with refused(r"cannot stake 0: amounts are whole units of 1 or more \(C3\)"):
        deal.stake("ann", 0)
    deal.stake("ann", 4)


def test_C3_a_seat_below_the_minimum_sits_out_and_gets_no_cards() -> None:
    deal = stacked("9H 8D 7H 9S", seats=("ann", "bob"), bankroll={"ann": 5, "bob": 0})
    assert deal.sitting_out == ["bob"] and deal.punters == ["ann"]
    deal.stake("ann", 1)
    assert "bob" not in deal.hands


def test_C4_two_cards_each_in_seat_order_then_the_dealer_face_down() -> None:
    deal = stacked("2H 3H 4H 5H 6H 7H", seats=("ann", "bob"))
    deal.stake("ann", 1)
    deal.stake("bob", 1)
    dealt = [(e.player, e.card.text, e.face_up) for e in deal.events if hasattr(e, "card")]
    assert dealt == [
        ("ann", "2H", True),
        ("bob", "3H", True),
        ("dealer", "4H", False),
        ("ann", "5H", True),
        ("bob", "6H", True),
        ("dealer", "7H", False),
    ]
    assert deal.phase is Phase.PLAYERS and deal.actor == ("ann", 1)


def test_C2_ties_go_to_the_dealer_even_at_21(tmp_path: Path) -> None:
    code, records, err = scenario(
        tmp_path,
        '[table]\nplayers = ["ann"]\n[[deal]]\npack = "7H 6C 7D 5C 7S TC"\n'
        'stakes = { ann = 2 }\nann = ["hit"]\nexpect = { net = { ann = -2 } }\n',
    )
    assert code == 0, err
    assert records[1]["hands"][0]["rule"] == "C2"


# C5, C6 ------------------------------------------------------------------------------------------


def test_C5_dealer_pontoon_takes_every_stake_and_no_decision_is_asked(tmp_path: Path) -> None:
    code, records, err = scenario(
        tmp_path,
        '[table]\nplayers = ["ann", "bob"]\n[[deal]]\npack = "AH TC AS QH 9C KS"\n'
        'stakes = { ann = 3, bob = 2 }\nann = ["stand"]\n',
    )
    assert code == 1
    assert (
        err == "pontoon: s.toml:10: deal 1, ann: action 'stand' is left over: ann's hands are "
        "finished (C6)\n"
    )
    code, records, err = scenario(
        tmp_path,
        '[table]\nplayers = ["ann", "bob"]\n[[deal]]\npack = "AH TC AS QH 9C KS"\n'
        "stakes = { ann = 3, bob = 2 }\nexpect = { net = { ann = -3, bob = -2 } }\n",
    )
    assert code == 0, err
    (deal,) = records[1:]
    assert [d["action"] for d in deal["decisions"]] == ["stake", "stake"]
    assert [h["rule"] for h in deal["hands"]] == ["C5", "C5"]


@pytest.mark.parametrize(
    ("word", "rule"),
    [
        ("fly", "C6"),  # no game's word: the casino hand's own rule
        ("twist", "C6"),  # the traditional word for a hit
        ("burn", "V8"),  # another game's decision cites its own rule
        ("shoot", "S2"),
    ],
)
def test_C6_an_unknown_action_word_in_a_casino_round_cites_C6(word: str, rule: str) -> None:
    deal = stacked("TH 9D 6C 8S")
    deal.stake("ann", 1)
    with pytest.raises(IllegalAction) as info:
        deal.act("ann", 1, word, None)
    assert (info.value.rule, info.value.reason) == (
        rule,
        f"unknown action {word!r}: expected stake, hit, stand, double or split",
    )
    assert deal.actor == ("ann", 1) and len(deal.current_hand().cards) == 2


def test_C6_stand_refused_under_15_and_a_soft_21_may_be_hit() -> None:
    deal = stacked("TH 9D 4S 8D AC 6C")  # ann T 4, the dealer 9 8
    deal.stake("ann", 1)
    with refused(r"ann, hand 1: cannot stand on 14: the least is 15; hit \(C6\)"):
        deal.stand("ann", 1)
    assert [a.action for a in deal.legal_actions()] == ["hit", "double"]
    soft = stacked("AH 9D 5S 8D 5C TC")  # ann A 5 5: a soft 21, which may be hit
    soft.stake("ann", 1)
    soft.hit("ann", 1)
    assert soft.current_hand().total == 21 and soft.can("hit", "ann", 1)
    soft.hit("ann", 1)  # T: a hard 21 in four cards ends the hand (C6)
    assert soft.phase is Phase.END and soft.hands["ann"][0].net == 1


def test_C6_hit_refused_at_five_cards(tmp_path: Path) -> None:
    deal = stacked("2H TD 2S 8D 2C 3C 4C")
    deal.stake("ann", 1)
    for _ in range(3):
        deal.hit("ann", 1)
    assert len(deal.hands["ann"][0].cards) == 5 and deal.phase is Phase.END
    with refused(r"cannot hit now: the round is at the end of deal \(C6\)"):
        deal.hit("ann", 1)
    code, _, err = scenario(
        tmp_path,
        '[table]\nplayers = ["ann"]\n[[deal]]\npack = "2H TD 2S 8D 2C 3C 4C"\n'
        'stakes = { ann = 1 }\nann = ["hit", "hit", "hit", "hit"]\n',
    )
    assert code == 1
    assert err.endswith("action 'hit' is left over: ann's hands are finished (C6)\n")


def test_C6_a_bust_loses_at_once() -> None:
    deal = stacked("TH 9D 5S 7D 9C 8D", seats=("ann",))
    deal.stake("ann", 3)
    deal.hit("ann", 1)  # 24
    (h,) = deal.hands["ann"]
    assert (h.net, h.rule, deal.phase) == (-3, "C6", Phase.END)
    assert deal.dealer_hand.cards == [Card.parse("9D"), Card.parse("7D")]  # he drew nothing


# C7 ----------------------------------------------------------------------------------------------


def test_C7_double_on_three_cards_then_hit() -> None:
    deal = stacked("2H TD 3S 8D 4C 5C 2S")  # ann 2 3, the dealer T 8
    deal.stake("ann", 2)
    deal.hit("ann", 1)  # 9 in three cards
    deal.double("ann", 1)  # its card: 14 in four cards
    deal.hit("ann", 1)  # five cards: 16, a five card trick, which ends the hand
    (h,) = deal.hands["ann"]
    assert (h.stake, h.cls.label, h.net, h.rule) == (4, "five-card-trick", 8, "C10")


def test_C7_double_refused_twice_on_five_cards_and_without_the_balance() -> None:
    deal = stacked("5H TD 6S 8D 2C")  # ann 5 6 doubles and is dealt 2: 13, to play on
    deal.stake("ann", 2)
    deal.double("ann", 1)
    with refused(r"cannot double: the hand has doubled once \(C7\)"):
        deal.double("ann", 1)
    poor = stacked("5H TD 6S 8D", bankroll=3)
    poor.stake("ann", 2)
    with refused(r"cannot double: the bet 2 is more than the balance 1 \(C7\)"):
        poor.double("ann", 1)
    assert [a.action for a in poor.legal_actions()] == ["hit"]


def test_C7_double_refused_on_five_cards(tmp_path: Path) -> None:
    # ann A 2, bob T 9, the dealer T 7: ann hits 2, 3, 4: five cards end her hand; a double
    # scripted then is no longer hers to make
    code, _, err = scenario(
        tmp_path,
        '[table]\nplayers = ["ann", "bob"]\n[[deal]]\npack = "AH TC TD 2H 9C 7D 2S 3S 4S"\n'
        'stakes = { ann = 1, bob = 1 }\nann = ["hit", "hit", "hit", "double"]\nbob = ["stand"]\n',
    )
    assert code == 1
    assert err.endswith("action 'double' is left over: ann's hands are finished (C6)\n")


# C8 ----------------------------------------------------------------------------------------------


def test_C8_split_Q_K_and_each_hand_gets_its_second_card() -> None:
    deal = stacked("QH 9D KS 8D 5C 6C")
    deal.stake("ann", 2)
    deal.split("ann", 1)
    assert [[c.text for c in h.cards] for h in deal.hands["ann"]] == [["QH", "5C"], ["KS", "6C"]]
    assert deal.on_table["ann"] == 4 and [h.from_split for h in deal.hands["ann"]] == [True, True]


def test_C8_resplit_to_three_hands_and_the_fourth_refused() -> None:
    deal = stacked("QH 9D KS 8D TC 4D JC AC")
    deal.stake("ann", 2)
    deal.split("ann", 1)  # Q T | K 4
    deal.split("ann", 1)  # Q J | T A | K 4
    assert len(deal.hands["ann"]) == 3
    with refused(r"cannot split: 3 hands is the most one player may hold \(C8\)"):
        deal.split("ann", 1)
    with refused(r"cannot split 9H TC: only two cards of the same value split \(C8\)"):
        stacked_pair = stacked("9H 9D TC 8D")
        stacked_pair.stake("ann", 1)
        stacked_pair.split("ann", 1)


def test_C8_split_hands_may_hit_and_double() -> None:
    deal = stacked("8H 9D 8S TD 3C 2C 9C 7C")  # ann 8 8, the dealer 9 T
    deal.stake("ann", 2)
    deal.split("ann", 1)  # 8 3 | 8 2
    deal.double("ann", 1)  # on a split hand: stake 2 + 2, its card 9: 8 3 9, 20
    deal.stand("ann", 1)
    deal.hit("ann", 2)  # 8 2 7: 17, and split hands may hit
    deal.stand("ann", 2)
    assert [(h.stake, h.total, h.net) for h in deal.hands["ann"]] == [(4, 20, 4), (2, 17, -2)]
    assert [d.action for d in deal.events if hasattr(d, "action")].count("double") == 1


def test_C8_split_refused_without_the_balance_and_after_a_double() -> None:
    deal = stacked("8H 9D 8S TD", bankroll=3)
    deal.stake("ann", 2)
    with refused(r"cannot split: the new hand's stake 2 is more than the balance 1 \(C8\)"):
        deal.split("ann", 1)
    doubled = stacked("8H 9D 8S TD 2C")  # the double's card makes three: no pair to split
    doubled.stake("ann", 2)
    doubled.double("ann", 1)
    with refused(r"\(C8\)"):
        doubled.split("ann", 1)


def test_C8_split_ace_and_ten_card_is_a_pontoon_paid_2_to_1() -> None:
    deal = stacked("AH 9D AS 8D KC 2C 5D")  # ann A A, the dealer 9 8
    deal.stake("ann", 3)
    deal.split("ann", 1)  # A K, a pontoon, which ends the hand by itself | A 2
    assert deal.actor == ("ann", 2)
    deal.hit("ann", 2)  # A 2 5: a soft 18
    deal.stand("ann", 2)
    pontoon, other = deal.hands["ann"]
    assert (pontoon.cls.label, pontoon.net, pontoon.rule) == ("pontoon", 6, "C10")
    assert (other.total, other.net, other.rule) == (18, 3, "C2")


# C9 ----------------------------------------------------------------------------------------------


def test_C9_dealer_actions_cannot_be_scripted(tmp_path: Path) -> None:
    path = tmp_path / "d.toml"
    path.write_text(
        'name = "d"\nrules = "casino"\n[table]\nplayers = ["ann"]\n[[deal]]\n'
        'stakes = { ann = 1 }\ndealer = ["hit"]\nbanker = ["draw"]\n'
    )
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 2
    assert result.stdout.splitlines() == [
        f"{path}:7: deal[1].dealer: the dealer has no choices: he plays by his rule, so no "
        "script (C9)",
        f"{path}:8: deal[1].banker: a casino table has no banker: the dealer is the house (C3)",
    ]


def test_C9_dealer_hits_soft_17_and_stands_on_it_with_the_setting_off(tmp_path: Path) -> None:
    body = (
        '[table]\nplayers = ["ann"]\n[[deal]]\npack = "TH AS 8H 6S 3C"\nstakes = { ann = 2 }\n'
        'ann = ["stand"]\n'
    )
    code, records, err = scenario(tmp_path, body)
    assert code == 0, err
    assert records[1]["dealer_hand"] == {"cards": "AS 6S 3C", "class": "total", "total": 20}
    off = '{ preset = "casino", dealer_hits_soft_17 = false }'
    code, records, err = scenario(tmp_path, body, rules=off)
    assert code == 0, err
    assert records[1]["dealer_hand"] == {"cards": "AS 6S", "class": "total", "total": 17}
    assert records[1]["net"] == {"ann": 2}


# C10, C11 ----------------------------------------------------------------------------------------


def test_C10_an_odd_stakes_2_to_1_is_whole() -> None:
    deal = stacked("AH 9D KH 8D")
    deal.stake("ann", 7)
    (h,) = deal.hands["ann"]
    assert (h.net, h.rule) == (14, "C10")


def test_C11_dealer_five_card_trick_beats_21_and_loses_to_a_pontoon() -> None:
    deal = stacked("7H AH 2D 7D QH 3D 7S 2C 3H 4D", seats=("ann", "bob"))
    deal.stake("ann", 1)
    deal.stake("bob", 1)
    deal.hit("ann", 1)  # 7 7 7: a hard 21 in three cards
    assert deal.phase is Phase.END
    assert deal.dealer_hand.cls.label == "five-card-trick"
    assert [(h.net, h.rule) for _, _, h in deal.hands_in_order()] == [(-1, "C11"), (2, "C10")]


def test_C11_C2_player_five_card_trick_loses_to_the_dealers() -> None:
    deal = stacked("2H 2D 2S 3D 3H 2C 3C 3S 4D 2D")
    deal.stake("ann", 1)
    for _ in range(3):
        deal.hit("ann", 1)  # 2 2 3 2 3: five cards, 12
    (h,) = deal.hands["ann"]
    assert h.cls.label == "five-card-trick" and deal.dealer_hand.cls.label == "five-card-trick"
    assert (h.net, h.rule) == (-1, "C11")


# check: the casino keys ---------------------------------------------------------------------------


def test_C3_check_refuses_traditional_keys_in_a_casino_scenario_and_the_reverse(
    tmp_path: Path,
) -> None:
    casino = tmp_path / "c.toml"
    casino.write_text(
        'name = "c"\nrules = "casino"\nbanker_strategy = "default"\n[table]\n'
        'players = ["ann", "dealer"]\nbanker = "ann"\n[[deal]]\nstakes = { ann = 20 }\n'
        'ann = ["buy 4"]\nsell_bank = { to = "ann", price = 1 }\n'
        'expect = { banker_class = "total", next_banker = "ann" }\n'
    )
    traditional = tmp_path / "t.toml"
    traditional.write_text(
        'name = "t"\n[table]\nplayers = ["ann", "bob"]\n[[deal]]\nstakes = { ann = 2 }\n'
        'expect = { dealer_class = "total" }\n'
    )
    result = runner.invoke(app, ["check", str(casino), str(traditional)])
    assert result.exit_code == 2
    no_banker = "a casino table has no banker: the dealer is the house (C3)"
    assert result.stdout.replace(str(tmp_path) + "/", "").splitlines() == [
        f"c.toml:3: banker_strategy: {no_banker}",
        "c.toml:5: table.players: 'dealer' is the dealer's name at a casino table (C3)",
        f"c.toml:6: table.banker: {no_banker}",
        "c.toml:8: deal[1].stakes.ann: stake 20 is outside the limits 1 to 10 (C3)",
        "c.toml:9: deal[1].ann: action 1: 'buy 4' is not part of the casino rules (T5.3)",
        f"c.toml:10: deal[1].sell_bank: {no_banker}",
        f"c.toml:11: deal[1].expect.banker_class: {no_banker}; expect dealer_class",
        f"c.toml:11: deal[1].expect.next_banker: {no_banker}",
        "t.toml:6: deal[1].expect.dealer_class: the dealer belongs to casino Pontoon (C3, C9)",
    ]


# the dealer-mimic strategy: the dealer's own threshold (C6, C9) ----------------------------------


@pytest.mark.parametrize(
    ("first", "second", "decision"),
    [
        ("TH", "6C", "hit"),  # hard 16
        ("AH", "5C", "hit"),  # soft 16
        ("TH", "7C", "stand"),  # hard 17
        ("AH", "6C", "stand"),  # soft 17
    ],
    ids=["hard-16-hits", "soft-16-hits", "hard-17-stands", "soft-17-stands"],
)
def test_C6_dealer_mimic_hits_below_17_soft_or_hard_and_stands_on_17(
    first: str, second: str, decision: str
) -> None:
    deal = stacked(f"{first} 9D {second} 8S")  # ann, the dealer, ann, the dealer (C4)
    deal.stake("ann", 1)
    assert [c.text for c in deal.current_hand().cards] == [first, second]
    assert DealerMimic().play(deal, "ann", 1) == (decision, None)
    assert DealerMimic().stake(deal, "ann") == 1  # the table's minimum (C3)
