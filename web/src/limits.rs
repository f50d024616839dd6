//! Every bound the page holds its input to, in one place.
//!
//! A link is a stranger's input, and so are a dropped file, a pasted
//! item and a saved playground another version wrote. Each bound is
//! checked where the input enters — a link's document before anything of
//! it is used ([`crate::share::bounds`]), a typed attribute line or
//! template as it is parsed — and a refusal names the field and the limit
//! and changes nothing. Where DynamoDB has a limit the page uses it (the
//! engine's are in [`engine::limits`]); the others are the page's own,
//! each far above what a lesson needs and low enough that the work over
//! them stays well under a frame: with every input within these, nothing
//! the page does is worse than O(n log n) in it, and the worst chart the
//! bounds allow is measured in `web/benches`.
//!
//! The modules that check a bound re-export it where it always was.

use engine::limits::{MAX_DIGITS, MAX_PARTITION_KEY_BYTES, MAX_SORT_KEY_BYTES};

// Links and files.

/// The longest link fragment read at all.
pub const MAX_FRAGMENT_BYTES: usize = 1024 * 1024;
/// The most a link's or a file's document may unpack to.
pub const MAX_DOCUMENT_BYTES: usize = 8 * 1024 * 1024;
/// The deepest JSON a file or a link's JSON values may nest: the JSON
/// reader's own limit (serde_json's), far past the 32 levels DynamoDB
/// lets an item nest, which the engine then applies with its message.
pub const MAX_JSON_DEPTH: usize = 128;

// The chart.

/// Most entity types in one chart: a single-table design of a large
/// application has a few dozen.
pub const MAX_ENTITIES: usize = 50;
/// Most attribute lines of one entity.
pub const MAX_ATTRIBUTES: usize = 100;
/// Longest name of an entity, an attribute or a key attribute, in bytes:
/// DynamoDB's limit for a key attribute's name, which any attribute of a
/// chart may become.
pub const MAX_NAME_BYTES: usize = 255;
/// Longest attribute line, in bytes.
pub const MAX_ATTRIBUTE_LINE_BYTES: usize = 16 * 1024;
/// Most values of one `one of`.
pub const MAX_CHOICES: usize = 1_000;
/// Longest value of a `one of`, or prefix of an `id`, in bytes: what a
/// sort key may hold, since either may be rendered into one.
pub const MAX_VALUE_BYTES: usize = MAX_SORT_KEY_BYTES;
/// Most `when` conditions on one attribute line.
pub const MAX_WHEN_CLAUSES: usize = 8;
/// Most decimal places of a generated number (`number 5.000000..9.999999`).
pub const MAX_DECIMALS: u32 = 6;
/// Most words of a `words MIN..MAX` value.
pub const MAX_WORDS: u32 = 2_000;
/// Earliest and latest year of a `date` or `time` value.
pub const YEARS: std::ops::RangeInclusive<u32> = 1970..=2999;
/// Longest key template, in bytes: the longest partition key value, which
/// no template's fixed text can exceed and still give a key.
pub const MAX_TEMPLATE_BYTES: usize = MAX_PARTITION_KEY_BYTES;
/// Most bytes of all the chart's key templates together. Checking which
/// entities' keys can collide compares their templates pairwise, in time
/// bounded by the square of this over 64 (a bit-parallel walk).
pub const MAX_TEMPLATE_BYTES_IN_ALL: usize = 16 * 1024;
/// Widest zero padding (`{n:0WIDTH}`) or longest cut (`{t:.FIRST}`) of a
/// template's placeholder: the longest partition key value.
pub const MAX_PADDING: usize = MAX_PARTITION_KEY_BYTES;
/// Most decimals a placeholder pads a number to (`{price:010.2}`): a
/// number's digits.
pub const MAX_PADDED_DECIMALS: usize = MAX_DIGITS;
/// Most items of one entity per parent item (or in all).
pub const MAX_COUNT: u32 = 100_000;
/// Most items a chart may be expected to generate: the page keeps them all
/// in memory and measures every pattern over them.
pub const MAX_ITEMS: usize = 250_000;
/// Most bytes of items, by DynamoDB's measure, that a playground holds.
pub const MAX_ITEM_BYTES_IN_ALL: usize = 256 * 1024 * 1024;

// Access patterns, the runner and hand-made items.

/// Most access patterns of a playground.
pub const MAX_PATTERNS: usize = 50;
/// Longest description of an access pattern, in bytes.
pub const MAX_DESCRIPTION_BYTES: usize = 4 * 1024;
/// Longest request of an access pattern or field of the runner, in bytes:
/// a TransactWriteItems of DynamoDB's 4 MB fits in a file, a link is far
/// shorter.
pub const MAX_REQUEST_BYTES: usize = 4 * 1024 * 1024;
/// The most requests a second a pattern may be given: far past any
/// partition's ceiling, short of numbers that stop meaning anything.
pub const MAX_RATE: f64 = 1_000_000.0;
/// The most units a request a pattern's budget may allow: past any one
/// request's (a transaction of 100 items of 400 KB writes 80,000).
pub const MAX_UNITS_BUDGET: f64 = 1_000_000.0;
/// The highest price, in dollars per million request units.
pub const MAX_PRICE: f64 = 1_000_000.0;
/// The most requests a month the cost is worked out for (about 385
/// million a second).
pub const MAX_REQUESTS_PER_MONTH: f64 = 1e15;
/// Most shards a pattern may be spread over (each a Query of its own).
pub const MAX_SHARDS: u32 = 100;
/// Most items a playground keeps changed by hand: enough for any lesson,
/// and few enough that a link or a file replays them in a moment.
pub const MAX_EDITS: usize = 25_000;

// The aws CLI console's files.

/// Most files the console keeps for `file://` and `fileb://` to read.
pub const MAX_CONSOLE_FILES: usize = 50;
/// Largest file the console keeps: far past any request the aws CLI
/// sends (a TransactWriteItems is at most 4 MB, written out).
pub const MAX_CONSOLE_FILE_BYTES: usize = 1024 * 1024;
/// Most bytes of all the console's files together: they travel with the
/// playground, in its link, its file and its saved copy, and must leave
/// room in a document of [`MAX_DOCUMENT_BYTES`].
pub const MAX_CONSOLE_FILE_BYTES_IN_ALL: usize = 4 * 1024 * 1024;
/// Longest name of a console file, in bytes (a path, as `file://` names it).
pub const MAX_CONSOLE_FILE_NAME_BYTES: usize = 1024;
