import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useAccount } from 'wagmi';
import { Button } from '../../../components/button';
import { SectionCard } from '../../../components/section-card';
import { TextField } from '../../../components/text-field';
import { addressSchema } from '../../../shared/api/auth';
import {
  FAUCET_ASSETS,
  faucetAmountSchema,
  type FaucetAsset,
  type FaucetResult,
} from '../../../shared/api/dev';
import { isWagmiReadQuery } from '../../../web3/tx/use-tx-flow';
import { DevApiError, requestFaucet } from '../api/dev-api';
import { useDevT } from '../dev-texts';
import styles from './dev-tools.module.css';

type Amounts = Record<FaucetAsset, string>;

/**
 * The faucet (POST /dev/faucet): test ETH, BCNT and USDT for any address, the connected wallet's
 * by default. The wallet's balances refresh afterwards.
 */
export function FaucetPanel() {
  const t = useDevT();
  const queryClient = useQueryClient();
  const { address: connected } = useAccount();
  const [address, setAddress] = useState('');
  const [amounts, setAmounts] = useState<Amounts>({ eth: '10', bcnt: '1000', usdt: '1000' });
  const [errors, setErrors] = useState<Partial<Record<'address' | FaucetAsset | 'form', string>>>(
    {},
  );
  const [result, setResult] = useState<FaucetResult | undefined>();
  const target = address.trim() || connected || '';

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    setResult(undefined);
    const next: typeof errors = {};
    if (!addressSchema.safeParse(target).success) next.address = t('faucet.invalidAddress');
    const given = FAUCET_ASSETS.filter((asset) => amounts[asset].trim() !== '');
    for (const asset of given)
      if (!faucetAmountSchema.safeParse(amounts[asset]).success)
        next[asset] = t('faucet.invalidAmount');
    if (given.length === 0) next.form = t('faucet.nothing');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    try {
      const body = Object.fromEntries(given.map((asset) => [asset, amounts[asset].trim()]));
      setResult(await requestFaucet({ address: target, ...body }));
      await queryClient.invalidateQueries({ predicate: isWagmiReadQuery });
    } catch (error) {
      const reason =
        error instanceof DevApiError ? (error.detail ?? error.message) : (error as Error).message;
      setErrors({ form: t('faucet.failed', { reason }) });
    }
  };

  return (
    <SectionCard
      title={t('faucet.title')}
      description={t('faucet.description')}
      data-testid="dev-faucet"
    >
      <form className={styles.stack} onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={t('faucet.address')}
          value={address}
          placeholder={connected ?? '0x…'}
          onChange={(event) => setAddress(event.target.value)}
          error={errors.address}
          spellCheck={false}
          autoComplete="off"
          data-testid="dev-faucet-address"
        />
        <div className={styles.row}>
          {FAUCET_ASSETS.map((asset) => (
            <TextField
              key={asset}
              label={t(`faucet.${asset}`)}
              value={amounts[asset]}
              inputMode="decimal"
              onChange={(event) => setAmounts({ ...amounts, [asset]: event.target.value })}
              error={errors[asset]}
              data-testid={`dev-faucet-${asset}`}
            />
          ))}
        </div>
        <div className={styles.row}>
          <Button type="button" data-testid="dev-faucet-send" onClick={() => submit()}>
            {t('faucet.send')}
          </Button>
        </div>
        {errors.form ? (
          <p className={styles.error} role="alert" data-testid="dev-faucet-error">
            {errors.form}
          </p>
        ) : null}
        {result ? (
          <ul className={styles.list} role="status" data-testid="dev-faucet-result">
            {result.grants.map((grant) => (
              <li key={grant.asset} className={styles.mono} data-asset={grant.asset}>
                {t('faucet.done', {
                  asset: grant.asset.toUpperCase(),
                  amount: grant.amount,
                  balance: grant.balance,
                })}{' '}
                <span className={styles.muted}>({t(`faucet.method.${grant.method}`)})</span>
              </li>
            ))}
          </ul>
        ) : null}
      </form>
    </SectionCard>
  );
}
