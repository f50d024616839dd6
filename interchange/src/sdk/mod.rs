//! The access patterns as code a program runs: for the AWS SDK for
//! JavaScript v3 with its document client ([`javascript`]), which takes
//! and gives plain JavaScript values, and for boto3's client
//! ([`python`]), which takes DynamoDB JSON as it is. Each file is one
//! function a pattern, named after the pattern's description, and a main
//! that runs the ones named on its command line (all when none is) and
//! prints what each returned, one JSON line a pattern. Reads follow every
//! page, as the playground measures them; writes change the table.

pub mod javascript;
pub mod python;

/// The words of `description`, for a function's name: ASCII letters and
/// digits only, apostrophes dropped, at most eight words.
fn words(description: &str) -> Vec<String> {
    // "A customer's orders": customers, not customer and s.
    description
        .replace(['\'', '\u{2019}'], "")
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .take(8)
        .map(|w| w.to_ascii_lowercase())
        .collect()
}

/// Names for every pattern, made by `join` from its words, none twice,
/// none starting with a digit, none a word of the language (`reserved`).
fn function_names(
    descriptions: &[&str],
    join: fn(&[String]) -> String,
    reserved: &[&str],
) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for (i, description) in descriptions.iter().enumerate() {
        let mut words = words(description);
        if words.is_empty() {
            words = vec!["pattern".into(), (i + 1).to_string()];
        }
        if words[0].starts_with(|c: char| c.is_ascii_digit())
            || reserved.contains(&words[0].as_str()) && words.len() == 1
        {
            words.insert(0, "pattern".into());
        }
        let base = join(&words);
        let mut name = base.clone();
        let mut n = 2;
        while out.contains(&name) || reserved.contains(&name.as_str()) {
            name = format!("{base}{n}");
            n += 1;
        }
        out.push(name);
    }
    out
}

/// Where a request holds attribute values: a member of one of these names
/// holds an item or a key (a map of attribute values), a list of keys, a
/// map of placeholder values, or a list of values.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Holds {
    /// A map of name → attribute value (`Key`, `Item`,
    /// `ExpressionAttributeValues`, `ExclusiveStartKey`).
    Map,
    /// A list of such maps (`Keys`).
    ListOfMaps,
    /// A list of attribute values (`Parameters`).
    List,
}

fn holds(member: &str) -> Option<Holds> {
    match member {
        "Key" | "Item" | "ExpressionAttributeValues" | "ExclusiveStartKey" => Some(Holds::Map),
        "Keys" => Some(Holds::ListOfMaps),
        "Parameters" => Some(Holds::List),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn snake(words: &[String]) -> String {
        words.join("_")
    }

    #[test]
    fn names_come_from_descriptions_and_never_repeat() {
        let names = function_names(
            &[
                "Get a customer's profile",
                "Get a customer's profile",
                "",
                "2024 orders",
                "class",
            ],
            snake,
            &["class"],
        );
        assert_eq!(
            names,
            [
                "get_a_customers_profile",
                "get_a_customers_profile2",
                "pattern_3",
                "pattern_2024_orders",
                "pattern_class"
            ]
        );
    }
}
