/**
 * Client script of the catalog list (served as /ui/assets/catalog.js): filters the rows as the
 * search box is typed into. Without it the search form still works (the server filters by `q`).
 */
export const CATALOG_JS = String.raw`(function () {
  "use strict";
  var input = document.getElementById("tool-search");
  var rows = document.querySelectorAll("tr[data-search]");
  var count = document.getElementById("tool-count");
  var none = document.getElementById("no-tools");
  if (!input) return;
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
