import { useState, type ReactNode } from 'react';
import { FileDrop } from '../../../components/file-drop';
import { UPLOAD_MAX_MB } from '../../../shared/api/kyc';
import { useKycImagePreview } from '../api/use-kyc-image-preview';
import { useUploadImage } from '../api/use-kyc-writes';
import { useKycErrorText } from '../hooks/use-kyc-error-text';
import { MarkedItem } from './marked-item';

export interface DocumentDropProps {
  /** The item name (KYC_ITEMS, e.g. 'frontImage'): highlight and test ids. */
  item: string;
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  /** The stored image id, or null. */
  imageId: string | null;
  onChange: (imageId: string | null) => void;
  /** Already translated (e.g. "Please upload this document."). */
  error?: string;
  disabled?: boolean;
  /** Default `kyc-upload-<item>`. */
  testId?: string;
  className?: string;
}

/**
 * One KYC document: the kit's FileDrop, uploading through `uploadImage` with progress. A saved
 * document shows its preview fetched with the token; a file uploaded here shows its local
 * preview (no second download).
 */
export function DocumentDrop({
  item,
  label,
  hint,
  required,
  imageId,
  onChange,
  error,
  disabled,
  testId,
  className,
}: DocumentDropProps) {
  const upload = useUploadImage();
  const errorText = useKycErrorText();
  const [uploadedHere, setUploadedHere] = useState<string | null>(null);
  const [uploadError, setUploadError] = useState<string | undefined>();
  const preview = useKycImagePreview(imageId, imageId !== uploadedHere);

  return (
    <MarkedItem item={item} className={className}>
      <FileDrop
        label={label}
        hint={hint}
        required={required}
        error={uploadError ?? error}
        maxSizeMb={UPLOAD_MAX_MB}
        disabled={disabled}
        stored={imageId ? { previewUrl: preview.url, loading: preview.loading } : null}
        onUpload={async (file, onProgress) => {
          setUploadError(undefined);
          try {
            const image = await upload.mutateAsync({ file, onProgress });
            setUploadedHere(image.imageId);
            onChange(image.imageId);
          } catch (failure) {
            setUploadError(errorText(failure));
            throw failure;
          }
        }}
        onRemove={() => {
          setUploadError(undefined);
          onChange(null);
        }}
        data-testid={testId ?? `kyc-upload-${item}`}
      />
    </MarkedItem>
  );
}
