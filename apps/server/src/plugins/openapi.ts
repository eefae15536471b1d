import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_ROOT, errorEnvelope } from '@railserve/protocol';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_VERSION } from '../version.ts';

/** The browsable API reference; public like the document it shows. */
export const API_DOCS_PREFIX = `${API_ROOT}/docs`;

type RouteConfig = { public?: boolean; action?: string; devices?: boolean; attemptLimit?: string };
type Schema = Record<string, unknown> & { response?: Record<string, unknown> };

const words = (segment: string) => segment.replace(/-/g, ' ');
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** `/api/v1/robots/:sn/config/:group` → static parts and whether it ends on a parameter. */
function pathParts(url: string) {
  const segments = url
    .replace(/^\/api(\/v\d+)?\/?/, '')
    .split('/')
    .filter(Boolean);
  const names = segments.filter((s) => !s.startsWith(':'));
  const params = segments.filter((s) => s.startsWith(':')).map((s) => s.slice(1));
  return { names, params, item: segments.at(-1)?.startsWith(':') ?? false };
}

/** A default summary from method and path, for routes that do not declare their own. */
export function operationSummary(method: string, url: string): string {
  const { names, item } = pathParts(url);
  const subject = names.map(words).join(' ') || 'API';
  switch (method) {
    case 'GET':
      return `${item ? 'Get' : 'List'} ${subject}`;
    case 'POST':
      return item ? `Act on ${subject}` : `Create or run ${subject}`;
    case 'PUT':
    case 'PATCH':
      return `Update ${subject}`;
    case 'DELETE':
      return `Delete ${subject}`;
    default:
      return `${capitalize(method.toLowerCase())} ${subject}`;
  }
}

/** A stable, unique operation id: method, path words and parameters (`getRobotsConfigBySnAndGroup`). */
export function operationId(method: string, url: string): string {
  const { names, params } = pathParts(url);
  const camel = names
    .flatMap((n) => n.split('-'))
    .map(capitalize)
    .join('');
  const by = params.length ? `By${params.map(capitalize).join('And')}` : '';
  return `${method.toLowerCase()}${camel || 'Root'}${by}`;
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorEnvelope } },
});

/** A route that declares no success answer streams a file (exports, downloads). */
const fileResponse = {
  description: 'The file, streamed as a download',
  content: { 'application/octet-stream': { schema: z.string().describe('the file content') } },
};

/** The error answers an operation can give, by what the route declares (DESIGN section 3). */
function errorResponses(method: string, url: string, config: RouteConfig, schema: Schema) {
  const errors: Record<string, unknown> = {
    400: errorResponse(
      'Bad input. `code`: `validation_failed` (see `details`), `bad_request`, `invalid_characters`, or a rule of the operation.',
    ),
  };
  if (!config.public) {
    errors[401] = errorResponse('No, an invalid or an expired session token. `code`: `unauthorized`, `token_expired`.');
    errors[403] = errorResponse('The role does not allow this action. `code`: `forbidden`.');
  }
  if (url.includes(':')) errors[404] = errorResponse('No such resource. `code`: `not_found`.');
  if (method !== 'GET' && method !== 'DELETE') {
    errors[409] = errorResponse('Conflicts with the current state (a taken name, a rule of the operation).');
  }
  const consumes = (schema.consumes as string[] | undefined) ?? [];
  if (consumes.includes('multipart/form-data')) {
    errors[413] = errorResponse('The file is larger than allowed. `code`: `payload_too_large`.');
    errors[415] = errorResponse('The file is not of an accepted type by its content. `code`: `unsupported_media_type`.');
  }
  if (config.public && method === 'POST') errors[429] = errorResponse('Too many attempts. `code`: `too_many_requests`.');
  if (config.attemptLimit) {
    errors[429] = errorResponse(
      `Too many wrong attempts; \`Retry-After\` says when to try again. \`code\`: \`${config.attemptLimit}\`.`,
    );
  }
  return errors;
}

/**
 * An upload's body as the document shows it: one file in the field `file`, and the operation's
 * text fields (the route checks them itself, since a multipart body is read as a stream).
 */
const uploadBody = z
  .object({ file: z.string().meta({ format: 'binary', description: 'The file (one).' }) })
  .catchall(z.string().max(1024))
  .meta({ description: 'multipart/form-data: the file in the field `file`, with the text fields the operation names.' });

/** The OpenAPI document of every route added after it (served by `apiDocsRoutes`). */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'RailServe API',
        version: APP_VERSION,
        description:
          'The RailServe console API. Every answer is an envelope: `{success: true, data}` or ' +
          '`{success: false, message, code, details?}` with a stable `code`. Sign in with `POST /api/v1/login` ' +
          'and send the token as `Authorization: Bearer <token>`. Robots and track controllers call the ' +
          'operations marked for devices with HTTP Basic credentials: their broker username and the device key.',
        license: { name: 'Proprietary', identifier: 'LicenseRef-RailServe' },
      },
      servers: [{ url: '/', description: 'This server' }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          deviceBasic: { type: 'http', scheme: 'basic', description: 'Broker username and DEVICE_KEY of a robot or controller' },
        },
      },
    },
    transform: (args) => {
      const { schema, url, route } = args;
      const method = [route.method].flat()[0] ?? 'GET';
      const config = (route.config ?? {}) as RouteConfig;
      const declared = (schema ?? {}) as Schema;
      const security = config.public ? [] : [{ bearerAuth: [] }, ...(config.devices ? [{ deviceBasic: [] }] : [])];
      const uploads = ((declared.consumes as string[] | undefined) ?? []).includes('multipart/form-data');
      const completed: Schema = {
        ...(uploads && !declared.body ? { body: uploadBody } : {}),
        ...declared,
        summary: declared.summary ?? operationSummary(method, url),
        operationId: declared.operationId ?? operationId(method, url),
        tags: declared.tags ?? [pathParts(url).names[0] ?? 'system'],
        security,
        response: {
          ...errorResponses(method, url, config, declared),
          ...(Object.keys(declared.response ?? {}).some((status) => status.startsWith('2')) ? {} : { 200: fileResponse }),
          ...declared.response,
        },
      };
      return jsonSchemaTransform({ ...args, schema: completed as never });
    },
    // A security scheme that no operation uses is left out of the document.
    transformObject: (document) => {
      if (!('openapiObject' in document)) return document.swaggerObject;
      const openapi = document.openapiObject;
      const used = new Set(
        Object.values(openapi.paths ?? {}).flatMap((item) =>
          Object.values(item ?? {}).flatMap((op) =>
            ((op as { security?: Record<string, unknown>[] }).security ?? []).flatMap(Object.keys),
          ),
        ),
      );
      const schemes = Object.entries(openapi.components?.securitySchemes ?? {}).filter(([name]) => used.has(name));
      // The document is OpenAPI 3.1; the option's type is a union of versions the spread cannot keep.
      return { ...openapi, components: { ...openapi.components, securitySchemes: Object.fromEntries(schemes) } } as never;
    },
  });
});

/** The document and the reference, registered after the security headers and compression. */
export const apiDocsRoutes = fp(async (app: FastifyInstance) => {
  app.get('/api/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, { routePrefix: API_DOCS_PREFIX, staticCSP: true, uiConfig: { docExpansion: 'list' } });
});
