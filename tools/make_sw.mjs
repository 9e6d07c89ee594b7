// Write <site>/sw.js: the service worker of tools/sw-source.mjs, which precaches every file of the
// site.
//
//   node tools/make_sw.mjs <site-dir>        (run by tools/build.py; prints a JSON summary)
//
// workbox-build's getManifest lists the site's files (each with its content hash as revision;
// none for the versioned Pyodide folder and the content-named zips, whose URLs change when their
// content does, so the worker reuses what the page has just downloaded instead of fetching it a
// second time), and this script adds each file's SRI integrity hash: a file fetched from a
// half-deployed server (old and new files mixed) then fails the new worker's install instead of
// being cached under the wrong revision, so an update is installed whole or not at all.
// Rollup bundles tools/sw-source.mjs with the Workbox modules it imports (pinned in package.json
// and package-lock.json) into one minified file, the manifest in place of
// `self.__SERM_PRECACHE`: sw.js imports nothing at run time.

import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { nodeResolve } from "@rollup/plugin-node-resolve";
import replace from "@rollup/plugin-replace";
import terser from "@rollup/plugin-terser";
import { rollup } from "rollup";
import { getManifest } from "workbox-build";

const SOURCE = path.join(path.dirname(fileURLToPath(import.meta.url)), "sw-source.mjs");
// Never change content under their URL: the Pyodide folder named after its version, and the
// game's and the standard library's zips named after their content.
const VERSIONED = /static\/vendor\/pyodide-[0-9.]+\/|static\/app\/(?:serm|stdlib)-[0-9a-f]{16}\.zip$/;

const site = process.argv[2];
if (!site) {
  process.stderr.write("usage: node tools/make_sw.mjs <site-dir>\n");
  process.exit(2);
}

function integrity(url) {
  const digest = createHash("sha384").update(readFileSync(path.join(site, url))).digest("base64");
  return `sha384-${digest}`;
}

const { manifestEntries, count, size, warnings } = await getManifest({
  globDirectory: site,
  globPatterns: ["**/*"],
  globIgnores: ["sw.js"],
  globFollow: false,
  dontCacheBustURLsMatching: VERSIONED,
  // pyodide.asm.wasm is about 9 MB.
  maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,
  manifestTransforms: [
    async (entries) => ({
      manifest: entries.map((entry) => ({ ...entry, integrity: integrity(entry.url) })),
      warnings: [],
    }),
  ],
});

const bundle = await rollup({
  input: SOURCE,
  plugins: [
    nodeResolve(),
    replace({
      preventAssignment: true,
      values: {
        "process.env.NODE_ENV": JSON.stringify("production"),
        "self.__SERM_PRECACHE": JSON.stringify(manifestEntries),
      },
    }),
    terser({ mangle: { toplevel: true } }),
  ],
});
const { output } = await bundle.generate({ format: "es" });
await bundle.close();
writeFileSync(path.join(site, "sw.js"), output[0].code);

for (const warning of warnings) process.stderr.write(`[make_sw] warning: ${warning}\n`);
process.stdout.write(
  JSON.stringify({ count, size, files: manifestEntries.map((e) => path.basename(e.url)) }) + "\n",
);
if (warnings.length) process.exit(1);
