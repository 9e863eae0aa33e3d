/** Pickup areas (spec 2.4, 4.3, 4.4): shapes, which area serves a place, and what checkout must be told. */
export { distanceMetres, insidePolygon, shapeContains, type LatLng } from './shapes';
export { checkPickupDetails, pickupArea, pickupDetailsMissing, resolvePickup, type PickupDetails, type PickupRefusalReason, type PickupWhere } from './resolve';
