"""Where output goes: --out targets, closed pipes, write errors, gzip.

Real devices, FIFOs and pipes need real processes; each runs with a bounded timeout.
"""

from __future__ import annotations

import errno
import gc
import gzip
import io
import os
import resource
import signal
import stat
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import orjson
import pytest
from support.engine import SPEC_SCENARIO
from typer.testing import CliRunner

from pontoon_cli.cli.main import app
from pontoon_cli.log import output
from pontoon_cli.log.output import Guarded, OutputError
from pontoon_cli.log.writer import LogWriter
from pontoon_cli.render.console import PlayProgress

TIMEOUT = 60
runner = CliRunner()

posix_only = pytest.mark.skipif(os.name != "posix", reason="devices, FIFOs and /proc")


def pontoon(*args: str) -> list[str]:
    return [sys.executable, "-m", "pontoon_cli", *args]


def invoke(*args: str) -> tuple[int, bytes, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout_bytes, result.stderr


def log_of(*args: str) -> bytes:
    """The log ``pontoon play ARGS`` writes on stdout."""
    code, out, _ = invoke("play", *args)
    assert code == 0
    return out


def _node(path: Path, major: int, minor: int) -> Path:
    """A character device like /dev/null (1, 3) or /dev/full (1, 7), made in tmp (needs root)."""
    try:
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(major, minor))
        with path.open("wb") as probe:
            probe.write(b"")
    except OSError as err:
        pytest.skip(f"cannot make a device node here: {err.strerror}")
    return path


# --out: only a regular file or a new path is replaced ---------------------------------------------


@posix_only
def test_out_to_a_null_device_writes_to_it_and_leaves_it_a_device(tmp_path: Path) -> None:
    node = _node(tmp_path / "null", 1, 3)
    code, out, err = invoke("play", "--seed", "1", "--deals", "3", "--out", str(node))
    assert code == 0
    assert out == b""
    assert err == f"pontoon: 3 deals written to {node}\n"
    assert stat.S_ISCHR(node.lstat().st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["null"]  # no temporary beside it


@posix_only
def test_out_to_a_full_device_is_one_line_exit_2_and_stays_a_device(tmp_path: Path) -> None:
    node = _node(tmp_path / "full", 1, 7)
    code, _, err = invoke("play", "--seed", "1", "--deals", "3", "--out", str(node))
    assert code == 2
    assert err == f"pontoon: cannot write to {node}: No space left on device\n"
    assert stat.S_ISCHR(node.lstat().st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["full"]


@posix_only
def test_out_dev_null_itself_stays_a_character_device() -> None:
    code, _, err = invoke("play", "--seed", "1", "--deals", "2", "--out", os.devnull)
    assert code == 0
    assert err == f"pontoon: 2 deals written to {os.devnull}\n"
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)


@posix_only
def test_out_to_a_fifo_writes_through_it_and_leaves_the_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    done = subprocess.run(
        pontoon("play", "--seed", "4", "--deals", "5", "--out", str(fifo)),
        capture_output=True,
        timeout=TIMEOUT,
    )
    reader.join(TIMEOUT)
    assert done.returncode == 0, done.stderr
    assert got == [log_of("--seed", "4", "--deals", "5")]
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]


@posix_only
@pytest.mark.parametrize("link_to", ["/proc/self/fd/1", "/dev/stdout"])
def test_out_to_a_descriptor_link_writes_to_that_descriptor(tmp_path: Path, link_to: str) -> None:
    """`--out /dev/stdout` (a link into /proc) is this process's stdout, never a file to replace."""
    if not os.path.exists(link_to):
        pytest.skip(f"no {link_to}")
    link = tmp_path / "stdout"
    link.symlink_to(link_to)
    for target in (str(link), "/dev/stdout"):
        done = subprocess.run(
            pontoon("play", "--seed", "4", "--deals", "3", "--out", target),
            capture_output=True,
            timeout=TIMEOUT,
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout == log_of("--seed", "4", "--deals", "3")
        assert os.readlink(link) == link_to
        assert os.path.islink("/dev/stdout")


@posix_only
def test_out_to_dev_stdout_appends_after_a_shell_append(tmp_path: Path) -> None:
    log = tmp_path / "all.jsonl"
    log.write_bytes(b"earlier\n")
    with log.open("ab") as appended:
        done = subprocess.run(
            pontoon("play", "--seed", "4", "--deals", "2", "--out", "/dev/stdout"),
            stdout=appended,
            stderr=subprocess.PIPE,
            timeout=TIMEOUT,
        )
    assert done.returncode == 0, done.stderr
    assert log.read_bytes() == b"earlier\n" + log_of("--seed", "4", "--deals", "2")


@posix_only
def test_out_to_a_process_substitution(tmp_path: Path) -> None:
    if not os.path.exists("/bin/bash"):
        pytest.skip("needs bash")
    command = " ".join(pontoon("play", "--seed", "4", "--deals", "3", "--out", ">(wc -c)"))
    done = subprocess.run(
        ["/bin/bash", "-c", command], capture_output=True, timeout=TIMEOUT, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == str(len(log_of("--seed", "4", "--deals", "3")))


def test_out_dash_is_stdout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = invoke("play", "--seed", "4", "--deals", "3", "--out", "-")
    assert code == 0
    assert out == log_of("--seed", "4", "--deals", "3")
    assert err == ""  # stdout needs no summary: the data is there
    assert list(tmp_path.iterdir()) == []  # no file named "-"


def test_out_through_a_symlink_replaces_the_file_and_keeps_the_link(tmp_path: Path) -> None:
    real = tmp_path / "day3.jsonl"
    real.write_text("old\n")
    link = tmp_path / "latest.jsonl"
    link.symlink_to(real.name)
    code, _, _ = invoke("play", "--seed", "4", "--deals", "3", "--out", str(link))
    assert code == 0
    assert link.is_symlink() and os.readlink(link) == real.name
    assert real.read_bytes() == log_of("--seed", "4", "--deals", "3")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["day3.jsonl", "latest.jsonl"]


# --out paths that cannot be a log: the operating system's reason ----------------------------------


def test_out_that_cannot_be_written_says_why_in_the_systems_words(tmp_path: Path) -> None:
    loop = tmp_path / "loop"
    loop.symlink_to(loop.name)
    a_file = tmp_path / "file"
    a_file.write_text("x\n")
    cases = {
        tmp_path / "no" / "x.jsonl": "No such file or directory",
        tmp_path: "Is a directory",
        loop: "Too many levels of symbolic links",
        a_file / "x.jsonl": "Not a directory",
    }
    for path, reason in cases.items():
        code, out, err = invoke("play", "--seed", "1", "--out", str(path))
        assert (code, out) == (2, b"")
        assert err == f"pontoon: cannot write to {path}: {reason}\n"
    assert loop.is_symlink() and os.readlink(loop) == "loop"  # the loop is not replaced
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file", "loop"]


# a closed stdout does not hide the result ---------------------------------------------------------


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A log with a divergence in every deal, and scenarios that fail, break a rule, are bad."""
    folder = tmp_path_factory.mktemp("inputs")
    lines = log_of("--seed", "7", "--deals", "2000").splitlines()
    tampered = [lines[0]]
    for line in lines[1:]:
        record = orjson.loads(line)
        record["net"]["p1"] += 1
        tampered.append(orjson.dumps(record))
    made = {
        "BAD.jsonl": b"\n".join(tampered) + b"\n",
        "wrong.toml": SPEC_SCENARIO.replace("bob = -7", "bob = -6").encode(),
        "illegal.toml": SPEC_SCENARIO.replace(
            'ann = ["twist", "twist", "twist"]', 'ann = ["stick"]'
        ).encode(),
        "bad.toml": SPEC_SCENARIO.replace('strategy = "strict"', 'strategi = "strict"').encode(),
    }
    for name, data in made.items():
        (folder / name).write_bytes(data)
    return {name: folder / name for name in made}


CLOSED_PIPE_CASES = [
    (("replay", "BAD.jsonl"), 1),  # reads on to the end: every divergence still counts
    (("play", "wrong.toml"), 1),  # the expectations are still checked
    (("play", "illegal.toml"), 1),
    (("check", "bad.toml"), 2),
    (("schema",), 0),
    (("rules",), 0),
    (("rules", "traditional"), 0),
    (("rules", "traditional", "--json"), 0),
    (("play", "--seed", "1", "--deals", "20000"), 0),
    (("--help",), 0),  # text typer prints itself
    (("play", "--help"), 0),
]


def _id(value: object) -> str:
    return " ".join(value) if isinstance(value, tuple) else str(value)


def _args(args: tuple[str, ...], files: dict[str, Path]) -> list[str]:
    return [str(files[a]) if a in files else a for a in args]


@pytest.mark.parametrize(("args", "code"), CLOSED_PIPE_CASES, ids=lambda v: _id(v))
def test_a_pipe_closed_before_the_first_write_keeps_the_exit_code(
    files: dict[str, Path], args: tuple[str, ...], code: int
) -> None:
    """The reader is gone before pontoon writes a byte: every write meets EPIPE."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run(
            pontoon(*_args(args, files)),
            stdout=write_end,
            stderr=subprocess.PIPE,
            timeout=TIMEOUT,
        )
    finally:
        os.close(write_end)
    assert done.returncode == code, done.stderr
    for noise in (b"Traceback", b"Exception ignored", b"BrokenPipe", b"Broken pipe"):
        assert noise not in done.stderr


@posix_only
@pytest.mark.parametrize(
    ("pipeline", "code"),
    [
        ("replay BAD.jsonl | head -1", 1),
        ("play wrong.toml | true", 1),
        ("play illegal.toml | true", 1),
        ("check bad.toml | true", 2),
        ("schema | true", 0),
        ("rules | true", 0),
        ("play --seed 1 --deals 20000 | head -1", 0),
    ],
)
def test_the_issues_pipelines_keep_their_exit_code(
    files: dict[str, Path], pipeline: str, code: int
) -> None:
    if not os.path.exists("/bin/bash"):
        pytest.skip("needs bash")
    command = " ".join(pontoon())
    done = subprocess.run(
        ["/bin/bash", "-c", f"{command} {pipeline} > /dev/null; echo ${{PIPESTATUS[0]}}"],
        cwd=next(iter(files.values())).parent,
        capture_output=True,
        timeout=TIMEOUT,
    )
    assert done.stdout.strip() == str(code).encode(), done.stderr
    for noise in (b"Traceback", b"Exception ignored", b"BrokenPipe", b"Broken pipe"):
        assert noise not in done.stderr


def test_replay_on_a_closed_pipe_still_reads_to_the_end(files: dict[str, Path]) -> None:
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run(
            pontoon("replay", str(files["BAD.jsonl"])),
            stdout=write_end,
            stderr=subprocess.PIPE,
            timeout=TIMEOUT,
        )
    finally:
        os.close(write_end)
    assert done.returncode == 1
    assert done.stderr.decode().splitlines()[-1] == (
        "pontoon replay: 0 deals verified, 2000 with divergences (2000 divergences); "
        "2001 lines read from 1 file"
    )


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two logs that differ, and one cut in the middle of a line."""
    folder = tmp_path_factory.mktemp("logs")
    first = log_of("--seed", "1", "--deals", "3")
    (folder / "a.jsonl").write_bytes(first)
    (folder / "b.jsonl").write_bytes(log_of("--seed", "2", "--deals", "3"))
    (folder / "cut.jsonl").write_bytes(first[: first.index(b"\n") + 40])
    return folder


CLOSED_STDERR_CASES = [
    (("diff", "a.jsonl", "b.jsonl"), 1),
    (("play", "--seed", "1", "--deals", "3", "--out", "/dev/full"), 2),
    (("stats", "cut.jsonl"), 2),
    (("show", "cut.jsonl"), 2),
    (("diff", "cut.jsonl", "a.jsonl"), 2),
    (("check", "missing.toml"), 2),
    (("replay", "cut.jsonl"), 2),
    (("replay", "missing.jsonl"), 2),
    (("simulate", "--rounds", "0"), 2),
]


@posix_only
@pytest.mark.parametrize("both", [False, True], ids=["stderr", "stdout-and-stderr"])
@pytest.mark.parametrize(("args", "code"), CLOSED_STDERR_CASES, ids=lambda v: _id(v))
def test_a_closed_stderr_keeps_the_runs_own_exit_code(
    logs: Path, args: tuple[str, ...], code: int, both: bool
) -> None:
    """``cmd 2>&1 | head -1`` under pipefail: the message that cannot be shown is dropped, the
    exit code is the run's own (stderr alone closed, or stdout and stderr one closed pipe)."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run(
            pontoon(*args),
            cwd=logs,
            stdout=write_end if both else subprocess.DEVNULL,
            stderr=write_end,
            timeout=TIMEOUT,
        )
    finally:
        os.close(write_end)
    assert done.returncode == code


def test_guarded_stream_discards_after_epipe_and_remembers_it() -> None:
    class Closed(io.BytesIO):
        def write(self, data: Any, /) -> int:
            raise BrokenPipeError(errno.EPIPE, "Broken pipe")

    stream = Guarded(Closed(), "stdout")
    assert stream.write(b"x\n") == 2
    assert stream.broken
    stream.write(b"more\n")  # discarded, quietly
    stream.flush()


# a write error is one line and exit 2 -------------------------------------------------------------


@posix_only
@pytest.mark.parametrize(
    "args",
    [
        ("schema",),
        ("play", "--seed", "1", "--deals", "5"),
        ("rules", "traditional"),
        ("replay", "BAD.jsonl"),
        ("check", "bad.toml"),
    ],
    ids=lambda v: _id(v),
)
def test_stdout_on_a_full_device_is_one_line_and_exit_2(
    files: dict[str, Path], args: tuple[str, ...]
) -> None:
    with open("/dev/full", "wb") as full:
        done = subprocess.run(
            pontoon(*_args(args, files)), stdout=full, stderr=subprocess.PIPE, timeout=TIMEOUT
        )
    assert done.returncode == 2
    assert b"pontoon: cannot write to stdout: No space left on device\n" in done.stderr
    assert b"Traceback" not in done.stderr and b"Exception ignored" not in done.stderr
    assert done.stderr.count(b"cannot write") == 1


class _FullDisk:
    """A file that takes ``room`` bytes and then fails as a full disk does."""

    def __init__(self, real: Any, room: int) -> None:
        self.real = real
        self.room = room

    def write(self, data: bytes) -> int:
        if len(data) > self.room:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        self.room -= len(data)
        return int(self.real.write(data))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)


# the .gz stream left when the disk filled must not write into the closed file when it is finalised
# (Python 3.13 reports that: "Exception ignored in: <gzip ...>")
@pytest.mark.filterwarnings("error::pytest.PytestUnraisableExceptionWarning")
@pytest.mark.parametrize("existing", [False, True])
@pytest.mark.parametrize("name", ["game.jsonl", "game.jsonl.gz"])
def test_a_full_disk_under_out_leaves_no_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, existing: bool, name: str
) -> None:
    real_fdopen = os.fdopen

    def full_fdopen(fd: int, *args: Any, **kwargs: Any) -> Any:
        return _FullDisk(real_fdopen(fd, *args, **kwargs), room=5000)

    monkeypatch.setattr(output.os, "fdopen", full_fdopen)
    target = tmp_path / name
    if existing:
        target.write_text("precious\n")
    code, out, err = invoke("play", "--seed", "1", "--deals", "500", "--out", str(target))
    assert (code, out) == (2, b"")
    assert err == f"pontoon: cannot write to {target}: No space left on device\n"
    assert [p.name for p in tmp_path.iterdir()] == ([name] if existing else [])
    if existing:
        assert target.read_text() == "precious\n"
    gc.collect()  # the GzipFile (a reference cycle from Python 3.12) is finalised in this test


@pytest.mark.skipif(not hasattr(signal, "SIGXFSZ"), reason="RLIMIT_FSIZE")
def test_a_file_size_limit_under_out_is_one_line_and_leaves_nothing(tmp_path: Path) -> None:
    """A real write error on a regular file: the process may not grow a file past 50 kB."""

    def limit() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (50_000, 50_000))

    target = tmp_path / "game.jsonl"
    done = subprocess.run(
        pontoon("play", "--seed", "1", "--deals", "1000", "--out", str(target)),
        capture_output=True,
        preexec_fn=limit,
        timeout=TIMEOUT,
    )
    assert done.returncode == 2
    assert done.stderr.decode() == f"pontoon: cannot write to {target}: File too large\n"
    assert list(tmp_path.iterdir()) == []


def test_writer_error_is_an_output_error_naming_the_place() -> None:
    class Broken(io.BytesIO):
        def write(self, data: Any, /) -> int:
            raise OSError(errno.EIO, os.strerror(errno.EIO))

    writer = LogWriter(None, Broken())
    with pytest.raises(OutputError, match=r"^cannot write to stdout: Input/output error$"):
        writer.write({"type": "header"})


# .gz output ---------------------------------------------------------------------------------------


def test_gz_out_writes_deterministic_gzip_that_replays(tmp_path: Path) -> None:
    first, second = tmp_path / "a.jsonl.gz", tmp_path / "b" / "other-name.jsonl.gz"
    second.parent.mkdir()
    for path in (first, second):
        code, _, err = invoke("play", "--seed", "3", "--deals", "50", "--out", str(path))
        assert code == 0
        assert err == f"pontoon: 50 deals written to {path}\n"
    data = first.read_bytes()
    assert data == second.read_bytes()  # no name, no time in the header
    assert data[:3] == b"\x1f\x8b\x08"
    assert data[3] == 0  # FLG: no file name, no comment
    assert data[4:8] == b"\0\0\0\0"  # MTIME 0
    assert gzip.decompress(data) == log_of("--seed", "3", "--deals", "50")
    code, _, err = invoke("replay", str(first))
    assert code == 0
    assert "50 deals verified, 0 with divergences" in err


# progress and summary -----------------------------------------------------------------------------


def test_out_ends_with_a_one_line_summary(tmp_path: Path) -> None:
    target = tmp_path / "game.jsonl"
    code, _, err = invoke("play", "--seed", "5", "--deals", "1", "--out", str(target))
    assert code == 0
    assert err == f"pontoon: 1 deal written to {target}\n"
    code, _, err = invoke("play", "--seed", "5", "--deals", "20", "--out", str(target))
    assert err == f"pontoon: 20 deals written to {target}\n"


def test_out_summary_after_a_scenario(tmp_path: Path) -> None:
    scenario = tmp_path / "s.toml"
    scenario.write_text(SPEC_SCENARIO)
    target = tmp_path / "game.jsonl"
    code, _, err = invoke("play", str(scenario), "--out", str(target))
    assert code == 0
    assert err.splitlines()[0] == f"pontoon: 1 deal written to {target}"


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_shows_on_a_terminal_and_ends_at_the_last_deal() -> None:
    screen = _Terminal()
    with PlayProgress(screen, 200, "game.jsonl") as bar:
        assert bar.shown
        for deals in range(1, 201):
            bar.advance(deals)
    text = screen.getvalue()
    assert "play > game.jsonl" in text
    assert "200/200" in text


def test_progress_bar_stays_off_when_stderr_is_not_a_terminal() -> None:
    plain = io.StringIO()
    with PlayProgress(plain, 200, "game.jsonl") as bar:
        assert not bar.shown
        bar.advance(64)
    assert plain.getvalue() == ""
