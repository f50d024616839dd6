//! Options read as Python's `argparse` reads them with `parse_known_args`,
//! which is how the aws CLI reads a command line at each of its three
//! levels (the global options, the service, the operation).
//!
//! What matters to a learner's line, and is kept:
//! - a word is an option when it starts with `-`, is not a lone `-` or a
//!   negative number, and holds no space; `--opt=value` gives the value in
//!   the word; a unique prefix names an option (`--table` for
//!   `--table-name`), and an ambiguous one is refused at once;
//! - an option takes one value, every value up to the next option (a
//!   list), or none (a flag); the last of a repeated option wins;
//! - a positional takes one word, or one if there is one (`?`);
//! - words nobody takes are handed back, in order ("Unknown options");
//! - a required option that never came is refused after the rest, all of
//!   them named in one message.

use std::collections::HashMap;

/// How many values an option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arity {
    /// Exactly one (`nargs=None`).
    One,
    /// Every value up to the next option, maybe none (`nargs='*'`).
    Many,
    /// None: present means `true` (`store_true`).
    FlagTrue,
    /// None: present means `false` (`store_false`, `--no-…`).
    FlagFalse,
    /// One if one follows, else the option's `constant` (`nargs='?'`).
    OneOrConstant,
}

/// One option: its name without the dashes, where its value goes, and
/// what it takes.
#[derive(Clone, Debug)]
pub struct OptionSpec {
    pub name: String,
    /// Where the value is kept; two options can share one (`--x` and
    /// `--no-x`).
    pub dest: String,
    pub arity: Arity,
    pub required: bool,
    /// The only values it takes.
    pub choices: Option<Vec<String>>,
    /// `int`: the value must read as a whole number.
    pub integer: bool,
    /// What [`Arity::OneOrConstant`] gives when no value follows.
    pub constant: Option<String>,
}

impl OptionSpec {
    /// An option of one value, kept under its own name.
    pub fn one(name: &str) -> OptionSpec {
        OptionSpec {
            name: name.to_string(),
            dest: name.to_string(),
            arity: Arity::One,
            required: false,
            choices: None,
            integer: false,
            constant: None,
        }
    }
}

/// A positional: `command`, `operation`, or the operation parser's `help`.
#[derive(Clone, Debug)]
pub struct PositionalSpec {
    pub name: String,
    /// `?`: optional.
    pub optional: bool,
    pub choices: Option<Vec<String>>,
}

/// A value as read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Parsed {
    One(String),
    Many(Vec<String>),
    Flag(bool),
}

/// What was read: values by destination, and the words nobody took.
#[derive(Clone, Debug, Default)]
pub struct Namespace {
    pub values: HashMap<String, Parsed>,
    pub extras: Vec<String>,
}

impl Namespace {
    pub fn one(&self, dest: &str) -> Option<&str> {
        match self.values.get(dest) {
            Some(Parsed::One(value)) => Some(value),
            _ => None,
        }
    }

    pub fn flag(&self, dest: &str) -> Option<bool> {
        match self.values.get(dest) {
            Some(Parsed::Flag(value)) => Some(*value),
            _ => None,
        }
    }
}

/// Why a line was refused, worded as `argparse` words it
/// (`argument --output: Found invalid choice 'xml'`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArgError(pub String);

/// A parser: options and positionals.
#[derive(Clone, Debug, Default)]
pub struct Parser {
    pub options: Vec<OptionSpec>,
    pub positionals: Vec<PositionalSpec>,
}

/// What one word is.
#[derive(Clone, Debug)]
enum Class {
    /// A value (`A`).
    Value,
    /// A known option, with the value it carried after `=`.
    Known(usize, Option<String>),
    /// An option this parser does not know (it goes to the extras).
    Unknown,
}

impl Parser {
    fn classify(&self, word: &str) -> Result<Class, ArgError> {
        if word.is_empty() || !word.starts_with('-') {
            return Ok(Class::Value);
        }
        if let Some(i) = self.find(word) {
            return Ok(Class::Known(i, None));
        }
        if word.len() == 1 {
            return Ok(Class::Value);
        }
        if let Some((name, value)) = word.split_once('=')
            && let Some(i) = self.find(name)
        {
            return Ok(Class::Known(i, Some(value.to_string())));
        }
        if word.starts_with("--") {
            let (prefix, explicit) = match word.split_once('=') {
                Some((prefix, value)) => (prefix, Some(value.to_string())),
                None => (word, None),
            };
            let matches: Vec<usize> = self
                .options
                .iter()
                .enumerate()
                .filter(|(_, o)| format!("--{}", o.name).starts_with(prefix))
                .map(|(i, _)| i)
                .collect();
            match matches.len() {
                0 => {}
                1 => return Ok(Class::Known(matches[0], explicit)),
                _ => {
                    let names: Vec<String> = matches
                        .iter()
                        .map(|&i| format!("--{}", self.options[i].name))
                        .collect();
                    return Err(ArgError(format!(
                        "ambiguous option: {word} could match {}",
                        names.join(", ")
                    )));
                }
            }
        }
        if is_negative_number(word) || word.contains(' ') {
            return Ok(Class::Value);
        }
        Ok(Class::Unknown)
    }

    fn find(&self, word: &str) -> Option<usize> {
        let name = word.strip_prefix("--")?;
        self.options.iter().position(|o| o.name == name)
    }

    /// `parse_known_args`.
    pub fn parse_known(&self, words: &[String]) -> Result<Namespace, ArgError> {
        let mut classes = Vec::with_capacity(words.len());
        let mut after_dashes = false;
        for word in words {
            if after_dashes {
                classes.push(Class::Value);
            } else if word == "--" {
                after_dashes = true;
                classes.push(Class::Value);
            } else {
                classes.push(self.classify(word)?);
            }
        }
        let is_option = |c: &Class| !matches!(c, Class::Value);
        let mut namespace = Namespace::default();
        let mut seen = vec![false; self.options.len()];
        let mut positional = 0;
        let mut at = 0;
        let last_option = classes.iter().rposition(is_option);
        while let Some(last) = last_option {
            if at > last {
                break;
            }
            let next_option = (at..words.len())
                .find(|&i| is_option(&classes[i]))
                .unwrap_or(words.len());
            if at != next_option {
                at = self.positionals(words, &classes, at, &mut positional, &mut namespace)?;
                if at < next_option {
                    namespace
                        .extras
                        .extend(words[at..next_option].iter().cloned());
                    at = next_option;
                }
            }
            at = self.optional(words, &classes, at, &mut seen, &mut namespace)?;
        }
        at = self.positionals(words, &classes, at, &mut positional, &mut namespace)?;
        namespace
            .extras
            .extend(words[at.min(words.len())..].iter().cloned());
        let mut missing: Vec<String> = self
            .options
            .iter()
            .zip(&seen)
            .filter(|(o, seen)| o.required && !**seen)
            .map(|(o, _)| format!("--{}", o.name))
            .collect();
        missing.extend(
            self.positionals[positional..]
                .iter()
                .filter(|p| !p.optional)
                .map(|p| p.name.clone()),
        );
        if !missing.is_empty() {
            return Err(ArgError(format!(
                "the following arguments are required: {}",
                missing.join(", ")
            )));
        }
        Ok(namespace)
    }

    /// Gives the positionals still waiting the values at `at`, each one
    /// value (or, for `?`, one if there is one); where they stop.
    fn positionals(
        &self,
        words: &[String],
        classes: &[Class],
        mut at: usize,
        next: &mut usize,
        namespace: &mut Namespace,
    ) -> Result<usize, ArgError> {
        while *next < self.positionals.len() {
            let spec = &self.positionals[*next];
            let available = at < words.len() && matches!(classes[at], Class::Value);
            if !available && !spec.optional {
                break;
            }
            *next += 1;
            if available {
                check_choice(&spec.name, spec.choices.as_deref(), &words[at])?;
                namespace
                    .values
                    .insert(spec.name.clone(), Parsed::One(words[at].clone()));
                at += 1;
            }
        }
        Ok(at)
    }

    /// Takes the option at `at` and its values; where they stop.
    fn optional(
        &self,
        words: &[String],
        classes: &[Class],
        at: usize,
        seen: &mut [bool],
        namespace: &mut Namespace,
    ) -> Result<usize, ArgError> {
        let (index, explicit) = match &classes[at] {
            Class::Known(index, explicit) => (*index, explicit.clone()),
            _ => {
                namespace.extras.push(words[at].clone());
                return Ok(at + 1);
            }
        };
        let spec = &self.options[index];
        let argument = format!("--{}", spec.name);
        let values_after = (at + 1..words.len())
            .take_while(|&i| matches!(classes[i], Class::Value))
            .count();
        let (parsed, stop) = match (spec.arity, explicit) {
            (Arity::FlagTrue | Arity::FlagFalse, Some(value)) => {
                return Err(ArgError(format!(
                    "argument {argument}: ignored explicit argument {}",
                    crate::python::value::repr_str(&value)
                )));
            }
            (Arity::FlagTrue, None) => (Parsed::Flag(true), at + 1),
            (Arity::FlagFalse, None) => (Parsed::Flag(false), at + 1),
            (Arity::One, Some(value)) => (Parsed::One(value), at + 1),
            (Arity::One, None) if values_after == 0 => {
                return Err(ArgError(format!(
                    "argument {argument}: expected one argument"
                )));
            }
            (Arity::One, None) => (Parsed::One(words[at + 1].clone()), at + 2),
            (Arity::OneOrConstant, Some(value)) => (Parsed::One(value), at + 1),
            (Arity::OneOrConstant, None) if values_after == 0 => (
                Parsed::One(spec.constant.clone().unwrap_or_default()),
                at + 1,
            ),
            (Arity::OneOrConstant, None) => (Parsed::One(words[at + 1].clone()), at + 2),
            (Arity::Many, Some(value)) => (Parsed::Many(vec![value]), at + 1),
            (Arity::Many, None) => (
                Parsed::Many(words[at + 1..at + 1 + values_after].to_vec()),
                at + 1 + values_after,
            ),
        };
        match &parsed {
            Parsed::One(value) => {
                if spec.integer && crate::args::shorthand::parse_int(value).is_none() {
                    return Err(ArgError(format!(
                        "argument {argument}: invalid int value: {}",
                        crate::python::value::repr_str(value)
                    )));
                }
                check_choice(&argument, spec.choices.as_deref(), value)?;
            }
            Parsed::Many(values) => {
                for value in values {
                    check_choice(&argument, spec.choices.as_deref(), value)?;
                }
            }
            Parsed::Flag(_) => {}
        }
        seen[index] = true;
        // `--x` and `--no-x` share a destination: either counts as given.
        for (other, spec_other) in self.options.iter().enumerate() {
            if spec_other.dest == spec.dest {
                seen[other] = true;
            }
        }
        namespace.values.insert(spec.dest.clone(), parsed);
        Ok(stop)
    }
}

/// The CLI's own wording of a choice not among the choices, with the close
/// matches `difflib.get_close_matches` finds (cutoff 0.8).
fn check_choice(argument: &str, choices: Option<&[String]>, value: &str) -> Result<(), ArgError> {
    let Some(choices) = choices else {
        return Ok(());
    };
    if choices.iter().any(|c| c == value) {
        return Ok(());
    }
    let mut message = format!("argument {argument}: Found invalid choice '{value}'\n");
    let close = super::difflib::close_matches(value, choices, 3, 0.8);
    if !close.is_empty() {
        message.push_str("\nMaybe you meant:\n");
        for word in close {
            message.push_str(&format!("\n  * {word}"));
        }
    }
    Err(ArgError(message))
}

/// `^-\d+$|^-\d*\.\d+$`.
fn is_negative_number(word: &str) -> bool {
    let Some(rest) = word.strip_prefix('-') else {
        return false;
    };
    if !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()) {
        return true;
    }
    match rest.split_once('.') {
        Some((whole, fraction)) => {
            whole.bytes().all(|b| b.is_ascii_digit())
                && !fraction.is_empty()
                && fraction.bytes().all(|b| b.is_ascii_digit())
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<String> {
        line.split(' ').map(str::to_string).collect()
    }

    fn operation() -> Parser {
        let mut flag = OptionSpec::one("consistent-read");
        flag.arity = Arity::FlagTrue;
        let mut no_flag = OptionSpec::one("no-consistent-read");
        no_flag.arity = Arity::FlagFalse;
        no_flag.dest = "consistent-read".into();
        let mut table = OptionSpec::one("table-name");
        table.required = true;
        let mut list = OptionSpec::one("attributes-to-get");
        list.arity = Arity::Many;
        Parser {
            options: vec![
                table,
                OptionSpec::one("key"),
                list,
                flag,
                no_flag,
                OptionSpec::one("return-consumed-capacity"),
                OptionSpec::one("return-values"),
            ],
            positionals: vec![PositionalSpec {
                name: "help".into(),
                optional: true,
                choices: None,
            }],
        }
    }

    #[test]
    fn options_take_their_values_and_a_prefix_names_an_option() {
        let parsed = operation()
            .parse_known(&words(
                "--table Music --key=k --attributes-to-get a b --no-consistent-read",
            ))
            .unwrap();
        assert_eq!(parsed.one("table-name"), Some("Music"));
        assert_eq!(parsed.one("key"), Some("k"));
        assert_eq!(
            parsed.values.get("attributes-to-get"),
            Some(&Parsed::Many(vec!["a".into(), "b".into()]))
        );
        assert_eq!(parsed.flag("consistent-read"), Some(false));
        assert!(parsed.extras.is_empty());
    }

    #[test]
    fn a_stray_word_is_taken_by_help_and_unknown_options_are_handed_back() {
        let parsed = operation()
            .parse_known(&words("--table-name T --key a stray --bogus 1"))
            .unwrap();
        assert_eq!(parsed.one("help"), Some("stray"));
        assert_eq!(parsed.extras, ["--bogus", "1"]);
    }

    #[test]
    fn argparse_refusals_are_worded_as_argparse_words_them() {
        let parser = operation();
        let refuse = |line: &str| parser.parse_known(&words(line)).unwrap_err().0;
        assert_eq!(
            refuse("--key k"),
            "the following arguments are required: --table-name"
        );
        assert_eq!(
            refuse("--table-name"),
            "argument --table-name: expected one argument"
        );
        assert_eq!(
            refuse("--table-name T --return x"),
            "ambiguous option: --return could match --return-consumed-capacity, --return-values"
        );
        assert_eq!(
            refuse("--table-name T --consistent-read=yes"),
            "argument --consistent-read: ignored explicit argument 'yes'"
        );
    }

    #[test]
    fn a_negative_number_and_a_word_with_a_space_are_values() {
        let parsed = operation()
            .parse_known(&[
                "--table-name".to_string(),
                "-5".to_string(),
                "--key".to_string(),
                "-a b".to_string(),
            ])
            .unwrap();
        assert_eq!(parsed.one("table-name"), Some("-5"));
        assert_eq!(parsed.one("key"), Some("-a b"));
    }

    #[test]
    fn the_last_of_a_repeated_option_wins() {
        let parsed = operation()
            .parse_known(&words("--table-name A --table-name B"))
            .unwrap();
        assert_eq!(parsed.one("table-name"), Some("B"));
    }
}
