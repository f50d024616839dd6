//! `docs/performance.md` and the README's headline table, written from one
//! run's measurements.

use std::collections::BTreeSet;
use std::fmt::Write;

use super::figures::{FIGURES, Figure, Unit};
use super::results::{Measurements, Runs, Summary};
use super::verdict::{Verdict, show, show_summary, show_target, summarise};

/// Where the README's generated table starts and ends.
pub const HEADLINE_START: &str =
    "<!-- headline figures: written by `cargo xtask bench` from docs/performance.md -->";
pub const HEADLINE_END: &str = "<!-- end of headline figures -->";

/// The machine a run was measured on.
pub struct Machine {
    pub date: String,
    pub cores: usize,
    pub memory_gib: f64,
    pub processor: String,
}

impl Machine {
    pub fn this_one() -> Machine {
        let read = |path: &str| std::fs::read_to_string(path).unwrap_or_default();
        let meminfo = read("/proc/meminfo");
        let memory_kib = meminfo
            .lines()
            .find_map(|l| l.strip_prefix("MemTotal:"))
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|n| n.parse::<f64>().ok())
            .unwrap_or(0.0);
        let cpuinfo = read("/proc/cpuinfo");
        let processor = cpuinfo
            .lines()
            .find_map(|l| l.strip_prefix("model name"))
            .map(|rest| rest.trim_start_matches([' ', '\t', ':']).trim().to_string())
            .unwrap_or_else(|| "processor not named".into());
        Machine {
            date: today(),
            cores: std::thread::available_parallelism().map_or(1, |n| n.get()),
            memory_gib: memory_kib / (1024.0 * 1024.0),
            processor,
        }
    }
}

/// One figure as the report shows it.
struct Row {
    figure: Figure,
    summary: Option<Summary>,
}

impl Row {
    fn measured(&self) -> String {
        self.summary.as_ref().map_or_else(
            || "not measured in this run".into(),
            |s| show_summary(self.figure.unit, s),
        )
    }

    fn target(&self) -> String {
        let Some(target) = self.figure.target else {
            return String::new();
        };
        let shown = show_target(self.figure.unit, target);
        match &self.summary {
            Some(summary) => format!("{shown}: {}", Verdict::of(summary, target).words()),
            None => shown,
        }
    }

    fn line(&self, with_bench: bool) -> String {
        let what = if with_bench {
            format!(
                "{} ([{}](../{}))",
                self.figure.what,
                file_name(self.figure.bench),
                self.figure.bench
            )
        } else {
            self.figure.what.to_string()
        };
        format!("| {what} | {} | {} |\n", self.measured(), self.target())
    }
}

fn file_name(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

/// The README's headline table.
pub fn headline(measured: &Measurements) -> Result<String, String> {
    let mut out = String::from("| what | measured | target |\n| --- | --- | --- |\n");
    for figure in FIGURES.iter().filter(|f| f.headline) {
        let row = Row {
            figure: *figure,
            summary: summarise(figure, measured)?,
        };
        out.push_str(&row.line(false));
    }
    Ok(out)
}

/// The whole of `docs/performance.md`.
pub fn document(measured: &Measurements, machine: &Machine) -> Result<String, String> {
    let mut out = String::new();
    let _ = write!(
        out,
        "# Performance\n\n\
         Written by `cargo xtask bench` on {date}, on a machine with {cores} cores and {memory:.0} GiB \
         of memory ({processor}). Do not edit it by hand: run the command again.\n\n\
         Each figure is the median of its runs. The spread beside it is every run, from the least to the \
         most, where there were fewer than twenty (page loads, server rounds); for criterion's samples it \
         is the middle half, the 25th to the 75th percentile. A target is met when the whole spread is \
         within it, met at the median when only the median is, and not met otherwise; \
         `cargo xtask bench --check` fails when even the fastest runs miss it. A ratio's spread runs from \
         one side's fastest against the other's slowest. Each benchmark's file says what it measures and \
         how.\n\n\
         ## Headline figures\n\n\
         The README's table.\n\n{headline}",
        date = machine.date,
        cores = machine.cores,
        memory = machine.memory_gib,
        processor = machine.processor,
        headline = headline(measured)?,
    );
    let mut benches: Vec<&str> = Vec::new();
    for figure in FIGURES {
        if !benches.contains(&figure.bench) {
            benches.push(figure.bench);
        }
    }
    for bench in benches {
        let _ = write!(
            out,
            "\n## [{bench}](../{bench})\n\n| what | measured | target |\n| --- | --- | --- |\n"
        );
        for figure in FIGURES.iter().filter(|f| f.bench == bench) {
            let row = Row {
                figure: *figure,
                summary: summarise(figure, measured)?,
            };
            out.push_str(&row.line(false));
        }
    }
    out.push_str(&unlisted(measured));
    Ok(out)
}

/// Figures a benchmark reported that the list does not name: the wasm's
/// breakdown by crate and by function family, and any other.
fn unlisted(measured: &Measurements) -> String {
    let listed: BTreeSet<&str> = FIGURES.iter().map(|f| f.id).collect();
    let mut out = String::new();
    for (prefix, title) in [
        ("wasm/crate/", "Where the page's wasm goes, by crate"),
        (
            "wasm/family/",
            "The largest function families in the page's wasm",
        ),
        (
            "wasm/first/crate/",
            "Where the first module goes (what the first load fetches), by crate",
        ),
        (
            "wasm/first/family/",
            "The largest function families in the first module",
        ),
    ] {
        let mut rows: Vec<(&str, f64)> = measured
            .iter()
            .filter_map(|(id, runs)| Some((id.strip_prefix(prefix)?, *runs.values.first()?)))
            .collect();
        if rows.is_empty() {
            continue;
        }
        rows.sort_by(|a, b| b.1.total_cmp(&a.1));
        let _ = write!(
            out,
            "\n## {title}\n\nThe optimised wasm with its names kept, summed by twiggy \
             ([wasm_breakdown.mjs](../tests/e2e/bench/wasm_breakdown.mjs)); sizes before gzip.\n\n\
             | part | size |\n| --- | --- |\n"
        );
        for (name, bytes) in rows {
            let _ = writeln!(out, "| `{name}` | {} |", show(Unit::Bytes, bytes));
        }
    }
    out.push_str(&worst_cases(measured));
    let others: Vec<_> = measured
        .iter()
        .filter(|(id, _)| {
            !listed.contains(id.as_str())
                && !id.starts_with("wasm/")
                && !id.starts_with("worst_case/")
        })
        .collect();
    if !others.is_empty() {
        out.push_str("\n## Other figures\n\nReported by a benchmark under these ids.\n\n| id | measured |\n| --- | --- |\n");
        for (id, runs) in others {
            let shown = match (Summary::of(&runs.values), runs.unit.as_str()) {
                (Some(s), "ns") => show_summary(Unit::Nanos, &s),
                (Some(s), "ms") => show_summary(Unit::Millis, &s),
                (Some(s), "bytes") => show_summary(Unit::Bytes, &s),
                (Some(s), _) => show_summary(Unit::Ratio, &s),
                (None, _) => "no runs".into(),
            };
            let _ = writeln!(out, "| `{id}` | {shown} |");
        }
    }
    out
}

/// The worst case each of the page's bounds allows, in the page's build
/// in the browser and natively, each against its own budget at the median.
fn worst_cases(measured: &Measurements) -> String {
    let names: BTreeSet<&str> = measured
        .keys()
        .filter_map(|id| {
            id.strip_prefix("worst_case/page/")
                .or_else(|| id.strip_prefix("worst_case/native/"))
        })
        .collect();
    if names.is_empty() {
        return String::new();
    }
    let mut out = String::from(
        "\n## The worst cases the page's bounds allow\n\n\
         Each check that once was quadratic, at the largest input the page's bounds let in \
         ([worst_cases.rs](../web/tests/worst_cases.rs)): in the page's own build in headless Chromium, \
         and natively; five runs each, the median held to its budget.\n\n\
         | case | in the page | natively | budget |\n| --- | --- | --- | --- |\n",
    );
    for name in names {
        let page = measured.get(&format!("worst_case/page/{name}"));
        let native = measured.get(&format!("worst_case/native/{name}"));
        let shown = |runs: Option<&Runs>| {
            runs.and_then(|r| Summary::of(&r.values))
                .map_or_else(|| "not measured".into(), |s| show_summary(Unit::Millis, &s))
        };
        let budget = page.or(native).and_then(|r| r.budget).map_or_else(
            || "none".to_string(),
            |budget| {
                let median_within = |runs: Option<&Runs>| {
                    runs.and_then(|r| Summary::of(&r.values))
                        .is_none_or(|s| s.median < budget)
                };
                let verdict = if median_within(page) && median_within(native) {
                    "met"
                } else {
                    "**not met**"
                };
                format!("median < {}: {verdict}", show(Unit::Millis, budget))
            },
        );
        let _ = writeln!(
            out,
            "| {name} | {} | {} | {budget} |",
            shown(page),
            shown(native)
        );
    }
    out
}

/// The README with its headline table replaced.
pub fn with_headline(readme: &str, table: &str) -> Result<String, String> {
    let start = readme
        .find(HEADLINE_START)
        .ok_or("README.md has no headline figures marker")?;
    let end = readme[start..]
        .find(HEADLINE_END)
        .map(|at| start + at)
        .ok_or("README.md's headline figures have no end marker")?;
    Ok(format!(
        "{}{HEADLINE_START}\n{table}{}",
        &readme[..start],
        &readme[end..]
    ))
}

/// The table between the markers, as written.
#[cfg(test)]
pub fn headline_in(text: &str) -> Option<&str> {
    let start = text.find(HEADLINE_START)? + HEADLINE_START.len() + 1;
    let end = start + text.get(start..)?.find(HEADLINE_END)?;
    text.get(start..end)
}

/// Today's date (UTC), from the clock.
fn today() -> String {
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    // Days since 1970-01-01 to a civil date (H. Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z - era * 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1_460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_index + 2) / 5 + 1;
    let month = if month_index < 10 {
        month_index + 3
    } else {
        month_index - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!("{year}-{month:02}-{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn measured(pairs: &[(&str, &str, &[f64])]) -> Measurements {
        pairs
            .iter()
            .map(|(id, unit, values)| {
                (
                    id.to_string(),
                    Runs {
                        unit: unit.to_string(),
                        values: values.to_vec(),
                        budget: None,
                    },
                )
            })
            .collect()
    }

    #[test]
    fn the_headline_table_shows_each_figure_against_its_target() {
        let table = headline(&measured(&[
            ("page/first_load", "bytes", &[970_035.0]),
            (
                "first_render/page/throttled",
                "ms",
                &[1813.0, 1718.0, 1944.0, 1900.0, 1750.0],
            ),
        ]))
        .unwrap();
        assert!(table.contains(
            "| the page's first load, gzipped (index, stylesheet, module, wasm) | 947.3 KB (one run) | ≤ 500 KB: **not met**, by more than the spread |"
        ));
        assert!(table.contains("| 1.81 s (1.72 s–1.94 s, 5 runs) | ≤ 2.00 s: met |"));
        assert!(table.contains("| Query returning 100 items of a 1,000,000-item table | not measured in this run | ≤ 20.0 µs |"));
    }

    #[test]
    fn the_first_module_has_its_own_breakdown_after_the_whole_page() {
        let written = unlisted(&measured(&[
            ("wasm/crate/engine", "bytes", &[535_859.0]),
            ("wasm/first/crate/engine", "bytes", &[307_917.0]),
            ("wasm/first/family/engine::api::call", "bytes", &[51_533.0]),
        ]));
        let whole = written
            .find("Where the page's wasm goes, by crate")
            .unwrap();
        let first = written
            .find("Where the first module goes (what the first load fetches), by crate")
            .unwrap();
        let families = written
            .find("The largest function families in the first module")
            .unwrap();
        assert!(whole < first && first < families, "{written}");
        assert!(
            written[first..families].contains("| `engine` |"),
            "{written}"
        );
        assert!(
            written[families..].contains("| `engine::api::call` |"),
            "{written}"
        );
        assert!(!written.contains("Other figures"), "{written}");
    }

    #[test]
    fn a_figure_in_the_wrong_unit_is_refused() {
        let error = headline(&measured(&[("page/first_load", "ms", &[1.0])])).unwrap_err();
        assert_eq!(error, "page/first_load was reported in ms, expected bytes");
    }

    #[test]
    fn the_readme_table_is_replaced_between_its_markers() {
        let readme = format!("intro\n{HEADLINE_START}\nold\n{HEADLINE_END}\nafter\n");
        let written = with_headline(&readme, "new\n").unwrap();
        assert_eq!(
            written,
            format!("intro\n{HEADLINE_START}\nnew\n{HEADLINE_END}\nafter\n")
        );
        assert_eq!(headline_in(&written), Some("new\n"));
    }

    #[test]
    fn the_readme_shows_the_headline_figures_performance_md_was_written_with() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
        let performance = std::fs::read_to_string(root.join("docs/performance.md")).unwrap();
        let in_readme = headline_in(&readme).expect("README.md has the headline markers");
        assert!(
            in_readme.starts_with("| what | measured | target |\n"),
            "{in_readme}"
        );
        assert!(
            performance.contains(in_readme),
            "README.md's headline table is not the one in docs/performance.md; run `cargo xtask bench`"
        );
    }
}
