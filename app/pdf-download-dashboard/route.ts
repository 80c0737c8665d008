import { Readable } from 'node:stream';
import { type NextRequest } from 'next/server';
import { dashboardPeriod } from '@/lib/dashboard/figures';
import { DASHBOARD_PANELS, requestDashboard } from '@/lib/dashboard/load';
import { dashboardPdf, type DashboardAnswers } from '@/lib/dashboard/pdf';
import { wallClock } from '@/lib/format/date';
import { crossSite, requestLanguage, sessionOf, translatorFor } from '@/lib/http/respond';
import { redirectTo } from '@/lib/http/redirect';
import { LANGUAGE_TAGS } from '@/lib/i18n/languages';
import { logged } from '@/lib/log/request';

/**
 * /pdf-download-dashboard (spec section 2, hidden): the signed-in user's dashboard as a PDF, made on
 * the server from the same calls as the page, so the file and the screen cannot disagree.
 */
async function handle(request: NextRequest) {
  // A download of a customer's figures: a link on another site must not fetch one.
  const refused = crossSite(request);
  // Opened as a page (a typed address, a bookmark, a link elsewhere): the dashboard, whose button makes the file, not an error in JSON.
  if (refused) return request.headers.get('sec-fetch-mode') === 'navigate' ? redirectTo('/dashboard/dashboard') : refused;
  const { session } = await sessionOf(request);
  if (!session) return redirectTo('/login');
  if (!session.menus.includes('dashboard')) return redirectTo('/401');

  const requests = requestDashboard(session, LANGUAGE_TAGS[requestLanguage(request)]);
  const answers = Object.fromEntries(await Promise.all(DASHBOARD_PANELS.map(async (panel) => [panel, await requests[panel]]))) as DashboardAnswers;
  // The user cancelled while the figures were being collected: nothing is drawn.
  if (request.signal.aborted) return new Response(null, { status: 499 });
  const clock = wallClock();
  const doc = dashboardPdf(answers, translatorFor(request), requestLanguage(request), { account: session.account, generated: clock.time, period: dashboardPeriod() });
  doc.end();
  const day = clock.time.slice(0, 10).replaceAll('-', '');
  return new Response(Readable.toWeb(doc) as ReadableStream, {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="dashboard_${day}.pdf"`,
      'cache-control': 'no-store',
    },
  });
}

export const GET = logged('/pdf-download-dashboard', handle);
