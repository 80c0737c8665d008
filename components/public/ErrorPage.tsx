import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import styles from './public.module.css';

type ErrorKind = 'notFound' | 'unauthorized' | 'forbidden';

const STATUS: Record<ErrorKind, '404' | '403'> = { notFound: '404', unauthorized: '403', forbidden: '403' };

/**
 * The translated 404, 401 and no-access pages, each with a way back (public, or inside the shell).
 * Plain HTML: the root 404 is part of every page's bundle, the sign-in page's too.
 */
export async function ErrorPage({ kind }: { kind: ErrorKind }) {
  const t = await getTranslations('errors');
  return (
    <section className={styles.result}>
      <p className={styles.status} aria-hidden>
        {STATUS[kind]}
      </p>
      <h1 className={styles.heading}>{t(`${kind}.title`)}</h1>
      <p className={styles.muted}>{t(`${kind}.description`)}</p>
      <Link className={styles.primaryLink} href="/" prefetch={false}>
        {t('backHome')}
      </Link>
    </section>
  );
}
