/**
 * One test stack in a process of its own (forked by test/support/global-setup.ts): the local
 * stand-ins, the gateway and the handlers it runs, on the base port and data folder it is given,
 * with fault proxies, and the demo church when asked. It answers the stack's coordinates on its
 * IPC channel, and stops when told or when its parent goes. A process per stack, so that two
 * stacks serving two test files at once run their handlers on two cores.
 */
import type { TestStack } from './stacks';

interface StackOrder {
  basePort: number;
  dataDir: string;
  demo: boolean;
  photoLinkSeconds: number | null;
}

const order = JSON.parse(process.argv[2]!) as StackOrder;
const send = (message: { stack: TestStack } | { error: string }) => process.send!(message);

try {
  // Loaded after argv is read: the stack's modules read the environment as they load.
  const { localConfig } = await import('../../lib/local/config');
  const { startLocalStack } = await import('../../lib/local/stack');
  const config = localConfig({
    basePort: order.basePort,
    dataDir: order.dataDir,
    verbose: false,
    faultProxies: true,
    photoLinkSeconds: order.photoLinkSeconds,
  });
  const stack = await startLocalStack(config);
  if (order.demo) await (await import('../../lib/local/demo')).seedDemo(config);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void stack.stop().finally(() => process.exit(0));
  };
  process.on('message', (message) => message === 'stop' && stop());
  process.on('disconnect', stop);
  send({
    stack: {
      url: stack.url,
      env: stack.env,
      cognitoEndpoint: stack.pool.endpoint,
      clientId: stack.pool.clientId,
      userPoolId: stack.pool.userPoolId,
      dataDir: order.dataDir,
    },
  });
} catch (error) {
  send({ error: (error as Error).stack ?? String(error) });
  process.exit(1);
}
