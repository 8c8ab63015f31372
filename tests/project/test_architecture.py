"""The package's layers are checked, not described: ``make lint`` runs ``lint-imports`` with the
contracts in pyproject.toml ([tool.importlinter]). Here a copy of the tree with one deliberately
wrong import must fail them, naming the import, and the tree as it is must keep them."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: How many contracts pyproject.toml states: every one must be kept.
CONTRACTS = len(
    tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
)
LINT = Path(sys.executable).with_name("lint-imports")

pytestmark = pytest.mark.skipif(not LINT.exists(), reason="import-linter is a test extra")


def _lint(tree: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(tree)
    return subprocess.run(
        [str(LINT), str(tree / "pyproject.toml"), "--no-cache"],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def _copy(tmp_path: Path) -> Path:
    shutil.copytree(
        ROOT / "pontoon_cli",
        tmp_path / "pontoon_cli",
        ignore=shutil.ignore_patterns("__pycache__", "*.so", "_build_record.txt"),
    )
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def test_the_tree_keeps_its_contracts(tmp_path: Path) -> None:
    run = _lint(_copy(tmp_path))
    assert run.returncode == 0, run.stdout + run.stderr
    assert f"Contracts: {CONTRACTS} kept, 0 broken." in run.stdout
    assert "ignored" not in run.stdout  # no import let through as an exception


@pytest.mark.parametrize(
    ("module", "wrong", "broken"),
    [
        # the core of the rules reaching up to the command line
        ("core/cards.py", "pontoon_cli.cli.app", "pontoon_cli.core is not allowed to import"),
        # the engine reading logs
        ("base/deal.py", "pontoon_cli.log.reader", "pontoon_cli.base is not allowed to import"),
        # one game leaning on another
        (
            "casino/deal.py",
            "pontoon_cli.traditional.deal",
            "pontoon_cli.casino is not allowed",
        ),
        # a module reaching up to the package's face (the version is the leaf _version)
        ("log/writer.py", "pontoon_cli", "pontoon_cli.log.writer is not allowed to import"),
    ],
)
def test_a_wrong_import_in_a_copy_of_the_tree_breaks_a_contract(
    tmp_path: Path, module: str, wrong: str, broken: str
) -> None:
    tree = _copy(tmp_path)
    with (tree / "pontoon_cli" / module).open("a", encoding="utf-8") as f:
        f.write(f"\nimport {wrong}  # deliberately wrong\n")
    run = _lint(tree)
    assert run.returncode == 1
    assert f"Contracts: {CONTRACTS} kept" not in run.stdout
    assert broken in run.stdout and wrong in run.stdout


def test_no_module_imports_one_that_imports_it_back() -> None:
    """No import cycle, not even through an import inside a function (the finite shoe's report
    stands apart from the calculations it reports for this)."""
    grimp = pytest.importorskip("grimp")
    # the package's public names are imported lazily; its TYPE_CHECKING block only names them
    # for type checkers (as the import contracts read it)
    graph = grimp.build_graph("pontoon_cli", exclude_type_checking_imports=True, cache_dir=None)
    cycles = sorted(
        (module, imported)
        for module in graph.modules
        for imported in graph.find_modules_directly_imported_by(module)
        if graph.chain_exists(importer=imported, imported=module)
    )
    assert cycles == []
