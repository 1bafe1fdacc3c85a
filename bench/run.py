"""`make bench`: print the benchmark figures (ratios against yardsticks in the same process)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.engine_bench import bench_legal_cards, bench_playouts


def main() -> None:
    print("== random playouts through the public API (new_deal, random legal action, apply)")
    result = bench_playouts()
    outcomes = result.pop("pyspiel_outcomes_deals_per_s")
    legal = result.pop("pyspiel_legal_deals_per_s")
    if outcomes is None:
        print("  pyspiel not installed (pip install 'manille-variants[bench]'): no ratios")
    else:
        print(f"  pyspiel oh_hell, chance from chance_outcomes(): {outcomes:,.0f} deals/s  (yardstick, target >= 1.5)")
        print(f"  pyspiel oh_hell, chance from legal_actions():   {legal:,.0f} deals/s  (stricter, for reference)")
    for name, row in result.items():
        line = f"  {name:18s} {row['deals_per_s']:>9,.0f} deals/s"
        if row["ratio_vs_pyspiel_outcomes"] is not None:
            line += f"   ratio {row['ratio_vs_pyspiel_outcomes']:.2f}  (strict {row['ratio_vs_pyspiel_legal']:.2f})"
        print(line)
    print("== legal_cards on stored mid-trick positions (public API: parses and checks the position)")
    for name, micros in bench_legal_cards().items():
        print(f"  {name:18s} {micros:6.2f} us/call")
    from bench.sim_bench import main as sim_main

    sim_main()
    from bench.core_bench import main as core_main

    core_main()
    from bench.heuristic_bench import main as heuristic_main

    heuristic_main()
    from bench.search_bench import main as search_main

    search_main()
    import subprocess

    # The strength ladder, short (python bench/ladder.py --pairs 150 for the figures of
    # docs/search.md): duplicate pairs in the core, 95% intervals.
    subprocess.run([sys.executable, str(Path(__file__).with_name("ladder.py")), "--pairs", "40"], check=True)


if __name__ == "__main__":
    main()
