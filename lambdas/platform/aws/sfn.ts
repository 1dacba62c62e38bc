/**
 * Starting and describing Step Functions executions, with the client created once per container.
 * The endpoint is the SDK's AWS_ENDPOINT_URL_SFN when set: the local stack points it at its
 * gateway, which runs the very same state machine files with aws-local-stepfunctions
 * (lib/local/stepfunctions.ts). No handler branches on "local".
 */
import { DescribeExecutionCommand, SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { REQUEST_HANDLER } from './client-options';

const sfn = /* @__PURE__ */ new SFNClient({ requestHandler: REQUEST_HANDLER });

export type ExecutionStatus = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'TIMED_OUT' | 'ABORTED' | 'PENDING_REDRIVE';

/** Starts an execution; `name` must be unique per state machine (Standard workflows: for 90 days). */
export async function startExecution(stateMachineArn: string, name: string, input: unknown): Promise<string> {
  const { executionArn } = await sfn.send(
    new StartExecutionCommand({ stateMachineArn, name, input: JSON.stringify(input) }),
  );
  return executionArn!;
}

/** The execution's status, or null when the service does not know it (e.g. a local stack restarted since). */
export async function executionStatus(executionArn: string): Promise<ExecutionStatus | null> {
  try {
    const { status } = await sfn.send(new DescribeExecutionCommand({ executionArn }));
    return status as ExecutionStatus;
  } catch (error) {
    if ((error as Error).name === 'ExecutionDoesNotExist') return null;
    throw error;
  }
}
