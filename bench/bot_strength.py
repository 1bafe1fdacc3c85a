"""How strong is the heuristic bot?  Match win rates over whole matches per bundled ruleset.

    python bench/bot_strength.py [--matches 1000] [--jobs 2]

For each bundled ruleset, the heuristic team plays ``--matches`` matches against random bots
and as many against itself (a sanity check: about half).  The heuristic side sits in team 0
for even match numbers and team 1 for odd ones, so seat and first-dealer effects cancel; every
match is seeded from its number.  Prints a table with 95% Wilson intervals.
"""

from __future__ import annotations

import argparse
import math
import time
from concurrent.futures import ProcessPoolExecutor

from manille_variants.bots import make_bot, play_match
from manille_variants.ruleset.loader import bundled_names, load_ruleset

PAIRINGS = (("heuristic", "random"), ("heuristic", "heuristic"))


def match_won(ruleset: str, first: str, second: str, index: int) -> tuple[bool, int]:
    """Whether ``first``'s team won match ``index``, and how many deals it took."""
    side = index & 1
    names = [first, second, first, second] if side == 0 else [second, first, second, first]
    bots = [make_bot(name, index * 4 + seat) for seat, name in enumerate(names)]
    match = play_match(load_ruleset(ruleset), index, bots)
    return match.winner == side, len(match.deals)


def run_block(args: tuple[str, str, str, int, int]) -> tuple[int, int]:
    ruleset, first, second, start, stop = args
    wins = deals = 0
    for index in range(start, stop):
        won, count = match_won(ruleset, first, second, index)
        wins += won
        deals += count
    return wins, deals


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    n, jobs = args.matches, max(1, args.jobs)
    step = -(-n // (4 * jobs))
    print(f"{'ruleset':18} {'pairing':22} {'matches':>7} {'win rate':>9} {'95% CI':>15} {'deals/match':>11}")
    with ProcessPoolExecutor(jobs) as pool:
        for ruleset in bundled_names():
            for first, second in PAIRINGS:
                started = time.perf_counter()
                blocks = [(ruleset, first, second, s, min(s + step, n)) for s in range(0, n, step)]
                results = list(pool.map(run_block, blocks))
                wins = sum(w for w, _ in results)
                deals = sum(d for _, d in results)
                low, high = wilson(wins, n)
                print(f"{ruleset:18} {first + ' v ' + second:22} {n:7d} {wins / n:9.1%} "
                      f"{f'{low:.1%}-{high:.1%}':>15} {deals / n:11.1f}   ({time.perf_counter() - started:.0f} s)",
                      flush=True)


if __name__ == "__main__":
    main()
