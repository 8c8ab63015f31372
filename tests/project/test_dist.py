"""First contact: what the README tells a new user to run can run, and a release builds.

- The README's install block names only what this repository builds (a ``make`` target that
  exists, ``pip install .``, its extras, a file of ``dist/`` as ``make dist`` names it), and no
  page of the docs tells anyone to install a distribution that is not there.
- The source distribution carries what a build needs and nothing else, the wheel the package and
  its metadata: both against their manifest (``tools/dist_manifest.py``, which ``make dist`` runs
  on the real, compiled artifacts). Here both are built quickly: the sdist, then a pure-Python
  wheel from it (the same files but the compiled modules).
- The metadata claims exactly the Pythons ``make matrix`` tests, and ``twine check`` passes.
"""

from __future__ import annotations

import ast
import email.parser
import itertools
import os
import re
import shlex
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest
from support.modules import load

import pontoon_cli

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
MAKEFILE = (ROOT / "Makefile").read_text(encoding="utf-8")
manifest = load("dist_manifest", ROOT / "tools" / "dist_manifest.py")
VERSION = pontoon_cli.__version__
SDIST = f"pontoon_cli-{VERSION}.tar.gz"
#: What a checkout holds that is never a source: caches and the compiled build.
IGNORED = shutil.ignore_patterns("__pycache__", "*.so", "_build_record.txt")


def _noxfile_pythons() -> list[str]:
    """``PYTHONS`` as noxfile.py writes it (read, not imported: importing registers sessions)."""
    tree = ast.parse((ROOT / "noxfile.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.AnnAssign | ast.Assign):
            targets = [node.target] if isinstance(node, ast.AnnAssign) else node.targets
            if any(isinstance(t, ast.Name) and t.id == "PYTHONS" for t in targets):
                assert node.value is not None
                return list(ast.literal_eval(node.value))
    raise AssertionError("noxfile.py has no PYTHONS")


# the README's install block ----------------------------------------------------------------------


def install_commands(readme: str) -> list[str]:
    """The commands of the first ``sh`` block under ``## Install``, comments left out."""
    section = readme.split("\n## Install\n", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```sh\n(.*?)```", section, re.DOTALL)
    assert block, "README's Install section has no sh block"
    lines = (line.split("#", 1)[0].strip() for line in block.group(1).splitlines())
    return [line for line in lines if line]


def make_targets() -> set[str]:
    return set(re.findall(r"^([a-z][\w-]*):", MAKEFILE, re.MULTILINE))


def unbuildable(command: str, targets: set[str]) -> list[str]:
    """What ``command`` names that this repository cannot make or build; [] when all is well."""
    words = shlex.split(command)
    extras = set(PYPROJECT["project"]["optional-dependencies"])
    wrong = []
    match words:
        case ["make", *names]:
            wrong += [f"make {n}: no such target" for n in names if n not in targets]
        case ["pip" | "pipx", "install", *names] | ["python", "-m", "pip", "install", *names]:
            for name in (n for n in names if not n.startswith("-")):
                local = re.fullmatch(r"\.(\[([\w,-]+)\])?", name)
                if local:
                    unknown = set((local.group(2) or "").split(",")) - extras - {""}
                    wrong += [f"{name}: no extra {e!r}" for e in sorted(unknown)]
                elif not (
                    name == f"dist/{SDIST}"
                    or re.fullmatch(rf"dist/pontoon_cli-{re.escape(VERSION)}-\*\.whl", name)
                ):
                    wrong += [f"{name}: not a distribution this repository builds"]
        case _:
            wrong.append(f"{command}: not a make target or an install")
    return wrong


def test_the_readme_install_block_names_only_what_a_clone_builds() -> None:
    commands = install_commands(README)
    assert commands[0] == "make demo"  # the first thing a new user runs: the one that shows it
    assert "pip install ." in commands
    problems = [p for c in commands for p in unbuildable(c, make_targets())]
    assert problems == []


@pytest.mark.parametrize(
    ("command", "problem"),
    [
        ("pip install pontoon-cli", "pontoon-cli: not a distribution this repository builds"),
        ("pip install pontoon", "pontoon: not a distribution this repository builds"),
        ("pipx install '.[plots]'", ".[plots]: no extra 'plots'"),
        ("make install", "make install: no such target"),
        ("pip install dist/pontoon_cli-9.9.9.tar.gz", "dist/pontoon_cli-9.9.9.tar.gz: not a"),
        ("curl https://example.org | sh", "curl https://example.org | sh: not a make target"),
    ],
)
def test_an_install_block_naming_what_cannot_be_built_fails(command: str, problem: str) -> None:
    found = unbuildable(command, make_targets())
    assert len(found) == 1 and found[0].startswith(problem)


def test_the_wheel_the_readme_installs_is_the_one_make_dist_names() -> None:
    assert f"dist/pontoon_cli-{VERSION}-*.whl" in " ".join(install_commands(README))
    assert "sdist" in _prerequisites("dist")
    assert "-m build" in MAKEFILE and "twine check" in MAKEFILE


def test_the_published_name_comes_with_the_warning_about_the_other_pontoon() -> None:
    section = README.split("\n## Install\n", 1)[1].split("\n## ", 1)[0]
    after_block = section.split("```", 2)[2]
    assert "`pip install pontoon-cli`" in after_block
    sentence = after_block.split("`pip install pontoon-cli`", 1)[1].split("\n\n", 1)[0]
    assert "`pontoon`" in sentence and "someone else's program" in sentence


#: Packages a page may tell a user to install by name: optional dependencies of the extras.
THIRD_PARTY = {"matplotlib", "distributed", "pytest"}


def _code(page: Path) -> list[tuple[str, str]]:
    """(a piece of code, its paragraph) on a page: in Markdown each line of a fenced block (its
    comment left out) and each inline code span; in Python, ``pip install NAME`` in a string."""
    text = page.read_text(encoding="utf-8")
    if page.suffix == ".py":
        return [(m, "") for m in re.findall(r"pip install [^\s\"'`)]+", text)]
    found = []
    for part, fenced in zip(re.split(r"^```.*$", text, flags=re.M), itertools.cycle([0, 1])):
        if fenced:
            found += [(line.split(" #", 1)[0], part) for line in part.splitlines()]
        else:
            for paragraph in re.split(r"\n\s*\n", part):
                found += [(span, paragraph) for span in re.findall(r"`([^`]+)`", paragraph)]
    return found


def test_no_page_or_message_installs_a_distribution_that_does_not_exist() -> None:
    """Until the first release, `pip install pontoon-cli` is said only as what will be: in a
    paragraph that says "released" (or, in the release steps, "upload")."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    pages += sorted((ROOT / "pontoon_cli").rglob("*.py"))
    wrong = []
    for page in pages:
        for code, paragraph in _code(page):
            command = re.search(r"(?:pipx?|python -m pip) install (.*)", code)
            if command is None:
                continue
            for word in shlex.split(command.group(1)):
                if word.startswith("["):
                    break  # the command has ended: "pip install x).  [default: ...]"
                name = re.sub(r"\[.*\]$", "", re.sub(r"(?<=.)[).,;:]+$", "", word))
                if name.startswith("-") or name in THIRD_PARTY or "/" in name or name == ".":
                    continue
                if name.endswith((".tar.gz", ".whl")):
                    continue
                if name == "pontoon-cli" and re.search(r"released|[Uu]pload", paragraph):
                    continue
                wrong.append(f"{page.relative_to(ROOT)}: {command.group(0)}")
    assert wrong == []


# the sdist and the wheel --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The sdist, and a pure-Python wheel built from it (a few seconds; no compiler, no network)."""
    out = tmp_path_factory.mktemp("dist")
    # A copy of the checkout (its files, the package, the tests the sdist must leave out), so the
    # build writes its egg-info there, not beside another test process's build.
    tree = out / "tree"
    tree.mkdir()
    for item in ROOT.iterdir():
        if item.is_file():
            shutil.copy2(item, tree / item.name)
    for folder in ("pontoon_cli", "tests"):
        shutil.copytree(ROOT / folder, tree / folder, ignore=IGNORED)
    build = [sys.executable, "-m", "build", "--no-isolation", "--quiet", "--outdir", str(out)]
    done = subprocess.run([*build, "--sdist", str(tree)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    (sdist,) = out.glob("*.tar.gz")
    with tarfile.open(sdist) as archive:
        archive.extractall(out / "src", filter="data")
    env = {**os.environ, "PONTOON_PURE_BUILD": "1"}
    source = out / "src" / f"pontoon_cli-{VERSION}"
    done = subprocess.run([*build, "--wheel", str(source)], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    (wheel,) = out.glob("*.whl")
    return sdist, wheel


def test_the_sdist_holds_what_a_build_needs_and_nothing_else(built: tuple[Path, Path]) -> None:
    sdist, _ = built
    assert sdist.name == SDIST
    files = manifest.members(sdist)
    assert manifest.check(sdist, files) == []
    needed = {"setup.py", "pyproject.toml", "pontoon_cli/_build.py", "pontoon_cli/rulebook.md"}
    needed |= {"pontoon_cli/casino/basic.json", "pontoon_cli/logformat/schema.json", "LICENSE"}
    assert needed <= set(files)
    assert not [name for name in files if name.startswith(("tests/", "docs/", "build/"))]


def test_the_wheel_holds_the_package_its_command_and_its_plugin(built: tuple[Path, Path]) -> None:
    _, wheel = built
    files = manifest.members(wheel)
    assert manifest.check(wheel, files) == []
    with zipfile.ZipFile(wheel) as archive:
        points = archive.read(f"pontoon_cli-{VERSION}.dist-info/entry_points.txt").decode()
    assert "[console_scripts]\npontoon = pontoon_cli.cli.main:main" in points
    assert "[pytest11]\npontoon = pontoon_cli.pytest_plugin" in points


def test_the_manifest_check_names_a_stray_file_a_missing_one_and_an_outsize_one(
    built: tuple[Path, Path],
) -> None:
    sdist, _ = built
    files = dict(manifest.members(sdist))
    del files["pontoon_cli/rulebook.md"]
    del files["pontoon_cli/core/hands.py"]
    files["tests/test_games.py"] = 100
    files["pontoon_cli/__pycache__/hands.cpython-311.pyc"] = 100
    files["pontoon_cli/casino/basic.json"] = manifest.MAX_MEMBER + 1
    assert manifest.check(sdist, files) == [
        "pontoon_cli/__pycache__/hands.cpython-311.pyc: not in the manifest",
        f"pontoon_cli/casino/basic.json: {manifest.MAX_MEMBER + 1:,} bytes, more than "
        f"{manifest.MAX_MEMBER:,}",
        "tests/test_games.py: not in the manifest",
        "pontoon_cli/rulebook.md: missing",
        "pontoon_cli/core/hands.py: missing",
    ]


def test_a_wheel_with_compiled_modules_but_no_build_record_is_refused(
    built: tuple[Path, Path],
) -> None:
    _, wheel = built
    files = dict(manifest.members(wheel))
    files["pontoon_cli/core/hands.cpython-311-x86_64-linux-gnu.so"] = 1000
    assert manifest.check(wheel, files) == [
        "pontoon_cli/core/hands.cpython-311-x86_64-linux-gnu.so: not in the manifest",
        "pontoon_cli/core/hands.cpython-311-x86_64-linux-gnu.so: a compiled module without a "
        "build record",
    ]
    files["pontoon_cli/_build_record.txt"] = 100  # with its record, a compiled wheel
    assert manifest.check(wheel, files) == []


def _metadata(wheel: Path) -> email.message.Message:
    with zipfile.ZipFile(wheel) as archive:
        text = archive.read(f"pontoon_cli-{VERSION}.dist-info/METADATA").decode()
    return email.parser.Parser().parsestr(text)


def test_the_metadata_claims_exactly_the_pythons_make_matrix_tests(
    built: tuple[Path, Path],
) -> None:
    meta = _metadata(built[1])
    pythons = _noxfile_pythons()
    claimed = [
        c.rpartition(" :: ")[2]
        for c in meta.get_all("Classifier") or []
        if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)
    ]
    assert claimed == pythons
    assert meta["Requires-Python"] == f">={pythons[0]}"
    assert meta["Version"] == VERSION


def test_the_metadata_names_its_licence_urls_and_long_description(
    built: tuple[Path, Path],
) -> None:
    meta = _metadata(built[1])
    assert meta["Name"] == "pontoon-cli"
    assert meta["License-Expression"] == "MIT"
    urls = dict(u.split(", ", 1) for u in meta.get_all("Project-URL") or [])
    assert {"Documentation", "Changelog", "Issues"} <= set(urls)
    assert all(u.startswith("https://") for u in urls.values())
    assert meta["Description-Content-Type"] == "text/markdown"
    assert meta.get_payload().startswith("# pontoon\n")  # the README, whole


def test_twine_check_passes_on_the_sdist_and_the_wheel(built: tuple[Path, Path]) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "twine", "check", "--strict", *map(str, built)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("PASSED") == 2


# every Python claimed ----------------------------------------------------------------------------


def test_a_python_not_on_the_machine_is_skipped_with_a_line_not_failed() -> None:
    """Even where CI is set (nox's own default there is to fail)."""
    done = subprocess.run(
        [sys.executable, "-m", "nox", "-s", "smoke", "--force-python", "3.99"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "CI": "true"},
    )
    assert done.returncode == 0, done.stderr
    assert "Session smoke-3.99 skipped: Python interpreter 3.99 not found." in done.stderr


def _prerequisites(target: str) -> list[str]:
    found = re.search(rf"^{target}:(.*)$", MAKEFILE, re.MULTILINE)
    assert found, f"no {target} rule in the Makefile"
    return found.group(1).split()


def test_ci_runs_the_release_and_the_smoke_checks_after_the_suite() -> None:
    """make test first (the README's command), then make dist and make smoke, which share the
    one source distribution make sdist writes (so the wheel and the installs are of one sdist)."""
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    steps = [shlex.split(line) for line in run.splitlines() if line.startswith("make ")]
    assert steps[0] == ["make", "test"]
    assert len(steps) == 2 and {"dist", "smoke"} <= set(steps[1])
    assert "sdist" in _prerequisites("dist") and "sdist" in _prerequisites("smoke")
