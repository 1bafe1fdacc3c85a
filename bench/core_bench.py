"""Compiled-core benchmarks: the core on its own, and the whole `manille simulate` command
with random bots, against OpenSpiel's `oh_hell` driven by the same Python loop (the strict
yardstick: chance nodes drawn from ``legal_actions()``)."""

from __future__ import annotations

import functools
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

import manille_variants as mv
from bench.engine_bench import deals_per_second, make_pyspiel_playouts, stored_positions
from manille_variants import _core
from manille_variants.engine.crossing import to_core

BUNDLED = ("table-convention", "belgian", "belgian-capped", "french-coinchee")


def yardstick(rounds: int = 5, deals: int = 500) -> float | None:
    """Deals per second of pyspiel oh_hell driven by our loop (median of short rounds)."""
    run = make_pyspiel_playouts("legal")
    if run is None:
        return None
    return statistics.median(deals_per_second(run, deals, r * deals) for r in range(rounds))


def object_loop(ruleset: mv.Ruleset, deals: int, seed: int) -> None:
    """The public API's loop (legal actions as Card/Action objects, random choice, apply) on
    the core's deal class built directly (``new_deal`` itself is timed by engine_bench)."""
    core = to_core(ruleset)
    rng = random.Random(seed)
    choice = rng.choice
    new = _core.CoreDeal
    for i in range(deals):
        state = new(core, seed + i, i & 3)
        while not state.is_over:
            state = state.apply(choice(state.legal_actions()))


def object_loop_ratios(rounds: int = 7, deals: int = 500) -> dict[str, float]:
    """Median per-round ratio of :func:`object_loop` to the strict yardstick."""
    run = make_pyspiel_playouts("legal")
    if run is None:
        return {}
    out = {}
    for name in BUNDLED:
        rs = mv.load_ruleset(name)
        ratios = []
        for r in range(rounds):
            theirs = deals_per_second(run, deals, r * deals)
            ours = deals_per_second(functools.partial(object_loop, rs), deals, r * deals)
            ratios.append(ours / theirs)
        out[name] = statistics.median(ratios)
    return out


def core_playouts(deals: int = 200_000) -> dict[str, float]:
    """Deals per second of the core's own random playouts (one call, the GIL released)."""
    out = {}
    for name in BUNDLED:
        core = to_core(mv.load_ruleset(name))
        seeds = list(range(deals))
        start = time.perf_counter()
        _core.random_deals(core, seeds, 1)
        out[name] = deals / (time.perf_counter() - start)
    return out


def simulate_command(deals: int = 1_000_000) -> float:
    """Seconds of ``manille simulate -r belgian -n DEALS --bots random --jobs 1 --json``,
    timed as a whole command (start-up included)."""
    manille = Path(sys.executable).with_name("manille")
    start = time.perf_counter()
    subprocess.run([str(manille), "simulate", "-r", "belgian", "-n", str(deals), "--bots", "random",
                    "--jobs", "1", "--json"], check=True, capture_output=True)
    return time.perf_counter() - start


def simulate_ratio(rounds: int = 3, deals: int = 1_000_000) -> dict[str, float]:
    """The simulate command against the yardstick, in interleaved rounds (the yardstick
    measured just before each command): the best wall time, and the median per-round ratio
    of deals per second (the machine's noise slows either side)."""
    walls, ratios, bases = [], [], []
    for _ in range(rounds):
        base = yardstick(rounds=3)
        wall = simulate_command(deals)
        walls.append(wall)
        if base is not None:
            bases.append(base)
            ratios.append(deals / wall / base)
    return {"best_seconds": min(walls), "median_ratio": statistics.median(ratios) if ratios else 0.0,
            "best_ratio": max(ratios, default=0.0),
            "yardstick": statistics.median(bases) if bases else 0.0}


def core_legal_mask(calls: int = 100_000) -> dict[str, float]:
    """Microseconds per ``_core.legal_mask`` call on stored mid-trick positions."""
    out = {}
    for name in BUNDLED:
        rs = mv.load_ruleset(name)
        core = to_core(rs)
        positions = [(sum(c.bit for c in hand), [c.index for c in trick], None if t is None else "SHDC".index(t))
                     for hand, trick, t in stored_positions(rs, 2000)]
        random.Random(1).shuffle(positions)
        start = time.perf_counter()
        done = 0
        while done < calls:
            for hand, trick, trump in positions:
                _core.legal_mask(core, hand, trick, trump)
            done += len(positions)
        out[name] = (time.perf_counter() - start) / done * 1e6
    return out


def main() -> None:
    """Print the core's figures (called from bench/run.py)."""
    base = yardstick()
    print("== compiled core")
    if base is None:
        print("  pyspiel not installed: no ratios")
    else:
        print(f"  yardstick: pyspiel oh_hell, chance from legal_actions(): {base:,.0f} deals/s")
    for name, rate in core_playouts().items():
        ratio = f"   ratio {rate / base:.1f}" if base else ""
        print(f"  core random playouts  {name:18s} {rate:>10,.0f} deals/s{ratio}")
    for name, loop_ratio in object_loop_ratios().items():
        print(f"  the API loop on CoreDeal codes/objects {name:18s} ratio {loop_ratio:.2f}")
    sim = simulate_ratio()
    ratio = (f"   ratio {sim['median_ratio']:.1f} (median of 3 rounds, best {sim['best_ratio']:.1f};"
             f" yardstick {sim['yardstick']:,.0f} deals/s in those rounds; target >= 15)") if base else ""
    print(f"  manille simulate -n 1000000 --bots random --jobs 1: best {sim['best_seconds']:.2f} s"
          f" = {1e6 / sim['best_seconds']:>9,.0f} deals/s{ratio}")
    for name, micros in core_legal_mask().items():
        print(f"  _core.legal_mask       {name:18s} {micros:6.2f} us/call")


if __name__ == "__main__":
    main()
