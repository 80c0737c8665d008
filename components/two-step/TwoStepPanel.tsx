'use client';

import { Alert, App, Button, Form, Input, Radio, Space, Tag, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import { Fragment, useState, type ReactNode } from 'react';
import { postJson } from '@/lib/client/api';
import { passkeyMessage, registerPasskey } from '@/lib/client/passkey';
import { FACTOR_POLICIES, type FactorPolicy } from '@/lib/two-step/codes';
import { StepUpDialog } from './StepUpDialog';
import type { Proof } from './StepUpFields';
import styles from './two-step.module.css';
import { methodsOf, type FactorStatus } from './use-factor-status';

interface Enrolment {
  secretGroups: string;
  qr: string;
}

/** A change that asks the second factor first (step-up): removing a factor, new recovery codes. */
interface Confirmed {
  url: string;
  body: Record<string, unknown>;
  done: string;
  then?: (data: unknown) => void;
}

/**
 * Two-step verification (issue 26), the account menu's dialog and the forced set-up page: the
 * authenticator app (QR code, the key in groups of four, a code to confirm, then ten recovery
 * codes shown once, and new ones on demand), passkeys, trusted devices, and the administrator's
 * policy. The set-up page a policy confines to (`confined`) shows the factors only: the services
 * refuse such a session every other change, and it has no trusted device yet.
 */
export function TwoStepPanel({ status, reload, confined = false }: { status: FactorStatus; reload: () => Promise<void>; confined?: boolean }) {
  const t = useTranslations('twoStep');
  const { message } = App.useApp();
  const [enrolment, setEnrolment] = useState<Enrolment>();
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [passkeyName, setPasskeyName] = useState(t('passkeys.defaultName'));
  const [renaming, setRenaming] = useState<{ id: number; name: string }>();
  const [confirming, setConfirming] = useState<Confirmed>();

  async function run<T>(url: string, body: unknown, done?: string): Promise<T | undefined> {
    setBusy(true);
    setError(undefined);
    const result = await postJson<T>(url, body);
    setBusy(false);
    if (!result.ok) {
      setError(result.error.message);
      return undefined;
    }
    if (done) void message.success(done);
    await reload();
    return result.data;
  }

  async function confirm() {
    const confirmed = await run<{ recoveryCodes: string[] }>('/api/two-step/totp-confirm', { code });
    if (!confirmed) return;
    setEnrolment(undefined);
    setCode('');
    setRecoveryCodes(confirmed.recoveryCodes);
  }

  async function addPasskey() {
    setBusy(true);
    setError(undefined);
    const result = await registerPasskey(passkeyName);
    setBusy(false);
    if (!result.ok) return setError(passkeyMessage(result.error, (key) => t(key)));
    void message.success(t('passkeys.added'));
    await reload();
  }

  async function confirmWith(proof: Proof): Promise<string | undefined> {
    if (!confirming) return undefined;
    const result = await postJson(confirming.url, { ...confirming.body, ...proof });
    if (!result.ok) return result.error.message;
    void message.success(confirming.done);
    confirming.then?.(result.data);
    await reload();
    return undefined;
  }

  const download = (codes: string[]) => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([`${t('recovery.title')}\n\n${codes.join('\n')}\n`], { type: 'text/plain' }));
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };

  return (
    <div data-testid="two-step-panel">
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      {/* The set-up page says so in its own words already. */}
      {status.required && !confined && <Alert type="info" showIcon title={t('required')} style={{ marginBottom: 16 }} />}
      {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />}

      <Typography.Title level={5}>
        {t('app.title')} <Tag color={status.totp ? 'green' : undefined}>{t(status.totp ? 'app.on' : 'app.off')}</Tag>
      </Typography.Title>
      {recoveryCodes ? (
        <section aria-labelledby="recovery-title" data-testid="recovery-codes">
          <Typography.Title level={5} id="recovery-title">
            {t('recovery.title')}
          </Typography.Title>
          <Typography.Paragraph>{t('recovery.intro')}</Typography.Paragraph>
          <Alert type="warning" showIcon title={t('recovery.warning')} style={{ marginBottom: 12 }} />
          <ol className={styles.codes}>
            {recoveryCodes.map((recovery) => (
              <li key={recovery}>{recovery}</li>
            ))}
          </ol>
          <Space wrap>
            <Button onClick={() => void navigator.clipboard.writeText(recoveryCodes.join('\n')).then(() => message.success(t('recovery.copied')))}>{t('recovery.copy')}</Button>
            <Button onClick={() => download(recoveryCodes)}>{t('recovery.download')}</Button>
            <Button type="primary" onClick={() => setRecoveryCodes(undefined)}>
              {t('recovery.done')}
            </Button>
          </Space>
        </section>
      ) : enrolment ? (
        <section data-testid="totp-enrolment">
          <Typography.Paragraph>{t('app.scan')}</Typography.Paragraph>
          <div className={styles.qrRow}>
            {/* Markup the server made with qrcode from the otpauth link: no user text in it. */}
            <div role="img" aria-label={t('app.qrLabel')} className={styles.qr} dangerouslySetInnerHTML={{ __html: enrolment.qr }} />
            <div>
              <Typography.Text type="secondary">{t('app.key')}</Typography.Text>
              <div>
                <Typography.Text code copyable={{ text: enrolment.secretGroups.replace(/ /g, '') }} data-testid="totp-secret" className={styles.key}>
                  {/* A line breaks between groups of four, never inside one (a phone's width holds about six). */}
                  {enrolment.secretGroups.split(' ').map((group, i) => (
                    <Fragment key={i}>
                      {i > 0 && ' '}
                      <span className={styles.group}>{group}</span>
                    </Fragment>
                  ))}
                </Typography.Text>
              </div>
            </div>
          </div>
          <Form layout="vertical" onFinish={() => void confirm()} style={{ marginTop: 16 }}>
            <Form.Item htmlFor="totp-code" label={t('app.codeLabel')}>
              <Input id="totp-code" autoComplete="one-time-code" inputMode="numeric" maxLength={10} value={code} onChange={(e) => setCode(e.target.value)} style={{ maxWidth: 200 }} />
            </Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" loading={busy}>
                {t('app.confirm')}
              </Button>
              <Button onClick={() => setEnrolment(undefined)}>{t('app.cancel')}</Button>
            </Space>
          </Form>
        </section>
      ) : status.totp ? (
        <>
          <Space wrap>
            <Typography.Text>{t('recovery.remaining', { count: status.recoveryRemaining })}</Typography.Text>
            <Button
              onClick={() =>
                setConfirming({
                  url: '/api/two-step/recovery-regenerate',
                  body: {},
                  done: t('recovery.regenerated'),
                  then: (data) => setRecoveryCodes((data as { recoveryCodes: string[] }).recoveryCodes),
                })
              }
            >
              {t('recovery.regenerate')}
            </Button>
            <Button danger onClick={() => setConfirming({ url: '/api/two-step/totp-remove', body: {}, done: t('app.removed') })}>
              {t('app.remove')}
            </Button>
          </Space>
          <p className={styles.meta}>{t('recovery.regenerateNote')}</p>
        </>
      ) : (
        <Button type="primary" loading={busy} onClick={async () => setEnrolment(await run<Enrolment>('/api/two-step/totp-start', {}))}>
          {t('app.setUp')}
        </Button>
      )}

      <Listing
        title={t('passkeys.title')}
        intro={t('passkeys.intro')}
        empty={t('passkeys.none')}
        testId="passkey-list"
        items={status.passkeys}
        render={(passkey) => (
          <>
            {renaming?.id === passkey.id ? (
              <Space.Compact className={styles.what}>
                <Input aria-label={t('passkeys.name')} value={renaming.name} maxLength={60} onChange={(e) => setRenaming({ ...renaming, name: e.target.value })} />
                <Button type="primary" onClick={async () => (await run('/api/two-step/passkey-rename', renaming)) !== undefined && setRenaming(undefined)}>
                  {t('passkeys.save')}
                </Button>
              </Space.Compact>
            ) : (
              <div className={styles.what}>
                <div className={styles.name}>{passkey.name}</div>
                <div className={styles.meta}>
                  {t('passkeys.created', { date: passkey.createdAt.slice(0, 16) })} · {passkey.lastUsedAt ? t('passkeys.lastUsed', { date: passkey.lastUsedAt.slice(0, 16) }) : t('passkeys.neverUsed')}
                </div>
              </div>
            )}
            <Space wrap>
              <Button size="small" onClick={() => setRenaming({ id: passkey.id, name: passkey.name })}>
                {t('passkeys.rename')}
              </Button>
              <Button size="small" danger onClick={() => setConfirming({ url: '/api/two-step/passkey-remove', body: { id: passkey.id }, done: t('passkeys.removed') })}>
                {t('passkeys.remove')}
              </Button>
            </Space>
          </>
        )}
      />
      <Space.Compact style={{ marginTop: 12, maxWidth: 420, width: '100%' }}>
        <Input aria-label={t('passkeys.name')} value={passkeyName} maxLength={60} onChange={(e) => setPasskeyName(e.target.value)} />
        <Button loading={busy} onClick={() => void addPasskey()}>
          {t('passkeys.add')}
        </Button>
      </Space.Compact>

      {!confined && (
        <Listing
          title={t('devices.title')}
          intro={t('devices.intro')}
          empty={t('devices.none')}
          testId="device-list"
          items={status.devices}
          render={(device) => (
            <>
              <div className={styles.what}>
                <div className={styles.name}>{device.label || '—'}</div>
                <div className={styles.meta}>{t('devices.until', { date: device.expiresAt.slice(0, 10) })}</div>
              </div>
              <Button size="small" onClick={() => void run('/api/two-step/device-remove', { id: device.id }, t('devices.removed'))}>
                {t('devices.remove')}
              </Button>
            </>
          )}
        />
      )}

      {status.policy && !confined && (
        <section aria-labelledby="policy-title">
          <Typography.Title level={5} id="policy-title" style={{ marginTop: 24 }}>
            {t('policy.title')}
          </Typography.Title>
          <Typography.Paragraph>{t('policy.label')}</Typography.Paragraph>
          <Radio.Group
            aria-labelledby="policy-title"
            value={status.policy}
            onChange={(e) => void run('/api/two-step/policy', { policy: e.target.value as FactorPolicy }, t('policy.saved'))}
            options={FACTOR_POLICIES.map((policy) => ({ value: policy, label: t(`policy.${policy}`) }))}
            style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
          />
        </section>
      )}
      <StepUpDialog open={confirming !== undefined} methods={methodsOf(status)} send={confirmWith} onClose={() => setConfirming(undefined)} />
    </div>
  );
}

/** A titled list of the panel (passkeys, trusted devices), or the sentence that says it is empty. */
function Listing<T extends { id: number }>({ title, intro, empty, testId, items, render }: { title: string; intro: string; empty: string; testId: string; items: T[]; render: (item: T) => ReactNode }) {
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>
      {items.length === 0 ? (
        <p className={`${styles.list} ${styles.empty}`} data-testid={testId}>
          {empty}
        </p>
      ) : (
        <ul className={styles.list} data-testid={testId}>
          {items.map((item) => (
            <li key={item.id} className={styles.item}>
              {render(item)}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
