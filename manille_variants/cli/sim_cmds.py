"""Simulation commands: simulate (one ruleset) and compare (duplicate play of several).

Thin typer commands: the work lives in :mod:`manille_variants.sim`.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

from manille_variants.bots.registry import check_spec, with_think_ms
from manille_variants.cli.common import (
    EXISTS,
    WROTE,
    documented,
    echo,
    echo_json,
    english,
    fail,
    language,
    ruleset_option,
    say,
    user_errors,
)
from manille_variants.engine.compiled import compile_rules
from manille_variants.messages import define, msg
from manille_variants.ruleset.loader import load_ruleset
from manille_variants.sim import SimSettings, default_bots, default_jobs, run_comparison
from manille_variants.sim.compare import Comparison
from manille_variants.sim.runner import Progress as ProgressCallback
from manille_variants.sim.tables import csv_text, difference_table, summary_table

SEED = typer.Option(1, "--seed", metavar="S", help=english(define("help.sim.seed",
                                                  "Master seed: the same seed gives the same numbers.")))
BOTS = typer.Option(
    None, "--bots", metavar="SPEC",
    help=english(define("help.sim.bots",
                        "Bots: one name for all seats, 'a,b' per team, or four names: random, heuristic, search "
                        "(the strongest; options as search:worlds=64 or search:think_ms=40), ismcts (tree search; "
                        "ismcts:iterations=N, ismcts:think_ms=T) (default: heuristic if available, else random).")),
)
THINK_MS = typer.Option(
    None, "--think-ms", metavar="T",
    help=english(define("help.sim.think-ms",
                        "Give every bot with a time budget (search, ismcts) T milliseconds a decision (anytime; the "
                        "results then depend on the machine's speed).")),
)
JOBS = typer.Option(None, "--jobs", "-j", min=1, metavar="J", help=english(define("help.sim.jobs",
                                                                  "Worker processes (default: all cores).")))
SCHEDULER = typer.Option(
    None, "--scheduler", metavar="tcp://HOST:PORT",
    help=english(define("help.sim.scheduler", "Run on this Dask distributed scheduler instead of local processes.")),
)
AS_JSON = typer.Option(False, "--json", help=english(define("help.sim.json", "Print the result as JSON (no table).")))
AS_CSV = typer.Option(False, "--csv", help=english(define("help.sim.csv", "Print one CSV row per (ruleset, metric).")))
FORCE = typer.Option(False, "--force", help=english(define("help.sim.force", "Overwrite existing output files.")))

PLAYING = define("cli.sim.playing", "playing")
PROGRESS = define("cli.sim.progress", "{kind}: {done} of {total} ({percent}%), {seconds} s")
KINDS = {"simulate": define("cli.sim.kind.simulate", "simulate"), "compare": define("cli.sim.kind.compare", "compare")}
ONE_OF = define("cli.sim.one-of", "give exactly one of -n DEALS or --matches M")
NOT_BOTH = define("cli.sim.not-both", "give --json or --csv, not both")
TWO_RULESETS = define("cli.sim.two-rulesets", "give at least two rulesets to compare")
GIVE_DEALS = define("cli.sim.give-deals", "give -n DEALS (and optionally --matches M)")
WROTE_RECORDS = define("cli.sim.wrote-records", "wrote {count} record file(s) to {path}")
WROTE_CHARTS = define("cli.sim.wrote-charts", "wrote {count} charts to {path}")


@contextmanager
def _progress(total: int, show: bool) -> Iterator[ProgressCallback | None]:
    if not show or total <= 0:
        yield None
        return
    columns = ("{task.description}", BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, transient=True) as bar:
        task = bar.add_task(say(msg(PLAYING)), total=total)
        yield lambda done: bar.advance(task, done)


def _emit(comparison: Comparison, as_json: bool, as_csv: bool) -> None:
    if as_json:
        echo_json(comparison.to_json())
    elif as_csv:
        typer.echo(csv_text(comparison), nl=False)
    else:
        console = Console()
        console.print(summary_table(comparison, console.width, lang=language()))
        if len(comparison.results) > 1:
            console.print(difference_table(comparison, console.width, lang=language()))


@contextmanager
def _progress_lines(total: int, kind: str) -> Iterator[ProgressCallback | None]:
    """Progress on standard error when it is not a terminal (a log, CI): a line at every 5%
    of the units once a second has passed, with the time so far."""
    done = 0
    step = max(1, total // 20)
    started = time.monotonic()
    next_line = step

    def advance(units: int) -> None:
        nonlocal done, next_line
        done += units
        if done >= next_line and time.monotonic() - started >= 1.0:
            echo(msg(PROGRESS, kind=msg(KINDS[kind]) if kind in KINDS else kind, done=done, total=total,
                     percent=100 * done // total, seconds=f"{time.monotonic() - started:.0f}"), err=True)
        while next_line <= done:
            next_line += step

    yield advance if total > 0 else None


def _run(names: list[str], settings: SimSettings, quiet: bool, kind: str) -> Comparison:
    rulesets = [load_ruleset(name) for name in names]
    total = settings.deals + settings.matches
    if sys.stdout.isatty() and not quiet:
        with _progress(total, True) as progress:
            return run_comparison(rulesets, settings, progress=progress, kind=kind)
    with _progress_lines(total, kind) as lines:
        return run_comparison(rulesets, settings, progress=lines, kind=kind)


def _settings(deals: int, matches: int, seed: int, bots: str | None, jobs: int | None,
              scheduler: str | None, records: bool = False, think_ms: float | None = None,
              names: Sequence[str] = ()) -> SimSettings:
    rulesets = [load_ruleset(name) for name in names]
    spec = with_think_ms(bots or default_bots(rulesets), think_ms)
    for seats in sorted({compile_rules(rs).seats for rs in rulesets} or {4}):
        check_spec(spec, seats)  # one name a seat counts the ruleset's seats
    return SimSettings(deals=deals, matches=matches, seed=seed, bots=spec,
                       jobs=jobs or default_jobs(), scheduler=scheduler, records=records)


@documented(define(
    "help.simulate",
    "Play seeded deals (-n) or matches (--matches) with bots and summarise the scores.",
))
def simulate_command(
    ruleset: str = ruleset_option(),
    deals: int | None = typer.Option(None, "-n", "--deals", min=1, metavar="DEALS",
                                     help=english(define("help.simulate.deals",
                                                         "Play this many independent seeded deals."))),
    matches: int | None = typer.Option(None, "--matches", min=1, metavar="M",
                                       help=english(define("help.simulate.matches",
                                                           "Play this many whole matches instead."))),
    seed: int = SEED, bots: str | None = BOTS, think_ms: float | None = THINK_MS, jobs: int | None = JOBS,
    scheduler: str | None = SCHEDULER, as_json: bool = AS_JSON, as_csv: bool = AS_CSV,
    records: Path | None = typer.Option(None, "--records", metavar="DIR",
                                        help=english(define("help.simulate.records",
                                                            "Write a game record per deal or match here."))),
    force: bool = FORCE,
) -> None:
    with user_errors():
        if (deals is None) == (matches is None):
            raise fail(msg(ONE_OF), 2)
        if as_json and as_csv:
            raise fail(msg(NOT_BOTH), 2)
        if records is not None:
            from manille_variants.sim.recordfile import check_records_dir

            check_records_dir(records, force=force)
        settings = _settings(deals or 0, matches or 0, seed, bots, jobs, scheduler,
                             records is not None, think_ms, names=[ruleset])
        comparison = _run([ruleset], settings, as_json or as_csv, "simulate")
        if records is not None:
            _write_records(records, comparison)
        _emit(comparison, as_json, as_csv)


def _write_records(directory: Path, comparison: Comparison) -> None:
    from manille_variants.sim.recordfile import write_records

    result = comparison.results[0]
    units = result.deal_run.records or result.match_run.records
    written = write_records(directory, result.ruleset, units)
    echo(msg(WROTE_RECORDS, count=len(written), path=str(directory)), err=True)


@documented(define(
    "help.compare",
    "Play the same deals under every ruleset and compare them, with paired 95% CIs.",
))
def compare_command(
    rulesets: list[str] = typer.Argument(..., metavar="R1 R2 [R3 ...]",
                                         help=english(define("help.compare.rulesets",
                                                             "Rulesets to compare; the first is the baseline."))),
    deals: int | None = typer.Option(None, "-n", "--deals", min=1, metavar="N",
                                     help=english(define("help.compare.deals",
                                                         "Duplicate deals to play under every ruleset."))),
    matches: int | None = typer.Option(
        None, "--matches", min=0, metavar="M",
        help=english(define("help.compare.matches",
                            "Duplicate matches for game and match lengths (default: deals / 50)."))),
    seed: int = SEED, bots: str | None = BOTS, think_ms: float | None = THINK_MS, jobs: int | None = JOBS,
    scheduler: str | None = SCHEDULER,
    report: Path | None = typer.Option(None, "--report", metavar="FILE.html",
                                       help=english(define("help.compare.report",
                                                           "Write a self-contained HTML report with charts."))),
    plots: Path | None = typer.Option(None, "--plots", metavar="DIR",
                                      help=english(define("help.compare.plots",
                                                          "Write the charts as PNG files into DIR."))),
    as_json: bool = AS_JSON, as_csv: bool = AS_CSV, force: bool = FORCE,
) -> None:
    with user_errors():
        if len(rulesets) < 2:
            raise fail(msg(TWO_RULESETS), 2)
        if deals is None and not matches:
            raise fail(msg(GIVE_DEALS), 2)
        if as_json and as_csv:
            raise fail(msg(NOT_BOTH), 2)
        if report is not None and report.exists() and not force:
            raise fail(msg(EXISTS, path=str(report)))
        n_matches = matches if matches is not None else (deals or 0) // 50
        settings = _settings(deals or 0, n_matches, seed, bots, jobs, scheduler, think_ms=think_ms,
                             names=rulesets)
        comparison = _run(rulesets, settings, as_json or as_csv, "compare")
        _emit(comparison, as_json, as_csv)
        if report is not None or plots is not None:
            _write_charts(comparison, report, plots, force)


def _write_charts(comparison: Comparison, report: Path | None, plots: Path | None,
                  force: bool) -> None:
    from manille_variants.sim.report import make_charts, write_plots, write_report

    images = make_charts(comparison)
    if plots is not None:
        written = write_plots(plots, images, force=force)
        echo(msg(WROTE_CHARTS, count=len(written), path=str(plots)), err=True)
    if report is not None:
        write_report(report, comparison, images, force=force)
        echo(msg(WROTE, path=str(report)), err=True)
