import { Component, type ReactNode } from 'react';
import { isChunkLoadError } from './chunk-recovery';
import { chunkRecovery } from './runtime';

/**
 * Around a lazily loaded part of the shell (wallet area, contact dialog): a failure shows the
 * fallback instead of taking the whole page down; a chunk-load failure also starts the
 * chunk recovery (store the path, reload once).
 */
export class LazyBoundary extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    if (isChunkLoadError(error)) {
      chunkRecovery().handleFailure(
        window.location.pathname + window.location.search + window.location.hash,
      );
    } else {
      console.error(error);
    }
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
