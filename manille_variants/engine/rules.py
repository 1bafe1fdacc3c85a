"""Compiling a validated :class:`~manille_variants.ruleset.schema.Ruleset` into engine data.

The engine never reads the schema's nested models in its hot paths: it reads the flat,
precomputed fields of :class:`Rules` (card strengths, bitmasks, obligation flags).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from manille_variants.cards import DECK, RANK_LABELS, Card, Suit
from manille_variants.ruleset.schema import Call, Ruleset

if TYPE_CHECKING:
    from manille_variants.ruleset.plugins import ObligationRule, ScoringRule

__all__ = ["SUIT_MASKS", "Rules", "compile_rules"]

SUIT_MASKS: tuple[int, ...] = tuple(0xFF << (8 * s) for s in range(4))
FULL_DECK_MASK = (1 << 32) - 1


@dataclass(frozen=True, eq=False)
class Rules:
    """A ruleset compiled for the engine.  Build with :func:`compile_rules`."""

    ruleset: Ruleset
    content_hash: str
    # Cards: strength[i] (0 weakest .. 7 strongest), above[i] = same-suit cards beating card i.
    strength: tuple[int, ...]
    above: tuple[int, ...]
    values: tuple[int, ...]
    # suit_points[suit][byte]: the card points of the cards of that suit in the byte's bits.
    suit_points: tuple[tuple[int, ...], ...]
    # Seating: +1 clockwise, -1 counter-clockwise (seats are numbered clockwise).
    step: int
    packets: tuple[int, ...]
    cutter_offset: int
    leader_offset: int
    next_dealer_offset: int
    # Trump choice.
    delegation: bool
    no_trump_allowed: bool
    no_trump_factor: int
    blind_allowed: bool
    blind_factor: int
    blind_only_when_behind_by: int | None
    early_look_throws_in: bool
    calls: tuple[Call, ...]
    # Trump by the turned card: when the dealer takes it up and the bonus (None: trump is named).
    turned_take_up: str | None
    turned_bonus: str
    # Play obligations (see PlayRules for their meaning).
    beat_opponent: bool | str
    beat_partner_on_trump_lead: bool
    beat_at_no_trump: bool
    beat_partner_at_no_trump: bool
    trump_when_opponent_wins: bool
    trump_when_partner_wins: bool
    overtrump_opponent: bool
    overtrump_partner: bool
    undertrump: str
    # The undertrump rule when the partner's trump wins ("same": undertrump applies).
    undertrump_partner: str
    obligation_plugins: tuple[ObligationRule, ...]
    scoring_plugins: tuple[ScoringRule, ...]
    # Scoring.
    card_total: int
    trick_points: int
    last_trick_bonus: int
    deal_total: int
    half: int
    # next_seat[s]: the seat playing after s.
    next_seat: tuple[int, ...]
    # beat[trump][seat << 5 | i]: the cards that take the trick from card i (same suit and
    # stronger, or a trump on a non-trump), whoever played it; beat[-1] at no-trump.
    beat: tuple[tuple[int, ...], ...]
    # deal_bits[dealer][cut][p][c]: the bit of card c in the 128-bit hands (32 bits a seat)
    # when it lies at position p of the shuffled pack, before the cut.
    deal_bits: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]
    # call_table[(last call or None, mode, caller on the contract side)]: the calls open.
    call_table: dict[tuple[str | None, str, bool], tuple[Call, ...]]
    # Memo of derived answers (deal scores, their factors) keyed by their inputs.
    memo: dict[Any, Any]
    # roots[dealer | blind offered << 2]: the first decision node of a deal (built by the
    # deal engine on first use); roots[8 + (dealer | suit << 2)] with a turned trump card.
    roots: list[Any]
    # The duty to beat when following suit, as masks (see legality.follow_tables).
    follow_raise: tuple[tuple[int, ...], ...]
    # The legality fast path with this ruleset's flags bound (see legality.legal_mask).
    legal_fn: Callable[[int, int, int, bool, int], int]

    def first_leader(self, dealer: int) -> int:
        """The seat that leads the first trick (and is asked first for a call)."""
        return (dealer + self.leader_offset) & 3

    def mask_points(self, mask: int) -> int:
        """The card points of the cards of a 32-bit mask."""
        s0, s1, s2, s3 = self.suit_points
        return s0[mask & 255] + s1[mask >> 8 & 255] + s2[mask >> 16 & 255] + s3[mask >> 24 & 255]

    def beats(self, card: Card, winning: Card, trump: Suit | None) -> bool:
        """Whether ``card`` played now would beat ``winning`` (the card holding the trick)."""
        if card.suit == winning.suit:
            return self.strength[card.index] > self.strength[winning.index]
        return trump is not None and card.suit == trump

    def sort_key(self, card: Card) -> tuple[int, int]:
        """Sort by suit, then strongest first."""
        return (card.suit, -self.strength[card.index])


_by_object: dict[int, tuple[Ruleset, Rules]] = {}
_by_content: dict[str, Rules] = {}
_MAX_OBJECTS = 256


def compile_rules(ruleset: Ruleset | Rules) -> Rules:
    """The engine view of a ruleset, cached per ruleset object and per content.

    Equal rulesets share one :class:`Rules` (and so its memos and decision graphs): a
    simulation worker receives a fresh copy of the ruleset with every chunk of work.
    """
    if isinstance(ruleset, Rules):
        return ruleset
    hit = _by_object.get(id(ruleset))
    if hit is not None and hit[0] is ruleset:
        return hit[1]
    key = ruleset.content_hash()
    rules = _by_content.get(key)
    if rules is None or rules.ruleset != ruleset:
        if len(_by_content) >= _MAX_OBJECTS:  # many generated rulesets (property tests)
            _by_content.clear()
        rules = _by_content[key] = _compile(ruleset)
    if len(_by_object) >= _MAX_OBJECTS:  # the entries keep their rulesets alive
        _by_object.clear()
    _by_object[id(ruleset)] = (ruleset, rules)
    return rules


def _compile(rs: Ruleset) -> Rules:
    from manille_variants.engine.legality import follow_tables, make_legal_fn
    from manille_variants.ruleset.plugins import load_obligations, load_scorings

    order = rs.scoring.rank_order  # highest first
    rank_strength = {label: 7 - i for i, label in enumerate(order)}
    strength = tuple(rank_strength[RANK_LABELS[c.rank]] for c in DECK)
    above = tuple(
        _mask(o for o in DECK if o.suit == c.suit and strength[o.index] > strength[c.index])
        for c in DECK
    )
    values = tuple(rs.scoring.card_values[RANK_LABELS[c.rank]] for c in DECK)
    step = 1 if rs.dealing.direction == "clockwise" else -1
    sc = rs.scoring
    play = rs.play
    blind = rs.trump.blind_no_trump
    rules = Rules(
        ruleset=rs,
        content_hash=rs.content_hash(),
        strength=strength,
        above=above,
        values=values,
        suit_points=tuple(
            tuple(sum(values[8 * s + r] for r in range(8) if byte >> r & 1) for byte in range(256))
            for s in range(4)
        ),
        step=step,
        packets=tuple(rs.dealing.packets),
        cutter_offset=-1 if rs.dealing.cutter == "right" else 1,
        leader_offset={"after-dealer": step, "dealer": 0, "before-dealer": -step}[
            rs.dealing.first_leader
        ],
        next_dealer_offset=step if rs.dealing.next_dealer == "after-dealer" else -step,
        delegation=rs.trump.delegation,
        no_trump_allowed=rs.trump.no_trump.allowed,
        no_trump_factor=rs.trump.no_trump.factor,
        blind_allowed=blind.allowed,
        blind_factor=blind.factor,
        blind_only_when_behind_by=blind.only_when_behind_by,
        early_look_throws_in=rs.dealing.early_look_throws_in,
        calls=tuple(rs.calls),
        turned_take_up=rs.trump.turned_card.take_up if rs.trump.turned_card else None,
        turned_bonus=rs.trump.turned_card.bonus if rs.trump.turned_card else "none",
        beat_opponent=play.beat_opponent,
        beat_partner_on_trump_lead=play.beat_partner_on_trump_lead,
        beat_at_no_trump=play.beat_at_no_trump,
        beat_partner_at_no_trump=play.beat_partner_at_no_trump,
        trump_when_opponent_wins=play.trump_when_opponent_wins,
        trump_when_partner_wins=play.trump_when_partner_wins,
        overtrump_opponent=play.overtrump_opponent,
        overtrump_partner=play.overtrump_partner,
        undertrump=play.undertrump,
        undertrump_partner=play.undertrump_partner,
        obligation_plugins=load_obligations(play.extra_rules),
        scoring_plugins=load_scorings(sc.adjustments),
        card_total=sc.card_total,
        trick_points=sc.trick_points,
        last_trick_bonus=sc.last_trick_bonus,
        deal_total=sc.deal_total,
        half=sc.deal_total // 2,
        next_seat=tuple((s + step) & 3 for s in range(4)),
        beat=tuple(
            tuple(above[i] | (SUIT_MASKS[t] if t >= 0 and i >> 3 != t else 0) for i in range(32)) * 4
            for t in (0, 1, 2, 3, -1)
        ),
        deal_bits=_deal_bits(rs.dealing.packets, step),
        call_table=_call_table(rs.calls),
        memo={},
        roots=[None] * 24,
        follow_raise=(),
        legal_fn=_unbound_legal,
    )
    object.__setattr__(rules, "follow_raise", follow_tables(rules))
    object.__setattr__(rules, "legal_fn", make_legal_fn(rules))
    return rules


def _mask(cards: object) -> int:
    mask = 0
    for card in cards:  # type: ignore[attr-defined]
        mask |= card.bit
    return mask


def _deal_pattern(packets: list[int], step: int) -> tuple[int, ...]:
    pattern: list[int] = []
    for packet in packets:
        for k in range(4):
            pattern.extend([((k + 1) * step) % 4] * packet)
    return tuple(pattern)


def _unbound_legal(hand: int, led: int, win_idx: int, partner_wins: bool, trump: int) -> int:
    raise RuntimeError("legal_fn is bound by compile_rules")


def _call_table(calls: list[Call]) -> dict[tuple[str | None, str, bool], tuple[Call, ...]]:
    table: dict[tuple[str | None, str, bool], tuple[Call, ...]] = {}
    for last in [None, *(c.name for c in calls)]:
        for mode in ("trump", "no-trump", "blind"):
            for contract_side in (True, False):
                table[(last, mode, contract_side)] = tuple(
                    c for c in calls
                    if c.after == last and mode in c.modes and _may_call(c.by, contract_side)
                )
    return table


def _may_call(by: str, contract_side: bool) -> bool:
    return by == "anyone" or (by == "contract-side") == contract_side


def _deal_bits(packets: list[int], step: int) -> tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]:
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
