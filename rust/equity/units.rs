//! Equity cut into work units that other processes or machines compute (docs/distributed.md).
//!
//! A [`Run`] is already a sequence of units (board prefixes of the exact enumeration, or Monte
//! Carlo chunks whose stream is keyed by `(seed, unit)`), and its answer is the fold of the
//! units' sums in unit order, from zero. Here a caller plans the units once
//! ([`UnitRun::plan`]: whether exact, how many, the seed), has any process compute any slice
//! of them ([`UnitRun::compute`]), and folds all of them in unit order ([`UnitRun::finish`]):
//! the same additions in the same order as [`Run::step`], so the same `Equity` to the bit,
//! however the units were spread.
use super::tally::{Accum, PlayerSums};
use super::{Equity, EquityError, Options, Question, Run, Work};

/// What a question's units are: every process given these options computes the same units.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnitPlan {
    pub exact: bool,
    pub units: u64,
    /// Monte Carlo: the seed (chosen here when none was given) and the sample count.
    pub seed: Option<u64>,
    pub samples: Option<u64>,
}

impl UnitPlan {
    /// The options that give exactly these units on any process.
    pub fn options(&self, threads: Option<usize>) -> Options {
        Options {
            exact: Some(self.exact),
            samples: self.samples,
            seed: self.seed,
            time_limit: None,
            threads,
        }
    }
}

/// One unit's sums: `w` the total deal weight, `deals` the deals, and per player (win, tie,
/// quarter, high, low, sq), each a weighted sum in pot units (sq: of the squared share).
#[derive(Debug, Clone, PartialEq)]
pub struct UnitSums {
    pub w: f64,
    pub deals: u64,
    pub players: Vec<[f64; 6]>,
}

impl From<&Accum> for UnitSums {
    fn from(a: &Accum) -> UnitSums {
        UnitSums {
            w: a.w,
            deals: a.deals,
            players: a
                .p
                .iter()
                .map(|p| [p.win, p.tie, p.quarter, p.high, p.low, p.sq])
                .collect(),
        }
    }
}

impl From<&UnitSums> for Accum {
    fn from(u: &UnitSums) -> Accum {
        let p = u
            .players
            .iter()
            .map(|&[win, tie, quarter, high, low, sq]| PlayerSums {
                win,
                tie,
                quarter,
                high,
                low,
                sq,
            });
        Accum {
            w: u.w,
            deals: u.deals,
            p: p.collect(),
        }
    }
}

/// A question's units with fixed options, ready to compute any of them or to finish.
pub struct UnitRun {
    run: Run,
}

impl UnitRun {
    /// Plans the units of `q` under `o` (validating both): a time limit cannot be split, and a
    /// missing seed is chosen here, once, so every process draws the same streams.
    pub fn plan(q: &Question, o: &Options) -> Result<UnitPlan, EquityError> {
        if o.time_limit.is_some() {
            return Err(EquityError::Options(
                "time_limit cannot be split into work units (each worker would stop at its \
                 own time); give samples= instead"
                    .into(),
            ));
        }
        let run = Run::new(q, o)?;
        let (seed, samples) = match run.work {
            Work::Monte { seed, samples, .. } => (Some(seed), Some(samples)),
            _ => (None, None),
        };
        Ok(UnitPlan {
            exact: run.is_exact(),
            units: run.total_units(),
            seed,
            samples,
        })
    }

    /// The units of `q` under `plan` (as [`UnitRun::plan`] gave it).
    pub fn new(q: &Question, plan: &UnitPlan, threads: Option<usize>) -> Result<Self, EquityError> {
        if !plan.exact && (plan.seed.is_none() || plan.samples.is_none()) {
            return Err(EquityError::Options(
                "Monte Carlo work units need a seed and a sample count".into(),
            ));
        }
        let run = Run::new(q, &plan.options(threads))?;
        let unit_run = UnitRun { run };
        if unit_run.units() != plan.units {
            return Err(EquityError::Options(format!(
                "the plan has {} units but this question has {}",
                plan.units,
                unit_run.units()
            )));
        }
        Ok(unit_run)
    }

    pub fn units(&self) -> u64 {
        self.run.total_units()
    }

    /// `begin..end` is a slice of this question's units.
    pub fn check_slice(&self, begin: u64, end: u64) -> Result<(), EquityError> {
        if begin > end || end > self.units() {
            return Err(EquityError::Options(format!(
                "units {begin}..{end} are not within the {} units of this question",
                self.units()
            )));
        }
        Ok(())
    }

    /// The sums of units `begin..end`, in unit order, on all the run's threads.
    pub fn compute(&self, begin: u64, end: u64) -> Result<Vec<UnitSums>, EquityError> {
        self.check_slice(begin, end)?;
        let parts = self.run.compute(begin, end)?;
        Ok(parts.iter().map(UnitSums::from).collect())
    }

    /// The answer from every unit's sums, in unit order: the fold [`Run::step`] does.
    pub fn finish(mut self, units: &[UnitSums]) -> Result<Equity, EquityError> {
        if units.len() as u64 != self.units() {
            return Err(EquityError::Options(format!(
                "finishing needs all {} units' sums, got {}",
                self.units(),
                units.len()
            )));
        }
        let n = self.run.plan.n;
        let mut acc = Accum::new(n);
        for (i, u) in units.iter().enumerate() {
            if u.players.len() != n {
                return Err(EquityError::Options(format!(
                    "unit {i} has sums for {} players, the question has {n}",
                    u.players.len()
                )));
            }
            acc.merge(&Accum::from(u));
        }
        self.run.acc = acc;
        self.run.next = self.units();
        self.run.done = true;
        Ok(self.run.result())
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::q;
    use super::super::{equity, Options};
    use super::*;

    /// Units computed in uneven slices, finished, against the one-process run.
    fn split_equals_local(question: &Question, o: &Options) {
        let plan = UnitRun::plan(question, o).unwrap();
        let units = UnitRun::new(question, &plan, Some(2)).unwrap();
        let mut sums = Vec::new();
        let (mut begin, mut step) = (0, 1);
        while begin < plan.units {
            let end = (begin + step).min(plan.units);
            sums.extend(units.compute(begin, end).unwrap());
            (begin, step) = (end, step * 3);
        }
        let local = equity(question, &plan.options(None)).unwrap();
        assert_eq!(units.finish(&sums).unwrap(), local);
        assert_eq!(local.exact, plan.exact);
    }

    #[test]
    fn slices_finish_to_the_local_answer() {
        let exact = Options::default();
        split_equals_local(&q("holdem", &["AcAd", "KhKs"], ""), &exact);
        split_equals_local(&q("omaha8", &["As2d3hKc", "KdKsQh7c"], "4c5s9d"), &exact);
        split_equals_local(&q("holdem", &["QQ+, AKs", "AhKd"], "7c2d3h"), &exact);
        let monte = Options {
            samples: Some(100_000),
            seed: Some(5),
            ..Options::default()
        };
        split_equals_local(&q("holdem", &["AsKs", "QQ+, AKo", "7h7d"], ""), &monte);
    }

    #[test]
    fn a_missing_seed_is_chosen_once() {
        let question = q("holdem", &["AsKs", "QQ"], "");
        let o = Options {
            samples: Some(20_000),
            ..Options::default()
        };
        let plan = UnitRun::plan(&question, &o).unwrap();
        assert!(plan.seed.is_some());
        assert_eq!(plan.units, 2);
        let units = UnitRun::new(&question, &plan, None).unwrap();
        let sums = units.compute(0, 2).unwrap();
        assert_eq!(units.finish(&sums).unwrap().seed, plan.seed);
    }

    #[test]
    fn bad_plans_and_sums_are_refused() {
        let question = q("holdem", &["AsKs", "QQ"], "");
        let timed = Options {
            time_limit: Some(1.0),
            ..Options::default()
        };
        let e = UnitRun::plan(&question, &timed).unwrap_err().to_string();
        assert!(e.contains("time_limit cannot be split"), "{e}");
        let plan = UnitRun::plan(&question, &Options::default()).unwrap();
        let units = UnitRun::new(&question, &plan, None).unwrap();
        let total = plan.units;
        let e = units.compute(0, total + 1).unwrap_err().to_string();
        assert!(e.contains("not within"), "{e}");
        let mut sums = units.compute(0, total).unwrap();
        sums.pop();
        let e = units.finish(&sums).unwrap_err().to_string();
        assert!(e.contains(&format!("all {total} units")), "{e}");
        let wrong = UnitPlan { units: 3, ..plan };
        assert!(UnitRun::new(&question, &wrong, None).is_err());
        let unseeded = UnitPlan {
            exact: false,
            seed: None,
            ..plan
        };
        assert!(UnitRun::new(&question, &unseeded, None).is_err());
    }
}
