//! Pan throughput (docs/rules/pan.md): `classify` per call and over a batch of candidate melds, and
//! `go_out` on random 11-card hands dealt from the 310-card deck and on hands built to go out.
//! Criterion reports elements per second, i.e. calls per second.
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use splitpot::pan::{self, PanRules, PanSolver};
use splitpot::rng::Rng;
use std::hint::black_box;

/// `n` deals of `k` cards, each from a freshly shuffled copy of the rules' deck.
fn deals(n: usize, k: usize, rules: &PanRules, seed: u64) -> Vec<Vec<u8>> {
    splitpot::rng::deals(&pan::deck(rules), n, k, seed)
        .chunks(k)
        .map(<[u8]>::to_vec)
        .collect()
}

/// `n` hands of 11 cards that go out: random valid melds of 3 to 8 cards until 11, within the
/// deck's copies.
fn out_hands(n: usize, rules: &PanRules, seed: u64) -> Vec<Vec<u8>> {
    let mut rng = Rng::new(seed, 0);
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let mut left = pan::deck_counts(rules);
        let mut hand: Vec<u8> = Vec::new();
        for _ in 0..100 {
            let room = 11 - hand.len();
            if room == 0 {
                break;
            }
            let k = if room <= 5 {
                room
            } else {
                3 + rng.below(room - 5)
            };
            let cand: Vec<u8> = if rng.below(2) == 0 && k <= 10 {
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
            let fits = cand
                .iter()
                .all(|&c| cand.iter().filter(|&&x| x == c).count() as u16 <= left[c as usize]);
            if fits && pan::is_meld(&cand, rules) {
                for &c in &cand {
                    left[c as usize] -= 1;
                }
                hand.extend(cand);
            }
        }
        if hand.len() == 11 {
            out.push(hand);
        }
    }
    out
}

fn goes_out(solver: &PanSolver, hand: &[u8]) -> bool {
    matches!(solver.go_out(hand), Ok(Some(_)))
}

fn bench(c: &mut Criterion) {
    let rules = PanRules::default();
    let solver = PanSolver::new(&rules);
    let mut g = c.benchmark_group("pan");
    g.sample_size(30);

    let one = pan::parse_cards("7h Jh Qh Kh").unwrap();
    g.throughput(Throughput::Elements(1));
    g.bench_function("classify, one 4-card run", |b| {
        b.iter(|| pan::classify(black_box(&one), black_box(&rules)))
    });

    const N: usize = 1 << 14;
    // Candidates of 3 to 6 cards: half random deals, half melds from built hands.
    let mut batch = deals(N / 2, 3, &rules, 1);
    for h in out_hands(N / 8, &rules, 2) {
        batch.push(h[..3].to_vec());
        batch.push(h[3..6].to_vec());
        batch.push(h[6..9].to_vec());
        batch.push(h[8..].to_vec());
    }
    let melds = batch.iter().filter(|m| pan::is_meld(m, &rules)).count();
    println!(
        "classify batch: {} candidates, {} valid melds",
        batch.len(),
        melds
    );
    g.throughput(Throughput::Elements(batch.len() as u64));
    g.bench_function("classify, batch of 3-6 card candidates", |b| {
        b.iter(|| {
            batch
                .iter()
                .filter(|m| pan::classify(black_box(m), &rules).is_some())
                .count()
        })
    });

    let random = deals(N, 11, &rules, 3);
    let outs = random.iter().filter(|h| goes_out(&solver, h)).count();
    println!("random 11-card hands: {outs} of {N} go out");
    g.throughput(Throughput::Elements(N as u64));
    g.bench_function("go_out, random 11-card hands (310-card deck)", |b| {
        b.iter(|| {
            random
                .iter()
                .filter(|h| matches!(pan::go_out(black_box(h), &rules), Ok(Some(_))))
                .count()
        })
    });
    g.bench_function("go_out, random 11-card hands, reused PanSolver", |b| {
        b.iter(|| {
            random
                .iter()
                .filter(|h| goes_out(&solver, black_box(h)))
                .count()
        })
    });

    let built = out_hands(N, &rules, 4);
    assert!(built.iter().all(|h| goes_out(&solver, h)));
    g.bench_function("go_out, 11-card hands built to go out", |b| {
        b.iter(|| {
            built
                .iter()
                .map(|h| {
                    solver
                        .go_out(black_box(h))
                        .map_or(0, |a| a.map_or(0, |a| a.pays))
                })
                .sum::<u64>()
        })
    });
    g.bench_function("can_meld_all, 11-card hands built to go out", |b| {
        b.iter(|| {
            built
                .iter()
                .filter(|h| solver.can_meld_all(black_box(h)))
                .count()
        })
    });

    // Planning a turn from a position: a flat player, and a hand with one meld down.
    let table = vec![
        pan::parse_cards("Ac 2c 3c 4c").unwrap(),
        pan::parse_cards("5s 5s 5s").unwrap(),
        pan::parse_cards("6d 6h 6c").unwrap(),
    ];
    let five_c = pan::parse_card("5c").unwrap();
    g.sample_size(20);
    g.throughput(Throughput::Elements(1));
    g.bench_function("go_out_with, flat (10 on the table)", |b| {
        b.iter(|| pan::go_out_with(black_box(five_c), &[], &table, &rules))
    });
    // Going out needs the 6c laid off on 3-4-5 before its 3c can be borrowed for a 3s group.
    let mid = vec![
        pan::parse_cards("3c 4c 5c").unwrap(),
        pan::parse_cards("Qh Qh Qh").unwrap(),
    ];
    let hand = pan::parse_cards("3d 3h Qh Qh").unwrap();
    let six_c = pan::parse_card("6c").unwrap();
    assert!(pan::go_out_with(six_c, &hand, &mid, &rules)
        .unwrap()
        .is_some());
    g.bench_function("go_out_with, 6 on the table, 4 in hand", |b| {
        b.iter(|| pan::go_out_with(black_box(six_c), &hand, &mid, &rules))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
