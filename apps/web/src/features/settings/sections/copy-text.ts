import { stores } from '../../../state/stores.ts';

/** Copies `text` and says so: `done` as a success toast, or `failed` when the browser refuses the clipboard. */
export async function copyText(text: string, done: string, failed: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    stores.toasts.getState().show({ kind: 'success', message: done });
  } catch {
    stores.toasts.getState().show({ kind: 'error', message: failed });
  }
}
