"""The strength ladder (`make bench` runs a short one; ``python bench/ladder.py --pairs 150``):
duplicate deal pairs in the compiled core between neighbouring players, per bundled ruleset
with a choice before play, with 95% intervals.

The rungs: random, the heuristic with its old class table (``heuristic-old``), the heuristic
(learned decisions before play), ``ismcts``, ``search`` at its default budget and at four
times its worlds.  Each line is the first bot's net match points per pair against the second
(each deal played twice, the teams swapped).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.duel import duel, interval
from manille_variants.search.bot import DEFAULT_WORLDS

RULESETS = ["table-convention", "belgian", "belgian-capped", "french-coinchee", "french-parlee"]
RUNGS = [
    ("heuristic", "random"),
    ("heuristic", "heuristic-old"),
    ("search", "heuristic"),
    ("ismcts", "heuristic"),
    ("search", "ismcts"),
    (f"search:worlds={4 * DEFAULT_WORLDS}", "search"),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=150)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--rulesets", nargs="*", default=RULESETS)
    parser.add_argument("--rungs", type=int, nargs="*", help="which rungs (indices), default all")
    args = parser.parse_args()
    rungs = [RUNGS[i] for i in args.rungs] if args.rungs else RUNGS
    print(f"== strength ladder: net match points per duplicate pair, {args.pairs} pairs, 95% intervals")
    for ruleset in args.rulesets:
        for a, b in rungs:
            started = time.perf_counter()
            rows = duel(ruleset, a, b, args.pairs, threads=args.threads)
            mean, half = interval([n for n, _ in rows])
            print(f"  {ruleset:17s} {a:17s} vs {b:14s} {mean:+7.2f} ± {half:5.2f}   "
                  f"({time.perf_counter() - started:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
