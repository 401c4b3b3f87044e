import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getDeployment, type ChainDeployment } from '../../shared/contracts';
import { useChainTime } from '../../shared/chain/reads';
import { changeState } from '../../shared/chain/timelock';
import { countFormat } from '../../shared/displayAmount';
import { bpsToPercent } from '../../shared/format';
import { useNetwork } from '../../shared/network';
import { useRewardSymbol, useTokenFormat } from '../../shared/tokens';
import { Address } from '../../shared/ui/Address';
import { Amount } from '../../shared/ui/Amount';
import { DateTime } from '../../shared/ui/DateTime';
import { Card } from '../../shared/ui/Card';
import { ErrorState, LoadingState } from '../../shared/ui/DataViews';
import { SafeOwnerRows } from './SafeOwner';
import { useTransparency, type PendingChange, type Transparency } from './useTransparency';
import './transparency.css';

/**
 * Issue 11 §3: how the pool stands, for anyone, without signing in, on the selected network. Every
 * figure is read from the chain (useTransparency); the statements of what the owner can and cannot
 * do are the contract's code (docs/TRUST.md), said in plain words.
 */
export default function TransparencyPage() {
  const { t } = useTranslation();
  const network = useNetwork();
  const deployment = getDeployment(network.chainId);
  const query = useTransparency(network, deployment);
  const symbol = useRewardSymbol(network, deployment) ?? t('list.rewardCoin');

  if (!deployment)
    return (
      <section className="card">
        <p>{t('list.notDeployed', { network: network.label })}</p>
      </section>
    );
  const data = query.data;
  return (
    <div className="transparency">
      <section className="card">
        <p data-testid="transparency-intro">
          {t('transparency.intro', { network: network.label })}
        </p>
      </section>
      {query.isPending ? <LoadingState /> : null}
      {query.isError && !data ? <ErrorState onRetry={() => query.refetch()} /> : null}
      {data ? <Figures data={data} deployment={deployment} symbol={symbol} /> : null}
    </div>
  );
}

function Row(props: { label: string; testId?: string; children: ReactNode; mono?: boolean }) {
  return (
    <div className="summary__row">
      <dt>{props.label}</dt>
      <dd className={props.mono ? 'mono' : undefined} data-testid={props.testId}>
        {props.children}
      </dd>
    </div>
  );
}

/** An address row's value: 4…4, Copy, explorer link. */
function AddressValue({ address }: { address: string }) {
  return <Address address={address} />;
}

function Figures(props: { data: Transparency; deployment: ChainDeployment; symbol: string }) {
  const { t, i18n } = useTranslation();
  const fmt = useTokenFormat();
  const { data, deployment, symbol } = props;
  const usdc = (value: bigint) => fmt.withSymbol(value, 'usdc');
  const coin = (value: bigint) => <Amount value={value} token="reward" />;
  const usdcAmount = (value: bigint) => <Amount value={value} token="usdc" />;
  const count = (value: bigint) => countFormat(i18n.language).format(value);
  const now = useChainTime(useNetwork());
  const owed =
    data.openPrincipal +
    data.withdrawable +
    data.dividendsUnclaimed +
    data.grantsBudget +
    data.treasuryProceeds;
  const delayHours = Number(data.timelockDelay / 3600n);

  return (
    <>
      <Card title={t('transparency.contracts.title')} testId="transparency-contracts">
        <dl className="summary__list">
          <Row label={t('transparency.contracts.staking')}>
            <AddressValue address={deployment.staking} />
          </Row>
          <Row label={t('transparency.contracts.usdc')}>
            <AddressValue address={deployment.usdc} />
          </Row>
          <Row label={t('transparency.contracts.reward', { symbol })}>
            <AddressValue address={deployment.rewardToken} />
          </Row>
          <Row label={t('transparency.contracts.router')}>
            <AddressValue address={deployment.router} />
          </Row>
          <Row label={t('transparency.contracts.pair')}>
            <AddressValue address={deployment.pair} />
          </Row>
        </dl>
        <p className="muted small">{t('transparency.contracts.notUpgradeable')}</p>
      </Card>

      <Card title={t('transparency.owner.title')} testId="transparency-owner">
        <dl className="summary__list">
          <Row label={t('transparency.owner.address')} testId="t-owner">
            <AddressValue address={data.owner} />
          </Row>
          <Row label={t('transparency.owner.kind')} testId="t-owner-kind">
            {data.ownerIsContract
              ? t('transparency.owner.isContract')
              : t('transparency.owner.isKey')}
          </Row>
          {data.ownerIsContract ? <SafeOwnerRows owner={data.owner} /> : null}
          {data.pendingOwner ? (
            <Row label={t('transparency.owner.pendingOwner')}>
              <AddressValue address={data.pendingOwner} />
            </Row>
          ) : null}
          <Row label={t('transparency.owner.treasury')}>
            <AddressValue address={data.treasury} />
          </Row>
        </dl>
        <h3 className="transparency__subtitle">{t('transparency.owner.canTitle')}</h3>
        <ul className="transparency__list" data-testid="t-owner-can">
          <li>{t('transparency.owner.can.plans')}</li>
          <li>{t('transparency.owner.can.params', { hours: delayHours })}</li>
          <li>{t('transparency.owner.can.pause')}</li>
          <li>{t('transparency.owner.can.unreserved')}</li>
          <li>{t('transparency.owner.can.grants')}</li>
        </ul>
        <h3 className="transparency__subtitle">{t('transparency.owner.cannotTitle')}</h3>
        <ul className="transparency__list" data-testid="t-owner-cannot">
          <li>{t('transparency.owner.cannot.principal')}</li>
          <li>{t('transparency.owner.cannot.reserved')}</li>
          <li>{t('transparency.owner.cannot.exit')}</li>
          <li>
            {t('transparency.owner.cannot.caps', {
              fee: bpsToPercent(Number(data.maxFeeBps)),
              min: usdc(data.maxMinWithdrawal),
            })}
          </li>
          <li>{t('transparency.owner.cannot.upgrade')}</li>
        </ul>
        <p className="banner-note" data-testid="t-issuer-freeze">
          {t('transparency.issuerFreeze')}
        </p>
      </Card>

      <Card title={t('transparency.rewards.title', { symbol })} testId="transparency-rewards">
        <dl className="summary__list">
          <Row label={t('transparency.rewards.funded')} testId="t-reward-budget">
            {coin(data.rewardBudget)}
          </Row>
          <Row label={t('transparency.rewards.reserved')} testId="t-reward-reserved">
            {coin(data.rewardReserved)}
          </Row>
          <Row label={t('transparency.rewards.unreserved')} testId="t-reward-unreserved">
            {coin(data.rewardUnreserved)}
          </Row>
          <Row label={t('transparency.rewards.held')} testId="t-reward-held">
            {coin(data.rewardHeld)}
          </Row>
        </dl>
        <p className="muted small">{t('transparency.rewards.note')}</p>
      </Card>

      <Card title={t('transparency.principal.title')} testId="transparency-principal">
        <dl className="summary__list">
          <Row label={t('transparency.principal.held')} testId="t-usdc-held">
            {usdcAmount(data.usdcHeld)}
          </Row>
          <Row label={t('transparency.principal.open')} testId="t-open-principal">
            {usdcAmount(data.openPrincipal)}
          </Row>
          <Row label={t('transparency.principal.withdrawable')} testId="t-withdrawable">
            {usdcAmount(data.withdrawable)}
          </Row>
          <Row label={t('transparency.principal.dividends')}>
            {usdcAmount(data.dividendsUnclaimed)}
          </Row>
          <Row label={t('transparency.principal.grants')}>{usdcAmount(data.grantsBudget)}</Row>
          <Row label={t('transparency.principal.treasury')} testId="t-treasury-proceeds">
            {usdcAmount(data.treasuryProceeds)}
          </Row>
        </dl>
        <p data-testid="t-coverage">
          {data.usdcHeld >= owed
            ? t('transparency.principal.covered', { owed: usdc(owed) })
            : t('transparency.principal.short', { owed: usdc(owed) })}
        </p>
      </Card>

      <Card title={t('transparency.params.title')} testId="transparency-params">
        <dl className="summary__list">
          <Row label={t('transparency.params.paused')} testId="t-paused">
            {data.paused ? t('transparency.params.pausedYes') : t('transparency.params.pausedNo')}
          </Row>
          <Row label={t('transparency.params.fee')} testId="t-fee">
            {t('transparency.params.feeValue', {
              fee: bpsToPercent(Number(data.feeBps)),
              cap: bpsToPercent(Number(data.maxFeeBps)),
              free: count(data.freeExchanges),
              level: count(data.feeFreeLevel),
            })}
          </Row>
          <Row label={t('transparency.params.minWithdrawal')} testId="t-min-withdrawal">
            {t('transparency.params.withCap', {
              value: usdc(data.minWithdrawal),
              cap: usdc(data.maxMinWithdrawal),
            })}
          </Row>
          <Row label={t('transparency.params.minStake')}>
            {t('transparency.params.moreThan', { value: usdc(data.minStakeExclusive) })}
          </Row>
          <Row label={t('transparency.params.nodes')}>
            {t('transparency.params.membership', {
              price: usdc(data.nodePrice),
              sold: count(data.nodeSold),
              limit: count(data.nodeLimit),
            })}
          </Row>
          <Row label={t('transparency.params.founders')}>
            {t('transparency.params.membership', {
              price: usdc(data.founderPrice),
              sold: count(data.founderSold),
              limit: count(data.founderLimit),
            })}
          </Row>
        </dl>
      </Card>

      <Card title={t('transparency.timelock.title')} testId="transparency-timelock">
        <p className="muted small">{t('transparency.timelock.note', { hours: delayHours })}</p>
        {data.pending.length === 0 ? (
          <p data-testid="t-pending-none">{t('transparency.timelock.none')}</p>
        ) : (
          <ul className="transparency__pending">
            {data.pending.map((change) => (
              <li key={change.param} data-testid="t-pending" data-param={change.param}>
                <PendingRow change={change} data={data} usdc={usdc} count={count} now={now} />
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}

function PendingRow(props: {
  change: PendingChange;
  data: Transparency;
  usdc: (value: bigint) => string;
  count: (value: bigint) => string;
  now: number;
}) {
  const { t } = useTranslation();
  const { change, data, usdc, count } = props;
  const state = changeState(change.eta, Number(data.timelockGrace), props.now);
  const expiresAt = change.eta + Number(data.timelockGrace);
  const current: Record<PendingChange['param'], bigint | string> = {
    feeBps: data.feeBps,
    minWithdrawal: data.minWithdrawal,
    nodePrice: data.nodePrice,
    nodeLimit: data.nodeLimit,
    founderPrice: data.founderPrice,
    founderLimit: data.founderLimit,
    treasury: data.treasury,
  };
  const show = (value: bigint | string): string => {
    if (typeof value === 'string') return value;
    switch (change.param) {
      case 'feeBps':
        return `${bpsToPercent(Number(value))}%`;
      case 'minWithdrawal':
      case 'nodePrice':
      case 'founderPrice':
        return usdc(value);
      case 'treasury':
        return `0x${value.toString(16).padStart(40, '0')}`;
      default:
        return count(value);
    }
  };
  return (
    <dl className="summary__list">
      <Row label={t('transparency.timelock.param')}>
        {t(`transparency.timelock.names.${change.param}`)}
      </Row>
      <Row label={t('transparency.timelock.current')}>{show(current[change.param])}</Row>
      <Row label={t('transparency.timelock.newValue')} testId="t-pending-value">
        {show(change.value)}
      </Row>
      <Row label={t('transparency.timelock.state')} testId="t-pending-state">
        <span className={`status status--${state}`}>
          {t(`transparency.timelock.states.${state}`)}
        </span>
      </Row>
      {state === 'queued' ? (
        <Row label={t('transparency.timelock.appliesFrom')} testId="t-pending-eta">
          <DateTime unixSeconds={change.eta} />
        </Row>
      ) : null}
      {state === 'executable' ? (
        <Row label={t('transparency.timelock.executableUntil')} testId="t-pending-until">
          <DateTime unixSeconds={expiresAt} />
        </Row>
      ) : null}
      {state === 'expired' ? (
        <Row label={t('transparency.timelock.expiredAt')} testId="t-pending-expired">
          <DateTime unixSeconds={expiresAt} />
        </Row>
      ) : null}
    </dl>
  );
}
