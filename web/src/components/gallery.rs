//! The Examples menu: the gallery's designs, each with the technique it
//! shows, a button that opens it and a link of its own. Before an example
//! replaces the playground on the screen, the dialog says what becomes of
//! that one (it stays saved), and keeps it.

use yew::prelude::*;

use crate::hooks::store::use_store;

use crate::browser::{self, library};
use crate::model::gallery::{EXAMPLES, Example};
use crate::rebuild;
use crate::session::{self, Session};

#[derive(Properties, PartialEq)]
pub struct GalleryProps {
    pub session: UseStateHandle<Session>,
    pub on_close: Callback<()>,
}

#[function_component(Gallery)]
pub fn gallery(props: &GalleryProps) -> Html {
    let (state, session) = (&use_store(), &props.session);
    let problem = use_state(|| None::<String>);
    let open = |example: &'static Example| {
        let (state, session, problem) = (state.clone(), session.clone(), problem.clone());
        let on_close = props.on_close.clone();
        Callback::from(move |_| {
            if let Err(error) =
                session::keep_current(&state, &session, &mut library(), browser::now())
            {
                return problem.set(Some(error.to_string()));
            }
            session.set(session::example_session(example));
            rebuild::open(&state, (example.playground)(), "");
            on_close.emit(());
        })
    };
    let super::dialog::Dialog {
        node,
        on_key,
        close,
    } = super::dialog::use_dialog(&props.on_close);
    let what_happens = if session.id.is_some() || state.has_changes() {
        format!(
            "Opening an example replaces the playground on the screen. \"{}\" stays saved in this browser: it is under Playgrounds.",
            session.name
        )
    } else {
        "Opening an example replaces the playground on the screen, which has not changed since it was opened.".to_string()
    };
    html! {
        <div class="dialog" role="dialog" aria-labelledby="gallery-title" ref={node} onkeydown={on_key}>
            <h2 id="gallery-title">{ "Examples" }</h2>
            <p class="muted">{ what_happens }</p>
            if let Some(problem) = &*problem {
                <p class="error" role="alert">{ problem }</p>
            }
            <ul class="examples">
                { for EXAMPLES.iter().map(|example| html! {
                    <li>
                        <div>
                            <strong>{ example.title }</strong>
                            <span class="muted">{ format!(" — {}", example.technique) }</span>
                        </div>
                        <div class="row">
                            <button type="button" onclick={open(example)} aria-label={format!("Open the {} example", example.title)}>{ "Open" }</button>
                            <a href={format!("#example={}", example.name)}>{ "Its link" }</a>
                        </div>
                    </li>
                }) }
            </ul>
            <div class="row end">
                <button type="button" onclick={close}>{ "Close" }</button>
            </div>
        </div>
    }
}

/// What the example on the screen shows, when the playground is on one of
/// the gallery's tables.
pub fn about_example(table: &str, open: bool) -> Html {
    let Some(example) = crate::model::gallery::of_table(table) else {
        return Html::default();
    };
    html! {
        <details class="about-example" {open}>
            <summary>{ format!("About this design: {} — {}", example.title, example.technique) }</summary>
            { for example.explanation.iter().map(|paragraph| html! { <p>{ *paragraph }</p> }) }
        </details>
    }
}
