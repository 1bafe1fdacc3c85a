"""Search commands: advise (the dealer's choices for a hand) and analyze (played deals
against double-dummy play).

Thin typer commands: the work lives in :mod:`manille_variants.search`.
"""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from manille_variants.bots.registry import search_model
from manille_variants.cards import parse_cards
from manille_variants.cli.common import documented, echo, echo_json, english, fail, ruleset_option, say, user_errors
from manille_variants.messages import Message, define, msg
from manille_variants.records.textdeal import load_game
from manille_variants.ruleset.loader import load_ruleset

SCORE_ERROR = define("cli.advise.score", "--score: {error}")
CHOICES = define("cli.advise.title", "dealer's choices ({worlds} worlds each, net match points)")
CHOICE = define("cli.advise.choice", "choice")
MEAN = define("cli.advise.mean", "mean")
INTERVAL = define("cli.advise.interval", "interval (95%)")
BEST = define("cli.advise.best", "{choice} (best)")
NOT_SEARCHED = define("cli.advise.not-searched", "not searched (far below the best by the decision table): {choices}")
NOT_OFFERED = define("cli.advise.not-offered",
                     "not offered for a hand already seen: {choices} (--unseen if the dealer has not looked)")
DEAL_HEAD = define("cli.analyze.deal", "deal {index} (dealer seat {dealer}): {what}")
NO_CARD = define("cli.analyze.no-card", "no card played")
NOT_FINISHED = define("cli.analyze.not-finished", "not finished")
DOUBLE_DUMMY = define("cli.analyze.double-dummy", "double-dummy {value} for team A, reached {reached}")
MISTAKE = define("cli.analyze.mistake", "  trick {trick}: seat {seat} played {card}, cost {cost}")
SEAT_TOTAL = define("cli.analyze.seat-total", "seat {seat}: {value}")
GIVEN_AWAY = define("cli.analyze.given-away", "points given away against double-dummy play: {totals}")


def _score(text: str) -> tuple[int, int]:
    from manille_variants.search.advise import parse_score

    try:
        return parse_score(text)
    except ValueError as exc:
        said = exc.args[0] if exc.args and isinstance(exc.args[0], Message) else str(exc)
        raise fail(msg(SCORE_ERROR, error=said), 2) from None


@documented(define(
    "help.advise",
    "Rank the dealer's choices for a hand by expected match points, with 95% intervals.\n\n"
    "Each trump, no-trump, delegation and, for a hand not yet seen (--unseen), blind no-trump where "
    "the ruleset allows them is played out double-dummy in sampled worlds and scored under the "
    "ruleset (net: the dealer's side's match points minus the opponents').  A ruleset that takes "
    "trump from the turned card leaves the dealer no choice: the command says so and exits 1.",
))
def advise_command(
    ruleset: str = ruleset_option(),
    hand: str = typer.Option(..., "--hand", metavar="CARDS",
                             help=english(define("help.advise.hand",
                                                 'The dealer\'s 8 cards, e.g. "10H AH KH 7S 9S QD JC 8C".'))),
    score: str = typer.Option("0-0", "--score", metavar="SCORE",
                              help=english(define("help.advise.score",
                                  "Match points in the current game as A-B, the dealer's side first."))),
    pending_ties: int = typer.Option(0, "--pending-ties", metavar="N", min=0,
                                     help=english(define("help.advise.pending-ties",
                                                         "Tied deals in a row just before this one."))),
    samples: int = typer.Option(24, "--samples", metavar="N", min=2,
                                help=english(define("help.advise.samples",
                                                    "Worlds sampled per choice (more: narrower intervals, slower)."))),
    seed: int = typer.Option(1, "--seed", metavar="S", help=english(define("help.advise.seed",
                                                                           "Seed of the sampled worlds."))),
    unseen: bool = typer.Option(False, "--unseen",
                                help=english(define("help.advise.unseen",
                                    "The dealer has not looked at the hand yet: blind no-trump is a choice "
                                                    "(valued on these cards, as had you not looked)."))),
    as_json: bool = typer.Option(False, "--json", help=english(define("help.advise.json",
                                                                      "Print the choices as JSON."))),
) -> None:
    from manille_variants.search.advise import advise

    with user_errors():
        points = _score(score)
        rs = load_ruleset(ruleset)
        advice = advise(rs, parse_cards(hand), score=points, pending_ties=pending_ties, samples=samples, seed=seed,
                        model=search_model, unseen=unseen)
        if as_json:
            echo_json(advice.to_dict())
            return
        table = Table(title=say(msg(CHOICES, worlds=advice.samples)))
        for column in (CHOICE, MEAN, INTERVAL):
            table.add_column(say(msg(column)), justify="left" if column == CHOICE else "right")
        for c in advice.choices:
            choice = say(msg(BEST, choice=c.action)) if c.action == advice.best else c.action
            table.add_row(choice, f"{c.mean:+.1f}", f"{c.low:+.1f} .. {c.high:+.1f}")
        Console(highlight=False).print(table)
        if advice.not_searched:
            echo(msg(NOT_SEARCHED, choices=", ".join(advice.not_searched)))
        if advice.not_offered:
            echo(msg(NOT_OFFERED, choices=", ".join(advice.not_offered)))


@documented(define(
    "help.analyze",
    "Compare each played deal with double-dummy play: the value at the first lead, the value reached,"
    " and every card that cost points (who, which trick, how many).",
))
def analyze_command(
    file: Path = typer.Argument(..., metavar="RECORD", help=english(define("help.analyze.file",
                                                           "A game record (JSON) or a typed deal file."))),
    ruleset: str | None = ruleset_option(
        None, english(define("help.analyze.ruleset",
                             "Analyse under this ruleset instead of the record's own.")),
    ),
    as_json: bool = typer.Option(False, "--json", help=english(define("help.analyze.json",
                                                                      "Print the analysis as JSON."))),
) -> None:
    from manille_variants.search.analyze import analyze_record

    with user_errors():
        record = load_game(file, ruleset)
        analysis = analyze_record(record, load_ruleset(ruleset) if ruleset else None)
        if as_json:
            echo_json({"file": str(file), **analysis.to_dict()})
            return
        for deal in analysis.deals:
            if deal.double_dummy is None:
                echo(msg(DEAL_HEAD, index=deal.index, dealer=deal.dealer, what=msg(NO_CARD)))
                continue
            reached = msg(NOT_FINISHED) if deal.reached is None else str(deal.reached)
            what = msg(DOUBLE_DUMMY, value=deal.double_dummy, reached=reached)
            echo(msg(DEAL_HEAD, index=deal.index, dealer=deal.dealer, what=what))
            for m in deal.mistakes:
                echo(msg(MISTAKE, trick=m.trick, seat=m.seat, card=str(m.card), cost=m.cost))
        totals = ", ".join(say(msg(SEAT_TOTAL, seat=s, value=v)) for s, v in analysis.seat_totals().items())
        echo(msg(GIVEN_AWAY, totals=totals))
