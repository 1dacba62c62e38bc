/**
 * The DynamoDB document client, created once per container. One module per SDK client, so a
 * handler's bundle holds only the clients it uses. Endpoints come from the SDK's own
 * AWS_ENDPOINT_URL_<SERVICE> variables: the same code talks to AWS or to the local stand-ins.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Logger } from '@smithy/types';

/**
 * A logger without `info`: the SDK's logger middleware builds a filtered copy of every answer for
 * `logger.info` even when the default no-op logger would drop it (about 7% of the CPU of a large
 * family list, profiled under load); with no `info` it skips that work. Errors and warnings go nowhere, as before.
 */
const quiet = { debug() {}, warn() {}, error() {} } as unknown as Logger;

export const ddb = DynamoDBDocumentClient.from(new DynamoDBClient({ logger: quiet }), {
  marshallOptions: { removeUndefinedValues: true },
});
