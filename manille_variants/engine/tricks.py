"""Who wins a trick."""

from __future__ import annotations

from collections.abc import Sequence

from manille_variants.cards import Card, Suit
from manille_variants.engine.rules import Rules

__all__ = ["trick_winner"]


def trick_winner(rules: Rules, trick: Sequence[Card], trump: Suit | None) -> int:
    """Position in ``trick`` (play order) of the card that holds it: the highest trump,
    otherwise the highest card of the led suit."""
    if not trick:
        raise ValueError("an empty trick has no winner")
    best = 0
    for i in range(1, len(trick)):
        if rules.beats(trick[i], trick[best], trump):
            best = i
    return best
