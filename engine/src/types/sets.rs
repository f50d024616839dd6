//! Set arithmetic over a set's members (strings, numbers or binaries), in
//! O(n log n) of their number: a set may hold tens of thousands of members
//! within an item's 400 KB, and one request checking each against all the
//! others would hold a server, or the page, for seconds.
//!
//! Members are compared in their own order (numbers numerically, which
//! agrees with their equality since numbers are kept normalised), by
//! sorting references to them, never by hashing: a hash table keyed by a
//! fixed seed, as in the page's wasm, can be flooded by members chosen to
//! collide. A set keeps its members in the order they were written, as
//! DynamoDB returns them in no order it promises.

/// Below this many members, comparing each with each is cheaper than
/// sorting (and still bounded).
const SMALL: usize = 16;

/// True when some member appears twice.
pub fn has_duplicates<T: Ord>(members: &[T]) -> bool {
    if members.len() <= SMALL {
        return members
            .iter()
            .enumerate()
            .any(|(i, m)| members[..i].contains(m));
    }
    let sorted = sorted_refs(members);
    sorted.windows(2).any(|pair| pair[0] == pair[1])
}

/// True when both sets hold the same members, in any order (neither holds
/// a member twice).
pub fn same_members<T: Ord>(a: &[T], b: &[T]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    if a.len() <= SMALL {
        return a.iter().all(|x| b.contains(x));
    }
    sorted_refs(a) == sorted_refs(b)
}

/// Adds to `set` each member of `more` it does not hold yet, in the order
/// `more` has them (`more` holds no member twice).
pub fn add_members<T: Ord + Clone>(set: &mut Vec<T>, more: &[T]) {
    if set.len() <= SMALL && more.len() <= SMALL {
        for member in more {
            if !set.contains(member) {
                set.push(member.clone());
            }
        }
        return;
    }
    let new: Vec<T> = {
        let held = sorted_refs(set);
        more.iter()
            .filter(|m| held.binary_search(m).is_err())
            .cloned()
            .collect()
    };
    set.extend(new);
}

/// Removes from `set` every member that `gone` holds.
pub fn remove_members<T: Ord>(set: &mut Vec<T>, gone: &[T]) {
    if gone.len() <= SMALL {
        set.retain(|m| !gone.contains(m));
        return;
    }
    let gone = sorted_refs(gone);
    set.retain(|m| gone.binary_search(&m).is_err());
}

fn sorted_refs<T: Ord>(members: &[T]) -> Vec<&T> {
    let mut sorted: Vec<&T> = members.iter().collect();
    sorted.sort_unstable();
    sorted
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Number;

    fn n(text: &str) -> Number {
        Number::parse(text).unwrap()
    }

    fn many(count: usize) -> Vec<String> {
        (0..count).map(|i| format!("m{i}")).collect()
    }

    #[test]
    fn duplicates_are_found_in_small_and_large_sets() {
        assert!(!has_duplicates(&["a", "b", "c"]));
        assert!(has_duplicates(&["a", "b", "a"]));
        let mut large = many(40_000);
        assert!(!has_duplicates(&large));
        large.push("m39999".into());
        assert!(has_duplicates(&large));
        // Numbers are the same number however they are written.
        let numbers: Vec<Number> = (0..100)
            .map(|i| n(&i.to_string()))
            .chain([n("2.0")])
            .collect();
        assert!(has_duplicates(&numbers));
    }

    #[test]
    fn sets_with_the_same_members_in_another_order_are_equal() {
        let a = many(1_000);
        let mut b = a.clone();
        b.reverse();
        assert!(same_members(&a, &b));
        b[0] = "other".into();
        assert!(!same_members(&a, &b));
        assert!(!same_members(&a[..3], &a[..4]));
        assert!(same_members(&["x", "y"], &["y", "x"]));
    }

    #[test]
    fn adding_keeps_the_order_and_skips_what_is_held() {
        let mut set = vec!["a".to_string(), "b".to_string()];
        add_members(&mut set, &["b".to_string(), "c".to_string()]);
        assert_eq!(set, ["a", "b", "c"]);
        let mut large = many(30_000);
        let more: Vec<String> = (29_990..30_010).map(|i| format!("m{i}")).collect();
        add_members(&mut large, &more);
        assert_eq!(large.len(), 30_010);
        assert_eq!(large[30_000], "m30000");
        assert!(!has_duplicates(&large));
    }

    #[test]
    fn removing_takes_out_every_member_named() {
        let mut set = many(30_000);
        let gone: Vec<String> = (0..30_000).step_by(2).map(|i| format!("m{i}")).collect();
        remove_members(&mut set, &gone);
        assert_eq!(set.len(), 15_000);
        assert_eq!(set[0], "m1");
        let mut small = vec![n("1"), n("2")];
        remove_members(&mut small, &[n("1.0")]);
        assert_eq!(small, [n("2")]);
    }
}
