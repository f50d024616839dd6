//! A figure's value in its own unit, shown the way a reader reads it, and
//! held to its target.

use super::figures::{Figure, Source, Target, Unit};
use super::results::{Measurements, Summary};

/// Where a figure stands against its target.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Verdict {
    /// Every run (or the middle half of the samples) within the target.
    Met,
    /// The median within the target, the slowest runs past it.
    MetAtMedian,
    /// The median past the target, the fastest runs within it.
    NotMet,
    /// Even the fastest runs past the target: what `--check` fails on.
    Missed,
}

impl Verdict {
    pub fn of(summary: &Summary, target: Target) -> Verdict {
        let Target::AtMost(limit) = target;
        if summary.high <= limit {
            Verdict::Met
        } else if summary.median <= limit {
            Verdict::MetAtMedian
        } else if summary.low <= limit {
            Verdict::NotMet
        } else {
            Verdict::Missed
        }
    }

    pub fn words(self) -> &'static str {
        match self {
            Verdict::Met => "met",
            Verdict::MetAtMedian => "met at the median",
            Verdict::NotMet => "**not met**",
            Verdict::Missed => "**not met**, by more than the spread",
        }
    }
}

/// The unit a benchmark must report a figure in.
pub fn unit_name(unit: Unit) -> &'static str {
    match unit {
        Unit::Nanos | Unit::PerSecond => "ns",
        Unit::Millis => "ms",
        Unit::Bytes => "bytes",
        Unit::Ratio => "ratio",
    }
}

/// The figure's summary from this run's measurements, if it was measured.
pub fn summarise(figure: &Figure, measured: &Measurements) -> Result<Option<Summary>, String> {
    let of = |id: &str| -> Result<Option<Summary>, String> {
        let Some(runs) = measured.get(id) else {
            return Ok(None);
        };
        let expected = match figure.source {
            Source::Measured => unit_name(figure.unit),
            Source::Ratio { .. } => runs.unit.as_str(),
        };
        if runs.unit != expected {
            return Err(format!(
                "{id} was reported in {}, expected {expected}",
                runs.unit
            ));
        }
        Ok(Summary::of(&runs.values))
    };
    match figure.source {
        Source::Measured => of(figure.id),
        Source::Ratio {
            numerator,
            denominator,
        } => {
            let (Some(top), Some(bottom)) = (of(numerator)?, of(denominator)?) else {
                return Ok(None);
            };
            if measured[numerator].unit != measured[denominator].unit {
                return Err(format!(
                    "{numerator} and {denominator} are in different units"
                ));
            }
            // The ratio of the medians; its spread from the spreads' far
            // ends, so that it is never narrower than either side's.
            Ok(Some(Summary {
                median: top.median / bottom.median,
                low: top.low / bottom.high,
                high: top.high / bottom.low,
                runs: top.runs.min(bottom.runs),
            }))
        }
    }
}

/// `value` (in the figure's reporting unit) as a reader reads it.
pub fn show(unit: Unit, value: f64) -> String {
    match unit {
        Unit::Nanos => duration(value),
        Unit::PerSecond => format!("{} per second", grouped(significant(1e9 / value, 3))),
        Unit::Millis => duration(value * 1e6),
        Unit::Bytes => format!("{:.1} KB", value / 1024.0),
        Unit::Ratio => format!("{:.2}×", value),
    }
}

/// A summary: the median, then its spread.
pub fn show_summary(unit: Unit, summary: &Summary) -> String {
    let median = show(unit, summary.median);
    let median = match unit {
        Unit::PerSecond => format!("{median}, {} each", duration(summary.median)),
        _ => median,
    };
    if summary.runs < 2 {
        return format!("{median} (one run)");
    }
    // Per second, the slowest run is the fewest operations.
    let (from, to) = match unit {
        Unit::PerSecond => (summary.high, summary.low),
        _ => (summary.low, summary.high),
    };
    let spread = format!("{}–{}", bare(unit, from), bare(unit, to));
    let over = if summary.runs >= 20 {
        format!("middle half of {} samples", summary.runs)
    } else {
        format!("{} runs", summary.runs)
    };
    format!("{median} ({spread}, {over})")
}

/// A target as a reader reads it.
pub fn show_target(unit: Unit, target: Target) -> String {
    let Target::AtMost(limit) = target;
    match unit {
        Unit::PerSecond => format!("≥ {}", show(unit, limit)),
        Unit::Bytes if limit % 1024.0 == 0.0 => format!("≤ {} KB", limit / 1024.0),
        _ => format!("≤ {}", show(unit, limit)),
    }
}

/// A value without its unit's words, for a spread.
fn bare(unit: Unit, value: f64) -> String {
    match unit {
        Unit::PerSecond => grouped(significant(1e9 / value, 3)),
        Unit::Bytes => format!("{:.1}", value / 1024.0),
        Unit::Ratio => format!("{:.2}", value),
        Unit::Nanos => duration(value),
        Unit::Millis => duration(value * 1e6),
    }
}

fn duration(nanos: f64) -> String {
    if nanos == 0.0 {
        // A browser's clock in a test can be coarser than what it timed.
        "0 ms".into()
    } else if nanos < 1e3 {
        format!("{} ns", grouped(significant(nanos, 3)))
    } else if nanos < 1e6 {
        format!("{} µs", decimal(nanos / 1e3))
    } else if nanos < 1e9 {
        format!("{} ms", decimal(nanos / 1e6))
    } else {
        format!("{} s", decimal(nanos / 1e9))
    }
}

/// Three significant digits for small numbers, whole numbers otherwise.
fn decimal(value: f64) -> String {
    if value >= 100.0 {
        grouped(value.round())
    } else if value >= 10.0 {
        format!("{value:.1}")
    } else {
        format!("{value:.2}")
    }
}

fn significant(value: f64, digits: i32) -> f64 {
    if value == 0.0 {
        return 0.0;
    }
    let scale = 10f64.powi(digits - 1 - value.abs().log10().floor() as i32);
    (value * scale).round() / scale
}

fn grouped(value: f64) -> String {
    let digits = format!("{:.0}", value.round());
    let (sign, digits) = digits
        .strip_prefix('-')
        .map_or(("", digits.as_str()), |d| ("-", d));
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    format!("{sign}{out}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(median: f64, low: f64, high: f64, runs: usize) -> Summary {
        Summary {
            median,
            low,
            high,
            runs,
        }
    }

    #[test]
    fn a_target_is_met_only_when_the_whole_spread_is_within_it() {
        let target = Target::AtMost(2000.0);
        assert_eq!(
            Verdict::of(&summary(1800.0, 1700.0, 1950.0, 5), target),
            Verdict::Met
        );
        assert_eq!(
            Verdict::of(&summary(1800.0, 1700.0, 2100.0, 5), target),
            Verdict::MetAtMedian
        );
        assert_eq!(
            Verdict::of(&summary(2100.0, 1950.0, 2200.0, 5), target),
            Verdict::NotMet
        );
        assert_eq!(
            Verdict::of(&summary(2544.0, 2324.0, 2661.0, 5), target),
            Verdict::Missed
        );
    }

    #[test]
    fn figures_read_as_a_reader_reads_them() {
        assert_eq!(show(Unit::Nanos, 9_812.0), "9.81 µs");
        assert_eq!(show(Unit::Nanos, 185_400_000.0), "185 ms");
        assert_eq!(show(Unit::Nanos, 640.0), "640 ns");
        assert_eq!(show(Unit::PerSecond, 1_550.0), "645,000 per second");
        assert_eq!(show(Unit::Millis, 1813.0), "1.81 s");
        assert_eq!(show(Unit::Millis, 204.4), "204 ms");
        assert_eq!(show(Unit::Millis, 0.207), "207 µs");
        assert_eq!(show(Unit::Bytes, 970_035.0), "947.3 KB");
        assert_eq!(show(Unit::Ratio, 1.0132), "1.01×");
    }

    #[test]
    fn a_spread_reads_from_the_slowest_to_the_fastest_per_second() {
        assert_eq!(
            show_summary(Unit::PerSecond, &summary(1_550.0, 1_270.0, 2_020.0, 100)),
            "645,000 per second, 1.55 µs each (495,000–787,000, middle half of 100 samples)"
        );
        assert_eq!(
            show_summary(Unit::Millis, &summary(1813.0, 1718.0, 1944.0, 5)),
            "1.81 s (1.72 s–1.94 s, 5 runs)"
        );
    }

    #[test]
    fn targets_read_in_the_figures_unit() {
        assert_eq!(
            show_target(Unit::PerSecond, Target::AtMost(1e9 / 300_000.0)),
            "≥ 300,000 per second"
        );
        assert_eq!(
            show_target(Unit::Bytes, Target::AtMost(500.0 * 1024.0)),
            "≤ 500 KB"
        );
    }
}
