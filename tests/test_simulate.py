"""``pontoon simulate``: the same report for any number of workers (and on Dask), a seeded report
pinned, the log it writes replays, the bank's figures agree with that log, bad options exit 2."""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import orjson
import pytest
from jsonschema import Draft202012Validator
from syrupy.extensions.json import JSONSnapshotExtension
from typer.testing import CliRunner

from pontoon_cli.casino.deal import CasinoGame
from pontoon_cli.cli.main import app
from pontoon_cli.core.events import CardDealt, Decision
from pontoon_cli.core.limits import MAX_SAFE_INT
from pontoon_cli.core.rng import Rng
from pontoon_cli.core.rules import PRESETS, Table, round_cards
from pontoon_cli.games import seeded_game
from pontoon_cli.simulation import shard_count, shard_rounds, shard_seed

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = orjson.loads((ROOT / "pontoon_cli" / "simulate_schema.json").read_bytes())
runner = CliRunner()


def pontoon(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """The command in its own process (the workers are processes of their own)."""
    return subprocess.run(
        [sys.executable, "-m", "pontoon_cli", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        check=False,
    )


def simulate_json(*args: str) -> dict:
    result = runner.invoke(app, ["simulate", "--json", *args])
    assert result.exit_code == 0, result.output
    return orjson.loads(result.stdout)


# same answer for any number of workers ------------------------------------------------------

CASES = {
    "traditional": ["--rounds", "2500", "--shard", "600", "--seed", "3"],
    "shoot": ["--rules", "shoot", "--rounds", "1300", "--shard", "500", "--seed", "3"],
    "casino": ["--rules", "casino", "--players", "3", "--rounds", "2500", "--shard", "600"],
    "casino-infinite-shoe": [
        *("--rules", "casino", "--set", "decks=0", "--rounds", "1200", "--shard", "500"),
    ],
}


@pytest.mark.parametrize("case", CASES)
def test_the_report_is_the_same_for_one_worker_and_three(case: str) -> None:
    args = ["simulate", *CASES[case], "--seed", "11"]
    one, three = pontoon(*args, "--workers", "1"), pontoon(*args, "--workers", "3")
    assert one.returncode == three.returncode == 0, one.stderr + three.stderr
    assert one.stdout == three.stdout and one.stderr == three.stderr == ""
    assert "played" in one.stdout


def test_a_worker_held_up_on_one_shard_leaves_the_others_to_the_free_worker(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Shards are given one at a time as the workers come free: while one worker is held up,
    the other plays every shard left, so no shard waits behind the slow one."""
    from pontoon_cli.api import workers

    def shard(spec: dict) -> dict:  # forked into each worker: shard 0 takes far longer
        time.sleep(1.0 if spec["index"] == 0 else 0.01)
        return {"index": spec["index"], "pid": os.getpid()}

    monkeypatch.setattr(workers, "run_shard", shard)
    specs = [{"index": i} for i in range(8)]
    with contextlib.closing(workers.local_results(2, specs)) as results:
        order = list(results)
    assert [r["index"] for r in order][-1] == 0  # the slow shard finishes last, alone
    assert sorted(r["index"] for r in order) == list(range(8))
    slow = order[-1]["pid"]
    assert [r["index"] for r in order if r["pid"] != slow] == list(range(1, 8))


def test_shards_are_fixed_by_size_and_seeded_from_the_seed_and_their_index() -> None:
    assert [shard_rounds(25, 10, i) for i in range(shard_count(25, 10))] == [10, 10, 5]
    assert [shard_rounds(20, 10, i) for i in range(shard_count(20, 10))] == [10, 10]
    master = Rng(42)  # output i + 1 of the generator seeded with the seed, top 53 bits
    outputs = [master.next64() >> 11 for _ in range(5)]
    assert [shard_seed(42, i) for i in range(5)] == outputs
    assert all(0 <= s < 2**53 for s in outputs) and len(set(outputs)) == 5


def test_the_json_report_follows_its_schema_and_the_text_report_its_figures() -> None:
    report = simulate_json("--rules", "casino", "--rounds", "1500", "--shard", "500", "--seed", "2")
    Draft202012Validator(SCHEMA).validate(report)
    assert report["shards"] == 3 and report["rounds_played"] == 1500
    edge = report["edge"]["per_initial_stake"]
    assert edge["ci95"][0] < edge["edge"] < edge["ci95"][1]
    # the house's gain is what the seats lost, and every stake of 1 is an initial stake (C3)
    nets = report["mean_net_per_round"]
    assert round(-sum(nets.values()) * 1500) == report["totals"]["gain"]
    assert report["totals"]["initial_stakes"] == 4 * 1500 == report["decisions"]["stake"]
    assert edge["edge"] == pytest.approx(report["totals"]["gain"] / 6000)
    text = runner.invoke(
        app, ["simulate", "--rules", "casino", "--rounds", "1500", "--shard", "500", "--seed", "2"]
    ).stdout
    assert f"per initial stake: {100 * edge['edge']:+.4f}% ± {100 * edge['se']:.4f}%" in text


def test_a_seeded_report_is_pinned(snapshot) -> None:  # type: ignore[no-untyped-def]
    report = simulate_json("--rounds", "1000", "--shard", "400", "--seed", "7", "--players", "5")
    report.pop("tool")  # the version changes; nothing else may
    assert report == snapshot(extension_class=JSONSnapshotExtension)


def test_the_standard_error_takes_rounds_as_units() -> None:
    # casino, every seat stakes 1: the edge per initial stake is the mean of each round's gain
    # over its stakes, and its standard error that mean's (the per-round sample variance / n)
    report = simulate_json("--rules", "casino", "--players", "2", "--rounds", "400", "--seed", "5")
    log_report = report["edge"]["per_initial_stake"]
    result = runner.invoke(
        app,
        [
            *("play", "--rules", "casino", "--players", "2", "--deals", "400"),
            *("--seed", str(shard_seed(5, 0)), "--bankroll", str(report["bankroll"])),
        ],
    )
    ratios = [
        -sum(d["net"].values()) / 2 for d in map(orjson.loads, result.stdout.splitlines()[1:])
    ]
    n = len(ratios)
    mean = sum(ratios) / n
    variance = sum((r - mean) ** 2 for r in ratios) / (n - 1) / n
    assert log_report["edge"] == pytest.approx(mean)
    assert log_report["se"] == pytest.approx(variance**0.5)


# --log: the log of what it played replays ----------------------------------------------------


def test_the_log_of_one_shard_says_its_seed_is_derived_from_the_seed_given(tmp_path: Path) -> None:
    log = tmp_path / "sim.jsonl"
    result = runner.invoke(app, ["simulate", "--rounds", "20", "--seed", "1", "--log", str(log)])
    assert result.exit_code == 0, result.output
    seed = shard_seed(1, 0)
    assert result.stderr == (
        f"pontoon: the log of 20 rounds (1 game: shard 0's seed {seed}, derived from --seed 1) "
        f"written to {log}\n"
    )
    assert orjson.loads(log.read_bytes().splitlines()[0])["seed"] == seed


@pytest.mark.parametrize("preset", ["traditional", "shoot"])
def test_the_log_replays_and_is_what_play_writes_for_the_shard_seed(
    preset: str, tmp_path: Path
) -> None:
    log = tmp_path / "sim.jsonl"
    result = runner.invoke(
        app,
        ["simulate", "--rules", preset, "--rounds", "300", "--seed", "9", "--log", str(log)],
    )
    assert result.exit_code == 0, result.output
    header = orjson.loads(log.read_bytes().split(b"\n", 1)[0])
    assert header["seed"] == shard_seed(9, 0)
    replayed = runner.invoke(app, ["replay", str(log)])
    assert replayed.exit_code == 0 and "300 deals verified, 0 with divergences" in replayed.stderr
    bankroll = str(header["table"]["bankrolls"]["p1"])
    played = runner.invoke(
        app,
        [
            *("play", "--rules", preset, "--deals", "300", "--seed", str(header["seed"])),
            *("--bankroll", bankroll),
        ],
    )
    assert played.stdout_bytes == log.read_bytes()
    # the report's figures are the log's: the bank's gain is what the punters lost
    report = simulate_json("--rules", preset, "--rounds", "300", "--seed", "9")
    deals = [orjson.loads(line) for line in log.read_bytes().splitlines()[1:]]
    gain = sum(-n for d in deals for p, n in d["net"].items() if p != d["banker"])
    # S3, S6, S7: what a punter's shoot bets moved into the kitty (the bank's money, S1)
    gain += sum(
        m["amount"] for d in deals for m in d.get("kitty", {}).get("moves", []) if m["hand"]
    )
    assert report["totals"]["gain"] == gain


def test_the_casino_log_is_what_play_writes_for_the_shard_seed(tmp_path: Path) -> None:
    log = tmp_path / "sim.jsonl"
    args = ["--rules", "casino", "--set", "decks=0", "--rounds", "50", "--seed", "4"]
    assert runner.invoke(app, ["simulate", *args, "--log", str(log)]).exit_code == 0
    header, *deals = map(orjson.loads, log.read_bytes().splitlines())
    played = runner.invoke(
        app,
        [
            *("play", *args[:4], "--deals", "50", "--seed", str(header["seed"])),
            *("--bankroll", str(header["table"]["bankrolls"]["p1"])),
        ],
    )
    assert played.stdout_bytes == log.read_bytes()
    assert all(d["pack_state"] == "shuffled" for d in deals)  # C1, decks 0: drawn anew


@pytest.mark.parametrize("preset", ["traditional", "casino"])
def test_the_log_of_several_shards_is_each_shard_s_game_in_order_and_replays(
    preset: str, tmp_path: Path
) -> None:
    # Every round played is in the log: shard i is a game of its own (its header, its seed),
    # the bytes `play --seed <shard i's seed>` writes, one after the other; replay verifies all.
    log = tmp_path / "sim.jsonl"
    args = ["--rules", preset, "--rounds", "250", "--shard", "100", "--seed", "3"]
    result = runner.invoke(app, ["simulate", *args, "--log", str(log)])
    assert result.exit_code == 0, result.output
    assert result.stderr == (
        f"pontoon: the log of 250 rounds (3 games, one a shard, each seeded from --seed 3) "
        f"written to {log}\n"
    )
    text = log.read_bytes()
    headers = [orjson.loads(line) for line in text.splitlines() if b'"type":"header"' in line]
    assert [h["seed"] for h in headers] == [shard_seed(3, i) for i in range(3)]
    bankroll = str(headers[0]["table"]["bankrolls"]["p1"])
    played = b"".join(
        runner.invoke(
            app,
            [
                *("play", "--rules", preset, "--deals", str(n), "--seed", str(h["seed"])),
                *("--bankroll", bankroll),
            ],
        ).stdout_bytes
        for h, n in zip(headers, (100, 100, 50), strict=True)
    )
    assert played == text
    replayed = runner.invoke(app, ["replay", str(log)])
    assert replayed.exit_code == 0
    assert "250 deals verified, 0 with divergences; 253 lines read" in replayed.stderr
    # and the report is the log's: the bank's (house's) gain is what the seats lost
    report = simulate_json(*args)
    deals = [orjson.loads(line) for line in text.splitlines() if b'"type":"deal"' in line]
    gain = sum(-n for d in deals for p, n in d["net"].items() if p != d.get("banker"))
    assert report["totals"]["gain"] == gain


UNLOGGED = {
    "casino-8-decks-1-seat": ("casino", {}, 1),
    "casino-8-decks-5-seats": ("casino", {}, 5),
    "casino-1-deck-every-3": ("casino", {"decks": 1, "shuffle_every": 3}, 2),
    "casino-2-decks-when-short": ("casino", {"decks": 2, "shuffle_every": 50}, 3),
    "casino-7-seats": ("casino", {"split_hands": 2, "dealer_hits_soft_17": False}, 7),
    "traditional-6-seats": ("traditional", {}, 6),
    "traditional-burn-V8": ("traditional", {"burn_on": 13}, 4),  # burnt cards: events only
    "shoot-4-seats": ("shoot", {}, 4),
}


@pytest.mark.parametrize("case", UNLOGGED)
def test_c1_an_unlogged_game_deals_what_a_logged_one_deals(case: str) -> None:
    # simulate's game writes no log (GameBase.unlogged): a casino shoe is shuffled only as far
    # down as its rounds deal (Rng.shuffle_from_top), and no game records each card as an event
    # (the hands hold them). The same cards, decisions, hands and nets as the game play logs.
    preset, settings, seats = UNLOGGED[case]
    rules = PRESETS[preset].with_overrides(settings)
    names = [f"p{i}" for i in range(1, seats + 1)]
    table = Table.build(names, bankroll=10**6, house=preset == "casino")
    strategy = "basic" if preset == "casino" else "default"
    games = []
    for logged in (True, False):
        game, auto = seeded_game(rules, table, 17, strategy, strategy)
        if not logged:
            game.unlogged()
        deals = list(auto.play(game, 400))
        cards = [isinstance(e, CardDealt) for d in deals for e in d.events]
        assert any(cards) if logged else not any(cards)
        games.append(
            [
                (
                    d.pack_before[: len(d.pack_before) - len(d.pack)],
                    [
                        (e.player, e.hand, e.action, e.amount)
                        for e in d.events
                        if isinstance(e, Decision)
                    ],
                    [(p, [h.cards for h in row]) for p, row in d.hands.items()],
                    d.nets,
                )
                for d in deals
            ]
        )
    logged_deals, unlogged_deals = games
    assert unlogged_deals == logged_deals
    if preset == "casino":  # past a reshuffle
        assert sum(len(dealt) for dealt, *_ in logged_deals) > 52 * max(rules.decks, 1)


# the infinite shoe (C1, decks = 0) -----------------------------------------------------------


def test_c1_an_infinite_shoe_draws_each_round_s_cards_anew_each_of_52_alike() -> None:
    rules = PRESETS["casino"].with_overrides({"decks": 0})
    table = Table.build(["p1", "p2"], bankroll=10_000, house=True)
    game = CasinoGame(rules, table, Rng(1))
    need = round_cards(rules, 2)
    seen: dict[str, int] = {}
    for _ in range(400):
        deal = game.start_deal()
        assert len(deal.pack_before) == need
        for card in deal.pack_before:
            seen[card.text] = seen.get(card.text, 0) + 1
        game.pack = game.pack[:0]  # the round took cards: a new shoe next (as finish_deal does)
        game._new_shoe()
    assert len(seen) == 52
    draws = sum(seen.values())  # 400 rounds of 35 cards: about 269 of each card
    assert all(abs(n - draws / 52) < 5 * (draws / 52) ** 0.5 for n in seen.values())
    # more copies of a card than a finite shoe holds: a ninth ace of spades is possible
    assert max(seen.values()) > 8


def test_c1_decks_0_is_a_setting_and_9_is_refused() -> None:
    assert PRESETS["casino"].with_overrides({"decks": 0}).decks == 0
    result = runner.invoke(app, ["simulate", "--rules", "casino", "--set", "decks=9"])
    assert result.exit_code == 2
    assert "'decks': 9 is not one of 0, 1, 2" in result.stderr


# bad options exit 2, naming the option -------------------------------------------------------

BAD = {
    "rounds": (["--rounds", "0"], "--rounds"),
    "workers": (["--workers", "0"], "--workers"),
    "workers-past-the-limit": (
        ["--workers", "65"],
        "pontoon: --workers must be at most 64, got 65 (for more, use --dask)\n",
    ),
    "workers-a-billion": (["--workers", "1000000000"], "--workers must be at most 64"),
    "shard": (["--shard", "0"], "--shard"),
    "players": (["--players", "1"], "--players must be 2 or more"),
    "seed": (["--seed", str(2**60)], "--seed"),
    "strategy": (["--strategy", "defualt"], "unknown strategy 'defualt'"),
    "banker-strategy-casino": (
        ["--rules", "casino", "--banker-strategy", "basic"],
        "--banker-strategy: a casino table has no banker",
    ),
    "set": (["--set", "stick_minimum"], "--set 'stick_minimum': expected OPTION=VALUE"),
    "rules": (["--rules", "casinos"], "unknown preset"),
    "casino-seats": (["--rules", "casino", "--players", "8"], "a casino table seats 1 to 7"),
    "shard-money": (["--shard", str(10**13)], "--shard 10000000000000: a seat's starting balance"),
    "log-stdout": (
        ["--rounds", "10", "--log", "-"],
        "pontoon: --log -: stdout is the report's; write the log to a file (--log FILE)\n",
    ),
    "dask-timeout-alone": (
        ["--rounds", "10", "--dask-timeout", "5"],
        "pontoon: --dask-timeout goes with --dask ADDRESS (a local run waits for no scheduler)\n",
    ),
    "dask-wait-alone": (["--rounds", "10", "--dask-wait", "5"], "--dask-wait goes with --dask"),
    "log-dask": (
        ["--rounds", "10", "--log", "x.jsonl", "--dask", "tcp://127.0.0.1:1"],
        "--log and --dask",
    ),
}


@pytest.mark.parametrize("case", BAD)
def test_bad_options_exit_2_naming_the_option(case: str) -> None:
    args, words = BAD[case]
    result = runner.invoke(app, ["simulate", *args])
    assert result.exit_code == 2, result.output
    assert result.stdout == "" and words in result.stderr


def test_help_shows_each_default_once() -> None:
    text = runner.invoke(app, ["simulate", "--help"], env={"COLUMNS": "200"}).stdout
    for option in ("--rounds", "--workers", "--shard", "--json", "--players", "--seed"):
        line = next(row for row in text.splitlines() if row.strip().startswith(option))
        assert line.count("[default:") == 1, line


# Dask: optional, never imported otherwise; the same report on a cluster ----------------------

HAS_DASK = importlib.util.find_spec("distributed") is not None


def test_simulate_without_dask_does_not_import_it() -> None:
    code = (
        "import sys\n"
        "from typer.testing import CliRunner\n"
        "from pontoon_cli.cli.main import app\n"
        "r = CliRunner().invoke(app, ['simulate', '--rounds', '300', '--seed', '1'])\n"
        "assert r.exit_code == 0, r.output\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out == "[]\n"


def test_dask_without_distributed_exits_2_saying_how_to_install() -> None:
    code = (
        "import sys\n"
        "sys.modules['distributed'] = None  # as if not installed: its import fails\n"
        "from typer.testing import CliRunner\n"
        "from pontoon_cli.cli.main import app\n"
        "r = CliRunner().invoke(app, ['simulate', '--rounds', '10', '--dask', 'tcp://127.0.0.1:1'])\n"
        "print(r.exit_code, r.stderr)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out == (
        "2 pontoon: --dask tcp://127.0.0.1:1: Dask distributed is not installed; install it "
        "with: pip install distributed (Dask distributed, the dask extra)\n\n"
    )


@pytest.mark.skipif(not HAS_DASK, reason="Dask distributed is not installed")
def test_a_dask_local_cluster_gives_the_local_report() -> None:
    from distributed import LocalCluster

    args = ["simulate", "--rules", "casino", "--rounds", "1500", "--shard", "400", "--seed", "8"]
    with LocalCluster(n_workers=2, processes=True, threads_per_worker=1) as cluster:
        remote = pontoon(*args, "--dask", cluster.scheduler_address)
    local = pontoon(*args)
    assert remote.returncode == local.returncode == 0, remote.stderr
    assert remote.stdout == local.stdout
    assert json.loads(pontoon(*args, "--json").stdout)["shards"] == 4


# Dask: a wrong address or a peer that is not a scheduler is one line and exit 2, in bounded time -

BAD_ADDRESS = (
    "not a scheduler's address; expected tcp://HOST:PORT (or HOST:PORT, tls://HOST:PORT), "
    "e.g. tcp://127.0.0.1:8786"
)


@pytest.mark.parametrize("address", ["notanaddress", "inproc://x", "", "tcp://127.0.0.1:99999"])
def test_dask_refuses_what_is_not_a_schedulers_address(address: str) -> None:
    result = runner.invoke(app, ["simulate", "--rounds", "10", "--dask", address])
    assert result.exit_code == 2
    assert result.stderr == f"pontoon: --dask {address!r}: {BAD_ADDRESS}\n"


@contextlib.contextmanager
def loopback_peer(answer: Callable[[socket.socket], None]) -> Iterator[str]:
    """A server on 127.0.0.1 that treats each connection with ``answer``; its address."""
    listener = socket.create_server(("127.0.0.1", 0))
    kept: list[socket.socket] = []

    def serve() -> None:
        while True:
            try:
                conn, _ = listener.accept()
            except OSError:  # closed: the test is over
                return
            kept.append(conn)
            answer(conn)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield f"tcp://127.0.0.1:{listener.getsockname()[1]}"
    finally:
        listener.close()
        for conn in kept:
            conn.close()


def _silent(conn: socket.socket) -> None:
    """Accept, then say nothing."""


def _http(conn: socket.socket) -> None:
    conn.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")


def _ssh(conn: socket.socket) -> None:
    conn.sendall(b"SSH-2.0-OpenSSH_9.6\r\n")


def _hang_up(conn: socket.socket) -> None:
    conn.close()


PEERS = {
    "silent": (
        _silent,
        "the peer accepted the connection but sent nothing in 1 s (a Dask scheduler speaks "
        "first): not a Dask scheduler, or a stalled one (see --dask-timeout)",
    ),
    "http": (
        _http,
        "the peer answered b'HTTP/1.1', not a Dask scheduler's handshake (an HTTP or SSH server?)",
    ),
    "ssh": (
        _ssh,
        "the peer answered b'SSH-2.0-', not a Dask scheduler's handshake (an HTTP or SSH server?)",
    ),
    "hangs-up": (_hang_up, "the peer closed the connection without a word: not a Dask scheduler"),
}


@pytest.mark.parametrize("peer", PEERS)
def test_dask_a_peer_that_is_not_a_scheduler_is_one_line_and_exit_2(peer: str) -> None:
    answer, said = PEERS[peer]
    with loopback_peer(answer) as address:
        started = time.monotonic()
        result = runner.invoke(
            app, ["simulate", "--rounds", "10", "--dask", address, "--dask-timeout", "1"]
        )
        took = time.monotonic() - started
    assert result.exit_code == 2
    assert result.stderr == f"pontoon: --dask {address}: {said}\n"
    assert took < 5


def test_dask_a_refused_connection_is_one_line_and_exit_2() -> None:
    with socket.create_server(("127.0.0.1", 0)) as spare:
        port = spare.getsockname()[1]  # closed below: nothing listens there then
    result = runner.invoke(app, ["simulate", "--dask", f"tcp://127.0.0.1:{port}"])
    assert result.exit_code == 2
    assert result.stderr == f"pontoon: --dask tcp://127.0.0.1:{port}: cannot connect: " + (
        "Connection refused\n"
    )


@pytest.mark.skipif(not HAS_DASK, reason="Dask distributed is not installed")
def test_dask_a_peer_that_stalls_in_the_handshake_is_given_up_on() -> None:
    """Its first bytes are a plausible length, then nothing: Dask's own timeout does not bound
    that; pontoon gives up after twice --dask-timeout."""

    def stall(conn: socket.socket) -> None:
        conn.sendall((16).to_bytes(8, "little"))

    with loopback_peer(stall) as address:
        started = time.monotonic()
        done = pontoon("simulate", "--rounds", "10", "--dask", address, "--dask-timeout", "1")
        took = time.monotonic() - started
    assert done.returncode == 2
    assert done.stderr == (
        f"pontoon: --dask {address}: the peer did not complete Dask's handshake in 2 s "
        "(see --dask-timeout)\n"
    )
    assert took < 10


@pytest.mark.skipif(not HAS_DASK, reason="Dask distributed is not installed")
def test_dask_a_scheduler_without_workers_waits_the_stated_time_then_exits_2() -> None:
    from distributed import LocalCluster

    with LocalCluster(n_workers=0, processes=True, dashboard_address=None) as cluster:
        address = cluster.scheduler_address
        started = time.monotonic()
        done = pontoon("simulate", "--rounds", "10", "--dask", address, "--dask-wait", "1")
        took = time.monotonic() - started
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == (
        f"pontoon: --dask {address}: no worker yet; waiting up to 1 s for one\n"
        f"pontoon: --dask {address}: no worker joined the scheduler in 1 s (start one: "
        f"dask worker {address}; or see --dask-wait)\n"
    )
    assert took < 15


def test_a_simulation_of_any_length_is_planned_in_flat_memory() -> None:
    """--rounds 2**53 - 1 (the largest the options take) cuts into shards one at a time: the
    plan holds nothing per shard, and the last shard is what is left."""
    import tracemalloc

    from pontoon_cli.api.simulating import plan

    tracemalloc.start()
    try:
        what = plan("traditional", rounds=MAX_SAFE_INT, seed=1, shard=10_000)
        shards = len(what.specs)
        last = what.specs[shards - 1]
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert shards == -(-MAX_SAFE_INT // 10_000) == what.setup["shards"]
    assert (last["index"], last["rounds"]) == (shards - 1, MAX_SAFE_INT % 10_000)
    assert peak < 2_000_000  # bytes: the rules and the table, not 900 billion specs
    first = next(iter(what.specs))
    assert (first["index"], first["rounds"], first["seed"]) == (0, 10_000, 1)


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
def test_the_longest_simulation_starts_at_once_and_stops_on_ctrl_c() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "pontoon_cli", "simulate", "--rounds", str(MAX_SAFE_INT)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    time.sleep(1.5)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert (proc.returncode, out) == (130, b"")
    said = err.decode().strip().splitlines()[-1]
    assert said.startswith("pontoon: interrupted; ") and " of 900719925475 shards played (" in said
    assert said.endswith(f" of {MAX_SAFE_INT} rounds); no report")
