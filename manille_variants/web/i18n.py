"""The words of the pages in English, Dutch and French, from the message catalog.

The language is the one asked for with ``?lang=`` (kept in a cookie), else the browser's
``Accept-Language``, else English.  Stored data keeps keys (``A``, ``trump``, ``no-trump``);
only the pages turn them into words, so a sheet reads in any of the three.  A page word
``key`` is the catalog's sentence ``page.<key>`` (declared in :data:`PAGE_WORDS`).

>>> translate("nl", "sheets")
'Scorebladen'
"""

from __future__ import annotations

import re

from manille_variants.messages import Message, define, is_defined, render

LANGUAGES = ("en", "nl", "fr")
LANGUAGE_NAMES = {"en": "English", "nl": "Nederlands", "fr": "Français"}

# Words not in the catalog yet, key: (English, Dutch, French).  tools/words_to_catalog.py
# moves them into PAGE_WORDS and the Dutch and French catalogs.
WORDS: dict[str, tuple[str, str, str]] = {
    # the score sheet where the dealer plays alone: whose figures a deal gives
    "dealer_side": ("The dealer", "De gever", "Le donneur"),
    "others_side": ("The others", "De anderen", "Les autres"),
}

# key: its sentence in the catalog, page.<key>
PAGE_WORDS: dict[str, str] = {
    "app": define("page.app", "Manille at the table"),
    "home": define("page.home", "Home"),
    "rulesets": define("page.rulesets", "Rulesets"),
    "editor": define("page.editor", "House rules"),
    "score": define("page.score", "Score a deal"),
    "sheets": define("page.sheets", "Score sheets"),
    "play": define("page.play", "Play"),
    "compare": define("page.compare", "Compare"),
    "ruleset": define("page.ruleset", "Ruleset"),
    "advise": define("page.advise", "Advice"),
    "analyze": define("page.analyze", "Analysis"),
    "language": define("page.language", "Language"),
    "home_intro": define("page.home_intro",
        "Every reading of the rules of Manille: look them up, write your own, keep the score of a real table, check a"
        " deal under several rulesets, play against bots."),
    "name": define("page.name", "Name"),
    "title": define("page.title", "Title"),
    "extends": define("page.extends", "Extends"),
    "aliases": define("page.aliases", "Aliases"),
    "own": define("page.own", "the table's own"),
    "summary": define("page.summary", "In plain words"),
    "settings": define("page.settings", "Settings"),
    "side_by_side": define("page.side_by_side", "Side by side"),
    "setting": define("page.setting", "Setting"),
    "same_settings": define("page.same_settings", "These rulesets have the same settings."),
    "show": define("page.show", "Show"),
    "edit_copy": define("page.edit_copy", "Edit a copy"),
    "start_from": define("page.start_from", "Start from"),
    "check": define("page.check", "Check"),
    "save": define("page.save", "Save"),
    "download": define("page.download", "Download"),
    "valid": define("page.valid", "Valid."),
    "problems": define("page.problems", "Problems"),
    "saved": define("page.saved", "Saved"),
    "saving": define("page.saving", "Saving…"),
    "line": define("page.line", "line"),
    "column": define("page.column", "column"),
    "mode": define("page.mode", "Contract"),
    "trump": define("page.trump", "trump"),
    "turned": define("page.turned", "turned up"),
    "on_table": define("page.on_table", "on the table"),
    "no-trump": define("page.no-trump", "no-trump"),
    "blind": define("page.blind", "blind no-trump"),
    "thrown-in": define("page.thrown-in", "thrown in"),
    "points": define("page.points", "Card points"),
    "tricks": define("page.tricks", "Tricks"),
    "calls": define("page.calls", "Calls"),
    "pending_ties": define("page.pending_ties", "Pending ties"),
    "last_trick": define("page.last_trick", "Last trick"),
    "team": define("page.team", "Team"),
    "team_a_dealer": define("page.team_a_dealer", "Team A (the dealer's side)"),
    "factor": define("page.factor", "Factor"),
    "factors": define("page.factors", "Factors"),
    "tie": define("page.tie", "tie"),
    "match_points": define("page.match_points", "Match points"),
    "choose_rulesets": define("page.choose_rulesets", "Rulesets"),
    "new_sheet": define("page.new_sheet", "New sheet"),
    "create": define("page.create", "Create"),
    "team_names": define("page.team_names", "Team names"),
    "note": define("page.note", "Note"),
    "history": define("page.history", "Past sheets"),
    "date": define("page.date", "Date"),
    "deals": define("page.deals", "Deals"),
    "deal": define("page.deal", "Deal"),
    "winner": define("page.winner", "Winner"),
    "import": define("page.import", "Import a sheet (JSON)"),
    "export_json": define("page.export_json", "Export JSON"),
    "export_csv": define("page.export_csv", "Export CSV"),
    "add_deal": define("page.add_deal", "Add the deal"),
    "entering_for": define("page.entering_for", "Figures of"),
    "other_side": define("page.other_side", "The other side"),
    "undo": define("page.undo", "Undo the last deal"),
    "correct": define("page.correct", "Correct"),
    "remove": define("page.remove", "Remove"),
    "your_name": define("page.your_name", "Your name"),
    "by": define("page.by", "By"),
    "standings": define("page.standings", "Standings"),
    "to_target": define("page.to_target", "to the target"),
    "target": define("page.target", "Target"),
    "pending_factor": define("page.pending_factor", "Pending factor"),
    "boams": define("page.boams", "Games (boams)"),
    "next_dealer": define("page.next_dealer", "Deals next"),
    "won_by": define("page.won_by", "won by team"),
    "game": define("page.game", "Game"),
    "how_scored": define("page.how_scored", "How it was scored"),
    "chart": define("page.chart", "Score over time"),
    "your_hand": define("page.your_hand", "Your hand"),
    "table": define("page.table", "The table"),
    "legal_marked": define("page.legal_marked", "Cards you may play are marked."),
    "new_game": define("page.new_game", "New game"),
    "next_deal": define("page.next_deal", "Next deal"),
    "record": define("page.record", "Download the record"),
    "seed": define("page.seed", "Seed"),
    "bots": define("page.bots", "Bots"),
    "run": define("page.run", "Run"),
    "progress": define("page.progress", "Progress"),
    "report": define("page.report", "Report"),
    "you": define("page.you", "You"),
    "partner": define("page.partner", "Partner"),
    "left": define("page.left", "Left"),
    "right": define("page.right", "Right"),
    "to_play": define("page.to_play", "to play"),
    "choose": define("page.choose", "Choose"),
    "deal_over": define("page.deal_over", "The deal is over."),
    "match_over": define("page.match_over", "The match is over."),
    "phase_blind": define("page.phase_blind", "look at the hand, or play blind no-trump"),
    "phase_trump": define("page.phase_trump", "name trump"),
    "phase_calls": define("page.phase_calls", "a call, or pass"),
    "phase_play": define("page.phase_play", "play a card"),
    "phase_over": define("page.phase_over", "over"),
    "act_look": define("page.act_look", "look at my hand"),
    "act_blind": define("page.act_blind", "play blind no-trump"),
    "act_no-trump": define("page.act_no-trump", "no-trump"),
    "act_delegate": define("page.act_delegate", "let my partner choose"),
    "act_pass": define("page.act_pass", "pass"),
    "act_throw-in": define("page.act_throw-in", "throw the deal in"),
    "at_a_glance": define("page.at_a_glance", "At a glance"),
    "best_of": define("page.best_of", "Games (boams) per match: best of"),
    "tie_factor": define("page.tie_factor", "Tie"),
    "sweep_factor": define("page.sweep_factor", "All tricks (sweep)"),
    "cap": define("page.cap", "Cap on the factor"),
    "combine": define("page.combine", "Factors combined"),
    "factor_tie": define("page.factor_tie", "after a tie"),
    "factor_sweep": define("page.factor_sweep", "all tricks"),
    "factor_no-trump": define("page.factor_no-trump", "no-trump"),
    "factor_blind": define("page.factor_blind", "blind no-trump"),
    "form": define("page.form", "Edit with a form"),
    "form_intro": define("page.form_intro",
        "Each change rewrites the YAML below: the settings that differ from the parent ruleset. The call ladder and "
        "lists stay as the parent has them (change them in the YAML)."),
    "refused": define("page.refused", "Refused"),
    "notes": define("page.notes", "Notes"),
    "not_found": define("page.not_found", "Not found"),
    "compare_intro": define("page.compare_intro",
        "The same shuffled deals played by bots under each ruleset; the first is the baseline."),
    "editor_intro": define("page.editor_intro",
        "Start from a bundled ruleset, change what your table does differently, check and save it."),
    "score_intro": define("page.score_intro",
        "Team A is the dealer's side. The scores under every chosen ruleset, side by side."),
    "advise_intro": define("page.advise_intro",
        "The dealer's choices for a hand, ranked by expected match points (the dealer's side minus the opponents'), "
        "each played out double-dummy in sampled worlds."),
    "analyze_intro": define("page.analyze_intro",
        "Each played deal against double-dummy play: the value at the first lead, the value reached, and every card "
        "that cost points."),
    "hand": define("page.hand", "The dealer's 8 cards"),
    "tap_cards": define("page.tap_cards", "Type them or tap them:"),
    "clear": define("page.clear", "Clear"),
    "match_score": define("page.match_score", "Score (A-B)"),
    "samples": define("page.samples", "Worlds per choice"),
    "advise_button": define("page.advise_button", "Advise"),
    "searching": define("page.searching", "Searching…"),
    "not_searched": define("page.not_searched", "Not searched (far below the best by the decision table):"),
    "choice": define("page.choice", "Choice"),
    "mean": define("page.mean", "Mean"),
    "interval": define("page.interval", "Interval (95%)"),
    "best": define("page.best", "best"),
    "net_points": define("page.net_points", "Net match points of the dealer's side."),
    "record_file": define("page.record_file", "Game record (JSON) or typed deals"),
    "or_paste": define("page.or_paste", "or paste it here"),
    "records_own": define("page.records_own", "the record's own"),
    "analyze_button": define("page.analyze_button", "Analyse"),
    "dealer": define("page.dealer", "Dealer"),
    "double_dummy": define("page.double_dummy", "Double-dummy (team A)"),
    "reached": define("page.reached", "Reached"),
    "costly_cards": define("page.costly_cards", "Costly cards"),
    "seat": define("page.seat", "Seat"),
    "trick": define("page.trick", "Trick"),
    "card": define("page.card", "Card"),
    "cost": define("page.cost", "Cost"),
    "seat_totals": define("page.seat_totals", "Points given away per seat"),
    "not_finished": define("page.not_finished", "not finished"),
    "no_card_played": define("page.no_card_played", "no card played"),
    "unseen": define("page.unseen", "Not looked at yet (blind no-trump is a choice)"),
    "not_offered": define("page.not_offered",
        "Not a choice for a hand you have looked at (tick “not looked at yet” to rank it):"),
    "share": define("page.share", "Share"),
    "share_title": define("page.share_title", "Join from another phone"),
    "share_hint": define("page.share_hint",
        "Scan this code with the other phone's camera, or send it the link: it opens this page with access to the "
        "table."),
    "share_local": define("page.share_local",
        "This server answers only this computer. To join from phones on the same Wi-Fi, start it with manille serve "
        "--host 0.0.0.0."),
    "share_link": define("page.share_link", "Link"),
    "copy": define("page.copy", "Copy"),
    "copied": define("page.copied", "Copied"),
    "close": define("page.close", "Close"),
    "no_access_title": define("page.no_access_title", "No access yet"),
    "no_access": define("page.no_access",
        "This phone has no access to the table yet. On the host's screen, open the score sheet and tap Share, then "
        "scan its QR code with this phone (or scan the code shown when the server started)."),
    "deal_removed": define("page.deal_removed", "Deal removed"),
    "undo_removal": define("page.undo_removal", "Undo the removal"),
    "changes": define("page.changes", "Changes to this sheet"),
    "change_create": define("page.change_create", "started the sheet"),
    "change_add": define("page.change_add", "added deal"),
    "change_correct": define("page.change_correct", "corrected deal"),
    "change_remove": define("page.change_remove", "removed deal"),
    "change_restore": define("page.change_restore", "put back deal"),
    "change_describe": define("page.change_describe", "named the teams"),
    "someone": define("page.someone", "Someone"),
    "put_back": define("page.put_back", "Put it back"),
    "was": define("page.was", "was"),
    "waiting": define("page.waiting", "waiting to send"),
    "offline": define("page.offline",
        "The host is out of reach: deals are kept on this phone and sent as soon as it is back."),
    "not_sent": define("page.not_sent", "Not sent, refused by the host"),
    "offline_page": define("page.offline_page",
        "This page is not on this phone yet and the host is out of reach. Try again in a moment."),
    "clockwise": define("page.clockwise", "play goes clockwise"),
    "counter-clockwise": define("page.counter-clockwise", "play goes counter-clockwise"),
    "us": define("page.us", "You and your partner"),
    "them": define("page.them", "The opponents"),
    "deals_played": define("page.deals_played", "Deals played"),
    "tables": define("page.tables", "Tables"),
    "shared_table": define("page.shared_table", "Shared table"),
    "new_table": define("page.new_table", "A shared table"),
    "tables_intro": define("page.tables_intro",
        "Choose the rules and who plays: a person (each on their own phone, by their seat's link) or a bot."),
    "person": define("page.person", "Person"),
    "bot": define("page.bot", "Bot"),
    "open_table": define("page.open_table", "Open the table"),
    "seat_links": define("page.seat_links", "Each person opens their seat's link or scans its QR code."),
    "your_turn": define("page.your_turn", "Your turn"),
    "opponents": define("page.opponents", "Opponents"),
    "bot_plays": define("page.bot_plays", "a bot plays"),
    "table_sheet": define("page.table_sheet", "The table's score sheet"),
    "evenings": define("page.evenings", "Club evenings"),
    "evening": define("page.evening", "Club evening"),
    "new_evening": define("page.new_evening", "A new club evening"),
    "evening_intro": define("page.evening_intro",
        "List the players: the seating of each round is drawn so that partners rotate, and each table keeps its score"
        " on its own sheet."),
    "players_one_a_line": define("page.players_one_a_line", "Players (one a line)"),
    "rounds": define("page.rounds", "Rounds"),
    "round": define("page.round", "Round"),
    "table_n": define("page.table_n", "Table"),
    "sitting_out": define("page.sitting_out", "Sitting out"),
    "draw_evening": define("page.draw_evening", "Draw the evening"),
    "schedule": define("page.schedule", "Schedule"),
    "ladder": define("page.ladder", "Ladder"),
    "player": define("page.player", "Player"),
    "matches_won": define("page.matches_won", "Matches won"),
    "games_won": define("page.games_won", "Boams won"),
    "points_for": define("page.points_for", "Points for"),
    "points_against": define("page.points_against", "Points against"),
    "calls_made": define("page.calls_made", "Calls made"),
    "calls_won": define("page.calls_won", "Calls won"),
    "standings_csv": define("page.standings_csv", "Standings (CSV)"),
    "players": define("page.players", "players"),
    "sheet": define("page.sheet", "Score sheet"),
    "let_bot_play": define("page.let_bot_play", "Let a bot play this seat"),
    "take_back": define("page.take_back", "Take the seat back"),
    "spectators": define("page.spectators", "Spectators (the table, no hand)"),
    "play_shared": define("page.play_shared", "Play it at a shared table"),
}


def language(query: str | None, cookie: str | None, accept: str | None) -> str:
    """The page language: ``?lang=``, then the cookie, then ``Accept-Language``, then English.

    >>> language(None, None, "fr-BE,fr;q=0.9,en;q=0.5")
    'fr'
    """
    for choice in (query, cookie):
        if choice in LANGUAGES:
            return choice
    for part in (accept or "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGUAGES:
            return code
    return "en"


def translate(lang: str, key: str) -> str:
    """The word for ``key`` in ``lang``; an unknown key is shown as it is."""
    code = f"page.{key}"
    if is_defined(code):
        return render(Message(code), lang if lang in LANGUAGES else "en")
    words = WORDS.get(key)  # a triple not moved to the catalog yet
    if words is None:
        return key
    return words[LANGUAGES.index(lang)] if lang in LANGUAGES else words[0]


# The score sheet's refusals (the CLI's messages, in English) in Dutch and French:
# (pattern, Dutch, French); the templates take the pattern's named groups.
MESSAGES: tuple[tuple[re.Pattern[str], str, str], ...] = tuple((re.compile(p), nl, fr) for p, nl, fr in (
    (r"^POINTS must be between 0 and (?P<n>\d+) \(got (?P<x>-?\d+)\)$",
     "de kaartpunten liggen tussen 0 en {n} (niet {x})",
     "les points de cartes vont de 0 à {n} (pas {x})"),
    (r"^TRICKS must be between 0 and (?P<n>\d+) \(got (?P<x>-?\d+)\)$",
     "het aantal slagen ligt tussen 0 en {n} (niet {x})",
     "le nombre de plis va de 0 à {n} (pas {x})"),
    (r"^team A took no trick, so it cannot hold card points \(got (?P<x>\d+)\)$",
     "ploeg A haalde geen slag, dus ook geen kaartpunten (niet {x})",
     "l'équipe A n'a fait aucun pli, donc aucun point de cartes (pas {x})"),
    (r"^team A took all (?P<n>\d+) tricks, so it holds all (?P<t>\d+) card points \(got (?P<x>\d+)\)$",
     "ploeg A haalde alle {n} slagen, dus alle {t} kaartpunten (niet {x})",
     "l'équipe A a fait les {n} plis, donc les {t} points de cartes (pas {x})"),
    (r"^(?P<k>\d+) trick\(s\) hold at most (?P<m>\d+) card points \(got (?P<x>\d+)\)$",
     "{k} slag(en) bevatten hoogstens {m} kaartpunten (niet {x})",
     "{k} pli(s) contiennent au plus {m} points de cartes (pas {x})"),
    (r"^the other side's (?P<o>\d+) trick\(s\) hold at most (?P<m>\d+) card points, so (?P<k>\d+) "
     r"trick\(s\) hold at least (?P<l>\d+) \(got (?P<x>\d+)\)$",
     "de {o} slag(en) van de andere kant bevatten hoogstens {m} kaartpunten, dus {k} slag(en) minstens {l} "
     "(niet {x})",
     "les {o} pli(s) de l'autre camp contiennent au plus {m} points de cartes, donc {k} pli(s) au moins {l} "
     "(pas {x})"),
    (r"^the match is over: team (?P<t>[AB]) won it$",
     "de wedstrijd is uit: ploeg {t} heeft gewonnen",
     "la partie est finie : l'équipe {t} l'a gagnée"),
    (r"^nothing to undo: the sheet is empty$",
     "niets ongedaan te maken: het blad is leeg",
     "rien à annuler : la feuille est vide"),
    (r"^(?P<r>[\w-]+) does not allow no-trump$",
     "{r} kent geen spel zonder troef", "{r} ne permet pas le sans-atout"),
    (r"^(?P<r>[\w-]+) does not allow blind no-trump$",
     "{r} kent geen blind spel zonder troef", "{r} ne permet pas le sans-atout à l'aveugle"),
    (r"^(?P<r>[\w-]+) never throws a deal in \(an early look does not void the deal\)$",
     "{r} gooit nooit een spel weg (te vroeg kijken maakt het spel niet ongeldig)",
     "{r} n'annule jamais une donne (regarder trop tôt n'annule pas la donne)"),
))
_ENTRY_PREFIX = re.compile(r"^entry (?P<n>\d+) \((?P<e>[^)]*)\): (?P<rest>.*)$")


def localize(lang: str, message: str) -> str:
    """A score sheet refusal in ``lang``; a message without a translation stays as it is.

    >>> localize("nl", "POINTS must be between 0 and 60 (got 61)")
    'de kaartpunten liggen tussen 0 en 60 (niet 61)'
    """
    if lang not in ("nl", "fr"):
        return message
    prefix = _ENTRY_PREFIX.match(message)
    if prefix is not None:
        word = "spel" if lang == "nl" else "donne"
        return f"{word} {prefix['n']} ({prefix['e']}): {localize(lang, prefix['rest'])}"
    for pattern, nl, fr in MESSAGES:
        found = pattern.match(message)
        if found is not None:
            return (nl if lang == "nl" else fr).format(**found.groupdict())
    return message
