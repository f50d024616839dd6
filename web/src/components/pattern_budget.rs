//! What the design review holds a pattern to, as the pattern editor
//! shows it: never a Scan, returns what it reads, the items it returns, at
//! most N units a request — and its requests a second and write sharding.

use yew::prelude::*;

use super::pattern_bar::{check, typed};
use crate::hooks::store::use_store;

#[function_component(PatternBudget)]
pub fn pattern_budget() -> Html {
    let state = &use_store();
    let settings = &state.runner.draft.settings;
    let write = state.runner.draft.form.operation.is_write();
    html! {
        <fieldset class="pattern-budget" id="pattern-budget">
            <legend>{ "Budget (for the design review), requests a second and sharding" }</legend>
            <label class="check">
                <input type="checkbox" checked={settings.keyed} onchange={check(state, |d, v| d.settings.keyed = v == "true")} />
                { "Served by GetItem or Query, never a Scan" }
            </label>
            <label class="check">
                <input type="checkbox" checked={settings.returns_what_it_reads} onchange={check(state, |d, v| d.settings.returns_what_it_reads = v == "true")} />
                { "Returns what it reads (Count equal to ScannedCount)" }
            </label>
            <div class="row">
                if !write {
                    <label class="field inline">
                        <span>{ "Items it returns on this data (the answer you worked out)" }</span>
                        <input type="text" inputmode="numeric" class="short" value={settings.expected_items.clone()} placeholder="not checked"
                            oninput={typed(state, |d, v| d.settings.expected_items = v)} aria-label="Items it returns" />
                    </label>
                }
                <label class="field inline">
                    <span>{ if write { "At most this many WCU a request" } else { "At most this many RCU a request (eventually consistent)" } }</span>
                    <input type="text" inputmode="decimal" class="short" value={settings.max_units.clone()} placeholder="no limit"
                        oninput={typed(state, |d, v| d.settings.max_units = v)} aria-label="At most this many units a request" />
                </label>
                <label class="field inline">
                    <span>{ "Requests a second (for the throughput view)" }</span>
                    <input type="text" inputmode="decimal" class="short" value={settings.rate.clone()} placeholder="0"
                        oninput={typed(state, |d, v| d.settings.rate = v)} aria-label="Requests a second" />
                </label>
                <label class="field inline">
                    <span>{ "Write sharding: spread the partition key over N suffixes #0…#N-1" }</span>
                    <input type="text" inputmode="numeric" class="short" value={settings.shards.clone()} placeholder="none"
                        oninput={typed(state, |d, v| d.settings.shards = v)} aria-label="Shards" />
                </label>
            </div>
        </fieldset>
    }
}
