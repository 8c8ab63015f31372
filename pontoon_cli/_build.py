"""Which build is running (compiled with mypyc, or pure Python), and a guard against stale builds.

The build hook (``setup.py``) compiles the engine-side modules with mypyc and writes a build record
beside them: for each compiled module, its source's size, mtime (ns) and SHA-256, and the compiled
file's name. At import, ``pontoon_cli/__init__.py`` calls :func:`check`, which stats each source
(and hashes only a source whose size or mtime differs from the record). If any compiled module
is missing or older than its source, or ``PONTOON_PURE=1`` is set, every compiled module is loaded
from its ``.py`` source instead (a compiled module never shadows a newer source; compiled and
source modules are never mixed). A stale build is not silent: the ``pontoon`` command prints
:func:`stale_warning` on stderr (importing the package from Python writes nothing).

This module is never compiled and imports only what the interpreter has already loaded, so the
check costs a few ``stat`` calls at start-up. ``setup.py`` loads it by path for the module list
and the record format, so the rule "which modules are compiled" is written once, here.
"""

from __future__ import annotations

import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES, ModuleSpec

PACKAGE = "pontoon_cli"
RECORD = "_build_record.txt"
SHARED = "_native"  # mypyc's group: one shared library, _native__mypyc.*.so
SHARED_TAG = "@shared"
COMPILED = "compiled"
PURE = "pure Python"

# What stays Python: the packages of the people's side (the CLI: typer, rich and the document
# readers gain nothing from compilation and load lazily; rendering; the views of a log, whose time
# is orjson's and rich's; scenarios; `pontoon strategy`'s exact calculations, a whole table in a
# tenth of a second as Python), every package's __init__, the package's own start-up, and a few
# modules named here: _help (help() on the compiled build: the docstrings mypyc leaves out of the
# public classes, read back from their sources), log.reader and log.output (the views' reader, and
# where output goes), casino.basic and traditional.equilibrium (each reads a JSON table once and
# answers from dicts: compiled, casino's decide() measured no faster), rulebook, base.plugin (it
# imports the user's own strategy), pytest_plugin (pytest's hooks and classes: it imports pytest,
# which only pytest loads), _version (a constant), core.stop (the stop signal's exception, a
# BaseException, and its state: a few calls a run), core.arguments (a public call's argument
# checks, a few calls a call; its ArgumentError is a TypeError too, which a native class cannot
# be), the API's log readers and simulation runner (api.logs, api.simulating, api.workers,
# api.dask: orjson's, the processes' and Dask's time), the API's types (api.types: TypedDicts,
# nothing runs) and its faces of stats, strategy and cases (api.charts, api.conformance: the work
# is in views, strategy and cases), and api.playing, the API's entry points (play, new_game,
# write_log, Game): they check a caller's arguments before a compiled call refuses them in
# mypyc's words, and keep the docstrings and signatures help() shows (mypyc drops a function's
# docstring); api.sinks, where its records go, is compiled. Every other module is compiled
# (core.cards too: its Card is a frozen dataclass, a native class when compiled), so a new
# engine-side module is picked up without editing a list. Modules are named by their dotted path
# below the package (``core.hands``).
NOT_COMPILED = frozenset(
    {
        "__main__",
        "_build",
        "_help",
        "_version",
        "rulebook",
        "log.reader",
        "log.output",
        "casino.basic",
        "traditional.equilibrium",
        "base.plugin",
        "core.arguments",
        "core.stop",
        "pytest_plugin",
        "api.logs",
        "api.playing",
        "api.simulating",
        "api.workers",
        "api.dask",
        "api.types",
        "api.charts",
        "api.conformance",
    }
)
# `pontoon cases` (cases) plays and replays once a command: it stays Python too.
NOT_COMPILED_PACKAGES = frozenset({"cli", "render", "views", "scenario", "solver", "conformance"})

_HEADER = "# pontoon build record: module source_size source_mtime_ns source_sha256 compiled_file"


def source_path(package_dir: str, module: str) -> str:
    """The source file of ``module`` (``core.hands`` -> ``PACKAGE_DIR/core/hands.py``)."""
    return os.path.join(package_dir, *module.split(".")) + ".py"


def compiled_modules(package_dir: str) -> list[str]:
    """The dotted names (``core.hands``, ``games``...) of the modules the build compiles, sorted."""
    names = []
    for folder, dirs, files in os.walk(package_dir):
        relative = os.path.relpath(folder, package_dir)
        parts = [] if relative == os.curdir else relative.split(os.sep)
        dirs[:] = [
            d
            for d in dirs
            if d.isidentifier() and os.path.exists(os.path.join(folder, d, "__init__.py"))
        ]
        if parts and parts[0] in NOT_COMPILED_PACKAGES:
            continue
        for entry in files:
            stem, dot, ext = entry.rpartition(".")
            if ext != "py" or not dot or not stem.isidentifier() or stem == "__init__":
                continue
            name = ".".join([*parts, stem])
            if name not in NOT_COMPILED:
                names.append(name)
    return sorted(names)


def source_hash(path: str) -> str:
    import hashlib

    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def record_line(package_dir: str, module: str, compiled_file: str) -> str:
    """One line of the build record for ``module``, whose compiled file is ``compiled_file``."""
    source = source_path(package_dir, module)
    st = os.stat(source)
    return f"{module} {st.st_size} {st.st_mtime_ns} {source_hash(source)} {compiled_file}"


def write_record(package_dir: str, lines: list[str]) -> None:
    with open(os.path.join(package_dir, RECORD), "w", encoding="utf-8") as f:
        f.write("\n".join([_HEADER, *lines]) + "\n")


class Record:
    """The build record as read back: module -> (size, mtime_ns, sha256, compiled file)."""

    def __init__(self, entries: dict[str, tuple[int, int, str, str]], shared: list[str]) -> None:
        self.entries = entries
        self.shared = shared  # the compiled files that are no module of ours (mypyc's library)


def read_record(package_dir: str) -> Record | None:
    """The build record, or None when there is none (a pure build). A bad record reads as empty."""
    try:
        with open(os.path.join(package_dir, RECORD), encoding="utf-8") as f:
            text = f.read()
    except OSError:
        return None
    entries: dict[str, tuple[int, int, str, str]] = {}
    shared = []
    for line in text.splitlines():
        parts = line.split(" ")
        if len(parts) == 2 and parts[0] == SHARED_TAG:
            shared.append(parts[1])
        if line.startswith("#") or len(parts) != 5:
            continue
        module, size, mtime, digest, compiled_file = parts
        if size.isdigit() and mtime.isdigit():
            entries[module] = (int(size), int(mtime), digest, compiled_file)
    return Record(entries, shared)


def _stray_compiled(package_dir: str) -> list[str]:
    """Modules with a compiled file but no build record to vouch for them."""
    found = []
    for folder, dirs, files in os.walk(package_dir):
        dirs[:] = [d for d in dirs if d.isidentifier()]
        relative = os.path.relpath(folder, package_dir)
        parts = [] if relative == os.curdir else relative.split(os.sep)
        for entry in files:
            for suffix in EXTENSION_SUFFIXES:
                if entry.endswith(suffix) and not entry.startswith(SHARED):
                    found.append(".".join([*parts, entry[: -len(suffix)]]))
                    break
    return sorted(found)


def _stale(package_dir: str, record: Record) -> str | None:
    """Why the compiled modules must not run (a source changed, a file is gone), or None."""
    for compiled_file in record.shared:
        if not os.path.exists(os.path.join(package_dir, compiled_file)):
            return f"the compiled library {compiled_file} is gone"
    for module, (size, mtime, digest, compiled_file) in record.entries.items():
        source = source_path(package_dir, module)
        try:
            st = os.stat(source)
        except OSError:
            return f"{module.replace('.', '/')}.py is gone"
        if not os.path.exists(os.path.join(package_dir, *compiled_file.split("/"))):
            return f"the compiled {module} ({compiled_file}) is gone"
        if st.st_size == size and st.st_mtime_ns == mtime:
            continue
        # Same content with a new mtime (a checkout, an install from a wheel) is not a change.
        if st.st_size != size or source_hash(source) != digest:
            return f"{module.replace('.', '/')}.py changed since the build"
    return None


class SourceFinder:
    """A meta-path finder that loads the named ``pontoon_cli`` modules from their sources."""

    def __init__(self, package_dir: str, modules: list[str]) -> None:
        self.package_dir = package_dir
        self.names = {f"{PACKAGE}.{m}": m for m in modules}

    def find_spec(
        self, fullname: str, path: object = None, target: object = None
    ) -> ModuleSpec | None:
        module = self.names.get(fullname)
        if module is None:
            return None
        from importlib.util import spec_from_file_location

        return spec_from_file_location(fullname, source_path(self.package_dir, module))


_state: dict[str, str] = {}


def check(package_dir: str) -> str:
    """Decide, once per process, which build runs: :data:`COMPILED` or :data:`PURE`.

    Loads every compiled module from its source when the build is stale (keeping the warning
    for :func:`stale_warning`); does the same, silently, under ``PONTOON_PURE=1``. Writes
    nothing: importing the package is quiet.
    """
    if "build" in _state:
        return _state["build"]
    record = read_record(package_dir)
    if record is None:
        modules = _stray_compiled(package_dir)
        problem = "compiled modules without a build record" if modules else None
    else:
        modules = sorted(record.entries)
        problem = _stale(package_dir, record) if modules else None
    build = COMPILED if modules and problem is None else PURE
    if modules and (problem is not None or os.environ.get("PONTOON_PURE") == "1"):
        if problem is not None and os.environ.get("PONTOON_PURE") != "1":
            _state["warning"] = (
                f"pontoon: warning: the compiled build is stale ({problem}); running the "
                "Python sources instead (rebuild: make, or pip install -e .)"
            )
        sys.meta_path.insert(0, SourceFinder(package_dir, modules))
        build = PURE
    _state["build"] = build
    return build


def stale_warning() -> str | None:
    """The one-line warning :func:`check` kept for a stale build (None when the build is sound,
    pure by choice, or unchecked). The ``pontoon`` command prints it on stderr."""
    return _state.get("warning")


def running_build(package_dir: str | None = None) -> str:
    """What actually runs, checked module by module (not just what the record claims).

    ``compiled`` only when every recorded module resolves to its compiled file; ``pure Python``
    when none does; otherwise names the modules that are not compiled.
    """
    from importlib.util import find_spec

    if package_dir is None:
        package_dir = os.path.dirname(__file__)
    record = read_record(package_dir)
    if record is None or not record.entries:
        return PURE
    not_compiled = []
    for module in sorted(record.entries):
        spec = find_spec(f"{PACKAGE}.{module}")
        origin = spec.origin if spec is not None else None
        if origin is None or not origin.endswith(tuple(EXTENSION_SUFFIXES)):
            not_compiled.append(module)
    if not not_compiled:
        return COMPILED
    if len(not_compiled) == len(record.entries):
        return PURE
    return "partly compiled (not: " + ", ".join(not_compiled) + ")"


if __name__ == "__main__":  # the Makefile: the compiled sources, its build stamp's prerequisites
    _here = os.path.dirname(os.path.abspath(__file__))
    print(" ".join(f"{PACKAGE}/{m.replace('.', '/')}.py" for m in compiled_modules(_here)))
