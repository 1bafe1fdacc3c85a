//! The rules as they cross from Python: one declared structure, [`RulesInput`], read from the
//! dict of `manille_variants.engine.crossing.rules_input` (typed there as `RulesInput`) by
//! `#[derive(FromPyObject)]`, field by field, and turned into the engine's [`RulesData`].
//!
//! A key the dict lacks takes the value that means today's behaviour where the field says
//! `default`; a missing required key or a value of the wrong type is a `TypeError` naming the
//! field; a word that is not one of a field's choices a `ValueError` listing them.

use manille_engine::rules::{
    BeatOpponent, CallBy, CallData, Credit, Mode, RulesData, TakeUp, TrumpSource, TurnedBonus,
    Undertrump,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// One call of the ladder ("Ik ga mee", contre, ...).
#[derive(FromPyObject)]
#[pyo3(from_item_all)]
pub(crate) struct CallInput {
    name: String,
    #[pyo3(default)]
    label: String,
    by: String,
    #[pyo3(default)]
    after: Option<u8>,
    factor: u64,
    modes: Vec<String>,
}

/// Every setting the core plays by, as `rules_input` writes it.
#[derive(FromPyObject)]
#[pyo3(from_item_all)]
pub(crate) struct RulesInput {
    #[pyo3(default = 4)]
    seats: u8,
    #[pyo3(default = 8)]
    hand_size: u8,
    #[pyo3(default)]
    layout: u8,
    #[pyo3(default)]
    undealt: u8,
    #[pyo3(default)]
    undealt_to_last_trick: bool,
    #[pyo3(default)]
    undealt_shown: bool,
    #[pyo3(default)]
    dealer_alone: bool,
    strength: [u8; 32],
    values: [u32; 32],
    step: i8,
    packets: Vec<u8>,
    cutter_offset: i8,
    leader_offset: i8,
    next_dealer_offset: i8,
    #[pyo3(default = "choice".to_string())]
    trump_source: String,
    #[pyo3(default = "after-first-card".to_string())]
    take_up: String,
    #[pyo3(default = "none".to_string())]
    turned_bonus: String,
    delegation: bool,
    no_trump_allowed: bool,
    no_trump_factor: u64,
    blind_allowed: bool,
    blind_factor: u64,
    #[pyo3(default)]
    blind_only_when_behind_by: Option<i64>,
    early_look_throws_in: bool,
    calls: Vec<CallInput>,
    #[pyo3(default = "true".to_string())]
    beat_opponent: String,
    beat_partner_on_trump_lead: bool,
    beat_at_no_trump: bool,
    #[pyo3(default)]
    beat_partner_at_no_trump: bool,
    trump_when_opponent_wins: bool,
    trump_when_partner_wins: bool,
    overtrump_opponent: bool,
    overtrump_partner: bool,
    undertrump: String,
    #[pyo3(default = "same".to_string())]
    undertrump_partner: String,
    trick_points: u32,
    last_trick_bonus: u32,
    tie_carries: bool,
    tie_factor: u64,
    tie_per_tie: bool,
    sweep_factor: u64,
    sweep_all_tricks: bool,
    combine_add: bool,
    #[pyo3(default)]
    cap: Option<u64>,
    target: i64,
    best_of: u32,
    #[pyo3(default = "each-member".to_string())]
    credit: String,
}

/// The option named `value` of the setting `key`, or an error listing the options.
fn choice<T: Copy>(key: &str, value: &str, options: &[(&str, T)]) -> PyResult<T> {
    options
        .iter()
        .find(|(name, _)| *name == value)
        .map(|(_, v)| *v)
        .ok_or_else(|| {
            let names: Vec<&str> = options.iter().map(|(n, _)| *n).collect();
            PyValueError::new_err(format!(
                "core rules: {key} must be one of {} (got {value:?})",
                names.join(", ")
            ))
        })
}

const UNDERTRUMP: [(&str, Undertrump); 4] = [
    ("forbidden", Undertrump::Forbidden),
    ("allowed", Undertrump::Allowed),
    (
        "forbidden-if-can-overtrump",
        Undertrump::ForbiddenIfCanOvertrump,
    ),
    ("required", Undertrump::Required),
];

const MODES: [(&str, Mode); 3] = [
    ("trump", Mode::Trump),
    ("no-trump", Mode::NoTrump),
    ("blind", Mode::Blind),
];

/// A contract mode by its name (`trump`, `no-trump`, `blind`).
pub(crate) fn mode(name: &str) -> PyResult<Mode> {
    choice("mode", name, &MODES)
}

const CALL_BY: [(&str, CallBy); 3] = [
    ("opponents", CallBy::Opponents),
    ("contract-side", CallBy::ContractSide),
    ("anyone", CallBy::Anyone),
];

const TRUMP_SOURCE: [(&str, TrumpSource); 2] = [
    ("choice", TrumpSource::Choice),
    ("turned", TrumpSource::Turned),
];

const TAKE_UP: [(&str, TakeUp); 3] = [
    ("before-first-trick", TakeUp::FirstTrickStart),
    ("after-first-card", TakeUp::AfterFirstCard),
    ("after-first-trick", TakeUp::AfterFirstTrick),
];

const TURNED_BONUS: [(&str, TurnedBonus); 3] = [
    ("none", TurnedBonus::None),
    ("ten", TurnedBonus::TenOnly),
    ("honour", TurnedBonus::CardValue),
];

const CREDIT: [(&str, Credit); 3] = [
    ("each-member", Credit::EachMember),
    ("split", Credit::Split),
    ("zero-sum", Credit::ZeroSum),
];

const BEAT_OPPONENT: [(&str, BeatOpponent); 4] = [
    ("true", BeatOpponent::Always),
    ("false", BeatOpponent::Never),
    ("trump-lead", BeatOpponent::TrumpLead),
    ("plain-lead", BeatOpponent::PlainLead),
];

impl CallInput {
    fn data(self) -> PyResult<CallData> {
        let mut modes = 0;
        for m in &self.modes {
            modes |= choice("calls.modes", m, &MODES)?.bit();
        }
        Ok(CallData {
            name: self.name,
            label: self.label,
            by: choice("calls.by", &self.by, &CALL_BY)?,
            after: self.after,
            factor: self.factor,
            modes,
        })
    }
}

impl RulesInput {
    /// The engine's form of these rules (checked further by `Rules::new`).
    pub(crate) fn data(self) -> PyResult<RulesData> {
        let undertrump_partner = match self.undertrump_partner.as_str() {
            "same" => None,
            other => Some(choice("undertrump_partner", other, &UNDERTRUMP[..3])?),
        };
        Ok(RulesData {
            seats: self.seats,
            hand_size: self.hand_size,
            layout: self.layout,
            undealt: self.undealt,
            undealt_to_last_trick: self.undealt_to_last_trick,
            undealt_shown: self.undealt_shown,
            dealer_alone: self.dealer_alone,
            strength: self.strength,
            values: self.values,
            step: self.step,
            packets: self.packets,
            cutter_offset: self.cutter_offset,
            leader_offset: self.leader_offset,
            next_dealer_offset: self.next_dealer_offset,
            trump_source: choice("trump_source", &self.trump_source, &TRUMP_SOURCE)?,
            take_up: choice("take_up", &self.take_up, &TAKE_UP)?,
            turned_bonus: choice("turned_bonus", &self.turned_bonus, &TURNED_BONUS)?,
            delegation: self.delegation,
            no_trump_allowed: self.no_trump_allowed,
            no_trump_factor: self.no_trump_factor,
            blind_allowed: self.blind_allowed,
            blind_factor: self.blind_factor,
            blind_only_when_behind_by: self.blind_only_when_behind_by,
            early_look_throws_in: self.early_look_throws_in,
            calls: self
                .calls
                .into_iter()
                .map(CallInput::data)
                .collect::<PyResult<_>>()?,
            beat_opponent: choice("beat_opponent", &self.beat_opponent, &BEAT_OPPONENT)?,
            beat_partner_on_trump_lead: self.beat_partner_on_trump_lead,
            beat_at_no_trump: self.beat_at_no_trump,
            beat_partner_at_no_trump: self.beat_partner_at_no_trump,
            trump_when_opponent_wins: self.trump_when_opponent_wins,
            trump_when_partner_wins: self.trump_when_partner_wins,
            overtrump_opponent: self.overtrump_opponent,
            overtrump_partner: self.overtrump_partner,
            undertrump: choice("undertrump", &self.undertrump, &UNDERTRUMP)?,
            undertrump_partner,
            trick_points: self.trick_points,
            last_trick_bonus: self.last_trick_bonus,
            tie_carries: self.tie_carries,
            tie_factor: self.tie_factor,
            tie_per_tie: self.tie_per_tie,
            sweep_factor: self.sweep_factor,
            sweep_all_tricks: self.sweep_all_tricks,
            combine_add: self.combine_add,
            cap: self.cap,
            target: self.target,
            best_of: self.best_of,
            credit: choice("credit", &self.credit, &CREDIT)?,
        })
    }
}
