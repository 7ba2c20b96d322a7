// The interpreter module PyScript loads (web/pyscript.json "interpreter"): Pyodide's own
// module, with two shortcuts around its loadPyodide.
//
// - An early start.  web/boot.js calls prestart() as soon as the page has painted (the embed:
//   when the reader presses Play), so the interpreter loads while PyScript's own modules still
//   download and start; PyScript's call to loadPyodide then takes that interpreter.
// - A start-up snapshot.  build.py makes it with Pyodide's own makeMemorySnapshot: an
//   interpreter that has the core wheel and the app's modules in place and has imported every
//   module that never touches the page (the rules core and the screens).  A start restores it
//   (loadPyodide's _loadSnapshot) instead of starting Python and importing the rules; the
//   service worker keeps it with the rest of the site, for later visits and offline play.
//
// The snapshot is only a shortcut: a snapshot that cannot be fetched or restored means a
// normal start, with nothing shown to the player, and this browser does not try it again
// for this build.  "?snapshot=off" in the page's address turns it off for one visit.
//
// build.py writes the build's values below when it copies this file.

import { loadPyodide as loadPlainPyodide } from "../pyodide/pyodide.mjs";

export * from "../pyodide/pyodide.mjs";

// WebAssembly stack switching (JSPI) off for Pyodide: where the browser offers it, Pyodide runs
// Python calls on secondary stacks, and Chromium's renderer then crashes now and then (SIGSEGV
// reading past a secondary stack's end: five crash dumps here, in Chromium 156, always the same
// instruction; Pyodide's own tracker has open reports of the same crash).  Nothing of this site
// needs it (no run_sync, no blocking await): Pyodide takes its plain path, as in browsers
// without JSPI.  Pyodide decides when it starts, so this runs before loadPyodide.
for (const name of ["Suspending", "Suspender", "promising"]) {
  try {
    if (typeof WebAssembly === "object" && name in WebAssembly) delete WebAssembly[name];
  } catch (err) {
    // a property this browser will not delete: Pyodide uses it
  }
}

const SNAPSHOT = "__SNAPSHOT__";  // the snapshot's file, beside this one (an unbuilt copy has none)
const PACKAGES = "__PACKAGES__";  // the config's packages (web/pyscript.json), for the early start
const CONFIG_URL = new URL("./pyscript.json", import.meta.url).href;
const INDEX_URL = new URL("../pyodide/", import.meta.url).href;
const FAILED_KEY = "lostcities:snapshot-failed";

function note(name) {
  try {
    performance.mark(`lostcities:${name}`);
  } catch (err) {
    // no performance timeline: nothing to note
  }
}

function mark(state) {
  try {
    document.documentElement.dataset.snapshot = state;
  } catch (err) {
    // not a page: nothing to mark
  }
}

// The file's name, kept when a restore failed (web/boot.js then does not preload it either).
function hasFailedBefore() {
  try {
    return localStorage.getItem(FAILED_KEY) === SNAPSHOT.split("/").pop();
  } catch (err) {
    return false;  // no storage: try it (a failure falls back anyway)
  }
}

function rememberFailure(err) {
  console.warn("The start-up snapshot is not used: " + err);
  mark("failed");
  try {
    localStorage.setItem(FAILED_KEY, SNAPSHOT.split("/").pop());
  } catch (failure) {
    // no storage: the next start tries it again, and falls back again
  }
}

function isEnabled() {
  try {
    return !SNAPSHOT.startsWith("__") && !hasFailedBefore() &&
      new URLSearchParams(location.search).get("snapshot") !== "off";
  } catch (err) {
    return false;
  }
}

class UnreachableError extends Error {}

// A later visit reads it straight from the service worker's cache (31 MB through the worker's
// fetch handler cost more than the read); a first visit, or a page without Cache Storage,
// downloads it (compressed).
async function cachedSnapshot(url) {
  try {
    if (!navigator.serviceWorker || !navigator.serviceWorker.controller) return null;
    const hit = await caches.match(url);
    return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
  } catch (err) {
    return null;
  }
}

async function fetchSnapshot() {
  const url = new URL(SNAPSHOT, import.meta.url).href;
  const cached = await cachedSnapshot(url);
  if (cached) return cached;
  let response;
  try {
    response = await fetch(url);
  } catch (err) {
    throw new UnreachableError(`${SNAPSHOT} could not be fetched (${err})`);
  }
  if (!response.ok) throw new Error(`${SNAPSHOT} answered ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// A restored start that then fails (PyScript's set-up or the app's first import) leaves an
// error and no ready page: the snapshot is not used again, so the reload the page offers
// starts normally.
function watchRestoredStart() {
  const failed = (event) => {
    if (document.documentElement.dataset.ready !== "1") rememberFailure(event.message || event.type);
  };
  addEventListener("error", failed);
  addEventListener("py:error", failed);
}

function whenReady(callback) {
  const root = document.documentElement;
  if (root.dataset.ready === "1") {
    setTimeout(callback, 0);
    return;
  }
  const watch = new MutationObserver(() => {
    if (root.dataset.ready !== "1") return;
    watch.disconnect();
    setTimeout(callback, 0);
  });
  watch.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
}

async function installLater(pyodide, packages) {
  if (!packages.length) return;
  try {
    await pyodide.loadPackage(packages, { messageCallback: () => {} });
    try {
      document.documentElement.dataset.snapshotFiles = "installed";
    } catch (err) {
      // not a page: nothing to mark
    }
  } catch (err) {
    console.warn("The core wheel's files could not be installed: " + err);
  }
}

async function start(options) {
  note("interpreter-start");
  const settings = { ...options, indexURL: INDEX_URL };
  if (isEnabled()) {
    try {
      const bytes = fetchSnapshot();
      bytes.catch(() => {});  // handled below, once loadPyodide awaits it
      // The snapshot has imported every module of the core wheel: its files (sources for
      // tracebacks, metadata) are installed once the page is ready, off the start's path.
      const pyodide = await loadPlainPyodide({ ...settings, packages: [], _loadSnapshot: bytes });
      whenReady(() => installLater(pyodide, settings.packages || []));
      // The snapshot froze the state of `random`: every start draws afresh.  (It also holds the
      // `time` module's constants, timezone and tzname, of the build machine; local times
      // themselves come from the browser at each call.)
      pyodide.runPython("import random\nrandom.seed()\ndel random");
      mark("restored");
      note("interpreter-ready");
      watchRestoredStart();
      return pyodide;
    } catch (err) {
      if (err instanceof UnreachableError) console.warn(String(err.message));  // offline: try it next time
      else rememberFailure(err);
    }
  }
  const pyodide = await loadPlainPyodide(settings);
  note("interpreter-ready");
  return pyodide;
}

let early = null;

export function prestart() {
  if (!early) {
    early = (async () => {
      const packages = JSON.parse(PACKAGES).map((name) => new URL(name, CONFIG_URL).href);
      return { packages, pyodide: await start({ packages }) };
    })();
    early.catch(() => {});
  }
  return early;
}

export async function loadPyodide(options = {}) {
  const waiting = early;
  early = Promise.reject(new Error("the early interpreter is taken"));
  early.catch(() => {});
  if (waiting) {
    try {
      const { packages, pyodide } = await waiting;
      const missing = (options.packages || []).filter((name) => !packages.includes(new URL(name, location.href).href));
      if (missing.length) await pyodide.loadPackage(missing);
      if (options.stdout) pyodide.setStdout({ batched: options.stdout });
      if (options.stderr) pyodide.setStderr({ batched: options.stderr });
      return pyodide;
    } catch (err) {
      console.warn("The early start failed, starting again: " + err);
    }
  }
  return start(options);
}
