"""The pytest plugin (``pontoon_cli/pytest_plugin.py``), run by pytest's own ``pytester``: logs and
scenarios named by the ini keys become test items whose failures read as the CLI's messages, the
``pontoon`` fixture, a settlement pinned by a snapshot, and a package that never imports pytest."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from support.logs import play_log

from pontoon_cli import _build
from pontoon_cli.pytest_plugin import SHOWN

pytest_plugins = ["pytester"]

ROOT = Path(__file__).resolve().parents[2]
# (this module imports the plugin, so pytest cannot rewrite its asserts: it has none)
PLUGIN = [
    *("-p", "pontoon_cli.pytest_plugin", "-p", "no:cacheprovider"),
    *("-W", "ignore::pytest.PytestAssertRewriteWarning"),
]
LOGS = '[tool.pytest.ini_options]\npontoon_logs = ["logs/*.jsonl"]\n'
SCENARIOS = '[tool.pytest.ini_options]\npontoon_scenarios = ["scenarios/*.toml"]\n'


@pytest.fixture(scope="module", autouse=True)
def _the_engine_loaded_once() -> None:
    """The modules the inner runs play with, imported here first. pytester's in-process runs
    unload every module first imported inside them; the next run would import a second copy,
    whose classes (a CasinoDeal) are not the first copy's that other modules hold (CasinoPlayers),
    and a scenario would fail by the order the tests ran in, not by what it plays."""
    import importlib
    import pkgutil

    import pontoon_cli

    for module in pkgutil.walk_packages(pontoon_cli.__path__, "pontoon_cli."):
        if module.name.rpartition(".")[2] != "__main__":
            importlib.import_module(module.name)


@pytest.fixture(autouse=True)
def _only_this_plugin(monkeypatch: pytest.MonkeyPatch) -> None:
    """The inner runs load the plugin by ``-p`` only (an installed copy would load it twice)."""
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")


def _tamper(log: bytes, deals: int = 1) -> bytes:
    """``log`` with the first net of each of its first ``deals`` deals raised by 1, by hand."""
    lines = log.splitlines(keepends=True)
    for i in range(1, deals + 1):
        record = json.loads(lines[i])
        record["net"][next(iter(record["net"]))] += 1
        lines[i] = json.dumps(record, separators=(",", ":")).encode() + b"\n"
    return b"".join(lines)


def _pontoon(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``pontoon ARGS...`` run in ``folder``."""
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    return subprocess.run(
        ["pontoon", *args], cwd=folder, env=env, capture_output=True, text=True, check=False
    )


def _replay_prints(folder: Path, log: str) -> list[str]:
    """What ``pontoon replay LOG`` prints on stdout, run in ``folder``: its divergences."""
    done = _pontoon(folder, "replay", log)
    assert done.returncode == 1, done.stderr
    return done.stdout.splitlines()


def _report(result: pytest.RunResult, head: str) -> list[str]:
    """The lines of the failure section headed ``head`` in the inner run's report."""
    lines = result.outlines
    title = re.compile(rf"_+ {re.escape(head)} _+")
    start = next(i for i, line in enumerate(lines) if title.fullmatch(line))
    end = next(
        i for i, line in enumerate(lines[start + 1 :], start + 1) if re.match(r"^(=+|_+) ", line)
    )
    return lines[start + 1 : end]


# logs --------------------------------------------------------------------------------------------


def test_a_log_that_replays_is_a_passing_item(pytester: pytest.Pytester) -> None:
    pytester.makepyprojecttoml(LOGS)
    (pytester.path / "logs").mkdir()
    (pytester.path / "logs" / "engine.jsonl").write_bytes(play_log(7, deals=5))
    result = pytester.runpytest(*PLUGIN, "-v")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["logs/engine.jsonl::replay PASSED*"])


def test_a_tampered_log_fails_with_what_pontoon_replay_prints(pytester: pytest.Pytester) -> None:
    """A payout changed by hand: the item's report is replay's divergence line, rule ID and all
    (T7), and no Python traceback."""
    pytester.makepyprojecttoml(LOGS)
    (pytester.path / "logs").mkdir()
    (pytester.path / "logs" / "engine.jsonl").write_bytes(_tamper(play_log(7, deals=5)))
    result = pytester.runpytest(*PLUGIN)
    result.assert_outcomes(failed=1)
    report = _report(result, "pontoon replay logs/engine.jsonl")
    assert report == _replay_prints(pytester.path, "logs/engine.jsonl")
    assert re.fullmatch(
        r"logs/engine\.jsonl:2: deal 1: \S+ hand 1: net recorded -?\d+, rules give -?\d+ "
        r"\(T7[.\d]*\); .+",
        report[0],
    )
    assert "Traceback" not in result.stdout.str()
    assert "def runtest" not in result.stdout.str()


def test_a_log_with_many_divergences_shows_the_first_twenty(pytester: pytest.Pytester) -> None:
    pytester.makepyprojecttoml(LOGS)
    (pytester.path / "logs").mkdir()
    (pytester.path / "logs" / "long.jsonl").write_bytes(_tamper(play_log(7, deals=30), deals=25))
    result = pytester.runpytest(*PLUGIN)
    result.assert_outcomes(failed=1)
    report = _report(result, "pontoon replay logs/long.jsonl")
    printed = _replay_prints(pytester.path, "logs/long.jsonl")
    assert len(printed) == 25
    assert report == [*printed[:SHOWN], "and 5 more divergences"]
    assert SHOWN == 20


def test_an_unreadable_log_fails_with_its_one_line_error(pytester: pytest.Pytester) -> None:
    pytester.makepyprojecttoml(LOGS)
    (pytester.path / "logs").mkdir()
    (pytester.path / "logs" / "notes.jsonl").write_text("not a log\n")
    result = pytester.runpytest(*PLUGIN)
    result.assert_outcomes(failed=1)
    report = _report(result, "pontoon replay logs/notes.jsonl")
    assert len(report) == 1
    assert report[0].startswith("logs/notes.jsonl:1: not JSON: ")


def test_logs_outside_the_testpaths_are_collected_unless_paths_are_given(
    pytester: pytest.Pytester,
) -> None:
    pytester.makepyprojecttoml(LOGS + 'testpaths = ["tests"]\n')
    (pytester.path / "logs").mkdir()
    (pytester.path / "logs" / "engine.jsonl").write_bytes(play_log(7, deals=2))
    pytester.mkdir("tests")
    (pytester.path / "tests" / "test_one.py").write_text("def test_one():\n    pass\n")
    pytester.runpytest(*PLUGIN).assert_outcomes(passed=2)
    pytester.runpytest(*PLUGIN, "tests").assert_outcomes(passed=1)
    pytester.runpytest(*PLUGIN, "logs/engine.jsonl::replay").assert_outcomes(passed=1)


@pytest.mark.parametrize(
    ("pattern", "said"),
    [
        ("/abs/*.jsonl", "pontoon_logs: '/abs/*.jsonl' is not a glob relative to the rootdir"),
        (
            "logs/**x",
            "pontoon_logs: 'logs/**x' is not a glob: ** must be a whole part of the path "
            "(logs/**/*.jsonl)",
        ),
    ],
    ids=["absolute", "malformed"],
)
def test_a_glob_that_cannot_be_read_is_a_usage_error(
    pytester: pytest.Pytester, pattern: str, said: str
) -> None:
    """Exit 4 and one line, as pytest says a usage error; never an INTERNALERROR (exit 3)."""
    pytester.makepyprojecttoml(f'[tool.pytest.ini_options]\npontoon_logs = ["{pattern}"]\n')
    result = pytester.runpytest(*PLUGIN)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([f"ERROR: {said}"])
    assert "INTERNALERROR" not in result.stderr.str() + result.stdout.str()


def test_a_glob_that_matches_no_file_is_a_warning_at_its_line_of_the_config(
    pytester: pytest.Pytester,
) -> None:
    pytester.makepyprojecttoml(
        '[tool.pytest.ini_options]\npontoon_logs = [\n    "logs/*.jsonl",\n    "logs/*.gz",\n]\n'
    )
    pytester.makepyfile("def test_one():\n    pass\n")
    (pytester.path / "logs").mkdir()
    (pytester.path / "logs" / "a.jsonl").write_bytes(play_log(7, deals=1))
    result = pytester.runpytest(*PLUGIN)
    result.assert_outcomes(passed=2, warnings=1)
    result.stdout.fnmatch_lines(
        [
            "pyproject.toml:4",
            "  pyproject.toml:4: PytestConfigWarning: pontoon_logs in pyproject.toml: "
            "'logs/*.gz' matches no file under *",
            '    "logs/*.gz",',
        ]
    )
    assert "pytest_plugin.py" not in result.stdout.str()


@pytest.mark.parametrize(
    ("config", "args", "said"),
    [
        (
            "[pytest]\npontoon_scenarios = scenarios/*.toml\n",
            [],
            "  tox.ini:2: PytestConfigWarning: pontoon_scenarios in tox.ini: *",
        ),
        (LOGS, ["-o", "pontoon_logs=other/*.jsonl"], "*: pontoon_logs in -o: 'other/*.jsonl' *"),
    ],
)
def test_the_warning_names_the_file_or_option_that_set_the_glob(
    pytester: pytest.Pytester, config: str, args: list[str], said: str
) -> None:
    if config.startswith("[pytest]"):
        pytester.makeini(config)
    else:
        pytester.makepyprojecttoml(config)
    pytester.makepyfile("def test_one():\n    pass\n")
    result = pytester.runpytest(*PLUGIN, *args)
    result.assert_outcomes(passed=1, warnings=1)
    result.stdout.fnmatch_lines([said])


def test_the_warning_obeys_pytests_filters(pytester: pytest.Pytester) -> None:
    pytester.makepyprojecttoml(
        LOGS + 'filterwarnings = ["ignore:pontoon_logs in:pytest.PytestConfigWarning"]\n'
    )
    pytester.makepyfile("def test_one():\n    pass\n")
    pytester.runpytest(*PLUGIN).assert_outcomes(passed=1, warnings=0)
    result = pytester.runpytest(*PLUGIN, "-W", "error::pytest.PytestConfigWarning")
    assert result.ret != 0
    result.stderr.fnmatch_lines(["*pontoon_logs in pyproject.toml: 'logs/*.jsonl' matches no*"])


# scenarios ---------------------------------------------------------------------------------------


def test_a_scenario_whose_expectations_hold_is_a_passing_item(pytester: pytest.Pytester) -> None:
    pytester.makepyprojecttoml(SCENARIOS)
    (pytester.path / "scenarios").mkdir()
    shutil.copy(ROOT / "scenarios" / "t7-banker-bust.toml", pytester.path / "scenarios")
    result = pytester.runpytest(*PLUGIN, "-v")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["scenarios/t7-banker-bust.toml::scenario PASSED*"])


def test_a_scenario_fails_with_its_unmet_expectations(pytester: pytest.Pytester) -> None:
    """The five card trick of tests/readme/wrong.toml is no pontoon (T2.2) and bob's net is not
    what it expects: the report is what ``pontoon play`` prints, each expectation's file:line,
    deal, key, what was expected and what happened."""
    pytester.makepyprojecttoml(SCENARIOS)
    (pytester.path / "scenarios").mkdir()
    shutil.copy(ROOT / "tests" / "readme" / "wrong.toml", pytester.path / "scenarios")
    result = pytester.runpytest(*PLUGIN)
    result.assert_outcomes(failed=1)
    report = _report(result, "pontoon play scenarios/wrong.toml")
    play = _pontoon(pytester.path, "play", "scenarios/wrong.toml")
    assert (play.returncode, report) == (1, play.stderr.splitlines())
    assert report[2].split() == ["scenarios/wrong.toml:16", "deal", "1", "net.bob", "-6", "-7"]
    assert "Traceback" not in result.stdout.str()


def test_an_unreadable_scenario_fails_with_its_problems(pytester: pytest.Pytester) -> None:
    pytester.makepyprojecttoml(SCENARIOS)
    (pytester.path / "scenarios").mkdir()
    shutil.copy(ROOT / "tests" / "readme" / "bad.toml", pytester.path / "scenarios")
    result = pytester.runpytest(*PLUGIN)
    result.assert_outcomes(failed=1)
    report = _report(result, "pontoon play scenarios/bad.toml")
    problem = "scenarios/bad.toml:3: strategi: unknown key 'strategi'; did you mean 'strategy'?"
    assert problem in report
    assert any(line.startswith("scenarios/bad.toml:14: ") and "(T5.3)" in line for line in report)
    assert "Traceback" not in result.stdout.str()


# the fixture -------------------------------------------------------------------------------------


def test_the_fixture_gives_the_api(pytester: pytest.Pytester) -> None:
    (pytester.path / "game.jsonl").write_bytes(play_log(7, deals=3))
    (pytester.path / "edited.jsonl").write_bytes(_tamper(play_log(7, deals=3)))
    shutil.copy(ROOT / "scenarios" / "t7-banker-bust.toml", pytester.path)
    pytester.makepyfile(
        """
        def test_verify(pontoon):
            assert list(pontoon.verify("game.jsonl")) == []
            assert len(list(pontoon.verify("edited.jsonl"))) == 1

        def test_play(pontoon):
            records = list(pontoon.play(scenario="t7-banker-bust.toml"))
            assert records[0]["type"] == "header"
            assert [r["deal"] for r in records[1:]] == list(range(1, len(records)))
            seeded = list(pontoon.play("casino", seed=7, deals=2))
            assert seeded[0]["rules"]["preset"] == "casino"
            assert len(seeded) == 3

        def test_good(pontoon):
            pontoon.assert_replays("game.jsonl")

        def test_edited(pontoon):
            pontoon.assert_replays("edited.jsonl")

        def test_wrong(pontoon):
            pontoon.settlement("wrong.toml")
        """
    )
    shutil.copy(ROOT / "tests" / "readme" / "wrong.toml", pytester.path)
    result = pytester.runpytest(*PLUGIN)
    result.assert_outcomes(passed=3, failed=2)
    assert _report(result, "test_edited") == _replay_prints(pytester.path, "edited.jsonl")
    play = _pontoon(pytester.path, "play", "wrong.toml")
    assert _report(result, "test_wrong") == play.stderr.splitlines()
    assert "Traceback" not in result.stdout.str()


def test_the_fixture_is_the_whole_api_where_it_shadows_the_module(
    pytester: pytest.Pytester,
) -> None:
    """A test module written as the README's ``import pontoon_cli as pontoon``: inside a test
    that takes the fixture, ``pontoon`` is the fixture, and the module's names are all there."""
    (pytester.path / "game.jsonl").write_bytes(play_log(7, deals=3))
    pytester.makepyfile(
        """
        import pontoon_cli as pontoon
        from pontoon_cli import PontoonFixture

        def test_names(pontoon: PontoonFixture, tmp_path, monkeypatch):
            import pontoon_cli

            assert isinstance(pontoon, PontoonFixture)
            for name in set(pontoon_cli.__all__) - {"play", "verify", "read_log"}:
                assert getattr(pontoon, name) is getattr(pontoon_cli, name), name
            assert set(pontoon_cli.__all__) <= set(dir(pontoon))
            assert pontoon.Rules is pontoon_cli.Rules
            assert pontoon.simulate("casino", players=1, rounds=200, seed=3)["rounds_played"] == 200
            monkeypatch.chdir(tmp_path)  # a relative path is still the rootdir's
            assert len(pontoon.read_log("game.jsonl")) == 4
            assert list(pontoon.verify("game.jsonl")) == []

        def test_unknown(pontoon):
            pontoon.Deal

        def test_module_outside():
            assert pontoon.read_log is not None and pontoon.__name__ == "pontoon_cli"
        """
    )
    result = pytester.runpytest(*PLUGIN)
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines(
        [
            "E * AttributeError: the pontoon fixture has no attribute 'Deal': it has "
            "pontoon_cli's public names, path, assert_replays and settlement"
        ]
    )


def test_a_settlement_is_plain_data_a_snapshot_pins(pytester: pytest.Pytester) -> None:
    shutil.copy(ROOT / "scenarios" / "t7-banker-bust.toml", pytester.path / "bust.toml")
    pytester.makepyfile(
        test_settle="""
        import json

        def test_settlement(pontoon, snapshot):
            settled = pontoon.settlement("bust.toml")
            assert json.loads(json.dumps(settled)) == settled
            assert settled == snapshot
        """
    )
    plugins = [*PLUGIN, "-p", "syrupy"]
    pytester.runpytest(*plugins, "--snapshot-update").assert_outcomes(passed=1)
    (snapshot_file,) = (pytester.path / "__snapshots__").glob("*.ambr")
    pytester.runpytest(*plugins).assert_outcomes(passed=1)
    pinned = snapshot_file.read_text()
    assert "'net':" in pinned and "'balance':" in pinned and "'rule': 'T7'" in pinned
    snapshot_file.write_text(pinned.replace("'rule': 'T7'", "'rule': 'T7.1'", 1))
    pytester.runpytest(*plugins).assert_outcomes(failed=1)


def test_a_settlement_holds_each_deal_and_hand() -> None:
    """t7-banker-bust.toml: the banker busts and pays every standing hand (T7)."""
    from pontoon_cli.pytest_plugin import PontoonFixture

    settled = PontoonFixture(ROOT).settlement("scenarios/t7-banker-bust.toml")
    deal = settled["deals"][0]
    assert set(deal) >= {"deal", "banker", "net", "balance", "hands", "banker_hand"}
    assert deal["banker_hand"]["class"] == "bust"
    assert {hand["rule"] for hand in deal["hands"]} <= {"T7", "T5.6"}
    assert set(deal["hands"][0]) == {"player", "hand", "class", "total", "net", "rule"}
    assert sum(deal["net"].values()) == 0


# packaging ---------------------------------------------------------------------------------------


def test_pytest_loads_the_plugin_by_its_entry_point(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The ``pytest11`` entry point pyproject.toml declares, seen as an installed package's."""
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"]
    assert declared["pytest11"] == {"pontoon": "pontoon_cli.pytest_plugin"}
    monkeypatch.delenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD")
    site = pytester.mkdir("site")
    dist = site / "pontoon_probe-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: pontoon-probe\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[pytest11]\npontoon = pontoon_cli.pytest_plugin\n")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(site), *sys.path]))
    pytester.makepyfile("def test_fixture(pontoon):\n    assert pontoon.verify\n")
    pytester.runpytest_subprocess("-p", "no:cacheprovider").assert_outcomes(passed=1)


def test_the_plugin_is_not_compiled() -> None:
    assert "pytest_plugin" in _build.NOT_COMPILED
    assert "pytest_plugin" not in _build.compiled_modules(str(ROOT / "pontoon_cli"))


def test_the_package_never_imports_pytest() -> None:
    """Every module of the package but the plugin, and the API, imported: pytest is not."""
    code = """
import importlib, pkgutil, sys
import pontoon_cli
pontoon_cli.verify, pontoon_cli.play
for module in pkgutil.walk_packages(pontoon_cli.__path__, "pontoon_cli."):
    if module.name not in ("pontoon_cli.__main__", "pontoon_cli.pytest_plugin"):
        importlib.import_module(module.name)
print(sorted(name for name in sys.modules if name.split(".")[0] in ("pytest", "_pytest")))
"""
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    assert done.stdout == "[]\n"


def test_the_docs_configuration_runs_and_warns_of_nothing(pytester: pytest.Pytester) -> None:
    """The docs' pyproject.toml example (docs/examples/, included by the verify how-to), as
    written, in a project with a folder of logs and no scenarios: each log is an item, and no
    glob is left matching nothing."""
    pytester.makepyprojecttoml((ROOT / "docs" / "examples" / "pytest-pyproject.toml").read_text())
    pytester.mkdir("logs")
    (pytester.path / "logs" / "engine.jsonl").write_bytes(play_log(7, deals=2))
    (pytester.path / "logs" / "old.jsonl").write_bytes(_tamper(play_log(8, 2)))
    result = pytester.runpytest(*PLUGIN, "-v")
    result.assert_outcomes(passed=1, failed=1, warnings=0)
    result.stdout.fnmatch_lines(
        ["logs/engine.jsonl::replay PASSED*", "logs/old.jsonl::replay FAILED*"]
    )
    assert _report(result, "pontoon replay logs/old.jsonl")[0].startswith(
        "logs/old.jsonl:2: deal 1: "
    )


def test_the_readme_shows_the_docs_configuration() -> None:
    """README.md's pytest configuration is the docs' example file, word for word."""
    readme = (ROOT / "README.md").read_text()
    example = (ROOT / "docs" / "examples" / "pytest-pyproject.toml").read_text()
    assert f"```toml\n{example}```" in readme


def test_coverage_fail_under_reports_the_rules_and_fails_the_session(
    pytester: pytest.Pytester,
) -> None:
    """``pontoon_coverage_fail_under``: the logs' rule coverage in the terminal summary, as
    ``replay --coverage`` prints it; under the percentage the session fails (exit 1) though
    every log replays, naming the rules never exercised."""
    pytester.makepyprojecttoml(LOGS + "pontoon_coverage_fail_under = 100\n")
    (pytester.path / "logs").mkdir()
    (pytester.path / "logs" / "engine.jsonl").write_bytes(play_log(7, deals=5))
    result = pytester.runpytest(*PLUGIN)
    result.assert_outcomes(passed=1)
    assert result.ret == 1
    result.stdout.fnmatch_lines(
        [
            "*pontoon rule coverage*",
            "T4.2 *Starting from the banker's left* 5 *0",
            "coverage: * of * rules exercised (*%)",
            "pontoon replay: coverage *% is under pontoon_coverage_fail_under 100%: never "
            "exercised: *T8.5*",
        ]
    )


def test_coverage_fail_under_met_passes_and_a_bad_value_is_a_usage_error(
    pytester: pytest.Pytester,
) -> None:
    (pytester.path / "logs").mkdir()
    (pytester.path / "logs" / "engine.jsonl").write_bytes(play_log(7, deals=5))
    pytester.makepyprojecttoml(LOGS + "pontoon_coverage_fail_under = 10\n")
    result = pytester.runpytest(*PLUGIN)
    assert result.ret == 0
    result.stdout.fnmatch_lines(["coverage: * of * rules exercised (*%)"])
    pytester.makepyprojecttoml(LOGS + 'pontoon_coverage_fail_under = "most"\n')
    result = pytester.runpytest(*PLUGIN)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*pontoon_coverage_fail_under: 'most' is not a percentage*"])
