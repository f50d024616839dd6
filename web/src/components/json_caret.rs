//! Where typed JSON stopped reading, shown as an editor shows it: the
//! line, its number, and a caret under the character (see
//! [`crate::model::failure::caret`]).

use yew::prelude::*;

use crate::model::failure::caret;

#[derive(Properties, PartialEq)]
pub struct Props {
    /// The text as typed.
    pub text: AttrValue,
    /// The byte the reader stopped at.
    pub at: usize,
}

#[function_component(JsonCaret)]
pub fn json_caret(props: &Props) -> Html {
    let shown = caret(&props.text, props.at);
    let gutter = format!("{} | ", shown.line_number);
    let pad = " ".repeat(gutter.chars().count());
    html! {
        <pre class="caret" aria-label={format!("Line {}, where the JSON stops reading", shown.line_number)}>
            <span class="gutter">{ gutter }</span>{ shown.line }{ "\n" }
            { pad }<span class="marker">{ shown.marker }</span>
        </pre>
    }
}
