//! The course of a match: deals until a side reaches the target, games until one wins.

use crate::coded::{Coded, Param};
use crate::rules::Rules;
use crate::scoring::DealResult;

const MIX_A: u64 = 0x9E37_79B9_7F4A_7C15;
const MIX_B: u64 = 0xBF58_476D_1CE4_E5B9;

/// The seed of deal `index` of a match (`index` -1: the draw of the first dealer).
pub fn deal_seed(match_seed: u64, index: i64) -> u64 {
    let mut x = match_seed
        .wrapping_mul(MIX_A)
        .wrapping_add(((index + 1) as u64).wrapping_mul(MIX_B));
    x ^= x >> 31;
    x.wrapping_mul(MIX_B) >> 1
}

/// A deal offered to a match that is already over (`Match::add`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchOver {
    /// The team that won the match (team 0: seats 0 and 2).
    pub winner: u8,
}

impl MatchOver {
    /// Why the deal was refused, as a coded sentence (the package words it).
    pub fn coded(&self) -> Coded {
        Coded::new(
            "core.match-over",
            vec![("winner", Param::Int(self.winner.into()))],
        )
    }
}

impl std::fmt::Display for MatchOver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.coded().fmt(f)
    }
}

impl std::error::Error for MatchOver {}

/// The running state of a match (team 0: seats 0 and 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Match {
    pub seed: u64,
    pub dealer: u8,
    pub scores: [i64; 2],
    pub games: [u32; 2],
    pub pending_ties: u32,
    pub game: u32,
    pub deals: u32,
    pub winner: Option<u8>,
}

/// What one deal did to the match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub index: u32,
    pub game: u32,
    pub dealer: u8,
    pub team_points: [i64; 2],
    pub scores_after: [i64; 2],
    pub pending_after: u32,
    pub game_winner: Option<u8>,
}

impl Match {
    pub fn new(seed: u64, first_dealer: u8) -> Match {
        Match {
            seed,
            dealer: first_dealer,
            scores: [0, 0],
            games: [0, 0],
            pending_ties: 0,
            game: 0,
            deals: 0,
            winner: None,
        }
    }

    pub fn is_over(&self) -> bool {
        self.winner.is_some()
    }

    /// The seed of the next deal.
    pub fn next_seed(&self) -> u64 {
        deal_seed(self.seed, self.deals as i64)
    }

    /// Record a finished deal (scored from the current dealer's side) and move on; a match
    /// that is over takes no more deals.
    pub fn add(&mut self, rules: &Rules, score: &DealResult) -> Result<Outcome, MatchOver> {
        if let Some(winner) = self.winner {
            return Err(MatchOver { winner });
        }
        let team = rules.team(self.dealer) as usize;
        let mut gained = [0i64; 2];
        gained[team] = score.team_a as i64;
        gained[1 - team] = score.team_b as i64;
        self.scores[0] += gained[0];
        self.scores[1] += gained[1];
        if score.tied {
            if rules.data.tie_carries {
                self.pending_ties += 1;
            }
        } else if !score.thrown_in {
            self.pending_ties = 0;
        }
        let game_winner = self.game_winner(rules);
        let outcome = Outcome {
            index: self.deals,
            game: self.game,
            dealer: self.dealer,
            team_points: gained,
            scores_after: self.scores,
            pending_after: self.pending_ties,
            game_winner,
        };
        self.deals += 1;
        self.dealer = rules.next_dealer(self.dealer);
        if let Some(w) = game_winner {
            self.games[w as usize] += 1;
            if self.games[w as usize] > rules.data.best_of / 2 {
                self.winner = Some(w);
            } else {
                self.game += 1;
                self.scores = [0, 0];
                self.pending_ties = 0;
            }
        }
        Ok(outcome)
    }

    fn game_winner(&self, rules: &Rules) -> Option<u8> {
        let target = rules.data.target;
        match (self.scores[0] >= target, self.scores[1] >= target) {
            (false, false) => None,
            (true, false) => Some(0),
            (false, true) => Some(1),
            (true, true) => Some(if self.scores[1] > self.scores[0] {
                1
            } else {
                0
            }),
        }
    }
}
