import { Card } from 'antd';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { PageHeading } from '@/components/ui/PageHeading';
import { MENU_ROUTES } from '@/lib/auth/routes';
import { FAQ_ITEMS, GUIDE_ROLES, HELP_SECTIONS, HELP_TOPICS, helpPath, type HelpTopic } from '@/lib/shell/help';

type Translate = Awaited<ReturnType<typeof getTranslations>>;
const key = (path: string) => path as never;

const sectionStyle = { marginTop: 24 } as const;
const headingStyle = { fontSize: 18, margin: '0 0 8px' } as const;
const subheadingStyle = { fontSize: 15, margin: '16px 0 4px' } as const;
const textStyle = { margin: 0, lineHeight: 1.7 } as const;

/** The frame of a help page: its heading, the way back, its text. Rendered on the server only. */
function HelpFrame({ title, back, children }: { title: string; back: ReactNode; children: ReactNode }) {
  return (
    <Card style={{ width: '100%', maxWidth: 860 }}>
      <nav style={{ marginBottom: 12 }}>{back}</nav>
      <PageHeading title={title} />
      {children}
    </Card>
  );
}

/** /help: the topics, each with what it answers. */
export async function HelpIndex() {
  const t = await getTranslations();
  return (
    <HelpFrame title={t('shell.tips')} back={<Link href="/">{t('help.backToPortal')}</Link>}>
      <p style={textStyle}>{t('help.intro')}</p>
      <section style={sectionStyle} aria-labelledby="help-topics">
        <h2 id="help-topics" style={headingStyle}>
          {t('help.topics')}
        </h2>
        <ul style={{ paddingInlineStart: 20, margin: 0 }}>
          {HELP_TOPICS.map((topic) => (
            <li key={topic} style={{ marginBottom: 8 }}>
              <Link href={helpPath(topic)}>{t(key(`footer.${topic}`))}</Link>
              <div style={{ color: 'rgba(0, 0, 0, 0.65)' }}>{t(key(`help.summary.${topic}`))}</div>
            </li>
          ))}
        </ul>
      </section>
    </HelpFrame>
  );
}

/** One help topic: FAQ, user guide, terms, privacy or contact. */
export async function HelpTopicPage({ topic }: { topic: HelpTopic }) {
  const t = await getTranslations();
  return (
    <HelpFrame title={t(key(`footer.${topic}`))} back={<Link href={helpPath()}>{t('help.allTopics')}</Link>}>
      {topic === 'faq' ? <Faq t={t} /> : topic === 'guide' ? <Guide t={t} /> : <Sections t={t} topic={topic} />}
    </HelpFrame>
  );
}

function Faq({ t }: { t: Translate }) {
  return FAQ_ITEMS.map((item) => (
    <section key={item} style={sectionStyle}>
      <h2 style={headingStyle}>{t(key(`help.faq.${item}.q`))}</h2>
      <p style={textStyle}>{t(key(`help.faq.${item}.a`))}</p>
    </section>
  ));
}

/** The user guide names every screen with its menu label, so the guide and the menu say the same. */
function Guide({ t }: { t: Translate }) {
  return (
    <>
      <p style={textStyle}>{t('help.guide.intro')}</p>
      <section style={sectionStyle}>
        <h2 style={headingStyle}>{t('help.guide.frameTitle')}</h2>
        <p style={textStyle}>{t('help.guide.frame')}</p>
      </section>
      <section style={sectionStyle}>
        <h2 style={headingStyle}>{t('help.guide.screensTitle')}</h2>
        {MENU_ROUTES.map((route) => (
          <div key={route.code}>
            <h3 style={subheadingStyle}>{route.group ? `${t(key(`menu.${route.group}`))} › ${t(key(`menu.${route.code}`))}` : t(key(`menu.${route.code}`))}</h3>
            <p style={textStyle}>{t(key(`help.guide.screens.${route.code}`))}</p>
          </div>
        ))}
      </section>
      <section style={sectionStyle}>
        <h2 style={headingStyle}>{t('help.guide.rolesTitle')}</h2>
        <p style={textStyle}>{t('help.guide.rolesIntro')}</p>
        <ul style={{ paddingInlineStart: 20, lineHeight: 1.7 }}>
          {GUIDE_ROLES.map((role) => (
            <li key={role}>{t(key(`help.guide.roles.${role}`))}</li>
          ))}
        </ul>
      </section>
    </>
  );
}

function Sections({ t, topic }: { t: Translate; topic: keyof typeof HELP_SECTIONS }) {
  return HELP_SECTIONS[topic].map((section) => (
    <section key={section} style={sectionStyle}>
      <h2 style={headingStyle}>{t(key(`help.${topic}.${section}.title`))}</h2>
      <p style={textStyle}>{t(key(`help.${topic}.${section}.body`))}</p>
    </section>
  ));
}
