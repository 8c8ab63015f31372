"""The build: compiled with mypyc where a C compiler works, pure Python otherwise, never stale.

docs/development/builds.md. ``make test`` runs the suite twice: on the compiled
build, then with ``PONTOON_PURE=1`` (every module from its source).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import tomllib
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pontoon_cli
from pontoon_cli import _build
from pontoon_cli.core import rng

PACKAGE_DIR = os.path.dirname(pontoon_cli.__file__)
ROOT = Path(PACKAGE_DIR).parent
RECORD = _build.read_record(PACKAGE_DIR)
PURE_RUN = os.environ.get("PONTOON_PURE") == "1"
needs_compiled = pytest.mark.skipif(
    RECORD is None, reason="no compiled build here (pure install, or no C compiler)"
)


def _env(**changes: str | None) -> dict[str, str]:
    env = dict(os.environ)
    for key, value in changes.items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return env


def _version(**env: str | None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pontoon_cli", "--version"],
        capture_output=True,
        text=True,
        env=_env(**env),
        timeout=60,
        check=False,
    )


# --version says which build runs -----------------------------------------------------------------


def test_version_says_pure_python_under_PONTOON_PURE() -> None:
    proc = _version(PONTOON_PURE="1")
    assert (proc.returncode, proc.stdout, proc.stderr) == (
        0,
        f"pontoon-cli {pontoon_cli.__version__} (pure Python)\n",
        "",
    )


def test_version_says_compiled_on_the_compiled_build() -> None:
    proc = _version(PONTOON_PURE=None)
    build = "pure Python" if RECORD is None else "compiled"
    assert (proc.returncode, proc.stdout, proc.stderr) == (
        0,
        f"pontoon-cli {pontoon_cli.__version__} ({build})\n",
        "",
    )


# the compiled build is what it says ------------------------------------------------------------


@needs_compiled
def test_every_engine_side_module_is_compiled() -> None:
    """The build record names every module the rule says to compile (a new module is picked up),
    and each of them, imported here, really is an extension module unless PONTOON_PURE=1."""
    assert RECORD is not None
    assert sorted(RECORD.entries) == _build.compiled_modules(PACKAGE_DIR)
    engine = {"traditional.engine", "core.hands", "core.rules", "core.rng", "core.settle"}
    engine |= {"core.events", "traditional.players", "log.writer", "casino.deal", "shoot.deal"}
    assert engine <= set(RECORD.entries)
    assert {"logformat.check", "replay.run", "replay.replayer", "logformat.sources"} <= set(
        RECORD.entries
    )
    assert not {m for m in RECORD.entries if m.split(".")[0] in ("cli", "views", "render")}
    for module in RECORD.entries:
        __import__(f"pontoon_cli.{module}")
        loaded = sys.modules[f"pontoon_cli.{module}"].__file__ or ""
        if PURE_RUN:
            assert loaded.endswith(f"{module.replace('.', '/')}.py"), loaded
        else:
            assert loaded.endswith(tuple(EXTENSION_SUFFIXES)), loaded
    assert ("pure Python" if PURE_RUN else "compiled") == pontoon_cli.BUILD
    assert _build.running_build() == pontoon_cli.BUILD


def _compiler_works() -> bool:
    tmp = tempfile.mkdtemp()
    try:
        source = Path(tmp, "probe.c")
        source.write_text("#include <Python.h>\nint probe(void) { return 0; }\n")
        cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()
        include = sysconfig.get_paths()["include"]
        command = [*cc, "-c", str(source), "-I", include, "-o", str(Path(tmp, "probe.o"))]
        return subprocess.run(command, capture_output=True, check=False).returncode == 0
    except OSError:
        return False
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


@pytest.mark.skipif(
    PURE_RUN or os.environ.get("PONTOON_PURE_BUILD") == "1", reason="a pure build on purpose"
)
def test_where_a_C_compiler_works_the_build_is_compiled() -> None:
    """A build that silently fell back to pure Python (mypyc refused a module, say) fails here."""
    if not _compiler_works():
        pytest.skip("no working C compiler: the pure build is expected")
    assert RECORD is not None, "a C compiler works but the build is pure Python: run make"
    assert pontoon_cli.BUILD == "compiled"


def test_the_mypy_that_compiles_is_the_mypy_that_checks() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    build = [r for r in project["build-system"]["requires"] if r.startswith("mypy")]
    test = [r for r in project["project"]["optional-dependencies"]["test"] if r.startswith("mypy")]
    assert build == test == ["mypy==2.4.1"]


# a compiled module never shadows a newer source ------------------------------------------------


def _copy_package(tmp_path: Path) -> Path:
    """The installed package (sources, compiled modules, record) copied with its mtimes."""
    target = tmp_path / "pontoon_cli"
    shutil.copytree(PACKAGE_DIR, target, ignore=shutil.ignore_patterns("__pycache__"))
    return target


PROBE = (
    "import pontoon_cli, pontoon_cli.traditional.engine, pontoon_cli.core.hands; "
    "print(pontoon_cli.BUILD, "
    "pontoon_cli.traditional.engine.__file__.rsplit('/', 1)[1].split('.')[1])"
)


def _probe(where: Path) -> tuple[int, str, str]:
    proc = subprocess.run(
        [sys.executable, "-c", PROBE],
        capture_output=True,
        text=True,
        cwd=where,
        env=_env(PONTOON_PURE=None, PYTHONPATH=str(where)),
        timeout=60,
        check=False,
    )
    return proc.returncode, proc.stdout, proc.stderr


def _command_stderr(where: Path) -> str:
    """What ``pontoon --version`` writes on stderr, run from the package copied to ``where``."""
    proc = subprocess.run(
        [sys.executable, "-m", "pontoon_cli", "--version"],
        capture_output=True,
        text=True,
        cwd=where,
        env=_env(PONTOON_PURE=None, PYTHONPATH=str(where)),
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stderr


def test_importing_the_package_is_quiet_and_the_command_tells_a_stale_build(
    tmp_path: Path,
) -> None:
    """A compiled file no build record vouches for: the sources run; ``import pontoon_cli``
    writes nothing on stderr (a library stays quiet); the ``pontoon`` command warns, once."""
    package = _copy_package(tmp_path)
    for stray in package.iterdir():
        if stray.name.endswith(tuple(EXTENSION_SUFFIXES)):
            stray.unlink()
    (package / _build.RECORD).unlink(missing_ok=True)
    (package / f"hands{EXTENSION_SUFFIXES[0]}").write_bytes(b"")
    code, out, err = _probe(tmp_path)
    assert (code, out, err) == (0, "pure Python py\n", "")
    assert _command_stderr(tmp_path) == (
        "pontoon: warning: the compiled build is stale (compiled modules without a build "
        "record); running the Python sources instead (rebuild: make, or pip install -e .)\n"
    )


@needs_compiled
def test_a_changed_source_makes_every_module_load_from_source(tmp_path: Path) -> None:
    package = _copy_package(tmp_path)
    code, out, err = _probe(tmp_path)
    assert (code, out.split()[0], err) == (0, "compiled", "")
    with (package / "core" / "hands.py").open("a") as f:
        f.write("# changed after the build\n")
    assert _probe(tmp_path) == (0, "pure Python py\n", "")
    assert _command_stderr(tmp_path) == (
        "pontoon: warning: the compiled build is stale (core/hands.py changed since the build); "
        "running the Python sources instead (rebuild: make, or pip install -e .)\n"
    )


@needs_compiled
def test_a_touched_but_unchanged_source_keeps_the_compiled_build(tmp_path: Path) -> None:
    package = _copy_package(tmp_path)
    # a checkout or an install: new mtime, same bytes
    os.utime(package / "traditional" / "engine.py")
    code, out, err = _probe(tmp_path)
    assert (code, out.split()[0], err) == (0, "compiled", "")


@needs_compiled
def test_a_missing_compiled_module_makes_every_module_load_from_source(tmp_path: Path) -> None:
    package = _copy_package(tmp_path)
    assert RECORD is not None
    (package / RECORD.entries["core.settle"][3]).unlink()
    code, out, err = _probe(tmp_path)
    assert (code, out, err) == (0, "pure Python py\n", "")
    assert _command_stderr(tmp_path) == (
        f"pontoon: warning: the compiled build is stale (the compiled core.settle "
        f"({RECORD.entries['core.settle'][3]}) is gone); running the Python sources instead "
        "(rebuild: make, or pip install -e .)\n"
    )


@needs_compiled
def test_compiled_modules_without_a_build_record_are_not_trusted(tmp_path: Path) -> None:
    package = _copy_package(tmp_path)
    (package / _build.RECORD).unlink()
    code, out, err = _probe(tmp_path)
    assert (code, out, err) == (0, "pure Python py\n", "")
    assert "compiled modules without a build record" in _command_stderr(tmp_path)


# no C compiler: the build falls back to pure Python ---------------------------------------------


def _setup_build(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "setup.py", "-q", "build", "--build-base", str(tmp_path / "b")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=_env(**env),
        timeout=300,
        check=False,
    )


def _built_package(tmp_path: Path) -> Path:
    (lib,) = (tmp_path / "b").glob("lib*")
    return lib / "pontoon_cli"


@pytest.mark.parametrize("env", [{"CC": "/bin/false"}, {"CC": "/nonexistent/cc"}])
def test_without_a_C_compiler_the_build_is_pure_python(tmp_path: Path, env: dict[str, str]) -> None:
    proc = _setup_build(tmp_path, **env)
    assert proc.returncode == 0, proc.stderr
    warnings = [line for line in proc.stderr.splitlines() if "pontoon build" in line]
    cc = env["CC"]
    assert warnings == [
        f"pontoon build: warning: no working C compiler ({cc}: CompileError); building pure "
        "Python (same behaviour, slower)"
    ]
    package = _built_package(tmp_path)
    assert (package / "traditional" / "engine.py").exists()
    assert not [p.name for p in package.rglob("*") if p.name.endswith(tuple(EXTENSION_SUFFIXES))]
    assert not (package / _build.RECORD).exists()
    run = subprocess.run(
        [sys.executable, "-m", "pontoon_cli", "--version"],
        cwd=package.parent,
        capture_output=True,
        text=True,
        env=_env(PYTHONPATH=str(package.parent), PONTOON_PURE=None),
        timeout=60,
        check=False,
    )
    assert (run.stdout, run.stderr) == (
        f"pontoon-cli {pontoon_cli.__version__} (pure Python)\n",
        "",
    )


def test_PONTOON_PURE_BUILD_builds_pure_python_without_a_word(tmp_path: Path) -> None:
    proc = _setup_build(tmp_path, PONTOON_PURE_BUILD="1")
    assert proc.returncode == 0, proc.stderr
    assert "pontoon build" not in proc.stderr
    package = _built_package(tmp_path)
    assert not [p.name for p in package.iterdir() if p.name.endswith(tuple(EXTENSION_SUFFIXES))]


# the generator's arithmetic stays within 62 bits, with the same results ---------------------


@given(st.integers(min_value=0, max_value=2**64 - 1))
def test_rng_products_from_pieces_equal_the_plain_product(a: int) -> None:
    for m in (rng._M1, rng._M2):
        pieces = (m & rng._LO22, (m >> 22) & rng._LO22, m >> 44)
        hi, lo = rng._mul64(a >> 32, a & rng._LO32, *pieces)
        assert (hi << 32) | lo == (a * m) % 2**64


@given(st.integers(min_value=0, max_value=2**64 - 1))
def test_rng_output_from_halves_equals_splitmix64_on_whole_numbers(z: int) -> None:
    hi, lo = rng._output(z >> 32, z & rng._LO32)
    mask = 2**64 - 1
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
    assert (hi << 32) | lo == z ^ (z >> 31)


@pytest.mark.parametrize("seed", [0, 1, 7, 2**64 - 1])
@pytest.mark.parametrize("size", [2, 3, 52, 104, 520])
def test_rng_shuffle_draws_what_below_draws(seed: int, size: int) -> None:
    """The inlined shuffle (halves, z mod n from them) equals Fisher-Yates on ``below``."""
    a, b = rng.Rng(seed), rng.Rng(seed)
    items = list(range(size))
    a.shuffle(items)
    expected = list(range(size))
    for i in range(size - 1, 0, -1):
        j = b.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected
    assert a.next64() == b.next64()


def test_rng_is_splitmix64() -> None:
    """The first outputs of SplitMix64 for seed 0, from its published reference implementation."""
    r = rng.Rng(0)
    assert [r.next64() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]
