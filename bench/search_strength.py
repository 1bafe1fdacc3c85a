"""Search bot against the heuristic bot (a benchmark, not a test): ``python bench/search_strength.py``.

- Duplicate deal pairs per bundled ruleset: each deal is played twice, the search bot on team 0
  then on team 1 (the heuristic on the other team); a pair's figure is the search side's net
  match points summed over both (so the cards' luck cancels).  Mean with a 95% interval.
- ``table-convention`` matches, the teams swapped halfway: the share the search side wins.

Sized with ``--pairs`` (default 500) and ``--matches`` (default 100); runs on ``--jobs``
processes (default 2).  The search plays about a deal a second per core.
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
    """The bundled rulesets the search bot can play (all of them, once the turned card is mapped)."""
    from manille_variants.ruleset.loader import bundled_names
    from manille_variants.search.solver import searchable

    first = ["table-convention", "belgian", "belgian-capped", "french-coinchee"]
    names = first + sorted(set(bundled_names()) - set(first))
    return [n for n in names if searchable(mv.compile_rules(mv.load_ruleset(n)))]


def _bots(search_team: int, seed: int) -> list[Bot]:
    spec = "search,heuristic" if search_team == 0 else "heuristic,search"
    return make_bots(spec, seed=seed)


def _net_for(state: mv.DealState, team: int) -> int:
    assert state.result is not None
    a, b = state.result.team_a, state.result.team_b
    return (a - b) if state.dealer_team == team else (b - a)


def pair(args: tuple[str, int]) -> int:
    """The search side's net match points over one deal played with the teams swapped."""
    name, index = args
    rs = mv.load_ruleset(name)
    total = 0
    for team in (0, 1):
        state = play_deal(mv.new_deal(rs, 10_000 + index, dealer=index % 4), _bots(team, index))
        total += _net_for(state, team)
    return total


def match(args: tuple[int, int]) -> bool:
    """Whether the search side wins match ``index`` (on team ``team``)."""
    index, team = args
    m = play_match(mv.load_ruleset("table-convention"), 20_000 + index, _bots(team, index))
    return m.winner == team


def _interval(values: list[int]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return mean, half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=500)
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--rulesets", help="comma-separated (default: every bundled ruleset the search can play)")
    args = parser.parse_args()
    start = time.perf_counter()
    names = args.rulesets.split(",") if args.rulesets else bundled()
    with ProcessPoolExecutor(args.jobs) as pool:
        for name in names:
            nets: list[int] = []
            for net in pool.map(pair, [(name, i) for i in range(args.pairs)], chunksize=4):
                nets.append(net)
                if len(nets) % 100 == 0 and len(nets) < args.pairs:
                    mean, half = _interval(nets)
                    print(f"  {name}: {len(nets)} pairs so far: {mean:+.2f} ± {half:.2f}", flush=True)
            mean, half = _interval(nets)
            print(f"{name:18s} {args.pairs} pairs: search side net {mean:+.2f} ± {half:.2f} match points a pair"
                  f"  ({time.perf_counter() - start:.0f} s)", flush=True)
        if args.matches:
            jobs = [(i, 0 if i < args.matches // 2 else 1) for i in range(args.matches)]
            wins = sum(pool.map(match, jobs, chunksize=1))
            print(f"table-convention   {args.matches} matches: search side won {wins} ({wins / args.matches:.0%})"
                  f"  ({time.perf_counter() - start:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
