"""The legality fast path: :func:`~manille_variants.engine.legality.explain_legal`'s rules on
32-bit card masks, with a ruleset's flags and tables bound once (built by
:func:`~manille_variants.engine.compiled.compile_rules`).

A property test checks that it agrees with the readable filter for every setting.
"""

from __future__ import annotations

from collections.abc import Callable

from manille_variants.cards import SUIT_MASKS
from manille_variants.engine.rules import Rules

__all__ = ["LegalFn", "beat_duty", "follow_tables", "make_legal_fn", "undertrump_rule"]

# legal(hand, led, win_idx, partner_wins, trump) -> the legal cards of hand (see make_legal_fn).
LegalFn = Callable[[int, int, int, bool, int], int]


def beat_duty(rules: Rules, partner_wins: bool, trump_lead: bool, no_trump: bool) -> bool:
    """Whether a player holding the led suit must beat the winning card of that suit."""
    if no_trump:
        # Every no-trump lead counts as a trump lead and as a plain lead.
        if not rules.beat_at_no_trump:
            return False
        return rules.beat_partner_at_no_trump if partner_wins else rules.beat_opponent is not False
    if partner_wins:
        return rules.beat_partner_on_trump_lead and trump_lead
    return rules.beat_opponent in (True, "trump-lead" if trump_lead else "plain-lead")


def undertrump_rule(rules: Rules, partner_wins: bool) -> str:
    """The undertrump setting that applies when the winning trump is a partner's or an opponent's
    (docs/rules.md#other-readings: ``undertrump_partner``)."""
    if partner_wins and rules.undertrump_partner != "same":
        return rules.undertrump_partner
    return rules.undertrump


def follow_tables(rules: Rules) -> tuple[tuple[int, ...], ...]:
    """The duty to beat when following suit (clause 1a), as bitmasks: ``table[trump][k]``
    (``trump`` -1 at no-trump) with ``k = win_idx | winner_seat << 5 | to_play << 7``.

    The entry is the cards that beat the winning card when the player to play must beat it
    (his partner's card or an opponent's, per the ruleset), else 0; a follower plays
    ``follow & entry or follow``.  That also covers a trumped trick: the entry then holds
    only trumps, so a follower of the led suit plays any of it.  The first 128 entries are
    seen from seat 0: ``win_idx | 32`` for an opponent's card, ``win_idx | 64`` a partner's.
    """
    tables = []
    for trump in (0, 1, 2, 3, -1):
        entries = [0] * 512
        for win_idx in range(32):
            for winner in range(4):
                for to_play in range(4):
                    if winner == to_play:
                        continue
                    partner_wins = winner ^ to_play == 2
                    duty = beat_duty(rules, partner_wins, win_idx >> 3 == trump, trump < 0)
                    entries[win_idx | winner << 5 | to_play << 7] = rules.above[win_idx] if duty else 0
        tables.append(tuple(entries))
    return tuple(tables)


def make_legal_fn(rules: Rules, follow_raise: tuple[tuple[int, ...], ...]) -> LegalFn:
    """The legality fast path with this ruleset's flags and ``follow_raise`` (its
    :func:`follow_tables`) bound as locals: ``legal(hand, led, win_idx, partner_wins, trump)``.

    ``led`` is the led suit (not -1: a leader may play any card), ``win_idx`` the index of the
    card holding the trick, ``trump`` the trump suit (-1 at no-trump).
    """
    above = rules.above
    suit_masks = SUIT_MASKS
    trump_opp = rules.trump_when_opponent_wins
    trump_partner = rules.trump_when_partner_wins
    over_opp = rules.overtrump_opponent
    over_partner = rules.overtrump_partner
    undertrump = rules.undertrump
    under_partner = undertrump_rule(rules, True)

    def legal(hand: int, led: int, win_idx: int, partner_wins: bool, trump: int) -> int:
        # 1. Holding the led suit: follow it, beating the winning card where the duty applies.
        follow = hand & suit_masks[led]
        if follow:
            return follow & follow_raise[trump][win_idx | (64 if partner_wins else 32)] or follow
        # 2a. Void at no-trump, or without a trump: any card.
        if trump < 0:
            return hand
        trumps = hand & suit_masks[trump]
        if not trumps:
            return hand
        # 2b. A plain card wins: trump if the duty applies (opponent, or partner in French rules).
        if win_idx >> 3 != trump:
            return trumps if (trump_partner if partner_wins else trump_opp) else hand
        # 2c. The trick is trumped: overtrump when required and possible.
        higher = trumps & above[win_idx]
        if higher and (over_partner if partner_wins else over_opp):
            return higher
        # 2d. Lower trumps, per the undertrump setting.
        lower = trumps & ~higher
        if not lower:
            return hand
        mode = under_partner if partner_wins else undertrump
        if mode == "forbidden":
            return (hand & ~lower) or hand
        if mode == "forbidden-if-can-overtrump":
            return hand & ~lower if higher else hand
        if mode == "required" and not partner_wins and not higher:
            return lower
        return hand

    return legal
