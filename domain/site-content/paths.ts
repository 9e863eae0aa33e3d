import { HOME_SLUG, SitePaths } from './definitions';

const TRIP_SLUG = '([a-z0-9][a-z0-9-]*)';
const PAGE_SLUG = '([a-z0-9][a-z0-9-]*(?:/[a-z0-9][a-z0-9-]*)*)';

const escape = (literal: string): string => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A pattern's placeholders in order, and a regex that captures them from a path. */
function compile(pattern: string, slug: string): { names: string[]; regex: RegExp } {
  const names: string[] = [];
  const source = pattern
    .split(/(\{slug\}|\{seller\})/)
    .map((part) => {
      if (part === '{slug}' || part === '{seller}') {
        names.push(part.slice(1, -1));
        return part === '{slug}' ? slug : TRIP_SLUG;
      }
      return escape(part);
    })
    .join('');
  return { names, regex: new RegExp(`^${source}$`) };
}

/** A path without the trailing slash a link may carry (the root stays `/`). */
export function normalPath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}

export function pagePath(paths: SitePaths, slug: string): string {
  return slug === HOME_SLUG ? '/' : paths.page.replace('{slug}', slug);
}

export function tripPath(paths: SitePaths, trip: { slug: string; seller: string }): string {
  return paths.trip.replace('{slug}', trip.slug).replace('{seller}', trip.seller);
}

/** The trip slug (and seller slug, when the pattern has one) a path names; null when it is not a trip path. */
export function tripOfPath(paths: SitePaths, path: string): { slug: string; seller: string | null } | null {
  const { names, regex } = compile(paths.trip, TRIP_SLUG);
  const match = regex.exec(normalPath(path));
  if (!match) return null;
  const value = (name: string) => match[names.indexOf(name) + 1] ?? null;
  return { slug: value('slug') as string, seller: names.includes('seller') ? value('seller') : null };
}

/** The page slug a path names (`/` is the home page); null when it is not a page path. */
export function pageOfPath(paths: SitePaths, path: string): string | null {
  const normal = normalPath(path);
  if (normal === '/') return HOME_SLUG;
  const match = compile(paths.page, PAGE_SLUG).regex.exec(normal);
  return match ? match[1] : null;
}
