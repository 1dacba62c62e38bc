/**
 * Amazon Location's Places API v2, Geocode only, with the client created once per container. The
 * results are kept on the family, which the intended use `Storage` allows (`SingleUse` forbids it).
 * Locally AWS_ENDPOINT_URL_GEO_PLACES points at the offline stand-in (lib/local/geo-places.ts).
 */
import { GeocodeCommand, GeoPlacesClient, type GeocodeQueryComponents } from '@aws-sdk/client-geo-places';
import { REQUEST_HANDLER } from './client-options';

const places = /* @__PURE__ */ new GeoPlacesClient({ requestHandler: REQUEST_HANDLER });

/** The best match's [longitude, latitude], or null when the service found no such address. */
export async function geocode(components: GeocodeQueryComponents): Promise<[number, number] | null> {
  const { ResultItems } = await places.send(
    new GeocodeCommand({ QueryComponents: components, MaxResults: 1, IntendedUse: 'Storage' }),
  );
  const position = ResultItems?.[0]?.Position;
  return position?.length === 2 ? [position[0]!, position[1]!] : null;
}
