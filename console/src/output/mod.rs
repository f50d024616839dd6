//! Printing an answer as the aws CLI prints it (`awscli/formatter.py`):
//! `--query` applied first ([`query`]), then the format — JSON (indent 4,
//! nothing at all for an empty answer), [`text`], [`table`], [`yaml`],
//! `yaml-stream` or `off`.
//!
//! A paginated answer is printed whole for JSON, YAML and table (the pages
//! joined, `--query` on the whole), and page by page for text and
//! yaml-stream (`--query` on each page), as the CLI does.

pub mod functions;
pub mod query;
pub mod table;
pub mod text;
mod wide;
pub mod yaml;

use crate::aws::failure::Failure;
use crate::aws::globals::Output;
use crate::aws::paginate::{Pages, full_result, text_pages};
use crate::aws::params::Pagination;
use crate::python::json::dumps_indented;
use crate::python::{Dict, Value};
use query::Query;

/// How one command's answer is printed.
pub struct Printer<'a> {
    pub format: Output,
    pub query: Option<&'a Query>,
    /// The operation's name: the table's title.
    pub operation: &'a str,
}

impl Printer<'_> {
    fn apply(&self, value: Value) -> Result<Value, Failure> {
        match self.query {
            Some(query) => query.search(&value).map_err(|e| Failure::General(e.0)),
            None => Ok(value),
        }
    }

    /// One answer, printed.
    pub fn answer(&self, answer: &Value) -> Result<String, Failure> {
        if self.format == Output::Text {
            return Ok(text::format_text(&self.apply(answer.clone())?));
        }
        if self.format == Output::YamlStream {
            let value = self.apply(answer.clone())?;
            if value == Value::Dict(Dict::new()) {
                return Ok(String::new());
            }
            return Ok(yaml::format_yaml_stream(&value));
        }
        let value = self.apply(answer.clone())?;
        Ok(self.whole(&value))
    }

    /// The pages of a paginated answer, printed; `complete` is false when a
    /// later page failed (only what the CLI prints as it goes is kept).
    pub fn pages(
        &self,
        pages: &Pages,
        spec: &Pagination,
        complete: bool,
    ) -> Result<String, Failure> {
        match self.format {
            Output::Text => {
                let mut out = String::new();
                for page in text_pages(pages, spec) {
                    out.push_str(&text::format_text(&self.apply(page)?));
                }
                if let Some(token) = &pages.next_token {
                    let mut inner = Dict::new();
                    inner.insert("NextToken", Value::Str(token.clone()));
                    let mut outer = Dict::new();
                    outer.insert("NextToken", Value::Dict(inner));
                    out.push_str(&text::format_text(&self.apply(Value::Dict(outer))?));
                }
                Ok(out)
            }
            Output::YamlStream => {
                let mut out = String::new();
                for page in &pages.pages {
                    out.push_str(&yaml::format_yaml_stream(&self.apply(page.clone())?));
                }
                Ok(out)
            }
            _ if !complete => Ok(String::new()),
            _ => {
                let value = self.apply(full_result(pages, spec))?;
                Ok(self.whole(&value))
            }
        }
    }

    /// A whole answer in the formats printed at once.
    fn whole(&self, value: &Value) -> String {
        let empty = *value == Value::Dict(Dict::new());
        match self.format {
            Output::Json if empty => String::new(),
            Output::Json => format!("{}\n", dumps_indented(value)),
            Output::Yaml => yaml::format_yaml(value),
            Output::Table => table::format_table(self.operation, value),
            Output::Text => text::format_text(value),
            Output::YamlStream => yaml::format_yaml_stream(value),
            Output::Off => String::new(),
        }
    }
}
