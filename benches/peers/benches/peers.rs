//! splitpot against aya_poker, rs_poker and ducy in one run, on the same seeded deals (issue 17).
//! Each criterion group is one task; every implementation in it evaluates the same hands, and
//! before timing each peer is checked to order and tie them as splitpot does. Time is this
//! thread's CPU time, not wall time: the machine is shared, and time spent descheduled while
//! other jobs run would otherwise land on whichever implementation was being timed (cache and
//! memory contention from them still counts). Absolute figures are this run on this machine;
//! `benches/peers_report.py` turns them into ratios against the fastest peer of the group.
//!
//!   cargo bench --manifest-path benches/peers/Cargo.toml
//!   python benches/peers_report.py   (from the repository root)
use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use criterion::{criterion_group, criterion_main, BenchmarkGroup, SamplingMode, Throughput};
use splitpot_peers::*;
use std::hint::black_box;
use std::time::Duration;

/// This thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`), shown in the usual time units.
struct ThreadCpu {
    /// Lends its formatter: the values are nanoseconds like its own.
    wall: WallTime,
}

fn thread_cpu() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes one `timespec` through the pointer, which is a valid,
    // exclusive borrow of a live local; it reads nothing else. On failure `ts` stays zero.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

impl Measurement for ThreadCpu {
    type Intermediate = Duration;
    type Value = Duration;
    fn start(&self) -> Duration {
        thread_cpu()
    }
    fn end(&self, start: Duration) -> Duration {
        thread_cpu().saturating_sub(start)
    }
    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }
    fn zero(&self) -> Duration {
        Duration::ZERO
    }
    fn to_f64(&self, d: &Duration) -> f64 {
        d.as_nanos() as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        self.wall.formatter()
    }
}

type Criterion = criterion::Criterion<ThreadCpu>;
type Group<'a> = BenchmarkGroup<'a, ThreadCpu>;

const SEVEN: usize = 1 << 16;
const OMAHA: usize = 1 << 14;

/// Printed once: the columns a peer has no function for.
const MISSING: &str = "\
peers: rs_poker has no low evaluator (no 8-or-better or hi/lo rows); poker (Treys's port) \
has seven-card high only; ducy has no per-hand Omaha or seven-card low function, so those rows compose its public five-card `score` and \
`fast_score` over every two-plus-three (every five of seven), as its game evaluators do";

fn group<'a>(c: &'a mut Criterion, name: &str, hands: usize) -> Group<'a> {
    let mut g = c.benchmark_group(name);
    // Flat: a few long iterations per sample, so the slow peers fit the same time budget.
    g.sampling_mode(SamplingMode::Flat)
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .throughput(Throughput::Elements(hands as u64));
    g
}

fn checked(name: &str, ours: &[u64], theirs: &[u64]) {
    if let Err(e) = agree(ours, theirs) {
        panic!("{name} disagrees with splitpot: {e}");
    }
}

/// Times `f` over every `k`-card deal of `deals`.
fn per_hand<C: Copy>(g: &mut Group, name: &str, deals: &[C], k: usize, f: impl Fn(&[C]) -> u64) {
    g.bench_function(name, |b| {
        b.iter(|| deals.chunks_exact(k).map(|h| f(black_box(h))).sum::<u64>())
    });
}

fn values<C: Copy>(deals: &[C], k: usize, f: impl Fn(&[C]) -> u64) -> Vec<u64> {
    deals.chunks_exact(k).map(f).collect()
}

fn sequential(c: &mut Criterion) {
    eprintln!("{MISSING}");
    let mut g = group(
        c,
        "seven-card high, all 133,784,560 hands in order",
        ALL_SEVEN as usize,
    );
    g.sample_size(10);
    g.bench_function("splitpot HandKey::with", |b| b.iter(sp_enumerate));
    g.bench_function("aya_poker Hand::insert_unchecked + poker_rank", |b| {
        b.iter(aya_enumerate)
    });
    g.bench_function("rs_poker SevenCardAccum", |b| b.iter(rs_enumerate));
    g.bench_function("ducy Deck union + StandardHandRanker::score", |b| {
        b.iter(ducy_enumerate)
    });
    g.finish();
}

fn seven_card(c: &mut Criterion) {
    let d = random_deals(SEVEN, 7, 1);
    let (aya, rs, ducy) = (to_aya(&d), to_rs(&d), to_ducy(&d));
    let ours = values(&d, 7, sp_high_unchecked);
    checked(
        "splitpot high::evaluate",
        &ours,
        &values(&d, 7, sp_high_checked),
    );
    let two_pass = values(&d, 7, sp_high_checked_two_pass);
    checked("splitpot two-pass check", &ours, &two_pass);
    checked("aya_poker", &ours, &values(&aya, 7, aya_high));
    checked("aya_poker codes", &ours, &values(&d, 7, aya_high_codes));
    checked("rs_poker", &ours, &values(&rs, 7, rs_high));
    checked("ducy", &ours, &values(&ducy, 7, ducy_high));
    let (pk, pk_eval) = (to_poker(&d), poker::Evaluator::new());
    let pk_values: Vec<PokerEval> = pk
        .chunks_exact(7)
        .map(|h| poker_high(&pk_eval, h))
        .collect();
    if let Err(e) = agree_ord(&ours, &pk_values) {
        panic!("poker disagrees with splitpot: {e}");
    }
    let mut g = group(c, "random seven-card high", SEVEN);
    per_hand(
        &mut g,
        "splitpot HandKey::from_cards (unchecked)",
        &d,
        7,
        sp_high_unchecked,
    );
    per_hand(
        &mut g,
        "splitpot high::evaluate (checked)",
        &d,
        7,
        sp_high_checked,
    );
    per_hand(
        &mut g,
        "splitpot high::evaluate before issue 17 (count, CardSet, then key)",
        &d,
        7,
        sp_high_checked_two_pass,
    );
    per_hand(
        &mut g,
        "aya_poker Hand from cards + poker_rank",
        &aya,
        7,
        aya_high,
    );
    per_hand(
        &mut g,
        "aya_poker Hand from one-byte codes via CARDS + poker_rank",
        &d,
        7,
        aya_high_codes,
    );
    per_hand(&mut g, "rs_poker [Card]::rank", &rs, 7, rs_high);
    per_hand(
        &mut g,
        "ducy StandardHandRanker::score",
        &ducy,
        7,
        ducy_high,
    );
    // `Eval` shows no number: each is compared with the worst hand, which reads all of it.
    per_hand(&mut g, "poker Evaluator::evaluate_five", &pk, 7, |h| {
        (poker_high(&pk_eval, h) > PokerEval::WORST_FIVE) as u64
    });
    g.finish();

    let ours = values(&d, 7, sp_low8);
    checked("aya_poker low", &ours, &values(&aya, 7, aya_low8));
    checked("ducy low", &ours, &values(&ducy, 7, ducy_low8));
    let mut g = group(c, "random seven-card 8-or-better low", SEVEN);
    per_hand(&mut g, "splitpot low8_unchecked", &d, 7, sp_low8);
    per_hand(
        &mut g,
        "aya_poker ace_five_rank + to_lo_8_rank",
        &aya,
        7,
        aya_low8,
    );
    per_hand(
        &mut g,
        "ducy LowHandRanker::fast_score, best of 21",
        &ducy,
        7,
        ducy_low8,
    );
    g.finish();
}

fn omaha_high(c: &mut Criterion) {
    for (hole, seed) in [(4, 2), (5, 3), (6, 4)] {
        let k = hole + 5;
        let d = random_deals(OMAHA, k, seed);
        let (aya, rs, ducy) = (to_aya(&d), to_rs(&d), to_ducy(&d));
        let split = |f: fn(&[u8], &[u8]) -> u64| move |x: &[u8]| f(&x[..hole], &x[hole..]);
        let ours = values(&d, k, split(sp_omaha));
        checked(
            "splitpot evaluate_omaha",
            &ours,
            &values(&d, k, split(sp_omaha_checked)),
        );
        let aya_f = move |x: &[AyaCard]| aya_omaha(&x[..hole], &x[hole..]);
        let rs_f = move |x: &[RsCard]| rs_omaha(&x[..hole], &x[hole..]);
        let ducy_f = move |x: &[DucyCard]| ducy_omaha(&x[..hole], &x[hole..]);
        checked("aya_poker", &ours, &values(&aya, k, aya_f));
        checked("rs_poker", &ours, &values(&rs, k, rs_f));
        checked("ducy", &ours, &values(&ducy, k, ducy_f));
        let name = format!("random Omaha {hole}-card high (5-card board)");
        let mut g = group(c, &name, OMAHA);
        per_hand(&mut g, "splitpot omaha_unchecked", &d, k, split(sp_omaha));
        per_hand(
            &mut g,
            "splitpot evaluate_omaha (checked)",
            &d,
            k,
            split(sp_omaha_checked),
        );
        per_hand(
            &mut g,
            "aya_poker omaha_rank (Hands from cards)",
            &aya,
            k,
            aya_f,
        );
        per_hand(&mut g, "rs_poker OmahaHand::new + rank", &rs, k, rs_f);
        per_hand(&mut g, "ducy score, best of every 2 + 3", &ducy, k, ducy_f);
        g.finish();
    }
}

fn omaha_hilo(c: &mut Criterion) {
    let d = random_deals(OMAHA, 9, 2);
    let (aya, ducy) = (to_aya(&d), to_ducy(&d));
    let both = |(hi, lo): (u64, u64)| hi << 16 | lo;
    let halves =
        |v: Vec<u64>| -> (Vec<u64>, Vec<u64>) { v.iter().map(|x| (x >> 16, x & 0xffff)).unzip() };
    let sp = move |x: &[u8]| both(sp_omaha_hilo(&x[..4], &x[4..]));
    let aya_f = move |x: &[AyaCard]| both(aya_omaha_hilo(&x[..4], &x[4..]));
    let ducy_f = move |x: &[DucyCard]| both(ducy_omaha_hilo(&x[..4], &x[4..]));
    let (hi, lo) = halves(values(&d, 9, sp));
    for (name, theirs) in [
        ("aya_poker", values(&aya, 9, aya_f)),
        ("ducy", values(&ducy, 9, ducy_f)),
    ] {
        let (their_hi, their_lo) = halves(theirs);
        checked(&format!("{name} high"), &hi, &their_hi);
        checked(&format!("{name} low"), &lo, &their_lo);
    }
    let mut g = group(c, "random Omaha 4-card hi/lo, both halves", OMAHA);
    per_hand(&mut g, "splitpot omaha_hilo_unchecked", &d, 9, sp);
    per_hand(
        &mut g,
        "aya_poker omaha_rank + omaha_lo_rank",
        &aya,
        9,
        aya_f,
    );
    per_hand(
        &mut g,
        "ducy score + fast_score, best of every 2 + 3",
        &ducy,
        9,
        ducy_f,
    );
    g.finish();
}

criterion_group! {
    name = benches;
    config = criterion::Criterion::default().with_measurement(ThreadCpu { wall: WallTime });
    targets = sequential, seven_card, omaha_high, omaha_hilo
}
criterion_main!(benches);
