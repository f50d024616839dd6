//! Resolution: from what was written to what is evaluated.
//!
//! [`Placeholders`] holds a request's ExpressionAttributeNames and
//! ExpressionAttributeValues and remembers which of them the request's
//! expressions used. A projection is checked in this order, and the first
//! problem found is the one reported:
//! 1. size, emptiness and syntax (the parser);
//! 2. reserved words used as bare names, in written order;
//! 3. `#names` that are not defined, then `:values` that are not defined;
//! 4. paths that overlap, then paths that conflict (the `overlap` module).
//!
//! A condition's and an update's mistakes are reported by category, as the
//! `check` and `update_check` modules tell.
//!
//! After the last expression, [`Placeholders::check_unused`] reports names,
//! then values, that no expression used.

use std::collections::{BTreeMap, BTreeSet};

use super::ExprKind;
use super::ast;
use super::check;
use super::memo;
use super::overlap;
use super::reserved::is_reserved;
use super::syntax::{self, Call, RawPath, Segment};
use super::update_check;
use crate::error::{Error, Result, Span};
use crate::types::{Path, PathElement, Value, ValueType};

/// A request's placeholders and which of them were used.
#[derive(Debug)]
pub struct Placeholders<'a> {
    names: Option<&'a BTreeMap<String, String>>,
    values: Option<&'a BTreeMap<String, Value>>,
    /// The names used, as the request's maps spell them.
    used_names: BTreeSet<&'a str>,
    used_values: BTreeSet<&'a str>,
}

impl<'a> Placeholders<'a> {
    /// Wraps a request's maps.
    pub fn new(
        names: Option<&'a BTreeMap<String, String>>,
        values: Option<&'a BTreeMap<String, Value>>,
    ) -> Placeholders<'a> {
        Placeholders {
            names,
            values,
            used_names: BTreeSet::new(),
            used_values: BTreeSet::new(),
        }
    }

    /// Parses and resolves a condition-like expression.
    pub fn condition(&mut self, source: &str, kind: ExprKind) -> Result<ast::Condition> {
        let tree = memo::parse_condition(source, kind)?;
        check::misused_function(&tree, kind)?;
        let mut refs = Refs::default();
        refs.condition(&tree);
        check_reserved(&refs, kind)?;
        check::first_wrong_leaf(&tree, kind, self.names, self.values)?;
        self.check_defined(&refs, kind)?;
        Resolver {
            placeholders: self,
            kind,
        }
        .condition(&tree)
    }

    /// Parses and resolves a ProjectionExpression, rejecting overlapping paths.
    pub fn projection(&mut self, source: &str) -> Result<Vec<Path>> {
        let kind = ExprKind::Projection;
        let raw = memo::parse_projection(source)?;
        let mut refs = Refs::default();
        raw.iter().for_each(|p| refs.path(p));
        self.check_refs(&refs, kind)?;
        let mut resolver = Resolver {
            placeholders: self,
            kind,
        };
        let paths = raw.iter().map(|p| resolver.path(p)).collect::<Vec<_>>();
        overlap::check(&paths, kind)?;
        Ok(paths)
    }

    /// Parses and resolves an UpdateExpression; its mistakes are reported
    /// in the order the `update_check` module tells.
    pub fn update(&mut self, source: &str) -> Result<Vec<ast::UpdateAction>> {
        let kind = ExprKind::Update;
        let tree = memo::parse_update(source)?;
        let mut refs = Refs::default();
        for action in &tree.actions {
            refs.path(action.path());
            match action {
                syntax::UpdateAction::Set(_, v)
                | syntax::UpdateAction::Add(_, v)
                | syntax::UpdateAction::Delete(_, v) => refs.operand(v),
                syntax::UpdateAction::Remove(_) => {}
            }
        }
        check_reserved(&refs, kind)?;
        if let Some(refusal) = &tree.refusal {
            return Err(refusal.clone());
        }
        self.check_defined(&refs, kind)?;
        let mut resolver = Resolver {
            placeholders: self,
            kind,
        };
        let paths: Vec<Path> = tree
            .actions
            .iter()
            .map(|action| resolver.path(action.path()))
            .collect();
        overlap::check(&paths, kind)?;
        update_check::add_and_delete_operands(&tree.actions, self.values)?;
        update_check::functions(&tree.actions, self.values)?;
        let mut resolver = Resolver {
            placeholders: self,
            kind,
        };
        tree.actions
            .iter()
            .zip(paths)
            .map(|(action, path)| resolver.update_action(action, path))
            .collect()
    }

    /// Reports defined names, then values, that no expression used.
    pub fn check_unused(&self) -> Result<()> {
        if let Some(names) = self.names {
            let unused: Vec<&str> = names
                .keys()
                .filter(|k| !self.used_names.contains(k.as_str()))
                .map(String::as_str)
                .collect();
            if !unused.is_empty() {
                return Err(Error::validation(format!(
                    "Value provided in ExpressionAttributeNames unused in expressions: keys: {{{}}}",
                    unused.join(", ")
                )));
            }
        }
        if let Some(values) = self.values {
            let unused: Vec<&str> = values
                .keys()
                .filter(|k| !self.used_values.contains(k.as_str()))
                .map(String::as_str)
                .collect();
            if !unused.is_empty() {
                return Err(Error::validation(format!(
                    "Value provided in ExpressionAttributeValues unused in expressions: keys: {{{}}}",
                    unused.join(", ")
                )));
            }
        }
        Ok(())
    }

    fn check_refs(&mut self, refs: &Refs, kind: ExprKind) -> Result<()> {
        check_reserved(refs, kind)?;
        self.check_defined(refs, kind)
    }

    /// Refuses the first undefined `#name`, then the first undefined
    /// `:value`, and notes the others as used.
    fn check_defined(&mut self, refs: &Refs, kind: ExprKind) -> Result<()> {
        let parameter = kind.parameter();
        for (name, span) in &refs.aliases {
            let Some((defined, _)) = self.names.and_then(|n| n.get_key_value(name)) else {
                return Err(Error::at(
                    format!(
                        "Invalid {parameter}: An expression attribute name used in the document path is not defined; attribute name: {name}"
                    ),
                    parameter,
                    *span,
                ));
            };
            self.used_names.insert(defined);
        }
        for (name, span) in &refs.values {
            let Some((defined, _)) = self.values.and_then(|v| v.get_key_value(name)) else {
                return Err(Error::at(
                    format!(
                        "Invalid {parameter}: An expression attribute value used in expression is not defined; attribute value: {name}"
                    ),
                    parameter,
                    *span,
                ));
            };
            self.used_values.insert(defined);
        }
        Ok(())
    }
}

/// Refuses the first reserved word used as a bare name.
fn check_reserved(refs: &Refs, kind: ExprKind) -> Result<()> {
    let parameter = kind.parameter();
    match refs.bare_names.iter().find(|(w, _)| is_reserved(w)) {
        Some((word, span)) => Err(Error::at(
            format!(
                "Invalid {parameter}: Attribute name is a reserved keyword; reserved keyword: {word}"
            ),
            parameter,
            *span,
        )),
        None => Ok(()),
    }
}

/// Every bare name, alias and value placeholder of an expression, in written order.
#[derive(Default)]
struct Refs {
    bare_names: Vec<(String, Span)>,
    aliases: Vec<(String, Span)>,
    values: Vec<(String, Span)>,
}

impl Refs {
    fn condition(&mut self, c: &syntax::Condition) {
        use syntax::Condition as C;
        match c {
            C::Compare(_, a, b, _) => {
                self.operand(a);
                self.operand(b);
            }
            C::Between(a, b, d, _) => {
                self.operand(a);
                self.operand(b);
                self.operand(d);
            }
            C::In(a, list, _) => {
                self.operand(a);
                list.iter().for_each(|o| self.operand(o));
            }
            C::Call(call) => call.args.iter().for_each(|o| self.operand(o)),
            C::And(a, b, _) | C::Or(a, b, _) => {
                self.condition(a);
                self.condition(b);
            }
            C::Not(a, _) | C::Paren(a, _) => self.condition(a),
        }
    }

    fn operand(&mut self, o: &syntax::Operand) {
        match o {
            syntax::Operand::Path(p) => self.path(p),
            syntax::Operand::Value(name, span) => self.values.push((name.clone(), *span)),
            syntax::Operand::Call(call) => call.args.iter().for_each(|a| self.operand(a)),
            syntax::Operand::Plus(a, b, _) | syntax::Operand::Minus(a, b, _) => {
                self.operand(a);
                self.operand(b);
            }
        }
    }

    fn path(&mut self, p: &RawPath) {
        for segment in &p.segments {
            match segment {
                Segment::Name(name, span) => self.bare_names.push((name.clone(), *span)),
                Segment::Alias(name, span) => self.aliases.push((name.clone(), *span)),
                Segment::Index(..) => {}
            }
        }
    }
}

/// Builds the resolved tree; every name and value is known to be defined.
struct Resolver<'p, 'a> {
    placeholders: &'p Placeholders<'a>,
    kind: ExprKind,
}

fn not_allowed(name: &str) -> String {
    format!("The function is not allowed to be used this way in an expression; function: {name}")
}

/// What DynamoDB says of a function in the wrong kind of expression: only
/// `if_not_exists` and `list_append` belong in an update, and they belong
/// nowhere else (DynamoDB Local's messages; another implementation checked
/// against the service agrees).
fn wrong_kind(kind: ExprKind, name: &str) -> String {
    match kind {
        ExprKind::Update => {
            format!("The function is not allowed in an update expression; function: {name}")
        }
        _ => format!("The function is not allowed in a condition expression; function: {name}"),
    }
}

impl Resolver<'_, '_> {
    fn error(&self, detail: impl std::fmt::Display, span: Span) -> Error {
        Error::at(
            format!("Invalid {}: {detail}", self.kind.parameter()),
            self.kind.parameter(),
            span,
        )
    }

    fn path(&mut self, raw: &RawPath) -> Path {
        let elements = raw
            .segments
            .iter()
            .map(|segment| match segment {
                Segment::Name(name, _) => PathElement::Attr(name.as_str().into()),
                Segment::Alias(alias, _) => PathElement::Attr(
                    // Invariant: check_refs has verified every alias is defined.
                    self.placeholders
                        .names
                        .and_then(|n| n.get(alias))
                        .map(|name| name.as_str().into())
                        .unwrap_or_default(),
                ),
                Segment::Index(i, _) => PathElement::Index(*i),
            })
            .collect();
        Path { elements }
    }

    fn value(&self, name: &str) -> Value {
        // Invariant: check_refs has verified every value placeholder is defined.
        self.placeholders
            .values
            .and_then(|v| v.get(name))
            .cloned()
            .unwrap_or(Value::Null)
    }

    /// Builds a condition that [`super::check`] has passed.
    fn condition(&mut self, c: &syntax::Condition) -> Result<ast::Condition> {
        use syntax::Condition as C;
        Ok(match c {
            C::Compare(op, a, b, _) => {
                ast::Condition::Compare(*op, self.operand(a)?, self.operand(b)?)
            }
            C::Between(a, low, high, _) => {
                ast::Condition::Between(self.operand(a)?, self.operand(low)?, self.operand(high)?)
            }
            C::In(a, list, _) => {
                let a = self.operand(a)?;
                let list = list
                    .iter()
                    .map(|o| self.operand(o))
                    .collect::<Result<Vec<_>>>()?;
                ast::Condition::In(a, list)
            }
            C::Call(call) => self.function_condition(call)?,
            C::And(a, b, _) => {
                ast::Condition::And(Box::new(self.condition(a)?), Box::new(self.condition(b)?))
            }
            C::Or(a, b, _) => {
                ast::Condition::Or(Box::new(self.condition(a)?), Box::new(self.condition(b)?))
            }
            C::Not(a, _) => ast::Condition::Not(Box::new(self.condition(a)?)),
            C::Paren(a, _) => self.condition(a)?,
        })
    }

    fn arity(&self, call: &Call, expected: usize) -> Result<()> {
        if call.args.len() != expected {
            return Err(self.error(
                format!("Incorrect number of operands for operator or function; operator or function: {}, number of operands: {}", call.name, call.args.len()),
                call.span,
            ));
        }
        Ok(())
    }

    fn path_argument(&mut self, call: &Call, index: usize) -> Result<Path> {
        match &call.args[index] {
            syntax::Operand::Path(p) => Ok(self.path(p)),
            _ => Err(self.error(
                format!(
                    "Operator or function requires a document path; operator or function: {}",
                    call.name
                ),
                call.span,
            )),
        }
    }

    /// A function standing as a condition, its operands checked.
    fn function_condition(&mut self, call: &Call) -> Result<ast::Condition> {
        let condition = match (call.name.as_str(), call.args.as_slice()) {
            ("attribute_exists", [syntax::Operand::Path(p)]) => {
                ast::Condition::Exists(self.path(p))
            }
            ("attribute_not_exists", [syntax::Operand::Path(p)]) => {
                ast::Condition::NotExists(self.path(p))
            }
            ("attribute_type", [syntax::Operand::Path(p), syntax::Operand::Value(tag, _)]) => {
                let value_type = match self.value(tag) {
                    Value::S(tag) => ValueType::from_tag(&tag),
                    _ => None,
                };
                let Some(value_type) = value_type else {
                    return Err(self.error(not_allowed(&call.name), call.span));
                };
                ast::Condition::AttributeType(self.path(p), value_type)
            }
            ("begins_with", [a, b]) => {
                ast::Condition::BeginsWith(self.operand(a)?, self.operand(b)?)
            }
            ("contains", [a, b]) => ast::Condition::Contains(self.operand(a)?, self.operand(b)?),
            _ => return Err(self.error(not_allowed(&call.name), call.span)),
        };
        Ok(condition)
    }

    fn operand(&mut self, o: &syntax::Operand) -> Result<ast::Operand> {
        Ok(match o {
            syntax::Operand::Path(p) => ast::Operand::Path(self.path(p)),
            syntax::Operand::Value(name, _) => ast::Operand::Value(self.value(name)),
            syntax::Operand::Plus(a, b, _) => {
                ast::Operand::Plus(Box::new(self.operand(a)?), Box::new(self.operand(b)?))
            }
            syntax::Operand::Minus(a, b, _) => {
                ast::Operand::Minus(Box::new(self.operand(a)?), Box::new(self.operand(b)?))
            }
            syntax::Operand::Call(call) => self.function_operand(call)?,
        })
    }

    fn function_operand(&mut self, call: &Call) -> Result<ast::Operand> {
        match call.name.as_str() {
            "size" if self.kind == ExprKind::Update => {
                Err(self.error(wrong_kind(self.kind, &call.name), call.span))
            }
            // Of a path, or of a value whose type has a size (checked).
            "size" => {
                self.arity(call, 1)?;
                Ok(ast::Operand::Size(Box::new(self.operand(&call.args[0])?)))
            }
            "if_not_exists" | "list_append" if self.kind != ExprKind::Update => {
                Err(self.error(wrong_kind(self.kind, &call.name), call.span))
            }
            "if_not_exists" => {
                self.arity(call, 2)?;
                let path = self.path_argument(call, 0)?;
                let fallback = self.operand(&call.args[1])?;
                Ok(ast::Operand::IfNotExists(path, Box::new(fallback)))
            }
            "list_append" => {
                self.arity(call, 2)?;
                let (a, b) = (self.operand(&call.args[0])?, self.operand(&call.args[1])?);
                Ok(ast::Operand::ListAppend(Box::new(a), Box::new(b)))
            }
            "attribute_exists"
            | "attribute_not_exists"
            | "attribute_type"
            | "begins_with"
            | "contains"
                if self.kind == ExprKind::Update =>
            {
                Err(self.error(wrong_kind(self.kind, &call.name), call.span))
            }
            "attribute_exists"
            | "attribute_not_exists"
            | "attribute_type"
            | "begins_with"
            | "contains" => Err(self.error(not_allowed(&call.name), call.span)),
            other => Err(self.error(
                format!("Invalid function name; function: {other}"),
                call.span,
            )),
        }
    }

    /// Builds an action that `update_check` has passed.
    fn update_action(
        &mut self,
        action: &syntax::UpdateAction,
        path: Path,
    ) -> Result<ast::UpdateAction> {
        Ok(match action {
            syntax::UpdateAction::Set(_, v) => ast::UpdateAction::Set(path, self.operand(v)?),
            syntax::UpdateAction::Remove(_) => ast::UpdateAction::Remove(path),
            syntax::UpdateAction::Add(_, v) | syntax::UpdateAction::Delete(_, v) => {
                let ast::Operand::Value(value) = self.operand(v)? else {
                    return Err(
                        self.error("Incorrect operand type for operator or function", v.span())
                    );
                };
                if matches!(action, syntax::UpdateAction::Add(..)) {
                    ast::UpdateAction::Add(path, value)
                } else {
                    ast::UpdateAction::Delete(path, value)
                }
            }
        })
    }
}
