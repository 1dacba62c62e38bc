/**
 * Starting and describing Step Functions executions with one SigV4-signed JSON call each
 * (platform/aws-signed.ts), not @aws-sdk/client-sfn: the handlers that start jobs also carry the
 * DynamoDB client, and the SFN client would push them past the 250 KB bundle budget.
 *
 * The endpoint is the SDK's AWS_ENDPOINT_URL_SFN when set: the local stack points it at its
 * gateway, which runs the very same state machine files with aws-local-stepfunctions
 * (lib/local/stepfunctions.ts) and speaks this same protocol. No handler branches on "local".
 */
import { signedJsonCall } from './aws-signed';

export type ExecutionStatus = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'TIMED_OUT' | 'ABORTED' | 'PENDING_REDRIVE';

function sfn<T>(operation: string, body: unknown): Promise<T> {
  return signedJsonCall<T>({
    endpointId: 'SFN',
    defaultHost: (region) => `states.${region}.amazonaws.com`,
    signingName: 'states',
    method: 'POST',
    path: '/',
    body,
    headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': `AWSStepFunctions.${operation}` },
  });
}

/** Starts an execution; `name` must be unique per state machine (Standard workflows: for 90 days). */
export async function startExecution(stateMachineArn: string, name: string, input: unknown): Promise<string> {
  const { executionArn } = await sfn<{ executionArn: string }>('StartExecution', {
    stateMachineArn,
    name,
    input: JSON.stringify(input),
  });
  return executionArn;
}

/** The execution's status, or null when the service does not know it (e.g. a local stack restarted since). */
export async function executionStatus(executionArn: string): Promise<ExecutionStatus | null> {
  try {
    const { status } = await sfn<{ status: ExecutionStatus }>('DescribeExecution', { executionArn });
    return status;
  } catch (error) {
    if ((error as Error).name === 'ExecutionDoesNotExist') return null;
    throw error;
  }
}
