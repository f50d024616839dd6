//! How DynamoDB serves a SELECT
//! (<https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/ql-reference.select.html>): a Query per partition-key value when every branch of the WHERE
//! fixes the partition key by equality or IN, a Scan of the whole table or
//! index otherwise.
//!
//! The WHERE is spread into an OR of ANDs. In each AND, an equality or IN
//! on the partition key gives the partitions to read, and the first
//! condition a key condition can express on the sort key (`=`, `IN`, `<`,
//! `<=`, `>`, `>=`, BETWEEN, begins_with) narrows each read; `sk IN` and
//! an OR of sort-key equalities become one read each. Every condition,
//! those included, still filters what the reads return, so a read never
//! has to carry the rest of the WHERE. Reads that would visit the same key
//! twice are refused, as are more than [`MAX_KEY_READS`] of them.

use crate::error::{Error, Result};
use crate::expr::ast::{CompareOp, Condition, Operand};
use crate::key::{KeyAttribute, KeySchema, KeyValue};
use crate::types::Value;

pub use crate::limits::MAX_KEY_READS;

use crate::limits::MAX_DISJUNCTS;

/// What a SELECT reads.
#[derive(Clone, Debug, PartialEq)]
pub enum Access {
    /// Every item of the table or index, filtered by the WHERE.
    Scan,
    /// One Query per read, in this order.
    Keyed(Vec<KeyRead>),
}

/// One Query: a partition, and optionally a range of its sort keys.
#[derive(Clone, Debug, PartialEq)]
pub struct KeyRead {
    pub partition: Value,
    pub sort: Option<SortTest>,
}

/// A sort-key condition a KeyConditionExpression can express.
#[derive(Clone, Debug, PartialEq)]
pub enum SortTest {
    Compare(CompareOp, Value),
    Between(Value, Value),
    BeginsWith(Value),
}

/// How a SELECT is served, and what of its WHERE the reads leave to check.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    pub access: Access,
    /// The conditions the reads' keys do not already ensure: with one
    /// branch, the WHERE without the partition-key and sort-key conditions
    /// the reads are bounded by; with several, the whole WHERE.
    pub filter: Option<Condition>,
}

/// Decides how a SELECT with `condition` on an access path keyed by
/// `schema` is served.
pub fn plan(condition: Option<&Condition>, schema: &KeySchema) -> Result<Plan> {
    let scan = || {
        Ok(Plan {
            access: Access::Scan,
            filter: condition.cloned(),
        })
    };
    let Some(whole) = condition else {
        return scan();
    };
    let Some(disjuncts) = disjuncts(whole) else {
        return scan();
    };
    let mut reads = Vec::new();
    let mut used = Vec::new();
    for conjuncts in &disjuncts {
        let Some((at, partitions)) = partition_values(conjuncts, &schema.partition)? else {
            return scan();
        };
        used = vec![at];
        let sorts = match &schema.sort {
            Some(sort) => {
                let (at, tests) = sort_tests(conjuncts, sort);
                used.extend(at);
                tests
            }
            None => vec![None],
        };
        for partition in partitions {
            for sort in &sorts {
                reads.push(KeyRead {
                    partition: partition.clone(),
                    sort: sort.clone(),
                });
            }
        }
    }
    if reads.len() > MAX_KEY_READS {
        return Err(Error::validation(
            "Too many decomposed read operations for a given query.",
        ));
    }
    for (i, a) in reads.iter().enumerate() {
        if reads[..i]
            .iter()
            .any(|b| b.partition == a.partition && ranges_overlap(&a.sort, &b.sort))
        {
            return Err(Error::validation(
                "Overlapping conditions with range keys are not supported in where clause",
            ));
        }
    }
    let filter = match disjuncts.as_slice() {
        [conjuncts] => conjuncts
            .iter()
            .enumerate()
            .filter(|(i, _)| !used.contains(i))
            .map(|(_, c)| (*c).clone())
            .reduce(|a, b| Condition::And(Box::new(a), Box::new(b))),
        _ => Some(whole.clone()),
    };
    Ok(Plan {
        access: Access::Keyed(reads),
        filter,
    })
}

/// The condition as an OR of ANDs, or `None` when that would be too large.
fn disjuncts(condition: &Condition) -> Option<Vec<Vec<&Condition>>> {
    match condition {
        Condition::Or(a, b) => {
            let mut out = disjuncts(a)?;
            out.extend(disjuncts(b)?);
            (out.len() <= MAX_DISJUNCTS).then_some(out)
        }
        Condition::And(a, b) => {
            let (left, right) = (disjuncts(a)?, disjuncts(b)?);
            if left.len() * right.len() > MAX_DISJUNCTS {
                return None;
            }
            let mut out = Vec::with_capacity(left.len() * right.len());
            for l in &left {
                for r in &right {
                    out.push(l.iter().chain(r).copied().collect());
                }
            }
            Some(out)
        }
        other => Some(vec![vec![other]]),
    }
}

/// The top-level attribute an operand names, if it is a bare one.
fn attribute(operand: &Operand) -> Option<&str> {
    match operand {
        Operand::Path(path) if path.is_top_level() => Some(path.top()),
        _ => None,
    }
}

/// `key op value` with the key on either side (the operator turned round
/// when the value comes first).
fn comparison<'a>(condition: &'a Condition, key: &str) -> Option<(CompareOp, &'a Value)> {
    let Condition::Compare(op, a, b) = condition else {
        return None;
    };
    match (a, b) {
        (_, Operand::Value(v)) if attribute(a) == Some(key) => Some((*op, v)),
        (Operand::Value(v), _) if attribute(b) == Some(key) => Some((op.flipped(), v)),
        _ => None,
    }
}

/// The values a list of operands holds, if all of them are values.
fn values(list: &[Operand]) -> Option<Vec<&Value>> {
    list.iter()
        .map(|o| match o {
            Operand::Value(v) => Some(v),
            _ => None,
        })
        .collect()
}

fn key_type_error(key: &KeyAttribute) -> Error {
    Error::validation(format!(
        "Key attribute's data type should match its data type in table's schema: Key {}",
        key.name
    ))
}

fn has_type(value: &Value, key: &KeyAttribute) -> bool {
    value.value_type() == key.key_type.value_type()
}

/// The partition-key values an AND fixes (by its first `=` or IN on the
/// partition key) and which of its conditions that is, or `None` when it
/// fixes none.
fn partition_values(
    conjuncts: &[&Condition],
    key: &KeyAttribute,
) -> Result<Option<(usize, Vec<Value>)>> {
    for (at, condition) in conjuncts.iter().enumerate() {
        if let Some((CompareOp::Eq, value)) = comparison(condition, &key.name) {
            if !has_type(value, key) {
                return Err(key_type_error(key));
            }
            return Ok(Some((at, vec![value.clone()])));
        }
        if let Condition::In(a, list) = condition
            && attribute(a) == Some(key.name.as_str())
            && let Some(list) = values(list)
        {
            if list.iter().any(|v| !has_type(v, key)) {
                return Err(key_type_error(key));
            }
            return Ok(Some((at, list.into_iter().cloned().collect())));
        }
    }
    Ok(None)
}

/// The sort-key ranges an AND reads: one per `sk IN` value, or the first
/// other condition a key condition can express, or the whole partition;
/// and which of its conditions bounds them. A condition of the wrong type
/// for the key cannot bound a read; it only filters (and so matches
/// nothing).
fn sort_tests(
    conjuncts: &[&Condition],
    key: &KeyAttribute,
) -> (Option<usize>, Vec<Option<SortTest>>) {
    for (at, condition) in conjuncts.iter().enumerate() {
        if let Some(tests) = sort_test(condition, key) {
            return (Some(at), tests);
        }
    }
    (None, vec![None])
}

fn sort_test(condition: &Condition, key: &KeyAttribute) -> Option<Vec<Option<SortTest>>> {
    {
        if let Some((op, value)) = comparison(condition, &key.name)
            && op != CompareOp::Ne
            && has_type(value, key)
        {
            return Some(vec![Some(SortTest::Compare(op, value.clone()))]);
        }
        match condition {
            Condition::In(a, list) if attribute(a) == Some(key.name.as_str()) => {
                if let Some(list) = values(list)
                    && list.iter().all(|v| has_type(v, key))
                {
                    return Some(
                        list.into_iter()
                            .map(|v| Some(SortTest::Compare(CompareOp::Eq, v.clone())))
                            .collect(),
                    );
                }
            }
            Condition::Between(a, Operand::Value(low), Operand::Value(high))
                if attribute(a) == Some(key.name.as_str())
                    && has_type(low, key)
                    && has_type(high, key) =>
            {
                return Some(vec![Some(SortTest::Between(low.clone(), high.clone()))]);
            }
            Condition::BeginsWith(a, Operand::Value(prefix))
                if attribute(a) == Some(key.name.as_str())
                    && key.key_type != crate::key::KeyType::N
                    && has_type(prefix, key) =>
            {
                return Some(vec![Some(SortTest::BeginsWith(prefix.clone()))]);
            }
            _ => {}
        }
    }
    None
}

/// A lower bound of a sort-key range.
enum Low {
    Unbounded,
    Included(KeyValue),
    Excluded(KeyValue),
}

/// An upper bound; `Prefix` ends after the last key starting with it.
enum High {
    Unbounded,
    Included(KeyValue),
    Excluded(KeyValue),
    Prefix(KeyValue),
}

fn range(test: &Option<SortTest>) -> (Low, High) {
    let key = |v: &Value| KeyValue::from_value(v);
    match test {
        None => (Low::Unbounded, High::Unbounded),
        Some(SortTest::Compare(op, v)) => {
            let Some(v) = key(v) else {
                return (Low::Unbounded, High::Unbounded);
            };
            match op {
                CompareOp::Eq => (Low::Included(v.clone()), High::Included(v)),
                CompareOp::Lt => (Low::Unbounded, High::Excluded(v)),
                CompareOp::Le => (Low::Unbounded, High::Included(v)),
                CompareOp::Gt => (Low::Excluded(v), High::Unbounded),
                CompareOp::Ge => (Low::Included(v), High::Unbounded),
                CompareOp::Ne => (Low::Unbounded, High::Unbounded),
            }
        }
        Some(SortTest::Between(low, high)) => match (key(low), key(high)) {
            (Some(low), Some(high)) => (Low::Included(low), High::Included(high)),
            _ => (Low::Unbounded, High::Unbounded),
        },
        Some(SortTest::BeginsWith(prefix)) => match key(prefix) {
            Some(p) => (Low::Included(p.clone()), High::Prefix(p)),
            None => (Low::Unbounded, High::Unbounded),
        },
    }
}

fn starts_with(value: &KeyValue, prefix: &KeyValue) -> bool {
    match (value.to_value(), prefix.to_value()) {
        (Value::S(v), Value::S(p)) => v.as_bytes().starts_with(p.as_bytes()),
        (Value::B(v), Value::B(p)) => v.starts_with(&p),
        _ => false,
    }
}

/// True when some key is at or above `low` and at or below `high`.
fn meets(low: &Low, high: &High) -> bool {
    match (low, high) {
        (Low::Unbounded, _) | (_, High::Unbounded) => true,
        (Low::Included(l), High::Included(h)) => l <= h,
        (Low::Included(l) | Low::Excluded(l), High::Excluded(h))
        | (Low::Excluded(l), High::Included(h)) => l < h,
        (Low::Included(l) | Low::Excluded(l), High::Prefix(p)) => l <= p || starts_with(l, p),
    }
}

fn ranges_overlap(a: &Option<SortTest>, b: &Option<SortTest>) -> bool {
    let (a_low, a_high) = range(a);
    let (b_low, b_high) = range(b);
    meets(&a_low, &b_high) && meets(&b_low, &a_high)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::key::KeyType;
    use crate::partiql::{Binder, parse_counting};

    fn schema() -> KeySchema {
        KeySchema::simple(
            KeyAttribute {
                name: "pk".into(),
                key_type: KeyType::S,
            },
            Some(KeyAttribute {
                name: "sk".into(),
                key_type: KeyType::S,
            }),
        )
    }

    fn planned(where_clause: &str) -> Result<Plan> {
        let (statement, n) = parse_counting(&format!("SELECT * FROM t WHERE {where_clause}"))?;
        let crate::partiql::ast::Statement::Select(select) = statement else {
            unreachable!()
        };
        let condition = Binder::new(&[], n)?.condition(select.condition.as_ref().unwrap())?;
        plan(Some(&condition), &schema())
    }

    fn reads(where_clause: &str) -> usize {
        match planned(where_clause).unwrap().access {
            Access::Keyed(reads) => reads.len(),
            Access::Scan => 0,
        }
    }

    fn message(where_clause: &str) -> String {
        planned(where_clause).unwrap_err().to_string()
    }

    #[test]
    fn an_equality_or_in_on_the_partition_key_is_a_query_per_value() {
        assert_eq!(reads("pk = 'a'"), 1);
        assert_eq!(reads("'a' = pk AND n > 3"), 1);
        assert_eq!(reads("pk IN ['a', 'b', 'c']"), 3);
        assert_eq!(reads("pk = 'a' OR pk = 'b'"), 2);
        assert_eq!(reads("pk = 'p' AND sk IN ['1', '2']"), 2);
        assert_eq!(reads("pk = 'p' AND sk <> '1'"), 1);
        assert_eq!(
            reads("pk = 'p' AND (begins_with(sk, 'a') OR begins_with(sk, 'b'))"),
            2
        );
    }

    #[test]
    fn a_single_branch_leaves_only_what_the_keys_do_not_ensure_to_filter() {
        let filter = |w: &str| planned(w).unwrap().filter.map(|f| f.paths().len());
        assert_eq!(filter("pk = 'a'"), None);
        assert_eq!(filter("pk = 'a' AND sk > '1'"), None);
        assert_eq!(filter("pk = 'a' AND sk > '1' AND sk < '5'"), Some(1));
        assert_eq!(filter("pk = 'a' AND n = 1"), Some(1));
        // With several branches every read checks the whole WHERE.
        assert_eq!(filter("pk = 'a' OR pk = 'b'"), Some(2));
        assert_eq!(filter("n = 1"), Some(1));
    }

    #[test]
    fn anything_else_is_a_scan() {
        assert_eq!(reads("pk > 'a'"), 0);
        assert_eq!(reads("n = 1"), 0);
        assert_eq!(reads("pk = 'a' OR n = 1"), 0);
        assert_eq!(reads("pk = 'a' OR sk = '1'"), 0);
        assert_eq!(reads("NOT pk = 'a'"), 0);
        assert_eq!(reads("pk <> 'a'"), 0);
    }

    #[test]
    fn reads_of_the_same_keys_twice_are_refused() {
        let overlapping =
            "Overlapping conditions with range keys are not supported in where clause";
        assert_eq!(message("pk IN ['a', 'a']"), overlapping);
        assert_eq!(message("pk = 'a' OR pk = 'a'"), overlapping);
        assert_eq!(message("pk = 'a' AND (sk > '0' OR sk < '5')"), overlapping);
        assert_eq!(message("pk = 'a' AND (sk = '1' OR n = 1)"), overlapping);
        assert_eq!(
            message("(pk = 'a' AND f = '1') OR (pk = 'a' AND f = '2')"),
            overlapping
        );
        assert_eq!(
            message("pk = 'a' AND (begins_with(sk, 'ab') OR sk = 'abc')"),
            overlapping
        );
        assert_eq!(reads("pk = 'a' AND (sk < '1' OR sk > '5')"), 2);
        assert_eq!(
            reads("pk = 'a' AND (begins_with(sk, 'ab') OR sk = 'ac')"),
            2
        );
    }

    #[test]
    fn more_than_fifty_reads_are_refused_and_a_wrong_key_type_named() {
        let values: Vec<String> = (0..51).map(|i| format!("'v{i}'")).collect();
        assert_eq!(
            message(&format!("pk IN [{}]", values.join(", "))),
            "Too many decomposed read operations for a given query."
        );
        assert_eq!(reads(&format!("pk IN [{}]", values[..50].join(", "))), 50);
        assert_eq!(
            message("pk = 1"),
            "Key attribute's data type should match its data type in table's schema: Key pk"
        );
        // A sort-key condition of the wrong type only filters.
        assert_eq!(reads("pk = 'a' AND sk > 1"), 1);
    }
}
