"""Human and machine renderings of a comparison: rich tables and CSV text."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable

from rich.console import Console
from rich.measure import Measurement
from rich.table import Table

from manille_variants.sim.compare import Comparison, Metric, fmt, is_rate
from manille_variants.sim.stats import Z95

__all__ = ["csv_text", "difference_table", "fit_table", "ruleset_header", "summary_table"]


def _pm(metric: Metric, mean: float, se: float, *, signed: bool = False) -> str:
    """``mean ± half-width`` of the normal 95% interval."""
    return f"{fmt(metric, mean, signed=signed)} ± {fmt(metric, Z95 * se)}"


def ruleset_header(name: str, *, narrow: bool = False) -> str:
    """A ruleset's name as a column header; ``narrow``: one line per hyphenated part
    (``table-`` / ``convention``), so that a narrow column never cuts a name mid-word."""
    return name.replace("-", "-\n") if narrow else name


def fit_table(build: Callable[[bool], Table], width: int | None) -> Table:
    """``build(False)``, or ``build(True)`` (narrow headers) if it is wider than ``width``."""
    table = build(False)
    if width is None:
        return table
    console = Console(width=10_000)  # measure the table's natural width, unconstrained
    if Measurement.get(console, console.options, table).maximum <= width:
        return table
    return build(True)


def summary_table(comparison: Comparison, width: int | None = None) -> Table:
    """One ruleset: mean, sd, 95% CI and percentiles; several: the mean of each ruleset.

    ``width``: the terminal's; ruleset names are broken at hyphens when they would not fit."""
    if len(comparison.results) == 1:
        return _single_table(comparison)
    return fit_table(lambda narrow: _means_table(comparison, narrow), width)


def _means_table(comparison: Comparison, narrow: bool) -> Table:
    table = Table(title="Per ruleset (mean)")
    table.add_column("metric", no_wrap=True)
    for res in comparison.results:
        table.add_column(ruleset_header(res.ruleset.name, narrow=narrow), justify="right")
    for metric in comparison.metrics:
        table.add_row(metric.label, *(fmt(metric, r.summary[metric.key].mean)
                                      for r in comparison.results))
    return table


def _single_table(comparison: Comparison) -> Table:
    result = comparison.results[0]
    table = Table(title=f"{result.ruleset.name}: {_size(comparison)}")
    for name in ("metric", "mean ± 95% CI", "sd", "p5", "median", "p95"):
        table.add_column(name, justify="left" if name == "metric" else "right")
    for metric in comparison.metrics:
        s = result.summary[metric.key]
        spread = ("", "", "", "") if is_rate(metric) else (
            fmt(metric, s.sd), fmt(metric, s.p5), fmt(metric, s.p50), fmt(metric, s.p95))
        table.add_row(metric.label, _pm(metric, s.mean, s.se), *spread)
    return table


def _size(comparison: Comparison) -> str:
    s = comparison.settings
    parts = [f"{s.deals:,} deals"] if s.deals else []
    parts += [f"{s.matches:,} matches"] if s.matches else []
    return " + ".join(parts) + f", seed {s.seed}, bots {s.bots}"


def difference_table(comparison: Comparison, width: int | None = None) -> Table:
    """Paired differences against the first ruleset: mean [95% CI], * when significant.

    ``width``: as for :func:`summary_table`."""
    return fit_table(lambda narrow: _difference_table(comparison, narrow), width)


def _difference_table(comparison: Comparison, narrow: bool) -> Table:
    base = comparison.results[0].ruleset.name
    table = Table(title=f"Paired difference vs {base}: mean ± 95% CI, * = significant",
                  caption=_size(comparison))
    table.add_column("metric", no_wrap=True)
    for res in comparison.results[1:]:
        table.add_column(ruleset_header(res.ruleset.name, narrow=narrow), justify="right")
    for metric in comparison.metrics:
        cells = []
        for res in comparison.results[1:]:
            d = (res.difference or {}).get(metric.key)
            if d is None:
                cells.append("-")
                continue
            text = _pm(metric, d.mean, d.se, signed=True)
            cells.append(f"[bold]{text} *[/bold]" if d.significant else f"{text}  ")
        table.add_row(metric.label, *cells)
    return table


def csv_text(comparison: Comparison) -> str:
    """The CSV form: one row per (ruleset, metric), see ``Comparison.csv_rows``."""
    rows = comparison.csv_rows()
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return buffer.getvalue()
