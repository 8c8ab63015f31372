"""Replay re-runs the cut for the bank card by card against the packs in play (T3.2, T1.1): for
each of its checks, a header tampered so that exactly that check catches it, asserting the WHOLE
divergence; a header's divergence counted as a header's; more seats than the packs can cut for;
and a header of 50,000 seats checked in linear time."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from support.logs import play_log, records
from support.replay import BASE, Record, divergence, dump, only, replay

from pontoon_cli.core.errors import LogFormatError
from pontoon_cli.replay.run import replay_lines

SEVEN = records(play_log(7, deals=5, players=4))  # one round: 4C 5C 5H 7D, p4 banks


def test_duplicate_cards_in_the_cut_T1_1(tmp_path: Path) -> None:
    """p1 and p2 both cut 5C from one pack (a sed on the log)."""
    recs = copy.deepcopy(SEVEN)
    assert recs[0]["cut"] == [{"p1": "4C", "p2": "5C", "p3": "5H", "p4": "7D"}]
    recs[0]["cut"][0]["p1"] = "5C"
    assert only(tmp_path, recs) == divergence(
        tmp_path,
        1,
        None,
        "p2",
        None,
        "cut[0]",
        "5C",
        "a card still in the pack: p1 cut the only 5C",
        "T1.1",
    )


def test_a_card_twice_in_a_two_pack_cut_is_fine_three_times_is_not(tmp_path: Path) -> None:
    recs = records(play_log(0, deals=1, players=8))  # two packs (T1.1); p3 wins in one round
    assert len(recs[0]["cut"]) == 1 and recs[0]["table"]["banker"] == "p3"
    assert "2C" not in recs[0]["cut"][0].values()
    twice = copy.deepcopy(recs)
    twice[0]["cut"][0].update({"p1": "2C", "p2": "2C"})
    code, found, err = replay(tmp_path, dump(twice))
    assert (code, found) == (0, []), err
    thrice = copy.deepcopy(twice)
    thrice[0]["cut"][0]["p4"] = "2C"
    assert only(tmp_path, thrice) == divergence(
        tmp_path,
        1,
        None,
        "p4",
        None,
        "cut[0]",
        "2C",
        "a card still in the pack: p1 and p2 cut all 2 2C",
        "T1.1",
    )


def test_one_extra_round_after_a_clear_winner_T3_2(tmp_path: Path) -> None:
    recs = copy.deepcopy(SEVEN)
    recs[0]["cut"].append({"p4": "2C"})
    assert only(tmp_path, recs) == divergence(
        tmp_path, 1, None, None, None, "cut[1]", {"p4": "2C"}, None, "T3.2"
    )


def test_a_cut_that_ends_on_a_tie_T3_2(tmp_path: Path) -> None:
    recs = copy.deepcopy(SEVEN)
    recs[0]["cut"][0]["p3"] = "7H"
    assert only(tmp_path, recs) == divergence(tmp_path, 1, None, None, None, "cut", 1, 2, "T3.2")


def test_a_player_missing_from_the_cut_T3_2(tmp_path: Path) -> None:
    recs = copy.deepcopy(SEVEN)
    del recs[0]["cut"][0]["p2"]
    assert only(tmp_path, recs) == divergence(
        tmp_path, 1, None, "p2", None, "cut[0]", None, "a card", "T3.2"
    )


def test_a_stranger_in_the_cut_T3_2(tmp_path: Path) -> None:
    recs = copy.deepcopy(SEVEN)
    recs[0]["cut"][0]["zed"] = "2C"
    assert only(tmp_path, recs) == divergence(
        tmp_path, 1, None, "zed", None, "cut[0]", "2C", None, "T3.2"
    )


def test_a_header_divergence_is_counted_honestly(tmp_path: Path) -> None:
    """Not "0 with divergences (1 divergence)": the header is counted as a header."""
    recs = copy.deepcopy(SEVEN)
    recs[0]["table"]["banker"] = "p3"  # the cut gives p4
    code, found, err = replay(tmp_path, dump(recs[:1]))
    assert code == 1
    assert found == [divergence(tmp_path, 1, None, None, None, "table.banker", "p3", "p4", "T3.2")]
    assert err == (
        "pontoon replay: 0 deals verified, 0 with divergences, 1 header with divergences "
        "(1 divergence); 1 line read from 1 file\n"
    )


def header_with_seats(n: int, cut_cards: int) -> Record:
    """A header for ``n`` seats whose one cut round gave cards to the first ``cut_cards``."""
    seats = [f"p{i}" for i in range(1, n + 1)]
    cards = [f"{r}{s}" for s in "CDHS" for r in "23456789TJQK"]  # aces kept for p1
    cut = {p: cards[i % 48] for i, p in enumerate(seats[:cut_cards])}
    cut["p1"] = "AS"
    table = {**BASE[0]["table"], "seats": seats, "banker": "p1"}
    table["bankrolls"] = dict.fromkeys(seats, 100)
    return {**BASE[0], "table": table, "cut": [cut]}


def test_more_seats_than_the_packs_can_cut_for_T3_2(tmp_path: Path) -> None:
    """105 seats cannot all cut from two packs' 104 cards: replay says so, rather than leave
    a seat out of the cut."""
    header = header_with_seats(105, 104)
    assert only(tmp_path, [header]) == divergence(
        tmp_path,
        1,
        None,
        None,
        None,
        "cut[0]",
        "104 cards",
        "a card for each of 105 players: more than the 104 cards of 2 packs",
        "T3.2",
    )


def test_a_header_with_50000_seats_is_refused_before_its_seats_are_read() -> None:
    """No game seats more than 208 (T1.1, T4.1): the count is checked before the names, so the
    refusal is immediate however long the list."""
    header = header_with_seats(50_000, 50_000)
    with pytest.raises(LogFormatError) as refused:
        list(replay_lines("big.jsonl", dump([header]).splitlines(keepends=True)))
    assert str(refused.value).startswith(
        "big.jsonl:1: table.seats: expected at most 208 seats (T1.1, T4.1: 8 packs deal 2 cards "
        "a seat), got "
    )


def test_the_largest_table_s_cut_is_checked() -> None:
    """208 seats, the most any game deals to, and their cut (T3.2): one card too many."""
    header = header_with_seats(208, 208)
    (found,) = replay_lines("big.jsonl", dump([header]).splitlines(keepends=True))
    assert (found.field, found.recorded, found.rule) == ("cut[0]", "208 cards", "T3.2")
