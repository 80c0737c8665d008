import type { ReactNode } from 'react';
import { PublicFrame } from '@/components/public/PublicFrame';

export default function SignInLayout({ children }: { children: ReactNode }) {
  return <PublicFrame>{children}</PublicFrame>;
}
