//! The data view's rows: an item collection's heading, and an item (or
//! index entry) with its entity, its keys, its other attributes, the
//! indexes that hold it (or the key attribute that keeps it out), its
//! size, and Edit.

use yew::prelude::*;

use crate::model::data::item_keys::stored_item_key;
use crate::model::data::view::{Row, entity as entity_of};
use crate::model::design::chart::{ENTITY_ATTRIBUTE, IndexDesign, TableDesign};
use crate::model::format::{thousands, value_text};
use crate::store::{Action, Store};

/// What every row of the view is drawn with.
pub struct Columns<'a> {
    pub state: &'a Store,
    /// The key attributes of what is shown (the table or an index).
    /// The partition key's attributes (several on a multi-attribute index).
    pub pk: &'a [String],
    /// The sort key's attributes.
    pub sk: &'a [String],
    /// Show which indexes hold each item (the table, when it has some).
    pub show_membership: bool,
    pub read_only: bool,
}

/// Which indexes hold an item, and why not: the missing key attribute.
fn index_membership(
    table: &TableDesign,
    item: &engine::types::Item,
) -> Vec<(String, Option<String>)> {
    table
        .indexes
        .iter()
        .map(|index: &IndexDesign| {
            let missing = index
                .keys()
                .find(|k| item.get(&k.name).is_none())
                .map(|k| k.name.clone());
            (index.name.clone(), missing)
        })
        .collect()
}

/// An item's values of these key attributes, as text, joined by " · ".
fn key_values(item: &engine::types::Item, names: &[String]) -> String {
    names
        .iter()
        .filter_map(|name| item.get(name).map(value_text))
        .collect::<Vec<_>>()
        .join(" · ")
}

/// The item's table key, as the label of its Edit button.
fn item_label(item: &engine::types::Item, design: &TableDesign) -> String {
    std::iter::once(&design.partition_key)
        .chain(design.sort_key.iter())
        .filter_map(|k| item.get(&k.name).map(value_text))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Edit opens the whole item (an index entry may hold only some of it).
fn edit(columns: &Columns, item: &engine::types::Item) -> Callback<MouseEvent> {
    let design = &columns.state.chart.table;
    let encoded = engine::api::attribute_value::encode_item(item);
    let key: serde_json::Map<String, serde_json::Value> = std::iter::once(&design.partition_key)
        .chain(design.sort_key.iter())
        .filter_map(|k| encoded.get(&k.name).map(|v| (k.name.clone(), v.clone())))
        .collect();
    let state = columns.state.clone();
    Callback::from(move |_| {
        state.dispatch(Action::EditStored(serde_json::Value::Object(key.clone())))
    })
}

/// One row.
pub fn row_html(columns: &Columns, row: &Row) -> Html {
    let (pk, sk, design) = (columns.pk, columns.sk, &columns.state.chart.table);
    let entity_index = |name: &str| {
        columns
            .state
            .chart
            .entities
            .iter()
            .position(|e| e.name == name)
    };
    match row {
        Row::Collection { key, items, bytes } => html! {
            <tr class="collection">
                <th scope="rowgroup" colspan={if columns.show_membership { "5" } else { "4" }}>
                    { format!("{} = {key}", pk.join(" · ")) }
                    <span class="muted">{ format!(" · {} item{}", thousands(*items), if *items == 1 { "" } else { "s" }) }</span>
                </th>
                <td class="num">{ thousands(*bytes) }</td>
                <td></td>
            </tr>
        },
        Row::Item { item, bytes, base } => {
            let entity = entity_of(
                &columns.state.engine.borrow(),
                &columns.state.chart.table.name,
                item,
                base.as_ref(),
            );
            let entity = entity.as_str();
            // Index entries always carry the table's keys.
            let key = stored_item_key(item, design);
            let (mark, mark_text) = match key {
                Some(k) if columns.state.runner.highlight.returned.contains(&k) => {
                    ("returned", "returned")
                }
                Some(k) if columns.state.runner.highlight.read.contains(&k) => {
                    ("dropped", "read, filtered out")
                }
                _ => ("", ""),
            };
            let others: Vec<String> = item
                .iter()
                .filter(|(name, _)| {
                    !pk.iter().chain(sk).any(|k| k == name.as_str())
                        && name.as_str() != ENTITY_ATTRIBUTE
                })
                .map(|(name, value)| format!("{name}={}", value_text(value)))
                .collect();
            html! {
                <tr class={classes!("item", (!mark.is_empty()).then_some(mark))}>
                    <td>
                        <span class={super::entity_class(entity_index(entity))}>{ if entity.is_empty() { "—" } else { entity } }</span>
                        if !mark_text.is_empty() { <span class="mark-text">{ mark_text }</span> }
                    </td>
                    <td class="key">{ key_values(item, pk) }</td>
                    <td class="key">{ key_values(item, sk) }</td>
                    <td class="others" title={others.join(", ")}>{ others.join(", ") }</td>
                    if columns.show_membership {
                        <td class="membership">
                            { for index_membership(design, item).into_iter().map(|(name, missing)| match missing {
                                None => html! { <span class="in-index">{ format!("in {name}") }</span> },
                                Some(key) => html! { <span class="not-in-index" title={format!("Not in {name}: no {key}")}>{ format!("no {key}") }</span> },
                            }) }
                        </td>
                    }
                    <td class="num">{ thousands(*bytes) }</td>
                    <td>
                        if !columns.read_only {
                        <button type="button" class="small" onclick={edit(columns, item)}
                            aria-label={format!("Edit the item {}", item_label(item, design))}>{ "Edit" }</button>
                        }
                    </td>
                </tr>
            }
        }
    }
}
