//! Conditions: what melds pay (docs/rules/pan.md §4).
use super::cards::{is_noncomoquer_rank, is_valle_rank, rank_of, suit_of, ACE, KING, SPADES};
use super::melds::{check_meld, MeldKind};
use super::rules::{Escalera, PanRules};

/// The paying melds of table §4.1. `c as u8` (C1 = 0 .. C5 = 4) is how a condition crosses to
/// Python: python/splitpot/pan/melds.py declares `Condition` in this order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Condition {
    /// C1: valle group (3s, 5s or 7s) of different suits.
    ValleUnsuited = 0,
    /// C2: valle group of one suit.
    ValleSuited = 1,
    /// C3: non-valle group of one suit.
    SuitedGroup = 2,
    /// C4: the low run A-2-3 (per `pays.escalera`).
    LowRun = 3,
    /// C5: the high run J-Q-K (per `pays.escalera`).
    HighRun = 4,
}

impl Condition {
    const ALL: [Condition; 5] = [
        Condition::ValleUnsuited,
        Condition::ValleSuited,
        Condition::SuitedGroup,
        Condition::LowRun,
        Condition::HighRun,
    ];

    /// Chips for laying the condition down (§4.1), doubled in spades when `spades`.
    pub fn value(self, spades: bool, rules: &PanRules) -> u64 {
        let v = match self {
            Condition::ValleUnsuited => rules.pay_valle_unsuited,
            Condition::ValleSuited => rules.pay_valle_suited,
            Condition::SuitedGroup => rules.pay_suited_group,
            Condition::LowRun => rules.pay_low_run,
            Condition::HighRun => rules.pay_high_run,
        };
        double_if(v, spades)
    }

    /// Chips per card laid off onto the condition under `pays.layoff = perCard` (§4.2, PW): the
    /// condition's value, except a one-suit valle group which collects its lay-off value.
    pub fn layoff_value(self, spades: bool, rules: &PanRules) -> u64 {
        match self {
            Condition::ValleSuited => double_if(rules.pay_valle_suited_layoff, spades),
            _ => self.value(spades, rules),
        }
    }
}

pub(crate) fn double_if(v: u64, yes: bool) -> u64 {
    if yes {
        v.saturating_mul(2)
    } else {
        v
    }
}

/// Condition instances counted by (type, spades): index `type * 2 + spades`. Splits and borrows
/// pay the increase of these counts (§4.3).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct CondCounts(pub(crate) [u8; 10]);

impl CondCounts {
    pub(crate) fn add(&mut self, other: CondCounts) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a = a.saturating_add(b);
        }
    }

    pub(crate) fn value(&self, rules: &PanRules) -> u64 {
        self.weighted(|c, sp| c.value(sp, rules))
    }

    pub(crate) fn weighted(&self, f: impl Fn(Condition, bool) -> u64) -> u64 {
        let mut total = 0u64;
        for (i, &n) in self.0.iter().enumerate() {
            if n > 0 {
                let v = f(Condition::ALL[i / 2], i % 2 == 1);
                total = total.saturating_add(v.saturating_mul(n as u64));
            }
        }
        total
    }

    /// Value of the instances in `after` beyond those in `self`: what an operation creates.
    pub(crate) fn increase(&self, after: &CondCounts, rules: &PanRules) -> u64 {
        let mut new = CondCounts::default();
        for i in 0..10 {
            new.0[i] = after.0[i].saturating_sub(self.0[i]);
        }
        new.value(rules)
    }
}

/// Conditions of a meld known to be valid and of kind `kind` (reference algorithm §7).
pub(crate) fn cond_counts_of(cards: &[u8], kind: MeldKind, rules: &PanRules) -> CondCounts {
    let mut out = CondCounts::default();
    let Some(&first) = cards.first() else {
        return out;
    };
    let suited = cards.iter().all(|&c| suit_of(c) == suit_of(first));
    let spades = suited && suit_of(first) == SPADES && rules.spades_double;
    let mut push = |c: Condition| out.0[c as usize * 2 + spades as usize] += 1;
    match kind {
        MeldKind::Sequence => {
            let low = cards.iter().map(|&c| rank_of(c)).min().unwrap_or(0);
            let high = cards.iter().map(|&c| rank_of(c)).max().unwrap_or(0);
            let length_ok = rules.escalera == Escalera::EndsAtAOrK || cards.len() == 3;
            if low == ACE && length_ok {
                push(Condition::LowRun);
            }
            if high == KING && length_ok {
                push(Condition::HighRun);
            }
        }
        _ => {
            let rank = rank_of(first);
            if is_valle_rank(rank) {
                push(if suited {
                    Condition::ValleSuited
                } else {
                    Condition::ValleUnsuited
                });
            } else if suited && (!is_noncomoquer_rank(rank) || rules.suited_noncomoquer_pays) {
                push(Condition::SuitedGroup);
            }
        }
    }
    out
}

pub(crate) fn cond_counts(cards: &[u8], rules: &PanRules) -> CondCounts {
    match check_meld(cards, rules) {
        Ok(kind) => cond_counts_of(cards, kind, rules),
        Err(_) => CondCounts::default(),
    }
}

/// The conditions a meld carries, each with what every opponent pays for it when laid down
/// (§4.1). Empty for a non-paying or invalid meld. A 10-card A..K run carries both runs.
pub fn condition_list(cards: &[u8], rules: &PanRules) -> Vec<(Condition, u64)> {
    let counts = cond_counts(cards, rules);
    let mut out = Vec::new();
    for (i, &n) in counts.0.iter().enumerate() {
        let c = Condition::ALL[i / 2];
        for _ in 0..n {
            out.push((c, c.value(i % 2 == 1, rules)));
        }
    }
    out
}

/// What each opponent pays for this meld as laid down (§4.1); 0 for a non-paying or invalid
/// meld.
pub fn conditions(cards: &[u8], rules: &PanRules) -> u64 {
    cond_counts(cards, rules).value(rules)
}

/// What each active opponent pays the player who goes out (§4.4): `outs_base` plus the
/// conditions of his melds as they lie, plus `layoff_chips` when `outs_include_layoff_value`.
pub fn outs(melds: &[Vec<u8>], layoff_chips: u64, rules: &PanRules) -> u64 {
    let mut total = rules.outs_base;
    for m in melds {
        total = total.saturating_add(conditions(m, rules));
    }
    if rules.outs_include_layoff_value {
        total = total.saturating_add(layoff_chips);
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pan::testutil::p;

    fn pays(s: &str) -> u64 {
        conditions(&p(s), &PanRules::default())
    }

    #[test]
    fn table_4_1_conditions() {
        // C1: valle group of different suits; no spade version.
        assert_eq!(pays("3c 3d 3h"), 1);
        assert_eq!(pays("5c 5d 5s"), 1);
        assert_eq!(pays("7c 7d 7h 7s 7s"), 1);
        // C2: valle group of one suit; 4 in spades (the bong).
        assert_eq!(pays("5c 5c 5c"), 2);
        assert_eq!(pays("7h 7h 7h 7h"), 2);
        assert_eq!(pays("3s 3s 3s"), 4);
        // C3: non-valle group of one suit, doubled in spades; aces and kings too by default.
        assert_eq!(pays("4c 4c 4c"), 1);
        assert_eq!(pays("Qs Qs Qs"), 2);
        assert_eq!(pays("Kh Kh Kh"), 1);
        assert_eq!(pays("As As As As"), 2);
        // C4 and C5, doubled in spades; a run that starts at A / ends at K carries them.
        assert_eq!(pays("Ac 2c 3c"), 1);
        assert_eq!(pays("As 2s 3s"), 2);
        assert_eq!(pays("Jh Qh Kh"), 1);
        assert_eq!(pays("Js Qs Ks"), 2);
        assert_eq!(pays("Ad 2d 3d 4d 5d"), 1);
        assert_eq!(pays("6d 7d Jd Qd Kd"), 1);
        // The 10-card A..K run carries both runs' pays.
        assert_eq!(pays("Ah 2h 3h 4h 5h 6h 7h Jh Qh Kh"), 2);
        assert_eq!(pays("As 2s 3s 4s 5s 6s 7s Js Qs Ks"), 4);
        let both = condition_list(&p("Ah 2h 3h 4h 5h 6h 7h Jh Qh Kh"), &PanRules::default());
        assert_eq!(both, vec![(Condition::LowRun, 1), (Condition::HighRun, 1)]);
        // Melds that pay nothing.
        assert_eq!(pays("4c 4d 4h"), 0);
        assert_eq!(pays("Kc Kd Kh"), 0);
        assert_eq!(pays("Ac As Ac"), 0);
        assert_eq!(pays("2c 3c 4c"), 0);
        assert_eq!(pays("5s 6s 7s Js"), 0);
        assert_eq!(pays("4c 4d"), 0);
        assert_eq!(
            condition_list(&p("5s 5s 5s"), &PanRules::default()),
            vec![(Condition::ValleSuited, 4)]
        );
    }

    #[test]
    fn condition_rule_variants() {
        let d = PanRules::default();
        let no_double = PanRules {
            spades_double: false,
            ..d
        };
        assert_eq!(conditions(&p("3s 3s 3s"), &no_double), 2);
        assert_eq!(conditions(&p("Qs Qs Qs"), &no_double), 1);
        assert_eq!(conditions(&p("As 2s 3s"), &no_double), 1);
        let no_ak = PanRules {
            suited_noncomoquer_pays: false,
            ..d
        };
        assert_eq!(conditions(&p("Kh Kh Kh"), &no_ak), 0);
        assert_eq!(conditions(&p("As As As"), &no_ak), 0);
        assert_eq!(conditions(&p("Qh Qh Qh"), &no_ak), 1);
        let exact = PanRules {
            escalera: Escalera::ExactThree,
            ..d
        };
        assert_eq!(conditions(&p("Ac 2c 3c"), &exact), 1);
        assert_eq!(conditions(&p("Ac 2c 3c 4c"), &exact), 0);
        assert_eq!(conditions(&p("Jc Qc Kc"), &exact), 1);
        assert_eq!(conditions(&p("7c Jc Qc Kc"), &exact), 0);
        assert_eq!(conditions(&p("Ah 2h 3h 4h 5h 6h 7h Jh Qh Kh"), &exact), 0);
        let values = PanRules {
            pay_valle_unsuited: 3,
            pay_valle_suited: 5,
            pay_suited_group: 7,
            pay_low_run: 11,
            pay_high_run: 13,
            ..d
        };
        assert_eq!(conditions(&p("5c 5d 5h"), &values), 3);
        assert_eq!(conditions(&p("5s 5s 5s"), &values), 10);
        assert_eq!(conditions(&p("4s 4s 4s"), &values), 14);
        assert_eq!(conditions(&p("Ah 2h 3h 4h 5h 6h 7h Jh Qh Kh"), &values), 24);
        let huge = PanRules {
            pay_low_run: u64::MAX,
            pay_high_run: u64::MAX,
            ..d
        };
        assert_eq!(
            conditions(&p("As 2s 3s 4s 5s 6s 7s Js Qs Ks"), &huge),
            u64::MAX
        );
    }

    #[test]
    fn outs_follow_section_4_4() {
        let d = PanRules::default();
        let melds = vec![p("5s 5s 5s"), p("Ac 2c 3c 4c"), p("6c 6d 6h 6s")];
        assert_eq!(outs(&melds, 3, &d), 2 + 4 + 1);
        let incl = PanRules {
            outs_include_layoff_value: true,
            outs_base: 1,
            ..d
        };
        assert_eq!(outs(&melds, 3, &incl), 1 + 4 + 1 + 3);
    }
}
