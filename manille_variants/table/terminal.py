"""A game against three bots in a terminal (``manille play``).

The match is a :class:`~manille_variants.table.session.Session` (the one the web app's *Play*
page plays too); this module asks the player, in plain typed lines from a :class:`LineReader`
(standard input by default, so a test or a script can drive it), and tells what happens.  End
of input or Ctrl-C leaves cleanly.  Output goes to a rich console; what the player sees of the
deal comes from their seat's view only.  The score sheet's terminal session lives in
:mod:`~manille_variants.table.sheet_session` (its names are importable from here too).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from manille_variants.bots import Bot
from manille_variants.cards import Card, parse_card
from manille_variants.engine.actions import BLIND, DELEGATE, LOOK, NO_TRUMP, PASS, Action, AnyAction
from manille_variants.engine.deal import DealState
from manille_variants.engine.match import DealOutcome, Match
from manille_variants.engine.rules import Rules
from manille_variants.engine.scoring import pending_note, pending_short, score_sentences
from manille_variants.engine.view import SeatView
from manille_variants.errors import CardError
from manille_variants.records.format import write_record
from manille_variants.ruleset.schema import Ruleset
from manille_variants.table.lines import EndOfInput, LineReader
from manille_variants.table.render import SheetRow, breakdown_table, sheet_table
from manille_variants.table.session import Session
from manille_variants.table.sheet_session import ScoresheetSession, show_sheet
from manille_variants.words import (
    BLIND_WORDS,
    NO_TRUMP_WORDS,
    card_markup,
    contract_text,
    hand_markup,
    parse_trump_suit,
)

__all__ = [
    "EndOfInput", "LineReader", "PlaySession", "ScoresheetSession", "parse_decision", "show_sheet",
]


_YES = ("y", "yes", "call", "ja", "oui")
_NO = ("n", "no", "p", "pass", "nee", "non", "")


_UNDEALT_TO = {"dealer-side": "the dealer's side", "last-trick": "the side that takes the last trick"}


def parse_decision(text: str, legal: Sequence[AnyAction], rules: Rules) -> AnyAction | None:
    """The decision a player typed, among ``legal``; None if the text names none of them."""
    word = "-".join(text.lower().split())
    for action in legal:
        if word == str(action).lower():
            return action
    return _blind_word(word, legal) or _trump_word(word, legal) or _call_word(word, legal, rules)


def _blind_word(word: str, legal: Sequence[AnyAction]) -> AnyAction | None:
    if BLIND not in legal:
        return None
    if word in ("b", *BLIND_WORDS, *_YES):
        return BLIND
    if word in ("l", "look", *_NO):
        return LOOK
    return None


def _trump_word(word: str, legal: Sequence[AnyAction]) -> AnyAction | None:
    if word in NO_TRUMP_WORDS and NO_TRUMP in legal:
        return NO_TRUMP
    if word in ("d", "delegate", "partner") and DELEGATE in legal:
        return DELEGATE
    try:
        suit = parse_trump_suit(word)
    except CardError:
        return None
    return next((a for a in legal if isinstance(a, Action) and a.kind == "trump" and a.arg == suit.name), None)


def _call_word(word: str, legal: Sequence[AnyAction], rules: Rules) -> AnyAction | None:
    calls = [a for a in legal if isinstance(a, Action) and a.kind == "call"]
    if PASS in legal and word in _NO:
        return PASS
    for call in calls:
        label = "-".join(rules.ruleset.call_named(call.arg or "").label.lower().split())
        if word in (call.arg, label) or (word in _YES and len(calls) == 1):
            return call
    return None


# ------------------------------------------------------------------------- play


@dataclass
class PlaySession:
    """A match in the terminal: the player in ``seat``, bots in the other three seats."""

    ruleset: Ruleset
    seed: int = 0
    seat: int = 0
    bots: str = "heuristic"
    record: Path | None = None
    console: Console = field(default_factory=lambda: Console(highlight=False, soft_wrap=True))
    reader: LineReader | None = None
    session: Session = field(init=False)

    def __post_init__(self) -> None:
        self.session = Session(self.ruleset, self.seed, self.seat, self.bots, on_action=self._announce)
        if self.reader is None:
            self.reader = LineReader(self.console)

    @property
    def match(self) -> Match:
        return self.session.match

    @property
    def players(self) -> list[Bot]:
        return self.session.players

    @property
    def finals(self) -> list[DealState]:
        return self.session.finished

    @property
    def rules(self) -> Rules:
        return self.match.rules

    def name(self, seat: int) -> str:
        """The seat as the player sees it: You, Left, Partner, Right (seats are numbered
        clockwise, so the next seat is on your left); at another table You or Seat N."""
        if self.rules.default_table:
            return ("You", "Left", "Partner", "Right")[(seat - self.seat) % 4]
        return "You" if seat == self.seat else f"Seat {seat}"

    @property
    def per_player(self) -> bool:
        """Whether every player keeps their own score (the dealer alone against the others)."""
        return self.rules.temporary_teams

    def _labels(self) -> tuple[str, ...]:
        """The score sheet's columns: us and them, or every player."""
        if self.per_player:
            return tuple("you" if s == self.seat else f"seat {s}" for s in range(self.rules.seats))
        return ("us", "them")

    def _columns(self, values: Sequence[int]) -> tuple[int, ...]:
        """Per-team values (team 0, team 1) as us and them, or per-player values as they are."""
        return tuple(values) if self.per_player else self._us_them(values)

    def _scores_text(self, values: Sequence[int]) -> str:
        return ", ".join(f"{label} {value}" for label, value in zip(self._labels(), self._columns(values), strict=True))

    def run(self) -> int:
        """Play until the match is over or the input ends; returns the exit status."""
        status = 0
        try:
            self._intro()
            while not self.match.is_over:
                self._play_deal()
            self._finale()
        except EndOfInput:
            self.console.print("Left the game.")
        except KeyboardInterrupt:
            self.console.print("\nInterrupted: left the game.")
            status = 130
        finally:
            self._save()
        return status

    # ------------------------------------------------------------- flow
    def _intro(self) -> None:
        rs = self.ruleset
        team = "seats 0 and 2" if self.seat % 2 == 0 else "seats 1 and 3"
        direction = "clockwise" if self.rules.step == 1 else "counter-clockwise"
        self.console.print(f"[bold]{rs.title or rs.name}[/bold] ({rs.name}), seed {self.seed}")
        where = f"in seat {self.seat} ({team}) with your Partner opposite"
        if not self.rules.default_table:
            where = f"in seat {self.seat} of {self.rules.seats}, {self._sides_text()}"
        self.console.print(
            f"You sit {where}; play goes "
            f"{direction}. Game to {rs.match.target}"
            + (f", best of {rs.match.best_of}." if rs.match.best_of > 1 else ".")
        )
        self.console.print("Type a card like 10h or qs; '?' for help, 'quit' to leave.")

    def _sides_text(self) -> str:
        rules = self.rules
        if rules.temporary_teams:
            return "each deal the dealer alone against the others, each player keeping a score"
        partners = rules.partners(self.seat, 0)
        if not partners:
            return "against " + " and ".join(f"seat {s}" for s in range(rules.seats) if s != self.seat)
        return "with your partners in seats " + " and ".join(map(str, partners))

    def _play_deal(self) -> None:
        state = self.session.deal()
        self._deal_header(state)
        while not (state := self.session.advance()).is_over:  # the bots act, each action announced
            self.session.act(self._ask(state))
        self._deal_end(state)
        self._save()

    def _deal_header(self, state: DealState) -> None:
        m = self.match
        game = f" · game {m.game + 1}" if self.ruleset.match.best_of > 1 else ""
        self.console.rule(f"Deal {len(m.deals) + 1}{game}")
        deals = "deal" if state.dealer == self.seat else "deals"
        line = f"{self.name(state.dealer)} {deals}. Match points: {self._scores_text(m.scores)}."
        note = pending_note(self.rules, m.pending_ties)
        self.console.print(line + (f" {note[0].upper()}{note[1:]}." if note else ""))
        view = state.view(self.seat)
        if view.turned is not None:
            take_up = (self.rules.turned_take_up or "").replace("-", " ")
            self.console.print(f"{self.name(state.dealer)} turn{'s' if state.dealer != self.seat else ''} "
                               f"up {card_markup(view.turned)}: {contract_text('trump', view.turned.suit)} "
                               f"is trump. The card stays on the table until it is taken up ({take_up}).")
        if view.undealt:
            self.console.print(f"Undealt, face up: {' '.join(card_markup(c) for c in view.undealt)} "
                               f"(their card points go to {_UNDEALT_TO[self.rules.undealt_to]}).")
        elif self.rules.undealt_count:
            self.console.print(f"{self.rules.undealt_count} cards lie undealt, face down.")
        if view.looked and state.to_play != self.seat:  # else the first prompt shows it
            self.console.print(f"Your hand: {hand_markup(self.rules, view.hand)}")
        if state.phase == "play":  # nothing to decide: the turned card named trump
            self._contract_line(state)

    def _announce(self, before: DealState, after: DealState, seat: int, action: AnyAction) -> None:
        who = self.name(seat)
        if isinstance(action, Card):
            self.console.print(f"{who} play{'s' if seat != self.seat else ''} {card_markup(action)}")
            if len(after.tricks) > len(before.tricks):
                self._trick_end(after)
            return
        self._announce_decision(before, after, who, action)

    def _announce_decision(self, before: DealState, after: DealState, who: str, action: AnyAction) -> None:
        if action == LOOK:
            return  # the trump prompt shows the dealer's hand
        if action == PASS:
            self.console.print(f"{who}: pass")
        elif isinstance(action, Action) and action.kind == "call":
            call = self.ruleset.call_named(action.arg or "")
            self.console.print(f"{who}: [bold]{call.label or call.name}[/bold] (x{call.factor})")
        elif action == DELEGATE:
            if who == "You":
                self.console.print("You ask your Partner to name trump.")
            else:
                chooser = after.chooser if after.chooser is not None else before.dealer ^ 2
                asked = "you" if chooser == self.seat else self.name(chooser)
                self.console.print(f"{who} asks {asked} to name trump.")
        else:
            text = contract_text(after.mode, after.trump_suit)
            self.console.print(f"{who}: [bold]{text}[/bold]")
            if before.phase == "blind" and after.phase != "blind":
                self._show_hand_after_blind(after)
        if after.phase == "play" and before.phase != "play":
            self._contract_line(after)

    def _show_hand_after_blind(self, state: DealState) -> None:
        view = state.view(self.seat)
        if view.looked and self.seat == state.dealer:
            self.console.print(f"Your hand: {hand_markup(self.rules, view.hand)}")

    def _contract_line(self, state: DealState) -> None:
        calls = tuple(self._call_label(c) for c in state.calls)
        self.console.print(f"Contract: {contract_text(state.mode, state.trump_suit, calls)}; "
                           f"{self.name(state.leader)} lead{'s' if state.leader != self.seat else ''}.")

    def _call_label(self, name: str) -> str:
        call = self.ruleset.call_named(name)
        return call.label or call.name

    def _trick_end(self, state: DealState) -> None:
        _, cards, winner = state.tricks[-1]
        points = sum(self.rules.values[c.index] for c in cards)
        self.console.print(
            f"Trick {len(state.tricks)} to {self.name(winner)} (+{points} card points). "
            f"Card points: {self._deal_sides_text(state, state.points)}."
        )

    def _deal_sides_text(self, state: DealState, sides: Sequence[int]) -> str:
        """A deal's two sides' figures (side 0, side 1) as us and them, or the dealer and the others."""
        if self.per_player:
            dealer = "you" if state.dealer == self.seat else f"seat {state.dealer}"
            return f"{dealer} (dealing alone) {sides[0]}, the others {sides[1]}"
        us, them = self._us_them(sides)
        return f"us {us}, them {them}"

    def _deal_end(self, state: DealState) -> None:
        assert state.result is not None
        score = state.result
        rules = self.rules
        if rules.side(self.seat, state.dealer) != rules.side(state.dealer, state.dealer):
            score = score.swapped()
        labels = ("us", "them")
        if self.per_player:
            labels = ("you", "the dealer") if self.seat != state.dealer else ("you", "the others")
        self.console.print(f"[bold]Deal {len(self.match.deals)} over.[/bold]")
        if not score.thrown_in:
            self.console.print(breakdown_table(score, labels))
        for line in score_sentences(score, labels):
            self.console.print(line)
        outcome = self.match.deals[-1]
        several = self.ruleset.match.best_of > 1
        title = f"Score sheet, game {outcome.game + 1} (match points)" if several else "Score sheet (match points)"
        self.console.print(sheet_table(self._rows(outcome.game), self._labels(), title=title))
        if outcome.game_winner is not None and not self.match.is_over:
            self.console.print(f"{self._team_word(outcome.game_winner)} win game {outcome.game + 1}; "
                               f"games: {self._scores_text(self.match.games)}.")

    def _finale(self) -> None:
        winner = self.match.winner
        assert winner is not None
        self.console.rule("Match over")
        self.console.print(f"[bold]{self._team_word(winner)} win the match.[/bold]")

    def _team_word(self, team: int) -> str:
        if self.per_player:  # a player won
            return "You" if team == self.seat else f"Seat {team}"
        return "We" if team == self._my_team else "They"

    @property
    def _my_team(self) -> int:
        return self.rules.side(self.seat, 0)  # fixed teams: the dealer does not matter

    def _us_them(self, pair: Sequence[int]) -> tuple[int, int]:
        mine = self._my_team
        return pair[mine], pair[1 - mine]

    def _note(self, outcome: DealOutcome) -> str:
        if outcome.game_winner is not None:
            if self.per_player:
                return f"game to {self._team_word(outcome.game_winner).lower()}"
            return f"game to {'us' if outcome.game_winner == self._my_team else 'them'}"
        return pending_short(self.rules, outcome.pending_after)

    def _rows(self, game: int | None = None) -> list[SheetRow]:
        rows = []
        for outcome, final in zip(self.match.deals, self.finals, strict=False):
            if game is not None and outcome.game != game:
                continue
            score = outcome.score
            dealer_team = self.rules.side(outcome.dealer, outcome.dealer)
            card = None
            if not score.thrown_in:
                pair = score.card_points if dealer_team == 0 else score.card_points[::-1]
                card = (pair[0], pair[1]) if self.per_player else self._us_them(pair)  # the dealer's first
            calls = tuple(self._call_label(c) for c in final.calls[-1:])
            gained = outcome.player_points if self.per_player else self._us_them(outcome.team_points)
            rows.append(SheetRow(
                number=outcome.index + 1, game=outcome.game, dealer=self.name(outcome.dealer),
                contract=contract_text(score.mode, final.trump_suit, calls, short=True), card_points=card,
                points=gained, totals=self._columns(outcome.scores_after),
                pending=outcome.pending_after, note=self._note(outcome),
            ))
        return rows

    # ------------------------------------------------------------- asking
    def _ask(self, state: DealState) -> AnyAction:
        view: SeatView = state.view(self.seat)
        if view.phase == "play":
            return self._ask_card(state, view)
        return self._ask_decision(state, view)

    def _ask_decision(self, state: DealState, view: SeatView) -> AnyAction:
        prompt, options = self._decision_prompt(view)
        assert self.reader is not None
        while True:
            text = self.reader.ask(f"{prompt} {escape('[' + options + ']')}:")
            if self._command(text, state):
                continue
            action = parse_decision(text, view.legal, self.rules)
            if action is not None:
                return action
            self.console.print(f"Not one of the choices: {text!r}. Choose {options}.")

    def _decision_prompt(self, view: SeatView) -> tuple[str, str]:
        rules = self.rules
        if view.phase == "blind":
            return (f"Blind no-trump (x{rules.blind_factor}) before looking at your cards?",
                    "look / blind")
        if view.phase == "trump":
            self.console.print(f"Your hand: {hand_markup(rules, view.hand)}")
            options = ["S", "H", "D", "C"]
            if NO_TRUMP in view.legal:
                options.append(f"nt (no-trump x{rules.no_trump_factor})")
            if DELEGATE in view.legal:
                options.append("delegate (partner names trump)")
            asked = view.chooser == view.seat and view.dealer != view.seat
            prompt = "Your partner asks you to name trump. Name trump:" if asked else "Name trump:"
            return prompt, " / ".join(options)
        calls = [a for a in view.legal if isinstance(a, Action) and a.kind == "call"]
        names = [f"{self._call_label(c.arg or '')} (x{self.ruleset.call_named(c.arg or '').factor})" for c in calls]
        contract = contract_text(view.mode, view.trump, tuple(self._call_label(c) for c in view.calls))
        return (f"Contract {contract}. Your hand: {hand_markup(rules, view.hand)}\nCall?",
                " / ".join(["pass", *[c.arg or "" for c in calls]]) + f"  ({', '.join(names)})")

    def _ask_card(self, state: DealState, view: SeatView) -> AnyAction:
        legal = [a for a in view.legal if isinstance(a, Card)]
        self._show_table(view, legal)
        assert self.reader is not None
        while True:
            text = self.reader.ask("Your card:")
            if self._command(text, state):
                continue
            try:
                card = parse_card(text)
            except CardError as exc:
                self.console.print(f"{exc}. Type a card like 10h, or '?' for help.")
                continue
            if card in legal:
                return card
            if card not in view.hand:
                self.console.print(f"{card_markup(card)} is not in your hand.")
            else:
                self.console.print(f"{card_markup(card)} is not allowed: {state.explain()}")

    def _show_table(self, view: SeatView, legal: list[Card]) -> None:
        if view.trick:
            plays = ", ".join(
                f"{self.name(self.rules.seat_after(view.trick_leader, i))} {card_markup(c)}"
                for i, c in enumerate(view.trick)
            )
            holder = self.name(view.winning_seat) if view.winning_seat is not None else "?"
            self.console.print(f"Trick {len(view.tricks) + 1}: {plays}; {holder} hold"
                               f"{'s' if holder != 'You' else ''} it.")
        else:
            self.console.print(f"Trick {len(view.tricks) + 1}: you lead.")
        trump = contract_text(view.mode, view.trump)
        for seat, cards in enumerate(view.face_up):
            if cards:
                whose = "you" if seat == self.seat else self.name(seat)
                self.console.print(f"Face up before {whose}: {' '.join(card_markup(c) for c in cards)}")
        if view.turned_on_table and view.turned is not None:
            trump += f" (turned {card_markup(view.turned)} still on the table)"
        self.console.print(f"Trump: {trump}. Your hand: {hand_markup(self.rules, view.hand, legal)}")

    def _command(self, text: str, state: DealState) -> bool:
        word = text.lower()
        if word in ("quit", "exit", "q"):
            raise EndOfInput
        if word in ("?", "help"):
            self.console.print(
                "Type a card (10h, QS, 7♣) or a decision when asked; 'hand' shows your hand, "
                "'last' the last trick, 'sheet' the score sheet, 'quit' leaves (the record is kept)."
            )
            return True
        if word == "hand":
            view = state.view(self.seat)
            self.console.print(f"Your hand: {hand_markup(self.rules, view.hand)}")
            return True
        if word == "last":
            self._show_last(state)
            return True
        if word in ("sheet", "score", "scores"):
            several = self.ruleset.match.best_of > 1
            self.console.print(sheet_table(self._rows(), self._labels(), title="Score sheet", games=several))
            return True
        return False

    def _show_last(self, state: DealState) -> None:
        if not state.tricks:
            self.console.print("No trick played yet.")
            return
        leader, cards, winner = state.tricks[-1]
        plays = ", ".join(f"{self.name(self.rules.seat_after(leader, i))} {card_markup(c)}"
                          for i, c in enumerate(cards))
        self.console.print(f"Last trick: {plays}; won by {self.name(winner)}.")

    # ------------------------------------------------------------- record
    def _save(self) -> None:
        if self.record is None or not self.session.deals():
            return
        names = [("you" if s == self.seat else self.players[s].name) for s in range(self.rules.seats)]
        write_record(self.session.record(names, "manille play"), self.record)
