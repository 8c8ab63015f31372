"""A pack between deals that is not the rules' says why (T8.1, T8.2): whose cards the two packs
hold at the first difference and the order the rules put the hands under, once per deal; which
deal had (no) pontoon when the pack was shuffled or continued against the rules; and a pack
continued card for card where a shuffle was due, which no recorded ``pack_state`` gives away.
In casino Pontoon, a shoe that carries over from another card of the last round than the rules'
follows from that round's divergence (C1, C9)."""

from __future__ import annotations

import copy
from pathlib import Path

from support.casino_logs import base as casino_base
from support.replay import Record, base, dump, first, minimal, replay

from pontoon_cli import play
from pontoon_cli.core.rules import PRESETS
from pontoon_cli.replay.run import LogReplayer
from pontoon_cli.traditional.replay import TraditionalReplay

#: Seed 15, 3 deals: in deal 1 (p3 banks) p4 splits eights, his hand 2 (8C 5D TH) and p1's
#: JS 2D KD go bust, p4's hand 1 (8D AS) and p2's 5S KS stand; no pontoon, so deal 2 goes on.
FIFTEEN = list(play("traditional", seed=15, deals=3))


def only_one(tmp_path: Path, recs: list[Record]) -> Record:
    code, found, err = replay(tmp_path, dump(recs))
    assert code == 1, err
    assert len(found) == 1, found
    return found[0]


def rewrite_pack(recs: list[Record], deal: int, cards: list[str]) -> None:
    """Deal ``deal``'s pack written as ``cards`` by an engine that goes on from it: every later
    deal that continues holds the cards it left in that order (the deals deal the same)."""
    old = str(recs[deal]["pack"]).split()
    recs[deal]["pack"] = " ".join(cards)
    n = deal + 1
    while n < len(recs) and recs[n]["pack_state"] == "continued":
        last = recs[n - 1]
        hands = [*last["hands"], last["banker_hand"]]
        dealt = sum(len(h["cards"].split()) for h in hands)
        here = str(recs[n]["pack"]).split()
        kept = len(old) - dealt
        assert here[:kept] == old[dealt:]
        cards = cards[dealt:] + here[kept:]
        old = here
        recs[n]["pack"] = " ".join(cards)
        n += 1


def under_in_seat_order(recs: list[Record], deal: int) -> list[str]:
    """Deal ``deal``'s pack as an engine leaves it that puts every hand of the deal before
    under at its end, seat by seat from the banker's left, busts too, then the banker's."""
    last = recs[deal - 1]
    hands = [h["cards"].split() for h in last["hands"]] + [last["banker_hand"]["cards"].split()]
    under = [card for cards in hands for card in cards]
    cards = str(recs[deal]["pack"]).split()
    return cards[: len(cards) - len(under)] + under


def test_T8_1_a_pack_in_seat_order_names_whose_cards_and_the_rules_order(tmp_path: Path) -> None:
    """Base deal 1 (p2 banks): p4's 9C 3H JC went bust, p3's 7S QD and p1's 2C 8S KD stood.
    An engine that puts the hands under in seat order (p1, then the banker's, p3, p4) differs
    at the first card of deal 1's under the pack: one line, naming both cards' hands."""
    recs = base()
    assert (recs[1]["banker"], recs[2]["pack_state"]) == ("p2", "continued")
    cards = recs[2]["pack"].split()
    seat_order = [*cards[:42], "2C", "8S", "KD", "KH", "TS", "7S", "QD", "9C", "3H", "JC"]
    assert sorted(seat_order) == sorted(cards) and cards[42:45] == ["9C", "3H", "JC"]
    recs[2]["pack"] = " ".join(seat_order)
    d = only_one(tmp_path, recs)
    assert (d["deal"], d["player"], d["hand"], d["field"], d["rule"]) == (
        2,
        None,
        None,
        "pack[42]",
        "T8.1",
    )
    assert (d["recorded"], d["expected"]) == ("2C", "9C")
    assert d["detail"] == (
        "2C is from p1's hand, 9C is from p4's bust hand: after deal 1 p4's bust hand went under "
        "as it bust (T5.6), then the hands from the banker's left: p3, p1, then the banker's"
    )


def test_T8_1_split_hands_and_busts_are_named_by_hand(tmp_path: Path) -> None:
    recs = copy.deepcopy(FIFTEEN)
    assert [(h["player"], h["hand"], h["class"]) for h in recs[1]["hands"]] == [
        ("p4", 1, "total"),
        ("p4", 2, "bust"),
        ("p1", 1, "bust"),
        ("p2", 1, "total"),
    ]
    assert recs[2]["pack_state"] == "continued"
    rewrite_pack(recs, 2, under_in_seat_order(recs, 2))
    d = only_one(tmp_path, recs)
    assert (d["field"], d["recorded"], d["expected"], d["rule"]) == ("pack[37]", "8D", "8C", "T8.1")
    assert d["detail"] == (
        "8D is from p4's hand 1, 8C is from p4's bust hand 2: after deal 1 p4's bust hand 2 went "
        "under as it bust (T5.6), p1's bust hand went under as it bust (T5.6), then the hands "
        "from the banker's left: p4 hand 1, p2, then the banker's"
    )


def test_T8_1_the_banker_first_is_told_from_the_banker_s_left(tmp_path: Path) -> None:
    """Base deal 4 (p1 banks, no bust): the banker's hand put under first."""
    recs = base()
    last = recs[4]
    assert recs[5]["pack_state"] == "continued" and last["banker"] == "p1"
    assert [h["class"] for h in last["hands"]] == ["twenty-one", "total", "total"]
    banker = last["banker_hand"]["cards"].split()
    hands = [c for h in last["hands"] for c in h["cards"].split()]
    cards = recs[5]["pack"].split()
    kept = len(cards) - len(banker) - len(hands)
    rewrite_pack(recs, 5, cards[:kept] + banker + hands)
    d = only_one(tmp_path, recs)
    assert (d["field"], d["recorded"], d["expected"]) == (f"pack[{kept}]", banker[0], hands[0])
    assert d["detail"] == (
        f"{banker[0]} is from p1's hand (the banker's), {hands[0]} is from p2's hand: after deal 4 "
        "the hands go under from the banker's left: p2, p3, p4, then the banker's"
    )


def test_T8_2_a_minimal_log_s_shuffled_pack_where_it_goes_on_says_no_pontoon(
    tmp_path: Path,
) -> None:
    """Without ``pack_state``, a pack shuffled after deal 1 (no pontoon) differs at its top, from
    the cards deal 1 did not deal."""
    recs = minimal(base())
    cards = recs[2]["pack"].split()
    recs[2]["pack"] = " ".join(cards[1:] + cards[:1])
    d = first(tmp_path, recs)
    assert (d["deal"], d["field"], d["recorded"], d["expected"], d["rule"]) == (
        2,
        "pack[0]",
        cards[1],
        cards[0],
        "T8.1",
    )
    assert d["detail"] == (
        f"neither {cards[1]} nor {cards[0]} was dealt in deal 1: deal 1 had no pontoon, so the "
        "pack goes on unshuffled (T8.2), the 42 cards it did not deal on top in their order"
    )


def test_T8_2_a_pack_claimed_shuffled_says_which_deal_had_no_pontoon(tmp_path: Path) -> None:
    recs = base()
    assert recs[2]["pack_state"] == "continued"
    recs[2]["pack_state"] = "shuffled"
    d = only_one(tmp_path, recs)
    assert (d["field"], d["recorded"], d["expected"], d["rule"]) == (
        "pack_state",
        "shuffled",
        "continued",
        "T8.1",
    )
    assert d["detail"] == (
        "deal 1 had no pontoon, so its cards go under the pack and deal 2 goes on from it "
        "unshuffled (T8.2)"
    )


def pack_deal_2_left() -> list[str]:
    """The pack base deal 2 (a pontoon: p1's JH AD) left, in the rules' order."""
    replayer = LogReplayer("left")
    assert list(replayer.replay(dump(base()[:3]).splitlines(keepends=True))) == []
    game = replayer.game
    assert isinstance(game, TraditionalReplay) and game.pack.after is not None
    return [card.text for card in game.pack.after]


def test_T8_2_a_pack_not_shuffled_after_a_pontoon_in_a_minimal_log(tmp_path: Path) -> None:
    """No ``pack_state`` says it, but deal 3's pack is the one deal 2 left, card for card:
    the engine did not shuffle after deal 2's pontoon."""
    left = pack_deal_2_left()
    recs = minimal(base())
    assert [h["class"] for h in base()[2]["hands"]].count("pontoon") == 1
    code, found, err = replay(tmp_path, dump(recs))
    assert (code, found) == (0, []), err
    recs[3]["pack"] = " ".join(left)
    d = first(tmp_path, recs)
    assert (d["deal"], d["field"], d["recorded"], d["expected"], d["rule"]) == (
        3,
        "pack",
        "the pack deal 2 left, unshuffled",
        "a shuffled pack",
        "T8.2",
    )
    assert d["detail"] == (
        "deal 2 had a pontoon (p1's JH AD), so every card is gathered, shuffled and cut before "
        "deal 3"
    )


def test_C1_a_shoe_after_a_dealer_who_drew_otherwise_follows_from_that_round(
    tmp_path: Path,
) -> None:
    """Round 2 (two decks, a shuffle every third round): the dealer drew 6C 2H TH. An engine
    whose dealer stood on 6C 2H leaves TH on top of round 3's shoe: the round 2 line is the
    dealer's (C9), and round 3's shoe, which is round 2's less 13 cards where the rules' round
    took 14, follows from it rather than counting as an error of its own."""
    recs = casino_base()
    assert [r["pack_state"] for r in recs[2:4]] == ["continued", "continued"]
    assert recs[2]["dealer_hand"]["cards"] == "6C 2H TH"
    drawn = recs[2]["cards"].pop()
    assert drawn == {"player": "dealer", "hand": 1, "card": "TH", "up": True}
    recs[2]["dealer_hand"]["cards"] = "6C 2H"
    top = recs[3]["pack"].split()[0]
    recs[3]["pack"] = "TH " + recs[3]["pack"]
    code, found, err = replay(tmp_path, dump(recs))
    assert code == 1, err
    assert [(d["deal"], d["field"], d["rule"], d.get("follows")) for d in found[:2]] == [
        (2, "cards", "C9", None),
        (3, "pack[0]", "C1", 3),
    ]
    shoe = found[1]
    assert (shoe["recorded"], shoe["expected"]) == ("TH", top)
    assert (
        shoe["detail"]
        == "the shoe is round 2's less its top 13 cards, where the rules' round 2 took 14"
    )
    assert "following from them" in err


def test_C1_a_shoe_that_skips_a_card_after_a_round_that_verified_follows_from_nothing(
    tmp_path: Path,
) -> None:
    """The same shoe, a card short at its top, after a round with no divergence: the detail
    says how many cards the round took, and the line is an error of its own."""
    recs = casino_base()
    cards = recs[3]["pack"].split()
    recs[3]["pack"] = " ".join(cards[1:])
    code, found, err = replay(tmp_path, dump(recs))
    assert code == 1, err
    d = found[0]
    assert (d["deal"], d["field"], d["rule"], d.get("follows")) == (3, "pack[0]", "C1", None)
    assert (
        d["detail"]
        == "the shoe is round 2's less its top 15 cards, where the rules' round 2 took 14"
    )


def test_V8_burnt_cards_are_named_as_the_hand_s_burnt_cards(tmp_path: Path) -> None:
    """Seed 1 with ``burn_on = 13``, deal 3: p4 burnt two cards (under at once, V8), then went
    bust (T5.6); the pack's first card under is a burnt one."""
    recs = list(play(PRESETS["traditional"].with_overrides({"burn_on": 13}), seed=1, deals=5))
    assert [d["player"] for d in recs[3]["decisions"] if d["action"] == "burn"] == ["p4"]
    assert recs[4]["pack_state"] == "continued"
    cards = str(recs[4]["pack"]).split()
    burnt = cards[-14]
    cards[-1], cards[-14] = cards[-14], cards[-1]
    recs[4]["pack"] = " ".join(cards)
    code, found, err = replay(tmp_path, dump(recs))
    assert code == 1, err
    d = found[0]
    assert (d["deal"], d["field"], d["recorded"], d["expected"]) == (
        4,
        "pack[38]",
        cards[-14],
        burnt,
    )
    assert d["detail"] == (
        f"{cards[-14]} is from p2's hand (the banker's), {burnt} is from p4's burnt cards: after "
        "deal 3 p4's burnt cards went under as they were burnt (V8), p4's bust hand went under "
        "as it bust (T5.6), then the hands from the banker's left: p3, p1, then the banker's"
    )
