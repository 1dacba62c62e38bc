/**
 * A pass-through HTTP proxy in front of a local stand-in (DynamoDB, S3, the address lookups) that can be told to
 * misbehave for a while: refuse requests (the service is down: the connection is reset), lose
 * answers (the request is carried out, but its answer never arrives: the case of a Lambda
 * failing right after a write) or delay them (the service is slow). Tests set the faults
 * through the gateway (POST/DELETE /_local/faults); with none set it only forwards.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FaultKind = 'refuse' | 'lose-answer' | 'delay';

export interface Fault {
  service: 'dynamodb' | 's3' | 'geo-places';
  kind: FaultKind;
  /** Only requests of this operation: DynamoDB's X-Amz-Target action (TransactWriteItems), S3's HTTP method (PUT), or geo-places' path's end (geocode). */
  operation?: string;
  /** How many matching requests it hits before it ends by itself (default: until cleared). */
  times?: number;
  /** For `delay`. */
  delayMs?: number;
  /** Active only once a request of this operation has gone through (a Lambda dying right after its write). */
  after?: string;
}

interface ActiveFault extends Fault {
  hits: number;
  armed: boolean;
}

/** What a request is, as a fault sees it. */
function operationOf(service: Fault['service'], req: http.IncomingMessage): string {
  if (service === 's3') return req.method ?? '';
  // A REST API: its path names the operation (/v2/geocode).
  if (service === 'geo-places') return (req.url ?? '').split('?')[0]!.split('/').pop() ?? '';
  const target = String(req.headers['x-amz-target'] ?? '');
  return target.slice(target.indexOf('.') + 1);
}

export class FaultProxy {
  private faults: ActiveFault[] = [];
  private server?: http.Server;

  constructor(
    readonly service: Fault['service'],
    private readonly target: string,
  ) {}

  set(faults: Fault[]): void {
    this.faults = faults.filter((f) => f.service === this.service).map((f) => ({ ...f, hits: 0, armed: !f.after }));
  }

  /** The faults and how many requests each has hit so far. */
  report(): ActiveFault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  /** Listens on a free port of the loopback; answers the proxy's endpoint URL. */
  async start(): Promise<string> {
    const agent = new http.Agent({ keepAlive: true });
    this.server = http.createServer((req, res) => void this.forward(req, res, agent));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The first armed fault that matches, counted as hit (a fault with `times` left ends by itself). */
  private take(req: http.IncomingMessage): ActiveFault | undefined {
    const operation = operationOf(this.service, req);
    const fault = this.faults.find(
      (f) => f.armed && (!f.operation || f.operation === operation) && (f.times === undefined || f.hits < f.times),
    );
    if (fault) fault.hits++;
    for (const f of this.faults) if (f.after === operation) f.armed = true;
    return fault;
  }

  private async forward(req: http.IncomingMessage, res: http.ServerResponse, agent: http.Agent): Promise<void> {
    const fault = this.take(req);
    if (fault?.kind === 'refuse') {
      req.socket.destroy();
      return;
    }
    if (fault?.kind === 'delay') await new Promise((r) => setTimeout(r, fault.delayMs ?? 1000));
    const url = new URL(req.url ?? '/', this.target);
    const upstream = http.request(url, { method: req.method, headers: req.headers, agent }, (answer) => {
      if (fault?.kind === 'lose-answer') {
        // Let the service finish the request, then cut the caller off before it hears the answer.
        answer.resume();
        answer.on('end', () => req.socket.destroy());
        return;
      }
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => req.socket.destroy());
    req.pipe(upstream);
  }
}
