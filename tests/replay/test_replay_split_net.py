"""A split seat's net that differs is named at the hand whose settlement explains it, with that
hand's rule (T2.6 a tie, T7 the payout table; C2 at a casino table) and by how much, where one
hand does; else the seat's line stays as it was (T7, C10). Each log is ``pontoon play``'s in the
minimal form a third party writes (one net a seat), its nets changed as an engine with the bug
would write them: the punter's and, on the other side, the banker's."""

from __future__ import annotations

from pathlib import Path

from support.casino_logs import arranged
from support.logs import play_log, records
from support.replay import LOG, Record, divergence, dump, minimal, only, replay_bytes


def paid(recs: list[Record], deal: int, seat: str, by: int) -> list[Record]:
    """The minimal form of ``recs`` with ``seat``'s net in ``deal`` moved by ``by``, and the
    banker's the other way (T7: he takes the other side of every hand)."""
    tampered = minimal(recs)
    rec = tampered[deal]
    rec["net"][seat] += by
    rec["net"][recs[deal]["banker"]] -= by
    return tampered


def hands(recs: list[Record], deal: int, seat: str) -> list[tuple[int, str, int, int, str]]:
    """``seat``'s hands in ``deal``: (hand, cards, stake, net, rule)."""
    return [
        (h["hand"], h["cards"], h["stake"], h["net"], h["rule"])
        for h in recs[deal]["hands"]
        if h["player"] == seat
    ]


def test_a_tie_on_a_split_hand_paid_to_the_punter_names_that_hand_T2_6(tmp_path: Path) -> None:
    recs = records(play_log(4, deals=12))
    assert hands(recs, 6, "p4") == [(1, "AD 5S 2S", 4, -4, "T2.6"), (2, "AH KH", 2, 4, "T7")]
    assert recs[6]["banker_hand"]["cards"] == "TC 8H" and recs[6]["banker"] == "p1"
    tampered = paid(recs, 6, "p4", 8)  # hand 1's tie paid +4 rather than -4
    assert only(tmp_path, tampered) == {
        **divergence(tmp_path, 7, 6, "p4", 1, "net", 8, 0, "T2.6"),
        "detail": "hand 1 AD 5S 2S: total 18 against the banker's TC 8H: total 18: a tie is the "
        "banker's, paid -1 × stake 4; the difference, 8, is 2 × this hand's stake, as if paid "
        "+1 × stake; hand 2 AH KH: pontoon 21, net 4 (T7); so p1's net as banker differs too "
        "(recorded -8, rules give 0)",
    }
    (line,) = [str(d) for d in replay_bytes(dump(tampered), str(tmp_path / LOG))]
    assert line.startswith(
        f"{tmp_path / LOG}:7: deal 6: p4 hand 1: net recorded 8, rules give 0 (T2.6); hand 1 "
    )


def test_a_tie_explains_it_before_a_loss_that_could(tmp_path: Path) -> None:
    """Hand 1 lost (T7.1) and hand 2 tied (T2.6), each on a stake of 2: 4 more is either paid
    as a win; the tie, the rule an engine misreads, is named."""
    recs = records(play_log(2, deals=12))
    assert hands(recs, 8, "p2") == [(1, "AD 7C", 2, -2, "T7.1"), (2, "AC 9S", 2, -2, "T2.6")]
    found = only(tmp_path, paid(recs, 8, "p2", 4))
    assert (found["player"], found["hand"], found["rule"]) == ("p2", 2, "T2.6")
    assert found["detail"].startswith(
        "hand 2 AC 9S: total 20 against the banker's KS QH: total 20: a tie is the banker's, "
        "paid -1 × stake 2; the difference, 4, is 2 × this hand's stake, as if paid +1 × stake; "
        "hand 1 AD 7C: total 18, net -2 (T7.1)"
    )


def test_a_five_card_trick_paid_evens_on_a_split_hand_T7(tmp_path: Path) -> None:
    recs = records(play_log(27, deals=12, strategy="random"))
    assert hands(recs, 12, "p1") == [
        (1, "4C 3S 4D 3H 6S", 3, 6, "T7"),
        (2, "4H JH 6C", 9, -9, "T2.6"),
    ]
    found = only(tmp_path, paid(recs, 12, "p1", -3))
    assert (found["player"], found["hand"], found["field"], found["rule"]) == ("p1", 1, "net", "T7")
    assert (found["recorded"], found["expected"]) == (-6, -3)
    assert found["detail"].startswith(
        "hand 1 4C 3S 4D 3H 6S: five-card-trick 20 against the banker's TD 9D AD: total 20, "
        "paid +2 × stake 3; the difference, -3, is -1 × this hand's stake, as if paid +1 × stake; "
        "hand 2 4H JH 6C: total 20, net -9 (T2.6)"
    )


def test_a_difference_two_hands_explain_stays_the_seats_T7(tmp_path: Path) -> None:
    """2 less is either hand's loss paid double: no one hand is named."""
    recs = records(play_log(2, deals=12))
    found = only(tmp_path, paid(recs, 8, "p2", -2))
    assert found == {
        **divergence(tmp_path, 9, 8, "p2", None, "net", -6, -4, "T7"),
        "detail": "hand 1 AD 7C: total 18, net -2 (T7.1); hand 2 AC 9S: total 20, net -2 (T2.6) "
        "against the banker's KS QH: total 20; so p4's net as banker differs too (recorded 4, "
        "rules give 2)",
    }


def test_C2_a_casino_tie_on_a_split_hand_paid_to_the_player(tmp_path: Path) -> None:
    recs = arranged(
        "8D TC 8C 7S 9H TD",  # ann 8D 8C, the dealer TC 7S; the split deals 9H, then TD
        [
            ("ann", 1, "stake", 2),
            ("ann", 1, "split", None),
            ("ann", 1, "stand", None),
            ("ann", 2, "stand", None),
        ],
    )
    tampered = minimal(recs)
    assert tampered[1]["net"] == {"ann": 0}
    tampered[1]["net"]["ann"] = 4  # hand 1's tie with the dealer's 17 paid +2 rather than -2
    assert only(tmp_path, tampered) == {
        **divergence(tmp_path, 2, 1, "ann", 1, "net", 4, 0, "C2"),
        "detail": "hand 1 8D 9H: total 17 against the dealer's TC 7S: total 17: a tie is the "
        "dealer's, paid -1 × stake 2; the difference, 4, is 2 × this hand's stake, as if paid "
        "+1 × stake; hand 2 8C TD: total 18, net 2 (C2)",
    }


def test_a_tie_on_a_split_hand_pushed_is_this_hands_stake_T2_6(tmp_path: Path) -> None:
    recs = records(play_log(4, deals=12))
    found = only(tmp_path, paid(recs, 6, "p4", 4))  # hand 1's stake of 4 given back
    assert (found["player"], found["hand"], found["recorded"], found["rule"]) == (
        "p4",
        1,
        4,
        "T2.6",
    )
    assert (
        "; the difference, 4, is this hand's stake, as if the stake went back; "
        in (found["detail"])
    )


def test_two_ties_paid_to_the_punter_together_name_the_first_T2_6(tmp_path: Path) -> None:
    """Both of a seat's hands tie and lose (-2 and -1): 6 more is each tie paid +1 × its stake.
    No one hand explains it; the ties together do, so the line is the first tie's."""
    recs = records(play_log(72, deals=40))
    assert hands(recs, 1, "p2") == [(1, "8H 2C 7C", 2, -2, "T2.6"), (2, "8C 6D 3S", 1, -1, "T2.6")]
    found = only(tmp_path, paid(recs, 1, "p2", 6))
    assert (found["player"], found["hand"], found["recorded"], found["expected"]) == (
        "p2",
        1,
        3,
        -3,
    )
    assert found["rule"] == "T2.6"
    assert found["detail"].startswith(
        "hand 1 8H 2C 7C: total 17; hand 2 8C 6D 3S: total 17 against the banker's AH 6S KC: "
        "total 17: a tie is the banker's, each paid -1 × its stake; the difference, 6, is 2 × "
        "their stakes (hands 1 and 2), as if each tie were paid +1 × stake"
    )


def test_two_ties_pushed_together_are_their_stakes_T2_6(tmp_path: Path) -> None:
    recs = records(play_log(72, deals=40))
    found = only(tmp_path, paid(recs, 1, "p2", 3))
    assert (found["hand"], found["rule"]) == (1, "T2.6")
    assert (
        "the difference, 3, is their stakes (hands 1 and 2), as if each tie's stake went back"
        in (found["detail"])
    )
