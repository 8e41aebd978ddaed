//! The version identifiers of the FIDE Rating Regulations (Handbook B.02).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// One edition of the FIDE Rating Regulations, named by the year it took
/// effect. Serialised as that year, e.g. `"2024"`.
///
/// The contract ids are those of docs/spec/regulations.md §0 plus `2013`, the separate
/// chapter of 1 July 2013 found by docs/spec/regulations-2009-2017.md §0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub enum Version {
    /// The text "as amended by the General Assemblies 1984–2002" plus the
    /// GA-2003 items; in force c. 2003 to 30 June 2005.
    #[serde(rename = "2003")]
    V2003,
    /// In force 1 July 2005 to 30 June 2009.
    #[serde(rename = "2005")]
    V2005,
    /// In force 1 July 2009 to 30 June 2013, amended 1 July 2011 and 1 July 2012.
    #[serde(rename = "2009")]
    V2009,
    /// In force 1 July 2013 to 30 June 2014 (FIDE handbook article id 161).
    #[serde(rename = "2013")]
    V2013,
    /// In force 1 July 2014 to 30 June 2017 (FIDE handbook article id 172).
    #[serde(rename = "2014")]
    V2014,
    /// In force 1 July 2017 to 31 December 2021, amended 1 February 2021.
    #[serde(rename = "2017")]
    V2017,
    /// In force 1 January 2022 to 29 February 2024; registration amended 25 December 2023.
    #[serde(rename = "2022")]
    V2022,
    /// In force from 1 March 2024; amended 1 October 2025 (2650+ players uncapped).
    #[serde(rename = "2024")]
    V2024,
}

/// A string that is not one of the version ids.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a FIDE Rating Regulations version; expected one of 2003, 2005, 2009, 2013, 2014, 2017, 2022, 2024")]
pub struct UnknownVersion(pub String);

impl Version {
    /// Every version, oldest first.
    pub const ALL: [Version; 8] = [
        Version::V2003,
        Version::V2005,
        Version::V2009,
        Version::V2013,
        Version::V2014,
        Version::V2017,
        Version::V2022,
        Version::V2024,
    ];

    /// The oldest version this crate knows.
    pub const OLDEST: Version = Version::V2003;

    /// The newest version this crate knows.
    pub const LATEST: Version = Version::V2024;

    /// The contract id: the year, e.g. `"2013"`.
    pub const fn id(self) -> &'static str {
        match self {
            Version::V2003 => "2003",
            Version::V2005 => "2005",
            Version::V2009 => "2009",
            Version::V2013 => "2013",
            Version::V2014 => "2014",
            Version::V2017 => "2017",
            Version::V2022 => "2022",
            Version::V2024 => "2024",
        }
    }

    /// Parses a contract id (`"2024"`); surrounding whitespace and a leading
    /// `V`/`v` are accepted.
    pub fn from_id(id: &str) -> Result<Version, UnknownVersion> {
        let t = id.trim();
        let t = t.strip_prefix(['V', 'v']).unwrap_or(t);
        Version::ALL
            .into_iter()
            .find(|v| v.id() == t)
            .ok_or_else(|| UnknownVersion(id.to_owned()))
    }

    /// The version after this one, if any.
    pub fn next(self) -> Option<Version> {
        let i = Version::ALL.iter().position(|v| *v == self)?;
        Version::ALL.get(i + 1).copied()
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Version {
    type Err = UnknownVersion;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Version::from_id(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip() {
        for v in Version::ALL {
            assert_eq!(Version::from_id(v.id()), Ok(v));
            assert_eq!(v.to_string(), v.id());
        }
        assert_eq!(Version::from_id(" V2013 "), Ok(Version::V2013));
        assert!(Version::from_id("2010").is_err());
        assert!(Version::from_id("").is_err());
    }

    #[test]
    fn serde_uses_the_year() {
        assert_eq!(
            serde_json::to_string(&Version::V2024).ok().as_deref(),
            Some("\"2024\"")
        );
        let v: Result<Version, _> = serde_json::from_str("\"2013\"");
        assert_eq!(v.ok(), Some(Version::V2013));
        let bad: Result<Version, _> = serde_json::from_str("\"V2013\"");
        assert!(bad.is_err());
    }

    #[test]
    fn ordered_oldest_first() {
        assert!(Version::ALL.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(Version::V2022.next(), Some(Version::V2024));
        assert_eq!(Version::V2024.next(), None);
    }
}
