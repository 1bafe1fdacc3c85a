"""What a deal says when it explains itself or refuses an action, as coded sentences.

Both deal engines (the reference one and the compiled core's) word their explanations and
their :class:`~manille_variants.errors.IllegalPlayError` with these, from plain values: the
action and the seat as text, the phase, the legal options.
"""

from __future__ import annotations

from collections.abc import Iterable

from manille_variants.messages import Message, define, msg

__all__ = ["PLUGIN_REASON", "choosing", "deal_over", "no_throw_in", "not_in_hand", "not_legal", "not_possible", "over",
           "throw_in_no_partner", "throw_in_too_late", "turned_refused", "waiting"]

PLUGIN_REASON = define("deal.plugin-reason", "{reason}")  # a plug-in's own sentence, as it wrote it
OVER = define("deal.over.explain", "over: the deal is over")
CHOOSES = define("deal.chooses", "{phase}: seat {seat} chooses one of {options}")
WAITS = define("deal.turned-waits", "{reason} (the turned {card} stays on the table until {until})")
UNTIL = {
    "after-first-card": define("deal.until.first-card", "the first card of the first trick is played"),
    "after-first-trick": define("deal.until.first-trick", "the first trick is complete"),
}
DEAL_OVER = define("refused.deal-over", "the deal is over")
NO_THROW_IN = define("refused.no-throw-in", "{ruleset} has no early-look throw-in")
THROW_IN_LATE = define("refused.throw-in-too-late", "a deal can be thrown in only before trump is named")
THROW_IN_NO_PARTNER = define("refused.throw-in-no-partner",
                             "the dealer has no partner at this table: no deal is thrown in")
NOT_IN_HAND = define("refused.not-in-hand", "{action} is not in seat {seat}'s hand ({hand})")
TURNED = define("refused.turned-card", "{action} is the turned card: it stays on the table until {until}")
NOT_LEGAL = define("refused.not-legal", "{action} is not legal for seat {seat}: {why}")
NOT_POSSIBLE = define("refused.not-possible", "{action} is not possible now ({phase} phase, seat {seat} to act: "
                      "{options})")
# The compiled core's own refusals (its deals know no ruleset name nor hand to quote).
define("refused.core.no-throw-in", "this ruleset has no early-look throw-in")
define("refused.core.not-in-hand", "{action} is not in seat {seat}'s hand")
define("refused.core.not-legal", "{action} is not legal for seat {seat}")


def over() -> Message:
    return msg(OVER)


def choosing(phase: str, seat: int, options: Iterable[object]) -> Message:
    return msg(CHOOSES, phase=phase, seat=seat, options=", ".join(map(str, options)))


def waiting(reason: Message | str, card: str, take_up: str) -> Message:
    """``reason`` for the dealer while the turned ``card`` (its pretty text) waits on the table."""
    return msg(WAITS, reason=reason, card=card, until=msg(UNTIL[take_up]))


def deal_over() -> Message:
    return msg(DEAL_OVER)


def no_throw_in(ruleset: str) -> Message:
    return msg(NO_THROW_IN, ruleset=ruleset)


def throw_in_too_late() -> Message:
    return msg(THROW_IN_LATE)


def throw_in_no_partner() -> Message:
    return msg(THROW_IN_NO_PARTNER)


def not_in_hand(action: object, seat: int, hand: Iterable[object]) -> Message:
    return msg(NOT_IN_HAND, action=str(action), seat=seat, hand=" ".join(map(str, hand)))


def turned_refused(action: object, take_up: str) -> Message:
    return msg(TURNED, action=str(action), until=msg(UNTIL[take_up]))


def not_legal(action: object, seat: int, why: Message | str) -> Message:
    return msg(NOT_LEGAL, action=str(action), seat=seat, why=why)


def not_possible(action: object, phase: str, seat: int, options: Iterable[object]) -> Message:
    return msg(NOT_POSSIBLE, action=str(action), phase=phase, seat=seat, options=", ".join(map(str, options)))
