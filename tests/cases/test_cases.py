"""`pontoon cases`: every preset's set replays clean at 100% coverage, no case is redundant, the
same command writes the same bytes, and the directory it writes into is treated with care."""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import Any

import orjson
import pytest
from typer.testing import CliRunner

from pontoon_cli.cli.main import app
from pontoon_cli.conformance.build import PRESETS, SCENARIO_DIR
from pontoon_cli.core.rules import PRESETS as RULE_PRESETS
from pontoon_cli.logformat.divergence import Output, StreamOutput
from pontoon_cli.replay.coverage import RuleCoverage, applicable
from pontoon_cli.replay.run import replay_logs

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()


@pytest.fixture(scope="module", params=PRESETS)
def written(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A preset's case set, written by the command."""
    out = tmp_path_factory.mktemp("cases") / request.param
    result = runner.invoke(app, ["cases", "--rules", request.param, "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert f"written to {out}" in result.stderr
    return out


def _quiet() -> Output:
    """Replay's output thrown away (a StreamOutput onto two sinks)."""
    return StreamOutput(io.BytesIO(), io.StringIO())


def coverage(paths: list[Path]) -> tuple[int, dict[str, Any]]:
    """``pontoon replay --coverage --fail-under 100`` over ``paths``: its exit code and report."""
    tally = RuleCoverage()
    code = replay_logs([str(p) for p in paths], _quiet(), coverage=tally, fail_under=100)
    return code, tally.report()


def index(out: Path) -> dict[str, Any]:
    data: dict[str, Any] = orjson.loads((out / "cases.json").read_bytes())
    return data


def logs(out: Path) -> list[Path]:
    return sorted(out.glob("*.jsonl"))


def test_the_set_replays_clean_and_exercises_every_rule(written: Path) -> None:
    result = runner.invoke(
        app, ["replay", "--coverage", "--fail-under", "100", *map(str, logs(written))]
    )
    assert result.exit_code == 0, result.output
    assert "(100%)" in result.stderr
    code, report = coverage(logs(written))
    assert code == 0 and report["missing"] == []
    listed = index(written)
    preset = listed["preset"]
    # every rule of the preset's family is in the set's rules, and every one was exercised
    family = set(applicable(RULE_PRESETS[preset]))
    assert family <= set(listed["rules"]) == set(report["rules"])
    assert listed["unreached"] == [] and listed["covered"] == listed["total"]
    if preset == "traditional":  # each house option turned on in some case
        assert {f"V{n}" for n in range(1, 10)} <= set(listed["rules"])
        assert all(report["rules"][f"V{n}"]["deals"] for n in range(1, 10))
    if preset == "shoot":
        assert all(report["rules"][f"S{n}"]["deals"] for n in range(1, 11))


def test_every_case_alone_replays_clean_and_the_index_is_what_it_exercises(written: Path) -> None:
    listed = index(written)
    assert sorted(c["log"] for c in listed["cases"]) == [p.name for p in logs(written)]
    for case in listed["cases"]:
        code, report = coverage([written / case["log"]])
        assert code in (0, 1)  # 1: one case alone is under 100%, never a divergence
        exercised = [r for r, t in report["rules"].items() if t["deals"]]
        assert exercised == case["rules"]
        assert all(t["divergences"] == 0 for t in report["rules"].values())
        lines = (written / case["log"]).read_bytes().splitlines()
        assert len(lines) == 1 + case["deals"]
        assert case["log"].startswith("-".join([case["log"][:2], *case["only"][:1]]))
        if case["scenario"] is not None:
            toml = (written / case["scenario"]).read_text()
            assert orjson.loads(lines[0])["scenario"] in toml


def test_dropping_any_case_leaves_a_rule_unexercised(written: Path) -> None:
    listed = index(written)
    for case in listed["cases"]:
        assert case["only"], f"{case['log']} exercises no rule the others do not"
        rest = [written / c["log"] for c in listed["cases"] if c is not case]
        code, report = coverage(rest)
        exercised = {r for r, t in report["rules"].items() if t["deals"]}
        assert not set(case["only"]) & exercised
        options = all(r.startswith("V") for r in case["only"])
        if not options and rest:
            # a rule every game of the preset has: coverage falls under 100%
            assert code == 1 and report["covered"] < report["total"], case["log"]
        # an option's rule leaves with its header: the set no longer proves that option


def test_two_runs_write_the_same_bytes(written: Path, tmp_path: Path) -> None:
    again = tmp_path / "again"
    preset = index(written)["preset"]
    assert runner.invoke(app, ["cases", "--rules", preset, "--out", str(again)]).exit_code == 0
    names = sorted(os.listdir(written))
    assert names == sorted(os.listdir(again))
    assert all((written / n).read_bytes() == (again / n).read_bytes() for n in names)


def test_the_scenarios_shipped_are_the_repository_s() -> None:
    for path in SCENARIO_DIR.glob("*.toml"):
        twin = ROOT / "scenarios" / path.name
        if twin.exists():
            assert path.read_bytes() == twin.read_bytes(), path.name
        else:
            assert path.name.startswith("shoot-t8-"), path.name  # the Shoot versions of T8's


# the directory ---------------------------------------------------------------------------------


def test_a_directory_that_is_not_empty_is_refused_without_force(tmp_path: Path) -> None:
    (tmp_path / "mine.txt").write_text("keep")
    result = runner.invoke(app, ["cases", "--rules", "casino", "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert "is not empty" in result.stderr and "--force" in result.stderr
    assert os.listdir(tmp_path) == ["mine.txt"]
    result = runner.invoke(app, ["cases", "--rules", "casino", "--out", str(tmp_path), "--force"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "mine.txt").read_text() == "keep"
    assert "also holds 1 other file" in result.stderr
    assert (tmp_path / "cases.json").is_file()


def test_force_replaces_only_regular_files(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere.json"
    target.write_text("mine")
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "cases.json").symlink_to(target)
    result = runner.invoke(
        app, ["cases", "--rules", "casino", "--out", str(tmp_path / "out"), "--force"]
    )
    assert result.exit_code == 2
    assert "is not a regular file; nothing was written" in result.stderr
    assert target.read_text() == "mine"
    assert os.listdir(tmp_path / "out") == ["cases.json"]
    stale = tmp_path / "again"
    stale.mkdir()
    (stale / "cases.json").write_text("old")
    result = runner.invoke(app, ["cases", "--rules", "casino", "--out", str(stale), "--force"])
    assert result.exit_code == 0
    assert index(stale)["preset"] == "casino"


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--rules", "blackjack"], "--rules: 'blackjack' is not a preset; one of traditional"),
        (["--rules", "casino", "--out", "FILE"], "is not a directory"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    tmp_path: Path, arguments: list[str], message: str
) -> None:
    (tmp_path / "FILE").write_text("x")
    arguments = [str(tmp_path / a) if a == "FILE" else a for a in arguments]
    if "--out" not in arguments:
        arguments += ["--out", str(tmp_path / "new")]
    result = runner.invoke(app, ["cases", *arguments])
    assert result.exit_code == 2
    assert message in result.stderr and "Traceback" not in result.output
    assert not (tmp_path / "new").exists()
