//! Equity: how often each player wins, by exact enumeration of every remaining deal or by
//! Monte Carlo (docs/rules/poker.md §1, §2, §6).
//!
//! Games ([`Game`]): Texas Hold'em; Omaha with 4, 5 or 6 hole cards, high only or Hi/Lo 8 or
//! better; Crazy Pineapple and Crazy Pineapple 8/b *after the discard* (each player keeps two
//! cards; before the discard the outcome depends on a choice not yet made, so that is refused);
//! Seven Card Stud, Stud Hi/Lo and Razz (each player's known up and down cards, the rest of the
//! seven dealt from what is left; when the deck cannot give everyone a seventh card, one
//! community card is dealt instead, docs/rules/poker.md §4.2). A Hold'em player may hold a
//! range ([`Range`]: `"QQ+, AKs, AQo+, T9s-76s, AhKh, AJs:0.5"`), an Omaha player an Omaha
//! range ([`parse_omaha_range`]: `"AA**ds, JT98-5432, KKQQ:0.5"`); ranges remove each other's
//! cards.
//!
//! # Shares
//!
//! Each deal splits one pot. High only: the best high hands share it equally. Razz is played
//! the same way with the razz low (eval/razz.rs: every hand has one, no qualifier) in place of
//! the high hand, so its `high` is the whole equity and `low` is 0. Hi/Lo: half to the best
//! high, half to the best 8-or-better low, all of it to the high when no low qualifies; tied
//! hands share their half (docs/rules/poker.md §6). For each player, over all deals:
//!
//! - `equity`: the expected share of the pot; the players' equities sum to 1;
//! - `win`: how often the player takes the whole pot alone (in hi/lo, a scoop);
//! - `tie`: how often the player takes part of the pot, but not all of it;
//! - `high`, `low`: the expected share won with the high hand and with the low hand, so
//!   `equity = high + low`; `low` is 0 on a deal where no low qualifies;
//! - `scoop`: the same as `win` (the hi/lo word for it);
//! - `quarter`: how often the player ties for the low with exactly one other player (that low
//!   half is split in two: a quarter of the pot).
//!
//! # Exact enumeration and Monte Carlo
//!
//! Exact enumeration visits every deal: every completion of the board (and of Stud hands),
//! and with ranges every compatible choice of hands, weighted by the product of the weights.
//! It is done one of three ways, whichever the cost model ([`Method`]) finds cheapest:
//!
//! - per deal ([`exact`]): each choice of hands, then every completion, updating partial
//!   [`HandKey`]s as it goes: one key addition and one table lookup per player per deal in
//!   Hold'em, and on the last board card one lookup for all the cards of a rank that complete
//!   no flush. Omaha high uses a rank table, best non-flush hand by (hole-pair ranks, board
//!   ranks), built once on first use, and checks flushes only when three board cards share a
//!   suit. Best for known hands, and the only way for Stud Hi/Lo, Crazy Pineapple, and Stud
//!   and Razz with three players or more;
//! - completion sweep ([`stud_sweep`]; Seven Card Stud high only and Razz, heads-up): each
//!   player's own completions evaluated once, sorted, and the disjoint pairs below and equal
//!   counted by inclusion-exclusion, so no deal is visited (third street: 2 × 163,185
//!   completions for 1.8e10 deals);
//! - board-major ([`boards`]; Hold'em and Omaha, up to four players): every board once, up to
//!   the suit permutations that leave the question unchanged ([`symmetry`]), each hand a
//!   player may hold evaluated once on it, then the choices of hands counted with card
//!   removal (heads-up Hold'em ranges by a sorted sweep that never visits a pair of hands).
//!   Best with ranges.
//!
//! Automatic mode enumerates when the estimate is at most [`AUTO_EXACT_EVALS`] hand
//! evaluations (or their equivalent), and `exact: Some(true)` refuses past [`MAX_EXACT_EVALS`].
//! [`preflop`] builds the Hold'em preflop tables board-major too. Monte Carlo deals
//! random completions (and hands from the ranges, by rejection, which keeps the joint
//! distribution exact under card removal). The work is cut into units (board prefixes, or
//! chunks of [`MC_CHUNK`] samples whose random stream is seeded by `(seed, chunk index)`),
//! run in parallel with rayon and folded in unit order, so a seed gives the same answer on any
//! number of threads. [`Run::step`] does a bounded slice of work so a caller can stop between
//! slices (the Python binding releases the GIL for each slice and checks for Ctrl-C between).
//!
//! Everything reachable from a [`Question`] is validated in [`Run::new`]; card codes are
//! checked before any table is indexed, so no input makes this module panic.
#![allow(clippy::needless_range_loop)] // hot loops index several per-player arrays in step
mod boards;
mod exact;
mod monte_carlo;
mod omaha_range;
mod plan;
pub mod preflop;
mod range;
mod showdown;
mod stud_sweep;
mod symmetry;
mod tally;
mod units;
use std::fmt;
use std::time::{Duration, Instant};

use crate::cards::parse_cards;
pub use crate::game::Game;
use crate::game::UnknownGame;
use crate::rng::SplitMix64;
use boards::BoardWork;
use exact::ExactWork;
use monte_carlo::mc_chunk;
pub use omaha_range::{parse_omaha_range, MAX_OMAHA_RANGE};
use plan::Plan;
pub use range::{Combo, Holding, Range};
use rayon::prelude::*;
use stud_sweep::StudWork;
use tally::Accum;
pub use units::{UnitPlan, UnitRun, UnitSums};
/// The most players one deck serves in any supported game (Hold'em: 23 × 2 + 5 = 51 cards).
pub const MAX_PLAYERS: usize = 23;
/// Monte Carlo samples per unit of work; unit `i` draws from its own stream seeded by
/// `(seed, i)`.
pub const MC_CHUNK: u64 = 1 << 14;
/// Samples when Monte Carlo is chosen and neither a count nor a time budget is given.
pub const DEFAULT_SAMPLES: u64 = 1_000_000;
/// Automatic mode enumerates exactly when its estimated cost is at most this many hand
/// evaluations (or their equivalent in comparisons): about a second on one core.
pub const AUTO_EXACT_EVALS: f64 = 4e8;
/// Exact enumeration is refused when its estimated cost is above this many hand evaluations
/// (it would take many minutes).
pub const MAX_EXACT_EVALS: f64 = 4e11;
/// Exact enumeration lists the compatible range assignments; at most this many.
const MAX_ASSIGNMENTS: f64 = 4e6;
/// Target deals per unit of exact work.
const UNIT_DEALS: f64 = 20_000.0;
/// At most this many worker threads.
pub const MAX_THREADS: usize = 1024;
/// Monte Carlo gives up on a deal after this many rejected range draws in a row.
const MAX_REJECTIONS: u32 = 1_000_000;

// ---------------------------------------------------------------------------------------------
// Errors

/// Why an equity question was refused. `Cards` problems (bad or repeated cards, wrong counts)
/// become `InvalidCards` in Python, the rest `EquityError`; every message names the problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EquityError {
    /// A card that cannot be parsed, is given twice, or a hand with the wrong number of cards.
    Cards(String),
    /// An unknown game, or something the game does not allow (a range outside Hold'em, Crazy
    /// Pineapple before the discard).
    Game(String),
    /// A range that cannot be parsed, or that leaves a player no possible hand.
    Range(String),
    /// Options that do not make sense (no samples, exact with a time budget, too large...).
    Options(String),
}

impl EquityError {
    pub fn is_card_error(&self) -> bool {
        matches!(self, EquityError::Cards(_))
    }
}

impl fmt::Display for EquityError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (EquityError::Cards(m)
        | EquityError::Game(m)
        | EquityError::Range(m)
        | EquityError::Options(m)) = self;
        f.write_str(m)
    }
}

impl std::error::Error for EquityError {}

impl From<UnknownGame> for EquityError {
    fn from(e: UnknownGame) -> EquityError {
        EquityError::Game(e.to_string())
    }
}
/// Who holds what, what is on the board and what is dead.
#[derive(Debug, Clone, PartialEq)]
pub struct Question {
    pub game: Game,
    pub players: Vec<Holding>,
    pub board: Vec<u8>,
    pub dead: Vec<u8>,
}

impl Question {
    /// A question from text: a game name, each player's cards or (Hold'em) range, the board
    /// and the dead cards ("" for none).
    pub fn parse(
        game: &str,
        players: &[&str],
        board: &str,
        dead: &str,
    ) -> Result<Question, EquityError> {
        let game: Game = game.parse()?;
        let players = players
            .iter()
            .enumerate()
            .map(|(i, p)| Holding::parse(game, p, i))
            .collect::<Result<_, _>>()?;
        let cards = |text: &str, what: &str| {
            parse_cards(text).map_err(|e| EquityError::Cards(format!("{what}: {e}")))
        };
        Ok(Question {
            game,
            players,
            board: cards(board, "board")?,
            dead: cards(dead, "dead cards")?,
        })
    }
}

/// How to answer. `exact: None` enumerates exactly when that is cheap (and no samples or time
/// budget is given), Monte Carlo otherwise. Monte Carlo stops after `samples` deals or after
/// `time_limit` seconds, whichever comes first (default [`DEFAULT_SAMPLES`]). `seed: None`
/// picks one from the clock (reported in the result). `threads: None` uses rayon's pool.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Options {
    pub exact: Option<bool>,
    pub samples: Option<u64>,
    pub seed: Option<u64>,
    pub time_limit: Option<f64>,
    pub threads: Option<usize>,
}

/// One player's result; see the module documentation for what each share means.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct PlayerEquity {
    pub equity: f64,
    pub win: f64,
    pub tie: f64,
    pub high: f64,
    pub low: f64,
    pub scoop: f64,
    pub quarter: f64,
    /// Standard error of `equity` (0 for exact enumeration).
    pub stderr: f64,
}

/// The answer: one [`PlayerEquity`] per player, in the order given.
#[derive(Debug, Clone, PartialEq)]
pub struct Equity {
    pub game: Game,
    pub players: Vec<PlayerEquity>,
    pub exact: bool,
    /// Deals evaluated (for ranges, every compatible choice of hands times every board).
    pub deals: u64,
    /// The Monte Carlo seed (`None` for exact enumeration).
    pub seed: Option<u64>,
}

/// Answers a question in one call (all threads, no interruption). See [`Run`] to do it in
/// slices.
pub fn equity(q: &Question, o: &Options) -> Result<Equity, EquityError> {
    let mut run = Run::new(q, o)?;
    while !run.step(Duration::from_secs(3600))? {}
    Ok(run.result())
}
// ---------------------------------------------------------------------------------------------
// Runs

enum Work {
    Exact(ExactWork),
    Boards(BoardWork),
    Stud(StudWork),
    Monte {
        seed: u64,
        samples: u64,
        time_limit: Option<Duration>,
    },
}

fn check_budget(o: &Options) -> Result<(), EquityError> {
    if o.samples == Some(0) {
        return Err(EquityError::Options("samples must be at least 1".into()));
    }
    if let Some(t) = o.time_limit {
        if !(t > 0.0 && t.is_finite()) {
            return Err(EquityError::Options(format!(
                "time_limit must be a positive number of seconds, got {t}"
            )));
        }
    }
    Ok(())
}

/// How a run answers: walking every deal of every choice of hands ([`exact`]), every board
/// once with every hand on it ([`boards`]), each stud player's completions swept
/// ([`stud_sweep`]), or Monte Carlo.
#[derive(Debug, Clone, PartialEq)]
enum Method {
    Deals,
    Boards(Vec<symmetry::SuitPerm>),
    Stud,
    Monte,
}

/// The cheaper exact enumeration and its estimated cost in hand evaluations, for the largest
/// cost of interest `limit` (the board-major estimate needs the question's symmetry, which is
/// only looked for when it could bring the cost under `limit`).
fn cheapest_exact(plan: &Plan, limit: f64) -> (Method, f64) {
    let bound = plan.assignments_bound();
    let deals = if bound <= MAX_ASSIGNMENTS {
        bound * plan.leaves * plan.n as f64 * plan.eval_cost()
    } else {
        f64::INFINITY
    };
    if stud_sweep::applies(plan) {
        let cost = stud_sweep::estimate(plan);
        if cost < deals {
            return (Method::Stud, cost);
        }
    }
    if boards::applies(plan) && boards::estimate(plan, 24.0) <= limit.min(deals) {
        let group = boards::question_group(plan);
        let cost = boards::estimate(plan, group.len() as f64);
        if cost < deals {
            return (Method::Boards(group), cost);
        }
    }
    (Method::Deals, deals)
}

/// How to answer: as asked, or (`exact: None`) exactly when that is cheap and no Monte Carlo
/// budget is given.
fn choose_method(plan: &Plan, o: &Options) -> Result<Method, EquityError> {
    Ok(match o.exact {
        Some(true) => {
            if o.samples.is_some() || o.time_limit.is_some() {
                return Err(EquityError::Options(
                    "samples and time_limit are for Monte Carlo; exact enumeration visits \
                     every deal"
                        .into(),
                ));
            }
            let (method, cost) = cheapest_exact(plan, MAX_EXACT_EVALS);
            if cost > MAX_EXACT_EVALS {
                return Err(EquityError::Options(format!(
                    "exact enumeration is too large here (about {cost:.3e} hand evaluations); \
                     use Monte Carlo with a sample count or a time limit"
                )));
            }
            method
        }
        Some(false) => Method::Monte,
        None if o.samples.is_some() || o.time_limit.is_some() => Method::Monte,
        None => match cheapest_exact(plan, AUTO_EXACT_EVALS) {
            (method, cost) if cost <= AUTO_EXACT_EVALS => method,
            _ => Method::Monte,
        },
    })
}

/// A pool of `threads` workers; `None` (rayon's pool) for the default and for one thread.
fn thread_pool(threads: Option<usize>) -> Result<Option<rayon::ThreadPool>, EquityError> {
    match threads {
        None | Some(1) => Ok(None),
        Some(t) if !(1..=MAX_THREADS).contains(&t) => Err(EquityError::Options(format!(
            "threads must be 1 to {MAX_THREADS}, got {t}"
        ))),
        Some(t) => rayon::ThreadPoolBuilder::new()
            .num_threads(t)
            .build()
            .map(Some)
            .map_err(|e| EquityError::Options(format!("cannot start threads: {e}"))),
    }
}

/// `job` on `threads` threads (`None`: rayon's pool); an error for a count past
/// [`MAX_THREADS`].
pub fn on_threads<T: Send>(
    threads: Option<usize>,
    job: impl FnOnce() -> T + Send,
) -> Result<T, EquityError> {
    Ok(match thread_pool(threads)? {
        Some(pool) => pool.install(job),
        None => job(),
    })
}

impl Work {
    /// Unit `u`: a slice of the exact enumeration, or Monte Carlo chunk `u` (its own stream).
    fn unit(&self, plan: &Plan, u: u64) -> Result<Accum, EquityError> {
        match self {
            Work::Exact(e) => Ok(e.unit(plan, u)),
            Work::Boards(b) => Ok(b.unit(u)),
            Work::Stud(s) => Ok(s.unit()),
            Work::Monte { seed, samples, .. } => {
                let len = MC_CHUNK.min(samples - u * MC_CHUNK);
                mc_chunk(plan, *seed, u, len)
            }
        }
    }

    /// Monte Carlo with the options' seed (or one from the clock) and budget.
    fn monte(o: &Options) -> Work {
        let seed = o.seed.unwrap_or_else(|| {
            let t = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos() as u64)
                .unwrap_or(0);
            SplitMix64::new(t ^ (std::process::id() as u64) << 32).next_u64()
        });
        let samples = match (o.samples, o.time_limit) {
            (Some(s), _) => s,
            (None, Some(_)) => u64::MAX,
            (None, None) => DEFAULT_SAMPLES,
        };
        Work::Monte {
            seed,
            samples,
            time_limit: o.time_limit.map(|t| {
                Duration::try_from_secs_f64(t).unwrap_or(Duration::from_secs(u32::MAX as u64))
            }),
        }
    }
}

/// An equity computation done in slices: [`Run::step`] until it returns `true`, then
/// [`Run::result`]. Stopping early leaves a consistent (partial) result.
pub struct Run {
    plan: Plan,
    work: Work,
    next: u64,
    batch: u64,
    acc: Accum,
    started: Option<Instant>,
    done: bool,
    pool: Option<rayon::ThreadPool>,
    /// `threads == 1`: work on the calling thread.
    single: bool,
}

impl Run {
    /// Validates the question and plans the work (lists range assignments for exact
    /// enumeration, builds the Omaha table on first use).
    pub fn new(q: &Question, o: &Options) -> Result<Run, EquityError> {
        let plan = Plan::new(q)?;
        check_budget(o)?;
        let pool = thread_pool(o.threads)?;
        let work = match choose_method(&plan, o)? {
            Method::Deals => Work::Exact(ExactWork::new(&plan)),
            Method::Boards(group) => Work::Boards(BoardWork::new(&plan, &group)),
            Method::Stud => Work::Stud(StudWork::new(&plan)),
            Method::Monte => Work::monte(o),
        };
        let n = plan.n;
        Ok(Run {
            plan,
            work,
            next: 0,
            batch: 16,
            acc: Accum::new(n),
            started: None,
            done: false,
            pool,
            single: o.threads == Some(1),
        })
    }

    /// A run of `work` (tests force one method or another).
    #[cfg(test)]
    fn with_work(plan: Plan, work: Work) -> Run {
        let n = plan.n;
        Run {
            plan,
            work,
            next: 0,
            batch: 16,
            acc: Accum::new(n),
            started: None,
            done: false,
            pool: None,
            single: false,
        }
    }

    /// Whether this run enumerates exactly.
    pub fn is_exact(&self) -> bool {
        !matches!(self.work, Work::Monte { .. })
    }

    fn total_units(&self) -> u64 {
        match &self.work {
            Work::Exact(e) => e.units,
            Work::Boards(b) => b.units,
            Work::Stud(s) => s.units,
            Work::Monte { samples, .. } => samples.div_ceil(MC_CHUNK),
        }
    }

    /// The Accums of units `begin..end`, in unit order, on the run's threads.
    fn compute(&self, begin: u64, end: u64) -> Result<Vec<Accum>, EquityError> {
        let (plan, work) = (&self.plan, &self.work);
        let unit = |u: u64| work.unit(plan, u);
        let job = || -> Result<Vec<Accum>, EquityError> {
            (begin..end).into_par_iter().map(unit).collect()
        };
        // One thread, or one unit of work: no thread pool to wake.
        if self.single || end - begin == 1 {
            (begin..end).map(unit).collect()
        } else {
            match &self.pool {
                Some(p) => p.install(job),
                None => job(),
            }
        }
    }

    /// Works for about `budget` (at least one batch of units); `Ok(true)` once finished.
    pub fn step(&mut self, budget: Duration) -> Result<bool, EquityError> {
        let t0 = Instant::now();
        let started = *self.started.get_or_insert(t0);
        let total = self.total_units();
        while !self.done {
            let end = total.min(self.next + self.batch);
            let tb = Instant::now();
            let parts = self.compute(self.next, end)?;
            for part in &parts {
                self.acc.merge(part);
            }
            self.next = end;
            if tb.elapsed() < Duration::from_millis(25) {
                self.batch = (self.batch * 2).min(1 << 20);
            }
            let out_of_time = match &self.work {
                Work::Monte {
                    time_limit: Some(t),
                    ..
                } => started.elapsed() >= *t,
                _ => false,
            };
            if self.next >= total || out_of_time {
                self.done = true;
            }
            if t0.elapsed() >= budget {
                break;
            }
        }
        Ok(self.done)
    }

    /// How far along, 0..=1 (by time when only a time limit bounds the run).
    pub fn fraction_done(&self) -> f64 {
        if self.done {
            return 1.0;
        }
        let by_units = self.next as f64 / self.total_units().max(1) as f64;
        match (&self.work, self.started) {
            (
                Work::Monte {
                    time_limit: Some(t),
                    ..
                },
                Some(s),
            ) => by_units
                .max(s.elapsed().as_secs_f64() / t.as_secs_f64())
                .min(1.0),
            _ => by_units,
        }
    }

    /// The result so far (all of it once [`Run::step`] returned `true`).
    pub fn result(&self) -> Equity {
        let acc = &self.acc;
        let w = if acc.w > 0.0 { acc.w } else { 1.0 };
        let exact = self.is_exact();
        let players = acc
            .p
            .iter()
            .map(|p| {
                let equity = (p.high + p.low) / w;
                let var = (p.sq / w - equity * equity).max(0.0);
                PlayerEquity {
                    equity,
                    win: p.win / w,
                    tie: p.tie / w,
                    high: p.high / w,
                    low: p.low / w,
                    scoop: p.win / w,
                    quarter: p.quarter / w,
                    stderr: if exact || acc.deals == 0 {
                        0.0
                    } else {
                        (var / acc.deals as f64).sqrt()
                    },
                }
            })
            .collect();
        Equity {
            game: self.plan.game,
            players,
            exact,
            deals: acc.deals,
            seed: match self.work {
                Work::Monte { seed, .. } => Some(seed),
                _ => None,
            },
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Tests: independent brute force on small cases, published counts, and the hi/lo rules.
#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::cards::parse_cards;
    use crate::eval::{high, hilo, low, razz};

    pub(crate) fn cards(s: &str) -> Vec<u8> {
        parse_cards(s).unwrap()
    }

    pub(crate) fn q(game: &str, players: &[&str], board: &str) -> Question {
        Question::parse(game, players, board, "").unwrap()
    }

    pub(crate) fn exact(q: &Question) -> Equity {
        equity(
            q,
            &Options {
                exact: Some(true),
                ..Options::default()
            },
        )
        .unwrap()
    }

    /// `samples` Monte Carlo deals of `q` from `seed`.
    fn sampled(q: &Question, samples: u64, seed: u64) -> Equity {
        equity(
            q,
            &Options {
                exact: Some(false),
                samples: Some(samples),
                seed: Some(seed),
                ..Options::default()
            },
        )
        .unwrap()
    }
    #[test]
    fn published_preflop_counts() {
        // GNU poker-eval's hcmp2 over all 1,712,304 boards, as quoted at
        // brainwagon.org/2005/04/09/texas-holdem-trivia: wins / losses / ties.
        for (a, b, win, lose, tie) in [
            ("AcAd", "KhKs", 1_388_072.0, 317_694.0, 6_538.0),
            ("AdAc", "Td9d", 1_338_249.0, 367_143.0, 6_912.0),
            ("AdAc", "QcJh", 1_450_987.0, 254_763.0, 6_554.0),
        ] {
            let e = exact(&q("holdem", &[a, b], ""));
            assert_eq!(e.deals, 1_712_304);
            let d = e.deals as f64;
            assert_eq!((e.players[0].win * d).round(), win, "{a} vs {b}");
            assert_eq!((e.players[1].win * d).round(), lose, "{a} vs {b}");
            assert_eq!((e.players[0].tie * d).round(), tie, "{a} vs {b}");
        }
    }

    /// Brute force straight from the evaluators, one deal at a time.
    fn brute(game: Game, holes: &[Vec<u8>], board: &[u8]) -> Vec<f64> {
        let n = holes.len();
        let used: Vec<u8> = holes.iter().flatten().chain(board).copied().collect();
        let deck: Vec<u8> = (0..52).filter(|c| !used.contains(c)).collect();
        let need = 5 - board.len();
        let mut shares = vec![0.0; n];
        let mut count = 0.0;
        let mut idx: Vec<usize> = (0..need).collect();
        loop {
            let mut b = board.to_vec();
            b.extend(idx.iter().map(|&i| deck[i]));
            let (hi, lo): (Vec<u16>, Vec<u8>) = holes
                .iter()
                .map(|h| match game {
                    Game::Omaha { .. } => hilo::evaluate_omaha_hilo(h, &b).unwrap(),
                    _ => {
                        let all: Vec<u8> = h.iter().chain(&b).copied().collect();
                        (
                            high::evaluate(&all).unwrap(),
                            low::evaluate_low8(&all).unwrap(),
                        )
                    }
                })
                .unzip();
            let best = *hi.iter().max().unwrap();
            let bl = *lo.iter().max().unwrap();
            let hw: Vec<usize> = (0..n).filter(|&i| hi[i] == best).collect();
            let lw: Vec<usize> = (0..n).filter(|&i| bl > 0 && lo[i] == bl).collect();
            let half = if game.is_hilo() && !lw.is_empty() {
                0.5
            } else {
                1.0
            };
            for &i in &hw {
                shares[i] += half / hw.len() as f64;
            }
            if half < 1.0 {
                for &i in &lw {
                    shares[i] += 0.5 / lw.len() as f64;
                }
            }
            count += 1.0;
            // next combination
            let mut k = need;
            loop {
                if k == 0 {
                    return shares.iter().map(|s| s / count).collect();
                }
                k -= 1;
                if idx[k] < deck.len() - (need - k) {
                    idx[k] += 1;
                    for j in k + 1..need {
                        idx[j] = idx[j - 1] + 1;
                    }
                    break;
                }
            }
        }
    }

    #[test]
    fn exact_matches_brute_force_on_turns_and_rivers() {
        let cases: &[(&str, &[&str], &str)] = &[
            ("holdem", &["AhKh", "QsQd", "7c2d"], "Qh9h3c5d"),
            ("holdem", &["AhKh", "QsQd"], "Qh9h3c5d2s"),
            ("omaha", &["AhKhTd2c", "QsQdJc9s"], "Qh9h3c5d"),
            ("omaha8", &["Ah2h3dKc", "As4s5dQc", "KdKsQh7c"], "4c5s9d8h"),
            ("omaha5-8", &["Ah2h3dKcTc", "As4s5dQcJd"], "4c5s9d8h"),
            ("omaha6", &["Ah2h3dKcTc9c", "As4s5dQcJd8s"], "4c5s9d7h"),
            ("crazy-pineapple8", &["Ah2h", "As4s", "KdKs"], "4c5s9d8h"),
            ("crazy-pineapple", &["Ah2h", "KdKs"], "4c5s9d8h"),
        ];
        for (g, players, board) in cases {
            let question = q(g, players, board);
            let e = exact(&question);
            let holes: Vec<Vec<u8>> = players.iter().map(|p| cards(p)).collect();
            let want = brute(question.game, &holes, &cards(board));
            for (p, w) in e.players.iter().zip(&want) {
                assert!(
                    (p.equity - w).abs() < 1e-12,
                    "{g} {players:?}: {} vs {w}",
                    p.equity
                );
            }
            let total: f64 = e.players.iter().map(|p| p.equity).sum();
            assert!((total - 1.0).abs() < 1e-12);
        }
    }
    #[test]
    fn same_seed_same_answer_on_any_thread_count() {
        let question = q("holdem", &["AsKs", "QQ+, AKo"], "");
        let run = |threads| {
            equity(
                &question,
                &Options {
                    exact: Some(false),
                    samples: Some(100_000),
                    seed: Some(7),
                    threads: Some(threads),
                    ..Options::default()
                },
            )
            .unwrap()
        };
        assert_eq!(run(1), run(2));
        assert_eq!(run(1), run(3));
    }

    #[test]
    fn monte_carlo_within_four_standard_errors() {
        let question = q("omaha8", &["Ah2h3dKc", "As4s5dQc"], "4c5s9d");
        let e = exact(&question);
        let m = sampled(&question, 200_000, 1);
        for (a, b) in e.players.iter().zip(&m.players) {
            assert!(b.stderr > 0.0);
            assert!((a.equity - b.equity).abs() < 4.0 * b.stderr, "{a:?} {b:?}");
        }
    }

    #[test]
    fn hilo_rules() {
        // No low possible: three high cards on the board.
        let e = exact(&q("omaha8", &["Ah2h3dKc", "As4s5dQc"], "KdQhJs"));
        assert!(e.players.iter().all(|p| p.low == 0.0 && p.quarter == 0.0));
        // Nut low and nut high on the river: scoop.
        let e = exact(&q("omaha8", &["Ah2h7h8c", "KsKd9c9d"], "3h4h5h6dKh"));
        assert_eq!(e.players[0].scoop, 1.0);
        assert_eq!(e.players[0].equity, 1.0);
        // Two players with A-2 split the low: each is quartered.
        let e = exact(&q(
            "omaha8",
            &["Ah2hKdKc", "Ac2sQdJd", "9s9cTs8d"],
            "3d4c7s9hKs",
        ));
        assert_eq!(e.players[0].quarter, 1.0);
        assert_eq!(e.players[1].quarter, 1.0);
        assert!((e.players[0].equity - 0.75).abs() < 1e-12); // high (kings set) + quarter
        assert!((e.players[1].equity - 0.25).abs() < 1e-12);
    }
    #[test]
    fn errors_name_the_problem() {
        let err = |players: &[&str], board: &str| {
            let question = q("holdem", players, board);
            Run::new(&question, &Options::default())
                .err()
                .unwrap()
                .to_string()
        };
        assert!(err(&["AhKh", "AhQd"], "").contains("Ah is both in player 1's hand"));
        assert!(err(&["AhKh", "QdQc"], "Ah2c3c").contains("both on the board"));
        assert!(err(&["AhKhQh", "QdQc"], "").contains("player 1 holds 3 cards"));
        assert!(err(&["AhAd", "AA"], "As").contains("the board holds 1"));
        assert!(err(&["AhAd", "AA"], "As2c3c").contains("leaves no possible hand"));
        assert!(err(&["AA", "AA", "AA"], "").contains("cannot all be dealt"));
        assert!(EquityError::from("badugi".parse::<Game>().unwrap_err())
            .to_string()
            .contains("unknown game"));
        let pineapple = Game::CrazyPineapple { hilo: false };
        let question = Question {
            game: pineapple,
            players: vec![
                Holding::Cards(cards("AhKhQh")),
                Holding::Cards(cards("2c3c")),
            ],
            board: cards("4d5d6d"),
            dead: vec![],
        };
        let e = Run::new(&question, &Options::default()).err().unwrap();
        assert!(e.to_string().contains("after the discard"));
    }
    #[test]
    fn stud_exact_and_monte_carlo_agree() {
        // Players draw 1, 1 and 2 cards (brute force against reference.py is in the Python tests).
        let question = q("stud8", &["Ah2d3c7s9hTd", "KsKd4h5h6hJc", "QcQd8c8d2h"], "");
        let e = exact(&question);
        let total: f64 = e.players.iter().map(|p| p.equity).sum();
        assert!((total - 1.0).abs() < 1e-9);
        let m = sampled(&question, 100_000, 3);
        for (a, b) in e.players.iter().zip(&m.players) {
            assert!(
                (a.equity - b.equity).abs() < 4.0 * b.stderr + 1e-9,
                "{a:?} {b:?}"
            );
        }
    }

    /// Every `k` of the cards, each set once.
    pub(crate) fn subsets(deck: &[u8], k: usize) -> Vec<Vec<u8>> {
        combos(deck, k)
    }

    /// Every `k` of the cards, each set once.
    fn combos(deck: &[u8], k: usize) -> Vec<Vec<u8>> {
        if k == 0 {
            return vec![vec![]];
        }
        (0..deck.len())
            .flat_map(|i| {
                combos(&deck[i + 1..], k - 1).into_iter().map(move |mut c| {
                    c.push(deck[i]);
                    c
                })
            })
            .collect()
    }

    /// Razz by brute force straight from the evaluator: every way to give each player the rest
    /// of his seven cards (six and the community card when `common` holds it), the best razz
    /// low winning the pot, tied lows sharing it.
    fn brute_razz(holes: &[Vec<u8>], common: &[u8]) -> Vec<f64> {
        fn deal(i: usize, hands: &mut [Vec<u8>], deck: &[u8], common: &[u8], out: &mut [f64]) {
            if i == hands.len() {
                let v: Vec<u16> = hands
                    .iter()
                    .map(|h| razz::evaluate_razz(&[h.as_slice(), common].concat()).unwrap())
                    .collect();
                let best = *v.iter().max().unwrap();
                let winners = v.iter().filter(|&&x| x == best).count() as f64;
                for (share, &x) in out.iter_mut().zip(&v) {
                    *share += if x == best { 1.0 / winners } else { 0.0 };
                }
                out[hands.len()] += 1.0;
                return;
            }
            for extra in combos(deck, 7 - common.len() - hands[i].len()) {
                let rest: Vec<u8> = deck
                    .iter()
                    .filter(|c| !extra.contains(c))
                    .copied()
                    .collect();
                let known = hands[i].len();
                hands[i].extend(&extra);
                deal(i + 1, hands, &rest, common, out);
                hands[i].truncate(known);
            }
        }
        let used: Vec<u8> = holes.iter().flatten().chain(common).copied().collect();
        let deck: Vec<u8> = (0..52).filter(|c| !used.contains(c)).collect();
        let mut out = vec![0.0; holes.len() + 1];
        deal(0, &mut holes.to_vec(), &deck, common, &mut out);
        let deals = out.pop().unwrap();
        out.iter().map(|s| s / deals).collect()
    }

    #[test]
    fn razz_exact_matches_brute_force() {
        let cases: &[&[&str]] = &[
            &["Ah2d3cJsQhKd", "4s5s6sJdQdKs"],
            &["Ah2d3c7s9hTd", "4h5h6hKsQs8c", "QcQd8d2h3h"],
            &["AhAd2h2d3c", "4c5c6c7c8c"],
        ];
        for players in cases {
            let e = exact(&q("razz", players, ""));
            let holes: Vec<Vec<u8>> = players.iter().map(|p| cards(p)).collect();
            let want = brute_razz(&holes, &[]);
            for (p, w) in e.players.iter().zip(&want) {
                assert!(
                    (p.equity - w).abs() < 1e-12,
                    "{players:?}: {} vs {w}",
                    p.equity
                );
                assert_eq!((p.low, p.quarter), (0.0, 0.0), "one pot, no low half");
            }
            assert!(e.players.iter().all(|p| p.equity > 0.01 && p.equity < 0.99));
        }
    }

    #[test]
    fn razz_with_a_community_card_matches_brute_force() {
        // Eight players with six cards each leave 4 cards for 8 seventh cards: one is dealt to
        // everyone (docs/rules/poker.md §4.2), so there are exactly 4 deals.
        let holes: Vec<Vec<u8>> = (0..8u8)
            .map(|i| (0..6).map(|k| k * 8 + i).collect())
            .collect();
        let names: Vec<String> = holes
            .iter()
            .map(|h| h.iter().map(|&c| crate::cards::card_name(c)).collect())
            .collect();
        let refs: Vec<&str> = names.iter().map(|s| s.as_str()).collect();
        let e = exact(&q("razz", &refs, ""));
        assert_eq!(e.deals, 4);
        let mut want = vec![0.0; 8];
        for common in 48..52u8 {
            for (w, x) in want.iter_mut().zip(brute_razz(&holes, &[common])) {
                *w += x / 4.0;
            }
        }
        for (p, w) in e.players.iter().zip(&want) {
            assert!((p.equity - w).abs() < 1e-12, "{} vs {w}", p.equity);
        }
    }

    #[test]
    fn razz_known_answers() {
        // A made wheel cannot lose; the other hand cannot make one.
        let e = exact(&q("razz", &["As2d3c4h5s6d", "KcKdQsQhJcJd"], ""));
        assert_eq!((e.players[0].equity, e.players[0].win), (1.0, 1.0));
        assert_eq!(e.deals, 40 * 39);
        // Two made wheels always tie.
        let e = exact(&q("razz", &["As2s3s4s5s", "Ad2d3d4d5d"], ""));
        assert_eq!((e.players[0].equity, e.players[0].tie), (0.5, 1.0));
        // Aces are low: A-2-3-4 with two cards to come is the favourite over K-2-3-4.
        let e = exact(&q("razz", &["AcAd2c3c4c", "KcKd2d3d4d"], ""));
        assert!(e.players[0].equity > 0.6, "{:?}", e.players[0]);
    }

    #[test]
    fn omaha_ranges_by_monte_carlo_agree_with_exact() {
        for (game, players, board) in [
            ("omaha", &["AA**ds", "KKQQ, JT98-9876"][..], "As7h2c"),
            ("omaha8", &["A2**", "KdKsQh7c", "T987r"][..], "4c5s9d"),
        ] {
            let question = q(game, players, board);
            let e = exact(&question);
            let m = sampled(&question, 100_000, 4);
            for (a, b) in e.players.iter().zip(&m.players) {
                assert!((a.equity - b.equity).abs() < 4.0 * b.stderr, "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn razz_monte_carlo_agrees_with_exact() {
        let question = q("razz", &["Ah2d3c7s9h", "4h5h6hKsQs8c", "QcQd8d2h3h4s"], "");
        let m = sampled(&question, 200_000, 9);
        let e = exact(&question);
        for (a, b) in e.players.iter().zip(&m.players) {
            assert!(b.stderr > 0.0);
            assert!((a.equity - b.equity).abs() < 4.0 * b.stderr, "{a:?} {b:?}");
        }
    }
}
