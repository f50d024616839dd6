//! A panel that asks the store for a change (see
//! [`Change`](crate::store::Change)) hears its answer once.

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::store::{Asker, Reply};

/// Calls `on_reply` with each reply for `asker` that arrives after the
/// component mounted: a panel mounted afresh does not repeat an old one.
#[hook]
pub fn use_reply<F>(reply: Option<Rc<Reply>>, asker: Asker, on_reply: F)
where
    F: Fn(&Reply) + 'static,
{
    let seen: Rc<RefCell<u64>> = use_mut_ref(|| reply.as_ref().map_or(0, |r| r.serial));
    use_effect_with(reply, move |reply| {
        if let Some(reply) = reply
            .as_ref()
            .filter(|r| r.asker == asker && r.serial > *seen.borrow())
        {
            *seen.borrow_mut() = reply.serial;
            on_reply(reply);
        }
    });
}
