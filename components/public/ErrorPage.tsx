import { Button, Result } from 'antd';
import { getTranslations } from 'next-intl/server';

type ErrorKind = 'notFound' | 'unauthorized' | 'forbidden';

const STATUS: Record<ErrorKind, '404' | '403'> = { notFound: '404', unauthorized: '403', forbidden: '403' };

/** The translated 404, 401 and no-access pages, each with a way back (public, or inside the shell). */
export async function ErrorPage({ kind }: { kind: ErrorKind }) {
  const t = await getTranslations('errors');
  return (
    <Result
      status={STATUS[kind]}
      title={<h1 style={{ margin: 0, fontSize: 'inherit', fontWeight: 'inherit' }}>{t(`${kind}.title`)}</h1>}
      subTitle={t(`${kind}.description`)}
      extra={
        <Button type="primary" href="/">
          {t('backHome')}
        </Button>
      }
    />
  );
}
