"""The calls the compiled core makes into Python for its deal states (``manille_variants._core.CoreDeal``).

:func:`~manille_variants.engine.deal.new_deal` answers with a core state when the ruleset can
be played by the core (no Python plug-ins; trump by a turned card included).  A core state has
the whole :class:`~manille_variants.engine.state.DealState` API; the core answers the hot
members itself and calls the functions below for the rest: the deal's :class:`DealScore`
(memoised per ruleset), the explanations and error messages (from :func:`explain_legal`, the
readable filter, worded as the reference engine words them), seat views, equality and
``repr``.

Every call the core makes into Python (``CoreDeal.helper(name)`` in
``core/python/src/state.rs``) is one of these, listed in ``__all__``: a test holds the core's
calls to that list and calls each.
"""

from __future__ import annotations

from typing import Any

from manille_variants.cards import DECK
from manille_variants.engine import refusals
from manille_variants.engine.compiled import compiled
from manille_variants.engine.rules import Rules
from manille_variants.engine.scoring import DealScore, score_checked, turned_bonus
from manille_variants.messages import Message, msg

__all__ = ["describe", "equal", "explain", "explanation", "illegal", "key", "score", "thrown", "view"]


def score(rules: Rules, points: int, tricks: int, mode: str, calls: int, pending_ties: int, last: str,
          trump: str | None, turned: int = -1, *, undealt: int = -1) -> DealScore:
    """The deal's score from team A's figures (memoised per ruleset);
    ``turned``: the index of the turned card (-1: trump was named); ``undealt``: the undealt
    cards' points, already in ``points`` where they are A's (-1: every card was dealt)."""
    engine = compiled(rules)
    given = undealt if undealt >= 0 else None
    memo_key = (points, tricks, mode, calls, pending_ties, last == "A", None) if given is None else (
        points, tricks, mode, calls, pending_ties, last == "A", None, given)
    found = engine.memo.get(memo_key)
    if found is None:
        found = engine.memo[memo_key] = score_checked(engine, points, tricks, mode, calls, pending_ties, last, trump,
                                                      undealt=given)
    if turned >= 0:  # the turned card's bonus, after every factor
        base = found
        found = engine.memo.get((memo_key, turned))
        if found is None:
            card = DECK[turned]
            found = engine.memo[memo_key, turned] = base.with_turned(str(card), turned_bonus(engine.rules, card))
    return found


def thrown(rules: Rules, pending_ties: int) -> DealScore:
    return DealScore.thrown(rules, pending_ties)


def explain(state: Any) -> str:
    """Why the legal actions are what they are (as :meth:`DealState.explain`)."""
    return explanation(state).text("en")


def explanation(state: Any) -> Message:
    """:func:`explain` as a coded sentence (as :meth:`ReferenceState.explanation`)."""
    from manille_variants.engine.legality import explain_legal

    if state.is_over:
        return refusals.over()
    if state.phase == "play":
        seat = state.to_play
        waits = state.turned_on_table and seat == state.dealer
        hand = [c for c in state.hand(seat) if not (waits and c is state.turned_card)]
        # "Partner" is a teammate in this deal: the winning seat is on the player's side.
        partner_wins = bool(state.trick) and state.win_seat in state.rules.partners(seat, state.dealer)
        verdict = explain_legal(state.rules, hand, list(state.trick), state.trump_suit,
                                tricks_played=len(state.tricks), partner_wins=partner_wins)
        reason = verdict.message or msg(refusals.PLUGIN_REASON, reason=verdict.reason)
        return refusals.waiting(reason, state.turned_card.pretty, state.rules.turned_take_up) if waits else reason
    return refusals.choosing(state.phase, state.to_play, state.legal_actions())


def illegal(state: Any, action: object, kind: str) -> Message:
    """The message of the IllegalPlayError for ``action`` (as the reference engine words it)."""
    if state.is_over or kind == "over":
        return refusals.deal_over()
    if kind == "no-throw-in":
        if state.rules.early_look_throws_in:  # the setting is on, but the dealer has no partner
            return refusals.throw_in_no_partner()
        return refusals.no_throw_in(state.rules.ruleset.name)
    if kind == "throw-in-too-late":
        return refusals.throw_in_too_late()
    seat = state.to_play
    if kind == "not-in-hand":
        return refusals.not_in_hand(action, seat, state.hand(seat))
    if kind == "not-legal":
        if action is state.turned_card and state.turned_on_table and seat == state.dealer:
            return refusals.turned_refused(action, state.rules.turned_take_up)
        return refusals.not_legal(action, seat, explanation(state))
    return refusals.not_possible(action, state.phase, seat, state.legal_actions())


def view(state: Any, seat: int) -> Any:
    from manille_variants.engine.view import seat_view

    return seat_view(state, seat)


def key(state: Any) -> tuple[Any, ...]:
    """What makes two states equal (as ``DealState._key``)."""
    return (state.rules.content_hash, state.seed, state.dealt, state.dealer, state.pending_ties, state.scores,
            state.turned, tuple(str(a) for a in state.actions))


def equal(state: Any, other: object) -> bool:
    """Equal to another deal state (a core state or a Python one: both have ``_key``)."""
    other_key = getattr(other, "_key", None)
    return other_key is not None and key(state) == other_key()


def describe(state: Any) -> str:
    return (f"<DealState {state.rules.ruleset.name} seed={state.seed} dealer={state.dealer} "
            f"phase={state.phase} to_play={state.to_play}>")
