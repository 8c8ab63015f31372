"""`pontoon replay` on what it is given to read: gzip by its magic bytes, several files
with the worst exit code, a byte-order mark and CRLF, the I-JSON integer range, player names,
duplicate keys, and bounded memory on hostile input. Each test asserts the exit code, stdout and
stderr separately, as a user sees them."""

from __future__ import annotations

import gzip
import io
import os
import re
import subprocess
import sys
import tracemalloc
from pathlib import Path
from typing import Any

import orjson
import pytest
from support.logs import play_log
from support.replay import BASE, BASE_LOG, P1_NET_DETAIL, base, dump, replay, written
from typer.testing import CliRunner

import pontoon_cli
from pontoon_cli.cli.main import app
from pontoon_cli.core import limits
from pontoon_cli.replay.run import StreamOutput, replay_logs

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]
OK = "pontoon replay: 12 deals verified, 0 with divergences; 13 lines read from 1 file\n"
BOM = b"\xef\xbb\xbf"


def cli(*args: str, stdin: bytes | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, ["replay", *args], input=stdin)
    return result.exit_code, result.stdout, result.stderr


# gzip is told by its magic bytes ------------------------------------------------------------------


def test_gzip_on_stdin_is_read_by_its_magic_bytes() -> None:
    assert cli("-", stdin=gzip.compress(BASE_LOG)) == (0, "", OK)


def test_gzip_on_a_real_stdin_redirect(tmp_path: Path) -> None:
    """`pontoon replay - < game.jsonl.gz`, as a shell runs it (stdin is the file itself)."""
    path = tmp_path / "game.jsonl.gz"
    path.write_bytes(gzip.compress(BASE_LOG))
    with path.open("rb") as stdin:
        done = subprocess.run(
            [sys.executable, "-m", "pontoon_cli", "replay", "-"],
            stdin=stdin,
            capture_output=True,
            cwd=ROOT,
            check=False,
        )
    assert (done.returncode, done.stdout, done.stderr.decode()) == (0, b"", OK)


def test_a_gzip_file_with_another_name_is_read_as_gzip(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    path.write_bytes(gzip.compress(BASE_LOG))
    assert cli(str(path)) == (0, "", OK)


def test_a_gz_file_that_is_not_gzip_is_refused_clearly(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl.gz"
    path.write_bytes(BASE_LOG)
    assert cli(str(path)) == (
        2,
        "",
        f"pontoon: {path}: cannot read: not a gzip file (it does not start with the gzip magic "
        "bytes 1f 8b); rename it without .gz if it is plain text\n"
        "pontoon replay: 0 deals verified, 0 with divergences; 0 lines read from 0 files; "
        "1 file could not be read\n",
    )


def test_a_broken_gzip_stream_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl.gz"
    path.write_bytes(gzip.compress(BASE_LOG)[:-30])
    code, out, err = cli(str(path))
    assert (code, out) == (2, "")
    first, summary = err.splitlines()
    assert first.startswith(f"pontoon: {path}:13: cannot read: Compressed file ended")
    assert summary.endswith(
        "11 deals verified, 0 with divergences; 12 lines read from 1 file; 1 unreadable input"
    )


# every file named is read; the exit code is the worst ---------------------------------------------


@pytest.fixture
def good(tmp_path: Path) -> Path:
    return written(tmp_path / "good.jsonl", BASE_LOG)


@pytest.fixture
def bad(tmp_path: Path) -> Path:
    recs = base()
    recs[2]["net"]["p1"] += 1
    return written(tmp_path / "bad.jsonl", dump(recs))


def test_a_missing_file_first_does_not_stop_the_others(tmp_path: Path, good: Path) -> None:
    missing = tmp_path / "missing.jsonl"
    assert cli(str(missing), str(good)) == (
        2,
        "",
        f"pontoon: {missing}: no such file\n"
        "pontoon replay: 12 deals verified, 0 with divergences; 13 lines read from 1 file; "
        "1 file could not be read\n",
    )


def test_the_exit_code_is_the_worst_of_the_files(tmp_path: Path, good: Path, bad: Path) -> None:
    net = BASE[2]["net"]["p1"]
    line = f"{bad}:3: deal 2: p1 hand 1: net recorded {net + 1}, rules give {net} (T7)"
    line += P1_NET_DETAIL + "\n"
    assert cli(str(good), str(bad), str(good)) == (
        1,
        line,
        "pontoon replay: 35 deals verified, 1 with divergences (1 divergence); "
        "39 lines read from 3 files\n",
    )
    missing = tmp_path / "missing.jsonl"
    assert cli(str(bad), str(missing), str(tmp_path)) == (
        2,
        line,
        f"pontoon: {missing}: no such file\n"
        f"pontoon: {tmp_path}: cannot read: Is a directory\n"
        "pontoon replay: 11 deals verified, 1 with divergences (1 divergence); "
        "13 lines read from 1 file; 2 files could not be read\n",
    )


def test_a_symlink_loop_gives_the_systems_reason(tmp_path: Path, good: Path) -> None:
    """Not "no such file", which sends the user looking for a file that is there."""
    loop = tmp_path / "loop.jsonl"
    loop.symlink_to(loop)
    assert cli(str(loop)) == (
        2,
        "",
        f"pontoon: {loop}: cannot read: Too many levels of symbolic links\n"
        "pontoon replay: 0 deals verified, 0 with divergences; 0 lines read from 0 files; "
        "1 file could not be read\n",
    )


# a byte-order mark and CRLF -----------------------------------------------------------------------

CRLF_LOG = BASE_LOG.replace(b"\n", b"\r\n")


@pytest.mark.parametrize(
    "log", [BOM + BASE_LOG, CRLF_LOG, BOM + CRLF_LOG], ids=["bom", "crlf", "bom-crlf"]
)
def test_a_windows_log_verifies_from_a_file_stdin_and_gzip(tmp_path: Path, log: bytes) -> None:
    path = tmp_path / "game.jsonl"
    path.write_bytes(log)
    assert cli(str(path)) == (0, "", OK)
    assert cli("-", stdin=log) == (0, "", OK)
    assert cli("-", stdin=gzip.compress(log)) == (0, "", OK)


def test_a_crlf_log_is_still_checked(tmp_path: Path) -> None:
    recs = base()
    recs[2]["net"]["p1"] += 1
    net = BASE[2]["net"]["p1"]
    code, out, _ = cli("-", stdin=BOM + dump(recs).replace(b"\n", b"\r\n"))
    assert (code, out) == (
        1,
        f"<stdin>:3: deal 2: p1 hand 1: net recorded {net + 1}, rules give {net} (T7)"
        + P1_NET_DETAIL
        + "\n",
    )


def test_a_byte_order_mark_later_in_the_log_is_not_json(tmp_path: Path) -> None:
    lines = BASE_LOG.splitlines(keepends=True)
    code, _, err = cli("-", stdin=b"".join([lines[0], BOM + lines[1], *lines[2:]]))
    assert code == 2
    assert err.splitlines()[0].startswith("pontoon: <stdin>:2: not JSON: ")


# integers stay within ±(2**53 − 1) ----------------------------------------------------------------

TOO_BIG = "an integer in a log must be at most 2**53 - 1 (9007199254740991), got"
RANGE = "the range every JSON reader keeps exactly (I-JSON)"


def big_number(tmp_path: Path, line: int, field: str, key: str, number: int) -> str:
    """Put ``number`` after the first ``key`` on ``line``; the error message replay gives."""
    lines = BASE_LOG.splitlines(keepends=True)
    pattern = re.escape(key.encode()) + rb"-?[0-9]+"
    lines[line - 1], done = re.subn(
        pattern, key.encode() + str(number).encode(), lines[line - 1], count=1
    )
    assert done == 1
    code, found, err = replay(tmp_path, b"".join(lines))
    assert (code, found) == (2, [])
    message, summary = err.splitlines()
    verified = "1 deal verified" if line == 3 else f"{max(line - 2, 0)} deals verified"
    lines_read = "1 line" if line == 1 else f"{line} lines"
    assert summary.startswith(f"pontoon replay: {verified}, 0 with divergences; {lines_read} read")
    return message.removeprefix(f"pontoon: {tmp_path / 'game.jsonl'}:{line}: {field}: ")


@pytest.mark.parametrize(
    ("line", "field", "text", "number", "message"),
    [
        (1, "table.bankrolls.p1", '"p1":', 2**53, f"{TOO_BIG} 9007199254740992: {RANGE}"),
        (1, "seed", '"seed":', 2**63, f"{TOO_BIG} 9223372036854775808: {RANGE}"),
        (3, "net.p1", '"net":{"p1":', 2**64, f"{TOO_BIG} 18446744073709551616: {RANGE}"),
        (
            3,
            "decisions[0].amount",
            '"amount":',
            -(2**53),
            "an integer in a log must be -9007199254740991 or more, got -9007199254740992: "
            + RANGE,
        ),
        (
            4,
            "hands[0].stake",
            '"stake":',
            10**99,
            f"an integer in a log must be within ±(2**53 - 1), got 100 digits: {RANGE}",
        ),
    ],
)
def test_an_integer_beyond_the_safe_range_is_unreadable(
    tmp_path: Path, line: int, field: str, text: str, number: int, message: str
) -> None:
    assert big_number(tmp_path, line, field, text, number) == message


def test_a_balance_that_grows_past_the_range_is_unreadable(tmp_path: Path) -> None:
    """The writer's own bytes, checked in one comparison, still hold no integer past 2**53."""
    log = play_log(3, deals=1, players=3, bankroll=limits.MAX_SAFE_INT)  # p2 wins 1
    code, found, err = replay(tmp_path, log)
    assert (code, found) == (2, [])
    assert err.splitlines()[0] == (
        f"pontoon: {tmp_path / 'game.jsonl'}:2: balance.p2: {TOO_BIG} 9007199254740992: {RANGE}"
    )


# player names -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "shown"),
    [("a\nb", r"'a\nb'"), ("a\tb", r"'a\tb'"), ("\x1b[31m", r"'\x1b[31m'"), ("a b", "'a b'")],
    ids=["newline", "tab", "escape", "space"],
)
def test_a_header_seat_name_that_is_not_printable_is_refused(
    tmp_path: Path, name: str, shown: str
) -> None:
    recs = base()
    table = recs[0]["table"]
    table["seats"][0] = name
    table["bankrolls"] = {name if p == "p1" else p: v for p, v in table["bankrolls"].items()}
    recs[0]["cut"] = []
    code, out, err = cli("-", stdin=dump(recs))
    assert (code, out) == (2, "")
    assert err.splitlines() == [
        f"pontoon: <stdin>:1: table.seats[0]: player name {shown}: use printable characters "
        "without spaces",
        "pontoon replay: 0 deals verified, 0 with divergences; 1 line read from 1 file; "
        "1 unreadable input",
    ]


def test_a_seat_twice_is_refused_in_linear_time() -> None:
    seats = [f"p{i}" for i in range(207)] + ["p7"]  # the most seats a log's header may hold
    header = {**BASE[0], "cut": [], "table": {**BASE[0]["table"], "seats": seats}}
    code, out, err = cli("-", stdin=dump([header]))
    assert (code, out) == (2, "")
    assert err.splitlines()[0] == (
        "pontoon: <stdin>:1: table.seats[207]: player 'p7' sits twice (T3.1)"
    )


CONTROL = "\x1b[2J\x7f\x85\u2028"  # clear screen, DEL, a C1 control, a line separator


def test_no_divergence_prints_a_raw_control_character(tmp_path: Path) -> None:
    recs = base()
    recs[2]["net"][CONTROL] = 0
    log = dump(recs)
    code, out, _ = cli("-", stdin=log)
    assert code == 1
    assert out == (
        r"<stdin>:3: deal 2: '\x1b[2J\x7f\x85\u2028': net recorded 0, rules give null (T3.1)"
        "\n"
    )
    code, out, _ = cli("--json", "-", stdin=log)
    assert code == 1
    assert out.isascii()
    assert orjson.loads(out)["player"] == CONTROL  # the JSON still decodes to the name
    assert r'"player":"\u001b[2J\u007f\u0085\u2028"' in out


def test_no_message_prints_a_raw_control_character(tmp_path: Path) -> None:
    recs = base()
    recs[2][CONTROL] = CONTROL
    code, out, err = cli("-", stdin=dump(recs))
    assert (code, out) == (2, "")
    assert err.splitlines()[0].startswith(
        r"pontoon: <stdin>:3: '\x1b[2J\x7f\x85\u2028': expected no such field (one of type, "
    )
    assert err.splitlines()[0].endswith(r'got "\u001b[2J\u007f\u0085\u2028"')
    assert all(c.isprintable() for c in err.replace("\n", ""))


# a duplicate key, at any depth --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "old", "new", "field", "key"),
    [
        (3, b'"net":{', b'"net":{"p9":1},"net":{', "net", "net"),
        (4, b'"hands":[{"player":', b'"hands":[{"net":5,"player":', "hands[0].net", "net"),
        (1, b'"min_stake":1', b'"min_stake":1,"min_stake":2', "table.min_stake", "min_stake"),
        (
            5,
            b'"action":"stake"',
            b'"action":"stake","action":"stake"',
            "decisions[0].action",
            "action",
        ),
    ],
    ids=["net", "hand-net", "header", "decision"],
)
def test_a_duplicate_key_is_unreadable(
    tmp_path: Path, line: int, old: bytes, new: bytes, field: str, key: str
) -> None:
    lines = BASE_LOG.splitlines(keepends=True)
    assert old in lines[line - 1]
    lines[line - 1] = lines[line - 1].replace(old, new, 1)
    code, found, err = replay(tmp_path, b"".join(lines))
    assert (code, found) == (2, [])
    assert err.splitlines()[0] == (
        f'pontoon: {tmp_path / "game.jsonl"}:{line}: {field}: the key "{key}" appears twice in '
        "one object: a log record has each key once (JSON readers disagree on which wins)"
    )


def test_a_record_with_a_duplicate_key_that_changes_nothing_is_still_unreadable(
    tmp_path: Path,
) -> None:
    """The last value wins in orjson: the same value twice would verify without the look."""
    lines = BASE_LOG.splitlines(keepends=True)
    lines[2] = lines[2].replace(b'"void":false', b'"void":false,"void":false', 1)
    code, _, err = replay(tmp_path, b"".join(lines))
    assert code == 2
    assert ':3: void: the key "void" appears twice' in err


# bounded memory and time on hostile input ---------------------------------------------------------

LINE_LIMIT = limits.MAX_LOG_LINE_BYTES


def test_dev_zero_is_refused_at_the_line_limit() -> None:
    assert cli("/dev/zero") == (
        2,
        "",
        f"pontoon: /dev/zero:1: line longer than {LINE_LIMIT} bytes (MAX_LOG_LINE_BYTES): "
        "not a log line\n"
        "pontoon replay: 0 deals verified, 0 with divergences; 0 lines read from 1 file; "
        "1 unreadable input\n",
    )


def test_a_gz_that_expands_to_one_giant_line_stays_within_the_line_limit(tmp_path: Path) -> None:
    path = tmp_path / "bomb.jsonl.gz"
    path.write_bytes(gzip.compress(b"x" * (40 * LINE_LIMIT), compresslevel=9))
    assert path.stat().st_size < LINE_LIMIT  # small on disk
    out, err = io.BytesIO(), io.StringIO()
    tracemalloc.start()
    try:
        code = replay_logs([str(path)], StreamOutput(out, err))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert code == 2
    assert err.getvalue().splitlines()[0] == (
        f"pontoon: {path}:1: line longer than {LINE_LIMIT} bytes (MAX_LOG_LINE_BYTES): "
        "not a log line"
    )
    assert peak < 4 * LINE_LIMIT, peak  # one line's worth, not the 40 MB it expands to


def test_a_line_at_the_limit_is_read_and_one_byte_more_is_not(tmp_path: Path) -> None:
    header = BASE_LOG.splitlines(keepends=True)[0]
    padded = header[:-2] + b" " * (LINE_LIMIT - len(header)) + b"}\n"
    assert len(padded) == LINE_LIMIT
    code, _, err = replay(tmp_path, padded)
    assert code == 0, err
    code, _, err = replay(tmp_path, b" " + padded)
    assert code == 2
    assert f"game.jsonl:1: line longer than {LINE_LIMIT} bytes" in err


def test_a_file_over_the_size_limit_is_refused_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "huge.jsonl"
    with path.open("wb") as f:  # sparse: takes no room on disk
        f.truncate(limits.MAX_LOG_BYTES + 1)
    assert cli(str(path)) == (
        2,
        "",
        f"pontoon: {path}: {limits.MAX_LOG_BYTES + 1} bytes: a log is at most "
        f"{limits.MAX_LOG_BYTES} bytes (MAX_LOG_BYTES)\n"
        "pontoon replay: 0 deals verified, 0 with divergences; 0 lines read from 0 files; "
        "1 file could not be read\n",
    )


# Both tests below patch module globals; compiled code (mypyc) binds those at build time, so they
# run in the pure-Python pass of `make test` (PONTOON_PURE=1) only.
PATCHES_MODULES = pytest.mark.skipif(
    pontoon_cli.BUILD == "compiled",
    reason="patches a module global, which compiled code does not read: runs under PONTOON_PURE=1",
)


@PATCHES_MODULES
def test_a_stream_over_the_size_limit_stops_at_the_line_that_passes_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    lines = BASE_LOG.splitlines(keepends=True)
    monkeypatch.setattr(limits, "MAX_LOG_BYTES", len(lines[0]) + len(lines[1]) + 10)
    code, out, err = cli("-", stdin=gzip.compress(BASE_LOG))
    assert (code, out) == (2, "")
    assert err.splitlines() == [
        f"pontoon: <stdin>:3: the log passes {len(lines[0]) + len(lines[1]) + 10} bytes "
        "(MAX_LOG_BYTES)",
        "pontoon replay: 1 deal verified, 0 with divergences; 2 lines read from 1 file; "
        "1 unreadable input",
    ]


def test_a_non_printable_file_name_is_shown_escaped(tmp_path: Path) -> None:
    path = tmp_path / "a\x1bb.jsonl"
    code, _, err = cli(str(path))
    assert code == 2
    assert err.splitlines()[0] == f"pontoon: {str(path)!r}: no such file"
    assert os.sep in err


@PATCHES_MODULES
def test_the_writers_own_records_need_no_second_look(monkeypatch: pytest.MonkeyPatch) -> None:
    """The duplicate-key and integer scan runs only for a record that is not byte for byte
    what the log writer gives, so replay stays fast: none of the writer's own lines, CRLF line
    ends or not, and one changed line alone."""
    from pontoon_cli.logformat import lines as log_read
    from pontoon_cli.traditional import replay as traditional_replay

    scanned: list[bytes] = []
    real = log_read.strict_problem

    def spy(raw: bytes) -> Any:
        scanned.append(raw)
        return real(raw)

    def no_compare(*args: Any) -> None:
        raise AssertionError("a record the writer wrote was compared field by field")

    monkeypatch.setattr(log_read, "strict_problem", spy)
    monkeypatch.setattr(traditional_replay, "compare_rest", no_compare)
    assert cli("-", stdin=BASE_LOG) == (0, "", OK)
    assert scanned == []
    assert cli("-", stdin=CRLF_LOG) == (0, "", OK)
    assert scanned == []
    lines = BASE_LOG.splitlines(keepends=True)
    spaced = lines[0].replace(b'"type":"header"', b'"type": "header"')
    assert cli("-", stdin=spaced + b"".join(lines[1:])) == (0, "", OK)
    assert scanned == [spaced]
