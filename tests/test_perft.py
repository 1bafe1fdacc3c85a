"""Golden counts per bundled ruleset (perft, as chess engines count moves): how many legal
action sequences of each length start from a few fixed deals, through the decisions before
play (blind, trump, delegation, calls) and into the first cards.

The counts in ``tests/data/perft.json`` are checked against the reference engine and against
the compiled core (its ``CoreDeal`` states driven by action codes), so a change to the legal actions
of either one shows here as a changed number.  Regenerate the file on purpose, after a rule
change that is meant to change them, with::

    .venv/bin/python tests/test_perft.py --update
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest

import manille_variants as mv
from manille_variants import _core
from manille_variants.engine import reference
from manille_variants.engine.crossing import to_core
from manille_variants.ruleset.loader import bundled_names

DATA = Path(__file__).resolve().parent / "data" / "perft.json"
# Per ruleset: the length of the sequences counted (the four deals of a ruleset take under
# 2 s in the reference engine on a loaded 2-core machine).
DEPTHS = {
    "table-convention": 7,
    "belgian": 8,
    "belgian-capped": 8,
    "french-coinchee": 8,
    "french-parlee": 8,
    "french-muette": 8,
    "belgian-six": 8,
    "belgian-three": 8,
    "belgian-two": 6,
}
# The core deals every bundled table but a layout's (belgian-two: docs/engine.md#other-tables),
# whose counts are the reference engine's alone.
CORE_PLAYS = [name for name in DEPTHS if name != "belgian-two"]
DEALS = ((0, 0), (1, 1), (2, 2), (3, 3))  # (seed, dealer)

S = TypeVar("S")


def perft(state: S, depth: int, legal: Callable[[S], list[Any]], apply: Callable[[S, Any], S]) -> list[int]:
    """``counts[k]``: the number of legal action sequences of length ``k + 1`` (up to
    ``depth``) from ``state``; a finished deal ends its sequences."""
    counts = [0] * depth

    def walk(node: S, level: int) -> None:
        actions = legal(node)
        counts[level] += len(actions)
        if level + 1 < depth:
            for action in actions:
                walk(apply(node, action), level + 1)

    walk(state, 0)
    return counts


def reference_counts(name: str, seed: int, dealer: int) -> list[int]:
    state = reference.new_deal(mv.load_ruleset(name), seed, dealer)
    return perft(state, DEPTHS[name], lambda s: s.legal_actions(), lambda s, a: s.apply(a))


def core_counts(name: str, seed: int, dealer: int) -> list[int]:
    deal = _core.CoreDeal(to_core(mv.load_ruleset(name)), seed, dealer)
    return perft(deal, DEPTHS[name], lambda d: list(d.legal_codes()), lambda d, code: d.apply_code(code))


def golden() -> dict[str, dict[str, list[int]]]:
    data: dict[str, dict[str, list[int]]] = json.loads(DATA.read_text(encoding="utf-8"))["counts"]
    return data


def _key(seed: int, dealer: int) -> str:
    return f"seed={seed} dealer={dealer}"


CASES = [(name, seed, dealer % mv.load_ruleset(name).table.seats) for name in DEPTHS for seed, dealer in DEALS]
CORE_CASES = [case for case in CASES if case[0] in CORE_PLAYS]


def test_every_bundled_ruleset_has_its_counts() -> None:
    assert set(golden()) == set(DEPTHS) == set(bundled_names())
    assert all(set(counts) == {_key(seed, dealer) for n, seed, dealer in CASES if n == name}
               for name, counts in golden().items())


@pytest.mark.parametrize(("name", "seed", "dealer"), CASES)
def test_the_reference_engine_gives_the_golden_counts(name: str, seed: int, dealer: int) -> None:
    assert reference_counts(name, seed, dealer) == golden()[name][_key(seed, dealer)]


@pytest.mark.parametrize(("name", "seed", "dealer"), CORE_CASES)
def test_the_core_gives_the_golden_counts(name: str, seed: int, dealer: int) -> None:
    assert core_counts(name, seed, dealer) == golden()[name][_key(seed, dealer)]


def update() -> None:
    """Rewrite ``tests/data/perft.json`` from the reference engine (checked against the core)."""
    counts: dict[str, dict[str, list[int]]] = {}
    for name, seed, dealer in CASES:
        start = time.perf_counter()
        found = reference_counts(name, seed, dealer)
        took = time.perf_counter() - start
        if name in CORE_PLAYS and core_counts(name, seed, dealer) != found:
            raise SystemExit(f"{name} {_key(seed, dealer)}: the core counts {core_counts(name, seed, dealer)}, "
                             f"the reference {found}")
        counts.setdefault(name, {})[_key(seed, dealer)] = found
        print(f"{name:18s} {_key(seed, dealer)}: {found} ({took:.2f} s in the reference)")
    about = ("counts[ruleset][deal][k]: legal action sequences of length k + 1 from the deal "
             "(reference.new_deal(ruleset, seed, dealer)); written by tests/test_perft.py --update")
    lines = [f'{{\n "about": {json.dumps(about)},\n "depths": {json.dumps(DEPTHS)},\n "counts": {{']
    for i, (name, deals) in enumerate(counts.items()):
        rows = ",\n".join(f"   {json.dumps(deal)}: {json.dumps(found)}" for deal, found in deals.items())
        lines.append(f"  {json.dumps(name)}: {{\n{rows}\n  }}{',' if i < len(counts) - 1 else ''}")
    lines.append(" }\n}\n")
    DATA.write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    if sys.argv[1:] != ["--update"]:
        raise SystemExit("usage: python tests/test_perft.py --update")
    update()
