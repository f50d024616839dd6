//! Applying an UpdateExpression to an item.
//!
//! Every right-hand side is evaluated against the item as it was before the
//! update (so `SET a = b, b = a` swaps), then the actions are applied: SETs,
//! REMOVEs (list elements from the highest index down, so each named element
//! goes), ADDs and DELETEs.

use crate::error::{Error, Result};
use crate::expr::ast::{Operand, UpdateAction};
use crate::types::sets::{add_members, remove_members};
use crate::types::{Item, Path, PathElement, Value};

fn missing_attribute() -> Error {
    Error::validation(
        "The provided expression refers to an attribute that does not exist in the item",
    )
}

fn wrong_type() -> Error {
    Error::validation("An operand in the update expression has an incorrect data type")
}

fn invalid_path() -> Error {
    Error::validation("The document path provided in the update expression is invalid for update")
}

/// The value of a SET right-hand side, read from the old item.
fn eval_set_value(operand: &Operand, old: &Item) -> Result<Value> {
    match operand {
        Operand::Path(path) => path.get(old).cloned().ok_or_else(missing_attribute),
        Operand::Value(value) => Ok(value.clone()),
        Operand::IfNotExists(path, fallback) => match path.get(old) {
            Some(value) => Ok(value.clone()),
            None => eval_set_value(fallback, old),
        },
        Operand::ListAppend(a, b) => match (eval_set_value(a, old)?, eval_set_value(b, old)?) {
            (Value::L(mut first), Value::L(second)) => {
                first.extend(second);
                Ok(Value::L(first))
            }
            _ => Err(wrong_type()),
        },
        Operand::Plus(a, b) | Operand::Minus(a, b) => {
            let (Value::N(x), Value::N(y)) = (eval_set_value(a, old)?, eval_set_value(b, old)?)
            else {
                return Err(wrong_type());
            };
            let result = if matches!(operand, Operand::Plus(..)) {
                x.checked_add(&y)
            } else {
                x.checked_sub(&y)
            };
            result
                .map(Value::N)
                .map_err(|e| Error::validation(e.to_string()))
        }
        Operand::Size(_) => Err(wrong_type()),
    }
}

/// The value holding the last step of `path`, created along the way only
/// where the path exists.
fn parent_mut<'a>(item: &'a mut Item, path: &Path) -> Result<Option<&'a mut Value>> {
    let elements = &path.elements;
    if elements.len() < 2 {
        return Ok(None);
    }
    let mut current = item.get_mut(path.top()).ok_or_else(invalid_path)?;
    for element in &elements[1..elements.len() - 1] {
        current = match (current, element) {
            (Value::M(map), PathElement::Attr(key)) => map.get_mut(key).ok_or_else(invalid_path)?,
            (Value::L(list), PathElement::Index(i)) => list.get_mut(*i).ok_or_else(invalid_path)?,
            _ => return Err(invalid_path()),
        };
    }
    Ok(Some(current))
}

fn set_path(item: &mut Item, path: &Path, value: Value) -> Result<()> {
    let Some(parent) = parent_mut(item, path)? else {
        item.insert(path.top(), value);
        return Ok(());
    };
    // Invariant: parent_mut returned Some, so the path has at least two steps.
    match (parent, path.elements.last()) {
        (Value::M(map), Some(PathElement::Attr(key))) => {
            map.insert(key.clone(), value);
        }
        (Value::L(list), Some(PathElement::Index(i))) => {
            if *i < list.len() {
                list[*i] = value;
            } else {
                list.push(value);
            }
        }
        _ => return Err(invalid_path()),
    }
    Ok(())
}

fn remove_path(item: &mut Item, path: &Path) -> Result<()> {
    let Some(parent) = parent_mut(item, path)? else {
        item.remove(path.top());
        return Ok(());
    };
    match (parent, path.elements.last()) {
        (Value::M(map), Some(PathElement::Attr(key))) => {
            map.remove(key);
        }
        (Value::L(list), Some(PathElement::Index(i))) => {
            if *i < list.len() {
                list.remove(*i);
            }
        }
        _ => return Err(invalid_path()),
    }
    Ok(())
}

fn get_path_mut<'a>(item: &'a mut Item, path: &Path) -> Result<Option<&'a mut Value>> {
    if path.is_top_level() {
        return Ok(item.get_mut(path.top()));
    }
    let Some(parent) = parent_mut(item, path)? else {
        return Ok(None);
    };
    Ok(match (parent, path.elements.last()) {
        (Value::M(map), Some(PathElement::Attr(key))) => map.get_mut(key),
        (Value::L(list), Some(PathElement::Index(i))) => list.get_mut(*i),
        _ => return Err(invalid_path()),
    })
}

fn add(item: &mut Item, path: &Path, operand: &Value) -> Result<()> {
    match get_path_mut(item, path)? {
        None => set_path(item, path, operand.clone()),
        Some(existing) => {
            match (existing, operand) {
                (Value::N(x), Value::N(y)) => {
                    *x = x
                        .checked_add(y)
                        .map_err(|e| Error::validation(e.to_string()))?;
                }
                (Value::SS(set), Value::SS(more)) => add_members(set, more),
                (Value::NS(set), Value::NS(more)) => add_members(set, more),
                (Value::BS(set), Value::BS(more)) => add_members(set, more),
                _ => return Err(wrong_type()),
            }
            Ok(())
        }
    }
}

fn delete(item: &mut Item, path: &Path, operand: &Value) -> Result<()> {
    let Some(existing) = get_path_mut(item, path)? else {
        return Ok(());
    };
    let now_empty = match (existing, operand) {
        (Value::SS(set), Value::SS(gone)) => {
            remove_members(set, gone);
            set.is_empty()
        }
        (Value::NS(set), Value::NS(gone)) => {
            remove_members(set, gone);
            set.is_empty()
        }
        (Value::BS(set), Value::BS(gone)) => {
            remove_members(set, gone);
            set.is_empty()
        }
        _ => return Err(wrong_type()),
    };
    if now_empty {
        remove_path(item, path)?;
    }
    Ok(())
}

/// Applies the actions to a copy of `old`.
pub fn apply_update(old: &Item, actions: &[UpdateAction]) -> Result<Item> {
    let mut sets = Vec::new();
    for action in actions {
        if let UpdateAction::Set(path, operand) = action {
            sets.push((path, eval_set_value(operand, old)?));
        }
    }
    // SETs on list elements go in the order of their indexes (DynamoDB's
    // guide: several past the end of a list append in index order, so
    // `SET l[9] = :b, l[5] = :a` on a one-element list gives [x, a, b]);
    // others keep their written order, which no other SET can observe.
    sets.sort_by_key(|(path, _)| index_key(path));
    let mut item = old.clone();
    for (path, value) in sets {
        set_path(&mut item, path, value)?;
    }
    let mut removes: Vec<&Path> = actions
        .iter()
        .filter_map(|a| match a {
            UpdateAction::Remove(p) => Some(p),
            _ => None,
        })
        .collect();
    removes.sort_by(|a, b| {
        b.elements
            .len()
            .cmp(&a.elements.len())
            .then_with(|| index_key(b).cmp(&index_key(a)))
    });
    for path in removes {
        remove_path(&mut item, path)?;
    }
    for action in actions {
        match action {
            UpdateAction::Add(path, value) => add(&mut item, path, value)?,
            UpdateAction::Delete(path, value) => delete(&mut item, path, value)?,
            _ => {}
        }
    }
    Ok(item)
}

/// Orders removals of list elements so higher indexes go first.
fn index_key(path: &Path) -> Option<usize> {
    match path.elements.last() {
        Some(PathElement::Index(i)) => Some(*i),
        _ => None,
    }
}
