// Drives the #loading screen from PyScript's start-up events.
// PyScript (0.7.x) dispatches on document:
//   "py:progress"  CustomEvent, detail = "Loading Pyodide", "Loading interpreter",
//                  "Loaded interpreter", "Loading files", "Loaded files", "Loaded Pyodide", ...
//   "py:ready"     bubbling from the <script type="py"> just before its code runs
//   "py:done"      after the script's top-level code has finished
// The Python app itself hides #loading and enables #controls when it is ready.
"use strict";

(function () {
  var STAGES = {
    "Loading Pyodide": [10, "Downloading Python runtime…"],
    "Loading interpreter": [20, "Starting Python…"],
    "Loaded interpreter": [60, "Python started"],
    "Loading fetch": [62, "Fetching files…"],
    "Loaded fetch": [66, "Fetched files"],
    "Loading files": [70, "Loading game files…"],
    "Loaded files": [80, "Game files loaded"],
    "Loading JS modules": [82, "Loading modules…"],
    "Loaded JS modules": [84, "Modules loaded"],
    "Loaded Pyodide": [88, "Python ready"]
  };
  var best = 0;

  function show(value, text) {
    var bar = document.getElementById("loading-progress");
    var status = document.getElementById("loading-status");
    if (!bar || !status) return;
    if (value > best) {
      best = value;
      bar.value = value;
      bar.textContent = value + "%";
    }
    status.textContent = text;
  }

  document.addEventListener("py:progress", function (event) {
    var detail = String(event.detail);
    var stage = STAGES[detail];
    if (stage) show(stage[0], stage[1]);
    else show(best, detail);
  });
  document.addEventListener("py:ready", function () {
    show(92, "Starting the game…");
  });
  document.addEventListener("py:done", function () {
    show(100, "Ready");
  });
  window.addEventListener("error", function (event) {
    var status = document.getElementById("loading-status");
    if (status) status.textContent = "Loading failed: " + (event.message || "unknown error");
  });
  show(5, "Downloading PyScript…");
})();
