//! Going out: the static arrangement solver (docs/rules/pan.md §4.4, §6.3).
use super::cards::{rank_of, suit_of, PanCardError, GO_OUT_CARDS, MAX_MELD, NUM_CARDS, SPADES};
use super::conditions::double_if;
use super::deck::deck_counts;
use super::rules::{Escalera, PanRules, UnsuitedRule};

/// Cards arranged into valid melds, and the sum of their conditions: what laying them all down
/// pays, and what the outs add to `outs_base` (§4.4).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arrangement {
    pub melds: Vec<Vec<u8>>,
    pub pays: u64,
}

/// "No arrangement" in the solver's memo; real pays saturate one below it.
pub(crate) const NO: u64 = u64::MAX;
const MAX_PAY: u64 = u64::MAX - 1;

pub(crate) fn add_pay(a: u64, b: u64) -> u64 {
    a.saturating_add(b).min(MAX_PAY)
}

/// Rank classes differ in group validity and pay: comoquers, valles, non-comoquers.
fn rank_class(rank: usize) -> usize {
    match rank {
        0 | 9 => 2,
        2 | 4 | 6 => 1,
        _ => 0,
    }
}

/// Solves going out for one `PanRules` with a dynamic programme over ranks whose state is the
/// open runs of each suit; at each rank the cards not in runs must split into valid groups.
/// Cheap to build (the free functions [`go_out`] and [`arrange`] build one per call).
#[derive(Debug, Clone)]
pub struct PanSolver {
    rules: PanRules,
    copies: [u16; NUM_CARDS],
    low: [u64; 4],
    high: [u64; 4],
    exact_three: bool,
}

/// Per call: the card counts (padded with two empty ranks), a memo per rank, and a memo of
/// the group splits of six or more cards of one rank.
struct Ctx {
    counts: [u8; 48],
    memo: [[Memo; MEMO]; 10],
    memo_len: [u8; 10],
    groups: [(u32, u64); MEMO],
    groups_len: usize,
}
const MEMO: usize = 12;

/// A memoised DP state at one rank: its best pay and the choice that reaches it.
#[derive(Debug, Clone, Copy, Default)]
struct Memo {
    state: u32,
    value: u64,
    choice: [SuitChoice; 4],
}

/// One suit's choice at one rank: runs kept going among the exactly-3 and 4+ runs, runs started.
#[derive(Debug, Clone, Copy, Default)]
struct SuitChoice {
    k3: u8,
    k4: u8,
    new: u8,
}

/// How far the choices at one rank have got: the rank `r` and its incoming open runs `state`;
/// for the suits chosen so far, the cards left for groups `g`, the run pays, and the runs going
/// on to the next rank (`next`).
#[derive(Debug, Clone, Copy)]
struct Partial {
    r: usize,
    state: u32,
    g: [u8; 4],
    pay: u64,
    next: u32,
}

impl Partial {
    fn at(r: usize, state: u32) -> Partial {
        Partial {
            r,
            state,
            g: [0; 4],
            pay: 0,
            next: 0,
        }
    }
}

/// The real run of suit `s` from rank `start`, `len` cards long.
fn run(s: usize, start: u8, len: u8) -> Vec<u8> {
    (start..start + len).map(|rk| rk * 4 + s as u8).collect()
}

impl PanSolver {
    pub fn new(rules: &PanRules) -> PanSolver {
        let low = std::array::from_fn(|s| {
            double_if(
                rules.pay_low_run,
                s == SPADES as usize && rules.spades_double,
            )
        });
        let high = std::array::from_fn(|s| {
            double_if(
                rules.pay_high_run,
                s == SPADES as usize && rules.spades_double,
            )
        });
        PanSolver {
            rules: *rules,
            copies: deck_counts(rules),
            low,
            high,
            exact_three: rules.escalera == Escalera::ExactThree,
        }
    }

    pub fn rules(&self) -> &PanRules {
        &self.rules
    }

    /// Pay of one group of suit counts `h` in a rank class, or `None` if not a valid group.
    /// Mirrors `check_meld` and `cond_counts_of` (§3.2, §4.1).
    fn group_pay(&self, class: usize, h: [u8; 4]) -> Option<u64> {
        let n: u32 = h.iter().map(|&x| x as u32).sum();
        if n < 3 || n as usize > MAX_MELD {
            return None;
        }
        let k = h.iter().filter(|&&x| x > 0).count();
        let r = &self.rules;
        let spades = k == 1 && h[SPADES as usize] > 0 && r.spades_double;
        if class == 2 {
            let pays = k == 1 && r.suited_noncomoquer_pays;
            return Some(if pays {
                double_if(r.pay_suited_group, spades)
            } else {
                0
            });
        }
        if k > 1 {
            let ok = match r.unsuited_rule {
                UnsuitedRule::AtLeastThreeDistinct => k >= 3,
                UnsuitedRule::AllDistinct => k as u32 == n,
            };
            if !ok {
                return None;
            }
        }
        Some(match (class, k == 1) {
            (1, true) => double_if(r.pay_valle_suited, spades),
            (1, false) => r.pay_valle_unsuited,
            (_, true) => double_if(r.pay_suited_group, spades),
            (_, false) => 0,
        })
    }

    /// Sub-count vectors `h <= g` that hold a card of g's first suit, so that each partition
    /// of g into groups is met once.
    fn first_groups(g: [u8; 4]) -> impl Iterator<Item = [u8; 4]> {
        let s0 = g.iter().position(|&x| x > 0).unwrap_or(0);
        let lo = move |s: usize| u8::from(s == s0);
        (lo(0)..=g[0]).flat_map(move |a| {
            (lo(1)..=g[1]).flat_map(move |b| {
                (lo(2)..=g[2]).flat_map(move |c| (lo(3)..=g[3]).map(move |d| [a, b, c, d]))
            })
        })
    }

    /// Best pay of splitting one rank's cards (suit counts `g`) into valid groups, or `NO`.
    /// Up to five cards make at most one group; six or more (rare) are searched and memoised.
    fn group_best(&self, ctx: &mut Ctx, class: usize, g: [u8; 4]) -> u64 {
        let n: u32 = g.iter().map(|&x| x as u32).sum();
        match n {
            0 => return 0,
            1 | 2 => return NO,
            3..=5 => return self.group_pay(class, g).unwrap_or(NO),
            _ => {}
        }
        let key = (class as u32) << 16 | g.iter().fold(0, |k, &x| k << 4 | x as u32);
        if let Some(&(_, v)) = ctx.groups[..ctx.groups_len].iter().find(|e| e.0 == key) {
            return v;
        }
        let mut best = NO;
        for h in Self::first_groups(g) {
            let Some(p) = self.group_pay(class, h) else {
                continue;
            };
            let rest = self.group_best(ctx, class, std::array::from_fn(|s| g[s] - h[s]));
            if rest != NO && (best == NO || add_pay(p, rest) > best) {
                best = add_pay(p, rest);
            }
        }
        if ctx.groups_len < MEMO {
            ctx.groups[ctx.groups_len] = (key, best);
            ctx.groups_len += 1;
        }
        best
    }

    /// Calls `emit` with each group of one rank's cards in a split reaching `group_best`.
    fn group_partition(
        &self,
        ctx: &mut Ctx,
        class: usize,
        mut g: [u8; 4],
        emit: &mut impl FnMut([u8; 4]),
    ) {
        while g.iter().any(|&x| x > 0) {
            let target = self.group_best(ctx, class, g);
            let mut found = None;
            for h in Self::first_groups(g) {
                let Some(p) = self.group_pay(class, h) else {
                    continue;
                };
                let rest = self.group_best(ctx, class, std::array::from_fn(|s| g[s] - h[s]));
                if rest != NO && add_pay(p, rest) == target {
                    found = Some(h);
                    break;
                }
            }
            let Some(h) = found else { return };
            emit(h);
            for s in 0..4 {
                g[s] -= h[s];
            }
        }
    }

    /// Loads 11 or fewer cards; `None` if a code is bad, a card has more copies than the deck,
    /// or some card can neither be in a group (fewer than 3 of its rank) nor a run (no two
    /// neighbours of its suit), which rejects most random hands at once.
    fn load(&self, cards: &[u8]) -> Option<Ctx> {
        if cards.len() > GO_OUT_CARDS {
            return None;
        }
        let mut counts = [0u8; 48];
        let mut suit_mask = [0u16; 4];
        let mut rank_n = [0u8; 10];
        for &c in cards {
            let n = counts
                .get_mut(c as usize)
                .filter(|_| (c as usize) < NUM_CARDS)?;
            *n += 1;
            suit_mask[suit_of(c) as usize] |= 1 << rank_of(c);
            rank_n[rank_of(c) as usize] += 1;
        }
        let group_ranks = (0..10)
            .filter(|&r| rank_n[r] >= 3)
            .fold(0u16, |m, r| m | 1 << r);
        for m in suit_mask {
            let (up, down) = (m << 1, m >> 1);
            let in_run = (up & m << 2) | (up & down) | (down & m >> 2);
            if m & !(in_run | group_ranks) != 0 {
                return None;
            }
        }
        if counts
            .iter()
            .zip(&self.copies)
            .any(|(&n, &max)| n as u16 > max)
        {
            return None;
        }
        Some(Ctx {
            counts,
            memo: [[Memo::default(); MEMO]; 10],
            memo_len: [0; 10],
            groups: [(0, 0); MEMO],
            groups_len: 0,
        })
    }

    /// Whether these 11 cards can all be laid down as valid melds, and the arrangement whose
    /// conditions pay the most (§4.4, §6.3); `Ok(None)` if they cannot. Going out is 11 cards
    /// (§6.3), so any other count is an error.
    pub fn go_out(&self, cards: &[u8]) -> Result<Option<Arrangement>, PanCardError> {
        if cards.len() != GO_OUT_CARDS {
            return Err(PanCardError::WrongCount {
                operation: "go_out",
                exact: true,
                got: cards.len(),
            });
        }
        Ok(self.solve(cards))
    }

    /// The best arrangement of at most 11 cards into valid melds (no cards: no melds), or
    /// `Ok(None)` if they cannot all be melded; more than 11 cards are an error.
    pub fn arrange(&self, cards: &[u8]) -> Result<Option<Arrangement>, PanCardError> {
        if cards.len() > GO_OUT_CARDS {
            return Err(PanCardError::WrongCount {
                operation: "arrange",
                exact: false,
                got: cards.len(),
            });
        }
        Ok(self.solve(cards))
    }

    fn solve(&self, cards: &[u8]) -> Option<Arrangement> {
        let mut ctx = self.load(cards)?;
        let pays = self.best(&mut ctx, 0, 0);
        if pays == NO {
            return None;
        }
        let mut melds = Vec::with_capacity(4);
        self.rebuild(&mut ctx, &mut melds);
        melds.sort();
        Some(Arrangement { melds, pays })
    }

    /// Whether the cards can all be melded, without building the arrangement.
    pub fn can_meld_all(&self, cards: &[u8]) -> bool {
        self.load(cards)
            .is_some_and(|mut ctx| self.best(&mut ctx, 0, 0) != NO)
    }

    /// Best pay from rank `r` on, given the open runs `state`: per suit a byte of four 2-bit
    /// counts (runs of length 1, 2, exactly 3, and 4+; under `EndsAtAOrK` the 3-bucket is
    /// folded into the 4+ one, since length no longer matters once a run is valid).
    fn best(&self, ctx: &mut Ctx, r: usize, state: u32) -> u64 {
        if r == 10 {
            return self.finish(state);
        }
        let len = ctx.memo_len[r] as usize;
        if let Some(e) = ctx.memo[r][..len].iter().find(|e| e.state == state) {
            return e.value;
        }
        let mut best = NO;
        let mut choice = [SuitChoice::default(); 4];
        let mut sel = [SuitChoice::default(); 4];
        self.suit_step(ctx, 0, Partial::at(r, state), &mut sel, &mut |sel, v| {
            if best == NO || v > best {
                best = v;
                choice = *sel;
            }
            false
        });
        if len < MEMO {
            ctx.memo[r][len] = Memo {
                state,
                value: best,
                choice,
            };
            ctx.memo_len[r] += 1;
        }
        best
    }

    /// The choice at rank `r` that reaches `best(r, state)`: from the memo, or found again.
    fn best_choice(&self, ctx: &mut Ctx, r: usize, state: u32) -> Option<[SuitChoice; 4]> {
        let target = self.best(ctx, r, state);
        if target == NO {
            return None;
        }
        let len = ctx.memo_len[r] as usize;
        if let Some(e) = ctx.memo[r][..len].iter().find(|e| e.state == state) {
            return Some(e.choice);
        }
        let mut chosen = None;
        let mut sel = [SuitChoice::default(); 4];
        self.suit_step(ctx, 0, Partial::at(r, state), &mut sel, &mut |sel, v| {
            let hit = v == target;
            if hit {
                chosen = Some(*sel);
            }
            hit
        });
        chosen
    }

    /// Runs still open after the king must be valid; those ending at K pay C5.
    fn finish(&self, state: u32) -> u64 {
        let mut pay = 0;
        for s in 0..4 {
            let b = state >> (8 * s);
            let (a1, a2, a3, a4) = (b & 3, b >> 2 & 3, b >> 4 & 3, b >> 6 & 3);
            if a1 + a2 > 0 {
                return NO;
            }
            let paying = if self.exact_three { a3 } else { a4 };
            pay = add_pay(pay, self.high[s].saturating_mul(paying as u64));
        }
        pay
    }

    /// Enumerates the choices of suits `s..4` at rank `at.r`, then the groups of what is left of
    /// the rank and the rest of the hand; calls `visit(choices, total)` for every complete
    /// choice, stopping when it returns true (returns whether it stopped).
    fn suit_step(
        &self,
        ctx: &mut Ctx,
        s: usize,
        at: Partial,
        sel: &mut [SuitChoice; 4],
        visit: &mut dyn FnMut(&[SuitChoice; 4], u64) -> bool,
    ) -> bool {
        if s == 4 {
            return self.close_rank(ctx, at, sel, visit);
        }
        let r = at.r;
        let c = ctx.counts[r * 4 + s];
        let b = (at.state >> (8 * s)) as u8;
        let (a1, a2, a3, a4) = (b & 3, b >> 2 & 3, b >> 4 & 3, b >> 6 & 3);
        let need = a1 + a2;
        // Runs of length 1 and 2 must go on; runs of length 1 also need the next rank.
        let n1 = ctx.counts[(r + 1) * 4 + s];
        let n2 = ctx.counts[(r + 2) * 4 + s];
        if c < need || a1 > n1 {
            return false;
        }
        for k3 in 0..=a3 {
            for k4 in 0..=a4 {
                let open = need + k3 + k4;
                if open > c {
                    continue;
                }
                // A new run needs this suit at the next two ranks; at most 3 runs are open in
                // a suit (11 cards), which keeps every count in 2 bits.
                let max_new = (c - open).min(n1 - a1).min(n2).min(3 - open);
                for new in 0..=max_new {
                    let (run_pay, nb) = self.runs_on(r, s, [a1, a2, a3], k3, k4, new);
                    sel[s] = SuitChoice { k3, k4, new };
                    let mut g = at.g;
                    g[s] = c - open - new;
                    let then = Partial {
                        g,
                        pay: add_pay(at.pay, run_pay),
                        next: at.next | (nb as u32) << (8 * s),
                        ..at
                    };
                    if self.suit_step(ctx, s + 1, then, sel, visit) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// What one suit's choice at rank `r` pays for runs that end as conditions (A-2-3), and the
    /// suit's byte of the next state, from its open runs `a` of length 1, 2 and (exactly) 3.
    #[inline]
    fn runs_on(&self, r: usize, s: usize, a: [u8; 3], k3: u8, k4: u8, new: u8) -> (u64, u8) {
        let [a1, a2, a3] = a;
        if self.exact_three {
            // Runs of exactly three that stopped at rank 2 are A-2-3.
            let pay = if r == 3 {
                self.low[s].saturating_mul((a3 - k3) as u64)
            } else {
                0
            };
            (pay, new | a1 << 2 | a2 << 4 | (k3 + k4) << 6)
        } else {
            let pay = if r == 0 {
                self.low[s].saturating_mul(new as u64)
            } else {
                0
            };
            (pay, new | a1 << 2 | (a2 + k4) << 6)
        }
    }

    /// Every suit chosen at rank `at.r`: the cards left must make groups, and the ranks above
    /// must finish from the runs going on.
    #[inline]
    fn close_rank(
        &self,
        ctx: &mut Ctx,
        at: Partial,
        sel: &[SuitChoice; 4],
        visit: &mut dyn FnMut(&[SuitChoice; 4], u64) -> bool,
    ) -> bool {
        let gp = self.group_best(ctx, rank_class(at.r), at.g);
        if gp == NO {
            return false;
        }
        let sub = self.best(ctx, at.r + 1, at.next);
        if sub == NO {
            return false;
        }
        visit(sel, add_pay(add_pay(gp, at.pay), sub))
    }

    /// Follows the memoised optimum rank by rank, turning run counts into real runs (start
    /// rank, length; at most 3 open per suit) and group counts into real groups.
    fn rebuild(&self, ctx: &mut Ctx, out: &mut Vec<Vec<u8>>) {
        let mut runs = [[(0u8, 0u8); 3]; 4];
        let mut open = [0usize; 4];
        let mut state = 0u32;
        for r in 0..10 {
            let Some(sel) = self.best_choice(ctx, r, state) else {
                return;
            };
            let mut g = [0u8; 4];
            for s in 0..4 {
                let n = self.follow_runs(&mut runs[s], open[s], sel[s], r, s, out);
                open[s] = n;
                g[s] = ctx.counts[r * 4 + s].saturating_sub(n as u8);
            }
            state = self.encode_runs(&runs, &open);
            self.group_partition(ctx, rank_class(r), g, &mut |h| {
                let mut grp = Vec::with_capacity(h.iter().map(|&x| x as usize).sum());
                for (s, &n) in h.iter().enumerate() {
                    grp.extend(std::iter::repeat_n(r as u8 * 4 + s as u8, n as usize));
                }
                out.push(grp);
            });
        }
        for s in 0..4 {
            for &(start, len) in &runs[s][..open[s]] {
                out.push(run(s, start, len));
            }
        }
    }

    /// Applies suit `s`'s choice at rank `r` to its `open` real runs: the runs that stop go to
    /// `out`, the others grow by one, new ones start. Returns how many are open now.
    fn follow_runs(
        &self,
        runs: &mut [(u8, u8); 3],
        open: usize,
        choice: SuitChoice,
        r: usize,
        s: usize,
        out: &mut Vec<Vec<u8>>,
    ) -> usize {
        let SuitChoice {
            mut k3,
            mut k4,
            new,
        } = choice;
        let mut kept = [(0u8, 0u8); 3];
        let mut n = 0;
        for &(start, len) in &runs[..open] {
            // Runs of 1 or 2 must go on; of the valid ones, k3 of exactly three and k4 of the
            // longer (or, under EndsAtAOrK, of all valid ones) go on.
            let budget = if len < 3 {
                None
            } else if len == 3 && self.exact_three {
                Some(&mut k3)
            } else {
                Some(&mut k4)
            };
            let goes_on = match budget {
                None => true,
                Some(k) if *k > 0 => {
                    *k -= 1;
                    true
                }
                Some(_) => false,
            };
            if goes_on && n < 3 {
                kept[n] = (start, len + 1);
                n += 1;
            } else {
                out.push(run(s, start, len));
            }
        }
        for _ in 0..new {
            if n < 3 {
                kept[n] = (r as u8, 1);
                n += 1;
            }
        }
        *runs = kept;
        n
    }

    /// The DP state of some real open runs (see [`PanSolver::best`]).
    fn encode_runs(&self, runs: &[[(u8, u8); 3]; 4], open: &[usize; 4]) -> u32 {
        let mut state = 0u32;
        for s in 0..4 {
            let mut b = [0u32; 4];
            for &(_, len) in &runs[s][..open[s]] {
                let bucket = match len {
                    1 => 0,
                    2 => 1,
                    3 if self.exact_three => 2,
                    _ => 3,
                };
                b[bucket] += 1;
            }
            state |= (b[0] | b[1] << 2 | b[2] << 4 | b[3] << 6) << (8 * s);
        }
        state
    }
}

/// [`PanSolver::go_out`] for one call.
pub fn go_out(cards: &[u8], rules: &PanRules) -> Result<Option<Arrangement>, PanCardError> {
    PanSolver::new(rules).go_out(cards)
}

/// [`PanSolver::arrange`] for one call.
pub fn arrange(cards: &[u8], rules: &PanRules) -> Result<Option<Arrangement>, PanCardError> {
    PanSolver::new(rules).arrange(cards)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pan::testutil::{built_hand, deal, multiset, p};
    use crate::pan::*;
    use crate::rng::Rng;

    /// Reference for `go_out`: the best pay over every partition of the cards into valid melds,
    /// by a subset DP over bitmasks of card positions (an independent formulation from the
    /// solver's rank-by-rank search).
    fn brute_force(cards: &[u8], rules: &PanRules) -> Option<u64> {
        let n = cards.len();
        let full = (1usize << n) - 1;
        let subset = |mask: usize| -> Vec<u8> {
            (0..n)
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| cards[i])
                .collect()
        };
        let meld_pay: Vec<Option<u64>> = (0..=full)
            .map(|m| {
                let s = subset(m);
                is_meld(&s, rules).then(|| conditions(&s, rules))
            })
            .collect();
        let mut best: Vec<Option<u64>> = vec![None; full + 1];
        best[0] = Some(0);
        for mask in 1..=full {
            let low = mask & mask.wrapping_neg();
            let rest = mask ^ low;
            let mut sub = rest;
            loop {
                let m = sub | low;
                if let (Some(p), Some(b)) = (meld_pay[m], best[mask ^ m]) {
                    best[mask] = Some(best[mask].map_or(p + b, |x: u64| x.max(p + b)));
                }
                if sub == 0 {
                    break;
                }
                sub = (sub - 1) & rest;
            }
        }
        best[full]
    }

    /// Checks an arrangement: exactly the given cards, every meld valid, pays summed right.
    fn check_arrangement(cards: &[u8], a: &Arrangement, rules: &PanRules) {
        assert_eq!(
            multiset(a.melds.iter().flatten().copied()),
            multiset(cards.iter().copied())
        );
        for m in &a.melds {
            assert!(is_meld(m, rules), "{} in {:?}", cards_name(m), a);
        }
        assert_eq!(
            a.pays,
            a.melds.iter().map(|m| conditions(m, rules)).sum::<u64>()
        );
    }

    fn rule_sets() -> Vec<PanRules> {
        let d = PanRules::default();
        vec![
            d,
            PanRules {
                unsuited_rule: UnsuitedRule::AllDistinct,
                ..d
            },
            PanRules {
                escalera: Escalera::ExactThree,
                ..d
            },
            PanRules {
                spades_double: false,
                suited_noncomoquer_pays: false,
                ..d
            },
            PanRules {
                pay_valle_unsuited: 5,
                pay_low_run: 3,
                pay_high_run: 7,
                pay_suited_group: 2,
                ..d
            },
        ]
    }

    #[test]
    fn go_out_matches_brute_force_on_random_hands() {
        for (i, rules) in rule_sets().iter().enumerate() {
            let mut rng = Rng::new(0xC0FFEE + i as u64, 0);
            let solver = PanSolver::new(rules);
            for _ in 0..400 {
                let cards = deal(&mut rng, rules, 11);
                let got = solver.go_out(&cards).unwrap();
                assert_eq!(
                    got.as_ref().map(|a| a.pays),
                    brute_force(&cards, rules),
                    "{}",
                    cards_name(&cards)
                );
                if let Some(a) = got {
                    check_arrangement(&cards, &a, rules);
                }
            }
        }
    }

    #[test]
    fn go_out_matches_brute_force_on_built_hands() {
        for (i, rules) in rule_sets().iter().enumerate() {
            let mut rng = Rng::new(0xBADA55 + i as u64, 0);
            let solver = PanSolver::new(rules);
            for n in 0..400 {
                let mut cards = built_hand(&mut rng, rules);
                if n % 3 == 2 {
                    // One card swapped for a random one: usually no longer out.
                    let k = rng.below(11);
                    cards[k] = deal(&mut rng, rules, 1)[0];
                    if cards.iter().filter(|&&c| c == cards[k]).count() as u16
                        > copies_of(cards[k], rules)
                    {
                        continue;
                    }
                }
                let got = solver.go_out(&cards).unwrap();
                let want = brute_force(&cards, rules);
                assert_eq!(got.as_ref().map(|a| a.pays), want, "{}", cards_name(&cards));
                if n % 3 != 2 {
                    assert!(want.is_some());
                }
                if let Some(a) = got {
                    check_arrangement(&cards, &a, rules);
                }
            }
        }
    }

    #[test]
    fn go_out_best_arrangements() {
        let d = PanRules::default();
        let best = |s: &str| go_out(&p(s), &d).unwrap().map(|a| a.pays);
        // A..K in spades plus a spade ace: A..K (4) beats anything else.
        assert_eq!(best("As 2s 3s 4s 5s 6s 7s Js Qs Ks Ac"), None);
        assert_eq!(best("As 2s 3s 4s 5s 6s 7s Js Qs Ks As"), None);
        // 10 cards do not go out (§6.3): an error, not a failed arrangement.
        assert!(go_out(&p("Ah 2h 3h 4h 5h 6h 7h Jh Qh Kh"), &d).is_err());
        // Three runs vs groups: 5h5h5h (2) + 6h6h6h (1) + 7h7h7h 7h 7h (2) = 5, better than runs.
        assert_eq!(best("5h 5h 5h 6h 6h 6h 7h 7h 7h 7h 7h"), Some(5));
        // Suited groups 2c (1) + 3c (2) + 4c (1) beat three 2-3-4 runs (0)...
        assert_eq!(best("2c 2c 2c 3c 3c 3c 4c 4c 4c 4c 4c"), Some(4));
        // ...unless 5c 6c need a 4c for a run, which forces runs everywhere.
        assert_eq!(best("2c 2c 2c 3c 3c 3c 4c 4c 4c 5c 6c"), Some(0));
        assert_eq!(best("As 2s 3s As 2s 3s Jh Qh Kh 5d 6d"), None);
        let a = go_out(&p("As 2s 3s As 2s 3s Jh Qh 7h 6h 5h"), &d)
            .unwrap()
            .unwrap();
        assert_eq!(a.pays, 4);
        assert_eq!(a.melds.len(), 3);
        // Wrong counts and bad codes never panic.
        assert_eq!(
            go_out(&p("5h 5h 5h"), &d).unwrap_err().to_string(),
            "go_out takes 11 cards, got 3"
        );
        assert_eq!(
            arrange(&p(&"5h ".repeat(12)), &d).unwrap_err().to_string(),
            "arrange takes at most 11 cards, got 12"
        );
        assert_eq!(
            arrange(&p("5h 5h 5h"), &d).unwrap().map(|a| a.pays),
            Some(2)
        );
        assert_eq!(
            arrange(&[], &d).unwrap(),
            Some(Arrangement {
                melds: vec![],
                pays: 0
            })
        );
        assert_eq!(arrange(&p("5h 5h"), &d), Ok(None));
        assert_eq!(go_out(&[40; 11], &d), Ok(None));
        assert_eq!(go_out(&[255; 11], &d), Ok(None));
        assert_eq!(go_out(&p(&"Qs ".repeat(11)), &d), Ok(None)); // 11 > 7 copies
        let big = PanRules { packs: 12, ..d };
        assert_eq!(
            go_out(&p(&"Qs ".repeat(11)), &big).unwrap().map(|a| a.pays),
            Some(3 * 2)
        );
        assert!(PanSolver::new(&d).can_meld_all(&p("5h 5h 5h 6h 6h 6h 7h 7h 7h 7h 7h")));
    }
}
