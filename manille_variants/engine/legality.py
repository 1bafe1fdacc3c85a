"""Which cards may be played: one readable filter.

:func:`explain_legal` is the reference: one branch per rule clause, each answering with
the cards allowed and a sentence a player understands.  The reference engine
(:mod:`~manille_variants.engine.reference`) plays with it; the compiled core has its own
filter on bitmasks, and the differential tests check that both give the same cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from manille_variants.cards import DECK, SUITS, Card, Rank, Suit, cards_from_mask, parse_cards
from manille_variants.engine.compiled import CompiledRules, compiled
from manille_variants.engine.rules import Rules
from manille_variants.engine.tricks import trick_winner
from manille_variants.errors import CardError
from manille_variants.messages import Message, define, msg
from manille_variants.ruleset.plugins import LegalContext, rule_name
from manille_variants.ruleset.schema import Ruleset
from manille_variants.words import BLIND_WORDS, NO_TRUMP_WORDS, normal_word, parse_trump_suit

__all__ = [
    "CLAUSES", "Legality", "beat_duty", "explain_legal", "legal_filter", "legal_mask", "legality", "parse_trump",
    "python_legal_cards", "undertrump_rule",
]


@dataclass(frozen=True)
class Legality:
    """The legal cards, the clause that decided, and why in plain words: ``reason`` in
    English, ``message`` as a coded sentence (None for a plug-in's own sentence)."""

    cards: list[Card]
    clause: str
    reason: str
    message: Message | None = None

    def allows(self, card: Card) -> bool:
        return card in self.cards

    def text(self, lang: str) -> str:
        """Why, in ``lang`` (a plug-in's sentence as it wrote it)."""
        return self.message.text(lang) if self.message is not None else self.reason

    def json(self) -> dict[str, object]:
        """``clause``, ``reason`` (English), ``code`` and ``params``."""
        coded = self.message.json() if self.message is not None else {"code": f"plugin.{self.clause}", "params": {}}
        return {"clause": self.clause, "reason": self.reason, "code": coded["code"], "params": coded["params"]}


def _said(allowed: list[Card], clause: str, code: str, **params: object) -> Legality:
    message = msg(code, **params)
    return Legality(allowed, clause, message.text("en"), message)


# The sentences of the clauses.  {holder}: who holds the trick with which card (a HOLDER
# sentence), {led}: the led suit's symbol, {cards}: the cards allowed, {why}: a FOLLOW_WHY.
LEAD = define("legal.lead", "you lead: any card")
BEAT = {
    "beat-opponent": define("legal.beat-opponent", "{holder} holds the trick and you can beat it: play {cards}"),
    "beat-opponent-trump-lead": define("legal.beat-opponent-trump-lead",
                                       "{holder} holds the trick and you can beat it: play {cards}"),
    "beat-opponent-plain-lead": define("legal.beat-opponent-plain-lead",
                                       "{holder} holds the trick and you can beat it: play {cards}"),
    "beat-partner-trump-lead": define("legal.beat-partner-trump-lead",
                                      "{holder} holds the trick and you can beat it: play {cards}"),
    "beat-partner-no-trump": define("legal.beat-partner-no-trump",
                                    "{holder} holds the trick and you can beat it: play {cards}"),
}
FOLLOW = define("legal.follow-suit", "follow suit ({why}): any {led}")
DISCARD_NO_TRUMP = define("legal.discard.no-trump", "no {led} and no trumps at no-trump: any card")
DISCARD = define("legal.discard", "no {led} and no trump in hand: any card")
MUST_TRUMP = {
    "trump-opponent": define("legal.trump-opponent", "no {led} and {holder} holds the trick: you must trump ({cards})"),
    "trump-partner": define("legal.trump-partner", "no {led} and {holder} holds the trick: you must trump ({cards})"),
}
ANY_CARD_WINS = {
    "partner-wins": define("legal.partner-wins", "no {led} and {holder} holds the trick: any card"),
    "trump-optional": define("legal.trump-optional", "no {led} and {holder} holds the trick: any card"),
}
OVERTRUMP = {
    "overtrump-opponent": define("legal.overtrump-opponent",
                                 "no {led} and {holder} holds the trick: you must overtrump ({cards})"),
    "overtrump-partner": define("legal.overtrump-partner",
                                "no {led} and {holder} holds the trick: you must overtrump ({cards})"),
}
NO_LOWER = define("legal.any-card.no-lower-trump", "no {led} and {holder} holds the trick: any card")
NO_UNDERTRUMP = define("legal.no-undertrump", "no {led} and {holder} holds the trick: you may not undertrump "
                       "while you hold other cards: play {cards}")
NO_UNDERTRUMP_PARTNER = define("legal.no-undertrump-partner", "no {led} and {holder} holds the trick: you may not "
                               "undertrump your partner while you hold other cards: play {cards}")
ONLY_LOWER = define("legal.only-lower-trumps", "no {led} and {holder} holds the trick: only lower trumps left, "
                    "any of them")
HIGHER_HELD = {
    "no-undertrump-when-can-overtrump": define(
        "legal.no-undertrump-when-can-overtrump",
        "no {led} and {holder} holds the trick: you hold a higher trump, so no lower one: play {cards}"),
    "no-undertrump-partner-when-can-overtrump": define(
        "legal.no-undertrump-partner-when-can-overtrump",
        "no {led} and {holder} holds the trick: you hold a higher trump, so no lower one: play {cards}"),
}
UNDERTRUMP_REQUIRED = define("legal.undertrump-required", "no {led} and {holder} holds the trick and you cannot "
                             "overtrump: you must still trump ({cards})")
UNDERTRUMP_PARTNER_ALLOWED = define("legal.undertrump-partner-allowed", "no {led} and {holder} holds the trick: "
                                    "any card (undertrumping your partner allowed)")
UNDERTRUMP_ALLOWED = define("legal.any-card", "no {led} and {holder} holds the trick: any card "
                            "(undertrumping allowed)")

# Who holds the trick: (partner's, trumped, a 10) -> its sentence.  At French tables the 10 is
# "la manille", hence a sentence of its own (the same in English).
HOLDER = {
    (True, False, False): define("legal.holder.partner", "your partner's {card}"),
    (True, False, True): define("legal.holder.partner.ten", "your partner's {card}"),
    (True, True, False): define("legal.holder.partner.trump", "your partner's trump {card}"),
    (True, True, True): define("legal.holder.partner.trump.ten", "your partner's trump {card}"),
    (False, False, False): define("legal.holder.opponent", "an opponent's {card}"),
    (False, False, True): define("legal.holder.opponent.ten", "an opponent's {card}"),
    (False, True, False): define("legal.holder.opponent.trump", "an opponent's trump {card}"),
    (False, True, True): define("legal.holder.opponent.trump.ten", "an opponent's trump {card}"),
}

# Why following suit is enough (clause 1b).
FOLLOW_WHY = {
    "trumped": define("legal.why.trumped", "the trick is trumped"),
    "partner": define("legal.why.partner-holds", "your partner holds the trick"),
    "no-trump": define("legal.why.no-duty-at-no-trump", "no duty to beat at no-trump"),
    "none": define("legal.why.no-duty", "no duty to beat"),
    "plain-lead": define("legal.why.no-duty-on-plain-lead", "no duty to beat on a plain lead"),
    "trump-lead": define("legal.why.no-duty-on-trump-lead", "no duty to beat on a trump lead"),
    "cannot-beat": define("legal.why.cannot-beat", "you cannot beat {card}"),
}

EMPTY_HAND = define("card.empty-hand", "the hand is empty")
BOTH_PLACES = define("card.in-hand-and-trick", "card both in the hand and in the trick: {cards}")
LONG_TRICK = define("card.long-trick", "a trick in progress holds at most {most} cards (got {count})")


# Every clause name :func:`explain_legal` can answer with (a plug-in answers with its own
# name), and the situation it stands for; each is a section of docs/rules.md ("The clauses",
# anchor ``#<name>``).
CLAUSES: dict[str, str] = {
    "lead": "you lead the trick: any card",
    "beat-opponent": "holding the led suit while an opponent's card of that suit wins: "
    "beat it if you can",
    "beat-opponent-trump-lead": "holding the led suit while an opponent's card of that suit "
    "wins, on a trump lead or at no-trump: beat it if you can (beat_opponent: trump-lead)",
    "beat-opponent-plain-lead": "holding the led suit while an opponent's card of that suit "
    "wins, on a plain-suit lead or at no-trump: beat it if you can (beat_opponent: plain-lead)",
    "beat-partner-trump-lead": "on a trump lead your partner's trump wins and the ruleset "
    "makes you beat it too (beat_partner_on_trump_lead)",
    "beat-partner-no-trump": "at no-trump your partner's card wins and the ruleset makes you "
    "beat it too (beat_partner_at_no_trump)",
    "follow-suit": "holding the led suit with no duty to beat (partner wins, the trick is "
    "trumped, or you cannot beat): any card of the led suit",
    "discard": "void in the led suit at no-trump, or with no trump in hand: any card",
    "trump-opponent": "void while an opponent wins with a plain card: trump (any trump)",
    "trump-partner": "void while your partner wins with a plain card, under the French duty "
    "to trump (trump_when_partner_wins): trump",
    "partner-wins": "void while your partner wins with a plain card: any card",
    "trump-optional": "void while an opponent wins with a plain card, with no duty to trump "
    "(trump_when_opponent_wins false): any card",
    "overtrump-opponent": "void while an opponent's trump wins: overtrump",
    "overtrump-partner": "void while your partner's trump wins, with overtrump_partner: "
    "overtrump",
    "any-card": "void in a trumped trick with no lower trump in hand, or undertrumping "
    "allowed: any card",
    "no-undertrump": "void in a trumped trick (opponent's or partner's trump): no lower trump "
    "while you hold any other card",
    "no-undertrump-partner": "void while your partner's trump wins, with undertrump_partner "
    "forbidden: no lower trump while you hold any other card",
    "no-undertrump-partner-when-can-overtrump": "void while your partner's trump wins, with "
    "undertrump_partner forbidden-if-can-overtrump, and you hold a higher trump: no lower trump",
    "undertrump-partner-allowed": "void while your partner's trump wins, with undertrump_partner "
    "allowed: any card",
    "only-lower-trumps": "void in a trumped trick and the hand is nothing but lower trumps: "
    "any of them",
    "no-undertrump-when-can-overtrump": "undertrump forbidden-if-can-overtrump and you hold "
    "a higher trump: no lower trump",
    "undertrump-required": "undertrump required: an opponent's trump wins and you cannot "
    "overtrump: play a lower trump",
}


def parse_trump(trump: str | Suit | None) -> Suit | None:
    """``"S" "H" "D" "C"`` (or a symbol) for a trump suit; ``None``/``"none"`` for no-trump."""
    if trump is None or isinstance(trump, Suit):
        return trump
    word = normal_word(trump)
    if not word or word in NO_TRUMP_WORDS or word in BLIND_WORDS:
        return None
    return parse_trump_suit(trump)


def _names(cards: Iterable[Card]) -> str:
    return " ".join(c.pretty for c in cards)


def explain_legal(
    ruleset: Ruleset | Rules | CompiledRules,
    hand: str | Sequence[Card | str],
    trick: str | Sequence[Card | str],
    trump: str | Suit | None,
    *,
    tricks_played: int = 0,
    partner_wins: bool | None = None,
) -> Legality:
    """The legal cards of ``hand`` with the reason (the readable reference filter).

    ``trick`` holds the cards already played to this trick, in play order from its leader;
    the player to act is next, so the card before last is the partner's (at a table of 2,
    4 or 6 seats in two alternating teams, every second card before yours is a teammate's).
    ``partner_wins`` says instead whether the winning card is a teammate's (at a dealer-alone
    table, where the seats say it, it must be given once a card of the other side may win).
    """
    rules = compiled(ruleset).rules
    cards, played, trump_suit = _position(hand, trick, trump, rules.seats)
    if partner_wins is None and rules.temporary_teams and played and rules.seats > 2:
        raise CardError("at a dealer-alone table say whether the winning card is your partner's "
                        "(partner_wins)")
    return legality(rules, cards, played, trump_suit, tricks_played=tricks_played, partner_wins=partner_wins)


def legality(rules: Rules, hand: list[Card], trick: list[Card], trump: Suit | None, *,
             tricks_played: int, partner_wins: bool | None = None) -> Legality:
    """:func:`explain_legal` of a position already parsed and checked (the deal engines'
    own): the built-in rules, then the obligation plug-ins.  ``partner_wins`` None: read
    from the positions (every second card before the player's is a teammate's)."""
    if partner_wins is None and trick:
        partner_wins = _teammate_position(len(trick), trick_winner(rules, trick, trump))
    verdict = _builtin(rules, hand, trick, trump, bool(partner_wins))
    return _apply_plugins(rules, hand, trick, trump, verdict, tricks_played, bool(partner_wins))


def _teammate_position(played: int, win_pos: int) -> bool:
    """Whether the card at ``win_pos`` of a trick of ``played`` cards is the next player's
    teammate's, read from the positions: every second seat before it is on its side (four
    seats: the card before last is the partner's; teams that do not alternate, and
    dealer-alone tables, are read from the seats by the deal engine)."""
    return (played - win_pos) % 2 == 0


def python_legal_cards(
    ruleset: Ruleset | Rules | CompiledRules,
    hand: str | Sequence[Card | str],
    trick: str | Sequence[Card | str],
    trump: str | Suit | None,
) -> list[Card]:
    """The legal cards of ``hand``, in hand order: ``explain_legal(...).cards``.

    This is :func:`~manille_variants.legal_cards` in Python: the reference the compiled core
    is tested against, and the path that parses text and words the errors."""
    return explain_legal(ruleset, hand, trick, trump).cards


def _position(
    hand: str | Sequence[Card | str], trick: str | Sequence[Card | str], trump: str | Suit | None, seats: int = 4
) -> tuple[list[Card], list[Card], Suit | None]:
    """The parsed hand, trick and trump of a position, checked."""
    cards = parse_cards(hand)
    played = parse_cards(trick)
    trump_suit = parse_trump(trump)
    overlap = set(cards) & set(played)
    if overlap:
        raise CardError(msg(BOTH_PLACES, cards=_names(overlap)))
    if not cards:
        raise CardError(msg(EMPTY_HAND))
    if len(played) > seats - 1:
        raise CardError(msg(LONG_TRICK, most=seats - 1, count=len(played)))
    return cards, played, trump_suit


def _builtin(rules: Rules, hand: list[Card], trick: list[Card], trump: Suit | None, partner_wins: bool) -> Legality:
    # Leading: any card.
    if not trick:
        return _said(hand, "lead", LEAD)
    win_pos = trick_winner(rules, trick, trump)
    # "Partner" is any teammate in this deal (at four seats, the card before last is the partner's).
    return legal_filter(rules, hand, trick[0].suit, trick[win_pos], partner_wins, trump)


def legal_filter(
    rules: Rules, hand: list[Card], led: Suit, winning: Card, partner_wins: bool, trump: Suit | None
) -> Legality:
    """The built-in rules for a follower: ``led`` is the led suit, ``winning`` the card
    holding the trick, ``partner_wins`` whether the follower's partner played it."""
    trumped = trump is not None and led != trump and winning.suit == trump
    holder = msg(HOLDER[partner_wins, trumped, winning.rank == Rank.TEN], card=winning.pretty)
    following = [c for c in hand if c.suit == led]

    # 1. Holding the led suit, you must play it.
    if following:
        # 1a. A card of the led suit wins: beat it if you can, when it is an opponent's
        #     (on every lead, or only on trump or only on plain leads, per the ruleset), or
        #     your partner's on a trump lead or at no-trump where the ruleset says so; at
        #     no-trump only if the duty applies there at all.
        duty = beat_duty(rules, partner_wins, led == trump, trump is None)
        if winning.suit == led and duty:
            higher = [c for c in following if rules.beats(c, winning, trump)]
            if higher:
                clause = _beat_clause(rules, partner_wins, trump)
                return _said(higher, clause, BEAT[clause], holder=holder, cards=_names(higher))
        # 1b. Otherwise any card of the led suit (partner wins, trick trumped, or cannot beat).
        why = _follow_reason(rules, winning, led, trumped, partner_wins, trump)
        return _said(following, "follow-suit", FOLLOW, why=why, led=led.symbol)

    # 2. Void in the led suit.
    trumps = [c for c in hand if c.suit == trump] if trump is not None else []
    # 2a. No-trump deal, or no trump in hand: any card.
    if trump is None:
        return _said(hand, "discard", DISCARD_NO_TRUMP, led=led.symbol)
    if not trumps:
        return _said(hand, "discard", DISCARD, led=led.symbol)

    if not trumped:
        # 2b. A plain card wins: trump when an opponent holds the trick; when the partner
        #     does, only under the French duty to trump.
        duty = rules.trump_when_partner_wins if partner_wins else rules.trump_when_opponent_wins
        if duty:
            clause = "trump-partner" if partner_wins else "trump-opponent"
            return _said(trumps, clause, MUST_TRUMP[clause], led=led.symbol, holder=holder, cards=_names(trumps))
        clause = "partner-wins" if partner_wins else "trump-optional"
        return _said(hand, clause, ANY_CARD_WINS[clause], led=led.symbol, holder=holder)

    # 2c. The trick is trumped: overtrump when required and possible.
    higher = [c for c in trumps if rules.beats(c, winning, trump)]
    must_over = rules.overtrump_partner if partner_wins else rules.overtrump_opponent
    if must_over and higher:
        clause = "overtrump-partner" if partner_wins else "overtrump-opponent"
        return _said(higher, clause, OVERTRUMP[clause], led=led.symbol, holder=holder, cards=_names(higher))
    # 2d. Lower trumps, per the undertrump setting.
    lower = [c for c in trumps if c not in higher]
    return _undertrump(rules, hand, higher, lower, holder, partner_wins, led)


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


def _beat_clause(rules: Rules, partner_wins: bool, trump: Suit | None) -> str:
    """The clause that makes a follower beat the winning card (see :func:`beat_duty`)."""
    if partner_wins:
        return "beat-partner-no-trump" if trump is None else "beat-partner-trump-lead"
    reading = rules.beat_opponent
    return "beat-opponent" if reading is True else f"beat-opponent-{reading}"


def _follow_reason(
    rules: Rules, winning: Card, led: Suit, trumped: bool, partner_wins: bool, trump: Suit | None
) -> Message:
    """Why following suit is enough (clause 1b)."""
    if trumped:
        return msg(FOLLOW_WHY["trumped"])
    if partner_wins and not beat_duty(rules, True, led == trump, trump is None):
        return msg(FOLLOW_WHY["partner"])
    if trump is None and not rules.beat_at_no_trump:
        return msg(FOLLOW_WHY["no-trump"])
    reading = rules.beat_opponent
    if winning.suit == led and reading is False:
        return msg(FOLLOW_WHY["none"])
    if trump is not None and reading == "trump-lead" and led != trump:
        return msg(FOLLOW_WHY["plain-lead"])
    if trump is not None and reading == "plain-lead" and led == trump:
        return msg(FOLLOW_WHY["trump-lead"])
    return msg(FOLLOW_WHY["cannot-beat"], card=winning.pretty)


def _undertrump(
    rules: Rules,
    hand: list[Card],
    higher: list[Card],
    lower: list[Card],
    holder: Message,
    partner_wins: bool,
    led: Suit,
) -> Legality:
    situation: dict[str, object] = {"led": led.symbol, "holder": holder}
    if not lower:
        return _said(hand, "any-card", NO_LOWER, **situation)
    mode = undertrump_rule(rules, partner_wins)
    # A partner rule of its own answers with its own clauses.
    own = "-partner" if partner_wins and rules.undertrump_partner != "same" else ""
    if mode == "forbidden":
        # A lower trump only when the hand holds nothing but lower trumps.
        allowed = [c for c in hand if c not in lower]
        if allowed:
            return _said(allowed, f"no-undertrump{own}", NO_UNDERTRUMP_PARTNER if own else NO_UNDERTRUMP,
                         **situation, cards=_names(allowed))
        return _said(hand, "only-lower-trumps", ONLY_LOWER, **situation)
    if mode == "forbidden-if-can-overtrump" and higher:
        allowed = [c for c in hand if c not in lower]
        clause = f"no-undertrump{own}-when-can-overtrump"
        return _said(allowed, clause, HIGHER_HELD[clause], **situation, cards=_names(allowed))
    if mode == "required" and not partner_wins and not higher:
        return _said(lower, "undertrump-required", UNDERTRUMP_REQUIRED, **situation, cards=_names(lower))
    if own:
        return _said(hand, "undertrump-partner-allowed", UNDERTRUMP_PARTNER_ALLOWED, **situation)
    return _said(hand, "any-card", UNDERTRUMP_ALLOWED, **situation)


def _apply_plugins(
    rules: Rules,
    hand: list[Card],
    trick: list[Card],
    trump: Suit | None,
    legality: Legality,
    tricks_played: int,
    partner_wins: bool,
) -> Legality:
    if not rules.obligation_plugins:
        return legality
    winning = trick[trick_winner(rules, trick, trump)] if trick else None
    ctx = LegalContext(tuple(hand), tuple(trick), trump, winning, partner_wins, tricks_played)
    for plugin in rules.obligation_plugins:
        narrowed, why = plugin.restrict(ctx, legality.cards)
        narrowed = [c for c in legality.cards if c in narrowed]
        if narrowed and why is not None and narrowed != legality.cards:
            legality = Legality(narrowed, rule_name(plugin), why)
    return legality


def legal_mask(
    rules: Ruleset | Rules | CompiledRules, hand: int, led: int, win_idx: int, partner_wins: bool, trump: int
) -> int:
    """:func:`legal_filter` on card masks (built-in rules only): the legal cards of the
    32-bit ``hand`` (bit ``suit * 8 + rank``).

    ``led`` is the led suit (-1 when leading), ``win_idx`` the index of the card holding the
    trick, ``trump`` the trump suit (-1 at no-trump).
    """
    if led < 0:
        return hand
    legality = legal_filter(compiled(rules).rules, cards_from_mask(hand), SUITS[led], DECK[win_idx], partner_wins,
                            SUITS[trump] if trump >= 0 else None)
    return sum(c.bit for c in legality.cards)
