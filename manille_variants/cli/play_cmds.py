"""Commands to play and keep score: play, scoresheet.

Thin typer commands: the sessions live in :mod:`manille_variants.table.terminal` and the score
sheet in :mod:`manille_variants.table.scoresheet`.
"""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext
from pathlib import Path

import typer
from rich.console import Console

from manille_variants.bots.registry import check_spec, with_think_ms
from manille_variants.cli.common import (
    EXISTS,
    documented,
    echo_json,
    english,
    fail,
    language,
    ruleset_option,
    say,
    user_errors,
)
from manille_variants.errors import ScoresheetError
from manille_variants.messages import define, msg
from manille_variants.ruleset.loader import load_ruleset
from manille_variants.ruleset.schema import Ruleset
from manille_variants.table.scoresheet import ScoreSheet, locked, open_sheet
from manille_variants.table.terminal import PlaySession, ScoresheetSession, show_sheet
from manille_variants.words import WordError, seat_number

NO_FOLDER = define("cli.play.no-folder", "{path}: the folder {folder} does not exist")
SAVED = define("cli.play.saved", "Record saved in {path}.")
AS_ALONE = define("cli.scoresheet.as-alone", "--as shows the sheet re-scored; it does not go with --add or --undo")
SEAT_ERROR = define("cli.play.seat", "--seat: {error}")
RESCORED = define("cli.scoresheet.rescored",
                  "The deals of {sheet}'s sheet re-scored under {ruleset} (the file is not changed).")
LEFT_OUT = define("cli.scoresheet.left-out",
                  "The match under {ruleset} was over after deal {deal}: {count} later deal(s) not scored.")
ADD_NUMBER = define("cli.scoresheet.add-number", "--add #{number} ({entry}): {error}")


@documented(define(
    "help.play",
    "Play a match in the terminal against three bots (the other seats' bots at another table).\n\n"
    "Type a card like 10h or qs when it is your turn, a choice when asked (look/blind, S H D C nt, "
    "pass or a call).\n\n"
    "'?' shows help; 'quit', end of input or Ctrl-C leaves (the record is kept).",
))
def play_command(
    ruleset: str = ruleset_option(
        ..., english(define("help.play.ruleset",
                            "The ruleset to play: a bundled name, alias or .yaml file.")),
    ),
    seed: int = typer.Option(0, "--seed", metavar="N", help=english(define("help.play.seed",
                                                           "Seed of the shuffles, the first dealer and the bots."))),
    seat: str = typer.Option("0", "--seat", metavar="SEAT",
                             help=english(define("help.play.seat",
                                                 "Your seat, 0-3 or N E S W (your partner sits opposite)."))),
    bots: str | None = typer.Option(
        None, "--bots", metavar="SPEC",
        help=english(define("help.play.bots",
                            "The bots at the table: one name for all, or 'A,B' per team ('heuristic', 'random', "
                            "'search': the strongest, a moment per card; options as search:think_ms=200). "
                            "Default: heuristic.")),
    ),
    think_ms: float | None = typer.Option(
        None, "--think-ms", metavar="T",
        help=english(define("help.play.think-ms",
                            "Give every bot with a time budget (search) T milliseconds a decision."))),
    record: Path | None = typer.Option(
        None, "--record", metavar="FILE",
        help=english(define("help.play.record",
                            "Write the game record (JSON) to this file, after every deal and when you leave."))
    ),
    force: bool = typer.Option(False, "--force", help=english(define("help.play.force",
                                                                     "Overwrite the --record file if it exists."))),
) -> None:
    with user_errors():
        rs = load_ruleset(ruleset)
        if record is not None and record.exists() and not force:
            raise fail(msg(EXISTS, path=str(record)))
        if record is not None and not record.parent.is_dir():
            raise fail(msg(NO_FOLDER, path=str(record), folder=str(record.parent)))
        spec = with_think_ms(bots or "heuristic", think_ms)
        check_spec(spec)
        session = PlaySession(rs, seed=seed, seat=_seat(seat), bots=spec, record=record, lang=language())
        status = session.run()
        if record is not None and record.exists():
            session.console.print(say(msg(SAVED, path=str(record))))
    if status:
        raise typer.Exit(status)


@documented(define(
    "help.scoresheet",
    "Keep the score of a real table under a ruleset.\n\n"
    "An entry is 'MODE POINTS TRICKS [CALLS]' (team A's card points and tricks) or 'thrown-in', e.g. "
    "'H 38 5'.\n\n"
    "With --add, --undo, --show or --json it runs once; otherwise it asks for one deal per line until"
    " the end.\n\n"
    "The file is saved after every deal; a refused entry changes nothing.",
))
def scoresheet_command(
    file: Path = typer.Option(
        ..., "--file", "-f", metavar="FILE",
        help=english(define("help.scoresheet.file",
                            "The score sheet file (JSON); created if missing (then -r is needed)."))
    ),
    ruleset: str | None = ruleset_option(
        None, english(define("help.scoresheet.ruleset",
                             "Ruleset of a new sheet (fixed once the file exists).")),
    ),
    add: list[str] | None = typer.Option(
        None, "--add", metavar="ENTRY",
        help=english(define("help.scoresheet.add",
            "Score a deal: 'MODE POINTS TRICKS [CALLS]' (team A's card points and tricks) or 'thrown-in'. "
                            "Repeat for several deals.")),
    ),
    undo: bool = typer.Option(False, "--undo", help=english(define("help.scoresheet.undo", "Remove the last deal."))),
    as_ruleset: str | None = typer.Option(
        None, "--as", metavar="RULESET",
        help=english(define("help.scoresheet.as",
                            "Show the sheet's deals re-scored under this ruleset (the file is not changed).")),
    ),
    show: bool = typer.Option(False, "--show", help=english(define("help.scoresheet.show",
                                                                   "Print the sheet and exit."))),
    as_json: bool = typer.Option(
        False, "--json", help=english(define("help.scoresheet.json",
                             "Print the state as JSON: team_a, team_b, pending_ties, deals, winner (and games)."))
    ),
) -> None:
    with user_errors():
        if as_ruleset is not None:
            if add or undo:
                raise fail(msg(AS_ALONE), 2)
            _show_rescored(ScoreSheet.load(file), load_ruleset(as_ruleset), as_json)
            return
        console = Console(highlight=False, soft_wrap=True)
        if add or undo or as_json or show:
            with _lock_if_folder(file):  # read, change and write as one step among writers
                sheet, is_new = open_sheet(file, ruleset)
                if add or undo:
                    _change(sheet, add or [], undo)
                if is_new or add or undo:
                    sheet.save(file)
        else:
            sheet, is_new = open_sheet(file, ruleset)
            if is_new:
                sheet.save(file)
        if as_json:
            echo_json(sheet.summary())
        elif add or undo or show:
            show_sheet(console, sheet, language())
        else:
            status = ScoresheetSession(sheet, file, console=console, lang=language()).run()
            if status:
                raise typer.Exit(status)


def _seat(text: str) -> int:
    try:
        return seat_number(text)
    except WordError as exc:
        raise fail(msg(SEAT_ERROR, error=exc.text(language())), 2) from None


def _show_rescored(sheet: ScoreSheet, ruleset: Ruleset, as_json: bool) -> None:
    other = sheet.rescored(ruleset)
    left_out = len(sheet.entries) - len(other.entries)
    if as_json:
        echo_json({**other.summary(), "rescored_from": sheet.ruleset.name, "left_out": left_out})
        return
    console = Console(highlight=False, soft_wrap=True)
    console.print(say(msg(RESCORED, sheet=sheet.ruleset.name, ruleset=ruleset.name)))
    show_sheet(console, other, language())
    if left_out:
        console.print(say(msg(LEFT_OUT, ruleset=ruleset.name, deal=len(other.entries), count=left_out)))


def _lock_if_folder(file: Path) -> AbstractContextManager[None]:
    # A missing folder is reported by open_sheet/save with the file's name, not the lock's.
    return locked(file) if file.parent.is_dir() else nullcontext()


def _change(sheet: ScoreSheet, entries: list[str], undo: bool) -> None:
    # All or nothing: the sheet in memory changes, the file only once every entry is accepted.
    if undo:
        sheet.undo()
    for number, entry in enumerate(entries, start=1):
        try:
            sheet.add(entry)
        except ScoresheetError as exc:
            if len(entries) > 1:
                error = exc.message or str(exc)
                raise ScoresheetError(msg(ADD_NUMBER, number=number, entry=repr(entry), error=error)) from None
            raise
