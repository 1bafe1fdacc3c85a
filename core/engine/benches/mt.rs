use std::hint::black_box;
use std::time::Instant;
fn main() {
    let n = 100_000u128;
    let t = Instant::now();
    for i in 0..n {
        black_box(manille_engine::pyrandom::PyRandom::new(black_box(i)));
    }
    println!("new: {:.2} us", t.elapsed().as_secs_f64() / n as f64 * 1e6);
    let t = Instant::now();
    for i in 0..n {
        let mut r = manille_engine::pyrandom::PyRandom::new(black_box(i));
        black_box(r.next_u32());
    }
    println!(
        "new + first: {:.2} us",
        t.elapsed().as_secs_f64() / n as f64 * 1e6
    );
}
