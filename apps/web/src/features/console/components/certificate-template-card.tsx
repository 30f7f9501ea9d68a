import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Modal, Space, Typography, Upload } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import {
  previewCertificateTemplate,
  saveCertificateTemplate,
  settingsKeys,
  uploadSeal,
  useCertificateTemplate,
  type CertificateTemplateBody,
} from '../api/settings-api';
import { withChunkTimeout } from '../../../lib/chunk-timeout';

const PdfPage = lazy(withChunkTimeout(() => import('../../../components/pdf-page')));

interface Seal {
  id: string;
  url: string;
}

/**
 * 证书模板: the title, seal and signature line of the organisation's certificates, seen on a
 * sample certificate before saving. Certificates issued before keep theirs.
 */
export function CertificateTemplateCard() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const template = useCertificateTemplate();
  const [form] = Form.useForm<{ title: string; signatureLine: string }>();
  const [seal, setSeal] = useState<Seal | null>(null);
  const [preview, setPreview] = useState<{ url: string; data: ArrayBuffer }>();
  const [busy, setBusy] = useState<'preview' | 'save' | 'seal'>();
  useEffect(() => {
    if (!template.data) return;
    form.setFieldsValue({ title: template.data.title, signatureLine: template.data.signatureLine });
    setSeal(template.data.sealFileId ? { id: template.data.sealFileId, url: template.data.sealUrl ?? '' } : null);
  }, [template.data, form]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview.url) : undefined), [preview]);

  const body = async (): Promise<CertificateTemplateBody> => {
    const v = await form.validateFields();
    return { title: v.title.trim(), signatureLine: (v.signatureLine ?? '').trim(), sealFileId: seal?.id ?? null };
  };
  const run = (kind: 'preview' | 'save') => {
    void body()
      .then(async (b) => {
        setBusy(kind);
        if (kind === 'preview') {
          const pdf = await previewCertificateTemplate(b);
          setPreview({ url: URL.createObjectURL(pdf), data: await pdf.arrayBuffer() });
        } else {
          await saveCertificateTemplate(b);
          notifySuccess(t('console.saved'));
          void client.invalidateQueries({ queryKey: settingsKeys.template });
        }
      })
      .catch(() => undefined)
      .finally(() => setBusy(undefined));
  };

  return (
    <Card size="small" title={t('console.settings.template')} loading={template.isPending} data-testid="template-card">
      <Form name="certificateTemplate" form={form} layout="vertical" style={{ maxWidth: 520 }}>
        <Form.Item
          name="title"
          label={t('console.settings.templateTitle')}
          rules={[{ required: true, whitespace: true }]}
        >
          <Input maxLength={20} data-testid="template-title" />
        </Form.Item>
        <Form.Item name="signatureLine" label={t('console.settings.signatureLine')}>
          <Input
            maxLength={40}
            placeholder={t('console.settings.signaturePlaceholder')}
            data-testid="template-signature"
          />
        </Form.Item>
        <Form.Item label={t('console.settings.seal')} extra={t('console.settings.sealHint')}>
          <Space align="center" wrap>
            {seal && <img className="console-seal" src={seal.url} alt={t('console.settings.seal')} />}
            <Upload
              accept="image/png,image/jpeg"
              showUploadList={false}
              customRequest={({ file }) => {
                setBusy('seal');
                void uploadSeal(file as File)
                  .then((f) => setSeal({ id: f.id, url: f.filePath }))
                  .catch(() => undefined)
                  .finally(() => setBusy(undefined));
              }}
            >
              <Button loading={busy === 'seal'} data-testid="template-seal">
                {seal ? t('console.settings.sealChange') : t('console.settings.sealUpload')}
              </Button>
            </Upload>
            {seal && (
              <Button type="link" danger onClick={() => setSeal(null)} data-testid="template-seal-remove">
                {t('console.settings.sealRemove')}
              </Button>
            )}
          </Space>
        </Form.Item>
        <Space wrap>
          <Button loading={busy === 'preview'} onClick={() => run('preview')} data-testid="template-preview">
            {t('console.settings.preview')}
          </Button>
          <Button type="primary" loading={busy === 'save'} onClick={() => run('save')} data-testid="template-save">
            {t('console.saveShort')}
          </Button>
        </Space>
      </Form>
      <Typography.Paragraph type="secondary" className="console-hint" data-testid="template-state">
        {template.data?.updatedAt
          ? t('console.settings.templateSaved', { time: formatDateTime(template.data.updatedAt) })
          : t('console.settings.templatePlain')}
        {t('console.settings.templateHint')}
      </Typography.Paragraph>
      <Modal
        open={preview !== undefined}
        title={t('console.settings.previewTitle')}
        width={960}
        footer={
          <a href={preview?.url} target="_blank" rel="noreferrer" data-testid="template-pdf-open">
            {t('console.settings.previewOpen')}
          </a>
        }
        onCancel={() => setPreview(undefined)}
        destroyOnHidden
      >
        {preview && (
          <Suspense fallback={null}>
            <PdfPage
              data={preview.data}
              label={t('console.settings.previewTitle')}
              failedText={t('console.settings.previewFailed')}
            />
          </Suspense>
        )}
      </Modal>
    </Card>
  );
}
