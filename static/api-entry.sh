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
//
// The engine is compiled once and instantiated once for each playground
// mounted, and once for all Engines: the page is built to stop at the first
// sign of a bug (a trap), and a trap ends only its own instance. A
// playground whose instance trapped says so in its place, with a button that
// mounts it again in a fresh instance; an Engine whose instance trapped
// throws an Error saying so (name "EngineStopped"), and a new Engine starts
// in a fresh instance. Other playgrounds and their data are untouched.
const here = (file) => new URL(file, import.meta.url).href;
let loaded;

/** Instances ready to use, and how many were made (each a copy of the glue). */
const spares = [];
let made = 0;

async function compile() {
  const response = await fetch(here("./$wasm"));
  return WebAssembly.compile(await response.arrayBuffer());
}

/** A fresh instance: its own copy of the glue, the module instantiated. */
async function instance(module) {
  made += 1;
  const glue = await import(here("./$js") + "?instance=" + made);
  const exports = await glue.default({ module_or_path: module });
  // The rest of the page's code, when the build splits it in two: here
  // before the instance is used, compiled once for all of them.
  await globalThis[Symbol.for("ddbplay.restOfPage")]?.get(exports.memory)?.();
  const home = { glue, stopped: null, onStop: [] };
  glue.onTrap((reason) => stop(home, reason));
  return home;
}

function stop(home, reason) {
  if (home.stopped) return;
  home.stopped = reason;
  for (const then of home.onStop) then(reason);
}

/** A trap, as JavaScript sees one: the module ran into unreachable code or out of bounds. */
const isTrap = (error) => error instanceof WebAssembly.RuntimeError || (error instanceof RangeError && /call stack/.test(error.message));

function stopped(reason) {
  const error = new Error("This ddbplay Engine stopped (" + reason + "); its tables are gone. Create a new Engine.");
  error.name = "EngineStopped";
  return error;
}

export function load() {
  loaded ??= (async () => {
    const module = await compile();
    // Three ready for playgrounds mounted at once; more are made as they go.
    const refill = () => instance(module).then((home) => spares.push(home));
    await Promise.all([refill(), refill(), refill()]);
    let engines = await instance(module);
    const nextEngines = () => { engines = spares.shift() ?? engines; refill(); };
    if (!document.querySelector('link[data-ddbplay-style]')) {
      const style = Object.assign(document.createElement("link"), { rel: "stylesheet", href: here("./$css") });
      style.dataset.ddbplayStyle = "";
      document.head.append(style);
    }

    class Engine {
      #home;
      #inner;
      constructor() {
        if (engines.stopped) nextEngines();
        this.#home = engines;
        this.#inner = new engines.glue.Engine();
      }
      execute(operation, request) {
        if (this.#home.stopped) throw stopped(this.#home.stopped);
        try {
          return this.#inner.execute(operation, request);
        } catch (error) {
          if (!isTrap(error)) throw error;
          stop(this.#home, error.message);
          throw stopped(this.#home.stopped);
        }
      }
      free() {
        if (!this.#home.stopped) this.#inner.free();
      }
    }

    function mount(element, options = {}) {
      const full = { base: here("./"), ...options };
      let home;
      let playground;
      const start = (again) => {
        // Past the ready ones, playgrounds share the Engines' instance.
        const next = spares.shift() ?? engines;
        if (again) element.replaceChildren();
        try {
          playground = next.glue.mount(element, full);
        } catch (error) {
          // Options that do not read: the instance stays ready for another.
          if (next !== engines) spares.unshift(next);
          throw error;
        }
        refill();
        home = next;
        home.onStop.push((reason) => {
          element.replaceChildren(stoppedNotice(reason, () => start(true)));
        });
      };
      start(false);
      return {
        link: () => (home.stopped ? "" : playground.link()),
        unmount: () => { if (!home.stopped) playground.unmount(); element.replaceChildren(); },
        /** Why the playground stopped, if it did. */
        get stopped() { return home.stopped; },
        /** Makes this playground's instance trap, as a bug would: for tests. */
        __trap: () => { try { home.glue.__trap(); } catch (error) { if (!isTrap(error)) throw error; } },
      };
    }

    function stoppedNotice(reason, again) {
      const box = document.createElement("div");
      box.className = "ddbplay-stopped";
      box.setAttribute("role", "alert");
      const text = document.createElement("p");
      text.textContent = "This playground stopped (" + reason + "). Other playgrounds on the page are not affected.";
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = "Start it again";
      button.addEventListener("click", again);
      box.append(text, button);
      return box;
    }

    return {
      mount,
      Engine,
      /** Makes the Engines' instance trap, as a bug would: for tests. */
      __trapEngines: () => { try { engines.glue.__trap(); } catch (error) { if (!isTrap(error)) throw error; } },
    };
  })();
  return loaded;
}
ENTRY
