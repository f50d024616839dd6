//! Every figure `cargo xtask bench` reports: what it is, which benchmark
//! measures it, how it is shown and the target it is held to.
//!
//! A benchmark only names its figures by id and gives its runs; the words
//! and the targets live here, once, so that `docs/performance.md`, the
//! README's headline table and `--check` cannot disagree. A figure a
//! benchmark reports that is not listed here is still shown, under its id.

/// How a figure's runs are measured and shown.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Unit {
    /// Nanoseconds per operation, shown in µs or ms.
    Nanos,
    /// Nanoseconds per operation, shown as operations per second.
    PerSecond,
    /// Milliseconds.
    Millis,
    /// Bytes, shown in KB (1,024 bytes).
    Bytes,
    /// A plain ratio, shown as `1.23×`.
    Ratio,
}

/// What a figure is held to, in the figure's own unit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Target {
    AtMost(f64),
}

/// Where a figure's runs come from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Source {
    /// Reported by a benchmark under this figure's id.
    Measured,
    /// One measured figure's runs divided by another's, sample by sample
    /// in order (both sides of a pair are measured in the same run).
    Ratio {
        numerator: &'static str,
        denominator: &'static str,
    },
}

/// One row of the report.
#[derive(Clone, Copy, Debug)]
pub struct Figure {
    pub id: &'static str,
    pub what: &'static str,
    /// The benchmark that measures it: a file anyone can run.
    pub bench: &'static str,
    pub unit: Unit,
    pub source: Source,
    pub target: Option<Target>,
    /// Shown in the README's table as well.
    pub headline: bool,
    /// Part of `cargo xtask bench --check --cheap`, which CI runs.
    pub cheap: bool,
}

const fn measured(id: &'static str, what: &'static str, bench: &'static str, unit: Unit) -> Figure {
    Figure {
        id,
        what,
        bench,
        unit,
        source: Source::Measured,
        target: None,
        headline: false,
        cheap: false,
    }
}

impl Figure {
    const fn at_most(mut self, limit: f64) -> Figure {
        self.target = Some(Target::AtMost(limit));
        self
    }

    /// A target of at least `per_second` operations a second, held as the
    /// time one operation may take.
    const fn at_least_per_second(self, per_second: f64) -> Figure {
        self.at_most(1e9 / per_second)
    }

    const fn headline(mut self) -> Figure {
        self.headline = true;
        self
    }

    const fn cheap(mut self) -> Figure {
        self.cheap = true;
        self
    }

    const fn ratio_of(mut self, numerator: &'static str, denominator: &'static str) -> Figure {
        self.source = Source::Ratio {
            numerator,
            denominator,
        };
        self
    }
}

const ENGINE: &str = "engine/benches/engine.rs";
const WRITE_PATH: &str = "engine/benches/write_path.rs";
const MULTI: &str = "engine/benches/multi_attribute.rs";
const API: &str = "engine/benches/api.rs";
const SHARE: &str = "web/benches/share.rs";
const OPEN: &str = "web/benches/open_example.rs";
const DURABLE: &str = "cli/benches/durable_write.rs";
const SERVER: &str = "tests/e2e/bench_server.py";
const PEER: &str = "tests/e2e/bench_server_peer.py";
const SIZE: &str = "tests/e2e/bench/page_size.mjs";
const FIRST: &str = "tests/e2e/bench/first_render.mjs";
const PAGE: &str = "tests/e2e/bench_page.mjs";

/// The figures, in the order the report shows them.
pub const FIGURES: &[Figure] = &[
    // The engine, in process.
    measured(
        "query_100_of_1m",
        "Query returning 100 items of a 1,000,000-item table",
        ENGINE,
        Unit::Nanos,
    )
    .at_most(20_000.0)
    .headline()
    .cheap(),
    measured(
        "indexed/query_100_of_1m",
        "the same Query, the table with two GSIs",
        WRITE_PATH,
        Unit::Nanos,
    )
    .at_most(20_000.0)
    .headline(),
    measured(
        "partiql_select_100_of_1m",
        "the same read as a PartiQL SELECT, parsing included",
        ENGINE,
        Unit::Nanos,
    ),
    measured(
        "partiql_against_query",
        "the PartiQL SELECT against the Query",
        ENGINE,
        Unit::Ratio,
    )
    .ratio_of("partiql_select_100_of_1m", "query_100_of_1m")
    .at_most(2.0),
    measured(
        "put_item_1kb/new_key",
        "PutItem of a ~1 KB item, new keys, no indexes",
        ENGINE,
        Unit::PerSecond,
    )
    .at_least_per_second(300_000.0)
    .headline()
    .cheap(),
    measured(
        "put_item_1kb/replace",
        "PutItem replacing a ~1 KB item, no indexes",
        ENGINE,
        Unit::PerSecond,
    ),
    measured(
        "indexed/put_item_1kb/new_key",
        "PutItem of a ~1 KB item, new keys, two GSIs",
        WRITE_PATH,
        Unit::PerSecond,
    ),
    measured(
        "indexed/put_item_1kb/replace",
        "PutItem replacing a ~1 KB item, two GSIs",
        WRITE_PATH,
        Unit::PerSecond,
    ),
    measured(
        "indexed/update_item_set_one_attribute",
        "UpdateItem SET of one attribute, two GSIs",
        WRITE_PATH,
        Unit::PerSecond,
    )
    .at_least_per_second(150_000.0)
    .headline(),
    measured(
        "indexed/batch_write_25",
        "BatchWriteItem of 25 ~1 KB puts, two GSIs",
        WRITE_PATH,
        Unit::PerSecond,
    )
    .at_least_per_second(10_000.0)
    .headline(),
    measured(
        "indexed/transact_write_10",
        "TransactWriteItems of 10 actions, two GSIs",
        WRITE_PATH,
        Unit::PerSecond,
    )
    .at_least_per_second(20_000.0)
    .headline(),
    measured(
        "stream/cpu_all_threads/no_stream",
        "PutItem replacing an item, two GSIs, processor time of all threads",
        WRITE_PATH,
        Unit::Nanos,
    ),
    measured(
        "stream/cpu_all_threads/new_and_old_images",
        "the same with a NEW_AND_OLD_IMAGES stream",
        WRITE_PATH,
        Unit::Nanos,
    ),
    measured(
        "stream_added",
        "what a stream adds to a PutItem, processor time of all threads",
        WRITE_PATH,
        Unit::Ratio,
    )
    .ratio_of(
        "stream/cpu_all_threads/new_and_old_images",
        "stream/cpu_all_threads/no_stream",
    )
    .at_most(1.10),
    measured(
        "scan_filter_1m/scan_filter_1m",
        "Scan with a FilterExpression over 1,000,000 items, every page",
        ENGINE,
        Unit::Nanos,
    )
    .at_most(300e6)
    .headline(),
    measured(
        "memory_against_items",
        "memory added by loading 1,000,000 items, against their summed sizes",
        ENGINE,
        Unit::Ratio,
    )
    .at_most(2.0),
    measured(
        "query_100_of_1m_index/single_attribute",
        "Query of 100 from a 1,000,000-entry GSI keyed on one concatenated attribute",
        MULTI,
        Unit::Nanos,
    ),
    measured(
        "query_100_of_1m_index/multi_attribute",
        "the same from a GSI keyed on three attributes",
        MULTI,
        Unit::Nanos,
    ),
    measured(
        "multi_attribute_against_single",
        "the GSI keyed on three attributes against the concatenated one",
        MULTI,
        Unit::Ratio,
    )
    .ratio_of(
        "query_100_of_1m_index/multi_attribute",
        "query_100_of_1m_index/single_attribute",
    )
    .at_most(1.5)
    .headline(),
    measured(
        "api/query_100_items/serde_json",
        "the JSON API's handling of a 100-item Query, serde_json encoder (the page's)",
        API,
        Unit::Nanos,
    ),
    measured(
        "api/query_100_items/sonic_rs",
        "the same, SIMD encoder (`ddbplay serve`'s)",
        API,
        Unit::Nanos,
    ),
    measured(
        "open_example_commerce",
        "the commerce example generated, written and measured, natively",
        OPEN,
        Unit::Nanos,
    ),
    measured(
        "encode_commerce",
        "the commerce example's link made",
        SHARE,
        Unit::Nanos,
    ),
    measured(
        "decode_commerce",
        "the commerce example's link read",
        SHARE,
        Unit::Nanos,
    ),
    measured("api/put_item_1kb/serde_json", "the JSON API's handling of a ~1 KB PutItem, serde_json encoder", API, Unit::Nanos),
    measured("api/put_item_1kb/sonic_rs", "the same, SIMD encoder", API, Unit::Nanos),
    measured("encode_file_commerce", "the commerce example written as a .ddbplay.json file", SHARE, Unit::Nanos),
    measured("decode_file_commerce", "the commerce example read from its .ddbplay.json file", SHARE, Unit::Nanos),
    measured("query_100_of_1m_index/multi_attribute_range", "the GSI keyed on three attributes, with conditions on two of its sort key attributes", MULTI, Unit::Nanos),
    measured("stream/put_item_1kb_indexed/no_stream", "PutItem replacing an order, two GSIs, the writer's time only", WRITE_PATH, Unit::Nanos),
    measured("stream/put_item_1kb_indexed/new_and_old_images", "the same with a NEW_AND_OLD_IMAGES stream, the writer's time only", WRITE_PATH, Unit::Nanos),
    measured("stream/put_item_1kb_small/no_stream", "PutItem replacing one of 10,000 items, no indexes, the writer's time only", WRITE_PATH, Unit::Nanos),
    measured("stream/put_item_1kb_small/new_and_old_images", "the same with a NEW_AND_OLD_IMAGES stream", WRITE_PATH, Unit::Nanos),
    measured("durable_write/engine_in_memory", "a PutItem in memory, for the durable writes beside it", DURABLE, Unit::Nanos),
    measured("durable_write/log_sync_each", "a PutItem to the log, synced before the next", DURABLE, Unit::Nanos),
    measured("durable_write/redb_commit_each", "a PutItem to an embedded store (redb), committed before the next", DURABLE, Unit::Nanos),
    measured("durable_write/log_sync_per_8", "eight PutItems to the log, synced once", DURABLE, Unit::Nanos),
    measured("durable_write/redb_commit_per_8", "eight PutItems to redb, committed once", DURABLE, Unit::Nanos),
    // The server, over HTTP.
    measured(
        "server/query_100_cpu",
        "`ddbplay serve`: server processor time per Query of 100 items (boto3)",
        SERVER,
        Unit::Millis,
    )
    .at_most(0.3)
    .headline(),
    measured(
        "server/query_100_round_trip",
        "the same, round trip as boto3 sees it",
        SERVER,
        Unit::Millis,
    ),
    measured("server/peer/load_ratio", "the commerce load (20,200 items by BatchWriteItem): ddbplay's processor time above its per-request floor, against Dynoxide's", PEER, Unit::Ratio)
        .at_most(0.1)
        .headline(),
    measured("server/peer/query_ratio", "200 Queries of one partition of 100 items, the same", PEER, Unit::Ratio)
        .at_most(0.1)
        .headline(),
    measured("server/peer/scan_ratio", "10 filtered Scans of the whole table, every page, the same", PEER, Unit::Ratio)
        .at_most(0.1)
        .headline(),
    measured("server/peer/ddbplay/floor", "ddbplay's per-request floor: processor time of a GetItem of a missing key", PEER, Unit::Millis),
    measured("server/peer/dynoxide/floor", "Dynoxide's per-request floor, the same", PEER, Unit::Millis),
    measured("server/peer/ddbplay/load", "ddbplay: the load, above the floor", PEER, Unit::Millis),
    measured("server/peer/dynoxide/load", "Dynoxide: the load, above the floor", PEER, Unit::Millis),
    measured("server/peer/ddbplay/query", "ddbplay: the Queries, above the floor", PEER, Unit::Millis),
    measured("server/peer/dynoxide/query", "Dynoxide: the Queries, above the floor", PEER, Unit::Millis),
    measured("server/peer/ddbplay/scan", "ddbplay: the Scans, above the floor", PEER, Unit::Millis),
    measured("server/peer/dynoxide/scan", "Dynoxide: the Scans, above the floor", PEER, Unit::Millis),
    // The page.
    measured(
        "page/first_load",
        "the page's first load, gzipped (index, stylesheet, module, wasm)",
        SIZE,
        Unit::Bytes,
    )
    .at_most(500.0 * 1024.0)
    .headline()
    .cheap(),
    measured(
        "page/rest_module",
        "the rest of the page's wasm, fetched once the learner reaches for the page, gzipped",
        SIZE,
        Unit::Bytes,
    ),
    measured(
        "page/console_module",
        "the console's module, fetched when first used, gzipped",
        SIZE,
        Unit::Bytes,
    ),
    measured(
        "page/interchange_module",
        "the exports' and imports' module, fetched when first used, gzipped",
        SIZE,
        Unit::Bytes,
    ),
    measured(
        "first_render/page/throttled",
        "first numbers of the comparison, cold load, CPU 4× slower, 10 Mbit/s and 40 ms",
        FIRST,
        Unit::Millis,
    )
    .at_most(2000.0)
    .headline(),
    measured(
        "first_render/page/unthrottled",
        "the same on the machine as it is",
        FIRST,
        Unit::Millis,
    )
    .headline(),
    measured(
        "first_render/course/throttled",
        "the course page's comparison frame, cold load, throttled the same",
        FIRST,
        Unit::Millis,
    )
    .at_most(2000.0),
    measured(
        "first_render/course/unthrottled",
        "the course page's comparison frame, unthrottled",
        FIRST,
        Unit::Millis,
    ),
    measured(
        "first_render/page/compile",
        "WebAssembly.compile of the page's wasm, throttled",
        FIRST,
        Unit::Millis,
    ),
    measured(
        "first_render/page/start_after_last_byte",
        "the module started, after the wasm's last byte, throttled",
        FIRST,
        Unit::Millis,
    ),
    measured(
        "page/fill_100k",
        "~100,000 items generated, loaded and every pattern measured",
        PAGE,
        Unit::Millis,
    )
    .at_most(2000.0)
    .headline(),
    measured(
        "page/fill_100k_longest_task",
        "the longest main-thread task meanwhile",
        PAGE,
        Unit::Millis,
    )
    .at_most(200.0),
    measured(
        "page/refill_100k",
        "generating them again with another seed, replacing the first",
        PAGE,
        Unit::Millis,
    ),
    measured(
        "page/refill_100k_longest_task",
        "the longest main-thread task meanwhile, freeing the first included",
        PAGE,
        Unit::Millis,
    )
    .at_most(200.0),
    measured(
        "page/query_100k",
        "a Query over them, click to paint",
        PAGE,
        Unit::Millis,
    )
    .at_most(150.0),
    measured(
        "page/scan_first_page_100k",
        "a Scan + filter's first 1 MB page over them, click to paint",
        PAGE,
        Unit::Millis,
    )
    .at_most(150.0),
    measured(
        "page/whole_table_comparison",
        "a comparison reading all ~100,000 items, every page, click to paint",
        PAGE,
        Unit::Millis,
    )
    .at_most(150.0)
    .headline(),
    measured(
        "page/shared_link",
        "a shared link opened to its first render",
        PAGE,
        Unit::Millis,
    )
    .at_most(1000.0),
    measured(
        "page/example/blog",
        "the blog example opened from its link, generated and measured",
        PAGE,
        Unit::Millis,
    )
    .at_most(1000.0),
    measured(
        "page/example/hierarchy",
        "the hierarchy example, the same",
        PAGE,
        Unit::Millis,
    )
    .at_most(1000.0),
    measured(
        "page/example/adjacency",
        "the adjacency example, the same",
        PAGE,
        Unit::Millis,
    )
    .at_most(1000.0),
    measured(
        "page/example/sharding",
        "the sharding example, the same",
        PAGE,
        Unit::Millis,
    )
    .at_most(1000.0),
    measured(
        "page/example/time-series",
        "the time-series example, the same",
        PAGE,
        Unit::Millis,
    )
    .at_most(1000.0),
    measured(
        "page/example/invoicing",
        "the invoicing example, the same",
        PAGE,
        Unit::Millis,
    )
    .at_most(1000.0),
    measured(
        "page/export_shown",
        "Export to the aws CLI script shown, its module fetched",
        PAGE,
        Unit::Millis,
    ),
    measured(
        "page/console_script_cold",
        "a 200-command script in the console, its module fetched for it",
        PAGE,
        Unit::Millis,
    )
    .at_most(1000.0),
    measured(
        "page/console_script_warm",
        "the same with the module already there",
        PAGE,
        Unit::Millis,
    )
    .at_most(1000.0),
    measured(
        "page/link_encode",
        "the example's link made, in wasm",
        PAGE,
        Unit::Millis,
    )
    .at_most(5.0),
    measured(
        "page/link_decode",
        "the example's link read, in wasm",
        PAGE,
        Unit::Millis,
    )
    .at_most(5.0),
    measured(
        "page/js_api",
        "what the JavaScript API for course pages adds, gzipped",
        PAGE,
        Unit::Bytes,
    )
    .at_most(30.0 * 1024.0),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_figure_has_an_id_of_its_own() {
        let mut ids: Vec<&str> = FIGURES.iter().map(|f| f.id).collect();
        ids.sort_unstable();
        let before = ids.len();
        ids.dedup();
        assert_eq!(ids.len(), before);
    }

    #[test]
    fn a_ratio_divides_two_listed_figures_measured_in_one_unit() {
        for figure in FIGURES {
            if let Source::Ratio {
                numerator,
                denominator,
            } = figure.source
            {
                let side = |id| {
                    FIGURES
                        .iter()
                        .find(|f| f.id == id && f.source == Source::Measured)
                };
                let (top, bottom) = (side(numerator).unwrap(), side(denominator).unwrap());
                assert_eq!(top.unit, bottom.unit, "{}", figure.id);
                assert_eq!(figure.unit, Unit::Ratio, "{}", figure.id);
            }
        }
    }

    #[test]
    fn ci_holds_the_page_size_and_the_engines_query_and_put_item() {
        let cheap: Vec<&str> = FIGURES.iter().filter(|f| f.cheap).map(|f| f.id).collect();
        assert_eq!(
            cheap,
            ["query_100_of_1m", "put_item_1kb/new_key", "page/first_load"]
        );
        assert!(
            FIGURES
                .iter()
                .filter(|f| f.cheap)
                .all(|f| f.target.is_some())
        );
    }

    #[test]
    fn per_second_targets_are_held_as_the_time_one_operation_may_take() {
        let put = FIGURES
            .iter()
            .find(|f| f.id == "put_item_1kb/new_key")
            .unwrap();
        let Some(Target::AtMost(nanos)) = put.target else {
            panic!("PutItem has a target")
        };
        assert!((nanos - 3_333.33).abs() < 0.01, "{nanos}");
    }
}
