"""Seeded work units and their execution: in this process, on local processes or on Dask.

A work unit is (ruleset, kind, index, master seed) and its result depends on nothing else:

- deal ``i`` (``kind="deals"``): shuffle seed ``deal_seed(master, i)``, dealer ``i % 4``, no
  pending tie, scores 0-0; the four bots are seeded from the deal seed;
- match ``j`` (``kind="matches"``): match seed ``deal_seed(deal_seed(master, -2), j)``; the
  match seeds its first dealer and its deals itself; the bots are seeded once from it.

Every ruleset of a comparison plays the same units (duplicate play), and a chunk of indices
runs all rulesets, so results are the same whatever the number of jobs or the chunking.
Results are merged in index order.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

from manille_variants.bots import make_bot, make_bots, play_deal, play_match
from manille_variants.engine.compiled import compile_rules
from manille_variants.engine.deal import DealState, new_deal
from manille_variants.engine.match import deal_seed
from manille_variants.engine.rules import Rules
from manille_variants.engine.scoring import DealScore
from manille_variants.errors import ManilleError, OutputExistsError
from manille_variants.ruleset.schema import Ruleset

__all__ = [
    "Chunk",
    "ChunkResult",
    "DealRow",
    "MatchRow",
    "MissingExtraError",
    "Progress",
    "RulesetRun",
    "SimError",
    "SimOutputExistsError",
    "bot_seed",
    "default_bots",
    "default_jobs",
    "execute",
    "make_chunks",
    "match_seed",
    "run_chunk",
    "run_in_core",
    "run_units",
    "unit_seed",
]

Kind = Literal["deals", "matches"]
Progress = Callable[[int], None]  # called with the number of units just finished
DISTRIBUTED_INSTALL = "pip install 'manille-variants[distributed]'"


class SimError(ManilleError):
    """A simulation that cannot run as asked (bad size, unreachable scheduler, ...)."""


class MissingExtraError(SimError, ImportError):
    """An optional package needed for the asked feature is not installed."""


class SimOutputExistsError(SimError, OutputExistsError):
    """A report, chart or records directory in the way (``force`` false)."""


class DealRow(NamedTuple):
    """What the statistics need from one finished deal (team A = the dealer's side)."""

    team_a: int
    team_b: int
    tied: bool
    dealer_won: bool
    sweep: bool  # one side took all 8 tricks (whatever the ruleset does with it)
    mode: str  # "trump", "no-trump", "blind" or "thrown-in"
    calls: int  # rungs of the call ladder reached (0, 1, 2)
    factor: int
    capped: bool
    dealer_card_points: int


class MatchRow(NamedTuple):
    """One finished match: its length and winner (team 0 = seats 0 and 2)."""

    deals: int
    games: int
    game_lengths: tuple[int, ...]
    winner: int


@dataclass(frozen=True)
class Chunk:
    """Units ``start`` to ``stop - 1`` of one kind, to be played under every ruleset."""

    kind: Kind
    rulesets: tuple[Ruleset, ...]
    start: int
    stop: int
    seed: int
    bots: str
    records: bool = False


@dataclass
class RulesetRun:
    """The results of one ruleset, in unit order (deal rows of matches in play order)."""

    deals: list[DealRow] = field(default_factory=list)
    matches: list[MatchRow] = field(default_factory=list)
    records: list[dict[str, Any]] = field(default_factory=list)

    def extend(self, other: RulesetRun) -> None:
        self.deals.extend(other.deals)
        self.matches.extend(other.matches)
        self.records.extend(other.records)


@dataclass
class ChunkResult:
    """The results of one chunk: one :class:`RulesetRun` per ruleset of the chunk."""

    start: int
    stop: int
    runs: list[RulesetRun]


def unit_seed(master: int, index: int) -> int:
    """The shuffle seed of deal ``index`` of a deal-mode run."""
    return deal_seed(master, index)


def match_seed(master: int, index: int) -> int:
    """The seed of match ``index`` of a match-mode run (a stream apart from the deals')."""
    return deal_seed(deal_seed(master, -2), index)


def bot_seed(seed: int) -> int:
    """The seed the bots of a unit get, derived from the unit's own seed."""
    return deal_seed(seed, -3)


def default_bots() -> str:
    """``"heuristic"`` when that bot is available, else ``"random"``."""
    try:
        make_bot("heuristic", 0)
    except ManilleError:
        return "random"
    return "heuristic"


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1


def deal_row(result: DealScore) -> DealRow:
    """The row kept for a finished deal."""
    return DealRow(
        team_a=result.team_a, team_b=result.team_b, tied=result.tied,
        dealer_won=result.winner == "A", sweep=8 in result.tricks, mode=result.mode,
        calls=result.calls, factor=result.factor, capped=result.capped,
        dealer_card_points=result.card_points[0],
    )


def deal_entry(state: DealState) -> dict[str, Any]:
    """A finished deal as a record entry (seed, dealer, context, action texts, result)."""
    assert state.result is not None
    return {
        "seed": state.seed, "dealer": state.dealer, "pending_ties": state.pending_ties,
        "scores": list(state.scores), "actions": [str(a) for a in state.actions],
        "result": state.result.to_dict(),
    }


def play_one_deal(rules: Rules, index: int, master: int, bots: str, records: bool,
                  run: RulesetRun) -> None:
    """Play deal ``index`` of a deal-mode run and add its row (and record) to ``run``."""
    seed = unit_seed(master, index)
    final = play_deal(new_deal(rules, seed, index % 4), make_bots(bots, bot_seed(seed)))
    assert final.result is not None
    run.deals.append(deal_row(final.result))
    if records:
        run.records.append({"kind": "deal", "index": index, "deals": [deal_entry(final)]})


def play_one_match(rules: Rules, index: int, master: int, bots: str, records: bool,
                   run: RulesetRun) -> None:
    """Play match ``index`` of a match-mode run and add its rows (and record) to ``run``."""
    seed = match_seed(master, index)
    finals: list[DealState] = []
    match = play_match(rules, seed, make_bots(bots, bot_seed(seed)), on_deal=finals.append)
    lengths = [0] * (match.game + 1)
    for outcome in match.deals:
        lengths[outcome.game] += 1
    assert match.winner is not None
    run.matches.append(MatchRow(len(match.deals), len(lengths), tuple(lengths), match.winner))
    run.deals.extend(deal_row(f.result) for f in finals if f.result is not None)
    if records:
        entry = {"kind": "match", "index": index, "seed": seed,
                 "first_dealer": match.first_dealer, "winner": match.winner,
                 "deals": [deal_entry(f) for f in finals]}
        run.records.append(entry)


def run_chunk(chunk: Chunk) -> ChunkResult:
    """Play every unit of the chunk under every ruleset (the function workers run)."""
    play = play_one_deal if chunk.kind == "deals" else play_one_match
    runs = []
    for ruleset in chunk.rulesets:
        rules = compile_rules(ruleset)
        run = run_in_core(chunk, rules)
        if run is None:
            run = RulesetRun()
            for index in range(chunk.start, chunk.stop):
                play(rules, index, chunk.seed, chunk.bots, chunk.records, run)
        runs.append(run)
    return ChunkResult(chunk.start, chunk.stop, runs)


def run_in_core(chunk: Chunk, rules: Rules) -> RulesetRun | None:
    """The chunk's units under ``rules`` played whole by the compiled core (the GIL released),
    with the same rows as the Python loop; None where the core cannot play them (bots other
    than the built-in random and heuristic ones, records asked, rulesets with plug-ins)."""
    from manille_variants.engine.core import core_for

    seats = _builtin_seats(chunk.bots)
    if chunk.records or seats is None:
        return None
    core = core_for(rules)
    if core is None:  # plug-ins, a turned card, or a checkout whose core is not built
        return None
    from manille_variants import _core

    master = chunk.seed % 2**64
    run = RulesetRun()
    if set(seats) == {"random"}:
        deals = _core.sim_random_deals(core, master, chunk.start, chunk.stop) if chunk.kind == "deals" else None
        matches = None if deals is not None else _core.sim_random_matches(
            core, master, chunk.start, chunk.stop, rules.first_dealer)
    else:
        from manille_variants.bots.heuristic import HeuristicBot

        heuristic = HeuristicBot(0).core(rules)
        deals = (_core.sim_bot_deals(core, master, chunk.start, chunk.stop, seats, heuristic)
                 if chunk.kind == "deals" else None)
        matches = None if deals is not None else _core.sim_bot_matches(
            core, master, chunk.start, chunk.stop, seats, heuristic, rules.first_dealer)
    if deals is not None:
        run.deals = list(map(DealRow._make, deals))
        return run
    for (count, games, lengths, winner), rows in matches or ():
        run.matches.append(MatchRow(count, games, tuple(lengths), winner))
        run.deals.extend(map(DealRow._make, rows))
    return run


def _builtin_seats(spec: str) -> list[str] | None:
    """The bot of each seat when all are the built-in random or heuristic bots (as
    :func:`~manille_variants.bots.make_bots` reads ``spec``), else None."""
    from manille_variants.bots import BOTS, RandomBot
    from manille_variants.bots.heuristic import HeuristicBot

    builtin: dict[str, object] = {"random": RandomBot, "heuristic": HeuristicBot}
    names = [name.strip() for name in spec.split(",")]
    seats = names * 4 if len(names) == 1 else names * 2 if len(names) == 2 else names
    if len(seats) != 4 or any(name not in builtin or BOTS.get(name) is not builtin[name] for name in seats):
        return None
    return seats


def make_chunks(kind: Kind, rulesets: Sequence[Ruleset], count: int, seed: int, bots: str,
                *, jobs: int = 1, records: bool = False, size: int | None = None) -> list[Chunk]:
    """Split units ``0..count-1`` into chunks: about 16 per job (small enough that the jobs
    finish together), of 20 to 250 deals or 1 to 20 matches each (the results do not depend
    on it)."""
    if size is None:
        low, high = (20, 250) if kind == "deals" else (1, 20)
        size = max(low, min(high, -(-count // (16 * max(1, jobs)))))
    return [
        Chunk(kind, tuple(rulesets), start, min(start + size, count), seed, bots, records)
        for start in range(0, count, size)
    ]


def execute(chunks: Sequence[Chunk], *, jobs: int = 1, scheduler: str | None = None,
            progress: Progress | None = None) -> list[ChunkResult]:
    """Run the chunks here (one job), on ``jobs`` processes, or on a Dask cluster;
    the results come back in chunk order whichever way they ran."""
    if scheduler:
        return _run_dask(chunks, scheduler, progress)
    if jobs <= 1 or len(chunks) <= 1:
        return _run_here(chunks, progress)
    return _run_processes(chunks, jobs, progress)


def _done(progress: Progress | None, result: ChunkResult) -> ChunkResult:
    if progress is not None:
        progress(result.stop - result.start)
    return result


def _run_here(chunks: Sequence[Chunk], progress: Progress | None) -> list[ChunkResult]:
    return [_done(progress, run_chunk(chunk)) for chunk in chunks]


def _run_processes(chunks: Sequence[Chunk], jobs: int, progress: Progress | None
                   ) -> list[ChunkResult]:
    with ProcessPoolExecutor(max_workers=min(jobs, len(chunks))) as pool:
        futures = [pool.submit(run_chunk, chunk) for chunk in chunks]
        _report_as_done(futures, progress)
        return [future.result() for future in futures]


def _report_as_done(futures: Sequence[Future[ChunkResult]], progress: Progress | None) -> None:
    pending: set[Future[ChunkResult]] = set(futures)
    while pending:
        done, pending = wait(pending, return_when=FIRST_COMPLETED)
        for future in done:
            _done(progress, future.result())


def _distributed() -> Any:
    """The ``distributed`` package (untyped: used through ``Any``), or a clear error."""
    try:
        return importlib.import_module("distributed")
    except ImportError:
        raise MissingExtraError(
            f"a Dask scheduler needs the optional Dask packages: {DISTRIBUTED_INSTALL}"
        ) from None


def _run_dask(chunks: Sequence[Chunk], address: str, progress: Progress | None
              ) -> list[ChunkResult]:
    distributed = _distributed()
    _check_address(address)
    try:
        client = distributed.Client(address, timeout="10s", set_as_default=False)
    except (OSError, TimeoutError) as exc:
        raise SimError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    try:
        futures = client.map(run_chunk, list(chunks), pure=False)
        for future in distributed.as_completed(futures, loop=client.loop):
            _done(progress, future.result())
        results: list[ChunkResult] = client.gather(futures)
        return results
    finally:
        client.close()


def _check_address(address: str) -> None:
    """Reject an address Dask cannot even parse before a client is made for it."""
    comm: Any = importlib.import_module("distributed.comm")
    try:
        scheme, location = comm.parse_address(address)
        comm.registry.get_backend(scheme)
        if scheme in ("tcp", "tls"):
            comm.parse_host_port(location)
    except ValueError as exc:
        raise SimError(f"bad Dask scheduler address {address!r}: {exc}") from None


def run_units(kind: Kind, rulesets: Sequence[Ruleset], count: int, seed: int, bots: str, *,
              jobs: int = 1, scheduler: str | None = None, records: bool = False,
              progress: Progress | None = None) -> list[RulesetRun]:
    """Play ``count`` units of ``kind`` under every ruleset; one merged run per ruleset."""
    if count < 0:
        raise SimError(f"the number of {kind} must not be negative (got {count})")
    make_bots(bots, 0)  # an unknown bot name fails here, not in a worker
    chunks = make_chunks(kind, rulesets, count, seed, bots, jobs=jobs, records=records)
    runs = [RulesetRun() for _ in rulesets]
    if not chunks:
        return runs
    for result in execute(chunks, jobs=jobs, scheduler=scheduler, progress=progress):
        for run, part in zip(runs, result.runs, strict=True):
            run.extend(part)
    return runs
