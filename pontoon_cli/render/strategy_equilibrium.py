"""``pontoon strategy --rules traditional --equilibrium`` for people: the figures, then summaries.

The data is :func:`pontoon_cli.solver.equilibrium_table.report`'s (``--json`` writes it whole):
the value beside the fixed banker's, the certificate, the value of the bank, the punter's stake
and his play on two cards and in the commonest later situations, and the banker's draws on his
two-card hands for the commonest things he sees.
"""

from __future__ import annotations

from typing import Any, Final

from pontoon_cli.render.strategy import percent

LATER: Final = 12  # the punter's commonest situations after three or more cards shown
SEEN: Final = 10  # the commonest things the banker sees, shown
BANKER_HANDS: Final = (
    *(f"hard {t}" for t in range(13, 20)),
    *(f"soft {t}" for t in range(17, 19)),
)
FIRST_CARDS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")


def _units(value: float) -> str:
    return f"{value:+.4f}"


def header(data: dict[str, Any]) -> list[str]:
    rules = data["rules"]
    stakes = " or ".join(map(str, data["stakes"]))
    solved = (
        "the shipped solve"
        if data["shipped"]
        else "solved now for these settings (the preset's is shipped)"
    )
    return [
        "traditional (T1-T8), heads-up, an equilibrium: the punter and a banker who sees what he",
        "shows (T6.1), each playing his best against the other; infinite deck, no splits",
        f"the punter sticks on {rules['stick_minimum']} or more and stakes {stakes} on his first "
        "card (T4.2, T3.3)",
        f"{solved}, {data['iterations']} iterations of CFR+",
    ]


def figures(data: dict[str, Any]) -> list[str]:
    fixed = data["fixed_banker"]
    rows = [
        ("banker's net per initial stake", percent(data["value"]), percent(fixed["value"])),
        (
            "banker's net per deal (units)",
            _units(data["value_per_deal"]),
            _units(fixed["value_per_deal"]),
        ),
        ("punter's mean initial stake", f"{data['mean_stake']:.4f}", f"{fixed['mean_stake']:.4f}"),
    ]
    right = f"banker stays on {fixed['banker_stays']}"
    out = [f"{'':<31}  {'equilibrium':>12}  {right:>19}"]
    out += [f"{name:<31}  {a:>12}  {b:>19}" for name, a, b in rows]
    bounds = data["bounds"]
    return [
        *out,
        f"(on {fixed['banker_stays']}: the punter's best against that banker, the same stakes, no "
        "splits; one stake",
        f"and splits, as --banker-stays prints: {percent(fixed['one_stake_with_splits'])})",
        "",
        f"exploitability: {data['exploitability']:.6f} units a deal: the most the two sides "
        "together could gain",
        "by changing their play against the other's (0 at an exact equilibrium); the punter's "
        "value",
        f"a deal lies in [{bounds['banker_best']:+.6f}, {bounds['punter_best']:+.6f}]",
        "",
        f"the value of the bank (T8.3): a deal passes it with chance "
        f"{100 * data['bank_pass_chance']:.2f}% (the punter's pontoon,",
        f"the banker without one); the bank is worth {data['bank_value']:+.4f} per initial stake "
        f"while held",
        f"({data['bank_value_units']:+.4f} units), over {data['deals_held']:.2f} deals on average",
    ]


def _percent(p: float | None) -> str:
    return "-" if p is None else f"{100 * p:.0f}"


def stakes(data: dict[str, Any]) -> list[str]:
    choices = [f"stake {s}" for s in data["stakes"]]
    out = [
        "the punter's stake on his first card, % (T4.2; the solve allows "
        + " or ".join(map(str, data["stakes"]))
        + ")",
        f"{'first card':<10}  " + "  ".join(f"{c:>4}" for c in FIRST_CARDS),
    ]
    for choice in choices:
        cells = [_percent(data["punter"][f"first card {c}"][choice]) for c in FIRST_CARDS]
        out.append(f"{choice:<10}  " + "  ".join(f"{c:>4}" for c in cells))
    return out


def _actions(data: dict[str, Any]) -> list[str]:
    names = {a for row in data["punter"].values() for a in row if not a.startswith("stake")}
    fixed = ["stick", "twist"]
    return fixed + sorted(names - set(fixed), key=lambda a: (len(a), a))


def punter_rows(
    data: dict[str, Any], chances: dict[str, float]
) -> list[tuple[str, str, list[str]]]:
    """(situation, chance, % per action) for the two-card situations in the order of the
    hands, then the commonest later ones."""
    actions = _actions(data)
    two = [k for k in chances if ", " not in k.partition(":")[0]]
    two.sort(key=lambda k: (k.partition(":")[0], "soft" in k, int(k.rsplit(" ", 1)[1])))
    later = sorted((k for k in chances if k not in two), key=lambda k: (-chances[k], k))
    rows = []
    for key in [*two, *later[:LATER]]:
        row = data["punter"][key]
        rows.append((key, f"{100 * chances[key]:.2f}", [_percent(row.get(a)) for a in actions]))
    return rows


def punter_lines(data: dict[str, Any], chances: dict[str, float]) -> list[str]:
    actions = _actions(data)
    rows = punter_rows(data, chances)
    width = max(len(k) for k, _, _ in rows)
    out = [
        "the punter's play, % of the time: on his two cards, then the "
        f"{LATER} commonest later situations",
        "(every one: --json)",
        f"{'situation':<{width}}  chance%  " + "  ".join(f"{a:>7}" for a in actions),
    ]
    for key, chance, cells in rows:
        out.append(f"{key:<{width}}  {chance:>7}  " + "  ".join(f"{c:>7}" for c in cells))
    return out


def banker_lines(data: dict[str, Any], seen: dict[str, float]) -> list[str]:
    common = sorted(seen, key=lambda k: (-seen[k], k))[:SEEN]
    width = max(len(k) for k in common)
    out = [
        f"the banker's chance to draw, %, on his two-card hands, for the {SEEN} commonest things "
        "he sees",
        "(every hand and sight: --json)",
        f"{'he saw':<{width}}  chance%  "
        + " ".join(f"{h.replace('hard ', 'h').replace('soft ', 's'):>3}" for h in BANKER_HANDS),
    ]
    for key in common:
        hands = data["banker"][key]
        cells = [_percent(hands.get(f"{h} in 2", 0.0)) for h in BANKER_HANDS]
        out.append(
            f"{key:<{width}}  {100 * seen[key]:>7.2f}  " + " ".join(f"{c:>3}" for c in cells)
        )
    return out


def equilibrium_text(
    data: dict[str, Any], chances: dict[str, float], seen: dict[str, float]
) -> str:
    """The whole answer as plain text (a terminal gets the same)."""
    parts = [
        header(data),
        figures(data),
        stakes(data),
        punter_lines(data, chances),
        banker_lines(data, seen),
    ]
    return "\n\n".join("\n".join(part) for part in parts) + "\n"
