//! Property tests (issue 15, fuzzing in CI): the card parsers take any text without a panic and
//! accept exactly the valid tokens; the Pan solver takes any 11 cards without a panic and
//! answers consistently with `is_meld`. A few hundred cases each, so `cargo test` stays quick.
use crate::cards::{
    card_name, may_be_cards, parse_cards, parse_cards_upto, CardError, RANK_CHARS, SUIT_CHARS,
};
use crate::pan::{self, PanRules};
use proptest::prelude::*;
use std::collections::BTreeMap;

const CASES: u32 = 256;

/// Text made mostly of card characters, so that valid cards, near misses and separators all
/// come up, with any character now and then.
fn card_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        6 => prop::sample::select(b"23456789TJQKAtjqka10cdhsCDHSxX8 ,\t".to_vec())
            .prop_map(|b| (b as char).to_string()),
        3 => prop::sample::select(vec!["10", "As", "kd", "7H", "Tc", "10s", "1", "jo", "é"])
            .prop_map(str::to_string),
        1 => any::<char>().prop_map(|c| c.to_string()),
    ];
    prop::collection::vec(piece, 0..24).prop_map(|v| v.concat())
}

/// Every way of writing one poker card: rank (or "10"), then suit, each in either case.
fn poker_tokens() -> BTreeMap<String, u8> {
    let mut out = BTreeMap::new();
    for (r, &rc) in RANK_CHARS.iter().enumerate() {
        for (s, &sc) in SUIT_CHARS.iter().enumerate() {
            let code = (r * 4 + s) as u8;
            let ranks: Vec<String> = match rc {
                b'T' => vec!["T".into(), "t".into(), "10".into()],
                _ => vec![
                    (rc as char).to_string(),
                    (rc as char).to_ascii_lowercase().to_string(),
                ],
            };
            for rank in ranks {
                for suit in [sc.to_ascii_lowercase(), sc.to_ascii_uppercase()] {
                    out.insert(format!("{rank}{}", suit as char), code);
                }
            }
        }
    }
    out
}

/// The reference reading, built apart from the tokenizer: the text split at separators, each
/// chunk a concatenation of card tokens found by trying every token at each place.
fn reference(text: &str, tokens: &BTreeMap<String, u8>) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    for chunk in text.split(|c: char| c.is_ascii_whitespace() || c == ',') {
        let mut rest = chunk;
        while !rest.is_empty() {
            let (t, &code) = tokens.iter().find(|(t, _)| rest.starts_with(t.as_str()))?;
            out.push(code);
            rest = &rest[t.len()..];
        }
    }
    Some(out)
}

/// 11 Pan cards: any codes, or drawn from a few ranks or one suit, so that hands that go out
/// (groups and runs) are common too.
fn pan_hand() -> impl Strategy<Value = Vec<u8>> {
    let any = prop::collection::vec(0u8..40, 11);
    let few_ranks = (
        prop::collection::vec(0u8..10, 3),
        prop::collection::vec(0u8..12, 11),
    )
        .prop_map(|(ranks, picks)| {
            picks
                .iter()
                .map(|&p| ranks[(p / 4) as usize] * 4 + p % 4)
                .collect()
        });
    let one_suit = (0u8..4, prop::collection::vec(0u8..10, 11))
        .prop_map(|(suit, ranks)| ranks.iter().map(|&r| r * 4 + suit).collect());
    prop_oneof![any, few_ranks, one_suit]
}

fn sorted(cards: impl IntoIterator<Item = u8>) -> Vec<u8> {
    let mut v: Vec<u8> = cards.into_iter().collect();
    v.sort_unstable();
    v
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    /// The range reader skips the card parse where `may_be_cards` says no: that parse
    /// must then fail, or a hand such as "AhKh" would be read as something else.
    #[test]
    fn text_that_may_not_be_cards_never_parses(text in card_text()) {
        if !may_be_cards(&text) {
            prop_assert!(parse_cards(&text).is_err(), "{:?}", text);
        }
    }

    #[test]
    fn poker_parser_accepts_exactly_the_valid_tokens(text in card_text()) {
        let tokens = poker_tokens();
        match (parse_cards(&text), reference(&text, &tokens)) {
            (Ok(got), Some(want)) => prop_assert_eq!(got, want),
            (Err(CardError::BadToken { token, at }), None) => {
                // The named token is the text at its position, a card's width at most.
                prop_assert!(!token.is_empty() && token.chars().count() <= 3);
                prop_assert!(text[at..].starts_with(&token), "{:?} at {} in {:?}", token, at, text);
            }
            (got, want) => prop_assert!(false, "{:?}: parsed {:?}, reference {:?}", text, got, want),
        }
    }

    #[test]
    fn poker_cards_read_back_with_any_separators(
        codes in prop::collection::vec(0u8..52, 0..12),
        seps in prop::collection::vec(prop::sample::select(vec!["", " ", ",", ", ", "\t"]), 12),
    ) {
        let text: String = codes.iter().zip(&seps).map(|(&c, s)| format!("{}{s}", card_name(c))).collect();
        prop_assert_eq!(parse_cards(&text).unwrap(), codes);
    }

    #[test]
    fn the_fixed_array_reader_agrees_with_parse_cards(
        text in card_text(),
        codes in prop::collection::vec(0u8..52, 0..10),
    ) {
        // Any text, and the dense form (two bytes a card) its fast path reads.
        let dense: String = codes.iter().map(|&c| card_name(c)).collect();
        for t in [text.as_str(), dense.as_str(), &dense.to_lowercase()] {
            let want = parse_cards(t).ok().filter(|c| c.len() <= 7);
            let got = parse_cards_upto::<7>(t).map(|(a, n)| a[..n].to_vec());
            prop_assert_eq!(got, want, "{:?}", t);
        }
    }

    #[test]
    fn pan_parser_never_panics_and_reads_its_own_names(text in card_text()) {
        if let Ok(codes) = pan::parse_cards(&text) {
            let again = pan::parse_cards(&pan::cards_name(&codes));
            if codes.len() <= 20 {  // longer names are cut for messages
                prop_assert_eq!(again.unwrap(), codes);
            }
        }
    }

    #[test]
    fn pan_solver_agrees_with_is_meld(hand in pan_hand()) {
        let rules = PanRules::default();
        let out = pan::go_out(&hand, &rules).unwrap();
        let best = pan::arrange(&hand, &rules).unwrap();
        // Going out is arranging all 11 cards.
        prop_assert_eq!(out.is_some(), best.is_some());
        for found in [&out, &best].into_iter().flatten() {
            prop_assert_eq!(sorted(found.melds.iter().flatten().copied()), sorted(hand.clone()));
            let mut pays = 0u64;
            for m in &found.melds {
                prop_assert!(pan::is_meld(m, &rules), "{} in {:?}", pan::cards_name(m), found);
                pays = pays.saturating_add(pan::conditions(m, &rules));
            }
            prop_assert_eq!(pays, found.pays);
        }
        prop_assert_eq!(out.map(|a| a.pays), best.map(|a| a.pays));
        // Any shorter hand arranges without a panic, and only into valid melds.
        for k in 0..hand.len() {
            if let Some(a) = pan::arrange(&hand[..k], &rules).unwrap() {
                prop_assert!(a.melds.iter().all(|m| pan::is_meld(m, &rules)));
            }
        }
    }
}
