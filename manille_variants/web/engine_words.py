"""The engine's own sentences in the page's language: why a card is refused, why a factor
applies, the notes under a deal's score and the turned card's bonus.

The engine gives each of them as a coded message (:mod:`manille_variants.messages`); the pages
render the code in the reader's language through the catalog.  JSON keeps the engine's English
and adds ``code`` and ``params``; nothing here reads a sentence back.

>>> from manille_variants.cards import parse_cards
>>> rs = mv.load_ruleset("belgian")
>>> legal_sentence("nl", rs, mv.explain_legal(rs, "QC 7C 8H", "JC", "D"), parse_cards("JC"), mv.Suit.D)
'de J♣ van een tegenspeler heeft de slag en je kunt erover: speel Q♣'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import manille_variants as mv
from manille_variants.cards import Card, Suit, parse_card
from manille_variants.engine.compiled import compiled
from manille_variants.engine.legality import Legality
from manille_variants.engine.scoring import (
    FACTOR_BLIND,
    FACTOR_CALL,
    FACTOR_NO_TRUMP,
    FACTOR_SWEEP_POINTS,
    FACTOR_SWEEP_TRICKS,
    FACTOR_TIE,
    FACTOR_TIES,
    turned_message,
)
from manille_variants.messages import Message, define, from_json, msg
from manille_variants.ruleset.callwords import call_label
from manille_variants.ruleset.schema import HAND_SIZE
from manille_variants.web.play import Game, RefusedCard

__all__ = ["factor_sentence", "game_view", "legal_sentence", "note_sentence", "refusal_message",
           "refusal_sentence", "score_words", "turned_sentence"]

REFUSED_CARD = define("web.refused-card", "{card} may not be played now: {why}")


def legal_sentence(lang: str, ruleset: mv.Ruleset, legality: Legality, trick: Sequence[Card],
                   trump: Suit | None) -> str:
    """Why the legal cards are what they are, in ``lang`` (a plug-in's clause as it wrote it)."""
    return legality.text(lang)


def refusal_sentence(lang: str, card: str, sentence: str | Message) -> str:
    """A refused card and why (``sentence``, e.g. :func:`legal_sentence`'s), in ``lang``."""
    return msg(REFUSED_CARD, card=parse_card(card).pretty, why=sentence).text(lang)


def refusal_message(lang: str, refused: RefusedCard) -> str:
    """The play page's message for a refused card, in ``lang`` (the engine's English for ``en``)."""
    if lang not in ("nl", "fr"):
        return str(refused)
    if refused.message is not None and refused.message.code == "refused.not-legal":
        why = refused.why.message or refused.why.reason
        return refusal_sentence(lang, refused.message.params["action"], why)
    return refused.text(lang)


def factor_sentence(lang: str, ruleset: mv.Ruleset, name: str, value: int, reason: str,
                    pending_ties: int = 0) -> str:
    """Why a factor applies, in ``lang``: from its name and value (the engine's English
    ``reason`` for ``en`` and for a plug-in's factor)."""
    if lang not in ("nl", "fr"):
        return reason
    rules = compiled(ruleset).rules
    calls = {c.name: c for c in rules.calls}
    if name == "tie":
        found = msg(FACTOR_TIE, value=value) if pending_ties <= 1 else msg(FACTOR_TIES, value=value, ties=pending_ties)
    elif name == "sweep":
        found = (msg(FACTOR_SWEEP_TRICKS, value=value, tricks=HAND_SIZE) if rules.sweep_definition == "all-tricks"
                 else msg(FACTOR_SWEEP_POINTS, value=value))
    elif name in calls:
        call = calls[name]
        found = msg(FACTOR_CALL, value=value, label=call_label(call.label or call.name, name), call=name)
    elif name in ("no-trump", "blind"):
        found = msg(FACTOR_NO_TRUMP if name == "no-trump" else FACTOR_BLIND, value=value)
    else:
        return reason
    return found.text(lang)


def note_sentence(lang: str, note: Message | Mapping[str, Any]) -> str:
    """A note under a deal's score (a coded message, or its ``{code, params}``) in ``lang``."""
    return (note if isinstance(note, Message) else from_json(note)).text(lang)


def turned_sentence(lang: str, card: str, bonus: int, side: str) -> str:
    """The turned card's bonus, its own line of a breakdown, in English, Dutch (``nl``) or
    French (``fr``) (``side``: A or B, the dealer's)."""
    return turned_message(card, bonus, side).text(lang)


def score_words(lang: str, ruleset: mv.Ruleset, factors: list[dict[str, Any]], score: dict[str, Any]) -> None:
    """Add the page's words to a deal's JSON (:meth:`DealScore.json`), in place: ``turned_text``
    (the turned card's line, in every language) to ``score`` when a card was turned; for a
    language other than English also ``text`` to each factor and ``notes_text`` to ``score``,
    rendered from their ``code`` and ``params``."""
    if score.get("turned"):
        score["turned_text"] = turned_sentence(lang, score["turned"], int(score.get("turned_bonus", 0)),
                                               str(score.get("turned_side", "A")))
    if lang not in ("nl", "fr"):
        return
    for f in factors:
        f["text"] = from_json(f).text(lang) if not f["code"].startswith("plugin.") else f["reason"]
    coded = score.get("note_codes", [])
    score["notes_text"] = [note_sentence(lang, n) for n in coded] if coded else list(score.get("notes", []))


def game_view(lang: str, game: Game) -> dict[str, Any]:
    """What you may see of a game (:meth:`Game.view`), the last deal's score also in ``lang``."""
    view = game.view()
    if view["result"] is not None:
        score_words(lang, game.ruleset, view["result"]["factors"], view["result"])
    return view
