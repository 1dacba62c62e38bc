/**
 * The DynamoDB document client, created once per container. One module per SDK client, so a
 * handler's bundle holds only the clients it uses. Endpoints come from the SDK's own
 * AWS_ENDPOINT_URL_<SERVICE> variables: the same code talks to AWS or to the local stand-ins.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export const ddb = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
  marshallOptions: { removeUndefinedValues: true },
});
