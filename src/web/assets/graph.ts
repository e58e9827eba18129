/**
 * Client script of the graph page (served as /ui/assets/graph.js): lays the tools out with a
 * small force simulation (providers start as clusters on a circle; Fruchterman-Reingold forces
 * plus a pull toward the provider's centre), draws edges coloured by status as SVG, and loads an
 * edge's evidence into the side panel on click. Plain ES2017, no library; the page's data comes
 * from the `#graph-data` JSON block the server renders.
 */
export const GRAPH_JS = String.raw`(function () {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";
  var svg = document.getElementById("graph");
  var panel = document.getElementById("evidence");
  var dataEl = document.getElementById("graph-data");
  if (!svg || !panel || !dataEl) return;
  var data = JSON.parse(dataEl.textContent || "{}");
  var W = 1000, H = 640;
  svg.setAttribute("viewBox", "0 0 " + W + " " + H);

  function el(name, attrs, parent) {
    var node = document.createElementNS(SVG, name);
    for (var k in attrs) node.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(node);
    return node;
  }

  // Initial positions: providers on a circle, their tools on a small circle around it.
  var groups = {};
  data.nodes.forEach(function (n) { var g = n.provider || "local"; (groups[g] = groups[g] || []).push(n); });
  var names = Object.keys(groups).sort();
  // One hue per provider, spread round the wheel (stepping by a prime keeps neighbours apart).
  function hue(group) { return (names.indexOf(group) * 7 * 360 / names.length) % 360; }
  var byName = {};
  names.forEach(function (g, gi) {
    var a = (2 * Math.PI * gi) / names.length;
    var cx = W / 2 + Math.cos(a) * W * 0.33, cy = H / 2 + Math.sin(a) * H * 0.36;
    groups[g].forEach(function (n, i) {
      var b = (2 * Math.PI * i) / groups[g].length;
      n.x = cx + Math.cos(b) * 30; n.y = cy + Math.sin(b) * 30; n.vx = 0; n.vy = 0; n.group = g;
      byName[n.name] = n;
    });
  });
  var edges = data.edges.filter(function (e) { return byName[e.from] && byName[e.to]; });

  // Fruchterman-Reingold with a fixed cooling schedule, so the same graph always looks the same:
  // repulsion K^2/d between all tools, attraction d^2/K along each linked pair, a pull toward
  // the provider's centre and a weaker one toward the middle.
  // Verified edges pull hardest, the many untried candidates only a little, and a hub's links
  // pull less each (divided by the square root of its weighted degree).
  var nodes = data.nodes, K = Math.sqrt((W * H) / Math.max(1, nodes.length)) * 0.5;
  var pairs = {}, links = [];
  edges.forEach(function (e) {
    if (e.from === e.to) return;
    var key = e.from < e.to ? e.from + "|" + e.to : e.to + "|" + e.from;
    var weight = e.status === "verified" ? 1 : e.status === "candidate" ? 0.08 : 0.3;
    if (!pairs[key] || pairs[key][2] < weight) pairs[key] = [byName[e.from], byName[e.to], weight];
  });
  var degree = {};
  for (var key in pairs) {
    links.push(pairs[key]);
    degree[pairs[key][0].name] = (degree[pairs[key][0].name] || 0) + pairs[key][2];
    degree[pairs[key][1].name] = (degree[pairs[key][1].name] || 0) + pairs[key][2];
  }
  var STEPS = 260;
  for (var step = 0; step < STEPS; step++) {
    var t = 40 * (1 - step / STEPS) + 0.5;
    nodes.forEach(function (n) { n.dx = 0; n.dy = 0; });
    for (var i = 0; i < nodes.length; i++) {
      for (var j = i + 1; j < nodes.length; j++) {
        var a = nodes[i], b = nodes[j], dx = a.x - b.x, dy = a.y - b.y;
        var d = Math.max(1, Math.sqrt(dx * dx + dy * dy)), f = (K * K) / d / d;
        a.dx += dx * f; a.dy += dy * f; b.dx -= dx * f; b.dy -= dy * f;
      }
    }
    links.forEach(function (l) {
      var s = l[0], u = l[1], dx = u.x - s.x, dy = u.y - s.y, d = Math.max(1, Math.sqrt(dx * dx + dy * dy)), f = ((d / K) * 0.5 * l[2]) / Math.sqrt(Math.max(1, degree[s.name], degree[u.name]));
      s.dx += dx * f; s.dy += dy * f; u.dx -= dx * f; u.dy -= dy * f;
    });
    var centre = {};
    names.forEach(function (g) {
      var xs = 0, ys = 0;
      groups[g].forEach(function (n) { xs += n.x; ys += n.y; });
      centre[g] = { x: xs / groups[g].length, y: ys / groups[g].length };
    });
    nodes.forEach(function (n) {
      // Gravity grows with the square of the distance, so loners stay near the rest.
      var gx = W / 2 - n.x, gy = (H / 2 - n.y) * 1.5, g = Math.sqrt(gx * gx + gy * gy) / K;
      n.dx += (centre[n.group].x - n.x) * 0.35 + gx * g * 0.12;
      n.dy += (centre[n.group].y - n.y) * 0.35 + gy * g * 0.12;
      var len = Math.max(0.01, Math.sqrt(n.dx * n.dx + n.dy * n.dy)), move = Math.min(len, t);
      // A loose frame only: the view is fitted to the layout afterwards.
      n.x = Math.min(W * 1.5, Math.max(-W / 2, n.x + (n.dx / len) * move));
      n.y = Math.min(H * 1.5, Math.max(-H / 2, n.y + (n.dy / len) * move));
    });
  }

  // Drawing: arrow markers per status, edges under nodes.
  var defs = el("defs", {}, svg);
  ["verified", "rejected", "inconclusive", "untested", "stale", "candidate"].forEach(function (s) {
    var m = el("marker", { id: "arrow-" + s, viewBox: "0 0 10 10", refX: "16", refY: "5", markerWidth: "6", markerHeight: "6", orient: "auto-start-reverse" }, defs);
    el("path", { d: "M0,0 L10,5 L0,10 z", fill: "var(--" + s + ")" }, m);
  });
  var edgeLayer = el("g", { "class": "edges" }, svg), nodeLayer = el("g", { "class": "nodes" }, svg);
  var edgeEls = edges.map(function (e) {
    var s = byName[e.from], u = byName[e.to], path;
    if (e.from === e.to) path = "M" + s.x + "," + (s.y - 6) + " c -26,-34 26,-34 6,-2";
    else {
      var mx = (s.x + u.x) / 2 + (u.y - s.y) * 0.12, my = (s.y + u.y) / 2 - (u.x - s.x) * 0.12;
      path = "M" + s.x + "," + s.y + " Q" + mx + "," + my + " " + u.x + "," + u.y;
    }
    var p = el("path", { d: path, "class": "edge", stroke: "var(--" + e.status + ")", "marker-end": "url(#arrow-" + e.status + ")", "data-id": e.id, "data-status": e.status }, edgeLayer);
    el("title", {}, p).textContent = e.id + " (" + e.status + ")";
    p.addEventListener("click", function () { select(e, p); });
    return { edge: e, el: p };
  });
  var nodeEls = nodes.map(function (n) {
    var g = el("g", { "class": "node", transform: "translate(" + n.x + "," + n.y + ")", "data-name": n.name }, nodeLayer);
    el("circle", { r: n.kind === "local" ? "5" : "7", fill: n.kind === "local" ? "#fff" : "hsl(" + hue(n.group) + ",55%,52%)", stroke: "hsl(" + hue(n.group) + ",55%,40%)" }, g);
    el("text", { x: "9", y: "3" }, g).textContent = n.name;
    el("title", {}, g).textContent = n.name + " · " + n.group;
    g.addEventListener("click", function () { focus(n.name); });
    return { node: n, el: g };
  });

  var focused = null;
  function focus(name) {
    focused = focused === name ? null : name;
    var near = {};
    edgeEls.forEach(function (x) {
      var on = !focused || x.edge.from === focused || x.edge.to === focused;
      x.el.classList.toggle("dim", !on);
      if (on && focused) { near[x.edge.from] = true; near[x.edge.to] = true; }
    });
    nodeEls.forEach(function (x) { x.el.classList.toggle("dim", !!focused && !near[x.node.name] && x.node.name !== focused); });
  }

  function select(e, p) {
    edgeEls.forEach(function (x) { x.el.classList.remove("sel"); });
    p.classList.add("sel");
    panel.setAttribute("aria-busy", "true");
    fetch("/ui/graph/edges/" + encodeURIComponent(e.id) + "?fragment=1", { credentials: "same-origin" })
      .then(function (r) { return r.text(); })
      .then(function (html) { panel.innerHTML = html; panel.removeAttribute("aria-busy"); })
      .catch(function () { panel.textContent = "failed to load " + e.id; panel.removeAttribute("aria-busy"); });
  }

  // Status filters: unchecked statuses are hidden.
  document.querySelectorAll("input[data-status-filter]").forEach(function (box) {
    box.addEventListener("change", function () {
      var status = box.getAttribute("data-status-filter");
      edgeEls.forEach(function (x) { if (x.edge.status === status) x.el.style.display = box.checked ? "" : "none"; });
    });
  });
  // Fit the view to what was laid out (labels run right of their dot).
  var minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  nodes.forEach(function (n) { minX = Math.min(minX, n.x); minY = Math.min(minY, n.y); maxX = Math.max(maxX, n.x); maxY = Math.max(maxY, n.y); });
  if (nodes.length > 0) svg.setAttribute("viewBox", (minX - 24) + " " + (minY - 24) + " " + (maxX - minX + 170) + " " + (maxY - minY + 48));
  svg.setAttribute("data-rendered", String(edges.length));
})();
`;
