// Run the engine's pytest suite inside real Pyodide (the browser's Python) under Node.js.
//
//   node tests/pyodide/run_in_pyodide.mjs [--stdlib ZIP --audit JSON] [pytest args...]
//                                                                (default: tests/core -q)
//
// With --stdlib, Python runs on that standard library (the site's trimmed, byte-compiled one,
// tools/trim_stdlib.py) instead of Pyodide's full one, as in the page: first every serm module
// the page can import (the audit's page_modules, but serm.web, which needs the browser) is
// imported with nothing else to fall back on; then pytest and hypothesis, which need more of the
// standard library, get the rest of it from the full library, but an import made by serm code
// never does: it fails the run, as it would fail a player.
//
// 1. Makes sure build/pyodide-wheels/ holds the hash-pinned pure-Python wheels of
//    tests/pyodide/requirements.txt (pytest, hypothesis and what they need), fetching
//    them with `pip download --require-hashes` for Python 3.14 / any platform if not.
//    The Python used for pip is $PYTHON, else .venv/bin/python, else python3.
// 2. Loads Pyodide from node_modules/pyodide (pinned by package-lock.json).
// 3. Copies serm/, tests/ and pyproject.toml into /repo in Pyodide's in-memory FS and
//    unpacks the wheels into site-packages.
// 4. Runs pytest.main(args) with cwd /repo and exits with pytest's exit code.

import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createHash } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const REQUIREMENTS = path.join(ROOT, "tests", "pyodide", "requirements.txt");
const WHEELS = path.join(ROOT, "build", "pyodide-wheels");
const SKIP = new Set(["__pycache__", ".pytest_cache", ".hypothesis", ".mypy_cache"]);

function log(message) {
  process.stderr.write(`[pyodide-runner] ${message}\n`);
}

function pinnedWheels() {
  // name==version --hash=sha256:HEX  (backslash continuations allowed)
  const text = readFileSync(REQUIREMENTS, "utf8").replace(/\\\n/g, " ");
  const pins = [];
  for (const raw of text.split("\n")) {
    const line = raw.split("#")[0].trim();
    if (!line) continue;
    const m = line.match(/^([A-Za-z0-9_.-]+)==(\S+)\s+--hash=sha256:([0-9a-f]{64})/);
    if (!m) throw new Error(`bad line in ${REQUIREMENTS}: ${line}`);
    pins.push({ name: m[1].toLowerCase().replace(/[-_.]+/g, "_"), version: m[2], sha256: m[3] });
  }
  return pins;
}

function sha256(file) {
  return createHash("sha256").update(readFileSync(file)).digest("hex");
}

function findWheels(pins) {
  const files = existsSync(WHEELS) ? readdirSync(WHEELS).filter((f) => f.endsWith(".whl")) : [];
  const found = [];
  for (const pin of pins) {
    const file = files.find((f) => {
      const [name, version] = f.split("-");
      return name.toLowerCase().replace(/[-_.]+/g, "_") === pin.name && version === pin.version;
    });
    if (!file || sha256(path.join(WHEELS, file)) !== pin.sha256) return null;
    found.push(path.join(WHEELS, file));
  }
  return found;
}

function pythonForPip() {
  if (process.env.PYTHON) return process.env.PYTHON;
  const venv = path.join(ROOT, ".venv", "bin", "python");
  return existsSync(venv) ? venv : "python3";
}

function ensureWheels() {
  const pins = pinnedWheels();
  let wheels = findWheels(pins);
  if (wheels) return wheels;
  log(`fetching test wheels into ${path.relative(ROOT, WHEELS)}/ (pip, hash-checked)`);
  const result = spawnSync(
    pythonForPip(),
    [
      "-m", "pip", "download", "--disable-pip-version-check", "--quiet",
      "--require-hashes", "--no-deps", "--only-binary=:all:",
      "--python-version", "3.14", "--implementation", "py", "--abi", "none",
      "--platform", "any",
      "-r", REQUIREMENTS, "-d", WHEELS,
    ],
    { stdio: "inherit" },
  );
  if (result.status !== 0) throw new Error(`pip download failed (${result.status})`);
  wheels = findWheels(pins);
  if (!wheels) throw new Error("wheels missing or sha256 mismatch after pip download");
  return wheels;
}

function copyTree(FS, hostDir, fsDir) {
  FS.mkdirTree(fsDir);
  for (const name of readdirSync(hostDir)) {
    if (SKIP.has(name)) continue;
    const host = path.join(hostDir, name);
    const target = `${fsDir}/${name}`;
    if (statSync(host).isDirectory()) copyTree(FS, host, target);
    else FS.writeFile(target, readFileSync(host));
  }
}

// Imports for the serm code from the full standard library are refused; the others are allowed.
const TRIMMED_CHECK = `
import importlib, importlib.abc, json, os, sys, zipimport

FULL = "/lib/stdlib-full.zip"
page = json.loads(PAGE_MODULES)
for name in page:
    if name.startswith("serm") and not name.startswith("serm.web"):
        importlib.import_module(name)
print(f"{sum(n.startswith('serm') for n in page)} serm modules import on the trimmed library")


def serm_is_importing():
    frame = sys._getframe(2)
    while frame is not None:
        name = frame.f_globals.get("__name__", "")
        if name == "serm" or name.startswith("serm."):
            return True
        frame = frame.f_back
    return False


class TestOnlyStdlib(importlib.abc.MetaPathFinder):
    """The full standard library, last on the path, for the tests' own needs only."""

    used = set()

    def find_spec(self, name, path=None, target=None):
        parent = name.rpartition(".")[0]
        where = f"{FULL}/{parent.replace('.', '/')}/" if parent else FULL
        try:
            spec = zipimport.zipimporter(where).find_spec(name)
        except zipimport.ZipImportError:
            return None
        if spec is None:
            return None
        if serm_is_importing():
            raise ImportError(
                f"serm imports {name!r}, which the trimmed standard library lacks", name=name
            )
        self.used.add(name.split(".")[0])
        return spec


sys.meta_path.append(TestOnlyStdlib())

# The guard works: a module the trimmed library lacks is refused to serm code, given to others.
assert "difflib" not in sys.modules
try:
    exec("import difflib", {"__name__": "serm.probe"})
except ImportError as exc:
    assert "trimmed standard library lacks" in str(exc), exc
else:
    raise AssertionError("serm code imported a module the trimmed library lacks")
exec("import difflib", {"__name__": "tests.probe"})
del sys.modules["difflib"]
`;

async function main() {
  let args = process.argv.slice(2);
  let stdlib = null;
  let audit = null;
  if (args[0] === "--stdlib") {
    [stdlib, args] = [path.resolve(args[1]), args.slice(2)];
    if (args[0] !== "--audit") throw new Error("--stdlib needs --audit AUDIT.json after it");
    [audit, args] = [JSON.parse(readFileSync(args[1], "utf8")), args.slice(2)];
  }
  const pytestArgs = args.length ? args : ["tests/core", "-q"];
  const wheels = ensureWheels();

  const require = createRequire(import.meta.url);
  const indexURL = path.dirname(require.resolve("pyodide/package.json", { paths: [ROOT] }));
  const { loadPyodide } = await import(path.join(indexURL, "pyodide.mjs"));
  const started = Date.now();
  const pyodide = await loadPyodide(stdlib ? { indexURL, stdLibURL: stdlib } : { indexURL });
  log(`Pyodide ${pyodide.version} loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const write = (stream) => ({
    write: (buffer) => {
      stream.write(buffer);
      return buffer.length;
    },
  });
  pyodide.setStdout(write(process.stdout));
  pyodide.setStderr(write(process.stderr));

  const FS = pyodide.FS;
  for (const name of ["serm", "tests"]) {
    if (existsSync(path.join(ROOT, name))) copyTree(FS, path.join(ROOT, name), `/repo/${name}`);
  }
  FS.writeFile("/repo/pyproject.toml", readFileSync(path.join(ROOT, "pyproject.toml")));
  FS.mkdirTree("/wheels");
  for (const wheel of wheels) FS.writeFile(`/wheels/${path.basename(wheel)}`, readFileSync(wheel));

  if (stdlib) {
    log(`standard library: ${path.relative(ROOT, stdlib)} (the full one only for the tests' needs)`);
    FS.writeFile("/lib/stdlib-full.zip", readFileSync(path.join(indexURL, "python_stdlib.zip")));
    FS.mkdirTree("/page-wheels");
    pyodide.globals.set("PAGE_MODULES", JSON.stringify(audit.page_modules));
    // svg.py, which serm's view imports, from the wheel the site ships (tools/build.py's copy).
    const vendor = path.join(ROOT, "static", "vendor");
    for (const name of readdirSync(vendor).filter((f) => f.endsWith(".whl"))) {
      FS.writeFile(`/page-wheels/${name}`, readFileSync(path.join(vendor, name)));
    }
    pyodide.runPython(`
import os, sys, zipfile
for name in os.listdir("/page-wheels"):
    zipfile.ZipFile(os.path.join("/page-wheels", name)).extractall("/page-packages")
sys.path[:0] = ["/repo", "/page-packages"]
`);
    pyodide.runPython(TRIMMED_CHECK);
  }
  pyodide.globals.set("PYTEST_ARGS", pyodide.toPy(pytestArgs));
  const code = await pyodide.runPythonAsync(`
import os, sys, sysconfig, zipfile
site = sysconfig.get_paths()["purelib"]
os.makedirs(site, exist_ok=True)
for name in sorted(os.listdir("/wheels")):
    with zipfile.ZipFile(os.path.join("/wheels", name)) as wheel:
        wheel.extractall(site)
if site not in sys.path:
    sys.path.append(site)
os.chdir("/repo")
sys.path.insert(0, "/repo")
print(f"Python {sys.version} on {sys.platform}", flush=True)
import pytest
int(pytest.main(["-p", "no:cacheprovider", *PYTEST_ARGS]))
`);
  process.stdout.write("\n");
  log(`pytest exit code ${code}`);
  process.exit(code);
}

main().catch((error) => {
  log(`failed: ${error && error.stack ? error.stack : error}`);
  process.exit(3);
});
