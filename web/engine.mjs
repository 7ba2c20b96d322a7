// The engine's Web Worker: Pyodide, the rules, the screens and the computer players, off the
// page's thread (web/view.js starts it; web/worker_main.py is the Python side).
//
// A plain module worker of this site (worker-src 'self'): no cross-origin isolation, no shared
// memory, no synchronous access to the page.  The page and the worker exchange JSON texts only.
// The app's tab starts it as a dedicated worker; the embeds as a SharedWorker, which the browser
// keeps one of per host site (third-party frames are partitioned by their top-level site): every
// frame of a rules page then talks to one interpreter through its own port, each a session of
// its own in web/worker_main.py.  The first page's start starts Pyodide; the others wait for it.
//
// The start restores the start-up snapshot that build.py makes (the interpreter with the rules
// and the screens imported), as web/interpreter.mjs does on the page: read from the service
// worker's cache when it holds it, else downloaded.  A snapshot that cannot be restored means a
// normal start; the page remembers the failure (the worker has no localStorage) and asks for no
// snapshot next time.  build.py writes the build's values below when it copies this file.

import { loadPyodide } from "../pyodide/pyodide.mjs";

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
const CONFIG_URL = new URL("./pyscript.json", import.meta.url).href;
const INDEX_URL = new URL("../pyodide/", import.meta.url).href;

// The pages this worker serves, by number: a dedicated worker (the app's tab, or an embed where
// SharedWorker is missing) has one, its own global scope; the embeds' SharedWorker (web/view.js
// names it) has a port for each frame of the host page, every frame its own session in the one
// interpreter (web/worker_main.py).
const pages = new Map();   // number -> {port, inbox: [texts], ready: bool}
let nextPage = 0;
let engine = null;         // the start, once a first page asked for it: a promise of {main, restored}
let main = null;           // web/worker_main.py, once started
let failure = null;        // why the engine did not start

function postTo(number, message) {
  const page = pages.get(number);
  if (page) page.port.postMessage(typeof message === "string" ? message : JSON.stringify(message));
}

// web/worker_main.py posts each page's operations through this function.
self.lostcitiesSend = (number, text) => postTo(number, text);

async function readConfig() {
  const response = await fetch(CONFIG_URL);
  if (!response.ok) throw new Error(`${CONFIG_URL} answered ${response.status}`);
  return response.json();
}

async function snapshotBytes() {
  const url = new URL(SNAPSHOT, import.meta.url).href;
  try {
    if (self.caches) {
      const hit = await caches.match(url, { ignoreVary: true });
      if (hit) return new Uint8Array(await hit.arrayBuffer());
    }
  } catch (err) {
    // no Cache Storage here: download it
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${SNAPSHOT} answered ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// web/'s modules and their bytecode, where the snapshot (and PyScript on the page) has them: the
// interpreter's working folder.
async function writeFiles(pyodide, config) {
  const files = Object.entries(config.files || {});
  const bodies = await Promise.all(files.map(async ([from]) => {
    const response = await fetch(new URL(from, CONFIG_URL));
    if (!response.ok) throw new Error(`${from} answered ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }));
  files.forEach(([, to], index) => {
    if (to.includes("/")) pyodide.FS.mkdirTree(to.slice(0, to.lastIndexOf("/")));
    pyodide.FS.writeFile(to, bodies[index]);
  });
}

async function start(useSnapshot, number) {
  performance.mark("lostcities:engine-start");
  const config = await readConfig();
  const packages = (config.packages || []).map((name) => new URL(name, CONFIG_URL).href);
  const settings = { indexURL: INDEX_URL, stdout: (text) => console.log(text), stderr: (text) => console.warn(text) };
  let pyodide = null;
  let restored = false;
  if (useSnapshot && !SNAPSHOT.startsWith("__")) {
    try {
      const bytes = snapshotBytes();
      bytes.catch(() => {});  // handled below, once loadPyodide awaits it
      pyodide = await loadPyodide({ ...settings, packages: [], _loadSnapshot: bytes });
      restored = true;
    } catch (err) {
      postTo(number, { type: "snapshot-failed", error: String(err), file: SNAPSHOT.split("/").pop() });
      pyodide = null;
    }
  }
  if (!pyodide) pyodide = await loadPyodide({ ...settings, packages });
  await writeFiles(pyodide, config);
  // The snapshot froze the state of `random`: every start draws afresh.
  pyodide.runPython("import random\nrandom.seed()\ndel random");
  main = pyodide.pyimport("worker_main");
  performance.mark("lostcities:engine-ready");
  // The core wheel's files (sources for tracebacks, metadata) once the pages are drawn, off their path.
  if (restored && packages.length) {
    setTimeout(() => {
      pyodide.loadPackage(packages, { messageCallback: () => {} }).then(() => {
        for (const key of pages.keys()) postTo(key, { type: "installed" });
      }).catch((err) => {
        console.warn("The core wheel's files could not be installed: " + err);
      });
    }, 0);
  }
  return { restored };
}

// A page's first message says how to start: {"type": "boot", "snapshot": true|false, "failed": file}
// (the first page's choice starts the engine; a later page finds it started or starting).
function boot(number, text) {
  let asked = {};
  try { asked = JSON.parse(text); } catch (err) { asked = {}; }
  if (!engine) {
    engine = start(asked.snapshot !== false && asked.failed !== SNAPSHOT.split("/").pop(), number);
    engine.catch((err) => { failure = String(err && err.stack || err); });
  }
  engine.then(({ restored }) => {
    const page = pages.get(number);
    if (!page) return;
    postTo(number, { type: "engine", snapshot: restored, pages: pages.size });
    page.ready = true;
    while (page.inbox.length && pages.has(number)) main.receive(number, page.inbox.shift());
  }, () => postTo(number, { type: "failed", error: failure }));
}

function connect(port) {
  const number = ++nextPage;
  const page = { port, inbox: [], ready: false, booted: false };
  pages.set(number, page);
  port.onmessage = (event) => {
    const text = event.data;
    if (!page.booted) {
      page.booted = true;
      boot(number, text);
    } else if (text === BYE) {
      // The page has gone (web/view.js says so on pagehide): its session ends, its port closes.
      pages.delete(number);
      if (main) main.close(number);
      if (port !== self) port.close();
    } else if (text === OVER && page.ready) {
      // The page starts over (web/view.js's test hook): its session ends, its port stays for the next.
      if (main) main.close(number);
    } else if (page.ready) {
      main.receive(number, text);
    } else {
      page.inbox.push(text);
    }
  };
  // Said at once, long before the interpreter has started: the page knows its engine's script runs
  // (web/view.js: a frame that never hears it from the shared engine starts one of its own).
  port.postMessage(CONNECTED);
}

const BYE = JSON.stringify({ type: "bye" });
const OVER = JSON.stringify({ type: "start-over" });
const CONNECTED = JSON.stringify({ type: "connected" });

if (typeof SharedWorkerGlobalScope === "function" && self instanceof SharedWorkerGlobalScope) {
  self.onconnect = (event) => connect(event.ports[0]);
} else {
  connect(self);
}
