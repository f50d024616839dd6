//! The page's one store reaches every component through a context, not
//! a prop handed down the tree.

use yew::prelude::*;

use crate::store::Store;

/// The store the page provides (`app.rs` puts every panel inside its
/// provider, and nothing mounts a component outside the page).
#[hook]
pub fn use_store() -> Store {
    // Invariant: every component is mounted inside the page's provider.
    use_context::<Store>().expect("a component is mounted inside the page's store provider")
}
