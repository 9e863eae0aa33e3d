import type { StorefrontContext } from '../../application/platform/context';
import { operationsFor } from '../kernel/operation';

/** `defineOperation` for the public interface: its caller is the storefront the website key opens. */
export const publicOperation = operationsFor<StorefrontContext>();
