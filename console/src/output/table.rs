//! `--output table`, as `awscli/table.py` and `formatter.py` draw it: a
//! section per object, titled by its key (the operation's name at the
//! top), its scalar keys sorted into a header row and a value row, nested
//! objects and lists as indented sections below, columns scaled to fill
//! the widest section, and, when that is wider than 80 columns, each
//! one-row section turned into a list of key and value. Colours are off
//! unless `--color on`.

use crate::python::Value;

#[derive(Default)]
struct Section {
    title: String,
    headers: Vec<String>,
    rows: Vec<Vec<String>>,
    indent: usize,
    max_widths: Vec<usize>,
}

/// The terminal width the CLI assumes when its output is not a terminal.
const TERMINAL_WIDTH: usize = 80;

/// Python's `str(value)` width as `get_text_length` counts it: East Asian
/// wide, full-width and ambiguous characters ([`super::wide::WIDE`]) take
/// two columns, every other character one.
fn text_width(text: &str) -> usize {
    text.chars().map(|c| if is_wide(c) { 2 } else { 1 }).sum()
}

fn is_wide(c: char) -> bool {
    let code = c as u32;
    super::wide::WIDE
        .binary_search_by(|&(first, last)| {
            if last < code {
                std::cmp::Ordering::Less
            } else if first > code {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Equal
            }
        })
        .is_ok()
}

impl Section {
    fn update_widths(&mut self, row: &[String]) {
        if self.max_widths.is_empty() {
            self.max_widths = row.iter().map(|c| text_width(c)).collect();
        } else {
            for (i, cell) in row.iter().enumerate() {
                if let Some(width) = self.max_widths.get_mut(i) {
                    *width = (*width).max(text_width(cell));
                }
            }
        }
    }

    fn add_header(&mut self, headers: Vec<String>) {
        self.update_widths(&headers);
        self.headers = headers;
    }

    fn add_row(&mut self, row: Vec<String>) {
        self.update_widths(&row);
        self.rows.push(row);
    }

    fn column_widths(&self, padding: usize, max_width: Option<usize>) -> Vec<usize> {
        let unscaled: Vec<usize> = self.max_widths.iter().map(|w| w + padding).collect();
        let Some(max_width) = max_width else {
            return unscaled;
        };
        let total: usize = unscaled.iter().sum();
        if unscaled.is_empty() || total == 0 {
            return unscaled;
        }
        let scale = max_width as f64 / total as f64;
        let mut scaled: Vec<i64> = unscaled
            .iter()
            .map(|w| (scale * *w as f64).round_ties_even() as i64)
            .collect();
        let mut off_by: i64 = scaled.iter().sum::<i64>() - max_width as i64;
        while off_by != 0 {
            let order: Vec<usize> = if off_by < 0 {
                (0..scaled.len()).rev().collect()
            } else {
                (0..scaled.len()).collect()
            };
            for i in order {
                if off_by > 0 {
                    scaled[i] -= 1;
                    off_by -= 1;
                } else {
                    scaled[i] += 1;
                    off_by += 1;
                }
                if off_by == 0 {
                    break;
                }
            }
        }
        scaled.into_iter().map(|w| w.max(0) as usize).collect()
    }

    fn total_width(&self) -> usize {
        let columns: usize = self.column_widths(0, None).iter().map(|w| w + 4).sum();
        let total = columns + 2 + 2 * self.indent;
        total.max(text_width(&self.title) + 2 + 2 * self.indent)
    }
}

/// Draws an answer as a table titled by the operation (`Query`).
pub fn format_table(title: &str, value: &Value) -> String {
    let mut sections: Vec<Section> = Vec::new();
    if !build(&mut sections, Some(title), value, 0) {
        return String::new();
    }
    render(&mut sections)
}

fn scalar(value: &Value) -> bool {
    value.is_scalar()
}

fn build(sections: &mut Vec<Section>, title: Option<&str>, value: &Value, indent: usize) -> bool {
    if !value.is_truthy() || indent > crate::limits::MAX_JSON_DEPTH {
        return false;
    }
    if let Some(title) = title {
        sections.push(Section {
            title: title.to_string(),
            indent,
            ..Section::default()
        });
    }
    match value {
        Value::List(items) => {
            if matches!(items.first(), Some(Value::Dict(_))) {
                from_list(sections, items, indent, title);
            } else {
                for item in items {
                    match item {
                        v if scalar(v) => current(sections).add_row(vec![v.to_str()]),
                        Value::List(inner) if inner.iter().all(scalar) => {
                            current(sections).add_row(inner.iter().map(Value::to_str).collect())
                        }
                        other => {
                            build(sections, None, other, 0);
                        }
                    }
                }
            }
        }
        Value::Dict(dict) => {
            let (headers, more) = group(dict.iter());
            if headers.len() == 1 {
                let value = dict.get(&headers[0]).map(Value::to_str).unwrap_or_default();
                current(sections).add_row(vec![headers[0].clone(), value]);
            } else if !headers.is_empty() {
                let row = headers
                    .iter()
                    .map(|h| dict.get(h).map(Value::to_str).unwrap_or_default())
                    .collect();
                current(sections).add_header(headers);
                current(sections).add_row(row);
            }
            for key in more {
                if let Some(nested) = dict.get(&key) {
                    build(sections, Some(&key), nested, indent + 1);
                }
            }
        }
        _ => {}
    }
    true
}

fn current(sections: &mut Vec<Section>) -> &mut Section {
    if sections.is_empty() {
        sections.push(Section::default());
    }
    let last = sections.len() - 1;
    &mut sections[last]
}

/// An object's keys: those holding scalars, and the rest, each sorted.
fn group<'a>(entries: impl Iterator<Item = (&'a String, &'a Value)>) -> (Vec<String>, Vec<String>) {
    let mut headers = Vec::new();
    let mut more = Vec::new();
    for (key, value) in entries {
        if scalar(value) {
            headers.push(key.clone());
        } else {
            more.push(key.clone());
        }
    }
    headers.sort();
    more.sort();
    (headers, more)
}

fn from_list(sections: &mut Vec<Section>, items: &[Value], indent: usize, title: Option<&str>) {
    let mut headers: Vec<String> = Vec::new();
    let mut more: Vec<String> = Vec::new();
    for item in items {
        if let Value::Dict(dict) = item {
            let (h, m) = group(dict.iter());
            headers.extend(h);
            more.extend(m);
        }
    }
    headers.sort();
    headers.dedup();
    more.sort();
    more.dedup();
    current(sections).add_header(headers.clone());
    let mut first = true;
    for element in items {
        if !first && !more.is_empty() {
            sections.push(Section {
                title: title.unwrap_or_default().to_string(),
                indent,
                ..Section::default()
            });
            current(sections).add_header(headers.clone());
        }
        first = false;
        let dict = element.as_dict();
        let row = headers
            .iter()
            .map(|h| {
                dict.and_then(|d| d.get(h))
                    .map(Value::to_str)
                    .unwrap_or_default()
            })
            .collect();
        current(sections).add_row(row);
        for key in &more {
            if let Some(nested) = dict.and_then(|d| d.get(key)) {
                build(sections, Some(key), nested, indent + 1);
            }
        }
    }
}

fn render(sections: &mut [Section]) -> String {
    let mut max_width = sections.iter().map(Section::total_width).max().unwrap_or(0);
    if max_width > TERMINAL_WIDTH {
        for section in sections.iter_mut() {
            if section.rows.len() == 1 && !section.headers.is_empty() {
                let headers = std::mem::take(&mut section.headers);
                let row = std::mem::take(&mut section.rows[0]);
                let mut vertical = Section {
                    title: std::mem::take(&mut section.title),
                    indent: section.indent,
                    ..Section::default()
                };
                for (header, cell) in headers.into_iter().zip(row) {
                    vertical.add_row(vec![header, cell]);
                }
                *section = vertical;
            }
        }
        max_width = sections.iter().map(Section::total_width).max().unwrap_or(0);
    }
    let mut out = format!("{}\n", "-".repeat(max_width));
    for section in sections.iter() {
        let width = max_width.saturating_sub(section.indent * 2);
        let edge = "|".repeat(section.indent);
        let mut line = |text: String| {
            out.push_str(&edge);
            out.push_str(&text);
            out.push_str(&edge);
            out.push('\n');
        };
        if !section.title.is_empty() {
            line(center(&section.title, width, "|", "|"));
            if section.headers.is_empty() && section.rows.is_empty() {
                line(format!("+{}+", "-".repeat(width.saturating_sub(2))));
            }
        }
        if !section.headers.is_empty() {
            let widths = section.column_widths(4, Some(width));
            line(rule(&widths));
            let mut current = String::new();
            for (i, (w, header)) in widths.iter().zip(&section.headers).enumerate() {
                current.push_str(&center(header, *w, if i == 0 { "|" } else { "" }, "|"));
            }
            line(current);
        }
        if !section.rows.is_empty() {
            let widths = section.column_widths(4, Some(width));
            if widths.is_empty() {
                continue;
            }
            line(rule(&widths));
            for row in &section.rows {
                let mut current = String::new();
                for (i, (w, cell)) in widths.iter().zip(row).enumerate() {
                    current.push_str(&align_left(cell, *w, if i == 0 { "|" } else { "" }, "|"));
                }
                line(current);
            }
            line(rule(&widths));
        }
    }
    out
}

fn rule(widths: &[usize]) -> String {
    let mut out = String::new();
    for (i, w) in widths.iter().enumerate() {
        if i == 0 {
            out.push_str(&format!("+{}+", "-".repeat(w.saturating_sub(2))));
        } else {
            out.push_str(&format!("{}+", "-".repeat(w.saturating_sub(1))));
        }
    }
    out
}

fn center(text: &str, length: usize, left: &str, right: &str) -> String {
    let text_length = text_width(text) as i64;
    let start = (length as i64 / 2) - (text_length / 2) - 1;
    let start = start.max(0);
    let so_far = left.len() as i64 + start + text_length;
    let right_spaces = (length as i64 - right.len() as i64 - so_far).max(0);
    format!(
        "{left}{}{text}{}{right}",
        " ".repeat(start as usize),
        " ".repeat(right_spaces as usize)
    )
}

fn align_left(text: &str, length: usize, left: &str, right: &str) -> String {
    let text_length = text_width(text);
    let computed = text_length + 2 + left.len() + right.len();
    let padding = if length >= computed { 2 } else { 0 };
    let so_far = left.len() + padding + text_length;
    let fill = length.saturating_sub(so_far + right.len());
    format!(
        "{left}{}{text}{}{right}",
        " ".repeat(padding),
        " ".repeat(fill)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::python::json::loads;

    #[test]
    fn a_list_of_tables_is_a_titled_section_of_rows() {
        let value = loads(r#"{"TableNames": ["Music", "TA"]}"#).unwrap();
        assert_eq!(
            format_table("ListTables", &value),
            "--------------\n| ListTables |\n+------------+\n||TableNames||\n|+----------+|\n||  Music   ||\n||  TA      ||\n|+----------+|\n"
        );
    }

    #[test]
    fn a_scalar_after_query_prints_only_the_title() {
        assert_eq!(
            format_table("Query", &Value::Int(5)),
            "-------\n|Query|\n+-----+\n"
        );
    }
}
