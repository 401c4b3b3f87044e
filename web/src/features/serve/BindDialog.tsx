import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getAddress } from 'viem';
import { readStorage, storageKeys } from '../../shared/storage';
import { runTxFlow } from '../../shared/tx';
import { confirmDialog } from '../../shared/ui/confirm';
import { hideLoading, showLoading } from '../../shared/ui/loading';
import { Modal } from '../../shared/ui/Modal';
import { toast } from '../../shared/ui/toast';
import { bindUpline, checkUpline, type StakeContext } from './stakeFlow';
import { BindSummary } from './StakeSummary';

/**
 * Shown before the first stake of a user without an upline: the invitation address (prefilled
 * from the `code` link parameter) is bound on chain with bindSuperior.
 */
export function BindDialog(props: { ctx: StakeContext; onClose: () => void; onBound: () => void }) {
  const { t } = useTranslation();
  const { ctx, onClose, onBound } = props;
  const [upline, setUpline] = useState(() => readStorage(storageKeys.inviteCode) ?? '');
  const [busy, setBusy] = useState(false);
  const inputId = useId();

  const submit = async () => {
    const value = upline.trim();
    if (!value) {
      toast(t('bind.errors.empty'));
      return;
    }
    setBusy(true);
    try {
      showLoading(t('loading.querying'));
      let check;
      try {
        check = await checkUpline(ctx, value);
      } catch {
        hideLoading();
        toast(t('toast.queryFailed'));
        return;
      }
      hideLoading();
      if (check === 'invalid') return toast(t('bind.errors.invalid'));
      if (check === 'self') return toast(t('bind.errors.self'));
      if (check === 'notInTree') return toast(t('bind.errors.notInTree'));
      const address = getAddress(value);
      const ok = await confirmDialog({
        title: t('dialog.confirmOperation'),
        content: <BindSummary deployment={ctx.deployment} upline={address} />,
        confirmText: t('common.confirm'),
        cancelText: t('common.cancel'),
      });
      if (!ok) return;
      const bound = await runTxFlow(() => bindUpline(ctx, address), {
        success: 'toast.bindSucceeded',
        failure: 'toast.bindFailed',
      });
      if (bound) onBound();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open onClose={onClose} title={t('bind.title')} closeLabel={t('common.close')}>
      <p className="muted">{t('bind.explain')}</p>
      <div className="field">
        <label htmlFor={inputId} className="field__label">
          {t('bind.inviteAddress')}
        </label>
        <input
          id={inputId}
          className="field__input mono"
          type="text"
          autoComplete="off"
          spellCheck={false}
          placeholder="0x..."
          value={upline}
          onChange={(event) => setUpline(event.target.value)}
        />
      </div>
      <div className="button-row">
        <button
          type="button"
          className="button button--secondary"
          onClick={onClose}
          disabled={busy}
        >
          {t('common.cancel')}
        </button>
        <button type="button" className="button" onClick={() => void submit()} disabled={busy}>
          {t('bind.submit')}
        </button>
      </div>
    </Modal>
  );
}
