import type { Address } from 'viem';
import {
  allianceNftAbi,
  allianceNftAddress,
  loyaltyStakingAbi,
  loyaltyStakingAddress,
} from '../../shared/contracts/generated';

/**
 * The loyalty contracts of a chain, from the generated addresses (src/shared/contracts). The
 * server stores and compares addresses in lower case.
 */
export interface LoyaltyContracts {
  chainId: number;
  /** LoyaltyStaking, lower-case */
  staking: Address;
  /** AllianceNFT, lower-case */
  allianceNft: Address;
}

export { allianceNftAbi, loyaltyStakingAbi };

export function loyaltyContracts(chainId: number): LoyaltyContracts | undefined {
  const staking = (loyaltyStakingAddress as Record<number, Address | undefined>)[chainId];
  const allianceNft = (allianceNftAddress as Record<number, Address | undefined>)[chainId];
  if (!staking || !allianceNft) return undefined;
  return {
    chainId,
    staking: staking.toLowerCase() as Address,
    allianceNft: allianceNft.toLowerCase() as Address,
  };
}
