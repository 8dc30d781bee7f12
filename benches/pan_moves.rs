//! The Pan legal-move generator (rust/pan/moves.rs) per call: 0 to 4 random melds of 3 to 5
//! cards on the table, a drawn card, and a hand dealt from the 310-card deck: 10 cards (more
//! than a player ever holds with melds down), or the 10 less the cards on the table, as at the
//! start of a turn (docs/rules/pan.md §6.3). Criterion reports elements (calls) per second.
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use splitpot::pan::{self, PanRules};
use splitpot::rng::Rng;
use std::hint::black_box;

struct Position {
    hand: Vec<u8>,
    melds: Vec<Vec<u8>>,
    drawn: u8,
}

/// A random valid meld of 3 to 5 cards: a run or a group, one suit or mixed.
fn random_meld(rng: &mut Rng, rules: &PanRules) -> Vec<u8> {
    loop {
        let k = 3 + rng.below(3);
        let cand: Vec<u8> = if rng.below(2) == 0 {
            let s = rng.below(4) as u8;
            let start = rng.below(11 - k) as u8;
            (start..start + k as u8).map(|r| r * 4 + s).collect()
        } else {
            let r = rng.below(10) as u8;
            let one = rng.below(2) == 0;
            let s0 = rng.below(4) as u8;
            (0..k)
                .map(|_| r * 4 + if one { s0 } else { rng.below(4) as u8 })
                .collect()
        };
        if pan::is_meld(&cand, rules) {
            return cand;
        }
    }
}

fn positions(n: usize, melds: usize, full: bool, rules: &PanRules, seed: u64) -> Vec<Position> {
    let mut rng = Rng::new(seed, 0);
    let deck = pan::deck(rules);
    (0..n)
        .map(|_| {
            let mut d = deck.clone();
            rng.deal_front(&mut d, 11);
            let melds: Vec<Vec<u8>> = (0..melds).map(|_| random_meld(&mut rng, rules)).collect();
            let down: usize = melds.iter().map(Vec::len).sum();
            let keep = if full {
                10
            } else {
                10usize.saturating_sub(down)
            };
            Position {
                hand: d[..keep].to_vec(),
                melds,
                drawn: d[10],
            }
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let rules = PanRules::default();
    let mut g = c.benchmark_group("pan_moves");
    g.sample_size(20);
    const N: usize = 256;
    g.throughput(Throughput::Elements(N as u64));
    for (k, full) in (0..=4)
        .map(|k| (k, true))
        .chain((1..=3).map(|k| (k, false)))
    {
        let ps = positions(N, k, full, &rules, 7 + k as u64);
        let what = if full { "10 in hand" } else { "10 in all" };
        let count = |placed: bool| {
            ps.iter()
                .map(|p| pan::turn_moves(Some(p.drawn), placed, &p.hand, &p.melds, &rules).len())
                .sum::<usize>()
        };
        println!(
            "{k} melds, {what}: {:.2} moves placing the drawn card, {:.2} further moves a position",
            count(false) as f64 / N as f64,
            count(true) as f64 / N as f64
        );
        g.bench_function(format!("turn_moves, drawn card, {k} melds, {what}"), |b| {
            b.iter(|| {
                ps.iter()
                    .map(|p| {
                        pan::turn_moves(Some(p.drawn), false, black_box(&p.hand), &p.melds, &rules)
                            .len()
                    })
                    .sum::<usize>()
            })
        });
        g.bench_function(
            format!("turn_moves, further operations, {k} melds, {what}"),
            |b| {
                b.iter(|| {
                    ps.iter()
                        .map(|p| {
                            pan::turn_moves(None, false, black_box(&p.hand), &p.melds, &rules).len()
                        })
                        .sum::<usize>()
                })
            },
        );
        g.bench_function(format!("can_place, {k} melds, {what}"), |b| {
            b.iter(|| {
                ps.iter()
                    .filter(|p| pan::can_place(black_box(p.drawn), &p.hand, &p.melds, &rules))
                    .count()
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
