//! Exact integer tallies of many deals' winners, and their weighted sums.
// ---------------------------------------------------------------------------------------------
// Tallies

/// Integer counts for one player. Shares are in units of `unit` = 2 lcm(1..=n) per pot, so
/// every split is exact.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct PlayerTally {
    pub(super) win: u64,
    pub(super) tie: u64,
    pub(super) quarter: u64,
    pub(super) high: u128,
    pub(super) low: u128,
    pub(super) sq: u128,
}

/// Outcomes of many deals, exactly. Few players: a histogram of (high winners, low winners)
/// masks, credited at the end; more: credited deal by deal.
pub(super) struct Tally {
    pub(super) unit: u64,
    pub(super) deals: u64,
    pub(super) lo_bits: u32,
    pub(super) hist: Vec<u64>,
    pub(super) p: Vec<PlayerTally>,
}

pub(super) fn lcm_upto(n: usize) -> u64 {
    pub(super) fn gcd(a: u64, b: u64) -> u64 {
        if b == 0 {
            a
        } else {
            gcd(b, a % b)
        }
    }
    (1..=n as u64).fold(1, |l, k| l / gcd(l, k) * k)
}

impl Tally {
    pub(super) fn new(n: usize, hilo: bool) -> Tally {
        let lo_bits = if hilo { n as u32 } else { 0 };
        let size = 1usize << (n as u32 + lo_bits);
        Tally {
            unit: 2 * lcm_upto(n),
            deals: 0,
            lo_bits,
            hist: if size <= 256 {
                vec![0; size]
            } else {
                Vec::new()
            },
            p: vec![PlayerTally::default(); n],
        }
    }

    #[inline(always)]
    pub(super) fn add(&mut self, hm: u32, lm: u32) {
        self.add_n(hm, lm, 1);
    }

    /// `count` deals with the same winners.
    #[inline(always)]
    pub(super) fn add_n(&mut self, hm: u32, lm: u32, count: u64) {
        if self.hist.is_empty() {
            self.credit(hm, lm, count);
        } else {
            let i = ((hm as usize) << self.lo_bits) | lm as usize;
            self.hist[i] += count;
        }
    }

    pub(super) fn credit(&mut self, hm: u32, lm: u32, count: u64) {
        let unit = self.unit;
        self.deals += count;
        let kh = hm.count_ones() as u64;
        let kl = lm.count_ones() as u64;
        let (hpot, lpot) = if lm == 0 {
            (unit, 0)
        } else {
            (unit / 2, unit / 2)
        };
        let hs = hpot / kh.max(1);
        let ls = if lm == 0 { 0 } else { lpot / kl };
        let c = count as u128;
        let mut bits = hm | lm;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let h = if hm >> i & 1 == 1 { hs } else { 0 };
            let l = if lm >> i & 1 == 1 { ls } else { 0 };
            let s = (h + l) as u128;
            let e = &mut self.p[i];
            e.high += h as u128 * c;
            e.low += l as u128 * c;
            e.sq += s * s * c;
            if h + l == unit {
                e.win += count;
            } else {
                e.tie += count;
            }
            if kl == 2 && l > 0 {
                e.quarter += count;
            }
        }
    }

    /// Credits the histogram, adds everything to `acc` with weight `w`, and clears.
    pub(super) fn drain_into(&mut self, acc: &mut Accum, w: f64) {
        if !self.hist.is_empty() {
            let lo_mask = (1usize << self.lo_bits) - 1;
            for i in 0..self.hist.len() {
                let count = std::mem::take(&mut self.hist[i]);
                if count > 0 {
                    self.credit((i >> self.lo_bits) as u32, (i & lo_mask) as u32, count);
                }
            }
        }
        let u = self.unit as f64;
        acc.w += w * self.deals as f64;
        acc.deals += self.deals;
        for (a, b) in acc.p.iter_mut().zip(&self.p) {
            a.win += w * b.win as f64;
            a.tie += w * b.tie as f64;
            a.quarter += w * b.quarter as f64;
            a.high += w * (b.high as f64 / u);
            a.low += w * (b.low as f64 / u);
            a.sq += w * (b.sq as f64 / (u * u));
        }
        self.deals = 0;
        self.p.iter_mut().for_each(|e| *e = PlayerTally::default());
    }
}

/// Weighted sums in pot units, folded in a fixed order so results never depend on threads.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct PlayerSums {
    pub(super) win: f64,
    pub(super) tie: f64,
    pub(super) quarter: f64,
    pub(super) high: f64,
    pub(super) low: f64,
    pub(super) sq: f64,
}

#[derive(Debug, Clone, Default)]
pub(super) struct Accum {
    pub(super) w: f64,
    pub(super) deals: u64,
    pub(super) p: Vec<PlayerSums>,
}

impl Accum {
    pub(super) fn new(n: usize) -> Accum {
        Accum {
            w: 0.0,
            deals: 0,
            p: vec![PlayerSums::default(); n],
        }
    }

    pub(super) fn merge(&mut self, o: &Accum) {
        self.w += o.w;
        self.deals += o.deals;
        for (a, b) in self.p.iter_mut().zip(&o.p) {
            a.win += b.win;
            a.tie += b.tie;
            a.quarter += b.quarter;
            a.high += b.high;
            a.low += b.low;
            a.sq += b.sq;
        }
    }
}
