"""Seeded simulation and duplicate comparison of rulesets.

>>> import manille_variants as mv
>>> from manille_variants.sim import SimSettings, run_comparison
>>> rulesets = [mv.load_ruleset("table-convention"), mv.load_ruleset("belgian")]
>>> result = run_comparison(rulesets, SimSettings(deals=20, seed=3, bots="random"))
>>> result.results[1].difference["net"].n
20
"""

from manille_variants.sim.compare import (
    DEAL_METRICS,
    MATCH_METRICS,
    Comparison,
    Metric,
    RulesetResult,
    SimSettings,
    run_comparison,
)
from manille_variants.sim.runner import (
    MissingExtraError,
    SimError,
    default_bots,
    default_jobs,
    run_units,
)

__all__ = [
    "DEAL_METRICS",
    "MATCH_METRICS",
    "Comparison",
    "Metric",
    "MissingExtraError",
    "RulesetResult",
    "SimError",
    "SimSettings",
    "default_bots",
    "default_jobs",
    "run_comparison",
    "run_units",
]
