(() => {
  if (window.__bench) return;
  const B = window.__bench = {
    markAt: null, interactive: null, actions: 0, gestures: [], moves: [], memories: [],
    firstPaint: null, boardVisible: null, longest: 0,
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.name === "first-contentful-paint" && B.firstPaint === null) B.firstPaint = e.startTime;
  }).observe({ type: "paint", buffered: true });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) B.longest = Math.max(B.longest, e.duration);
    }).observe({ type: "longtask", buffered: true });
  } catch (e) {}
  // Pyodide's linear memory: keep every WebAssembly.Memory the page instantiates or imports.
  const keep = (inst, imports) => {
    try {
      for (const v of Object.values((inst && inst.exports) || {}))
        if (v instanceof WebAssembly.Memory) B.memories.push(v);
      for (const mod of Object.values(imports || {}))
        for (const v of Object.values(mod || {}))
          if (v instanceof WebAssembly.Memory) B.memories.push(v);
    } catch (e) {}
  };
  for (const name of ["instantiate", "instantiateStreaming"]) {
    const orig = WebAssembly[name];
    WebAssembly[name] = function (source, imports) {
      return orig.apply(this, arguments).then((r) => {
        keep(r && r.instance ? r.instance : r, imports);
        return r;
      });
    };
  }
  B.wasmBytes = () => B.memories.reduce((a, m) => Math.max(a, m.buffer.byteLength), 0);
  // The first frame after a moment: rAF, then a task (the frame has been produced by then).
  const afterFrame = (cb) => requestAnimationFrame(() => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => cb(performance.now());
    ch.port2.postMessage(null);
  });
  B.afterFrame = afterFrame;
  // The board's first visible frame: the first frame after a sized #board svg is in the page.
  const lookForBoard = () => {
    const svg = document.querySelector("#board svg");
    const box = svg && svg.getBoundingClientRect();
    if (box && box.width > 0 && box.height > 0) afterFrame((t) => { B.boardVisible = t; });
    else requestAnimationFrame(lookForBoard);
  };
  requestAnimationFrame(lookForBoard);
  const mark = performance.mark.bind(performance);
  performance.mark = function (name, opts) {
    const entry = mark(name, opts);
    if (name === "serm:interactive" && B.markAt === null) {
      B.markAt = performance.now();
      afterFrame((t) => { B.interactive = t; });
    }
    return entry;
  };
  const pending = () => {
    const el = document.querySelector("#prompt [data-pending]");
    return el ? [el.dataset.pending || "", el.dataset.player || ""] : ["none", ""];
  };
  let gesture = null;
  const begin = (label, moveLabel) => {
    B.actions += 1;
    gesture = { label, moveLabel, events: [] };
    B.gestures.push(gesture);
  };
  window.addEventListener("pointerdown", (e) => {
    const t = e.target && e.target.closest ? e.target : null;
    const btn = t && t.closest("button[data-action]");
    const card = t && t.closest("[data-card]");
    const handle = Boolean(t && t.closest("[data-handle]"));
    const [kind, player] = pending();
    let label;
    if (btn) label = btn.dataset.action === "confirm" && kind === "act"
      ? "end_of_move" : "button:" + btn.dataset.action;
    else if (card && card.classList.contains("hl-target")) label = "shoot";
    else if (card && kind === "act" && card.dataset.player === player) label = "select";
    else label = "press:" + kind;
    let moveLabel = "drag:" + kind;
    if (handle || kind === "face") moveLabel = "rotate_handle";
    else if (kind === "act") moveLabel = "move_ray";
    begin(label, moveLabel);
  }, true);
  window.addEventListener("keydown", (e) => begin("key:" + e.key, "key"), true);
  window.addEventListener("wheel", () => begin("wheel", "wheel"), { capture: true, passive: true });
  for (const type of ["pointerdown", "pointerup", "click", "keydown", "wheel", "pointermove"]) {
    window.addEventListener(type, (e) => { e.__benchStart = performance.now(); },
      { capture: true, passive: true });
    window.addEventListener(type, (e) => {
      const rec = { type, ts: e.timeStamp, start: e.__benchStart, end: performance.now(),
                    frame: null };
      if (type === "pointermove") {
        rec.label = (e.buttons & 1) && gesture ? gesture.moveLabel : (B.hoverLabel || "hover");
        B.moves.push(rec);
      } else if (gesture) {
        gesture.events.push(rec);
      }
      afterFrame((t) => { rec.frame = t; });
    }, { passive: true });
  }
})();
