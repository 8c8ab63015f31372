"""`pontoon replay --seeded`: every shuffle of a log re-derived from its header's seed (T3.2, T8.2,
C1). Without it the seed is information, and a log whose packs were chosen by hand verifies."""

from __future__ import annotations

import copy
import io
from pathlib import Path

import orjson
import pytest
from support.replay import dump
from typer.testing import CliRunner

from pontoon_cli.cli.main import app
from pontoon_cli.core.rng import Rng
from pontoon_cli.core.rules import PRESETS, Table
from pontoon_cli.games import find_game, seeded_game
from pontoon_cli.log.writer import header_record
from pontoon_cli.replay.run import StreamOutput, replay_logs

Record = dict[str, object]
runner = CliRunner()


def played(
    preset: str,
    seed: int,
    deals: int,
    *,
    other_rng_after: int | None = None,
    banker: str | None = None,
) -> list[Record]:
    """A seeded game's log as ``pontoon play`` writes it; with ``other_rng_after`` the game's
    generator is another one's from that deal on: the shuffles after it are not the seed's, and
    every deal still follows the rules."""
    rules = PRESETS[preset]
    definition = find_game(rules)
    seats = ["p1", "p2", "p3", "p4"]
    table = Table.build(seats, banker=banker, bankroll=1000, house=definition.house)
    game, auto = seeded_game(rules, table, seed)
    out = [header_record(rules, table, game, seed, strategies={"punter": "default"})]
    for deal in auto.play(game, deals):
        out.append(definition.record(game, deal, None))
        if deal.number == other_rng_after:
            game.rng = Rng(seed + 1)
    return [orjson.loads(orjson.dumps(r)) for r in out]


def replay(
    tmp_path: Path, recs: list[Record], *, seeded: bool = True
) -> tuple[int, list[Record], str]:
    path = tmp_path / "game.jsonl"
    path.write_bytes(dump(recs))  # type: ignore[arg-type]
    out, err = io.BytesIO(), io.StringIO()
    code = replay_logs([str(path)], StreamOutput(out, err), as_json=True, seeded=seeded)
    return code, [orjson.loads(line) for line in out.getvalue().splitlines()], err.getvalue()


def first_pack_difference(a: list[Record], b: list[Record]) -> tuple[int, int, str, str]:
    """(line, position, card in a, card in b) of the first pack where logs a and b differ."""
    for line, (x, y) in enumerate(zip(a, b, strict=True), 1):
        if x.get("pack") != y.get("pack"):
            xs, ys = str(x["pack"]).split(), str(y["pack"]).split()
            i = next(i for i, (p, q) in enumerate(zip(xs, ys, strict=True)) if p != q)
            return line, i, xs[i], ys[i]
    raise AssertionError("the logs deal the same packs")


@pytest.mark.parametrize("preset", ["traditional", "shoot", "casino"])
def test_a_seeded_log_verifies_shuffle_after_shuffle(tmp_path: Path, preset: str) -> None:
    recs = played(preset, 11, 120)
    shuffled = [r for r in recs[1:] if r["pack_state"] == "shuffled"]
    assert len(shuffled) > 5  # the first pack, then T8.2's (or C1's) shuffles
    code, found, err = replay(tmp_path, recs)
    assert (code, found) == (0, []), err
    assert "120 deals verified, 0 with divergences" in err


@pytest.mark.parametrize(
    ("preset", "rule"), [("traditional", "T8.2"), ("shoot", "T8.2"), ("casino", "C1")]
)
def test_a_shuffle_the_seed_did_not_make_is_reported_once_T8_2_C1(
    tmp_path: Path, preset: str, rule: str
) -> None:
    honest = played(preset, 11, 120)
    recs = played(preset, 11, 120, other_rng_after=30)
    line, i, got, want = first_pack_difference(recs, honest)
    assert line > 31 and recs[line - 1]["pack_state"] == "shuffled"
    # every deal follows the rules: without --seeded the log verifies
    assert replay(tmp_path, recs, seeded=False)[0] == 0
    code, found, err = replay(tmp_path, recs)
    assert code == 1
    assert found == [  # the first pack the seed did not deal; none after it is compared
        {
            "file": str(tmp_path / "game.jsonl"),
            "line": line,
            "deal": line - 1,
            "player": None,
            "hand": None,
            "field": f"pack[{i}]",
            "recorded": got,
            "expected": f"{want}, as seed 11 shuffles",
            "rule": rule,
        }
    ]
    assert "119 deals verified, 1 with divergences" in err


def test_C1_two_cards_swapped_below_what_a_round_takes_are_caught_only_by_the_seed(
    tmp_path: Path,
) -> None:
    """A round is dealt from the top of its 416-card shoe and the rest is checked by its counts:
    a shoe with its two bottom cards swapped is still a whole shoe, dealt as recorded, so it
    verifies; --seeded compares every card of it with the seed's shuffle."""
    recs = played("casino", 11, 6)
    line = 4
    cards = str(recs[line - 1]["pack"]).split()
    n = len(cards)
    assert n == 416 and cards[-1] != cards[-2]
    cards[-1], cards[-2] = cards[-2], cards[-1]
    recs[line - 1]["pack"] = " ".join(cards)
    assert replay(tmp_path, recs, seeded=False)[0] == 0
    code, found, _ = replay(tmp_path, recs)
    assert code == 1
    assert [(d["line"], d["field"], d["recorded"], d["expected"]) for d in found] == [
        (line, f"pack[{n - 2}]", cards[-2], f"{cards[-1]}, as seed 11 shuffles")
    ]


def test_a_log_without_pack_states_is_followed_by_the_rules_T8_2(tmp_path: Path) -> None:
    """A third party's log may leave ``pack_state`` out: the rules say which deals were
    shuffled (after a pontoon, T8.2), so the seed's shuffles are still followed."""
    honest = played("traditional", 11, 120)
    recs = played("traditional", 11, 120, other_rng_after=30)
    line, i, got, want = first_pack_difference(recs, honest)
    for log in (honest, recs):
        for r in log[1:]:
            del r["pack_state"]
    assert replay(tmp_path, honest)[:2] == (0, [])
    code, found, _ = replay(tmp_path, recs)
    assert code == 1
    assert [(f["line"], f["field"], f["recorded"], f["expected"], f["rule"]) for f in found] == [
        (line, f"pack[{i}]", got, f"{want}, as seed 11 shuffles", "T8.2")
    ]


def test_another_seed_in_the_header_gives_another_cut_for_the_bank_T3_2(tmp_path: Path) -> None:
    recs = played("traditional", 11, 5)
    assert recs[0]["cut"]
    recs[0]["seed"] = 12
    code, found, _ = replay(tmp_path, recs)
    want = played("traditional", 12, 1)[0]["cut"][0]  # type: ignore[index]
    assert code == 1 and len(found) == 1
    assert found[0]["line"] == 1 and found[0]["field"] == "cut[0]" and found[0]["rule"] == "T3.2"
    assert found[0]["expected"] == f"{want[found[0]['player']]}, as seed 12 shuffles"


def test_with_a_banker_named_the_first_pack_is_the_seeds_first_shuffle_T8_2(tmp_path: Path) -> None:
    recs = played("traditional", 11, 5, banker="p2")
    assert "cut" not in recs[0] or not recs[0]["cut"]
    assert replay(tmp_path, recs)[0] == 0
    recs[0]["seed"] = 12
    code, found, _ = replay(tmp_path, recs)
    want = str(played("traditional", 12, 1, banker="p2")[1]["pack"]).split()
    got = str(recs[1]["pack"]).split()
    i = next(i for i, (a, b) in enumerate(zip(got, want, strict=True)) if a != b)
    assert code == 1
    assert [
        (f["line"], f["deal"], f["field"], f["recorded"], f["expected"], f["rule"]) for f in found
    ] == [(2, 1, f"pack[{i}]", got[i], f"{want[i]}, as seed 12 shuffles", "T8.2")]


def test_text_output_names_file_line_deal_and_rule(tmp_path: Path) -> None:
    recs = played("casino", 11, 3)
    recs[0]["seed"] = 12
    path = tmp_path / "night.jsonl"
    path.write_bytes(dump(recs))  # type: ignore[arg-type]
    result = runner.invoke(app, ["replay", "--seeded", str(path)])
    assert result.exit_code == 1
    line = result.stdout.strip()
    assert line.startswith(f"{path}:2: deal 1: pack[0] recorded ")
    assert line.endswith(', as seed 12 shuffles" (C1)')
    assert runner.invoke(app, ["replay", str(path)]).exit_code == 0  # the seed is information


def test_a_scenario_log_cannot_be_checked_against_its_seed(tmp_path: Path) -> None:
    scenario = Path(__file__).resolve().parents[2] / "scenarios" / "c1-the-shoe.toml"
    log = tmp_path / "scenario.jsonl"
    assert runner.invoke(app, ["play", str(scenario), "--out", str(log)]).exit_code == 0
    result = runner.invoke(app, ["replay", "--seeded", str(log)])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert (
        f"pontoon: {log}:1: scenario: a scenario's log stacks its packs by hand, so --seeded "
        "cannot check them: it checks a log dealt from its seed (pontoon play --seed N)"
    ) in result.stderr
    assert runner.invoke(app, ["replay", str(log)]).exit_code == 0


@pytest.mark.parametrize("as_json", [False, True])
def test_a_log_without_a_seed_cannot_be_checked_against_one(tmp_path: Path, as_json: bool) -> None:
    recs = played("traditional", 11, 3)
    recs[0]["seed"] = None
    path = tmp_path / "third-party.jsonl"
    path.write_bytes(dump(recs))  # type: ignore[arg-type]
    result = runner.invoke(app, ["replay", "--seeded", *(["--json"] if as_json else []), str(path)])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert (
        f"pontoon: {path}:1: seed: --seeded needs the header's seed to re-derive the shuffles, "
        "and this log has none: replay it without --seeded"
    ) in result.stderr


@pytest.mark.parametrize(
    "command",
    [
        "play --rules casino --set decks=0 --seed 4 --deals 40",
        "play --rules casino --set decks=1 --set shuffle_every=4 --players 2 --seed 4 --deals 40",
        "play --players 9 --banker p3 --seed 4 --deals 60",
        "simulate --rounds 300 --shard 100 --seed 4 --log LOG",
        "simulate --rules casino --rounds 300 --shard 100 --log LOG",
    ],
    ids=["infinite-shoe", "one-deck-shoe", "two-packs", "simulate-shards", "simulate-casino"],
)
def test_every_kind_of_seeded_log_verifies(tmp_path: Path, command: str) -> None:
    """An infinite shoe (C1: each round's cards drawn one by one), a shoe carried over between
    shuffles, two packs (T1.1), and simulate's log: a game per shard, each from its own seed."""
    path = tmp_path / "game.jsonl"
    words = [str(path) if word == "LOG" else word for word in command.split(" ")]
    if "--log" not in words:
        words += ["--out", str(path)]
    assert runner.invoke(app, words).exit_code == 0
    result = runner.invoke(app, ["replay", "--seeded", str(path)])
    assert result.exit_code == 0, result.output
    assert "0 with divergences" in result.stderr
    recs = [orjson.loads(line) for line in path.read_bytes().splitlines()]
    deals = [r for r in recs if r["type"] == "deal"]
    assert sum(r["pack_state"] == "shuffled" for r in deals) > 1
    # another seed in every header: the first pack (or cut) of each game is not the seed's
    for r in recs:
        if r["type"] == "header":
            r["seed"] += 1
    path.write_bytes(dump(recs))  # type: ignore[arg-type]
    result = runner.invoke(app, ["replay", "--seeded", str(path)])
    assert result.exit_code == 1
    games = sum(r["type"] == "header" for r in recs)
    assert len(result.stdout.splitlines()) == games


@pytest.mark.parametrize(("preset", "rule"), [("traditional", "T8.1"), ("casino", "C1")])
def test_a_shuffled_deal_that_diverges_first_elsewhere_keeps_the_seed_in_step(
    tmp_path: Path, preset: str, rule: str
) -> None:
    """A shuffled deal whose first divergence is another (its pack_state written "stacked",
    T8.1, C1) still draws its shuffle: the seed's later shuffles stay in step, and it is the
    log's one divergence."""
    recs = played(preset, 11, 120)
    shuffled = [n for n, r in enumerate(recs) if n > 1 and r.get("pack_state") == "shuffled"]
    assert len(shuffled) > 3
    for n in (1, shuffled[0]):
        tampered = copy.deepcopy(recs)
        tampered[n]["pack_state"] = "stacked"
        code, found, err = replay(tmp_path, tampered)
        assert code == 1
        assert [(f["deal"], f["field"], f["recorded"], f["rule"]) for f in found] == [
            (n, "pack_state", "stacked", rule)
        ], err


def test_a_pack_a_card_short_is_one_divergence_T1_1(tmp_path: Path) -> None:
    """The seed's pack and the recorded one differ in length, not in any card they share."""
    recs = played("traditional", 11, 5, banker="p2")
    cards = str(recs[1]["pack"]).split(" ")
    recs[1]["pack"] = " ".join(cards[:-1])
    code, found, _ = replay(tmp_path, recs)
    assert code == 1
    f = found[0]
    assert (f["deal"], f["field"], f["recorded"], f["expected"], f["rule"]) == (
        1, "pack", "51 cards", "52 cards", "T1.1"
    )  # fmt: skip


def test_a_shuffle_after_a_deal_cut_short_is_drawn_as_recorded_T8_2(tmp_path: Path) -> None:
    """The deal before a shuffle stops short (a decision left out), so the pack it left is not
    known: the next deal's recorded "shuffled" says a shuffle was drawn there, and the seed's
    later shuffles stay in step."""
    recs = played("traditional", 11, 120)
    shuffled = [n for n, r in enumerate(recs) if n > 1 and r["pack_state"] == "shuffled"]
    n = shuffled[0] - 1
    assert len(shuffled) > 3 and recs[n]["decisions"]
    recs[n]["decisions"].pop()
    code, found, err = replay(tmp_path, recs)
    assert code == 1
    lacked = f"decisions[{len(recs[n]['decisions'])}]"
    assert [(f["deal"], f["field"]) for f in found] == [(n, lacked)], err
