//! The store's behaviour: builds landing in order, charts refused whole,
//! the runner and hand-made items kept with the playground.

use std::cell::RefCell;
use std::rc::Rc;

use serde_json::json;
use yew::Reducible;

use super::*;
use crate::model::patterns::runner::Form;
use engine::api::Operation;

fn loaded(build: u64, chart: Chart) -> Action {
    loaded_with_ttl_times(build, chart, None)
}

/// A build landing with the TTL times it read while it was built.
fn loaded_with_ttl_times(build: u64, chart: Chart, ttl_times: Option<TtlTimes>) -> Action {
    let mut loader = Loader::new(&chart, 7).unwrap();
    while !loader.step(usize::MAX).unwrap() {}
    let (engine, item_count, warnings) = loader.finish();
    Action::Loaded {
        build,
        engine: Rc::new(RefCell::new(engine)),
        built: Built::Chart { chart, seed: 7 },
        item_count,
        warnings,
        measured: None,
        ttl_times,
    }
}

#[test]
fn an_older_build_never_lands_after_a_newer_one() {
    let state = Rc::new(State::example());
    let mut small = state.chart.clone();
    small.entities[0].count = (3, 3);
    let started = state.clone().reduce(Action::Started);
    let restarted = started.clone().reduce(Action::Started);
    assert_eq!(restarted.build.count, 2);
    // Build 1 finishing late changes nothing; build 2 lands.
    let stale = restarted.clone().reduce(loaded(1, small.clone()));
    assert_eq!(stale.item_count, state.item_count);
    let fresh = restarted.reduce(loaded(2, small));
    assert!(
        fresh.item_count < state.item_count / 5,
        "{}",
        fresh.item_count
    );
    assert_eq!((fresh.seed, fresh.build.loading), (7, None));
}

#[test]
fn renaming_the_table_takes_the_patterns_along() {
    let state = Rc::new(State::example());
    let mut chart = state.chart.clone();
    chart.table.name = "shop".into();
    let renamed = state.reduce(Action::SetChart { chart, seed: 42 });
    assert_eq!(renamed.chart.table.name, "shop");
    assert_eq!(renamed.runner.draft.form.table, "shop");
    assert!(renamed.patterns.iter().all(|p| {
        let names = crate::model::data::multi_item::table_names(p.operation, &p.request);
        !names.is_empty() && names.iter().all(|n| n == "shop")
    }));
    assert!(renamed.runs.iter().all(Result::is_ok), "{:?}", renamed.runs);
}

#[test]
fn a_refused_chart_changes_nothing_and_says_why() {
    let state = Rc::new(State::example());
    let mut chart = state.chart.clone();
    chart.table.indexes[0].name = "G1".into();
    let refused = state.clone().reduce(Action::SetChart { chart, seed: 42 });
    assert_eq!(refused.chart, state.chart);
    assert_eq!(refused.item_count, state.item_count);
    let message = refused.build.refused.clone().unwrap();
    assert!(
        message.to_string().starts_with("ValidationException: "),
        "{message}"
    );
}

#[test]
fn a_playground_comes_out_as_it_went_in() {
    let mut playground = commerce::playground();
    playground.selected = 4;
    playground.prices.requests_per_month = 5.0e6;
    playground.draft.description = "My orders".into();
    playground.position = Position {
        index: Some("GSI1".into()),
        row: 40,
    };
    let state = State::open(playground.clone()).unwrap();
    assert_eq!(state.playground(), playground);
    assert!(state.runs.iter().all(Result::is_ok), "{:?}", state.runs);
}

#[test]
fn hand_made_changes_are_kept_until_the_items_are_generated_again() {
    let state = Rc::new(State::example());
    let key = json!({"PK": {"S": "CUST#c11"}, "SK": {"S": "PROFILE"}});
    let changed = state
        .clone()
        .reduce(Action::Change(Change::DeleteItem(key.to_string())));
    assert_eq!(changed.item_count, state.item_count - 1);
    assert_eq!(changed.edits.len(), 1);
    // Opening the same playground again replays the delete.
    let reopened = State::open(changed.playground()).unwrap();
    assert_eq!(reopened.item_count, changed.item_count);
    // A new seed generates everything again: no hand-made changes remain.
    let chart = changed.chart.clone();
    let regenerated = changed.reduce(Action::SetChart { chart, seed: 7 });
    assert!(regenerated.edits.is_empty());
}

#[test]
fn a_playground_that_cannot_open_leaves_the_current_one_and_says_why() {
    let state = Rc::new(State::example());
    let mut playground = commerce::playground();
    playground.chart.table.indexes[1].name = "GSI1".into();
    let refused = state.clone().reduce(Action::Open {
        playground: Box::new(playground),
        context: "This link could not be opened: ".into(),
        note: None,
    });
    assert_eq!(refused.chart, state.chart);
    assert_eq!(
        refused.page.notice.as_ref().unwrap().text,
        "This link could not be opened: ValidationException: One or more parameter values were invalid: Duplicate index name: GSI1."
    );
}

#[test]
fn measurements_made_while_building_are_kept_only_for_the_patterns_measured() {
    let state = Rc::new(State::example());
    let chart = state.chart.clone();
    let started = state.clone().reduce(Action::Started);
    let Action::Loaded {
        build,
        engine,
        built,
        item_count,
        warnings,
        ..
    } = loaded(started.build.count, chart)
    else {
        unreachable!()
    };
    let marker = Err::<Measured, Failure>(Failure::refused("measured while building"));
    let measured = Measurement {
        patterns: state.patterns.clone(),
        selected: state.selected,
        runs: vec![marker.clone(); state.patterns.len()],
    };
    let landed = started.clone().reduce(Action::Loaded {
        build,
        engine,
        built: built.clone(),
        item_count,
        warnings: warnings.clone(),
        measured: Some(measured.clone()),
        ttl_times: None,
    });
    assert!(landed.runs.iter().all(|r| *r == marker));
    // Measured for other patterns: measured again on landing.
    let Action::Loaded { engine, .. } = loaded(started.build.count, state.chart.clone()) else {
        unreachable!()
    };
    let stale = Measurement {
        patterns: state.patterns[1..].to_vec(),
        ..measured
    };
    let landed = started.reduce(Action::Loaded {
        build,
        engine,
        built,
        item_count,
        warnings,
        measured: Some(stale),
        ttl_times: None,
    });
    assert!(landed.runs.iter().all(|r| *r != marker));
    assert_eq!(landed.runs.len(), landed.patterns.len());
}

#[test]
fn a_rate_given_to_a_pattern_measures_where_its_units_land_and_a_bad_rate_changes_nothing() {
    let state = Rc::new(State::example());
    // "Books, cheapest first": no rate in the example, so no partitions measured.
    let books = state
        .patterns
        .iter()
        .position(|p| p.description.starts_with("Books"))
        .unwrap();
    assert_ne!(books, state.selected);
    let partitions = |state: &State| {
        let (runs, own) = state.runs[books].as_ref().unwrap().reads().unwrap();
        runs[own].partitions.len()
    };
    assert_eq!(partitions(&state), 0);
    let rated = state.clone().reduce(Action::SetRate {
        index: books,
        rate: 40.0,
    });
    assert_eq!(rated.patterns[books].rate, 40.0);
    assert_eq!(partitions(&rated), 1, "one Query, one partition");
    assert!(rated.revision > state.revision);
    for bad in [-1.0, f64::NAN, f64::INFINITY, 2_000_000.0] {
        let refused = rated.clone().reduce(Action::SetRate {
            index: books,
            rate: bad,
        });
        assert_eq!(refused.patterns[books].rate, 40.0);
        assert_eq!(refused.revision, rated.revision);
    }
    let unrated = rated.reduce(Action::SetRate {
        index: books,
        rate: 0.0,
    });
    assert_eq!(partitions(&unrated), 0);
}

#[test]
fn the_review_is_worked_out_once_a_change_and_follows_every_change() {
    let state = Rc::new(State::example());
    let fresh =
        crate::model::explain::review::review_all(&state.patterns, &state.runs, &state.chart);
    let (_, first) = state.review();
    assert_eq!(*first, fresh);
    let (_, again) = state.review();
    assert!(Rc::ptr_eq(&first, &again), "asked twice, worked out once");
    let fulfil = state
        .patterns
        .iter()
        .position(|p| p.description.starts_with("Fulfil"))
        .unwrap();
    let busy = state.clone().reduce(Action::SetRate {
        index: fulfil,
        rate: 2_000.0,
    });
    let (rates, verdicts) = busy.review();
    assert!(rates.iter().any(|r| r.throttled()));
    assert!(!verdicts[fulfil].is_within());
    assert!(first[fulfil].is_within());
}

#[test]
fn the_ttl_times_read_while_building_are_the_landed_datas_until_it_changes() {
    let state = Rc::new(State::example());
    let started = state.clone().reduce(Action::Started);
    // A marker the landing must keep rather than read the table again.
    let marker = TtlTimes::default();
    let landing = loaded_with_ttl_times(
        started.build.count,
        state.chart.clone(),
        Some(marker.clone()),
    );
    let Action::Loaded { engine, .. } = &landing else {
        unreachable!()
    };
    let truth = TtlTimes::of(&engine.borrow(), &state.chart.table);
    assert!(truth.due_by(f64::MAX) > 0, "the example's carts expire");
    let landed = started.reduce(landing);
    assert_eq!(*landed.ttl_times(), marker);
    // A change to the data reads them again.
    let changed = landed.reduce(Action::Change(Change::Paste(
        json!({"PK": {"S": "CUST#new"}, "SK": {"S": "PROFILE"}}).to_string(),
    )));
    assert_eq!(*changed.ttl_times(), truth);
}

#[test]
fn a_change_by_hand_is_run_by_the_reducer_and_answered_once_for_its_panel() {
    let state = Rc::new(State::example());
    let before = state.item_count;
    let pasted = state.reduce(Action::Change(Change::Paste(
        "{\"PK\": {\"S\": \"X#1\"}, \"SK\": {\"S\": \"A\"}}\n{\"PK\": {\"S\": \"X#1\"}, \"SK\": {\"S\": \"B\"}}".into(),
    )));
    assert_eq!(pasted.item_count, before + 2);
    assert_eq!(pasted.edits.len(), 2);
    let reply = pasted.page.reply.clone().unwrap();
    assert_eq!(
        (reply.asker, reply.serial, reply.touched),
        (Asker::Paste, 1, 2)
    );
    assert_eq!(reply.outcome.as_deref(), Ok("Added 2 items."));
    // A put the engine refuses changes nothing, and says why.
    let refused = pasted.reduce(Action::Change(Change::PutItem(
        "{\"PK\": {\"S\": \"X#2\"}}".into(),
    )));
    assert_eq!(refused.item_count, before + 2);
    assert_eq!(refused.edits.len(), 2);
    let reply = refused.page.reply.clone().unwrap();
    assert_eq!((reply.asker, reply.serial), (Asker::ItemEditor, 2));
    assert_eq!(
        reply.outcome.as_ref().unwrap_err().to_string(),
        "ValidationException: One or more parameter values were invalid: Missing the key SK in the item"
    );
}

#[test]
fn the_runner_runs_through_the_reducer_a_read_marks_what_it_read_a_write_is_kept() {
    let state = Rc::new(State::example());
    let mut form = Form::blank("commerce-main");
    form.operation = Operation::Query;
    form.key_condition = "PK = :pk".into();
    form.values = r#"{":pk": {"S": "CUST#c11"}}"#.into();
    let asked = |form: Form| {
        Action::Run(Box::new(RunAsked {
            form,
            start_key: None,
            shards: String::new(),
            read_only: false,
            draw: 0.5,
        }))
    };
    let read = state.clone().reduce(asked(form.clone()));
    let count = read
        .runner
        .last_run
        .as_ref()
        .unwrap()
        .result
        .as_ref()
        .unwrap()["Count"]
        .as_u64()
        .unwrap();
    assert!(count > 1);
    assert_eq!(read.runner.highlight.returned.len() as u64, count);
    assert_eq!(read.revision, state.revision, "a read changes no data");
    form.operation = Operation::DeleteItem;
    form.key = r#"{"PK": {"S": "CUST#c11"}, "SK": {"S": "PROFILE"}}"#.into();
    form.values.clear();
    let written = read.reduce(asked(form));
    let run = written.runner.last_run.as_ref().unwrap();
    assert!(run.result.is_ok(), "{:?} {}", run.result, run.request);
    assert_eq!(written.item_count, state.item_count - 1);
    assert_eq!(written.edits.len(), 1);
    assert!(written.runner.highlight.read.is_empty());
}

#[test]
fn edit_opens_the_stored_item_in_the_item_editor() {
    let state = Rc::new(State::example());
    let key = json!({"PK": {"S": "CUST#c11"}, "SK": {"S": "PROFILE"}});
    let opened = state.reduce(Action::EditStored(key));
    assert_eq!(opened.page.item_preset.0, 1);
    assert_eq!(opened.page.item_preset.1["customerId"], json!({"S": "c11"}));
}

#[test]
fn every_change_is_a_new_state_and_a_change_of_nothing_is_the_same_one() {
    let state = Rc::new(State::example());
    let unchanged = state.clone().reduce(Action::Select(99));
    assert!(Rc::ptr_eq(&state, &unchanged));
    assert!(*state == *unchanged);
    // Changes that neither the data nor the patterns see still redraw.
    let mut chart = state.chart.clone();
    chart.table.partition_key.name = String::new();
    for action in [
        Action::SetReadPrice(0.3),
        Action::ScrolledTo(4),
        Action::SetChart { chart, seed: 7 },
        Action::Notify(Notice::news("saved")),
    ] {
        let changed = state.clone().reduce(action);
        assert!(*changed != *state);
    }
}

fn console(state: Rc<State>, script: &str) -> Rc<State> {
    state.reduce(Action::Console(ConsoleAction::Run(script.to_string())))
}

#[test]
fn an_item_the_console_puts_is_a_change_by_hand_that_a_link_carries() {
    let state = Rc::new(State::example());
    let before = state.item_count;
    let after = console(
        state,
        "aws dynamodb put-item --table-name commerce-main --item 'PK={S=CUST#console},SK={S=PROFILE},entityType={S=Customer}'",
    );
    assert_eq!(after.item_count, before + 1);
    assert_eq!(after.edits.len(), 1);
    assert_eq!(after.console.transcript.len(), 1);
    assert_eq!(after.console.transcript[0].step.status, 0);
    let reopened = State::open(after.playground()).unwrap();
    assert_eq!(reopened.item_count, before + 1);
}

#[test]
fn an_index_the_console_adds_joins_the_table_design() {
    let state = Rc::new(State::example());
    let after = console(
        state,
        "aws dynamodb update-table --table-name commerce-main --attribute-definitions AttributeName=email,AttributeType=S \
         --global-secondary-index-updates 'Create={IndexName=ByEmail,KeySchema=[{AttributeName=email,KeyType=HASH}],Projection={ProjectionType=KEYS_ONLY}}' > /dev/null",
    );
    let names: Vec<&str> = after
        .chart
        .table
        .indexes
        .iter()
        .map(|i| i.name.as_str())
        .collect();
    assert_eq!(names, ["GSI1", "GSI2", "ByEmail"]);
    // A link opens on the same design, the index filled from the items.
    let reopened = State::open(after.playground()).unwrap();
    assert_eq!(reopened.chart.table, after.chart.table);
}

#[test]
fn a_table_the_console_deletes_takes_its_generated_items_along() {
    let state = Rc::new(State::example());
    let after = console(
        state,
        "aws dynamodb delete-table --table-name commerce-main > /dev/null\n\
         aws dynamodb wait table-not-exists --table-name commerce-main",
    );
    assert_eq!(after.item_count, 0);
    assert!(after.chart.entities.is_empty());
    assert_eq!(
        after.console.note.as_deref(),
        Some(
            "The console deleted commerce-main: the table design still shows it, for Apply to make it again."
        )
    );
}

#[test]
fn a_script_the_console_does_not_run_changes_nothing_and_says_why() {
    let state = Rc::new(State::example());
    let before = state.item_count;
    let after = console(
        state,
        "aws dynamodb put-item --table-name commerce-main --item 'PK={S=a},SK={S=b}'\naws dynamodb scan --table-name commerce-main | jq .",
    );
    assert_eq!(after.item_count, before);
    assert!(after.console.transcript.is_empty());
    assert_eq!(
        after.console.note.as_deref(),
        Some(
            "Not run: line 2: a pipe (|) is not run here: the console prints what the aws CLI prints, and cannot pass it to another program (use --query for what jq would pick out)"
        )
    );
}

fn add_file(name: &str, contents: Vec<u8>) -> Action {
    Action::Console(ConsoleAction::AddFile {
        name: name.into(),
        contents,
    })
}

#[test]
fn a_file_given_to_the_console_is_kept_with_the_playground() {
    let state = Rc::new(State::open(commerce::playground()).unwrap());
    assert!(!state.has_changes());
    let state = state.reduce(add_file("./a.json", b"{}".to_vec()));
    assert!(state.has_changes(), "a change to save");
    assert_eq!(
        state.playground().console_files.get("a.json"),
        Some(&b"{}"[..])
    );
    let state = state.reduce(Action::Console(ConsoleAction::RemoveFile("a.json".into())));
    assert!(!state.has_changes(), "back to the playground as opened");
}

#[test]
fn a_console_file_past_a_limit_is_refused_naming_it_and_nothing_changes() {
    let state = Rc::new(State::open(commerce::playground()).unwrap());
    let big = state
        .clone()
        .reduce(add_file("big.json", vec![b'x'; 1024 * 1024 + 1]));
    assert_eq!(
        big.console.note.as_deref(),
        Some(
            "big.json was not kept: it is 1048577 bytes long; the console keeps files of at most 1048576."
        )
    );
    assert!(big.console.files.iter().next().is_none());
    let mut full = state;
    for n in 0..4 {
        full = full.reduce(add_file(&format!("{n}.json"), vec![b'x'; 1024 * 1024]));
    }
    assert_eq!(full.console.note, None);
    let past = full.clone().reduce(add_file("one-more.json", vec![b'x']));
    assert_eq!(
        past.console.note.as_deref(),
        Some(
            "one-more.json was not kept: the console's files would hold 4194305 bytes; they travel with the playground, which keeps at most 4194304."
        )
    );
    // Replacing a file counts it once.
    let replaced = full.reduce(add_file("./0.json", vec![b'y'; 1024 * 1024]));
    assert_eq!(replaced.console.note, None);
    assert_eq!(replaced.console.files.iter().count(), 4);
    let named = replaced.reduce(add_file(&"n".repeat(1025), Vec::new()));
    assert_eq!(
        named.console.note.as_deref().map(|n| &n[1025..]),
        Some(
            " was not kept: its name is 1025 bytes long; the console takes names of at most 1024."
        )
    );
}

#[test]
fn an_edit_says_which_numbers_it_moved_and_a_selection_says_nothing() {
    let state = Rc::new(State::example());
    assert!(state.page.changed.is_none());
    let mut chart = state.chart.clone();
    chart.set_template("Order", "GSI1SK", "ORDER#{orderDate}#{orderId}");
    let edited = state.reduce(Action::SetChart { chart, seed: 42 });
    let changed = edited.page.changed.clone().expect("said");
    let july = edited
        .patterns
        .iter()
        .position(|p| p.description == "PENDING orders placed in July")
        .unwrap();
    let moved = changed
        .moved
        .iter()
        .find(|m| m.pattern == july)
        .expect("July moved");
    assert_eq!(
        moved.text,
        "PENDING orders placed in July: 3 → 0 returned, 3 → 0 read, now fails its review"
    );
    assert_eq!(changed.broken, 1);
    assert_eq!(changed.fixed, 0);
    // Comparing another pattern edits nothing: the line stays as it was.
    let selected = edited.clone().reduce(Action::Select(0));
    assert!(Rc::ptr_eq(
        selected.page.changed.as_ref().unwrap(),
        edited.page.changed.as_ref().unwrap()
    ));
}

#[test]
fn undo_goes_back_to_the_playground_before_an_edit_and_redo_forward_again() {
    let state = Rc::new(State::example());
    assert!(!state.page.history.can_undo());
    let original = state.chart.clone();
    let mut chart = state.chart.clone();
    chart.set_template("Order", "GSI1SK", "ORDER#{orderDate}#{orderId}");
    let edited = state.reduce(Action::SetChart {
        chart: chart.clone(),
        seed: 42,
    });
    assert!(edited.page.history.can_undo());
    let undone = edited.reduce(Action::Step { back: true });
    assert_eq!(undone.chart, original);
    assert!(undone.page.history.can_redo());
    let changed = undone.page.changed.clone().unwrap();
    assert_eq!(changed.fixed, 1);
    assert!(
        changed.moved.iter().any(|m| m.text
            == "PENDING orders placed in July: 0 → 3 returned, 0 → 3 read, now passes its review"),
        "{changed:?}"
    );
    let redone = undone.reduce(Action::Step { back: false });
    assert_eq!(redone.chart, chart);
    assert_eq!(redone.page.changed.as_ref().unwrap().broken, 1);
    // A new edit forgets what could be redone; nothing left to redo is no change.
    let again = redone.clone().reduce(Action::Step { back: false });
    assert!(Rc::ptr_eq(&again, &redone));
}
