import { useTranslation } from 'react-i18next';
import { useWalletConfig, useWalletParts } from '../../app/walletRuntime';
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
import {
  ConnectPrompt,
  ErrorState,
  IndexedNote,
  LoadingState,
  useNow,
} from '../../shared/ui/DataViews';
import { OperatorContent, safeHref } from './OperatorContent';
import './home.css';

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
  const home = useHome();
  const config = useIndexConfig();
  const walletConfig = useWalletConfig();
  // The user's own position reads the chain: it comes with the wallet code (app/walletRuntime.ts).
  const wallet = useWalletParts();
  const data = home.data;

  return (
    <div className="home">
      {!fmt.deployment ? (
        <section className="card">
          <p>{t('list.notDeployed', { network: network.label })}</p>
        </section>
      ) : null}

      {session ? (
        <MyIncome
          data={data}
          fmt={fmt}
          loading={home.isPending}
          failed={home.isError && !data}
          retry={() => home.refetch()}
        />
      ) : (
        // The top bar's 'Connect wallet' is the one way in (no second button of that name).
        <ConnectPrompt action={false} />
      )}

      {session && walletConfig && wallet ? <wallet.MyPosition /> : null}

      <Card title={t('home.marketPrice')} testId="market">
        {home.isPending ? <LoadingState /> : null}
        {home.isError && !data ? <ErrorState onRetry={() => home.refetch()} /> : null}
        {data ? <Market market={data.market} fmt={fmt} /> : null}
      </Card>

      <Card title={t('home.pool')} testId="pool">
        {home.isPending ? <LoadingState /> : null}
        {home.isError && !data ? <ErrorState onRetry={() => home.refetch()} /> : null}
        {data ? <Pool data={data} fmt={fmt} /> : null}
      </Card>

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
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Card title={t('home.myIncome')} testId="my-income">
      {props.loading ? <LoadingState /> : null}
      {props.failed ? <ErrorState onRetry={props.retry} /> : null}
      {me ? (
        <>
          <dl className="stats">
            <div className="stats__item stats__item--wide">
              <dt>{t('home.totalIncome')}</dt>
              <dd>
                <PairAmounts
                  pair={me.income.total}
                  fmt={fmt}
                  price={data?.market?.price}
                  testId="my-income-total"
                />
              </dd>
            </div>
            <div className="stats__item stats__item--wide">
              <dt>{t('home.todayIncome')}</dt>
              <dd>
                <PairAmounts
                  pair={me.income.today}
                  fmt={fmt}
                  price={data?.market?.price}
                  testId="my-income-today"
                />
              </dd>
            </div>
            <div className="stats__item">
              <dt>{t('home.teamMembers')}</dt>
              <dd data-testid="my-team-members">{number.format(me.teamMembers)}</dd>
            </div>
            <div className="stats__item">
              <dt>{t('home.directMembers')}</dt>
              <dd data-testid="my-direct-members">{number.format(me.directMembers)}</dd>
            </div>
          </dl>
          {data?.market ? <p className="muted small">{t('home.valueNote')}</p> : null}
        </>
      ) : null}
    </Card>
  );
}

function Market({ market, fmt }: { market: HomeData['market']; fmt: TokenFormat }) {
  const { t, i18n } = useTranslation();
  const now = useNow();
  if (!market) return <p className="muted">{t('home.noMarket')}</p>;
  return (
    <>
      <p className="stat-big" data-testid="market-price">
        <Formula>
          {t('home.priceLine', {
            coin: fmt.symbol('reward'),
            price: fmt.withSymbol(market.price, 'usdc', 2),
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

function Pool({ data, fmt }: { data: HomeData; fmt: TokenFormat }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const rows: { key: string; label: string; value: string }[] = [
    {
      key: 'total-staked',
      label: t('home.totalStaked'),
      value: fmt.withSymbol(data.pool.totalStaked, 'usdc', 2),
    },
    {
      key: 'active-stake',
      label: t('home.activeStake'),
      value: fmt.withSymbol(data.pool.activeStake, 'usdc', 2),
    },
    {
      key: 'today-staked',
      label: t('home.todayStaked'),
      value: fmt.withSymbol(data.pool.todayStaked, 'usdc', 2),
    },
    { key: 'stakers', label: t('home.stakers'), value: number.format(data.pool.stakers) },
    {
      key: 'members',
      label: t('home.platformMembers'),
      value: number.format(data.platform.members),
    },
  ];
  return (
    <>
      <dl className="stats">
        {rows.map((row) => (
          <div className="stats__item" key={row.key}>
            <dt>{row.label}</dt>
            <dd data-testid={`pool-${row.key}`}>{row.value}</dd>
          </div>
        ))}
        <div className="stats__item stats__item--wide">
          <dt>{t('home.platformIncome')}</dt>
          <dd>
            <PairAmounts pair={data.platform.income.total} fmt={fmt} testId="platform-income" />
          </dd>
        </div>
      </dl>
      <p className="muted small">{t('home.todayIsUtc')}</p>
    </>
  );
}
