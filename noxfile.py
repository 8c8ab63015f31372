"""Every Python the package claims, tested: ``make matrix`` (the suite) and ``make smoke`` (CI).

nox looks for each interpreter of :data:`PYTHONS` on the machine (``python3.12`` on the PATH, or
one of pyenv's installed versions, even one its shims have not selected); one it cannot find is
skipped with a line ("Python interpreter 3.12 not found"), never a failure. The classifiers in
``pyproject.toml`` list exactly these versions (``tests/project/test_dist.py`` compares them).

- ``tests``: the whole suite on each Python, compiled then pure (``make suite``), in a copy of the
  working tree under ``.nox/`` so each Python's compiled modules and build record stay its own.
- ``smoke``: what a user installs, checked on each Python. The first Python installs the source
  distribution from ``dist/`` (``make sdist``) into a clean virtual environment and must come out
  compiled where a C compiler works; the others install the clone itself (``pip install .``, as
  the README says) with no C compiler (``CC=/bin/false``), so they run as plain Python, quickly.
  ``SMOKE_COMPILE=all`` compiles every one. Each then plays ``--seed 7 --deals 2000`` and must
  write the same bytes as this checkout's own build, replays that log clean, and runs the pytest
  plugin on it.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import nox

#: The versions the package claims and tests, oldest first.
PYTHONS = ["3.11", "3.12", "3.13"]

nox.options.error_on_missing_interpreters = False  # a missing Python is a skip, on CI too
nox.options.download_python = "never"  # the machine's own interpreters, nothing fetched
nox.options.sessions = ["tests"]
nox.options.default_venv_backend = "venv"

ROOT = Path(__file__).resolve().parent


def _runs(command: str) -> bool:
    found = shutil.which(command)
    if found is None:
        return False
    done = subprocess.run([found, "-c", ""], capture_output=True, check=False)
    return done.returncode == 0


def _add_pyenv_versions() -> None:
    """Put pyenv's installed Pythons on the PATH where its shims would not answer.

    A pyenv shim (``python3.12``) runs only the versions pyenv has selected; the others it
    refuses. Each version of :data:`PYTHONS` whose command does not run is looked for among
    pyenv's installed versions (the newest patch release), and its folder is put on the PATH.
    """
    root = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
    for version in PYTHONS:
        if _runs(f"python{version}") or not root.is_dir():
            continue
        builds = [
            path
            for path in root.glob(f"{version}.*/bin/python{version}")
            if path.parent.parent.name.removeprefix(f"{version}.").isdigit()
        ]
        if builds:
            newest = max(builds, key=lambda p: int(p.parent.parent.name.rsplit(".", 1)[1]))
            os.environ["PATH"] = f"{newest.parent}{os.pathsep}{os.environ['PATH']}"


_add_pyenv_versions()
SMOKE_GAME = ["play", "--seed", "7", "--deals", "2000"]
#: Left out of a copy of the tree: environments, builds and caches.
NOT_COPIED = (
    ".git",
    ".venv",
    ".venv-bench",
    ".nox",
    "build",
    "dist",
    "__pycache__",
    "*.so",
    "*.egg-info",
    "_build_record.txt",
)


def _tree_copy(session: nox.Session) -> Path:
    """The working tree copied to ``.nox/tree-VERSION`` (its ``.venv`` kept between runs)."""
    tree = ROOT / ".nox" / f"tree-{session.python}"
    tree.mkdir(parents=True, exist_ok=True)
    for item in tree.iterdir():
        if item.name != ".venv":
            shutil.rmtree(item) if item.is_dir() else item.unlink()
    for item in ROOT.iterdir():
        if item.name in NOT_COPIED:
            continue
        target = tree / item.name
        if item.is_dir():
            shutil.copytree(item, target, ignore=shutil.ignore_patterns(*NOT_COPIED))
        else:
            shutil.copy2(item, target)
    return tree


@nox.session(python=PYTHONS)
def tests(session: nox.Session) -> None:
    """The whole suite on this Python: compiled where a C compiler works, then pure Python."""
    tree = _tree_copy(session)
    python = shutil.which("python", path=session.bin)
    session.run("make", "-C", str(tree), "docs", "suite", f"PYTHON={python}", external=True)


def _reference(session: nox.Session) -> bytes:
    """``pontoon play --seed 7 --deals 2000`` by this checkout's own build (the one running nox)."""
    done = subprocess.run(
        [sys.executable, "-m", "pontoon_cli", *SMOKE_GAME], capture_output=True, check=False
    )
    if done.returncode != 0:
        session.error(f"this checkout's pontoon failed: {done.stderr.decode(errors='replace')}")
    return done.stdout


def _compiler_here(session: nox.Session) -> bool:
    """A C compiler and this Python's headers: what the build needs to compile."""
    headers = session.run(
        "python",
        "-c",
        "import os, sysconfig; "
        "print(os.path.exists(os.path.join(sysconfig.get_paths()['include'], 'Python.h')))",
        silent=True,
    )
    compiler = os.environ.get("CC", "cc").split()[0]
    return str(headers).strip() == "True" and shutil.which(compiler) is not None


@nox.session(python=PYTHONS)
def smoke(session: nox.Session) -> None:
    """Install as a user would, then: the build it says, the same bytes, replay, the plugin."""
    first = session.python == PYTHONS[0]
    compile_here = first or os.environ.get("SMOKE_COMPILE") == "all"
    if first:
        sdists = sorted((ROOT / "dist").glob("pontoon_cli-*.tar.gz"))
        if len(sdists) != 1:
            session.error(f"want one source distribution in dist/ (make sdist), found {sdists}")
        target = str(sdists[0])
    else:
        target = str(ROOT)
    env = {} if compile_here else {"CC": "/bin/false"}
    session.log(f"installing {target} ({'compiled' if compile_here else 'no C compiler'})")
    session.install(target, "pytest", env=env)

    build = "compiled" if compile_here and _compiler_here(session) else "pure Python"
    version = str(session.run("pontoon", "--version", silent=True)).strip()
    if not version.endswith(f"({build})"):
        session.error(f"pontoon --version says {version!r}; this install should be {build}")

    work = Path(session.create_tmp()) / "smoke"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir()
    log = work / "seed7.jsonl"
    session.run("pontoon", *SMOKE_GAME, "--out", str(log), silent=True)
    want = _reference(session)
    got = log.read_bytes()
    if got != want:
        session.error(
            f"play --seed 7 --deals 2000 differs from this checkout's: sha256 "
            f"{hashlib.sha256(got).hexdigest()[:16]} != {hashlib.sha256(want).hexdigest()[:16]}"
        )
    pure = work / "seed7-pure.jsonl"
    session.run("pontoon", *SMOKE_GAME, "--out", str(pure), env={"PONTOON_PURE": "1"}, silent=True)
    if pure.read_bytes() != want:
        session.error("play --seed 7 --deals 2000 differs with PONTOON_PURE=1")
    said = str(session.run("pontoon", "replay", str(log), silent=True))
    if "2000 deals verified, 0 with divergences" not in said:
        session.error(f"replay did not verify the log: {said}")

    helped = str(session.run("pytest", "--help", silent=True))
    if "pontoon_logs" not in helped or "pontoon_scenarios" not in helped:
        session.error("pytest --help does not list the plugin's pontoon_logs and pontoon_scenarios")
    (work / "pytest.ini").write_text("[pytest]\npontoon_logs = seed7.jsonl\n", encoding="utf-8")
    with session.chdir(work):
        ran = str(session.run("pytest", "-q", "-p", "no:cacheprovider", silent=True))
    if "1 passed" not in ran:
        session.error(f"the pytest plugin did not replay the log: {ran}")
    session.log(f"Python {session.python}: {version}; same bytes; replay and the plugin verified")
