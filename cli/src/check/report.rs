//! The check's report: for each pattern and each way it is read, the
//! engine's prediction beside the endpoint's answer, every difference
//! named. As text (one number where the two agree, `engine ≠ endpoint`
//! where they differ) and as JSON for a machine.

use serde_json::{Value as Json, json};

use super::measure::{Figures, Outcome, PatternFound, WayFound};
use super::plan::PatternPlan;

/// Capacity units closer than this are the same number.
const UNITS_EPSILON: f64 = 1e-9;

/// What the check was run on.
pub struct Header {
    pub playground_table: String,
    pub items: usize,
    pub endpoint: String,
    pub table: String,
}

pub struct Report {
    pub header: Header,
    pub patterns: Vec<PatternReport>,
}

pub struct PatternReport {
    pub description: String,
    pub operation: String,
    pub lines: Vec<Line>,
    pub not_checked: Option<String>,
}

/// One way of one pattern, read one way: both sides' outcomes.
pub struct Line {
    pub way: &'static str,
    /// `eventual`, `strong`, or `write`.
    pub read: &'static str,
    pub engine: Outcome,
    pub endpoint: Outcome,
}

impl Line {
    /// The names of the figures that differ.
    pub fn differences(&self) -> Vec<&'static str> {
        match (&self.engine, &self.endpoint) {
            (Ok(a), Ok(b)) => {
                let mut out = Vec::new();
                if a.pages != b.pages {
                    out.push("pages");
                }
                if a.count != b.count {
                    out.push("Count");
                }
                if a.scanned_count != b.scanned_count {
                    out.push("ScannedCount");
                }
                if !same_units(a.capacity_units, b.capacity_units) {
                    out.push("CapacityUnits");
                }
                if !same_units(a.table_units, b.table_units) {
                    out.push("Table");
                }
                let indexes = a.index_units.keys().chain(b.index_units.keys());
                if indexes.into_iter().any(|i| {
                    !same_units(a.index_units.get(i).copied(), b.index_units.get(i).copied())
                }) {
                    out.push("indexes");
                }
                out
            }
            (Err(a), Err(b)) if a == b => Vec::new(),
            _ => vec!["answer"],
        }
    }
}

fn same_units(a: Option<f64>, b: Option<f64>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => (a - b).abs() < UNITS_EPSILON,
        (None, None) => true,
        _ => false,
    }
}

impl Report {
    /// Pairs the two sides' findings, pattern by pattern.
    pub fn new(
        header: Header,
        plans: &[PatternPlan],
        engine: Vec<PatternFound>,
        endpoint: Vec<PatternFound>,
    ) -> Report {
        let patterns = plans
            .iter()
            .zip(engine.into_iter().zip(endpoint))
            .map(|(plan, found)| {
                let mut report = PatternReport {
                    description: plan.description.clone(),
                    operation: plan.operation.name().to_string(),
                    lines: Vec::new(),
                    not_checked: None,
                };
                match found {
                    (PatternFound::Ways(engine), PatternFound::Ways(endpoint)) => {
                        for (e, d) in engine.into_iter().zip(endpoint) {
                            report.lines.extend(lines(plan, e, d));
                        }
                    }
                    (PatternFound::NotChecked(why), _) | (_, PatternFound::NotChecked(why)) => {
                        report.not_checked = Some(why);
                    }
                }
                report
            })
            .collect();
        Report { header, patterns }
    }

    pub fn differences(&self) -> usize {
        self.patterns
            .iter()
            .flat_map(|p| &p.lines)
            .filter(|l| !l.differences().is_empty())
            .count()
    }

    pub fn agrees(&self) -> bool {
        self.differences() == 0
    }

    /// The report as text.
    pub fn text(&self) -> String {
        let h = &self.header;
        let mut out = format!(
            "ddbplay check: the playground's table {} ({} items) on {}, as {}\n\
             Each figure is the engine's prediction and the endpoint's answer: one number where\n\
             they agree, engine ≠ endpoint where they differ. Units are ConsumedCapacity's.\n",
            h.playground_table,
            super::cost::thousands(h.items as f64),
            h.endpoint,
            h.table
        );
        for (n, pattern) in self.patterns.iter().enumerate() {
            let verdict = match (
                &pattern.not_checked,
                pattern
                    .lines
                    .iter()
                    .filter(|l| !l.differences().is_empty())
                    .count(),
            ) {
                (Some(_), _) => "not checked".to_string(),
                (None, 0) => "agrees".to_string(),
                (None, 1) => "1 difference".to_string(),
                (None, d) => format!("{d} differences"),
            };
            out.push_str(&format!(
                "\n{:>2}. {} ({}): {verdict}\n",
                n + 1,
                pattern.description,
                pattern.operation
            ));
            if let Some(why) = &pattern.not_checked {
                out.push_str(&format!("    {why}\n"));
            }
            for line in &pattern.lines {
                let mark = if line.differences().is_empty() {
                    ' '
                } else {
                    '✗'
                };
                out.push_str(&format!(
                    "  {mark} {:<18} {:<9} {}\n",
                    line.way,
                    line.read,
                    cells(&line.engine, &line.endpoint)
                ));
            }
        }
        let checked = self
            .patterns
            .iter()
            .filter(|p| p.not_checked.is_none())
            .count();
        let lines: usize = self.patterns.iter().map(|p| p.lines.len()).sum();
        let skipped = self.patterns.len() - checked;
        let skipped = match skipped {
            0 => String::new(),
            1 => "; 1 pattern not checked".to_string(),
            s => format!("; {s} patterns not checked"),
        };
        out.push_str(&match self.differences() {
            0 => format!(
                "\nThe endpoint agrees with the engine: {checked} patterns, {lines} measurements, every figure the same{skipped}.\n"
            ),
            d => format!(
                "\nThe endpoint differs from the engine in {d} of {lines} measurements{skipped}.\n"
            ),
        });
        out
    }

    /// The report as JSON.
    pub fn json(&self) -> Json {
        let h = &self.header;
        json!({
            "playgroundTable": h.playground_table,
            "items": h.items,
            "endpoint": h.endpoint,
            "table": h.table,
            "agrees": self.agrees(),
            "differences": self.differences(),
            "patterns": self.patterns.iter().map(|p| {
                let mut pattern = json!({
                    "description": p.description,
                    "operation": p.operation,
                    "measurements": p.lines.iter().map(|l| json!({
                        "way": l.way,
                        "read": l.read,
                        "engine": outcome_json(&l.engine),
                        "endpoint": outcome_json(&l.endpoint),
                        "differences": l.differences(),
                    })).collect::<Vec<_>>(),
                });
                if let Some(why) = &p.not_checked {
                    pattern["notChecked"] = json!(why);
                }
                pattern
            }).collect::<Vec<_>>(),
        })
    }
}

fn lines(plan: &PatternPlan, engine: WayFound, endpoint: WayFound) -> Vec<Line> {
    let first = if plan.operation.is_write() {
        "write"
    } else {
        "eventual"
    };
    let mut out = vec![Line {
        way: engine.way,
        read: first,
        engine: engine.eventual,
        endpoint: endpoint.eventual,
    }];
    if let (Some(e), Some(d)) = (engine.strong, endpoint.strong) {
        out.push(Line {
            way: engine.way,
            read: "strong",
            engine: e,
            endpoint: d,
        });
    }
    out
}

fn outcome_json(outcome: &Outcome) -> Json {
    match outcome {
        Ok(figures) => serde_json::to_value(figures).unwrap_or(Json::Null),
        Err(e) => json!({"error": {"code": e.code, "message": e.message}}),
    }
}

/// The figures of a line, each once where both sides agree.
fn cells(engine: &Outcome, endpoint: &Outcome) -> String {
    match (engine, endpoint) {
        (Ok(a), Ok(b)) => {
            let mut out = Vec::new();
            if a.count.is_some() || b.count.is_some() {
                out.push(pair("pages", a.pages.to_string(), b.pages.to_string()));
                out.push(pair("Count", count(a.count), count(b.count)));
            }
            if a.scanned_count.is_some() || b.scanned_count.is_some() {
                out.push(pair(
                    "ScannedCount",
                    count(a.scanned_count),
                    count(b.scanned_count),
                ));
            }
            out.push(pair("units", units(a), units(b)));
            out.join("  ")
        }
        (Err(a), Err(b)) if a == b => format!("refused: {a}"),
        (a, b) => format!("engine: {}\n{:33}endpoint: {}", side(a), "", side(b)),
    }
}

fn pair(name: &str, a: String, b: String) -> String {
    if a == b {
        format!("{name} {a}")
    } else {
        format!("{name} {a} ≠ {b}")
    }
}

fn count(n: Option<u64>) -> String {
    n.map_or("none".into(), |n| n.to_string())
}

fn number(units: f64) -> String {
    let text = format!("{units:.4}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// `1.5 (table 0.5, GSI1 1)`, or `none reported`.
fn units(f: &Figures) -> String {
    let Some(total) = f.capacity_units else {
        return "none reported".into();
    };
    let mut parts = Vec::new();
    if let Some(table) = f.table_units {
        parts.push(format!("table {}", number(table)));
    }
    for (index, u) in &f.index_units {
        parts.push(format!("{index} {}", number(*u)));
    }
    if parts.is_empty() {
        number(total)
    } else {
        format!("{} ({})", number(total), parts.join(", "))
    }
}

fn side(outcome: &Outcome) -> String {
    match outcome {
        Ok(f) => cells(&Ok(f.clone()), &Ok(f.clone())),
        Err(e) => format!("refused: {e}"),
    }
}
