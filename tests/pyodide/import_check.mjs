// Import what the page imports at start, in Pyodide under Node.js, from the site's archives.
//
//   node tests/pyodide/import_check.mjs [--stdlib ZIP] <pyodide-dir> <modules> <archive>...
//
// --stdlib: the standard library to run on (the site's trimmed one) and --lock: the lock file's
// header (index.html's boot list has it; the site ships no lock file), as the page does.
// <modules> is a comma-separated list of module names (tests/test_site_bytecode.py passes the
// serm modules serm/web/app.py imports; they import svg too).  Each archive (pyscript.toml's
// "./*" [files]: the svg.py wheel, the serm zip) is unpacked into the working directory by
// pyodide.unpackArchive, as PyScript does.  Then the modules are imported and one JSON line is
// printed:
//   {"import_ms": time, "modules": how many serm/svg module files were imported,
//    "from_source": those the import system compiled from source (just serm/_build.py
//      when the shipped bytecode works),
//    "from_pyc": those whose __cached__ file exists (a __pycache__ pyc, or the module's own
//      sourceless .pyc)}

import { readFileSync } from "node:fs";
import path from "node:path";

let argv = process.argv.slice(2);
let stdlib = null;
let lock = null;
if (argv[0] === "--stdlib") [stdlib, argv] = [path.resolve(argv[1]), argv.slice(2)];
if (argv[0] === "--lock") [lock, argv] = [JSON.parse(argv[1]), argv.slice(2)];
const [pyodideDir, modules, ...archives] = argv;
if (!pyodideDir || !modules || archives.length === 0) {
  process.stderr.write("usage: node import_check.mjs <pyodide-dir> <modules> <archive>...\n");
  process.exit(2);
}

const CHECK = `
import importlib, json, os, sys, time
from importlib import _bootstrap_external

HERE = os.getcwd()


def record_compiles():
    """Note every source file the import system compiles (SourceLoader.source_to_code)."""
    compiled = []
    original = _bootstrap_external.SourceLoader.source_to_code

    def source_to_code(self, data, path, *args, **kwargs):
        compiled.append(os.path.relpath(path, HERE))
        return original(self, data, path, *args, **kwargs)

    _bootstrap_external.SourceLoader.source_to_code = source_to_code
    return compiled


def ours():
    """serm and svg module files imported so far (not namespace packages)."""
    return sorted(
        name for name, module in sys.modules.items()
        if name.split(".")[0] in ("serm", "svg") and getattr(module, "__file__", None)
    )


# PyScript gives the page the module pyscript (the page's window and document); Node.js has no
# page, so a stand-in of the same names lets the modules that read them at run time import.
import js, types
stand_in = types.ModuleType("pyscript")
stand_in.window = stand_in.document = js
sys.modules.setdefault("pyscript", stand_in)

compiled = record_compiles()
started = time.perf_counter()
for name in MODULES.split(","):
    importlib.import_module(name)
result = {
    "import_ms": round((time.perf_counter() - started) * 1000, 1),
    "modules": len(ours()),
    "from_source": sorted(compiled),
    "from_pyc": [n for n in ours() if os.path.isfile(sys.modules[n].__cached__ or "")],
}
json.dumps(result)
`;

async function main() {
  const indexURL = path.resolve(pyodideDir) + path.sep;
  const { loadPyodide } = await import(path.join(indexURL, "pyodide.mjs"));
  const options = { indexURL };
  if (stdlib) options.stdLibURL = stdlib;
  if (lock) options.lockFileContents = { info: lock, packages: {} };
  const pyodide = await loadPyodide(options);
  for (const archive of archives) {
    const format = path.extname(archive).slice(1);
    pyodide.unpackArchive(new Uint8Array(readFileSync(archive)), format, { extractDir: "." });
  }
  pyodide.globals.set("MODULES", modules);
  process.stdout.write(pyodide.runPython(CHECK) + "\n");
}

try {
  await main();
} catch (error) {
  process.stderr.write(`[import_check] ${error && error.message ? error.message : error}\n`);
  process.exit(1);
}
