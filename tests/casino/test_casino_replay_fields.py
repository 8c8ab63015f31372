"""Casino replay must be sound (C1-C11), field by field: every field of a round's record (the
cards dealt, the hands, the dealer's hand: C2, C4-C11) and the money (C3, C10), each tampered so
that only that check can catch it, asserting the WHOLE divergence and its C rule ID."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from support.casino_logs import (
    BASE,
    base,
    decision,
    divergence,
    only,
    shift_balances,
    split_round,
    three_hands,
)

from pontoon_cli.casino.replay import NO_DEALER_CHOICE

# every field of a card dealt (C4, C6, C8, C9) ----------------------------------------------------


@pytest.mark.parametrize(
    ("at", "index", "key", "value", "rule"),
    [
        (8, 0, "card", "2C", "C4"),  # p1's first card
        (8, 3, "up", True, "C4"),  # the dealer's first card, face down
        (8, 7, "up", True, "C4"),  # his second
        (8, 8, "card", "2C", "C6"),  # p1's hit
        (8, 8, "up", False, "C6"),
        (8, 12, "card", "2C", "C9"),  # the dealer's first draw
        (8, 13, "player", "p2", "C9"),  # his second, given to p2
        (8, 1, "hand", 2, "C4"),
        (2, 8, "card", "2C", "C7"),  # p1's double's card
        (2, 8, "up", False, "C7"),  # dealt face up (C7)
        (2, 9, "card", "2C", "C6"),  # his hit after it
    ],
)
def test_a_changed_card_field(
    tmp_path: Path, at: int, index: int, key: str, value: Any, rule: str
) -> None:
    recs = base()
    cards = recs[at]["cards"]
    assert [(c["player"], c["up"]) for c in cards[:8]] == [
        ("p1", True), ("p2", True), ("p3", True), ("dealer", False),
    ] * 2  # fmt: skip
    assert [c["player"] for c in BASE[8]["cards"][8:]] == ["p1", "p2", "p3", "p3"] + ["dealer"] * 3
    assert [c["player"] for c in BASE[2]["cards"][8:10]] == ["p1", "p1"]
    assert BASE[2]["decisions"][3:5] == [decision("p1", "double", 2), decision("p1", "hit")]
    card = cards[index]
    recorded = card[key]
    card[key] = value
    assert only(tmp_path, recs) == divergence(
        tmp_path, at + 1, at, card["player"] if key != "player" else "dealer", 1,
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
    assert recs[2]["cards"].pop()["player"] == "dealer"
    assert only(tmp_path, recs) == divergence(
        tmp_path, 3, 2, None, None, "cards", f"{n - 1} cards", f"{n} cards", "C9"
    )


# every field of a hand (C2, C3, C5-C8, C10, C11) -------------------------------------------------


@pytest.mark.parametrize(
    ("at", "index", "key", "value", "rule"),
    [
        (8, 0, "player", "p2", "C3"),
        (8, 0, "hand", 2, "C8"),
        (8, 0, "stake", 9, "C3"),  # not doubled: the stake (C3)
        (8, 0, "class", "total", "C2"),
        (8, 0, "total", 16, "C2"),
        (8, 0, "split", True, "C8"),
        (8, 0, "doubled", True, "C7"),
        (8, 0, "cards", "KD 6C JS", "C4"),
        (8, 0, "cards", "KD 5C TS", "C6"),
        (2, 0, "cards", "5C 9H 3C 6D", "C7"),  # p1's double's card (C7)
        (2, 0, "cards", "5C 9H 4C 7D", "C6"),  # his hit after it
        (25, 1, "cards", "4S 5H QC 9D", "C7"),  # a split hand's double's card
        (8, 0, "rule", "C2", "C6"),  # the rule that settled it: a bust (C6)
        (8, 0, "net", 10, "C6"),
        (6, 0, "net", 6, "C5"),  # the dealer's pontoon takes every stake
        (6, 0, "rule", "C2", "C5"),
        (8, 2, "net", 7, "C11"),  # the dealer's five card trick beats a 16
        (4, 0, "net", 5, "C2"),  # a lower total loses
        (9, 1, "net", -7, "C10"),  # the dealer bust: a standing hand wins
    ],
)
def test_a_changed_hand_field(
    tmp_path: Path, at: int, index: int, key: str, value: Any, rule: str
) -> None:
    recs = base()
    assert BASE[8]["hands"][0]["cards"] == "KD 5C JS"  # a hit, bust: 25
    assert BASE[2]["hands"][0]["cards"] == "5C 9H 4C 6D"  # a double, then a hit
    assert BASE[25]["decisions"][3:6] == [
        decision("p3", "split", 6), decision("p3", "double", 6), decision("p3", "hit"),
    ]  # fmt: skip
    assert BASE[6]["dealer_hand"]["class"] == "pontoon"
    assert BASE[8]["dealer_hand"]["class"] == "five-card-trick"
    assert BASE[9]["dealer_hand"]["class"] == "bust"
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
    assert recs[1]["hands"][2]["player"] == "p3"
    recs[1]["hands"].pop()
    assert only(tmp_path, recs) == divergence(
        tmp_path, 2, 1, None, None, "hands", "2 hands", "3 hands", "C3"
    )


# the dealer's hand (C2, C4, C9) -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "value", "rule"),
    [
        ("cards", "2D TC 4C", "C9"),  # he stopped on 16: his rule draws (C9)
        ("cards", "2D JC 4C 8H", "C4"),
        ("class", "total", "C2"),
        ("total", 17, "C2"),
    ],
)
def test_a_changed_dealer_hand_field(tmp_path: Path, key: str, value: Any, rule: str) -> None:
    recs = base()
    dealer = recs[12]["dealer_hand"]
    assert dealer == {"cards": "2D TC 4C 8H", "class": "bust", "total": 24}
    recorded = dealer[key]
    dealer[key] = value
    assert only(tmp_path, recs) == divergence(
        tmp_path, 13, 12, "dealer", 1, f"dealer_hand.{key}", value, recorded, rule
    )


# the money (C3, C10) ------------------------------------------------------------------------------


def test_a_changed_net_cites_the_rule_that_settled_the_hand(tmp_path: Path) -> None:
    recs = base()
    assert recs[21]["hands"][1]["class"] == "pontoon" and recs[21]["net"]["p3"] == 12
    recs[21]["net"]["p3"] = 6  # a pontoon's 2:1 paid 1:1, the hands row left as it was
    shift_balances(recs, 21, "p3", -6)
    found = only(tmp_path, recs)
    assert found == {
        **divergence(tmp_path, 22, 21, "p3", 1, "net", 6, 12, "C10"),
        "detail": "JH AS: pontoon 21 against the dealer's TD TS: total 20, paid +2 × stake 6",
    }


def test_C10_the_net_of_a_split_seat(tmp_path: Path) -> None:
    recs, _ = split_round()
    assert [h["net"] for h in recs[25]["hands"] if h["player"] == "p3"] == [-12, -12]
    recs[25]["net"]["p3"] = -12
    shift_balances(recs, 25, "p3", 12)
    found = only(tmp_path, recs)
    assert found["detail"].startswith("hand 1 4S 5H JC 9D: bust 28, net -12 (C6); hand 2 ")
    del found["detail"]  # each hand's net and rule: a seat with two hands names no hand
    assert found == divergence(tmp_path, 26, 25, "p3", None, "net", -12, -24, "C10")


def test_C3_a_net_for_a_seat_that_sat_out(tmp_path: Path) -> None:
    recs = base()[:12]  # with 5 more, p1 would stake again from round 12 (C3)
    assert recs[11]["sat_out"] == ["p1"]
    recs[11]["net"]["p1"] = 5
    shift_balances(recs, 11, "p1", 5)
    assert only(tmp_path, recs) == divergence(tmp_path, 12, 11, "p1", None, "net", 5, 0, "C3")


def test_C3_a_net_for_someone_not_at_the_table(tmp_path: Path) -> None:
    recs = base()
    recs[2]["net"]["zed"] = 5
    assert only(tmp_path, recs) == divergence(tmp_path, 3, 2, "zed", None, "net", 5, None, "C3")


def test_C10_a_changed_balance(tmp_path: Path) -> None:
    recs = base()
    shift_balances(recs, 2, "p2", 10)  # from round 2 on: only round 2's can be caught
    want = BASE[2]["balance"]["p2"]
    assert only(tmp_path, recs) == divergence(
        tmp_path, 3, 2, "p2", None, "balance", want + 10, want, "C10"
    )


def test_C3_a_balance_for_someone_not_at_the_table(tmp_path: Path) -> None:
    recs = base()
    recs[2]["balance"]["zed"] = 5
    assert only(tmp_path, recs) == divergence(tmp_path, 3, 2, "zed", None, "balance", 5, None, "C3")


# a hand too many (C3, C8), wherever it is -------------------------------------------------------


@pytest.mark.parametrize(
    ("at", "copied", "where", "rule"),
    [
        (1, 2, 3, "C3"),  # a copy of p3's hand after it
        (1, 0, 0, "C3"),  # a copy of p1's hand before every other
        (1, 1, 2, "C3"),
        (25, 2, 3, "C8"),  # a copy of p3's second split hand
        (25, 1, 1, "C8"),  # of his first, next to it
        (25, 0, 0, "C3"),  # of p2's, who did not split
    ],
)
def test_a_hand_too_many_is_one_hands_divergence(
    tmp_path: Path, at: int, copied: int, where: int, rule: str
) -> None:
    recs = base()
    hands = recs[at]["hands"]
    assert [h["split"] for h in hands] == ([False] * 3 if at == 1 else [False, True, True])
    hands.insert(where, dict(hands[copied]))
    assert only(tmp_path, recs) == divergence(
        tmp_path, at + 1, at, None, None, "hands", "4 hands", "3 hands", rule
    )


def test_C8_a_hand_too_many_that_claims_a_split(tmp_path: Path) -> None:
    recs = base()
    extra = dict(recs[1]["hands"][0], hand=2, split=True)
    recs[1]["hands"].insert(1, extra)
    assert only(tmp_path, recs) == divergence(
        tmp_path, 2, 1, None, None, "hands", "4 hands", "3 hands", "C8"
    )


# a decision for the dealer, on a shoe that carries over (C9, C1) ---------------------------------


@pytest.mark.parametrize("position", ["first", "middle", "last"])
@pytest.mark.parametrize("at", [1, 2])
def test_C9_a_dealer_decision_on_a_carried_over_shoe_leaves_the_next_round_verified(
    tmp_path: Path, at: int, position: str
) -> None:
    """Round ``at``'s shoe carries over to the next round (C1): the round the dealer's decision
    stops is one divergence, and the next one still continues from the shoe, verified."""
    recs = base()
    assert [r["pack_state"] for r in recs[1:4]] == ["shuffled", "continued", "continued"]
    decisions = recs[at]["decisions"]
    i = {"first": 0, "middle": len(decisions) // 2, "last": len(decisions)}[position]
    decisions.insert(i, decision("dealer", "stand"))
    assert only(tmp_path, recs) == divergence(
        tmp_path, at + 1, at, "dealer", 1, f"decisions[{i}]", "stand", NO_DEALER_CHOICE, "C9"
    )


# the double's card after hits (C7) ---------------------------------------------------------------


def test_C7_a_changed_double_card_after_a_hit(tmp_path: Path) -> None:
    """Round 27: p2 hits, doubles, hits again. His fourth card is the double's (C7), his fifth
    a hit (C6), in his hand's row and in the round's cards alike."""
    assert [d["action"] for d in BASE[27]["decisions"] if d["player"] == "p2"] == [
        "stake", "hit", "double", "hit",
    ]  # fmt: skip
    row = next(i for i, h in enumerate(BASE[27]["hands"]) if h["player"] == "p2")
    cards = BASE[27]["hands"][row]["cards"].split(" ")
    dealt = [i for i, c in enumerate(BASE[27]["cards"]) if c["player"] == "p2"]
    assert len(cards) == len(dealt) == 5
    for index, rule in ((3, "C7"), (4, "C6")):
        other = "2C" if cards[index] != "2C" else "3C"
        changed = [*cards[:index], other, *cards[index + 1 :]]
        recs = base()
        recs[27]["hands"][row]["cards"] = " ".join(changed)
        assert only(tmp_path, recs) == divergence(
            tmp_path, 28, 27, "p2", 1, f"hands[{row}].cards", " ".join(changed),
            " ".join(cards), rule,
        )  # fmt: skip
        recs[27]["cards"][dealt[index]]["card"] = other  # the round's cards say so too
        assert only(tmp_path, recs) == divergence(
            tmp_path, 28, 27, "p2", 1, f"cards[{dealt[index]}].card", other, cards[index], rule
        )
