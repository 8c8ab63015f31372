"""The rules text inside the project: docs/rules.md, shipped in the package, looked up by rule ID.

`pontoon rules T5.4` prints a rule, `pontoon rules T5` a section; every rule ID the code, the
README and the docs cite is in the text; each choice is written once, under the rule it settles.
"""

from __future__ import annotations

import tomllib
from fnmatch import fnmatch
from pathlib import Path

import orjson
import pytest
from typer.testing import CliRunner

from pontoon_cli import rulebook
from pontoon_cli.cli.main import app
from pontoon_cli.core.rules import PRESETS, PRESETS_KNOWN

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "rules.md"
README = ROOT / "README.md"
runner = CliRunner()

#: Every rule of the traditional game and every option, as numbered in the rules contract.
TRADITIONAL = {"T1": 3, "T2": 6, "T3": 3, "T4": 4, "T5": 8, "T6": 3, "T7": 3, "T8": 6}
EXPECTED_IDS = (
    list(TRADITIONAL)
    + [f"{section}.{n}" for section, count in TRADITIONAL.items() for n in range(1, count + 1)]
    + [f"V{n}" for n in range(1, 10)]
)


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


# one text, shipped --------------------------------------------------------------------------------


def test_the_package_ships_docs_rules_md_byte_for_byte() -> None:
    shipped = ROOT / "pontoon_cli" / rulebook.RESOURCE
    assert shipped.read_bytes() == DOC.read_bytes(), (
        "docs/rules.md is the rules text people edit: `make rulebook` copies it into the package"
    )
    assert rulebook.document() == DOC.read_text(encoding="utf-8")


def test_the_rulebook_is_package_data() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = config["tool"]["setuptools"]["package-data"]["pontoon_cli"]
    assert any(fnmatch(rulebook.RESOURCE, pattern) for pattern in patterns)


@pytest.mark.parametrize("ident", EXPECTED_IDS)
def test_every_traditional_rule_and_option_is_in_the_text(ident: str) -> None:
    rule = rulebook.rules()[ident]
    assert rule.text.startswith(f"{ident} ")
    assert len(rule.text) > len(ident) + 20


def _cited(paths: list[Path]) -> dict[str, str]:
    """Every rule ID cited in these files, with the first place it is cited.

    The docs' example of an unknown ID (`$ pontoon rules T5.9` and its message) is no citation.
    """
    found: dict[str, str] = {}
    for path in paths:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.startswith("$ pontoon rules ") or "unknown rule ID" in line:
                continue
            for ident in rulebook.RULE_ID.findall(line):
                found.setdefault(ident, f"{path.relative_to(ROOT)}:{number}")
    return found


def test_every_rule_id_the_code_cites_is_in_the_text() -> None:
    code = [
        p
        for p in sorted((ROOT / "pontoon_cli").rglob("*"))
        if p.suffix in (".py", ".json") and "__pycache__" not in p.parts
    ]
    cited = _cited(code)
    assert {"T5.4", "T8.6", "V5", "S1", "S2", "S8", "V3", "V8"} <= set(cited)  # the scan works
    missing = {ident: where for ident, where in cited.items() if ident not in rulebook.rules()}
    assert not missing, f"cited but not in docs/rules.md: {missing}"


def test_every_rule_id_the_readme_docs_and_scenarios_cite_is_in_the_text() -> None:
    paths = [README, *sorted((ROOT / "docs").rglob("*.md")), *sorted(ROOT.glob("scenarios/*"))]
    cited = _cited([p for p in paths if p != DOC and p.is_file()])
    missing = {ident: where for ident, where in cited.items() if ident not in rulebook.rules()}
    assert not missing, f"cited but not in docs/rules.md: {missing}"


def test_the_readme_points_at_the_projects_own_rules() -> None:
    """The rules text a clone holds (what points elsewhere: tests/project/test_docs_text.py)."""
    assert "(docs/rules.md)" in README.read_text()


# the choices, under the rules they settle -------------------------------------------------------


def _doc_choices() -> list[tuple[str, str]]:
    out = []
    for ident, rule in rulebook.parse(DOC.read_text()).items():
        if "." in ident or ident[0] != "T":  # sections repeat their rules
            for line in rule.text.splitlines():
                if line.startswith("  - Choice: "):
                    out.append((ident, line.removeprefix("  - Choice: ")))
    return out


def test_the_choices_stand_under_the_rules_they_settle_and_nowhere_else() -> None:
    """docs/rules.md holds each choice under its rule (T1.1's pack count, T8.5's void deal, V3's
    double, C7's double card...); no other page repeats one, so no copy can drift from it."""
    choices = _doc_choices()
    by_rule = {ident for ident, _ in choices}
    assert {"T1.1", "T3.2", "T5.2", "T8.5", "T8.6", "V3", "V8", "S1", "C7"} <= by_rule
    assert len(choices) >= 30
    pages = [README, *(p for p in sorted((ROOT / "docs").rglob("*.md")) if p != DOC)]
    for page in pages:
        flat = " ".join(page.read_text(encoding="utf-8").split())
        repeated = [text for _, text in choices if len(text) > 40 and text in flat]
        assert repeated == [], f"{page.relative_to(ROOT)} repeats a choice of docs/rules.md"


# pontoon rules ID ---------------------------------------------------------------------------------


def test_rules_T5_4_prints_that_rule() -> None:
    code, out, err = run("rules", "T5.4")
    assert (code, err) == (0, "")
    assert out.startswith("T5.4 Twisting: while the lowest total is below 21")
    assert "may not buy again" in out
    assert "T5.3" not in out and "T5.5" not in out
    assert out == rulebook.rules()["T5.4"].text + "\n"
    assert "**" not in out


def test_rules_T5_prints_the_whole_section() -> None:
    code, out, _ = run("rules", "T5")
    assert code == 0
    assert out.startswith("T5 A punter's turn\n\nThe punters play one after another")
    for n in range(1, 9):
        assert f"T5.{n} " in out
    assert "T6.1" not in out


def test_rules_V7_prints_the_option_and_ids_are_case_blind() -> None:
    code, out, _ = run("rules", "V7")
    assert code == 0
    assert out.startswith("V7 Grades of pontoon")
    assert run("rules", "v7") == (0, out, "")
    assert run("rules", "t5.4")[1] == run("rules", "T5.4")[1]


def test_rules_ID_json() -> None:
    code, out, _ = run("rules", "T8.6", "--json")
    assert code == 0
    data = orjson.loads(out)
    assert data == {"id": "T8.6", "title": "Between deals", "text": rulebook.lookup("T8.6").text}


@pytest.mark.parametrize(
    ("ident", "nearest"),
    [
        ("T5.9", "T5.8"),
        ("T9", "T8"),
        ("V10", "V9"),
        ("T5.0", "T5.1"),
        ("S11", "S10"),
        ("T2.7", "T2.6"),
    ],
)
def test_an_unknown_rule_id_exits_2_naming_the_nearest(ident: str, nearest: str) -> None:
    code, out, err = run("rules", ident)
    assert code == 2 and out == ""
    assert err == (
        f"pontoon: unknown rule ID {ident!r}; did you mean {nearest!r}? (rule IDs: T1-T8 the "
        "game, V1-V9 its options, S1-S10 Shoot Pontoon, C1-C12 casino Pontoon)\n"
    )


def test_rules_traditional_still_shows_the_preset_and_names_never_collide() -> None:
    code, out, _ = run("rules", "traditional")
    assert code == 0 and out.startswith("setting ")
    for name in (*PRESETS, *PRESETS_KNOWN):
        assert not rulebook.is_rule_id(name), f"preset {name!r} looks like a rule ID"
    code, _, err = run("rules", "X1")
    assert code == 2
    assert err == (
        "pontoon: unknown preset 'X1' (presets: traditional, shoot, casino; a rule ID looks like "
        "T5.4 or V7)\n"
    )


def test_C12_names_the_strategy_and_the_simulator_that_check_it() -> None:
    code, out, _ = run("rules", "C12")
    assert code == 0
    assert "`pontoon strategy --rules casino` computes the `basic`" in out
    assert "`pontoon simulate --rules casino` measures it" in out
    for text in (out, DOC.read_text(), README.read_text()):
        assert "come next" not in text
        assert "not yet implemented" not in text.lower() and "not yet checked" not in text


@pytest.mark.parametrize(
    ("word", "hint"),
    [
        ("foo", ""),  # two letters of shoot's five: not close
        ("casnio", "; did you mean 'casino'?"),
        ("trad", "; did you mean 'traditional'?"),  # a part of it
    ],
)
def test_rules_suggests_a_preset_only_when_it_is_close(word: str, hint: str) -> None:
    code, _, err = run("rules", word)
    assert code == 2
    assert err == (
        f"pontoon: unknown preset {word!r}{hint} (presets: traditional, shoot, casino; a rule ID "
        "looks like T5.4 or V7)\n"
    )


def test_T7_3_a_power_is_not_taken_for_bold() -> None:
    text = rulebook.lookup("T7.3").text
    assert "±(2**53 − 1)" in text
    assert "**" not in rulebook.lookup("T2.1").text  # the bold name of a class is unmarked
