//! Duplicate deal pairs in the core's examples: a side's net match points in a finished deal,
//! and the mean of the pairs' figures with its 95% interval.

use manille_engine::{Deal, Rules};

/// The net match points of `side` (0 or 1, as [`Rules::side`] numbers them) in a finished
/// deal.
pub fn side_net(rules: &Rules, deal: &Deal, side: u8) -> f64 {
    let r = deal.result(rules).expect("over");
    let a = r.team_a as f64 - r.team_b as f64;
    if rules.side(deal.dealer, deal.dealer) == side {
        a
    } else {
        -a
    }
}

/// The mean of `nets` and the half width of its 95% interval.
pub fn interval(nets: &[f64]) -> (f64, f64) {
    let n = nets.len() as f64;
    let mean = nets.iter().sum::<f64>() / n;
    let var = nets.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, 1.96 * (var / n).sqrt())
}
