import {
  BaseError,
  ChainMismatchError,
  ContractFunctionRevertedError,
  ExecutionRevertedError,
  HttpRequestError,
  InsufficientFundsError,
  TimeoutError,
  WebSocketRequestError,
  decodeErrorResult,
  isAddressEqual,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import { formatDateTime } from '../../lib/date-format';
import { BCNT_DECIMALS, STABLECOIN_DECIMALS } from '../../shared/constants/chain';
import {
  allianceNftAbi,
  bcntAbi,
  bcntAddress,
  binFiPoolAbi,
  loyaltyStakingAbi,
  marginVaultAbi,
  testUsdcAbi,
  testUsdcAddress,
  testUsdtAbi,
  testUsdtAddress,
} from '../../shared/contracts/generated';
import { BCNT_SYMBOL } from '../bcnt-token';
import { formatTokenAmount } from '../format-token-amount';
import { shortAddress } from '../short-address';
import { isUserRejection } from '../siwe-flow';

type AbiError = Extract<Abi[number], { type: 'error' }>;

/**
 * Wallet and contract errors -> the outcome of a transaction and a key of the `tx` namespace.
 *
 *   refused in the wallet (EIP-1193 4001)          -> cancelled
 *   the wallet is on another chain                 -> wrong-chain
 *   a revert with a custom error of our contracts  -> failed, 'error.<ErrorName>' + its values
 *   another revert (require string, panic, unknown) -> failed, 'error.reverted'
 *   not enough ETH for gas                         -> failed, 'error.insufficientFunds'
 *   the RPC could not be reached                   -> failed, 'error.network'
 *   anything else                                  -> failed, 'error.generic'
 */

/** Every error of the contracts the app talks to, deduplicated by name (one ABI to decode with). */
export const KNOWN_ERRORS_ABI: readonly AbiError[] = (() => {
  const byName = new Map<string, AbiError>();
  for (const abi of [
    loyaltyStakingAbi,
    allianceNftAbi,
    bcntAbi,
    testUsdtAbi,
    testUsdcAbi,
    marginVaultAbi,
    binFiPoolAbi,
  ] as readonly Abi[]) {
    for (const item of abi)
      if (item.type === 'error' && !byName.has(item.name)) byName.set(item.name, item);
  }
  return [...byName.values()];
})();

const KNOWN_ERROR_NAMES: ReadonlySet<string> = new Set(KNOWN_ERRORS_ABI.map((item) => item.name));

/** The keys of the generic texts (the custom errors' keys are `error.<ErrorName>`). */
export const TX_ERROR_KEYS = {
  generic: 'error.generic',
  reverted: 'error.reverted',
  insufficientFunds: 'error.insufficientFunds',
  network: 'error.network',
  notConnected: 'error.notConnected',
  switchFailed: 'error.switchFailed',
} as const;

/** How amounts in an error's values are shown: the token the call moves. */
export interface TokenDisplay {
  decimals: number;
  symbol: string;
}

export const BCNT_DISPLAY: TokenDisplay = { decimals: BCNT_DECIMALS, symbol: BCNT_SYMBOL };

/** The app's own tokens on `chainId` (BCNT, USDT, USDC), for the amounts in error texts. */
export function knownToken(
  address: Address | undefined,
  chainId: number,
): TokenDisplay | undefined {
  if (!address) return undefined;
  const tokens: [Partial<Record<number, Address>>, TokenDisplay][] = [
    [bcntAddress, BCNT_DISPLAY],
    [testUsdtAddress, { decimals: STABLECOIN_DECIMALS, symbol: 'USDT' }],
    [testUsdcAddress, { decimals: STABLECOIN_DECIMALS, symbol: 'USDC' }],
  ];
  for (const [addresses, display] of tokens) {
    const deployed = addresses[chainId];
    if (deployed && isAddressEqual(deployed, address)) return display;
  }
  return undefined;
}

export interface TxErrorContext {
  /** The ABI of the called contract (decoded first; our contracts' errors are always known). */
  abi?: Abi;
  chainId: number;
  /** The token whose amounts ERC-20 errors carry (default BCNT). */
  token?: TokenDisplay;
}

export type TxErrorOutcome =
  | { status: 'cancelled' }
  | { status: 'wrong-chain' }
  | { status: 'failed'; errorKey: string; errorValues?: Record<string, string> };

export interface DecodedRevert {
  errorName: string;
  /** Arguments by their ABI names (positional `arg<i>` where unnamed). */
  args: Record<string, unknown>;
}

function isHexData(value: unknown): value is Hex {
  return typeof value === 'string' && /^0x[0-9a-fA-F]{8,}$/.test(value);
}

function tryDecode(abi: readonly AbiError[] | Abi, data: Hex): DecodedRevert | undefined {
  try {
    const { errorName, args, abiItem } = decodeErrorResult({ abi: abi as Abi, data });
    const inputs = (abiItem as AbiError | undefined)?.inputs ?? [];
    const named: Record<string, unknown> = {};
    (args ?? []).forEach((value, index) => {
      named[inputs[index]?.name || `arg${index}`] = value;
    });
    return { errorName, args: named };
  } catch {
    return undefined;
  }
}

/** Revert data anywhere in the error's cause chain (a node's `{ code: 3, data }`, RawContractError...). */
function revertDataOf(error: unknown): Hex | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 12 && typeof current === 'object' && current !== null; depth += 1) {
    const candidate = current as { data?: unknown; raw?: unknown; cause?: unknown };
    if (isHexData(candidate.raw)) return candidate.raw;
    if (isHexData(candidate.data)) return candidate.data;
    const nested = (candidate.data as { data?: unknown } | undefined)?.data;
    if (isHexData(nested)) return nested;
    current = candidate.cause;
  }
  return undefined;
}

/**
 * The contract error behind `error`: viem's ContractFunctionRevertedError decoded with the
 * call's ABI, or the raw revert data decoded with every known error (a token's error bubbles
 * up through LoyaltyStaking or MarginVault, whose ABI does not list it). Undefined when the
 * error is not a revert; `errorName` 'Error'/'Panic' for require strings and panics.
 */
export function decodeRevert(error: unknown, abi?: Abi): DecodedRevert | undefined {
  const reverted =
    error instanceof BaseError
      ? (error.walk(
          (e) => e instanceof ContractFunctionRevertedError,
        ) as ContractFunctionRevertedError | null)
      : null;
  if (reverted?.data?.errorName && reverted.data.abiItem) {
    const inputs = (reverted.data.abiItem as AbiError).inputs ?? [];
    const named: Record<string, unknown> = {};
    (reverted.data.args ?? []).forEach((value, index) => {
      named[inputs[index]?.name || `arg${index}`] = value;
    });
    return { errorName: reverted.data.errorName, args: named };
  }
  const data = revertDataOf(error);
  if (data) {
    const decoded = (abi ? tryDecode(abi, data) : undefined) ?? tryDecode(KNOWN_ERRORS_ABI, data);
    if (decoded) return decoded;
    return { errorName: '', args: {} };
  }
  if (reverted) return { errorName: '', args: {} };
  if (error instanceof BaseError && error.walk((e) => e instanceof ExecutionRevertedError))
    return { errorName: '', args: {} };
  return undefined;
}

const SECONDS_ARGS = new Set(['unlockAt', 'raiseStart', 'raiseEnd', 'deadline']);

function plainValue(value: unknown): string {
  if (typeof value === 'bigint' || typeof value === 'number') return value.toString();
  if (typeof value === 'string')
    return /^0x[0-9a-fA-F]{40}$/.test(value) ? shortAddress(value) : value;
  if (typeof value === 'boolean') return String(value);
  return '';
}

/** Which arguments of which error are token amounts, and in which token. */
function amountToken(
  errorName: string,
  args: Record<string, unknown>,
  context: TxErrorContext,
): { names: string[]; token: TokenDisplay } | undefined {
  const callToken = context.token ?? BCNT_DISPLAY;
  switch (errorName) {
    case 'StakingInsufficientStake':
      return { names: ['staked', 'requested'], token: BCNT_DISPLAY };
    case 'ERC20InsufficientBalance':
      return { names: ['balance', 'needed'], token: callToken };
    case 'ERC20InsufficientAllowance':
      return { names: ['allowance', 'needed'], token: callToken };
    case 'USDTInsufficientBalance':
      return {
        names: ['balance', 'needed'],
        token: { decimals: STABLECOIN_DECIMALS, symbol: 'USDT' },
      };
    case 'USDTInsufficientAllowance':
      return {
        names: ['allowance', 'needed'],
        token: { decimals: STABLECOIN_DECIMALS, symbol: 'USDT' },
      };
    case 'VaultInsufficientBalance':
      return {
        names: ['balance', 'needed'],
        token: knownToken(args.token as Address | undefined, context.chainId) ?? callToken,
      };
    case 'VaultFeeExceedsAmount':
      return { names: ['performanceFee', 'amount'], token: callToken };
    default:
      return undefined;
  }
}

/**
 * The interpolation values of an error's text: every argument as text (addresses shortened),
 * token amounts with their decimals and `symbol`, unix times as platform dates (UTC+8).
 */
export function formatErrorValues(
  decoded: DecodedRevert,
  context: TxErrorContext,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(decoded.args)) values[name] = plainValue(value);
  for (const name of Object.keys(decoded.args)) {
    const value = decoded.args[name];
    if (SECONDS_ARGS.has(name) && typeof value === 'bigint')
      values[name] = formatDateTime(Number(value) * 1000);
  }
  const amounts = amountToken(decoded.errorName, decoded.args, context);
  if (amounts) {
    values.symbol = amounts.token.symbol;
    for (const name of amounts.names) {
      const value = decoded.args[name];
      if (typeof value === 'bigint')
        values[name] = formatTokenAmount(value, { decimals: amounts.token.decimals });
    }
  }
  return values;
}

function isNetworkError(error: unknown): boolean {
  if (error instanceof BaseError)
    return Boolean(
      error.walk(
        (e) =>
          e instanceof HttpRequestError ||
          e instanceof TimeoutError ||
          e instanceof WebSocketRequestError,
      ),
    );
  return error instanceof TypeError && /fetch|network/i.test(error.message);
}

/** The outcome of a transaction that threw `error` (simulation, wallet, or the revert re-run). */
export function classifyTxError(error: unknown, context: TxErrorContext): TxErrorOutcome {
  if (isUserRejection(error)) return { status: 'cancelled' };
  if (error instanceof BaseError && error.walk((e) => e instanceof ChainMismatchError))
    return { status: 'wrong-chain' };
  if (error instanceof BaseError && error.walk((e) => e instanceof InsufficientFundsError))
    return { status: 'failed', errorKey: TX_ERROR_KEYS.insufficientFunds };
  const decoded = decodeRevert(error, context.abi);
  if (decoded) return revertOutcome(decoded, context);
  if (isNetworkError(error)) return { status: 'failed', errorKey: TX_ERROR_KEYS.network };
  return { status: 'failed', errorKey: TX_ERROR_KEYS.generic };
}

/** 'error.<ErrorName>' for a custom error of our contracts, else 'error.reverted'. */
export function revertOutcome(
  decoded: DecodedRevert | undefined,
  context: TxErrorContext,
): Extract<TxErrorOutcome, { status: 'failed' }> {
  if (!decoded || !KNOWN_ERROR_NAMES.has(decoded.errorName))
    return { status: 'failed', errorKey: TX_ERROR_KEYS.reverted };
  return {
    status: 'failed',
    errorKey: `error.${decoded.errorName}`,
    errorValues: formatErrorValues(decoded, context),
  };
}
