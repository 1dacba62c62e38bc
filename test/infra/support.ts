/**
 * Synthesizes the real app (lib/directory-app.ts, as bin/app.ts does) for the infra tests: the
 * cdk.json context (feature flags), Lambda bundling skipped for speed, and a stub SPA build so the
 * tests do not depend on `npm run build`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { App, CfnResource, Stack, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { expect } from 'vitest';
import { buildDirectoryApp, type DirectoryConfig } from '../../lib/directory-app';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export const cdkContext = (): Record<string, unknown> =>
  (JSON.parse(fs.readFileSync(path.join(ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> }).context;

export function stubWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>stub</title><div id="root"></div>');
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets', 'main.js'), 'console.log("stub")');
  return dir;
}

/** An App with the project's context and bundling skipped (NodejsFunction still checks entries exist). */
export function testApp(context: Record<string, string> = {}): App {
  return new App({
    context: { ...cdkContext(), 'aws:cdk:bundling-stacks': [], ...context },
    outdir: fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-out-')),
  });
}

export interface ValidationViolation {
  ruleName: string;
  description: string;
  severity: string;
  violatingConstructs?: { constructPath: string }[];
}
export interface ValidationReport {
  pluginReports: {
    pluginName: string;
    conclusion: string;
    violations: ValidationViolation[];
    suppressedViolations?: (ValidationViolation & { acknowledgedId: string; reason: string })[];
  }[];
}

export interface Acknowledgement {
  path: string;
  id: string;
  reason: string;
}

/** `context`: as `cdk deploy -c key=value` gives it. */
export function synthDirectory(config: Partial<DirectoryConfig> = {}, context: Record<string, string> = {}) {
  const app = testApp(context);
  const { stack, wafStack } = buildDirectoryApp(app, {
    region: 'us-east-1',
    webDistPath: stubWebDist(),
    ...config,
  });
  // Synthesis runs the validation plugins (cdk-nag AwsSolutions, CloudFormation validation);
  // unacknowledged errors throw here.
  const assembly = app.synth();
  const reportFile = path.join(assembly.directory, 'validation-report.json');
  const validationReport: ValidationReport = fs.existsSync(reportFile)
    ? (JSON.parse(fs.readFileSync(reportFile, 'utf8')) as ValidationReport)
    : { pluginReports: [] };
  return {
    app,
    assembly,
    stack,
    wafStack,
    template: Template.fromStack(stack),
    wafTemplate: Template.fromStack(wafStack),
    validationReport,
  };
}

/** Every finding of cdk-nag's AwsSolutions pack, acknowledged or not, with where it was found. */
export function allNagFindings(scope: IConstruct): { ruleName: string; paths: string[] }[] {
  const pack = new AwsSolutionsChecks();
  (pack as unknown as { isAcknowledged: () => boolean }).isAcknowledged = () => false;
  return pack.validateScope(scope).violations.map((v) => ({
    ruleName: v.ruleName,
    paths: v.violatingResources.map((r) => r.constructPath ?? ''),
  }));
}

/** The unacknowledged AwsSolutions findings (what would fail or warn at synth). */
export function openNagFindings(scope: IConstruct) {
  return new AwsSolutionsChecks().validateScope(scope).violations.map((v) => ({
    ruleName: v.ruleName,
    severity: v.severity,
    paths: v.violatingResources.map((r) => r.constructPath),
  }));
}

export function acknowledgements(scope: IConstruct): Acknowledgement[] {
  const out: Acknowledgement[] = [];
  for (const construct of scope.node.findAll()) {
    for (const entry of construct.node.metadata) {
      if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY || !entry.data) continue;
      for (const [key, reason] of Object.entries(entry.data as Record<string, string>)) {
        out.push({ path: construct.node.path, id: key.replace(/^annotation::/i, ''), reason });
      }
    }
  }
  return out;
}

export const cfnResources = (scope: IConstruct, type: string): CfnResource[] =>
  scope.node.findAll().filter((c): c is CfnResource => CfnResource.isCfnResource(c) && c.cfnResourceType === type);

export const resolve = (scope: IConstruct, value: unknown): unknown => Stack.of(scope).resolve(value);

/** Resources of one type in a template, as [logicalId, resource]. */
export function resourcesOf(
  template: Template,
  type: string,
): [string, { Properties: Record<string, any>; [k: string]: any }][] {
  return Object.entries(template.findResources(type)) as [string, { Properties: Record<string, any> }][];
}

/** Zero open findings: cdk-nag (errors and warnings) and every plugin of the validation report. */
export function expectNoOpenFindings(scope: IConstruct, report: ValidationReport): void {
  expect(openNagFindings(scope)).toEqual([]);
  const open = report.pluginReports.flatMap((p) =>
    p.violations.map((v) => `${p.pluginName}: ${v.ruleName} ${v.description}`),
  );
  expect(open).toEqual([]);
}

/** Every acknowledgement has a real reason and matches a finding that occurs where it is placed. */
export function expectNoStaleAcknowledgements(scope: IConstruct, report?: ValidationReport): void {
  const findings = allNagFindings(scope);
  const suppressedElsewhere = (report?.pluginReports ?? []).flatMap((p) =>
    (p.suppressedViolations ?? []).map((v) => v.acknowledgedId),
  );
  const acks = acknowledgements(scope);
  expect(acks.length).toBeGreaterThan(0);
  for (const ack of acks) {
    expect(ack.reason.length, `${ack.id} at ${ack.path}`).toBeGreaterThan(40);
    if (ack.id.startsWith('AwsSolutions-')) {
      const used = findings.some(
        (f) => f.ruleName === ack.id && f.paths.some((p) => p === ack.path || p.startsWith(`${ack.path}/`)),
      );
      expect(used, `stale acknowledgement ${ack.id} at ${ack.path}`).toBe(true);
    } else if (report) {
      expect(suppressedElsewhere, `stale acknowledgement ${ack.id} at ${ack.path}`).toContain(ack.id);
    }
  }
}

/** The IAM statements of every policy attached to a role, by the role's logical id. */
export const statementsOfRole = (resources: Record<string, any>, roleId: string): any[] =>
  Object.values(resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties.Roles.some((x: any) => x.Ref === roleId))
    .flatMap((r) => r.Properties.PolicyDocument.Statement);
