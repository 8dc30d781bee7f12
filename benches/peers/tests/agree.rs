//! Every peer orders and ties the benchmark's deals exactly as splitpot does, so the timings
//! compare equal work. The deals are the benchmark's own (same seeds), all of them.
use splitpot_peers::*;

const N: usize = 1 << 14;

fn each7<C: Copy>(deals: &[C], f: impl Fn(&[C]) -> u64) -> Vec<u64> {
    deals.chunks_exact(7).map(f).collect()
}

fn each_omaha<C: Copy>(deals: &[C], hole: usize, f: impl Fn(&[C], &[C]) -> u64) -> Vec<u64> {
    deals
        .chunks_exact(hole + 5)
        .map(|d| f(&d[..hole], &d[hole..]))
        .collect()
}

#[test]
fn seven_card_high() {
    let d = random_deals(N, 7, 1);
    let ours = each7(&d, sp_high_unchecked);
    assert_eq!(ours, each7(&d, sp_high_checked));
    assert_eq!(ours, each7(&d, sp_high_checked_two_pass));
    agree(&ours, &each7(&to_aya(&d), aya_high)).unwrap();
    agree(&ours, &each7(&d, aya_high_codes)).unwrap();
    agree(&ours, &each7(&to_rs(&d), rs_high)).unwrap();
    agree(&ours, &each7(&to_ducy(&d), ducy_high)).unwrap();
    let eval = poker::Evaluator::new();
    let theirs: Vec<PokerEval> = to_poker(&d)
        .chunks_exact(7)
        .map(|h| poker_high(&eval, h))
        .collect();
    agree_ord(&ours, &theirs).unwrap();
}

#[test]
fn seven_card_low8() {
    let d = random_deals(N, 7, 1);
    let ours = each7(&d, sp_low8);
    // A check that cannot pass vacuously: the sample holds lows and hands without one.
    assert!(ours.contains(&0) && ours.iter().any(|&v| v > 0));
    agree(&ours, &each7(&to_aya(&d), aya_low8)).unwrap();
    agree(&ours, &each7(&to_ducy(&d), ducy_low8)).unwrap();
}

#[test]
fn omaha_high_4_5_6() {
    for (hole, seed) in [(4, 2), (5, 3), (6, 4)] {
        let d = random_deals(N, hole + 5, seed);
        let ours = each_omaha(&d, hole, sp_omaha);
        assert_eq!(ours, each_omaha(&d, hole, sp_omaha_checked));
        agree(&ours, &each_omaha(&to_aya(&d), hole, aya_omaha)).unwrap();
        agree(&ours, &each_omaha(&to_rs(&d), hole, rs_omaha)).unwrap();
        agree(&ours, &each_omaha(&to_ducy(&d), hole, ducy_omaha)).unwrap();
    }
}

/// The high and the low halves of every Omaha 4 deal, apart.
fn halves<C: Copy>(deals: &[C], f: impl Fn(&[C], &[C]) -> (u64, u64)) -> (Vec<u64>, Vec<u64>) {
    deals.chunks_exact(9).map(|x| f(&x[..4], &x[4..])).unzip()
}

#[test]
fn omaha_hilo_both_halves() {
    let d = random_deals(N, 9, 2);
    let (hi, lo) = halves(&d, sp_omaha_hilo);
    assert!(lo.contains(&0) && lo.iter().any(|&v| v > 0));
    let (aya_hi, aya_lo) = halves(&to_aya(&d), aya_omaha_hilo);
    agree(&hi, &aya_hi).unwrap();
    agree(&lo, &aya_lo).unwrap();
    let (ducy_hi, ducy_lo) = halves(&to_ducy(&d), ducy_omaha_hilo);
    agree(&hi, &ducy_hi).unwrap();
    agree(&lo, &ducy_lo).unwrap();
}

#[test]
fn agree_refuses_a_different_order_or_tie() {
    assert!(agree(&[1, 2, 3], &[10, 20, 30]).is_ok());
    assert!(agree(&[1, 2, 3], &[10, 30, 20]).is_err());
    assert!(agree(&[1, 1, 3], &[10, 20, 30]).is_err());
    assert!(agree(&[1, 2, 3], &[10, 10, 30]).is_err());
}
