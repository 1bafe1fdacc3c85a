//! The heuristic bot: a club player's habits, seeing only its own seat's view.
//!
//! Decisions before play come from a ruleset's learned [`DecisionModel`] (the expected total
//! of the dealer's side for each candidate from the hand's [`decision_features`], times the
//! deal's factor; delegation, blind no-trump and the calls by the same figures), or from a
//! rough estimate of the tricks a hand takes by itself ([`hand_tricks`]): the best trump
//! suit, no-trump or delegation ranked by a ruleset's [`DecisionTable`] (expected totals per
//! hand class) or by [`Thresholds`], blind no-trump when far behind, and a doubling call (or
//! its reply) with a hand strong enough to take the deal.
//!
//! Card play follows common advice: lead a master side card while nobody can trump it, draw
//! trumps with the master trump, otherwise lead low from a long side suit or a suit the
//! partner can trump; feed points to a partner who holds the trick safely; win cheaply when
//! the win is safe and lose cheaply when it is not.  Masters, voids and players known to hold
//! no trump are read off the tricks played, under the ruleset's own obligations.  The last
//! few cards are counted out ([`crate::endgame`]): the unseen cards dealt among the other
//! hands a few times and each dealing solved exactly.
//!
//! At any table (2 to 6 seats) a "partner" is a teammate in this deal (none for a dealer who
//! plays alone), a trick has a card per seat, the undealt cards shown to everyone are out of
//! play, and the thresholds, in tricks of an eight-card hand, follow the tricks of the table's
//! deal (with a layout, the seat's hand holds its face-up cards: it plays them like the others;
//! the bot does not read the other seat's face-up cards).
//!
//! The bot reads a [`SeatView`] only (its hand, the cards played, trump, the turned card, the
//! scores, the pending ties, its legal actions and the cards it knows are out of play), never
//! another hand.  Every choice is the
//! first best in code order, and the figures are computed in the same order as the Python
//! reference computed them, so the choices are the same to the last tie.

use std::sync::{Arc, OnceLock};

use crate::action::Action;
use crate::bot::Bot;
use crate::cards::{self, suit, suit_mask, CardSet, DECK, FULL, MAX_SEATS, NONE};
use crate::deal::{Deal, Phase};
use crate::endgame::{self, Endgame, Position, ENDGAME};
use crate::legality::trick_winner;
use crate::rng::Rng;
use crate::rules::{Mode, Rules, TakeUp};
use crate::scoring::{self, Figures};

/// The estimated tricks at which the bot takes each risk.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Thresholds {
    /// Choose no-trump with this many tricks at no-trump (without a decision table).
    pub no_trump: f64,
    /// Hand the trump choice to the partner below this.
    pub delegate: f64,
    /// First doubling call against the contract.
    pub call: f64,
    /// Answer a call for the contract side.
    pub reply: f64,
    /// Blind no-trump when behind by this share of the target ...
    pub blind_deficit: f64,
    /// ... and the opponents hold this share of the target.
    pub blind_danger: f64,
}

/// The bot's thresholds unless told otherwise (also the search's model of how other seats
/// delegate and call: see `search::CALL_AT`).
pub const DEFAULT_THRESHOLDS: Thresholds = Thresholds {
    no_trump: 4.8,
    delegate: 3.7,
    call: 4.4,
    reply: 4.4,
    blind_deficit: 0.45,
    blind_danger: 0.75,
};

impl Default for Thresholds {
    fn default() -> Self {
        DEFAULT_THRESHOLDS
    }
}

/// The number of hand classes (half tricks 0 ..= 8).
pub const CLASSES: usize = 17;
/// The fewest deals a class needs for its own mean to be used.
const MIN_COUNT: u64 = 12;

/// The class of an estimate of tricks: half tricks, 0-16 (halves rounded to even).
pub fn hand_class(estimate: f64) -> usize {
    let clamped = if estimate > 0.0 { estimate } else { 0.0 };
    let clamped = if clamped < 8.0 { clamped } else { 8.0 };
    (clamped * 2.0).round_ties_even() as usize
}

/// The mean double-dummy total of the dealer's side per choice and hand class, learned by
/// the search once per ruleset (the Python `DecisionTable`, as plain data).
#[derive(Clone, Debug, PartialEq)]
pub struct DecisionTable {
    /// Half the deal's total.
    pub half: f64,
    /// Per class: (mean total, deals) when a trump is named ...
    pub trump: Vec<(f64, u64)>,
    /// ... and at no-trump.
    pub no_trump: Vec<(f64, u64)>,
    /// The standard deviation of totals within a class (trump, no-trump), pooled over the
    /// classes; `None` in tables learned before it was kept.
    pub spread: Option<(f64, f64)>,
}

impl DecisionTable {
    /// The class's mean where enough deals fell in it, else the straight line fitted through
    /// all classes (weighted by their deals), within 0 and the deal's total.
    pub fn expected_total(&self, no_trump: bool, cls: usize) -> f64 {
        let rows = if no_trump {
            &self.no_trump
        } else {
            &self.trump
        };
        let Some(&(mean, count)) = rows.get(cls) else {
            return self.half;
        };
        if count >= MIN_COUNT {
            return mean;
        }
        let n: u64 = rows.iter().map(|&(_, c)| c).sum();
        if n == 0 {
            return self.half;
        }
        let weighted: u64 = rows
            .iter()
            .enumerate()
            .map(|(k, &(_, c))| k as u64 * c)
            .sum();
        let mx = weighted as f64 / n as f64;
        let my = rows.iter().fold(0.0, |s, &(m, c)| s + m * c as f64) / n as f64;
        let sxx = rows.iter().enumerate().fold(0.0, |s, (k, &(_, c))| {
            let d = k as f64 - mx;
            s + c as f64 * (d * d)
        });
        let sxy = rows.iter().enumerate().fold(0.0, |s, (k, &(m, c))| {
            s + c as f64 * (k as f64 - mx) * (m - my)
        });
        let slope = if sxx != 0.0 { sxy / sxx } else { 0.0 };
        let line = my + slope * (cls as f64 - mx);
        let line = if line > 0.0 { line } else { 0.0 };
        let top = 2.0 * self.half;
        if line < top {
            line
        } else {
            top
        }
    }
}

// ---------------------------------------------------------------------- the learned model

/// The number of features of a hand for one candidate choice ([`decision_features`]).
pub const FEATURES: usize = 16;
/// The roles a model is kept for: a seat's offset from the dealer (0 the dealer, 2 the partner).
pub const ROLES: usize = 4;

/// One linear model: the dealer's side's expected double-dummy total for a candidate choice
/// from [`decision_features`] of one seat's hand, and the spread (standard deviation) of the
/// totals about it.
#[derive(Clone, Debug, PartialEq)]
pub struct LinearModel {
    pub weights: [f64; FEATURES],
    pub sd: f64,
}

impl LinearModel {
    /// The expected total for these features.
    pub fn predict(&self, features: &[f64; FEATURES]) -> f64 {
        self.weights
            .iter()
            .zip(features)
            .fold(0.0, |s, (w, x)| s + w * x)
    }
}

/// The learned decisions before play of one ruleset play (the Python `DecisionModel`): per
/// role, a model of the dealer's side's total for each candidate (a trump, no-trump) from
/// that seat's hand, fitted over every candidate (for choosing), and another fitted over the
/// choice the dealer makes (for the calls: a seat that sees a trump named knows the dealer
/// chose it); and the margins (in points of the total) beyond which the calls pay.
#[derive(Clone, Debug, PartialEq)]
pub struct DecisionModel {
    /// Half the deal's total.
    pub half: f64,
    /// Per role: naming a trump, naming no-trump.
    pub trump: Vec<LinearModel>,
    pub no_trump: Vec<LinearModel>,
    /// Per role, given the dealer's choice: a trump, no-trump.
    pub call_trump: Vec<LinearModel>,
    pub call_no_trump: Vec<LinearModel>,
    /// An opponent calls when the expected total is below half by more than this ...
    pub call_margin: f64,
    /// ... and the contract side answers a call when it is above half by more than this.
    pub reply_margin: f64,
}

impl DecisionModel {
    /// The expected total of the dealer's side when `role` names `trump` (None: no-trump)
    /// holding `hand`.
    pub fn expected_total(
        &self,
        rules: &Rules,
        role: usize,
        hand: CardSet,
        trump: Option<u8>,
    ) -> f64 {
        let models = if trump.is_some() {
            &self.trump
        } else {
            &self.no_trump
        };
        models[role % ROLES].predict(&decision_features(rules, hand, trump))
    }

    /// The same once `trump` is named by the dealer's side, as `role` holding `hand` sees it.
    pub fn called_total(
        &self,
        rules: &Rules,
        role: usize,
        hand: CardSet,
        trump: Option<u8>,
    ) -> f64 {
        let models = if trump.is_some() {
            &self.call_trump
        } else {
            &self.call_no_trump
        };
        models[role % ROLES].predict(&decision_features(rules, hand, trump))
    }
}

/// The strongest cards of a suit, as ranks: bit k set when `set` holds the suit's k-th
/// strongest card (k < 3).
fn top_ranks(rules: &Rules, set: CardSet, s: u8) -> u32 {
    let mut bits = 0;
    for card in cards::iter(set & suit_mask(s)) {
        let rank = rules.above[card as usize].count_ones();
        if rank < 3 {
            bits |= 1 << rank;
        }
    }
    bits
}

/// What the learned model reads of a hand for one candidate (`trump`; None: no-trump), in
/// order: 1 (the intercept), the heuristic's trick estimate, the trumps held and their
/// square, the trumps' card points, whether the hand holds the first, second and third trump
/// (the 10, ace and king where the 10 is highest), then over the side suits (all four at
/// no-trump): the first, second and third cards of their suits held, their card points, the
/// voids, the singletons, the longest suit's length, and the suits headed by their two
/// strongest cards.  Who leads first is a play setting, the same for every deal a model is
/// fitted on, so it is in the model's intercept, not a feature.
pub fn decision_features(rules: &Rules, hand: CardSet, trump: Option<u8>) -> [f64; FEATURES] {
    let mut f = [0.0; FEATURES];
    f[0] = 1.0;
    f[1] = hand_tricks(rules, hand, trump);
    let points = |set: CardSet| -> f64 {
        cards::iter(set)
            .map(|c| rules.data.values[c as usize] as f64)
            .sum()
    };
    if let Some(t) = trump {
        let trumps = hand & suit_mask(t);
        let n = trumps.count_ones() as f64;
        f[2] = n;
        f[3] = n * n;
        f[4] = points(trumps);
        let top = top_ranks(rules, hand, t);
        for k in 0..3 {
            f[5 + k] = (top >> k & 1) as f64;
        }
    }
    let mut longest = 0;
    for s in 0..4u8 {
        if Some(s) == trump {
            continue;
        }
        let side = hand & suit_mask(s);
        let n = side.count_ones();
        let top = top_ranks(rules, hand, s);
        for k in 0..3 {
            f[8 + k] += (top >> k & 1) as f64;
        }
        f[11] += points(side);
        f[12] += (n == 0) as u8 as f64;
        f[13] += (n == 1) as u8 as f64;
        longest = longest.max(n);
        f[15] += (top & 3 == 3) as u8 as f64;
    }
    f[14] = longest as f64;
    f
}

/// The ridge (least squares with a penalty `lambda` on every weight but the intercept's)
/// fit of `targets` on `rows` of features, and the spread of the residuals: the model a
/// learner keeps.  Deterministic: the same rows give the same weights.
pub fn ridge_fit(rows: &[[f64; FEATURES]], targets: &[f64], lambda: f64) -> LinearModel {
    let mut a = [[0.0; FEATURES]; FEATURES];
    let mut b = [0.0; FEATURES];
    for (x, &y) in rows.iter().zip(targets) {
        for i in 0..FEATURES {
            b[i] += x[i] * y;
            for j in 0..FEATURES {
                a[i][j] += x[i] * x[j];
            }
        }
    }
    for (i, row) in a.iter_mut().enumerate().skip(1) {
        row[i] += lambda;
    }
    // A feature that never varies (a play without that card, or no rows): a tiny penalty
    // keeps the system solvable.
    for (i, row) in a.iter_mut().enumerate() {
        row[i] += 1e-9;
    }
    let weights = solve_linear(a, b);
    let n = rows.len();
    let sse: f64 = rows
        .iter()
        .zip(targets)
        .map(|(x, &y)| {
            let e = y - LinearModel { weights, sd: 0.0 }.predict(x);
            e * e
        })
        .sum();
    let freedom = n.saturating_sub(FEATURES).max(1);
    LinearModel {
        weights,
        sd: (sse / freedom as f64).sqrt(),
    }
}

/// Gaussian elimination with partial pivoting of `a x = b` (a zero pivot leaves its unknown 0).
fn solve_linear(mut a: [[f64; FEATURES]; FEATURES], mut b: [f64; FEATURES]) -> [f64; FEATURES] {
    for col in 0..FEATURES {
        let pivot = (col..FEATURES)
            .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
            .unwrap_or(col);
        a.swap(col, pivot);
        b.swap(col, pivot);
        let p = a[col][col];
        if p.abs() < 1e-300 {
            continue;
        }
        for row in col + 1..FEATURES {
            let k = a[row][col] / p;
            if k == 0.0 {
                continue;
            }
            let top = a[col];
            for (x, &y) in a[row][col..].iter_mut().zip(&top[col..]) {
                *x -= k * y;
            }
            b[row] -= k * b[col];
        }
    }
    let mut x = [0.0; FEATURES];
    for col in (0..FEATURES).rev() {
        let p = a[col][col];
        if p.abs() < 1e-300 {
            continue;
        }
        let rest: f64 = (col + 1..FEATURES).map(|j| a[col][j] * x[j]).sum();
        x[col] = (b[col] - rest) / p;
    }
    x
}

// ---------------------------------------------------------------------- the seat's view

/// What one seat knows when it acts: the only input of the bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatView {
    pub seat: u8,
    pub dealer: u8,
    pub phase: Phase,
    /// The seat's hand as it sees it (the turned card left out while it lies on the table;
    /// empty before the seat may look).
    pub hand: CardSet,
    pub trump: Option<u8>,
    /// The turned card (trump by the turned card): everyone saw it, it is the dealer's.
    pub turned: Option<u8>,
    /// The cards played, in order: completed tricks, then the trick in progress.
    pub history: [u8; DECK],
    pub played: u8,
    /// The leader of each trick begun, in order.
    pub leaders: [u8; DECK],
    /// Match points of sides 0 and 1 in the current game (the dealer's and the others' at a
    /// table where the dealer plays alone: the dealer's score and the best of the others').
    pub scores: [i64; 2],
    pub pending_ties: u32,
    /// The legal actions, as bits by action code.
    pub legal: u64,
    /// Cards the seat knows are in no hand: the undealt cards when they are shown.
    pub out: CardSet,
}

impl SeatView {
    /// The view of the seat to act in `deal` (scores of the current game given: the deal
    /// does not keep them).
    pub fn of(rules: &Rules, deal: &Deal, scores: [i64; 2], legal: u64) -> SeatView {
        let seat = deal.to_play;
        let seats = rules.seats() as usize;
        let played = deal.played();
        let mut leaders = [NONE; DECK];
        let trump = deal.trump_suit();
        let mut leader = rules.first_leader(deal.dealer);
        for (k, slot) in leaders.iter_mut().enumerate() {
            let start = k * seats;
            if start >= played {
                break;
            }
            *slot = leader;
            if start + seats <= played {
                let win = trick_winner(rules, &deal.history[start..start + seats], trump);
                leader = rules.seat_after(leader, win as i64);
            }
        }
        let turned = (deal.turned != NONE).then_some(deal.turned);
        let mut hand = if deal.has_looked(rules, seat) {
            deal.hand(seat)
        } else {
            0
        };
        if let Some(card) = turned {
            if seat == deal.dealer && on_table(rules, deal) {
                hand &= !(1 << card);
            }
        }
        SeatView {
            seat,
            dealer: deal.dealer,
            phase: deal.phase,
            hand,
            trump,
            turned,
            history: deal.history,
            played: played as u8,
            leaders,
            scores,
            pending_ties: deal.pending_ties,
            legal,
            // Shown undealt cards are known to be in no hand (as the Python view says).
            out: if rules.data.undealt_shown {
                deal.undealt
            } else {
                0
            },
        }
    }

    /// The seat's side in this deal (its team; where the dealer plays alone, 0 for the
    /// dealer and 1 for the others), the index of its score in `scores`.
    fn side(&self, rules: &Rules) -> usize {
        rules.side(self.seat, self.dealer) as usize
    }
}

/// A threshold given in tricks of an eight-card hand, for the tricks of this table's deal.
fn per_hand(rules: &Rules, tricks_of_eight: f64) -> f64 {
    tricks_of_eight * rules.tricks() as f64 / 8.0
}

/// Whether the turned card still lies on the table (not yet taken up by the dealer).
fn on_table(rules: &Rules, deal: &Deal) -> bool {
    if deal.phase != Phase::Play {
        return deal.phase != Phase::Over;
    }
    if deal.tricks_done(rules) > 0 {
        return false;
    }
    match rules.data.take_up {
        TakeUp::FirstTrickStart => false,
        TakeUp::AfterFirstCard => deal.played() == 0,
        TakeUp::AfterFirstTrick => true,
    }
}

// ---------------------------------------------------------------------- hand estimate

/// The cards of a set, strongest first.
fn strength_order(rules: &Rules, set: CardSet) -> ([u8; 8], usize) {
    let mut out = [0u8; 8];
    let mut n = 0;
    for card in cards::iter(set) {
        if n < out.len() {
            out[n] = card;
            n += 1;
        }
    }
    out[..n].sort_by_key(|&c| std::cmp::Reverse(rules.data.strength[c as usize]));
    (out, n)
}

fn missing_above(rules: &Rules, card: u8, held: CardSet) -> u32 {
    (rules.above[card as usize] & !held).count_ones()
}

/// A suit's worth as trump for `hand`, as the bot ranks the suits it may name: the tricks
/// [`hand_tricks`] counts with it, and a twentieth of a trick per card (the longer suit wins
/// a tie).
pub fn suit_value(rules: &Rules, hand: CardSet, suit: u8) -> f64 {
    let count = (hand & suit_mask(suit)).count_ones() as f64;
    hand_tricks(rules, hand, Some(suit)) + 0.05 * count
}

/// Rough number of tricks `hand` takes by itself with `trump` (`None`: no-trump).
pub fn hand_tricks(rules: &Rules, hand: CardSet, trump: Option<u8>) -> f64 {
    let trumps = trump.map_or(0, |t| hand & suit_mask(t));
    let n_trumps = trumps.count_ones();
    let mut total = trump_tricks(rules, trumps, hand);
    for s in 0..4u8 {
        if Some(s) == trump {
            continue;
        }
        let side = hand & suit_mask(s);
        total += side_tricks(rules, side, hand, trump.is_some());
        if trump.is_some() && n_trumps >= 2 {
            let ruff = [0.6, 0.3, 0.0][(side.count_ones() as usize).min(2)];
            let share = (n_trumps - 1) as f64 / 2.0;
            total += ruff * if share < 1.0 { share } else { 1.0 };
        }
    }
    total
}

fn trump_tricks(rules: &Rules, trumps: CardSet, held: CardSet) -> f64 {
    let (order, n) = strength_order(rules, trumps);
    let mut total = 0.0;
    for (i, &card) in order[..n].iter().enumerate() {
        let missing = missing_above(rules, card, held) as usize;
        total += if missing == 0 {
            1.0
        } else if missing <= i {
            0.75
        } else if n >= 3 {
            0.45
        } else {
            0.25
        };
    }
    total
}

fn side_tricks(rules: &Rules, side: CardSet, held: CardSet, trump_game: bool) -> f64 {
    let (order, n) = strength_order(rules, side);
    let mut total = 0.0;
    for (i, &card) in order[..n].iter().enumerate() {
        let missing = missing_above(rules, card, held) as usize;
        if missing == 0 {
            // Side masters may be trumped once a suit has gone round a time or two.
            total += if trump_game {
                [1.0, 0.8, 0.5, 0.3][i.min(3)]
            } else {
                1.0
            };
        } else if missing == 1 && n >= 2 && i < 2 {
            total += 0.4;
        } else if !trump_game && i >= 3 && missing <= i {
            total += 0.5; // long suit at no-trump
        }
    }
    total
}

// ---------------------------------------------------------------------- the bot

/// The heuristic bot.  Deterministic: the same view gives the same choice.
#[derive(Clone, Debug)]
pub struct HeuristicBot {
    pub thresholds: Thresholds,
    /// How it counts out its last cards ([`ENDGAME`] unless told otherwise; `None`: it
    /// plays them by its rules like the others).
    pub endgame: Option<Endgame>,
    /// The ruleset's decision table (trump or no-trump by expected match points); `None`:
    /// by the thresholds.
    pub table: Option<Arc<DecisionTable>>,
    /// The ruleset's learned model (trump, no-trump, delegation and the calls by expected
    /// match points from the hand's features); when set, it decides instead of the table.
    pub model: Option<Arc<DecisionModel>>,
    /// Match points of teams 0 and 1 in the current game (set before each deal of a match).
    pub scores: [i64; 2],
    /// Sampled dealer's hands, classified once (for the blind decision by the table).
    samples: Arc<OnceLock<Vec<HandSample>>>,
    /// The same hands valued by the model as the dealer: the expected total with each trump
    /// and at no-trump (for the blind decision and delegation by the model).
    model_samples: Arc<OnceLock<Vec<[f64; 5]>>>,
}

/// How the bot would read one possible hand of the dealer: its best trump's class and its
/// class at no-trump.
#[derive(Clone, Copy, Debug, PartialEq)]
struct HandSample {
    trump_class: usize,
    no_trump_class: usize,
}

/// Five-point Gauss-Hermite quadrature of the standard normal: (node, weight).
const GAUSS_HERMITE: [(f64, f64); 5] = [
    (-2.856_970_013_872_806, 0.011_257_411_327_720_7),
    (-1.355_626_179_974_266, 0.222_075_922_005_612_6),
    (0.0, 0.533_333_333_333_333_3),
    (1.355_626_179_974_266, 0.222_075_922_005_612_6),
    (2.856_970_013_872_806, 0.011_257_411_327_720_7),
];

/// The number of hands sampled for the blind decision, and their seed (fixed: the same
/// samples in every process).
const BLIND_SAMPLES: usize = 512;
const BLIND_SEED: u64 = 0x006d_616e_696c_6c65;

fn has(legal: u64, action: Action) -> bool {
    legal.checked_shr(action.0 as u32).unwrap_or(0) & 1 == 1
}

impl HeuristicBot {
    pub fn new(thresholds: Thresholds, table: Option<Arc<DecisionTable>>) -> HeuristicBot {
        HeuristicBot {
            thresholds,
            endgame: Some(ENDGAME),
            table,
            model: None,
            scores: [0, 0],
            samples: Arc::default(),
            model_samples: Arc::default(),
        }
    }

    /// The same bot counting out its last cards by `endgame` (`None`: by its rules).
    pub fn with_endgame(self, endgame: Option<Endgame>) -> HeuristicBot {
        HeuristicBot { endgame, ..self }
    }

    /// The same bot deciding before play by a learned model.
    pub fn with_model(self, model: Option<Arc<DecisionModel>>) -> HeuristicBot {
        HeuristicBot {
            model,
            model_samples: Arc::default(),
            ..self
        }
    }

    /// The chosen action, one of `view.legal` (or `pass` if nothing is legal).
    pub fn choose(&self, rules: &Rules, view: &SeatView) -> Action {
        let legal = view.legal;
        if legal.count_ones() <= 1 {
            return if legal == 0 {
                Action::PASS
            } else {
                Action(legal.trailing_zeros() as u8)
            };
        }
        match view.phase {
            Phase::Play => CardPlay::new(rules, view).choose(self.endgame.as_ref()),
            Phase::Blind => self.blind(rules, view),
            Phase::Trump => self.trump(rules, view),
            _ => self.call(rules, view),
        }
    }

    fn blind(&self, rules: &Rules, view: &SeatView) -> Action {
        if !has(view.legal, Action::BLIND) {
            return Action::LOOK;
        }
        if let Some(model) = self.model.as_deref() {
            return if self.blind_pays_model(rules, view, model) {
                Action::BLIND
            } else {
                Action::LOOK
            };
        }
        let by_table = self
            .table
            .as_deref()
            .filter(|t| t.spread.is_some() && t.no_trump.iter().any(|&(_, n)| n > 0));
        let blind = match by_table {
            Some(table) => self.blind_pays(rules, view, table),
            None => self.desperate(rules, view),
        };
        if blind {
            Action::BLIND
        } else {
            Action::LOOK
        }
    }

    /// Without a table: blind no-trump when far behind near the end of a game.
    fn desperate(&self, rules: &Rules, view: &SeatView) -> bool {
        let target = rules.data.target as f64;
        let team = view.side(rules);
        let (ours, theirs) = (view.scores[team], view.scores[1 - team]);
        let t = &self.thresholds;
        theirs as f64 >= t.blind_danger * target
            && (theirs - ours) as f64 >= t.blind_deficit * target
    }

    /// Whether blind no-trump is worth more match points than looking, given the score:
    /// over sampled hands of the dealer, blind scores the table's no-trump total for the
    /// hand's class (spread as the table says) times the blind factor; looking scores the
    /// choice the bot would make seeing the hand.  Points beyond what a side needs to reach
    /// the target are worth nothing, so a side far behind, with the other near the target,
    /// gambles on the higher factor.
    fn blind_pays(&self, rules: &Rules, view: &SeatView, table: &DecisionTable) -> bool {
        let Some((trump_sd, no_trump_sd)) = table.spread else {
            return self.desperate(rules, view);
        };
        let samples = self.samples.get_or_init(|| sample_hands(rules));
        let team = view.side(rules);
        let target = rules.data.target;
        let need_us = (target - view.scores[team]).max(1) as f64;
        let need_them = (target - view.scores[1 - team]).max(1) as f64;
        // The expected useful points of a deal whose total is normal (mean, sd), times factor.
        let useful = |mean: f64, sd: f64, factor: f64| {
            GAUSS_HERMITE
                .iter()
                .map(|&(x, w)| {
                    let net = (mean + sd * x - table.half) * factor;
                    w * net.clamp(-need_them, need_us)
                })
                .sum::<f64>()
        };
        let factor = |mode| deal_factor(rules, mode, view.pending_ties) as f64;
        let (f_trump, f_no_trump, f_blind) = (
            factor(Mode::Trump),
            factor(Mode::NoTrump),
            factor(Mode::Blind),
        );
        let trump_mean: Vec<f64> = (0..CLASSES)
            .map(|c| table.expected_total(false, c))
            .collect();
        let no_trump_mean: Vec<f64> = (0..CLASSES)
            .map(|c| table.expected_total(true, c))
            .collect();
        let no_trump_open = rules.data.no_trump_allowed;
        let half = table.half;
        let (mut look, mut blind) = (0.0, 0.0);
        for s in samples {
            let trump = trump_mean[s.trump_class];
            let no_trump = no_trump_mean[s.no_trump_class];
            // The choice the bot makes seeing the hand (by the table's means).
            look += if no_trump_open && (no_trump - half) * f_no_trump > (trump - half) * f_trump {
                useful(no_trump, no_trump_sd, f_no_trump)
            } else {
                useful(trump, trump_sd, f_trump)
            };
            blind += useful(no_trump, no_trump_sd, f_blind);
        }
        blind > look
    }

    fn trump(&self, rules: &Rules, view: &SeatView) -> Action {
        let mut best: Option<(Action, f64)> = None;
        for s in 0..4u8 {
            let action = Action::trump(s);
            if !has(view.legal, action) {
                continue;
            }
            let value = suit_value(rules, view.hand, s);
            // Ties go to the lower suit, which comes first.
            if best.is_none_or(|(_, v)| value > v) {
                best = Some((action, value));
            }
        }
        let Some((best, tricks)) = best else {
            return self.no_suit(view);
        };
        if let Some(model) = &self.model {
            return self.trump_by_model(rules, view, model);
        }
        if let Some(table) = &self.table {
            return self.trump_by_table(rules, view, table, best, tricks);
        }
        if has(view.legal, Action::NO_TRUMP) {
            let no_trump = hand_tricks(rules, view.hand, None);
            if no_trump >= per_hand(rules, self.thresholds.no_trump) && no_trump >= tricks - 0.5 {
                return Action::NO_TRUMP;
            }
        }
        if has(view.legal, Action::DELEGATE) && tricks < per_hand(rules, self.thresholds.delegate) {
            return Action::DELEGATE;
        }
        best
    }

    /// No suit to name (never with the built-in rules): the first legal action.
    fn no_suit(&self, view: &SeatView) -> Action {
        Action(view.legal.trailing_zeros() as u8)
    }

    /// The trump or no-trump with the best expected net match points under the ruleset
    /// (the table's expected total for the hand's class, times the deal's factor).
    fn trump_by_table(
        &self,
        rules: &Rules,
        view: &SeatView,
        table: &DecisionTable,
        best: Action,
        tricks: f64,
    ) -> Action {
        let half = table.half;
        let factor = |mode| deal_factor(rules, mode, view.pending_ties) as f64;
        let value = (table.expected_total(false, hand_class(tricks)) - half) * factor(Mode::Trump);
        let mut choice = best;
        if has(view.legal, Action::NO_TRUMP) {
            let cls = hand_class(hand_tricks(rules, view.hand, None));
            let no_trump = (table.expected_total(true, cls) - half) * factor(Mode::NoTrump);
            if no_trump > value {
                choice = Action::NO_TRUMP;
            }
        }
        if has(view.legal, Action::DELEGATE) && tricks < self.thresholds.delegate {
            return Action::DELEGATE;
        }
        choice
    }

    /// The expected net match points of each trump and no-trump open to the seat in the
    /// trump phase, by the learned model (`factor × (expected total − half)` for the hand
    /// under that choice) or, without one, the decision table (for the hand's class), with
    /// the deal's factor; `None` without either, outside the trump phase or before the seat
    /// has looked.  The search skips the choices far below the best of these (see
    /// `search::PRIOR_GAP`).
    pub fn trump_prior(&self, rules: &Rules, view: &SeatView) -> Option<Vec<(Action, f64, f64)>> {
        if view.phase != Phase::Trump || view.hand == 0 {
            return None;
        }
        let role = role(rules, view);
        let total = |trump: Option<u8>| -> Option<(f64, f64)> {
            if let Some(model) = self.model.as_deref() {
                return Some((
                    model.expected_total(rules, role, view.hand, trump),
                    model.half,
                ));
            }
            let table = self.table.as_deref()?;
            let cls = hand_class(hand_tricks(rules, view.hand, trump));
            Some((table.expected_total(trump.is_none(), cls), table.half))
        };
        let factor = |mode| deal_factor(rules, mode, view.pending_ties) as f64;
        let mut out = Vec::new();
        for s in 0..4u8 {
            let action = Action::trump(s);
            if has(view.legal, action) {
                let (t, half) = total(Some(s))?;
                let f = factor(Mode::Trump);
                out.push((action, (t - half) * f, f));
            }
        }
        if has(view.legal, Action::NO_TRUMP) {
            let (t, half) = total(None)?;
            let f = factor(Mode::NoTrump);
            out.push((Action::NO_TRUMP, (t - half) * f, f));
        }
        (!out.is_empty()).then_some(out)
    }

    /// The dealer's sampled hands valued by the model (once per bot).
    fn model_samples(&self, rules: &Rules, model: &DecisionModel) -> &[[f64; 5]] {
        self.model_samples.get_or_init(|| {
            sample_cards(rules)
                .into_iter()
                .map(|hand| {
                    let mut totals = [0.0; 5];
                    for s in 0..4u8 {
                        totals[s as usize] = model.expected_total(rules, 0, hand, Some(s));
                    }
                    totals[4] = model.expected_total(rules, 0, hand, None);
                    totals
                })
                .collect()
        })
    }

    /// The best choice of a hand valued `totals` (each trump, no-trump) under the factors,
    /// as expected net match points: (value, is no-trump).
    fn best_of(totals: &[f64; 5], half: f64, f_trump: f64, f_no_trump: Option<f64>) -> (f64, bool) {
        let mut best = (f64::NEG_INFINITY, false);
        for &t in &totals[..4] {
            let v = (t - half) * f_trump;
            if v > best.0 {
                best = (v, false);
            }
        }
        if let Some(f) = f_no_trump {
            let v = (totals[4] - half) * f;
            if v > best.0 {
                best = (v, true);
            }
        }
        best
    }

    /// The trump or no-trump with the best expected net match points by the model (its
    /// expected total for the seat's hand and each candidate, times the deal's factor);
    /// delegation when the partner's choice is worth more on average (a random hand's best).
    fn trump_by_model(&self, rules: &Rules, view: &SeatView, model: &DecisionModel) -> Action {
        let half = model.half;
        let factor = |mode| deal_factor(rules, mode, view.pending_ties) as f64;
        let role = role(rules, view);
        let f_trump = factor(Mode::Trump);
        let mut best: Option<(Action, f64)> = None;
        for s in 0..4u8 {
            let action = Action::trump(s);
            if !has(view.legal, action) {
                continue;
            }
            let value = (model.expected_total(rules, role, view.hand, Some(s)) - half) * f_trump;
            if best.is_none_or(|(_, v)| value > v) {
                best = Some((action, value));
            }
        }
        if has(view.legal, Action::NO_TRUMP) {
            let value =
                (model.expected_total(rules, role, view.hand, None) - half) * factor(Mode::NoTrump);
            if best.is_none_or(|(_, v)| value > v) {
                best = Some((Action::NO_TRUMP, value));
            }
        }
        let Some((choice, value)) = best else {
            return self.no_suit(view);
        };
        if has(view.legal, Action::DELEGATE) {
            let f_no_trump = rules.data.no_trump_allowed.then(|| factor(Mode::NoTrump));
            let samples = self.model_samples(rules, model);
            let partner = samples
                .iter()
                .map(|t| Self::best_of(t, half, f_trump, f_no_trump).0)
                .sum::<f64>()
                / samples.len().max(1) as f64;
            if partner > value {
                return Action::DELEGATE;
            }
        }
        choice
    }

    /// [`Self::blind_pays`] by the model: over the sampled hands, blind scores the hand's
    /// no-trump total at the blind factor, looking the choice the model makes seeing it, each
    /// total normal about the model's figure with the model's spread.
    fn blind_pays_model(&self, rules: &Rules, view: &SeatView, model: &DecisionModel) -> bool {
        let samples = self.model_samples(rules, model);
        let (trump_sd, no_trump_sd) = (model.trump[0].sd, model.no_trump[0].sd);
        let team = view.side(rules);
        let target = rules.data.target;
        let need_us = (target - view.scores[team]).max(1) as f64;
        let need_them = (target - view.scores[1 - team]).max(1) as f64;
        let half = model.half;
        let useful = |mean: f64, sd: f64, factor: f64| {
            GAUSS_HERMITE
                .iter()
                .map(|&(x, w)| {
                    let net = (mean + sd * x - half) * factor;
                    w * net.clamp(-need_them, need_us)
                })
                .sum::<f64>()
        };
        let factor = |mode| deal_factor(rules, mode, view.pending_ties) as f64;
        let (f_trump, f_no_trump, f_blind) = (
            factor(Mode::Trump),
            factor(Mode::NoTrump),
            factor(Mode::Blind),
        );
        let open = rules.data.no_trump_allowed.then_some(f_no_trump);
        let (mut look, mut blind) = (0.0, 0.0);
        for totals in samples {
            let (_, no_trump) = Self::best_of(totals, half, f_trump, open);
            look += if no_trump {
                useful(totals[4], no_trump_sd, f_no_trump)
            } else {
                let best = totals[..4]
                    .iter()
                    .copied()
                    .fold(f64::NEG_INFINITY, f64::max);
                useful(best, trump_sd, f_trump)
            };
            blind += useful(totals[4], no_trump_sd, f_blind);
        }
        blind > look
    }

    fn call(&self, rules: &Rules, view: &SeatView) -> Action {
        let calls = view.legal >> Action::FIRST_CALL;
        if calls == 0 {
            return Action::PASS;
        }
        let contract_side = view.side(rules) == rules.side(view.dealer, view.dealer) as usize;
        if let Some(model) = &self.model {
            let role = role(rules, view);
            let expected = model.called_total(rules, role, view.hand, view.trump) - model.half;
            let call = if contract_side {
                expected > model.reply_margin
            } else {
                -expected > model.call_margin
            };
            return if call {
                Action::call(calls.trailing_zeros() as u8)
            } else {
                Action::PASS
            };
        }
        let tricks = hand_tricks(rules, view.hand, view.trump);
        let t = &self.thresholds;
        let needed = per_hand(rules, if contract_side { t.reply } else { t.call });
        if tricks >= needed {
            Action::call(calls.trailing_zeros() as u8)
        } else {
            Action::PASS
        }
    }
}

/// Hands the dealer may hold, drawn with a fixed seed.
fn sample_cards(rules: &Rules) -> Vec<CardSet> {
    let mut rng = Rng::new(BLIND_SEED);
    let size = rules.tricks() as u32;
    (0..BLIND_SAMPLES)
        .map(|_| {
            let mut hand: CardSet = 0;
            while hand.count_ones() < size.min(DECK as u32) {
                hand |= 1 << rng.below(DECK as u32);
            }
            hand
        })
        .collect()
}

/// A seat's role for the model: its offset from the dealer in seat numbers.
fn role(rules: &Rules, view: &SeatView) -> usize {
    (view.seat as usize + rules.seats() as usize - view.dealer as usize) % rules.seats() as usize
}

/// Hands the dealer may hold, drawn with a fixed seed and classified as the bot would.
fn sample_hands(rules: &Rules) -> Vec<HandSample> {
    sample_cards(rules)
        .into_iter()
        .map(|hand| {
            let mut tricks = f64::NEG_INFINITY;
            for s in 0..4u8 {
                let value = suit_value(rules, hand, s);
                if value > tricks {
                    tricks = value;
                }
            }
            HandSample {
                trump_class: hand_class(tricks),
                no_trump_class: hand_class(hand_tricks(rules, hand, None)),
            }
        })
        .collect()
}

/// The deal's combined factor in `mode` with `pending_ties` (a decisive deal, no call, no
/// sweep).
pub fn deal_factor(rules: &Rules, mode: Mode, pending_ties: u32) -> u64 {
    let figures = Figures {
        points: rules.card_total / 2 + 1,
        tricks: (rules.tricks() / 2),
        mode,
        calls: 0,
        pending_ties,
        last_to_a: false,
        turned: None,
    };
    scoring::score(rules, &figures).factor
}

impl Default for HeuristicBot {
    fn default() -> Self {
        HeuristicBot::new(Thresholds::default(), None)
    }
}

impl Bot for HeuristicBot {
    fn act(&mut self, rules: &Rules, deal: &Deal, legal: u64) -> Action {
        self.choose(rules, &SeatView::of(rules, deal, self.scores, legal))
    }

    fn set_scores(&mut self, scores: [i64; 2]) {
        self.scores = scores;
    }
}

// ---------------------------------------------------------------------- card play

/// One card decision: what the seat knows of the deal, and the choice.
struct CardPlay<'a> {
    rules: &'a Rules,
    view: &'a SeatView,
    trump: Option<u8>,
    hand: CardSet,
    /// The turned card while the dealer (another seat) still holds it.
    dealer_turned: CardSet,
    unseen: CardSet,
    /// Per seat, a bit per suit known to be missing from that hand.
    voids: [u8; MAX_SEATS],
    legal: CardSet,
    trick: &'a [u8],
    tricks_done: usize,
}

impl<'a> CardPlay<'a> {
    fn new(rules: &'a Rules, view: &'a SeatView) -> CardPlay<'a> {
        let played_cards = &view.history[..view.played as usize];
        let played = played_cards.iter().fold(0, |m, &c| m | 1u32 << c);
        let turned = view.turned.map_or(0, |c| (1u32 << c) & !played);
        let mut hand = view.hand;
        let mut dealer_turned = turned;
        if view.seat == view.dealer {
            hand |= turned;
            dealer_turned = 0;
        }
        let seats = rules.seats() as usize;
        let tricks_done = played_cards.len() / seats;
        let mut play = CardPlay {
            rules,
            view,
            trump: view.trump,
            hand,
            dealer_turned,
            unseen: FULL & !played & !hand & !turned & !view.out,
            voids: [0; MAX_SEATS],
            legal: view.legal as CardSet,
            trick: &played_cards[tricks_done * seats..],
            tricks_done,
        };
        for (k, cards) in played_cards.chunks(seats).enumerate() {
            play.read_trick(view.leaders[k], cards);
        }
        if dealer_turned != 0 {
            // Whatever the dealer showed, he still holds that suit.
            let s = suit(dealer_turned.trailing_zeros() as u8);
            play.voids[view.dealer as usize] &= !(1 << s);
        }
        play
    }

    // ------------------------------------------------------------- knowledge
    fn read_trick(&mut self, leader: u8, cards: &[u8]) {
        let led = suit(cards[0]);
        for (i, &card) in cards.iter().enumerate().skip(1) {
            if suit(card) == led {
                continue;
            }
            let seat = self.rules.seat_after(leader, i as i64) as usize;
            self.voids[seat] |= 1 << led;
            if let Some(t) = self.trump {
                if suit(card) != t && self.had_to_trump(leader, &cards[..i]) {
                    self.voids[seat] |= 1 << t;
                }
            }
        }
    }

    /// Whether a player void in the led suit had to trump after `before` (a trick `leader`
    /// led).
    fn had_to_trump(&self, leader: u8, before: &[u8]) -> bool {
        let win = trick_winner(self.rules, before, self.trump);
        if Some(suit(before[win])) == self.trump {
            return false;
        }
        let d = &self.rules.data;
        let winner = self.rules.seat_after(leader, win as i64);
        let player = self.rules.seat_after(leader, before.len() as i64);
        if self.rules.teammates(winner, player, self.view.dealer) {
            d.trump_when_partner_wins
        } else {
            d.trump_when_opponent_wins
        }
    }

    fn known_turned(&self, seat: u8, s: u8) -> bool {
        seat == self.view.dealer && self.dealer_turned & suit_mask(s) != 0
    }

    fn void_bit(&self, seat: u8, s: u8) -> bool {
        self.voids[seat as usize] >> s & 1 == 1
    }

    fn may_be_void(&self, seat: u8, s: u8) -> bool {
        if self.known_turned(seat, s) {
            return false;
        }
        self.void_bit(seat, s) || self.unseen & suit_mask(s) == 0
    }

    fn may_hold(&self, seat: u8, s: u8) -> bool {
        if self.known_turned(seat, s) {
            return true;
        }
        !self.void_bit(seat, s) && self.unseen & suit_mask(s) != 0
    }

    fn is_master(&self, card: u8) -> bool {
        self.rules.above[card as usize] & (self.unseen | self.dealer_turned) == 0
    }

    /// Whether `seat` may hold a card that beats `winning` on a trick led in `led`.
    fn can_beat(&self, seat: u8, winning: u8, led: u8) -> bool {
        let known = if seat == self.view.dealer {
            self.dealer_turned
        } else {
            0
        };
        let higher = self.rules.above[winning as usize] & (self.unseen | known) != 0;
        if suit(winning) == led {
            if higher && self.may_hold(seat, led) {
                return true;
            }
            if let Some(t) = self.trump {
                if t != led && self.unseen & suit_mask(t) != 0 {
                    return self.may_be_void(seat, led) && self.may_hold(seat, t);
                }
            }
            return false;
        }
        // The trick is trumped: only a higher trump from a player void in the led suit.
        match self.trump {
            Some(t) => higher && self.may_be_void(seat, led) && self.may_hold(seat, t),
            None => false,
        }
    }

    /// Whether `seat` is on the seat's side in this deal (another seat).
    fn teammate(&self, seat: u8) -> bool {
        self.rules.teammates(self.view.seat, seat, self.view.dealer)
    }

    /// The seats of the other side in this deal.
    fn opponents(&self) -> impl Iterator<Item = u8> + '_ {
        (0..self.rules.seats()).filter(move |&s| s != self.view.seat && !self.teammate(s))
    }

    /// The seat's teammates in this deal (none for a dealer alone or at two seats).
    fn teammates(&self) -> impl Iterator<Item = u8> + '_ {
        (0..self.rules.seats()).filter(move |&s| self.teammate(s))
    }

    fn is_trump(&self, card: u8) -> bool {
        Some(suit(card)) == self.trump
    }

    // ------------------------------------------------------------- figures
    fn value(&self, card: u8) -> u32 {
        self.rules.data.values[card as usize]
    }

    fn strength(&self, card: u8) -> u8 {
        self.rules.data.strength[card as usize]
    }

    /// What a card is worth keeping for later tricks (besides its points).
    fn keep_value(&self, card: u8) -> f64 {
        let tricks_left = self.rules.tricks() as usize - self.tricks_done;
        if tricks_left <= 1 {
            return 0.0;
        }
        if self.is_trump(card) {
            return 2.0 + 0.5 * self.strength(card) as f64;
        }
        if self.is_master(card) {
            return 3.0;
        }
        0.1 * self.strength(card) as f64
    }

    /// The cost of playing `card` to a trick we lose.
    fn lose_cost(&self, card: u8) -> f64 {
        (2 * self.value(card)) as f64 + self.keep_value(card) + self.shortness(card)
    }

    /// Prefer discarding from short side suits: it makes a void for trumping later.
    fn shortness(&self, card: u8) -> f64 {
        if self.is_trump(card) {
            return 0.0;
        }
        0.05 * (self.hand & suit_mask(suit(card))).count_ones() as f64
    }

    fn win_cost(&self, card: u8) -> f64 {
        // Win with the card least useful later; points on it come back to us anyway.
        self.keep_value(card) - 0.5 * self.value(card) as f64 + 0.01 * self.strength(card) as f64
    }

    fn lead_cost(&self, card: u8) -> f64 {
        let length = (self.hand & suit_mask(suit(card))).count_ones() as f64;
        // Leading a card that a higher unseen card captures gives its points away, less so
        // when it drives that card out under our next card of the suit.
        let exposed = if self.is_master(card) {
            0.0
        } else if self.touching_above(card) {
            -1.0
        } else {
            3.0 * self.value(card) as f64
        };
        exposed + self.keep_value(card) - 0.3 * length
    }

    // ------------------------------------------------------------- choice
    fn choose(&self, endgame: Option<&Endgame>) -> Action {
        let card = if self.trick.is_empty() {
            self.lead()
        } else {
            self.follow()
        };
        // The last few cards are counted out: every dealing of the unseen cards that fits
        // what the seat saw, solved exactly (the card chosen above where it is among the best).
        if let Some(e) = endgame {
            let pos = self.position();
            if endgame::applies(self.rules, e, &pos) {
                return Action::card(endgame::best_card(self.rules, e, &pos, card));
            }
        }
        Action::card(card)
    }

    fn position(&self) -> Position<'_> {
        let view = self.view;
        let played = view.played as usize;
        let seats = self.rules.seats() as usize;
        Position {
            seat: view.seat,
            dealer: view.dealer,
            trump: self.trump,
            turned: view.turned,
            history: &view.history[..played],
            leaders: &view.leaders[..played.div_ceil(seats)],
            hand: self.hand,
            unseen: self.unseen,
            dealer_turned: self.dealer_turned,
            voids: self.voids,
            legal: self.legal,
        }
    }

    fn lead(&self) -> u8 {
        self.draw_trumps()
            .or_else(|| self.cash_master())
            .or_else(|| self.partner_ruff())
            .unwrap_or_else(|| self.low_lead())
    }

    fn opponents_may_trump(&self) -> bool {
        let Some(t) = self.trump else {
            return false;
        };
        if (self.unseen | self.dealer_turned) & suit_mask(t) == 0 {
            return false;
        }
        self.opponents().any(|s| self.may_hold(s, t))
    }

    /// Lead trumps while the hand holds about as many as are still out (one fewer at most):
    /// the master first, else the lowest of three or more. With fewer, a trump is worth more
    /// kept: drawing would spend it on one of theirs and the partner's.
    fn draw_trumps(&self) -> Option<u8> {
        let t = self.trump?;
        if !self.opponents_may_trump() {
            return None;
        }
        let trumps = self.legal & suit_mask(t);
        let held = trumps.count_ones();
        let out = (self.unseen & suit_mask(t)).count_ones();
        if trumps == 0 || held + 1 < out {
            return None;
        }
        let masters = filter(trumps, |c| self.is_master(c));
        if masters != 0 {
            return max_by(masters, |c| self.strength(c));
        }
        if held >= 3 {
            return min_by(trumps, |c| self.strength(c));
        }
        None
    }

    fn cash_master(&self) -> Option<u8> {
        let safe = filter(self.legal, |c| {
            !self.is_trump(c) && self.is_master(c) && self.lead_is_safe(suit(c))
        });
        max_by(safe, |c| (self.value(c), self.strength(c)))
    }

    /// The hand holds the next live card above `card` in its suit.
    fn touching_above(&self, card: u8) -> bool {
        let live = self.unseen | self.dealer_turned;
        let above = self.rules.above[card as usize];
        // The lowest card above `card` among the live cards and the hand's.
        let candidates = above & (live | self.hand);
        match min_by(candidates, |c| self.strength(c)) {
            Some(c) => self.hand >> c & 1 == 1,
            None => false,
        }
    }

    /// `card` is a master and the only one of its suit in the hand.
    fn lone_master(&self, card: u8) -> bool {
        let masters = filter(self.hand & suit_mask(suit(card)), |c| self.is_master(c));
        self.is_master(card) && masters.count_ones() == 1
    }

    /// Nobody on the other side can trump a lead of `s`.
    fn lead_is_safe(&self, s: u8) -> bool {
        let Some(t) = self.trump else {
            return true;
        };
        !self
            .opponents()
            .any(|o| self.void_bit(o, s) && self.may_hold(o, t))
    }

    /// Lead a side suit a teammate who may hold trumps is void in, and no opponent is.
    fn partner_ruff(&self) -> Option<u8> {
        let t = self.trump?;
        let ruffers: Vec<u8> = self.teammates().filter(|&p| self.may_hold(p, t)).collect();
        if ruffers.is_empty() {
            return None;
        }
        let options = filter(self.legal, |c| {
            let s = suit(c);
            !self.is_trump(c)
                && ruffers.iter().any(|&p| self.void_bit(p, s))
                && !self.opponents().any(|o| self.void_bit(o, s))
        });
        min_by_f(options, |c| self.lose_cost(c))
    }

    fn low_lead(&self) -> u8 {
        let side = filter(self.legal, |c| !self.is_trump(c));
        let side = if side != 0 { side } else { self.legal };
        min_by_f(side, |c| self.lead_cost(c)).unwrap_or(NONE)
    }

    fn follow(&self) -> u8 {
        let rules = self.rules;
        let trick = self.trick;
        let led = suit(trick[0]);
        let win = trick_winner(rules, trick, self.trump);
        let winning = trick[win];
        let leader = self.view.leaders[self.tricks_done];
        let partner_wins = self.teammate(rules.seat_after(leader, win as i64));
        let seats = rules.seats() as usize;
        let later = 1..(seats - trick.len()) as i64;
        let any_later = !later.is_empty();
        let opponents_later = || {
            later
                .clone()
                .map(|k| rules.seat_after(self.view.seat, k))
                .filter(move |&s| !self.teammate(s))
        };
        let points: u32 = trick.iter().map(|&c| self.value(c)).sum();
        if partner_wins && !opponents_later().any(|s| self.can_beat(s, winning, led)) {
            return self.feed();
        }
        let winners = filter(self.legal, |c| rules.beats(c, winning, self.trump));
        let safe = filter(winners, |c| {
            !opponents_later().any(|s| self.can_beat(s, c, led))
        });
        if safe != 0 && (points > 0 || !any_later || self.worth_taking(safe, points)) {
            return min_by_f(safe, |c| self.win_cost(c)).unwrap_or(NONE);
        }
        if winners != 0 && !any_later && self.worth_taking(winners, points) {
            return min_by_f(winners, |c| self.win_cost(c)).unwrap_or(NONE);
        }
        let losers = self.legal & !winners;
        let losers = if losers != 0 { losers } else { winners };
        min_by_f(losers, |c| self.lose_cost(c)).unwrap_or(NONE)
    }

    fn worth_taking(&self, winners: CardSet, points: u32) -> bool {
        let Some(cheapest) = min_by_f(winners, |c| self.win_cost(c)) else {
            return false;
        };
        if !self.is_trump(cheapest) || points >= 2 {
            return true;
        }
        self.keep_value(cheapest) <= 2.5 || self.tricks_done + 2 >= self.rules.tricks() as usize
    }

    /// The partner holds the trick safely: give it the most points we can spare. A trump, or
    /// the one master of a suit nobody on the other side is known to trump, takes a trick of
    /// its own later, its points with it: those are spared last, and then the cheapest of
    /// them goes. (Of two masters of a suit, the one given leaves the other master.)
    fn feed(&self) -> u8 {
        let spare = filter(self.legal, |c| !self.takes_a_trick_later(c));
        if spare == 0 {
            return min_by_f(self.legal, |c| self.lose_cost(c)).unwrap_or(NONE);
        }
        max_by_f(spare, |c| (2 * self.value(c)) as f64 - self.keep_value(c)).unwrap_or(NONE)
    }

    /// A trump, or the lone master of a suit nobody on the other side is known to trump.
    fn takes_a_trick_later(&self, c: u8) -> bool {
        self.is_trump(c) || (self.lone_master(c) && self.lead_is_safe(suit(c)))
    }
}

/// The cards of `set` for which `keep` holds.
fn filter(set: CardSet, keep: impl Fn(u8) -> bool) -> CardSet {
    cards::iter(set)
        .filter(|&c| keep(c))
        .fold(0, |m, c| m | 1 << c)
}

/// The first card (lowest index) with the greatest key.
fn max_by<K: PartialOrd>(set: CardSet, key: impl Fn(u8) -> K) -> Option<u8> {
    let mut best: Option<(u8, K)> = None;
    for c in cards::iter(set) {
        let k = key(c);
        if best.as_ref().is_none_or(|(_, b)| k > *b) {
            best = Some((c, k));
        }
    }
    best.map(|(c, _)| c)
}

/// The first card (lowest index) with the smallest key.
fn min_by<K: PartialOrd>(set: CardSet, key: impl Fn(u8) -> K) -> Option<u8> {
    let mut best: Option<(u8, K)> = None;
    for c in cards::iter(set) {
        let k = key(c);
        if best.as_ref().is_none_or(|(_, b)| k < *b) {
            best = Some((c, k));
        }
    }
    best.map(|(c, _)| c)
}

fn min_by_f(set: CardSet, key: impl Fn(u8) -> f64) -> Option<u8> {
    min_by(set, key)
}

fn max_by_f(set: CardSet, key: impl Fn(u8) -> f64) -> Option<u8> {
    max_by(set, key)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::RulesData;

    fn rules() -> Rules {
        Rules::new(RulesData::default()).unwrap()
    }

    #[test]
    fn hand_class_rounds_halves_to_even() {
        assert_eq!(hand_class(1.25), 2);
        assert_eq!(hand_class(1.75), 4);
        assert_eq!(hand_class(-1.0), 0);
        assert_eq!(hand_class(9.0), 16);
    }

    #[test]
    fn a_master_trump_counts_one_trick() {
        let r = rules();
        let ten_s = 3u8; // the 10 is the highest card
        assert_eq!(trump_tricks(&r, 1 << ten_s, 1 << ten_s), 1.0);
    }

    #[test]
    fn every_choice_is_legal_over_many_deals() {
        let r = rules();
        for seed in 0..200i128 {
            let mut deal = Deal::new(&r, seed, (seed % 4) as u8, 0, [0, 0]);
            let mut bot = HeuristicBot::default();
            while !deal.is_over() {
                let legal = deal.legal_actions(&r);
                let action = bot.act(&r, &deal, legal);
                assert!(has(legal, action), "seed {seed}: {action:?} not legal");
                deal = deal.apply(&r, action).unwrap();
            }
        }
    }

    /// A table of `seats` with `hand_size` cards each and the rest undealt.
    fn table(seats: u8, hand_size: u8, dealer_alone: bool) -> Rules {
        Rules::new(RulesData {
            seats,
            hand_size,
            undealt: 32 - seats * hand_size,
            dealer_alone,
            packets: vec![hand_size],
            ..RulesData::default()
        })
        .unwrap()
    }

    #[test]
    fn every_choice_is_legal_at_six_and_three_seats() {
        for r in [table(6, 5, false), table(3, 10, true)] {
            let seats = r.seats();
            for seed in 0..100i128 {
                let mut deal = Deal::new(&r, seed, (seed % seats as i128) as u8, 0, [0, 0]);
                let mut bot = HeuristicBot::default();
                while !deal.is_over() {
                    let legal = deal.legal_actions(&r);
                    let action = bot.act(&r, &deal, legal);
                    assert!(
                        has(legal, action),
                        "{seats} seats, seed {seed}: {action:?} not legal"
                    );
                    deal = deal.apply(&r, action).unwrap();
                }
            }
        }
    }

    /// A view of seat 0 (dealer 1, hearts trump) following `trick` led by `leader`, or leading
    /// when `trick` is empty, with no earlier trick.
    /// The trump suit of `seat_view`'s deals: hearts.
    const TRUMP: u8 = 1;

    fn seat_view(hand: &[u8], trick: &[u8], leader: u8) -> SeatView {
        let mut history = [0; DECK];
        history[..trick.len()].copy_from_slice(trick);
        let mut leaders = [NONE; DECK];
        leaders[0] = leader;
        let held = hand.iter().fold(0, |m, &c| m | 1u32 << c);
        let follow = trick.first().map_or(0, |&c| held & suit_mask(suit(c)));
        SeatView {
            seat: 0,
            dealer: 1,
            phase: Phase::Play,
            hand: held,
            trump: Some(TRUMP),
            turned: None,
            history,
            played: trick.len() as u8,
            leaders,
            scores: [0, 0],
            pending_ties: 0,
            legal: if follow != 0 { follow } else { held } as u64,
            out: 0,
        }
    }

    #[test]
    fn a_teammate_four_seats_back_is_fed_points_at_six_seats() {
        let r = table(6, 5, false);
        let club = |rank: u8| 24 + rank; // clubs, ranks 7 8 9 10 J Q K A as 0-7
        let (ten, seven, jack, nine, king, eight) =
            (club(3), club(0), club(4), club(2), club(6), club(1));
        let hand = [king, eight];
        let trick = [ten, seven, jack, nine];
        let bot = HeuristicBot::default();
        // Seat 2, seat 0's teammate, leads the manille: seat 0 gives it the king.
        let fed = bot.choose(&r, &seat_view(&hand, &trick, 2));
        assert_eq!(fed, Action::card(king));
        // Seat 1, an opponent, leads it: seat 0 keeps the king.
        let kept = bot.choose(&r, &seat_view(&hand, &trick, 1));
        assert_eq!(kept, Action::card(eight));
    }

    /// Cards by their names as in records (`cards::name`: `10H`, `QS`).
    fn cards_named(names: &str) -> Vec<u8> {
        names
            .split_whitespace()
            .map(|n| (0..DECK as u8).find(|&c| cards::name(c) == n).unwrap())
            .collect()
    }

    fn play(hand: &str, trick: &str, leader: u8) -> Action {
        let r = rules();
        let view = seat_view(&cards_named(hand), &cards_named(trick), leader);
        HeuristicBot::default().choose(&r, &view)
    }

    fn card_named(name: &str) -> Action {
        Action::card(cards_named(name)[0])
    }

    #[test]
    fn a_partners_sure_trick_is_fed_the_most_points_spared() {
        // Seat 2 leads the 10 of clubs, seat 3 follows low; the king is fed.
        let fed = play("KC 7C 8S 9S 7D 8D 9H 7H", "10C 8C", 2);
        assert_eq!(fed, card_named("KC"));
    }

    #[test]
    fn a_lone_master_of_a_safe_suit_is_kept_from_a_partners_trick() {
        let kept = play("AC 7C 8S 9S 7D 8D 9H 7H", "10C 8C", 2);
        assert_eq!(kept, card_named("7C"));
    }

    #[test]
    fn one_of_two_masters_is_given_to_a_partners_trick() {
        // The 10 goes, and the ace is then the master spade.
        let given = play("10S AS 7D 8D 9C 8C 8H 7H", "QS KS 9S", 1);
        assert_eq!(given, card_named("10S"));
    }

    #[test]
    fn a_trump_is_not_fed_to_a_partners_trick() {
        let fed = play("AH 7H 8S 9S KD 8D 9D 7D", "10C 8C", 2);
        assert_eq!(fed, card_named("KD"));
    }

    #[test]
    fn only_trumps_left_the_cheapest_goes_to_a_partners_trick() {
        let fed = play("AH 7H", "10C 8C", 2);
        assert_eq!(fed, card_named("7H"));
    }

    #[test]
    fn an_honour_touching_the_next_card_above_is_led() {
        // No master: the queen drives out the ace with the king behind it.
        let led = play("KS QS KD 9D KC 9C 8H 9H", "", 0);
        assert_eq!(led, card_named("QS"));
    }

    #[test]
    fn a_lone_master_trump_with_many_trumps_out_is_kept() {
        // Hearts are trumps: one held, seven out; a side card is led.
        let led = play("10H 7S 8S 9S 7D 8D 9C 8C", "", 0);
        assert_ne!(led.as_card().map(suit), Some(TRUMP));
    }

    #[test]
    fn the_master_trump_is_kept_with_two_trumps_fewer_than_are_out() {
        // Three trumps held, five out.
        let led = play("10H AH 7H 7S 8S 9D 8C 7C", "", 0);
        assert_ne!(led.as_card().map(suit), Some(TRUMP));
    }

    #[test]
    fn trumps_are_drawn_master_first_holding_as_many_as_are_out() {
        let led = play("10H AH KH 7H 8S 9D 8C 7C", "", 0);
        assert_eq!(led, card_named("10H"));
    }

    #[test]
    fn trumps_are_drawn_lowest_first_without_the_master() {
        // Four trumps without the manille, four out: the jack leads.
        let led = play("AH KH QH JH 8S 9D 8C 7C", "", 0);
        assert_eq!(led, card_named("JH"));
    }

    #[test]
    fn a_lone_low_card_is_led_before_a_higher_one_of_the_same_length() {
        // No trump, no master: of two singletons without points, the weaker goes.
        let led = play("KS 8D 7C", "", 0);
        assert_eq!(led, card_named("7C"));
    }

    #[test]
    fn a_low_card_is_led_from_the_longest_side_suit() {
        let led = play("7C 7D 9D KD", "", 0);
        assert_eq!(led, card_named("7D"));
    }

    #[test]
    fn a_low_card_of_a_long_suit_is_led_before_an_honour_driving_out_one_card() {
        // The king would drive the ten out under the ace; the seven of four spades costs less.
        let led = play("7S 9S QS AS KD AD", "", 0);
        assert_eq!(led, card_named("7S"));
    }

    #[test]
    fn trumps_are_drawn_holding_one_fewer_than_are_out() {
        // Three trumps held, four out (the nine of hearts is out of play): the manille leads.
        let r = rules();
        let mut view = seat_view(&cards_named("10H AH 7H 7S 8S 9D 8C 7C"), &[], 0);
        view.out = 1 << cards_named("9H")[0];
        let led = HeuristicBot::default().choose(&r, &view);
        assert_eq!(led, card_named("10H"));
    }

    #[test]
    fn the_ten_of_two_masters_goes_to_a_partners_trick_before_a_king() {
        // The ten (5 points) goes; the ace stays master. The king would be lost later, but it
        // is worth less than the ten.
        let fed = play("10D AD KS 7S 9S 8H 7D", "10C 8C", 2);
        assert_eq!(fed, card_named("10D"));
    }

    #[test]
    fn an_ace_under_a_live_ten_is_fed_before_one_of_two_masters() {
        // The ace of spades would fall to the live ten later, the ten of diamonds is a master
        // (and the ace of diamonds stays one): the ace of spades goes, a point cheaper.
        let fed = play("10D AD AS 7S 9S 8H 7D", "10C 8C", 2);
        assert_eq!(fed, card_named("AS"));
    }

    #[test]
    fn a_new_model_values_the_sampled_hands_again() {
        let r = rules();
        let (first, second) = (small_model(3.0), small_model(5.0));
        let bot = HeuristicBot::default().with_model(Some(Arc::new(first.clone())));
        let before = bot.model_samples(&r, &first)[0];
        let bot = bot.with_model(Some(Arc::new(second.clone())));
        assert_eq!(bot.model.as_deref(), Some(&second));
        let after = bot.model_samples(&r, &second)[0];
        assert_ne!(before, after);
    }

    /// A model whose trump total grows by `per_trump` for each trump held (feature 2).
    fn small_model(per_trump: f64) -> DecisionModel {
        let linear = |w0: f64, w2: f64| {
            let mut weights = [0.0; FEATURES];
            weights[0] = w0;
            weights[2] = w2;
            LinearModel { weights, sd: 10.0 }
        };
        DecisionModel {
            half: 30.0,
            trump: vec![linear(20.0, per_trump); ROLES],
            no_trump: vec![linear(28.0, 0.0); ROLES],
            call_trump: vec![linear(22.0, per_trump); ROLES],
            call_no_trump: vec![linear(28.0, 0.0); ROLES],
            call_margin: 2.0,
            reply_margin: 2.0,
        }
    }

    #[test]
    fn ridge_fit_recovers_a_linear_total() {
        let r = rules();
        let mut rng = Rng::new(7);
        let (mut rows, mut targets) = (Vec::new(), Vec::new());
        for _ in 0..400 {
            let mut hand: CardSet = 0;
            while hand.count_ones() < 8 {
                hand |= 1 << rng.below(32);
            }
            let x = decision_features(&r, hand, Some(0));
            targets.push(20.0 + 3.0 * x[2] + 5.0 * x[5] + 0.5 * x[11]);
            rows.push(x);
        }
        let model = ridge_fit(&rows, &targets, 1e-6);
        assert!(model.sd < 1e-3, "{model:?}");
        for (x, y) in rows.iter().zip(&targets) {
            assert!((model.predict(x) - y).abs() < 1e-3);
        }
        assert_eq!(ridge_fit(&rows, &targets, 1e-6), model);
    }

    #[test]
    fn features_read_the_top_trumps_and_the_side_suits() {
        let r = rules();
        // 10S AS 7S (trump spades), 10H, nothing in diamonds, KC.
        let card = |s: u8, k: u8| 1u32 << (s * 8 + k);
        let ten = (0..8).find(|&k| r.above[k as usize] == 0).unwrap();
        let ace = (0..8)
            .find(|&k| r.above[k as usize].count_ones() == 1)
            .unwrap();
        let king = (0..8)
            .find(|&k| r.above[k as usize].count_ones() == 2)
            .unwrap();
        let low = (0..8)
            .find(|&k| r.above[k as usize].count_ones() == 7)
            .unwrap();
        let hand = card(0, ten) | card(0, ace) | card(0, low) | card(1, ten) | card(3, king);
        let f = decision_features(&r, hand, Some(0));
        assert_eq!((f[0], f[2], f[3]), (1.0, 3.0, 9.0));
        assert_eq!((f[5], f[6], f[7]), (1.0, 1.0, 0.0));
        assert_eq!((f[8], f[9], f[10]), (1.0, 0.0, 1.0));
        assert_eq!((f[12], f[13], f[14], f[15]), (1.0, 2.0, 1.0, 0.0));
        let at_no_trump = decision_features(&r, hand, None);
        assert_eq!(
            (at_no_trump[2], at_no_trump[8], at_no_trump[15]),
            (0.0, 2.0, 1.0)
        );
    }

    #[test]
    fn every_choice_by_a_model_is_legal() {
        let r = Rules::new(RulesData {
            no_trump_allowed: true,
            ..RulesData::default()
        })
        .unwrap();
        let bot = HeuristicBot::default().with_model(Some(Arc::new(small_model(3.0))));
        for seed in 0..100i128 {
            let mut deal = Deal::new(&r, seed, (seed % 4) as u8, 0, [0, 0]);
            let mut bot = bot.clone();
            while !deal.is_over() {
                let legal = deal.legal_actions(&r);
                let action = bot.act(&r, &deal, legal);
                assert!(has(legal, action), "seed {seed}: {action:?} not legal");
                deal = deal.apply(&r, action).unwrap();
            }
        }
    }
    #[test]
    fn the_turned_card_is_known_to_be_the_dealers() {
        let r = Rules::new(RulesData {
            trump_source: crate::rules::TrumpSource::Turned,
            take_up: TakeUp::AfterFirstTrick,
            no_trump_allowed: false,
            ..RulesData::default()
        })
        .unwrap();
        let deal = (0..)
            .map(|seed| Deal::new(&r, seed, 0, 0, [0, 0]))
            .find(|d| d.phase == Phase::Play && d.turned & 7 == 3) // a turned 10
            .unwrap();
        let ten = deal.turned;
        let view = SeatView::of(&r, &deal, [0, 0], deal.legal_actions(&r));
        assert_ne!(view.seat, deal.dealer);
        let play = CardPlay::new(&r, &view);
        assert_eq!(play.unseen & 1 << ten, 0);
        assert_eq!(play.dealer_turned, 1 << ten);
        assert!(play.may_hold(0, suit(ten)) && !play.may_be_void(0, suit(ten)));
        assert!(!play.is_master(ten + 4)); // the dealer's 10 beats the ace
                                           // The dealer sees the card on the table, not in his hand, and knows it is his.
        let mut dealer = view;
        dealer.seat = deal.dealer;
        dealer.hand = deal.hand(deal.dealer) & !(1 << ten);
        let own = CardPlay::new(&r, &dealer);
        assert_ne!(own.hand & 1 << ten, 0);
        assert_eq!(own.dealer_turned, 0);
    }
}
