//! The page's components, one per file.

pub mod bar_chart;
pub mod changed_line;
pub mod chart_editor;
pub mod collapsible;
pub mod comparison;
pub mod console;
pub mod copy_command;
pub mod data_rows;
pub mod data_view;
pub mod dialog;
pub mod entity_row;
pub mod export_dialog;
pub mod field_value;
pub mod gallery;
pub mod generate_panel;
pub mod heat_strip;
pub mod item_editor;
pub mod json_caret;
pub mod notice;
pub mod pattern_bar;
pub mod pattern_budget;
pub mod pattern_list;
pub mod playground_names;
pub mod playgrounds;
pub mod review_panel;
pub mod run_outcome;
pub mod runner;
pub mod runner_options;
pub mod saved_row;
pub mod set_aside_list;
pub mod share_dialog;
pub mod stream_panel;
pub mod table_chooser;
pub mod table_editor;
pub mod throughput_view;
pub mod toolbar;
pub mod undo_redo;
pub mod warnings;

/// The class of an entity's label: one of eight colours by its place in the
/// chart (the label always carries the name too), grey when unknown.
pub fn entity_class(index: Option<usize>) -> String {
    match index {
        Some(i) => format!("entity e{}", i % 8),
        None => "entity e9".to_string(),
    }
}
