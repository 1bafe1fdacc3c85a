"""`manille compare`: duplicate play, paired differences, significance, report and plots."""

from __future__ import annotations

import base64
import csv
import io
import itertools
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import manille_variants as mv
from manille_variants.cli import app
from manille_variants.sim import SimSettings, run_comparison
from manille_variants.sim.report import histogram_bins

runner = CliRunner()
BUNDLED = ("table-convention", "belgian", "belgian-capped", "french-coinchee")


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), env={"COLUMNS": "120"})
    return result.exit_code, result.stdout, result.stderr


def compare_json(*args: str) -> dict[str, Any]:
    code, out, err = run("compare", "--bots", "random", "--json", *args)
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


@pytest.fixture(scope="module")
def four_way() -> dict[str, Any]:
    return compare_json(*BUNDLED, "-n", "400", "--matches", "8", "-j", "1")


def test_compare_json_lists_every_ruleset_with_differences_but_the_first(
    four_way: dict[str, Any],
) -> None:
    assert four_way["kind"] == "compare" and four_way["baseline"] == "table-convention"
    names = [r["name"] for r in four_way["rulesets"]]
    assert names == list(BUNDLED)
    assert four_way["rulesets"][0]["difference"] is None
    for entry in four_way["rulesets"][1:]:
        assert set(entry["difference"]) == set(four_way["metrics"])
        assert entry["difference"]["net"]["n"] == 400
        assert entry["difference"]["deals_per_match"]["n"] == 8


def test_compare_is_the_same_with_one_or_two_jobs(four_way: dict[str, Any]) -> None:
    assert compare_json(*BUNDLED, "-n", "400", "--matches", "8", "-j", "2") == four_way


def test_paired_difference_is_the_difference_of_the_means(four_way: dict[str, Any]) -> None:
    base = four_way["rulesets"][0]["summary"]
    for entry in four_way["rulesets"][1:]:
        for key in ("net", "points", "factor", "tie"):
            expected = entry["summary"][key]["mean"] - base[key]["mean"]
            assert entry["difference"][key]["mean"] == pytest.approx(expected, abs=1e-5)


def test_cap_lowers_the_mean_factor_significantly(four_way: dict[str, Any]) -> None:
    belgian, capped = four_way["rulesets"][1]["summary"], four_way["rulesets"][2]["summary"]
    assert capped["factor"]["mean"] < belgian["factor"]["mean"]
    assert capped["capped"]["mean"] > 0 and belgian["capped"]["mean"] == 0
    assert capped["factor"]["max"] <= 4


def test_rulesets_without_blind_or_calls_never_play_them(four_way: dict[str, Any]) -> None:
    convention = four_way["rulesets"][0]["summary"]
    french = four_way["rulesets"][3]["summary"]
    assert convention["blind"]["mean"] == 0 and convention["call"]["mean"] == 0
    assert french["blind"]["mean"] == 0 and french["call"]["mean"] > 0
    assert four_way["rulesets"][1]["difference"]["blind"]["significant"] is True


def test_a_ruleset_compared_with_itself_differs_in_nothing() -> None:
    rs = mv.load_ruleset("belgian")
    result = run_comparison([rs, rs], SimSettings(deals=50, matches=2, seed=8))
    diff = result.results[1].difference
    assert diff is not None
    assert all(d.mean == 0 and not d.significant for d in diff.values())


def test_same_dealing_rules_mean_same_hands_and_same_first_choices() -> None:
    # belgian and belgian-capped deal alike and play alike until the factor is capped.
    data = compare_json("belgian", "belgian-capped", "-n", "100", "--matches", "0")
    diff = data["rulesets"][1]["difference"]
    for key in ("dealer_card_points", "blind", "no_trump", "call", "tie", "dealer_win"):
        assert diff[key]["mean"] == 0, key
    assert "deals_per_match" not in diff


def test_compare_table_marks_significant_differences() -> None:
    code, out, _ = run("compare", "table-convention", "belgian", "-n", "200", "--bots",
                       "random", "-j", "1")
    assert code == 0
    assert "Paired difference vs table-convention" in out
    blind_row = [line for line in out.splitlines() if line.startswith("│ blind")][-1]
    assert blind_row.rstrip(" │").endswith("*")
    assert "200 deals + 4 matches" in out  # default matches: deals / 50


def test_compare_csv_has_difference_columns() -> None:
    code, out, _ = run("compare", "belgian", "fr", "-n", "50", "--bots", "random", "--csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    second = [r for r in rows if r["ruleset"] == "french-coinchee"]
    assert second and all(r["diff_mean"] != "" for r in second)
    assert {"diff_ci95_low", "diff_ci95_high", "diff_p", "diff_significant"} <= set(rows[0])


def test_report_is_one_self_contained_page_with_charts(tmp_path: Path) -> None:
    report = tmp_path / "out" / "compare.html"
    code, _, err = run("compare", "belgian", "belgian-capped", "-n", "60", "--bots", "random",
                       "--matches", "3", "--report", str(report), "--plots", str(tmp_path / "png"))
    assert code == 0, err
    page = report.read_text(encoding="utf-8")
    images = re.findall(r"data:image/png;base64,([A-Za-z0-9+/=]+)", page)
    assert len(images) == 4
    assert all(base64.b64decode(img).startswith(b"\x89PNG") for img in images)
    assert "Paired differences against the first ruleset" in page
    assert "src='http" not in page and '<script' not in page
    pngs = sorted(p.name for p in (tmp_path / "png").iterdir())
    assert pngs == ["deals-per-game.png", "factors.png", "net.png", "points.png"]


def test_histograms_are_clipped_to_the_observed_range_without_empty_tails() -> None:
    # The bulk from 0 to 40, a sweep's 250 once in 10 000 deals: the chart ends near 40, the
    # 250 counted in the last bin, not drawn 200 points out across empty bins.
    bulk: Counter[float] = Counter({v: 250 for v in range(41)})
    bulk[250] = 1
    other: Counter[float] = Counter({v: 200 for v in range(0, 36, 2)})
    edges, low, high = histogram_bins([bulk, other], bins=40)
    assert (low, high) == (0, 40)
    assert edges[0] == -0.5 and 40 < edges[-1] < 42
    widths = {b - a for a, b in itertools.pairwise(edges)}
    assert len(widths) == 1 and widths.pop() == 2  # 41 whole numbers in 40 bins: two per bin, centred
    for counts in (bulk, other):
        drawn = [min(max(v, low), high) for v in counts]
        assert all(edges[0] <= v <= edges[-1] for v in drawn)
    # Values all within the range: it is exactly the observed one, ends included.
    edges, low, high = histogram_bins([Counter({-12: 3, 5: 10, 30: 2})], bins=4)
    assert (low, high) == (-12, 30) and edges[0] < -12 and edges[-1] > 30 and edges[-1] - 30 < 11


def test_histograms_of_fractions_span_their_range() -> None:
    edges, low, high = histogram_bins([Counter({0.5: 10, 1.25: 10, 2.0: 10})], bins=3)
    assert (low, high) == (0.5, 2.0) and edges == [0.5, 1.0, 1.5, 2.0]


def test_report_refuses_to_overwrite_without_force(tmp_path: Path) -> None:
    report = tmp_path / "r.html"
    report.write_text("keep me")
    args = ("compare", "belgian", "fr", "-n", "10", "--bots", "random", "--report", str(report))
    code, _, err = run(*args)
    assert code == 1 and "exists; use --force" in err
    assert report.read_text() == "keep me"
    assert run(*args, "--force")[0] == 0
    assert report.read_text().startswith("<!DOCTYPE html>")


def test_compare_needs_two_rulesets_and_a_size() -> None:
    assert run("compare", "belgian", "-n", "10")[0] == 2
    code, _, err = run("compare", "belgian", "fr")
    assert code == 2 and "give -n DEALS" in err
