//! `ddbplay serve --load`: a playground's `.ddbplay.json` file or share
//! link, opened as the page opens it — the page's own code (`ddbplay-web`:
//! the same decoding, bounds, checks and generation) — into an engine
//! holding its table, its generated items and its changes by hand, with
//! its stream and time to live on.

use std::path::Path;

use engine::Engine;
use web::limits::MAX_DOCUMENT_BYTES;
use web::model::data::write_path;
use web::model::playground::Playground;
use web::share::link_parameter;

/// What was loaded, for the start-up line.
pub struct Loaded {
    pub engine: Engine,
    pub table: String,
    pub items: usize,
    /// The playground as a `.ddbplay.json` file's text: what `--data`
    /// logs, so a restart builds the same engine again.
    pub document: String,
}

/// Opens `source`: a file if one is there, else a link (a whole address
/// with `#play=…`, or the fragment alone).
pub fn load(source: &str) -> Result<Loaded, String> {
    build(&open(source)?)
}

/// The playground `source` holds, checked as the page checks it: a
/// file, a link, or the name of a design of the gallery (`commerce`,
/// `sharding`, …) when no file has that name.
pub fn open(source: &str) -> Result<Playground, String> {
    Ok(if Path::new(source).is_file() {
        let bytes = std::fs::metadata(source)
            .map_err(|e| format!("{source}: {e}"))?
            .len();
        if bytes > MAX_DOCUMENT_BYTES as u64 {
            return Err(format!(
                "{source} is {bytes} bytes long; a playground file is at most {MAX_DOCUMENT_BYTES}"
            ));
        }
        let text = std::fs::read_to_string(source).map_err(|e| format!("{source}: {e}"))?;
        web::session::open_file(&text).map_err(|e| format!("{source}: {e}"))?
    } else if let Some(value) = link_parameter(source.rsplit_once('#').map_or(source, |(_, f)| f)) {
        web::session::open_link(value).map_err(|e| format!("the link: {e}"))?
    } else if let Some(example) = web::model::gallery::find(source) {
        (example.playground)()
    } else {
        let names: Vec<&str> = web::model::gallery::EXAMPLES
            .iter()
            .map(|e| e.name)
            .collect();
        return Err(format!(
            "{source} is neither a file, a link with #play=… nor a design of the gallery ({})",
            names.join(", ")
        ));
    })
}

/// An engine holding the playground's table, its generated items and its
/// changes by hand.
pub fn build(playground: &Playground) -> Result<Loaded, String> {
    let (engine, items, _warnings) = write_path::build(
        &playground.chart,
        playground.seed,
        playground.handler.as_ref(),
        Some(&playground.edits),
    )
    .map_err(|e| e.to_string())?;
    let table = playground.chart.table.name.clone();
    let items = engine.table(&table).map_or(items, |t| t.items.n_items());
    Ok(Loaded {
        engine,
        table,
        items,
        document: web::share::encode_file(&web::share::open::capture(playground)),
    })
}

/// The engine a playground file's text builds (a `--data` log's first
/// record, when the server was started with `--load`).
pub fn build_from_file(text: &str) -> Result<Engine, String> {
    let playground = web::session::open_file(text).map_err(|e| e.to_string())?;
    build(&playground).map(|loaded| loaded.engine)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The commerce example's link as the page writes it (format 5).
    fn example_link() -> String {
        let playground = web::model::gallery::commerce::playground();
        web::share::encode_link(&web::share::open::capture(&playground)).unwrap()
    }

    #[test]
    fn a_link_loads_the_example_table_and_its_items() {
        let link = format!("https://example.org/ddbplay/#{}", example_link());
        let loaded = load(&link).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(loaded.table, "commerce-main");
        assert_eq!(loaded.items, 892);
        let description = loaded.engine.table("commerce-main").unwrap();
        assert!(description.stream.is_some(), "the stream is on");
    }

    #[test]
    fn a_file_loads_the_same_and_a_bad_source_says_what_it_is() {
        let playground = web::model::gallery::commerce::playground();
        let file = web::share::encode_file(&web::share::open::capture(&playground));
        let path = std::env::temp_dir().join(format!("ddbplay-load-{}.json", std::process::id()));
        std::fs::write(&path, file).unwrap();
        let loaded = load(path.to_str().unwrap()).unwrap_or_else(|e| panic!("{e}"));
        std::fs::remove_file(&path).unwrap();
        assert_eq!(loaded.items, 892);
        assert_eq!(
            load("nowhere.json").err().unwrap(),
            "nowhere.json is neither a file, a link with #play=… nor a design of the gallery (commerce, blog, hierarchy, adjacency, sharding, time-series, invoicing, multi-attribute)"
        );
        assert!(
            load("#play=5.AAAA")
                .err()
                .unwrap()
                .starts_with("the link: it is damaged")
        );
    }
}
