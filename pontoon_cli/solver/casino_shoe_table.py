"""A table of decisions for a finite shoe: ``pontoon strategy --rules casino --decks N``'s table.

The best play for the player's cards (:data:`~pontoon_cli.solver.casino_shoe.OPTIMAL`) changes
with every composition of his cards; a table, like the infinite-deck one, takes one decision per
situation (hard or soft total, two to four cards, doubled or not) and one per pair. This module
finds one by policy improvement over tables, each step exact:

1. start from the shipped `basic` table;
2. evaluate it exactly on the shoe (:class:`~pontoon_cli.solver.casino_shoe.Shoed`), and for
   every composition of cards a hand reaches under it (not split hands: their weights are not
   worked out), the value of every legal choice with the table played after it;
3. in each situation take the choice whose values, weighted by the chance of reaching each
   composition, add up to the most (a change only where it gains: ties keep the table's); a pair
   is split when that is worth more than playing it (one composition: the pair);
4. repeat until nothing changes (three rounds at most; one at three decks and more).

The table's edge is then computed exactly, splits included. It is a good table, not proven the
best of all tables: a step changes every situation at once.
"""

from __future__ import annotations

from typing import Any, Final

from pontoon_cli.solver.casino import CasinoRules, add_card, decision_states
from pontoon_cli.solver.casino_shoe import MAX_CARDS, Policy, Shoe, Shoed, basic_policy

ROUNDS: Final = 3
Situation = tuple[bool, int, int, bool]  # soft, total, cards, doubled


def table_policy(rows: dict[Situation, str], splits: dict[int, bool]) -> Policy:
    """The play of a table: ``rows`` per situation, ``splits`` per pair value (1 to 10)."""

    def act(soft: bool, total: int, cards: int, doubled: bool) -> str:
        return rows[(soft, total, cards, doubled)]

    return Policy("table", act, lambda pair: splits[pair])


def basic_rows() -> tuple[dict[Situation, str], dict[int, bool]]:
    """The shipped `basic` table as rows (a situation it cannot meet: hit)."""
    policy = basic_policy()
    assert policy.act is not None and policy.split is not None
    rows: dict[Situation, str] = {}
    for soft, total, cards in decision_states():
        for doubled in (False, True):
            try:
                rows[(soft, total, cards, doubled)] = policy.act(soft, total, cards, doubled)
            except ValueError:  # no such hand (a hard 4 in four cards)
                rows[(soft, total, cards, doubled)] = "hit"
    return rows, {pair: policy.split(pair) for pair in range(1, 11)}


def _weigh(
    game: Shoed, rows: dict[Situation, str], sums: dict[Situation, dict[str, float]]
) -> None:
    """Add, for every composition a hand reaches under ``rows`` (not split hands), its chance
    times each choice's value to ``sums`` of its situation."""
    weights: dict[tuple[Shoe, int, bool, int, bool], float] = {}

    def reach(shoe: Shoe, total: int, soft: bool, cards: int, doubled: bool, p: float) -> None:
        key = (shoe, total, soft, cards, doubled)
        weights[key] = weights.get(key, 0.0) + p

    shoe = game.shoe
    left = sum(shoe)
    for i, n in enumerate(shoe):
        once = (*shoe[:i], n - 1, *shoe[i + 1 :])
        for j, m in enumerate(once):
            if n == 0 or m == 0 or {i, j} == {0, 9}:
                continue  # no such card, or a pontoon (no decision)
            if i == j and game.splits(i + 1) and game.rules.max_hands > 1:
                continue  # split hands are left out
            twice = (*once[:j], m - 1, *once[j + 1 :])
            _, total, soft = add_card(*add_card(0, False, i + 1)[1:], j + 1)
            reach(twice, total, soft, 2, False, n * m / (left * (left - 1)))
    # a hand's compositions grow by one card a step: every source is done before its targets
    for cards in range(2, MAX_CARDS):
        for (shoe, total, soft, n_cards, doubled), p in list(weights.items()):
            if n_cards != cards:
                continue
            situation = (soft, total, cards, doubled)
            choices = game.choices(shoe, total, soft, cards, doubled)
            into = sums.setdefault(situation, dict.fromkeys(choices, 0.0))
            for action, value in choices.items():
                into[action] = into.get(action, 0.0) + p * value
            action = rows[situation]
            if action == "stand" or (action == "double" and doubled):
                continue
            after_doubled = doubled or action == "double"
            here = sum(shoe)
            for k, count in enumerate(shoe):
                if count == 0:
                    continue
                low, new_total, new_soft = add_card(total, soft, k + 1)
                if low > 21 or cards + 1 == MAX_CARDS or (new_total == 21 and not new_soft):
                    continue  # the hand ends
                rest = (*shoe[:k], count - 1, *shoe[k + 1 :])
                reach(rest, new_total, new_soft, cards + 1, after_doubled, p * count / here)


def best_table(
    shoe: Shoe,
    rules: CasinoRules,
    dealer: dict[Shoe, tuple[float, list[float]]] | None = None,
    start: tuple[dict[Situation, str], dict[int, bool]] | None = None,
) -> tuple[dict[Situation, str], dict[int, bool], float]:
    """(rows, splits, the table's exact house edge) for ``shoe`` (module docstring), from the
    `basic` table or ``start``."""
    rows, splits = basic_rows() if start is None else start
    dealer = {} if dealer is None else dealer
    game = Shoed(shoe, rules, table_policy(rows, splits), dealer)
    for _ in range(ROUNDS):
        sums: dict[Situation, dict[str, float]] = {}
        _weigh(game, rows, sums)
        new_rows = dict(rows)
        for situation, values in sums.items():
            best = max(values, key=values.__getitem__)
            if values[best] > values[rows[situation]] + 1e-12:
                new_rows[situation] = best
        new_splits = dict(splits)
        if rules.max_hands > 1:
            for pair in range(1, 11):
                left = take_pair(shoe, pair)
                if left is None:
                    continue
                split = game.split_hands(left, pair, 2, rules.max_hands - 2)
                new_splits[pair] = split > game.two_cards(left, pair, pair) + 1e-12
        if new_rows == rows and new_splits == splits:
            break
        rows, splits = new_rows, new_splits
        game = Shoed(shoe, rules, table_policy(rows, splits), dealer)
    return rows, splits, game.edge()


def take_pair(shoe: Shoe, pair: int) -> Shoe | None:
    i = pair - 1
    if shoe[i] < 2:
        return None
    return (*shoe[:i], shoe[i] - 2, *shoe[i + 1 :])


def table_data(rows: dict[Situation, str], splits: dict[int, bool]) -> dict[str, Any]:
    """The table for ``--json``: each situation's choice (``"hard 12 2"``: two cards), each
    pair's split, and where it differs from `basic`."""
    basic, basic_splits = basic_rows()
    play: dict[str, str] = {}
    doubled: dict[str, str] = {}
    for (soft, total, cards, is_doubled), action in rows.items():
        name = f"{'soft' if soft else 'hard'} {total} {cards}"
        (doubled if is_doubled else play)[name] = action
    differs = [
        f"{'soft' if soft else 'hard'} {total} {cards}{' doubled' if is_doubled else ''}: "
        f"{action} (basic: {basic[(soft, total, cards, is_doubled)]})"
        for (soft, total, cards, is_doubled), action in rows.items()
        if action != basic[(soft, total, cards, is_doubled)]
    ]
    differs += [
        f"pair {pair}: {'split' if split else 'no split'} (basic: the contrary)"
        for pair, split in splits.items()
        if split != basic_splits[pair]
    ]
    return {
        "play": play,
        "doubled": doubled,
        "split": {str(pair): split for pair, split in splits.items()},
        "differs_from_basic": differs,
    }
