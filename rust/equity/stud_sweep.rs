//! Heads-up Seven Card Stud (high only) and Razz by a sweep, never visiting a deal.
//!
//! Each player's own completions (his known cards and `k` of the live deck) are evaluated
//! once: C(46, 4) = 163,185 on third street, where the per-deal walk would visit
//! C(46, 4) × C(42, 4), about 1.8e10 deals. Player 1's completions are sorted by strength and
//! added, weakest first, to running counts keyed by every subset of their new cards (the empty
//! one counts them all). Player 1's completions added so far that share no card with a
//! completion `A` of player 0 are then, by inclusion-exclusion over the subsets `S` of `A`'s
//! new cards, the sum of `(-1)^|S| × count(S)`: 2^k reads per query, 2^k updates per addition.
//! Each of player 0's completions is asked twice (below its strength, then at or below it),
//! so every deal is counted once as a win, a tie or a loss. Known hands weigh 1, and the
//! folded cards of other players are simply out of the live deck.
//!
//! Stud Hi/Lo (the high and the low are decided jointly) and three or more players keep the
//! per-deal walk.
use super::plan::{choose, Plan};
use super::tally::{Accum, Tally};
use crate::eval::razz::razz_of_key;
use crate::eval::HandKey;
use crate::game::Game;

/// The most cards a player may have to come (third street: four).
const MAX_NEW: usize = 4;

/// Whether `plan` is a heads-up high-only Stud or Razz question the sweep answers.
pub(super) fn applies(plan: &Plan) -> bool {
    matches!(plan.game, Game::Stud { hilo: false } | Game::Razz)
        && plan.n == 2
        && plan.ranges.iter().all(Option::is_none)
        && plan.slots.iter().all(|&g| g != 0)
        && new_cards(plan).iter().all(|&k| k <= MAX_NEW)
}

/// How many cards each player has to come.
fn new_cards(plan: &Plan) -> [usize; 2] {
    [1u8, 2].map(|g| plan.slots.iter().filter(|&&s| s == g).count())
}

/// The estimated work, in evaluation-equivalents: each completion evaluated and sorted, then
/// 2^k counts touched per addition and twice per query (a count costs about a lookup).
pub(super) fn estimate(plan: &Plan) -> f64 {
    let m = plan.base_deck.len();
    new_cards(plan)
        .iter()
        .map(|&k| {
            let c = choose(m, k);
            c * (1.0 + 0.1 * c.log2().max(1.0) + 3.0 * (1u32 << k) as f64)
        })
        .sum()
}

/// One completion: its strength (larger is better) and its new cards as live-deck indices,
/// increasing.
#[derive(Clone, Copy)]
struct Completion {
    value: u16,
    idx: [u8; MAX_NEW],
}

pub(super) struct StudWork {
    razz: bool,
    /// Each player's known cards (and the community card, if one is known).
    known: [Vec<u8>; 2],
    deck: Vec<u8>,
    k: [usize; 2],
    table: &'static [u16],
    pub(super) units: u64,
}

impl StudWork {
    pub(super) fn new(plan: &Plan) -> StudWork {
        let known = [0, 1].map(|i| [plan.fixed[i].as_slice(), &plan.board].concat());
        StudWork {
            razz: plan.game == Game::Razz,
            known,
            deck: plan.base_deck.clone(),
            k: new_cards(plan),
            table: plan.table,
            units: 1,
        }
    }

    /// The whole sweep (one unit: it is a fraction of a second).
    pub(super) fn unit(&self) -> Accum {
        let [mut a, mut b] = [0, 1].map(|i| self.completions(i));
        a.sort_unstable_by_key(|c| c.value);
        b.sort_unstable_by_key(|c| c.value);
        let m = self.deck.len();
        let (k0, k1) = (self.k[0], self.k[1]);
        let disjoint = choose_u64(m - k0, k1);
        let mut counts = Counts::new(m);
        let (mut wins, mut ties, mut losses) = (0u64, 0u64, 0u64);
        let mut below = Vec::new();
        let (mut i, mut j) = (0, 0);
        while i < a.len() {
            let x = a[i].value;
            let end = i + a[i..].iter().take_while(|c| c.value == x).count();
            while j < b.len() && b[j].value < x {
                counts.add(&b[j].idx[..k1]);
                j += 1;
            }
            below.clear();
            below.extend(a[i..end].iter().map(|c| counts.disjoint(&c.idx[..k0])));
            while j < b.len() && b[j].value == x {
                counts.add(&b[j].idx[..k1]);
                j += 1;
            }
            for (c, &lt) in a[i..end].iter().zip(&below) {
                let le = counts.disjoint(&c.idx[..k0]);
                wins += lt;
                ties += le - lt;
                losses += disjoint - le;
            }
            i = end;
        }
        let mut tally = Tally::new(2, false);
        tally.add_n(0b01, 0, wins);
        tally.add_n(0b11, 0, ties);
        tally.add_n(0b10, 0, losses);
        let mut acc = Accum::new(2);
        tally.drain_into(&mut acc, 1.0);
        acc
    }

    /// Every completion of player `p`'s hand from the live deck, evaluated.
    fn completions(&self, p: usize) -> Vec<Completion> {
        let (k, m) = (self.k[p], self.deck.len());
        let base = HandKey::from_cards(&self.known[p]);
        let mut out = Vec::with_capacity(choose(m, k) as usize);
        let mut idx = [0u8; MAX_NEW];
        for (t, x) in idx.iter_mut().enumerate().take(k) {
            *x = t as u8;
        }
        loop {
            let key = idx[..k]
                .iter()
                .fold(base, |key, &d| key.with(self.deck[d as usize]));
            let value = if self.razz {
                razz_of_key(self.table, key)
            } else {
                key.strength()
            };
            out.push(Completion { value, idx });
            // The next k-subset in lexicographic order, or the end.
            let Some(t) = (0..k).rev().find(|&t| (idx[t] as usize) < m - k + t) else {
                return out;
            };
            idx[t] += 1;
            for u in t + 1..k {
                idx[u] = idx[u - 1] + 1;
            }
        }
    }
}

/// C(n, r) exactly, for the deck sizes here (n ≤ 52, r ≤ 7).
fn choose_u64(n: usize, r: usize) -> u64 {
    if r > n {
        return 0;
    }
    (0..r as u64).fold(1, |acc, i| acc * (n as u64 - i) / (i + 1))
}

/// Running counts of the completions added, one per subset (up to [`MAX_NEW`] cards) of their
/// new cards, each subset at its place in the combinatorial number system.
struct Counts {
    /// `binom[n][r]` = C(n, r).
    binom: Vec<[u32; MAX_NEW + 1]>,
    /// Where the subsets of each size start (the empty set at 0).
    offset: [u32; MAX_NEW + 1],
    count: Vec<u32>,
}

impl Counts {
    fn new(m: usize) -> Counts {
        let binom: Vec<[u32; MAX_NEW + 1]> = (0..=m)
            .map(|n| std::array::from_fn(|r| choose_u64(n, r) as u32))
            .collect();
        let mut offset = [0u32; MAX_NEW + 1];
        for r in 1..=MAX_NEW {
            offset[r] = offset[r - 1] + binom[m][r - 1];
        }
        let size = offset[MAX_NEW] + binom[m][MAX_NEW];
        Counts {
            binom,
            offset,
            count: vec![0; size as usize],
        }
    }

    /// The place of each subset of `cards` (increasing live-deck indices), by subset bitmask.
    fn places(&self, cards: &[u8]) -> ([u32; 1 << MAX_NEW], usize) {
        let mut at = [0u32; 1 << MAX_NEW];
        for mask in 0..1usize << cards.len() {
            let (mut rank, mut r) = (0, 0);
            for (t, &c) in cards.iter().enumerate() {
                if mask >> t & 1 == 1 {
                    r += 1;
                    rank += self.binom[c as usize][r];
                }
            }
            at[mask] = self.offset[r] + rank;
        }
        (at, 1 << cards.len())
    }

    fn add(&mut self, cards: &[u8]) {
        let (at, n) = self.places(cards);
        for &p in &at[..n] {
            self.count[p as usize] += 1;
        }
    }

    /// How many completions added share no card with `cards`.
    fn disjoint(&self, cards: &[u8]) -> u64 {
        let (at, n) = self.places(cards);
        let mut sum = 0i64;
        for (mask, &p) in at[..n].iter().enumerate() {
            let c = self.count[p as usize] as i64;
            sum += if mask.count_ones() % 2 == 0 { c } else { -c };
        }
        sum as u64
    }
}

#[cfg(test)]
mod tests {
    use super::super::exact::ExactWork;
    use super::super::tests::q;
    use super::super::{Question, Run, Work};
    use super::*;

    /// Both walks on `question` (forced), and that the sweep applies to it.
    fn both(question: &Question) -> [super::super::Equity; 2] {
        let plan = Plan::new(question).unwrap();
        assert!(applies(&plan));
        let runs = [
            Work::Stud(StudWork::new(&plan)),
            Work::Exact(ExactWork::new(&plan)),
        ];
        runs.map(|work| {
            let mut run = Run::with_work(Plan::new(question).unwrap(), work);
            while !run.step(std::time::Duration::from_secs(3600)).unwrap() {}
            run.result()
        })
    }

    fn check(game: &str, players: &[&str], board: &str, dead: &str) {
        let question = Question::parse(game, players, board, dead).unwrap();
        let [sweep, deals] = both(&question);
        assert_eq!(sweep.deals, deals.deals);
        for (a, b) in sweep.players.iter().zip(&deals.players) {
            for (x, y) in [(a.equity, b.equity), (a.win, b.win), (a.tie, b.tie)] {
                assert!((x - y).abs() < 1e-12, "{game} {players:?}: {a:?} vs {b:?}");
            }
        }
    }

    #[test]
    fn sweep_matches_the_per_deal_walk() {
        // Fifth and sixth street, stud and razz; ties (both on the same wheel or board-like
        // straights) included.
        for game in ["stud", "razz"] {
            check(game, &["AhKd3c7s9h", "QsQd4h5h6h"], "", "");
            check(game, &["Ah2d3c4s5h6d", "As2s3d4c5d6c"], "", "");
            check(game, &["9h8d7c6s5c", "9s8s7d6c5d"], "", "2c2d3h3s");
        }
    }

    #[test]
    fn sweep_matches_on_third_street_with_many_dead_cards() {
        let dead = "2c2d2h3c3d3h4c4d4h5c5d5h6c6d6h7c7d7h8c8d8h9c9d9hTcTdThJcJd";
        for game in ["stud", "razz"] {
            check(game, &["AsKsQs", "JsTs9s"], "", dead);
            check(game, &["QcQdAc", "KcKdAd"], "", dead);
        }
    }

    #[test]
    fn sweep_with_a_known_community_card() {
        for game in ["stud", "razz"] {
            check(game, &["AhKd3c7s9h", "QsQd4h5h6h"], "2s", "");
        }
    }

    #[test]
    fn sweep_is_chosen_for_third_street_and_ties_are_counted() {
        let plan = Plan::new(&q("stud", &["AsAd2c", "KsKd3c"], "")).unwrap();
        assert!(applies(&plan));
        assert!(estimate(&plan) < super::super::AUTO_EXACT_EVALS);
        // The same hand in other suits ties whenever neither improves past the other.
        let e = super::super::tests::exact(&q("razz", &["As2s3s", "Ad2d3d"], ""));
        assert_eq!(e.deals, choose_u64(46, 4) * choose_u64(42, 4));
        assert!((e.players[0].equity - 0.5).abs() < 1e-12);
        assert!(e.players[0].tie > 0.0);
    }
}
