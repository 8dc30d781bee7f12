//! One benchmark row run `reps` times over its deals, for counting instructions per hand where
//! hardware counters are not to be had (valgrind's cachegrind counts them exactly, whatever
//! else the machine is doing): the difference of two runs with different `reps` over the hands
//! evaluated is the cost per hand, setup and conversion cancelled.
//!
//!   cargo build --release --manifest-path benches/peers/Cargo.toml --example count
//!   valgrind --tool=cachegrind --cache-sim=yes $CARGO_TARGET_DIR/release/examples/count high aya 1
//!   (then with 11; benches/peers/count.sh does both for every row)
use splitpot_peers::*;
use std::hint::black_box;

const SEVEN: usize = 1 << 16;
const OMAHA: usize = 1 << 14;

fn run<C: Copy>(deals: &[C], k: usize, reps: usize, f: impl Fn(&[C]) -> u64) -> u64 {
    let mut acc = 0;
    for _ in 0..reps {
        acc += deals.chunks_exact(k).map(|h| f(black_box(h))).sum::<u64>();
    }
    acc
}

fn seven(imp: &str, reps: usize) -> Option<u64> {
    let d = random_deals(SEVEN, 7, 1);
    Some(match imp {
        "splitpot" => run(&d, 7, reps, sp_high_unchecked),
        "splitpot-checked" => run(&d, 7, reps, sp_high_checked),
        "splitpot-two-pass" => run(&d, 7, reps, sp_high_checked_two_pass),
        "aya" => run(&to_aya(&d), 7, reps, aya_high),
        "aya-codes" => run(&d, 7, reps, aya_high_codes),
        "rs" => run(&to_rs(&d), 7, reps, rs_high),
        "ducy" => run(&to_ducy(&d), 7, reps, ducy_high),
        _ => return None,
    })
}

fn low8(imp: &str, reps: usize) -> Option<u64> {
    let d = random_deals(SEVEN, 7, 1);
    Some(match imp {
        "splitpot" => run(&d, 7, reps, sp_low8),
        "aya" => run(&to_aya(&d), 7, reps, aya_low8),
        "ducy" => run(&to_ducy(&d), 7, reps, ducy_low8),
        _ => return None,
    })
}

fn hilo(imp: &str, reps: usize) -> Option<u64> {
    let d = random_deals(OMAHA, 9, 2);
    let both = |(hi, lo): (u64, u64)| hi + lo;
    Some(match imp {
        "splitpot" => run(&d, 9, reps, |x| both(sp_omaha_hilo(&x[..4], &x[4..]))),
        "aya" => run(&to_aya(&d), 9, reps, |x| {
            both(aya_omaha_hilo(&x[..4], &x[4..]))
        }),
        "ducy" => run(&to_ducy(&d), 9, reps, |x| {
            both(ducy_omaha_hilo(&x[..4], &x[4..]))
        }),
        _ => return None,
    })
}

fn omaha(hole: usize, imp: &str, reps: usize) -> Option<u64> {
    let k = hole + 5;
    let d = random_deals(OMAHA, k, [2, 3, 4][hole - 4]);
    Some(match imp {
        "splitpot" => run(&d, k, reps, |x| sp_omaha(&x[..hole], &x[hole..])),
        "splitpot-checked" => run(&d, k, reps, |x| sp_omaha_checked(&x[..hole], &x[hole..])),
        "aya" => run(&to_aya(&d), k, reps, |x| aya_omaha(&x[..hole], &x[hole..])),
        "rs" => run(&to_rs(&d), k, reps, |x| rs_omaha(&x[..hole], &x[hole..])),
        "ducy" => run(&to_ducy(&d), k, reps, |x| {
            ducy_omaha(&x[..hole], &x[hole..])
        }),
        _ => return None,
    })
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [task, imp, reps] = &args[..] else {
        eprintln!("usage: count high|low8|omaha4|omaha5|omaha6|hilo IMPL REPS");
        std::process::exit(2);
    };
    let reps: usize = reps.parse().unwrap_or(1);
    let out = match task.as_str() {
        "high" => seven(imp, reps),
        "low8" => low8(imp, reps),
        "hilo" => hilo(imp, reps),
        "omaha4" => omaha(4, imp, reps),
        "omaha5" => omaha(5, imp, reps),
        "omaha6" => omaha(6, imp, reps),
        _ => None,
    };
    match out {
        Some(v) => println!("{v}"),
        None => {
            eprintln!("unknown task or implementation: {task} {imp}");
            std::process::exit(2);
        }
    }
}
