import { expect } from 'chai';
import { ProductEvent, productDecider } from '../../domain/product';
import { SellerEvent, sellerDecider } from '../../domain/seller';
import { StorefrontEvent, storefrontDecider } from '../../domain/storefront';
import { productProblems, storefrontProblems } from '../../domain/catalog/validate';
import type { InputProblem } from '../../domain/shared/refusal';
import { content, extra, option, product, room, sellerDefinition, storefrontDefinition, tier, unit } from './fixtures';
import { given } from './given-when-then';

const reasons = (problems: InputProblem[]) => problems.map((p) => [p.field, p.reason]);

const NOTHING_TAKEN = { ids: [], slug: false };

describe('catalog deciders', () => {
  describe('product', () => {
    const definition = product();
    const created: ProductEvent = { type: 'ProductCreated', data: { productId: 'prod-1', sellerId: 'seller-1', definition } };
    const published: ProductEvent = { type: 'ProductPublished', data: { productId: 'prod-1' } };

    it('creates a valid product, unpublished', () => {
      const outcome = given(productDecider).when({ type: 'CreateProduct', productId: 'prod-1', sellerId: 'seller-1', definition, taken: NOTHING_TAKEN });
      outcome.then([created]);
      expect(given(productDecider, [created]).state).to.deep.equal({ productId: 'prod-1', sellerId: 'seller-1', published: false });
    });

    it('is a Conflict to create it twice', () => {
      given(productDecider, [created])
        .when({ type: 'CreateProduct', productId: 'prod-1', sellerId: 'seller-1', definition, taken: NOTHING_TAKEN })
        .thenRefused('Conflict', { reason: 'product_exists' });
    });

    it('refuses an unknown timezone with InvalidInput', () => {
      const refusal = given(productDecider)
        .when({ type: 'CreateProduct', productId: 'prod-1', sellerId: 'seller-1', definition: product({ timezone: 'Europe/Atlantis' }), taken: NOTHING_TAKEN })
        .thenRefused('InvalidInput');
      expect(reasons(refusal.fields.problems as InputProblem[])).to.deep.equal([['timezone', 'unknown_timezone']]);
      expect(refusal.detail).to.equal('timezone must be an IANA zone name');
    });

    it('refuses content missing in the default locale', () => {
      const refusal = given(productDecider)
        .when({
          type: 'CreateProduct',
          productId: 'prod-1',
          sellerId: 'seller-1',
          definition: product({ default_locale: 'pt', content: { en: content() } }),
          taken: NOTHING_TAKEN,
        })
        .thenRefused('InvalidInput');
      expect(reasons(refusal.fields.problems as InputProblem[])).to.deep.equal([['content', 'default_locale_missing']]);
    });

    it('refuses duplicate ids across options, units, room types and extras', () => {
      const twice = product({
        options: [option({ id: 'o1', is_default: true }), option({ id: 'o1', is_default: false, room_types: [room({ id: 'adult' })] })],
        extras: [extra({ id: 'x1' }), extra({ id: 'x1' })],
      });
      const problems = productProblems(twice)
        .filter((p) => p.reason === 'duplicate_id')
        .map((p) => p.field);
      expect(problems).to.include.members(['options[1].id', 'options[1].units[0].id', 'options[1].room_types[0].id', 'extras[1].id']);
      given(productDecider)
        .when({ type: 'CreateProduct', productId: 'prod-1', sellerId: 'seller-1', definition: twice, taken: NOTHING_TAKEN })
        .thenRefused('InvalidInput');
    });

    it("refuses ids another product uses and a slug another of the seller's products has", () => {
      const refusal = given(productDecider)
        .when({ type: 'CreateProduct', productId: 'prod-1', sellerId: 'seller-1', definition, taken: { ids: [definition.options[0].id], slug: true } })
        .thenRefused('InvalidInput');
      expect(reasons(refusal.fields.problems as InputProblem[])).to.deep.include.members([
        ['slug', 'slug_taken'],
        ['options[0].id', 'id_taken'],
      ]);
    });

    it('refuses tiers upside down or missing a unit, empty ranges, repeated times, options nobody may book alone', () => {
      const base = option({ is_default: true });
      const child = unit({ id: 'kid', type: 'child', min_age: 3, max_age: 11 });
      const broken = product({
        options: [
          {
            ...base,
            units: [child],
            pricing: { tiers: [tier(5, 2, {})] },
            policy: { name: 'Odd', tiers: [{ from_days: 5, to_days: 2, refund_pct: 50 }] },
            availability: { ...base.availability, times: ['10:00', '10:00'], from: '2027-01-10', until: '2027-01-01' },
          },
        ],
      });
      expect(reasons(productProblems(broken))).to.deep.include.members([
        ['options[0].pricing.tiers[0].min_pax', 'min_above_max'],
        ['options[0].pricing.tiers[0].unit_prices', 'unit_unpriced'],
        ['options[0].units', 'no_accompanying_unit'],
        ['options[0].availability.times', 'duplicate_time'],
        ['options[0].availability.until', 'until_before_from'],
        ['options[0].policy.tiers[0].to_days', 'empty_range'],
      ]);
    });

    it('refuses dates that are not real, min above max, unpriced options, empty policies and extras for unknown options', () => {
      const base = option({ is_default: true });
      const broken = product({
        options: [
          {
            ...base,
            min_units: 5,
            max_units: 2,
            pricing: { tiers: [] },
            policy: { name: 'None', tiers: [] },
            availability: { ...base.availability, from: '2026-02-30' },
          },
        ],
        extras: [extra({ id: 'x9', option_ids: ['no-such-option'] })],
      });
      const found = reasons(productProblems(broken));
      expect(found).to.deep.include.members([
        ['options[0].min_units', 'min_above_max'],
        ['options[0].pricing.tiers', 'no_price'],
        ['options[0].policy.tiers', 'no_tiers'],
        ['options[0].availability.from', 'invalid_date'],
        ['extras[0].option_ids[0]', 'unknown_option'],
      ]);
    });

    it('lists every problem, joined in detail with "; "', () => {
      const bad = product({
        timezone: 'Nowhere/Else',
        options: [
          option({
            is_default: true,
            capacity_mode: 'limited',
            availability: { ...option().availability, capacity: null, times: ['9:00'] },
            pricing: { tiers: [tier(1, null, { ghost: 100 })] },
          }),
          option({ id: 'opt-2', is_default: true, units: [unit({ id: 'adult-2' })], pricing: { tiers: [tier(1, null, { 'adult-2': 100 })] } }),
        ],
        extras: [extra({ id: 'x1', pay: 'local', local_price: { amount: 100, currency: 'XXX' } })],
      });
      const problems = productProblems(bad);
      expect(reasons(problems)).to.have.deep.members([
        ['timezone', 'unknown_timezone'],
        ['options', 'several_defaults'],
        ['options[0].pricing.tiers[0].unit_prices', 'unknown_unit'],
        ...option()
          .units.filter((u) => !u.free)
          .map((): [string, string] => ['options[0].pricing.tiers[0].unit_prices', 'unit_unpriced']),
        ['options[0].availability.times[0]', 'invalid_time'],
        ['options[0].availability.capacity', 'capacity_required'],
        ['extras[0].local_price.currency', 'unknown_currency'],
      ]);
      const refusal = given(productDecider)
        .when({ type: 'CreateProduct', productId: 'prod-1', sellerId: 'seller-1', definition: bad, taken: NOTHING_TAKEN })
        .thenRefused('InvalidInput');
      expect(refusal.detail).to.equal(problems.map((p) => p.detail).join('; '));
    });

    it('refuses a trip with no option', () => {
      expect(reasons(productProblems(product({ options: [] })))).to.deep.equal([['options', 'no_options']]);
    });

    it('accepts a free-sale option without capacity', () => {
      const free = product({ options: [option({ capacity_mode: 'free_sale', availability: { ...option().availability, capacity: null } })] });
      expect(productProblems(free)).to.deep.equal([]);
    });

    it("treats another seller's product as NotFound", () => {
      for (const command of [
        { type: 'UpdateProduct' as const, sellerId: 'seller-2', definition, taken: NOTHING_TAKEN },
        { type: 'PublishProduct' as const, sellerId: 'seller-2' },
        { type: 'UnpublishProduct' as const, sellerId: 'seller-2' },
      ]) {
        given(productDecider, [created, published]).when(command).thenRefused('NotFound', { entity: 'product' });
      }
    });

    it('is NotFound for a product that does not exist', () => {
      given(productDecider).when({ type: 'PublishProduct', sellerId: 'seller-1' }).thenRefused('NotFound', { entity: 'product' });
    });

    it('publishes once; publishing twice appends nothing', () => {
      given(productDecider, [created]).when({ type: 'PublishProduct', sellerId: 'seller-1' }).then([published]);
      given(productDecider, [created, published]).when({ type: 'PublishProduct', sellerId: 'seller-1' }).thenNothing();
    });

    it('unpublishes a published product; unpublishing an unpublished one appends nothing', () => {
      given(productDecider, [created, published])
        .when({ type: 'UnpublishProduct', sellerId: 'seller-1' })
        .then([{ type: 'ProductUnpublished', data: { productId: 'prod-1' } }]);
      given(productDecider, [created]).when({ type: 'UnpublishProduct', sellerId: 'seller-1' }).thenNothing();
    });

    it('updates with a valid definition and refuses an invalid one', () => {
      const renamed = product({ slug: 'old-town-walk-2' });
      given(productDecider, [created])
        .when({ type: 'UpdateProduct', sellerId: 'seller-1', definition: renamed, taken: NOTHING_TAKEN })
        .then([{ type: 'ProductUpdated', data: { productId: 'prod-1', definition: renamed } }]);
      given(productDecider, [created])
        .when({ type: 'UpdateProduct', sellerId: 'seller-1', definition: product({ timezone: 'UTC+99' }), taken: NOTHING_TAKEN })
        .thenRefused('InvalidInput');
    });
  });

  describe('storefront', () => {
    const definition = storefrontDefinition();
    const created: StorefrontEvent = { type: 'StorefrontCreated', data: { storefrontId: 'sf-1', definition } };

    it('creates a valid storefront once', () => {
      given(storefrontDecider).when({ type: 'CreateStorefront', storefrontId: 'sf-1', definition }).then([created]);
      given(storefrontDecider, [created])
        .when({ type: 'CreateStorefront', storefrontId: 'sf-1', definition })
        .thenRefused('Conflict', { reason: 'storefront_exists' });
    });

    it('refuses a default language, display currency or seller that do not fit', () => {
      const bad = storefrontDefinition({
        default_language: 'fr',
        display_currency: 'GBP',
        currencies: ['EUR', 'ZZZ'],
        kind: 'marketplace',
        seller_id: 'seller-1',
      });
      expect(reasons(storefrontProblems(bad))).to.have.deep.members([
        ['default_language', 'not_a_language'],
        ['display_currency', 'not_a_currency'],
        ['currencies[1]', 'unknown_currency'],
        ['seller_id', 'seller_mismatch'],
      ]);
      given(storefrontDecider).when({ type: 'CreateStorefront', storefrontId: 'sf-1', definition: bad }).thenRefused('InvalidInput');
      given(storefrontDecider, [created]).when({ type: 'UpdateStorefront', definition: bad }).thenRefused('InvalidInput');
    });

    it('a direct storefront needs its seller; a marketplace has none', () => {
      expect(reasons(storefrontProblems(storefrontDefinition({ kind: 'direct', seller_id: null })))).to.deep.equal([['seller_id', 'seller_mismatch']]);
      expect(storefrontProblems(storefrontDefinition({ kind: 'marketplace', seller_id: null, member_seller_ids: ['seller-1'] }))).to.deep.equal([]);
    });

    it('updates and issues website keys only for an existing storefront', () => {
      given(storefrontDecider, [created])
        .when({ type: 'UpdateStorefront', definition: { ...definition, name: 'Atlas 2' } })
        .then([{ type: 'StorefrontUpdated', data: { storefrontId: 'sf-1', definition: { ...definition, name: 'Atlas 2' } } }]);
      given(storefrontDecider, [created])
        .when({ type: 'IssueWebsiteKey', keyId: 'k1', keyHash: 'h' })
        .then([{ type: 'WebsiteKeyIssued', data: { storefrontId: 'sf-1', keyId: 'k1', keyHash: 'h' } }]);
      given(storefrontDecider).when({ type: 'UpdateStorefront', definition }).thenRefused('NotFound', { entity: 'storefront' });
      given(storefrontDecider).when({ type: 'IssueWebsiteKey', keyId: 'k1', keyHash: 'h' }).thenRefused('NotFound', { entity: 'storefront' });
    });
  });

  describe('seller', () => {
    const definition = sellerDefinition();
    const created: SellerEvent = { type: 'SellerCreated', data: { sellerId: 'seller-1', definition } };
    const issued: SellerEvent = { type: 'SecretKeyIssued', data: { sellerId: 'seller-1', keyId: 'k1', keyHash: 'h1', scopes: ['bookings:read'] } };

    it('creates a seller once', () => {
      given(sellerDecider).when({ type: 'CreateSeller', sellerId: 'seller-1', definition }).then([created]);
      given(sellerDecider, [created]).when({ type: 'CreateSeller', sellerId: 'seller-1', definition }).thenRefused('Conflict', { reason: 'seller_exists' });
    });

    it('issues and revokes secret keys', () => {
      given(sellerDecider, [created])
        .when({ type: 'IssueSecretKey', keyId: 'k1', keyHash: 'h1', scopes: ['bookings:read'] })
        .then([issued]);
      given(sellerDecider, [created, issued])
        .when({ type: 'RevokeSecretKey', keyId: 'k1' })
        .then([{ type: 'SecretKeyRevoked', data: { sellerId: 'seller-1', keyId: 'k1' } }]);
    });

    it('is NotFound for keys of no seller, and for unknown or revoked keys', () => {
      given(sellerDecider).when({ type: 'IssueSecretKey', keyId: 'k1', keyHash: 'h1', scopes: [] }).thenRefused('NotFound', { entity: 'seller' });
      given(sellerDecider, [created]).when({ type: 'RevokeSecretKey', keyId: 'k9' }).thenRefused('NotFound', { entity: 'key' });
      given(sellerDecider, [created, issued, { type: 'SecretKeyRevoked', data: { sellerId: 'seller-1', keyId: 'k1' } }])
        .when({ type: 'RevokeSecretKey', keyId: 'k1' })
        .thenRefused('NotFound', { entity: 'key' });
    });
  });
});
