import 'server-only';
import { getTranslations } from 'next-intl/server';
import { PanelError } from '@/components/dashboard/PanelError';
import { callUpstream } from '@/lib/gateway/client';
import { errorMessageKey } from '@/lib/gateway/message-key';
import type { SessionData } from '@/lib/session/session';
import { SectionHeading } from '@/components/ui/SectionHeading';
import { AssetFigures, AssetPie } from './AssetFigures';
import { ASSET_CALLS } from '@/lib/assets/calls';

/** The figures' and the pie's calls, started by the page before the list's own call so they run side by side. */
export const requestOverview = (session: SessionData) => ({ panel: callUpstream(ASSET_CALLS.assetPanel, {}, session), pie: callUpstream(ASSET_CALLS.assetPie, {}, session) });

/**
 * Total assets above its movement history: the panel's figures and the pie of the asset types; a
 * failed call shows its message with a retry instead of them, and the history still shows.
 */
export async function AssetOverview({ requests }: { requests: ReturnType<typeof requestOverview> }) {
  const [panel, pie, t] = await Promise.all([requests.panel, requests.pie, getTranslations()]);
  const failed = !panel.ok ? panel.error : !pie.ok ? pie.error : null;
  return (
    <>
      {failed ? (
        <div style={{ marginBottom: 16 }}>
          <PanelError message={t(errorMessageKey(failed) as never, (failed.params ?? {}) as never)} />
        </div>
      ) : (
        panel.ok && pie.ok && (
          <>
            <AssetFigures figures={panel.data} />
            <AssetPie items={pie.data} />
          </>
        )
      )}
      <SectionHeading title={t('assets.history.title')} />
    </>
  );
}
