import { Hono, type Context, type MiddlewareHandler } from 'hono';
import * as z from 'zod/mini';
import { fieldErrorsOf } from '../../src/schemas/api-error.schema';
import type { AppEnv } from '../context';
import { Invalid, UnsupportedType, VALIDATION_MESSAGE } from '../errors';

type Schema = z.ZodMiniType;
type Out<S> = S extends Schema ? z.output<S> : undefined;

export interface ResponseDoc {
  description: string;
  schema?: Schema;
  /** Defaults to application/json when a schema is given. */
  contentType?: string;
}

export interface RouteSpec<B, Q, P> {
  method: 'get' | 'post' | 'put' | 'delete';
  /** Hono syntax: '/artwork/:id'. */
  path: string;
  summary: string;
  tag: string;
  /** Requires a signed-in user (bearer ID token). */
  auth?: boolean;
  body?: B;
  /** The body may be left out altogether (no Content-Type, nothing sent): `body` then validates `{}`. */
  bodyOptional?: boolean;
  query?: Q;
  params?: P;
  responses: Record<number, ResponseDoc>;
}

export interface ValidInput<B, Q, P> {
  body: Out<B>;
  query: Out<Q>;
  params: Out<P>;
}

const isJson = (type: string | undefined) => /^application\/([\w.+-]+\+)?json\b/i.test(type ?? '');

function check<S extends Schema>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new Invalid(VALIDATION_MESSAGE, { fieldErrors: fieldErrorsOf(result.error) });
  return result.data;
}

/**
 * A feature's sub-app, mounted with app.route('/api', …), whose routes are declared once: the same zod schemas (from
 * src/schemas) validate each request and describe it in the OpenAPI document. Bad input answers 400 with a message
 * per field, a body that is not JSON 415 or 400. Our counterpart of @hono/zod-openapi's OpenAPIHono, for zod/mini
 * schemas (docs/server-layers.md).
 */
export class ApiRouter extends Hono<AppEnv> {
  readonly specs: Array<RouteSpec<unknown, unknown, unknown>> = [];

  constructor(private readonly authMiddleware: MiddlewareHandler<AppEnv>) {
    super();
  }

  openapi<B extends Schema | undefined = undefined, Q extends Schema | undefined = undefined, P extends Schema | undefined = undefined>(
    spec: RouteSpec<B, Q, P>,
    handler: (c: Context<AppEnv>, input: ValidInput<B, Q, P>) => Response | Promise<Response>,
  ) {
    this.specs.push(spec as RouteSpec<unknown, unknown, unknown>);
    const validate: MiddlewareHandler<AppEnv> = async (c) => {
      const input = {
        params: spec.params ? check(spec.params, c.req.param()) : undefined,
        query: spec.query ? check(spec.query, c.req.query()) : undefined,
        body: spec.body ? check(spec.body, await readJson(c, Boolean(spec.bodyOptional))) : undefined,
      } as ValidInput<B, Q, P>;
      return handler(c, input);
    };
    const chain = spec.auth ? [this.authMiddleware, validate] : [validate];
    this.on(spec.method.toUpperCase(), [spec.path], ...chain);
  }
}

/** The OpenAPI 3.1 document of every route of these sub-apps, in the order they were declared. */
export function openApiDocument(routers: ApiRouter[], info: { title: string; version: string; description?: string }, serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const spec of routers.flatMap((r) => r.specs)) {
    const path = spec.path.replace(/:(\w+)/g, '{$1}');
    const parameters = [
      ...parametersOf(spec.params as Schema | undefined, 'path'),
      ...parametersOf(spec.query as Schema | undefined, 'query'),
    ];
    (paths[path] ??= {})[spec.method] = {
      summary: spec.summary,
      tags: [spec.tag],
      ...(spec.auth ? { security: [{ bearerAuth: [] }] } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(spec.body
        ? {
            requestBody: {
              required: !spec.bodyOptional,
              content: { 'application/json': { schema: jsonSchema(spec.body as Schema, 'input') } },
            },
          }
        : {}),
      responses: Object.fromEntries(
        Object.entries(spec.responses).map(([status, r]) => [
          status,
          {
            description: r.description,
            ...(r.schema || r.contentType
              ? { content: { [r.contentType ?? 'application/json']: r.schema ? { schema: jsonSchema(r.schema, 'output') } : {} } }
              : {}),
          },
        ]),
      ),
    };
  }
  return {
    openapi: '3.1.0',
    info,
    servers: [{ url: serverUrl }],
    paths,
    components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
  };
}

/**
 * The body as JSON. A body the route may go without (`optional`) is `{}` when nothing is sent, also under a JSON
 * Content-Type (a client may name it and send nothing).
 */
async function readJson(c: Context, optional: boolean): Promise<unknown> {
  const type = c.req.header('content-type');
  if (optional && !type && !Number(c.req.header('content-length') ?? 0) && !c.req.header('transfer-encoding')) return {};
  if (!isJson(type)) throw new UnsupportedType('Send the body as application/json.');
  const text = await c.req.text();
  if (optional && text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Invalid('The body is not valid JSON.');
  }
}

function jsonSchema(schema: Schema, io: 'input' | 'output') {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

function parametersOf(schema: Schema | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const json = jsonSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: s,
  }));
}
