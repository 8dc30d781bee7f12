//! Ace-to-five lows with the 8-or-better qualifier (spec/poker.md §1).
