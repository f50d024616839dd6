//! How the page is asked to appear: the full playground, or embedded in a
//! course page with only some panels, read-only, on a chosen pattern.
//!
//! Options come from the address's query and fragment, `name=value` pairs
//! joined by `&` (the fragment's win): `?embed&panels=patterns,comparison`
//! and `#play=7.…&readonly&pattern=3` both work.
//!
//! | option | meaning |
//! | --- | --- |
//! | `embed` | the compact layout for a frame: no header, an "Open in the full playground" link |
//! | `panels=a,b` | only these panels, in this order (names: [`Panel::name`]) |
//! | `readonly` | nothing can be changed; Compare and Run (reads) still work |
//! | `pattern=N` | compare the Nth access pattern first |
//! | `id=…` | echoed in the height messages, to tell frames apart |
//! | `show=name` | open the page scrolled to that panel |

/// True when the page is read-only: nothing can be changed, reads still run.
#[yew::hook]
pub fn use_read_only() -> bool {
    yew::use_context::<Options>().is_some_and(|o| o.read_only)
}

/// Which side of the workbench a panel stands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The design: what the learner describes (the left side).
    Model,
    /// What the design does: numbers, items, requests (the right side).
    Results,
}

/// Declares every panel once: its variant, its name in links and embeds
/// (`panels=`, and the id of its section), its heading and its side, in
/// the page's order.
macro_rules! panels {
    ($($panel:ident => $name:literal, $title:literal, $side:ident;)+) => {
        /// A panel of the page, by the name a link or an embed uses.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Panel {
            $($panel,)+
        }

        impl Panel {
            /// Every panel, in the page's order.
            pub const ALL: &'static [Panel] = &[$(Panel::$panel),+];

            /// Its name in links, and the id of its section in the page.
            pub const fn name(self) -> &'static str {
                match self {
                    $(Panel::$panel => $name,)+
                }
            }

            /// Its heading.
            pub const fn title(self) -> &'static str {
                match self {
                    $(Panel::$panel => $title,)+
                }
            }

            /// The side of the workbench it stands on.
            pub const fn side(self) -> Side {
                match self {
                    $(Panel::$panel => Side::$side,)+
                }
            }
        }
    };
}

panels! {
    Patterns => "patterns", "Access patterns", Model;
    Comparison => "comparison", "What it costs", Results;
    Runner => "runner", "Run a request", Results;
    Console => "console", "aws CLI console", Results;
    Review => "review", "Design review", Model;
    Throughput => "throughput", "Throughput per partition", Results;
    Items => "items", "Items", Results;
    Data => "data", "The data, as DynamoDB stores it", Results;
    Item => "item", "One item", Results;
    Stream => "stream", "Stream and time to live", Results;
    Design => "design", "Table design", Model;
    Chart => "chart", "Entity chart", Model;
}

impl Panel {
    /// The panel with this name (any case, spaces around ignored).
    pub fn from_name(name: &str) -> Option<Panel> {
        Panel::ALL
            .iter()
            .copied()
            .find(|p| p.name().eq_ignore_ascii_case(name.trim()))
    }

    /// True for the panels a first visit shows first: the access patterns
    /// and what one costs. Their code is in the page's first module; the
    /// others are drawn when the rest of it has come
    /// ([`crate::rest_of_page`]).
    pub fn on_first_screen(self) -> bool {
        matches!(self, Panel::Patterns | Panel::Comparison)
    }

    /// True for the panels that describe the model (the left side of the
    /// workbench); the others show results.
    pub fn is_model(self) -> bool {
        self.side() == Side::Model
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
    /// The access patterns the list shows, by position (`patterns=3,8`);
    /// `None` for all. At most [`crate::limits::MAX_PATTERNS`] are read.
    pub rows: Option<Vec<usize>>,
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
                "patterns" => {
                    let rows: Vec<usize> = value
                        .split(',')
                        .take(crate::limits::MAX_PATTERNS)
                        .filter_map(|n| n.trim().parse::<usize>().ok()?.checked_sub(1))
                        .collect();
                    options.rows = (!rows.is_empty()).then_some(rows);
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
        if let Some(rows) = &self.rows {
            let rows: Vec<String> = rows.iter().map(|r| (r + 1).to_string()).collect();
            parts.push(format!("patterns={}", rows.join(",")));
        }
        parts.join("&")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_panel_reads_back_from_its_name_in_any_case() {
        let names: Vec<&str> = Panel::ALL.iter().map(|p| p.name()).collect();
        assert_eq!(
            names,
            [
                "patterns",
                "comparison",
                "runner",
                "console",
                "review",
                "throughput",
                "items",
                "data",
                "item",
                "stream",
                "design",
                "chart"
            ]
        );
        for &panel in Panel::ALL {
            assert_eq!(Panel::from_name(panel.name()), Some(panel));
            assert_eq!(
                Panel::from_name(&format!(" {} ", panel.name().to_uppercase())),
                Some(panel)
            );
        }
        assert_eq!(Panel::from_name("terminal"), None);
        let model: Vec<&str> = Panel::ALL
            .iter()
            .filter(|p| p.is_model())
            .map(|p| p.name())
            .collect();
        assert_eq!(model, ["patterns", "review", "design", "chart"]);
    }

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
                rows: None,
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
        assert_eq!(options.panels().len(), 12);
        assert_eq!(options.show, Some(Panel::Runner));
        assert_eq!(Options::read("?embed=0&pattern=0", "").pattern, None);
        // Chosen rows, by position from 1; what is not a position is left out.
        let rows = Options::read("?embed&patterns=3,8,x,0", "");
        assert_eq!(rows.rows, Some(vec![2, 7]));
        assert_eq!(rows.query(), "embed&patterns=3,8");
        let many = format!("?patterns={}", vec!["1"; 10_000].join(","));
        assert_eq!(
            Options::read(&many, "").rows.unwrap().len(),
            crate::limits::MAX_PATTERNS
        );
    }
}
