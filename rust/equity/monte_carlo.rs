//! Monte Carlo: random completions of the deal, and hands from the ranges by rejection.
use super::plan::Plan;
use super::range::Combo;
use super::showdown::{by_shape, showdown, St};
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

pub(super) fn mc_chunk_typed<const N: usize, const OMAHA: bool, const HILO: bool>(
    plan: &Plan,
    seed: u64,
    chunk: u64,
    len: u64,
) -> Result<Accum, EquityError> {
    let mut rng = Rng::new(seed, chunk);
    let mut tally = Tally::new(plan.n, plan.hilo);
    let mut ctx = plan.base_ctx();
    let rp: Vec<(usize, &Vec<Combo>, f64, bool)> = plan
        .range_players()
        .map(|(i, r)| {
            let wmax = r.iter().map(|c| c.weight).fold(0.0, f64::max);
            let flat = r.iter().all(|c| c.weight == wmax);
            (i, r, wmax, flat)
        })
        .collect();
    let deck = &plan.base_deck[..];
    let base = St::new(&plan.board);
    let mut st = base;
    let own_cards = plan.slots.iter().any(|&g| g != 0);
    for _ in 0..len {
        let mut used;
        let mut tries = 0;
        'deal: loop {
            used = plan.base_used;
            for &(i, r, wmax, flat) in &rp {
                let c = r[rng.below(r.len())];
                if (!flat && rng.unit_f64() * wmax >= c.weight) || c.mask() & used != 0 {
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
                ctx.key[i] = HandKey::EMPTY.with(c.cards[0]).with(c.cards[1]);
                ctx.low[i] = LOW8_BITS[c.cards[0] as usize] | LOW8_BITS[c.cards[1] as usize];
            }
            break;
        }
        (st.g[0], st.gl[0], st.nb, st.suits) = (base.g[0], base.gl[0], base.nb, base.suits);
        if own_cards {
            for g in 1..=plan.n {
                (st.g[g], st.gl[g]) = (HandKey::EMPTY, 0);
            }
        }
        for &g in &plan.slots {
            let card = loop {
                let c = deck[rng.below(deck.len())];
                if used >> c & 1 == 0 {
                    break c;
                }
            };
            used |= 1 << card;
            st.push(g as usize, card);
        }
        let (h, l) = showdown::<N, OMAHA, HILO>(&ctx, &st, plan.table);
        tally.add(h, l);
    }
    let mut acc = Accum::new(plan.n);
    tally.drain_into(&mut acc, 1.0);
    Ok(acc)
}
