"""Charts (matplotlib, Agg backend, imported only here) and the self-contained HTML report.

Charts: the distribution of match points scored per deal and of the dealer side's net, the
length of games in deals, and how often each combined factor was applied; one PNG each,
embedded in the page as base64 so the report is a single file.
"""

from __future__ import annotations

import base64
import hashlib
import html
import io
import math
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from manille_variants.messages import define, msg
from manille_variants.sim.compare import Comparison, Metric, fmt
from manille_variants.sim.runner import MissingExtraError, SimOutputExistsError

__all__ = ["REPORT_INSTALL", "content_security_policy", "histogram_bins", "make_charts", "render_html", "write_plots",
           "write_report"]

REPORT_INSTALL = "pip install 'manille-variants[report]'"
NEEDS_MATPLOTLIB = define("report.needs-matplotlib", "charts need matplotlib: {install}")
EXISTS = define("report.exists", "{path} exists")
Chart = Callable[[Any, Comparison], None]


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise MissingExtraError(msg(NEEDS_MATPLOTLIB, install=REPORT_INSTALL)) from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


TAIL = 0.005  # the share of a ruleset's deals at each end gathered into the end bins


def _quantile(counts: Counter[float], q: float) -> float:
    """The smallest observed value with at least a share ``q`` of the deals at or below it."""
    total, running = sum(counts.values()), 0
    for value in sorted(counts):
        running += counts[value]
        if running >= q * total:
            return value
    return max(counts)


def histogram_bins(samples: Sequence[Counter[float]], bins: int = 40,
                   tail: float = TAIL) -> tuple[list[float], float, float]:
    """Bin edges for step histograms of ``samples`` (value -> deals, one per ruleset), and the
    range they show: from the lowest to the highest value observed, a rare value far out (a
    sweep's 250 points) leaving the range, its deals counted in the end bin instead (at most
    ``tail`` of each ruleset's deals at each end), so that the bulk is not squashed by empty
    tails.  Whole numbers get whole bins, centred on them.

    >>> edges, low, high = histogram_bins([Counter({0: 500, 10: 300, 20: 199, 250: 1})], bins=4)
    >>> low, high, edges
    (0, 20, [-0.5, 5.5, 11.5, 17.5, 23.5])
    """
    low = min(_quantile(s, tail) for s in samples)
    high = max(_quantile(s, 1 - tail) for s in samples)
    if all(float(v).is_integer() for s in samples for v in s):
        width = max(1, math.ceil((high - low + 1) / bins))
        count = math.ceil((high - low + 1) / width)
        return [low - 0.5 + width * i for i in range(count + 1)], low, high
    span = (high - low) or 1.0
    return [low + span * i / bins for i in range(bins + 1)], low, high


def _step_hist(ax: Any, comparison: Comparison, key: str, bins: int) -> None:
    """Step histograms of the deal metric ``key``, one per ruleset, from its counts (a value
    beyond the range shown counted in the end bin, see :func:`histogram_bins`)."""
    samples = [res.deal_counts(key) for res in comparison.results]
    edges, low, high = histogram_bins(samples, bins)
    beyond = 0.0
    for res, counts in zip(comparison.results, samples, strict=True):
        total = sum(counts.values())
        beyond = max(beyond, sum(n for v, n in counts.items() if not low <= v <= high) / total)
        ax.hist([min(max(v, low), high) for v in counts], bins=edges, weights=[c / total for c in counts.values()],
                histtype="step", linewidth=1.6, label=res.ruleset.name)
    ax.set_xlim(edges[0], edges[-1])
    if beyond:
        ax.text(0.99, 0.55, f"the end bins also hold the deals beyond {_fmt_value(low)} .. {_fmt_value(high)}\n"
                f"(at most {beyond:.1%} of a ruleset's deals)", transform=ax.transAxes, ha="right", fontsize=7,
                color="#555")
    ax.set_ylabel("share of deals")
    ax.legend(fontsize=8)


def _fmt_value(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def chart_points(ax: Any, comparison: Comparison) -> None:
    """Match points scored per deal (by whichever side scored)."""
    _step_hist(ax, comparison, "points", 40)
    ax.set_title("Match points scored per deal")
    ax.set_xlabel("match points")


def chart_net(ax: Any, comparison: Comparison) -> None:
    """The dealer side's net match points per deal."""
    _step_hist(ax, comparison, "net", 40)
    ax.set_title("Dealer side net match points per deal")
    ax.set_xlabel("dealer side minus other side")


def chart_game_lengths(ax: Any, comparison: Comparison) -> None:
    """Deals per game, from the simulated matches."""
    for res in comparison.results:
        counts = res.game_lengths
        total = sum(counts.values()) or 1
        xs = sorted(counts)
        ax.plot(xs, [counts[x] / total for x in xs], marker="o", markersize=3,
                label=res.ruleset.name)
    ax.set_title("Deals per game")
    ax.set_xlabel("deals in the game")
    ax.set_ylabel("share of games")
    ax.legend(fontsize=8)


def chart_factors(ax: Any, comparison: Comparison) -> None:
    """How often each combined factor was applied (grouped bars)."""
    factors = sorted({f for res in comparison.results for f in res.factor_counts})
    width = 0.8 / len(comparison.results)
    for k, res in enumerate(comparison.results):
        counts = res.factor_counts
        total = sum(counts.values()) or 1
        xs = [i + k * width for i in range(len(factors))]
        ax.bar(xs, [counts.get(f, 0) / total for f in factors], width=width,
               label=res.ruleset.name)
    ax.set_xticks([i + 0.4 - width / 2 for i in range(len(factors))])
    ax.set_xticklabels([f"x{f}" for f in factors])
    ax.set_yscale("log")  # the rare high factors stay visible next to x1
    ax.set_title("Combined factor per deal")
    ax.set_ylabel("share of deals (log scale)")
    ax.legend(fontsize=8)


def make_charts(comparison: Comparison) -> dict[str, bytes]:
    """The PNG charts, by file name (the deals-per-game one only when matches were played)."""
    plt = _pyplot()
    charts: dict[str, Chart] = {"points.png": chart_points, "net.png": chart_net,
                                "factors.png": chart_factors}
    if any(res.match_run.tally.game_lengths for res in comparison.results):
        charts["deals-per-game.png"] = chart_game_lengths
    images = {}
    for name, draw in charts.items():
        fig, ax = plt.subplots(figsize=(7, 3.6), dpi=100)
        draw(ax, comparison)
        fig.tight_layout()
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png")
        plt.close(fig)
        images[name] = buffer.getvalue()
    return images


def write_plots(directory: Path, images: dict[str, bytes], *, force: bool = False) -> list[Path]:
    """Write the PNGs into ``directory`` (created); existing files only with ``force``."""
    directory.mkdir(parents=True, exist_ok=True)
    paths = [directory / name for name in images]
    clash = [p for p in paths if p.exists()]
    if clash and not force:
        raise SimOutputExistsError(msg(EXISTS, path=str(clash[0])))
    for path, data in zip(paths, images.values(), strict=True):
        path.write_bytes(data)
    return paths


def _cell(text: str, cls: str = "") -> str:
    return f'<td class="{cls}">{html.escape(text)}</td>' if cls else f"<td>{html.escape(text)}</td>"


def _head(*names: str) -> str:
    return "<tr>" + "".join(f"<th>{html.escape(n)}</th>" for n in names) + "</tr>"


def _summary_table(comparison: Comparison) -> str:
    rows = [_head("metric", *(r.ruleset.name for r in comparison.results))]
    for metric in comparison.metrics:
        cells = [_cell(metric.label)]
        for res in comparison.results:
            s = res.summary[metric.key]
            cells.append(_cell(f"{fmt(metric, s.mean)} (sd {fmt(metric, s.sd)})"))
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return "<table>" + "".join(rows) + "</table>"


def _diff_text(metric: Metric, comparison: Comparison, index: int) -> tuple[str, str]:
    diff = (comparison.results[index].difference or {}).get(metric.key)
    if diff is None:
        return "-", ""
    text = (f"{fmt(metric, diff.mean, signed=True)} [{fmt(metric, diff.ci95_low, signed=True)},"
            f" {fmt(metric, diff.ci95_high, signed=True)}]")
    return (text + " *", "sig") if diff.significant else (text, "")


def _difference_table(comparison: Comparison) -> str:
    others = comparison.results[1:]
    base = comparison.results[0].ruleset.name
    rows = [_head("metric", *(f"{r.ruleset.name} − {base}" for r in others))]
    for metric in comparison.metrics:
        cells = [_cell(metric.label)]
        for index in range(1, len(comparison.results)):
            cells.append(_cell(*_diff_text(metric, comparison, index)))
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return "<table>" + "".join(rows) + "</table>"


def _metric_list(comparison: Comparison) -> str:
    items = "".join(f"<li><b>{html.escape(m.label)}</b>: {html.escape(m.description)}</li>"
                    for m in comparison.metrics)
    return f"<ul>{items}</ul>"


_STYLE = """body{font-family:sans-serif;max-width:60em;margin:2em auto;color:#222}
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.25em .6em;
text-align:right}td:first-child,th:first-child{text-align:left}.sig{background:#fff3c4;
font-weight:bold}img{max-width:100%}"""


def content_security_policy(frame_ancestors: str = "'self'") -> str:
    """What the report needs from a server that sends a Content-Security-Policy with it: its
    one inline style sheet (by its hash) and its embedded images; no script, nothing fetched."""
    digest = base64.b64encode(hashlib.sha256(_STYLE.encode()).digest()).decode("ascii")
    return (f"default-src 'none'; style-src 'sha256-{digest}'; img-src data:; "
            f"frame-ancestors {frame_ancestors}; base-uri 'none'; form-action 'none'")


def render_html(comparison: Comparison, images: dict[str, bytes]) -> str:
    """One self-contained page: settings, tables, metric meanings and the embedded charts."""
    s = comparison.settings
    names = ", ".join(r.ruleset.name for r in comparison.results)
    parts = [
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>Manille: {html.escape(names)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>Duplicate comparison: {html.escape(names)}</h1>",
        f"<p>{s.deals} deals and {s.matches} matches per ruleset, the same shuffles, dealers"
        f" and bots under every ruleset; seed {s.seed}, bots <code>{html.escape(s.bots)}</code>."
        "</p>",
        "<h2>Per ruleset (mean, sd)</h2>", _summary_table(comparison),
    ]
    if len(comparison.results) > 1:
        parts += [
            "<h2>Paired differences against the first ruleset</h2>",
            "<p>Mean of the per-deal (per-match) difference with its 95% confidence interval;"
            " <b>*</b> marks differences whose interval leaves out zero.</p>",
            _difference_table(comparison),
        ]
    parts += ["<h2>What the metrics mean</h2>", _metric_list(comparison), "<h2>Charts</h2>"]
    for name, data in images.items():
        encoded = base64.b64encode(data).decode("ascii")
        parts.append(f"<p><img alt='{html.escape(name)}' src='data:image/png;base64,{encoded}'>"
                     "</p>")
    parts.append("</body></html>\n")
    return "\n".join(parts)


def write_report(path: Path, comparison: Comparison, images: dict[str, bytes], *,
                 force: bool = False) -> None:
    """Write the HTML report; an existing file only with ``force``."""
    if path.exists() and not force:
        raise SimOutputExistsError(msg(EXISTS, path=str(path)))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render_html(comparison, images), encoding="utf-8")
