// The page's start-up, from the first byte to a playable board (module script; no inline script).
//
// index.html shows the board drawn at build time, dimmed (#game[aria-busy]), and #loading.  This
// module then:
// * downloads the big start-up files itself (listed by tools/build.py in <meta name="serm-boot">:
//   PyScript, Pyodide's runtime and WebAssembly, the trimmed standard library, svg.py and the
//   game's zip), so the bar follows the bytes actually received; each is checked on arrival
//   (status, type, first bytes: an HTML page where a script, wasm or zip was expected is caught
//   here) and the data files are handed to Pyodide and PyScript from memory when they ask
//   (window.fetch below): nothing is downloaded twice.  Once a service worker controls the page
//   everything is on this device and only the start-up stages are shown;
// * imports PyScript, which runs static/js/runtime.mjs (pyscript.toml's interpreter): it waits for
//   the downloads and starts Pyodide with the trimmed library;
// * follows the start-up stages (PyScript's py:progress events, the WebAssembly instantiation, the
//   game's own code) until serm/web/app.py removes #game's aria-busy;
// * turns every failure on the way into a message in plain words with a Retry button: a file
//   that fails, stalls for 20 s, has the wrong type or content; a security policy (CSP) that
//   forbids what the runtime needs; a WebAssembly that does not start; an error in the game's
//   start-up.  A stage that takes long without failing says so after 20 s;
// * answers a tap on the not-yet-live board (or a key) with "Loading… N%" near the finger, so
//   nothing pressed is lost silently.
//
// A wasm served as application/octet-stream still starts: the bytes are handed over with the right
// type, and WebAssembly.instantiateStreaming falls back to the bytes when a response (say from an
// older service worker's cache) has the wrong type.

const STALL_MS = 20000; // a download with no byte for this long has failed
const SLOW_MS = 20000; // a stage with no news for this long is said to be slow
const WATCH_MS = 1000; // how often the watchdog looks
const PAINT_MS = 100; // at most this often the bar is redrawn while bytes arrive
const SLIDE = 3; // a stage's slide lasts this many times its usual length, slowing down as it goes
const TAP_MS = 1600; // how long "Loading…" stays near the finger
const BIG_AT_ONCE = 3; // data files downloaded together (a connection stays free for the rest)
const JS_TYPES = ["text/javascript", "application/javascript", "application/x-javascript",
  "application/ecmascript", "text/ecmascript"];
const MAGIC = { wasm: [0x00, 0x61, 0x73, 0x6d], zip: [0x50, 0x4b, 0x03, 0x04] };
const TYPES = { wasm: "application/wasm", zip: "application/zip" };
const KIND_WORDS = { wasm: "a WebAssembly file", zip: "a zip archive" };

const html = document.documentElement;
const site = new URL("../../", import.meta.url);
const started = performance.now();

// --------------------------------------------------------------------------- the loading box

const ui = {
  box: document.getElementById("loading"),
  title: document.getElementById("loading-title"),
  bar: document.getElementById("loading-progress"),
  fill: document.getElementById("loading-fill"),
  status: document.getElementById("loading-status"),
  note: document.getElementById("loading-note"),
};
// The CSS-only "the start-up script did not arrive" line is not needed: this is it.
document.getElementById("loading-stuck")?.remove();

let value = 0; // how far the start-up really is, in percent
let stageText = "";
let lastNews = started;
let slowSaid = false;
let failed = false;
let live = false;
// Every change of the bar: [ms since navigation start, value, text, slides to, over ms].  Read by
// the tests and by `python -m serm bench web`.
const log = [];
window.__sermBoot = { log, failed: () => failed };

// The bar's fill is moved by a CSS transition of its transform, which the compositor runs even
// while the page's thread is busy (Python's start-up runs in long stretches): during a start-up
// stage it slides from where it is toward the next stage's mark, over about as long as the stage
// takes, and never reaches that mark before the stage is done; while files arrive it follows the
// bytes.  The bar itself (aria-valuenow) says the real progress.
let heading = 0; // where the fill is going (or is)
function show(to, ms) {
  if (!ui.fill || failed) return;
  if (to > heading) {
    // Never back: a slide under way is only ever sent further.
    const easing = ms > PAINT_MS ? "cubic-bezier(0.1, 0.6, 0.3, 1)" : "linear";
    ui.fill.style.transition = `transform ${ms}ms ${easing}`;
    ui.fill.style.transform = `scaleX(${(to / 100).toFixed(4)})`;
    heading = to;
  }
  ui.bar.setAttribute("aria-valuenow", String(Math.round(value)));
  if (ui.status.textContent !== stageText) ui.status.textContent = stageText;
  log.push([Math.round(performance.now()), Math.round(value * 10) / 10, stageText, heading, ms]);
}

let paintQueued = false;
function paintSoon() {
  if (paintQueued) return;
  paintQueued = true;
  setTimeout(() => {
    paintQueued = false;
    show(value, PAINT_MS);
  }, PAINT_MS);
}

// Progress: the bar is at least at `to` (it never goes back); with `next` and `ms` (a stage),
// it slides on toward `next` meanwhile.
function advance(to, next, text, ms) {
  lastNews = performance.now();
  if (slowSaid) {
    slowSaid = false;
    ui.note.hidden = true;
  }
  value = Math.max(value, to);
  if (text) stageText = text;
  if (next > value && ms) show(next - 0.5, ms * SLIDE);
  else paintSoon();
}

function retryButton() {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "primary";
  button.textContent = "Retry";
  button.addEventListener("click", () => window.location.reload());
  return button;
}

// The start-up cannot go on: say what failed, in plain words, and offer Retry.  `detail` goes to
// the console for whoever debugs it, never to the screen.
function fail(message, detail) {
  if (failed || live) return;
  failed = true;
  html.dataset.boot = "failed";
  if (detail !== undefined) console.warn("serm: start-up failed:", detail);
  if (!ui.box) return;
  ui.box.hidden = false;
  ui.box.classList.add("failed");
  ui.box.setAttribute("role", "alert");
  ui.title.textContent = "The game could not start";
  ui.status.textContent = message;
  ui.note.hidden = false;
  ui.note.replaceChildren(
    document.createTextNode("Your saved games are safe. "),
    retryButton(),
  );
  ui.bar.hidden = true;
}

function sayStillWorking() {
  if (slowSaid || failed) return;
  slowSaid = true;
  ui.note.hidden = false;
  ui.note.replaceChildren(
    document.createTextNode(`Still working: this step is taking longer than usual. `),
    retryButton(),
  );
}

const watchdog = setInterval(() => {
  if (failed || live) return clearInterval(watchdog);
  if (performance.now() - lastNews > SLOW_MS) sayStillWorking();
}, WATCH_MS);

// ------------------------------------------------------------------------------ the manifest

function readManifest() {
  const meta = document.querySelector('meta[name="serm-boot"]');
  try {
    const data = JSON.parse(meta ? meta.content : "");
    if (!data || !Array.isArray(data.files) || !data.pyodide) throw new Error("incomplete");
    return data;
  } catch (error) {
    fail("This copy of the page is incomplete (its list of start-up files is missing).", error);
    return null;
  }
}

const manifest = readManifest();
const controlled = Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);
// Before the first visit's files are here, most of the wait is the download.
const DOWNLOAD = controlled ? 0 : 85;

// Where each start-up stage puts the bar: [value, the next stage's mark, text, about how long
// the stage takes on a first visit (ms; measured on a slow machine, so mostly less)].
function stageAt(share, share2, text, ms) {
  return [DOWNLOAD + (100 - DOWNLOAD) * share, DOWNLOAD + (100 - DOWNLOAD) * share2, text, ms];
}
const STAGES = {
  "Loading Pyodide": stageAt(0, 0.05, "Starting PyScript…", 600),
  "Loading interpreter": stageAt(0.05, 0.45, "Starting Python…", 2500),
  instantiated: stageAt(0.45, 0.65, "Starting Python…", 3000),
  "Loaded interpreter": stageAt(0.65, 0.7, "Unpacking the game…", 600),
  "Loaded files": stageAt(0.7, 0.72, "Game files unpacked", 300),
  "py:ready": stageAt(0.72, 0.75, "Starting the game…", 400),
  // serm/web/main.py's steps (serm:stage events)
  rules: stageAt(0.75, 0.82, "Loading the rules…", 1000),
  drawing: stageAt(0.82, 0.87, "Loading the board…", 800),
  controls: stageAt(0.87, 0.91, "Loading the controls…", 600),
  page: stageAt(0.91, 0.95, "Loading the page…", 600),
  board: stageAt(0.95, 0.99, "Drawing the board…", 1000),
};
const MAIN_STEPS = ["rules", "drawing", "controls", "page", "board"];

// ------------------------------------------------------------------------------- downloads

const held = new Map(); // absolute URL -> {bytes, type}: handed to the first fetch of that URL
const fileState = new Map(); // absolute URL -> {got, size, weight}
const arrivals = new Map(); // absolute URL -> the promise of its download
let weightTotal = 0;

function words(file) {
  return file.label;
}

function mainType(response) {
  return (response.headers.get("content-type") || "").split(";")[0].trim().toLowerCase();
}

function startsWith(bytes, magic) {
  return magic.every((b, i) => bytes[i] === b);
}

// Markup where none belongs: none of the start-up files begins with "<" (an HTML page does).
function looksLikeHTML(bytes) {
  return new TextDecoder().decode(bytes.subarray(0, 64)).trimStart().startsWith("<");
}

// What is wrong with a file that arrived whole, in words; null if it is usable.
function problemWith(file, response, first) {
  const type = mainType(response);
  const htmlPage = type === "text/html" || (first.length > 0 && looksLikeHTML(first));
  if (file.kind === "module") {
    if (htmlPage && !JS_TYPES.includes(type)) return `the server sent a web page instead of ${words(file)}`;
    if (!JS_TYPES.includes(type)) {
      return `the server sent ${words(file)} as "${type || "no type"}", which browsers refuse to run`;
    }
    return null;
  }
  if (file.kind in MAGIC) {
    if (startsWith(first, MAGIC[file.kind])) return null;
    if (htmlPage) return `the server sent a web page instead of ${words(file)}`;
    return `${words(file)} arrived damaged (it is not ${KIND_WORDS[file.kind]})`;
  }
  if (htmlPage && !file.url.endsWith(".html")) {
    return `the server sent a web page instead of ${words(file)}`;
  }
  return null;
}

function statusProblem(file, response) {
  if (response.status === 404 || response.status === 410) {
    return `the server does not have ${words(file)}: error ${response.status}`;
  }
  return `the server could not send ${words(file)}: error ${response.status}`;
}

function capitalised(text) {
  return text.charAt(0).toUpperCase() + text.slice(1) + ".";
}

function countBytes() {
  let done = 0;
  for (const s of fileState.values()) done += s.size ? (s.weight * Math.min(s.got, s.size)) / s.size : 0;
  advance((DOWNLOAD * done) / (weightTotal || 1), 0, null, 0);
}

async function download(file) {
  const url = new URL(file.url, site).href;
  const state = fileState.get(url);
  const abort = new AbortController();
  let timer = null;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => abort.abort(), STALL_MS);
  };
  arm();
  let response;
  try {
    response = await nativeFetch(url, { signal: abort.signal, priority: file.priority || "auto" });
  } catch (error) {
    clearTimeout(timer);
    if (abort.signal.aborted) {
      throw new BootError(`${words(file)} did not arrive (nothing for ${STALL_MS / 1000} seconds)`, error);
    }
    throw new BootError(
      `${words(file)} could not be downloaded: the connection failed. Check that you are online`,
      error,
    );
  }
  if (!response.ok) {
    clearTimeout(timer);
    throw new BootError(statusProblem(file, response), `${response.status} ${url}`);
  }
  const chunks = [];
  let first = new Uint8Array(0);
  try {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value: chunk } = await reader.read();
      if (done) break;
      arm();
      if (first.length < 64) first = concat([first, chunk]).subarray(0, 64);
      if (file.keep) chunks.push(chunk);
      state.got += chunk.length;
      countBytes();
    }
  } catch (error) {
    throw new BootError(
      abort.signal.aborted
        ? `${words(file)} stopped arriving (nothing for ${STALL_MS / 1000} seconds)`
        : `${words(file)} could not be downloaded: the connection broke off`,
      error,
    );
  } finally {
    clearTimeout(timer);
  }
  const problem = problemWith(file, response, first);
  if (problem) throw new BootError(problem, `${mainType(response)} ${url}`);
  state.got = state.size || state.got;
  countBytes();
  if (file.keep) held.set(url, { bytes: concat(chunks), type: TYPES[file.kind] || mainType(response) });
}

function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

class BootError extends Error {
  constructor(message, detail) {
    super(message);
    this.detail = detail;
  }
}

// Small files first (the path to PyScript's code), then the big ones a few at a time.
async function downloadAll(files) {
  for (const file of files) {
    const url = new URL(file.url, site).href;
    fileState.set(url, { got: 0, size: file.size, weight: file.weight });
    weightTotal += file.weight;
  }
  const arrival = (file) => {
    const promise = download(file);
    arrivals.set(new URL(file.url, site).href, promise);
    return promise;
  };
  const first = Promise.all(files.filter((f) => !f.keep).map(arrival));
  const queue = files.filter((f) => f.keep);
  const workers = Array.from({ length: BIG_AT_ONCE }, async () => {
    while (queue.length) await arrival(queue.shift());
  });
  await Promise.all([first, ...workers]);
}

const nativeFetch = window.fetch.bind(window);
let downloads = Promise.resolve();
if (manifest && !controlled) {
  stageText = "Downloading the game…";
  downloads = downloadAll(manifest.files);
  // A moment's grace: a download refused by a security policy fails as a network error, and the
  // policy's own event (which names the cause) comes right after it.
  downloads.catch((error) =>
    setTimeout(() => fail(capitalised(error.message), error.detail || error), 100),
  );
} else if (manifest) {
  stageText = "Starting…";
}
show(0, 0);

// Pyodide and PyScript ask for the data files with fetch(): they get the bytes downloaded above.
window.fetch = function (input, init) {
  const url = input instanceof Request ? input.url : new URL(String(input), document.baseURI).href;
  const method = (init && init.method) || (input instanceof Request ? input.method : "GET");
  const got = method.toUpperCase() === "GET" ? held.get(url) : undefined;
  if (!got) return nativeFetch(input, init);
  held.delete(url);
  return Promise.resolve(new Response(got.bytes, { status: 200, headers: { "content-type": got.type } }));
};

// ------------------------------------------------------------------------ what runtime.mjs uses

// The options static/js/runtime.mjs passes to Pyodide's loadPyodide, once the downloads are done.
export async function pyodideOptions() {
  const stop = () => new Promise(() => {}); // the message is on screen: the start-up stops here
  try {
    await downloads;
  } catch {
    return stop();
  }
  if (failed || !manifest) return stop();
  return {
    indexURL: new URL(manifest.pyodide, site).href,
    stdLibURL: new URL(manifest.stdlib, site).href,
    // No package is ever loaded: the lock file's packages are not needed, only its header.
    lockFileContents: { info: manifest.lock, packages: {} },
  };
}

// ------------------------------------------------------------------------------ WebAssembly

const instantiate = WebAssembly.instantiate;
const instantiateStreaming = WebAssembly.instantiateStreaming;

function wasmFailed(error) {
  const text = String((error && error.message) || error);
  if (/Content Security Policy|unsafe-eval|CSP/i.test(text)) {
    fail(
      "The server's security policy (CSP) does not let this page run WebAssembly, which the " +
        "game's Python needs. The site's host must allow 'wasm-unsafe-eval'.",
      error,
    );
  } else {
    fail("This browser could not start the game's Python runtime (WebAssembly).", error);
  }
  throw error;
}

function instantiated(result) {
  advance(...STAGES.instantiated);
  return result;
}

WebAssembly.instantiateStreaming = async function (source, imports) {
  const response = await source;
  if (mainType(response) !== "application/wasm") {
    // Served with another type (say application/octet-stream): compile the bytes instead.
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (!startsWith(bytes, MAGIC.wasm)) {
      fail(capitalised(problemWith({ kind: "wasm", label: "the Python runtime (WebAssembly)", url: response.url },
        response, bytes.subarray(0, 64)) || "the Python runtime arrived damaged"), response.url);
      throw new Error("not WebAssembly");
    }
    return instantiate.call(WebAssembly, bytes, imports).then(instantiated, wasmFailed);
  }
  return instantiateStreaming.call(WebAssembly, response, imports).then(instantiated, wasmFailed);
};

// ------------------------------------------------------------------------------ other failures

document.addEventListener("securitypolicyviolation", (event) => {
  if (event.disposition !== "enforce") return;
  const directive = event.effectiveDirective || event.violatedDirective || "";
  if (!/^(script-src|worker-src|connect-src|default-src)/.test(directive)) return;
  const blocked = event.blockedURI || "";
  let what = "download the files the game needs";
  if (blocked === "wasm-eval") what = "run WebAssembly, which the game's Python needs ('wasm-unsafe-eval')";
  else if (blocked === "eval") what = "run PyScript, which needs 'unsafe-eval'";
  else if (blocked === "inline") what = "run the scripts it needs";
  fail(`The server's security policy (CSP) does not let this page ${what}.`,
    `${directive} blocked ${blocked}`);
});

// Whatever else breaks the start-up; a little later, so that a failure that says more (a file,
// the security policy) and comes with it is the one said.
function failSoon(detail) {
  setTimeout(() => fail("Something went wrong while starting the game.", detail), 300);
}

window.addEventListener("unhandledrejection", (event) => {
  if (!live) failSoon(event.reason);
});

window.addEventListener("error", (event) => {
  if (!live && event instanceof ErrorEvent) failSoon(event.error || event.message);
});

window.addEventListener("py:progress", (event) => {
  const stage = STAGES[String(event.detail)];
  if (stage && /^Load/.test(String(event.detail))) advance(...stage);
});
window.addEventListener("serm:stage", (event) => {
  const name = String(event.detail);
  if (MAIN_STEPS.includes(name)) advance(...STAGES[name]);
});
document.addEventListener("py:ready", () => advance(...STAGES["py:ready"]));
document.addEventListener("py:done", () => {
  // serm/web/app.py's main() makes the page live before the script ends; if it did not, it
  // stopped with an error (the console has the traceback).
  setTimeout(() => {
    if (!live) fail("The game's start-up stopped with an error.", "py:done before the game was live");
  }, 0);
});

// ------------------------------------------------------------------------ taps before Python

let tapBubble = null;
let tapTimer = null;

function sayLoading(x, y) {
  if (!tapBubble) {
    tapBubble = document.createElement("div");
    tapBubble.id = "boot-tap";
    tapBubble.setAttribute("role", "status");
    document.body.append(tapBubble);
  }
  tapBubble.textContent = failed ? "The game could not start" : `Loading… ${Math.round(value)}%`;
  const left = Math.min(Math.max(x, 60), window.innerWidth - 60);
  const top = Math.max(y - 56, 8);
  tapBubble.style.setProperty("--x", `${left}px`); // custom properties: no inline style attribute
  tapBubble.style.setProperty("--y", `${top}px`);
  tapBubble.hidden = false;
  clearTimeout(tapTimer);
  tapTimer = setTimeout(() => {
    tapBubble.hidden = true;
  }, TAP_MS);
}

function guarded(target) {
  return target instanceof Element && Boolean(target.closest("#game, #top"));
}

function onEarlyPointer(event) {
  if (live || !guarded(event.target)) return;
  event.preventDefault();
  event.stopPropagation();
  if (event.type === "pointerdown") sayLoading(event.clientX, event.clientY);
}

function onEarlyKey(event) {
  if (live || event.ctrlKey || event.metaKey || event.altKey || event.key === "Tab") return;
  if (!guarded(event.target) && event.target !== document.body) return;
  event.preventDefault();
  const board = document.getElementById("board");
  const box = board ? board.getBoundingClientRect() : { left: 0, top: 0, width: 0, height: 0 };
  sayLoading(box.left + box.width / 2, box.top + box.height / 2);
}

const EARLY = [
  ["pointerdown", onEarlyPointer],
  ["mousedown", onEarlyPointer],
  ["click", onEarlyPointer],
  ["keydown", onEarlyKey],
];
for (const [type, fn] of EARLY) window.addEventListener(type, fn, { capture: true });

// ------------------------------------------------------------------------------- live at last

function becameLive() {
  value = 100;
  stageText = "Ready";
  show(100, PAINT_MS);
  live = true;
  for (const [type, fn] of EARLY) window.removeEventListener(type, fn, { capture: true });
  if (tapBubble) tapBubble.remove();
  clearInterval(watchdog);
  html.dataset.boot = "live";
}

const game = document.getElementById("game");
if (game) {
  new MutationObserver((_, observer) => {
    if (!game.hasAttribute("aria-busy")) {
      observer.disconnect();
      becameLive();
    }
  }).observe(game, { attributes: true, attributeFilter: ["aria-busy"] });
}

// ----------------------------------------------------------------------------------- PyScript

async function startPyScript() {
  if (!manifest) return;
  if (!controlled) {
    // The small files first: PyScript's own imports then come from the HTTP cache.
    const small = manifest.files.filter((f) => !f.keep).map((f) => new URL(f.url, site).href);
    try {
      await Promise.all(small.map((url) => arrivals.get(url)));
    } catch {
      return; // said on screen already
    }
  }
  if (failed) return;
  try {
    await import(new URL(manifest.pyscript, site).href);
  } catch (error) {
    fail("PyScript, which starts the game's Python, could not be loaded.", error);
  }
}

startPyScript();
