//! `cargo bench -p manille-engine --bench parts`: the cost of each part of a simulated deal.

use std::hint::black_box;
use std::time::Instant;

use manille_engine::deal::Deal;
use manille_engine::matchplay::deal_seed;
use manille_engine::rng::Rng;
use manille_engine::rules::RulesData;
use manille_engine::shuffle::{shuffle, shuffle4};
use manille_engine::sim::{random_bot_deal, random_playout, tally_deals, BotSpec};
use manille_engine::Rules;

/// Seconds this thread has run on a processor (Linux), else wall seconds: other jobs on a
/// loaded machine then do not count.
fn cpu_seconds(wall: Instant) -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map_or_else(|| wall.elapsed().as_secs_f64(), |ns| ns / 1e9)
}

/// The best of five runs, in processor time.
fn time(label: &str, count: usize, run: impl Fn()) {
    let mut seconds = f64::INFINITY;
    let epoch = Instant::now();
    for _ in 0..5 {
        let start = cpu_seconds(epoch);
        run();
        seconds = seconds.min(cpu_seconds(epoch) - start);
    }
    println!("{label:44} {:.3} us", seconds / count as f64 * 1e6);
}

fn main() {
    let rules = Rules::new(RulesData::default()).expect("the default rules are valid");
    let n = 40_000;
    let seed = |i: usize| deal_seed(7, i as i64) as i128;
    time("shuffle (SHAKE-128, sort, cut)", n, || {
        for i in 0..n {
            black_box(shuffle(black_box(seed(i))));
        }
    });
    time("the same, four at a time (shuffle4)", n, || {
        for i in (0..n).step_by(4) {
            black_box(shuffle4(black_box([
                seed(i),
                seed(i + 1),
                seed(i + 2),
                seed(i + 3),
            ])));
        }
    });
    let digests: Vec<[u8; 132]> = (0..n)
        .map(|i| {
            let mut d = [0u8; 132];
            let mut r = Rng::new(i as u64);
            for b in d.iter_mut() {
                *b = r.next_u64() as u8;
            }
            d
        })
        .collect();
    time("sort and cut of a digest (from_digest)", n, || {
        for d in &digests {
            black_box(manille_engine::shuffle::from_digest(black_box(d)));
        }
    });
    time("SHAKE-128 four at a time (per message)", n, || {
        for i in (0..n).step_by(4) {
            let m = [b"manille:1234567890123" as &[u8]; 4];
            black_box(manille_engine::keccak::shake128_4::<132>(black_box(m)));
            black_box(i);
        }
    });
    time("Deal::new (shuffle and deal)", n, || {
        for i in 0..n {
            black_box(Deal::new(&rules, seed(i), (i % 4) as u8, 0, [0, 0]));
        }
    });
    let deal = Deal::new(&rules, 5, 0, 0, [0, 0]);
    time("random playout and result of one deal", n, || {
        let mut rng = Rng::new(1);
        for _ in 0..n {
            black_box(random_playout(&rules, black_box(deal), &mut rng).result(&rules));
        }
    });
    time("a simulated deal with random bots (row)", n, || {
        for i in 0..n as u64 {
            black_box(random_bot_deal(&rules, 7, i));
        }
    });
    time("a simulated deal with random bots (tally)", n, || {
        black_box(tally_deals(&[(&rules, &BotSpec::random())], 7, 0, n as u64).is_ok());
    });
}
