//! Every bound the engine holds its input to, in one place.
//!
//! Most are DynamoDB's own, with DynamoDB's messages where they are
//! refused (<https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/ServiceQuotas.html>); a few are the
//! engine's guards where DynamoDB documents none but a hostile input could
//! otherwise exhaust the stack or the processor. Each says which it is.
//! The modules that check a bound re-export it where it always was, so
//! `ops::MAX_BATCH_WRITES` and `limits::MAX_BATCH_WRITES` are one constant.
//!
//! Because every input is held to these, the work of any one request is
//! bounded: the largest body is [`MAX_REQUEST_BYTES`], the largest item
//! [`MAX_ITEM_BYTES`], the deepest value [`MAX_NESTING`] levels, the
//! deepest expression or statement [`MAX_PARSE_DEPTH`], and no check over
//! a set or a list is worse than O(n log n) in its members.

// Requests.

/// The largest request body DynamoDB reads, in bytes: a BatchWriteItem of
/// 25 items of 400 KB with its names fits, and a body above it is refused
/// with a `ValidationException` before it is parsed. (DynamoDB's front end
/// caps a request at 16 MB; `ddbplay serve` holds a body to it as it
/// arrives.)
pub const MAX_REQUEST_BYTES: usize = 16 * 1024 * 1024;

// Items, keys and values (DynamoDB's limits).

/// The longest `TableName` given as a table's ARN, in bytes (API
/// reference: TableName, "Maximum length of 1024"); a name itself keeps
/// 3 to 255 characters.
pub const MAX_TABLE_ARN_BYTES: usize = 1024;

/// Largest item DynamoDB stores (400 KB: names and values, in UTF-8).
pub const MAX_ITEM_BYTES: usize = 409_600;
/// Longest partition key value, in bytes.
pub const MAX_PARTITION_KEY_BYTES: usize = 2048;
/// Longest sort key value, in bytes; for a multi-attribute sort key, the
/// sum of its values ("Aggregated size of all range keys", DynamoDB's
/// message says; whether DynamoDB sums them is not documented).
pub const MAX_SORT_KEY_BYTES: usize = 1024;
/// Most partition key (HASH) attributes of a global secondary index.
pub const MAX_INDEX_PARTITION_ATTRIBUTES: usize = 4;
/// Most sort key (RANGE) attributes of a global secondary index.
pub const MAX_INDEX_SORT_ATTRIBUTES: usize = 4;
/// Largest number of significant digits of a number.
pub const MAX_DIGITS: usize = 38;
/// Deepest nesting of lists and maps, counting a top-level attribute as
/// level 1 — in AttributeValues on the wire and in PartiQL literals alike.
pub const MAX_NESTING: usize = 32;
/// Largest item collection (all items of one partition key value) of a
/// table with a local secondary index: 10 GB.
pub const MAX_ITEM_COLLECTION_BYTES: u64 = 10 * 1024 * 1024 * 1024;

// Reads and capacity (DynamoDB's rules).

/// Most data a Query or Scan page reads before it stops (1 MB).
pub const PAGE_BYTES: usize = 1024 * 1024;
/// One read capacity unit reads this many bytes, strongly consistent.
pub const READ_UNIT_BYTES: usize = 4096;
/// One write capacity unit writes this many bytes.
pub const WRITE_UNIT_BYTES: usize = 1024;
/// Most segments a parallel Scan may be split into.
pub const MAX_TOTAL_SEGMENTS: i64 = 1_000_000;

// Expressions (DynamoDB's limits, and one guard).

/// Longest expression, in bytes (4 KB).
pub const MAX_EXPRESSION_BYTES: usize = 4096;
/// Most operators and functions in one expression.
pub const MAX_OPERATORS: usize = 300;
/// Most operands of `IN`, in an expression or a PartiQL statement.
pub const MAX_IN_OPERANDS: usize = 100;
/// Most levels a document path names (as deep as an item nests).
pub const MAX_PATH_DEPTH: usize = 32;
/// The engine's guard: the deepest nesting the expression and PartiQL
/// parsers follow before refusing the input — parentheses, `NOT`s, signs,
/// function arguments, literals, and in PartiQL each link of an `OR`,
/// `AND`, `+` or `-` chain, since each puts the chain one level deeper in
/// the tree that binding, planning and evaluation walk. DynamoDB documents
/// no such limit; 128 levels is far more than any real condition needs.
/// It keeps a hostile input from exhausting the stack, where an overflow
/// in the page's wasm is a trap that ends every playground in the tab.
/// Measured on a whole ExecuteStatement (parse, bind, plan, evaluate) of
/// nested parentheses: about 2.2 KB of stack a level in a release build
/// (475 levels fit in 1 MB, the wasm stack), about 10 KB in a debug
/// build (93 levels in 1 MB; the tests' threads have 2 MB).
pub const MAX_PARSE_DEPTH: usize = 128;

// PartiQL (DynamoDB's limits, and one guard).

/// Longest statement, in characters.
pub const MAX_STATEMENT_CHARS: usize = 8192;
/// Most partition keys (or full keys) one SELECT may read by key.
pub const MAX_KEY_READS: usize = 50;
/// The engine's guard: the most alternatives a WHERE clause is expanded
/// into while it is planned as key reads.
pub const MAX_DISJUNCTS: usize = 1_000;
/// Most statements in one BatchExecuteStatement.
pub const MAX_BATCH_STATEMENTS: usize = 25;
/// Most statements in one ExecuteTransaction.
pub const MAX_TRANSACTION_STATEMENTS: usize = 100;

// Batches and transactions (DynamoDB's limits).

/// Most put and delete requests in one BatchWriteItem.
pub const MAX_BATCH_WRITES: usize = 25;
/// Most keys in one BatchGetItem.
pub const MAX_BATCH_GETS: usize = 100;
/// Most data one BatchGetItem returns (16 MB); the rest comes back as
/// UnprocessedKeys.
pub const MAX_BATCH_GET_BYTES: usize = 16 * 1024 * 1024;
/// Most actions in one TransactWriteItems or TransactGetItems.
pub const MAX_TRANSACT_ITEMS: usize = 100;
/// Largest total of a transaction's items (4 MB).
pub const MAX_TRANSACTION_BYTES: usize = 4 * 1024 * 1024;

// Tables and streams (DynamoDB's limits).

/// Most global secondary indexes of a table.
pub const MAX_GLOBAL_INDEXES: usize = 20;
/// Most local secondary indexes of a table.
pub const MAX_LOCAL_INDEXES: usize = 5;
/// Most non-key attributes projected into all of a table's indexes.
pub const MAX_PROJECTED_ATTRIBUTES: usize = 100;
/// Most tags on a resource.
pub const MAX_TAGS: usize = 50;
/// Longest tag key, in characters.
pub const MAX_TAG_KEY_CHARS: usize = 128;
/// Longest tag value, in characters.
pub const MAX_TAG_VALUE_CHARS: usize = 256;
/// Longest point-in-time recovery period, in days.
pub const MAX_RECOVERY_PERIOD_DAYS: u32 = 35;
/// Most records one GetRecords returns.
pub const MAX_GET_RECORDS: usize = 1000;
