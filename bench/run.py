"""`make bench`: print the benchmark figures (ratios against yardsticks in the same process)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.engine_bench import bench_legal_cards, bench_playouts  # noqa: E402


def main() -> None:
    print("== random playouts through the public API (deals/s; ratio ours/pyspiel, target >= 1.5)")
    result = bench_playouts()
    spiel = result.pop("pyspiel_deals_per_s")
    print(f"  pyspiel oh_hell (C++): {spiel:,.0f} deals/s" if spiel else "  pyspiel not installed")
    for name, row in result.items():
        ratio = row["ratio_vs_pyspiel"]
        shown = f"ratio {ratio:.2f}" if ratio is not None else "ratio n/a"
        print(f"  {name:18s} {row['deals_per_s']:>9,.0f} deals/s   {shown}")
    print("== legal_cards on stored mid-trick positions (public API, parses nothing)")
    for name, micros in bench_legal_cards().items():
        print(f"  {name:18s} {micros:6.2f} us/call")


if __name__ == "__main__":
    main()
