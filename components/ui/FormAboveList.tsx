import 'server-only';
import type { ReactNode } from 'react';
import { getLocale, getTranslations } from 'next-intl/server';
import { PanelError } from '@/components/dashboard/PanelError';
import { SectionHeading } from '@/components/ui/SectionHeading';
import type { GatewayResult } from '@/lib/gateway/client';
import { errorMessageKey } from '@/lib/gateway/message-key';

/**
 * A form whose choices come from one upstream call, above the heading of the list of what it made
 * (payment requests, applications). A failed call takes the form's place with its translated
 * message; the list below still loads.
 */
export async function FormAboveList<T>({ request, listTitle, form }: { request: Promise<GatewayResult<T>>; listTitle: string; form: (data: T, locale: string) => ReactNode }) {
  const [answer, locale, t] = await Promise.all([request, getLocale(), getTranslations()]);
  return (
    <>
      {answer.ok ? (
        form(answer.data, locale)
      ) : (
        <div style={{ marginBottom: 16 }}>
          <PanelError message={t(errorMessageKey(answer.error) as never, (answer.error.params ?? {}) as never)} />
        </div>
      )}
      <SectionHeading title={t(listTitle as never)} />
    </>
  );
}
