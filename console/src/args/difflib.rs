//! `difflib.get_close_matches`, with which the aws CLI suggests a command
//! for a misspelt one ("Maybe you meant: * get-item").

/// The `n` best of `choices` whose similarity to `word`
/// (`SequenceMatcher.ratio`) is at least `cutoff`, best first.
pub fn close_matches(word: &str, choices: &[String], n: usize, cutoff: f64) -> Vec<String> {
    let b: Vec<char> = word.chars().collect();
    let mut scored: Vec<(f64, &String)> = choices
        .iter()
        .filter_map(|choice| {
            let a: Vec<char> = choice.chars().collect();
            let score = ratio(&a, &b);
            (score >= cutoff).then_some((score, choice))
        })
        .collect();
    // `heapq.nlargest` over (score, choice): ties go to the larger text.
    scored.sort_by(|x, y| {
        y.0.partial_cmp(&x.0)
            .unwrap_or(std::cmp::Ordering::Equal)
            .then_with(|| y.1.cmp(x.1))
    });
    scored.into_iter().take(n).map(|(_, c)| c.clone()).collect()
}

/// `2 * M / T`: M the characters of the matching blocks, T both lengths.
fn ratio(a: &[char], b: &[char]) -> f64 {
    let total = a.len() + b.len();
    if total == 0 {
        return 1.0;
    }
    let mut matched = 0;
    let mut queue = vec![(0, a.len(), 0, b.len())];
    while let Some((alo, ahi, blo, bhi)) = queue.pop() {
        let (i, j, k) = longest_match(a, b, alo, ahi, blo, bhi);
        if k > 0 {
            matched += k;
            if alo < i && blo < j {
                queue.push((alo, i, blo, j));
            }
            if i + k < ahi && j + k < bhi {
                queue.push((i + k, ahi, j + k, bhi));
            }
        }
    }
    2.0 * matched as f64 / total as f64
}

/// `find_longest_match`: the longest common run, the earliest in `a` (then
/// in `b`) among equals.
fn longest_match(
    a: &[char],
    b: &[char],
    alo: usize,
    ahi: usize,
    blo: usize,
    bhi: usize,
) -> (usize, usize, usize) {
    let (mut best_i, mut best_j, mut best) = (alo, blo, 0);
    let mut previous = vec![0usize; b.len() + 1];
    for (i, a_char) in a.iter().enumerate().take(ahi).skip(alo) {
        let mut current = vec![0usize; b.len() + 1];
        for (j, b_char) in b.iter().enumerate().take(bhi).skip(blo) {
            if a_char == b_char {
                let k = if j > blo { previous[j] + 1 } else { 1 };
                current[j + 1] = k;
                if k > best {
                    best_i = i + 1 - k;
                    best_j = j + 1 - k;
                    best = k;
                }
            }
        }
        previous = current;
    }
    (best_i, best_j, best)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_misspelt_command_finds_the_command_it_meant() {
        let commands: Vec<String> = ["get-item", "put-item", "query", "scan", "delete-item"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(close_matches("get-itm", &commands, 3, 0.8), ["get-item"]);
        assert!(close_matches("dynamo", &commands, 3, 0.8).is_empty());
    }

    #[test]
    fn ratios_are_difflibs() {
        let chars = |s: &str| s.chars().collect::<Vec<_>>();
        // difflib.SequenceMatcher(None, "abcd", "bcde").ratio() == 0.75
        assert_eq!(ratio(&chars("abcd"), &chars("bcde")), 0.75);
        // SequenceMatcher(None, "get-item", "get-itm").ratio() == 0.9333…
        assert!((ratio(&chars("get-item"), &chars("get-itm")) - 14.0 / 15.0).abs() < 1e-12);
    }
}
