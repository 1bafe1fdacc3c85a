"""A validated :class:`~manille_variants.ruleset.schema.Ruleset` as one frozen value.

:class:`Rules` holds every setting the engine reads, flat (card strengths, seating offsets,
obligation flags, scoring and match settings), so the engine never reads the schema's nested
models.  The tables and memos the engine builds from it live apart, in
:class:`~manille_variants.engine.compiled.CompiledRules`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from manille_variants.cards import DECK, Card, Suit, mask_of
from manille_variants.ruleset.plugins import ObligationRule, ScoringRule, load_obligations, load_scorings
from manille_variants.ruleset.schema import RANK_LABELS, Call, Ruleset, Table

__all__ = ["Rules", "rules_of"]

_DEFAULT_TABLE = Table()


@dataclass(frozen=True, eq=False)
class Rules:
    """A ruleset's settings as the engine reads them.  Build with :func:`rules_of` (or
    :func:`~manille_variants.engine.compiled.compile_rules`, which also caches)."""

    ruleset: Ruleset
    content_hash: str
    # Cards: strength[i] (0 weakest .. 7 strongest), above[i] = same-suit cards beating card i.
    strength: tuple[int, ...]
    above: tuple[int, ...]
    values: tuple[int, ...]
    # The table: seats, cards in hand, tricks in a deal (hand and layout), the two fixed
    # teams (None: the dealer alone against the others, a temporary team for each deal).
    seats: int
    hand_size: int
    tricks_per_deal: int
    teams: tuple[tuple[int, ...], ...] | None
    credit: str
    undealt_count: int
    undealt_shown: bool
    undealt_to: str
    layout_covered: int
    # Seating: +1 clockwise, -1 counter-clockwise (seats are numbered clockwise).
    step: int
    packets: tuple[int, ...]
    cutter_offset: int
    leader_offset: int
    next_dealer_offset: int
    # next_seat[s]: the seat playing after s.
    next_seat: tuple[int, ...]
    # The first dealer: a seat, or None for a seeded random one.
    first_dealer: int | None
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
    # Scoring.
    card_total: int
    trick_points: int
    last_trick_bonus: int
    deal_total: int
    half: int
    tie_carry: str
    tie_factor: int
    tie_stacking: str
    sweep_definition: str
    sweep_factor: int
    combine: str
    cap: int | None
    scoring_plugins: tuple[ScoringRule, ...]
    # Match.
    target: int
    best_of: int

    @property
    def games_needed(self) -> int:
        """Games (boams) a side must win to take the match."""
        return self.best_of // 2 + 1

    @cached_property
    def default_table(self) -> bool:
        """Four seats, 8 cards each, partners opposite: the table of every 4-player ruleset.
        (Kept once asked: comparing the schema's table costs more than a core call.)"""
        return self.ruleset.table == _DEFAULT_TABLE

    @property
    def temporary_teams(self) -> bool:
        """Whether the dealer plays alone against the others (each player keeps a score)."""
        return self.teams is None

    def side(self, seat: int, dealer: int) -> int:
        """The side (0 or 1) of ``seat`` in a deal of ``dealer``: a fixed team's index, or at
        a dealer-alone table 0 for the dealer and 1 for every other seat."""
        if self.teams is None:
            return 0 if seat == dealer else 1
        return 0 if seat in self.teams[0] else 1

    def partners(self, seat: int, dealer: int) -> tuple[int, ...]:
        """The other seats on ``seat``'s side in a deal of ``dealer``, in seat order."""
        mine = self.side(seat, dealer)
        return tuple(s for s in range(self.seats) if s != seat and self.side(s, dealer) == mine)

    def seat_after(self, seat: int, k: int = 1) -> int:
        """The seat ``k`` places after ``seat`` in the direction of play."""
        return (seat + k * self.step) % self.seats

    def first_leader(self, dealer: int) -> int:
        """The seat that leads the first trick (and is asked first for a call)."""
        return (dealer + self.leader_offset) % self.seats

    def pending_factor(self, pending_ties: int) -> int:
        """The factor that ``pending_ties`` ties in a row bring to the next decisive deal."""
        if pending_ties <= 0 or self.tie_carry == "none":
            return 1
        return self.tie_factor if self.tie_stacking == "single" else self.tie_factor**pending_ties

    def beats(self, card: Card, winning: Card, trump: Suit | None) -> bool:
        """Whether ``card`` played now would beat ``winning`` (the card holding the trick)."""
        if card.suit == winning.suit:
            return self.strength[card.index] > self.strength[winning.index]
        return trump is not None and card.suit == trump

    def sort_key(self, card: Card) -> tuple[int, int]:
        """Sort by suit, then strongest first."""
        return (card.suit, -self.strength[card.index])


def rules_of(rs: Ruleset) -> Rules:
    """The :class:`Rules` of a validated ruleset (plug-ins named in it are loaded here)."""
    order = rs.scoring.rank_order  # highest first
    rank_strength = {label: 7 - i for i, label in enumerate(order)}
    strength = tuple(rank_strength[RANK_LABELS[c.rank]] for c in DECK)
    above = tuple(
        mask_of(o for o in DECK if o.suit == c.suit and strength[o.index] > strength[c.index])
        for c in DECK
    )
    dealing = rs.dealing
    step = 1 if dealing.direction == "clockwise" else -1
    sc = rs.scoring
    play = rs.play
    blind = rs.trump.blind_no_trump
    table = rs.table
    seats = table.seats
    return Rules(
        ruleset=rs,
        content_hash=rs.content_hash(),
        strength=strength,
        above=above,
        values=tuple(sc.card_values[RANK_LABELS[c.rank]] for c in DECK),
        seats=seats,
        hand_size=table.hand_size,
        tricks_per_deal=table.tricks,
        teams=None if isinstance(table.teams, str) else tuple(tuple(sorted(t)) for t in table.teams),
        credit=table.credit,
        undealt_count=table.undealt.count,
        undealt_shown=table.undealt.shown,
        undealt_to=table.undealt.points_to,
        layout_covered=table.layout.covered,
        step=step,
        packets=tuple(dealing.packets),
        cutter_offset=-1 if dealing.cutter == "right" else 1,
        leader_offset={"after-dealer": step, "dealer": 0, "before-dealer": -step}[dealing.first_leader],
        next_dealer_offset=step if dealing.next_dealer == "after-dealer" else -step,
        next_seat=tuple((s + step) % seats for s in range(seats)),
        first_dealer=None if dealing.first_dealer == "random" else int(dealing.first_dealer),
        delegation=rs.trump.delegation,
        no_trump_allowed=rs.trump.no_trump.allowed,
        no_trump_factor=rs.trump.no_trump.factor,
        blind_allowed=blind.allowed,
        blind_factor=blind.factor,
        blind_only_when_behind_by=blind.only_when_behind_by,
        early_look_throws_in=dealing.early_look_throws_in,
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
        card_total=sc.card_total,
        trick_points=sc.trick_points,
        last_trick_bonus=sc.last_trick_bonus,
        deal_total=rs.deal_total,
        half=rs.deal_total // 2,
        tie_carry=sc.tie.carry,
        tie_factor=sc.tie.factor,
        tie_stacking=sc.tie.stacking,
        sweep_definition=sc.sweep.definition,
        sweep_factor=sc.sweep.factor,
        combine=sc.combine,
        cap=sc.cap,
        scoring_plugins=load_scorings(sc.adjustments),
        target=rs.match.target,
        best_of=rs.match.best_of,
    )

