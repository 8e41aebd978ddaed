//! The free text of TRF record `122` ("allotted times per moves/game").
//!
//! Three passes over the text, each linear:
//!
//! 1. **Lexing** (plain byte/char scanning): numbers, `h:mm` clock times,
//!    unit words and signs (`'`, `"`, `min`, `Std`, `coups`, `Züge`, …),
//!    connectors (`/`, `+`, `,`, `then`, `x`, …) and the few key words
//!    (`G`, `SD`, `all`, `rest`, `inc`, `d`, `delay`, `from`, …). Words that
//!    carry no meaning here (`the`, `rapid`, `FIDE`, …) are dropped; any
//!    other word is kept as unknown and stops the parse when reached.
//! 2. **Items**: each item is a period (`40/90`, `90 min/40 moves`,
//!    `100'x40`, `40 moves in 90 minutes`, `G/90`, `all moves in 90 min`), a
//!    bonus (`30 s/move`, `inc30`, `+10 from move 1`, `d5`, `5 s delay`), or
//!    a plain time whose role depends on where it stands (`30` in `90+30`).
//! 3. **Reading**: plain times become periods or the increment, by the
//!    conventions arbiters use: `T+I` is minutes plus seconds, a number
//!    after a comma or "then" is another period, and a bare number above 600
//!    is seconds (the `222` habit, as in `5400+30`). Whatever is left open
//!    (`40/90+30`: 30 minutes or 30 seconds? `90/40`: which is the move
//!    count?) is an error for [`parse_free`], never a guess;
//!    [`parse_free_readings`] gives every reading instead, so that the
//!    caller can see whether the readings lead to the same outcome.
//!
//! The words are those of English, French, German, Spanish, Italian,
//! Portuguese, Dutch, Polish, Czech, Hungarian, Turkish and Russian (in
//! Cyrillic) reports and pairing programs: units (`s`, `sec`, `seg`,
//! `Sek`, `сек`, `с`, `min`, `мин`, `Min`, `dk`, `h`, `Std`, `ч`, `'`,
//! `''`, `"`, `h:mm:ss`), moves (`moves`, `coups`, `Züge`, `jugadas`,
//! `lances`, `mosse`, `ruchów`, `tahů`, `zetten`, `hamle`, `ходов`) and
//! the connecting words (`per`, `par`, `pro`, `por`, `na`, `za`, `на`,
//! `за`, `then`, `puis`, `danach`, `luego`, `затем`, `from`, `dès`, `ab`,
//! `desde`, `od`, `с`, increment and delay words).
//!
//! A text that is valid `222` is read as `222` when that is the only
//! sensible reading: the `W…-B…` form, or a time above 600 (`5400+30`,
//! `40/6000+30:900+30`). `90+30` is valid `222` too, but 90 seconds is not
//! what anyone writing `122` means, so it is read as free text.

use std::fmt::Write as _;

use super::{
    fmt_duration, parse_encoded, DelayKind, Notation, Period, TimeControl, TimeControlError,
};

/// Reads the free text of a `122` record into a [`TimeControl`].
///
/// Accepts the usual notations in English, with the cheap Spanish, German,
/// French and Italian unit words, in any case and spacing: `90'+30"`,
/// `90 min + 30 sec/move`, `40/90+30+30s`, `40/120, 60`, `100'x40+15'+30"`,
/// `1:30 + 10 from move 1`, `All moves in 90 minutes, plus 10 seconds per
/// move`, `G/90;inc30`, `G90 d5`, `1h30+30s`, `90 min/40 moves + 30 min +
/// 30 s`, `Rapid 15+10`, `5400+30`, `40/6000+30:900+30`,
/// `40 Züge in 2 Std., danach 30 Minuten`, …
///
/// Bare numbers are minutes for base times (seconds when above 600) and
/// seconds for increments; `h:mm` is hours and minutes. A bare `a/b` is
/// moves/time, and is refused when `a > b` (`90/40`: which is which?).
///
/// Errors say what was read before the problem: [`TimeControlError::Empty`],
/// [`TimeControlError::NoNumbers`] (templates such as
/// `moves/time, increment`), [`TimeControlError::Unrecognised`],
/// [`TimeControlError::Ambiguous`], [`TimeControlError::Inconsistent`] or
/// [`TimeControlError::OutOfRange`]. Offsets are bytes into `text`.
pub(crate) fn parse_free(text: &str) -> Result<TimeControl, TimeControlError> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(TimeControlError::Empty);
    }
    if !trimmed.bytes().any(|b| b.is_ascii_digit()) {
        return Err(TimeControlError::NoNumbers {
            text: trimmed.to_owned(),
        });
    }
    if let Some(tc) = encoded_in_free_text(trimmed) {
        return Ok(tc);
    }
    parse_with(text, trimmed, &lex(text), Chooser::refusing()).0
}

/// One way of reading a `122` text: the control, and in plain words each
/// choice made where the text left one open (empty when there was none).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Reading {
    /// The control under this reading.
    pub control: TimeControl,
    /// The choices, e.g. "`90/40` as 40 moves in 90 min", "`30` as a 30 s
    /// increment".
    pub choices: Vec<String>,
}

#[cfg(test)]
impl Reading {
    /// The reading in words: the control, then the choices in brackets.
    pub(crate) fn describe(&self) -> String {
        if self.choices.is_empty() {
            return self.control.describe();
        }
        format!("{} ({})", self.control.describe(), self.choices.join(", "))
    }
}

/// At most this many readings are tried: three open choices of two.
const MAX_READINGS: usize = 8;

/// Every reading of a `122` text, in the order of the conventions
/// [`parse_free`] documents (the time before the move count in `90/40`,
/// minutes for the rest of the game before seconds of increment).
///
/// Where [`parse_free`] refuses a text as ambiguous (`90/40+30`: 40 moves in
/// 90 min or 90 moves in 40 min; `+30`: 30 minutes or 30 seconds?), this
/// gives each reading that makes a time control, distinct controls only, so
/// that a caller can decide whether the readings matter (FIDE treats them
/// alike, or not). A text with one reading gives it with no choices. Errors
/// are [`parse_free`]'s, when no reading makes a time control (or a text
/// leaves more than three choices open).
pub(crate) fn parse_free_readings(text: &str) -> Result<Vec<Reading>, TimeControlError> {
    let refused = match parse_free(text) {
        Ok(control) => {
            return Ok(vec![Reading {
                control,
                choices: Vec::new(),
            }])
        }
        Err(e @ TimeControlError::Ambiguous { .. }) => e,
        Err(e) => return Err(e),
    };
    let trimmed = text.trim();
    let tokens = lex(text);
    let mut out: Vec<Reading> = Vec::new();
    let mut path: Vec<u8> = Vec::new();
    for _ in 0..MAX_READINGS {
        let (result, met) = parse_with(text, trimmed, &tokens, Chooser::taking(path.clone()));
        if met.len() > 3 {
            return Err(refused);
        }
        if let Ok(control) = result {
            if !out
                .iter()
                .any(|r| r.control.periods == control.periods && r.control.delay == control.delay)
            {
                out.push(Reading {
                    control,
                    choices: met.iter().map(|(_, w)| w.clone()).collect(),
                });
            }
        }
        // The next combination: the last choice that has an alternative
        // left moves on, the ones after it start again.
        let mut taken: Vec<u8> = (0..met.len())
            .map(|k| path.get(k).copied().unwrap_or(0))
            .collect();
        let Some(k) = (0..met.len()).rev().find(|&k| taken[k] + 1 < met[k].0) else {
            break;
        };
        taken.truncate(k + 1);
        taken[k] += 1;
        path = taken;
    }
    if out.is_empty() {
        return Err(refused);
    }
    Ok(out)
}

/// The item and reading passes over lexed tokens, with the choices made.
fn parse_with(
    text: &str,
    trimmed: &str,
    tokens: &[Tok],
    choose: Chooser,
) -> (Result<TimeControl, TimeControlError>, Vec<(u8, String)>) {
    let mut parser = Items {
        text,
        toks: tokens,
        pos: 0,
        items: Vec::new(),
        choose,
    };
    if let Err(e) = parser.run() {
        return (Err(e), parser.choose.met);
    }
    let result = read(text, trimmed, &parser.items, &mut parser.choose);
    (result, parser.choose.met)
}

/// A bare base time above this many is seconds, not minutes: nobody plays
/// ten hours a side, but `5400` (90 min) is how `222` writes times.
const MAX_BARE_MINUTES: u32 = 600;

fn encoded_in_free_text(trimmed: &str) -> Option<TimeControl> {
    let enc = parse_encoded(trimmed).ok()?;
    let seconds_only =
        enc.black_periods.is_some() || enc.periods.iter().any(|p| p.seconds > MAX_BARE_MINUTES);
    if !seconds_only {
        return None;
    }
    let mut tc = enc.to_time_control();
    tc.raw = trimmed.to_owned();
    Some(tc)
}

// ---------------------------------------------------------------- lexing

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Unit {
    Sec,
    Min,
    Hour,
}

impl Unit {
    const fn seconds(self) -> u32 {
        match self {
            Unit::Sec => 1,
            Unit::Min => 60,
            Unit::Hour => 3600,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tk {
    /// Digits, with up to three decimals after a `.` (`1.5 h`).
    Num {
        int: u32,
        frac: u32,
        frac_digits: u8,
    },
    /// `h:mm` or `h:mm:ss`, already in seconds.
    Clock(u32),
    /// `first`, `erste`, `premier`, … (only meaningful after "from").
    Ordinal(u16),
    Unit(Unit),
    Moves,
    Slash,
    /// `+`, `plus`, `and`, `with`, `&`, …
    Plus,
    /// `,`, `;`, `-`, `then`, `after`, …
    Then,
    /// `x`, `×`, `*` as in `100'x40`.
    Times,
    /// `G`, `game`, `SD`: a period for the whole (rest of the) game follows.
    Game,
    All,
    Rest,
    /// `in`, `for`, `en`, `für`, …
    In,
    /// `per`, `pro`, `par`, `each`, …
    Per,
    From,
    Inc,
    Delay(DelayKind),
    /// `US` / `simple` before `delay`.
    DelayQual,
    Player,
    /// A number or clock time that cannot be used (too large, `1:75`).
    Bad {
        ambiguous: bool,
        reason: &'static str,
    },
    Unknown,
}

#[derive(Debug, Clone, Copy)]
struct Tok {
    tk: Tk,
    start: usize,
    end: usize,
}

fn lex(text: &str) -> Vec<Tok> {
    let bytes = text.as_bytes();
    let mut toks = Vec::with_capacity(16);
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let start = i;
        if b.is_ascii_digit() {
            let (tk, end) = lex_number(bytes, i);
            toks.push(Tok { tk, start, end });
            i = end;
            continue;
        }
        let Some(c) = text[i..].chars().next() else {
            break;
        };
        let next = i + c.len_utf8();
        if c.is_alphabetic() {
            let end = text[i..]
                .char_indices()
                .find(|&(_, c)| !c.is_alphabetic())
                .map_or(text.len(), |(k, _)| i + k);
            i = end;
            // French/Italian elision (`d'incrément`, `l'ultimo`): the short
            // word and its apostrophe are not a minutes sign.
            if end - start <= 3 {
                let mut rest = text[end..].chars();
                if let (Some('\'' | '’'), Some(after)) = (rest.next(), rest.next()) {
                    if after.is_alphabetic() {
                        i = end + 1 + usize::from(text[end..].starts_with('’')) * 2;
                        continue;
                    }
                }
            }
            let w = &text[start..end];
            // `p.p.` (per player, "pro Person", "par personne"): one word.
            if w.eq_ignore_ascii_case("p") {
                let rest = &text[end..];
                let pp = rest.len() >= 2
                    && rest.as_bytes()[0] == b'.'
                    && rest.as_bytes()[1].eq_ignore_ascii_case(&b'p');
                let after = rest.get(2..).and_then(|r| r.chars().next());
                if pp && !after.is_some_and(char::is_alphabetic) {
                    i = end + 2 + usize::from(after == Some('.'));
                    toks.push(Tok {
                        tk: Tk::Player,
                        start,
                        end: i,
                    });
                    continue;
                }
            }
            // Russian `с` is the seconds sign after a number (`30 с`) and
            // "from" before one (`с 1-го хода`); elsewhere it is "with".
            if w == "с" || w == "С" {
                let after_number = matches!(
                    toks.last(),
                    Some(Tok {
                        tk: Tk::Num { .. },
                        ..
                    })
                );
                let before_number = text[end..]
                    .trim_start()
                    .starts_with(|c: char| c.is_ascii_digit());
                let tk = if after_number {
                    Some(Tk::Unit(Unit::Sec))
                } else if before_number {
                    Some(Tk::From)
                } else {
                    None
                };
                if let Some(tk) = tk {
                    toks.push(Tok { tk, start, end });
                }
                continue;
            }
            match word(w) {
                Word::Tok(tk) => toks.push(Tok { tk, start, end }),
                Word::Filler => {}
                Word::Unknown => toks.push(Tok {
                    tk: Tk::Unknown,
                    start,
                    end,
                }),
            }
            continue;
        }
        i = next;
        // A dash between a number and a word is an ordinal's ending
        // (`1-го`, `1-й`), not a separator.
        if c == '-'
            && bytes
                .get(start.wrapping_sub(1))
                .is_some_and(u8::is_ascii_digit)
            && text[i..].chars().next().is_some_and(char::is_alphabetic)
        {
            continue;
        }
        let tk = match c {
            c if c.is_whitespace() => continue,
            '.' | ':' | '(' | ')' | '[' | ']' => continue,
            '\'' | '’' | '′' | '´' | '`' => {
                // A doubled minutes sign is the seconds sign: 30''.
                match text[i..].chars().next() {
                    Some(d @ ('\'' | '’' | '′' | '´' | '`')) => {
                        i += d.len_utf8();
                        Tk::Unit(Unit::Sec)
                    }
                    _ => Tk::Unit(Unit::Min),
                }
            }
            '"' | '″' | '”' | '“' => Tk::Unit(Unit::Sec),
            '/' => Tk::Slash,
            '+' | '&' => Tk::Plus,
            ',' | ';' | '-' | '–' | '—' => Tk::Then,
            '×' | '*' => Tk::Times,
            _ => Tk::Unknown,
        };
        toks.push(Tok { tk, start, end: i });
    }
    toks
}

/// Digits at `i`, possibly a clock time (`1:30`, `1:30:00`) or a decimal
/// (`1.5`). Returns the token and the end offset.
fn lex_number(bytes: &[u8], i: usize) -> (Tk, usize) {
    let digits_end = |from: usize| {
        from + bytes[from..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count()
    };
    let end = digits_end(i);
    let int = parse_u32(&bytes[i..end]);
    let followed_by_digit = |sep: u8| {
        bytes.get(end) == Some(&sep) && bytes.get(end + 1).is_some_and(u8::is_ascii_digit)
    };
    if followed_by_digit(b':') {
        let m_end = digits_end(end + 1);
        let minutes = parse_u32(&bytes[end + 1..m_end]);
        let mut clock_end = m_end;
        let mut seconds = Some(0);
        let mut fields_ok = m_end - (end + 1) == 2;
        if bytes.get(m_end) == Some(&b':') && bytes.get(m_end + 1).is_some_and(u8::is_ascii_digit) {
            let s_end = digits_end(m_end + 1);
            seconds = parse_u32(&bytes[m_end + 1..s_end]);
            fields_ok &= s_end - (m_end + 1) == 2;
            clock_end = s_end;
        }
        let bad = |ambiguous, reason| Tk::Bad { ambiguous, reason };
        let tk = match (int, minutes, seconds) {
            (Some(h), Some(m), Some(s)) if fields_ok && m < 60 && s < 60 => {
                if h > 12 {
                    bad(
                        true,
                        "a clock time is read as h:mm, and more than 12 hours looks like mm:ss",
                    )
                } else {
                    Tk::Clock(h * 3600 + m * 60 + s)
                }
            }
            _ => bad(
                false,
                "a clock time is h:mm or h:mm:ss with two-digit minutes and seconds below 60",
            ),
        };
        return (tk, clock_end);
    }
    if followed_by_digit(b'.') {
        let f_end = digits_end(end + 1);
        let frac_digits = f_end - (end + 1);
        let tk = match (int, parse_u32(&bytes[end + 1..f_end])) {
            (Some(int), Some(frac)) if frac_digits <= 3 => Tk::Num {
                int,
                frac,
                frac_digits: u8::try_from(frac_digits).unwrap_or(3),
            },
            _ => Tk::Bad {
                ambiguous: false,
                reason: "at most 3 decimals and 9 digits",
            },
        };
        return (tk, f_end);
    }
    let tk = match int {
        Some(int) => Tk::Num {
            int,
            frac: 0,
            frac_digits: 0,
        },
        None => Tk::Bad {
            ambiguous: false,
            reason: "more than 9 digits",
        },
    };
    (tk, end)
}

/// Up to 9 ASCII digits (so the value fits `u32` with room to scale).
fn parse_u32(digits: &[u8]) -> Option<u32> {
    if digits.is_empty() || digits.len() > 9 {
        return None;
    }
    Some(
        digits
            .iter()
            .fold(0u32, |acc, &d| acc * 10 + u32::from(d - b'0')),
    )
}

enum Word {
    Tok(Tk),
    Filler,
    Unknown,
}

/// The vocabulary: English plus the cheap Spanish, German, French, Italian
/// and Dutch words arbiters use in `122`.
fn word(w: &str) -> Word {
    let lower = w.to_lowercase();
    let tk = match lower.as_str() {
        "s" | "sec" | "secs" | "second" | "seconds" | "seg" | "segs" | "segundo" | "segundos"
        | "sek" | "sekunde" | "sekunden" | "seconde" | "secondes" | "secondi" | "secondo"
        | "sn" | "saniye" | "sekund" | "sekundy" | "sekunda" | "seconden" | "másodperc" | "mp"
        | "сек" | "секунд" | "секунды" | "секунда" | "секунду" => {
            Tk::Unit(Unit::Sec)
        }
        "m" | "min" | "mins" | "minute" | "minutes" | "mn" | "mnt" | "minuto" | "minutos"
        | "minuten" | "minuti" | "minut" | "minuty" | "minuta" | "minuut" | "dakika" | "dk"
        | "dak" | "perc" | "мин" | "минут" | "минуты" | "минута" | "минуту" => {
            Tk::Unit(Unit::Min)
        }
        "h" | "hr" | "hrs" | "hour" | "hours" | "std" | "stunde" | "stunden" | "hora" | "horas"
        | "heure" | "heures" | "ora" | "ore" | "uur" | "godz" | "godzina" | "godziny"
        | "godzin" | "hod" | "hodina" | "hodiny" | "hodin" | "saat" | "óra" | "ч" | "час"
        | "часа" | "часов" => Tk::Unit(Unit::Hour),
        "move" | "moves" | "mv" | "mvs" | "mov" | "movs" | "coup" | "coups" | "movimiento"
        | "movimientos" | "jugada" | "jugadas" | "jug" | "zug" | "züge" | "zuege" | "zuge"
        | "mossa" | "mosse" | "zet" | "zetten" | "hamle" | "hamlede" | "hamleye" | "lance"
        | "lances" | "jogada" | "jogadas" | "ruch" | "ruchy" | "ruchów" | "ruchow" | "ruchu"
        | "posunięć" | "posunięcia" | "tah" | "tahy" | "tahů" | "tahu" | "lépés" | "lépésre"
        | "ход" | "хода" | "ходов" | "ходы" | "ходу" => Tk::Moves,
        "g" | "game" | "sd" | "partie" | "partida" | "partita" | "partij" | "partię" | "partii"
        | "partia" | "jogo" | "oyun" | "партия" | "партию" | "партии" => Tk::Game,
        "all" | "whole" | "entire" | "todas" | "todos" | "toda" | "toutes" | "tous" | "alle"
        | "tutte" | "tutta" | "wszystkie" | "całą" | "všechny" | "tüm" | "все" | "всю" => {
            Tk::All
        }
        "rest" | "remainder" | "remaining" | "reste" | "resto" | "restlichen" | "ko" | "finish"
        | "death" | "końca" | "konce" | "kalan" | "конца" | "остаток" => Tk::Rest,
        "then" | "after" | "afterwards" | "thereafter" | "followed" | "danach" | "dann"
        | "anschließend" | "puis" | "ensuite" | "après" | "apres" | "luego" | "después"
        | "despues" | "poi" | "dopo" | "daarna" | "depois" | "następnie" | "nastepnie"
        | "potem" | "pak" | "poté" | "potom" | "sonra" | "ardından" | "затем" | "потом"
        | "далее" | "после" => Tk::Then,
        "plus" | "and" | "with" | "mit" | "und" | "avec" | "et" | "con" | "y" | "más" | "mas"
        | "più" | "piu" | "e" | "met" | "mais" | "com" | "i" | "oraz" | "artı" | "arti" | "ve"
        | "és" | "плюс" | "и" => Tk::Plus,
        "in" | "for" | "en" | "pour" | "para" | "für" | "fur" | "fuer" | "within" | "em"
        | "voor" | "na" | "w" | "v" | "на" => Tk::In,
        "per" | "pro" | "par" | "por" | "each" | "every" | "je" | "ogni" | "cada" | "chaque"
        | "elke" | "za" | "każdy" | "każde" | "každý" | "her" | "başına" | "за" | "каждый"
        | "каждого" | "каждому" => Tk::Per,
        "from" | "ab" | "desde" | "starting" | "beginning" | "since" | "partir" | "dès"
        | "vanaf" | "od" | "dal" | "dalla" | "itibaren" | "начиная" => Tk::From,
        "inc"
        | "incr"
        | "increment"
        | "increments"
        | "incremento"
        | "incrementos"
        | "inkrement"
        | "incrément"
        | "bonus"
        | "fischer"
        | "zeitgutschrift"
        | "gutschrift"
        | "bonification"
        | "bonificación"
        | "bonificacion"
        | "acréscimo"
        | "acrescimo"
        | "abbuono"
        | "przyrost"
        | "dodatek"
        | "přídavek"
        | "přídavkem"
        | "ilave"
        | "artış"
        | "toevoeging"
        | "добавление"
        | "добавлением"
        | "добавка"
        | "добавкой"
        | "добавки"
        | "инкремент"
        | "бонус"
        | "фишер"
        | "фишеру" => Tk::Inc,
        "d" | "delay" | "retraso" | "demora" | "verzögerung" | "délai" | "ritardo" | "atraso"
        | "vertraging" | "opóźnienie" | "задержка" | "задержкой" => {
            Tk::Delay(DelayKind::Unspecified)
        }
        "bronstein" => Tk::Delay(DelayKind::Bronstein),
        "us" | "simple" => Tk::DelayQual,
        "player" | "players" | "side" | "sides" | "pp" | "jugador" | "jugadores" | "spieler"
        | "joueur" | "joueurs" | "giocatore" | "speler" | "jogador" | "jogadores" | "zawodnika"
        | "gracza" | "hráče" | "hráč" | "oyuncu" | "игрок" | "игрока" | "игроку" => {
            Tk::Player
        }
        "x" => Tk::Times,
        "first" | "erste" | "ersten" | "erstem" | "premier" | "primera" | "primer" | "primero"
        | "primo" | "prima" | "eerste" | "primeiro" | "primeira" | "pierwszego" | "prvního"
        | "ilk" | "первого" | "первый" => Tk::Ordinal(1),
        "the" | "of" | "a" | "an" | "at" | "on" | "onwards" | "to" | "de" | "del" | "la" | "le"
        | "les" | "el" | "los" | "las" | "du" | "des" | "der" | "die" | "das" | "dem" | "den"
        | "il" | "lo" | "di" | "da" | "van" | "het" | "à" | "st" | "nd" | "rd" | "th" | "rapid"
        | "rapidplay" | "blitz" | "bullet" | "standard" | "classical" | "classic" | "normal"
        | "quickplay" | "fide" | "time" | "control" | "controls" | "tempo" | "cadence"
        | "cadencia" | "ritmo" | "juego" | "bedenkzeit" | "rate" | "play" | "zeit" | "temps"
        | "tiempo" | "jeu" | "spiel" | "sudden" | "clock" | "only" | "total" | "er" | "ère"
        | "re" | "ème" | "º" | "ª" | "do" | "kontrola" | "czasu" | "času" | "süre" | "controle"
        | "контроль" | "времени" | "блиц" | "рапид" | "го" | "й" | "ого" => {
            return Word::Filler
        }
        _ => return Word::Unknown,
    };
    Word::Tok(tk)
}

// ----------------------------------------------------------------- items

/// What separated an item from the one before it (the last connector wins:
/// in `, +30"` it is the `+`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sep {
    None,
    Plus,
    Then,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum QUnit {
    Bare,
    Unit(Unit),
    Clock,
}

/// A time as written: a bare number or a number with a unit.
#[derive(Debug, Clone, Copy)]
struct Qty {
    unit: QUnit,
    /// The bare number, or the time in seconds when there is a unit.
    value: u32,
    start: usize,
    end: usize,
}

#[derive(Debug, Clone, Copy)]
enum Kind {
    Period {
        moves: Option<u16>,
        base: u32,
    },
    Bonus {
        seconds: u32,
        delay: Option<DelayKind>,
        from: Option<u16>,
    },
    Plain {
        q: Qty,
        sep: Sep,
    },
}

#[derive(Debug, Clone, Copy)]
struct Item {
    kind: Kind,
    start: usize,
}

struct Items<'a> {
    text: &'a str,
    toks: &'a [Tok],
    pos: usize,
    items: Vec<Item>,
    choose: Chooser,
}

/// The choices one reading takes where the text leaves them open (`90/40`:
/// 40 moves in 90 min, or 90 moves in 40 min? `+30`: 30 minutes or 30
/// seconds?). [`parse_free`] refuses them ([`Chooser::refusing`]);
/// [`parse_free_readings`] walks every combination.
#[derive(Debug, Default)]
struct Chooser {
    /// `None`: refuse every open choice. `Some(path)`: take `path[k]` at
    /// the k-th open choice met, the first alternative beyond the path.
    path: Option<Vec<u8>>,
    /// Per open choice met, in order: how many alternatives it had, and
    /// the words of the one taken.
    met: Vec<(u8, String)>,
}

impl Chooser {
    fn refusing() -> Chooser {
        Chooser::default()
    }

    fn taking(path: Vec<u8>) -> Chooser {
        Chooser {
            path: Some(path),
            met: Vec::new(),
        }
    }

    /// The alternative to take at the next open choice, or `None` when
    /// choices are refused.
    fn choose<const N: usize>(&mut self, alternatives: [String; N]) -> Option<usize> {
        let path = self.path.as_ref()?;
        let k = self.met.len();
        let taken = usize::from(path.get(k).copied().unwrap_or(0)).min(N - 1);
        let words = alternatives.into_iter().nth(taken).unwrap_or_default();
        self.met.push((u8::try_from(N).unwrap_or(u8::MAX), words));
        Some(taken)
    }
}

impl Items<'_> {
    fn run(&mut self) -> Result<(), TimeControlError> {
        loop {
            let sep = self.separators();
            let Some(tok) = self.peek(0) else {
                return Ok(());
            };
            let start = tok.start;
            let kind = match tok.tk {
                Tk::Game | Tk::All | Tk::Rest => self.whole_game_period()?,
                Tk::Inc => {
                    self.pos += 1;
                    let q = self.expect_quantity("the increment after `inc`")?;
                    self.bonus(q, None, true)?
                }
                Tk::Delay(_) | Tk::DelayQual => {
                    let delay = self.delay_words();
                    let q = self.expect_quantity("the delay in seconds")?;
                    self.bonus(q, Some(delay), false)?
                }
                Tk::Num { .. } | Tk::Clock(_) => self.quantity_item(sep)?,
                Tk::Ordinal(_) => {
                    self.pos += 1;
                    continue;
                }
                Tk::Bad { ambiguous, reason } => return Err(self.bad(tok, ambiguous, reason)),
                _ => return Err(self.unrecognised(tok)),
            };
            self.items.push(Item { kind, start });
        }
    }

    fn peek(&self, ahead: usize) -> Option<Tok> {
        self.toks.get(self.pos + ahead).copied()
    }

    fn peek_is(&self, ahead: usize, f: impl Fn(Tk) -> bool) -> bool {
        self.peek(ahead).is_some_and(|t| f(t.tk))
    }

    fn separators(&mut self) -> Sep {
        let mut sep = Sep::None;
        while let Some(t) = self.peek(0) {
            sep = match t.tk {
                Tk::Plus => Sep::Plus,
                Tk::Then => Sep::Then,
                _ => break,
            };
            self.pos += 1;
        }
        sep
    }

    /// `G/90`, `G90`, `Game in 90 minutes`, `SD/60`, `All moves in 90
    /// minutes`, `rest of the game in 30 min`.
    fn whole_game_period(&mut self) -> Result<Kind, TimeControlError> {
        while self.peek_is(0, |t| {
            matches!(t, Tk::Game | Tk::All | Tk::Rest | Tk::Moves)
        }) {
            self.pos += 1;
        }
        while self.peek_is(0, |t| matches!(t, Tk::Slash | Tk::In)) {
            self.pos += 1;
        }
        let q = self.expect_quantity("the time for the game")?;
        let base = self.base_seconds(q)?;
        self.qualifiers();
        Ok(Kind::Period { moves: None, base })
    }

    /// `d`, `delay`, `Bronstein delay`, `US delay`, `simple delay`.
    fn delay_words(&mut self) -> DelayKind {
        let mut kind = DelayKind::Unspecified;
        while let Some(t) = self.peek(0) {
            match t.tk {
                Tk::Delay(DelayKind::Unspecified) => {}
                Tk::Delay(k) => kind = k,
                Tk::DelayQual => kind = DelayKind::Simple,
                _ => break,
            }
            self.pos += 1;
        }
        kind
    }

    /// An item that starts with a number or a clock time.
    fn quantity_item(&mut self, sep: Sep) -> Result<Kind, TimeControlError> {
        // `40 moves in 90 minutes`, `40 Züge in 2 Std.`, `40 coups/90 min`
        if let Some(moves) = self.moves_count()? {
            if self.peek_is(0, |t| matches!(t, Tk::In | Tk::Per | Tk::Slash | Tk::Times)) {
                self.pos += 1;
            }
            let q = self.expect_quantity("the time for these moves")?;
            let base = self.base_seconds(q)?;
            self.qualifiers();
            return Ok(Kind::Period {
                moves: Some(moves),
                base,
            });
        }
        let Some(q) = self.quantity()? else {
            // quantity_item is only called on a number or clock token.
            let tok = self.peek(0).unwrap_or(Tok {
                tk: Tk::Unknown,
                start: self.text.len(),
                end: self.text.len(),
            });
            return Err(self.unrecognised(tok));
        };
        let next = self.peek(0).map(|t| t.tk);
        let per_move = self
            .per_move_len()
            .filter(|&n| n > 1 || q.unit == QUnit::Unit(Unit::Sec));
        match next {
            _ if per_move.is_some() => {
                self.pos += per_move.unwrap_or(0);
                self.bonus(q, None, false)
            }
            Some(Tk::Slash | Tk::Times | Tk::In)
                if self.peek_is(1, |t| matches!(t, Tk::Num { .. } | Tk::Clock(_))) =>
            {
                self.pos += 1;
                self.pair(q)
            }
            Some(Tk::From | Tk::Inc) => self.bonus(q, None, false),
            Some(Tk::Delay(_) | Tk::DelayQual) => {
                let delay = self.delay_words();
                self.bonus(q, Some(delay), false)
            }
            _ => {
                if self.qualifiers() {
                    let base = self.base_seconds(q)?;
                    Ok(Kind::Period { moves: None, base })
                } else {
                    Ok(Kind::Plain { q, sep })
                }
            }
        }
    }

    /// The tokens of `/move`, `per move`, `на каждый ход`, `na ruch`, or
    /// a move word alone (`30" a mossa`): words of "per" or "in", then a
    /// move word. `None` when what follows is not that.
    fn per_move_len(&self) -> Option<usize> {
        let mut k = 0;
        while self.peek_is(k, |t| matches!(t, Tk::Slash | Tk::Per | Tk::In)) {
            k += 1;
        }
        self.peek_is(k, |t| t == Tk::Moves).then_some(k + 1)
    }

    /// `a/b`, `a x b`, `a in b` where one side is the move count.
    fn pair(&mut self, q: Qty) -> Result<Kind, TimeControlError> {
        let (moves, time) = if let Some(moves) = self.moves_count()? {
            (moves, q)
        } else {
            let r = self.expect_quantity("a time or a move count")?;
            match (q.unit, r.unit) {
                (QUnit::Bare, QUnit::Bare) if q.value > r.value => {
                    let found = &self.text[q.start..r.end];
                    let alternatives = [
                        format!(
                            "`{found}` as {} moves in {}",
                            r.value,
                            bare_time_text(q.value)
                        ),
                        format!(
                            "`{found}` as {} moves in {}",
                            q.value,
                            bare_time_text(r.value)
                        ),
                    ];
                    match self.choose.choose(alternatives) {
                        Some(0) => (self.moves_value(r)?, q),
                        Some(_) => (self.moves_value(q)?, r),
                        None => {
                            return Err(self.ambiguous(
                                q.start,
                                r.end,
                                format!(
                                    "a bare `a/b` is moves/time, but {} moves in {} is \
                                 implausible; write the units (`{} moves in {} min`, or \
                                 `{}/{}h` for hours)",
                                    q.value,
                                    bare_time_text(r.value),
                                    r.value,
                                    q.value,
                                    q.value,
                                    r.value
                                ),
                            ))
                        }
                    }
                }
                (QUnit::Bare, QUnit::Bare) => (self.moves_value(q)?, r),
                (QUnit::Bare, _) => (self.moves_value(q)?, r),
                (_, QUnit::Bare) => (self.moves_value(r)?, q),
                _ => {
                    return Err(self.inconsistent(
                        r.start,
                        "two times side by side, and no move count".to_owned(),
                    ))
                }
            }
        };
        let base = self.base_seconds(time)?;
        self.qualifiers();
        Ok(Kind::Period {
            moves: Some(moves),
            base,
        })
    }

    /// A whole number directly followed by a move word: `40 moves`.
    fn moves_count(&mut self) -> Result<Option<u16>, TimeControlError> {
        let Some(tok) = self.peek(0) else {
            return Ok(None);
        };
        let Tk::Num { frac_digits: 0, .. } = tok.tk else {
            return Ok(None);
        };
        if !self.peek_is(1, |t| t == Tk::Moves) {
            return Ok(None);
        }
        let q = self.quantity()?;
        self.pos += 1; // the move word
        match q {
            Some(q) => self.moves_value(q).map(Some),
            None => Ok(None),
        }
    }

    fn moves_value(&self, q: Qty) -> Result<u16, TimeControlError> {
        match (q.unit, u16::try_from(q.value)) {
            (QUnit::Bare, Ok(m)) if m > 0 => Ok(m),
            (QUnit::Bare, _) => Err(TimeControlError::OutOfRange {
                offset: q.start,
                found: self.text[q.start..q.end].to_owned(),
                reason: "a period has 1 to 65535 moves",
            }),
            _ => Err(self.inconsistent(q.start, "a time where a move count belongs".to_owned())),
        }
    }

    /// A time: `90`, `90'`, `90 min`, `2 h`, `1h30`, `1 Std 30 Min`,
    /// `1:30`, `1.5 h`.
    fn quantity(&mut self) -> Result<Option<Qty>, TimeControlError> {
        let Some(tok) = self.peek(0) else {
            return Ok(None);
        };
        match tok.tk {
            Tk::Clock(seconds) => {
                self.pos += 1;
                Ok(Some(Qty {
                    unit: QUnit::Clock,
                    value: seconds,
                    start: tok.start,
                    end: tok.end,
                }))
            }
            Tk::Num {
                int,
                frac,
                frac_digits,
            } => {
                self.pos += 1;
                let Some(Tk::Unit(unit)) = self.peek(0).map(|t| t.tk) else {
                    if frac_digits > 0 {
                        return Err(self.inconsistent(
                            tok.start,
                            "a number with decimals needs a unit".to_owned(),
                        ));
                    }
                    return Ok(Some(Qty {
                        unit: QUnit::Bare,
                        value: int,
                        start: tok.start,
                        end: tok.end,
                    }));
                };
                let unit_end = self.toks[self.pos].end;
                self.pos += 1;
                let mut seconds = scaled(int, frac, frac_digits, unit).ok_or_else(|| {
                    self.out_of_range(
                        tok.start,
                        unit_end,
                        "not a whole number of seconds that fits",
                    )
                })?;
                let mut end = unit_end;
                // `1h30`, `1 Std 30 Min`: minutes after hours.
                if unit == Unit::Hour {
                    if let Some(Tk::Num {
                        int: minutes,
                        frac_digits: 0,
                        ..
                    }) = self.peek(0).map(|t| t.tk)
                    {
                        let unit_after = self.peek(1).map(|t| t.tk);
                        if matches!(unit_after, Some(Tk::Unit(Unit::Min)))
                            || !matches!(unit_after, Some(Tk::Unit(_) | Tk::Moves))
                        {
                            let mtok = self.toks[self.pos];
                            if minutes >= 60 {
                                return Err(self.out_of_range(
                                    mtok.start,
                                    mtok.end,
                                    "minutes after hours are below 60",
                                ));
                            }
                            self.pos += 1;
                            end = mtok.end;
                            if matches!(unit_after, Some(Tk::Unit(Unit::Min))) {
                                end = self.toks[self.pos].end;
                                self.pos += 1;
                            }
                            seconds = seconds.checked_add(minutes * 60).ok_or_else(|| {
                                self.out_of_range(tok.start, end, "more seconds than fit")
                            })?;
                        }
                    }
                }
                Ok(Some(Qty {
                    unit: QUnit::Unit(unit),
                    value: seconds,
                    start: tok.start,
                    end,
                }))
            }
            Tk::Bad { ambiguous, reason } => Err(self.bad(tok, ambiguous, reason)),
            _ => Ok(None),
        }
    }

    fn expect_quantity(&mut self, what: &str) -> Result<Qty, TimeControlError> {
        match self.quantity()? {
            Some(q) => Ok(q),
            None => {
                let at = self.peek(0).map_or(self.text.len(), |t| t.start);
                let found = self.peek(0).map_or("end of text".to_owned(), |t| {
                    format!("`{}`", &self.text[t.start..t.end])
                });
                Err(self.inconsistent(at, format!("expected {what}, found {found}")))
            }
        }
    }

    /// The rest of a bonus: `/move`, `per move`, `increment`, `delay`,
    /// `from move 41`, in any order.
    fn bonus(
        &mut self,
        q: Qty,
        mut delay: Option<DelayKind>,
        mut said_increment: bool,
    ) -> Result<Kind, TimeControlError> {
        let seconds = self.bonus_seconds(q)?;
        let mut from = None;
        while let Some(tok) = self.peek(0) {
            match tok.tk {
                Tk::Slash | Tk::Per | Tk::In if self.per_move_len().is_some() => {
                    self.pos += self.per_move_len().unwrap_or(0);
                }
                Tk::Inc => {
                    said_increment = true;
                    self.pos += 1;
                }
                Tk::Delay(_) | Tk::DelayQual => {
                    let kind = self.delay_words();
                    delay = Some(match delay {
                        Some(DelayKind::Unspecified) | None => kind,
                        Some(k) => k,
                    });
                }
                Tk::From => from = Some(self.increment_start()?),
                _ => break,
            }
            if said_increment && delay.is_some() {
                return Err(self.inconsistent(
                    tok.start,
                    "both an increment and a delay for the same seconds".to_owned(),
                ));
            }
        }
        Ok(Kind::Bonus {
            seconds,
            delay,
            from,
        })
    }

    /// `from move 41`, `from the first move`, `ab dem 1. Zug`, `à partir du
    /// coup 1`, `desde la jugada 1`.
    fn increment_start(&mut self) -> Result<u16, TimeControlError> {
        let from_at = self.peek(0).map_or(self.text.len(), |t| t.start);
        while self.peek_is(0, |t| matches!(t, Tk::From | Tk::Moves)) {
            self.pos += 1;
        }
        let Some(tok) = self.peek(0) else {
            return Err(self.inconsistent(from_at, "`from` without a move number".to_owned()));
        };
        let n = match tok.tk {
            Tk::Ordinal(n) => n,
            Tk::Num {
                int,
                frac_digits: 0,
                ..
            } => match u16::try_from(int) {
                Ok(n) if n > 0 => n,
                _ => {
                    return Err(self.out_of_range(
                        tok.start,
                        tok.end,
                        "a move number is 1 to 65535",
                    ))
                }
            },
            Tk::Bad { ambiguous, reason } => return Err(self.bad(tok, ambiguous, reason)),
            _ => return Err(self.inconsistent(from_at, "`from` without a move number".to_owned())),
        };
        self.pos += 1;
        if self.peek_is(0, |t| t == Tk::Moves) {
            self.pos += 1;
        }
        Ok(n)
    }

    /// Trailing words that qualify a time: `per player`, `per game`, `for
    /// the rest of the game`, `for all moves`, `KO`. Returns whether they
    /// say the time is for the (rest of the) game.
    fn qualifiers(&mut self) -> bool {
        let mut whole_game = false;
        loop {
            let save = self.pos;
            // `/player`, `/side` (`90 min/player`), as the "per" of `per player`.
            while self.peek_is(0, |t| matches!(t, Tk::In | Tk::Per | Tk::Slash)) {
                self.pos += 1;
            }
            match self.peek(0).map(|t| t.tk) {
                Some(Tk::Player) => self.pos += 1,
                // `90 minutes each + 30 seconds`: "each" alone, where the
                // time ends, is "per player".
                None | Some(Tk::Plus | Tk::Then)
                    if self.pos > save
                        && self.toks[save..self.pos].iter().all(|t| t.tk == Tk::Per) =>
                {
                    continue
                }
                Some(Tk::Game | Tk::All | Tk::Rest) => {
                    whole_game = true;
                    while self.peek_is(0, |t| {
                        matches!(t, Tk::Game | Tk::All | Tk::Rest | Tk::Moves)
                    }) {
                        self.pos += 1;
                    }
                }
                _ => {
                    self.pos = save;
                    return whole_game;
                }
            }
        }
    }

    fn base_seconds(&self, q: Qty) -> Result<u32, TimeControlError> {
        let seconds = base_of(q);
        if seconds == 0 {
            return Err(self.inconsistent(q.start, "a period of no time".to_owned()));
        }
        Ok(seconds)
    }

    fn bonus_seconds(&self, q: Qty) -> Result<u32, TimeControlError> {
        match q.unit {
            QUnit::Bare | QUnit::Unit(_) => Ok(q.value),
            QUnit::Clock if q.value < 60 => Ok(q.value),
            QUnit::Clock => Err(self.ambiguous(
                q.start,
                q.end,
                "a clock time as an increment: h:mm or mm:ss?".to_owned(),
            )),
        }
    }

    fn read_so_far(&self) -> String {
        describe_items(self.text, &self.items)
    }

    fn unrecognised(&self, tok: Tok) -> TimeControlError {
        TimeControlError::Unrecognised {
            offset: tok.start,
            found: self.text[tok.start..tok.end].to_owned(),
            read: self.read_so_far(),
        }
    }

    fn ambiguous(&self, start: usize, end: usize, reason: String) -> TimeControlError {
        TimeControlError::Ambiguous {
            offset: start,
            found: self.text[start..end].to_owned(),
            reason,
            read: self.read_so_far(),
        }
    }

    fn inconsistent(&self, offset: usize, reason: String) -> TimeControlError {
        TimeControlError::Inconsistent {
            offset,
            reason,
            read: self.read_so_far(),
        }
    }

    fn out_of_range(&self, start: usize, end: usize, reason: &'static str) -> TimeControlError {
        TimeControlError::OutOfRange {
            offset: start,
            found: self.text[start..end].to_owned(),
            reason,
        }
    }

    fn bad(&self, tok: Tok, ambiguous: bool, reason: &'static str) -> TimeControlError {
        if ambiguous {
            self.ambiguous(tok.start, tok.end, reason.to_owned())
        } else {
            self.out_of_range(tok.start, tok.end, reason)
        }
    }
}

/// A time as a base time: bare numbers are minutes, or seconds above 600.
fn base_of(q: Qty) -> u32 {
    match q.unit {
        QUnit::Bare if q.value > MAX_BARE_MINUTES => q.value,
        QUnit::Bare => q.value * 60,
        QUnit::Unit(_) | QUnit::Clock => q.value,
    }
}

/// `int.frac` of `unit`, in whole seconds; `None` when not whole or too big.
fn scaled(int: u32, frac: u32, frac_digits: u8, unit: Unit) -> Option<u32> {
    let per = u64::from(unit.seconds());
    let scale = 10u64.pow(u32::from(frac_digits));
    let frac_seconds = u64::from(frac) * per;
    if frac_seconds % scale != 0 {
        return None;
    }
    let total = u64::from(int) * per + frac_seconds / scale;
    u32::try_from(total).ok()
}

fn bare_time_text(value: u32) -> String {
    let mut s = String::new();
    let q = Qty {
        unit: QUnit::Bare,
        value,
        start: 0,
        end: 0,
    };
    fmt_duration(&mut s, base_of(q));
    s
}

fn describe_items(text: &str, items: &[Item]) -> String {
    if items.is_empty() {
        return "nothing".to_owned();
    }
    let mut out = String::new();
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        match item.kind {
            Kind::Period { moves, base } => {
                if let Some(m) = moves {
                    let _ = write!(out, "{m} moves in ");
                }
                fmt_duration(&mut out, base);
            }
            Kind::Bonus {
                seconds,
                delay,
                from,
            } => {
                match delay {
                    None => {
                        let _ = write!(out, "+{seconds} s/move");
                    }
                    Some(_) => {
                        let _ = write!(out, "{seconds} s delay");
                    }
                }
                if let Some(f) = from {
                    let _ = write!(out, " from move {f}");
                }
            }
            Kind::Plain { q, .. } => {
                let _ = write!(out, "`{}`", &text[q.start..q.end]);
            }
        }
    }
    out
}

// --------------------------------------------------------------- reading

/// What an item turns out to be once its neighbours are known.
enum Role {
    Period(Option<u16>, u32),
    Bonus(u32, Option<DelayKind>, Option<u16>),
}

struct Bonus {
    seconds: u32,
    delay: Option<DelayKind>,
    from: u16,
}

/// Turns the items into periods and one bonus, deciding what plain times
/// are, and checks that they make one time control.
fn read(
    text: &str,
    trimmed: &str,
    items: &[Item],
    choose: &mut Chooser,
) -> Result<TimeControl, TimeControlError> {
    let last = items.len().saturating_sub(1);
    // A unit-less `+30` after a limited period is 30 minutes only if the
    // increment is stated elsewhere (`40/90+30+30s`).
    let has_bonus = items.iter().enumerate().any(|(i, it)| match it.kind {
        Kind::Bonus { .. } => true,
        Kind::Plain { q, sep } => i > 0 && q.unit == QUnit::Unit(Unit::Sec) && sep != Sep::Then,
        Kind::Period { .. } => false,
    });
    let mut periods: Vec<(Option<u16>, u32)> = Vec::with_capacity(items.len());
    let mut bonus: Option<Bonus> = None;
    for (i, item) in items.iter().enumerate() {
        let read_before = || describe_items(text, &items[..i]);
        let inconsistent = |reason: String| TimeControlError::Inconsistent {
            offset: item.start,
            reason,
            read: read_before(),
        };
        let role = match item.kind {
            Kind::Period { moves, base } => Role::Period(moves, base),
            Kind::Bonus {
                seconds,
                delay,
                from,
            } => Role::Bonus(seconds, delay, from),
            Kind::Plain { q, sep } => {
                let base = || base_of(q);
                if periods.is_empty() {
                    if sep == Sep::Plus {
                        return Err(inconsistent("an increment before any base time".to_owned()));
                    }
                    Role::Period(None, base())
                } else {
                    match (q.unit, sep) {
                        // `40/90, 30, 30s`: seconds after the period for
                        // the rest of the game can only be the increment.
                        (QUnit::Unit(Unit::Sec), Sep::Then)
                            if periods.last().is_some_and(|p| p.0.is_none()) =>
                        {
                            Role::Bonus(q.value, None, None)
                        }
                        (QUnit::Unit(Unit::Sec), Sep::Then) => Role::Period(None, base()),
                        // `1:30:00 + 0:00:30`: only h:mm:ss gives less
                        // than a minute, and a period of seconds is no period.
                        (QUnit::Clock, _) if q.value < 60 => Role::Bonus(q.value, None, None),
                        (QUnit::Unit(Unit::Sec), _) => Role::Bonus(q.value, None, None),
                        (QUnit::Unit(_) | QUnit::Clock, _) => Role::Period(None, base()),
                        (QUnit::Bare, Sep::Then) => Role::Period(None, base()),
                        (QUnit::Bare, Sep::Plus) if has_bonus => Role::Period(None, base()),
                        (QUnit::Bare, Sep::Plus)
                            if i == last && periods.last().is_some_and(|p| p.0.is_none()) =>
                        {
                            Role::Bonus(q.value, None, None)
                        }
                        (QUnit::Bare, _) => {
                            let found = &text[q.start..q.end];
                            let alternatives = [
                                format!(
                                    "`{found}` as {} for the rest of the game",
                                    bare_time_text(q.value)
                                ),
                                format!("`{found}` as a {} s increment", q.value),
                            ];
                            match choose.choose(alternatives) {
                                Some(0) => Role::Period(None, base()),
                                Some(_) => Role::Bonus(q.value, None, None),
                                None => {
                                    return Err(TimeControlError::Ambiguous {
                                        offset: q.start,
                                        found: found.to_owned(),
                                        reason: format!(
                                            "it could be {} for the rest of the game or a {} s \
                                     increment; write the unit (`{found}'` or `{found}\"`)",
                                            bare_time_text(q.value),
                                            q.value
                                        ),
                                        read: read_before(),
                                    })
                                }
                            }
                        }
                    }
                }
            }
        };
        match role {
            Role::Period(moves, base) => {
                if base == 0 {
                    return Err(inconsistent("a period of no time".to_owned()));
                }
                if periods.last().is_some_and(|p| p.0.is_none()) {
                    return Err(inconsistent(
                        "another period after the one for the rest of the game".to_owned(),
                    ));
                }
                periods.push((moves, base));
            }
            Role::Bonus(seconds, delay, from) => {
                if bonus.is_some() {
                    return Err(inconsistent("a second increment or delay".to_owned()));
                }
                bonus = Some(Bonus {
                    seconds,
                    delay,
                    from: from.unwrap_or(1),
                });
            }
        }
    }
    if periods.is_empty() {
        return Err(TimeControlError::Inconsistent {
            offset: items.first().map_or(0, |it| it.start),
            reason: "no base time".to_owned(),
            read: describe_items(text, items),
        });
    }
    let mut out = Vec::with_capacity(periods.len());
    let mut start: u32 = 1;
    let count = periods.len();
    for (k, (moves, base)) in periods.into_iter().enumerate() {
        // The last period of a control that stops after a move limit keeps
        // an increment from a later move: it is given on those moves
        // whatever their base time (`40/90 + 30 s from move 41`).
        let open_end = k + 1 == count;
        let Ok(start16) = u16::try_from(start) else {
            return Err(TimeControlError::Inconsistent {
                offset: 0,
                reason: "the periods' moves add up to more than 65535".to_owned(),
                read: describe_items(text, items),
            });
        };
        let mut period = Period {
            moves,
            base_seconds: base,
            increment_seconds: 0,
            increment_from_move: start16,
        };
        if let Some(b) = &bonus {
            let from = b.from.max(start16);
            let end = moves.map(|m| start + u32::from(m) - 1);
            // A zero increment is no increment: it starts nowhere.
            if b.seconds > 0 && (open_end || end.is_none_or(|e| u32::from(from) <= e)) {
                period.increment_seconds = b.seconds;
                period.increment_from_move = from;
            }
        }
        out.push(period);
        start += moves.map_or(0, u32::from);
    }
    Ok(TimeControl {
        raw: trimmed.to_owned(),
        notation: Notation::Free,
        periods: out,
        black_periods: None,
        delay: bonus.and_then(|b| b.delay),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (moves, base seconds, increment, from) per period.
    fn shape(tc: &TimeControl) -> Vec<(Option<u16>, u32, u32, u16)> {
        tc.periods
            .iter()
            .map(|p| {
                (
                    p.moves,
                    p.base_seconds,
                    p.increment_seconds,
                    p.increment_from_move,
                )
            })
            .collect()
    }

    fn ok(text: &str) -> TimeControl {
        match parse_free(text) {
            Ok(tc) => tc,
            Err(e) => panic!("{text}: {e}"),
        }
    }

    #[test]
    fn lexer_splits_glued_units() {
        let kinds: Vec<Tk> = lex("90m+30s").iter().map(|t| t.tk).collect();
        assert_eq!(
            kinds,
            [
                Tk::Num {
                    int: 90,
                    frac: 0,
                    frac_digits: 0
                },
                Tk::Unit(Unit::Min),
                Tk::Plus,
                Tk::Num {
                    int: 30,
                    frac: 0,
                    frac_digits: 0
                },
                Tk::Unit(Unit::Sec)
            ]
        );
    }

    #[test]
    fn lexer_reads_doubled_quote_as_seconds() {
        let kinds: Vec<Tk> = lex("30''").iter().map(|t| t.tk).collect();
        assert_eq!(kinds[1], Tk::Unit(Unit::Sec));
        assert_eq!(kinds.len(), 2);
        let kinds: Vec<Tk> = lex("30´´").iter().map(|t| t.tk).collect();
        assert_eq!(kinds[1], Tk::Unit(Unit::Sec));
    }

    #[test]
    fn lexer_clock_and_decimals() {
        assert_eq!(lex("1:30")[0].tk, Tk::Clock(5400));
        assert_eq!(lex("1:30:15")[0].tk, Tk::Clock(5415));
        assert!(matches!(
            lex("1:75")[0].tk,
            Tk::Bad {
                ambiguous: false,
                ..
            }
        ));
        assert!(matches!(
            lex("90:30")[0].tk,
            Tk::Bad {
                ambiguous: true,
                ..
            }
        ));
        assert_eq!(
            lex("1.5")[0].tk,
            Tk::Num {
                int: 1,
                frac: 5,
                frac_digits: 1
            }
        );
    }

    #[test]
    fn elision_is_not_a_minutes_sign() {
        let tc = ok("90 min + 30 s d'incrément");
        assert_eq!(shape(&tc), [(None, 5400, 30, 1)]);
    }

    #[test]
    fn decimal_hours() {
        assert_eq!(shape(&ok("1.5 h + 30 s")), [(None, 5400, 30, 1)]);
        assert!(matches!(
            parse_free("1.5 + 30"),
            Err(TimeControlError::Inconsistent { .. })
        ));
        assert!(matches!(
            parse_free("1.0001 h"),
            Err(TimeControlError::OutOfRange { .. })
        ));
    }

    #[test]
    fn increment_from_a_later_move_spreads_over_periods() {
        // The first period ends before move 41, so it gets no increment.
        let tc = ok("40/90 + 30 min + 30 s from move 41");
        assert_eq!(shape(&tc), [(Some(40), 5400, 0, 1), (None, 1800, 30, 41)]);
        let tc = ok("40/90 + 30 min + 30 s from move 21");
        assert_eq!(shape(&tc), [(Some(40), 5400, 30, 21), (None, 1800, 30, 41)]);
    }

    #[test]
    fn bad_number_is_reported_with_what_was_read() {
        let e = parse_free("40/90, 30, +1234567890 s").unwrap_err();
        assert!(
            matches!(e, TimeControlError::OutOfRange { offset: 12, .. }),
            "{e}"
        );
        let e = parse_free("40/90, then foo").unwrap_err();
        match e {
            TimeControlError::Unrecognised {
                offset,
                found,
                read,
            } => {
                assert_eq!((offset, found.as_str()), (12, "foo"));
                assert_eq!(read, "40 moves in 90 min");
            }
            other => panic!("{other}"),
        }
    }
}
