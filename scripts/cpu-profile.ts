/**
 * A CPU profile of a Worker of the local stack, taken through its inspector (the Chrome DevTools
 * protocol that `wrangler dev` serves): what the Worker itself spends time on, which a profile of
 * the node process driving it does not show. Needs a global WebSocket (node 20:
 * `NODE_OPTIONS=--experimental-websocket`). Writes a .cpuprofile (open it in Chrome's DevTools)
 * and returns the functions with the most self time.
 */
import { writeFileSync } from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

export interface CpuProfiler {
  /** Stops, writes the profile to `file` and returns the `top` functions by self time. */
  stop(file: string, top?: number): Promise<{ fn: string; self_ms: number; share: string }[]>;
}

export async function startCpuProfile(inspector: URL): Promise<CpuProfiler> {
  const targets = (await (await fetch(new URL("/json/list", `http://${inspector.host}`))).json()) as { webSocketDebuggerUrl?: string }[];
  const url = targets.find((t) => t.webSocketDebuggerUrl)?.webSocketDebuggerUrl;
  if (!url) throw new Error(`the inspector at ${inspector.host} lists no target`);
  // Wrangler's inspector proxy admits local origins only; node's WebSocket (undici) takes headers.
  const LocalWebSocket = WebSocket as unknown as new (url: string, init: { headers: Record<string, string> }) => WebSocket;
  const socket = new LocalWebSocket(url, { headers: { Origin: `http://${inspector.host}` } });
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", () => resolve(), { once: true });
    socket.addEventListener("error", () => reject(new Error(`could not connect to ${url}`)), { once: true });
  });
  let next = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result);
  });
  const send = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolve) => {
      const id = ++next;
      waiting.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  await send("Profiler.enable");
  await send("Profiler.setSamplingInterval", { interval: 500 });
  await send("Profiler.start");
  return {
    async stop(file, top = 25) {
      const { profile } = (await send("Profiler.stop")) as { profile: Profile };
      socket.close();
      writeFileSync(file, JSON.stringify(profile));
      const byId = new Map(profile.nodes.map((n) => [n.id, n]));
      const self = new Map<string, number>();
      const samples = profile.samples ?? [];
      const deltas = profile.timeDeltas ?? [];
      samples.forEach((id, i) => {
        const frame = byId.get(id)?.callFrame;
        const name = frame ? `${frame.functionName || "(anonymous)"} ${frame.url.split("/").slice(-2).join("/")}:${frame.lineNumber + 1}` : "?";
        self.set(name, (self.get(name) ?? 0) + (deltas[i + 1] ?? deltas[i] ?? 0) / 1000);
      });
      const total = [...self.values()].reduce((a, b) => a + b, 0);
      return [...self.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .map(([fn, ms]) => ({ fn, self_ms: Math.round(ms), share: `${((100 * ms) / Math.max(total, 1)).toFixed(1)}%` }));
    },
  };
}
