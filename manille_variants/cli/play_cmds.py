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
from manille_variants.cli.common import echo_json, fail, ruleset_option, user_errors
from manille_variants.errors import ScoresheetError
from manille_variants.ruleset.loader import load_ruleset
from manille_variants.ruleset.schema import Ruleset
from manille_variants.table.scoresheet import ScoreSheet, locked, open_sheet
from manille_variants.table.terminal import PlaySession, ScoresheetSession, show_sheet
from manille_variants.words import WordError, seat_number


def play_command(
    ruleset: str = ruleset_option(..., "The ruleset to play: a bundled name, alias or .yaml file."),
    seed: int = typer.Option(0, "--seed", metavar="N", help="Seed of the shuffles, the first dealer and the bots."),
    seat: str = typer.Option("0", "--seat", metavar="SEAT",
                             help="Your seat, 0-3 or N E S W (your partner sits opposite)."),
    bots: str | None = typer.Option(
        None, "--bots", metavar="SPEC",
        help="The bots at the table: one name for all, or 'A,B' per team ('heuristic', 'random', "
             "'search': the strongest, a moment per card; options as search:think_ms=200). "
             "Default: heuristic.",
    ),
    think_ms: float | None = typer.Option(
        None, "--think-ms", metavar="T",
        help="Give every bot with a time budget (search) T milliseconds a decision."),
    record: Path | None = typer.Option(
        None, "--record", metavar="FILE",
        help="Write the game record (JSON) to this file, after every deal and when you leave."
    ),
    force: bool = typer.Option(False, "--force", help="Overwrite the --record file if it exists."),
) -> None:
    """Play a match in the terminal against three bots (the other seats' bots at another table).

    Type a card like 10h or qs when it is your turn, a choice when asked (look/blind, S H D C nt, pass or a call).

    '?' shows help; 'quit', end of input or Ctrl-C leaves (the record is kept).
    """
    with user_errors():
        rs = load_ruleset(ruleset)
        if record is not None and record.exists() and not force:
            raise fail(f"{record} exists; use --force to overwrite it")
        if record is not None and not record.parent.is_dir():
            raise fail(f"{record}: the folder {record.parent} does not exist")
        spec = with_think_ms(bots or "heuristic", think_ms)
        check_spec(spec)
        session = PlaySession(rs, seed=seed, seat=_seat(seat), bots=spec, record=record)
        status = session.run()
        if record is not None and record.exists():
            session.console.print(f"Record saved in {record}.")
    if status:
        raise typer.Exit(status)


def scoresheet_command(
    file: Path = typer.Option(
        ..., "--file", "-f", metavar="FILE", help="The score sheet file (JSON); created if missing (then -r is needed)."
    ),
    ruleset: str | None = ruleset_option(None, "Ruleset of a new sheet (fixed once the file exists)."),
    add: list[str] | None = typer.Option(
        None, "--add", metavar="ENTRY",
        help="Score a deal: 'MODE POINTS TRICKS [CALLS]' (team A's card points and tricks) or 'thrown-in'. "
        "Repeat for several deals.",
    ),
    undo: bool = typer.Option(False, "--undo", help="Remove the last deal."),
    as_ruleset: str | None = typer.Option(
        None, "--as", metavar="RULESET",
        help="Show the sheet's deals re-scored under this ruleset (the file is not changed).",
    ),
    show: bool = typer.Option(False, "--show", help="Print the sheet and exit."),
    as_json: bool = typer.Option(
        False, "--json", help="Print the state as JSON: team_a, team_b, pending_ties, deals, winner (and games)."
    ),
) -> None:
    """Keep the score of a real table under a ruleset.

    An entry is 'MODE POINTS TRICKS [CALLS]' (team A's card points and tricks) or 'thrown-in', e.g. 'H 38 5'.

    With --add, --undo, --show or --json it runs once; otherwise it asks for one deal per line until the end.

    The file is saved after every deal; a refused entry changes nothing.
    """
    with user_errors():
        if as_ruleset is not None:
            if add or undo:
                raise fail("--as shows the sheet re-scored; it does not go with --add or --undo", 2)
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
            show_sheet(console, sheet)
        else:
            status = ScoresheetSession(sheet, file, console=console).run()
            if status:
                raise typer.Exit(status)


def _seat(text: str) -> int:
    try:
        return seat_number(text)
    except WordError as exc:
        raise fail(f"--seat: {exc}", 2) from None


def _show_rescored(sheet: ScoreSheet, ruleset: Ruleset, as_json: bool) -> None:
    other = sheet.rescored(ruleset)
    left_out = len(sheet.entries) - len(other.entries)
    if as_json:
        echo_json({**other.summary(), "rescored_from": sheet.ruleset.name, "left_out": left_out})
        return
    console = Console(highlight=False, soft_wrap=True)
    console.print(f"The deals of {sheet.ruleset.name}'s sheet re-scored under {ruleset.name} "
                  "(the file is not changed).")
    show_sheet(console, other)
    if left_out:
        console.print(f"The match under {ruleset.name} was over after deal {len(other.entries)}: "
                      f"{left_out} later deal(s) not scored.")


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
                raise ScoresheetError(f"--add #{number} ({entry!r}): {exc}") from None
            raise
