import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { SectionCard } from '../../../components/section-card';
import type { LevelRates as Rates } from '../../../shared/api/earn';
import { formatRate } from '../utils/amounts';
import styles from './earn.module.css';

const LEVELS = [1, 2, 3, 4] as const;
type Level = (typeof LEVELS)[number];

/**
 * A rate product's yearly rate at each loyalty level (levels 2-4 by staking BCNT or an Alliance
 * NFT); the member's own level is marked when known.
 */
export function LevelRates({ rates, memberLevel }: { rates: Rates; memberLevel?: number }) {
  const { t, i18n } = useTranslation('earn');
  const columns: DataTableColumn<Level>[] = [
    {
      id: 'level',
      header: t('rates.level'),
      rowHeader: true,
      cell: (level) =>
        level === memberLevel ? t('rates.yourLevel', { level }) : t('rates.levelValue', { level }),
    },
    {
      id: 'rate',
      header: t('rates.rate'),
      align: 'end',
      numeric: true,
      cell: (level) => formatRate(rates[`lv${level}Rate`], i18n.language),
      cellClassName: styles.rate,
      cellProps: (level) => ({ 'data-testid': `earn-rate-${level}` }),
    },
  ];
  return (
    <SectionCard
      title={t('rates.title')}
      description={t('rates.description')}
      data-testid="earn-rates"
    >
      <DataTable
        label={t('rates.title')}
        columns={columns}
        rows={LEVELS}
        rowKey={(level) => level}
        rowTestId="earn-rate-row"
        rowProps={(level) => ({ 'data-current': level === memberLevel || undefined })}
      />
    </SectionCard>
  );
}
