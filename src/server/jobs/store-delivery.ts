import { deliverStoreOrders, STORE_DELIVERY_TASK } from '../domain/store/delivery';
import type { WalletDeps } from '../plugins/wallet';
import type { ScheduledTask } from '../scheduler';

/**
 * `store-delivery`: delivers the BCNT of the store orders that are due (domain/store/delivery.ts).
 * The operator's `store deliver` calls the same function.
 */
export function storeDeliveryJob(wallet: WalletDeps): ScheduledTask {
  return {
    name: STORE_DELIVERY_TASK,
    run: () =>
      deliverStoreOrders({ db: wallet.db, clock: wallet.clock, chainId: wallet.config.chainId }),
  };
}
