//! Ace-to-five lows with the 8-or-better qualifier (docs/rules/poker.md §1): random seven-card lows,
//! random Omaha lows (4 hole, 5 board), and Omaha hi/lo (both halves) next to Omaha high alone,
//! all in one group so the throughputs compare directly.
//!
//! Goals (issue 3): 7-card low >= 300 M/s, Omaha low >= 100 M/s, Omaha hi/lo within 10 % of
//! Omaha high alone.
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use splitpot::eval::hilo::{hilo_unchecked, omaha_hilo_unchecked};
use splitpot::eval::low::{low8_unchecked, omaha_low8_unchecked};
use splitpot::eval::omaha::omaha_unchecked;
use splitpot::eval::HandKey;
use splitpot::rng::random_deals;
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    const N: usize = 1 << 16;
    let mut g = c.benchmark_group("low");
    g.sample_size(50);
    g.throughput(Throughput::Elements(N as u64));

    let seven = random_deals(N, 7, 1);
    g.bench_function("random seven-card hands, 8-or-better low", |b| {
        b.iter(|| {
            seven
                .chunks_exact(7)
                .map(|h| low8_unchecked(black_box(h)) as u64)
                .sum::<u64>()
        })
    });
    g.bench_function("random seven-card hands, high alone", |b| {
        b.iter(|| {
            seven
                .chunks_exact(7)
                .map(|h| HandKey::from_cards(black_box(h)).strength() as u64)
                .sum::<u64>()
        })
    });
    g.bench_function("random seven-card hands, hi/lo both halves", |b| {
        b.iter(|| {
            seven
                .chunks_exact(7)
                .map(|h| {
                    let (hi, lo) = hilo_unchecked(black_box(h));
                    hi as u64 + lo as u64
                })
                .sum::<u64>()
        })
    });

    let omaha = random_deals(N, 9, 2);
    g.bench_function(
        "random Omaha 4-card hands (5-card board), 8-or-better low",
        |b| {
            b.iter(|| {
                omaha
                    .chunks_exact(9)
                    .map(|d| omaha_low8_unchecked(black_box(&d[..4]), &d[4..]) as u64)
                    .sum::<u64>()
            })
        },
    );
    g.bench_function(
        "random Omaha 4-card hands (5-card board), high alone",
        |b| {
            b.iter(|| {
                omaha
                    .chunks_exact(9)
                    .map(|d| omaha_unchecked(black_box(&d[..4]), &d[4..]) as u64)
                    .sum::<u64>()
            })
        },
    );
    g.bench_function(
        "random Omaha 4-card hands (5-card board), hi/lo both halves",
        |b| {
            b.iter(|| {
                omaha
                    .chunks_exact(9)
                    .map(|d| {
                        let (hi, lo) = omaha_hilo_unchecked(black_box(&d[..4]), &d[4..]);
                        hi as u64 + lo as u64
                    })
                    .sum::<u64>()
            })
        },
    );
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
