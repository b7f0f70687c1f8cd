import { useQuery } from '@tanstack/react-query';
import { parseEventLogs } from 'viem';
import { useBlockNumber, usePublicClient } from 'wagmi';
import { LoadError } from '../../../components/load-states';
import { SectionCard } from '../../../components/section-card';
import { useDevT } from '../dev-texts';
import { formatValue } from '../utils/abi-args';
import type { DevContract } from '../utils/dev-contracts';
import styles from './dev-tools.module.css';

/** How many blocks back the events are read. */
export const EVENT_BLOCKS = 500;
/** At most this many events are shown. */
const EVENT_LIMIT = 50;

/** The contract's events of the last EVENT_BLOCKS blocks, decoded with its ABI, newest first. */
export function EventsPanel({ contract, chainId }: { contract: DevContract; chainId: number }) {
  const t = useDevT();
  const client = usePublicClient({ chainId });
  const block = useBlockNumber({ chainId, watch: true });
  const latest = block.data;
  const events = useQuery({
    queryKey: ['dev', 'events', chainId, contract.address, latest?.toString()],
    enabled: client !== undefined && latest !== undefined,
    queryFn: async () => {
      const toBlock = latest!;
      const fromBlock = toBlock > BigInt(EVENT_BLOCKS) ? toBlock - BigInt(EVENT_BLOCKS) : 0n;
      const logs = await client!.getLogs({ address: contract.address, fromBlock, toBlock });
      return parseEventLogs({ abi: contract.abi, logs }).reverse().slice(0, EVENT_LIMIT);
    },
    placeholderData: (previous) => previous,
  });

  return (
    <SectionCard
      title={t('events.title')}
      description={t('events.description', { contract: contract.id, blocks: EVENT_BLOCKS })}
      data-testid="dev-events"
    >
      {events.isError ? (
        <LoadError
          message={t('events.failed', { reason: (events.error as Error).message })}
          onRetry={() => events.refetch()}
        />
      ) : events.data && events.data.length === 0 ? (
        <p className={styles.muted}>{t('events.none')}</p>
      ) : (
        <ol className={styles.list}>
          {(events.data ?? []).map((log) => (
            <li
              key={`${log.transactionHash}-${log.logIndex}`}
              className={styles.function}
              data-testid="dev-event"
              data-event={log.eventName}
            >
              <p className={styles.functionName}>{log.eventName}</p>
              <p className={styles.muted}>
                {t('events.block', { block: log.blockNumber?.toString() ?? '' })}{' '}
                <span className={styles.mono}>{log.transactionHash}</span>
              </p>
              <pre className={styles.result}>{formatValue(log.args)}</pre>
            </li>
          ))}
        </ol>
      )}
    </SectionCard>
  );
}
