// A topic's table sorted in place: a click on a column header (or on "Sort by") reorders the
// rows the server drew, by the places it gave each row in both orders (data-by-state,
// data-by-figure), so the script's order is the server's for ?sort=... Without this file
// the same links load the page sorted.
(function () {
  "use strict";

  var table = document.getElementById("compare");
  if (!table || !table.tBodies.length) return;
  var body = table.tBodies[0];
  var status = document.getElementById("sort-status");
  var links = document.querySelectorAll("[data-sort-by]");
  var SAID = { state: "Sorted by state.", figure: "Sorted by figure, smallest first." };

  function sortBy(column) {
    var key = column === "figure" ? "byFigure" : "byState";
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) { return Number(a.dataset[key]) - Number(b.dataset[key]); });
    rows.forEach(function (row) { body.appendChild(row); });
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (header) {
      if (header.dataset.column) header.setAttribute("aria-sort", header.dataset.column === column ? "ascending" : "none");
    });
    Array.prototype.forEach.call(links, function (link) {
      if (link.dataset.sortBy === column) link.setAttribute("aria-current", "true");
      else link.removeAttribute("aria-current");
    });
    if (status) status.textContent = SAID[column] || "";
    // The address says the order, so a reload or a shared link keeps it.
    if (window.history && window.history.replaceState) {
      window.history.replaceState(null, "", "?sort=" + column + window.location.hash);
    }
  }

  Array.prototype.forEach.call(links, function (link) {
    link.addEventListener("click", function (event) {
      event.preventDefault();
      sortBy(link.dataset.sortBy);
    });
  });
})();
