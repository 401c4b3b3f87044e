import { useTranslation } from 'react-i18next';
import { minusTolerance } from '../../shared/amount';
import { publicClientFor } from '../../shared/chain/client';
import { exclusive, useTx } from '../tx';
import { hideLoading, showLoading } from '../../shared/ui/loading';
import { toast } from '../../shared/ui/toast';
import {
  exchangeSteps,
  harvestSteps,
  positionsToHarvest,
  readQuote,
  type ExchangeQuote,
} from './exchangeFlow';
import { ExchangeSummary, HarvestSummary } from './ExchangeSummary';
import type { ExchangeState } from './useExchangeState';
import { validateExchangeAmount } from './validation';

/**
 * The Exchange page's writes in their order: Collect mining = positions to harvest → summary →
 * harvest; Exchange = validation → a fresh quote → summary (the guard taken from that quote) →
 * exchange.
 */
export function useExchangeActions(state: ExchangeState) {
  const { t } = useTranslation();
  const runTx = useTx();
  const { config, session, user, deployment, network, account, earned, symbol } = state;

  const collect = () =>
    exclusive(async () => {
      if (!session || !user) return toast(t('toast.connectWallet'));
      if (!deployment || !account.data) return toast(t('toast.queryFailed'));
      showLoading(t('loading.querying'));
      let ids: bigint[];
      try {
        ids = await positionsToHarvest(publicClientFor(config, network.chainId), deployment, user);
      } catch {
        hideLoading();
        return toast(t('toast.queryFailed'));
      }
      hideLoading();
      if (ids.length === 0 || account.data.pendingMining === 0n)
        return toast(t('exchange.nothingToCollect'));
      await runTx({
        network,
        user,
        summary: (
          <HarvestSummary
            network={network}
            deployment={deployment}
            user={user}
            symbol={symbol}
            pending={account.data.pendingMining}
            positions={ids.length}
          />
        ),
        success: 'toast.txSucceeded',
        failure: 'toast.txFailed',
        steps: (tx) => harvestSteps(tx, deployment, ids),
      });
    });

  const exchange = () =>
    exclusive(async () => {
      if (!session || !user) return toast(t('toast.connectWallet'));
      if (!deployment || earned === undefined) return toast(t('toast.queryFailed'));
      const sentText = state.amountText;
      const validation = validateExchangeAmount(state.amount, earned);
      if (!validation.ok) return toast(t(validation.errorKey));
      // The summary shows a fresh quote, and the guard is taken from it.
      showLoading(t('loading.querying'));
      let fresh: ExchangeQuote;
      try {
        fresh = await readQuote(
          publicClientFor(config, network.chainId),
          deployment,
          user,
          validation.amount,
        );
      } catch {
        hideLoading();
        return toast(t('toast.queryFailed'));
      }
      hideLoading();
      if (fresh.netUsdc === 0n) return toast(t('exchange.errors.tooSmall'));
      const minUsdcOut = minusTolerance(fresh.netUsdc, state.toleranceBps);
      const done = await runTx({
        network,
        user,
        summary: (
          <ExchangeSummary
            network={network}
            deployment={deployment}
            user={user}
            symbol={symbol}
            amountIn={validation.amount}
            quote={fresh}
            minUsdcOut={minUsdcOut}
            toleranceBps={state.toleranceBps}
          />
        ),
        success: 'toast.txSucceeded',
        failure: 'toast.txFailed',
        steps: (tx) => exchangeSteps(tx, deployment, validation.amount, minUsdcOut),
      });
      if (done) state.clearAmountIfUnchanged(sentText);
    });

  return { collect, exchange };
}
