//! Generates the perfect-hash tables of `rust/eval/` into OUT_DIR (indexed in rust/eval/tables.rs).
//!
//! The design is the additive-key perfect hash of OMPEval / holdem-hand-evaluator:
//! every rank has a base chosen so that the sum of the bases of any multiset of at most seven
//! ranks (each at most four times) is unique. That sum is hashed into a dense table by
//! single displacement: `LOOKUP[(key & COL_MASK) + OFFSETS[key >> ROW_SHIFT]]`. Flushes are
//! looked up separately by the 13-bit rank mask of the flush suit. One table set serves 5, 6
//! and 7 cards, and partial keys (a hole pair, a board triple) add.
use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::PathBuf;

/// OMPEval's rank multipliers (HandEvaluator.cpp); uniqueness is re-checked below.
const RANK_BASES: [u32; 13] = [
    0x2000, 0x8001, 0x11000, 0x3a000, 0x91000, 0x176005, 0x366000, 0x41a013, 0x47802e, 0x479068,
    0x48c0e4, 0x48f211, 0x494493,
];
const ROW_SHIFT: u32 = 12;

// Comparable value of a five-card hand: category in the top bits, then ranks by significance.
fn value(category: u32, ranks: &[u32]) -> u32 {
    let mut v = category << 20;
    for (i, r) in ranks.iter().enumerate() {
        v |= r << (16 - 4 * i);
    }
    v
}

/// Highest straight (top rank) in a 13-bit rank mask, the wheel counting as five high.
fn straight_top(mask: u32) -> Option<u32> {
    (4..13)
        .rev()
        .find(|&top| (mask >> (top - 4)) & 0x1f == 0x1f)
        .or(if mask & 0x100f == 0x100f {
            Some(3)
        } else {
            None
        })
}

/// Best non-flush five-card value from rank counts (5 to 7 cards).
fn best_by_counts(counts: &[u32; 13]) -> u32 {
    let ranks_with =
        |n: u32| -> Vec<u32> { (0..13).rev().filter(|&r| counts[r as usize] >= n).collect() };
    let mask: u32 = (0..13).filter(|&r| counts[r] > 0).map(|r| 1 << r).sum();
    let singles_except = |skip: &[u32], k: usize| -> Vec<u32> {
        (0..13)
            .rev()
            .filter(|r| counts[*r as usize] > 0 && !skip.contains(r))
            .take(k)
            .collect()
    };
    if let Some(&q) = ranks_with(4).first() {
        return value(7, &[q, singles_except(&[q], 1)[0]]);
    }
    let trips = ranks_with(3);
    if let Some(&t) = trips.first() {
        if let Some(&p) = ranks_with(2).iter().find(|&&r| r != t) {
            return value(6, &[t, p]);
        }
    }
    if let Some(top) = straight_top(mask) {
        return value(4, &[top]);
    }
    if let Some(&t) = trips.first() {
        let k = singles_except(&[t], 2);
        return value(3, &[t, k[0], k[1]]);
    }
    let pairs = ranks_with(2);
    if pairs.len() >= 2 {
        let k = singles_except(&pairs[..2], 1);
        return value(2, &[pairs[0], pairs[1], k[0]]);
    }
    if let Some(&p) = pairs.first() {
        let k = singles_except(&[p], 3);
        return value(1, &[p, k[0], k[1], k[2]]);
    }
    value(0, &singles_except(&[], 5))
}

/// Best flush or straight flush from the rank mask of one suit holding five or more cards.
fn best_flush(mask: u32) -> u32 {
    match straight_top(mask) {
        Some(top) => value(8, &[top]),
        None => {
            let top5: Vec<u32> = (0..13)
                .rev()
                .filter(|r| mask >> r & 1 == 1)
                .take(5)
                .collect();
            value(5, &top5)
        }
    }
}

fn multisets(n: u32, rank: usize, counts: &mut [u32; 13], out: &mut Vec<[u32; 13]>) {
    if rank == 13 {
        if n == 0 {
            out.push(*counts);
        }
        return;
    }
    for c in 0..=n.min(4) {
        counts[rank] = c;
        multisets(n - c, rank + 1, counts, out);
    }
    counts[rank] = 0;
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let hands = rank_multisets();
    let classes = rank_classes(&hands);
    let strength = |v: u32| classes.binary_search(&v).unwrap() as u16 + 1;
    let (offsets, lookup) = perfect_hash(&hands, &strength);
    let flush: Vec<u16> = (0u32..1 << 13)
        .map(|m| {
            if m.count_ones() >= 5 {
                strength(best_flush(m))
            } else {
                0
            }
        })
        .collect();
    let omaha = omaha_tables(&strength);
    let src = write_tables(&offsets, &lookup, &flush, &omaha, &classes);
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("high_tables.rs");
    std::fs::write(out, src).unwrap();
}

fn key_of(c: &[u32; 13]) -> u32 {
    (0..13).map(|r| c[r] * RANK_BASES[r]).sum()
}

/// Every rank multiset of 0 to 7 cards, after checking that their keys are unique.
fn rank_multisets() -> Vec<[u32; 13]> {
    let mut hands: Vec<[u32; 13]> = Vec::new();
    for n in 0..=7 {
        multisets(n, 0, &mut [0; 13], &mut hands);
    }
    let mut seen = HashMap::new();
    for h in &hands {
        assert!(seen.insert(key_of(h), *h).is_none(), "rank bases collide");
    }
    hands
}

/// All five-card classes as comparable values, sorted: strength 1..=7462 is index + 1.
fn rank_classes(hands: &[[u32; 13]]) -> Vec<u32> {
    let mut classes: Vec<u32> = hands
        .iter()
        .filter(|c| c.iter().sum::<u32>() == 5)
        .map(best_by_counts)
        .chain(
            (0u32..1 << 13)
                .filter(|m| m.count_ones() == 5)
                .map(best_flush),
        )
        .collect();
    classes.sort_unstable();
    classes.dedup();
    assert_eq!(classes.len(), 7462);
    classes
}

/// The non-flush lookup for 5, 6 and 7 cards, hashed by single displacement: the offset of
/// each row of `key >> ROW_SHIFT`, and the table.
fn perfect_hash(hands: &[[u32; 13]], strength: &dyn Fn(u32) -> u16) -> (Vec<u32>, Vec<u16>) {
    let entries: Vec<(u32, u16)> = hands
        .iter()
        .filter(|c| (5..=7).contains(&c.iter().sum::<u32>()))
        .map(|c| (key_of(c), strength(best_by_counts(c))))
        .collect();
    let max_key = entries.iter().map(|e| e.0).max().unwrap();
    let n_rows = (max_key >> ROW_SHIFT) as usize + 1;
    let mut rows: Vec<Vec<(u32, u16)>> = vec![Vec::new(); n_rows];
    for &(k, s) in &entries {
        rows[(k >> ROW_SHIFT) as usize].push((k & ((1 << ROW_SHIFT) - 1), s));
    }
    let mut order: Vec<usize> = (0..n_rows).collect();
    order.sort_by_key(|&r| std::cmp::Reverse(rows[r].len()));
    let mut table: Vec<u16> = Vec::new();
    let mut offsets = vec![0u32; n_rows];
    for r in order {
        if rows[r].is_empty() {
            continue;
        }
        let fits = |off: usize, table: &Vec<u16>| {
            rows[r]
                .iter()
                .all(|&(c, _)| table.get(off + c as usize).is_none_or(|&v| v == 0))
        };
        let off = (0..).find(|&off| fits(off, &table)).unwrap();
        for &(c, s) in &rows[r] {
            let i = off + c as usize;
            if table.len() <= i {
                table.resize(i + 1, 0);
            }
            table[i] = s;
        }
        offsets[r] = off as u32;
    }
    (offsets, table)
}

/// Omaha's non-flush five: (hole-pair rank multiset, board-triple rank multiset) -> strength,
/// a direct table: `OMAHA_PAIR`, `OMAHA_TRIPLE` and `OMAHA_RANKS`.
fn omaha_tables(strength: &dyn Fn(u32) -> u16) -> [Vec<u16>; 3] {
    let pairs: Vec<(u32, u32)> = (0..13).flat_map(|a| (a..13).map(move |b| (a, b))).collect();
    let triples: Vec<(u32, u32, u32)> = (0..13)
        .flat_map(|a| (a..13).flat_map(move |b| (b..13).map(move |c| (a, b, c))))
        .collect();
    let mut omaha_pair = vec![0u16; 169];
    for (i, &(a, b)) in pairs.iter().enumerate() {
        omaha_pair[(a * 13 + b) as usize] = (i * triples.len()) as u16;
        omaha_pair[(b * 13 + a) as usize] = (i * triples.len()) as u16;
    }
    let mut omaha_triple = vec![0u16; 2197];
    for (i, &(a, b, c)) in triples.iter().enumerate() {
        for (x, y, z) in [
            (a, b, c),
            (a, c, b),
            (b, a, c),
            (b, c, a),
            (c, a, b),
            (c, b, a),
        ] {
            omaha_triple[(x * 169 + y * 13 + z) as usize] = i as u16;
        }
    }
    let mut omaha_ranks = vec![0u16; pairs.len() * triples.len()];
    for (i, &(a, b)) in pairs.iter().enumerate() {
        for (j, &(c, d, e)) in triples.iter().enumerate() {
            let mut counts = [0u32; 13];
            for r in [a, b, c, d, e] {
                counts[r as usize] += 1;
            }
            if counts.iter().all(|&n| n <= 4) {
                omaha_ranks[i * triples.len() + j] = strength(best_by_counts(&counts));
            }
        }
    }
    [omaha_pair, omaha_triple, omaha_ranks]
}

/// The Rust source of every table (see rust/eval/tables.rs for the index).
fn write_tables(
    offsets: &[u32],
    lookup: &[u16],
    flush: &[u16],
    omaha: &[Vec<u16>; 3],
    classes: &[u32],
) -> String {
    fn arr<T: ToString>(src: &mut String, name: &str, ty: &str, v: &[T]) {
        let items: Vec<String> = v.iter().map(T::to_string).collect();
        writeln!(
            src,
            "pub static {name}: [{ty}; {}] = [{}];",
            v.len(),
            items.join(",")
        )
        .unwrap();
    }
    let mut src = String::new();
    writeln!(src, "pub const ROW_SHIFT: u32 = {ROW_SHIFT};").unwrap();
    arr(&mut src, "RANK_BASES", "u32", &RANK_BASES);
    arr(&mut src, "OFFSETS", "u32", offsets);
    arr(&mut src, "LOOKUP", "u16", lookup);
    arr(&mut src, "FLUSH", "u16", flush);
    arr(&mut src, "OMAHA_PAIR", "u16", &omaha[0]);
    arr(&mut src, "OMAHA_TRIPLE", "u16", &omaha[1]);
    arr(&mut src, "OMAHA_RANKS", "u16", &omaha[2]);
    // Packed (category, ranks) of each strength, for descriptions.
    arr(&mut src, "CLASS_VALUES", "u32", classes);
    src
}
