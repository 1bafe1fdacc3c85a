//! Decisions from one seat's knowledge by perfect-information Monte Carlo (PIMC): draw worlds
//! consistent with what the seat has seen ([`crate::sample`]), solve each double-dummy
//! ([`crate::solver`]), and average each option's value over the worlds.
//!
//! Values are match points for the deal, net for the seat's side: the side's points minus
//! the other side's, with the deal's factors (trump mode, calls, pending ties, cap).  The
//! sweep factor is not seen (the solver counts points, not tricks).

use std::cell::RefCell;

use crate::action::Action;
use crate::cards::{iter, CardSet, MAX_SEATS};
use crate::deal::{Deal, Phase};
use crate::heuristic::{hand_tricks, suit_value, DEFAULT_THRESHOLDS};
use crate::rng::Rng;
use crate::rules::{Mode, Rules};
use crate::sample::{Knowledge, NoWorld, Sampler};
use crate::scoring::{self, Figures};
use crate::solver::Solver;

thread_local! {
    static SOLVER: RefCell<Solver> = RefCell::new(Solver::new());
}

/// Run `f` with this thread's solver (its table is large: made once per thread).
pub fn with_solver<T>(f: impl FnOnce(&mut Solver) -> T) -> T {
    SOLVER.with(|s| f(&mut s.borrow_mut()))
}

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
            .ok_or_else(|| NoWorld("a drawn world did not replay".into()))?;
        let p = choice_likelihood(rules, &deal, know.seat) * calls_likelihood(rules, know, &hands);
        let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        if p >= 1.0 || u < p {
            return Ok(deal);
        }
        last = Some(deal);
    }
    last.ok_or_else(|| NoWorld("no world drawn".into()))
}

/// How likely the chooser (another seat) would have named the deal's trump or no-trump with
/// its hand in this world, by the heuristic's rough count of tricks ([`hand_tricks`]): a trump
/// suit 0.35 to the power of the number of its suits worth more (then longer), times the
/// chance it did not prefer no-trump where no-trump is open; no-trump with probability rising
/// with the hand's no-trump tricks past [`NO_TRUMP_AT`].  1 when the seat chose itself, before
/// any choice, or at blind no-trump (named unseen).
pub fn choice_likelihood(rules: &Rules, deal: &Deal, seat: u8) -> f64 {
    let chooser = deal.chooser;
    if chooser == crate::cards::NONE || chooser == seat || chooser as usize >= MAX_SEATS {
        return 1.0;
    }
    let hand = deal.dealt[chooser as usize];
    let no_trump = || logistic((hand_tricks(rules, hand, None) - NO_TRUMP_AT) / SOFTNESS);
    match deal.mode {
        Some(Mode::Trump) if deal.trump < 4 => {
            let value = |s: u8| suit_value(rules, hand, s);
            let named = value(deal.trump);
            let better = (0..4u8).filter(|&s| value(s) > named).count() as i32;
            let open = if rules.data.no_trump_allowed {
                1.0 - no_trump()
            } else {
                1.0
            };
            0.35f64.powi(better) * open
        }
        Some(Mode::NoTrump) => no_trump(),
        _ => 1.0,
    }
}

/// The no-trump tricks (the heuristic's rough count) about which a chooser is as likely to
/// name no-trump as not (hands named no-trump by the heuristic under `french-coinchee` and
/// `belgian` count 4.0-4.3 on average, other hands 1.6-2.1).
pub const NO_TRUMP_AT: f64 = 3.8;

/// The tricks (the heuristic's rough count) at which a seat is taken to make a doubling call
/// or its reply: the model of the other seats' calls, both when weighing a world by the calls
/// it shows and when settling the calls after a decision.  The heuristic's own line (its
/// call and reply lines are the same).
pub const CALL_AT: f64 = DEFAULT_THRESHOLDS.call;
/// The tricks below which a dealer is taken to delegate the trump choice (the heuristic's).
pub const DELEGATE_BELOW: f64 = DEFAULT_THRESHOLDS.delegate;
/// How soft the model is: a hand this many tricks past the line is about three times as
/// likely to act as the line says than not.
const SOFTNESS: f64 = 0.4;

fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The heuristic's rough count of the tricks `hand` takes with the deal's trump.
fn tricks_with(rules: &Rules, deal: &Deal, hand: CardSet) -> f64 {
    let trump = (deal.mode == Some(Mode::Trump) && deal.trump < 4).then_some(deal.trump);
    hand_tricks(rules, hand, trump)
}

/// The best suit's rough trick count for `hand` (what the dealer weighs before delegating).
fn best_suit_tricks(rules: &Rules, hand: CardSet) -> f64 {
    (0..4u8)
        .map(|s| hand_tricks(rules, hand, Some(s)))
        .fold(f64::NEG_INFINITY, f64::max)
}

/// How likely the delegations, calls and passes of the other seats are with their hands in
/// this world: a seat asked to call calls with probability rising with its tricks past
/// [`CALL_AT`] (and passes otherwise); a dealer who could delegate did so with probability
/// rising with how far its best suit is below [`DELEGATE_BELOW`].  The seat's own decisions
/// (it knows why it took them) and a blind choice weigh nothing.
pub fn calls_likelihood(rules: &Rules, know: &Knowledge, hands: &[CardSet; MAX_SEATS]) -> f64 {
    let mut deal = Deal::from_hands(
        rules,
        *hands,
        know.turned,
        know.dealer,
        know.pending_ties,
        know.scores,
    );
    let mut p = 1.0;
    for &a in &know.decisions {
        let seat = deal.to_play;
        if seat != know.seat && (seat as usize) < MAX_SEATS {
            p *= decision_likelihood(rules, &deal, hands[seat as usize], a);
        }
        if deal.apply_mut(rules, a).is_err() {
            return p;
        }
    }
    p
}

/// How likely a seat holding `hand` takes decision `a` at this point of the deal.
fn decision_likelihood(rules: &Rules, deal: &Deal, hand: CardSet, a: Action) -> f64 {
    match deal.phase {
        Phase::Trump if deal.legal_action_list(rules).contains(&Action::DELEGATE) => {
            let delegate = logistic((DELEGATE_BELOW - best_suit_tricks(rules, hand)) / SOFTNESS);
            if a == Action::DELEGATE {
                delegate
            } else {
                1.0 - delegate
            }
        }
        Phase::Calls => {
            let Some(call) = modeled_call(rules, deal) else {
                return 1.0;
            };
            let calls = logistic((tricks_with(rules, deal, hand) - CALL_AT) / SOFTNESS);
            if a == call {
                calls
            } else if a == Action::PASS {
                1.0 - calls
            } else {
                1.0
            }
        }
        _ => 1.0,
    }
}

/// The call open to the seat asked (the first of the ladder it may make), if any.
fn modeled_call(rules: &Rules, deal: &Deal) -> Option<Action> {
    deal.legal_action_list(rules)
        .into_iter()
        .find(|a| a.as_call().is_some())
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
            return Err(NoWorld("it is not this seat's turn to play a card".into()));
        }
        if actions.is_empty() {
            actions = iter(deal.legal_cards(rules)).map(Action::card).collect();
            values = vec![Vec::new(); actions.len()];
        }
        let f = factor(rules, &deal);
        let moves = with_solver(|s| s.moves(rules, &deal));
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
    let mut solved: Vec<(PlayKey, u32)> = Vec::new();
    let mut fallback = None;
    for n in 1..=samples.max(1) {
        let deal = draw_world(&sampler, rules, know, &mut rng)?;
        if matches!(deal.phase, Phase::Play | Phase::Over) || deal.to_play != know.seat {
            return Err(NoWorld("it is not this seat's turn to decide".into()));
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
        solved.clear();
        for (k, &a) in actions.iter().enumerate() {
            let next = deal
                .apply(rules, a)
                .map_err(|_| NoWorld("a decision was refused".into()))?;
            values[k].push(settle(
                rules,
                &next,
                team,
                &mut solved,
                stop.map_or(0, |s| s.tolerance),
            ));
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
    let d: Vec<f64> = a.iter().zip(b).map(|(x, y)| x - y).collect();
    let n = d.len() as f64;
    let m = mean(&d);
    let var = (d.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (n - 1.0).max(1.0)).max(floor);
    if var == 0.0 {
        return m > 0.0;
    }
    m > z * (var / n).sqrt()
}

/// Whether the option with the best mean beats every other by more than `z` standard errors
/// of the paired difference (options equal in every world so far do not hold it back).
fn clear_winner(values: &[Vec<f64>], z: f64, floor: f64) -> bool {
    let Some(best) =
        (0..values.len()).max_by(|&i, &j| mean(&values[i]).total_cmp(&mean(&values[j])))
    else {
        return true;
    };
    values.iter().enumerate().all(|(j, other)| {
        j == best || values[best] == *other || beats(&values[best], other, z, floor)
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

/// The net match points for `team` of a deal before play, the rest decided simply: a
/// chooser (after delegation, or after looking) names its best suit by the heuristic's rough
/// count ([`hand_choice`]), and a seat asked to call calls with a strong hand ([`call_choice`]).
fn settle(
    rules: &Rules,
    deal: &Deal,
    team: u8,
    solved: &mut Vec<(PlayKey, u32)>,
    tolerance: u32,
) -> f64 {
    match deal.phase {
        Phase::Play => {
            let key = play_key(deal);
            let total = match solved.iter().find(|(k, _)| *k == key) {
                Some(&(_, v)) => v,
                None => {
                    let v = with_solver(|s| s.value_within(rules, deal, tolerance)).unwrap_or(0);
                    solved.push((key, v));
                    v
                }
            };
            let m = margin(rules, factor(rules, deal), total);
            if team == rules.team(deal.dealer) {
                m
            } else {
                -m
            }
        }
        Phase::Calls => match deal.apply(rules, call_choice(rules, deal)) {
            Ok(next) => settle(rules, &next, team, solved, tolerance),
            Err(_) => 0.0,
        },
        Phase::Over => 0.0,
        Phase::Blind | Phase::Trump => match deal.apply(rules, hand_choice(rules, deal)) {
            Ok(next) => settle(rules, &next, team, solved, tolerance),
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
