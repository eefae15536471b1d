import type { TestApp } from '../helper.ts';
import type { JsonSchema } from './schema-arbitrary.ts';

type Parameter = { in: 'path' | 'query'; name: string; required?: boolean; schema: JsonSchema };
export type RouteSpec = {
  method: string;
  url: string;
  path: Parameter[];
  query: Parameter[];
  body?: JsonSchema;
  /** The operation takes a file as multipart/form-data. */
  upload: boolean;
};

/** Every route of the API catalog with the schemas it validates with (read back from the OpenAPI document they generate). */
export function routeSpecs(app: TestApp): RouteSpec[] {
  const paths = (app.swagger() as unknown as { paths: Record<string, Record<string, Record<string, unknown>>> }).paths;
  return app.apiCatalog.map(({ method, url }) => {
    const operation = paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()] ?? {};
    const parameters = (operation.parameters ?? []) as Parameter[];
    const content = (operation.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content;
    const body = content?.['application/json']?.schema;
    return {
      method,
      url,
      path: parameters.filter((p) => p.in === 'path'),
      query: parameters.filter((p) => p.in === 'query'),
      body,
      upload: content?.['multipart/form-data'] !== undefined,
    };
  });
}
