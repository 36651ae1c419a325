// The OpenAPI document, generated from the route definitions (routes.ts) the app mounted.
import { undocumented, type ApiApp } from './contract.js';

export function registerSecuritySchemes(app: ApiApp): void {
  // Two bearer schemes, so a reader of the document knows whose token a route takes.
  app.openAPIRegistry.registerComponent('securitySchemes', 'gmToken', {
    type: 'http',
    scheme: 'bearer',
    description: 'The GM token the match was created with',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'playerToken', {
    type: 'http',
    scheme: 'bearer',
    description: 'A player token, from joining',
  });
}

/** The document of every route mounted so far; each route's operation is built here, once (contract.ts). */
export function openApiDocument(app: ApiApp) {
  for (const r of undocumented(app).splice(0)) app.openAPIRegistry.registerPath(r.config);
  return app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: { title: 'dusk', version: '0.1.0', description: 'A game master that never sleeps, for phase-based forum games.' },
  });
}
