"""tools/mutate.py, the mutation run behind `make mutation`: it finds the mutants that matter.

Only its pure parts run here (finding and applying mutants); running them takes minutes and is
not part of the suite.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from support.modules import load

ROOT = Path(__file__).resolve().parents[2]
mutate = load("mutate", ROOT / "tools" / "mutate.py")

HANDS = Path("pontoon_cli/core/hands.py")


def _line_of(path: Path, text: str) -> int:
    lines = (ROOT / path).read_text().splitlines()
    return next(n for n, line in enumerate(lines, 1) if text in line)


def test_it_finds_the_ace_rule_mutants_of_issue_7() -> None:
    mutants, _ = mutate.find_mutants(HANDS)
    line = _line_of(HANDS, "return low + 10 if has_ace and low <= 11 else low")
    found = {(m.before, m.after) for m in mutants if m.line == line}
    assert ("11", "12") in found  # best_total's `low <= 11` -> `low <= 12`
    assert ("low <= 11", "(low < 11)") in found
    assert ("has_ace and low <= 11", "(has_ace or low <= 11)") in found


def test_every_mutant_is_valid_python_that_differs_from_the_source() -> None:
    source = (ROOT / HANDS).read_text()
    mutants, _ = mutate.find_mutants(HANDS)
    assert len(mutants) > 40
    for mutant in mutants:
        changed = mutant.apply(source)
        assert changed != source
        ast.parse(changed)
        assert mutant.describe().startswith(f"{HANDS}:{mutant.line}: ")


def test_lines_listed_as_equivalent_are_skipped_and_counted() -> None:
    mutants, marked = mutate.find_mutants(HANDS)
    line = _line_of(HANDS, "BUST = 0")
    assert any(e.module == str(HANDS) and e.source == "BUST = 0" for e in EQUIVALENTS)
    assert marked >= 2
    assert all(m.line != line for m in mutants)


EQUIVALENTS = mutate.read_equivalents()


def test_the_tool_reads_the_equivalent_mutants_file() -> None:
    """tools/equivalent-mutants.toml, keyed by a line's code: every entry names a module, the
    line, the mutations (or none: all of the line's) and why."""
    assert Path("tools/equivalent-mutants.toml") == mutate.EQUIVALENTS
    deal_state = next(e for e in EQUIVALENTS if e.source == "if h.low >= 21:")
    assert deal_state == mutate.Equivalent(
        "pontoon_cli/traditional/legality.py",
        "if h.low >= 21:",
        frozenset({"'h.low >= 21' -> '(h.low > 21)'", "'21' -> '22'"}),
        "a stricter test of a hand that never gets here (a hard 21 is finished, T5.8)",
    )
    assert all(e.reason and (ROOT / e.module).is_file() for e in EQUIVALENTS)


def test_every_listed_line_is_still_in_its_module() -> None:
    """An entry whose line changed would silently stop skipping its mutant: update the file."""
    modules = sorted({e.module for e in EQUIVALENTS})
    assert [e for m in modules for e in mutate.stale_equivalents(Path(m), EQUIVALENTS)] == []


def test_the_production_code_holds_no_equivalence_notes() -> None:
    marker = "mutant" + "-equivalent"
    assert [
        p.name for p in sorted((ROOT / "pontoon_cli").glob("*.py")) if marker in p.read_text()
    ] == []


def _module_at(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, source: str) -> Path:
    (tmp_path / "pontoon_cli").mkdir()
    (tmp_path / "pontoon_cli" / "m.py").write_text(source)
    monkeypatch.setattr(mutate, "ROOT", tmp_path)
    return Path("pontoon_cli/m.py")


def test_a_listed_mutant_is_skipped_and_the_others_of_its_line_stay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _module_at(tmp_path, monkeypatch, "X = 5  # a note\nY = 5\nX = 5\nZ = 5\n")
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "equivalent-mutants.toml").write_text(
        '[[mutant]]\nmodule = "pontoon_cli/m.py"\nsource = "X = 5"\n'
        "mutations = [\"'5' -> '6'\"]\nreason = \"only the order counts\"\n"
        '[[mutant]]\nmodule = "pontoon_cli/m.py"\nsource = "Z = 5"\nabove = "X = 5"\n'
        'reason = "never read"\n'
    )
    mutants, marked = mutate.find_mutants(path)
    # both lines `X = 5` lose their 5 -> 6 (the entry is keyed by the code, not the line number),
    # keep their 5 -> 4; `Z = 5` below an `X = 5` loses every mutant; `Y = 5` keeps both
    assert sorted((m.line, m.after) for m in mutants) == [(1, "4"), (2, "4"), (2, "6"), (3, "4")]
    assert marked == 4


def test_an_entry_whose_line_is_gone_is_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _module_at(tmp_path, monkeypatch, "X = 5\n")
    gone = mutate.Equivalent(str(path), "X = 6", None, "why")
    kept = mutate.Equivalent(str(path), "X = 5", None, "why")
    assert mutate.stale_equivalents(path, [gone, kept]) == [gone]
    assert mutate.find_mutants(path, [gone]) == (
        [
            mutate.Mutant(path, 1, (1, 4), (1, 5), "5", "4"),
            mutate.Mutant(path, 1, (1, 4), (1, 5), "5", "6"),
        ],
        0,
    )
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "equivalent-mutants.toml").write_text(
        '[[mutant]]\nmodule = "pontoon_cli/m.py"\nsource = "X = 6"\nreason = "why"\n'
    )
    assert mutate.main(["pontoon_cli/m.py=tests/none.py", "--list"]) == 0
    err = capsys.readouterr().err
    assert err == (
        "mutate: tools/equivalent-mutants.toml: no line 'X = 6' in pontoon_cli/m.py any more "
        "(update or remove the entry)\n"
    )


def test_rule_ids_in_strings_are_mutated() -> None:
    mutants, _ = mutate.find_mutants(Path("pontoon_cli/core/settle.py"))
    assert ('"T7.1"', "'T7'") in {(m.before, m.after) for m in mutants}


def test_modules_and_their_tests() -> None:
    path, tests = mutate._module("core.hands")
    assert path == HANDS and "tests/core/test_hands.py" in tests
    spec = "pontoon_cli/replay/run.py=tests/replay/test_replay.py,tests/nothing.py"
    path, tests = mutate._module(spec)
    assert (path, tests) == (Path("pontoon_cli/replay/run.py"), ["tests/replay/test_replay.py"])


def test_a_quoted_mutation_marks_only_that_mutant() -> None:
    engine = Path("pontoon_cli/traditional/deal.py")
    mutants, _ = mutate.find_mutants(engine)
    line = _line_of(engine, "self._give(p, 1, rows[at][0], False)")
    (entry,) = [e for e in EQUIVALENTS if e.source == "self._give(p, 1, rows[at][0], False)"]
    assert entry.mutations == {"'0' -> '(-1)'"}
    on_line = {(m.before, m.after) for m in mutants if m.line == line}
    assert ("0", "(-1)") not in on_line
    assert {("0", "1"), ("1", "0"), ("False", "True")} <= on_line


def test_unreachable_blocks_and_several_quoted_mutations_are_skipped() -> None:
    engine = Path("pontoon_cli/traditional/legality.py")
    mutants, _ = mutate.find_mutants(engine)
    condition = _line_of(engine, "if len(h.cards) >= 5:  # pragma: no cover")
    on_line = {(m.before, m.after) for m in mutants if m.line == condition}
    # the two stricter mutants are marked equivalent; the looser ones stay (they are killed)
    assert on_line == {("len(h.cards) >= 5", "(len(h.cards) < 5)"), ("5", "4")}
    assert not [m for m in mutants if m.line == condition + 1]  # the block never runs


def test_a_module_of_the_replay_package_gets_replays_tests(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "pontoon_cli" / "replay").mkdir(parents=True)
    (tmp_path / "pontoon_cli" / "replay" / "cut.py").write_text("X = 1\n")
    for name in ("replay/test_replay.py", "log/test_log.py"):
        (tmp_path / "tests" / name).parent.mkdir(parents=True)
        (tmp_path / "tests" / name).write_text("")
    monkeypatch.setattr(mutate, "ROOT", tmp_path)
    path, tests = mutate._module("replay.cut")
    assert path == Path("pontoon_cli/replay/cut.py")
    assert tests == ["tests/replay/test_replay.py", "tests/log/test_log.py"]


def _read_from_the_project(text: str) -> set[str]:
    """The top-level names a test file reads from the project: ``ROOT / "tools"``,
    ``ROOT.glob("scenarios/*")``, ``parents[2] / "bench"``..."""
    pattern = r'(?:ROOT|parents\[2\])\s*(?:/\s*|\.r?glob\()"([^"/*]+)'
    return set(re.findall(pattern, text))


def test_the_private_copy_holds_everything_the_tests_read(tmp_path: Path) -> None:
    """Tests that load a script from tools/ (the casino reference simulation, the odds table) or
    bench/ run in the copy: the modules their tests cover (shoot.kitty, casino.record,
    solver.casino...) can be mutated."""
    read: set[str] = set()
    for test in sorted((ROOT / "tests").rglob("*.py")):
        read |= _read_from_the_project(test.read_text())
    assert {"tools", "bench", "scenarios", "pontoon_cli"} <= read
    mutate._copy_project(tmp_path)
    missing = sorted(
        name for name in read if (ROOT / name).exists() and not (tmp_path / name).exists()
    )
    assert missing == []
    assert (tmp_path / "tools" / "casino_reference_sim.py").is_file()
    assert not list((tmp_path / "pontoon_cli").glob("*.so"))  # a mutant runs as Python


@pytest.mark.parametrize(
    ("module", "test"),
    [
        ("core.settle", "tests/casino/test_casino.py"),  # settle_casino: C2, C5, C10, C11
        ("shoot.kitty", "tests/shoot/test_shoot.py"),
        ("shoot.replay", "tests/shoot/test_shoot_replay.py"),
        ("casino.record", "tests/casino/test_casino_replay.py"),
        ("casino.players", "tests/casino/test_casino_rules.py"),
        ("casino.replay", "tests/casino/test_casino_replay_tamper.py"),
        ("solver.casino", "tests/casino/test_casino_basic.py"),
        ("base.deal", "tests/casino/test_casino_rules.py"),  # the stakes and turns of both games
        ("base.players", "tests/base/test_base.py"),
    ],
)
def test_each_module_runs_its_own_family_of_tests(module: str, test: str) -> None:
    """Not the whole suite (minutes a mutant) and not a subset that misses the module's rules."""
    _, tests = mutate._module(module)
    assert test in tests
    assert "tests" not in tests
