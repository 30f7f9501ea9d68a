import type { VerifyResult as Verified } from '@anxun/shared/schemas/certificates';
import '../locales/card-texts';
import '../card.css';
import { Alert, Button, Card, Descriptions, Form, Input, Result } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

/**
 * /card (public): anyone checks a certificate by its number and code, typed or from the
 * QR code's link — valid, revoked or unknown, with only what a verifier needs.
 */
export default function CardPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [form] = Form.useForm<{ number: string; code: string }>();
  const [result, setResult] = useState<Verified | undefined>();
  const [busy, setBusy] = useState(false);

  const verify = (number: string, code: string) => {
    setBusy(true);
    api
      .get<Verified>('/api/base/certificate/verify', { query: { number: number.trim(), code: code.trim() } })
      .then(setResult)
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };

  useEffect(() => {
    const number = params.get('no');
    const code = params.get('code');
    if (number && code) {
      form.setFieldsValue({ number, code });
      verify(number, code);
    }
    // the QR code's link carries both: check at once
  }, [params, form]);

  return (
    <main className="card-page">
      <Card title={t('card.title')}>
        <Form form={form} layout="vertical" onFinish={(v) => verify(v.number, v.code)}>
          <Form.Item
            name="number"
            label={t('card.number')}
            rules={[{ required: true, message: t('card.numberRequired') }]}
          >
            <Input placeholder="AX2026…" data-testid="card-number" />
          </Form.Item>
          <Form.Item name="code" label={t('card.code')} rules={[{ required: true, message: t('card.codeRequired') }]}>
            <Input maxLength={16} data-testid="card-code" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="card-submit">
            {t('card.verify')}
          </Button>
        </Form>
        {result && (
          <div className="card-result" data-testid="card-result" data-status={result.status}>
            {result.status === 'unknown' ? (
              <Result status="warning" title={t('card.unknown')} subTitle={t('card.unknownHint')} />
            ) : (
              <>
                {result.status === 'valid' ? (
                  <Alert type="success" showIcon message={t('card.valid')} />
                ) : result.status === 'reissued' ? (
                  <Alert
                    type="warning"
                    showIcon
                    message={t('card.reissued')}
                    description={`${t('card.reissuedHint')} ${formatDateTime(result.reissuedAt ?? null)}`}
                  />
                ) : (
                  <Alert
                    type="error"
                    showIcon
                    message={t('card.revoked')}
                    description={`${t('card.revokedAt')} ${formatDateTime(result.revokedAt)}`}
                  />
                )}
                <Descriptions
                  column={1}
                  size="small"
                  className="card-details"
                  items={[
                    { key: 'n', label: t('card.number'), children: result.number },
                    { key: 'h', label: t('card.holder'), children: result.holderName },
                    { key: 'c', label: t('card.class'), children: result.className },
                    { key: 'r', label: t('card.hours'), children: result.hours },
                    { key: 'o', label: t('card.org'), children: result.orgName },
                    { key: 'i', label: t('card.issued'), children: formatDateTime(result.issuedAt) },
                  ]}
                />
              </>
            )}
          </div>
        )}
        <p className="card-home">
          <Link to="/">{t('page.backHome')}</Link>
        </p>
      </Card>
    </main>
  );
}
