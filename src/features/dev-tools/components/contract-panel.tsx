import type { AbiFunction } from 'viem';
import { SectionCard } from '../../../components/section-card';
import { SelectField } from '../../../components/select-field';
import { useDevT } from '../dev-texts';
import type { DevContract } from '../utils/dev-contracts';
import { ReadFunction, WriteFunction } from './contract-functions';
import styles from './dev-tools.module.css';

/** Test id stems per function: `<prefix>-<name>`, overloads `<prefix>-<name>-<n>`. */
function testIds(prefix: string, functions: readonly AbiFunction[]): string[] {
  const seen = new Map<string, number>();
  return functions.map((fn) => {
    const count = seen.get(fn.name) ?? 0;
    seen.set(fn.name, count + 1);
    return count === 0 ? `${prefix}-${fn.name}` : `${prefix}-${fn.name}-${count}`;
  });
}

/** One contract: the picker, its address, its read and write functions. */
export function ContractPanel({
  contracts,
  contract,
  onChoose,
  chainId,
}: {
  contracts: readonly DevContract[];
  contract: DevContract;
  onChoose: (id: string) => void;
  chainId: number;
}) {
  const t = useDevT();
  const readIds = testIds('dev-read', contract.reads);
  const writeIds = testIds('dev-write', contract.writes);
  return (
    <SectionCard title={t('contracts.title')} data-testid="dev-contract">
      <div className={styles.stack}>
        <SelectField
          label={t('contracts.choose')}
          value={contract.id}
          options={contracts.map((item) => ({ value: item.id, label: item.id }))}
          onChange={(event) => onChoose(event.target.value)}
          data-testid="dev-contract-select"
        />
        <p>
          <span className={styles.muted}>{t('contracts.address')}: </span>
          <span className={styles.mono} data-testid="dev-contract-address">
            {contract.address}
          </span>
        </p>
      </div>
      <div className={styles.columns}>
        <section>
          <h3 className={styles.columnTitle}>{t('contracts.read')}</h3>
          {contract.reads.length === 0 ? (
            <p className={styles.muted}>{t('contracts.noRead')}</p>
          ) : null}
          <ul className={styles.list}>
            {contract.reads.map((fn, index) => (
              <ReadFunction
                key={`${contract.id}-${readIds[index]}`}
                contract={contract}
                fn={fn}
                chainId={chainId}
                testId={readIds[index]!}
              />
            ))}
          </ul>
        </section>
        <section>
          <h3 className={styles.columnTitle}>{t('contracts.write')}</h3>
          {contract.writes.length === 0 ? (
            <p className={styles.muted}>{t('contracts.noWrite')}</p>
          ) : null}
          <ul className={styles.list}>
            {contract.writes.map((fn, index) => (
              <WriteFunction
                key={`${contract.id}-${writeIds[index]}`}
                contract={contract}
                fn={fn}
                chainId={chainId}
                testId={writeIds[index]!}
              />
            ))}
          </ul>
        </section>
      </div>
    </SectionCard>
  );
}
