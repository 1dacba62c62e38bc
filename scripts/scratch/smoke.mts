import { localConfig } from '../../lib/local/config';
import { startLocalStack } from '../../lib/local/stack';
const stack = await startLocalStack(localConfig({ basePort: 4700, dataDir: '/tmp/scratch/data', verbose: true }));
try {
  const r = await fetch(stack.url + '/api/organizations', { method: 'POST', headers: {'content-type':'application/json'}, body: JSON.stringify({ churchInfo: { name: 'Grace Church '+Date.now(), address: '1 Main St', city: 'Raleigh', state: 'nc', zip: '27601' }, adminInfo: { name: 'Ann Admin', email: `ann${Date.now()}@x.org`, password: 'secret1' } }) });
  console.log(r.status, await r.text());
  const bad = await fetch(stack.url + '/api/organizations', { method: 'POST', body: '{"churchInfo":{}}' });
  console.log(bad.status, await bad.text());
  const un = await fetch(stack.url + '/api/me');
  console.log(un.status, await un.text());
} finally { await stack.stop(); }
