"""Shared tables: people at their own phones, bots in the empty seats, one match.

Each table is a :class:`~manille_variants.table.shared.SharedTable` kept in memory and stored
as what replays it (ruleset, seeds, bots, every action); a table not in memory (after a
restart) is replayed from the store.  Every change goes through the table's lock and is
written at once (one short ``BEGIN IMMEDIATE`` transaction), so two phones tapping at once
cannot both play: the second is told it is not its turn.

Each seat of a person has a token (``secrets.token_urlsafe``), compared in constant time,
valid for its table and seat only; the host has one more, which sees the public table and may
let a bot play for a person who left.  A token never goes to a log: the seat's link turns it
into a cookie for that table.

Bots act by themselves when their turn comes, one action every ``pace`` seconds (so that
people can follow the cards): whoever looks at the table (a view, a poll, the event stream)
moves the bots whose time has come.  A finished deal is written on the table's own score
sheet, with the id ``table:ID:DEAL`` so that it is written once.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from manille_variants.errors import ManilleError
from manille_variants.messages import define, msg
from manille_variants.ruleset.schema import Ruleset
from manille_variants.table.shared import SharedTable, sheet_entry
from manille_variants.web.storage import SheetNotFound, Store, StoredTable

__all__ = ["HOST", "PACE", "WATCH", "LiveTable", "Tables"]

HOST, WATCH = -1, -2  # the tokens that open no seat: the host's, a spectator's

PACE = 0.9  # seconds between two bot actions
_MAX_TABLES = 200
BOT_NAME = "{bot} (bot)"
SHEET_STARTED = define("table.sheet-started", "this table's sheet already has deals: play the rest on the sheet")


def new_seat_token() -> str:
    return secrets.token_urlsafe(24)


@dataclass
class LiveTable:
    """A table in memory: the match, who sits where and their tokens, its sheet, its lock."""

    id: str
    table: SharedTable
    names: dict[int, str]
    tokens: dict[int, str]
    host_token: str
    sheet: str
    revision: int = 0
    written: int | None = None  # finished deals on the sheet (None: not counted yet)
    last_change: float = field(default_factory=time.monotonic)
    lock: threading.RLock = field(default_factory=threading.RLock)

    @property
    def first_team(self) -> int:
        first = self.table.match.first_dealer
        assert first is not None
        return first & 1

    @property
    def watch_token(self) -> str:
        """The spectators' token: made from the host's (so nothing more is stored), and no
        way back to it."""
        digest = hmac.new(self.host_token.encode(), b"watch", hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest[:24]).decode()

    def seat_of(self, token: str) -> int | None:
        """The seat ``token`` opens at this table (HOST: the host's, WATCH: a spectator's), or
        None; every token is compared, in constant time."""
        found = None
        for seat, known in self.tokens.items():
            if hmac.compare_digest(known.encode(), token.encode()):
                found = seat
        if hmac.compare_digest(self.host_token.encode(), token.encode()):
            found = HOST
        if hmac.compare_digest(self.watch_token.encode(), token.encode()):
            found = WATCH
        return found

    def seat_names(self) -> dict[str, str]:
        table = self.table
        return {str(s): BOT_NAME.format(bot=table.bots[s]) if s in table.bots else self.names.get(s, "")
                for s in range(table.seats)}

    def view(self, seat: int | None) -> dict[str, Any]:
        """Seat ``seat``'s view (None: the public table), with the table's id, names, sheet, revision."""
        view = self.table.view(seat)
        view.update({"id": self.id, "names": self.seat_names(), "sheet": self.sheet, "revision": self.revision})
        return view


class Tables:
    """The shared tables: the recent ones in memory, every one in the store."""

    def __init__(self, store: Store, pace: float = PACE) -> None:
        self._store = store
        self.pace = pace
        self._tables: OrderedDict[str, LiveTable] = OrderedDict()
        self._lock = threading.Lock()

    def create(self, ruleset: Ruleset, bots: dict[int, str], names: dict[int, str]) -> LiveTable:
        """A new table and its sheet; the first deal is dealt (the bots move when looked at)."""
        table = SharedTable(ruleset, secrets.randbelow(2**31), bots)
        table.start()
        table_id = secrets.token_hex(6)
        people = {s: names.get(s, "") for s in table.people}
        label = {s: people.get(s) or BOT_NAME.format(bot=bots.get(s, "")) for s in range(table.seats)}
        first = (table.match.first_dealer or 0) & 1
        teams = [" & ".join(label[s] for s in range(table.seats) if s % 2 == team) for team in (first, 1 - first)]
        sheet = self._store.create_sheet(ruleset, team_a=teams[0], team_b=teams[1], note=f"table {table_id}")
        return self._open(table_id, table, people, sheet.id)

    def create_for(self, ruleset: Ruleset, teams: tuple[tuple[str, ...], ...], sheet_id: str) -> LiveTable:
        """A table of people only for a sheet that has no deal yet (a club evening's table):
        the sheet's team A (``teams[0]``) sits on the first dealer's side, as a sheet has it."""
        if self._store.sheet(sheet_id).deals:
            raise ManilleError(msg(SHEET_STARTED))
        table = SharedTable(ruleset, secrets.randbelow(2**31), {})
        table.start()
        first = (table.match.first_dealer or 0) & 1
        sides = {first: list(teams[0]), 1 - first: list(teams[1])}
        people = {s: sides[s % 2][s // 2] for s in range(table.seats)}
        return self._open(secrets.token_hex(6), table, people, sheet_id)

    def _open(self, table_id: str, table: SharedTable, people: dict[int, str], sheet_id: str) -> LiveTable:
        live = LiveTable(table_id, table, people, {s: new_seat_token() for s in table.people},
                         new_seat_token(), sheet_id)
        self._store.create_table(self._stored(live))
        return self._keep(live)

    def _stored(self, live: LiveTable) -> StoredTable:
        t = live.table
        assert t.bot_seed is not None
        return StoredTable(live.id, "", t.ruleset, t.seed, t.bot_seed, dict(t.bots), live.names, live.tokens,
                           live.host_token, live.sheet, sorted(t.away), t.log, live.revision)

    def get(self, table_id: str) -> LiveTable:
        """The table, from memory or replayed from the store; TableNotFound if there is none."""
        with self._lock:
            live = self._tables.get(table_id)
            if live is not None:
                self._tables.move_to_end(table_id)
                return live
        stored = self._store.table(table_id)
        table = SharedTable.replay(stored.ruleset, stored.seed, stored.bots, stored.bot_seed, stored.actions,
                                   set(stored.away), stored.id)
        live = LiveTable(stored.id, table, stored.names, stored.tokens, stored.host_token, stored.sheet,
                         stored.revision)
        self._write_sheet(live)
        return self._keep(live)

    def act(self, live: LiveTable, seat: int, action: str) -> None:
        """A person's action (``next``: the next deal), saved; then the bots, at once if the
        pace is 0."""
        with live.lock:
            if action.strip().lower() == "next":
                live.table.next_deal(seat)
            else:
                live.table.act(seat, action)
            self._changed(live)
        self.catch_up(live)

    def set_away(self, live: LiveTable, seat: int, away: bool) -> None:
        with live.lock:
            live.table.set_away(seat, away)
            self._changed(live)
        self.catch_up(live)

    def catch_up(self, live: LiveTable) -> None:
        """Let the bots whose time has come act (all of them at once with no pace)."""
        if not live.table.bot_due():
            return
        with live.lock:
            acted = False
            while live.table.bot_due():
                now = time.monotonic()
                if self.pace and now < live.last_change + self.pace:
                    break
                live.table.bot_step()
                acted = True
                live.last_change = max(live.last_change + self.pace, now - self.pace) if self.pace else now
            if acted:
                self._changed(live, touch=False)

    def _changed(self, live: LiveTable, touch: bool = True) -> None:
        live.revision += 1
        if touch:
            live.last_change = time.monotonic()
        t = live.table
        self._store.save_table(live.id, actions=t.log, away=sorted(t.away), revision=live.revision)
        self._write_sheet(live)

    def _write_sheet(self, live: LiveTable) -> None:
        """Every finished deal on the table's sheet (each once, by its id)."""
        prefix = f"table:{live.id}:"
        try:
            if live.written is None:
                deals = self._store.sheet(live.sheet).deals
                live.written = sum(1 for d in deals if (d.client_id or "").startswith(prefix))
            finished = live.table.finished
            while live.written < len(finished):
                state = finished[live.written]
                self._store.add_deal(live.sheet, sheet_entry(state, live.first_team),
                                     client_id=f"{prefix}{live.written + 1}", by=live.id)
                live.written += 1
        except (SheetNotFound, ManilleError):
            live.written = len(live.table.finished)  # the sheet was deleted or changed by hand: play on

    def forget(self) -> None:
        """Forget every table in memory (as a restart does)."""
        with self._lock:
            self._tables.clear()

    def _keep(self, live: LiveTable) -> LiveTable:
        with self._lock:
            live = self._tables.setdefault(live.id, live)
            self._tables.move_to_end(live.id)
            while len(self._tables) > _MAX_TABLES:
                self._tables.popitem(last=False)
        return live
