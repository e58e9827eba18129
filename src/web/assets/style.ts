/** The dashboard's one stylesheet (served as /ui/assets/style.css). */
export const STYLE_CSS = `
:root{--fg:#1d2330;--muted:#667085;--line:#e4e7ec;--bg:#f7f8fa;--card:#fff;--accent:#2456d6;
--verified:#1f9d55;--rejected:#d64545;--inconclusive:#e59400;--stale:#8e44ad;--candidate:#98a2b3;--untested:#b7950b}
*{box-sizing:border-box}
body{margin:0;font:14px/1.5 system-ui,-apple-system,"Apple SD Gothic Neo","Noto Sans KR","Malgun Gothic",sans-serif;color:var(--fg);background:var(--bg)}
a{color:var(--accent);text-decoration:none}a:hover{text-decoration:underline}
header.top{display:flex;flex-wrap:wrap;align-items:center;gap:6px 20px;padding:8px 20px;min-height:52px;background:#141a2a;color:#fff}
header.top a{color:#cfd6e6}.brand{font-weight:700;color:#fff!important;font-size:16px}
header nav{display:flex;flex-wrap:wrap;gap:4px;flex:1;word-break:keep-all}header nav a{padding:6px 10px;border-radius:6px;white-space:nowrap}
header nav a.active,header nav a:hover{background:#2a3350;color:#fff;text-decoration:none}
.session{display:flex;flex-wrap:wrap;align-items:center;gap:6px 14px;margin-left:auto}
.session form{display:flex;gap:8px;align-items:center;margin:0;word-break:keep-all}.team{color:#fff;font-weight:600}
.langs a{padding:2px 6px;font-size:12px}.langs a.active{color:#fff;font-weight:700}
button,.button{font:inherit;padding:6px 12px;border:1px solid var(--line);border-radius:6px;background:var(--card);color:var(--fg);cursor:pointer}
button.primary{background:var(--accent);border-color:var(--accent);color:#fff}[data-lang=both] button.primary .ko+.en{color:#dfe7ff}
main{padding:20px 24px;max-width:1400px;margin:0 auto;overflow-wrap:break-word}h1{font-size:22px;margin:4px 0 16px}h2{font-size:17px;margin:24px 0 8px}
.card{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:16px;margin-bottom:16px}
table{border-collapse:collapse;width:100%;background:var(--card)}
/* A table wider than the screen scrolls inside its own box; the page keeps the window's width. */
.scroll{overflow-x:auto;max-width:100%}
th,td{text-align:left;padding:6px 8px;border-bottom:1px solid var(--line);vertical-align:top}
th{font-weight:600;color:var(--muted);font-size:12px;white-space:nowrap}td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
code,pre{font:12px/1.45 ui-monospace,SFMono-Regular,Menlo,monospace}pre{background:#0f1422;color:#d7def0;padding:12px;border-radius:8px;overflow:auto;max-height:420px}
.muted{color:var(--muted)}.tag{display:inline-block;background:#eef2ff;color:#3538cd;border-radius:4px;padding:0 5px;margin:1px;font-size:11px}
.pill{display:inline-block;border-radius:10px;padding:0 8px;font-size:12px;color:#fff}[data-lang=both] .pill .ko+.en{color:#fff;opacity:.85}
.s-verified{background:var(--verified)}.s-rejected{background:var(--rejected)}.s-inconclusive{background:var(--inconclusive)}.s-stale{background:var(--stale)}.s-candidate{background:var(--candidate)}.s-untested{background:var(--untested)}
.error{border-color:#f3b8b8;background:#fff5f5}.error strong{color:var(--rejected)}
input,select{font:inherit;padding:6px 8px;border:1px solid var(--line);border-radius:6px;background:#fff}
.search{display:flex;flex-wrap:wrap;gap:8px;margin-bottom:12px}.search input{flex:1 1 200px;min-width:0;max-width:480px}
.form-grid{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:8px 12px;align-items:center}.form-grid input,.form-grid select{min-width:0;max-width:100%}
.stats{display:flex;gap:12px;flex-wrap:wrap;margin-bottom:16px}.stat{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:10px 16px;min-width:140px}
.stat b{display:block;font-size:22px}.bar{display:flex;height:10px;border-radius:5px;overflow:hidden;background:var(--line);min-width:120px}
.hit{background:var(--verified)}.up{background:var(--accent)}.other{background:#c4cbd8}.key{display:inline-block;width:9px;height:9px;border-radius:2px;margin-left:6px}
.graph-wrap{display:grid;grid-template-columns:minmax(0,1fr) minmax(380px,38%);gap:16px}
#graph{width:100%;height:640px;background:var(--card);border:1px solid var(--line);border-radius:10px;display:block}
#graph .edge{stroke-width:1.3;fill:none;opacity:.55;cursor:pointer}#graph .edge:hover,#graph .edge.sel{stroke-width:3.5;opacity:1}
#graph .node circle{stroke:#fff;stroke-width:1.5}#graph .node text{font-size:10px;fill:var(--fg);pointer-events:none}
#graph .node.dim,#graph .edge.dim{opacity:.08}
.legend label{margin-right:12px;white-space:nowrap}
#evidence{max-height:640px;overflow:auto;min-width:0}#evidence pre{white-space:pre-wrap;overflow-wrap:anywhere}
#evidence td code{white-space:nowrap}#evidence td.reasons{min-width:14em}
[data-lang=ko] .en,[data-lang=en] .ko{display:none}
[data-lang=both] .ko+.en{margin-left:.4em;color:var(--muted);font-size:.85em}
header [data-lang=both] .ko+.en,[data-lang=both] header .ko+.en{color:#8d97b0}
.st-queued{background:var(--candidate)}.st-running{background:var(--accent)}.st-done{background:var(--verified)}.st-failed{background:var(--rejected)}.st-cancelled{background:#667085}.st-budget_exhausted,.st-exhausted_plans{background:var(--inconclusive)}
.progress{display:flex;align-items:center;gap:8px}.progress .bar{flex:1;max-width:360px}.progress .fill{background:var(--accent)}.progress[data-status=done] .fill{background:var(--verified)}.progress[data-stale] .fill{opacity:.4}
.progress-text{white-space:nowrap;font-variant-numeric:tabular-nums}section[data-live] .progress{margin:8px 0 16px}
table.chart .bar-col{width:38%;min-width:160px}svg.est,svg.counts{display:block;width:100%;height:14px}
.est-track{fill:var(--line)}.est-value{fill:var(--accent);opacity:.55}.est-ci{stroke:#141a2a;stroke-width:1.6;vector-effect:non-scaling-stroke}
.board .bar-col{width:12%;min-width:100px}.board td{white-space:nowrap}.board td.wrap{white-space:normal;min-width:6em}
.board th{white-space:normal;word-break:keep-all}.board td.num .muted{display:block}#unscorable code{white-space:nowrap}
svg.counts .kept,.key.kept{fill:var(--verified);background:var(--verified)}svg.counts .rejected,.key.rejected{fill:var(--rejected);background:var(--rejected)}
.two-col{display:grid;grid-template-columns:1fr 1fr;gap:24px}h3{font-size:13px;margin:10px 0 4px;color:var(--muted)}
.sample .request,.sample .answer{margin:0;white-space:pre-wrap}.calls{margin:0;padding-left:22px}.calls code{overflow-wrap:anywhere}.calls details pre{max-height:220px}
@media (max-width:900px){.graph-wrap,.two-col{grid-template-columns:minmax(0,1fr)}#graph{height:420px}}
@media (max-width:600px){header.top{padding:8px 12px;gap:6px 12px}header nav{order:3;flex-basis:100%;gap:2px}header nav a{padding:4px 8px}main{padding:14px 12px}.stat{min-width:0;flex:1 1 140px}table.chart .bar-col,.board .bar-col{min-width:100px}}
`;
