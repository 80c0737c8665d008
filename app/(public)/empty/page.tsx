import { Empty } from 'antd';
import { getTranslations } from 'next-intl/server';

export default async function EmptyPage() {
  const t = await getTranslations('empty');
  return <Empty description={t('description')} />;
}
