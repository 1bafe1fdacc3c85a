"""Suits, ranks and cards of the 32-card Manille pack.

Cards are interned: there is exactly one :class:`Card` object per card, so identity,
equality and hashing are cheap.  Each card also has a fixed index (``suit * 8 + rank``)
and a bit (``1 << index``) for card masks (the compiled core's, and the masks the API reads).

>>> parse_card("10h")
Card('10H')
>>> [str(c) for c in parse_cards("QC 7C, 10S")]
['QC', '7C', '10S']
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from enum import IntEnum

from manille_variants.errors import CardError

__all__ = [
    "DECK",
    "DECK_MASK",
    "RANKS",
    "SUITS",
    "SUIT_MASKS",
    "SUIT_TABLES",
    "Card",
    "Rank",
    "Suit",
    "card_from_index",
    "cards_from_mask",
    "mask_of",
    "parse_card",
    "parse_cards",
    "parse_suit",
]


class Suit(IntEnum):
    """The four suits, in the order used for sorting and for bit layout."""

    S = 0
    H = 1
    D = 2
    C = 3

    @property
    def symbol(self) -> str:
        return "♠♥♦♣"[self]

    @property
    def letter(self) -> str:
        return self.name

    def __str__(self) -> str:
        return self.name


class Rank(IntEnum):
    """The eight ranks, in face order 7..A (the playing strength is set by the ruleset)."""

    SEVEN = 0
    EIGHT = 1
    NINE = 2
    TEN = 3
    JACK = 4
    QUEEN = 5
    KING = 6
    ACE = 7

    @property
    def label(self) -> str:
        return RANK_LABELS[self]

    def __str__(self) -> str:
        return RANK_LABELS[self]


RANK_LABELS = ("7", "8", "9", "10", "J", "Q", "K", "A")
SUITS: tuple[Suit, ...] = tuple(Suit)
RANKS: tuple[Rank, ...] = tuple(Rank)

_SUIT_ALIASES = {
    "S": Suit.S, "♠": Suit.S, "♤": Suit.S,
    "H": Suit.H, "♥": Suit.H, "♡": Suit.H,
    "D": Suit.D, "♦": Suit.D, "♢": Suit.D,
    "C": Suit.C, "♣": Suit.C, "♧": Suit.C,
}
_RANK_ALIASES = {label: Rank(i) for i, label in enumerate(RANK_LABELS)}
_RANK_ALIASES["T"] = Rank.TEN
_CARD_RE = re.compile(r"^(10|[2-9TJQKA]|1[1-9]|[0-9]+)(.)$", re.IGNORECASE)
_CARD_HINT = "ranks 7 8 9 10 J Q K A, suits S H D C"


class Card:
    """One card.  Use :func:`parse_card` or :data:`DECK`; do not construct directly."""

    __slots__ = ("bit", "index", "rank", "single", "suit")

    suit: Suit
    rank: Rank
    index: int
    bit: int
    single: tuple[Card]  # (card,): a trick of this card alone, built once

    def __init__(self, suit: Suit, rank: Rank) -> None:
        self.suit = suit
        self.rank = rank
        self.index = suit * 8 + rank
        self.bit = 1 << self.index
        self.single = (self,)

    def __str__(self) -> str:
        return RANK_LABELS[self.rank] + self.suit.name

    def __repr__(self) -> str:
        return f"Card('{self}')"

    @property
    def pretty(self) -> str:
        """The card with a suit symbol, e.g. ``10♥``."""
        return RANK_LABELS[self.rank] + self.suit.symbol

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (card_from_index, (self.index,))


DECK: tuple[Card, ...] = tuple(Card(s, r) for s in SUITS for r in RANKS)
_BY_TEXT: dict[str, Card] = {}
for _c in DECK:
    for _sym in (_c.suit.name, _c.suit.symbol):
        _BY_TEXT[RANK_LABELS[_c.rank] + _sym] = _c
        if _c.rank == Rank.TEN:
            _BY_TEXT["T" + _sym] = _c


def card_from_index(index: int) -> Card:
    """The card with this index (``suit * 8 + rank``)."""
    return DECK[index]


def parse_suit(text: str) -> Suit:
    """Parse a suit letter or symbol (``S H D C``, ``♠ ♥ ♦ ♣``), case-insensitively."""
    suit = _SUIT_ALIASES.get(text.strip().upper())
    if suit is None:
        raise CardError(f"not a suit: {text!r} (suits S H D C)")
    return suit


def parse_card(text: str | Card) -> Card:
    """Parse ``10H``, ``AS``, ``qc``, ``10♥`` or ``Q♣`` into the interned :class:`Card`."""
    if isinstance(text, Card):
        return text
    key = text.strip().upper()
    card = _BY_TEXT.get(key)
    if card is None:
        raise CardError(f"not a card: {text!r} ({_CARD_HINT})")
    return card


def parse_cards(text: str | Iterable[str | Card], *, unique: bool = True) -> list[Card]:
    """Parse a list of cards: ``"QC 7C, 10S"`` or an iterable of strings or cards.

    Duplicates are an error unless ``unique`` is false.
    """
    items: Iterable[str | Card]
    items = [t for t in re.split(r"[\s,;]+", text) if t] if isinstance(text, str) else text
    cards = [item if item.__class__ is Card else parse_card(item) for item in items]
    if unique and len(set(cards)) != len(cards):
        seen: set[Card] = set()
        for card in cards:
            if card in seen:
                raise CardError(f"duplicate card: {card}")
            seen.add(card)
    return cards


# Card masks: bit ``suit * 8 + rank`` stands for a card (see :attr:`Card.bit`).
DECK_MASK = (1 << 32) - 1  # the whole pack
SUIT_MASKS: tuple[int, ...] = tuple(0xFF << (8 * s) for s in range(4))  # the cards of each suit


def mask_of(cards: Iterable[Card]) -> int:
    """The bitmask holding these cards."""
    mask = 0
    for card in cards:
        mask |= card.bit
    return mask


# Per-suit tables: the cards of each 8-bit suit pattern, so a 32-bit mask converts with
# four lookups instead of a loop over bits.
SUIT_TABLES: tuple[tuple[tuple[Card, ...], ...], ...] = tuple(
    tuple(tuple(DECK[s * 8 + r] for r in range(8) if pattern >> r & 1) for pattern in range(256))
    for s in range(4)
)


def cards_from_mask(mask: int) -> list[Card]:
    """The cards of a mask, sorted by suit then face rank."""
    t0, t1, t2, t3 = SUIT_TABLES
    return [
        *t0[mask & 255],
        *t1[mask >> 8 & 255],
        *t2[mask >> 16 & 255],
        *t3[mask >> 24 & 255],
    ]


def format_cards(cards: Sequence[Card], *, pretty: bool = False) -> str:
    """Cards joined by spaces, as ``10H QC`` (or ``10♥ Q♣`` when pretty)."""
    return " ".join(c.pretty if pretty else str(c) for c in cards)
