//! Monte Carlo: random completions of the deal, and hands from the ranges by rejection.
use super::plan::Plan;
use super::range::Combo;
use super::showdown::{by_shape, showdown, Ctx, St};
use super::tally::{Accum, Tally};
use super::{EquityError, MAX_PLAYERS, MAX_REJECTIONS};
use crate::eval::low::LOW8_BITS;
use crate::eval::HandKey;
use crate::rng::Rng;
// ---------------------------------------------------------------------------------------------
// Monte Carlo

pub(super) fn mc_chunk(plan: &Plan, seed: u64, chunk: u64, len: u64) -> Result<Accum, EquityError> {
    by_shape!(plan, mc_chunk_typed(plan, seed, chunk, len))
}

pub(super) fn mc_chunk_typed<
    const N: usize,
    const OMAHA: bool,
    const HILO: bool,
    const RAZZ: bool,
>(
    plan: &Plan,
    seed: u64,
    chunk: u64,
    len: u64,
) -> Result<Accum, EquityError> {
    let mut rng = Rng::new(seed, chunk);
    let mut tally = Tally::new(plan.n, plan.hilo);
    let mut ctx = plan.base_ctx();
    let rp: Vec<RangeDraw> = plan
        .range_players()
        .map(|(player, hands)| {
            let wmax = hands.iter().map(|c| c.weight).fold(0.0, f64::max);
            let flat = hands.iter().all(|c| c.weight == wmax);
            RangeDraw {
                player,
                hands,
                wmax,
                flat,
            }
        })
        .collect();
    let base = St::new(&plan.board);
    let mut st = base;
    let own_cards = plan.slots.iter().any(|&g| g != 0);
    for _ in 0..len {
        let used = deal_ranges(&rp, plan.base_used, &mut rng, &mut ctx)?;
        deal_slots::<OMAHA, HILO>(plan, own_cards, &base, &mut st, &mut rng, used);
        let (h, l) = showdown::<N, OMAHA, HILO, RAZZ>(&ctx, &st, plan.table);
        tally.add(h, l);
    }
    let mut acc = Accum::new(plan.n);
    tally.drain_into(&mut acc, 1.0);
    Ok(acc)
}

/// Completes one deal in `st` (reset to `base`): a card for each of the plan's slots, drawn
/// uniformly from the deck's cards not in `used` (redrawn on a used one). `own_cards`: some
/// slot is a player's (stud), not the board's.
#[inline(always)]
fn deal_slots<const OMAHA: bool, const HILO: bool>(
    plan: &Plan,
    own_cards: bool,
    base: &St,
    st: &mut St,
    rng: &mut Rng,
    mut used: u64,
) {
    let deck = &plan.base_deck[..];
    (st.g[0], st.gl[0], st.nb, st.suits) = (base.g[0], base.gl[0], base.nb, base.suits);
    if own_cards {
        for g in 1..=plan.n {
            (st.g[g], st.gl[g]) = (HandKey::EMPTY, 0);
        }
    }
    let mut draw = || {
        let card = loop {
            let c = deck[rng.below(deck.len())];
            if used >> c & 1 == 0 {
                break c;
            }
        };
        used |= 1 << card;
        card
    };
    if own_cards || OMAHA || HILO {
        for &g in &plan.slots {
            st.push_for::<OMAHA, HILO>(g as usize, draw());
        }
    } else {
        // Hold'em high: only the board is dealt and only its key is read, kept in a register
        // while its cards are drawn (through `st.g[g]`, each card's sum waited on the store
        // of the one before).
        let mut board = base.g[0];
        for _ in 0..plan.slots.len() {
            board = board.with(draw());
        }
        st.g[0] = board;
    }
}

/// A range player's hands, the largest weight, and whether every weight is that one.
struct RangeDraw<'a> {
    player: usize,
    hands: &'a [Combo],
    wmax: f64,
    flat: bool,
}

/// Deals each range player a hand by rejection (a weighted draw, redrawn on a card already
/// used), which keeps the joint distribution exact under card removal; sets their keys in
/// `ctx` and returns the cards then in use.
#[inline(always)]
fn deal_ranges(
    rp: &[RangeDraw<'_>],
    base_used: u64,
    rng: &mut Rng,
    ctx: &mut Ctx,
) -> Result<u64, EquityError> {
    let mut tries = 0;
    'deal: loop {
        let mut used = base_used;
        for d in rp {
            let c = d.hands[rng.below(d.hands.len())];
            if (!d.flat && rng.unit_f64() * d.wmax >= c.weight) || c.mask() & used != 0 {
                tries += 1;
                if tries > MAX_REJECTIONS {
                    return Err(EquityError::Range(
                        "the ranges almost never fit together (a million tries in a row \
                         found no compatible hands); narrow them or use exact enumeration"
                            .into(),
                    ));
                }
                continue 'deal;
            }
            used |= c.mask();
            if let [a, b] = *c.cards() {
                ctx.key[d.player] = HandKey::EMPTY.with(a).with(b);
                ctx.low[d.player] = LOW8_BITS[a as usize] | LOW8_BITS[b as usize];
            } else {
                ctx.set(d.player, c.cards(), true); // Omaha
            }
        }
        return Ok(used);
    }
}
