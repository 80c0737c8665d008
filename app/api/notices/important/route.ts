import { type NextRequest } from 'next/server';
import { z } from 'zod';
import { callUpstream } from '@/lib/gateway/client';
import { isFormPost, readForm, readJson } from '@/lib/http/body';
import { menuSession } from '@/lib/http/menu-route';
import { redirectTo } from '@/lib/http/redirect';
import { success, upstreamError } from '@/lib/http/respond';
import { logged } from '@/lib/log/request';
import { NOTICE_CALLS } from '@/lib/notices/calls';
import { NOTICE_ANSWERS } from '@/lib/notices/codes';
import { answerLater } from '@/lib/notices/important';

const schema = z.object({
  answer: z.enum(NOTICE_ANSWERS),
  // Not `id`: a form's field of that name hides the form's own id property from scripts.
  notice: z.coerce.number().int().positive(),
  // Where a form post goes back to: a path of this portal only.
  back: z.string().max(2048).regex(/^\/(?![/\\])[^\s\\]*$/).optional(),
});

/**
 * The important-notice dialog's two answers: "Later" (not again in this sign-in,
 * lib/notices/important.ts) and "Acknowledge" (never again: the services keep it). JSON from the
 * dialog's script; without JavaScript its buttons post the form, and the answer is the page again
 * (303), without the dialog once it is answered.
 */
async function handle(request: NextRequest) {
  const { session, refused } = await menuSession(request, 'notifications');
  if (refused) return refused;
  const form = isFormPost(request);
  const parsed = form ? await readForm(request, schema) : await readJson(request, schema);
  if (parsed.refused) return parsed.refused;
  const { answer, notice, back } = parsed.data;
  if (answer === 'later') {
    await answerLater(session);
  } else {
    const done = await callUpstream(NOTICE_CALLS.noticeAcknowledge, { id: notice }, session);
    // A form's page comes back with the dialog still open: the notice was not acknowledged.
    if (!done.ok && !form) return upstreamError(request, done.error);
  }
  return form ? redirectTo(back ?? '/', 303) : success({});
}

export const POST = logged('/api/notices/important', handle);
