"""Search benchmarks (part of ``make bench``): the double-dummy solver on whole deals at the
first lead (median and p90, one core), the search bot's time per decision, and the
heuristic's use of no-trump and blind no-trump.

Targets (issue 11): solver median <= 5 ms per whole deal at the first lead; search bot median
<= 50 ms per decision at default settings.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import manille_variants as mv
from manille_variants.bots import make_bots
from manille_variants.engine.deal import DealState
from manille_variants.search.solver import core_deal

if TYPE_CHECKING:
    from manille_variants._core import CoreDeal


def _first_lead(rs: mv.Ruleset, seed: int) -> DealState:
    rng = random.Random(seed)
    state = mv.new_deal(rs, seed, dealer=seed % 4)
    while state.phase != "play":
        state = state.apply(rng.choice([a for a in state.legal_actions() if str(a) != "throw-in"]))
    return state


def _quantiles(times: list[float]) -> tuple[float, float]:
    times = sorted(times)
    return statistics.median(times), times[int(0.9 * (len(times) - 1))]


def bench_solver(name: str, deals: int = 200) -> dict[str, float]:
    """CPU milliseconds to solve whole deals at the first lead (value only, and every lead's)."""
    from manille_variants._core import solve

    rs = mv.load_ruleset(name)
    states = [core_deal(_first_lead(rs, seed)) for seed in range(deals)]
    value, moves = [], []
    for deal in states:
        start = time.thread_time()
        solve(deal)
        moves.append((time.thread_time() - start) * 1000)
    for deal in states:  # the value alone: the first lead's best card, solved once
        start = time.thread_time()
        _value_only(deal)
        value.append((time.thread_time() - start) * 1000)
    v50, v90 = _quantiles(value)
    m50, m90 = _quantiles(moves)
    return {"value_median": v50, "value_p90": v90, "moves_median": m50, "moves_p90": m90}


def _value_only(deal: CoreDeal) -> None:
    from manille_variants._core import solve_value

    solve_value(deal)


def decision_kind(view: mv.SeatView) -> str:
    """The kind of a decision: blind, trump (the dealer), trump-delegated, call, reply, card."""
    if view.phase == "blind":
        return "blind"
    if view.phase == "trump":
        return "trump" if view.seat == view.dealer else "trump-delegated"
    if view.phase == "calls":
        return "reply" if view.calls else "call"
    return "card"


def bench_bot(name: str, deals: int = 24, kind: str = "search",
              clock: Callable[[], float] = time.thread_time) -> dict[str, tuple[int, float, float]]:
    """CPU milliseconds per decision of the search bot (default settings, one core), per kind:
    (decisions, median, p90).  Seeded positions: deals played by the heuristic from varied
    match scores, the search bot asked at every decision with a choice before play and at
    every card with a choice in one deal of four (``card``: with a choice; ``all``: every
    decision of the search side in the same deals, forced ones included).  ``kind``: the
    bot timed, by its registered name (``ismcts``: the IS-MCTS bot, default budget)."""
    from manille_variants.bots import make_bot

    rs = mv.load_ruleset(name)
    heuristic = make_bot("heuristic", 1)
    times: dict[str, list[float]] = {}
    for seed in range(deals):
        bot = make_bot(kind, seed)
        scores = ((seed * 7) % 60, (seed * 13) % 60)
        state = mv.new_deal(rs, seed, dealer=seed % 4, scores=scores)
        while not state.is_over:
            view = state.view(state.to_play)
            if len(view.legal) > 1 and (view.phase != "play" or seed % 4 == 0):
                start = clock()
                bot.act(view)
                times.setdefault(decision_kind(view), []).append((clock() - start) * 1000)
            state = state.apply(heuristic.act(view))
    out = {}
    for kind, values in times.items():
        median, p90 = _quantiles(values)
        out[kind] = (len(values), median, p90)
        out[kind + " max"] = (len(values), max(values), max(values))
    return out


def bench_bot_overall(name: str, deals: int = 6) -> dict[str, float]:
    """CPU milliseconds per decision of the search bot (default settings) against heuristics,
    every decision of its side (forced ones included)."""
    rs = mv.load_ruleset(name)
    bots = make_bots("search,heuristic", seed=1)
    times: list[float] = []
    for seed in range(deals):
        state = mv.new_deal(rs, seed, dealer=seed % 4)
        while not state.is_over:
            seat = state.to_play
            view = state.view(seat)
            start = time.thread_time()
            action = bots[seat].act(view)
            if seat % 2 == 0:
                times.append((time.thread_time() - start) * 1000)
            state = state.apply(action)
    med, p90 = _quantiles(times)
    return {"median": med, "p90": p90}


def main_bot(kind: str, names: list[str], deals: int) -> None:
    """The time per decision of one bot (``python bench/search_bench.py --bot ismcts``)."""
    print(f"== {kind} bot, CPU ms per decision with a choice, per kind, default settings")
    for name in names:
        for decision, (n, med, p90) in sorted(bench_bot(name, deals, kind).items()):
            print(f"  {name:18s} {decision:16s} {n:4d} decisions: median {med:6.1f} ms, p90 {p90:7.1f} ms",
                  flush=True)


def main() -> None:
    main_decisions()
    print("== double-dummy solver, whole deals at the first lead (CPU ms, one core; target median <= 5 ms)")
    for name in ["table-convention", "french-coinchee", "french-parlee"]:
        r = bench_solver(name)
        print(f"  {name:18s} value: median {r['value_median']:6.2f} ms, p90 {r['value_p90']:7.2f} ms;"
              f"  every lead's value: median {r['moves_median']:6.2f} ms, p90 {r['moves_p90']:7.2f} ms")
    print("== search bot, CPU ms per decision with a choice, per kind, default settings (target median <= 50 ms)")
    from bench.search_strength import bundled

    for name in bundled():
        for kind, (n, med, p90) in sorted(bench_bot(name).items()):
            print(f"  {name:18s} {kind:16s} {n:4d} decisions: median {med:6.1f} ms, p90 {p90:7.1f} ms")
        r = bench_bot_overall(name)
        print(f"  {name:18s} {'every decision':16s} (against heuristics): median {r['median']:6.1f} ms,"
              f" p90 {r['p90']:7.1f} ms")
    print("== search:think_ms=40, wall ms per decision (target: card median 20-60 ms, none over 120 ms)")
    for name in ["table-convention", "belgian"]:
        for kind, (n, med, p90) in sorted(bench_bot(name, 12, "search:think_ms=40", time.perf_counter).items()):
            print(f"  {name:18s} {kind:16s} {n:4d} decisions: median {med:6.1f} ms, p90 {p90:7.1f} ms")
    print("== ismcts, CPU ms per decision with a choice, per kind, default budget")
    for name in ["table-convention", "belgian"]:
        for kind, (n, med, p90) in sorted(bench_bot(name, 12, "ismcts").items()):
            print(f"  {name:18s} {kind:16s} {n:4d} decisions: median {med:6.1f} ms, p90 {p90:7.1f} ms")




def _variant(text: str) -> mv.Ruleset:
    import tempfile

    with tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False) as f:
        f.write(text)
    return mv.load_ruleset(f.name)


def decision_shares(rs: mv.Ruleset, deals: int = 2000, scores: tuple[int, int] = (0, 0)) -> dict[str, float]:
    """How often the heuristic dealer names no-trump, and blind no-trump where offered."""
    from manille_variants.bots import make_bot

    bot = make_bot("heuristic", 1)
    counts = {"no-trump": 0, "blind": 0}
    for seed in range(deals):
        state = mv.new_deal(rs, seed, dealer=0, scores=scores)
        while state.phase in ("blind", "trump") and state.to_play == 0:
            action = bot.act(state.view(0))
            if str(action) in counts:
                counts[str(action)] += 1
            state = state.apply(action)
    return {k: v / deals for k, v in counts.items()}


def main_decisions() -> None:
    print("== heuristic bot's choices before play (rule-aware decision table)")
    for factor in (2, 8):
        text = f"name: no-trump-x{factor}\nextends: table-convention\ntrump:\n  no_trump:\n    factor: {factor}\n"
        rs = _variant(text)
        print(f"  no-trump x{factor}: no-trump named in {decision_shares(rs)['no-trump']:.1%} of deals")
    rs = mv.load_ruleset("belgian")
    for scores in ((0, 0), (20, 60), (0, 80)):
        share = decision_shares(rs, 1000, scores)["blind"]
        print(f"  belgian, dealer's side {scores[0]}-{scores[1]}: blind no-trump in {share:.1%} of deals")


if __name__ == "__main__":
    import argparse
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", help="time only this bot's decisions (e.g. ismcts); default: every benchmark")
    parser.add_argument("--rulesets", default="table-convention,belgian")
    parser.add_argument("--deals", type=int, default=24)
    args = parser.parse_args()
    if args.bot:
        main_bot(args.bot, args.rulesets.split(","), args.deals)
    else:
        main()
