"""Actions other than playing a card: the decisions before the first lead.

A card play is the :class:`~manille_variants.cards.Card` itself.  Every other action is
an interned :class:`Action`; both print as the text used in game records::

    look  blind  trump:S  no-trump  delegate  call:ik-ga-mee  pass  throw-in  10H
"""

from __future__ import annotations

from manille_variants.cards import SUITS, Card, Suit, parse_card
from manille_variants.errors import CardError, RecordError

__all__ = [
    "BLIND",
    "DELEGATE",
    "LOOK",
    "NO_TRUMP",
    "PASS",
    "THROW_IN",
    "Action",
    "AnyAction",
    "call_action",
    "parse_action",
    "trump_action",
]


class Action:
    """A non-card decision.  Interned: one object per text, so ``==`` is identity."""

    __slots__ = ("arg", "kind", "text")

    kind: str
    arg: str | None
    text: str

    def __new__(cls, kind: str, arg: str | None = None) -> Action:
        text = f"{kind}:{arg}" if arg is not None else kind
        existing = _INTERNED.get(text)
        if existing is not None:
            return existing
        action = super().__new__(cls)
        action.kind = kind
        action.arg = arg
        action.text = text
        _INTERNED[text] = action
        return action

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action('{self.text}')"

    def __reduce__(self) -> tuple[object, tuple[str, str | None]]:
        return (Action, (self.kind, self.arg))


_INTERNED: dict[str, Action] = {}

AnyAction = Card | Action

LOOK = Action("look")
BLIND = Action("blind")
NO_TRUMP = Action("no-trump")
DELEGATE = Action("delegate")
PASS = Action("pass")
THROW_IN = Action("throw-in")
_TRUMPS = {s: Action("trump", s.name) for s in SUITS}
_FIXED = {a.text: a for a in (LOOK, BLIND, NO_TRUMP, DELEGATE, PASS, THROW_IN, *_TRUMPS.values())}


def trump_action(suit: Suit) -> Action:
    return _TRUMPS[suit]


def call_action(name: str) -> Action:
    return Action("call", name)


def parse_action(text: str | Card | Action) -> Card | Action:
    """Parse a record's action text: a card (``10H``) or a decision (``trump:S``, ``pass`` ...)."""
    if isinstance(text, Card | Action):
        return text
    raw = text.strip()
    fixed = _FIXED.get(raw.lower())
    if fixed is not None:
        return fixed
    if raw.lower().startswith("trump:"):
        return _TRUMPS[_suit(raw[6:])]
    if raw.lower().startswith("call:") and len(raw) > 5:
        return call_action(raw[5:].lower())
    try:
        return parse_card(raw)
    except CardError:
        raise RecordError(
            f"not an action: {text!r} (a card like 10H, or look, blind, trump:S, no-trump, "
            "delegate, call:NAME, pass, throw-in)"
        ) from None


def _suit(text: str) -> Suit:
    from manille_variants.cards import parse_suit

    try:
        return parse_suit(text)
    except CardError as exc:
        raise RecordError(str(exc)) from None
