import { type ReactNode } from 'react';
import { createStore, useStore } from '../store';
import { Modal } from './Modal';

interface ConfirmRequest {
  title: string;
  content: ReactNode;
  confirmText: string;
  cancelText: string;
  resolve: (ok: boolean) => void;
}

/**
 * Spec §8: a cancelled confirmation rejects with a cancel-operation message. `messageKey` is that
 * message's translation key ('Operation cancelled'); callers show it.
 */
export class OperationCancelledError extends Error {
  readonly messageKey = 'dialog.cancelled';
  constructor() {
    super('Operation cancelled');
    this.name = 'OperationCancelledError';
  }
}

const confirmStore = createStore<ConfirmRequest | null>(null);

/**
 * Asks the user to confirm (texts already translated). Resolves on Confirm; rejects with
 * OperationCancelledError on Cancel, Escape, a click outside, or when another confirmation
 * replaces this one.
 */
export function confirmOrCancel(options: Omit<ConfirmRequest, 'resolve'>): Promise<void> {
  return new Promise((resolve, reject) => {
    confirmStore.get()?.resolve(false);
    confirmStore.set({
      ...options,
      resolve: (ok) => (ok ? resolve() : reject(new OperationCancelledError())),
    });
  });
}

/** The user's answer to the open confirmation (the dialog's buttons; tests). */
export function answerConfirm(ok: boolean): void {
  const request = confirmStore.get();
  if (!request) return;
  confirmStore.set(null);
  request.resolve(ok);
}

export function ConfirmHost() {
  const request = useStore(confirmStore);
  return (
    <Modal
      open={request !== null}
      onClose={() => answerConfirm(false)}
      title={request?.title ?? ''}
    >
      <div className="confirm__content">{request?.content}</div>
      <div className="button-row">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => answerConfirm(false)}
        >
          {request?.cancelText}
        </button>
        <button type="button" className="button" onClick={() => answerConfirm(true)}>
          {request?.confirmText}
        </button>
      </div>
    </Modal>
  );
}
