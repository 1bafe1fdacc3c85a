//! A deal's result: from card points and tricks to match points, with every factor.

pub use crate::coded::{Coded, Param};
use crate::rules::{Mode, Rules, TrumpSource, TurnedBonus};

/// Team A is the dealer's (contract) side, team B the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealResult {
    /// Match points of each side for the deal (the turned card's bonus included in A's).
    pub team_a: u64,
    pub team_b: u64,
    pub tied: bool,
    pub factor: u64,
    pub uncapped_factor: u64,
    pub card_points: [u32; 2],
    pub tricks: [u8; 2],
    /// Card points plus trick points and the last-trick bonus.
    pub totals: [u32; 2],
    pub half: u32,
    /// 0: A, 1: B, `None`: a tie (or a thrown-in deal).
    pub winner: Option<u8>,
    pub excess: u32,
    /// `None` for a thrown-in deal.
    pub mode: Option<Mode>,
    pub calls: u8,
    pub pending_ties: u32,
    pub thrown_in: bool,
    pub sweep: bool,
    /// The dealer's side's bonus for the turned card (already in `team_a`).
    pub turned_bonus: u64,
}

/// One factor of a deal and why it applies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Factor {
    pub name: String,
    pub value: u64,
    pub reason: Coded,
}

/// The factor `pending_ties` ties in a row bring to the next decisive deal.
pub fn pending_factor(rules: &Rules, pending_ties: u32) -> u64 {
    let d = &rules.data;
    if pending_ties == 0 || !d.tie_carries {
        1
    } else if d.tie_per_tie {
        d.tie_factor.saturating_pow(pending_ties)
    } else {
        d.tie_factor
    }
}

/// The turned card's bonus for the dealer's side.
pub fn turned_bonus(rules: &Rules, turned: Option<u8>) -> u64 {
    let Some(card) = turned else { return 0 };
    if rules.data.trump_source != TrumpSource::Turned {
        return 0;
    }
    let value = rules.data.values[card as usize] as u64;
    match rules.data.turned_bonus {
        TurnedBonus::None => 0,
        TurnedBonus::TenOnly if card & 7 == 3 => value,
        TurnedBonus::TenOnly => 0,
        TurnedBonus::CardValue if card & 7 >= 3 => value, // an honour: 10, J, Q, K, A
        TurnedBonus::CardValue => 0,
    }
}

/// What a deal's result is computed from (team A: the dealer's side).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Figures {
    /// Team A's card points and tricks.
    pub points: u32,
    pub tricks: u8,
    pub mode: Mode,
    /// How many rungs of the call ladder were made.
    pub calls: u8,
    /// Tied deals in a row just before this one.
    pub pending_ties: u32,
    /// Whether team A won the last trick.
    pub last_to_a: bool,
    /// The turned card, with trump by the turned card.
    pub turned: Option<u8>,
}

/// Score a deal from team A's figures (figures the engine produced: no checks).
pub fn score(rules: &Rules, f: &Figures) -> DealResult {
    let Figures {
        points,
        tricks,
        mode,
        calls,
        pending_ties,
        last_to_a,
        turned,
    } = *f;
    let d = &rules.data;
    let a_total =
        points + tricks as u32 * d.trick_points + if last_to_a { d.last_trick_bonus } else { 0 };
    let b_total = rules.deal_total - a_total;
    let winner = match a_total.cmp(&b_total) {
        std::cmp::Ordering::Greater => Some(0),
        std::cmp::Ordering::Less => Some(1),
        std::cmp::Ordering::Equal => None,
    };
    let sweep = winner.is_some_and(|w| is_sweep(rules, points, tricks, w));
    let mut result = DealResult {
        team_a: 0,
        team_b: 0,
        tied: winner.is_none(),
        factor: 1,
        uncapped_factor: 1,
        card_points: [points, rules.card_total - points],
        tricks: [tricks, rules.tricks() - tricks],
        totals: [a_total, b_total],
        half: rules.half,
        winner,
        excess: 0,
        mode: Some(mode),
        calls,
        pending_ties,
        thrown_in: false,
        sweep,
        turned_bonus: turned_bonus(rules, turned),
    };
    let values = factor_values(rules, &result);
    result.uncapped_factor = if d.combine_add {
        values
            .iter()
            .fold(1u64, |t, (_, v)| t.saturating_add(v - 1))
    } else {
        values.iter().fold(1u64, |t, (_, v)| t.saturating_mul(*v))
    };
    result.factor = d.cap.map_or(result.uncapped_factor, |cap| {
        result.uncapped_factor.min(cap)
    });
    if let Some(w) = winner {
        result.excess = a_total.max(b_total) - rules.half;
        let gained = result.excess as u64 * result.factor;
        if w == 0 {
            result.team_a = gained;
        } else {
            result.team_b = gained;
        }
    }
    result.team_a += result.turned_bonus;
    result
}

/// A deal thrown in (early look): nothing scored, a pending tie stays pending.
pub fn thrown(rules: &Rules, pending_ties: u32) -> DealResult {
    DealResult {
        team_a: 0,
        team_b: 0,
        tied: false,
        factor: 1,
        uncapped_factor: 1,
        card_points: [0, 0],
        tricks: [0, 0],
        totals: [0, 0],
        half: rules.half,
        winner: None,
        excess: 0,
        mode: None,
        calls: 0,
        pending_ties,
        thrown_in: true,
        sweep: false,
        turned_bonus: 0,
    }
}

fn is_sweep(rules: &Rules, points: u32, tricks: u8, winner: u8) -> bool {
    if rules.data.sweep_all_tricks {
        tricks == if winner == 0 { rules.tricks() } else { 0 }
    } else {
        points == if winner == 0 { rules.card_total } else { 0 }
    }
}

/// The kinds of factor that apply, with their values (kind: 0 mode, 1 tie, 2 sweep, 3 call).
fn factor_values(rules: &Rules, r: &DealResult) -> Vec<(u8, u64)> {
    let d = &rules.data;
    let mut out = Vec::new();
    match r.mode {
        Some(Mode::NoTrump) if d.no_trump_factor > 1 => out.push((0, d.no_trump_factor)),
        Some(Mode::Blind) if d.blind_factor > 1 => out.push((0, d.blind_factor)),
        _ => {}
    }
    let tie = pending_factor(rules, r.pending_ties);
    if tie > 1 {
        out.push((1, tie));
    }
    if r.sweep && d.sweep_factor > 1 {
        out.push((2, d.sweep_factor));
    }
    if r.calls > 0 {
        let call = &d.calls[r.calls as usize - 1];
        if call.factor > 1 {
            out.push((3, call.factor));
        }
    }
    out
}

impl DealResult {
    /// The factors applied, named and explained (as codes) as the Python `DealScore` does.
    pub fn factors(&self, rules: &Rules) -> Vec<Factor> {
        if self.thrown_in {
            return Vec::new();
        }
        let d = &rules.data;
        factor_values(rules, self)
            .into_iter()
            .map(|(kind, value)| {
                let v = ("value", Param::Int(value));
                let (name, reason) = match (kind, self.mode) {
                    (0, Some(Mode::NoTrump)) => (
                        "no-trump".to_string(),
                        Coded::new("factor.no-trump", vec![v]),
                    ),
                    (0, _) => ("blind".to_string(), Coded::new("factor.blind", vec![v])),
                    (1, _) if self.pending_ties == 1 => {
                        ("tie".to_string(), Coded::new("factor.tie", vec![v]))
                    }
                    (1, _) => {
                        let ties = ("ties", Param::Int(self.pending_ties.into()));
                        ("tie".to_string(), Coded::new("factor.ties", vec![v, ties]))
                    }
                    (2, _) if d.sweep_all_tricks => {
                        let tricks = ("tricks", Param::Int(rules.tricks().into()));
                        let reason = Coded::new("factor.sweep.tricks", vec![v, tricks]);
                        ("sweep".to_string(), reason)
                    }
                    (2, _) => (
                        "sweep".to_string(),
                        Coded::new("factor.sweep.points", vec![v]),
                    ),
                    _ => {
                        let call = &d.calls[self.calls as usize - 1];
                        let label = if call.label.is_empty() {
                            &call.name
                        } else {
                            &call.label
                        };
                        let params = vec![
                            v,
                            ("label", Param::Text(label.clone())),
                            ("call", Param::Text(call.name.clone())),
                        ];
                        (call.name.clone(), Coded::new("factor.call", params))
                    }
                };
                Factor {
                    name,
                    value,
                    reason,
                }
            })
            .collect()
    }

    /// The notes of the breakdown (cap, void ties, what a tie carries), as codes, as in Python.
    pub fn notes(&self, rules: &Rules) -> Vec<Coded> {
        if self.thrown_in {
            return vec![Coded::new("note.thrown-in", Vec::new())];
        }
        let d = &rules.data;
        let mut notes = Vec::new();
        if self.factor < self.uncapped_factor {
            let params = vec![
                ("factor", Param::Int(self.factor)),
                ("uncapped", Param::Int(self.uncapped_factor)),
            ];
            notes.push(Coded::new("note.capped", params));
        }
        if self.pending_ties > 0 && !d.tie_carries {
            notes.push(Coded::new("note.tie-void", Vec::new()));
        }
        if self.winner.is_none() {
            let mut params = vec![
                ("a", Param::Int(self.totals[0].into())),
                ("b", Param::Int(self.totals[1].into())),
            ];
            if d.tie_carries {
                let carried = pending_factor(rules, self.pending_ties + 1);
                params.push(("factor", Param::Int(carried)));
                notes.push(Coded::new("note.tie-carries", params));
            } else {
                notes.push(Coded::new("note.tie-void-deal", params));
            }
        }
        notes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::RulesData;

    fn fig(points: u32, tricks: u8, mode: Mode, pending_ties: u32, last_to_a: bool) -> Figures {
        Figures {
            points,
            tricks,
            mode,
            calls: 0,
            pending_ties,
            last_to_a,
            turned: None,
        }
    }

    #[test]
    fn worked_examples() {
        let rules = Rules::new(RulesData::default()).unwrap();
        // 38 card points at no-trump: excess 8, doubled to 16.
        let r = score(&rules, &fig(38, 5, Mode::NoTrump, 0, true));
        assert_eq!((r.team_a, r.team_b), (16, 0));
        // 21 card points leave the opponents 39: they score 9.
        let r = score(&rules, &fig(21, 3, Mode::Trump, 0, false));
        assert_eq!((r.team_a, r.team_b), (0, 9));
        // A sweep scores 60 before other factors.
        let r = score(&rules, &fig(60, 8, Mode::Trump, 0, true));
        assert_eq!(r.team_a, 60);
        // French: 42 points of 68 score 8.
        let fr = Rules::new(RulesData {
            trick_points: 1,
            sweep_factor: 1,
            ..RulesData::default()
        })
        .unwrap();
        let r = score(&fr, &fig(37, 5, Mode::Trump, 0, true));
        assert_eq!((r.totals[0], r.team_a), (42, 8));
    }

    #[test]
    fn cap_and_additive_stacking() {
        let capped = Rules::new(RulesData {
            cap: Some(4),
            ..RulesData::default()
        })
        .unwrap();
        let r = score(&capped, &fig(60, 8, Mode::NoTrump, 1, true));
        assert_eq!((r.uncapped_factor, r.factor, r.team_a), (8, 4, 120));
        let add = Rules::new(RulesData {
            combine_add: true,
            ..RulesData::default()
        })
        .unwrap();
        let r = score(&add, &fig(60, 8, Mode::NoTrump, 1, true));
        assert_eq!(r.factor, 4);
    }

    #[test]
    fn the_honour_bonus_is_an_honours_card_value_and_nothing_for_a_nine() {
        let mut values = RulesData::default().values;
        values[2] = 2; // a 9 of spades worth 2 card points (a ruleset's own card values)
        let rules = Rules::new(RulesData {
            trump_source: TrumpSource::Turned,
            no_trump_allowed: false,
            turned_bonus: TurnedBonus::CardValue,
            values,
            ..RulesData::default()
        })
        .unwrap();
        assert_eq!(turned_bonus(&rules, Some(2)), 0); // 9S
        assert_eq!(turned_bonus(&rules, Some(4)), 1); // JS
        assert_eq!(turned_bonus(&rules, Some(3)), 5); // 10S
        assert_eq!(turned_bonus(&rules, None), 0);
    }
}
