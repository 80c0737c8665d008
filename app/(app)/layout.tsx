import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { PublicFrame } from '@/components/public/PublicFrame';
import { currentSession } from '@/lib/session/server';

/** Signed-in pages: the session is checked here again (the proxy is not the security boundary). */
export default async function SignedInLayout({ children }: { children: ReactNode }) {
  if (!(await currentSession())) redirect('/login');
  return <PublicFrame>{children}</PublicFrame>;
}
