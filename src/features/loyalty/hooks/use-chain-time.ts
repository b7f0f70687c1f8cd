import { useEffect, useState } from 'react';
import { useBlock } from 'wagmi';
import { chainNow, type ChainTimeAnchor } from '../utils/countdown';

/**
 * The latest block of `chainId` (watched) as a chain-time anchor: its timestamp and when the
 * browser saw it. Countdowns add the browser time passed since then (utils/countdown.ts).
 */
export function useChainTimeAnchor(chainId: number | undefined): ChainTimeAnchor | undefined {
  const block = useBlock({ chainId, watch: true, query: { enabled: chainId !== undefined } });
  const timestamp = block.data?.timestamp;
  const number = block.data?.number;
  const [anchor, setAnchor] = useState<ChainTimeAnchor | undefined>();
  useEffect(() => {
    if (timestamp === undefined) return;
    setAnchor({ blockTime: Number(timestamp), receivedAt: Date.now() });
  }, [timestamp, number]);
  return anchor;
}

/** Chain time in unix seconds, ticking every second; undefined until a block is known. */
export function useChainNow(
  anchor: ChainTimeAnchor | undefined,
  tickMs = 1000,
): number | undefined {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  return anchor ? chainNow(anchor, Math.max(now, anchor.receivedAt)) : undefined;
}
