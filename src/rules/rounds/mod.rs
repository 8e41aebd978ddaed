//! Rules on the round blocks (codes `TRF-R…`): pairings, colours, results, byes.

pub(crate) mod asymmetric_pairing;
pub(crate) mod bye_with_opponent;
pub(crate) mod game_without_colour;
pub(crate) mod multiple_pairing_byes_in_round;
pub(crate) mod results_disagree;
pub(crate) mod self_pairing;
pub(crate) mod unknown_opponent;
