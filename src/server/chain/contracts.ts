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
  const staking = deployedAddress(loyaltyStakingAddress, chainId);
  const allianceNft = deployedAddress(allianceNftAddress, chainId);
  if (!staking || !allianceNft) return undefined;
  return { chainId, staking, allianceNft };
}

/**
 * A generated contract's address on `chainId` (an `<contract>Address` map of
 * src/shared/contracts/generated.ts), lower-case; undefined when it is not deployed there.
 */
export function deployedAddress(
  addresses: Readonly<Record<number, Address>>,
  chainId: number,
): Address | undefined {
  const address = (addresses as Readonly<Record<number, Address | undefined>>)[chainId];
  return address ? (address.toLowerCase() as Address) : undefined;
}
