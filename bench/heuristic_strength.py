"""The heuristic bot's learned decisions before play against its old class table (a benchmark,
not a test): ``python bench/heuristic_strength.py [--pairs 2000] [--jobs 1]``.

Duplicate deal pairs per bundled ruleset with a choice of trump: each deal (seeded, the dealer
turning with the deal's number, scores 0-0) is played twice, ``HeuristicBot()`` (the learned
model) on team 0 then on team 1, ``HeuristicBot(model="table")`` (trump and no-trump by the
class table, delegation and calls by the thresholds) on the other team; the card play is the
same bot's.  A pair's figure is the learned side's net match points summed over both deals
(the cards' luck cancels).  Mean with a 95% interval, and the share of pairs whose two deals
were decided the same (every decision before play equal: a net of 0 by construction).
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
from manille_variants.bots import play_deal
from manille_variants.bots.heuristic import HeuristicBot

RULESETS = ["table-convention", "belgian", "belgian-capped", "french-coinchee"]


def _net_for(state: mv.DealState, team: int) -> int:
    assert state.result is not None
    a, b = state.result.team_a, state.result.team_b
    return (a - b) if state.dealer_team == team else (b - a)


def pair(args: tuple[str, int]) -> int:
    """The learned side's net match points over one deal played with the teams swapped."""
    name, index = args
    rs = mv.load_ruleset(name)
    total = 0
    for team in (0, 1):
        bots = [HeuristicBot(index * 4 + seat, model="learned" if seat % 2 == team else "table") for seat in range(4)]
        state = play_deal(mv.new_deal(rs, 30_000 + index, dealer=index % 4), bots)
        total += _net_for(state, team)
    return total


def _report(nets: dict[str, list[int]], pairs: int, elapsed: float) -> None:
    for name, values in nets.items():
        if len(values) > 1:
            mean = statistics.fmean(values)
            half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
            same = sum(v == 0 for v in values) / len(values)
            print(f"{name:18s} {len(values):5d} of {pairs} pairs: learned side net {mean:+.3f} ± {half:.3f}"
                  f" match points a pair ({same:.0%} of pairs net 0)", flush=True)
    print(f"  ({elapsed:.0f} s)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--pairs", type=int, default=2000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--rulesets", help="comma-separated (default: " + ",".join(RULESETS) + ")")
    args = parser.parse_args()
    start = time.perf_counter()
    names = args.rulesets.split(",") if args.rulesets else RULESETS
    jobs = [(name, i) for i in range(args.pairs) for name in names]
    nets: dict[str, list[int]] = {name: [] for name in names}
    with ProcessPoolExecutor(max(1, args.jobs)) as pool:
        for done, ((name, _), value) in enumerate(zip(jobs, pool.map(pair, jobs, chunksize=50), strict=True), 1):
            nets[name].append(value)
            if done % 2000 == 0 and done < len(jobs):
                _report(nets, args.pairs, time.perf_counter() - start)
    print("== final", flush=True)
    _report(nets, args.pairs, time.perf_counter() - start)


if __name__ == "__main__":
    main()
