"""A ruleset in plain words, in the page's language: English is the summary of
``manille show`` (:func:`~manille_variants.ruleset.docgen.summary_lines`); Dutch and French
say the same, sentence for sentence, from the same settings.

>>> from manille_variants.ruleset.loader import load_ruleset
>>> summary(load_ruleset("belgian"), "nl")[-1]
'Een boam is gewonnen met 101 wedstrijdpunten of meer na een volledig spel; een wedstrijd is beste van 3 boams.'
"""

from __future__ import annotations

from collections.abc import Iterator

from manille_variants.ruleset.docgen import summary_lines
from manille_variants.ruleset.schema import Ruleset

__all__ = ["summary"]


def summary(rs: Ruleset, lang: str) -> list[str]:
    """The summary's sentences in ``lang`` (``en``, ``nl`` or ``fr``)."""
    if lang == "nl":
        return list(_sentences(rs, _NL))
    if lang == "fr":
        return list(_sentences(rs, _FR))
    sentences: list[str] = []
    for line in summary_lines(rs):  # wrapped for a terminal: join each sentence's lines
        if line.startswith("- "):
            sentences.append(line[2:])
        elif sentences:
            sentences[-1] += " " + line.strip()
    return sentences


_NL: dict[str, str] = {
    "sep": "; ",
    "clockwise": "met de klok mee", "counter-clockwise": "tegen de klok in",
    "left": "linker", "right": "rechter", "to_left": "naar links", "to_right": "naar rechts",
    "deal": "Geven en spelen {direction}, in pakjes van {packets}; de {cutter}buur van de gever heeft af; "
            "{leader} komt eerst uit; het geven gaat {next}; de eerste gever wordt {first}.",
    "leader_dealer": "de gever", "leader_side": "de {side}buur van de gever",
    "first_random": "door het lot bepaald", "first_seat": "plaats {seat}",
    "early_look": "Kijkt de partner van de gever voordat de troef gekozen is, dan wordt het spel weggegooid.",
    "trump_delegation": "De gever kiest troef of laat de keuze aan zijn partner",
    "trump_no_passing": "De gever kiest troef (niet doorgeven)",
    "no_trump": "zonder troef telt x{factor}",
    "blind": "blind zonder troef, voor het kijken, telt x{factor}{behind}",
    "blind_behind": ", alleen bij een achterstand van {n} of meer",
    "no_blind": "geen blind zonder troef",
    "no_calls": "Geen verdubbelend roepen.",
    "calls": "Roepen: {rungs}.", "then": ", daarna ",
    "rung": "'{label}' door {by}{after} (x{factor} in totaal)", "after": " na {after}",
    "by_opponents": "een tegenstander", "by_contract-side": "de spelende kant", "by_anyone": "iedereen",
    "follow": "Kleur bekennen", "beat": ", en hoger gaan dan de winnende kaart van een tegenstander in de "
    "gevraagde kleur als het kan", "beat_not_nt": " (niet bij zonder troef)",
    "beat_partner_trump": "; bij een troefuitkomst hoger gaan dan de winnende troef, ook die van je partner",
    "void": "Geen kaart in de gevraagde kleur: {duties}.",
    "trump_when": "troeven als {whom}",
    "whom_both": "een tegenstander wint, ook als je partner wint", "whom_opp": "een tegenstander wint",
    "whom_partner": "je partner wint",
    "over": "de troef van {whose} overtroeven als het kan",
    "whose_both": "een tegenstander of je partner", "whose_opp": "een tegenstander", "whose_partner": "je partner",
    "under_forbidden": "nooit ondertroeven, tenzij je enkel nog lagere troeven hebt",
    "under_allowed": "ondertroeven mag",
    "under_forbidden-if-can-overtrump": "enkel ondertroeven als je niet kunt overtroeven",
    "under_required": "ondertroeven als de troef van een tegenstander wint en je niet kunt overtroeven",
    "plugins_play": "Regels uit plug-ins: {names}.",
    "total": "{cards} kaartpunten", "total_extras": "{cards} kaartpunten{extras} = {deal}",
    "per_trick": " + {n} per slag", "last_bonus": " + {n} voor de laatste slag",
    "deal_holds": "Een spel bevat {total}; de kant boven {half} schrijft zijn totaal min {half}, maal de "
                  "factoren; de andere kant schrijft 0.",
    "tie": "Een gelijkspel {half}-{half} levert niets op", "tie_void": " en telt gewoon niet.",
    "tie_next": "; het volgende beslissende spel telt x{factor}{per}.", "per_tie": " per gelijkspel op rij",
    "no_sweep": "Geen premie voor alle slagen", "sweep": "Alle slagen halen ({what}) telt x{factor}",
    "sweep_all-tricks": "alle 8 slagen", "sweep_all-card-points": "alle kaartpunten",
    "multiply": "factoren worden vermenigvuldigd", "add": "factoren worden opgeteld (1 + de som van factor - 1)",
    "cap": ", met een maximum van x{cap}", "no_cap": ", zonder maximum",
    "plugins_scoring": "Telling uit plug-ins: {names}.",
    "match": "Een boam is gewonnen met {target} wedstrijdpunten of meer na een volledig spel{games}.",
    "best_of": "; een wedstrijd is beste van {n} boams", "one_game": "; één boam is de wedstrijd",
}

_FR: dict[str, str] = {
    "sep": " ; ",
    "clockwise": "dans le sens des aiguilles d'une montre",
    "counter-clockwise": "dans le sens inverse des aiguilles d'une montre",
    "left": "gauche", "right": "droite", "to_left": "à gauche", "to_right": "à droite",
    "deal": "Donner et jouer {direction}, par paquets de {packets} ; le voisin de {cutter} du donneur coupe ; "
            "{leader} entame ; la donne passe {next} ; le premier donneur est {first}.",
    "leader_dealer": "le donneur", "leader_side": "le voisin de {side} du donneur",
    "first_random": "tiré au sort", "first_seat": "la place {seat}",
    "early_look": "Si le partenaire du donneur regarde sa main avant le choix de l'atout, la donne est annulée.",
    "trump_delegation": "Le donneur choisit l'atout ou laisse le choix à son partenaire",
    "trump_no_passing": "Le donneur choisit l'atout (sans passer)",
    "no_trump": "le sans-atout compte x{factor}",
    "blind": "le sans-atout à l'aveugle, avant de regarder, compte x{factor}{behind}",
    "blind_behind": ", seulement avec un retard de {n} ou plus",
    "no_blind": "pas de sans-atout à l'aveugle",
    "no_calls": "Pas d'annonces qui doublent.",
    "calls": "Annonces : {rungs}.", "then": ", puis ",
    "rung": "« {label} » par {by}{after} (x{factor} en tout)", "after": " après {after}",
    "by_opponents": "un adversaire", "by_contract-side": "le camp du contrat", "by_anyone": "n'importe qui",
    "follow": "Fournir à la couleur", "beat": ", en battant la carte maîtresse d'un adversaire dans la couleur "
    "demandée si possible", "beat_not_nt": " (pas à sans-atout)",
    "beat_partner_trump": " ; sur une entame atout, monter sur l'atout maître même de son partenaire",
    "void": "Plus de carte dans la couleur demandée : {duties}.",
    "trump_when": "couper quand {whom}",
    "whom_both": "un adversaire est maître, même quand le partenaire est maître",
    "whom_opp": "un adversaire est maître", "whom_partner": "le partenaire est maître",
    "over": "surcouper l'atout {whose} si possible",
    "whose_both": "d'un adversaire ou du partenaire", "whose_opp": "d'un adversaire", "whose_partner": "du partenaire",
    "under_forbidden": "ne jamais sous-couper, sauf avec une main faite seulement d'atouts plus bas",
    "under_allowed": "sous-couper est permis",
    "under_forbidden-if-can-overtrump": "sous-couper seulement quand on ne peut pas surcouper",
    "under_required": "sous-couper quand l'atout d'un adversaire est maître et qu'on ne peut pas surcouper",
    "plugins_play": "Règles de plug-ins : {names}.",
    "total": "{cards} points de cartes", "total_extras": "{cards} points de cartes{extras} = {deal}",
    "per_trick": " + {n} par pli", "last_bonus": " + {n} pour le dernier pli",
    "deal_holds": "Une donne contient {total} ; le camp au-dessus de {half} marque son total moins {half}, "
                  "multiplié par les facteurs ; l'autre camp marque 0.",
    "tie": "Une égalité {half}-{half} ne marque rien", "tie_void": " et est simplement nulle.",
    "tie_next": " ; la donne décisive suivante compte x{factor}{per}.", "per_tie": " par égalité d'affilée",
    "no_sweep": "Pas de prime pour tous les plis", "sweep": "Le capot ({what}) compte x{factor}",
    "sweep_all-tricks": "les 8 plis", "sweep_all-card-points": "tous les points de cartes",
    "multiply": "les facteurs se multiplient",
    "add": "les facteurs s'additionnent (1 + la somme des facteurs - 1)",
    "cap": ", plafonné à x{cap}", "no_cap": ", sans plafond",
    "plugins_scoring": "Marque de plug-ins : {names}.",
    "match": "Une manche est gagnée à {target} points de partie ou plus après une donne complète{games}.",
    "best_of": " ; une partie se joue au meilleur de {n} manches (boams)", "one_game": " ; une manche fait la partie",
}


def _side(rs: Ruleset, where: str) -> str:
    left = (where == "after-dealer") == (rs.dealing.direction == "clockwise")
    return "left" if left else "right"


def _sentences(rs: Ruleset, w: dict[str, str]) -> Iterator[str]:
    yield from _dealing(rs, w)
    yield _trump(rs, w)
    yield _calls(rs, w)
    yield from _play(rs, w)
    yield from _scoring(rs, w)
    yield _match(rs, w)


def _dealing(rs: Ruleset, w: dict[str, str]) -> Iterator[str]:
    d = rs.dealing
    leader = (w["leader_dealer"] if d.first_leader == "dealer"
              else w["leader_side"].format(side=w[_side(rs, d.first_leader)]))
    first = w["first_random"] if d.first_dealer == "random" else w["first_seat"].format(seat=d.first_dealer)
    yield w["deal"].format(direction=w[d.direction], packets=", ".join(map(str, d.packets)), cutter=w[d.cutter],
                           leader=leader, next=w["to_" + _side(rs, d.next_dealer)], first=first)
    if d.early_look_throws_in:
        yield w["early_look"]


def _trump(rs: Ruleset, w: dict[str, str]) -> str:
    t = rs.trump
    parts = [w["trump_delegation"] if t.delegation else w["trump_no_passing"]]
    if t.no_trump.allowed:
        parts.append(w["no_trump"].format(factor=t.no_trump.factor))
    b = t.blind_no_trump
    if b.allowed:
        behind = w["blind_behind"].format(n=b.only_when_behind_by) if b.only_when_behind_by else ""
        parts.append(w["blind"].format(factor=b.factor, behind=behind))
    else:
        parts.append(w["no_blind"])
    return w["sep"].join(parts) + "."


def _calls(rs: Ruleset, w: dict[str, str]) -> str:
    if not rs.calls:
        return w["no_calls"]
    rungs = [w["rung"].format(label=c.label or c.name, by=w["by_" + c.by],
                              after=w["after"].format(after=c.after) if c.after else "", factor=c.factor)
             for c in rs.calls]
    return w["calls"].format(rungs=w["then"].join(rungs))


def _play(rs: Ruleset, w: dict[str, str]) -> Iterator[str]:
    p = rs.play
    follow = w["follow"]
    if p.beat_opponent:
        follow += w["beat"] + ("" if p.beat_at_no_trump else w["beat_not_nt"])
    if p.beat_partner_on_trump_lead:
        follow += w["beat_partner_trump"]
    yield follow + "."
    duties = []
    if p.trump_when_opponent_wins or p.trump_when_partner_wins:
        whom = {(True, True): "whom_both", (True, False): "whom_opp", (False, True): "whom_partner"}
        duties.append(w["trump_when"].format(whom=w[whom[(p.trump_when_opponent_wins, p.trump_when_partner_wins)]]))
    if p.overtrump_opponent or p.overtrump_partner:
        whose = {(True, True): "whose_both", (True, False): "whose_opp", (False, True): "whose_partner"}
        duties.append(w["over"].format(whose=w[whose[(p.overtrump_opponent, p.overtrump_partner)]]))
    duties.append(w["under_" + p.undertrump])
    yield w["void"].format(duties=w["sep"].join(duties))
    if p.extra_rules:
        yield w["plugins_play"].format(names=", ".join(p.extra_rules))


def _scoring(rs: Ruleset, w: dict[str, str]) -> Iterator[str]:
    s = rs.scoring
    half = rs.deal_total // 2
    extras = ((w["per_trick"].format(n=s.trick_points) if s.trick_points else "")
              + (w["last_bonus"].format(n=s.last_trick_bonus) if s.last_trick_bonus else ""))
    total = (w["total_extras"].format(cards=s.card_total, extras=extras, deal=rs.deal_total) if extras
             else w["total"].format(cards=s.card_total))
    yield w["deal_holds"].format(total=total, half=half)
    tie = w["tie"].format(half=half)
    if s.tie.carry == "none":
        tie += w["tie_void"]
    else:
        tie += w["tie_next"].format(factor=s.tie.factor, per=w["per_tie"] if s.tie.stacking == "per-tie" else "")
    yield tie
    sweep = (w["no_sweep"] if s.sweep.factor == 1
             else w["sweep"].format(what=w["sweep_" + s.sweep.definition], factor=s.sweep.factor))
    cap = w["cap"].format(cap=s.cap) if s.cap else w["no_cap"]
    yield f"{sweep}{w['sep']}{w[s.combine]}{cap}."
    if s.adjustments:
        yield w["plugins_scoring"].format(names=", ".join(s.adjustments))


def _match(rs: Ruleset, w: dict[str, str]) -> str:
    m = rs.match
    games = w["best_of"].format(n=m.best_of) if m.best_of > 1 else w["one_game"]
    return w["match"].format(target=m.target, games=games)
