import { useTranslation } from 'react-i18next';
import { useIndexConfig } from '../../shared/data/endpoints';
import { Card } from '../../shared/ui/Card';
import { Skeleton } from '../../shared/ui/loading';

/**
 * The operator's FAQ (GET /v1/index/config), labelled as the operator's content, after the app's
 * own note that the USDC issuer can freeze addresses and pause the token (the one risk neither the
 * operator nor the contract controls, so the operator cannot leave it out).
 */
export function ExchangeFaq() {
  const { t, i18n } = useTranslation();
  const config = useIndexConfig();
  const faq = config.data?.operatorContent.faq;
  return (
    <Card title={t('exchange.faq.title')} testId="faq">
      <p className="small" data-testid="faq-usdc-issuer">
        {t('exchange.faq.usdcIssuer')}
      </p>
      <p className="muted small">
        {faq?.updatedAt
          ? t('exchange.faq.sourceUpdated', {
              date: new Date(faq.updatedAt).toLocaleDateString(i18n.language),
            })
          : t('exchange.faq.source')}
      </p>
      {config.isLoading ? (
        <p className="muted">
          <Skeleton label={t('loading.loading')} wide />
        </p>
      ) : null}
      {config.isError ? <p className="muted">{t('toast.queryFailed')}</p> : null}
      {faq && faq.items.length === 0 ? (
        <p className="muted" data-testid="faq-empty">
          {t('exchange.faq.empty')}
        </p>
      ) : null}
      {faq?.items.map((item, index) => (
        <details key={index} className="faq__item">
          <summary>{item.question}</summary>
          <p>{item.answer}</p>
        </details>
      ))}
    </Card>
  );
}
