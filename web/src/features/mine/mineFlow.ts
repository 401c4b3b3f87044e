import { contractCall, type ChainDeployment } from '../../shared/contracts';
import type { TxSteps } from '../tx';

/** The withdraw(amount) call: what is sent, and what the form's network fee is estimated for. */
export const withdrawCall = (deployment: ChainDeployment, amount: bigint) =>
  contractCall(deployment, { contract: 'staking', functionName: 'withdraw', args: [amount] });

/** withdraw(amount): withdrawable USDC to the user's own wallet ('Withdrawing'). */
export async function withdrawSteps(tx: TxSteps, deployment: ChainDeployment, amount: bigint) {
  await tx.send('tx.stage.withdrawing', () =>
    tx.wallet.writeContract(withdrawCall(deployment, amount)),
  );
}

/** The withdrawRewardCoin(amount) call: what is sent, and what its confirm dialog's fee is for. */
export const withdrawRewardCoinCall = (deployment: ChainDeployment, amount: bigint) =>
  contractCall(deployment, {
    contract: 'staking',
    functionName: 'withdrawRewardCoin',
    args: [amount],
  });

/** withdrawRewardCoin(amount): earned reward coin to the wallet without the DEX ('Withdrawing'). */
export async function withdrawRewardCoinSteps(
  tx: TxSteps,
  deployment: ChainDeployment,
  amount: bigint,
) {
  await tx.send('tx.stage.withdrawing', () =>
    tx.wallet.writeContract(withdrawRewardCoinCall(deployment, amount)),
  );
}

/** The claimDividends() call: what is sent, and what its confirm dialog's fee is for. */
export const claimDividendsCall = (deployment: ChainDeployment) =>
  contractCall(deployment, { contract: 'staking', functionName: 'claimDividends' });

/** claimDividends(): the membership's dividend to the withdrawable balance ('Claiming'). */
export async function claimDividendsSteps(tx: TxSteps, deployment: ChainDeployment) {
  await tx.send('tx.stage.claiming', () => tx.wallet.writeContract(claimDividendsCall(deployment)));
}
