//! The encoding a report's bytes were decoded with.

use serde::Serialize;

/// The encoding a source was decoded with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum TextEncoding {
    /// Only bytes below 0x80: every ASCII-compatible encoding reads the same.
    #[serde(rename = "ascii")]
    Ascii,
    /// Valid UTF-8 (with or without a BOM, the reader records it in `Tournament::bom`).
    #[serde(rename = "utf-8")]
    Utf8,
    /// Windows-1252, the fallback for bytes that are not valid UTF-8.
    #[serde(rename = "windows-1252")]
    Windows1252,
    /// ISO-8859-1, only when forced.
    #[serde(rename = "iso-8859-1")]
    Iso8859_1,
    /// ISO-8859-2 (Central European), only when forced.
    #[serde(rename = "iso-8859-2")]
    Iso8859_2,
    /// UTF-16, detected from its BOM.
    #[serde(rename = "utf-16")]
    Utf16,
}

impl TextEncoding {
    /// The name used in output and accepted by [`TextEncoding::from_name`].
    pub fn as_str(self) -> &'static str {
        match self {
            TextEncoding::Ascii => "ascii",
            TextEncoding::Utf8 => "utf-8",
            TextEncoding::Windows1252 => "windows-1252",
            TextEncoding::Iso8859_1 => "iso-8859-1",
            TextEncoding::Iso8859_2 => "iso-8859-2",
            TextEncoding::Utf16 => "utf-16",
        }
    }

    /// Parses a user-given name (`utf-8`, `utf8`, `windows-1252`, `cp1252`,
    /// `latin1`, `iso-8859-1`, `iso-8859-2`, `latin2`, `ascii`), case-insensitively.
    pub fn from_name(name: &str) -> Option<TextEncoding> {
        let n = name.trim().to_ascii_lowercase().replace('_', "-");
        Some(match n.as_str() {
            "ascii" | "us-ascii" => TextEncoding::Ascii,
            "utf-8" | "utf8" => TextEncoding::Utf8,
            "windows-1252" | "cp1252" | "win1252" => TextEncoding::Windows1252,
            "iso-8859-1" | "latin1" | "latin-1" | "iso8859-1" => TextEncoding::Iso8859_1,
            "iso-8859-2" | "latin2" | "latin-2" | "iso8859-2" => TextEncoding::Iso8859_2,
            _ => return None,
        })
    }
}

impl std::fmt::Display for TextEncoding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
