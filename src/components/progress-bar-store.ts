import { create } from 'zustand';

/** Spec section 3: the message types that set the style ("close" clears the bar). */
export type ProgressBarType = 'success' | 'warn' | 'remind' | 'announce';

/** Extra time after `autoClose` before the bar closes (spec section 4). */
export const AUTO_CLOSE_EXTRA_MS = 200;

export interface ProgressBarLink {
  text: string;
  /** Route path inside the app. */
  href: string;
}

export interface ProgressBarInput {
  type: ProgressBarType | 'close';
  /** Already translated text. */
  text?: string;
  link?: ProgressBarLink;
  /** Place the bar lower (below a page's own sub-header). */
  lower?: boolean;
  /** Close automatically after this many ms (+ 200 ms). */
  autoClose?: number;
  /** Runs exactly once when this message closes, however it closes. */
  closeFunc?: () => void;
}

export interface ProgressBarEntry {
  id: number;
  type: ProgressBarType;
  text: string;
  link?: ProgressBarLink;
  lower: boolean;
  autoClose?: number;
}

interface ProgressBarState {
  message: ProgressBarEntry | null;
  /** Show a message (replacing, and so closing, the current one); type "close" clears. */
  show: (input: ProgressBarInput) => void;
  /** Close the current message, or only message `id` if given (ignored when already gone). */
  close: (id?: number) => void;
}

// Outside the state: callbacks and timers are not UI state.
let nextId = 1;
let pendingCloseFunc: { id: number; run: () => void } | null = null;
let autoCloseTimer: ReturnType<typeof setTimeout> | null = null;

function clearAutoClose() {
  if (autoCloseTimer !== null) {
    clearTimeout(autoCloseTimer);
    autoCloseTimer = null;
  }
}

function runCloseFunc(id: number) {
  if (pendingCloseFunc?.id !== id) return;
  const { run } = pendingCloseFunc;
  pendingCloseFunc = null; // before running, so a re-entrant close cannot run it again
  run();
}

export const useProgressBarStore = create<ProgressBarState>()((set, get) => ({
  message: null,

  show: (input) => {
    if (input.type === 'close') {
      get().close();
      return;
    }
    get().close();
    const id = nextId++;
    if (input.closeFunc) pendingCloseFunc = { id, run: input.closeFunc };
    set({
      message: {
        id,
        type: input.type,
        text: input.text ?? '',
        link: input.link,
        lower: input.lower ?? false,
        autoClose: input.autoClose,
      },
    });
    if (input.autoClose !== undefined && input.autoClose >= 0) {
      autoCloseTimer = setTimeout(() => get().close(id), input.autoClose + AUTO_CLOSE_EXTRA_MS);
    }
  },

  close: (id) => {
    const current = get().message;
    if (!current || (id !== undefined && id !== current.id)) return;
    clearAutoClose();
    set({ message: null });
    runCloseFunc(current.id);
  },
}));

/** For code outside React (e.g. a mutation callback). */
export function showProgressBar(input: ProgressBarInput): void {
  useProgressBarStore.getState().show(input);
}

export function closeProgressBar(): void {
  useProgressBarStore.getState().close();
}
