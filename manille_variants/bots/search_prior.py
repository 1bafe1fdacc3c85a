"""The search bot's prior over the dealer's choices: the heuristic's rule-aware decision table
(``bots.decisions``), expected match points per hand class under the ruleset's factors.  The
search bot searches only the choices close to the table's best (see ``search.bot``)."""

from __future__ import annotations

from collections.abc import Sequence

from manille_variants.bots.decisions import DecisionTable
from manille_variants.bots.heuristic import HeuristicBot
from manille_variants.cards import Card, Suit
from manille_variants.engine.actions import BLIND, DELEGATE, LOOK, NO_TRUMP, Action, AnyAction, trump_action
from manille_variants.engine.rules import Rules
from manille_variants.engine.view import SeatView

__all__ = ["PRIOR_GAP", "default_choice", "prior_choices"]


# How far (in net match points, per unit of the larger factor) a choice may fall below the
# table's best and still be searched; beyond it the table's ranking stands.
PRIOR_GAP = 2.0


def prior_choices(view: SeatView) -> list[AnyAction] | None:
    """The dealer's choices worth searching, by the ruleset's decision table (None: search
    everything; outside the blind and trump phases, or without a table).

    Trump phase: each trump and no-trump is valued ``factor x (expected total - half)`` for
    the hand's class, delegation by the mean of the best choice over random hands (below);
    those within ``PRIOR_GAP x factor`` of the best are kept.  Blind phase: blind no-trump is
    valued by the table's mean at no-trump over all hands, looking by the mean of the best
    choice over seeded random hands (a figure per ruleset and pending ties); both are kept
    when they are close.
    """
    if view.phase not in ("trump", "blind"):
        return None
    from manille_variants.bots.decisions import decision_table
    from manille_variants.bots.heuristic import hand_tricks

    rules = view.rules
    table = decision_table(rules, hand_tricks)
    if table is None:
        return None
    if view.phase == "blind":
        if BLIND not in view.legal or LOOK not in view.legal:
            return None
        look, blind = _blind_prior(rules, table, view.pending_ties)
        factor = _factor(rules, "blind", view.pending_ties)
        if abs(look - blind) > PRIOR_GAP * factor:
            return [LOOK if look > blind else BLIND]
        return [LOOK, BLIND]
    if not view.looked:
        return None
    scored = _scored(rules, table, view.hand, view.legal, view.pending_ties)
    if not scored:
        return None
    if DELEGATE in view.legal:  # the partner names its best choice: a random hand's, on average
        look, _ = _blind_prior(rules, table, view.pending_ties)
        scored.append((look, _factor(rules, "trump", view.pending_ties), DELEGATE))
    top, top_factor, _ = max(scored, key=lambda item: item[0])
    return [a for value, factor, a in scored if value >= top - PRIOR_GAP * max(factor, top_factor)]


def default_choice(view: SeatView) -> AnyAction | None:
    """The heuristic bot's choice before play (its decision table, its call thresholds): where
    the search bot starts from (``search.bot``); None in the play phase."""
    if view.phase == "play":
        return None
    return _HEURISTIC.setdefault("bot", HeuristicBot(0)).act(view)


_HEURISTIC: dict[str, HeuristicBot] = {}


def _scored(rules: Rules, table: DecisionTable, hand: Sequence[Card], legal: Sequence[AnyAction],
            pending_ties: int) -> list[tuple[float, int, AnyAction]]:
    """(expected net match points, factor, action) of each trump and no-trump in ``legal``."""
    from manille_variants.bots.decisions import hand_class
    from manille_variants.bots.heuristic import hand_tricks

    scored: list[tuple[float, int, AnyAction]] = []
    for action in legal:
        if not isinstance(action, Action) or action.kind not in ("trump", "no-trump"):
            continue
        suit = Suit[action.arg] if action.kind == "trump" and action.arg else None
        kind = "no-trump" if suit is None else "trump"
        factor = _factor(rules, kind, pending_ties)
        expected = table.expected_total(kind, hand_class(hand_tricks(rules, hand, suit)))
        scored.append(((expected - table.half) * factor, factor, action))
    return scored


_BLIND: dict[tuple[str, int], tuple[float, float]] = {}


def _blind_prior(rules: Rules, table: DecisionTable, pending_ties: int) -> tuple[float, float]:
    """(looking, blind no-trump): expected net match points for the dealer's side before it
    sees its hand, by the table (looking: the best choice, over 200 seeded random hands)."""
    key = (rules.content_hash, pending_ties)
    found = _BLIND.get(key)
    if found is None:
        import random

        from manille_variants.cards import DECK

        rows = table.no_trump
        deals = sum(n for _, n in rows)
        no_trump = sum(m * n for m, n in rows) / deals if deals else table.half
        blind = (no_trump - table.half) * _factor(rules, "blind", pending_ties) if rules.blind_allowed else 0.0
        options: list[AnyAction] = [trump_action(s) for s in Suit]
        if rules.no_trump_allowed:
            options.append(NO_TRUMP)
        rng = random.Random(1)
        best = [max(v for v, _, _ in _scored(rules, table, rng.sample(DECK, 8), options, pending_ties))
                for _ in range(200)]
        found = _BLIND[key] = (sum(best) / len(best), blind)
    return found


_FACTORS: dict[tuple[str, str, int], int] = {}


def _factor(rules: Rules, mode: str, pending_ties: int) -> int:
    """The deal's combined factor in ``mode`` with ``pending_ties`` (decisive, no call, no sweep)."""
    key = (rules.content_hash, mode, pending_ties)
    found = _FACTORS.get(key)
    if found is None:
        from manille_variants.engine.scoring import score_deal

        decisive = rules.card_total // 2 + 1
        found = _FACTORS[key] = score_deal(rules, decisive, 4, mode=mode, pending_ties=pending_ties).factor
    return found
