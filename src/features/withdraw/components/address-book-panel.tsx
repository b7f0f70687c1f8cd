import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { ButtonLink } from '../../../components/button-link';
import { DataTable } from '../../../components/data-table';
import { Dialog } from '../../../components/dialog';
import { LoadError, Notice } from '../../../components/load-states';
import { SectionCard } from '../../../components/section-card';
import type { WalletCurrency } from '../../../shared/api/wallet';
import type { SavedAddress } from '../../../shared/api/wallet-withdraw';
import { withdrawalNetworkById } from '../../../shared/constants/networks';
import { MAX_SAVED_ADDRESSES } from '../../../shared/validation/address';
import { useAddresses, useDeleteAddress, useSetDefaultAddress } from '../api/use-addresses';
import { useTwoFactorSettings } from '../../../hooks/use-two-factor-settings';
import { useWithdrawErrorText } from '../hooks/use-withdraw-error-text';
import { formatDateTime } from '../../../lib/date-format';
import { paths } from '../../../lib/paths';
import { AddAddressForm } from './add-address-form';
import styles from './withdraw.module.css';

export interface AddressBookPanelProps {
  /** Only this currency's addresses (the /wallet/management/{currency} page); all otherwise. */
  currency?: WalletCurrency;
}

/**
 * The saved withdrawal addresses (spec sections 3, 5, 9): name, currency, network, address and
 * the default badge, with delete (asked first) and "Set as default" (one default per currency
 * and network). "Add address" opens the form (name, currency, network, address checked live,
 * default), then the second-factor code. At most 10 over every currency: the count is shown and
 * Add is disabled when full, and for 24 hours after a password or two-step change (with the
 * time it ends). Members without two-step verification are sent to turn it on.
 */
export function AddressBookPanel({ currency }: AddressBookPanelProps) {
  const { t } = useTranslation(['withdraw', 'errors']);
  const errorText = useWithdrawErrorText();
  const addresses = useAddresses();
  const twoFactor = useTwoFactorSettings();
  const setDefault = useSetDefaultAddress();
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<SavedAddress | null>(null);
  const [deleting, setDeleting] = useState<SavedAddress | null>(null);
  const [actionError, setActionError] = useState<string | undefined>();

  const list = addresses.data;
  const count = list?.count ?? 0;
  const max = list?.max ?? MAX_SAVED_ADDRESSES;
  const full = count >= max;
  const method = twoFactor.data?.method;
  // 24 hours after a password or two-step change no address may be added (the server refuses
  // it too): Add is disabled and the notice says until when. The server answers the time only
  // while the lock lasts by its clock (the browser's may differ).
  const lockedUntil = twoFactor.data?.withdrawalLockedUntil ?? null;
  const locked = lockedUntil !== null;
  const items = (list?.items ?? []).filter((item) => !currency || item.currency === currency);

  async function makeDefault(item: SavedAddress) {
    setActionError(undefined);
    setAdded(null);
    try {
      await setDefault.mutateAsync(item.id);
    } catch (failure) {
      setActionError(errorText(failure));
    }
  }

  const state = !list
    ? addresses.isPending
      ? 'loading'
      : 'error'
    : adding
      ? 'adding'
      : items.length === 0
        ? 'empty'
        : 'list';

  return (
    <SectionCard
      title={currency ? t('withdraw:book.titleCurrency', { currency }) : t('withdraw:book.title')}
      description={t('withdraw:book.description', { max })}
      data-testid="address-book"
      data-state={state}
      actions={
        list ? (
          <div className={styles.headerActions}>
            <span
              className={styles.count}
              data-testid="address-count"
              data-count={count}
              aria-label={t('withdraw:book.countLabel', { count, max })}
            >
              {t('withdraw:book.count', { count, max })}
            </span>
            {method === 'none' ? null : (
              <Button
                size="sm"
                disabled={full || adding || !method || locked}
                aria-describedby={locked ? 'address-locked-reason' : undefined}
                onClick={() => {
                  setAdded(null);
                  setActionError(undefined);
                  setAdding(true);
                }}
                data-testid="address-add"
              >
                {t('withdraw:book.add')}
              </Button>
            )}
          </div>
        ) : null
      }
    >
      {added ? (
        <Notice tone="success" testId="address-success">
          {t('withdraw:book.added', { name: added.name })}
        </Notice>
      ) : null}
      {locked && method !== 'none' ? (
        <div id="address-locked-reason">
          <Notice tone="warning" testId="address-locked">
            {t('withdraw:book.locked', { time: formatDateTime(lockedUntil) })}
          </Notice>
        </div>
      ) : null}
      {list && full ? (
        <Notice tone="info" testId="address-full">
          {t('withdraw:book.full', { max })}
        </Notice>
      ) : null}
      {twoFactor.data && method === 'none' ? (
        <div className={styles.gate}>
          <Notice tone="warning" testId="address-two-step">
            {t('withdraw:twoStep.addressNotice')}
          </Notice>
          <ButtonLink
            to={paths.Security.getHref(undefined, { tab: 'two-step' })}
            size="sm"
            data-testid="address-two-step-link"
          >
            {t('withdraw:twoStep.link')}
          </ButtonLink>
        </div>
      ) : twoFactor.isError ? (
        <LoadError
          message={errorText(twoFactor.error) ?? t('errors:unexpected')}
          onRetry={() => twoFactor.refetch()}
          testId="address-two-step-error"
        />
      ) : null}

      {adding && method && method !== 'none' && !full && !locked ? (
        <AddAddressForm
          currency={currency}
          method={method}
          onCancel={() => setAdding(false)}
          onDone={(address) => {
            setAdding(false);
            setAdded(address);
          }}
        />
      ) : null}

      {actionError ? (
        <p role="alert" className={styles.error} data-testid="address-action-error">
          {actionError}
        </p>
      ) : null}

      <DataTable
        label={currency ? t('withdraw:book.titleCurrency', { currency }) : t('withdraw:book.title')}
        loadingLines={4}
        loading={!list && addresses.isPending}
        error={
          !list &&
          !addresses.isPending && {
            message: errorText(addresses.error) ?? t('errors:unexpected'),
            onRetry: () => addresses.refetch(),
          }
        }
        empty={{ title: t('withdraw:book.empty'), text: t('withdraw:book.emptyHint') }}
        testIds={{
          loading: 'address-loading',
          error: 'address-load-error',
          empty: 'address-empty',
        }}
        rows={items}
        rowKey={(item) => item.id}
        rowTestId="address-row"
        rowProps={(item) => ({
          'data-id': item.id,
          'data-default': item.isDefault ? 'true' : 'false',
        })}
        columns={[
          {
            id: 'name',
            header: t('withdraw:book.name'),
            cell: (item) => (
              <>
                {item.name}{' '}
                {item.isDefault ? (
                  <span className={styles.badge} data-testid="address-default-badge">
                    {t('withdraw:book.default')}
                  </span>
                ) : null}
              </>
            ),
          },
          { id: 'currency', header: t('withdraw:book.currency'), cell: (item) => item.currency },
          {
            id: 'network',
            header: t('withdraw:book.network'),
            cell: (item) => withdrawalNetworkById(item.network)?.label ?? item.network,
          },
          {
            id: 'address',
            header: t('withdraw:book.address'),
            cell: (item) => <span className={styles.address}>{item.address}</span>,
          },
          {
            id: 'actions',
            header: t('withdraw:book.actions'),
            cell: (item) => (
              <div className={styles.rowActions}>
                {item.isDefault ? null : (
                  <Button
                    variant="secondary"
                    size="sm"
                    busy={setDefault.isPending && setDefault.variables === item.id}
                    disabled={setDefault.isPending && setDefault.variables !== item.id}
                    onClick={() => makeDefault(item)}
                    data-testid="address-set-default"
                  >
                    {t('withdraw:book.setDefault')}
                  </Button>
                )}
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => {
                    setAdded(null);
                    setDeleting(item);
                  }}
                  aria-label={t('withdraw:book.deleteLabel', { name: item.name })}
                  data-testid="address-delete"
                >
                  {t('withdraw:book.delete')}
                </Button>
              </div>
            ),
          },
        ]}
      />

      <DeleteAddressDialog address={deleting} onClose={() => setDeleting(null)} />
    </SectionCard>
  );
}

/** Asks before a saved address is deleted; refusals stay in the dialog. */
function DeleteAddressDialog({
  address,
  onClose,
}: {
  address: SavedAddress | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['withdraw', 'common']);
  const errorText = useWithdrawErrorText();
  const remove = useDeleteAddress();
  const [error, setError] = useState<string | undefined>();

  async function confirm() {
    if (!address) return;
    setError(undefined);
    try {
      await remove.mutateAsync(address.id);
      onClose();
    } catch (failure) {
      setError(errorText(failure));
    }
  }

  return (
    <Dialog
      open={address !== null}
      onOpenChange={(open) => {
        if (open || remove.isPending) return;
        setError(undefined);
        onClose();
      }}
      size="sm"
      title={t('withdraw:book.deleteTitle')}
      description={
        address
          ? t('withdraw:book.deleteText', {
              name: address.name,
              currency: address.currency,
              network: withdrawalNetworkById(address.network)?.label ?? address.network,
            })
          : undefined
      }
      data-testid="address-delete-dialog"
    >
      <div className={styles.stack}>
        {address ? <p className={styles.address}>{address.address}</p> : null}
        {error ? (
          <p role="alert" className={styles.error} data-testid="address-delete-error">
            {error}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button
            variant="ghost"
            disabled={remove.isPending}
            onClick={() => {
              setError(undefined);
              onClose();
            }}
          >
            {t('common:button.cancel')}
          </Button>
          <Button
            variant="danger"
            busy={remove.isPending}
            onClick={confirm}
            data-testid="address-delete-confirm"
          >
            {t('withdraw:book.delete')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
