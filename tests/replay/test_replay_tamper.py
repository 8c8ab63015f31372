"""Replay must be sound: for each check replay makes, a log tampered so that exactly that
check catches it, asserting the WHOLE divergence (file, line, deal, player, hand, field, recorded,
expected, rule). Then stacked packs only in a scenario's log (T8.1) and no false divergence after
a first one. The cut for the bank is in test_replay_bank_cut.py."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from support.logs import play_log, play_scenario, records
from support.replay import (
    BASE,
    P4_NET_DETAIL,
    Record,
    base,
    divergence,
    dump,
    first,
    lacking,
    minimal,
    only,
    replay,
)

from pontoon_cli.logformat.missing import ENDED

# decisions: turn, end and missing ones (T4.2, T5, T6.1, T6.2) ------------------------------------


def test_a_decision_after_the_banker_stays_T6_1(tmp_path: Path) -> None:
    recs = base()
    assert recs[1]["decisions"][-1] == {"player": "p2", "hand": 1, "action": "stay"}
    recs[1]["decisions"].append({"player": "p2", "hand": 1, "action": "draw"})
    assert only(tmp_path, recs) == divergence(
        tmp_path, 2, 1, "p2", 1, "decisions[8]", "draw", "the deal is over", "T6.1"
    )


def test_a_decision_after_the_banker_busts_T6_2(tmp_path: Path) -> None:
    recs = base()
    assert recs[9]["banker_hand"]["class"] == "bust"
    n = len(recs[9]["decisions"])
    recs[9]["decisions"].append({"player": "p1", "hand": 1, "action": "stay"})
    assert only(tmp_path, recs) == divergence(
        tmp_path, 10, 9, "p1", 1, f"decisions[{n}]", "stay", "the deal is over", "T6.2"
    )


def test_a_missing_stake_T4_2(tmp_path: Path) -> None:
    recs = base()
    recs[1]["decisions"] = recs[1]["decisions"][:2]  # p3 and p4 stake; p1 never does
    assert only(tmp_path, recs) == divergence(
        tmp_path, 2, 1, "p1", 1, "decisions", "2 decisions", "a decision by p1 hand 1", "T4.2"
    )


def test_a_stake_without_an_amount_T4_2(tmp_path: Path) -> None:
    """The stake's own rule, not the buy's (T5.3)."""
    recs = base()
    del recs[1]["decisions"][1]["amount"]
    assert only(tmp_path, recs) == divergence(
        tmp_path, 2, 1, "p4", 1, "decisions[1]", "stake", "stake needs an amount", "T4.2"
    )


def test_a_twist_with_an_amount_T5_4(tmp_path: Path) -> None:
    recs = base()
    recs[1]["decisions"][4]["amount"] = 1
    assert only(tmp_path, recs) == divergence(
        tmp_path, 2, 1, "p4", 1, "decisions[4]", "twist 1", "twist takes no amount", "T5.4"
    )


def test_a_missing_punter_decision_T5_5(tmp_path: Path) -> None:
    """The decisions end with p3's hand to play: his hand, its cards and the rule that asks it."""
    recs = base()
    recs[1]["decisions"] = recs[1]["decisions"][:3]  # the stakes, and nobody plays
    why = "7S QD is 17, which may stick or draw"
    assert only(tmp_path, recs) == lacking(tmp_path, 2, 1, "p3", 1, 3, why, "T5.5", ENDED)


def test_a_missing_banker_decision_T6_2(tmp_path: Path) -> None:
    recs = base()
    recs[1]["decisions"].pop()
    why = "the banker's KH TS is 20: short of a hard 21 and of five cards, he draws or stays"
    assert only(tmp_path, recs) == lacking(tmp_path, 2, 1, "p2", 1, 7, why, "T6.2", ENDED)


def test_a_banker_decision_out_of_turn_T5(tmp_path: Path) -> None:
    recs = base()
    recs[1]["decisions"].insert(3, {"player": "p2", "hand": 1, "action": "stay"})
    assert only(tmp_path, recs) == divergence(
        tmp_path, 2, 1, "p2", 1, "decisions[3]", "stay", "p3 hand 1 to decide", "T5"
    )


# money: nets and balances (T7, T3.1) -------------------------------------------------------------


def test_a_changed_punter_net_cites_the_rule_that_settled_his_hand(tmp_path: Path) -> None:
    recs = base()
    assert recs[2]["hands"][2] == {**recs[2]["hands"][2], "player": "p1", "rule": "T7"}
    recs[2]["net"]["p4"] -= 1  # p4 stuck and lost to a higher banker total: T7.1
    assert only(tmp_path, recs) == {
        **divergence(tmp_path, 3, 2, "p4", 1, "net", -2, -1, "T7.1"),
        "detail": P4_NET_DETAIL,
    }


def test_a_changed_banker_net_T7(tmp_path: Path) -> None:
    recs = base()
    recs[5]["net"]["p1"] += 2
    assert only(tmp_path, recs) == divergence(tmp_path, 6, 5, "p1", None, "net", 5, 3, "T7")


def test_a_balance_for_someone_not_at_the_table_T3_1(tmp_path: Path) -> None:
    recs = base()
    recs[2]["balance"]["zed"] = 5
    assert only(tmp_path, recs) == divergence(
        tmp_path, 3, 2, "zed", None, "balance", 5, None, "T3.1"
    )


def test_a_changed_banker_total_T1_3(tmp_path: Path) -> None:
    recs = base()
    recs[2]["banker_hand"]["total"] += 1
    total = BASE[2]["banker_hand"]["total"]
    assert only(tmp_path, recs) == divergence(
        tmp_path, 3, 2, "p2", 1, "banker_hand.total", total + 1, total, "T1.3"
    )


def test_a_card_left_out_cites_the_rule_that_dealt_it(tmp_path: Path) -> None:
    recs = base()
    n = len(recs[1]["cards"])
    recs[1]["cards"].pop()  # the banker has stayed: the last card went to p1's buy (T5.3)
    assert BASE[1]["cards"][-1]["player"] == "p1"
    assert only(tmp_path, recs) == divergence(
        tmp_path, 2, 1, None, None, "cards", f"{n - 1} cards", f"{n} cards", "T5.3"
    )


# the bank (T8.3, T8.4, T8.6) ---------------------------------------------------------------------


def test_a_sale_by_someone_not_banking_T8_4(tmp_path: Path, sale_log: list[Record]) -> None:
    sale_log[3]["sale"]["seller"] = "ann"
    assert only(tmp_path, sale_log) == divergence(
        tmp_path, 4, 3, "ann", None, "sale.seller", "ann", "cal", "T8.4"
    )


def test_a_sale_to_the_banker_himself_T8_4(tmp_path: Path, sale_log: list[Record]) -> None:
    sale_log[3]["sale"]["buyer"] = "cal"
    sold = sale_log[3]["sale"]
    d = first(tmp_path, sale_log)
    assert d == divergence(
        tmp_path,
        4,
        3,
        "cal",
        None,
        "sale",
        sold,
        "cannot sell the bank to cal: he holds it",
        "T8.4",
    )


def test_a_sale_to_someone_not_at_the_table_T8_4(tmp_path: Path, sale_log: list[Record]) -> None:
    sale_log[3]["sale"]["buyer"] = "zed"
    sold = sale_log[3]["sale"]
    d = first(tmp_path, sale_log)
    assert d == divergence(
        tmp_path,
        4,
        3,
        "zed",
        None,
        "sale",
        sold,
        "cannot sell the bank to 'zed': not at the table",
        "T8.4",
    )


def test_a_banker_other_than_the_buyer_after_a_sale_T8_4(
    tmp_path: Path, sale_log: list[Record]
) -> None:
    sale_log[3]["banker"] = "ann"
    d = first(tmp_path, sale_log)
    assert d == divergence(tmp_path, 4, 3, None, None, "banker", "ann", "bob", "T8.4")


def test_a_sale_the_buyer_cannot_pay_T8_6(tmp_path: Path, sale_log: list[Record]) -> None:
    sale_log[3]["sale"]["price"] = 500
    sold = sale_log[3]["sale"]
    balance = sale_log[2]["balance"]["bob"]
    d = first(tmp_path, sale_log)
    assert d == divergence(
        tmp_path,
        4,
        3,
        "bob",
        None,
        "sale",
        sold,
        f"cannot buy the bank for 500 with a balance of {balance}",
        "T8.6",
    )


def test_a_changed_sat_out_T8_6(tmp_path: Path) -> None:
    recs = base()
    recs[2]["sat_out"] = ["p3"]
    assert only(tmp_path, recs) == divergence(
        tmp_path, 3, 2, None, None, "sat_out", ["p3"], [], "T8.6"
    )


def test_a_deal_nobody_can_stake_in_T8_6(tmp_path: Path) -> None:
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
        "deal 1: no punter can cover the minimum stake of 1 (T8.6); the game cannot go on",
        "T8.6",
    )


# the pack (T1.1, T8.1, T8.2) ---------------------------------------------------------------------


def test_a_pack_with_a_card_twice_T1_1(tmp_path: Path) -> None:
    recs = base()
    cards = recs[1]["pack"].split()
    cards[cards.index("AC")] = "KS"  # AC, the first card in pack order, is gone; KS is twice
    recs[1]["pack"] = " ".join(cards)
    assert only(tmp_path, recs) == divergence(
        tmp_path, 2, 1, None, None, "pack", "AC 0 times", "AC 1 time", "T1.1"
    )


def test_two_packs_with_a_card_three_times_T1_1(tmp_path: Path) -> None:
    recs = records(play_log(2, deals=1, players=8))
    cards = recs[1]["pack"].split()
    assert len(cards) == 104
    cards[cards.index("AC")] = "KS"  # one AC of two is gone; KS is there three times
    recs[1]["pack"] = " ".join(cards)
    assert only(tmp_path, recs) == divergence(
        tmp_path, 2, 1, None, None, "pack", "AC 1 time", "AC 2 times", "T1.1"
    )


def test_a_broken_pack_is_named_in_the_next_deal_after_an_earlier_divergence_T1_1(
    tmp_path: Path,
) -> None:
    # Deal 1 diverges before its pack is looked at (a stacked pack in a dealt game, T8.1) and
    # its pack holds KS twice, AC not at all, in cards it does not deal; deal 2 continues from
    # it, so the same. Replay still checks deal 1's pack, knows it broken, and names deal 2's
    # (else deal 2, exactly what deal 1 left, would pass as verified).
    recs = base()
    assert recs[2]["pack_state"] == "continued"
    last = recs[1]["pack"].split()[-1]
    assert all(c["card"] != last for c in recs[1]["cards"]) and last != "KS"
    for rec in recs[1:3]:
        rec["pack"] = " ".join("KS" if c == last else c for c in rec["pack"].split())
    recs[1]["pack_state"] = "stacked"
    code, found, err = replay(tmp_path, dump(recs))
    assert code == 1, err
    assert found[:2] == [
        divergence(tmp_path, 2, 1, None, None, "pack_state", "stacked", "shuffled", "T8.1"),
        divergence(tmp_path, 3, 2, None, None, "pack", f"{last} 0 times", f"{last} 1 time", "T1.1"),
    ]


def test_a_first_deal_claimed_continued_T8_1(tmp_path: Path) -> None:
    recs = base()
    recs[1]["pack_state"] = "continued"
    assert only(tmp_path, recs) == divergence(
        tmp_path, 2, 1, None, None, "pack_state", "continued", "shuffled", "T8.1"
    )


def test_a_continued_pack_cut_short_T8_1(tmp_path: Path) -> None:
    recs = base()
    assert recs[2]["pack_state"] == "continued"
    recs[2]["pack"] = recs[2]["pack"][:-3]
    assert only(tmp_path, recs) == divergence(
        tmp_path, 3, 2, None, None, "pack", "51 cards", "52 cards", "T8.1"
    )


# a stacked pack only where a scenario scripts it (T8.1) -------------------------------------------


@pytest.mark.parametrize(("at", "want"), [(5, "continued"), (3, "shuffled"), (1, "shuffled")])
def test_a_stacked_pack_in_a_dealt_game_T8_1(tmp_path: Path, at: int, want: str) -> None:
    recs = base()
    recs[at]["pack_state"] = "stacked"
    assert only(tmp_path, recs) == divergence(
        tmp_path, at + 1, at, None, None, "pack_state", "stacked", want, "T8.1"
    )


def test_a_stacked_pack_cannot_replay_a_deal_twice(tmp_path: Path) -> None:
    """Deal 4 again, as deal 5, marked stacked to switch continuity off."""
    recs = base()
    recs[5] = {**copy.deepcopy(recs[4]), "deal": 5, "pack_state": "stacked"}
    code, found, _ = replay(tmp_path, dump(recs))
    assert code == 1
    assert found[0] == divergence(
        tmp_path, 6, 5, None, None, "pack_state", "stacked", "continued", "T8.1"
    )


def test_the_summary_says_how_many_deals_a_scenario_stacked(
    tmp_path: Path, sale_log: list[Record]
) -> None:
    code, found, err = replay(tmp_path, dump(sale_log))
    assert (code, found) == (0, [])
    n = len(sale_log) - 1
    assert err == (
        f"pontoon replay: {n} deals verified, 0 with divergences; 2 deals stacked by a scenario, "
        f"not dealt; {n + 1} lines read from 1 file\n"
    )


def test_a_stacked_pack_without_the_scenario_name_is_a_divergence(
    tmp_path: Path, sale_log: list[Record]
) -> None:
    sale_log[0]["scenario"] = None
    code, found, _ = replay(tmp_path, dump(sale_log))
    assert code == 1
    assert found[0] == divergence(
        tmp_path, 2, 1, None, None, "pack_state", "stacked", "shuffled", "T8.1"
    )


# a divergence in one deal causes no false one later -----------------------------------------------


def test_an_out_of_turn_decision_leaves_the_next_deals_pack_alone(tmp_path: Path) -> None:
    recs = base()
    assert recs[2]["pack_state"] == "continued"  # deal 2 goes on from deal 1's pack (T8.1)
    decisions = recs[1]["decisions"]
    decisions[3], decisions[4] = decisions[4], decisions[3]
    code, found, err = replay(tmp_path, dump(recs))
    assert code == 1
    assert found == [
        divergence(tmp_path, 2, 1, "p4", 1, "decisions[3]", "twist", "p3 hand 1 to decide", "T5")
    ]
    assert "11 deals verified, 1 with divergences (1 divergence)" in err


def test_a_missing_decision_leaves_the_next_deals_pack_alone(tmp_path: Path) -> None:
    recs = base()
    del recs[1]["decisions"][4]  # p4's twist
    code, found, err = replay(tmp_path, dump(recs))
    assert code == 1
    assert [(d["line"], d["player"], d["field"], d["rule"]) for d in found] == [
        (2, "p4", "decisions[4]", "T5.5")
    ]
    assert "11 deals verified, 1 with divergences (1 divergence)" in err


PASS_AND_SALE = """\
name = "the bank passes on a pontoon, then is sold"
seed = 3
strategy = "default"
deals = 3

[table]
players = ["ann", "bob", "cal"]
banker = "cal"
bankroll = 100

[[deal]]
pack = "AH 5C 9D KH 6C 7D"   # ann's pontoon takes the bank from cal (T8.3)

[[deal]]
sell_bank = { to = "bob", price = 5 }
"""


@pytest.fixture
def pass_log(tmp_path: Path) -> list[Record]:
    path = tmp_path / "pass.toml"
    path.write_text(PASS_AND_SALE)
    recs = records(play_scenario(path))
    assert [(r["banker"], r["next_banker"]) for r in recs[1:]] == [
        ("cal", "ann"),
        ("bob", "bob"),
        ("bob", "bob"),
    ]
    assert recs[2]["sale"] == {"seller": "ann", "buyer": "bob", "price": 5}
    return recs


def test_a_sale_after_the_bank_passed_is_the_new_bankers(
    tmp_path: Path, pass_log: list[Record]
) -> None:
    code, found, _ = replay(tmp_path, dump(pass_log))
    assert (code, found) == (0, [])
    lean = minimal(pass_log)  # no banker, next_banker or balance: the bank is derived
    lean[2]["sale"] = pass_log[2]["sale"]
    code, found, err = replay(tmp_path, dump(lean))
    assert (code, found) == (0, []), err


def test_a_refused_sales_money_is_carried_in_a_minimal_log(
    tmp_path: Path, pass_log: list[Record]
) -> None:
    lean = minimal(pass_log)
    lean[2]["sale"] = {"seller": "cal", "buyer": "bob", "price": 5}  # cal no longer banks
    # The money moves as recorded (cal +5, bob -5); the last deal's balance shows it.
    before = pass_log[3]["balance"]
    lean[3]["balance"] = {"ann": before["ann"] - 5, "bob": before["bob"], "cal": before["cal"] + 5}
    assert only(tmp_path, lean) == divergence(
        tmp_path, 3, 2, "cal", None, "sale.seller", "cal", "ann", "T8.4"
    )


@pytest.fixture
def sale_log(tmp_path: Path) -> list[Record]:
    from support.replay import STACKED_SALE

    path = tmp_path / "sale.toml"
    path.write_text(STACKED_SALE)
    return records(play_scenario(path))


# the end of a deal: the rule that takes no more decisions (T4.4, T6.3, T8.5) ----------------------

THREE = records(play_log(0, deals=14, players=3))  # deal 9: the banker's pontoon; 14: all bust


@pytest.mark.parametrize(("at", "rule"), [(9, "T4.4"), (14, "T6.3")])
def test_a_decision_after_the_deal_ended_by_itself(tmp_path: Path, at: int, rule: str) -> None:
    recs = copy.deepcopy(THREE)
    assert recs[at]["banker"] == "p1"
    n = len(recs[at]["decisions"])
    recs[at]["decisions"].append({"player": "p1", "hand": 1, "action": "draw"})
    assert only(tmp_path, recs) == divergence(
        tmp_path, at + 1, at, "p1", 1, f"decisions[{n}]", "draw", "the deal is over", rule
    )


def test_a_decision_after_a_void_deal_T8_5(tmp_path: Path) -> None:
    recs = records(
        play_scenario(Path(__file__).resolve().parents[2] / "scenarios/t8-empty-pack-void.toml")
    )
    assert recs[1]["void"] is True
    n = len(recs[1]["decisions"])
    recs[1]["decisions"].append({"player": "yan", "hand": 1, "action": "stay"})
    d = first(tmp_path, recs)
    assert d == divergence(
        tmp_path, 2, 1, "yan", 1, f"decisions[{n}]", "stay", "the deal is over", "T8.5"
    )


# every field of a hand and of a card dealt, each with its rule ------------------------------------


@pytest.mark.parametrize(
    ("key", "value", "rule"),
    [
        ("player", "p4", "T3.1"),
        ("hand", 2, "T5.2"),
        ("split", True, "T5.2"),
        ("rule", "T2.6", "T7.1"),  # a changed settling rule cites the rule that did settle it
    ],
)
def test_a_changed_hand_field(tmp_path: Path, key: str, value: Any, rule: str) -> None:
    recs = base()
    hand = recs[1]["hands"][0]
    assert (hand["player"], hand["rule"]) == ("p3", "T7.1")
    recorded = hand[key]
    hand[key] = value
    assert only(tmp_path, recs) == divergence(
        tmp_path, 2, 1, "p3", 1, f"hands[0].{key}", value, recorded, rule
    )


@pytest.mark.parametrize(
    ("index", "key", "value", "rule"),
    [
        (0, "up", True, "T4.1"),  # the first round, face down
        (4, "up", True, "T4.3"),  # the second round
        (3, "hand", 2, "T4.1"),
    ],
)
def test_a_changed_card_field(tmp_path: Path, index: int, key: str, value: Any, rule: str) -> None:
    recs = base()
    card = recs[1]["cards"][index]
    recorded = card[key]
    card[key] = value
    assert only(tmp_path, recs) == divergence(
        tmp_path, 2, 1, card["player"], 1, f"cards[{index}].{key}", value, recorded, rule
    )
