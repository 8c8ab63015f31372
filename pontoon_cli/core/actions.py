"""The action words of a game: one frozen record per decision word, and the table of a game's words.

Everything that names a decision reads the table: the engine's :meth:`Deal.act
<pontoon_cli.traditional.deal.Deal.act>` (which words exist, which take an amount, the rule cited
when one is given wrongly), the log checker (the words a log may hold), replay (the rule of the card
a decision deals) and scenario scripts (the words and synonyms a script may hold). A new decision is
one row here and its method on the deal.
"""

from __future__ import annotations

from typing import Final, NamedTuple

PUNTER: Final = "punter"  # a punter, or a player seat at a casino table
BANKER: Final = "banker"


class ActionWord(NamedTuple):
    """One decision word: who takes it, whether it names an amount, and its rules.

    ``word`` is the word the engine and the log use; ``synonyms`` are other words a scenario
    script may write for it. ``amount``: the caller names an amount (a stake, a price). ``rule``
    is the rule the decision is taken under, cited when it is given with or without an amount
    wrongly; ``card_rule`` the rule of the card it deals, if it deals one. ``scripted``: a
    scenario's list of actions may hold it (stakes have their own ``stakes`` table).
    ``option``: the rule setting that must be on (true, or not null) for the word to be taken
    at all (``burn_on``, V8; ``banker_doubles``, V3); "" for a word every table takes.
    ``bound_by``: the rules other than its own that can refuse it where its taker decides in
    turn, and that nothing else in the deal counts (a stick under V2's minimum, a split V1
    refuses): what ``replay --coverage`` asks the deal about. A test holds every such refusal
    the engine gives to this list or to coverage's own exemptions
    (:data:`pontoon_cli.replay.coverage.COUNTED_ELSEWHERE`).
    """

    word: str
    taker: str  # PUNTER or BANKER
    rule: str
    amount: bool = False
    card_rule: str | None = None
    synonyms: tuple[str, ...] = ()
    scripted: bool = True
    derived_amount: bool = False
    option: str = ""
    bound_by: tuple[str, ...] = ()


class ActionTable:
    """A game's action words, in the order messages list them, with the look-ups readers need.

    ``others`` maps the words of rules this game does not play to their rule ID, so a script
    that uses one is told where the word belongs.
    """

    def __init__(self, game: str, rows: tuple[ActionWord, ...], others: dict[str, str]) -> None:
        self.game = game
        self.rows = rows
        self.others = others
        #: The engine's and the log's words, in order.
        self.words: tuple[str, ...] = tuple(a.word for a in rows)
        #: Each engine word's record.
        self.by_word: dict[str, ActionWord] = {a.word: a for a in rows}
        #: Each word and synonym a scenario script may write, and its record.
        self.scripted: dict[str, ActionWord] = {
            w: a for a in rows if a.scripted for w in (a.word, *a.synonyms)
        }
        #: The rule of the card each decision deals (decisions that deal no card are absent).
        self.card_rule: dict[str, str] = {
            a.word: a.card_rule for a in rows if a.card_rule is not None
        }
        #: The words whose amount the rules derive (a log records it; replay checks it).
        self.derived: frozenset[str] = frozenset(a.word for a in rows if a.derived_amount)

    def listed(self) -> str:
        """The words for a message: ``stake, buy, twist, stick, split, draw or stay``."""
        words = self.words
        return f"{', '.join(words[:-1])} or {words[-1]}" if len(words) > 1 else words[0]

    def __repr__(self) -> str:
        return f"ActionTable({self.game!r}, {self.rows!r}, {self.others!r})"


#: The traditional game's decisions (T4.2, T5, T6.1; the options V3 and V8).
TRADITIONAL_ACTIONS: Final = ActionTable(
    "traditional",
    (
        ActionWord("stake", PUNTER, "T4.2", amount=True, card_rule="T4.3", scripted=False),
        ActionWord("buy", PUNTER, "T5.3", amount=True, card_rule="T5.3", bound_by=("V5",)),
        ActionWord("twist", PUNTER, "T5.4", card_rule="T5.4", synonyms=("hit",)),
        ActionWord("stick", PUNTER, "T5.5", synonyms=("stand",), bound_by=("V2",)),
        # the new hand's stake is the first's (T5.2)
        ActionWord(
            "split", PUNTER, "T5.2", card_rule="T5.2", derived_amount=True, bound_by=("V1",)
        ),
        ActionWord("burn", PUNTER, "V8", card_rule="V8", option="burn_on"),
        ActionWord("draw", BANKER, "T6.1", card_rule="T6.1"),
        ActionWord("stay", BANKER, "T6.1"),
        # then the second card
        ActionWord("double", BANKER, "V3", card_rule="T4.3", option="banker_doubles"),
        ActionWord("no_double", BANKER, "V3", card_rule="T4.3", option="banker_doubles"),
    ),
    {"shoot": "S2"},
)

#: Shoot Pontoon's decisions: the traditional game's, and the shoot bet against the kitty (S2,
#: S4, S5), which deals no card.
SHOOT_ACTIONS: Final = ActionTable(
    "shoot",
    (
        *TRADITIONAL_ACTIONS.rows,
        ActionWord("shoot", PUNTER, "S2", amount=True, bound_by=("S4", "S5")),
    ),
    {w: r for w, r in TRADITIONAL_ACTIONS.others.items() if w != "shoot"},
)

#: Casino Pontoon's decisions (C3, C6-C8): a seat's stake, then hit, stand, double and split;
#: ``twist`` and ``stick`` are a script's synonyms, so one vocabulary serves both games. The
#: dealer has no decisions (C9). Words of the traditional game are refused with their rule.
CASINO_ACTIONS: Final = ActionTable(
    "casino",
    (
        ActionWord("stake", PUNTER, "C3", amount=True, card_rule="C4", scripted=False),
        ActionWord("hit", PUNTER, "C6", card_rule="C6", synonyms=("twist",)),
        ActionWord("stand", PUNTER, "C6", synonyms=("stick",)),
        # one card, then play goes on; the added bet is the initial stake (C7)
        ActionWord("double", PUNTER, "C7", card_rule="C7", derived_amount=True, bound_by=("C6",)),
        # the new hand's stake is the first's (C8)
        ActionWord("split", PUNTER, "C8", card_rule="C8", derived_amount=True, bound_by=("C6",)),
    ),
    {
        "buy": "T5.3",
        "burn": "V8",
        "draw": "T6.1",
        "stay": "T6.1",
        "no_double": "V3",
        "shoot": "S2",
    },
)

#: Every decision word of the games replay reads, for the log checker: a log may hold any of
#: them (casino logs are not replayed yet: their words join when they are).
ALL_WORDS: Final = tuple(dict.fromkeys([*TRADITIONAL_ACTIONS.words, *SHOOT_ACTIONS.words]))
