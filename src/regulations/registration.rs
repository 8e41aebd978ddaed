//! Pre-registration of tournaments (docs/spec/regulations.md R17).
//!
//! The lead time belongs to the version chosen by the start date, but the
//! amendment of 25 December 2023 took effect immediately, so within the 2022
//! text it is chosen by the **registration** date. `registration_requirement`
//! takes both dates.

use super::{dated::ymd, Regulations, Version};
use chrono::{Days, Months, NaiveDate};
use serde::Serialize;

/// The day the 30-day / 3-day split took effect (FIDE news 2818).
pub(crate) const REGISTRATION_SPLIT_FROM: NaiveDate = ymd(2023, 12, 25);

/// How long before the start a tournament must be registered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "unit", content = "count", rename_all = "snake_case")]
pub enum LeadTime {
    /// Calendar days.
    Days(u32),
    /// Calendar months.
    Months(u32),
}

impl LeadTime {
    /// The last day registration is on time for a tournament starting on
    /// `start`; `None` if the date is out of range.
    pub fn deadline(self, start: NaiveDate) -> Option<NaiveDate> {
        match self {
            LeadTime::Days(d) => start.checked_sub_days(Days::new(u64::from(d))),
            LeadTime::Months(m) => start.checked_sub_months(Months::new(m)),
        }
    }
}

/// The registration rule of one version.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum RegistrationRule {
    /// Events must be registered, but B.02 states no lead time (2003, 2005).
    NoLeadTimeStated,
    /// One lead time for every event.
    Lead {
        /// The lead time.
        lead: LeadTime,
    },
    /// `strong_lead_days` if any player is rated above `rating_above` or any
    /// female player above `female_rating_above`; otherwise `other_lead_days`.
    ByFieldStrength {
        /// 30.
        strong_lead_days: u32,
        /// 3.
        other_lead_days: u32,
        /// 2700 (strictly above).
        rating_above: u16,
        /// 2500 (strictly above).
        female_rating_above: u16,
    },
}

/// The strongest players of a field, as far as the registration rule needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FieldStrength {
    /// Highest rating of any player; `None` if no player is rated.
    pub highest_rating: Option<u16>,
    /// Highest rating of any female player; `None` if none is rated (or sex unknown).
    pub highest_female_rating: Option<u16>,
}

/// The registration requirement for one tournament.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RegistrationRequirement {
    /// The version chosen by the start date.
    pub version: Version,
    /// The lead time, or `None` where the text states none.
    pub lead: Option<LeadTime>,
    /// Last on-time registration day.
    pub deadline: Option<NaiveDate>,
    /// Whether the registration date is on or before the deadline.
    pub on_time: Option<bool>,
    /// Explanation shown to users.
    pub note: String,
}

/// The registration requirement for a tournament starting on `start` and
/// registered on `registered`. The version comes from `start`; the
/// 25 December 2023 amendment applies by `registered`.
#[cfg(test)]
pub(crate) fn registration_requirement(
    start: NaiveDate,
    registered: NaiveDate,
    field: FieldStrength,
) -> RegistrationRequirement {
    Regulations::for_start_date(start).registration_requirement(start, registered, field)
}

impl Regulations {
    /// `registration_requirement` under this edition, whatever the start
    /// date (for an edition chosen with `--regulations`); the amendment of
    /// 25 December 2023 still applies by `registered`.
    pub fn registration_requirement(
        &self,
        start: NaiveDate,
        registered: NaiveDate,
        field: FieldStrength,
    ) -> RegistrationRequirement {
        requirement(self, start, registered, field)
    }
}

fn requirement(
    regs: &Regulations,
    start: NaiveDate,
    registered: NaiveDate,
    field: FieldStrength,
) -> RegistrationRequirement {
    let rule = *regs.registration.at(registered);
    let (lead, why) = match rule {
        RegistrationRule::NoLeadTimeStated => (
            None,
            "the event must be registered, but this text states no lead time".to_owned(),
        ),
        RegistrationRule::Lead { lead } => (
            Some(lead),
            format!("registration {} before the start", describe(lead)),
        ),
        RegistrationRule::ByFieldStrength {
            strong_lead_days,
            other_lead_days,
            rating_above,
            female_rating_above,
        } => {
            let strong_open = field.highest_rating.is_some_and(|r| r > rating_above);
            let strong_female = field
                .highest_female_rating
                .is_some_and(|r| r > female_rating_above);
            if strong_open || strong_female {
                let who = if strong_open {
                    format!("a player is rated above {rating_above}")
                } else {
                    format!("a female player is rated above {female_rating_above}")
                };
                (
                    Some(LeadTime::Days(strong_lead_days)),
                    format!("{strong_lead_days} days before the start because {who}"),
                )
            } else {
                (
                    Some(LeadTime::Days(other_lead_days)),
                    format!(
                        "{other_lead_days} days before the start (no player above {rating_above}, no female player above {female_rating_above})"
                    ),
                )
            }
        }
    };
    let amended = regs
        .registration
        .amendments
        .iter()
        .any(|a| a.from <= registered);
    let note = if amended {
        format!(
            "{why}; amendment of 25 December 2023, applied by the registration date {registered}"
        )
    } else {
        why
    };
    let deadline = lead.and_then(|l| l.deadline(start));
    RegistrationRequirement {
        version: regs.version,
        lead,
        deadline,
        on_time: deadline.map(|d| registered <= d),
        note,
    }
}

fn describe(lead: LeadTime) -> String {
    lead.to_string()
}

/// "30 days", "one week", "one month": the lead time in words.
impl std::fmt::Display for LeadTime {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            LeadTime::Days(7) => f.write_str("one week"),
            LeadTime::Days(1) => f.write_str("1 day"),
            LeadTime::Days(d) => write!(f, "{d} days"),
            LeadTime::Months(1) => f.write_str("one month"),
            LeadTime::Months(m) => write!(f, "{m} months"),
        }
    }
}

impl LeadTime {
    /// "30-day", "one-week", "one-month": the lead time as an adjective.
    pub fn adjective(self) -> String {
        match self {
            LeadTime::Days(7) => "one-week".to_owned(),
            LeadTime::Days(d) => format!("{d}-day"),
            LeadTime::Months(1) => "one-month".to_owned(),
            LeadTime::Months(m) => format!("{m}-month"),
        }
    }
}

/// The one advice a run gives when no registration date was given: FIDE
/// rates only events registered in time (B.02 of each edition), and the
/// report does not say when this one was.
pub(crate) fn not_checked_advice() -> &'static str {
    "registration with FIDE was not checked: FIDE rates only events registered in time before their start (one month in the 2009 text, one week in 2013–2021, 3 days from 2022, 30 days with a player rated above 2700 or a woman above 2500; 3 days for rapid and blitz in 2024; none stated before 2009); give --registered-on YYYY-MM-DD to check it"
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        ymd(y, m, day)
    }

    const WEAK: FieldStrength = FieldStrength {
        highest_rating: Some(2650),
        highest_female_rating: Some(2400),
    };
    const STRONG: FieldStrength = FieldStrength {
        highest_rating: Some(2701),
        highest_female_rating: None,
    };
    const STRONG_WOMAN: FieldStrength = FieldStrength {
        highest_rating: Some(2600),
        highest_female_rating: Some(2501),
    };

    #[test]
    fn v2022_before_the_amendment_is_three_days() {
        let r = registration_requirement(d(2024, 1, 20), d(2023, 12, 1), STRONG);
        assert_eq!(r.version, Version::V2022);
        assert_eq!(r.lead, Some(LeadTime::Days(3)));
        assert_eq!(r.deadline, Some(d(2024, 1, 17)));
        assert_eq!(r.on_time, Some(true));
    }

    #[test]
    fn v2022_registered_after_the_amendment_uses_the_split() {
        let r = registration_requirement(d(2024, 1, 20), d(2024, 1, 5), STRONG);
        assert_eq!(r.version, Version::V2022);
        assert_eq!(r.lead, Some(LeadTime::Days(30)));
        assert_eq!(r.on_time, Some(false));
        assert!(r.note.contains("25 December 2023"), "{}", r.note);
        let r = registration_requirement(d(2024, 1, 20), d(2024, 1, 5), WEAK);
        assert_eq!(r.lead, Some(LeadTime::Days(3)));
        assert_eq!(r.on_time, Some(true));
        let r = registration_requirement(d(2024, 1, 20), d(2024, 1, 5), STRONG_WOMAN);
        assert_eq!(r.lead, Some(LeadTime::Days(30)));
    }

    #[test]
    fn thresholds_are_strict() {
        let exactly = FieldStrength {
            highest_rating: Some(2700),
            highest_female_rating: Some(2500),
        };
        let r = registration_requirement(d(2024, 6, 1), d(2024, 5, 1), exactly);
        assert_eq!(r.lead, Some(LeadTime::Days(3)));
    }

    #[test]
    fn older_versions() {
        let r = registration_requirement(d(2010, 3, 31), d(2010, 2, 28), WEAK);
        assert_eq!(r.version, Version::V2009);
        assert_eq!(r.lead, Some(LeadTime::Months(1)));
        assert_eq!(r.deadline, Some(d(2010, 2, 28)));
        assert_eq!(r.on_time, Some(true));
        let r = registration_requirement(d(2006, 1, 1), d(2005, 12, 31), WEAK);
        assert_eq!(r.lead, None);
        assert_eq!(r.on_time, None);
        let r = registration_requirement(d(2015, 1, 10), d(2015, 1, 4), WEAK);
        assert_eq!(r.lead, Some(LeadTime::Days(7)));
        assert_eq!(r.on_time, Some(false));
    }
}
