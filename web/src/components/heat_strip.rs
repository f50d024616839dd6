//! Where a request's read units landed: one cell per partition it read,
//! busiest first, darker for more units. A Query lands on one partition; a
//! Scan spreads over all of them; a hot key shows as one dark cell.

use yew::prelude::*;

use crate::model::format::{thousands, units};

/// Most cells drawn; the rest are summed in the caption.
pub const CELLS: usize = 60;

/// The strip of `partitions` (units per partition key, busiest first: the
/// first [`CELLS`] of them) out of `total` partitions read in all.
pub fn heat_strip(partitions: &[(String, f64)], total: usize) -> Html {
    let busiest = partitions
        .first()
        .map_or(0.0, |p| p.1)
        .max(f64::MIN_POSITIVE);
    let caption = match total {
        0 => "no partition read".to_string(),
        1 => format!("all on {}", partitions[0].0),
        n => format!(
            "over {} partitions; the busiest, {}, took {} RCU",
            thousands(n),
            partitions[0].0,
            units(partitions[0].1)
        ),
    };
    html! {
        <span class="heat">
            <svg class="heat-strip" viewBox={format!("0 0 {} 12", CELLS * 5)} role="img" aria-label={format!("Read units by partition: {caption}")}>
                { for partitions.iter().take(CELLS).enumerate().map(|(i, (key, used))| html! {
                    <rect x={(i * 5).to_string()} y="0" width="4" height="12"
                        style={format!("fill-opacity: {:.2}", 0.15 + 0.85 * used / busiest)}>
                        <title>{ format!("{key}: {} RCU", units(*used)) }</title>
                    </rect>
                }) }
            </svg>
            <span class="heat-caption">{ caption }</span>
        </span>
    }
}
