import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type DragEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { cx } from './class-names';
import styles from './file-drop.module.css';
import fieldStyles from './field.module.css';
import visuallyHidden from './visually-hidden.module.css';

/**
 * The file drop of the UI kit (spec section 5 uploads): drop a photo or choose one, only JPG,
 * JPEG and PNG (checked here by type and extension before anything is sent: "Only jpg, jpeg and
 * png files are accepted."), at most `maxSizeMb` ("File size exceeds 5MB"), a preview, the
 * upload's progress, and Replace / Remove once a file is there.
 *
 * The upload itself is the caller's (`onUpload(file, onProgress)`); a rejection leaves the
 * drop in its failed state and the caller shows why through `error`. `stored` is what the
 * server already holds (e.g. a saved document, with an object URL for its preview).
 */

export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
const IMAGE_TYPES = new Set(['image/jpeg', 'image/jpg', 'image/pjpeg', 'image/png']);
const ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';
export const DEFAULT_MAX_SIZE_MB = 5;

export type FileProblem = 'type' | 'size';

/** Why a file cannot be uploaded (type by extension and MIME type, then size), or null. */
export function checkImageFile(file: File, maxSizeMb: number): FileProblem | null {
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  const extensionOk = (IMAGE_EXTENSIONS as readonly string[]).includes(extension);
  // some systems give no MIME type: the extension decides then
  const typeOk = file.type === '' || IMAGE_TYPES.has(file.type.toLowerCase());
  if (!extensionOk || !typeOk) return 'type';
  if (file.size > maxSizeMb * 1024 * 1024) return 'size';
  return null;
}

export interface StoredFile {
  /** Preview image (object URL or URL); null while it loads or when it cannot be shown. */
  previewUrl: string | null;
  /** The preview is being fetched. */
  loading?: boolean;
  name?: string;
}

export interface FileDropProps {
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  /** Already translated message from the caller (required, a server refusal, ...). */
  error?: string;
  /** What the server holds now; null or undefined when nothing is stored. */
  stored?: StoredFile | null;
  /** Uploads the checked file; `onProgress` takes 0..1. Rejects when the upload failed. */
  onUpload: (file: File, onProgress: (fraction: number) => void) => Promise<unknown>;
  /** Offered as "Remove" when given and a file is there. */
  onRemove?: () => void;
  maxSizeMb?: number;
  disabled?: boolean;
  className?: string;
  /** On the wrapper (with data-state empty|uploading|uploaded|failed); the file input gets `<id>-input`. */
  'data-testid'?: string;
}

type Phase = 'idle' | 'uploading' | 'uploaded' | 'failed';

interface LocalFile {
  name: string;
  url: string | null;
}

function objectUrl(file: File): string | null {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
}

function revoke(url: string | null | undefined) {
  if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
}

export function FileDrop({
  label,
  hint,
  required,
  error,
  stored,
  onUpload,
  onRemove,
  maxSizeMb = DEFAULT_MAX_SIZE_MB,
  disabled = false,
  className,
  'data-testid': testId,
}: FileDropProps) {
  const { t } = useTranslation(['components', 'errors']);
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const rulesId = `${id}-rules`;
  const errorId = `${id}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<FileProblem | null>(null);
  const [local, setLocal] = useState<LocalFile | null>(null);
  const [dragging, setDragging] = useState(false);
  const uploadRun = useRef(0);

  // the local preview's object URL lives as long as it is shown
  useEffect(() => () => revoke(local?.url), [local]);

  const uploading = phase === 'uploading';
  const showLocal = local !== null && (phase === 'uploading' || phase === 'uploaded');
  const hasFile = showLocal || Boolean(stored);
  const state = uploading
    ? 'uploading'
    : phase === 'failed' || problem !== null
      ? 'failed'
      : hasFile
        ? 'uploaded'
        : 'empty';

  async function take(file: File | undefined) {
    if (!file || disabled || uploading) return;
    const found = checkImageFile(file, maxSizeMb);
    setProblem(found);
    if (found) return;
    const run = ++uploadRun.current;
    setLocal({ name: file.name, url: objectUrl(file) });
    setProgress(0);
    setPhase('uploading');
    try {
      await onUpload(file, (fraction) => {
        if (uploadRun.current === run) setProgress(Math.round(Math.min(1, fraction) * 100));
      });
      if (uploadRun.current === run) setPhase('uploaded');
    } catch {
      if (uploadRun.current === run) {
        setPhase('failed');
        setLocal(null);
      }
    }
  }

  function handleInput(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // the same file may be chosen again after a failure
    event.target.value = '';
    void take(file);
  }

  function handleDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    void take(event.dataTransfer.files?.[0]);
  }

  function remove() {
    uploadRun.current += 1;
    setLocal(null);
    setPhase('idle');
    setProblem(null);
    onRemove?.();
  }

  const choose = () => inputRef.current?.click();
  const problemText =
    problem === 'type'
      ? t('errors:validation.fileType')
      : problem === 'size'
        ? t('errors:validation.fileSize', { size: maxSizeMb })
        : undefined;
  const shownError =
    problemText ?? error ?? (phase === 'failed' ? t('fileDrop.failed') : undefined);
  const previewUrl = showLocal ? local?.url : stored?.previewUrl;
  const fileName = showLocal ? local?.name : stored?.name;
  const describedBy = [hint ? hintId : null, rulesId, shownError ? errorId : null]
    .filter(Boolean)
    .join(' ');

  return (
    <div
      className={cx(fieldStyles.field, className)}
      role="group"
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      data-testid={testId}
      data-state={state}
    >
      <span id={labelId} className={fieldStyles.label}>
        {label}
        {required ? (
          <span className={fieldStyles.requiredMark} aria-hidden="true">
            *
          </span>
        ) : null}
      </span>
      {hint ? (
        <p id={hintId} className={fieldStyles.hint}>
          {hint}
        </p>
      ) : null}
      <div
        className={cx(
          styles.zone,
          dragging && styles.dragging,
          hasFile && styles.filled,
          shownError && styles.invalid,
          disabled && styles.disabled,
        )}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled && !uploading) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={handleDrop}
      >
        {hasFile ? (
          <div className={styles.preview}>
            {previewUrl ? (
              <img
                className={styles.image}
                src={previewUrl}
                alt={t('fileDrop.preview', { name: fileName ?? '' })}
              />
            ) : (
              <span
                className={cx(styles.image, styles.placeholder, stored?.loading && styles.loading)}
                role="img"
                aria-label={
                  stored?.loading ? t('fileDrop.previewLoading') : t('fileDrop.noPreview')
                }
              />
            )}
            <div className={styles.details}>
              {fileName ? <span className={styles.name}>{fileName}</span> : null}
              {uploading ? (
                <div className={styles.progressRow}>
                  <div
                    className={styles.progress}
                    role="progressbar"
                    aria-label={t('fileDrop.progress')}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={progress}
                  >
                    <span className={styles.bar} style={{ width: `${progress}%` }} />
                  </div>
                  <span className={styles.percent} aria-live="polite">
                    {t('fileDrop.uploading', { percent: progress })}
                  </span>
                </div>
              ) : (
                <span className={styles.done}>{t('fileDrop.uploaded')}</span>
              )}
              <div className={styles.actions}>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={choose}
                  disabled={disabled || uploading}
                  data-testid={testId ? `${testId}-replace` : undefined}
                >
                  {t('fileDrop.replace')}
                </Button>
                {onRemove ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={remove}
                    disabled={disabled || uploading}
                    data-testid={testId ? `${testId}-remove` : undefined}
                  >
                    {t('fileDrop.remove')}
                  </Button>
                ) : null}
              </div>
            </div>
          </div>
        ) : (
          <div className={styles.empty}>
            <span className={styles.icon} aria-hidden="true" />
            <span className={styles.prompt}>{t('fileDrop.prompt')}</span>
            <Button
              variant="secondary"
              size="sm"
              onClick={choose}
              disabled={disabled}
              data-testid={testId ? `${testId}-choose` : undefined}
            >
              {t('fileDrop.choose')}
            </Button>
          </div>
        )}
        <p id={rulesId} className={styles.rules}>
          {t('fileDrop.rules', { size: maxSizeMb })}
        </p>
        <input
          ref={inputRef}
          className={visuallyHidden.root}
          type="file"
          accept={ACCEPT}
          tabIndex={-1}
          aria-hidden="true"
          disabled={disabled}
          onChange={handleInput}
          data-testid={testId ? `${testId}-input` : undefined}
        />
      </div>
      {shownError ? (
        <p id={errorId} className={fieldStyles.error} role="alert">
          {shownError}
        </p>
      ) : null}
    </div>
  );
}
