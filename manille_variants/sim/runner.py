"""Seeded work units and their execution: in this process, on local processes or on Dask.

A work unit is (ruleset, kind, index, master seed) and its result depends on nothing else:

- deal ``i`` (``kind="deals"``): shuffle seed ``deal_seed(master, i)``, dealer ``i % seats``, no
  pending tie, scores 0-0; the seats' bots are seeded from the deal seed;
- match ``j`` (``kind="matches"``): match seed ``deal_seed(deal_seed(master, -2), j)``; the
  match seeds its first dealer and its deals itself; the bots are seeded once from it.

Every ruleset of a comparison plays the same units (duplicate play), and a chunk of indices
runs all rulesets, so results are the same whatever the number of jobs or the chunking.
A chunk's result is a :class:`~manille_variants.sim.metrics.Tally` per ruleset (exact
counts, merged by adding them), and its rows only when asked (records, tests). Chunks the
compiled core plays (its built-in random and heuristic bots, no records, rulesets it plays)
are played whole in the core, GIL released, and tallied there; local jobs then run them on
threads.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Sequence
from concurrent.futures import (
    FIRST_COMPLETED,
    Executor,
    Future,
    ProcessPoolExecutor,
    ThreadPoolExecutor,
    wait,
)
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

from manille_variants.bots import BOTS, RandomBot, make_bot, make_bots, play_deal, play_match
from manille_variants.bots.heuristic import HeuristicBot
from manille_variants.bots.registry import ismcts_bot, search_bot
from manille_variants.engine.compiled import compile_rules
from manille_variants.engine.crossing import core_rules_for
from manille_variants.engine.deal import DealState, new_deal
from manille_variants.engine.match import deal_seed
from manille_variants.engine.rules import Rules
from manille_variants.engine.scoring import DealScore
from manille_variants.errors import ManilleError, OutputExistsError
from manille_variants.messages import define, msg
from manille_variants.ruleset.schema import Ruleset
from manille_variants.sim.metrics import DEAL_METRICS, MATCH_METRICS, Tally

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
    "chunk_shape",
    "core_heuristics",
    "core_plays",
    "core_tallies",
    "default_bots",
    "default_jobs",
    "execute",
    "make_chunks",
    "match_seed",
    "run_chunk",
    "run_in_core",
    "run_plan",
    "run_units",
    "unit_seed",
]

Kind = Literal["deals", "matches"]
Progress = Callable[[int], None]  # called with the number of units just finished
DISTRIBUTED_INSTALL = "pip install 'manille-variants[distributed]'"
NEEDS_DASK = define("sim.needs-dask", "a Dask scheduler needs the optional Dask packages: {install}")
NO_SCHEDULER = define("sim.no-scheduler", "cannot reach the Dask scheduler at {address}: {error}")
BAD_ADDRESS = define("sim.bad-address", "bad Dask scheduler address {address}: {error}")
NEGATIVE = define("sim.negative", "the number of {kind} must not be negative (got {count})")
# The bots the compiled core plays, by their registered name: the core's bot of that name
# makes the same choices as this class (a test holds them to it).
CORE_BOTS: dict[str, Any] = {"random": RandomBot, "heuristic": HeuristicBot, "search": search_bot,
                             "ismcts": ismcts_bot}


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
    """One finished match: its length and winner (team 0 = seats 0 and 2; a seat where the
    dealer plays alone)."""

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
    rows: bool = False  # keep every unit's row (records keep them too)
    core: bool = False  # the compiled core plays it (a hint for running it on threads)

    @property
    def keeps_rows(self) -> bool:
        return self.rows or self.records


@dataclass
class RulesetRun:
    """The results of one ruleset: the tally of its units, and in unit order their rows and
    records when the chunks kept them (deal rows of matches in play order)."""

    deals: list[DealRow] = field(default_factory=list)
    matches: list[MatchRow] = field(default_factory=list)
    records: list[dict[str, Any]] = field(default_factory=list)
    tally: Tally = field(default_factory=Tally)

    def extend(self, other: RulesetRun) -> None:
        self.deals.extend(other.deals)
        self.matches.extend(other.matches)
        self.records.extend(other.records)
        self.tally.merge(other.tally)


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


def default_bots(rulesets: Sequence[Ruleset | Rules] = ()) -> str:
    """``"heuristic"`` when that bot is available (it plays every table size), else
    ``"random"``."""
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


def deal_row(result: DealScore, tricks: int = 8) -> DealRow:
    """The row kept for a finished deal (of ``tricks`` tricks: a sweep takes them all)."""
    return DealRow(
        team_a=result.team_a, team_b=result.team_b, tied=result.tied,
        dealer_won=result.winner == "A", sweep=tricks in result.tricks, mode=result.mode,
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
    final = play_deal(new_deal(rules, seed, index % rules.seats), make_bots(bots, bot_seed(seed), seats=rules.seats))
    assert final.result is not None
    run.deals.append(deal_row(final.result, rules.tricks_per_deal))
    if records:
        run.records.append({"kind": "deal", "index": index, "deals": [deal_entry(final)]})


def play_one_match(rules: Rules, index: int, master: int, bots: str, records: bool,
                   run: RulesetRun) -> None:
    """Play match ``index`` of a match-mode run and add its rows (and record) to ``run``."""
    seed = match_seed(master, index)
    finals: list[DealState] = []
    match = play_match(rules, seed, make_bots(bots, bot_seed(seed), seats=rules.seats), on_deal=finals.append)
    lengths = [0] * (match.game + 1)
    for outcome in match.deals:
        lengths[outcome.game] += 1
    assert match.winner is not None
    run.matches.append(MatchRow(len(match.deals), len(lengths), tuple(lengths), match.winner))
    run.deals.extend(deal_row(f.result, rules.tricks_per_deal) for f in finals if f.result is not None)
    if records:
        entry = {"kind": "match", "index": index, "seed": seed,
                 "first_dealer": match.first_dealer, "winner": match.winner,
                 "deals": [deal_entry(f) for f in finals]}
        run.records.append(entry)


def run_chunk(chunk: Chunk) -> ChunkResult:
    """Play every unit of the chunk under every ruleset (the function workers run)."""
    compiled = [compile_rules(ruleset) for ruleset in chunk.rulesets]
    runs = _tally_in_core(chunk, compiled)
    if runs is None:
        runs = [run_in_core(chunk, rules) or _rows_in_python(chunk, rules) for rules in compiled]
        _tally_rows(chunk, runs)
    return ChunkResult(chunk.start, chunk.stop, runs)


def _rows_in_python(chunk: Chunk, rules: Rules) -> RulesetRun:
    play = play_one_deal if chunk.kind == "deals" else play_one_match
    run = RulesetRun()
    for index in range(chunk.start, chunk.stop):
        play(rules, index, chunk.seed, chunk.bots, chunk.records, run)
    return run


def _tally_rows(chunk: Chunk, runs: Sequence[RulesetRun]) -> None:
    """Tally the rows of the chunk's runs (the deal metrics of a match run's deals only if
    the core has not tallied them); drop the rows unless the chunk keeps them."""
    base = runs[0]
    for k, run in enumerate(runs):
        if chunk.kind == "deals":
            run.tally.add_values(DEAL_METRICS, run.deals)
            if k:
                run.tally.add_diffs(DEAL_METRICS, base.deals, run.deals)
            continue
        if run.deals:
            run.tally.add_values(DEAL_METRICS, run.deals)
        run.tally.add_values(MATCH_METRICS, run.matches)
        run.tally.game_lengths.update(n for m in run.matches for n in m.game_lengths)
        if k:
            run.tally.add_diffs(MATCH_METRICS, base.matches, run.matches)
    if not chunk.keeps_rows:
        for run in runs:
            run.deals, run.matches = [], []


def core_plays(bots: str, rules: Sequence[Rules], *, records: bool = False) -> list[Any] | None:
    """The core's form of each of ``rules`` when the compiled core plays these bots on all
    of them (no records asked); None otherwise."""
    if records:
        return None
    names = {name.split(":")[0].strip() for name in bots.split(",")}
    if any(n not in CORE_BOTS or BOTS.get(n) is not CORE_BOTS[n] for n in names):
        return None
    # None: plug-ins, a table whose tallies the core does not keep (core_tallies), no core built
    cores = [core_rules_for(r) if core_tallies(r) else None for r in rules]
    if names & SEARCHING_BOTS and not all(r.default_table for r in rules):
        return None  # the searching bots play four seats only: the Python loop says so
    if any(c is None for c in cores):
        return None
    from manille_variants import _core

    if not names <= set(_core.sim_bots()):
        return None
    return cores


def core_tallies(rules: Rules) -> bool:
    """Whether the core's simulations play this table as the Python loop does: four seats, six
    in two fixed teams (belgian-six), three with the dealer alone (belgian-three: a score per
    player, the others credited per ``table.credit``, as
    :class:`~manille_variants.engine.match.Match` keeps them), or two (belgian-two, its layout
    included)."""
    if rules.default_table:
        return True
    return (rules.seats, rules.temporary_teams) in ((6, False), (3, True), (2, False))


def core_heuristics(bots: str, rules: Sequence[Rules]) -> list[Any] | None:
    """The heuristic bot's settings under each of ``rules`` (with its decision table) when a
    seat of ``bots`` is the heuristic bot, the search bot (whose model of play it is) or the
    IS-MCTS bot (whose rollouts play as the heuristic), for the core's simulations; None
    otherwise."""
    if not {"heuristic", "search", "ismcts"} & {name.split(":")[0].strip() for name in bots.split(",")}:
        return None
    bot = HeuristicBot(0)
    return [bot.core(r) for r in rules]


def _tally_in_core(chunk: Chunk, compiled: Sequence[Rules]) -> list[RulesetRun] | None:
    """The chunk played and tallied whole by the compiled core (the GIL released), the same
    tallies as the Python loop's; None where the core cannot play it or rows are asked."""
    cores = None if chunk.keeps_rows else core_plays(chunk.bots, compiled)
    if cores is None:
        return None
    from manille_variants import _core

    master = chunk.seed % 2**64
    heuristics = core_heuristics(chunk.bots, compiled)
    runs = [RulesetRun() for _ in cores]
    if chunk.kind == "deals":
        values, diffs = _core.sim_deal_tally(cores, master, chunk.start, chunk.stop, chunk.bots,
                                             heuristics)
        for k, run in enumerate(runs):
            run.tally.add_counts(values[k])
            if k:
                run.tally.add_counts(diffs[k - 1], diffs=True)
        return runs
    for k, (run, core, rules) in enumerate(zip(runs, cores, compiled, strict=True)):
        matches, counts = _core.sim_match_tally(
            core, master, chunk.start, chunk.stop, chunk.bots, rules.first_dealer,
            heuristic=None if heuristics is None else heuristics[k])
        run.matches = [MatchRow(d, g, tuple(lengths), w) for d, g, lengths, w in matches]
        run.tally.add_counts(counts)
    _tally_rows(chunk, runs)
    return runs


def run_in_core(chunk: Chunk, rules: Rules) -> RulesetRun | None:
    """The chunk's rows under ``rules`` played by the compiled core (the GIL released), the
    same rows as the Python loop; None where the core cannot play them (bots other than the
    built-in random and heuristic ones, records asked, rulesets with plug-ins)."""
    core = None if chunk.records else core_plays(chunk.bots, [rules])
    if core is None:
        return None
    from manille_variants import _core

    master = chunk.seed % 2**64
    heuristics = core_heuristics(chunk.bots, [rules])
    heuristic = None if heuristics is None else heuristics[0]
    run = RulesetRun()
    if chunk.kind == "deals":
        rows = _core.sim_deal_rows(core[0], master, chunk.start, chunk.stop, chunk.bots, heuristic)
        run.deals = list(map(DealRow._make, rows))
        return run
    matches = _core.sim_match_rows(core[0], master, chunk.start, chunk.stop, chunk.bots,
                                   rules.first_dealer, heuristic=heuristic)
    for (count, games, lengths, winner), deal_rows in matches:
        run.matches.append(MatchRow(count, games, tuple(lengths), winner))
        run.deals.extend(map(DealRow._make, deal_rows))
    return run


# The bots that search every decision: a deal costs them about a second, so their chunks are
# cut as finely as the Python loop's (every job busy to the end), even in the core.
SEARCHING_BOTS = frozenset({"search", "ismcts"})


def chunk_shape(kind: Kind, bots: str, in_core: bool) -> tuple[int, tuple[int, int]]:
    """Chunks per job and the (fewest, most) units in a chunk for ``bots`` playing ``kind``."""
    searching = bool(SEARCHING_BOTS & {name.split(":")[0].strip() for name in bots.split(",")})
    if in_core and not searching:
        return 4, ((1_000, 100_000) if kind == "deals" else (1, 200))
    if searching:
        return 8, ((1, 250) if kind == "deals" else (1, 20))
    return 16, ((20, 250) if kind == "deals" else (1, 20))


def make_chunks(kind: Kind, rulesets: Sequence[Ruleset], count: int, seed: int, bots: str,
                *, jobs: int = 1, records: bool = False, size: int | None = None,
                rows: bool = False, in_core: bool | None = None) -> list[Chunk]:
    """Split units ``0..count-1`` into chunks (the results do not depend on it).

    On the Python loop: about 16 per job (small enough that the jobs finish together), of 20
    to 250 deals or 1 to 20 matches each.  In the compiled core (``in_core``; None: when it
    plays these bots and rulesets): about 4 per job, of 1,000 to 100,000 deals or 1 to 200
    matches, since a chunk costs the core almost nothing to start; with a searching bot
    (``search``, ``ismcts``: a second a deal) about 8 per job of 1 to 250 deals."""
    if in_core is None:
        compiled = [compile_rules(r) for r in rulesets]
        in_core = not rows and not records and core_plays(bots, compiled) is not None
    if size is None:
        per_job, (low, high) = chunk_shape(kind, bots, in_core)
        size = max(low, min(high, -(-count // (per_job * max(1, jobs)))))
    return [
        Chunk(kind, tuple(rulesets), start, min(start + size, count), seed, bots, records, rows,
              in_core)
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
    """On local workers: threads when the core plays every chunk (it releases the GIL, and
    threads start at once and share the compiled rules), else processes."""
    workers = min(jobs, len(chunks))
    pool: Executor = ThreadPoolExecutor(workers) if all(c.core for c in chunks) \
        else ProcessPoolExecutor(workers)
    with pool:
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
        raise MissingExtraError(msg(NEEDS_DASK, install=DISTRIBUTED_INSTALL)) from None


def _run_dask(chunks: Sequence[Chunk], address: str, progress: Progress | None
              ) -> list[ChunkResult]:
    distributed = _distributed()
    _check_address(address)
    try:
        client = distributed.Client(address, timeout="10s", set_as_default=False)
    except (OSError, TimeoutError) as exc:
        raise SimError(msg(NO_SCHEDULER, address=address, error=str(exc))) from None
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
        raise SimError(msg(BAD_ADDRESS, address=repr(address), error=str(exc))) from None


def run_units(kind: Kind, rulesets: Sequence[Ruleset], count: int, seed: int, bots: str, *,
              jobs: int = 1, scheduler: str | None = None, records: bool = False,
              rows: bool = False, progress: Progress | None = None) -> list[RulesetRun]:
    """Play ``count`` units of ``kind`` under every ruleset; one merged run per ruleset
    (its tally; with ``rows`` or ``records`` also every unit's row, in unit order)."""
    (runs,) = run_plan(((kind, count),), rulesets, seed, bots, jobs=jobs, scheduler=scheduler,
                       records=records, rows=rows, progress=progress)
    return runs


def run_plan(plan: Sequence[tuple[Kind, int]], rulesets: Sequence[Ruleset], seed: int, bots: str, *,
             jobs: int = 1, scheduler: str | None = None, records: bool = False,
             rows: bool = False, progress: Progress | None = None) -> list[list[RulesetRun]]:
    """:func:`run_units` for each (kind, count) of ``plan``, on one pool: the chunks of
    matches (the longest) start first, so the jobs finish together."""
    for kind, count in plan:
        if count < 0:
            raise SimError(msg(NEGATIVE, kind=kind, count=count))
    for seats in sorted({compile_rules(r).seats for r in rulesets} or {4}):
        make_bots(bots, 0, seats=seats)  # an unknown bot name or a bad count fails here, not in a worker
    parts = [make_chunks(kind, rulesets, count, seed, bots, jobs=jobs, records=records, rows=rows)
             for kind, count in plan]
    order = sorted(range(len(parts)), key=lambda k: plan[k][0] != "matches")
    chunks = [chunk for k in order for chunk in parts[k]]
    plans = [[RulesetRun() for _ in rulesets] for _ in plan]
    owner = [k for k in order for _ in parts[k]]
    if chunks:
        results = execute(chunks, jobs=jobs, scheduler=scheduler, progress=progress)
        for k, result in zip(owner, results, strict=True):
            for run, part in zip(plans[k], result.runs, strict=True):
                run.extend(part)
    return plans
