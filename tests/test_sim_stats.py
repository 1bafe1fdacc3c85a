"""Statistics of the simulations: percentiles, summaries and paired differences."""

from __future__ import annotations

import math
import statistics

import pytest
from hypothesis import given
from hypothesis import strategies as st

from manille_variants.sim.stats import Z95, paired_difference, percentile, summarize

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
