"""Statistics of the simulations: percentiles, summaries and paired differences."""

from __future__ import annotations

import math
import statistics
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from manille_variants.sim.stats import (
    Z95,
    paired_difference,
    paired_difference_counts,
    percentile,
    summarize,
    summarize_counts,
)

small_ints = st.lists(st.integers(-300, 300), min_size=2, max_size=60)


def test_percentile_interpolates_linearly_like_numpy() -> None:
    values = [1, 2, 3, 4, 10]
    assert percentile(values, 0) == 1
    assert percentile(values, 50) == 3
    assert percentile(values, 100) == 10
    assert percentile(values, 90) == pytest.approx(7.6)


def test_percentile_of_nothing_is_nan() -> None:
    assert math.isnan(percentile([], 50))


def test_summary_mean_sd_and_ci_match_the_textbook() -> None:
    values = [2, 4, 4, 4, 5, 5, 7, 9]
    s = summarize(values)
    assert s.n == 8
    assert s.mean == 5
    assert s.sd == pytest.approx(statistics.stdev(values))
    assert s.se == pytest.approx(s.sd / math.sqrt(8))
    assert s.ci95_low == pytest.approx(5 - Z95 * s.se)
    assert (s.min, s.p50, s.max) == (2, 4.5, 9)


def test_summary_of_one_value_has_zero_spread() -> None:
    s = summarize([3])
    assert (s.mean, s.sd, s.ci95_low, s.ci95_high) == (3, 0, 3, 3)


def test_summary_json_turns_nan_into_null() -> None:
    assert summarize([]).as_dict()["mean"] is None


def test_identical_samples_differ_by_exactly_zero_and_not_significantly() -> None:
    d = paired_difference([1, 5, 9], [1, 5, 9])
    assert (d.mean, d.sd, d.p, d.significant) == (0, 0, 1.0, False)


def test_a_constant_shift_is_significant_even_without_spread() -> None:
    d = paired_difference([1, 5, 9], [3, 7, 11])
    assert d.mean == 2 and d.significant and d.p == 0


def test_noise_around_zero_is_not_significant() -> None:
    d = paired_difference([0] * 6, [1, -1, 2, -2, 1, -1])
    assert d.ci95_low < 0 < d.ci95_high
    assert not d.significant


def test_paired_samples_must_have_the_same_length() -> None:
    with pytest.raises(ValueError, match="differ in length"):
        paired_difference([1, 2], [1])


@given(small_ints, st.integers(-50, 50))
def test_mean_difference_is_the_difference_of_means(base: list[int], shift: int) -> None:
    other = [v + shift + (i % 3) for i, v in enumerate(base)]
    d = paired_difference(base, other)
    assert d.mean == pytest.approx(statistics.fmean(other) - statistics.fmean(base))
    assert d.ci95_low <= d.mean <= d.ci95_high
    assert d.significant == (d.ci95_low > 0 or d.ci95_high < 0)


@given(small_ints)
def test_percentiles_are_ordered_and_inside_the_range(values: list[int]) -> None:
    s = summarize(values)
    assert s.min <= s.p5 <= s.p25 <= s.p50 <= s.p75 <= s.p95 <= s.max
    assert s.min <= s.mean <= s.max


# The metrics' values: small integers, shares (0.0 / 1.0) and ratios like deals per game.
metric_values = st.one_of(
    st.integers(-300, 300),
    st.sampled_from([0.0, 1.0]),
    st.builds(lambda a, b: a / b, st.integers(1, 60), st.integers(1, 7)),
    st.floats(-1e6, 1e6, allow_nan=False).filter(lambda x: x != 0 or math.copysign(1, x) > 0),
)


@given(st.lists(metric_values, max_size=80))
def test_a_summary_from_counts_is_the_summary_of_the_values(values: list[float]) -> None:
    # Not approximately: the very same floats, so tallies merged from chunks print the same
    # numbers as the rows would.
    assert repr(summarize_counts(Counter(values))) == repr(summarize(values))


@given(st.lists(st.tuples(metric_values, metric_values), max_size=80))
def test_a_paired_difference_from_counts_is_that_of_the_pairs(pairs: list[tuple[float, float]]
                                                               ) -> None:
    base = [b for b, _ in pairs]
    other = [o for _, o in pairs]
    diffs = Counter(o - b for b, o in pairs)
    assert repr(paired_difference_counts(diffs)) == repr(paired_difference(base, other))


def test_counts_merge_into_the_summary_of_the_whole_sample() -> None:
    values: list[float] = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5]
    merged = Counter(values[:4]) + Counter(values[4:])
    assert summarize_counts(merged) == summarize(values)
    assert math.isnan(summarize_counts({}).mean)
