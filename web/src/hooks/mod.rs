//! The page's own hooks: what several components need from the store
//! beyond drawing it.
//!
//! - [`store::use_store`] gives a component the page's one store, which
//!   the page provides to everything inside it.
//! - [`saved_work::use_autosave`] saves the work a moment after each
//!   change and puts its link in the address;
//!   [`saved_work::use_saved_elsewhere`] notices another tab saving the
//!   same playground; [`address::use_address_navigation`] opens the
//!   playground of a link pasted into the address.
//! - [`reply::use_reply`] hands a panel each answer to a change it asked
//!   the store for, once (the store runs the change; the panel shows what
//!   it did or why it was refused).
//! - [`scroll_place::use_scroll_place`] keeps where a long list of rows
//!   stands, jumps to a row, and tells the store where it came to rest.
//! - [`console::use_console_runner`] runs the aws CLI console, importing
//!   its module the first time it is needed.
//! - [`whole_page::use_whole_page`] lets the page draw its first screen
//!   alone and the rest when the learner reaches for it; [`opening::use_opened_at`] scrolls to the
//!   panel a link names, and [`opening::use_height_for_parent`] tells the
//!   page around an embed its height.
//! - [`saved_work::use_keep`] carries out the learner's answer to "which
//!   playground to keep?".

pub mod address;
pub mod console;
pub mod opening;
pub mod reply;
pub mod saved_work;
pub mod scroll_place;
pub mod store;
pub mod whole_page;
