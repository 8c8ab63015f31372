"""Casino replay must be sound (C1-C11): for each check replay makes of a casino log, a log
tampered so that only that check can catch it (what a careful forger would fix up besides is
fixed up), asserting the WHOLE divergence and its C rule ID. The decisions (C3, C6-C9) and the
shoe between rounds (C1); every field of the record and the money are in
test_casino_replay_fields.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.casino_logs import (
    BASE,
    EIGHTS,
    Record,
    arranged,
    base,
    decision,
    divergence,
    only,
    shift_balances,
    split_round,
    three_hands,
)
from support.replay import dump, lacking, replay

from pontoon_cli.casino.replay import NO_DEALER_CHOICE
from pontoon_cli.logformat.missing import ENDED


def test_the_base_log_verifies(tmp_path: Path) -> None:
    code, found, err = replay(tmp_path, dump(BASE))
    assert (code, found) == (0, []), err
    assert err.strip() == (
        "pontoon replay: 30 deals verified, 0 with divergences; 31 lines read from 1 file"
    )


# the Done-when tampers: a double, a split hand's card, a 2:1 payout -------------------------------


def test_C7_a_double_of_more_than_the_initial_stake(tmp_path: Path) -> None:
    recs = base()
    assert recs[1]["decisions"][4] == decision("p2", "double", 8)
    recs[1]["decisions"][4]["amount"] = 9  # and p2's stake, net and balance to match
    hand = recs[1]["hands"][1]
    assert (hand["player"], hand["stake"], hand["net"]) == ("p2", 16, -16)
    hand["stake"] = 17
    hand["net"] = recs[1]["net"]["p2"] = -17
    shift_balances(recs, 1, "p2", -1)
    assert only(tmp_path, recs) == divergence(
        tmp_path, 2, 1, "p2", 1, "decisions[4]", "double 9", "double 8", "C7"
    )


def test_C7_a_hand_doubled_twice(tmp_path: Path) -> None:
    recs = base()
    assert recs[1]["decisions"][4:6] == [decision("p2", "double", 8), decision("p2", "hit")]
    recs[1]["decisions"].insert(5, decision("p2", "double", 8))  # after its card (C7)
    assert only(tmp_path, recs) == divergence(
        tmp_path,
        2,
        1,
        "p2",
        1,
        "decisions[5]",
        "double 8",
        "cannot double: the hand has doubled once",
        "C7",
    )


def test_C7_a_double_the_balance_cannot_cover(tmp_path: Path) -> None:
    recs = base()
    assert recs[22]["balance"]["p2"] == 15 and recs[23]["decisions"][0] == decision(
        "p2", "stake", 8
    )
    assert recs[23]["decisions"][2] == decision("p2", "hit")
    recs[23]["decisions"].insert(2, decision("p2", "double", 8))
    assert only(tmp_path, recs) == divergence(
        tmp_path,
        24,
        23,
        "p2",
        1,
        "decisions[2]",
        "double 8",
        "cannot double: the bet 8 is more than the balance 7",
        "C7",
    )


def test_C7_a_doubled_hand_recorded_undoubled(tmp_path: Path) -> None:
    recs = base()
    recs[1]["hands"][1]["doubled"] = False
    assert only(tmp_path, recs) == divergence(
        tmp_path, 2, 1, "p2", 1, "hands[1].doubled", False, True, "C7"
    )


def test_C7_a_doubled_hands_stake(tmp_path: Path) -> None:
    recs = base()
    assert recs[1]["hands"][1]["stake"] == 16
    recs[1]["hands"][1]["stake"] = 8
    assert only(tmp_path, recs) == divergence(
        tmp_path, 2, 1, "p2", 1, "hands[1].stake", 8, 16, "C7"
    )


def double_card() -> tuple[list[Record], int]:
    """The base log and the index of round 2's card that p1's double dealt him (C7): the
    card after his double, before his hit."""
    recs = base()
    rec = recs[2]
    assert rec["decisions"][3:5] == [decision("p1", "double", 2), decision("p1", "hit")]
    mine = [i for i, c in enumerate(rec["cards"]) if c["player"] == "p1"]
    return recs, mine[2]  # his two cards of the deal (C4), then the double's


def test_C7_a_doubles_card(tmp_path: Path) -> None:
    recs, i = double_card()
    card = recs[2]["cards"][i]
    assert card == {"player": "p1", "hand": 1, "card": "4C", "up": True}
    card["card"] = "3C"  # and the hand it went to
    hand = recs[2]["hands"][0]
    assert hand["cards"] == "5C 9H 4C 6D"
    hand["cards"] = "5C 9H 3C 6D"
    assert only(tmp_path, recs) == divergence(
        tmp_path, 3, 2, "p1", 1, f"cards[{i}].card", "3C", "4C", "C7"
    )


def test_C8_a_split_hands_card(tmp_path: Path) -> None:
    recs, i = split_round()
    card = recs[25]["cards"][i]
    assert card == {"player": "p3", "hand": 2, "card": "2S", "up": True}
    card["card"] = "9C"  # and the hand it went to
    hand = recs[25]["hands"][2]
    assert hand["cards"] == "4C 2S QS JC"
    hand["cards"] = "4C 9C QS JC"
    assert only(tmp_path, recs) == divergence(
        tmp_path, 26, 25, "p3", 2, f"cards[{i}].card", "9C", "2S", "C8"
    )


def test_C8_a_split_hands_cards_in_its_hand(tmp_path: Path) -> None:
    recs, _ = split_round()
    recs[25]["hands"][2]["cards"] = "4C 9C QS JC"
    assert only(tmp_path, recs) == divergence(
        tmp_path, 26, 25, "p3", 2, "hands[2].cards", "4C 9C QS JC", "4C 2S QS JC", "C8"
    )


def test_C10_a_pontoon_paid_1_to_1(tmp_path: Path) -> None:
    recs = base()
    hand = recs[13]["hands"][1]
    assert (hand["player"], hand["class"], hand["stake"], hand["net"], hand["rule"]) == (
        "p3",
        "pontoon",
        10,
        20,
        "C10",
    )
    hand["net"] = recs[13]["net"]["p3"] = 10  # and p3's balance from there on
    shift_balances(recs, 13, "p3", -10)
    assert only(tmp_path, recs) == divergence(
        tmp_path, 14, 13, "p3", 1, "hands[1].net", 10, 20, "C10"
    )


def test_C10_a_doubled_five_card_trick_paid_1_to_1(tmp_path: Path) -> None:
    recs = base()
    hand = recs[27]["hands"][0]
    assert (hand["player"], hand["class"], hand["stake"], hand["doubled"], hand["net"]) == (
        "p2",
        "five-card-trick",
        6,
        True,
        12,
    )
    hand["net"] = recs[27]["net"]["p2"] = 6
    shift_balances(recs, 27, "p2", -6)
    assert only(tmp_path, recs) == divergence(
        tmp_path, 28, 27, "p2", 1, "hands[0].net", 6, 12, "C10"
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
    assert recs[6]["dealer_hand"]["class"] == "pontoon" and len(recs[6]["decisions"]) == 3
    recs[6]["decisions"].append(decision("p1", "hit"))
    assert only(tmp_path, recs) == divergence(
        tmp_path, 7, 6, "p1", 1, "decisions[3]", "hit", "the round is over", "C5"
    )


def test_C6_a_decision_out_of_turn(tmp_path: Path) -> None:
    recs = base()
    decisions = recs[1]["decisions"]
    assert decisions[3:5] == [decision("p1", "hit"), decision("p2", "double", 8)]
    decisions[3], decisions[4] = decisions[4], decisions[3]  # p2 doubles before p1 hits
    assert only(tmp_path, recs) == divergence(
        tmp_path, 2, 1, "p2", 1, "decisions[3]", "double 8", "p1 hand 1 to decide", "C6"
    )


def test_C3_a_stake_out_of_turn(tmp_path: Path) -> None:
    recs = base()
    decisions = recs[1]["decisions"]
    decisions[0], decisions[1] = decisions[1], decisions[0]
    assert only(tmp_path, recs) == divergence(
        tmp_path, 2, 1, "p2", 1, "decisions[0]", "stake 8", "p1 to stake", "C3"
    )


def test_C3_a_missing_stake(tmp_path: Path) -> None:
    recs = base()
    recs[1]["decisions"] = recs[1]["decisions"][:2]
    assert only(tmp_path, recs) == divergence(
        tmp_path, 2, 1, "p3", 1, "decisions", "2 decisions", "a decision by p3 hand 1", "C3"
    )


def test_C6_a_missing_decision(tmp_path: Path) -> None:
    """The decisions end with p3's hand to play: his hand, its cards, and C6."""
    recs = base()
    assert recs[1]["decisions"].pop() == decision("p3", "stand")
    why = "TD 2D 7H is 19, which may hit or stand"
    assert only(tmp_path, recs) == lacking(tmp_path, 2, 1, "p3", 1, 7, why, "C6", ENDED)


def test_C6_a_stand_under_15(tmp_path: Path) -> None:
    recs = base()
    assert recs[4]["hands"][0]["cards"] == "4C 6H 5D"  # 10, hit 15, stand
    assert recs[4]["decisions"][3:5] == [decision("p1", "hit"), decision("p1", "stand")]
    del recs[4]["decisions"][3]
    assert only(tmp_path, recs) == divergence(
        tmp_path,
        5,
        4,
        "p1",
        1,
        "decisions[3]",
        "stand",
        "cannot stand on 10: the least is 15; hit",
        "C6",
    )


@pytest.mark.parametrize(
    ("at", "index", "amount", "reason"),
    [
        (1, 0, 11, "cannot stake 11: the stake must be from 1 to 10"),
        (9, 0, 8, "cannot stake 8 with a balance of 7"),
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
        # the engine's whole-units refusal, cited as the casino stake's own rule (C3)
        (
            0,
            {"amount": 0},
            "stake 0",
            "cannot stake 0: amounts are whole units of 1 or more",
            "C3",
        ),
        (0, {"amount": None}, "stake", "stake needs an amount", "C3"),
        (3, {"amount": 2}, "hit 2", "hit takes no amount", "C6"),
        (4, {"amount": 1}, "stand 1", "stand takes no amount", "C6"),
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
    assert recs[1]["hands"][0]["cards"] == "2S KC JC"  # 2S KC, then a hit
    assert recs[1]["decisions"][3] == decision("p1", "hit")
    recs[1]["decisions"][3] = decision("p1", "split", 5)
    assert only(tmp_path, recs) == divergence(
        tmp_path,
        2,
        1,
        "p1",
        1,
        "decisions[3]",
        "split 5",
        "cannot split 2S KC: only two cards of the same value split",
        "C8",
    )


def test_C8_a_split_of_a_wrong_amount(tmp_path: Path) -> None:
    recs, _ = split_round()
    recs[25]["decisions"][3]["amount"] = 7
    assert only(tmp_path, recs) == divergence(
        tmp_path, 26, 25, "p3", 1, "decisions[3]", "split 7", "split 6", "C8"
    )


def test_C7_C8_a_doubled_pair_split(tmp_path: Path) -> None:
    """A double deals the hand its third card (C7), so a doubled pair is no pair: only two
    cards split (C8)."""
    recs = arranged(
        "8C 2D 8D 3D 2C",  # ann's eights, the dealer's 5, the double's card
        [("ann", 1, "stake", 2), ("ann", 1, "double", None), ("ann", 1, "stand", None)],
    )
    assert recs[1]["hands"][0]["cards"] == "8C 8D 2C" and recs[1]["hands"][0]["doubled"]
    recs[1]["decisions"].insert(2, decision("ann", "split", 2))
    assert only(tmp_path, recs) == divergence(
        tmp_path,
        2,
        1,
        "ann",
        1,
        "decisions[2]",
        "split 2",
        "cannot split 8C 8D 2C: only two cards of the same value split",
        "C8",
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
    assert recs[10]["sat_out"] == [] and recs[11]["sat_out"] == ["p1"]
    recs[11]["sat_out"] = []
    assert only(tmp_path, recs) == divergence(
        tmp_path, 12, 11, None, None, "sat_out", [], ["p1"], "C3"
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
    from support.casino_logs import play, records

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
    pack = BASE[2]["pack"].split()
    n = len(pack)
    assert len(BASE[3]["pack"].split()) == n - len(BASE[2]["cards"])
    assert only(tmp_path, recs) == divergence(
        tmp_path, 3, 2, None, None, f"pack[{n - 2}]", pack[n - 1], pack[n - 2], "C1"
    )


def test_C1_a_continued_shoe_cut_short(tmp_path: Path) -> None:
    recs = base()
    for at in (2, 3):
        recs[at]["pack"] = recs[at]["pack"][:-3]
    n = len(BASE[2]["pack"].split())
    assert only(tmp_path, recs) == divergence(
        tmp_path, 3, 2, None, None, "pack", f"{n - 1} cards", f"{n} cards", "C1"
    )


def test_C1_a_continued_shoe_with_its_bottom_card_changed(tmp_path: Path) -> None:
    """A shoe that carries over is compared with what the last round left to its last card."""
    recs = base()
    cards = str(BASE[2]["pack"]).split()
    n = len(cards)
    other = next(c for c in ("AS", "KD") if c != cards[-1])
    for at in (2, 3):
        recs[at]["pack"] = str(recs[at]["pack"])[:-2] + other
    assert only(tmp_path, recs) == divergence(
        tmp_path, 3, 2, None, None, f"pack[{n - 1}]", other, cards[-1], "C1"
    )


def test_C1_a_shoe_recorded_as_shuffled_after_an_unknown_round_must_be_whole(
    tmp_path: Path,
) -> None:
    """After a round that ended early, what it left is unknown: a shoe the log says was
    shuffled is then held to a whole shoe (C1)."""
    recs = base()
    recs[1]["decisions"].pop()  # round 1 ends early: its shoe is unknown
    recs[2]["pack_state"] = "shuffled"  # round 2's continued shoe, 91 cards, called new
    code, found, _ = replay(tmp_path, dump(recs))
    assert code == 1
    assert found[1] == divergence(tmp_path, 3, 2, None, None, "pack", "91 cards", "104 cards", "C1")


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
