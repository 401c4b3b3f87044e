/**
 * The bind dialog and its confirmation, rendered: an empty invitation address is refused with the
 * spec's toast before anything is checked on chain, and the summary the user confirms names the
 * staking contract and the upline, with Cancel rejecting as a cancelled operation.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { networks } from '@app/contracts/chains';
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
// The flow's own config is read only once Bind is pressed with a valid address; the fee line uses
// the app's (renderInApp's), and asks nothing while no valid address is typed.
const ctx: StakeContext = {
  config: {} as StakeContext['config'],
  network: networks.ETH,
  deployment,
  user: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
};

describe('BindDialog', () => {
  test('an empty invitation address: "Invitation Address cannot be empty!", dialog stays', () => {
    renderInApp(<BindDialog ctx={ctx} onClose={() => {}} onBound={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Bind invitation' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bind' }));
    expect(screen.getByRole('status').textContent).toBe('Invitation Address cannot be empty!');
    expect(screen.getByRole('dialog', { name: 'Bind invitation' })).toBeTruthy();
  });

  test('the network fee waits for a valid address, never a guess', () => {
    renderInApp(<BindDialog ctx={ctx} onClose={() => {}} onBound={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Bind invitation' });
    const line = within(dialog).getByTestId('network-fee');
    expect(line.textContent).toBe('Network fee, at most shown once the address is valid');
    fireEvent.change(within(dialog).getByLabelText('Invitation Address'), {
      target: { value: '0x1234' },
    });
    expect(line.textContent).toBe('Network fee, at most shown once the address is valid');
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
