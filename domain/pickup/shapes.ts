import type { PickupShape } from '../catalog/definitions';

export interface LatLng {
  lat: number;
  lng: number;
}

/** Mean Earth radius (IUGG), in metres. */
const EARTH_RADIUS_M = 6_371_008.8;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle (haversine) distance between two points, in metres. */
export function distanceMetres(a: LatLng, b: LatLng): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Whether a point lies inside a polygon of [lat, lng] corners (ray casting). Pickup areas span a
 * few kilometres, where treating degrees as a plane is exact enough; a point on an edge may fall
 * either way.
 */
export function insidePolygon(point: LatLng, corners: readonly (readonly [number, number])[]): boolean {
  let inside = false;
  for (let i = 0, j = corners.length - 1; i < corners.length; j = i++) {
    const [latI, lngI] = corners[i];
    const [latJ, lngJ] = corners[j];
    const crosses = lngI > point.lng !== lngJ > point.lng && point.lat < ((latJ - latI) * (point.lng - lngI)) / (lngJ - lngI) + latI;
    if (crosses) inside = !inside;
  }
  return inside;
}

/** Whether a pickup area's shape covers a point: inside its polygon, or within its radius of its centre. */
export function shapeContains(shape: PickupShape, point: LatLng): boolean {
  return shape.type === 'polygon' ? insidePolygon(point, shape.points) : distanceMetres(shape.center, point) <= shape.radius_m;
}
