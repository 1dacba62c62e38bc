/**
 * The secret CloudFront adds to every request it sends the API, and the API functions check
 * (lambdas/platform/wiring/origin.ts): the API's own execute-api address then serves nobody, so nothing
 * reaches the functions around the WAF. Kept in Secrets Manager (generated there, never in the
 * template: the template holds a dynamic reference that CloudFormation resolves at deploy time).
 *
 * Rotation (docs/runbook.md): put a new value in the secret, then deploy with
 * `-c originSecretVersion=<the new VersionId>`: the pinned version changes the template, so
 * CloudFront's origin and every function get the new value in the same deployment.
 */
import { SecretValue } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { acknowledge } from './nag';

export class OriginSecret extends Construct {
  readonly secret: Secret;
  /** The secret's value, as a dynamic reference for CloudFront's header and the functions' environment. */
  readonly value: string;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.secret = new Secret(this, 'Secret', {
      description: 'Sent by CloudFront to the API with every request; the API refuses requests without it.',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    const versionId = this.node.tryGetContext('originSecretVersion') as string | undefined;
    this.value = SecretValue.secretsManager(this.secret.secretArn, versionId ? { versionId } : {}).unsafeUnwrap();
    acknowledge(
      this.secret,
      'Rotated by an operator (put a new value, deploy with -c originSecretVersion): CloudFront and the functions must change together, which a rotation Lambda cannot do.',
      'AwsSolutions-SMG4',
    );
  }
}
