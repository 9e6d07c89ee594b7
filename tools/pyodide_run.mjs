// Run a Python script of tools/ inside the vendored Pyodide under Node.js (used by tools/build.py).
//
//   node tools/pyodide_run.mjs <pyodide-dir> <script.py> <work-dir>
//
// Loads Pyodide from <pyodide-dir> (the vendored copy the site serves, with its own full standard
// library), mounts <work-dir> at /work, makes it the working directory, runs <script.py> there and
// prints the value of its last expression (a JSON string) as one line.  The script reads its
// inputs from /work and writes its outputs there.  PYTHONNODEBUGRANGES leaves out the column
// ranges of code objects compiled by the script (as tools/compile_pyc.mjs does).

import { readFileSync } from "node:fs";
import path from "node:path";

const [pyodideDir, script, workDir] = process.argv.slice(2);
if (!pyodideDir || !script || !workDir) {
  process.stderr.write("usage: node tools/pyodide_run.mjs <pyodide-dir> <script.py> <work-dir>\n");
  process.exit(2);
}

async function run() {
  const indexURL = path.resolve(pyodideDir) + path.sep;
  const { loadPyodide } = await import(path.join(indexURL, "pyodide.mjs"));
  const pyodide = await loadPyodide({ indexURL, env: { PYTHONNODEBUGRANGES: "1" } });
  pyodide.mountNodeFS("/work", path.resolve(workDir));
  pyodide.runPython("import os; os.chdir('/work')");
  return pyodide.runPython(readFileSync(script, "utf8"), { filename: path.basename(script) });
}

try {
  process.stdout.write((await run()) + "\n");
} catch (error) {
  // Only the message (a Python traceback, for a Python error): Node would print the whole
  // minified line of pyodide.asm.mjs.
  process.stderr.write(`[pyodide_run] ${error && error.message ? error.message : error}\n`);
  process.exit(1);
}
