//! Exact enumeration of every completion of the deal.
#![allow(clippy::needless_range_loop)] // hot loops index several per-player arrays in step
use super::plan::{assignments, Plan};
use super::showdown::{best_five, by_shape, omaha_showdown, players, settle, showdown, Ctx, St};
use super::tally::{Accum, Tally};
use super::{MAX_PLAYERS, UNIT_DEALS};
use crate::eval::low::{LOW8, LOW8_BITS};
use crate::eval::HandKey;
// ---------------------------------------------------------------------------------------------
// Exact enumeration

pub(super) struct Walk<'a, const N: usize, const OMAHA: bool, const HILO: bool, const RAZZ: bool> {
    pub(super) deck: &'a [u8],
    pub(super) slots: &'a [u8],
    pub(super) rem: &'a [u8],
    pub(super) ctx: &'a Ctx,
    pub(super) table: &'a [u16],
    pub(super) tally: &'a mut Tally,
    /// Only board cards are dealt (no stud cards of the players' own).
    pub(super) board_only: bool,
    // Scratch for the last card, kept here so no call zeroes arrays.
    pub(super) pk: [HandKey; N],
    pub(super) pl: [u8; N],
    pub(super) hi: [u16; N],
    pub(super) lo: [u8; N],
}

/// Enumerates every completion of one assignment's deal from slot `depth` on.
#[allow(clippy::too_many_arguments)]
pub(super) fn walk<const N: usize, const OMAHA: bool, const HILO: bool, const RAZZ: bool>(
    plan: &Plan,
    ctx: &Ctx,
    deck: &[u8],
    st: &mut St,
    depth: usize,
    start: usize,
    tally: &mut Tally,
) {
    Walk::<N, OMAHA, HILO, RAZZ> {
        deck,
        slots: &plan.slots,
        rem: &plan.rem,
        ctx,
        table: plan.table,
        tally,
        board_only: plan.slots.iter().all(|&g| g == 0),
        pk: [HandKey::EMPTY; N],
        pl: [0; N],
        hi: [0; N],
        lo: [0; N],
    }
    .go(depth, start, st)
}

impl<const N: usize, const OMAHA: bool, const HILO: bool, const RAZZ: bool>
    Walk<'_, N, OMAHA, HILO, RAZZ>
{
    /// Winners when `card` completes the board (best-five games, keys in `self.pk`).
    #[inline(always)]
    pub(super) fn last_board_card(&mut self, card: u8) -> (u32, u32) {
        let n = players::<N>(self.ctx);
        let lb = LOW8_BITS[card as usize];
        for i in 0..n {
            self.hi[i] = best_five::<RAZZ>(self.table, self.pk[i].with(card));
            if HILO {
                self.lo[i] = LOW8[(self.pl[i] | lb) as usize];
            }
        }
        settle::<N, HILO>(n, &self.hi, &self.lo)
    }

    /// The last board card when players hold only known cards (Hold'em, Crazy Pineapple).
    /// The deck is in code order, so cards of one rank are adjacent; a card whose suit gives
    /// no player a fifth card of that suit changes no flush, so every such card of a rank
    /// gives the same values: one evaluation stands for all of them.
    #[inline(always)]
    pub(super) fn last_board_by_rank(&mut self, start: usize, st: &St) {
        let n = players::<N>(self.ctx);
        // Suits in which some player already holds four of his six cards: bit 7 of the suit's
        // byte once its count reaches 4 (counts are at most 7, so no byte carries).
        let mut special = 0u32;
        for i in 0..n {
            special |= (st.suits + self.ctx.suits[i] + 0x7C7C_7C7C) & 0x8080_8080;
        }
        let deck = self.deck;
        let mut pos = start;
        while pos < deck.len() {
            let rank = deck[pos] >> 2;
            let (mut first, mut same) = (0u8, 0u64);
            while pos < deck.len() && deck[pos] >> 2 == rank {
                let card = deck[pos];
                if st.used >> pos & 1 == 0 {
                    if special >> (8 * (card & 3) + 7) & 1 == 1 {
                        let (h, l) = self.last_board_card(card);
                        self.tally.add(h, l);
                    } else {
                        if same == 0 {
                            first = card;
                        }
                        same += 1;
                    }
                }
                pos += 1;
            }
            if same > 0 {
                let (h, l) = self.last_board_card(first);
                self.tally.add_n(h, l, same);
            }
        }
    }

    pub(super) fn go(&mut self, s: usize, start: usize, st: &mut St) {
        let ns = self.slots.len();
        if s == ns {
            let (h, l) = showdown::<N, OMAHA, HILO, RAZZ>(self.ctx, st, self.table);
            self.tally.add(h, l);
            return;
        }
        if s + 1 == ns {
            self.last(s, start, st);
            return;
        }
        let g = self.slots[s] as usize;
        let next_start_same = self.slots[s + 1] as usize == g;
        let end = (self.deck.len() + 1).saturating_sub(self.rem[s] as usize);
        for pos in start..end {
            if st.used >> pos & 1 == 1 {
                continue;
            }
            let saved = (st.g[g], st.gl[g], st.nb, st.suits);
            st.push(g, self.deck[pos]);
            st.used |= 1 << pos;
            self.go(s + 1, if next_start_same { pos + 1 } else { 0 }, st);
            st.used &= !(1 << pos);
            (st.g[g], st.gl[g], st.nb, st.suits) = saved;
        }
    }

    /// The last card: everything else is fixed, so only what it touches is recomputed.
    #[inline(always)]
    pub(super) fn last(&mut self, s: usize, start: usize, st: &mut St) {
        let g = self.slots[s] as usize;
        let n = players::<N>(self.ctx);
        let deck = self.deck;
        if OMAHA {
            let nb = st.nb;
            for pos in start..deck.len() {
                if st.used >> pos & 1 == 1 {
                    continue;
                }
                st.board[nb] = deck[pos];
                omaha_showdown::<N, HILO>(
                    self.ctx,
                    &st.board,
                    self.table,
                    &mut self.hi,
                    &mut self.lo,
                );
                let (h, l) = settle::<N, HILO>(n, &self.hi, &self.lo);
                self.tally.add(h, l);
            }
            return;
        }
        for i in 0..n {
            self.pk[i] = self.ctx.key[i].join(st.g[0]).join(st.g[1 + i]);
            self.pl[i] = self.ctx.low[i] | st.gl[0] | st.gl[1 + i];
        }
        if g == 0 && self.board_only {
            self.last_board_by_rank(start, st);
        } else if g == 0 {
            for pos in start..deck.len() {
                if st.used >> pos & 1 == 1 {
                    continue;
                }
                let (h, l) = self.last_board_card(deck[pos]);
                self.tally.add(h, l);
            }
        } else {
            let j = g - 1;
            for i in (0..n).filter(|&i| i != j) {
                self.hi[i] = best_five::<RAZZ>(self.table, self.pk[i]);
                self.lo[i] = LOW8[self.pl[i] as usize];
            }
            for pos in start..deck.len() {
                if st.used >> pos & 1 == 1 {
                    continue;
                }
                let card = deck[pos];
                self.hi[j] = best_five::<RAZZ>(self.table, self.pk[j].with(card));
                if HILO {
                    self.lo[j] = LOW8[(self.pl[j] | LOW8_BITS[card as usize]) as usize];
                }
                let (h, l) = settle::<N, HILO>(n, &self.hi, &self.lo);
                self.tally.add(h, l);
            }
        }
    }
}

/// The first `depth` slots of every way to deal them, as deck positions (`depth` a unit).
pub(super) fn prefixes(deck_len: usize, slots: &[u8], rem: &[u8], depth: usize) -> Vec<u8> {
    pub(super) fn go(
        s: usize,
        start: usize,
        used: u64,
        cur: &mut Vec<u8>,
        out: &mut Vec<u8>,
        ctx: (usize, &[u8], &[u8], usize),
    ) {
        let (d, slots, rem, depth) = ctx;
        if s == depth {
            out.extend_from_slice(cur);
            return;
        }
        let same = s + 1 < slots.len() && slots[s + 1] == slots[s];
        for pos in start..(d + 1).saturating_sub(rem[s] as usize) {
            if used >> pos & 1 == 0 {
                cur.push(pos as u8);
                go(
                    s + 1,
                    if same { pos + 1 } else { 0 },
                    used | 1 << pos,
                    cur,
                    out,
                    ctx,
                );
                cur.pop();
            }
        }
    }
    let mut out = Vec::new();
    go(
        0,
        0,
        0,
        &mut Vec::new(),
        &mut out,
        (deck_len, slots, rem, depth),
    );
    out
}

pub(super) struct ExactWork {
    pub(super) cards: Vec<u8>,
    pub(super) weights: Vec<f64>,
    /// Assignments per unit.
    pub(super) per_unit: usize,
    pub(super) depth: usize,
    pub(super) prefixes: Vec<u8>,
    pub(super) nprefix: usize,
    pub(super) units: u64,
}

impl ExactWork {
    pub(super) fn new(plan: &Plan) -> ExactWork {
        let (cards, weights) = assignments(plan);
        let nr = plan.range_players().count();
        let deck_len = plan.base_deck.len() - plan.range_hand * nr;
        // Cut the enumeration of one assignment at the depth that gives units of about
        // UNIT_DEALS deals; or, when one assignment is small, take several per unit.
        let mut depth = 0;
        let mut pre = vec![];
        let mut npre = 1usize;
        while depth < plan.slots.len() && plan.leaves / npre as f64 > UNIT_DEALS && npre < 1 << 16 {
            depth += 1;
            pre = prefixes(deck_len, &plan.slots, &plan.rem, depth);
            npre = pre.len() / depth;
        }
        let per_prefix = plan.leaves / npre.max(1) as f64;
        let per_unit = if depth == 0 {
            ((UNIT_DEALS / per_prefix.max(1.0)) as usize).max(1)
        } else {
            1
        };
        let blocks = weights.len().div_ceil(per_unit);
        ExactWork {
            cards,
            weights,
            per_unit,
            depth,
            prefixes: pre,
            nprefix: npre,
            units: (blocks * npre) as u64,
        }
    }

    pub(super) fn unit(&self, plan: &Plan, u: u64) -> Accum {
        let mut acc = Accum::new(plan.n);
        let mut tally = Tally::new(plan.n, plan.hilo);
        let (block, p) = (u as usize / self.nprefix, u as usize % self.nprefix);
        let rp: Vec<usize> = plan.range_players().map(|(i, _)| i).collect();
        let h = plan.range_hand;
        let stride = h * rp.len();
        let mut ctx = plan.base_ctx();
        let omaha = plan.game.is_omaha();
        let first = block * self.per_unit;
        let last = (first + self.per_unit).min(self.weights.len());
        // Deals of consecutive assignments with the same weight add up exactly in the tally.
        let mut weight = None;
        let mut deck = Vec::with_capacity(52);
        let river = River::new(plan);
        for a in first..last {
            if weight != Some(self.weights[a]) {
                if let Some(w) = weight {
                    tally.drain_into(&mut acc, w);
                }
                weight = Some(self.weights[a]);
            }
            if let Some(river) = &river {
                let (h, l) = river.showdown(plan.n, &rp, &self.cards[a * stride..]);
                tally.add(h, l);
                continue;
            }
            let cards = &self.cards[a * stride..(a + 1) * stride];
            let mut used = plan.base_used;
            for (k, &i) in rp.iter().enumerate() {
                let hand = &cards[h * k..h * (k + 1)];
                ctx.set(i, hand, omaha);
                used |= hand.iter().fold(0u64, |m, &c| m | 1 << c);
            }
            deck.clear();
            if !plan.slots.is_empty() {
                deck.extend((0..52u8).filter(|&c| used >> c & 1 == 0));
            }
            let mut st = St::new(&plan.board);
            let pre = &self.prefixes[p * self.depth..(p + 1) * self.depth];
            for (s, &pos) in pre.iter().enumerate() {
                st.push(plan.slots[s] as usize, deck[pos as usize]);
                st.used |= 1 << pos;
            }
            // The next slot starts after the prefix's last card when both are in one group.
            let start = match (pre.last(), plan.slots.get(self.depth)) {
                (Some(&pos), Some(&g)) if plan.slots[self.depth - 1] == g => pos as usize + 1,
                _ => 0,
            };
            by_shape!(
                plan,
                walk(plan, &ctx, &deck, &mut st, self.depth, start, &mut tally)
            );
        }
        if let Some(w) = weight {
            tally.drain_into(&mut acc, w);
        }
        acc
    }
}

/// Hold'em with the board complete (a hand against ranges on the river): each assignment is
/// one deal, so the board's key and the known hands' strengths are found once, and each range
/// hand costs one lookup, where the general walk would set up a deal per assignment.
struct River {
    board: HandKey,
    hi: [u16; MAX_PLAYERS],
}

impl River {
    fn new(plan: &Plan) -> Option<River> {
        if plan.game != crate::game::Game::Holdem || !plan.slots.is_empty() {
            return None;
        }
        let board = HandKey::from_cards(&plan.board);
        let mut hi = [0u16; MAX_PLAYERS];
        for (i, r) in plan.ranges.iter().enumerate() {
            if r.is_none() {
                hi[i] = board.join(HandKey::from_cards(&plan.fixed[i])).strength();
            }
        }
        Some(River { board, hi })
    }

    /// The winners with the range players (`rp`) holding `cards`, two each in their order.
    #[inline(always)]
    fn showdown(&self, n: usize, rp: &[usize], cards: &[u8]) -> (u32, u32) {
        let mut hi = self.hi;
        for (k, &i) in rp.iter().enumerate() {
            hi[i] = self
                .board
                .with(cards[2 * k])
                .with(cards[2 * k + 1])
                .strength();
        }
        settle::<MAX_PLAYERS, false>(n, &hi, &[0; MAX_PLAYERS])
    }
}

#[cfg(test)]
mod tests {
    use crate::equity::range::Range;
    use crate::equity::tests::{cards, q};
    use crate::equity::{equity, Options};
    use crate::eval::high;

    /// A hand against two ranges on the river (the `River` path): every compatible pair of
    /// range hands, weighted by the product of the weights, each deal settled straight from
    /// the evaluator.
    #[test]
    fn river_against_ranges_matches_a_weighted_brute_force() {
        let (hero, r2, r3, board) = (
            "AsKs",
            "22+, A2s+:0.5, KTs+, ATo+",
            "QQ+, AK:0.25",
            "QdJh2c7s9d",
        );
        let e = equity(&q("holdem", &[hero, r2, r3], board), &Options::default()).unwrap();
        let (hero, board) = (cards(hero), cards(board));
        let known: u64 = hero.iter().chain(&board).fold(0, |m, &c| m | 1 << c);
        let (mut shares, mut total, mut deals) = ([0.0; 3], 0.0, 0u64);
        for a in Range::parse(r2).unwrap().combos() {
            for b in Range::parse(r3).unwrap().combos() {
                let (ma, mb) = (a.mask(), b.mask());
                if ma & known != 0 || mb & known != 0 || ma & mb != 0 {
                    continue;
                }
                let hands = [hero.clone(), a.cards().to_vec(), b.cards().to_vec()];
                let v: Vec<u16> = hands
                    .iter()
                    .map(|h| high::evaluate(&[h.as_slice(), &board].concat()).unwrap())
                    .collect();
                let best = *v.iter().max().unwrap();
                let winners = v.iter().filter(|&&x| x == best).count() as f64;
                let w = a.weight * b.weight;
                for (s, &x) in shares.iter_mut().zip(&v) {
                    *s += if x == best { w / winners } else { 0.0 };
                }
                total += w;
                deals += 1;
            }
        }
        assert!(
            e.exact && e.deals == deals && deals > 1000,
            "{} deals",
            e.deals
        );
        for (p, s) in e.players.iter().zip(shares) {
            assert!(
                (p.equity - s / total).abs() < 1e-12,
                "{} vs {}",
                p.equity,
                s / total
            );
        }
    }
}
