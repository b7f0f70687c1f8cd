import {
  ChainMismatchError,
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  HttpRequestError,
  InsufficientFundsError,
  RpcRequestError,
  TransactionExecutionError,
  UserRejectedRequestError,
  encodeErrorResult,
  type Abi,
} from 'viem';
import { mainnet } from 'viem/chains';
import { describe, expect, it } from 'vitest';
import enTx from '../../i18n/locales/en-US/tx.json';
import cnTx from '../../i18n/locales/zh-CN/tx.json';
import twTx from '../../i18n/locales/zh-TW/tx.json';
import {
  allianceNftAbi,
  bcntAbi,
  binFiPoolAbi,
  loyaltyStakingAbi,
  marginVaultAbi,
  testUsdcAbi,
  testUsdcAddress,
  testUsdtAbi,
} from '../../shared/contracts/generated';
import { classifyTxError, decodeRevert, KNOWN_ERRORS_ABI, TX_ERROR_KEYS } from './tx-errors';

const context = { chainId: 31337 };
const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

/** What viem throws when a simulation reverts: the node's `{ code: 3, data }` wrapped. */
function simulationRevert(abi: Abi, data: `0x${string}`, functionName = 'stake') {
  const node = new RpcRequestError({
    body: {},
    error: { code: 3, message: 'execution reverted', data },
    url: 'http://127.0.0.1:8545',
  });
  return new ContractFunctionExecutionError(
    new ContractFunctionRevertedError({ abi, data, functionName, cause: node }),
    { abi, functionName, args: [] },
  );
}

describe('classifyTxError', () => {
  it('a refusal in the wallet (4001, however wrapped) is cancelled', () => {
    const rejected = new UserRejectedRequestError(new Error('User rejected the request.'));
    expect(classifyTxError(rejected, context)).toEqual({ status: 'cancelled' });
    const wrapped = new ContractFunctionExecutionError(
      new TransactionExecutionError(rejected, {} as never),
      { abi: loyaltyStakingAbi, functionName: 'stake', args: [] },
    );
    expect(classifyTxError(wrapped, context)).toEqual({ status: 'cancelled' });
    expect(classifyTxError({ code: 4001, message: 'no' }, context)).toEqual({
      status: 'cancelled',
    });
  });

  it('a custom error of the called contract -> error.<Name> with formatted values', () => {
    const data = encodeErrorResult({
      abi: loyaltyStakingAbi,
      errorName: 'StakingInsufficientStake',
      args: [1_500n * 10n ** 18n, 2_000_000n * 10n ** 18n + 5n * 10n ** 17n],
    });
    expect(classifyTxError(simulationRevert(loyaltyStakingAbi, data), context)).toEqual({
      status: 'failed',
      errorKey: 'error.StakingInsufficientStake',
      errorValues: { staked: '1,500', requested: '2,000,000.5', symbol: 'BCNT' },
    });
  });

  it("a token's error bubbling through another contract is decoded from the raw revert data", () => {
    const data = encodeErrorResult({
      abi: testUsdtAbi,
      errorName: 'USDTInsufficientBalance',
      args: [ACCOUNT, 12_340_000n, 50_000_000n],
    });
    // decoded with MarginVault's ABI first: the USDT error is not in it
    expect(classifyTxError(simulationRevert(marginVaultAbi, data, 'deposit'), context)).toEqual({
      status: 'failed',
      errorKey: 'error.USDTInsufficientBalance',
      errorValues: { from: '0x7099…79C8', balance: '12.34', needed: '50', symbol: 'USDT' },
    });
  });

  it('ERC-20 amounts use the token of the call (USDC: 6 decimals)', () => {
    const data = encodeErrorResult({
      abi: testUsdcAbi,
      errorName: 'ERC20InsufficientAllowance',
      args: [ACCOUNT, 0n, 1_000_000n],
    });
    const outcome = classifyTxError(simulationRevert(binFiPoolAbi, data, 'supply'), {
      ...context,
      token: { decimals: 6, symbol: 'USDC' },
    });
    expect(outcome).toMatchObject({
      errorKey: 'error.ERC20InsufficientAllowance',
      errorValues: { allowance: '0', needed: '1', symbol: 'USDC' },
    });
    expect(testUsdcAddress[31337]).toBeTruthy();
  });

  it('times are platform dates; ids plain numbers', () => {
    const data = encodeErrorResult({
      abi: binFiPoolAbi,
      errorName: 'PoolOutsideRaiseWindow',
      args: [3n, 1_714_521_600n, 1_715_126_400n],
    });
    expect(classifyTxError(simulationRevert(binFiPoolAbi, data, 'supply'), context)).toEqual({
      status: 'failed',
      errorKey: 'error.PoolOutsideRaiseWindow',
      errorValues: { fundId: '3', raiseStart: '2024/05/01 08:00', raiseEnd: '2024/05/08 08:00' },
    });
  });

  it('a require string, a panic or an unknown error selector -> error.reverted', () => {
    const requireString = encodeErrorResult({
      abi: [{ type: 'error', name: 'Error', inputs: [{ type: 'string', name: 'message' }] }],
      errorName: 'Error',
      args: ['nope'],
    });
    expect(classifyTxError(simulationRevert(loyaltyStakingAbi, requireString), context)).toEqual({
      status: 'failed',
      errorKey: TX_ERROR_KEYS.reverted,
    });
    expect(classifyTxError(simulationRevert(loyaltyStakingAbi, '0xdeadbeef'), context)).toEqual({
      status: 'failed',
      errorKey: TX_ERROR_KEYS.reverted,
    });
    expect(decodeRevert(simulationRevert(loyaltyStakingAbi, '0xdeadbeef'))).toEqual({
      errorName: '',
      args: {},
    });
  });

  it('not enough ETH for gas, the RPC unreachable, the wallet on another chain, anything else', () => {
    expect(
      classifyTxError(
        new TransactionExecutionError(new InsufficientFundsError(), {} as never),
        context,
      ),
    ).toEqual({ status: 'failed', errorKey: TX_ERROR_KEYS.insufficientFunds });
    expect(
      classifyTxError(new HttpRequestError({ url: 'http://127.0.0.1:8545' }), context),
    ).toEqual({ status: 'failed', errorKey: TX_ERROR_KEYS.network });
    expect(
      classifyTxError(new ChainMismatchError({ chain: mainnet, currentChainId: 31337 }), context),
    ).toEqual({ status: 'wrong-chain' });
    expect(classifyTxError(new Error('boom'), context)).toEqual({
      status: 'failed',
      errorKey: TX_ERROR_KEYS.generic,
    });
  });
});

describe('tx texts', () => {
  const abis = {
    loyaltyStakingAbi,
    allianceNftAbi,
    bcntAbi,
    testUsdtAbi,
    testUsdcAbi,
    marginVaultAbi,
    binFiPoolAbi,
  } as Record<string, Abi>;
  const errors = Object.values(abis).flatMap((abi) => abi.filter((item) => item.type === 'error'));
  const locales = { 'en-US': enTx, 'zh-TW': twTx, 'zh-CN': cnTx } as Record<
    string,
    Record<string, string>
  >;

  it("every error in the contracts' ABIs has a text in all three languages", () => {
    expect(errors.length).toBeGreaterThan(60);
    for (const [lng, texts] of Object.entries(locales))
      for (const item of errors)
        expect(texts[`error.${item.name}`], `${lng} tx.json error.${item.name}`).toBeTruthy();
    expect(new Set(KNOWN_ERRORS_ABI.map((e) => e.name))).toEqual(
      new Set(errors.map((e) => e.name)),
    );
  });

  it("error texts only use the error's own arguments (and the token symbol)", () => {
    for (const item of errors) {
      if (item.type !== 'error') continue;
      const names = new Set([...item.inputs.map((input) => input.name), 'symbol']);
      const used = [...enTx[`error.${item.name}` as keyof typeof enTx].matchAll(/\{\{(\w+)\}\}/g)];
      for (const [, name] of used) expect(names, `error.${item.name} {{${name}}}`).toContain(name);
    }
  });

  it('has the generic texts', () => {
    for (const key of Object.values(TX_ERROR_KEYS))
      for (const texts of Object.values(locales)) expect(texts[key], key).toBeTruthy();
  });
});
