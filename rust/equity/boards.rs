//! Board-major exact enumeration: every board once (up to the suit permutations that leave the
//! question unchanged, [`symmetry`](super::symmetry)), each hand a player may hold evaluated
//! once on it, then the ways to give every player one of his hands counted with card removal.
//!
//! The per-deal walk ([`super::exact`]) completes the board once per choice of hands; with
//! ranges that is the same boards again and again. Here the boards are the outer loop: a
//! board's key (or Omaha's board row) is found once, each hand costs one lookup, and then:
//!
//! - heads-up, high only, two-card hands ([`sweep`]): both players' hands sorted by strength
//!   and swept together. Player 1's hands below a hand `a` of player 0 are the running sum of
//!   weights, less those holding one of `a`'s two cards (running sums per card), plus the
//!   hand of exactly `a`'s cards, which both per-card sums took away (inclusion-exclusion);
//!   the same for hands of equal strength. No pair of hands is visited, so a board costs
//!   O(n log n) in the sizes of the two ranges rather than their product;
//! - otherwise ([`direct`]): every compatible choice of hands (up to four players), already
//!   evaluated, compared.
//!
//! A unit of work is a run of consecutive boards; the sums are exact integers for unweighted
//! ranges (weights products in `f64` otherwise), kept per outcome (which players share the
//! high and the low) and credited as [`super::tally::Tally`] does.
#![allow(clippy::needless_range_loop)] // per-player arrays are indexed in step
use super::plan::Plan;
use super::range::Combo;
use super::showdown::{OmahaHole, MAX_BOARD};
use super::symmetry::{canonical_boards, fixing, map_mask, Boards, SuitPerm, ALL_PERMS};
use super::tally::{Accum, PlayerSums};
use crate::eval::low::{low8_mask, OMAHA8};
use crate::eval::omaha::{board_row, board_table};
use crate::eval::HandKey;
use crate::game::Game;

/// The most players the board-major walk serves (outcomes are kept per mask of players).
pub(super) const MAX_BOARD_PLAYERS: usize = 4;
/// Target evaluation-equivalents of work per unit.
const UNIT_WORK: f64 = 4e5;
/// The cost of visiting a board at all (its key, the players' lists), in evaluations.
const BOARD_COST: f64 = 15.0;
/// Below this many hands in the smaller range, heads-up goes [`direct`]: sorting costs more.
const SWEEP_MIN: usize = 12;

/// One hand a player may hold.
#[derive(Clone, Copy)]
struct Hand {
    mask: u64,
    key: HandKey,
    /// Omaha Hi/Lo: the 8-or-better rank mask of the hole cards.
    low: u8,
    /// Hold'em: the two cards.
    cards: [u8; 2],
    weight: f64,
}

/// A hand on a board: strength(s) and where it came from.
#[derive(Clone, Copy, Default)]
struct Seen {
    mask: u64,
    hi: u16,
    lo: u8,
    cards: [u8; 2],
    weight: f64,
}

/// How the hands met on one board are combined.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Combine {
    Sweep,
    Direct,
}

pub(super) struct BoardWork {
    game: Game,
    hilo: bool,
    n: usize,
    boards: Boards,
    /// Known board cards.
    board: Vec<u8>,
    hands: Vec<Vec<Hand>>,
    /// Omaha: each hand's hole cards by suit and pair columns, parallel to `hands`.
    omaha: Vec<Vec<OmahaHole>>,
    /// Players in the order the walk nests them: the longest list innermost.
    order: Vec<usize>,
    /// Hold'em heads-up sweep: player 1's weight of each two-card hand by `combo_index`.
    weight_of: Vec<f64>,
    combine: Combine,
    per_unit: usize,
    pub(super) units: u64,
}

/// Whether `plan` can be enumerated board by board.
pub(super) fn applies(plan: &Plan) -> bool {
    let game_ok = matches!(plan.game, Game::Holdem | Game::Omaha { .. });
    game_ok && plan.n <= MAX_BOARD_PLAYERS && plan.slots.iter().all(|&g| g == 0)
}

/// Each player's hands: the range's (pruned of known cards) or his one hand.
fn player_hands(plan: &Plan) -> Vec<Vec<Combo>> {
    (0..plan.n)
        .map(|i| match &plan.ranges[i] {
            Some(r) => r.clone(),
            None => vec![Combo::new(&plan.fixed[i], 1.0)],
        })
        .collect()
}

/// The suit permutations that map the board, the dead cards, each player's cards and each
/// player's weighted range onto themselves.
pub(super) fn question_group(plan: &Plan) -> Vec<SuitPerm> {
    if plan.slots.is_empty() {
        return ALL_PERMS[..1].to_vec(); // one board: nothing to share
    }
    let hands = player_hands(plan);
    let board: u64 = plan.board.iter().fold(0, |m, &c| m | 1 << c);
    let mut group = fixing(&ALL_PERMS, board);
    group = fixing(&group, plan.base_used); // board, dead and fixed cards together
    for (i, h) in hands.iter().enumerate() {
        if plan.ranges[i].is_none() {
            group = fixing(&group, h[0].mask());
            continue;
        }
        let mut by_mask: Vec<(u64, f64)> = h.iter().map(|c| (c.mask(), c.weight)).collect();
        by_mask.sort_unstable_by_key(|&(m, _)| m);
        group.retain(|p| {
            by_mask.iter().all(|&(m, w)| {
                let image = map_mask(p, m);
                by_mask
                    .binary_search_by_key(&image, |&(x, _)| x)
                    .is_ok_and(|j| by_mask[j].1 == w)
            })
        });
    }
    group
}

/// The estimated work of the board-major enumeration, in evaluation-equivalents, before the
/// symmetry is known (`symmetry`: the factor it is expected to divide the boards by).
pub(super) fn estimate(plan: &Plan, symmetry: f64) -> f64 {
    let k = plan.slots.len();
    let deck = plan.base_deck.len();
    let boards = super::plan::choose(deck, k) / symmetry;
    let sizes: Vec<f64> = (0..plan.n)
        .map(|i| plan.ranges[i].as_ref().map_or(1.0, |r| r.len() as f64))
        .collect();
    boards * (BOARD_COST + board_work(plan, &sizes))
}

/// The work on one board, past [`BOARD_COST`]: each hand evaluated, then combined.
fn board_work(plan: &Plan, sizes: &[f64]) -> f64 {
    let eval = if plan.game.is_omaha() { 6.0 } else { 1.0 };
    sizes.iter().sum::<f64>() * eval + combine_cost(plan, sizes)
}

fn combine_kind(plan: &Plan, sizes: &[f64]) -> Combine {
    let holdem_heads_up = plan.game == Game::Holdem && plan.n == 2;
    if holdem_heads_up && sizes.iter().all(|&s| s >= SWEEP_MIN as f64) {
        Combine::Sweep
    } else {
        Combine::Direct
    }
}

/// The cost of combining the hands met on one board, in evaluation-equivalents (measured: a
/// sorted sweep step and a compared choice of hands each cost about what a lookup does).
fn combine_cost(plan: &Plan, sizes: &[f64]) -> f64 {
    match combine_kind(plan, sizes) {
        Combine::Sweep => sizes.iter().map(|&s| 0.8 * s * s.log2().max(1.0)).sum(),
        Combine::Direct => sizes.iter().product::<f64>(),
    }
}

impl BoardWork {
    /// The work of `plan` with the boards taken up to `group` ([`question_group`]).
    pub(super) fn new(plan: &Plan, group: &[SuitPerm]) -> BoardWork {
        let combos = player_hands(plan);
        let k = plan.slots.len();
        let deck = !plan.base_used & ((1u64 << 52) - 1);
        let boards = canonical_boards(group, deck, k);
        let omaha = plan.game.is_omaha();
        let hands: Vec<Vec<Hand>> = combos
            .iter()
            .map(|cs| {
                cs.iter()
                    .map(|c| {
                        let cards = c.cards();
                        Hand {
                            mask: c.mask(),
                            key: HandKey::from_cards(cards),
                            low: low8_mask(cards),
                            cards: [cards[0], cards[cards.len() - 1]],
                            weight: c.weight,
                        }
                    })
                    .collect()
            })
            .collect();
        let omaha_holes = if omaha {
            combos
                .iter()
                .map(|cs| cs.iter().map(|c| OmahaHole::new(c.cards())).collect())
                .collect()
        } else {
            vec![]
        };
        let sizes: Vec<f64> = hands.iter().map(|h| h.len() as f64).collect();
        let combine = combine_kind(plan, &sizes);
        let mut order: Vec<usize> = (0..plan.n).collect();
        order.sort_by_key(|&i| hands[i].len()); // stable: ties keep player order
        let mut weight_of = vec![];
        if combine == Combine::Sweep {
            weight_of = vec![0.0; 1326];
            for h in &hands[1] {
                weight_of[combo_index(h.cards)] = h.weight;
            }
        }
        let per_board = BOARD_COST + board_work(plan, &sizes);
        let per_unit = ((UNIT_WORK / per_board.max(1.0)) as usize).clamp(1, 1 << 16);
        let units = boards.len().div_ceil(per_unit) as u64;
        BoardWork {
            game: plan.game,
            hilo: plan.hilo,
            n: plan.n,
            boards,
            board: plan.board.clone(),
            hands,
            omaha: omaha_holes,
            order,
            weight_of,
            combine,
            per_unit,
            units,
        }
    }

    /// The sums of boards `u * per_unit ..` (unit `u`).
    pub(super) fn unit(&self, u: u64) -> Accum {
        let first = u as usize * self.per_unit;
        let last = (first + self.per_unit).min(self.boards.len());
        let mut out = Outcomes::default();
        let mut scratch = Scratch::new(self.n);
        for b in first..last {
            let mut full = [0u8; MAX_BOARD];
            let nb = self.board.len();
            full[..nb].copy_from_slice(&self.board);
            full[nb..nb + self.boards.k].copy_from_slice(self.boards.board(b));
            let board = &full[..nb + self.boards.k];
            self.see(board, &mut scratch);
            let times = self.boards.weights[b];
            match self.combine {
                Combine::Sweep => sweep(&mut scratch, &self.weight_of, times, &mut out),
                Combine::Direct => direct(&scratch.seen, &self.order, self.hilo, times, &mut out),
            }
        }
        out.into_accum(self.n, self.hilo)
    }

    /// Each player's hands that miss `board`, evaluated on it.
    fn see(&self, board: &[u8], scratch: &mut Scratch) {
        let board_mask: u64 = board.iter().fold(0, |m, &c| m | 1 << c);
        match self.game {
            Game::Omaha { .. } => {
                let (row, flush) = board_row(board_table(), board);
                let board_low = low8_mask(board);
                let lows = self.hilo && board_low.count_ones() >= 3;
                for i in 0..self.n {
                    let seen = &mut scratch.seen[i];
                    seen.clear();
                    for (h, o) in self.hands[i].iter().zip(&self.omaha[i]) {
                        if h.mask & board_mask == 0 {
                            seen.push(Seen {
                                mask: h.mask,
                                hi: o.high(row, flush, board),
                                lo: if lows {
                                    OMAHA8[h.low as usize][board_low as usize]
                                } else {
                                    0
                                },
                                cards: h.cards,
                                weight: h.weight,
                            });
                        }
                    }
                }
            }
            _ => {
                let key = HandKey::from_cards(board);
                for i in 0..self.n {
                    let seen = &mut scratch.seen[i];
                    seen.clear();
                    for h in &self.hands[i] {
                        if h.mask & board_mask == 0 {
                            seen.push(Seen {
                                mask: h.mask,
                                hi: key.join(h.key).strength(),
                                lo: 0,
                                cards: h.cards,
                                weight: h.weight,
                            });
                        }
                    }
                }
            }
        }
    }
}

/// `combo_index` of a two-card hand (higher card first).
#[inline(always)]
fn combo_index([hi, lo]: [u8; 2]) -> usize {
    hi as usize * (hi as usize - 1) / 2 + lo as usize
}

/// Buffers reused from board to board.
struct Scratch {
    seen: Vec<Vec<Seen>>,
    order: [Vec<u32>; 2],
}

impl Scratch {
    fn new(n: usize) -> Scratch {
        Scratch {
            seen: vec![Vec::with_capacity(64); n],
            order: [Vec::new(), Vec::new()],
        }
    }
}

/// Weight and count of the deals of each outcome: index `high winners | low winners << 4`.
#[derive(Clone)]
struct Outcomes {
    w: [f64; 256],
    n: [u64; 256],
}

impl Default for Outcomes {
    fn default() -> Outcomes {
        Outcomes {
            w: [0.0; 256],
            n: [0; 256],
        }
    }
}

impl Outcomes {
    #[inline(always)]
    fn add(&mut self, idx: usize, w: f64, n: u64) {
        self.w[idx] += w;
        self.n[idx] += n;
    }

    /// The shares of each outcome, as [`super::tally::Tally::credit`] gives them.
    fn into_accum(self, n: usize, hilo: bool) -> Accum {
        let mut acc = Accum::new(n);
        for idx in 0..256 {
            let (w, count) = (self.w[idx], self.n[idx]);
            if count == 0 {
                continue;
            }
            let (hm, lm) = ((idx & 15) as u32, (idx >> 4) as u32);
            acc.w += w;
            acc.deals += count;
            let (hpot, lpot) = if lm == 0 { (1.0, 0.0) } else { (0.5, 0.5) };
            let hs = hpot / hm.count_ones().max(1) as f64;
            let ls = if lm == 0 {
                0.0
            } else {
                lpot / lm.count_ones() as f64
            };
            for i in 0..n {
                let h = if hm >> i & 1 == 1 { hs } else { 0.0 };
                let l = if lm >> i & 1 == 1 { ls } else { 0.0 };
                if h + l == 0.0 {
                    continue;
                }
                let p: &mut PlayerSums = &mut acc.p[i];
                p.high += w * h;
                p.low += w * l;
                p.sq += w * (h + l) * (h + l);
                if h + l == 1.0 {
                    p.win += w;
                } else {
                    p.tie += w;
                }
                if hilo && lm.count_ones() == 2 && l > 0.0 {
                    p.quarter += w;
                }
            }
        }
        acc
    }
}

/// Every compatible choice of hands (players nested in `order`, the longest list innermost),
/// each deal's winners counted `times` (the boards this one stands for).
fn direct(seen: &[Vec<Seen>], order: &[usize], hilo: bool, times: u32, out: &mut Outcomes) {
    let mut walk = Direct {
        seen,
        order,
        hilo,
        times: times as u64,
        hi: [0; MAX_BOARD_PLAYERS],
        lo: [0; MAX_BOARD_PLAYERS],
        out,
    };
    walk.go(0, 0, times as f64);
}

/// The walk of [`direct`]: the hands chosen so far (`hi`, `lo` by player).
struct Direct<'a> {
    seen: &'a [Vec<Seen>],
    order: &'a [usize],
    hilo: bool,
    times: u64,
    hi: [u16; MAX_BOARD_PLAYERS],
    lo: [u8; MAX_BOARD_PLAYERS],
    out: &'a mut Outcomes,
}

impl Direct<'_> {
    /// The players from `depth` on, the cards `used` taken and the weight `w` so far.
    fn go(&mut self, depth: usize, used: u64, w: f64) {
        let p = self.order[depth];
        if depth + 1 == self.order.len() {
            return self.innermost(p, used, w);
        }
        for s in &self.seen[p] {
            if s.mask & used == 0 {
                (self.hi[p], self.lo[p]) = (s.hi, s.lo);
                self.go(depth + 1, used | s.mask, w * s.weight);
            }
        }
    }

    /// The last player, `p`: the others' best is fixed, so each of his hands only decides
    /// whether it is below, level with or above it, high and low: nine cases, summed in
    /// registers and credited once.
    fn innermost(&mut self, p: usize, used: u64, w: f64) {
        let others = &self.order[..self.order.len() - 1];
        let (mut best, mut hm) = (0u16, 0u32);
        let (mut best_lo, mut lm) = (0u8, 0u32);
        for &q in others {
            let (h, l) = (self.hi[q], self.lo[q]);
            if h > best {
                (best, hm) = (h, 1 << q);
            } else if h == best {
                hm |= 1 << q;
            }
            if l > best_lo {
                (best_lo, lm) = (l, 1 << q);
            } else if l == best_lo && l > 0 {
                lm |= 1 << q;
            }
        }
        let (mut sum_w, mut sum_n) = ([0.0f64; 9], [0u64; 9]);
        for s in &self.seen[p] {
            if s.mask & used != 0 {
                continue;
            }
            let h = (s.hi >= best) as usize + (s.hi > best) as usize;
            let l = if self.hilo {
                (s.lo >= best_lo && s.lo > 0) as usize + (s.lo > best_lo) as usize
            } else {
                0
            };
            sum_w[3 * h + l] += s.weight;
            sum_n[3 * h + l] += 1;
        }
        let me = 1u32 << p;
        let high = [hm, hm | me, me];
        let low = if self.hilo { [lm, lm | me, me] } else { [0; 3] };
        for case in 0..9 {
            if sum_n[case] > 0 {
                let idx = (high[case / 3] | low[case % 3] << 4) as usize;
                self.out.add(idx, w * sum_w[case], sum_n[case] * self.times);
            }
        }
    }
}

/// Player 1's hands seen so far in a [`sweep`]: their weight and count, in all and per card.
struct Seen1 {
    w: f64,
    n: u64,
    card_w: [f64; 52],
    card_n: [u64; 52],
}

impl Seen1 {
    fn new() -> Seen1 {
        Seen1 {
            w: 0.0,
            n: 0,
            card_w: [0.0; 52],
            card_n: [0; 52],
        }
    }

    #[inline(always)]
    fn add(&mut self, y: &Seen) {
        self.w += y.weight;
        self.n += 1;
        for c in y.cards {
            self.card_w[c as usize] += y.weight;
            self.card_n[c as usize] += 1;
        }
    }

    /// The weight and count of those sharing no card with `x`; `same` is player 1's weight
    /// of exactly `x`'s hand when it is among them: taken away by both cards' sums, so added
    /// back once.
    #[inline(always)]
    fn apart_from(&self, x: &Seen, same: f64) -> (f64, u64) {
        let [c1, c2] = [x.cards[0] as usize, x.cards[1] as usize];
        (
            self.w - self.card_w[c1] - self.card_w[c2] + same,
            // Added back before the two cards are taken away: the count never goes below 0.
            self.n + (same > 0.0) as u64 - self.card_n[c1] - self.card_n[c2],
        )
    }
}

/// Each hand of `seen` as `strength << 16 | index`, sorted.
fn by_strength(order: &mut Vec<u32>, seen: &[Seen]) {
    order.clear();
    order.extend(
        seen.iter()
            .enumerate()
            .map(|(i, x)| (x.hi as u32) << 16 | i as u32),
    );
    order.sort_unstable();
}

/// Heads-up Hold'em, high only: the two players' hands on this board sorted by strength and
/// swept together (see the module documentation); counted `times`.
fn sweep(scratch: &mut Scratch, weight_of: &[f64], times: u32, out: &mut Outcomes) {
    let [a, b] = [&scratch.seen[0], &scratch.seen[1]];
    let [oa, ob] = &mut scratch.order;
    by_strength(oa, a);
    by_strength(ob, b);
    // Player 1's hands in all, below the hand of player 0 looked at, and at or below it.
    let (mut all, mut below, mut upto) = (Seen1::new(), Seen1::new(), Seen1::new());
    b.iter().for_each(|y| all.add(y));
    let (mut i_lt, mut i_le) = (0, 0);
    let (mut w, mut n) = ([0.0f64; 3], [0u64; 3]); // win, tie, lose
    for &ka in oa.iter() {
        let s = ka >> 16;
        let x = &a[(ka & 0xffff) as usize];
        while i_lt < ob.len() && ob[i_lt] >> 16 < s {
            below.add(&b[(ob[i_lt] & 0xffff) as usize]);
            i_lt += 1;
        }
        while i_le < ob.len() && ob[i_le] >> 16 <= s {
            upto.add(&b[(ob[i_le] & 0xffff) as usize]);
            i_le += 1;
        }
        let same = weight_of[combo_index(x.cards)];
        let (below_w, below_n) = below.apart_from(x, 0.0); // never below itself
        let (upto_w, upto_n) = upto.apart_from(x, same);
        let (all_w, all_n) = all.apart_from(x, same);
        w[0] += x.weight * below_w;
        n[0] += below_n;
        w[1] += x.weight * (upto_w - below_w);
        n[1] += upto_n - below_n;
        w[2] += x.weight * (all_w - upto_w);
        n[2] += all_n - upto_n;
    }
    let (t, tn) = (times as f64, times as u64);
    for (idx, k) in [(0b01, 0), (0b11, 1), (0b10, 2)] {
        out.add(idx, w[k] * t, n[k] * tn);
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{cards, q};
    use super::super::{equity, Equity, Options, Question, Run, Work};
    use super::*;
    use crate::equity::exact::ExactWork;
    use crate::eval::{high, hilo};

    /// The answer of `q` by one method: the board-major walk with the question's symmetry, or
    /// with none, or the per-deal walk.
    fn by(q: &Question, how: &str) -> Equity {
        let plan = Plan::new(q).unwrap();
        let work = match how {
            "boards" => Work::Boards(BoardWork::new(&plan, &question_group(&plan))),
            "plain" => Work::Boards(BoardWork::new(&plan, &ALL_PERMS[..1])),
            _ => Work::Exact(ExactWork::new(&plan)),
        };
        let mut run = Run::with_work(plan, work);
        while !run.step(std::time::Duration::from_secs(3600)).unwrap() {}
        run.result()
    }

    fn close(a: &Equity, b: &Equity, what: &str) {
        assert_eq!(a.deals, b.deals, "{what}: deals");
        for (x, y) in a.players.iter().zip(&b.players) {
            for (u, v) in [
                (x.equity, y.equity),
                (x.win, y.win),
                (x.tie, y.tie),
                (x.low, y.low),
                (x.scoop, y.scoop),
                (x.quarter, y.quarter),
            ] {
                assert!((u - v).abs() < 1e-12, "{what}: {x:?} vs {y:?}");
            }
        }
    }

    /// Brute force from the evaluators: every compatible choice of hands (weights multiplied)
    /// and every board, pots split as docs/rules/poker.md §6 says.
    fn brute(q: &Question) -> (Vec<f64>, u64) {
        let plan = Plan::new(q).unwrap();
        let hands = player_hands(&plan);
        let known: u64 = plan.base_used;
        let deck: Vec<u8> = (0..52).filter(|&c| known >> c & 1 == 0).collect();
        let need = 5 - q.board.len();
        let (mut shares, mut total, mut deals) = (vec![0.0; plan.n], 0.0, 0u64);
        let mut choice = vec![0usize; plan.n];
        loop {
            let chosen: Vec<&Combo> = (0..plan.n).map(|i| &hands[i][choice[i]]).collect();
            let used = chosen
                .iter()
                .try_fold(0u64, |m, c| (m & c.mask() == 0).then(|| m | c.mask()));
            if let Some(used) = used {
                let w: f64 = chosen.iter().map(|c| c.weight).product();
                let free: Vec<u8> = deck
                    .iter()
                    .copied()
                    .filter(|&c| used >> c & 1 == 0)
                    .collect();
                for extra in super::super::tests::subsets(&free, need) {
                    let board: Vec<u8> = q.board.iter().chain(&extra).copied().collect();
                    let (hi, lo): (Vec<u16>, Vec<u8>) = chosen
                        .iter()
                        .map(|c| match plan.game {
                            Game::Omaha { .. } => {
                                hilo::evaluate_omaha_hilo(c.cards(), &board).unwrap()
                            }
                            _ => (high::evaluate(&[c.cards(), &board].concat()).unwrap(), 0),
                        })
                        .unzip();
                    let best = *hi.iter().max().unwrap();
                    let best_lo = if plan.hilo {
                        *lo.iter().max().unwrap()
                    } else {
                        0
                    };
                    let hw = hi.iter().filter(|&&h| h == best).count() as f64;
                    let lw = lo.iter().filter(|&&l| best_lo > 0 && l == best_lo).count() as f64;
                    let half = if best_lo > 0 { 0.5 } else { 1.0 };
                    for i in 0..plan.n {
                        if hi[i] == best {
                            shares[i] += w * half / hw;
                        }
                        if best_lo > 0 && lo[i] == best_lo {
                            shares[i] += w * 0.5 / lw;
                        }
                    }
                    total += w;
                    deals += 1;
                }
            }
            let mut i = plan.n;
            loop {
                if i == 0 {
                    return (shares.iter().map(|s| s / total).collect(), deals);
                }
                i -= 1;
                choice[i] += 1;
                if choice[i] < hands[i].len() {
                    break;
                }
                choice[i] = 0;
            }
        }
    }

    #[test]
    fn ranges_on_flops_and_turns_match_a_weighted_brute_force() {
        let cases: &[(&str, &[&str], &str, &str)] = &[
            // heads-up, both ranges swept (weights, a hand in both ranges, dead cards)
            (
                "holdem",
                &["QQ+, AK, JTs:0.5", "TT+, AQs+:0.25, KQ, AhTh"],
                "Qd7c2h",
                "3s",
            ),
            ("holdem", &["22+, A2s+", "QQ+, AK"], "Ah9h3c8d", ""),
            // three and four players, ranges and a hand
            (
                "holdem",
                &["AsKs", "QQ+, AKo:0.5", "JJ, TT, 98s"],
                "Qh7d2c",
                "",
            ),
            (
                "holdem",
                &["AA, KK", "QQ, JJ:0.5", "AKs", "7h7d"],
                "Kd8s3c",
                "2d",
            ),
            // Omaha high and hi/lo, a range against hands
            ("omaha", &["AhAd9s8s", "KcKdQsJs", "Tc9c8h7h"], "Ac5h2s", ""),
            // Omaha ranges: patterns, a shape, a rundown and weights
            (
                "omaha",
                &["AA**ds", "KKQQ, JT98-9876:0.5"],
                "As7h2c4d",
                "Ks",
            ),
            (
                "omaha8",
                &["A2**ds, A3**ds:0.5", "KdKsQh7c"],
                "4c5s9dJh",
                "",
            ),
            (
                "omaha8",
                &["As2d3hKc", "KdKsQh7c", "Th9h8d6d"],
                "4c5s9d",
                "",
            ),
        ];
        for &(game, players, board, dead) in cases {
            let question = Question::parse(game, players, board, dead).unwrap();
            let got = by(&question, "boards");
            let (want, deals) = brute(&question);
            assert_eq!(got.deals, deals, "{players:?}");
            assert!(got.exact && deals > 500, "{players:?}: {deals} deals");
            for (p, w) in got.players.iter().zip(&want) {
                assert!(
                    (p.equity - w).abs() < 1e-12,
                    "{players:?}: {} vs {w}",
                    p.equity
                );
            }
            close(&got, &by(&question, "deals"), game);
            close(&got, &by(&question, "plain"), game);
        }
    }

    #[test]
    fn preflop_ranges_agree_with_the_per_deal_walk_and_without_symmetry() {
        // Two small ranges preflop: the board-major walk up to suits, without symmetry, and
        // the per-deal walk (itself checked against brute force and published counts).
        for players in [&["AA, KK", "AKs, QQ"][..], &["AsKs", "QQ+:0.5, AKo"][..]] {
            let question = q("holdem", players, "");
            let got = by(&question, "boards");
            close(&got, &by(&question, "deals"), "deals");
            close(&got, &by(&question, "plain"), "plain");
        }
    }

    #[test]
    fn typical_ranges_are_exact_by_boards() {
        let question = q(
            "holdem",
            &["77+, A9s+, KTs+, QJs, AJo+, KQo", "88+, ATs+, KJs+, AQo+"],
            "",
        );
        let plan = Plan::new(&question).unwrap();
        let (method, cost) = super::super::cheapest_exact(&plan, super::super::AUTO_EXACT_EVALS);
        assert!(
            matches!(method, super::super::Method::Boards(ref g) if g.len() == 24),
            "{cost}"
        );
        let e = equity(&question, &Options::default()).unwrap();
        assert!(e.exact);
        let _ = cards;
    }
}
