import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { MarketError } from '../../services/market-feed';

/** The `{message}` of docs/product.md §2's 'Error: {message}' for a feed failure. */
export function marketErrorMessage(error: MarketError | null): MessageDescriptor {
  switch (error?.code) {
    case 'timeout':
      return msg`The price services did not answer in time. Retrying...`;
    case 'http':
      return msg`The price services are refusing requests right now. Retrying...`;
    case 'format':
      return msg`The price services sent an answer we could not read. Retrying...`;
    case 'config':
      return msg`Could not load the market settings.`;
    case 'worker':
      return msg`Live prices could not start in this browser.`;
    case 'network':
    default:
      return msg`Cannot reach the price services. Retrying...`;
  }
}
