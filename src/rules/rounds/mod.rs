//! Rules on the round blocks (codes `TRF-R…`): pairings, colours, results, byes.

pub mod asymmetric_pairing;
pub mod bye_with_opponent;
pub mod game_without_colour;
pub mod multiple_pairing_byes_in_round;
pub mod results_disagree;
pub mod self_pairing;
pub mod unknown_opponent;
