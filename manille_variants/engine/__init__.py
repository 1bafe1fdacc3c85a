"""The rules engine: legal play, tricks, deals, scoring and matches, driven by a ruleset."""

from manille_variants.engine.actions import (
    BLIND,
    DELEGATE,
    LOOK,
    NO_TRUMP,
    PASS,
    THROW_IN,
    Action,
    AnyAction,
    call_action,
    parse_action,
    trump_action,
)
from manille_variants.engine.compiled import compile_rules
from manille_variants.engine.crossing import legal_cards
from manille_variants.engine.deal import DealState, new_deal, replay
from manille_variants.engine.legality import Legality, explain_legal, legal_mask
from manille_variants.engine.rules import Rules
from manille_variants.engine.scoring import DealScore, FactorApplied, ScoreInputError, score_deal
from manille_variants.engine.tricks import trick_winner
from manille_variants.engine.view import SeatView

__all__ = [
    "BLIND", "DELEGATE", "LOOK", "NO_TRUMP", "PASS", "THROW_IN",
    "Action", "AnyAction", "DealScore", "DealState", "FactorApplied", "Legality", "Rules",
    "ScoreInputError", "SeatView", "call_action", "compile_rules", "explain_legal",
    "legal_cards", "legal_mask", "new_deal", "parse_action", "replay", "score_deal",
    "trick_winner", "trump_action",
]
