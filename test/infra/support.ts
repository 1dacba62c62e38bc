/**
 * Synthesizes the real app (lib/directory-app.ts, as bin/app.ts does) for the infra tests: the
 * cdk.json context (feature flags), Lambda bundling skipped for speed, and a stub SPA build so the
 * tests do not depend on `npm run build`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { App, CfnResource, NestedStack, Stack, Validations, type CfnElement } from 'aws-cdk-lib';
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
    template: withNestedStacks(stack),
    wafTemplate: Template.fromStack(wafStack),
    validationReport,
  };
}

/**
 * A stack's template with the resources of its nested stacks (the API's areas) in it, in the
 * stack's own terms, as one template: each nested parameter is replaced by the value the stack passes
 * it, and each of the stack's reads of a nested output by the output's value (a bucket is `Fn::GetAtt`
 * of its logical id, a function `Ref` of its own, wherever they are used).
 */
export function withNestedStacks(stack: Stack): Template {
  const parent = Template.fromStack(stack).toJSON() as { Resources: Record<string, any> };
  const nestedResources: Record<string, any> = {};
  const outputs = new Map<string, unknown>();
  const nestedStacks = stack.node
    .findAll()
    .filter((c): c is NestedStack => NestedStack.isNestedStack(c) && c.nestedStackParent === stack);
  for (const nested of nestedStacks) {
    const resourceId = stack.getLogicalId(nested.nestedStackResource as CfnResource);
    const passed: Record<string, unknown> = parent.Resources[resourceId].Properties.Parameters ?? {};
    const inParentTerms = replaceIntrinsics((ref) => (typeof ref.Ref === 'string' ? passed[ref.Ref] : undefined));
    const own = Template.fromStack(nested).toJSON() as {
      Resources: Record<string, any>;
      Outputs?: Record<string, { Value: unknown }>;
    };
    for (const [id, resource] of Object.entries(own.Resources)) {
      if (id in parent.Resources || id in nestedResources)
        throw new Error(`${id} is in ${nested.node.path} and elsewhere`);
      nestedResources[id] = inParentTerms(resource);
    }
    for (const [name, output] of Object.entries(own.Outputs ?? {}))
      outputs.set(`${resourceId}.Outputs.${name}`, inParentTerms(output.Value));
  }
  const readingOutputs = replaceIntrinsics((value) => {
    const getAtt = value['Fn::GetAtt'];
    return Array.isArray(getAtt) ? outputs.get(getAtt.join('.')) : undefined;
  });
  const resources = { ...(readingOutputs(parent.Resources) as Record<string, unknown>), ...nestedResources };
  return Template.fromJSON({ ...parent, Resources: resources });
}

/** Replaces, deep in a template value, each object for which `replacement` answers a value. */
const replaceIntrinsics =
  (replacement: (value: Record<string, unknown>) => unknown) =>
  (value: unknown): unknown => {
    const walk = (v: unknown): unknown => {
      if (Array.isArray(v)) return v.map(walk);
      if (v === null || typeof v !== 'object') return v;
      const replaced = replacement(v as Record<string, unknown>);
      if (replaced !== undefined) return replaced;
      return Object.fromEntries(Object.entries(v).map(([k, inner]) => [k, walk(inner)]));
    };
    return walk(value);
  };

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

/** A construct's logical id in the stack that holds it (a nested stack for the API's functions). */
export const logicalIdOf = (construct: { node: { defaultChild?: unknown } }): string => {
  const element = construct.node.defaultChild as CfnElement;
  return Stack.of(element).getLogicalId(element);
};

export const resolve = (scope: IConstruct, value: unknown): unknown => Stack.of(scope).resolve(value);

/** Resources of one type in a template, as [logicalId, resource]. */
export function resourcesOf(
  template: Template,
  type: string,
): [string, { Properties: Record<string, any>; [k: string]: any }][] {
  return Object.entries(template.findResources(type)) as [string, { Properties: Record<string, any> }][];
}

/** Zero open findings: cdk-nag (errors and warnings) and every plugin of the validation report. */
/** No open finding; `expected` names the warnings this app must give (each must occur), and only those. */
export function expectNoOpenFindings(
  scope: IConstruct,
  report: ValidationReport,
  expected: readonly string[] = [],
): void {
  expect(openNagFindings(scope)).toEqual([]);
  const open = report.pluginReports.flatMap((p) =>
    p.violations.map((v) => `${p.pluginName}: ${v.ruleName} ${v.description}`),
  );
  for (const warning of expected)
    expect(
      open.some((o) => o.includes(warning)),
      warning,
    ).toBe(true);
  expect(open.filter((o) => !expected.some((warning) => o.includes(warning)))).toEqual([]);
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
