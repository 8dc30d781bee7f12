//! The one catalogue of variants: codes, aliases, names, card counts, hi/lo (docs/rules/poker.md §2).
//! Equity, `splitpot.game()` and the CLI all read it, so a name one accepts the others accept.
use std::fmt;
use std::str::FromStr;

/// A game equity can be computed for (docs/rules/poker.md §2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Game {
    Holdem,
    /// Omaha with `hole` = 4, 5 or 6 cards; exactly two hole and three board cards.
    Omaha {
        hole: u8,
        hilo: bool,
    },
    /// After the discard: two hole cards, best five of seven.
    CrazyPineapple {
        hilo: bool,
    },
    /// Seven cards each, best five; no board.
    Stud {
        hilo: bool,
    },
    /// Dealt as Stud; the best ace-to-five low of every hand wins, no qualifier, no split.
    Razz,
}

/// One variant of the catalogue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Variant {
    pub game: Game,
    /// The canonical code, as `splitpot.games.GAMES` and PHH's `_splitpot_variant` use it.
    pub code: &'static str,
    /// Other names accepted for it (after lower-casing, `_` and spaces read as `-`).
    pub aliases: &'static [&'static str],
    /// The name docs/rules/poker.md §2 uses: "Omaha Hi/Lo 8 or Better (5 cards)".
    pub name: &'static str,
    /// Cards dealt to each player (Crazy Pineapple: 3, of which 2 are kept after the flop).
    pub hole_cards: u8,
    /// Community cards at showdown (Stud: none, unless the deck runs out, §4.2).
    pub board_cards: u8,
    /// Whether the pot is split between the best high and the best 8-or-better low (§6).
    pub hi_lo: bool,
}

const fn omaha(
    code: &'static str,
    aliases: &'static [&'static str],
    name: &'static str,
    hole: u8,
    hilo: bool,
) -> Variant {
    Variant {
        game: Game::Omaha { hole, hilo },
        code,
        aliases,
        name,
        hole_cards: hole,
        board_cards: 5,
        hi_lo: hilo,
    }
}

/// Every variant, in the order `splitpot.games.GAMES` lists the flop games.
pub static VARIANTS: [Variant; 12] = [
    Variant {
        game: Game::Holdem,
        code: "holdem",
        aliases: &[
            "nt",
            "ft",
            "texas-holdem",
            "hold'em",
            "texas-hold'em",
            "nlhe",
            "lhe",
        ],
        name: "Texas Hold'em",
        hole_cards: 2,
        board_cards: 5,
        hi_lo: false,
    },
    omaha("omaha", &["plo", "po", "omaha-hi"], "Omaha", 4, false),
    omaha("omaha5", &["plo5"], "Omaha (5 cards)", 5, false),
    omaha("omaha6", &["plo6"], "Omaha (6 cards)", 6, false),
    omaha(
        "omaha8",
        &[
            "o8",
            "omaha-hi-lo",
            "omaha-8",
            "fo/8",
            "omaha-hilo",
            "plo8",
            "omaha/8",
        ],
        "Omaha Hi/Lo 8 or Better",
        4,
        true,
    ),
    omaha(
        "omaha5-8",
        &[],
        "Omaha Hi/Lo 8 or Better (5 cards)",
        5,
        true,
    ),
    omaha(
        "omaha6-8",
        &[],
        "Omaha Hi/Lo 8 or Better (6 cards)",
        6,
        true,
    ),
    Variant {
        game: Game::CrazyPineapple { hilo: false },
        code: "crazy-pineapple",
        aliases: &["pineapple"],
        name: "Crazy Pineapple",
        hole_cards: 3,
        board_cards: 5,
        hi_lo: false,
    },
    Variant {
        game: Game::CrazyPineapple { hilo: true },
        code: "crazy-pineapple8",
        aliases: &[
            "crazy-pineapple-8",
            "crazy-pineapple-hilo",
            "crazy-pineapple-hi-lo",
        ],
        name: "Crazy Pineapple 8/b",
        hole_cards: 3,
        board_cards: 5,
        hi_lo: true,
    },
    Variant {
        game: Game::Stud { hilo: false },
        code: "stud",
        aliases: &["seven-card-stud", "7-card-stud", "7cs", "stud-hi"],
        name: "Seven Card Stud",
        hole_cards: 7,
        board_cards: 0,
        hi_lo: false,
    },
    Variant {
        game: Game::Stud { hilo: true },
        code: "stud8",
        aliases: &[
            "stud-8",
            "stud-hi-lo",
            "stud-hilo",
            "stud/8",
            "seven-card-stud-hi-lo",
            "7cs8",
        ],
        name: "Seven Card Stud Hi/Lo",
        hole_cards: 7,
        board_cards: 0,
        hi_lo: true,
    },
    Variant {
        game: Game::Razz,
        code: "razz",
        aliases: &["fr", "seven-card-razz", "7-card-razz"],
        name: "Razz",
        hole_cards: 7,
        board_cards: 0,
        // One pot to the best razz low: no high half, so not hi/lo.
        hi_lo: false,
    },
];

/// A name no variant has; the message lists the codes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownGame(pub String);

impl fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let codes: Vec<&str> = VARIANTS.iter().map(|v| v.code).collect();
        write!(
            f,
            "unknown game {}; choose one of {}",
            crate::limits::quoted(&self.0),
            codes.join(", ")
        )
    }
}

impl std::error::Error for UnknownGame {}

/// The catalogue's spelling of a name: trimmed, lower case, `_` and spaces as `-`.
pub fn normalize(name: &str) -> String {
    name.trim().to_ascii_lowercase().replace(['_', ' '], "-")
}

impl FromStr for Game {
    type Err = UnknownGame;

    /// A game by code or alias, any case.
    fn from_str(name: &str) -> Result<Game, UnknownGame> {
        let key = normalize(name);
        VARIANTS
            .iter()
            .find(|v| v.code == key || v.aliases.contains(&key.as_str()))
            .map(|v| v.game)
            .ok_or_else(|| UnknownGame(name.to_string()))
    }
}

impl Game {
    /// This game's entry in [`VARIANTS`].
    pub fn variant(self) -> &'static Variant {
        VARIANTS
            .iter()
            .find(|v| v.game == self)
            .unwrap_or(&VARIANTS[0])
    }

    /// The canonical code.
    pub fn code(self) -> &'static str {
        self.variant().code
    }

    /// The name docs/rules/poker.md §2 uses: "Omaha Hi/Lo 8 or Better (5 cards)".
    pub fn name(self) -> &'static str {
        self.variant().name
    }

    /// Whether the pot is split between the best high and the best 8-or-better low.
    pub fn is_hilo(self) -> bool {
        self.variant().hi_lo
    }

    pub(crate) fn is_omaha(self) -> bool {
        matches!(self, Game::Omaha { .. })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_and_alias_names_its_variant() {
        for v in &VARIANTS {
            assert_eq!(v.code.parse::<Game>(), Ok(v.game));
            assert_eq!(v.game.variant(), v);
            for a in v.aliases {
                assert_eq!(a.parse::<Game>(), Ok(v.game), "{a}");
                assert_eq!(
                    a.to_uppercase().replace('-', " ").parse::<Game>(),
                    Ok(v.game)
                );
            }
        }
        let err = "badugi".parse::<Game>().unwrap_err().to_string();
        assert!(err.starts_with("unknown game \"badugi\"; choose one of holdem, omaha"));
        assert!(err.ends_with("stud8, razz"));
        assert_eq!("FR".parse::<Game>(), Ok(Game::Razz));
        assert_eq!("Seven Card Razz".parse::<Game>(), Ok(Game::Razz));
        assert!(!Game::Razz.is_hilo());
    }
}
