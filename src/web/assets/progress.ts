/**
 * Client script of the synthesis and bench pages (served as /ui/assets/progress.js): every
 * `[data-progress-url]` (a job or run still going) polls its JSON progress route and updates its
 * bar, its status pill and the `[data-field]` counts of its `[data-live]` section. When the job or
 * run ends the page reloads, since the finished page shows more than the bar (charts, samples).
 * Without the script the page shows the state it was rendered with.
 */
export const PROGRESS_JS = String.raw`(function () {
  "use strict";
  var EVERY_MS = 1500;
  function fill(scope, name, value) {
    scope.querySelectorAll('[data-field="' + name + '"]').forEach(function (el) { el.textContent = String(value); });
  }
  function poll(el) {
    fetch(el.getAttribute("data-progress-url"), { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (r) { if (!r.ok) throw new Error("HTTP " + r.status); return r.json(); })
      .then(function (p) {
        var scope = el.closest("[data-live]") || document;
        var share = p.total > 0 ? Math.min(100, Math.round((1000 * p.done) / p.total) / 10) : 0;
        el.querySelector(".fill").style.width = share + "%";
        el.querySelector("[role=progressbar]").setAttribute("aria-valuenow", String(p.done));
        fill(scope, "done", p.done);
        fill(scope, "total", p.total);
        for (var name in p.fields) fill(scope, name, p.fields[name]);
        scope.querySelectorAll('[data-field="status"]').forEach(function (pill) {
          pill.className = "pill st-" + p.status;
          pill.setAttribute("data-status", p.status);
          pill.querySelector(".ko").textContent = p.label.ko;
          pill.querySelector(".en").textContent = p.label.en;
        });
        el.setAttribute("data-status", p.status);
        if (p.status === "queued" || p.status === "running") setTimeout(function () { poll(el); }, EVERY_MS);
        else location.reload();
      })
      // A lost session or a network error leaves the last state shown, marked as stale.
      .catch(function () { el.setAttribute("data-stale", "true"); });
  }
  document.querySelectorAll("[data-progress-url]").forEach(function (el) {
    setTimeout(function () { poll(el); }, EVERY_MS);
  });
})();
`;
