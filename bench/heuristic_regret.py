"""Where the heuristic's card play gives points away, as the search judges it (a diagnostic, not
a test, and not run by ``make bench``).

``python bench/heuristic_regret.py [--ruleset R] [--deals N] [--seed S] [--worlds W]``: the
heuristic plays N seeded deals at all four seats (R: a bundled name or a file; by default the
independent engine's rules, bench/independent/engine-rules.yaml).  At each of its card
decisions one search (W sampled worlds, the seat's own knowledge only) names the card it would
play; where that is another card, a second search, seeded apart so that the first one's luck
does not count, values both, and the difference (card points, from the heuristic's side, never
below zero) is the points that decision gave away.  Prints the points given away per deal,
over all decisions and by the seat's place in the trick (lead, second, third, fourth) and by
what the heuristic did (led a trump or a side card, followed with one); ``--examples K``
prints the K decisions that gave most away (the hand, the trick, both cards).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import manille_variants as mv
from manille_variants._core import search_cards
from manille_variants.bots.heuristic import HeuristicBot
from manille_variants.engine.crossing import action_code, code_action, to_core
from manille_variants.engine.deal import new_deal
from manille_variants.engine.view import SeatView
from manille_variants.search.bot import knowledge

RULES = Path(__file__).resolve().parent / "independent" / "engine-rules.yaml"
PLACES = ("lead", "second", "third", "fourth")


def values(view: SeatView, worlds: int, seed: int) -> dict[int, float]:
    """Each legal card's mean card points for the seat's side over ``worlds`` sampled worlds."""
    k = knowledge(view)
    rows = search_cards(to_core(view.rules), k.seat, k.dealer, k.own, k.decisions, k.played, k.turned,
                        k.pending_ties, k.scores, worlds, seed, worlds, 0.0)
    return {code: mean for code, mean, _, _ in rows}


def kind(view: SeatView, card: object) -> str:
    """What the heuristic did with ``card``: led (a trump or a side card), or followed."""
    trump = view.trump
    is_trump = trump is not None and getattr(card, "suit", None) == trump
    if not view.trick:
        return "led a trump" if is_trump else "led a side card"
    return "followed with a trump" if is_trump else "followed with a side card"


def example(view: SeatView, played: object, best: object) -> str:
    """One decision in a line: trump, trick number, hand, the trick so far, both cards."""
    hand = " ".join(str(c) for c in view.hand)
    trick = " ".join(str(c) for c in view.trick) or "-"
    return (f"trump {view.trump} trick {len(view.tricks) + 1} seat {view.seat} hand {hand} | "
            f"trick {trick} | played {played}, search {best}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default=str(RULES))
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--worlds", type=int, default=60)
    parser.add_argument("--examples", type=int, default=0)
    args = parser.parse_args()
    rs = mv.load_ruleset(args.ruleset)
    bots = [HeuristicBot(seat) for seat in range(4)]
    given: dict[str, float] = defaultdict(float)
    decisions = 0
    worst: list[tuple[float, str]] = []
    start = time.perf_counter()
    for number in range(args.deals):
        seed = args.seed * 1_000_003 + number
        state = new_deal(rs, seed, number % 4)
        while not state.is_over:
            seat = state.to_play
            view = state.view(seat)
            action = bots[seat].act(view)
            if view.phase == "play" and len(view.legal) > 1:
                decisions += 1
                chosen = action_code(view.rules, action)
                first = values(view, args.worlds, seed * 7 + 1)
                best = max(first, key=lambda code: first[code])
                if best != chosen:
                    second = values(view, args.worlds, seed * 7 + 2)
                    loss = max(0.0, second[best] - second[chosen])
                    given["all"] += loss
                    given[PLACES[len(view.trick)]] += loss
                    given[kind(view, action)] += loss
                    worst.append((loss, example(view, action, code_action(view.rules, best))))
            state = state.apply(action)
    elapsed = time.perf_counter() - start
    print(f"{args.deals} deals, {decisions} card decisions with a choice, {elapsed:.0f} s")
    for key in ("all", *PLACES, "led a trump", "led a side card", "followed with a trump",
                "followed with a side card"):
        print(f"{key:>26}: {given[key] / args.deals:.2f} card points given away a deal")
    for loss, text in sorted(worst, key=lambda row: -row[0])[:args.examples]:
        print(f"{loss:5.1f}  {text}")


if __name__ == "__main__":
    main()
