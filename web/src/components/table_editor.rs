//! The table design: its name, its key attributes and their types, its
//! stream and time to live, and its secondary indexes (global or local,
//! their keys, what they project). A global index's partition and sort
//! keys may each have up to four attributes, added and removed here.
//!
//! Changes collect in a draft until "Apply design": then the table is
//! created again, the items generated again and every pattern re-measured.
//! A design DynamoDB would refuse is refused whole, with CreateTable's own
//! message, and the draft stays for the learner to fix.

use engine::key::KeyType;
use engine::table::StreamViewType;
use yew::prelude::*;

use crate::hooks::store::use_store;

use super::collapsible::Collapsible;
use crate::embed::{Panel, use_read_only};

use super::field_value::field_value;
use crate::model::design::chart::{IndexDesign, KeyAttribute, ProjectionDesign, TableDesign};
use crate::rebuild::rebuild;

/// The design being edited, and the key attributes renamed so far.
#[derive(Clone, PartialEq)]
struct Draft {
    table: TableDesign,
    renames: Vec<(String, String)>,
}

/// Which key attribute of the design a field edits.
#[derive(Clone, Copy, PartialEq)]
enum Slot {
    TablePartition,
    TableSort,
    IndexPartition(usize),
    IndexSort(usize),
    /// A global index's further partition key attribute (index, position
    /// among the further ones).
    IndexMorePartition(usize, usize),
    /// A global index's further sort key attribute.
    IndexMoreSort(usize, usize),
}

/// Most attributes a global index's partition key, or its sort key, has.
const MOST_KEY_ATTRIBUTES: usize = engine::limits::MAX_INDEX_PARTITION_ATTRIBUTES;

impl Draft {
    fn key(&mut self, slot: Slot) -> Option<&mut Option<KeyAttribute>> {
        match slot {
            Slot::TableSort => Some(&mut self.table.sort_key),
            Slot::IndexSort(i) => self.table.indexes.get_mut(i).map(|i| &mut i.sort_key),
            _ => None,
        }
    }

    fn partition_key(&mut self, slot: Slot) -> Option<&mut KeyAttribute> {
        match slot {
            Slot::TablePartition => Some(&mut self.table.partition_key),
            Slot::IndexPartition(i) => self.table.indexes.get_mut(i).map(|i| &mut i.partition_key),
            Slot::IndexMorePartition(i, j) => self
                .table
                .indexes
                .get_mut(i)
                .and_then(|i| i.more_partition.get_mut(j)),
            Slot::IndexMoreSort(i, j) => self
                .table
                .indexes
                .get_mut(i)
                .and_then(|i| i.more_sort.get_mut(j)),
            _ => None,
        }
    }

    /// Adds a further partition (or sort) key attribute to a global index,
    /// named after the index until the learner names it.
    fn add_key(&mut self, index: usize, sort: bool) {
        let Some(index) = self.table.indexes.get_mut(index) else {
            return;
        };
        let (keys, kind) = if sort {
            (&mut index.more_sort, "SK")
        } else {
            (&mut index.more_partition, "PK")
        };
        let name = format!("{}{kind}{}", index.name, keys.len() + 2);
        keys.push(KeyAttribute::s(&name));
    }

    /// Removes a further key attribute.
    fn remove_key(&mut self, slot: Slot) {
        match slot {
            Slot::IndexMorePartition(i, j) => {
                if let Some(index) = self.table.indexes.get_mut(i)
                    && j < index.more_partition.len()
                {
                    index.more_partition.remove(j);
                }
            }
            Slot::IndexMoreSort(i, j) => {
                if let Some(index) = self.table.indexes.get_mut(i)
                    && j < index.more_sort.len()
                {
                    index.more_sort.remove(j);
                }
            }
            _ => {}
        }
    }

    /// Sets a key attribute's name. A blank sort key name means no sort
    /// key (the next sort key attribute, if any, takes its place); a blank
    /// further attribute is removed.
    fn set_name(&mut self, slot: Slot, name: String) {
        let name = name.trim().to_string();
        if name.is_empty() {
            if matches!(slot, Slot::IndexMorePartition(..) | Slot::IndexMoreSort(..)) {
                self.remove_key(slot);
                return;
            }
            if let Slot::IndexSort(i) = slot
                && let Some(index) = self.table.indexes.get_mut(i)
                && !index.more_sort.is_empty()
            {
                index.sort_key = Some(index.more_sort.remove(0));
                return;
            }
        }
        let old = if let Some(key) = self.partition_key(slot) {
            std::mem::replace(&mut key.name, name.clone())
        } else if let Some(key) = self.key(slot) {
            let old = key.as_ref().map(|k| k.name.clone()).unwrap_or_default();
            *key = (!name.is_empty()).then(|| KeyAttribute {
                name: name.clone(),
                key_type: key.as_ref().map_or(KeyType::S, |k| k.key_type),
            });
            old
        } else {
            return;
        };
        if !old.is_empty() && !name.is_empty() && old != name {
            self.renames.push((old, name));
        }
    }

    fn set_type(&mut self, slot: Slot, key_type: &str) {
        let key_type = KeyType::from_tag(key_type).unwrap_or(KeyType::S);
        if let Some(key) = self.partition_key(slot) {
            key.key_type = key_type;
        } else if let Some(Some(key)) = self.key(slot) {
            key.key_type = key_type;
        }
    }
}

fn edit(
    draft: &UseStateHandle<Draft>,
    change: impl Fn(&mut Draft, String) + 'static,
) -> Callback<Event> {
    let draft = draft.clone();
    Callback::from(move |e: Event| {
        let mut next = (*draft).clone();
        change(&mut next, field_value(&e));
        draft.set(next);
    })
}

/// What a key type holds, as the type menu's tooltip says it.
fn key_type_words(key_type: KeyType) -> &'static str {
    match key_type {
        KeyType::S => "string",
        KeyType::N => "number",
        KeyType::B => "binary",
    }
}

/// A key attribute's name and type fields.
fn key_fields(
    draft: &UseStateHandle<Draft>,
    slot: Slot,
    key: Option<&KeyAttribute>,
    label: &str,
    disabled: bool,
) -> Html {
    let name = key.map(|k| k.name.clone()).unwrap_or_default();
    let key_type = key.map_or(KeyType::S, |k| k.key_type);
    html! {
        <span class="key-fields">
            <input type="text" class="key-name" value={name} {disabled} spellcheck="false"
                aria-label={format!("{label} name")} onchange={edit(draft, move |d, v| d.set_name(slot, v))} />
            <select aria-label={format!("{label} type")} {disabled} onchange={edit(draft, move |d, v| d.set_type(slot, &v))}>
                { for KeyType::ALL.into_iter().map(|t| html! {
                    <option value={t.tag()} selected={key_type == t} title={key_type_words(t)}>{ t.tag() }</option>
                }) }
            </select>
        </span>
    }
}

/// The fields of one side of an index's key — its first attribute, then
/// any further ones with a button to remove each — and, on a global
/// index, a button to add one while it has fewer than four.
fn key_list(
    draft: &UseStateHandle<Draft>,
    at: usize,
    index: &IndexDesign,
    sort: bool,
    first: Html,
) -> Html {
    let (side, more) = if sort {
        ("sort", &index.more_sort)
    } else {
        ("partition", &index.more_partition)
    };
    let count = more.len() + usize::from(!sort || index.sort_key.is_some());
    let may_add =
        index.global && count < MOST_KEY_ATTRIBUTES && (!sort || index.sort_key.is_some());
    let name = &index.name;
    let add = {
        let draft = draft.clone();
        Callback::from(move |_| {
            let mut next = (*draft).clone();
            next.add_key(at, sort);
            draft.set(next);
        })
    };
    html! {
        <div class="key-list">
            { first }
            { for more.iter().enumerate().map(|(j, key)| {
                let slot = if sort { Slot::IndexMoreSort(at, j) } else { Slot::IndexMorePartition(at, j) };
                let label = format!("{name} {side} key attribute {}", j + 2);
                let remove = {
                    let draft = draft.clone();
                    Callback::from(move |_| {
                        let mut next = (*draft).clone();
                        next.remove_key(slot);
                        draft.set(next);
                    })
                };
                html! {
                    <span class="key-more">
                        { key_fields(draft, slot, Some(key), &label, false) }
                        <button type="button" class="remove-key" onclick={remove}
                            aria-label={format!("Remove {label} ({})", key.name)}>{ "×" }</button>
                    </span>
                }
            }) }
            if may_add {
                <button type="button" class="add-key" onclick={add}
                    aria-label={format!("Add a {side} key attribute to {name}")}
                    title="A global index's key may have up to four partition and four sort key attributes: each is an item's own attribute with its own type, compared left to right, so nothing is concatenated or padded.">
                    { "+ attribute" }
                </button>
            }
        </div>
    }
}

/// The stream's view types, and no stream.
/// A stream view type as the menu offers it: its name and what it carries.
fn stream_choice(view: StreamViewType) -> &'static str {
    match view {
        StreamViewType::KeysOnly => "KEYS_ONLY: the keys",
        StreamViewType::NewImage => "NEW_IMAGE: the item after",
        StreamViewType::OldImage => "OLD_IMAGE: the item before",
        StreamViewType::NewAndOldImages => "NEW_AND_OLD_IMAGES: both",
    }
}

fn projection_name(projection: &ProjectionDesign) -> &'static str {
    match projection {
        ProjectionDesign::KeysOnly => "KEYS_ONLY",
        ProjectionDesign::Include(_) => "INCLUDE",
        ProjectionDesign::All => "ALL",
    }
}

fn index_row(
    draft: &UseStateHandle<Draft>,
    i: usize,
    index: &IndexDesign,
    table_partition: &KeyAttribute,
) -> Html {
    let kind = if index.global { "global" } else { "local" };
    let included = match &index.projection {
        ProjectionDesign::Include(names) => names.join(", "),
        _ => String::new(),
    };
    let remove = {
        let draft = draft.clone();
        Callback::from(move |_| {
            let mut next = (*draft).clone();
            next.table.indexes.remove(i);
            draft.set(next);
        })
    };
    let name = index.name.clone();
    html! {
        <tr data-index={name.clone()}>
            <td><input type="text" value={name.clone()} spellcheck="false" aria-label={format!("Name of index {}", i + 1)}
                onchange={edit(draft, move |d, v| if let Some(index) = d.table.indexes.get_mut(i) {
                    index.name = v.trim().to_string();
                })} /></td>
            <td>{ kind }</td>
            <td>
                if index.global {
                    { key_list(draft, i, index, false, key_fields(draft, Slot::IndexPartition(i), Some(&index.partition_key), &format!("{name} partition key"), false)) }
                } else {
                    { key_fields(draft, Slot::IndexPartition(i), Some(table_partition), &format!("{name} partition key (the table's)"), true) }
                }
            </td>
            <td>{ key_list(draft, i, index, true, key_fields(draft, Slot::IndexSort(i), index.sort_key.as_ref(), &format!("{name} sort key"), false)) }</td>
            <td>
                <select aria-label={format!("{name} projection")} onchange={edit(draft, move |d, v| {
                    let Some(index) = d.table.indexes.get_mut(i) else {
                        return;
                    };
                    index.projection = match v.as_str() {
                        "KEYS_ONLY" => ProjectionDesign::KeysOnly,
                        "INCLUDE" => ProjectionDesign::Include(match &index.projection {
                            ProjectionDesign::Include(names) => names.clone(),
                            _ => Vec::new(),
                        }),
                        _ => ProjectionDesign::All,
                    };
                })}>
                    { for ["ALL", "INCLUDE", "KEYS_ONLY"].iter().map(|p| html! {
                        <option value={*p} selected={projection_name(&index.projection) == *p}>{ *p }</option>
                    }) }
                </select>
            </td>
            <td>
                if matches!(index.projection, ProjectionDesign::Include(_)) {
                    <input type="text" value={included} spellcheck="false" placeholder="orderStatus, amount"
                        aria-label={format!("{name} included attributes")}
                        onchange={edit(draft, move |d, v| {
                            let names = v.split(',').map(|n| n.trim().to_string()).filter(|n| !n.is_empty()).collect();
                            if let Some(index) = d.table.indexes.get_mut(i) {
                                index.projection = ProjectionDesign::Include(names);
                            }
                        })} />
                }
            </td>
            <td><button type="button" class="danger" onclick={remove} aria-label={format!("Remove index {name}")}>{ "Remove" }</button></td>
        </tr>
    }
}

#[function_component(TableEditor)]
pub fn table_editor() -> Html {
    let state = &use_store();
    let read_only = use_read_only();
    let current = state.chart.table.clone();
    let draft = use_state(|| Draft {
        table: current.clone(),
        renames: Vec::new(),
    });
    // When the applied design changes, the draft starts again from it.
    {
        let draft = draft.clone();
        use_effect_with(current.clone(), move |table| {
            draft.set(Draft {
                table: table.clone(),
                renames: Vec::new(),
            })
        });
    }
    let add = |global: bool| {
        let draft = draft.clone();
        Callback::from(move |_| {
            let mut next = (*draft).clone();
            let n = next
                .table
                .indexes
                .iter()
                .filter(|i| i.global == global)
                .count()
                + 1;
            let name = if global {
                format!("GSI{n}")
            } else {
                format!("LSI{n}")
            };
            next.table.indexes.push(IndexDesign {
                partition_key: if global {
                    KeyAttribute::s(&format!("{name}PK"))
                } else {
                    next.table.partition_key.clone()
                },
                sort_key: Some(KeyAttribute::s(&format!("{name}SK"))),
                more_partition: Vec::new(),
                more_sort: Vec::new(),
                projection: ProjectionDesign::All,
                global,
                name,
            });
            draft.set(next);
        })
    };
    let apply = {
        let (state, draft) = (state.clone(), draft.clone());
        Callback::from(move |_| {
            let mut chart = state.chart.clone();
            let mut table = draft.table.clone();
            // A local index always shares the table's partition key.
            let partition = table.partition_key.clone();
            for index in table.indexes.iter_mut().filter(|i| !i.global) {
                index.partition_key = partition.clone();
            }
            chart.set_table(table, &draft.renames);
            if chart != state.chart {
                rebuild(&state, chart, state.seed);
            }
        })
    };
    let undo = {
        let draft = draft.clone();
        Callback::from(move |_| {
            draft.set(Draft {
                table: current.clone(),
                renames: Vec::new(),
            })
        })
    };
    let changed = draft.table != state.chart.table;
    let table = &draft.table;
    html! {
        <Collapsible panel={Panel::Design}>
            <super::changed_line::ChangedLine />
            <fieldset class="bare" disabled={read_only}>
            <div class="row design-row">
                <label class="field inline">
                    <span>{ "Table name" }</span>
                    <input type="text" value={table.name.clone()} spellcheck="false"
                        onchange={edit(&draft, |d, v| d.table.name = v.trim().to_string())} />
                </label>
                <div class="field inline">
                    <span>{ "Partition key" }</span>
                    { key_fields(&draft, Slot::TablePartition, Some(&table.partition_key), "Table partition key", false) }
                </div>
                <div class="field inline">
                    <span>{ "Sort key (blank for none)" }</span>
                    { key_fields(&draft, Slot::TableSort, table.sort_key.as_ref(), "Table sort key", false) }
                </div>
            </div>
            <div class="row design-row">
                <label class="field inline">
                    <span>{ "Stream" }</span>
                    <select onchange={edit(&draft, |d, v| d.table.stream = StreamViewType::from_name(&v))}>
                        <option value="none" selected={table.stream.is_none()}>{ "none" }</option>
                        { for StreamViewType::ALL.into_iter().map(|view| html! {
                            <option value={view.name()} selected={table.stream == Some(view)}>{ stream_choice(view) }</option>
                        }) }
                    </select>
                </label>
                <label class="field inline">
                    <span>{ "Time-to-live attribute (blank for off)" }</span>
                    <input type="text" value={table.ttl_attribute.clone().unwrap_or_default()} spellcheck="false" placeholder="expiresAt"
                        onchange={edit(&draft, |d, v| d.table.ttl_attribute = Some(v.trim().to_string()).filter(|v| !v.is_empty()))} />
                </label>
            </div>
            <div class="table-scroll">
                <table class="grid indexes">
                    <caption class="visually-hidden">{ "Secondary indexes" }</caption>
                    <thead>
                        <tr>
                            <th scope="col">{ "Index" }</th>
                            <th scope="col">{ "Kind" }</th>
                            <th scope="col">{ "Partition key" }</th>
                            <th scope="col">{ "Sort key" }</th>
                            <th scope="col">{ "Projection" }</th>
                            <th scope="col">{ "Included attributes" }</th>
                            <th scope="col"><span class="visually-hidden">{ "Remove" }</span></th>
                        </tr>
                    </thead>
                    <tbody>
                        { for table.indexes.iter().enumerate().map(|(i, index)| index_row(&draft, i, index, &table.partition_key)) }
                    </tbody>
                </table>
            </div>
            <div class="row buttons">
                <button type="button" onclick={add(true)}>{ "Add a global index" }</button>
                <button type="button" onclick={add(false)}>{ "Add a local index" }</button>
            </div>
            <div class="row buttons">
                <button type="button" class="primary" onclick={apply} disabled={!changed}>{ "Apply design" }</button>
                <button type="button" onclick={undo} disabled={!changed}>{ "Undo changes" }</button>
                if changed { <span class="muted">{ "Not applied yet: applying creates the table again and generates the items again." }</span> }
            </div>
            if let Some(error) = &state.build.refused {
                <p class="error" role="alert">{ format!("Not applied: {error}") }</p>
            }
        </fieldset>
        </Collapsible>
    }
}
