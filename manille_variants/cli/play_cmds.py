"""Commands to play and keep score: play, scoresheet.

Thin typer commands: the sessions live in :mod:`manille_variants.table.terminal` and the score
sheet in :mod:`manille_variants.table.scoresheet`.
"""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext
from pathlib import Path

import typer
from rich.console import Console

from manille_variants.cli.common import echo_json, fail, user_errors
from manille_variants.errors import ScoresheetError
from manille_variants.ruleset.loader import load_ruleset
from manille_variants.table.scoresheet import ScoreSheet, locked, open_sheet
from manille_variants.table.terminal import PlaySession, ScoresheetSession, show_sheet


def play_command(
    ruleset: str = typer.Option(
        ..., "-r", "--ruleset", help="The ruleset to play: a bundled name, alias or .yaml file."
    ),
    seed: int = typer.Option(0, "--seed", help="Seed of the shuffles, the first dealer and the bots."),
    seat: int = typer.Option(0, "--seat", min=0, max=3, help="Your seat, 0-3 (your partner sits opposite)."),
    bots: str = typer.Option(
        "heuristic", "--bots",
        help="The bots at the table: one name for all, or 'A,B' per team ('heuristic', 'random').",
    ),
    record: Path | None = typer.Option(
        None, "--record", help="Write the game record (JSON) to this file, after every deal and when you leave."
    ),
    force: bool = typer.Option(False, "--force", help="Overwrite the --record file if it exists."),
) -> None:
    """Play a match in the terminal against three bots.

    Type a card like 10h or qs when it is your turn, a choice when asked (look/blind, S H D C nt, pass or a call).

    '?' shows help; 'quit', end of input or Ctrl-C leaves (the record is kept).
    """
    with user_errors():
        rs = load_ruleset(ruleset)
        if record is not None and record.exists() and not force:
            raise fail(f"{record} exists; use --force to overwrite it")
        if record is not None and not record.parent.is_dir():
            raise fail(f"{record}: the folder {record.parent} does not exist")
        session = PlaySession(rs, seed=seed, seat=seat, bots=bots, record=record)
        status = session.run()
        if record is not None and record.exists():
            session.console.print(f"Record saved in {record}.")
    if status:
        raise typer.Exit(status)


def scoresheet_command(
    file: Path = typer.Option(
        ..., "--file", "-f", help="The score sheet file (JSON); created if missing (then -r is needed)."
    ),
    ruleset: str | None = typer.Option(
        None, "-r", "--ruleset", help="Ruleset of a new sheet (fixed once the file exists)."
    ),
    add: list[str] | None = typer.Option(
        None, "--add", metavar="ENTRY",
        help="Score a deal: 'MODE POINTS TRICKS [CALLS]' (team A's card points and tricks) or 'thrown-in'. "
        "Repeat for several deals.",
    ),
    undo: bool = typer.Option(False, "--undo", help="Remove the last deal."),
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
