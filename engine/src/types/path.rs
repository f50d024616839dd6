//! Document paths (`a.b[2].c`) with names already resolved, and the two things
//! the engine does with them: look a value up, and project an item down to a
//! set of paths.

use std::collections::BTreeMap;
use std::fmt;

use super::map::Text;
use super::value::{Item, Value};

/// One step of a document path.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum PathElement {
    /// A map key (or, first, a top-level attribute name).
    Attr(Text),
    /// A list index.
    Index(usize),
}

/// A resolved document path. Invariant: it starts with an [`PathElement::Attr`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Path {
    /// The steps, outermost first.
    pub elements: Vec<PathElement>,
}

impl Path {
    /// A path naming one top-level attribute.
    pub fn attribute(name: impl Into<Text>) -> Path {
        Path {
            elements: vec![PathElement::Attr(name.into())],
        }
    }

    /// The top-level attribute the path starts at.
    pub fn top(&self) -> &str {
        match self.elements.first() {
            Some(PathElement::Attr(name)) => name,
            // Invariant: the parser only builds paths that start with a name.
            _ => "",
        }
    }

    /// True when the path is a bare top-level attribute.
    pub fn is_top_level(&self) -> bool {
        self.elements.len() == 1
    }

    /// Looks the path up in an item.
    pub fn get<'a>(&self, item: &'a Item) -> Option<&'a Value> {
        let mut current = item.get(self.top())?;
        for element in &self.elements[1..] {
            current = step(current, element)?;
        }
        Some(current)
    }
}

fn step<'a>(value: &'a Value, element: &PathElement) -> Option<&'a Value> {
    match (value, element) {
        (Value::M(map), PathElement::Attr(key)) => map.get(key),
        (Value::L(list), PathElement::Index(i)) => list.get(*i),
        _ => None,
    }
}

impl fmt::Display for Path {
    /// DynamoDB's rendering in error messages: `[a, b, [1]]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self
            .elements
            .iter()
            .map(|e| match e {
                PathElement::Attr(name) => name.to_string(),
                PathElement::Index(i) => format!("[{i}]"),
            })
            .collect();
        write!(f, "[{}]", parts.join(", "))
    }
}

/// A projection being built: selected list elements keep their order and are
/// compacted, as DynamoDB returns them.
enum Projected {
    Leaf(Value),
    Map(BTreeMap<String, Projected>),
    List(BTreeMap<usize, Projected>),
}

impl Projected {
    fn into_value(self) -> Value {
        match self {
            Projected::Leaf(value) => value,
            Projected::Map(map) => {
                Value::M(map.into_iter().map(|(k, v)| (k, v.into_value())).collect())
            }
            Projected::List(list) => {
                Value::L(list.into_values().map(Projected::into_value).collect())
            }
        }
    }
}

/// Copies the parts of `item` named by `paths` into a new item. Paths that do
/// not exist in the item are left out.
pub fn project(item: &Item, paths: &[Path]) -> Item {
    let mut root: BTreeMap<String, Projected> = BTreeMap::new();
    for path in paths {
        let Some(value) = path.get(item) else {
            continue;
        };
        let rest = &path.elements[1..];
        let node = root.entry(path.top().to_string()).or_insert_with(|| {
            rest.first()
                .map_or(Projected::Leaf(Value::Null), container_for)
        });
        insert(node, rest, value);
    }
    root.into_iter().map(|(k, v)| (k, v.into_value())).collect()
}

/// Places `value` at `rest` below `node`, creating containers on the way.
fn insert(node: &mut Projected, rest: &[PathElement], value: &Value) {
    let Some((element, deeper)) = rest.split_first() else {
        *node = Projected::Leaf(value.clone());
        return;
    };
    let fresh = || {
        deeper
            .first()
            .map_or(Projected::Leaf(Value::Null), container_for)
    };
    let child = match (node, element) {
        (Projected::Map(map), PathElement::Attr(key)) => {
            map.entry(key.to_string()).or_insert_with(fresh)
        }
        (Projected::List(list), PathElement::Index(i)) => list.entry(*i).or_insert_with(fresh),
        // Invariant: validated projections have no conflicting paths.
        _ => return,
    };
    insert(child, deeper, value);
}

fn container_for(element: &PathElement) -> Projected {
    match element {
        PathElement::Attr(_) => Projected::Map(BTreeMap::new()),
        PathElement::Index(_) => Projected::List(BTreeMap::new()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(elements: &[PathElement]) -> Path {
        Path {
            elements: elements.to_vec(),
        }
    }

    fn attr(name: &str) -> PathElement {
        PathElement::Attr(name.into())
    }

    #[test]
    fn projection_compacts_selected_list_elements() {
        let mut item = Item::new();
        item.insert(
            "a",
            Value::L(vec![
                Value::s("0"),
                Value::s("1"),
                Value::s("2"),
                Value::s("3"),
            ]),
        );
        item.insert("b", Value::s("x"));
        let projected = project(
            &item,
            &[
                path(&[attr("a"), PathElement::Index(3)]),
                path(&[attr("a"), PathElement::Index(1)]),
            ],
        );
        assert_eq!(projected.len(), 1);
        assert_eq!(projected["a"], Value::L(vec![Value::s("1"), Value::s("3")]));
    }

    #[test]
    fn projection_of_nested_map_keeps_only_named_keys() {
        let mut inner = Item::new();
        inner.insert("c", Value::s("keep"));
        inner.insert("d", Value::s("drop"));
        let mut item = Item::new();
        item.insert("a", Value::M(inner));
        let projected = project(
            &item,
            &[path(&[attr("a"), attr("c")]), Path::attribute("zz")],
        );
        let mut expected = Item::new();
        expected.insert("c", Value::s("keep"));
        assert_eq!(projected["a"], Value::M(expected));
        assert!(!projected.contains_key("zz"));
    }

    #[test]
    fn a_path_is_written_as_dynamodb_writes_it_in_messages() {
        let a1 = path(&[attr("a"), PathElement::Index(1)]);
        assert_eq!(a1.to_string(), "[a, [1]]");
    }
}
