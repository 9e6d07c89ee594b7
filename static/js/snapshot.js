// A returning player's board before Python runs (a classic script in <head>; no inline script).
//
// serm/web/board_snapshot.py stores, beside the autosave, the welcome screen of the saved game as
// markup (the board's SVG, the status line and the start box: serm.ui.welcome draws it; when
// Python is ready the live page draws the same start box and keeps this board, so nothing moves).
// This script runs before the page is shown: if a snapshot is stored and belongs to the autosave
// (same saved_at), it hides the board drawn at build time (the default table) and, once the page
// is parsed, draws the snapshot in its place.
//
// Stored text is never run nor put into the page as markup: it is parsed into an inert document
// (DOMParser), and only the elements and attributes the game's view and panel emit (the
// vocabulary tools/prerender.py lists at build time, in <meta name="serm-boot">) are created
// anew here, with their text; links may only point inside the page ("#id"), and no value may hold
// "javascript:".  Anything else is dropped.  A snapshot that cannot be read is ignored: the
// default table stays.
"use strict";

(function () {
  var SVG_NS = "http://www.w3.org/2000/svg";
  var XLINK_NS = "http://www.w3.org/1999/xlink";
  // Never, whatever a vocabulary says: elements that run, load or animate things.
  var NEVER = /^(script|style|foreignobject|iframe|object|embed|link|meta|base|animate.*|set|image|a|form|template)$/i;
  var html = document.documentElement;

  function config() {
    var meta = document.querySelector('meta[name="serm-boot"]');
    try {
      return JSON.parse(meta.content).snapshot || null;
    } catch (e) {
      return null;
    }
  }

  function storedSnapshot(conf) {
    try {
      var text = window.localStorage.getItem(conf.key);
      var saved = window.localStorage.getItem(conf.autosave);
      if (!text || !saved || text.length > conf.max) return null;
      var data = JSON.parse(text);
      var save = JSON.parse(saved);
      if (!data || data.format !== "serm-snapshot" || data.version !== 1) return null;
      if (!save || typeof data.saved_at !== "string" || data.saved_at !== save.saved_at) return null;
      if (typeof data.board !== "string" || typeof data.status !== "string") return null;
      if (typeof data.prompt !== "string") return null;
      return data;
    } catch (e) {
      return null; // no storage, or not JSON: the default table stays
    }
  }

  function safeValue(name, value) {
    if (/javascript:/i.test(value.replace(/[\s\u0000-\u001f]/g, ""))) return false;
    if (/^on/i.test(name) || name === "style") return false;
    if (name === "href" || name === "xlink:href") return value.charAt(0) === "#";
    return true;
  }

  // A copy of `node` made of allowed elements only (null when `node` itself is not allowed).
  // An element is SVG by its namespace (the board, and drawings inside the start box's HTML,
  // such as the table picker's): SVG names keep their case and come from `conf.svg`.
  function copy(node, conf) {
    if (node.nodeType === Node.TEXT_NODE) return document.createTextNode(node.nodeValue);
    if (node.nodeType !== Node.ELEMENT_NODE) return null;
    var svg = node.namespaceURI === SVG_NS;
    var vocabulary = (svg ? conf.svg : conf.html) || {};
    var tag = svg ? node.localName : node.localName.toLowerCase();
    var allowed = Object.prototype.hasOwnProperty.call(vocabulary, tag) ? vocabulary[tag] : null;
    if (!allowed || NEVER.test(tag)) return null;
    var out = svg ? document.createElementNS(SVG_NS, tag) : document.createElement(tag);
    for (var i = 0; i < node.attributes.length; i++) {
      var attr = node.attributes[i];
      if (allowed.indexOf(attr.name) < 0 || !safeValue(attr.name, attr.value)) continue;
      if (attr.name === "xlink:href") out.setAttributeNS(XLINK_NS, attr.name, attr.value);
      else out.setAttribute(attr.name, attr.value);
    }
    for (var child = node.firstChild; child; child = child.nextSibling) {
      var made = copy(child, conf);
      if (made) out.appendChild(made);
    }
    return out;
  }

  function board(markup, conf) {
    var doc = new DOMParser().parseFromString(markup, "image/svg+xml");
    var root = doc.documentElement;
    if (!root || root.localName !== "svg" || doc.getElementsByTagName("parsererror").length) {
      return null;
    }
    if (root.namespaceURI !== SVG_NS) return null;
    return copy(root, conf);
  }

  function fragment(markup, conf) {
    var body = new DOMParser().parseFromString(markup, "text/html").body;
    var out = document.createDocumentFragment();
    for (var child = body.firstChild; child; child = child.nextSibling) {
      var made = copy(child, conf);
      if (made) out.appendChild(made);
    }
    return out;
  }

  function draw(data, conf) {
    try {
      var svg = board(data.board, conf);
      var where = {
        board: document.getElementById("board-view"),
        status: document.getElementById("status"),
        prompt: document.getElementById("prompt"),
      };
      if (!svg || !where.board || !where.status || !where.prompt) return;
      where.board.replaceChildren(svg);
      where.status.replaceChildren(fragment(data.status, conf));
      where.prompt.replaceChildren(fragment(data.prompt, conf));
      html.dataset.snapshot = "drawn";
    } catch (e) {
      console.warn("serm: the stored board was not drawn:", e);
    } finally {
      html.classList.remove("snapshot-pending");
    }
  }

  var conf = config();
  var data = conf && storedSnapshot(conf);
  if (!data) return;
  html.classList.add("snapshot-pending");
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { draw(data, conf); }, { once: true });
  } else {
    draw(data, conf);
  }
})();
