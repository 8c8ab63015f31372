"""Helpers for the tests of ``pontoon show``, ``stats`` and ``diff``: real logs, run in process."""

from __future__ import annotations

from pathlib import Path

import orjson
from typer.testing import CliRunner

from pontoon_cli.cli.main import app

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]


def play(*args: str) -> bytes:
    """The log ``pontoon play ARGS`` writes."""
    result = runner.invoke(app, ["play", *args])
    assert result.exit_code == 0, result.stderr
    return result.stdout_bytes


def scenario_log(stem: str) -> bytes:
    result = runner.invoke(app, ["play", str(ROOT / "scenarios" / f"{stem}.toml")])
    assert result.exit_code == 0, result.stderr
    return result.stdout_bytes


def run(*args: str, stdin: bytes | None = None) -> tuple[int, str, str]:
    """``pontoon ARGS``: exit code, stdout, stderr."""
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def lines(log: bytes) -> list[dict]:
    return [orjson.loads(line) for line in log.splitlines()]


def join(records: list[dict]) -> bytes:
    return b"".join(orjson.dumps(r) + b"\n" for r in records)
