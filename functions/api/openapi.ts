// The OpenAPI document, generated from the routes the app registers and their zod schemas.
import * as z from 'zod';
import { errorBody } from './schemas.js';

export interface RouteDoc {
  method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  path: string;
  summary: string;
  auth: 'none' | 'gm' | 'player';
  body?: z.ZodType;
  /** Query parameters (each one optional unless its schema says otherwise). */
  query?: z.ZodObject;
}

const jsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });

export function openApiDocument(routes: RouteDoc[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  const error = { description: 'Refused', content: { 'application/json': { schema: jsonSchema(errorBody) } } };
  for (const route of routes) {
    const parameters = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    if (route.query) {
      for (const [name, schema] of Object.entries(route.query.shape)) {
        parameters.push({ name, in: 'query', required: !(schema as z.ZodType).safeParse(undefined).success, schema: jsonSchema(schema as z.ZodType) as { type: string } });
      }
    }
    const operation: Record<string, unknown> = {
      summary: route.summary,
      parameters,
      responses: { '200': { description: 'OK' }, '4XX': error },
    };
    // Two bearer schemes, so a reader of the document knows whose token a route takes.
    if (route.auth !== 'none') operation.security = [{ [`${route.auth}Token`]: [] }];
    if (route.body) {
      operation.requestBody = { required: !route.body.safeParse({}).success, content: { 'application/json': { schema: jsonSchema(route.body) } } };
    }
    paths[route.path] = { ...paths[route.path], [route.method]: operation };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'dusk', version: '0.1.0', description: 'A game master that never sleeps, for phase-based forum games.' },
    components: {
      securitySchemes: {
        gmToken: { type: 'http', scheme: 'bearer', description: 'The GM token the match was created with' },
        playerToken: { type: 'http', scheme: 'bearer', description: 'A player token, from joining' },
      },
    },
    paths,
  };
}
