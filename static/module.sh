#!/bin/sh
# Trunk hook (post_build): builds one of the page's modules that load when
# first needed — `module.sh CRATE NAME` builds the crate CRATE as the wasm
# module NAME (the aws CLI console: ddbplay-console-module console; the
# exports and imports: ddbplay-interchange-module interchange).
# Its module and wasm carry a hash of the wasm in their names, so they can
# be cached for ever; `NAME-module.js`, whose name never changes, points
# at them and is what the page imports (from beside the page's own files,
# whatever path the site is served under).
set -eu
crate="$1"
name="$2"
profile=wasm-release
target="${CARGO_TARGET_DIR:-$TRUNK_SOURCE_DIR/target}"
cd "$TRUNK_SOURCE_DIR"
if [ "${TRUNK_PROFILE:-release}" = "debug" ]; then profile=dev; fi
cargo build --quiet --profile "$profile" --target wasm32-unknown-unknown -p "$crate"
folder=debug
if [ "$profile" = "wasm-release" ]; then folder=wasm-release; fi
built="$target/wasm32-unknown-unknown/$folder/$(echo "$crate" | tr - _).wasm"
out=$(mktemp -d)
wasm-bindgen --target web --no-typescript --out-dir "$out" --out-name "$name" "$built"
if [ "$profile" = "wasm-release" ]; then
  wasm-opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals -o "$out/${name}_bg.opt.wasm" "$out/${name}_bg.wasm"
  mv "$out/${name}_bg.opt.wasm" "$out/${name}_bg.wasm"
fi
hash=$(sha256sum "$out/${name}_bg.wasm" | cut -c1-16)
cd "$TRUNK_STAGING_DIR"
rm -f "ddbplay-$name-"*.js "ddbplay-$name-"*_bg.wasm
sed "s/${name}_bg\.wasm/ddbplay-$name-${hash}_bg.wasm/g" "$out/$name.js" > "ddbplay-$name-$hash.js"
cp "$out/${name}_bg.wasm" "ddbplay-$name-${hash}_bg.wasm"
rm -rf "$out"
cat > "$name-module.js" <<ENTRY
// The $name module of this build (see module.sh).
export * from "./ddbplay-$name-$hash.js";
export { default } from "./ddbplay-$name-$hash.js";
ENTRY
