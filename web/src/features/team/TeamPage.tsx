import { useState } from 'react';
import { Amount } from '../../shared/ui/Amount';
import { countFormat } from '../../shared/displayAmount';
import { useTranslation } from 'react-i18next';
import { useTeamSummary } from '../../shared/data/endpoints';
import { useTeamMembers } from '../../shared/data/lists';
import type { TeamMember, TeamSummary } from '../../shared/data/types';
import { useSession } from '../../shared/session';
import { toBigInt, useTokenFormat, type TokenFormat } from '../../shared/tokens';
import { Address } from '../../shared/ui/Address';
import {
  ConnectPrompt,
  ErrorState,
  IndexedNote,
  LoadingState,
  RelativeTime,
} from '../../shared/ui/DataViews';
import { Card } from '../../shared/ui/Card';
import { PagedList } from '../../shared/ui/PagedList';
import { Tabs } from '../../shared/ui/Tabs';
import { nextLevel } from './levels';
import './team.css';

type Depth = 1 | 2 | 3;
const depths: Depth[] = [1, 2, 3];

export default function TeamPage() {
  const session = useSession();
  const summary = useTeamSummary();
  const fmt = useTokenFormat();
  if (!session) return <ConnectPrompt />;
  return (
    <div className="team">
      {summary.isPending ? <LoadingState /> : null}
      {summary.isError && !summary.data ? <ErrorState onRetry={() => summary.refetch()} /> : null}
      {summary.data ? <Summary data={summary.data} fmt={fmt} /> : null}
      <Members />
      <IndexedNote indexed={summary.data?.indexed} />
    </div>
  );
}

function Summary({ data, fmt }: { data: TeamSummary; fmt: TokenFormat }) {
  const { t, i18n } = useTranslation();
  const number = countFormat(i18n.language);
  const thresholds = data.thresholds.map((v) => toBigInt(v) ?? 0n);
  const next = nextLevel(data.level, toBigInt(data.teamPerformance) ?? 0n, thresholds);
  return (
    <>
      <Card title={t('team.levelTitle')}>
        <p className="stat-big" data-testid="team-level">
          {data.level > 0 ? t('team.level', { level: data.level }) : t('team.noLevel')}
        </p>
        {data.membership !== 'none' ? (
          <p className="badge badge--member" data-testid="team-membership">
            {t(`team.membership.${data.membership}`)}
          </p>
        ) : null}
        <dl className="stats">
          <div className="stats__item stats__item--wide">
            <dt>{t('team.performance')}</dt>
            <dd data-testid="team-performance">
              <Amount value={data.teamPerformance} token="usdc" />
            </dd>
          </div>
        </dl>
        {next ? (
          <p className="muted small" data-testid="team-next-level">
            {next.missing > 0n
              ? t('team.nextLevel', {
                  level: next.level,
                  amount: fmt.withSymbol(next.missing, 'usdc'),
                })
              : t('team.nextLevelReached', { level: next.level })}
          </p>
        ) : (
          <p className="muted small">{t('team.topLevel')}</p>
        )}
        <table className="thresholds" data-testid="team-thresholds">
          <caption className="muted small">{t('team.thresholdsCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('team.levelColumn')}</th>
              <th scope="col">{t('team.performance')}</th>
            </tr>
          </thead>
          <tbody>
            {data.thresholds.map((threshold, index) => (
              <tr key={index} className={index + 1 === data.level ? 'is-current' : undefined}>
                <th scope="row">{t('team.level', { level: index + 1 })}</th>
                <td>
                  <Amount value={threshold} token="usdc" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="muted small">{t('team.feeFreeNote')}</p>
      </Card>

      <Card title={t('team.members')}>
        <dl className="stats">
          {depths.map((depth) => {
            const row = data.depths.find((d) => d.depth === depth);
            return (
              <div className="stats__item" key={depth}>
                <dt>{t('team.depth', { depth })}</dt>
                <dd data-testid={`team-depth-${depth}`}>
                  {number.format(row?.members ?? 0)}
                  <span className="muted small stats__sub">
                    {t('team.activeStakeOf', {
                      amount: fmt.withSymbol(row?.activeStake ?? '0', 'usdc'),
                    })}
                  </span>
                </dd>
              </div>
            );
          })}
          <div className="stats__item">
            <dt>{t('team.total')}</dt>
            <dd data-testid="team-total">{number.format(data.members)}</dd>
          </div>
        </dl>
      </Card>

      <Card title={t('team.earnings')}>
        <dl className="stats">
          <div className="stats__item">
            <dt>{t('team.referralCommission')}</dt>
            <dd data-testid="team-commission-referral">
              <Amount value={data.commissions.referral} token="reward" />
            </dd>
          </div>
          <div className="stats__item">
            <dt>{t('team.teamCommission')}</dt>
            <dd data-testid="team-commission-team">
              <Amount value={data.commissions.team} token="reward" />
            </dd>
          </div>
          <div className="stats__item">
            <dt>{t('team.shareholderDividend')}</dt>
            <dd data-testid="team-dividend-shareholder">
              <Amount value={data.dividends.shareholder} token="usdc" />
            </dd>
          </div>
          <div className="stats__item">
            <dt>{t('team.ecologicalDividend')}</dt>
            <dd data-testid="team-dividend-ecological">
              <Amount value={data.dividends.ecological} token="usdc" />
            </dd>
          </div>
        </dl>
        <p className="muted small">{t('team.earningsNote')}</p>
      </Card>
    </>
  );
}

function Members() {
  const { t } = useTranslation();
  const [depth, setDepth] = useState<Depth>(1);
  const members = useTeamMembers(depth);
  return (
    <Card title={t('team.memberList')}>
      <Tabs
        label={t('team.memberList')}
        idPrefix="team-depth"
        options={depths.map((d) => ({ value: d, label: t('team.depth', { depth: d }) }))}
        value={depth}
        onChange={setDepth}
      >
        <PagedList<TeamMember>
          query={members}
          itemKey={(member) => member.address}
          label={t('team.depth', { depth })}
          empty={t('team.noMembers')}
          renderItem={(member) => (
            <li className="row" data-testid="member-row">
              <div className="row__head">
                <Address address={member.address} testId="member-address" />
                <RelativeTime iso={member.boundAt} />
              </div>
              <div className="row__meta muted small">
                <span>
                  {t('team.activeStake')} <Amount value={member.activeStake} token="usdc" />
                </span>
                <span>
                  {t('team.totalStaked')} <Amount value={member.totalStaked} token="usdc" />
                </span>
              </div>
            </li>
          )}
        />
      </Tabs>
    </Card>
  );
}
