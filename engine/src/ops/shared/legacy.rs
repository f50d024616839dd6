//! The legacy (pre-expression) parameters, as DynamoDB still accepts them:
//! `Expected`, `QueryFilter`, `ScanFilter` and `KeyConditions` (maps of
//! attribute → `ComparisonOperator` and `AttributeValueList`, combined by
//! `ConditionalOperator`), `AttributeUpdates` and `AttributesToGet`.
//!
//! Each is turned into what the expression parameters make — a resolved
//! condition, update actions, projection paths — so the operations
//! evaluate both forms the same way. The names are literal top-level
//! attribute names: no paths, no placeholders, no reserved words (`a.b`
//! names an attribute called `a.b`). Where a legacy operator means
//! something its expression look-alike does not, the condition says so:
//! `NOT_CONTAINS` is false for a missing attribute, and `NULL` /
//! `NOT_NULL` test whether the attribute exists.
//!
//! The request-level checks (counts, types, which combinations are
//! allowed) follow DynamoDB's order and messages
//! (<https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/LegacyConditionalParameters.html>), as dynalite, Alternator and
//! ExtendDB reproduce them against DynamoDB.

use crate::error::Rule;
use crate::error::{Error, Result};
use crate::expr::ast::{CompareOp, Condition, Operand, UpdateAction};
use crate::key::KeySchema;
use crate::types::{Path, Value, ValueType};

/// A legacy `ComparisonOperator`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ComparisonOperator {
    Eq,
    Ne,
    Le,
    Lt,
    Ge,
    Gt,
    NotNull,
    Null,
    Contains,
    NotContains,
    BeginsWith,
    In,
    Between,
}

/// The operators as DynamoDB lists them in its enum message.
pub const COMPARISON_OPERATORS: Rule = Rule::OneOf(
    "IN, NULL, BETWEEN, LT, NOT_CONTAINS, EQ, GT, NOT_NULL, NE, LE, BEGINS_WITH, GE, CONTAINS",
);

impl ComparisonOperator {
    /// The operator by its wire name (case-sensitive, as DynamoDB's).
    pub fn from_name(name: &str) -> Option<ComparisonOperator> {
        use ComparisonOperator::*;
        Some(match name {
            "EQ" => Eq,
            "NE" => Ne,
            "LE" => Le,
            "LT" => Lt,
            "GE" => Ge,
            "GT" => Gt,
            "NOT_NULL" => NotNull,
            "NULL" => Null,
            "CONTAINS" => Contains,
            "NOT_CONTAINS" => NotContains,
            "BEGINS_WITH" => BeginsWith,
            "IN" => In,
            "BETWEEN" => Between,
            _ => return None,
        })
    }

    /// Its wire name.
    pub fn name(self) -> &'static str {
        use ComparisonOperator::*;
        match self {
            Eq => "EQ",
            Ne => "NE",
            Le => "LE",
            Lt => "LT",
            Ge => "GE",
            Gt => "GT",
            NotNull => "NOT_NULL",
            Null => "NULL",
            Contains => "CONTAINS",
            NotContains => "NOT_CONTAINS",
            BeginsWith => "BEGINS_WITH",
            In => "IN",
            Between => "BETWEEN",
        }
    }

    /// True when the operator takes this many values.
    fn takes(self, n: usize) -> bool {
        use ComparisonOperator::*;
        match self {
            Null | NotNull => n == 0,
            Between => n == 2,
            In => n >= 1,
            _ => n == 1,
        }
    }

    /// True when the operator accepts values of this type.
    fn accepts(self, value_type: ValueType) -> bool {
        use ComparisonOperator::*;
        match self {
            Eq | Ne => true,
            BeginsWith => matches!(value_type, ValueType::S | ValueType::B),
            _ => matches!(value_type, ValueType::S | ValueType::N | ValueType::B),
        }
    }
}

/// One entry of a legacy condition map: `attribute → {ComparisonOperator,
/// AttributeValueList}`.
#[derive(Clone, Debug, PartialEq)]
pub struct LegacyTest {
    pub attribute: String,
    pub operator: ComparisonOperator,
    pub values: Vec<Value>,
}

fn invalid(detail: impl std::fmt::Display) -> Error {
    Error::invalid_parameter(detail.to_string())
}

impl LegacyTest {
    /// Checks the values against the operator, in DynamoDB's order: their
    /// count, then that they share a type, then that the operator takes
    /// that type, then that a BETWEEN's bounds are in order.
    pub fn check(&self) -> Result<()> {
        let operator = self.operator;
        if !operator.takes(self.values.len()) {
            return Err(invalid(format!(
                "Invalid number of argument(s) for the {} ComparisonOperator",
                operator.name()
            )));
        }
        let Some(first) = self.values.first() else {
            return Ok(());
        };
        if self
            .values
            .iter()
            .any(|v| v.value_type() != first.value_type())
        {
            return Err(invalid(
                "AttributeValues inside AttributeValueList must be of same type",
            ));
        }
        if !operator.accepts(first.value_type()) {
            return Err(invalid(format!(
                "ComparisonOperator {} is not valid for {} AttributeValue type",
                operator.name(),
                first.value_type().tag()
            )));
        }
        if let [low, high] = self.values.as_slice()
            && operator == ComparisonOperator::Between
            && crate::expr::eval::compare_values(low, high)
                .is_some_and(|o| o == std::cmp::Ordering::Greater)
        {
            return Err(Error::validation(
                "The BETWEEN condition was provided a range where the lower bound is greater than the upper bound",
            ));
        }
        Ok(())
    }

    /// The condition this entry makes.
    pub fn condition(&self) -> Condition {
        use ComparisonOperator as Op;
        let path = || Path::attribute(self.attribute.as_str());
        let attribute = || Operand::Path(path());
        let value = |i: usize| Operand::Value(self.values.get(i).cloned().unwrap_or(Value::Null));
        let compare = |op| Condition::Compare(op, attribute(), value(0));
        match self.operator {
            Op::Eq => compare(CompareOp::Eq),
            Op::Ne => compare(CompareOp::Ne),
            Op::Lt => compare(CompareOp::Lt),
            Op::Le => compare(CompareOp::Le),
            Op::Gt => compare(CompareOp::Gt),
            Op::Ge => compare(CompareOp::Ge),
            Op::Between => Condition::Between(attribute(), value(0), value(1)),
            Op::In => Condition::In(
                attribute(),
                self.values.iter().cloned().map(Operand::Value).collect(),
            ),
            Op::BeginsWith => Condition::BeginsWith(attribute(), value(0)),
            Op::Contains => Condition::Contains(attribute(), value(0)),
            // Unlike `NOT contains(…)`, false for a missing attribute.
            Op::NotContains => Condition::And(
                Box::new(Condition::Exists(path())),
                Box::new(Condition::Not(Box::new(Condition::Contains(
                    attribute(),
                    value(0),
                )))),
            ),
            Op::Null => Condition::NotExists(path()),
            Op::NotNull => Condition::Exists(path()),
        }
    }
}

/// Combines a map's conditions with AND (the default) or OR; `None` for
/// an empty map, which is no condition at all.
pub fn combine(conditions: Vec<Condition>, or: bool) -> Option<Condition> {
    conditions.into_iter().reduce(|a, b| {
        if or {
            Condition::Or(Box::new(a), Box::new(b))
        } else {
            Condition::And(Box::new(a), Box::new(b))
        }
    })
}

/// Query's `KeyConditions`: checked against the key schema of the table or
/// index queried, then turned into the condition a KeyConditionExpression
/// would give. On a multi-attribute key, whose rules DynamoDB does not
/// document for `KeyConditions`, the expression's rules apply to the
/// condition made of the tests (the length rule of one or two conditions
/// cannot hold there).
pub fn key_condition(tests: &[LegacyTest], schema: &KeySchema) -> Result<Condition> {
    if tests.is_empty() || (tests.len() > 2 && !schema.is_multi_attribute()) {
        return Err(Error::validation("Conditions can be of length 1 or 2 only"));
    }
    let not_indexable = |test: &LegacyTest| {
        use ComparisonOperator as Op;
        matches!(
            test.operator,
            Op::Ne | Op::Null | Op::NotNull | Op::Contains | Op::NotContains | Op::In
        )
    };
    let refuse_not_indexable =
        || Error::validation("Attempted conditional constraint is not an indexable operation");
    if schema.is_multi_attribute() {
        if tests.iter().any(not_indexable) {
            return Err(refuse_not_indexable());
        }
        // Invariant: `tests` is not empty, checked above.
        return combine(tests.iter().map(LegacyTest::condition).collect(), false)
            .ok_or_else(|| Error::validation("Conditions can be of length 1 or 2 only"));
    }
    // Each key attribute in key schema order, as DynamoDB goes through
    // them (dynalite's suite, recorded against the service): a hash-only
    // key with two conditions, a key attribute without one, an operator no
    // key can be read by, values of another type, a partition key not
    // compared for equality.
    let partition = &schema.partition;
    let mut on_key = Vec::new();
    for (attribute, is_partition) in schema.attributes() {
        if is_partition && schema.sort.is_none() && tests.len() > 1 {
            return Err(Error::validation("Query key condition not supported"));
        }
        let Some(test) = tests.iter().find(|t| t.attribute == attribute.name) else {
            if is_partition || tests.len() > 1 {
                return Err(Error::validation(format!(
                    "Query condition missed key schema element: {}",
                    attribute.name
                )));
            }
            continue;
        };
        if not_indexable(test) {
            return Err(refuse_not_indexable());
        }
        if test
            .values
            .iter()
            .any(|v| v.value_type() != attribute.key_type.value_type())
        {
            return Err(invalid(
                "Condition parameter type does not match schema type",
            ));
        }
        if is_partition && test.operator != ComparisonOperator::Eq {
            return Err(Error::validation("Query key condition not supported"));
        }
        on_key.push(test);
    }
    let on_partition = on_key[0];
    let on_sort = on_key.get(1).copied();
    debug_assert_eq!(on_partition.attribute, partition.name);
    let conditions = std::iter::once(on_partition)
        .chain(on_sort)
        .map(LegacyTest::condition)
        .collect();
    // Invariant: there is at least the partition key's condition.
    Ok(combine(conditions, false).expect("a partition key condition"))
}

/// `AttributesToGet` as projection paths: whole top-level attributes.
pub fn paths(names: Option<&[String]>) -> Option<Vec<Path>> {
    names.map(|names| names.iter().map(|n| Path::attribute(n.as_str())).collect())
}

/// UpdateItem's `AttributeUpdates`, as update actions.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AttributeUpdates {
    /// The actions, in the order of the request's map.
    pub actions: Vec<UpdateAction>,
    /// Every action is a DELETE: on a missing item nothing is written (the
    /// item is not created).
    pub deletes_only: bool,
}

/// One `AttributeUpdates` entry's action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UpdateKind {
    Put,
    Add,
    Delete,
}

/// The update action of one `AttributeUpdates` entry, checked as DynamoDB
/// checks it.
pub fn attribute_update(
    attribute: &str,
    kind: UpdateKind,
    value: Option<Value>,
) -> Result<UpdateAction> {
    let path = Path::attribute(attribute);
    let is_set = |v: &Value| {
        matches!(
            v.value_type(),
            ValueType::SS | ValueType::NS | ValueType::BS
        )
    };
    Ok(match (kind, value) {
        (UpdateKind::Put | UpdateKind::Add, None) => {
            return Err(invalid(
                "Only DELETE action is allowed when no attribute value is specified",
            ));
        }
        (UpdateKind::Put, Some(value)) => UpdateAction::Set(path, Operand::Value(value)),
        (UpdateKind::Delete, None) => UpdateAction::Remove(path),
        (UpdateKind::Delete, Some(value)) if is_set(&value) => UpdateAction::Delete(path, value),
        (UpdateKind::Delete, Some(value)) => {
            return Err(invalid(format!(
                "DELETE action with value is not supported for the type {}",
                value.value_type().tag()
            )));
        }
        (UpdateKind::Add, Some(value)) if matches!(value, Value::N(_)) || is_set(&value) => {
            UpdateAction::Add(path, value)
        }
        // ADD of a list appends to it (or starts it), as DynamoDB does.
        (UpdateKind::Add, Some(value @ Value::L(_))) => UpdateAction::Set(
            path.clone(),
            Operand::ListAppend(
                Box::new(Operand::IfNotExists(
                    path,
                    Box::new(Operand::Value(Value::L(Vec::new()))),
                )),
                Box::new(Operand::Value(value)),
            ),
        ),
        (UpdateKind::Add, Some(value)) => {
            return Err(invalid(format!(
                "ADD action is not supported for the type {}",
                value.value_type().tag()
            )));
        }
    })
}

/// The message a legacy update gets where an update expression's would be
/// about its operands: the stored value's type does not allow the action.
pub const UPDATE_TYPE_MISMATCH: &str = "Type mismatch for attribute to update";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::eval::eval_condition;
    use crate::types::{Item, Number};

    fn test(attribute: &str, operator: &str, values: Vec<Value>) -> LegacyTest {
        LegacyTest {
            attribute: attribute.into(),
            operator: ComparisonOperator::from_name(operator).unwrap(),
            values,
        }
    }

    fn n(x: i64) -> Value {
        Value::N(Number::from_i64(x))
    }

    #[test]
    fn values_are_checked_by_count_then_type_then_order() {
        let fails = |t: LegacyTest| t.check().unwrap_err().to_string();
        assert_eq!(
            fails(test("a", "BETWEEN", vec![n(1)])),
            "One or more parameter values were invalid: Invalid number of argument(s) for the BETWEEN ComparisonOperator"
        );
        assert_eq!(
            fails(test("a", "NULL", vec![n(1)])),
            "One or more parameter values were invalid: Invalid number of argument(s) for the NULL ComparisonOperator"
        );
        assert_eq!(
            fails(test("a", "IN", vec![n(1), Value::s("x")])),
            "One or more parameter values were invalid: AttributeValues inside AttributeValueList must be of same type"
        );
        assert_eq!(
            fails(test("a", "LT", vec![Value::Bool(true)])),
            "One or more parameter values were invalid: ComparisonOperator LT is not valid for BOOL AttributeValue type"
        );
        assert_eq!(
            fails(test("a", "BEGINS_WITH", vec![n(1)])),
            "One or more parameter values were invalid: ComparisonOperator BEGINS_WITH is not valid for N AttributeValue type"
        );
        assert_eq!(
            fails(test("a", "BETWEEN", vec![n(5), n(1)])),
            "The BETWEEN condition was provided a range where the lower bound is greater than the upper bound"
        );
        assert!(test("a", "EQ", vec![Value::Bool(true)]).check().is_ok());
        assert!(test("a", "NOT_NULL", vec![]).check().is_ok());
    }

    #[test]
    fn legacy_operators_keep_their_own_meaning() {
        let item: Item = [("tags", Value::SS(vec!["x".into()])), ("n", n(3))]
            .into_iter()
            .collect();
        let holds = |t: LegacyTest| eval_condition(&t.condition(), &item);
        assert!(holds(test("missing", "NE", vec![n(1)])));
        assert!(holds(test("n", "NE", vec![Value::s("3")])));
        assert!(!holds(test("missing", "NOT_CONTAINS", vec![Value::s("x")])));
        assert!(holds(test("tags", "NOT_CONTAINS", vec![Value::s("y")])));
        assert!(holds(test("missing", "NULL", vec![])));
        assert!(holds(test("n", "NOT_NULL", vec![])));
        assert!(
            !holds(test("tags", "IN", vec![Value::s("x")])),
            "a set never matches IN"
        );
        assert!(holds(test("n", "BETWEEN", vec![n(1), n(3)])));
        assert!(
            !holds(test("n", "GT", vec![Value::s("1")])),
            "another type is false"
        );
    }

    #[test]
    fn an_add_of_a_list_appends_and_a_delete_takes_a_set_only() {
        let add = attribute_update("l", UpdateKind::Add, Some(Value::L(vec![n(1)]))).unwrap();
        assert!(matches!(add, UpdateAction::Set(_, Operand::ListAppend(..))));
        assert_eq!(
            attribute_update("s", UpdateKind::Delete, Some(Value::s("x")))
                .unwrap_err()
                .to_string(),
            "One or more parameter values were invalid: DELETE action with value is not supported for the type S"
        );
        assert_eq!(
            attribute_update("s", UpdateKind::Add, Some(Value::s("x")))
                .unwrap_err()
                .to_string(),
            "One or more parameter values were invalid: ADD action is not supported for the type S"
        );
        assert_eq!(
            attribute_update("s", UpdateKind::Put, None)
                .unwrap_err()
                .to_string(),
            "One or more parameter values were invalid: Only DELETE action is allowed when no attribute value is specified"
        );
    }
}
