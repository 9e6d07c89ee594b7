// The interpreter module pyscript.toml names: Pyodide's own pyodide.mjs, started with the game's
// options (module script; no inline script).
//
// PyScript imports this module as it would import pyodide.mjs and calls its loadPyodide.  Before
// that, static/js/boot.js has downloaded the start-up files (the first visit) and checked them; the
// options add what PyScript has no setting for: the trimmed, byte-compiled standard library
// (stdLibURL, a content-named zip built by tools/build.py instead of Pyodide's full
// python_stdlib.zip) and the lock file's header alone (the game loads no package, so the 120 kB
// list of Pyodide's packages is not fetched).

import { pyodideOptions } from "./boot.js";

const options = await pyodideOptions();
const pyodide = await import(new URL("pyodide.mjs", options.indexURL).href);

export const version = pyodide.version;

export function loadPyodide(config = {}) {
  return pyodide.loadPyodide({ ...config, ...options });
}
