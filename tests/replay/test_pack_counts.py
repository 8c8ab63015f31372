"""Replay counts each recorded pack (T1.1, C1); a casino shoe is counted from its text, without
its cards being made, exactly as the cards a log's pack reads as."""

from __future__ import annotations

import random
import re

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pontoon_cli.core.cards import FULL_PACK, Card
from pontoon_cli.logformat.packs import (
    card_counts,
    count_cards,
    count_log_pack,
    read_log_pack,
    scan_cards,
)


def test_C1_a_shoe_is_counted_as_its_cards_read() -> None:
    # a casino shoe is counted without its cards being made (count_log_pack): each card's count
    # is that of the cards read_log_pack reads, and what read_log_pack refuses is refused
    rng = random.Random(5)
    for size in (1, 2, 3, 52, 416):
        text = " ".join(rng.choice(FULL_PACK).text for _ in range(size))
        cards = read_log_pack(text)
        assert cards is not None
        counts = card_counts()
        assert count_log_pack(text, counts) == size
        assert list(counts) == [sum(c is card for c in cards) for card in FULL_PACK]
        made = card_counts()
        count_cards(cards, made)  # a traditional pack is counted from its cards
        assert made == counts
    for bad in (
        *("", "th", "TH ", " TH", "TH  AS", "TH,AS", "10H", "TX", "XH", "T", "THAS", "TÉ"),
        *("XS 2H", "AS XH", "AS 2H XS", "AS!2H", 'AS"2H', "AS 2H!KD"),  # a wrong card or space
        *("XS 2H 3C", "2H XS 3C", "AS!2H 3C", "AS 2H!3C 4D", "AS 2H 3C 4D XS 5H 6D"),  # in pairs
    ):
        assert read_log_pack(bad) is None
        assert count_log_pack(bad, card_counts()) == -1, bad
    for bad in ("T\u0100", "AS 2H K\u00e9", "AS\u00a02H"):  # beyond ASCII, of every length
        assert count_log_pack(bad, card_counts()) == -1, bad


def test_a_logs_pack_is_read_by_character_exactly_as_by_its_card_texts() -> None:
    # replay reads each deal's pack with read_log_pack: the same cards as a look-up of each text,
    # and None for anything but upper-case card texts joined by single spaces
    from pontoon_cli.core.cards import FULL_PACK

    text = " ".join(card.text for card in FULL_PACK)
    assert read_log_pack(text) == list(FULL_PACK)
    assert read_log_pack("TH") == [Card.parse("TH")]
    assert read_log_pack("KS AC") == [Card.parse("KS"), Card.parse("AC")]  # AC: index 0, last
    counts = card_counts()
    assert count_log_pack("KS AC", counts) == 2 and counts[0] == counts[51] == 1
    for bad in (
        "",
        "th",
        "TH ",
        " TH",
        "TH  AS",
        "TH,AS",
        "10H",
        "TX",
        "XH",
        "T",
        "THAS",
        "TÉ",
        "T\u0100",
        "XS 2H",
        "AS!2H",
    ):
        assert read_log_pack(bad) is None, bad


def test_C1_a_casino_round_re_dealt_from_its_top_cards_is_written_with_its_whole_shoe() -> None:
    # replay deals a round from the top of its shoe only; the record it re-derives (what show
    # and diff read of a minimal log) still holds the whole shoe, as the log writer wrote it
    from support.casino_logs import BASE_LOG

    from pontoon_cli.replay.replayer import LogReplayer

    replayer = LogReplayer("base.jsonl")
    lines = BASE_LOG.splitlines(keepends=True)
    assert list(replayer.replay(lines[:4])) == []
    game = replayer.game
    assert game is not None
    redealt = game.redealt()
    assert redealt is not None
    recorded = orjson.loads(lines[3])
    assert len(str(redealt["pack"]).split()) == len(recorded["pack"].split()) > 20
    assert orjson.loads(orjson.dumps(redealt)) == recorded


#: A log's pack text, as read_log_pack reads it: cards joined by single spaces.
_CARD = rb"[A2-9TJQK][CDHS]"
_PACK_TEXT = re.compile(_CARD + rb"(?: " + _CARD + rb")*")


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.sampled_from([card.text for card in FULL_PACK]), max_size=9),
    st.binary(max_size=12),
    st.binary(max_size=12),
    st.sampled_from([b" ", b"", b"  ", b"-", b'"']),
)
def test_C1_cards_are_scanned_from_any_offset_as_far_as_they_are_a_packs_text(
    cards: list[str], before: bytes, after: bytes, joint: bytes
) -> None:
    # scan_cards reads from an offset inside a line (replay's reader finds the end of a casino
    # shoe so) as far as the bytes are a pack's text, whatever surrounds them
    data = before + " ".join(cards).encode() + joint + after
    start = len(before)
    counts = card_counts()
    end = scan_cards(data, start, counts)
    found = _PACK_TEXT.match(data, start)
    assert end == (-1 if found is None else found.end())
    want = card_counts()
    if found is not None:
        count_cards([Card.parse(t.decode()) for t in found.group().split(b" ")], want)
    assert counts == want


@pytest.mark.parametrize(
    "data",
    [
        b'4H *" JC JH 8H ',
        b"KH g\x86 (\xfb\xfc7C\x93KD \x90\xfd ",
        b"9H\x10JD 7S 9H JS\x193C ",
        b"2D@2C X2X6S 6SD",
        b"JC\x1f9C \xd1t b\x8d ",
        b"KS 9C\x90KH 3H ",
        b"8C 7HA8H ",
        b"3S 4D\x1f6DQ",
    ],
)
def test_C1_bytes_that_are_no_card_or_space_stop_the_scan_where_they_stand(data: bytes) -> None:
    # two cards and their spaces are read as one 8-byte word: each of these holds bytes that
    # the word read at a bit or two off would take for a card or a space
    counts = card_counts()
    end = scan_cards(data, 0, counts)
    found = _PACK_TEXT.match(data)
    assert found is not None and end == found.end()
    want = card_counts()
    count_cards([Card.parse(t.decode()) for t in found.group().split(b" ")], want)
    assert counts == want
