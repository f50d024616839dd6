//! The frame every panel sits in: a heading that folds the panel away and
//! back, and an id of its own (the panel's name) so a link can point at it
//! and an embed can ask for it.

use yew::prelude::*;

use crate::embed::Panel;

#[derive(Properties, PartialEq)]
pub struct CollapsibleProps {
    pub panel: Panel,
    /// The heading, when it says more than the panel's name.
    #[prop_or_default]
    pub title: Option<String>,
    #[prop_or_default]
    pub class: Classes,
    pub children: Html,
}

#[function_component(Collapsible)]
pub fn collapsible(props: &CollapsibleProps) -> Html {
    let open = use_state(|| true);
    let name = props.panel.name();
    let (title_id, body_id) = (format!("{name}-title"), format!("{name}-body"));
    let toggle = {
        let open = open.clone();
        Callback::from(move |_| open.set(!*open))
    };
    let title = props
        .title
        .clone()
        .unwrap_or_else(|| props.panel.title().to_string());
    html! {
        <section id={name} aria-labelledby={title_id.clone()} class={classes!("panel", (!*open).then_some("folded"), props.class.clone())}>
            <h2 id={title_id}>
                <button type="button" class="fold" aria-expanded={open.to_string()} aria-controls={body_id.clone()} onclick={toggle}>
                    <span class="fold-mark" aria-hidden="true">{ if *open { "▾" } else { "▸" } }</span>
                    { title }
                </button>
            </h2>
            <div id={body_id} class="panel-body" hidden={!*open}>
                { props.children.clone() }
            </div>
        </section>
    }
}
