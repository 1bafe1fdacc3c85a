"""Duplicate deal pairs between two bots, played in the compiled core (a benchmark, not a test).

``python bench/duel.py A B -r RULESET --pairs N --threads T``: each deal is played twice, ``A``
on team 0 then on team 1 (``B`` on the other team); a pair's figure is ``A``'s net match points
over both tables (its match points less the other side's), so the cards' luck cancels.  Bots
are written as ``--bots`` takes them, with their options: ``search:worlds=64``,
``search:think_ms=40``, ``heuristic``.  Prints the mean per pair with its 95% interval, and
the same over the pairs where both dealers made the same trump choice (card play) and where
they did not (the choice before play).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import manille_variants as mv
from manille_variants._core import sim_duel
from manille_variants.bots.heuristic import HeuristicBot
from manille_variants.engine.crossing import to_core


def interval(values: list[int]) -> tuple[float, float]:
    """Mean and half width of its 95% interval (normal approximation)."""
    if not values:
        return math.nan, math.nan
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.inf
    return mean, 1.959964 * statistics.stdev(values) / math.sqrt(len(values))


def duel(ruleset: str, a: str, b: str, pairs: int, *, seed: int = 1, threads: int = 2,
         start: int = 0) -> list[tuple[int, bool]]:
    """The pairs ``start .. start + pairs`` of ``a`` against ``b`` under ``ruleset``.  The name
    ``heuristic-old`` plays the heuristic with its old class table (``model="table"``)."""
    rules = mv.compile_rules(mv.load_ruleset(ruleset))

    def settings(name: str) -> tuple[str, object]:
        if name == "heuristic-old":
            return "heuristic", HeuristicBot(0, model="table").core(rules)
        return name, HeuristicBot(0).core(rules)

    (a, ha), (b, hb) = settings(a), settings(b)
    return sim_duel(to_core(rules), a, b, seed, start, start + pairs, ha, threads, hb)  # type: ignore[arg-type]


def line(label: str, values: list[int]) -> str:
    mean, half = interval(values)
    return f"{label}: {mean:+.2f} ± {half:.2f} over {len(values)} pairs"


def report(rows: list[tuple[int, bool]]) -> list[str]:
    """The overall figure, then same-choice and different-choice pairs."""
    nets = [n for n, _ in rows]
    same = [n for n, s in rows if s]
    other = [n for n, s in rows if not s]
    return [line("all pairs", nets), line("same choice before play", same),
            line("different choice before play", other)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("-r", "--ruleset", default="table-convention")
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    started = time.perf_counter()
    rows = duel(args.ruleset, args.a, args.b, args.pairs, seed=args.seed, threads=args.threads)
    print(f"{args.a} against {args.b}, {args.ruleset}, {time.perf_counter() - started:.0f} s")
    for text in report(rows):
        print("  " + text)


if __name__ == "__main__":
    main()
