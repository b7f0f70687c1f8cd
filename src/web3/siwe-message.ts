import { getAddress } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import type { SiweNonceResult } from '../shared/api/auth';

/**
 * The EIP-4361 message a member signs to link a wallet or to sign in with it. Every field but
 * the address comes from the server's nonce answer (`POST /member/siwe/nonce`): the server
 * decides the domain, URI, chain, statement, nonce and validity window and checks them all
 * again when the signature comes back, so the browser never invents any of them.
 */
export function buildSiweMessage(nonce: SiweNonceResult, address: string): string {
  return createSiweMessage({
    // checksummed (EIP-55); throws on anything that is not an address
    address: getAddress(address),
    domain: nonce.domain,
    uri: nonce.uri,
    chainId: nonce.chainId,
    statement: nonce.statement,
    nonce: nonce.nonce,
    issuedAt: parseTime(nonce.issuedAt, 'issuedAt'),
    expirationTime: parseTime(nonce.expirationTime, 'expirationTime'),
    version: '1',
  });
}

function parseTime(value: string, field: string): Date {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new Error(`siwe: invalid ${field} "${value}"`);
  return date;
}
