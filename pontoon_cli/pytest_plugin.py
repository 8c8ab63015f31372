"""The pontoon pytest plugin: game logs and scenario files as test items, and a ``pontoon`` fixture.

pytest loads it through the ``pytest11`` entry point ``pontoon`` (pyproject.toml) wherever
pontoon-cli is installed; it is the only module of the package that imports pytest (README
"Checks in pre-commit and pytest").

- The ini keys ``pontoon_logs`` and ``pontoon_scenarios`` (``[tool.pytest.ini_options]``) name files
  by glob, relative to the rootdir. Each log is an item ``FILE::replay`` that fails with its
  divergences as ``pontoon replay`` prints them (the first 20, then how many more), or with the
  one-line error of a log that cannot be read. Each scenario is an item ``FILE::scenario`` that
  fails with its unmet expectations, as ``pontoon play SCENARIO`` prints them, or with the
  problems of a scenario that cannot be read. No Python traceback: the message is the report.
- Run without file arguments, pytest collects every matching file (also outside its testpaths);
  given paths, only the matching files under them.
- The ini key ``pontoon_coverage_fail_under`` (a percentage) tallies the rules the configured
  logs exercised, as ``pontoon replay --coverage`` does, reports the coverage in the terminal
  summary, and fails the session (exit 1) when it is under that percentage.
- A glob that matches no file is a ``PytestConfigWarning`` placed at the line of the config file
  that set it (``pyproject.toml:3``), naming the key and the file.
- The ``pontoon`` fixture (:class:`PontoonFixture`, exported as ``pontoon_cli.PontoonFixture``)
  is the whole public API, so inside a test it stands for ``import pontoon_cli as pontoon``:
  every public name (``pontoon.Rules``, ``pontoon.simulate``...), with ``verify``, ``read_log``
  and ``play``'s ``scenario=`` taking a relative path from the rootdir, and
  ``assert_replays`` and ``settlement`` (a scenario's whole settlement as plain data, for a
  snapshot).
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from pontoon_cli.api.logs import LogSource as Source
    from pontoon_cli.api.types import LogRecord
    from pontoon_cli.logformat.divergence import Divergence
    from pontoon_cli.replay.coverage import RuleCoverage

SHOWN = 20  # the divergences a failing log shows; then "and N more divergences"
_FILES = pytest.StashKey[dict[Path, "type[PontoonFile]"]]()  # each configured file, its kind
_COLLECTED = pytest.StashKey[set[Path]]()  # the configured files pytest found by itself
_COVERAGE = pytest.StashKey["RuleCoverage | None"]()  # pontoon_coverage_fail_under: the tally
_FAIL_UNDER = pytest.StashKey["float | None"]()

# What a settled deal keeps (when its record has it), and of each hand.
_DEAL_KEYS = ("deal", "banker", "void", "net", "balance", "next_banker", "kitty")
_HAND_KEYS = ("player", "hand", "class", "total", "net", "rule")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addini(
        "pontoon_logs",
        "pontoon: game logs (globs relative to the rootdir) that `pontoon replay` must verify",
        type="linelist",
        default=[],
    )
    parser.addini(
        "pontoon_scenarios",
        "pontoon: scenario files (globs relative to the rootdir) whose expectations must hold",
        type="linelist",
        default=[],
    )
    parser.addini(
        "pontoon_coverage_fail_under",
        "pontoon: the least percentage of the rules the logs must exercise (replay --coverage)",
        type="string",
        default="",
    )


def pytest_configure(config: pytest.Config) -> None:
    files: dict[Path, type[PontoonFile]] = {}
    for key, kind in (("pontoon_logs", LogFile), ("pontoon_scenarios", ScenarioFile)):
        for pattern in config.getini(key):
            matched = _glob(config.rootpath, key, pattern)
            if not matched:
                _matches_none(config, key, pattern)
            for path in matched:
                files.setdefault(path, kind)
    config.stash[_FILES] = files
    config.stash[_COLLECTED] = set()
    config.stash[_FAIL_UNDER] = _fail_under(config.getini("pontoon_coverage_fail_under"))
    if config.stash[_FAIL_UNDER] is None:
        config.stash[_COVERAGE] = None
    else:
        from pontoon_cli.replay.coverage import RuleCoverage

        config.stash[_COVERAGE] = RuleCoverage()


def _matches_none(config: pytest.Config, key: str, pattern: str) -> None:
    """The warning for a glob that matches no file, where the user set it: at its line of the
    config file (``pyproject.toml:3``, its text shown under it), naming the key and the file;
    given by ``-o``, it says so."""
    overrides = getattr(config.option, "override_ini", None) or []
    given = [o for o in overrides if o.partition("=")[0].strip() == key]
    inipath = config.inipath
    line = None if given or inipath is None else _line_of(inipath, key, pattern)
    source = "-o" if given else "the config" if inipath is None else _shown(inipath)
    warning = pytest.PytestConfigWarning(
        f"{key} in {source}: {pattern!r} matches no file under {config.rootpath}"
    )
    if inipath is None or line is None:
        config.issue_config_time_warning(warning, 2)
        return
    # pytest places a configure-time warning at its caller's frame (its filters and report as
    # for its own): a caller compiled as that line of the config file is that line
    text = "\n" * (line - 1) + "warn = lambda c, w: c.issue_config_time_warning(w, 2)\n"
    namespace: dict[str, Any] = {"__name__": __name__}
    exec(compile(text, _shown(inipath), "exec"), namespace)
    namespace["warn"](config, warning)


def _line_of(path: Path, key: str, pattern: str) -> int | None:
    """The line of ``path`` that gives ``key`` its ``pattern`` (the key's own line when no line
    of its value holds it); None when the file sets no ``key``."""
    import re

    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return None
    setting = re.compile(r"\s*([\w.-]+)\s*[=:]|\s*\[")  # a key's first line, or a section
    for start, text in enumerate(lines):
        found = setting.match(text)
        if found is None or found.group(1) != key:
            continue
        for i in range(start, len(lines)):
            if i > start and setting.match(lines[i]):  # the next key: the value has ended
                break
            if pattern in lines[i]:
                return i + 1
        return start + 1
    return None


def _fail_under(value: object) -> float | None:
    """The ini key's percentage; a usage error (exit 4) for anything but 0 to 100."""
    text = str(value).strip()
    if not text:
        return None
    try:
        pct = float(text)
    except ValueError:
        pct = -1.0
    if not 0 <= pct <= 100:
        raise pytest.UsageError(
            f"pontoon_coverage_fail_under: {text!r} is not a percentage from 0 to 100"
        )
    return pct


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    """The rules the configured logs exercised, as ``replay --coverage`` prints them."""
    coverage = config.stash.get(_COVERAGE, None)
    if coverage is None or not coverage.rules:
        return
    from pontoon_cli.replay.coverage import coverage_table, coverage_under

    report = coverage.report()
    terminalreporter.section("pontoon rule coverage")
    terminalreporter.write(coverage_table(report))
    under = coverage_under(report, config.stash[_FAIL_UNDER])
    if under is not None:
        terminalreporter.write_line(under.replace("--fail-under", "pontoon_coverage_fail_under"))


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Fail the session when the logs exercised too few rules (exit 1, as a failed test)."""
    coverage = session.config.stash.get(_COVERAGE, None)
    if coverage is None or exitstatus != 0 or not coverage.rules:
        return
    from pontoon_cli.replay.coverage import coverage_under

    if coverage_under(coverage.report(), session.config.stash[_FAIL_UNDER]) is not None:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def _glob(root: Path, key: str, pattern: str) -> list[Path]:
    """The files ``pattern`` matches under ``root``; a usage error (exit 4) for an absolute or
    malformed one (``logs/**x``: ``**`` must be a whole part of the path)."""
    if not pattern or Path(pattern).is_absolute():
        raise pytest.UsageError(f"{key}: {pattern!r} is not a glob relative to the rootdir")
    if any("**" in part and part != "**" for part in pattern.replace("\\", "/").split("/")):
        # Python 3.12 refuses it, 3.13 reads it as *: one answer on every Python
        raise pytest.UsageError(
            f"{key}: {pattern!r} is not a glob: ** must be a whole part of the path "
            "(logs/**/*.jsonl)"
        )
    try:
        return sorted(path.resolve() for path in root.glob(pattern) if path.is_file())
    except ValueError as err:
        raise pytest.UsageError(f"{key}: {pattern!r} is not a glob: {err}") from None


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    files = parent.config.stash[_FILES]
    if not files:
        return None
    path = file_path.resolve()
    if path not in files:
        return None
    parent.config.stash[_COLLECTED].add(path)
    return files[path].from_parent(parent, path=file_path)


@pytest.hookimpl(tryfirst=True)  # before -k and -m deselect
def pytest_collection_modifyitems(
    session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
) -> None:
    """Without file arguments, the configured files pytest did not find under its testpaths."""
    if config.args_source == pytest.Config.ArgsSource.ARGS:
        return
    for path, kind in config.stash[_FILES].items():
        if path not in config.stash[_COLLECTED]:
            items.extend(kind.from_parent(session, path=path).collect())


def _shown(path: Path) -> str:
    """The path as the CLI's messages show it: relative to the current folder when below it."""
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:  # elsewhere, or already relative
        return str(path)


# the items -------------------------------------------------------------------------------------


class Failed(Exception):
    """An item's failure: its message is the whole report."""


class PontoonItem(pytest.Item):
    kind = ""  # the item's name
    command = ""  # the pontoon command that runs the same check

    def reportinfo(self) -> tuple[Path, int | None, str]:
        """The head of a failure's report: the command that prints the same lines."""
        return self.path, None, f"pontoon {self.command} {_shown(self.path)}"

    def repr_failure(
        self,
        excinfo: pytest.ExceptionInfo[BaseException],
        style: Any = None,
    ) -> Any:
        if isinstance(excinfo.value, Failed):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style=style)


class LogItem(PontoonItem):
    """A log that ``pontoon replay`` must verify: every card, decision and payout."""

    kind = "replay"
    command = "replay"

    def runtest(self) -> None:
        report = replay_report(self.path, coverage=self.config.stash.get(_COVERAGE, None))
        if report:
            raise Failed(report)


class ScenarioItem(PontoonItem):
    """A scenario whose every expectation must hold when it is played."""

    kind = "scenario"
    command = "play"

    def runtest(self) -> None:
        from pontoon_cli.api.playing import play
        from pontoon_cli.core.errors import PontoonError

        try:
            for _ in play(scenario=_shown(self.path)):
                pass
        except PontoonError as err:  # an unmet expectation, an unreadable scenario
            raise Failed(str(err)) from None


class PontoonFile(pytest.File):
    """A configured log or scenario: one item, named after what it checks."""

    item_class: type[PontoonItem]

    def collect(self) -> Iterator[pytest.Item]:
        yield self.item_class.from_parent(self, name=self.item_class.kind)


class LogFile(PontoonFile):
    item_class = LogItem


class ScenarioFile(PontoonFile):
    item_class = ScenarioItem


def replay_report(
    source: Source, *, seeded: bool = False, coverage: RuleCoverage | None = None
) -> str:
    """What ``pontoon replay`` prints for ``source``: its divergences, one a line (the first
    :data:`SHOWN`, then how many more), or the one-line error of an unreadable log; "" when
    every deal verifies."""
    from pontoon_cli.api.logs import verify
    from pontoon_cli.core.errors import PontoonError

    if isinstance(source, Path):
        source = _shown(source)
    shown, total = [], 0
    try:
        for divergence in verify(source, seeded=seeded, coverage=coverage):
            total += 1
            if total <= SHOWN:
                shown.append(str(divergence))
    except PontoonError as err:  # unreadable: the one line replay prints
        return str(err)
    if total > SHOWN:
        shown.append(f"and {total - SHOWN} more divergences")
    return "\n".join(shown)


# the fixture -----------------------------------------------------------------------------------


def _face() -> Any:
    """The package's face, ``pontoon_cli`` itself: loaded before any module of the package, so
    read where it is, not imported (no module imports the face: pyproject's import contract)."""
    import sys

    return sys.modules[__name__.rpartition(".")[0]]


class PontoonFixture:
    """What the ``pontoon`` fixture gives a test: the whole public API of ``pontoon_cli``, so
    that inside a test it stands for ``import pontoon_cli as pontoon`` (which its name shadows
    there): ``pontoon.Rules``, ``pontoon.simulate``, ``pontoon.StrategyError``... are
    ``pontoon_cli``'s own. What reads a file takes a relative path from the rootdir, like the ini
    globs, whatever the current folder: :meth:`verify`, :meth:`read_log`, :meth:`play`'s
    ``scenario=``, :meth:`assert_replays`, :meth:`settlement`. Annotate with
    ``pontoon_cli.PontoonFixture``::

        from pontoon_cli import PontoonFixture

        def test_my_engine(pontoon: PontoonFixture) -> None:
            pontoon.assert_replays("logs/engine.jsonl")
    """

    def __init__(self, rootpath: Path) -> None:
        self.rootpath = rootpath

    def __getattr__(self, name: str) -> Any:
        """``pontoon_cli``'s public ``name``."""
        face = _face()
        if name not in face.__all__:
            raise AttributeError(
                f"the pontoon fixture has no attribute {name!r}: it has pontoon_cli's public "
                "names, path, assert_replays and settlement"
            )
        return getattr(face, name)

    def __dir__(self) -> list[str]:
        return sorted({*super().__dir__(), *_face().__all__})

    def path(self, path: str | os.PathLike[str]) -> Path:
        """``path``, a relative one taken from the rootdir, as the current folder names it."""
        return Path(_shown(self.rootpath / path))

    def _source(self, source: Source) -> Source:
        from pontoon_cli.api.logs import is_log_text

        if isinstance(source, str) and is_log_text(source):
            return source  # the log's text, not a path
        return self.path(source) if isinstance(source, str | os.PathLike) else source

    def verify(self, source: Source, *, seeded: bool = False) -> Iterator[Divergence]:
        """``pontoon_cli.verify``: the divergences of a log (a path, its text, a handle, or its
        lines or records)."""
        from pontoon_cli.api.logs import verify

        return verify(self._source(source), seeded=seeded)

    def read_log(self, source: Source, visitor: Any = None) -> Any:
        """``pontoon_cli.read_log``: a log's records, or ``visitor``'s result."""
        from pontoon_cli.api.logs import read_log

        return read_log(self._source(source), visitor)

    def play(
        self, *args: Any, scenario: str | os.PathLike[str] | None = None, **settings: Any
    ) -> Iterator[LogRecord]:
        """``pontoon_cli.play``: the log's records (header, then each deal) of seeded play
        (``rules``, ``table``, ``seed=``, ``deals=``...) or of a ``scenario=`` file."""
        from pontoon_cli.api.playing import play

        if scenario is not None:
            settings["scenario"] = self.path(scenario)
        return play(*args, **settings)

    def assert_replays(self, source: Source, *, seeded: bool = False) -> None:
        """Fail the test, with what ``pontoon replay`` prints, unless every deal verifies."""
        report = replay_report(self._source(source), seeded=seeded)
        if report:
            pytest.fail(report, pytrace=False)

    def settlement(self, scenario: str | os.PathLike[str]) -> dict[str, Any]:
        """A scenario's whole settlement as plain data, for ``assert ... == snapshot``: per deal
        its number, banker, nets, balances and each hand's class, total, net and rule. Fails the
        test on an unmet expectation or an unreadable scenario, with ``pontoon play``'s message."""
        from pontoon_cli.core.errors import PontoonError

        deals = []
        try:
            for record in self.play(scenario=scenario):
                if record.get("type") != "header":
                    deals.append(_settled(record))
        except PontoonError as err:
            failure = str(err)
        else:
            return {"deals": deals}
        pytest.fail(failure, pytrace=False)  # outside the except: no "during handling" report


def _settled(record: Mapping[str, Any]) -> dict[str, Any]:
    settled = {key: record[key] for key in _DEAL_KEYS if key in record}
    settled["hands"] = [
        {key: hand[key] for key in _HAND_KEYS if key in hand} for hand in record.get("hands", [])
    ]
    for key in ("banker_hand", "dealer_hand"):
        if isinstance(record.get(key), dict):
            settled[key] = {k: record[key][k] for k in ("class", "total") if k in record[key]}
    return settled


@pytest.fixture
def pontoon(pytestconfig: pytest.Config) -> PontoonFixture:
    """The pontoon API for a test (:class:`PontoonFixture`): every public name of
    ``pontoon_cli``, paths from the rootdir, ``assert_replays`` and ``settlement``."""
    return PontoonFixture(pytestconfig.rootpath)
