#!/bin/sh
# Trunk hook (post_build): builds the aws CLI console as a wasm module of
# its own, which the page imports the first time the console is used.
# Its module and wasm carry a hash of the wasm in their names, so they can
# be cached for ever; `console-module.js`, whose name never changes, points
# at them and is what the page imports (from beside the page's own files,
# whatever path the site is served under).
set -eu
profile=wasm-release
target="${CARGO_TARGET_DIR:-$TRUNK_SOURCE_DIR/target}"
cd "$TRUNK_SOURCE_DIR"
if [ "${TRUNK_PROFILE:-release}" = "debug" ]; then profile=dev; fi
cargo build --quiet --profile "$profile" --target wasm32-unknown-unknown -p ddbplay-console-module
folder=debug
if [ "$profile" = "wasm-release" ]; then folder=wasm-release; fi
built="$target/wasm32-unknown-unknown/$folder/ddbplay_console_module.wasm"
out=$(mktemp -d)
wasm-bindgen --target web --no-typescript --out-dir "$out" --out-name console "$built"
if [ "$profile" = "wasm-release" ]; then
  wasm-opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals -o "$out/console_bg.opt.wasm" "$out/console_bg.wasm"
  mv "$out/console_bg.opt.wasm" "$out/console_bg.wasm"
fi
hash=$(sha256sum "$out/console_bg.wasm" | cut -c1-16)
cd "$TRUNK_STAGING_DIR"
rm -f ddbplay-console-*.js ddbplay-console-*_bg.wasm
sed "s/console_bg\.wasm/ddbplay-console-${hash}_bg.wasm/g" "$out/console.js" > "ddbplay-console-$hash.js"
cp "$out/console_bg.wasm" "ddbplay-console-${hash}_bg.wasm"
rm -rf "$out"
cat > console-module.js <<ENTRY
// The aws CLI console's module of this build (see console-module.sh).
export * from "./ddbplay-console-$hash.js";
export { default } from "./ddbplay-console-$hash.js";
ENTRY
