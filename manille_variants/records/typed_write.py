"""Typed deals written: a deal of a record in the format of :mod:`~manille_variants.records.textdeal`."""

from __future__ import annotations

from manille_variants.cards import format_cards
from manille_variants.engine.actions import (
    DELEGATE,
    THROW_IN,
)
from manille_variants.engine.rules import Rules
from manille_variants.records.walk import DealWalk
from manille_variants.words import SEAT_NAMES

__all__ = [
    "deal_to_text",
]


def deal_to_text(rules: Rules, walk: DealWalk) -> str:
    """A walked deal (:class:`~manille_variants.records.walk.DealWalk`) in the typed format."""
    lines = [f"dealer: {SEAT_NAMES[walk.dealer]}"]
    lines.append(f"trump: {_trump_text(walk)}")
    if walk.turned is not None:
        lines.append(f"turned: {walk.turned}")
    if walk.calls:
        lines.append("calls: " + ", ".join(walk.calls))
    if walk.pending_ties:
        lines.append(f"pending-ties: {walk.pending_ties}")
    if any(walk.scores):
        lines.append(f"scores: {walk.scores[0]} {walk.scores[1]}")
    if walk.hands is not None:
        for seat in range(4):
            hand = sorted(walk.hands[seat], key=rules.sort_key)
            lines.append(f"hand {SEAT_NAMES[seat]}: {format_cards(hand)}")
    for trick in walk.tricks:
        if trick.plays:
            cards = format_cards([c for _, c in trick.plays])
            lines.append(f"trick: {SEAT_NAMES[trick.leader]} {cards}")
    if walk.score is not None:
        team = walk.dealer & 1
        points = [0, 0]
        points[team], points[1 - team] = walk.score.team_a, walk.score.team_b
        lines.append(f"result: {points[0]} {points[1]}")
    return "\n".join(lines) + "\n"


def _trump_text(walk: DealWalk) -> str:
    delegated = any(a == DELEGATE for _, a in walk.decisions)
    if any(a == THROW_IN for _, a in walk.decisions):
        return "thrown-in"
    text = walk.trump.name if walk.trump is not None else "?"
    if walk.mode in ("blind", "no-trump"):
        text = str(walk.mode)
    return f"{text} by partner" if delegated else text
