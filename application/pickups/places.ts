/**
 * The platform's library of pickup places: hotels, addresses and meeting points travellers name
 * when they ask to be picked up (spec 4.3 places/search). Platform content that ships with the
 * service, like the filter lists' place library: sellers draw pickup areas, they do not list
 * hotels. Each place belongs to the areas whose shapes cover it; search lists only places in an
 * area of the storefront's trips, and a quote or pickup/resolve naming one resolves it by its
 * coordinates. Ids are UUIDs and never change.
 */
export type PickupPlaceKind = 'hotel' | 'address' | 'meeting_point' | 'airport' | 'port';
export const PICKUP_PLACE_KINDS: readonly PickupPlaceKind[] = ['hotel', 'address', 'meeting_point', 'airport', 'port'];

export interface PickupPlace {
  id: string;
  kind: PickupPlaceKind;
  /** The place's name by locale; English always, others when the place has its own name in them. */
  names: Readonly<Record<string, string>> & { en: string };
  lat: number;
  lng: number;
}

export const PICKUP_PLACES: readonly PickupPlace[] = [
  // Lisbon.
  { id: 'a3c1e0f2-5b7d-4e8a-9c10-2f4d6b8a0c11', kind: 'hotel', names: { en: 'Avenida Palace' }, lat: 38.7149, lng: -9.141 },
  { id: 'b41d2e63-8c9a-4f1b-a2d3-3e5f7a9b1c22', kind: 'hotel', names: { en: 'Tivoli Avenida Liberdade' }, lat: 38.7206, lng: -9.1459 },
  { id: 'c5e2f374-9dab-4a2c-b3e4-4f6a8bac2d33', kind: 'hotel', names: { en: 'Pestana Palace' }, lat: 38.7062, lng: -9.1849 },
  { id: 'd6f30485-aebc-4b3d-84f5-5a7b9cbd3e44', kind: 'hotel', names: { en: 'Memmo Alfama' }, lat: 38.7111, lng: -9.1307 },
  {
    id: 'e7a41596-bfcd-4c4e-95a6-6b8cadce4f55',
    kind: 'meeting_point',
    names: { en: 'Praça do Comércio (arch of Rua Augusta)', es: 'Plaza del Comercio (arco de la Rua Augusta)', de: 'Praça do Comércio (Triumphbogen)' },
    lat: 38.7084,
    lng: -9.1366,
  },
  {
    id: 'f8b526a7-c0de-4d5f-a6b7-7c9dbedf5a66',
    kind: 'airport',
    names: { en: 'Lisbon Airport (LIS)', es: 'Aeropuerto de Lisboa (LIS)', de: 'Flughafen Lissabon (LIS)', ja: 'リスボン空港 (LIS)' },
    lat: 38.7742,
    lng: -9.1342,
  },
  { id: '09c637b8-d1ef-4e60-b7c8-8daecf0a6b77', kind: 'address', names: { en: 'Rua Garrett 120, Chiado' }, lat: 38.7107, lng: -9.1421 },

  // Marrakesh.
  { id: '1ad748c9-e2f0-4f71-88d9-9ebfd01b7c88', kind: 'hotel', names: { en: 'La Mamounia' }, lat: 31.6217, lng: -8.0006 },
  { id: '2be859da-f301-4082-99ea-afc0e12c8d99', kind: 'hotel', names: { en: 'Riad Kniza' }, lat: 31.6336, lng: -7.9958 },
  { id: '3cf96aeb-0412-4193-8afb-b0d1f23d9eaa', kind: 'hotel', names: { en: 'Royal Mansour' }, lat: 31.6206, lng: -7.9953 },
  {
    id: '4d0a7bfc-1523-42a4-9b0c-c1e2034eafbb',
    kind: 'meeting_point',
    names: { en: 'Jemaa el-Fnaa (Café de France)', es: 'Yemaa el Fna (Café de France)', de: 'Djemaa el Fna (Café de France)' },
    lat: 31.6259,
    lng: -7.9891,
  },
  { id: '5e1b8c0d-2634-43b5-8c1d-d2f3145fb0cc', kind: 'hotel', names: { en: 'Four Seasons Resort Marrakech' }, lat: 31.6142, lng: -8.0138 },
];

const BY_ID = new Map(PICKUP_PLACES.map((p) => [p.id, p]));

/** A library place by id, or undefined. */
export function pickupPlace(id: string): PickupPlace | undefined {
  return BY_ID.get(id);
}
