//! Every legal operation of one player's turn on his own melds (docs/rules/pan.md §6.2 to §6.5),
//! for the game's legal moves and the bots.
//!
//! Candidates are enumerated by shape, never by subsets of the hand: a valid meld is a group of
//! one rank or a run of one suit (§3.1, §3.2), so what can complete a base of cards is a count
//! per suit of that rank, or the missing ranks of a run. Those candidates hold every valid answer
//! (the tests check this against brute force); each one is then decided and priced by `ops`, the
//! one home of the operations' rules. Cards are counted per code, so copies (§1.1) repeat neither
//! work nor answers: each answer is a distinct multiset, sorted by code, in a fixed order.
use std::iter::repeat_n;
use std::ops::ControlFlow;

use super::cards::{rank_of, suit_of, MAX_MELD, NUM_CARDS};
use super::melds::{check_meld, is_meld, MeldKind};
use super::ops::{borrow, concat, lay_off, meld, sorted, split, valid, MeldError, MeldRole};
use super::rules::PanRules;

type Flow = ControlFlow<()>;
const GO_ON: Flow = ControlFlow::Continue(());
const STOP: Flow = ControlFlow::Break(());
/// Receives an answer of two card lists (split: added and part; borrow: take and cards) and pays.
type PairSink<'a> = dyn FnMut(&[u8], &[u8], u64) -> Flow + 'a;

/// One operation a player may make now (§6.4), on his melds as given (`meld_index` into them).
/// Replay it with [`meld`], [`lay_off`], [`split`] or [`borrow`]; `pays` is what each active
/// opponent pays for it (§4.1 to §4.3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Move {
    /// Lay down `cards` as a new meld.
    Meld { cards: Vec<u8>, pays: u64 },
    /// Add `cards` to the meld.
    LayOff {
        meld_index: usize,
        cards: Vec<u8>,
        pays: u64,
    },
    /// Add `added` (maybe none) to the meld, then split off `part`.
    Split {
        meld_index: usize,
        added: Vec<u8>,
        part: Vec<u8>,
        pays: u64,
    },
    /// Take `take` from the meld into a new meld with `cards` from the hand (and the drawn card).
    Borrow {
        meld_index: usize,
        take: Vec<u8>,
        cards: Vec<u8>,
        pays: u64,
    },
}

impl Move {
    /// The operation's name, as Python's `splitpot.pan` records know it.
    pub fn name(&self) -> &'static str {
        match self {
            Move::Meld { .. } => "meld",
            Move::LayOff { .. } => "lay_off",
            Move::Split { .. } => "split",
            Move::Borrow { .. } => "borrow",
        }
    }

    pub fn pays(&self) -> u64 {
        match self {
            Move::Meld { pays, .. }
            | Move::LayOff { pays, .. }
            | Move::Split { pays, .. }
            | Move::Borrow { pays, .. } => *pays,
        }
    }

    /// The meld the operation works on; `None` for a new meld.
    pub fn meld_index(&self) -> Option<usize> {
        match self {
            Move::Meld { .. } => None,
            Move::LayOff { meld_index, .. }
            | Move::Split { meld_index, .. }
            | Move::Borrow { meld_index, .. } => Some(*meld_index),
        }
    }
}

/// The cards a player may add, the hand and the card to place, counted per code; and that card,
/// which every answer must use (§6.3: the drawn card is placed by the first operation).
struct Pool {
    counts: [u8; NUM_CARDS],
    /// Per rank, a bit for each suit the pool holds; per suit, a bit for each rank.
    suits_of_rank: [u8; 10],
    ranks_of_suit: [u16; 4],
    must: Option<u8>,
}

impl Pool {
    /// `None` for a code outside 0..40.
    fn new(hand: &[u8], required: Option<u8>) -> Option<Pool> {
        let mut pool = Pool {
            counts: [0; NUM_CARDS],
            suits_of_rank: [0; 10],
            ranks_of_suit: [0; 4],
            must: required,
        };
        for &c in hand.iter().chain(required.iter()) {
            let n = pool.counts.get_mut(c as usize)?;
            // No meld holds more than 11 cards, so saturating loses nothing.
            *n = n.saturating_add(1);
            pool.suits_of_rank[rank_of(c) as usize] |= 1 << suit_of(c);
            pool.ranks_of_suit[suit_of(c) as usize] |= 1 << rank_of(c);
        }
        Some(pool)
    }

    /// Whether the pool could join `take` (sorted, not empty) in a new meld: it needs a card of
    /// the take's rank if that is one rank (a group), or of its suit at or next to its ranks if
    /// that is one suit (a run); and a card to place must be of that rank or suit.
    fn touches(&self, take: &[u8]) -> bool {
        let (lo, hi) = (take[0], take[take.len() - 1]);
        let (r, s) = (rank_of(lo), suit_of(lo));
        let one_rank = r == rank_of(hi);
        let one_suit = take.iter().all(|&c| suit_of(c) == s);
        let of_rank = one_rank && self.suits_of_rank[r as usize] != 0;
        // The ranks from one below the take's to one above.
        let (low, high) = (r.saturating_sub(1), (rank_of(hi) + 1).min(9));
        let window = ((1u32 << (high + 1)) - (1u32 << low)) as u16;
        let near = one_suit && self.ranks_of_suit[s as usize] & window != 0;
        let must_fits = self
            .must
            .is_none_or(|m| (one_rank && rank_of(m) == r) || (one_suit && suit_of(m) == s));
        must_fits && (of_rank || near)
    }

    fn count(&self, rank: u8, suit: u8) -> usize {
        self.counts[(rank * 4 + suit) as usize] as usize
    }

    /// Whether a candidate of this rank (for a group) or suit (for a run) can hold `must`.
    fn allows(&self, of: fn(u8) -> u8, value: u8) -> bool {
        self.must.is_none_or(|m| of(m) == value)
    }
}

/// Calls `visit` with every distinct non-empty multiset `added` from the pool such that
/// `base + added` (base sorted, maybe empty) has the shape of a meld of at most 11 cards, one
/// rank or a run of one suit, and `added` holds the pool's `must` card.
fn complete(base: &[u8], pool: &Pool, visit: &mut dyn FnMut(&[u8]) -> Flow) -> Flow {
    groups(base, pool, visit)?;
    runs(base, pool, visit)
}

/// The group candidates: any count of each suit of the base's rank (of every rank for no base).
fn groups(base: &[u8], pool: &Pool, visit: &mut dyn FnMut(&[u8]) -> Flow) -> Flow {
    let ranks = match base.first() {
        Some(&c) if base.iter().all(|&x| rank_of(x) == rank_of(c)) => rank_of(c)..rank_of(c) + 1,
        Some(_) => return GO_ON,
        None => 0..10,
    };
    let room = MAX_MELD.saturating_sub(base.len());
    let mut added = Vec::new();
    for r in ranks.filter(|&r| pool.allows(rank_of, r)) {
        let cap = |s: u8, used: usize| pool.count(r, s).min(room - used);
        for a in 0..=cap(0, 0) {
            for b in 0..=cap(1, a) {
                for c in 0..=cap(2, a + b) {
                    for d in 0..=cap(3, a + b + c) {
                        let n = [a, b, c, d];
                        let total = a + b + c + d;
                        if total == 0 || base.len() + total < 3 {
                            continue;
                        }
                        if pool.must.is_some_and(|m| n[suit_of(m) as usize] == 0) {
                            continue;
                        }
                        added.clear();
                        for (s, &k) in n.iter().enumerate() {
                            added.extend(repeat_n(r * 4 + s as u8, k));
                        }
                        visit(&added)?;
                    }
                }
            }
        }
    }
    GO_ON
}

/// The run candidates: every run of one suit through the base's ranks whose missing ranks the
/// pool holds (every run of every suit for no base).
fn runs(base: &[u8], pool: &Pool, visit: &mut dyn FnMut(&[u8]) -> Flow) -> Flow {
    // Sorted with no repeated code and one suit: distinct ranks.
    let one_suit_distinct = base
        .windows(2)
        .all(|w| w[0] < w[1] && suit_of(w[0]) == suit_of(w[1]));
    let suits = match base.first() {
        Some(&c) if one_suit_distinct => suit_of(c)..suit_of(c) + 1,
        Some(_) => return GO_ON,
        None => 0..4,
    };
    let mut in_base = [false; 10];
    for &c in base {
        in_base[rank_of(c) as usize] = true;
    }
    // Sorted by code within one suit is sorted by rank.
    let (blo, bhi) = match (base.first(), base.last()) {
        (Some(&l), Some(&h)) => (rank_of(l), rank_of(h)),
        _ => (9, 0),
    };
    let must_rank = pool.must.map(rank_of);
    if must_rank.is_some_and(|r| in_base[r as usize]) {
        return GO_ON;
    }
    let mut added = Vec::new();
    for s in suits.filter(|&s| pool.allows(suit_of, s)) {
        let have = |r: u8| in_base[r as usize] || pool.count(r, s) > 0;
        for lo in 0..=blo {
            for hi in lo..10 {
                if !have(hi) {
                    break;
                }
                if hi < lo + 2 || hi < bhi || must_rank.is_some_and(|m| m < lo || m > hi) {
                    continue;
                }
                added.clear();
                added.extend(
                    (lo..=hi)
                        .filter(|&r| !in_base[r as usize])
                        .map(|r| r * 4 + s),
                );
                if !added.is_empty() {
                    visit(&added)?;
                }
            }
        }
    }
    GO_ON
}

/// Every distinct sub-multiset `part` of sorted `cards`, with the rest, both sorted.
fn each_part(cards: &[u8], visit: &mut dyn FnMut(&[u8], &[u8]) -> Flow) -> Flow {
    let mut codes: Vec<(u8, usize)> = Vec::new();
    for &c in cards {
        match codes.last_mut() {
            Some((x, n)) if *x == c => *n += 1,
            _ => codes.push((c, 1)),
        }
    }
    let mut take = vec![0usize; codes.len()];
    let (mut part, mut rest) = (Vec::new(), Vec::new());
    loop {
        part.clear();
        rest.clear();
        for (&(c, n), &k) in codes.iter().zip(&take) {
            part.extend(repeat_n(c, k));
            rest.extend(repeat_n(c, n - k));
        }
        visit(&part, &rest)?;
        // The next count vector, as a mixed-radix counter.
        let mut i = 0;
        loop {
            if i == codes.len() {
                return GO_ON;
            }
            if take[i] < codes[i].1 {
                take[i] += 1;
                break;
            }
            take[i] = 0;
            i += 1;
        }
    }
}

fn each_new_meld(pool: &Pool, rules: &PanRules, sink: &mut dyn FnMut(&[u8], u64) -> Flow) -> Flow {
    complete(&[], pool, &mut |cards| match meld(cards, rules) {
        Ok(o) => sink(cards, o.pays),
        Err(_) => GO_ON,
    })
}

/// `base` is the meld, sorted.
fn each_lay_off(
    base: &[u8],
    pool: &Pool,
    rules: &PanRules,
    sink: &mut dyn FnMut(&[u8], u64) -> Flow,
) -> Flow {
    if check_meld(base, rules).is_err() {
        return GO_ON;
    }
    complete(base, pool, &mut |cards| match lay_off(base, cards, rules) {
        Ok(o) => sink(cards, o.pays),
        Err(_) => GO_ON,
    })
}

/// Borrows from the sorted meld `base`: each take that leaves a valid meld (in a run, cards
/// from its ends, §6.4), then each new meld those cards make with the pool.
fn each_borrow(base: &[u8], pool: &Pool, rules: &PanRules, sink: &mut PairSink) -> Flow {
    let Ok(kind) = check_meld(base, rules) else {
        return GO_ON;
    };
    let n = base.len();
    if n < 4 {
        return GO_ON;
    }
    let mut with_take = |take: &[u8], rest: &[u8]| -> Flow {
        if take.is_empty() || rest.len() < 3 || !pool.touches(take) || !is_meld(rest, rules) {
            return GO_ON;
        }
        complete(
            take,
            pool,
            &mut |cards| match borrow(base, take, cards, rules) {
                Ok(o) => sink(take, cards, o.pays),
                Err(_) => GO_ON,
            },
        )
    };
    if kind != MeldKind::Sequence {
        return each_part(base, &mut with_take);
    }
    // What remains of a run is a run: `i` cards off the low end and `j` off the high end.
    for i in 0..=n - 3 {
        for j in 0..=n - 3 - i {
            let take = [&base[..i], &base[n - j..]].concat();
            with_take(&take, &base[i..n - j])?;
        }
    }
    GO_ON
}

/// Splits of the sorted meld `base` after laying off each of `lays` (its lay-offs from the
/// pool), or nothing when the pool allows: a run at one point, a group into any two valid groups
/// (§6.4). Each unordered pair of halves once, the smaller (by sorted codes) as `part`.
fn each_split(
    base: &[u8],
    pool: &Pool,
    lays: &[(Vec<u8>, u64)],
    rules: &PanRules,
    sink: &mut PairSink,
) -> Flow {
    if check_meld(base, rules).is_err() {
        return GO_ON;
    }
    let none = pool.must.is_none() && !rules.split_requires_layoff;
    let nothing: &[u8] = &[];
    let addeds = none
        .then_some(nothing)
        .into_iter()
        .chain(lays.iter().map(|(a, _)| a.as_slice()));
    // Two halves of three or more.
    for added in addeds.filter(|a| base.len() + a.len() >= 6) {
        let whole = concat(base, added);
        let n = whole.len();
        let mut try_part = |part: &[u8], rest: &[u8]| -> Flow {
            if part.len() < 3 || rest.len() < 3 || part > rest {
                return GO_ON;
            }
            if !is_meld(part, rules) || !is_meld(rest, rules) {
                return GO_ON;
            }
            match split(base, added, part, rules) {
                Ok(o) => sink(added, part, o.pays),
                Err(_) => GO_ON,
            }
        };
        if check_meld(&whole, rules) == Ok(MeldKind::Sequence) {
            for k in 3..=n - 3 {
                try_part(&whole[..k], &whole[k..])?;
            }
        } else {
            each_part(&whole, &mut try_part)?;
        }
    }
    GO_ON
}

type Pairs = Vec<(Vec<u8>, u64)>;
type Triples = Vec<(Vec<u8>, Vec<u8>, u64)>;

fn pairs(each: impl FnOnce(&mut dyn FnMut(&[u8], u64) -> Flow) -> Flow) -> Pairs {
    let mut out = Vec::new();
    let _ = each(&mut |cards, pays| {
        out.push((cards.to_vec(), pays));
        GO_ON
    });
    out.sort_unstable();
    out
}

fn triples(each: impl FnOnce(&mut PairSink) -> Flow) -> Triples {
    let mut out = Vec::new();
    let _ = each(&mut |a, b, pays| {
        out.push((a.to_vec(), b.to_vec(), pays));
        GO_ON
    });
    out.sort_unstable();
    out
}

/// Every distinct valid new meld (§6.4 "New meld") of hand cards and the `required` card, which
/// it must hold when given (§6.3), with what it pays.
pub fn new_melds(required: Option<u8>, hand: &[u8], rules: &PanRules) -> Pairs {
    let Some(pool) = Pool::new(hand, required) else {
        return Vec::new();
    };
    pairs(|sink| each_new_meld(&pool, rules, sink))
}

/// Every distinct non-empty multiset of hand cards (holding `required` when given) that
/// [`lay_off`] accepts on `meld`, with what it pays. Nothing for an invalid meld.
pub fn lay_offs(meld: &[u8], hand: &[u8], required: Option<u8>, rules: &PanRules) -> Pairs {
    let Some(pool) = Pool::new(hand, required) else {
        return Vec::new();
    };
    pairs(|sink| each_lay_off(&sorted(meld), &pool, rules, sink))
}

/// Every distinct `(added, part, pays)` that [`split`] accepts on `meld`, `added` from the hand
/// (holding `required` when given; empty only without `required` and without
/// `split_requires_layoff`). Each unordered pair of halves once: `part` is the one whose sorted
/// codes come first.
pub fn splits(meld: &[u8], hand: &[u8], required: Option<u8>, rules: &PanRules) -> Triples {
    let Some(pool) = Pool::new(hand, required) else {
        return Vec::new();
    };
    let base = sorted(meld);
    let lays = pairs(|sink| each_lay_off(&base, &pool, rules, sink));
    triples(|sink| each_split(&base, &pool, &lays, rules, sink))
}

/// Every distinct `(take, cards, pays)` that [`borrow`] accepts on `meld`, `cards` from the
/// hand (holding `required` when given).
pub fn borrows(meld: &[u8], hand: &[u8], required: Option<u8>, rules: &PanRules) -> Triples {
    let Some(pool) = Pool::new(hand, required) else {
        return Vec::new();
    };
    triples(|sink| each_borrow(&sorted(meld), &pool, rules, sink))
}

/// The operations open to a player with `hand` and his own `melds`. With a `drawn` card not yet
/// `placed`, only the moves that place it (§6.3: it starts a new meld, maybe with borrowed
/// cards, or is laid off, maybe before a split); otherwise the further operations of a use turn
/// with hand cards only (§6.4). Order: new melds, then for each meld in turn its lay-offs,
/// splits and borrows. Discarding, rejecting and going out are the game's, not listed here.
pub fn turn_moves(
    drawn: Option<u8>,
    placed: bool,
    hand: &[u8],
    melds: &[Vec<u8>],
    rules: &PanRules,
) -> Vec<Move> {
    let required = if placed { None } else { drawn };
    let Some(pool) = Pool::new(hand, required) else {
        return Vec::new();
    };
    let mut out: Vec<Move> = pairs(|sink| each_new_meld(&pool, rules, sink))
        .into_iter()
        .map(|(cards, pays)| Move::Meld { cards, pays })
        .collect();
    for (meld_index, m) in melds.iter().enumerate() {
        let base = sorted(m);
        let lays = pairs(|sink| each_lay_off(&base, &pool, rules, sink));
        let splits = triples(|sink| each_split(&base, &pool, &lays, rules, sink));
        let borrows = triples(|sink| each_borrow(&base, &pool, rules, sink));
        out.extend(lays.into_iter().map(|(cards, pays)| Move::LayOff {
            meld_index,
            cards,
            pays,
        }));
        out.extend(splits.into_iter().map(|(added, part, pays)| Move::Split {
            meld_index,
            added,
            part,
            pays,
        }));
        out.extend(borrows.into_iter().map(|(take, cards, pays)| Move::Borrow {
            meld_index,
            take,
            cards,
            pays,
        }));
    }
    out
}

/// Whether `card`, just drawn, can be placed at all: a new meld with hand cards, a lay-off on
/// one of `melds` (with hand cards or alone), or a new meld with borrowed cards (§6.3). A live
/// discard may be taken only if so (§6.2). A split adds its cards by a lay-off, so it needs none
/// of its own here.
pub fn can_place(card: u8, hand: &[u8], melds: &[Vec<u8>], rules: &PanRules) -> bool {
    let Some(pool) = Pool::new(hand, Some(card)) else {
        return false;
    };
    let found = &mut |_: &[u8], _: u64| STOP;
    if each_new_meld(&pool, rules, found).is_break() {
        return true;
    }
    melds.iter().any(|m| {
        let m = sorted(m);
        each_lay_off(&m, &pool, rules, found).is_break()
            || each_borrow(&m, &pool, rules, &mut |_, _, _| STOP).is_break()
    })
}

/// Whether the live discard `card` forces the player with these `melds` (§6.5, under
/// `forcing = "mandatory"`, which the game checks): it lays off **by itself** on one of them.
///
/// §6.5 says "if the live discard can be laid off on one of the current player's existing
/// melds". We read that as the card alone, not the card with hand cards: the sources describe a
/// property of the card and the board, which everyone sees ("If a discard plays in your meld",
/// BCG; "if the one you discard adds to one of the next player's pre-existing melds", GW, where
/// the discarder forces the card knowing only the board; PP's "a hit ... playable to a meld on
/// your board"). A discard that fits only together with hand cards may still be taken (§6.2)
/// but is not forced.
pub fn forces(card: u8, melds: &[Vec<u8>], rules: &PanRules) -> bool {
    melds.iter().any(|m| lay_off(m, &[card], rules).is_ok())
}

/// Checks a position before its moves are listed: every code in 0..40 and every meld valid
/// (the generators would just skip a bad one; a caller with such a position has a bug).
pub fn check_turn(
    drawn: Option<u8>,
    hand: &[u8],
    melds: &[Vec<u8>],
    rules: &PanRules,
) -> Result<(), MeldError> {
    if let Some(&c) = drawn.iter().chain(hand).find(|&&c| c as usize >= NUM_CARDS) {
        return Err(MeldError::BadCard(c));
    }
    for m in melds {
        valid(MeldRole::Existing, m, rules)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pan::testutil::{deal, random_meld};
    use crate::pan::*;
    use crate::rng::Rng;
    use std::collections::BTreeSet;

    type Pairs = BTreeSet<(Vec<u8>, u64)>;
    type Triples = BTreeSet<(Vec<u8>, Vec<u8>, u64)>;

    /// Every index subset of `cards`, sorted, as a set: the brute force's multisets.
    fn subsets(cards: &[u8]) -> BTreeSet<Vec<u8>> {
        (0..1u32 << cards.len())
            .map(|mask| {
                let pick = cards
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| mask >> i & 1 == 1);
                sorted(&pick.map(|(_, &c)| c).collect::<Vec<_>>())
            })
            .collect()
    }

    /// The player's cards for one operation: every subset of the hand, plus `required`.
    fn own_cards(hand: &[u8], required: Option<u8>) -> BTreeSet<Vec<u8>> {
        subsets(hand)
            .into_iter()
            .map(|mut s| {
                s.extend(required);
                sorted(&s)
            })
            .collect()
    }

    fn bf_new_melds(required: Option<u8>, hand: &[u8], r: &PanRules) -> Pairs {
        own_cards(hand, required)
            .into_iter()
            .filter_map(|s| meld(&s, r).ok().map(|o| (s, o.pays)))
            .collect()
    }

    fn bf_lay_offs(m: &[u8], hand: &[u8], required: Option<u8>, r: &PanRules) -> Pairs {
        own_cards(hand, required)
            .into_iter()
            .filter_map(|s| lay_off(m, &s, r).ok().map(|o| (s, o.pays)))
            .collect()
    }

    fn bf_splits(m: &[u8], hand: &[u8], required: Option<u8>, r: &PanRules) -> Triples {
        let mut out = BTreeSet::new();
        for added in own_cards(hand, required) {
            // `split` lays `added` off first: an `added` that `lay_off` refuses splits nothing.
            if !added.is_empty() && lay_off(m, &added, r).is_err() {
                continue;
            }
            for part in subsets(&concat(m, &added)) {
                if let Ok(o) = split(m, &added, &part, r) {
                    let half = o.melds[0].clone().min(o.melds[1].clone());
                    out.insert((added.clone(), half, o.pays));
                }
            }
        }
        out
    }

    fn bf_borrows(m: &[u8], hand: &[u8], required: Option<u8>, r: &PanRules) -> Triples {
        let mut out = BTreeSet::new();
        for take in subsets(m) {
            // What remains must be a valid meld whatever the cards: skip the rest early.
            let rest = remove_cards(m, &take).unwrap();
            if !is_meld(&rest, r) {
                continue;
            }
            for cards in own_cards(hand, required) {
                if let Ok(o) = borrow(m, &take, &cards, r) {
                    out.insert((take.clone(), cards, o.pays));
                }
            }
        }
        out
    }

    fn set<T: Ord + Clone>(v: &[T]) -> BTreeSet<T> {
        let s: BTreeSet<T> = v.iter().cloned().collect();
        assert_eq!(s.len(), v.len(), "an answer is listed twice");
        s
    }

    /// A random position: the table melds, a hand (random, or dense in a few ranks and suits so
    /// that melds are common) and a card to place.
    fn position(rng: &mut Rng, rules: &PanRules) -> (Vec<Vec<u8>>, Vec<u8>, u8) {
        let mut left = deck_counts(rules);
        let melds: Vec<Vec<u8>> = (0..rng.below(4))
            .filter_map(|_| {
                let k = 3 + rng.below(6);
                random_meld(rng, &mut left, k, rules)
            })
            .collect();
        let k = rng.below(11);
        let hand = if rng.below(2) == 0 {
            deal(rng, rules, k)
        } else {
            let (r0, s0, s1) = (rng.below(6) as u8, rng.below(4) as u8, rng.below(4) as u8);
            let near = |rng: &mut Rng| (r0 + rng.below(5) as u8) * 4 + [s0, s1][rng.below(2)];
            (0..k).map(|_| near(rng)).collect()
        };
        let drawn = match melds.first() {
            Some(m) if rng.below(3) == 0 => m[0] ^ 1,
            _ => hand.first().map_or(0, |&c| c ^ 1),
        };
        (melds, hand, drawn)
    }

    #[test]
    fn generators_match_brute_force() {
        let mut rng = Rng::new(13, 0);
        let rules = [
            PanRules::default(),
            PanRules {
                unsuited_rule: UnsuitedRule::AllDistinct,
                keep_character: false,
                split_requires_layoff: true,
                layoff_pay: LayoffPay::NewConditionsOnly,
                ..PanRules::default()
            },
        ];
        let mut found = [0usize; 4];
        for case in 0..400 {
            let r = &rules[case % 2];
            let (melds, hand, drawn) = position(&mut rng, r);
            for req in [None, Some(drawn)] {
                let nm = new_melds(req, &hand, r);
                assert_eq!(set(&nm), bf_new_melds(req, &hand, r), "{hand:?} {req:?}");
                found[0] += nm.len();
                for m in &melds {
                    let lo = lay_offs(m, &hand, req, r);
                    assert_eq!(set(&lo), bf_lay_offs(m, &hand, req, r), "{m:?} {hand:?}");
                    let sp = splits(m, &hand, req, r);
                    assert_eq!(set(&sp), bf_splits(m, &hand, req, r), "{m:?} {hand:?}");
                    let bo = borrows(m, &hand, req, r);
                    assert_eq!(set(&bo), bf_borrows(m, &hand, req, r), "{m:?} {hand:?}");
                    found[1] += lo.len();
                    found[2] += sp.len();
                    found[3] += bo.len();
                }
            }
        }
        // The positions exercise every generator.
        assert!(found.iter().all(|&n| n > 50), "{found:?}");
    }

    /// Each move replayed through `ops` on the meld it names gives the same pays; with a drawn
    /// card to place, every move uses it (§6.3).
    fn replay(mv: &Move, melds: &[Vec<u8>], r: &PanRules) -> (u64, Vec<u8>) {
        let (o, own) = match mv {
            Move::Meld { cards, .. } => (meld(cards, r), cards.clone()),
            Move::LayOff {
                meld_index, cards, ..
            } => (lay_off(&melds[*meld_index], cards, r), cards.clone()),
            Move::Split {
                meld_index,
                added,
                part,
                ..
            } => (split(&melds[*meld_index], added, part, r), added.clone()),
            Move::Borrow {
                meld_index,
                take,
                cards,
                ..
            } => (borrow(&melds[*meld_index], take, cards, r), cards.clone()),
        };
        (o.expect("a listed move is legal").pays, own)
    }

    #[test]
    fn turn_moves_are_legal_and_complete() {
        let mut rng = Rng::new(14, 0);
        let r = PanRules::default();
        for _ in 0..300 {
            let (melds, hand, drawn) = position(&mut rng, &r);
            for (d, placed) in [(Some(drawn), false), (Some(drawn), true), (None, false)] {
                let moves = turn_moves(d, placed, &hand, &melds, &r);
                let req = if placed { None } else { d };
                let mut want = bf_new_melds(req, &hand, &r).len();
                for m in &melds {
                    want += bf_lay_offs(m, &hand, req, &r).len()
                        + bf_splits(m, &hand, req, &r).len()
                        + bf_borrows(m, &hand, req, &r).len();
                }
                assert_eq!(moves.len(), want);
                for mv in &moves {
                    let (pays, own) = replay(mv, &melds, &r);
                    assert_eq!(pays, mv.pays(), "{mv:?}");
                    if let Some(c) = req {
                        assert!(own.contains(&c), "{mv:?} leaves the drawn card out");
                    }
                }
                if let (Some(c), false) = (d, placed) {
                    assert_eq!(can_place(c, &hand, &melds, &r), !moves.is_empty());
                }
            }
            let one = melds.iter().any(|m| lay_off(m, &[drawn], &r).is_ok());
            assert_eq!(forces(drawn, &melds, &r), one);
        }
    }
}

#[cfg(test)]
mod examples {
    use super::*;
    use crate::pan::testutil::p;
    use crate::pan::*;

    fn takes(m: &str, hand: &str) -> BTreeSet<Vec<u8>> {
        let d = PanRules::default();
        borrows(&p(m), &p(hand), None, &d)
            .into_iter()
            .map(|(t, _, _)| t)
            .collect()
    }
    use std::collections::BTreeSet;

    #[test]
    fn pw_split_creates_a_low_run() {
        // §4.3, PW: ♦5-4-3 + ♦2, ♦6, ♦A → ♦A-2-3 and ♦6-5-4 creates A-2-3: one chip.
        let d = PanRules::default();
        let all = splits(&p("5d 4d 3d"), &p("2d 6d Ad Kc"), None, &d);
        assert!(all.contains(&(p("Ad 2d 6d"), p("Ad 2d 3d"), 1)), "{all:?}");
        // The same with the ♦6 just drawn: it must be among the added cards (§6.3).
        let drawn = splits(&p("5d 4d 3d"), &p("2d Ad"), Some(p("6d")[0]), &d);
        assert_eq!(drawn, vec![(p("Ad 2d 6d"), p("Ad 2d 3d"), 1)]);
        assert_eq!(
            splits(&p("5s 4s 3s"), &p("2s As"), Some(p("6s")[0]), &d),
            vec![(p("As 2s 6s"), p("As 2s 3s"), 2)]
        );
        // A meld of three splits only after cards are added; nothing is added here.
        assert!(splits(&p("5d 4d 3d"), &p("Kc Qc"), None, &d).is_empty());
    }

    #[test]
    fn pw_borrow_from_a_five_card_run() {
        // §6.4, PW: from ♥J-7-6-5-4, ♥5-4 or the ♥J; never the ♥7, ♥6 or ♥5 alone.
        let hand = "3h Jc Js 7c 7d 6c 6d 5c 5d";
        let t = takes("Jh 7h 6h 5h 4h", hand);
        assert!(t.contains(&p("4h 5h")) && t.contains(&p("Jh")), "{t:?}");
        for alone in ["7h", "6h", "5h"] {
            assert!(!t.contains(&p(alone)), "{alone}");
        }
        let d = PanRules::default();
        let all = borrows(&p("Jh 7h 6h 5h 4h"), &p(hand), None, &d);
        assert!(all.contains(&(p("4h 5h"), p("3h"), 0)));
        assert!(all.contains(&(p("Jh"), p("Jc Js"), 0)));
    }

    #[test]
    fn bcg_the_seven_or_the_four() {
        // §6.4, BCG: "7, 6, 5, 4: the 7 or 4 may be borrowed"; GW: the ends, not both. Answers come sorted.
        let hand = "7d 7h 6d 6h 5d 5h 4d 4h";
        assert_eq!(
            takes("7c 6c 5c 4c", hand),
            BTreeSet::from([p("4c"), p("7c")])
        );
        let d = PanRules::default();
        // The borrowed 7 makes an unsuited valle group (C1, one chip); the 4s pay nothing.
        assert_eq!(
            borrows(&p("7c 6c 5c 4c"), &p(hand), None, &d),
            vec![(p("4c"), p("4d 4h"), 0), (p("7c"), p("7d 7h"), 1)]
        );
        assert!(takes("7c 6c 5c", hand).is_empty());
    }

    #[test]
    fn lay_offs_and_new_melds_by_hand() {
        let d = PanRules::default();
        // §4.2: A♦ on 2-3-4 creates A-2-3; with the 5 too.
        assert_eq!(
            lay_offs(&p("2d 3d 4d"), &p("Ad 5d 5d Kc"), None, &d),
            vec![(p("Ad"), 1), (p("Ad 5d"), 1), (p("5d"), 0)]
        );
        // §3.2 keepCharacter: a one-suit group takes only its suit.
        assert_eq!(
            lay_offs(&p("6c 6c 6c"), &p("6c 6d 6h"), None, &d),
            vec![(p("6c"), 1)]
        );
        // Copies: three 5♥ in hand make one meld, listed once, a suited valle group.
        assert_eq!(
            new_melds(None, &p("5h 5h 5h"), &d),
            vec![(p("5h 5h 5h"), 2)]
        );
        assert_eq!(
            new_melds(Some(p("5h")[0]), &p("5h 5h 5c 5d"), &d),
            vec![
                (p("5c 5d 5h"), 1),
                (p("5c 5d 5h 5h"), 1),
                (p("5c 5d 5h 5h 5h"), 1),
                (p("5h 5h 5h"), 2),
            ]
        );
    }

    #[test]
    fn forcing_is_the_card_alone() {
        // §6.5 as read in `forces`: A♦ plays on ♦2-3-4 by itself and is forced; on ♦3-4-5 it
        // needs the ♦2 from the hand, so it may be taken (§6.2) but is not forced.
        let d = PanRules::default();
        let table = [p("2d 3d 4d"), p("Kc Kh Ks")];
        assert!(forces(p("Ad")[0], &table, &d));
        assert!(forces(p("Kd")[0], &table, &d));
        let table = [p("3d 4d 5d")];
        assert!(!forces(p("Ad")[0], &table, &d));
        assert!(can_place(p("Ad")[0], &p("2d"), &table, &d));
        assert!(!can_place(p("Ad")[0], &p("Qc"), &table, &d));
        // Placed by borrowing: the 3♣ with the 3♥ and the ♦3 taken from ♦3-4-5-6; a second 3♣
        // with it would make a two-suit group.
        let table = [p("3d 4d 5d 6d")];
        assert!(can_place(p("3c")[0], &p("3h"), &table, &d));
        assert!(!can_place(p("3c")[0], &p("3c"), &table, &d));
    }

    #[test]
    fn drawn_card_moves_and_bad_input() {
        let d = PanRules::default();
        let table = [p("2d 3d 4d"), p("7c 7c 7c 7c")];
        let moves = turn_moves(Some(p("Ad")[0]), false, &p("5d Ac As 7c"), &table, &d);
        let names: Vec<&str> = moves.iter().map(Move::name).collect();
        // Ac As Ad; A♦ on the run, alone or with the 5♦.
        assert_eq!(names, ["meld", "lay_off", "lay_off"]);
        assert_eq!(moves[1].meld_index(), Some(0));
        // Once placed: the hand alone. The 7♣ lays off on a suited valle group (1 chip, §4.2);
        // five 7♣ split nowhere (two halves of three need six).
        let later = turn_moves(Some(p("Ad")[0]), true, &p("5d Ac As 7c"), &table, &d);
        assert_eq!(
            later,
            vec![
                Move::LayOff {
                    meld_index: 0,
                    cards: p("5d"),
                    pays: 0
                },
                Move::LayOff {
                    meld_index: 1,
                    cards: p("7c"),
                    pays: 1
                },
            ]
        );
        // Bad codes and invalid melds list nothing and never panic; `check_turn` names them.
        assert!(turn_moves(Some(40), false, &[1, 2, 200], &[vec![255]], &d).is_empty());
        assert!(!can_place(41, &[], &table, &d) && !forces(41, &table, &d));
        assert_eq!(
            check_turn(Some(3), &[7, 44], &[], &d),
            Err(MeldError::BadCard(44))
        );
        assert!(matches!(
            check_turn(None, &[], &[p("2d 3d")], &d),
            Err(MeldError::Invalid {
                role: MeldRole::Existing,
                ..
            })
        ));
        // A huge hand stays bounded: melds hold at most 11 cards.
        let big = vec![p("6c")[0]; 300];
        assert_eq!(new_melds(None, &big, &d).len(), 6);
    }

    #[test]
    fn no_panics_on_any_input() {
        let d = PanRules::default();
        let odd = PanRules {
            packs: 0,
            split_requires_layoff: true,
            pay_suited_group: u64::MAX,
            ..d
        };
        let mut rng = crate::rng::Rng::new(77, 0);
        let card = |rng: &mut crate::rng::Rng| {
            if rng.below(10) == 0 {
                rng.next_u64() as u8
            } else {
                rng.below(40) as u8
            }
        };
        for _ in 0..2000 {
            let hand: Vec<u8> = (0..rng.below(14)).map(|_| card(&mut rng)).collect();
            // Valid melds (up to 11 cards, copies beyond the deck's allowed) and garbage.
            let mut left = [u16::MAX; NUM_CARDS];
            let melds: Vec<Vec<u8>> = (0..rng.below(4))
                .map(|_| match rng.below(2) {
                    0 => (0..rng.below(13)).map(|_| card(&mut rng)).collect(),
                    _ => {
                        let k = 3 + rng.below(9);
                        crate::pan::testutil::random_meld(&mut rng, &mut left, k, &d)
                            .unwrap_or_default()
                    }
                })
                .collect();
            let c = card(&mut rng);
            for r in [&d, &odd] {
                let _ = turn_moves(Some(c), false, &hand, &melds, r);
                let _ = turn_moves(None, true, &hand, &melds, r);
                let _ = can_place(c, &hand, &melds, r);
                let _ = forces(c, &melds, r);
                let _ = check_turn(Some(c), &hand, &melds, r);
            }
        }
    }
}
