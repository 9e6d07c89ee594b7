// Write <site>/sw.js: a Workbox service worker that precaches every file of the site.
//
//   node tools/make_sw.mjs <site-dir>        (run by tools/build.py; prints a JSON summary)
//
// workbox-build's generateSW, pinned in package.json / package-lock.json, with the Workbox
// runtime inlined into sw.js (nothing is imported from anywhere else).  Each precache entry has
// the file's content hash as its revision, so a new build replaces exactly the files that
// changed, and an SRI integrity hash, so a file fetched from a half-deployed server (old and new
// files mixed) fails the new worker's install instead of being cached under the wrong revision:
// an update is installed whole or not at all.  The new worker waits until the page asks it to
// take over (static/js/sw-register.js); then Workbox deletes the old entries and old caches.

import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { generateSW } from "workbox-build";

const site = process.argv[2];
if (!site) {
  process.stderr.write("usage: node tools/make_sw.mjs <site-dir>\n");
  process.exit(2);
}

function integrity(url) {
  const digest = createHash("sha384").update(readFileSync(path.join(site, url))).digest("base64");
  return `sha384-${digest}`;
}

const { count, size, warnings, filePaths } = await generateSW({
  globDirectory: site,
  globPatterns: ["**/*"],
  globIgnores: ["sw.js"],
  globFollow: false,
  swDest: path.join(site, "sw.js"),
  mode: "production",
  sourcemap: false,
  inlineWorkboxRuntime: true,
  cacheId: "serm",
  cleanupOutdatedCaches: true,
  skipWaiting: false,
  clientsClaim: false,
  // Every navigation (any query string, any path in scope) gets the precached page.
  navigateFallback: "index.html",
  ignoreURLParametersMatching: [/.*/],
  directoryIndex: "index.html",
  // Versioned folders and the content-named serm zip never change content: precache them without
  // cache-busting, so the worker reuses what the page itself just downloaded (revalidated by the
  // HTTP cache) instead of fetching 13 MB a second time.
  dontCacheBustURLsMatching: /static\/vendor\/pyodide-[0-9.]+\/|static\/app\/serm-[0-9a-f]{16}\.zip$/,
  // pyodide.asm.wasm is about 9 MB.
  maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,
  manifestTransforms: [
    async (entries) => ({
      manifest: entries.map((entry) => ({ ...entry, integrity: integrity(entry.url) })),
      warnings: [],
    }),
  ],
});

for (const warning of warnings) process.stderr.write(`[make_sw] warning: ${warning}\n`);
process.stdout.write(JSON.stringify({ count, size, files: filePaths.map((p) => path.basename(p)) }) + "\n");
if (warnings.length) process.exit(1);
