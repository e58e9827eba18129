/**
 * `/openapi.json` and `/docs`: the document, and a page that renders it on the server (no
 * client script, nothing fetched at run time; schemas as outlines, in full in the document). Both
 * are public: they describe, never reveal.
 */
import { newApp } from "../app/new-app";
import { openApiDocument, type OpenApiDocument, type OpenApiOperation } from "./document";
import { outline, typeLabel } from "./outline";

/** A schema as its outline: fields and types, referenced components linked to their cards. */
const Schema = ({ schema }: { schema: Record<string, unknown> }) => {
  const fields = outline(schema);
  if (fields.length === 0) return <code>{typeLabel(schema)}</code>;
  return (
    <details>
      <summary>
        <code>{typeLabel(schema)}</code>
      </summary>
      <ul class="fields">
        {fields.map((f) => (
          <li>
            <code>{f.name}</code>
            {f.required ? "" : "?"}: {f.ref ? <a href={`#schema-${f.ref}`}>{f.type}</a> : <code>{f.type}</code>}
          </li>
        ))}
      </ul>
    </details>
  );
};

const Operation = ({ method, path, op }: { method: string; path: string; op: OpenApiOperation }) => (
  <div class="card" id={op.operationId}>
    <h3 style="margin:0 0 6px">
      <span class="pill" style={`background:${method === "get" ? "#1f9d55" : method === "delete" ? "#d64545" : "#2456d6"}`}>{method.toUpperCase()}</span> <code>{path}</code>
    </h3>
    <p style="margin:0 0 6px">
      {op.summary} <span class="muted">· {Object.keys(op.security[0] ?? {}).join(", ")}</span>
    </p>
    {op.description ? <p class="muted">{op.description}</p> : null}
    {op.parameters ? (
      <table>
        <tbody>
          {op.parameters.map((p) => (
            <tr>
              <td>
                <code>{p.name}</code>
              </td>
              <td class="muted">
                {p.in}
                {p.required ? " · required" : ""}
              </td>
              <td>
                <code>{typeLabel(p.schema)}</code>
              </td>
              <td>{p.description ?? ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    ) : null}
    {op.requestBody
      ? Object.entries(op.requestBody.content).map(([type, body]) => (
          <p>
            body <code>{type}</code> {op.requestBody?.description ?? ""} <Schema schema={body.schema} />
          </p>
        ))
      : null}
    {Object.entries(op.responses)
      .filter(([status]) => status !== "default")
      .map(([status, response]) => (
        <p>
          <b>{status}</b> {response.description}{" "}
          {response.content ? Object.values(response.content).map((c) => <Schema schema={c.schema} />) : null}
        </p>
      ))}
  </div>
);

const DocsPage = ({ doc }: { doc: OpenApiDocument }) => (
  <html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>kopa-edge API</title>
      <link rel="stylesheet" href="/ui/assets/style.css" />
    </head>
    <body>
      <header class="top">
        <a class="brand" href="/docs">
          kopa-edge API
        </a>
        <nav>
          <a href="/openapi.json">openapi.json</a>
          <a href="/ui/catalog">dashboard</a>
        </nav>
      </header>
      <main>
        <p>{doc.info.description}</p>
        <p class="muted">Every route needs a bearer token: a team token, or the ADMIN_TOKEN for /admin. Errors are {"{ error: { code, message, field?, requestId } }"}.</p>
        {doc.tags.map((tag) => (
          <section>
            <h2>
              {tag.name} <span class="muted">— {tag.description}</span>
            </h2>
            {Object.entries(doc.paths).flatMap(([path, ops]) =>
              Object.entries(ops)
                .filter(([, op]) => op.tags.includes(tag.name))
                .map(([method, op]) => <Operation method={method} path={path} op={op} />),
            )}
          </section>
        ))}
        <section>
          <h2>
            schemas <span class="muted">— referenced as #/components/schemas/…</span>
          </h2>
          {Object.entries(doc.components.schemas).map(([id, schema]) => (
            <div class="card" id={`schema-${id}`}>
              <h3 style="margin:0 0 6px">
                <code>{id}</code>
              </h3>
              <Schema schema={schema} />
            </div>
          ))}
        </section>
      </main>
    </body>
  </html>
);

export const openApiRoutes = newApp()
  .get("/openapi.json", (c) => c.json(openApiDocument(c.env)))
  .get("/docs", (c) => c.html(`<!DOCTYPE html>${(<DocsPage doc={openApiDocument(c.env)} />).toString()}`));
