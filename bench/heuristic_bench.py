"""The heuristic bot in the compiled core: deals per second in the core against the Python loop
driving the same bot, the four-ruleset comparison of issue 10 timed as a whole command
(target: at most 20 s wall on 2 cores; peak memory reported), and the time of one decision
before play in the core (target: at most 0.1 ms), by the learned model and by the old table
(``python bench/heuristic_bench.py --decisions`` for that part alone)."""

from __future__ import annotations

import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Literal

import manille_variants as mv
from manille_variants.sim.runner import RulesetRun, play_one_deal, run_units

COMPARED = ["table-convention", "belgian", "belgian-capped", "french-coinchee"]


def core_deals_per_second(name: str = "belgian", deals: int = 40_000) -> float:
    """Heuristic deals per second played whole in the core (one process)."""
    rs = mv.load_ruleset(name)
    start = time.perf_counter()
    run_units("deals", [rs], deals, seed=1, bots="heuristic", jobs=1)
    return deals / (time.perf_counter() - start)


def python_loop_deals_per_second(name: str = "belgian", deals: int = 1_000) -> float:
    """Heuristic deals per second through the Python loop (views, one core call a decision)."""
    rules = mv.compile_rules(mv.load_ruleset(name))
    run = RulesetRun()
    start = time.perf_counter()
    for index in range(deals):
        play_one_deal(rules, index, 1, "heuristic", False, run)
    return deals / (time.perf_counter() - start)


def compare_command(deals: int = 100_000, jobs: int = 2) -> dict[str, Any]:
    """``manille compare`` of the four rulesets over DEALS duplicate deals (and its default
    matches), heuristic bots, timed as a whole command: wall and CPU seconds, and the peak
    resident memory of the largest process (the command or one of its workers)."""
    manille = Path(sys.executable).with_name("manille")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([str(manille), "compare", *COMPARED, "-n", str(deals), "--jobs", str(jobs), "--json"],
                   check=True, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"deals": deals, "jobs": jobs, "wall": wall, "cpu": cpu, "peak_mb": after.ru_maxrss / 1024}


class _Timed:
    """A core bot whose every decision before play is timed (the core call alone)."""

    def __init__(self, core: Any, times: list[float]) -> None:
        self.inner, self.times = core, times

    def act(self, rules: Any, phase: str, *args: Any) -> int:
        if phase == "play":
            return int(self.inner.act(rules, phase, *args))
        start = time.perf_counter_ns()
        code = int(self.inner.act(rules, phase, *args))
        self.times.append((time.perf_counter_ns() - start) / 1e6)
        return code


def decision_times(name: str, deals: int = 2_000, model: Literal["learned", "table"] = "learned") -> list[float]:
    """Milliseconds per decision before play (blind, trump, calls) of the heuristic bot in the core,
    over ``deals`` seeded deals played by four heuristic bots (the first decision of each bot
    builds its samples once: left out)."""
    from manille_variants.bots import play_deal
    from manille_variants.bots.heuristic import HeuristicBot

    times: list[float] = []

    class Bot(HeuristicBot):
        def core(self, rules: Any) -> Any:
            return _Timed(super().core(rules), times)

    rs = mv.load_ruleset(name)
    bots = [Bot(seat, model=model) for seat in range(4)]
    for index in range(deals):
        play_deal(mv.new_deal(rs, index, dealer=index % 4), bots)
    return times[4:]


def print_decision_times() -> None:
    for name in COMPARED:
        models: tuple[Literal["table", "learned"], ...] = ("table", "learned")
        for model in models:
            t = sorted(decision_times(name, model=model))
            p90 = t[int(0.9 * (len(t) - 1))]
            print(f"  {name:18s} {model:8s} {len(t):6d} decisions before play: median {statistics.median(t):.4f} ms,"
                  f" p90 {p90:.4f} ms, max {t[-1]:.3f} ms")


def main() -> None:
    if "--decisions" in sys.argv[1:]:
        print("== heuristic bot, one decision before play in the core (target <= 0.1 ms)")
        print_decision_times()
        return
    print("== heuristic bot, one decision before play in the core (target <= 0.1 ms)")
    print_decision_times()
    print("== heuristic bot in the compiled core")
    for name in ("belgian", "french-coinchee"):
        core = core_deals_per_second(name)
        loop = python_loop_deals_per_second(name)
        print(f"  {name:18s} in the core {core:>9,.0f} deals/s;  Python loop, core bot {loop:>7,.0f} deals/s"
              "  (before the core: about 1,700)")
    r = compare_command()
    print(f"  manille compare {' '.join(COMPARED)} -n {r['deals']:,} (heuristic, --jobs {r['jobs']}):"
          f" {r['wall']:.1f} s wall (target <= 20 s; 172 s before the core), {r['cpu']:.1f} s CPU,"
          f" peak memory {r['peak_mb']:.0f} MB")


if __name__ == "__main__":
    main()
