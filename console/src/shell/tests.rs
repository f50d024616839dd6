use std::collections::HashMap;

use super::expand::{self, Environment};
use super::syntax::{Connector, Script, Target};
use super::*;

/// Variables in a map; a substitution prints its words joined, as `echo`.
#[derive(Default)]
struct Variables {
    values: HashMap<String, String>,
    status: i32,
    arguments: Vec<String>,
}

impl Environment for Variables {
    fn variable(&self, name: &str) -> Option<String> {
        self.values.get(name).cloned()
    }
    fn assign(&mut self, name: &str, value: String) {
        self.values.insert(name.to_string(), value);
    }
    fn status(&self) -> i32 {
        self.status
    }
    fn positional(&self, index: usize) -> Option<String> {
        self.arguments.get(index).cloned()
    }
    fn argument_count(&self) -> usize {
        self.arguments.len().saturating_sub(1)
    }
    fn substitute(&mut self, script: &Script) -> String {
        let Some(list) = script.lists.first() else {
            return String::new();
        };
        let words = expand::fields(list.first.words.get(1..).unwrap_or_default(), self);
        format!("{}\n\n", words.join(" "))
    }
}

fn with(pairs: &[(&str, &str)]) -> Variables {
    Variables {
        values: pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        ..Variables::default()
    }
}

/// The arguments of each command of `script`, with `variables`.
fn arguments_with(script: &str, variables: &mut Variables) -> Vec<Vec<String>> {
    let script = parse(script).unwrap();
    let mut commands = Vec::new();
    for list in &script.lists {
        for command in std::iter::once(&list.first).chain(list.rest.iter().map(|(_, c)| c)) {
            commands.push(expand::fields(&command.words, variables));
        }
    }
    commands
}

fn arguments(script: &str) -> Vec<Vec<String>> {
    arguments_with(script, &mut Variables::default())
}

fn refusal(script: &str) -> String {
    parse(script).unwrap_err().to_string()
}

#[test]
fn a_tutorials_command_over_continued_lines_is_one_command_of_its_words() {
    let script = "aws dynamodb put-item \\\n  --table-name Music \\\n  --item '{\n  \"Artist\": {\"S\": \"Acme\"}}'\n";
    assert_eq!(
        arguments(script),
        [[
            "aws",
            "dynamodb",
            "put-item",
            "--table-name",
            "Music",
            "--item",
            "{\n  \"Artist\": {\"S\": \"Acme\"}}"
        ]]
    );
}

#[test]
fn a_continuation_joins_the_lines_with_no_space_between() {
    assert_eq!(arguments("aws dyna\\\nmodb"), [["aws", "dynamodb"]]);
}

#[test]
fn quotes_of_every_kind_are_removed_and_their_parts_joined_into_one_word() {
    assert_eq!(
        arguments_with(
            r#"echo '{"a":'"$V"'}' "x\"y\\z\$" a\ b $'t\tab\x41'"#,
            &mut with(&[("V", "1 2")])
        ),
        [["echo", "{\"a\":1 2}", "x\"y\\z$", "a b", "t\tabA"]]
    );
}

#[test]
fn a_backslash_inside_double_quotes_stays_unless_it_escapes_one_of_five() {
    assert_eq!(arguments(r#"echo "a\b\n""#), [["echo", "a\\b\\n"]]);
    assert_eq!(
        arguments(r#"echo "{\"S\":\"x\"}""#),
        [["echo", "{\"S\":\"x\"}"]]
    );
}

#[test]
fn a_hash_starts_a_comment_only_at_the_start_of_a_word() {
    assert_eq!(
        arguments("# a comment\necho a#b '#y=Year' \"#n\" # the rest\n  # indented\necho z"),
        [vec!["echo", "a#b", "#y=Year", "#n"], vec!["echo", "z"]]
    );
}

#[test]
fn commands_end_at_newlines_and_semicolons_and_blank_lines_are_nothing() {
    assert_eq!(
        arguments("echo a; echo b\n\n\necho c;"),
        [["echo", "a"], ["echo", "b"], ["echo", "c"]]
    );
}

#[test]
fn and_and_or_join_commands_even_across_a_newline() {
    let script = parse("true &&\n  echo yes || echo no").unwrap();
    assert_eq!(script.lists.len(), 1);
    let connectors: Vec<Connector> = script.lists[0].rest.iter().map(|(c, _)| *c).collect();
    assert_eq!(connectors, [Connector::And, Connector::Or]);
}

#[test]
fn assignments_before_a_command_or_alone_are_kept_apart_from_its_words() {
    let script = parse("TABLE=Music\nexport REGION=us-east-1\nA=1 B=\"two words\" aws x").unwrap();
    let first = &script.lists[0].first;
    assert_eq!(first.assignments[0].name, "TABLE");
    assert!(first.words.is_empty());
    let second = &script.lists[1].first;
    assert_eq!(second.words.len(), 2);
    let third = &script.lists[2].first;
    let names: Vec<&str> = third.assignments.iter().map(|a| a.name.as_str()).collect();
    assert_eq!(names, ["A", "B"]);
    assert_eq!(
        expand::text(&third.assignments[1].value, &mut Variables::default()),
        "two words"
    );
}

#[test]
fn unquoted_expansions_split_into_fields_and_quoted_ones_do_not() {
    let mut variables = with(&[("KEYS", "a  b\tc"), ("EMPTY", "")]);
    assert_eq!(
        arguments_with(
            "echo $KEYS \"$KEYS\" x$EMPTY $EMPTY \"\" ${UNSET}",
            &mut variables
        ),
        [vec!["echo", "a", "b", "c", "a  b\tc", "x", ""]]
    );
}

#[test]
fn fallbacks_use_assign_or_replace_as_bash_does() {
    let mut variables = with(&[("SET", "v"), ("EMPTY", "")]);
    assert_eq!(
        arguments_with(
            "echo ${SET:-d} ${EMPTY:-d} ${EMPTY-d}. ${UNSET-d} ${NEW:=made} $NEW ${SET:+alt} ${UNSET+alt}. ${#SET}",
            &mut variables
        ),
        [vec![
            "echo", "v", "d", ".", "d", "made", "made", "alt", ".", "1"
        ]]
    );
}

#[test]
fn status_arguments_and_process_id_expand() {
    let mut variables = Variables {
        status: 254,
        arguments: vec!["lab.sh".into(), "Music".into(), "x".into()],
        ..Variables::default()
    };
    assert_eq!(
        arguments_with("echo $? $0 $1 ${2} $# \"$@\" $9.", &mut variables),
        [vec![
            "echo", "254", "lab.sh", "Music", "x", "2", "Music x", "."
        ]]
    );
}

#[test]
fn a_dollar_before_no_name_means_itself() {
    assert_eq!(
        arguments("echo $ \"price $\" a$"),
        [["echo", "$", "price $", "a$"]]
    );
}

#[test]
fn a_command_substitution_is_replaced_by_what_it_prints_without_trailing_newlines() {
    assert_eq!(
        arguments("echo \"[$(echo a   b)]\" $(echo c d) `echo e`"),
        [["echo", "[a b]", "c", "d", "e"]]
    );
}

#[test]
fn a_here_document_is_the_input_of_its_command_expanded_unless_its_delimiter_is_quoted() {
    let script = parse(
        "cat > item.json <<EOF\n{\"id\": \"$ID\"}\nEOF\ncat <<'END' > raw.json\n$ID \\$\nEND\ncat <<-X\n\t\tindented\n\tX\n",
    )
    .unwrap();
    let mut variables = with(&[("ID", "c1")]);
    let first = &script.lists[0].first;
    assert!(matches!(
        &first.stdout,
        Some(Target::File { append: false, .. })
    ));
    let body = expand::text(&first.stdin.as_ref().unwrap().body, &mut variables);
    assert_eq!(body, "{\"id\": \"c1\"}\n");
    let second = &script.lists[1].first;
    let body = expand::text(&second.stdin.as_ref().unwrap().body, &mut variables);
    assert_eq!(body, "$ID \\$\n");
    let third = &script.lists[2].first;
    let body = expand::text(&third.stdin.as_ref().unwrap().body, &mut variables);
    assert_eq!(body, "indented\n");
}

#[test]
fn a_here_document_keeps_its_body_when_a_substitution_follows_it() {
    let script = parse("cat > a.json <<'E'\n{}\nE\nX=$(echo b)\n").unwrap();
    let body = &script.lists[0].first.stdin.as_ref().unwrap().body;
    assert_eq!(expand::text(body, &mut Variables::default()), "{}\n");
}

#[test]
fn redirections_of_output_and_errors_are_read() {
    let script = parse("aws x > out.json 2>&1\naws y 2> /dev/null >> log").unwrap();
    let first = &script.lists[0].first;
    assert_eq!(first.stderr, Some(Target::Stdout));
    let second = &script.lists[1].first;
    assert!(matches!(
        &second.stdout,
        Some(Target::File { append: true, .. })
    ));
    assert!(matches!(
        &second.stderr,
        Some(Target::File { append: false, .. })
    ));
}

#[test]
fn each_construct_the_console_does_not_run_is_refused_by_name_and_line() {
    assert_eq!(
        refusal("echo ok\naws dynamodb scan --table-name T | jq ."),
        "line 2: a pipe (|) is not run here: the console prints what the aws CLI prints, and cannot pass it to another program (use --query for what jq would pick out)"
    );
    assert_eq!(
        refusal("for t in a b; do\n  aws dynamodb delete-table --table-name $t\ndone"),
        "line 1: a for loop is not run here: write the commands out one by one"
    );
    assert_eq!(
        refusal("if true; then echo; fi"),
        "line 1: an if is not run here: write the commands out one by one"
    );
    assert_eq!(
        refusal("sleep 5 &"),
        "line 1: running a command in the background (&) is not done here: each command runs to its end"
    );
    assert_eq!(
        refusal("(cd x)"),
        "line 1: a subshell ( … ) is not run here"
    );
    assert_eq!(
        refusal("f() { echo; }"),
        "line 1: a function definition is not run here"
    );
    assert_eq!(
        refusal("echo $((1+2))"),
        "line 1: arithmetic $(( … )) is not run here"
    );
    assert_eq!(
        refusal("echo ${X%.json}"),
        "line 1: ${X%…} and ${X#…} (cutting a pattern) are not run here"
    );
    assert_eq!(
        refusal("aws x < in.json"),
        "line 1: reading a command's input from a file (<) is not done here: aws takes files as file://name"
    );
    assert_eq!(refusal("echo 'open"), "line 1: a ' is never closed");
    assert_eq!(refusal("echo \"open\n\n"), "line 3: a \" is never closed");
    assert_eq!(
        refusal("cat <<EOF\nno end\n"),
        "line 1: the here-document is never closed by a line EOF"
    );
    assert_eq!(refusal("&& echo"), "line 1: && with no command before it");
}

#[test]
fn a_quoted_reserved_word_is_an_ordinary_word() {
    assert_eq!(
        arguments("'for' x; echo if"),
        [vec!["for", "x"], vec!["echo", "if"]]
    );
}

#[test]
fn nesting_past_the_bound_is_refused_not_recursed_into() {
    let deep = format!("echo {}x{}", "$(echo ".repeat(40), ")".repeat(40));
    assert_eq!(
        refusal(&deep),
        "line 1: $(…) and ${…} nest more than 16 deep"
    );
    let braces = format!("echo {}x{}", "${A:-".repeat(40), "}".repeat(40));
    assert_eq!(
        refusal(&braces),
        "line 1: $(…) and ${…} nest more than 16 deep"
    );
}

#[test]
fn a_script_past_a_megabyte_is_refused_before_it_is_read() {
    let long = "#".repeat(1024 * 1024 + 1);
    assert_eq!(
        refusal(&long),
        "line 1: the script is 1048577 bytes long; the console reads at most 1048576"
    );
}

#[test]
fn comment_lines_above_a_command_are_kept_with_it() {
    let script =
        parse("#!/bin/bash\n# 1. Make it\n\n# (a note)\necho a # not this\n# 2. Then\necho b")
            .unwrap();
    assert_eq!(
        script.lists[0].first.comments,
        ["# 1. Make it", "# (a note)"]
    );
    assert_eq!(script.lists[1].first.comments, ["# 2. Then"]);
}

#[test]
fn a_command_keeps_its_source_and_line_for_the_transcript() {
    let script = parse("\n\naws dynamodb list-tables \\\n   --output text  # tables\n").unwrap();
    let command = &script.lists[0].first;
    assert_eq!(command.line, 3);
    assert_eq!(
        command.source,
        "aws dynamodb list-tables \\\n   --output text"
    );
}

#[cfg(not(target_arch = "wasm32"))]
mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn any_text_is_read_or_refused_never_a_panic(script in "\\PC{0,200}") {
            let _ = parse(&script);
        }

        #[test]
        fn any_text_of_shell_characters_is_read_or_refused(
            script in "[ a$(){}'\"`\\\\;&|<>#=\\n:-]{0,120}"
        ) {
            if let Ok(script) = parse(&script) {
                let mut variables = Variables::default();
                for list in &script.lists {
                    let _ = expand::fields(&list.first.words, &mut variables);
                }
            }
        }

        #[test]
        fn a_single_quoted_word_reads_back_as_itself(text in "[^'\\x00\\r]{0,60}") {
            let words = arguments(&format!("echo '{text}'"));
            prop_assert_eq!(&words[0][1], &text);
        }
    }
}
