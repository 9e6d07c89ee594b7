// Import what serm/web/main.py imports, in Pyodide under Node.js, from the site's archives.
//
//   node tests/pyodide/import_check.mjs [--drop-pyc] [--compare N] <pyodide-dir> <archive>...
//
// Each archive (pyscript.toml's "./*" [files]: the svg.py wheel, serm.zip) is unpacked into the
// working directory by pyodide.unpackArchive, as PyScript does.  --drop-pyc deletes every
// __pycache__ afterwards (the site as it was before it shipped bytecode).  Then main.py's
// `from serm... import ...` lines run (they import svg too), and one JSON line is printed:
//   {"import_ms": time, "modules": how many serm/svg module files were imported,
//    "from_source": those the import system compiled from source (just serm/_build.py
//      when the pycs work),
//    "from_pyc": those whose __cached__ file exists}
// --compare N then imports them N more times with and without the pycs (modules forgotten,
// __pycache__ folders renamed away), alternating, and adds "with_pyc_ms" and "without_pyc_ms":
// both in the same process, so a busy machine slows both alike.

import { readFileSync } from "node:fs";
import path from "node:path";

const args = process.argv.slice(2);
const dropPyc = args[0] === "--drop-pyc";
if (dropPyc) args.shift();
const rounds = args[0] === "--compare" ? Number(args.splice(0, 2)[1]) : 0;
const [pyodideDir, ...archives] = args;
if (!pyodideDir || archives.length === 0 || !(rounds >= 0)) {
  process.stderr.write(
    "usage: node import_check.mjs [--drop-pyc] [--compare N] <pyodide-dir> <archive>...\n",
  );
  process.exit(2);
}

const CHECK = `
import ast, json, os, shutil, sys, time
from importlib import _bootstrap_external

HERE = os.getcwd()


def pycache_dirs():
    return [os.path.join(d, "__pycache__") for d, dirs, _ in os.walk(".") if "__pycache__" in dirs]


def record_compiles():
    """Note every source file the import system compiles (SourceLoader.source_to_code)."""
    compiled = []
    original = _bootstrap_external.SourceLoader.source_to_code

    def source_to_code(self, data, path, *args, **kwargs):
        compiled.append(os.path.relpath(path, HERE))
        return original(self, data, path, *args, **kwargs)

    _bootstrap_external.SourceLoader.source_to_code = source_to_code
    return compiled


def ours(files_only=False):
    """serm and svg modules imported so far (files_only: not namespace packages)."""
    return sorted(
        name for name, module in sys.modules.items()
        if name.split(".")[0] in ("serm", "svg")
        and (not files_only or getattr(module, "__file__", None))
    )


def import_all(imports):
    started = time.perf_counter()
    exec(imports, {})
    return round((time.perf_counter() - started) * 1000, 1)


def compare(wanted, rounds):
    """Import svg + serm again and again, with and without the pycs: (with, without) in ms."""
    timings = {True: [], False: []}
    for _ in range(rounds):
        for with_pyc in (True, False):
            for name in ours():
                del sys.modules[name]
            hidden = [] if with_pyc else pycache_dirs()
            for folder in hidden:
                os.rename(folder, folder + ".off")
            timings[with_pyc].append(import_all(wanted))
            for folder in hidden:
                os.rename(folder + ".off", folder)
    return timings[True], timings[False]


if DROP_PYC:
    for folder in pycache_dirs():
        shutil.rmtree(folder)
compiled = record_compiles()
tree = ast.parse(open("serm/web/main.py", encoding="utf-8").read())
tree.body = [
    node for node in tree.body
    if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("serm.")
]
wanted = compile(tree, "main.py's serm imports", "exec")
result = {
    "import_ms": import_all(wanted),
    "modules": len(ours(files_only=True)),
    "from_source": sorted(compiled),
    "from_pyc": [n for n in ours(files_only=True) if os.path.isfile(sys.modules[n].__cached__ or "")],
}
if ROUNDS:
    result["with_pyc_ms"], result["without_pyc_ms"] = compare(wanted, ROUNDS)
json.dumps(result)
`;

async function main() {
  const indexURL = path.resolve(pyodideDir) + path.sep;
  const { loadPyodide } = await import(path.join(indexURL, "pyodide.mjs"));
  const pyodide = await loadPyodide({ indexURL });
  for (const archive of archives) {
    const format = path.extname(archive).slice(1);
    pyodide.unpackArchive(new Uint8Array(readFileSync(archive)), format, { extractDir: "." });
  }
  pyodide.globals.set("DROP_PYC", dropPyc);
  pyodide.globals.set("ROUNDS", rounds);
  process.stdout.write(pyodide.runPython(CHECK) + "\n");
}

try {
  await main();
} catch (error) {
  process.stderr.write(`[import_check] ${error && error.message ? error.message : error}\n`);
  process.exit(1);
}
