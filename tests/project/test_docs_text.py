"""What the documentation says, checked as text: the command reference is the commands' own help,
and the product tells what it does now, with no ticket numbers and no dated journal.
"""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType

import pytest
from support.modules import load

ROOT = Path(__file__).resolve().parents[2]

#: A ticket reference: "issue N", "issues #N", or "#N" standing alone (not an HTML entity, not an
#: anchor "page#N", not a colour "#1f77b4").
TICKET = re.compile(r"\b[Ii]ssues? (?:#|no\.? ?|number )?\d+\b|(?<![\w&/#])#\d{1,4}\b(?![\w-])")
#: A date in a page: the mark of a journal entry ("2026-11-30: ...").
DATE = re.compile(r"\b20\d\d-[01]\d-[0-3]\d\b")
TEXT_SUFFIXES = {".md", ".py", ".toml", ".json", ".txt", ".jsonl", ""}


def _command_reference() -> ModuleType:
    return load("command_reference", ROOT / "tools" / "command_reference.py")


def test_the_command_reference_is_what_the_commands_help_prints() -> None:
    reference = _command_reference()
    committed = reference.PAGE.read_text(encoding="utf-8")
    assert committed == reference.render(), "docs/reference/commands.md is stale: make commands"
    for name in ("play", "replay", "simulate", "strategy", "schema"):
        assert f"## `pontoon {name}`\n\n```text\nUsage: pontoon {name} " in committed


def test_the_command_reference_check_fails_on_a_stale_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    reference = _command_reference()
    page = tmp_path / "docs" / "reference" / "commands.md"
    page.parent.mkdir(parents=True)
    page.write_text(reference.render().replace("--deals", "--hands-of-cards"), encoding="utf-8")
    monkeypatch.setattr(reference, "ROOT", tmp_path)
    monkeypatch.setattr(reference, "PAGE", page)
    assert reference.main(["--check"]) == 1
    assert capsys.readouterr().err == (
        "docs/reference/commands.md differs from the commands' --help: run make commands\n"
    )
    assert reference.main([]) == 0
    assert reference.main(["--check"]) == 0


def _product_files() -> list[Path]:
    paths = [ROOT / "README.md", ROOT / "CONTRIBUTING.md"]
    for folder in ("docs", "pontoon_cli", "tests", "tools", "bench", "scenarios"):
        paths += sorted((ROOT / folder).rglob("*"))
    return [
        p
        for p in paths
        if p.is_file()
        and p.suffix in TEXT_SUFFIXES
        and "__pycache__" not in p.parts
        and p != Path(__file__).resolve()  # its own examples of the pattern
    ]


@pytest.mark.parametrize(
    ("text", "ticket"),
    [
        # each ticket example is built from its parts, so this file holds none itself
        ("fixed in " + "issue" + " 12", True),
        ("see " + "issues" + " #3 and", True),
        ("as (" + "#" + "42) asked", True),
        ("colour #1f77b4;", False),
        ("&#123; and page.html#3", False),
        ("x = 1  # 5 cards", False),
    ],
)
def test_the_ticket_pattern(text: str, ticket: bool) -> None:
    assert bool(TICKET.search(text)) == ticket


def test_no_ticket_numbers_in_the_product() -> None:
    found = []
    for path in _product_files():
        text = path.read_text(encoding="utf-8", errors="replace")
        for match in TICKET.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            found.append(f"{path.relative_to(ROOT)}:{line}: {match[0]}")
    assert found == []


def test_nothing_points_at_notes_outside_the_repository() -> None:
    """What the code needed from the project's design notes lives in docs/development/: nothing
    in the product names a notes file a clone does not hold."""
    outside = re.compile(r"\b(?:SPEC|DESIGN|STYLE)(?:\.md| \d+\b)|\.\./shared\b")
    found = []
    for path in _product_files():
        if path.name == "test_docs_text.py":
            continue  # this test names what it looks for
        text = path.read_text(encoding="utf-8", errors="replace")
        found += [f"{path.relative_to(ROOT)}: {m[0]}" for m in outside.finditer(text)]
    assert found == []


def test_no_dated_journal_in_the_readme_or_the_docs() -> None:
    """The docs say what the tool does now; dated figures belong to `make bench`'s output, which
    names its own run between the performance page's markers."""
    pages = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").rglob("*.md"))]
    found = []
    for page in pages:
        text = page.read_text(encoding="utf-8")
        if page.name == "performance.md":
            text = re.sub(r"<!-- bench:start -->.*<!-- bench:end -->", "", text, flags=re.DOTALL)
        found += [f"{page.relative_to(ROOT)}: {m[0]}" for m in DATE.finditer(text)]
    assert found == []


def test_every_page_has_one_title() -> None:
    """One ``# `` heading a page: a second would stand beside the page in the site's contents."""
    for page in sorted((ROOT / "docs").rglob("*.md")):
        titles, fenced = [], False
        for line in page.read_text(encoding="utf-8").splitlines():
            if line.startswith("```"):
                fenced = not fenced
            elif not fenced and line.startswith("# "):
                titles.append(line)
        assert len(titles) == 1, f"{page.relative_to(ROOT)}: {titles}"
