use manille_engine::deal::Deal;
use manille_engine::matchplay::deal_seed;
use manille_engine::rules::RulesData;
use manille_engine::shuffle::shuffle;
use manille_engine::sim::{random_playout, Rng};
use manille_engine::Rules;
use std::hint::black_box;
use std::time::Instant;
fn rate(label: &str, count: usize, run: impl FnOnce()) {
    let start = Instant::now();
    run();
    let s = start.elapsed().as_secs_f64();
    println!("{label:40} {:.3} us", s / count as f64 * 1e6);
}
fn main() {
    let rules = Rules::new(RulesData::default()).unwrap();
    let n = 200_000;
    for _ in 0..2 {
        rate("shuffle", n, || {
            for i in 0..n as i128 {
                black_box(shuffle(black_box(deal_seed(7, i as i64) as i128)));
            }
        });
        let d = [7u8; 132];
        rate("from_digest", n, || {
            for i in 0..n {
                let mut x = d;
                x[0] = i as u8;
                x[5] = (i >> 8) as u8;
                black_box(manille_engine::shuffle::from_digest(black_box(&x)));
            }
        });
        rate("format", n, || {
            for i in 0..n as i128 {
                black_box(format!("manille:{}", black_box(i * 1234567891234567)));
            }
        });
        rate("Deal::new", n, || {
            for i in 0..n as i128 {
                black_box(Deal::new(
                    &rules,
                    deal_seed(7, i as i64) as i128,
                    (i % 4) as u8,
                    0,
                    [0, 0],
                ));
            }
        });
        let deal = Deal::new(&rules, 5, 0, 0, [0, 0]);
        let mut rng = Rng::new(1);
        rate("playout only", n, || {
            for _ in 0..n {
                black_box(random_playout(&rules, black_box(deal), &mut rng).result(&rules));
            }
        });
    }
}
