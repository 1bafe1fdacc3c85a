"""A score keeper for a physical table: deals entered by hand, scored under one ruleset.

An entry is ``MODE POINTS TRICKS [CALLS]`` or ``thrown-in``: MODE is a trump suit (``S H D
C``), ``no-trump`` or ``blind``; POINTS and TRICKS are the card points and tricks of team A,
the first dealer's team (whoever deals); CALLS is how many rungs of the call ladder were made
(0, 1 or 2, as in ``manille score``).  With a last-trick bonus in the ruleset, add ``last:A``
or ``last:B``; under a ruleset that takes trump from the turned card, add ``turned:CARD``
(e.g. ``turned:10H``) for its bonus.

The sheet file keeps the ruleset (fixed when the file is created) and the entries; the scores
are always recomputed from them, so the file can never disagree with itself.

>>> sheet = ScoreSheet.new(load_ruleset("table-convention"))
>>> row = sheet.add("no-trump 38 5")
>>> sheet.summary()["team_a"], sheet.summary()["team_b"]
(16, 0)
>>> row = sheet.add("H 30 4")
>>> sheet.summary()["pending_ties"]
1
"""

from __future__ import annotations

import contextlib
import dataclasses
import fcntl
import json
import os
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from manille_variants.cards import Card, Suit, parse_card
from manille_variants.engine.match import DealOutcome, Match
from manille_variants.engine.rules import Rules
from manille_variants.engine.scoring import (
    DealScore,
    ScoreInputError,
    pending_note_message,
    pending_short_message,
    score_deal,
)
from manille_variants.errors import CardError, ManilleError, RecordError, ScoresheetError, SheetMissingError
from manille_variants.messages import Message, define, msg
from manille_variants.records.format import parse_json
from manille_variants.ruleset.loader import load_ruleset
from manille_variants.ruleset.schema import Ruleset
from manille_variants.table.render import SheetRow
from manille_variants.words import (
    TEAM_LABELS,
    THROWN_IN_WORDS,
    WordError,
    contract_text,
    normal_word,
    parse_contract,
    parse_team,
)

__all__ = [
    "FORMAT", "VERSION", "Entry", "ScoreSheet", "entry_fields", "entry_for", "locked", "open_sheet", "parse_entry",
]

# The sheet's lines and status in words.
GAME_TO = define("sheet.row.game-to", "game {game} to {winner}")
TURNED_BONUS = define("sheet.row.turned-bonus", "turned {card} +{bonus} {team}")
TURNED_NO_BONUS = define("sheet.row.turned-no-bonus", "turned {card} no bonus")
SEAT_COLUMN = define("sheet.seat", "seat {seat}")
TEAM = define("sheet.team", "team {team}")
WINS_MATCH = define("sheet.status.wins-match", "{winner} wins the match")
WINS_MATCH_GAMES = define("sheet.status.wins-match-games", "{winner} wins the match ({games} in games)")
WINS_GAME = define("sheet.status.wins-game", "{winner} wins game {game}; ")
STANDING = define("sheet.status.standing", "{label} {score}")
STATUS = define("sheet.status.game", "{won}game {game}: {standing} (target {target}); {dealer} deals next")
STATUS_NOTE = define("sheet.status.note", "{status}; {note}")

FORMAT = "manille-scoresheet"
VERSION = 1
TEAMS = TEAM_LABELS


@dataclass(frozen=True)
class Entry:
    """One deal as entered: contract, and team A's card points and tricks."""

    mode: str  # "trump", "no-trump", "blind" or "thrown-in"
    trump: Suit | None = None
    points: int = 0
    tricks: int = 0
    calls: int = 0
    last: str | None = None  # "A" or "B": who took the last trick (last-trick bonus only)
    turned: Card | None = None  # the card turned up for trump (rulesets that turn one)

    @property
    def text(self) -> str:
        """The entry in its normal form, as stored in the sheet file."""
        if self.mode == "thrown-in":
            return "thrown-in"
        head = self.trump.name if self.mode == "trump" and self.trump is not None else self.mode
        text = f"{head} {self.points} {self.tricks}"
        if self.calls:
            text += f" {self.calls}"
        if self.last:
            text += f" last:{self.last}"
        if self.turned is not None:
            text += f" turned:{self.turned}"
        return text


EMPTY = define("sheet.empty-entry", "empty entry (expected MODE POINTS TRICKS [CALLS], or thrown-in)")
THROWN_FIGURES = define("sheet.thrown-in-figures", "a thrown-in deal takes no figures (got {text})")
SHAPE = define("sheet.entry-shape", "expected MODE POINTS TRICKS [CALLS], e.g. 'H 38 5' or 'no-trump 31 4 1' "
               "(got {text})")
SIDE = define("sheet.side", "side must be A or B (got {side})")
POINTS = define("sheet.points-range", "POINTS must be between 0 and {total} (got {points})")
TRICKS = define("sheet.tricks-range", "TRICKS must be between 0 and {most} (got {tricks})")
TURNED = define("sheet.turned", "turned: {error}")
MODE = define("sheet.mode", "MODE must be S, H, D, C, no-trump or blind (got {word}); or the entry 'thrown-in'")
LAST = define("sheet.last", "last: must be last:A or last:B (got {word})")
NUMBER = define("sheet.number", "{name} must be a whole number (got {word})")
ENTRY = define("sheet.entry", "entry {number} ({entry}): {error}")
ENTRY_UNDER = define("sheet.entry-under", "entry {number} ({entry}) under {ruleset}: {error}")
OVER = define("sheet.match-over", "the match is over: team {team} won it")
OVER_PLAYER = define("sheet.match-over-player", "the match is over: {player} won it")
NO_THROW_IN = define("sheet.no-throw-in", "{ruleset} never throws a deal in (an early look does not void the deal)")
NOTHING_TO_UNDO = define("sheet.nothing-to-undo", "nothing to undo: the sheet is empty")
NO_TRICK = define("sheet.no-trick-no-points", "team A took no trick, so it cannot hold card points (got {points})")
ALL_TRICKS = define("sheet.all-tricks-all-points", "team A took all {tricks} tricks, so it holds all {total} card "
                    "points (got {points})")


def _why(exc: ManilleError) -> Message | str:
    """An error's coded message (its text when it has none), to nest in another."""
    return exc.message or str(exc)


def parse_entry(text: str) -> Entry:
    """Parse ``MODE POINTS TRICKS [CALLS] [last:A|B] [turned:CARD]`` or ``thrown-in``."""
    words = text.split()
    if not words:
        raise ScoresheetError(msg(EMPTY))
    if normal_word(words[0]) in THROWN_IN_WORDS:
        if len(words) > 1:
            raise ScoresheetError(msg(THROWN_FIGURES, text=repr(text)))
        return Entry("thrown-in")
    mode, trump = _mode(words[0])
    last = _last(words)
    turned = _turned(words)
    numbers = [w for w in words[1:] if not w.lower().startswith(("last:", "turned:"))]
    if len(numbers) not in (2, 3):
        raise ScoresheetError(msg(SHAPE, text=repr(text)))
    values = [_number(w, name) for w, name in zip(numbers, ("POINTS", "TRICKS", "CALLS"), strict=False)]
    calls = values[2] if len(values) == 3 else 0
    return Entry(mode, trump, values[0], values[1], calls, last, turned)


def entry_for(rules: Rules, mode: str, side: str, points: int, tricks: int, calls: int = 0,
              last: str | None = None, turned: str | None = None) -> Entry:
    """The entry of a deal given by the figures of ``side`` (``A`` or ``B``): a form's fields,
    written as team A's (``mode`` is an entry's first word: a suit, no-trump, blind or thrown-in)."""
    if normal_word(mode) in THROWN_IN_WORDS:
        return Entry("thrown-in")
    if side not in ("A", "B"):
        raise ScoresheetError(msg(SIDE, side=repr(side)))
    total = rules.card_total
    if not 0 <= points <= total:
        raise ScoresheetError(msg(POINTS, total=total, points=points))
    every = rules.tricks_per_deal
    if not 0 <= tricks <= every:
        raise ScoresheetError(msg(TRICKS, most=every, tricks=tricks))
    if side == "B":
        points, tricks = total - points, every - tricks
    words = [mode, str(points), str(tricks), *([str(calls)] if calls else []), *([f"last:{last}"] if last else []),
             *([f"turned:{turned}"] if turned else [])]
    return parse_entry(" ".join(words))


def entry_fields(entry: Entry) -> dict[str, Any]:
    """The entry as a form's fields: ``{mode, points, tricks, calls, last, turned}`` (team A's figures)."""
    head = entry.text.split()[0]
    return {"mode": head, "points": entry.points, "tricks": entry.tricks, "calls": entry.calls,
            "last": entry.last, "turned": str(entry.turned) if entry.turned is not None else None}


def _turned(words: list[str]) -> Card | None:
    tags = [w for w in words[1:] if w.lower().startswith("turned:")]
    if not tags:
        return None
    try:
        return parse_card(tags[-1][7:])
    except CardError as exc:
        raise ScoresheetError(msg(TURNED, error=_why(exc))) from None


def _mode(word: str) -> tuple[str, Suit | None]:
    try:
        contract = parse_contract(word)
    except WordError:
        raise ScoresheetError(msg(MODE, word=repr(word))) from None
    return contract.mode, contract.trump


def _last(words: list[str]) -> str | None:
    tags = [w for w in words[1:] if w.lower().startswith("last:")]
    if not tags:
        return None
    try:
        return parse_team(tags[-1][5:])
    except WordError:
        raise ScoresheetError(msg(LAST, word=repr(tags[-1]))) from None


def _number(word: str, name: str) -> int:
    if not word.isdigit():
        raise ScoresheetError(msg(NUMBER, name=name, word=repr(word)))
    return int(word)


@dataclass
class ScoreSheet:
    """The running sheet: the ruleset, the entries and the match they make.

    Team A sits in seats 0 and 2 and deals first; the deal passes in the ruleset's direction,
    so the dealing side alternates A, B, A, B ...
    """

    ruleset: Ruleset
    entries: list[Entry] = field(default_factory=list)
    match: Match = field(init=False)
    scores: list[DealScore] = field(init=False, default_factory=list)
    outcomes: list[DealOutcome] = field(init=False, default_factory=list)

    def __post_init__(self) -> None:
        entries, self.entries = self.entries, []
        self.match = Match(self.ruleset, 0, first_dealer=0)
        _check_table(self.match.rules)
        for number, entry in enumerate(entries, start=1):
            try:
                self._add(entry)
            except ScoresheetError as exc:
                raise ScoresheetError(msg(ENTRY, number=number, entry=entry.text, error=_why(exc))) from None

    @classmethod
    def new(cls, ruleset: Ruleset) -> ScoreSheet:
        return cls(ruleset)

    @property
    def rules(self) -> Rules:
        return self.match.rules

    @property
    def dealer_team(self) -> int:
        """The team that deals next: 0 for A, 1 for B (the teams of alternate seats); at a
        dealer-alone table 0, the dealer's side, whose figures every entry gives."""
        return 0 if self.per_player else self.match.dealer & 1

    @property
    def per_player(self) -> bool:
        """Whether the sheet keeps a score per player (the dealer alone against the others)."""
        return self.match.rules.temporary_teams

    def labels(self) -> tuple[str, ...]:
        """The sheet's score columns: A and B, or every seat where each player keeps a score."""
        return tuple(f"seat {s}" for s in range(self.rules.seats)) if self.per_player else TEAMS

    def table_labels(self) -> tuple[str, ...]:
        """The score columns as a printed sheet heads them: A and B, or P0, P1 ... (a player each)."""
        return tuple(f"P{s}" for s in range(self.rules.seats)) if self.per_player else TEAMS

    def _side(self, column: int) -> str:
        """A score column's name: a team (A, B) or a seat (``seat 2``)."""
        return self.labels()[column]

    def add(self, text: str | Entry) -> SheetRow:
        """Score one more deal; a bad entry raises ScoresheetError and changes nothing."""
        entry = parse_entry(text) if isinstance(text, str) else text
        self._add(entry)
        return self.rows()[-1]

    def _add(self, entry: Entry) -> None:
        if self.match.is_over:
            if self.per_player:
                raise ScoresheetError(msg(OVER_PLAYER, player=self._side(self.match.winner or 0)))
            raise ScoresheetError(msg(OVER, team=TEAMS[self.match.winner or 0]))
        score = self._score(entry)
        self.outcomes.append(self.match.add(score))
        self.scores.append(score)
        self.entries.append(entry)

    def _score(self, entry: Entry) -> DealScore:
        rules = self.rules
        if entry.mode == "thrown-in":
            if not rules.early_look_throws_in:
                raise ScoresheetError(msg(NO_THROW_IN, ruleset=rules.ruleset.name))
            return DealScore.thrown(rules, self.match.pending_ties)
        _check_figures(rules, entry)
        dealer_is_a = self.dealer_team == 0
        points = entry.points if dealer_is_a else rules.card_total - entry.points
        tricks = entry.tricks if dealer_is_a else rules.tricks_per_deal - entry.tricks
        last = None if entry.last is None else ("A" if (entry.last == "A") == dealer_is_a else "B")
        try:
            return score_deal(rules, points, tricks, entry.mode, entry.calls, self.match.pending_ties,
                              last_trick=last,  # type: ignore[arg-type]
                              trump=entry.trump.name if entry.trump is not None else None,
                              turned=entry.turned)
        except ScoreInputError as exc:
            raise ScoresheetError(_why(exc)) from None

    def undo(self) -> Entry:
        """Remove the last entry; returns it."""
        if not self.entries:
            raise ScoresheetError(msg(NOTHING_TO_UNDO))
        entries = self.entries[:-1]
        last = self.entries[-1]
        fresh = ScoreSheet(self.ruleset, entries)
        self.match, self.scores, self.outcomes, self.entries = (
            fresh.match, fresh.scores, fresh.outcomes, fresh.entries)
        return last

    def rescored(self, ruleset: Ruleset) -> ScoreSheet:
        """The same entries scored under another ruleset, up to the end of its match (a match
        with a lower target may be over sooner); an entry that ruleset refuses is an error."""
        sheet = ScoreSheet(ruleset)
        for number, entry in enumerate(self.entries, start=1):
            if sheet.match.is_over:
                break
            if entry.turned is not None and ruleset.trump.turned_card is None:
                entry = dataclasses.replace(entry, turned=None)  # no card is turned under it
            try:
                sheet._add(entry)
            except ScoresheetError as exc:
                raise ScoresheetError(msg(ENTRY_UNDER, number=number, entry=entry.text, ruleset=ruleset.name,
                                          error=_why(exc))) from None
        return sheet

    # ------------------------------------------------------------- reading
    def rows(self, lang: str = "en") -> list[SheetRow]:
        """The sheet's lines, in the A / B orientation (per player: the dealer's card points
        first, each seat's match points); the contracts and notes in ``lang``."""
        rows = []
        for i, (entry, score, outcome) in enumerate(zip(self.entries, self.scores, self.outcomes,
                                                        strict=True)):
            dealer = 0 if self.per_player else outcome.dealer & 1
            card = None if score.thrown_in else _oriented(score.card_points, dealer)
            won = outcome.game_winner
            game = "" if won is None else msg(GAME_TO, game=outcome.game + 1,
                                              winner=self.table_labels()[won]).text(lang)
            pending = pending_short_message(self.rules, outcome.pending_after)
            notes = [n for n in (_turned_note(score, dealer, lang), game,
                                 pending.text(lang) if pending is not None else "") if n]
            rows.append(SheetRow(
                number=i + 1, game=outcome.game,
                dealer=f"P{outcome.dealer}" if self.per_player else TEAMS[dealer],
                contract=contract_text(score.mode, entry.trump, _call_names(self.rules, score.calls), short=True,
                                       lang=lang),
                card_points=card, points=outcome.player_points if self.per_player else outcome.team_points,
                totals=outcome.scores_after, pending=outcome.pending_after, note="; ".join(notes),
            ))
        return rows

    def _winner_words(self, lang: str = "en") -> str:
        winner = self.match.winner or 0
        return self._side_words(winner, lang) if self.per_player else msg(TEAM, team=TEAMS[winner]).text(lang)

    def _side_words(self, column: int, lang: str) -> str:
        """:meth:`_side` in ``lang``."""
        return msg(SEAT_COLUMN, seat=column).text(lang) if self.per_player else TEAMS[column]

    def _next_dealer(self) -> str:
        return f"seat {self.match.dealer}" if self.per_player else TEAMS[self.dealer_team]

    def summary(self) -> dict[str, Any]:
        """The state of the sheet as the ``--json`` output: match points, pending ties, deals,
        winner (and games won in a best-of-N match)."""
        m = self.match
        data: dict[str, Any] = {"ruleset": self.ruleset.name}
        if self.per_player:  # a score per seat ("players"), no team keys
            data["players"] = list(m.scores)
        else:
            data.update(team_a=m.scores[0], team_b=m.scores[1])
        data.update({
            "pending_ties": m.pending_ties,
            "deals": len(self.entries),
            "winner": self._side(m.winner) if m.winner is not None else None,
            "target": self.ruleset.match.target,
            "next_dealer": None if m.is_over else self._next_dealer(),
        })
        if self.ruleset.match.best_of > 1:
            data["best_of"] = self.ruleset.match.best_of
            data["game"] = m.game + 1
            data["games"] = dict(zip(self.labels(), m.games, strict=True))
        if self.scores:
            data["last_deal"] = self._last_deal()
        return data

    def _last_deal(self) -> dict[str, Any]:
        outcome = self.outcomes[-1]
        gained = outcome.player_points if self.per_player else outcome.team_points
        return {
            "entry": self.entries[-1].text,
            "dealer": f"seat {outcome.dealer}" if self.per_player else TEAMS[outcome.dealer & 1],
            "match_points": dict(zip(self.labels(), gained, strict=True)),
            "factor": self.scores[-1].factor,
            "factors": [f.reason for f in self.scores[-1].factors],
            "tied": self.scores[-1].tied,
            "game_won_by": self._side(outcome.game_winner) if outcome.game_winner is not None else None,
        }

    def status(self, lang: str = "en") -> str:
        """One sentence: who leads, or who won the game or the match (in ``lang``)."""
        m = self.match
        if m.winner is not None:
            if self.ruleset.match.best_of > 1:
                games = "-".join(map(str, m.games))
                return msg(WINS_MATCH_GAMES, winner=self._winner_words(lang), games=games).text(lang)
            return msg(WINS_MATCH, winner=self._winner_words(lang)).text(lang)
        last = self.outcomes[-1] if self.outcomes else None
        won = ""
        if last is not None and last.game_winner is not None:
            won = msg(WINS_GAME, winner=self._named(last.game_winner, lang), game=last.game + 1).text(lang)
        labels = [self._side_words(c, lang) for c in range(len(m.scores))]
        standing = ", ".join(msg(STANDING, label=label, score=score).text(lang)
                             for label, score in zip(labels, m.scores, strict=True))
        dealer = self._named(self.match.dealer if self.per_player else self.dealer_team, lang)
        text = msg(STATUS, won=won, game=m.game + 1, standing=standing, target=self.ruleset.match.target,
                   dealer=dealer).text(lang)
        note = pending_note_message(self.rules, m.pending_ties)
        return msg(STATUS_NOTE, status=text, note=note).text(lang) if note is not None else text

    def _named(self, column: int, lang: str) -> str:
        """A column in a sentence: ``team A`` or ``seat 2``."""
        return self._side_words(column, lang) if self.per_player else msg(TEAM, team=TEAMS[column]).text(lang)

    # ------------------------------------------------------------- files
    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "ruleset": {"name": self.ruleset.name, "hash": self.ruleset.content_hash(),
                        "content": self.ruleset.content_dump()},
            "entries": [e.text for e in self.entries],
            "summary": self.summary(),
        }

    def save(self, path: str | Path) -> None:
        """Write the sheet atomically (a temporary file of its own renamed over the target)."""
        target = Path(path)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(json.dumps(self.to_json(), indent=2, ensure_ascii=False) + "\n")
            os.replace(tmp, target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise

    @classmethod
    def load(cls, path: str | Path) -> ScoreSheet:
        """Read a sheet file; any defect is a ScoresheetError naming the file and place."""
        return cls.from_json(_read_json(Path(path), str(path)), str(path))

    @classmethod
    def from_json(cls, data: Any, source: str = "<sheet>") -> ScoreSheet:
        """A sheet from the JSON of :meth:`to_json` (a file's parsed content)."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ScoresheetError(f"{source}: not a score sheet (expected format {FORMAT!r})")
        if data.get("version") != VERSION:
            raise ScoresheetError(f"{source}: version: this program reads version {VERSION} "
                                  f"(got {data.get('version')!r})")
        ruleset = _sheet_ruleset(data.get("ruleset"), source)
        entries = data.get("entries")
        if not isinstance(entries, list) or not all(isinstance(e, str) for e in entries):
            raise ScoresheetError(f"{source}: entries: expected a list of entry texts")
        parsed = []
        for i, text in enumerate(entries):
            try:
                parsed.append(parse_entry(text))
            except ScoresheetError as exc:
                raise ScoresheetError(f"{source}: entries[{i}]: {exc}") from None
        try:
            return cls(ruleset, parsed)
        except ScoresheetError as exc:
            raise ScoresheetError(f"{source}: {exc}") from None


@contextlib.contextmanager
def locked(path: str | Path) -> Iterator[None]:
    """Hold the sheet's lock (an exclusive ``fcntl`` lock on ``.NAME.lock`` beside it) for a
    read-modify-write, so that concurrent writers take turns and lose nothing."""
    target = Path(path)
    lock_path = target.with_name(f".{target.name}.lock")
    with open(lock_path, "a+b") as lock:
        fcntl.flock(lock.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock.fileno(), fcntl.LOCK_UN)


def _read_json(path: Path, source: str) -> Any:
    try:
        return parse_json(path.read_text(encoding="utf-8"), source)
    except RecordError as exc:
        raise ScoresheetError(str(exc).replace("record", "score sheet")) from None
    except UnicodeDecodeError:
        raise ScoresheetError(f"{source}: not a text file (expected a score sheet)") from None


def _sheet_ruleset(entry: Any, source: str) -> Ruleset:
    if not isinstance(entry, dict) or not isinstance(entry.get("content"), dict):
        raise ScoresheetError(f"{source}: ruleset: expected {{name, hash, content}}")
    try:
        ruleset = Ruleset.model_validate(entry["content"])
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise ScoresheetError(f"{source}: ruleset.content.{where}: {first['msg']}") from None
    if entry.get("hash") != ruleset.content_hash():
        raise ScoresheetError(f"{source}: ruleset: the hash does not match the content (the "
                              "ruleset was edited; it is fixed when the sheet is created)")
    return ruleset


def open_sheet(path: str | Path, ruleset: str | None) -> tuple[ScoreSheet, bool]:
    """The sheet in ``path``, or a new one under ``ruleset`` if the file does not exist.

    Returns the sheet and whether it is new.  A ruleset given for an existing sheet must be
    the sheet's own."""
    target = Path(path)
    if not target.exists():
        if ruleset is None:
            raise SheetMissingError(f"{target} does not exist")
        return ScoreSheet.new(load_ruleset(ruleset)), True
    sheet = ScoreSheet.load(target)
    if ruleset is not None:
        wanted = load_ruleset(ruleset)
        if wanted.content_hash() != sheet.ruleset.content_hash():
            raise ScoresheetError(
                f"{target} keeps score under {sheet.ruleset.name}; the ruleset is fixed when the "
                f"sheet is created (got {ruleset})"
            )
    return sheet, False


def _oriented(pair: tuple[int, int], dealer_team: int) -> tuple[int, int]:
    return (pair[0], pair[1]) if dealer_team == 0 else (pair[1], pair[0])


def _turned_note(score: DealScore, dealer_team: int, lang: str = "en") -> str:
    """The turned card's bonus, its own part of a sheet line."""
    if score.turned is None:
        return ""
    card = parse_card(score.turned).pretty
    if score.turned_bonus:
        return msg(TURNED_BONUS, card=card, bonus=score.turned_bonus, team=TEAMS[dealer_team]).text(lang)
    return msg(TURNED_NO_BONUS, card=card).text(lang)


def _call_names(rules: Rules, calls: int) -> tuple[str, ...]:
    # The highest rung says it all (Ik ga tegen implies Ik ga mee).
    return tuple(c.label or c.name for c in rules.calls[:calls][-1:])


def _check_table(rules: Rules) -> None:
    """The sheet keeps two teams of alternate seats (A the even seats), which deal in turn, or
    a score per player where the dealer plays alone."""
    if rules.teams is not None and rules.teams != (tuple(range(0, rules.seats, 2)), tuple(range(1, rules.seats, 2))):
        raise ScoresheetError(f"{rules.ruleset.name}: the score sheet keeps two teams of alternate seats")


def _check_figures(rules: Rules, entry: Entry) -> None:
    """Team A's figures must be possible (checked here so messages speak of team A)."""
    total, every = rules.card_total, rules.tricks_per_deal
    if not 0 <= entry.points <= total:
        raise ScoresheetError(msg(POINTS, total=total, points=entry.points))
    if not 0 <= entry.tricks <= every:
        raise ScoresheetError(msg(TRICKS, most=every, tricks=entry.tricks))
    if rules.undealt_count:  # the undealt cards' points count for a side whatever its tricks
        return
    if entry.tricks == 0 and entry.points > 0:
        raise ScoresheetError(msg(NO_TRICK, points=entry.points))
    if entry.tricks == every and entry.points < total:
        raise ScoresheetError(msg(ALL_TRICKS, tricks=every, total=total, points=entry.points))

