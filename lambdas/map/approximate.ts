/**
 * An approximate location: the middle of the square of about 555 m a side that the address lies
 * in. The same for every request (a random offset would give the point away to whoever asked
 * often enough and averaged), and never more than APPROXIMATE_METRES from the address.
 */
import { APPROXIMATE_METRES, type Position } from '../contract/map';

/** The square's side in degrees of latitude (0.005° is about 555 m); its half-diagonal stays within APPROXIMATE_METRES. */
const SIDE = 0.005;
const METRES_PER_DEGREE = 111_195;
if ((SIDE * METRES_PER_DEGREE * Math.SQRT2) / 2 > APPROXIMATE_METRES) throw new Error('approximate squares too large');

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

export function approximatePosition([lng, lat]: Position): Position {
  const middleLat = (Math.floor(lat / SIDE) + 0.5) * SIDE;
  // A degree of longitude shrinks towards the poles: the square keeps its width in metres.
  const lngSide = SIDE / Math.max(Math.cos((middleLat * Math.PI) / 180), 0.01);
  const middleLng = (Math.floor(lng / lngSide) + 0.5) * lngSide;
  return [round6(middleLng), round6(middleLat)];
}
