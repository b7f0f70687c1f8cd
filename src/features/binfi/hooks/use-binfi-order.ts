import { useMemo, useRef, useState } from 'react';
import { zeroAddress, type Address, type Hex, type TransactionReceipt } from 'viem';
import { useConfig } from 'wagmi';
import type { BinfiSideType } from '../../../shared/api/binfi';
import {
  bcntAddress,
  binFiPoolAbi,
  binFiPoolAddress,
  testUsdtAddress,
} from '../../../shared/contracts/generated';
import { useAllowance } from '../../../web3/tx/use-allowance';
import { useTxFlow, type TxFlow } from '../../../web3/tx/use-tx-flow';
import { prepareJoin } from '../api/binfi-calls';
import { useBinfiInvite } from './use-binfi-invite';
import { binfiKeys } from '../api/query-keys';
import { PASS_ENUM, type BinfiPass } from '../utils/join-rules';

export interface BinfiContracts {
  pool: Address;
  usdt: Address;
  bcnt: Address;
}

/** BinFiPool, USDT and BCNT on the app chain (undefined: not deployed there). */
export function useBinfiContracts(): BinfiContracts | undefined {
  const chainId = useConfig().chains[0].id;
  return useMemo(() => {
    const pick = (table: Partial<Record<number, Address>>) => table[chainId];
    const pool = pick(binFiPoolAddress);
    const usdt = pick(testUsdtAddress);
    const bcnt = pick(bcntAddress);
    return pool && usdt && bcnt ? { pool, usdt, bcnt } : undefined;
  }, [chainId]);
}

export interface BinfiOrderAction {
  usdtApprove: TxFlow;
  bcntApprove: TxFlow;
  orderFlow: TxFlow;
  /** An allowance is still being read (the order waits for it). */
  allowanceLoading: boolean;
  busy: boolean;
  /** The server is checking the order (Supply / Take) before the wallet is asked. */
  preparing: boolean;
  /**
   * The server checks the order and answers the pool call (the referrer's wallet, the HODL
   * pass); then USDT (and BCNT for the locking pass) approved for the exact amounts, then the
   * order. Resolves with the receipt on Done, or the server's refusal.
   */
  place: (input: {
    wallet: Address;
    referralCode: string;
  }) => Promise<{ receipt?: TransactionReceipt; error?: unknown }>;
}

/**
 * A Supply (Ultra Rock) or Take (Ultra Flame) order from the browser wallet: USDT approved for
 * exactly units x unit price, BCNT for units x lockPerUnit with the locking pass, then
 * BinFiPool.supply/take, each through the transaction pipeline (Waiting -> Pending -> Done,
 * Failed / Cancelled, resumed after a reload by its key). The server's Supply / Take call
 * checks the order first and gives the referrer's wallet and the HODL pass's signature.
 */
export function useBinfiOrder(input: {
  fundId: number;
  side: BinfiSideType;
  units: number;
  pass: BinfiPass;
  usdtAmount: bigint;
  bcntAmount: bigint;
  onDone?: (receipt: TransactionReceipt) => void;
}): BinfiOrderAction {
  const contracts = useBinfiContracts();
  // a private round's invite (the link's ?invite=): the server checks it with the order
  const invite = useBinfiInvite();
  const key = `binfi.${input.side}.${input.fundId}`;
  const usdt = useAllowance({
    token: contracts?.usdt ?? zeroAddress,
    spender: contracts?.pool ?? zeroAddress,
    amount: input.usdtAmount,
    key: `${key}.usdt`,
  });
  const bcnt = useAllowance({
    token: contracts?.bcnt ?? zeroAddress,
    spender: contracts?.pool ?? zeroAddress,
    amount: input.bcntAmount,
    key: `${key}.bcnt`,
  });
  const orderFlow = useTxFlow({
    key,
    invalidate: binfiKeys.all(),
    onDone: input.onDone,
  });
  const running = useRef(false);
  const [preparing, setPreparing] = useState(false);

  async function place({ wallet, referralCode }: { wallet: Address; referralCode: string }) {
    if (!contracts || input.units < 1 || running.current) return {};
    running.current = true;
    try {
      let prepared;
      setPreparing(true);
      try {
        prepared = await prepareJoin(input.side, {
          fundId: input.fundId,
          units: input.units,
          orderType: input.pass,
          referralCode: referralCode.trim() || undefined,
          wallet,
          invite,
        });
      } catch (error) {
        return { error };
      } finally {
        setPreparing(false);
      }
      // the server's call must be the order the member sees (amounts, pass, pool)
      const [fundId, units, pass, referrer, passExpiry, signature] = prepared.args;
      if (
        BigInt(prepared.amountAtomic) !== input.usdtAmount ||
        BigInt(prepared.bcntLockAtomic) !== input.bcntAmount ||
        pass !== PASS_ENUM[input.pass] ||
        prepared.contract.toLowerCase() !== contracts.pool.toLowerCase()
      ) {
        return { error: new Error('binfi: the prepared order differs from the form') };
      }
      // an allowance that could not be read is treated as short: approving is always safe
      if (usdt.needsApprove || usdt.allowance === undefined) {
        if (!(await usdt.approve())) return {};
      }
      if (input.bcntAmount > 0n && (bcnt.needsApprove || bcnt.allowance === undefined)) {
        if (!(await bcnt.approve())) return {};
      }
      const receipt = await orderFlow.send({
        address: contracts.pool,
        abi: binFiPoolAbi,
        functionName: prepared.functionName,
        args: [
          BigInt(fundId),
          BigInt(units),
          pass,
          referrer as Address,
          BigInt(passExpiry),
          signature as Hex,
        ],
      });
      return { receipt };
    } finally {
      running.current = false;
    }
  }

  return {
    usdtApprove: usdt.flow,
    bcntApprove: bcnt.flow,
    orderFlow,
    allowanceLoading: usdt.isLoading || (input.bcntAmount > 0n && bcnt.isLoading),
    busy: preparing || usdt.flow.busy || bcnt.flow.busy || orderFlow.busy,
    preparing,
    place,
  };
}

/** claim(orderId) and redeem(orderId) of one order, each through the pipeline. */
export function useOrderWalletActions(orderId: number) {
  const contracts = useBinfiContracts();
  const claimFlow = useTxFlow({ key: `binfi.claim.${orderId}`, invalidate: binfiKeys.all() });
  const redeemFlow = useTxFlow({ key: `binfi.redeem.${orderId}`, invalidate: binfiKeys.all() });
  return {
    claimFlow,
    redeemFlow,
    ready: Boolean(contracts),
    claim: () =>
      contracts
        ? claimFlow.send({
            address: contracts.pool,
            abi: binFiPoolAbi,
            functionName: 'claim',
            args: [BigInt(orderId)],
          })
        : Promise.resolve(undefined),
    redeem: () =>
      contracts
        ? redeemFlow.send({
            address: contracts.pool,
            abi: binFiPoolAbi,
            functionName: 'redeem',
            args: [BigInt(orderId)],
          })
        : Promise.resolve(undefined),
  };
}
