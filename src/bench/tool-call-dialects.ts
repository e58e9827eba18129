/**
 * Tool calls in the text formats model servers leave unparsed, one case per format a dialect's own
 * tests show (vLLM's tool-parser tests; for Mistral's [CALL_ID] form, its tokenizer's rendering),
 * with the calls it holds or "text" for a message that holds none. Shared by tool-calls.test.ts
 * (one test a case) and `npm run check:dialects` (a table a dialect).
 */
import { canonical } from "./canonical";
import { parseToolCalls } from "./tool-calls";

export interface ExpectedCall {
  name: string;
  arguments: Record<string, unknown>;
}

export interface DialectCase {
  /** The model family whose format this is. */
  dialect: string;
  description: string;
  raw: string;
  /** The calls the text holds, in order, or "text" when it holds none. */
  expected: readonly ExpectedCall[] | "text";
  /** The prose left beside the calls, where the case is about it. */
  text?: string;
}

/** What the parser read: each call (one it could not use as its reason) and the prose. */
export interface Decoded {
  calls: (ExpectedCall | { malformed: string })[] | "text";
  text: string;
}

export function decode(raw: string): Decoded {
  // Every name is a tool here: the cases are about reading calls, not about which tools exist.
  const parsed = parseToolCalls({ content: raw }, (name) => name);
  const calls = parsed.entries.map((e) => (e.kind === "call" ? { name: e.name, arguments: e.args } : { malformed: `${e.name ?? "(no name)"}: ${e.reason}` }));
  return { calls: calls.length === 0 ? "text" : calls, text: parsed.text };
}

export function decodes(c: DialectCase): boolean {
  const decoded = decode(c.raw);
  return canonical(decoded.calls) === canonical(c.expected) && (c.text === undefined || decoded.text === c.text);
}

const call = (name: string, args: Record<string, unknown> = {}): ExpectedCall => ({ name, arguments: args });

const TOKYO = call("get_weather", { city: "Tokyo" });
const TOKYO_TIME = call("get_time", { timezone: "Asia/Tokyo" });
const DALLAS = { city: "Dallas", state: "TX", unit: "fahrenheit" };
const ORLANDO = { city: "Orlando", state: "FL", unit: "fahrenheit" };
const SAN_FRANCISCO = { city: "San Francisco", state: "CA", unit: "celsius" };

/** vLLM's common parser tests: one argument of every JSON type, and strings that need escapes. */
const ALL_TYPES_JSON = `{
    "string_field": "hello",
    "int_field": 42,
    "float_field": 3.14,
    "bool_field": true,
    "null_field": null,
    "array_field": ["a", "b", "c"],
    "object_field": {"nested": "value"},
    "empty_array": [],
    "empty_object": {}
  }`;
const ALL_TYPES = call("test_function", {
  string_field: "hello",
  int_field: 42,
  float_field: 3.14,
  bool_field: true,
  null_field: null,
  array_field: ["a", "b", "c"],
  object_field: { nested: "value" },
  empty_array: [],
  empty_object: {},
});
const ESCAPED_JSON = String.raw`{
    "quoted": "He said \"hello\"",
    "path": "C:\\Users\\file.txt",
    "newline": "line1\nline2",
    "unicode": "emoji: 🎉"
  }`;
const ESCAPED = call("test_function", { quoted: 'He said "hello"', path: "C:\\Users\\file.txt", newline: "line1\nline2", unicode: "emoji: 🎉" });

const hermes: DialectCase[] = [
  { dialect: "hermes", description: "a call between the tags", raw: '<tool_call>\n{"name": "final_answer", "arguments": {"trigger": true}}\n</tool_call>', expected: [call("final_answer", { trigger: true })] },
  { dialect: "hermes", description: "a call running to the end of the stream", raw: '<tool_call>\n{"name": "final_answer", "arguments": {"trigger": true}}', expected: [call("final_answer", { trigger: true })] },
  {
    dialect: "hermes",
    description: "prose before the call",
    raw: 'Sure, let me check the weather.<tool_call>{"name": "get_weather", "arguments": {"city": "NYC"}}</tool_call>',
    expected: [call("get_weather", { city: "NYC" })],
    text: "Sure, let me check the weather.",
  },
  {
    dialect: "hermes",
    description: "two blocks back to back",
    raw: '<tool_call>{"name": "search", "arguments": {"q": "cats"}}</tool_call><tool_call>{"name": "search", "arguments": {"q": "dogs"}}</tool_call>',
    expected: [call("search", { q: "cats" }), call("search", { q: "dogs" })],
  },
  {
    dialect: "hermes",
    description: "JSON without spaces",
    raw: '<tool_call>{"name": "get_current_temperature","arguments": {"location":"San Francisco, California, United States", "unit": "celsius"}}</tool_call>',
    expected: [call("get_current_temperature", { location: "San Francisco, California, United States", unit: "celsius" })],
  },
  {
    dialect: "hermes",
    description: "arguments already serialized (Granite 4)",
    raw: '<tool_call>\n{"name": "get_db_config", "arguments": "{\\"param\\": \\"max_connections\\"}"}\n</tool_call>',
    expected: [call("get_db_config", { param: "max_connections" })],
  },
  {
    dialect: "hermes",
    description: "prose after the block",
    raw: '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Seoul"}}\n</tool_call>\nI will report back with the forecast.',
    expected: [call("get_weather", { city: "Seoul" })],
    text: "I will report back with the forecast.",
  },
  { dialect: "hermes", description: "reasoning before the call (Qwen3)", raw: '<think>\nThe user wants the weather in Tokyo.\n</think>\n\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Tokyo"}}\n</tool_call>', expected: [TOKYO] },
  { dialect: "hermes", description: "a plain answer", raw: "This is not a tool call.", expected: "text" },
];

const granite: DialectCase[] = [
  { dialect: "granite", description: "Granite 3.0 <|tool_call|> list", raw: '<|tool_call|> [{"name": "get_weather", "arguments": {"city": "Tokyo"}}]', expected: [TOKYO] },
  { dialect: "granite", description: "Granite 3.1 <tool_call> list", raw: '<tool_call> [{"name": "get_weather", "arguments": {"city": "Tokyo"}}]', expected: [TOKYO] },
  {
    dialect: "granite",
    description: "parallel calls on several lines",
    raw: '<|tool_call|> [\n  {"name": "get_weather", "arguments": {"city": "Tokyo"}},\n  {"name": "get_time", "arguments": {"timezone": "Asia/Tokyo"}}\n]',
    expected: [TOKYO, TOKYO_TIME],
  },
  { dialect: "granite", description: "every JSON type", raw: `<tool_call> [{\n  "name": "test_function",\n  "arguments": ${ALL_TYPES_JSON}\n}]`, expected: [ALL_TYPES] },
  { dialect: "granite", description: "empty arguments", raw: '<|tool_call|> [{"name": "refresh", "arguments": {}}]', expected: [call("refresh")] },
  {
    dialect: "granite",
    description: "prose before and after the list",
    raw: 'Let me check the weather for you.\n<|tool_call|> [{"name": "get_weather", "arguments": {"city": "Tokyo"}}]\nI\'ll get that information.',
    expected: [TOKYO],
    text: "Let me check the weather for you.\nI'll get that information.",
  },
  { dialect: "granite", description: "escaped strings", raw: `<tool_call> [{\n  "name": "test_function",\n  "arguments": ${ESCAPED_JSON}\n}]`, expected: [ESCAPED] },
  {
    dialect: "granite",
    description: "arguments before the name",
    raw: '<|tool_call|> [{"arguments": {"city": "Tokyo"}, "name": "get_weather"}, {"arguments": {"timezone": "Asia/Tokyo"}, "name": "get_time"}]',
    expected: [TOKYO, TOKYO_TIME],
  },
  {
    dialect: "granite",
    description: "no space after the token",
    raw: '<|tool_call|>[{"name": "get_weather", "arguments": {"x": 42}}, {"name": "b", "arguments": {"y": 7}}]',
    expected: [call("get_weather", { x: 42 }), call("b", { y: 7 })],
  },
  { dialect: "granite", description: "a plain answer", raw: "This is a regular response without any tool calls.", expected: "text" },
];

const granite20b: DialectCase[] = [
  { dialect: "granite-20b-fc", description: "one <function_call>", raw: '<function_call> {"name": "get_weather", "arguments": {"city": "Tokyo"}}', expected: [TOKYO] },
  {
    dialect: "granite-20b-fc",
    description: "one <function_call> per call",
    raw: '<function_call> {"name": "get_weather", "arguments": {"city": "Tokyo"}}\n<function_call> {"name": "get_time", "arguments": {"timezone": "Asia/Tokyo"}}',
    expected: [TOKYO, TOKYO_TIME],
  },
  { dialect: "granite-20b-fc", description: "every JSON type", raw: `<function_call> {\n  "name": "test_function",\n  "arguments": ${ALL_TYPES_JSON}\n}`, expected: [ALL_TYPES] },
  { dialect: "granite-20b-fc", description: "empty arguments", raw: '<function_call> {"name": "refresh", "arguments": {}}', expected: [call("refresh")] },
  {
    dialect: "granite-20b-fc",
    description: "prose before the call",
    raw: 'Let me check the weather for you.\n<function_call> {"name": "get_weather", "arguments": {"city": "Tokyo"}}',
    expected: [TOKYO],
    text: "Let me check the weather for you.",
  },
  { dialect: "granite-20b-fc", description: "escaped strings", raw: `<function_call> {\n  "name": "test_function",\n  "arguments": ${ESCAPED_JSON}\n}`, expected: [ESCAPED] },
  { dialect: "granite-20b-fc", description: "a plain answer", raw: "This is a regular response without any tool calls.", expected: "text" },
];

const DALLAS_LIST = '[{"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}]';

const xlam: DialectCase[] = [
  {
    dialect: "xlam",
    description: "a bare list of parallel calls",
    raw: '[{"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}, {"name": "get_current_weather", "arguments": {"city": "Orlando", "state": "FL", "unit": "fahrenheit"}}]',
    expected: [call("get_current_weather", DALLAS), call("get_current_weather", ORLANDO)],
  },
  { dialect: "xlam", description: "a list after reasoning", raw: `<think>I'll help you with that.</think>${DALLAS_LIST}`, expected: [call("get_current_weather", DALLAS)] },
  {
    dialect: "xlam",
    description: "a list in a ```json fence",
    raw: `I'll help you with that.\n\`\`\`json\n${DALLAS_LIST}\n\`\`\``,
    expected: [call("get_current_weather", DALLAS)],
    text: "I'll help you with that.",
  },
  {
    dialect: "xlam",
    description: "a list after [TOOL_CALLS]",
    raw: `I'll check the weather for you.[TOOL_CALLS]${DALLAS_LIST}`,
    expected: [call("get_current_weather", DALLAS)],
    text: "I'll check the weather for you.",
  },
  {
    dialect: "xlam",
    description: "a list in <tool_call> tags",
    raw: `I'll help you check the weather.<tool_call>${DALLAS_LIST}</tool_call>`,
    expected: [call("get_current_weather", DALLAS)],
    text: "I'll help you check the weather.",
  },
  {
    dialect: "xlam",
    description: "a list of one call",
    raw: '[{"name": "get_current_weather", "arguments": {"city": "Seattle", "state": "WA", "unit": "celsius"}}]',
    expected: [call("get_current_weather", { city: "Seattle", state: "WA", unit: "celsius" })],
  },
  { dialect: "xlam", description: "a plain answer", raw: "This is a test", expected: "text" },
];

const mistral: DialectCase[] = [
  { dialect: "mistral", description: "v0.3 list", raw: '[TOOL_CALLS][{"name": "add", "arguments":{"a": 3.5, "b": 4}}]', expected: [call("add", { a: 3.5, b: 4 })] },
  {
    dialect: "mistral",
    description: "v0.3 list after a space",
    raw: '[TOOL_CALLS] [{"name": "get_current_weather", "arguments":{"city": "San Francisco", "state": "CA", "unit": "celsius"}}]',
    expected: [call("get_current_weather", SAN_FRANCISCO)],
  },
  {
    dialect: "mistral",
    description: "v0.3 arguments before the name",
    raw: '[TOOL_CALLS] [{"arguments":{"city": "San Francisco", "state": "CA", "unit": "celsius"}, "name": "get_current_weather"}]',
    expected: [call("get_current_weather", SAN_FRANCISCO)],
  },
  { dialect: "mistral", description: "v0.3 a name among the arguments", raw: '[TOOL_CALLS] [{"arguments":{"name": "John Doe"}, "name": "get_age"}]', expected: [call("get_age", { name: "John Doe" })] },
  {
    dialect: "mistral",
    description: "v0.3 two calls in the list",
    raw: '[TOOL_CALLS] [{"name": "add", "arguments": {"a": 3.5, "b": 4}}, {"name": "get_current_weather", "arguments":{"city": "San Francisco", "state": "CA", "unit": "celsius"}}]',
    expected: [call("add", { a: 3.5, b: 4 }), call("get_current_weather", SAN_FRANCISCO)],
  },
  { dialect: "mistral", description: "v0.3 prose before the list", raw: 'Hello[TOOL_CALLS] [{"name": "add", "arguments":{"a": 1, "b": 2}}]', expected: [call("add", { a: 1, b: 2 })], text: "Hello" },
  {
    dialect: "mistral",
    description: "v0.3 a line of prose after the list",
    raw: '[TOOL_CALLS] [{"name": "get_current_weather", "arguments":{"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}]\nextra trailing data',
    expected: [call("get_current_weather", DALLAS)],
    text: "extra trailing data",
  },
  { dialect: "mistral", description: "v0.3 spaces around every token", raw: '[TOOL_CALLS]  [ {"name":"add" , "arguments" : {"a": 3, "b": 4} } ]', expected: [call("add", { a: 3, b: 4 })] },
  { dialect: "mistral", description: "v0.3 numbers as strings", raw: '[TOOL_CALLS] [{"name": "add", "arguments":{"a": "3", "b": "4"}}]', expected: [call("add", { a: "3", b: "4" })] },
  { dialect: "mistral", description: "v11 name then arguments", raw: '[TOOL_CALLS]add_this_and_that{"a": 3.5, "b": 4}', expected: [call("add_this_and_that", { a: 3.5, b: 4 })] },
  {
    dialect: "mistral",
    description: "v11 several arguments",
    raw: '[TOOL_CALLS]get_current_weather{"city": "San Francisco", "state": "CA", "unit": "celsius"}',
    expected: [call("get_current_weather", SAN_FRANCISCO)],
  },
  { dialect: "mistral", description: "v11 one [TOOL_CALLS] per call", raw: '[TOOL_CALLS]add{"a": 3.5, "b": 4}[TOOL_CALLS]multiply{"a": 3, "b": 6}', expected: [call("add", { a: 3.5, b: 4 }), call("multiply", { a: 3, b: 6 })] },
  { dialect: "mistral", description: "v11 prose before the call", raw: 'bla[TOOL_CALLS]add_this_and_that{"a": 3.5, "b": 4}', expected: [call("add_this_and_that", { a: 3.5, b: 4 })], text: "bla" },
  {
    dialect: "mistral",
    description: "v11 braces and quotes in the prose and the arguments",
    raw: String.raw`hi{hi[TOOL_CALLS]bash{"command": "print(\"hello world!\")\nre.compile(r'{}')"}`,
    expected: [call("bash", { command: "print(\"hello world!\")\nre.compile(r'{}')" })],
    text: "hi{hi",
  },
  { dialect: "mistral", description: "[ARGS] between name and arguments (Magistral)", raw: '[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}', expected: [call("get_weather", { city: "Paris" })] },
  {
    dialect: "mistral",
    description: "[CALL_ID] and [ARGS] (Mistral Small 3.2)",
    raw: '[TOOL_CALLS]get_weather[CALL_ID]call12345[ARGS]{"location": "San Francisco, CA"}</s>',
    expected: [call("get_weather", { location: "San Francisco, CA" })],
  },
  {
    dialect: "mistral",
    description: "[CALL_ID] calls one after another",
    raw: '[TOOL_CALLS]get_weather[CALL_ID]abcDEF123[ARGS]{"city": "Zürich"}[TOOL_CALLS]get_weather[CALL_ID]xyzXYZ789[ARGS]{"city": "Bern"}</s>',
    expected: [call("get_weather", { city: "Zürich" }), call("get_weather", { city: "Bern" })],
  },
  { dialect: "mistral", description: "a plain answer", raw: "This is a test", expected: "text" },
];

const llama3: DialectCase[] = [
  {
    dialect: "llama3-json",
    description: "a call after a colon, a question after it",
    raw: 'Here is the result: {"name": "getOpenIncidentsTool", "parameters": {}} Would you like to know more?',
    expected: [call("getOpenIncidentsTool")],
  },
  { dialect: "llama3-json", description: "parameters", raw: '{"name": "searchTool", "parameters": {"query": "test query", "limit": 10}}', expected: [call("searchTool", { query: "test query", limit: 10 })] },
  { dialect: "llama3-json", description: "arguments in place of parameters", raw: '{"name": "searchTool", "arguments": {"query": "test"}}', expected: [call("searchTool", { query: "test" })] },
  {
    dialect: "llama3-json",
    description: "three calls joined by ;",
    raw: '{"name": "searchTool", "parameters": {"query": "test1"}}; {"name": "getOpenIncidentsTool", "parameters": {}}; {"name": "searchTool", "parameters": {"query": "test2"}}',
    expected: [call("searchTool", { query: "test1" }), call("getOpenIncidentsTool"), call("searchTool", { query: "test2" })],
  },
  {
    dialect: "llama3-json",
    description: "calls joined by ; with spaces around",
    raw: '{"name": "searchTool", "parameters": {"query": "test1"}} ; {"name": "getOpenIncidentsTool", "parameters": {}} ; {"name": "searchTool", "parameters": {"query": "test2"}}',
    expected: [call("searchTool", { query: "test1" }), call("getOpenIncidentsTool"), call("searchTool", { query: "test2" })],
  },
  {
    dialect: "llama3-json",
    description: "calls with prose around them",
    raw: 'Here are the results: {"name": "searchTool", "parameters": {"query": "test1"}}; {"name": "getOpenIncidentsTool", "parameters": {}}; {"name": "searchTool", "parameters": {"query": "test2"}} Would you like to know more?',
    expected: [call("searchTool", { query: "test1" }), call("getOpenIncidentsTool"), call("searchTool", { query: "test2" })],
  },
  {
    dialect: "llama3-json",
    description: "parameters nested five deep",
    raw: '{"name": "complexTool", "parameters": {"level1": {"level2": {"level3": {"level4": {"value": "deep"}}}}}}',
    expected: [call("complexTool", { level1: { level2: { level3: { level4: { value: "deep" } } } } })],
  },
  {
    dialect: "llama3-json",
    description: "a simple and a deeply nested call",
    raw: '{"name": "simpleTool", "parameters": {"value": "test"}}; {"name": "complexTool", "parameters": {"config": {"database": {"connection": {"pool": {"size": 10}}}}}}',
    expected: [call("simpleTool", { value: "test" }), call("complexTool", { config: { database: { connection: { pool: { size: 10 } } } } })],
  },
  {
    dialect: "llama3-json",
    description: "brackets inside strings",
    raw: '{"name": "searchTool", "parameters": {"query": "test {value} [complex]","nested": {"inner": "more {brackets}"}}}',
    expected: [call("searchTool", { query: "test {value} [complex]", nested: { inner: "more {brackets}" } })],
  },
  {
    dialect: "llama3-json",
    description: "escaped quotes around braces",
    raw: String.raw`{"name": "parserTool", "parameters": {"text": "He said \"Hello {world}\""}}`,
    expected: [call("parserTool", { text: 'He said "Hello {world}"' })],
  },
  {
    dialect: "llama3-json",
    description: "a brace in the prose after the call",
    raw: '{"name": "searchTool", "parameters": {"query": "test"}} I used {searchTool} for this.',
    expected: [call("searchTool", { query: "test" })],
    text: "I used {searchTool} for this.",
  },
  {
    dialect: "llama3-json",
    description: "prose after the call",
    raw: '{"name": "searchTool", "parameters": {"query": "test"}} I used searchTool for this.',
    expected: [call("searchTool", { query: "test" })],
    text: "I used searchTool for this.",
  },
  {
    dialect: "llama3-json",
    description: "the arguments quoted in the prose after the call",
    raw: '{"name": "searchTool", "parameters": {"query": "test"}} The arguments I passed were {"query": "test"}',
    expected: [call("searchTool", { query: "test" })],
    text: 'The arguments I passed were {"query": "test"}',
  },
  {
    dialect: "llama3-json",
    description: "calls on lines of their own",
    raw: '{"name": "searchTool", "parameters": {"query": "test1"}}\n{"name": "getOpenIncidentsTool", "parameters": {}}',
    expected: [call("searchTool", { query: "test1" }), call("getOpenIncidentsTool")],
  },
  {
    dialect: "llama3-json",
    description: "<|python_tag|> and <|eom_id|>",
    raw: '<|python_tag|>{"name": "get_weather", "parameters": {"city": "Tokyo"}}<|eom_id|>',
    expected: [TOKYO],
  },
  { dialect: "llama3-json", description: "JSON without a name", raw: '{"parameters": {}}', expected: "text" },
  { dialect: "llama3-json", description: "a name without parameters", raw: '{"name": "toolWithoutParams"}', expected: "text" },
  { dialect: "llama3-json", description: "JSON that does not parse", raw: '{"name": "invalidTool", "parameters": {invalid json}', expected: "text" },
  { dialect: "llama3-json", description: "a plain answer", raw: "This is just some text without any tool calls", expected: "text" },
];

const REGISTER_USER = call("register_user", { name: "John Doe", age: 37, address: { city: "San Francisco", state: "CA" }, role: null, passed_test: true, aliases: ["John", "Johnny"] });
const REGISTER_USER_PY = "register_user(name='John Doe', age=37, address={'city': 'San Francisco', 'state': 'CA'}, role=None, passed_test=True, aliases=['John', 'Johnny'])";
const LA = call("get_weather", { city: "LA", metric: "C" });

const pythonic: DialectCase[] = [
  {
    dialect: "pythonic",
    description: "one call",
    raw: "[get_weather(city='San Francisco', metric='celsius')]",
    expected: [call("get_weather", { city: "San Francisco", metric: "celsius" })],
  },
  { dialect: "pythonic", description: "every Python literal", raw: `[${REGISTER_USER_PY}]`, expected: [REGISTER_USER] },
  { dialect: "pythonic", description: "no arguments", raw: "[get_weather()]", expected: [call("get_weather")] },
  { dialect: "pythonic", description: "an empty dict", raw: "[do_something_cool(additional_data={})]", expected: [call("do_something_cool", { additional_data: {} })] },
  { dialect: "pythonic", description: "an empty list", raw: "[do_something_cool(steps=[])]", expected: [call("do_something_cool", { steps: [] })] },
  {
    dialect: "pythonic",
    description: "escaped quotes",
    raw: String.raw`[get_weather(city='Martha\'s Vineyard', metric='\"cool units\"')]`,
    expected: [call("get_weather", { city: "Martha's Vineyard", metric: '"cool units"' })],
  },
  {
    dialect: "pythonic",
    description: "parallel calls",
    raw: `[get_weather(city='San Francisco', metric='celsius'), ${REGISTER_USER_PY}]`,
    expected: [call("get_weather", { city: "San Francisco", metric: "celsius" }), REGISTER_USER],
  },
  { dialect: "pythonic", description: "a plain answer", raw: "How can I help you today?", expected: "text" },
];

const llama4: DialectCase[] = [
  { dialect: "llama4-pythonic", description: "<|python_start|> and <|python_end|>", raw: "<|python_start|>[get_weather(city='LA', metric='C')]<|python_end|>", expected: [LA] },
  {
    dialect: "llama4-pythonic",
    description: "parallel calls without spaces",
    raw: "[get_weather(city='LA',metric='C'),register_user(name='Doe',age=9)]",
    expected: [LA, call("register_user", { name: "Doe", age: 9 })],
  },
  {
    dialect: "llama4-pythonic",
    description: "<|python_start|> without its end",
    raw: "<|python_start|>[get_weather(city='LA', metric='C'), register_user(name='Doe', age=9)]",
    expected: [LA, call("register_user", { name: "Doe", age: 9 })],
  },
  {
    dialect: "llama4-pythonic",
    description: "three calls, one without arguments",
    raw: "<|python_start|>[get_weather(city='LA', metric='C'), get_weather(), do_something_cool(steps=[])]<|python_end|>",
    expected: [LA, call("get_weather"), call("do_something_cool", { steps: [] })],
  },
  {
    dialect: "llama4-pythonic",
    description: "every Python literal",
    raw: "[register_user(name='Doe', age=9, address={'city': 'LA', 'state': 'CA'}, role=None, passed_test=True, aliases=['John', 'Johnny'])]",
    expected: [call("register_user", { name: "Doe", age: 9, address: { city: "LA", state: "CA" }, role: null, passed_test: true, aliases: ["John", "Johnny"] })],
  },
];

const DS = { begin: "<｜tool▁calls▁begin｜>", call: "<｜tool▁call▁begin｜>", sep: "<｜tool▁sep｜>", close: "<｜tool▁call▁end｜>", end: "<｜tool▁calls▁end｜>" };
const dsFenced = (name: string, json: string) => `${DS.call}function${DS.sep}${name}\n\`\`\`json\n${json}\n\`\`\`${DS.close}`;

const deepseek: DialectCase[] = [
  {
    dialect: "deepseek-v3",
    description: "one fenced call",
    raw: `${DS.begin}${dsFenced("get_weather", '{"city": "Tokyo", "unit": "celsius"}')}${DS.end}`,
    expected: [call("get_weather", { city: "Tokyo", unit: "celsius" })],
  },
  {
    dialect: "deepseek-v3",
    description: "two fenced calls",
    raw: `${DS.begin}${dsFenced("get_weather", '{"city": "Tokyo", "unit": "celsius"}')}${dsFenced("search_hotels", '{"location": "Tokyo", "check_in": "2025-01-15"}')}${DS.end}`,
    expected: [call("get_weather", { city: "Tokyo", unit: "celsius" }), call("search_hotels", { location: "Tokyo", check_in: "2025-01-15" })],
  },
  { dialect: "deepseek-v3", description: "every JSON type", raw: `${DS.begin}${dsFenced("test_function", ALL_TYPES_JSON)}${DS.end}`, expected: [ALL_TYPES] },
  { dialect: "deepseek-v3", description: "empty arguments", raw: `${DS.begin}${dsFenced("get_current_time", "{}")}${DS.end}`, expected: [call("get_current_time")] },
  {
    dialect: "deepseek-v3",
    description: "prose before the calls",
    raw: `Let me check the weather for you.${DS.begin}${dsFenced("get_weather", '{"city": "Paris"}')}${DS.end}`,
    expected: [call("get_weather", { city: "Paris" })],
    text: "Let me check the weather for you.",
  },
  { dialect: "deepseek-v3", description: "escaped strings", raw: `${DS.begin}${dsFenced("test_function", ESCAPED_JSON)}${DS.end}`, expected: [ESCAPED] },
  { dialect: "deepseek-v3", description: "a plain answer", raw: "How can I help you today? I can check weather for you.", expected: "text" },
  {
    dialect: "deepseek-v3.1",
    description: "a bare call after prose",
    raw: `normal text${DS.begin}${DS.call}foo${DS.sep}{"x":1}${DS.close}${DS.end}`,
    expected: [call("foo", { x: 1 })],
    text: "normal text",
  },
  {
    dialect: "deepseek-v3.1",
    description: "two calls with prose before and after",
    raw: `some prefix text${DS.begin}${DS.call}foo${DS.sep}{"x":1}${DS.close}${DS.call}bar${DS.sep}{"y":2}${DS.close}${DS.end} some suffix text`,
    expected: [call("foo", { x: 1 }), call("bar", { y: 2 })],
    text: "some prefix text\nsome suffix text",
  },
  { dialect: "deepseek-v3.1", description: "cut off before the first call", raw: `Let me look that up.${DS.begin}get_weather`, expected: "text" },
];

const qwen3Coder: DialectCase[] = [
  {
    dialect: "qwen3-coder",
    description: "one call",
    raw: "<tool_call>\n<function=get_current_weather>\n<parameter=city>\nDallas\n</parameter>\n<parameter=state>\nTX\n</parameter>\n<parameter=unit>\nfahrenheit\n</parameter>\n</function>\n</tool_call>",
    expected: [call("get_current_weather", DALLAS)],
  },
  {
    dialect: "qwen3-coder",
    description: "prose before the call",
    raw: "Sure! Let me check the weather for you.<tool_call>\n<function=get_current_weather>\n<parameter=city>\nDallas\n</parameter>\n<parameter=state>\nTX\n</parameter>\n<parameter=unit>\nfahrenheit\n</parameter>\n</function>\n</tool_call>",
    expected: [call("get_current_weather", DALLAS)],
    text: "Sure! Let me check the weather for you.",
  },
  {
    dialect: "qwen3-coder",
    description: "a JSON value over two lines",
    raw: '<tool_call>\n<function=calculate_area>\n<parameter=shape>\nrectangle\n</parameter>\n<parameter=dimensions>\n{"width": 10, \n "height": 20}\n</parameter>\n<parameter=precision>\n2\n</parameter>\n</function>\n</tool_call>',
    expected: [call("calculate_area", { shape: "rectangle", dimensions: { width: 10, height: 20 }, precision: 2 })],
  },
  {
    dialect: "qwen3-coder",
    description: "parallel calls",
    raw: "<tool_call>\n<function=get_current_weather>\n<parameter=city>\nDallas\n</parameter>\n<parameter=state>\nTX\n</parameter>\n<parameter=unit>\nfahrenheit\n</parameter>\n</function>\n</tool_call>\n<tool_call>\n<function=get_current_weather>\n<parameter=city>\nOrlando\n</parameter>\n<parameter=state>\nFL\n</parameter>\n<parameter=unit>\nfahrenheit\n</parameter>\n</function>\n</tool_call>",
    expected: [call("get_current_weather", DALLAS), call("get_current_weather", ORLANDO)],
  },
  {
    dialect: "qwen3-coder",
    description: "numbers and an object as values",
    raw: 'Let me calculate that area for you.<tool_call>\n<function=calculate_area>\n<parameter=shape>\ncircle\n</parameter>\n<parameter=dimensions>\n{"radius": 15.5}\n</parameter>\n<parameter=precision>\n3\n</parameter>\n</function>\n</tool_call>',
    expected: [call("calculate_area", { shape: "circle", dimensions: { radius: 15.5 }, precision: 3 })],
    text: "Let me calculate that area for you.",
  },
  {
    dialect: "qwen3-coder",
    description: "<function=…> without <tool_call>",
    raw: "<function=get_current_weather>\n<parameter=city>\nDallas\n</parameter>\n<parameter=state>\nTX\n</parameter>\n</function>",
    expected: [call("get_current_weather", { city: "Dallas", state: "TX" })],
  },
  {
    dialect: "qwen3-coder",
    description: "a </parameter> missing",
    raw: "Let me check the weather for you:\n<tool_call>\n<function=get_current_weather>\n<parameter=city>\nDallas\n<parameter=state>\nTX\n</parameter>\n<parameter=unit>\nfahrenheit\n</parameter>\n</function>\n</tool_call>",
    expected: [call("get_current_weather", DALLAS)],
    text: "Let me check the weather for you:",
  },
  {
    dialect: "qwen3-coder",
    description: "typed values",
    raw: '<tool_call>\n<function=test_types>\n<parameter=int_param>\n42\n</parameter>\n<parameter=float_param>\n3.14\n</parameter>\n<parameter=bool_param>\ntrue\n</parameter>\n<parameter=str_param>\nhello world\n</parameter>\n<parameter=obj_param>\n{"key": "value"}\n</parameter>\n</function>\n</tool_call>',
    expected: [call("test_types", { int_param: 42, float_param: 3.14, bool_param: true, str_param: "hello world", obj_param: { key: "value" } })],
  },
  {
    dialect: "qwen3-coder",
    description: "a list as a value",
    raw: '<tool_call>\n<function=test_anyof>\n<parameter=anyof_int>\n5\n</parameter>\n<parameter=anyof_str>\nhello\n</parameter>\n<parameter=anyof_array>\n["a", "b", "c"]\n</parameter>\n<parameter=multi_non_null>\nsome text\n</parameter>\n</function>\n</tool_call>',
    expected: [call("test_anyof", { anyof_int: 5, anyof_str: "hello", anyof_array: ["a", "b", "c"], multi_non_null: "some text" })],
  },
  { dialect: "qwen3-coder", description: "a plain answer", raw: "This is a test response without any tool calls", expected: "text" },
];

const glm: DialectCase[] = [
  {
    dialect: "glm-4.5",
    description: "one call, indented",
    raw: "<tool_call>get_current_weather\n    <arg_key>city</arg_key>\n    <arg_value>Dallas</arg_value>\n    <arg_key>state</arg_key>\n    <arg_value>TX</arg_value>\n    <arg_key>unit</arg_key>\n    <arg_value>fahrenheit</arg_value>\n    </tool_call>",
    expected: [call("get_current_weather", DALLAS)],
  },
  {
    dialect: "glm-4.5",
    description: "two calls",
    raw: "<tool_call>get_current_weather\n    <arg_key>city</arg_key>\n    <arg_value>Dallas</arg_value>\n    <arg_key>state</arg_key>\n    <arg_value>TX</arg_value>\n    <arg_key>unit</arg_key>\n    <arg_value>fahrenheit</arg_value>\n    </tool_call>\n    <tool_call>get_current_weather\n    <arg_key>city</arg_key>\n    <arg_value>Orlando</arg_value>\n    <arg_key>state</arg_key>\n    <arg_value>FL</arg_value>\n    <arg_key>unit</arg_key>\n    <arg_value>fahrenheit</arg_value>\n    </tool_call>",
    expected: [call("get_current_weather", DALLAS), call("get_current_weather", ORLANDO)],
  },
  {
    dialect: "glm-4.5",
    description: "prose before the call",
    raw: "I'll help you check the weather. <tool_call>get_current_weather\n    <arg_key>city</arg_key>\n    <arg_value>Seattle</arg_value>\n    <arg_key>state</arg_key>\n    <arg_value>WA</arg_value>\n    <arg_key>unit</arg_key>\n    <arg_value>celsius</arg_value>\n    </tool_call>",
    expected: [call("get_current_weather", { city: "Seattle", state: "WA", unit: "celsius" })],
    text: "I'll help you check the weather.",
  },
  {
    dialect: "glm-4.5",
    description: "a value with a space",
    raw: "<tool_call>get_current_weather\n    <arg_key>city</arg_key>\n    <arg_value>New York</arg_value>\n    <arg_key>state</arg_key>\n    <arg_value>NY</arg_value>\n    <arg_key>unit</arg_key>\n    <arg_value>celsius</arg_value>\n    </tool_call>",
    expected: [call("get_current_weather", { city: "New York", state: "NY", unit: "celsius" })],
  },
  {
    dialect: "glm-4.5",
    description: "a date stays a string",
    raw: "I will help you get the weather.<tool_call>get_weather\n    <arg_key>city</arg_key>\n    <arg_value>Beijing</arg_value>\n    <arg_key>date</arg_key>\n    <arg_value>2025-08-01</arg_value>\n    </tool_call>",
    expected: [call("get_weather", { city: "Beijing", date: "2025-08-01" })],
    text: "I will help you get the weather.",
  },
  {
    dialect: "glm-4.5",
    description: "reasoning before the call",
    raw: "<think>I want to get the weather.</think>\n\nI will help you get the weather.\n<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n<arg_key>date</arg_key>\n<arg_value>2025-08-01</arg_value>\n</tool_call>",
    expected: [call("get_weather", { city: "Beijing", date: "2025-08-01" })],
    text: "I will help you get the weather.",
  },
  { dialect: "glm-4.5", description: "no arguments", raw: "<tool_call>get_current_time\n</tool_call>", expected: [call("get_current_time")] },
  {
    dialect: "glm-4.5",
    description: "prose between two calls",
    raw: "I will help you get the weather info.\n\n<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n<arg_key>date</arg_key>\n<arg_value>2025-08-01</arg_value>\n</tool_call>\n\nmeaningwhile, I will also check the weather in Shanghai.\n\n<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Shanghai</arg_value>\n<arg_key>date</arg_key>\n<arg_value>2025-08-01</arg_value>\n</tool_call>",
    expected: [call("get_weather", { city: "Beijing", date: "2025-08-01" }), call("get_weather", { city: "Shanghai", date: "2025-08-01" })],
    text: "I will help you get the weather info.\nmeaningwhile, I will also check the weather in Shanghai.",
  },
  {
    dialect: "glm-4.5",
    description: "sentences as values",
    raw: "<tool_call>send_message\n<arg_key>recipient</arg_key>\n<arg_value>Amy</arg_value>\n<arg_key>message</arg_key>\n<arg_value>It is a nice day</arg_value>\n<arg_key>priority</arg_key>\n<arg_value>high</arg_value>\n</tool_call>",
    expected: [call("send_message", { recipient: "Amy", message: "It is a nice day", priority: "high" })],
  },
  {
    dialect: "glm-4.5",
    description: "numbers and booleans parsed as JSON",
    raw: "<tool_call>calculate\n<arg_key>operation</arg_key>\n<arg_value>add</arg_value>\n<arg_key>a</arg_key>\n<arg_value>42</arg_value>\n<arg_key>b</arg_key>\n<arg_value>3.14</arg_value>\n<arg_key>enabled</arg_key>\n<arg_value>true</arg_value>\n</tool_call>",
    expected: [call("calculate", { operation: "add", a: 42, b: 3.14, enabled: true })],
  },
  {
    dialect: "glm-4.5",
    description: "whitespace kept in a string value",
    raw: "<tool_call>apply_diff\n<arg_key>s</arg_key>\n<arg_value>    indented code    </arg_value>\n</tool_call>",
    expected: [call("apply_diff", { s: "    indented code    " })],
  },
  {
    dialect: "glm-4.5",
    description: "quotes and a newline in a value",
    raw: '<tool_call>send_message\n<arg_key>message</arg_key><arg_value>Hello "world"\nNew line</arg_value></tool_call>',
    expected: [call("send_message", { message: 'Hello "world"\nNew line' })],
  },
  {
    dialect: "glm-4.5",
    description: "Chinese and an emoji",
    raw: "<tool_call>send_message\n<arg_key>greeting</arg_key>\n<arg_value>你好世界</arg_value>\n<arg_key>emoji</arg_key>\n<arg_value>🎉</arg_value>\n</tool_call>",
    expected: [call("send_message", { greeting: "你好世界", emoji: "🎉" })],
  },
  { dialect: "glm-4.5", description: "a plain answer", raw: "This is a test", expected: "text" },
];

const KIMI = { begin: "<|tool_calls_section_begin|>", end: "<|tool_calls_section_end|>", call: "<|tool_call_begin|>", args: "<|tool_call_argument_begin|>", close: "<|tool_call_end|>" };
/** A call as vLLM's Kimi-K2 tests write it: a space after the id. */
const kimiCall = (id: string, args: string) => `${KIMI.call}${id} ${KIMI.args}${args}${KIMI.close}`;
const kimiSection = (...calls: string[]) => `${KIMI.begin}${calls.join("")}${KIMI.end}`;

const kimi: DialectCase[] = [
  {
    dialect: "kimi-k2",
    description: "one call after prose",
    raw: `I'll check. ${kimiSection(kimiCall("functions.get_weather:0", '{"city": "Beijing"}'))}`,
    expected: [call("get_weather", { city: "Beijing" })],
    text: "I'll check.",
  },
  {
    dialect: "kimi-k2",
    description: "ids and arguments without spaces",
    raw: `${KIMI.begin}${KIMI.call}functions.get_weather:0${KIMI.args}{"city": "Tokyo"}${KIMI.close}${KIMI.end}`,
    expected: [TOKYO],
  },
  {
    dialect: "kimi-k2",
    description: "parallel calls",
    raw: `Compare weather. ${kimiSection(kimiCall("functions.get_weather:0", '{"city": "Beijing"}'), kimiCall("functions.get_weather:1", '{"city": "Shanghai"}'))}`,
    expected: [call("get_weather", { city: "Beijing" }), call("get_weather", { city: "Shanghai" })],
  },
  {
    dialect: "kimi-k2",
    description: "three tools",
    raw: `Multiple tasks. ${kimiSection(
      kimiCall("functions.get_weather:0", '{"city": "New York"}'),
      kimiCall("functions.get_news:1", '{"topic": "technology"}'),
      kimiCall("functions.send_email:2", '{"to": "user@example.com", "subject": "Daily Update"}'),
    )}`,
    expected: [call("get_weather", { city: "New York" }), call("get_news", { topic: "technology" }), call("send_email", { to: "user@example.com", subject: "Daily Update" })],
  },
  {
    dialect: "kimi-k2",
    description: "angle brackets in the arguments",
    raw: `Process HTML. ${kimiSection(kimiCall("functions.process_html:0", '{"html": "<div>content</div>"}'))}`,
    expected: [call("process_html", { html: "<div>content</div>" })],
  },
  {
    dialect: "kimi-k2",
    description: "arguments over several lines",
    raw: `Formatted. ${kimiSection(kimiCall("functions.process_data:0", '{\n  "name": "test",\n  "value": 123\n}'))}`,
    expected: [call("process_data", { name: "test", value: 123 })],
  },
  { dialect: "kimi-k2", description: "an id without functions.", raw: `No prefix. ${kimiSection(kimiCall("get_weather:0", '{"city": "Tokyo"}'))}`, expected: [TOKYO], text: "No prefix." },
  { dialect: "kimi-k2", description: "empty arguments", raw: `Empty args. ${kimiSection(kimiCall("functions.test:0", "{}"))}`, expected: [call("test")] },
  { dialect: "kimi-k2", description: "a plain answer", raw: "This is a test", expected: "text" },
];

const hunyuan: DialectCase[] = [
  {
    dialect: "hunyuan-a13b",
    description: "one call",
    raw: '<tool_calls>[{"name": "get_weather", "arguments": {"city": "San Francisco", "metric": "celsius"}}]</tool_calls>',
    expected: [call("get_weather", { city: "San Francisco", metric: "celsius" })],
  },
  {
    dialect: "hunyuan-a13b",
    description: "two calls, every JSON type",
    raw: '<tool_calls>[{"name": "get_weather", "arguments": {"city": "San Francisco", "metric": "celsius"}}, {"name": "register_user", "arguments": {"name": "John Doe", "age": 37, "address": {"city": "San Francisco", "state": "CA"}, "role": null, "passed_test": true, "aliases": ["John", "Johnny"]}}]</tool_calls>',
    expected: [call("get_weather", { city: "San Francisco", metric: "celsius" }), REGISTER_USER],
  },
  {
    dialect: "hunyuan-a13b",
    description: "prose before the calls",
    raw: 'I will call the tool now. <tool_calls>[{"name": "get_weather", "arguments": {"city": "Boston"}}]</tool_calls>',
    expected: [call("get_weather", { city: "Boston" })],
    text: "I will call the tool now.",
  },
  {
    dialect: "hunyuan-a13b",
    description: "prose after the calls",
    raw: '<tool_calls>[{"name": "get_weather", "arguments": {"city": "Seattle"}}]</tool_calls>\nThank you!',
    expected: [call("get_weather", { city: "Seattle" })],
    text: "Thank you!",
  },
  {
    dialect: "hunyuan-a13b",
    description: "nested arguments",
    raw: '<tool_calls>[{"name": "complex_tool", "arguments": {"level1": {"level2": {"level3": {"value": 123}}}}}]</tool_calls>',
    expected: [call("complex_tool", { level1: { level2: { level3: { value: 123 } } } })],
  },
  { dialect: "hunyuan-a13b", description: "Chinese in the arguments", raw: '<tool_calls>[{"name": "get_weather", "arguments": {"city": "北京"}}]</tool_calls>', expected: [call("get_weather", { city: "北京" })] },
  {
    dialect: "hunyuan-a13b",
    description: "empty arguments first",
    raw: '<tool_calls>[{"name": "a", "arguments": {}}, {"name": "b", "arguments": {"x": 42}}]</tool_calls>',
    expected: [call("a"), call("b", { x: 42 })],
  },
  {
    dialect: "hunyuan-a13b",
    description: "empty arguments last",
    raw: '<tool_calls>[{"name": "a", "arguments": {"x": 42}}, {"name": "b", "arguments": {}}]</tool_calls>',
    expected: [call("a", { x: 42 }), call("b")],
  },
  { dialect: "hunyuan-a13b", description: "a plain answer", raw: "How can I help you today?", expected: "text" },
];

const jamba: DialectCase[] = [
  { dialect: "jamba", description: "one call on its own line", raw: ` <tool_calls>[\n    {"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}\n]</tool_calls>`, expected: [call("get_current_weather", DALLAS)] },
  {
    dialect: "jamba",
    description: "prose before the calls",
    raw: ` Sure! let me call the tool for you.<tool_calls>[\n    {"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}\n]</tool_calls>`,
    expected: [call("get_current_weather", DALLAS)],
    text: "Sure! let me call the tool for you.",
  },
  {
    dialect: "jamba",
    description: "parallel calls",
    raw: ` <tool_calls>[\n    {"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}},\n    {"name": "get_current_weather", "arguments": {"city": "Orlando", "state": "FL", "unit": "fahrenheit"}}\n]</tool_calls>`,
    expected: [call("get_current_weather", DALLAS), call("get_current_weather", ORLANDO)],
  },
  {
    dialect: "jamba",
    description: "on one line",
    raw: '<tool_calls>[{"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX"}}]</tool_calls>',
    expected: [call("get_current_weather", { city: "Dallas", state: "TX" })],
  },
  { dialect: "jamba", description: "a plain answer", raw: "This is a test", expected: "text" },
];

const phi4: DialectCase[] = [
  { dialect: "phi-4-mini", description: "one call", raw: 'functools[{"name": "get_weather", "arguments": {"city": "Tokyo"}}]', expected: [TOKYO] },
  {
    dialect: "phi-4-mini",
    description: "parallel calls on several lines",
    raw: 'functools[\n  {"name": "get_weather", "arguments": {"city": "Tokyo"}},\n  {"name": "get_time", "arguments": {"timezone": "Asia/Tokyo"}}\n]',
    expected: [TOKYO, TOKYO_TIME],
  },
  { dialect: "phi-4-mini", description: "every JSON type", raw: `functools[{\n  "name": "test_function",\n  "arguments": ${ALL_TYPES_JSON}\n}]`, expected: [ALL_TYPES] },
  { dialect: "phi-4-mini", description: "empty arguments", raw: 'functools[{"name": "refresh", "arguments": {}}]', expected: [call("refresh")] },
  {
    dialect: "phi-4-mini",
    description: "prose before and after",
    raw: 'Let me check the weather for you.\nfunctools[{"name": "get_weather", "arguments": {"city": "Tokyo"}}]\nWould you like to know more?',
    expected: [TOKYO],
    text: "Let me check the weather for you.\nWould you like to know more?",
  },
  { dialect: "phi-4-mini", description: "escaped strings", raw: `functools[{\n  "name": "test_function",\n  "arguments": ${ESCAPED_JSON}\n}]`, expected: [ESCAPED] },
  { dialect: "phi-4-mini", description: "a plain answer", raw: "This is a regular response without any tool calls.", expected: "text" },
];

const fenced: DialectCase[] = [
  {
    dialect: "fenced",
    description: "a call in a ```json fence",
    raw: '검색하겠습니다.\n```json\n{"name": "juso_search", "arguments": {"keyword": "은마"}}\n```',
    expected: [call("juso_search", { keyword: "은마" })],
    text: "검색하겠습니다.",
  },
  {
    dialect: "fenced",
    description: "a list in a ```tool_call fence",
    raw: '```tool_call\n[{"name": "a", "arguments": {}}, {"name": "b", "arguments": {"x": 1}}]\n```',
    expected: [call("a"), call("b", { x: 1 })],
  },
  { dialect: "fenced", description: "fenced JSON that is a result, not a call", raw: '결과입니다.\n```json\n{"기온": 10.6}\n```', expected: "text" },
];

/** Answers that hold JSON or brackets and are no calls. */
const prose: DialectCase[] = [
  { dialect: "prose", description: "a call quoted in the middle of a sentence", raw: 'The API returns {"name": "x", "arguments": {}} when the lookup fails.', expected: "text" },
  { dialect: "prose", description: "a call quoted after a colon, the sentence running on", raw: 'A call looks like this: {"name": "f", "arguments": {}} and the server runs it.', expected: "text" },
  { dialect: "prose", description: "a call quoted after a colon, a clause after a comma", raw: 'The format is: {"name": "f", "arguments": {}}, where f names the tool.', expected: "text" },
  { dialect: "prose", description: "an answer as JSON", raw: '{"answer": 3}', expected: "text" },
  { dialect: "prose", description: "a call as a member of a JSON answer", raw: '{"tool": {"name": "juso_search", "arguments": {"keyword": "은마"}}, "answer": "없음"}', expected: "text" },
  { dialect: "prose", description: "a call on a line inside a JSON answer", raw: '{"steps": [\n  {"name": "juso_search", "arguments": {"keyword": "은마"}}\n]}', expected: "text" },
  { dialect: "prose", description: "a record with a name", raw: '{"name": "Kim", "age": 30}', expected: "text" },
  { dialect: "prose", description: "a list of names after prose", raw: 'Some text [{"name": "func"}]', expected: "text" },
  { dialect: "prose", description: "a Korean answer", raw: "헬리오시티의 세대수는 9,510세대입니다.", expected: "text" },
  { dialect: "prose", description: "Python's functools named", raw: "Use functools.partial(f, x=1) to bind arguments.", expected: "text" },
  { dialect: "prose", description: "a bracketed note", raw: "[Note] The tool is not needed here.", expected: "text" },
  { dialect: "prose", description: "a call the model only thought about", raw: '<think>Maybe <tool_call>{"name": "get_weather", "arguments": {"city": "Tokyo"}}</tool_call>?</think>It is sunny in Tokyo.', expected: "text", text: "It is sunny in Tokyo." },
];

export const DIALECT_CASES: readonly DialectCase[] = [
  ...hermes,
  ...granite,
  ...granite20b,
  ...xlam,
  ...mistral,
  ...llama3,
  ...pythonic,
  ...llama4,
  ...deepseek,
  ...qwen3Coder,
  ...glm,
  ...kimi,
  ...hunyuan,
  ...jamba,
  ...phi4,
  ...fenced,
  ...prose,
];
