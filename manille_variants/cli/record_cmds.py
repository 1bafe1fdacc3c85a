"""Commands on game records: replay, audit.

Thin typer commands: reading lives in :mod:`manille_variants.records.format` and
:mod:`manille_variants.records.textdeal`, checking in :mod:`manille_variants.records.audit`.
"""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console

from manille_variants.cli.common import documented, echo, echo_json, english, language, ruleset_option, user_errors
from manille_variants.errors import ManilleError
from manille_variants.messages import define, msg
from manille_variants.records.audit import AuditReport, audit_record
from manille_variants.records.playback import print_replay
from manille_variants.records.textdeal import load_game
from manille_variants.ruleset.loader import bundled_names

CONSISTENT = define("cli.audit.consistent", "{file}: consistent with {names}")
NO_BUNDLED = define("cli.audit.no-bundled", "{file}: consistent with no bundled ruleset")
CHECKED = define("cli.audit.checked", "{file}: {deals} checked under {ruleset}: {verdict}")
ONE_DEAL = define("cli.audit.one-deal", "1 deal, {cards} cards")
DEALS_CARDS = define("cli.audit.deals-cards", "{deals} deals, {cards} cards")
OK = define("cli.audit.ok", "ok")
ONE_PROBLEM = define("cli.audit.one-problem", "1 problem")
PROBLEMS = define("cli.audit.problems", "{count} problems")


@documented(define(
    "help.replay",
    "Show a recorded game trick by trick, with each deal's breakdown and the match points.\n\n"
    "Hands, choices and calls, every card, who won each trick and its card points.",
))
def replay_command(
    file: Path = typer.Argument(..., metavar="FILE", help=english(define("help.replay.file",
                                                         "A game record (JSON) or a typed deal file."))),
    ruleset: str | None = ruleset_option(
        None, english(define("help.replay.ruleset",
                             "Replay under this ruleset instead of the record's own.")),
    ),
    deal: int | None = typer.Option(None, "--deal", min=1, metavar="N", help=english(define("help.replay.deal",
                                                                            "Show only this deal (numbered from 1)."))),
    text: bool = typer.Option(False, "--text", help=english(define("help.replay.text",
                                                   "Print the deals in the typed text format instead."))),
) -> None:
    with user_errors():
        record = load_game(file, ruleset)
        report = audit_record(record, ruleset)
        print_replay(Console(highlight=False, soft_wrap=True), record, report, only=deal, as_text=text,
                     lang=language())


@documented(define(
    "help.audit",
    "Check every action against the ruleset and recompute every score.\n\n"
    "Each problem names its deal, trick, seat and card, the legal cards and the rule clause.\n\n"
    "Exit status 1 if there is any problem.",
))
def audit_command(
    file: Path = typer.Argument(..., metavar="FILE", help=english(define("help.audit.file",
                                                         "A game record (JSON) or a typed deal file."))),
    ruleset: str | None = ruleset_option(
        None, english(define("help.audit.ruleset",
                             "Check under this ruleset (default: the one embedded in the record)."))
    ),
    which: bool = typer.Option(
        False, "--which", help=english(define("help.audit.which",
                                              "List the bundled rulesets the game is consistent with."))
    ),
    as_json: bool = typer.Option(False, "--json", help=english(define("help.audit.json", "Print the report as JSON."))),
) -> None:
    with user_errors():
        if which:
            names = _consistent(file)
            if as_json:
                echo_json({"consistent_with": names})
            else:
                echo(msg(CONSISTENT, file=str(file), names=", ".join(names)) if names
                     else msg(NO_BUNDLED, file=str(file)))
            ok = bool(names)
        else:
            report = audit_record(load_game(file, ruleset), ruleset)
            _print_report(file, report, as_json)
            ok = report.ok
    if not ok:
        raise typer.Exit(1)


def _consistent(file: Path) -> list[str]:
    names = []
    for name in bundled_names():
        try:
            report = audit_record(load_game(file, name), name)
        except ManilleError:
            continue  # e.g. a typed call this ruleset does not have
        if report.ok:
            names.append(name)
    return names


def _print_report(file: Path, report: AuditReport, as_json: bool) -> None:
    if as_json:
        echo_json({"file": str(file), **report.to_dict()})
        return
    lang = language()
    for problem in report.problems:
        echo(problem.text(lang))
    cards = sum(len(t.plays) for w in report.walks for t in w.tricks)
    count = len(report.problems)
    verdict = msg(OK) if not count else msg(ONE_PROBLEM) if count == 1 else msg(PROBLEMS, count=count)
    deals = len(report.walks)
    checked = msg(ONE_DEAL, cards=cards) if deals == 1 else msg(DEALS_CARDS, deals=deals, cards=cards)
    echo(msg(CHECKED, file=str(file), deals=checked, ruleset=report.ruleset.name, verdict=verdict))

