// The service worker's source: tools/make_sw.mjs bundles it with Workbox into <site>/sw.js
// (Workbox's code inlined; nothing is imported from anywhere at run time) and puts the precache
// manifest where `self.__SERM_PRECACHE` stands.
//
// It precaches every file of the site (each entry carries its revision and an SRI integrity
// hash, so a half-deployed server fails the install instead of mixing versions), answers every
// navigation in scope with the precached index.html, and waits for the page's SKIP_WAITING
// message to take over (static/js/sw-register.js offers "Reload").  Old entries and old caches
// go when a new version activates.
//
// What is stored is checked (a precache plugin, `cacheWillUpdate`, run for every file the install
// fetches): an error status is never stored, and a file whose type the browser checks before it
// uses it (WebAssembly, JavaScript, CSS, HTML) is stored with its right Content-Type even if the
// host sent another (say `.wasm` as application/octet-stream, which Pyodide's streaming compile
// refuses): the bytes were verified by the entry's integrity hash, so only the label was wrong.
// Without an integrity hash such a response is not stored at all (the install fails and is tried
// again later).

import { addPlugins, cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { setCacheNameDetails } from "workbox-core";

// File name ending -> the Content-Type the browser requires before using such a file.
const REQUIRED_TYPES = [
  [/\.wasm$/, "application/wasm", []],
  [/\.m?js$/, "text/javascript", ["application/javascript", "application/x-javascript"]],
  [/\.css$/, "text/css", []],
  [/(\.html|\/)$/, "text/html", []],
];

function requiredType(url) {
  const path = new URL(url).pathname;
  for (const [pattern, type, alike] of REQUIRED_TYPES) {
    if (pattern.test(path)) return { type, accepted: [type, ...alike] };
  }
  return null;
}

function mainType(response) {
  return (response.headers.get("content-type") || "").split(";")[0].trim().toLowerCase();
}

function relabelled(response, type) {
  const headers = new Headers(response.headers);
  headers.set("content-type", type);
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

const checkedTypes = {
  async cacheWillUpdate({ request, response }) {
    if (!response || response.status >= 400) return null; // as Workbox's own default does
    const required = requiredType(request.url);
    if (!required || required.accepted.includes(mainType(response))) return response;
    return request.integrity ? relabelled(response, required.type) : null;
  },
};

setCacheNameDetails({ prefix: "serm" });

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "SKIP_WAITING") self.skipWaiting();
});

addPlugins([checkedTypes]);
precacheAndRoute(self.__SERM_PRECACHE, {
  // Every navigation and request, with any query string, gets the precached file.
  ignoreURLParametersMatching: [/.*/],
  directoryIndex: "index.html",
});
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL("index.html")));
