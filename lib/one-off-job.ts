import { RemovalPolicy, Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { rules } from 'cdk-nag';
import type { Construct, IConstruct } from 'constructs';
import { LAMBDA_LOG_RETENTION } from './lambda-function';
import { acknowledgeAllFindings } from './nag';

/** CDK's one handler of every AwsCustomResource in a stack. */
const CUSTOM_RESOURCE_HANDLER = 'AWS679f53fac002430cb0da5b7982bd2287';

/**
 * A deployment step made by CDK's AwsCustomResource: its log group with our retention, and its
 * shared handler's managed policy acknowledged (CDK attaches AWSLambdaBasicExecutionRole to it).
 */
export function deploymentCall(
  scope: Construct,
  id: string,
  props: Omit<ConstructorParameters<typeof AwsCustomResource>[2], 'logGroup' | 'installLatestAwsSdk'>,
): AwsCustomResource {
  const call = new AwsCustomResource(scope, id, {
    ...props,
    logGroup: new LogGroup(scope, `${id}Logs`, {
      retention: LAMBDA_LOG_RETENTION,
      removalPolicy: RemovalPolicy.DESTROY,
    }),
    installLatestAwsSdk: false,
  });
  const handler = Stack.of(scope).node.tryFindChild(CUSTOM_RESOURCE_HANDLER);
  if (!handler) throw new Error('AwsCustomResource handler not found');
  acknowledgeAllFindings(
    handler,
    rules.iam.IAMNoManagedPolicies,
    'AwsSolutions-IAM4',
    "CDK's own AwsCustomResource handler, which runs only during deployment (it starts the one-off jobs and reads the member map's key): CDK attaches AWSLambdaBasicExecutionRole to it.",
  );
  return call;
}

/**
 * Starts a one-off job once the deployment has put what it needs in place, and again for a new
 * `run`: no operator has to remember it. A Step Functions job, not this deployment step itself,
 * does the work: a large church's data takes longer than a deployment waits. A run that was
 * started before (the same run's name) is left as it is.
 */
export function startOneOffJob(
  scope: Construct,
  id: string,
  props: { job: StateMachine; name: string; run: string; after: readonly IConstruct[] },
): AwsCustomResource {
  const start = deploymentCall(scope, id, {
    onUpdate: {
      service: 'SFN',
      action: 'StartExecution',
      parameters: {
        stateMachineArn: props.job.stateMachineArn,
        name: `deploy-${props.name}-${props.run}`,
        input: '{}',
      },
      physicalResourceId: PhysicalResourceId.of(`${props.name}-${props.run}`),
      ignoreErrorCodesMatching: 'ExecutionAlreadyExists',
    },
    policy: AwsCustomResourcePolicy.fromStatements([
      new PolicyStatement({ actions: ['states:StartExecution'], resources: [props.job.stateMachineArn] }),
    ]),
  });
  start.node.addDependency(props.job);
  for (const construct of props.after) start.node.addDependency(construct);
  return start;
}
