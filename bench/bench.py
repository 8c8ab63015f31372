"""`make bench`: speed figures for pontoon, printed, never asserted by a test.

Every round runs every contender in BENCH_SLICES (3) slices, alternating with the others in an
order that rotates from slice to slice, so the contenders of a round share the same stretch of
the machine's time:

- Gymnasium's Blackjack-v1, policy "hit below 17" (hands/s; the reference, never a dependency);
- pontoon play in-process, 6 seats, default strategies, the log written to a file (deals/s);
- the same without a log (deals/s);
- casino play with a log in-process, one seat of ``basic``, 8 decks, by the path
  ``pontoon play --rules casino --players 1 --out FILE`` takes (``api.playing.write_game``;
  rounds/s);
- replay in-process (``LogReplayer``, lines/s) of three logs made once before the rounds, each
  beside a plain ``orjson.loads`` of the same lines (lines/s): traditional and Shoot Pontoon at 6
  seats with the default strategy, and casino with one seat of ``basic`` (8 decks); and the
  traditional log again with ``--coverage``'s tally (its lines/s over replay's, target >= 0.77:
  coverage costs at most 1.3x replay);
- ``pontoon show`` of the whole traditional log in-process into ``/dev/null``
  (bench/views_bench.py), beside its replay: show's CPU time over replay's;
- start-up: ``pontoon play --seed 1 --deals 1``, a minimal two-command typer app's ``--help``
  (bench/typer_app.py), that app running its own ``play``, and ``python -c pass``, as
  subprocesses;
- ``pontoon simulate``'s shard function in-process (``simulate.run_shard``: casino, one seat of
  ``basic`` against the dealer, as a Blackjack-v1 hand is one hand against the dealer;
  traditional at simulate's table, 4 seats, and at play's, 6; rounds/s per worker), and
  ``pontoon simulate`` as a subprocess with ``--workers 1`` and ``--workers 2`` over its own
  shards of 10,000 (wall time: the 1 -> 2 worker scaling, which a shared machine's other load
  lowers; the runs' CPU time beside it);
- ``pontoon strategy --rules traditional --equilibrium`` for settings it solves at run time, once,
  beside the fixed-banker table measured before and after it (bench/equilibrium_bench.py);
- with a compiled build (or BENCH_BUILD=both): the same play in a subprocess with
  PONTOON_PURE=1, so compiled and pure Python are compared in the same rounds.

Times are CPU times (``time.process_time`` in-process; the RUSAGE_CHILDREN delta for a
subprocess), and each figure is the median over the rounds of the ratio within each round
(bench/benchlib.py). Replay memory is measured last: peak RSS (VmHWM) of ``pontoon replay`` on a
small log and on a large one (bench/replay_bench.py).

Environment: BENCH_ROUNDS (5), BENCH_SLICES (3), BENCH_DEALS (3000 deals per traditional play
contender per slice), BENCH_CASINO_DEALS (2000 rounds of casino play with log per slice),
BENCH_LOG_DEALS (2000: each replayed log's deals), BENCH_HANDS (3500 Gymnasium hands per slice),
BENCH_SIM_ROUNDS (10000 rounds per simulate contender per slice), BENCH_SCALING_ROUNDS (1800000),
BENCH_REPLAY_MB (200; 0 skips the memory run), BENCH_VIEWS_MB (50: the log the views' memory is
measured on; 0 skips it), BENCH_BUILD (unset: the installed build, plus pure Python side by side
when it is compiled; ``pure``: everything with PONTOON_PURE=1; ``both``: the side-by-side pure run
even when the installed build is pure, as a control).
"""

from __future__ import annotations

import contextlib
import datetime
import io
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TextIO

HERE = Path(__file__).resolve().parent
#: The page whose figures `make bench` rewrites (between its bench markers).
PAGE = HERE.parent / "docs" / "development" / "performance.md"
sys.path.insert(0, str(HERE))

import benchlib  # noqa: E402
import equilibrium_bench  # noqa: E402  (bench/equilibrium_bench.py: a fresh equilibrium's solve)
import replay_bench  # noqa: E402  (bench/replay_bench.py: replay's and the views' memory)
from benchlib import Round, ratios, target  # noqa: E402
from views_bench import show_contender, show_line, show_seconds  # noqa: E402

ROUNDS = int(os.environ.get("BENCH_ROUNDS", "5"))
SLICES = int(os.environ.get("BENCH_SLICES", "3"))  # each contender's share of a round, alternating
DEALS = int(os.environ.get("BENCH_DEALS", "3000"))  # per traditional play contender per slice
CASINO_DEALS = int(os.environ.get("BENCH_CASINO_DEALS", "2000"))  # casino play with log, per slice
LOG_DEALS = int(os.environ.get("BENCH_LOG_DEALS", "2000"))  # each replayed log's deals
HANDS = int(os.environ.get("BENCH_HANDS", "3500"))  # Gymnasium hands per slice
LOADS_PASSES = 5  # orjson.loads is several times replay: more passes, so its slice is not short
BUILD = os.environ.get("BENCH_BUILD", "").strip().lower()
PLAYERS = 6
SIM_ROUNDS = int(os.environ.get("BENCH_SIM_ROUNDS", "10000"))  # simulate rounds per slice
# simulate's rounds for the 1 -> 2 worker figure: 180 shards of simulate's own 10,000, about 7 s
# on one worker, so the command's start-up (about 0.2 s, one process's before any worker starts)
# is a few per cent of the run, as in the long runs workers are for
SCALING_ROUNDS = int(os.environ.get("BENCH_SCALING_ROUNDS", "1800000"))
#: The replayed logs, each made once before the rounds: preset -> (seats, what the report calls
#: it). The punters play the preset's default strategy (casino: ``basic``; 8 decks, C1).
LOGS = {
    "traditional": (PLAYERS, f"traditional, {PLAYERS} seats"),
    "shoot": (PLAYERS, f"Shoot Pontoon, {PLAYERS} seats"),
    "casino": (1, "casino, one seat of basic, 8 decks"),
}


# contenders, in-process ------------------------------------------------------------------------


def play_seconds(deals: int, out: Path | None) -> float:
    """CPU seconds of the CLI's loop, in-process: a 6-seat table, default strategies, seed 1;
    the log written to ``out`` (header and one line per deal), or no log at all."""
    from pontoon_cli.core.rules import Rules, Table
    from pontoon_cli.log.writer import LogWriter, header_record
    from pontoon_cli.traditional.players import seeded_game

    def run() -> None:
        table = Table.build([f"p{i}" for i in range(1, PLAYERS + 1)], bankroll=1000)
        game, auto = seeded_game(Rules(), table, 1)
        if out is None:
            for _ in auto.play(game, deals):
                pass
            return
        with LogWriter(out) as writer:
            writer.write(header_record(Rules(), table, game, 1))
            for deal in auto.play(game, deals):
                writer.write_deal(game, deal)

    return benchlib.cpu_seconds(run)


def write_seconds(out: Path, preset: str, seats: int, deals: int) -> float:
    """CPU seconds of ``pontoon play --rules PRESET --players SEATS --seed 1 --deals DEALS --out
    OUT`` in-process, by the command's own path (``api.playing.write_game``, which builds the game,
    its players and the log writer as the command does): the preset's default strategy (casino:
    ``basic``), the command's default bankroll and stakes. Every deal asked for must be played."""
    from pontoon_cli.api.playing import write_game
    from pontoon_cli.core.rules import PRESETS, Table

    rules = PRESETS[preset]
    table = Table.seated(rules, seats)
    written: list[Any] = []
    seconds = benchlib.cpu_seconds(
        lambda: written.append(write_game(out, None, rules, table, seed=1, deals=deals))
    )
    if written[0].deals != deals:
        raise RuntimeError(f"{preset} play of {deals} deals: {written[0].ended}")
    return seconds


def simulate_seconds(rounds: int, preset: str = "casino", players: int = 1) -> float:
    """CPU seconds of one shard of ``rounds`` rounds, what a worker of ``pontoon simulate`` runs:
    casino, one seat of ``basic`` (8 decks shuffled before every round, C1: one hand against the
    dealer, as a Blackjack-v1 hand); or traditional, ``players`` seats of ``default`` (4:
    simulate's own default table; 6: play's bench table)."""
    from pontoon_cli.core.rules import PRESETS
    from pontoon_cli.simulation import run_shard, sim_bankroll

    rules = PRESETS[preset]
    seats = tuple(f"p{i}" for i in range(1, players + 1))
    strategy = "basic" if preset == "casino" else "default"
    spec = {
        "rules": rules.to_dict(),
        "seats": list(seats),
        "bankroll": sim_bankroll(rules, seats, 1, 10, rounds),
        "min_stake": 1,
        "max_stake": 10,
        "punter": strategy,
        "banker": strategy,
        "seed": 1,
        "index": 0,
        "rounds": rounds,
    }
    return benchlib.cpu_seconds(lambda: run_shard(spec))


def scaling() -> Round:
    """Wall seconds of ``pontoon simulate`` (its own shards of 10,000, each given to whichever
    worker is free) with one worker, then two, and the CPU seconds each run took in all (the
    children's: its workers included)."""
    found: Round = {}
    for workers in (1, 2):
        argv = pontoon_argv(
            *("simulate", "--rules", "casino", "--players", "1", "--seed", "1"),
            *("--rounds", str(SCALING_ROUNDS)),
            *("--workers", str(workers)),
        )
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, check=True)
        found[f"sim_wall_{workers}"] = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        found[f"sim_cpu_{workers}"] = (after.ru_utime + after.ru_stime) - (
            before.ru_utime + before.ru_stime
        )
    return found


class Gym:
    """Blackjack-v1 made once; each call plays ``hands`` more hands, "hit below 17"."""

    def __init__(self) -> None:
        import gymnasium as gym

        self.env = gym.make("Blackjack-v1")
        self.env.reset(seed=1)

    def seconds(self, hands: int) -> float:
        env = self.env

        def run() -> None:
            for _ in range(hands):
                obs, _ = env.reset()
                done = False
                while not done:
                    obs, _, terminated, truncated, _ = env.step(1 if obs[0] < 17 else 0)
                    done = terminated or truncated

        return benchlib.cpu_seconds(run)


def replay_seconds(name: str, lines: list[bytes], coverage: bool = False) -> float:
    from pontoon_cli.replay.coverage import RuleCoverage
    from pontoon_cli.replay.replayer import LogReplayer

    found: list[Any] = []

    def run() -> None:
        tally = RuleCoverage() if coverage else None
        found.extend(LogReplayer(name, coverage=tally).replay(lines))

    seconds = benchlib.cpu_seconds(run)
    if found:
        raise RuntimeError(f"the bench log does not verify: {found[0]}")
    return seconds


def replay_contender(key: str, log: Path, lines: list[bytes]) -> Callable[[], Round]:
    return lambda: {key: replay_seconds(str(log), lines)}


def loads_contender(key: str, lines: list[bytes]) -> Callable[[], Round]:
    return lambda: {key: loads_seconds(lines, LOADS_PASSES)}


def loads_seconds(lines: list[bytes], passes: int) -> float:
    import orjson

    def run() -> None:
        parse = orjson.loads
        for _ in range(passes):
            for raw in lines:
                parse(raw)

    return benchlib.cpu_seconds(run)


# contenders, subprocesses ----------------------------------------------------------------------


def pontoon_argv(*args: str) -> list[str]:
    """The installed ``pontoon`` script, run as a user runs it."""
    script = Path(sys.executable).parent / "pontoon"
    if script.exists():
        return [sys.executable, str(script), *args]
    return [sys.executable, "-m", "pontoon_cli", *args]


START_ARGV = {
    "start_pontoon": pontoon_argv("play", "--seed", "1", "--deals", "1"),
    "start_typer": [sys.executable, str(HERE / "typer_app.py"), "--help"],
    "start_typer_play": [sys.executable, str(HERE / "typer_app.py"), "play", "--seed", "1"],
    "start_python": [sys.executable, "-c", "pass"],
}


def startups() -> Round:
    """CPU seconds of one run of each start-up command, one after the other."""
    return {
        name: benchlib.child_cpu_seconds(argv, stdout=subprocess.DEVNULL)[0]
        for name, argv in START_ARGV.items()
    }


def pure_play(deals: int) -> Round:
    """Play with and without log in a subprocess forced to pure Python (PONTOON_PURE=1).

    The figures are the child's own CPU time of the loops (as in-process, so start-up does not
    count against pure Python); the child's whole CPU time (RUSAGE_CHILDREN) is kept alongside.
    """
    env = {**os.environ, "PONTOON_PURE": "1"}
    total, done = benchlib.child_cpu_seconds(
        [sys.executable, str(Path(__file__).resolve()), "--worker", str(deals)], env=env
    )
    child = json.loads(done.stdout)
    if child["build"] != "pure Python":
        raise RuntimeError(f"PONTOON_PURE=1 ran the {child['build']} build")
    return {
        "pure_log": child["log_seconds"],
        "pure_nolog": child["nolog_seconds"],
        "pure_child_cpu": total,
    }


def worker(deals: int) -> None:
    """``bench.py --worker N``: play N deals with and without log; print CPU seconds as JSON."""
    with tempfile.TemporaryDirectory() as tmp:
        play_seconds(min(deals, 50), None)  # warm up, as the parent does
        log_s = play_seconds(deals, Path(tmp) / "pure.jsonl")
        nolog_s = play_seconds(deals, None)
    print(json.dumps({"build": build_name(), "log_seconds": log_s, "nolog_seconds": nolog_s}))


# build -----------------------------------------------------------------------------------------


def build_name() -> str:
    """``compiled`` when the engine module is an extension module, else ``pure Python``."""
    import pontoon_cli.traditional.engine as engine

    return "compiled" if engine.__file__.endswith((".so", ".pyd")) else "pure Python"


def version_line() -> str:
    done = subprocess.run(pontoon_argv("--version"), capture_output=True, text=True, check=False)
    return (done.stdout or done.stderr).strip()


# report ----------------------------------------------------------------------------------------


def main() -> None:
    if BUILD == "pure":
        os.environ["PONTOON_PURE"] = "1"  # before pontoon_cli is imported; children inherit it
    elif BUILD not in ("", "both"):
        raise SystemExit(f"BENCH_BUILD={BUILD!r}: expected unset, 'pure' or 'both'")
    # Bytecode is cached, as an installed package's is (pip compiles it): without it every child
    # compiles pontoon's ~25 modules from source (an editable install under
    # PYTHONDONTWRITEBYTECODE=1) while typer and pydantic load their cached bytecode.
    bytecode_note = (
        ""
        if "PYTHONDONTWRITEBYTECODE" not in os.environ
        else ("; PYTHONDONTWRITEBYTECODE unset for the bench: bytecode cached as after pip install")
    )
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    sys.dont_write_bytecode = False
    started = time.perf_counter()
    build = build_name()
    side_by_side = BUILD == "both" or (BUILD == "" and build == "compiled")
    try:
        gym: Gym | None = Gym()
    except ImportError:
        gym = None

    with tempfile.TemporaryDirectory() as tmp:
        logs = {preset: Path(tmp) / f"{preset}.jsonl" for preset in LOGS}
        for preset, (seats, _) in LOGS.items():
            write_seconds(logs[preset], preset, seats, LOG_DEALS)  # the replayed logs, made once
        lines = {preset: log.read_bytes().splitlines(keepends=True) for preset, log in logs.items()}
        play_seconds(min(DEALS, 50), None)  # warm-ups, imports
        write_seconds(Path(tmp) / "warm.jsonl", "casino", 1, min(CASINO_DEALS, 50))
        for preset, log in logs.items():
            replay_seconds(str(log), lines[preset][:50])
        show_seconds(logs["traditional"])  # its imports (rich, the views) before the rounds
        startups()
        if gym is not None:
            gym.seconds(100)

        contenders: dict[str, Callable[[], Round]] = {
            "play_log": lambda: {"play_log": play_seconds(DEALS, Path(tmp) / "round.jsonl")},
            "play_nolog": lambda: {"play_nolog": play_seconds(DEALS, None)},
            "casino_log": lambda: {
                "casino_log": write_seconds(
                    Path(tmp) / "casino_round.jsonl", "casino", 1, CASINO_DEALS
                )
            },
            **{
                f"replay_{preset}": replay_contender(
                    f"replay_{preset}", logs[preset], lines[preset]
                )
                for preset in LOGS
            },
            **{
                f"loads_{preset}": loads_contender(f"loads_{preset}", lines[preset])
                for preset in LOGS
            },
            "coverage_traditional": lambda: {
                "coverage_traditional": replay_seconds(
                    str(logs["traditional"]), lines["traditional"], coverage=True
                )
            },
            "show_traditional": show_contender("show_traditional", logs["traditional"]),
            "startup": startups,
            "simulate": lambda: {"simulate": simulate_seconds(SIM_ROUNDS)},
            "simulate_t4": lambda: {"simulate_t4": simulate_seconds(SIM_ROUNDS, "traditional", 4)},
            "simulate_t": lambda: {
                "simulate_t": simulate_seconds(SIM_ROUNDS, "traditional", PLAYERS)
            },
        }
        if gym is not None:
            contenders["gym"] = lambda: {"gym": gym.seconds(HANDS)}
        if side_by_side:
            contenders["pure"] = lambda: pure_play(DEALS)

        seconds = run_rounds(contenders)
        scaled = [scaling() for _ in range(ROUNDS)]  # after the rounds: it needs both cores
        solved = equilibrium_bench.figures()
        work = {
            "play_log": DEALS * SLICES,
            "play_nolog": DEALS * SLICES,
            "casino_log": CASINO_DEALS * SLICES,
            **{f"replay_{preset}": len(lines[preset]) * SLICES for preset in LOGS},
            "show_traditional": len(lines["traditional"]) * SLICES,
            "coverage_traditional": len(lines["traditional"]) * SLICES,
            **{f"loads_{preset}": len(lines[preset]) * LOADS_PASSES * SLICES for preset in LOGS},
            "simulate": SIM_ROUNDS * SLICES,
            "simulate_t4": SIM_ROUNDS * SLICES,
            "simulate_t": SIM_ROUNDS * SLICES,
        }
        if gym is not None:
            work["gym"] = HANDS * SLICES
        if side_by_side:
            work.update(pure_log=DEALS * SLICES, pure_nolog=DEALS * SLICES)
        rounds = benchlib.rates(seconds, work)
        for rate, spent in zip(rounds, seconds, strict=True):  # start-ups: CPU seconds per run
            rate.update({name: spent[name] / SLICES for name in START_ARGV})
        sizes = {preset: (log.stat().st_size, len(lines[preset])) for preset, log in logs.items()}
        memory = memory_figures(logs["traditional"])

    took = time.perf_counter() - started
    printed = io.StringIO()
    with contextlib.redirect_stdout(Tee(sys.stdout, printed)):
        report(build, bytecode_note, rounds, sizes, memory, took)
        scaling_lines(rounds, scaled)
        print(equilibrium_bench.line(solved))
    PAGE.write_text(benchlib.with_figures(PAGE.read_text(encoding="utf-8"), printed.getvalue()))
    print(f"figures written into {PAGE.relative_to(HERE.parent)}", file=sys.stderr)


class Tee(io.TextIOBase):
    """What the report prints, on the terminal and kept for the performance page."""

    def __init__(self, *streams: TextIO) -> None:
        self.streams = streams

    def write(self, text: str) -> int:
        for stream in self.streams:
            stream.write(text)
        return len(text)


def run_rounds(contenders: Mapping[str, Callable[[], Round]]) -> list[Round]:
    def progress(n: int, _: Round) -> None:
        print(f"round {n + 1}/{ROUNDS} done", file=sys.stderr, flush=True)

    return benchlib.run_rounds(ROUNDS, contenders, SLICES, progress)


def memory_figures(small_log: Path) -> dict[str, Any] | None:
    megabytes = int(os.environ.get("BENCH_REPLAY_MB", "200"))
    if megabytes <= 0:
        return None
    figures = replay_bench.replay_memory(small_log, megabytes)
    views = int(os.environ.get("BENCH_VIEWS_MB", "50"))
    if views > 0:
        figures["views"] = replay_bench.views_memory(small_log, views)
    return figures


def report(
    build: str,
    note: str,
    rounds: list[Round],
    sizes: Mapping[str, tuple[int, int]],
    memory: dict[str, Any] | None,
    seconds: float,
) -> None:
    """The figures of the rounds against their targets; ``sizes``: each replayed log's bytes
    and lines, by preset."""
    med = {name: benchlib.median([r[name] for r in rounds]) for name in rounds[0]}
    now = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    print(f"pontoon bench, {now}: {ROUNDS} rounds, contenders interleaved in each, CPU time;")
    print("figures are medians of the per-round ratios (lowest-highest round in brackets)")
    import pontoon_cli.traditional.engine as engine

    forced = ", BENCH_BUILD=pure" if BUILD == "pure" else ""
    print(
        f"build: {build} (pontoon_cli.traditional.engine from {Path(engine.__file__).name}; "
        f"`pontoon --version`: {version_line()}){forced}{note}"
    )
    replayed = "; ".join(
        f"{what}: {lines:,} lines, {size / 1e6:.1f} MB"
        for (_, what), (size, lines) in zip(LOGS.values(), sizes.values(), strict=True)
    )
    print(
        f"per round, in {SLICES} alternating slices of: {DEALS:,} deals per traditional play "
        f"({PLAYERS} seats), {CASINO_DEALS:,} rounds of casino play (one seat), "
        f"{HANDS:,} Gymnasium hands, {SIM_ROUNDS:,} rounds per simulate table, "
        f"one start-up of each command, and replay of {LOG_DEALS:,}-deal logs ({replayed})"
    )
    print(
        f"medians: play with log {med['play_log']:,.0f} deals/s, without log "
        f"{med['play_nolog']:,.0f} deals/s, casino play with log {med['casino_log']:,.0f} "
        "rounds/s" + (f", Gymnasium {med['gym']:,.0f} hands/s" if "gym" in med else "")
    )
    for preset, (size, lines) in sizes.items():
        rate = med[f"replay_{preset}"]
        per_second = rate * size / lines / 1e6
        print(
            f"         replay, {preset}: {rate:,.0f} lines/s ({per_second:.1f} MB/s),"
            f" orjson.loads {med[f'loads_{preset}']:,.0f} lines/s"
        )
    print(
        "         start-up CPU: pontoon play --seed 1 --deals 1"
        f" {med['start_pontoon'] * 1e3:.0f} ms,"
        f" typer app --help {med['start_typer'] * 1e3:.0f} ms,"
        f" typer app play {med['start_typer_play'] * 1e3:.0f} ms,"
        f" python -c pass {med['start_python'] * 1e3:.0f} ms"
    )
    if "gym" in med:
        print(
            target(
                f"play with log, {PLAYERS} seats, deals/s over Gymnasium hands/s",
                ratios(rounds, "play_log", "gym"),
                ">=",
                3,
            ).line()
        )
        print(
            target(
                "play without log, deals/s over Gymnasium hands/s",
                ratios(rounds, "play_nolog", "gym"),
                ">=",
                6,
            ).line()
        )
        print(
            benchlib.reported(
                "casino play with log, one seat of basic, 8 decks, rounds/s over Gymnasium hands/s",
                ratios(rounds, "casino_log", "gym"),
            )
        )
    else:
        print("play with log / without log over Gymnasium: gymnasium is not installed")
    for preset, (_, what) in LOGS.items():
        print(
            target(
                f"replay lines/s over plain orjson.loads lines/s, {what}",
                ratios(rounds, f"replay_{preset}", f"loads_{preset}"),
                ">=",
                0.4,
            ).line()
        )
    print(show_line(rounds, LOGS["traditional"][1]))
    print(
        target(
            f"replay --coverage lines/s over replay lines/s, {LOGS['traditional'][1]}",
            ratios(rounds, "coverage_traditional", "replay_traditional"),
            ">=",
            0.77,
        ).line()
    )
    bytes_per_line = {f"replay_{preset}": size / lines for preset, (size, lines) in sizes.items()}
    print(
        target(
            "casino replay per byte over traditional replay per byte (bytes/s, same rounds)",
            benchlib.per_byte_ratios(rounds, "replay_casino", "replay_traditional", bytes_per_line),
            ">=",
            1,
        ).line()
    )
    print(
        target(
            "`pontoon play --seed 1 --deals 1` CPU time over a minimal two-command typer app's"
            " `--help`",
            ratios(rounds, "start_pontoon", "start_typer"),
            "<=",
            0.7,
        ).line()
    )
    if memory is None:
        print("replay memory on a large log: skipped (BENCH_REPLAY_MB=0)")
    else:
        print(replay_bench.memory_line(memory))
        for line in replay_bench.views_lines(memory.get("views", {})):
            print(line)
    floor = ratios(rounds, "start_typer", "start_python")
    runs = ratios(rounds, "start_pontoon", "start_typer_play")
    print(
        f"  start-up, for scale: the typer app's --help over `python -c pass` "
        f"{benchlib.median(floor):.2f}×; `pontoon play --seed 1 --deals 1` over the typer app "
        f"running its own `play --seed 1` (typer builds pydantic adapters to run a command) "
        f"{benchlib.median(runs):.2f}×"
    )
    if "pure_log" in med:
        for key, what in (("log", "with log"), ("nolog", "without log")):
            r = ratios(rounds, f"play_{key}", f"pure_{key}")
            print(
                f"{build} over pure Python (PONTOON_PURE=1 child), play {what}, same rounds: "
                f"{benchlib.median(r):.2f}×  (rounds {min(r):.2f}–{max(r):.2f}; pure "
                f"{med[f'pure_{key}']:,.0f} deals/s)"
            )
    print(f"bench took {seconds:.0f} s")


def scaling_lines(rounds: list[Round], scaled: list[Round]) -> None:
    """simulate's figures: rounds/s per worker over Gymnasium's hands/s, and 1 -> 2 workers."""
    for key, what, goal in (
        ("simulate", "casino, one seat of basic, 8 decks", 10),
        ("simulate_t4", "traditional, 4 seats of default, simulate's table", 4),
        ("simulate_t", f"traditional, {PLAYERS} seats of default, play's bench table", 6),
    ):
        med = benchlib.median([r[key] for r in rounds])
        print(f"simulate, {what}: {med:,.0f} rounds/s per worker (CPU)")
        if "gym" in rounds[0]:
            print(
                target(
                    f"simulate ({what}) rounds/s per worker over Gymnasium hands/s",
                    ratios(rounds, key, "gym"),
                    ">=",
                    goal,
                ).line()
            )
    speedup = [s["sim_wall_1"] / s["sim_wall_2"] for s in scaled]
    print(
        target(
            f"`pontoon simulate --rounds {SCALING_ROUNDS:,}` (shards of 10,000): wall time with "
            "--workers 1 over --workers 2",
            speedup,
            ">=",
            1.8,
        ).line()
    )
    busy = [s["sim_cpu_2"] / s["sim_wall_2"] for s in scaled]
    dearer = [s["sim_cpu_2"] / s["sim_cpu_1"] for s in scaled]
    print(
        f"  with --workers 2: cores kept busy (CPU over wall) {benchlib.median(busy):.2f} "
        f"({min(busy):.2f}-{max(busy):.2f}); the same rounds' CPU time over --workers 1's "
        f"{benchlib.median(dearer):.2f}× ({min(dearer):.2f}-{max(dearer):.2f}): above 1, the two "
        "cores slowed each other (a shared host)"
    )


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--worker":
        worker(int(sys.argv[2]))
    else:
        main()
