//! Razz (the ace-to-five low of every hand, eval/razz.rs): random seven-card hands next to the
//! high hand and the 8-or-better low of the same hands, and seven cards of at most four ranks
//! (every one paired), which take the same single lookup; all in one group so the throughputs
//! compare directly.
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use splitpot::eval::low::low8_unchecked;
use splitpot::eval::razz::razz_unchecked;
use splitpot::eval::HandKey;
use splitpot::rng::random_deals;
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    const N: usize = 1 << 16;
    let mut g = c.benchmark_group("razz");
    g.sample_size(50);
    g.throughput(Throughput::Elements(N as u64));
    black_box(razz_unchecked(&[0, 4, 8, 12, 16])); // the table is built on first use

    let seven = random_deals(N, 7, 1);
    g.bench_function("random seven-card hands, razz", |b| {
        b.iter(|| {
            seven
                .chunks_exact(7)
                .map(|h| razz_unchecked(black_box(h)) as u64)
                .sum::<u64>()
        })
    });
    g.bench_function("random seven-card hands, high", |b| {
        b.iter(|| {
            seven
                .chunks_exact(7)
                .map(|h| HandKey::from_cards(black_box(h)).strength() as u64)
                .sum::<u64>()
        })
    });
    g.bench_function("random seven-card hands, 8-or-better low", |b| {
        b.iter(|| {
            seven
                .chunks_exact(7)
                .map(|h| low8_unchecked(black_box(h)) as u64)
                .sum::<u64>()
        })
    });

    // Seven of the 16 cards of four ranks: every hand paired at least three times. The 7 of
    // 16 are the positions of a random deal's first 7 cards among its 16.
    let paired: Vec<u8> = random_deals(N, 16, 2)
        .chunks_exact(16)
        .enumerate()
        .flat_map(|(i, deal)| {
            let ranks = (0..4u8).map(move |k| (i as u8 % 13 + 3 * k) % 13);
            let pool: Vec<u8> = ranks.flat_map(|r| (0..4).map(move |s| r * 4 + s)).collect();
            let mut sorted = deal.to_vec();
            sorted.sort_unstable();
            let at = |c: &u8| sorted.binary_search(c).unwrap_or(0);
            deal[..7].iter().map(|c| pool[at(c)]).collect::<Vec<u8>>()
        })
        .collect();
    g.bench_function("seven cards of at most four ranks, razz", |b| {
        b.iter(|| {
            paired
                .chunks_exact(7)
                .map(|h| razz_unchecked(black_box(h)) as u64)
                .sum::<u64>()
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
