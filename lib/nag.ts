import { CfnResource, Names, Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import { rules, type NagRuleResult } from 'cdk-nag';
import type { Construct, IConstruct } from 'constructs';

/**
 * Acknowledge cdk-nag findings on one construct (and its children) with one stated reason.
 * cdk-nag 3 matches ids exactly: a rule with several findings (IAM5) needs each finding's id,
 * e.g. `AwsSolutions-IAM5[Resource::<Table.Arn>/index/*]`. Prefer the narrowest scope.
 */
export function acknowledge(scope: IConstruct, reason: string, ...ids: string[]): void {
  Validations.of(scope).acknowledge(...ids.map((id) => ({ id, reason })));
}

/**
 * For constructs that CDK itself generates (the BucketDeployment handler): acknowledge every
 * finding that `rule` reports under `scope`, whatever the exact resource strings are (they embed
 * the bootstrap bucket name, account and region). Call it after the construct is complete.
 * Never use this for our own resources: those get explicit ids.
 */
export function acknowledgeAllFindings(
  scope: IConstruct,
  rule: (node: CfnResource) => NagRuleResult,
  ruleId: string,
  reason: string,
): void {
  for (const node of scope.node.findAll()) {
    if (!CfnResource.isCfnResource(node)) continue;
    const result = rule(node);
    if (Array.isArray(result)) acknowledge(node, reason, ...result.map((finding) => `${ruleId}[${finding}]`));
  }
}

/** The logical id cdk-nag prints in IAM findings, e.g. `<DataTableFDBAD0F2.Arn>`. */
export function logicalId(resource: { node: Construct['node'] }): string {
  return Stack.of(resource as Construct).getLogicalId(resource.node.defaultChild as CfnElement);
}

/**
 * How cdk-nag prints an attribute of `resource` in a finding on `consumer`: `<DataTableFDBAD0F2.Arn>`
 * in the resource's own stack; in a nested stack of that stack, the parameter CDK passes the value
 * through (`reference-to-` and the target's unique id and attribute, made a logical id):
 * `<referencetoChurchDirectoryDataTableFDBAD0F2Arn>`.
 */
export function shownAttribute(consumer: IConstruct, resource: IConstruct, attribute: string): string {
  const target = resource.node.defaultChild as CfnElement;
  const owner = Stack.of(target);
  if (Stack.of(consumer) === owner) return `<${owner.getLogicalId(target)}.${attribute}>`;
  return `<referenceto${Names.nodeUniqueId(target.node)}${attribute}>`;
}

/** cdk-nag's finding for a grant on a table's indexes (`table-arn/index/*`), which grantRead*Data adds. */
export const tableIndexFinding = (consumer: IConstruct, table: IConstruct) =>
  `AwsSolutions-IAM5[Resource::${shownAttribute(consumer, table, 'Arn')}/index/*]`;

/**
 * A Lambda that aws-cdk-lib makes for a deployment step (BucketDeployment, bucket notifications,
 * the custom resource provider): CDK attaches AWSLambdaBasicExecutionRole to it, and grants it the
 * wildcard actions `wildcards` explains. `reason` says what the Lambda is.
 */
export function acknowledgeCdkHandler(scope: IConstruct, reason: string, wildcards: string): void {
  acknowledge(
    scope,
    `${reason}: CDK attaches AWSLambdaBasicExecutionRole to it.`,
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
  );
  acknowledgeAllFindings(scope, rules.iam.IAMNoWildcardPermissions, 'AwsSolutions-IAM5', `${reason}: ${wildcards}`);
}
