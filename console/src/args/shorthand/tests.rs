use super::*;
use crate::model::model;
use crate::python::json::dumps;

fn no_files(_: &str) -> Option<Result<String, String>> {
    None
}

/// The shorthand read, as JSON.
fn read(text: &str) -> String {
    dumps(&parse(text, &mut no_files).unwrap())
}

/// The shorthand read and shaped by a member of an operation's input.
fn read_for(text: &str, operation: &str, member: &str) -> String {
    let model = model();
    let input = model.by_name(operation).unwrap().input;
    let shape = model.member(input, member).unwrap();
    let mut value = parse(text, &mut no_files).unwrap();
    shape_by_model(&mut value, shape, model).unwrap();
    dumps(&value)
}

fn error(text: &str) -> String {
    parse(text, &mut no_files).unwrap_err().0
}

#[test]
fn keys_of_attribute_values_read_as_nested_maps() {
    assert_eq!(
        read("Artist={S=Acme},SongTitle={S=Song1}"),
        r#"{"Artist": {"S": "Acme"}, "SongTitle": {"S": "Song1"}}"#
    );
}

#[test]
fn quoted_values_and_escaped_commas_keep_their_commas() {
    assert_eq!(
        read(r#"Artist={S="Acme, Inc"},SongTitle={S=a\,b}"#),
        r#"{"Artist": {"S": "Acme, Inc"}, "SongTitle": {"S": "a,b"}}"#
    );
    assert_eq!(read(r"a='it\'s',b=x"), r#"{"a": "it's", "b": "x"}"#);
}

#[test]
fn a_top_level_csv_is_a_list_until_a_later_word_holds_an_equals_sign() {
    assert_eq!(read("a=x,y,z"), r#"{"a": ["x", "y", "z"]}"#);
    assert_eq!(
        read("AttributeName=PK,AttributeType=S"),
        r#"{"AttributeName": "PK", "AttributeType": "S"}"#
    );
    assert_eq!(read("a=x,y,b=z"), r#"{"a": ["x", "y"], "b": "z"}"#);
}

#[test]
fn blanks_around_equals_and_commas_are_allowed() {
    assert_eq!(read("k = {S = v}"), r#"{"k": {"S": "v"}}"#);
}

#[test]
fn an_empty_value_is_an_empty_string_at_the_top_and_must_be_quoted_in_braces() {
    assert_eq!(read("k="), r#"{"k": ""}"#);
    assert_eq!(read(r#"k={S=""}"#), r#"{"k": {"S": ""}}"#);
}

#[test]
fn a_value_may_hold_equals_signs_after_its_first_character() {
    assert_eq!(read("a=b=c"), r#"{"a": "b=c"}"#);
}

#[test]
fn an_item_reads_every_type_and_the_model_makes_booleans_and_lists() {
    assert_eq!(
        read_for(
            "Year={N=2001},Live={BOOL=true},Nil={NULL=true},Tags={SS=[a,b]},One={SS=a},L={L=[{S=x},{N=1}]},M={M={k={S=v}}}",
            "PutItem",
            "Item"
        ),
        r#"{"Year": {"N": "2001"}, "Live": {"BOOL": true}, "Nil": {"NULL": true}, "Tags": {"SS": ["a", "b"]}, "One": {"SS": ["a"]}, "L": {"L": [{"S": "x"}, {"N": "1"}]}, "M": {"M": {"k": {"S": "v"}}}}"#
    );
}

#[test]
fn throughput_numbers_become_integers() {
    assert_eq!(
        read_for(
            "ReadCapacityUnits=5,WriteCapacityUnits=10",
            "CreateTable",
            "ProvisionedThroughput"
        ),
        r#"{"ReadCapacityUnits": 5, "WriteCapacityUnits": 10}"#
    );
}

#[test]
fn a_global_secondary_index_reads_with_its_nested_lists() {
    assert_eq!(
        read(
            "IndexName=GSI1,KeySchema=[{AttributeName=a,KeyType=HASH},{AttributeName=b,KeyType=RANGE}],Projection={ProjectionType=INCLUDE,NonKeyAttributes=[x,y]}"
        ),
        r#"{"IndexName": "GSI1", "KeySchema": [{"AttributeName": "a", "KeyType": "HASH"}, {"AttributeName": "b", "KeyType": "RANGE"}], "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["x", "y"]}}"#
    );
}

#[test]
fn names_and_placeholders_are_keys() {
    assert_eq!(read("#y=Year,#n=Name"), r##"{"#y": "Year", "#n": "Name"}"##);
    assert_eq!(
        read(":a={S=Acme},:n={N=5}"),
        r#"{":a": {"S": "Acme"}, ":n": {"N": "5"}}"#
    );
}

#[test]
fn errors_show_the_input_with_a_caret_under_the_failure() {
    assert_eq!(
        error("Artist={S=Acme,SongTitle={S=x}"),
        "Expected: ',', received: 'EOF' for input:\n Artist={S=Acme,SongTitle={S=x}\n                              ^"
    );
    assert_eq!(
        error("Artist={S=Acme}  SongTitle={S=b}"),
        "Expected: ',', received: 'S' for input:\n Artist={S=Acme}  SongTitle={S=b}\n                 ^"
    );
    assert_eq!(
        error("Tags={SS=a,b}"),
        "Expected: '=', received: '}' for input:\n Tags={SS=a,b}\n            ^"
    );
    assert_eq!(
        error("k={S=}"),
        "Expected: ',', received: 'EOF' for input:\n k={S=}\n      ^"
    );
}

#[test]
fn a_repeated_key_says_a_comma_may_stand_for_a_space() {
    assert_eq!(
        error("Artist={S=Acme},Artist={S=b}"),
        "Second instance of key \"Artist\" encountered for input:\nArtist={S=Acme},Artist={S=b}\n                ^\nThis is often because there is a preceding \",\" instead of a space."
    );
}

#[test]
fn an_integer_that_is_not_one_fails_as_pythons_int_fails() {
    let model = model();
    let input = model.by_name("CreateTable").unwrap().input;
    let shape = model.member(input, "ProvisionedThroughput").unwrap();
    let mut value = parse("ReadCapacityUnits=five", &mut no_files).unwrap();
    assert_eq!(
        shape_by_model(&mut value, shape, model).unwrap_err().0,
        "invalid literal for int() with base 10: 'five'"
    );
}

#[test]
fn an_at_sign_reads_the_value_from_a_file() {
    let mut files = |path: &str| -> Option<Result<String, String>> {
        path.strip_prefix("file://")
            .map(|name| Ok(format!("contents of {name}")))
    };
    assert_eq!(
        dumps(&parse("a@=file://x.txt,b=file://y", &mut files).unwrap()),
        r#"{"a": "contents of x.txt", "b": "file://y"}"#
    );
}

#[cfg(not(target_arch = "wasm32"))]
mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn any_text_is_read_or_refused_never_a_panic(text in "\\PC{0,80}") {
            let _ = parse(&text, &mut no_files);
        }

        #[test]
        fn any_text_of_shorthand_characters_is_read_or_refused(
            text in "[a-c=,{}\\[\\]'\"\\\\@ ]{0,60}"
        ) {
            if let Ok(mut value) = parse(&text, &mut no_files) {
                let model = model();
                let input = model.by_name("PutItem").unwrap().input;
                let item = model.member(input, "Item").unwrap();
                let _ = shape_by_model(&mut value, item, model);
            }
        }
    }
}
