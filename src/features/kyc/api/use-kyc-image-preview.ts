import { useEffect, useState } from 'react';
import { kycImageUrl } from '../../../services/kyc';

function revoke(url: string) {
  if (typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
}

export interface ImagePreview {
  url: string | null;
  loading: boolean;
  failed: boolean;
}

/**
 * A preview of one of the member's uploads: the image is fetched with the bearer token as a
 * blob and shown through an object URL, revoked when the id changes or the preview unmounts.
 * Nothing is fetched for `null` (or while `enabled` is false).
 */
export function useKycImagePreview(
  imageId: string | null | undefined,
  enabled = true,
): ImagePreview {
  const [state, setState] = useState<{ id: string; url: string | null; failed: boolean } | null>(
    null,
  );

  useEffect(() => {
    if (!imageId || !enabled) return undefined;
    const controller = new AbortController();
    let created: string | null = null;
    kycImageUrl(imageId, controller.signal).then(
      (url) => {
        if (controller.signal.aborted) {
          revoke(url);
          return;
        }
        created = url;
        setState({ id: imageId, url, failed: false });
      },
      () => {
        if (!controller.signal.aborted) setState({ id: imageId, url: null, failed: true });
      },
    );
    return () => {
      controller.abort();
      if (created) revoke(created);
    };
  }, [imageId, enabled]);

  if (!imageId || !enabled) return { url: null, loading: false, failed: false };
  const current = state?.id === imageId ? state : null;
  return { url: current?.url ?? null, loading: current === null, failed: current?.failed ?? false };
}
