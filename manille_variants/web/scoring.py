"""One deal scored under several rulesets side by side (the cross-check of ``POST /api/score``):
the rulesets named in a request, scored by :func:`manille_variants.table.across.score_across`
(the one function ``manille score`` uses too, with its turned-card rule), in JSON."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from manille_variants.errors import ManilleError
from manille_variants.ruleset.schema import Ruleset
from manille_variants.table.across import score_across as across
from manille_variants.web.engine_words import score_words
from manille_variants.web.rulesets import resolve
from manille_variants.web.storage import Store

__all__ = ["MAX_PENDING_TIES", "MODES", "score_across"]

MODES = ("trump", "no-trump", "blind")
MAX_PENDING_TIES = 50  # a factor of 2**50 already; more only makes a server compute huge numbers


def score_across(store: Store, rulesets: Sequence[str], *, points: int, tricks: int, mode: str = "trump",
                 calls: int = 0, pending_ties: int = 0, last_trick: str | None = None,
                 turned: str | None = None, lang: str = "en") -> list[dict[str, Any]]:
    """One result per ruleset: ``{ruleset, team_a, team_b, tied, factor, factors}`` and the full
    breakdown, or ``{ruleset, error}`` where the figures cannot happen under that ruleset.
    ``turned``, the card turned up for trump: as :mod:`~manille_variants.table.across` says;
    ``lang`` adds the engine's sentences in Dutch or French (``text``, ``notes_text``)."""
    if not 0 <= pending_ties <= MAX_PENDING_TIES:
        raise ManilleError(f"pending ties must be between 0 and {MAX_PENDING_TIES} (got {pending_ties})")
    side: Literal["A", "B"] | None = "A" if last_trick == "A" else "B" if last_trick == "B" else None
    found: list[Ruleset | ManilleError] = []
    for name in rulesets:
        try:
            found.append(resolve(store, name))
        except ManilleError as exc:
            found.append(exc)
    known = [rs for rs in found if isinstance(rs, Ruleset)]
    scores = iter(across(known, points, tricks, mode, calls, pending_ties, last_trick=side, turned=turned))
    results: list[dict[str, Any]] = []
    for name, rs in zip(rulesets, found, strict=True):
        score = next(scores) if isinstance(rs, Ruleset) else rs
        if isinstance(score, ManilleError):
            coded = score.json()
            results.append({"ruleset": name, "error": str(score), "code": coded["code"], "params": coded["params"],
                            **({"message": score.text(lang)} if lang != "en" else {})})
            continue
        assert isinstance(rs, Ruleset)
        factors = [f.json() for f in score.factors]
        breakdown = score.json()
        score_words(lang, rs, factors, breakdown)
        results.append({
            "ruleset": rs.name,
            "team_a": score.team_a,
            "team_b": score.team_b,
            "tied": score.tied,
            "factor": score.factor,
            "factors": factors,
            "breakdown": breakdown,
        })
    return results
