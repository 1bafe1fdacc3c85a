"""Summaries and paired differences with normal-approximation 95% confidence intervals.

Pure Python (no numpy).  A sample is either a sequence of values or its counts (value ->
how many times it was seen, see :func:`summarize_counts`): counts merge exactly whatever
the chunking, and give the very same figures as the values they count.

>>> s = summarize([1, 2, 3, 4])
>>> s.mean, s.p50
(2.5, 2.5)
>>> d = paired_difference([0, 0, 0, 0], [1, 1, 2, 2])
>>> d.mean, d.significant
(1.5, True)
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from fractions import Fraction
from itertools import accumulate
from typing import Any

__all__ = [
    "Z95",
    "Counts",
    "PairedDifference",
    "Summary",
    "paired_difference",
    "paired_difference_counts",
    "percentile",
    "summarize",
    "summarize_counts",
]

Counts = Mapping[float, int]  # value -> how many times it was seen

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


def _exact_sum(terms: Counts) -> float:
    """``math.fsum`` of every term repeated its count of times: the exact sum, rounded once
    (so the same float as ``fsum`` over the sample itself)."""
    if all(isinstance(t, int) for t in terms):
        return float(sum(t * c for t, c in terms.items()))
    return float(sum(Fraction(t) * c for t, c in terms.items()))


def _mean_sd_counts(counts: Counts) -> tuple[float, float]:
    """:func:`_mean_sd` of the sample these counts describe."""
    n = sum(counts.values())
    if n == 0:
        return math.nan, math.nan
    mean = _exact_sum(counts) / n
    if n == 1:
        return mean, 0.0
    squares: dict[float, int] = {}
    for value, count in counts.items():
        term = (value - mean) ** 2
        squares[term] = squares.get(term, 0) + count
    return mean, math.sqrt(_exact_sum(squares) / (n - 1))


class _Ordered(Sequence[float]):
    """The sorted sample that counts describe, indexed without being built."""

    def __init__(self, counts: Counts) -> None:
        pairs = sorted((v, c) for v, c in counts.items() if c > 0)
        self._values = [v for v, _ in pairs]
        self._ends = list(accumulate(c for _, c in pairs))  # index just past each value

    def __len__(self) -> int:
        return self._ends[-1] if self._ends else 0

    def __getitem__(self, index: Any) -> Any:
        if not 0 <= index < len(self):
            raise IndexError(index)
        return self._values[bisect_right(self._ends, index)]


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
    return _summary(len(values), mean, sd, sorted(values))


def summarize_counts(counts: Counts) -> Summary:
    """:func:`summarize` of the sample these counts describe, the very same figures.

    >>> summarize_counts({1: 1, 2: 1, 3: 1, 4: 1}) == summarize([1, 2, 3, 4])
    True
    """
    mean, sd = _mean_sd_counts(counts)
    return _summary(sum(counts.values()), mean, sd, _Ordered(counts))


def _summary(n: int, mean: float, sd: float, ordered: Sequence[float]) -> Summary:
    se = sd / math.sqrt(n) if n else math.nan
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
    return _paired(len(diffs), *_mean_sd(diffs))


def paired_difference_counts(counts: Counts) -> PairedDifference:
    """:func:`paired_difference` from the counts of the differences ``other[i] - base[i]``."""
    return _paired(sum(counts.values()), *_mean_sd_counts(counts))


def _paired(n: int, mean: float, sd: float) -> PairedDifference:
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
