"""Search bot against the heuristic bot (a benchmark, not a test): ``python bench/search_strength.py``.

- Duplicate deal pairs per bundled ruleset: each deal is played twice, the search bot on team 0
  then on team 1 (the heuristic on the other team); a pair's figure is the search side's net
  match points summed over both (so the cards' luck cancels).  Mean with a 95% interval.
- ``table-convention`` matches, the teams swapped halfway: the share the search side wins.

``--bot`` names the bot measured (default ``search``; ``ismcts``: the IS-MCTS bot) and
``--against`` its opponent (default ``heuristic``; ``search`` for IS-MCTS against the PIMC
search): e.g. ``--bot ismcts --against search --rulesets table-convention,belgian --pairs 100
--matches 0``.

Sized with ``--pairs`` (default 500) and ``--matches`` (default 100); runs on ``--jobs``
processes (default 2).  The search plays about a deal in 0.25 s per free core (the full run:
about 14 minutes).  The pairs of every ruleset and the matches are interleaved, with the
figures so far printed every 200 tasks, so that a run stopped early still reports each.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import manille_variants as mv
from manille_variants.bots import make_bots, play_deal, play_match
from manille_variants.bots.base import Bot


def bundled() -> list[str]:
    """The bundled rulesets the search bot can play (all of them: those without Python plug-ins)."""
    from manille_variants.ruleset.loader import bundled_names
    from manille_variants.search.solver import searchable

    first = ["table-convention", "belgian", "belgian-capped", "french-coinchee"]
    names = first + sorted(set(bundled_names()) - set(first))
    return [n for n in names if searchable(mv.compile_rules(mv.load_ruleset(n)))]


def _bots(search_team: int, seed: int, bot: str = "search", against: str = "heuristic") -> list[Bot]:
    spec = f"{bot},{against}" if search_team == 0 else f"{against},{bot}"
    return make_bots(spec, seed=seed)


def _net_for(state: mv.DealState, team: int) -> int:
    assert state.result is not None
    a, b = state.result.team_a, state.result.team_b
    return (a - b) if state.dealer_team == team else (b - a)


def pair(args: tuple[str, int], bot: str = "search", against: str = "heuristic") -> int:
    """The search side's net match points over one deal played with the teams swapped."""
    name, index = args
    rs = mv.load_ruleset(name)
    total = 0
    for team in (0, 1):
        state = play_deal(mv.new_deal(rs, 10_000 + index, dealer=index % 4), _bots(team, index, bot, against))
        total += _net_for(state, team)
    return total


def match(args: tuple[int, int], bot: str = "search", against: str = "heuristic") -> bool:
    """Whether the search side wins match ``index`` (on team ``team``)."""
    index, team = args
    m = play_match(mv.load_ruleset("table-convention"), 20_000 + index, _bots(team, index, bot, against))
    return m.winner == team


def _interval(values: list[int]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return mean, half


def task(job: tuple[str, object, int, str, str]) -> tuple[str, int]:
    """One pair (``kind`` "pair": the search side's net) or one match ("match": 1 if won),
    with the bot measured and its opponent."""
    kind, name_or_team, index, bot, against = job
    if kind == "match":
        return kind, int(match((index, int(str(name_or_team))), bot, against))
    return str(name_or_team), pair((str(name_or_team), index), bot, against)


def _report(nets: dict[str, list[int]], wins: list[int], pairs: int, matches: int, elapsed: float,
            side: str = "search side") -> None:
    for name, values in nets.items():
        if len(values) > 1:
            mean, half = _interval(values)
            print(f"{name:18s} {len(values):4d} of {pairs} pairs: {side} net {mean:+.2f} ± {half:.2f}"
                  " match points a pair", flush=True)
    if matches:
        won = sum(wins)
        share = won / len(wins) if wins else 0.0
        print(f"table-convention   {len(wins):4d} of {matches} matches: {side} won {won} ({share:.0%})",
              flush=True)
    print(f"  ({elapsed:.0f} s)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=500)
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--rulesets", help="comma-separated (default: every bundled ruleset the search can play)")
    parser.add_argument("--bot", default="search", help="the bot measured (search, ismcts, ...)")
    parser.add_argument("--against", default="heuristic", help="its opponent (heuristic, search, ...)")
    args = parser.parse_args()
    side = "search side"
    if (args.bot, args.against) != ("search", "heuristic"):
        side = f"{args.bot} side vs {args.against}"
    start = time.perf_counter()
    names = args.rulesets.split(",") if args.rulesets else bundled()
    # Interleaved (pairs of every ruleset, a match now and then), so that a run stopped early
    # still has a figure for each; progress every 200 tasks.
    jobs: list[tuple[str, object, int, str, str]] = [
        ("pair", name, i, args.bot, args.against) for i in range(args.pairs) for name in names]
    step = max(1, len(jobs) // max(1, args.matches))
    for i in range(args.matches):
        team = 0 if i < args.matches // 2 else 1
        jobs.insert(min(len(jobs), i * (step + 1)), ("match", team, i, args.bot, args.against))
    nets: dict[str, list[int]] = {name: [] for name in names}
    wins: list[int] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for done, (kind, value) in enumerate(pool.map(task, jobs, chunksize=1), 1):
            (wins if kind == "match" else nets[kind]).append(value)
            if done % 200 == 0 and done < len(jobs):
                _report(nets, wins, args.pairs, args.matches, time.perf_counter() - start, side)
    print("== final", flush=True)
    _report(nets, wins, args.pairs, args.matches, time.perf_counter() - start, side)


if __name__ == "__main__":
    main()
