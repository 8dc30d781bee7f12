//! Equity (issue 8): heads-up Hold'em preflop over all 1,712,304 boards, heads-up Omaha Hi/Lo
//! preflop over all 1,086,008 boards, and Monte Carlo deals per second on one thread.
//!
//! Goals: Hold'em exact under 10 ms, Omaha Hi/Lo exact under 0.15 s, Hold'em Monte Carlo at
//! least 10 M deals/s per thread.
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use splitpot::equity::{equity, Options, Question};
use std::hint::black_box;
use std::time::Duration;

fn question(game: &str, players: &[&str]) -> Question {
    Question::parse(game, players, "", "").unwrap()
}

fn bench(c: &mut Criterion) {
    let exact = Options {
        exact: Some(true),
        ..Options::default()
    };
    let mut g = c.benchmark_group("equity exact");
    g.sample_size(20).measurement_time(Duration::from_secs(5));
    let holdem = question("holdem", &["AsKs", "QdQc"]);
    g.throughput(Throughput::Elements(1_712_304));
    g.bench_function(
        "holdem AsKs vs QdQc preflop, every board, all threads",
        |b| b.iter(|| equity(black_box(&holdem), &exact).unwrap()),
    );
    let omaha8 = question("omaha8", &["As2d3hKc", "KdKsQh7c"]);
    g.throughput(Throughput::Elements(1_086_008));
    g.bench_function(
        "omaha8 As2d3hKc vs KdKsQh7c preflop, every board, all threads",
        |b| b.iter(|| equity(black_box(&omaha8), &exact).unwrap()),
    );
    g.finish();

    // Ranges exact (issue 29), on one thread: throughput in deals (a choice of hands for every
    // player and a board), the unit CandyPoker's published figure counts.
    let one_thread = Options {
        exact: Some(true),
        threads: Some(1),
        ..Options::default()
    };
    let mut g = c.benchmark_group("equity exact ranges, one thread");
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    for (name, players) in [
        (
            "holdem 10% v 10% preflop",
            &["77+, A9s+, KTs+, QJs, AJo+, KQo", "88+, ATs+, KJs+, AQo+"][..],
        ),
        (
            "holdem AsKs v 10% preflop",
            &["AsKs", "77+, A9s+, KTs+, QJs, AJo+, KQo"][..],
        ),
        (
            "holdem CandyPoker's three ranges preflop",
            &["TT+, AQs+, AQo+", "QQ+, AKs, AKo", "TT"][..],
        ),
    ] {
        let q = question("holdem", players);
        let deals = equity(&q, &exact).unwrap().deals;
        g.throughput(Throughput::Elements(deals));
        g.bench_function(name, |b| {
            b.iter(|| equity(black_box(&q), &one_thread).unwrap())
        });
    }
    g.finish();

    const N: u64 = 1 << 20;
    let mut g = c.benchmark_group("equity monte carlo, one thread");
    g.sample_size(10).throughput(Throughput::Elements(N));
    let one = |seed| Options {
        exact: Some(false),
        samples: Some(N),
        seed: Some(seed),
        threads: Some(1),
        ..Options::default()
    };
    for (name, game, players) in [
        ("holdem AsKs vs QdQc", "holdem", &["AsKs", "QdQc"][..]),
        (
            "holdem AsKs vs QQ+, AKo (range)",
            "holdem",
            &["AsKs", "QQ+, AKo"][..],
        ),
        ("omaha8 heads-up", "omaha8", &["As2d3hKc", "KdKsQh7c"][..]),
        (
            "stud8 third street heads-up",
            "stud8",
            &["As2d3h", "KdKsQh"][..],
        ),
        (
            "razz third street heads-up",
            "razz",
            &["As2d3h", "KdKsQh"][..],
        ),
    ] {
        let q = question(game, players);
        g.bench_function(name, |b| b.iter(|| equity(black_box(&q), &one(1)).unwrap()));
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
