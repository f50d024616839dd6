//! Saved playgrounds that no longer read, listed apart with why: to
//! download as they were stored, or to delete.

use yew::prelude::*;

use crate::browser::{self, library};
use crate::saved::{SavedError, SetAside};

/// A name as a file's: letters, digits and dashes.
fn file_stem(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '-'
            }
        })
        .collect()
}

/// The set-aside copies; `report` is told when one is deleted.
pub fn set_aside_list(report: &Callback<Result<(), SavedError>>) -> Html {
    let set_aside = library().set_aside();
    let download_aside = |aside: &SetAside| {
        let aside = aside.clone();
        Callback::from(move |_| {
            browser::download(
                &format!("{}.set-aside.txt", file_stem(&aside.name)),
                &aside.text,
            )
        })
    };
    let delete_aside = |aside: &SetAside| {
        let (report, id) = (report.clone(), aside.id.clone());
        Callback::from(move |_| {
            library().delete_set_aside(&id);
            report.emit(Ok(()))
        })
    };
    html! {
        <>
            if !set_aside.is_empty() {
                <h3>{ "Set aside: saved playgrounds that could not be opened" }</h3>
                <table class="grid saved set-aside">
                    <thead><tr>
                        <th scope="col">{ "Name" }</th>
                        <th scope="col">{ "Why" }</th>
                        <th scope="col"><span class="visually-hidden">{ "Actions" }</span></th>
                    </tr></thead>
                    <tbody>
                        { for set_aside.iter().map(|aside| html! {
                            <tr>
                                <th scope="row">{ &aside.name }</th>
                                <td>{ format!("could not be opened: {}", aside.why) }</td>
                                <td class="actions">
                                    <button type="button" onclick={download_aside(aside)} aria-label={format!("Download {} as it was stored", aside.name)}>{ "Download as a file" }</button>
                                    <button type="button" class="danger" onclick={delete_aside(aside)} aria-label={format!("Delete set-aside {}", aside.name)}>{ "Delete" }</button>
                                </td>
                            </tr>
                        }) }
                    </tbody>
                </table>
            }
        </>
    }
}
