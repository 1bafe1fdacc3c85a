"""manille_variants: Manille rules as validated YAML rulesets driving one engine.

>>> import manille_variants as mv
>>> rs = mv.load_ruleset("belgian")
>>> [str(c) for c in mv.legal_cards(rs, "QC 7C 8H", "JC", "D")]
['QC']
>>> mv.score_deal(rs, 38, 5, mode="no-trump").team_a
16
"""

from manille_variants._version import __version__
from manille_variants.cards import DECK, Card, Rank, Suit, parse_card, parse_cards
from manille_variants.engine import (
    Action,
    DealScore,
    DealState,
    SeatView,
    compile_rules,
    explain_legal,
    legal_cards,
    new_deal,
    parse_action,
    replay,
    score_deal,
)
from manille_variants.engine.match import Match
from manille_variants.errors import (
    CardError,
    IllegalPlayError,
    ManilleError,
    RecordError,
    RulesetError,
)
from manille_variants.ruleset.loader import load_ruleset
from manille_variants.ruleset.schema import Ruleset
from manille_variants.search.solver import Solution, solve

__all__ = [
    "DECK",
    "Action",
    "Card",
    "CardError",
    "DealScore",
    "DealState",
    "IllegalPlayError",
    "ManilleError",
    "Match",
    "Rank",
    "RecordError",
    "Ruleset",
    "RulesetError",
    "SeatView",
    "Solution",
    "Suit",
    "__version__",
    "compile_rules",
    "explain_legal",
    "legal_cards",
    "load_ruleset",
    "new_deal",
    "parse_action",
    "parse_card",
    "parse_cards",
    "replay",
    "score_deal",
    "solve",
]
