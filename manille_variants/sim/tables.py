"""Human and machine renderings of a comparison: rich tables and CSV text."""

from __future__ import annotations

import csv
import io

from rich.table import Table

from manille_variants.sim.compare import Comparison, Metric, fmt, is_rate
from manille_variants.sim.stats import Z95

__all__ = ["csv_text", "difference_table", "summary_table"]


def _pm(metric: Metric, mean: float, se: float, *, signed: bool = False) -> str:
    """``mean ± half-width`` of the normal 95% interval."""
    return f"{fmt(metric, mean, signed=signed)} ± {fmt(metric, Z95 * se)}"


def summary_table(comparison: Comparison) -> Table:
    """One ruleset: mean, sd, 95% CI and percentiles; several: the mean of each ruleset."""
    if len(comparison.results) == 1:
        return _single_table(comparison)
    table = Table(title="Per ruleset (mean)")
    table.add_column("metric", no_wrap=True)
    for res in comparison.results:
        table.add_column(res.ruleset.name, justify="right", overflow="fold")
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


def difference_table(comparison: Comparison) -> Table:
    """Paired differences against the first ruleset: mean [95% CI], * when significant."""
    base = comparison.results[0].ruleset.name
    table = Table(title=f"Paired difference vs {base}: mean ± 95% CI, * = significant",
                  caption=_size(comparison))
    table.add_column("metric", no_wrap=True)
    for res in comparison.results[1:]:
        table.add_column(res.ruleset.name, justify="right", overflow="fold")
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
