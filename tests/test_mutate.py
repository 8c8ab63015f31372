"""tools/mutate.py, the mutation run behind `make mutation`: it finds the mutants that matter.

Only its pure parts run here (finding and applying mutants); running them takes minutes and is
not part of the suite.
"""

from __future__ import annotations

import ast
import importlib.util
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("mutate", ROOT / "tools" / "mutate.py")
assert _spec is not None and _spec.loader is not None
mutate = importlib.util.module_from_spec(_spec)
sys.modules["mutate"] = mutate
_spec.loader.exec_module(mutate)

HANDS = Path("pontoon_cli/hands.py")


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


def test_lines_marked_equivalent_are_skipped_and_counted() -> None:
    mutants, marked = mutate.find_mutants(HANDS)
    line = _line_of(HANDS, "BUST = 0")
    assert "mutant-equivalent:" in (ROOT / HANDS).read_text().splitlines()[line - 1]
    assert marked >= 2
    assert all(m.line != line for m in mutants)


def test_rule_ids_in_strings_are_mutated() -> None:
    mutants, _ = mutate.find_mutants(Path("pontoon_cli/settle.py"))
    assert ('"T7.1"', "'T7'") in {(m.before, m.after) for m in mutants}


def test_modules_and_their_tests() -> None:
    path, tests = mutate._module("hands")
    assert path == HANDS and "tests/test_hands.py" in tests
    path, tests = mutate._module("pontoon_cli/replay.py=tests/test_replay.py,tests/nothing.py")
    assert (path, tests) == (Path("pontoon_cli/replay.py"), ["tests/test_replay.py"])


def test_a_quoted_mutation_marks_only_that_mutant() -> None:
    engine = Path("pontoon_cli/deal.py")
    mutants, _ = mutate.find_mutants(engine)
    line = _line_of(engine, "self._give(p, 1, self.hands[p][0], False)")
    above = (ROOT / engine).read_text().splitlines()[line - 2]
    assert "mutant-equivalent: '0' -> '(-1)'" in above
    on_line = {(m.before, m.after) for m in mutants if m.line == line}
    assert ("0", "(-1)") not in on_line
    assert {("0", "1"), ("1", "0"), ("False", "True")} <= on_line


def test_unreachable_blocks_and_several_quoted_mutations_are_skipped() -> None:
    engine = Path("pontoon_cli/deal_state.py")
    mutants, _ = mutate.find_mutants(engine)
    condition = _line_of(engine, "if len(h.cards) >= 5:  # pragma: no cover")
    on_line = {(m.before, m.after) for m in mutants if m.line == condition}
    # the two stricter mutants are marked equivalent; the looser ones stay (they are killed)
    assert on_line == {("len(h.cards) >= 5", "(len(h.cards) < 5)"), ("5", "4")}
    assert not [m for m in mutants if m.line == condition + 1]  # the block never runs


def test_a_module_replay_is_split_into_gets_replays_tests(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "pontoon_cli").mkdir()
    (tmp_path / "pontoon_cli" / "replay_cut.py").write_text("X = 1\n")
    (tmp_path / "tests").mkdir()
    for name in ("test_replay.py", "test_log.py"):
        (tmp_path / "tests" / name).write_text("")
    monkeypatch.setattr(mutate, "ROOT", tmp_path)
    path, tests = mutate._module("replay_cut")
    assert path == Path("pontoon_cli/replay_cut.py")
    assert tests == ["tests/test_replay.py", "tests/test_log.py"]


def _read_from_the_project(text: str) -> set[str]:
    """The top-level names a test file reads from the project: ``ROOT / "tools"``,
    ``ROOT.glob("scenarios/*")``, ``parent.parent / "bench"``..."""
    pattern = r'(?:ROOT|parent\.parent)\s*(?:/\s*|\.r?glob\()"([^"/*]+)'
    return set(re.findall(pattern, text))


def test_the_private_copy_holds_everything_the_tests_read(tmp_path: Path) -> None:
    """Tests that load a script from tools/ (the casino reference simulation, the odds table) or
    bench/ run in the copy: the modules their tests cover (kitty, casino_log, strategy_casino...)
    can be mutated."""
    read: set[str] = set()
    for test in sorted((ROOT / "tests").glob("*.py")):
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
        ("settle", "tests/test_casino.py"),  # settle_casino: C2, C5, C10, C11
        ("kitty", "tests/test_shoot.py"),
        ("shoot_replay", "tests/test_shoot_replay.py"),
        ("casino_log", "tests/test_casino_replay.py"),
        ("casino_players", "tests/test_casino_rules.py"),
        ("casino_replay", "tests/test_casino_replay_tamper.py"),
        ("strategy_casino", "tests/test_casino_basic.py"),
        ("deal_base", "tests/test_casino_rules.py"),  # the stakes and turns of both games
        ("players_base", "tests/test_base.py"),
    ],
)
def test_each_module_runs_its_own_family_of_tests(module: str, test: str) -> None:
    """Not the whole suite (minutes a mutant) and not a subset that misses the module's rules."""
    _, tests = mutate._module(module)
    assert test in tests
    assert "tests" not in tests
