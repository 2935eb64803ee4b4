//! Adding up the results of a split (`perft --merge UNITS RESULTS...`): every unit must have
//! exactly one result, and every result a unit, or the sum would not be the perft.

use std::collections::HashMap;
use std::fmt;

use super::units::{Unit, UnitError, UnitResult};

/// A text to merge and the name it is reported by (its file).
#[derive(Clone, Copy, Debug)]
pub struct Named<'a> {
    /// The name (a path).
    pub name: &'a str,
    /// The text: lines; blank lines and lines starting with `#` are skipped.
    pub text: &'a str,
}

/// A line of a file: where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// The file.
    pub file: String,
    /// Its line, from 1.
    pub line: usize,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.file, self.line)
    }
}

/// Why the results could not be added up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MergeError {
    /// A line does not read as a unit or a result.
    #[error("{at}: {error}")]
    Line {
        /// The line.
        at: Place,
        /// What is wrong with it.
        error: UnitError,
    },
    /// A unit is of another split than the file's first unit.
    #[error(
        "{at}: this unit is of another split than the first one ({first}): other files, base position or depth"
    )]
    MixedSplits {
        /// The unit.
        at: Place,
        /// The first unit.
        first: Place,
    },
    /// A unit is listed twice.
    #[error("{at}: the unit of {first} again")]
    RepeatedUnit {
        /// The second one.
        at: Place,
        /// The first one.
        first: Place,
    },
    /// A result of no unit of the file of units.
    #[error("{at}: the result of no unit of {units}: {why}")]
    Foreign {
        /// The result.
        at: Place,
        /// The file of units.
        units: String,
        /// What differs.
        why: String,
    },
    /// A second result of one unit.
    #[error("{at}: a second result of the unit of {unit} (the first is {first})")]
    Duplicate {
        /// The second result.
        at: Place,
        /// The first result.
        first: Place,
        /// The unit.
        unit: Place,
    },
    /// Units without a result.
    #[error("{missing} unit(s) have no result; the first is {first}: `{unit}`")]
    Missing {
        /// How many.
        missing: usize,
        /// The first of them.
        first: Place,
        /// Its line.
        unit: String,
    },
    /// The file of units holds no unit: nothing to add up (a failed or stopped `--split`
    /// redirected to it leaves such a file).
    #[error(
        "{units}: the file of units holds no unit: nothing to add up (was `perft --split` stopped before it wrote any?)"
    )]
    NoUnits {
        /// The file of units.
        units: String,
    },
    /// The sum does not fit 64 bits.
    #[error("the sum of the results is past 2^64")]
    Overflow,
}

impl miette::Diagnostic for MergeError {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new("perft::merge"))
    }
}

/// The lines of a text that hold something, with their places.
fn lines<'a>(named: Named<'a>) -> impl Iterator<Item = (Place, &'a str)> {
    named.text.lines().enumerate().filter_map(move |(i, l)| {
        let l = l.trim();
        (!l.is_empty() && !l.starts_with('#')).then(|| {
            let at = Place {
                file: named.name.to_string(),
                line: i + 1,
            };
            (at, l)
        })
    })
}

/// Checks that every unit of `units` has exactly one result in `results` and that every result
/// is of a unit of `units`; returns the sum of the results (the perft of the split's base).
pub fn merge(units: Named<'_>, results: &[Named<'_>]) -> Result<u64, MergeError> {
    let mut index: HashMap<Unit, usize> = HashMap::new();
    let mut listed: Vec<(Place, Unit)> = Vec::new();
    for (at, line) in lines(units) {
        let unit = Unit::parse(line).map_err(|error| MergeError::Line {
            at: at.clone(),
            error,
        })?;
        if let Some((first, u)) = listed.first()
            && !u.same_split(&unit)
        {
            let first = first.clone();
            return Err(MergeError::MixedSplits { at, first });
        }
        if let Some(&i) = index.get(&unit) {
            let first = listed[i].0.clone();
            return Err(MergeError::RepeatedUnit { at, first });
        }
        index.insert(unit.clone(), listed.len());
        listed.push((at, unit));
    }
    if listed.is_empty() {
        let units = units.name.to_string();
        return Err(MergeError::NoUnits { units });
    }
    let mut found: Vec<Option<Place>> = vec![None; listed.len()];
    let mut total: u64 = 0;
    for named in results {
        for (at, line) in lines(*named) {
            let r = UnitResult::parse(line).map_err(|error| MergeError::Line {
                at: at.clone(),
                error,
            })?;
            let Some(&i) = index.get(&r.unit) else {
                let why = foreign(&r.unit, listed.first().map(|(_, u)| u));
                let units = units.name.to_string();
                return Err(MergeError::Foreign { at, units, why });
            };
            if let Some(first) = &found[i] {
                let (first, unit) = (first.clone(), listed[i].0.clone());
                return Err(MergeError::Duplicate { at, first, unit });
            }
            found[i] = Some(at);
            total = total.checked_add(r.nodes).ok_or(MergeError::Overflow)?;
        }
    }
    let missing: Vec<usize> = (0..listed.len()).filter(|&i| found[i].is_none()).collect();
    if let Some(&i) = missing.first() {
        return Err(MergeError::Missing {
            missing: missing.len(),
            first: listed[i].0.clone(),
            unit: listed[i].1.to_string(),
        });
    }
    Ok(total)
}

/// Why a result's unit is none of the split's, as precisely as can be said.
fn foreign(unit: &Unit, split: Option<&Unit>) -> String {
    let Some(s) = split else {
        return "the file of units holds no unit".into();
    };
    if unit.files != s.files {
        format!(
            "it is of other variant files (content hash {}, the units' is {})",
            unit.files, s.files
        )
    } else if !unit.same_split(s) {
        "it is of another split (another base position, split depth or depth)".into()
    } else {
        format!(
            "no unit has the moves `{}` below the base",
            unit.prefix().join(" ")
        )
    }
}
