"""Summaries and paired differences with normal-approximation 95% confidence intervals.

Pure Python (no numpy): the samples are at most a few hundred thousand numbers.

>>> s = summarize([1, 2, 3, 4])
>>> s.mean, s.p50
(2.5, 2.5)
>>> d = paired_difference([0, 0, 0, 0], [1, 1, 2, 2])
>>> d.mean, d.significant
(1.5, True)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

__all__ = ["Z95", "PairedDifference", "Summary", "paired_difference", "percentile", "summarize"]

Z95 = 1.959963984540054  # two-sided 95% quantile of the standard normal


def percentile(ordered: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0-100) of sorted values, interpolated linearly (numpy's default)."""
    if not ordered:
        return math.nan
    pos = (len(ordered) - 1) * q / 100
    low = math.floor(pos)
    high = min(low + 1, len(ordered) - 1)
    return float(ordered[low] + (ordered[high] - ordered[low]) * (pos - low))


def _mean_sd(values: Sequence[float]) -> tuple[float, float]:
    n = len(values)
    if n == 0:
        return math.nan, math.nan
    mean = math.fsum(values) / n
    if n == 1:
        return mean, 0.0
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(variance)


@dataclass(frozen=True)
class Summary:
    """Mean, sample sd, standard error, 95% CI of the mean and percentiles of one sample."""

    n: int
    mean: float
    sd: float
    se: float
    ci95_low: float
    ci95_high: float
    min: float
    p5: float
    p25: float
    p50: float
    p75: float
    p95: float
    max: float

    def as_dict(self) -> dict[str, Any]:
        """Plain JSON-ready numbers (rounded to 6 decimals so outputs stay stable)."""
        return {key: _clean(value) for key, value in asdict(self).items()}


def summarize(values: Sequence[float]) -> Summary:
    """Summary of a sample; NaN figures for an empty one."""
    mean, sd = _mean_sd(values)
    n = len(values)
    se = sd / math.sqrt(n) if n else math.nan
    ordered = sorted(values)
    p = [percentile(ordered, q) for q in (0, 5, 25, 50, 75, 95, 100)]
    return Summary(
        n=n, mean=mean, sd=sd, se=se, ci95_low=mean - Z95 * se, ci95_high=mean + Z95 * se,
        min=p[0], p5=p[1], p25=p[2], p50=p[3], p75=p[4], p95=p[5], max=p[6],
    )


@dataclass(frozen=True)
class PairedDifference:
    """Mean of ``other[i] - base[i]`` with its 95% CI, z score and two-sided p-value.

    ``significant`` is true when the 95% interval leaves out zero.
    """

    n: int
    mean: float
    sd: float
    se: float
    ci95_low: float
    ci95_high: float
    z: float
    p: float
    significant: bool

    def as_dict(self) -> dict[str, Any]:
        """Plain JSON-ready numbers (rounded to 6 decimals)."""
        return {key: _clean(value) for key, value in asdict(self).items()}


def paired_difference(base: Sequence[float], other: Sequence[float]) -> PairedDifference:
    """The paired difference ``other - base``, element by element (same index, same deal)."""
    if len(base) != len(other):
        raise ValueError(f"paired samples differ in length ({len(base)} and {len(other)})")
    diffs = [o - b for b, o in zip(base, other, strict=True)]
    mean, sd = _mean_sd(diffs)
    n = len(diffs)
    se = sd / math.sqrt(n) if n else math.nan
    z, p = _z_test(mean, se)
    return PairedDifference(
        n=n, mean=mean, sd=sd, se=se, ci95_low=mean - Z95 * se, ci95_high=mean + Z95 * se,
        z=z, p=p, significant=n > 1 and p < 0.05,
    )


def _z_test(mean: float, se: float) -> tuple[float, float]:
    if math.isnan(mean) or math.isnan(se):
        return math.nan, math.nan
    if se == 0:
        return (0.0, 1.0) if mean == 0 else (math.copysign(math.inf, mean), 0.0)
    z = mean / se
    return z, math.erfc(abs(z) / math.sqrt(2))


def _clean(value: Any) -> Any:
    if isinstance(value, float):
        if math.isnan(value) or math.isinf(value):
            return None
        return round(value, 6)
    return value
