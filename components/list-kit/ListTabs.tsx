'use client';

import { Tabs } from 'antd';
import { usePathname, useRouter } from 'next/navigation';

/**
 * Several lists on one page, one shown at a time: each tab is a URL parameter value (`param`), so a
 * tab can be bookmarked and the shown list's own URL values never meet another list's.
 */
export function ListTabs({ param, active, tabs }: { param: string; active: string; tabs: { key: string; label: string }[] }) {
  const router = useRouter();
  const pathname = usePathname();
  return <Tabs activeKey={active} items={tabs} onChange={(key) => router.push(`${pathname}?${new URLSearchParams({ [param]: key })}`)} style={{ marginBottom: 8 }} />;
}
