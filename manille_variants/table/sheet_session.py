"""A table's score sheet in a terminal (``manille scoresheet``): entries typed one per line,
each accepted one saved at once (the file locked, so that others may write it too)."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console

from manille_variants.engine.scoring import score_sentences
from manille_variants.errors import ManilleError, ScoresheetError
from manille_variants.table.lines import EndOfInput, LineReader
from manille_variants.table.render import sheet_table
from manille_variants.table.scoresheet import ScoreSheet, locked

__all__ = ["ScoresheetSession", "show_sheet"]


@dataclass
class ScoresheetSession:
    """Entries typed one per line; each accepted entry is saved at once."""

    sheet: ScoreSheet
    path: Path
    console: Console = field(default_factory=lambda: Console(highlight=False, soft_wrap=True))
    reader: LineReader | None = None
    on_save: Callable[[ScoreSheet, Path], None] | None = None

    def run(self) -> int:
        reader = self.reader or LineReader(self.console)
        self.show()
        self.console.print("Enter each deal as MODE POINTS TRICKS [CALLS] (team A's card points "
                           "and tricks), or thrown-in; 'undo', 'help', 'quit'.")
        try:
            while not self.sheet.match.is_over:
                text = reader.ask(f"deal {len(self.sheet.entries) + 1} (team "
                                  f"{'AB'[self.sheet.dealer_team]} deals) >")
                self._handle(text)
        except EndOfInput:
            pass
        except KeyboardInterrupt:
            self.console.print("\nInterrupted.")
            return 130
        self.console.print(f"Saved in {self.path}.")
        return 0

    def _handle(self, text: str) -> None:
        word = text.lower()
        if word in ("quit", "exit", "q"):
            raise EndOfInput
        if word in ("", "show", "sheet"):
            self.show()
            return
        if word in ("help", "?"):
            self.console.print(_SHEET_HELP)
            return
        with self._locked():  # others may write the file too: read it again, change, write
            self._reload()
            try:
                if word == "undo":
                    entry = self.sheet.undo()
                    self.console.print(f"Removed deal {len(self.sheet.entries) + 1} ({entry.text}).")
                else:
                    self.sheet.add(text)
                    self._deal_lines()
            except ScoresheetError as exc:
                self.console.print(f"Refused: {exc}. Nothing changed.")
                return
            except ManilleError as exc:  # pragma: no cover - defensive
                self.console.print(f"Refused: {exc}. Nothing changed.")
                return
            self.save()
        self.show()

    def _locked(self) -> AbstractContextManager[None]:
        if self.on_save is not None or not self.path.parent.is_dir():
            return nullcontext()
        return locked(self.path)

    def _reload(self) -> None:
        """Take in the deals another writer saved meanwhile (same file, same ruleset)."""
        if self.on_save is not None or not self.path.exists():
            return
        try:
            fresh = ScoreSheet.load(self.path)
        except ScoresheetError:
            return
        if fresh.ruleset.content_hash() == self.sheet.ruleset.content_hash():
            self.sheet = fresh

    def _deal_lines(self) -> None:
        score = self.sheet.scores[-1]
        outcome = self.sheet.outcomes[-1]
        if outcome.dealer & 1:
            score = score.swapped()
        for line in score_sentences(score, ("A", "B")):
            self.console.print(line)

    def save(self) -> None:
        (self.on_save or _save_sheet)(self.sheet, self.path)

    def show(self) -> None:
        show_sheet(self.console, self.sheet)


def _save_sheet(sheet: ScoreSheet, path: Path) -> None:
    sheet.save(path)


def show_sheet(console: Console, sheet: ScoreSheet) -> None:
    """Print the running sheet and the one-line status."""
    rs = sheet.ruleset
    console.print(sheet_table(sheet.rows(), sheet.table_labels(), title=f"Score sheet · {rs.name} "
                              f"(match points; card points shown apart)",
                              games=rs.match.best_of > 1))
    console.print(sheet.status())


_SHEET_HELP = """\
An entry is MODE POINTS TRICKS [CALLS]:
  MODE    S, H, D, C (the trump suit), no-trump (nt) or blind
  POINTS  card points taken by team A (the first dealer's team), whoever dealt
  TRICKS  tricks taken by team A
  CALLS   0, 1 or 2: none, the first call, the call and its reply
or 'thrown-in' for a deal thrown in.  Examples: 'H 38 5', 'nt 31 4 1', 'thrown-in'.
Commands: undo (remove the last deal), show, quit."""

