//! What one run of the benchmarks measured, read back from where each
//! benchmark leaves it.
//!
//! - criterion leaves every benchmark's samples under `target/criterion`
//!   (`…/new/benchmark.json` names it, `…/new/sample.json` holds each
//!   sample's iterations and total time); a sample's time per iteration is
//!   one run.
//! - every other benchmark appends one JSON line per figure to the file
//!   named by `DDBPLAY_BENCH_OUT`: `{"id": …, "unit": "ms", "runs": [...]}`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use serde_json::Value;

/// A figure's runs, in the unit its benchmark gave.
#[derive(Clone, Debug, PartialEq)]
pub struct Runs {
    pub unit: String,
    pub values: Vec<f64>,
    /// The most the median may be, where the benchmark holds it to one of
    /// its own (the worst cases' 50 ms).
    pub budget: Option<f64>,
}

/// Median and spread of a figure's runs. With twenty runs or more (a
/// criterion benchmark's samples) the spread is the middle half, the 25th
/// to 75th percentile; with fewer (five page loads) it is every run, from
/// the least to the most.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Summary {
    pub median: f64,
    pub low: f64,
    pub high: f64,
    pub runs: usize,
}

impl Summary {
    pub fn of(values: &[f64]) -> Option<Summary> {
        if values.is_empty() || values.iter().any(|v| !v.is_finite()) {
            return None;
        }
        let mut sorted = values.to_vec();
        sorted.sort_by(f64::total_cmp);
        let n = sorted.len();
        let at = |q: f64| {
            let position = q * (n - 1) as f64;
            let (below, above) = (position.floor() as usize, position.ceil() as usize);
            sorted[below] + (sorted[above] - sorted[below]) * (position - below as f64)
        };
        let (low, high) = if n >= 20 {
            (at(0.25), at(0.75))
        } else {
            (sorted[0], sorted[n - 1])
        };
        Some(Summary {
            median: at(0.5),
            low,
            high,
            runs: n,
        })
    }
}

/// Every figure read, by id.
pub type Measurements = BTreeMap<String, Runs>;

/// The figures in a test's output: its lines `figure {json}`, as the
/// page's worst-case tests print them (in the browser they can only
/// print).
pub fn figures_printed(output: &str) -> Vec<&str> {
    output
        .lines()
        .filter_map(|l| l.trim().strip_prefix("figure "))
        .collect()
}

/// Appends the figures in `out` (JSON lines) to `into`; a later line for
/// the same id replaces an earlier one.
pub fn read_lines(out: &Path, into: &mut Measurements) -> Result<(), String> {
    let text = match std::fs::read_to_string(out) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(format!("cannot read {}: {e}", out.display())),
    };
    for (number, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let (id, runs) = parse_line(line)
            .ok_or_else(|| format!("{}:{}: not a figure: {line}", out.display(), number + 1))?;
        into.insert(id, runs);
    }
    Ok(())
}

/// A figure as one JSON line, as [`read_lines`] reads it back.
pub fn line(id: &str, runs: &Runs) -> String {
    let mut value = serde_json::json!({ "id": id, "unit": runs.unit, "runs": runs.values });
    if let Some(budget) = runs.budget {
        value["budget"] = budget.into();
    }
    format!("{value}\n")
}

fn parse_line(line: &str) -> Option<(String, Runs)> {
    let value: Value = serde_json::from_str(line).ok()?;
    let id = value.get("id")?.as_str()?.to_string();
    let unit = value.get("unit")?.as_str()?.to_string();
    let values = value
        .get("runs")?
        .as_array()?
        .iter()
        .map(Value::as_f64)
        .collect::<Option<Vec<f64>>>()?;
    let budget = value.get("budget").and_then(Value::as_f64);
    Some((
        id,
        Runs {
            unit,
            values,
            budget,
        },
    ))
}

/// The criterion benchmarks written at or after `since`, each sample's
/// time per iteration in nanoseconds.
pub fn read_criterion(
    dir: &Path,
    since: SystemTime,
    into: &mut Measurements,
) -> Result<(), String> {
    for benchmark in find_files(dir, "benchmark.json") {
        let Some(new) = benchmark.parent().filter(|p| p.ends_with("new")) else {
            continue;
        };
        let fresh = std::fs::metadata(&benchmark)
            .and_then(|m| m.modified())
            .is_ok_and(|modified| modified >= since);
        if !fresh {
            continue;
        }
        let read = |name: &str| -> Result<Value, String> {
            let path = new.join(name);
            let text = std::fs::read_to_string(&path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
        };
        let id = read("benchmark.json")?
            .get("full_id")
            .and_then(Value::as_str)
            .ok_or_else(|| format!("{}: no full_id", benchmark.display()))?
            .to_string();
        let sample = read("sample.json")?;
        let numbers = |key: &str| -> Option<Vec<f64>> {
            sample
                .get(key)?
                .as_array()?
                .iter()
                .map(Value::as_f64)
                .collect()
        };
        let (Some(iterations), Some(times)) = (numbers("iters"), numbers("times")) else {
            return Err(format!("{}: no iters and times", new.display()));
        };
        let values = iterations
            .iter()
            .zip(&times)
            .filter(|(i, _)| **i > 0.0)
            .map(|(i, t)| t / i)
            .collect();
        into.insert(
            id,
            Runs {
                unit: "ns".into(),
                values,
                budget: None,
            },
        );
    }
    Ok(())
}

fn find_files(dir: &Path, name: &str) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else if path.file_name().is_some_and(|n| n == name) {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn five_runs_spread_from_the_least_to_the_most() {
        let summary = Summary::of(&[12.0, 10.0, 30.0, 11.0, 13.0]).unwrap();
        assert_eq!(
            summary,
            Summary {
                median: 12.0,
                low: 10.0,
                high: 30.0,
                runs: 5
            }
        );
    }

    #[test]
    fn many_samples_spread_over_the_middle_half() {
        let values: Vec<f64> = (1..=21).map(f64::from).collect();
        let summary = Summary::of(&values).unwrap();
        assert_eq!(
            summary,
            Summary {
                median: 11.0,
                low: 6.0,
                high: 16.0,
                runs: 21
            }
        );
    }

    #[test]
    fn no_runs_or_a_broken_run_has_no_summary() {
        assert_eq!(Summary::of(&[]), None);
        assert_eq!(Summary::of(&[1.0, f64::NAN]), None);
    }

    #[test]
    fn a_figure_written_as_a_line_reads_back_the_same() {
        let runs = Runs {
            unit: "ms".into(),
            values: vec![24.0, 29.5],
            budget: Some(50.0),
        };
        let written = line("worst_case/page/x", &runs);
        assert!(written.ends_with("}\n"), "{written}");
        assert_eq!(
            parse_line(written.trim()),
            Some(("worst_case/page/x".to_string(), runs))
        );
    }

    #[test]
    fn a_line_names_its_figure_unit_and_runs() {
        let (id, runs) =
            parse_line(r#"{"id":"page/first_load","unit":"bytes","runs":[969987]}"#).unwrap();
        assert_eq!(id, "page/first_load");
        assert_eq!(
            runs,
            Runs {
                unit: "bytes".into(),
                values: vec![969987.0],
                budget: None,
            }
        );
        assert_eq!(parse_line(r#"{"id":"x","runs":[1]}"#), None);
    }
}
