import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import styles from './public.module.css';

type ErrorKind = 'notFound' | 'unauthorized' | 'forbidden';

const STATUS: Record<ErrorKind, '404' | '401' | '403'> = { notFound: '404', unauthorized: '401', forbidden: '403' };

/**
 * The translated 404, 401 and no-access pages, each with a way back (public, or inside the shell).
 * The 401 says what it means and leads to the sign-in page, or home for a user who is signed in
 * (`signedIn`). Plain HTML: the root 404 is part of every page's bundle, the sign-in page's too.
 */
export async function ErrorPage({ kind, signedIn = true }: { kind: ErrorKind; signedIn?: boolean }) {
  const t = await getTranslations('errors');
  const toSignIn = kind === 'unauthorized' && !signedIn;
  return (
    <section className={styles.result}>
      <p className={styles.status} aria-hidden>
        {STATUS[kind]}
      </p>
      <h1 className={styles.heading}>{t(`${kind}.title`)}</h1>
      <p className={styles.muted}>{kind === 'unauthorized' && signedIn ? t('unauthorized.signedIn') : t(`${kind}.description`)}</p>
      <Link className={styles.primaryLink} href={toSignIn ? '/login' : '/'} prefetch={false}>
        {toSignIn ? t('signIn') : t('backHome')}
      </Link>
    </section>
  );
}
