import { CatalogReads } from '../../projections/catalog/queries';
import { defineFeature } from '../platform/feature';
import { secretHash } from '../platform/secrets';

/** Spec part 5: which storefront a website key opens, which seller and permissions a secret key carries. */
export const keysFeature = defineFeature({
  name: 'keys',
  create(platform) {
    const reads = new CatalogReads(platform.docs);
    return {
      websiteKey: async (key: string) => {
        const hash = secretHash(key);
        const storefront = await reads.websiteKey(hash);
        return storefront ? { hash, storefront } : null;
      },
      secretKey: async (key: string) => {
        const hash = secretHash(key);
        const found = await reads.secretKey(hash);
        return found ? { hash, ...found } : null;
      },
      allowedOrigins: () => reads.allowedOrigins(),
    };
  },
});
