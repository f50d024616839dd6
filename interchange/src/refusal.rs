//! Why a file is not read, and the reader every format's JSON (or YAML,
//! once parsed) is walked with: each step knows where it stands, so every
//! refusal names the field (`DataModel[0].KeyAttributes.PartitionKey`).

use std::fmt;

use serde_json::{Map, Value as Json};

use crate::limits::MAX_LIST_ENTRIES;

/// Why a file is not read; nothing of it is used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal(pub String);

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Refusal {}

/// A refusal with this message.
pub fn refuse<T>(message: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal(message.into()))
}

/// A value and where it stands in the file.
#[derive(Clone, Copy)]
pub struct At<'a> {
    pub value: &'a Json,
    path: &'a str,
}

/// A value with its path, owned: what a step into a list or an object
/// gives.
pub struct Field<'a> {
    pub value: &'a Json,
    pub path: String,
}

impl<'a> Field<'a> {
    /// The field as an [`At`], to read it.
    pub fn at(&self) -> At<'_> {
        At {
            value: self.value,
            path: &self.path,
        }
    }
}

impl<'a> At<'a> {
    /// The whole file, named `path` in messages (`""` for none).
    pub fn root(value: &'a Json, path: &'a str) -> At<'a> {
        At { value, path }
    }

    /// Where this value stands.
    pub fn path(&self) -> &str {
        self.path
    }

    fn child_path(&self, name: &str) -> String {
        if self.path.is_empty() {
            name.to_string()
        } else {
            format!("{}.{name}", self.path)
        }
    }

    /// The value as an object.
    pub fn object(&self) -> Result<&'a Map<String, Json>, Refusal> {
        match self.value.as_object() {
            Some(object) if intrinsic_function(self.value).is_none() => Ok(object),
            _ => Err(self.not_a("an object")),
        }
    }

    fn name(&self) -> &str {
        if self.path.is_empty() {
            "the file"
        } else {
            self.path
        }
    }

    /// The field `name`, which must be there.
    pub fn field(&self, name: &str) -> Result<Field<'a>, Refusal> {
        self.optional(name)?
            .ok_or_else(|| Refusal(format!("{} is missing", self.child_path(name))))
    }

    /// The field `name`, if it is there and not null.
    pub fn optional(&self, name: &str) -> Result<Option<Field<'a>>, Refusal> {
        Ok(self
            .object()?
            .get(name)
            .filter(|v| !v.is_null())
            .map(|value| Field {
                value,
                path: self.child_path(name),
            }))
    }

    /// The value as text.
    pub fn text(&self) -> Result<&'a str, Refusal> {
        self.value.as_str().ok_or_else(|| self.not_a("text"))
    }

    /// Why the value is not the `kind` asked for: CloudFormation's
    /// functions (`Ref`, `Fn::Sub`, …) are named as such.
    fn not_a(&self, kind: &str) -> Refusal {
        match intrinsic_function(self.value) {
            Some(function) => Refusal(format!(
                "{} is {function}, which only a stack can work out; only literal values are read",
                self.name()
            )),
            None => Refusal(format!("{} should be {kind}", self.name())),
        }
    }

    /// The value as a whole number at least 0.
    pub fn whole(&self) -> Result<u64, Refusal> {
        match self.value {
            Json::Number(n) => n.as_u64(),
            Json::String(s) => s.parse().ok(),
            _ => None,
        }
        .ok_or_else(|| self.not_a("a whole number"))
    }

    /// The value as true or false (`"true"` and `"false"` too, as
    /// templates often write them).
    pub fn boolean(&self) -> Result<bool, Refusal> {
        match self.value {
            Json::Bool(b) => Some(*b),
            Json::String(s) if s.eq_ignore_ascii_case("true") => Some(true),
            Json::String(s) if s.eq_ignore_ascii_case("false") => Some(false),
            _ => None,
        }
        .ok_or_else(|| self.not_a("true or false"))
    }

    /// The value as a list of at most [`MAX_LIST_ENTRIES`] entries.
    pub fn list(&self) -> Result<Vec<Field<'a>>, Refusal> {
        let entries = self.value.as_array().ok_or_else(|| self.not_a("a list"))?;
        if entries.len() > MAX_LIST_ENTRIES {
            return refuse(format!(
                "{} has {} entries; at most {MAX_LIST_ENTRIES} are read",
                self.name(),
                entries.len()
            ));
        }
        Ok(entries
            .iter()
            .enumerate()
            .map(|(i, value)| Field {
                value,
                path: format!("{}[{i}]", self.path),
            })
            .collect())
    }
}

/// The name of the CloudFormation function `value` calls (`Ref`,
/// `Fn::Sub`), if it is one: an object of one member so named.
pub fn intrinsic_function(value: &Json) -> Option<&str> {
    let object = value.as_object()?;
    let (name, _) = object.iter().next()?;
    let function =
        object.len() == 1 && (name == "Ref" || name == "Condition" || name.starts_with("Fn::"));
    function.then_some(name.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_missing_field_is_named_by_its_path() {
        let file = json!({"DataModel": [{"KeyAttributes": {}}]});
        let root = At::root(&file, "");
        let tables = root.field("DataModel").unwrap();
        let tables = tables.at().list().unwrap();
        let keys = tables[0].at().field("KeyAttributes").unwrap();
        let error = keys.at().field("PartitionKey").err().unwrap();
        assert_eq!(
            error.0,
            "DataModel[0].KeyAttributes.PartitionKey is missing"
        );
    }

    #[test]
    fn a_value_of_the_wrong_kind_is_named() {
        let file = json!({"TableName": 5});
        let name = At::root(&file, "").field("TableName").unwrap();
        assert_eq!(name.at().text().unwrap_err().0, "TableName should be text");
    }

    #[test]
    fn numbers_and_flags_may_be_written_as_text() {
        let file = json!({"n": "5", "b": "True"});
        let root = At::root(&file, "");
        assert_eq!(root.field("n").unwrap().at().whole().unwrap(), 5);
        assert!(root.field("b").unwrap().at().boolean().unwrap());
    }
}
