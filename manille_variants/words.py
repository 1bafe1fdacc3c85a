"""The words people read for cards, hands and contracts (plain text and rich markup).

Below the table and the records, so that both print a contract or a hand the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from manille_variants.cards import Card, Suit

if TYPE_CHECKING:
    from manille_variants.engine.rules import Rules

__all__ = ["SUIT_NAMES", "card_markup", "cards_markup", "contract_text", "hand_markup"]

SUIT_NAMES: dict[Suit, str] = {Suit.S: "spades", Suit.H: "hearts", Suit.D: "diamonds", Suit.C: "clubs"}
_RED = (Suit.H, Suit.D)


def card_markup(card: Card) -> str:
    """A card with its suit symbol, hearts and diamonds in red."""
    return f"[red]{card.pretty}[/red]" if card.suit in _RED else card.pretty


def cards_markup(cards: Sequence[Card]) -> str:
    return " ".join(card_markup(c) for c in cards)


def hand_markup(rules: Rules, hand: Sequence[Card], legal: Sequence[Card] | None = None) -> str:
    """The hand sorted by suit, strongest first; with ``legal``, the cards that may not be
    played now are dimmed and in parentheses."""
    groups: list[str] = []
    for suit in Suit:
        cards = sorted((c for c in hand if c.suit == suit), key=rules.sort_key)
        if cards:
            groups.append(" ".join(_marked(c, legal) for c in cards))
    return "   ".join(groups) if groups else "(no cards)"


def _marked(card: Card, legal: Sequence[Card] | None) -> str:
    if legal is None or card in legal:
        return card_markup(card)
    return f"[dim]({card.pretty})[/dim]"


def contract_text(mode: str | None, trump: Suit | None, calls: Sequence[str] = (), *, short: bool = False) -> str:
    """``♥ hearts``, ``no-trump``, ``blind no-trump``, ``thrown in``, plus the calls made;
    ``short``: ``♥ H``, ``NT``, ``blind NT`` for a table cell."""
    if mode == "thrown-in":
        text = "thrown in"
    elif mode == "blind":
        text = "blind NT" if short else "blind no-trump"
    elif mode == "no-trump":
        text = "NT" if short else "no-trump"
    elif trump is not None:
        text = f"{trump.symbol} {trump.name}" if short else f"{trump.symbol} {SUIT_NAMES[trump]}"
    else:
        text = "?"
    return f"{text}, {', '.join(calls)}" if calls else text
