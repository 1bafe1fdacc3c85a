"""A table's score sheet in a terminal (``manille scoresheet``): entries typed one per line,
each accepted one saved at once (the file locked, so that others may write it too)."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console

from manille_variants.engine.scoring import score_lines
from manille_variants.errors import ManilleError, ScoresheetError
from manille_variants.messages import define, msg
from manille_variants.table.lines import EndOfInput, LineReader
from manille_variants.table.render import sheet_table
from manille_variants.table.scoresheet import ScoreSheet, locked

__all__ = ["ScoresheetSession", "show_sheet"]

ENTER = define("sheet.session.enter", "Enter each deal as MODE POINTS TRICKS [CALLS] (team A's card points "
               "and tricks), or thrown-in; 'undo', 'help', 'quit'.")
PROMPT = define("sheet.session.prompt", "deal {number} (team {team} deals) >")
INTERRUPTED = define("sheet.session.interrupted", "Interrupted.")
SAVED = define("sheet.session.saved", "Saved in {path}.")
REMOVED = define("sheet.session.removed", "Removed deal {number} ({entry}).")
REFUSED = define("sheet.session.refused", "Refused: {error}. Nothing changed.")
TITLE = define("sheet.session.title", "Score sheet · {ruleset} (match points; card points shown apart)")
HELP = define("sheet.session.help", """\
An entry is MODE POINTS TRICKS [CALLS]:
  MODE    S, H, D, C (the trump suit), no-trump (nt) or blind
  POINTS  card points taken by team A (the first dealer's team), whoever dealt
  TRICKS  tricks taken by team A
  CALLS   0, 1 or 2: none, the first call, the call and its reply
or 'thrown-in' for a deal thrown in.  Examples: 'H 38 5', 'nt 31 4 1', 'thrown-in'.
Commands: undo (remove the last deal), show, quit.""")


@dataclass
class ScoresheetSession:
    """Entries typed one per line; each accepted entry is saved at once."""

    sheet: ScoreSheet
    path: Path
    console: Console = field(default_factory=lambda: Console(highlight=False, soft_wrap=True))
    reader: LineReader | None = None
    on_save: Callable[[ScoreSheet, Path], None] | None = None
    lang: str = "en"

    def _print(self, code: str, **params: object) -> None:
        self.console.print(msg(code, **params).text(self.lang))

    def run(self) -> int:
        reader = self.reader or LineReader(self.console)
        self.show()
        self._print(ENTER)
        try:
            while not self.sheet.match.is_over:
                text = reader.ask(msg(PROMPT, number=len(self.sheet.entries) + 1,
                                      team="AB"[self.sheet.dealer_team]).text(self.lang))
                self._handle(text)
        except EndOfInput:
            pass
        except KeyboardInterrupt:
            self.console.print("\n" + msg(INTERRUPTED).text(self.lang))
            return 130
        self._print(SAVED, path=str(self.path))
        return 0

    def _handle(self, text: str) -> None:
        word = text.lower()
        if word in ("quit", "exit", "q"):
            raise EndOfInput
        if word in ("", "show", "sheet"):
            self.show()
            return
        if word in ("help", "?"):
            self._print(HELP)
            return
        with self._locked():  # others may write the file too: read it again, change, write
            self._reload()
            try:
                if word == "undo":
                    entry = self.sheet.undo()
                    self._print(REMOVED, number=len(self.sheet.entries) + 1, entry=entry.text)
                else:
                    self.sheet.add(text)
                    self._deal_lines()
            except ManilleError as exc:  # a ScoresheetError, or any refusal of the library
                self._print(REFUSED, error=exc.text(self.lang))
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
        for line in score_lines(score, ("A", "B")):
            self.console.print(line.text(self.lang))

    def save(self) -> None:
        (self.on_save or _save_sheet)(self.sheet, self.path)

    def show(self) -> None:
        show_sheet(self.console, self.sheet, self.lang)


def _save_sheet(sheet: ScoreSheet, path: Path) -> None:
    sheet.save(path)


def show_sheet(console: Console, sheet: ScoreSheet, lang: str = "en") -> None:
    """Print the running sheet and the one-line status, in ``lang``."""
    rs = sheet.ruleset
    console.print(sheet_table(sheet.rows(lang), sheet.table_labels(), title=msg(TITLE, ruleset=rs.name).text(lang),
                              games=rs.match.best_of > 1, lang=lang))
    console.print(sheet.status(lang))

