//! Every bound the console holds its input to, in one place. A script, a
//! file dropped on the console and a value passed to the aws CLI are all
//! held to these where they enter; each refusal names the bound.

/// The longest script the console reads, in bytes (a tutorial's lab is a
/// few kilobytes; a script of 200 aws commands with their items, a few
/// hundred).
pub const MAX_SCRIPT_BYTES: usize = 1024 * 1024;

/// How deep `$(…)` and `${…}` may nest in one another. Scripts nest one
/// or two; the bound keeps a hostile script from exhausting the stack.
pub const MAX_SHELL_NESTING: usize = 16;

/// How deep a JSON value given to the aws CLI may nest. Python's reader
/// stops near a thousand levels (a `RecursionError`); DynamoDB refuses an
/// item past 32, so nothing useful lies between.
pub const MAX_JSON_DEPTH: usize = 256;
