"""The project's own mutation run: small changes to the code, one at a time, against its tests.

    python tools/mutate.py core.hands core.settle   # the default test subset of each module
    python tools/mutate.py traditional.deal --sample 60 --seed 1   # a seeded sample of its mutants
    python tools/mutate.py traditional.pack=tests/replay/test_replay.py,tests/log/test_log.py
    python tools/mutate.py core.hands --list        # the mutants, without running them
    python tools/mutate.py core.hands --only 52     # only the mutants of line 52

A module is a dotted name below pontoon_cli/ (``core.hands``) or a path, optionally followed by
``=`` and a comma-separated list of test files; without it the test subset in ``TESTS`` is used
(by the module's name, else by its subpackage's: ``traditional.pack`` takes replay's), or, for a
module it does not know, ``tests/**/test_<stem>.py`` when that exists, else the whole suite.

Each mutant is written into a private copy of the project (the working tree is never touched), and
its tests run there with ``pytest -x -q`` under a time limit. A mutant is killed when the tests fail
(or time out), and survives when they pass. Operators: comparison boundaries and negations
(``<`` ↔ ``<=``, ``==`` ↔ ``!=``, ``is`` ↔ ``is not``, ``in`` ↔ ``not in``), ``and`` ↔ ``or``,
``+`` ↔ ``-``, ``*`` → ``+``, ``+=`` ↔ ``-=``, integer constants ±1, ``True`` ↔ ``False``,
``not x`` → ``x``, ``-x`` → ``x``, a rule ID in a string (``"T7.1"`` → ``"T7"``), a negated
``if``/``while`` condition, and a changed return value (a ``bool`` function returns the opposite,
an ``int`` one returns one more). Docstrings, annotations and f-string messages are left alone.

The mutants shown to change nothing a user can observe are listed, each with why, in
``tools/equivalent-mutants.toml`` (never in the production code): an entry names the module, the
source line's code (found by its text, not its number), the mutations it covers (``'0' -> '(-1)'``,
as the run prints them; without any, every mutant of the line) and the reason; those mutants are
skipped. An entry whose line is no longer in its module is reported on stderr. The body of an
``if`` marked ``# pragma: no cover`` (code the project declares unreachable) is skipped too.
Skipped mutants are counted as "marked". Exit 0 when no mutant survives, 1 otherwise, 2 on bad
usage or when the unmutated tests fail.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "pontoon_cli"
EQUIVALENTS = Path("tools/equivalent-mutants.toml")  # relative to ROOT
RULE_ID = re.compile(r"[TVSC]\d+(?:\.\d+)?")

#: The tests relevant to each module: what exercises it directly, plus the end-to-end checks of it.
#: The traditional deal and game, rule by rule (T1, T3, T4; T5, T6; T7, T8).
_DEAL_TESTS = [
    "tests/traditional/test_engine.py",
    "tests/traditional/test_turns.py",
    "tests/traditional/test_settlement.py",
]
_ENGINE_TESTS = [
    *_DEAL_TESTS,
    "tests/core/test_hands.py",
    "tests/core/test_settle.py",
    "tests/traditional/test_options.py",
    "tests/traditional/test_boundaries.py",
    "tests/scenario/test_scenarios.py",
    "tests/traditional/test_properties.py",
]
#: Keyed by a module's dotted name below the package (``core.hands``) or by a subpackage
#: (``shoot``: every module in it).
TESTS: dict[str, list[str]] = {
    "core.hands": [
        "tests/core/test_hands.py",
        *_DEAL_TESTS,
        "tests/traditional/test_options.py",
        "tests/traditional/test_boundaries.py",
    ],
    "core.settle": [
        "tests/core/test_settle.py",
        *_DEAL_TESTS,
        "tests/traditional/test_options.py",
        "tests/traditional/test_boundaries.py",
        "tests/scenario/test_scenarios.py",
        "tests/casino/test_casino.py",  # settle_casino, the casino table (C2, C5, C10, C11)
    ],
    # the traditional deal and game: the same tests exercise every module of the package
    "traditional": _ENGINE_TESTS,
    # replay and every module of its package
    "replay": [
        "tests/replay/test_replay.py",
        "tests/replay/test_replay_numbers.py",
        "tests/replay/test_replay_cli.py",
        "tests/replay/test_replay_tamper.py",
        "tests/replay/test_replay_bank_cut.py",
        "tests/replay/test_replay_edges.py",
        "tests/replay/test_replay_input.py",
        "tests/replay/test_replay_schema.py",
        "tests/replay/test_replay_seeded.py",
        "tests/replay/test_replay_game.py",  # the one per-deal pipeline and its hooks
        "tests/shoot/test_shoot_replay.py",  # the kitty carried between deals
        "tests/log/test_log.py",
        "tests/traditional/test_boundaries.py",
    ],
}
# the record checks, sources, divergences and the replay pipeline's base: replay's tests
TESTS["logformat"] = TESTS["replay"]
# the traditional game's hooks of replay's pipeline, its field and pack checks: replay's tests
for _name in ("traditional.replay", "traditional.compare", "traditional.pack"):
    TESTS[_name] = TESTS["replay"]
# reading a log's lines: replay's tests and the views' reader's
TESTS["logformat.lines"] = [
    *TESTS["replay"],
    "tests/log/test_log_read.py",
    "tests/log/test_log_visitor.py",
]
# the Shoot game (its kitty, log, players and replay) and the casino game (its log, players and
# replay): each family's own tests
_SHOOT_TESTS = [
    "tests/shoot/test_shoot.py",
    "tests/shoot/test_shoot_log.py",
    "tests/shoot/test_shoot_rule_ids.py",
    "tests/shoot/test_shoot_scenario.py",
    "tests/shoot/test_shoot_replay.py",
    "tests/shoot/test_kitty.py",
]
_CASINO_TESTS = [
    "tests/casino/test_casino.py",
    "tests/casino/test_casino_rules.py",
    "tests/casino/test_casino_replay.py",
    "tests/casino/test_casino_replay_fields.py",
    "tests/casino/test_casino_replay_tamper.py",
]
TESTS["shoot"] = _SHOOT_TESTS
TESTS["casino"] = _CASINO_TESTS
TESTS["solver.casino"] = ["tests/strategy/test_strategy.py", "tests/casino/test_casino_basic.py"]
# what every game shares (the base deal: the stakes, the turn check; the players' protocol and
# random): the tests of the base, and of each game that extends it
_EACH_GAME = ["tests/base/test_base.py", "tests/shoot/test_shoot.py", "tests/casino/test_casino.py"]
TESTS["base.deal"] = [*_ENGINE_TESTS, *_EACH_GAME, "tests/casino/test_casino_rules.py"]
TESTS["base.players"] = [
    *_EACH_GAME,
    *_DEAL_TESTS,
    "tests/traditional/test_doubles_and_burning.py",  # the random banker (V3)
    "tests/casino/test_casino_rules.py",
]

_CMP_SWAPS: dict[type[ast.cmpop], tuple[type[ast.cmpop], ...]] = {
    ast.Lt: (ast.LtE, ast.GtE),
    ast.LtE: (ast.Lt, ast.Gt),
    ast.Gt: (ast.GtE, ast.LtE),
    ast.GtE: (ast.Gt, ast.Lt),
    ast.Eq: (ast.NotEq,),
    ast.NotEq: (ast.Eq,),
    ast.Is: (ast.IsNot,),
    ast.IsNot: (ast.Is,),
    ast.In: (ast.NotIn,),
    ast.NotIn: (ast.In,),
}
_BIN_SWAPS: dict[type[ast.operator], type[ast.operator]] = {
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.Add,
}


@dataclass(frozen=True)
class Mutant:
    """One change: the source span it replaces, the new text, and how to describe it."""

    path: Path  # relative to ROOT
    line: int
    start: tuple[int, int]  # (line, column) of the replaced span, 1-based line
    end: tuple[int, int]
    before: str
    after: str

    def describe(self) -> str:
        return f"{self.path}:{self.line}: {self.before!r} -> {self.after!r}"

    def apply(self, source: str) -> str:
        lines = source.splitlines(keepends=True)
        offsets = [0]
        for text in lines:
            offsets.append(offsets[-1] + len(text.encode()))
        data = source.encode()
        a = offsets[self.start[0] - 1] + self.start[1]
        b = offsets[self.end[0] - 1] + self.end[1]
        return (data[:a] + self.after.encode() + data[b:]).decode()


# finding mutants ---------------------------------------------------------------------------------


def _skipped_nodes(tree: ast.Module) -> set[int]:
    """Docstrings and type annotations: changing them changes no behaviour."""
    skip: set[int] = set()

    def mark(node: ast.AST | None) -> None:
        if node is not None:
            skip.update(id(n) for n in ast.walk(node))

    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            value = body[0].value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                mark(body[0])
        if isinstance(node, ast.arg):
            mark(node.annotation)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            mark(node.returns)
        elif isinstance(node, ast.AnnAssign):
            mark(node.annotation)
        elif isinstance(node, ast.JoinedStr):  # message text
            mark(node)
    return skip


def _returns(tree: ast.Module) -> dict[int, str]:
    """For every ``return`` with a value: the return annotation of its function, as written."""
    out: dict[int, str] = {}
    for func in ast.walk(tree):
        if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)) or func.returns is None:
            continue
        kind = ast.unparse(func.returns)
        stack: list[ast.AST] = list(func.body)
        while stack:
            node = stack.pop()
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue
            if isinstance(node, ast.Return) and node.value is not None:
                out[id(node)] = kind
            stack.extend(ast.iter_child_nodes(node))
    return out


def _variants(node: ast.AST, returns: dict[int, str]) -> Iterator[tuple[ast.AST, str]]:
    """(the node to replace, its new source) for every mutation of ``node``."""
    if isinstance(node, ast.Compare):
        for i, op in enumerate(node.ops):
            for new in _CMP_SWAPS.get(type(op), ()):
                ops = [*node.ops]
                ops[i] = new()
                yield node, ast.unparse(ast.Compare(node.left, ops, node.comparators))
    elif isinstance(node, ast.BoolOp):
        other = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        yield node, ast.unparse(ast.BoolOp(other, node.values))
    elif isinstance(node, ast.BinOp) and type(node.op) in _BIN_SWAPS:
        yield node, ast.unparse(ast.BinOp(node.left, _BIN_SWAPS[type(node.op)](), node.right))
    elif isinstance(node, ast.AugAssign) and type(node.op) in (ast.Add, ast.Sub):
        other = ast.Sub() if isinstance(node.op, ast.Add) else ast.Add()
        yield node, ast.unparse(ast.AugAssign(node.target, other, node.value))
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.Not, ast.USub)):
        yield node, f"({ast.unparse(node.operand)})"
    elif isinstance(node, ast.Constant) and type(node.value) is bool:
        yield node, repr(not node.value)
    elif isinstance(node, ast.Constant) and isinstance(node.value, str):
        if RULE_ID.fullmatch(node.value):  # a rule ID a user reads: T7.1 -> T7, V5 -> V5.1
            head, dot, _ = node.value.partition(".")
            yield node, repr(head if dot else f"{head}.1")
    elif isinstance(node, ast.Constant) and type(node.value) is int:
        yield node, repr(node.value + 1)
        yield node, repr(node.value - 1)
    elif isinstance(node, (ast.If, ast.While)) and not isinstance(
        node.test, (ast.Compare, ast.UnaryOp)
    ):  # a comparison or a `not` is already negated above
        yield node.test, f"not ({ast.unparse(node.test)})"
    elif isinstance(node, ast.Return) and node.value is not None and id(node) in returns:
        kind = returns[id(node)]
        if kind == "bool":
            yield node.value, f"not ({ast.unparse(node.value)})"
        elif kind == "int":
            yield node.value, f"({ast.unparse(node.value)}) + 1"


@dataclass(frozen=True)
class Equivalent:
    """An entry of the equivalent-mutants file: the mutants of ``source`` (a line's code, in
    ``module``) that change nothing observable; ``mutations`` None: all of them. ``above``, the
    code of the line right above, tells apart two lines of the same code."""

    module: str
    source: str
    mutations: frozenset[str] | None
    reason: str
    above: str | None = None

    def at(self, lines: list[str], index: int) -> bool:
        """True when the line at ``index`` (0-based) of ``lines`` is this entry's line."""
        if _code(lines[index]) != self.source:
            return False
        return self.above is None or (index > 0 and _code(lines[index - 1]) == self.above)


def read_equivalents(path: Path | None = None) -> list[Equivalent]:
    """The entries of ``path`` (default: ``EQUIVALENTS`` under ROOT); none when it is absent."""
    path = ROOT / EQUIVALENTS if path is None else path
    if not path.is_file():
        return []
    data = tomllib.loads(path.read_text())
    out = []
    for n, entry in enumerate(data.get("mutant", []), 1):
        try:
            module, source, reason = entry["module"], entry["source"], entry["reason"]
        except KeyError as missing:
            raise SystemExit(f"mutate: {path}: mutant {n} has no {missing}") from None
        mutations = entry.get("mutations")
        chosen = None if mutations is None else frozenset(mutations)
        out.append(Equivalent(module, source.strip(), chosen, reason, entry.get("above")))
    return out


def _code(line: str) -> str:
    """A source line's code: stripped, without its trailing comment (two spaces, then ``#``)."""
    return line.split("  #", 1)[0].strip()


def stale_equivalents(path: Path, equivalents: list[Equivalent]) -> list[Equivalent]:
    """The entries for the module at ``path`` whose line is no longer in it."""
    lines = (ROOT / path).read_text().splitlines()
    return [
        e
        for e in equivalents
        if e.module == str(path) and not any(e.at(lines, i) for i in range(len(lines)))
    ]


def find_mutants(
    path: Path, equivalents: list[Equivalent] | None = None
) -> tuple[list[Mutant], int]:
    """Every mutant of the module at ``path`` (relative to ROOT), and how many were marked
    (listed as equivalent, or in a block the project declares unreachable)."""
    if equivalents is None:
        equivalents = read_equivalents()
    mine = [e for e in equivalents if e.module == str(path)]
    source = (ROOT / path).read_text()
    lines = source.splitlines()
    tree = ast.parse(source)
    skip = _skipped_nodes(tree)
    returns = _returns(tree)
    unreachable = _unreachable(tree, lines)
    found: list[Mutant] = []
    marked = 0
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        for target, after in _variants(node, returns):
            line = target.lineno  # type: ignore[attr-defined]
            end_line = target.end_lineno  # type: ignore[attr-defined]
            before = ast.get_source_segment(source, target) or ""
            mutation = f"{before!r} -> {_wrapped(target, after)!r}"
            if line in unreachable or _marked(lines, line, end_line, mutation, mine):
                marked += 1
                continue
            after = _wrapped(target, after)
            found.append(
                Mutant(
                    path,
                    line,
                    (line, target.col_offset),  # type: ignore[attr-defined]
                    (end_line, target.end_col_offset),  # type: ignore[attr-defined]
                    before,
                    after,
                )
            )
    found.sort(key=lambda m: (m.line, m.start[1], m.after))
    return found, marked


def _wrapped(target: ast.AST, after: str) -> str:
    """The new source, in parentheses where an expression needs them."""
    if isinstance(target, ast.AugAssign) or _atomic(after):
        return after
    return f"({after})"


def _marked(
    lines: list[str], first: int, last: int, mutation: str, equivalents: list[Equivalent]
) -> bool:
    """True when an entry of the equivalent-mutants file covers this mutation: its source is the
    code of one of the mutation's lines, and it lists the mutation (or lists none)."""
    return any(
        (e.mutations is None or mutation in e.mutations)
        and any(e.at(lines, i) for i in range(first - 1, last))
        for e in equivalents
    )


def _unreachable(tree: ast.Module, lines: list[str]) -> set[int]:
    """The body lines of every ``if`` the project marks ``# pragma: no cover``: code it declares
    never reached. Its condition is still mutated (a looser one may reach it)."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "pragma: no cover" in lines[node.lineno - 1]:
            end = node.body[-1].end_lineno or node.body[-1].lineno
            out.update(range(node.body[0].lineno, end + 1))
    return out


def _atomic(text: str) -> bool:
    """True when ``text`` needs no parentheses wherever an expression stood."""
    try:
        node = ast.parse(text, mode="eval").body
    except SyntaxError:
        return False
    return isinstance(node, (ast.Constant, ast.Name, ast.Attribute, ast.Call))


# running -----------------------------------------------------------------------------------------


#: What the tests read besides the package: folders (the tools and bench scripts some tests load,
#: the scenarios and docs they check, the examples they run) and top-level files.
COPIED_DIRS = ("pontoon_cli", "tests", "scenarios", "docs", "tools", "bench", "examples", ".ci")
COPIED_FILES = (
    "README.md",
    "CONTRIBUTING.md",
    "pyproject.toml",
    "Makefile",
    "setup.py",
    "noxfile.py",
    ".pre-commit-hooks.yaml",
)


def _copy_project(where: Path) -> None:
    for name in COPIED_DIRS:
        if (ROOT / name).is_dir():
            shutil.copytree(
                ROOT / name,
                where / name,
                # the compiled build is left behind: a mutant is of the source, run as Python
                ignore=shutil.ignore_patterns(
                    "__pycache__", "*.pyc", ".hypothesis", "*.so", "_build_record.txt"
                ),
            )
    for name in COPIED_FILES:
        if (ROOT / name).exists():
            shutil.copy2(ROOT / name, where / name)


def _run_tests(where: Path, tests: list[str], timeout: float) -> tuple[str, float]:
    """'passed', 'failed' or 'timeout', and the seconds it took."""
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", CI="true", PONTOON_PURE="1")
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests]
    started = time.monotonic()
    try:
        done = subprocess.run(
            command, cwd=where, env=env, capture_output=True, timeout=timeout, check=False
        )
    except subprocess.TimeoutExpired:
        return "timeout", time.monotonic() - started
    return ("passed" if done.returncode == 0 else "failed"), time.monotonic() - started


def _module(spec: str) -> tuple[Path, list[str]]:
    name, _, tests = spec.partition("=")
    dotted_path = Path(PACKAGE, *name.split(".")).with_suffix(".py")
    path = Path(name) if name.endswith(".py") else dotted_path
    if not (ROOT / path).is_file():
        raise SystemExit(f"mutate: no module {str(path)!r}")
    parts = path.with_suffix("").parts
    dotted = ".".join(parts[1:]) if parts[:1] == (PACKAGE,) else path.stem
    if tests:
        chosen = [t for t in tests.split(",") if t]
    elif dotted in TESTS:
        chosen = TESTS[dotted]
    elif dotted.partition(".")[0] in TESTS:  # traditional.pack: the tests of the replay package
        chosen = TESTS[dotted.partition(".")[0]]
    elif found := sorted((ROOT / "tests").rglob(f"test_{path.stem}.py")):
        chosen = [found[0].relative_to(ROOT).as_posix()]
    else:
        chosen = ["tests"]
    return path, [t for t in chosen if (ROOT / t).exists()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/mutate.py", description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="+", metavar="MODULE[=TEST,...]")
    parser.add_argument("--sample", type=int, metavar="N", help="run N mutants per module at most")
    parser.add_argument("--seed", type=int, default=0, metavar="N", help="for --sample (0)")
    parser.add_argument("--only", type=int, action="append", metavar="LINE", help="these lines")
    parser.add_argument("--list", action="store_true", help="list the mutants, run nothing")
    parser.add_argument("--timeout", type=float, metavar="S", help="per mutant (5 × the clean run)")
    args = parser.parse_args(argv)
    modules = [_module(spec) for spec in args.modules]
    equivalents = read_equivalents()
    plans = []
    for path, tests in modules:
        for stale in stale_equivalents(path, equivalents):
            print(
                f"mutate: {EQUIVALENTS}: no line {stale.source!r} in {path} any more "
                "(update or remove the entry)",
                file=sys.stderr,
            )
        mutants, marked = find_mutants(path, equivalents)
        if args.only:
            mutants = [m for m in mutants if m.line in args.only]
        if args.sample is not None and len(mutants) > args.sample:
            rng = random.Random(f"{args.seed}:{path}")
            mutants = sorted(rng.sample(mutants, args.sample), key=lambda m: (m.line, m.start))
        plans.append((path, tests, mutants, marked))
    if args.list:
        with contextlib.suppress(BrokenPipeError):
            for _, _, mutants, _ in plans:
                for mutant in mutants:
                    print(mutant.describe())
        return 0
    results = []
    with tempfile.TemporaryDirectory(prefix="pontoon-mutate-") as tmp:
        where = Path(tmp)
        _copy_project(where)
        for path, tests, mutants, marked in plans:
            original = (ROOT / path).read_text()
            clean, seconds = _run_tests(where, tests, timeout=600)
            if clean != "passed":
                print(f"mutate: the tests of {path} fail without a mutant", file=sys.stderr)
                return 2
            timeout = args.timeout or max(20.0, 5 * seconds)
            print(
                f"{path}: {len(mutants)} mutants ({marked} marked equivalent, skipped); "
                f"tests {' '.join(tests)} take {seconds:.1f} s",
                file=sys.stderr,
            )
            survivors, timeouts = [], 0
            for n, mutant in enumerate(mutants, 1):
                (where / path).write_text(mutant.apply(original))
                outcome, _ = _run_tests(where, tests, timeout)
                timeouts += outcome == "timeout"
                if outcome == "passed":
                    survivors.append(mutant)
                shown = (
                    "survived"
                    if outcome == "passed"
                    else "killed"
                    if outcome == "failed"
                    else outcome
                )
                print(f"  [{n}/{len(mutants)}] {shown}: {mutant.describe()}", file=sys.stderr)
            (where / path).write_text(original)
            results.append((path, len(mutants), marked, survivors, timeouts))
    print("module                      mutants  killed  survived  timeouts  marked  score")
    for path, total, marked, survivors, timeouts in results:
        killed = total - len(survivors)
        score = f"{100 * killed / total:.1f}%" if total else "-"
        print(
            f"{path!s:<26}  {total:>7}  {killed:>6}  {len(survivors):>8}  {timeouts:>8}  "
            f"{marked:>6}  {score:>5}"
        )
    for _, _, _, survivors, _ in results:
        for mutant in survivors:
            print(f"survived: {mutant.describe()}")
    return 1 if any(survivors for _, _, _, survivors, _ in results) else 0


if __name__ == "__main__":
    sys.exit(main())
