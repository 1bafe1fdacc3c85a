//! The rules the core's examples are timed under (their play settings as the tests take
//! them, with the calls of the bundled rulesets).

use crate::common::{self, call};
use manille_engine::rules::{CallBy, RulesData, Undertrump};
use manille_engine::Rules;

/// The rules of a bundled ruleset by its short name (`table`, `belgian`, `coinchee`), with
/// their calls; `engine`: the independent engine's rules (bench/independent/engine-rules.yaml:
/// the table convention with undertrumping allowed, no factors, no tie carried, to 61).
pub fn rules_named(which: &str) -> Rules {
    if which == "engine" {
        return Rules::new(RulesData {
            undertrump: Undertrump::Allowed,
            no_trump_factor: 1,
            tie_carries: false,
            sweep_factor: 1,
            target: 61,
            ..RulesData::default()
        })
        .expect("valid");
    }
    let (name, calls) = match which {
        "belgian" => (
            "belgian",
            vec![
                call("ik-ga-mee", CallBy::Opponents, None, 2),
                call("ik-ga-tegen", CallBy::ContractSide, Some(0), 4),
            ],
        ),
        "coinchee" => (
            "french-coinchee",
            vec![
                call("contre", CallBy::Opponents, None, 2),
                call("surcontre", CallBy::ContractSide, Some(0), 4),
            ],
        ),
        _ => ("table-convention", Vec::new()),
    };
    let data = common::bundled()
        .into_iter()
        .find(|(n, _)| *n == name)
        .map(|(_, d)| d)
        .unwrap_or_default();
    Rules::new(RulesData { calls, ..data }).expect("valid")
}
