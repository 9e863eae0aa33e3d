import type { SellerCaller } from '../seller';

export type WebhookCaller = SellerCaller;

export interface EndpointBody {
  url: string;
  events: string[];
  description?: string | null;
}

export interface EndpointChange {
  url?: string;
  events?: string[];
  description?: string | null;
  enabled?: boolean;
}

/** An endpoint as its seller sees it; its secret never (only once, when made or rolled). */
export interface EndpointView {
  id: string;
  url: string;
  events: string[];
  description: string | null;
  enabled: boolean;
  created_at: string;
  updated_at: string;
}

export type EndpointWithSecret = EndpointView & { secret: string };
