"""Casino replay must be sound (C1-C11): for each check replay makes of a casino log, a log
tampered so that only that check can catch it (what a careful forger would fix up besides is
fixed up), asserting the WHOLE divergence and its C rule ID. The decisions (C3, C6-C9), the
shoe between rounds (C1), every field of the record (C2-C11), the money (C3, C10)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from casino_logs import BASE, Record, arranged, base, divergence, only
from test_replay import dump, replay

from pontoon_cli.casino_replay import NO_DEALER_CHOICE


def decision(player: str, action: str, amount: int | None = None, hand: int = 1) -> Record:
    d: Record = {"player": player, "hand": hand, "action": action}
    if amount is not None:
        d["amount"] = amount
    return d


def shift_balances(recs: list[Record], start: int, player: str, by: int) -> None:
    """A forger's fix-up: ``player``'s balance moved by ``by`` from record ``start`` on."""
    for rec in recs[start:]:
        rec["balance"][player] += by


def test_the_base_log_verifies(tmp_path: Path) -> None:
    code, found, err = replay(tmp_path, dump(BASE))
    assert (code, found) == (0, []), err
    assert err.strip() == (
        "pontoon replay: 30 deals verified, 0 with divergences; 31 lines read from 1 file"
    )


# the Done-when tampers: a double, a split hand's card, a 2:1 payout -------------------------------


def test_C7_a_double_of_more_than_the_initial_stake(tmp_path: Path) -> None:
    recs = base()[:14]  # p1's balance is his last stake's by round 16
    assert recs[1]["decisions"][3] == decision("p1", "double", 8)
    recs[1]["decisions"][3]["amount"] = 9  # and p1's stake, net and balance to match
    recs[1]["hands"][0]["stake"] = 17
    recs[1]["hands"][0]["net"] = recs[1]["net"]["p1"] = -17
    shift_balances(recs, 1, "p1", -1)
    assert only(tmp_path, recs) == divergence(
        tmp_path, 2, 1, "p1", 1, "decisions[3]", "double 9", "double 8", "C7"
    )


def test_C7_a_hand_doubled_twice(tmp_path: Path) -> None:
    recs = base()
    recs[1]["decisions"].insert(4, decision("p1", "double", 8))
    assert only(tmp_path, recs) == divergence(
        tmp_path,
        2,
        1,
        "p1",
        1,
        "decisions[4]",
        "double 8",
        "cannot double: the hand has doubled once",
        "C7",
    )


def test_C7_a_double_the_balance_cannot_cover(tmp_path: Path) -> None:
    recs = base()
    assert recs[15]["balance"]["p1"] == 3 and recs[16]["decisions"][0] == decision("p1", "stake", 3)
    recs[16]["decisions"].insert(3, decision("p1", "double", 3))
    assert only(tmp_path, recs) == divergence(
        tmp_path,
        17,
        16,
        "p1",
        1,
        "decisions[3]",
        "double 3",
        "cannot double: the bet 3 is more than the balance 0",
        "C7",
    )


def test_C7_a_doubled_hand_recorded_undoubled(tmp_path: Path) -> None:
    recs = base()
    recs[1]["hands"][0]["doubled"] = False
    assert only(tmp_path, recs) == divergence(
        tmp_path, 2, 1, "p1", 1, "hands[0].doubled", False, True, "C7"
    )


def test_C7_a_doubled_hands_stake(tmp_path: Path) -> None:
    recs = base()
    assert recs[1]["hands"][0]["stake"] == 16
    recs[1]["hands"][0]["stake"] = 8
    assert only(tmp_path, recs) == divergence(
        tmp_path, 2, 1, "p1", 1, "hands[0].stake", 8, 16, "C7"
    )


def split_round() -> tuple[list[Record], int]:
    """The base log and the index of round 13's card that p2's split dealt to his hand 2."""
    recs = base()
    rec = recs[13]
    assert rec["decisions"][4] == decision("p2", "split", 4)
    i = next(i for i, c in enumerate(rec["cards"]) if c["player"] == "p2" and c["hand"] == 2)
    return recs, i


def test_C8_a_split_hands_card(tmp_path: Path) -> None:
    recs, i = split_round()
    card = recs[13]["cards"][i]
    assert card == {"player": "p2", "hand": 2, "card": "8C", "up": True}
    card["card"] = "9C"  # and the hand it went to
    hand = recs[13]["hands"][2]
    assert hand["cards"] == "6S 8C 4C"
    hand["cards"] = "6S 9C 4C"
    assert only(tmp_path, recs) == divergence(
        tmp_path, 14, 13, "p2", 2, f"cards[{i}].card", "9C", "8C", "C8"
    )


def test_C8_a_split_hands_cards_in_its_hand(tmp_path: Path) -> None:
    recs, _ = split_round()
    recs[13]["hands"][2]["cards"] = "6S 9C 4C"
    assert only(tmp_path, recs) == divergence(
        tmp_path, 14, 13, "p2", 2, "hands[2].cards", "6S 9C 4C", "6S 8C 4C", "C8"
    )


def test_C10_a_pontoon_paid_1_to_1(tmp_path: Path) -> None:
    recs = base()[:14]  # p2's balance runs short from round 15
    hand = recs[1]["hands"][1]
    assert (hand["class"], hand["stake"], hand["net"], hand["rule"]) == ("pontoon", 6, 12, "C10")
    hand["net"] = recs[1]["net"]["p2"] = 6  # and p2's balance from there on
    shift_balances(recs, 1, "p2", -6)
    assert only(tmp_path, recs) == divergence(tmp_path, 2, 1, "p2", 1, "hands[1].net", 6, 12, "C10")


def test_C10_a_doubled_five_card_trick_paid_1_to_1(tmp_path: Path) -> None:
    recs = base()
    hand = recs[10]["hands"][2]
    assert (hand["class"], hand["stake"], hand["doubled"], hand["net"]) == (
        "five-card-trick",
        16,
        True,
        32,
    )
    hand["net"] = recs[10]["net"]["p3"] = 16
    shift_balances(recs, 10, "p3", -16)
    assert only(tmp_path, recs) == divergence(
        tmp_path, 11, 10, "p3", 1, "hands[2].net", 16, 32, "C10"
    )


# the decisions: turn, end, the dealer (C3, C5, C6, C9) -------------------------------------------


def test_C9_a_decision_recorded_for_the_dealer(tmp_path: Path) -> None:
    recs = base()
    n = len(recs[2]["decisions"])
    recs[2]["decisions"].append(decision("dealer", "hit"))
    assert only(tmp_path, recs) == divergence(
        tmp_path, 3, 2, "dealer", 1, f"decisions[{n}]", "hit", NO_DEALER_CHOICE, "C9"
    )


def test_C9_a_decision_after_the_dealer_played(tmp_path: Path) -> None:
    recs = base()
    n = len(recs[2]["decisions"])
    recs[2]["decisions"].append(decision("p1", "stand"))
    assert only(tmp_path, recs) == divergence(
        tmp_path, 3, 2, "p1", 1, f"decisions[{n}]", "stand", "the round is over", "C9"
    )


def test_C5_a_decision_after_the_dealers_pontoon(tmp_path: Path) -> None:
    recs = base()
    assert recs[3]["dealer_hand"]["class"] == "pontoon" and len(recs[3]["decisions"]) == 3
    recs[3]["decisions"].append(decision("p1", "hit"))
    assert only(tmp_path, recs) == divergence(
        tmp_path, 4, 3, "p1", 1, "decisions[3]", "hit", "the round is over", "C5"
    )


def test_C6_a_decision_out_of_turn(tmp_path: Path) -> None:
    recs = base()
    decisions = recs[1]["decisions"]
    decisions[4], decisions[5] = decisions[5], decisions[4]  # p3 doubles before p1 stands
    assert only(tmp_path, recs) == divergence(
        tmp_path, 2, 1, "p3", 1, "decisions[4]", "double 4", "p1 hand 1 to decide", "C6"
    )


def test_C3_a_stake_out_of_turn(tmp_path: Path) -> None:
    recs = base()
    decisions = recs[1]["decisions"]
    decisions[0], decisions[1] = decisions[1], decisions[0]
    assert only(tmp_path, recs) == divergence(
        tmp_path, 2, 1, "p2", 1, "decisions[0]", "stake 6", "p1 to stake", "C3"
    )


def test_C3_a_missing_stake(tmp_path: Path) -> None:
    recs = base()
    recs[1]["decisions"] = recs[1]["decisions"][:2]
    assert only(tmp_path, recs) == divergence(
        tmp_path, 2, 1, "p3", 1, "decisions", "2 decisions", "a decision by p3 hand 1", "C3"
    )


def test_C6_a_missing_decision(tmp_path: Path) -> None:
    recs = base()
    recs[1]["decisions"].pop()  # p3's stand
    assert only(tmp_path, recs) == divergence(
        tmp_path, 2, 1, "p3", 1, "decisions", "6 decisions", "a decision by p3 hand 1", "C6"
    )


def test_C6_a_stand_under_15(tmp_path: Path) -> None:
    recs = base()
    assert recs[4]["hands"][0]["cards"] == "8H 4D AH 3H"  # 12, double, hit 13, hit 16, stand
    assert recs[4]["decisions"][5] == decision("p1", "hit")
    del recs[4]["decisions"][5]
    assert only(tmp_path, recs) == divergence(
        tmp_path,
        5,
        4,
        "p1",
        1,
        "decisions[5]",
        "stand",
        "cannot stand on 13: the least is 15; hit",
        "C6",
    )


@pytest.mark.parametrize(
    ("at", "index", "amount", "reason"),
    [
        (1, 0, 11, "cannot stake 11: the stake must be from 1 to 10"),
        (16, 0, 4, "cannot stake 4 with a balance of 3"),
    ],
)
def test_C3_a_stake_beyond_the_limits_or_the_balance(
    tmp_path: Path, at: int, index: int, amount: int, reason: str
) -> None:
    recs = base()
    d = recs[at]["decisions"][index]
    assert d["player"] == "p1"
    d["amount"] = amount
    assert only(tmp_path, recs) == divergence(
        tmp_path, at + 1, at, "p1", 1, f"decisions[{index}]", f"stake {amount}", reason, "C3"
    )


@pytest.mark.parametrize(
    ("index", "change", "recorded", "reason", "rule"),
    [
        # the engine's whole-units refusal, shared with the traditional game (T7.3)
        (
            0,
            {"amount": 0},
            "stake 0",
            "cannot stake 0: amounts are whole units of 1 or more",
            "T7.3",
        ),
        (0, {"amount": None}, "stake", "stake needs an amount", "C3"),
        (5, {"amount": 2}, "hit 2", "hit takes no amount", "C6"),
        (6, {"amount": 1}, "stand 1", "stand takes no amount", "C6"),
    ],
)
def test_an_amount_where_the_decision_takes_none_or_none_where_it_takes_one(
    tmp_path: Path, index: int, change: Record, recorded: str, reason: str, rule: str
) -> None:
    recs = base()
    d = recs[4]["decisions"][index]
    assert d["player"] == "p1"
    d.update(change)
    if d["amount"] is None:
        del d["amount"]
    assert only(tmp_path, recs) == divergence(
        tmp_path, 5, 4, "p1", 1, f"decisions[{index}]", recorded, reason, rule
    )


# splits (C7, C8) ---------------------------------------------------------------------------------


def test_C8_a_split_of_two_cards_of_different_values(tmp_path: Path) -> None:
    recs = base()
    assert recs[1]["hands"][0]["cards"] == "TC 5D"
    recs[1]["decisions"][3] = decision("p1", "split", 8)
    assert only(tmp_path, recs) == divergence(
        tmp_path,
        2,
        1,
        "p1",
        1,
        "decisions[3]",
        "split 8",
        "cannot split TC 5D: only two cards of the same value split",
        "C8",
    )


def test_C8_a_split_of_a_wrong_amount(tmp_path: Path) -> None:
    recs, _ = split_round()
    recs[13]["decisions"][4]["amount"] = 5
    assert only(tmp_path, recs) == divergence(
        tmp_path, 14, 13, "p2", 1, "decisions[4]", "split 5", "split 4", "C8"
    )


def test_C7_a_doubled_pair_split(tmp_path: Path) -> None:
    recs = base()
    assert recs[5]["decisions"][6:8] == [decision("p2", "double", 8), decision("p2", "stand")]
    recs[5]["decisions"].insert(7, decision("p2", "split", 8))
    assert only(tmp_path, recs) == divergence(
        tmp_path,
        6,
        5,
        "p2",
        1,
        "decisions[7]",
        "split 8",
        "cannot split a doubled hand",
        "C7",
    )


EIGHTS = "8C 2D 8D 3D 8H 8S 8C 8D 9C 9D 9H 9S"  # ann's pair, the dealer's 5, then eights


def three_hands() -> list[Record]:
    """ann splits her eights twice: three hands, the most (C8)."""
    return arranged(
        EIGHTS,
        [
            ("ann", 1, "stake", 2),
            ("ann", 1, "split", None),  # 8C 8H | 8D 8S
            ("ann", 1, "split", None),  # 8C 8C | 8H 8D | 8D 8S: three hands
            ("ann", 1, "stand", None),
            ("ann", 2, "stand", None),
            ("ann", 3, "stand", None),
        ],
        decks=2,
    )


def test_C8_a_fourth_hand_by_splitting(tmp_path: Path) -> None:
    recs = three_hands()
    assert recs[1]["hands"][0]["cards"] == "8C 8C" and len(recs[1]["hands"]) == 3
    recs[1]["decisions"][3] = decision("ann", "split", 2)
    assert only(tmp_path, recs) == divergence(
        tmp_path,
        2,
        1,
        "ann",
        1,
        "decisions[3]",
        "split 2",
        "cannot split: 3 hands is the most one player may hold",
        "C8",
    )


def test_C8_a_split_the_balance_cannot_cover(tmp_path: Path) -> None:
    recs = arranged(EIGHTS, [("ann", 1, "stake", 3), ("ann", 1, "stand", None)], bankroll=5)
    recs[1]["decisions"][1] = decision("ann", "split", 3)
    assert only(tmp_path, recs) == divergence(
        tmp_path,
        2,
        1,
        "ann",
        1,
        "decisions[1]",
        "split 3",
        "cannot split: the new hand's stake 3 is more than the balance 2",
        "C8",
    )


# the seats and the round (C1, C3) ----------------------------------------------------------------


def test_C3_a_changed_sat_out(tmp_path: Path) -> None:
    recs = base()
    assert recs[17]["sat_out"] == ["p1"]
    recs[17]["sat_out"] = []
    assert only(tmp_path, recs) == divergence(
        tmp_path, 18, 17, None, None, "sat_out", [], ["p1"], "C3"
    )


def test_C3_a_round_nobody_can_stake_in(tmp_path: Path) -> None:
    recs = base()[:2]
    recs[0]["table"]["bankrolls"] = dict.fromkeys(recs[0]["table"]["seats"], 0)
    assert only(tmp_path, recs) == divergence(
        tmp_path,
        2,
        1,
        None,
        None,
        "deal",
        1,
        "round 1: no seat can cover the minimum stake of 1 (C3); the game cannot go on",
        "C3",
    )


def test_C1_a_round_out_of_order(tmp_path: Path) -> None:
    recs = base()
    for rec in recs[2:]:
        rec["deal"] += 1  # 1, 3, 4, ...: the forger numbers on
    assert only(tmp_path, recs) == divergence(tmp_path, 3, 3, None, None, "deal", 3, 2, "C1")


# the shoe (C1) -----------------------------------------------------------------------------------


def test_C1_a_first_round_from_a_continued_shoe(tmp_path: Path) -> None:
    recs = base()
    recs[1]["pack_state"] = "continued"
    assert only(tmp_path, recs) == divergence(
        tmp_path, 2, 1, None, None, "pack_state", "continued", "shuffled", "C1"
    )


def test_C1_a_shoe_continued_past_shuffle_every(tmp_path: Path) -> None:
    recs = base()
    states = [r["pack_state"] for r in recs[1:5]]
    assert states == ["shuffled", "continued", "continued", "shuffled"]
    recs[4]["pack_state"] = "continued"  # its whole new shoe kept
    assert only(tmp_path, recs) == divergence(
        tmp_path, 5, 4, None, None, "pack_state", "continued", "shuffled", "C1"
    )


def test_C1_a_new_shoe_before_a_shuffle_was_due(tmp_path: Path) -> None:
    """Round 2 claims a new shoe: round 1's cards put back at the bottom, so round 2 plays the
    same; round 3 goes on from that shoe. Only the shuffle's timing can catch it."""
    recs = base()
    dealt = recs[1]["pack"].split()[: 104 - len(recs[2]["pack"].split())]
    for at in (2, 3):
        recs[at]["pack"] += " " + " ".join(dealt)
    recs[2]["pack_state"] = "shuffled"
    assert only(tmp_path, recs) == divergence(
        tmp_path, 3, 2, None, None, "pack_state", "shuffled", "continued", "C1"
    )


def shoe_short_log() -> list[Record]:
    """One deck, two seats, a shuffle every 10 rounds: the shoe runs short (fewer than the 35
    cards a round can take) long before, so it is shuffled then (C1)."""
    from casino_logs import play, records

    return records(play("--seed", "2", "--deals", "6", "--players", "2", "--set", "decks=1",
                        "--set", "shuffle_every=10"))  # fmt: skip


def test_C1_a_shoe_continued_when_too_short_for_a_round(tmp_path: Path) -> None:
    recs = shoe_short_log()
    states = [r["pack_state"] for r in recs[1:]]
    at = next(i for i in range(2, len(recs)) if states[i - 1] == "shuffled")
    left = len(recs[at - 1]["pack"].split()) - len(recs[at - 1]["cards"])
    assert left < 35
    recs[at]["pack_state"] = "continued"
    assert only(tmp_path, recs) == divergence(
        tmp_path, at + 1, at, None, None, "pack_state", "continued", "shuffled", "C1"
    )


def test_C1_a_continued_shoe_with_two_cards_swapped(tmp_path: Path) -> None:
    recs = base()
    for at in (2, 3):  # two cards neither round deals, swapped in both
        cards = recs[at]["pack"].split()
        cards[-1], cards[-2] = cards[-2], cards[-1]
        recs[at]["pack"] = " ".join(cards)
    got, want = BASE[2]["pack"].split()[95], BASE[2]["pack"].split()[94]
    assert only(tmp_path, recs) == divergence(
        tmp_path, 3, 2, None, None, "pack[94]", got, want, "C1"
    )


def test_C1_a_continued_shoe_cut_short(tmp_path: Path) -> None:
    recs = base()
    for at in (2, 3):
        recs[at]["pack"] = recs[at]["pack"][:-3]
    assert only(tmp_path, recs) == divergence(
        tmp_path, 3, 2, None, None, "pack", "95 cards", "96 cards", "C1"
    )


def test_C1_a_new_shoe_with_a_card_three_times(tmp_path: Path) -> None:
    recs = base()
    for at in (4, 5, 6):  # the bottom card, never dealt, made a third KS
        cards = recs[at]["pack"].split()
        assert cards[-1] != "KS"
        gone = cards[-1]
        cards[-1] = "KS"
        recs[at]["pack"] = " ".join(cards)
    assert only(tmp_path, recs) == divergence(
        tmp_path, 5, 4, None, None, "pack", f"{gone} 1 time", f"{gone} 2 times", "C1"
    )


def test_C1_a_new_shoe_a_card_short(tmp_path: Path) -> None:
    recs = base()
    for at in (4, 5, 6):
        recs[at]["pack"] = recs[at]["pack"][:-3]
    assert only(tmp_path, recs) == divergence(
        tmp_path, 5, 4, None, None, "pack", "103 cards", "104 cards", "C1"
    )


@pytest.mark.parametrize(("at", "want"), [(1, "shuffled"), (2, "continued"), (4, "shuffled")])
def test_C1_a_stacked_shoe_in_a_dealt_game(tmp_path: Path, at: int, want: str) -> None:
    recs = base()
    recs[at]["pack_state"] = "stacked"
    assert only(tmp_path, recs) == divergence(
        tmp_path, at + 1, at, None, None, "pack_state", "stacked", want, "C1"
    )


def test_C1_a_shoe_that_cannot_finish_the_round(tmp_path: Path) -> None:
    """After a round that diverged before its end the shoe it left is unknown, so the next
    round's is not held to it; a shoe too short to finish that round is still caught."""
    recs = base()
    recs[1]["decisions"].pop()  # round 1 ends early: its shoe is unknown
    recs[2]["pack"] = " ".join(recs[2]["pack"].split()[:7])
    code, found, _ = replay(tmp_path, dump(recs))
    assert code == 1
    assert found[1] == divergence(
        tmp_path, 3, 2, None, None, "pack", "7 cards", "a shoe that finishes the round", "C1"
    )
    assert [d["line"] for d in found] == [2, 3]


# every field of a card dealt (C4, C6, C8, C9) ----------------------------------------------------


@pytest.mark.parametrize(
    ("index", "key", "value", "rule"),
    [
        (0, "card", "2C", "C4"),  # p1's first card
        (3, "up", True, "C4"),  # the dealer's first card, face down
        (7, "up", True, "C4"),  # his second
        (8, "card", "2C", "C6"),  # p1's hit
        (8, "up", False, "C6"),
        (10, "card", "2C", "C9"),  # the dealer's first draw
        (11, "player", "p2", "C9"),  # his second, given to p2
        (1, "hand", 2, "C4"),
    ],
)
def test_a_changed_card_field(tmp_path: Path, index: int, key: str, value: Any, rule: str) -> None:
    recs = base()
    cards = recs[2]["cards"]
    assert [c["player"] for c in cards[8:]] == ["p1", "p2", "dealer", "dealer"]
    card = cards[index]
    recorded = card[key]
    card[key] = value
    assert only(tmp_path, recs) == divergence(
        tmp_path, 3, 2, card["player"] if key != "player" else "dealer", 1,
        f"cards[{index}].{key}", value, recorded, rule,
    )  # fmt: skip


def test_C9_a_card_the_dealer_did_not_draw(tmp_path: Path) -> None:
    recs = base()
    n = len(recs[1]["cards"])
    recs[1]["cards"].append({"player": "dealer", "hand": 1, "card": "2C", "up": True})
    assert only(tmp_path, recs) == divergence(
        tmp_path, 2, 1, None, None, "cards", f"{n + 1} cards", f"{n} cards", "C9"
    )


def test_C9_a_draw_of_the_dealer_left_out(tmp_path: Path) -> None:
    recs = base()
    n = len(recs[2]["cards"])
    recs[2]["cards"].pop()
    assert only(tmp_path, recs) == divergence(
        tmp_path, 3, 2, None, None, "cards", f"{n - 1} cards", f"{n} cards", "C9"
    )


# every field of a hand (C2, C3, C5-C8, C10, C11) -------------------------------------------------


@pytest.mark.parametrize(
    ("at", "index", "key", "value", "rule"),
    [
        (2, 0, "player", "p2", "C3"),
        (2, 0, "hand", 2, "C8"),
        (2, 0, "stake", 9, "C3"),  # not doubled: the stake (C3)
        (2, 0, "class", "total", "C2"),
        (2, 0, "total", 16, "C2"),
        (2, 0, "split", True, "C8"),
        (2, 0, "doubled", True, "C7"),
        (2, 0, "cards", "KS 9C 6H", "C4"),
        (2, 0, "cards", "KS TC 7H", "C6"),
        (2, 0, "rule", "C2", "C6"),  # the rule that settled it: a bust (C6)
        (2, 0, "net", 8, "C6"),
        (3, 0, "net", 8, "C5"),  # the dealer's pontoon takes every stake
        (3, 0, "rule", "C2", "C5"),
        (26, 0, "net", 5, "C11"),  # the dealer's five card trick beats a 21
        (6, 1, "net", 6, "C2"),  # a lower total loses
        (9, 1, "net", -7, "C10"),  # the dealer bust: a standing hand wins
    ],
)
def test_a_changed_hand_field(
    tmp_path: Path, at: int, index: int, key: str, value: Any, rule: str
) -> None:
    recs = base()
    hand = recs[at]["hands"][index]
    recorded = hand[key]
    assert recorded != value
    hand[key] = value
    assert only(tmp_path, recs) == divergence(
        tmp_path, at + 1, at, hand["player"] if key != "player" else "p1",
        hand["hand"] if key != "hand" else 1, f"hands[{index}].{key}", value, recorded, rule,
    )  # fmt: skip


def test_C8_a_split_hand_left_out(tmp_path: Path) -> None:
    recs = three_hands()
    recs[1]["hands"].pop()
    assert only(tmp_path, recs) == divergence(
        tmp_path, 2, 1, None, None, "hands", "2 hands", "3 hands", "C8"
    )


def test_C3_a_seats_hand_left_out(tmp_path: Path) -> None:
    recs = base()
    assert recs[13]["hands"][3]["player"] == "p3"
    recs[13]["hands"].pop()
    assert only(tmp_path, recs) == divergence(
        tmp_path, 14, 13, None, None, "hands", "3 hands", "4 hands", "C3"
    )


# the dealer's hand (C2, C4, C9) -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "value", "rule"),
    [
        ("cards", "3S JS 3H", "C9"),  # he stopped on 16: his rule draws (C9)
        ("cards", "3S QS 3H 2D", "C4"),
        ("class", "twenty-one", "C2"),
        ("total", 17, "C2"),
    ],
)
def test_a_changed_dealer_hand_field(tmp_path: Path, key: str, value: Any, rule: str) -> None:
    recs = base()
    dealer = recs[2]["dealer_hand"]
    assert dealer == {"cards": "3S JS 3H 2D", "class": "total", "total": 18}
    recorded = dealer[key]
    dealer[key] = value
    assert only(tmp_path, recs) == divergence(
        tmp_path, 3, 2, "dealer", 1, f"dealer_hand.{key}", value, recorded, rule
    )


# the money (C3, C10) ------------------------------------------------------------------------------


def test_a_changed_net_cites_the_rule_that_settled_the_hand(tmp_path: Path) -> None:
    recs = base()
    recs[2]["net"]["p3"] = 7  # a pontoon's 2:1 paid 1:1, the hands row left as it was
    shift_balances(recs, 2, "p3", -7)
    assert only(tmp_path, recs) == divergence(tmp_path, 3, 2, "p3", None, "net", 7, 14, "C10")


def test_C10_the_net_of_a_split_seat(tmp_path: Path) -> None:
    recs, _ = split_round()
    recs = recs[:15]  # p2's balance runs out later
    recs[13]["net"]["p2"] = -8
    shift_balances(recs, 13, "p2", 8)
    assert only(tmp_path, recs) == divergence(tmp_path, 14, 13, "p2", None, "net", -8, -16, "C10")


def test_C3_a_net_for_a_seat_that_sat_out(tmp_path: Path) -> None:
    recs = base()[:18]  # the last round p1 sits out alone
    recs[17]["net"]["p1"] = 5
    shift_balances(recs, 17, "p1", 5)
    assert only(tmp_path, recs) == divergence(tmp_path, 18, 17, "p1", None, "net", 5, 0, "C3")


def test_C3_a_net_for_someone_not_at_the_table(tmp_path: Path) -> None:
    recs = base()
    recs[2]["net"]["zed"] = 5
    assert only(tmp_path, recs) == divergence(tmp_path, 3, 2, "zed", None, "net", 5, None, "C3")


def test_C10_a_changed_balance(tmp_path: Path) -> None:
    recs = base()[:15]  # p2 sits out from round 18
    shift_balances(recs, 2, "p2", 10)  # from round 2 on: only round 2's can be caught
    want = BASE[2]["balance"]["p2"]
    assert only(tmp_path, recs) == divergence(
        tmp_path, 3, 2, "p2", None, "balance", want + 10, want, "C10"
    )


def test_C3_a_balance_for_someone_not_at_the_table(tmp_path: Path) -> None:
    recs = base()
    recs[2]["balance"]["zed"] = 5
    assert only(tmp_path, recs) == divergence(tmp_path, 3, 2, "zed", None, "balance", 5, None, "C3")
