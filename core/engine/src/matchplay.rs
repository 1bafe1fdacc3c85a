//! The course of a match: deals until a side reaches the target, games until one wins (a side:
//! a team, or a player where the dealer plays alone and each player keeps a score).

use crate::cards::MAX_SEATS;
use crate::coded::{Coded, Param};
use crate::rules::{Credit, Rules};
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
    /// The column that won the match (team 0: seats 0 and 2; a seat where the dealer plays
    /// alone).
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

/// The running state of a match (team 0: seats 0 and 2).  The scores and games are kept by
/// column: team 0 and team 1, or where the dealer plays alone one column a seat (each player
/// keeps a score); the columns past [`Match::columns`] stay 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Match {
    pub seed: u64,
    pub dealer: u8,
    pub scores: [i64; MAX_SEATS],
    pub games: [u32; MAX_SEATS],
    pub pending_ties: u32,
    pub game: u32,
    pub deals: u32,
    /// The column that won the match (a team, or a seat where the dealer plays alone).
    pub winner: Option<u8>,
}

/// What one deal did to the match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub index: u32,
    pub game: u32,
    pub dealer: u8,
    /// The deal's match points: team 0's and team 1's where teams are fixed, the dealer's and
    /// the others' side's where the dealer plays alone.
    pub team_points: [i64; 2],
    pub scores_after: [i64; MAX_SEATS],
    pub pending_after: u32,
    pub game_winner: Option<u8>,
}

impl Match {
    pub fn new(seed: u64, first_dealer: u8) -> Match {
        Match {
            seed,
            dealer: first_dealer,
            scores: [0; MAX_SEATS],
            games: [0; MAX_SEATS],
            pending_ties: 0,
            game: 0,
            deals: 0,
            winner: None,
        }
    }

    /// How many scores a match under `rules` keeps: two teams, or one a player where the
    /// dealer plays alone.
    pub fn columns(rules: &Rules) -> usize {
        if rules.data.dealer_alone {
            rules.seats() as usize
        } else {
            2
        }
    }

    pub fn is_over(&self) -> bool {
        self.winner.is_some()
    }

    /// The seed of the next deal.
    pub fn next_seed(&self) -> u64 {
        deal_seed(self.seed, self.deals as i64)
    }

    /// The scores the next deal is told (blind no-trump "only when behind", the bots): the
    /// two teams', or where the dealer plays alone the dealer's and the best of the others'.
    pub fn deal_scores(&self, rules: &Rules) -> [i64; 2] {
        if !rules.data.dealer_alone {
            return [self.scores[0], self.scores[1]];
        }
        let dealer = self.dealer as usize;
        let others = (0..rules.seats() as usize).filter(|&seat| seat != dealer);
        let best = others.map(|seat| self.scores[seat]).max().unwrap_or(0);
        [self.scores[dealer], best]
    }

    /// Record a finished deal (scored from the current dealer's side) and move on; a match
    /// that is over takes no more deals.
    pub fn add(&mut self, rules: &Rules, score: &DealResult) -> Result<Outcome, MatchOver> {
        if let Some(winner) = self.winner {
            return Err(MatchOver { winner });
        }
        let side = rules.side(self.dealer, self.dealer) as usize;
        let mut gained = [0i64; 2];
        gained[side] = score.team_a as i64;
        gained[1 - side] = score.team_b as i64;
        let credited = self.credit(rules, gained);
        for (column, points) in self.scores.iter_mut().zip(credited) {
            *column += points;
        }
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
            self.finish_game(rules, w);
        }
        Ok(outcome)
    }

    /// What each column gains from a deal whose sides scored `gained` (the dealer's side
    /// first where the dealer plays alone).
    fn credit(&self, rules: &Rules, gained: [i64; 2]) -> [i64; MAX_SEATS] {
        let mut points = [0i64; MAX_SEATS];
        if !rules.data.dealer_alone {
            points[..2].copy_from_slice(&gained);
            return points;
        }
        let [alone, others] = gained;
        let defenders = rules.seats() as i64 - 1;
        let (dealer, each) = match rules.data.credit {
            // Every defender is credited the side's points.
            Credit::EachMember => (alone, others),
            // The defenders share the side's points, rounded down.
            Credit::Split => (alone, others.div_euclid(defenders)),
            // Each defender wins what the side scored over the dealer; the dealer pays each.
            Credit::ZeroSum => ((alone - others) * defenders, others - alone),
        };
        for (seat, slot) in points.iter_mut().enumerate().take(rules.seats() as usize) {
            *slot = if seat == self.dealer as usize {
                dealer
            } else {
                each
            };
        }
        points
    }

    /// The game's winner once a column reaches the target: the highest, the first column
    /// of equal ones.
    fn game_winner(&self, rules: &Rules) -> Option<u8> {
        let scores = &self.scores[..Match::columns(rules)];
        let reached = (0..scores.len()).filter(|&c| scores[c] >= rules.data.target);
        reached
            .reduce(|best, c| if scores[c] > scores[best] { c } else { best })
            .map(|c| c as u8)
    }

    /// Count the game for `winner`: the match is won with a majority of `best_of` games,
    /// else the next game starts from zero without pending ties.
    fn finish_game(&mut self, rules: &Rules, winner: u8) {
        self.games[winner as usize] += 1;
        if self.games[winner as usize] > rules.data.best_of / 2 {
            self.winner = Some(winner);
        } else {
            self.game += 1;
            self.scores = [0; MAX_SEATS];
            self.pending_ties = 0;
        }
    }
}
