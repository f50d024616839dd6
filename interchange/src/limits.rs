//! Every bound a file is held to, checked before the work it would ask
//! for: a file is a stranger's input. Each is far above what a table's
//! definition or a lesson's data needs; with every input within them,
//! reading is linear in the file's size.

/// The most bytes of a file read at all (a gzip file's compressed bytes).
pub const MAX_FILE_BYTES: usize = 32 * 1024 * 1024;
/// The most a gzip file may unpack to.
pub const MAX_UNPACKED_BYTES: usize = 64 * 1024 * 1024;
/// The most bytes of a Terraform or CloudFormation file: a table's
/// definition is a few kilobytes.
pub const MAX_TEMPLATE_BYTES: usize = 1024 * 1024;
/// The deepest a JSON or YAML value may
/// nest (Terraform files are held to their parser's own limit of 64): a
/// table's definition nests a handful of levels, and an item
/// at most 32 (DynamoDB's limit), with a few levels of file around it.
pub const MAX_DEPTH: usize = 64;
/// The most entries of one list or object read from a file: items of
/// one table, lines of an export file, attributes of a model.
pub const MAX_LIST_ENTRIES: usize = 250_000;
/// The most tables (or table resources) a file may hold.
pub const MAX_TABLES: usize = 256;
/// The most bytes of one line of an export file: an item of DynamoDB's
/// 400 KB in JSON, with room for escapes and base64.
pub const MAX_LINE_BYTES: usize = 2 * 1024 * 1024;

/// The playground's bounds on an entity chart (its `limits.rs` holds the
/// same, and a test there holds them equal): a chart made from a file
/// keeps within them, so that it opens.
pub mod chart {
    /// Most entity types in one chart.
    pub const MAX_ENTITIES: usize = 50;
    /// Most attribute lines of one entity.
    pub const MAX_ATTRIBUTES: usize = 100;
    /// Longest name of an entity or an attribute, in bytes.
    pub const MAX_NAME_BYTES: usize = 255;
    /// Most values of one `one of`.
    pub const MAX_CHOICES: usize = 1_000;
    /// Most words of a `words MIN..MAX` value.
    pub const MAX_WORDS: u32 = 2_000;
    /// Earliest and latest year of a `date` or `time` value.
    pub const YEARS: std::ops::RangeInclusive<u32> = 1970..=2999;
}
