"""The words people type and read: suits, cards and hands on screen, contracts (trump,
no-trump, blind), seats and teams.

Every place that reads a typed contract or seat (``manille legal`` and ``manille score``, score
sheet entries, typed deals, the terminal) parses it here, so a word accepted in one place is
accepted everywhere; every place that prints one prints it from here.  Below the table and the
records, so that both read and print them the same way.

>>> parse_contract("sans-atout")
Contract(mode='no-trump', trump=None)
>>> parse_contract("♥").trump, parse_contract("hearts").trump
(<Suit.H: 1>, <Suit.H: 1>)
>>> parse_mode("blind-nt"), seat_number("North"), SEAT_NAMES[seat_number("w")]
('blind', 0, 'W')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from manille_variants.cards import Card, Suit, parse_suit
from manille_variants.errors import CardError, ManilleError
from manille_variants.messages import define, msg

__all__ = [
    "BLIND_WORDS",
    "NO_TRUMP_WORDS",
    "PAIR_NAMES",
    "SEAT_NAMES",
    "SEAT_WORDS",
    "SHORT_SUIT_CODES",
    "SUIT_CODES",
    "SUIT_NAMES",
    "TAKE_UP_CODES",
    "TEAM_LABELS",
    "THROWN_IN_WORDS",
    "Contract",
    "WordError",
    "card_markup",
    "cards_markup",
    "contract_text",
    "hand_markup",
    "normal_word",
    "parse_contract",
    "parse_mode",
    "parse_team",
    "parse_trump_suit",
    "seat_number",
    "suit_word",
]


class WordError(ManilleError, ValueError):
    """A typed word that is not a suit, contract, seat or team."""


SUIT_NAMES: dict[Suit, str] = {Suit.S: "spades", Suit.H: "hearts", Suit.D: "diamonds", Suit.C: "clubs"}
_SUIT_BY_NAME = {
    **{name: suit for suit, name in SUIT_NAMES.items()},
    **{name[:-1]: suit for suit, name in SUIT_NAMES.items()},  # "heart", "spade" ...
}
NO_TRUMP_WORDS = (
    "no-trump", "nt", "none", "no-trumps", "notrump", "notrumps", "sans-atout", "sa", "muul",
)
BLIND_WORDS = ("blind", "blind-no-trump", "blind-nt", "blind-notrump", "blende-muul")
THROWN_IN_WORDS = ("thrown-in", "throw-in", "thrown")

SEAT_NAMES = "NESW"  # seats 0-3 clockwise
SEAT_WORDS: dict[str, int] = {
    "0": 0, "1": 1, "2": 2, "3": 3,
    "n": 0, "e": 1, "s": 2, "w": 3,
    "north": 0, "east": 1, "south": 2, "west": 3,
}
TEAM_LABELS = ("A", "B")  # a score's two sides: A the dealer's (or first dealer's) side
PAIR_NAMES = ("N-S", "E-W")  # the two partnerships by seat: seats 0 and 2, seats 1 and 3


@dataclass(frozen=True)
class Contract:
    """A typed contract: ``mode`` is "trump", "no-trump", "blind" or "thrown-in"."""

    mode: str
    trump: Suit | None = None


def normal_word(text: str) -> str:
    """Lower case, words joined by hyphens: ``"Sans Atout"`` -> ``"sans-atout"``."""
    return "-".join(text.lower().replace("_", " ").split())


def parse_trump_suit(text: str) -> Suit:
    """A suit by letter, symbol or name: ``H``, ``♥``, ``hearts``; else a CardError."""
    suit = _SUIT_BY_NAME.get(normal_word(text))
    return suit if suit is not None else parse_suit(text)


def parse_contract(text: str, *, thrown_in: bool = False) -> Contract:
    """A trump suit, a no-trump word (``nt``, ``sans-atout`` ...), a blind word (``blind-nt``
    ...), or with ``thrown_in`` a thrown-in word."""
    word = normal_word(text)
    if word in NO_TRUMP_WORDS:
        return Contract("no-trump")
    if word in BLIND_WORDS:
        return Contract("blind")
    if thrown_in and word in THROWN_IN_WORDS:
        return Contract("thrown-in")
    try:
        return Contract("trump", parse_trump_suit(word))
    except CardError:
        extra = ", thrown-in" if thrown_in else ""
        raise WordError(f"not a contract: {text!r} (S, H, D, C, no-trump, blind{extra})") from None


def parse_mode(text: str) -> str:
    """A deal's mode: ``trump`` (or a trump suit), a no-trump word or a blind word."""
    if normal_word(text) == "trump":
        return "trump"
    try:
        return parse_contract(text).mode
    except WordError:
        raise WordError(f"mode must be one of trump, no-trump, blind (got {text!r})") from None


def seat_number(text: str) -> int:
    """A seat: ``0``-``3`` or ``N E S W`` (``north`` ...), case-insensitive."""
    seat = SEAT_WORDS.get(text.strip().lower())
    if seat is None:
        raise WordError(f"not a seat: {text!r} (0-3 or N E S W)")
    return seat


def parse_team(text: str) -> str:
    """A side of a score: ``A`` or ``B``, case-insensitive."""
    team = text.strip().upper()
    if team not in TEAM_LABELS:
        raise WordError(f"not a team: {text!r} (A or B)")
    return team


# The words of a contract in a sentence or a table cell (``short``), in the reader's language.
SUIT_CODES = {Suit.S: define("suit.spades", "spades"), Suit.H: define("suit.hearts", "hearts"),
              Suit.D: define("suit.diamonds", "diamonds"), Suit.C: define("suit.clubs", "clubs")}
SHORT_SUIT_CODES = {Suit.S: define("suit.short.spades", "S"), Suit.H: define("suit.short.hearts", "H"),
                    Suit.D: define("suit.short.diamonds", "D"), Suit.C: define("suit.short.clubs", "C")}
# When the dealer takes the turned card up (a ruleset's ``take_up``), in a few words.
TAKE_UP_CODES = {"before-first-trick": define("take-up.before-first-trick", "before first trick"),
                 "after-first-card": define("take-up.after-first-card", "after first card"),
                 "after-first-trick": define("take-up.after-first-trick", "after first trick")}
_THROWN_IN = define("contract.thrown-in", "thrown in")
_CONTRACT_CODES = {
    ("thrown-in", False): _THROWN_IN,
    ("thrown-in", True): _THROWN_IN,
    ("blind", False): define("contract.blind", "blind no-trump"),
    ("blind", True): define("contract.blind.short", "blind NT"),
    ("no-trump", False): define("contract.no-trump", "no-trump"),
    ("no-trump", True): define("contract.no-trump.short", "NT"),
}


def suit_word(suit: Suit, *, short: bool = False, lang: str = "en") -> str:
    """``♥ hearts`` (``♥ H`` when short), in ``lang``."""
    return f"{suit.symbol} {msg((SHORT_SUIT_CODES if short else SUIT_CODES)[suit]).text(lang)}"


def contract_text(mode: str | None, trump: Suit | None, calls: Sequence[str] = (), *, short: bool = False,
                  lang: str = "en") -> str:
    """``♥ hearts``, ``no-trump``, ``blind no-trump``, ``thrown in``, plus the calls made;
    ``short``: ``♥ H``, ``NT``, ``blind NT`` for a table cell; in ``lang``."""
    code = _CONTRACT_CODES.get((mode or "", short))
    if code is not None:
        text = msg(code).text(lang)
    elif trump is not None:
        text = suit_word(trump, short=short, lang=lang)
    else:
        text = "?"
    return f"{text}, {', '.join(calls)}" if calls else text


_RED = (Suit.H, Suit.D)


def card_markup(card: Card) -> str:
    """A card with its suit symbol, hearts and diamonds in red."""
    return f"[red]{card.pretty}[/red]" if card.suit in _RED else card.pretty


def cards_markup(cards: Sequence[Card]) -> str:
    return " ".join(card_markup(c) for c in cards)


class SortsCards(Protocol):
    """What :func:`hand_markup` needs of the rules (the engine's ``Rules`` has it)."""

    def sort_key(self, card: Card) -> tuple[int, int]: ...


def hand_markup(rules: SortsCards, hand: Sequence[Card], legal: Sequence[Card] | None = None) -> str:
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
