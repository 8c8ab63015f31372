"""What the source distribution and the wheel hold, against their manifest (``make dist``).

Usage: ``python tools/dist_manifest.py dist/*`` (each ``.tar.gz`` and ``.whl`` named). Prints one
line a file, or every problem found and exits 1:

- a member that no pattern of its manifest admits (a test, a cache, generated C, a stray file);
- a pattern that no member matches (something the build or the package needs is missing);
- a module of this checkout's ``pontoon_cli/`` that is not in it;
- a member larger than :data:`MAX_MEMBER` bytes (a compiled module: :data:`MAX_COMPILED`);
- in a wheel, compiled modules without a build record, or a record without them.

The patterns are shell-style (``*`` crosses folders), relative to the archive's top folder.
"""

from __future__ import annotations

import fnmatch
import sys
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "pontoon_cli"
#: No member of either archive is larger (the biggest source today is ~70 KB)...
MAX_MEMBER = 2 * 1024 * 1024
#: ...but a compiled module: the shared library of the compiled build is ~6 MB.
MAX_COMPILED = 16 * 1024 * 1024

#: What the package carries in both archives: every module's source and its data.
PACKAGE_FILES = (
    "pontoon_cli/*.py",
    "pontoon_cli/py.typed",  # PEP 561: the package is typed
    "pontoon_cli/rulebook.md",  # the rules text `pontoon rules ID` prints
    "pontoon_cli/simulate_schema.json",  # `pontoon simulate --json`'s schema
    "pontoon_cli/casino/basic.json",  # the casino's computed basic strategy table
    "pontoon_cli/traditional/equilibrium.json",  # the traditional game's solved equilibrium
    "pontoon_cli/logformat/schema.json",  # the log's JSON Schema (`pontoon schema`)
    # the scenarios `pontoon cases` writes beside its logs
    "pontoon_cli/conformance/scenarios/*.toml",
)
#: The source distribution: what a build needs, and nothing else.
SDIST = (
    *PACKAGE_FILES,
    "PKG-INFO",
    "pyproject.toml",  # the metadata and the build's requirements
    "setup.py",  # the build hook: mypyc where a C compiler works, else pure Python
    "setup.cfg",  # written by setuptools (egg_info's tags), empty of settings
    "MANIFEST.in",
    "README.md",  # the long description
    "CHANGELOG.md",
    "LICENSE",
    "pontoon_cli.egg-info/*",
)
#: The wheel: the package and its metadata.
WHEEL = (
    *PACKAGE_FILES,
    "pontoon_cli-*.dist-info/METADATA",
    "pontoon_cli-*.dist-info/WHEEL",
    "pontoon_cli-*.dist-info/RECORD",
    "pontoon_cli-*.dist-info/entry_points.txt",  # the `pontoon` command and the pytest plugin
    "pontoon_cli-*.dist-info/top_level.txt",
    "pontoon_cli-*.dist-info/licenses/LICENSE",
)
#: In a compiled wheel only: the extension modules and the record that vouches for them.
COMPILED = ("pontoon_cli/*.so", "pontoon_cli/*.pyd", "pontoon_cli/_build_record.txt")
RECORD = "pontoon_cli/_build_record.txt"


def members(path: Path) -> dict[str, int]:
    """Each file of the archive (relative to its top folder in an sdist) with its size."""
    if path.name.endswith(".tar.gz"):
        with tarfile.open(path) as archive:
            return {
                info.name.partition("/")[2]: info.size
                for info in archive.getmembers()
                if info.isfile()
            }
    with zipfile.ZipFile(path) as archive:
        return {info.filename: info.file_size for info in archive.infolist() if not info.is_dir()}


def sources(root: Path = ROOT) -> set[str]:
    """The package's modules in this checkout, as archive paths (``pontoon_cli/core/hands.py``)."""
    package = root / PACKAGE
    return {
        path.relative_to(root).as_posix()
        for path in package.rglob("*.py")
        if "__pycache__" not in path.parts
    }


def check(path: Path, files: dict[str, int], root: Path = ROOT) -> list[str]:
    """Every way ``files`` (an archive's members) differs from its manifest; [] when none."""
    wheel = path.name.endswith(".whl")
    compiled = wheel and RECORD in files
    patterns = (*WHEEL, *(COMPILED if compiled else ())) if wheel else SDIST
    problems = []
    for name in sorted(files):
        if not any(fnmatch.fnmatchcase(name, p) for p in patterns):
            problems.append(f"{name}: not in the manifest")
        elif files[name] > (limit := MAX_COMPILED if _ext(name) else MAX_MEMBER):
            problems.append(f"{name}: {files[name]:,} bytes, more than {limit:,}")
    for pattern in patterns:
        if pattern.endswith(".pyd"):
            continue  # Windows' extension modules: either .so or .pyd
        if not any(fnmatch.fnmatchcase(name, pattern) for name in files):
            problems.append(f"{pattern}: missing")
    problems += [f"{module}: missing" for module in sorted(sources(root) - set(files))]
    if wheel and not compiled:
        problems += [f"{n}: a compiled module without a build record" for n in files if _ext(n)]
    return problems


def _ext(name: str) -> bool:
    return name.endswith((".so", ".pyd"))


def main(paths: list[str]) -> int:
    failed = False
    for arg in paths:
        path = Path(arg)
        if not path.name.endswith((".tar.gz", ".whl")):
            continue
        files = members(path)
        problems = check(path, files)
        for problem in problems:
            print(f"{path}: {problem}", file=sys.stderr)
        failed |= bool(problems)
        if not problems:
            built = "compiled" if RECORD in files else "pure Python"
            kind = f"wheel, {built}" if path.name.endswith(".whl") else "sdist"
            print(f"{path}: {len(files)} files as the manifest says ({kind})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
