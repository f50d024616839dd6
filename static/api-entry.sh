#!/bin/sh
# Trunk hook (post_build): writes ddbplay.js, the JavaScript API's entry.
# Its name never changes, so course pages can point at it; it loads the
# content-hashed module, wasm and stylesheet of the same build, from beside
# itself, whatever path the site is served under.
set -eu
cd "$TRUNK_STAGING_DIR"
js=$(ls ddbplay-page-*.js | head -n 1)
wasm=$(ls ddbplay-page-*_bg.wasm | head -n 1)
css=$(ls style-*.css | head -n 1)
cat > ddbplay.js <<ENTRY
// ddbplay's JavaScript API (types: ddbplay.d.ts). \`load()\` fetches the
// engine once and resolves to { mount, Engine }.
import init, * as api from "./$js";

const here = (file) => new URL(file, import.meta.url).href;
let loaded;

export function load() {
  loaded ??= init({ module_or_path: here("./$wasm") }).then(() => {
    if (!document.querySelector('link[data-ddbplay-style]')) {
      const style = Object.assign(document.createElement("link"), { rel: "stylesheet", href: here("./$css") });
      style.dataset.ddbplayStyle = "";
      document.head.append(style);
    }
    return {
      mount: (element, options = {}) => api.mount(element, { base: here("./"), ...options }),
      Engine: api.Engine,
    };
  });
  return loaded;
}
ENTRY
