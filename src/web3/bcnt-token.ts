import type { Address } from 'viem';
import { bcntAddress } from '../shared/contracts/generated';

export const BCNT_SYMBOL = 'BCNT';
export { BCNT_DECIMALS } from '../shared/constants/chain';

/** Where BCNT is deployed on `chainId`, or undefined when it is not (or no chain is known). */
export function bcntAddressOn(chainId: number | undefined): Address | undefined {
  if (chainId === undefined) return undefined;
  return (bcntAddress as Partial<Record<number, Address>>)[chainId];
}
