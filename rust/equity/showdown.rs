//! One deal's showdown: every player's high and low, and who wins each half.
#![allow(clippy::needless_range_loop)] // hot loops index several per-player arrays in step
use super::MAX_PLAYERS;
use crate::eval::low;
use crate::eval::low::{LOW8, LOW8_BITS};
use crate::eval::omaha::{board_row, omaha_flush, pair_index};
use crate::eval::razz::razz_of_key;
use crate::eval::HandKey;

/// Player groups of cards: group 0 is the board, group 1 + i player i's drawn cards.
pub(super) const GROUPS: usize = MAX_PLAYERS + 1;

/// What is known about each player's hole cards for one assignment of hands.
#[derive(Clone)]
pub(super) struct Ctx {
    pub(super) n: usize,
    pub(super) key: [HandKey; MAX_PLAYERS],
    pub(super) low: [u8; MAX_PLAYERS],
    pub(super) hole: [[u8; 7]; MAX_PLAYERS],
    pub(super) hole_len: [u8; MAX_PLAYERS],
    /// Hole cards per suit, one byte a suit (clubs lowest).
    pub(super) suits: [u32; MAX_PLAYERS],
    /// Omaha: each player's hole cards as the board table reads them.
    pub(super) omaha: [OmahaHole; MAX_PLAYERS],
}

/// The most board cards of any game (Hold'em and Omaha: five).
pub(super) const MAX_BOARD: usize = 5;

/// Omaha hole cards as the board table reads them: the distinct hole-pair rank columns, and the
/// cards by suit for flushes.
#[derive(Clone, Copy, Default)]
pub(super) struct OmahaHole {
    pairs: [u8; 15],
    npairs: u8,
    by_suit: [[u8; 6]; 4],
    nsuit: [u8; 4],
}

impl OmahaHole {
    /// The hole of `cards` (at most six, distinct, below 52).
    pub(super) fn new(cards: &[u8]) -> OmahaHole {
        let mut h = OmahaHole::default();
        let mut np = 0;
        for a in 0..cards.len() {
            for b in a + 1..cards.len() {
                let p = pair_index(cards[a], cards[b]) as u8;
                if !h.pairs[..np].contains(&p) {
                    h.pairs[np] = p;
                    np += 1;
                }
            }
        }
        h.npairs = np as u8;
        for &c in cards {
            let s = (c & 3) as usize;
            h.by_suit[s][h.nsuit[s] as usize] = c;
            h.nsuit[s] += 1;
        }
        h
    }

    /// The best Omaha high with this hole on a complete board, given the board's `row` of the
    /// board table and the suit of three or more board cards (`board_row`).
    #[inline(always)]
    pub(super) fn high(&self, row: &[u16], flush_suit: Option<u8>, board: &[u8]) -> u16 {
        let mut best = 0;
        for &p in &self.pairs[..self.npairs as usize] {
            best = best.max(row[p as usize]);
        }
        if let Some(s) = flush_suit {
            let mine = &self.by_suit[s as usize][..self.nsuit[s as usize] as usize];
            if mine.len() >= 2 {
                best = best.max(omaha_flush(mine, board, s));
            }
        }
        best
    }
}

impl Ctx {
    pub(super) fn new(n: usize) -> Ctx {
        Ctx {
            n,
            key: [HandKey::EMPTY; MAX_PLAYERS],
            low: [0; MAX_PLAYERS],
            hole: [[0; 7]; MAX_PLAYERS],
            hole_len: [0; MAX_PLAYERS],
            suits: [0; MAX_PLAYERS],
            omaha: [OmahaHole::default(); MAX_PLAYERS],
        }
    }

    /// Sets player `i`'s known cards (at most 7, distinct, < 52: checked by [`Plan::new`]).
    pub(super) fn set(&mut self, i: usize, cards: &[u8], omaha: bool) {
        self.key[i] = HandKey::from_cards(cards);
        self.low[i] = cards.iter().fold(0, |m, &c| m | LOW8_BITS[c as usize]);
        self.hole[i][..cards.len()].copy_from_slice(cards);
        self.hole_len[i] = cards.len() as u8;
        self.suits[i] = cards.iter().map(|&c| 1 << (8 * (c & 3))).sum();
        if omaha {
            self.omaha[i] = OmahaHole::new(cards);
        }
    }
}

/// Running state of a deal being completed.
#[derive(Clone, Copy)]
pub(super) struct St {
    pub(super) g: [HandKey; GROUPS],
    pub(super) gl: [u8; GROUPS],
    pub(super) board: [u8; 5],
    pub(super) nb: usize,
    /// Board cards per suit, one byte a suit, as [`Ctx::suits`].
    pub(super) suits: u32,
    /// Deck positions taken (exact enumeration) or cards taken (Monte Carlo).
    pub(super) used: u64,
}

impl St {
    pub(super) fn new(board: &[u8]) -> St {
        let mut st = St {
            g: [HandKey::EMPTY; GROUPS],
            gl: [0; GROUPS],
            board: [0; 5],
            nb: 0,
            suits: 0,
            used: 0,
        };
        for &c in board {
            st.push(0, c);
        }
        st
    }

    /// [`St::push`] of only what a `OMAHA`/`HILO` showdown reads: a Hold'em or stud high
    /// (or razz) reads the groups' keys alone, not their low bits or the board's cards and
    /// suits (Omaha's), so a Monte Carlo deal does not write them.
    #[inline(always)]
    pub(super) fn push_for<const OMAHA: bool, const HILO: bool>(&mut self, g: usize, card: u8) {
        if OMAHA || HILO {
            self.push(g, card);
        } else {
            self.g[g] = self.g[g].with(card);
        }
    }

    #[inline(always)]
    pub(super) fn push(&mut self, g: usize, card: u8) {
        self.g[g] = self.g[g].with(card);
        self.gl[g] |= LOW8_BITS[card as usize];
        if g == 0 {
            self.board[self.nb] = card;
            self.nb += 1;
            self.suits += 1 << (8 * (card & 3));
        }
    }
}

/// How many players a kernel specialised for `N` serves: `N` itself (2 or 3, fully unrolled),
/// or any count up to [`MAX_PLAYERS`] for the general kernel.
#[inline(always)]
pub(super) fn players<const N: usize>(ctx: &Ctx) -> usize {
    if N < MAX_PLAYERS {
        N
    } else {
        ctx.n
    }
}

/// The winners of a deal: bit i of `.0` for each best high, of `.1` for each best low.
#[inline(always)]
pub(super) fn settle<const N: usize, const HILO: bool>(
    n: usize,
    hi: &[u16; N],
    lo: &[u8; N],
) -> (u32, u32) {
    let (mut best, mut hm) = (0u16, 0u32);
    for i in 0..n {
        let v = hi[i];
        if v > best {
            best = v;
            hm = 1 << i;
        } else if v == best {
            hm |= 1 << i;
        }
    }
    let mut lm = 0;
    if HILO {
        let mut bl = 0u8;
        for i in 0..n {
            let v = lo[i];
            if v > bl {
                bl = v;
                lm = 1 << i;
            } else if v == bl && v > 0 {
                lm |= 1 << i;
            }
        }
    }
    (hm, lm)
}

/// Omaha high (and low) of every player on a complete five-card board.
#[inline(always)]
pub(super) fn omaha_showdown<const N: usize, const HILO: bool>(
    ctx: &Ctx,
    board: &[u8; 5],
    table: &[u16],
    hi: &mut [u16; N],
    lo: &mut [u8; N],
) {
    let n = players::<N>(ctx);
    let (row, flush_suit) = board_row(table, board);
    for i in 0..n {
        hi[i] = ctx.omaha[i].high(row, flush_suit, board);
    }
    if HILO {
        let board_low = board.iter().fold(0u8, |m, &c| m | LOW8_BITS[c as usize]);
        for i in 0..n {
            lo[i] = if board_low.count_ones() >= 3 {
                low::omaha_low8_unchecked(&ctx.hole[i][..ctx.hole_len[i] as usize], board)
            } else {
                0
            };
        }
    }
}
/// The value that decides a best-five game's pot (or its high half): the high strength, or in
/// Razz the razz strength from `table` (`razz_table`); larger is better in both, so [`settle`]
/// serves Razz unchanged (one pot, no low half).
#[inline(always)]
pub(super) fn best_five<const RAZZ: bool>(table: &[u16], key: HandKey) -> u16 {
    if RAZZ {
        razz_of_key(table, key)
    } else {
        key.strength()
    }
}

/// Every player's values on a complete deal.
#[inline(always)]
pub(super) fn showdown<const N: usize, const OMAHA: bool, const HILO: bool, const RAZZ: bool>(
    ctx: &Ctx,
    st: &St,
    table: &[u16],
) -> (u32, u32) {
    let n = players::<N>(ctx);
    let mut hi = [0u16; N];
    let mut lo = [0u8; N];
    if OMAHA {
        omaha_showdown::<N, HILO>(ctx, &st.board, table, &mut hi, &mut lo);
    } else {
        for i in 0..n {
            hi[i] = best_five::<RAZZ>(table, ctx.key[i].join(st.g[0]).join(st.g[1 + i]));
            if HILO {
                lo[i] = LOW8[(ctx.low[i] | st.gl[0] | st.gl[1 + i]) as usize];
            }
        }
    }
    settle::<N, HILO>(n, &hi, &lo)
}

/// Calls `$run::<N, OMAHA, HILO, RAZZ>($args)` for the plan's shape: kernels for two and three
/// players unroll their per-player loops; one general kernel serves the rest.
macro_rules! by_shape {
    ($plan:expr, $run:ident ( $($arg:expr),* )) => {{
        let plan = $plan;
        let razz = plan.game == crate::game::Game::Razz;
        match (plan.n, plan.game.is_omaha(), plan.hilo, razz) {
            (2, _, _, true) => $run::<2, false, false, true>($($arg),*),
            (3, _, _, true) => $run::<3, false, false, true>($($arg),*),
            (_, _, _, true) => $run::<MAX_PLAYERS, false, false, true>($($arg),*),
            (2, false, false, _) => $run::<2, false, false, false>($($arg),*),
            (2, false, true, _) => $run::<2, false, true, false>($($arg),*),
            (2, true, false, _) => $run::<2, true, false, false>($($arg),*),
            (2, true, true, _) => $run::<2, true, true, false>($($arg),*),
            (3, false, false, _) => $run::<3, false, false, false>($($arg),*),
            (3, false, true, _) => $run::<3, false, true, false>($($arg),*),
            (3, true, false, _) => $run::<3, true, false, false>($($arg),*),
            (3, true, true, _) => $run::<3, true, true, false>($($arg),*),
            (_, false, false, _) => $run::<MAX_PLAYERS, false, false, false>($($arg),*),
            (_, false, true, _) => $run::<MAX_PLAYERS, false, true, false>($($arg),*),
            (_, true, false, _) => $run::<MAX_PLAYERS, true, false, false>($($arg),*),
            (_, true, true, _) => $run::<MAX_PLAYERS, true, true, false>($($arg),*),
        }
    }};
}
pub(crate) use by_shape;
#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::omaha::board_table;
    #[test]
    fn omaha_table_matches_the_evaluator() {
        for deck in crate::rng::random_deals(20_000, 13, 12345).chunks(13) {
            let holes = [&deck[0..4], &deck[4..8]];
            let board: [u8; 5] = deck[8..13].try_into().unwrap();
            let mut ctx = Ctx::new(2);
            for (i, h) in holes.iter().enumerate() {
                ctx.set(i, h, true);
            }
            let mut hi = [0u16; MAX_PLAYERS];
            let mut lo = [0u8; MAX_PLAYERS];
            omaha_showdown::<MAX_PLAYERS, true>(&ctx, &board, board_table(), &mut hi, &mut lo);
            for (i, h) in holes.iter().enumerate() {
                assert_eq!(
                    (hi[i], lo[i]),
                    crate::eval::hilo::omaha_hilo_unchecked(h, &board)
                );
            }
        }
    }
}
