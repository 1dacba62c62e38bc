/**
 * The member map in CDK (lib/member-maps.ts): the browser's API key may only draw Amazon Location's
 * maps, from the site's own pages, and never expires; its value reaches config.json through a
 * deployment step that may read that key alone; the address lookups are the lookup job's alone,
 * Geocode and nothing else of Amazon Location; and the deployment starts the one-off lookup once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCATIONS_RUN, MAP_KEY_ACTIONS } from '../../lib/member-maps';
import { logicalIdOf as id, resourcesOf, statementsOfRole, synthDirectory } from './support';

type Synth = ReturnType<typeof synthDirectory>;
let s: Synth;
let resources: Record<string, any>;

beforeAll(() => {
  s = synthDirectory({ appUrl: 'https://directory.example.org' });
  resources = s.template.toJSON().Resources;
});

const geoActions = (statements: any[]) =>
  statements.flatMap((st) => [st.Action].flat() as string[]).filter((a) => /^geo(-[a-z]+)?:/.test(a));

describe("the member map's API key", () => {
  it('allows the map actions only, on the provider maps, from the site and its custom domain, with no expiry', () => {
    const keys = resourcesOf(s.template, 'AWS::Location::APIKey');
    expect(keys).toHaveLength(1);
    const [, key] = keys[0]!;
    expect(key.Properties.NoExpiry).toBe(true);
    expect(key.Properties.Restrictions.AllowActions).toEqual([...MAP_KEY_ACTIONS]);
    expect(JSON.stringify(key.Properties.Restrictions.AllowResources)).toContain(':geo-maps:');
    expect(JSON.stringify(key.Properties.Restrictions.AllowResources)).toContain('provider/default');
    const referers = key.Properties.Restrictions.AllowReferers;
    expect(referers).toHaveLength(2);
    expect(referers).toContainEqual('https://directory.example.org/*');
    // The other is CloudFront's own domain name.
    expect(JSON.stringify(referers)).toContain(id(s.stack.site.distribution));
  });

  it('is read back for config.json by a step that may describe that key alone', () => {
    const key = s.stack.memberMaps.apiKey;
    const reads = resourcesOf(s.template, 'Custom::AWS').filter(([, r]) =>
      JSON.stringify(r.Properties.Update ?? r.Properties.Create ?? '').includes('DescribeKey'),
    );
    expect(reads).toHaveLength(1);
    const policies = resourcesOf(s.template, 'AWS::IAM::Policy').filter(([name]) => name.includes('MapKeyValue'));
    expect(policies.flatMap(([, p]) => p.Properties.PolicyDocument.Statement)).toEqual([
      { Action: 'geo:DescribeKey', Effect: 'Allow', Resource: s.stack.resolve(key.attrArn) },
    ]);
    const configFile = fs
      .readdirSync(s.assembly.directory)
      .map((d) => path.join(s.assembly.directory, d, 'config.json'))
      .find((f) => fs.existsSync(f))!;
    // Deploy-time values are markers in the file, which the deployment fills in: the key's, read back.
    const style = JSON.parse(fs.readFileSync(configFile, 'utf8')).mapStyle as string;
    const [, marker] =
      /^https:\/\/maps\.geo\.us-east-1\..+\/v2\/styles\/Standard\/descriptors\?key=(<<marker:[^>]+>>)$/.exec(style)!;
    const [readId] = reads[0]!;
    const markers = resourcesOf(s.template, 'Custom::CDKBucketDeployment').flatMap(([, d]) =>
      (d.Properties.SourceMarkers ?? []).map((m: Record<string, unknown>) => m[marker!]),
    );
    expect(markers).toContainEqual({ 'Fn::GetAtt': [readId, 'Key'] });
  });
});

describe('the address lookups', () => {
  it('are Geocode on the provider places, held by the lookup job alone', () => {
    const lookup = s.stack.jobs.functions.get('familyLocations.LocatePageFunctionArn')!;
    const held = statementsOfRole(resources, id(lookup.role as never));
    expect(geoActions(held)).toEqual(['geo-places:Geocode']);
    const statement = held.find((st) => [st.Action].flat().includes('geo-places:Geocode'));
    expect(JSON.stringify(statement.Resource)).toContain(':geo-places:');
    expect(JSON.stringify(statement.Resource)).toContain('provider/default');

    const others = Object.entries(resources).filter(
      ([name, r]) => r.Type === 'AWS::IAM::Role' && name !== id(lookup.role as never),
    );
    for (const [name] of others)
      expect(
        geoActions(statementsOfRole(resources, name)).filter((a) => a !== 'geo:DescribeKey'),
        name,
      ).toEqual([]);
  });

  it('are started once for every church by the deployment, after the job is in place', () => {
    const machine = s.stack.jobs.stateMachines.get('familyLocations')!;
    const starts = resourcesOf(s.template, 'Custom::AWS').filter(([, r]) =>
      JSON.stringify(r.Properties.Update ?? '').includes('deploy-locations'),
    );
    expect(starts).toHaveLength(1);
    const [, start] = starts[0]!;
    expect(JSON.stringify(start.Properties.Update)).toContain(`deploy-locations-${LOCATIONS_RUN}`);
    expect(start.DependsOn).toEqual(
      expect.arrayContaining([id(machine), id(s.stack.jobs.functions.get('familyLocations.LocatePageFunctionArn')!)]),
    );
  });
});
