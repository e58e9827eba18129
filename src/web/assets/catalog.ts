/**
 * Client script of the catalog list (served as /ui/assets/catalog.js): filters the rows as the
 * search box is typed into, when the page holds every match (a list of many pages is searched by
 * the server, as the form does without the script).
 */
export const CATALOG_JS = String.raw`(function () {
  "use strict";
  var input = document.getElementById("tool-search");
  var rows = document.querySelectorAll("tr[data-search]");
  var count = document.getElementById("tool-count");
  var none = document.getElementById("no-tools");
  var table = document.getElementById("tools");
  if (!input || (table && table.getAttribute("data-paged") === "true")) return;
  input.addEventListener("input", function () {
    var words = input.value.toLowerCase().split(/\s+/).filter(Boolean), shown = 0;
    rows.forEach(function (row) {
      var text = row.getAttribute("data-search") || "";
      var on = words.every(function (w) { return text.indexOf(w) >= 0; });
      row.style.display = on ? "" : "none";
      if (on) shown++;
    });
    if (count) count.textContent = String(shown);
    if (none) none.hidden = shown > 0;
  });
})();
`;
