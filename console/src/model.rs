//! DynamoDB's service model, as the aws CLI reads it: every operation's
//! input and output shapes, each member's type, the members a structure
//! requires, and the order its members are printed in.
//!
//! The model is `model/dynamodb.json`, reduced from the copy of botocore
//! the aws CLI carries (`model/generate.py` writes it;
//! `tests/e2e/test_console_model.py` holds it to the CLI's own), read once.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::python::Value;
use crate::python::json::loads;

/// What a shape is.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    Structure {
        /// Members in the model's order: the order the CLI prints them in.
        members: Vec<(String, ShapeId)>,
        required: Vec<String>,
        /// An error's shape (its members are an error's details).
        error: bool,
    },
    List {
        member: ShapeId,
        min: Option<i64>,
    },
    Map {
        key: ShapeId,
        value: ShapeId,
    },
    String {
        min: Option<i64>,
    },
    Integer {
        min: Option<i64>,
    },
    Long {
        min: Option<i64>,
    },
    Double,
    Boolean,
    Blob,
    Timestamp,
}

/// A shape, by its place in the model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ShapeId(usize);

/// One operation: its name, the aws CLI's command for it, its shapes and
/// the CLI option of each input member (`--table-name` for `TableName`).
#[derive(Clone, Debug, PartialEq)]
pub struct OperationModel {
    /// `PutItem`.
    pub name: String,
    /// `put-item`.
    pub command: String,
    pub input: ShapeId,
    pub output: Option<ShapeId>,
    /// Each input member with its option name, without the dashes:
    /// `("TableName", "table-name")`, in the model's order.
    pub options: Vec<(String, String)>,
}

/// The whole model.
#[derive(Debug)]
pub struct Model {
    shapes: Vec<(String, Shape)>,
    operations: Vec<OperationModel>,
}

const MODEL: &str = include_str!("../model/dynamodb.json");

/// The model, read on first use.
pub fn model() -> &'static Model {
    static MODEL_READ: OnceLock<Model> = OnceLock::new();
    // Invariant: the committed model is valid JSON of the shape `read`
    // takes; a test reads it.
    MODEL_READ.get_or_init(|| read(MODEL).expect("model/dynamodb.json reads"))
}

impl Model {
    /// A shape by its id.
    pub fn shape(&self, id: ShapeId) -> &Shape {
        &self.shapes[id.0].1
    }

    /// A shape's name (`TableArn`).
    pub fn shape_name(&self, id: ShapeId) -> &str {
        &self.shapes[id.0].0
    }

    /// An operation by its aws CLI command (`put-item`).
    pub fn by_command(&self, command: &str) -> Option<&OperationModel> {
        self.operations.iter().find(|o| o.command == command)
    }

    /// An operation by its name (`PutItem`).
    pub fn by_name(&self, name: &str) -> Option<&OperationModel> {
        self.operations.iter().find(|o| o.name == name)
    }

    /// Every operation, in the model's order (alphabetical).
    pub fn operations(&self) -> &[OperationModel] {
        &self.operations
    }

    /// A structure member's shape.
    pub fn member(&self, structure: ShapeId, name: &str) -> Option<ShapeId> {
        match self.shape(structure) {
            Shape::Structure { members, .. } => members
                .iter()
                .find(|(member, _)| member == name)
                .map(|(_, id)| *id),
            _ => None,
        }
    }

    /// A shape by its name (`TransactionCanceledException`).
    pub fn shape_named(&self, name: &str) -> Option<ShapeId> {
        self.shapes
            .iter()
            .position(|(shape, _)| shape == name)
            .map(ShapeId)
    }
}

/// Reads the model file.
fn read(text: &str) -> Result<Model, String> {
    let document = loads(text).map_err(|e| e.to_string())?;
    let root = document.as_dict().ok_or("the model is not an object")?;
    let shapes = root
        .get("shapes")
        .and_then(Value::as_dict)
        .ok_or("no shapes")?;
    let index: HashMap<&str, usize> = shapes
        .keys()
        .enumerate()
        .map(|(i, name)| (name.as_str(), i))
        .collect();
    let id = |name: Option<&Value>| -> Result<ShapeId, String> {
        let name = name
            .and_then(Value::as_str)
            .ok_or("a shape reference is missing")?;
        index
            .get(name)
            .map(|&i| ShapeId(i))
            .ok_or_else(|| format!("no shape {name}"))
    };
    let mut read_shapes = Vec::with_capacity(shapes.len());
    for (name, shape) in shapes.iter() {
        let shape = shape.as_dict().ok_or("a shape is not an object")?;
        let min = match shape.get("min") {
            Some(Value::Int(min)) => Some(*min),
            _ => None,
        };
        let kind = shape
            .get("type")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let read_shape = match kind {
            "structure" => {
                let mut members = Vec::new();
                for member in shape
                    .get("members")
                    .and_then(Value::as_list)
                    .unwrap_or_default()
                {
                    let pair = member.as_list().ok_or("a member is not a pair")?;
                    let member_name = pair
                        .first()
                        .and_then(Value::as_str)
                        .ok_or("a member has no name")?;
                    members.push((member_name.to_string(), id(pair.get(1))?));
                }
                let required = shape
                    .get("required")
                    .and_then(Value::as_list)
                    .unwrap_or_default()
                    .iter()
                    .filter_map(|r| r.as_str().map(str::to_string))
                    .collect();
                Shape::Structure {
                    members,
                    required,
                    error: shape.contains("error"),
                }
            }
            "list" => Shape::List {
                member: id(shape.get("member"))?,
                min,
            },
            "map" => Shape::Map {
                key: id(shape.get("key"))?,
                value: id(shape.get("value"))?,
            },
            "string" => Shape::String { min },
            "integer" => Shape::Integer { min },
            "long" => Shape::Long { min },
            "double" | "float" => Shape::Double,
            "boolean" => Shape::Boolean,
            "blob" => Shape::Blob,
            "timestamp" => Shape::Timestamp,
            other => {
                return Err(format!(
                    "{name} has a type the console does not know: {other}"
                ));
            }
        };
        read_shapes.push((name.clone(), read_shape));
    }
    let mut operations = Vec::new();
    for operation in root
        .get("operations")
        .and_then(Value::as_list)
        .unwrap_or_default()
    {
        let operation = operation.as_dict().ok_or("an operation is not an object")?;
        let text = |key: &str| {
            operation
                .get(key)
                .and_then(Value::as_str)
                .map(str::to_string)
                .ok_or_else(|| format!("an operation has no {key}"))
        };
        let options = operation
            .get("options")
            .and_then(Value::as_list)
            .unwrap_or_default()
            .iter()
            .filter_map(|pair| {
                let pair = pair.as_list()?;
                Some((
                    pair.first()?.as_str()?.to_string(),
                    pair.get(1)?.as_str()?.to_string(),
                ))
            })
            .collect();
        operations.push(OperationModel {
            name: text("name")?,
            command: text("command")?,
            input: id(operation.get("input"))?,
            output: match operation.get("output") {
                Some(Value::Str(_)) => Some(id(operation.get("output"))?),
                _ => None,
            },
            options,
        });
    }
    Ok(Model {
        shapes: read_shapes,
        operations,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_committed_model_reads_and_names_every_operation_the_engine_serves() {
        let model = model();
        for operation in engine::api::Operation::ALL {
            assert!(
                model.by_name(operation.name()).is_some(),
                "{operation} is not in the console's model"
            );
        }
        let put = model.by_command("put-item").unwrap();
        assert_eq!(put.name, "PutItem");
        assert_eq!(
            put.options[0],
            ("TableName".to_string(), "table-name".to_string())
        );
        assert!(put.options.contains(&(
            "ReturnValuesOnConditionCheckFailure".to_string(),
            "return-values-on-condition-check-failure".to_string()
        )));
    }

    #[test]
    fn a_query_answer_is_printed_in_the_models_member_order() {
        let model = model();
        let query = model.by_name("Query").unwrap();
        let Shape::Structure { members, .. } = model.shape(query.output.unwrap()) else {
            panic!("QueryOutput is a structure");
        };
        let names: Vec<&str> = members.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(
            names,
            [
                "Items",
                "Count",
                "ScannedCount",
                "LastEvaluatedKey",
                "ConsumedCapacity"
            ]
        );
    }
}
