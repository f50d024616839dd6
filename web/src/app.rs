//! The page as a whole: what it opens on, its panels and how they are laid
//! out, and what happens around each change (the work saved in the browser,
//! the link kept in the address, an embedding page told the new height).
//!
//! The full page is a workbench: at 1280 px and wider, the model (access
//! patterns, table design, entity chart) sits beside the results
//! (comparison, runner, data view, items), each side scrolling on its own;
//! narrower, one column. Embedded (`?embed`), it shows only the panels
//! asked for, without the header, with a link to the full playground.

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::store::{State, Store};

use crate::hooks::address::use_address_navigation;
use crate::hooks::opening::{use_height_for_parent, use_opened_at};
use crate::hooks::saved_work::{use_autosave, use_keep, use_saved_elsewhere};
use crate::hooks::whole_page::{Rest, use_whole_page};

use crate::browser::{self, library};
use crate::components::changed_line::ChangedLine;
use crate::components::chart_editor::ChartEditor;
use crate::components::comparison::Comparison;
use crate::components::console::Console;
use crate::components::data_view::DataView;
use crate::components::gallery::about_example;
use crate::components::generate_panel::GeneratePanel;
use crate::components::item_editor::ItemEditor;
use crate::components::notice::NoticeBar;
use crate::components::pattern_list::PatternList;
use crate::components::review_panel::{ReviewPanel, budget_summary};
use crate::components::runner::Runner;
use crate::components::stream_panel::StreamPanel;
use crate::components::table_chooser::TableChooser;
use crate::components::table_editor::TableEditor;
use crate::components::throughput_view::ThroughputView;
use crate::components::toolbar::Toolbar;
use crate::components::undo_redo::UndoRedo;
use crate::embed::{Options, Panel};
use crate::model::format::thousands;
use crate::model::playground::Playground;
use crate::open_file::{TableChoice, open_file};
use crate::rebuild;
use crate::session::{self, LINK_FAILED, Session, Started};

/// A playground mounted by a course page through the JavaScript API
/// ([`crate::api`]): it opens on the playground given, keeps nothing in the
/// browser, leaves the address alone, and lets the page read its state.
#[derive(Clone)]
pub struct Hosted {
    pub options: Options,
    pub playground: Rc<Playground>,
    /// The state on the screen, for [`Hosted::full_link`].
    pub state: Rc<RefCell<Option<Store>>>,
    /// Where the full playground lives.
    pub base: String,
}

impl PartialEq for Hosted {
    fn eq(&self, other: &Hosted) -> bool {
        Rc::ptr_eq(&self.state, &other.state)
    }
}

impl Hosted {
    /// The full playground on the state on the screen (before the first
    /// render, on the playground mounted).
    pub fn full_link(&self) -> String {
        let fragment = match self.state.borrow().as_ref() {
            Some(state) => session::link_fragment(state),
            None => crate::share::encode_link(&crate::share::open::capture(&self.playground)),
        };
        with_fragment(&self.base, fragment.ok())
    }
}

#[derive(Properties, PartialEq, Default)]
pub struct AppProps {
    /// Set when a course page mounts the playground (see [`Hosted`]).
    #[prop_or_default]
    pub hosted: Option<Hosted>,
}

/// What the page opens on: a mounted playground as given, else what the
/// address and the saved playgrounds say.
fn start(options: &Options, hosted: Option<&Hosted>) -> Started {
    match hosted {
        Some(hosted) => session::start_with(
            session::Boot {
                playground: (*hosted.playground).clone(),
                session: Session::unsaved("Mounted playground"),
                notice: None,
            },
            "",
        ),
        None => session::start(
            &browser::fragment(),
            options,
            &mut library(),
            browser::now(),
        ),
    }
}

/// Draws one panel.
fn panel(panel: Panel) -> Html {
    match panel {
        Panel::Patterns => html! { <PatternList /> },
        Panel::Comparison => html! { <Comparison /> },
        Panel::Review => html! { <ReviewPanel /> },
        Panel::Throughput => html! { <ThroughputView /> },
        Panel::Runner => html! { <Runner /> },
        Panel::Console => html! { <Console /> },
        Panel::Items => html! { <GeneratePanel /> },
        Panel::Data => html! { <DataView /> },
        Panel::Item => html! { <ItemEditor /> },
        Panel::Stream => html! { <StreamPanel /> },
        Panel::Design => html! { <TableEditor /> },
        Panel::Chart => html! { <ChartEditor /> },
    }
}

/// The page.
/// A table-of-contents link: to its panel, focused (the address keeps
/// the playground's link).
fn go_to(panel: Panel) -> Callback<MouseEvent> {
    Callback::from(move |event: MouseEvent| {
        event.prevent_default();
        browser::arrive_at(panel.name());
    })
}

/// The page's header. On a phone (under 600 px when the page opens) the
/// toolbar, the tagline and the sections fold into a menu, and "About
/// this design" starts folded, so the patterns are near the top.
fn page_header(state: &State, toolbar: Html, status: Html) -> Html {
    let tagline = html! {
        <p class="tagline">
            { "A DynamoDB single-table design playground. The storage engine runs in this page: every number below is what DynamoDB would report." }
        </p>
    };
    let sections = html! {
        <nav aria-label="Sections">
            { for Panel::ALL.iter().map(|p| html! { <a href={format!("#{}", p.name())} onclick={go_to(*p)}>{ p.title() }</a> }) }
        </nav>
    };
    let narrow = browser::is_narrow();
    html! {
        <header class={classes!(narrow.then_some("narrow"))}>
            <div class="title-row">
                <h1>{ "ddbplay" }</h1>
                if narrow {
                    <details class="page-menu">
                        <summary>{ "Menu" }</summary>
                        { toolbar }
                        { tagline.clone() }
                        { sections.clone() }
                    </details>
                } else {
                    { toolbar }
                }
            </div>
            if !narrow {
                { tagline }
            }
            <p class="intro">
                { "Start with an access pattern: Compare shows what it costs as a Query and as a Scan. Then change the table design or the entity chart, or write a pattern of your own, and watch every number move." }
            </p>
            { status }
            { review_status(state) }
            { about_example(&state.chart.table.name, !narrow && !browser::is_short()) }
            if !narrow {
                { sections }
            }
        </header>
    }
}

/// Under the header's title: how many patterns pass their review, what
/// the last edit moved, and undo and redo.
fn review_status(state: &State) -> Html {
    html! { <>
        if let Some(summary) = budget_summary(state) {
            <p class="budget-summary"><a href="#review">{ summary }</a></p>
        }
        <div class="change-row">
            <UndoRedo />
            <ChangedLine announce=true />
        </div>
    </> }
}

#[function_component(App)]
pub fn app(props: &AppProps) -> Html {
    let hosted = props.hosted.clone();
    let options = use_memo((), |_| match &hosted {
        Some(hosted) => hosted.options.clone(),
        None => Options::read(&browser::query(), &browser::fragment()),
    });
    let started = use_mut_ref(|| Some(start(&options, props.hosted.as_ref())));
    let state = use_reducer(|| {
        let started = started.borrow();
        let mut state = started
            .as_ref()
            .map_or_else(State::example, |s| s.state.clone());
        state.page.notice = started.as_ref().and_then(|s| s.notice.clone()).map(Rc::new);
        state
    });
    let session = use_state(|| {
        started.borrow().as_ref().map_or_else(
            || Session::unsaved("Commerce example"),
            |s| s.session.clone(),
        )
    });
    // Callbacks made once (listeners, timers) reach the newest state here.
    let latest = use_mut_ref(|| state.clone());
    *latest.borrow_mut() = state.clone();
    if let Some(hosted) = &props.hosted {
        *hosted.state.borrow_mut() = Some(state.clone());
    }
    // Only the page itself keeps its work and its address; an embed or a
    // mounted playground leaves both to the page around it.
    let own_page = props.hosted.is_none() && !options.embed;
    let last_fragment = use_mut_ref(browser::fragment);

    // A large playground fills after the first render.
    {
        let (started, state) = (started.clone(), state.clone());
        use_effect_with((), move |_| {
            if let Some(playground) = started.borrow_mut().take().and_then(|s| s.pending) {
                rebuild::open(&state, playground, LINK_FAILED);
            }
        });
    }
    use_address_navigation(&latest, &session, &last_fragment, own_page);
    use_autosave(&state, &session, &last_fragment, own_page);
    use_saved_elsewhere(&latest, &session, own_page);
    let on_keep = use_keep(&state, &session);

    use_height_for_parent(&options.id, props.hosted.is_none() && options.embed);
    // A playground file dropped anywhere on the page opens.
    let on_drag_over = Callback::from(|e: DragEvent| e.prevent_default());
    // A file of several tables waits here for the learner to pick one.
    let choice = use_state(|| None::<TableChoice>);
    let on_choice = {
        let choice = choice.clone();
        Callback::from(move |file: TableChoice| choice.set(Some(file)))
    };
    let on_drop = {
        let (state, session, on_choice) = (state.clone(), session.clone(), on_choice.clone());
        Callback::from(move |e: DragEvent| {
            e.prevent_default();
            let file = e
                .data_transfer()
                .and_then(|d| d.files())
                .and_then(|files| files.get(0));
            if let (true, Some(file)) = (own_page, file) {
                open_file(&state, &session, file, on_choice.clone());
            }
        })
    };
    let panels = options.panels();
    let rest = if options.embed || options.show.is_some() || props.hosted.is_some() {
        Rest::AtOnce
    } else {
        Rest::WhenReached
    };
    let whole = use_whole_page(&panels, rest);
    use_opened_at(options.show, whole);
    let body = panels_drawn(&panels, options.embed, whole);
    let status = status_line(&state);
    html! {
        <ContextProvider<Options> context={(*options).clone()}>
        <ContextProvider<Store> context={state.clone()}>
          <div class="ddbplay">
            <main class={classes!("page", options.embed.then_some("embedded"))} key={state.page.opened.to_string()}
                ondragover={on_drag_over} ondrop={on_drop}>
                if options.embed {
                    <div class="embed-bar">
                        { status }
                        <a href={full_playground_link(&state, props.hosted.as_ref())} target="_blank" rel="noopener">{ "Open in the full playground ↗" }</a>
                    </div>
                } else {
                    { page_header(&state, html! { <Toolbar session={session.clone()} on_choice={on_choice.clone()} /> }, status.clone()) }
                }
                <NoticeBar {on_keep} />
                if let Some(file) = (*choice).clone() {
                    <TableChooser choice={file} session={session.clone()} {on_choice}
                        on_close={Callback::from(move |()| choice.set(None))} />
                }
                { body }
            </main>
          </div>
        </ContextProvider<Store>>
        </ContextProvider<Options>>
    }
}

/// The panels, in the workbench's two sides or, embedded, in one column;
/// until the whole page may be drawn ([`use_whole_page`]), those of the
/// first screen and the others' headings. `data-drawn` says which, for
/// tests and scripts that read the whole page.
fn panels_drawn(panels: &[Panel], embed: bool, whole: bool) -> Html {
    let drawn_state = if whole { "whole" } else { "first-screen" };
    let drawn = move |p: &Panel| {
        if whole || p.on_first_screen() {
            panel(*p)
        } else {
            pending_panel(*p)
        }
    };
    if embed {
        return html! {
            <div class="embedded-panels" data-drawn={drawn_state}>
                { for panels.iter().map(drawn) }
            </div>
        };
    }
    let side = |model: bool| {
        panels
            .iter()
            .filter(move |p| p.is_model() == model)
            .map(drawn)
    };
    html! {
        <div class="workbench" data-drawn={drawn_state}>
            <div class="side model-side" aria-label="The model">
                { for side(true) }
            </div>
            <div class="side results-side" aria-label="The results">
                { for side(false) }
            </div>
        </div>
    }
}

/// A panel's place before it is drawn: its heading, where it will be.
fn pending_panel(panel: Panel) -> Html {
    let title_id = format!("{}-title", panel.name());
    html! {
        <section id={panel.name()} aria-labelledby={title_id.clone()} aria-busy="true"
            class={classes!("panel", crate::rest_of_page::PENDING_CLASS)}>
            <h2 id={title_id}>{ panel.title() }</h2>
        </section>
    }
}

/// The line under the title: the table, its items and how they came.
fn status_line(state: &State) -> Html {
    let table = &state.chart.table.name;
    html! {
        <p class="status" aria-live="polite">
            { format!("Table {table}: {} items generated from seed {}.", thousands(state.item_count), state.seed) }
            if !state.edits.is_empty() {
                { format!(" {} changed by hand.", state.edits.len()) }
            }
            if let Some((stored, expected)) = state.build.loading {
                { format!(" Filling the table: {} of about {} items…", thousands(stored), thousands(expected)) }
            }
        </p>
    }
}

/// The full playground, on the same state: the page's address without the
/// embed options (or, mounted, where the full playground lives), and the
/// state's link.
fn full_playground_link(state: &State, hosted: Option<&Hosted>) -> String {
    let base = match hosted {
        Some(hosted) => hosted.base.clone(),
        None => browser::address_without_fragment(),
    };
    link_on(&base, state)
}

/// `base` (its query dropped) with the state's link as its fragment.
fn link_on(base: &str, state: &State) -> String {
    with_fragment(base, session::link_fragment(state).ok())
}

/// `base` without its query and fragment, then `fragment` if any.
fn with_fragment(base: &str, fragment: Option<String>) -> String {
    let base = base.split(['?', '#']).next().unwrap_or_default();
    match fragment {
        Some(fragment) => format!("{base}#{fragment}"),
        None => base.to_string(),
    }
}
