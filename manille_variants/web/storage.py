"""The web app's data: one SQLite database in the data folder (score sheets, saved rulesets,
games against the bots).

Every write is one short transaction (``BEGIN IMMEDIATE`` in WAL mode), so several phones
and processes writing to one sheet take turns and nothing is lost.  Every change of a sheet is
kept in its history with who made it; a removed deal is only marked removed (by the change
that removed it), so a removal can be undone and no entry is ever lost.  A deal added with a
client-made id is added once, however often the request is retried.  The sheet's scores
are never stored: they are recomputed from its entries, from the first deal, on every read.
A game is stored as what replays it (ruleset, seed, seats, bots, actions), never as states.

The schema has a version; an older database is brought up to date by the migrations below,
each run once, in its own transaction with the version's change.

>>> import tempfile
>>> from manille_variants.ruleset.loader import load_ruleset
>>> store = Store(Path(tempfile.mkdtemp()))
>>> sheet = store.create_sheet(load_ruleset("table-convention"))
>>> store.add_deal(sheet.id, "no-trump 38 5", client_id="x1").summary()["team_a"]
16
>>> len(store.add_deal(sheet.id, "no-trump 38 5", client_id="x1").entries)
1
>>> removed = store.remove_deal(sheet.id, by="An")
>>> removed.entries, removed.changes[-1].action
([], 'remove')
>>> store.restore_deal(sheet.id, removed.changes[-1].id, by="Bo").entries
['no-trump 38 5']
"""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from manille_variants.errors import ManilleError, ScoresheetError
from manille_variants.messages import define, msg
from manille_variants.ruleset.schema import Ruleset
from manille_variants.table.scoresheet import ScoreSheet, parse_entry

__all__ = ["SCHEMA_VERSION", "Change", "EveningNotFound", "GameNotFound", "SavedRuleset", "Sheet", "SheetNotFound",
           "Store", "StoreError", "StoredEvening", "StoredGame", "StoredTable", "TableNotFound", "default_data_dir"]

SCHEMA_VERSION = 5
DB_NAME = "manille.sqlite3"
_T = TypeVar("_T")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS sheets (
    id TEXT PRIMARY KEY,
    created TEXT NOT NULL,
    ruleset TEXT NOT NULL,
    team_a TEXT NOT NULL DEFAULT '',
    team_b TEXT NOT NULL DEFAULT '',
    note TEXT NOT NULL DEFAULT '',
    revision INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS deals (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    sheet TEXT NOT NULL REFERENCES sheets(id) ON DELETE CASCADE,
    client_id TEXT,
    entry TEXT NOT NULL,
    by TEXT NOT NULL DEFAULT '',
    at TEXT NOT NULL,
    UNIQUE (sheet, client_id)
);
CREATE INDEX IF NOT EXISTS deals_by_sheet ON deals (sheet, seq);
CREATE TABLE IF NOT EXISTS rulesets (name TEXT PRIMARY KEY, yaml TEXT NOT NULL, saved TEXT NOT NULL);
"""

# The changes from each version to the next: MIGRATIONS[v] brings version v - 1 to version v.
MIGRATIONS: dict[int, str] = {
    2: """
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    ruleset TEXT NOT NULL,
    seed INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    bots TEXT NOT NULL,
    bot_seed INTEGER NOT NULL,
    actions TEXT NOT NULL DEFAULT '[]'
);
""",
    # Removal marks a deal (with the change that removed it) instead of deleting it; every
    # change of a sheet is kept in ``changes``.
    3: """
ALTER TABLE deals ADD COLUMN removed INTEGER;
CREATE TABLE changes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    sheet TEXT NOT NULL REFERENCES sheets(id) ON DELETE CASCADE,
    at TEXT NOT NULL,
    by TEXT NOT NULL DEFAULT '',
    action TEXT NOT NULL,
    number INTEGER,
    deal INTEGER,
    entry TEXT,
    before TEXT
);
CREATE INDEX changes_by_sheet ON changes (sheet, id);
""",
    # Shared tables that phones join, and club evenings.
    4: """
CREATE TABLE shared_tables (
    id TEXT PRIMARY KEY,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    ruleset TEXT NOT NULL,
    seed INTEGER NOT NULL,
    bot_seed INTEGER NOT NULL,
    bots TEXT NOT NULL,
    names TEXT NOT NULL,
    tokens TEXT NOT NULL,
    host_token TEXT NOT NULL,
    sheet TEXT NOT NULL,
    away TEXT NOT NULL DEFAULT '[]',
    actions TEXT NOT NULL DEFAULT '[]',
    revision INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE evenings (
    id TEXT PRIMARY KEY,
    created TEXT NOT NULL,
    name TEXT NOT NULL,
    ruleset TEXT NOT NULL,
    schedule TEXT NOT NULL,
    sheets TEXT NOT NULL
);
""",
    # A name per seat for sheets where each player keeps a score (a JSON list, seat order).
    5: """
ALTER TABLE sheets ADD COLUMN players TEXT NOT NULL DEFAULT '[]';
""",
}


class SheetNotFound(LookupError):
    """No sheet with that id."""


class GameNotFound(LookupError):
    """No game with that id."""


class TableNotFound(LookupError):
    """No shared table with that id."""


class EveningNotFound(LookupError):
    """No club evening with that id."""


class StoreError(ManilleError):
    """A database this program cannot use (made by a newer version)."""


def default_data_dir() -> Path:
    """The per-user data folder: ``$XDG_DATA_HOME/manille_variants`` (``~/.local/share/...``)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "manille_variants"


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True)
class Deal:
    """One stored entry: its text, who entered it and when."""

    entry: str
    by: str
    at: str
    client_id: str | None


@dataclass(frozen=True)
class Change:
    """One change of a sheet, as its history keeps it: ``action`` is ``create``, ``add``,
    ``correct``, ``remove``, ``restore`` or ``describe``; ``number`` the deal's number then,
    ``entry`` the deal's entry (after a correction; ``before``, the one it replaced);
    ``restorable``: a removal whose deal is still removed."""

    id: int
    action: str
    number: int | None
    entry: str | None
    before: str | None
    by: str
    at: str
    restorable: bool = False

    def as_json(self) -> dict[str, Any]:
        return {"id": self.id, "action": self.action, "number": self.number, "entry": self.entry,
                "before": self.before, "by": self.by, "at": self.at, "restorable": self.restorable}


@dataclass
class Sheet:
    """A stored sheet with its entries scored: the :class:`ScoreSheet` plus who entered what."""

    id: str
    created: str
    team_a: str
    team_b: str
    note: str
    revision: int
    deals: list[Deal]
    score: ScoreSheet
    changes: list[Change] = field(default_factory=list)
    # Each seat's player name where each player keeps a score (empty: none given).
    players: tuple[str, ...] = ()

    @property
    def entries(self) -> list[str]:
        return [d.entry for d in self.deals]

    def summary(self) -> dict[str, Any]:
        return self.score.summary()


@dataclass(frozen=True)
class StoredGame:
    """What replays a game against the bots: the ruleset, the match seed, the human's seat, the
    bots (a ``make_bots`` spec) and their seed, and every seat's actions, one list per deal."""

    id: str
    created: str
    ruleset: Ruleset
    seed: int
    seat: int
    bots: str
    bot_seed: int
    actions: list[list[str]]


@dataclass(frozen=True)
class StoredTable:
    """What replays a shared table: the ruleset, the match seed, the bots by seat and their
    seed, the people's names and seat tokens, the host's token, its sheet, the seats a bot
    plays for an absent person, every seat's actions (one list per deal) and the revision."""

    id: str
    created: str
    ruleset: Ruleset
    seed: int
    bot_seed: int
    bots: dict[int, str]
    names: dict[int, str]
    tokens: dict[int, str]
    host_token: str
    sheet: str
    away: list[int]
    actions: list[list[str]]
    revision: int


@dataclass(frozen=True)
class StoredEvening:
    """A club evening: its name, ruleset, schedule (its JSON) and the sheet of each table of
    each round (``"ROUND:TABLE"`` -> sheet id)."""

    id: str
    created: str
    name: str
    ruleset: Ruleset
    schedule: dict[str, Any]
    sheets: dict[str, str]


@dataclass(frozen=True)
class SavedRuleset:
    name: str
    yaml: str
    saved: str


class Store:
    """The SQLite database of one data folder; created (with its schema version) on first use.

    Each call opens its own connection, so threads and processes may share a store."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder / DB_NAME
        with self._connect() as db:
            db.execute("PRAGMA journal_mode=WAL")
            self._write(db, self._create)

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        db = sqlite3.connect(self.path, timeout=30, isolation_level=None, check_same_thread=False)
        try:
            db.execute("PRAGMA foreign_keys=ON")
            db.execute("PRAGMA busy_timeout=30000")
            yield db
        finally:
            db.close()

    @staticmethod
    def _write(db: sqlite3.Connection, work: Callable[[sqlite3.Connection], _T]) -> _T:
        """Run ``work`` as one short write transaction; any exception rolls it back."""
        db.execute("BEGIN IMMEDIATE")
        try:
            result = work(db)
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
        return result

    def _create(self, db: sqlite3.Connection) -> None:
        """Create the first version's tables if missing, then run the migrations the database lacks."""
        _run(db, _SCHEMA)
        row = db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
        version = 1 if row is None else int(row[0])
        if version > SCHEMA_VERSION:
            raise StoreError(f"{self.path}: schema version {version} is newer than this program's "
                             f"({SCHEMA_VERSION}); upgrade manille_variants")
        for step in range(version + 1, SCHEMA_VERSION + 1):
            _run(db, MIGRATIONS[step])
        db.execute("INSERT OR REPLACE INTO meta VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),))

    def schema_version(self) -> int:
        with self._connect() as db:
            return int(db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()[0])

    # ------------------------------------------------------------------ sheets
    def create_sheet(self, ruleset: Ruleset, *, team_a: str = "", team_b: str = "", note: str = "",
                     entries: list[str] | None = None, by: str = "", players: Sequence[str] = ()) -> Sheet:
        """A new sheet under ``ruleset`` (fixed from now on), perhaps with imported entries;
        ``players`` names the seats where each player keeps a score."""
        sheet_id = secrets.token_hex(6)
        content = _content(ruleset)
        texts = entries or []
        score = ScoreSheet(ruleset, [parse_entry(t) for t in texts])  # refuses an impossible import, as the CLI
        names = _player_names(score, players)

        def work(db: sqlite3.Connection) -> None:
            now = _now()
            db.execute("INSERT INTO sheets (id, created, ruleset, team_a, team_b, note, players) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?)", (sheet_id, now, content, team_a, team_b, note, names))
            db.executemany("INSERT INTO deals (sheet, entry, by, at) VALUES (?, ?, ?, ?)",
                           [(sheet_id, t, by, now) for t in texts])
            _log(db, sheet_id, "create", by, number=len(texts))

        with self._connect() as db:
            self._write(db, work)
        return self.sheet(sheet_id)

    def sheet(self, sheet_id: str) -> Sheet:
        with self._connect() as db:
            return self._read(db, sheet_id)

    def sheets(self) -> list[Sheet]:
        """Every sheet, newest first."""
        with self._connect() as db:
            ids = [r[0] for r in db.execute("SELECT id FROM sheets ORDER BY created DESC, rowid DESC")]
            return [self._read(db, i) for i in ids]

    def revision(self, sheet_id: str) -> int:
        """A number that grows with every change of the sheet (for polling)."""
        with self._connect() as db:
            row = db.execute("SELECT revision FROM sheets WHERE id = ?", (sheet_id,)).fetchone()
        if row is None:
            raise SheetNotFound(sheet_id)
        return int(row[0])

    def _read(self, db: sqlite3.Connection, sheet_id: str) -> Sheet:
        row = db.execute("SELECT id, created, ruleset, team_a, team_b, note, revision, players FROM sheets "
                         "WHERE id = ?", (sheet_id,)).fetchone()
        if row is None:
            raise SheetNotFound(sheet_id)
        deals = [Deal(*r) for r in db.execute(
            "SELECT entry, by, at, client_id FROM deals WHERE sheet = ? AND removed IS NULL ORDER BY seq",
            (sheet_id,))]
        ruleset = _ruleset(row[2])
        score = ScoreSheet(ruleset, [parse_entry(d.entry) for d in deals])
        changes = [Change(r[0], r[1], r[2], r[3], r[4], r[5], r[6], bool(r[7])) for r in db.execute(
            "SELECT c.id, c.action, c.number, c.entry, c.before, c.by, c.at, "
            "c.action = 'remove' AND d.removed = c.id FROM changes c LEFT JOIN deals d ON d.seq = c.deal "
            "WHERE c.sheet = ? ORDER BY c.id", (sheet_id,))]
        return Sheet(row[0], row[1], row[3], row[4], row[5], row[6], deals, score, changes,
                     tuple(json.loads(row[7])))

    def _change(self, sheet_id: str, change: Callable[[sqlite3.Connection, list[int]], None]) -> Sheet:
        """Apply ``change`` (given the sheet's deal rows) and check that the whole sheet still
        scores from the first deal; otherwise nothing changes."""

        def work(db: sqlite3.Connection) -> Sheet:
            if db.execute("SELECT 1 FROM sheets WHERE id = ?", (sheet_id,)).fetchone() is None:
                raise SheetNotFound(sheet_id)
            seqs = [r[0] for r in db.execute(
                "SELECT seq FROM deals WHERE sheet = ? AND removed IS NULL ORDER BY seq", (sheet_id,))]
            change(db, seqs)
            db.execute("UPDATE sheets SET revision = revision + 1 WHERE id = ?", (sheet_id,))
            return self._read(db, sheet_id)  # raises ScoresheetError if the sheet no longer adds up

        with self._connect() as db:
            return self._write(db, work)

    def add_deal(self, sheet_id: str, entry: str, *, client_id: str | None = None, by: str = "") -> Sheet:
        """Add a deal at the end; a second add with the same ``client_id`` changes nothing."""
        text = parse_entry(entry).text

        def change(db: sqlite3.Connection, seqs: list[int]) -> None:
            if client_id is not None and db.execute(
                    "SELECT 1 FROM deals WHERE sheet = ? AND client_id = ?", (sheet_id, client_id)).fetchone():
                return
            current = self._read(db, sheet_id).score
            current.add(text)  # the CLI's checks and messages
            seq = db.execute("INSERT INTO deals (sheet, client_id, entry, by, at) VALUES (?, ?, ?, ?, ?)",
                             (sheet_id, client_id, text, by, _now())).lastrowid
            _log(db, sheet_id, "add", by, number=len(seqs) + 1, deal=seq, entry=text)

        return self._change(sheet_id, change)

    def replace_deal(self, sheet_id: str, number: int, entry: str, *, by: str = "") -> Sheet:
        """Correct deal ``number`` (from 1); everything after it is scored again."""
        text = parse_entry(entry).text

        def change(db: sqlite3.Connection, seqs: list[int]) -> None:
            seq = _nth(seqs, number)
            before = db.execute("SELECT entry FROM deals WHERE seq = ?", (seq,)).fetchone()[0]
            db.execute("UPDATE deals SET entry = ?, by = ?, at = ? WHERE seq = ?", (text, by, _now(), seq))
            _log(db, sheet_id, "correct", by, number=number, deal=seq, entry=text, before=before)

        return self._change(sheet_id, change)

    def remove_deal(self, sheet_id: str, number: int | None = None, *, by: str = "") -> Sheet:
        """Remove deal ``number`` (from 1), or the last deal: marked removed by the change that
        says so (the sheet's last change), which :meth:`restore_deal` undoes."""

        def change(db: sqlite3.Connection, seqs: list[int]) -> None:
            if not seqs:
                raise ScoresheetError("nothing to undo: the sheet is empty")
            seq = seqs[-1] if number is None else _nth(seqs, number)
            entry = db.execute("SELECT entry FROM deals WHERE seq = ?", (seq,)).fetchone()[0]
            removal = _log(db, sheet_id, "remove", by, number=seqs.index(seq) + 1, deal=seq, entry=entry)
            db.execute("UPDATE deals SET removed = ? WHERE seq = ?", (removal, seq))

        return self._change(sheet_id, change)

    def restore_deal(self, sheet_id: str, removal: int, *, by: str = "") -> Sheet:
        """Undo the removal ``removal`` (a change's id): the deal is back in its place, and every
        deal after it scored again (refused if the sheet would no longer add up)."""

        def change(db: sqlite3.Connection, seqs: list[int]) -> None:
            row = db.execute("SELECT c.deal, d.removed, c.entry FROM changes c JOIN deals d ON d.seq = c.deal "
                             "WHERE c.id = ? AND c.sheet = ? AND c.action = 'remove'",
                             (removal, sheet_id)).fetchone()
            if row is None:
                raise ScoresheetError(f"no removal {removal} on the sheet")
            seq, removed_by, entry = row
            if removed_by != removal:
                raise ScoresheetError(f"removal {removal} was already undone")
            db.execute("UPDATE deals SET removed = NULL WHERE seq = ?", (seq,))
            number = sum(1 for s in seqs if s < seq) + 1
            _log(db, sheet_id, "restore", by, number=number, deal=seq, entry=entry)

        return self._change(sheet_id, change)

    def describe_sheet(self, sheet_id: str, *, team_a: str, team_b: str, note: str, by: str = "",
                       players: Sequence[str] | None = None) -> Sheet:
        """Name the teams (and, with ``players``, each seat where each player keeps a score; None
        keeps the names) and set the note."""
        names = None if players is None else _player_names(self.sheet(sheet_id).score, players)

        def work(db: sqlite3.Connection) -> None:
            cur = db.execute("UPDATE sheets SET team_a = ?, team_b = ?, note = ?, players = COALESCE(?, players), "
                             "revision = revision + 1 WHERE id = ?", (team_a, team_b, note, names, sheet_id))
            if cur.rowcount == 0:
                raise SheetNotFound(sheet_id)
            named = " · ".join(players) if players else f"{team_a} – {team_b}"
            _log(db, sheet_id, "describe", by, entry=named + (f" · {note}" if note else ""))

        with self._connect() as db:
            self._write(db, work)
        return self.sheet(sheet_id)

    def delete_sheet(self, sheet_id: str) -> None:
        def work(db: sqlite3.Connection) -> None:
            if db.execute("DELETE FROM sheets WHERE id = ?", (sheet_id,)).rowcount == 0:
                raise SheetNotFound(sheet_id)

        with self._connect() as db:
            self._write(db, work)

    # ------------------------------------------------------------------- games
    def create_game(self, game_id: str, ruleset: Ruleset, *, seed: int, seat: int, bots: str, bot_seed: int,
                    actions: list[list[str]]) -> None:
        """A new game with its actions so far."""
        def work(db: sqlite3.Connection) -> None:
            now = _now()
            db.execute("INSERT INTO games (id, created, updated, ruleset, seed, seat, bots, bot_seed, actions) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       (game_id, now, now, _content(ruleset), seed, seat, bots, bot_seed, json.dumps(actions)))

        with self._connect() as db:
            self._write(db, work)

    def save_actions(self, game_id: str, actions: list[list[str]]) -> None:
        """The game's actions so far (every seat's, one list per deal started)."""
        def work(db: sqlite3.Connection) -> None:
            if db.execute("UPDATE games SET actions = ?, updated = ? WHERE id = ?",
                          (json.dumps(actions), _now(), game_id)).rowcount == 0:
                raise GameNotFound(game_id)

        with self._connect() as db:
            self._write(db, work)

    def game(self, game_id: str) -> StoredGame:
        with self._connect() as db:
            row = db.execute("SELECT id, created, ruleset, seed, seat, bots, bot_seed, actions FROM games "
                             "WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise GameNotFound(game_id)
        return StoredGame(row[0], row[1], _ruleset(row[2]), row[3], row[4], row[5], row[6], json.loads(row[7]))

    # ------------------------------------------------------------ shared tables
    def create_table(self, table: StoredTable) -> None:
        def work(db: sqlite3.Connection) -> None:
            now = _now()
            db.execute("INSERT INTO shared_tables (id, created, updated, ruleset, seed, bot_seed, bots, names, tokens, "
                       "host_token, sheet, away, actions, revision) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       (table.id, now, now, _content(table.ruleset), table.seed, table.bot_seed, _seats(table.bots),
                        _seats(table.names), _seats(table.tokens), table.host_token, table.sheet,
                        json.dumps(table.away), json.dumps(table.actions), table.revision))

        with self._connect() as db:
            self._write(db, work)

    def save_table(self, table_id: str, *, actions: list[list[str]], away: list[int], revision: int) -> None:
        """The table's actions and absent seats as of ``revision`` (only ever forward)."""
        def work(db: sqlite3.Connection) -> None:
            cur = db.execute("UPDATE shared_tables SET actions = ?, away = ?, revision = ?, updated = ? "
                             "WHERE id = ? AND revision < ?",
                             (json.dumps(actions), json.dumps(away), revision, _now(), table_id, revision))
            if cur.rowcount == 0 and db.execute("SELECT 1 FROM shared_tables WHERE id = ?",
                                                (table_id,)).fetchone() is None:
                raise TableNotFound(table_id)

        with self._connect() as db:
            self._write(db, work)

    def table(self, table_id: str) -> StoredTable:
        with self._connect() as db:
            row = db.execute("SELECT id, created, ruleset, seed, bot_seed, bots, names, tokens, host_token, sheet, "
                             "away, actions, revision FROM shared_tables WHERE id = ?", (table_id,)).fetchone()
        if row is None:
            raise TableNotFound(table_id)
        return StoredTable(row[0], row[1], _ruleset(row[2]), row[3], row[4], _unseats(row[5]), _unseats(row[6]),
                           _unseats(row[7]), row[8], row[9], json.loads(row[10]), json.loads(row[11]), row[12])

    def table_of_sheet(self, sheet_id: str) -> str | None:
        """The shared table that keeps its score on ``sheet_id``, if any."""
        with self._connect() as db:
            row = db.execute("SELECT id FROM shared_tables WHERE sheet = ? ORDER BY created DESC LIMIT 1",
                             (sheet_id,)).fetchone()
        return None if row is None else str(row[0])

    # ----------------------------------------------------------------- evenings
    def create_evening(self, name: str, ruleset: Ruleset, schedule: dict[str, Any],
                       sheets: dict[str, str]) -> StoredEvening:
        evening_id = secrets.token_hex(6)

        def work(db: sqlite3.Connection) -> None:
            db.execute("INSERT INTO evenings (id, created, name, ruleset, schedule, sheets) VALUES (?, ?, ?, ?, ?, ?)",
                       (evening_id, _now(), name, _content(ruleset), json.dumps(schedule, ensure_ascii=False),
                        json.dumps(sheets)))

        with self._connect() as db:
            self._write(db, work)
        return self.evening(evening_id)

    def evening(self, evening_id: str) -> StoredEvening:
        with self._connect() as db:
            row = db.execute("SELECT id, created, name, ruleset, schedule, sheets FROM evenings WHERE id = ?",
                             (evening_id,)).fetchone()
        if row is None:
            raise EveningNotFound(evening_id)
        return StoredEvening(row[0], row[1], row[2], _ruleset(row[3]), json.loads(row[4]), json.loads(row[5]))

    def evenings(self) -> list[StoredEvening]:
        """Every evening, newest first."""
        with self._connect() as db:
            ids = [r[0] for r in db.execute("SELECT id FROM evenings ORDER BY created DESC, rowid DESC")]
        return [self.evening(i) for i in ids]

    # ---------------------------------------------------------------- rulesets
    def save_ruleset(self, name: str, text: str) -> None:
        def work(db: sqlite3.Connection) -> None:
            db.execute("INSERT INTO rulesets (name, yaml, saved) VALUES (?, ?, ?) "
                       "ON CONFLICT (name) DO UPDATE SET yaml = excluded.yaml, saved = excluded.saved",
                       (name, text, _now()))

        with self._connect() as db:
            self._write(db, work)

    def ruleset_text(self, name: str) -> SavedRuleset | None:
        with self._connect() as db:
            row = db.execute("SELECT name, yaml, saved FROM rulesets WHERE name = ?", (name,)).fetchone()
        return SavedRuleset(*row) if row else None

    def saved_rulesets(self) -> list[SavedRuleset]:
        with self._connect() as db:
            return [SavedRuleset(*r) for r in db.execute("SELECT name, yaml, saved FROM rulesets ORDER BY name")]


def _run(db: sqlite3.Connection, script: str) -> None:
    for statement in filter(str.strip, script.split(";")):
        db.execute(statement)


def _log(db: sqlite3.Connection, sheet_id: str, action: str, by: str, *, number: int | None = None,
         deal: int | None = None, entry: str | None = None, before: str | None = None) -> int:
    """Keep a change in the sheet's history (in the transaction that makes it); its id."""
    cur = db.execute("INSERT INTO changes (sheet, at, by, action, number, deal, entry, before) "
                     "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", (sheet_id, _now(), by, action, number, deal, entry, before))
    assert cur.lastrowid is not None
    return cur.lastrowid


def _nth(seqs: list[int], number: int) -> int:
    if not 1 <= number <= len(seqs):
        raise ScoresheetError(f"no deal {number} on the sheet (it has {len(seqs)})")
    return seqs[number - 1]


def _seats(values: dict[int, str]) -> str:
    return json.dumps({str(k): v for k, v in values.items()}, ensure_ascii=False)


def _unseats(text: str) -> dict[int, str]:
    return {int(k): v for k, v in json.loads(text).items()}


PLAYERS_COUNT = define("sheet.players-count",
                       "give a name for each of the {seats} seats, in seat order (got {count})")
PLAYERS_TEAMS = define("sheet.players-teams",
                       "this sheet keeps a score per team: name the teams, not each player")


def _player_names(score: ScoreSheet, players: Sequence[str]) -> str:
    """The seats' player names as stored (a JSON list): none, or one per seat of a sheet where
    each player keeps a score."""
    names = [name.strip() for name in players]
    if not names:
        return "[]"
    if not score.per_player:
        raise ScoresheetError(msg(PLAYERS_TEAMS))
    seats = score.rules.seats
    if len(names) != seats:
        raise ScoresheetError(msg(PLAYERS_COUNT, seats=seats, count=len(names)))
    return json.dumps(names, ensure_ascii=False)


def _content(ruleset: Ruleset) -> str:
    return json.dumps(ruleset.model_dump(mode="json"), ensure_ascii=False)


def _ruleset(content: str) -> Ruleset:
    return Ruleset.model_validate(json.loads(content))
