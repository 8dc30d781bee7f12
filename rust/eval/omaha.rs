//! Omaha high: exactly two hole cards and exactly three board cards (docs/rules/poker.md §1).
use std::sync::OnceLock;

use super::high::HandKey;
use super::tables::{OMAHA_PAIR, OMAHA_RANKS, OMAHA_TRIPLE};
use super::{check_count, pairs, triples};
use crate::cards::CardError;

/// Checks an Omaha deal: 4..=6 hole cards, 3..=5 board cards, no card twice.
pub fn check_omaha(hole: &[u8], board: &[u8]) -> Result<(), CardError> {
    check_count(hole.len(), 4..=6, "4 to 6 hole cards")?;
    check_count(board.len(), 3..=5, "3 to 5 board cards")?;
    // The branch-free test first; only a bad deal is walked again to name its first bad card.
    if !super::high::distinct_cards([hole, board]) {
        crate::cards::check_disjoint(&[hole, board])?;
    }
    Ok(())
}

/// Omaha high: exactly two hole cards and exactly three board cards.
pub fn evaluate_omaha(hole: &[u8], board: &[u8]) -> Result<u16, CardError> {
    check_omaha(hole, board)?;
    Ok(omaha_unchecked(hole, board))
}
/// Omaha high on a validated deal (4..=6 distinct hole cards, 3..=5 board, all < 52): the
/// board's row of the board table gives each hole pair's best non-flush hand in one load, and
/// flushes are looked at only when three board cards share a suit. Never panics: other
/// lengths give 0 and codes are taken modulo the deck's ranks.
pub fn omaha_unchecked(hole: &[u8], board: &[u8]) -> u16 {
    if !(3..=5).contains(&board.len()) || hole.len() > 6 {
        return 0;
    }
    let (row, flush_suit) = board_row(board_table(), board);
    let mut best = 0;
    for i in 0..hole.len() {
        for j in i + 1..hole.len() {
            best = best.max(row[pair_index(hole[i], hole[j])]);
        }
    }
    if let Some(s) = flush_suit {
        let (mut mine, mut m) = ([0u8; 6], 0);
        for &c in hole.iter().filter(|&&c| c & 3 == s) {
            mine[m] = c;
            m += 1;
        }
        if m >= 2 {
            best = best.max(omaha_flush(&mine[..m], board, s));
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
static BINOM: [[u32; 6]; 20] = {
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
fn multiset_index(sorted: &[u8]) -> usize {
    let mut idx = 0;
    for (i, &r) in sorted.iter().enumerate() {
        idx += BINOM[r as usize + i][i + 1] as usize;
    }
    idx
}

/// Board rank multisets of 3, 4 and 5 cards: C(15, 3), C(16, 4), C(17, 5).
const BOARDS: [usize; 3] = [455, 1820, 6188];
/// Hole-pair rank multisets: C(14, 2).
const PAIRS: usize = 91;

#[inline(always)]
fn rank(card: u8) -> u8 {
    (card >> 2) % 13
}

/// The board table's column of a hole pair: the multiset index of its two ranks.
#[inline(always)]
pub(crate) fn pair_index(a: u8, b: u8) -> usize {
    let (ra, rb) = (rank(a), rank(b));
    multiset_index(&[ra.min(rb), ra.max(rb)])
}

/// The row of `table` (from [`board_table`]) for a board of 3 to 5 cards, and the suit of
/// three or more board cards if there is one (at most one suit can have three of five).
#[inline(always)]
pub(crate) fn board_row<'t>(table: &'t [u16], board: &[u8]) -> (&'t [u16], Option<u8>) {
    let n = board.len();
    let mut r = [0u8; 5];
    let mut suits = [0u8; 4];
    for (i, &c) in board.iter().enumerate() {
        r[i] = rank(c);
        suits[(c & 3) as usize] += 1;
    }
    // Insertion sort: at most five small numbers.
    for i in 1..n {
        let mut j = i;
        while j > 0 && r[j - 1] > r[j] {
            r.swap(j - 1, j);
            j -= 1;
        }
    }
    let base: usize = BOARDS[..n - 3].iter().sum();
    let row = &table[(base + multiset_index(&r[..n])) * PAIRS..][..PAIRS];
    (row, suits.iter().position(|&k| k >= 3).map(|s| s as u8))
}

/// Every non-decreasing sequence of `k` ranks, in multiset-index order.
fn rank_multisets(k: usize) -> Vec<[u8; 5]> {
    fn go(k: usize, from: u8, cur: &mut Vec<u8>, out: &mut Vec<[u8; 5]>) {
        if cur.len() == k {
            let mut r = [0u8; 5];
            r[..k].copy_from_slice(cur);
            out.push(r);
            return;
        }
        for x in from..13 {
            cur.push(x);
            go(k, x, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    go(k, 0, &mut Vec::new(), &mut out);
    out.sort_by_key(|r| multiset_index(&r[..k]));
    out
}

/// The Omaha board table: for each board rank multiset of 3, 4 and 5 cards (rows in that
/// order, by [`multiset_index`]) and each hole-pair rank multiset (columns), the best hand
/// ignoring flushes, from the generated (pair, triple) table; 0 where a rank would appear five
/// times. 8,463 x 91 u16 (about 1.5 MB), built once on first use on the calling thread (about
/// 8 million lookups), so no rayon worker can wait on it from inside the build.
pub(crate) fn board_table() -> &'static [u16] {
    static TABLE: OnceLock<Vec<u16>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut pairs = [[0u8; 2]; PAIRS];
        for p in 0..13u8 {
            for q in p..13 {
                pairs[multiset_index(&[p, q])] = [p, q];
            }
        }
        let mut table = Vec::with_capacity(BOARDS.iter().sum::<usize>() * PAIRS);
        for k in 3..=5 {
            for r in rank_multisets(k) {
                for &pair in &pairs {
                    let best = triples(k)
                        .map(|(i, j, l)| omaha_rank_strength(pair, [r[i], r[j], r[l]]))
                        .max();
                    table.push(best.unwrap_or(0));
                }
            }
        }
        table
    })
}

/// The best Omaha hand made with two of `mine` (hole cards of suit `s`) and three board cards
/// of suit `s`: every such five is a flush or a straight flush.
#[cold]
pub(crate) fn omaha_flush(mine: &[u8], board: &[u8], s: u8) -> u16 {
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

    #[test]
    fn check_omaha_refuses_what_the_separate_checks_refuse() {
        // Reference: the counts, then every card checked in order (hole first, then board).
        let mut rng = crate::rng::Rng::new(1717, 0);
        let (mut good, mut bad) = (0, 0);
        for _ in 0..100_000 {
            let hole: Vec<u8> = (0..3 + rng.below(5)).map(|_| rng.below(54) as u8).collect();
            let board: Vec<u8> = (0..2 + rng.below(5)).map(|_| rng.below(54) as u8).collect();
            let want = check_count(hole.len(), 4..=6, "4 to 6 hole cards")
                .and_then(|()| check_count(board.len(), 3..=5, "3 to 5 board cards"))
                .and_then(|()| {
                    let all: Vec<u8> = hole.iter().chain(&board).copied().collect();
                    crate::cards::CardSet::from_cards(&all).map(|_| ())
                });
            assert_eq!(check_omaha(&hole, &board), want, "{hole:?} {board:?}");
            if want.is_ok() {
                good += 1
            } else {
                bad += 1
            }
        }
        assert!(good > 5_000 && bad > 5_000, "{good} good, {bad} bad");
    }
}
