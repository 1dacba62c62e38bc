/**
 * The data migrations (lib/migrations.ts): each a Lambda of ours that a CDK Trigger invokes after
 * the table exists, granted the table and, of Cognito, exactly what its code calls.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../lib/lambda-function';
import { GRANTED_ONE_BY_ONE, sdkActionsByEntry } from './sdk-calls';
import { resourcesOf, statementsOfRole, synthDirectory, logicalIdOf } from './support';

let s: ReturnType<typeof synthDirectory>;
let resources: Record<string, any>;
const id = logicalIdOf;

beforeAll(() => {
  s = synthDirectory();
  resources = s.template.toJSON().Resources;
});

const runOf = (name: string) =>
  resourcesOf(s.template, 'AWS::CloudFormation::CustomResource').find(([, r]) =>
    JSON.stringify(r.Properties.version).includes(`${name}CurrentVersion`),
  )!;

describe('migrations', () => {
  it('runs the group marks migration after the table is made, again when its code changes', () => {
    const fn = s.stack.migrations.functions.get('groupMarks')!;
    const [, run] = runOf('GroupMarks');
    expect(run.DependsOn).toEqual(expect.arrayContaining([id(s.stack.data.table)]));
    // Its `version` is the function's current version, which a code change replaces.
    const version = resources[run.Properties.version['Fn::GetAtt'][0]];
    expect(version.Type).toBe('AWS::Lambda::Version');
    expect(version.Properties.FunctionName).toEqual({ Ref: id(fn) });
    expect(resources[id(fn)].Properties.Timeout).toBe(900);
  });

  it('runs the directory order migration after the group marks, each run in turn', () => {
    const [groupMarks] = runOf('GroupMarks');
    const [, run] = runOf('DirectoryOrder');
    expect(run.DependsOn).toEqual(expect.arrayContaining([groupMarks]));
  });

  it('runs the group order migration after the directory order', () => {
    const [directoryOrder] = runOf('DirectoryOrder');
    const [, run] = runOf('GroupOrder');
    expect(run.DependsOn).toEqual(expect.arrayContaining([directoryOrder]));
  });

  it('runs the operator two-step migration after the group order', () => {
    const [groupOrder] = runOf('GroupOrder');
    const [, run] = runOf('OperatorTwoStep');
    expect(run.DependsOn).toEqual(expect.arrayContaining([groupOrder]));
  });

  const statementsOf = (name: string) =>
    statementsOfRole(
      resources,
      resources[id(s.stack.migrations.functions.get(name)!)].Properties.Role['Fn::GetAtt'][0],
    );

  it.each(['groupMarks', 'directoryOrder', 'groupOrder', 'operatorTwoStep'])(
    'grants the %s migration the table (and its indexes), and no other table or bucket',
    (name) => {
      const statements = statementsOf(name);
      const actions = statements.flatMap((st: any) => [st.Action].flat());
      expect(actions.every((a: string) => /^(dynamodb|logs|cognito-idp):/.test(a))).toBe(true);
      const tableArn = id(s.stack.data.table);
      for (const st of statements.filter((x: any) => [x.Action].flat().some((a: string) => a.startsWith('dynamodb:'))))
        expect(JSON.stringify(st.Resource)).toContain(tableArn);
    },
  );

  it('grants each migration exactly the Cognito actions its code calls, on the user pool alone', async () => {
    const names = [...s.stack.migrations.functions.keys()];
    const entry = (name: string) => path.join('lambdas', 'migrations', `${name}.ts`);
    const called = await sdkActionsByEntry(PROJECT_ROOT, names.map(entry));
    for (const name of names) {
      const granted = statementsOf(name).filter((st: any) =>
        [st.Action].flat().some((a: string) => GRANTED_ONE_BY_ONE.some((prefix) => a.startsWith(prefix))),
      );
      expect([...new Set(granted.flatMap((st: any) => [st.Action].flat()))].sort(), name).toEqual(
        called.get(path.normalize(entry(name))),
      );
      for (const st of granted) expect(JSON.stringify(st.Resource), name).toContain(id(s.stack.auth.userPool));
    }
    expect(called.get(path.normalize(entry('operatorTwoStep')))).toEqual(['cognito-idp:AdminGetUser']);
  });
});
