"""One deal scored under several rulesets side by side: what ``manille score -r A -r B`` prints
and ``POST /api/score`` answers, from this one function.

The turned card (``turned``) counts under the rulesets that take trump from it.  Beside one of
those, a ruleset whose dealer names trump scores the deal without it; asked only of rulesets
that name trump (one ruleset or several), it is refused by each, as the engine refuses it
(``NAME names trump: no card is turned``).

>>> import manille_variants as mv
>>> belgian, muette = mv.load_ruleset("belgian"), mv.load_ruleset("french-muette")
>>> [s.turned for s in score_across([belgian, muette], 40, 6, turned="10H")]
[None, '10H']
>>> print(score_across([belgian], 40, 6, turned="10H")[0])
belgian names trump: no card is turned
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from manille_variants.engine.scoring import DealScore, score_deal
from manille_variants.errors import ManilleError
from manille_variants.ruleset.schema import Ruleset
from manille_variants.words import parse_mode

__all__ = ["ScoreOrError", "score_across", "turned_for"]

ScoreOrError = DealScore | ManilleError


def score_across(rulesets: Sequence[Ruleset], points: int, tricks: int, mode: str = "trump", calls: int = 0,
                 pending_ties: int = 0, *, last_trick: Literal["A", "B"] | None = None,
                 turned: str | None = None, undealt: int | None = None) -> list[ScoreOrError]:
    """The deal under each ruleset, in order: its score, or the error that refuses the figures
    under that ruleset (a mode, a call or a figure it does not have).  ``undealt``, the card
    points of the undealt cards, goes to the rulesets whose table leaves some (and to a single
    ruleset, which refuses it if it deals every card)."""
    results: list[ScoreOrError] = []
    for rs in rulesets:
        try:
            card = turned_for(rs, rulesets, turned)
            given = undealt if rs.table.undealt.count or len(rulesets) == 1 else None
            results.append(score_deal(rs, points, tricks, parse_mode(mode), calls, pending_ties,
                                      last_trick=last_trick, turned=card, undealt=given))
        except ManilleError as exc:
            results.append(exc)
    return results


def turned_for(rs: Ruleset, rulesets: Sequence[Ruleset], turned: str | None) -> str | None:
    """The turned card as ``rs`` is given it: dropped under a ruleset that names trump when
    another ruleset asked takes trump from the turned card."""
    if rs.trump.turned_card is None and any(r.trump.turned_card is not None for r in rulesets):
        return None
    return turned
