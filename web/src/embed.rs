//! How the page is asked to appear: the full playground, or embedded in a
//! course page with only some panels, read-only, on a chosen pattern.
//!
//! Options come from the address's query and fragment, `name=value` pairs
//! joined by `&` (the fragment's win): `?embed&panels=patterns,comparison`
//! and `#play=4.…&readonly&pattern=3` both work.
//!
//! | option | meaning |
//! | --- | --- |
//! | `embed` | the compact layout for a frame: no header, an "Open in the full playground" link |
//! | `panels=a,b` | only these panels, in this order (names: [`Panel::NAMES`]) |
//! | `readonly` | nothing can be changed; Compare and Run (reads) still work |
//! | `pattern=N` | compare the Nth access pattern first |
//! | `id=…` | echoed in the height messages, to tell frames apart |
//! | `show=name` | open the page scrolled to that panel |

/// True when the page is read-only: nothing can be changed, reads still run.
#[yew::hook]
pub fn use_read_only() -> bool {
    yew::use_context::<Options>().is_some_and(|o| o.read_only)
}

/// A panel of the page, by the name a link or an embed uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Panel {
    Patterns,
    Comparison,
    Review,
    Throughput,
    Runner,
    Items,
    Data,
    Item,
    Stream,
    Design,
    Chart,
}

impl Panel {
    /// Every panel, in the page's order.
    pub const ALL: [Panel; 11] = [
        Panel::Patterns,
        Panel::Comparison,
        Panel::Runner,
        Panel::Review,
        Panel::Throughput,
        Panel::Items,
        Panel::Data,
        Panel::Item,
        Panel::Stream,
        Panel::Design,
        Panel::Chart,
    ];

    /// The names, as written in `panels=`.
    pub const NAMES: [&'static str; 11] = [
        "patterns",
        "comparison",
        "runner",
        "review",
        "throughput",
        "items",
        "data",
        "item",
        "stream",
        "design",
        "chart",
    ];

    /// Its name in links, and the id of its section in the page.
    pub fn name(self) -> &'static str {
        Self::NAMES[Self::ALL.iter().position(|p| *p == self).unwrap_or(0)]
    }

    /// The panel with this name.
    pub fn from_name(name: &str) -> Option<Panel> {
        Self::NAMES
            .iter()
            .position(|n| n.eq_ignore_ascii_case(name.trim()))
            .map(|i| Self::ALL[i])
    }

    /// Its heading.
    pub fn title(self) -> &'static str {
        match self {
            Panel::Patterns => "Access patterns",
            Panel::Comparison => "What it costs",
            Panel::Review => "Design review",
            Panel::Throughput => "Throughput per partition",
            Panel::Runner => "Run a request",
            Panel::Items => "Items",
            Panel::Data => "The data, as DynamoDB stores it",
            Panel::Item => "One item",
            Panel::Stream => "Stream and time to live",
            Panel::Design => "Table design",
            Panel::Chart => "Entity chart",
        }
    }

    /// True for the panels that describe the model (the left side of the
    /// workbench); the others show results.
    pub fn is_model(self) -> bool {
        matches!(
            self,
            Panel::Patterns | Panel::Review | Panel::Design | Panel::Chart
        )
    }
}

/// How the page is to appear.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Options {
    pub embed: bool,
    /// The panels to show, in order; `None` for all.
    pub panels: Option<Vec<Panel>>,
    pub read_only: bool,
    /// The access pattern to compare first, by position.
    pub pattern: Option<usize>,
    /// Tells this frame's height messages apart.
    pub id: Option<String>,
    /// The panel to scroll to when the page opens.
    pub show: Option<Panel>,
}

/// The `name=value` pairs of a query or fragment (a bare `name` has an
/// empty value); `%`-escapes are not needed by any option and kept as they are.
fn pairs(text: &str) -> impl Iterator<Item = (&str, &str)> {
    text.trim_start_matches(['?', '#'])
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| p.split_once('=').unwrap_or((p, "")))
}

impl Options {
    /// Reads the options from the query and the fragment.
    pub fn read(query: &str, fragment: &str) -> Options {
        let mut options = Options::default();
        for (name, value) in pairs(query).chain(pairs(fragment)) {
            let on = !matches!(value, "0" | "false" | "no");
            match name {
                "embed" => options.embed = on,
                "readonly" | "read-only" => options.read_only = on,
                "panels" => {
                    let panels: Vec<Panel> =
                        value.split(',').filter_map(Panel::from_name).collect();
                    options.panels = (!panels.is_empty()).then_some(panels);
                }
                "pattern" => {
                    options.pattern = value.parse::<usize>().ok().and_then(|n| n.checked_sub(1))
                }
                "id" => {
                    let id: String = value
                        .chars()
                        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_'))
                        .take(64)
                        .collect();
                    options.id = (!id.is_empty()).then_some(id);
                }
                "show" => options.show = Panel::from_name(value),
                _ => {}
            }
        }
        options
    }

    /// The panels to draw, in order.
    pub fn panels(&self) -> Vec<Panel> {
        self.panels.clone().unwrap_or_else(|| Panel::ALL.to_vec())
    }

    /// The query that asks for these options (without `?`), for the share
    /// dialog's embed snippet.
    pub fn query(&self) -> String {
        let mut parts = Vec::new();
        if self.embed {
            parts.push("embed".to_string());
        }
        if let Some(panels) = &self.panels {
            let names: Vec<&str> = panels.iter().map(|p| p.name()).collect();
            parts.push(format!("panels={}", names.join(",")));
        }
        if self.read_only {
            parts.push("readonly".to_string());
        }
        if let Some(pattern) = self.pattern {
            parts.push(format!("pattern={}", pattern + 1));
        }
        parts.join("&")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_come_from_the_query_and_the_fragment() {
        let options = Options::read(
            "?embed&panels=patterns,comparison,nonsense",
            "#play=1.abc&readonly&pattern=3&id=lesson-2<script>",
        );
        assert_eq!(
            options,
            Options {
                embed: true,
                panels: Some(vec![Panel::Patterns, Panel::Comparison]),
                read_only: true,
                pattern: Some(2),
                id: Some("lesson-2script".into()),
                show: None,
            }
        );
        assert_eq!(
            options.query(),
            "embed&panels=patterns,comparison&readonly&pattern=3"
        );
    }

    #[test]
    fn the_full_page_shows_every_panel() {
        let options = Options::read("", "#play=1.abc&show=runner");
        assert!(!options.embed && !options.read_only);
        assert_eq!(options.panels().len(), 11);
        assert_eq!(options.show, Some(Panel::Runner));
        assert_eq!(Options::read("?embed=0&pattern=0", "").pattern, None);
    }
}
