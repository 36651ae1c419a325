// The cold-start floor, bundled like a handler (test/bench/bundles.ts): what any API on this stack
// loads before it can answer, the DynamoDB client and Hono with zod-openapi, and nothing of dusk. Its
// init, measured in the same run, is the baseline the handlers' init is a ratio to.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { OpenAPIHono } from '@hono/zod-openapi';
import * as z from 'zod';

const documents = DynamoDBDocumentClient.from(new DynamoDBClient({}));
const app = new OpenAPIHono();
const health = z.object({ ok: z.boolean() });
app.get('/api/health', (c) => c.json(health.parse({ ok: documents !== undefined })));

export const handler = () => app;
