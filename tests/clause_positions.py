"""One position per play-obligation clause (docs/rules.md, "Play obligations").

Each clause :func:`~manille_variants.engine.legality.explain_legal` can answer with has one
position here that it decides, with the cards it allows.  test_legal_clauses.py checks that
the table covers every clause and that the readable filter, ``legal_cards`` and the compiled
fast path agree on each position; test_legal_properties.py replays the table as explicit
hypothesis examples, so the property test reaches every branch of the fast path on every run.

A new clause (a new reading of the rules) adds one row here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import manille_variants as mv
from manille_variants.ruleset.schema import Ruleset


@dataclass(frozen=True)
class ClausePosition:
    """A position seen from the seat about to play (the trick in play order from its leader)."""

    base: str
    hand: str
    trick: str
    trump: str | None
    cards: str  # the legal cards, in hand order
    reason: str  # the sentence explain_legal gives
    play: dict[str, Any] = field(default_factory=dict)  # play settings changed from ``base``

    def ruleset(self) -> Ruleset:
        rs = mv.load_ruleset(self.base)
        return rs.model_copy(update={"play": rs.play.model_copy(update=self.play)})


CLAUSE_POSITIONS: dict[str, ClausePosition] = {
    "lead": ClausePosition(
        "belgian", "AS 7D 10C", "", "S", "AS 7D 10C",
        reason="you lead: any card",
    ),
    "beat-opponent": ClausePosition(
        "belgian", "QC 7C 8H", "JC", "D", "QC",
        reason="an opponent's J♣ holds the trick and you can beat it: play Q♣",
    ),
    "beat-partner-trump-lead": ClausePosition(
        "belgian", "KS 8S AH", "QS 7S", "S", "KS",
        reason="your partner's Q♠ holds the trick and you can beat it: play K♠",
        play={"beat_partner_on_trump_lead": True},
    ),
    "follow-suit": ClausePosition(
        "belgian", "KH 8H AS", "QH 7H", "S", "KH 8H",
        reason="follow suit (your partner holds the trick): any ♥",
    ),
    "discard": ClausePosition(
        "belgian", "AD 7C", "QH", "S", "AD 7C",
        reason="no ♥ and no trump in hand: any card",
    ),
    "trump-opponent": ClausePosition(
        "belgian", "7S AS AD", "QH", "S", "7S AS",
        reason="no ♥ and an opponent's Q♥ holds the trick: you must trump (7♠ A♠)",
    ),
    "trump-partner": ClausePosition(
        "french-coinchee", "7S AD", "AH 7H", "S", "7S",
        reason="no ♥ and your partner's A♥ holds the trick: you must trump (7♠)",
    ),
    "partner-wins": ClausePosition(
        "belgian", "7S AD", "AH 7H", "S", "7S AD",
        reason="no ♥ and your partner's A♥ holds the trick: any card",
    ),
    "trump-optional": ClausePosition(
        "belgian", "7S AD", "QH", "S", "7S AD",
        reason="no ♥ and an opponent's Q♥ holds the trick: any card",
        play={"trump_when_opponent_wins": False},
    ),
    "overtrump-opponent": ClausePosition(
        "belgian", "9S 7S AD", "QH 8S", "S", "9S",
        reason="no ♥ and an opponent's trump 8♠ holds the trick: you must overtrump (9♠)",
    ),
    "overtrump-partner": ClausePosition(
        "belgian", "10S 7S AD", "QH 9S 7D", "S", "10S",
        reason="no ♥ and your partner's trump 9♠ holds the trick: you must overtrump (10♠)",
        play={"overtrump_partner": True},
    ),
    "any-card": ClausePosition(
        "french-coinchee", "9S AD", "QH AS", "S", "9S AD",
        reason="no ♥ and an opponent's trump A♠ holds the trick: any card (undertrumping allowed)",
    ),
    "no-undertrump": ClausePosition(
        "belgian", "9S 7S AD KC", "QH AS", "S", "AD KC",
        reason="no ♥ and an opponent's trump A♠ holds the trick: "
        "you may not undertrump while you hold other cards: play A♦ K♣",
    ),
    "only-lower-trumps": ClausePosition(
        "belgian", "9S 7S", "QH AS", "S", "9S 7S",
        reason="no ♥ and an opponent's trump A♠ holds the trick: only lower trumps left, any of them",
    ),
    "no-undertrump-when-can-overtrump": ClausePosition(
        "belgian", "10S 7S AD", "QH 9S 7D", "S", "10S AD",
        reason="no ♥ and your partner's trump 9♠ holds the trick: "
        "you hold a higher trump, so no lower one: play 10♠ A♦",
        play={"undertrump": "forbidden-if-can-overtrump"},
    ),
    "undertrump-required": ClausePosition(
        "belgian", "9S AD", "QH AS", "S", "9S",
        reason="no ♥ and an opponent's trump A♠ holds the trick and you cannot overtrump: you must still trump (9♠)",
        play={"undertrump": "required"},
    ),
    "beat-opponent-trump-lead": ClausePosition(
        "belgian", "KS 7S AD", "QS", "S", "KS",
        reason="an opponent's Q♠ holds the trick and you can beat it: play K♠",
        play={"beat_opponent": "trump-lead"},
    ),
    "beat-opponent-plain-lead": ClausePosition(
        "belgian", "KH 7H AD", "QH", "S", "KH",
        reason="an opponent's Q♥ holds the trick and you can beat it: play K♥",
        play={"beat_opponent": "plain-lead"},
    ),
    "beat-partner-no-trump": ClausePosition(
        "belgian", "KH 8H AS", "QH 7H", None, "KH",
        reason="your partner's Q♥ holds the trick and you can beat it: play K♥",
        play={"beat_partner_at_no_trump": True},
    ),
    "no-undertrump-partner": ClausePosition(
        "french-coinchee", "9S AD", "QH AS 7D", "S", "AD",
        reason="no ♥ and your partner's trump A♠ holds the trick: "
        "you may not undertrump your partner while you hold other cards: play A♦",
        play={"undertrump_partner": "forbidden"},
    ),
    "no-undertrump-partner-when-can-overtrump": ClausePosition(
        "french-coinchee", "10S 7S AD", "QH 9S 7D", "S", "10S AD",
        reason="no ♥ and your partner's trump 9♠ holds the trick: "
        "you hold a higher trump, so no lower one: play 10♠ A♦",
        play={"undertrump_partner": "forbidden-if-can-overtrump"},
    ),
    "undertrump-partner-allowed": ClausePosition(
        "belgian", "9S AD", "QH AS 7D", "S", "9S AD",
        reason="no ♥ and your partner's trump A♠ holds the trick: any card (undertrumping your partner allowed)",
        play={"undertrump_partner": "allowed"},
    ),
}
