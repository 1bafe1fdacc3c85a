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
# The rules the compiled core cannot play (RulesetError), the worlds its search cannot draw
# (SearchError), the bot specs it refuses (BotOptionError) and a deal offered to a match that
# is over: the core returns the code and the parameters, these are the words.
define("core.rules.seats", "the engine plays 2 to 6 seats (got {seats})")
define("core.rules.pack", "{seats} hands of {hand_size} cards and {undealt} undealt do not make the 32-card pack")
define("core.rules.pack-layout", "{seats} hands of {hand_size} cards, layouts of {covered} face-down and {covered} "
       "face-up cards and {undealt} undealt do not make the 32-card pack")
define("core.rules.layout-two", "a layout is played at a table of 2 seats (this one has {seats})")
define("core.rules.odd-teams", "fixed teams alternate seats: {seats} seats cannot")
define("core.rules.turned-undealt", "trump by the turned card needs every card dealt")
define("core.rules.turned-layout", "trump by the turned card needs every card dealt into the hands, none on the table")
define("core.rules.packets", "packets [{packets}] must be positive and sum to the hand size {hand_size}")
define("core.rules.step", "step must be 1 or -1 (got {step})")
define("core.rules.strength", "strength must rank the 8 cards of each suit 0..7")
define("core.rules.calls", "the engine takes at most 22 calls in a ladder (got {calls})")
define("core.rules.call-after", "call {call}: `after` must name an earlier call")
define("core.rules.best-of", "best_of must be at least 1")
define("core.rules.factors", "factors and the cap must be at least 1")
define("core.rules.turned-choices", "trump by the turned card allows no no-trump, blind no-trump or delegation")
define("core.no-world.hand-full", "seat {seat} would hold more than a hand")
define("core.no-world.no-deal-fits", "no deal of the hidden cards fits what was seen")
define("core.no-world.no-replay", "no world replays what was seen (1000 draws)")
define("core.no-world.played-twice", "a card was played twice")
define("core.no-world.did-not-replay", "a drawn world did not replay")
define("core.no-world.none-drawn", "no world drawn")
define("core.no-world.not-turn-to-play", "it is not this seat's turn to play a card")
define("core.no-world.not-turn-to-decide", "it is not this seat's turn to decide")
define("core.no-world.decision-refused", "a decision was refused")
define("core.no-world.not-turn", "it is not this seat's turn")
define("core.bots.unknown", 'the core has no bot "{name}"')
define("core.bots.key-value", 'a bot option is KEY=VALUE (got "{option}")')
define("core.bots.no-options", 'bot "{name}" takes no option "{key}"')
define("core.bots.no-option", 'bot "{name}" has no option "{key}"')
define("core.bots.whole-number", '{key} must be a positive whole number (got "{value}")')
define("core.bots.positive", '{key} must be a positive number (got "{value}")')
define("core.bots.not-negative", '{key} must be a number, 0 or more (got "{value}")')
define("core.bots.whole-not-negative", '{key} must be a whole number, 0 or more (got "{value}")')
define("core.bots.flag", '{key} is 0 or 1 (got "{value}")')
define("core.bots.count", "give one bot, one per team, or four (got {count})")
define("core.bots.count-seats", "give one bot, one per team, or {seats} (got {count})")
define("core.match-over", "the match is over")


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
