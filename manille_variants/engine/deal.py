"""New deals: on the compiled core where it plays the ruleset, otherwise on the reference engine.

>>> import manille_variants as mv
>>> state = mv.new_deal(mv.load_ruleset("table-convention"), seed=7, dealer=0)
>>> state.phase, state.to_play
('trump', 0)
>>> state = state.apply(state.legal_actions()[0])
>>> state.phase
'play'

Every state is reproducible from (ruleset, seed, dealer, pending ties, scores, actions):
see :func:`replay`.  Both kinds of state follow the
:class:`~manille_variants.engine.state.DealState` protocol.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from manille_variants.cards import Card
from manille_variants.engine import reference
from manille_variants.engine.actions import AnyAction, parse_action
from manille_variants.engine.compiled import CompiledRules, compiled
from manille_variants.engine.crossing import core_rules_for
from manille_variants.engine.reference import given_hands, shuffled_deck
from manille_variants.engine.rules import Rules
from manille_variants.engine.state import PHASES, DealState, TrickRecord
from manille_variants.ruleset.schema import Ruleset

__all__ = ["PHASES", "DealState", "TrickRecord", "new_deal", "new_python_deal", "replay", "shuffled_deck"]

_CORE_SEEDS = (-(2**127), 2**127)  # the seeds the core takes (larger ones: the reference engine)
new_python_deal = reference.new_deal  # the reference engine's deal, whatever the ruleset

try:
    from manille_variants._core import CoreDeal as _CoreDeal

    CoreDeal: type[_CoreDeal] | None = _CoreDeal
except ImportError:  # a checkout whose core is not built: the reference engine plays every deal
    CoreDeal = None


def new_deal(
    ruleset: Ruleset | Rules | CompiledRules,
    seed: int,
    dealer: int = 0,
    *,
    pending_ties: int = 0,
    scores: tuple[int, int] = (0, 0),
    hands: Sequence[str | Sequence[Card | str]] | None = None,
    turned: Card | str | None = None,
) -> DealState:
    """Shuffle with ``seed``, cut by the ruleset's cutter, deal in its packets and direction.

    ``scores`` are the match points of team 0 (seats 0 and 2) and team 1 in the current
    game; they matter only for blind no-trump offered "only when behind".  ``hands``, four
    hands of 8 cards in seat order, replaces the shuffle (a real deal typed in, a test);
    under a ruleset that takes trump from the turned card, ``turned`` then says which of the
    dealer's cards was turned (otherwise it is the dealer's last card dealt).

    The state is the compiled core's (``manille_variants._core.CoreDeal``, the same API)
    unless the ruleset has Python plug-ins (those play in the reference engine,
    :func:`~manille_variants.engine.reference.new_deal`, which :func:`new_python_deal`
    always uses).
    """
    engine = compiled(ruleset)
    seats = engine.rules.seats
    if dealer not in range(seats):
        raise ValueError(f"dealer must be a seat 0-{seats - 1} (got {dealer})")
    turns = engine.rules.turned_take_up is not None
    typed = hands is not None and engine.rules.layout_covered  # refused by the reference engine, in its words
    core = core_rules_for(engine) if (turned is None or turns) and not typed else None
    if core is None or CoreDeal is None or not _CORE_SEEDS[0] <= seed < _CORE_SEEDS[1]:
        return reference.new_deal(engine, seed, dealer, pending_ties=pending_ties, scores=scores, hands=hands,
                                  turned=turned)
    given = None if hands is None else given_hands(hands)
    masks = None if given is None else [sum(c.bit for c in hand) for hand in given]
    card = None if given is None or not turns else reference.turned_in_hand(given[dealer], dealer, turned)
    return CoreDeal(core, seed, dealer, pending_ties, (int(scores[0]), int(scores[1])), masks, card)


def replay(
    ruleset: Ruleset | Rules | CompiledRules,
    seed: int,
    dealer: int,
    actions: Iterable[AnyAction | str],
    *,
    pending_ties: int = 0,
    scores: tuple[int, int] = (0, 0),
    hands: Sequence[str | Sequence[Card | str]] | None = None,
    turned: Card | str | None = None,
) -> DealState:
    """The state reached by applying ``actions`` (objects or record texts) to a new deal."""
    state = new_deal(ruleset, seed, dealer, pending_ties=pending_ties, scores=scores, hands=hands,
                     turned=turned)
    for action in actions:
        state = state.apply(parse_action(action) if isinstance(action, str) else action)
    return state
