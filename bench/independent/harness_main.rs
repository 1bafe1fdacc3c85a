//! A line protocol around the independent engine, for duplicate duels driven from Python.
//! deal D H0 H1 H2 H3  (hands as masks in the engine's card indexing): start a deal
//! ask                 -> the engine's action at the current turn, applied: "t S" / "c K"
//! act t S | act c K   -> "ok" (applied) or "illegal"
//! score               -> "A B" card points of teams 0 and 1
use std::io::{self, BufRead, Write};

use ismcts::action_list::ActionList;
use ismcts::state::State;

mod action;
mod action_collection;
mod array;
mod bits;
mod card;
mod inference;
mod players;
mod round;
mod stack;
mod suit;
mod trick;

use action::Action;
use card::Card;
use inference::Inference;
use players::{mcts_player::MctsPlayer, Player};
use round::Round;
use suit::Suit;

fn show(a: Action) -> String {
    match a {
        Action::PickTrump(Some(s)) => format!("t {}", s as u8),
        Action::PickTrump(None) => "t 4".to_owned(),
        Action::PlayCard(c) => format!("c {}", c.get_index()),
    }
}

fn parse(kind: &str, n: u32) -> Action {
    match kind {
        "t" if n == 4 => Action::PickTrump(None),
        "t" => Action::PickTrump(Some(Suit::from(n as u8))),
        _ => Action::PlayCard(Card::new(n)),
    }
}

fn main() {
    romu::seed();
    let think: u128 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(500);
    let stdin = io::stdin();
    let mut out = io::stdout();
    let mut round = Round::default();
    let mut inference = Inference::default();
    let mut players: Vec<MctsPlayer> = Vec::new();
    for line in stdin.lock().lines() {
        let line = line.unwrap();
        let w: Vec<&str> = line.split_whitespace().collect();
        let reply = match w.first().copied() {
            Some("deal") => {
                let v: Vec<u32> = w[1..].iter().map(|x| x.parse().unwrap()).collect();
                round = Round::with_hands(v[0] as usize, [v[1], v[2], v[3], v[4]]);
                inference = Inference::default();
                players = (0..4).map(|_| MctsPlayer::new(think, true)).collect();
                "ok".to_owned()
            }
            Some("ask") => {
                let seat = round.turn();
                let a = players[seat].decide(round, &inference);
                inference.infer(&round, a, seat);
                round.apply_action(a);
                show(a)
            }
            Some("act") => {
                let a = parse(w[1], w[2].parse().unwrap());
                if round.possible_actions().has(&a) {
                    let seat = round.turn();
                    inference.infer(&round, a, seat);
                    round.apply_action(a);
                    "ok".to_owned()
                } else {
                    "illegal".to_owned()
                }
            }
            Some("score") => format!("{} {}", round.scores()[0], round.scores()[1]),
            _ => "?".to_owned(),
        };
        writeln!(out, "{reply}").unwrap();
        out.flush().unwrap();
    }
}
