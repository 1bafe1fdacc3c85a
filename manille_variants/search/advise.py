"""Advice for the dealer: each choice before the first card, valued by the search.

For a typed hand, every choice open to the dealer (each trump, no-trump, blind no-trump where
allowed and the hand not yet seen, delegation where allowed) is played out in sampled worlds (the other 24 cards dealt
at random to the other seats), each solved double-dummy, and scored in match points under
the ruleset: its factors, cap and pending ties.  The figure is net: the dealer's side's
match points for the deal minus the opponents'.  A ruleset that takes trump from the turned
card leaves the dealer no such choice: advice refuses it with an error naming the ruleset.

Blind no-trump is declared before looking at the cards: for a hand the dealer has seen (the
default) it is not a choice, and is listed in ``not_offered`` instead of being ranked.  With
``unseen`` (the dealer has not looked: ``manille advise --unseen``, the advice form's box) it
is ranked with the others, valued on the typed cards, "had you not looked", and named ``best``
when its mean beats the best choice after looking.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from manille_variants.cards import Card
from manille_variants.engine.actions import BLIND, LOOK
from manille_variants.engine.compiled import compile_rules
from manille_variants.engine.crossing import action_code, code_action, require_four_seats, to_core
from manille_variants.errors import CardError, SearchError
from manille_variants.messages import define, msg
from manille_variants.ruleset.schema import Ruleset
from manille_variants.search.bot import Model
from manille_variants.search.solver import searchable

__all__ = ["Advice", "Choice", "advise", "parse_score"]

_Z95 = 1.959964


@dataclass(frozen=True)
class Choice:
    """One choice: its record text and net match points (mean, 95% interval)."""

    action: str
    mean: float
    low: float
    high: float

    def to_dict(self) -> dict[str, object]:
        return {"action": self.action, "mean": round(self.mean, 3), "low": round(self.low, 3),
                "high": round(self.high, 3)}


@dataclass(frozen=True)
class Advice:
    """The dealer's choices, best first."""

    choices: tuple[Choice, ...]
    samples: int
    # Choices the search skipped: trumps or no-trump the model's decision table puts far
    # below its best (each searched choice costs a solve per world).
    not_searched: tuple[str, ...] = ()
    # Whether the dealer has not looked at the hand yet (blind no-trump is a choice then).
    unseen: bool = False
    # Choices the ruleset allows here but not for a hand already seen: blind no-trump.
    not_offered: tuple[str, ...] = ()

    @property
    def best(self) -> str:
        return self.choices[0].action

    def to_dict(self) -> dict[str, object]:
        return {"choices": [c.to_dict() for c in self.choices], "best": self.best,
                "not_searched": list(self.not_searched), "unseen": self.unseen,
                "not_offered": list(self.not_offered)}


def parse_score(text: str) -> tuple[int, int]:
    """Match points written ``A-B``, the dealer's side first; ValueError otherwise.

    >>> parse_score(" 12-4 ")
    (12, 4)
    """
    found = re.fullmatch(r"\s*(\d+)\s*-\s*(\d+)\s*", text)
    if found is None:
        raise ValueError(msg(SCORE_SHAPE, text=repr(text)))
    return int(found.group(1)), int(found.group(2))


SCORE_SHAPE = define("advise.score-shape", "give the match points as A-B, the dealer's side first (got {text})")
PLUG_INS = define("advise.plug-ins", "ruleset {ruleset}: advice needs a ruleset without Python plug-ins")
TURNED = define("advise.turned", "ruleset {ruleset} takes trump from the turned card: the dealer chooses no trump "
                "there, so there is nothing to advise")
HAND = define("advise.hand", "a hand is 8 different cards (got {count}: {cards})")


def advise(
    ruleset: Ruleset,
    hand: Sequence[Card],
    *,
    score: tuple[int, int] = (0, 0),
    pending_ties: int = 0,
    samples: int = 24,
    seed: int = 1,
    model: Model | None = None,
    unseen: bool = False,
) -> Advice:
    """Rank the dealer's choices for ``hand`` (``score``: the dealer's side first).

    The choices are searched as the search bot searches them (``_core.search_choose``) with a
    budget of ``samples`` worlds and ``model`` as its model of play (the registry's search bot
    gets the heuristic's, :func:`manille_variants.bots.registry.search_bot`), so that the bot
    seated as dealer with the same budget, seed and model names ``best`` for this hand.
    Blind no-trump is offered only with ``unseen`` (the dealer has not looked at the hand):
    valued with the typed cards dealt to the dealer, and ``best`` when its mean is higher than
    the best choice after looking.  For a seen hand it is in ``not_offered``.
    """
    from manille_variants._core import CoreDeal, search_choose, search_decisions

    rules = compile_rules(ruleset)
    require_four_seats(rules, "advise")
    if not searchable(rules):
        raise SearchError(msg(PLUG_INS, ruleset=repr(ruleset.name)))
    if rules.turned_take_up is not None:
        # Trump is the turned card's suit: the dealer names no trump, no-trump, blind or
        # delegation, so there is no choice to rank (docs/search.md).
        raise SearchError(msg(TURNED, ruleset=repr(ruleset.name)))
    cards = list(dict.fromkeys(hand))
    if len(cards) != 8 or len(hand) != 8:
        raise CardError(msg(HAND, count=len(hand), cards=" ".join(str(c) for c in hand)))
    own = sum(c.bit for c in cards)
    core = to_core(rules)
    # Seat 0 deals: team 0 is the dealer's side.
    blind_phase = CoreDeal(core, 0, 0, pending_ties, score).phase == "blind"
    rows: list[tuple[int, float, float, int]] = []
    if blind_phase and unseen:
        blind_only = [action_code(rules, BLIND)]
        rows += search_decisions(core, 0, 0, own, [], None, pending_ties, score, samples, seed, blind_only)[1]
    after = [action_code(rules, LOOK)] if blind_phase else []
    chosen, searched = search_choose(core, 0, 0, own, after, [], None, pending_ties, score, seed, samples,
                                     None, 2.0, True, None if model is None else model(rules))
    rows += searched
    choices = []
    skipped = tuple(sorted(str(code_action(rules, code)) for code, _, _, n in rows if n == 0))
    for code, mean, sd, n in rows:
        if n == 0:
            continue
        half = _Z95 * sd / math.sqrt(n) if n > 1 else math.inf
        choices.append(Choice(str(code_action(rules, code)), mean, mean - half, mean + half))
    best = str(code_action(rules, chosen))
    blind = next((c for c in choices if c.action == str(BLIND)), None)
    if blind is not None and blind.mean > next((c.mean for c in choices if c.action == best), math.inf):
        best = blind.action  # the hand unseen: blind beats looking, on these cards
    choices.sort(key=lambda c: (c.action != best, -c.mean, c.action))
    not_offered = (str(BLIND),) if blind_phase and not unseen else ()
    return Advice(tuple(choices), samples, skipped, unseen, not_offered)
