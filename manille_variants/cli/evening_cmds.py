"""The club evening command: evening.

A thin typer command: the draw and the standings live in :mod:`manille_variants.table.evening`.
"""

from __future__ import annotations

import typer

from manille_variants.cli.common import documented, echo_json, english, fail, say, user_errors
from manille_variants.messages import define, msg
from manille_variants.table.evening import Schedule, draw_schedule, player_names

NAMES_OR_COUNT = define("cli.evening.names-or-count", "give the players' names or --players N, not both")
ROUND = define("cli.evening.round", "Round {number}")
TABLE = define("cli.evening.table", "  table {number}: {teams}")
SITTING_OUT = define("cli.evening.sitting-out", "  sitting out: {players}")
PARTNERS = define("cli.evening.partners", "Every pair partners {low} to {high} times.")


@documented(define(
    "help.evening",
    "Draw the seating of a club evening: partners rotate round after round.\n\n"
    "Every pair of players partners at most once more than any other pair, and when the players do "
    "not fill the tables, those who sit out take turns.",
))
def evening_command(
    names: list[str] = typer.Argument(None, metavar="PLAYER...", show_default=False,
                                      help=english(define("help.evening.names",
                                                          "The players' names (or give --players N)."))),
    players: int | None = typer.Option(None, "--players", metavar="N",
                                       help=english(define("help.evening.players",
                                                           "Number of players, named P1, P2 ... (instead of names)."))),
    rounds: int = typer.Option(3, "--rounds", metavar="R", help=english(define("help.evening.rounds",
                                                                               "Number of rounds."))),
    seed: int = typer.Option(0, "--seed", metavar="S", help=english(define("help.evening.seed",
                                                           "Seed of the draw: the same seed draws the same evening."))),
    seats: int = typer.Option(4, "--seats", metavar="N", help=english(define("help.evening.seats",
                                                             "Players at a table (two teams of partners)."))),
    as_json: bool = typer.Option(False, "--json", help=english(define("help.evening.json",
                                                                      "Print the schedule as JSON."))),
) -> None:
    with user_errors():
        if names and players is not None:
            raise fail(msg(NAMES_OR_COUNT), 2)
        everyone = list(names) if names else player_names(players if players is not None else 0)
        schedule = draw_schedule(everyone, rounds, seed, seats)
        if as_json:
            echo_json(schedule_json(schedule))
            return
        for line in schedule_lines(schedule):
            typer.echo(line)


def schedule_json(schedule: Schedule) -> dict[str, object]:
    """The schedule's JSON, with how often the pairs partnered and the players sat out."""
    partners = schedule.partner_counts().values()
    out = schedule.sit_out_counts().values()
    return {**schedule.to_json(), "partnered": {"min": min(partners), "max": max(partners)},
            "sat_out": {"min": min(out), "max": max(out)}}


def schedule_lines(schedule: Schedule, lang: str | None = None) -> list[str]:
    """The schedule as the terminal prints it, in ``lang`` (None: the CLI's language)."""
    def words(code: str, **params: object) -> str:
        return msg(code, **params).text(lang) if lang else say(msg(code, **params))

    lines = []
    for rnd in schedule.rounds:
        lines.append(words(ROUND, number=rnd.number))
        for table in rnd.tables:
            lines.append(words(TABLE, number=table.number,
                               teams="  v  ".join(" & ".join(team) for team in table.teams)))
        if rnd.sitting_out:
            lines.append(words(SITTING_OUT, players=", ".join(rnd.sitting_out)))
    partners = schedule.partner_counts().values()
    lines.append(words(PARTNERS, low=min(partners), high=max(partners)))
    return lines
