//! Decisions from one seat's knowledge by perfect-information Monte Carlo (PIMC): draw worlds
//! consistent with what the seat has seen ([`crate::sample`]), solve each double-dummy
//! ([`crate::solver`]), and average each option's value over the worlds.
//!
//! Values are match points for the deal, net for the seat's side: the side's points minus
//! the other side's, with the deal's factors (trump mode, calls, pending ties, cap).  The
//! sweep factor is not seen (the solver counts points, not tricks).

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::Hash;
use std::thread::LocalKey;
use std::time::Instant;

use crate::action::Action;
use crate::bot::Bot;
use crate::cards::{iter, CardSet, MAX_SEATS};
use crate::deal::{Deal, Phase};
use crate::heuristic::{suit_value, HeuristicBot, SeatView};
pub use crate::infer::{calls_likelihood, choice_likelihood, CALL_AT, DELEGATE_BELOW, NO_TRUMP_AT};
use crate::infer::{draw_weighted, modeled_call, tricks_with};
use crate::rng::Rng;
use crate::rules::{Mode, Rules, RulesData};
use crate::sample::{Knowledge, NoWorld, Sampler};
use crate::scoring::{self, Figures};

pub use crate::solver::with_solver;

/// One option's value over the worlds: mean, standard deviation, worlds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    pub action: Action,
    pub mean: f64,
    pub sd: f64,
    pub n: u32,
}

/// The deal's combined factor if a side wins now without a sweep.
pub fn factor(rules: &Rules, deal: &Deal) -> u64 {
    let figures = Figures {
        points: rules.card_total - 1,
        tricks: rules.data.hand_size / 2,
        mode: deal.mode.unwrap_or(Mode::Trump),
        calls: deal.calls,
        pending_ties: deal.pending_ties,
        last_to_a: true,
        turned: None,
    };
    scoring::score(rules, &figures).factor
}

/// Team A's net match points for the deal when it totals `a_total` (the sweep aside).
pub fn margin(rules: &Rules, factor: u64, a_total: u32) -> f64 {
    let b_total = rules.deal_total - a_total;
    let half = rules.half as f64;
    let f = factor as f64;
    match a_total.cmp(&b_total) {
        std::cmp::Ordering::Greater => (a_total as f64 - half) * f,
        std::cmp::Ordering::Less => -(b_total as f64 - half) * f,
        std::cmp::Ordering::Equal => 0.0,
    }
}

/// A seed that depends on everything the seat knows (same view and seed: same worlds).
pub fn view_seed(know: &Knowledge, seed: u64) -> u64 {
    let mut x = seed ^ 0x243F_6A88_85A3_08D3;
    let mut mix = |v: u64| {
        x = (x ^ v).wrapping_mul(0x100_0000_01B3).rotate_left(17);
    };
    mix(know.seat as u64);
    mix(know.dealer as u64);
    mix(know.own as u64);
    for a in &know.decisions {
        mix(a.0 as u64 + 1000);
    }
    for &c in &know.played {
        mix(c as u64 + 2000);
    }
    x
}

fn summarise(actions: &[Action], values: &[Vec<f64>]) -> Vec<Estimate> {
    actions
        .iter()
        .zip(values)
        .map(|(&action, v)| {
            let n = v.len() as f64;
            let mean = v.iter().sum::<f64>() / n.max(1.0);
            let var = v.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
            Estimate {
                action,
                mean,
                sd: var.sqrt(),
                n: v.len() as u32,
            }
        })
        .collect()
}

/// A world drawn for the seat and replayed to the present, kept with the likelihood of the
/// decisions it shows: when another seat named trump or no-trump, its hand in the world must
/// make that choice plausible (see [`choice_likelihood`]), and so must every delegation, call
/// and pass of another seat ([`calls_likelihood`]); a world is kept with that probability (a
/// world is taken anyway after 64 draws).
pub fn draw_world(
    sampler: &Sampler,
    rules: &Rules,
    know: &Knowledge,
    rng: &mut Rng,
) -> Result<Deal, NoWorld> {
    let mut last = None;
    for _ in 0..64 {
        let hands = sampler.draw(rng)?;
        let deal = sampler
            .replay(&hands)
            .ok_or_else(|| NoWorld::new("core.no-world.did-not-replay"))?;
        let p = choice_likelihood(rules, &deal, know.seat) * calls_likelihood(rules, know, &hands);
        let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        if p >= 1.0 || u < p {
            return Ok(deal);
        }
        last = Some(deal);
    }
    last.ok_or_else(|| NoWorld::new("core.no-world.none-drawn"))
}

/// Each legal card's value for the seat to play, over `samples` worlds.
pub fn card_values(
    rules: &Rules,
    know: &Knowledge,
    samples: u32,
    seed: u64,
) -> Result<Vec<Estimate>, NoWorld> {
    cards_until(rules, know, samples, samples, seed, 0.0)
}

/// Each legal card's value over `min` worlds, then more worlds (up to `max`) while no card
/// beats every other by `z` standard errors of the paired difference (a close choice).
pub fn cards_until(
    rules: &Rules,
    know: &Knowledge,
    min: u32,
    max: u32,
    seed: u64,
    z: f64,
) -> Result<Vec<Estimate>, NoWorld> {
    let sampler = Sampler::new(rules, know)?;
    let mut rng = Rng::new(view_seed(know, seed));
    let mut actions: Vec<Action> = Vec::new();
    let mut values: Vec<Vec<f64>> = Vec::new();
    let sign = if rules.team(know.seat) == rules.team(know.dealer) {
        1.0
    } else {
        -1.0
    };
    for n in 1..=max.max(min).max(1) {
        let deal = draw_world(&sampler, rules, know, &mut rng)?;
        if deal.phase != Phase::Play || deal.to_play != know.seat {
            return Err(NoWorld::new("core.no-world.not-turn-to-play"));
        }
        if actions.is_empty() {
            actions = iter(deal.legal_cards(rules)).map(Action::card).collect();
            values = vec![Vec::new(); actions.len()];
        }
        let f = factor(rules, &deal);
        let moves = solve_moves(rules, &deal);
        for (k, (_, total)) in moves.iter().enumerate() {
            values[k].push(sign * margin(rules, f, *total));
        }
        if n >= min.max(1) && clear_winner(&values, z, 0.0) {
            break;
        }
    }
    Ok(summarise(&actions, &values))
}

/// When to stop drawing worlds for a decision before play: after `min` worlds, as soon as
/// the leading option beats every other by more than `z` standard errors of their paired
/// difference over the same worlds (a sequential test), else after the `samples` asked;
/// and how exactly each world is solved.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stop {
    pub min: u32,
    pub z: f64,
    /// Each world's value is solved within this many points ([`Solver::value_within`]).
    pub tolerance: u32,
}

/// Each decision open to the seat before the first card (or those of `only`), over
/// `samples` worlds.
///
/// After the decision, the rest is settled simply in each world: a chooser (after delegation,
/// or after looking) names its best suit by the heuristic's rough count, and a seat asked for
/// a call makes it with at least [`CALL_AT`] tricks by that count, else passes.
pub fn decision_values(
    rules: &Rules,
    know: &Knowledge,
    samples: u32,
    seed: u64,
    only: Option<&[Action]>,
) -> Result<Vec<Estimate>, NoWorld> {
    decide_from(rules, know, samples, seed, only, None, None).map(|d| d.estimates)
}

/// A decision before play: each option's estimate, and the option taken.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    pub estimates: Vec<Estimate>,
    pub chosen: Action,
}

/// [`decision_values`], stopping early by `stop` when one option is clearly best (without a
/// `default`: the best mean is taken, the lower action code on a tie), or starting from a
/// `default` option (the choice a simple rule makes): the search then departs from it only for
/// an option whose mean beats the default's by more than `z` standard errors of their paired
/// difference over the same worlds.  A few worlds cannot tell close options apart, so without
/// such a margin the default stands; sampling also stops once the default leads on the mean.
///
/// Options that lead to the same play (a call and a pass, delegation and the suit the
/// partner names, looking and the suit then named) share one solve per world: only the
/// deal's factor differs between them.
pub fn decide_from(
    rules: &Rules,
    know: &Knowledge,
    samples: u32,
    seed: u64,
    only: Option<&[Action]>,
    stop: Option<Stop>,
    default: Option<Action>,
) -> Result<Decision, NoWorld> {
    let sampler = Sampler::new(rules, know)?;
    let mut rng = Rng::new(view_seed(know, seed));
    let mut actions: Vec<Action> = Vec::new();
    let mut values: Vec<Vec<f64>> = Vec::new();
    let team = rules.team(know.seat);
    let mut fallback = None;
    for n in 1..=samples.max(1) {
        let deal = draw_world(&sampler, rules, know, &mut rng)?;
        if matches!(deal.phase, Phase::Play | Phase::Over) || deal.to_play != know.seat {
            return Err(NoWorld::new("core.no-world.not-turn-to-decide"));
        }
        if actions.is_empty() {
            actions = deal
                .legal_action_list(rules)
                .into_iter()
                .filter(|&a| {
                    a != Action::THROW_IN
                        && (only.is_none_or(|o| o.contains(&a)) || Some(a) == default)
                })
                .collect();
            values = vec![Vec::new(); actions.len()];
            fallback = default.and_then(|d| actions.iter().position(|&a| a == d));
        }
        for (k, &a) in actions.iter().enumerate() {
            let next = deal
                .apply(rules, a)
                .map_err(|_| NoWorld::new("core.no-world.decision-refused"))?;
            values[k].push(settle(rules, &next, team, stop.map_or(0, |s| s.tolerance)));
        }
        if let Some(s) = stop {
            let done = match fallback {
                None => n >= s.min && clear_winner(&values, s.z, 0.0),
                Some(d) => {
                    let leads = best_mean(&values) == Some(d);
                    (n >= s.min && leads)
                        || (n >= s.min.max(DEPART_MIN) && clear_winner(&values, s.z, 1.0))
                }
            };
            if done {
                break;
            }
        }
    }
    let z = stop.map_or(0.0, |s| s.z);
    let best = best_mean(&values).unwrap_or(0);
    let pick = match fallback {
        Some(d)
            if d != best
                && (values[d].len() < DEPART_MIN as usize
                    || !beats(&values[best], &values[d], z, 1.0)) =>
        {
            d
        }
        _ => best,
    };
    Ok(Decision {
        chosen: actions.get(pick).copied().unwrap_or(Action::PASS),
        estimates: summarise(&actions, &values),
    })
}

fn mean(v: &[f64]) -> f64 {
    v.iter().sum::<f64>() / v.len().max(1) as f64
}

/// The option with the best mean (the first, so the lower action code, on a tie).
fn best_mean(values: &[Vec<f64>]) -> Option<usize> {
    (0..values.len()).fold(None, |best, k| match best {
        Some(b) if mean(&values[b]) >= mean(&values[k]) => Some(b),
        _ => Some(k),
    })
}

/// The fewest worlds on which the search departs from a default option.
const DEPART_MIN: u32 = 4;

/// Whether `a` beats `b` by more than `z` standard errors of their paired difference, the
/// variance taken at least `floor` (values solved within a tolerance fall into buckets, so a
/// few worlds may show a difference that does not vary; with no floor, a positive margin in
/// every world then wins).
fn beats(a: &[f64], b: &[f64], z: f64, floor: f64) -> bool {
    let (m, se) = paired(a, b, floor);
    if se == 0.0 {
        return m > 0.0;
    }
    m > z * se
}

/// The mean of the paired difference `a - b` over the worlds both were valued in, and its
/// standard error (the variance taken at least `floor`).
fn paired(a: &[f64], b: &[f64], floor: f64) -> (f64, f64) {
    let d: Vec<f64> = a.iter().zip(b).map(|(x, y)| x - y).collect();
    let n = d.len() as f64;
    let m = mean(&d);
    let var = (d.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (n - 1.0).max(1.0)).max(floor);
    (m, (var / n).sqrt())
}

/// The option with the best mean (the last of equal ones), if any.
fn leader<V: AsRef<[f64]>>(values: &[V]) -> Option<usize> {
    (0..values.len()).max_by(|&i, &j| mean(values[i].as_ref()).total_cmp(&mean(values[j].as_ref())))
}

/// The standard normal distribution function (Abramowitz and Stegun 7.1.26: within 1.5e-7).
fn normal_cdf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs() / std::f64::consts::SQRT_2);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let erf = 1.0 - poly * (-(x * x) / 2.0).exp();
    if x >= 0.0 {
        0.5 * (1.0 + erf)
    } else {
        0.5 * (1.0 - erf)
    }
}

/// The expected loss of taking the option with the best mean now: for each other option, how
/// much it is expected to be worth more than the best, `E[max(0, other - best)]`, with their
/// paired difference taken as normal with its mean and standard error (the variance at least
/// `floor`, as in [`beats`]), summed over the other options.  Small when the best is clearly
/// ahead, and also when the options left are so close that taking either costs little: the
/// worlds that would still be drawn to tell them apart are saved.
pub fn expected_loss<V: AsRef<[f64]>>(values: &[V], floor: f64) -> f64 {
    let Some(best) = leader(values) else {
        return 0.0;
    };
    let top = values[best].as_ref();
    let mut loss = 0.0;
    for (j, other) in values.iter().enumerate() {
        let other = other.as_ref();
        if j == best || top == other {
            continue;
        }
        let (m, se) = paired(top, other, floor);
        let u = m / se;
        let density = (-(u * u) / 2.0).exp() / (2.0 * std::f64::consts::PI).sqrt();
        loss += se * density - m * (1.0 - normal_cdf(u));
    }
    loss
}

/// The fewest worlds a decision before play stops on by its expected loss: the variance of
/// fewer is too rough a guess to trust (four worlds can agree by chance).
pub const LOSS_MIN: u32 = 8;

/// Whether the option with the best mean beats every other by more than `z` standard errors
/// of the paired difference (options equal in every world so far do not hold it back).
fn clear_winner<V: AsRef<[f64]>>(values: &[V], z: f64, floor: f64) -> bool {
    let Some(best) = leader(values) else {
        return true;
    };
    let top = values[best].as_ref();
    values.iter().enumerate().all(|(j, other)| {
        let other = other.as_ref();
        j == best || top == other || beats(top, other, z, floor)
    })
}

/// What the play of a deal depends on at its first card: the hands, the leader, the trump.
type PlayKey = ([CardSet; MAX_SEATS], u8, u8, u8);

fn play_key(deal: &Deal) -> PlayKey {
    (
        deal.dealt,
        deal.to_play,
        deal.trump,
        deal.mode.map_or(0, |m| m as u8 + 1),
    )
}

/// The rules a deal's play depends on: `data` without what only chooses the contract or
/// scores a finished deal (dealing, calls, no-trump and blind, factors, ties, sweeps, the cap,
/// the match), which the solver never reads.  Two rulesets that differ only there (Belgian
/// with and without a cap) play every dealt position to the same value.
fn play_rules(data: &RulesData) -> RulesData {
    let base = RulesData::default();
    RulesData {
        packets: base.packets,
        cutter_offset: base.cutter_offset,
        next_dealer_offset: base.next_dealer_offset,
        delegation: base.delegation,
        no_trump_allowed: base.no_trump_allowed,
        no_trump_factor: base.no_trump_factor,
        blind_allowed: base.blind_allowed,
        blind_factor: base.blind_factor,
        blind_only_when_behind_by: base.blind_only_when_behind_by,
        early_look_throws_in: base.early_look_throws_in,
        calls: base.calls,
        tie_carries: base.tie_carries,
        tie_factor: base.tie_factor,
        tie_per_tie: base.tie_per_tie,
        sweep_factor: base.sweep_factor,
        sweep_all_tricks: base.sweep_all_tricks,
        combine_add: base.combine_add,
        cap: base.cap,
        target: base.target,
        best_of: base.best_of,
        ..data.clone()
    }
}

/// Values remembered per thread, by the rules of play ([`play_rules`]: an index into `rules`)
/// and a position; emptied when `max` are kept.  A position's value under the rules it is
/// played by depends on nothing else, so remembering changes no answer, only its cost.
struct Memo<K, V> {
    rules: Vec<RulesData>,
    values: HashMap<(usize, K), V>,
    max: usize,
}

impl<K: Hash + Eq, V: Clone> Memo<K, V> {
    fn new(max: usize) -> Self {
        Memo {
            rules: Vec::new(),
            values: HashMap::new(),
            max,
        }
    }

    /// `play`: the rules of play ([`play_rules`]) the value was solved under.
    fn get(&self, play: &RulesData, key: K) -> Option<V> {
        let index = self.rules.iter().position(|r| r == play)?;
        self.values.get(&(index, key)).cloned()
    }

    fn put(&mut self, play: RulesData, key: K, value: V) {
        if self.values.len() >= self.max {
            self.values.clear();
            self.rules.clear();
        }
        let index = match self.rules.iter().position(|r| *r == play) {
            Some(p) => p,
            None => {
                self.rules.push(play);
                self.rules.len() - 1
            }
        };
        self.values.insert((index, key), value);
    }
}

/// The value of `key` from `memo`, else `solve`d and kept.
fn remembered<K: Hash + Eq + Copy, V: Clone>(
    memo: &'static LocalKey<RefCell<Memo<K, V>>>,
    rules: &Rules,
    key: K,
    solve: impl FnOnce() -> V,
) -> V {
    let play = play_rules(&rules.data);
    if let Some(v) = memo.with(|m| m.borrow().get(&play, key)) {
        return v;
    }
    let v = solve();
    memo.with(|m| m.borrow_mut().put(play, key, v.clone()));
    v
}

thread_local! {
    /// Dealt positions by dealer (whose side team A is), [`PlayKey`] and tolerance.
    static SOLVED: RefCell<Memo<(u8, PlayKey, u32), u32>> = RefCell::new(Memo::new(1 << 18));
    /// Positions of play, whole.
    static MOVES: RefCell<Memo<Deal, Vec<(u8, u32)>>> = RefCell::new(Memo::new(1 << 16));
}

/// Team A's total for a deal at its first card, within `tolerance`
/// ([`Solver::value_within`]), remembered: the options of a decision that lead to the same
/// play (a call and a pass, delegation and the suit then named) share one solve, and so do
/// the same worlds searched again under rules that play alike (the decisions of a duplicate
/// comparison of two scorings).
fn solve_before_play(rules: &Rules, deal: &Deal, tolerance: u32) -> u32 {
    remembered(
        &SOLVED,
        rules,
        (deal.dealer, play_key(deal), tolerance),
        || with_solver(|s| s.value_within(rules, deal, tolerance)).unwrap_or(0),
    )
}

/// [`Solver::moves`], remembered like [`solve_before_play`]: a world met again under rules
/// that play alike (the same deal searched under two scorings) is not solved twice.
fn solve_moves(rules: &Rules, deal: &Deal) -> Vec<(u8, u32)> {
    remembered(&MOVES, rules, *deal, || {
        with_solver(|s| s.moves(rules, deal))
    })
}

/// The net match points for `team` of a deal before play, the rest decided simply: a
/// chooser (after delegation, or after looking) names its best suit by the heuristic's rough
/// count ([`hand_choice`]), and a seat asked to call calls with a strong hand ([`call_choice`]).
fn settle(rules: &Rules, deal: &Deal, team: u8, tolerance: u32) -> f64 {
    match deal.phase {
        Phase::Play => {
            let total = solve_before_play(rules, deal, tolerance);
            let m = margin(rules, factor(rules, deal), total);
            if team == rules.team(deal.dealer) {
                m
            } else {
                -m
            }
        }
        Phase::Calls => match deal.apply(rules, call_choice(rules, deal)) {
            Ok(next) => settle(rules, &next, team, tolerance),
            Err(_) => 0.0,
        },
        Phase::Over => 0.0,
        Phase::Blind | Phase::Trump => match deal.apply(rules, hand_choice(rules, deal)) {
            Ok(next) => settle(rules, &next, team, tolerance),
            Err(_) => 0.0,
        },
    }
}

/// What a chooser names from its own hand alone: the suit with the most tricks by the
/// heuristic's rough count (then the longest).  Choosing with every hand known would overrate
/// delegating and looking.
fn hand_choice(rules: &Rules, deal: &Deal) -> Action {
    if deal.phase == Phase::Blind {
        return Action::LOOK;
    }
    let hand = deal.hand(deal.to_play);
    let value = |s: u8| suit_value(rules, hand, s);
    let legal = deal.legal_action_list(rules);
    (0..4u8)
        .filter(|&s| legal.contains(&Action::trump(s)))
        .fold(None, |best: Option<u8>, s| match best {
            Some(b) if value(b) >= value(s) => Some(b),
            _ => Some(s),
        })
        .map_or(Action::NO_TRUMP, Action::trump)
}

/// What a seat asked to call does in the settling of a decision: the call open to it with
/// at least [`CALL_AT`] tricks by the heuristic's rough count, else a pass.
fn call_choice(rules: &Rules, deal: &Deal) -> Action {
    match modeled_call(rules, deal) {
        Some(call) if tricks_with(rules, deal, deal.hand(deal.to_play)) >= CALL_AT => call,
        _ => Action::PASS,
    }
}

// ---------------------------------------------------------------------- budgeted search

/// What one decision may spend: a number of worlds (deterministic: the same seed and view
/// give the same choice) or a time in milliseconds (anytime: the best answer when the time is
/// up).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    Worlds(u32),
    Millis(f64),
}

/// The search bot's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    pub budget: Budget,
    /// A sequential test stops sampling once the leading option beats every other by this
    /// many standard errors of the paired difference.
    pub z: f64,
    /// Each world of a decision before play is solved within this many points (a call or a
    /// reply within `call_tolerance`: only the sign of the margin matters there).
    pub tolerance: u32,
    pub call_tolerance: u32,
    /// A decision before play (deterministic budgets only) also stops once taking the best
    /// option so far is expected to lose less than this many match points against the others
    /// ([`expected_loss`], after [`LOSS_MIN`] worlds); 0: off.
    pub loss: f64,
    /// The same for a card decision, after the fewest worlds of its budget ([`card_worlds`]).
    pub card_loss: f64,
    /// Weigh worlds by the cards the other seats played (the heuristic's card play as the
    /// model: [`crate::infer::play_likelihood`]).
    pub inference: bool,
    /// Skip the trump and no-trump choices the model's decision table puts far below its
    /// best ([`PRIOR_GAP`]); no effect with a model without a table.
    pub prior: bool,
}

/// How far (net match points, per unit of the larger factor) a trump or no-trump may fall
/// below the decision table's best and still be searched.
pub const PRIOR_GAP: f64 = 5.0;

/// The default budget: worlds per card decision (fewer while many cards are out, more in the
/// last six tricks, see [`card_worlds`]); decisions before play get [`DECISION_FACTOR`] times
/// as many.
pub const DEFAULT_WORLDS: u32 = 12;
/// How many more worlds a decision before play may draw than a card decision: these choices
/// (trump, no-trump, blind, the calls) move the most match points, and most stop early.
pub const DECISION_FACTOR: u32 = 2;
/// The fewest worlds a decision before play is decided on (unless every option is equal).
pub const DECISION_MIN: u32 = 4;
/// An option this many standard errors below the best is dropped from a decision before play
/// (no more solves are spent on it).
pub const DROP_Z: f64 = 2.5;
/// The default tolerances (card points) of a decision before play and of a call: buckets of
/// 9 and 21 points, found by zero-window tests ([`crate::solver::PROBE_TOLERANCE`]).  Over
/// 30 Belgian deals they cut the solver's nodes for the trump choice by a third and for the
/// calls by a third against 4 and 10 (exact values for the trump), at no strength measured
/// (docs/search.md).  (Buckets of 13 points cut the trump's nodes by half but stopped the
/// example hand of `table-convention` on no-trump after 4 worlds.)
pub const DEFAULT_TOLERANCE: u32 = 8;
pub const DEFAULT_CALL_TOLERANCE: u32 = 20;
/// The default expected loss (match points) a card decision may stop at
/// ([`Settings::card_loss`]).
pub const DEFAULT_CARD_LOSS: f64 = 1.0;
/// The most worlds a timed decision draws.
const MAX_TIMED_WORLDS: u32 = 4096;

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            budget: Budget::Worlds(DEFAULT_WORLDS),
            z: 2.0,
            tolerance: DEFAULT_TOLERANCE,
            call_tolerance: DEFAULT_CALL_TOLERANCE,
            loss: 0.0,
            card_loss: DEFAULT_CARD_LOSS,
            inference: true,
            prior: true,
        }
    }
}

/// How many times the worlds of a budget the last six tricks' card decisions draw: a world
/// with 24 cards or fewer left is solved in a fraction of a first trick's time, and a dozen
/// worlds cannot tell close cards apart there.  Four times as many (24 to 48 worlds at the
/// default budget) gained +0.56 to +1.26 match points a pair against the heuristic on every
/// bundled ruleset, paired over the same 1,000 deals each, for 10% to 25% more time
/// (docs/search.md, "The last six tricks' worlds").
pub const LATE_FACTOR: u32 = 4;

/// Worlds per card decision for a budget of `base`: fewer while many cards are out (each world
/// costs more and the values of the first cards differ less), [`LATE_FACTOR`] times as many
/// in the last six tricks (each world is cheap there).
pub fn card_worlds(cards_left: u32, base: u32) -> u32 {
    if cards_left > 24 {
        (base / 3).max(2)
    } else if cards_left > 16 {
        LATE_FACTOR * (base / 2).max(3)
    } else {
        LATE_FACTOR * base.max(1)
    }
}

/// When a budgeted search stops drawing worlds.
struct Clock {
    start: Instant,
    budget: Budget,
    min: u32,
    max: u32,
}

impl Clock {
    fn new(budget: Budget, min: u32, max: u32) -> Clock {
        Clock {
            start: Instant::now(),
            budget,
            min,
            max,
        }
    }

    /// Whether the budget is spent after `n` worlds, the last of which took `last` ms.
    fn spent(&self, n: u32, last: f64) -> bool {
        match self.budget {
            Budget::Worlds(_) => n >= self.max,
            Budget::Millis(ms) => {
                let used = self.start.elapsed().as_secs_f64() * 1000.0;
                // Stop when one more world like the last would overrun the budget by half.
                n >= MAX_TIMED_WORLDS || used >= ms || used + last > ms * 1.5
            }
        }
    }

    /// Whether the sequential test may stop the search: after the fewest worlds of a budget
    /// of worlds; never with a time budget (the time is there to be spent: the search stops
    /// when it is up, or when every option has been equal in every world).
    fn may_stop(&self, n: u32) -> bool {
        matches!(self.budget, Budget::Worlds(_)) && n >= self.min
    }
}

/// The budgeted search's answer for the seat to act: each option's estimate (net match points
/// for the seat's side) and the option taken: the best mean, the heuristic's choice (`model`)
/// on an exact tie, else the lower action code.  The heuristic orders the search; it never
/// stands against an option valued better.
pub fn choose(
    rules: &Rules,
    know: &Knowledge,
    settings: &Settings,
    seed: u64,
    model: &HeuristicBot,
) -> Result<Decision, NoWorld> {
    let sampler = Sampler::new(rules, know)?;
    let mut rng = Rng::new(view_seed(know, seed));
    let infer = settings.inference.then_some(model);
    let first = draw_weighted(&sampler, rules, know, &mut rng, infer)?;
    if first.to_play != know.seat || first.phase == Phase::Over {
        return Err(NoWorld::new("core.no-world.not-turn"));
    }
    if first.phase == Phase::Blind && know.own == 0 && know.decisions.is_empty() {
        return blind_decision(rules, know, settings);
    }
    let mut heuristic = model.clone();
    heuristic.set_scores(know.scores);
    let tie_break = heuristic.act(rules, &first, first.legal_actions(rules));
    let mut race = Race {
        rules,
        know,
        settings,
        sampler: &sampler,
        infer,
        prior: settings.prior.then_some(model),
    };
    if first.phase == Phase::Play {
        race.cards(&mut rng, first, tie_break)
    } else {
        race.decision(&mut rng, first, tie_break)
    }
}

/// The worlds the blind decision is searched over, once per ruleset and pending ties.
pub const BLIND_WORLDS: u32 = 48;

thread_local! {
    static BLIND: RefCell<Vec<(crate::rules::RulesData, u32, Decision)>> = const { RefCell::new(Vec::new()) };
}

/// Blind no-trump or look, decided before the dealer has seen a card: nothing in the view
/// tells one deal from another but the ruleset and the pending ties (the values are match
/// points for the deal; the score does not move them), so the decision is searched once per
/// ruleset and pending ties, over [`BLIND_WORLDS`] × [`DECISION_FACTOR`] worlds at most from a
/// fixed seed (the same answer for every bot, seed and thread), and kept.
fn blind_decision(
    rules: &Rules,
    know: &Knowledge,
    settings: &Settings,
) -> Result<Decision, NoWorld> {
    let found = BLIND.with(|b| {
        b.borrow()
            .iter()
            .find(|(data, ties, _)| *ties == know.pending_ties && *data == rules.data)
            .map(|e| e.2.clone())
    });
    if let Some(d) = found {
        return Ok(d);
    }
    let canonical = Knowledge {
        seat: 0,
        dealer: 0,
        own: 0,
        decisions: Vec::new(),
        played: Vec::new(),
        turned: know.turned,
        pending_ties: know.pending_ties,
        scores: [0, 0],
    };
    let fixed = Settings {
        budget: Budget::Worlds(BLIND_WORLDS),
        loss: 0.0,
        ..*settings
    };
    let sampler = Sampler::new(rules, &canonical)?;
    let mut rng = Rng::new(view_seed(&canonical, 0));
    let first = draw_weighted(&sampler, rules, &canonical, &mut rng, None)?;
    let mut race = Race {
        rules,
        know: &canonical,
        settings: &fixed,
        sampler: &sampler,
        infer: None,
        prior: None,
    };
    let decision = race.decision(&mut rng, first, Action::LOOK)?;
    BLIND.with(|b| {
        let mut b = b.borrow_mut();
        if b.len() >= 32 {
            b.clear();
        }
        b.push((rules.data.clone(), know.pending_ties, decision.clone()));
    });
    Ok(decision)
}

/// One budgeted decision in progress: the worlds drawn so far and each option's values.
struct Race<'a> {
    rules: &'a Rules,
    know: &'a Knowledge,
    settings: &'a Settings,
    sampler: &'a Sampler<'a>,
    infer: Option<&'a HeuristicBot>,
    /// The model whose decision table prunes the dealer's choices, if any.
    prior: Option<&'a HeuristicBot>,
}

impl Race<'_> {
    fn next_world(&self, rng: &mut Rng) -> Result<Deal, NoWorld> {
        draw_weighted(self.sampler, self.rules, self.know, rng, self.infer)
    }

    /// Net match points for the seat's side per card, world after world, until the budget is
    /// spent or a card beats every other by `z` standard errors.
    fn cards(
        &mut self,
        rng: &mut Rng,
        first: Deal,
        tie_break: Action,
    ) -> Result<Decision, NoWorld> {
        let rules = self.rules;
        let left = 32 - self.know.played.len() as u32;
        let clock = match self.settings.budget {
            Budget::Worlds(n) => Clock::new(
                self.settings.budget,
                card_worlds(left, n),
                2 * card_worlds(left, n),
            ),
            Budget::Millis(_) => Clock::new(self.settings.budget, 1, MAX_TIMED_WORLDS),
        };
        let actions: Vec<Action> = iter(first.legal_cards(rules)).map(Action::card).collect();
        let mut values: Vec<Vec<f64>> = vec![Vec::new(); actions.len()];
        let sign = side_sign(rules, self.know);
        let mut deal = first;
        let mut n = 0;
        loop {
            let t = Instant::now();
            let f = factor(rules, &deal);
            let moves = solve_moves(rules, &deal);
            for (k, (_, total)) in moves.iter().enumerate() {
                values[k].push(sign * margin(rules, f, *total));
            }
            n += 1;
            let last = t.elapsed().as_secs_f64() * 1000.0;
            if self.settled(&values, n, &clock, false) || clock.spent(n, last) {
                break;
            }
            deal = self.next_world(rng)?;
        }
        Ok(decided(&actions, &values, tie_break))
    }

    /// A decision before play: every option valued over the same worlds (options with the
    /// same play share one solve per world), options far below the best dropped, until the
    /// budget is spent or the best beats every other by `z` standard errors.  The rest of the
    /// deal's decisions is settled in each world by the model of the seats ([`settle`]).
    fn decision(
        &mut self,
        rng: &mut Rng,
        first: Deal,
        tie_break: Action,
    ) -> Result<Decision, NoWorld> {
        let rules = self.rules;
        let max = match self.settings.budget {
            Budget::Worlds(n) => n.max(1) * DECISION_FACTOR,
            Budget::Millis(_) => MAX_TIMED_WORLDS,
        };
        let clock = Clock::new(self.settings.budget, DECISION_MIN.min(max), max);
        let actions: Vec<Action> = first
            .legal_action_list(rules)
            .into_iter()
            .filter(|&a| a != Action::THROW_IN)
            .collect();
        let mut values: Vec<Vec<f64>> = vec![Vec::new(); actions.len()];
        let mut live = self.prior_live(&first, &actions);
        let team = rules.team(self.know.seat);
        let tolerance = if first.phase == Phase::Calls {
            self.settings.call_tolerance
        } else {
            self.settings.tolerance
        };
        let mut deal = first;
        let mut n = 0;
        loop {
            let t = Instant::now();
            for (k, &a) in actions.iter().enumerate() {
                if !live[k] {
                    continue;
                }
                let next = deal
                    .apply(rules, a)
                    .map_err(|_| NoWorld::new("core.no-world.decision-refused"))?;
                values[k].push(settle(rules, &next, team, tolerance));
            }
            n += 1;
            if n >= DEPART_MIN {
                drop_beaten(&values, &mut live);
            }
            let last = t.elapsed().as_secs_f64() * 1000.0;
            let racing: Vec<&[f64]> = values
                .iter()
                .zip(&live)
                .filter(|(_, &l)| l)
                .map(|(v, _)| v.as_slice())
                .collect();
            if self.settled(&racing, n, &clock, true) || clock.spent(n, last) {
                break;
            }
            deal = self.next_world(rng)?;
        }
        let mut decision = decided(&actions, &values, tie_break);
        let best = (0..actions.len())
            .filter(|&k| live[k])
            .fold(None, |best: Option<usize>, k| match best {
                Some(b) if better(&values[b], actions[b], &values[k], actions[k], tie_break) => {
                    Some(b)
                }
                _ => Some(k),
            });
        if let Some(b) = best {
            decision.chosen = actions[b];
        }
        Ok(decision)
    }

    /// The options worth searching: all, but for a trump or no-trump that the model's table
    /// puts more than [`PRIOR_GAP`] times the larger factor below its best trump or no-trump
    /// (a choice that far below is never the best in practice, and each searched choice
    /// costs a solve per world); the table's best trump suit is always searched, and so are
    /// delegation and every other decision.
    fn prior_live(&self, first: &Deal, actions: &[Action]) -> Vec<bool> {
        let mut live = vec![true; actions.len()];
        let Some(model) = self.prior else {
            return live;
        };
        let view = SeatView::of(
            self.rules,
            first,
            self.know.scores,
            first.legal_actions(self.rules),
        );
        let Some(prior) = model.trump_prior(self.rules, &view) else {
            return live;
        };
        let (top, top_factor) =
            prior
                .iter()
                .fold((f64::NEG_INFINITY, 1.0), |(t, f), &(_, v, g)| {
                    if v > t {
                        (v, g)
                    } else {
                        (t, f)
                    }
                });
        // The best trump suit by the table stays in the race whatever no-trump is worth.
        let best_trump = prior
            .iter()
            .filter(|p| p.0 != Action::NO_TRUMP)
            .map(|p| p.1)
            .fold(f64::NEG_INFINITY, f64::max);
        for (k, a) in actions.iter().enumerate() {
            if let Some(&(_, v, f)) = prior.iter().find(|p| p.0 == *a) {
                let best_suit = *a != Action::NO_TRUMP && v >= best_trump;
                live[k] = best_suit || v >= top - PRIOR_GAP * f.max(top_factor);
            }
        }
        live
    }

    /// Whether the options are settled: one beats every other by `z` standard errors (after
    /// the clock's fewest worlds), or every option has had the same value in every world so
    /// far (four worlds at least), or the best is expected to lose less than the settings'
    /// `card_loss` ([`expected_loss`]; before play, `before_play`, `loss` after [`LOSS_MIN`]
    /// worlds).
    fn settled<V: AsRef<[f64]>>(
        &self,
        values: &[V],
        n: u32,
        clock: &Clock,
        before_play: bool,
    ) -> bool {
        if values.len() <= 1 {
            return true;
        }
        let all_equal = values.iter().all(|v| v.as_ref() == values[0].as_ref());
        let timed = matches!(clock.budget, Budget::Millis(_));
        // A card decision trusts the variance from the clock's fewest worlds on (its options
        // differ in few worlds); a decision before play from LOSS_MIN.
        let (loss, from) = if before_play {
            (self.settings.loss, LOSS_MIN)
        } else {
            (self.settings.card_loss, clock.min)
        };
        let cheap = loss > 0.0 && n >= from;
        (all_equal && n >= if timed { 2 * DEPART_MIN } else { DEPART_MIN })
            || (clock.may_stop(n)
                && (clear_winner(values, self.settings.z, 1.0)
                    || (cheap && expected_loss(values, 1.0) < loss)))
    }
}

/// Drop every live option that the best live option beats by [`DROP_Z`] standard errors.
fn drop_beaten(values: &[Vec<f64>], live: &mut [bool]) {
    let Some(best) = (0..values.len())
        .filter(|&k| live[k])
        .max_by(|&i, &j| mean(&values[i]).total_cmp(&mean(&values[j])))
    else {
        return;
    };
    for k in 0..values.len() {
        if k != best && live[k] && beats(&values[best], &values[k], DROP_Z, 1.0) {
            live[k] = false;
        }
    }
}

/// Whether option `a` (values `va`) ranks before option `b`: the higher mean; on an exact tie
/// the heuristic's choice, then the lower action code.
fn better(va: &[f64], a: Action, vb: &[f64], b: Action, tie_break: Action) -> bool {
    let (ma, mb) = (mean(va), mean(vb));
    if ma != mb {
        return ma > mb;
    }
    if a == tie_break || b == tie_break {
        return a == tie_break;
    }
    a.0 < b.0
}

/// The estimates and the option ranked first by [`better`].
fn decided(actions: &[Action], values: &[Vec<f64>], tie_break: Action) -> Decision {
    let best = (0..actions.len()).fold(None, |best: Option<usize>, k| match best {
        Some(b) if better(&values[b], actions[b], &values[k], actions[k], tie_break) => Some(b),
        _ => Some(k),
    });
    Decision {
        chosen: best.map_or(Action::PASS, |b| actions[b]),
        estimates: summarise(actions, values),
    }
}

/// +1 when the seat is on the dealer's side (the solver's values are the dealer's side's
/// totals), else -1.
fn side_sign(rules: &Rules, know: &Knowledge) -> f64 {
    if rules.team(know.seat) == rules.team(know.dealer) {
        1.0
    } else {
        -1.0
    }
}

/// The search bot of the core: reads only what its seat knows of the deal
/// ([`Knowledge::of`]) and decides by [`choose`].
#[derive(Clone, Debug)]
pub struct SearchBot {
    pub seed: u64,
    pub settings: Settings,
    /// The model of play: orders the search and weighs worlds by the cards played.
    pub model: HeuristicBot,
    scores: [i64; 2],
}

impl SearchBot {
    pub fn new(seed: u64, settings: Settings, model: HeuristicBot) -> SearchBot {
        SearchBot {
            seed,
            settings,
            model,
            scores: [0, 0],
        }
    }
}

impl Bot for SearchBot {
    fn act(&mut self, rules: &Rules, deal: &Deal, legal: u64) -> Action {
        if legal.count_ones() <= 1 {
            return Action(legal.trailing_zeros() as u8);
        }
        let know = Knowledge::of(rules, deal, deal.to_play, self.scores);
        match choose(rules, &know, &self.settings, self.seed, &self.model) {
            Ok(d) if legal.checked_shr(d.chosen.0 as u32).unwrap_or(0) & 1 == 1 => d.chosen,
            // Not reached with a seat's real knowledge (the tests draw worlds from every kind
            // of position); the heuristic's choice keeps a simulation going if it were.
            _ => self.model.act(rules, deal, legal),
        }
    }

    fn set_scores(&mut self, scores: [i64; 2]) {
        self.scores = scores;
        self.model.set_scores(scores);
    }
}

#[cfg(test)]
mod stopping {
    use super::*;

    #[test]
    fn the_last_six_tricks_draw_four_times_the_worlds_of_the_budget() {
        // The first tricks: a third of the budget (two at least), then half (three at least).
        assert_eq!(card_worlds(32, 12), 4);
        assert_eq!(card_worlds(25, 12), 4);
        assert_eq!(card_worlds(25, 3), 2);
        // The last six tricks: four times as many.
        assert_eq!(card_worlds(24, 12), 24);
        assert_eq!(card_worlds(17, 4), 12);
        assert_eq!(card_worlds(16, 12), 48);
        assert_eq!(card_worlds(4, 1), 4);
        assert_eq!(card_worlds(2, 0), 4);
    }

    #[test]
    fn the_expected_loss_is_small_when_the_best_is_clearly_ahead_or_the_options_are_close() {
        let ahead = [vec![10.0, 12.0, 11.0, 9.0], vec![0.0, 1.0, -1.0, 2.0]];
        let close = [vec![5.0, 5.0, 5.0, 5.0], vec![5.0, 5.0, 5.0, 5.0 - 1e-9]];
        let unsure = [
            vec![20.0, -20.0, 15.0, -10.0],
            vec![-15.0, 25.0, -10.0, 5.0],
        ];
        assert!(expected_loss(&ahead, 1.0) < 1e-3);
        // Equal in all but a hair: each world's difference is tiny, its variance the floor.
        assert!(expected_loss(&close, 0.0) < 1e-6);
        assert!(expected_loss(&unsure, 1.0) > 3.0);
        // One option, or none: nothing to lose.
        assert_eq!(expected_loss(&[vec![1.0, 2.0]], 1.0), 0.0);
        assert_eq!(expected_loss::<Vec<f64>>(&[], 1.0), 0.0);
    }

    #[test]
    fn the_normal_distribution_function_is_close_to_its_table() {
        for (x, p) in [
            (0.0, 0.5),
            (1.0, 0.841_344_7),
            (-1.96, 0.024_997_9),
            (3.0, 0.998_650_1),
        ] {
            assert!((normal_cdf(x) - p).abs() < 1e-6, "{x}");
        }
    }
}

#[cfg(test)]
mod remembering {
    use super::*;
    use crate::rules::Undertrump;
    use crate::solver::Solver;

    fn to_play(rules: &Rules, seed: i128) -> Deal {
        let mut deal = Deal::new(rules, seed, 0, 0, [0, 0]);
        while deal.phase != Phase::Play {
            let a = deal.legal_action_list(rules)[0];
            deal = deal.apply(rules, a).unwrap();
        }
        deal
    }

    #[test]
    fn the_rules_of_play_leave_out_the_scoring_and_keep_the_obligations() {
        let base = RulesData::default();
        let capped = RulesData {
            cap: Some(4),
            tie_factor: 3,
            ..base.clone()
        };
        assert_eq!(play_rules(&capped), play_rules(&base));
        let undertrump = RulesData {
            undertrump: Undertrump::Allowed,
            ..base.clone()
        };
        assert_ne!(play_rules(&undertrump), play_rules(&base));
        let points = RulesData {
            last_trick_bonus: 10,
            ..base.clone()
        };
        assert_ne!(play_rules(&points), play_rules(&base));
    }

    #[test]
    fn a_remembered_value_is_the_value_solved_afresh_under_each_rules() {
        let plain = Rules::new(RulesData::default()).unwrap();
        let other = Rules::new(RulesData {
            undertrump: Undertrump::Allowed,
            beat_opponent: crate::rules::BeatOpponent::Never,
            last_trick_bonus: 10,
            ..RulesData::default()
        })
        .unwrap();
        for seed in 0..6 {
            for rules in [&plain, &other, &plain] {
                let deal = to_play(rules, seed);
                let fresh = Solver::new().value_within(rules, &deal, 0).unwrap();
                assert_eq!(solve_before_play(rules, &deal, 0), fresh);
                assert_eq!(solve_moves(rules, &deal), Solver::new().moves(rules, &deal));
            }
        }
    }
}
