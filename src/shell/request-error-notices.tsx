import { App as AntApp } from 'antd';
import { useEffect } from 'react';
import { t } from './i18n/i18n';
import { describeError } from './request/error-message';
import { onRequestError } from './request/request';

/** Shows what a failed call means to a person (spec 000 §8): warnings 温馨提示, errors 错误提示. */
export function RequestErrorNotices() {
  const { notification } = AntApp.useApp();
  useEffect(() => onRequestError((error) => {
    const notice = describeError(error);
    if (notice.level === 'none') return;
    const description = 'key' in notice.text ? t(notice.text.key) : notice.text.raw;
    notification[notice.level === 'warning' ? 'warning' : 'error']({ message: t(notice.titleKey), description, duration: notice.duration ?? 4.5 });
  }), [notification]);
  return null;
}
