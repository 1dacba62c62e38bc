/**
 * Local Cognito: cognito-local in a child process, and a user pool + app client made with the
 * same settings as lib/auth.ts (custom attributes, write attributes, auth flows). The pool's ids
 * are kept in the data folder so accounts survive a restart.
 */
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  SetUserPoolMfaConfigCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CUSTOM_ATTRIBUTES, USER_POOL_SETTINGS, clientReadAttributeNames } from '../settings';
import { gatewayUrl, type LocalConfig } from './config';
import { assertPortFree, startChild, TSX_IMPORT, waitForPort } from './processes';

export const POOL_NAME = 'church-directory-users';
export const CLIENT_NAME = 'church-directory-web';

export interface LocalPool {
  endpoint: string;
  issuer: string;
  userPoolId: string;
  clientId: string;
}

export async function startCognito(config: LocalConfig): Promise<LocalPool> {
  const port = config.ports.cognito;
  await assertPortFree(port, 'Cognito (cognito-local)');
  const cwd = path.join(config.dataDir, 'cognito');
  mkdirSync(path.join(cwd, '.cognito'), { recursive: true });
  const endpoint = `http://127.0.0.1:${port}`;
  writeFileSync(
    path.join(cwd, '.cognito', 'config.json'),
    JSON.stringify({ TokenConfig: { IssuerDomain: endpoint }, ServerConfig: { hostname: '127.0.0.1', port } }, null, 2),
  );
  const host = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cognito-host.ts');
  startChild('cognito-local', process.execPath, [...TSX_IMPORT, host, `${gatewayUrl(config)}/_local/mailbox`], {
    cwd,
    env: { PORT: String(port), HOST: '127.0.0.1' },
    verbose: false,
  });
  await waitForPort(port, 'cognito-local');
  const client = new CognitoIdentityProviderClient({
    endpoint,
    region: config.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const { userPoolId, clientId } = await ensurePool(client);
  return { endpoint, issuer: `${endpoint}/${userPoolId}`, userPoolId, clientId };
}

async function ensurePool(client: CognitoIdentityProviderClient) {
  const { UserPools } = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  let userPoolId = UserPools?.find((p) => p.Name === POOL_NAME)?.Id;
  if (!userPoolId) {
    const { UserPool } = await client.send(
      new CreateUserPoolCommand({
        PoolName: POOL_NAME,
        UsernameAttributes: [USER_POOL_SETTINGS.usernameAttribute],
        AutoVerifiedAttributes: ['email'],
        UsernameConfiguration: { CaseSensitive: false },
        Policies: { PasswordPolicy: { MinimumLength: USER_POOL_SETTINGS.passwordMinLength } },
        Schema: [
          { Name: 'email', AttributeDataType: 'String', Required: true, Mutable: true },
          { Name: 'name', AttributeDataType: 'String', Mutable: true },
          ...CUSTOM_ATTRIBUTES.map((name) => ({ Name: name, AttributeDataType: 'String' as const, Mutable: true })),
        ],
      }),
    );
    userPoolId = UserPool!.Id!;
  }
  // As the deployed pool (lib/auth.ts): each user may turn on a TOTP second step; no SMS. Set on
  // every start, so a data folder made before this setting gets it too.
  await client.send(
    new SetUserPoolMfaConfigCommand({
      UserPoolId: userPoolId,
      MfaConfiguration: USER_POOL_SETTINGS.mfa,
      SoftwareTokenMfaConfiguration: { Enabled: true },
    }),
  );
  const { UserPoolClients } = await client.send(
    new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }),
  );
  let clientId = UserPoolClients?.find((c) => c.ClientName === CLIENT_NAME)?.ClientId;
  if (!clientId) {
    const { UserPoolClient } = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: CLIENT_NAME,
        // The deployed client's flows, and the password flow the app uses here (LOCAL_SIGN_IN_FLOW).
        ExplicitAuthFlows: [...USER_POOL_SETTINGS.authFlows, 'ALLOW_USER_PASSWORD_AUTH'],
        ReadAttributes: clientReadAttributeNames(),
        WriteAttributes: [...USER_POOL_SETTINGS.clientWriteAttributes],
        PreventUserExistenceErrors: 'ENABLED',
      }),
    );
    clientId = UserPoolClient!.ClientId!;
  }
  return { userPoolId, clientId };
}
