import type { ReactNode } from 'react';
import { PublicFrame } from '@/components/public/PublicFrame';
import { shellLinks } from '@/lib/shell/links';

export default function PublicLayout({ children }: { children: ReactNode }) {
  return <PublicFrame links={shellLinks()}>{children}</PublicFrame>;
}
