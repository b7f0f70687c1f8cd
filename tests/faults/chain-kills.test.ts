// The API killed (SIGKILL, a process of its own) in the middle of the two jobs that move money
// between the chain and the ledger, then started again on the same database: a withdrawal
// payout whose transaction reached the node before its row said so, and a deposit whose ledger
// credit was written but not committed. Nothing is lost or done twice, on anvil.
import { and, eq } from 'drizzle-orm';
import { type Address, erc20Abi } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AnvilHandle, getFreePort, startAnvil } from '../../scripts/anvil';
import { deployOrLoadState } from '../../scripts/deploy';
import { TestClock } from '../../src/server/clock';
import type { Database } from '../../src/server/db/database';
import { deposits, ledgerTransactions } from '../../src/server/db/schema/wallet';
import { withdrawals } from '../../src/server/db/schema/withdrawal';
import { hotWalletAccount } from '../../src/server/domain/wallet/hd';
import { ensureDepositAddresses } from '../../src/server/domain/wallet/deposits';
import { accountBalance, memberAccount } from '../../src/server/domain/wallet/ledger';
import { DEV_WALLET_SEED } from '../../src/server/config';
import { testUsdtAddress } from '../../src/shared/contracts/generated';
import { type CrashOptions, prepareCrash } from '../helpers/api-process';
import { testChain, type TestChain } from '../helpers/chain';
import type { TestApp } from '../helpers/test-app';
import { expectBooksBalanced } from '../helpers/wallet';
import { fund, nextCode, withdraw, withdrawMember } from '../helpers/withdrawals';

const USDT = testUsdtAddress[31337];
const HOT_WALLET = hotWalletAccount(DEV_WALLET_SEED).address;

let anvil: AnvilHandle;
let chain: TestChain;
let scenario: { dispose(): Promise<void> } | undefined;

beforeAll(async () => {
  anvil = await startAnvil({ port: await getFreePort(), quiet: true });
  await deployOrLoadState(anvil.rpcUrl);
  chain = testChain(anvil.rpcUrl);
  // the hot wallet holds USDT as deposit sweeps would leave it
  await chain.send(1, {
    address: USDT,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [HOT_WALLET, 10_000_000_000n],
  });
}, 120_000);
afterEach(async () => {
  await scenario?.dispose();
  scenario = undefined;
});
afterAll(async () => {
  await anvil?.stop();
});

/** A crash of `faultAt` in `task` on a fresh database set up by `setup` on the test clock. */
async function prepare<T>(
  clock: TestClock,
  fault: Pick<CrashOptions, 'faultAt' | 'task'>,
  setup: (t: TestApp) => Promise<T>,
) {
  const prepared = await prepareCrash(
    {
      ...fault,
      env: { RPC_URL: anvil.rpcUrl, CHAIN_ID: '31337', DEPOSIT_CONFIRMATIONS: '1' },
      app: { clock, config: { rpcUrl: anvil.rpcUrl, chainId: 31337, depositConfirmations: 1 } },
    },
    setup,
  );
  scenario = prepared;
  return prepared;
}

const usdtOnChain = (address: Address) =>
  chain.client.readContract({
    address: USDT,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address],
  });

const transactionsOf = (database: Database, type: string, reference: string) =>
  database.db
    .select()
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.type, type), eq(ledgerTransactions.reference, reference)));

describe('the API killed in the middle of a chain money job', () => {
  it('a withdrawal payout sent to the node before its row was updated: one transfer, paid once', async () => {
    const recipient = '0x00000000000000000000000000000000000fa017' as Address;
    const clock = new TestClock(await chain.latestTime());
    const crash = await prepare(
      clock,
      { faultAt: 'withdrawal.sent', task: 'withdrawals' },
      async (t) => {
        const member = await withdrawMember(t);
        await fund(t, member.memberId, 'USDT', 500_000_000n);
        const res = await withdraw(t, member, {
          currency: 'USDT',
          network: 'ERC20',
          address: recipient,
          amount: '120',
          code: nextCode(t, member),
        });
        expect(res.json().status, res.body).toBe(0);
        const [row] = await t.database.db.select().from(withdrawals);
        return { id: row!.id, memberId: member.memberId, dueAt: row!.dueAt };
      },
    );
    const { id, memberId, dueAt } = crash.data;
    const sentBefore = await chain.client.getTransactionCount({ address: HOT_WALLET });

    const result = await crash.run(new Date(dueAt.getTime() + 60_000));
    // the restarted process found the claim stale and sent the same signed transaction again
    expect(result).toMatchObject({ claimed: 1, broadcast: 1, completed: 1, failed: 0 });

    expect(await usdtOnChain(recipient)).toBe(120_000_000n);
    expect(await chain.client.getTransactionCount({ address: HOT_WALLET })).toBe(sentBefore + 1);
    await crash.shared.use(async (database) => {
      const [row] = await database.db.select().from(withdrawals).where(eq(withdrawals.id, id));
      expect(row).toMatchObject({ status: 'completed', failureReason: null });
      const receipt = await chain.client.getTransactionReceipt({ hash: row!.txHash as Address });
      expect(receipt.status).toBe('success');
      expect(await transactionsOf(database, 'withdrawal_sent', `withdrawal:${id}`)).toHaveLength(1);
      expect(await transactionsOf(database, 'withdrawal_refund', `withdrawal:${id}`)).toEqual([]);
      const available = await accountBalance(database.db, memberAccount(memberId), 'USDT');
      const pending = await accountBalance(
        database.db,
        memberAccount(memberId, 'pending_withdrawal'),
        'USDT',
      );
      expect(available + BigInt(row!.amount) + BigInt(row!.fee)).toBe(500_000_000n);
      expect(pending).toBe(0n);
      await expectBooksBalanced(database.db);
    });
  }, 90_000);

  it('a deposit credit written but not committed: credited once after the restart', async () => {
    const clock = new TestClock(await chain.latestTime());
    const crash = await prepare(
      clock,
      { faultAt: 'deposit.credit', task: 'deposits' },
      async (t) => {
        const member = await withdrawMember(t, { twoFactor: false });
        const addresses = await ensureDepositAddresses(t.app.wallet, member.memberId);
        return { memberId: member.memberId, address: addresses.evm.address as Address };
      },
    );
    const { memberId, address } = crash.data;
    const { hash } = await chain.send(2, {
      address: USDT,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [address, 75_000_000n],
    });

    const result = await crash.run(clock.now());
    expect(result).toMatchObject({ evm: { status: 'scanned', credited: 1 } });

    await crash.shared.use(async (database) => {
      const rows = await database.db.select().from(deposits).where(eq(deposits.txHash, hash));
      expect(rows).toEqual([expect.objectContaining({ status: 'credited', amount: '75000000' })]);
      expect(await transactionsOf(database, 'deposit', hash)).toHaveLength(1);
      expect(await accountBalance(database.db, memberAccount(memberId), 'USDT')).toBe(75_000_000n);
      await expectBooksBalanced(database.db);
    });
  }, 90_000);
});
