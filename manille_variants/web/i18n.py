"""The words of the pages in English, Dutch and French.

The language is the one asked for with ``?lang=`` (kept in a cookie), else the browser's
``Accept-Language``, else English.  Stored data keeps keys (``A``, ``trump``, ``no-trump``);
only the pages turn them into words, so a sheet reads in any of the three.

>>> translate("nl", "sheets")
'Scorebladen'
"""

from __future__ import annotations

import re

LANGUAGES = ("en", "nl", "fr")
LANGUAGE_NAMES = {"en": "English", "nl": "Nederlands", "fr": "Français"}

# key: (English, Dutch, French)
WORDS: dict[str, tuple[str, str, str]] = {
    "app": ("Manille at the table", "Manille aan tafel", "Manille à table"),
    "home": ("Home", "Begin", "Accueil"),
    "rulesets": ("Rulesets", "Spelregels", "Règles"),
    "editor": ("House rules", "Huisregels", "Règles maison"),
    "score": ("Score a deal", "Een spel tellen", "Compter une donne"),
    "sheets": ("Score sheets", "Scorebladen", "Feuilles de marque"),
    "play": ("Play", "Spelen", "Jouer"),
    "compare": ("Compare", "Vergelijken", "Comparer"),
    "ruleset": ("Ruleset", "Spelregel", "Règle"),
    "advise": ("Advice", "Advies", "Conseil"),
    "analyze": ("Analysis", "Analyse", "Analyse"),
    "language": ("Language", "Taal", "Langue"),
    "home_intro": (
        "Every reading of the rules of Manille: look them up, write your own, keep the score of a real "
        "table, check a deal under several rulesets, play against bots.",
        "Elke lezing van de regels van Manille: opzoeken, je eigen schrijven, de score van een echte tafel "
        "bijhouden, een spel onder verschillende spelregels narekenen, tegen bots spelen.",
        "Toutes les lectures des règles de la Manille : les consulter, écrire les vôtres, tenir la marque "
        "d'une vraie table, vérifier une donne sous plusieurs règles, jouer contre des robots.",
    ),
    "name": ("Name", "Naam", "Nom"),
    "title": ("Title", "Titel", "Titre"),
    "extends": ("Extends", "Breidt uit", "Étend"),
    "aliases": ("Aliases", "Andere namen", "Autres noms"),
    "own": ("the table's own", "van de tafel", "de la table"),
    "summary": ("In plain words", "In gewone woorden", "En clair"),
    "settings": ("Settings", "Instellingen", "Réglages"),
    "side_by_side": ("Side by side", "Naast elkaar", "Côte à côte"),
    "setting": ("Setting", "Instelling", "Réglage"),
    "same_settings": ("These rulesets have the same settings.", "Deze spelregels zijn gelijk.",
                      "Ces règles ont les mêmes réglages."),
    "show": ("Show", "Toon", "Afficher"),
    "edit_copy": ("Edit a copy", "Een kopie bewerken", "Modifier une copie"),
    "start_from": ("Start from", "Begin met", "Partir de"),
    "check": ("Check", "Controleren", "Vérifier"),
    "save": ("Save", "Bewaren", "Enregistrer"),
    "download": ("Download", "Downloaden", "Télécharger"),
    "valid": ("Valid.", "Geldig.", "Valide."),
    "problems": ("Problems", "Problemen", "Problèmes"),
    "saved": ("Saved", "Bewaard", "Enregistré"),
    "saving": ("Saving…", "Bewaren…", "Enregistrement…"),
    "line": ("line", "regel", "ligne"),
    "column": ("column", "kolom", "colonne"),
    "mode": ("Contract", "Contract", "Contrat"),
    "trump": ("trump", "troef", "atout"),
    "turned": ("turned up", "gekeerd", "retournée"),
    "on_table": ("on the table", "op tafel", "sur la table"),
    "no-trump": ("no-trump", "zonder troef", "sans atout"),
    "blind": ("blind no-trump", "blind zonder troef", "sans atout à l'aveugle"),
    "thrown-in": ("thrown in", "weggegooid", "annulée"),
    "points": ("Card points", "Kaartpunten", "Points de cartes"),
    "tricks": ("Tricks", "Slagen", "Plis"),
    "calls": ("Calls", "Roepen", "Annonces"),
    "pending_ties": ("Pending ties", "Gelijke spellen vooraf", "Égalités en attente"),
    "last_trick": ("Last trick", "Laatste slag", "Dernier pli"),
    "team": ("Team", "Ploeg", "Équipe"),
    "team_a_dealer": ("Team A (the dealer's side)", "Ploeg A (de kant van de gever)",
                      "Équipe A (le camp du donneur)"),
    "factor": ("Factor", "Factor", "Facteur"),
    "factors": ("Factors", "Factoren", "Facteurs"),
    "tie": ("tie", "gelijk", "égalité"),
    "match_points": ("Match points", "Wedstrijdpunten", "Points de partie"),
    "choose_rulesets": ("Rulesets", "Spelregels", "Règles"),
    "new_sheet": ("New sheet", "Nieuw scoreblad", "Nouvelle feuille"),
    "create": ("Create", "Aanmaken", "Créer"),
    "team_names": ("Team names", "Namen van de ploegen", "Noms des équipes"),
    "note": ("Note", "Notitie", "Note"),
    "history": ("Past sheets", "Vorige scorebladen", "Feuilles passées"),
    "date": ("Date", "Datum", "Date"),
    "deals": ("Deals", "Spellen", "Donnes"),
    "deal": ("Deal", "Spel", "Donne"),
    "winner": ("Winner", "Winnaar", "Gagnant"),
    "import": ("Import a sheet (JSON)", "Een scoreblad inlezen (JSON)", "Importer une feuille (JSON)"),
    "export_json": ("Export JSON", "JSON exporteren", "Exporter en JSON"),
    "export_csv": ("Export CSV", "CSV exporteren", "Exporter en CSV"),
    "add_deal": ("Add the deal", "Spel toevoegen", "Ajouter la donne"),
    "entering_for": ("Figures of", "Cijfers van", "Chiffres de"),
    "other_side": ("The other side", "De andere kant", "L'autre camp"),
    "undo": ("Undo the last deal", "Laatste spel ongedaan maken", "Annuler la dernière donne"),
    "correct": ("Correct", "Verbeteren", "Corriger"),
    "remove": ("Remove", "Verwijderen", "Supprimer"),
    "your_name": ("Your name", "Je naam", "Votre nom"),
    "by": ("By", "Door", "Par"),
    "standings": ("Standings", "Stand", "Classement"),
    "to_target": ("to the target", "tot het doel", "jusqu'au but"),
    "target": ("Target", "Doel", "But"),
    "pending_factor": ("Pending factor", "Wachtende factor", "Facteur en attente"),
    "boams": ("Games (boams)", "Boams", "Manches (boams)"),
    "next_dealer": ("Deals next", "Geeft nu", "Donne ensuite"),
    "won_by": ("won by team", "gewonnen door ploeg", "gagnée par l'équipe"),
    "game": ("Game", "Boam", "Manche"),
    "how_scored": ("How it was scored", "Hoe het geteld werd", "Comment elle a été comptée"),
    "chart": ("Score over time", "Score in de tijd", "Marque au fil du jeu"),
    "your_hand": ("Your hand", "Je kaarten", "Votre main"),
    "table": ("The table", "De tafel", "La table"),
    "legal_marked": ("Cards you may play are marked.", "Kaarten die je mag spelen zijn gemarkeerd.",
                     "Les cartes jouables sont marquées."),
    "new_game": ("New game", "Nieuw spel", "Nouvelle partie"),
    "next_deal": ("Next deal", "Volgend spel", "Donne suivante"),
    "record": ("Download the record", "Verslag downloaden", "Télécharger le compte rendu"),
    "seed": ("Seed", "Zaad", "Graine"),
    "bots": ("Bots", "Bots", "Robots"),
    "run": ("Run", "Starten", "Lancer"),
    "progress": ("Progress", "Voortgang", "Progression"),
    "report": ("Report", "Verslag", "Rapport"),
    "you": ("You", "Jij", "Vous"),
    "partner": ("Partner", "Partner", "Partenaire"),
    "left": ("Left", "Links", "Gauche"),
    "right": ("Right", "Rechts", "Droite"),
    "to_play": ("to play", "aan zet", "à jouer"),
    "choose": ("Choose", "Kies", "Choisissez"),
    "deal_over": ("The deal is over.", "Het spel is uit.", "La donne est finie."),
    "match_over": ("The match is over.", "De wedstrijd is uit.", "La partie est finie."),
    "phase_blind": ("look at the hand, or play blind no-trump", "kaarten bekijken, of blind zonder troef spelen",
                    "regarder la main, ou jouer sans atout à l'aveugle"),
    "phase_trump": ("name trump", "troef kiezen", "choisir l'atout"),
    "phase_calls": ("a call, or pass", "roepen, of passen", "annoncer, ou passer"),
    "phase_play": ("play a card", "een kaart spelen", "jouer une carte"),
    "phase_over": ("over", "uit", "finie"),
    "act_look": ("look at my hand", "mijn kaarten bekijken", "regarder ma main"),
    "act_blind": ("play blind no-trump", "blind zonder troef spelen", "jouer sans atout à l'aveugle"),
    "act_no-trump": ("no-trump", "zonder troef", "sans atout"),
    "act_delegate": ("let my partner choose", "mijn partner laten kiezen", "laisser choisir mon partenaire"),
    "act_pass": ("pass", "passen", "passer"),
    "act_throw-in": ("throw the deal in", "het spel weggooien", "annuler la donne"),
    "at_a_glance": ("At a glance", "In één oogopslag", "En bref"),
    "best_of": ("Games (boams) per match: best of", "Boams per wedstrijd: beste van",
                "Manches par partie : au meilleur de"),
    "tie_factor": ("Tie", "Gelijkspel", "Égalité"),
    "sweep_factor": ("All tricks (sweep)", "Alle slagen", "Tous les plis (capot)"),
    "cap": ("Cap on the factor", "Maximum van de factor", "Plafond du facteur"),
    "combine": ("Factors combined", "Factoren samengevoegd", "Facteurs combinés"),
    "factor_tie": ("after a tie", "na een gelijkspel", "après une égalité"),
    "factor_sweep": ("all tricks", "alle slagen", "tous les plis"),
    "factor_no-trump": ("no-trump", "zonder troef", "sans atout"),
    "factor_blind": ("blind no-trump", "blind zonder troef", "sans atout à l'aveugle"),
    "form": ("Edit with a form", "Met een formulier aanpassen", "Modifier avec un formulaire"),
    "form_intro": (
        "Each change rewrites the YAML below: the settings that differ from the parent ruleset. The call "
        "ladder and lists stay as the parent has them (change them in the YAML).",
        "Elke wijziging herschrijft de YAML hieronder: de instellingen die verschillen van de basisregels. "
        "Het roepen en de lijsten blijven zoals in de basisregels (pas ze aan in de YAML).",
        "Chaque changement réécrit le YAML ci-dessous : les réglages qui diffèrent des règles de base. Les "
        "annonces et les listes restent celles des règles de base (modifiez-les dans le YAML).",
    ),
    "refused": ("Refused", "Geweigerd", "Refusé"),
    "notes": ("Notes", "Opmerkingen", "Remarques"),
    "not_found": ("Not found", "Niet gevonden", "Introuvable"),
    "compare_intro": (
        "The same shuffled deals played by bots under each ruleset; the first is the baseline.",
        "Dezelfde geschudde spellen door bots gespeeld onder elke spelregel; de eerste is de basis.",
        "Les mêmes donnes jouées par des robots sous chaque règle ; la première sert de référence.",
    ),
    "editor_intro": (
        "Start from a bundled ruleset, change what your table does differently, check and save it.",
        "Begin met een meegeleverde spelregel, pas aan wat jullie anders doen, controleer en bewaar.",
        "Partez d'une règle fournie, changez ce que votre table fait autrement, vérifiez et enregistrez.",
    ),
    "score_intro": (
        "Team A is the dealer's side. The scores under every chosen ruleset, side by side.",
        "Ploeg A is de kant van de gever. De score onder elke gekozen spelregel, naast elkaar.",
        "L'équipe A est le camp du donneur. La marque sous chaque règle choisie, côte à côte.",
    ),
    "advise_intro": (
        "The dealer's choices for a hand, ranked by expected match points (the dealer's side minus the "
        "opponents'), each played out double-dummy in sampled worlds.",
        "De keuzes van de gever voor een hand, gerangschikt naar verwachte wedstrijdpunten (de kant van de "
        "gever min de tegenstanders), elk met open kaarten uitgespeeld in getrokken werelden.",
        "Les choix du donneur pour une main, classés par points de partie attendus (le camp du donneur moins "
        "les adversaires), chacun joué à cartes ouvertes dans des mondes tirés au hasard.",
    ),
    "analyze_intro": (
        "Each played deal against double-dummy play: the value at the first lead, the value reached, and "
        "every card that cost points.",
        "Elk gespeeld spel tegenover spel met open kaarten: de waarde bij de eerste uitkomst, de behaalde "
        "waarde en elke kaart die punten kostte.",
        "Chaque donne jouée face au jeu à cartes ouvertes : la valeur à la première entame, la valeur "
        "atteinte et chaque carte qui a coûté des points.",
    ),
    "hand": ("The dealer's 8 cards", "De 8 kaarten van de gever", "Les 8 cartes du donneur"),
    "tap_cards": ("Type them or tap them:", "Typ ze of tik ze aan:", "Tapez-les ou touchez-les :"),
    "clear": ("Clear", "Wissen", "Effacer"),
    "match_score": ("Score (A-B)", "Stand (A-B)", "Marque (A-B)"),
    "samples": ("Worlds per choice", "Werelden per keuze", "Mondes par choix"),
    "advise_button": ("Advise", "Advies geven", "Conseiller"),
    "searching": ("Searching…", "Zoeken…", "Recherche…"),
    "not_searched": ("Not searched (far below the best by the decision table):",
                     "Niet doorzocht (ver onder de beste volgens de beslissingstabel):",
                     "Non explorés (loin sous le meilleur selon la table de décision) :"),
    "choice": ("Choice", "Keuze", "Choix"),
    "mean": ("Mean", "Gemiddelde", "Moyenne"),
    "interval": ("95% interval", "95%-interval", "Intervalle à 95 %"),
    "best": ("best", "beste", "meilleur"),
    "net_points": ("Net match points of the dealer's side.", "Netto wedstrijdpunten van de kant van de gever.",
                   "Points de partie nets du camp du donneur."),
    "record_file": ("Game record (JSON) or typed deals", "Spelverslag (JSON) of getypte spellen",
                    "Enregistrement de partie (JSON) ou donnes tapées"),
    "or_paste": ("or paste it here", "of plak het hier", "ou collez-le ici"),
    "records_own": ("the record's own", "die van het verslag", "celles de l'enregistrement"),
    "analyze_button": ("Analyse", "Analyseren", "Analyser"),
    "dealer": ("Dealer", "Gever", "Donneur"),
    "double_dummy": ("Double-dummy (team A)", "Open kaarten (ploeg A)", "Cartes ouvertes (équipe A)"),
    "reached": ("Reached", "Behaald", "Atteint"),
    "costly_cards": ("Costly cards", "Dure kaarten", "Cartes coûteuses"),
    "seat": ("Seat", "Plaats", "Place"),
    "trick": ("Trick", "Slag", "Pli"),
    "card": ("Card", "Kaart", "Carte"),
    "cost": ("Cost", "Kost", "Coût"),
    "seat_totals": ("Points given away per seat", "Weggegeven punten per plaats", "Points perdus par place"),
    "not_finished": ("not finished", "niet uitgespeeld", "non terminée"),
    "no_card_played": ("no card played", "geen kaart gespeeld", "aucune carte jouée"),
    # Advice for a hand not yet seen (blind no-trump is declared before looking).
    "unseen": ("Not looked at yet (blind no-trump is a choice)", "Nog niet bekeken (blind zonder troef kan)",
               "Pas encore regardée (le sans-atout à l'aveugle est possible)"),
    "not_offered": ("Not a choice for a hand you have looked at (tick “not looked at yet” to rank it):",
                    "Geen keuze voor een hand die je al bekeken hebt (vink “nog niet bekeken” aan om ze te "
                    "rangschikken):",
                    "Pas un choix pour une main déjà regardée (cochez « pas encore regardée » pour le classer) :"),
    # Phones at the table: sharing, access, undoing, the history, offline, the table drawn as played.
    "share": ("Share", "Delen", "Partager"),
    "share_title": ("Join from another phone", "Meedoen met een andere telefoon",
                    "Rejoindre depuis un autre téléphone"),
    "share_hint": (
        "Scan this code with the other phone's camera, or send it the link: it opens this page with access "
        "to the table.",
        "Scan deze code met de camera van de andere telefoon, of stuur hem de link: die opent deze pagina met "
        "toegang tot de tafel.",
        "Scannez ce code avec l'appareil photo de l'autre téléphone, ou envoyez-lui le lien : il ouvre cette "
        "page avec l'accès à la table.",
    ),
    "share_local": (
        "This server answers only this computer. To join from phones on the same Wi-Fi, start it with "
        "manille serve --host 0.0.0.0.",
        "Deze server antwoordt alleen aan deze computer. Start hem met manille serve --host 0.0.0.0 om met "
        "telefoons op dezelfde wifi mee te doen.",
        "Ce serveur ne répond qu'à cet ordinateur. Pour rejoindre depuis des téléphones sur le même Wi-Fi, "
        "lancez-le avec manille serve --host 0.0.0.0.",
    ),
    "share_link": ("Link", "Link", "Lien"),
    "copy": ("Copy", "Kopiëren", "Copier"),
    "copied": ("Copied", "Gekopieerd", "Copié"),
    "close": ("Close", "Sluiten", "Fermer"),
    "no_access_title": ("No access yet", "Nog geen toegang", "Pas encore d'accès"),
    "no_access": (
        "This phone has no access to the table yet. On the host's screen, open the score sheet and tap "
        "Share, then scan its QR code with this phone (or scan the code shown when the server started).",
        "Deze telefoon heeft nog geen toegang tot de tafel. Open op het scherm van de gastheer het scoreblad, "
        "tik op Delen en scan de QR-code met deze telefoon (of scan de code die getoond werd toen de server "
        "startte).",
        "Ce téléphone n'a pas encore accès à la table. Sur l'écran de l'hôte, ouvrez la feuille de marque, "
        "touchez Partager et scannez le code QR avec ce téléphone (ou scannez le code affiché au démarrage du "
        "serveur).",
    ),
    "deal_removed": ("Deal removed", "Spel verwijderd", "Donne supprimée"),
    "undo_removal": ("Undo the removal", "Verwijderen ongedaan maken", "Annuler la suppression"),
    "changes": ("Changes to this sheet", "Wijzigingen aan dit blad", "Modifications de cette feuille"),
    "change_create": ("started the sheet", "begon het blad", "a commencé la feuille"),
    "change_add": ("added deal", "voegde spel toe", "a ajouté la donne"),
    "change_correct": ("corrected deal", "verbeterde spel", "a corrigé la donne"),
    "change_remove": ("removed deal", "verwijderde spel", "a supprimé la donne"),
    "change_restore": ("put back deal", "zette spel terug", "a remis la donne"),
    "change_describe": ("named the teams", "gaf de ploegen een naam", "a nommé les équipes"),
    "someone": ("Someone", "Iemand", "Quelqu'un"),
    "put_back": ("Put it back", "Terugzetten", "Remettre"),
    "was": ("was", "was", "avant"),
    "waiting": ("waiting to send", "wacht op verzenden", "en attente d'envoi"),
    "offline": (
        "The host is out of reach: deals are kept on this phone and sent as soon as it is back.",
        "De gastheer is onbereikbaar: de spellen blijven op deze telefoon en worden verzonden zodra hij terug is.",
        "L'hôte est injoignable : les donnes restent sur ce téléphone et partent dès son retour.",
    ),
    "not_sent": ("Not sent, refused by the host", "Niet verzonden, geweigerd door de gastheer",
                 "Non envoyée, refusée par l'hôte"),
    "offline_page": (
        "This page is not on this phone yet and the host is out of reach. Try again in a moment.",
        "Deze pagina staat nog niet op deze telefoon en de gastheer is onbereikbaar. Probeer het zo meteen opnieuw.",
        "Cette page n'est pas encore sur ce téléphone et l'hôte est injoignable. Réessayez dans un instant.",
    ),
    "clockwise": ("play goes clockwise", "er wordt in wijzerzin gespeeld",
                  "on joue dans le sens des aiguilles d'une montre"),
    "counter-clockwise": ("play goes counter-clockwise", "er wordt in tegenwijzerzin gespeeld",
                          "on joue dans le sens inverse des aiguilles d'une montre"),
    "us": ("You and your partner", "Jij en je maat", "Vous et votre partenaire"),
    "them": ("The opponents", "De tegenstanders", "Les adversaires"),
    "deals_played": ("Deals played", "Gespeelde spellen", "Donnes jouées"),
    # Shared tables and club evenings (issue 21).
    "tables": ("Tables", "Tafels", "Tables"),
    "shared_table": ("Shared table", "Gedeelde tafel", "Table partagée"),
    "new_table": ("A shared table", "Een gedeelde tafel", "Une table partagée"),
    "tables_intro": (
        "Choose the rules and who plays: a person (each on their own phone, by their seat's link) or a bot.",
        "Kies de regels en wie speelt: een speler (elk op de eigen telefoon, met de link van de plaats) of een bot.",
        "Choisissez les règles et qui joue : une personne (chacune sur son téléphone, par le lien de sa place) "
        "ou un robot."),
    "person": ("Person", "Speler", "Joueur"),
    "bot": ("Bot", "Bot", "Robot"),
    "open_table": ("Open the table", "Tafel openen", "Ouvrir la table"),
    "seat_links": ("Each person opens their seat's link or scans its QR code.",
                   "Elke speler opent de link van zijn plaats of scant de QR-code.",
                   "Chaque joueur ouvre le lien de sa place ou scanne son code QR."),
    "your_turn": ("Your turn", "Jij bent aan de beurt", "À vous de jouer"),
    "opponents": ("Opponents", "Tegenspelers", "Adversaires"),
    "bot_plays": ("a bot plays", "een bot speelt", "un robot joue"),
    "table_sheet": ("The table's score sheet", "Het scoreblad van de tafel", "La feuille de marque de la table"),
    "evenings": ("Club evenings", "Clubavonden", "Soirées de club"),
    "evening": ("Club evening", "Clubavond", "Soirée de club"),
    "new_evening": ("A new club evening", "Een nieuwe clubavond", "Une nouvelle soirée de club"),
    "evening_intro": (
        "List the players: the seating of each round is drawn so that partners rotate, and each table keeps "
        "its score on its own sheet.",
        "Geef de spelers op: de tafelschikking van elke ronde wordt geloot zodat de partners wisselen, en elke "
        "tafel houdt haar score bij op een eigen blad.",
        "Donnez les joueurs : le placement de chaque tour est tiré pour que les partenaires changent, et chaque "
        "table tient sa marque sur sa propre feuille."),
    "players_one_a_line": ("Players (one a line)", "Spelers (één per regel)", "Joueurs (un par ligne)"),
    "rounds": ("Rounds", "Rondes", "Tours"),
    "round": ("Round", "Ronde", "Tour"),
    "table_n": ("Table", "Tafel", "Table"),
    "sitting_out": ("Sitting out", "Zit over", "En pause"),
    "draw_evening": ("Draw the evening", "Avond loten", "Tirer la soirée"),
    "schedule": ("Schedule", "Schema", "Programme"),
    "ladder": ("Ladder", "Ranglijst", "Classement général"),
    "player": ("Player", "Speler", "Joueur"),
    "matches_won": ("Matches won", "Partijen gewonnen", "Parties gagnées"),
    "games_won": ("Boams won", "Bomen gewonnen", "Manches gagnées"),
    "points_for": ("Points for", "Punten voor", "Points pour"),
    "points_against": ("Points against", "Punten tegen", "Points contre"),
    "calls_made": ("Calls made", "Geroepen", "Annonces faites"),
    "calls_won": ("Calls won", "Geroepen en gewonnen", "Annonces gagnées"),
    "standings_csv": ("Standings (CSV)", "Stand (CSV)", "Classement (CSV)"),
    "players": ("players", "spelers", "joueurs"),
    "sheet": ("Score sheet", "Scoreblad", "Feuille de marque"),
    "let_bot_play": ("Let a bot play this seat", "Laat een bot deze plaats spelen",
                     "Laisser un robot jouer cette place"),
    "take_back": ("Take the seat back", "Plaats terugnemen", "Reprendre la place"),
    "spectators": ("Spectators (the table, no hand)", "Toeschouwers (de tafel, geen kaarten)",
                   "Spectateurs (la table, sans main)"),
    "play_shared": ("Play it at a shared table", "Speel aan een gedeelde tafel", "Jouer à une table partagée"),
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
    words = WORDS.get(key)
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
