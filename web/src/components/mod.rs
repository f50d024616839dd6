//! The page's components, one per file.

pub mod bar_chart;
pub mod chart_editor;
pub mod comparison;
pub mod data_view;
pub mod generate_panel;
pub mod heat_strip;
pub mod pattern_bar;
pub mod pattern_list;
pub mod runner;
pub mod warnings;
