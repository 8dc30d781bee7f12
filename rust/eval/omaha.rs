//! Omaha high: exactly two hole cards and exactly three board cards (spec/poker.md §1).
use std::sync::OnceLock;

use rayon::prelude::*;

use super::high::HandKey;
use super::tables::{FLUSH, OMAHA_PAIR, OMAHA_RANKS, OMAHA_TRIPLE};
use super::{check_count, pairs, triples};
use crate::cards::CardError;
/// Checks an Omaha deal: 4..=6 hole cards, 3..=5 board cards, no card twice.
pub fn check_omaha(hole: &[u8], board: &[u8]) -> Result<(), CardError> {
    check_count(hole.len(), 4..=6, "4 to 6 hole cards")?;
    check_count(board.len(), 3..=5, "3 to 5 board cards")?;
    crate::cards::check_disjoint(&[hole, board]).map(|_| ())
}

/// Omaha high: exactly two hole cards and exactly three board cards.
pub fn evaluate_omaha(hole: &[u8], board: &[u8]) -> Result<u16, CardError> {
    check_omaha(hole, board)?;
    Ok(omaha_unchecked(hole, board))
}
/// Omaha high on a validated deal (4..=6 distinct hole cards, 3..=5 board, all < 52).
pub fn omaha_unchecked(hole: &[u8], board: &[u8]) -> u16 {
    // Fixed sizes let the compiler unroll the combination loops completely.
    fn go<const H: usize, const B: usize>(hole: &[u8], board: &[u8]) -> u16 {
        match (<&[u8; H]>::try_from(hole), <&[u8; B]>::try_from(board)) {
            (Ok(h), Ok(b)) => omaha_fixed(h, b),
            _ => 0,
        }
    }
    match (hole.len(), board.len()) {
        (4, 5) => go::<4, 5>(hole, board),
        (4, 4) => go::<4, 4>(hole, board),
        (4, 3) => go::<4, 3>(hole, board),
        (5, 5) => go::<5, 5>(hole, board),
        (5, 4) => go::<5, 4>(hole, board),
        (5, 3) => go::<5, 3>(hole, board),
        (6, 5) => go::<6, 5>(hole, board),
        (6, 4) => go::<6, 4>(hole, board),
        (6, 3) => go::<6, 3>(hole, board),
        _ => 0,
    }
}

/// Each hole pair and board triple is reduced once to an index of its rank multiset; each of
/// the up to 15 x 10 combinations is then one add and one load in a direct table. A flush
/// needs a suited pair and a suited triple of the same suit, looked up by their rank masks.
#[inline(always)]
fn omaha_fixed<const H: usize, const B: usize>(hole: &[u8; H], board: &[u8; B]) -> u16 {
    let rank = |c: u8| (c >> 2) as usize % 13;
    let bit = |c: u8| 1u16 << rank(c);
    let (mut hp, mut nh) = ([0u16; 15], 0);
    let (mut hs, mut nhs) = ([(0u8, 0u16); 15], 0);
    for i in 0..H {
        for j in i + 1..H {
            let (a, b) = (hole[i], hole[j]);
            hp[nh] = OMAHA_PAIR[rank(a) * 13 + rank(b)];
            nh += 1;
            if a & 3 == b & 3 {
                hs[nhs] = (a & 3, bit(a) | bit(b));
                nhs += 1;
            }
        }
    }
    let (mut bt, mut nb) = ([0u16; 10], 0);
    let (mut bs, mut nbs) = ([(0u8, 0u16); 10], 0);
    for i in 0..B {
        for j in i + 1..B {
            for k in j + 1..B {
                let (a, b, c) = (board[i], board[j], board[k]);
                bt[nb] = OMAHA_TRIPLE[rank(a) * 169 + rank(b) * 13 + rank(c)];
                nb += 1;
                if a & 3 == b & 3 && b & 3 == c & 3 {
                    bs[nbs] = (a & 3, bit(a) | bit(b) | bit(c));
                    nbs += 1;
                }
            }
        }
    }
    let mut best = 0u16;
    for &p in &hp[..H * (H - 1) / 2] {
        for &t in &bt[..B * (B - 1) * (B - 2) / 6] {
            best = best.max(OMAHA_RANKS[p as usize + t as usize]);
        }
    }
    for &(suit, bm) in &bs[..nbs] {
        for &(hsuit, hm) in &hs[..nhs] {
            if suit == hsuit {
                best = best.max(FLUSH[(bm | hm) as usize]);
            }
        }
    }
    best
}

/// The best Omaha high ignoring flushes of a hole pair's ranks with a board triple's ranks
/// (ranks 0 = deuce .. 12 = ace), 0 where a rank would appear five times.
pub fn omaha_rank_strength(pair: [u8; 2], triple: [u8; 3]) -> u16 {
    let r = |x: u8| x as usize % 13;
    let p = OMAHA_PAIR[r(pair[0]) * 13 + r(pair[1])] as usize;
    let t = OMAHA_TRIPLE[r(triple[0]) * 169 + r(triple[1]) * 13 + r(triple[2])] as usize;
    OMAHA_RANKS[p + t]
}
/// The two hole and three board cards that make the best Omaha high hand.
pub fn omaha_best_five(hole: &[u8], board: &[u8]) -> Result<[u8; 5], CardError> {
    let target = evaluate_omaha(hole, board)?;
    for (i, j) in pairs(hole) {
        for (a, b, c) in triples(board.len()) {
            let five = [hole[i], hole[j], board[a], board[b], board[c]];
            if HandKey::from_cards(&five).strength() == target {
                return Ok(five);
            }
        }
    }
    unreachable!("some two plus three make the best hand")
}
/// C(n, k) for n < 20, k <= 5.
pub(crate) static BINOM: [[u32; 6]; 20] = {
    let mut t = [[0u32; 6]; 20];
    let mut n = 0;
    while n < 20 {
        t[n][0] = 1;
        let mut k = 1;
        while k < 6 {
            t[n][k] = if n == 0 {
                0
            } else {
                t[n - 1][k - 1] + t[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    t
};

/// Colex index of a sorted multiset of ranks (smallest first): 0..C(12 + k, k).
#[inline(always)]
pub(crate) fn multiset_index(sorted: &[u8]) -> usize {
    let mut idx = 0;
    for (i, &r) in sorted.iter().enumerate() {
        idx += BINOM[r as usize + i][i + 1] as usize;
    }
    idx
}

pub(crate) const BOARDS5: usize = 6188; // C(17, 5) rank multisets of five
pub(crate) const PAIRS: usize = 91; // C(14, 2)

/// `OMAHA_RANKS[board * 91 + pair]`: the best Omaha high ignoring flushes, for a rank multiset
/// of five board cards and the ranks of a hole pair (indices by [`multiset_index`]). Built once
/// (about 1.1 MB) from the evaluator's (pair, triple) table; the flush check is done apart, only
/// when three board cards share a suit.
pub(crate) fn omaha_ranks() -> &'static [u16] {
    static TABLE: OnceLock<Vec<u16>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut boards = vec![[0u8; 5]; BOARDS5];
        for a in 0..13u8 {
            for b in a..13 {
                for c in b..13 {
                    for d in c..13 {
                        for e in d..13 {
                            let r = [a, b, c, d, e];
                            boards[multiset_index(&r)] = r;
                        }
                    }
                }
            }
        }
        let mut pairs = [[0u8; 2]; PAIRS];
        for p in 0..13u8 {
            for q in p..13 {
                pairs[multiset_index(&[p, q])] = [p, q];
            }
        }
        let mut table = vec![0u16; BOARDS5 * PAIRS];
        table
            .par_chunks_mut(PAIRS)
            .zip(boards.par_iter())
            .for_each(|(row, r)| {
                for (out, &pair) in row.iter_mut().zip(&pairs) {
                    let mut best = 0;
                    for i in 0..5 {
                        for j in i + 1..5 {
                            for k in j + 1..5 {
                                best = best.max(omaha_rank_strength(pair, [r[i], r[j], r[k]]));
                            }
                        }
                    }
                    *out = best;
                }
            });
        table
    })
}
/// The best Omaha hand made with two of `mine` (hole cards of suit `s`) and three board cards
/// of suit `s`: every such five is a flush or a straight flush.
#[cold]
pub(crate) fn omaha_flush(mine: &[u8], board: &[u8; 5], s: u8) -> u16 {
    let mut on_board = [0u8; 5];
    let mut m = 0;
    for &c in board.iter().filter(|&&c| c & 3 == s) {
        on_board[m] = c;
        m += 1;
    }
    let on_board = &on_board[..m];
    let mut best = 0;
    for a in 0..mine.len() {
        for b in a + 1..mine.len() {
            let two = HandKey::EMPTY.with(mine[a]).with(mine[b]);
            for x in 0..on_board.len() {
                for y in x + 1..on_board.len() {
                    for z in y + 1..on_board.len() {
                        let k = two.with(on_board[x]).with(on_board[y]).with(on_board[z]);
                        best = best.max(k.strength());
                    }
                }
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;
    use crate::eval::high::category;
    use crate::rng::random_deals;
    #[test]
    fn omaha_uses_exactly_two_plus_three() {
        let o = |h: &str, b: &str| {
            evaluate_omaha(&parse_cards(h).unwrap(), &parse_cards(b).unwrap()).unwrap()
        };
        // Four hearts on board and one in hand is no flush in Omaha.
        assert_eq!(
            category(o("AhKcQd2s", "3h4h5h9hJc")),
            4,
            "A-2-3-4-5 straight, no flush"
        );
        assert_eq!(category(o("AhKhQd2s", "3h4h5c9hJc")), 5);
        // Four of a kind on board plays as trips at most with two hole cards.
        assert_eq!(category(o("2c3d4h5s", "AcAdAhAsKc")), 3);
    }

    #[test]
    fn omaha_matches_brute_force_on_many_deals() {
        let decks = random_deals(20_000, 11, 0x9e3779b97f4a7c15);
        for (n, deck) in decks.chunks_exact(11).enumerate() {
            let (nh, nb) = (4 + n % 3, 3 + (n / 3) % 3);
            let (hole, board) = (&deck[..nh], &deck[nh..nh + nb]);
            let mut want = 0;
            for (i, j) in pairs(hole) {
                for (a, b, c) in triples(nb) {
                    want = want.max(
                        HandKey::from_cards(&[hole[i], hole[j], board[a], board[b], board[c]])
                            .strength(),
                    );
                }
            }
            assert_eq!(omaha_unchecked(hole, board), want, "{hole:?} {board:?}");
        }
    }
}
