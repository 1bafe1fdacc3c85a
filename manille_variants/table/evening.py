"""A club evening: the seating of every round with rotating partners, and the standings.

:func:`draw_schedule` seats N players at tables of four (a ruleset's ``seats``, two partners a
team) for R rounds, seeded: after every round, each pair of players has partnered at most once
more than any other pair, and each player has sat out at most once more than any other (when N
is not a multiple of the table size).  The draw is a seeded search: each round takes its
partners among the pairs that partnered least, the sitters among those who sat out least, and
backs up a round when the pairs left cannot seat everybody.

:func:`standings` adds up the tables' score sheets (one per table and round, team A the
schedule's first team): per player, matches and games (boams) won, match points for and
against, deals played, card points, and calls made and won.  Standings of several evenings
added together are the ladder.

>>> schedule = draw_schedule(["An", "Bo", "Cas", "Dirk", "Eva"], rounds=5, seed=1)
>>> [len(r.sitting_out) for r in schedule.rounds]
[1, 1, 1, 1, 1]
>>> sorted(set(schedule.partner_counts().values()))
[1]
"""

from __future__ import annotations

import csv
import io
import itertools
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from manille_variants.errors import ManilleError
from manille_variants.messages import define, msg
from manille_variants.table.scoresheet import ScoreSheet

__all__ = [
    "EveningError", "PlayerStanding", "Round", "Schedule", "TableResult", "TableSeating", "draw_schedule",
    "player_names", "standings", "standings_csv",
]

# The sentences of the errors (one constant each, for the catalogs).
TOO_FEW_PLAYERS = define("evening.too-few-players",
                         "an evening needs at least {seats} players for one table (got {count})")
NO_ROUNDS = define("evening.no-rounds", "an evening needs at least one round (got {rounds})")
SAME_NAME = define("evening.same-name", "two players are called {name!r}: every player needs a name of their own")
EMPTY_NAME = define("evening.empty-name", "a player's name cannot be empty")
BAD_TABLE = define("evening.bad-table", "a table seats an even number of players, at least 4 (got {seats})")
NO_DRAW = define("evening.no-draw", "no seating found for {count} players over {rounds} rounds that keeps partners "
                 "even; try fewer rounds or another seed")
MAX_PLAYERS = 200
MAX_ROUNDS = 50
TOO_MANY_PLAYERS = define("evening.too-many-players", "an evening takes at most {limit} players (got {count})")
TOO_MANY_ROUNDS = define("evening.too-many-rounds", "an evening takes at most {limit} rounds (got {rounds})")
_SEARCH_STEPS = 50_000  # rounds tried before giving up (a draw of 40 players over 14 rounds needs < 100)


class EveningError(ManilleError, ValueError):
    """An evening that cannot be drawn or scored (too few players, a name twice ...)."""


@dataclass(frozen=True)
class TableSeating:
    """One table of one round: its number (from 1) and its teams (team A first), each the
    partners' names in seat order (team A sits in seats 0 and 2, team B in 1 and 3)."""

    number: int
    teams: tuple[tuple[str, ...], ...]

    @property
    def players(self) -> list[str]:
        return [p for team in self.teams for p in team]

    def seats(self) -> list[str]:
        """The names by seat: the teams alternate round the table."""
        return [team[i] for i in range(len(self.teams[0])) for team in self.teams]

    def to_json(self) -> dict[str, Any]:
        return {"table": self.number, "teams": [list(t) for t in self.teams], "seats": self.seats()}


@dataclass(frozen=True)
class Round:
    """One round: its number (from 1), its tables, who sits out."""

    number: int
    tables: tuple[TableSeating, ...]
    sitting_out: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"round": self.number, "tables": [t.to_json() for t in self.tables],
                "sitting_out": list(self.sitting_out)}


@dataclass(frozen=True)
class Schedule:
    """The seating of an evening: the players, the table size, the seed and the rounds."""

    players: tuple[str, ...]
    seats: int
    seed: int
    rounds: tuple[Round, ...]

    def partner_counts(self) -> dict[frozenset[str], int]:
        """How often each pair of players partnered (every pair, 0 included)."""
        counts = {frozenset(p): 0 for p in itertools.combinations(self.players, 2)}
        for rnd in self.rounds:
            for table in rnd.tables:
                for team in table.teams:
                    for pair in itertools.combinations(team, 2):
                        counts[frozenset(pair)] += 1
        return counts

    def sit_out_counts(self) -> dict[str, int]:
        counts = dict.fromkeys(self.players, 0)
        for rnd in self.rounds:
            for name in rnd.sitting_out:
                counts[name] += 1
        return counts

    def to_json(self) -> dict[str, Any]:
        return {"players": list(self.players), "seats": self.seats, "seed": self.seed,
                "rounds": [r.to_json() for r in self.rounds]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Schedule:
        rounds = tuple(Round(r["round"], tuple(TableSeating(t["table"], tuple(tuple(team) for team in t["teams"]))
                                               for t in r["tables"]), tuple(r["sitting_out"]))
                       for r in data["rounds"])
        return cls(tuple(data["players"]), data["seats"], data["seed"], rounds)


def player_names(count: int) -> list[str]:
    """Names for ``count`` players known only by number: ``P1``, ``P2`` ..."""
    return [f"P{i}" for i in range(1, count + 1)]


def draw_schedule(players: Sequence[str], rounds: int, seed: int = 0, seats: int = 4) -> Schedule:
    """The seating of ``players`` over ``rounds`` rounds at tables of ``seats`` (two teams of
    ``seats // 2`` partners), seeded; EveningError when it cannot be drawn."""
    names = _check(players, rounds, seats)
    drawn = _Draw(len(names), rounds, seats, random.Random(seed)).run()
    return Schedule(tuple(names), seats, seed, tuple(
        Round(number, tuple(TableSeating(t + 1, tuple(tuple(names[p] for p in team) for team in table))
                            for t, table in enumerate(tables)),
              tuple(names[p] for p in sorted(out)))
        for number, (tables, out) in enumerate(drawn, 1)))


def _check(players: Sequence[str], rounds: int, seats: int) -> list[str]:
    names = [p.strip() for p in players]
    if seats < 4 or seats % 2:
        raise EveningError(msg(BAD_TABLE, seats=seats))
    if len(names) < seats:
        raise EveningError(msg(TOO_FEW_PLAYERS, seats=seats, count=len(names)))
    if len(names) > MAX_PLAYERS:
        raise EveningError(msg(TOO_MANY_PLAYERS, limit=MAX_PLAYERS, count=len(names)))
    if rounds < 1:
        raise EveningError(msg(NO_ROUNDS, rounds=rounds))
    if rounds > MAX_ROUNDS:
        raise EveningError(msg(TOO_MANY_ROUNDS, limit=MAX_ROUNDS, rounds=rounds))
    if any(not n for n in names):
        raise EveningError(msg(EMPTY_NAME))
    twice = [n for n, c in Counter(names).items() if c > 1]
    if twice:
        raise EveningError(msg(SAME_NAME, name=twice[0]))
    return names


Pair = tuple[int, int]
Tables = list[list[Pair]]


@dataclass
class _Draw:
    """The search: players by number, partner and sit-out counts kept as rounds are seated."""

    count: int
    rounds: int
    seats: int
    rng: random.Random
    partners: Counter[Pair] = field(default_factory=Counter)
    opponents: Counter[Pair] = field(default_factory=Counter)
    sat: Counter[int] = field(default_factory=Counter)
    steps: int = 0

    def run(self) -> list[tuple[Tables, set[int]]]:
        done: list[tuple[Tables, set[int]]] = []
        if not self._seat(done):
            raise EveningError(msg(NO_DRAW, count=self.count, rounds=self.rounds))
        return done

    def _seat(self, done: list[tuple[Tables, set[int]]]) -> bool:
        """Seat the rounds after ``done`` (depth first: a round that leaves no way on is drawn again)."""
        if len(done) == self.rounds:
            return True
        for _ in range(6):
            self.steps += 1
            if self.steps > _SEARCH_STEPS:
                return False
            out = self._sitters()
            pairs = self._pairs([p for p in range(self.count) if p not in out])
            if pairs is None:
                continue
            tables = self._tables(pairs)
            self._count(tables, out, 1)
            done.append((tables, out))
            if self._seat(done):
                return True
            done.pop()
            self._count(tables, out, -1)
        return False

    def _sitters(self) -> set[int]:
        """Those who sat out least (ties drawn)."""
        order = sorted(range(self.count), key=lambda p: (self.sat[p], self.rng.random()))
        return set(order[:self.count % self.seats])

    def _pairs(self, players: list[int]) -> list[Pair] | None:
        """Partners for ``players`` among the pairs that partnered least; the pairs left at the
        lowest count, when too few for a round, must all play now (or the counts drift apart)."""
        counts = {p: self.partners[p] for p in itertools.combinations(range(self.count), 2)}
        low = min(counts.values())
        lowest = [p for p, c in counts.items() if c == low]
        must = lowest if len(lowest) < len(players) // 2 else []
        seated = [p for pair in must for p in pair]
        if len(set(seated)) != len(seated) or not set(seated) <= set(players):
            return None
        allowed = low + 1 if must else low
        rest = [p for p in players if p not in seated]
        found = self._match(rest, lambda a, b: counts[(min(a, b), max(a, b))] == allowed, [2000])
        return None if found is None else [*must, *found]

    def _match(self, left: list[int], ok: Any, budget: list[int]) -> list[Pair] | None:
        """A perfect matching of ``left`` by pairs ``ok`` allows (the player with the fewest
        choices first, the choices in drawn order), or None."""
        if not left:
            return []
        budget[0] -= 1
        if budget[0] < 0:
            return None
        first = min(left, key=lambda a: sum(ok(a, b) for b in left if b != a))
        choices = [b for b in left if b != first and ok(first, b)]
        self.rng.shuffle(choices)
        for other in choices:
            found = self._match([p for p in left if p not in (first, other)], ok, budget)
            if found is not None:
                return [(min(first, other), max(first, other)), *found]
        return None

    def _tables(self, pairs: list[Pair]) -> Tables:
        """The pairs grouped into tables of ``seats // 2`` pairs (two teams of partners when the
        table seats four), the opponents who met least brought together first."""
        per = self.seats // 2
        left = list(pairs)
        self.rng.shuffle(left)
        tables: Tables = []
        while left:
            table = [left.pop()]
            while len(table) < per:
                best = min(left, key=lambda p: (sum(self._met(p, q) for q in table), self.rng.random()))
                left.remove(best)
                table.append(best)
            tables.append(table)
        return tables

    def _met(self, a: Pair, b: Pair) -> int:
        return sum(self.opponents[(min(x, y), max(x, y))] for x in a for y in b)

    def _count(self, tables: Tables, out: set[int], sign: int) -> None:
        for table in tables:
            for pair in table:
                self.partners[pair] += sign
            for a, b in itertools.combinations(table, 2):
                for x in a:
                    for y in b:
                        self.opponents[(min(x, y), max(x, y))] += sign
        for p in out:
            self.sat[p] += sign


# ------------------------------------------------------------------ standings
@dataclass(frozen=True)
class TableResult:
    """One table of one round as played: its teams (team A first, as on the sheet) and its sheet."""

    round: int
    table: int
    teams: tuple[tuple[str, ...], tuple[str, ...]]
    sheet: ScoreSheet


@dataclass
class PlayerStanding:
    """One player's evening (or evenings): what the standings add up."""

    name: str
    rounds: int = 0
    matches_won: int = 0
    games_won: int = 0
    games_lost: int = 0
    points_for: int = 0
    points_against: int = 0
    deals: int = 0
    deals_won: int = 0
    card_points_for: int = 0
    card_points_against: int = 0
    calls_made: int = 0
    calls_won: int = 0

    @property
    def difference(self) -> int:
        return self.points_for - self.points_against

    def key(self) -> tuple[int, int, int, int]:
        """The ranking: matches won, then games (boams) won, then the match points' difference
        and the match points."""
        return (self.matches_won, self.games_won, self.difference, self.points_for)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "rounds": self.rounds, "matches_won": self.matches_won,
                "games_won": self.games_won, "games_lost": self.games_lost, "points_for": self.points_for,
                "points_against": self.points_against, "difference": self.difference, "deals": self.deals,
                "deals_won": self.deals_won, "card_points_for": self.card_points_for,
                "card_points_against": self.card_points_against, "calls_made": self.calls_made,
                "calls_won": self.calls_won}


CSV_COLUMNS = ("rank", "name", "rounds", "matches_won", "games_won", "games_lost", "points_for",
               "points_against", "difference", "deals", "deals_won", "card_points_for", "card_points_against",
               "calls_made", "calls_won")


def standings(results: Iterable[TableResult], players: Iterable[str] = ()) -> list[PlayerStanding]:
    """Every player's standing over ``results`` (the tables of one evening, or of several: the
    ladder), best first; ``players`` adds those who have not played yet (listed last)."""
    table: dict[str, PlayerStanding] = {p: PlayerStanding(p) for p in players}
    for result in results:
        for side, team in enumerate(result.teams):
            for name in team:
                _add(table.setdefault(name, PlayerStanding(name)), result.sheet, side)
    return sorted(table.values(), key=lambda s: (s.rounds == 0, tuple(-k for k in s.key()), s.name))


def _add(standing: PlayerStanding, sheet: ScoreSheet, side: int) -> None:
    other = 1 - side
    match = sheet.match
    standing.rounds += 1
    standing.matches_won += match.winner == side
    standing.games_won += match.games[side]
    standing.games_lost += match.games[other]
    standing.points_for += _points(sheet, side)
    standing.points_against += _points(sheet, other)
    ladder = sheet.rules.calls
    for outcome, score in zip(sheet.outcomes, sheet.scores, strict=True):
        if score.thrown_in:
            continue
        points = outcome.team_points
        standing.deals += 1
        standing.deals_won += points[side] > points[other]
        dealer = outcome.dealer & 1
        mine = score.card_points if dealer == side else score.card_points[::-1]
        standing.card_points_for += mine[0]
        standing.card_points_against += mine[1]
        for rung in range(score.calls):
            by = ladder[rung].by if rung < len(ladder) else "anyone"
            caller = dealer if by == "contract-side" else 1 - dealer if by == "opponents" else None
            if caller == side:
                standing.calls_made += 1
                standing.calls_won += points[side] > points[other]


def _points(sheet: ScoreSheet, side: int) -> int:
    """The match points a side scored over the whole sheet (every game of a best-of match)."""
    return sum(o.team_points[side] for o in sheet.outcomes)


def standings_csv(rows: Sequence[PlayerStanding]) -> str:
    """The standings as CSV, one line per player, best first, with a header."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for rank, row in enumerate(rows, 1):
        data = row.to_json()
        writer.writerow([rank, *(data[c] for c in CSV_COLUMNS[1:])])
    return out.getvalue()
