// The API function: the Hono app behind API Gateway's HTTP API (payload v2), reached through CloudFront.
import { handle } from 'hono/aws-lambda';
import { awsPorts } from '../adapters/aws/ports.js';
import { createApp } from './app.js';

const { app } = createApp(awsPorts(), {
  ratePerMinute: Number(process.env.RATE_PER_MINUTE ?? '300'),
  createPerHour: Number(process.env.CREATE_PER_HOUR ?? '10'),
  ...(process.env.ORIGIN_SECRET ? { originSecret: process.env.ORIGIN_SECRET } : {}),
});

export const handler = handle(app);
