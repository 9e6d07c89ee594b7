// Run the engine's pytest suite inside real Pyodide (the browser's Python) under Node.js.
//
//   node tests/pyodide/run_in_pyodide.mjs [pytest args...]      (default: tests/core -q)
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

async function main() {
  const args = process.argv.slice(2);
  const pytestArgs = args.length ? args : ["tests/core", "-q"];
  const wheels = ensureWheels();

  const require = createRequire(import.meta.url);
  const indexURL = path.dirname(require.resolve("pyodide/package.json", { paths: [ROOT] }));
  const { loadPyodide } = await import(path.join(indexURL, "pyodide.mjs"));
  const started = Date.now();
  const pyodide = await loadPyodide({ indexURL });
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
