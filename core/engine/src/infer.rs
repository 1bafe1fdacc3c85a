//! Inference: how likely a world is given what the other seats did in it.
//!
//! A world (hands for the hidden cards) drawn by the exact sampler ([`crate::sample`]) fits
//! every card played, but not every world is as likely: a seat that named spades probably holds
//! spades, a seat that doubled probably holds tricks, a seat that led the king of hearts
//! probably does not hold the ace beside it.  Each decision and card of another seat is judged
//! by a model of play (the heuristic's rough count of tricks for the decisions, the heuristic's
//! own card play for the cards), and a world is drawn with the probability the model gives
//! what it shows.

use crate::action::Action;
use crate::bot::Bot;
use crate::cards::{suit, CardSet, MAX_SEATS};
use crate::deal::{Deal, Phase};
use crate::heuristic::{hand_tricks, suit_value, HeuristicBot, DEFAULT_THRESHOLDS};
use crate::rng::Rng;
use crate::rules::{Mode, Rules};
use crate::sample::{Knowledge, NoWorld, Sampler};

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
pub(crate) fn tricks_with(rules: &Rules, deal: &Deal, hand: CardSet) -> f64 {
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
    let mut deal = dealt(rules, know, hands);
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
pub(crate) fn modeled_call(rules: &Rules, deal: &Deal) -> Option<Action> {
    deal.legal_action_list(rules)
        .into_iter()
        .find(|a| a.as_call().is_some())
}

/// The deal of a world before its first decision: the hands, the turned card, the dealer,
/// the pending ties and the score of the seat's knowledge.
fn dealt(rules: &Rules, know: &Knowledge, hands: &[CardSet; MAX_SEATS]) -> Deal {
    Deal::from_hands(
        rules,
        *hands,
        know.turned,
        know.dealer,
        know.pending_ties,
        know.scores,
    )
}

/// How likely a card that a seat did not choose under the model is (against 1 for the card
/// the model plays): soft, since no seat plays exactly as the model does.
pub const OFF_MODEL: f64 = 0.35;

/// How likely the cards the other seats played are with their hands in this world, under the
/// heuristic's card play by its rules (without its counting out of the last cards: replayed
/// in a dozen candidate worlds for every card seen, it made the search several times slower):
/// 1 for each card the heuristic would have played in that seat (or a card of the same suit
/// and points: the model does not tell such cards apart), [`OFF_MODEL`] for any other, forced
/// cards aside.  The seat's own cards weigh nothing.
pub fn play_likelihood(
    rules: &Rules,
    know: &Knowledge,
    hands: &[CardSet; MAX_SEATS],
    model: &HeuristicBot,
) -> f64 {
    let mut deal = dealt(rules, know, hands);
    for &a in &know.decisions {
        if deal.apply_mut(rules, a).is_err() {
            return 1.0;
        }
    }
    let mut model = model.clone().with_endgame(None);
    model.set_scores(know.scores);
    let mut p = 1.0;
    for &card in &know.played {
        if deal.phase != Phase::Play {
            break;
        }
        let seat = deal.to_play;
        let legal = deal.legal_actions(rules);
        if seat != know.seat && legal.count_ones() > 1 {
            let chosen = model.act(rules, &deal, legal);
            if !same_under_model(rules, chosen, card) {
                p *= OFF_MODEL;
            }
        }
        if deal.apply_mut(rules, Action::card(card)).is_err() {
            break;
        }
    }
    p
}

/// Whether the model's choice and the card played are the same to the model: the same card,
/// or a card of the same suit and the same points.
fn same_under_model(rules: &Rules, chosen: Action, card: u8) -> bool {
    chosen.as_card().is_some_and(|c| {
        c == card
            || (suit(c) == suit(card)
                && rules.data.values[c as usize] == rules.data.values[card as usize])
    })
}

/// How many worlds are drawn to pick one from by their likelihood (sampling-importance
/// resampling): when something another seat did weighs the worlds.
pub const CANDIDATES: usize = 12;

/// A world drawn for the seat and replayed to the present, picked among [`CANDIDATES`] worlds
/// with a probability in proportion to their likelihood: the trump choice, the delegations
/// and calls the other seats made ([`choice_likelihood`], [`calls_likelihood`]) and, with a
/// `model`, the cards they played ([`play_likelihood`]).
pub fn draw_weighted(
    sampler: &Sampler,
    rules: &Rules,
    know: &Knowledge,
    rng: &mut Rng,
    model: Option<&HeuristicBot>,
) -> Result<Deal, NoWorld> {
    let weighs = others_acted(know);
    let count = if weighs { CANDIDATES } else { 1 };
    let mut worlds: Vec<(Deal, f64)> = Vec::with_capacity(count);
    for _ in 0..count {
        let hands = sampler.draw(rng)?;
        let deal = sampler
            .replay(&hands)
            .ok_or_else(|| NoWorld::new("core.no-world.did-not-replay"))?;
        let mut p = 1.0;
        if weighs {
            p = choice_likelihood(rules, &deal, know.seat) * calls_likelihood(rules, know, &hands);
            if let Some(m) = model {
                if p > 0.0 {
                    p *= play_likelihood(rules, know, &hands, m);
                }
            }
        }
        worlds.push((deal, p));
    }
    let total: f64 = worlds.iter().map(|w| w.1).sum();
    let pick = if total > 0.0 {
        let mut u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * total;
        worlds
            .iter()
            .position(|w| {
                u -= w.1;
                u < 0.0
            })
            .unwrap_or(worlds.len() - 1)
    } else {
        rng.below(worlds.len() as u32) as usize
    };
    Ok(worlds.swap_remove(pick).0)
}

/// Whether anything was decided or played yet (else every world is as likely).
fn others_acted(know: &Knowledge) -> bool {
    !know.decisions.is_empty() || !know.played.is_empty()
}
