"""The log visitor: one reader for show, stats and diff, with
replay's sources, limits and checks, and the views' hostile input refused as replay refuses it."""

from __future__ import annotations

import gzip
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from support.views import join, lines, play, run

from pontoon_cli.core.errors import LogFormatError
from pontoon_cli.core.rules import Rules
from pontoon_cli.log.reader import STOP, At, LogVisitor, read_log, records
from pontoon_cli.views.shape import SHAPES, GameTrack, shape_of

LOG = play("--seed", "7", "--deals", "5")


class Recorder(LogVisitor[list[str]]):
    def __init__(self, stop_at: int | None = None) -> None:
        self.seen: list[str] = []
        self.stop_at = stop_at

    def visit_header(self, at: At, record: dict[str, Any], rules: Rules) -> None:
        self.seen.append(f"header {at} {rules.preset}")

    def visit_deal(self, at: At, record: dict[str, Any]) -> bool | None:
        self.seen.append(f"deal {record['deal']} {at}")
        return STOP if record["deal"] == self.stop_at else None

    def result(self) -> list[str]:
        return self.seen


def test_read_log_visits_the_header_then_each_deal_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    path.write_bytes(LOG)
    seen = read_log(str(path), Recorder())
    assert seen == [f"header {path}:1 traditional"] + [
        f"deal {n} {path}:{n + 1}" for n in range(1, 6)
    ]


def test_stop_reads_no_further_so_a_bad_line_after_it_is_not_reached(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    path.write_bytes(LOG + b"not json\n")
    assert read_log(str(path), Recorder(stop_at=2))[-1].startswith("deal 2 ")
    with pytest.raises(LogFormatError, match=r"game.jsonl:7: not JSON"):
        read_log(str(path), Recorder())


def test_gzip_and_stdin_are_read_like_replay(tmp_path: Path) -> None:
    path = tmp_path / "game.log"  # gzip told by its magic bytes, not its name
    path.write_bytes(gzip.compress(LOG))
    assert len(read_log(str(path), Recorder())) == 6
    import io

    assert len(read_log("-", Recorder(), stdin=io.BytesIO(LOG))) == 6


def test_a_second_header_starts_a_new_game(tmp_path: Path) -> None:
    path = tmp_path / "two.jsonl"
    path.write_bytes(LOG + play("--rules", "shoot", "--seed", "1", "--deals", "1"))
    seen = read_log(str(path), Recorder())
    assert seen[6] == f"header {path}:7 shoot"


def _unreadable(log: bytes, tmp_path: Path) -> str:
    path = tmp_path / "bad.jsonl"
    path.write_bytes(log)
    with pytest.raises(LogFormatError) as caught:
        for _ in records(str(path)):
            pass
    return str(caught.value).replace(str(path), "bad.jsonl")


def test_hostile_lines_are_refused_with_file_line_and_field(tmp_path: Path) -> None:
    head, *deals = LOG.splitlines(keepends=True)
    assert _unreadable(deals[0], tmp_path) == (
        'bad.jsonl:1: type: expected the header record ("type": "header") first'
    )
    assert _unreadable(head + b"[1]\n", tmp_path) == (
        "bad.jsonl:2: expected a JSON object (a header or deal record), got [1]"
    )
    assert _unreadable(head + deals[0].rstrip(b"\n")[:-1], tmp_path).startswith(
        "bad.jsonl:2: the last line is truncated"
    )
    net = deals[0].replace(b'"net":{', b'"net":{"p1":0,')
    assert _unreadable(head + net, tmp_path).startswith(
        'bad.jsonl:2: net.p1: the key "p1" appears twice in one object'
    )
    big = deals[0].replace(b'"net":{"p1":', b'"net":{"p1":9007199254740992,"x":')
    assert "an integer in a log must be at most 2**53 - 1" in _unreadable(head + big, tmp_path)
    typed = deals[0].replace(b'"decisions":[', b'"decisions":[7,')
    assert _unreadable(head + typed, tmp_path) == (
        "bad.jsonl:2: decisions[0]: expected an object {player, hand, action, amount}, got 7"
    )
    assert _unreadable(b"", tmp_path) == "bad.jsonl: empty log: expected a header record on line 1"


def test_a_missing_file_is_unreadable_input_named_by_the_system() -> None:
    with pytest.raises(LogFormatError, match=r"nope\.jsonl: no such file"):
        next(records("nope.jsonl"))


def test_a_line_past_the_limit_is_refused_without_reading_it_whole(tmp_path: Path) -> None:
    code, out, err = run("stats", "/dev/zero")
    assert (code, out) == (2, "")
    assert err == (
        "pontoon: /dev/zero:1: line longer than 1048576 bytes (MAX_LOG_LINE_BYTES): "
        "not a log line\n"
    )


# one place says what a preset's record holds ---------------------------------------------------


def test_every_preset_has_a_record_shape_and_an_unknown_one_is_refused() -> None:
    from pontoon_cli.core.rules import PRESETS

    assert set(SHAPES) == set(PRESETS)
    assert shape_of(Rules(), "x", 1).house_hand == "banker_hand"
    assert shape_of(PRESETS["casino"], "x", 1).house_hand == "dealer_hand"
    unknown = SimpleNamespace(preset="nonesuch")  # a preset a later version may add
    with pytest.raises(LogFormatError, match=r"x:1: rules\.preset: the views read traditional, "):
        shape_of(unknown, "x", 1)  # type: ignore[arg-type]


def test_game_track_derives_what_a_minimal_record_leaves_out() -> None:
    header, *deals = lines(LOG)
    track = GameTrack(header, SHAPES["traditional"])
    full = [track.deal(d) for d in deals]
    minimal = [
        {k: v for k, v in d.items() if k in ("type", "deal", "pack", "decisions", "net")}
        for d in deals
    ]
    track = GameTrack(header, SHAPES["traditional"])
    derived = [track.deal(d) for d in minimal]
    assert [f.after for f in derived] == [d["balance"] for d in deals]
    assert [f.after for f in full] == [d["balance"] for d in deals]
    assert join([header, *deals]) == LOG


class Told:
    """A progress that notes what it is told (the Progress protocol: replay's bar)."""

    def __init__(self) -> None:
        self.told: list[tuple[str, Any]] = []

    def start(self, name: str, total: int | None) -> None:
        self.told.append(("start", (name, total)))

    def advance(self, position: int) -> None:
        self.told.append(("advance", position))

    def finish(self) -> None:
        self.told.append(("finish", None))


@pytest.mark.parametrize(
    ("stop_at", "tail"),
    [(None, b""), (2, b""), (None, b"not json\n")],
    ids=["end", "stop", "error"],
)
def test_progress_is_started_advanced_every_2048_lines_and_finished_however_reading_ends(
    tmp_path: Path, stop_at: int | None, tail: bytes
) -> None:
    header, *deals = LOG.splitlines(keepends=True)
    text = header + b"".join(deals) * 420 + tail  # 2,101 lines (+ a bad one): 2048 is a deal
    path = tmp_path / "long.jsonl"
    path.write_bytes(text)
    told = Told()
    try:
        read_log(str(path), Recorder(stop_at=stop_at), progress=told)
    except LogFormatError:
        assert tail
    assert told.told[0] == ("start", (str(path), len(text)))
    assert told.told[-1] == ("finish", None)
    advanced = [position for what, position in told.told if what == "advance"]
    first_2048 = sum(len(line) for line in text.splitlines(keepends=True)[:2048])
    assert advanced == ([] if stop_at else [first_2048])
