/**
 * The bind dialog and its confirmation, rendered: an empty invitation address is refused with the
 * spec's toast before anything is checked on chain, and the summary the user confirms names the
 * staking contract and the upline, with Cancel rejecting as a cancelled operation.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { localDeployments } from '@app/contracts/generated/deployments';
import { describe, expect, test } from 'vitest';
import { ConfirmHost, confirmOrCancel, OperationCancelledError } from '../../shared/ui/confirm';
import type { ChainDeployment } from '../../shared/contracts';
import { renderInApp } from '../../test/render';
import { BindDialog } from './BindDialog';
import { BindSummary } from './StakeSummary';
import type { StakeContext } from './stakeFlow';

const deployment = localDeployments[1]! as unknown as ChainDeployment;
const upline = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('BindDialog', () => {
  test('an empty invitation address: "Invitation Address cannot be empty!", dialog stays', () => {
    // The flow's context is only read after the address passed its first check.
    const ctx = {} as StakeContext;
    renderInApp(<BindDialog ctx={ctx} onClose={() => {}} onBound={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Bind invitation' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bind' }));
    expect(screen.getByRole('status').textContent).toBe('Invitation Address cannot be empty!');
    expect(screen.getByRole('dialog', { name: 'Bind invitation' })).toBeTruthy();
  });

  test('the confirmation shows the contract and the upline; Cancel rejects as cancelled', async () => {
    renderInApp(<ConfirmHost />);
    let asked: Promise<void> = Promise.resolve();
    act(() => {
      asked = confirmOrCancel({
        title: 'Confirm operation',
        content: <BindSummary deployment={deployment} upline={upline} />,
        confirmText: 'Confirm',
        cancelText: 'Cancel',
      });
    });
    const dialog = screen.getByRole('dialog', { name: 'Confirm operation' });
    const summary = within(dialog).getByTestId('bind-summary');
    expect(summary.textContent).toContain(deployment.staking);
    expect(summary.textContent).toContain(upline);
    expect(summary.textContent).toContain('Binding is permanent and cannot be changed later.');
    const rejected = expect(asked).rejects.toBeInstanceOf(OperationCancelledError);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await rejected;
    expect(screen.queryByRole('dialog', { name: 'Confirm operation' })).toBeNull();
  });
});
