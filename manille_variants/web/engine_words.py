"""The engine's own sentences in Dutch and French: why a card is refused, why a factor applies,
the notes under a deal's score and the turned card's bonus.

The engine speaks English (the CLI, records and JSON keep it); the pages say the same in the
reader's language, built from the structured data the engine gives: the rule clause that
decided, the trick and the cards allowed, a factor's name and value.  Only what the engine
gives as text alone is read back with patterns: the notes under a score, why following suit
is enough (clause ``follow-suit``) and the kind of a refusal (not legal, the turned card).

>>> from manille_variants.cards import parse_cards
>>> rs = mv.load_ruleset("belgian")
>>> legal_sentence("nl", rs, mv.explain_legal(rs, "QC 7C 8H", "JC", "D"), parse_cards("JC"), mv.Suit.D)
'de J♣ van een tegenspeler heeft de slag en je kunt erover: speel Q♣'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import manille_variants as mv
from manille_variants.cards import Card, Rank, Suit, parse_card
from manille_variants.engine.compiled import compiled
from manille_variants.engine.legality import Legality
from manille_variants.engine.scoring import turned_line
from manille_variants.engine.tricks import trick_winner
from manille_variants.web.play import Game, RefusedCard

__all__ = ["CLAUSE_SENTENCES", "FACTOR_SENTENCES", "factor_sentence", "game_view", "legal_sentence",
           "note_sentence", "refusal_message", "refusal_sentence", "score_words", "turned_sentence"]

# clause: (Dutch, French).  {holder}: who holds the trick with which card, {led}: the led suit,
# {cards}: the cards allowed, {why}: why following suit is enough.
CLAUSE_SENTENCES: dict[str, tuple[str, str]] = {
    "lead": ("je komt uit: elke kaart", "vous entamez : n'importe quelle carte"),
    "beat-opponent": ("{holder} heeft de slag en je kunt erover: speel {cards}",
                      "{holder} est maître et vous pouvez monter : jouez {cards}"),
    "beat-opponent-trump-lead": ("troef gevraagd: {holder} heeft de slag en je kunt erover: speel {cards}",
                                 "atout demandé : {holder} est maître et vous pouvez monter : jouez {cards}"),
    "beat-opponent-plain-lead": ("{holder} heeft de slag en je kunt erover: speel {cards}",
                                 "{holder} est maître et vous pouvez monter : jouez {cards}"),
    "beat-partner-trump-lead": ("troef gevraagd: {holder} heeft de slag en je moet erover, ook over je maat: "
                                "speel {cards}",
                                "atout demandé : {holder} est maître et il faut monter, même sur le partenaire : "
                                "jouez {cards}"),
    "beat-partner-no-trump": ("zonder troef: {holder} heeft de slag en je moet erover, ook over je maat: "
                              "speel {cards}",
                              "sans-atout : {holder} est maître et il faut monter, même sur le partenaire : "
                              "jouez {cards}"),
    "follow-suit": ("kleur bekennen ({why}): elke {led}", "fournir ({why}) : n'importe quel {led}"),
    "discard": ("geen {led} en geen troef: elke kaart", "pas de {led} ni d'atout : n'importe quelle carte"),
    "trump-opponent": ("geen {led} en {holder} heeft de slag: je moet troeven ({cards})",
                       "pas de {led} et {holder} est maître : vous devez couper ({cards})"),
    "trump-partner": ("geen {led} en {holder} heeft de slag: je moet toch troeven ({cards})",
                      "pas de {led} et {holder} est maître : vous devez quand même couper ({cards})"),
    "partner-wins": ("geen {led} en {holder} heeft de slag: elke kaart",
                     "pas de {led} et {holder} est maître : n'importe quelle carte"),
    "trump-optional": ("geen {led} en {holder} heeft de slag: je moet niet troeven, elke kaart",
                       "pas de {led} et {holder} est maître : pas d'obligation de couper, n'importe quelle carte"),
    "overtrump-opponent": ("geen {led} en {holder} heeft de slag: je moet overtroeven ({cards})",
                           "pas de {led} et {holder} est maître : vous devez surcouper ({cards})"),
    "overtrump-partner": ("geen {led} en {holder} heeft de slag: je moet overtroeven, ook je maat ({cards})",
                          "pas de {led} et {holder} est maître : vous devez surcouper, même le partenaire ({cards})"),
    "any-card": ("geen {led} en {holder} heeft de slag: elke kaart",
                 "pas de {led} et {holder} est maître : n'importe quelle carte"),
    "no-undertrump": ("geen {led} en {holder} heeft de slag: je mag niet ondertroeven zolang je andere kaarten "
                      "hebt: speel {cards}",
                      "pas de {led} et {holder} est maître : pas de sous-coupe tant que vous avez d'autres "
                      "cartes : jouez {cards}"),
    "no-undertrump-partner": ("geen {led} en {holder} heeft de slag: je mag je maat niet ondertroeven zolang je "
                              "andere kaarten hebt: speel {cards}",
                              "pas de {led} et {holder} est maître : pas de sous-coupe du partenaire tant que "
                              "vous avez d'autres cartes : jouez {cards}"),
    "no-undertrump-partner-when-can-overtrump": (
        "geen {led} en {holder} heeft de slag: je hebt een hogere troef, dus niet onder je maat: speel {cards}",
        "pas de {led} et {holder} est maître : vous avez un atout plus fort, donc pas sous le partenaire : "
        "jouez {cards}"),
    "undertrump-partner-allowed": ("geen {led} en {holder} heeft de slag: elke kaart (je maat ondertroeven mag)",
                                   "pas de {led} et {holder} est maître : n'importe quelle carte (sous-couper le "
                                   "partenaire est permis)"),
    "only-lower-trumps": ("geen {led} en {holder} heeft de slag: alleen lagere troeven over, speel er één",
                          "pas de {led} et {holder} est maître : il ne reste que des atouts plus faibles, "
                          "jouez-en un"),
    "no-undertrump-when-can-overtrump": (
        "geen {led} en {holder} heeft de slag: je hebt een hogere troef, dus geen lagere: speel {cards}",
        "pas de {led} et {holder} est maître : vous avez un atout plus fort, donc pas de plus faible : "
        "jouez {cards}"),
    "undertrump-required": ("geen {led} en {holder} heeft de slag en je kunt niet overtroeven: je moet toch "
                            "troeven ({cards})",
                            "pas de {led} et {holder} est maître et vous ne pouvez pas surcouper : vous devez "
                            "quand même sous-couper ({cards})"),
}

# Who holds the trick: (Dutch, French) for a partner's or an opponent's card, plain or trump.
_HOLDER = {
    (True, False): ("de {win} van je maat", "le {win} de votre partenaire"),
    (False, False): ("de {win} van een tegenspeler", "le {win} d'un adversaire"),
    (True, True): ("de troef {win} van je maat", "l'atout {win} de votre partenaire"),
    (False, True): ("de troef {win} van een tegenspeler", "l'atout {win} d'un adversaire"),
}

# Why following suit is enough (the English of the engine's clause 1b): (Dutch, French).
_FOLLOW_WHY = {english: (nl, fr) for english, nl, fr in (
    ("the trick is trumped", "de slag is getroefd", "le pli est coupé"),
    ("your partner holds the trick", "je maat heeft de slag", "votre partenaire est maître"),
    ("no duty to beat at no-trump", "zonder troef moet je niet hoger", "pas d'obligation de monter à sans-atout"),
    ("no duty to beat", "je moet niet hoger", "pas d'obligation de monter"),
    ("no duty to beat on a plain lead", "op een gewone kleur moet je niet hoger",
     "pas d'obligation de monter sur une couleur ordinaire"),
    ("no duty to beat on a trump lead", "als troef gevraagd is moet je niet hoger",
     "pas d'obligation de monter sur l'atout demandé"),
)}
_CANNOT_BEAT = re.compile(r"^you cannot beat (?P<card>\S+)$")
_FOLLOW = re.compile(r"^follow suit \((?P<why>.*)\): ")


def _pick(lang: str, pair: tuple[str, str]) -> str:
    return pair[0] if lang == "nl" else pair[1]


def _names(cards: Sequence[Card]) -> str:
    return " ".join(c.pretty for c in cards)


def legal_sentence(lang: str, ruleset: mv.Ruleset, legality: Legality, trick: Sequence[Card],
                   trump: Suit | None) -> str:
    """Why the legal cards are what they are, in ``lang``: from the clause, the trick and the
    cards allowed (the engine's English sentence for ``en`` or a plug-in's clause)."""
    pair = CLAUSE_SENTENCES.get(legality.clause)
    if lang not in ("nl", "fr") or pair is None:
        return legality.reason
    fields: dict[str, str] = {"cards": _names(legality.cards), "led": "", "holder": "", "why": ""}
    if trick:
        win = trick_winner(compiled(ruleset).rules, list(trick), trump)
        winning = trick[win]
        trumped = trump is not None and winning.suit == trump and trick[0].suit != trump
        fields["led"] = trick[0].suit.symbol
        fields["holder"] = _pick(lang, _HOLDER[len(trick) - win == 2, trumped]).format(win=winning.pretty)
        if lang == "fr" and winning.rank == Rank.TEN:  # at French tables the 10 is the manille
            fields["holder"] = fields["holder"].replace(f"le {winning.pretty}", f"la manille {winning.pretty}")
            fields["holder"] = fields["holder"].replace(f"l'atout {winning.pretty}",
                                                        f"la manille d'atout {winning.pretty}")
        fields["why"] = _follow_why(lang, legality.reason)
    sentence = _pick(lang, pair).format(**fields)
    if legality.clause == "any-card" and legality.reason.endswith("(undertrumping allowed)"):
        sentence += " (ondertroeven mag)" if lang == "nl" else " (sous-couper est permis)"
    return sentence


def _follow_why(lang: str, reason: str) -> str:
    found = _FOLLOW.match(reason)
    why = found["why"] if found else ""
    if why in _FOLLOW_WHY:
        return _pick(lang, _FOLLOW_WHY[why])
    beat = _CANNOT_BEAT.match(why)
    if beat is not None:
        return ("je kunt niet over {card}" if lang == "nl" else "vous ne pouvez pas monter sur {card}").format(
            card=beat["card"])
    return why


def refusal_sentence(lang: str, card: str, sentence: str) -> str:
    """A refused card and why, in Dutch (``nl``) or French: ``sentence`` is :func:`legal_sentence`'s."""
    pretty = parse_card(card).pretty
    if lang == "nl":
        return f"{pretty} mag je nu niet spelen: {sentence}"
    return f"{pretty} n'est pas jouable maintenant : {sentence}"


_NOT_LEGAL = re.compile(r"^(?P<card>\S+) is not legal for seat \d+: ")
_TURNED = re.compile(r"^(?P<card>\S+) is the turned card: it stays on the table until (?P<until>.*)$")
_UNTIL = {  # (Dutch, French)
    "the first card of the first trick is played": ("de eerste kaart van de eerste slag gespeeld is",
                                                    "la première carte du premier pli soit jouée"),
    "the first trick is complete": ("de eerste slag af is", "le premier pli soit complet"),
}


def refusal_message(lang: str, refused: RefusedCard) -> str:
    """The play page's message for a refused card, in ``lang`` (the engine's English for ``en``)."""
    english = str(refused)
    if lang not in ("nl", "fr"):
        return english
    turned = _TURNED.match(english)
    if turned is not None and turned["until"] in _UNTIL:
        until = _pick(lang, _UNTIL[turned["until"]])
        pretty = parse_card(turned["card"]).pretty
        return (f"{pretty} is de gekeerde kaart: ze blijft op tafel tot {until}" if lang == "nl" else
                f"{pretty} est la carte retournée : elle reste sur la table jusqu'à ce que {until}")
    found = _NOT_LEGAL.match(english)
    if found is None:
        return english
    return refusal_sentence(lang, found["card"], legal_sentence(lang, refused.ruleset, refused.why,
                                                                refused.trick, refused.trump))


# ---------------------------------------------------------------------- factors
# factor kind: (Dutch, French); {v}: its value, {n}: ties in a row, {label}: the call.
FACTOR_SENTENCES: dict[str, tuple[str, str]] = {
    "no-trump": ("zonder troef x{v}", "sans-atout x{v}"),
    "blind": ("blind zonder troef x{v}", "sans-atout à l'aveugle x{v}"),
    "tie": ("gelijk spel meegenomen x{v}", "égalité reportée x{v}"),
    "ties": ("gelijk spel meegenomen x{v} ({n} keer gelijk na elkaar)",
             "égalité reportée x{v} ({n} égalités de suite)"),
    "sweep-tricks": ("alle slagen (alle 8 slagen) x{v}", "capot (les 8 plis) x{v}"),
    "sweep-points": ("alle slagen (alle kaartpunten) x{v}", "capot (tous les points de cartes) x{v}"),
    "call": ("{label} geroepen x{v}", "{label} annoncé x{v}"),
}
# A call's word at the other country's tables: the first call doubles, the second redoubles.
_CALL_WORDS = {
    "nl": {"contre": "Ik ga mee", "surcontre": "Ik ga tegen"},
    "fr": {"ik-ga-mee": "contre", "ik-ga-tegen": "surcontre"},
}


def factor_sentence(lang: str, ruleset: mv.Ruleset, name: str, value: int, reason: str,
                    pending_ties: int = 0) -> str:
    """Why a factor applies, in ``lang``: from its name and value (the engine's English
    ``reason`` for ``en`` and for a plug-in's factor)."""
    if lang not in ("nl", "fr"):
        return reason
    rules = compiled(ruleset).rules
    calls = {c.name: c.label or c.name for c in rules.calls}
    label = ""
    if name == "tie":
        kind = "tie" if pending_ties <= 1 else "ties"
    elif name == "sweep":
        kind = "sweep-tricks" if rules.sweep_definition == "all-tricks" else "sweep-points"
    elif name in calls:
        kind, label = "call", _CALL_WORDS[lang].get(name, calls[name])
    elif name in FACTOR_SENTENCES:
        kind = name
    else:
        return reason
    return _pick(lang, FACTOR_SENTENCES[kind]).format(v=value, n=pending_ties, label=label)


# ---------------------------------------------------------------------- notes
# The notes under a deal's score (text only in the engine): (pattern, Dutch, French).
NOTES: tuple[tuple[re.Pattern[str], str, str], ...] = tuple((re.compile(p), nl, fr) for p, nl, fr in (
    (r"^capped at x(?P<f>\d+) \(x(?P<u>\d+) before the cap\)$",
     "begrensd op x{f} (x{u} zonder maximum)", "plafonné à x{f} (x{u} sans plafond)"),
    (r"^a tie is void under this ruleset: earlier ties carry nothing$",
     "gelijk spel telt niet in deze spelregel: vorige gelijke spellen brengen niets mee",
     "une égalité est nulle sous cette règle : les égalités précédentes ne reportent rien"),
    (r"^tie (?P<a>\d+)-(?P<b>\d+): the deal is void, nobody scores$",
     "gelijk {a}-{b}: het spel telt niet, niemand scoort", "égalité {a}-{b} : la donne est nulle, personne ne marque"),
    (r"^tie (?P<a>\d+)-(?P<b>\d+): nobody scores; the next decisive deal carries x(?P<f>\d+)$",
     "gelijk {a}-{b}: niemand scoort; het volgende beslissende spel telt x{f}",
     "égalité {a}-{b} : personne ne marque ; la prochaine donne décisive compte x{f}"),
    (r"^the turned card was not given: its bonus is not counted$",
     "de gekeerde kaart is niet opgegeven: haar bonus telt niet",
     "la carte retournée n'a pas été donnée : sa prime ne compte pas"),
    (r"^thrown in: the dealer's partner looked early; nothing scored$",
     "weggegooid: de maat van de gever keek te vroeg; niets geteld",
     "annulée : le partenaire du donneur a regardé trop tôt ; rien n'est compté"),
))


def note_sentence(lang: str, note: str) -> str:
    """A note under a deal's score in ``lang`` (as it is when it has no translation)."""
    if lang in ("nl", "fr"):
        for pattern, nl, fr in NOTES:
            found = pattern.match(note)
            if found is not None:
                return (nl if lang == "nl" else fr).format(**found.groupdict())
    return note


def turned_sentence(lang: str, card: str, bonus: int, side: str) -> str:
    """The turned card's bonus, its own line of a breakdown, in English, Dutch (``nl``) or
    French (``fr``) (``side``: A or B, the dealer's)."""
    pretty = parse_card(card).pretty
    if lang not in ("nl", "fr"):
        return turned_line(card, bonus, side)
    if lang == "nl":
        return (f"gekeerde {pretty}: {side} (de kant van de gever) + {bonus} wedstrijdpunt(en), na alle factoren"
                if bonus else f"gekeerde {pretty}: geen bonus")
    return (f"{pretty} retournée : {side} (le camp du donneur) + {bonus} point(s) de partie, après tous "
            f"les facteurs" if bonus else f"{pretty} retournée : pas de prime")


def score_words(lang: str, ruleset: mv.Ruleset, factors: list[dict[str, Any]], score: dict[str, Any]) -> None:
    """Add the page's words to a deal's JSON, in place: ``turned_text`` (the turned card's
    line, in every language) to ``score`` when a card was turned; for a language other than
    English also ``text`` to each factor and ``notes_text`` to ``score``.  English answers
    otherwise keep exactly the engine's keys (their sentences are the engine's)."""
    if score.get("turned"):
        score["turned_text"] = turned_sentence(lang, score["turned"], int(score.get("turned_bonus", 0)),
                                               str(score.get("turned_side", "A")))
    if lang not in ("nl", "fr"):
        return
    pending = int(score.get("pending_ties", 0))
    for f in factors:
        f["text"] = factor_sentence(lang, ruleset, f["name"], f["value"], f["reason"], pending)
    score["notes_text"] = [note_sentence(lang, n) for n in score.get("notes", [])]


def game_view(lang: str, game: Game) -> dict[str, Any]:
    """What you may see of a game (:meth:`Game.view`), the last deal's score also in ``lang``."""
    view = game.view()
    if view["result"] is not None:
        score_words(lang, game.ruleset, view["result"]["factors"], view["result"])
    return view
