import { Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { CfnAPIKey } from 'aws-cdk-lib/aws-location';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { Construct, type IConstruct } from 'constructs';
import { deploymentCall, startOneOffJob } from './one-off-job';

/** What the map page's key may do: draw Amazon Location's maps (their style, tiles and sprites), nothing else. */
export const MAP_KEY_ACTIONS = ['geo-maps:GetTile', 'geo-maps:GetStaticMap'] as const;

/**
 * Bumped when every church's addresses need looking up again: each new value starts the lookup job
 * once after the deployment (a run looks up only the addresses still waiting, so one more is harmless).
 */
export const LOCATIONS_RUN = '1';

export interface MemberMapsProps {
  /** The site's addresses (CloudFront's, and a custom domain in front): the only pages the key works from. */
  readonly siteUrls: readonly string[];
  /** The address lookup job (lambdas/tasks/familyLocations): run once over the families saved before the map. */
  readonly locationsJob: StateMachine;
  /** What the one-off run waits for: the job's task Lambdas. */
  readonly after: readonly IConstruct[];
}

/**
 * The member map's side of the deployment, with nothing for an operator to set up: the API key
 * that lets the browser draw Amazon Location's Maps v2 style (restricted to the map actions, the
 * provider's maps and the site's own pages as referers, never expiring), its value read back for
 * the SPA's config.json (CloudFormation does not return it), and the one-off lookup of the
 * addresses of families saved before the map existed.
 */
export class MemberMaps extends Construct {
  readonly apiKey: CfnAPIKey;
  /** The MapLibre style the map page loads (WebConfig.mapStyle). */
  readonly styleUrl: string;

  constructor(scope: Construct, id: string, props: MemberMapsProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.apiKey = new CfnAPIKey(this, 'MapKey', {
      keyName: `${stack.stackName}-member-map`,
      description: 'The member map page: Amazon Location Maps v2 style and tiles, from the site only',
      noExpiry: true,
      // A key used in the last week is deleted only when forced: a stack's removal must not stall on it.
      forceDelete: true,
      restrictions: {
        allowActions: [...MAP_KEY_ACTIONS],
        allowResources: [
          stack.formatArn({ service: 'geo-maps', account: '', resource: 'provider', resourceName: 'default' }),
        ],
        allowReferers: props.siteUrls.map((url) => `${url}/*`),
      },
    });
    const key = deploymentCall(this, 'MapKeyValue', {
      onUpdate: {
        service: 'Location',
        action: 'DescribeKey',
        parameters: { KeyName: this.apiKey.keyName },
        // Read again whenever the key is replaced.
        physicalResourceId: PhysicalResourceId.of(this.apiKey.attrKeyArn),
        outputPaths: ['Key'],
      },
      policy: AwsCustomResourcePolicy.fromStatements([
        new PolicyStatement({ actions: ['geo:DescribeKey'], resources: [this.apiKey.attrArn] }),
      ]),
    });
    this.styleUrl = `https://maps.geo.${stack.region}.${stack.urlSuffix}/v2/styles/Standard/descriptors?key=${key.getResponseField('Key')}`;
    startOneOffJob(this, 'StartLocationsJob', {
      job: props.locationsJob,
      name: 'locations',
      run: LOCATIONS_RUN,
      after: props.after,
    });
  }
}
