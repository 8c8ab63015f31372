"""cases(): ``pontoon cases`` from Python, the same files and the same refusals in Python's
words."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pontoon_cli import PontoonError, cases
from pontoon_cli.cli.main import app


def _files(where: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(where.iterdir())}


def test_cases_writes_the_files_pontoon_cases_writes(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["cases", "--rules", "shoot", "--out", str(tmp_path / "c")])
    assert result.exit_code == 0, result.output
    index = cases("shoot", tmp_path / "p")
    assert _files(tmp_path / "p") == _files(tmp_path / "c")
    assert index == json.loads((tmp_path / "c" / "cases.json").read_bytes())
    assert cases("shoot") == index  # without out=: the index, nothing written


def test_cases_refuses_a_full_directory_unless_forced_in_pythons_words(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    refused = r"cases\(\): out= .* is not empty .* give force=True"
    with pytest.raises(PontoonError, match=refused):
        cases("casino", tmp_path)
    assert _files(tmp_path) == {"notes.txt": b"mine"}  # nothing written
    index = cases("casino", str(tmp_path), force=True)
    assert set(_files(tmp_path)) == {"notes.txt", "cases.json", *(c["log"] for c in index["cases"])}
    (tmp_path / "cases.json").unlink()
    (tmp_path / "cases.json").mkdir()
    with pytest.raises(PontoonError, match=r"out= .*cases.json is there and is not a regular"):
        cases("casino", tmp_path, force=True)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"rules": "tradtional"}, r"cases\(\): rules= takes one of traditional, shoot, casino"),
        ({"rules": 1}, r"cases\(\): rules= takes a preset name; got int 1"),
        ({"rules": "casino", "out": 3}, r"out= takes a directory's path or None; got int 3"),
    ],
)
def test_cases_refuses_a_wrong_argument_naming_it(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(PontoonError, match=message):
        cases(**kwargs)  # type: ignore[arg-type]
