"""Typed deals inferred: the actions and the record of a deal as typed (who led each trick,
the hands from the cards played, the decisions the contract implies), under a ruleset."""

from __future__ import annotations

from typing import Any

from manille_variants.cards import Card, parse_suit
from manille_variants.engine.actions import (
    BLIND,
    DELEGATE,
    LOOK,
    NO_TRUMP,
    PASS,
    THROW_IN,
    Action,
    AnyAction,
    call_action,
    trump_action,
)
from manille_variants.engine.compiled import compile_rules
from manille_variants.engine.deal import DealState, new_deal
from manille_variants.engine.rules import Rules
from manille_variants.engine.tricks import trick_winner
from manille_variants.errors import IllegalPlayError, RecordError, RulesetMissingError
from manille_variants.messages import define, msg
from manille_variants.records.model import DealRecord, GameRecord, check_hands
from manille_variants.records.typed_parse import TextDeal, TypedGame
from manille_variants.ruleset.loader import load_ruleset
from manille_variants.ruleset.schema import Ruleset
from manille_variants.words import SEAT_NAMES

__all__ = [
    "typed_record",
]


# What typed deals cannot say under their ruleset.
FOUR_SEATS = define("typed.four-seats", "{source}: the typed form names the four seats N E S W; {ruleset} has {seats}"
                                        " seats (keep its deals as JSON records)")
NO_RULESET = define("typed.no-ruleset", "{source}: names no ruleset (a line 'ruleset: NAME' names one)")
NO_DEALER = define("typed.no-dealer", "{where}: the deal starting here has no 'dealer:' line")
NOT_TURNED = define("typed.not-turned", "{where}: {ruleset} names trump: no card is turned (line {line})")
NO_TRUMP_LINE = define("typed.no-trump", "{where}: the deal starting here has no 'trump:' line")
NEEDS_TURNED = define("typed.needs-turned",
                      "{where}: {ruleset} takes trump from the turned card: add a line 'turned: CARD'")
TURNED_TRUMP = define("typed.turned-trump", "{where}: the turned card {card} makes {suit} trump (line {line} says"
                                            " {says})")
NO_CALL = define("typed.no-call", "{source}:{line}: {ruleset} has no call {call!r} (its calls: {known})")
ALL_HANDS = define("typed.all-hands", "{source}:{line}: give all four hands or none (missing: {missing})")
ALL_TRICKS = define("typed.all-tricks", "{source}:{line}: without the four hands, give all 8 tricks of 4 cards (got"
                                        " {count} tricks)")
LEADER = define("typed.leader", "{source}:{line}: this trick is led by {leader} (seat {seat}), not {claimed} (seat"
                                " {claimed_seat})")
PLAYED_TWICE = define("typed.played-twice", "{source}:{line}: {card} was already played on line {first}")


def typed_record(game: TypedGame, ruleset: Ruleset | str | None = None) -> GameRecord:
    """The typed deals as a record (kind ``deals``) under ``ruleset`` or the file's own."""
    rs = _typed_ruleset(game, ruleset)
    rules = compile_rules(rs)
    if not rules.default_table:
        raise RecordError(msg(FOUR_SEATS, source=game.source, ruleset=rs.name, seats=rules.seats))
    deals = tuple(_deal_record(rules, deal, game.source) for deal in game.deals)
    return GameRecord(
        ruleset=rs, deals=deals, kind="deals", ruleset_hash=rs.content_hash(),
        generator="typed deal", source=game.source,
    )


def _typed_ruleset(game: TypedGame, ruleset: Ruleset | str | None) -> Ruleset:
    if ruleset is not None:
        return load_ruleset(ruleset)
    if game.ruleset is None:
        raise RulesetMissingError(msg(NO_RULESET, source=game.source))
    return load_ruleset(game.ruleset)


def _deal_record(rules: Rules, deal: TextDeal, source: str) -> DealRecord:
    where = f"{source}:{deal.line}"
    if deal.dealer is None:
        raise RecordError(msg(NO_DEALER, where=where))
    if rules.turned_take_up is not None:
        _turned_trump(rules, deal, where)
    elif deal.turned is not None:
        raise RecordError(msg(NOT_TURNED, where=where, ruleset=rules.ruleset.name, line=deal.lines["turned"]))
    if deal.trump is None:
        raise RecordError(msg(NO_TRUMP_LINE, where=where))
    cards = [card for _, trick, _ in deal.tricks for card in trick]
    hands = _typed_hands(rules, deal, source)
    decisions = _decisions(rules, deal, source, hands)
    return DealRecord(
        dealer=deal.dealer,
        actions=(*decisions, *cards),
        hands=hands,
        pending_ties=deal.pending_ties,
        scores=deal.scores,
        result=_result(deal),
        turned=deal.turned,
    )


def _turned_trump(rules: Rules, deal: TextDeal, where: str) -> None:
    """Trump from the turned card: the 'turned:' line is needed, a 'trump:' line must agree."""
    if deal.turned is None:
        raise RecordError(msg(NEEDS_TURNED, where=where, ruleset=rules.ruleset.name))
    suit = deal.turned.suit.name
    if deal.trump is not None and deal.trump != suit:
        raise RecordError(msg(TURNED_TRUMP, where=where, card=str(deal.turned), suit=suit, line=deal.lines["trump"],
                              says=deal.trump))
    deal.trump = suit


def _result(deal: TextDeal) -> dict[str, Any] | None:
    if deal.result is None or deal.dealer is None:
        return None
    team = deal.dealer & 1
    return {"team_a": deal.result[team], "team_b": deal.result[1 - team]}


def _decisions(
    rules: Rules, deal: TextDeal, source: str, hands: tuple[tuple[Card, ...], ...] | None
) -> list[AnyAction]:
    """The actions before the first card, found by walking the engine through the choices.

    An impossible choice is still written down, so that the audit reports it with the rule."""
    assert deal.dealer is not None
    if deal.turned is not None and hands is not None:  # nobody chooses: the card makes trump
        start = new_deal(rules, 0, deal.dealer, pending_ties=deal.pending_ties, scores=deal.scores,
                         hands=hands, turned=deal.turned)
    else:
        start = new_deal(rules, 0, deal.dealer, pending_ties=deal.pending_ties, scores=deal.scores)
    state: DealState | None = start
    actions: list[AnyAction] = []
    for choice in _choice_actions(start, deal) if deal.turned is None else []:
        state = _try(state, choice)
        actions.append(choice)
        if state is None:
            break
    pending = [(_call_name(rules, name, source, line), by) for name, by, line in deal.calls]
    while state is not None and state.phase == "calls":
        action = _next_call(state, pending)
        actions.append(action)
        state = state.apply(action)
    actions.extend(call_action(name) for name, _ in pending)  # calls that never fitted
    return actions


def _choice_actions(state: DealState, deal: TextDeal) -> list[Action]:
    if deal.trump == "thrown-in":
        return [THROW_IN]
    out: list[Action] = []
    if state.phase == "blind" or deal.trump == "blind":
        out.append(BLIND if deal.trump == "blind" else LOOK)
        if deal.trump == "blind":
            return out
    if deal.delegated:
        out.append(DELEGATE)
    out.append(NO_TRUMP if deal.trump == "no-trump" else trump_action(parse_suit(deal.trump or "S")))
    return out


def _try(state: DealState | None, action: AnyAction) -> DealState | None:
    if state is None:
        return None
    try:
        return state.apply(action)
    except IllegalPlayError:
        return None


def _call_name(rules: Rules, text: str, source: str, line: int) -> str:
    wanted = "-".join(text.lower().split())
    for call in rules.calls:
        if wanted in (call.name, "-".join(call.label.lower().split())):
            return call.name
    known = ", ".join(c.name for c in rules.calls) or "none"
    raise RecordError(msg(NO_CALL, source=source, line=line, ruleset=rules.ruleset.name, call=text, known=known))


def _next_call(state: DealState, pending: list[tuple[str, int | None]]) -> AnyAction:
    if pending:
        name, by = pending[0]
        action = call_action(name)
        if action in state.legal_actions() and by in (None, state.to_play):
            pending.pop(0)
            return action
    return PASS


def _typed_hands(rules: Rules, deal: TextDeal, source: str) -> tuple[tuple[Card, ...], ...] | None:
    seats = _trick_seats(rules, deal, source)
    if deal.hands:
        missing = [SEAT_NAMES[s] for s in range(4) if s not in deal.hands]
        if missing:
            raise RecordError(msg(ALL_HANDS, source=source, line=deal.line, missing=", ".join(missing)))
        hands = tuple(tuple(deal.hands[s][0]) for s in range(4))
        check_hands(hands, f"{source}:{deal.line}: hands")
        return hands
    if deal.trump == "thrown-in":
        return None
    if len(deal.tricks) != 8 or any(len(t[1]) != 4 for t in deal.tricks):
        raise RecordError(msg(ALL_TRICKS, source=source, line=deal.line, count=len(deal.tricks)))
    played: list[list[Card]] = [[], [], [], []]
    for (_, cards, _), trick_seats in zip(deal.tricks, seats, strict=True):
        for seat, card in zip(trick_seats, cards, strict=True):
            played[seat].append(card)
    check_hands(played, f"{source}:{deal.line}: the hands read off the tricks")
    return tuple(tuple(h) for h in played)


def _trick_seats(rules: Rules, deal: TextDeal, source: str) -> list[list[int]]:
    """Who played each typed card, following the winners; checks any leader given."""
    assert deal.dealer is not None
    trump = parse_suit(deal.trump) if deal.trump in ("S", "H", "D", "C") else None
    leader = rules.first_leader(deal.dealer)
    seats: list[list[int]] = []
    seen: dict[Card, int] = {}
    for claimed, cards, line in deal.tricks:
        if claimed is not None and claimed != leader:
            raise RecordError(msg(LEADER, source=source, line=line, leader=SEAT_NAMES[leader], seat=leader,
                                  claimed=SEAT_NAMES[claimed], claimed_seat=claimed))
        for card in cards:
            if card in seen:
                raise RecordError(msg(PLAYED_TWICE, source=source, line=line, card=str(card), first=seen[card]))
            seen[card] = line
        seats.append([(leader + i * rules.step) % 4 for i in range(len(cards))])
        if len(cards) == 4:
            leader = seats[-1][trick_winner(rules, cards, trump)]
    return seats


# ------------------------------------------------------------------------- from a record
