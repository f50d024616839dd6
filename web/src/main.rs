//! The page's entry point.

fn main() {
    ddbplay_web::start();
}
