import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { LoginForm, type LoginNotice } from '@/components/signin/LoginForm';
import { signInTexts } from '@/components/signin/server-texts';
import styles from '@/components/public/public.module.css';
import { REMEMBER } from '@/lib/auth/remember';

const NOTICES: LoginNotice[] = ['loggedOut', 'sessionEnded', 'ssoFailed', 'passwordReset'];

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('login'))('title') };
}

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ notice?: string }> }) {
  const [t, texts, jar, { notice }] = await Promise.all([getTranslations('login'), signInTexts(), cookies(), searchParams]);
  const remembered = jar.get(REMEMBER.flag)?.value === '1' ? jar.get(REMEMBER.username)?.value : undefined;
  return (
    <section className={styles.card}>
      <h1 className={styles.heading}>{t('title')}</h1>
      <p className={`${styles.subtitle} ${styles.muted}`}>{t('subtitle')}</p>
      {/* The button waits for the page's script (LoginForm): without one it would never turn on. */}
      <noscript>
        <p className={`${styles.alert} ${styles.warning}`}>{t('needsJavaScript')}</p>
      </noscript>
      <LoginForm
        texts={texts}
        rememberedAccount={remembered}
        passwordRemembered={Boolean(remembered && jar.get(REMEMBER.token))}
        notice={NOTICES.find((n) => n === notice)}
      />
    </section>
  );
}
