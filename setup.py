"""Build hook: compile the engine-side modules with mypyc, or fall back to pure Python.

All metadata is in pyproject.toml; this file only adds the compiled modules (README "Builds").

- ``PONTOON_PURE_BUILD=1`` builds pure Python on purpose (no mypyc, no C compiler needed).
- Without a working C compiler (or Python headers) the build warns in one line and is pure Python.
- After a compiled build, ``pontoon_cli/_build_record.txt`` records each compiled source's size,
  mtime and SHA-256, so that the package can refuse a compiled module older than its source.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import shutil
import sys
import sysconfig
import tempfile
import threading
import time
from pathlib import Path
from types import ModuleType

from setuptools import Distribution, Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
PACKAGE_DIR = HERE / "pontoon_cli"


def _load_build_module() -> ModuleType:
    """pontoon_cli/_build.py, loaded by path (importing the package would run its start-up)."""
    spec = importlib.util.spec_from_file_location("_pontoon_build", PACKAGE_DIR / "_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_build = _load_build_module()


def _warn(message: str) -> None:
    print(f"pontoon build: warning: {message}", file=sys.stderr, flush=True)


def _first_line(exc: BaseException) -> str:
    lines = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {lines[0]}" if lines else type(exc).__name__


# What an Extension is built from (its public constructor arguments, name aside).
_EXTENSION_FIELDS = (
    "sources",
    "include_dirs",
    "define_macros",
    "undef_macros",
    "library_dirs",
    "libraries",
    "runtime_library_dirs",
    "extra_objects",
    "extra_compile_args",
    "extra_link_args",
    "export_symbols",
    "swig_opts",
    "depends",
    "language",
    "optional",
    "py_limited_api",
)


class Progress:
    """What the build is doing, for the person waiting at ``make demo`` or ``python setup.py``.

    One line a step on stderr. On a terminal the compiling step also redraws one line in place
    each second: the module being compiled, how many are done, the seconds so far. A pipe, a CI
    log or ``TERM=dumb`` gets the step lines only (pip shows none of it unless ``-v``).
    """

    def __init__(self, total: int, every: float = 1.0) -> None:
        self.total = total
        self.every = every
        self.done = 0
        self.current = ""
        self.started = time.monotonic()
        self.live = sys.stderr.isatty() and os.environ.get("TERM", "") != "dumb"
        self._stop = threading.Event()
        self._drawer: threading.Thread | None = None

    @staticmethod
    def step(text: str) -> None:
        print(f"pontoon build: {text}", file=sys.stderr, flush=True)

    def start(self) -> None:
        self.started = time.monotonic()
        if self.live:
            self._drawer = threading.Thread(target=self._draw, daemon=True)
            self._drawer.start()

    def compiling(self, name: str) -> None:
        self.current = name

    def compiled(self) -> None:
        self.done += 1

    def finish(self, text: str) -> None:
        if self._drawer is not None:
            self._stop.set()
            self._drawer.join()
            print("\r\033[K", end="", file=sys.stderr, flush=True)
        self.step(f"{text} in {time.monotonic() - self.started:.0f} s")

    def _draw(self) -> None:
        while not self._stop.wait(self.every):
            seconds = time.monotonic() - self.started
            line = f"  {self.done}/{self.total} compiled · now {self.current} · {seconds:.0f} s"
            print(f"\r\033[K{line}", end="", file=sys.stderr, flush=True)


class BinaryDistribution(Distribution):
    """Always run build_ext: it decides, when it runs, whether to compile (see BuildExt)."""

    def has_ext_modules(self) -> bool:
        return True


class BuildExt(build_ext):
    """Compile with mypyc when a C compiler works; otherwise a pure-Python build, with a warning."""

    def finalize_options(self) -> None:
        self._modules: list[str] = _build.compiled_modules(str(PACKAGE_DIR))
        self._pure: str | None = self._pure_reason()
        if self._pure is None:
            # Named placeholders, filled by mypyc when the command runs: pip finalizes this
            # command in each of its three build steps, and mypyc need run in one only.
            names = [f"pontoon_cli.{m}" for m in [*self._modules, f"{_build.SHARED}__mypyc"]]
            self.distribution.ext_modules = [Extension(name, sources=[]) for name in names]
        super().finalize_options()

    def run(self) -> None:
        out_dir = PACKAGE_DIR if self.inplace else Path(self.build_lib) / "pontoon_cli"
        if self._pure is None:
            Progress.step(f"mypyc: type-checking {len(self._modules)} modules and writing their C")
            try:
                self._mypycify()
            except (Exception, SystemExit) as exc:  # mypyc missing or refusing: a pure build
                self._pure = f"mypyc failed ({_first_line(exc)})"
        if self._pure is None:
            self._progress = Progress(len(self.extensions))
            Progress.step(
                f"compiling the C of {self._progress.total} extension "
                "modules (about 2 minutes on a 2-core machine; most of it is one shared library)"
            )
            self._progress.start()
            try:
                super().run()
                self._remove_leftovers(out_dir)
                self._write_record(out_dir)
                self._progress.finish(f"compiled {len(self._modules)} modules")
                return
            except (Exception, SystemExit) as exc:  # any failure to compile: a pure build
                self._progress.finish("compiling stopped")
                self._pure = f"compiling failed ({_first_line(exc)})"
        if self._pure != "PONTOON_PURE_BUILD=1":
            _warn(f"{self._pure}; building pure Python (same behaviour, slower)")
        self.extensions = []
        self._remove_compiled(out_dir)

    def _mypycify(self) -> None:
        """Generate the C code and fill in the placeholder extensions from mypyc's."""
        from mypyc.build import mypycify

        os.chdir(HERE)  # mypycify takes paths relative to the project
        generated = mypycify(
            # pontoon_cli/__init__.py's _MYPYC_BUILD: the pytest fixture's type, which imports
            # pytest, is left out of the build's check (a build environment has no pytest)
            [
                "--always-true",
                "_MYPYC_BUILD",
                *(f"pontoon_cli/{m.replace('.', '/')}.py" for m in self._modules),
            ],
            opt_level="3",
            # the shared library lives in the package (pontoon_cli/_native__mypyc...so), not
            # beside it, so an editable install finds it
            group_name=f"pontoon_cli.{_build.SHARED}",
        )
        placeholders = {ext.name: ext for ext in self.extensions}
        if sorted(placeholders) != sorted(ext.name for ext in generated):
            raise RuntimeError(
                f"mypyc made {[e.name for e in generated]}, not {list(placeholders)}"
            )
        for ext in generated:
            for attr in _EXTENSION_FIELDS:
                setattr(placeholders[ext.name], attr, getattr(ext, attr))

    def build_extension(self, ext: Extension) -> None:
        name = ext.name.removeprefix("pontoon_cli.")
        shared = name == f"{_build.SHARED}__mypyc"
        self._progress.compiling("the shared library (most of the C)" if shared else name)
        super().build_extension(ext)
        self._progress.compiled()

    def get_outputs(self) -> list[str]:
        return [] if self._pure is not None else list(super().get_outputs())

    def _pure_reason(self) -> str | None:
        if os.environ.get("PONTOON_PURE_BUILD") == "1":
            return "PONTOON_PURE_BUILD=1"
        return self._compiler_problem()

    def _compiler_problem(self) -> str | None:
        """Compile a one-line C file that includes Python.h; why it failed, or None."""
        from setuptools._distutils.ccompiler import new_compiler
        from setuptools._distutils.sysconfig import customize_compiler

        tmp = tempfile.mkdtemp(prefix="pontoon-cc-")
        try:
            source = os.path.join(tmp, "probe.c")
            with open(source, "w", encoding="ascii") as f:
                f.write("#include <Python.h>\nint pontoon_probe(void) { return 0; }\n")
            compiler = new_compiler()
            customize_compiler(compiler)
            include = sysconfig.get_paths()["include"]
            with open(os.devnull, "w") as devnull:
                saved = os.dup(2)
                os.dup2(devnull.fileno(), 2)  # the compiler's own complaint is noise here
                try:
                    compiler.compile([source], output_dir=tmp, include_dirs=[include])
                finally:
                    os.dup2(saved, 2)
                    os.close(saved)
        except Exception as exc:  # any failure: no usable compiler
            cc = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
            return f"no working C compiler ({cc.split()[0]}: {type(exc).__name__})"
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        return None

    def _write_record(self, out_dir: Path) -> None:
        shared = Path(self.get_ext_fullpath(f"pontoon_cli.{_build.SHARED}__mypyc")).name
        lines = [f"{_build.SHARED_TAG} {shared}"]
        for module in self._modules:
            # the compiled file's path below the package, folders joined by "/": core/hands.*.so
            folder, _, _ = module.rpartition(".")
            name = Path(self.get_ext_fullpath(f"pontoon_cli.{module}")).name
            compiled = f"{folder.replace('.', '/')}/{name}" if folder else name
            lines.append(_build.record_line(str(PACKAGE_DIR), module, compiled))
        out_dir.mkdir(parents=True, exist_ok=True)
        _build.write_record(str(out_dir), lines)

    def _remove_leftovers(self, out_dir: Path) -> None:
        """Remove a compiled file an earlier build left of a module compiled no more: Python
        would import it before the module's source."""
        built = {*self._modules, f"{_build.SHARED}__mypyc"}
        suffixes = importlib.machinery.EXTENSION_SUFFIXES  # the most specific first
        for path in out_dir.rglob("*"):
            suffix = next((s for s in suffixes if path.name.endswith(s)), None)
            if suffix is None:
                continue
            parts = path.relative_to(out_dir).parts
            if ".".join((*parts[:-1], path.name.removesuffix(suffix))) not in built:
                path.unlink()

    def _remove_compiled(self, out_dir: Path) -> None:
        """A pure build leaves no compiled module or record behind to shadow the sources."""
        (out_dir / _build.RECORD).unlink(missing_ok=True)
        for module in [*self._modules, f"{_build.SHARED}__mypyc"]:
            for suffix in importlib.machinery.EXTENSION_SUFFIXES:
                (
                    out_dir.joinpath(*module.split(".")).with_name(
                        module.rpartition(".")[2] + suffix
                    )
                ).unlink(missing_ok=True)


if __name__ == "__main__":  # pip's build backend runs this file as __main__ too
    setup(distclass=BinaryDistribution, cmdclass={"build_ext": BuildExt})
