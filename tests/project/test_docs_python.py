"""Every Python example in README.md and the pages under docs/ runs as pasted, in both builds.

A page's ``pycon`` blocks are one doctest session, run from the page's own text in page order
(as a reader pastes them into one ``python``): a name a block uses is one an earlier block of the
page defined, and every output must be what the page shows. Each ``python`` block runs as a
script, in a fresh namespace. Both run in a fresh folder that holds nothing but the files the
page itself shows whole (``{literalinclude}``), so no block leans on setup the reader cannot see.
A block that is a fragment on purpose (a sketch whose names stand for the reader's own code) is
preceded by the line ``<!-- not run: REASON -->``; such blocks are few, and each says why.

A failure names the page, the line of the block's example and the error: the doctest report
(``File "README.md", line 133``) or ``docs/how-to/x.md:70: NameError: ...`` for a script.
"""

from __future__ import annotations

import doctest
import re
import shutil
import traceback
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: The pages whose Python runs: README.md, then every page of the site.
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
NOT_RUN = re.compile(r"^<!-- not run: (?P<reason>\S.*\S) -->$")
FENCE = re.compile(r"^```(?P<kind>pycon|python|py)\s*$")
INCLUDE = re.compile(r"^```\{literalinclude\}\s+(?P<path>\S+)")


@dataclass
class Block:
    """One fenced Python block: its kind, the line of its first body line (1-based), its body
    and, for a fragment on purpose, why it is not run."""

    kind: str
    line: int
    body: str
    not_run: str | None


def blocks(page: Path) -> list[Block]:
    """Every ``pycon`` and ``python`` block of ``page``, in order."""
    lines = page.read_text(encoding="utf-8").splitlines(keepends=True)
    found, i = [], 0
    while i < len(lines):
        fence = FENCE.match(lines[i].strip())
        if fence is None:
            i += 1
            continue
        marker = NOT_RUN.match(lines[i - 1].strip()) if i else None
        start = i + 1
        i = start
        while lines[i].strip() != "```":
            i += 1
        kind = "pycon" if fence["kind"] == "pycon" else "python"
        reason = marker["reason"] if marker else None
        found.append(Block(kind, start + 1, "".join(lines[start:i]), reason))
        i += 1
    return found


def shown_files(page: Path) -> list[Path]:
    """The files ``page`` shows whole (``{literalinclude}``): a reader has them."""
    text = page.read_text(encoding="utf-8")
    return [
        (page.parent / m["path"]).resolve()
        for m in map(INCLUDE.match, text.splitlines())
        if m is not None
    ]


def _name(page: Path) -> str:
    return str(page.relative_to(ROOT))


#: The pages with Python blocks, each with its blocks.
PYTHON_PAGES = [(page, found) for page in PAGES if (found := blocks(page))]
#: The pages with a block that runs.
RUN_PAGES = [(p, found) for p, found in PYTHON_PAGES if any(not b.not_run for b in found)]


def _run_session(page: Path, block: Block, globs: dict[str, object]) -> str | None:
    """A ``pycon`` block as the next part of the page's doctest session; its report, if it
    failed. The examples keep their lines in the page, so the report names them."""
    parser = doctest.DocTestParser()
    examples = parser.get_examples(block.body, _name(page))
    for example in examples:
        example.lineno += block.line - 1  # 0-based in the page: the report adds one
    test = doctest.DocTest(examples, globs, _name(page), _name(page), 0, None)
    report: list[str] = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test, out=report.append, clear_globs=False)
    return "".join(report) if runner.failures else None


def _run_script(page: Path, block: Block) -> str | None:
    """A ``python`` block as a script in a fresh namespace; ``PAGE:LINE: ERROR``, if it failed,
    the line being the page's."""
    name = _name(page)
    source = "\n" * (block.line - 1) + block.body  # so the traceback's lines are the page's
    try:
        exec(compile(source, name, "exec"), {"__name__": "__main__"})
    except Exception as err:  # any error is the example's failure, reported
        lines = [f.lineno for f in traceback.extract_tb(err.__traceback__) if f.filename == name]
        where = lines[-1] if lines else block.line
        return f"{name}:{where}: {type(err).__name__}: {err}"
    return None


@pytest.mark.parametrize(("page", "found"), RUN_PAGES, ids=[_name(page) for page, _ in RUN_PAGES])
def test_the_pages_python_runs_as_pasted(
    page: Path, found: list[Block], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for shown in shown_files(page):
        shutil.copy(shown, tmp_path / shown.name)
    monkeypatch.chdir(tmp_path)
    session: dict[str, object] = {"__name__": "__main__"}
    failures = []
    for block in found:
        if block.not_run is not None:
            continue
        if block.kind == "pycon":
            failed = _run_session(page, block, session)
        else:
            failed = _run_script(page, block)
        if failed is not None:
            failures.append(failed)
    assert not failures, "\n".join(failures)


def test_the_examples_are_found_and_few_are_not_run() -> None:
    """The finder sees the README's example and the docs', so a change to how blocks are fenced
    cannot leave them unrun; a fragment not run is rare and says why."""
    found = [(page, block) for page, page_blocks in PYTHON_PAGES for block in page_blocks]
    names = {_name(page) for page, _ in found}
    assert {"README.md", "docs/reference/api.md", "docs/how-to/verify.md"} <= names
    assert sum(block.kind == "pycon" for _, block in found) >= 4
    not_run = [block for _, block in found if block.not_run is not None]
    assert len(not_run) <= max(2, len(found) // 5)
    assert all(len(block.not_run or "") >= 20 for block in not_run)


def test_a_not_run_marker_is_right_before_a_python_block() -> None:
    """A marker anywhere else (a typo in the fence, a blank line between) would mark nothing."""
    for page in PAGES:
        lines = page.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines, 1):
            if line.startswith("<!-- not run"):
                assert NOT_RUN.match(line), f"{_name(page)}:{number}: <!-- not run: REASON -->"
                after = lines[number] if number < len(lines) else ""
                assert FENCE.match(after.strip()), f"{_name(page)}:{number}: not before a block"


def test_a_failure_names_the_page_the_line_and_the_error(tmp_path: Path) -> None:
    page = ROOT / "docs" / "example.md"  # never written: the runners read the block given
    script = Block("python", 40, "x = 1\nprint(pontoon_json(x))\n", None)
    assert _run_script(page, script) == (
        "docs/example.md:41: NameError: name 'pontoon_json' is not defined"
    )
    session = Block("pycon", 10, ">>> 1 + 1\n2\n>>> pontoon_json\n'x'\n", None)
    report = _run_session(page, session, {})
    assert report is not None
    assert 'File "docs/example.md", line 12' in report
    assert "NameError: name 'pontoon_json' is not defined" in report
