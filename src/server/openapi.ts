import { z } from 'zod';
import type { RouteEntry } from './plugins/auth';

/**
 * The OpenAPI 3.1 document of the API, generated from the routes as registered
 * (`app.routeTable`) and their zod schemas (the same ones that validate requests and
 * serialise answers), so partners and standard API fuzzers can drive it. Served at
 * `GET /dev/openapi.json` outside production and written to `dist/openapi.json` by
 * `npm run build` (`scripts/openapi.ts`). Request schemas describe what the API accepts
 * (zod's input side), answers what it sends (the output side). Every answer is the envelope
 * `{ status, message, data }`; a refusal is one too, with the HTTP status of the error.
 */

/** The API's version in the document: package.json's (a test keeps them equal). */
export const API_VERSION = '0.1.0';

type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, JsonSchema> };
  paths: Record<string, Record<string, Operation>>;
}

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
  description?: string;
}

interface Operation {
  operationId: string;
  tags: string[];
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema: JsonSchema }> }
  >;
}

const ENVELOPE_ERROR: JsonSchema = {
  type: 'object',
  required: ['status', 'message', 'data'],
  properties: {
    status: { type: 'integer', description: 'the HTTP status, or 0 for success' },
    message: { type: 'string', description: 'a message key (translated by the app)' },
    data: { description: 'details of the refusal (fields, retryAfter), or null' },
  },
};

function isZod(schema: unknown): schema is z.ZodType {
  return typeof schema === 'object' && schema !== null && '_zod' in schema;
}

/** JSON Schema (2020-12, OpenAPI 3.1's dialect) of a zod schema; what JSON cannot say is open. */
function jsonSchema(schema: unknown, io: 'input' | 'output'): JsonSchema | undefined {
  if (!isZod(schema)) return undefined;
  const converted = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    // dates and bigints travel as strings in JSON; transforms keep their input's type
    override: (context) => {
      const def = (context.zodSchema as { _zod?: { def?: { type?: string } } })._zod?.def;
      if (def?.type === 'date')
        Object.assign(context.jsonSchema, { type: 'string', format: 'date-time' });
      if (def?.type === 'bigint')
        Object.assign(context.jsonSchema, { type: 'string', pattern: '^-?\\d+$' });
    },
  }) as JsonSchema;
  delete converted.$schema;
  return converted;
}

function parameters(schema: unknown, where: 'path' | 'query'): Parameter[] {
  const converted = jsonSchema(schema, 'input');
  const properties = (converted?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((converted?.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      schema: rest,
      ...(typeof description === 'string' ? { description } : {}),
    };
  });
}

/** `/member/kyc/image/:imageId` -> `/member/kyc/image/{imageId}` */
function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)\??/g, '{$1}');
}

function operationId(method: string, url: string): string {
  const words = url.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

function operation(route: RouteEntry): Operation {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const responses: Operation['responses'] = {};
  const declared = (schema.response ?? {}) as Record<string, unknown>;
  for (const [status, body] of Object.entries(declared)) {
    const converted = jsonSchema(body, 'output');
    responses[status] = {
      description: status === '200' ? 'the envelope with status 0 and the data' : 'an answer',
      ...(converted ? { content: { 'application/json': { schema: converted } } } : {}),
    };
  }
  if (!responses['200']) responses['200'] = { description: 'the envelope with status 0' };
  responses.default = {
    description: 'a refusal: the envelope with the HTTP status and a message key',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Refusal' } } },
  };
  const body = jsonSchema(schema.body, 'input');
  const params = [...parameters(schema.params, 'path'), ...parameters(schema.querystring, 'query')];
  // a path parameter without a schema is still a parameter
  for (const match of route.url.matchAll(/:([A-Za-z0-9_]+)/g)) {
    if (!params.some((p) => p.in === 'path' && p.name === match[1])) {
      params.push({ name: match[1]!, in: 'path', required: true, schema: { type: 'string' } });
    }
  }
  const tag = route.url.split('/').filter(Boolean)[0] ?? 'root';
  return {
    operationId: operationId(route.method, route.url),
    tags: [tag],
    ...(route.auth ? { security: [{ bearer: [] }] } : {}),
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(body
      ? {
          requestBody: {
            required: true,
            content: {
              [schema.consumes === 'multipart/form-data'
                ? 'multipart/form-data'
                : 'application/json']: { schema: body },
            },
          },
        }
      : {}),
    responses,
  };
}

/** Which routes a document describes: the API's, not the app's pages or static files. */
export function documented(route: RouteEntry): boolean {
  return route.method !== 'OPTIONS' && !route.url.includes('*');
}

export function openApiDocument(routes: readonly RouteEntry[], version: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const route of [...routes].filter(documented).sort((a, b) => a.url.localeCompare(b.url))) {
    const path = openApiPath(route.url);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'BCNT platform API',
      version,
      description:
        'Every answer is the envelope { status, message, data }: status 0 on success. ' +
        'Member routes take the access token of POST /member/login as a Bearer token.',
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { Refusal: ENVELOPE_ERROR },
    },
    paths,
  };
}
