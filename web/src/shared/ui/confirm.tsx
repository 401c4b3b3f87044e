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

const confirmStore = createStore<ConfirmRequest | null>(null);

/**
 * Asks the user to confirm (texts already translated). Resolves true on Confirm, false on Cancel,
 * Escape or a click outside.
 */
export function confirmDialog(options: Omit<ConfirmRequest, 'resolve'>): Promise<boolean> {
  return new Promise((resolve) => {
    confirmStore.get()?.resolve(false);
    confirmStore.set({ ...options, resolve });
  });
}

export function ConfirmHost() {
  const request = useStore(confirmStore);
  const finish = (ok: boolean) => {
    if (!request) return;
    confirmStore.set(null);
    request.resolve(ok);
  };
  return (
    <Modal open={request !== null} onClose={() => finish(false)} title={request?.title ?? ''}>
      <div className="confirm__content">{request?.content}</div>
      <div className="button-row">
        <button type="button" className="button button--secondary" onClick={() => finish(false)}>
          {request?.cancelText}
        </button>
        <button type="button" className="button" onClick={() => finish(true)}>
          {request?.confirmText}
        </button>
      </div>
    </Modal>
  );
}
