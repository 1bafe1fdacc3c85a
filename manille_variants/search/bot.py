"""The search bot: perfect-information Monte Carlo over worlds consistent with its view.

For a card, it draws worlds (the hidden hands) that fit everything its seat has seen: the
cards played, the voids and the duties each play showed, the turned card, the hand sizes.
Each world is solved double-dummy in the core, and the bot plays the card with the best
mean net match points for its side.  Decisions before the first card (blind, trump or
no-trump, delegation, calls and replies) are valued the same way, under the ruleset's
factors, cap and pending ties; in each world the rest is settled simply (a chooser after
delegation names its longest suit, later calls are passed: see docs/search.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from manille_variants.cards import Card, Suit
from manille_variants.engine.actions import (
    BLIND,
    DELEGATE,
    LOOK,
    NO_TRUMP,
    PASS,
    Action,
    AnyAction,
    call_action,
    trump_action,
)
from manille_variants.engine.core import action_code, code_action, to_core
from manille_variants.engine.rules import Rules
from manille_variants.engine.view import SeatView
from manille_variants.search.solver import searchable

if TYPE_CHECKING:
    from manille_variants.bots.decisions import DecisionTable

__all__ = ["Knowledge", "SearchBot", "card_samples", "decisions", "knowledge"]


def card_samples(cards_left: int, base: int) -> int:
    """Worlds per card decision: fewer while many cards are out (each world costs more)."""
    if cards_left > 24:
        return max(2, base // 3)
    if cards_left > 16:
        return max(3, base // 2)
    return base


class SearchBot:
    """Chooses by the solver's values over sampled worlds (seeded, deterministic).

    A card decision draws :func:`card_samples` worlds, and up to ``close_factor`` times as
    many while no card beats every other by ``z`` standard errors (a close choice).

    Decisions before play draw between ``decision_min`` and ``decision_samples`` worlds,
    stopping as soon as one option beats every other by ``z`` standard errors (paired over
    the same worlds), each world solved within ``tolerance`` points (``call_tolerance`` for a
    call or a reply, where only the sign of the expected margin matters).  The dealer's trump,
    no-trump, delegation or blind no-trump first ranks its choices by the ruleset's decision
    table (expected match points per hand class, learned by the search: see
    ``bots.decisions``); choices far below the best are not searched, and a choice far ahead
    of every other is taken without a search (``prior=False``: search them all).
    """

    name = "search"

    def __init__(self, seed: int = 0, *, samples: int = 12, decision_samples: int = 8,
                 decision_min: int = 2, z: float = 2.0, tolerance: int = 4, call_tolerance: int = 10,
                 prior: bool = True, close_factor: int = 2) -> None:
        self.seed = seed % 2**64  # the core takes a 64-bit seed
        self.samples = samples
        self.decision_samples = decision_samples
        self.decision_min = decision_min
        self.z = z
        self.tolerance = tolerance
        self.call_tolerance = call_tolerance
        self.close_factor = close_factor
        self.prior = prior

    def act(self, view: SeatView) -> AnyAction:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        if not searchable(view.rules):
            raise ValueError(f"the search bot cannot play {view.rules.ruleset.name}: plug-ins or a turned trump")
        values = self.values(view)
        best = max(values, key=lambda item: (item[1], -action_code(view.rules, item[0])))
        return best[0]

    def values(self, view: SeatView) -> list[tuple[AnyAction, float]]:
        """Each legal action's mean net match points for the bot's side."""
        from manille_variants._core import search_cards, search_decisions

        k = knowledge(view)
        rules = to_core(view.rules)
        known = (k.seat, k.dealer, k.own, k.decisions)
        if view.phase == "play":
            samples = card_samples(32 - len(k.played), self.samples)
            rows = search_cards(rules, *known, k.played, k.turned, k.pending_ties, k.scores, samples, self.seed,
                                samples * self.close_factor, self.z)
        else:
            only = prior_choices(view) if self.prior else None
            if only is not None and len(only) == 1:
                return [(only[0], 0.0)]
            codes = None if only is None else [action_code(view.rules, a) for a in only]
            rows = search_decisions(rules, *known, k.turned, k.pending_ties, k.scores, self.decision_samples,
                                    self.seed, codes, self.decision_min, self.z,
                                    self.call_tolerance if view.phase == "calls" else self.tolerance)
        return [(code_action(view.rules, code), mean) for code, mean, _, _ in rows]


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


@dataclass(frozen=True)
class Knowledge:
    """What the core's sampler reads of a view (cards as indices, hands as masks)."""

    seat: int
    dealer: int
    own: int  # the seat's hand as dealt (0 before it has looked)
    decisions: list[int]  # decision codes, in order
    played: list[int]  # every card played, in order
    turned: int | None
    pending_ties: int
    scores: tuple[int, int]


def knowledge(view: SeatView) -> Knowledge:
    """What the core's sampler reads: the seat's hand as dealt, the decisions, the cards played."""
    played = [c for _, cards, _ in view.tricks for c in cards] + list(view.trick)
    mine = _mine(view)
    own = sum(c.bit for c in view.hand) | sum(c.bit for c in mine) if view.looked else 0
    turned = view.turned
    return Knowledge(
        seat=view.seat,
        dealer=view.dealer,
        own=own,
        decisions=decisions(view),
        played=[c.index for c in played],
        turned=turned.index if isinstance(turned, Card) else None,
        pending_ties=view.pending_ties,
        scores=(view.scores[0], view.scores[1]),
    )


def _mine(view: SeatView) -> list[Card]:
    """The cards this seat has played."""
    step = view.rules.step
    out = [cards[(view.seat - leader) * step % 4] for leader, cards, _ in view.tricks]
    k = (view.seat - view.trick_leader) * step % 4
    if k < len(view.trick):
        out.append(view.trick[k])
    return out


def decisions(view: SeatView) -> list[int]:
    """A sequence of decision codes that leads to the decisions the view shows (the passes
    between calls are found by a small search over the calling order)."""
    from manille_variants._core import CoreDeal

    rules = view.rules
    core = to_core(rules)
    start = CoreDeal(core, 0, view.dealer, view.pending_ties, (view.scores[0], view.scores[1]))
    codes: list[int] = []

    def step(code: int) -> None:
        nonlocal start
        start = start.apply(code)
        codes.append(code)

    if start.phase == "blind" and view.phase != "blind":
        step(action_code(rules, BLIND if view.mode == "blind" else LOOK))
    if view.mode != "blind" and view.chooser is not None and view.chooser != view.dealer:
        step(action_code(rules, DELEGATE))
    if view.mode in ("trump", "no-trump") and start.phase == "trump":
        named = NO_TRUMP if view.mode == "no-trump" else trump_action(view.trump)  # type: ignore[arg-type]
        step(action_code(rules, named))
    if start.phase != "calls":
        return codes
    calls = [action_code(rules, call_action(name)) for name in view.calls]
    pass_code = action_code(rules, PASS)
    target_play = view.phase == "play"
    path = _calls_path(start, calls, pass_code, view.to_play, target_play)
    if path is None:
        raise ValueError("the calls in this view cannot be replayed")
    return codes + path


def _calls_path(deal, calls: list[int], pass_code: int, to_play: int, play: bool) -> list[int] | None:  # type: ignore[no-untyped-def]
    made = deal.calls
    done = (play and deal.phase == "play") or (not play and deal.phase == "calls" and deal.to_play == to_play)
    if made == len(calls) and done:
        return []
    if deal.phase != "calls":
        return None
    legal = set(deal.legal_actions())
    options = [calls[made]] if made < len(calls) and calls[made] in legal else []
    options.append(pass_code)
    for code in options:
        rest = _calls_path(deal.apply(code), calls, pass_code, to_play, play)
        if rest is not None:
            return [code, *rest]
    return None

