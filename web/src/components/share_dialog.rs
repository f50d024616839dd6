//! Share: the link that reopens exactly this playground, the same as a
//! file when the link would be too long, and a ready `<iframe>` for course
//! material.

use yew::platform::spawn_local;
use yew::prelude::*;

use crate::hooks::store::use_store;

use super::field_value::field_value;
use super::notice::download;
use crate::browser;
use crate::embed::{Options, Panel};
use crate::model::format::thousands;
use crate::session;
use crate::share::LONG_LINK_BYTES;

#[derive(Properties, PartialEq)]
pub struct ShareDialogProps {
    pub on_close: Callback<()>,
}

/// What an embed can show.
const EMBEDS: [(&str, &[Panel]); 5] = [
    (
        "the access patterns and the comparison",
        &[Panel::Patterns, Panel::Comparison],
    ),
    ("the request runner", &[Panel::Runner, Panel::Data]),
    (
        "the patterns, the comparison and the stream",
        &[Panel::Patterns, Panel::Comparison, Panel::Stream],
    ),
    (
        "the access patterns, the design review and the throughput",
        &[Panel::Patterns, Panel::Review, Panel::Throughput],
    ),
    ("everything", Panel::ALL),
];

/// The `<iframe>` for a course page, and the few lines that let it take the
/// height of its content.
pub fn iframe_snippet(page: &str, fragment: &str, options: &Options, title: &str) -> String {
    let title = title.replace(['"', '<', '>', '&'], "");
    format!(
        r#"<iframe src="{page}?{query}#{fragment}" title="ddbplay: {title}" width="100%" height="640" loading="lazy" style="border: 0" sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"></iframe>
<script>
  // Each ddbplay frame posts {{type: "ddbplay:height", height}} when its content changes height,
  // and {{type: "ddbplay:show", top, height}} when a click answers lower down in it.
  addEventListener("message", (e) => {{
    for (const frame of document.querySelectorAll("iframe"))
      if (e.data && frame.contentWindow === e.source) {{
        if (e.data.type === "ddbplay:height") frame.style.height = e.data.height + "px";
        const top = frame.getBoundingClientRect().top + e.data.top;
        if (e.data.type === "ddbplay:show" && (top < 0 || top + Math.min(e.data.height, innerHeight / 2) > innerHeight))
          scrollBy({{ top: top - 16, behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" }});
      }}
  }});
</script>"#,
        query = options.query(),
    )
}

#[function_component(ShareDialog)]
pub fn share_dialog(props: &ShareDialogProps) -> Html {
    let state = &use_store();
    // Which copy button was pressed last, and whether the copy worked.
    let copied = use_state(|| None::<(&'static str, bool)>);
    let embed_choice = use_state(|| 0usize);
    let read_only = use_state(|| true);
    let page = browser::address_without_fragment();
    let page = page.split('?').next().unwrap_or_default().to_string();
    let fragment = session::link_fragment(state);
    let super::dialog::Dialog {
        node,
        on_key,
        close,
    } = super::dialog::use_dialog(&props.on_close);
    let on_download = {
        let state = state.clone();
        Callback::from(move |_| download(&state))
    };
    let copy = |which: &'static str, text: String| {
        let copied = copied.clone();
        Callback::from(move |_| {
            let (copied, text) = (copied.clone(), text.clone());
            spawn_local(async move { copied.set(Some((which, browser::copy_text(&text).await))) });
        })
    };
    // Whether the copy worked, said under the button that was pressed.
    let copy_status = |which: &'static str| match *copied {
        Some((pressed, true)) if pressed == which => {
            html! { <p class="ok" role="status">{ "Copied to the clipboard." }</p> }
        }
        Some((pressed, false)) if pressed == which => html! {
            <p class="error" role="status">{ "The browser did not let the page copy: select the text and copy it yourself." }</p>
        },
        _ => html! {},
    };
    let body = match &fragment {
        Err(why) => html! {
            <p class="error" role="alert">{ format!("This playground cannot be put in a link: {why}. Download it as a file instead.") }</p>
        },
        Ok(fragment) if session::too_long_to_share(fragment) => html! {
            <p class="error" role="alert">
                { format!("This playground's link would be {} characters long, more than the {} a link can safely carry (mail and chat tools cut long links). Download it as a file and send the file instead: Open a file, or dropping it on the page, opens it again.",
                    thousands(fragment.len() + page.len() + 1), thousands(LONG_LINK_BYTES)) }
            </p>
        },
        Ok(fragment) => {
            let link = format!("{page}#{fragment}");
            html! { <>
                <label class="field">
                    <span>{ format!("A link that reopens exactly what you see ({} characters; everything is in the link, nothing is stored anywhere)", thousands(link.len())) }</span>
                    <input type="text" readonly=true value={link.clone()} class="share-link"
                        onfocus={Callback::from(|e: FocusEvent| e.target_unchecked_into::<web_sys::HtmlInputElement>().select())} />
                </label>
                <button type="button" class="primary" onclick={copy("link", link)}>{ "Copy link" }</button>
                { copy_status("link") }
            </> }
        }
    };
    let snippet = fragment
        .as_ref()
        .ok()
        .filter(|f| !session::too_long_to_share(f))
        .map(|fragment| {
            let options = Options {
                embed: true,
                panels: Some(EMBEDS[*embed_choice].1.to_vec()),
                read_only: *read_only,
                pattern: Some(state.selected),
                ..Options::default()
            };
            let title = state
                .patterns
                .get(state.selected)
                .map_or(state.chart.table.name.as_str(), |p| p.description.as_str());
            iframe_snippet(&page, fragment, &options, title)
        });
    let on_embed_choice = {
        let embed_choice = embed_choice.clone();
        Callback::from(move |e: Event| embed_choice.set(field_value(&e).parse().unwrap_or(0)))
    };
    let on_read_only = {
        let read_only = read_only.clone();
        Callback::from(move |e: Event| {
            read_only.set(
                e.target_unchecked_into::<web_sys::HtmlInputElement>()
                    .checked(),
            )
        })
    };
    html! {
        <div class="dialog" role="dialog" aria-labelledby="share-title" ref={node} onkeydown={on_key}>
            <h2 id="share-title">{ "Share this playground" }</h2>
            { body }
            <button type="button" onclick={on_download}>{ "Download as a file" }</button>
            if let Some(snippet) = snippet {
                <h3>{ "Embed it in a course page" }</h3>
                <div class="row">
                    <label class="field inline">
                        <span>{ "Show" }</span>
                        <select onchange={on_embed_choice} aria-label="What the embed shows">
                            { for EMBEDS.iter().enumerate().map(|(i, (label, _))| html! {
                                <option value={i.to_string()} selected={i == *embed_choice}>{ *label }</option>
                            }) }
                        </select>
                    </label>
                    <label class="check"><input type="checkbox" checked={*read_only} onchange={on_read_only} />{ " read-only (Compare and Run still work)" }</label>
                </div>
                <label class="field">
                    <span>{ "Paste this into the page (the script lets the frame take its content's height)" }</span>
                    <textarea readonly=true rows="8" spellcheck="false" class="snippet" value={snippet.clone()} />
                </label>
                <button type="button" onclick={copy("embed", snippet)}>{ "Copy the embed code" }</button>
                { copy_status("embed") }
            }
            <div class="row end">
                <button type="button" onclick={close}>{ "Close" }</button>
            </div>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embed_code_frames_the_playground_lazily_sandboxed_and_titled() {
        let options = Options {
            embed: true,
            panels: Some(vec![Panel::Runner]),
            read_only: true,
            pattern: Some(1),
            ..Options::default()
        };
        let snippet = iframe_snippet(
            "https://example.org/course/ddbplay/",
            "play=3.abc",
            &options,
            "A customer's orders <newest> \"first\" & more",
        );
        assert!(snippet.starts_with(
            r#"<iframe src="https://example.org/course/ddbplay/?embed&panels=runner&readonly&pattern=2#play=3.abc" title="ddbplay: A customer's orders newest first  more" width="100%" height="640" loading="lazy" style="border: 0" sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"></iframe>"#
        ), "{snippet}");
        assert!(snippet.contains(r#"e.data.type === "ddbplay:height""#));
        assert!(snippet.contains(r#"e.data.type === "ddbplay:show""#));
    }
}
