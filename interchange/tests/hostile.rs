//! Files made to hurt: each is refused with its reason, quickly, and
//! nothing panics or overflows the stack. Every case runs on a thread of
//! a 1 MiB stack, the page's, when built as the page is (optimised);
//! unoptimised code takes several times the stack a call, so those
//! builds give it 16 MiB.

use interchange::model::{Attribute, KeySchema, Table};
use interchange::{Import, import};

fn table() -> Table {
    Table {
        name: "t".into(),
        attributes: vec![Attribute {
            name: "PK".into(),
            attribute_type: "S".into(),
        }],
        key: KeySchema::simple("PK", None),
        ..Table::default()
    }
}

/// What importing `bytes` as `kind` says, on a stack as small as the page's.
fn refusal(kind: Import, bytes: Vec<u8>) -> String {
    std::thread::Builder::new()
        .stack_size(if cfg!(debug_assertions) {
            16 << 20
        } else {
            1 << 20
        })
        .spawn(move || match import(kind, &bytes, None, &table()) {
            Ok(imported) => format!("read {} items", imported.model.items.len()),
            Err(refusal) => refusal.0,
        })
        .unwrap()
        .join()
        .unwrap()
}

#[test]
fn terraform_nested_past_its_parser_limit_is_refused() {
    let deep = format!(
        "resource \"aws_dynamodb_table\" \"t\" {{\n  name = {}1{}\n}}\n",
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    assert!(refusal(Import::Terraform, deep.into_bytes()).starts_with("the file is not HCL"));
    let operators = format!(
        "resource \"aws_dynamodb_table\" \"t\" {{\n  name = {}1\n}}\n",
        "!".repeat(100_000)
    );
    assert!(refusal(Import::Terraform, operators.into_bytes()).starts_with("the file is not HCL"));
    let chain = format!(
        "resource \"aws_dynamodb_table\" \"t\" {{\n  name = 1{}\n}}\n",
        " + 1".repeat(50_000)
    );
    assert!(refusal(Import::Terraform, chain.into_bytes()).starts_with("the file is not HCL"));
}

#[test]
fn yaml_nested_or_aliased_past_the_bounds_is_refused_at_once() {
    let started = std::time::Instant::now();
    for deep in [
        format!(
            "Resources: {}1{}\n",
            "[".repeat(100_000),
            "]".repeat(100_000)
        ),
        format!("Resources: {}\n", "{a: ".repeat(200_000)),
    ] {
        assert_eq!(
            refusal(Import::CloudFormation, deep.into_bytes()),
            "the file nests values more than 64 levels deep"
        );
    }
    let dashes = format!("Resources:\n  {}1\n", "- ".repeat(200_000));
    let said = refusal(Import::CloudFormation, dashes.into_bytes());
    assert!(
        said.starts_with("the file is not YAML: recursion limit exceeded"),
        "{said}"
    );
    assert!(started.elapsed().as_secs() < 5, "{:?}", started.elapsed());
    let mut laughs = String::from(
        "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n",
    );
    for (from, to) in ["ab", "bc", "cd", "de", "ef", "fg", "gh", "hi"]
        .iter()
        .map(|p| (&p[..1], &p[1..]))
    {
        laughs.push_str(&format!("{to}: &{to} [*{from},*{from},*{from},*{from},*{from},*{from},*{from},*{from},*{from}]\n"));
    }
    laughs.push_str("Resources: *i\n");
    let said = refusal(Import::CloudFormation, laughs.into_bytes());
    assert!(said.starts_with("the file is not YAML"), "{said}");
}

#[test]
fn json_nested_past_the_bounds_is_refused() {
    let deep = format!(
        "{{\"DataModel\": {}1{}}}",
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    let said = refusal(Import::Workbench, deep.into_bytes());
    assert!(said.starts_with("the file is not JSON"), "{said}");
    let just_past = format!("{{\"DataModel\": {}1{}}}", "[".repeat(70), "]".repeat(70));
    assert_eq!(
        refusal(Import::Workbench, just_past.into_bytes()),
        "the file nests values more than 64 levels deep"
    );
}

#[test]
fn a_gzip_bomb_stops_at_the_unpacked_bound() {
    use std::io::Write;
    let mut packer = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    let zeros = vec![b' '; 1 << 20];
    for _ in 0..80 {
        packer.write_all(&zeros).unwrap();
    }
    let bomb = packer.finish().unwrap();
    assert!(bomb.len() < 1 << 20);
    assert_eq!(
        refusal(Import::ExportLines, bomb),
        "the file unpacks to more than 67108864 bytes, the most read"
    );
}

#[test]
fn a_bad_line_is_refused_by_its_number_and_nothing_is_read() {
    let lines = "{\"Item\": {\"PK\": {\"S\": \"a\"}}}\n\n{\"Item\": {\"SK\": {\"S\": \"b\"}}}\n";
    assert_eq!(
        refusal(Import::ExportLines, lines.as_bytes().to_vec()),
        "line 3: the item has no PK, a key attribute of the table t"
    );
    let typed = "{\"Item\": {\"PK\": {\"N\": \"1\"}}}\n";
    assert_eq!(
        refusal(Import::ExportLines, typed.as_bytes().to_vec()),
        "line 1: key attribute PK is of type N; the table's is S"
    );
}
