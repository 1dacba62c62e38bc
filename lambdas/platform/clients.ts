/**
 * SDK clients, created once per container. Endpoints come from the SDK's own
 * AWS_ENDPOINT_URL_<SERVICE> variables, so the same code talks to AWS or to the local stand-ins.
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export const ddb = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
  marshallOptions: { removeUndefinedValues: true },
});

export const cognito = new CognitoIdentityProviderClient({});

export const s3 = new S3Client({
  // Only checksum when an operation needs one: presigned browser uploads cannot compute it.
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});
