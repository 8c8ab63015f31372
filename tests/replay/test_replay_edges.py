"""Replay at the edges of its checks (T3.1, T6, T7.1, T8.1, T8.2): each test changes a log so that
only one check catches it, and asserts the WHOLE divergence (file, line, deal, player, hand, field,
recorded, expected, rule); then how a bad value is shown, line numbers, progress and the size
limit."""

from __future__ import annotations

import gzip
import io
from pathlib import Path
from typing import IO

import pytest
from support.logs import play_log, records
from support.replay import BASE, BASE_LOG, P4_NET_DETAIL, base, divergence, dump, only, replay

from pontoon_cli.core import limits
from pontoon_cli.replay.run import Divergence, LogReplayer, StreamOutput, replay_lines, replay_logs
from pontoon_cli.traditional.replay import TraditionalReplay

# nets (T7) ---------------------------------------------------------------------------------------


def test_a_net_left_out_of_the_record_counts_as_0_T7_1(tmp_path: Path) -> None:
    """A player missing from ``net`` won nothing and lost nothing by the record: 0, not his net."""
    recs = base()
    assert BASE[2]["net"]["p4"] == -1 and BASE[2]["sat_out"] == []
    del recs[2]["net"]["p4"]
    assert only(tmp_path, recs) == {
        **divergence(tmp_path, 3, 2, "p4", 1, "net", 0, -1, "T7.1"),
        "detail": P4_NET_DETAIL,
    }


# the end of a deal (T6.2) ------------------------------------------------------------------------


def test_a_decision_after_the_bankers_five_card_trick_T6_2(tmp_path: Path) -> None:
    """Five cards end the banker's turn (T6.2) though he is under 21: not his own stay (T6.1)."""
    recs = base()
    assert BASE[12]["banker_hand"] == {
        "cards": "3C AC 3D 6H 6C",
        "class": "five-card-trick",
        "total": 19,
    }
    assert recs[12]["decisions"][-1] == {"player": "p1", "hand": 1, "action": "draw"}
    recs[12]["decisions"].append({"player": "p1", "hand": 1, "action": "draw"})
    assert only(tmp_path, recs) == divergence(
        tmp_path, 13, 12, "p1", 1, "decisions[11]", "draw", "the deal is over", "T6.2"
    )


def test_a_decision_after_the_bankers_hard_21_T6_2(tmp_path: Path) -> None:
    """A hard 21 (lowest total exactly 21) ends the banker's turn by itself (T6.2), in three
    cards: a draw recorded after it is past the end of the deal by T6.2, not T6.1."""
    recs = records(play_log(1, deals=12, players=4))
    assert recs[5]["banker_hand"] == {"cards": "2D QH 9H", "class": "twenty-one", "total": 21}
    assert recs[5]["decisions"][-1] == {"player": "p2", "hand": 1, "action": "draw"}
    n = len(recs[5]["decisions"])
    recs[5]["decisions"].append({"player": "p2", "hand": 1, "action": "draw"})
    assert only(tmp_path, recs) == divergence(
        tmp_path, 6, 5, "p2", 1, f"decisions[{n}]", "draw", "the deal is over", "T6.2"
    )


def test_a_decision_after_the_banker_stays_on_four_cards_T6_1(tmp_path: Path) -> None:
    """Four cards do not end the banker's turn; his stay does (T6.1), not T6.2."""
    recs = base()
    assert BASE[2]["banker_hand"] == {"cards": "3S TC AH 5C", "class": "total", "total": 19}
    assert recs[2]["decisions"][-1] == {"player": "p2", "hand": 1, "action": "stay"}
    n = len(recs[2]["decisions"])
    recs[2]["decisions"].append({"player": "p2", "hand": 1, "action": "draw"})
    assert only(tmp_path, recs) == divergence(
        tmp_path, 3, 2, "p2", 1, f"decisions[{n}]", "draw", "the deal is over", "T6.1"
    )


# the bank (T3.1, T8.3) ---------------------------------------------------------------------------


def test_a_banker_not_at_the_table_carried_to_the_next_deal_T3_1(tmp_path: Path) -> None:
    """Deal 1 records a stranger banking and no next banker, so deal 2 goes on with the
    recorded banker; deal 2 records him too, and cannot be dealt: nobody at the table banks."""
    recs = base()
    assert (BASE[1]["banker"], BASE[1]["next_banker"], BASE[2]["banker"]) == ("p2", "p2", "p2")
    recs[1]["banker"] = "zed"
    del recs[1]["next_banker"]
    recs[2]["banker"] = "zed"
    code, found, err = replay(tmp_path, dump(recs))
    assert code == 1, err
    assert found == [
        divergence(tmp_path, 2, 1, None, None, "banker", "zed", "p2", "T8.3"),
        divergence(tmp_path, 3, 2, None, None, "banker", "zed", None, "T3.1"),
    ]


# the pack (T8.2) ---------------------------------------------------------------------------------


def test_a_pack_continued_exactly_after_a_pontoon_T8_2(tmp_path: Path) -> None:
    """After a pontoon the pack is shuffled (T8.2): a record that claims it continued is a
    divergence even when its pack is exactly the order the last deal left."""
    replayer = LogReplayer("left")
    assert list(replayer.replay(BASE_LOG.splitlines(keepends=True)[:3])) == []
    game = replayer.game
    assert isinstance(game, TraditionalReplay)
    left = game.pack.after  # the order deal 2 left the pack in
    assert left is not None and len(left) == 52
    assert any(h["class"] == "pontoon" for h in BASE[2]["hands"])
    recs = base()
    assert recs[3]["pack_state"] == "shuffled"
    recs[3]["pack"] = " ".join(card.text for card in left)
    recs[3]["pack_state"] = "continued"
    assert only(tmp_path, recs) == {
        **divergence(tmp_path, 4, 3, None, None, "pack_state", "continued", "shuffled", "T8.2"),
        "detail": "deal 2 had a pontoon (p1's JH AD), so every card is gathered, shuffled and "
        "cut before deal 3",
    }


def test_a_pack_after_a_first_deal_claimed_stacked_is_still_checked_T8_1(tmp_path: Path) -> None:
    """Deal 1 diverges before its pack is looked at (stacked outside a scenario), yet its pack
    is whole and its decisions reach the end: deal 2 must continue the pack it left."""
    recs = base()
    assert (recs[1]["pack_state"], recs[2]["pack_state"]) == ("shuffled", "continued")
    recs[1]["pack_state"] = "stacked"
    cards = recs[2]["pack"].split()
    cards[50], cards[51] = cards[51], cards[50]  # two cards nobody is dealt
    recs[2]["pack"] = " ".join(cards)
    code, found, err = replay(tmp_path, dump(recs))
    assert code == 1, err
    assert found == [
        divergence(tmp_path, 2, 1, None, None, "pack_state", "stacked", "shuffled", "T8.1"),
        {
            **divergence(tmp_path, 3, 2, None, None, "pack[50]", cards[50], cards[51], "T8.1"),
            "detail": f"{cards[50]} and {cards[51]} are both from p2's hand (the banker's), "
            "whose cards go under in the order they were dealt",
        },
    ]


# unreadable input: how a bad value is shown ----------------------------------------


@pytest.mark.parametrize(
    ("length", "shown"),
    [
        (58, '"' + "x" * 58 + '"'),  # 60 characters of JSON: shown whole
        (59, '"' + "x" * 56 + "..."),  # 61: cut to 57 and "..."
    ],
)
def test_a_bad_value_is_shown_whole_up_to_60_characters(
    tmp_path: Path, length: int, shown: str
) -> None:
    recs = base()
    recs[0]["type"] = "x" * length
    code, found, err = replay(tmp_path, dump(recs))
    assert (code, found) == (2, [])
    assert err.splitlines()[0] == (
        f'pontoon: {tmp_path / "game.jsonl"}:1: type: expected "header" or "deal", got {shown}'
    )


# running over a log: line numbers and progress ---------------------------------------------------


def test_replay_lines_numbers_lines_from_1(tmp_path: Path) -> None:
    recs = base()
    recs[2]["net"]["p4"] -= 1
    (found,) = replay_lines("game.jsonl", dump(recs).splitlines(keepends=True))
    assert found == Divergence(
        file="game.jsonl",
        line=3,
        deal=2,
        player="p4",
        hand=1,
        field="net",
        recorded=-2,
        expected=-1,
        rule="T7.1",
        detail=P4_NET_DETAIL,
    )


class _Progress:
    """An Output that records where the progress bar is moved to (a class of its own: the
    compiled StreamOutput cannot be subclassed by a test)."""

    def __init__(self) -> None:
        self.out = StreamOutput(io.BytesIO())
        self.positions: list[int] = []

    def write(self, data: bytes) -> None:
        self.out.write(data)

    def message(self, text: str) -> None:
        self.out.message(text)

    def start(self, name: str, total: int | None) -> None:
        pass

    def advance(self, position: int) -> None:
        self.positions.append(position)

    def finish(self) -> None:
        pass


def test_progress_moves_every_2048_lines_to_the_bytes_read(tmp_path: Path) -> None:
    """The bar moves once per 2048 lines (not on every line: it would cost more than the
    replay), each time to the bytes read so far."""
    lines = BASE_LOG.splitlines(keepends=True)
    log = lines[0] + b"".join(lines[1:]) * 171  # 2053 lines, diverging from deal 13 on
    path = tmp_path / "long.jsonl"
    path.write_bytes(log)
    output = _Progress()
    assert replay_logs([str(path)], output, as_json=True) == 1
    ends = [0]
    for line in log.splitlines(keepends=True):
        ends.append(ends[-1] + len(line))
    assert output.positions == [ends[2048]]


def test_progress_in_a_gzip_file_counts_its_compressed_bytes(tmp_path: Path) -> None:
    """The bar's total is the file's size, so it moves by the compressed bytes read: here the
    whole file (29 kB, read by gzip in 8 kB chunks well before line 2048), not 3.6 MB of text."""
    lines = BASE_LOG.splitlines(keepends=True)
    path = tmp_path / "long.jsonl.gz"
    path.write_bytes(gzip.compress(lines[0] + b"".join(lines[1:]) * 171))
    output = _Progress()
    assert replay_logs([str(path)], output, as_json=True) == 1
    assert output.positions == [path.stat().st_size]


def test_progress_in_gzip_on_stdin_counts_the_text_read(tmp_path: Path) -> None:
    """Stdin has no size and no file position: the bar counts the log's text read so far."""
    lines = BASE_LOG.splitlines(keepends=True)
    log = lines[0] + b"".join(lines[1:]) * 171
    output = _Progress()
    stdin = io.BytesIO(gzip.compress(log))
    assert replay_logs(["-"], output, as_json=True, stdin=stdin) == 1
    assert output.positions == [sum(len(line) for line in log.splitlines(keepends=True)[:2048])]


# reading a log: the size limit, the gzip sniff, no warning ---------------------------------------

OK = "pontoon replay: 12 deals verified, 0 with divergences; 13 lines read from 1 file\n"


def _run(path: str, stdin: IO[bytes] | None = None) -> tuple[int, bytes, str]:
    out, err = io.BytesIO(), io.StringIO()
    code = replay_logs([path], StreamOutput(out, err), stdin=stdin)
    return code, out.getvalue(), err.getvalue()


def test_a_file_of_exactly_the_size_limit_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.jsonl"
    path.write_bytes(BASE_LOG)
    monkeypatch.setattr(limits, "MAX_LOG_BYTES", len(BASE_LOG))
    assert _run(str(path)) == (0, b"", OK)


class _FirstByteAlone(io.BytesIO):
    """A pipe whose first read gives one byte, however many were asked for."""

    def __init__(self, data: bytes) -> None:
        super().__init__(data)
        self._first = True

    def read(self, size: int | None = -1, /) -> bytes:
        if self._first:
            self._first = False
            return super().read(1)
        return super().read(size)


def test_gzip_on_a_pipe_that_gives_its_first_byte_alone() -> None:
    """The two magic bytes are read however the pipe splits them (1f, then 8b ...)."""
    assert _run("-", _FirstByteAlone(gzip.compress(BASE_LOG))) == (0, b"", OK)
    assert _run("-", _FirstByteAlone(BASE_LOG)) == (0, b"", OK)


SAT_OUT_LOG = play_log(1, deals=4, players=3, bankroll=2)  # p1 sits out deal 3 (T8.6)


def test_a_net_of_0_written_for_a_player_who_sat_out_verifies(tmp_path: Path) -> None:
    """The log writer leaves out who sat out; a record that gives him 0 says the same."""
    recs = records(SAT_OUT_LOG)
    assert (recs[3]["sat_out"], recs[3]["net"]) == (["p1"], {"p2": -1, "p3": 1})
    recs[3]["net"] = {"p1": 0, **recs[3]["net"]}
    code, found, err = replay(tmp_path, dump(recs))
    assert (code, found) == (0, []), err
