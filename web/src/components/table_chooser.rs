//! A file of several tables, opened: which one becomes the playground.

use yew::prelude::*;

use crate::hooks::store::use_store;
use crate::open_file::{TableChoice, import_file};
use crate::session::Session;

#[derive(Properties, PartialEq)]
pub struct TableChooserProps {
    pub choice: TableChoice,
    pub session: UseStateHandle<Session>,
    /// Asks again, for a file opened meanwhile.
    pub on_choice: Callback<TableChoice>,
    pub on_close: Callback<()>,
}

#[function_component(TableChooser)]
pub fn table_chooser(props: &TableChooserProps) -> Html {
    let state = use_store();
    let super::dialog::Dialog {
        node,
        on_key,
        close,
    } = super::dialog::use_dialog(&props.on_close);
    let pick = |table: &str| {
        let (state, session, file) = (state.clone(), props.session.clone(), props.choice.clone());
        let (on_choice, on_close, table) = (
            props.on_choice.clone(),
            props.on_close.clone(),
            table.to_string(),
        );
        Callback::from(move |_| {
            on_close.emit(());
            import_file(
                &state,
                &session,
                file.clone(),
                Some(table.clone()),
                on_choice.clone(),
            );
        })
    };
    html! {
        <div class="dialog in-flow" role="dialog" aria-labelledby="choose-title" ref={node} onkeydown={on_key}>
            <h2 id="choose-title">{ format!("{} holds {} tables", props.choice.file_name, props.choice.tables.len()) }</h2>
            <p>{ "A playground is one table. Open which?" }</p>
            <div class="row wrap">
                { for props.choice.tables.iter().map(|t| html! {
                    <button type="button" onclick={pick(t)}>{ t }</button>
                }) }
            </div>
            <div class="row end">
                <button type="button" onclick={close}>{ "Cancel" }</button>
            </div>
        </div>
    }
}
