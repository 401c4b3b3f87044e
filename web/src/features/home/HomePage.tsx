import type { ReactNode } from 'react';
import { countFormat } from '../../shared/displayAmount';
import { useTranslation } from 'react-i18next';
import { useWalletConfig, useWalletParts } from '../wallet';
import { navigate } from '../../app/router';
import { Card } from '../../shared/ui/Card';
import { LinkList } from '../../shared/ui/LinkList';
import { useHome, useIndexConfig } from '../../shared/data/endpoints';
import type { HomeData } from '../../shared/data/types';
import { useNetwork } from '../../shared/network';
import { relativeTime } from '../../shared/relativeTime';
import { useSession } from '../../shared/session';
import { useTokenFormat, type TokenFormat } from '../../shared/tokens';
import { Formula, PairAmounts } from '../../shared/ui/Amounts';
import { ConnectPrompt, ErrorState, IndexedNote, useNow } from '../../shared/ui/DataViews';
import { Skeleton } from '../../shared/ui/loading';
import { OperatorContent, safeHref } from './OperatorContent';
import './home.css';
import { InfoNote } from '../../shared/ui/InfoNote';

const shortcuts = [
  { path: '/pages/invite/invite', titleKey: 'nav.invite' },
  { path: '/pages/teams/teams', titleKey: 'nav.team' },
  { path: '/pages/income/income', titleKey: 'nav.income' },
  { path: '/pages/transparency/transparency', titleKey: 'nav.transparency' },
];

export default function HomePage() {
  const { t } = useTranslation();
  const session = useSession();
  const network = useNetwork();
  const fmt = useTokenFormat();
  const deployed = fmt.deployment !== undefined;
  const home = useHome(deployed);
  const config = useIndexConfig();
  const walletConfig = useWalletConfig();
  // The user's own position reads the chain: it comes with the wallet code (features/wallet/runtime/loadRuntime.ts).
  const wallet = useWalletParts();
  const data = home.data;

  return (
    <div className="home">
      {!deployed ? (
        <section className="card" data-testid="not-deployed">
          <p>{t('list.notDeployed', { network: network.label })}</p>
        </section>
      ) : null}

      {/* Signed in: the position first, with its one primary action (Stake); then the income. */}
      {session && walletConfig && wallet ? <wallet.MyPosition /> : null}
      {session
        ? // (Nothing to show on a network without contracts: the card above says so.)
          deployed && (
            <MyIncome
              data={data}
              fmt={fmt}
              loading={home.isPending}
              failed={home.isError && !data}
              retry={() => home.refetch()}
            />
          )
        : null}

      {/* A network without contracts has no market or pool: the card above says so. */}
      {deployed ? (
        <>
          <Card title={t('home.marketPrice')} testId="market">
            {home.isError && !data ? (
              <ErrorState onRetry={() => home.refetch()} />
            ) : (
              <Market market={data ? data.market : 'loading'} fmt={fmt} />
            )}
          </Card>

          {/* Issue 19 §3: the visitor's card has its own button ('Connect and sign in', a name
              apart from the top bar's 'Connect wallet'), below the price so the top bar's menus
              never half-cover it. */}
          {session ? null : <ConnectPrompt />}

          <Card title={t('home.pool')} testId="pool">
            {home.isError && !data ? (
              <ErrorState onRetry={() => home.refetch()} />
            ) : (
              <Pool data={data} fmt={fmt} />
            )}
          </Card>
        </>
      ) : null}

      <LinkList label={t('home.shortcuts')} links={shortcuts} onOpen={navigate} />

      {config.isError && !config.data ? (
        <section className="card">
          <ErrorState onRetry={() => config.refetch()} />
        </section>
      ) : (
        <>
          <OperatorContent
            title={t('home.features')}
            section={config.data?.operatorContent.features}
            loading={config.isPending}
            empty={t('home.noFeatures')}
            testId="features"
            renderItem={(item) => (
              <>
                <h3 className="operator__title">{item.title}</h3>
                <p className="operator__body">{item.body}</p>
              </>
            )}
          />
          <OperatorContent
            title={t('home.partners')}
            section={config.data?.operatorContent.partners}
            loading={config.isPending}
            empty={t('home.noPartners')}
            testId="partners"
            renderItem={(item) => {
              const href = safeHref(item.url);
              const logo = safeHref(item.logo);
              const content = (
                <>
                  {logo ? (
                    <img
                      className="partner__logo"
                      src={logo}
                      alt=""
                      width={28}
                      height={28}
                      loading="lazy"
                      referrerPolicy="no-referrer"
                    />
                  ) : null}
                  <span>{item.name}</span>
                </>
              );
              return href ? (
                <a className="partner" href={href} target="_blank" rel="noopener noreferrer">
                  {content}
                </a>
              ) : (
                <span className="partner">{content}</span>
              );
            }}
          />
        </>
      )}

      <IndexedNote indexed={data?.indexed} />
    </div>
  );
}

function MyIncome(props: {
  data: HomeData | undefined;
  fmt: TokenFormat;
  loading: boolean;
  failed: boolean;
  retry: () => unknown;
}) {
  const { t, i18n } = useTranslation();
  const { data, fmt } = props;
  const me = data?.me;
  const number = countFormat(i18n.language);
  const loading = props.loading ? <Skeleton label={t('loading.loading')} /> : null;
  return (
    <Card title={t('home.myIncome')} testId="my-income">
      {props.failed ? <ErrorState onRetry={props.retry} /> : null}
      {me || props.loading ? (
        <>
          {/* While loading: the same labels, grey bars for the figures (nothing moves after). */}
          <dl className="stats" aria-busy={me ? undefined : true}>
            {(['total', 'today'] as const).map((period) => (
              <div className="stats__item stats__item--wide" key={period}>
                <dt>{t(period === 'total' ? 'home.totalIncome' : 'home.todayIncome')}</dt>
                <dd>
                  {me ? (
                    <PairAmounts
                      pair={me.income[period]}
                      fmt={fmt}
                      price={data?.market?.price}
                      testId={`my-income-${period}`}
                    />
                  ) : (
                    loading
                  )}
                </dd>
              </div>
            ))}
            <div className="stats__item">
              <dt>{t('home.teamMembers')}</dt>
              <dd data-testid={me ? 'my-team-members' : undefined}>
                {me ? number.format(me.teamMembers) : loading}
              </dd>
            </div>
            <div className="stats__item">
              <dt>{t('home.directMembers')}</dt>
              <dd data-testid={me ? 'my-direct-members' : undefined}>
                {me ? number.format(me.directMembers) : loading}
              </dd>
            </div>
          </dl>
          {data?.market ? <InfoNote testId="value-note">{t('home.valueNote')}</InfoNote> : null}
        </>
      ) : null}
    </Card>
  );
}

/** The pool's price; while it loads, grey bars of the same lines (nothing moves when it arrives). */
function Market({ market, fmt }: { market: HomeData['market'] | 'loading'; fmt: TokenFormat }) {
  const { t, i18n } = useTranslation();
  const now = useNow();
  if (market === 'loading')
    return (
      <>
        <p className="stat-big" aria-busy="true">
          <Skeleton label={t('loading.loading')} wide />
        </p>
        <p className="muted small" aria-hidden="true">
          <Skeleton label="" />
        </p>
      </>
    );
  if (!market) return <p className="muted">{t('home.noMarket')}</p>;
  return (
    <>
      <p className="stat-big" data-testid="market-price">
        <Formula>
          {t('home.priceLine', {
            coin: fmt.symbol('reward'),
            price: fmt.withSymbol(market.price, 'usdc'),
          })}
        </Formula>
      </p>
      <p className="muted small">
        <time dateTime={market.blockTime}>
          {t('home.marketSource', {
            time: relativeTime(Date.parse(market.blockTime), now, i18n.language, t('time.justNow')),
          })}
        </time>
      </p>
    </>
  );
}

/** Pool figures; while they load, the same labels with grey bars for the figures. */
function Pool({ data, fmt }: { data: HomeData | undefined; fmt: TokenFormat }) {
  const { t, i18n } = useTranslation();
  const number = countFormat(i18n.language);
  const loading = <Skeleton label={t('loading.loading')} />;
  const figure = (value: (d: HomeData) => string) => (data ? value(data) : loading);
  const rows: { key: string; label: string; value: ReactNode }[] = [
    {
      key: 'total-staked',
      label: t('home.totalStaked'),
      value: figure((d) => fmt.withSymbol(d.pool.totalStaked, 'usdc')),
    },
    {
      key: 'active-stake',
      label: t('home.activeStake'),
      value: figure((d) => fmt.withSymbol(d.pool.activeStake, 'usdc')),
    },
    {
      key: 'today-staked',
      label: t('home.todayStaked'),
      value: figure((d) => fmt.withSymbol(d.pool.todayStaked, 'usdc')),
    },
    {
      key: 'stakers',
      label: t('home.stakers'),
      value: figure((d) => number.format(d.pool.stakers)),
    },
    {
      key: 'members',
      label: t('home.platformMembers'),
      value: figure((d) => number.format(d.platform.members)),
    },
  ];
  return (
    <>
      <dl className="stats" aria-busy={data ? undefined : true}>
        {rows.map((row) => (
          <div className="stats__item" key={row.key}>
            <dt>{row.label}</dt>
            <dd data-testid={data ? `pool-${row.key}` : undefined}>{row.value}</dd>
          </div>
        ))}
        <div className="stats__item stats__item--wide">
          <dt>{t('home.platformIncome')}</dt>
          <dd>
            {data ? (
              <PairAmounts pair={data.platform.income.total} fmt={fmt} testId="platform-income" />
            ) : (
              loading
            )}
          </dd>
        </div>
      </dl>
      <InfoNote testId="pool-info">{t('home.todayIsUtc')}</InfoNote>
    </>
  );
}
