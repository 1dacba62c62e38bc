/**
 * `npm run demo:code`: the code the local super-admin's authenticator would show now (its key is
 * in the data folder, LOCAL_DATA_DIR or .local), for signing in to the demo without a phone.
 */
import { localConfig } from '../lib/local/config';
import { readOperatorTotpKey, totpCode } from '../lib/local/operator-totp';

const { dataDir } = localConfig();
const key = readOperatorTotpKey(dataDir);
if (!key) {
  console.error(`No super-admin authenticator key in ${dataDir}: start the product once (npm start).`);
  process.exit(1);
}
const left = 30 - (Math.floor(Date.now() / 1000) % 30);
console.log(`${totpCode(key)}  (valid for ${left} more seconds; key ${key})`);
