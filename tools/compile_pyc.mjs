// Byte-compile a folder of Python sources with Pyodide's own Python (run by tools/build.py).
//
//   node tools/compile_pyc.mjs <pyodide-dir> <source-dir>
//
// Loads Pyodide from <pyodide-dir> (the vendored copy the site serves), mounts <source-dir> at
// /src and runs compileall there: every foo.py gets __pycache__/foo.cpython-314.pyc next to it,
// written to the host folder.  The bytecode must come from the Python that will import it (the
// host's CPython is another version, with another bytecode).  The pycs are "unchecked hash"
// ones: the browser unpacks the archives anew on each load, so every file's mtime changes and a
// timestamp pyc would be rejected; an unchecked-hash pyc is used without looking at the source.
// Code objects get their paths relative to <source-dir> (the import system puts the real path
// back when it loads them).  PYTHONNODEBUGRANGES leaves out the column ranges (the ^^^ under an
// expression in a traceback; file, line and source line stay): a fifth less to download.
// Prints one JSON line: {"python": version, "cache_tag": tag, "compiled": count}.

import path from "node:path";

const [pyodideDir, sourceDir] = process.argv.slice(2);
if (!pyodideDir || !sourceDir) {
  process.stderr.write("usage: node tools/compile_pyc.mjs <pyodide-dir> <source-dir>\n");
  process.exit(2);
}

async function compile() {
  const indexURL = path.resolve(pyodideDir) + path.sep;
  const { loadPyodide } = await import(path.join(indexURL, "pyodide.mjs"));
  const pyodide = await loadPyodide({ indexURL, env: { PYTHONNODEBUGRANGES: "1" } });
  pyodide.mountNodeFS("/src", path.resolve(sourceDir));
  return pyodide.runPython(COMPILE);
}

const COMPILE = `
import compileall, json, os, py_compile, sys

os.chdir("/src")
ok = compileall.compile_dir(
    ".",
    quiet=1,
    stripdir=".",
    workers=1,
    invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
)
if not ok:
    raise SystemExit("compileall failed")
if next(compile("x", "", "eval").co_positions())[2] is not None:
    raise SystemExit("PYTHONNODEBUGRANGES was not applied")
count = sum(name.endswith(".pyc") for _, _, names in os.walk(".") for name in names)
json.dumps({"python": sys.version.split()[0], "cache_tag": sys.implementation.cache_tag, "compiled": count})
`;

try {
  process.stdout.write((await compile()) + "\n");
} catch (error) {
  // Only the message: Node would print the whole minified line of pyodide.asm.mjs.
  process.stderr.write(`[compile_pyc] ${error && error.message ? error.message : error}\n`);
  process.exit(1);
}
