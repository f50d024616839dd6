//! A session runs a script as bash with `set -e` would: these tests hold
//! it to how commands join, stop, expand, redirect and refuse.

use console::session::{Run, Session};

fn run(script: &str) -> Run {
    let mut engine = engine::Engine::new();
    engine.set_clock(1_796_305_018.0);
    Session::default()
        .run(script, &mut engine, None)
        .expect("the script reads")
}

fn stdout(run: &Run) -> String {
    run.steps.iter().map(|s| s.stdout.as_str()).collect()
}

fn refused(script: &str) -> String {
    let mut engine = engine::Engine::new();
    Session::default()
        .run(script, &mut engine, None)
        .unwrap_err()
        .to_string()
}

#[test]
fn a_script_stops_at_its_first_failure_and_keeps_its_status() {
    let run = run("echo one\naws dynamodb describe-table --table-name missing\necho two");
    assert_eq!(stdout(&run), "one\n");
    assert_eq!(run.status, 254);
    assert!(run.stopped_early);
    assert_eq!(run.steps.len(), 2);
}

#[test]
fn set_plus_e_and_keep_going_run_past_a_failure() {
    let run = run("set +e\nfalse\necho after $?");
    assert_eq!(stdout(&run), "after 1\n");
    assert_eq!(run.status, 0);
    let mut engine = engine::Engine::new();
    let mut session = Session::default();
    session.keep_going = true;
    let kept = session.run("false\necho after", &mut engine, None).unwrap();
    assert_eq!(stdout(&kept), "after\n");
}

#[test]
fn a_failure_inside_and_or_does_not_stop_the_script_unless_it_is_last() {
    let run = run("false && echo no\necho yes\nfalse || echo rescued\ntrue && false\necho never");
    assert_eq!(stdout(&run), "yes\nrescued\n");
    assert_eq!(run.status, 1);
}

#[test]
fn exit_ends_the_script_with_its_status() {
    let run = run("echo a\nexit 3\necho b");
    assert_eq!(stdout(&run), "a\n");
    assert_eq!(run.status, 3);
}

#[test]
fn a_substitution_captures_what_aws_prints() {
    let run = run(
        "aws dynamodb create-table --table-name Subs --attribute-definitions AttributeName=k,AttributeType=S \
         --key-schema AttributeName=k,KeyType=HASH --billing-mode PAY_PER_REQUEST > /dev/null\n\
         ARN=$(aws dynamodb describe-table --table-name Subs --query Table.TableArn --output text)\n\
         echo \"arn is $ARN\"",
    );
    assert_eq!(
        stdout(&run),
        "arn is arn:aws:dynamodb:local:000000000000:table/Subs\n"
    );
}

#[test]
fn output_goes_to_a_file_that_file_colon_reads_back() {
    let run = run(
        "echo '{\"k\": {\"S\": \"x\"}}' > key.json\ncat key.json\necho more >> key.json\ncat key.json",
    );
    assert_eq!(
        stdout(&run),
        "{\"k\": {\"S\": \"x\"}}\n{\"k\": {\"S\": \"x\"}}\nmore\n"
    );
}

#[test]
fn errors_can_join_standard_output_or_vanish() {
    let run = run(
        "set +e\naws dynamodb describe-table --table-name none 2>&1 > /dev/null\naws dynamodb describe-table --table-name none 2> /dev/null\necho done",
    );
    let first = &run.steps[1];
    assert_eq!(first.stdout, "");
    assert_eq!(first.stderr, "");
    assert_eq!(stdout(&run), "done\n");
}

#[test]
fn an_exported_default_output_reaches_aws_and_a_plain_variable_does_not() {
    let run = run(
        "AWS_DEFAULT_OUTPUT=text\naws dynamodb list-tables\nexport AWS_DEFAULT_OUTPUT=table\naws dynamodb list-tables",
    );
    assert_eq!(
        stdout(&run),
        "{\n    \"TableNames\": []\n}\n------------\n|ListTables|\n+----------+\n"
    );
}

#[test]
fn set_x_traces_each_command_on_standard_error() {
    let run = run("set -x\necho 'a b' c");
    assert_eq!(run.steps[1].stderr, "+ echo 'a b' c\n");
}

#[test]
fn echo_and_printf_write_as_bash_does() {
    let run = run(
        "echo -n a; echo -e 'b\\tc'; echo '\\t'; printf '%s-%d|%5s|%.2f\\n' x 7 y 1.5; printf '%s\\n' one two",
    );
    assert_eq!(stdout(&run), "ab\tc\n\\t\nx-7|    y|1.50\none\ntwo\n");
}

#[test]
fn a_command_the_console_does_not_run_is_refused_by_name_before_anything_runs() {
    assert_eq!(
        refused("echo ok\njq . file.json"),
        "line 2: `jq` is not run here: the console runs `aws`, `echo`, `printf`, `cat`, `export`, `unset`, `set`, `sleep`, `true`, `false`, `exit` and `:`"
    );
    assert_eq!(
        refused("aws --region eu-west-1 s3 ls"),
        "line 1: `aws s3` is not run here: the console runs aws dynamodb commands"
    );
    assert_eq!(
        refused("X=$(curl example.org)"),
        "line 1: `curl` is not run here: the console runs `aws`, `echo`, `printf`, `cat`, `export`, `unset`, `set`, `sleep`, `true`, `false`, `exit` and `:`"
    );
}

#[test]
fn sleep_moves_the_engines_clock_on() {
    let mut engine = engine::Engine::new();
    engine.set_clock(100.0);
    Session::default()
        .run("sleep 30\nsleep 2.5", &mut engine, None)
        .unwrap();
    assert_eq!(engine.clock(), 132.5);
}

#[test]
fn aws_version_prints_the_cli_the_console_answers_as() {
    let run = run("aws --version");
    assert_eq!(
        stdout(&run),
        "aws-cli/2.36.7 Python/3.13.11 ddbplay-console\n"
    );
}
