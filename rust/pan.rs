//! Pan (Panguingue): cards, melds, conditions, going out (spec/pan.md).
