//! Set arithmetic over a set's members (strings, numbers or binaries), in
//! O(n log n) of their number at worst: an item's 400 KB hold a set of
//! some 130,000 members of three bytes, and one request checking each
//! against all the others would hold a server, or the page, for minutes.
//!
//! The members are put in order by a fingerprint of each (a fast 64-bit
//! hash, ordered by a radix sort) and, between members with the same
//! fingerprint, by their own order (numbers numerically, which agrees with their equality since
//! numbers are kept normalised). Almost every comparison is then of two
//! integers; members chosen to share a fingerprint only make the order
//! fall back on comparing the members themselves, still O(n log n) — never
//! a hash table a fixed seed would let such members flood. A set keeps its
//! members in the order they were written, as DynamoDB returns them in no
//! order it promises.

use std::hash::{Hash, Hasher};

/// Below this many members, comparing each with each is cheaper than
/// ordering them (and still bounded).
const SMALL: usize = 16;

/// True when some member appears twice.
pub fn has_duplicates<T: Ord + Hash>(members: &[T]) -> bool {
    if members.len() <= SMALL {
        return members
            .iter()
            .enumerate()
            .any(|(i, m)| members[..i].contains(m));
    }
    ordered(members)
        .windows(2)
        .any(|pair| pair[0].0 == pair[1].0 && members[pair[0].1] == members[pair[1].1])
}

/// True when both sets hold the same members, in any order (neither holds
/// a member twice).
pub fn same_members<T: Ord + Hash>(a: &[T], b: &[T]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    if a.len() <= SMALL {
        return a.iter().all(|x| b.contains(x));
    }
    ordered(a)
        .iter()
        .zip(&ordered(b))
        .all(|(x, y)| x.0 == y.0 && a[x.1] == b[y.1])
}

/// Adds to `set` each member of `more` it does not hold yet, in the order
/// `more` has them (`more` holds no member twice).
pub fn add_members<T: Ord + Hash + Clone>(set: &mut Vec<T>, more: &[T]) {
    if set.len() <= SMALL && more.len() <= SMALL {
        for member in more {
            if !set.contains(member) {
                set.push(member.clone());
            }
        }
        return;
    }
    let held = matched(more, set);
    let new: Vec<T> = more
        .iter()
        .zip(held)
        .filter(|(_, held)| !held)
        .map(|(m, _)| m.clone())
        .collect();
    set.extend(new);
}

/// Removes from `set` every member that `gone` holds.
pub fn remove_members<T: Ord + Hash>(set: &mut Vec<T>, gone: &[T]) {
    if gone.len() <= SMALL {
        set.retain(|m| !gone.contains(m));
        return;
    }
    let mut named = matched(set, gone).into_iter();
    set.retain(|_| !named.next().unwrap_or(false));
}

/// For each member of `these`, whether `those` hold it: both put in order,
/// then walked side by side once.
fn matched<T: Ord + Hash>(these: &[T], those: &[T]) -> Vec<bool> {
    let mut found = vec![false; these.len()];
    let others = ordered(those);
    let mut next = 0;
    for (fingerprint, n) in ordered(these) {
        let key = (fingerprint, &these[n]);
        while next < others.len() && (others[next].0, &those[others[next].1]) < key {
            next += 1;
        }
        found[n] = next < others.len() && (others[next].0, &those[others[next].1]) == key;
    }
    found
}

/// Each member's fingerprint and position, in order: by fingerprint, and
/// among equal fingerprints by the members themselves. The fingerprints
/// are put in order by their bytes (a radix sort: eight passes over the
/// pairs, fewer when bytes are all alike), which costs a fraction of
/// comparing the members; only members that share a fingerprint are
/// compared, in O(k log k) for k of them.
fn ordered<T: Ord + Hash>(members: &[T]) -> Vec<(u64, usize)> {
    let mut keys: Vec<(u64, usize)> = members
        .iter()
        .enumerate()
        .map(|(n, m)| (fingerprint(m), n))
        .collect();
    radix_sort(&mut keys);
    for run in keys.chunk_by_mut(|a, b| a.0 == b.0) {
        if run.len() > 1 {
            run.sort_unstable_by(|a, b| members[a.1].cmp(&members[b.1]));
        }
    }
    keys
}

/// Sorts by the fingerprint, a byte at a time from the lowest (stable, so
/// each pass keeps the order the ones before made).
fn radix_sort(keys: &mut Vec<(u64, usize)>) {
    let mut scratch = vec![(0u64, 0usize); keys.len()];
    for shift in (0..64).step_by(8) {
        let mut counts = [0usize; 256];
        for (fingerprint, _) in keys.iter() {
            counts[(fingerprint >> shift) as usize & 0xff] += 1;
        }
        if counts.contains(&keys.len()) {
            continue;
        }
        let mut starts = [0usize; 256];
        let mut at = 0;
        for (start, count) in starts.iter_mut().zip(counts) {
            *start = at;
            at += count;
        }
        for key in keys.iter() {
            let byte = (key.0 >> shift) as usize & 0xff;
            scratch[starts[byte]] = *key;
            starts[byte] += 1;
        }
        std::mem::swap(keys, &mut scratch);
    }
}

fn fingerprint<T: Hash>(member: &T) -> u64 {
    let mut hasher = Fingerprint(0);
    member.hash(&mut hasher);
    hasher.finish()
}

/// A fast 64-bit hash, word by word (a multiply and a rotation each): a
/// fingerprint for ordering, not a defence — equal fingerprints are told
/// apart by the members themselves.
struct Fingerprint(u64);

impl Fingerprint {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl Hasher for Fingerprint {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(word) ^ ((rest.len() as u64) << 56));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }

    fn finish(&self) -> u64 {
        self.0
    }
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

    /// Members that all share one fingerprint (a hostile set) are still
    /// told apart, in O(n log n).
    #[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
    struct Colliding(u32);

    impl Hash for Colliding {
        fn hash<H: Hasher>(&self, state: &mut H) {
            state.write_u8(7);
        }
    }

    #[test]
    fn members_that_share_a_fingerprint_are_still_told_apart() {
        let mut set: Vec<Colliding> = (0..20_000).map(Colliding).collect();
        assert!(!has_duplicates(&set));
        let mut reversed = set.clone();
        reversed.reverse();
        assert!(same_members(&set, &reversed));
        add_members(&mut set, &[Colliding(5), Colliding(20_000)]);
        assert_eq!(set.len(), 20_001);
        remove_members(&mut set, &(0..10_000).map(Colliding).collect::<Vec<_>>());
        assert_eq!(set.len(), 10_001);
        set.push(Colliding(10_000));
        assert!(has_duplicates(&set));
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
