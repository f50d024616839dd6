//! The table's stream and its time to live, as a learner watches them: the
//! change log (every record a write made, newest first, with its images),
//! the stream handler that keeps an aggregate current (readable and
//! editable), delivering the pending records to it — or the last one
//! again, as a stream that delivers at least once may — and the counter it
//! keeps checked against a recount. Below, expiring the items whose time
//! to live has passed by a chosen date.

use engine::table::EventName;
use serde_json::Value as Json;
use yew::prelude::*;

use crate::hooks::store::use_store;

use super::collapsible::Collapsible;
use super::field_value::field_value;
use crate::embed::{Panel, use_read_only};
use crate::hooks::reply::use_reply;
use crate::model::design::chart::TableDesign;
use crate::model::format::thousands;
use crate::model::stream::change_log::{ChangeLog, ChangeRecord, change_log, counter_check};
use crate::model::stream::stream_handler::StreamHandler;
use crate::model::stream::ttl::date_seconds;
use crate::store::{Action, Asker, Change};

/// How many records the change log lists.
const SHOWN: usize = 30;

#[function_component(StreamPanel)]
pub fn stream_panel() -> Html {
    let state = &use_store();
    let table = &state.chart.table;
    // Worked out again only when the data or the deliveries change.
    let log = {
        let (engine, table) = (state.engine.clone(), table.clone());
        use_memo(
            (state.revision, state.stream.delivered),
            move |(_, delivered)| change_log(&engine.borrow(), &table, *delivered, SHOWN),
        )
    };
    html! {
        <Collapsible panel={Panel::Stream}>
            if let Some(view_type) = log.view_type {
                <p class="muted" data-stream-summary="">{ summary(view_type, &log) }</p>
                <HandlerSection pending={log.pending} />
                { records(&log.newest) }
            } else {
                <p class="muted">{ "This table has no stream. Choose a stream view type in the table design to see every change a write makes, in order." }</p>
            }
            <TtlSection />
        </Collapsible>
    }
}

/// "NEW_AND_OLD_IMAGES · 5 records · 5 not delivered to the handler yet".
fn summary(view_type: &str, log: &ChangeLog) -> String {
    let plural =
        |n: usize, word: &str| format!("{} {word}{}", thousands(n), if n == 1 { "" } else { "s" });
    format!(
        "Stream view type {view_type} · {} since the items were generated · {} not delivered to the handler yet",
        plural(log.total, "record"),
        thousands(log.pending),
    )
}

/// The newest records, newest first, each with its images on demand.
fn records(newest: &[ChangeRecord]) -> Html {
    if newest.is_empty() {
        return html! {
            <p class="muted">{ "No changes yet: run a write (a pattern's Run, the runner, the item form) and its records appear here." }</p>
        };
    }
    let image = |label: &str, image: &Option<Json>| match image {
        Some(image) => html! {
            <details>
                <summary>{ label.to_string() }</summary>
                <pre class="image">{ crate::model::format::spaced(image) }</pre>
            </details>
        },
        None => html! {},
    };
    html! {
        <div class="table-scroll change-log">
            <table class="grid records">
                <caption class="visually-hidden">{ "The change log, newest first" }</caption>
                <thead>
                    <tr>
                        <th scope="col" class="num">{ "Sequence" }</th>
                        <th scope="col">{ "Event" }</th>
                        <th scope="col">{ "Keys" }</th>
                        <th scope="col">{ "Images" }</th>
                        <th scope="col">{ "Made by" }</th>
                        <th scope="col">{ "Handler" }</th>
                    </tr>
                </thead>
                <tbody>
                    { for newest.iter().map(|r| html! {
                        <tr data-sequence={r.sequence.to_string()} class={classes!("record", r.event.name().to_lowercase())}>
                            <td class="num">{ r.sequence }</td>
                            <td><span class="event">{ r.event.name() }</span></td>
                            <td class="key">{ &r.keys }</td>
                            <td>{ image("old image", &r.old_image) }{ image("new image", &r.new_image) }</td>
                            <td>{ if r.by_service { "time to live (the service)" } else { "a request" } }</td>
                            <td>{ if r.delivered { "delivered" } else { "pending" } }</td>
                        </tr>
                    }) }
                </tbody>
            </table>
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct HandlerProps {
    pending: usize,
}

/// The handler, as a form; delivering to it; what the last delivery did;
/// and the counter it keeps against a recount.
#[function_component(HandlerSection)]
fn handler_section(props: &HandlerProps) -> Html {
    let state = &use_store();
    let read_only = use_read_only();
    let table = state.chart.table.clone();
    let applied = state.handler.clone();
    let draft = use_state(|| applied.as_deref().cloned());
    let error = use_state(|| None::<String>);
    {
        // A new playground, or a handler kept: the form starts from it.
        let (draft, error) = (draft.clone(), error.clone());
        use_effect_with(applied.clone(), move |applied| {
            draft.set(applied.as_deref().cloned());
            error.set(None);
        });
    }
    let deliver = |again: bool| {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(Action::Change(Change::Deliver { again })))
    };
    let save = {
        let (state, draft, error, table) =
            (state.clone(), draft.clone(), error.clone(), table.clone());
        Callback::from(move |_| {
            let Some(handler) = (*draft).clone() else {
                return;
            };
            match handler.check(&table) {
                Ok(()) => {
                    error.set(None);
                    state.dispatch(Action::SetHandler(Some(handler)));
                }
                Err(why) => error.set(Some(why.to_string())),
            }
        })
    };
    let remove = {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(Action::SetHandler(None)))
    };
    let start = {
        let (draft, table) = (draft.clone(), table.clone());
        Callback::from(move |_| draft.set(Some(blank_handler(&table))))
    };
    let changed = draft.as_ref() != applied.as_deref();
    // A recount reads the whole table: only when the data or the handler change.
    let check = {
        let (engine, table, pending) = (state.engine.clone(), table.clone(), props.pending);
        use_memo(
            (state.revision, state.stream.delivered, applied.clone()),
            move |(_, _, applied)| {
                applied.as_deref().and_then(|handler| {
                    counter_check(&engine.borrow(), &table, handler).map(|(key, kept, counted)| {
                        counter_sentence(handler, &key, kept, counted, pending)
                    })
                })
            },
        )
    };
    html! {
        <section class="handler" aria-label="The stream handler">
            <h3>{ "The stream handler" }</h3>
            <p class="muted small">{ "A function attached to the stream: each record it acts on becomes one UpdateItem on another item. DynamoDB Streams deliver within about a second; here records wait until you deliver them, so you can see the aggregate lag behind, and see what a record delivered twice does." }</p>
            <fieldset class="bare" disabled={read_only}>
            if let Some(handler) = &*draft {
                { handler_form(&draft, handler) }
                <div class="row buttons">
                    <button type="button" class="primary" onclick={save} disabled={!changed}>{ "Keep this handler" }</button>
                    if applied.is_some() {
                        <button type="button" class="danger" onclick={remove}>{ "Remove the handler" }</button>
                    }
                </div>
                if let Some(why) = &*error {
                    <p class="error" role="alert">{ why }</p>
                } else if changed {
                    <p class="muted small">{ "Not kept yet: records are delivered to the handler as kept." }</p>
                }
            } else {
                <p>{ "No handler reads this stream." }
                    <button type="button" onclick={start}>{ "Write a handler" }</button></p>
            }
            if applied.is_some() {
                <div class="row buttons deliver">
                    <button type="button" onclick={deliver(false)} disabled={props.pending == 0}>
                        { format!("Deliver {} pending record{}", thousands(props.pending), if props.pending == 1 { "" } else { "s" }) }
                    </button>
                    <button type="button" onclick={deliver(true)} disabled={state.stream.delivered == 0}>{ "Deliver the last record again" }</button>
                </div>
            }
            </fieldset>
            if !state.stream.log.is_empty() {
                <ol class="deliveries" aria-label="What the last delivery did">
                    { for state.stream.log.iter().map(|line| html! { <li>{ line }</li> }) }
                </ol>
            }
            if let Some((text, in_step)) = (*check).clone() {
                <p class={classes!("counter", if in_step { "ok" } else { "lagging" })} role="status">{ text }</p>
            }
        </section>
    }
}

/// A handler to start from: the table's keys, templates to fill in.
fn blank_handler(table: &TableDesign) -> StreamHandler {
    StreamHandler {
        event: EventName::Insert,
        when_attribute: crate::model::design::chart::ENTITY_ATTRIBUTE.into(),
        when_equals: String::new(),
        key: std::iter::once(&table.partition_key)
            .chain(table.sort_key.as_ref())
            .map(|k| (k.name.clone(), String::new()))
            .collect(),
        update: "ADD itemCount :one".into(),
        values: r#"{":one": {"N": "1"}}"#.into(),
        idempotent: false,
    }
}

/// The counter the handler keeps, beside a recount, in words; and whether
/// the two agree.
fn counter_sentence(
    handler: &StreamHandler,
    key: &str,
    kept: Option<String>,
    counted: usize,
    pending: usize,
) -> (String, bool) {
    let attribute = handler.update.split_whitespace().nth(1).unwrap_or_default();
    let kept_text = kept.clone().unwrap_or_else(|| "not there".into());
    let head =
        format!("{key}: {attribute} is {kept_text}; a recount of its items gives {counted}. ");
    let kept_n = kept.and_then(|k| k.parse::<i64>().ok()).unwrap_or(0);
    let counted = counted as i64;
    let (tail, in_step) = match kept_n.cmp(&counted) {
        std::cmp::Ordering::Equal => ("In step.".to_string(), true),
        std::cmp::Ordering::Less if pending > 0 => (
            "Behind: the records that would bring it up to date are not delivered yet — eventually consistent.".to_string(),
            false,
        ),
        std::cmp::Ordering::Less => (
            "Behind, with nothing left to deliver: the handler missed a change.".to_string(),
            false,
        ),
        std::cmp::Ordering::Greater => (
            format!(
                "{} too many: a record was applied twice. Streams deliver at least once; an idempotent handler remembers the last sequence number it applied.",
                kept_n - counted
            ),
            false,
        ),
    };
    (head + &tail, in_step)
}

/// The handler's fields.
fn handler_form(draft: &UseStateHandle<Option<StreamHandler>>, handler: &StreamHandler) -> Html {
    let edit = |change: fn(&mut StreamHandler, String)| {
        let draft = draft.clone();
        Callback::from(move |e: Event| {
            if let Some(mut next) = (*draft).clone() {
                change(&mut next, field_value(&e));
                draft.set(Some(next));
            }
        })
    };
    let key_field = |i: usize, (attribute, template): &(String, String)| {
        let draft = draft.clone();
        let onchange = Callback::from(move |e: Event| {
            if let Some(mut next) = (*draft).clone() {
                if let Some(slot) = next.key.get_mut(i) {
                    slot.1 = field_value(&e);
                }
                draft.set(Some(next));
            }
        });
        html! {
            <label class="field inline">
                <span>{ format!("{attribute} of the item to update") }</span>
                <input type="text" class="template" value={template.clone()} spellcheck="false" {onchange} placeholder="CUST#{customerId}" />
            </label>
        }
    };
    let on_idempotent = {
        let draft = draft.clone();
        Callback::from(move |e: Event| {
            if let Some(mut next) = (*draft).clone() {
                next.idempotent = e
                    .target_unchecked_into::<web_sys::HtmlInputElement>()
                    .checked();
                draft.set(Some(next));
            }
        })
    };
    html! {
        <div class="runner handler-form">
            <div class="row">
                <label class="field inline">
                    <span>{ "On each record" }</span>
                    <select onchange={edit(|h, v| h.event = EventName::from_name(&v).unwrap_or(h.event))}>
                        { for EventName::ALL.into_iter().map(|e| html! {
                            <option value={e.name()} selected={handler.event == e}>{ e.name() }</option>
                        }) }
                    </select>
                </label>
                <label class="field inline">
                    <span>{ "of items whose attribute" }</span>
                    <input type="text" value={handler.when_attribute.clone()} spellcheck="false" onchange={edit(|h, v| h.when_attribute = v.trim().to_string())} />
                </label>
                <label class="field inline">
                    <span>{ "is (blank: every item)" }</span>
                    <input type="text" value={handler.when_equals.clone()} spellcheck="false" onchange={edit(|h, v| h.when_equals = v.trim().to_string())} />
                </label>
            </div>
            <div class="row">
                { for handler.key.iter().enumerate().map(|(i, k)| key_field(i, k)) }
            </div>
            <div class="row">
                <label class="field inline grow">
                    <span>{ "The update it makes" }</span>
                    <input type="text" class="template" value={handler.update.clone()} spellcheck="false" onchange={edit(|h, v| h.update = v)} />
                </label>
                <label class="field inline grow">
                    <span>{ "Its placeholders' values (DynamoDB JSON)" }</span>
                    <input type="text" class="template" value={handler.values.clone()} spellcheck="false" onchange={edit(|h, v| h.values = v)} />
                </label>
            </div>
            <label class="check">
                <input type="checkbox" checked={handler.idempotent} onchange={on_idempotent} />
                { " Idempotent: the updated item remembers the last sequence number applied, and a condition refuses a record at or before it" }
            </label>
        </div>
    }
}

/// Expiring the items due by a date.
#[function_component(TtlSection)]
fn ttl_section() -> Html {
    let state = &use_store();
    let read_only = use_read_only();
    let table = &state.chart.table;
    let times = state.ttl_times();
    let date = use_state(|| times.suggested_date().unwrap_or_default());
    let expired = use_state(|| None::<usize>);
    {
        let expired = expired.clone();
        use_reply(state.page.reply.clone(), Asker::Expiry, move |reply| {
            expired.set(Some(reply.touched))
        });
    }
    let until = date_seconds(&date);
    let due = until.map(|until| times.due_by(until));
    let Some(attribute) = table.ttl_attribute.clone() else {
        return html! {
            <section class="ttl" aria-label="Time to live">
                <h3>{ "Time to live" }</h3>
                <p class="muted">{ "Time to live is off for this table: name its attribute in the table design, and items whose attribute holds a time (epoch seconds) that has passed are deleted." }</p>
            </section>
        };
    };
    let on_date = {
        let (date, expired) = (date.clone(), expired.clone());
        Callback::from(move |e: Event| {
            date.set(field_value(&e));
            expired.set(None);
        })
    };
    let expire = {
        let state = state.clone();
        Callback::from(move |_| {
            if let Some(until) = until {
                state.dispatch(Action::Change(Change::Expire { until }));
            }
        })
    };
    let plural = |n: usize| if n == 1 { "item" } else { "items" };
    html! {
        <section class="ttl" aria-label="Time to live">
            <h3>{ "Time to live" }</h3>
            <p class="muted small">{ format!(
                "DynamoDB deletes an item some time after its {attribute} (a Number of epoch seconds) has passed, at no cost, and the stream records each deletion as the service's own. Until it is deleted, reads still return the item: filter on {attribute} if a read must not see it. An item whose {attribute} is not a Number is never deleted."
            ) }</p>
            <fieldset class="bare" disabled={read_only}>
            <div class="row">
                <label class="field inline">
                    <span>{ "Expire the items due by (UTC)" }</span>
                    <input type="date" value={(*date).clone()} onchange={on_date} />
                </label>
                <button type="button" onclick={expire} disabled={due.unwrap_or(0) == 0}>{ "Expire them now" }</button>
            </div>
            </fieldset>
            <p role="status" class="due">{ match (due, *expired) {
                (_, Some(n)) => format!("Deleted {} {}: each is a REMOVE record made by the service in the change log.", thousands(n), plural(n)),
                (Some(n), None) => format!("{} {} due by then; reads return them until they are deleted.", thousands(n), plural(n)),
                (None, None) => "Choose a date.".to_string(),
            } }</p>
        </section>
    }
}
