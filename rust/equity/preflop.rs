//! Heads-up Hold'em preflop tables (python/splitpot/tables.py): for every pair of starting-hand
//! classes, how many boards the first class's hands win and tie against the second's, summed
//! over every pair of hands that share no card, exactly.
//!
//! Board-major, as [`super::boards`]: the 134,459 five-card boards up to suits (each counted
//! for its orbit; the class sets are unchanged by any suit permutation), each hand of the
//! chosen classes evaluated once on each board, and the pairs counted by class without
//! visiting them. With the hands on a board sorted by strength and `below[B]` the number of
//! class `B`'s hands under the current strength, a group of `k` hands of class `A` at that
//! strength adds `k * below[B]` wins over `B` for every `B` at once. That counts pairs of hands
//! sharing a card too; they are taken away per card: the hands holding card `x` swept the same
//! way (at most 26 classes: the other card's rank, suited or not), and the pairs sharing both
//! cards (a hand with itself, a tie) added back once (inclusion-exclusion: a pair sharing one
//! card is counted once in the total and once in the sum over cards, a hand with itself once
//! and twice). Every count is an integer; chunks of boards add, in any order.
//!
//! The suit-aware table ([`hero_counts`]) keeps each hand of the second class apart: one
//! representative hand of the first class against every hand, the boards up to the
//! permutations that keep the representative.
use super::range::class_hands;
use super::symmetry::{canonical_boards, fixing, map_mask, Boards, SuitPerm, ALL_PERMS};
use super::EquityError;
use crate::eval::HandKey;
use crate::limits::quoted;
use rayon::prelude::*;
use std::sync::OnceLock;

/// Boards per block of parallel work.
const BLOCK: usize = 512;
/// Local classes of the hands holding one card: the other card's rank, suited or not.
const LOCAL: usize = 26;

/// One hand of a chosen class.
#[derive(Clone, Copy)]
struct ClassHand {
    key: HandKey,
    mask: u64,
    cards: [u8; 2],
    class: u16,
}

/// The chosen classes (names as in `splitpot.tables.HOLDEM_CLASSES`) and their hands.
pub struct Classes {
    k: usize,
    hands: Vec<ClassHand>,
    /// The class of the hand of a card of rank `r` with local class `l` (see [`local`]), or
    /// `u16::MAX` when that class is not chosen.
    by_local: [[u16; LOCAL]; 13],
}

/// The local class of a hand holding card `x`, its other card `y`.
#[inline(always)]
fn local(x: u8, y: u8) -> usize {
    2 * (y >> 2) as usize + (x >> 2 != y >> 2 && x & 3 == y & 3) as usize
}

impl Classes {
    /// The classes named, in that order; an error names one that is not a class or is given
    /// twice.
    pub fn parse<S: AsRef<str>>(names: &[S]) -> Result<Classes, EquityError> {
        let mut hands = Vec::new();
        let mut by_local = [[u16::MAX; LOCAL]; 13];
        let mut seen = std::collections::HashSet::new();
        for (i, name) in names.iter().enumerate() {
            let name = name.as_ref();
            let cards = class_hands(name).filter(|_| seen.insert(name.to_string()));
            let Some(cards) = cards else {
                return Err(EquityError::Range(format!(
                    "{} is not a starting-hand class such as AA, AKs or AKo, or is given twice",
                    quoted(name)
                )));
            };
            for [a, b] in cards {
                hands.push(ClassHand {
                    key: HandKey::EMPTY.with(a).with(b),
                    mask: 1 << a | 1 << b,
                    cards: [a, b],
                    class: i as u16,
                });
                by_local[(a >> 2) as usize][local(a, b)] = i as u16;
                by_local[(b >> 2) as usize][local(b, a)] = i as u16;
            }
        }
        Ok(Classes {
            k: names.len(),
            hands,
            by_local,
        })
    }

    /// How many classes.
    pub fn len(&self) -> usize {
        self.k
    }

    pub fn is_empty(&self) -> bool {
        self.k == 0
    }

    /// The pairs of hands, class by class (row-major), that share no card.
    pub fn pairs(&self) -> Vec<u64> {
        let mut out = vec![0u64; self.k * self.k];
        for a in &self.hands {
            for b in &self.hands {
                if a.mask & b.mask == 0 {
                    out[a.class as usize * self.k + b.class as usize] += 1;
                }
            }
        }
        out
    }

    /// The number of pairs of hands that share no card up to suit permutations (and to the
    /// order of the two hands): the canonical matchups the table stands for.
    pub fn matchups(&self) -> u64 {
        let images: Vec<Vec<u64>> = ALL_PERMS
            .iter()
            .map(|p| self.hands.iter().map(|h| map_mask(p, h.mask)).collect())
            .collect();
        let mut keys = Vec::new();
        for i in 0..self.hands.len() {
            for j in i + 1..self.hands.len() {
                if self.hands[i].mask & self.hands[j].mask != 0 {
                    continue;
                }
                let key = images
                    .iter()
                    .map(|m| (m[i].min(m[j]), m[i].max(m[j])))
                    .min()
                    .unwrap_or_default();
                keys.push(key);
            }
        }
        keys.sort_unstable();
        keys.dedup();
        // A hand against itself is no matchup; against another of the same orbit it is one.
        keys.len() as u64
    }
}

/// How many boards [`class_counts`] takes ranges of: the five-card boards up to suits.
pub fn board_count() -> usize {
    class_boards().len()
}

/// The five-card boards up to suit permutations (134,459), built once.
pub(crate) fn class_boards() -> &'static Boards {
    static BOARDS: OnceLock<Boards> = OnceLock::new();
    BOARDS.get_or_init(|| canonical_boards(&ALL_PERMS, (1u64 << 52) - 1, 5))
}

/// Boards won and tied by each class against each (row-major, `len() x len()`), over every
/// pair of hands that share no card and every board of `class_boards()[begin..end]` (with its
/// orbit), on the current rayon pool.
pub fn class_counts(c: &Classes, begin: usize, end: usize) -> (Vec<u64>, Vec<u64>) {
    let boards = class_boards();
    let end = end.min(boards.len());
    let begin = begin.min(end);
    let blocks: Vec<(usize, usize)> = (begin..end)
        .step_by(BLOCK)
        .map(|b| (b, (b + BLOCK).min(end)))
        .collect();
    let sums = blocks
        .par_iter()
        .map(|&(b, e)| {
            let mut acc = Acc::new(c.k);
            let mut scratch = Scratch::default();
            for i in b..e {
                acc.board(c, boards.board(i), boards.weights[i], &mut scratch);
            }
            acc.finish(c)
        })
        .reduce(
            || (vec![0u64; c.k * c.k], vec![0u64; c.k * c.k]),
            |(mut w, mut t), (w2, t2)| {
                w.iter_mut().zip(&w2).for_each(|(a, b)| *a += b);
                t.iter_mut().zip(&t2).for_each(|(a, b)| *a += b);
                (w, t)
            },
        );
    sums
}

/// Buffers reused from board to board.
#[derive(Default)]
struct Scratch {
    /// The hands on the board, `strength << 16 | index`, sorted.
    seen: Vec<u32>,
    by_card: Vec<Vec<(u16, u8)>>,
    group: Vec<u16>,
    under: Vec<u32>,
    in_group: Vec<u32>,
}

/// Counts over a run of boards, before the corrections are mapped to classes. Every count fits
/// a `u32`: the largest, all pairs of two offsuit classes over every board, is
/// 144 x 2,598,960 < 2^32.
struct Acc {
    k: usize,
    /// Pairs (a, b), sharing cards or not, with b below a; and equal (a with itself too).
    below: Vec<u32>,
    equal: Vec<u32>,
    /// The same among the hands holding one card, by that card's rank and the local classes.
    card_below: Vec<u32>,
    card_equal: Vec<u32>,
    /// Hands seen, by class: each is a pair of a hand with itself, added back once.
    itself: Vec<u32>,
}

impl Acc {
    fn new(k: usize) -> Acc {
        Acc {
            k,
            below: vec![0; k * k],
            equal: vec![0; k * k],
            card_below: vec![0; 13 * LOCAL * LOCAL],
            card_equal: vec![0; 13 * LOCAL * LOCAL],
            itself: vec![0; k],
        }
    }

    /// Adds one board, counted `times`: every hand on it evaluated and sorted, then all the
    /// pairs by class and the pairs sharing each card.
    fn board(&mut self, c: &Classes, board: &[u8], times: u32, s: &mut Scratch) {
        let key = HandKey::from_cards(board);
        let bmask: u64 = board.iter().fold(0, |m, &x| m | 1 << x);
        s.seen.clear();
        for (i, h) in c.hands.iter().enumerate() {
            if h.mask & bmask == 0 {
                s.seen
                    .push((key.join(h.key).strength() as u32) << 16 | i as u32);
            }
        }
        s.seen.sort_unstable();
        self.all_pairs(c, times, s);
        s.by_card.resize_with(52, Vec::new);
        s.by_card.iter_mut().for_each(Vec::clear);
        for &e in &s.seen {
            let [x, y] = c.hands[(e & 0xffff) as usize].cards;
            let st = (e >> 16) as u16;
            s.by_card[x as usize].push((st, local(x, y) as u8));
            s.by_card[y as usize].push((st, local(y, x) as u8));
        }
        for x in 0..52 {
            self.pairs_sharing(x, &s.by_card[x], times);
        }
    }

    /// Every pair of the sorted hands `s.seen`, by class, in groups of equal strength: a group
    /// of `k` hands of class `A` is above `under[B]` hands of each class `B`.
    fn all_pairs(&mut self, c: &Classes, times: u32, s: &mut Scratch) {
        let k = self.k;
        s.under.clear();
        s.under.resize(k, 0);
        s.in_group.clear();
        s.in_group.resize(k, 0);
        let mut at = 0;
        while at < s.seen.len() {
            let st = s.seen[at] >> 16;
            s.group.clear();
            while at < s.seen.len() && s.seen[at] >> 16 == st {
                let cl = c.hands[(s.seen[at] & 0xffff) as usize].class;
                if s.in_group[cl as usize] == 0 {
                    s.group.push(cl);
                }
                s.in_group[cl as usize] += 1;
                at += 1;
            }
            for &a in &s.group {
                let a = a as usize;
                let times_a = s.in_group[a] * times;
                let row = &mut self.below[a * k..(a + 1) * k];
                for (r, &u) in row.iter_mut().zip(&s.under) {
                    *r = r.wrapping_add(times_a.wrapping_mul(u));
                }
                for &b in &s.group {
                    let cell = &mut self.equal[a * k + b as usize];
                    *cell = cell.wrapping_add(times_a * s.in_group[b as usize]);
                }
                self.itself[a] += times_a;
            }
            for &a in &s.group {
                s.under[a as usize] += s.in_group[a as usize];
                s.in_group[a as usize] = 0;
            }
        }
    }

    /// The pairs of the hands holding card `x` (`list`: strength and local class, in order of
    /// strength), by local class, as [`Acc::all_pairs`] counts all of them.
    fn pairs_sharing(&mut self, x: usize, list: &[(u16, u8)], times: u32) {
        let base = (x >> 2) * LOCAL * LOCAL;
        let mut under = [0u32; LOCAL];
        let mut i = 0;
        while i < list.len() {
            let st = list[i].0;
            let mut j = i;
            while j < list.len() && list[j].0 == st {
                j += 1;
            }
            for &(_, la) in &list[i..j] {
                let la = la as usize;
                let row = &mut self.card_below[base + la * LOCAL..base + (la + 1) * LOCAL];
                for (r, &u) in row.iter_mut().zip(&under) {
                    *r = r.wrapping_add(times.wrapping_mul(u));
                }
                for &(_, lb) in &list[i..j] {
                    let cell = &mut self.card_equal[base + la * LOCAL + lb as usize];
                    *cell = cell.wrapping_add(times);
                }
            }
            for &(_, la) in &list[i..j] {
                under[la as usize] += 1;
            }
            i = j;
        }
    }

    /// Wins and ties by class: all pairs, less those sharing a card, plus a hand with itself.
    fn finish(self, c: &Classes) -> (Vec<u64>, Vec<u64>) {
        let k = self.k;
        let mut wins: Vec<i64> = self.below.iter().map(|&x| x as i64).collect();
        let mut ties: Vec<i64> = self.equal.iter().map(|&x| x as i64).collect();
        for a in 0..k {
            ties[a * k + a] += self.itself[a] as i64;
        }
        for r in 0..13 {
            for la in 0..LOCAL {
                let ca = c.by_local[r][la];
                if ca == u16::MAX {
                    continue;
                }
                for lb in 0..LOCAL {
                    let cb = c.by_local[r][lb];
                    if cb == u16::MAX {
                        continue;
                    }
                    let i = r * LOCAL * LOCAL + la * LOCAL + lb;
                    let cell = ca as usize * k + cb as usize;
                    wins[cell] -= self.card_below[i] as i64;
                    ties[cell] -= self.card_equal[i] as i64;
                }
            }
        }
        let out = |v: Vec<i64>| v.into_iter().map(|x| x as u64).collect();
        (out(wins), out(ties))
    }
}

/// The suit-aware table's row: boards won and tied by `hero` (two cards) against each hand of
/// the chosen classes (in their order; 0 for a hand sharing a card with the hero), over every
/// board, the boards taken up to the suit permutations that keep the hero's cards.
pub fn hero_counts(c: &Classes, hero: [u8; 2]) -> (Vec<u64>, Vec<u64>) {
    let hmask = 1u64 << hero[0] | 1 << hero[1];
    let group = fixing(&ALL_PERMS, hmask);
    let boards = canonical_boards(&group, ((1u64 << 52) - 1) & !hmask, 5);
    let hkey = HandKey::EMPTY.with(hero[0]).with(hero[1]);
    let n = c.hands.len();
    let blocks: Vec<usize> = (0..boards.len()).step_by(BLOCK * 4).collect();
    let (wins, ties) = blocks
        .par_iter()
        .map(|&b| {
            let (mut wins, mut ties) = (vec![0u64; n], vec![0u64; n]);
            for i in b..(b + BLOCK * 4).min(boards.len()) {
                let board = boards.board(i);
                let times = boards.weights[i] as u64;
                let key = HandKey::from_cards(board);
                let bmask = board.iter().fold(hmask, |m, &x| m | 1 << x);
                let mine = key.join(hkey).strength();
                for (j, h) in c.hands.iter().enumerate() {
                    if h.mask & bmask == 0 {
                        let theirs = key.join(h.key).strength();
                        wins[j] += times * (mine > theirs) as u64;
                        ties[j] += times * (mine == theirs) as u64;
                    }
                }
            }
            (wins, ties)
        })
        .reduce(
            || (vec![0u64; n], vec![0u64; n]),
            |(mut w, mut t), (w2, t2)| {
                w.iter_mut().zip(&w2).for_each(|(a, b)| *a += b);
                t.iter_mut().zip(&t2).for_each(|(a, b)| *a += b);
                (w, t)
            },
        );
    (even_out(c, &group, wins), even_out(c, &group, ties))
}

/// Counts per villain hand, each board counted for its orbit, made right per hand. A board's
/// orbit is counted on its representative, where the villain hand `u` met there stands for
/// `g(u)` on the board `g(β)`: only a sum over a whole orbit of villain hands under `group`
/// is right as counted, and every hand of the orbit has the same count (the permutations
/// keep the hero), so each gets the orbit's sum divided by its size, an exact division.
fn even_out(c: &Classes, group: &[SuitPerm], mut counts: Vec<u64>) -> Vec<u64> {
    let index: std::collections::HashMap<u64, usize> = c
        .hands
        .iter()
        .enumerate()
        .map(|(i, h)| (h.mask, i))
        .collect();
    let mut done = vec![false; c.hands.len()];
    for i in 0..c.hands.len() {
        if done[i] {
            continue;
        }
        let mut orbit: Vec<usize> = group
            .iter()
            .filter_map(|p| index.get(&map_mask(p, c.hands[i].mask)).copied())
            .collect();
        orbit.sort_unstable();
        orbit.dedup();
        let sum: u64 = orbit.iter().map(|&j| counts[j]).sum();
        debug_assert_eq!(sum % orbit.len() as u64, 0);
        for &j in &orbit {
            counts[j] = sum / orbit.len() as u64;
            done[j] = true;
        }
    }
    counts
}

/// Each chosen hand's two cards, in the classes' order (the suit-aware table's columns).
pub fn class_hand_cards(c: &Classes) -> Vec<[u8; 2]> {
    c.hands.iter().map(|h| h.cards).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::equity::{equity, Options, Question};

    /// Per pair of hands, by the per-deal exact enumeration: boards the first wins and ties.
    fn direct(a: [u8; 2], b: [u8; 2]) -> (u64, u64) {
        let name = |h: [u8; 2]| {
            h.iter()
                .map(|&c| crate::cards::card_name(c))
                .collect::<String>()
        };
        let q = Question::parse("holdem", &[&name(a), &name(b)], "", "").unwrap();
        let e = equity(&q, &Options::default()).unwrap();
        let d = e.deals as f64;
        (
            (e.players[0].win * d).round() as u64,
            (e.players[0].tie * d).round() as u64,
        )
    }

    #[test]
    fn class_counts_match_every_pair_enumerated() {
        // Pairs, suited and offsuit, overlapping ranks (AKs v AQo, AA v AKs, a class with
        // itself), against each concrete pair's own enumeration.
        let names = ["AA", "AKs", "AQo", "T9s", "72o", "KK"];
        let c = Classes::parse(&names).unwrap();
        let (wins, ties) = class_counts(&c, 0, usize::MAX);
        let pairs = c.pairs();
        let hands: Vec<Vec<[u8; 2]>> = names.iter().map(|n| class_hands(n).unwrap()).collect();
        for (i, a) in hands.iter().enumerate() {
            for (j, b) in hands.iter().enumerate() {
                // Every hand of class i is a suit relabelling of the first: its counts times
                // the class size are the whole entry.
                let (mut w, mut t, mut p) = (0, 0, 0);
                for &h in b {
                    if (1u64 << a[0][0] | 1 << a[0][1]) & (1 << h[0] | 1 << h[1]) == 0 {
                        let (x, y) = direct(a[0], h);
                        (w, t, p) = (w + x, t + y, p + 1);
                    }
                }
                let size = a.len() as u64;
                let cell = i * names.len() + j;
                assert_eq!(pairs[cell], p * size, "{} v {}", names[i], names[j]);
                assert_eq!(wins[cell], w * size, "{} v {}", names[i], names[j]);
                assert_eq!(ties[cell], t * size, "{} v {}", names[i], names[j]);
            }
        }
    }

    #[test]
    fn chunks_of_boards_add_up() {
        let c = Classes::parse(&["QQ", "AJs", "98o"]).unwrap();
        let whole = class_counts(&c, 0, usize::MAX);
        let n = class_boards().len();
        let (mut w, mut t) = (vec![0u64; 9], vec![0u64; 9]);
        for (b, e) in [(0, 1000), (1000, 77_777), (77_777, n)] {
            let (x, y) = class_counts(&c, b, e);
            w.iter_mut().zip(x).for_each(|(s, v)| *s += v);
            t.iter_mut().zip(y).for_each(|(s, v)| *s += v);
        }
        assert_eq!((w, t), whole);
    }

    #[test]
    fn a_hero_row_is_each_matchup_enumerated() {
        let c = Classes::parse(&["AKs", "T9o", "KK"]).unwrap();
        let hero = class_hands("AKs").unwrap()[0];
        let (w, t) = hero_counts(&c, hero);
        for (j, &v) in class_hand_cards(&c).iter().enumerate() {
            let apart = (1u64 << hero[0] | 1 << hero[1]) & (1 << v[0] | 1 << v[1]) == 0;
            let want = if apart { direct(hero, v) } else { (0, 0) };
            assert_eq!((w[j], t[j]), want, "{v:?}");
        }
    }

    #[test]
    fn the_hero_rows_add_up_to_the_class_counts() {
        let names = ["AA", "KQs", "J7o"];
        let c = Classes::parse(&names).unwrap();
        let (wins, ties) = class_counts(&c, 0, usize::MAX);
        let cards = class_hand_cards(&c);
        for (i, name) in names.iter().enumerate() {
            let rep = class_hands(name).unwrap()[0];
            let size = class_hands(name).unwrap().len() as u64;
            let (hw, ht) = hero_counts(&c, rep);
            for j in 0..names.len() {
                let of_j = |v: &[u64]| -> u64 {
                    (0..cards.len())
                        .filter(|&h| c.hands[h].class as usize == j)
                        .map(|h| v[h])
                        .sum()
                };
                assert_eq!(of_j(&hw) * size, wins[i * 3 + j], "{name}");
                assert_eq!(of_j(&ht) * size, ties[i * 3 + j], "{name}");
            }
        }
    }

    fn all_classes() -> Vec<String> {
        {
            let r = "AKQJT98765432".as_bytes();
            let mut v = vec![];
            for i in 0..13 {
                for j in 0..13 {
                    let (a, b) = (r[i] as char, r[j] as char);
                    v.push(match i.cmp(&j) {
                        std::cmp::Ordering::Equal => format!("{a}{b}"),
                        std::cmp::Ordering::Less => format!("{a}{b}s"),
                        std::cmp::Ordering::Greater => format!("{b}{a}o"),
                    });
                }
            }
            v
        }
    }

    #[test]
    fn canonical_matchups_of_the_full_table() {
        let names = all_classes();
        let c = Classes::parse(&names).unwrap();
        assert_eq!(c.matchups(), 47_008);
        assert_eq!(c.pairs().iter().sum::<u64>(), 1_624_350);
        assert!(Classes::parse(&["AK"]).is_err());
        assert!(Classes::parse(&["AA", "AA"]).is_err());
    }
}
