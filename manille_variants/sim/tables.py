"""Human and machine renderings of a comparison: rich tables and CSV text."""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Callable

from rich.console import Console
from rich.measure import Measurement
from rich.table import Table

from manille_variants.messages import define, msg
from manille_variants.sim.compare import Comparison, Metric, fmt, is_rate
from manille_variants.sim.stats import Z95

__all__ = ["LABELS", "csv_text", "difference_table", "fit_table", "metric_label", "ruleset_header", "summary_table"]

# Each metric's label in a table (the English is the metric's own label, the one JSON keeps).
LABELS = {
    "net": define("metric.net", "dealer net"),
    "points": define("metric.points", "points/deal"),
    "dealer_card_points": define("metric.dealer-card-points", "dealer card pts"),
    "dealer_win": define("metric.dealer-win", "dealer wins"),
    "tie": define("metric.tie", "tie"),
    "sweep": define("metric.sweep", "sweep"),
    "no_trump": define("metric.no-trump", "no-trump"),
    "blind": define("metric.blind", "blind"),
    "call": define("metric.call", "call"),
    "recall": define("metric.recall", "call answered"),
    "factor": define("metric.factor", "factor"),
    "capped": define("metric.capped", "capped"),
    "deals_per_match": define("metric.deals-per-match", "deals/match"),
    "games_per_match": define("metric.games-per-match", "games/match"),
    "deals_per_game": define("metric.deals-per-game", "deals/game"),
}
METRIC = define("table.metric", "metric")
MEAN_CI = define("table.mean-ci", "mean ± 95% CI")
SD = define("table.sd", "sd")
P5 = define("table.p5", "p5")
MEDIAN = define("table.median", "median")
P95 = define("table.p95", "p95")
PER_RULESET = define("table.per-ruleset", "Per ruleset (mean)")
SINGLE_TITLE = define("table.single-title", "{ruleset}: {size}")
DEALS = define("table.deals", "{count} deals")
MATCHES = define("table.matches", "{count} matches")
SIZE = define("table.size", "{units}, seed {seed}, bots {bots}")
PAIRED = define("table.paired", "Paired difference vs {base}: mean ± 95% CI, * = significant")


def metric_label(metric: Metric, lang: str = "en") -> str:
    """``metric``'s label in ``lang`` (its own label for a metric without a code)."""
    code = LABELS.get(metric.key)
    return msg(code).text(lang) if code is not None else metric.label


def _fmt(metric: Metric, value: float | None, lang: str, *, signed: bool = False) -> str:
    """:func:`fmt` in ``lang``'s way of writing numbers (English: ``fmt`` itself)."""
    if lang == "en" or value is None or math.isnan(value):
        return fmt(metric, value, signed=signed)
    from babel.numbers import format_decimal

    rate = is_rate(metric)
    pattern = "#,##0.0" if rate else "#,##0.00"
    pattern = f"+{pattern};-{pattern}" if signed else pattern
    text = format_decimal(value * 100 if rate else value, format=pattern, locale=_LOCALES.get(lang, "en_GB"))
    return f"{text}%" if rate else text


_LOCALES = {"nl": "nl_BE", "fr": "fr_BE"}


def _pm(metric: Metric, mean: float, se: float, lang: str = "en", *, signed: bool = False) -> str:
    """``mean ± half-width`` of the normal 95% interval."""
    return f"{_fmt(metric, mean, lang, signed=signed)} ± {_fmt(metric, Z95 * se, lang)}"


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


def summary_table(comparison: Comparison, width: int | None = None, *, lang: str = "en") -> Table:
    """One ruleset: mean, sd, 95% CI and percentiles; several: the mean of each ruleset.

    ``width``: the terminal's; ruleset names are broken at hyphens when they would not fit.
    ``lang``: the language of the headings, labels and numbers."""
    if len(comparison.results) == 1:
        return _single_table(comparison, lang)
    return fit_table(lambda narrow: _means_table(comparison, narrow, lang), width)


def _means_table(comparison: Comparison, narrow: bool, lang: str) -> Table:
    table = Table(title=msg(PER_RULESET).text(lang))
    table.add_column(msg(METRIC).text(lang), no_wrap=True)
    for res in comparison.results:
        table.add_column(ruleset_header(res.ruleset.name, narrow=narrow), justify="right")
    for metric in comparison.metrics:
        table.add_row(metric_label(metric, lang), *(_fmt(metric, r.summary[metric.key].mean, lang)
                                                    for r in comparison.results))
    return table


def _single_table(comparison: Comparison, lang: str) -> Table:
    result = comparison.results[0]
    table = Table(title=msg(SINGLE_TITLE, ruleset=result.ruleset.name, size=_size(comparison, lang)).text(lang))
    for name in (METRIC, MEAN_CI, SD, P5, MEDIAN, P95):
        table.add_column(msg(name).text(lang), justify="left" if name == METRIC else "right")
    for metric in comparison.metrics:
        s = result.summary[metric.key]
        spread = ("", "", "", "") if is_rate(metric) else (
            _fmt(metric, s.sd, lang), _fmt(metric, s.p5, lang), _fmt(metric, s.p50, lang),
            _fmt(metric, s.p95, lang))
        table.add_row(metric_label(metric, lang), _pm(metric, s.mean, s.se, lang), *spread)
    return table


def _size(comparison: Comparison, lang: str) -> str:
    s = comparison.settings
    parts = [msg(DEALS, count=_count(s.deals, lang)).text(lang)] if s.deals else []
    parts += [msg(MATCHES, count=_count(s.matches, lang)).text(lang)] if s.matches else []
    return msg(SIZE, units=" + ".join(parts), seed=s.seed, bots=s.bots).text(lang)


def _count(number: int, lang: str) -> str:
    if lang == "en":
        return f"{number:,}"
    from manille_variants.messages import format_number

    return format_number(number, lang)


def difference_table(comparison: Comparison, width: int | None = None, *, lang: str = "en") -> Table:
    """Paired differences against the first ruleset: mean [95% CI], * when significant.

    ``width`` and ``lang``: as for :func:`summary_table`."""
    return fit_table(lambda narrow: _difference_table(comparison, narrow, lang), width)


def _difference_table(comparison: Comparison, narrow: bool, lang: str) -> Table:
    base = comparison.results[0].ruleset.name
    table = Table(title=msg(PAIRED, base=base).text(lang), caption=_size(comparison, lang))
    table.add_column(msg(METRIC).text(lang), no_wrap=True)
    for res in comparison.results[1:]:
        table.add_column(ruleset_header(res.ruleset.name, narrow=narrow), justify="right")
    for metric in comparison.metrics:
        cells = []
        for res in comparison.results[1:]:
            d = (res.difference or {}).get(metric.key)
            if d is None:
                cells.append("-")
                continue
            text = _pm(metric, d.mean, d.se, lang, signed=True)
            cells.append(f"[bold]{text} *[/bold]" if d.significant else f"{text}  ")
        table.add_row(metric_label(metric, lang), *cells)
    return table


def csv_text(comparison: Comparison) -> str:
    """The CSV form: one row per (ruleset, metric), see ``Comparison.csv_rows``."""
    rows = comparison.csv_rows()
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return buffer.getvalue()
