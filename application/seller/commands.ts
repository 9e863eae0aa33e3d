import { randomUUID } from 'node:crypto';
import type { ProductDefinition, SellerDefinition, StorefrontDefinition } from '../../domain/catalog/definitions';
import { productDecider, productStream } from '../../domain/product';
import { sellerDecider, sellerStream } from '../../domain/seller';
import { storefrontDecider, storefrontStream } from '../../domain/storefront';
import { teamDecider, teamStream } from '../../domain/team';
import { Refusal, isRefusal } from '../../domain/shared/refusal';
import { CommandHandler } from '../platform/command-handler';
import type { Clock } from '../platform/ports/clock';
import type { EventMetadata } from '../platform/ports/event-store';
import { secretHash } from '../platform/secrets';
import type { CatalogReads } from '../../projections/catalog/queries';
import { CatalogTaken, itemIds } from '../../domain/catalog/validate';

export interface Done {
  id: string;
  position: number;
}

/** The seller's side of the catalog: sellers, storefronts, keys and products. */
export class CatalogService {
  constructor(
    private readonly commands: CommandHandler,
    private readonly clock: Clock,
    private readonly reads: CatalogReads,
  ) {}

  /** Ids and slug of a definition that other products already use (read from the catalog projection). */
  private async taken(sellerId: string, productId: string, definition: ProductDefinition): Promise<CatalogTaken> {
    const ids = itemIds(definition);
    const others = await this.reads.productsOf({ item_ids: { $in: ids }, _id: { $ne: productId } });
    const used = new Set(others.flatMap((o) => o.item_ids ?? []));
    const sameSlug = await this.reads.productsOf({ seller_id: sellerId, slug: definition.slug, _id: { $ne: productId } });
    return { ids: ids.filter((id) => used.has(id)), slug: sameSlug.length > 0 };
  }

  private metadata(correlationId: string): EventMetadata {
    return { correlationId, causationId: correlationId, at: this.clock.now().toISOString() };
  }

  private async done(id: string, result: Promise<{ position: number } | Refusal>): Promise<Done | Refusal> {
    const handled = await result;
    return isRefusal(handled) ? handled : { id, position: handled.position };
  }

  createSeller(definition: SellerDefinition, sellerId: string = randomUUID(), correlationId: string = randomUUID()): Promise<Done | Refusal> {
    return this.done(
      sellerId,
      this.commands.handle(sellerStream(sellerId), sellerDecider, { type: 'CreateSeller', sellerId, definition }, this.metadata(correlationId)),
    );
  }

  /** The platform's flag on a seller that needs attention: its trips come after the others' in a marketplace's default order. */
  flagSellerForAttention(sellerId: string, reason: string, correlationId: string = randomUUID()): Promise<Done | Refusal> {
    return this.done(
      sellerId,
      this.commands.handle(sellerStream(sellerId), sellerDecider, { type: 'FlagSellerForAttention', reason }, this.metadata(correlationId)),
    );
  }

  clearSellerAttention(sellerId: string, correlationId: string = randomUUID()): Promise<Done | Refusal> {
    return this.done(sellerId, this.commands.handle(sellerStream(sellerId), sellerDecider, { type: 'ClearSellerAttention' }, this.metadata(correlationId)));
  }

  /** Keys are stored as their hash only; the key itself is shown once, by the caller. */
  issueSecretKey(
    sellerId: string,
    key: string,
    scopes: string[],
    correlationId: string = randomUUID(),
    options: { createdBy?: string; name?: string } = {},
  ): Promise<Done | Refusal> {
    const keyId = randomUUID();
    return this.done(
      keyId,
      this.commands.handle(
        sellerStream(sellerId),
        sellerDecider,
        { type: 'IssueSecretKey', keyId, keyHash: secretHash(key), scopes, ...options },
        this.metadata(correlationId),
      ),
    );
  }

  /** The platform makes a seller's first owner (the team's later members are added by its owners and admins). */
  addFirstOwner(sellerId: string, member: { id: string; email: string; name: string }, correlationId: string = randomUUID()): Promise<Done | Refusal> {
    return this.done(
      member.id,
      this.commands.handle(
        teamStream(sellerId),
        teamDecider,
        { type: 'AddMember', sellerId, memberId: member.id, email: member.email, name: member.name, role: 'owner', by: null },
        this.metadata(correlationId),
      ),
    );
  }

  createStorefront(definition: StorefrontDefinition, storefrontId: string = randomUUID(), correlationId: string = randomUUID()): Promise<Done | Refusal> {
    return this.done(
      storefrontId,
      this.commands.handle(
        storefrontStream(storefrontId),
        storefrontDecider,
        { type: 'CreateStorefront', storefrontId, definition },
        this.metadata(correlationId),
      ),
    );
  }

  issueWebsiteKey(storefrontId: string, key: string, correlationId: string = randomUUID()): Promise<Done | Refusal> {
    const keyId = randomUUID();
    return this.done(
      keyId,
      this.commands.handle(
        storefrontStream(storefrontId),
        storefrontDecider,
        { type: 'IssueWebsiteKey', keyId, keyHash: secretHash(key) },
        this.metadata(correlationId),
      ),
    );
  }

  async createProduct(
    sellerId: string,
    definition: ProductDefinition,
    productId: string = randomUUID(),
    correlationId: string = randomUUID(),
  ): Promise<Done | Refusal> {
    const taken = await this.taken(sellerId, productId, definition);
    return this.done(
      productId,
      this.commands.handle(
        productStream(productId),
        productDecider,
        { type: 'CreateProduct', productId, sellerId, definition, taken },
        this.metadata(correlationId),
      ),
    );
  }

  async updateProduct(sellerId: string, productId: string, definition: ProductDefinition, correlationId: string = randomUUID()): Promise<Done | Refusal> {
    const taken = await this.taken(sellerId, productId, definition);
    return this.done(
      productId,
      this.commands.handle(productStream(productId), productDecider, { type: 'UpdateProduct', sellerId, definition, taken }, this.metadata(correlationId)),
    );
  }

  publishProduct(sellerId: string, productId: string, publish: boolean, correlationId: string = randomUUID()): Promise<Done | Refusal> {
    const command = publish ? { type: 'PublishProduct' as const, sellerId } : { type: 'UnpublishProduct' as const, sellerId };
    return this.done(productId, this.commands.handle(productStream(productId), productDecider, command, this.metadata(correlationId)));
  }
}
