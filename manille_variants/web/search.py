"""The search at the table: the dealer's advice for a hand and the analysis of a played game.

Plain functions for the thread pool (the search is CPU-bound); each answers the JSON of the
CLI's ``manille advise --json`` and ``manille analyze --json``.  Bad input raises the
library's errors, which the app turns into 400 answers with the CLI's message.
"""

from __future__ import annotations

from typing import Any

from manille_variants.bots.registry import search_model
from manille_variants.cards import parse_cards
from manille_variants.messages import define, msg
from manille_variants.records.textdeal import loads_game
from manille_variants.search.advise import advise, parse_score
from manille_variants.search.analyze import analyze_record
from manille_variants.web.render import Refusal
from manille_variants.web.rulesets import resolve
from manille_variants.web.storage import Store

SAMPLES = define("web.samples", "samples: between 2 and {limit} worlds per choice (got {got})")
PENDING_TIES = define("web.pending-ties", "pending_ties: at least 0 (got {got})")
BAD_SCORE = define("web.bad-score", "score: {reason}")

__all__ = ["DEFAULT_SAMPLES", "MAX_SAMPLES", "advice_cost", "advice_json", "analysis_json"]

MAX_SAMPLES = 200  # about ten seconds of search on a small machine
DEFAULT_SAMPLES = 24


def advice_cost(samples: int) -> int:
    """What an advice spends of a client's rate limit: 1 for the default worlds, more for more.

    >>> advice_cost(24), advice_cost(2), advice_cost(200)
    (1, 1, 8)
    """
    return max(1, round(min(samples, MAX_SAMPLES) / DEFAULT_SAMPLES))


def advice_json(store: Store, ruleset: str, hand: str, *, score: str = "0-0", pending_ties: int = 0,
                samples: int = 24, seed: int = 1, unseen: bool = False) -> dict[str, Any]:
    """``{choices: [{action, mean, low, high}], best, not_searched, unseen, not_offered}`` for the
    dealer's ``hand`` (8 cards); blind no-trump is a choice only for a hand ``unseen``."""
    if not 2 <= samples <= MAX_SAMPLES:
        raise Refusal(400, msg(SAMPLES, limit=MAX_SAMPLES, got=samples))
    if pending_ties < 0:
        raise Refusal(400, msg(PENDING_TIES, got=pending_ties))
    try:
        points = parse_score(score)
    except ValueError as exc:
        raise Refusal(400, msg(BAD_SCORE, reason=str(exc))) from None
    rs = resolve(store, ruleset)
    cards = parse_cards(hand)
    return advise(rs, cards, score=points, pending_ties=pending_ties, samples=samples, seed=seed,
                  model=search_model, unseen=unseen).to_dict()


def analysis_json(store: Store, text: str, name: str = "", ruleset: str = "") -> dict[str, Any]:
    """``{file, deals: [{deal, dealer, double_dummy, reached, mistakes}], seats}`` for a record's
    text (a JSON game record or typed deals), under ``ruleset`` or the record's own."""
    source = name or "<record>"
    rs = resolve(store, ruleset) if ruleset else None
    record = loads_game(text, source, rs)
    return {"file": source, **analyze_record(record, rs).to_dict()}
