"""Compiling a ruleset: its :class:`~manille_variants.engine.rules.Rules` and the engine's
tables and memos built from them, once per ruleset.

The engine reads flat, precomputed data in its hot paths (bitmasks, lookup tables, a bound
legality function); :class:`CompiledRules` holds all of it beside the frozen settings it was
built from.
"""

from __future__ import annotations

from typing import Any

from manille_variants.cards import SUIT_MASKS
from manille_variants.engine.fastpath import LegalFn, follow_tables, make_legal_fn
from manille_variants.engine.rules import Rules, rules_of
from manille_variants.ruleset.schema import MODES, Call, Ruleset

__all__ = ["CompiledRules", "compile_rules", "compiled"]

CallTable = dict[tuple[str | None, str, bool], tuple[Call, ...]]


class CompiledRules:
    """The engine's tables and memos for one :class:`Rules`, shared by every deal under it.

    Build with :func:`compiled` (cached); ``rules`` is the frozen value it was built from.
    """

    __slots__ = ("beat", "call_table", "deal_bits", "follow_raise", "legal_fn", "memo", "roots", "rules",
                 "suit_points")

    rules: Rules
    # suit_points[suit][byte]: the card points of the cards of that suit in the byte's bits.
    suit_points: tuple[tuple[int, ...], ...]
    # beat[trump][seat << 5 | i]: the cards that take the trick from card i (same suit and
    # stronger, or a trump on a non-trump), whoever played it; beat[-1] at no-trump.
    beat: tuple[tuple[int, ...], ...]
    # The duty to beat when following suit, as masks (see fastpath.follow_tables).
    follow_raise: tuple[tuple[int, ...], ...]
    # The legality fast path with this ruleset's flags bound (see fastpath.make_legal_fn).
    legal_fn: LegalFn
    # deal_bits[dealer][cut][p][c]: the bit of card c in the 128-bit hands (32 bits a seat)
    # when it lies at position p of the shuffled pack, before the cut.
    deal_bits: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]
    # call_table[(last call or None, mode, caller on the contract side)]: the calls open.
    call_table: CallTable
    # Memo of derived answers (deal scores, their factors) keyed by their inputs.
    memo: dict[Any, Any]
    # roots[dealer | blind offered << 2]: the first decision node of a deal (built by the
    # deal engine on first use); roots[8 + (dealer | suit << 2)] with a turned trump card.
    roots: list[Any]

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        values = rules.values
        self.suit_points = tuple(
            tuple(sum(values[8 * s + r] for r in range(8) if byte >> r & 1) for byte in range(256))
            for s in range(4)
        )
        above = rules.above
        self.beat = tuple(
            tuple(above[i] | (SUIT_MASKS[t] if t >= 0 and i >> 3 != t else 0) for i in range(32)) * 4
            for t in (0, 1, 2, 3, -1)
        )
        self.follow_raise = follow_tables(rules)
        self.legal_fn = make_legal_fn(rules, self.follow_raise)
        self.deal_bits = _deal_bits(rules.packets, rules.step)
        self.call_table = _call_table(rules.calls)
        self.memo = {}
        self.roots = [None] * 24

    def mask_points(self, mask: int) -> int:
        """The card points of the cards of a 32-bit mask."""
        s0, s1, s2, s3 = self.suit_points
        return s0[mask & 255] + s1[mask >> 8 & 255] + s2[mask >> 16 & 255] + s3[mask >> 24 & 255]


_by_object: dict[int, tuple[object, CompiledRules]] = {}  # id(Ruleset or Rules) -> (it, compiled)
_by_content: dict[str, CompiledRules] = {}
_MAX_OBJECTS = 256


def compile_rules(ruleset: Ruleset | Rules | CompiledRules) -> Rules:
    """The engine view of a ruleset, cached per ruleset object and per content.

    Equal rulesets share one :class:`Rules` (and so the engine's memos and decision graphs
    built from it): a simulation worker receives a fresh copy of the ruleset with every
    chunk of work.  A :class:`Rules` is returned as it is.
    """
    return compiled(ruleset).rules


def compiled(ruleset: Ruleset | Rules | CompiledRules) -> CompiledRules:
    """The engine's compiled form of a ruleset (or of its :class:`Rules`), cached."""
    if isinstance(ruleset, CompiledRules):
        return ruleset
    hit = _by_object.get(id(ruleset))
    if hit is not None and hit[0] is ruleset:
        return hit[1]
    if isinstance(ruleset, Rules):
        found = _by_content.get(ruleset.content_hash)
        return _remember(ruleset, found if found is not None and found.rules is ruleset else CompiledRules(ruleset))
    assert isinstance(ruleset, Ruleset)
    key = ruleset.content_hash()
    found = _by_content.get(key)
    if found is None or found.rules.ruleset != ruleset:
        if len(_by_content) >= _MAX_OBJECTS:  # many generated rulesets (property tests)
            _by_content.clear()
        found = _by_content[key] = CompiledRules(rules_of(ruleset))
        _remember(found.rules, found)
    return _remember(ruleset, found)


def _remember(obj: object, found: CompiledRules) -> CompiledRules:
    if len(_by_object) >= _MAX_OBJECTS:  # the entries keep their objects alive
        _by_object.clear()
    _by_object[id(obj)] = (obj, found)
    return found


def _deal_pattern(packets: tuple[int, ...], step: int) -> tuple[int, ...]:
    pattern: list[int] = []
    for packet in packets:
        for k in range(4):
            pattern.extend([((k + 1) * step) % 4] * packet)
    return tuple(pattern)


def _deal_bits(packets: tuple[int, ...], step: int) -> tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]:
    pattern = _deal_pattern(packets, step)
    # One row of card bits per receiving seat; positions share the rows.
    rows = tuple(tuple(1 << (32 * seat + c) for c in range(32)) for seat in range(4))
    return tuple(
        tuple(
            tuple(rows[(dealer + pattern[(p - cut) % 32]) % 4] for p in range(32))
            for cut in range(32)
        )
        for dealer in range(4)
    )


def _call_table(calls: tuple[Call, ...]) -> CallTable:
    table: CallTable = {}
    for last in [None, *(c.name for c in calls)]:
        for mode in MODES:
            for contract_side in (True, False):
                table[(last, mode, contract_side)] = tuple(
                    c for c in calls
                    if c.after == last and mode in c.modes and _may_call(c.by, contract_side)
                )
    return table


def _may_call(by: str, contract_side: bool) -> bool:
    return by == "anyone" or (by == "contract-side") == contract_side
