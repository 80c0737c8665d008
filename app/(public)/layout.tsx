import type { ReactNode } from 'react';
import { AntdRoot } from '@/components/providers/AntdRoot';
import { PublicFrame } from '@/components/public/PublicFrame';

/** Public pages whose content uses antd (reset and first-login forms, help, the error pages' routes). */
export default function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <PublicFrame>
      <AntdRoot>{children}</AntdRoot>
    </PublicFrame>
  );
}
