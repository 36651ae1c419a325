// Code that finds DynamoDB Local by DYNAMO_ENDPOINT (the adapters' override, as on a developer's machine) finds
// this worker's instance.
import { dynamoEndpoint } from './endpoint.js';

process.env.DYNAMO_ENDPOINT = dynamoEndpoint();
