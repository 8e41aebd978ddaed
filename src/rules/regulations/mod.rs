//! Rules of the FIDE Rating Regulations (Handbook B.02), applied in the
//! edition in force at the tournament's start date.

pub mod start_date_unknown;
