"""Replay counts each recorded pack (T1.1, C1); a casino shoe is counted from its text, without
its cards being made, exactly as the cards a log's pack reads as."""

from __future__ import annotations

import random

import orjson

from pontoon_cli.core.cards import FULL_PACK, Card
from pontoon_cli.logformat.packs import card_counts, count_cards, count_log_pack, read_log_pack


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
