"""Engine benchmarks: random playouts against OpenSpiel's C++ oh_hell, and legal-card calls.

Both loops run in the same process, interleaved round by round, so machine noise hits
both alike; the figure that matters is the ratio.
"""

from __future__ import annotations

import functools
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import manille_variants as mv
from manille_variants.cards import Card

BUNDLED = ("table-convention", "belgian", "belgian-capped", "french-coinchee")


def playouts_ours(ruleset: mv.Ruleset, deals: int, seed: int) -> None:
    """Random playouts through the public API only."""
    rng = random.Random(seed)
    choice = rng.choice
    for i in range(deals):
        state = mv.new_deal(ruleset, seed=seed + i, dealer=i & 3)
        while not state.is_over:
            state = state.apply(choice(state.legal_actions()))


def make_pyspiel_playouts(chance: str = "outcomes") -> Callable[[int, int], None] | None:
    """OpenSpiel's oh_hell (4 players, 4 suits of 9, 8 tricks) driven by the same loop.

    ``chance="outcomes"`` samples chance nodes (the deal) from ``chance_outcomes()``, the
    idiom of OpenSpiel's own examples (uniform here, so ``choice`` of an outcome is exact);
    ``chance="legal"`` draws them from ``legal_actions()`` instead, a stricter yardstick.
    """
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(
        "oh_hell", {"players": 4, "num_suits": 4, "num_cards_per_suit": 9, "num_tricks_fixed": 8}
    )

    def run_outcomes(deals: int, seed: int) -> None:
        rng = random.Random(seed)
        choice = rng.choice
        for _ in range(deals):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(choice(state.chance_outcomes())[0])
                else:
                    state.apply_action(choice(state.legal_actions()))

    def run_legal(deals: int, seed: int) -> None:
        rng = random.Random(seed)
        choice = rng.choice
        for _ in range(deals):
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(choice(state.legal_actions()))

    return run_outcomes if chance == "outcomes" else run_legal


def deals_per_second(run: Callable[[int, int], None], deals: int, seed: int) -> float:
    start = time.perf_counter()
    run(deals, seed)
    return deals / (time.perf_counter() - start)


def bench_playouts(rounds: int = 15, deals: int = 500) -> dict[str, Any]:
    """Deals per second for each bundled ruleset and for pyspiel (both yardsticks), and the
    median per-round ratios ours/pyspiel.

    A round runs ``deals`` deals of each loop back to back (about 40 ms each), so a burst of
    machine noise tends to hit a ruleset and the yardstick it is compared with alike; the
    ratio is taken within the round and the median over rounds is reported.
    """
    rulesets = {name: mv.load_ruleset(name) for name in BUNDLED}
    yardsticks = {kind: make_pyspiel_playouts(kind) for kind in ("outcomes", "legal")}
    ours: dict[str, list[float]] = {name: [] for name in BUNDLED}
    theirs: dict[str, list[float]] = {kind: [] for kind in yardsticks}
    for r in range(rounds):
        for kind, run in yardsticks.items():
            if run is not None:
                theirs[kind].append(deals_per_second(run, deals, r * deals))
        for name, rs in rulesets.items():
            ours[name].append(deals_per_second(functools.partial(playouts_ours, rs), deals, r * deals))
    result: dict[str, Any] = {
        f"pyspiel_{kind}_deals_per_s": statistics.median(v) if v else None for kind, v in theirs.items()
    }
    for name in BUNDLED:
        row: dict[str, Any] = {"deals_per_s": statistics.median(ours[name])}
        for kind, values in theirs.items():
            ratios = [o / t for o, t in zip(ours[name], values, strict=False)]
            row[f"ratio_vs_pyspiel_{kind}"] = statistics.median(ratios) if ratios else None
        result[name] = row
    return result


def stored_positions(ruleset: mv.Ruleset, count: int, seed: int = 1) -> list[tuple[list[Card], list[Card], str | None]]:
    """Mid-trick positions (hand, trick so far, trump) from random deals."""
    rng = random.Random(seed)
    positions: list[tuple[list[Card], list[Card], str | None]] = []
    i = 0
    while len(positions) < count:
        state = mv.new_deal(ruleset, seed=seed + i, dealer=i & 3)
        i += 1
        while not state.is_over:
            if state.phase == "play" and state.trick:
                positions.append((state.hand(state.to_play), list(state.trick), state.trump))
            state = state.apply(rng.choice(state.legal_actions()))
    return positions[:count]


def bench_legal_cards(calls: int = 20000) -> dict[str, float]:
    """Microseconds per public ``legal_cards`` call on stored mid-trick positions."""
    out: dict[str, float] = {}
    for name in BUNDLED:
        rs = mv.load_ruleset(name)
        positions = stored_positions(rs, 2000)
        start = time.perf_counter()
        done = 0
        while done < calls:
            for hand, trick, trump in positions:
                mv.legal_cards(rs, hand, trick, trump)
            done += len(positions)
        out[name] = (time.perf_counter() - start) / done * 1e6
    return out
