//! Suit isomorphism: the permutations of the four suits that leave a question unchanged, and
//! the boards still to come up to them, each with the number of boards it stands for.
//!
//! Relabelling the suits of every card changes no hand's strength (suits never rank), so when
//! a permutation `g` maps the board, the dead cards, each player's cards and each player's
//! weighted range onto themselves, the deals completed by `S` and by `g(S)` have the same
//! outcome. Summing over one board of each orbit times the orbit's size is then the sum over
//! every board: exact, not an approximation.
//!
//! A set of cards `S` is the representative of its orbit when its cards, sorted, are the
//! lexicographically smallest among the sorted images `g(S)`. Every prefix of a representative
//! (its smallest cards) is a representative too (proof in [`canonical_boards`]), so the
//! depth-first walk over sorted card sequences drops a prefix at once when some `g` maps it
//! below itself: 134,459 five-card boards of the 2,598,960 when every permutation applies.

/// A permutation of the suits: suit `s` goes to `p[s]`.
pub(crate) type SuitPerm = [u8; 4];

/// The 24 permutations of the four suits, the identity first.
pub(crate) const ALL_PERMS: [SuitPerm; 24] = {
    let mut out = [[0u8; 4]; 24];
    let mut n = 0;
    let mut a = 0u8;
    while a < 4 {
        let mut b = 0u8;
        while b < 4 {
            let mut c = 0u8;
            while c < 4 {
                let sum = a + b + c;
                let d = if sum <= 6 { 6 - sum } else { 4 };
                if a != b && a != c && b != c && d < 4 && d != a && d != b && d != c {
                    out[n] = [a, b, c, d];
                    n += 1;
                }
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    out
};

/// The image of card `c` (`rank * 4 + suit`).
#[inline(always)]
pub(crate) fn map_card(p: &SuitPerm, c: u8) -> u8 {
    (c & !3) | p[(c & 3) as usize]
}

/// The image of a card set (bit `code` for each card).
pub(crate) fn map_mask(p: &SuitPerm, mut mask: u64) -> u64 {
    let mut out = 0;
    while mask != 0 {
        let c = mask.trailing_zeros() as u8;
        mask &= mask - 1;
        out |= 1 << map_card(p, c);
    }
    out
}

/// The permutations of `group` that map the card set `mask` onto itself.
pub(crate) fn fixing(group: &[SuitPerm], mask: u64) -> Vec<SuitPerm> {
    group
        .iter()
        .copied()
        .filter(|p| map_mask(p, mask) == mask)
        .collect()
}

/// Boards up to a group of suit permutations: `k` cards each (in increasing code order), and
/// how many boards each stands for (the size of its orbit).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Boards {
    pub(crate) k: usize,
    pub(crate) cards: Vec<u8>,
    pub(crate) weights: Vec<u32>,
}

impl Boards {
    pub(crate) fn len(&self) -> usize {
        self.weights.len()
    }

    /// Board `i`'s cards.
    pub(crate) fn board(&self, i: usize) -> &[u8] {
        &self.cards[i * self.k..(i + 1) * self.k]
    }
}

/// The key a set of cards is compared by: card `c` is bit `63 - c`, so of two sets of the same
/// size the one whose sorted cards are lexicographically smaller has the larger key (the
/// smallest card in which they differ is its own, the highest differing bit).
#[inline(always)]
fn key_bit(c: u8) -> u64 {
    1 << (63 - c)
}

/// One representative of each orbit of the `k`-card subsets of `deck` under `group` (which
/// must contain the identity and map `deck` onto itself), with the orbit's size: the sum of
/// the weights is C(|deck|, k).
///
/// A representative is the subset whose key ([`key_bit`]) is the largest in its orbit. If a
/// prefix `T` of a representative `S` (its smallest cards) had an image `g(T)` with a larger
/// key, let `m` be the smallest card of `g(T) Δ T`; `m` is in `g(T)`. `m` is below the largest
/// card of `T` (else `T ⊆ g(T)`, so `T = g(T)`), so no card of `S \ T` is `m` or below; `g(S)`
/// holds `m` and `S` does not, and below `m` either `g(S)` holds a card `S` lacks or they
/// agree: either way `g(S)` has the larger key, and `S` would not be a representative. So the
/// walk drops a prefix as soon as some permutation maps it above itself.
pub(crate) fn canonical_boards(group: &[SuitPerm], deck: u64, k: usize) -> Boards {
    let mut out = Boards {
        k,
        cards: Vec::new(),
        weights: Vec::new(),
    };
    let cards: Vec<u8> = (0..52u8).filter(|&c| deck >> c & 1 == 1).collect();
    let mut images = vec![0u64; group.len() * (k + 1)];
    let mut prefix = Vec::with_capacity(k);
    walk(group, &cards, k, 0, 0, &mut images, &mut prefix, &mut out);
    out
}

#[allow(clippy::too_many_arguments)]
fn walk(
    group: &[SuitPerm],
    cards: &[u8],
    k: usize,
    from: usize,
    key: u64,
    images: &mut [u64],
    prefix: &mut Vec<u8>,
    out: &mut Boards,
) {
    let depth = prefix.len();
    let g = group.len();
    if depth == k {
        let fixed = images[depth * g..(depth + 1) * g]
            .iter()
            .filter(|&&i| i == key)
            .count();
        out.cards.extend_from_slice(prefix);
        out.weights.push((g / fixed) as u32);
        return;
    }
    for i in from..cards.len() + depth + 1 - k {
        let c = cards[i];
        let next = key | key_bit(c);
        let mut canonical = true;
        for (j, p) in group.iter().enumerate() {
            let image = images[depth * g + j] | key_bit(map_card(p, c));
            if image > next {
                canonical = false;
                break;
            }
            images[(depth + 1) * g + j] = image;
        }
        if canonical {
            prefix.push(c);
            walk(group, cards, k, i + 1, next, images, prefix, out);
            prefix.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::equity::plan::choose;

    #[test]
    fn the_24_permutations_are_distinct_and_start_with_the_identity() {
        assert_eq!(ALL_PERMS[0], [0, 1, 2, 3]);
        for (i, p) in ALL_PERMS.iter().enumerate() {
            let mut s = *p;
            s.sort();
            assert_eq!(s, [0, 1, 2, 3]);
            assert!(!ALL_PERMS[..i].contains(p));
        }
    }

    /// Brute force: every subset, its orbit's largest key, counted.
    fn brute(group: &[SuitPerm], deck: u64, k: usize) -> Vec<(u64, u32)> {
        let cards: Vec<u8> = (0..52u8).filter(|&c| deck >> c & 1 == 1).collect();
        let mut seen = std::collections::BTreeMap::new();
        let mut idx: Vec<usize> = (0..k).collect();
        loop {
            let set: u64 = idx.iter().fold(0, |m, &i| m | 1 << cards[i]);
            let key = |s: u64| {
                (0..52u8)
                    .filter(|&c| s >> c & 1 == 1)
                    .fold(0, |m, c| m | key_bit(c))
            };
            let rep = group.iter().map(|p| key(map_mask(p, set))).max().unwrap();
            *seen.entry(rep).or_insert(0u32) += 1;
            let mut j = k;
            loop {
                if j == 0 {
                    return seen.into_iter().rev().collect();
                }
                j -= 1;
                if idx[j] < cards.len() - (k - j) {
                    idx[j] += 1;
                    for m in j + 1..k {
                        idx[m] = idx[m - 1] + 1;
                    }
                    break;
                }
            }
        }
    }

    #[test]
    fn representatives_and_orbit_sizes_match_brute_force() {
        let spades_fixed = fixing(&ALL_PERMS, 1 << 51 | 1 << 47); // AsKs held
        let pairs = fixing(&ALL_PERMS, 1 << 50 | 1 << 49); // AhAd held
        for (group, deck, k) in [
            (&ALL_PERMS[..], (1u64 << 52) - 1, 3),
            (&ALL_PERMS[..], (1u64 << 24) - 1, 4),
            (
                &spades_fixed[..],
                ((1u64 << 52) - 1) & !(1 << 51 | 1 << 47),
                3,
            ),
            (&pairs[..], (1u64 << 40) - 1, 4),
            (&ALL_PERMS[..1], (1u64 << 20) - 1, 2),
        ] {
            let b = canonical_boards(group, deck, k);
            let got: Vec<(u64, u32)> = (0..b.len())
                .map(|i| {
                    (
                        b.board(i).iter().fold(0, |m, &c| m | key_bit(c)),
                        b.weights[i],
                    )
                })
                .collect();
            assert_eq!(got, brute(group, deck, k), "k = {k}, |G| = {}", group.len());
            let total: u64 = b.weights.iter().map(|&w| w as u64).sum();
            assert_eq!(total as f64, choose(deck.count_ones() as usize, k));
        }
    }

    #[test]
    fn published_counts_of_distinct_flops_and_boards() {
        // 1,755 strategically distinct flops and 134,459 five-card boards up to suits.
        let deck = (1u64 << 52) - 1;
        assert_eq!(canonical_boards(&ALL_PERMS, deck, 3).len(), 1_755);
        let five = canonical_boards(&ALL_PERMS, deck, 5);
        assert_eq!(five.len(), 134_459);
        assert_eq!(
            five.weights.iter().map(|&w| w as u64).sum::<u64>(),
            2_598_960
        );
    }
}
