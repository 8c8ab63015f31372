"""Casino logs for the replay tests (C1-C11): seeded games played by the tests' own random
player, and rounds dealt from an arranged shoe, through the engine, written as the log writer
writes them; seeded play through the command line; and the pieces the tampering tests share."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import orjson
from typer.testing import CliRunner

from pontoon_cli.base.deal import Phase
from pontoon_cli.base.start import DealSetup, PackState
from pontoon_cli.casino.deal import CasinoDeal, CasinoGame
from pontoon_cli.casino.record import casino_deal_record
from pontoon_cli.cli.main import app
from pontoon_cli.core.cards import Card, new_pack
from pontoon_cli.core.rng import Rng, session_rngs
from pontoon_cli.core.rules import PRESETS, Table
from pontoon_cli.log.writer import header_record
from support.replay import divergence as divergence  # the casino tests import both from here
from support.replay import dump
from support.replay import only as only

Record = dict[str, Any]
LOG = "game.jsonl"


def play(*args: str) -> bytes:
    """The log ``pontoon play --rules casino ARGS`` writes."""
    result = CliRunner().invoke(app, ["play", "--rules", "casino", *args])
    assert result.exit_code == 0, result.stderr
    return result.stdout_bytes


def records(log: bytes) -> list[Record]:
    return [orjson.loads(line) for line in log.splitlines()]


def dealt(seed: int, rounds: int, players: int, bankroll: int, **settings: Any) -> bytes:
    """A seeded game's log, each seat played by the tests' own random player: a stake drawn
    uniformly from the legal range, then uniformly among the legal actions. It is written here,
    not taken from the automatic players (``pontoon_cli.casino.players``), so the tests' logs
    stay as they are whatever those strategies come to prefer."""
    rules = PRESETS["casino"].with_overrides(settings)
    table = Table.build([f"p{i}" for i in range(1, players + 1)], bankroll=bankroll, house=True)
    game_rng, players_rng = session_rngs(seed)
    game = CasinoGame(rules, table, game_rng)
    rngs = {p: players_rng.spawn() for p in table.seats}
    out = [header_record(rules, table, game, seed, strategies={"punter": "random"})]
    for _ in range(rounds):
        if not game.can_deal():
            break
        deal = game.start_deal()
        assert isinstance(deal, CasinoDeal)
        while deal.phase is not Phase.END:
            assert deal.actor is not None
            player, hand = deal.actor
            rng, legal = rngs[player], deal.legal_actions()
            if deal.phase is Phase.STAKES:
                ((_, low, high),) = legal
                assert low is not None and high is not None
                deal.stake(player, low + rng.below(high - low + 1))
            else:
                deal.act(player, hand, legal[rng.below(len(legal))].action)
        game.finish_deal(deal)
        out.append(casino_deal_record(game, deal))
    return dump(out)


#: ``dealt(5, 30, 3, 60, decks=2, shuffle_every=3)`` as the engine dealt it at commit 51a1193,
#: before the casino shoe was shuffled from the top (C1, ``Rng.shuffle_from_top``): kept as a file,
#: so the tampers below keep their rounds, and so a log of the earlier shuffle still verifies (a
#: shuffle is the dealer's business: replay checks the shoe's cards and carry, not its order).
#: 30 rounds, three seats of 60 against the dealer, two decks, a new shoe every third round
#: (C1); the random player doubles (each double dealing its card, C7) and splits. Round 1: p2
#: doubles, then hits; 2: three doubles and the dealer draws (C9); 6, 10, 17, 22: the dealer's
#: pontoon (C5); 8: his five card trick beats p3's 16 (C11); 9: p1 stakes 3 of his last 7;
#: 10: p1 stakes his last 10; 11 on: p1 sits out (C3); 13: a pontoon paid 2:1 (p3); 23: p2
#: stakes 8 of 15; 25: p3 splits fours and doubles both hands; 27: p2's doubled five card trick.
BASE_LOG = (Path(__file__).resolve().parents[1] / "casino" / "base-seed-5.jsonl").read_bytes()
BASE = records(BASE_LOG)


def base() -> list[Record]:
    return copy.deepcopy(BASE)


def arranged(
    top: str,
    decisions: list[tuple[str, int, str, int | None]],
    seats: tuple[str, ...] = ("ann",),
    bankroll: int = 100,
    **settings: Any,
) -> list[Record]:
    """A header and one round dealt from a new shoe whose top cards are ``top`` (the rest of
    the shoe in new-pack order: any order of a whole shoe is a shuffle, C1), played with
    ``decisions`` (player, hand, action, amount) through the engine and written as the log
    writer writes it."""
    rules = PRESETS["casino"].with_overrides(settings)
    table = Table.build(list(seats), bankroll=bankroll, house=True)
    game = CasinoGame(rules, table, Rng(0))
    cards = [Card.parse(t) for t in top.split()]
    rest = new_pack(rules.decks)
    for card in cards:
        rest.remove(card)
    deal = CasinoDeal(
        DealSetup(rules, table, cards + rest, dict(game.balances), 1, PackState.SHUFFLED)
    )
    for player, hand, action, amount in decisions:
        deal.act(player, hand, action, amount)
    game.finish_deal(deal)
    header = header_record(rules, table, game, None)
    return [orjson.loads(orjson.dumps(r)) for r in (header, casino_deal_record(game, deal))]


def decision(player: str, action: str, amount: int | None = None, hand: int = 1) -> Record:
    d: Record = {"player": player, "hand": hand, "action": action}
    if amount is not None:
        d["amount"] = amount
    return d


def shift_balances(recs: list[Record], start: int, player: str, by: int) -> None:
    """A forger's fix-up: ``player``'s balance moved by ``by`` from record ``start`` on."""
    for rec in recs[start:]:
        rec["balance"][player] += by


def split_round() -> tuple[list[Record], int]:
    """The base log and the index of round 25's card that p3's split dealt to his hand 2."""
    recs = base()
    rec = recs[25]
    assert rec["decisions"][3] == decision("p3", "split", 6)
    i = next(i for i, c in enumerate(rec["cards"]) if c["player"] == "p3" and c["hand"] == 2)
    return recs, i


EIGHTS = "8C 2D 8D 3D 8H 8S 8C 8D 9C 9D 9H 9S"  # ann's pair, the dealer's 5, then eights


def three_hands() -> list[Record]:
    """ann splits her eights twice: three hands, the most (C8)."""
    return arranged(
        EIGHTS,
        [
            ("ann", 1, "stake", 2),
            ("ann", 1, "split", None),  # 8C 8H | 8D 8S
            ("ann", 1, "split", None),  # 8C 8C | 8H 8D | 8D 8S: three hands
            ("ann", 1, "stand", None),
            ("ann", 2, "stand", None),
            ("ann", 3, "stand", None),
        ],
        decks=2,
    )
