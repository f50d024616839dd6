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
