//! The crate's one pseudo-random generator: xoshiro256++ seeded through SplitMix64.
//!
//! Everything random in splitpot (Monte Carlo equity, Pan's shuffled deck, the test and bench
//! deals) draws from here, so a seed means the same cards on every machine and thread count.
//! Neither generator is cryptographic; both are fast, small and well studied (Vigna).

/// SplitMix64: one 64-bit state, advanced by the golden-ratio increment. It seeds [`Rng`], and
/// Pan's deck shuffle draws from it directly so that seeded decks keep their order.
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// xoshiro256++ (Blackman and Vigna): the generator for dealing cards.
pub struct Rng([u64; 4]);

impl Rng {
    /// Stream `stream` of `seed`: parallel chunks take one stream each and never share one.
    pub fn new(seed: u64, stream: u64) -> Rng {
        let mut seeder = SplitMix64::new(seed);
        let mut x = SplitMix64::new(seeder.next_u64() ^ stream.wrapping_mul(0xD134_2543_DE82_EF95));
        Rng([x.next_u64(), x.next_u64(), x.next_u64(), x.next_u64()])
    }

    #[inline(always)]
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.0;
        let r = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        r
    }

    /// Uniform in `0..n` (Lemire's multiply-shift; bias below n / 2^64).
    #[inline(always)]
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }

    /// Uniform in `[0, 1)` with 53 random bits.
    #[inline(always)]
    pub fn unit_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Fisher-Yates: every order equally likely.
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            v.swap(i, self.below(i + 1));
        }
    }

    /// Moves a uniformly random `k`-card deal to the front of `deck` (`k` is capped at its size).
    pub fn deal_front<T>(&mut self, deck: &mut [T], k: usize) {
        for i in 0..k.min(deck.len()) {
            let j = i + self.below(deck.len() - i);
            deck.swap(i, j);
        }
    }
}

/// `n` deals of `k` cards, flattened, each from a fresh copy of `deck`: seeded test and bench
/// data, the same on every machine.
#[doc(hidden)]
pub fn deals(deck: &[u8], n: usize, k: usize, seed: u64) -> Vec<u8> {
    let k = k.min(deck.len());
    let mut rng = Rng::new(seed, 0);
    let mut out = Vec::with_capacity(n * k);
    let mut d = deck.to_vec();
    for _ in 0..n {
        d.copy_from_slice(deck);
        rng.deal_front(&mut d, k);
        out.extend_from_slice(&d[..k]);
    }
    out
}

/// `n` deals of `k` distinct cards of the 52-card deck, flattened ([`deals`]).
#[doc(hidden)]
pub fn random_deals(n: usize, k: usize, seed: u64) -> Vec<u8> {
    let deck: Vec<u8> = (0..52).collect();
    deals(&deck, n, k, seed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_matches_the_published_reference() {
        // Vigna's splitmix64.c with seed 1234567: the first outputs.
        let mut s = SplitMix64::new(1234567);
        assert_eq!(s.next_u64(), 6457827717110365317);
        assert_eq!(s.next_u64(), 3203168211198807973);
    }

    #[test]
    fn streams_differ_and_repeat() {
        let a: Vec<u64> = (0..4).map(|_| Rng::new(7, 0).next_u64()).collect();
        assert!(a.windows(2).all(|w| w[0] == w[1]));
        assert_ne!(Rng::new(7, 0).next_u64(), Rng::new(7, 1).next_u64());
    }

    #[test]
    fn deals_are_distinct_cards() {
        let d = random_deals(1000, 7, 3);
        for h in d.chunks(7) {
            let mut s = h.to_vec();
            s.sort_unstable();
            s.dedup();
            assert_eq!(s.len(), 7);
            assert!(h.iter().all(|&c| c < 52));
        }
        assert_eq!(d, random_deals(1000, 7, 3));
    }

    #[test]
    fn below_is_roughly_uniform() {
        let mut r = Rng::new(1, 0);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[r.below(6)] += 1;
        }
        assert!(
            counts.iter().all(|&c| (9_000..11_000).contains(&c)),
            "{counts:?}"
        );
    }
}
