"""The heuristic bot: a club player's habits, seeing only its own seat's view.

Decisions before play come from a rough estimate of the tricks a hand takes by itself
(:func:`hand_tricks`): the best trump suit, no-trump with many sure tricks, delegation with a
weak hand, blind no-trump only when far behind near the end of a game, and a doubling call
(or its reply) with a hand strong enough to take the deal.

Card play follows common advice:

- lead a master (the highest card left of its suit) in a side suit early, while nobody can
  trump it; draw trumps with the master trump; otherwise lead low from a long side suit, or a
  suit the partner can trump;
- when the partner holds the trick safely, feed it points;
- otherwise win cheaply when the win is safe (nobody after us can beat it), and lose cheaply
  when it is not, keeping masters and trumps for later;
- count what has gone: masters, voids and players known to hold no trump are read off the
  tricks played, under the ruleset's own obligations.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from manille_variants.bots.decisions import DecisionTable, decision_table, hand_class
from manille_variants.cards import DECK_MASK, SUIT_MASKS, SUITS, Card, Suit
from manille_variants.engine.actions import (
    BLIND,
    DELEGATE,
    LOOK,
    NO_TRUMP,
    PASS,
    Action,
    AnyAction,
)
from manille_variants.engine.rules import Rules
from manille_variants.engine.tricks import trick_winner
from manille_variants.engine.view import SeatView

__all__ = ["HeuristicBot", "Thresholds", "hand_tricks"]


@dataclass(frozen=True)
class Thresholds:
    """The estimated tricks (of 8) at which the bot takes each risk."""

    no_trump: float = 4.8  # choose no-trump with this many tricks at no-trump
    delegate: float = 3.7  # hand the trump choice to the partner below this
    call: float = 4.4  # first doubling call against the contract
    reply: float = 4.4  # answer a call for the contract side
    blind_deficit: float = 0.45  # blind no-trump when behind by this share of the target ...
    blind_danger: float = 0.75  # ... and the opponents hold this share of the target


def _strength_order(rules: Rules, cards: Sequence[Card]) -> list[Card]:
    return sorted(cards, key=lambda c: -rules.strength[c.index])


def hand_tricks(rules: Rules, hand: Sequence[Card], trump: Suit | None) -> float:
    """Rough number of tricks ``hand`` takes by itself with ``trump`` (None: no-trump)."""
    held = sum(c.bit for c in hand)
    trumps = [c for c in hand if c.suit == trump] if trump is not None else []
    total = _trump_tricks(rules, trumps, held)
    for suit in SUITS:
        if suit != trump:
            cards = [c for c in hand if c.suit == suit]
            total += _side_tricks(rules, cards, held, trump is not None)
            if trump is not None and len(trumps) >= 2:
                total += (0.6, 0.3, 0.0)[min(len(cards), 2)] * min(1.0, (len(trumps) - 1) / 2)
    return total


def _missing_above(rules: Rules, card: Card, held: int) -> int:
    return (rules.above[card.index] & ~held).bit_count()


def _trump_tricks(rules: Rules, trumps: list[Card], held: int) -> float:
    total = 0.0
    for i, card in enumerate(_strength_order(rules, trumps)):
        missing = _missing_above(rules, card, held)
        if missing == 0:
            total += 1.0
        elif missing <= i:
            total += 0.75
        else:
            total += 0.45 if len(trumps) >= 3 else 0.25
    return total


def _side_tricks(rules: Rules, cards: list[Card], held: int, trump_game: bool) -> float:
    total = 0.0
    for i, card in enumerate(_strength_order(rules, cards)):
        missing = _missing_above(rules, card, held)
        if missing == 0:
            # Side masters may be trumped once a suit has gone round a time or two.
            total += (1.0, 0.8, 0.5, 0.3)[min(i, 3)] if trump_game else 1.0
        elif missing == 1 and len(cards) >= 2 and i < 2:
            total += 0.4
        elif not trump_game and i >= 3 and missing <= i:
            total += 0.5  # long suit at no-trump
    return total


class HeuristicBot:
    """A player with common habits; deterministic for a given seed and view."""

    name = "heuristic"

    def __init__(self, seed: int = 0, thresholds: Thresholds | None = None, *, rule_aware: bool | None = None) -> None:
        self.rng = random.Random(seed)
        self.thresholds = thresholds or Thresholds()
        # Trump or no-trump from the ruleset's decision table (see bots.decisions), unless
        # thresholds are given (or the ruleset has no table: plug-ins, MANILLE_LEARN=0).
        self.rule_aware = thresholds is None if rule_aware is None else rule_aware

    def act(self, view: SeatView) -> AnyAction:
        """The chosen action, one of ``view.legal``."""
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        if view.phase == "play":
            return _CardPlay(view).choose()
        if view.phase == "blind":
            return self._blind(view)
        if view.phase == "trump":
            return self._trump(view)
        return self._call(view)

    # --------------------------------------------------------------- decisions
    def _blind(self, view: SeatView) -> AnyAction:
        target = view.rules.target
        ours, theirs = view.scores[view.team], view.scores[1 - view.team]
        t = self.thresholds
        desperate = theirs >= t.blind_danger * target and theirs - ours >= t.blind_deficit * target
        return BLIND if desperate and BLIND in view.legal else LOOK

    def _trump(self, view: SeatView) -> AnyAction:
        rules = view.rules
        options = {
            a: hand_tricks(rules, view.hand, Suit[a.arg or "S"]) + 0.05 * _count(view.hand, a.arg)
            for a in view.legal
            if isinstance(a, Action) and a.kind == "trump"
        }
        best = max(options, key=lambda a: (options[a], -_suit_order(a)))
        table = decision_table(rules, hand_tricks) if self.rule_aware else None
        if table is not None:
            return self._trump_by_table(view, table, best, options[best])
        if NO_TRUMP in view.legal:
            no_trump = hand_tricks(rules, view.hand, None)
            if no_trump >= self.thresholds.no_trump and no_trump >= options[best] - 0.5:
                return NO_TRUMP
        if DELEGATE in view.legal and options[best] < self.thresholds.delegate:
            return DELEGATE
        return best

    def _trump_by_table(self, view: SeatView, table: DecisionTable, best: Action, tricks: float) -> AnyAction:
        """The trump or no-trump with the best expected net match points under the ruleset
        (the table's expected total for the hand's class, times the deal's factor)."""
        rules = view.rules
        half = table.half
        value = (table.expected_total("trump", hand_class(tricks)) - half) * _factor(rules, "trump", view.pending_ties)
        choice: AnyAction = best
        if NO_TRUMP in view.legal:
            cls = hand_class(hand_tricks(rules, view.hand, None))
            no_trump = (table.expected_total("no-trump", cls) - half) * _factor(rules, "no-trump", view.pending_ties)
            if no_trump > value:
                choice, value = NO_TRUMP, no_trump
        if DELEGATE in view.legal and tricks < self.thresholds.delegate:
            return DELEGATE
        return choice

    def _call(self, view: SeatView) -> AnyAction:
        calls = [a for a in view.legal if isinstance(a, Action) and a.kind == "call"]
        if not calls:
            return PASS
        tricks = hand_tricks(view.rules, view.hand, view.trump)
        needed = self.thresholds.reply if view.is_contract_side else self.thresholds.call
        return calls[0] if tricks >= needed else PASS


_FACTORS: dict[tuple[str, str, int], int] = {}


def _factor(rules: Rules, mode: str, pending_ties: int) -> int:
    """The deal's combined factor in ``mode`` with ``pending_ties`` (no call, no sweep)."""
    key = (rules.content_hash, mode, pending_ties)  # a decisive deal, no sweep, no call
    found = _FACTORS.get(key)
    if found is None:
        from manille_variants.engine.scoring import score_deal

        decisive = rules.card_total // 2 + 1
        found = _FACTORS[key] = score_deal(rules, decisive, 4, mode=mode, pending_ties=pending_ties).factor
    return found


def _count(hand: Sequence[Card], suit_name: str | None) -> int:
    return sum(1 for c in hand if c.suit.name == suit_name)


def _suit_order(action: Action) -> int:
    return int(Suit[action.arg or "S"])


class _CardPlay:
    """One card decision: what the seat knows of the deal, and the choice."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        self.rules = view.rules
        self.trump = view.trump
        self.t = -1 if view.trump is None else int(view.trump)
        self.hand_mask = sum(c.bit for c in view.hand)
        played = 0
        for card in view.played():
            played |= card.bit
        # The turned trump card is the dealer's until played: known, never unseen.
        turned = view.turned.bit & ~played if view.turned is not None else 0
        if view.seat == view.dealer:
            self.hand_mask |= turned
        self.dealer_turned = 0 if view.seat == view.dealer else turned
        self.unseen = DECK_MASK & ~played & ~self.hand_mask & ~turned
        self.voids = self._voids()
        if self.dealer_turned:  # whatever the dealer showed, he still holds that suit
            self.voids[view.dealer] &= ~(1 << (self.dealer_turned.bit_length() - 1 >> 3))
        self.legal: list[Card] = [a for a in view.legal if isinstance(a, Card)]

    # ------------------------------------------------------------- knowledge
    def _voids(self) -> list[int]:
        """Per seat, a bit per suit known to be missing from that hand."""
        voids = [0, 0, 0, 0]
        step = self.rules.step
        view = self.view
        for leader, cards, _ in view.tricks:
            self._read_trick(voids, leader, cards, step)
        if view.trick:
            self._read_trick(voids, view.trick_leader, view.trick, step)
        return voids

    def _read_trick(self, voids: list[int], leader: int, cards: Sequence[Card], step: int) -> None:
        led = cards[0].suit
        for i in range(1, len(cards)):
            card = cards[i]
            if card.suit == led:
                continue
            seat = (leader + i * step) % 4
            voids[seat] |= 1 << led
            if self.trump is not None and card.suit != self.trump and self._had_to_trump(cards[:i]):
                voids[seat] |= 1 << self.trump

    def _had_to_trump(self, before: Sequence[Card]) -> bool:
        """Whether a player void in the led suit had to trump after ``before``."""
        win = trick_winner(self.rules, before, self.trump)
        if before[win].suit == self.trump:
            return False
        partner_wins = len(before) - win == 2
        rules = self.rules
        return rules.trump_when_partner_wins if partner_wins else rules.trump_when_opponent_wins

    def may_be_void(self, seat: int, suit: int) -> bool:
        if seat == self.view.dealer and self.dealer_turned & SUIT_MASKS[suit]:
            return False
        return bool(self.voids[seat] >> suit & 1) or not self.unseen & SUIT_MASKS[suit]

    def may_hold(self, seat: int, suit: int) -> bool:
        if seat == self.view.dealer and self.dealer_turned & SUIT_MASKS[suit]:
            return True
        return not self.voids[seat] >> suit & 1 and bool(self.unseen & SUIT_MASKS[suit])

    def is_master(self, card: Card) -> bool:
        return not self.rules.above[card.index] & (self.unseen | self.dealer_turned)

    def can_beat(self, seat: int, winning: Card, led: int) -> bool:
        """Whether ``seat`` may hold a card that beats ``winning`` on a trick led in ``led``."""
        rules = self.rules
        known = self.dealer_turned if seat == self.view.dealer else 0
        higher = rules.above[winning.index] & (self.unseen | known)
        if winning.suit == led:
            if higher and self.may_hold(seat, led):
                return True
            if self.t >= 0 and self.t != led and self.unseen & SUIT_MASKS[self.t]:
                return self.may_be_void(seat, led) and self.may_hold(seat, self.t)
            return False
        # The trick is trumped: only a higher trump from a player void in the led suit.
        return bool(higher) and self.may_be_void(seat, led) and self.may_hold(seat, self.t)

    def later_seats(self) -> list[int]:
        view = self.view
        step = self.rules.step
        return [(view.seat + k * step) % 4 for k in range(1, 4 - len(view.trick))]

    # ------------------------------------------------------------- choice
    def choose(self) -> Card:
        if not self.view.trick:
            return self.lead()
        return self.follow()

    def value(self, card: Card) -> int:
        return self.rules.values[card.index]

    def strength(self, card: Card) -> int:
        return self.rules.strength[card.index]

    def keep_value(self, card: Card) -> float:
        """What a card is worth keeping for later tricks (besides its points)."""
        tricks_left = 8 - len(self.view.tricks)
        if tricks_left <= 1:
            return 0.0
        if card.suit == self.trump:
            return 2.0 + 0.5 * self.strength(card)
        if self.is_master(card):
            return 3.0
        return 0.1 * self.strength(card)

    def lose_cost(self, card: Card) -> float:
        """The cost of playing ``card`` to a trick we lose."""
        return 2 * self.value(card) + self.keep_value(card) + self.shortness(card)

    def shortness(self, card: Card) -> float:
        # Prefer discarding from short side suits: it makes a void for trumping later.
        if card.suit == self.trump:
            return 0.0
        return 0.05 * (self.hand_mask & SUIT_MASKS[card.suit]).bit_count()

    # ------------------------------------------------------------- leading
    def lead(self) -> Card:
        return (
            self.draw_trumps()
            or self.cash_master()
            or self.partner_ruff()
            or self.low_lead()
        )

    def opponents(self) -> tuple[int, int]:
        seat = self.view.seat
        return (seat + 1) % 4, (seat + 3) % 4

    def opponents_may_trump(self) -> bool:
        if self.t < 0 or not (self.unseen | self.dealer_turned) & SUIT_MASKS[self.t]:
            return False
        return any(self.may_hold(s, self.t) for s in self.opponents())

    def draw_trumps(self) -> Card | None:
        if self.t < 0 or not self.opponents_may_trump():
            return None
        trumps = [c for c in self.legal if c.suit == self.trump]
        if not trumps:
            return None
        masters = [c for c in trumps if self.is_master(c)]
        if masters:
            return max(masters, key=self.strength)
        unseen_trumps = (self.unseen & SUIT_MASKS[self.t]).bit_count()
        if len(trumps) >= 4 and len(trumps) >= unseen_trumps:
            return min(trumps, key=self.strength)
        return None

    def cash_master(self) -> Card | None:
        safe = [
            c for c in self.legal
            if c.suit != self.trump and self.is_master(c) and self.lead_is_safe(c.suit)
        ]
        if not safe:
            return None
        return max(safe, key=lambda c: (self.value(c), self.strength(c)))

    def lead_is_safe(self, suit: int) -> bool:
        """Nobody on the other side can trump a lead of ``suit``."""
        if self.t < 0:
            return True
        return not any(
            self.voids[s] >> suit & 1 and self.may_hold(s, self.t) for s in self.opponents()
        )

    def partner_ruff(self) -> Card | None:
        partner = self.view.partner
        if self.t < 0 or not self.may_hold(partner, self.t):
            return None
        options = [
            c for c in self.legal
            if c.suit != self.trump and self.voids[partner] >> c.suit & 1
            and not any(self.voids[s] >> c.suit & 1 for s in self.opponents())
        ]
        if not options:
            return None
        return min(options, key=self.lose_cost)

    def low_lead(self) -> Card:
        side = [c for c in self.legal if c.suit != self.trump] or self.legal
        return min(side, key=self.lead_cost)

    def lead_cost(self, card: Card) -> float:
        length = (self.hand_mask & SUIT_MASKS[card.suit]).bit_count()
        # Leading a card that a higher unseen card captures gives its points away.
        exposed = 3.0 * self.value(card) if not self.is_master(card) else 0.0
        return exposed + self.keep_value(card) - 0.3 * length

    # ------------------------------------------------------------- following
    def follow(self) -> Card:
        view = self.view
        trick = view.trick
        led = int(trick[0].suit)
        win = trick_winner(self.rules, trick, self.trump)
        winning = trick[win]
        partner_wins = len(trick) - win == 2
        later = self.later_seats()
        opponents_later = [s for s in later if s != view.partner]
        points = sum(self.value(c) for c in trick)
        if partner_wins and not any(self.can_beat(s, winning, led) for s in opponents_later):
            return self.feed()
        winners = [c for c in self.legal if self.rules.beats(c, winning, self.trump)]
        safe = [
            c for c in winners
            if not any(self.can_beat(s, c, led) for s in opponents_later)
        ]
        if safe and (points or not later or self.worth_taking(safe, points)):
            return min(safe, key=self.win_cost)
        if winners and not later and self.worth_taking(winners, points):
            return min(winners, key=self.win_cost)
        losers = [c for c in self.legal if c not in winners] or winners
        return min(losers, key=self.lose_cost)

    def worth_taking(self, winners: list[Card], points: int) -> bool:
        cheapest = min(winners, key=self.win_cost)
        if cheapest.suit != self.trump or points >= 2:
            return True
        return self.keep_value(cheapest) <= 2.5 or len(self.view.tricks) >= 6

    def win_cost(self, card: Card) -> float:
        # Win with the card least useful later; points on it come back to us anyway.
        return self.keep_value(card) - 0.5 * self.value(card) + 0.01 * self.strength(card)

    def feed(self) -> Card:
        """The partner holds the trick safely: give it the most points we can spare."""
        return max(self.legal, key=lambda c: 2 * self.value(c) - self.keep_value(c))



# ---------------------------------------------------------------------- the core's bot
def _bot_rules(rules: Rules) -> Any:
    """The core's rules as the bot reads them (strength, points, play duties, factors): the
    trump source and the calls stay out (the view and its legal actions carry those), so any
    ruleset crosses over, plug-ins and long call ladders included."""
    from manille_variants._core import CoreRules
    from manille_variants.engine.compiled import compiled
    from manille_variants.engine.core import core_rules

    engine = compiled(rules)
    found = engine.memo.get("heuristic-rules")
    if found is None:
        data = core_rules(rules)
        for key in ("trump_source", "take_up", "turned_bonus"):
            data.pop(key, None)
        data["calls"] = []
        found = engine.memo["heuristic-rules"] = CoreRules(data)
    return found


def _core_bot(bot: HeuristicBot, rules: Rules) -> Any:
    from manille_variants._core import CoreHeuristic

    table = decision_table(rules, hand_tricks) if bot.rule_aware else None
    t = bot.thresholds
    rows = None if table is None else (table.half, list(table.trump), list(table.no_trump))
    return CoreHeuristic((t.no_trump, t.delegate, t.call, t.reply, t.blind_deficit, t.blind_danger), rows)


def core_act(bot: HeuristicBot, view: SeatView) -> AnyAction:
    """The core bot's choice for ``view``."""
    from manille_variants.engine.core import action_code

    rules = view.rules
    core = _core_bot(bot, rules)
    legal = view.legal
    codes = [a.index if isinstance(a, Card) else action_code(rules, a) for a in legal]
    history = [c.index for _, cards, _ in view.tricks for c in cards] + [c.index for c in view.trick]
    leaders = [leader for leader, _, _ in view.tricks] + ([view.trick_leader] if view.trick else [])
    code = core.act(
        _bot_rules(rules), view.phase, view.seat, view.dealer, sum(c.bit for c in view.hand),
        None if view.trump is None else int(view.trump),
        None if view.turned is None else view.turned.index,
        history, leaders, tuple(view.scores), view.pending_ties, codes,
    )
    return legal[codes.index(code)]
