//! High-hand evaluation throughput: sequential enumeration of all seven-card hands,
//! random seven-card hands, random Omaha 4-card hands.
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use splitpot::eval::omaha::omaha_unchecked;
use splitpot::eval::HandKey;
use splitpot::rng::random_deals;
use std::hint::black_box;

fn enumerate_all_seven() -> u64 {
    let mut acc = 0u64;
    for a in 0..52u8 {
        let ka = HandKey::EMPTY.with(a);
        for b in a + 1..52 {
            let kb = ka.with(b);
            for c in b + 1..52 {
                let kc = kb.with(c);
                for d in c + 1..52 {
                    let kd = kc.with(d);
                    for e in d + 1..52 {
                        let ke = kd.with(e);
                        for f in e + 1..52 {
                            let kf = ke.with(f);
                            for g in f + 1..52 {
                                acc += kf.with(g).strength() as u64;
                            }
                        }
                    }
                }
            }
        }
    }
    acc
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("high");
    g.sample_size(10);
    g.throughput(Throughput::Elements(133_784_560));
    g.bench_function("all 133,784,560 seven-card hands, sequential", |b| {
        b.iter(enumerate_all_seven)
    });

    const N: usize = 1 << 16;
    let seven = random_deals(N, 7, 1);
    g.sample_size(50);
    g.throughput(Throughput::Elements(N as u64));
    g.bench_function("random seven-card hands", |b| {
        b.iter(|| {
            seven
                .chunks_exact(7)
                .map(|h| HandKey::from_cards(black_box(h)).strength() as u64)
                .sum::<u64>()
        })
    });
    let omaha = random_deals(N, 9, 2);
    g.bench_function("random Omaha 4-card hands (5-card board)", |b| {
        b.iter(|| {
            omaha
                .chunks_exact(9)
                .map(|d| omaha_unchecked(black_box(&d[..4]), &d[4..]) as u64)
                .sum::<u64>()
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
