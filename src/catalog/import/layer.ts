/**
 * The imported layer of the catalog, per isolate: the imported tools as last loaded from D1,
 * reloaded when the catalog generation changes. Loading keeps each spec as its stored JSON; a tool
 * is parsed and built the first time something asks for it, so a catalog of 10,000 operations
 * costs one query and no parsing until its tools are used. Request handlers and the objects that
 * call tools sync it first (`syncImported`); everything after reads it synchronously.
 */
import { registerImportedProviders, type ImportedProviderInfo } from "../providers";
import type { UpstreamToolSpec } from "../spec";
import { importedProviderSchema, importedSpecSchema, type ImportedSpec } from "./model";
import { toolSpecOf } from "./tool-spec";

/** A stored imported tool (spec as its JSON text). */
export interface StoredImported {
  name: string;
  version: number;
  search: string;
  /** The tool's provider (ImportedProvider) as JSON. */
  provider: string;
  updatedAt: number;
}

/** Where the layer reads imported tools from (D1, see ./sync.ts). */
export interface ImportedSource {
  generation(): Promise<number>;
  /** Index rows (no spec) updated at or after `since` (all rows when null). */
  load(since: number | null): Promise<StoredImported[]>;
  count(): Promise<number>;
  /** The stored specs (JSON) of these tools at these versions. */
  specs(names: readonly string[]): Promise<{ name: string; version: number; spec: string }[]>;
}

interface Entry {
  version: number;
  search: string;
  /** The provider id (x_…), from the index row: the graph lists nodes without reading specs. */
  provider: string | null;
  /** The stored spec, read when the tool is first needed (ensureImported), not with the index. */
  raw?: string;
  spec?: ImportedSpec;
  tool?: UpstreamToolSpec;
}

interface Layer {
  generation: number;
  checkedAt: number;
  entries: ReadonlyMap<string, Entry>;
  names: readonly string[];
  providers: ReadonlyMap<string, ImportedProviderInfo>;
  /** The latest update time read, where the next incremental load starts. */
  loadedUpTo: number;
}

const EMPTY_LAYER: Layer = { generation: 0, checkedAt: 0, entries: new Map(), names: [], providers: new Map(), loadedUpTo: 0 };
let layer: Layer = EMPTY_LAYER;
let loading: Promise<void> | null = null;

/** How long an isolate trusts its layer before it asks D1 for the generation again. */
const CHECK_INTERVAL_MS = 1000;

/** The stored spec, parsed once; a row that no longer parses is treated as absent (and logged). */
function specOf(name: string, entry: Entry): ImportedSpec | undefined {
  if (entry.spec) return entry.spec;
  if (entry.raw === undefined) return undefined;
  let value: unknown = null;
  try {
    value = JSON.parse(entry.raw);
  } catch {
    value = null;
  }
  const parsed = importedSpecSchema.safeParse(value);
  if (!parsed.success) {
    console.error(`imported tool ${name}: stored spec does not parse`);
    return undefined;
  }
  entry.spec = parsed.data;
  return entry.spec;
}

function providerInfo(raw: string): ImportedProviderInfo | null {
  let value: unknown = null;
  try {
    value = JSON.parse(raw);
  } catch {
    value = null;
  }
  const parsed = importedProviderSchema.safeParse(value);
  if (!parsed.success) return null;
  const provider = parsed.data;
  return {
    id: provider.id,
    name: provider.name,
    realBaseUrl: provider.origin,
    host: provider.host,
    keySecret: "DATA_GO_KR_SERVICE_KEY",
    keyEncoding: "datagokr",
    quota: { daily: provider.quotaDaily, status: "reported" },
  };
}

/**
 * Reads what changed since the layer was last loaded (everything the first time, or when tools
 * were removed): an import of 200 tools into a catalog of 10,000 reads 200 rows, not 10,200.
 */
async function reload(source: ImportedSource, generation: number, full = false): Promise<void> {
  const since = full || layer.entries.size === 0 ? null : layer.loadedUpTo;
  const rows = await source.load(since);
  const entries = new Map<string, Entry>(since === null ? [] : layer.entries);
  const providers = new Map<string, ImportedProviderInfo>(since === null ? [] : layer.providers);
  let loadedUpTo = since ?? 0;
  for (const row of rows) {
    const before = entries.get(row.name);
    const provider = providerInfo(row.provider);
    entries.set(row.name, before && before.version === row.version ? before : { version: row.version, search: row.search, provider: provider?.id ?? null });
    if (provider) providers.set(provider.id, provider);
    loadedUpTo = Math.max(loadedUpTo, row.updatedAt);
  }
  if (since !== null && (await source.count()) !== entries.size) return reload(source, generation, true);
  registerImportedProviders(providers);
  layer = { generation, checkedAt: Date.now(), entries, names: [...entries.keys()].sort(), providers, loadedUpTo };
}

/**
 * Forgets the layer (and the providers it registered): what a reset of D1 needs in an isolate that
 * lives on, since a layer checked less than a second ago is trusted and a fresh database starts at
 * the same generation as the last one.
 */
export function forgetImported(): void {
  layer = EMPTY_LAYER;
  loading = null;
  registerImportedProviders(new Map());
}

/**
 * Brings the layer up to date when its generation may be old (or when `want` names a tool it does
 * not hold). Concurrent callers share one reload.
 */
export async function syncImported(source: ImportedSource, options: { want?: string; force?: boolean } = {}): Promise<void> {
  const missing = options.want !== undefined && !layer.entries.has(options.want);
  if (!options.force && !missing && Date.now() - layer.checkedAt < CHECK_INTERVAL_MS) return;
  if (loading) return loading;
  loading = (async () => {
    const generation = await source.generation();
    if (generation !== layer.generation || options.force) await reload(source, generation);
    else layer = { ...layer, checkedAt: Date.now() };
  })();
  try {
    await loading;
  } finally {
    loading = null;
  }
}

/**
 * Reads the specs of these imported tools (or of all, with `"all"`) that this isolate has not read
 * yet. Whatever needs a tool's spec (a call, a page of the list, a graph job) ensures it first.
 */
export async function ensureImported(source: ImportedSource, names: readonly string[] | "all"): Promise<void> {
  const wanted = (names === "all" ? layer.names : names).filter((name) => {
    const entry = layer.entries.get(name);
    return entry !== undefined && entry.raw === undefined;
  });
  for (let i = 0; i < wanted.length; i += 90) {
    for (const row of await source.specs(wanted.slice(i, i + 90))) {
      const entry = layer.entries.get(row.name);
      if (entry && entry.version === row.version) entry.raw = row.spec;
    }
  }
}

export function importedTool(name: string): UpstreamToolSpec | undefined {
  const entry = layer.entries.get(name);
  if (!entry) return undefined;
  if (entry.tool) return entry.tool;
  const spec = specOf(name, entry);
  if (!spec) return undefined;
  entry.tool = toolSpecOf(spec, entry.version);
  return entry.tool;
}

export function importedSpec(name: string): ImportedSpec | undefined {
  const entry = layer.entries.get(name);
  return entry ? specOf(name, entry) : undefined;
}

/** Imported tool names in name order. */
export function importedNames(): readonly string[] {
  return layer.names;
}

/** The lower-case search text of an imported tool (name, titles, provider, tags). */
export function importedSearchText(name: string): string {
  return layer.entries.get(name)?.search ?? "";
}

/** The provider id of an imported tool, from the index (no spec read). */
export function importedProviderId(name: string): string | null {
  return layer.entries.get(name)?.provider ?? null;
}
